// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// What each translation unit of test_mixed_targets reports: built twice with
// different -march flags (mixed_target_tu.cpp), linked into one program.
#pragma once

#include <cstddef>

namespace aicore_test {

struct TuReport {
  const char* target;  // aicore::SimdTargetName(), called through a pointer
  const void* add;     // the address of AscendC::Add<float> (count form) in that TU
  const void* exp;     // the address of AscendC::Exp<half> (count form)
};

// Runs z = Exp(x + y) over n floats and over n halves (as float bits in and
// out) in a kernel of 4 blocks; n must be a multiple of 4 * 16.
TuReport RunMixedTargetTuV2(const float* x, const float* y, float* zf, float* zh, size_t n);
TuReport RunMixedTargetTuV3(const float* x, const float* y, float* zf, float* zh, size_t n);

}  // namespace aicore_test
