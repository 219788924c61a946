// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// numcheck (bug class 14): an instruction that writes NaN/Inf from finite
// inputs — half overflow, float -> half Cast overflow, division by zero, Exp
// overflow, Ln of a negative value or of 0, an overflowing sum — is reported
// as a non-fatal kNumeric error naming the API, kernel, block, this file and
// line, the element and the input values. The same kernel without the bug is
// silent with numcheck on; NaN/Inf inputs (propagation) are never reported;
// with numcheck off nothing is checked.
//
// Each kernel takes `buggy`: 0 runs the clean variant in every block, 1 puts
// the bug in block kBadBlock only. MARK_NEXT_LINE() records the line of the
// offending call, which must be on the next line.
#include <aicore/aicore.h>
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "../../examples/gelu/gelu_kernel.h"
#include "../../examples/rms_norm/rms_norm_kernel.h"

using namespace AscendC;

namespace {

constexpr uint32_t kBlocks = 4;
constexpr int64_t kBadBlock = 2;
constexpr int32_t kN = 256;  // elements per tile

std::atomic<int> g_line{0};
#define MARK_NEXT_LINE() g_line.store(__LINE__ + 1, std::memory_order_relaxed)

bool Bug(int32_t buggy) { return buggy != 0 && GetBlockIdx() == kBadBlock; }

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// ---------------------------------------------------------------------------
// Checking helpers.

struct Want {
  std::string api;
  std::string kernel;
  std::vector<std::string> fragments;
};

std::string Basename(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Runs `launch` with numcheck on: exactly one kNumeric report, from block
// kBadBlock, at the marked line, with every fragment.
template <class F>
void ExpectReport(F&& launch, const Want& w) {
  aicore::ErrorRecorder rec(aicore::kNumcheck);
  g_line.store(0);
  launch();
  ASSERT_EQ(rec.size(), 1u) << rec.str();
  const aicore::KernelError& e = rec.reports()[0];
  const std::string what = e.what();
  SCOPED_TRACE(what);
  const int line = g_line.load();
  EXPECT_GT(line, 0);
  EXPECT_EQ(e.kind(), aicore::ErrorKind::kNumeric);
  EXPECT_EQ(e.api(), w.api);
  EXPECT_EQ(e.kernel(), w.kernel);
  EXPECT_EQ(e.block(), kBadBlock);
  EXPECT_EQ(Basename(e.file()), "test_sanitizer_numcheck.cpp");
  EXPECT_EQ(e.line(), line);
  EXPECT_NE(what.find("aicore: numeric error in " + w.api), std::string::npos);
  EXPECT_NE(what.find("test_sanitizer_numcheck.cpp:" + std::to_string(line) + " "),
            std::string::npos);
  EXPECT_NE(what.find("(kernel " + w.kernel + ", block " + std::to_string(kBadBlock) + " of " +
                      std::to_string(kBlocks) + ")"),
            std::string::npos);
  for (const std::string& f : w.fragments) {
    EXPECT_NE(what.find(f), std::string::npos) << "missing fragment: " << f;
  }
}

// Runs `launch` with the given modes: no report.
template <class F>
void ExpectSilent(F&& launch, uint32_t modes = aicore::kNumcheck) {
  aicore::ErrorRecorder rec(modes);
  launch();
  EXPECT_EQ(rec.size(), 0u) << rec.str();
}

// Orders the pipes around scalar writes (the kernels are otherwise clean
// under every sanitizer mode).
template <HardEvent E>
void Order() {
  SetFlag<E>(EVENT_ID0);
  WaitFlag<E>(EVENT_ID0);
}

// Tiles of kN elements, filled by Duplicate; kernels then set single
// elements between Order<V_S>() and Order<S_V>().
struct Tiles {
  TPipe pipe;
  TBuf<> b[4];
  Tiles() {
    for (auto& x : b) pipe.InitBuffer(x, kN * sizeof(float));
  }
  template <class T>
  LocalTensor<T> Make(int i, float fill) {
    LocalTensor<T> t = b[i].Get<T>();
    Duplicate(t, static_cast<T>(fill), kN);
    return t;
  }
};

// ---------------------------------------------------------------------------
// Kernels.

// half: element 17 is 300 * 250 = 75000 (> 65504) in the buggy block,
// 300 * 200 = 60000 otherwise.
void half_mul_overflow(int32_t buggy) {
  Tiles t;
  LocalTensor<half> x = t.Make<half>(0, 2.0f);
  LocalTensor<half> y = t.Make<half>(1, 2.0f);
  LocalTensor<half> z = t.Make<half>(2, 0.0f);
  Order<HardEvent::V_S>();
  x.SetValue(17, half(300.0f));
  y.SetValue(17, half(Bug(buggy) ? 250.0f : 200.0f));
  Order<HardEvent::S_V>();
  MARK_NEXT_LINE();
  Mul(z, x, y, kN);
}

// The same in place (dst is src0): the report still shows src0's value.
void half_mul_overflow_in_place(int32_t buggy) {
  Tiles t;
  LocalTensor<half> x = t.Make<half>(0, 2.0f);
  LocalTensor<half> y = t.Make<half>(1, 2.0f);
  Order<HardEvent::V_S>();
  x.SetValue(17, half(300.0f));
  y.SetValue(17, half(Bug(buggy) ? 250.0f : 200.0f));
  Order<HardEvent::S_V>();
  MARK_NEXT_LINE();
  Mul(x, x, y, kN);
}

// Repeat form, 2 repeats of 128 lanes: element 140 is repeat 1, lane 12.
void half_mul_overflow_repeat(int32_t buggy) {
  Tiles t;
  LocalTensor<half> x = t.Make<half>(0, 2.0f);
  LocalTensor<half> y = t.Make<half>(1, 2.0f);
  LocalTensor<half> z = t.Make<half>(2, 0.0f);
  Order<HardEvent::V_S>();
  x.SetValue(140, half(300.0f));
  y.SetValue(140, half(Bug(buggy) ? 250.0f : 200.0f));
  Order<HardEvent::S_V>();
  MARK_NEXT_LINE();
  Mul(z, x, y, 128, 2, BinaryRepeatParams{});
}

// Repeat form with a mask of 64 lanes: a NaN in an inactive lane (100) is
// not an input, the overflow in lane 17 is reported.
void half_add_overflow_masked(int32_t buggy) {
  Tiles t;
  LocalTensor<half> x = t.Make<half>(0, 2.0f);
  LocalTensor<half> y = t.Make<half>(1, 2.0f);
  LocalTensor<half> z = t.Make<half>(2, 0.0f);
  Order<HardEvent::V_S>();
  x.SetValue(100, half(kNaN));
  x.SetValue(17, half(40000.0f));
  y.SetValue(17, half(Bug(buggy) ? 30000.0f : 20000.0f));
  Order<HardEvent::S_V>();
  MARK_NEXT_LINE();
  Add(z, x, y, 64, 1, BinaryRepeatParams{});
}

// half + a scalar: 10000 + 60000 = 70000 in the buggy block.
void half_adds_overflow(int32_t buggy) {
  Tiles t;
  LocalTensor<half> x = t.Make<half>(0, 1.0f);
  LocalTensor<half> z = t.Make<half>(2, 0.0f);
  Order<HardEvent::V_S>();
  x.SetValue(2, half(Bug(buggy) ? 10000.0f : 5000.0f));
  Order<HardEvent::S_V>();
  MARK_NEXT_LINE();
  Adds(z, x, half(60000.0f), kN);
}

// float -> half: element 5 is 70000 in the buggy block, 65519 otherwise
// (the largest float that still rounds to 65504).
void cast_half_overflow(int32_t buggy) {
  Tiles t;
  LocalTensor<float> x = t.Make<float>(0, 1.5f);
  LocalTensor<half> h = t.Make<half>(1, 0.0f);
  Order<HardEvent::V_S>();
  x.SetValue(5, Bug(buggy) ? 70000.0f : 65519.0f);
  Order<HardEvent::S_V>();
  MARK_NEXT_LINE();
  Cast(h, x, RoundMode::CAST_RINT, kN);
}

// The same in the repeat form (64 lanes per repeat, half dst 4 blocks):
// element 70 is repeat 1, lane 6.
void cast_half_overflow_repeat(int32_t buggy) {
  Tiles t;
  LocalTensor<float> x = t.Make<float>(0, 1.5f);
  LocalTensor<half> h = t.Make<half>(1, 0.0f);
  Order<HardEvent::V_S>();
  x.SetValue(70, Bug(buggy) ? 70000.0f : 65519.0f);
  Order<HardEvent::S_V>();
  MARK_NEXT_LINE();
  Cast(h, x, RoundMode::CAST_RINT, 64, 2, UnaryRepeatParams(1, 1, 4, 8));
}

// float: 1 / 0 at element 3 in the buggy block.
void div_by_zero(int32_t buggy) {
  Tiles t;
  LocalTensor<float> x = t.Make<float>(0, 1.0f);
  LocalTensor<float> y = t.Make<float>(1, 4.0f);
  LocalTensor<float> z = t.Make<float>(2, 0.0f);
  Order<HardEvent::V_S>();
  y.SetValue(3, Bug(buggy) ? 0.0f : 4.0f);
  Order<HardEvent::S_V>();
  MARK_NEXT_LINE();
  Div(z, x, y, kN);
}

// half: exp(12) = 162755 overflows, exp(11) = 59874 does not.
void exp_overflow_half(int32_t buggy) {
  Tiles t;
  LocalTensor<half> x = t.Make<half>(0, 1.0f);
  LocalTensor<half> z = t.Make<half>(1, 0.0f);
  Order<HardEvent::V_S>();
  x.SetValue(9, half(Bug(buggy) ? 12.0f : 11.0f));
  Order<HardEvent::S_V>();
  MARK_NEXT_LINE();
  Exp(z, x, kN);
}

// float: Ln(-1) = NaN (buggy == 1) or Ln(0) = -Inf (buggy == 2) at element 4.
void ln_domain(int32_t buggy) {
  Tiles t;
  LocalTensor<float> x = t.Make<float>(0, 2.0f);
  LocalTensor<float> z = t.Make<float>(1, 0.0f);
  Order<HardEvent::V_S>();
  x.SetValue(4, !Bug(buggy) ? 0.5f : (buggy == 1 ? -1.0f : 0.0f));
  Order<HardEvent::S_V>();
  MARK_NEXT_LINE();
  Ln(z, x, kN);
}

// A NaN input at element 3 does not hide the overflow at element 7 in the
// count form.
void nan_input_then_overflow(int32_t buggy) {
  Tiles t;
  LocalTensor<half> x = t.Make<half>(0, 2.0f);
  LocalTensor<half> z = t.Make<half>(2, 0.0f);
  Order<HardEvent::V_S>();
  x.SetValue(3, half(kNaN));
  x.SetValue(7, half(Bug(buggy) ? 60000.0f : 30000.0f));
  Order<HardEvent::S_V>();
  MARK_NEXT_LINE();
  Add(z, x, x, kN);
}

// half sum of 128 values of 1000 = 128000 (of 100 = 12800 when clean).
void reduce_sum_overflow(int32_t buggy) {
  Tiles t;
  LocalTensor<half> x = t.Make<half>(0, Bug(buggy) ? 1000.0f : 100.0f);
  LocalTensor<half> s = t.Make<half>(1, 0.0f);
  LocalTensor<half> w = t.Make<half>(2, 0.0f);
  MARK_NEXT_LINE();
  ReduceSum(s, x, w, 128);
}

// WholeReduceSum over 2 repeats: repeat 1 holds 1000s in the buggy block.
void whole_reduce_sum_overflow(int32_t buggy) {
  Tiles t;
  LocalTensor<half> x = t.Make<half>(0, 100.0f);
  LocalTensor<half> s = t.Make<half>(1, 0.0f);
  if (Bug(buggy)) Duplicate(x[128], half(1000.0f), 128);
  MARK_NEXT_LINE();
  WholeReduceSum(s, x, 128, 2, 1, 1, 8);
}

// NaN and Inf inputs, in every block: propagation only, nothing to report.
void propagation_only(int32_t) {
  Tiles t;
  LocalTensor<half> x = t.Make<half>(0, 2.0f);
  LocalTensor<half> y = t.Make<half>(1, 2.0f);
  LocalTensor<half> z = t.Make<half>(2, 0.0f);
  LocalTensor<float> f = t.Make<float>(3, 1.0f);
  Order<HardEvent::V_S>();
  x.SetValue(3, half(kInf));
  x.SetValue(4, half(kNaN));
  y.SetValue(5, half(-kInf));
  f.SetValue(1, kInf);
  Order<HardEvent::S_V>();
  Mul(z, x, y, kN);                            // Inf * 2, NaN * 2, 2 * -Inf
  Sub(z, x, x, kN);                            // Inf - Inf = NaN
  Muls(z, y, half(kInf), kN);                  // a scalar Inf
  Exp(z, x, kN);                               // exp(Inf), exp(NaN)
  Mul(z, x, y, 128, 2, BinaryRepeatParams{});  // repeat form
  Duplicate(z, half(-kInf), kN);               // an initial value for a max
  MulAddDst(z, x, y, kN);                      // dst is -Inf already
  ReduceSum(z, x, y, kN);                      // the sum of an Inf
  Cast(z, f, RoundMode::CAST_RINT, kN);        // float Inf -> half Inf
}

}  // namespace

// ---------------------------------------------------------------------------
// Tests.

TEST(SanitizerNumcheck, HalfMulOverflow) {
  ExpectReport([] { AICORE_LAUNCH(half_mul_overflow, kBlocks, 1); },
               {"Mul", "half_mul_overflow",
                {"Mul result 75000 overflows half (max 65504) -> +Inf at dst element 17",
                 "from finite inputs src0=300 src1=250", "compute in float"}});
  ExpectSilent([] { AICORE_LAUNCH(half_mul_overflow, kBlocks, 0); });
}

TEST(SanitizerNumcheck, HalfMulOverflowInPlace) {
  ExpectReport([] { AICORE_LAUNCH(half_mul_overflow_in_place, kBlocks, 1); },
               {"Mul", "half_mul_overflow_in_place",
                {"Mul result 75000 overflows half (max 65504) -> +Inf at dst element 17",
                 "src0=300 src1=250"}});
  ExpectSilent([] { AICORE_LAUNCH(half_mul_overflow_in_place, kBlocks, 0); });
}

TEST(SanitizerNumcheck, HalfMulOverflowRepeatForm) {
  ExpectReport([] { AICORE_LAUNCH(half_mul_overflow_repeat, kBlocks, 1); },
               {"Mul", "half_mul_overflow_repeat",
                {"Mul result 75000 overflows half (max 65504) -> +Inf at dst element 140 "
                 "(repeat 1, lane 12) from finite inputs src0=300 src1=250"}});
  ExpectSilent([] { AICORE_LAUNCH(half_mul_overflow_repeat, kBlocks, 0); });
}

TEST(SanitizerNumcheck, MaskedOffNaNIsNotAnInput) {
  ExpectReport([] { AICORE_LAUNCH(half_add_overflow_masked, kBlocks, 1); },
               {"Add", "half_add_overflow_masked",
                {"Add result 70000 overflows half (max 65504) -> +Inf at dst element 17 "
                 "(repeat 0, lane 17) from finite inputs src0=40000 src1=30000"}});
  ExpectSilent([] { AICORE_LAUNCH(half_add_overflow_masked, kBlocks, 0); });
}

TEST(SanitizerNumcheck, HalfAddsOverflowNamesTheScalar) {
  ExpectReport([] { AICORE_LAUNCH(half_adds_overflow, kBlocks, 1); },
               {"Adds", "half_adds_overflow",
                {"Adds result 70000 overflows half (max 65504) -> +Inf at dst element 2",
                 "from finite inputs src=10000 scalar=60000"}});
  ExpectSilent([] { AICORE_LAUNCH(half_adds_overflow, kBlocks, 0); });
}

TEST(SanitizerNumcheck, CastFloatToHalfOverflow) {
  ExpectReport([] { AICORE_LAUNCH(cast_half_overflow, kBlocks, 1); },
               {"Cast", "cast_half_overflow",
                {"Cast result 70000 overflows half (max 65504) -> +Inf at dst element 5 from "
                 "finite input src=70000",
                 "scale the values into the half range before the Cast, or keep them in float"}});
  ExpectSilent([] { AICORE_LAUNCH(cast_half_overflow, kBlocks, 0); });
}

TEST(SanitizerNumcheck, CastFloatToHalfOverflowRepeatForm) {
  ExpectReport([] { AICORE_LAUNCH(cast_half_overflow_repeat, kBlocks, 1); },
               {"Cast", "cast_half_overflow_repeat",
                {"Cast result 70000 overflows half (max 65504) -> +Inf at dst element 70 "
                 "(repeat 1, lane 6) from finite input src=70000"}});
  ExpectSilent([] { AICORE_LAUNCH(cast_half_overflow_repeat, kBlocks, 0); });
}

TEST(SanitizerNumcheck, DivisionByZero) {
  ExpectReport([] { AICORE_LAUNCH(div_by_zero, kBlocks, 1); },
               {"Div", "div_by_zero",
                {"Div produced +Inf (float) at dst element 3 from finite inputs src0=1 src1=0",
                 "division by zero"}});
  ExpectSilent([] { AICORE_LAUNCH(div_by_zero, kBlocks, 0); });
}

TEST(SanitizerNumcheck, ExpOverflowInHalf) {
  ExpectReport([] { AICORE_LAUNCH(exp_overflow_half, kBlocks, 1); },
               {"Exp", "exp_overflow_half",
                {"Exp result 162754.", "overflows half (max 65504) -> +Inf at dst element 9",
                 "from finite input src=12"}});
  ExpectSilent([] { AICORE_LAUNCH(exp_overflow_half, kBlocks, 0); });
}

TEST(SanitizerNumcheck, LnOfNegativeAndOfZero) {
  ExpectReport([] { AICORE_LAUNCH(ln_domain, kBlocks, 1); },
               {"Ln", "ln_domain",
                {"Ln produced NaN (float) at dst element 4 from finite input src=-1",
                 "outside the instruction's domain"}});
  ExpectReport([] { AICORE_LAUNCH(ln_domain, kBlocks, 2); },
               {"Ln", "ln_domain",
                {"Ln produced -Inf (float) at dst element 4 from finite input src=0", "Ln(0)"}});
  ExpectSilent([] { AICORE_LAUNCH(ln_domain, kBlocks, 0); });
}

TEST(SanitizerNumcheck, CountFormIsExactPerElement) {
  ExpectReport([] { AICORE_LAUNCH(nan_input_then_overflow, kBlocks, 1); },
               {"Add", "nan_input_then_overflow",
                {"Add result 120000 overflows half (max 65504) -> +Inf at dst element 7",
                 "src0=60000 src1=60000"}});
  ExpectSilent([] { AICORE_LAUNCH(nan_input_then_overflow, kBlocks, 0); });
}

TEST(SanitizerNumcheck, ReduceSumOverflow) {
  ExpectReport([] { AICORE_LAUNCH(reduce_sum_overflow, kBlocks, 1); },
               {"ReduceSum", "reduce_sum_overflow",
                {"ReduceSum produced +Inf (half) at dst element 0 from 128 finite inputs "
                 "(src[0, 128); their sum in double precision is 128000): a partial sum "
                 "overflows half (max 65504)"}});
  ExpectSilent([] { AICORE_LAUNCH(reduce_sum_overflow, kBlocks, 0); });
}

TEST(SanitizerNumcheck, WholeReduceSumOverflow) {
  ExpectReport([] { AICORE_LAUNCH(whole_reduce_sum_overflow, kBlocks, 1); },
               {"WholeReduceSum", "whole_reduce_sum_overflow",
                {"WholeReduceSum produced +Inf (half) at dst element 1 (repeat 1) from 128 finite "
                 "inputs (the active lanes in [0, 128) of repeat 1 of src"}});
  ExpectSilent([] { AICORE_LAUNCH(whole_reduce_sum_overflow, kBlocks, 0); });
}

TEST(SanitizerNumcheck, PropagationIsNotReported) {
  ExpectSilent([] { AICORE_LAUNCH(propagation_only, kBlocks, 0); });
}

TEST(SanitizerNumcheck, OffByDefault) {
  // Numcheck off (other deep modes on): the overflow is not looked for.
  ExpectSilent([] { AICORE_LAUNCH(half_mul_overflow, kBlocks, 1); }, 0);
  ExpectSilent([] { AICORE_LAUNCH(cast_half_overflow, kBlocks, 1); },
               aicore::kSanitizeAll & ~aicore::kNumcheck);
}

TEST(SanitizerNumcheck, WithoutASinkLaunchThrowsTheReport) {
  const uint32_t saved = aicore::GetSanitize();
  aicore::SetSanitize(aicore::kNumcheck);
  ::testing::internal::CaptureStderr();
  std::string what;
  try {
    AICORE_LAUNCH(div_by_zero, kBlocks, 1);
  } catch (const aicore::KernelError& e) {
    EXPECT_EQ(e.kind(), aicore::ErrorKind::kNumeric);
    what = e.what();
  }
  const std::string err = ::testing::internal::GetCapturedStderr();
  aicore::SetSanitize(saved);
  EXPECT_NE(what.find("Div produced +Inf (float) at dst element 3"), std::string::npos) << what;
  EXPECT_NE(err.find("Div produced +Inf (float) at dst element 3"), std::string::npos) << err;
}

TEST(SanitizerNumcheck, GeluAndRmsNormOnNormalDataAreSilent) {
  constexpr uint32_t n = 4096;
  std::vector<half> x(n), y(n);
  for (uint32_t i = 0; i < n; ++i) x[i] = half(-6.0f + 12.0f * static_cast<float>(i) / n);
  ExpectSilent([&] {
    AICORE_LAUNCH(gelu_custom<half>, 2, reinterpret_cast<GM_ADDR>(x.data()),
                  reinterpret_cast<GM_ADDR>(y.data()), GeluTiling{n, 2048});
  });
  constexpr uint32_t rows = 8, hidden = 512;
  std::vector<half> a(rows * hidden), gamma(hidden), out(rows * hidden);
  for (uint32_t i = 0; i < rows * hidden; ++i) {
    a[i] = half(static_cast<float>(i % 37) / 9.0f - 2.0f);
  }
  for (uint32_t i = 0; i < hidden; ++i) gamma[i] = half(0.5f + static_cast<float>(i % 11) / 10.0f);
  ExpectSilent([&] {
    AICORE_LAUNCH(rms_norm_custom, 4, reinterpret_cast<GM_ADDR>(a.data()),
                  reinterpret_cast<GM_ADDR>(gamma.data()), reinterpret_cast<GM_ADDR>(out.data()),
                  RmsNormTiling{rows, hidden, 1e-6f});
  });
}
