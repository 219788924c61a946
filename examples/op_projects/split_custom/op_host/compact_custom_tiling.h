// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tiling data of CompactCustom.
#ifndef COMPACT_CUSTOM_TILING_H
#define COMPACT_CUSTOM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(CompactCustomTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);  // elements of x
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(CompactCustom, CompactCustomTilingData)
}  // namespace optiling
#endif  // COMPACT_CUSTOM_TILING_H
