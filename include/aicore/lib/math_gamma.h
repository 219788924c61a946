// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Lgamma and Digamma of the advanced API (the vendor's lib/math/lgamma.h,
// digamma.h), Ascend910B profile, T half or float:
//
//   Lgamma<T, isReuseSource>(dst, src[, sharedTmpBuffer], calCount)
//       y = ln |Gamma(x)|
//   Digamma<T, isReuseSource>(dst, src[, sharedTmpBuffer], calCount)
//       y = psi(x) = Gamma'(x) / Gamma(x)
//
// (the vendor declares the calCount forms only). Numerics: the vendor's
// Ascend910B algorithms (their public coefficients and ranges), in f32, one
// fused Highway pass; P(t) below is a Horner chain of the vendor's constants
// (Mul then Add, each rounded), times t.
//
// float, on a = |x|:
//   a < 0.7:        -ln(a + a P(a))                       (7 coefficients)
//   0.7 <= a < 1.5:  P(t), t = 1 - a                      (11)
//   1.5 <= a < 3:    P(t), t = a - 2                      (10)
//   3 <= a < 5.8:    t + N(t) / D(t), t = a - 3, N = P1(t) - 143033.40625,
//                    D = P2(t) - 206353.578125            (4 and 3)
//   5.8 <= a < inf:  Stirling: h = (a - 0.5) (0.5 ln a), w = 1 / a,
//                    s = (P(w^2) + 0.0833332762122) w + 0.91893851757,
//                    s + h + h - a                         (2)
//   a = inf:         inf
//   x >= 0 (-0 included) takes that value g(a); x < 0 the reflection:
//     a < 1e-19 (9.99999968266e-20): -ln a
//     else n = floor(2a + 0.5), r = (a - n/2) pi, v = sin r (n even) or
//     cos r (n odd) by the vendor's polynomials in r^2; p = |v| a;
//     y = (-ln p + ln pi) - g(a) if a is not an integer and p < inf, else +inf
//   NaN gives NaN.
// half, computed in f32 from the exact widening:
//   x >= 0: L(x + 4) - (((ln x + ln(x+1)) + ln(x+2)) + ln(x+3)), where
//           L(u) = u (ln(u + 1 / (12u - 0.1/u)) - 1) + 0.5 ln(2 pi / u)
//   x < 0:  -[the x >= 0 value at 1 - x] + ln(pi / |sin(pi (x - floor x))|)
//   |x| >= 65504 (the infinities included): 655040, which rounds to +inf in
//   half; NaN gives NaN.
// Digamma, float: x >= 0: S(x + 10) - (1/x + 1/(x+1) + ... + 1/(x+9)), S the
//   asymptotic series ln w - 1/(2w) - z (1/12 - z (1/120 - ... z/12)), z =
//   1/w^2 (seven Bernoulli terms); x < 0: the x >= 0 value at 1 - x plus
//   -pi cot(pi x) from the vendor's tan polynomial on f = (2x - n) pi/2, n
//   = round(2x) (ties away): pi tan f for odd n, -pi / tan f for even n.
// Digamma, half (f32 from the exact widening): x >= 0: S3(x + 3) - (1/x +
//   1/(x+1) + 1/(x+2)), S3 = ln w - 1/(2w) - 1/(12 w^2) - 1/(120 w^4) -
//   1/(252 w^6) (the w^-4 term subtracted as in the vendor's code, where the
//   series adds it); x < -0.0001: the x >= 0 value at 1 - x minus pi /
//   tan(pi (x - floor x)); -0.0001 <= x < 0: the same minus pi cos(pi (x -
//   floor x)) / sin(-pi x). Both: NaN for x <= -8388608 (-inf included)
//   and the negative integers, NaN for NaN; +0 gives -inf (1/x), -0 +inf.
//   The vendor's tail rounds calCount up to a multiple of 8 (it writes up to
//   7 elements past calCount): not modelled, nothing past calCount changes.
// The 910B's Ln, Div, Reciprocal are taken as IEEE f32 here (aicore's Ln:
// Highway's Log), the half paths' sine, cosine and tangent (sin / cos) are
// Highway's (the vendor uses its own Sin/Cos/Tan); a result of -0 is +0 as the vendor's final additions
// give. Tolerances (against a float64 model of these steps and against
// std::lgamma or a long double digamma): tests/unit/lib/test_math_gamma.cpp.
//
// The sharedTmpBuffer is checked (allocated, aligned, not below the minimum
// of GetLgammaMaxMinTmpSize / GetDigammaMaxMinTmpSize, not overlapping an
// operand), not used;
// isReuseSource changes nothing (it lowers the float minimum by one node,
// as the vendor's helper). Bad operands raise KernelError as for the other
// math APIs (lib/activation.h); dstTensor must not overlap srcTensor (the
// vendor does not support it). T other than half/float does not compile.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "aicore/instrument/sanitizer/numeric_api.h"
#include "aicore/lib/activation.h"
#include "aicore/lib/glu.h"
#include "aicore/lib/math_tiling.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/simd.h"
#include "aicore/simd/target.h"

