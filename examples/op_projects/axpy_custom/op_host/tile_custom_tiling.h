// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tiling data of TileCustom, in the form a generated project has it.
#ifndef TILE_CUSTOM_TILING_H
#define TILE_CUSTOM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(TileCustomTilingData)
TILING_DATA_FIELD_DEF(uint32_t, length);      // elements of x
TILING_DATA_FIELD_DEF(uint32_t, copies);      // copies of x in y
TILING_DATA_FIELD_DEF(uint32_t, tileLength);  // elements per tile of x
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(TileCustom, TileCustomTilingData)
}  // namespace optiling
#endif  // TILE_CUSTOM_TILING_H
