// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tiling of reduce_sum_atomic: column sums of a [rowNum, colNum] float matrix.
#ifndef REDUCE_SUM_ATOMIC_TILING_H
#define REDUCE_SUM_ATOMIC_TILING_H

#include <cstdint>

struct ReduceSumAtomicTilingData {
  uint32_t rowNum;  // a multiple of blockDim
  uint32_t colNum;  // a multiple of 8
};

#endif  // REDUCE_SUM_ATOMIC_TILING_H
