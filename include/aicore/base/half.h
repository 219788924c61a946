// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The 16-bit floating-point element types of Ascend C kernels:
//
//   half        IEEE 754 binary16 (1 sign, 5 exponent, 10 mantissa bits)
//   bfloat16_t  bfloat16          (1 sign, 8 exponent,  7 mantissa bits)
//
// Both are global-namespace, 2-byte, trivially copyable, standard-layout
// types whose object representation is the IEEE bit pattern, so a buffer of
// them can be reinterpreted as hwy::float16_t / hwy::bfloat16_t lanes.
//
// Conversions
//   * From float, double, long double and every integer type: implicit, one
//     rounding to nearest, ties to even, straight from the source value (no
//     double rounding through float; huge values become +-inf).
//   * To float: implicit (exact). To double: implicit through float (exact).
//   * To integer types: explicit, truncating toward zero like a C cast of a
//     float, but defined everywhere: NaN gives 0 and values outside the
//     target's range saturate to its min/max.
//   * Between half and bfloat16_t: explicit, one rounding (RNE).
//
// Operators (the usual arithmetic conversions of a native _Float16):
//   H op H        -> H      computed in float, rounded once (RNE). This is
//                           bit-exact IEEE binary16/bfloat16 arithmetic,
//                           because float has >= 2p+2 significand bits.
//   H op integer  -> H      the integer is first converted to H.
//   H op float    -> float, H op double -> double, H op long double -> long
//                           double (H widened exactly).
//   H cmp x       -> bool   IEEE semantics (NaN unordered, +0 == -0); mixed
//                           comparisons compare the exact values (half vs int
//                           does NOT round the int to half first).
//   h op= x       -> H&     h = H(h op x), for H or any arithmetic x.
//   -H, +H, ++, -- as for a float type.
// Mixing half and bfloat16_t in one expression yields float (both widen).
// One thing that does not compile: `c ? h : 1.0f` (half and float convert
// into each other, so ?: is ambiguous); write `c ? float(h) : 1.0f`.
//
// Also provided: isnan/isinf/isfinite/signbit/abs/fabs found by ADL
// (std::isnan(h) works through float too), operator<< printing the float
// value, std::numeric_limits and std::hash specializations.
//
// The bit-level helpers in aicore::detail are what the SIMD layer uses.
#pragma once

#include <cmath>  // first, so that no C isnan/isinf macros clash with ours
#include <cstdint>
#include <cstring>
#include <functional>
#include <iosfwd>
#include <limits>
#include <type_traits>

#if defined(__F16C__)
#include <immintrin.h>
#endif

#include "aicore/base/defs.h"

// The conversions are constexpr where the compiler offers __builtin_bit_cast
// (GCC >= 11, Clang >= 9); otherwise they are ordinary inline functions.
#if defined(__has_builtin)
#if __has_builtin(__builtin_bit_cast) && __has_builtin(__builtin_is_constant_evaluated)
#define AICORE_HALF_HAS_CONSTEXPR 1
#endif
#endif
#ifndef AICORE_HALF_HAS_CONSTEXPR
#define AICORE_HALF_HAS_CONSTEXPR 0
#endif
#if AICORE_HALF_HAS_CONSTEXPR
#define AICORE_HALF_CONSTEXPR constexpr
#else
#define AICORE_HALF_CONSTEXPR
#endif

struct half;
struct bfloat16_t;

