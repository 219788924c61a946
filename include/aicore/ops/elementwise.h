// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Element-wise vector instructions in all their forms:
//
//   count form          Op(dst, src0, src1, count)           exactly `count` elements
//   repeat form         Op(dst, src0, src1, uint64_t mask, repeatTimes, BinaryRepeatParams)
//                       Op(dst, src0, src1, const uint64_t mask[2], repeatTimes,
//                          BinaryRepeatParams)
//   (unary and vector-scalar instructions take UnaryRepeatParams; Duplicate
//   and CreateVecIndex take (mask, repeatTimes, dstBlkStride, dstRepStride).)
//
// Every instruction is a template <typename T, bool isSetMask = true>; with
// isSetMask = false the repeat forms take the mask from SetVectorMask (pass
// MASK_PLACEHOLDER). The count forms neither read nor change the mask
// registers (the vendor implementation reprograms them around a count-form
// call; see the README, API coverage).
// repeatTimes is taken as int32_t so that values outside [0, 255] are
// reported (the NPU's uint8_t parameter would wrap them silently).
//
// Repeat geometry: ops/repeat_geometry.h; masks and counter mode:
// ops/mask.h; the engine and the exact semantics of overlapping operands:
// ops/repeat.h. Under
// AICORE_SANITIZE=numcheck the floating instructions are checked for NaN/Inf
// produced from finite inputs (instrument/sanitizer/numeric.h).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "aicore/base/half.h"
#include "aicore/base/type_name.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/ops/mask.h"
#include "aicore/ops/repeat.h"
#include "aicore/simd/simd.h"
#include "aicore/runtime/context.h"
#include "aicore/instrument/sanitizer/numeric.h"
#include "aicore/simd/target.h"

namespace AscendC {

struct BrcbRepeatParams {
  uint16_t dstBlkStride = 1;
  uint16_t dstRepStride = 8;
  BrcbRepeatParams() = default;
  BrcbRepeatParams(uint16_t dstBlk, uint16_t dstRep) : dstBlkStride(dstBlk), dstRepStride(dstRep) {}
};

}  // namespace AscendC

