// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Lgamma and Digamma (lib/math_gamma.h): every public form for half and
// float against a float64 model of the vendor's steps (the same constants,
// ranges and reflections, computed in double), the models against
// std::lgamma / a long double digamma (the algorithms' own error, which the
// NPU shares), the special values, the host helpers, and the diagnostics
// with clean twins.
//
// Tolerance of the kernel against the model m: both NaN, or equal when m is
// infinite (or rounds to infinity in half), else
//   float: |y - m| <= e S
//   half:  |y - m| <= half an ulp of m (in half) + e S
// with e = 2^-22 for Lgamma and 2^-20 for Digamma (ten reciprocals summed in
// the scale of 1/x), where S is the sum of the magnitudes of the terms the
// last steps add (the model returns it): the f32 steps round each term, so
// near a zero of the function the error is absolute in the terms' scale.
// Measured: 4x tighter fails for both (Lgamma 2^-24 S, Digamma 2^-22 S, on
// dense sweeps: the TighterBoundFails tests; Lgamma's 2^-23 S already fails
// on the random inputs). The half models round the trigonometric arguments
// to f32 as the kernels do (near pi the sine is ill-conditioned and that
// rounding decides the value).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "aicore/lib/math_gamma.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {
namespace {

using AscendC::LocalTensor;
using AscendC::TBuf;
using AscendC::TPosition;
namespace k = aicore::lib::gamma_const;

bool Has(const std::string& s, const std::string& w) { return s.find(w) != std::string::npos; }

// ((c0 t + c1) t + ...) t in double.
template <size_t N>
double Poly(const float (&c)[N], double t) {
  double p = c[0];
  for (size_t i = 1; i < N; ++i) p = p * t + c[i];
  return p * t;
}

// The float algorithm at a = |x| for x >= 0 (s: the terms' scale).
double LgPos(double a, double* s) {
  if (a < 0.7) {
    const double v = -std::log(a + a * Poly(k::kLg007, a));
    *s = std::fabs(v) + 1;
    return v;
  }
  if (a < 1.5) {
    *s = 1;
    return Poly(k::kLg0715, 1 - a);
  }
  if (a < 3) {
    *s = 1;
    return Poly(k::kLg153, a - 2);
  }
  if (a < 5.8) {
    const double t = a - 3;
    *s = 8;
    return (Poly(k::kLg358N, t) + k::kLg358N0) / (Poly(k::kLg358D, t) + k::kLg358D0) + t;
  }
  if (std::isinf(a)) {
    *s = 0;
    return a;
  }
  const double h = (a - 0.5) * (0.5 * std::log(a));
  const double w = 1 / a;
  const double sv = (Poly(k::kLg58, w * w) + k::kLg58C1) * w + k::kLg58C0;
  *s = std::fabs(sv) + 2 * std::fabs(h) + a;
  return sv + h + h - a;
}

double LgFloatModel(double x, double* s) {
  *s = 0;
  if (std::isnan(x)) return x;
  const double a = std::fabs(x);
  if (!(x < 0)) return LgPos(a, s);
  if (a < k::kLgTiny) {
    *s = -std::log(a);
    return -std::log(a);
  }
  if (std::floor(a) == a) return HUGE_VAL;
  const double n = std::floor(static_cast<float>(2 * a + 0.5));  // the f32 sum decides n
  const bool odd = std::fmod(n, 2.0) == 1.0;
  const double r = (a - n / 2) * k::kLgPi;
  const double v = odd ? Poly(k::kLgCos, r * r) + 1 : Poly(k::kLgSin, r * r) * r + r;
  const double lp = std::log(std::fabs(v) * a);
  double sg;
  const double g = LgPos(a, &sg);
  *s = std::fabs(lp) + k::kLgLnPi + std::fabs(g) + sg;
  return (-lp + k::kLgLnPi) - g;
}

// The half algorithm's x >= 0 value.
double LgHalfPos(double x, double* s) {
  const double u = x + 4;
  const double l2 = 0.5 * std::log(2 * static_cast<double>(k::kLgPi) / u);
  const double q = u * (std::log(u + 1 / (12 * u - 0.1 / u)) - 1);
  const double sum = std::log(x) + std::log(x + 1) + std::log(x + 2) + std::log(x + 3);
  *s = std::fabs(l2) + std::fabs(q) + std::fabs(std::log(x)) + std::log(x + 1) +
       std::log(x + 2) + std::log(x + 3);
  return q + l2 - sum;
}

double LgHalfModel(double x, double* s) {
  *s = 0;
  if (std::isnan(x)) return x;
  if (std::fabs(x) >= 65504) return HUGE_VAL;
  if (!(x < 0)) return LgHalfPos(x, s);
  const double pv = LgHalfPos(1 - x, s);
  // The sine's argument rounded to f32 as the kernel's product: near pi the
  // sine is ill-conditioned and that rounding decides the last bits.
  const double sn = std::fabs(std::sin(static_cast<float>((x - std::floor(x)) * k::kLgPi)));
  const double lq = std::log(k::kLgPi / sn);
  *s += std::fabs(lq);
  return -pv + lq;
}

// ---- Digamma's models ----------------------------------------------------------

double DgFloatPos(double u, double* s) {
  const double w = u + 10;
  double t0 = std::log(w) - 0.5 / w;
  const double z = 1 / (w * w);
  double c = k::kDgAsym0;
  for (float a : k::kDgAsym) c = a - z * c;
  t0 -= z * c;
  double t1 = 1 / u;
  for (int i = 1; i <= 9; ++i) t1 += 1 / (u + i);
  *s = std::fabs(t0) + std::fabs(t1);
  return t0 - t1;
}

double DgPicot(double x, double* s) {
  const double f7 = 2 * x;
  const double f8 = std::round(f7);  // ties away from zero, as CAST_ROUND
  const double f = (f7 - f8) * k::kDgHalfPi;
  const bool odd = std::fmod(f8, 2.0) != 0;
  double p = k::kDgTan0;
  for (float a : k::kDgTan) p = p * f * f + a;
  const double tanf = p * f * f * f + f;
  const double v = (odd ? tanf : -1 / tanf) * k::kDgPi;
  *s = std::fabs(v);
  return v;
}

bool DgNan(double x) {
  return x <= k::kDgMinNeg || (x < 0 && std::floor(x) == x);
}

double DgFloatModel(double x, double* s) {
  *s = 0;
  if (std::isnan(x) || DgNan(x)) return std::nan("");
  if (!(x < 0)) return DgFloatPos(x, s);
  double s2;
  const double v = DgFloatPos(1 - x, s) + DgPicot(x, &s2);
  *s += s2;
  return v;
}

double DgHalfPos(double u, double* s) {
  const double w = u + 3;
  const double w2 = 1 / (w * w);
  const double t0 = std::log(w) - 0.5 / w - k::kDgHalfC2 * w2 - k::kDgHalfC4 * w2 * w2 -
                    k::kDgHalfC6 * w2 * w2 * w2;
  const double t1 = 1 / u + 1 / (u + 1) + 1 / (u + 2);
  *s = std::fabs(t0) + std::fabs(t1);
  return t0 - t1;
}

double DgHalfModel(double x, double* s) {
  *s = 0;
  if (std::isnan(x) || DgNan(x)) return std::nan("");
  if (!(x < 0)) return DgHalfPos(x, s);
  const double p = DgHalfPos(1 - x, s);
  // The trigonometric arguments rounded to f32 as the kernel's products.
  const double a = static_cast<float>((x - std::floor(x)) * k::kDgPi);
  const double q = x < static_cast<double>(k::kDgSmallNeg)
                       ? k::kDgPi / std::tan(a)
                       : std::cos(a) * k::kDgPi / std::sin(static_cast<float>(x * -k::kDgPi));
  *s += std::fabs(q);
  return p - q;
}

// ---- the comparison ------------------------------------------------------------

template <class T>
double Model(double x, double* s, bool dg = false) {
  if (dg) return std::is_same_v<T, float> ? DgFloatModel(x, s) : DgHalfModel(x, s);
  return std::is_same_v<T, float> ? LgFloatModel(x, s) : LgHalfModel(x, s);
}

// e scales the f32 allowance: 2^-22 in the tests (see the header).
template <class T>
bool Close(double x, double got, double e = 0x1p-22, bool dg = false) {
  double s;
  const double m = Model<T>(x, &s, dg);
  if (std::isnan(m) || std::isnan(got)) return std::isnan(m) && std::isnan(got);
  const double mr = std::is_same_v<T, half> ? ref::ToDouble(ref::RoundTo<half>(m)) : m;
  if (std::isinf(mr)) return got == mr;
  double tol = e * s;
  if (std::is_same_v<T, half>) {
    const double am = std::max(std::fabs(m), 0x1p-14);
    tol += std::exp2(std::floor(std::log2(am)) - 11);
  } else {
    tol += 0x1p-149;
  }
  return std::fabs(got - m) <= tol;
}

template <class T>
std::vector<T> Inputs(Rng& rng, size_t n) {
  static const double kSpecials[] = {0.0,     -0.0,  1.0,     2.0,  -1.0,    -2.0,   -3.0,
                                     0.7,     1.5,   3.0,     5.8,  -0.5,    -2.5,   -2.4570945,
                                     1e-20,   -1e-20, 1e-5,   -1e-5, 100.5,  -100.5, 60000,
                                     -1e-4,   -5e-5, 1.4616321, -0.25, -8388608, -8388607.5, -4194303.25,
                                     HUGE_VAL, -HUGE_VAL, std::nan("")};
  const double emax = std::is_same_v<T, float> ? 40 : 15;
  const double emin = std::is_same_v<T, float> ? -70 : -24;
  std::vector<T> v(n);
  for (auto& x : v) {
    const uint64_t kind = rng.Below(8);
    double d;
    if (kind == 0) d = kSpecials[rng.Below(std::size(kSpecials))];
    else if (kind < 3) d = rng.Uniform(-8, 8);
    else if (kind < 5) d = rng.Uniform(0, 7);
    else if (kind == 5) d = static_cast<double>(-static_cast<int64_t>(rng.Below(30))) + rng.Uniform(-0.01, 0.01);
    else d = (rng.Below(2) ? 1 : -1) * std::exp2(rng.Uniform(emin, emax));
    x = ref::RoundTo<T>(d);
  }
  return v;
}

// form: 0 tmp + calCount, 1 calCount; reuse: isReuseSource; dg: Digamma.
template <class T>
void Call(bool dg, int form, bool reuse, const LocalTensor<T>& d, const LocalTensor<T>& s,
          const LocalTensor<uint8_t>& t, uint32_t c) {
  if (dg) {
    if (form == 0) {
      if (reuse) AscendC::Digamma<T, true>(d, s, t, c);
      else AscendC::Digamma(d, s, t, c);
    } else {
      if (reuse) AscendC::Digamma<T, true>(d, s, c);
      else AscendC::Digamma(d, s, c);
    }
  } else if (form == 0) {
    if (reuse) AscendC::Lgamma<T, true>(d, s, t, c);
    else AscendC::Lgamma(d, s, t, c);
  } else {
    if (reuse) AscendC::Lgamma<T, true>(d, s, c);
    else AscendC::Lgamma(d, s, c);
  }
}

// Runs Lgamma or Digamma on x (count elements of n), returns y.
template <class T>
std::vector<T> RunApi(bool dg, const std::vector<T>& x, uint32_t count, int form, bool reuse) {
  const uint32_t n = static_cast<uint32_t>(x.size());
  const uint32_t tmp_bytes = 26 * 256;
  std::vector<T> y(n);
  aicore::Launch(
      [&] {
        AscendC::TPipe pipe;
        TBuf<TPosition::VECCALC> bs, bd, bt;
        const uint32_t bytes = Round32(std::max<size_t>(n, 1) * sizeof(T));
        pipe.InitBuffer(bs, bytes);
        pipe.InitBuffer(bd, bytes);
        pipe.InitBuffer(bt, tmp_bytes);
        LocalTensor<T> s = bs.Get<T>(n);
        LocalTensor<T> d = bd.Get<T>(n);
        if (n != 0) std::memcpy(s.GetPhyAddr(), x.data(), n * sizeof(T));
        if (n != 0) std::memset(d.GetPhyAddr(), 0, n * sizeof(T));
        Call<T>(dg, form, reuse, d, s, bt.Get<uint8_t>(tmp_bytes), count);
        if (n != 0) std::memcpy(y.data(), d.GetPhyAddr(), n * sizeof(T));
      },
      1);
  return y;
}

template <class T>
std::vector<T> RunLgamma(const std::vector<T>& x, uint32_t count, int form, bool reuse) {
  return RunApi(false, x, count, form, reuse);
}

template <class T>
void CheckGamma(bool dg, uint64_t seed) {
  Rng rng(seed);
  for (size_t nn : Sizes<T>()) {
    const uint32_t n = static_cast<uint32_t>(nn);
    for (int form = 0; form < 2; ++form) {
      const std::vector<T> x = Inputs<T>(rng, n);
      const uint32_t count = (n > 5 && rng.Below(2)) ? n - 5 : n;
      const std::vector<T> y = RunApi(dg, x, count, form, rng.Below(2) == 1);
      int bad = 0;
      for (uint32_t i = 0; i < count; ++i) {
        if (!Close<T>(ref::ToDouble(x[i]), ref::ToDouble(y[i]), dg ? 0x1p-20 : 0x1p-22, dg) &&
            ++bad <= 5) {
          double s;
          ADD_FAILURE() << (dg ? "Digamma " : "Lgamma ") << aicore::detail::TypeName<T>() << " n=" << n
                        << " form=" << form << " i=" << i << " x=" << Show(x[i]) << " got "
                        << Show(y[i]) << " model " << Model<T>(ref::ToDouble(x[i]), &s, dg)
                        << " S " << s;
        }
      }
      EXPECT_EQ(bad, 0);
      for (uint32_t i = count; i < n; ++i) {
        ASSERT_EQ(ref::Bits(y[i]), ref::Bits(T(0))) << "written past calCount";
      }
    }
  }
}

TEST(LibGamma, LgammaFloat) { CheckGamma<float>(false, 21); }
TEST(LibGamma, LgammaHalf) { CheckGamma<half>(false, 22); }
TEST(LibGamma, DigammaFloat) { CheckGamma<float>(true, 31); }
TEST(LibGamma, DigammaHalf) { CheckGamma<half>(true, 32); }

// The tolerance is not loose: a 4x tighter bound (2^-24 S) fails somewhere
// on a dense sweep of float inputs.
TEST(LibGamma, LgammaFloatTighterBoundFails) {
  std::vector<float> x;
  for (int i = 0; i < 4000; ++i) x.push_back(-20.0f + 0.01f * static_cast<float>(i) + 0.003f);
  const std::vector<float> y = RunLgamma(x, static_cast<uint32_t>(x.size()), 0, false);
  int bad22 = 0, bad24 = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    bad22 += !Close<float>(x[i], y[i], 0x1p-22);
    bad24 += !Close<float>(x[i], y[i], 0x1p-24);
  }
  EXPECT_EQ(bad22, 0);
  EXPECT_GT(bad24, 0);
}