namespace aicore {
namespace detail {

// ---------------------------------------------------------------------------
// Bit casts and small integer helpers.

template <class To, class From>
AICORE_HALF_CONSTEXPR AICORE_INLINE To BitCastScalar(const From& from) noexcept {
  static_assert(sizeof(To) == sizeof(From), "BitCastScalar: size mismatch");
#if AICORE_HALF_HAS_CONSTEXPR
  return __builtin_bit_cast(To, from);
#else
  To to;
  std::memcpy(&to, &from, sizeof(To));
  return to;
#endif
}

// Number of leading zero bits of a nonzero 64-bit value.
constexpr AICORE_INLINE int CountLeadingZeros64(uint64_t x) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_clzll(x);
#else
  int n = 0;
  while (!(x & (uint64_t{1} << 63))) {
    x <<= 1;
    ++n;
  }
  return n;
#endif
}

// ---------------------------------------------------------------------------
// binary16 <-> float.

// Exact widening. NaNs keep sign and payload and come out quiet (as F16C's
// vcvtph2ps does).
AICORE_HALF_CONSTEXPR AICORE_INLINE float HalfBitsToFloatPortable(uint16_t h) noexcept {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t a = h & 0x7FFFu;
  // Normal: rebias the exponent from 15 to 127.
  const uint32_t normal = (a << 13) + 0x38000000u;
  // Inf/NaN: all-ones exponent, payload moved up, quiet bit forced on NaNs.
  const uint32_t inf_nan = (a << 13) | 0x7F800000u | (static_cast<uint32_t>(a > 0x7C00u) << 22);
  // Subnormal (and zero): a * 2^-24, exact in float.
  const uint32_t subnormal = BitCastScalar<uint32_t>(static_cast<float>(a) * 5.9604644775390625e-8f);
  const uint32_t mag = a >= 0x7C00u ? inf_nan : (a >= 0x0400u ? normal : subnormal);
  return BitCastScalar<float>(sign | mag);
}

// Round to nearest, ties to even. NaNs keep sign and the top 10 payload bits
// and come out quiet (as F16C's vcvtps2ph does).
AICORE_HALF_CONSTEXPR AICORE_INLINE uint16_t FloatToHalfBitsPortable(float f) noexcept {
  const uint32_t b = BitCastScalar<uint32_t>(f);
  const uint32_t sign = (b >> 16) & 0x8000u;
  const uint32_t a = b & 0x7FFFFFFFu;
  const uint32_t nan = 0x7E00u | ((a >> 13) & 0x3FFu);
  // Normal results (|f| >= 2^-14): rebias 127 -> 15 and drop 13 bits with
  // RNE (add 0xFFF plus the lsb that survives). A carry out of the mantissa
  // bumps the exponent; everything in [65520, 65536) lands on 0x7C00 = inf.
  const uint32_t rebiased = a - 0x38000000u;  // wraps for small a: unused then
  const uint32_t normal = (rebiased + 0x0FFFu + ((rebiased >> 13) & 1u)) >> 13;
  // Subnormal results: f = m * 2^(e-150) = (m >> (126-e)) units of 2^-24.
  // Shifts >= 25 leave 0 (the clamp keeps the shift defined); float
  // subnormals have e = 0 and also end up as 0.
  const uint32_t e = a >> 23;
  const uint32_t m = (a & 0x7FFFFFu) | 0x800000u;
  const uint32_t shift = (126u - e) > 31u ? 31u : (126u - e);
  const uint32_t halfway_minus_1 = ((1u << shift) >> 1) - 1u;
  const uint32_t subnormal = (m + halfway_minus_1 + ((m >> shift) & 1u)) >> shift;
  const uint32_t mag = a > 0x7F800000u ? nan
                                       : (a >= 0x47800000u ? 0x7C00u : (a >= 0x38800000u ? normal : subnormal));
  return static_cast<uint16_t>(sign | mag);
}

#if defined(__F16C__)
// vcvtps2ph with RNE (immediate 0, independent of MXCSR).
AICORE_INLINE uint16_t FloatToHalfBitsF16C(float f) noexcept {
  return static_cast<uint16_t>(_mm_cvtsi128_si32(_mm_cvtps_ph(_mm_set_ss(f), 0)));
}
#endif

AICORE_HALF_CONSTEXPR AICORE_INLINE float HalfBitsToFloat(uint16_t h) noexcept {
#if defined(__F16C__) && AICORE_HALF_HAS_CONSTEXPR
  if (!__builtin_is_constant_evaluated()) return _cvtsh_ss(h);
#elif defined(__F16C__)
  return _cvtsh_ss(h);
#endif
  return HalfBitsToFloatPortable(h);
}

AICORE_HALF_CONSTEXPR AICORE_INLINE uint16_t FloatToHalfBits(float f) noexcept {
#if defined(__F16C__) && AICORE_HALF_HAS_CONSTEXPR
  if (!__builtin_is_constant_evaluated()) return FloatToHalfBitsF16C(f);
#elif defined(__F16C__)
  return FloatToHalfBitsF16C(f);
#endif
  return FloatToHalfBitsPortable(f);
}

// ---------------------------------------------------------------------------
// bfloat16 <-> float. (Highway 1.0.3's BF16FromF32 truncates; this rounds.)

AICORE_HALF_CONSTEXPR AICORE_INLINE float Bf16BitsToFloat(uint16_t b) noexcept {
  return BitCastScalar<float>(static_cast<uint32_t>(b) << 16);
}

// Round to nearest, ties to even; NaNs keep sign and top payload bits and
// come out quiet; overflow past the largest bfloat16 gives +-inf.
AICORE_HALF_CONSTEXPR AICORE_INLINE uint16_t FloatToBf16Bits(float f) noexcept {
  const uint32_t b = BitCastScalar<uint32_t>(f);
  const uint32_t rounded = (b + 0x7FFFu + ((b >> 16) & 1u)) >> 16;
  const uint32_t nan = (b >> 16) | 0x0040u;
  return static_cast<uint16_t>((b & 0x7FFFFFFFu) > 0x7F800000u ? nan : rounded);
}

// ---------------------------------------------------------------------------
// double -> 16-bit formats with one rounding (RNE).

// Rounds `d` to the 16-bit binary format with kMantBits stored mantissa bits
// and kExpBits exponent bits (1 + kExpBits + kMantBits == 16).
template <int kMantBits, int kExpBits>
AICORE_HALF_CONSTEXPR inline uint16_t DoubleToSmallFloatBits(double d) noexcept {
  static_assert(1 + kExpBits + kMantBits == 16, "16-bit formats only");
  constexpr int kBias = (1 << (kExpBits - 1)) - 1;
  constexpr int kDrop = 52 - kMantBits;
  constexpr uint32_t kInfBits = ((1u << kExpBits) - 1u) << kMantBits;
  constexpr uint32_t kMantMask = (1u << kMantBits) - 1u;
  // |d| >= 2^(emax+1) overflows in any case; smaller values overflow when
  // they round up past the largest finite value (the carry does it).
  constexpr uint64_t kOverflow = static_cast<uint64_t>(1023 + kBias + 1) << 52;
  constexpr uint64_t kMinNormal = static_cast<uint64_t>(1023 - kBias + 1) << 52;
  constexpr uint64_t kRebias = static_cast<uint64_t>(1023 - kBias) << 52;

  const uint64_t b = BitCastScalar<uint64_t>(d);
  const uint32_t sign = static_cast<uint32_t>(b >> 48) & 0x8000u;
  const uint64_t a = b & 0x7FFFFFFFFFFFFFFFull;
  uint32_t mag = 0;
  if (a > 0x7FF0000000000000ull) {  // NaN: quiet, sign and top payload kept
    mag = kInfBits | (1u << (kMantBits - 1)) | (static_cast<uint32_t>(a >> kDrop) & kMantMask);
  } else if (a >= kOverflow) {
    mag = kInfBits;
  } else if (a >= kMinNormal) {
    const uint64_t r = a - kRebias;
    constexpr uint64_t kHalfwayMinus1 = (uint64_t{1} << (kDrop - 1)) - 1;
    mag = static_cast<uint32_t>((r + kHalfwayMinus1 + ((r >> kDrop) & 1u)) >> kDrop);
  } else {
    // Subnormal result: d = m * 2^(e-1075), in units of 2^(1-kBias-kMantBits).
    const int e = static_cast<int>(a >> 52);
    const uint64_t m = (a & 0x000FFFFFFFFFFFFFull) | 0x0010000000000000ull;
    int shift = 1076 - kBias - kMantBits - e;
    if (shift > 63) shift = 63;  // leaves 0; also covers double subnormals
    const uint64_t halfway_minus_1 = (uint64_t{1} << (shift - 1)) - 1;
    mag = static_cast<uint32_t>((m + halfway_minus_1 + ((m >> shift) & 1u)) >> shift);
  }
  return static_cast<uint16_t>(sign | mag);
}

AICORE_HALF_CONSTEXPR AICORE_INLINE uint16_t DoubleToHalfBits(double d) noexcept {
  return DoubleToSmallFloatBits<10, 5>(d);
}
AICORE_HALF_CONSTEXPR AICORE_INLINE uint16_t DoubleToBf16Bits(double d) noexcept {
  return DoubleToSmallFloatBits<7, 8>(d);
}

// ---------------------------------------------------------------------------
// Wider sources rounded to odd into double. Round-to-odd to 53 bits followed
// by RNE to p <= 51 bits equals a single RNE rounding to p bits, so these let
// int64 and long double go through the double path without double rounding.

template <class T>
AICORE_HALF_CONSTEXPR inline double IntToDoubleRoundOdd(T v) noexcept {
  static_assert(std::is_integral_v<T>, "integers only");
  if constexpr (sizeof(T) <= 4) {
    return static_cast<double>(v);  // exact
  } else {
    bool neg = false;
    uint64_t mag = static_cast<uint64_t>(v);
    if constexpr (std::is_signed_v<T>) {
      neg = v < 0;
      if (neg) mag = 0 - mag;
    }
    if (mag >> 53) {
      const int sh = 11 - CountLeadingZeros64(mag);  // bits beyond 53
      const uint64_t sticky = (mag & ((uint64_t{1} << sh) - 1)) != 0;
      mag = ((mag >> sh) | sticky) << sh;  // <= 53 significant bits: exact
    }
    const double d = static_cast<double>(mag);
    return neg ? -d : d;
  }
}

AICORE_HALF_CONSTEXPR inline double LongDoubleToDoubleRoundOdd(long double x) noexcept {
  if constexpr (std::numeric_limits<long double>::digits <= 53) {
    return static_cast<double>(x);
  } else {
    const double d = static_cast<double>(x);  // RNE
    if (!(d == d) || static_cast<long double>(d) == x) return d;
    uint64_t bits = BitCastScalar<uint64_t>(d);
    if (bits & 1u) return d;  // already odd
    // The other neighbour of x is odd: step the magnitude toward |x|.
    const long double abs_x = x < 0 ? -x : x;
    const long double abs_d = d < 0 ? -static_cast<long double>(d) : static_cast<long double>(d);
    const bool away = abs_x > abs_d;
    bits = away ? bits + 1 : bits - 1;
    return BitCastScalar<double>(bits);
  }
}

// Saturating float -> integer, truncating toward zero; NaN -> 0.
template <class T>
AICORE_HALF_CONSTEXPR inline T FloatToIntTruncSat(float f) noexcept {
  static_assert(std::is_integral_v<T>, "integers only");
  constexpr int kDigits = std::numeric_limits<T>::digits;  // value bits
  // 2^kDigits (exact in float); the max is 2^kDigits - 1.
  constexpr float kLimit = static_cast<float>(uint64_t{1} << (kDigits - 1)) * 2.0f;
  if (!(f == f)) return T(0);
  if (f >= kLimit) return std::numeric_limits<T>::max();
  if constexpr (std::is_signed_v<T>) {
    if (f <= -kLimit) return std::numeric_limits<T>::min();
  } else {
    if (f <= -1.0f) return T(0);
  }
  return static_cast<T>(f);
}

template <class T>
AICORE_HALF_CONSTEXPR AICORE_INLINE uint16_t ArithmeticToHalfBits(T v) noexcept {
  if constexpr (std::is_same_v<T, float>) {
    return FloatToHalfBits(v);
  } else if constexpr (std::is_same_v<T, double>) {
    return DoubleToHalfBits(v);
  } else if constexpr (std::is_floating_point_v<T>) {
    return DoubleToHalfBits(LongDoubleToDoubleRoundOdd(v));
  } else if constexpr (sizeof(T) <= 2) {
    return FloatToHalfBits(static_cast<float>(v));  // exact in float
  } else {
    return DoubleToHalfBits(IntToDoubleRoundOdd(v));
  }
}

template <class T>
AICORE_HALF_CONSTEXPR AICORE_INLINE uint16_t ArithmeticToBf16Bits(T v) noexcept {
  if constexpr (std::is_same_v<T, float>) {
    return FloatToBf16Bits(v);
  } else if constexpr (std::is_same_v<T, double>) {
    return DoubleToBf16Bits(v);
  } else if constexpr (std::is_floating_point_v<T>) {
    return DoubleToBf16Bits(LongDoubleToDoubleRoundOdd(v));
  } else if constexpr (sizeof(T) <= 2) {
    return FloatToBf16Bits(static_cast<float>(v));  // exact in float
  } else {
    return DoubleToBf16Bits(IntToDoubleRoundOdd(v));
  }
}

template <class T>
using EnableIfArithmetic = std::enable_if_t<std::is_arithmetic_v<T>, int>;
template <class T>
using EnableIfInteger = std::enable_if_t<std::is_integral_v<T>, int>;
template <class T>
using EnableIfFloating = std::enable_if_t<std::is_floating_point_v<T>, int>;
template <class T>
using EnableIfNonBoolInteger = std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int>;

}  // namespace detail

