// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tiling of matmul_lowlevel: C (M x N, float) = A (M x K, half) x B (K x N,
// half), all row-major in GM. Each block computes one baseM x baseN tile of
// C, walking K in steps of baseK. A plain struct passed by value.
#ifndef MATMUL_LOWLEVEL_TILING_H
#define MATMUL_LOWLEVEL_TILING_H

#include <cstdint>

struct MatmulLowlevelTilingData {
  uint32_t M;
  uint32_t N;
  uint32_t K;
  uint32_t baseM;  // multiples of 16
  uint32_t baseN;
  uint32_t baseK;
};

#endif  // MATMUL_LOWLEVEL_TILING_H
