// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The reference model's element-type helpers (tests/support/ref_*.h):
// bit patterns, exact values, one rounding to a type, wrapping integers,
// and ULP errors.
//
//   * Floating arithmetic in the model is done in double on the exact
//     operand values and rounded ONCE to the element type (round to
//     nearest, ties to even). For + - * / sqrt this equals the IEEE result
//     of the element type, because double has more than 2p+2 significand
//     bits for p = 24 (float), 11 (half) and 8 (bfloat16), so the
//     intermediate rounding to double is innocuous. This is what "half/bf16
//     instructions compute in f32 and round once" means too.
//   * Integer arithmetic wraps modulo 2^bits.
//   * Instructions without a bit-exact reference (Exp, Ln, Rsqrt) are
//     bounded in ULPs of the element type (UlpError; NUMERICS.md).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "aicore/aicore.h"

namespace aicore_test {
namespace ref {

template <class T>
constexpr bool kIsHalfLike = std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>;
template <class T>
constexpr bool kIsFloating = kIsHalfLike<T> || std::is_floating_point_v<T>;

template <class T>
using BitsOf =
    std::conditional_t<sizeof(T) == 1, uint8_t,
                       std::conditional_t<sizeof(T) == 2, uint16_t,
                                          std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>>;

template <class T>
BitsOf<T> Bits(T x) {
  BitsOf<T> b;
  std::memcpy(&b, &x, sizeof(T));
  return b;
}
template <class T>
T FromBits(BitsOf<T> b) {
  if constexpr (kIsHalfLike<T>) {
    return T::FromBits(b);
  } else {
    T x;
    std::memcpy(&x, &b, sizeof(T));
    return x;
  }
}

template <class T>
bool IsNaN(T x) {
  if constexpr (kIsHalfLike<T>) {
    return isnan(x);  // found by ADL
  } else if constexpr (std::is_floating_point_v<T>) {
    return std::isnan(x);
  } else {
    return false;
  }
}

// Bit-exact equality, except that any two NaNs are equal.
template <class T>
bool SameBits(T a, T b) {
  return (IsNaN(a) && IsNaN(b)) || Bits(a) == Bits(b);
}

// The exact value of x.
template <class T>
double ToDouble(T x) {
  if constexpr (kIsHalfLike<T>) {
    return static_cast<double>(static_cast<float>(x));
  } else {
    return static_cast<double>(x);
  }
}

// v rounded once to T (nearest, ties to even). half and bfloat16_t convert
// from double with a single rounding (base/half.h); double -> float is the
// C++ conversion, which rounds to nearest-even.
template <class T>
T RoundTo(double v) {
  static_assert(kIsFloating<T>, "RoundTo: floating types only");
  return static_cast<T>(v);
}

// v modulo 2^bits(T), as T.
template <class T>
T Wrap(int64_t v) {
  using U = std::make_unsigned_t<T>;
  const U u = static_cast<U>(static_cast<uint64_t>(v));
  T r;
  std::memcpy(&r, &u, sizeof(T));
  return r;
}

// ---------------------------------------------------------------------------
// ULPs.

template <class T>
struct FloatInfo;
template <>
struct FloatInfo<half> {
  static constexpr int kMant = 10, kEmin = -14, kEmax = 15;
};
template <>
struct FloatInfo<bfloat16_t> {
  static constexpr int kMant = 7, kEmin = -126, kEmax = 127;
};
template <>
struct FloatInfo<float> {
  static constexpr int kMant = 23, kEmin = -126, kEmax = 127;
};

// The spacing of T's values at magnitude |v| (subnormal spacing below the
// smallest normal; the top binade's spacing above the largest finite value).
template <class T>
double Ulp(double v) {
  using I = FloatInfo<T>;
  v = std::fabs(v);
  int e = I::kEmin;
  if (v >= std::ldexp(1.0, I::kEmin)) e = std::ilogb(v);
  if (e > I::kEmax) e = I::kEmax;
  return std::ldexp(1.0, e - I::kMant);
}

// Error of `got` against the exact value in ULPs of T at the exact value.
// Special cases: both NaN -> 0; an infinite `got` is exact (0) when the exact
// value rounds to that infinity and infinitely wrong otherwise; NaN against
// a number (or a number against NaN) is infinitely wrong.
template <class T>
double UlpError(T got, double exact) {
  const double g = ToDouble(got);
  const bool gnan = std::isnan(g), enan = std::isnan(exact);
  if (gnan || enan) return gnan && enan ? 0.0 : HUGE_VAL;
  if (std::isinf(g) || std::isinf(exact)) {
    return SameBits(RoundTo<T>(exact), got) ? 0.0 : HUGE_VAL;
  }
  return std::fabs(g - exact) / Ulp<T>(exact);
}

}  // namespace ref
}  // namespace aicore_test