namespace aicore {
namespace lib {

// The vendor's public constants (Ascend910B Lgamma).
namespace gamma_const {
constexpr float kLg007[] = {0.00358751555905f, -0.00547128543258f, -0.0446271263063f,
                            0.167317703366f,   -0.0421359799802f,  -0.655867278576f,
                            0.577215373516f};
constexpr float kLg0715[] = {0.0458826646209f, 0.103739671409f, 0.122803635895f, 0.127524212003f,
                             0.143216684461f,  0.169343575835f, 0.207407936454f, 0.27058750391f,
                             0.400685429573f,  0.82246696949f,  0.577215671539f};
constexpr float kLg153[] = {4.95984932058e-05f, -0.000220894842641f, 0.000541314249858f,
                            -0.00120451697148f, 0.00288425176404f,   -0.00738275796175f,
                            0.0205813199282f,   -0.067352488637f,    0.322467029095f,
                            0.422784328461f};
constexpr float kLg358N[] = {-748.890319824f, -12349.7421875f, -41061.375f, -48310.6640625f};
constexpr float kLg358D[] = {-259.250976562f, -10777.1796875f, -92685.046875f};
constexpr float kLg358N0 = -143033.40625f;
constexpr float kLg358D0 = -206353.578125f;
constexpr float kLg58[] = {0.000777830660809f, -0.00277765537612f};
constexpr float kLg58C1 = 0.0833332762122f;
constexpr float kLg58C0 = 0.91893851757f;
constexpr float kLgCos[] = {0.00002427957952022552490234375f, -0.001388786011375486850738525390625f,
                            0.0416667275130748748779296875f, -0.4999999701976776123046875f};
constexpr float kLgSin[] = {-0.000195746586541645228862762451171875f,
                            0.0083327032625675201416015625f, -0.16666662693023681640625f};
constexpr float kLgPi = 3.1415927410125732421875f;   // pi rounded to f32
constexpr float kLgLnPi = 1.1447298526763916015625f;  // ln(pi) rounded to f32
constexpr float kLgTiny = 9.99999968266e-20f;
constexpr float kLgHalfBig = 65504.0f;
constexpr float kLgHalfInf = 655040.0f;
// Digamma (Ascend910B).
constexpr float kDgAsym[] = {2.10927960927960927961e-2f, 7.57575757575757575758e-3f,
                             4.16666666666666666667e-3f, 3.96825396825396825397e-3f,
                             8.33333333333333333333e-3f, 8.33333333333333333333e-2f};
constexpr float kDgAsym0 = 8.33333333333333333333e-2f;
constexpr float kDgTan[] = {0.00326538085938f, 0.0242919921875f, 0.053466796875f,
                            0.133377909660f, 0.333332300186f};
constexpr float kDgTan0 = 0.0093383789065f;
constexpr float kDgPi = 3.141592653589793238f;
constexpr float kDgHalfPi = 1.5707963267948966f;
constexpr float kDgMinNeg = -8388608.0f;
constexpr float kDgSmallNeg = -0.0001f;
constexpr float kDgHalfC2 = 0.0833333333333333f;
constexpr float kDgHalfC4 = 0.0083333333333333f;
constexpr float kDgHalfC6 = 0.003968253968254f;
}  // namespace gamma_const

AICORE_TARGET_BEGIN

namespace hn = simd::hn;

// ((c[0] t + c[1]) t + ... + c[N-1]) t, each step rounded (the vendor's
// LGammaCalcMulAdd).
template <size_t N, class D, class V>
HWY_INLINE V GammaPoly(D d, const float (&c)[N], V t) {
  V p = hn::Add(hn::Mul(t, hn::Set(d, c[0])), hn::Set(d, c[1]));
  for (size_t i = 2; i < N; ++i) p = hn::Add(hn::Mul(p, t), hn::Set(d, c[i]));
  return hn::Mul(p, t);
}

struct LgammaFloatOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    namespace k = gamma_const;
    const V zero = hn::Zero(d);
    const V one = hn::Set(d, 1.0f);
    const V inf = hn::Set(d, HUGE_VALF);
    const V a = hn::Abs(x);
    const simd::LnOp ln;
    // The ranges of a.
    const V r007 = hn::Neg(ln(d, hn::Add(hn::Mul(GammaPoly(d, k::kLg007, a), a), a)));
    const V t07 = hn::Add(hn::Neg(a), one);
    const V r0715 = GammaPoly(d, k::kLg0715, t07);
    const V r153 = GammaPoly(d, k::kLg153, hn::Add(a, hn::Set(d, -2.0f)));
    const V t3 = hn::Add(a, hn::Set(d, -3.0f));
    const V num = hn::Add(GammaPoly(d, k::kLg358N, t3), hn::Set(d, k::kLg358N0));
    const V den = hn::Add(GammaPoly(d, k::kLg358D, t3), hn::Set(d, k::kLg358D0));
    const V r358 = hn::Add(hn::Div(num, den), t3);
    const V h = hn::Mul(hn::Add(a, hn::Set(d, -0.5f)), hn::Mul(ln(d, a), hn::Set(d, 0.5f)));
    const V w = hn::Div(one, a);
    V s = hn::Add(GammaPoly(d, k::kLg58, hn::Mul(w, w)), hn::Set(d, k::kLg58C1));
    s = hn::Add(hn::Mul(s, w), hn::Set(d, k::kLg58C0));
    const V r58 = hn::Sub(hn::Add(hn::Add(s, h), h), a);
    V g = hn::IfThenElse(hn::Lt(a, hn::Set(d, 5.8f)), r358, hn::IfThenElse(hn::Lt(a, inf), r58, a));
    g = hn::IfThenElse(hn::Lt(a, hn::Set(d, 3.0f)), r153, g);
    g = hn::IfThenElse(hn::Lt(a, hn::Set(d, 1.5f)), r0715, g);
    g = hn::IfThenElse(hn::Lt(a, hn::Set(d, 0.7f)), r007, g);
    // The reflection for x < 0.
    const V n = hn::Floor(hn::Add(hn::Add(a, a), hn::Set(d, 0.5f)));
    const V half_n = hn::Mul(n, hn::Set(d, 0.5f));
    const auto odd = hn::Ge(hn::Sub(n, hn::Mul(hn::Floor(half_n), hn::Set(d, 2.0f))),
                            hn::Set(d, 0.5f));
    const V r = hn::Mul(hn::Add(hn::Mul(n, hn::Set(d, -0.5f)), a), hn::Set(d, k::kLgPi));
    const V r2 = hn::Mul(r, r);
    const V vs = hn::Add(hn::Mul(GammaPoly(d, k::kLgSin, r2), r), r);
    const V vc = hn::Add(GammaPoly(d, k::kLgCos, r2), one);
    const V p = hn::Mul(hn::Abs(hn::IfThenElse(odd, vc, vs)), a);
    const V refl = hn::Add(hn::Add(hn::Neg(ln(d, p)), hn::Set(d, k::kLgLnPi)), hn::Neg(g));
    const auto tiny = hn::Lt(a, hn::Set(d, k::kLgTiny));
    const auto fine = hn::And(hn::Ne(hn::Floor(a), a), hn::Lt(p, inf));
    const V neg = hn::IfThenElse(tiny, hn::Neg(ln(d, a)), hn::IfThenElse(fine, refl, inf));
    // x >= 0, x < 0, NaN; + 0 as the vendor's accumulation (-0 becomes +0).
    const V y = hn::IfThenElse(hn::Lt(x, zero), neg, hn::IfThenElse(hn::Ge(x, zero), g, a));
    return hn::Add(zero, y);
  }
};

