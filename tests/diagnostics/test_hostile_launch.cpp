// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Hostile input never crashes, hangs or corrupts (issue #17): error sinks
// that throw, report again, or launch; kernels that launch from a thread of
// their own and wait for it; kernels that catch their own KernelError; a bad
// AICORE_SOC; and reports that used to have no file:line. Each buggy case
// expects its exact report; each clean twin runs silently; after each, a
// correct launch (plain and cooperative with SyncAll) must still succeed.
// Run under core grids of 1, 2 and 5 threads, with every sanitizer mode off
// and on.
#include <aicore/aicore.h>
#include <aicore/runtime/tiling.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "diagnostics/test_support.h"

using namespace AscendC;

namespace {

using aicore_test::HangGuard;

constexpr uint32_t kLen = 64;  // floats per block
constexpr uint32_t kMaxBlocks = 16;
constexpr int32_t kBadBlock = 3;
constexpr uint32_t kBlocks = 8;

std::atomic<int> g_line{0};
#define MARK_NEXT_LINE() g_line.store(__LINE__ + 1, std::memory_order_relaxed)

using K = aicore::ErrorKind;

std::string Basename(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

struct Gm {
  std::vector<float> x = std::vector<float>((kMaxBlocks + 1) * kLen);
  std::vector<float> y = std::vector<float>((kMaxBlocks + 1) * kLen, -1.0f);
  Gm() {
    for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i % 97);
  }
  GM_ADDR X() { return reinterpret_cast<GM_ADDR>(x.data()); }
  GM_ADDR Y() { return reinterpret_cast<GM_ADDR>(y.data()); }
  void Reset() { std::fill(y.begin(), y.end(), -1.0f); }
  // Whether blocks [0, n) computed y = 2 x.
  bool Doubled(uint32_t n) const {
    for (uint32_t i = 0; i < n * kLen; ++i) {
      if (y[i] != 2.0f * x[i]) return false;
    }
    return true;
  }
};

// ---------------------------------------------------------------------------
// Kernels.

// y = 2 x over the block's slice, the canonical queue pipeline (clean under
// every sanitizer mode). `bad_block` copies in 10 floats (40 bytes, not a
// multiple of 32); `swallow` 1 catches the error as std::exception, 2 with
// catch (...), and returns.
void scale_kernel(GM_ADDR x, GM_ADDR y, int32_t bad_block, int32_t swallow) {
  TPipe pipe;
  TQue<TPosition::VECIN, 1> inQ;
  TQue<TPosition::VECOUT, 1> outQ;
  pipe.InitBuffer(inQ, 1, kLen * sizeof(float));
  pipe.InitBuffer(outQ, 1, kLen * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer(reinterpret_cast<float*>(x) + kLen * GetBlockIdx(), kLen);
  yGm.SetGlobalBuffer(reinterpret_cast<float*>(y) + kLen * GetBlockIdx(), kLen);
  LocalTensor<float> in = inQ.AllocTensor<float>();
  const uint32_t count = GetBlockIdx() == bad_block ? 10 : kLen;
  if (swallow == 1) {
    try {
      MARK_NEXT_LINE();
      DataCopy(in, xGm, count);
    } catch (const std::exception&) {
      return;  // "handled": the launch must fail all the same
    }
  } else if (swallow == 2) {
    try {
      MARK_NEXT_LINE();
      DataCopy(in, xGm, count);
    } catch (...) {
      return;
    }
  } else {
    MARK_NEXT_LINE();
    DataCopy(in, xGm, count);
  }
  inQ.EnQue(in);
  LocalTensor<float> a = inQ.DeQue<float>();
  LocalTensor<float> out = outQ.AllocTensor<float>();
  Muls(out, a, 2.0f, kLen);
  outQ.EnQue(out);
  inQ.FreeTensor(a);
  LocalTensor<float> b = outQ.DeQue<float>();
  DataCopy(yGm, b, kLen);
  outQ.FreeTensor(b);
}

// The bad block swallows its DataCopy error and returns; the others wait in
// SyncAll (they must be woken, not left hanging).
void swallow_then_others_sync(GM_ADDR x, int32_t bad_block) {
  if (GetBlockIdx() == bad_block) {
    TPipe pipe;
    TBuf<> buf;
    pipe.InitBuffer(buf, kLen * sizeof(float));
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer(reinterpret_cast<float*>(x), kLen);
    LocalTensor<float> t = buf.Get<float>();
    try {
      MARK_NEXT_LINE();
      DataCopy(t, xGm, 10);
    } catch (const aicore::KernelError&) {
    }
    return;
  }
  SyncAll();
}

void sync_all_kernel(GM_ADDR y) {
  reinterpret_cast<float*>(y)[GetBlockIdx()] = 1.0f;
  SyncAll();
  reinterpret_cast<float*>(y)[GetBlockIdx()] += 1.0f;
}

// Writes 5 into y[b] of its blocks.
void inner_kernel(GM_ADDR y) { reinterpret_cast<float*>(y)[GetBlockIdx()] = 5.0f; }
void inner_sync_kernel(GM_ADDR y) {
  SyncAll();
  reinterpret_cast<float*>(y)[GetBlockIdx()] = 5.0f;
}

// Block 0 starts a thread that launches (mode 0: Launch, 1: LaunchCooperative,
// 2: ParallelFor) into y[kLen * kMaxBlocks ...] and joins it.
void launches_from_own_thread(GM_ADDR y, int32_t mode) {
  if (GetBlockIdx() != 0) return;
  GM_ADDR inner = y + kLen * kMaxBlocks * sizeof(float);
  std::exception_ptr error;
  std::thread t([&] {
    try {
      if (mode == 0) {
        aicore::LaunchNamed("inner_kernel", inner_kernel, 4, inner);
      } else if (mode == 1) {
        aicore::LaunchCooperative("inner_sync_kernel", inner_sync_kernel, 4, inner);
      } else {
        aicore::ParallelFor(4, [&](uint32_t i) { reinterpret_cast<float*>(inner)[i] = 5.0f; });
      }
    } catch (...) {
      error = std::current_exception();
    }
  });
  t.join();
  if (error) std::rethrow_exception(error);
}

void launches_cooperative_inside(GM_ADDR y) {
  if (GetBlockIdx() == 1) {
    MARK_NEXT_LINE();
    aicore::LaunchCooperative("inner_kernel", inner_kernel, 2, y);
  }
}

void launches_named_inside(GM_ADDR y) {
  if (GetBlockIdx() == 1) {
    MARK_NEXT_LINE();
    aicore::LaunchNamed("inner_kernel", inner_kernel, 2, y);
  }
}

void parallel_for_inside(GM_ADDR y) {
  if (GetBlockIdx() == 1) {
    MARK_NEXT_LINE();
    aicore::ParallelFor(2, [y](uint32_t i) { reinterpret_cast<float*>(y)[i] = 1.0f; });
  }
}

// ---------------------------------------------------------------------------
// Checks.

void CheckBadCopy(const aicore::KernelError& e, const std::string& kernel, int line) {
  SCOPED_TRACE(e.what());
  EXPECT_EQ(e.kind(), K::kAlignment);
  EXPECT_EQ(e.api(), "DataCopy");
  EXPECT_EQ(e.kernel(), kernel);
  EXPECT_EQ(e.block(), kBadBlock);
  EXPECT_EQ(Basename(e.file()), "test_hostile_launch.cpp");
  EXPECT_GT(line, 0);
  EXPECT_EQ(e.line(), line);
  EXPECT_NE(std::string(e.what()).find("test_hostile_launch.cpp:" + std::to_string(line) +
                                       " (kernel " + kernel + ", block 3 of "),
            std::string::npos);
}

// Runs `launch`, which must throw exactly an E; returns its what() (or "").
template <class E, class F>
std::string Throws(F&& launch) {
  try {
    launch();
  } catch (const E& e) {
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "unexpected exception: " << e.what();
    return "";
  } catch (...) {
    ADD_FAILURE() << "unexpected exception of unknown type";
    return "";
  }
  ADD_FAILURE() << "no exception";
  return "";
}

template <class F>
aicore::KernelError ThrowsKernelError(F&& launch) {
  try {
    launch();
  } catch (const aicore::KernelError& e) {
    return e;
  } catch (const std::exception& e) {
    ADD_FAILURE() << "unexpected exception: " << e.what();
  } catch (...) {
    ADD_FAILURE() << "unexpected exception of unknown type";
  }
  ADD_FAILURE() << "no KernelError";
  return aicore::KernelError(K::kLaunch, "", -1, 0, "none", aicore::SrcLoc{"", 0}, "none");
}

// Runs `launch`, which must succeed without printing anything.
template <class F>
void ExpectSilent(F&& launch) {
  ::testing::internal::CaptureStdout();
  ::testing::internal::CaptureStderr();
  std::string error;
  try {
    launch();
  } catch (const std::exception& e) {
    error = e.what();
  } catch (...) {
    error = "unknown exception";
  }
  const std::string out = ::testing::internal::GetCapturedStdout();
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(error, "") << "the clean launch failed";
  EXPECT_EQ(out, "");
  EXPECT_EQ(err, "");
}

// The runtime is usable: a correct launch, a cooperative one with SyncAll, a
// ParallelFor, all silent and right.
void ExpectRuntimeUsable() {
  SCOPED_TRACE("runtime usable afterwards");
  Gm gm;
  ExpectSilent([&] { AICORE_LAUNCH(scale_kernel, kBlocks, gm.X(), gm.Y(), -1, 0); });
  EXPECT_TRUE(gm.Doubled(kBlocks));
  gm.Reset();
  ExpectSilent([&] { aicore::LaunchCooperative("sync_all_kernel", sync_all_kernel, kBlocks, gm.Y()); });
  for (uint32_t b = 0; b < kBlocks; ++b) EXPECT_EQ(gm.y[b], 2.0f) << b;
  std::vector<int> v(100, 0);
  aicore::ParallelFor(100, [&](uint32_t i) { v[i] = 1; });
  for (int e : v) EXPECT_EQ(e, 1);
}

// ---------------------------------------------------------------------------
// Fixture: pool size x sanitizer modes (none / all).

class Hostile : public ::testing::TestWithParam<std::tuple<uint32_t, uint32_t>> {
 protected:
  void SetUp() override {
    aicore::SetNumThreads(std::get<0>(GetParam()));
    aicore::SetSocVersion("Ascend910B");
    aicore::SetSanitize(std::get<1>(GetParam()));
  }
  void TearDown() override {
    aicore::SetErrorSink(nullptr);
    ExpectRuntimeUsable();
    aicore::SetSanitize(0u);
    aicore::SetNumThreads(0);
  }
  Gm gm;
};

INSTANTIATE_TEST_SUITE_P(Pools, Hostile,
                         ::testing::Combine(::testing::Values(1u, 2u, 5u),
                                            ::testing::Values(0u, uint32_t{aicore::kSanitizeAll})),
                         [](const auto& info) {
                           return "threads" + std::to_string(std::get<0>(info.param)) +
                                  (std::get<1>(info.param) != 0 ? "_sanitize_all" : "");
                         });

// 1. A sink that throws: the launch stops and rethrows what the sink threw.
TEST_P(Hostile, ThrowingSinkBecomesTheLaunchError) {
  HangGuard guard("throwing sink");
  aicore::SetErrorSink([](const aicore::KernelError& e) {
    throw std::runtime_error(std::string("sink refused: ") + e.what());
  });
  const std::string what = Throws<std::runtime_error>(
      [&] { AICORE_LAUNCH(scale_kernel, kBlocks, gm.X(), gm.Y(), kBadBlock, 0); });
  EXPECT_EQ(what.rfind("sink refused: aicore: alignment error in DataCopy at ", 0), 0u) << what;
  EXPECT_NE(what.find("test_hostile_launch.cpp:" + std::to_string(g_line.load()) +
                      " (kernel scale_kernel, block 3 of 8)"),
            std::string::npos)
      << what;
  // Clean twin: the sink is never called.
  gm.Reset();
  ExpectSilent([&] { AICORE_LAUNCH(scale_kernel, kBlocks, gm.X(), gm.Y(), -1, 0); });
  EXPECT_TRUE(gm.Doubled(kBlocks));

  // A sink that rethrows the report: Launch throws the KernelError itself.
  aicore::SetErrorSink([](const aicore::KernelError& e) { throw e; });
  const aicore::KernelError e = ThrowsKernelError(
      [&] { AICORE_LAUNCH(scale_kernel, kBlocks, gm.X(), gm.Y(), kBadBlock, 0); });
  CheckBadCopy(e, "scale_kernel", g_line.load());

  // A sink that throws something else than std::exception: rethrown as is.
  aicore::SetErrorSink([](const aicore::KernelError&) { throw 17; });
  try {
    AICORE_LAUNCH(scale_kernel, kBlocks, gm.X(), gm.Y(), kBadBlock, 0);
    ADD_FAILURE() << "no exception";
  } catch (int v) {
    EXPECT_EQ(v, 17);
  }

  // Host side: the sink's exception propagates from the API (GmFree).
  aicore::SetErrorSink([](const aicore::KernelError& e) { throw std::logic_error(e.what()); });
  int local = 0;
  const std::string host = Throws<std::logic_error>([&] { aicore::GmFree(&local); });
  EXPECT_NE(host.find("aicore: parameter error in GmFree at "), std::string::npos) << host;
  aicore::SetErrorSink(nullptr);
}

// 2. A sink that calls APIs which report: no re-entry, no deadlock; the inner
// report is printed and thrown into the sink.
TEST_P(Hostile, ReentrantSinkDoesNotDeadlock) {
  HangGuard guard("re-entrant sink");
  std::vector<std::string> seen;  // the sink's own findings
  std::vector<aicore::KernelError> reports;
  int local = 0;
  aicore::SetErrorSink([&](const aicore::KernelError& e) {
    reports.push_back(e);
    try {
      aicore::GmFree(&local);  // reports (kParameter)
      seen.push_back("GmFree accepted");
    } catch (const aicore::KernelError& inner) {
      seen.push_back(std::string(aicore::ErrorKindName(inner.kind())) + "/" + inner.api());
    }
    try {
      PipeBarrier<PIPE_V>();  // a kernel API: the sink runs outside the block
      seen.push_back("PipeBarrier accepted");
    } catch (const aicore::KernelError& inner) {
      seen.push_back(std::string(aicore::ErrorKindName(inner.kind())) + "/" + inner.api() + "/" +
                     (std::string(inner.what()).find("outside aicore::Launch") != std::string::npos
                          ? "outside"
                          : inner.what()));
    }
  });
  ::testing::internal::CaptureStderr();
  try {
    AICORE_LAUNCH(scale_kernel, kBlocks, gm.X(), gm.Y(), kBadBlock, 0);
  } catch (const std::exception& e) {
    ADD_FAILURE() << "the sink took the report, yet Launch threw: " << e.what();
  }
  const std::string err = ::testing::internal::GetCapturedStderr();
  aicore::SetErrorSink(nullptr);
  ASSERT_EQ(reports.size(), 1u);
  CheckBadCopy(reports[0], "scale_kernel", g_line.load());
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[0], "parameter/GmFree");
  EXPECT_EQ(seen[1], "launch/PipeBarrier/outside");
  EXPECT_NE(err.find("aicore: parameter error in GmFree at "), std::string::npos) << err;
  EXPECT_NE(err.find("(raised inside the error sink: thrown into it, not delivered to it)"),
            std::string::npos)
      << err;

  // The inner report escaping the sink becomes the launch's error.
  aicore::SetErrorSink([&](const aicore::KernelError&) { aicore::GmFree(&local); });
  ::testing::internal::CaptureStderr();
  const aicore::KernelError e = ThrowsKernelError(
      [&] { AICORE_LAUNCH(scale_kernel, kBlocks, gm.X(), gm.Y(), kBadBlock, 0); });
  ::testing::internal::GetCapturedStderr();
  aicore::SetErrorSink(nullptr);
  EXPECT_EQ(e.kind(), K::kParameter) << e.what();
  EXPECT_EQ(e.api(), "GmFree") << e.what();

  // A sink that replaces itself while it runs.
  int calls = 0;
  aicore::SetErrorSink([&](const aicore::KernelError&) {
    ++calls;
    aicore::SetErrorSink(nullptr);
  });
  try {
    AICORE_LAUNCH(scale_kernel, kBlocks, gm.X(), gm.Y(), kBadBlock, 0);
  } catch (const std::exception& e2) {
    ADD_FAILURE() << e2.what();
  }
  EXPECT_EQ(calls, 1);
}

// 3. A sink that launches a kernel: rejected (kLaunch), and the runtime is
// not poisoned.
TEST_P(Hostile, LaunchFromSinkIsRejected) {
  HangGuard guard("launch from the sink");
  Gm inner;
  aicore::SetErrorSink([&](const aicore::KernelError&) {
    aicore::LaunchNamed("inner_kernel", inner_kernel, 2, inner.Y());
  });
  const aicore::KernelError e = ThrowsKernelError(
      [&] { AICORE_LAUNCH(scale_kernel, kBlocks, gm.X(), gm.Y(), kBadBlock, 0); });
  aicore::SetErrorSink(nullptr);
  EXPECT_EQ(e.kind(), K::kLaunch) << e.what();
  EXPECT_EQ(e.api(), "Launch") << e.what();
  EXPECT_EQ(e.kernel(), "inner_kernel") << e.what();
  EXPECT_NE(std::string(e.what()).find("Launch from inside an aicore error sink (SetErrorSink / "
                                       "ErrorRecorder) is not supported"),
            std::string::npos)
      << e.what();
  EXPECT_EQ(Basename(e.file()), "test_hostile_launch.cpp") << e.what();
  EXPECT_EQ(inner.y[0], -1.0f);  // nothing ran

  // A sink that catches the rejection: the report is taken, Launch returns.
  std::vector<std::string> rejected;
  aicore::SetErrorSink([&](const aicore::KernelError&) {
    try {
      aicore::LaunchCooperative("inner_sync_kernel", inner_sync_kernel, 2, inner.Y());
    } catch (const aicore::KernelError& r) {
      rejected.push_back(r.api());
    }
    try {
      aicore::ParallelFor(2, [](uint32_t) {});
    } catch (const aicore::KernelError& r) {
      rejected.push_back(r.api());
    }
  });
  try {
    AICORE_LAUNCH(scale_kernel, kBlocks, gm.X(), gm.Y(), kBadBlock, 0);
  } catch (const std::exception& e2) {
    ADD_FAILURE() << e2.what();
  }
  aicore::SetErrorSink(nullptr);
  EXPECT_EQ(rejected, (std::vector<std::string>{"Launch", "ParallelFor"}));
}

// 4. A kernel whose block starts a thread that launches, and joins it: runs
// (on a private core grid once the shared one stays busy), no hang.
TEST_P(Hostile, LaunchFromThreadStartedByKernelRuns) {
  HangGuard guard("launch from a thread a block joins");
  for (int32_t mode = 0; mode < 3; ++mode) {
    SCOPED_TRACE("mode " + std::to_string(mode));
    gm.Reset();
    ExpectSilent([&] {
      if (mode == 1) {
        aicore::LaunchCooperative("launches_from_own_thread", launches_from_own_thread, 4, gm.Y(),
                                  mode);
      } else {
        AICORE_LAUNCH(launches_from_own_thread, 4, gm.Y(), mode);
      }
    });
    const float* inner = gm.y.data() + kLen * kMaxBlocks;
    for (int i = 0; i < 4; ++i) EXPECT_EQ(inner[i], 5.0f) << i;
  }
}

// 5. A kernel that catches the KernelError of a bad DataCopy and returns:
// the launch fails all the same, with one report.
TEST_P(Hostile, SwallowedKernelErrorStillFailsTheLaunch) {
  HangGuard guard("swallowed error");
  for (int32_t swallow : {1, 2}) {
    SCOPED_TRACE("swallow " + std::to_string(swallow));
    ::testing::internal::CaptureStderr();
    const aicore::KernelError e = ThrowsKernelError(
        [&] { AICORE_LAUNCH(scale_kernel, kBlocks, gm.X(), gm.Y(), kBadBlock, swallow); });
    ::testing::internal::GetCapturedStderr();
    CheckBadCopy(e, "scale_kernel", g_line.load());
    // Clean twin.
    gm.Reset();
    ExpectSilent([&] { AICORE_LAUNCH(scale_kernel, kBlocks, gm.X(), gm.Y(), -1, swallow); });
    EXPECT_TRUE(gm.Doubled(kBlocks));
  }
  // Exactly one report, swallowed or not.
  for (int32_t swallow : {0, 1, 2}) {
    aicore::ErrorRecorder rec;
    AICORE_LAUNCH(scale_kernel, kBlocks, gm.X(), gm.Y(), kBadBlock, swallow);
    ASSERT_EQ(rec.size(), 1u) << rec.str();
    CheckBadCopy(rec.reports()[0], "scale_kernel", g_line.load());
  }
  // Cooperative: the others wait in SyncAll and are woken when the failing
  // block returns normally.
  ::testing::internal::CaptureStderr();
  const aicore::KernelError e = ThrowsKernelError([&] {
    aicore::LaunchCooperative("swallow_then_others_sync", swallow_then_others_sync, kBlocks, gm.X(),
                              kBadBlock);
  });
  ::testing::internal::GetCapturedStderr();
  CheckBadCopy(e, "swallow_then_others_sync", g_line.load());
}

// 7. Reports that name the caller's file:line.
TEST_P(Hostile, LaunchesFromKernelNameTheLine) {
  struct Case {
    void (*kernel)(GM_ADDR);
    const char* name;
    const char* api;
    const char* text;
  };
  const Case cases[] = {
      {launches_cooperative_inside, "launches_cooperative_inside", "Launch",
       "nested launch of kernel inner_kernel from inside a kernel is not supported"},
      {launches_named_inside, "launches_named_inside", "Launch",
       "nested launch of kernel inner_kernel from inside a kernel is not supported"},
      {parallel_for_inside, "parallel_for_inside", "ParallelFor",
       "ParallelFor from inside a kernel is not supported"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    ::testing::internal::CaptureStderr();
    const aicore::KernelError e =
        ThrowsKernelError([&] { aicore::LaunchNamed(c.name, c.kernel, 4, gm.Y()); });
    ::testing::internal::GetCapturedStderr();
    const int line = g_line.load();
    EXPECT_EQ(e.kind(), K::kLaunch);
    EXPECT_EQ(e.api(), c.api);
    EXPECT_EQ(e.kernel(), c.name);
    EXPECT_EQ(e.block(), 1);
    EXPECT_EQ(Basename(e.file()), "test_hostile_launch.cpp") << e.what();
    EXPECT_EQ(e.line(), line) << e.what();
    EXPECT_NE(std::string(e.what()).find(c.text), std::string::npos) << e.what();
  }
}

// ---------------------------------------------------------------------------
// Not per pool size.

// A non-fatal finding (initcheck) whose sink throws: the launch runs to its
// end and rethrows the sink's exception.
void reads_uninitialized(GM_ADDR y) {
  TPipe pipe;
  TBuf<> buf;
  pipe.InitBuffer(buf, kLen * sizeof(float));
  LocalTensor<float> t = buf.Get<float>();
  MARK_NEXT_LINE();
  Muls(t, t, 2.0f, kLen);
  reinterpret_cast<float*>(y)[GetBlockIdx()] = 1.0f;
}

TEST(HostileSink, ThrowingSinkOnNonFatalFinding) {
  HangGuard guard("throwing sink, non-fatal");
  aicore::SetSanitize(aicore::kInitcheck);
  aicore::SetErrorSink([](const aicore::KernelError& e) { throw e; });
  Gm gm;
  const aicore::KernelError e = ThrowsKernelError([&] { AICORE_LAUNCH(reads_uninitialized, 4, gm.Y()); });
  aicore::SetErrorSink(nullptr);
  aicore::SetSanitize(0u);
  EXPECT_EQ(e.kind(), K::kUninit) << e.what();
  EXPECT_EQ(e.line(), g_line.load()) << e.what();
  for (int b = 0; b < 4; ++b) EXPECT_EQ(gm.y[b], 1.0f) << b;  // every block ran to its end
  ExpectRuntimeUsable();
}

// A sink that waits for a thread which reports: the thread's report does not
// wait forever for the sink (it is printed and thrown there after kSinkWait).
TEST(HostileSink, SinkWaitingForReportingThread) {
  HangGuard guard("sink joins a reporting thread");
  int local = 0;
  std::string inner;
  aicore::SetErrorSink([&](const aicore::KernelError&) {
    std::thread t([&] {
      try {
        aicore::GmFree(&local);
      } catch (const aicore::KernelError& e) {
        inner = e.api();
      }
    });
    t.join();
  });
  Gm gm;
  ::testing::internal::CaptureStderr();
  try {
    AICORE_LAUNCH(scale_kernel, kBlocks, gm.X(), gm.Y(), kBadBlock, 0);
  } catch (const std::exception& e) {
    ADD_FAILURE() << e.what();
  }
  const std::string err = ::testing::internal::GetCapturedStderr();
  aicore::SetErrorSink(nullptr);
  EXPECT_EQ(inner, "GmFree");
  EXPECT_NE(err.find("(the error sink stayed busy: not delivered to it)"), std::string::npos) << err;
  ExpectRuntimeUsable();
}

// Everything above in a row on one grid, then correct launches.
TEST(HostileSink, RuntimeUsableAfterAllOfIt) {
  HangGuard guard("all in a row");
  aicore::SetNumThreads(3);
  Gm gm;
  int local = 0;
  ::testing::internal::CaptureStderr();
  aicore::SetErrorSink([](const aicore::KernelError& e) { throw e; });
  try {
    AICORE_LAUNCH(scale_kernel, kBlocks, gm.X(), gm.Y(), kBadBlock, 0);
  } catch (...) {
  }
  aicore::SetErrorSink([&](const aicore::KernelError&) { aicore::GmFree(&local); });
  try {
    AICORE_LAUNCH(scale_kernel, kBlocks, gm.X(), gm.Y(), kBadBlock, 0);
  } catch (...) {
  }
  aicore::SetErrorSink([&](const aicore::KernelError&) { AICORE_LAUNCH(inner_kernel, 2, gm.Y()); });
  try {
    AICORE_LAUNCH(scale_kernel, kBlocks, gm.X(), gm.Y(), kBadBlock, 0);
  } catch (...) {
  }
  aicore::SetErrorSink(nullptr);
  try {
    AICORE_LAUNCH(scale_kernel, kBlocks, gm.X(), gm.Y(), kBadBlock, 1);
  } catch (...) {
  }
  try {
    AICORE_LAUNCH(launches_named_inside, 4, gm.Y());
  } catch (...) {
  }
  AICORE_LAUNCH(launches_from_own_thread, 4, gm.Y(), 0);
  ::testing::internal::GetCapturedStderr();
  ExpectRuntimeUsable();
  aicore::SetNumThreads(0);
}

// SaveToBuffer into a too-small buffer names the caller's line.
BEGIN_TILING_DATA_DEF(HostileTiling)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);
TILING_DATA_FIELD_DEF(uint32_t, tileNum);
END_TILING_DATA_DEF;

TEST(HostileTiling, SaveToBufferTooSmallNamesTheLine) {
  HostileTiling t;
  t.set_totalLength(1024);
  uint8_t buf[8] = {};
  int line = 0;
  try {
    line = __LINE__ + 1;
    t.SaveToBuffer(buf, 4);
    ADD_FAILURE() << "accepted";
  } catch (const aicore::KernelError& e) {
    EXPECT_EQ(e.kind(), K::kParameter);
    EXPECT_EQ(e.api(), "SaveToBuffer");
    EXPECT_EQ(Basename(e.file()), "test_hostile_launch.cpp") << e.what();
    EXPECT_EQ(e.line(), line) << e.what();
    EXPECT_NE(std::string(e.what()).find("tiling data HostileTiling needs 8 bytes, the buffer holds 4"),
              std::string::npos)
        << e.what();
  }
  t.SaveToBuffer(buf, sizeof(buf));  // clean twin
  uint32_t total = 0;
  std::memcpy(&total, buf, sizeof(total));
  EXPECT_EQ(total, 1024u);
}

// ---------------------------------------------------------------------------
// 6. AICORE_SOC: vendor names map to profiles; an unknown one ends the
// process at the first launch with status 2 and the list of known names
// (checked in a re-executed child: the variable is read once per process).

TEST(HostileSoc, VendorNamesSelectProfiles) {
  const struct {
    const char* vendor;
    const char* profile;
  } kCases[] = {{"Ascend910B", "Ascend910B"},    {"Ascend910B1", "Ascend910B"},
                {"Ascend910B4-1", "Ascend910B"}, {"Ascend910_9391", "Ascend910B"},
                {"ascend910b2", "Ascend910B"},   {"Ascend310P1", "Ascend310P"},
                {"Ascend310P3", "Ascend310P"},   {"Ascend910A", "Ascend910"},
                {"Ascend910ProA", "Ascend910"},  {"Ascend910", "Ascend910"}};
  for (const auto& c : kCases) {
    aicore::SetSocVersion(c.vendor);
    EXPECT_STREQ(aicore::GetSocProfile().name, c.profile) << c.vendor;
  }
  try {
    aicore::SetSocVersion("Ascend999");
    ADD_FAILURE() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("unknown SoC 'Ascend999' (known: Ascend910B (also "
                                         "Ascend910B1, "),
              std::string::npos)
        << e.what();
  }
  aicore::SetSocVersion("Ascend910B");
}

