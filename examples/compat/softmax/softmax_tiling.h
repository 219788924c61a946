// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tiling of softmax (shared by host and kernel).
#ifndef SOFTMAX_TILING_H
#define SOFTMAX_TILING_H

#include "register/tilingdata_base.h"

BEGIN_TILING_DATA_DEF(SoftmaxCustomTilingData)
  TILING_DATA_FIELD_DEF(uint32_t, rowNum);     // rows in all blocks (a multiple of blockDim)
  TILING_DATA_FIELD_DEF(uint32_t, rowLength);  // softmax dimension (a multiple of 16)
END_TILING_DATA_DEF;

#endif  // SOFTMAX_TILING_H
