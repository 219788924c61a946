// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Scalar reference model of the count-form instructions, for the randomized
// tests of the SIMD fast path (tests/unit/ops/test_*.cpp).
//
// Rules, chosen to be obviously right rather than fast:
//   * Floating arithmetic is done in double on the exact operand values and
//     rounded ONCE to the element type (round to nearest, ties to even). For
//     + - * / sqrt this equals the IEEE result of the element type, because
//     double has more than 2p+2 significand bits for p = 24 (float), 11
//     (half) and 8 (bfloat16), so the intermediate rounding to double is
//     innocuous. This is what "half/bf16 instructions compute in f32 and
//     round once" means too.
//   * int16_t / int32_t arithmetic wraps modulo 2^bits.
//   * Max/Min are `a > b ? a : b` / `a < b ? a : b` on the operands (so a NaN
//     in src1 is returned, a NaN in src0 is not, and Max(-0, +0) = +0,
//     Max(+0, -0) = -0). Relu is `x > 0 ? x : 0`, LeakyRelu
//     `x < 0 ? x * alpha : x`.
//   * Exp, Ln and Rsqrt have no bit-exact reference: the model gives the
//     double-precision value and the tests bound the error in ULPs of the
//     element type (see UlpError and tests/unit/ops/NUMERICS.md).
//   * Cast is aicore::detail::ConvertScalar (base/convert.h).
//   * DataCopy copies element by element following the documented geometry.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "aicore/aicore.h"
#include "aicore/base/convert.h"

namespace aicore_test {
namespace ref {

// ---------------------------------------------------------------------------
// Element-type helpers.

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
// Binary instructions.

template <class T>
T Add(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    return Wrap<T>(static_cast<int64_t>(a) + static_cast<int64_t>(b));
  } else {
    return RoundTo<T>(ToDouble(a) + ToDouble(b));
  }
}
template <class T>
T Sub(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    return Wrap<T>(static_cast<int64_t>(a) - static_cast<int64_t>(b));
  } else {
    return RoundTo<T>(ToDouble(a) - ToDouble(b));
  }
}
template <class T>
T Mul(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    return Wrap<T>(static_cast<int64_t>(a) * static_cast<int64_t>(b));
  } else {
    return RoundTo<T>(ToDouble(a) * ToDouble(b));  // exact in double, one rounding
  }
}
template <class T>
T Div(T a, T b) {
  static_assert(kIsFloating<T>, "Div: floating types only");
  return RoundTo<T>(ToDouble(a) / ToDouble(b));
}
template <class T>
T Max(T a, T b) {
  return ToDouble(a) > ToDouble(b) ? a : b;
}
template <class T>
T Min(T a, T b) {
  return ToDouble(a) < ToDouble(b) ? a : b;
}

// ---------------------------------------------------------------------------
// Vector-scalar instructions: dst[i] = op(src[i], scalar).

template <class T>
T Adds(T x, T s) {
  return Add(x, s);
}
template <class T>
T Muls(T x, T s) {
  return Mul(x, s);
}
template <class T>
T Maxs(T x, T s) {
  return Max(x, s);
}
template <class T>
T Mins(T x, T s) {
  return Min(x, s);
}
template <class T>
T LeakyRelu(T x, T alpha) {
  return ToDouble(x) < 0 ? Mul(x, alpha) : x;
}

// ---------------------------------------------------------------------------
// Unary instructions.

template <class T>
T Abs(T x) {
  return RoundTo<T>(std::fabs(ToDouble(x)));
}
template <class T>
T Sqrt(T x) {
  return RoundTo<T>(std::sqrt(ToDouble(x)));
}
template <class T>
T Reciprocal(T x) {
  return RoundTo<T>(1.0 / ToDouble(x));
}
template <class T>
T Relu(T x) {
  return ToDouble(x) > 0 ? x : T(0);
}

// Exact (double-precision) values for the ULP-bounded instructions.
template <class T>
double ExpExact(T x) {
  return std::exp(ToDouble(x));
}
template <class T>
double LnExact(T x) {
  return std::log(ToDouble(x));
}  // log(-0) = -inf, log(<0) = NaN
template <class T>
double RsqrtExact(T x) {
  return 1.0 / std::sqrt(ToDouble(x));
}  // rsqrt(-0) = -inf

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

// ---------------------------------------------------------------------------
// Reductions.

struct SumResult {
  long double sum;      // compensated (Neumaier) sum in long double: exact for test sizes
  long double abs_sum;  // sum of |x|
};

template <class T>
SumResult Sum(const T* x, size_t n) {
  long double s = 0, c = 0, a = 0;
  for (size_t i = 0; i < n; ++i) {
    const long double v = ToDouble(x[i]);
    const long double t = s + v;
    if (std::fabs(s) >= std::fabs(v)) {
      c += (s - t) + v;
    } else {
      c += (v - t) + s;
    }
    s = t;
    a += std::fabs(v);
  }
  return {s + c, a};
}

template <class T>
struct ExtremeResult {
  T value;
  uint32_t index;
};

// ReduceMax (kMax) / ReduceMin: the first element (smallest index) that no
// later element beats with `>` (resp. `<`); NaNs are ignored; when every
// element is NaN, index 0. The value is the element at that index.
template <bool kMax, class T>
ExtremeResult<T> Extreme(const T* x, size_t n) {
  size_t best = n;
  for (size_t i = 0; i < n; ++i) {
    if (IsNaN(x[i])) continue;
    if (best == n ||
        (kMax ? ToDouble(x[i]) > ToDouble(x[best]) : ToDouble(x[i]) < ToDouble(x[best]))) {
      best = i;
    }
  }
  if (best == n) best = 0;
  return {x[best], static_cast<uint32_t>(best)};
}

// ---------------------------------------------------------------------------
// Cast.

template <class Dst, class Src>
Dst Cast(Src x, AscendC::RoundMode mode) {
  return aicore::detail::ConvertScalar<Dst, Src>(x, mode);
}

// ---------------------------------------------------------------------------
// DataCopy.

// Count form: dst[i] = src[i] for i < count.
template <class T>
void CopyCount(T* dst, const T* src, size_t count) {
  for (size_t i = 0; i < count; ++i) dst[i] = src[i];
}

// DataCopyParams form: blockCount bursts of blockLen 32-byte blocks; burst i
// starts i * (blockLen + srcStride) blocks into src and i * (blockLen +
// dstStride) blocks into dst (the strides are gaps between bursts).
template <class T>
void CopyBursts(T* dst, const T* src, const AscendC::DataCopyParams& p) {
  static_assert(32 % sizeof(T) == 0, "element size must divide 32");
  const size_t per_block = 32 / sizeof(T);
  const size_t len = static_cast<size_t>(p.blockLen) * per_block;
  for (size_t i = 0; i < p.blockCount; ++i) {
    const size_t s = i * (p.blockLen + p.srcStride) * per_block;
    const size_t d = i * (p.blockLen + p.dstStride) * per_block;
    for (size_t j = 0; j < len; ++j) dst[d + j] = src[s + j];
  }
}

// Elements spanned by a burst pattern with gap `stride` (in blocks).
inline size_t BurstSpanElems(const AscendC::DataCopyParams& p, uint16_t stride, size_t elem_bytes) {
  return ((p.blockCount - 1) * static_cast<size_t>(p.blockLen + stride) + p.blockLen) * 32 /
         elem_bytes;
}

}  // namespace ref
}  // namespace aicore_test
