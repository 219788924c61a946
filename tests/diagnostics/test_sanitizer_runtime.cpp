// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Sanitizer bug classes 12 and 13: the deadlock watchdog (synccheck) and
// crashes or exceptions inside a block.
//
//  - A block that never reaches a SyncAll because it polls a GM flag nobody
//    sets: the watchdog stops the launch with a kDeadlock report listing every
//    block's state and location; the clean twin (the flag is set, a block
//    busy with API calls for longer than the limit) is silent.
//  - A block looping without any API call cannot be stopped: the watchdog
//    prints the report and ends the process (a death test).
//  - The always-on hang detection (a block returned before a SyncAll) still
//    reports at once with synccheck on.
//  - A signal in a block (SIGSEGV, SIGILL) prints one line naming the kernel,
//    the block and the last API call, and the process dies of the signal
//    (death tests; the child is the re-executed test binary).
//  - Exceptions thrown by several blocks: one report, and the process goes on
//    running launches correctly (with and without an error sink).
#include "kernel_operator.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using namespace AscendC;

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define AICORE_TEST_UNDER_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define AICORE_TEST_UNDER_SANITIZER 1
#endif
#endif

namespace {

using K = aicore::ErrorKind;
using Clock = std::chrono::steady_clock;

std::atomic<int> g_line{0};
#define MARK_NEXT_LINE() g_line.store(__LINE__ + 1, std::memory_order_relaxed)

std::string Basename(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// "test_sanitizer_runtime.cpp:<line>" as reports print it (with the full path
// before it).
std::string Here(int line) { return "test_sanitizer_runtime.cpp:" + std::to_string(line); }

double Seconds(Clock::time_point since) {
  return std::chrono::duration<double>(Clock::now() - since).count();
}

class SanitizerRuntime : public ::testing::Test {
 protected:
  void SetUp() override {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    saved_limit_ = aicore::GetWatchdogTimeout();
  }
  void TearDown() override {
    aicore::SetWatchdogTimeout(saved_limit_);
    aicore::SetNumThreads(0);
  }
  std::chrono::milliseconds saved_limit_{0};
};

// ---------------------------------------------------------------------------
// Class 12: deadlock watchdog.

constexpr uint32_t kBlocks = 4;
constexpr int64_t kPollBlock = 2;
std::atomic<int> g_sync_line{0};

// Block kPollBlock first keeps busy with API calls for busy_ms (progress),
// then polls flag[0] until it is 1, then joins the others in SyncAll.
void poll_then_sync(GM_ADDR flag, int32_t busy_ms) {
  GlobalTensor<int32_t> f;
  f.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(flag), 8);
  if (GetBlockIdx() == kPollBlock) {
    const auto until = Clock::now() + std::chrono::milliseconds(busy_ms);
    while (Clock::now() < until) {
      PipeBarrier<PIPE_V>();
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    MARK_NEXT_LINE();
    while (f.GetValue(0) != 1) {
    }
  }
  g_sync_line.store(__LINE__ + 1);
  SyncAll();
}

TEST_F(SanitizerRuntime, WatchdogReportsABlockPollingAFlagNobodySets) {
  aicore::SetWatchdogTimeout(std::chrono::milliseconds(200));
  std::vector<int32_t> flag(8, 0);
  aicore::ErrorRecorder rec(aicore::kSynccheck);
  const auto t0 = Clock::now();
  aicore::LaunchCooperative("poll_then_sync", poll_then_sync, kBlocks,
                            reinterpret_cast<GM_ADDR>(flag.data()), 0);
  const double took = Seconds(t0);
  ASSERT_EQ(rec.size(), 1u) << rec.str();
  const aicore::KernelError& e = rec.reports()[0];
  const std::string what = e.what();
  SCOPED_TRACE(what);
  EXPECT_EQ(e.kind(), K::kDeadlock);
  EXPECT_EQ(e.kernel(), "poll_then_sync");
  EXPECT_EQ(e.block(), kPollBlock);
  EXPECT_EQ(e.block_num(), static_cast<int32_t>(kBlocks));
  EXPECT_EQ(e.api(), "GlobalTensor::GetValue");
  EXPECT_EQ(Basename(e.file()), "test_sanitizer_runtime.cpp");
  EXPECT_EQ(e.line(), g_line.load());
  const std::string sync = "waiting in SyncAll at " + std::string(__FILE__) + ":" +
                           std::to_string(g_sync_line.load()) + " for the vector blocks (4 blocks take part)";
  for (const std::string& f :
       {std::string("aicore: deadlock error in GlobalTensor::GetValue at "),
        std::string("(kernel poll_then_sync, block 2 of 4)"),
        std::string("no block of the launch made progress for "),
        std::string("AICORE_WATCHDOG_SECONDS"), std::string("the NPU would hang here"),
        "Blocks: blocks 0-1: " + sync,
        "block 2: running, last API GlobalTensor::GetValue at " + std::string(__FILE__) + ":" +
            std::to_string(g_line.load()),
        "block 3: " + sync}) {
    EXPECT_NE(what.find(f), std::string::npos) << "missing: " << f;
  }
  // Reported after the limit, well before the next second.
  EXPECT_GE(took, 0.2);
  EXPECT_LT(took, 5.0);
}

TEST_F(SanitizerRuntime, WatchdogReportThrowsWithoutASink) {
  aicore::SetWatchdogTimeout(std::chrono::milliseconds(200));
  std::vector<int32_t> flag(8, 0);
  aicore::SetSanitize(aicore::kSynccheck);
  ::testing::internal::CaptureStderr();
  try {
    aicore::LaunchCooperative("poll_then_sync", poll_then_sync, kBlocks,
                              reinterpret_cast<GM_ADDR>(flag.data()), 0);
    ADD_FAILURE() << "the deadlock was not reported";
  } catch (const aicore::KernelError& e) {
    EXPECT_EQ(e.kind(), K::kDeadlock) << e.what();
    EXPECT_EQ(e.block(), kPollBlock) << e.what();
  }
  aicore::SetSanitize(0u);
  // With a deep mode on, the report is printed as well as thrown.
  EXPECT_NE(::testing::internal::GetCapturedStderr().find("aicore: deadlock error"), std::string::npos);
}

TEST_F(SanitizerRuntime, WatchdogCleanTwinIsSilent) {
  aicore::SetWatchdogTimeout(std::chrono::milliseconds(200));
  std::vector<int32_t> flag(8, 1);  // set: the poll ends at once
  aicore::ErrorRecorder rec(aicore::kSynccheck);
  const auto t0 = Clock::now();
  // The polling block first runs 3x the limit (making API calls) while the
  // others wait in SyncAll: slow is not stuck.
  aicore::LaunchCooperative("poll_then_sync", poll_then_sync, kBlocks,
                            reinterpret_cast<GM_ADDR>(flag.data()), 600);
  EXPECT_GE(Seconds(t0), 0.6);
  EXPECT_EQ(rec.size(), 0u) << rec.str();
}

// Every block polls flag[0]; on 2 threads only two blocks ever start.
void all_poll(GM_ADDR flag) {
  GlobalTensor<int32_t> f;
  f.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(flag), 8);
  MARK_NEXT_LINE();
  while (f.GetValue(0) != 1) {
  }
}

TEST_F(SanitizerRuntime, WatchdogListsBlocksNotStarted) {
  aicore::SetWatchdogTimeout(std::chrono::milliseconds(200));
  aicore::SetNumThreads(2);
  std::vector<int32_t> flag(8, 0);
  {
    aicore::ErrorRecorder rec(aicore::kSynccheck);
    aicore::LaunchNamed("all_poll", all_poll, 6, reinterpret_cast<GM_ADDR>(flag.data()));
    ASSERT_EQ(rec.size(), 1u) << rec.str();
    const aicore::KernelError& e = rec.reports()[0];
    const std::string what = e.what();
    EXPECT_EQ(e.kind(), K::kDeadlock) << what;
    EXPECT_EQ(e.line(), g_line.load()) << what;
    const std::string running = "running, last API GlobalTensor::GetValue at " +
                                std::string(__FILE__) + ":" + std::to_string(g_line.load());
    // Both threads run a block (the second thread could, on a loaded machine,
    // start later than the limit: then only block 0 runs).
    EXPECT_TRUE(what.find("Blocks: blocks 0-1: " + running + "; blocks 2-5: not started") !=
                    std::string::npos ||
                what.find("Blocks: block 0: " + running + "; blocks 1-5: not started") !=
                    std::string::npos)
        << what;
    EXPECT_THAT(e.block(), ::testing::AnyOf(0, 1));
  }
  // The same launch, clean: the flag is set.
  flag[0] = 1;
  aicore::ErrorRecorder rec(aicore::kSynccheck);
  aicore::LaunchNamed("all_poll", all_poll, 6, reinterpret_cast<GM_ADDR>(flag.data()));
  EXPECT_EQ(rec.size(), 0u) << rec.str();
}

// Mixed launch (1 cube block, 2 vector blocks): vector block 1 polls, the
// others wait in SyncAll<false>.
void mix_poll(GM_ADDR flag) {
  GlobalTensor<int32_t> f;
  f.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(flag), 8);
  if (g_coreType == AIV && GetBlockIdx() == 1) {
    MARK_NEXT_LINE();
    while (f.GetValue(0) != 1) {
    }
  }
  SyncAll<false>();
}

