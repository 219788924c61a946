// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tiling of leaky_relu, defined once for host and kernel: the host fills it
// with set_* and SaveToBuffer; the kernel reads it with GET_TILING_DATA.
#ifndef LEAKY_RELU_TILING_H
#define LEAKY_RELU_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(LeakyReluTilingData)
  TILING_DATA_FIELD_DEF(uint32_t, totalLength);
  TILING_DATA_FIELD_DEF(uint32_t, tileNum);
  TILING_DATA_FIELD_DEF(float, negativeSlope);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(LeakyReluCustom, LeakyReluTilingData);
}  // namespace optiling

#endif  // LEAKY_RELU_TILING_H
