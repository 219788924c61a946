// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Scalar reference model of the Cast instruction:
//
//   template <class Dst, class Src>
//   Dst aicore::detail::ConvertScalar(Src x, AscendC::RoundMode mode);
//
// Src and Dst may be half, bfloat16_t, float, double or any integer type
// except bool (the instruction layer restricts them to the pairs the
// hardware has). The exact real value of x is rounded into Dst with `mode`:
//
//   CAST_RINT   to nearest, ties to even
//   CAST_ROUND  to nearest, ties away from zero
//   CAST_FLOOR  toward -inf
//   CAST_CEIL   toward +inf
//   CAST_TRUNC  toward zero
//   CAST_ODD    round to odd: when inexact, the neighbour whose last
//               significand bit is 1 (floating targets only, see below)
//   CAST_NONE   same as CAST_RINT (exact conversions are exact anyway)
//
// Floating targets (half, bfloat16_t, float, double)
//   * One rounding of the exact value, subnormal results included, whatever
//     the source (int64 and double sources are never rounded twice).
//   * Overflow follows IEEE 754: RINT/ROUND/NONE give +-inf; FLOOR gives
//     +max / -inf; CEIL gives +inf / -max; TRUNC and ODD give +-max.
//   * NaN gives a quiet NaN with the source's sign and the top bits of its
//     payload; +-inf stays +-inf; +-0 stays +-0; a nonzero value that rounds
//     to zero keeps its sign.
//   * Same-type conversions (float->float, half->half, ...) are the
//     hardware's "round to integral value" cast: the value is rounded to an
//     integer with `mode` and stays in its type (CEIL(-0.5) = -0; values of
//     magnitude >= 2^mantissa_bits are already integral). CAST_NONE returns x
//     unchanged, bit for bit. CAST_ODD is treated as CAST_TRUNC here, as for
//     integer targets.
//
// Integer targets
//   * The value is rounded to an integer with `mode` and then saturated to
//     the target's range (e.g. -0.6 RINT -> -1 -> 0 for uint8_t; 200 -> 127
//     for int8_t; int32 -> int16 saturates too).
//   * CAST_ODD is treated as CAST_TRUNC (round-to-odd is only meaningful for
//     narrowing between floating formats).
//   * NaN -> 0; +inf -> max; -inf -> min.
//
// The implementation decomposes x exactly as (-1)^s * m * 2^e with a 64-bit
// m, rounds m * 2^e to a multiple of the target's quantum with integer
// arithmetic, and encodes the result. It is constexpr where half.h's
// conversions are.
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include "aicore/base/defs.h"
#include "aicore/base/half.h"
#include "aicore/base/types.h"