namespace aicore {
namespace detail {
AICORE_TARGET_BEGIN

// A scalar argument that does not take part in template deduction, so that
// Adds(halfTensor, halfTensor, 2.0f, n) converts 2.0f to half.
template <class T>
struct NonDeduced {
  using type = T;
};
template <class T>
using NonDeducedT = typename NonDeduced<T>::type;

template <class T>
AICORE_INLINE simd::ComputeT<T> ToCompute(T v) {
  return static_cast<simd::ComputeT<T>>(v);
}

template <class T>
AICORE_INLINE CoreContext& CheckCount2(const char* api, const AscendC::LocalTensor<T>& dst,
                                       const AscendC::LocalTensor<T>& src, int32_t count,
                                       SrcLoc loc) {
  CoreContext& core = Enter(api, loc);
  if (AICORE_UNLIKELY(count < 0)) FailCount(api, count, loc);
  const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
  CheckLocal(api, "dst", dst, bytes, loc);
  CheckLocal(api, "src", src, bytes, loc);
  return core;
}

template <class T>
AICORE_INLINE CoreContext& CheckCount3(const char* api, const AscendC::LocalTensor<T>& dst,
                                       const AscendC::LocalTensor<T>& src0,
                                       const AscendC::LocalTensor<T>& src1, int32_t count,
                                       SrcLoc loc) {
  CoreContext& core = Enter(api, loc);
  if (AICORE_UNLIKELY(count < 0)) FailCount(api, count, loc);
  const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
  CheckLocal(api, "dst", dst, bytes, loc);
  CheckLocal(api, "src0", src0, bytes, loc);
  CheckLocal(api, "src1", src1, bytes, loc);
  return core;
}

// Shift counts must lie in [0, bits of T).
template <class T>
AICORE_INLINE int CheckShift(const char* api, T s, SrcLoc loc) {
  const int64_t v = static_cast<int64_t>(s);
  if (AICORE_UNLIKELY(v < 0 || v >= static_cast<int64_t>(8 * sizeof(T)))) {
    Fail(ErrorKind::kParameter, api, loc,
         "shift count " + std::to_string(v) + " is outside [0, " + std::to_string(8 * sizeof(T)) +
             ") for " + TypeName<T>());
  }
  return static_cast<int>(v);
}

template <class TD, class TS>
AICORE_INLINE CoreContext& CheckCountMixed3(const char* api, const AscendC::LocalTensor<TD>& dst,
                                            const AscendC::LocalTensor<TS>& src0,
                                            const AscendC::LocalTensor<TS>& src1, int32_t count,
                                            SrcLoc loc) {
  CoreContext& core = Enter(api, loc);
  if (AICORE_UNLIKELY(count < 0)) FailCount(api, count, loc);
  const uint64_t n = static_cast<uint64_t>(count);
  CheckLocal(api, "dst", dst, n * sizeof(TD), loc);
  CheckLocal(api, "src0", src0, n * sizeof(TS), loc);
  CheckLocal(api, "src1", src1, n * sizeof(TS), loc);
  return core;
}

template <class TD, class TS>
AICORE_INLINE CoreContext& CheckCountMixed2(const char* api, const AscendC::LocalTensor<TD>& dst,
                                            const AscendC::LocalTensor<TS>& src, int64_t count,
                                            SrcLoc loc) {
  CoreContext& core = Enter(api, loc);
  if (AICORE_UNLIKELY(count < 0)) FailCount(api, count, loc);
  const uint64_t n = static_cast<uint64_t>(count);
  CheckLocal(api, "dst", dst, n * sizeof(TD), loc);
  CheckLocal(api, "src", src, n * sizeof(TS), loc);
  return core;
}

// The (dst, src) type pairs of MulAddDst and Axpy.
template <class TD, class TS>
constexpr bool kMulAddPair = (std::is_same_v<TD, TS> && kIsOneOf<TD, half, float>) ||
                             (std::is_same_v<TD, float> && std::is_same_v<TS, half>);

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

// ---------------------------------------------------------------------------
// Binary: dst = src0 op src1.

#define AICORE_DEFINE_BINARY(NAME, OP, ...)                                                     \
  template <typename T, bool isSetMask = true>                                                  \
  AICORE_INLINE void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0,                \
                          const LocalTensor<T>& src1, const int32_t& count,                     \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                     \
    static_assert(aicore::detail::kIsOneOf<T, __VA_ARGS__>,                                     \
                  #NAME ": element type not supported by this instruction");                    \
    namespace d_ = aicore::detail;                                                              \
    auto& core_ = d_::CheckCount3(#NAME, dst, src0, src1, count, loc);                          \
    const size_t n_ = static_cast<size_t>(count);                                               \
    const auto run_ = [&]() AICORE_LAMBDA_INLINE {                                              \
      aicore::simd::Binary(dst.addr_, src0.addr_, src1.addr_, n_, OP{});                        \
    };                                                                                          \
    d_::NumRun(core_, #NAME, loc, d_::kNumRolesSrc01, OP{}, run_, dst.addr_, n_, src0.addr_,    \
               src1.addr_);                                                                     \
  }                                                                                             \
  namespace aicore_impl {                                                                       \
  template <typename T, bool isSetMask = true>                                                  \
  AICORE_INLINE void NAME##RepeatImpl_(const LocalTensor<T>& dst, const LocalTensor<T>& src0,   \
                                       const LocalTensor<T>& src1,                                 \
                                       const aicore::detail::MaskArg& mask, int32_t repeatTimes,   \
                                       const BinaryRepeatParams& p, aicore::SrcLoc loc) {       \
    static_assert(aicore::detail::kIsOneOf<T, __VA_ARGS__>,                                     \
                  #NAME ": element type not supported by this instruction");                    \
    aicore::detail::RepeatBinary(#NAME, isSetMask, mask, repeatTimes, dst, src0, src1, p,          \
                                 loc, aicore::simd::MapKernel<T, OP, T, T>{OP{}});               \
  }                                                                                             \
  }  /* namespace aicore_impl */                                                                \
  template <typename T, bool isSetMask = true>                                                  \
  AICORE_INLINE void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0,                \
                          const LocalTensor<T>& src1, uint64_t mask, const int32_t repeatTimes, \
                          const BinaryRepeatParams& repeatParams,                               \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                     \
    aicore_impl::NAME##RepeatImpl_<T, isSetMask>(dst, src0, src1,                                  \
                                                 aicore::detail::MaskArg::Cont(mask), repeatTimes, \
                                                 repeatParams, loc);                             \
  }                                                                                             \
  template <typename T, bool isSetMask = true>                                                  \
  AICORE_INLINE void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0,                \
                          const LocalTensor<T>& src1, const uint64_t mask[2],                   \
                          const int32_t repeatTimes, const BinaryRepeatParams& repeatParams,    \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                     \
    aicore_impl::NAME##RepeatImpl_<T, isSetMask>(dst, src0, src1,                                  \
                                                 aicore::detail::MaskArg::Bits(mask), repeatTimes, \
                                                 repeatParams, loc);                             \
  }                                                                                             \
  /* Address forms: the vendor's function types (AICORE_ADDRESS_FORM). */                      \
  template <typename T, bool isSetMask = true, AICORE_ADDRESS_FORM>                             \
  AicoreAddrRet_ NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0,                    \
                      const LocalTensor<T>& src1, const int32_t& count) {                       \
    NAME<T, isSetMask>(dst, src0, src1, count, aicore::SrcLoc::Indirect());                     \
  }                                                                                             \
  template <typename T, bool isSetMask = true, AICORE_ADDRESS_FORM>                             \
  AicoreAddrRet_ NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0,                    \
                      const LocalTensor<T>& src1, uint64_t mask, const uint8_t repeatTime,      \
                      const BinaryRepeatParams& repeatParams) {                                 \
    NAME<T, isSetMask>(dst, src0, src1, mask, int32_t{repeatTime}, repeatParams,                \
                       aicore::SrcLoc::Indirect());                                             \
  }                                                                                             \
  template <typename T, bool isSetMask = true, AICORE_ADDRESS_FORM>                             \
  AicoreAddrRet_ NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0,                    \
                      const LocalTensor<T>& src1, uint64_t mask[], const uint8_t repeatTime,    \
                      const BinaryRepeatParams& repeatParams) {                                 \
    NAME<T, isSetMask>(dst, src0, src1, static_cast<const uint64_t*>(mask), int32_t{repeatTime}, \
                       repeatParams, aicore::SrcLoc::Indirect());                               \
  }

