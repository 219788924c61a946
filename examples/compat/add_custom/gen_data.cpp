// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Input and golden data of add_custom: x, y ~ U(1, 100) half; golden = x + y
// rounded to half.
#include "gen_utils.h"

int main() {
  constexpr size_t kLength = 8 * 2048;
  const std::vector<half> x = gen::ToHalf(gen::Uniform(kLength, 1.0f, 100.0f));
  const std::vector<half> y = gen::ToHalf(gen::Uniform(kLength, 1.0f, 100.0f));
  std::vector<half> golden(kLength);
  for (size_t i = 0; i < kLength; ++i) golden[i] = static_cast<half>(static_cast<float>(x[i]) + static_cast<float>(y[i]));
  gen::Write("./input/input_x.bin", x);
  gen::Write("./input/input_y.bin", y);
  gen::Write("./output/golden.bin", golden);
  return 0;
}
