// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Input and golden data of reduce_sum_atomic: x ~ U(0, 1) float [4800, 256];
// golden column sums in double.
#include "gen_utils.h"

int main() {
  constexpr size_t kRows = 4800, kCols = 256;
  const std::vector<float> x = gen::Uniform(kRows * kCols, 0.0f, 1.0f);
  std::vector<double> sums(kCols, 0.0);
  for (size_t r = 0; r < kRows; ++r) {
    for (size_t c = 0; c < kCols; ++c) sums[c] += x[r * kCols + c];
  }
  std::vector<float> golden(sums.begin(), sums.end());
  gen::Write("./input/input_x.bin", x);
  gen::Write("./output/golden.bin", golden);
  return 0;
}
