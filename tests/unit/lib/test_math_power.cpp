// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Power (lib/math_power.h): every public form (tensor ^ tensor, tensor ^
// scalar, scalar ^ tensor; with and without sharedTmpBuffer; calCount and
// whole tensor) for half, float and int32_t against scalar models, and its
// diagnostics with clean twins.
//
// Float model: the vendor's masks (see math_power.h) around the float64
// magnitude pow(|x|, y). Tolerance: y passes against r when both are NaN, or
//   |y - r| <= (2^-22 + 2^-22 * |t|) * |r| + 2^-149 (+ half an ulp of r for half)
// with t = y * ln|x| (exp amplifies the f32 rounding of t: about |t| * 2^-23,
// plus the f32 Ln's and Exp's own errors; measured on AVX2: passes at 2^-23,
// fails at 2^-24), or y is the infinity of r's sign
// where |r| lies within that tolerance of T's largest finite value or beyond.
// Int model: x^|y| by |y| wrapping multiplications (a different algorithm from
// the vectorized square and multiply), exact.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "aicore/lib/math_power.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {
namespace {

using AscendC::LocalTensor;
using AscendC::TBuf;
using AscendC::TPosition;

bool Has(const std::string& s, const std::string& w) { return s.find(w) != std::string::npos; }

// The vendor's float algorithm on exact values (float64 magnitude).
double RefPow(double x, double y) {
  const double ay = std::fabs(y);
  const double ry = std::nearbyint(ay);
  const bool integral = std::fabs(ay - ry) < double{1e-8f};
  if (!(ay != 0 && x != 1 && (x != -1 || !std::isinf(ay)))) return 1.0;
  if (!(std::isinf(ay) || integral || x >= 0 || x == -HUGE_VAL)) return std::nan("");
  double r = std::pow(std::fabs(x), y);
  if (std::signbit(x) && integral && std::fmod(ry, 2.0) == 1.0) r = -r;
  return r;
}

int32_t RefPowInt(int32_t x, int32_t y) {
  const uint32_t m = y < 0 ? 0u - static_cast<uint32_t>(y) : static_cast<uint32_t>(y);
  uint32_t p = 1;
  if (m <= 4096) {
    for (uint32_t i = 0; i < m; ++i) p *= static_cast<uint32_t>(x);
  } else {  // left to right over the bits of m
    for (int b = 31; b >= 0; --b) {
      p *= p;
      if ((m >> b) & 1u) p *= static_cast<uint32_t>(x);
    }
  }
  const int32_t ps = static_cast<int32_t>(p);
  if (y >= 0) return ps;
  return (ps == 1 || ps == -1) ? ps : 0;
}

template <class T>
bool Close(double x, double e, double got, double r) {
  if (std::isnan(r) || std::isnan(got)) return std::isnan(r) && std::isnan(got);
  double t = e * std::log(std::fabs(x));
  if (!std::isfinite(t)) t = 0;  // the result is then 0, 1, inf or NaN (exact)
  const double rel = 0x1p-22 + 0x1p-22 * std::fabs(t);
  double tol = rel * std::fabs(r) + 0x1p-149;
  if (std::is_same_v<T, half>) {
    const double ar = std::max(std::fabs(r), 0x1p-14);
    tol += std::exp2(std::floor(std::log2(ar)) - 11);
  }
  const double tmax = ref::ToDouble(std::numeric_limits<T>::max());
  if (std::isinf(got)) {
    return std::signbit(got) == std::signbit(r) && std::fabs(r) + tol >= tmax;
  }
  return std::fabs(got - r) <= tol;
}

template <class T>
T RandomBase(Rng& rng) {
  if constexpr (std::is_same_v<T, int32_t>) {
    const uint64_t k = rng.Below(4);
    if (k == 0) return static_cast<int32_t>(rng.Next());
    if (k == 1) return static_cast<int32_t>(rng.Below(5)) - 2;
    return static_cast<int32_t>(rng.Below(41)) - 20;
  } else {
    constexpr bool kHalf = std::is_same_v<T, half>;
    static const double kSpecials[] = {0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 10.0, -3.0,
                                       HUGE_VAL, -HUGE_VAL, std::nan("")};
    const uint64_t k = rng.Below(8);
    double v;
    if (k == 0) {
      v = kSpecials[rng.Below(std::size(kSpecials))];
    } else if (k == 1) {
      v = static_cast<double>(static_cast<int>(rng.Below(21)) - 10);
    } else if (k < 4) {
      v = rng.Uniform(-10, 10);
    } else {
      const double m = std::exp2(kHalf ? rng.Uniform(-8, 8) : rng.Uniform(-20, 20));
      v = rng.Below(4) ? m : -m;
    }
    return ref::RoundTo<T>(v);
  }
}

template <class T>
T RandomExponent(Rng& rng) {
  if constexpr (std::is_same_v<T, int32_t>) {
    const uint64_t k = rng.Below(8);
    if (k == 0) return static_cast<int32_t>(rng.Next());  // huge, INT32_MIN possible
    if (k == 1) return rng.Below(2) ? INT32_MIN : INT32_MAX;
    return static_cast<int32_t>(rng.Below(81)) - 40;
  } else {
    constexpr bool kHalf = std::is_same_v<T, half>;
    static const double kSpecials[] = {0.0, -0.0, 1.0, -1.0, 2.0, 3.0, -3.0, 0.5, -0.5,
                                       HUGE_VAL, -HUGE_VAL, std::nan(""), 1e-9, 0.25};
    const uint64_t k = rng.Below(8);
    double v;
    if (k == 0) {
      v = kSpecials[rng.Below(std::size(kSpecials))];
    } else if (k < 3) {
      v = static_cast<double>(static_cast<int>(rng.Below(25)) - 12);
    } else if (k < 6) {
      v = rng.Uniform(-8, 8);
    } else {
      v = kHalf ? rng.Uniform(-16, 16) : rng.Uniform(-40, 40);
    }
    return ref::RoundTo<T>(v);
  }
}

template <class T>
bool Check(T x, T e, T got) {
  if constexpr (std::is_same_v<T, int32_t>) {
    return got == RefPowInt(x, e);
  } else {
    const double xd = ref::ToDouble(x), ed = ref::ToDouble(e);
    return Close<T>(xd, ed, ref::ToDouble(got), RefPow(xd, ed));
  }
}

enum class Kind { kTensorTensor, kTensorScalar, kScalarTensor };

// form: 0 tmp + calCount, 1 calCount, 2 tmp whole tensor, 3 whole tensor.
template <class T>
void Call(Kind kind, int form, const LocalTensor<T>& d, const LocalTensor<T>& a,
          const LocalTensor<T>& b, T sa, T sb, const LocalTensor<uint8_t>& t, uint32_t c) {
  switch (kind) {
    case Kind::kTensorTensor:
      if (form == 0) AscendC::Power(d, a, b, t, c);
      else if (form == 1) AscendC::Power<T, true>(d, a, b, c);
      else if (form == 2) AscendC::Power(d, a, b, t);
      else AscendC::Power(d, a, b);
      break;
    case Kind::kTensorScalar:
      if (form == 0) AscendC::Power(d, a, sb, t, c);
      else if (form == 1) AscendC::Power(d, a, sb, c);
      else if (form == 2) AscendC::Power<T, true>(d, a, sb, t);
      else AscendC::Power(d, a, sb);
      break;
    case Kind::kScalarTensor:
      if (form == 0) AscendC::Power(d, sa, b, t, c);
      else if (form == 1) AscendC::Power(d, sa, b, c);
      else if (form == 2) AscendC::Power(d, sa, b, t);
      else AscendC::Power<T, true>(d, sa, b);
      break;
  }
}

template <class T>
void CheckPower(uint64_t seed) {
  Rng rng(seed);
  const uint32_t tmp_bytes = 4096;  // above every minimum
  for (size_t nn : Sizes<T>()) {
    const uint32_t n = static_cast<uint32_t>(nn);
    for (Kind kind : {Kind::kTensorTensor, Kind::kTensorScalar, Kind::kScalarTensor}) {
      for (int form = 0; form < 4; ++form) {
        std::vector<T> xa(n), xb(n), y(n);
        for (uint32_t i = 0; i < n; ++i) {
          xa[i] = RandomBase<T>(rng);
          xb[i] = RandomExponent<T>(rng);
        }
        const T sa = RandomBase<T>(rng), sb = RandomExponent<T>(rng);
        const bool whole = form >= 2;
        const uint32_t count = (!whole && n > 5 && rng.Below(2)) ? n - 5 : n;
        aicore::Launch(
            [&] {
              AscendC::TPipe pipe;
              TBuf<TPosition::VECCALC> ba, bb, bd, bt;
              const uint32_t bytes = Round32(std::max<size_t>(n, 1) * sizeof(T));
              pipe.InitBuffer(ba, bytes);
              pipe.InitBuffer(bb, bytes);
              pipe.InitBuffer(bd, bytes);
              pipe.InitBuffer(bt, tmp_bytes);
              LocalTensor<T> a = ba.Get<T>(n), b = bb.Get<T>(n), d = bd.Get<T>(n);
              if (n != 0) {
                std::memcpy(a.GetPhyAddr(), xa.data(), n * sizeof(T));
                std::memcpy(b.GetPhyAddr(), xb.data(), n * sizeof(T));
                std::memset(d.GetPhyAddr(), 0, n * sizeof(T));
              }
              Call<T>(kind, form, d, a, b, sa, sb, bt.Get<uint8_t>(tmp_bytes), count);
              if (n != 0) std::memcpy(y.data(), d.GetPhyAddr(), n * sizeof(T));
            },
            1);
        int bad = 0;
        for (uint32_t i = 0; i < count; ++i) {
          const T x = kind == Kind::kScalarTensor ? sa : xa[i];
          const T e = kind == Kind::kTensorScalar ? sb : xb[i];
          if (!Check<T>(x, e, y[i]) && ++bad <= 5) {
            ADD_FAILURE() << "Power " << aicore::detail::TypeName<T>() << " n=" << n
                          << " kind=" << static_cast<int>(kind) << " form=" << form << " i=" << i
                          << " x=" << Show(x) << " y=" << Show(e) << " got " << Show(y[i]);
          }
        }
        EXPECT_EQ(bad, 0);
        for (uint32_t i = count; i < n; ++i) {
          ASSERT_EQ(ref::Bits(y[i]), ref::Bits(T(0))) << "Power: written past calCount";
        }
      }
    }
  }
}

TEST(LibPower, Float) { CheckPower<float>(1); }
TEST(LibPower, Half) { CheckPower<half>(2); }
TEST(LibPower, Int32) { CheckPower<int32_t>(3); }

// The vendor's documented examples.
TEST(LibPower, VendorExamples) {
  const float base[8] = {2, 3, 4, 5, 6, 7, 8, 9};
  const float expo[8] = {4, 3, 2, 1, 4, 3, 2, 1};
  const float tt[8] = {16, 27, 16, 5, 1296, 343, 64, 9};
  const float st[8] = {16, 8, 4, 2, 16, 8, 4, 2};
  const float ts[8] = {16, 81, 256, 625, 1296, 2401, 4096, 6561};
  float r0[8], r1[8], r2[8];
  int32_t ri[8];
  aicore::Launch(
      [&] {
        AscendC::TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 6 * 32 + 64);
        LocalTensor<float> b = buf.Get<float>(), x = b, e = b[8], d0 = b[16], d1 = b[24],
                           d2 = b[32];
        LocalTensor<int32_t> xi = b[40].ReinterpretCast<int32_t>();
        LocalTensor<int32_t> di = b[48].ReinterpretCast<int32_t>();
        for (int i = 0; i < 8; ++i) {
          x.SetValue(i, base[i]);
          e.SetValue(i, expo[i]);
          xi.SetValue(i, static_cast<int32_t>(base[i]));
        }
        AscendC::Power(d0, x, e, 8u);
        AscendC::Power(d1, 2.0f, e, 8u);
        AscendC::Power(d2, x, 4.0f, 8u);
        AscendC::Power(di, xi, int32_t{3}, 8u);
        for (int i = 0; i < 8; ++i) {
          r0[i] = d0.GetValue(i);
          r1[i] = d1.GetValue(i);
          r2[i] = d2.GetValue(i);
          ri[i] = di.GetValue(i);
        }
      },
      1);
  for (int i = 0; i < 8; ++i) {
    EXPECT_NEAR(r0[i], tt[i], tt[i] * 1e-5) << i;
    EXPECT_NEAR(r1[i], st[i], st[i] * 1e-5) << i;
    EXPECT_NEAR(r2[i], ts[i], ts[i] * 1e-5) << i;
    EXPECT_EQ(ri[i], static_cast<int32_t>(base[i] * base[i] * base[i])) << i;
  }
}

