// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Sinh, Cosh, Asinh, Acosh, Atanh (lib/math_trig.h) against float64
// references, every form; exact special values; the diagnostics of the
// lib/math_trig.h APIs with clean twins. Harness and tolerances:
// math_trig_test_util.h.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "unit/lib/math_trig_test_util.h"

namespace aicore_test {
namespace {

using AscendC::LocalTensor;

#define AICORE_TRIG_TESTS(API, SEED)                                          \
  TEST(LibMathTrig, API##Float) { CheckApi<Api::k##API, float>(SEED); }     \
  TEST(LibMathTrig, API##Half) { CheckApi<Api::k##API, half>(SEED + 100); }
AICORE_TRIG_TESTS(Sinh, 8)
AICORE_TRIG_TESTS(Cosh, 9)
AICORE_TRIG_TESTS(Asinh, 10)
AICORE_TRIG_TESTS(Acosh, 11)
AICORE_TRIG_TESTS(Atanh, 12)
#undef AICORE_TRIG_TESTS

// A few exact special values (IEEE results at the domain edges).
TEST(LibMathTrig, SpecialValuesExact) {
  const float inf = HUGE_VALF;
  const std::vector<float> x = {inf, -inf, 1.0f, -1.0f, 0.0f, 2.0f, 0.5f, 200.0f};
  auto run = [&](auto api) {
    constexpr Api a = decltype(api)::value;
    std::vector<float> y(8);
    aicore::Launch(
        [&] {
          AscendC::TPipe pipe;
          TBuf<TPosition::VECCALC> bs, bd, bt;
          pipe.InitBuffer(bs, 32);
          pipe.InitBuffer(bd, 32);
          pipe.InitBuffer(bt, 32);
          LocalTensor<float> s = bs.Get<float>(8), d = bd.Get<float>(8);
          std::memcpy(s.GetPhyAddr(), x.data(), 32);
          Call<a, float>(1, false, d, s, bt.Get<uint8_t>(32), 8);
          std::memcpy(y.data(), d.GetPhyAddr(), 32);
        },
        1);
    return y;
  };
  std::vector<float> y = run(std::integral_constant<Api, Api::kAtanh>());
  EXPECT_EQ(y[2], inf);
  EXPECT_EQ(y[3], -inf);
  EXPECT_TRUE(std::isnan(y[0]) && std::isnan(y[5]));
  y = run(std::integral_constant<Api, Api::kAtan>());
  EXPECT_FLOAT_EQ(y[0], 1.5707963f);
  EXPECT_FLOAT_EQ(y[1], -1.5707963f);
  y = run(std::integral_constant<Api, Api::kAcosh>());
  EXPECT_EQ(y[0], inf);
  EXPECT_EQ(y[2], 0.0f);
  EXPECT_TRUE(std::isnan(y[4]) && std::isnan(y[6]) && std::isnan(y[1]));
  y = run(std::integral_constant<Api, Api::kSin>());
  EXPECT_TRUE(std::isnan(y[0]) && std::isnan(y[1]));
  y = run(std::integral_constant<Api, Api::kCosh>());
  EXPECT_EQ(y[0], inf);
  EXPECT_EQ(y[1], inf);
  EXPECT_EQ(y[7], inf);
  y = run(std::integral_constant<Api, Api::kSinh>());
  EXPECT_EQ(y[1], -inf);
  EXPECT_EQ(y[7], inf);
  y = run(std::integral_constant<Api, Api::kAsin>());
  EXPECT_TRUE(std::isnan(y[5]) && std::isnan(y[0]));
  EXPECT_FLOAT_EQ(y[2], 1.5707963f);
}

TEST(LibMathTrigDiagnostics, TmpBelowTheMinimum) {
  std::string m =
      LibCallError<half>(2016, [](auto& d, auto& s, auto& t) { AscendC::Sin(d, s, t, 64); });
  EXPECT_TRUE(Has(m, "Sin")) << m;
  EXPECT_TRUE(Has(m, "sharedTmpBuffer holds 2016 bytes, fewer than the 2048 bytes "
                     "GetSinMaxMinTmpSize gives as the minimum for half")) << m;
  EXPECT_TRUE(Has(m, "test_math_hyperbolic.cpp")) << m;
  m = LibCallError<float>(512,
                          [](auto& d, auto& s, auto& t) { AscendC::Exp<float, 0>(d, s, t, 64); });
  EXPECT_TRUE(Has(m, "Exp")) << m;
  EXPECT_TRUE(Has(m, "fewer than the 768 bytes GetExpMaxMinTmpSize")) << m;
  m = LibCallError<float>(768, [](auto& d, auto& s, auto& t) { AscendC::Atan(d, s, t, 64); });
  EXPECT_TRUE(Has(m, "fewer than the 1280 bytes GetAtanMaxMinTmpSize")) << m;
  m = LibCallError<half>(256, [](auto& d, auto& s, auto& t) { AscendC::Acosh(d, s, t); });
  EXPECT_TRUE(Has(m, "fewer than the 512 bytes GetAcoshMaxMinTmpSize")) << m;
  // Clean twins: the minimum (float Sin/Cos with isReuseSource: one node less).
  EXPECT_EQ(LibCallError<half>(2048, [](auto& d, auto& s, auto& t) { AscendC::Sin(d, s, t, 64); }),
            "");
  EXPECT_EQ(LibCallError<float>(
                512, [](auto& d, auto& s, auto& t) { AscendC::Exp<float, 0, true>(d, s, t, 64); }),
            "");
  EXPECT_EQ(LibCallError<float>(
                512, [](auto& d, auto& s, auto& t) { AscendC::Cos<float, true>(d, s, t); }),
            "");
  EXPECT_EQ(
      LibCallError<float>(1280, [](auto& d, auto& s, auto& t) { AscendC::Atan(d, s, t, 64); }), "");
  EXPECT_EQ(LibCallError<half>(512, [](auto& d, auto& s, auto& t) { AscendC::Acosh(d, s, t); }),
            "");
}

TEST(LibMathTrigDiagnostics, CountBeyondTensor) {
  std::string m = LibCallError<float>(
      4096, [](auto& d, auto& s, auto&) { AscendC::Exp<float, 0, false>(d, s, 65); });
  EXPECT_TRUE(Has(m, "Exp")) << m;
  EXPECT_TRUE(Has(m, "calCount 65 exceeds the 64 float elements of srcTensor")) << m;
  m = LibCallError<half>(4096, [](auto& d, auto& s, auto& t) { AscendC::Cosh(d, s, t, 100); });
  EXPECT_TRUE(Has(m, "Cosh")) << m;
  EXPECT_TRUE(Has(m, "calCount 100 exceeds the 64 half elements of srcTensor")) << m;
  m = LibCallError<float>(4096, [](auto& d, auto& s, auto&) {
    AscendC::Atanh(d[32], s, 40);
  });
  EXPECT_TRUE(Has(m, "Atanh")) << m;
  EXPECT_TRUE(Has(m, "calCount 40 exceeds the 32 float elements of dstTensor")) << m;
  // Clean twins: the full count.
  EXPECT_EQ(LibCallError<float>(
                4096, [](auto& d, auto& s, auto&) { AscendC::Exp<float, 0, false>(d, s, 64); }),
            "");
  EXPECT_EQ(LibCallError<half>(4096, [](auto& d, auto& s, auto& t) { AscendC::Cosh(d, s, t, 64); }),
            "");
  EXPECT_EQ(
      LibCallError<float>(4096, [](auto& d, auto& s, auto&) { AscendC::Atanh(d[32], s, 32); }), "");
}

TEST(LibMathTrigDiagnostics, MisalignedAndOverlappingOperands) {
  std::string m =
      LibCallError<float>(4096, [](auto& d, auto& s, auto&) { AscendC::Tan(d, s[1], 8); });
  EXPECT_TRUE(Has(m, "Tan")) << m;
  EXPECT_TRUE(Has(m, "not 32-byte aligned")) << m;
  m = LibCallError<half>(4096, [](auto& d, auto& s, auto& t) {
    (void)d;
    LocalTensor<half> in_tmp = t.template ReinterpretCast<half>();
    AscendC::Asin(in_tmp, s, t, 64);
  });
  EXPECT_TRUE(Has(m, "Asin")) << m;
  EXPECT_TRUE(Has(m, "sharedTmpBuffer overlaps dstTensor")) << m;
  m = LibCallError<float>(4096, [](auto& d, auto&, auto& t) {
    LocalTensor<float> in_tmp = t.template ReinterpretCast<float>();
    AscendC::Sinh(d, in_tmp, t, 64);
  });
  EXPECT_TRUE(Has(m, "sharedTmpBuffer overlaps srcTensor")) << m;
  // Clean twins.
  EXPECT_EQ(LibCallError<float>(4096, [](auto& d, auto& s, auto&) { AscendC::Tan(d, s[8], 8); }),
            "");
  EXPECT_EQ(LibCallError<half>(4096, [](auto& d, auto& s, auto& t) { AscendC::Asin(d, s, t, 64); }),
            "");
}

}  // namespace
}  // namespace aicore_test
