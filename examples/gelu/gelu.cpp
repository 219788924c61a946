// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// GELU (tanh approximation) over half: 8 blocks x 16384 elements, tile 2048,
// twice: the kernel written as a chain of vector instructions and the same
// kernel calling the high-level Gelu API. Both are checked against the
// double-precision formula with the half tolerance, then timed side by side.
#include "gelu_kernel.h"

#include <aicore/bench/bench.h>
#include <aicore/testing/golden.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <utility>
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

  const auto chain = [&] { aicore::LaunchNamed("gelu_custom", gelu_custom<half>, kBlocks, xp, yp, tiling); };
  const auto api = [&] { aicore::LaunchNamed("gelu_api_custom", gelu_api_custom<half>, kBlocks, xp, yp, tiling); };
  bool pass = true;
  for (const auto& [name, run] : {std::pair<const char*, std::function<void()>>{"chain", chain}, {"api", api}}) {
    std::fill(y.begin(), y.end(), half(0.0f));
    run();
    const aicore::GoldenResult r = aicore::CompareGolden(y.data(), golden.data(), kTotal);
    std::printf("gelu (%s): %s\n", name, r.Summary().c_str());
    pass = pass && r.pass;
  }
  aicore::bench::CompareOptions opt;
  opt.reps = 50;
  const auto res = aicore::bench::CompareVariants({{"chain", chain}, {"api", api}}, opt);
  std::printf("gelu: %u blocks x %u half, tile %u on %u threads: chain %.1f us, api %.1f us per launch "
              "(medians; api speed / chain speed %.2f)\n",
              kBlocks, kTotal / kBlocks, tiling.tileLength, aicore::GetNumThreads(), res[0].stats.median * 1e-3,
              res[1].stats.median * 1e-3, res[0].stats.median / res[1].stats.median);
  return pass ? 0 : 1;
}