AICORE_DEFINE_BINARY(Add, aicore::simd::AddOp, half, float, int16_t, int32_t)
AICORE_DEFINE_BINARY(Sub, aicore::simd::SubOp, half, float, int16_t, int32_t)
AICORE_DEFINE_BINARY(Mul, aicore::simd::MulOp, half, float, int16_t, int32_t)
AICORE_DEFINE_BINARY(Div, aicore::simd::DivOp, half, float)
AICORE_DEFINE_BINARY(Max, aicore::simd::MaxOp, half, float, int16_t, int32_t)
AICORE_DEFINE_BINARY(Min, aicore::simd::MinOp, half, float, int16_t, int32_t)
AICORE_DEFINE_BINARY(And, aicore::simd::AndOp, int16_t, uint16_t)
AICORE_DEFINE_BINARY(Or, aicore::simd::OrOp, int16_t, uint16_t)
AICORE_DEFINE_BINARY(AddRelu, aicore::simd::AddReluOp, half, float, int16_t)
AICORE_DEFINE_BINARY(SubRelu, aicore::simd::SubReluOp, half, float, int16_t)
#undef AICORE_DEFINE_BINARY

// ---------------------------------------------------------------------------
// Unary: dst = op(src).

#define AICORE_DEFINE_UNARY(NAME, OP, ...)                                                       \
  template <typename T, bool isSetMask = true>                                                   \
  AICORE_INLINE void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src,                  \
                          const int32_t& count, aicore::SrcLoc loc = aicore::SrcLoc::Current()) { \
    static_assert(aicore::detail::kIsOneOf<T, __VA_ARGS__>,                                      \
                  #NAME ": element type not supported by this instruction");                     \
    namespace d_ = aicore::detail;                                                               \
    auto& core_ = d_::CheckCount2(#NAME, dst, src, count, loc);                                  \
    const size_t n_ = static_cast<size_t>(count);                                                \
    const auto run_ = [&]() AICORE_LAMBDA_INLINE {                                               \
      aicore::simd::Unary(dst.addr_, src.addr_, n_, OP{});                                       \
    };                                                                                           \
    d_::NumRun(core_, #NAME, loc, d_::kNumRolesSrc, OP{}, run_, dst.addr_, n_, src.addr_);       \
  }                                                                                              \
  namespace aicore_impl {                                                                        \
  template <typename T, bool isSetMask = true>                                                   \
  AICORE_INLINE void NAME##RepeatImpl_(const LocalTensor<T>& dst, const LocalTensor<T>& src,     \
                                       const aicore::detail::MaskArg& mask, int32_t repeatTimes,   \
                                       const UnaryRepeatParams& p, aicore::SrcLoc loc) {         \
    static_assert(aicore::detail::kIsOneOf<T, __VA_ARGS__>,                                      \
                  #NAME ": element type not supported by this instruction");                     \
    aicore::detail::RepeatUnary(#NAME, isSetMask, mask, repeatTimes, dst, src, p, loc,             \
                                aicore::simd::MapKernel<T, OP, T>{OP{}});                        \
  }                                                                                              \
  }  /* namespace aicore_impl */                                                                 \
  template <typename T, bool isSetMask = true>                                                   \
  AICORE_INLINE void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask,   \
                          const int32_t repeatTimes, const UnaryRepeatParams& repeatParams,      \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                      \
    aicore_impl::NAME##RepeatImpl_<T, isSetMask>(dst, src, aicore::detail::MaskArg::Cont(mask),    \
                                                 repeatTimes,                                      \
                                                 repeatParams, loc);                             \
  }                                                                                              \
  template <typename T, bool isSetMask = true>                                                   \
  AICORE_INLINE void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src,                  \
                          const uint64_t mask[2], const int32_t repeatTimes,                     \
                          const UnaryRepeatParams& repeatParams,                                 \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                      \
    aicore_impl::NAME##RepeatImpl_<T, isSetMask>(dst, src, aicore::detail::MaskArg::Bits(mask),    \
                                                 repeatTimes,                                      \
                                                 repeatParams, loc);                             \
  }                                                                                              \
  /* Address forms: the vendor's function types (AICORE_ADDRESS_FORM). */                       \
  template <typename T, bool isSetMask = true, AICORE_ADDRESS_FORM>                              \
  AicoreAddrRet_ NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src,                      \
                      const int32_t& count) {                                                    \
    NAME<T, isSetMask>(dst, src, count, aicore::SrcLoc::Indirect());                             \
  }                                                                                              \
  template <typename T, bool isSetMask = true, AICORE_ADDRESS_FORM>                              \
  AicoreAddrRet_ NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask,       \
                      const uint8_t repeatTime, const UnaryRepeatParams& repeatParams) {         \
    NAME<T, isSetMask>(dst, src, mask, int32_t{repeatTime}, repeatParams,                        \
                       aicore::SrcLoc::Indirect());                                              \
  }                                                                                              \
  template <typename T, bool isSetMask = true, AICORE_ADDRESS_FORM>                              \
  AicoreAddrRet_ NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask[],     \
                      const uint8_t repeatTime, const UnaryRepeatParams& repeatParams) {         \
    NAME<T, isSetMask>(dst, src, static_cast<const uint64_t*>(mask), int32_t{repeatTime},        \
                       repeatParams, aicore::SrcLoc::Indirect());                                \
  }

