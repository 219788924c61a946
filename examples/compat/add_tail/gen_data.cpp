// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Input and golden data of add_tail: x, y ~ U(-100, 100) float, 10007 each.
#include "gen_utils.h"

int main() {
  constexpr size_t kLength = 10007;
  const std::vector<float> x = gen::Uniform(kLength, -100.0f, 100.0f);
  const std::vector<float> y = gen::Uniform(kLength, -100.0f, 100.0f);
  std::vector<float> golden(kLength);
  for (size_t i = 0; i < kLength; ++i) golden[i] = x[i] + y[i];
  gen::Write("./input/input_x.bin", x);
  gen::Write("./input/input_y.bin", y);
  gen::Write("./output/golden.bin", golden);
  return 0;
}