// Digamma float's 2^-20 S is not loose either: 2^-22 S fails on a sweep of
// small positive x (ten reciprocal sums, each rounded in the scale of 1/x).
TEST(LibGamma, DigammaFloatTighterBoundFails) {
  std::vector<float> x;
  for (int i = 0; i < 4000; ++i) x.push_back(std::ldexp(1.0f + 0.00025f * static_cast<float>(i), -23 + i % 16));
  for (int i = 0; i < 4000; ++i) x.push_back(-20.0f + 0.01f * static_cast<float>(i) + 0.003f);
  const std::vector<float> y = RunApi(true, x, static_cast<uint32_t>(x.size()), 0, false);
  int bad20 = 0, bad22 = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    bad20 += !Close<float>(x[i], y[i], 0x1p-20, true);
    bad22 += !Close<float>(x[i], y[i], 0x1p-22, true);
  }
  EXPECT_EQ(bad20, 0);
  EXPECT_GT(bad22, 0);
}

TEST(LibGamma, LgammaSpecialValues) {
  const double inf = HUGE_VAL;
  const std::vector<float> xf = {0.0f, -0.0f, -1.0f, -2.0f, -7.0f, -1e7f, -3e38f, HUGE_VALF,
                                 -HUGE_VALF, NAN, 1.0f, 2.0f, 3e38f, 1e30f, 1e-30f, -1e-30f};
  const std::vector<float> yf = RunLgamma(xf, static_cast<uint32_t>(xf.size()), 1, false);
  for (size_t i = 0; i < 10; ++i) {
    if (i == 9) EXPECT_TRUE(std::isnan(yf[i]));
    else EXPECT_EQ(yf[i], inf) << "x=" << xf[i];
  }
  EXPECT_EQ(ref::Bits(yf[10]), 0u);  // +0, not -0
  EXPECT_EQ(ref::Bits(yf[11]), 0u);
  EXPECT_EQ(yf[12], inf);  // 3e38 * ln(3e38) overflows f32
  EXPECT_NEAR(yf[13], std::lgamma(1e30), 1e-6 * std::lgamma(1e30));
  EXPECT_NEAR(yf[14], -std::log(1e-30), 1e-5);
  EXPECT_NEAR(yf[15], -std::log(1e-30), 1e-5);
  const std::vector<half> xh = {half(0.0f), half(-0.0f), half(-1.0f), half(-9.0f),
                                half(65504.0f), half(-65504.0f), half(HUGE_VALF),
                                half(-HUGE_VALF), half(NAN), half(9000.0f), half(1.0f),
                                half(2.0f), half(6e-8f)};
  const std::vector<half> yh = RunLgamma(xh, static_cast<uint32_t>(xh.size()), 0, false);
  for (size_t i = 0; i < 10; ++i) {
    if (i == 8) EXPECT_TRUE(std::isnan(ref::ToDouble(yh[i])));
    else EXPECT_EQ(ref::ToDouble(yh[i]), inf) << "i=" << i;
  }
  EXPECT_NEAR(ref::ToDouble(yh[10]), 0.0, 2e-3);
  EXPECT_NEAR(ref::ToDouble(yh[11]), 0.0, 2e-3);
  EXPECT_NEAR(ref::ToDouble(yh[12]), std::lgamma(ref::ToDouble(half(6e-8f))), 0.02);
}