TEST_F(SanitizerRuntime, WatchdogNamesCoreTypesInMixedLaunches) {
  aicore::SetWatchdogTimeout(std::chrono::milliseconds(200));
  std::vector<int32_t> flag(8, 0);
  aicore::detail::LaunchConfig cfg;
  cfg.geom = aicore::detail::Geometry::kMix;
  cfg.cooperative = true;
  aicore::ErrorRecorder rec(aicore::kSynccheck);
  aicore::detail::LaunchWith(cfg, aicore::SrcLoc{"", 0}, "mix_poll", mix_poll, 1,
                             reinterpret_cast<GM_ADDR>(flag.data()));
  ASSERT_EQ(rec.size(), 1u) << rec.str();
  const aicore::KernelError& e = rec.reports()[0];
  const std::string what = e.what();
  EXPECT_EQ(e.kind(), K::kDeadlock) << what;
  EXPECT_EQ(e.kernel(), "mix_poll [AIV]") << what;
  EXPECT_EQ(e.block(), 1) << what;
  EXPECT_EQ(e.block_num(), 2) << what;
  EXPECT_NE(what.find("block 0 [AIC]: waiting in SyncAll at "), std::string::npos) << what;
  EXPECT_NE(what.find("block 0 [AIV]: waiting in SyncAll at "), std::string::npos) << what;
  EXPECT_NE(what.find("block 1 [AIV]: running, last API GlobalTensor::GetValue at " +
                      std::string(__FILE__) + ":" + std::to_string(g_line.load())),
            std::string::npos)
      << what;
}

