// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Driver of ScaleShift, an operator in the ops repositories' layout (OpDef,
// IMPL_OP_INFERSHAPE, arch22 tiling with IMPL_OP_OPTILING and TilingParse,
// a common/inc header, a kernel template over schMode built per dtype of x):
// run by name on float and half data of several lengths (one block to every
// core of the profile), with a shift (schMode 0) and without (schMode 1); every element compared
// bit for bit with x * scale + shift (the inputs are multiples of 1/64 in
// [-8, 8], so both steps are exact in half as in float). Then a length the
// tiling refuses, and the 310P profile, whose architecture TilingParse
// refuses: each launch must fail with the reason the function logged.
// Prints PASS or FAIL; exits 1 on a mismatch.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "aicore/op/runner.h"

namespace {

int failures = 0;

template <class T>
void RunOne(ge::DataType dt, const char* name, int64_t n, float shift, std::mt19937& rng) {
  std::uniform_int_distribution<int> k(-512, 512);
  const float scale = 0.75f;
  std::vector<T> x(static_cast<size_t>(n)), y(static_cast<size_t>(n));
  std::vector<T> golden(static_cast<size_t>(n));
  for (size_t i = 0; i < x.size(); ++i) {
    const float v = static_cast<float>(k(rng)) / 64.0f;
    x[i] = T(v);
    golden[i] = T(shift == 0.0f ? v * scale : v * scale + shift);
  }
  aicore::op::RunOp("ScaleShift", {{x.data(), {n}, dt}}, {{y.data(), {n}, dt}},
                    {{"scale", scale}, {"shift", shift}});
  const bool ok = std::memcmp(y.data(), golden.data(), golden.size() * sizeof(T)) == 0;
  std::printf("ScaleShift %-5s n=%-7ld shift %-5g %s\n", name, static_cast<long>(n), shift, ok ? "PASS" : "FAIL");
  failures += ok ? 0 : 1;
}

}  // namespace

int main() {
  std::mt19937 rng(11);
  for (const int64_t n : {int64_t{16}, int64_t{2048}, int64_t{2048 * 48 + 16}, int64_t{2048 * 100 - 32}}) {
    for (const float shift : {0.375f, 0.0f}) {  // schMode 0 (scale and shift), 1 (scale only)
      RunOne<float>(ge::DT_FLOAT, "float", n, shift, rng);
      RunOne<half>(ge::DT_FLOAT16, "half", n, shift, rng);
    }
  }
  // 7 floats do not fill a 32-byte block: the tiling function returns
  // GRAPH_FAILED and the launch fails with what it logged.
  std::vector<float> x(7), y(7);
  std::string what;
  try {
    aicore::op::RunOp("ScaleShift", {{x.data(), {7}, ge::DT_FLOAT}}, {{y.data(), {7}, ge::DT_FLOAT}});
  } catch (const std::exception& e) {
    what = e.what();
  }
  const bool reported = what.find("x has 7 elements; ScaleShift takes a positive multiple of 8") != std::string::npos &&
                        what.find("GRAPH_FAILED") != std::string::npos;
  std::printf("refused length 7: %s\n  %s\n", reported ? "PASS" : "FAIL", what.c_str());
  failures += reported ? 0 : 1;
  // On the 310P profile (DAV_2002) TilingParse refuses: the 910B's tiling.
  aicore::SetSocVersion("Ascend310P3");
  what.clear();
  try {
    aicore::op::RunOp("ScaleShift", {{x.data(), {8}, ge::DT_FLOAT}}, {{y.data(), {8}, ge::DT_FLOAT}});
  } catch (const std::exception& e) {
    what = e.what();
  }
  aicore::SetSocVersion("Ascend910B2");
  const bool parse_reported = what.find("TilingParse") != std::string::npos &&
                              what.find("this tiling is the 910B's (DAV_2201)") != std::string::npos;
  std::printf("TilingParse on the 310P: %s\n  %s\n", parse_reported ? "PASS" : "FAIL", what.c_str());
  failures += parse_reported ? 0 : 1;
  std::printf(failures == 0 ? "PASS\n" : "FAIL\n");
  return failures == 0 ? 0 : 1;
}