// Special values spelled out (the model above encodes the same rules).
TEST(LibPower, SpecialValues) {
  struct Case {
    float x, y, want;
  };
  const float inf = HUGE_VALF, nan = std::nanf("");
  const Case cases[] = {{-0.0f, -3.0f, -inf}, {0.0f, -2.0f, inf},  {-0.0f, 3.0f, -0.0f},
                        {-inf, 0.5f, inf},    {-inf, 3.0f, -inf},  {nan, 0.0f, 1.0f},
                        {1.0f, nan, 1.0f},    {-1.0f, inf, 1.0f},  {-2.0f, 0.5f, nan},
                        {-2.0f, 3.0f, -8.0f}, {-2.0f, 1e-9f, 1.0f}, {0.5f, inf, 0.0f},
                        {2.0f, -inf, 0.0f},   {-8.0f, -1.0f, -0.125f}};
  const int n = static_cast<int>(std::size(cases));
  std::vector<float> got(n);
  aicore::Launch(
      [&] {
        AscendC::TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 3 * 64 * 4);
        LocalTensor<float> b = buf.Get<float>(), x = b, e = b[64], d = b[128];
        for (int i = 0; i < n; ++i) {
          x.SetValue(i, cases[i].x);
          e.SetValue(i, cases[i].y);
        }
        AscendC::Power(d, x, e, static_cast<uint32_t>(n));
        for (int i = 0; i < n; ++i) got[i] = d.GetValue(i);
      },
      1);
  for (int i = 0; i < n; ++i) {
    const float w = cases[i].want;
    if (std::isnan(w)) {
      EXPECT_TRUE(std::isnan(got[i])) << i;
    } else if (std::isinf(w)) {
      EXPECT_EQ(got[i], w) << "x=" << cases[i].x << " y=" << cases[i].y;
    } else {
      EXPECT_NEAR(got[i], w, std::fabs(w) * 1e-6) << "x=" << cases[i].x << " y=" << cases[i].y;
      EXPECT_EQ(std::signbit(got[i]), std::signbit(w)) << "x=" << cases[i].x << " y=" << cases[i].y;
    }
  }
}

