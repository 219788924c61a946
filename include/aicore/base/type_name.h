// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <type_traits>

#include "aicore/base/half.h"

namespace aicore {
namespace detail {

// Element type names used in diagnostics.
template <class T>
constexpr const char* TypeName() {
  if constexpr (std::is_same_v<T, half>) return "half";
  else if constexpr (std::is_same_v<T, bfloat16_t>) return "bfloat16_t";
  else if constexpr (std::is_same_v<T, float>) return "float";
  else if constexpr (std::is_same_v<T, double>) return "double";
  else if constexpr (std::is_same_v<T, int8_t>) return "int8_t";
  else if constexpr (std::is_same_v<T, uint8_t>) return "uint8_t";
  else if constexpr (std::is_same_v<T, int16_t>) return "int16_t";
  else if constexpr (std::is_same_v<T, uint16_t>) return "uint16_t";
  else if constexpr (std::is_same_v<T, int32_t>) return "int32_t";
  else if constexpr (std::is_same_v<T, uint32_t>) return "uint32_t";
  else if constexpr (std::is_same_v<T, int64_t>) return "int64_t";
  else if constexpr (std::is_same_v<T, uint64_t>) return "uint64_t";
  else return "T";
}

// Bits per element of T (int4b_t: 4; see base/int4b.h).
template <class T>
struct ElemBits {
  static constexpr uint32_t value = sizeof(T) * 8;
};
template <class T>
constexpr uint32_t kElemBits = ElemBits<T>::value;
// Elements per C++ object of T: 2 for int4b_t (the pair it holds), else 1.
// Tensors of T count elements, as on the NPU: n elements of int4b_t are
// n / 2 objects (bytes), element i lies in object i / 2.
template <class T>
constexpr uint32_t kElemsPerObj = static_cast<uint32_t>(sizeof(T) * 8 / kElemBits<T>);
// Bytes of `elems` elements of T: for int4b_t elems / 2 (what the NPU makes
// a tensor's dataLen), or with `ceil` (elems + 1) / 2, every byte they touch.
template <class T>
constexpr uint64_t ObjBytes(uint64_t elems, bool ceil = false) {
  return (elems + (ceil ? kElemsPerObj<T> - 1 : 0)) / kElemsPerObj<T> * sizeof(T);
}

template <class T, class... Ts>
constexpr bool kIsOneOf = (std::is_same_v<T, Ts> || ...);

}  // namespace detail
}  // namespace aicore
