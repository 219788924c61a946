// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The rounding and miscellaneous math APIs of the advanced API (the vendor's
// lib/math/{floor,ceil,round,trunc,frac,sign,clamp,fmod,axpy,xor}.h), Ascend910B
// profile:
//
//   Floor, Ceil, Round<T, isReuseSource>(dst, src[, sharedTmpBuffer], calCount)
//   Trunc, Frac, Sign<T, isReuseSource>(dst, src[, sharedTmpBuffer][, calCount])
//       T half or float; Floor/Ceil/Trunc round to an integral value toward
//       -inf / +inf / zero, Round to the nearest, ties to even (the NPU's
//       CAST_RINT); Frac(x) = x - Trunc(x); Sign(x) = 1 (x > 0), -1 (x < 0),
//       else 0 (zeros and NaN give +0, as the vendor's compare-and-select)
//   ClampMax, ClampMin<T, isReuseSource>(dst, src[, sharedTmpBuffer], scalar, calCount)
//       T half or float; ClampMax: x > scalar ? scalar : x; ClampMin:
//       x < scalar ? scalar : x (a NaN x is neither greater nor less: kept)
//   Fmod<T, isReuseSource>(dst, src0, src1[, sharedTmpBuffer][, calCount])
//       T half or float; the vendor's Ascend910B chain in f32, each step
//       rounded: q = Trunc(a / b), y = a - q * b (the product is kept from being
//       fused into the subtraction, see Rounded). So the sign of a nonzero
//       result is a's, an exact zero is +0 (a - a), b = 0 or a = +-inf gives
//       NaN, and so does b = +-inf (0 * inf; C's fmod gives a); once |a / b|
//       reaches 2^24 the rounded quotient makes y differ from the exact
//       remainder, as on the NPU.
//   Axpy<T, U, isReuseSource>(dst, src, scalarValue, sharedTmpBuffer, calCount)
//       the high-level form: dst = dst + src * scalarValue as the vendor's
//       Muls then Add in f32, each rounded (never fused), half rounded once
//       at the end; (T, U) = (half, half), (float, float), (float, half)
//   Xor<T, isReuseSource>(dst, src0, src1[, sharedTmpBuffer][, calCount])
//       T int16_t or uint16_t; bitwise exclusive or
//
// Every result but Fmod's is exact (an integral value, a difference of a float and its
// integral part, a selection or a bit operation; half is computed in f32,
// where each of these is exact, and rounded back without change), so the
// tests compare bit for bit. Rounding follows IEEE: Floor/Ceil/Trunc/Round
// keep the sign of zero (Ceil(-0.5) = -0), infinities and NaN pass through,
// values at or beyond 2^23 (float) / 2^10 (half) are already integral;
// Frac(+-inf) = inf - inf = NaN, as the formula gives.
//
// Each call is one fused Highway pass; the temporary buffer is checked
// (allocated, inside its buffer, 32-byte aligned, not below the minimum of
// lib/math_tiling.h, not overlapping an operand), not used. Bad operands
// raise KernelError naming the API (counts beyond an operand, unallocated or
// misaligned tensors, a small or overlapping sharedTmpBuffer); unsupported
// element types are compile errors. Clamp, IsNan, IsInf and IsFinite are not
// on the Ascend910B (the vendor documents them for the Ascend 950 only).
#pragma once

#include <cstdint>
#include <type_traits>

#include "aicore/base/half.h"
#include "aicore/instrument/sanitizer/numeric_api.h"
#include "aicore/lib/activation.h"
#include "aicore/lib/glu.h"
#include "aicore/lib/math_tiling.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/ops/elementwise.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/simd.h"
#include "aicore/simd/target.h"

