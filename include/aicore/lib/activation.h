// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The activation functions of the advanced API (the vendor's
// lib/activation/{gelu,sigmoid,silu,swish}.h and lib/math/tanh.h), Ascend910B
// profile, for half and float:
//
//   Gelu<T, highPrecision, highPerformance>(dst, src[, sharedTmpBuffer], dataSize)
//       t = 1.5957691216057308 * (x + 0.044715 * x^3)      (= 2*sqrt(2/pi)*(...))
//       y = x / (1 + exp(-t)), evaluated as x / (exp(-|t|) + 1) * exp(min(t, 0))
//   FasterGelu<T, highPrecision, highPerformance>(dst, src[, sharedTmpBuffer], dataSize)
//       y = x / (1 + exp(-1.702 * x))
//   FasterGeluV2<T, highPrecision, highPerformance>(dst, src[, sharedTmpBuffer], dataSize)
//       u = min(|0.7071 * x|, 1.769) - 1.769;  h = -0.1444 * u^2 + 0.5
//       sgn = (x + 1e-12) / |x + 1e-12|;       y = x * (sgn * h + 0.5)
//   Sigmoid<T, isReuseSource>(dst, src[, sharedTmpBuffer][, calCount])
//       y = 1 / (1 + exp(-x))
//   Silu<T, isReuseSource>(dst, src, dataSize)           y = x / (1 + exp(-x))
//   Swish<T, isReuseSource>(dst, src, dataSize, beta)    y = x / (1 + exp(-beta * x))
//   Tanh<T, isReuseSource>(dst, src[, sharedTmpBuffer][, calCount])
//       c = clip(x, -8.8, 8.8);  y = (e^(2c) - 1) / (e^(2c) + 1)
//
// Each call is one fused pass over the elements (Highway, half computed in
// f32 and rounded once to half), so the temporary buffer is only checked:
// allocated, inside its buffer, 32-byte aligned, not smaller than the
// minimum the host helper (lib/activation_tiling.h) gives, and not
// overlapping src or dst; the forms without it need no space. The flags
// highPrecision (half computed in f32: always so here), highPerformance
// (reciprocal-multiply instead of divide: same results here) and
// isReuseSource (the source may be overwritten: it is not) change nothing.
// Deviations from the literal formula, all well inside the tolerance (1e-5
// relative for float, one half ulp + f32 error for half): Gelu uses one
// exponential (x * sigmoid(t) split at t = 0, the same value); FasterGeluV2
// takes sgn as the sign of x + 1e-12 (the formula divides 0 by 0 only at
// x == -1e-12 exactly; +-inf give NaN, inf / inf, as in the formula); Tanh computes e^(2c) - 1 as expm1(2c), so that small
// inputs keep their relative precision; NaN inputs give NaN everywhere.
//
// Bad operands raise KernelError like the basic instructions (ops/check.h):
// a count beyond the size of src or dst (or past the end of its buffer), an
// unallocated or misaligned tensor, a sharedTmpBuffer smaller than the
// minimum or overlapping an operand.
#pragma once

#include <cstdint>
#include <string>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/type_name.h"
#include "aicore/instrument/sanitizer/numeric_api.h"
#include "aicore/lib/activation_tiling.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/ops/elementwise.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/simd.h"
#include "aicore/simd/target.h"

namespace aicore {
namespace lib {
AICORE_TARGET_BEGIN

namespace hn = simd::hn;

// ---- the formulas, on f32 vectors ------------------------------------------

struct GeluOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    const V one = hn::Set(d, 1.0f);
    const V x2 = hn::Mul(x, x);
    const V t = hn::Mul(hn::Mul(hn::MulAdd(x2, hn::Set(d, 0.044715f), one), x),
                        hn::Set(d, 1.5957691216057308f));
    // e = exp(-|t|) <= 1: t >= 0 gives x / (1 + e); t < 0 gives x * e / (1 + e).
    const V e = simd::ExpOp()(d, hn::Neg(hn::Abs(t)));
    const V num = hn::IfThenElse(hn::Lt(t, hn::Zero(d)), e, one);
    return hn::Mul(x, hn::Div(num, hn::Add(e, one)));
  }
};

