// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tiling of add_custom: a plain struct passed to the kernel by value.
#ifndef ADD_CUSTOM_TILING_H
#define ADD_CUSTOM_TILING_H

#include <cstdint>

struct AddCustomTilingData {
  uint32_t totalLength;  // elements in all blocks
  uint32_t tileNum;      // tiles per block and buffer
};

#endif  // ADD_CUSTOM_TILING_H