// ---------------------------------------------------------------------------
// Operators shared by half and bfloat16_t, as hidden friends of a CRTP base.
// They are found only by argument-dependent lookup on H, so they never take
// part in overload resolution for unrelated types. The namespace holds
// nothing else, so ADL on half brings in nothing else either.
namespace float16_ops {

template <class H>
struct Operators {
  // ----- arithmetic: H op H -> H (float arithmetic, one rounding)
  friend AICORE_HALF_CONSTEXPR H operator+(H a, H b) noexcept { return H(static_cast<float>(a) + static_cast<float>(b)); }
  friend AICORE_HALF_CONSTEXPR H operator-(H a, H b) noexcept { return H(static_cast<float>(a) - static_cast<float>(b)); }
  friend AICORE_HALF_CONSTEXPR H operator*(H a, H b) noexcept { return H(static_cast<float>(a) * static_cast<float>(b)); }
  friend AICORE_HALF_CONSTEXPR H operator/(H a, H b) noexcept { return H(static_cast<float>(a) / static_cast<float>(b)); }

  // ----- H op integer -> H (the integer is converted to H first)
  template <class T, detail::EnableIfInteger<T> = 0>
  friend AICORE_HALF_CONSTEXPR H operator+(H a, T b) noexcept { return a + H(b); }
  template <class T, detail::EnableIfInteger<T> = 0>
  friend AICORE_HALF_CONSTEXPR H operator+(T a, H b) noexcept { return H(a) + b; }
  template <class T, detail::EnableIfInteger<T> = 0>
  friend AICORE_HALF_CONSTEXPR H operator-(H a, T b) noexcept { return a - H(b); }
  template <class T, detail::EnableIfInteger<T> = 0>
  friend AICORE_HALF_CONSTEXPR H operator-(T a, H b) noexcept { return H(a) - b; }
  template <class T, detail::EnableIfInteger<T> = 0>
  friend AICORE_HALF_CONSTEXPR H operator*(H a, T b) noexcept { return a * H(b); }
  template <class T, detail::EnableIfInteger<T> = 0>
  friend AICORE_HALF_CONSTEXPR H operator*(T a, H b) noexcept { return H(a) * b; }
  template <class T, detail::EnableIfInteger<T> = 0>
  friend AICORE_HALF_CONSTEXPR H operator/(H a, T b) noexcept { return a / H(b); }
  template <class T, detail::EnableIfInteger<T> = 0>
  friend AICORE_HALF_CONSTEXPR H operator/(T a, H b) noexcept { return H(a) / b; }

