// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The exponential, trigonometric and hyperbolic math APIs of the advanced
// API (the vendor's lib/math/{exp,sin,cos,tan,asin,acos,atan,sinh,cosh,
// asinh,acosh,atanh}.h), Ascend910B profile, for half and float:
//
//   Exp<T, taylorExpandLevel, isReuseSource>(dst, src[, sharedTmpBuffer], calCount)   y = e^x
//   Sin<T, isReuseSource, SinConfig>, Cos<T, isReuseSource, CosConfig>,
//   Atan<T, isReuseSource, AtanConfig>, Tan, Asin, Acos, Sinh, Cosh, Asinh,
//   Acosh, Atanh <T, isReuseSource>(dst, src[, sharedTmpBuffer][, calCount])
//
// Each call is one fused Highway pass (half computed in f32 and rounded once
// to half), so the sharedTmpBuffer is only checked (allocated, aligned, not
// below the minimum of the host helper in lib/math_tiling.h, not
// overlapping src or dst); the template flags change nothing:
// taylorExpandLevel (the vendor's Taylor terms after splitting off the
// integer part; here always Highway's full-precision Exp), isReuseSource
// (the source is never overwritten), SinConfig/CosConfig/AtanConfig (the
// vendor's Ascend 950 algorithm choice; accepted, one algorithm here; the
// minimum sharedTmpBuffer is the Ascend910B one of GetSinMaxMinTmpSize
// without a config).
//
// Numerics, on f32: Exp is simd::ExpOp (Highway's Exp, IEEE at the range
// ends); Sin, Cos are Highway's (its range reduction; measured within 2^-21
// absolute up to |x| = 1e6, so every half input; float inputs beyond 1e6
// lose accuracy gradually, 2^-18 at 1e7, and are not tested); Tan is
// Sin / Cos; Asin, Acos, Atan, Asinh, Acosh, Atanh are Highway's (2-3 ulp)
// with IEEE results outside their domains (|x| > 1 -> NaN for Asin/Acos/
// Atanh, x < 1 -> NaN for Acosh, Atanh(+-1) = +-inf, +-inf -> +-pi/2 for
// Atan and +-inf for Asinh/Acosh); Sinh is (u + u / (u + 1)) / 2 with
// u = expm1(|x|) below 1 and e * e / 2 - 1 / (2 e * e) with e = exp(|x| / 2)
// above (finite up to the f32 limit); Cosh is e * e / 2 + 1 / (2 e * e).
// NaN inputs give NaN; +-inf gives NaN for Sin/Cos/Tan. Tolerances against
// float64 are in tests/unit/lib/test_math_trig.cpp.
//
// Bad operands raise KernelError as for the activation APIs
// (lib/activation.h): a count beyond src or dst, an unallocated or
// misaligned tensor, a sharedTmpBuffer below the minimum or overlapping an
// operand. T other than half/float does not compile. Erf and Erfc are
// in lib/math_erf.h, Power in lib/math_power.h.
#pragma once

#include <cstdint>

#include "aicore/lib/activation.h"
#include "aicore/lib/math_tiling.h"
#include "aicore/simd/simd.h"
#include "aicore/simd/target.h"