std::atomic<int> g_forever{0};

// Block 1 loops without any API call: nothing can stop it. (The PipeBarrier
// must stay on this line + 3.)
constexpr int kSpinBarrierLine = __LINE__ + 3;

void spins_without_api(int32_t buggy) {
  PipeBarrier<PIPE_V>();
  if (buggy != 0 && GetBlockIdx() == 1) {
    while (g_forever.load(std::memory_order_relaxed) == 0) {
    }
  }
}

TEST_F(SanitizerRuntime, WatchdogEndsTheProcessWhenABlockCannotBeStopped) {
  EXPECT_EXIT(
      {
        aicore::SetWatchdogTimeout(std::chrono::milliseconds(200));
        aicore::SetSanitize(aicore::kSynccheck);
        aicore::LaunchNamed("spins_without_api", spins_without_api, 2, 1);
        std::exit(0);  // not reached
      },
      ::testing::ExitedWithCode(1),
      "deadlock error in PipeBarrier at .*" + Here(kSpinBarrierLine) +
          " \\(kernel spins_without_api, block 1 of 2\\).*block 0: returned; block 1: running, "
          "last API PipeBarrier.*\naicore: watchdog: a block of kernel spins_without_api was "
          "still running 2000 ms after this report .* ending the process");
  // The clean twin finishes (in this process).
  aicore::SetWatchdogTimeout(std::chrono::milliseconds(200));
  aicore::ErrorRecorder rec(aicore::kSynccheck);
  aicore::LaunchNamed("spins_without_api", spins_without_api, 2, 0);
  EXPECT_EQ(rec.size(), 0u) << rec.str();
}

