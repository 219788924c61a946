// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tiling data of ReduceSumCustom, in the form a generated project has it.
#ifndef REDUCE_SUM_CUSTOM_TILING_H
#define REDUCE_SUM_CUSTOM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ReduceSumCustomTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);  // elements of x
TILING_DATA_FIELD_DEF(uint32_t, blockLength);  // elements per block (the last: the rest)
TILING_DATA_FIELD_DEF(uint32_t, tileLength);   // elements per tile
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ReduceSumCustom, ReduceSumCustomTilingData)
}  // namespace optiling
#endif  // REDUCE_SUM_CUSTOM_TILING_H
