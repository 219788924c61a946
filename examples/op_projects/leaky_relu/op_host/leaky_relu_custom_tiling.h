// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tiling data of LeakyReluCustom.
#ifndef LEAKY_RELU_CUSTOM_TILING_H
#define LEAKY_RELU_CUSTOM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(LeakyReluCustomTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);
TILING_DATA_FIELD_DEF(uint32_t, tileLength);
TILING_DATA_FIELD_DEF(float, negativeSlope);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(LeakyReluCustom, LeakyReluCustomTilingData)

// A second class registered for a helper op, as ops-math's tiling headers do
// for nested structs (pad_v3_grad_replication_tiling.h): the kernel's
// GET_TILING_DATA still takes the class registered for LeakyReluCustom.
BEGIN_TILING_DATA_DEF(LeakyReluCustomTail)
TILING_DATA_FIELD_DEF(uint32_t, tailLength);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(LeakyReluCustomTailOp, LeakyReluCustomTail)
}  // namespace optiling
#endif  // LEAKY_RELU_CUSTOM_TILING_H