// A block computing longer than the limit without API calls is reported:
// the documented false positive, and the way to avoid it (limit 0 = off).
void sleeps(int32_t ms) {
  PipeBarrier<PIPE_V>();
  if (GetBlockIdx() == 0) std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

TEST_F(SanitizerRuntime, WatchdogLimitAppliesToSilentComputationAndCanBeSwitchedOff) {
  aicore::SetWatchdogTimeout(std::chrono::milliseconds(100));
  {
    aicore::ErrorRecorder rec(aicore::kSynccheck);
    aicore::LaunchNamed("sleeps", sleeps, 2, 500);
    ASSERT_EQ(rec.size(), 1u) << rec.str();
    EXPECT_EQ(rec.reports()[0].kind(), K::kDeadlock);
  }
  aicore::SetWatchdogTimeout(std::chrono::milliseconds(0));
  EXPECT_EQ(aicore::GetWatchdogTimeout().count(), 0);
  aicore::ErrorRecorder rec(aicore::kSynccheck);
  aicore::LaunchNamed("sleeps", sleeps, 2, 300);
  EXPECT_EQ(rec.size(), 0u) << rec.str();
}

// The always-on hang detection still answers at once with synccheck on
// (a kSync report, not a watchdog kDeadlock after the limit).
void returns_before_sync() {
  SyncAll();
  if (GetBlockIdx() == 1) return;
  MARK_NEXT_LINE();
  SyncAll();
}

TEST_F(SanitizerRuntime, BlockReturningBeforeSyncAllIsReportedAtOnce) {
  aicore::SetWatchdogTimeout(std::chrono::seconds(30));
  aicore::ErrorRecorder rec(aicore::kSynccheck);
  const auto t0 = Clock::now();
  aicore::LaunchCooperative("returns_before_sync", returns_before_sync, kBlocks);
  EXPECT_LT(Seconds(t0), 10.0);
  ASSERT_EQ(rec.size(), 1u) << rec.str();
  const aicore::KernelError& e = rec.reports()[0];
  const std::string what = e.what();
  EXPECT_EQ(e.kind(), K::kSync) << what;
  EXPECT_EQ(e.api(), "SyncAll") << what;
  EXPECT_EQ(e.line(), g_line.load()) << what;
  EXPECT_NE(what.find("3 of 4 blocks wait and the other 1 have returned"), std::string::npos) << what;
  // Every waiting block is listed with its location.
  for (int b : {0, 2, 3}) {
    EXPECT_NE(what.find("block " + std::to_string(b) + " waits in SyncAll at " +
                        std::string(__FILE__) + ":" + std::to_string(g_line.load())),
              std::string::npos)
        << what;
  }
}

// A WaitFlag with no SetFlag (always on) keeps its kSync report with
// synccheck on.
void waits_unset_flag() {
  MARK_NEXT_LINE();
  WaitFlag<HardEvent::V_MTE3>(1);
}

TEST_F(SanitizerRuntime, WaitFlagWithoutSetFlagUnderSynccheck) {
  aicore::ErrorRecorder rec(aicore::kSynccheck);
  aicore::LaunchNamed("waits_unset_flag", waits_unset_flag, 2);
  ASSERT_GE(rec.size(), 1u);
  EXPECT_EQ(rec.reports()[0].kind(), K::kSync) << rec.str();
  EXPECT_EQ(rec.reports()[0].api(), "WaitFlag") << rec.str();
  EXPECT_EQ(rec.reports()[0].line(), g_line.load()) << rec.str();
}

// ---------------------------------------------------------------------------
// Class 13: crashes.

// Predicate of a death by `sig`. Under ASan/TSan the sanitizer's own
// handler (which aicore's hands on to) may end the process with an exit code
// instead.
struct DiesOf {
  int sig;
  bool operator()(int status) const {
    if (WIFSIGNALED(status) && WTERMSIG(status) == sig) return true;
#ifdef AICORE_TEST_UNDER_SANITIZER
    if (WIFEXITED(status) && WEXITSTATUS(status) != 0) return true;
    if (WIFSIGNALED(status)) return true;
#endif
    return false;
  }
};

volatile uintptr_t g_bad_address = 8;  // volatile: the store below is not folded away

constexpr uint32_t kCrashLen = 64;
// The DataCopy in crash_in_block must stay on this line + 10.
constexpr int kCrashCopyLine = __LINE__ + 10;

void crash_in_block(GM_ADDR x, GM_ADDR y, int32_t how) {
  TPipe pipe;
  TBuf<> buf;
  pipe.InitBuffer(buf, kCrashLen * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x) + kCrashLen * GetBlockIdx(), kCrashLen);
  yGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y) + kCrashLen * GetBlockIdx(), kCrashLen);
  LocalTensor<float> t = buf.Get<float>();
  DataCopy(t, xGm, kCrashLen);
  if (GetBlockIdx() == 2) {
    if (how == 1) *reinterpret_cast<volatile int*>(g_bad_address) = 1;  // SIGSEGV
    if (how == 2) std::raise(SIGILL);
  }
  SetFlag<HardEvent::MTE2_MTE3>(0);
  WaitFlag<HardEvent::MTE2_MTE3>(0);
  DataCopy(yGm, t, kCrashLen);
}

