// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// ScaleShift's tiling data (the kernel reads it with GET_TILING_DATA) and
// compile info (filled once by TilingParse).
#pragma once

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ScaleShiftTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);
TILING_DATA_FIELD_DEF(uint32_t, perCore);     // elements per block (a multiple of the tile, but the last block's)
TILING_DATA_FIELD_DEF(uint32_t, tileLength);  // elements per tile
TILING_DATA_FIELD_DEF(float, scale);
TILING_DATA_FIELD_DEF(float, shift);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(ScaleShift, ScaleShiftTilingData)

struct ScaleShiftCompileInfo {
    uint32_t coreNum = 0;
    uint64_t ubSize = 0;
};
}  // namespace optiling
