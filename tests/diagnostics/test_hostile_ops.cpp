// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Issue 17, hostile input never crashes, hangs or corrupts: each defect is a
// buggy kernel expecting its report and a clean twin expecting silence, run
// with every mode off and with every mode on (kSanitizeAll):
//  - AscendC::printf formats checked against their arguments (%s with an
//    int, missing arguments, %n, type mismatches) before anything prints;
//  - SetFlag / WaitFlag / PipeBarrier / TPipe event ids with a HardEvent or
//    pipe_t value that names no event or pipe (it used to index the core's
//    flag arrays out of bounds);
//  - a counter-mode repeat-form Add of 2^37 elements with a far
//    out-of-bounds source fails at once in every mode (initcheck walked the
//    other operands' ranges first, synccheck called that a deadlock), and a
//    long in-bounds one is progress, not a deadlock;
//  - counter-mode reductions of many repeats run in chunks: bounded scratch
//    released after the call, results those of one pass.
#include "kernel_operator.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "diagnostics/test_support.h"

using namespace AscendC;

namespace {

using aicore_test::Captured;

using K = aicore::ErrorKind;

struct Result {
  std::vector<aicore::KernelError> reports;
  std::string out;
  double seconds = 0;
  std::string str() const {
    std::string s;
    for (const auto& r : reports) s += std::string(r.what()) + "\n";
    return s;
  }
};

// Runs `body` as a one-block kernel with the given modes, recording reports.
Result RunKernel(uint32_t modes, const std::function<void()>& body) {
  Result r;
  Captured cap;
  {
    aicore::ErrorRecorder rec(modes);
    const auto t0 = std::chrono::steady_clock::now();
    try {
      aicore::Launch([&] { body(); }, 1);
    } catch (const std::exception& e) {
      ADD_FAILURE() << "the launch threw despite the recorder: " << e.what();
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.reports = rec.reports();
  }
  r.out = cap.Text();
  return r;
}

constexpr uint32_t kModes[] = {0u, aicore::kSanitizeAll};

void ExpectOne(const Result& r, K kind, const std::string& api, const std::vector<std::string>& fragments) {
  ASSERT_EQ(r.reports.size(), 1u) << r.str();
  const aicore::KernelError& e = r.reports[0];
  EXPECT_EQ(e.kind(), kind) << e.what();
  EXPECT_EQ(e.api(), api) << e.what();
  for (const std::string& f : fragments) {
    EXPECT_NE(std::string(e.what()).find(f), std::string::npos) << "missing '" << f << "' in\n" << e.what();
  }
}

void ExpectSilent(const Result& r) { EXPECT_TRUE(r.reports.empty()) << r.str(); }

// ---- 1. printf ----------------------------------------------------------------

TEST(HostilePrintf, StringConversionGivenAnInt) {
  for (uint32_t modes : kModes) {
    SCOPED_TRACE(modes);
    const Result bad = RunKernel(modes, [] {
      AscendC::printf("before\n");
      AscendC::printf("%s", 5);
      AscendC::printf("after\n");
    });
    ExpectOne(bad, K::kParameter, "printf",
              {"printf format \"%s\": conversion 1 (%s) needs a char pointer", "argument 1 is int"});
    EXPECT_EQ(bad.out, "before\n");
    const Result good = RunKernel(modes, [] { AscendC::printf("%s|%d\n", "five", 5); });
    ExpectSilent(good);
    EXPECT_EQ(good.out, "five|5\n");
  }
}

TEST(HostilePrintf, FewerArgumentsThanConversions) {
  for (uint32_t modes : kModes) {
    SCOPED_TRACE(modes);
    ExpectOne(RunKernel(modes, [] { AscendC::printf("%s %s %s %s"); }), K::kParameter, "printf",
              {"format \"%s %s %s %s\": conversion 1 (%s) has no argument (the call passes 0 arguments"});
    const Result two = RunKernel(modes, [] { AscendC::printf("x=%d y=%s\n", 1); });
    ExpectOne(two, K::kParameter, "printf", {"conversion 2 (%s) has no argument (the call passes 1 argument "});
    EXPECT_EQ(two.out, "");  // checked before anything is formatted
    const Result good = RunKernel(modes, [] { AscendC::printf("%s %s %s %s\n", "a", "b", "c", "d"); });
    ExpectSilent(good);
    EXPECT_EQ(good.out, "a b c d\n");
  }
}

TEST(HostilePrintf, PercentNIsRefusedAndWritesNothing) {
  for (uint32_t modes : kModes) {
    SCOPED_TRACE(modes);
    int x = 7;
    const Result bad = RunKernel(modes, [&] { AscendC::printf("abc%n", &x); });
    ExpectOne(bad, K::kParameter, "printf", {"format \"abc%n\": conversion 1 (%n) is %n", "not supported"});
    EXPECT_EQ(x, 7);
    EXPECT_EQ(bad.out, "");
    const Result good = RunKernel(modes, [] { AscendC::printf("abc%%n\n"); });
    ExpectSilent(good);
    EXPECT_EQ(good.out, "abc%n\n");
  }
}

TEST(HostilePrintf, MismatchesAndBadConversions) {
  struct Case {
    std::function<void()> call;
    std::string fragment;
  };
  const std::vector<Case> cases = {
      {[] { AscendC::printf("%d", 1.5); }, "conversion 1 (%d) needs an integer, but argument 1 is double"},
      {[] { AscendC::printf("%u %f", 1u, 3); }, "conversion 2 (%f) needs a floating value"},
      {[] { AscendC::printf("%p", 5); }, "conversion 1 (%p) needs a pointer, but argument 1 is int"},
      {[] { AscendC::printf("%c", 2.0f); }, "conversion 1 (%c) needs an integer (a character), but argument 1 is float"},
      {[] { AscendC::printf("%x %s", 1, nullptr); }, "conversion 2 (%s) needs a char pointer (a C string), but argument 2 is std::nullptr_t"},
      {[] { int v = 0; AscendC::printf("%s", &v); }, "argument 1 is int*"},
      {[] { AscendC::printf("%ls", "w"); }, "conversion 1 (%ls) has length modifier 'l'"},
      {[] { AscendC::printf("%y", 1); }, "conversion 1 (%y) is not a supported conversion"},
      {[] { AscendC::printf("50%"); }, "conversion 1 (%) is incomplete"},
      {[] { AscendC::printf("%1$d", 1); }, "positional argument"},
      {[] { AscendC::printf("%*d", 1.5, 2); }, "needs an int for its field width '*', but argument 1 is double"},
      {[] { AscendC::printf("%.*f", 2); }, "has no argument (the call passes 1 argument"},
      {[] { AscendC::printf("%100000d", 1); }, "field width or precision above the supported 4096"},
      {[] { AscendC::printf(static_cast<const char*>(nullptr)); }, "printf format is a null pointer"},
  };
  for (uint32_t modes : kModes) {
    for (size_t i = 0; i < cases.size(); ++i) {
      SCOPED_TRACE("modes " + std::to_string(modes) + ", case " + std::to_string(i));
      const Result r = RunKernel(modes, cases[i].call);
      ExpectOne(r, K::kParameter, "printf", {cases[i].fragment});
      EXPECT_EQ(r.out, "");
    }
  }
}

enum class Color : uint8_t { kRed = 3 };

TEST(HostilePrintf, VendorFormatsStillWork) {
  int local = 0;
  const void* addr = &local;
  char want_p[64];
  std::snprintf(want_p, sizeof(want_p), "%p", addr);
  char want_f[128];
  std::snprintf(want_f, sizeof(want_f), "%5.2f|%-4d|%+d|%05d|%e|%g|%G|%a", 3.14159, 42, 7, 42, 1234.5, 0.0001,
                1e20, 0.5);
  for (uint32_t modes : kModes) {
    SCOPED_TRACE(modes);
    const Result r = RunKernel(modes, [&] {
      PRINTF("%d%% of %s, %u, %lld, %x\n", 50, "half", 7u, -5LL, 255);
      PRINTF("no arguments\n");
      AscendC::printf("%5.2f|%-4d|%+d|%05d|%e|%g|%G|%a\n", 3.14159, 42, 7, 42, 1234.5, 0.0001, 1e20, 0.5);
      AscendC::printf("%.1f %f %g\n", half(0.5f), bfloat16_t(2.0f), 1.5f);
      AscendC::printf("%d %ld %lld %i %lu\n", int64_t{1} << 40, int64_t{-3}, -4LL, int16_t{-5}, uint64_t{6});
      AscendC::printf("%u %x %X %o %#x %llx\n", uint8_t{200}, -1, 255u, 8, 255, ~uint64_t{0});
      AscendC::printf("%hhd %hu\n", 300, 70000);
      AscendC::printf("%c%c\n", 'o', 107);
      AscendC::printf("%*d|%-*d|%.*s|\n", 4, 7, 3, 1, 2, "abc");
      AscendC::printf("%s %p\n", static_cast<const char*>(nullptr), nullptr);
      AscendC::printf("%d %d %u\n", true, Color::kRed, TPosition::VECIN);
      AscendC::printf("%p\n", addr);
      AscendC::printf("extra ignored\n", 1, 2);
      ASSERT(1 + 1 == 2, "%s", 5);  // a true condition formats nothing
    });
    ExpectSilent(r);
    const std::string want = std::string("50% of half, 7, -5, ff\nno arguments\n") + want_f + "\n" +
                             "0.5 2.000000 1.5\n" + "1099511627776 -3 -4 -5 6\n" +
                             "200 ffffffff FF 10 0xff ffffffffffffffff\n" + "44 4464\n" + "ok\n" +
                             "   7|1  |ab|\n" + "(null) (nil)\n" + "1 3 " +
                             std::to_string(static_cast<int>(TPosition::VECIN)) + "\n" + want_p + "\n" +
                             "extra ignored\n";
    EXPECT_EQ(r.out, want);
  }
}

TEST(HostilePrintf, AssertMessageFormatIsCheckedToo) {
  for (uint32_t modes : kModes) {
    SCOPED_TRACE(modes);
    ExpectOne(RunKernel(modes, [] { ASSERT(1 + 1 == 3, "got %s", 2); }), K::kParameter, "ASSERT",
              {"ASSERT format \"got %s\": conversion 1 (%s) needs a char pointer"});
    ExpectOne(RunKernel(modes, [] { ASSERT(1 + 1 == 3, "got %d", 2); }), K::kException, "ASSERT",
              {"assertion failed: 1 + 1 == 3", ": got 2"});
  }
}

// ---- 2. HardEvent / pipe_t values --------------------------------------------

TEST(HostileSync, HardEventValuesThatAreNoEvent) {
  struct Case {
    std::function<void()> call;
    std::string api;
    std::string fragment;
  };
  const std::string range = " is not an event (valid: 0 to 34, HardEvent::MTE2_MTE1 to HardEvent::FIX_FIX";
  const std::vector<Case> cases = {
      {[] { SetFlag<static_cast<HardEvent>(37)>(0); }, "SetFlag", "SetFlag<(HardEvent)37>: HardEvent value 37" + range},
      {[] { SetFlag<HardEvent::MAX>(0); }, "SetFlag", "HardEvent value 35" + range},
      {[] { SetFlag<static_cast<HardEvent>(36)>(1); }, "SetFlag", "HardEvent value 36" + range},
      {[] { SetFlag<static_cast<HardEvent>(40)>(0); }, "SetFlag", "HardEvent value 40" + range},
      {[] { SetFlag<static_cast<HardEvent>(255)>(9); }, "SetFlag", "HardEvent value 255" + range},
      {[] { WaitFlag<static_cast<HardEvent>(36)>(0); }, "WaitFlag", "WaitFlag<(HardEvent)36>: HardEvent value 36" + range},
      {[] { WaitFlag<HardEvent::MAX>(0); }, "WaitFlag", "HardEvent value 35" + range},
      {[] { PipeBarrier<static_cast<pipe_t>(200)>(); }, "PipeBarrier",
       "PipeBarrier<(pipe_t)200>: pipe_t value 200 is not a pipe (valid: 0 to 10: PIPE_S, PIPE_V, PIPE_M, "
       "PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL, PIPE_MTE4, PIPE_MTE5, PIPE_V2, PIPE_FIX"},
      {[] { PipeBarrier<PIPE_MAX>(); }, "PipeBarrier", "pipe_t value 11 is not a pipe"},
      {[] { TPipe pipe; pipe.AllocEventID<HardEvent::MAX>(); }, "TPipe::AllocEventID", "HardEvent value 35 is not an event"},
      {[] { TPipe pipe; pipe.FetchEventID(static_cast<HardEvent>(99)); }, "TPipe::FetchEventID", "HardEvent value 99 is not an event"},
      {[] { TPipe pipe; pipe.ReleaseEventID<static_cast<HardEvent>(36)>(0); }, "TPipe::ReleaseEventID", "HardEvent value 36"},
  };
  for (uint32_t modes : kModes) {
    for (size_t i = 0; i < cases.size(); ++i) {
      SCOPED_TRACE("modes " + std::to_string(modes) + ", case " + std::to_string(i));
      ExpectOne(RunKernel(modes, cases[i].call), K::kParameter, cases[i].api, {cases[i].fragment});
    }
  }
}

// Every valid event and pipe, at the edges of the ranges.
template <int... E>
void SetWaitEach(std::integer_sequence<int, E...>) {
  (SetFlag<static_cast<HardEvent>(E)>(7), ...);
  (WaitFlag<static_cast<HardEvent>(E)>(7), ...);
}

TEST(HostileSync, EveryValidEventAndPipeIsSilent) {
  for (uint32_t modes : kModes) {
    SCOPED_TRACE(modes);
    ExpectSilent(RunKernel(modes, [] {
      SetWaitEach(std::make_integer_sequence<int, static_cast<int>(HardEvent::MAX)>{});
      SetFlag<HardEvent::FIX_FIX>(0);
      WaitFlag<HardEvent::FIX_FIX>(0);
      PipeBarrier<PIPE_S>();
      PipeBarrier<PIPE_FIX>();
      PipeBarrier<PIPE_ALL>();
      TPipe pipe;
      const TEventID id = pipe.AllocEventID<HardEvent::FIX_FIX>();
      EXPECT_EQ(pipe.FetchEventID(HardEvent::FIX_FIX), 1);
      pipe.ReleaseEventID<HardEvent::FIX_FIX>(id);
      // The compare-mask register is untouched by the flags (an event value
      // past the flag arrays used to land in it).
      EXPECT_EQ(aicore::detail::t_core->cmp_mask[0], 0u);
      EXPECT_EQ(aicore::detail::t_core->flags_outstanding, 0u);
    }));
  }
}

TEST(HostileSync, FlagNameNamesAnyValue) {
  EXPECT_EQ(aicore::detail::FlagName(4, 1), "SetFlag<HardEvent::MTE2_V>(1)");
  EXPECT_EQ(aicore::detail::FlagName(34, 7), "SetFlag<HardEvent::FIX_FIX>(7)");
  EXPECT_EQ(aicore::detail::FlagName(35, 0), "SetFlag<(HardEvent)35>(0)");
  EXPECT_EQ(aicore::detail::FlagName(36, 0), "SetFlag<(HardEvent)36>(0)");
  EXPECT_EQ(aicore::detail::FlagName(-1, 9), "SetFlag<(HardEvent)-1>(9)");
  EXPECT_EQ(aicore::detail::FlagName(1 << 20, 0), "SetFlag<(HardEvent)1048576>(0)");
}

// ---- 3. counter mode: huge counts -------------------------------------------

// Restores the watchdog limit.
class WatchdogLimit {
 public:
  explicit WatchdogLimit(std::chrono::milliseconds ms) : saved_(aicore::GetWatchdogTimeout()) {
    aicore::SetWatchdogTimeout(ms);
  }
  ~WatchdogLimit() { aicore::SetWatchdogTimeout(saved_); }
  WatchdogLimit(const WatchdogLimit&) = delete;
  WatchdogLimit& operator=(const WatchdogLimit&) = delete;

 private:
  std::chrono::milliseconds saved_;
};

// A repeat-form half Add in counter mode over `count` elements: dst and src0
// with repeat stride 0 (every repeat on the same 256 bytes), src1 with
// `src1_rep` (8: contiguous, far past the 4 KiB buffer for a large count).
void CounterAdd(uint64_t count, uint8_t src1_rep) {
  TPipe pipe;
  TBuf<> buf;
  pipe.InitBuffer(buf, 4096);
  LocalTensor<half> t = buf.Get<half>();
  Duplicate(t, half(1.0f), 2048);
  SetMaskCount();
  SetVectorMask<half>(0, count);
  Add<half, false>(t, t[256], t[512], MASK_PLACEHOLDER, 1, BinaryRepeatParams(1, 1, 1, 0, 0, src1_rep));
  SetMaskNorm();
  PipeBarrier<PIPE_ALL>();
  EXPECT_EQ(static_cast<float>(t.GetValue(0)), 2.0f);
  EXPECT_EQ(static_cast<float>(t.GetValue(127)), 2.0f);
}

TEST(HostileRepeat, CounterModeHugeCountWithOutOfBoundsSourceFailsAtOnce) {
  WatchdogLimit limit(std::chrono::milliseconds(200));
  const uint64_t count = uint64_t{1} << 37;  // 2^30 repeats
  for (uint32_t modes : {0u, uint32_t{aicore::kInitcheck}, uint32_t{aicore::kSynccheck}, uint32_t{aicore::kSanitizeAll}}) {
    SCOPED_TRACE(modes);
    const Result r = RunKernel(modes, [&] { CounterAdd(count, 8); });
    ExpectOne(r, K::kBounds, "Add",
              {"src1 footprint of 1073741824 repeats", "counter mode 137438953472 elements",
               "past the end of the 4096-byte TBuf buffer"});
    EXPECT_LT(r.seconds, 1.0);
  }
}

// Sanitizer builds run the repeat loop many times slower.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr uint64_t kLongCallElems = uint64_t{1} << 29;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
constexpr uint64_t kLongCallElems = uint64_t{1} << 29;
#else
constexpr uint64_t kLongCallElems = uint64_t{1} << 33;
#endif
#else
constexpr uint64_t kLongCallElems = uint64_t{1} << 33;
#endif

TEST(HostileRepeat, LongInBoundsCounterModeCallIsProgressNotADeadlock) {
  // 2^26 repeats (2^22 in sanitizer builds), all on the same bytes: several
  // times the watchdog limit in every build; the call counts as progress
  // while it runs.
  WatchdogLimit limit(std::chrono::milliseconds(150));
  for (uint32_t modes : {uint32_t{aicore::kSynccheck}, uint32_t{aicore::kSanitizeAll}}) {
    SCOPED_TRACE(modes);
    const Result r = RunKernel(modes, [] { CounterAdd(kLongCallElems, 0); });
    std::printf("modes %u: the call ran %.3f s\n", modes, r.seconds);
    ExpectSilent(r);
  }
}

// ---- 4. counter-mode reductions: bounded scratch, results unchanged ----------

// The adjacent-pair tree of v in float (the documented order).
float PairTree(std::vector<float> v) {
  while (v.size() > 1) {
    std::vector<float> n((v.size() + 1) / 2);
    for (size_t i = 0; i < n.size(); ++i) n[i] = 2 * i + 1 < v.size() ? v[2 * i] + v[2 * i + 1] : v[2 * i];
    v.swap(n);
  }
  return v[0];
}

TEST(HostileReduce, CounterModeWholeReduceSumKeepsNoLargeScratch) {
  constexpr uint32_t kRepeats = 1u << 20;  // one pass would keep 4 MiB of per-repeat sums
  for (uint32_t modes : kModes) {
    SCOPED_TRACE(modes);
    size_t retained = ~size_t{0};
    float got0 = -1, got1 = -1;
    const Result r = RunKernel(modes, [&] {
      TPipe pipe;
      TBuf<> sb, db;
      pipe.InitBuffer(sb, 256);
      pipe.InitBuffer(db, 64);
      LocalTensor<float> src = sb.Get<float>();
      LocalTensor<float> dst = db.Get<float>();
      for (uint32_t i = 0; i < 64; ++i) src.SetValue(i, static_cast<float>(i % 5));
      Duplicate(dst, 0.0f, 16);
      PipeBarrier<PIPE_ALL>();
      SetMaskCount();
      SetVectorMask<float>(0, uint64_t{kRepeats} * 64 - 3);  // the last repeat has 61 lanes
      // Repeat strides 0: every repeat reads src[0, 64) and writes dst[0].
      WholeReduceSum<float, false>(dst, src, 0, 1, 0, 1, 0);
      SetMaskNorm();
      PipeBarrier<PIPE_ALL>();
      retained = aicore::simd::tree::ScratchRetainedBytes();
      got0 = dst.GetValue(0);
      got1 = dst.GetValue(1);
    });
    ExpectSilent(r);
    EXPECT_LE(retained, aicore::simd::tree::kScratchKeepBytes);
    EXPECT_EQ(got0, 120.0f);  // the last repeat: 12 runs of 0+1+2+3+4, then 0
    EXPECT_EQ(got1, 0.0f);
    EXPECT_LT(r.seconds, 2.0);
  }
}

// Chunked counter-mode reductions (more than kReduceChunk repeats) give the
// one-pass results: the tree sum over overlapping repeats (repeat stride 1),
// the first maximum and its index in a later chunk, block sums with a
// partial last repeat.
TEST(HostileReduce, ChunkedCounterModeResultsMatchOnePass) {
  constexpr uint32_t kRepeats = 5000;  // 3 chunks
  static_assert(kRepeats > 2 * aicore::detail::kReduceChunk, "spans chunks");
  std::vector<float> host(kRepeats * 8 + 56);
  for (size_t i = 0; i < host.size(); ++i) host[i] = static_cast<float>(i % 97) * 0.37f - 11.0f;
  // Reference tree sum: per repeat the 64 lanes at 8r, then over repeats.
  std::vector<float> per(kRepeats);
  for (uint32_t r = 0; r < kRepeats; ++r) {
    per[r] = PairTree(std::vector<float>(host.begin() + 8 * r, host.begin() + 8 * r + 64));
  }
  const float want_sum = PairTree(per);
  constexpr uint32_t kMaxAt = 8 * 2500 + 3;  // first in repeat 2493 (chunk 1), lane 59
  for (uint32_t modes : kModes) {
    SCOPED_TRACE(modes);
    float sum = 0, max = 0;
    uint32_t max_index = 0;
    std::vector<float> blocks;
    const Result r = RunKernel(modes, [&] {
      TPipe pipe;
      TBuf<> sb, db, tb;
      pipe.InitBuffer(sb, static_cast<uint32_t>(host.size() * sizeof(float)));
      pipe.InitBuffer(db, 64);
      pipe.InitBuffer(tb, 64);
      LocalTensor<float> src = sb.Get<float>();
      LocalTensor<float> dst = db.Get<float>();
      LocalTensor<float> tmp = tb.Get<float>();
      for (uint32_t i = 0; i < host.size(); ++i) src.SetValue(i, host[i]);
      PipeBarrier<PIPE_ALL>();
      SetMaskCount();
      SetVectorMask<float>(0, uint64_t{kRepeats} * 64);
      ReduceSum<float, false>(dst, src, tmp, 0, 1, 1);
      PipeBarrier<PIPE_ALL>();
      sum = dst.GetValue(0);
      src.SetValue(kMaxAt, 100.0f);
      PipeBarrier<PIPE_ALL>();
      ReduceMax<float, false>(dst, src, tmp, 0, 1, 1, true);
      PipeBarrier<PIPE_ALL>();
      max = dst.GetValue(0);
      const float idx = dst.GetValue(1);
      std::memcpy(&max_index, &idx, 4);
      SetMaskNorm();
    });
    ExpectSilent(r);
    // Block sums of 3000 repeats at stride 0 into 3000 * 8 floats, the last
    // repeat with 59 lanes.
    const Result rb = RunKernel(modes, [&] {
      TPipe pipe;
      TBuf<> sb, ob;
      pipe.InitBuffer(sb, 256);
      pipe.InitBuffer(ob, 3000 * 32);
      LocalTensor<float> src = sb.Get<float>();
      LocalTensor<float> out = ob.Get<float>();
      for (uint32_t i = 0; i < 64; ++i) src.SetValue(i, host[i]);
      PipeBarrier<PIPE_ALL>();
      SetMaskCount();
      SetVectorMask<float>(0, uint64_t{3000} * 64 - 5);
      BlockReduceSum<float, false>(out, src, 1, 0, 1, 1, 0);
      SetMaskNorm();
      PipeBarrier<PIPE_ALL>();
      blocks.resize(3000 * 8);
      std::memcpy(blocks.data(), out.GetPhyAddr(), blocks.size() * sizeof(float));
    });
    ExpectSilent(rb);
    EXPECT_EQ(sum, want_sum);
    EXPECT_EQ(max, 100.0f);
    EXPECT_EQ(max_index, 2493u * 64 + 59);
    for (uint32_t rep : {0u, 2047u, 2048u, 2999u}) {
      for (uint32_t k = 0; k < 8; ++k) {
        const uint32_t lanes = rep == 2999 && k == 7 ? 3 : 8;
        const float want = PairTree(std::vector<float>(host.begin() + 8 * k, host.begin() + 8 * k + lanes));
        EXPECT_EQ(blocks[rep * 8 + k], want) << "repeat " << rep << " block " << k;
      }
    }
  }
}

}  // namespace