  // ----- H op floating T -> T (H widened exactly)
  template <class T, detail::EnableIfFloating<T> = 0>
  friend AICORE_HALF_CONSTEXPR T operator+(H a, T b) noexcept { return static_cast<T>(static_cast<float>(a)) + b; }
  template <class T, detail::EnableIfFloating<T> = 0>
  friend AICORE_HALF_CONSTEXPR T operator+(T a, H b) noexcept { return a + static_cast<T>(static_cast<float>(b)); }
  template <class T, detail::EnableIfFloating<T> = 0>
  friend AICORE_HALF_CONSTEXPR T operator-(H a, T b) noexcept { return static_cast<T>(static_cast<float>(a)) - b; }
  template <class T, detail::EnableIfFloating<T> = 0>
  friend AICORE_HALF_CONSTEXPR T operator-(T a, H b) noexcept { return a - static_cast<T>(static_cast<float>(b)); }
  template <class T, detail::EnableIfFloating<T> = 0>
  friend AICORE_HALF_CONSTEXPR T operator*(H a, T b) noexcept { return static_cast<T>(static_cast<float>(a)) * b; }
  template <class T, detail::EnableIfFloating<T> = 0>
  friend AICORE_HALF_CONSTEXPR T operator*(T a, H b) noexcept { return a * static_cast<T>(static_cast<float>(b)); }
  template <class T, detail::EnableIfFloating<T> = 0>
  friend AICORE_HALF_CONSTEXPR T operator/(H a, T b) noexcept { return static_cast<T>(static_cast<float>(a)) / b; }
  template <class T, detail::EnableIfFloating<T> = 0>
  friend AICORE_HALF_CONSTEXPR T operator/(T a, H b) noexcept { return a / static_cast<T>(static_cast<float>(b)); }