// Runs crash_in_block with synccheck on (set here, or by AICORE_SANITIZE);
// returns whether y == x.
bool RunCrashKernel(int32_t how, bool set_modes = true) {
  std::vector<float> x(4 * kCrashLen), y(4 * kCrashLen, 0.0f);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i);
  if (set_modes) aicore::SetSanitize(aicore::kSynccheck);
  aicore::LaunchNamed("crash_in_block", crash_in_block, 4, reinterpret_cast<GM_ADDR>(x.data()),
                      reinterpret_cast<GM_ADDR>(y.data()), how);
  return x == y;
}

TEST_F(SanitizerRuntime, SegfaultInABlockIsReportedAndKillsTheProcess) {
  EXPECT_EXIT(RunCrashKernel(1), DiesOf{SIGSEGV},
              "aicore: crash \\(SIGSEGV, address 0x8\\) in kernel crash_in_block, block 2 of 4, "
              "last API DataCopy at .*" +
                  Here(kCrashCopyLine) + "; the process stops");
}

TEST_F(SanitizerRuntime, SignalSentInABlockIsReportedAndKillsTheProcess) {
  EXPECT_EXIT(RunCrashKernel(2), DiesOf{SIGILL},
              "aicore: crash \\(SIGILL\\) in kernel crash_in_block, block 2 of 4, last API "
              "DataCopy at .*" +
                  Here(kCrashCopyLine));
}

// The usual way: AICORE_SANITIZE in the environment (read by the child,
// a fresh process).
TEST_F(SanitizerRuntime, SegfaultReportedWithModesFromTheEnvironment) {
  setenv("AICORE_SANITIZE", "synccheck", 1);
  EXPECT_EXIT(RunCrashKernel(1, false), DiesOf{SIGSEGV},
              "aicore: crash \\(SIGSEGV, address 0x8\\) in kernel crash_in_block, block 2 of 4, "
              "last API DataCopy at .*" +
                  Here(kCrashCopyLine));
  unsetenv("AICORE_SANITIZE");
}

TEST_F(SanitizerRuntime, WatchdogLimitFromTheEnvironment) {
  setenv("AICORE_WATCHDOG_SECONDS", "0.15", 1);
  EXPECT_EXIT(std::exit(aicore::GetWatchdogTimeout().count() == 150 ? 0 : 3),
              ::testing::ExitedWithCode(0), "^$");
  setenv("AICORE_WATCHDOG_SECONDS", "soon", 1);
  EXPECT_EXIT(std::exit(aicore::GetWatchdogTimeout().count() == 10000 ? 0 : 3),
              ::testing::ExitedWithCode(0), "AICORE_WATCHDOG_SECONDS=soon is not a number");
  unsetenv("AICORE_WATCHDOG_SECONDS");
}

TEST_F(SanitizerRuntime, CrashKernelCleanTwinExitsZero) {
  EXPECT_EXIT(std::exit(RunCrashKernel(0) ? 0 : 3), ::testing::ExitedWithCode(0), "^$");
}

TEST_F(SanitizerRuntime, CrashOutsideABlockIsNotReportedAsAKernelCrash) {
  EXPECT_EXIT(
      {
        RunCrashKernel(0);  // installs the handlers
        *reinterpret_cast<volatile int*>(g_bad_address) = 1;
      },
      DiesOf{SIGSEGV}, ::testing::Not(::testing::HasSubstr("aicore: crash")));
}

// ---------------------------------------------------------------------------
// Class 13: exceptions.

// Blocks 1, 3 and 5 throw after a PipeBarrier (the report names that call
// when a deep mode is on); the others write y[b] = b + seed.
std::atomic<int> g_barrier_line{0};  // written by every block (same value)
void throws_in_some_blocks(GM_ADDR y, int32_t seed, int32_t buggy) {
  const int64_t b = GetBlockIdx();
  GlobalTensor<int32_t> g;
  g.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(y), 8);
  g_barrier_line.store(__LINE__ + 1, std::memory_order_relaxed);
  PipeBarrier<PIPE_ALL>();
  if (buggy != 0 && (b == 1 || b == 3 || b == 5)) {
    throw std::runtime_error("failure in block " + std::to_string(b));
  }
  g.SetValue(static_cast<uint64_t>(b), static_cast<int32_t>(b) + seed);
}

