// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Lgamma of the advanced API (the vendor's lib/math/lgamma.h), Ascend910B
// profile, T half or float:
//
//   Lgamma<T, isReuseSource>(dst, src[, sharedTmpBuffer], calCount)
//       y = ln |Gamma(x)|
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
// The 910B's Ln, Div, Reciprocal are taken as IEEE f32 here (aicore's Ln:
// Highway's Log), the half path's sine is Highway's (the vendor uses its own
// Sin polynomial); a result of -0 is +0 as the vendor's final additions
// give. Tolerances (against a float64 model of these steps and against
// std::lgamma): tests/unit/lib/test_math_gamma.cpp.
//
// The sharedTmpBuffer is checked (allocated, aligned, not below the minimum
// of GetLgammaMaxMinTmpSize, not overlapping an operand), not used;
// isReuseSource changes nothing (it lowers the float minimum by one node,
// as the vendor's helper). Bad operands raise KernelError as for the other
// math APIs (lib/activation.h); dstTensor must not overlap srcTensor (the
// vendor does not support it). T other than half/float does not compile.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

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
  Run(dst, src, count, op);
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

AICORE_TARGET_END
}  // namespace AscendC
