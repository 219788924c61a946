// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Cast<Dst, Src>(dst, src, RoundMode, count) and its repeat forms
// (mask | mask[2], repeatTimes, UnaryRepeatParams), over the Atlas A2
// conversion matrix:
//
//   half       -> float, int8_t, uint8_t, int16_t, int32_t, int4b_t
//   float      -> half, bfloat16_t, int16_t, int32_t, int64_t, float (round to integral)
//   bfloat16_t -> float, int32_t
//   int8_t, uint8_t, int4b_t -> half
//   int16_t    -> half, float
//   int32_t    -> float, int16_t, int64_t, half
//   int64_t    -> int32_t, float
//
// Other pairs do not compile. Semantics are those of
// aicore::detail::ConvertScalar (base/convert.h): the exact source value
// rounded with the mode (CAST_NONE = CAST_RINT when the conversion is lossy;
// exact conversions ignore the mode); integer results saturate, NaN -> 0.
// CAST_ODD applies to floating destinations only: CAST_ODD into an integer
// type, and mode values beyond CAST_ODD, are parameter errors. int4b_t:
// see base/int4b.h (two per byte, low nibble first; with an odd count the
// high nibble of the last byte is left untouched).
//
// Repeat forms: lanes per repeat from the wider type (64 for half -> float,
// with the half source covering 4 blocks per repeat, so dstRepStride 8 /
// srcRepStride 4 is dense); see ops/repeat.h.
//
// Speed: everything is Highway code through f32 (or i32) lanes, except the
// pairs with int64_t other than int32_t -> int64_t, and the directed round
// modes of int32_t -> float, which run the scalar model; int4b_t is packed
// and unpacked with small tables.
#pragma once

#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>

#include "aicore/base/convert.h"
#include "aicore/base/half.h"
#include "aicore/base/type_name.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/base/int4b.h"
#include "aicore/ops/mask.h"
#include "aicore/ops/repeat.h"
#include "aicore/simd/simd.h"
#include "aicore/runtime/context.h"
#include "aicore/instrument/sanitizer/numeric.h"
#include "aicore/simd/target.h"