namespace aicore {
namespace detail {

// ---------------------------------------------------------------------------
// Binary floating formats the model knows.

template <class T>
struct FloatFormat;

template <>
struct FloatFormat<half> {
  using Bits = uint16_t;
  static constexpr int kMantBits = 10;
  static constexpr int kExpBits = 5;
  static constexpr Bits ToBits(half x) noexcept { return x.ToBits(); }
  static constexpr half FromBits(Bits b) noexcept { return half::FromBits(b); }
};

template <>
struct FloatFormat<bfloat16_t> {
  using Bits = uint16_t;
  static constexpr int kMantBits = 7;
  static constexpr int kExpBits = 8;
  static constexpr Bits ToBits(bfloat16_t x) noexcept { return x.ToBits(); }
  static constexpr bfloat16_t FromBits(Bits b) noexcept { return bfloat16_t::FromBits(b); }
};

template <>
struct FloatFormat<float> {
  using Bits = uint32_t;
  static constexpr int kMantBits = 23;
  static constexpr int kExpBits = 8;
  static AICORE_HALF_CONSTEXPR Bits ToBits(float x) noexcept { return BitCastScalar<Bits>(x); }
  static AICORE_HALF_CONSTEXPR float FromBits(Bits b) noexcept { return BitCastScalar<float>(b); }
};

template <>
struct FloatFormat<double> {
  using Bits = uint64_t;
  static constexpr int kMantBits = 52;
  static constexpr int kExpBits = 11;
  static AICORE_HALF_CONSTEXPR Bits ToBits(double x) noexcept { return BitCastScalar<Bits>(x); }
  static AICORE_HALF_CONSTEXPR double FromBits(Bits b) noexcept { return BitCastScalar<double>(b); }
};

template <class T>
inline constexpr bool kIsCastFloat = std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t> ||
                                     std::is_same_v<T, float> || std::is_same_v<T, double>;
template <class T>
inline constexpr bool kIsCastInteger = std::is_integral_v<T> && !std::is_same_v<T, bool>;
template <class T>
inline constexpr bool kIsCastType = kIsCastFloat<T> || kIsCastInteger<T>;

// ---------------------------------------------------------------------------
// Exact values.

// value = (-1)^neg * mag * 2^exp for finite values (mag == 0: a zero).
struct ExactValue {
  enum class Kind : uint8_t { kFinite, kInf, kNaN };
  Kind kind = Kind::kFinite;
  bool neg = false;
  uint64_t mag = 0;
  int exp = 0;
  uint64_t payload = 0;  // NaN only: mantissa field, left-aligned in 64 bits
};

template <class Src>
AICORE_HALF_CONSTEXPR ExactValue Decompose(Src x) noexcept {
  ExactValue v;
  if constexpr (kIsCastFloat<Src>) {
    using F = FloatFormat<Src>;
    constexpr int kM = F::kMantBits;
    constexpr int kE = F::kExpBits;
    constexpr int kBias = (1 << (kE - 1)) - 1;
    const uint64_t bits = F::ToBits(x);
    const uint64_t mant = bits & ((uint64_t{1} << kM) - 1);
    const int e = static_cast<int>((bits >> kM) & ((1u << kE) - 1));
    v.neg = ((bits >> (kM + kE)) & 1u) != 0;
    if (e == (1 << kE) - 1) {
      v.kind = mant == 0 ? ExactValue::Kind::kInf : ExactValue::Kind::kNaN;
      v.payload = mant << (64 - kM);
    } else if (e == 0) {
      v.mag = mant;
      v.exp = 1 - kBias - kM;
    } else {
      v.mag = mant | (uint64_t{1} << kM);
      v.exp = e - kBias - kM;
    }
  } else {
    v.mag = static_cast<uint64_t>(x);  // modulo 2^64 for negative values
    if constexpr (std::is_signed_v<Src>) {
      v.neg = x < 0;
      if (v.neg) v.mag = 0 - v.mag;
    }
  }
  return v;
}

struct Rounded {
  uint64_t kept;  // the result as a multiple of the quantum
  bool inexact;
};

// Rounds mag * 2^exp (mag != 0, sign `neg`) to a multiple of 2^q with
// `mode` (CAST_ODD jams the last bit). When exp >= q the caller guarantees
// that mag << (exp - q) fits in 64 bits.
constexpr Rounded RoundToQuantum(uint64_t mag, int exp, int q, bool neg, AscendC::RoundMode mode) noexcept {
  if (exp >= q) return {mag << (exp - q), false};
  const int sh = q - exp;
  uint64_t kept = 0;
  int vs_half = -1;  // remainder compared with half a quantum: -1, 0, +1
  if (sh < 64) {
    kept = mag >> sh;
    const uint64_t rem = mag & ((uint64_t{1} << sh) - 1);
    if (rem == 0) return {kept, false};
    const uint64_t halfway = uint64_t{1} << (sh - 1);
    vs_half = rem < halfway ? -1 : (rem == halfway ? 0 : 1);
  } else if (sh == 64) {
    const uint64_t halfway = uint64_t{1} << 63;
    vs_half = mag < halfway ? -1 : (mag == halfway ? 0 : 1);
  }  // sh > 64: 0 < mag < 2^64 < half a quantum
  bool up = false;
  switch (mode) {
    case AscendC::RoundMode::CAST_NONE:
    case AscendC::RoundMode::CAST_RINT:
      up = vs_half > 0 || (vs_half == 0 && (kept & 1u));
      break;
    case AscendC::RoundMode::CAST_ROUND:
      up = vs_half >= 0;
      break;
    case AscendC::RoundMode::CAST_FLOOR:
      up = neg;
      break;
    case AscendC::RoundMode::CAST_CEIL:
      up = !neg;
      break;
    case AscendC::RoundMode::CAST_TRUNC:
      break;
    case AscendC::RoundMode::CAST_ODD:
      kept |= 1u;
      break;
    default:  // modes of other architectures: Cast rejects them before converting
      break;
  }
  return {kept + (up ? 1u : 0u), true};
}

constexpr int MostSignificantBit(uint64_t x) noexcept { return 63 - CountLeadingZeros64(x); }

// ---------------------------------------------------------------------------
// Rounding into the targets.

template <class Dst>
AICORE_HALF_CONSTEXPR Dst RoundToFloat(const ExactValue& v, AscendC::RoundMode mode) noexcept {
  using F = FloatFormat<Dst>;
  using Bits = typename F::Bits;
  constexpr int kM = F::kMantBits;
  constexpr int kE = F::kExpBits;
  constexpr int kBias = (1 << (kE - 1)) - 1;
  constexpr int kEmin = 1 - kBias;
  constexpr int kEmax = kBias;
  constexpr Bits kInf = static_cast<Bits>(((Bits{1} << kE) - 1) << kM);
  constexpr Bits kMantMask = static_cast<Bits>((Bits{1} << kM) - 1);
  const Bits sign = static_cast<Bits>(static_cast<Bits>(v.neg ? 1u : 0u) << (kM + kE));

  if (v.kind == ExactValue::Kind::kNaN) {
    const Bits payload = static_cast<Bits>(v.payload >> (64 - kM));
    return F::FromBits(static_cast<Bits>(sign | kInf | (Bits{1} << (kM - 1)) | payload));
  }
  if (v.kind == ExactValue::Kind::kInf) return F::FromBits(static_cast<Bits>(sign | kInf));
  if (v.mag == 0) return F::FromBits(sign);

  // Quantum: the unit in the last place at the value's binade, never finer
  // than the subnormal spacing 2^(kEmin - kM).
  const int top = MostSignificantBit(v.mag) + v.exp;
  int q = (top > kEmin ? top : kEmin) - kM;
  uint64_t kept = RoundToQuantum(v.mag, v.exp, q, v.neg, mode).kept;
  if (kept >> (kM + 1)) {  // rounded up into the next binade: kept == 2^(kM+1)
    kept >>= 1;
    ++q;
  }
  if (kept == 0) return F::FromBits(sign);
  const bool normal = (kept >> kM) != 0;  // else subnormal (q == kEmin - kM)
  if (normal && q + kM > kEmax) {
    bool to_inf = true;
    switch (mode) {
      case AscendC::RoundMode::CAST_FLOOR:
        to_inf = v.neg;
        break;
      case AscendC::RoundMode::CAST_CEIL:
        to_inf = !v.neg;
        break;
      case AscendC::RoundMode::CAST_TRUNC:
      case AscendC::RoundMode::CAST_ODD:
        to_inf = false;
        break;
      default:
        break;
    }
    return F::FromBits(static_cast<Bits>(sign | (to_inf ? kInf : static_cast<Bits>(kInf - 1))));
  }
  if (!normal) return F::FromBits(static_cast<Bits>(sign | kept));
  const Bits biased = static_cast<Bits>(q + kM + kBias);
  return F::FromBits(static_cast<Bits>(sign | (biased << kM) | (static_cast<Bits>(kept) & kMantMask)));
}

template <class Dst>
AICORE_HALF_CONSTEXPR Dst RoundToInteger(const ExactValue& v, AscendC::RoundMode mode) noexcept {
  constexpr Dst kMax = std::numeric_limits<Dst>::max();
  constexpr Dst kMin = std::numeric_limits<Dst>::min();
  if (mode == AscendC::RoundMode::CAST_ODD) mode = AscendC::RoundMode::CAST_TRUNC;
  if (v.kind == ExactValue::Kind::kNaN) return Dst(0);
  if (v.kind == ExactValue::Kind::kInf) return v.neg ? kMin : kMax;
  if (v.mag == 0) return Dst(0);
  if (MostSignificantBit(v.mag) + v.exp >= 64) return v.neg ? kMin : kMax;
  // Inexact only when exp < 0, i.e. |value| < 2^63, so kept + 1 cannot wrap.
  const uint64_t kept = RoundToQuantum(v.mag, v.exp, 0, v.neg, mode).kept;
  if (!v.neg) return kept > static_cast<uint64_t>(kMax) ? kMax : static_cast<Dst>(kept);
  if constexpr (std::is_unsigned_v<Dst>) {
    return Dst(0);  // -0 or saturated
  } else {
    const uint64_t min_magnitude = static_cast<uint64_t>(kMax) + 1;
    if (kept >= min_magnitude) return kMin;
    return static_cast<Dst>(-static_cast<int64_t>(kept));
  }
}

// Same-type floating "round to integral value".
template <class T>
AICORE_HALF_CONSTEXPR T RoundToIntegral(T x, AscendC::RoundMode mode) noexcept {
  if (mode == AscendC::RoundMode::CAST_NONE) return x;
  if (mode == AscendC::RoundMode::CAST_ODD) mode = AscendC::RoundMode::CAST_TRUNC;
  const ExactValue v = Decompose(x);
  if (v.kind != ExactValue::Kind::kFinite) return RoundToFloat<T>(v, mode);  // quiets NaNs
  if (v.mag == 0 || v.exp >= 0) return x;  // already integral
  ExactValue r = v;
  r.mag = RoundToQuantum(v.mag, v.exp, 0, v.neg, mode).kept;  // <= 2^kMantBits
  r.exp = 0;
  return RoundToFloat<T>(r, AscendC::RoundMode::CAST_RINT);  // exact
}

// ---------------------------------------------------------------------------
// The reference model.

template <class Dst, class Src>
AICORE_HALF_CONSTEXPR Dst ConvertScalar(Src x, AscendC::RoundMode mode) noexcept {
  static_assert(kIsCastType<Src>, "ConvertScalar: unsupported source type");
  static_assert(kIsCastType<Dst>, "ConvertScalar: unsupported destination type");
  if constexpr (std::is_same_v<Dst, Src> && kIsCastFloat<Src>) {
    return RoundToIntegral(x, mode);
  } else if constexpr (kIsCastFloat<Dst>) {
    return RoundToFloat<Dst>(Decompose(x), mode);
  } else {
    return RoundToInteger<Dst>(Decompose(x), mode);
  }
}

}  // namespace detail
}  // namespace aicore
