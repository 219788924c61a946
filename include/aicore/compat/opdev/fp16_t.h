// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// opdev/fp16_t.h: the host-side binary16 type of the vendor's op libraries,
// which kernel projects use in their host code and data generators
// (`using fp16_t = op::fp16_t;`).
//
//   op::fp16_t            .val holds the binary16 bits
//     fp16_t()            +0
//     fp16_t(uint16_t)    from raw bits; fp16_t(float/double/int32_t) converts
//     = float/double/int  converts, rounding to nearest even
//     toFloat(), toDouble(), explicit conversions to float/double/int
//     + - * / += -= *= /= == != < <= > >=   computed in float, rounded once
//   op::fp16RoundMode_t   ROUND_TO_NEAREST, ROUND_BY_TRUNCATED, ROUND_MODE_RESERVED
#pragma once

#include <cstdint>

#include "aicore/base/half.h"

namespace op {

enum fp16RoundMode_t { ROUND_TO_NEAREST = 0, ROUND_BY_TRUNCATED, ROUND_MODE_RESERVED };

struct fp16_t {
  uint16_t val = 0;

  fp16_t() = default;
  fp16_t(const uint16_t& bits) : val(bits) {}  // NOLINT: raw bits, as the vendor's
  fp16_t(const float& f) : val(aicore::detail::FloatToHalfBits(f)) {}            // NOLINT
  fp16_t(const double& d) : fp16_t(static_cast<float>(d)) {}                      // NOLINT
  fp16_t(const int32_t& i) : fp16_t(static_cast<float>(i)) {}                     // NOLINT
  fp16_t(const fp16_t&) = default;
  fp16_t& operator=(const fp16_t&) = default;

  fp16_t& operator=(const float& f) {
    val = aicore::detail::FloatToHalfBits(f);
    return *this;
  }
  fp16_t& operator=(const double& d) { return *this = static_cast<float>(d); }
  fp16_t& operator=(const int32_t& i) { return *this = static_cast<float>(i); }

  float toFloat() const { return aicore::detail::HalfBitsToFloat(val); }
  double toDouble() const { return static_cast<double>(toFloat()); }
  explicit operator float() const { return toFloat(); }
  explicit operator double() const { return toDouble(); }
  explicit operator int32_t() const { return static_cast<int32_t>(toFloat()); }

  static fp16_t FromFloat(float f) {
    fp16_t r;
    r = f;
    return r;
  }
  friend fp16_t operator+(const fp16_t& a, const fp16_t& b) { return FromFloat(a.toFloat() + b.toFloat()); }
  friend fp16_t operator-(const fp16_t& a, const fp16_t& b) { return FromFloat(a.toFloat() - b.toFloat()); }
  friend fp16_t operator*(const fp16_t& a, const fp16_t& b) { return FromFloat(a.toFloat() * b.toFloat()); }
  friend fp16_t operator/(const fp16_t& a, const fp16_t& b) { return FromFloat(a.toFloat() / b.toFloat()); }
  fp16_t& operator+=(const fp16_t& o) { return *this = *this + o; }
  fp16_t& operator-=(const fp16_t& o) { return *this = *this - o; }
  fp16_t& operator*=(const fp16_t& o) { return *this = *this * o; }
  fp16_t& operator/=(const fp16_t& o) { return *this = *this / o; }
  friend bool operator==(const fp16_t& a, const fp16_t& b) { return a.toFloat() == b.toFloat(); }
  friend bool operator!=(const fp16_t& a, const fp16_t& b) { return a.toFloat() != b.toFloat(); }
  friend bool operator<(const fp16_t& a, const fp16_t& b) { return a.toFloat() < b.toFloat(); }
  friend bool operator<=(const fp16_t& a, const fp16_t& b) { return a.toFloat() <= b.toFloat(); }
  friend bool operator>(const fp16_t& a, const fp16_t& b) { return a.toFloat() > b.toFloat(); }
  friend bool operator>=(const fp16_t& a, const fp16_t& b) { return a.toFloat() >= b.toFloat(); }
};

}  // namespace op
