// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tiling data of AddNCustom, in the form a generated project has it.
#ifndef ADD_N_CUSTOM_TILING_H
#define ADD_N_CUSTOM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(AddNCustomTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);  // elements of each input
TILING_DATA_FIELD_DEF(uint32_t, blockLength);  // elements per block (the last: the rest)
TILING_DATA_FIELD_DEF(uint32_t, tileLength);   // elements per tile
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(AddNCustom, AddNCustomTilingData)
}  // namespace optiling
#endif  // ADD_N_CUSTOM_TILING_H
