// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// LayerNorm over [B, S, H] = [1, 512, 1024] half (a BERT-large / GPT-2-medium
// layer; 512 rows over 8 blocks, tiles of 8 rows), twice: the kernel written as
// a chain of vector instructions and the same kernel calling the high-level
// LayerNorm API. Both are checked against a double reference, then timed side
// by side.
//
// Tolerance: every element within 2e-3 + 2e-3 * |ref| of the double
// reference, no exception allowed: one rounding of the result to half
// (2^-11 relative) plus the float sums and products (the LayerNorm API's
// documented half tolerance).
#include "layer_norm_api_kernel.h"
#include "layer_norm_kernel.h"

#include <aicore/bench/bench.h>
#include <aicore/testing/golden.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <random>
#include <utility>
#include <vector>

int main() {
  constexpr uint32_t kBlocks = 8;
  constexpr uint32_t kBatch = 1, kSeq = 512, kHidden = 1024;
  const LayerNormCustomTiling tiling{kBatch * kSeq, kHidden, 8, 1e-5f};
  const size_t n = size_t{tiling.rows} * tiling.hidden;

  std::vector<half> x(n), y(n), gamma(tiling.hidden), beta(tiling.hidden);
  std::vector<double> golden(n);
  std::mt19937 rng(12);
  std::uniform_real_distribution<float> dist(-2.0f, 2.0f);
  // Rows with their own offset and scale, so that the mean matters.
  for (uint32_t r = 0; r < tiling.rows; ++r) {
    const float offset = 2.0f * dist(rng), scale = 0.25f + 0.5f * (dist(rng) + 2.0f);
    for (uint32_t i = 0; i < tiling.hidden; ++i) x[size_t{r} * tiling.hidden + i] = offset + scale * dist(rng);
  }
  for (auto& g : gamma) g = 1.0f + 0.25f * dist(rng);
  for (auto& b : beta) b = 0.25f * dist(rng);
  for (uint32_t r = 0; r < tiling.rows; ++r) {
    const size_t o = size_t{r} * tiling.hidden;
    LayerNormReference(&x[o], gamma.data(), beta.data(), &golden[o], tiling.hidden, tiling.eps);
  }
  auto* xp = reinterpret_cast<uint8_t*>(x.data());
  auto* gp = reinterpret_cast<uint8_t*>(gamma.data());
  auto* bp = reinterpret_cast<uint8_t*>(beta.data());
  auto* yp = reinterpret_cast<uint8_t*>(y.data());

  LayerNormApiTiling apiTiling;
  MakeLayerNormApiTiling(tiling, &apiTiling);
  const auto chain = [&] { AICORE_LAUNCH(layer_norm_custom, kBlocks, xp, gp, bp, yp, tiling); };
  const auto api = [&] { AICORE_LAUNCH(layer_norm_api_custom, kBlocks, xp, gp, bp, yp, apiTiling); };
  const aicore::GoldenTolerance tol{2e-3, 2e-3, 0.0};
  bool pass = true;
  for (const auto& [name, run] : {std::pair<const char*, std::function<void()>>{"chain", chain}, {"api", api}}) {
    std::fill(y.begin(), y.end(), half(0.0f));
    run();
    const aicore::GoldenResult r = aicore::CompareGolden(y.data(), golden.data(), n, tol);
    std::printf("layer_norm (%s): %s\n", name, r.Summary().c_str());
    pass = pass && r.pass;
  }
  aicore::bench::CompareOptions opt;
  opt.reps = 50;
  const auto res = aicore::bench::CompareVariants({{"chain", chain}, {"api", api}}, opt);
  std::printf("layer_norm: [%u, %u, %u] half over %u blocks on %u threads: chain %.1f us, api %.1f us per "
              "launch (medians; api speed / chain speed %.2f)\n",
              kBatch, kSeq, kHidden, kBlocks, aicore::GetNumThreads(), res[0].stats.median * 1e-3,
              res[1].stats.median * 1e-3, res[0].stats.median / res[1].stats.median);
  return pass ? 0 : 1;
}