AICORE_DEFINE_UNARY(Exp, aicore::simd::ExpOp, half, float)
AICORE_DEFINE_UNARY(Ln, aicore::simd::LnOp, half, float)
AICORE_DEFINE_UNARY(Abs, aicore::simd::AbsOp, half, float)
AICORE_DEFINE_UNARY(Sqrt, aicore::simd::SqrtOp, half, float)
AICORE_DEFINE_UNARY(Rsqrt, aicore::simd::RsqrtOp, half, float)
AICORE_DEFINE_UNARY(Reciprocal, aicore::simd::ReciprocalOp, half, float)
AICORE_DEFINE_UNARY(Relu, aicore::simd::ReluOp, half, float, int32_t)
AICORE_DEFINE_UNARY(Not, aicore::simd::NotOp, int16_t, uint16_t)
AICORE_DEFINE_UNARY(Neg, aicore::simd::NegOp, half, float, int16_t, int32_t)
#undef AICORE_DEFINE_UNARY

// ---------------------------------------------------------------------------
// Vector-scalar: dst = op(src, scalar).

#define AICORE_DEFINE_SCALAR(NAME, OP, ...)                                                     \
  template <typename T, bool isSetMask = true>                                                  \
  AICORE_INLINE void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src,                 \
                          const aicore::detail::NonDeducedT<T>& scalar, const int32_t& count,   \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                     \
    static_assert(aicore::detail::kIsOneOf<T, __VA_ARGS__>,                                     \
                  #NAME ": element type not supported by this instruction");                    \
    namespace d_ = aicore::detail;                                                              \
    auto& core_ = d_::CheckCount2(#NAME, dst, src, count, loc);                                 \
    const size_t n_ = static_cast<size_t>(count);                                               \
    const OP<aicore::simd::ComputeT<T>> op_{d_::ToCompute(scalar)};                             \
    const auto run_ = [&]() AICORE_LAMBDA_INLINE {                                              \
      aicore::simd::Unary(dst.addr_, src.addr_, n_, op_);                                       \
    };                                                                                          \
    d_::NumRun(core_, #NAME, loc, d_::kNumRolesSrc, op_, run_, dst.addr_, n_, src.addr_);       \
  }                                                                                             \
  namespace aicore_impl {                                                                       \
  template <typename T, bool isSetMask = true>                                                  \
  AICORE_INLINE void NAME##RepeatImpl_(const LocalTensor<T>& dst, const LocalTensor<T>& src,    \
                                       const T& scalar, const aicore::detail::MaskArg& mask,       \
                                       int32_t repeatTimes, const UnaryRepeatParams& p,         \
                                       aicore::SrcLoc loc) {                                    \
    static_assert(aicore::detail::kIsOneOf<T, __VA_ARGS__>,                                     \
                  #NAME ": element type not supported by this instruction");                    \
    const OP<aicore::simd::ComputeT<T>> op{aicore::detail::ToCompute(scalar)};                  \
    aicore::detail::RepeatUnary(#NAME, isSetMask, mask, repeatTimes, dst, src, p, loc,             \
                                aicore::simd::MapKernel<T, OP<aicore::simd::ComputeT<T>>, T>{op}); \
  }                                                                                             \
  }  /* namespace aicore_impl */                                                                \
  template <typename T, bool isSetMask = true>                                                  \
  AICORE_INLINE void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src,                 \
                          const aicore::detail::NonDeducedT<T>& scalar, uint64_t mask,          \
                          const int32_t repeatTimes, const UnaryRepeatParams& repeatParams,     \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                     \
    aicore_impl::NAME##RepeatImpl_<T, isSetMask>(dst, src, scalar,                                 \
                                                 aicore::detail::MaskArg::Cont(mask), repeatTimes, \
                                                 repeatParams, loc);                             \
  }                                                                                             \
  template <typename T, bool isSetMask = true>                                                  \
  AICORE_INLINE void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src,                 \
                          const aicore::detail::NonDeducedT<T>& scalar, const uint64_t mask[2], \
                          const int32_t repeatTimes, const UnaryRepeatParams& repeatParams,     \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                     \
    aicore_impl::NAME##RepeatImpl_<T, isSetMask>(dst, src, scalar,                                 \
                                                 aicore::detail::MaskArg::Bits(mask), repeatTimes, \
                                                 repeatParams, loc);                             \
  }

AICORE_DEFINE_SCALAR(Adds, aicore::simd::AddsOp, half, float, int16_t, int32_t)
AICORE_DEFINE_SCALAR(Muls, aicore::simd::MulsOp, half, float, int16_t, int32_t)
AICORE_DEFINE_SCALAR(Maxs, aicore::simd::MaxsOp, half, float, int16_t, int32_t)
AICORE_DEFINE_SCALAR(Mins, aicore::simd::MinsOp, half, float, int16_t, int32_t)
AICORE_DEFINE_SCALAR(LeakyRelu, aicore::simd::LeakyReluOp, half, float)
#undef AICORE_DEFINE_SCALAR

// ---------------------------------------------------------------------------
// Shifts by a scalar count in [0, bits of T) (other counts: parameter error).
// ShiftRight is arithmetic for signed types, logical for unsigned; with
// roundEn it adds the last bit shifted out (round half up).

template <typename T, bool isSetMask = true>
AICORE_INLINE void ShiftLeft(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                             const aicore::detail::NonDeducedT<T>& scalarValue,
                             const int32_t& count, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kIsOneOf<T, int16_t, uint16_t, int32_t, uint32_t>,
                "ShiftLeft: element type not supported by this instruction");
  aicore::detail::CheckCount2("ShiftLeft", dst, src, count, loc);
  const int s = aicore::detail::CheckShift("ShiftLeft", static_cast<T>(scalarValue), loc);
  aicore::simd::Unary(dst.addr_, src.addr_, static_cast<size_t>(count),
                      aicore::simd::ShiftLeftOp{s});
}