// The algorithm's own error: the float64 model of the vendor's steps against
// std::lgamma in long double, by class of input; the bounds are the measured
// worst cases rounded up (README: Lgamma's tolerance).
//   float, |x| outside [3, 5.8): relative to |r| + S, measured 2.5e-8
//   float, |x| in [3, 5.8): absolute, measured 1.8e-4 (the published 910B
//     rational there has no t^4 term in its denominator)
//   half, x outside (-2^-10, 0): relative to |r| + S
//   half, x in (-2^-10, 0): absolute (pi (1 + x) rounded to f32 near pi)
TEST(LibGamma, LgammaAlgorithmAgainstLgamma) {
  Rng rng(23);
  double w[5] = {0, 0, 0, 0, 0};
  double wx[5] = {0, 0, 0, 0, 0};
  auto note = [&](int c, double e, double x) {
    if (e > w[c]) {
      w[c] = e;
      wx[c] = x;
    }
  };
  for (int i = 0; i < 200000; ++i) {
    const uint64_t kind = rng.Below(4);
    const double x = kind == 0   ? rng.Uniform(-30, 30)
                     : kind == 1 ? rng.Uniform(0, 8)
                     : kind == 2 ? -std::exp2(rng.Uniform(-24, -10))
                                 : (rng.Below(2) ? 1 : -1) * std::exp2(rng.Uniform(-60, 60));
    const double xf = static_cast<float>(x);
    double s;
    const double r = static_cast<double>(std::lgammal(static_cast<long double>(xf)));
    if (std::isfinite(r)) {
      const double m = LgFloatModel(xf, &s);
      if (std::fabs(xf) >= 3 && std::fabs(xf) < 5.8) note(1, std::fabs(m - r), xf);
      else note(0, std::fabs(m - r) / (std::fabs(r) + s), xf);
    }
    const double xh = ref::ToDouble(ref::RoundTo<half>(x));
    const double rh = static_cast<double>(std::lgammal(static_cast<long double>(xh)));
    if (std::isfinite(rh) && std::fabs(xh) < 65504) {
      const double m = LgHalfModel(xh, &s);
      if (xh < 0 && xh > -0x1p-10) note(3, std::fabs(m - rh), xh);
      else note(2, std::fabs(m - rh) / (std::fabs(rh) + s), xh);
    }
  }
  std::printf("Lgamma model vs lgamma: float %.3g at %.9g; float [3,5.8) %.3g abs at %.9g; half %.3g "
              "at %.9g; half (-2^-10,0) %.3g abs at %.9g\n",
              w[0], wx[0], w[1], wx[1], w[2], wx[2], w[3], wx[3]);
  EXPECT_LE(w[0], 0x1p-24);
  EXPECT_LE(w[1], 2e-4);
  EXPECT_LE(w[2], 0x1p-18);
  EXPECT_LE(w[3], 0.4);
}

