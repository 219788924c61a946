// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The SIMD engine behind the vector instructions: Highway loops (static
// dispatch: the target comes from the compile flags) over contiguous memory.
// half and bfloat16_t are promoted to f32, computed, and rounded once to
// nearest-even on the way back, so that one instruction rounds once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include <hwy/highway.h>
#include <hwy/contrib/math/math-inl.h>
#if HWY_ARCH_X86
#include <xmmintrin.h>  // _mm_sfence
#endif

#include "aicore/base/half.h"
#include "aicore/simd/target.h"

// Whether f32 <-> f16 vector conversions are done in hardware with
// round-to-nearest-even. (Highway 1.0.3 emulates DemoteTo f16 by truncation on
// x86 targets without F16C, so those take a scalar path instead.)
#if (HWY_ARCH_X86 && HWY_TARGET < HWY_SSE4 && !defined(HWY_DISABLE_F16C)) || HWY_ARCH_ARM_A64
#define AICORE_SIMD_F16 1
#else
#define AICORE_SIMD_F16 0
#endif

// Whether hn::MulAdd is one fused operation (one rounding) on the target:
// true on AVX2/AVX-512/NEON/SVE, false on SSSE3/SSE4, where MulAddDst,
// FusedMulAdd and Axpy round the product first.
#if HWY_NATIVE_FMA
#define AICORE_SIMD_FMA 1
#else
#define AICORE_SIMD_FMA 0
#endif

