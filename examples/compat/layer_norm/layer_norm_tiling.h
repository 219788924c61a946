// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tiling of layer_norm (shared by host and kernel).
#ifndef LAYER_NORM_TILING_H
#define LAYER_NORM_TILING_H

#include "register/tilingdata_base.h"

BEGIN_TILING_DATA_DEF(LayerNormCustomTilingData)
  TILING_DATA_FIELD_DEF(uint32_t, rowNum);     // rows in all blocks
  TILING_DATA_FIELD_DEF(uint32_t, rowLength);  // normalised dimension (a multiple of 8)
  TILING_DATA_FIELD_DEF(float, epsilon);
END_TILING_DATA_DEF;

#endif  // LAYER_NORM_TILING_H
