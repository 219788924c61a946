// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tiling data of SubAbsCustom: the element count, the elements per block
// (a multiple of 64) and per tile.
#ifndef SUB_ABS_CUSTOM_TILING_H
#define SUB_ABS_CUSTOM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SubAbsCustomTilingData)
  TILING_DATA_FIELD_DEF(uint32_t, totalLength);
  TILING_DATA_FIELD_DEF(uint32_t, perBlock);
  TILING_DATA_FIELD_DEF(uint32_t, tileLength);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(SubAbsCustom, SubAbsCustomTilingData)

// A second class registered for a helper op, as ops-math's tiling headers do
// for nested structs (pad_v3_grad_replication_tiling.h): the kernel's
// GET_TILING_DATA still takes the class registered for SubAbsCustom.
BEGIN_TILING_DATA_DEF(SubAbsCustomTail)
TILING_DATA_FIELD_DEF(uint32_t, tailLength);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(SubAbsCustomTailOp, SubAbsCustomTail)
}  // namespace optiling
#endif  // SUB_ABS_CUSTOM_TILING_H