  // ----- compound assignment: a = H(a op b), for H and any arithmetic b
  friend AICORE_HALF_CONSTEXPR H& operator+=(H& a, H b) noexcept { return a = a + b; }
  friend AICORE_HALF_CONSTEXPR H& operator-=(H& a, H b) noexcept { return a = a - b; }
  friend AICORE_HALF_CONSTEXPR H& operator*=(H& a, H b) noexcept { return a = a * b; }
  friend AICORE_HALF_CONSTEXPR H& operator/=(H& a, H b) noexcept { return a = a / b; }
  template <class T, detail::EnableIfArithmetic<T> = 0>
  friend AICORE_HALF_CONSTEXPR H& operator+=(H& a, T b) noexcept { return a = H(a + b); }
  template <class T, detail::EnableIfArithmetic<T> = 0>
  friend AICORE_HALF_CONSTEXPR H& operator-=(H& a, T b) noexcept { return a = H(a - b); }
  template <class T, detail::EnableIfArithmetic<T> = 0>
  friend AICORE_HALF_CONSTEXPR H& operator*=(H& a, T b) noexcept { return a = H(a * b); }
  template <class T, detail::EnableIfArithmetic<T> = 0>
  friend AICORE_HALF_CONSTEXPR H& operator/=(H& a, T b) noexcept { return a = H(a / b); }

