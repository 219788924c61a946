// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tiling data of WeightedSumCustom, in the form a generated project has it.
#ifndef WEIGHTED_SUM_CUSTOM_TILING_H
#define WEIGHTED_SUM_CUSTOM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(WeightedSumCustomTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);  // elements of each tensor
TILING_DATA_FIELD_DEF(uint32_t, blockLength);  // elements per block (the last: the rest)
TILING_DATA_FIELD_DEF(uint32_t, tileLength);   // elements per tile
TILING_DATA_FIELD_DEF(uint32_t, num);          // tensors in the list x
TILING_DATA_FIELD_DEF(uint32_t, hasBias);      // the optional input bias is given
TILING_DATA_FIELD_DEF_ARR(float, 32, weights); // the attribute weights (num of them)
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(WeightedSumCustom, WeightedSumCustomTilingData)
}  // namespace optiling
#endif  // WEIGHTED_SUM_CUSTOM_TILING_H
