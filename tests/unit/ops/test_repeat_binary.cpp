// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Binary element-wise instructions (the arithmetic ones: Add Sub Mul Div Max
// Min; the others are in test_repeat_binary_more.cpp, to keep each
// translation unit's compile time and memory down) in every form — count
// form, continuous and bit masks, mask registers, counter mode — over random
// geometries and layouts, against the reference model (see
// repeat_harness.h).

#include <gtest/gtest.h>

#include "unit/ops/repeat_harness.h"

namespace aicore_test {
namespace {

AICORE_BINARY_REPEAT_TEST(Add, 1100, half, float, int16_t, int32_t)
AICORE_BINARY_REPEAT_TEST(Sub, 1200, half, float, int16_t, int32_t)
AICORE_BINARY_REPEAT_TEST(Mul, 1300, half, float, int16_t, int32_t)
AICORE_BINARY_REPEAT_TEST(Div, 1400, half, float)
AICORE_BINARY_REPEAT_TEST(Max, 1500, half, float, int16_t, int32_t)
AICORE_BINARY_REPEAT_TEST(Min, 1600, half, float, int16_t, int32_t)

}  // namespace
}  // namespace aicore_test
