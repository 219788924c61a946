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

// ===========================================================================
// PART A additions: the newer element-wise instructions, int4b_t, and the
// repeat forms (geometry, masks, counter mode) of every element-wise
// instruction and Cast.
//
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
//   * int4b_t values are int8_t in [-8, 7] here; Cast into int4b_t is
//     ConvertScalar<int8_t> saturated to [-8, 7].
//   * Repeat forms (RepeatPlan, LaneByte, RunRepeat): see the comments
//     there; the model is the one documented in include/aicore/ops/repeat.h.
namespace aicore_test {
namespace ref {

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
// int4b_t.

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
// Repeat forms.
//
// A repeat covers `lanes` lanes (256 bytes of the widest element type of the
// instruction). Operand X with b-bit elements holds 256 / b lanes per 32-byte
// block; lane l of repeat r is at byte
//   X.offset + r * X.rep * 32 + (l / (256 / b)) * X.blk * 32 + (l % (256 / b)) * b / 8
// (4-bit elements: that byte, nibble l % 2).
//
// Masks: normal mode activates the lanes of a bit set (continuous mask m =
// lanes [0, m)) in each of `repeatTimes` repeats; counter mode activates the
// first `count` lanes of the call: ceil(count / lanes) repeats, lane l of
// repeat r iff r * lanes + l < count. The count form is counter mode over
// dense operands (block stride 1, repeat stride = blocks per repeat).
//
// Execution: repeats in order; in each, every active lane is computed from
// the sources first, then the results are written in lane order (so among
// destination lanes at the same address the highest lane wins).

struct RepeatPlan {
  uint32_t lanes = 0;
  uint32_t repeats = 0;
  bool counter = false;
  uint64_t count = 0;
  uint64_t bits[2] = {0, 0};

  bool Active(uint32_t r, uint32_t lane) const {
    if (lane >= lanes || r >= repeats) return false;
    if (counter) return uint64_t{r} * lanes + lane < count;
    return ((bits[lane / 64] >> (lane % 64)) & 1) != 0;
  }
};

inline RepeatPlan BitsPlan(uint32_t lanes, uint32_t repeats, uint64_t lo, uint64_t hi) {
  RepeatPlan p;
  p.lanes = lanes;
  p.repeats = repeats;
  p.bits[0] = lo;
  p.bits[1] = hi;
  return p;
}
inline RepeatPlan PrefixPlan(uint32_t lanes, uint32_t repeats, uint64_t m) {
  RepeatPlan p;
  p.lanes = lanes;
  p.repeats = repeats;
  for (uint64_t l = 0; l < m && l < 128; ++l) p.bits[l / 64] |= uint64_t{1} << (l % 64);
  return p;
}
inline RepeatPlan CounterPlan(uint32_t lanes, uint64_t count) {
  RepeatPlan p;
  p.lanes = lanes;
  p.counter = true;
  p.count = count;
  p.repeats = static_cast<uint32_t>((count + lanes - 1) / lanes);
  return p;
}

struct Operand {
  size_t offset = 0;    // bytes into the image
  uint32_t blk = 1;     // block stride, 32-byte units
  uint32_t rep = 8;     // repeat stride, 32-byte units
};

// Byte of lane `lane` of repeat r (for 4-bit elements: the byte holding it).
inline size_t LaneByte(const Operand& o, uint32_t elem_bits, uint32_t r, uint32_t lane) {
  const uint32_t per_block = 256 / elem_bits;
  return o.offset + size_t{r} * o.rep * 32 + size_t{lane / per_block} * o.blk * 32 +
         size_t{lane % per_block} * elem_bits / 8;
}

// Runs one repeat-form instruction: compute(r, lane) -> V for every active
// lane of a repeat (reads only), then write(r, lane, V) in lane order.
template <class V, class Compute, class Write>
void RunRepeat(const RepeatPlan& p, Compute&& compute, Write&& write) {
  V vals[256];  // lanes <= 256
  bool act[256];
  for (uint32_t r = 0; r < p.repeats; ++r) {
    for (uint32_t l = 0; l < p.lanes; ++l) {
      act[l] = p.Active(r, l);
      if (act[l]) vals[l] = compute(r, l);
    }
    for (uint32_t l = 0; l < p.lanes; ++l) {
      if (act[l]) write(r, l, vals[l]);
    }
  }
}

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
