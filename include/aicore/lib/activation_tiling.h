// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host helpers of the activation APIs of lib/activation.h: the temporary
// space (bytes) the sharedTmpBuffer forms need, with the vendor's values for
// the Ascend910B profile. The kernel-side forms reject a sharedTmpBuffer
// smaller than the minimum given here.
//
//   GetGeluMinTmpSize / GetGeluMaxTmpSize / GetGeluMaxMinTmpSize
//       (Gelu, FasterGelu, FasterGeluV2): min 768; max max(768, 3 * n * 4)
//   GetSigmoidMaxMinTmpSize: min 256; max max(256, n * typeSize)
//   GetTanhMaxMinTmpSize: min 256 (float) / 1024 (half);
//       max (n * typeSize > 256 ? n * typeSize : 256) * (1 float, 4 half)
//   GetTanhTmpBufferFactorSize: maxLiveNodeCount 1 (float) / 4 (half), extraBuf 0
//   GetSiluTmpSize / GetSwishTmpSize: 0 and 0 (no temporary space)
//
// n is srcShape.GetShapeSize(); a shape with a negative (unknown) dimension
// counts as 0 elements.
#pragma once

#include <cstdint>

#include "aicore/lib/tensor_shape.h"

namespace aicore {
namespace lib {

constexpr uint32_t kGeluMinTmpBytes = 3 * 256;
constexpr uint32_t kSigmoidMinTmpBytes = 256;

inline uint64_t ShapeElems(const ge::Shape& s) {
  const int64_t n = s.GetShapeSize();
  return n > 0 ? static_cast<uint64_t>(n) : 0;
}

inline uint32_t Clamp32(uint64_t v) { return v > 0xFFFFFFFFull ? 0xFFFFFFFFu : static_cast<uint32_t>(v); }

// Bytes of temporary space Tanh needs at least, for an element size.
constexpr uint32_t TanhMinTmpBytes(uint32_t typeSize) { return typeSize == 4 ? 256u : 4u * 256u; }

}  // namespace lib
}  // namespace aicore

namespace AscendC {

inline uint32_t GetGeluMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize) {
  (void)srcShape;
  (void)typeSize;
  return aicore::lib::kGeluMinTmpBytes;
}

inline uint32_t GetGeluMaxTmpSize(const ge::Shape& srcShape, const uint32_t typeSize) {
  (void)typeSize;
  const uint64_t v = 3ull * aicore::lib::ShapeElems(srcShape) * sizeof(float);
  return v > aicore::lib::kGeluMinTmpBytes ? aicore::lib::Clamp32(v) : aicore::lib::kGeluMinTmpBytes;
}

inline void GetGeluMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                 uint32_t& maxValue, uint32_t& minValue) {
  maxValue = GetGeluMaxTmpSize(srcShape, typeSize);
  minValue = GetGeluMinTmpSize(srcShape, typeSize);
}

inline void GetSigmoidMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                    bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
  (void)isReuseSource;
  const uint64_t v = aicore::lib::ShapeElems(srcShape) * typeSize;
  maxValue = v > aicore::lib::kSigmoidMinTmpBytes ? aicore::lib::Clamp32(v)
                                                  : aicore::lib::kSigmoidMinTmpBytes;
  minValue = aicore::lib::kSigmoidMinTmpBytes;
}

inline void GetTanhMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                 const bool isReuseSource, uint32_t& maxValue,
                                 uint32_t& minValue) {
  (void)isReuseSource;
  const uint64_t proc = typeSize == sizeof(float) ? 1 : 4;
  const uint64_t bytes = aicore::lib::ShapeElems(srcShape) * typeSize;
  maxValue = aicore::lib::Clamp32(proc * (bytes > 256 ? bytes : 256));
  minValue = aicore::lib::TanhMinTmpBytes(typeSize);
}

inline void GetTanhTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,
                                       uint32_t& extraBuf) {
  extraBuf = 0;
  maxLiveNodeCount = typeSize == sizeof(float) ? 1 : 4;
}

inline void GetSiluTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                           const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
  (void)srcShape;
  (void)typeSize;
  (void)isReuseSource;
  maxValue = 0;
  minValue = 0;
}

inline void GetSwishTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                            const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
  (void)srcShape;
  (void)typeSize;
  (void)isReuseSource;
  maxValue = 0;
  minValue = 0;
}

}  // namespace AscendC
