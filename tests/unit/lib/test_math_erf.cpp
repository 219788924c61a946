// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Erf and Erfc (lib/math_erf.h): every public form for half and float against
// float64 references on the vendor's clipped inputs (erf(clip(x, 3.92)),
// erfc(clip(x, 10))), and their diagnostics with clean twins.
//
// Tolerance: y passes against r when both are NaN, or
//   Erf:  |y - r| <= 2^-21 |r| + 2^-25          (the rational's own error is
//         1.6e-8 absolute, 1.3e-7 relative; f32 evaluation adds a few ulp)
//   Erfc: |y - r| <= (2^-21 + 2^-23 z^2) |r| + 2^-126   (z = |x| clipped:
//         exp(-z^2) amplifies the f32 rounding of z^2; results below FLT_MIN
//         absolute)
// plus half an ulp of r for half.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "aicore/lib/math_erf.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {
namespace {

using AscendC::LocalTensor;
using AscendC::TBuf;
using AscendC::TPosition;

bool Has(const std::string& s, const std::string& w) { return s.find(w) != std::string::npos; }

template <class T>
bool Close(bool erfc, double x, double got) {
  if (std::isnan(x) || std::isnan(got)) return std::isnan(x) && std::isnan(got);
  double r, tol;
  if (!erfc) {
    r = std::erf(std::max(-3.92, std::min(3.92, static_cast<double>(x))));
    tol = 0x1p-21 * std::fabs(r) + 0x1p-25;
  } else {
    const double c = std::max(-10.0, std::min(10.0, x));
    r = std::erfc(c);
    tol = (0x1p-21 + 0x1p-23 * c * c) * std::fabs(r) + 0x1p-126;
  }
  if (std::is_same_v<T, half>) {
    const double ar = std::max(std::fabs(r), 0x1p-14);
    tol += std::exp2(std::floor(std::log2(ar)) - 11);
  }
  return std::fabs(got - r) <= tol;
}

template <class T>
std::vector<T> Inputs(Rng& rng, size_t n) {
  static const double kSpecials[] = {0.0, -0.0, 1.0, -1.0, 3.92, -3.92, 4.0, 10.0, -10.0, 12.0,
                                     1e-6, -1e-30, HUGE_VAL, -HUGE_VAL, std::nan("")};
  std::vector<T> v(n);
  for (auto& x : v) {
    const uint64_t k = rng.Below(8);
    double d;
    if (k == 0) d = kSpecials[rng.Below(std::size(kSpecials))];
    else if (k < 5) d = rng.Uniform(-5, 5);
    else if (k < 7) d = rng.Uniform(-11, 11);
    else d = (rng.Below(2) ? 1 : -1) * std::exp2(rng.Uniform(-30, 2));
    x = ref::RoundTo<T>(d);
  }
  return v;
}

// form: 0 tmp + calCount, 1 calCount, 2 tmp whole tensor, 3 whole tensor.
template <class T>
void Call(bool erfc, int form, const LocalTensor<T>& d, const LocalTensor<T>& s,
          const LocalTensor<uint8_t>& t, uint32_t c) {
  if (erfc) {
    if (form == 0) AscendC::Erfc(d, s, t, c);
    else if (form == 1) AscendC::Erfc<T, true>(d, s, c);
    else if (form == 2) AscendC::Erfc(d, s, t);
    else AscendC::Erfc(d, s);
  } else {
    if (form == 0) AscendC::Erf<T, true>(d, s, t, c);
    else if (form == 1) AscendC::Erf(d, s, c);
    else if (form == 2) AscendC::Erf(d, s, t);
    else AscendC::Erf(d, s);
  }
}

template <class T>
void CheckErf(bool erfc, uint64_t seed) {
  Rng rng(seed);
  const uint32_t tmp_bytes = 16 * 256;
  for (size_t nn : Sizes<T>()) {
    const uint32_t n = static_cast<uint32_t>(nn);
    for (int form = 0; form < 4; ++form) {
      const std::vector<T> x = Inputs<T>(rng, n);
      std::vector<T> y(n);
      const uint32_t count = (form < 2 && n > 5 && rng.Below(2)) ? n - 5 : n;
      const bool inplace = form == 3 && n % 2 == 1;
      aicore::Launch(
          [&] {
            AscendC::TPipe pipe;
            TBuf<TPosition::VECCALC> bs, bd, bt;
            const uint32_t bytes = Round32(std::max<size_t>(n, 1) * sizeof(T));
            pipe.InitBuffer(bs, bytes);
            pipe.InitBuffer(bd, bytes);
            pipe.InitBuffer(bt, tmp_bytes);
            LocalTensor<T> s = bs.Get<T>(n);
            LocalTensor<T> d = inplace ? s : bd.Get<T>(n);
            if (n != 0) std::memcpy(s.GetPhyAddr(), x.data(), n * sizeof(T));
            if (!inplace && n != 0) std::memset(d.GetPhyAddr(), 0, n * sizeof(T));
            Call<T>(erfc, form, d, s, bt.Get<uint8_t>(tmp_bytes), count);
            if (n != 0) std::memcpy(y.data(), d.GetPhyAddr(), n * sizeof(T));
          },
          1);
      int bad = 0;
      for (uint32_t i = 0; i < count; ++i) {
        if (!Close<T>(erfc, ref::ToDouble(x[i]), ref::ToDouble(y[i])) && ++bad <= 5) {
          ADD_FAILURE() << (erfc ? "Erfc " : "Erf ") << aicore::detail::TypeName<T>()
                        << " n=" << n << " form=" << form << " i=" << i << " x=" << Show(x[i])
                        << " got " << Show(y[i]);
        }
      }
      EXPECT_EQ(bad, 0);
      for (uint32_t i = count; i < n; ++i) {
        ASSERT_EQ(ref::Bits(y[i]), ref::Bits(T(0))) << "written past calCount";
      }
    }
  }
}

TEST(LibErf, ErfFloat) { CheckErf<float>(false, 11); }
TEST(LibErf, ErfHalf) { CheckErf<half>(false, 12); }
TEST(LibErf, ErfcFloat) { CheckErf<float>(true, 13); }
TEST(LibErf, ErfcHalf) { CheckErf<half>(true, 14); }

TEST(LibErfDiagnostics, SmallTmpBufferAndCounts) {
  // Erf float 3 * 256, Erfc half 16 * 256.
  std::string m = LibCallError<float>(512, [](auto& d, auto& s, auto& t) { AscendC::Erf(d, s, t, 64); });
  EXPECT_TRUE(Has(m, "Erf")) << m;
  EXPECT_TRUE(Has(m, "sharedTmpBuffer holds 512 bytes, fewer than the 768 bytes "
                     "GetErfMaxMinTmpSize gives as the minimum for float")) << m;
  EXPECT_TRUE(Has(m, "test_math_erf.cpp")) << m;
  m = LibCallError<half>(4064, [](auto& d, auto& s, auto& t) { AscendC::Erfc(d, s, t); });
  EXPECT_TRUE(Has(m, "fewer than the 4096 bytes GetErfcMaxMinTmpSize")) << m;
  m = LibCallError<float>(768, [](auto& d, auto& s, auto&) { AscendC::Erfc(d, s, 65); });
  EXPECT_TRUE(Has(m, "Erfc")) << m;
  EXPECT_TRUE(Has(m, "calCount 65 exceeds the 64 float elements of srcTensor")) << m;
  m = LibCallError<float>(2048, [](auto& d, auto& s, auto& t) {
    (void)d;
    AscendC::Erf(t.template ReinterpretCast<float>(), s, t, 64);
  });
  EXPECT_TRUE(Has(m, "sharedTmpBuffer overlaps dstTensor")) << m;
  // Clean twins.
  EXPECT_EQ(LibCallError<float>(768, [](auto& d, auto& s, auto& t) { AscendC::Erf(d, s, t, 64); }), "");
  EXPECT_EQ(LibCallError<half>(4096, [](auto& d, auto& s, auto& t) { AscendC::Erfc(d, s, t); }), "");
  EXPECT_EQ(LibCallError<float>(768, [](auto& d, auto& s, auto&) { AscendC::Erfc(d, s, 64); }), "");
}

}  // namespace
}  // namespace aicore_test
