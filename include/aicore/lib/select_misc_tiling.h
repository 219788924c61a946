// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host helpers of Select with a bytes mask (lib/select_misc.h), the vendor's
// published values:
//
//   GetSelectMaxMinTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape,
//                          maskTypeSize, isReuseMask, maxValue, minValue)
//   GetSelectMinTmpSize / GetSelectMaxTmpSize(same first six)
//   GetSelectWithBytesMaskMinTmpSize / GetSelectWithBytesMaskMaxTmpSize (the same)
//
// The tensor operand is src0Shape unless that is a scalar (no dims or one
// element), then src1Shape; n its elements, s its last dimension, m the
// mask's last dimension. With c = min(n, 4096) for the minimum and n for the
// maximum: max(1024, align32(c) * 2 + 512), plus align32(n * maskTypeSize)
// when m != s, isReuseMask is false and m > 1.
#pragma once

#include <algorithm>
#include <cstdint>

#include "aicore/lib/activation_tiling.h"
#include "aicore/lib/tensor_shape.h"

namespace aicore {
namespace lib {

inline uint32_t SelectBytesMaskTmpBytes(uint64_t n, uint64_t src_last, uint64_t mask_last,
                                        uint64_t mask_type_size, bool reuse_mask, bool min) {
  const uint64_t c = (min && n > 4096) ? 4096 : n;
  uint64_t need = std::max<uint64_t>(1024, (c + 31) / 32 * 32 * 2 + 512);
  if (mask_last != src_last && !reuse_mask && mask_last > 1) {
    need += (n * mask_type_size + 31) / 32 * 32;
  }
  return Clamp32(need);
}

inline uint32_t SelectBytesMaskHost(const ge::Shape& src0, const ge::Shape& src1,
                                    const ge::Shape& mask, uint32_t mask_type_size,
                                    bool reuse_mask, bool min) {
  auto scalar = [](const ge::Shape& s) { return s.GetDimNum() == 0 || s.GetShapeSize() == 1; };
  const ge::Shape& src = scalar(src0) ? src1 : src0;
  const int64_t n = src.GetShapeSize();
  const int64_t sl = src.GetDimNum() == 0 ? 0 : src.GetDim(src.GetDimNum() - 1);
  const int64_t ml = mask.GetDimNum() == 0 ? 0 : mask.GetDim(mask.GetDimNum() - 1);
  return SelectBytesMaskTmpBytes(n > 0 ? static_cast<uint64_t>(n) : 0,
                                 sl > 0 ? static_cast<uint64_t>(sl) : 0,
                                 ml > 0 ? static_cast<uint64_t>(ml) : 0, mask_type_size,
                                 reuse_mask, min);
}

}  // namespace lib
}  // namespace aicore

namespace AscendC {

inline uint32_t GetSelectMinTmpSize(const ge::Shape& src0Shape, const ge::Shape& src1Shape,
                                    const uint32_t srcTypeSize, const ge::Shape& maskShape,
                                    const uint32_t maskTypeSize, const bool isReuseMask) {
  (void)srcTypeSize;
  return aicore::lib::SelectBytesMaskHost(src0Shape, src1Shape, maskShape, maskTypeSize,
                                          isReuseMask, true);
}
inline uint32_t GetSelectMaxTmpSize(const ge::Shape& src0Shape, const ge::Shape& src1Shape,
                                    const uint32_t srcTypeSize, const ge::Shape& maskShape,
                                    const uint32_t maskTypeSize, const bool isReuseMask) {
  (void)srcTypeSize;
  return aicore::lib::SelectBytesMaskHost(src0Shape, src1Shape, maskShape, maskTypeSize,
                                          isReuseMask, false);
}
inline uint32_t GetSelectWithBytesMaskMinTmpSize(const ge::Shape& src0Shape,
                                                 const ge::Shape& src1Shape,
                                                 const uint32_t srcTypeSize,
                                                 const ge::Shape& maskShape,
                                                 const uint32_t maskTypeSize,
                                                 const bool isReuseMask) {
  return GetSelectMinTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize,
                             isReuseMask);
}
inline uint32_t GetSelectWithBytesMaskMaxTmpSize(const ge::Shape& src0Shape,
                                                 const ge::Shape& src1Shape,
                                                 const uint32_t srcTypeSize,
                                                 const ge::Shape& maskShape,
                                                 const uint32_t maskTypeSize,
                                                 const bool isReuseMask) {
  return GetSelectMaxTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize,
                             isReuseMask);
}
inline void GetSelectMaxMinTmpSize(const ge::Shape& src0Shape, const ge::Shape& src1Shape,
                                   const uint32_t srcTypeSize, const ge::Shape& maskShape,
                                   const uint32_t maskTypeSize, const bool isReuseMask,
                                   uint32_t& maxValue, uint32_t& minValue) {
  maxValue = GetSelectMaxTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize,
                                 isReuseMask);
  minValue = GetSelectMinTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize,
                                 isReuseMask);
}

}  // namespace AscendC
