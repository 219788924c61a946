// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// GELU (tanh approximation) over half: 8 blocks x 16384 elements, tile 2048.
// Checked against the double-precision formula with the half tolerance.
#include "gelu_kernel.h"

#include <aicore/testing/golden.h>

#include <chrono>
#include <cstdio>
#include <random>
#include <vector>

int main() {
  constexpr uint32_t kBlocks = 8;
  constexpr uint32_t kTotal = kBlocks * 16384;
  const GeluTiling tiling{kTotal, 2048};

  std::vector<half> x(kTotal), y(kTotal);
  std::vector<float> golden(kTotal);
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> dist(-8.0f, 8.0f);
  for (uint32_t i = 0; i < kTotal; ++i) {
    x[i] = dist(rng);
    golden[i] = static_cast<float>(GeluReference(static_cast<float>(x[i])));
  }
  auto* xp = reinterpret_cast<uint8_t*>(x.data());
  auto* yp = reinterpret_cast<uint8_t*>(y.data());

  aicore::LaunchNamed("gelu_custom", gelu_custom<half>, kBlocks, xp, yp, tiling);
  constexpr int kReps = 50;
  const auto t0 = std::chrono::steady_clock::now();
  for (int r = 0; r < kReps; ++r) {
    aicore::LaunchNamed("gelu_custom", gelu_custom<half>, kBlocks, xp, yp, tiling);
  }
  const auto t1 = std::chrono::steady_clock::now();
  const double us = std::chrono::duration<double, std::micro>(t1 - t0).count() / kReps;

  const aicore::GoldenResult r = aicore::CompareGolden(y.data(), golden.data(), kTotal);
  std::printf("gelu: %u blocks x %u half, tile %u on %u threads: %.1f us/launch (%.2f Gelem/s)\n",
              kBlocks, kTotal / kBlocks, tiling.tileLength, aicore::GetNumThreads(), us,
              kTotal / us * 1e-3);
  std::printf("gelu: %s\n", r.Summary().c_str());
  return r.pass ? 0 : 1;
}
