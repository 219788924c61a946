// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The tiling of ScaledAddCustom: a plain struct, written by the tiling
// function through context->GetTilingData<ScaledAddCustomTilingData>() and
// read by the kernel with REGISTER_TILING_DEFAULT + GET_TILING_DATA.
#ifndef SCALED_ADD_CUSTOM_TILING_H
#define SCALED_ADD_CUSTOM_TILING_H
#include <cstdint>

struct ScaledAddCustomTilingData {
  uint32_t totalLength;  // elements of x, y and z
  uint32_t blockLength;  // elements per block (the last block may have fewer)
  uint32_t tileLength;   // elements per tile in UB
  float alpha;
};

#endif  // SCALED_ADD_CUSTOM_TILING_H
