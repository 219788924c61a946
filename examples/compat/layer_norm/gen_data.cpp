// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Input and golden data of layer_norm: x ~ U(-4, 4) [512, 1024], gamma ~
// U(0.5, 1.5), beta ~ U(-0.5, 0.5); golden computed in double.
#include <cmath>

#include "gen_utils.h"

int main() {
  constexpr size_t kRows = 512, kCols = 1024;
  constexpr double kEps = 1e-5;
  const std::vector<float> x = gen::Uniform(kRows * kCols, -4.0f, 4.0f);
  const std::vector<float> gamma = gen::Uniform(kCols, 0.5f, 1.5f);
  const std::vector<float> beta = gen::Uniform(kCols, -0.5f, 0.5f);
  std::vector<float> golden(kRows * kCols);
  for (size_t r = 0; r < kRows; ++r) {
    const float* row = &x[r * kCols];
    double mean = 0, var = 0;
    for (size_t c = 0; c < kCols; ++c) mean += row[c];
    mean /= kCols;
    for (size_t c = 0; c < kCols; ++c) var += (row[c] - mean) * (row[c] - mean);
    var /= kCols;
    const double rstd = 1.0 / std::sqrt(var + kEps);
    for (size_t c = 0; c < kCols; ++c) {
      golden[r * kCols + c] = static_cast<float>((row[c] - mean) * rstd * gamma[c] + beta[c]);
    }
  }
  gen::Write("./input/input_x.bin", x);
  gen::Write("./input/input_gamma.bin", gamma);
  gen::Write("./input/input_beta.bin", beta);
  gen::Write("./output/golden.bin", golden);
  return 0;
}
