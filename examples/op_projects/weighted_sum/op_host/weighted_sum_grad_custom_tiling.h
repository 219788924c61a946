// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tiling data of WeightedSumGradCustom, in the form a generated project has it.
#ifndef WEIGHTED_SUM_GRAD_CUSTOM_TILING_H
#define WEIGHTED_SUM_GRAD_CUSTOM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(WeightedSumGradCustomTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);  // elements of dy (and of each x)
TILING_DATA_FIELD_DEF(uint32_t, blockLength);  // elements per block (the last: the rest)
TILING_DATA_FIELD_DEF(uint32_t, tileLength);   // elements per tile
TILING_DATA_FIELD_DEF(uint32_t, num);          // tensors in the list x
TILING_DATA_FIELD_DEF(uint32_t, hasBias);      // bias was given: dbias = dy
TILING_DATA_FIELD_DEF_ARR(float, 32, weights); // the attribute weights (num of them)
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(WeightedSumGradCustom, WeightedSumGradCustomTilingData)
}  // namespace optiling
#endif  // WEIGHTED_SUM_GRAD_CUSTOM_TILING_H
