// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// RMSNorm for a LLaMA-7B layer: hidden 4096, 64 rows (tokens) over 8 blocks,
// half in/out, float accumulation; checked against a double reference.
#include "rms_norm_kernel.h"

#include <aicore/testing/golden.h>

#include <chrono>
#include <cstdio>
#include <random>
#include <vector>

int main() {
  constexpr uint32_t kBlocks = 8;
  const RmsNormTiling tiling{64, 4096, 1e-6f};
  const size_t n = size_t{tiling.rows} * tiling.hidden;

  std::vector<half> x(n), y(n), gamma(tiling.hidden);
  std::vector<float> golden(n);
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> dist(-2.0f, 2.0f);
  for (auto& v : x) v = dist(rng);
  for (auto& g : gamma) g = 0.5f + 0.25f * dist(rng);
  for (uint32_t r = 0; r < tiling.rows; ++r) {
    RmsNormReference(&x[size_t{r} * tiling.hidden], gamma.data(), &golden[size_t{r} * tiling.hidden],
                     tiling.hidden, tiling.eps);
  }
  auto* xp = reinterpret_cast<uint8_t*>(x.data());
  auto* gp = reinterpret_cast<uint8_t*>(gamma.data());
  auto* yp = reinterpret_cast<uint8_t*>(y.data());

  AICORE_LAUNCH(rms_norm_custom, kBlocks, xp, gp, yp, tiling);
  constexpr int kReps = 50;
  const auto t0 = std::chrono::steady_clock::now();
  for (int r = 0; r < kReps; ++r) AICORE_LAUNCH(rms_norm_custom, kBlocks, xp, gp, yp, tiling);
  const auto t1 = std::chrono::steady_clock::now();
  const double us = std::chrono::duration<double, std::micro>(t1 - t0).count() / kReps;

  const aicore::GoldenResult r = aicore::CompareGolden(y.data(), golden.data(), n);
  std::printf("rms_norm: %u rows x %u half over %u blocks on %u threads: %.1f us/launch\n",
              tiling.rows, tiling.hidden, kBlocks, aicore::GetNumThreads(), us);
  std::printf("rms_norm: %s\n", r.Summary().c_str());
  return r.pass ? 0 : 1;
}