// A long double digamma: the recurrence up to 20, the asymptotic series
// there; x < 0 by the reflection with the exact fractional part.
long double PsiRef(long double x) {
  const long double pi = 3.141592653589793238462643383279502884L;
  if (x < 0) return PsiRef(1 - x) - pi / std::tan(pi * (x - std::floor(x)));
  long double acc = 0;
  while (x < 20) {
    acc -= 1 / x;
    x += 1;
  }
  const long double z = 1 / (x * x);
  const long double c =
      z * (1.0L / 12 - z * (1.0L / 120 - z * (1.0L / 252 - z * (1.0L / 240 - z * (1.0L / 132 -
          z * (691.0L / 32760 - z / 12))))));
  return acc + std::log(x) - 1 / (2 * x) - c;
}

// The algorithm's own error for Digamma (model against PsiRef), relative to
// |r| + S, by type; measured worst cases rounded up (README).
TEST(LibGamma, DigammaAlgorithmAgainstPsi) {
  Rng rng(33);
  double w[3] = {0, 0, 0}, wx[3] = {0, 0, 0};
  for (int i = 0; i < 200000; ++i) {
    const uint64_t kind = rng.Below(3);
    const double x = kind == 0   ? rng.Uniform(-30, 30)
                     : kind == 1 ? rng.Uniform(0, 8)
                                 : (rng.Below(2) ? 1 : -1) * std::exp2(rng.Uniform(-24, 22));
    for (int t = 0; t < 2; ++t) {
      const double xt = t == 0 ? static_cast<double>(static_cast<float>(x))
                               : ref::ToDouble(ref::RoundTo<half>(x));
      if (xt == 0 || (xt < 0 && std::floor(xt) == xt) || xt <= k::kDgMinNeg) continue;
      double s;
      const double m = t == 0 ? DgFloatModel(xt, &s) : DgHalfModel(xt, &s);
      const double r = static_cast<double>(PsiRef(xt));
      const double e = std::fabs(m - r) / (std::fabs(r) + s);
      const int c = t == 1 && xt > 0 ? 2 : t;
      if (e > w[c]) {
        w[c] = e;
        wx[c] = xt;
      }
    }
  }
  std::printf("Digamma model vs psi: float %.3g at %.9g; half x < 0 %.3g at %.9g, x > 0 %.3g at %.9g\n",
              w[0], wx[0], w[1], wx[1], w[2], wx[2]);
  EXPECT_LE(w[0], 0x1p-24);  // measured 4.2e-8
  EXPECT_LE(w[1], 0x1p-11);  // measured 3.2e-4 just below x = -1e-4 (f32 pi (1 + x) near pi)
  EXPECT_LE(w[2], 0x1p-15);  // measured 1.9e-5 (the subtracted w^-4 term)
}