namespace aicore {
namespace lib {
AICORE_TARGET_BEGIN

struct FloorOp {
  template <class D, class V>
  HWY_INLINE V operator()(D, V x) const { return hn::Floor(x); }
};
struct CeilOp {
  template <class D, class V>
  HWY_INLINE V operator()(D, V x) const { return hn::Ceil(x); }
};
struct TruncOp {
  template <class D, class V>
  HWY_INLINE V operator()(D, V x) const { return hn::Trunc(x); }
};
struct RoundOp {  // nearest, ties to even
  template <class D, class V>
  HWY_INLINE V operator()(D, V x) const { return hn::Round(x); }
};
struct FracOp {
  template <class D, class V>
  HWY_INLINE V operator()(D, V x) const { return hn::Sub(x, hn::Trunc(x)); }
};
struct SignOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    const V zero = hn::Zero(d);
    const V pos = hn::IfThenElseZero(hn::Gt(x, zero), hn::Set(d, 1.0f));
    return hn::IfThenElse(hn::Lt(x, zero), hn::Set(d, -1.0f), pos);
  }
};
struct ClampMaxOp {
  float s;
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    const V sv = hn::Set(d, s);
    return hn::IfThenElse(hn::Gt(x, sv), sv, x);
  }
};
struct ClampMinOp {
  float s;
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    const V sv = hn::Set(d, s);
    return hn::IfThenElse(hn::Lt(x, sv), sv, x);
  }
};
// An empty asm that claims to change v: the compiler can no longer fuse the
// operation that produced v with the one that consumes it (GCC's default
// -ffp-contract=fast turns a - q * b into one fused multiply-add otherwise).
// Where the vector type has no register constraint (scalar/emulated,
// sizeless SVE/RVV vectors) it does nothing.
template <class V>
HWY_INLINE V Rounded(V v) {
#if defined(__GNUC__) && HWY_ARCH_X86 && HWY_TARGET != HWY_SCALAR && HWY_TARGET != HWY_EMU128
#if HWY_TARGET <= HWY_AVX3
  asm("" : "+v"(v.raw));
#else
  asm("" : "+x"(v.raw));
#endif
#elif defined(__GNUC__) && HWY_ARCH_ARM_A64 && HWY_TARGET == HWY_NEON
  asm("" : "+w"(v.raw));
#endif
  return v;
}

// The vendor's chain for the Ascend910B: Div, Trunc, Mul, Sub, each rounded
// to f32.
struct FmodOp {
  template <class D, class V>
  HWY_INLINE V operator()(D, V a, V b) const {
    const V q = hn::Trunc(hn::Div(a, b));
    return hn::Sub(a, Rounded(hn::Mul(q, b)));
  }
};
// The high-level Axpy: Muls, then Add, each rounded to f32 (the basic
// instruction's form may fuse them).
struct AxpyHighOp {
  float s;
  template <class D, class V>
  HWY_INLINE V operator()(D d, V src, V dst) const {
    return hn::Add(dst, Rounded(hn::Mul(src, hn::Set(d, s))));
  }
};
struct XorOp {
  template <class D, class V>
  HWY_INLINE V operator()(D, V a, V b) const { return hn::Xor(a, b); }
};

template <class T>
constexpr bool kXorType = std::is_same_v<T, int16_t> || std::is_same_v<T, uint16_t>;

// The two-source pass of lib/glu.h, with the operand names of these APIs;
// dst may share addresses with a source (they compute element by element:
// the vendor's constraint lists do not forbid it).
constexpr TwoSources kMathSources{"src0Tensor", "src1Tensor", true};

AICORE_TARGET_END
}  // namespace lib
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

// Floor, Ceil, Round: the sharedTmpBuffer + calCount and calCount forms;
// Trunc, Frac, Sign also the whole-tensor forms (macros of lib/activation.h).
AICORE_LIB_COUNT_FORMS(Floor, FloorOp, aicore::lib::FacMin(2, 0, sizeof(T)),
                        "GetFloorMaxMinTmpSize")
AICORE_LIB_COUNT_FORMS(Ceil, CeilOp, aicore::lib::FacMin(2, 1, sizeof(T)), "GetCeilMaxMinTmpSize")
AICORE_LIB_COUNT_FORMS(Round, RoundOp, aicore::lib::RoundMinTmpBytes(sizeof(T)),
                        "GetRoundMaxMinTmpSize")
AICORE_CALCOUNT_FAMILY(Trunc, TruncOp, aicore::lib::FacMin(2, 1, sizeof(T)), "GetTruncMaxMinTmpSize")
AICORE_CALCOUNT_FAMILY(Frac, FracOp, aicore::lib::FacMin(4, 0, sizeof(T)), "GetFracMaxMinTmpSize")
AICORE_CALCOUNT_FAMILY(Sign, SignOp, 3u * 256u, "GetSignMaxMinTmpSize")

