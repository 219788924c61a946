// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Cast<Dst, Src>(dst, src, RoundMode, count), count form, between half,
// bfloat16_t, float and int32_t (the Atlas A2 pairs among these types).
// Semantics are those of aicore::detail::ConvertScalar (base/convert.h): the
// exact source value rounded with the mode; integer results saturate and NaN
// becomes 0. Common pairs and modes run vectorised; the rest (directed
// rounding into half/bfloat16_t, CAST_ODD, int32 -> half) run the scalar model.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "aicore/base/convert.h"
#include "aicore/base/half.h"
#include "aicore/base/type_name.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/ops/simd.h"
#include "aicore/runtime/context.h"

namespace aicore {
namespace simd {

using DF32 = hn::ScalableTag<float>;
using DI32 = hn::RebindToSigned<DF32>;

// Loads Lanes(DF32) source elements in their wide form (f32 or i32 lanes).
template <class Src>
HWY_INLINE auto LoadWide(const Src* p) {
  if constexpr (std::is_same_v<Src, int32_t>) {
    return hn::LoadU(DI32(), p);
  } else {
    return LoadC(DF32(), p);
  }
}

template <class Dst, class V>
HWY_INLINE void StoreWide(V v, Dst* p) {
  if constexpr (std::is_same_v<Dst, int32_t>) {
    hn::StoreU(v, DI32(), p);
  } else {
    StoreC(DF32(), v, p);
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

template <class Dst, class Src, class Op>
HWY_INLINE void Convert(Dst* dst, const Src* src, size_t n, const Op& op) {
  const size_t N = hn::Lanes(DF32());
  size_t i = 0;
  for (; i + N <= n; i += N) StoreWide(op(LoadWide(src + i)), dst + i);
  if (i < n) {
    HWY_ALIGN Src ts[kMaxLanesBytes / 4] = {};
    HWY_ALIGN Dst td[kMaxLanesBytes / 4];
    std::memcpy(ts, src + i, (n - i) * sizeof(Src));
    StoreWide(op(LoadWide(ts)), td);
    std::memcpy(dst + i, td, (n - i) * sizeof(Dst));
  }
}

struct IdentityOp {
  template <class V>
  HWY_INLINE V operator()(V v) const { return v; }
};
template <AscendC::RoundMode M>
struct ToInt32Op {
  template <class V>
  HWY_INLINE hn::Vec<DI32> operator()(V v) const { return ToInt32<M>(v); }
};
template <AscendC::RoundMode M>
struct RoundIntegralOp {
  // Rounding to an integral value keeps the sign (-0.3 -> -0, CEIL(-0.5) =
  // -0); t + 0 in CAST_ROUND and Highway's emulated Round/Ceil/Floor (SSSE3
  // and scalar targets) do not, so the sign is put back.
  template <class V>
  HWY_INLINE V operator()(V v) const { return hn::CopySign(RoundIntegral<M>(v), v); }
};
struct I32ToF32Op {
  template <class V>
  HWY_INLINE hn::Vec<DF32> operator()(V v) const { return hn::ConvertTo(DF32(), v); }
};

template <class Dst, class Src, template <AscendC::RoundMode> class Op>
HWY_INLINE void ConvertWithMode(Dst* dst, const Src* src, size_t n, AscendC::RoundMode mode) {
  using AscendC::RoundMode;
  switch (mode) {
    case RoundMode::CAST_FLOOR: Convert(dst, src, n, Op<RoundMode::CAST_FLOOR>()); break;
    case RoundMode::CAST_CEIL: Convert(dst, src, n, Op<RoundMode::CAST_CEIL>()); break;
    case RoundMode::CAST_TRUNC: Convert(dst, src, n, Op<RoundMode::CAST_TRUNC>()); break;
    case RoundMode::CAST_ROUND: Convert(dst, src, n, Op<RoundMode::CAST_ROUND>()); break;
    default: Convert(dst, src, n, Op<RoundMode::CAST_RINT>()); break;
  }
}

}  // namespace simd

namespace detail {

template <class Dst, class Src>
constexpr bool kCastSupported =
    (std::is_same_v<Src, half> && kIsOneOf<Dst, float, int32_t>) ||
    (std::is_same_v<Src, float> && kIsOneOf<Dst, half, bfloat16_t, int32_t, float>) ||
    (std::is_same_v<Src, bfloat16_t> && kIsOneOf<Dst, float, int32_t>) ||
    (std::is_same_v<Src, int32_t> && kIsOneOf<Dst, float, half>);

inline const char* RoundModeName(AscendC::RoundMode m) {
  static const char* const kNames[] = {"CAST_NONE", "CAST_RINT",  "CAST_FLOOR", "CAST_CEIL",
                                       "CAST_ROUND", "CAST_TRUNC", "CAST_ODD"};
  const unsigned i = static_cast<unsigned>(m);
  return i < 7 ? kNames[i] : "?";
}

template <class Dst, class Src>
void CastScalarLoop(Dst* dst, const Src* src, size_t n, AscendC::RoundMode mode) {
  for (size_t i = 0; i < n; ++i) dst[i] = ConvertScalar<Dst, Src>(src[i], mode);
}

}  // namespace detail
}  // namespace aicore

namespace AscendC {

template <typename Dst, typename Src>
AICORE_INLINE void Cast(const LocalTensor<Dst>& dst, const LocalTensor<Src>& src,
                        const RoundMode& roundMode, const uint32_t count,
                        aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kCastSupported<Dst, Src>,
                "Cast: this (dst, src) type pair is not a supported conversion");
  namespace d = aicore::detail;
  namespace s = aicore::simd;
  d::Enter("Cast", loc);
  d::CheckLocal("Cast", "dst", dst, uint64_t{count} * sizeof(Dst), loc);
  d::CheckLocal("Cast", "src", src, uint64_t{count} * sizeof(Src), loc);
  const RoundMode mode = roundMode;
  if (AICORE_UNLIKELY(static_cast<unsigned>(mode) > static_cast<unsigned>(RoundMode::CAST_ODD) ||
                      (mode == RoundMode::CAST_ODD && std::is_same_v<Dst, int32_t>))) {
    d::Fail(aicore::ErrorKind::kParameter, "Cast", loc,
            std::string("RoundMode ") + d::RoundModeName(mode) + " is not supported for " +
                d::TypeName<Src>() + " -> " + d::TypeName<Dst>());
  }
  Dst* out = dst.addr_;
  const Src* in = src.addr_;
  const size_t n = count;
  const bool nearest = mode == RoundMode::CAST_NONE || mode == RoundMode::CAST_RINT;
  if constexpr (std::is_same_v<Dst, float> && !std::is_same_v<Src, float> &&
                !std::is_same_v<Src, int32_t>) {
    s::Convert(out, in, n, s::IdentityOp());  // half/bf16 -> float: exact
  } else if constexpr (std::is_same_v<Dst, int32_t>) {
    s::ConvertWithMode<int32_t, Src, s::ToInt32Op>(out, in, n, mode);  // exact in f32 first
  } else if constexpr (std::is_same_v<Dst, float> && std::is_same_v<Src, float>) {
    if (mode == RoundMode::CAST_NONE) {
      if (out != in) std::memmove(out, in, n * sizeof(float));
    } else if (mode == RoundMode::CAST_ODD) {
      d::CastScalarLoop(out, in, n, mode);
    } else {
      s::ConvertWithMode<float, float, s::RoundIntegralOp>(out, in, n, mode);
    }
  } else if constexpr (std::is_same_v<Src, float>) {  // float -> half / bf16
    if (nearest) {
      s::Convert(out, in, n, s::IdentityOp());
    } else {
      d::CastScalarLoop(out, in, n, mode);
    }
  } else if constexpr (std::is_same_v<Src, int32_t> && std::is_same_v<Dst, float>) {
    if (nearest) {
      s::Convert(out, in, n, s::I32ToF32Op());
    } else {
      d::CastScalarLoop(out, in, n, mode);
    }
  } else {
    d::CastScalarLoop(out, in, n, mode);  // int32 -> half
  }
}

}  // namespace AscendC