struct FasterGeluOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    const V e = simd::ExpOp()(d, hn::Mul(x, hn::Set(d, -1.702f)));
    return hn::Div(x, hn::Add(e, hn::Set(d, 1.0f)));
  }
};

struct FasterGeluV2Op {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    const V u = hn::Add(simd::MinOp()(d, hn::Abs(hn::Mul(x, hn::Set(d, 0.7071f))), hn::Set(d, 1.769f)),
                        hn::Set(d, -1.769f));
    const V half_ = hn::Set(d, 0.5f);
    const V h = hn::MulAdd(hn::Mul(u, u), hn::Set(d, -0.1444f), half_);
    const V sgn = hn::CopySign(hn::Set(d, 1.0f), hn::Add(x, hn::Set(d, 1e-12f)));
    // sgn of +-inf is inf / inf: NaN, as in the formula.
    return hn::IfThenElse(hn::IsInf(x), hn::Set(d, __builtin_nanf("")),
                          hn::Mul(x, hn::MulAdd(sgn, h, half_)));
  }
};

struct SigmoidOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    const V one = hn::Set(d, 1.0f);
    return hn::Div(one, hn::Add(simd::ExpOp()(d, hn::Neg(x)), one));
  }
};

struct SiluOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    return hn::Div(x, hn::Add(simd::ExpOp()(d, hn::Neg(x)), hn::Set(d, 1.0f)));
  }
};

struct SwishOp {
  float beta;
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    const V e = simd::ExpOp()(d, hn::Mul(x, hn::Set(d, -beta)));
    return hn::Div(x, hn::Add(e, hn::Set(d, 1.0f)));
  }
};

struct TanhOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    const V hi = hn::Set(d, 8.8f);
    const V lo = hn::Set(d, -8.8f);
    V c = hn::IfThenElse(hn::Gt(x, hi), hi, x);
    c = hn::IfThenElse(hn::Lt(c, lo), lo, c);
    const V em1 = hn::Expm1(d, hn::Add(c, c));
    const V r = hn::Div(em1, hn::Add(em1, hn::Set(d, 2.0f)));
    return hn::IfThenElse(hn::IsNaN(x), x, r);
  }
};

// ---- checks and the pass -----------------------------------------------------

template <class T>
[[noreturn]] AICORE_COLD inline void FailBeyondTensor(const char* api, const char* count_name,
                                                      uint32_t count, const char* role,
                                                      uint32_t size, SrcLoc loc) {
  detail::Fail(ErrorKind::kBounds, api, loc,
               std::string(count_name) + " " + std::to_string(count) + " exceeds the " +
                   std::to_string(size) + " " + detail::TypeName<T>() + " elements of " + role);
}

[[noreturn]] AICORE_COLD inline void FailTmpTooSmall(const char* api, uint32_t have, uint32_t need,
                                                     const char* type, const char* helper,
                                                     SrcLoc loc) {
  detail::Fail(ErrorKind::kParameter, api, loc,
               "sharedTmpBuffer holds " + std::to_string(have) + " bytes, fewer than the " +
                   std::to_string(need) + " bytes " + helper + " gives as the minimum for " +
                   type);
}

[[noreturn]] AICORE_COLD inline void FailTmpOverlap(const char* api, const char* role, SrcLoc loc) {
  detail::Fail(ErrorKind::kParameter, api, loc,
               std::string("sharedTmpBuffer overlaps ") + role +
                   " (the temporary buffer must not share addresses with the operands)");
}

// Checks dst/src for `count` elements: the count is not negative, not beyond
// either tensor's size, and the operands are valid (CheckLocal).
template <class T>
AICORE_INLINE void CheckOperands(const char* api, const char* count_name,
                                 const AscendC::LocalTensor<T>& dst,
                                 const AscendC::LocalTensor<T>& src, uint32_t count, SrcLoc loc) {
  if (AICORE_UNLIKELY(count >= 0x80000000u)) detail::FailNegativeCount32(api, count, loc);
  if (AICORE_UNLIKELY(count > src.GetSize())) {
    FailBeyondTensor<T>(api, count_name, count, "srcTensor", src.GetSize(), loc);
  }
  if (AICORE_UNLIKELY(count > dst.GetSize())) {
    FailBeyondTensor<T>(api, count_name, count, "dstTensor", dst.GetSize(), loc);
  }
  const uint64_t bytes = uint64_t{count} * sizeof(T);
  detail::CheckLocal(api, "dst", dst, bytes, loc);
  detail::CheckLocal(api, "src", src, bytes, loc);
}

