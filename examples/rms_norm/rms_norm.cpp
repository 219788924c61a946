// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// RMSNorm for a LLaMA-7B layer: hidden 4096, 64 rows (tokens) over 8 blocks,
// half in/out, float accumulation, twice: the kernel written as a chain of
// vector instructions and the same kernel calling the high-level RmsNorm API.
// Both are checked against a double reference, then timed side by side.
#include "rms_norm_api_kernel.h"
#include "rms_norm_kernel.h"

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

  RmsNormApiTiling apiTiling;
  if (!MakeRmsNormApiTiling(tiling.rows, tiling.hidden, tiling.eps, &apiTiling)) {
    std::printf("rms_norm: GetRmsNormTilingInfo refused hidden %u\n", tiling.hidden);
    return 1;
  }
  const auto chain = [&] { AICORE_LAUNCH(rms_norm_custom, kBlocks, xp, gp, yp, tiling); };
  const auto api = [&] { AICORE_LAUNCH(rms_norm_api_custom, kBlocks, xp, gp, yp, apiTiling); };
  bool pass = true;
  for (const auto& [name, run] : {std::pair<const char*, std::function<void()>>{"chain", chain}, {"api", api}}) {
    std::fill(y.begin(), y.end(), half(0.0f));
    run();
    const aicore::GoldenResult r = aicore::CompareGolden(y.data(), golden.data(), n);
    std::printf("rms_norm (%s): %s\n", name, r.Summary().c_str());
    pass = pass && r.pass;
  }
  aicore::bench::CompareOptions opt;
  opt.reps = 50;
  const auto res = aicore::bench::CompareVariants({{"chain", chain}, {"api", api}}, opt);
  std::printf("rms_norm: %u rows x %u half over %u blocks on %u threads: chain %.1f us, api %.1f us per launch "
              "(medians; api speed / chain speed %.2f)\n",
              tiling.rows, tiling.hidden, kBlocks, aicore::GetNumThreads(), res[0].stats.median * 1e-3,
              res[1].stats.median * 1e-3, res[0].stats.median / res[1].stats.median);
  return pass ? 0 : 1;
}
