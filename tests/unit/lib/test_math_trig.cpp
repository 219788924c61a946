// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Exp, Sin, Cos, Tan, Asin, Acos, Atan (lib/math_trig.h) against float64
// references, every form; the harness and tolerances are in
// math_trig_test_util.h.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "unit/lib/math_trig_test_util.h"

namespace aicore_test {
namespace {

using AscendC::LocalTensor;

#define AICORE_TRIG_TESTS(API, SEED)                                          \
  TEST(LibMathTrig, API##Float) { CheckApi<Api::k##API, float>(SEED); }     \
  TEST(LibMathTrig, API##Half) { CheckApi<Api::k##API, half>(SEED + 100); }
AICORE_TRIG_TESTS(Exp, 1)
AICORE_TRIG_TESTS(Sin, 2)
AICORE_TRIG_TESTS(Cos, 3)
AICORE_TRIG_TESTS(Tan, 4)
AICORE_TRIG_TESTS(Asin, 5)
AICORE_TRIG_TESTS(Acos, 6)
AICORE_TRIG_TESTS(Atan, 7)
#undef AICORE_TRIG_TESTS

}  // namespace
}  // namespace aicore_test