  // ----- unary
  friend constexpr H operator+(H a) noexcept { return a; }
  friend constexpr H operator-(H a) noexcept {
    return H::FromBits(static_cast<uint16_t>(a.ToBits() ^ 0x8000u));
  }
  friend AICORE_HALF_CONSTEXPR H& operator++(H& a) noexcept { return a = a + H(1.0f); }
  friend AICORE_HALF_CONSTEXPR H& operator--(H& a) noexcept { return a = a - H(1.0f); }
  friend AICORE_HALF_CONSTEXPR H operator++(H& a, int) noexcept {
    const H old = a;
    ++a;
    return old;
  }
  friend AICORE_HALF_CONSTEXPR H operator--(H& a, int) noexcept {
    const H old = a;
    --a;
    return old;
  }

  // ----- comparisons (IEEE: NaN unordered, +0 == -0)
#define AICORE_F16_COMPARISON(OP)                                                           \
  friend AICORE_HALF_CONSTEXPR bool operator OP(H a, H b) noexcept {                        \
    return static_cast<float>(a) OP static_cast<float>(b);                                  \
  }                                                                                         \
  template <class T, detail::EnableIfArithmetic<T> = 0>                                     \
  friend AICORE_HALF_CONSTEXPR bool operator OP(H a, T b) noexcept {                        \
    using W = CompareType<T>;                                                               \
    return static_cast<W>(static_cast<float>(a)) OP static_cast<W>(b);                      \
  }                                                                                         \
  template <class T, detail::EnableIfArithmetic<T> = 0>                                     \
  friend AICORE_HALF_CONSTEXPR bool operator OP(T a, H b) noexcept {                        \
    using W = CompareType<T>;                                                               \
    return static_cast<W>(a) OP static_cast<W>(static_cast<float>(b));                      \
  }
  AICORE_F16_COMPARISON(==)
  AICORE_F16_COMPARISON(!=)
  AICORE_F16_COMPARISON(<)
  AICORE_F16_COMPARISON(<=)
  AICORE_F16_COMPARISON(>)
  AICORE_F16_COMPARISON(>=)
#undef AICORE_F16_COMPARISON

  // ----- classification (found by ADL: isnan(h); std::isnan(h) also works
  // through the conversion to float)
  friend constexpr bool isnan(H a) noexcept { return (a.ToBits() & 0x7FFFu) > H::kInfBits; }
  friend constexpr bool isinf(H a) noexcept { return (a.ToBits() & 0x7FFFu) == H::kInfBits; }
  friend constexpr bool isfinite(H a) noexcept { return (a.ToBits() & 0x7FFFu) < H::kInfBits; }
  friend constexpr bool signbit(H a) noexcept { return (a.ToBits() & 0x8000u) != 0; }
  friend constexpr H abs(H a) noexcept { return H::FromBits(static_cast<uint16_t>(a.ToBits() & 0x7FFFu)); }
  friend constexpr H fabs(H a) noexcept { return H::FromBits(static_cast<uint16_t>(a.ToBits() & 0x7FFFu)); }

  // ----- printing: the float value (a template so that <iosfwd> suffices)
  template <class CharT, class Traits>
  friend std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os, H a) {
    return os << static_cast<float>(a);
  }