TEST(LibGamma, DigammaSpecialValues) {
  const double inf = HUGE_VAL;
  const std::vector<float> xf = {0.0f, -0.0f, -1.0f, -2.0f, -8388608.0f, -1e30f, -HUGE_VALF,
                                 NAN, HUGE_VALF, 1.0f, 1e30f, -8388607.5f};
  const std::vector<float> yf = RunApi(true, xf, static_cast<uint32_t>(xf.size()), 1, false);
  EXPECT_EQ(yf[0], -inf);
  EXPECT_EQ(yf[1], inf);
  for (size_t i = 2; i < 8; ++i) EXPECT_TRUE(std::isnan(yf[i])) << "x=" << xf[i];
  EXPECT_EQ(yf[8], inf);
  EXPECT_NEAR(yf[9], -0.5772156649, 1e-6);  // -Euler's gamma
  EXPECT_NEAR(yf[10], std::log(1e30), 1e-5);
  EXPECT_TRUE(std::isfinite(yf[11]));
  const std::vector<half> xh = {half(0.0f),  half(-0.0f),       half(-1.0f), half(-100.0f),
                                half(-HUGE_VALF), half(NAN), half(HUGE_VALF), half(1.0f),
                                half(-5e-5f), half(60000.0f)};
  const std::vector<half> yh = RunApi(true, xh, static_cast<uint32_t>(xh.size()), 0, false);
  EXPECT_EQ(ref::ToDouble(yh[0]), -inf);
  EXPECT_EQ(ref::ToDouble(yh[1]), inf);
  for (size_t i = 2; i < 6; ++i) EXPECT_TRUE(std::isnan(ref::ToDouble(yh[i]))) << "i=" << i;
  EXPECT_EQ(ref::ToDouble(yh[6]), inf);
  EXPECT_NEAR(ref::ToDouble(yh[7]), -0.5772156649, 2e-3);
  const double x8 = ref::ToDouble(xh[8]);
  EXPECT_NEAR(ref::ToDouble(yh[8]), static_cast<double>(PsiRef(x8)), 1e-3 * std::fabs(1 / x8));
  EXPECT_NEAR(ref::ToDouble(yh[9]), std::log(60000.0), 1e-2);
}

