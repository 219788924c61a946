// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The transcendental math APIs of the advanced API (the vendor's
// lib/math/*.h), Ascend910B profile, for half and float. So far:
//
//   Log<T, isReuseSource>(dst, src[, calCount])                     y = ln(x)
//   Log2<T, isReuseSource>(dst, src[, sharedTmpBuffer][, calCount])  y = log2(x)
//   Log10<T, isReuseSource>(dst, src[, calCount])                   y = log10(x)
//
// Each call is one fused Highway pass (half computed in f32 and rounded
// once to half): Log is the natural logarithm of simd::LnOp (Highway's Log,
// with IEEE special values: +0/-0 -> -inf, +inf -> +inf, x < 0 -> NaN,
// NaN -> NaN); Log2 and Log10 multiply it by the f32 constants 1/ln 2 and
// 1/ln 10. The whole-tensor forms take srcTensor.GetSize() elements.
// Tolerance against a float64 reference r (tests/unit/lib/test_math.cpp):
// float |y - r| <= 2^-20 |r| (8 f32 ulp; Highway documents 4 ulp for Log,
// plus the constant and the product), half one half ulp of r plus that.
// Log2's sharedTmpBuffer (half: at least the 256 bytes GetLog2MaxMinTmpSize
// gives; float: 0) is only checked, the pass needs none; isReuseSource
// changes nothing (the source is never overwritten). Bad operands raise
// KernelError as for the activation APIs (lib/activation.h): a count beyond
// src or dst, an unallocated or misaligned tensor, a sharedTmpBuffer below
// the minimum or overlapping an operand. T other than half/float does not
// compile.
#pragma once

#include <cstdint>

#include "aicore/lib/activation.h"
#include "aicore/lib/math_tiling.h"
#include "aicore/simd/simd.h"
#include "aicore/simd/target.h"

namespace aicore {
namespace lib {
AICORE_TARGET_BEGIN

struct LogOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    return simd::LnOp()(d, x);
  }
};
struct Log2Op {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    return hn::Mul(simd::LnOp()(d, x), hn::Set(d, 1.4426950408889634f));
  }
};
struct Log10Op {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    return hn::Mul(simd::LnOp()(d, x), hn::Set(d, 0.43429448190325176f));
  }
};

AICORE_TARGET_END
}  // namespace lib
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

// The APIs without a sharedTmpBuffer: calCount and whole-tensor forms.
#define AICORE_MATH_NO_TMP(NAME, OP)                                                              \
  template <typename T, bool isReuseSource = false>                                               \
  AICORE_INLINE void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,       \
                          const uint32_t calCount,                                                \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                       \
    static_assert(aicore::lib::kActivationType<T>, #NAME ": T must be half or float");            \
    aicore::lib::Activation(#NAME, "calCount", dstTensor, srcTensor, nullptr, 0, "", calCount,    \
                            loc, aicore::lib::OP{});                                              \
  }                                                                                               \
  template <typename T, bool isReuseSource = false>                                               \
  AICORE_INLINE void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,       \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                       \
    NAME<T, isReuseSource>(dstTensor, srcTensor, srcTensor.GetSize(), loc);                       \
  }

AICORE_MATH_NO_TMP(Log, LogOp)
AICORE_MATH_NO_TMP(Log10, Log10Op)
#undef AICORE_MATH_NO_TMP

template <typename T, bool isReuseSource = false>
AICORE_INLINE void Log2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                        const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount,
                        aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kActivationType<T>, "Log2: T must be half or float");
  aicore::lib::Activation("Log2", "calCount", dstTensor, srcTensor, &sharedTmpBuffer,
                          aicore::lib::Log2MinTmpBytes(sizeof(T)), "GetLog2MaxMinTmpSize",
                          calCount, loc, aicore::lib::Log2Op{});
}
template <typename T, bool isReuseSource = false>
AICORE_INLINE void Log2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                        const LocalTensor<uint8_t>& sharedTmpBuffer,
                        aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  Log2<T, isReuseSource>(dstTensor, srcTensor, sharedTmpBuffer, srcTensor.GetSize(), loc);
}
template <typename T, bool isReuseSource = false>
AICORE_INLINE void Log2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                        const uint32_t calCount, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kActivationType<T>, "Log2: T must be half or float");
  aicore::lib::Activation("Log2", "calCount", dstTensor, srcTensor, nullptr, 0, "", calCount, loc,
                          aicore::lib::Log2Op{});
}
template <typename T, bool isReuseSource = false>
AICORE_INLINE void Log2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                        aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  Log2<T, isReuseSource>(dstTensor, srcTensor, srcTensor.GetSize(), loc);
}

AICORE_TARGET_END
}  // namespace AscendC
