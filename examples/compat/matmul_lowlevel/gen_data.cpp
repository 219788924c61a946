// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Input and golden data of matmul_lowlevel: A (200 x 360) and B (360 x 136)
// half, uniform in [-1, 1]; the golden C in float, each element accumulated
// over k in increasing order with one fused multiply-add per step (the
// cube's documented numerics: exact half products, float accumulation).
#include <cmath>

#include "gen_utils.h"

int main() {
  constexpr size_t M = 200, N = 136, K = 360;
  const std::vector<half> a = gen::ToHalf(gen::Uniform(M * K, -1.0f, 1.0f));
  const std::vector<half> b = gen::ToHalf(gen::Uniform(K * N, -1.0f, 1.0f));
  std::vector<float> golden(M * N);
  for (size_t i = 0; i < M; ++i) {
    for (size_t j = 0; j < N; ++j) {
      float acc = 0.0f;
      for (size_t k = 0; k < K; ++k) {
        acc = std::fma(static_cast<float>(a[i * K + k]), static_cast<float>(b[k * N + j]), acc);
      }
      golden[i * N + j] = acc;
    }
  }
  gen::Write("./input/x1_gm.bin", a);
  gen::Write("./input/x2_gm.bin", b);
  gen::Write("./output/golden.bin", golden);
  return 0;
}