template <typename T, bool isSetMask = true>
AICORE_INLINE void ShiftRight(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                              const aicore::detail::NonDeducedT<T>& scalarValue,
                              const int32_t& count, bool roundEn = false,
                              aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kIsOneOf<T, int16_t, uint16_t, int32_t, uint32_t>,
                "ShiftRight: element type not supported by this instruction");
  aicore::detail::CheckCount2("ShiftRight", dst, src, count, loc);
  const int s = aicore::detail::CheckShift("ShiftRight", static_cast<T>(scalarValue), loc);
  aicore::simd::Unary(dst.addr_, src.addr_, static_cast<size_t>(count),
                      aicore::simd::ShiftRightOp{s, roundEn});
}

namespace aicore_impl {

template <typename T, bool isSetMask, class Op>
AICORE_INLINE void ShiftRepeat(const char* api, const LocalTensor<T>& dst,
                               const LocalTensor<T>& src, const aicore::detail::MaskArg& mask,
                               int32_t repeatTimes,
                               const UnaryRepeatParams& p, aicore::SrcLoc loc, const Op& op) {
  aicore::detail::RepeatUnary(api, isSetMask, mask, repeatTimes, dst, src, p, loc,
                              aicore::simd::MapKernel<T, Op, T>{op});
}

}  // namespace aicore_impl

template <typename T, bool isSetMask = true>
AICORE_INLINE void ShiftLeft(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                             const aicore::detail::NonDeducedT<T>& scalarValue, uint64_t mask,
                             const int32_t repeatTimes, const UnaryRepeatParams& repeatParams,
                             aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kIsOneOf<T, int16_t, uint16_t, int32_t, uint32_t>,
                "ShiftLeft: element type not supported by this instruction");
  aicore::detail::Enter("ShiftLeft", loc);
  const int s = aicore::detail::CheckShift("ShiftLeft", static_cast<T>(scalarValue), loc);
  aicore_impl::ShiftRepeat<T, isSetMask>("ShiftLeft", dst, src,
                                         aicore::detail::MaskArg::Cont(mask), repeatTimes,
                                         repeatParams, loc, aicore::simd::ShiftLeftOp{s});
}
template <typename T, bool isSetMask = true>
AICORE_INLINE void ShiftLeft(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                             const aicore::detail::NonDeducedT<T>& scalarValue,
                             const uint64_t mask[2], const int32_t repeatTimes,
                             const UnaryRepeatParams& repeatParams,
                             aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kIsOneOf<T, int16_t, uint16_t, int32_t, uint32_t>,
                "ShiftLeft: element type not supported by this instruction");
  aicore::detail::Enter("ShiftLeft", loc);
  const int s = aicore::detail::CheckShift("ShiftLeft", static_cast<T>(scalarValue), loc);
  aicore_impl::ShiftRepeat<T, isSetMask>("ShiftLeft", dst, src,
                                         aicore::detail::MaskArg::Bits(mask), repeatTimes,
                                         repeatParams, loc, aicore::simd::ShiftLeftOp{s});
}
template <typename T, bool isSetMask = true>
AICORE_INLINE void ShiftRight(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                              const aicore::detail::NonDeducedT<T>& scalarValue, uint64_t mask,
                              const int32_t repeatTimes, const UnaryRepeatParams& repeatParams,
                              bool roundEn = false,
                              aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kIsOneOf<T, int16_t, uint16_t, int32_t, uint32_t>,
                "ShiftRight: element type not supported by this instruction");
  aicore::detail::Enter("ShiftRight", loc);
  const int s = aicore::detail::CheckShift("ShiftRight", static_cast<T>(scalarValue), loc);
  aicore_impl::ShiftRepeat<T, isSetMask>("ShiftRight", dst, src,
                                         aicore::detail::MaskArg::Cont(mask), repeatTimes,
                                         repeatParams, loc, aicore::simd::ShiftRightOp{s, roundEn});
}
template <typename T, bool isSetMask = true>
AICORE_INLINE void ShiftRight(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                              const aicore::detail::NonDeducedT<T>& scalarValue,
                              const uint64_t mask[2], const int32_t repeatTimes,
                              const UnaryRepeatParams& repeatParams, bool roundEn = false,
                              aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kIsOneOf<T, int16_t, uint16_t, int32_t, uint32_t>,
                "ShiftRight: element type not supported by this instruction");
  aicore::detail::Enter("ShiftRight", loc);
  const int s = aicore::detail::CheckShift("ShiftRight", static_cast<T>(scalarValue), loc);
  aicore_impl::ShiftRepeat<T, isSetMask>("ShiftRight", dst, src,
                                         aicore::detail::MaskArg::Bits(mask), repeatTimes,
                                         repeatParams, loc, aicore::simd::ShiftRightOp{s, roundEn});
}

// ---------------------------------------------------------------------------
// Multiply-add family. Computed in f32 with one MulAdd (fused where
// AICORE_SIMD_FMA) and, for half results, rounded once more to half.
//   MulAddDst   dst = src0 * src1 + dst   (T, U) = (half, half), (float, float), (float, half)
//   FusedMulAdd dst = src0 * dst + src1   half, float
//   Axpy        dst = src * scalar + dst  (T, U) as MulAddDst

