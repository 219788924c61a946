// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// See norm_act_kernels.h.
#include "norm_act_kernels.h"

#include <aicore/aicore.h>

#include "../examples/layer_norm/layer_norm_api_kernel.h"
#include "../examples/layer_norm/layer_norm_kernel.h"
#include "faster_gelu_kernel.h"
#include "hwy_baselines.h"

namespace norm_act {

void LayerNormChain(uint32_t blocks, uint8_t* x, uint8_t* gamma, uint8_t* beta, uint8_t* y,
                    const LayerNormCustomTiling& tiling) {
  aicore::LaunchNamed("layer_norm_custom", layer_norm_custom, blocks, x, gamma, beta, y, tiling);
}

void LayerNormApi(uint32_t blocks, uint8_t* x, uint8_t* gamma, uint8_t* beta, uint8_t* y,
                  const LayerNormApiTiling& tiling) {
  aicore::LaunchNamed("layer_norm_api_custom", layer_norm_api_custom, blocks, x, gamma, beta, y, tiling);
}

void LayerNormHighway(uint32_t blocks, const half* x, const half* gamma, const half* beta, half* y,
                      uint32_t rows, uint32_t hidden, float eps) {
  const size_t per = rows / blocks;
  aicore::ParallelFor(blocks, [&](uint32_t i) {
    baseline::LayerNorm(x + i * per * hidden, gamma, beta, y + i * per * hidden, per, hidden, eps);
  });
}

template <class T>
void RunFasterGelu(uint32_t blocks, uint8_t* x, uint8_t* y, uint32_t n, uint32_t tile) {
  aicore::LaunchNamed("faster_gelu_bench", faster_gelu_bench<T>, blocks, x, y, FasterGeluBenchTiling{n, tile});
}
void FasterGeluApi(uint32_t blocks, uint8_t* x, uint8_t* y, uint32_t n, uint32_t tile, half) {
  RunFasterGelu<half>(blocks, x, y, n, tile);
}
void FasterGeluApi(uint32_t blocks, uint8_t* x, uint8_t* y, uint32_t n, uint32_t tile, float) {
  RunFasterGelu<float>(blocks, x, y, n, tile);
}

template <class T>
void RunFasterGeluHighway(uint32_t blocks, const T* x, T* y, uint32_t n) {
  const size_t len = n / blocks;
  aicore::ParallelFor(blocks, [&](uint32_t i) { baseline::FasterGelu(x + i * len, y + i * len, len); });
}
void FasterGeluHighway(uint32_t blocks, const half* x, half* y, uint32_t n) { RunFasterGeluHighway(blocks, x, y, n); }
void FasterGeluHighway(uint32_t blocks, const float* x, float* y, uint32_t n) { RunFasterGeluHighway(blocks, x, y, n); }

}  // namespace norm_act