namespace aicore {
namespace lib {

constexpr uint32_t SinCosMinTmpBytes(uint32_t ts, bool reuse) {
  return (ts == 4 ? (reuse ? 2u : 3u) : 8u) * 256u;
}

AICORE_TARGET_BEGIN

namespace trig {
template <class D, class V>
HWY_INLINE V Nan(D d) {
  return hn::Set(d, __builtin_nanf(""));
}
// NaN where x is NaN or +-inf, else r.
template <class D, class V>
HWY_INLINE V NanIfNotFinite(D d, V x, V r) {
  return hn::IfThenElse(hn::IsFinite(x), r, Nan<D, V>(d));
}
// NaN where x is NaN, else r.
template <class V>
HWY_INLINE V KeepNaN(V x, V r) {
  return hn::IfThenElse(hn::IsNaN(x), x, r);
}
}  // namespace trig

struct SinOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    return trig::NanIfNotFinite(d, x, hn::Sin(d, x));
  }
};
struct CosOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    return trig::NanIfNotFinite(d, x, hn::Cos(d, x));
  }
};
struct TanOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    return trig::NanIfNotFinite(d, x, hn::Div(hn::Sin(d, x), hn::Cos(d, x)));
  }
};
struct AsinOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    const V r = hn::Asin(d, x);
    return hn::IfThenElse(hn::Le(hn::Abs(x), hn::Set(d, 1.0f)), r, trig::Nan<D, V>(d));
  }
};
struct AcosOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    const V r = hn::Acos(d, x);
    return hn::IfThenElse(hn::Le(hn::Abs(x), hn::Set(d, 1.0f)), r, trig::Nan<D, V>(d));
  }
};
struct AtanOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    const V r = hn::Atan(d, x);
    const V half_pi = hn::CopySign(hn::Set(d, 1.5707963267948966f), x);
    return trig::KeepNaN(x, hn::IfThenElse(hn::IsInf(x), half_pi, r));
  }
};
struct SinhOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    const V a = hn::Abs(x);
    const V one = hn::Set(d, 1.0f);
    const V half_ = hn::Set(d, 0.5f);
    // Small: expm1 keeps the relative precision (a below 1, no overflow).
    const V u = hn::Expm1(d, hn::Min(a, one));
    const V small = hn::Mul(hn::Add(u, hn::Div(u, hn::Add(u, one))), half_);
    // Large: e^a / 2 as (e / 2) * e, finite up to the f32 limit of sinh.
    const V e = simd::ExpOp()(d, hn::Mul(a, half_));
    const V ee = hn::Mul(e, e);
    const V large = hn::Sub(hn::Mul(hn::Mul(e, half_), e), hn::Div(half_, ee));
    const V r = hn::IfThenElse(hn::Lt(a, one), small, large);
    return trig::KeepNaN(x, hn::CopySign(r, x));
  }
};
struct CoshOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    const V half_ = hn::Set(d, 0.5f);
    const V e = simd::ExpOp()(d, hn::Mul(hn::Abs(x), half_));
    const V r = hn::Add(hn::Mul(hn::Mul(e, half_), e), hn::Div(half_, hn::Mul(e, e)));
    return trig::KeepNaN(x, r);
  }
};
struct AsinhOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    return trig::KeepNaN(x, hn::IfThenElse(hn::IsInf(x), x, hn::Asinh(d, x)));
  }
};
struct AcoshOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    const V r = hn::IfThenElse(hn::IsInf(x), x, hn::Acosh(d, x));
    return hn::IfThenElse(hn::Ge(x, hn::Set(d, 1.0f)), r, trig::Nan<D, V>(d));
  }
};
struct AtanhOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    const V a = hn::Abs(x);
    const V one = hn::Set(d, 1.0f);
    V r = hn::IfThenElse(hn::Eq(a, one), hn::CopySign(hn::Set(d, HUGE_VALF), x),
                         hn::Atanh(d, x));
    return hn::IfThenElse(hn::Le(a, one), r, trig::Nan<D, V>(d));
  }
};

AICORE_TARGET_END
}  // namespace lib
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

// Exp: only the calCount forms (with and without sharedTmpBuffer). As with
// the vendor's headers, Exp<T, level>(dst, src, n) with an int n (two
// template arguments, no buffer) resolves to the basic Exp<T, isSetMask>
// instruction; give isReuseSource or a uint32_t count to reach this one.
template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
AICORE_INLINE void Exp(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                       const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount,
                       aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kActivationType<T>, "Exp: T must be half or float");
  aicore::lib::Activation("Exp", "calCount", dstLocal, srcLocal, &sharedTmpBuffer,
                          aicore::lib::ExpMinTmpBytes(sizeof(T), isReuseSource),
                          "GetExpMaxMinTmpSize", calCount, loc, aicore::simd::ExpOp{});
}
template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
AICORE_INLINE void Exp(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                       const uint32_t calCount, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kActivationType<T>, "Exp: T must be half or float");
  aicore::lib::Activation("Exp", "calCount", dstLocal, srcLocal, nullptr, 0, "", calCount, loc,
                          aicore::simd::ExpOp{});
}