// The half algorithm's value for x >= 0 (LgammaComputePosHalf).
template <class D, class V>
HWY_INLINE V LgammaHalfPos(D d, V x) {
  const simd::LnOp ln;
  const V one = hn::Set(d, 1.0f);
  const V u = hn::Add(x, hn::Set(d, 4.0f));
  const V inv = hn::Div(one, u);
  const V l2 = hn::Mul(
      ln(d, hn::Mul(hn::Mul(inv, hn::Set(d, gamma_const::kLgPi)), hn::Set(d, 2.0f))),
      hn::Set(d, 0.5f));
  V q = hn::Add(hn::Mul(u, hn::Set(d, 12.0f)), hn::Mul(inv, hn::Set(d, -0.1f)));
  q = hn::Add(hn::Div(one, q), u);
  q = hn::Mul(hn::Add(ln(d, q), hn::Set(d, -1.0f)), u);
  const V big = hn::Add(q, l2);
  V s = ln(d, x);
  s = hn::Add(s, ln(d, hn::Add(x, one)));
  s = hn::Add(s, ln(d, hn::Add(x, hn::Set(d, 2.0f))));
  s = hn::Add(s, ln(d, hn::Add(x, hn::Set(d, 3.0f))));
  return hn::Sub(big, s);
}

struct LgammaHalfOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    namespace k = gamma_const;
    const V zero = hn::Zero(d);
    const V pi = hn::Set(d, k::kLgPi);
    const V pos = LgammaHalfPos(d, x);
    const V negpos = hn::Neg(LgammaHalfPos(d, hn::Add(hn::Neg(x), hn::Set(d, 1.0f))));
    const V sn = hn::Abs(hn::Sin(d, hn::Mul(hn::Sub(x, hn::Floor(x)), pi)));
    const V neg = hn::Add(negpos, simd::LnOp()(d, hn::Div(pi, sn)));
    V y = hn::IfThenElse(hn::Lt(x, zero), neg, hn::IfThenElse(hn::Ge(x, zero), pos, x));
    y = hn::Add(zero, y);
    return hn::IfThenElse(hn::Ge(hn::Abs(x), hn::Set(d, k::kLgHalfBig)),
                          hn::Set(d, k::kLgHalfInf), y);
  }
};