 protected:
  // Exact comparison type for H against T: every half/bfloat16 value and
  // every T value is exact in it (long double covers 64-bit integers where
  // it has a 64-bit significand, as on x86 and AArch64 Linux).
  template <class T>
  using CompareType =
      std::conditional_t<std::is_floating_point_v<T>, T, std::conditional_t<(sizeof(T) > 4), long double, double>>;
};

}  // namespace float16_ops
}  // namespace aicore

// ---------------------------------------------------------------------------
// half: IEEE 754 binary16.

struct half : aicore::float16_ops::Operators<half> {
  static constexpr uint16_t kInfBits = 0x7C00u;

  half() = default;  // trivial: uninitialized like a float; half{} is +0

  // Implicit from any arithmetic type, rounded once (RNE).
  template <class T, aicore::detail::EnableIfArithmetic<T> = 0>
  AICORE_HALF_CONSTEXPR half(T v) noexcept : bits_(aicore::detail::ArithmeticToHalfBits(v)) {}  // NOLINT

  // Explicit from bfloat16_t, rounded once (RNE); defined below.
  AICORE_HALF_CONSTEXPR explicit half(bfloat16_t v) noexcept;

  static constexpr half FromBits(uint16_t bits) noexcept { return half(BitsTag{}, bits); }
  constexpr uint16_t ToBits() const noexcept { return bits_; }

  // Exact widening.
  AICORE_HALF_CONSTEXPR operator float() const noexcept {  // NOLINT
    return aicore::detail::HalfBitsToFloat(bits_);
  }
  // Integers: truncation toward zero; NaN -> 0; out of range saturates.
  template <class T, aicore::detail::EnableIfNonBoolInteger<T> = 0>
  AICORE_HALF_CONSTEXPR explicit operator T() const noexcept {
    return aicore::detail::FloatToIntTruncSat<T>(static_cast<float>(*this));
  }

 private:
  struct BitsTag {};
  constexpr half(BitsTag, uint16_t bits) noexcept : bits_(bits) {}

  uint16_t bits_;
};

// ---------------------------------------------------------------------------
// bfloat16_t: the upper half of an IEEE binary32.

struct bfloat16_t : aicore::float16_ops::Operators<bfloat16_t> {
  static constexpr uint16_t kInfBits = 0x7F80u;

  bfloat16_t() = default;  // trivial: uninitialized like a float

  // Implicit from any arithmetic type, rounded once (RNE).
  template <class T, aicore::detail::EnableIfArithmetic<T> = 0>
  AICORE_HALF_CONSTEXPR bfloat16_t(T v) noexcept : bits_(aicore::detail::ArithmeticToBf16Bits(v)) {}  // NOLINT

  // Explicit from half, rounded once (RNE).
  AICORE_HALF_CONSTEXPR explicit bfloat16_t(half v) noexcept
      : bits_(aicore::detail::FloatToBf16Bits(static_cast<float>(v))) {}

  static constexpr bfloat16_t FromBits(uint16_t bits) noexcept { return bfloat16_t(BitsTag{}, bits); }
  constexpr uint16_t ToBits() const noexcept { return bits_; }

  // Exact widening.
  AICORE_HALF_CONSTEXPR operator float() const noexcept {  // NOLINT
    return aicore::detail::Bf16BitsToFloat(bits_);
  }
  // Integers: truncation toward zero; NaN -> 0; out of range saturates.
  template <class T, aicore::detail::EnableIfNonBoolInteger<T> = 0>
  AICORE_HALF_CONSTEXPR explicit operator T() const noexcept {
    return aicore::detail::FloatToIntTruncSat<T>(static_cast<float>(*this));
  }

 private:
  struct BitsTag {};
  constexpr bfloat16_t(BitsTag, uint16_t bits) noexcept : bits_(bits) {}

  uint16_t bits_;
};

AICORE_HALF_CONSTEXPR inline half::half(bfloat16_t v) noexcept
    : bits_(aicore::detail::FloatToHalfBits(static_cast<float>(v))) {}

// Layout guarantees (hwy::float16_t / hwy::bfloat16_t are packed 2-byte
// structs holding the same bits).
static_assert(sizeof(half) == 2 && alignof(half) == 2, "half must be 2 bytes");
static_assert(sizeof(bfloat16_t) == 2 && alignof(bfloat16_t) == 2, "bfloat16_t must be 2 bytes");
static_assert(std::is_trivially_copyable_v<half> && std::is_trivially_copyable_v<bfloat16_t>, "");
static_assert(std::is_standard_layout_v<half> && std::is_standard_layout_v<bfloat16_t>, "");
static_assert(std::is_trivially_default_constructible_v<half> &&
                  std::is_trivially_default_constructible_v<bfloat16_t>,
              "");

