// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The LayerNorm and FasterGelu workloads' kernels and hand-fused loops
// (issue 12), compiled in their own translation unit (norm_act_kernels.cpp)
// to keep aicore_bench.cpp's compile time in check: each function launches
// one kernel, or runs one Highway loop per block over aicore::ParallelFor.
#pragma once

#include <aicore/base/half.h>

#include <cstdint>

#include "../examples/layer_norm/layer_norm_tiling.h"

namespace norm_act {

// examples/layer_norm: the instruction chain and the high-level LayerNorm
// per tile, over [rows, hidden] half (x, gamma, beta, y as GM_ADDR).
void LayerNormChain(uint32_t blocks, uint8_t* x, uint8_t* gamma, uint8_t* beta, uint8_t* y,
                    const LayerNormCustomTiling& tiling);
void LayerNormApi(uint32_t blocks, uint8_t* x, uint8_t* gamma, uint8_t* beta, uint8_t* y,
                  const LayerNormApiTiling& tiling);
// baseline::LayerNorm over rows / blocks rows per block.
void LayerNormHighway(uint32_t blocks, const half* x, const half* gamma, const half* beta, half* y,
                      uint32_t rows, uint32_t hidden, float eps);

// faster_gelu_kernel.h over n elements in tiles of `tile`, and
// baseline::FasterGelu over n / blocks elements per block.
void FasterGeluApi(uint32_t blocks, uint8_t* x, uint8_t* y, uint32_t n, uint32_t tile, half);
void FasterGeluApi(uint32_t blocks, uint8_t* x, uint8_t* y, uint32_t n, uint32_t tile, float);
void FasterGeluHighway(uint32_t blocks, const half* x, half* y, uint32_t n);
void FasterGeluHighway(uint32_t blocks, const float* x, float* y, uint32_t n);

}  // namespace norm_act
