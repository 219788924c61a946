// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Reference model of the element-wise instructions and Cast, one lane at a
// time (the repeat forms apply it lane by lane through repeat_model.h):
//
//   * Add Sub Mul Div: one rounding of the exact result (ref_element.h);
//     integers wrap. Max/Min are `a > b ? a : b` / `a < b ? a : b` on the
//     operands (so a NaN in src1 is returned, a NaN in src0 is not, and
//     Max(-0, +0) = +0, Max(+0, -0) = -0). Relu is `x > 0 ? x : 0`,
//     LeakyRelu `x < 0 ? x * alpha : x`.
//   * Exp, Ln and Rsqrt have no bit-exact reference: the model gives the
//     double-precision value and the tests bound the error in ULPs of the
//     element type (UlpError, tests/unit/ops/NUMERICS.md).
//   * And/Or/Not: bitwise. Neg: the sign bit flipped for floating types
//     (NaN, +-0, +-inf included); integers wrap.
//   * ShiftLeft: x * 2^s modulo 2^bits. ShiftRight: floor(x / 2^s), with
//     roundEn floor((x + 2^(s-1)) / 2^s) (round half up), s in [0, bits).
//   * AddRelu / SubRelu: Relu(Add(a, b)) / Relu(Sub(a, b)), i.e. the sum
//     rounded (or wrapped) once, then x > 0 ? x : 0.
//   * MulAdd(a, b, c) = a * b + c as the library computes it: one f32 FMA
//     when AICORE_SIMD_FMA (else the f32 product, then the f32 sum), rounded
//     once more to half for half results. MulAddDst = MulAdd(src0, src1,
//     dst), FusedMulAdd = MulAdd(src0, dst, src1), Axpy = MulAdd(src,
//     scalar, dst).
//   * CreateVecIndex: first + i, integers wrapping; half/float as the f32
//     sum float(first) + float(i), rounded to T.
//   * Cast is aicore::detail::ConvertScalar (base/convert.h). int4b_t values
//     are int8_t in [-8, 7] here; Cast into int4b_t is ConvertScalar<int8_t>
//     saturated to [-8, 7].
//   * Brcb: its own block geometry (below).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "aicore/aicore.h"
#include "aicore/base/convert.h"
#include "support/ref_element.h"

namespace aicore_test {
namespace ref {

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
// Bitwise, negation, shifts, the fused and index instructions.

template <class T>
T And(T a, T b) {
  return static_cast<T>(a & b);
}
template <class T>
T Or(T a, T b) {
  return static_cast<T>(a | b);
}
template <class T>
T Not(T a) {
  return static_cast<T>(~a);
}
template <class T>
T Neg(T a) {
  if constexpr (std::is_integral_v<T>) {
    return Wrap<T>(-static_cast<int64_t>(a));
  } else {
    constexpr BitsOf<T> kSign = static_cast<BitsOf<T>>(BitsOf<T>{1} << (8 * sizeof(T) - 1));
    return FromBits<T>(static_cast<BitsOf<T>>(Bits(a) ^ kSign));
  }
}

template <class T>
T ShiftLeft(T x, int s) {
  using U = std::make_unsigned_t<T>;
  return Wrap<T>(static_cast<int64_t>(static_cast<uint64_t>(static_cast<U>(x)) << s));
}
template <class T>
T ShiftRight(T x, int s, bool round) {
  const int64_t v = static_cast<int64_t>(x);
  const int64_t num = (round && s > 0) ? v + (int64_t{1} << (s - 1)) : v;
  const int64_t den = int64_t{1} << s;
  const int64_t q = num >= 0 ? num / den : -((-num + den - 1) / den);  // floor
  return static_cast<T>(q);
}

template <class T>
T AddRelu(T a, T b) {
  return Relu(Add(a, b));
}
template <class T>
T SubRelu(T a, T b) {
  return Relu(Sub(a, b));
}

// a * b + c in f32 as the library computes it (see above).
inline float MulAddF32(float a, float b, float c) {
#if AICORE_SIMD_FMA
  return std::fma(a, b, c);
#else
  volatile float p = a * b;  // no contraction into an FMA
  return p + c;
#endif
}
template <class TD, class TS>
TD MulAdd(TS a, TS b, TD c) {
  const float r = MulAddF32(static_cast<float>(a), static_cast<float>(b), static_cast<float>(c));
  return RoundTo<TD>(static_cast<double>(r));
}

template <class T>
T VecIndex(T first, uint64_t i) {
  if constexpr (std::is_integral_v<T>) {
    return Wrap<T>(static_cast<int64_t>(first) + static_cast<int64_t>(i));
  } else {
    const float s = static_cast<float>(first) + static_cast<float>(i);
    return RoundTo<T>(static_cast<double>(s));
  }
}

// ---------------------------------------------------------------------------
// Cast and int4b_t.

template <class Dst, class Src>
Dst Cast(Src x, AscendC::RoundMode mode) {
  return aicore::detail::ConvertScalar<Dst, Src>(x, mode);
}

template <class Src>
int8_t CastToInt4(Src x, AscendC::RoundMode mode) {
  const int8_t v = aicore::detail::ConvertScalar<int8_t, Src>(x, mode);
  return v < -8 ? int8_t{-8} : (v > 7 ? int8_t{7} : v);
}

// Element `i` of a packed int4b_t array (low nibble first).
inline int8_t Int4At(const uint8_t* p, size_t i) {
  const int v = (p[i / 2] >> (4 * (i & 1))) & 0xF;
  return static_cast<int8_t>(v >= 8 ? v - 16 : v);
}
inline void SetInt4At(uint8_t* p, size_t i, int v) {
  const int sh = static_cast<int>(4 * (i & 1));
  p[i / 2] = static_cast<uint8_t>((p[i / 2] & ~(0xF << sh)) | ((v & 0xF) << sh));
}

// ---------------------------------------------------------------------------
// Brcb.

// Brcb: repeat r reads src[8r + j] and fills block j (at dst.offset +
// r * rep * 32 + j * blk * 32) with it, blocks and repeats in order.
template <class T>
void Brcb(uint8_t* image, size_t dst, size_t src, uint32_t repeats, uint32_t blk, uint32_t rep) {
  for (uint32_t r = 0; r < repeats; ++r) {
    T v[8];
    std::memcpy(v, image + src + size_t{8} * r * sizeof(T), sizeof(v));
    for (uint32_t j = 0; j < 8; ++j) {
      for (size_t e = 0; e < 32 / sizeof(T); ++e) {
        std::memcpy(image + dst + size_t{r} * rep * 32 + size_t{j} * blk * 32 + e * sizeof(T), &v[j],
                    sizeof(T));
      }
    }
  }
}

}  // namespace ref
}  // namespace aicore_test
