// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tiling of rms_norm (shared by host and kernel).
#ifndef RMS_NORM_TILING_H
#define RMS_NORM_TILING_H

#include "register/tilingdata_base.h"

BEGIN_TILING_DATA_DEF(RmsNormCustomTilingData)
  TILING_DATA_FIELD_DEF(uint32_t, rowNum);
  TILING_DATA_FIELD_DEF(uint32_t, hiddenSize);  // a multiple of 16
  TILING_DATA_FIELD_DEF(float, epsilon);
END_TILING_DATA_DEF;

#endif  // RMS_NORM_TILING_H