template <class T>
AICORE_INLINE void CheckTmp(const char* api, const AscendC::LocalTensor<uint8_t>& tmp,
                            uint32_t need, const char* helper,
                            const AscendC::LocalTensor<T>& dst,
                            const AscendC::LocalTensor<T>& src, uint32_t count, SrcLoc loc) {
  // The pass does not touch the buffer: checked, not recorded as an access.
  detail::CheckLocal(api, "sharedTmpBuffer", tmp, tmp.GetSize(), loc, true, detail::Pipe::kCount);
  if (AICORE_UNLIKELY(tmp.GetSize() < need)) {
    FailTmpTooSmall(api, tmp.GetSize(), need, detail::TypeName<T>(), helper, loc);
  }
  const uint64_t bytes = uint64_t{count} * sizeof(T);
  if (AICORE_UNLIKELY(detail::BytesOverlap(tmp.addr_, tmp.GetSize(), src.addr_, bytes))) {
    FailTmpOverlap(api, "srcTensor", loc);
  }
  if (AICORE_UNLIKELY(detail::BytesOverlap(tmp.addr_, tmp.GetSize(), dst.addr_, bytes))) {
    FailTmpOverlap(api, "dstTensor", loc);
  }
}

template <class T, class Op>
AICORE_INLINE void Run(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                       uint32_t count, const Op& op) {
  if (count != 0) simd::MapN(dst.addr_, static_cast<size_t>(count), op, src.addr_);
}

template <class T>
constexpr bool kActivationType = std::is_same_v<T, half> || std::is_same_v<T, float>;

// One activation call: checks, then the fused pass.
template <class T, class Op>
AICORE_INLINE void Activation(const char* api, const char* count_name,
                              const AscendC::LocalTensor<T>& dst,
                              const AscendC::LocalTensor<T>& src,
                              const AscendC::LocalTensor<uint8_t>* tmp, uint32_t tmp_need,
                              const char* helper, uint32_t count, SrcLoc loc, const Op& op) {
  detail::Enter(api, loc);
  CheckOperands(api, count_name, dst, src, count, loc);
  if (tmp != nullptr) CheckTmp(api, *tmp, tmp_need, helper, dst, src, count, loc);
  detail::NumApi(
      api, loc, [&]() AICORE_LAMBDA_INLINE { Run(dst, src, count, op); },
      [&](detail::NumApiCall& c) {
        c.InAt("src", src.addr_, count), c.OpScalar(op), c.Out("dst", dst.addr_, count);
      });
}

AICORE_TARGET_END
}  // namespace lib
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