TEST(LibGamma, DigammaHostHelpers) {
  uint32_t mx = 0, mn = 0;
  AscendC::GetDigammaMaxMinTmpSize(ge::Shape(std::vector<int64_t>{1024}), 4, false, mx, mn);
  EXPECT_EQ(mn, 7u * 256);
  EXPECT_EQ(mx, 7u * 4096);
  AscendC::GetDigammaMaxMinTmpSize(ge::Shape(std::vector<int64_t>{1024}), 4, true, mx, mn);
  EXPECT_EQ(mn, 6u * 256);
  EXPECT_EQ(mx, 6u * 4096);
  AscendC::GetDigammaMaxMinTmpSize(ge::Shape(std::vector<int64_t>{1024}), 2, false, mx, mn);
  EXPECT_EQ(mn, 16u * 256);
  EXPECT_EQ(mx, 16u * 2048);
  uint32_t live = 0, extra = 1;
  AscendC::GetDigammaTmpBufferFactorSize(2, live, extra);
  EXPECT_EQ(live, 16u);
  EXPECT_EQ(extra, 0u);
  AscendC::GetDigammaTmpBufferFactorSize(4, live, extra);
  EXPECT_EQ(live, 7u);
}

TEST(LibGamma, LgammaHostHelpers) {
  uint32_t mx = 0, mn = 0;
  AscendC::GetLgammaMaxMinTmpSize(ge::Shape(std::vector<int64_t>{1024}), 4, false, mx, mn);
  EXPECT_EQ(mn, 8u * 256);
  EXPECT_EQ(mx, 8u * 4096);
  AscendC::GetLgammaMaxMinTmpSize(ge::Shape(std::vector<int64_t>{1024}), 4, true, mx, mn);
  EXPECT_EQ(mn, 7u * 256);
  EXPECT_EQ(mx, 7u * 4096);
  AscendC::GetLgammaMaxMinTmpSize(ge::Shape(std::vector<int64_t>{16}), 2, false, mx, mn);
  EXPECT_EQ(mn, 26u * 256);
  EXPECT_EQ(mx, 26u * 256);
  uint32_t live = 0, extra = 1;
  AscendC::GetLgammaTmpBufferFactorSize(2, live, extra);
  EXPECT_EQ(live, 13u);
  EXPECT_EQ(extra, 0u);
  AscendC::GetLgammaTmpBufferFactorSize(4, live, extra);
  EXPECT_EQ(live, 8u);
  EXPECT_EQ(aicore::lib::LgammaMinTmpBytes(4, false), 2048u);
}