// ---------------------------------------------------------------------------
// std::numeric_limits and std::hash.

namespace std {

template <>
class numeric_limits<half> {
 public:
  static constexpr bool is_specialized = true;
  static constexpr half min() noexcept { return half::FromBits(0x0400); }         // 2^-14
  static constexpr half max() noexcept { return half::FromBits(0x7BFF); }         // 65504
  static constexpr half lowest() noexcept { return half::FromBits(0xFBFF); }      // -65504
  static constexpr int digits = 11;
  static constexpr int digits10 = 3;
  static constexpr int max_digits10 = 5;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr int radix = 2;
  static constexpr half epsilon() noexcept { return half::FromBits(0x1400); }      // 2^-10
  static constexpr half round_error() noexcept { return half::FromBits(0x3800); }  // 0.5
  static constexpr int min_exponent = -13;
  static constexpr int min_exponent10 = -4;
  static constexpr int max_exponent = 16;
  static constexpr int max_exponent10 = 4;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr bool has_signaling_NaN = true;
  static constexpr float_denorm_style has_denorm = denorm_present;
  static constexpr bool has_denorm_loss = false;
  static constexpr half infinity() noexcept { return half::FromBits(0x7C00); }
  static constexpr half quiet_NaN() noexcept { return half::FromBits(0x7E00); }
  static constexpr half signaling_NaN() noexcept { return half::FromBits(0x7D00); }
  static constexpr half denorm_min() noexcept { return half::FromBits(0x0001); }  // 2^-24
  static constexpr bool is_iec559 = true;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = false;
  static constexpr bool traps = false;
  static constexpr bool tinyness_before = false;
  static constexpr float_round_style round_style = round_to_nearest;
};

// bfloat16 is not one of IEEE 754's interchange formats, hence is_iec559 is
// false, although it has infinities, NaNs, subnormals and IEEE rounding.
template <>
class numeric_limits<bfloat16_t> {
 public:
  static constexpr bool is_specialized = true;
  static constexpr bfloat16_t min() noexcept { return bfloat16_t::FromBits(0x0080); }     // 2^-126
  static constexpr bfloat16_t max() noexcept { return bfloat16_t::FromBits(0x7F7F); }     // ~3.39e38
  static constexpr bfloat16_t lowest() noexcept { return bfloat16_t::FromBits(0xFF7F); }
  static constexpr int digits = 8;
  static constexpr int digits10 = 2;
  static constexpr int max_digits10 = 4;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr int radix = 2;
  static constexpr bfloat16_t epsilon() noexcept { return bfloat16_t::FromBits(0x3C00); }      // 2^-7
  static constexpr bfloat16_t round_error() noexcept { return bfloat16_t::FromBits(0x3F00); }  // 0.5
  static constexpr int min_exponent = -125;
  static constexpr int min_exponent10 = -37;
  static constexpr int max_exponent = 128;
  static constexpr int max_exponent10 = 38;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr bool has_signaling_NaN = true;
  static constexpr float_denorm_style has_denorm = denorm_present;
  static constexpr bool has_denorm_loss = false;
  static constexpr bfloat16_t infinity() noexcept { return bfloat16_t::FromBits(0x7F80); }
  static constexpr bfloat16_t quiet_NaN() noexcept { return bfloat16_t::FromBits(0x7FC0); }
  static constexpr bfloat16_t signaling_NaN() noexcept { return bfloat16_t::FromBits(0x7FA0); }
  static constexpr bfloat16_t denorm_min() noexcept { return bfloat16_t::FromBits(0x0001); }  // 2^-133
  static constexpr bool is_iec559 = false;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = false;
  static constexpr bool traps = false;
  static constexpr bool tinyness_before = false;
  static constexpr float_round_style round_style = round_to_nearest;
};

// Hash of the value: +0 and -0 hash alike, consistent with ==.
template <>
struct hash<half> {
  size_t operator()(half h) const noexcept { return hash<float>()(static_cast<float>(h)); }
};
template <>
struct hash<bfloat16_t> {
  size_t operator()(bfloat16_t h) const noexcept { return hash<float>()(static_cast<float>(h)); }
};

}  // namespace std
