// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The minimum sharedTmpBuffer of AscendAntiQuant (lib/antiquant.h), shared by
// the kernel-side check and the host helpers of op/antiquant_tiling.h (which
// take ge::DataType and so live in the op layer). The vendor's published
// Ascend910B values: 0 bytes for half results; for bfloat16_t 1024 per
// tensor, (2 * S + 64 * k) * 4 per channel without transpose and 80 * S * 4
// with it (S the scale elements, k srcShape's first dimension / the kernel's k).
#pragma once

#include <cstdint>

#include "aicore/lib/activation_tiling.h"

namespace aicore {
namespace lib {

inline uint32_t AscendAntiQuantMinTmpBytes(bool bf16_out, bool transpose, uint64_t scale_elems,
                                           uint64_t k) {
  if (!bf16_out) return 0;
  if (scale_elems == 1) return 1024;
  if (transpose) return Clamp32(80 * scale_elems * 4);
  return Clamp32(scale_elems * 2 * 4 + 64 * k * 4);
}

}  // namespace lib
}  // namespace aicore