// Digamma's value for x >= 0 (float: DigammaPositive): the asymptotic series
// at w = x + 10 minus the ten reciprocals 1/x + 1/(x+1) + ... + 1/(x+9).
template <class D, class V>
HWY_INLINE V DigammaFloatPos(D d, V x) {
  namespace k = gamma_const;
  const V one = hn::Set(d, 1.0f);
  const V w = hn::Add(x, hn::Set(d, 10.0f));
  V t0 = simd::LnOp()(d, w);
  const V iw = hn::Div(one, w);
  t0 = hn::Sub(t0, hn::Mul(iw, hn::Set(d, 0.5f)));
  const V z = hn::Mul(iw, iw);
  V c = hn::Set(d, k::kDgAsym0);
  for (float a : k::kDgAsym) c = hn::Sub(hn::Set(d, a), hn::Mul(z, c));
  t0 = hn::Sub(t0, hn::Mul(z, c));
  V t1 = hn::Div(one, x);
  for (int i = 1; i <= 9; ++i) {
    t1 = hn::Add(t1, hn::Div(one, hn::Add(x, hn::Set(d, static_cast<float>(i)))));
  }
  return hn::Sub(t0, t1);
}

// -pi cot(pi x) by the vendor's tan polynomial (DigammaNegPicotPix): n the
// nearest integer to 2x (ties away from zero), f = (2x - n) pi/2; n odd
// gives pi tan f, n even -pi / tan f.
template <class D, class V>
HWY_INLINE V DigammaPicot(D d, V x) {
  namespace k = gamma_const;
  const V f7 = hn::Add(x, x);
  const V tr = hn::Trunc(f7);
  const V f8 = hn::IfThenElse(hn::Ge(hn::Abs(hn::Sub(f7, tr)), hn::Set(d, 0.5f)),
                              hn::Add(tr, hn::CopySign(hn::Set(d, 1.0f), f7)), tr);
  const V f = hn::Mul(hn::Sub(f7, f8), hn::Set(d, k::kDgHalfPi));
  const auto odd = hn::Ne(hn::Sub(f8, hn::Mul(hn::Floor(hn::Mul(f8, hn::Set(d, 0.5f))),
                                               hn::Set(d, 2.0f))),
                          hn::Zero(d));
  const V f2 = hn::Mul(f, f);
  V p = hn::Set(d, k::kDgTan0);
  for (float a : k::kDgTan) p = hn::Add(hn::Mul(p, f2), hn::Set(d, a));
  const V tanf = hn::Add(hn::Mul(hn::Mul(p, f2), f), f);
  const V v = hn::IfThenElse(odd, tanf, hn::Div(hn::Set(d, -1.0f), tanf));
  return hn::Mul(v, hn::Set(d, k::kDgPi));
}

