// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host helpers of AscendQuant (lib/quant.h): the temporary space (bytes) its
// sharedTmpBuffer forms need, with the vendor's published values for the
// Ascend910B profile:
//
//   GetAscendQuantMaxMinTmpSize(srcShape, typeSize, maxValue, minValue)
//       min 512 (two 256-byte repeats); max max(2 * n, 512) rounded up to 32
//   GetAscendQuantTmpBufferFactorSize(maxLiveNodeCount, extraBuf): 2 and 0
//
// n is srcShape.GetShapeSize() (a shape with a negative dimension counts as
// 0 elements). The kernel-side forms reject a sharedTmpBuffer smaller than
// the minimum given here.
#pragma once

#include <cstdint>

#include "aicore/lib/activation_tiling.h"
#include "aicore/lib/tensor_shape.h"

namespace aicore {
namespace lib {
constexpr uint32_t kAscendQuantMinTmpBytes = 2 * 256;
}  // namespace lib
}  // namespace aicore

namespace AscendC {

inline void GetAscendQuantMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                        uint32_t& maxValue, uint32_t& minValue) {
  (void)typeSize;
  const uint64_t need = 2ull * aicore::lib::ShapeElems(srcShape);
  const uint64_t v = need > aicore::lib::kAscendQuantMinTmpBytes ? need
                                                                 : aicore::lib::kAscendQuantMinTmpBytes;
  maxValue = aicore::lib::Clamp32((v + 31) / 32 * 32);
  minValue = aicore::lib::kAscendQuantMinTmpBytes;
}

inline void GetAscendQuantTmpBufferFactorSize(uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
  maxLiveNodeCount = 2;
  extraBuf = 0;
}

}  // namespace AscendC

// AscendDequant (lib/dequant.h), the vendor's published values: srcShape [m, n]
// or [n] (m = 1), int32_t (typeSize 4):
//   GetAscendDequantMaxMinTmpSize: min (64 + n + (n + 8)) * 4,
//       max (64 + m * n + (n + 8)) * 4 bytes
//   GetAscendDequantTmpBufferFactorSize: 2-D: (1, 72 + n); 1-D: (2, 72)
namespace aicore {
namespace lib {
inline uint32_t AscendDequantMinTmpBytes(uint64_t n) {
  return Clamp32((64 + n + (n + 8)) * 4);
}
}  // namespace lib
}  // namespace aicore

namespace AscendC {

inline void GetAscendDequantMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                          uint32_t& maxValue, uint32_t& minValue) {
  (void)typeSize;
  const auto dims = srcShape.GetDims();
  uint64_t m = 1, n = 0;
  if (dims.size() == 2) {
    m = dims[0] > 0 ? static_cast<uint64_t>(dims[0]) : 0;
    n = dims[1] > 0 ? static_cast<uint64_t>(dims[1]) : 0;
  } else if (dims.size() == 1) {
    n = dims[0] > 0 ? static_cast<uint64_t>(dims[0]) : 0;
  }
  maxValue = aicore::lib::Clamp32((64 + m * n + (n + 8)) * 4);
  minValue = aicore::lib::AscendDequantMinTmpBytes(n);
}

inline void GetAscendDequantTmpBufferFactorSize(const ge::Shape& srcShape,
                                                uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
  const auto dims = srcShape.GetDims();
  if (dims.size() == 2) {
    maxLiveNodeCount = 1;
    extraBuf = 72 + static_cast<uint32_t>(dims[1]);
  } else if (dims.size() == 1) {
    maxLiveNodeCount = 2;
    extraBuf = 72;
  } else {
    maxLiveNodeCount = 0;
    extraBuf = 0;
  }
}

}  // namespace AscendC
