// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// AscendC::int4b_t: 4-bit two's-complement integers in [-8, 7], packed two
// per byte, the element with the lower index in the LOW nibble (element 2k
// in bits 0..3 of byte k, element 2k + 1 in bits 4..7). They exist for Cast
// (half <-> int4b_t) and the cube unit.
//
// The C++ object int4b_t is one byte: the pair of elements it holds. Tensors
// count ELEMENTS, as on the NPU: LocalTensor / GlobalTensor<int4b_t> sizes
// (GetSize, SetSize, SetGlobalBuffer, TBuf::Get<int4b_t>(n), AllocTensor),
// operator[] (element offset / 2 bytes: an odd offset is rounded down, as
// the NPU does), GetValue / SetValue (one element, in the low nibble of the
// int4b_t they take or return) and GetPhyAddr(offset) (offset even), with
// bounds errors in elements; GetLength and dataLen are bytes (n / 2). The
// counts of Cast are elements (a count of n touches (n + 1) / 2 bytes);
// DataCopy and the cube's copies count int4b_t as bytes, as on the NPU.
#pragma once

#include <cstdint>

#include "aicore/base/type_name.h"

namespace AscendC {

struct int4b_t {
  uint8_t bits = 0;  // two elements: low nibble first

  constexpr int4b_t() = default;
  constexpr explicit int4b_t(uint8_t packed) : bits(packed) {}
  // The element in the low (k = 0) or high (k = 1) nibble.
  constexpr int Get(int k) const {
    const int v = (bits >> (4 * (k & 1))) & 0xF;
    return v >= 8 ? v - 16 : v;
  }
  // Sets the element in nibble k to v (the low 4 bits of v).
  constexpr void Set(int k, int v) {
    const int sh = 4 * (k & 1);
    bits = static_cast<uint8_t>((bits & ~(0xF << sh)) | ((v & 0xF) << sh));
  }
};

}  // namespace AscendC

namespace aicore {
namespace detail {

template <>
struct ElemBits<AscendC::int4b_t> {
  static constexpr uint32_t value = 4;
};

template <>
constexpr const char* TypeName<AscendC::int4b_t>() {
  return "int4b_t";
}

}  // namespace detail
}  // namespace aicore