// The four forms with a config template parameter (accepted, no effect).
#define AICORE_MATH_CONFIG_FAMILY(NAME, OP, NEED, HELPER, CFG, DEFAULT_CFG)                        \
  template <typename T, bool isReuseSource = false, const CFG& config = DEFAULT_CFG>              \
  AICORE_INLINE void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,       \
                          const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount,   \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                       \
    static_assert(aicore::lib::kActivationType<T>, #NAME ": T must be half or float");            \
    aicore::lib::Activation(#NAME, "calCount", dstTensor, srcTensor, &sharedTmpBuffer, NEED,      \
                            HELPER, calCount, loc, aicore::lib::OP{});                            \
  }                                                                                               \
  template <typename T, bool isReuseSource = false, const CFG& config = DEFAULT_CFG>              \
  AICORE_INLINE void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,       \
                          const uint32_t calCount,                                                \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                       \
    static_assert(aicore::lib::kActivationType<T>, #NAME ": T must be half or float");            \
    aicore::lib::Activation(#NAME, "calCount", dstTensor, srcTensor, nullptr, 0, "", calCount,    \
                            loc, aicore::lib::OP{});                                              \
  }                                                                                               \
  template <typename T, bool isReuseSource = false, const CFG& config = DEFAULT_CFG>              \
  AICORE_INLINE void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,       \
                          const LocalTensor<uint8_t>& sharedTmpBuffer,                            \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                       \
    NAME<T, isReuseSource, config>(dstTensor, srcTensor, sharedTmpBuffer, srcTensor.GetSize(),    \
                                   loc);                                                          \
  }                                                                                               \
  template <typename T, bool isReuseSource = false, const CFG& config = DEFAULT_CFG>              \
  AICORE_INLINE void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,       \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                       \
    NAME<T, isReuseSource, config>(dstTensor, srcTensor, srcTensor.GetSize(), loc);               \
  }                                                                                               \
  /* Address forms: the vendor's function types (AICORE_ADDRESS_FORM). */                        \
  template <typename T, bool isReuseSource = false, const CFG& config = DEFAULT_CFG,              \
            AICORE_ADDRESS_FORM>                                                                  \
  AicoreAddrRet_ NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,           \
                      const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {     \
    NAME<T, isReuseSource, config>(dstTensor, srcTensor, sharedTmpBuffer, calCount,               \
                                   aicore::SrcLoc::Indirect());                                   \
  }                                                                                               \
  template <typename T, bool isReuseSource = false, const CFG& config = DEFAULT_CFG,              \
            AICORE_ADDRESS_FORM>                                                                  \
  AicoreAddrRet_ NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,           \
                      const uint32_t calCount) {                                                  \
    NAME<T, isReuseSource, config>(dstTensor, srcTensor, calCount, aicore::SrcLoc::Indirect());   \
  }

AICORE_MATH_CONFIG_FAMILY(Sin, SinOp, aicore::lib::SinCosMinTmpBytes(sizeof(T), isReuseSource),
                          "GetSinMaxMinTmpSize", SinConfig, defaultSinConfig)
AICORE_MATH_CONFIG_FAMILY(Cos, CosOp, aicore::lib::SinCosMinTmpBytes(sizeof(T), isReuseSource),
                          "GetCosMaxMinTmpSize", CosConfig, defaultCosConfig)
AICORE_MATH_CONFIG_FAMILY(Atan, AtanOp, aicore::lib::FacMin(12, 5, sizeof(T)),
                          "GetAtanMaxMinTmpSize", AtanConfig, defaultAtanConfig)
#undef AICORE_MATH_CONFIG_FAMILY

AICORE_CALCOUNT_FAMILY(Tan, TanOp, aicore::lib::FacMin(10, 4, sizeof(T)), "GetTanMaxMinTmpSize")
AICORE_CALCOUNT_FAMILY(Asin, AsinOp, aicore::lib::FacMin(6, 2, sizeof(T)), "GetAsinMaxMinTmpSize")
AICORE_CALCOUNT_FAMILY(Acos, AcosOp, aicore::lib::FacMin(6, 2, sizeof(T)), "GetAcosMaxMinTmpSize")
AICORE_CALCOUNT_FAMILY(Sinh, SinhOp, aicore::lib::FacMin(4, 1, sizeof(T)), "GetSinhMaxMinTmpSize")
AICORE_CALCOUNT_FAMILY(Cosh, CoshOp, aicore::lib::FacMin(6, 2, sizeof(T)), "GetCoshMaxMinTmpSize")
AICORE_CALCOUNT_FAMILY(Asinh, AsinhOp, aicore::lib::FacMin(3, 3, sizeof(T)),
                       "GetAsinhMaxMinTmpSize")
AICORE_CALCOUNT_FAMILY(Atanh, AtanhOp, aicore::lib::FacMin(4, 1, sizeof(T)),
                       "GetAtanhMaxMinTmpSize")
AICORE_CALCOUNT_FAMILY(Acosh, AcoshOp, aicore::lib::Fac(2, 1, sizeof(T)) * 256u,
                       "GetAcoshMaxMinTmpSize")

AICORE_TARGET_END
}  // namespace AscendC
