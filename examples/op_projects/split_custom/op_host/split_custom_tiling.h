// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tiling data of SplitCustom, in the form a generated project has it.
#ifndef SPLIT_CUSTOM_TILING_H
#define SPLIT_CUSTOM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SplitCustomTilingData)
TILING_DATA_FIELD_DEF(uint32_t, pieceLength);  // elements of each output
TILING_DATA_FIELD_DEF(uint32_t, blockLength);  // elements of each output per block (the last: the rest)
TILING_DATA_FIELD_DEF(uint32_t, tileLength);   // elements per tile
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(SplitCustom, SplitCustomTilingData)
}  // namespace optiling
#endif  // SPLIT_CUSTOM_TILING_H