namespace aicore {
namespace simd {
AICORE_TARGET_BEGIN

namespace hn = hwy::HWY_NAMESPACE;

template <class T>
constexpr bool kIsHalfLike = std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>;

// The type the vector unit computes in for element type T.
template <class T>
using ComputeT = std::conditional_t<kIsHalfLike<T>, float, T>;

// The Highway tag for T's compute type.
template <class T>
using TagFor = hn::ScalableTag<ComputeT<T>>;

constexpr size_t kMaxLanesBytes = HWY_MAX_BYTES;

// Loads Lanes(d) elements of T from p as compute-type lanes.
template <class T, class D>
HWY_INLINE hn::Vec<D> LoadC(D d, const T* HWY_RESTRICT p) {
  if constexpr (std::is_same_v<T, half>) {
#if AICORE_SIMD_F16
    const hn::Rebind<hwy::float16_t, D> dh;
    return hn::PromoteTo(d, hn::LoadU(dh, reinterpret_cast<const hwy::float16_t*>(p)));
#else
    HWY_ALIGN float tmp[kMaxLanesBytes / sizeof(float)];
    const size_t n = hn::Lanes(d);
    for (size_t i = 0; i < n; ++i) tmp[i] = detail::HalfBitsToFloat(p[i].ToBits());
    return hn::Load(d, tmp);
#endif
  } else if constexpr (std::is_same_v<T, bfloat16_t>) {
    const hn::RebindToUnsigned<D> du32;
    const hn::Rebind<uint16_t, D> du16;
    const auto u = hn::PromoteTo(du32, hn::LoadU(du16, reinterpret_cast<const uint16_t*>(p)));
    return hn::BitCast(d, hn::ShiftLeft<16>(u));
  } else {
    return hn::LoadU(d, p);
  }
}

// Stores compute-type lanes to p as T (rounding to nearest-even).
template <class T, class D>
HWY_INLINE void StoreC(D d, hn::Vec<D> v, T* HWY_RESTRICT p) {
  if constexpr (std::is_same_v<T, half>) {
#if AICORE_SIMD_F16
    const hn::Rebind<hwy::float16_t, D> dh;
    hn::StoreU(hn::DemoteTo(dh, v), dh, reinterpret_cast<hwy::float16_t*>(p));
#else
    HWY_ALIGN float tmp[kMaxLanesBytes / sizeof(float)];
    hn::Store(v, d, tmp);
    const size_t n = hn::Lanes(d);
    for (size_t i = 0; i < n; ++i) p[i] = half::FromBits(detail::FloatToHalfBits(tmp[i]));
#endif
  } else if constexpr (std::is_same_v<T, bfloat16_t>) {
    const hn::RebindToUnsigned<D> du32;
    const hn::RebindToSigned<D> di32;
    const hn::Rebind<uint16_t, D> du16;
    const auto u = hn::BitCast(du32, v);
    // Round to nearest-even on bit 16; NaNs are made quiet instead.
    const auto lsb = hn::And(hn::ShiftRight<16>(u), hn::Set(du32, 1));
    const auto rounded = hn::Add(u, hn::Add(hn::Set(du32, 0x7FFF), lsb));
    const auto quiet = hn::Or(u, hn::Set(du32, 0x00400000));
    const auto bits = hn::IfThenElse(hn::RebindMask(du32, hn::IsNaN(v)), quiet, rounded);
    const auto hi = hn::BitCast(di32, hn::ShiftRight<16>(bits));
    hn::StoreU(hn::DemoteTo(du16, hi), du16, reinterpret_cast<uint16_t*>(p));
  } else {
    hn::StoreU(v, d, p);
  }
}

// dst[i] = op(a[i], b[i]) for i < n.
template <class T, class Op>
HWY_INLINE void Binary(T* dst, const T* a, const T* b, size_t n, const Op& op) {
  const TagFor<T> d;
  const size_t N = hn::Lanes(d);
  size_t i = 0;
  for (; i + 2 * N <= n; i += 2 * N) {
    const auto r0 = op(d, LoadC(d, a + i), LoadC(d, b + i));
    const auto r1 = op(d, LoadC(d, a + i + N), LoadC(d, b + i + N));
    StoreC(d, r0, dst + i);
    StoreC(d, r1, dst + i + N);
  }
  for (; i + N <= n; i += N) StoreC(d, op(d, LoadC(d, a + i), LoadC(d, b + i)), dst + i);
  if (i < n) {
    // Tail: stage through zeroed stack buffers so that no byte past n is
    // read from the operands or written to dst.
    HWY_ALIGN T ta[kMaxLanesBytes / sizeof(ComputeT<T>)] = {};
    HWY_ALIGN T tb[kMaxLanesBytes / sizeof(ComputeT<T>)] = {};
    HWY_ALIGN T tr[kMaxLanesBytes / sizeof(ComputeT<T>)];
    const size_t rem = n - i;
    std::memcpy(ta, a + i, rem * sizeof(T));
    std::memcpy(tb, b + i, rem * sizeof(T));
    StoreC(d, op(d, LoadC(d, ta), LoadC(d, tb)), tr);
    std::memcpy(dst + i, tr, rem * sizeof(T));
  }
}

// dst[i] = op(a[i]) for i < n.
template <class T, class Op>
HWY_INLINE void Unary(T* dst, const T* a, size_t n, const Op& op) {
  const TagFor<T> d;
  const size_t N = hn::Lanes(d);
  size_t i = 0;
  for (; i + 2 * N <= n; i += 2 * N) {
    const auto r0 = op(d, LoadC(d, a + i));
    const auto r1 = op(d, LoadC(d, a + i + N));
    StoreC(d, r0, dst + i);
    StoreC(d, r1, dst + i + N);
  }
  for (; i + N <= n; i += N) StoreC(d, op(d, LoadC(d, a + i)), dst + i);
  if (i < n) {
    HWY_ALIGN T ta[kMaxLanesBytes / sizeof(ComputeT<T>)] = {};
    HWY_ALIGN T tr[kMaxLanesBytes / sizeof(ComputeT<T>)];
    const size_t rem = n - i;
    std::memcpy(ta, a + i, rem * sizeof(T));
    StoreC(d, op(d, LoadC(d, ta)), tr);
    std::memcpy(dst + i, tr, rem * sizeof(T));
  }
}

// Fills n elements with the bit pattern of value.
template <class T>
HWY_INLINE void Fill(T* dst, T value, size_t n) {
  using U = std::conditional_t<sizeof(T) == 1, uint8_t,
                               std::conditional_t<sizeof(T) == 2, uint16_t,
                                                  std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>>;
  static_assert(sizeof(U) == sizeof(T), "unsupported element size");
  U bits;
  std::memcpy(&bits, &value, sizeof(T));
  const hn::ScalableTag<U> d;
  const size_t N = hn::Lanes(d);
  const auto v = hn::Set(d, bits);
  U* out = reinterpret_cast<U*>(dst);
  size_t i = 0;
  for (; i + N <= n; i += N) hn::StoreU(v, d, out + i);
  if (i < n) {
    HWY_ALIGN U tail[kMaxLanesBytes / sizeof(U)];
    hn::Store(v, d, tail);
    std::memcpy(out + i, tail, (n - i) * sizeof(U));
  }
}

// A zero-padded copy of the first `n` elements at p, for loop tails.
template <class T, size_t kCap>
struct Staged {
  HWY_ALIGN T v[kCap];
  Staged(const T* p, size_t n) {
    std::memset(static_cast<void*>(v), 0, sizeof(v));
    std::memcpy(static_cast<void*>(v), p, n * sizeof(T));
  }
};

template <class D, class TD, class Op, class... TS>
HWY_NOINLINE void MapTail(D d, TD* dst, size_t rem, const Op& op, const TS*... src) {
  constexpr size_t kCap = kMaxLanesBytes / sizeof(hn::TFromD<D>);
  HWY_ALIGN TD out[kCap];
  StoreC(d, op(d, LoadC(d, Staged<TS, kCap>(src, rem).v)...), out);
  std::memcpy(static_cast<void*>(dst), out, rem * sizeof(TD));
}

// dst[i] = op(src[i]...) for i < n, any number of sources (their types may
// differ from TD as long as they share its compute type: float dst with half
// sources). dst may alias a source exactly. The count-form loop of the newer
// instructions and the compute step of every repeat form.
template <class TD, class Op, class... TS>
HWY_INLINE void MapN(TD* dst, size_t n, const Op& op, const TS*... src) {
  const TagFor<TD> d;
  const size_t N = hn::Lanes(d);
  size_t i = 0;
  for (; i + 2 * N <= n; i += 2 * N) {
    const auto r0 = op(d, LoadC(d, src + i)...);
    const auto r1 = op(d, LoadC(d, src + i + N)...);
    StoreC(d, r0, dst + i);
    StoreC(d, r1, dst + i + N);
  }
  for (; i + N <= n; i += N) StoreC(d, op(d, LoadC(d, src + i)...), dst + i);
  if (i < n) MapTail(d, dst + i, n - i, op, (src + i)...);
}

// dst[i] = first + (base + i) for i < n: integers wrap modulo 2^bits;
// floating types add in f32 (the index exactly, below 2^24) and round once
// to T.
template <class T>
HWY_INLINE void Index(T* dst, size_t n, T first, size_t base) {
  const TagFor<T> d;
  const size_t N = hn::Lanes(d);
  using C = ComputeT<T>;
  if constexpr (std::is_floating_point_v<C>) {
    const hn::RebindToSigned<decltype(d)> di;
    const auto f = hn::Set(d, static_cast<C>(first));
    auto idx = hn::Iota(di, static_cast<int32_t>(base));
    const auto step = hn::Set(di, static_cast<int32_t>(N));
    size_t i = 0;
    for (; i + N <= n; i += N) {
      StoreC(d, hn::Add(f, hn::ConvertTo(d, idx)), dst + i);
      idx = hn::Add(idx, step);
    }
    if (i < n) {
      HWY_ALIGN T out[kMaxLanesBytes / sizeof(C)];
      StoreC(d, hn::Add(f, hn::ConvertTo(d, idx)), out);
      std::memcpy(static_cast<void*>(dst + i), out, (n - i) * sizeof(T));
    }
  } else {
    using U = std::make_unsigned_t<T>;
    const hn::RebindToUnsigned<decltype(d)> du;
    auto v = hn::Iota(du, static_cast<U>(static_cast<U>(first) + static_cast<U>(base)));
    const auto step = hn::Set(du, static_cast<U>(N));
    size_t i = 0;
    U* out = reinterpret_cast<U*>(dst);
    for (; i + N <= n; i += N) {
      hn::StoreU(v, du, out + i);
      v = hn::Add(v, step);
    }
    if (i < n) {
      HWY_ALIGN U t[kMaxLanesBytes / sizeof(U)];
      hn::Store(v, du, t);
      std::memcpy(out + i, t, (n - i) * sizeof(U));
    }
  }
}

// ---- element-wise operations on compute-type vectors ----------------------

struct AddOp {
  template <class D, class V>
  HWY_INLINE V operator()(D, V a, V b) const { return hn::Add(a, b); }
};
struct SubOp {
  template <class D, class V>
  HWY_INLINE V operator()(D, V a, V b) const { return hn::Sub(a, b); }
};
struct MulOp {
  template <class D, class V>
  HWY_INLINE V operator()(D, V a, V b) const { return hn::Mul(a, b); }
};
struct DivOp {
  template <class D, class V>
  HWY_INLINE V operator()(D, V a, V b) const { return hn::Div(a, b); }
};
// Max/Min: a > b ? a : b (resp. a < b ? a : b), spelled out so that NaN and
// signed-zero behaviour does not depend on the host instruction set.
struct MaxOp {
  template <class D, class V>
  HWY_INLINE V operator()(D, V a, V b) const { return hn::IfThenElse(hn::Gt(a, b), a, b); }
};
struct MinOp {
  template <class D, class V>
  HWY_INLINE V operator()(D, V a, V b) const { return hn::IfThenElse(hn::Lt(a, b), a, b); }
};

template <class C>
struct AddsOp {
  C s;
  template <class D, class V>
  HWY_INLINE V operator()(D d, V a) const { return hn::Add(a, hn::Set(d, s)); }
};
template <class C>
struct MulsOp {
  C s;
  template <class D, class V>
  HWY_INLINE V operator()(D d, V a) const { return hn::Mul(a, hn::Set(d, s)); }
};
template <class C>
struct MaxsOp {
  C s;
  template <class D, class V>
  HWY_INLINE V operator()(D d, V a) const { return MaxOp()(d, a, hn::Set(d, s)); }
};
template <class C>
struct MinsOp {
  C s;
  template <class D, class V>
  HWY_INLINE V operator()(D d, V a) const { return MinOp()(d, a, hn::Set(d, s)); }
};
// x < 0 ? x * alpha : x
template <class C>
struct LeakyReluOp {
  C alpha;
  template <class D, class V>
  HWY_INLINE V operator()(D d, V a) const {
    return hn::IfThenElse(hn::Lt(a, hn::Zero(d)), hn::Mul(a, hn::Set(d, alpha)), a);
  }
};

struct ExpOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V a) const {
    V r = hn::Exp(d, a);
    // Highway's Exp flushes at the range ends; give IEEE results there.
    r = hn::IfThenElse(hn::Gt(a, hn::Set(d, 88.72283935546875f)), hn::Set(d, HUGE_VALF), r);
    r = hn::IfThenZeroElse(hn::Lt(a, hn::Set(d, -103.972084045410f)), r);
    return hn::IfThenElse(hn::IsNaN(a), a, r);
  }
};
struct LnOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V a) const {
    V r = hn::Log(d, a);
    r = hn::IfThenElse(hn::Eq(a, hn::Zero(d)), hn::Set(d, -HUGE_VALF), r);
    r = hn::IfThenElse(hn::Eq(a, hn::Set(d, HUGE_VALF)), a, r);
    const V nan = hn::Set(d, __builtin_nanf(""));
    return hn::IfThenElse(hn::Or(hn::Lt(a, hn::Zero(d)), hn::IsNaN(a)), nan, r);
  }
};
struct AbsOp {
  template <class D, class V>
  HWY_INLINE V operator()(D, V a) const { return hn::Abs(a); }
};
struct SqrtOp {
  template <class D, class V>
  HWY_INLINE V operator()(D, V a) const { return hn::Sqrt(a); }
};
struct RsqrtOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V a) const { return hn::Div(hn::Set(d, 1.0f), hn::Sqrt(a)); }
};
struct ReciprocalOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V a) const { return hn::Div(hn::Set(d, 1.0f), a); }
};
// x > 0 ? x : 0
struct ReluOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V a) const { return hn::IfThenElseZero(hn::Gt(a, hn::Zero(d)), a); }
};

