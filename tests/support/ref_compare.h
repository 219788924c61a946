// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Reference model of Compare / CompareScalar / Select, one lane at a time
// (the repeat forms apply it lane by lane through repeat_model.h):
//   * Compare: the comparison of the exact values (double) — IEEE: every
//     comparison with a NaN is false except NE.
//   * Select: bit 1 of the selection picks src0, bit 0 src1 (or the
//     scalar); result and selection bits are little-endian bit strings
//     (bit i is bit i % 8 of byte i / 8).
//   * GatherMask built-in patterns: which lanes a pattern keeps.
#pragma once

#include <cstddef>
#include <cstdint>

#include "aicore/aicore.h"
#include "support/ref_element.h"

namespace aicore_test {
namespace ref {

template <class T>
bool CompareOne(T a, T b, AscendC::CMPMODE mode) {
  const double x = ToDouble(a), y = ToDouble(b);
  switch (mode) {
    case AscendC::CMPMODE::LT: return x < y;
    case AscendC::CMPMODE::GT: return x > y;
    case AscendC::CMPMODE::EQ: return x == y;
    case AscendC::CMPMODE::LE: return x <= y;
    case AscendC::CMPMODE::GE: return x >= y;
    default: return !(x == y);
  }
}

inline bool GetBit(const uint8_t* p, size_t i) { return (p[i / 8] >> (i % 8)) & 1; }
inline void SetBit(uint8_t* p, size_t i, bool v) {
  if (v) {
    p[i / 8] = static_cast<uint8_t>(p[i / 8] | (1u << (i % 8)));
  } else {
    p[i / 8] = static_cast<uint8_t>(p[i / 8] & ~(1u << (i % 8)));
  }
}

// GatherMask built-in patterns: whether lane l is kept.
inline bool BuiltinKeeps(uint32_t pattern, uint32_t l) {
  switch (pattern) {
    case 1: return l % 2 == 0;
    case 2: return l % 2 == 1;
    case 3: case 4: case 5: case 6: return l % 4 == pattern - 3;
    default: return true;  // 7
  }
}

}  // namespace ref
}  // namespace aicore_test