template <typename T, typename U, bool isSetMask = true>
AICORE_INLINE void MulAddDst(const LocalTensor<T>& dst, const LocalTensor<U>& src0,
                             const LocalTensor<U>& src1, const int32_t& count,
                             aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kMulAddPair<T, U>,
                "MulAddDst: (dst, src) types must be (half, half), (float, float) or "
                "(float, half)");
  namespace d = aicore::detail;
  auto& core = d::CheckCountMixed3("MulAddDst", dst, src0, src1, count, loc);
  const size_t n = static_cast<size_t>(count);
  const U* a = src0.addr_;
  const U* b = src1.addr_;
  const T* c = dst.addr_;
  const auto run = [&]() AICORE_LAMBDA_INLINE {
    aicore::simd::MapN(dst.addr_, n, aicore::simd::MulAddOp{}, a, b, c);
  };
  d::NumRun(core, "MulAddDst", loc, d::kNumRolesSrc01Dst, aicore::simd::MulAddOp{}, run, dst.addr_,
            n, a, b, c);
}

template <typename T, bool isSetMask = true>
AICORE_INLINE void FusedMulAdd(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                               const LocalTensor<T>& src1, const int32_t& count,
                               aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kIsOneOf<T, half, float>,
                "FusedMulAdd: element type not supported by this instruction");
  namespace d = aicore::detail;
  auto& core = d::CheckCount3("FusedMulAdd", dst, src0, src1, count, loc);
  const size_t n = static_cast<size_t>(count);
  const T* a = src0.addr_;
  const T* c = dst.addr_;
  const T* b = src1.addr_;
  const auto run = [&]() AICORE_LAMBDA_INLINE {
    aicore::simd::MapN(dst.addr_, n, aicore::simd::MulAddOp{}, a, c, b);
  };
  d::NumRun(core, "FusedMulAdd", loc, d::kNumRolesSrc0DstSrc1, aicore::simd::MulAddOp{}, run,
            dst.addr_, n, a, c, b);
}

template <typename T, typename U, bool isSetMask = true>
AICORE_INLINE void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src,
                        const aicore::detail::NonDeducedT<U>& scalarValue, const int32_t& count,
                        aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kMulAddPair<T, U>,
                "Axpy: (dst, src) types must be (half, half), (float, float) or (float, half)");
  namespace d = aicore::detail;
  auto& core = d::CheckCountMixed2("Axpy", dst, src, count, loc);
  const size_t n = static_cast<size_t>(count);
  const aicore::simd::AxpyOp<float> op{static_cast<float>(scalarValue)};
  const U* a = src.addr_;
  const T* c = dst.addr_;
  const auto run = [&]() AICORE_LAMBDA_INLINE { aicore::simd::MapN(dst.addr_, n, op, a, c); };
  d::NumRun(core, "Axpy", loc, d::kNumRolesSrcDst, op, run, dst.addr_, n, a, c);
}

namespace aicore_impl {

template <typename T, typename U, bool isSetMask>
AICORE_INLINE void MulAddDstRepeat(const LocalTensor<T>& dst, const LocalTensor<U>& src0,
                                   const LocalTensor<U>& src1, const aicore::detail::MaskArg& mask,
                                   int32_t repeatTimes, const BinaryRepeatParams& p,
                                   aicore::SrcLoc loc) {
  static_assert(aicore::detail::kMulAddPair<T, U>,
                "MulAddDst: (dst, src) types must be (half, half), (float, float) or "
                "(float, half)");
  aicore::detail::RepeatTernary(
      "MulAddDst", isSetMask, mask, repeatTimes, dst, src0, src1, p, loc,
      aicore::simd::MapKernel<T, aicore::simd::MulAddOp, U, U, T>{});
}

template <typename T, bool isSetMask>
AICORE_INLINE void FusedMulAddRepeat(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                                     const LocalTensor<T>& src1,
                                     const aicore::detail::MaskArg& mask, int32_t repeatTimes,
                                     const BinaryRepeatParams& p, aicore::SrcLoc loc) {
  static_assert(aicore::detail::kIsOneOf<T, half, float>,
                "FusedMulAdd: element type not supported by this instruction");
  aicore::detail::RepeatTernary(
      "FusedMulAdd", isSetMask, mask, repeatTimes, dst, src0, src1, p, loc,
      aicore::simd::MapKernel<T, aicore::simd::MulDstAddOp, T, T, T>{});
}

template <typename T, typename U, bool isSetMask>
AICORE_INLINE void AxpyRepeat(const LocalTensor<T>& dst, const LocalTensor<U>& src, U scalar,
                              const aicore::detail::MaskArg& mask, int32_t repeatTimes,
                              const UnaryRepeatParams& p, aicore::SrcLoc loc) {
  static_assert(aicore::detail::kMulAddPair<T, U>,
                "Axpy: (dst, src) types must be (half, half), (float, float) or (float, half)");
  const aicore::simd::AxpyOp<float> op{static_cast<float>(scalar)};
  aicore::detail::RepeatUnary(
      "Axpy", isSetMask, mask, repeatTimes, dst, src, p, loc,
      aicore::simd::MapKernel<T, aicore::simd::AxpyOp<float>, U, T>{op}, /*dst_in=*/true);
}

}  // namespace aicore_impl

