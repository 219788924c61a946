// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Stress test of the launch runtime and its error paths: a million launches
// (fewer under ASan/TSan and in unoptimised builds) of a small kernel with a
// random blockDim in [1, 64], errors injected into random blocks of random
// launches (a DataCopy whose length is not a multiple of 32 bytes, and a
// thrown exception), from one host thread and from four at once, through
// aicore::Launch and (now and then) aicore::LaunchCooperative.
//
// Checked for every launch: a launch with injected errors reports exactly one
// error, naming the kernel and a block that had an error injected, with the
// kind of that block's error; a launch without reports nothing and computes
// every block's result. Errors are seen by try/catch in some phases and by an
// error sink (aicore::ErrorRecorder, or a sink attributing reports to host
// threads by kernel name) in others; the total matches
// aicore::SanitizerErrorCount(). One phase runs with synccheck on (the
// deadlock watchdog watches every launch). No deadlock: a guard thread fails
// the test if a phase does not finish in time. No leak: the ASan build checks.
#include <aicore/aicore.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "diagnostics/test_support.h"

using namespace AscendC;

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define AICORE_STRESS_SMALL 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define AICORE_STRESS_SMALL 1
#endif
#endif
#if !defined(AICORE_STRESS_SMALL) && !defined(NDEBUG)
#define AICORE_STRESS_SMALL 1
#endif

namespace {

using aicore_test::HangGuard;

// Launches of all phases together.
#ifdef AICORE_STRESS_SMALL
constexpr uint64_t kTotalLaunches = 20000;
#else
constexpr uint64_t kTotalLaunches = 1000000;
#endif
constexpr uint32_t kMaxBlocks = 64;
constexpr uint32_t kHostThreads = 4;
constexpr uint32_t kWords = 8;  // int32 per block in x and y (32 bytes)

using K = aicore::ErrorKind;

enum Inject : uint8_t { kNone = 0, kBadCopy = 1, kThrow = 2 };

// One launch: blockDim, what each block injects, and a seed in the result.
struct Plan {
  uint32_t blocks = 1;
  uint8_t inject[kMaxBlocks] = {};
  bool injected = false;
  bool vector = false;       // run the queue/DataCopy path instead of scalars
  bool cooperative = false;  // LaunchCooperative
  int32_t seed = 0;
};

// Random plans: about one launch in eight has errors, in 1 to 3 blocks.
class Planner {
 public:
  explicit Planner(uint32_t seed) : rng_(seed) {}
  Plan Next() {
    Plan p;
    p.blocks = 1 + static_cast<uint32_t>(rng_() % kMaxBlocks);
    p.seed = static_cast<int32_t>(rng_() & 0xffff);
    p.vector = rng_() % 16 == 0;
    p.cooperative = rng_() % 64 == 0;
    if (rng_() % 8 == 0) {
      p.injected = true;
      const uint32_t n = 1 + static_cast<uint32_t>(rng_() % 3);
      for (uint32_t i = 0; i < n; ++i) {
        p.inject[rng_() % p.blocks] = rng_() % 2 == 0 ? kBadCopy : kThrow;
      }
    }
    return p;
  }