namespace aicore {
namespace simd {
AICORE_TARGET_BEGIN

using DF32 = hn::ScalableTag<float>;
using DI32 = hn::RebindToSigned<DF32>;
using DU32 = hn::RebindToUnsigned<DF32>;

// Loads Lanes(DF32) source elements as f32 lanes (exact, except int32_t,
// which rounds to nearest-even above 2^24).
template <class Src>
HWY_INLINE hn::Vec<DF32> LoadF32(const Src* p) {
  const DF32 d;
  const DI32 di;
  if constexpr (std::is_same_v<Src, int32_t>) {
    return hn::ConvertTo(d, hn::LoadU(di, p));
  } else if constexpr (std::is_same_v<Src, int16_t> || std::is_same_v<Src, int8_t> ||
                       std::is_same_v<Src, uint8_t>) {
    const hn::Rebind<Src, DI32> ds;
    return hn::ConvertTo(d, hn::PromoteTo(di, hn::LoadU(ds, p)));
  } else {
    return LoadC(d, p);
  }
}

// Rounds f32 lanes to integral values with the mode.
template <AscendC::RoundMode M, class V>
HWY_INLINE V RoundIntegral(V v) {
  using AscendC::RoundMode;
  const DF32 d;
  if constexpr (M == RoundMode::CAST_FLOOR) {
    return hn::Floor(v);
  } else if constexpr (M == RoundMode::CAST_CEIL) {
    return hn::Ceil(v);
  } else if constexpr (M == RoundMode::CAST_TRUNC) {
    return hn::Trunc(v);
  } else if constexpr (M == RoundMode::CAST_ROUND) {
    const V t = hn::Trunc(v);
    const V away = hn::IfThenElseZero(hn::Ge(hn::Abs(hn::Sub(v, t)), hn::Set(d, 0.5f)),
                                      hn::CopySign(hn::Set(d, 1.0f), v));
    return hn::Add(t, away);
  } else {
    return hn::Round(v);  // RINT / NONE: nearest, ties to even
  }
}

// f32 -> i32 with the mode, saturating, NaN -> 0.
template <AscendC::RoundMode M, class V>
HWY_INLINE hn::Vec<DI32> ToInt32(V v) {
  const DF32 d;
  const DI32 di;
  const V r = RoundIntegral<M>(v);
  const V lo = hn::Set(d, -2147483648.0f);
  const V hi = hn::Set(d, 2147483520.0f);  // largest float below 2^31
  auto i = hn::ConvertTo(di, hn::Min(hn::Max(r, lo), hi));
  i = hn::IfThenElse(hn::RebindMask(di, hn::Ge(r, hn::Set(d, 2147483648.0f))),
                     hn::Set(di, 2147483647), i);
  return hn::IfThenZeroElse(hn::RebindMask(di, hn::IsNaN(v)), i);
}

// f32 lanes rounded into half / bfloat16_t with a directed mode (FLOOR,
// CEIL, TRUNC, ROUND, ODD): the nearest-even result, moved one step (of the
// bit pattern) toward or away from zero where the mode asks for the other
// neighbour. Returns the 16-bit patterns in u32 lanes.
template <class Dst, AscendC::RoundMode M>
HWY_INLINE hn::Vec<DU32> Directed16(hn::Vec<DF32> v) {
  using AscendC::RoundMode;
  const DF32 d;
  const DU32 du;
  const hn::Rebind<uint16_t, DF32> du16;
  hn::Vec<DU32> bits;
  hn::Vec<DF32> b;
  if constexpr (std::is_same_v<Dst, half>) {
    const hn::Rebind<hwy::float16_t, DF32> dh;
    const auto h = hn::DemoteTo(dh, v);
    bits = hn::PromoteTo(du, hn::BitCast(du16, h));
    b = hn::PromoteTo(d, h);
  } else {
    const auto u = hn::BitCast(du, v);
    const auto lsb = hn::And(hn::ShiftRight<16>(u), hn::Set(du, 1));
    const auto rounded = hn::ShiftRight<16>(hn::Add(u, hn::Add(hn::Set(du, 0x7FFF), lsb)));
    const auto quiet = hn::ShiftRight<16>(hn::Or(u, hn::Set(du, 0x00400000)));
    bits = hn::IfThenElse(hn::RebindMask(du, hn::IsNaN(v)), quiet, rounded);
    b = hn::BitCast(d, hn::ShiftLeft<16>(bits));
  }
  const auto av = hn::Abs(v);
  const auto ab = hn::Abs(b);
  const auto gt = hn::Gt(ab, av);  // nearest rounded away from zero
  const auto lt = hn::Lt(ab, av);  // nearest rounded toward zero (false for NaN)
  const auto neg = hn::Lt(v, hn::Zero(d));
  hn::Mask<DF32> toward, away;
  if constexpr (M == RoundMode::CAST_TRUNC) {
    toward = gt;
    away = hn::Lt(av, hn::Zero(d));  // none
  } else if constexpr (M == RoundMode::CAST_FLOOR) {
    toward = hn::AndNot(neg, gt);
    away = hn::And(neg, lt);
  } else if constexpr (M == RoundMode::CAST_CEIL) {
    toward = hn::And(neg, gt);
    away = hn::AndNot(neg, lt);
  } else if constexpr (M == RoundMode::CAST_ROUND) {
    // A tie rounded toward zero by nearest-even goes away from zero instead.
    const auto next = hn::Add(bits, hn::Set(du, 1));
    hn::Vec<DF32> b2;
    if constexpr (std::is_same_v<Dst, half>) {
      const hn::Rebind<hwy::float16_t, DF32> dh;
      const auto n16 = hn::DemoteTo(du16, hn::BitCast(hn::RebindToSigned<DU32>(), next));
      b2 = hn::PromoteTo(d, hn::BitCast(dh, n16));
    } else {
      b2 = hn::BitCast(d, hn::ShiftLeft<16>(next));
    }
    toward = hn::Lt(av, hn::Zero(d));  // none
    away = hn::And(lt, hn::Eq(hn::Sub(av, ab), hn::Sub(hn::Abs(b2), av)));
  } else {  // CAST_ODD
    const auto even = hn::RebindMask(d, hn::Eq(hn::And(bits, hn::Set(du, 1)), hn::Zero(du)));
    toward = hn::And(even, gt);
    away = hn::And(even, lt);
  }
  bits = hn::IfThenElse(hn::RebindMask(du, away), hn::Add(bits, hn::Set(du, 1)), bits);
  return hn::IfThenElse(hn::RebindMask(du, toward), hn::Sub(bits, hn::Set(du, 1)), bits);
}

// i32 lanes clamped to the range of the narrower integer type Dst (so
// that DemoteTo is exact whatever the target's saturation rules).
template <class Dst, class V>
HWY_INLINE V ClampTo(V v) {
  const DI32 di;
  return hn::Min(hn::Max(v, hn::Set(di, static_cast<int32_t>(std::numeric_limits<Dst>::min()))),
                 hn::Set(di, static_cast<int32_t>(std::numeric_limits<Dst>::max())));
}

// Stores f32 lanes as Dst with the mode (integers: rounded, saturated).
template <class Dst, AscendC::RoundMode M>
HWY_INLINE void StoreF32(hn::Vec<DF32> v, Dst* p) {
  using AscendC::RoundMode;
  const DF32 d;
  const DI32 di;
  if constexpr (std::is_same_v<Dst, float>) {
    hn::StoreU(v, d, p);
  } else if constexpr (std::is_same_v<Dst, half> || std::is_same_v<Dst, bfloat16_t>) {
    if constexpr (M == RoundMode::CAST_NONE || M == RoundMode::CAST_RINT) {
      StoreC(d, v, p);
    } else {
      const hn::Rebind<uint16_t, DF32> du16;
      const auto bits = hn::BitCast(di, Directed16<Dst, M>(v));  // <= 0xFFFF
      hn::StoreU(hn::DemoteTo(du16, bits), du16, reinterpret_cast<uint16_t*>(p));
    }
  } else if constexpr (std::is_same_v<Dst, int32_t>) {
    hn::StoreU(ToInt32<M>(v), di, p);
  } else {  // int16_t, int8_t, uint8_t: the int32 saturated, then narrowed
    const hn::Rebind<Dst, DI32> dn;
    hn::StoreU(hn::DemoteTo(dn, ClampTo<Dst>(ToInt32<M>(v))), dn, p);
  }
}

// Converts n elements, Lanes(DF32) at a time; `chunk(in, out)` converts one
// group. The tail goes through zeroed stack buffers.
template <class Dst, class Src, class Chunk>
HWY_INLINE void ConvertChunks(Dst* dst, const Src* src, size_t n, const Chunk& chunk) {
  const size_t N = hn::Lanes(DF32());
  size_t i = 0;
  for (; i + N <= n; i += N) chunk(src + i, dst + i);
  if (i < n) {
    HWY_ALIGN Src ts[kMaxLanesBytes / 4] = {};
    HWY_ALIGN Dst td[kMaxLanesBytes / 4];
    std::memcpy(static_cast<void*>(ts), src + i, (n - i) * sizeof(Src));
    chunk(ts, td);
    std::memcpy(static_cast<void*>(dst + i), td, (n - i) * sizeof(Dst));
  }
}

template <class Dst, class Src, AscendC::RoundMode M>
HWY_INLINE void ConvertViaF32(Dst* dst, const Src* src, size_t n) {
  ConvertChunks(dst, src, n, [](const Src* in, Dst* out) { StoreF32<Dst, M>(LoadF32(in), out); });
}

// float -> float: round to integral, keeping the sign (-0.3 -> -0,
// CEIL(-0.5) = -0, which t + 0 and Highway's emulated Round/Ceil/Floor on
// SSSE3 and scalar targets would lose).
template <AscendC::RoundMode M>
HWY_INLINE void RoundFloat(float* dst, const float* src, size_t n) {
  ConvertChunks(dst, src, n, [](const float* in, float* out) {
    const auto v = hn::LoadU(DF32(), in);
    hn::StoreU(hn::CopySign(RoundIntegral<M>(v), v), DF32(), out);
  });
}

// int32 -> int16 (saturating) and int32 -> int64 (exact).
HWY_INLINE void Int32ToInt16(int16_t* dst, const int32_t* src, size_t n) {
  ConvertChunks(dst, src, n, [](const int32_t* in, int16_t* out) {
    const hn::Rebind<int16_t, DI32> dn;
    hn::StoreU(hn::DemoteTo(dn, ClampTo<int16_t>(hn::LoadU(DI32(), in))), dn, out);
  });
}
HWY_INLINE void Int32ToInt64(int64_t* dst, const int32_t* src, size_t n) {
  const hn::ScalableTag<int64_t> dw;
  const hn::Rebind<int32_t, decltype(dw)> dn;
  const size_t N = hn::Lanes(dw);
  size_t i = 0;
  for (; i + N <= n; i += N) hn::StoreU(hn::PromoteTo(dw, hn::LoadU(dn, src + i)), dw, dst + i);
  if (i < n) {
    HWY_ALIGN int32_t t[kMaxLanesBytes / 8] = {};
    HWY_ALIGN int64_t w[kMaxLanesBytes / 8];
    std::memcpy(t, src + i, (n - i) * sizeof(int32_t));
    hn::Store(hn::PromoteTo(dw, hn::LoadU(dn, t)), dw, w);
    std::memcpy(dst + i, w, (n - i) * sizeof(int64_t));
  }
}

// half -> int4b_t: n elements from src into (n + 1) / 2 bytes at dst. Groups
// of an even number of elements (two vectors when a vector has one lane),
// so that every group starts on a byte.
template <AscendC::RoundMode M>
HWY_INLINE void HalfToInt4(uint8_t* dst, const half* src, size_t n) {
  const DF32 d;
  const DI32 di;
  const hn::Rebind<int8_t, DI32> d8;
  const size_t N = hn::Lanes(d);
  const size_t step = (N & 1) ? 2 * N : N;
  HWY_ALIGN int8_t q[2 * kMaxLanesBytes / 4] = {};  // (zeroed: quiets -Wmaybe-uninitialized)
  auto convert = [&](const half* in, size_t count) {  // count <= step, in holds step
    for (size_t k = 0; k < count; k += N) {
      const auto v = hn::Min(hn::Max(ToInt32<M>(LoadF32(in + k)), hn::Set(di, -8)), hn::Set(di, 7));
      hn::Store(hn::DemoteTo(d8, v), d8, q + k);
    }
  };
  auto pack = [&](size_t count, uint8_t* out) {
    for (size_t k = 0; k + 1 < count; k += 2) {
      out[k / 2] = static_cast<uint8_t>((q[k] & 0xF) | ((q[k + 1] & 0xF) << 4));
    }
    if (count & 1) {
      uint8_t& last = out[count / 2];
      last = static_cast<uint8_t>((last & 0xF0) | (q[count - 1] & 0xF));
    }
  };
  size_t i = 0;
  for (; i + step <= n; i += step) {
    convert(src + i, step);
    pack(step, dst + i / 2);
  }
  if (i < n) {
    HWY_ALIGN half t[2 * kMaxLanesBytes / 4] = {};
    std::memcpy(static_cast<void*>(t), src + i, (n - i) * sizeof(half));
    convert(t, step);
    pack(n - i, dst + i / 2);
  }
}

// int4b_t -> half: n elements from (n + 1) / 2 bytes (exact).
HWY_INLINE void Int4ToHalf(half* dst, const uint8_t* src, size_t n) {
  // Half bit patterns of 0..7, -8..-1 (indexed by the nibble).
  static constexpr uint16_t kHalf[16] = {0x0000, 0x3C00, 0x4000, 0x4200, 0x4400, 0x4500,
                                         0x4600, 0x4700, 0xC800, 0xC700, 0xC600, 0xC500,
                                         0xC400, 0xC200, 0xC000, 0xBC00};
  uint16_t* out = reinterpret_cast<uint16_t*>(dst);
  for (size_t k = 0; k < n / 2; ++k) {
    const uint32_t pair = kHalf[src[k] & 0xF] | (uint32_t{kHalf[src[k] >> 4]} << 16);
    std::memcpy(out + 2 * k, &pair, 4);
  }
  if (n & 1) out[n - 1] = kHalf[src[n / 2] & 0xF];
}

AICORE_TARGET_END
}  // namespace simd

namespace detail {
AICORE_TARGET_BEGIN

template <class Dst, class Src>
constexpr bool kCastSupported =
    (std::is_same_v<Src, half> &&
     kIsOneOf<Dst, float, int8_t, uint8_t, int16_t, int32_t, AscendC::int4b_t>) ||
    (std::is_same_v<Src, float> &&
     kIsOneOf<Dst, half, bfloat16_t, int16_t, int32_t, int64_t, float>) ||
    (std::is_same_v<Src, bfloat16_t> && kIsOneOf<Dst, float, int32_t>) ||
    (kIsOneOf<Src, int8_t, uint8_t, AscendC::int4b_t> && std::is_same_v<Dst, half>) ||
    (std::is_same_v<Src, int16_t> && kIsOneOf<Dst, half, float>) ||
    (std::is_same_v<Src, int32_t> && kIsOneOf<Dst, float, int16_t, int64_t, half>) ||
    (std::is_same_v<Src, int64_t> && kIsOneOf<Dst, int32_t, float>);

template <class T>
constexpr bool kCastFloatDst = kIsOneOf<T, half, bfloat16_t, float>;

inline const char* RoundModeName(AscendC::RoundMode m) {
  static const char* const kNames[] = {"CAST_NONE",  "CAST_RINT",   "CAST_FLOOR",
                                       "CAST_CEIL",  "CAST_ROUND",  "CAST_TRUNC",
                                       "CAST_ODD",   "CAST_HYBRID", "CAST_EVEN",
                                       "CAST_ZERO"};
  const unsigned i = static_cast<unsigned>(m);
  return i < 10 ? kNames[i] : (m == AscendC::RoundMode::UNKNOWN ? "UNKNOWN" : nullptr);
}

// The scalar model, extended to int4b_t (ConvertScalar through int8_t:
// round, then saturate to [-8, 7]).
template <class Src>
inline int8_t Int4FromScalar(Src x, AscendC::RoundMode mode) {
  const int8_t v = ConvertScalar<int8_t, Src>(x, mode);
  return v < -8 ? int8_t{-8} : (v > 7 ? int8_t{7} : v);
}
template <class Dst>
inline Dst Int4ToScalar(int8_t v, AscendC::RoundMode mode) {
  return ConvertScalar<Dst, int8_t>(v, mode);
}

template <class Dst, class Src>
void CastScalarLoop(Dst* dst, const Src* src, size_t n, AscendC::RoundMode mode) {
  for (size_t i = 0; i < n; ++i) dst[i] = ConvertScalar<Dst, Src>(src[i], mode);
}

template <class Dst, class Src>
AICORE_INLINE void CheckCastMode(const char* api, AscendC::RoundMode mode, SrcLoc loc) {
  const unsigned m = static_cast<unsigned>(mode);
  if (AICORE_UNLIKELY(m > static_cast<unsigned>(AscendC::RoundMode::CAST_ODD) ||
                      (mode == AscendC::RoundMode::CAST_ODD && !kCastFloatDst<Dst>))) {
    Fail(ErrorKind::kParameter, api, loc,
         std::string("RoundMode ") +
             (RoundModeName(mode) == nullptr ? std::to_string(static_cast<unsigned>(mode))
                                             : std::string(RoundModeName(mode))) +
             " is not supported for " + TypeName<Src>() + " -> " + TypeName<Dst>() +
             (mode == AscendC::RoundMode::CAST_ODD ? " (round to odd needs a floating destination)"
                                                   : ""));
  }
}

// Converts n elements (dst and src point at element 0; int4b_t pointers at
// the byte holding it). The mode is valid for the pair.
template <class Dst, class Src, AscendC::RoundMode M>
AICORE_INLINE void CastWithMode(Dst* dst, const Src* src, size_t n) {
  using AscendC::RoundMode;
  namespace s = simd;
  constexpr bool kNearest = M == RoundMode::CAST_NONE || M == RoundMode::CAST_RINT;
  if constexpr (std::is_same_v<Src, AscendC::int4b_t>) {
    s::Int4ToHalf(dst, reinterpret_cast<const uint8_t*>(src), n);
  } else if constexpr (std::is_same_v<Dst, AscendC::int4b_t>) {
    s::HalfToInt4<M>(reinterpret_cast<uint8_t*>(dst), src, n);
  } else if constexpr (std::is_same_v<Src, int64_t> || std::is_same_v<Dst, int64_t>) {
    if constexpr (std::is_same_v<Src, int32_t>) {
      s::Int32ToInt64(dst, src, n);
    } else {
      CastScalarLoop(dst, src, n, M);
    }
  } else if constexpr (std::is_same_v<Src, int32_t> && std::is_same_v<Dst, int16_t>) {
    s::Int32ToInt16(dst, src, n);
  } else if constexpr (std::is_same_v<Src, float> && std::is_same_v<Dst, float>) {
    if constexpr (M == RoundMode::CAST_NONE) {
      if (dst != src) std::memmove(dst, src, n * sizeof(float));
    } else if constexpr (M == RoundMode::CAST_ODD) {
      s::RoundFloat<RoundMode::CAST_TRUNC>(dst, src, n);  // the model's ODD on integral rounding
    } else {
      s::RoundFloat<M>(dst, src, n);
    }
  } else if constexpr (std::is_same_v<Src, int32_t> && std::is_same_v<Dst, float>) {
    if constexpr (kNearest) {
      s::ConvertViaF32<float, int32_t, RoundMode::CAST_RINT>(dst, src, n);
    } else {
      CastScalarLoop(dst, src, n, M);
    }
  } else if constexpr ((std::is_same_v<Dst, half> || std::is_same_v<Dst, bfloat16_t>) &&
                       !AICORE_SIMD_F16 && !kNearest) {
    CastScalarLoop(dst, src, n, M);  // no vector f16 rounding on this target
  } else {
    // Through f32 lanes: exact loads (int32 -> half: rounding to f32 first
    // only changes values that overflow half anyway).
    s::ConvertViaF32<Dst, Src, M>(dst, src, n);
  }
}

template <class Dst, class Src>
AICORE_INLINE void CastCount(Dst* dst, const Src* src, size_t n, AscendC::RoundMode mode) {
  using AscendC::RoundMode;
  switch (mode) {
    case RoundMode::CAST_FLOOR: CastWithMode<Dst, Src, RoundMode::CAST_FLOOR>(dst, src, n); break;
    case RoundMode::CAST_CEIL: CastWithMode<Dst, Src, RoundMode::CAST_CEIL>(dst, src, n); break;
    case RoundMode::CAST_TRUNC: CastWithMode<Dst, Src, RoundMode::CAST_TRUNC>(dst, src, n); break;
    case RoundMode::CAST_ROUND: CastWithMode<Dst, Src, RoundMode::CAST_ROUND>(dst, src, n); break;
    case RoundMode::CAST_NONE: CastWithMode<Dst, Src, RoundMode::CAST_NONE>(dst, src, n); break;
    case RoundMode::CAST_ODD:
      if constexpr (kCastFloatDst<Dst>) {
        CastWithMode<Dst, Src, RoundMode::CAST_ODD>(dst, src, n);
        break;
      }
      [[fallthrough]];
    default: CastWithMode<Dst, Src, RoundMode::CAST_RINT>(dst, src, n); break;
  }
}

// Bytes of n elements of T.
template <class T>
constexpr uint64_t ElemBytes(uint64_t n) {
  return kElemBits<T> == 4 ? (n + 1) / 2 : n * sizeof(T);
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

template <typename Dst, typename Src, bool isSetMask = true>
AICORE_INLINE void Cast(const LocalTensor<Dst>& dst, const LocalTensor<Src>& src,
                        const RoundMode& roundMode, const uint32_t count,
                        aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kCastSupported<Dst, Src>,
                "Cast: this (dst, src) type pair is not a supported conversion");
  namespace d = aicore::detail;
  auto& core = d::Enter("Cast", loc);
  d::CheckLocal("Cast", "dst", dst, d::ElemBytes<Dst>(count), loc);
  d::CheckLocal("Cast", "src", src, d::ElemBytes<Src>(count), loc);
  const RoundMode mode = roundMode;
  d::CheckCastMode<Dst, Src>("Cast", mode, loc);
  const Src* s = src.addr_;
  const auto run = [&]() AICORE_LAMBDA_INLINE { d::CastCount(dst.addr_, s, count, mode); };
  d::NumRun(core, "Cast", loc, d::kNumRolesSrc, d::NumConvertOp{}, run, dst.addr_, count, s);
}

namespace aicore_impl {

template <typename Dst, typename Src, bool isSetMask>
AICORE_INLINE void CastRepeat(const LocalTensor<Dst>& dst, const LocalTensor<Src>& src,
                              RoundMode mode, const aicore::detail::MaskArg& mask,
                              int32_t repeatTimes, const UnaryRepeatParams& p, aicore::SrcLoc loc) {
  static_assert(aicore::detail::kCastSupported<Dst, Src>,
                "Cast: this (dst, src) type pair is not a supported conversion");
  aicore::detail::Enter("Cast", loc);
  aicore::detail::CheckCastMode<Dst, Src>("Cast", mode, loc);
  aicore::detail::RepeatUnary("Cast", isSetMask, mask, repeatTimes, dst, src, p, loc,
                              [mode](uint8_t* out, const uint8_t* const* in, size_t n, size_t) {
                                aicore::detail::CastCount(reinterpret_cast<Dst*>(out),
                                                          reinterpret_cast<const Src*>(in[0]), n,
                                                          mode);
                              });
}

}  // namespace aicore_impl

template <typename Dst, typename Src, bool isSetMask = true>
AICORE_INLINE void Cast(const LocalTensor<Dst>& dst, const LocalTensor<Src>& src,
                        const RoundMode& roundMode, uint64_t mask, const int32_t repeatTimes,
                        const UnaryRepeatParams& repeatParams,
                        aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore_impl::CastRepeat<Dst, Src, isSetMask>(dst, src, roundMode,
                                               aicore::detail::MaskArg::Cont(mask), repeatTimes,
                                               repeatParams, loc);
}
template <typename Dst, typename Src, bool isSetMask = true>
AICORE_INLINE void Cast(const LocalTensor<Dst>& dst, const LocalTensor<Src>& src,
                        const RoundMode& roundMode, const uint64_t mask[2],
                        const int32_t repeatTimes, const UnaryRepeatParams& repeatParams,
                        aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore_impl::CastRepeat<Dst, Src, isSetMask>(dst, src, roundMode,
                                               aicore::detail::MaskArg::Bits(mask), repeatTimes,
                                               repeatParams, loc);
}

AICORE_TARGET_END
}  // namespace AscendC