// The host helper's minimums (the vendor's 910B tiling: 256 * nodes, + 256 for
// float, half nodes * 128 + 256) are what the kernel forms require.
TEST(LibPower, HostHelperMinimums) {
  const ge::Shape tensor({128, 128}), scalar({1});
  struct Case {
    bool is_int;
    uint32_t ts;
    bool tt;
    uint32_t min;
  };
  const Case cases[] = {{true, 4, true, 1536},   {true, 4, false, 1792}, {false, 4, true, 1280},
                        {false, 4, false, 1536}, {false, 2, true, 2048}, {false, 2, false, 2048}};
  for (const Case& c : cases) {
    uint32_t mx = 0, mn = 0;
    AscendC::GetPowerMaxMinTmpSize(tensor, c.tt ? tensor : scalar, c.is_int, c.ts, false, mx, mn);
    EXPECT_EQ(mn, c.min) << c.is_int << " " << c.ts << " " << c.tt;
    EXPECT_GE(mx, mn);
    uint32_t mn2 = 0;
    AscendC::GetPowerMaxMinTmpSize(scalar, c.tt ? scalar : tensor, c.is_int, c.ts, false, mx, mn2);
    if (!c.tt) {
      EXPECT_EQ(mn2, c.min);  // scalar ^ tensor sizes as tensor ^ scalar
    }
    EXPECT_EQ(aicore::lib::PowerMinTmpBytes(c.is_int, c.ts, c.tt), c.min);
    uint32_t nodes = 0, extra = 0;
    AscendC::GetPowerTmpBufferFactorSize(true, c.tt, c.is_int, c.ts, nodes, extra);
    EXPECT_EQ(extra, c.is_int ? 0u : 256u);
  }
}

