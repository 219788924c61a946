// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tiling of mul_custom. The host picks the tiling key: 1 when every block
// gets whole tiles (the plain DataCopy path), 2 otherwise (the DataCopyPad
// path for ragged blocks and tails).
#ifndef MUL_CUSTOM_TILING_H
#define MUL_CUSTOM_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(MulCustomTilingData)
  TILING_DATA_FIELD_DEF(uint32_t, totalLength);
  TILING_DATA_FIELD_DEF(uint32_t, formerLength);  // elements of every block but the last
  TILING_DATA_FIELD_DEF(uint32_t, lastLength);    // elements of the last block
  TILING_DATA_FIELD_DEF(uint32_t, tileLength);    // a multiple of 8
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(MulCustom, MulCustomTilingData);
}  // namespace optiling

constexpr uint64_t MUL_TILING_KEY_ALIGNED = 1;
constexpr uint64_t MUL_TILING_KEY_TAIL = 2;

#endif  // MUL_CUSTOM_TILING_H