TEST(LibGammaDiagnostics, Lgamma) {
  std::string m = LibCallError<float>(2000, [](auto& d, auto& s, auto& t) { AscendC::Lgamma(d, s, t, 64); });
  EXPECT_TRUE(Has(m, "Lgamma")) << m;
  EXPECT_TRUE(Has(m, "sharedTmpBuffer holds 2000 bytes, fewer than the 2048 bytes "
                     "GetLgammaMaxMinTmpSize gives as the minimum for float")) << m;
  EXPECT_TRUE(Has(m, "test_math_gamma.cpp")) << m;
  m = LibCallError<half>(6400, [](auto& d, auto& s, auto& t) { AscendC::Lgamma(d, s, t, 64); });
  EXPECT_TRUE(Has(m, "fewer than the 6656 bytes GetLgammaMaxMinTmpSize")) << m;
  m = LibCallError<float>(256, [](auto& d, auto& s, auto&) { AscendC::Lgamma(d, s, 65); });
  EXPECT_TRUE(Has(m, "calCount 65 exceeds the 64 float elements of srcTensor")) << m;
  m = LibCallError<half>(256, [](auto& d, auto& s, auto&) { AscendC::Lgamma(d[32], s, 33); });
  EXPECT_TRUE(Has(m, "calCount 33 exceeds the 32 half elements of dstTensor")) << m;
  m = LibCallError<float>(8192, [](auto& d, auto& s, auto& t) {
    (void)d;
    AscendC::Lgamma<float, true>(t.template ReinterpretCast<float>(), s, t, 64);
  });
  EXPECT_TRUE(Has(m, "sharedTmpBuffer overlaps dstTensor")) << m;
  m = LibCallError<float>(256, [](auto&, auto& s, auto&) { AscendC::Lgamma(s[8], s, 16); });
  EXPECT_TRUE(Has(m, "dstTensor overlaps srcTensor")) << m;
  m = LibCallError<float>(256, [](auto& d, auto& s, auto&) { AscendC::Lgamma(d, s[1], 8); });
  EXPECT_TRUE(Has(m, "not 32-byte aligned")) << m;
  // Clean twins.
  EXPECT_EQ(LibCallError<float>(2048, [](auto& d, auto& s, auto& t) { AscendC::Lgamma(d, s, t, 64); }), "");
  EXPECT_EQ(LibCallError<float>(1792, [](auto& d, auto& s, auto& t) {
              AscendC::Lgamma<float, true>(d, s, t, 64);
            }),
            "");
  EXPECT_EQ(LibCallError<half>(6656, [](auto& d, auto& s, auto& t) { AscendC::Lgamma(d, s, t, 64); }), "");
  EXPECT_EQ(LibCallError<float>(256, [](auto& d, auto& s, auto&) { AscendC::Lgamma(d, s, 64); }), "");
  EXPECT_EQ(LibCallError<half>(256, [](auto& d, auto& s, auto&) { AscendC::Lgamma(d[32], s, 32); }), "");
  EXPECT_EQ(LibCallError<float>(256, [](auto&, auto& s, auto&) { AscendC::Lgamma(s[16], s, 16); }), "");
  EXPECT_EQ(LibCallError<float>(256, [](auto& d, auto& s, auto&) { AscendC::Lgamma(d, s[8], 8); }), "");
}