TEST(LibPowerDiagnostics, SmallTmpBuffer) {
  // float tensor ^ tensor needs 4 * 256 + 256 bytes; half 14 * 128 + 256; int tensor ^ scalar 7 * 256.
  std::string m = LibCallError<float>(1024, [](auto& d, auto& s, auto& t) {
    AscendC::Power(d, s, s, t, 64);
  });
  EXPECT_TRUE(Has(m, "Power")) << m;
  EXPECT_TRUE(Has(m, "sharedTmpBuffer holds 1024 bytes, fewer than the 1280 bytes "
                     "GetPowerMaxMinTmpSize gives as the minimum for float")) << m;
  EXPECT_TRUE(Has(m, "test_math_power.cpp")) << m;
  m = LibCallError<int32_t>(1536, [](auto& d, auto& s, auto& t) {
    AscendC::Power(d, s, int32_t{2}, t, 64);
  });
  EXPECT_TRUE(Has(m, "fewer than the 1792 bytes")) << m;
  m = LibCallError<half>(2016, [](auto& d, auto& s, auto& t) {
    AscendC::Power(d, half(2.0f), s, t);
  });
  EXPECT_TRUE(Has(m, "fewer than the 2048 bytes")) << m;
  // Clean twins: the minimums.
  EXPECT_EQ(LibCallError<float>(1280, [](auto& d, auto& s, auto& t) {
              AscendC::Power(d, s, s, t, 64);
            }),
            "");
  EXPECT_EQ(LibCallError<int32_t>(1792, [](auto& d, auto& s, auto& t) {
              AscendC::Power(d, s, int32_t{2}, t, 64);
            }),
            "");
  EXPECT_EQ(LibCallError<half>(2048, [](auto& d, auto& s, auto& t) {
              AscendC::Power(d, half(2.0f), s, t);
            }),
            "");
}

