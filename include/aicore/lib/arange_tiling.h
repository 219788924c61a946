// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host helpers of Arange / ArithProgression (ops/vector_misc.h): the
// temporary space they need, the vendor's published value: none.
//
//   GetArangeMaxMinTmpSize(maxValue, minValue)            0 and 0
//   GetArithProgressionMaxMinTmpSize(maxValue, minValue)  the older name, the same
#pragma once

#include <cstdint>

namespace AscendC {

inline void GetArangeMaxMinTmpSize(uint32_t& maxValue, uint32_t& minValue) {
  maxValue = 0;
  minValue = 0;
}

inline void GetArithProgressionMaxMinTmpSize(uint32_t& maxValue, uint32_t& minValue) {
  GetArangeMaxMinTmpSize(maxValue, minValue);
}

}  // namespace AscendC
