// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Input and golden data of mul_custom's two cases: x, y ~ U(-10, 10) float.
#include <string>

#include "gen_utils.h"

static void Case(const std::string& name, size_t length) {
  const std::vector<float> x = gen::Uniform(length, -10.0f, 10.0f);
  const std::vector<float> y = gen::Uniform(length, -10.0f, 10.0f);
  std::vector<float> golden(length);
  for (size_t i = 0; i < length; ++i) golden[i] = x[i] * y[i];
  gen::Write("./input/input_x_" + name + ".bin", x);
  gen::Write("./input/input_y_" + name + ".bin", y);
  gen::Write("./output/golden_" + name + ".bin", golden);
}

int main() {
  Case("a", 8 * 4096);
  Case("b", 30001);
  return 0;
}
