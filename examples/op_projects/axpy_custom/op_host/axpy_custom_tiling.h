// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tiling data of AxpyCustom, in the form a generated project has it.
#ifndef AXPY_CUSTOM_TILING_H
#define AXPY_CUSTOM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(AxpyCustomTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);  // elements of x, y and z
TILING_DATA_FIELD_DEF(uint32_t, blockLength);  // elements per block (the last: the rest)
TILING_DATA_FIELD_DEF(uint32_t, tileLength);   // elements per tile
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(AxpyCustom, AxpyCustomTilingData)
}  // namespace optiling
#endif  // AXPY_CUSTOM_TILING_H
