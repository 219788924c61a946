// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host helpers of the GLU activations of lib/glu.h (the vendor's
// lib/activation/{geglu,swiglu,reglu}_tiling.h): the temporary space (bytes)
// the sharedTmpBuffer forms need, with the vendor's values for the
// Ascend910B profile. n = srcShape.GetShapeSize(), ts = typeSize:
//
//   GetGeGLUMaxMinTmpSize:  half min 1024, max 4 * max(n*ts, 256); float 0, 0
//   GetGeGLUTmpBufferFactorSize: maxLiveNodeCount 4 (half) / 0 (float)
//   GetSwiGLUMaxMinTmpSize (isReuseSource last): half min 1536, max
//       6 * max(n*ts, 256); float 0, 0
//   GetSwiGLUTmpBufferFactorSize: 6 (half) / 0 (float)
//   GetReGluMaxMinTmpSize:  float 256, 256; half and bfloat16_t min 1536,
//       max max(6 * n * ts, 1536)
#pragma once

#include <cstdint>

#include "aicore/lib/math_tiling.h"
#include "aicore/lib/tensor_shape.h"

namespace aicore {
namespace lib {

constexpr uint32_t GeGluMinTmpBytes(uint32_t ts) { return ts == 4 ? 0u : 1024u; }
constexpr uint32_t SwiGluMinTmpBytes(uint32_t ts) { return ts == 4 ? 0u : 1536u; }
constexpr uint32_t ReGluMinTmpBytes(uint32_t ts) { return ts == 4 ? 256u : 1536u; }

}  // namespace lib
}  // namespace aicore

namespace AscendC {

inline void GetGeGLUMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                  const bool isReuseSource, uint32_t& maxValue,
                                  uint32_t& minValue) {
  (void)isReuseSource;
  aicore::lib::math_tiling::FacMaxMin(typeSize == 4 ? 0 : 4, srcShape, typeSize, maxValue,
                                      minValue);
}
inline void GetGeGLUTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,
                                        uint32_t& extraBuf) {
  extraBuf = 0;
  maxLiveNodeCount = typeSize == 4 ? 0 : 4;
}

inline void GetSwiGLUMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                   uint32_t& maxValue, uint32_t& minValue,
                                   const bool isReuseSource) {
  (void)isReuseSource;
  aicore::lib::math_tiling::FacMaxMin(typeSize == 4 ? 0 : 6, srcShape, typeSize, maxValue,
                                      minValue);
}
inline void GetSwiGLUTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,
                                         uint32_t& extraBuffer) {
  extraBuffer = 0;
  maxLiveNodeCount = typeSize == 4 ? 0 : 6;
}

inline void GetReGluMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                  const bool isReuseSource, uint32_t& maxValue,
                                  uint32_t& minValue) {
  (void)isReuseSource;
  minValue = aicore::lib::ReGluMinTmpBytes(typeSize);
  if (typeSize == 4) {
    maxValue = minValue;
    return;
  }
  const uint64_t mx = 6 * aicore::lib::math_tiling::Elems(srcShape) * typeSize;
  maxValue = aicore::lib::math_tiling::Sat(mx > minValue ? mx : minValue);
}

}  // namespace AscendC
