// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tiling data of SplitTwoCustom.
#ifndef SPLIT_TWO_CUSTOM_TILING_H
#define SPLIT_TWO_CUSTOM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SplitTwoCustomTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rowLength);  // elements of one row of x (all dimensions but the first)
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(SplitTwoCustom, SplitTwoCustomTilingData)
}  // namespace optiling
#endif  // SPLIT_TWO_CUSTOM_TILING_H
