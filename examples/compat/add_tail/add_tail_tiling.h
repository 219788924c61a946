// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tiling of add_tail: a length that is not a multiple of anything. Every
// block but the last takes formerLength elements, the last lastLength; each
// block walks its elements in tiles of tileLength (the last tile shorter).
#ifndef ADD_TAIL_TILING_H
#define ADD_TAIL_TILING_H

#include <cstdint>

#pragma pack(push, 1)
struct AddTailTilingData {
  uint32_t totalLength;
  uint32_t formerLength;
  uint32_t lastLength;
  uint32_t tileLength;  // a multiple of 8 (32 bytes of float)
};
#pragma pack(pop)

#endif  // ADD_TAIL_TILING_H