// ClampMax / ClampMin: scalar is a T, as the vendor declares it.
#define AICORE_CLAMP_FORMS(NAME, OP)                                                              \
  template <typename T, bool isReuseSource = false>                                               \
  AICORE_INLINE void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,       \
                          const LocalTensor<uint8_t>& sharedTmpBuffer, const T scalar,            \
                          const uint32_t calCount,                                                \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                       \
    static_assert(aicore::lib::kActivationType<T>, #NAME ": T must be half or float");            \
    aicore::lib::Activation(#NAME, "calCount", dstTensor, srcTensor, &sharedTmpBuffer,            \
                            aicore::lib::ClampMinTmpBytes(sizeof(T)), "GetClampMaxMinTmpSize",    \
                            calCount, loc, aicore::lib::OP{static_cast<float>(scalar)});          \
  }                                                                                               \
  template <typename T, bool isReuseSource = false>                                               \
  AICORE_INLINE void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,       \
                          const T scalar, const uint32_t calCount,                                \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                       \
    static_assert(aicore::lib::kActivationType<T>, #NAME ": T must be half or float");            \
    aicore::lib::Activation(#NAME, "calCount", dstTensor, srcTensor, nullptr, 0, "", calCount,    \
                            loc, aicore::lib::OP{static_cast<float>(scalar)});                    \
  }
AICORE_CLAMP_FORMS(ClampMax, ClampMaxOp)
AICORE_CLAMP_FORMS(ClampMin, ClampMinOp)
#undef AICORE_CLAMP_FORMS

// ---- Fmod (the Ascend910B forms, without FmodConfig: the vendor declares
// the config forms for the Ascend 950 only) --------------------------------------

#define AICORE_FMOD_CHECK(T) \
  static_assert(aicore::lib::kActivationType<T>, "Fmod: T must be half or float")
template <typename T, bool isReuseSource = false>
AICORE_INLINE void Fmod(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                        const LocalTensor<T>& src1Tensor,
                        const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount,
                        aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_FMOD_CHECK(T);
  aicore::lib::TwoSourcePass("Fmod", aicore::lib::kMathSources, dstTensor, src0Tensor, src1Tensor,
                             &sharedTmpBuffer, aicore::lib::FacMin(8, 1, sizeof(T)),
                             "GetFmodMaxMinTmpSize", calCount, loc, aicore::lib::FmodOp{});
}
template <typename T, bool isReuseSource = false>
AICORE_INLINE void Fmod(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                        const LocalTensor<T>& src1Tensor, const uint32_t calCount,
                        aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_FMOD_CHECK(T);
  aicore::lib::TwoSourcePass("Fmod", aicore::lib::kMathSources, dstTensor, src0Tensor, src1Tensor,
                             nullptr, 0, "", calCount, loc, aicore::lib::FmodOp{});
}
template <typename T, bool isReuseSource = false>
AICORE_INLINE void Fmod(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                        const LocalTensor<T>& src1Tensor,
                        const LocalTensor<uint8_t>& sharedTmpBuffer,
                        aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  Fmod<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, sharedTmpBuffer,
                         src0Tensor.GetSize(), loc);
}
template <typename T, bool isReuseSource = false>
AICORE_INLINE void Fmod(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                        const LocalTensor<T>& src1Tensor,
                        aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  Fmod<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, src0Tensor.GetSize(), loc);
}
#undef AICORE_FMOD_CHECK

// ---- Axpy, the high-level form (with sharedTmpBuffer): dst = dst + src *
// scalarValue as Muls then Add in f32; (dst, src) types (half, half),
// (float, float), (float, half), as the vendor's ---------------------------------