template <typename T, typename U, bool isSetMask = true>
AICORE_INLINE void MulAddDst(const LocalTensor<T>& dst, const LocalTensor<U>& src0,
                             const LocalTensor<U>& src1, uint64_t mask, const int32_t repeatTimes,
                             const BinaryRepeatParams& repeatParams,
                             aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore_impl::MulAddDstRepeat<T, U, isSetMask>(dst, src0, src1,
                                                aicore::detail::MaskArg::Cont(mask), repeatTimes,
                                                repeatParams, loc);
}
template <typename T, typename U, bool isSetMask = true>
AICORE_INLINE void MulAddDst(const LocalTensor<T>& dst, const LocalTensor<U>& src0,
                             const LocalTensor<U>& src1, const uint64_t mask[2],
                             const int32_t repeatTimes, const BinaryRepeatParams& repeatParams,
                             aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore_impl::MulAddDstRepeat<T, U, isSetMask>(dst, src0, src1,
                                                aicore::detail::MaskArg::Bits(mask), repeatTimes,
                                                repeatParams, loc);
}
template <typename T, bool isSetMask = true>
AICORE_INLINE void FusedMulAdd(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                               const LocalTensor<T>& src1, uint64_t mask, const int32_t repeatTimes,
                               const BinaryRepeatParams& repeatParams,
                               aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore_impl::FusedMulAddRepeat<T, isSetMask>(dst, src0, src1,
                                               aicore::detail::MaskArg::Cont(mask), repeatTimes,
                                               repeatParams, loc);
}
template <typename T, bool isSetMask = true>
AICORE_INLINE void FusedMulAdd(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                               const LocalTensor<T>& src1, const uint64_t mask[2],
                               const int32_t repeatTimes, const BinaryRepeatParams& repeatParams,
                               aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore_impl::FusedMulAddRepeat<T, isSetMask>(dst, src0, src1,
                                               aicore::detail::MaskArg::Bits(mask), repeatTimes,
                                               repeatParams, loc);
}
template <typename T, typename U, bool isSetMask = true>
AICORE_INLINE void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src,
                        const aicore::detail::NonDeducedT<U>& scalarValue, uint64_t mask,
                        const int32_t repeatTimes, const UnaryRepeatParams& repeatParams,
                        aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore_impl::AxpyRepeat<T, U, isSetMask>(dst, src, scalarValue,
                                           aicore::detail::MaskArg::Cont(mask), repeatTimes,
                                           repeatParams, loc);
}
template <typename T, typename U, bool isSetMask = true>
AICORE_INLINE void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src,
                        const aicore::detail::NonDeducedT<U>& scalarValue, const uint64_t mask[2],
                        const int32_t repeatTimes, const UnaryRepeatParams& repeatParams,
                        aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore_impl::AxpyRepeat<T, U, isSetMask>(dst, src, scalarValue,
                                           aicore::detail::MaskArg::Bits(mask), repeatTimes,
                                           repeatParams, loc);
}

// ---------------------------------------------------------------------------
// Duplicate: dst = scalar (its exact bit pattern).

#define AICORE_DUPLICATE_TYPES half, bfloat16_t, float, int16_t, uint16_t, int32_t, uint32_t

template <typename T, bool isSetMask = true>
AICORE_INLINE void Duplicate(const LocalTensor<T>& dst, const aicore::detail::NonDeducedT<T>& scalar,
                             const int32_t& count, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kIsOneOf<T, AICORE_DUPLICATE_TYPES>,
                "Duplicate: element type not supported by this instruction");
  aicore::detail::Enter("Duplicate", loc);
  if (AICORE_UNLIKELY(count < 0)) aicore::detail::FailCount("Duplicate", count, loc);
  aicore::detail::CheckLocal("Duplicate", "dst", dst, static_cast<uint64_t>(count) * sizeof(T), loc);
  aicore::simd::Fill(dst.addr_, static_cast<T>(scalar), static_cast<size_t>(count));
}

namespace aicore_impl {

template <typename T, bool isSetMask>
AICORE_INLINE void DuplicateRepeat(const LocalTensor<T>& dst, T value,
                                   const aicore::detail::MaskArg& mask, int32_t repeatTimes,
                                   uint32_t dstBlkStride,
                                   uint32_t dstRepStride, aicore::SrcLoc loc) {
  static_assert(aicore::detail::kIsOneOf<T, AICORE_DUPLICATE_TYPES>,
                "Duplicate: element type not supported by this instruction");
  aicore::detail::RepeatFill("Duplicate", isSetMask, mask, repeatTimes, dst, dstBlkStride,
                             dstRepStride, loc,
                             aicore::simd::FillKernel<T>{value});
}

}  // namespace aicore_impl

template <typename T, bool isSetMask = true>
AICORE_INLINE void Duplicate(const LocalTensor<T>& dst, const aicore::detail::NonDeducedT<T>& scalar,
                             uint64_t mask, const int32_t repeatTimes,
                             const uint16_t dstBlockStride, const uint8_t dstRepeatStride,
                             aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore_impl::DuplicateRepeat<T, isSetMask>(dst, static_cast<T>(scalar),
                                             aicore::detail::MaskArg::Cont(mask), repeatTimes,
                                             dstBlockStride, dstRepeatStride, loc);
}
template <typename T, bool isSetMask = true>
AICORE_INLINE void Duplicate(const LocalTensor<T>& dst, const aicore::detail::NonDeducedT<T>& scalar,
                             const uint64_t mask[2], const int32_t repeatTimes,
                             const uint16_t dstBlockStride, const uint8_t dstRepeatStride,
                             aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore_impl::DuplicateRepeat<T, isSetMask>(dst, static_cast<T>(scalar),
                                             aicore::detail::MaskArg::Bits(mask), repeatTimes,
                                             dstBlockStride, dstRepeatStride, loc);
}
#undef AICORE_DUPLICATE_TYPES

