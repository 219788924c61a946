// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Input and golden data of softmax: x ~ U(-5, 5) half [128, 2048]; golden
// computed in double from the half inputs, rounded to half.
#include <algorithm>
#include <cmath>

#include "gen_utils.h"

int main() {
  constexpr size_t kRows = 128, kCols = 2048;
  const std::vector<half> x = gen::ToHalf(gen::Uniform(kRows * kCols, -5.0f, 5.0f));
  std::vector<half> golden(kRows * kCols);
  for (size_t r = 0; r < kRows; ++r) {
    const half* row = &x[r * kCols];
    double mx = -1e30, sum = 0;
    for (size_t c = 0; c < kCols; ++c) mx = std::max(mx, static_cast<double>(row[c]));
    for (size_t c = 0; c < kCols; ++c) sum += std::exp(static_cast<double>(row[c]) - mx);
    for (size_t c = 0; c < kCols; ++c) {
      golden[r * kCols + c] = static_cast<half>(std::exp(static_cast<double>(row[c]) - mx) / sum);
    }
  }
  gen::Write("./input/input_x.bin", x);
  gen::Write("./output/golden.bin", golden);
  return 0;
}
