// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Input and golden data of leaky_relu: x ~ U(-10, 10) float; golden in double.
#include "gen_utils.h"

int main() {
  constexpr size_t kLength = 8 * 4096;
  constexpr double kSlope = 0.01;
  const std::vector<float> x = gen::Uniform(kLength, -10.0f, 10.0f);
  std::vector<float> golden(kLength);
  for (size_t i = 0; i < kLength; ++i) golden[i] = static_cast<float>(x[i] >= 0 ? x[i] : kSlope * x[i]);
  gen::Write("./input/input_x.bin", x);
  gen::Write("./output/golden.bin", golden);
  return 0;
}
