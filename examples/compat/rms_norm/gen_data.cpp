// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Input and golden data of rms_norm: x ~ U(-3, 3), gamma ~ U(0.5, 1.5), both
// half, [64, 4096]; golden computed in double from the half inputs.
#include <cmath>

#include "gen_utils.h"

int main() {
  constexpr size_t kRows = 64, kHidden = 4096;
  constexpr double kEps = 1e-6;
  const std::vector<half> x = gen::ToHalf(gen::Uniform(kRows * kHidden, -3.0f, 3.0f));
  const std::vector<half> gamma = gen::ToHalf(gen::Uniform(kHidden, 0.5f, 1.5f));
  std::vector<half> golden(kRows * kHidden);
  for (size_t r = 0; r < kRows; ++r) {
    double ss = 0;
    for (size_t c = 0; c < kHidden; ++c) ss += static_cast<double>(x[r * kHidden + c]) * static_cast<double>(x[r * kHidden + c]);
    const double rstd = 1.0 / std::sqrt(ss / kHidden + kEps);
    for (size_t c = 0; c < kHidden; ++c) {
      golden[r * kHidden + c] = static_cast<half>(static_cast<double>(x[r * kHidden + c]) * rstd * static_cast<double>(gamma[c]));
    }
  }
  gen::Write("./input/input_x.bin", x);
  gen::Write("./input/input_gamma.bin", gamma);
  gen::Write("./output/golden.bin", golden);
  return 0;
}