// NaN where the vendor's masks give it: x <= -8388608, a negative integer.
template <class D, class V>
HWY_INLINE V DigammaNanMask(D d, V x, V y) {
  const V min_neg = hn::Set(d, gamma_const::kDgMinNeg);
  const auto neg_int = hn::And(hn::And(hn::Lt(x, hn::Zero(d)), hn::Gt(x, min_neg)),
                               hn::Eq(hn::Floor(x), x));
  const auto nan = hn::Or(hn::Le(x, min_neg), neg_int);
  return hn::IfThenElse(nan, hn::Set(d, __builtin_nanf("")), y);
}

struct DigammaFloatOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    const V zero = hn::Zero(d);
    const auto neg = hn::Lt(x, zero);
    // x >= 0: pos(x); x < 0: pos(1 - x) + picot(x) (DigammaNegative).
    const V u = hn::IfThenElse(neg, hn::Add(hn::Neg(x), hn::Set(d, 1.0f)), x);
    const V p = DigammaFloatPos(d, u);
    V y = hn::IfThenElse(neg, hn::Add(p, DigammaPicot(d, x)),
                         hn::IfThenElse(hn::Ge(x, zero), p, x));
    return hn::Add(zero, DigammaNanMask(d, x, y));
  }
};

// The half algorithm's value for u >= 0 (DigammaPositiveHalf): the series at
// w = u + 3 (its 1/(120 w^4) term subtracted, as the vendor's code has it)
// minus 1/u + 1/(u+1) + 1/(u+2).
template <class D, class V>
HWY_INLINE V DigammaHalfPos(D d, V u) {
  namespace k = gamma_const;
  const V one = hn::Set(d, 1.0f);
  const V w = hn::Add(u, hn::Set(d, 3.0f));
  V t0 = simd::LnOp()(d, w);
  const V iw = hn::Div(one, w);
  t0 = hn::Sub(t0, hn::Mul(iw, hn::Set(d, 0.5f)));
  const V iw2 = hn::Mul(iw, iw);
  t0 = hn::Sub(t0, hn::Mul(iw2, hn::Set(d, k::kDgHalfC2)));
  V t = hn::Mul(iw2, iw2);
  t0 = hn::Sub(t0, hn::Mul(t, hn::Set(d, k::kDgHalfC4)));
  t = hn::Mul(t, iw2);
  t0 = hn::Sub(t0, hn::Mul(t, hn::Set(d, k::kDgHalfC6)));
  V t1 = hn::Div(one, u);
  t1 = hn::Add(t1, hn::Div(one, hn::Add(u, one)));
  t1 = hn::Add(t1, hn::Div(one, hn::Add(u, hn::Set(d, 2.0f))));
  return hn::Sub(t0, t1);
}

struct DigammaHalfOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    namespace k = gamma_const;
    const V zero = hn::Zero(d);
    const V pi = hn::Set(d, k::kDgPi);
    const auto neg = hn::Lt(x, zero);
    const V p = DigammaHalfPos(d, hn::IfThenElse(neg, hn::Sub(hn::Set(d, 1.0f), x), x));
    // x < -0.0001: pos(1 - x) - pi / tan(pi (x - floor x)).
    const V a = hn::Mul(hn::Sub(x, hn::Floor(x)), pi);
    const V big = hn::Sub(p, hn::Div(pi, hn::Div(hn::Sin(d, a), hn::Cos(d, a))));
    // -0.0001 <= x < 0: pos(1 - x) - pi cos(pi (x - floor x)) / sin(-pi x).
    const V small = hn::Sub(
        p, hn::Div(hn::Mul(hn::Cos(d, a), pi), hn::Sin(d, hn::Mul(x, hn::Set(d, -k::kDgPi)))));
    const V vneg = hn::IfThenElse(hn::Lt(x, hn::Set(d, k::kDgSmallNeg)), big, small);
    const V y = hn::IfThenElse(neg, vneg, hn::IfThenElse(hn::Ge(x, zero), p, x));
    return hn::Add(zero, DigammaNanMask(d, x, y));
  }
};