 private:
  std::mt19937 rng_;
};

// Each block b: y[b] = 3 * x[b] + seed (every word), unless it injects an
// error.
void stress_kernel(GM_ADDR x, GM_ADDR y, GM_ADDR plan, int32_t seed, int32_t vector) {
  const int64_t b = GetBlockIdx();
  GlobalTensor<int32_t> xg, yg;
  xg.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(x) + kWords * b, kWords);
  yg.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(y) + kWords * b, kWords);
  const uint8_t inject = reinterpret_cast<const Plan*>(plan)->inject[b];
  if (inject == kBadCopy) {
    TPipe pipe;
    TBuf<> buf;
    pipe.InitBuffer(buf, kWords * sizeof(int32_t));
    DataCopy(buf.Get<int32_t>(), xg, 3);  // 12 bytes: not a multiple of 32
  } else if (inject == kThrow) {
    throw std::runtime_error("injected in block " + std::to_string(b));
  }
  if (vector == 0) {
    for (uint32_t i = 0; i < kWords; ++i) yg.SetValue(i, 3 * xg.GetValue(i) + seed);
    return;
  }
  TPipe pipe;
  TQue<TPosition::VECIN, 1> qin;
  TQue<TPosition::VECOUT, 1> qout;
  pipe.InitBuffer(qin, 1, kWords * sizeof(int32_t));
  pipe.InitBuffer(qout, 1, kWords * sizeof(int32_t));
  LocalTensor<int32_t> a = qin.AllocTensor<int32_t>();
  DataCopy(a, xg, kWords);
  qin.EnQue(a);
  LocalTensor<int32_t> in = qin.DeQue<int32_t>();
  LocalTensor<int32_t> out = qout.AllocTensor<int32_t>();
  Muls(out, in, 3, kWords);
  Adds(out, out, seed, kWords);
  qout.EnQue(out);
  qin.FreeTensor(in);
  LocalTensor<int32_t> r = qout.DeQue<int32_t>();
  DataCopy(yg, r, kWords);
  qout.FreeTensor(r);
}

// Kernel names: one per host thread (reports are attributed by name).
const char* const kNames[kHostThreads] = {"stress_t0", "stress_t1", "stress_t2", "stress_t3"};

// The GM of one host thread.
struct Buffers {
  std::vector<int32_t> x = std::vector<int32_t>(kMaxBlocks * kWords);
  std::vector<int32_t> y = std::vector<int32_t>(kMaxBlocks * kWords);
  explicit Buffers(uint32_t salt) {
    for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<int32_t>(i * 7 + salt);
  }
  // Runs plan p; a sink may take the error, else it is thrown.
  void Run(const char* name, const Plan& p) {
    auto* gx = reinterpret_cast<GM_ADDR>(x.data());
    auto* gy = reinterpret_cast<GM_ADDR>(y.data());
    auto* gp = reinterpret_cast<GM_ADDR>(const_cast<Plan*>(&p));
    if (p.cooperative) {
      aicore::LaunchCooperative(name, stress_kernel, p.blocks, gx, gy, gp, p.seed, p.vector ? 1 : 0);
    } else {
      aicore::LaunchNamed(name, stress_kernel, p.blocks, gx, gy, gp, p.seed, p.vector ? 1 : 0);
    }
  }
  // Whether every block of a clean launch computed its words.
  bool Correct(const Plan& p) const {
    for (uint32_t i = 0; i < p.blocks * kWords; ++i) {
      if (y[i] != 3 * x[i] + p.seed) return false;
    }
    return true;
  }
};

// Failures are collected as strings (gtest assertions are not made from
// kernel threads) and capped.
class Failures {
 public:
  void Add(const std::string& s) {
    std::lock_guard<std::mutex> lock(mu_);
    ++count_;
    if (list_.size() < 20) list_.push_back(s);
  }
  uint64_t count() const {
    std::lock_guard<std::mutex> lock(mu_);
    return count_;
  }
  std::string str() const {
    std::lock_guard<std::mutex> lock(mu_);
    std::string s;
    for (const auto& l : list_) s += l + "\n";
    return s;
  }

 private:
  mutable std::mutex mu_;
  uint64_t count_ = 0;
  std::vector<std::string> list_;
};

// Checks one report against the plan of its launch.
void CheckReport(const aicore::KernelError& e, const char* name, const Plan& p, Failures& f) {
  const int32_t b = e.block();
  if (e.kernel() != name) return f.Add(std::string("wrong kernel: ") + e.what());
  if (b < 0 || static_cast<uint32_t>(b) >= p.blocks || p.inject[b] == kNone) {
    return f.Add(std::string("report names a block without an injected error: ") + e.what());
  }
  if (e.block_num() != static_cast<int32_t>(p.blocks)) return f.Add(std::string("block count: ") + e.what());
  if (p.inject[b] == kBadCopy && (e.kind() != K::kAlignment || e.api() != "DataCopy")) {
    return f.Add(std::string("expected the DataCopy alignment error: ") + e.what());
  }
  if (p.inject[b] == kThrow &&
      (e.kind() != K::kException ||
       e.detail().find("injected in block " + std::to_string(b)) == std::string::npos)) {
    return f.Add(std::string("expected the injected exception: ") + e.what());
  }
}

