// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tiling data of GeluGradCustom, in the form a generated project has it.
#ifndef GELU_GRAD_CUSTOM_TILING_H
#define GELU_GRAD_CUSTOM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(GeluGradCustomTilingData)
  TILING_DATA_FIELD_DEF(uint32_t, totalLength);
  TILING_DATA_FIELD_DEF(uint32_t, perBlock);
  TILING_DATA_FIELD_DEF(uint32_t, tileLength);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(GeluGradCustom, GeluGradCustomTilingData)
}  // namespace optiling
#endif  // GELU_GRAD_CUSTOM_TILING_H