constexpr uint32_t DigammaMinTmpBytes(uint32_t ts, bool reuse) {
  return (ts == 4 ? (reuse ? 6u : 7u) : 16u) * 256u;
}

template <class T>
using DigammaOpFor = std::conditional_t<std::is_same_v<T, float>, DigammaFloatOp, DigammaHalfOp>;

// Minimum sharedTmpBuffer bytes (GetLgammaMaxMinTmpSize's minimum).
constexpr uint32_t LgammaMinTmpBytes(uint32_t ts, bool reuse) {
  return (ts == 4 ? (reuse ? 7u : 8u) : 26u) * 256u;
}

// One call of a one-source gamma API: the activation checks, dst must not
// overlap src, the fused pass.
template <class T, class Op>
AICORE_INLINE void GammaCall(const char* api, const AscendC::LocalTensor<T>& dst,
                             const AscendC::LocalTensor<T>& src,
                             const AscendC::LocalTensor<uint8_t>* tmp, uint32_t tmp_need,
                             const char* helper, uint32_t count, SrcLoc loc, const Op& op) {
  detail::Enter(api, loc);
  CheckOperands(api, "calCount", dst, src, count, loc);
  const uint64_t bytes = uint64_t{count} * sizeof(T);
  if (AICORE_UNLIKELY(detail::BytesOverlap(dst.addr_, bytes, src.addr_, bytes))) {
    FailDstOverlapsSrc(api, "srcTensor", loc);
  }
  if (tmp != nullptr) CheckTmp(api, *tmp, tmp_need, helper, dst, src, count, loc);
  detail::NumApi(
      api, loc, [&]() AICORE_LAMBDA_INLINE { Run(dst, src, count, op); },
      [&](detail::NumApiCall& c) {
        c.InAt("src", src.addr_, count), c.Out("dst", dst.addr_, count);
      });
}

template <class T>
using LgammaOpFor = std::conditional_t<std::is_same_v<T, float>, LgammaFloatOp, LgammaHalfOp>;

AICORE_TARGET_END
}  // namespace lib
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

template <typename T, bool isReuseSource = false>
AICORE_INLINE void Lgamma(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                          const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount,
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kActivationType<T>, "Lgamma: T must be half or float");
  aicore::lib::GammaCall("Lgamma", dstTensor, srcTensor, &sharedTmpBuffer,
                         aicore::lib::LgammaMinTmpBytes(sizeof(T), isReuseSource),
                         "GetLgammaMaxMinTmpSize", calCount, loc, aicore::lib::LgammaOpFor<T>{});
}

template <typename T, bool isReuseSource = false>
AICORE_INLINE void Lgamma(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                          const uint32_t calCount,
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kActivationType<T>, "Lgamma: T must be half or float");
  aicore::lib::GammaCall("Lgamma", dstTensor, srcTensor, nullptr, 0, "", calCount, loc,
                         aicore::lib::LgammaOpFor<T>{});
}

template <typename T, bool isReuseSource = false>
AICORE_INLINE void Digamma(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                           const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount,
                           aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kActivationType<T>, "Digamma: T must be half or float");
  aicore::lib::GammaCall("Digamma", dstTensor, srcTensor, &sharedTmpBuffer,
                         aicore::lib::DigammaMinTmpBytes(sizeof(T), isReuseSource),
                         "GetDigammaMaxMinTmpSize", calCount, loc,
                         aicore::lib::DigammaOpFor<T>{});
}

template <typename T, bool isReuseSource = false>
AICORE_INLINE void Digamma(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                           const uint32_t calCount,
                           aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kActivationType<T>, "Digamma: T must be half or float");
  aicore::lib::GammaCall("Digamma", dstTensor, srcTensor, nullptr, 0, "", calCount, loc,
                         aicore::lib::DigammaOpFor<T>{});
}

AICORE_TARGET_END
}  // namespace AscendC