// Runs n launches of thread `t` with try/catch.
void RunCatching(uint32_t t, uint64_t n, uint32_t seed, Failures& f, std::atomic<uint64_t>& injected) {
  Planner planner(seed);
  Buffers buf(t);
  for (uint64_t i = 0; i < n; ++i) {
    const Plan p = planner.Next();
    int caught = 0;
    try {
      buf.Run(kNames[t], p);
    } catch (const aicore::KernelError& e) {
      ++caught;
      if (p.injected) CheckReport(e, kNames[t], p, f);
      else f.Add(std::string("error from a clean launch: ") + e.what());
    } catch (const std::exception& e) {
      f.Add(std::string("unexpected exception type: ") + e.what());
    }
    if (p.injected) {
      injected.fetch_add(1, std::memory_order_relaxed);
      if (caught != 1) f.Add("no error from a launch with injected errors");
    } else if (!buf.Correct(p)) {
      f.Add("wrong result of a clean launch of " + std::to_string(p.blocks) + " blocks");
    }
  }
}

// Per host thread: the plan of its running launch and the reports the sink
// attributed to it.
struct Slot {
  std::mutex mu;
  const Plan* plan = nullptr;
  uint64_t reports = 0;
};

// Runs n launches of thread `t` with the reports going to a sink that checks
// them against slots[t].
void RunSunk(uint32_t t, uint64_t n, uint32_t seed, Slot& slot, Failures& f,
             std::atomic<uint64_t>& injected) {
  Planner planner(seed);
  Buffers buf(t + 100);
  for (uint64_t i = 0; i < n; ++i) {
    const Plan p = planner.Next();
    {
      std::lock_guard<std::mutex> lock(slot.mu);
      slot.plan = &p;
      slot.reports = 0;
    }
    try {
      buf.Run(kNames[t], p);  // returns normally: the sink takes the report
    } catch (const std::exception& e) {
      f.Add(std::string("a launch threw although a sink is installed: ") + e.what());
    }
    uint64_t reports;
    {
      std::lock_guard<std::mutex> lock(slot.mu);
      reports = slot.reports;
      slot.plan = nullptr;
    }
    if (p.injected) {
      injected.fetch_add(1, std::memory_order_relaxed);
      if (reports != 1) f.Add(std::to_string(reports) + " reports from a launch with injected errors");
    } else {
      if (reports != 0) f.Add("a clean launch reported an error");
      if (!buf.Correct(p)) f.Add("wrong result of a clean launch of " + std::to_string(p.blocks) + " blocks");
    }
  }
}

constexpr std::chrono::seconds kPhaseLimit{300};

// Splits kTotalLaunches over the phases: each tenth of a share.
constexpr uint64_t kShare = kTotalLaunches / 10;

class Stress : public ::testing::Test {
 protected:
  void TearDown() override {
    aicore::SetErrorSink(nullptr);
    aicore::SetSanitize(0u);
  }
};

TEST_F(Stress, OneHostThreadTryCatch) {
  Failures f;
  std::atomic<uint64_t> injected{0};
  const uint64_t before = aicore::SanitizerErrorCount();
  {
    HangGuard guard("one host thread, try/catch", kPhaseLimit);
    RunCatching(0, 3 * kShare, 1234, f, injected);
  }
  EXPECT_EQ(f.count(), 0u) << f.str();
  EXPECT_GT(injected.load(), 0u);
  EXPECT_EQ(aicore::SanitizerErrorCount() - before, injected.load());
}

