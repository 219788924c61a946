// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The math APIs of lib/math.h (so far Log, Log2, Log10; every public form)
// against float64 references (std::log, std::log2, std::log10) on random
// inputs over the whole positive range, inputs near 1 and special values
// (half and float, sizes around the vector length, partial counts, in
// place), and their diagnostics with clean twins.
//
// Tolerance: y passes against the reference r when both are NaN, or both
// are the same infinity, or
//   float: |y - r| <= 2^-20 * |r|            (8 f32 ulp)
//   half:  |y - r| <= 2^-11 * |r| + 2^-20 |r| (half's rounding + the f32 error)
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "aicore/lib/math.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {
namespace {

using AscendC::LocalTensor;
using AscendC::TBuf;
using AscendC::TPosition;

bool Has(const std::string& s, const std::string& w) { return s.find(w) != std::string::npos; }

template <class T>
bool Close(double y, double r) {
  if (std::isnan(r) || std::isnan(y)) return std::isnan(r) && std::isnan(y);
  if (std::isinf(r) || std::isinf(y)) return y == r;
  const double tol = std::is_same_v<T, float> ? 0x1p-20 * std::fabs(r)
                                              : (0x1p-11 + 0x1p-20) * std::fabs(r);
  return std::fabs(y - r) <= tol;
}

template <class T>
std::vector<T> Inputs(Rng& rng, size_t n) {
  using L = std::numeric_limits<T>;
  const std::vector<T> specials = {T(0.0f), -T(0.0f), T(1.0f), T(-1.0f), T(2.0f), T(10.0f),
                                   L::infinity(), -L::infinity(), L::quiet_NaN(), L::max(),
                                   L::min(), L::denorm_min(), T(-3.5f)};
  const double emax = std::is_same_v<T, float> ? 127.0 : 15.0;
  const double emin = std::is_same_v<T, float> ? -126.0 : -14.0;
  std::vector<T> v(n);
  for (size_t i = 0; i < n; ++i) {
    const uint64_t k = rng.Below(8);
    if (k == 0) {
      v[i] = specials[rng.Below(specials.size())];
    } else if (k < 3) {
      v[i] = ref::RoundTo<T>(1.0 + rng.Uniform(-0.05, 0.05));
    } else {
      v[i] = ref::RoundTo<T>(std::exp2(rng.Uniform(emin, emax)) * rng.Uniform(1.0, 1.999));
    }
  }
  return v;
}

enum class Api { kLog, kLog2, kLog10 };
double Ref(Api a, double x) {
  return a == Api::kLog ? std::log(x) : (a == Api::kLog2 ? std::log2(x) : std::log10(x));
}
const char* Name(Api a) { return a == Api::kLog ? "Log" : (a == Api::kLog2 ? "Log2" : "Log10"); }

// form: 0 calCount, 1 whole tensor, 2 tmp + calCount (Log2), 3 tmp whole (Log2).
template <class T>
void Call(Api a, int form, bool reuse, const LocalTensor<T>& d, const LocalTensor<T>& s,
          const LocalTensor<uint8_t>& t, uint32_t count) {
  switch (a) {
    case Api::kLog:
      if (form == 0) reuse ? AscendC::Log<T, true>(d, s, count) : AscendC::Log<T>(d, s, count);
      else reuse ? AscendC::Log<T, true>(d, s) : AscendC::Log<T>(d, s);
      break;
    case Api::kLog10:
      if (form == 0) reuse ? AscendC::Log10<T, true>(d, s, count) : AscendC::Log10<T>(d, s, count);
      else reuse ? AscendC::Log10<T, true>(d, s) : AscendC::Log10<T>(d, s);
      break;
    case Api::kLog2:
      switch (form) {
        case 0: AscendC::Log2<T>(d, s, count); break;
        case 1: AscendC::Log2<T, true>(d, s); break;
        case 2: AscendC::Log2<T>(d, s, t, count); break;
        default: AscendC::Log2<T, true>(d, s, t); break;
      }
      break;
  }
}

template <class T>
void CheckApi(Api a, uint64_t seed) {
  Rng rng(seed);
  const int forms = a == Api::kLog2 ? 4 : 2;
  for (size_t nn : Sizes<T>()) {
    if (nn > 8195) continue;
    const uint32_t n = static_cast<uint32_t>(nn);
    const std::vector<T> x = Inputs<T>(rng, n);
    for (int form = 0; form < forms; ++form) {
      for (int variant = 0; variant < 3; ++variant) {
        const bool whole = form == 1 || form == 3;
        const uint32_t count = (!whole && variant == 1 && n > 5) ? n - 5 : n;
        const bool inplace = variant == 2;
        const uint32_t tmp_bytes = 256;  // the half minimum; float needs none
        std::vector<T> y(n);
        aicore::Launch(
            [&] {
              AscendC::TPipe pipe;
              TBuf<TPosition::VECCALC> bs, bd, bt;
              pipe.InitBuffer(bs, Round32(std::max<size_t>(n, 1) * sizeof(T)));
              pipe.InitBuffer(bd, Round32(std::max<size_t>(n, 1) * sizeof(T)));
              pipe.InitBuffer(bt, tmp_bytes);
              LocalTensor<T> src = bs.Get<T>(n);
              LocalTensor<T> dst = inplace ? src : bd.Get<T>(n);
              LocalTensor<uint8_t> tmp = bt.Get<uint8_t>(tmp_bytes);
              if (n != 0) std::memcpy(src.GetPhyAddr(), x.data(), n * sizeof(T));
              if (!inplace && n != 0) std::memset(dst.GetPhyAddr(), 0, n * sizeof(T));
              Call<T>(a, form, variant == 0, dst, src, tmp, count);
              if (n != 0) std::memcpy(y.data(), dst.GetPhyAddr(), n * sizeof(T));
            },
            1);
        int bad = 0;
        for (uint32_t i = 0; i < count; ++i) {
          const double r = Ref(a, ref::ToDouble(x[i]));
          if (!Close<T>(ref::ToDouble(y[i]), r) && ++bad <= 5) {
            ADD_FAILURE() << Name(a) << " " << aicore::detail::TypeName<T>() << " n=" << n
                          << " form=" << form << " i=" << i << " x=" << Show(x[i]) << " got "
                          << Show(y[i]) << " ref " << r;
          }
        }
        EXPECT_EQ(bad, 0);
        for (uint32_t i = count; i < n; ++i) {
          ASSERT_EQ(ref::Bits(y[i]), ref::Bits(T(0.0f))) << Name(a) << ": written past count";
        }
      }
    }
  }
}

TEST(LibMath, LogFloat) { CheckApi<float>(Api::kLog, 1); }
TEST(LibMath, LogHalf) { CheckApi<half>(Api::kLog, 2); }
TEST(LibMath, Log2Float) { CheckApi<float>(Api::kLog2, 3); }
TEST(LibMath, Log2Half) { CheckApi<half>(Api::kLog2, 4); }
TEST(LibMath, Log10Float) { CheckApi<float>(Api::kLog10, 5); }
TEST(LibMath, Log10Half) { CheckApi<half>(Api::kLog10, 6); }

TEST(LibMathDiagnostics, Log2HalfTmpBelowTheMinimum) {
  std::string m =
      LibCallError<half>(224, [](auto& d, auto& s, auto& t) { AscendC::Log2(d, s, t, 64); });
  EXPECT_TRUE(Has(m, "Log2")) << m;
  EXPECT_TRUE(Has(m, "sharedTmpBuffer holds 224 bytes, fewer than the 256 bytes "
                     "GetLog2MaxMinTmpSize gives as the minimum for half")) << m;
  EXPECT_TRUE(Has(m, "test_math.cpp")) << m;
  // Clean twins: the minimum for half; float needs none.
  EXPECT_EQ(LibCallError<half>(256, [](auto& d, auto& s, auto& t) { AscendC::Log2(d, s, t, 64); }),
            "");
  EXPECT_EQ(LibCallError<float>(32, [](auto& d, auto& s, auto& t) { AscendC::Log2(d, s, t, 64); }),
            "");
}

TEST(LibMathDiagnostics, CountBeyondTensor) {
  std::string m = LibCallError<float>(256, [](auto& d, auto& s, auto&) { AscendC::Log(d, s, 65); });
  EXPECT_TRUE(Has(m, "Log")) << m;
  EXPECT_TRUE(Has(m, "calCount 65 exceeds the 64 float elements of srcTensor")) << m;
  m = LibCallError<half>(256, [](auto& d, auto& s, auto&) { AscendC::Log10(d, s, 100); });
  EXPECT_TRUE(Has(m, "Log10")) << m;
  EXPECT_TRUE(Has(m, "calCount 100 exceeds the 64 half elements of srcTensor")) << m;
  m = LibCallError<float>(256, [](auto& d, auto& s, auto& t) { AscendC::Log2(d, s, t, 70); });
  EXPECT_TRUE(Has(m, "Log2")) << m;
  EXPECT_TRUE(Has(m, "calCount 70 exceeds")) << m;
  // Clean twins: the full count.
  EXPECT_EQ(LibCallError<float>(256, [](auto& d, auto& s, auto&) { AscendC::Log(d, s, 64); }), "");
  EXPECT_EQ(LibCallError<half>(256, [](auto& d, auto& s, auto&) { AscendC::Log10(d, s, 64); }), "");
  EXPECT_EQ(LibCallError<float>(256, [](auto& d, auto& s, auto& t) { AscendC::Log2(d, s, t, 64); }),
            "");
}

TEST(LibMathDiagnostics, MisalignedAndOverlappingOperands) {
  std::string m =
      LibCallError<float>(256, [](auto& d, auto& s, auto&) { AscendC::Log(d, s[1], 8); });
  EXPECT_TRUE(Has(m, "Log")) << m;
  EXPECT_TRUE(Has(m, "not 32-byte aligned")) << m;
  m = LibCallError<half>(1024, [](auto& d, auto& s, auto& t) {
    (void)d;
    LocalTensor<half> in_tmp = t.template ReinterpretCast<half>();
    AscendC::Log2(in_tmp, s, t, 64);
  });
  EXPECT_TRUE(Has(m, "sharedTmpBuffer overlaps dstTensor")) << m;
  EXPECT_EQ(LibCallError<float>(256, [](auto& d, auto& s, auto&) { AscendC::Log(d, s[8], 8); }),
            "");
}

}  // namespace
}  // namespace aicore_test
