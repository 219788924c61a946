// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Reference model of DataCopy (UB <-> GM and UB -> UB): element by element,
// following the documented burst geometry.
#pragma once

#include <cstddef>
#include <cstdint>

#include "aicore/aicore.h"

namespace aicore_test {
namespace ref {

// Count form: dst[i] = src[i] for i < count.
template <class T>
void CopyCount(T* dst, const T* src, size_t count) {
  for (size_t i = 0; i < count; ++i) dst[i] = src[i];
}

// DataCopyParams form: blockCount bursts of blockLen 32-byte blocks; burst i
// starts i * (blockLen + srcStride) blocks into src and i * (blockLen +
// dstStride) blocks into dst (the strides are gaps between bursts).
template <class T>
void CopyBursts(T* dst, const T* src, const AscendC::DataCopyParams& p) {
  static_assert(32 % sizeof(T) == 0, "element size must divide 32");
  const size_t per_block = 32 / sizeof(T);
  const size_t len = static_cast<size_t>(p.blockLen) * per_block;
  for (size_t i = 0; i < p.blockCount; ++i) {
    const size_t s = i * (p.blockLen + p.srcStride) * per_block;
    const size_t d = i * (p.blockLen + p.dstStride) * per_block;
    for (size_t j = 0; j < len; ++j) dst[d + j] = src[s + j];
  }
}

// Elements spanned by a burst pattern with gap `stride` (in blocks).
inline size_t BurstSpanElems(const AscendC::DataCopyParams& p, uint16_t stride, size_t elem_bytes) {
  return ((p.blockCount - 1) * static_cast<size_t>(p.blockLen + stride) + p.blockLen) * 32 /
         elem_bytes;
}

}  // namespace ref
}  // namespace aicore_test
