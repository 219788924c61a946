// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host helper of Broadcast (lib/broadcast.h): the temporary space (bytes) its
// sharedTmpBuffer form needs, with the vendor's published values for the
// Ascend910B (220) profile:
//
//   GetBroadCastMaxMinTmpSize(ascendcPlatform, srcShape, dstShape, typeSize,
//                             isReuseSource, maxValue, minValue)
//
// With t = typeSize, and for 1-byte types (computed through 16-bit lanes)
// t = 2 and c = (align16(src elements) + align16(dst elements)) * 2 extra
// (c = 0 otherwise), e = 32 / t:
//   src elements == dst elements, or 1:  0 (t > 1), else 32 + c
//   dim 2, axis 0 ([1, n] -> [m, n]):    32 + c
//   dim 2, axis 1 ([m, 1] -> [m, k]), k a multiple of e:
//       min e * e * t + c, max align8(m) * e * t + c
//   dim 2, axis 1, other k (K = k rounded up to e):
//       min e * e * t + e * K * t + c, max align8(m) * e * t + m * K * t + c
// (So the published max is below the min for axis 1 when m is small; the
// values are reported as published.) Shapes the API does not take (other ranks, dims that are neither equal nor
// 1) give 0 and 0. The kernel-side form rejects a sharedTmpBuffer below the
// minimum given here (aicore::lib::BroadcastMinTmpBytes).
#pragma once

#include <cstdint>

#include "aicore/lib/activation_tiling.h"
#include "aicore/lib/platform_ascendc.h"
#include "aicore/lib/tensor_shape.h"

namespace aicore {
namespace lib {

struct BroadcastTmp {
  uint32_t min = 0, max = 0;
};

// rank 1 or 2; src / dst dims as given (rank 1: d[1] unused).
inline BroadcastTmp BroadcastTmpBytes(int rank, const uint64_t src[2], const uint64_t dst[2],
                                      uint64_t type_size) {
  BroadcastTmp r;
  if ((rank != 1 && rank != 2) || type_size == 0) return r;
  uint64_t sn = 1, dn = 1;
  for (int i = 0; i < rank; ++i) {
    if (src[i] != dst[i] && src[i] != 1) return r;
    sn *= src[i];
    dn *= dst[i];
  }
  if (sn == 0) return r;
  uint64_t c = 0, t = type_size;
  if (t == 1) {
    t = 2;
    c = ((sn + 15) / 16 * 16 + (dn + 15) / 16 * 16) * 2;
  }
  if (sn == dn || sn == 1) {
    if (type_size != 1) return r;
    r.min = r.max = Clamp32(32 + c);
    return r;
  }
  if (src[1] != 1) {  // axis 0
    r.min = r.max = Clamp32(32 + c);
    return r;
  }
  const uint64_t e = 32 / t;
  const uint64_t m8 = (dst[0] + 7) / 8 * 8;
  if (dst[1] % e == 0) {
    r.min = Clamp32(e * e * t + c);
    r.max = Clamp32(m8 * e * t + c);
  } else {
    const uint64_t k = (dst[1] + e - 1) / e * e;
    r.min = Clamp32(e * e * t + e * k * t + c);
    r.max = Clamp32(m8 * e * t + dst[0] * k * t + c);
  }
  return r;
}

}  // namespace lib
}  // namespace aicore

namespace AscendC {

inline void GetBroadCastMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                                      const ge::Shape& srcShape, const ge::Shape& dstShape,
                                      uint32_t typeSize, const bool isReuseSource,
                                      uint32_t& maxValue, uint32_t& minValue) {
  (void)ascendcPlatform;
  (void)isReuseSource;
  maxValue = 0;
  minValue = 0;
  const size_t rank = srcShape.GetDimNum();
  if (rank != dstShape.GetDimNum() || (rank != 1 && rank != 2)) return;
  uint64_t s[2] = {1, 1}, d[2] = {1, 1};
  for (size_t i = 0; i < rank; ++i) {
    if (srcShape.GetDim(i) < 0 || dstShape.GetDim(i) < 0) return;
    s[i] = static_cast<uint64_t>(srcShape.GetDim(i));
    d[i] = static_cast<uint64_t>(dstShape.GetDim(i));
  }
  const aicore::lib::BroadcastTmp t =
      aicore::lib::BroadcastTmpBytes(static_cast<int>(rank), s, d, typeSize);
  maxValue = t.max;
  minValue = t.min;
}

}  // namespace AscendC