// x > 0 ? x : 0 applied to a + b (resp. a - b), each rounded once.
struct AddReluOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V a, V b) const { return ReluOp()(d, hn::Add(a, b)); }
};
struct SubReluOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V a, V b) const { return ReluOp()(d, hn::Sub(a, b)); }
};

// Bitwise (int16_t / uint16_t lanes).
struct AndOp {
  template <class D, class V>
  HWY_INLINE V operator()(D, V a, V b) const { return hn::And(a, b); }
};
struct OrOp {
  template <class D, class V>
  HWY_INLINE V operator()(D, V a, V b) const { return hn::Or(a, b); }
};
struct NotOp {
  template <class D, class V>
  HWY_INLINE V operator()(D, V a) const { return hn::Not(a); }
};
// -x: flips the sign bit of floats (NaN, +-0, +-inf included); integers wrap.
struct NegOp {
  template <class D, class V>
  HWY_INLINE V operator()(D, V a) const { return hn::Neg(a); }
};

// Shifts by a count in [0, bits) (checked by the instruction).
struct ShiftLeftOp {
  int s;
  template <class D, class V>
  HWY_INLINE V operator()(D, V a) const { return hn::ShiftLeftSame(a, s); }
};
// Arithmetic for signed, logical for unsigned lanes. With `round`, adds the
// last bit shifted out (round half up): (x >> s) + ((x >> (s - 1)) & 1).
struct ShiftRightOp {
  int s;
  bool round;
  template <class D, class V>
  HWY_INLINE V operator()(D d, V a) const {
    const V r = hn::ShiftRightSame(a, s);
    if (!round || s == 0) return r;
    return hn::Add(r, hn::And(hn::ShiftRightSame(a, s - 1), hn::Set(d, 1)));
  }
};