TEST(LibGammaDiagnostics, Digamma) {
  std::string m = LibCallError<float>(1536, [](auto& d, auto& s, auto& t) { AscendC::Digamma(d, s, t, 64); });
  EXPECT_TRUE(Has(m, "Digamma")) << m;
  EXPECT_TRUE(Has(m, "sharedTmpBuffer holds 1536 bytes, fewer than the 1792 bytes "
                     "GetDigammaMaxMinTmpSize gives as the minimum for float")) << m;
  EXPECT_TRUE(Has(m, "test_math_gamma.cpp")) << m;
  m = LibCallError<float>(1280, [](auto& d, auto& s, auto& t) {
    AscendC::Digamma<float, true>(d, s, t, 64);
  });
  EXPECT_TRUE(Has(m, "fewer than the 1536 bytes GetDigammaMaxMinTmpSize")) << m;
  m = LibCallError<half>(4064, [](auto& d, auto& s, auto& t) { AscendC::Digamma(d, s, t, 64); });
  EXPECT_TRUE(Has(m, "fewer than the 4096 bytes GetDigammaMaxMinTmpSize gives as the minimum for half")) << m;
  m = LibCallError<half>(256, [](auto& d, auto& s, auto&) { AscendC::Digamma(d, s, 65); });
  EXPECT_TRUE(Has(m, "calCount 65 exceeds the 64 half elements of srcTensor")) << m;
  m = LibCallError<float>(256, [](auto& d, auto& s, auto&) { AscendC::Digamma(d[48], s, 17); });
  EXPECT_TRUE(Has(m, "calCount 17 exceeds the 16 float elements of dstTensor")) << m;
  m = LibCallError<float>(8192, [](auto& d, auto&, auto& t) {
    AscendC::Digamma(d, t.template ReinterpretCast<float>(), t, 64);
  });
  EXPECT_TRUE(Has(m, "sharedTmpBuffer overlaps srcTensor")) << m;
  m = LibCallError<half>(256, [](auto& d, auto&, auto&) { AscendC::Digamma(d, d, 64); });
  EXPECT_TRUE(Has(m, "dstTensor overlaps srcTensor")) << m;
  m = LibCallError<half>(256, [](auto& d, auto& s, auto&) { AscendC::Digamma(d[8], s, 8); });
  EXPECT_TRUE(Has(m, "not 32-byte aligned")) << m;
  // Clean twins.
  EXPECT_EQ(LibCallError<float>(1792, [](auto& d, auto& s, auto& t) { AscendC::Digamma(d, s, t, 64); }), "");
  EXPECT_EQ(LibCallError<float>(1536, [](auto& d, auto& s, auto& t) {
              AscendC::Digamma<float, true>(d, s, t, 64);
            }),
            "");
  EXPECT_EQ(LibCallError<half>(4096, [](auto& d, auto& s, auto& t) { AscendC::Digamma(d, s, t, 64); }), "");
  EXPECT_EQ(LibCallError<half>(256, [](auto& d, auto& s, auto&) { AscendC::Digamma(d, s, 64); }), "");
  EXPECT_EQ(LibCallError<float>(256, [](auto& d, auto& s, auto&) { AscendC::Digamma(d[48], s, 16); }), "");
  EXPECT_EQ(LibCallError<half>(256, [](auto& d, auto& s, auto&) { AscendC::Digamma(d[16], s, 8); }), "");
}

}  // namespace
}  // namespace aicore_test