// ---------------------------------------------------------------------------
// CreateVecIndex: dst[i] = firstValue + i. Integers wrap; half/float add in
// f32 and round once. In the repeat forms lane l of repeat r gets
// firstValue + r * lanesPerRepeat + l (the index it has in a dense layout).

template <typename T, bool isSetMask = true>
AICORE_INLINE void CreateVecIndex(const LocalTensor<T>& dst,
                                  const aicore::detail::NonDeducedT<T>& firstValue,
                                  uint32_t count, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kIsOneOf<T, half, float, int16_t, int32_t>,
                "CreateVecIndex: element type not supported by this instruction");
  aicore::detail::Enter("CreateVecIndex", loc);
  aicore::detail::CheckLocal("CreateVecIndex", "dst", dst, uint64_t{count} * sizeof(T), loc);
  aicore::simd::Index(dst.addr_, count, static_cast<T>(firstValue), 0);
}

namespace aicore_impl {

template <typename T, bool isSetMask>
AICORE_INLINE void CreateVecIndexRepeat(const LocalTensor<T>& dst, T first,
                                        const aicore::detail::MaskArg& mask, int32_t repeatTimes,
                                        uint32_t dstBlkStride, uint32_t dstRepStride,
                                        aicore::SrcLoc loc) {
  static_assert(aicore::detail::kIsOneOf<T, half, float, int16_t, int32_t>,
                "CreateVecIndex: element type not supported by this instruction");
  aicore::detail::RepeatFill("CreateVecIndex", isSetMask, mask, repeatTimes, dst,
                             dstBlkStride, dstRepStride, loc,
                             [first](uint8_t* out, const uint8_t* const*, size_t n, size_t lane0) {
                               aicore::simd::Index(reinterpret_cast<T*>(out), n, first, lane0);
                             });
}

}  // namespace aicore_impl

template <typename T, bool isSetMask = true>
AICORE_INLINE void CreateVecIndex(const LocalTensor<T>& dst,
                                  const aicore::detail::NonDeducedT<T>& firstValue, uint64_t mask,
                                  const int32_t repeatTimes, const uint16_t dstBlkStride,
                                  const uint8_t dstRepStride,
                                  aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore_impl::CreateVecIndexRepeat<T, isSetMask>(dst, static_cast<T>(firstValue),
                                                  aicore::detail::MaskArg::Cont(mask),
                                                  repeatTimes, dstBlkStride, dstRepStride, loc);
}
template <typename T, bool isSetMask = true>
AICORE_INLINE void CreateVecIndex(const LocalTensor<T>& dst,
                                  const aicore::detail::NonDeducedT<T>& firstValue,
                                  const uint64_t mask[2], const int32_t repeatTimes,
                                  const uint16_t dstBlkStride, const uint8_t dstRepStride,
                                  aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore_impl::CreateVecIndexRepeat<T, isSetMask>(dst, static_cast<T>(firstValue),
                                                  aicore::detail::MaskArg::Bits(mask),
                                                  repeatTimes, dstBlkStride, dstRepStride, loc);
}

// ---------------------------------------------------------------------------
// Brcb: repeat r reads src[8r .. 8r + 7]; element j fills the 32-byte block
// j of the repeat (at dst + r * dstRepStride * 32 + j * dstBlkStride * 32
// bytes). No mask. Repeats and blocks are written in order.

template <typename T>
AICORE_INLINE void Brcb(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                        const int32_t repeatTimes, const BrcbRepeatParams& repeatParams,
                        aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(sizeof(T) == 2 || sizeof(T) == 4, "Brcb: 2- or 4-byte element types only");
  namespace d = aicore::detail;
  d::Enter("Brcb", loc);
  if (AICORE_UNLIKELY(repeatTimes < 0 || repeatTimes > 255)) {
    d::FailMask("Brcb", "repeatTimes " + std::to_string(repeatTimes) + " is outside [0, 255]", loc);
  }
  const uint64_t reps = static_cast<uint64_t>(repeatTimes);
  const uint64_t blk = uint64_t{repeatParams.dstBlkStride} * 32;
  const uint64_t rep = uint64_t{repeatParams.dstRepStride} * 32;
  d::CheckLocal("Brcb", "src0", src0, reps * 8 * sizeof(T), loc);
  d::CheckLocal("Brcb", "dst", dst, reps == 0 ? 0 : (reps - 1) * rep + 7 * blk + 32, loc);
  using U = std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>;
  namespace hn = aicore::simd::hn;
  const hn::CappedTag<U, 32 / sizeof(U)> du;
  const size_t N = hn::Lanes(du);
  const U* s = reinterpret_cast<const U*>(src0.addr_);
  uint8_t* out = reinterpret_cast<uint8_t*>(dst.addr_);
  for (uint64_t r = 0; r < reps; ++r) {
    U v[8];
    std::memcpy(v, s + 8 * r, sizeof(v));  // read before the repeat writes
    uint8_t* base = out + r * rep;
    for (uint32_t j = 0; j < 8; ++j) {
      const auto bv = hn::Set(du, v[j]);
      U* p = reinterpret_cast<U*>(base + j * blk);
      for (size_t k = 0; k < 32 / sizeof(U); k += N) hn::StoreU(bv, du, p + k);
    }
  }
}

AICORE_TARGET_END
}  // namespace AscendC