// a * b + c: one f32 (or f32-computed half) operation; fused where
// AICORE_SIMD_FMA.
struct MulAddOp {
  template <class D, class V>
  HWY_INLINE V operator()(D, V a, V b, V c) const { return hn::MulAdd(a, b, c); }
};
// a * c + b: (src0, src1, dst) -> src0 * dst + src1 (FusedMulAdd).
struct MulDstAddOp {
  template <class D, class V>
  HWY_INLINE V operator()(D, V a, V b, V c) const { return hn::MulAdd(a, c, b); }
};
// a * s + c (Axpy).
template <class C>
struct AxpyOp {
  C s;
  template <class D, class V>
  HWY_INLINE V operator()(D d, V a, V c) const { return hn::MulAdd(a, hn::Set(d, s), c); }
};

// Copies `bytes` bytes with non-temporal (streaming) stores where the
// destination is vector-aligned, and orders them before anything this thread
// does next (another thread that synchronises with it sees the bytes). For
// large UB -> GM copies whose destination will not be read again soon: the
// stores skip the read-for-ownership of each cache line and do not evict the
// inputs (see StreamToGm in ops/data_copy.h).
inline void StreamCopy(void* dst, const void* src, size_t bytes) {
  const hn::ScalableTag<uint8_t> d;
  const size_t n = hn::Lanes(d);
  auto* to = static_cast<uint8_t*>(dst);
  const auto* from = static_cast<const uint8_t*>(src);
  size_t head = (n - reinterpret_cast<uintptr_t>(to) % n) % n;
  if (head > bytes) head = bytes;
  std::memcpy(to, from, head);
  size_t i = head;
  for (; i + 4 * n <= bytes; i += 4 * n) {
    hn::Stream(hn::LoadU(d, from + i), d, to + i);
    hn::Stream(hn::LoadU(d, from + i + n), d, to + i + n);
    hn::Stream(hn::LoadU(d, from + i + 2 * n), d, to + i + 2 * n);
    hn::Stream(hn::LoadU(d, from + i + 3 * n), d, to + i + 3 * n);
  }
  for (; i + n <= bytes; i += n) hn::Stream(hn::LoadU(d, from + i), d, to + i);
  std::memcpy(to + i, from + i, bytes - i);
#if HWY_ARCH_X86
  _mm_sfence();  // streaming stores are weakly ordered
#endif
}

AICORE_TARGET_END
}  // namespace simd

// The Highway target the vector instructions were compiled for ("AVX3_DL",
// "AVX2", "SSSE3", "NEON", ...): it comes from the compile flags (static
// dispatch), so print it when timings look off.
AICORE_TARGET_BEGIN
inline const char* SimdTargetName() { return hwy::TargetName(HWY_STATIC_TARGET); }
AICORE_TARGET_END

}  // namespace aicore