#define AICORE_GELU_FAMILY(NAME, OP)                                                              \
  template <typename T, bool highPrecision = false, bool highPerformance = false>                 \
  AICORE_INLINE void NAME(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,         \
                          const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t dataSize,   \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                       \
    static_assert(aicore::lib::kActivationType<T>, #NAME ": T must be half or float");            \
    aicore::lib::Activation(#NAME, "dataSize", dstLocal, srcLocal, &sharedTmpBuffer,              \
                            aicore::lib::kGeluMinTmpBytes, "GetGeluMaxMinTmpSize", dataSize, loc, \
                            aicore::lib::OP{});                                                   \
  }                                                                                               \
  template <typename T, bool highPrecision = false, bool highPerformance = false>                 \
  AICORE_INLINE void NAME(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,         \
                          const uint32_t dataSize,                                                \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                       \
    static_assert(aicore::lib::kActivationType<T>, #NAME ": T must be half or float");            \
    aicore::lib::Activation(#NAME, "dataSize", dstLocal, srcLocal, nullptr, 0, "", dataSize, loc, \
                            aicore::lib::OP{});                                                   \
  }

AICORE_GELU_FAMILY(Gelu, GeluOp)
AICORE_GELU_FAMILY(FasterGelu, FasterGeluOp)
AICORE_GELU_FAMILY(FasterGeluV2, FasterGeluV2Op)
#undef AICORE_GELU_FAMILY

// The sharedTmpBuffer + calCount and calCount forms of a one-source API (also
// used by lib/math_misc.h; kept defined).
#define AICORE_LIB_COUNT_FORMS(NAME, OP, NEED, HELPER)                                            \
  template <typename T, bool isReuseSource = false>                                               \
  AICORE_INLINE void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,       \
                          const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount,   \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                       \
    static_assert(aicore::lib::kActivationType<T>, #NAME ": T must be half or float");            \
    aicore::lib::Activation(#NAME, "calCount", dstTensor, srcTensor, &sharedTmpBuffer, NEED,      \
                            HELPER, calCount, loc, aicore::lib::OP{});                            \
  }                                                                                               \
  template <typename T, bool isReuseSource = false>                                               \
  AICORE_INLINE void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,       \
                          const uint32_t calCount,                                                \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                       \
    static_assert(aicore::lib::kActivationType<T>, #NAME ": T must be half or float");            \
    aicore::lib::Activation(#NAME, "calCount", dstTensor, srcTensor, nullptr, 0, "", calCount,    \
                            loc, aicore::lib::OP{});                                              \
  }                                                                                               \
  /* Address forms: the vendor's function types (AICORE_ADDRESS_FORM). */                        \
  template <typename T, bool isReuseSource = false, AICORE_ADDRESS_FORM>                          \
  AicoreAddrRet_ NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,           \
                      const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {     \
    NAME<T, isReuseSource>(dstTensor, srcTensor, sharedTmpBuffer, calCount,                       \
                           aicore::SrcLoc::Indirect());                                           \
  }                                                                                               \
  template <typename T, bool isReuseSource = false, AICORE_ADDRESS_FORM>                          \
  AicoreAddrRet_ NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,           \
                      const uint32_t calCount) {                                                  \
    NAME<T, isReuseSource>(dstTensor, srcTensor, calCount, aicore::SrcLoc::Indirect());           \
  }

// Sigmoid and Tanh: calCount forms and whole-tensor forms (srcTensor.GetSize());
// also used by lib/math_misc.h (kept defined).
#define AICORE_CALCOUNT_FAMILY(NAME, OP, NEED, HELPER)                                            \
  AICORE_LIB_COUNT_FORMS(NAME, OP, NEED, HELPER)                                                  \
  template <typename T, bool isReuseSource = false>                                               \
  AICORE_INLINE void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,       \
                          const LocalTensor<uint8_t>& sharedTmpBuffer,                            \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                       \
    NAME<T, isReuseSource>(dstTensor, srcTensor, sharedTmpBuffer, srcTensor.GetSize(), loc);      \
  }                                                                                               \
  template <typename T, bool isReuseSource = false>                                               \
  AICORE_INLINE void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,       \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                       \
    NAME<T, isReuseSource>(dstTensor, srcTensor, srcTensor.GetSize(), loc);                       \
  }

AICORE_CALCOUNT_FAMILY(Sigmoid, SigmoidOp, aicore::lib::kSigmoidMinTmpBytes,
                       "GetSigmoidMaxMinTmpSize")
AICORE_CALCOUNT_FAMILY(Tanh, TanhOp, aicore::lib::TanhMinTmpBytes(sizeof(T)),
                       "GetTanhMaxMinTmpSize")

template <typename T, bool isReuseSource = false>
AICORE_INLINE void Silu(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                        uint32_t dataSize, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kActivationType<T>, "Silu: T must be half or float");
  aicore::lib::Activation("Silu", "dataSize", dstLocal, srcLocal, nullptr, 0, "", dataSize, loc,
                          aicore::lib::SiluOp{});
}

// scalarValue is beta; it converts to T like the vendor's (it does not take
// part in deducing T, so a float literal works with half tensors).
template <typename T, bool isReuseSource = false>
AICORE_INLINE void Swish(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                         uint32_t dataSize, const aicore::detail::NonDeducedT<T> scalarValue,
                         aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kActivationType<T>, "Swish: T must be half or float");
  aicore::lib::Activation("Swish", "dataSize", dstLocal, srcLocal, nullptr, 0, "", dataSize, loc,
                          aicore::lib::SwishOp{static_cast<float>(scalarValue)});
}

AICORE_TARGET_END
}  // namespace AscendC