TEST_F(Stress, OneHostThreadErrorRecorder) {
  Failures f;
  uint64_t injected = 0;
  const uint64_t before = aicore::SanitizerErrorCount();
  {
    HangGuard guard("one host thread, ErrorRecorder", kPhaseLimit);
    aicore::ErrorRecorder rec;
    Planner planner(99);
    Buffers buf(7);
    for (uint64_t i = 0; i < 2 * kShare; ++i) {
      const Plan p = planner.Next();
      buf.Run(kNames[0], p);  // returns normally: the recorder takes the report
      if (p.injected) {
        ++injected;
        if (rec.size() != 1) {
          f.Add(std::to_string(rec.size()) + " reports from a launch with injected errors");
        } else {
          CheckReport(rec.reports()[0], kNames[0], p, f);
        }
      } else {
        if (rec.size() != 0) f.Add("a clean launch reported: " + rec.str());
        if (!buf.Correct(p)) f.Add("wrong result of a clean launch");
      }
      rec.clear();
    }
  }
  EXPECT_EQ(f.count(), 0u) << f.str();
  EXPECT_GT(injected, 0u);
  EXPECT_EQ(aicore::SanitizerErrorCount() - before, injected);
}

TEST_F(Stress, FourHostThreadsTryCatch) {
  Failures f;
  std::atomic<uint64_t> injected{0};
  const uint64_t before = aicore::SanitizerErrorCount();
  {
    HangGuard guard("four host threads, try/catch", kPhaseLimit);
    std::vector<std::thread> threads;
    for (uint32_t t = 0; t < kHostThreads; ++t) {
      threads.emplace_back([&, t] { RunCatching(t, 2 * kShare / kHostThreads, 500 + t, f, injected); });
    }
    for (auto& th : threads) th.join();
  }
  EXPECT_EQ(f.count(), 0u) << f.str();
  EXPECT_GT(injected.load(), 0u);
  EXPECT_EQ(aicore::SanitizerErrorCount() - before, injected.load());
}

// Four host threads with a sink attributing each report to the launch of
// its host thread (by kernel name); `modes` are the deep checks switched on.
void RunFourThreadsSunk(uint64_t launches, uint32_t modes, uint32_t seed) {
  Failures f;
  std::atomic<uint64_t> injected{0};
  Slot slots[kHostThreads];
  const uint64_t before = aicore::SanitizerErrorCount();
  {
    HangGuard guard("four host threads, error sink", kPhaseLimit);
    aicore::SetSanitize(modes);
    aicore::SetErrorSink([&](const aicore::KernelError& e) {
      for (uint32_t t = 0; t < kHostThreads; ++t) {
        if (e.kernel() != kNames[t]) continue;
        std::lock_guard<std::mutex> lock(slots[t].mu);
        ++slots[t].reports;
        if (slots[t].plan == nullptr) {
          f.Add(std::string("report outside a launch: ") + e.what());
        } else if (!slots[t].plan->injected) {
          f.Add(std::string("a clean launch reported: ") + e.what());
        } else {
          CheckReport(e, kNames[t], *slots[t].plan, f);
        }
        return;
      }
      f.Add(std::string("report of an unknown kernel: ") + e.what());
    });
    std::vector<std::thread> threads;
    for (uint32_t t = 0; t < kHostThreads; ++t) {
      threads.emplace_back(
          [&, t] { RunSunk(t, launches / kHostThreads, seed + t, slots[t], f, injected); });
    }
    for (auto& th : threads) th.join();
    aicore::SetErrorSink(nullptr);
    aicore::SetSanitize(0u);
  }
  EXPECT_EQ(f.count(), 0u) << f.str();
  EXPECT_GT(injected.load(), 0u);
  EXPECT_EQ(aicore::SanitizerErrorCount() - before, injected.load());
}

TEST_F(Stress, FourHostThreadsErrorSink) { RunFourThreadsSunk(2 * kShare, 0, 700); }

// The same with synccheck on: every launch is registered with the deadlock
// watchdog (and the crash handlers are installed); nothing is reported but
// the injected errors.
TEST_F(Stress, FourHostThreadsErrorSinkWithSynccheck) {
  RunFourThreadsSunk(kShare, aicore::kSynccheck, 900);
}

}  // namespace
