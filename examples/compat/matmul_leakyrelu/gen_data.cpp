// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Input and golden data of matmul_leakyrelu_custom: A [1024, 256], B
// [256, 640] half with small integers of both signs, bias [640] float;
// golden C = LeakyRelu(A x B + bias, 0.001) in double.
#include "gen_utils.h"

int main() {
  constexpr int M = 1024, N = 640, K = 256;
  constexpr double kAlpha = 0.001;
  std::uniform_int_distribution<int> dist(-4, 4);
  std::vector<half> a(M * K), b(K * N);
  std::vector<float> bias(N), golden(M * N);
  for (auto& x : a) x = static_cast<half>(static_cast<float>(dist(gen::Rng())));
  for (auto& x : b) x = static_cast<half>(static_cast<float>(dist(gen::Rng())));
  for (auto& x : bias) x = static_cast<float>(dist(gen::Rng()));
  for (int i = 0; i < M; ++i) {
    for (int j = 0; j < N; ++j) {
      double acc = bias[j];
      for (int k = 0; k < K; ++k) acc += static_cast<double>(a[i * K + k]) * static_cast<double>(b[k * N + j]);
      golden[i * N + j] = static_cast<float>(acc >= 0 ? acc : acc * kAlpha);
    }
  }
  gen::Write("./input/x1_gm.bin", a);
  gen::Write("./input/x2_gm.bin", b);
  gen::Write("./input/bias.bin", bias);
  gen::Write("./output/golden.bin", golden);
  return 0;
}