template <typename T, typename U, bool isReuseSource = false>
AICORE_INLINE void Axpy(const LocalTensor<T>& dstTensor, const LocalTensor<U>& srcTensor,
                        const U scalarValue, const LocalTensor<uint8_t>& sharedTmpBuffer,
                        const uint32_t calCount, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kMulAddPair<T, U>,
                "Axpy: (dst, src) types must be (half, half), (float, float) or (float, half)");
  constexpr const char* api = "Axpy";
  aicore::detail::Enter(api, loc);
  if (AICORE_UNLIKELY(calCount >= 0x80000000u)) {
    aicore::detail::FailNegativeCount32(api, calCount, loc);
  }
  if (AICORE_UNLIKELY(calCount > srcTensor.GetSize())) {
    aicore::lib::FailBeyondTensor<U>(api, "calCount", calCount, "srcTensor", srcTensor.GetSize(),
                                     loc);
  }
  if (AICORE_UNLIKELY(calCount > dstTensor.GetSize())) {
    aicore::lib::FailBeyondTensor<T>(api, "calCount", calCount, "dstTensor", dstTensor.GetSize(),
                                     loc);
  }
  aicore::detail::CheckLocal(api, "dst", dstTensor, uint64_t{calCount} * sizeof(T), loc);
  aicore::detail::CheckLocal(api, "src", srcTensor, uint64_t{calCount} * sizeof(U), loc);
  aicore::detail::CheckLocal(api, "sharedTmpBuffer", sharedTmpBuffer, sharedTmpBuffer.GetSize(),
                             loc, true, aicore::detail::Pipe::kCount);
  const uint32_t need = aicore::lib::AxpyMinTmpBytes(sizeof(U));
  if (AICORE_UNLIKELY(sharedTmpBuffer.GetSize() < need)) {
    aicore::lib::FailTmpTooSmall(api, sharedTmpBuffer.GetSize(), need,
                                 aicore::detail::TypeName<U>(), "GetAxpyMaxMinTmpSize", loc);
  }
  const uint32_t tb = sharedTmpBuffer.GetSize();
  if (AICORE_UNLIKELY(aicore::detail::BytesOverlap(sharedTmpBuffer.addr_, tb, srcTensor.addr_,
                                                   uint64_t{calCount} * sizeof(U)))) {
    aicore::lib::FailTmpOverlap(api, "srcTensor", loc);
  }
  if (AICORE_UNLIKELY(aicore::detail::BytesOverlap(sharedTmpBuffer.addr_, tb, dstTensor.addr_,
                                                   uint64_t{calCount} * sizeof(T)))) {
    aicore::lib::FailTmpOverlap(api, "dstTensor", loc);
  }
  aicore::detail::NumApi(
      api, loc,
      [&]() AICORE_LAMBDA_INLINE {
        if (calCount != 0) {
          aicore::simd::MapN(dstTensor.addr_, static_cast<size_t>(calCount),
                             aicore::lib::AxpyHighOp{static_cast<float>(scalarValue)},
                             srcTensor.addr_, static_cast<const T*>(dstTensor.addr_));
        }
      },
      [&](aicore::detail::NumApiCall& c) {
        c.InAt("src", srcTensor.addr_, calCount), c.InAt("dst", dstTensor.addr_, calCount);
        c.Scalar("scalarValue", scalarValue), c.Out("dst", dstTensor.addr_, calCount);
      });
}

// ---- Xor -------------------------------------------------------------------------

template <typename T, bool isReuseSource = false>
AICORE_INLINE void Xor(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                       const LocalTensor<T>& src1Tensor,
                       const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount,
                       aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kXorType<T>, "Xor: T must be int16_t or uint16_t");
  aicore::lib::TwoSourcePass("Xor", aicore::lib::kMathSources, dstTensor, src0Tensor, src1Tensor,
                             &sharedTmpBuffer, 256u, "GetXorMaxMinTmpSize", calCount, loc,
                             aicore::lib::XorOp{});
}
template <typename T, bool isReuseSource = false>
AICORE_INLINE void Xor(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                       const LocalTensor<T>& src1Tensor,
                       const LocalTensor<uint8_t>& sharedTmpBuffer,
                       aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  Xor<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, sharedTmpBuffer, src0Tensor.GetSize(),
                        loc);
}
template <typename T, bool isReuseSource = false>
AICORE_INLINE void Xor(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                       const LocalTensor<T>& src1Tensor, const uint32_t calCount,
                       aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kXorType<T>, "Xor: T must be int16_t or uint16_t");
  aicore::lib::TwoSourcePass("Xor", aicore::lib::kMathSources, dstTensor, src0Tensor, src1Tensor,
                             nullptr, 0, "", calCount, loc, aicore::lib::XorOp{});
}
template <typename T, bool isReuseSource = false>
AICORE_INLINE void Xor(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                       const LocalTensor<T>& src1Tensor,
                       aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  Xor<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, src0Tensor.GetSize(), loc);
}

AICORE_TARGET_END
}  // namespace AscendC
