// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host helpers of DropOut (lib/dropout.h), the vendor's published values:
//
//   GetDropOutMaxMinTmpSize(srcShape, typeSize, isReuseSource, maxValue, minValue)
//   GetDropOutMinTmpSize / GetDropOutMaxTmpSize(srcShape, typeSize, isReuseSource)
//
// min 512 bytes (two 256-byte repeats); max max(512, 2 * n * 4), n the
// elements of srcShape. The kernel-side forms reject a sharedTmpBuffer below
// the minimum.
#pragma once

#include <cstdint>

#include "aicore/lib/activation_tiling.h"
#include "aicore/lib/tensor_shape.h"

namespace aicore {
namespace lib {
constexpr uint32_t kDropOutMinTmpBytes = 2 * 256;
}  // namespace lib
}  // namespace aicore

namespace AscendC {

inline uint32_t GetDropOutMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                     const bool isReuseSource) {
  (void)srcShape;
  (void)typeSize;
  (void)isReuseSource;
  return aicore::lib::kDropOutMinTmpBytes;
}

inline uint32_t GetDropOutMaxTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                     const bool isReuseSource) {
  (void)typeSize;
  (void)isReuseSource;
  const int64_t n = srcShape.GetShapeSize();
  const uint64_t v = 2ull * (n > 0 ? static_cast<uint64_t>(n) : 0) * sizeof(float);
  return v > aicore::lib::kDropOutMinTmpBytes ? aicore::lib::Clamp32(v)
                                              : aicore::lib::kDropOutMinTmpBytes;
}

inline void GetDropOutMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                    const bool isReuseSource, uint32_t& maxValue,
                                    uint32_t& minValue) {
  maxValue = GetDropOutMaxTmpSize(srcShape, typeSize, isReuseSource);
  minValue = GetDropOutMinTmpSize(srcShape, typeSize, isReuseSource);
}

}  // namespace AscendC