void CheckThrowReport(const aicore::KernelError& e) {
  const std::string what = e.what();
  EXPECT_EQ(e.kind(), K::kException) << what;
  EXPECT_EQ(e.kernel(), "throws_in_some_blocks") << what;
  EXPECT_THAT(e.block(), ::testing::AnyOf(1, 3, 5)) << what;
  EXPECT_EQ(e.block_num(), 8) << what;
  EXPECT_NE(what.find("(kernel throws_in_some_blocks, block " + std::to_string(e.block()) + " of 8)"),
            std::string::npos)
      << what;
  EXPECT_NE(what.find("uncaught exception std::runtime_error: failure in block " +
                      std::to_string(e.block())),
            std::string::npos)
      << what;
  if (aicore::GetSanitize() != 0) {
    EXPECT_EQ(Basename(e.file()), "test_sanitizer_runtime.cpp") << what;
    EXPECT_EQ(e.line(), g_barrier_line.load()) << what;
    EXPECT_NE(what.find("thrown after the block's last API call, PipeBarrier"), std::string::npos)
        << what;
  } else {
    EXPECT_NE(what.find("run with AICORE_SANITIZE set to any mode"), std::string::npos) << what;
  }
}

// GM output of throws_in_some_blocks (a GmAlloc block, as memcheck wants).
struct Out8 {
  int32_t* y = static_cast<int32_t*>(aicore::GmAlloc(8 * sizeof(int32_t)));
  ~Out8() { aicore::GmFree(y); }
  GM_ADDR gm() const { return reinterpret_cast<GM_ADDR>(y); }
};

// A clean launch after the failures computes everything.
void ExpectCleanLaunch(int32_t seed) {
  Out8 out;
  aicore::LaunchNamed("throws_in_some_blocks", throws_in_some_blocks, 8, out.gm(), seed, 0);
  for (int b = 0; b < 8; ++b) EXPECT_EQ(out.y[b], b + seed) << b;
}

TEST_F(SanitizerRuntime, ExceptionsInSeveralBlocksAreReportedOnceAndTheProcessGoesOn) {
  for (uint32_t modes : {0u, static_cast<uint32_t>(aicore::kSynccheck),
                         static_cast<uint32_t>(aicore::kSanitizeAll)}) {
    SCOPED_TRACE("modes " + std::to_string(modes));
    aicore::SetSanitize(modes);
    ::testing::internal::CaptureStderr();
    for (int round = 0; round < 3; ++round) {
      const uint64_t before = aicore::SanitizerErrorCount();
      Out8 out;
      int caught = 0;
      try {
        aicore::LaunchNamed("throws_in_some_blocks", throws_in_some_blocks, 8, out.gm(), round, 1);
      } catch (const aicore::KernelError& e) {
        ++caught;
        CheckThrowReport(e);
      }
      EXPECT_EQ(caught, 1);
      EXPECT_EQ(aicore::SanitizerErrorCount() - before, 1u);
      ExpectCleanLaunch(100 + round);
    }
    aicore::SetSanitize(0u);
    ::testing::internal::GetCapturedStderr();
  }
}

TEST_F(SanitizerRuntime, ExceptionsWithAnErrorSinkGiveOneReportPerLaunch) {
  for (uint32_t modes : {0u, static_cast<uint32_t>(aicore::kSynccheck)}) {
    SCOPED_TRACE("modes " + std::to_string(modes));
    for (int round = 0; round < 3; ++round) {
      {
        aicore::ErrorRecorder rec(modes);
        Out8 out;
        // With a sink the launch returns normally.
        aicore::LaunchNamed("throws_in_some_blocks", throws_in_some_blocks, 8, out.gm(), round, 1);
        ASSERT_EQ(rec.size(), 1u) << rec.str();
        CheckThrowReport(rec.reports()[0]);
        ExpectCleanLaunch(200 + round);
        EXPECT_EQ(rec.size(), 1u) << rec.str();
      }
    }
  }
}

}  // namespace
