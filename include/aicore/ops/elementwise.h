// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Element-wise vector instructions, count form: exactly `count` elements,
// from the start of each operand.
#pragma once

#include <cstdint>
#include <type_traits>

#include "aicore/base/half.h"
#include "aicore/base/type_name.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/ops/simd.h"
#include "aicore/runtime/context.h"

namespace aicore {
namespace detail {

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
AICORE_INLINE void CheckCount2(const char* api, const AscendC::LocalTensor<T>& dst,
                               const AscendC::LocalTensor<T>& src, int32_t count, SrcLoc loc) {
  Enter(api, loc);
  if (AICORE_UNLIKELY(count < 0)) FailCount(api, count, loc);
  const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
  CheckLocal(api, "dst", dst, bytes, loc);
  CheckLocal(api, "src", src, bytes, loc);
}

template <class T>
AICORE_INLINE void CheckCount3(const char* api, const AscendC::LocalTensor<T>& dst,
                               const AscendC::LocalTensor<T>& src0,
                               const AscendC::LocalTensor<T>& src1, int32_t count, SrcLoc loc) {
  Enter(api, loc);
  if (AICORE_UNLIKELY(count < 0)) FailCount(api, count, loc);
  const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
  CheckLocal(api, "dst", dst, bytes, loc);
  CheckLocal(api, "src0", src0, bytes, loc);
  CheckLocal(api, "src1", src1, bytes, loc);
}

}  // namespace detail
}  // namespace aicore

namespace AscendC {

// Binary: dst = src0 op src1.
#define AICORE_DEFINE_BINARY(NAME, OP, ...)                                                     \
  template <typename T>                                                                         \
  AICORE_INLINE void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0,                \
                          const LocalTensor<T>& src1, const int32_t& count,                     \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                     \
    static_assert(aicore::detail::kIsOneOf<T, __VA_ARGS__>,                                     \
                  #NAME ": element type not supported by this instruction");                    \
    aicore::detail::CheckCount3(#NAME, dst, src0, src1, count, loc);                            \
    aicore::simd::Binary(dst.addr_, src0.addr_, src1.addr_, static_cast<size_t>(count), OP{}); \
  }

AICORE_DEFINE_BINARY(Add, aicore::simd::AddOp, half, float, int16_t, int32_t)
AICORE_DEFINE_BINARY(Sub, aicore::simd::SubOp, half, float, int16_t, int32_t)
AICORE_DEFINE_BINARY(Mul, aicore::simd::MulOp, half, float, int16_t, int32_t)
AICORE_DEFINE_BINARY(Div, aicore::simd::DivOp, half, float)
AICORE_DEFINE_BINARY(Max, aicore::simd::MaxOp, half, float, int16_t, int32_t)
AICORE_DEFINE_BINARY(Min, aicore::simd::MinOp, half, float, int16_t, int32_t)
#undef AICORE_DEFINE_BINARY

// Unary: dst = op(src).
#define AICORE_DEFINE_UNARY(NAME, OP, ...)                                                     \
  template <typename T>                                                                        \
  AICORE_INLINE void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src,                \
                          const int32_t& count, aicore::SrcLoc loc = aicore::SrcLoc::Current()) { \
    static_assert(aicore::detail::kIsOneOf<T, __VA_ARGS__>,                                    \
                  #NAME ": element type not supported by this instruction");                   \
    aicore::detail::CheckCount2(#NAME, dst, src, count, loc);                                  \
    aicore::simd::Unary(dst.addr_, src.addr_, static_cast<size_t>(count), OP{});               \
  }

AICORE_DEFINE_UNARY(Exp, aicore::simd::ExpOp, half, float)
AICORE_DEFINE_UNARY(Ln, aicore::simd::LnOp, half, float)
AICORE_DEFINE_UNARY(Abs, aicore::simd::AbsOp, half, float)
AICORE_DEFINE_UNARY(Sqrt, aicore::simd::SqrtOp, half, float)
AICORE_DEFINE_UNARY(Rsqrt, aicore::simd::RsqrtOp, half, float)
AICORE_DEFINE_UNARY(Reciprocal, aicore::simd::ReciprocalOp, half, float)
AICORE_DEFINE_UNARY(Relu, aicore::simd::ReluOp, half, float, int32_t)
#undef AICORE_DEFINE_UNARY

// Vector-scalar: dst = op(src, scalar).
#define AICORE_DEFINE_SCALAR(NAME, OP, ...)                                                    \
  template <typename T>                                                                        \
  AICORE_INLINE void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src,                \
                          const aicore::detail::NonDeducedT<T>& scalar, const int32_t& count,  \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                    \
    static_assert(aicore::detail::kIsOneOf<T, __VA_ARGS__>,                                    \
                  #NAME ": element type not supported by this instruction");                   \
    aicore::detail::CheckCount2(#NAME, dst, src, count, loc);                                  \
    aicore::simd::Unary(dst.addr_, src.addr_, static_cast<size_t>(count),                      \
                        OP<aicore::simd::ComputeT<T>>{aicore::detail::ToCompute(scalar)});     \
  }

AICORE_DEFINE_SCALAR(Adds, aicore::simd::AddsOp, half, float, int16_t, int32_t)
AICORE_DEFINE_SCALAR(Muls, aicore::simd::MulsOp, half, float, int16_t, int32_t)
AICORE_DEFINE_SCALAR(Maxs, aicore::simd::MaxsOp, half, float, int16_t, int32_t)
AICORE_DEFINE_SCALAR(Mins, aicore::simd::MinsOp, half, float, int16_t, int32_t)
AICORE_DEFINE_SCALAR(LeakyRelu, aicore::simd::LeakyReluOp, half, float)
#undef AICORE_DEFINE_SCALAR

// dst[i] = scalar for i < count.
template <typename T>
AICORE_INLINE void Duplicate(const LocalTensor<T>& dst, const aicore::detail::NonDeducedT<T>& scalar,
                             const int32_t& count, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kIsOneOf<T, half, bfloat16_t, float, int16_t, uint16_t, int32_t,
                                         uint32_t>,
                "Duplicate: element type not supported by this instruction");
  aicore::detail::Enter("Duplicate", loc);
  if (AICORE_UNLIKELY(count < 0)) aicore::detail::FailCount("Duplicate", count, loc);
  aicore::detail::CheckLocal("Duplicate", "dst", dst, static_cast<uint64_t>(count) * sizeof(T), loc);
  aicore::simd::Fill(dst.addr_, static_cast<T>(scalar), static_cast<size_t>(count));
}

}  // namespace AscendC
