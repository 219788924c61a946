// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Input and golden data of softmax_api: x ~ U(-5, 5) float [100, 128], rows
// 3 and 77 all -FLT_MAX (their softmax is set to 0 by AdjustSoftMaxRes);
// golden y, max and sum ((rows, 8) blocks) computed in double.
#include <cfloat>
#include <cmath>

#include "gen_utils.h"

int main() {
  constexpr size_t kRows = 100, kCols = 128, kStat = 8;
  std::vector<float> x = gen::Uniform(kRows * kCols, -5.0f, 5.0f);
  for (size_t c = 0; c < kCols; ++c) x[3 * kCols + c] = x[77 * kCols + c] = -FLT_MAX;
  std::vector<float> y(kRows * kCols), max(kRows * kStat), sum(kRows * kStat);
  for (size_t r = 0; r < kRows; ++r) {
    double m = -HUGE_VAL, s = 0;
    for (size_t c = 0; c < kCols; ++c) m = std::fmax(m, x[r * kCols + c]);
    for (size_t c = 0; c < kCols; ++c) s += std::exp(static_cast<double>(x[r * kCols + c]) - m);
    for (size_t c = 0; c < kCols; ++c) {
      y[r * kCols + c] = m == -FLT_MAX ? 0.0f : static_cast<float>(std::exp(static_cast<double>(x[r * kCols + c]) - m) / s);
    }
    for (size_t i = 0; i < kStat; ++i) {
      max[r * kStat + i] = static_cast<float>(m);
      sum[r * kStat + i] = static_cast<float>(s);
    }
  }
  gen::Write("./input/input_x.bin", x);
  gen::Write("./output/golden_y.bin", y);
  gen::Write("./output/golden_max.bin", max);
  gen::Write("./output/golden_sum.bin", sum);
  return 0;
}