TEST(LibPowerDiagnostics, CountBeyondTensorAndOverlap) {
  std::string m = LibCallError<float>(2048, [](auto& d, auto& s, auto&) {
    AscendC::Power(d, s, s[32], 40u);
  });
  EXPECT_TRUE(Has(m, "calCount 40 exceeds the 32 float elements of src1Tensor")) << m;
  m = LibCallError<int32_t>(2048, [](auto& d, auto& s, auto&) {
    AscendC::Power(d, int32_t{3}, s, 65u);
  });
  EXPECT_TRUE(Has(m, "calCount 65 exceeds the 64 int32_t elements of src1Tensor")) << m;
  m = LibCallError<half>(2048, [](auto& d, auto& s, auto&) {
    AscendC::Power(d[32], s, half(2.0f), 64u);
  });
  EXPECT_TRUE(Has(m, "calCount 64 exceeds the 32 half elements of dstTensor")) << m;
  m = LibCallError<float>(2048, [](auto&, auto& s, auto&) { AscendC::Power(s, s, 2.0f); });
  EXPECT_TRUE(Has(m, "dstTensor overlaps src0Tensor")) << m;
  m = LibCallError<float>(2048, [](auto& d, auto& s, auto&) { AscendC::Power(s, d, s); });
  EXPECT_TRUE(Has(m, "dstTensor overlaps src1Tensor")) << m;
  m = LibCallError<float>(2048, [](auto& d, auto& s, auto& t) {
    AscendC::Power(d, s, t.template ReinterpretCast<float>(), t, 64u);
  });
  EXPECT_TRUE(Has(m, "sharedTmpBuffer overlaps src1Tensor")) << m;
  m = LibCallError<float>(2048, [](auto& d, auto& s, auto&) { AscendC::Power(d, s[1], 2.0f, 8u); });
  EXPECT_TRUE(Has(m, "not 32-byte aligned")) << m;
  // Clean twins.
  EXPECT_EQ(LibCallError<float>(2048, [](auto& d, auto& s, auto&) {
              AscendC::Power(d, s, s[32], 32u);
            }),
            "");
  EXPECT_EQ(LibCallError<int32_t>(2048, [](auto& d, auto& s, auto&) {
              AscendC::Power(d, int32_t{3}, s, 64u);
            }),
            "");
  EXPECT_EQ(LibCallError<half>(2048, [](auto& d, auto& s, auto&) {
              AscendC::Power(d[32], s, half(2.0f), 32u);
            }),
            "");
  EXPECT_EQ(LibCallError<float>(2048, [](auto& d, auto& s, auto&) { AscendC::Power(d, s, 2.0f); }),
            "");
  EXPECT_EQ(LibCallError<float>(2048, [](auto& d, auto& s, auto&) { AscendC::Power(d, s[8], 2.0f, 8u); }),
            "");
}

}  // namespace
}  // namespace aicore_test