void RunWithSoc(const char* soc, uint32_t threads) {
  setenv("AICORE_SOC", soc, 1);
  aicore::SetNumThreads(threads);
  Gm gm;
  AICORE_LAUNCH(scale_kernel, kBlocks, gm.X(), gm.Y(), -1, 0);
  std::fprintf(stderr, "profile %s\n", aicore::GetSocProfile().name);
  std::exit(gm.Doubled(kBlocks) ? 0 : 3);
}

TEST(HostileSocDeathTest, UnknownSocExitsWithStatus2) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(RunWithSoc("Ascend999", 4), ::testing::ExitedWithCode(2),
              "aicore: AICORE_SOC=Ascend999: unknown SoC 'Ascend999' \\(known: Ascend910B \\(also "
              "Ascend910B1, .*Ascend310P \\(also Ascend310P1, .*Ascend910 \\(also Ascend910A, ");
}

TEST(HostileSocDeathTest, UnknownSocWith1024ThreadsExitsWithStatus2) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(RunWithSoc("Ascend910B9", 1024), ::testing::ExitedWithCode(2),
              "unknown SoC 'Ascend910B9'");
}

TEST(HostileSocDeathTest, VendorSocNameInEnvironment) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(RunWithSoc("Ascend910B4-1", 4), ::testing::ExitedWithCode(0), "profile Ascend910B");
  EXPECT_EXIT(RunWithSoc("Ascend310P3", 2), ::testing::ExitedWithCode(0), "profile Ascend310P");
}

}  // namespace
