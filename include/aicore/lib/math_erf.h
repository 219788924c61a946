// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Erf and Erfc of the advanced API (the vendor's lib/math/erf.h, erfc.h),
// Ascend910B profile, T half or float:
//
//   Erf<T, isReuseSource>(dst, src[, sharedTmpBuffer][, calCount])
//   Erfc<T, isReuseSource>(dst, src[, sharedTmpBuffer][, calCount])
//
// Numerics: the vendor's Ascend910B algorithms (their public coefficients),
// in f32 (half widened and rounded once at the end), one fused Highway pass:
//   Erf:  x clipped to [-3.92, 3.92]; erf = x P(x^2) / Q(x^2), P of degree 5,
//         Q monic of degree 5 (the rational's own error: 1.6e-8 absolute,
//         1.3e-7 relative against float64 erf).
//   Erfc: c = x clipped to [-10, 10], z = |c| + 2^-62, s = c / z (the sign,
//         0 at 0); e = exp(-z^2) R(z) / S(z), R of degree 8, S monic of
//         degree 5; erfc = (1 - s) + s e (2 - e for x < 0).
// A NaN input gives NaN (the NPU's Mins/Maxs on NaN are not documented).
// Half results are rounded to nearest, ties to even (the NPU's 910B cast
// rounds ties away from zero: a tie of the f32 result is not expected to
// matter). Tolerances: tests/unit/lib/test_math_erf.cpp.
//
// The sharedTmpBuffer is checked (allocated, aligned, not below the minimum
// of GetErfMaxMinTmpSize / GetErfcMaxMinTmpSize, not overlapping an
// operand), not used; isReuseSource changes nothing. Bad operands raise
// KernelError as for the other math APIs (lib/activation.h). T other than
// half/float does not compile.
#pragma once

#include <cstdint>

#include "aicore/lib/activation.h"
#include "aicore/lib/math_tiling.h"
#include "aicore/simd/simd.h"
#include "aicore/simd/target.h"

namespace aicore {
namespace lib {
AICORE_TARGET_BEGIN

// Horner steps as the vendor's chain (Mul then Adds, each rounded).
struct ErfOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    const V c = hn::Max(hn::Min(x, hn::Set(d, 3.92f)), hn::Set(d, -3.92f));
    const V t = hn::Mul(c, c);
    V p = hn::Add(hn::Mul(t, hn::Set(d, 0.053443748819f)), hn::Set(d, 0.75517016694e1f));
    p = hn::Add(hn::Mul(t, p), hn::Set(d, 0.10162808918e3f));
    p = hn::Add(hn::Mul(t, p), hn::Set(d, 0.13938061484e4f));
    p = hn::Add(hn::Mul(t, p), hn::Set(d, 0.50637915060e4f));
    p = hn::Add(hn::Mul(t, p), hn::Set(d, 0.29639384698e5f));
    p = hn::Mul(c, p);
    V q = hn::Add(t, hn::Set(d, 0.31212858877e2f));
    q = hn::Add(hn::Mul(t, q), hn::Set(d, 0.39856963806e3f));
    q = hn::Add(hn::Mul(t, q), hn::Set(d, 0.30231248150e4f));
    q = hn::Add(hn::Mul(t, q), hn::Set(d, 0.13243365831e5f));
    q = hn::Add(hn::Mul(t, q), hn::Set(d, 0.26267224157e5f));
    return hn::IfThenElse(hn::IsNaN(x), x, hn::Div(p, q));
  }
};

struct ErfcOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    const V one = hn::Set(d, 1.0f);
    const V c = hn::Max(hn::Min(x, hn::Set(d, 10.0f)), hn::Set(d, -10.0f));
    const V z = hn::Add(hn::Abs(c), hn::Set(d, 2.168404344971009e-19f));  // + 2^-62
    const V s = hn::Div(c, z);
    V r = hn::Add(hn::Mul(z, hn::Set(d, 0.1735313680e-7f)), hn::Set(d, -0.9856738394e-6f));
    r = hn::Add(hn::Mul(z, r), hn::Set(d, 0.2517003236e-4f));
    r = hn::Add(hn::Mul(z, r), hn::Set(d, -0.3848015171e-3f));
    r = hn::Add(hn::Mul(z, r), hn::Set(d, 0.5681528564e0f));
    r = hn::Add(hn::Mul(z, r), hn::Set(d, 0.5245623129e1f));
    r = hn::Add(hn::Mul(z, r), hn::Set(d, 0.2107740710e2f));
    r = hn::Add(hn::Mul(z, r), hn::Set(d, 0.4212761755e2f));
    r = hn::Add(hn::Mul(z, r), hn::Set(d, 0.4380524149e2f));
    V q = hn::Add(z, hn::Set(d, 0.9349684299e1f));
    q = hn::Add(hn::Mul(z, q), hn::Set(d, 0.3756930664e2f));
    q = hn::Add(hn::Mul(z, q), hn::Set(d, 0.8058268949e2f));
    q = hn::Add(hn::Mul(z, q), hn::Set(d, 0.9155653738e2f));
    q = hn::Add(hn::Mul(z, q), hn::Set(d, 0.4380524152e2f));
    const V e = hn::Mul(simd::ExpOp()(d, hn::Neg(hn::Mul(z, z))), hn::Div(r, q));
    const V y = hn::Add(hn::Mul(e, s), hn::Sub(one, s));
    return hn::IfThenElse(hn::IsNaN(x), x, y);
  }
};

AICORE_TARGET_END
}  // namespace lib
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

// The four forms each (macro of lib/activation.h).
AICORE_CALCOUNT_FAMILY(Erf, ErfOp, aicore::lib::FacMin(8, 3, sizeof(T)), "GetErfMaxMinTmpSize")
AICORE_CALCOUNT_FAMILY(Erfc, ErfcOp, aicore::lib::FacMin(16, 7, sizeof(T)),
                       "GetErfcMaxMinTmpSize")

AICORE_TARGET_END
}  // namespace AscendC
