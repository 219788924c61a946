// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host helpers of AscendAntiQuant (lib/antiquant.h): the temporary space
// (bytes) its sharedTmpBuffer forms need, with the vendor's published values
// for the Ascend910B profile (they take ge::DataType, so they live in this
// layer, as the reduce helpers of op/reduce_tiling.h do):
//
//   GetAscendAntiQuantMaxMinTmpSize(srcShape, scaleShape, isTranspose,
//       inputDataType, outputDataType, maxValue, minValue)
//   GetAscendAntiQuantMaxTmpSize / GetAscendAntiQuantMinTmpSize(same first five)
//   GetAscendAntiQuantTmpBufferFactorSize(same first five, maxLiveNodeCount, extraBuf)
//
// With S = the elements of scaleShape (1: per tensor), n = the elements of
// srcShape and k0 = srcShape's first dimension:
//   outputDataType DT_FLOAT16:          max 0, min 0, factor (0, 0)
//   DT_BF16, per tensor:                max 4 * n, min 1024, factor (1, 0)
//   DT_BF16, per channel, transposed:   max = min = 320 * S, factor (0, 320 * S)
//   DT_BF16, per channel, not transposed: max = min = 8 * S + 256 * k0,
//                                        factor (0, 8 * S + 256 * k0)
// The kernel-side forms reject a sharedTmpBuffer below this minimum
// (aicore::lib::AscendAntiQuantMinTmpBytes).
#pragma once

#include <cstdint>

#include "aicore/lib/activation_tiling.h"
#include "aicore/lib/antiquant_tiling.h"
#include "aicore/lib/tensor_shape.h"
#include "aicore/op/op_def.h"

namespace aicore {
namespace lib {
inline uint64_t AntiQuantShapeElems(const ge::Shape& s) {
  const int64_t n = s.GetShapeSize();
  return n > 0 ? static_cast<uint64_t>(n) : 0;
}
inline uint64_t AntiQuantFirstDim(const ge::Shape& s) {
  const int64_t d = s.GetDim(0);
  return d > 0 ? static_cast<uint64_t>(d) : 0;
}
}  // namespace lib
}  // namespace aicore

namespace AscendC {

inline uint32_t GetAscendAntiQuantMinTmpSize(const ge::Shape& srcShape, const ge::Shape& scaleShape,
                                             bool isTranspose, ge::DataType inputDataType,
                                             ge::DataType outputDataType) {
  (void)inputDataType;
  return aicore::lib::AscendAntiQuantMinTmpBytes(
      outputDataType != ge::DT_FLOAT16, isTranspose,
      aicore::lib::AntiQuantShapeElems(scaleShape), aicore::lib::AntiQuantFirstDim(srcShape));
}

inline uint32_t GetAscendAntiQuantMaxTmpSize(const ge::Shape& srcShape, const ge::Shape& scaleShape,
                                             bool isTranspose, ge::DataType inputDataType,
                                             ge::DataType outputDataType) {
  if (outputDataType == ge::DT_FLOAT16) return 0;
  if (aicore::lib::AntiQuantShapeElems(scaleShape) == 1) {
    return aicore::lib::Clamp32(4 * aicore::lib::AntiQuantShapeElems(srcShape));
  }
  return GetAscendAntiQuantMinTmpSize(srcShape, scaleShape, isTranspose, inputDataType,
                                      outputDataType);
}

inline void GetAscendAntiQuantMaxMinTmpSize(const ge::Shape& srcShape, const ge::Shape& scaleShape,
                                            bool isTranspose, ge::DataType inputDataType,
                                            ge::DataType outputDataType, uint32_t& maxValue,
                                            uint32_t& minValue) {
  maxValue = GetAscendAntiQuantMaxTmpSize(srcShape, scaleShape, isTranspose, inputDataType,
                                          outputDataType);
  minValue = GetAscendAntiQuantMinTmpSize(srcShape, scaleShape, isTranspose, inputDataType,
                                          outputDataType);
}

inline void GetAscendAntiQuantTmpBufferFactorSize(const ge::Shape& srcShape,
                                                  const ge::Shape& scaleShape, bool isTranspose,
                                                  ge::DataType inputDataType,
                                                  ge::DataType outputDataType,
                                                  uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
  maxLiveNodeCount = 0;
  extraBuf = 0;
  if (outputDataType == ge::DT_FLOAT16) return;
  if (aicore::lib::AntiQuantShapeElems(scaleShape) == 1) {
    maxLiveNodeCount = 1;
    return;
  }
  extraBuf = GetAscendAntiQuantMinTmpSize(srcShape, scaleShape, isTranspose, inputDataType,
                                          outputDataType);
}

}  // namespace AscendC
