// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Reductions: ReduceSum / ReduceMax / ReduceMin (count and repeat forms),
// WholeReduceSum / WholeReduceMax / WholeReduceMin, BlockReduceSum /
// BlockReduceMax / BlockReduceMin and PairReduceSum. half and float.
//
// Summation model (every sum below, bit-exact):
//   * The "logical lanes" of a call are lane l of repeat r at position
//     r * lanes + l (lanes = 128 for half, 64 for float); the count form
//     reads count contiguous elements, i.e. ceil(count / lanes) full repeats
//     with the last one partial. Masked-off lanes are ABSENT (they do not
//     take part; equivalently they hold -0, the exact identity of +).
//   * A group of 2^k consecutive logical lanes is summed as a binary tree
//     of ADJACENT pairs: level 1 adds lanes (0,1), (2,3), ...; level 2 adds
//     those results pairwise in order, and so on.
//       PairReduceSum: groups of 2            (one tree level)
//       BlockReduceSum: groups of one 32-byte block (8 float / 16 half lanes)
//       WholeReduceSum: groups of one repeat   (64 / 128 lanes)
//       ReduceSum: every repeat is summed as in WholeReduceSum, then the
//         per-repeat results are summed again in the same way (repeated
//         rounds of 64 / 128 until one value is left). Because the group
//         sizes are powers of two, this is exactly one adjacent-pair tree
//         over all logical lanes padded with absent lanes to a power of two.
//   * Every addition of the tree is an addition of T, rounded to T
//     (round to nearest, ties to even): float sums are f32 adds, half sums
//     round every partial sum to half (an overflowing partial sum gives inf,
//     as on the NPU's fp16 vector unit). A group with no active lane sums to
//     +0; otherwise the result is the IEEE sum of the tree (so all -0 inputs
//     give -0, an inf gives inf, inf + -inf or a NaN gives NaN).
//   The tree is computed with SIMD: a level is ConcatEven + ConcatOdd + Add
//   over two vectors, up to four levels per pass are fused in registers.
//
// Max / Min (ReduceMax/Min, WholeReduceMax/Min, BlockReduceMax/Min): the
// result is the first active lane (smallest logical index) whose value no
// other active lane beats with > (resp. <). +0 and -0 are equal (the first
// of them wins and is returned as it is); NaNs are ignored unless every
// active lane is NaN, in which case the first active lane (a NaN) is the
// result. A group with no active lane gives value +0 and index 0.
// Indices are stored as the bit pattern of T (read dst as uint16_t for half,
// uint32_t for float): ReduceMax/Min give the logical index r * lanes + l
// (for the count form: the element index); WholeReduceMax/Min give the lane
// l within the repeat.
//
// Output layouts (dstRepStride counts "one repeat's output"):
//   WholeReduceSum        dst[r * dstRepStride]
//   WholeReduceMax/Min    ORDER_VALUE_INDEX: dst[2 r s] = value, dst[2 r s + 1] = index
//                         ORDER_INDEX_VALUE: dst[2 r s] = index, dst[2 r s + 1] = value
//                         ORDER_ONLY_VALUE:  dst[r s] = value
//                         ORDER_ONLY_INDEX:  dst as uint32_t: [r s] = index
//                         (s = dstRepStride)
//   BlockReduce*          dst[8 r s + b], b = block 0..7
//   PairReduceSum         dst[(lanes / 2) r s + j], j = 0 .. lanes / 2 - 1
// The sharedTmpBuffer of ReduceSum/Max/Min must be an allocated tensor; it
// is not written (aicore keeps its partial results in the core context's
// scratch).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "aicore/base/half.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/ops/lane_io.h"
#include "aicore/ops/mask.h"
#include "aicore/ops/repeat_geometry.h"
#include "aicore/simd/simd.h"
#include "aicore/runtime/context.h"
#include "aicore/instrument/sanitizer/numeric.h"
#include "aicore/simd/target.h"

namespace aicore {
namespace simd {
AICORE_TARGET_BEGIN

// Extreme value (max if kMax, else min) of p[0..n), n >= 1, NaNs ignored, and
// the index of its first occurrence (the count form of ReduceMax/Min).
template <bool kMax, class T>
HWY_INLINE float ExtremeF32(const T* p, size_t n, uint32_t* index) {
  const hn::ScalableTag<float> d;
  const size_t N = hn::Lanes(d);
  const float init = kMax ? -std::numeric_limits<float>::infinity()
                          : std::numeric_limits<float>::infinity();
  auto acc = hn::Set(d, init);
  auto pick = [&](decltype(acc) a, decltype(acc) v) {
    return kMax ? hn::IfThenElse(hn::Gt(v, a), v, a) : hn::IfThenElse(hn::Lt(v, a), v, a);
  };
  size_t i = 0;
  for (; i + N <= n; i += N) acc = pick(acc, LoadC(d, p + i));
  HWY_ALIGN T tail[kMaxLanesBytes / sizeof(float)];
  if (i < n) {
    for (size_t k = 0; k < N; ++k) tail[k] = static_cast<T>(init);
    std::memcpy(tail, p + i, (n - i) * sizeof(T));
    acc = pick(acc, LoadC(d, tail));
  }
  HWY_ALIGN float lanes[kMaxLanesBytes / sizeof(float)];
  hn::Store(acc, d, lanes);
  float best = lanes[0];
  for (size_t k = 1; k < N; ++k) {
    if (kMax ? lanes[k] > best : lanes[k] < best) best = lanes[k];
  }
  // First occurrence. The value returned is that element's own (best may be
  // a zero of the other sign: +0 and -0 compare equal).
  const auto target = hn::Set(d, best);
  for (i = 0; i + N <= n; i += N) {
    const intptr_t k = hn::FindFirstTrue(d, hn::Eq(LoadC(d, p + i), target));
    if (k >= 0) {
      *index = static_cast<uint32_t>(i + static_cast<size_t>(k));
      return static_cast<float>(p[*index]);
    }
  }
  for (; i < n; ++i) {
    if (static_cast<float>(p[i]) == best) {
      *index = static_cast<uint32_t>(i);
      return static_cast<float>(p[i]);
    }
  }
  *index = 0;  // every element was NaN
  return static_cast<float>(p[0]);
}

namespace tree {

using DF = hn::ScalableTag<float>;
using VF = hn::Vec<DF>;
constexpr size_t kMaxF = kMaxLanesBytes / sizeof(float);
constexpr unsigned kMaxPassLevels = 4;  // tree levels fused per pass

template <class U>
HWY_INLINE U NegZero() {
  if constexpr (std::is_same_v<U, half>) {
    return half::FromBits(0x8000);
  } else {
    return -0.0f;
  }
}

// f32 lanes rounded to T (half: nearest-even; float: unchanged).
template <class T>
HWY_INLINE VF RoundTo(DF d, VF v) {
  if constexpr (std::is_same_v<T, half>) {
#if AICORE_SIMD_F16
    const hn::Rebind<hwy::float16_t, DF> dh;
    return hn::PromoteTo(d, hn::DemoteTo(dh, v));
#else
    HWY_ALIGN half t[kMaxF];
    StoreC(d, v, t);
    return LoadC(d, t);
#endif
  } else {
    (void)d;
    return v;
  }
}

template <class T>
HWY_INLINE float RoundScalar(float v) {
  if constexpr (std::is_same_v<T, half>) {
    return static_cast<float>(static_cast<half>(v));
  } else {
    return v;
  }
}

#if HWY_TARGET == HWY_SCALAR
// One lane per vector: the same tree, element by element.
template <class T, unsigned L, class U>
HWY_NOINLINE size_t PassL(const U* in, size_t n, float* out) {
  constexpr size_t kG = size_t{1} << L;
  float t[kG];
  size_t o = 0;
  for (size_t i = 0; i < n; i += kG, ++o) {
    for (size_t k = 0; k < kG; ++k) t[k] = i + k < n ? static_cast<float>(in[i + k]) : -0.0f;
    for (size_t w = kG; w > 1; w /= 2) {
      for (size_t k = 0; k < w / 2; ++k) t[k] = RoundScalar<T>(t[2 * k] + t[2 * k + 1]);
    }
    out[o] = t[0];
  }
  return o;
}
#else
// One tree level over 2N consecutive values: lanes (2i, 2i + 1) of lo:hi.
template <class T>
HWY_INLINE VF Pair(DF d, VF lo, VF hi) {
  return RoundTo<T>(d, hn::Add(hn::ConcatEven(d, hi, lo), hn::ConcatOdd(d, hi, lo)));
}

// L levels over the N << L values at p: N results (each the tree of 2^L
// consecutive values), in order.
template <class T, unsigned L, class U>
HWY_INLINE VF Chunk(DF d, const U* p) {
  if constexpr (L == 0) {
    return LoadC(d, p);
  } else {
    const VF lo = Chunk<T, L - 1>(d, p);
    const VF hi = Chunk<T, L - 1>(d, p + (hn::Lanes(d) << (L - 1)));
    return Pair<T>(d, lo, hi);
  }
}

// Tree-sums each group of 2^L consecutive values of in[0, n) (values past n
// are absent) into out[0, ceil(n / 2^L)). Writes whole vectors: out must
// have room for that count rounded up to a multiple of Lanes. out may be in
// (as float).
template <class T, unsigned L, class U>
HWY_NOINLINE size_t PassL(const U* in, size_t n, float* out) {
  const DF d;
  const size_t N = hn::Lanes(d);
  const size_t chunk = N << L;
  size_t i = 0;
  float* o = out;
  for (; i + chunk <= n; i += chunk, o += N) hn::StoreU(Chunk<T, L>(d, in + i), d, o);
  if (i < n) {
    HWY_ALIGN U tail[kMaxF << kMaxPassLevels];
    const U nz = NegZero<U>();
    for (size_t k = 0; k < chunk; ++k) tail[k] = nz;
    std::memcpy(static_cast<void*>(tail), in + i, (n - i) * sizeof(U));
    hn::StoreU(Chunk<T, L>(d, tail), d, o);
  }
  return (n + (size_t{1} << L) - 1) >> L;
}
#endif

template <class T, class U>
HWY_INLINE size_t Pass(const U* in, size_t n, unsigned levels, float* out) {
  switch (levels) {
    case 1:
      return PassL<T, 1>(in, n, out);
    case 2:
      return PassL<T, 2>(in, n, out);
    case 3:
      return PassL<T, 3>(in, n, out);
    default:
      return PassL<T, 4>(in, n, out);
  }
}

// Floats of scratch TreeLevels needs for n inputs and `levels` levels: the
// output of its first pass, rounded up to whole vectors.
inline size_t ScratchFor(size_t n, unsigned levels) {
  const unsigned first = levels < kMaxPassLevels ? levels : kMaxPassLevels;
  return (n >> first) + 2 * kMaxF + 2;
}

// out[j] = adjacent-pair tree (in T's arithmetic) of in[j 2^levels ..
// (j + 1) 2^levels), values past n absent. Returns ceil(n / 2^levels). out
// needs ScratchFor(n, levels) floats (it holds the intermediate levels); out may be
// `in` when U is float.
template <class T, class U>
HWY_INLINE size_t TreeLevels(const U* in, size_t n, unsigned levels, float* out) {
  if (levels == 0) {
    for (size_t i = 0; i < n; ++i) out[i] = static_cast<float>(in[i]);
    return n;
  }
  unsigned l = std::min(levels, kMaxPassLevels);
  n = Pass<T>(in, n, l, out);
  levels -= l;
  while (levels > 0) {
    l = std::min(levels, kMaxPassLevels);
    n = Pass<T>(static_cast<const float*>(out), n, l, out);
    levels -= l;
  }
  return n;
}

inline unsigned CeilLog2(size_t n) {
  unsigned k = 0;
  while ((size_t{1} << k) < n) ++k;
  return k;
}

// Scratch of the core running the call (CoreContext::scratch), grown on
// demand. Slots 0 and 1 hold floats; ScratchOf gives slots 2 and 3 for other
// element types (8-byte aligned). The repeat forms work in chunks of
// kReduceChunk repeats (a counter-mode call may run 2^32), so a slot needs
// at most about 1 MiB; what a call grows beyond kScratchKeepBytes (the tree
// sum of a very long count-form source) is released when it returns
// (ScratchTrim), so a core never keeps more. Only inside an API call (the
// caller entered the API: t_core is set).
constexpr size_t kScratchKeepBytes = size_t{1} << 20;
inline aicore::detail::VecScratch& CoreScratch() { return aicore::detail::t_core->scratch; }
inline float* Scratch(int slot, size_t n) {
  std::vector<float>& v = CoreScratch().f[slot];
  if (v.size() < n) v.resize(n);
  return v.data();
}
template <class X>
inline X* ScratchOf(int slot, size_t n) {
  std::vector<uint64_t>& v = CoreScratch().w[slot - 2];
  const size_t words = (n * sizeof(X) + 7) / 8;
  if (v.size() < words) v.resize(words);
  return reinterpret_cast<X*>(v.data());
}
// Bytes of scratch the calling core holds (for tests).
inline size_t ScratchRetainedBytes() {
  const aicore::detail::VecScratch& p = CoreScratch();
  return (p.f[0].capacity() + p.f[1].capacity()) * sizeof(float) +
         (p.w[0].capacity() + p.w[1].capacity()) * sizeof(uint64_t);
}
template <class V>
inline void TrimSlot(V& v) {
  if (v.capacity() * sizeof(typename V::value_type) > kScratchKeepBytes) V().swap(v);
}
// Releases the slots above kScratchKeepBytes when it goes out of scope.
struct ScratchTrim {
  ScratchTrim() = default;
  ScratchTrim(const ScratchTrim&) = delete;
  ScratchTrim& operator=(const ScratchTrim&) = delete;
  ~ScratchTrim() {
    aicore::detail::VecScratch& p = CoreScratch();
    for (auto& v : p.f) TrimSlot(v);
    for (auto& v : p.w) TrimSlot(v);
  }
};

// ---- max / min as a max over packed 64-bit keys ----------------------------
//
// key(v): an int32 that orders the values as max (kMax) or min wants them,
// with +0 == -0; NaN below every number, an inactive lane below NaN. The
// packed key (key << 32) | ~index is then maximal for the wanted lane with
// the smallest index, whatever the order of evaluation.
constexpr int32_t kKeyInactive = std::numeric_limits<int32_t>::min();
constexpr int32_t kKeyNaN = std::numeric_limits<int32_t>::min() + 1;
constexpr int64_t kPackedEmpty = std::numeric_limits<int64_t>::min();

template <bool kMax>
HWY_INLINE int64_t PackScalar(float v, bool active, uint32_t index) {
  int32_t key;
  if (!active) {
    key = kKeyInactive;
  } else if (v != v) {
    key = kKeyNaN;
  } else {
    int32_t bits;
    std::memcpy(&bits, &v, 4);
    if (v == 0.0f) bits = 0;
    key = bits < 0 ? (bits ^ 0x7FFFFFFF) : bits;
    if (!kMax) key = ~key;
  }
  return static_cast<int64_t>(static_cast<uint64_t>(static_cast<int64_t>(key)) << 32 |
                              uint64_t{~index});
}

struct Pick {
  bool empty;
  uint32_t index;
};
inline Pick Unpack(int64_t p) {
  return {static_cast<int32_t>(p >> 32) == kKeyInactive, ~static_cast<uint32_t>(p)};
}

#if HWY_TARGET != HWY_SCALAR
template <bool kMax, class D64>
HWY_INLINE void PackKeys(DF d, VF v, hn::Mask<DF> active, uint32_t index0, D64 d64,
                         hn::Vec<D64>& k0, hn::Vec<D64>& k1) {
  using DI = hn::RebindToSigned<DF>;
  using DU = hn::RebindToUnsigned<DF>;
  const DI di;
  const DU du;
  auto bits = hn::BitCast(di, v);
  bits = hn::IfThenZeroElse(hn::RebindMask(di, hn::Eq(v, hn::Zero(d))), bits);
  auto key = hn::IfThenElse(hn::Lt(bits, hn::Zero(di)), hn::Xor(bits, hn::Set(di, 0x7FFFFFFF)), bits);
  if (!kMax) key = hn::Not(key);
  key = hn::IfThenElse(hn::RebindMask(di, hn::IsNaN(v)), hn::Set(di, kKeyNaN), key);
  key = hn::IfThenElse(hn::RebindMask(di, active), key, hn::Set(di, kKeyInactive));
  const auto nidx = hn::Not(hn::Iota(du, index0));
  const hn::Half<DI> dih;
  const hn::Half<DU> duh;
  const hn::Repartition<uint64_t, DF> du64;
  k0 = hn::Or(hn::ShiftLeft<32>(hn::PromoteTo(d64, hn::LowerHalf(dih, key))),
              hn::BitCast(d64, hn::PromoteTo(du64, hn::LowerHalf(duh, nidx))));
  k1 = hn::Or(hn::ShiftLeft<32>(hn::PromoteTo(d64, hn::UpperHalf(dih, key))),
              hn::BitCast(d64, hn::PromoteTo(du64, hn::UpperHalf(duh, nidx))));
}
#endif

// Packed max keys of the groups of G lanes of one repeat: st holds the
// repeat's `lanes` lanes (T), bits its active lanes, index0 the logical
// index of lane 0. Writes lanes / G keys.
template <bool kMax, class T>
HWY_INLINE void RepeatKeys(const T* st, uint32_t lanes, const uint64_t* bits, uint32_t G,
                           uint32_t index0, int64_t* out) {
#if HWY_TARGET != HWY_SCALAR
  const DF d;
  const size_t N = hn::Lanes(d);
  const hn::Repartition<int64_t, DF> d64;
  if (N >= 2 && (G >= N || 2 * G == N)) {
    auto acc = hn::Set(d64, kPackedEmpty);
    for (size_t j = 0; j < lanes; j += N) {
      const VF v = LoadC(d, st + j);
      const auto active = MaskFromBits(d, BitsAt(bits, j, N));
      hn::Vec<decltype(d64)> k0, k1;
      PackKeys<kMax>(d, v, active, index0 + static_cast<uint32_t>(j), d64, k0, k1);
      if (2 * G == N) {
        out[j / G] = hn::GetLane(hn::MaxOfLanes(d64, k0));
        out[j / G + 1] = hn::GetLane(hn::MaxOfLanes(d64, k1));
        continue;
      }
      acc = hn::Max(acc, hn::Max(k0, k1));
      if ((j + N) % G == 0) {
        out[j / G] = hn::GetLane(hn::MaxOfLanes(d64, acc));
        acc = hn::Set(d64, kPackedEmpty);
      }
    }
    return;
  }
#endif
  for (uint32_t g = 0; g < lanes / G; ++g) {
    int64_t best = kPackedEmpty;
    for (uint32_t l = g * G; l < (g + 1) * G; ++l) {
      const bool active = (bits[l >> 6] >> (l & 63)) & 1;
      best = std::max(best, PackScalar<kMax>(static_cast<float>(st[l]), active, index0 + l));
    }
    out[g] = best;
  }
}

}  // namespace tree

// Sum of p[0, n) in the documented tree order (n >= 1).
template <class T>
HWY_INLINE T TreeSum(const T* p, size_t n) {
  if (n == 1) return p[0];
  const unsigned levels = tree::CeilLog2(n);
  float* s = tree::Scratch(0, tree::ScratchFor(n, levels));
  tree::TreeLevels<T>(p, n, levels, s);
  return static_cast<T>(s[0]);
}

AICORE_TARGET_END
}  // namespace simd

namespace detail {
AICORE_TARGET_BEGIN

template <class T>
AICORE_INLINE CoreContext& CheckReduce(const char* api, const AscendC::LocalTensor<T>& dst,
                                       const AscendC::LocalTensor<T>& src,
                                       const AscendC::LocalTensor<T>& tmp, int32_t count,
                                       uint32_t dst_elems, SrcLoc loc) {
  CoreContext& core = Enter(api, loc);
  if (AICORE_UNLIKELY(count < 1)) {
    Fail(ErrorKind::kParameter, api, loc, "count " + std::to_string(count) + " must be at least 1");
  }
  CheckLocal(api, "dst", dst, dst_elems * sizeof(T), loc);
  CheckLocal(api, "src", src, static_cast<uint64_t>(count) * sizeof(T), loc);
  tmp.SyncAddress(api, "sharedTmpBuffer", loc);
  if (AICORE_UNLIKELY(tmp.buf_ == nullptr)) FailNullTensor(api, "sharedTmpBuffer", loc);
  return core;
}

// ---- numcheck of the sums (instrument/sanitizer/numeric.h) ---------------------------
// A NaN/Inf sum is a finding when every input lane it summed is finite (a
// partial sum overflowed). The inputs are only looked at for such a sum.

// Count form: r = the sum of src[0, n).
template <class T>
AICORE_NOINLINE void NumCheckSum(CoreContext& core, const char* api, SrcLoc loc, T r,
                                 const T* src, size_t n) {
  if (!NumNonFinite<T>(&r) || NumNextNonFinite(src, 0, n) != n) return;
  double sum = 0;
  for (size_t i = 0; i < n; ++i) sum += NumValue<T>(src + i);
  NumReportSum(core, api, loc, NumTypeOf<T>(), NumValue<T>(&r), "dst element 0",
               "src[0, " + std::to_string(n) + ")", sum, n, 1);
}

// Whether the active lanes [l0, l1) of repeats [r0, r1) of a repeat-form
// source (geometry g) are all finite; adds them to *sum and counts them.
template <class T>
inline bool NumLanesFinite(const RepOperand& g, const RepeatMask& m, uint32_t r0, uint32_t r1,
                           uint32_t l0, uint32_t l1, double* sum, uint64_t* n) {
  for (uint32_t r = r0; r < r1; ++r) {
    const uint64_t* bits = m.For(r);
    for (uint32_t lane = l0; lane < l1; ++lane) {
      if (!m.Active(bits, lane)) continue;
      const uint8_t* p = g.Lane(r, lane);
      if (NumNonFinite<T>(p)) return false;
      *sum += NumValue<T>(p);
      ++*n;
    }
  }
  return true;
}

// Repeat forms: sums[o] (o < n_out; T values) is the sum of the active
// lanes [g * G, (g + 1) * G) of repeat r = o / (lanes / G), g = o % (lanes
// / G); it goes to dst element r * dst_rep_stride * (lanes / G) + g.
template <class T>
AICORE_NOINLINE void NumCheckGroupSums(CoreContext& core, const char* api, SrcLoc loc,
                                       const T* sums, size_t n_out, uint32_t G,
                                       uint32_t dst_rep_stride, const RepOperand& g,
                                       const RepeatMask& m, uint64_t r_base = 0) {
  constexpr uint32_t kLanes = 256 / sizeof(T);
  const uint32_t unit = kLanes / G;
  uint64_t count = 0, first_n = 0;
  size_t first = 0;
  double first_sum = 0;
  for (size_t o = NumNextNonFinite(sums, 0, n_out); o < n_out;
       o = NumNextNonFinite(sums, o + 1, n_out)) {
    const uint32_t r = static_cast<uint32_t>(o / unit);
    const uint32_t l0 = static_cast<uint32_t>(o % unit) * G;
    double sum = 0;
    uint64_t n = 0;
    if (!NumLanesFinite<T>(g, m, r, r + 1, l0, l0 + G, &sum, &n)) continue;
    if (count++ == 0) {
      first = o;
      first_sum = sum;
      first_n = n;
    }
  }
  if (count == 0) return;
  const uint64_t r = r_base + first / unit;  // g and m start at repeat r_base
  const uint32_t l0 = static_cast<uint32_t>(first % unit) * G;
  const uint64_t element = r * dst_rep_stride * unit + first % unit;
  NumReportSum(core, api, loc, NumTypeOf<T>(), NumValue<T>(sums + first),
               "dst element " + std::to_string(element) + " (repeat " + std::to_string(r) + ")",
               "the active lanes in [" + std::to_string(l0) + ", " + std::to_string(l0 + G) +
                   ") of repeat " + std::to_string(r) + " of src",
               first_sum, first_n, count);
}

template <class T>
AICORE_INLINE void StoreIndex(T* dst, uint32_t index) {
  if constexpr (sizeof(T) == 2) {
    const uint16_t bits = static_cast<uint16_t>(index);
    std::memcpy(static_cast<void*>(dst), &bits, 2);
  } else {
    std::memcpy(static_cast<void*>(dst), &index, 4);
  }
}

[[noreturn]] AICORE_COLD inline void FailReduceParam(const char* api, const char* name, int64_t v,
                                                     const char* range, SrcLoc loc) {
  Fail(ErrorKind::kParameter, api, loc,
       std::string(name) + " " + std::to_string(v) + " is outside " + range);
}

// Range checks of the int32_t parameters of the repeat forms.
AICORE_INLINE void CheckStride(const char* api, const char* name, int32_t v, SrcLoc loc) {
  if (AICORE_UNLIKELY(v < 0 || v > 65535)) FailReduceParam(api, name, v, "[0, 65535]", loc);
}
AICORE_INLINE void CheckRepeatTimes(const char* api, int32_t v, SrcLoc loc) {
  if (AICORE_UNLIKELY(v < 0 || v > 255)) FailReduceParam(api, "repeatTimes", v, "[0, 255]", loc);
}
AICORE_INLINE void CheckContMask(const char* api, const CoreContext& core, bool set_mask, int32_t mask,
                                 uint32_t lanes, SrcLoc loc) {
  if (set_mask && !core.mask_counter_mode && AICORE_UNLIKELY(mask < 1 || uint32_t(mask) > lanes)) {
    Fail(ErrorKind::kParameter, api, loc,
         "continuous mask " + std::to_string(mask) + " is outside [1, " + std::to_string(lanes) +
             "] lanes per repeat");
  }
  if (set_mask && core.mask_counter_mode && AICORE_UNLIKELY(mask < 0)) {
    Fail(ErrorKind::kParameter, api, loc,
         "counter-mode element count " + std::to_string(mask) + " is negative");
  }
}

// Resolves the mask of a reduction call (continuous masks are checked here
// for negative values first, for a clearer message).
template <class T>
AICORE_INLINE RepeatMask ReduceMask(const char* api, const CoreContext& core, bool set_mask,
                                    const MaskArg& mask, int32_t repeat_times, SrcLoc loc) {
  constexpr uint32_t kLanes = 256 / sizeof(T);
  if (!mask.is_bits) CheckContMask(api, core, set_mask, static_cast<int32_t>(mask.value), kLanes, loc);
  if (!core.mask_counter_mode) CheckRepeatTimes(api, repeat_times, loc);
  return ResolveMask(api, core, kLanes, set_mask, mask,
                     static_cast<uint32_t>(std::max(repeat_times, 0)), loc);
}

// The repeat forms run in chunks of kReduceChunk repeats (only a counter-mode
// call has more), with bounded scratch, and count as progress for the
// watchdog between chunks. Results are those of one pass.
constexpr uint32_t kReduceChunk = 2048;  // a power of 2 (ReduceSumRepeat's tree)

// Repeats [r0, r0 + n) of m, as a mask of their own.
inline RepeatMask SubRepeats(const RepeatMask& m, uint64_t r0, uint32_t n) {
  RepeatMask c = m;
  c.repeats = n;
  if (r0 + n < m.repeats) {
    c.last_bits[0] = m.bits[0];
    c.last_bits[1] = m.bits[1];
    c.count = uint64_t{n} * m.lanes;
    c.full = m.full || m.counter;  // counter mode: every lane of a non-last repeat
  } else {
    c.count = m.count - r0 * m.lanes;
  }
  return c;
}
inline void ChunkProgress(uint64_t r_next, uint32_t repeats) {
  if (r_next < repeats) {
    if (CoreContext* c = t_core) c->Progress();
  }
}

// Whether the mask's active lanes cover every repeat fully and the operand
// is dense (8 adjacent blocks, repeats 256 bytes apart).
inline bool DenseFull(const RepeatMask& m, const RepOperand& g) { return m.full && g.dense; }

// Sums every group of 2^levels logical lanes of the repeats of `src`
// (geometry g) into out[r * (lanes >> levels) + group]: values rounded to T,
// as floats. out needs room for repeats * (lanes >> levels) values.
template <class T>
inline void SumGroups(const RepOperand& g, const RepeatMask& m, bool dense_full, unsigned levels,
                      float* out) {
  namespace hn = simd::hn;
  constexpr uint32_t kLanes = 256 / sizeof(T);
  constexpr uint32_t kE = 32 / sizeof(T);
  const uint32_t per_rep = kLanes >> levels;
  if (dense_full) {
    const size_t n = size_t{m.repeats} * kLanes;
    float* s = simd::tree::Scratch(1, simd::tree::ScratchFor(n, levels));
    simd::tree::TreeLevels<T>(reinterpret_cast<const T*>(g.base), n, levels, s);
    std::memcpy(out, s, size_t{m.repeats} * per_rep * sizeof(float));
    return;
  }
  constexpr uint32_t kBatch = 16;
  const simd::tree::DF d;
  const size_t N = hn::Lanes(d);
  const auto nz = hn::Set(d, -0.0f);
  HWY_ALIGN float stage[kBatch * kLanes + 4 * simd::tree::kMaxF];
  HWY_ALIGN T raw[kLanes];
  for (uint32_t r0 = 0; r0 < m.repeats; r0 += kBatch) {
    const uint32_t nb = std::min(kBatch, m.repeats - r0);
    for (uint32_t r = r0; r < r0 + nb; ++r) {
      const uint64_t* bits = m.For(r);
      StageRepeat(g, r, ActiveBlocks(bits, kE), raw);
      float* o = stage + size_t{r - r0} * kLanes;
      for (size_t j = 0; j < kLanes; j += N) {
        const auto active = simd::MaskFromBits(d, simd::BitsAt(bits, j, N));
        hn::Store(hn::IfThenElse(active, simd::LoadC(d, raw + j), nz), d, o + j);
      }
    }
    // In place: the tree's passes only write below what they have read.
    simd::tree::TreeLevels<T>(static_cast<const float*>(stage), size_t{nb} * kLanes, levels, stage);
    std::memcpy(out + size_t{r0} * per_rep, stage, size_t{nb} * per_rep * sizeof(float));
  }
}

// Packed extreme keys (simd::tree) of every group of G lanes of every
// repeat, and the value of each group's winner: keys[r * (lanes / G) + k],
// vals likewise. Logical indices are r * lanes + lane.
template <bool kMax, class T>
inline void ExtremeGroups(const RepOperand& g, const RepeatMask& m, bool dense_full, uint32_t G,
                          int64_t* keys, T* vals) {
  constexpr uint32_t kLanes = 256 / sizeof(T);
  constexpr uint32_t kE = 32 / sizeof(T);
  const uint32_t per_rep = kLanes / G;
  HWY_ALIGN T raw[kLanes];
  for (uint32_t r = 0; r < m.repeats; ++r) {
    const uint64_t* bits = m.For(r);
    const T* st = raw;
    if (dense_full) {
      st = reinterpret_cast<const T*>(g.Block(r, 0));
    } else {
      StageRepeat(g, r, ActiveBlocks(bits, kE), raw);
    }
    int64_t* k = keys + size_t{r} * per_rep;
    simd::tree::RepeatKeys<kMax>(st, kLanes, bits, G, r * kLanes, k);
    for (uint32_t i = 0; i < per_rep; ++i) {
      const simd::tree::Pick p = simd::tree::Unpack(k[i]);
      vals[size_t{r} * per_rep + i] = p.empty ? T(0) : st[p.index - r * kLanes];
    }
  }
}

// Converts n floats (exact in T) to T.
template <class T>
inline void FloatsTo(const float* in, size_t n, T* out) {
  if constexpr (std::is_same_v<T, float>) {
    if (out != in) std::memcpy(out, in, n * sizeof(float));
  } else {
    namespace hn = simd::hn;
    const simd::tree::DF d;
    const size_t N = hn::Lanes(d);
    size_t i = 0;
    for (; i + N <= n; i += N) simd::StoreC(d, hn::LoadU(d, in + i), out + i);
    for (; i < n; ++i) out[i] = static_cast<T>(in[i]);
  }
}

// Bit g set when group g (of G lanes) of a repeat with active `bits` has
// no active lane (G >= 2: at most 64 groups).
inline uint64_t EmptyGroups(const uint64_t* bits, uint32_t lanes, uint32_t G) {
  uint64_t e = 0;
  for (uint32_t g = 0; g < lanes / G; ++g) {
    bool any = false;
    for (uint32_t o = g * G; o < (g + 1) * G && !any; o += 64) {
      const uint32_t n = std::min<uint32_t>(64, (g + 1) * G - o);
      any = simd::BitsAt(bits, o, n) != 0;
    }
    if (!any) e |= uint64_t{1} << g;
  }
  return e;
}

enum class SumShape { kWhole, kBlock, kPair };

// WholeReduceSum / BlockReduceSum / PairReduceSum.
template <class T>
inline void GroupSum(const char* api, SumShape shape, const AscendC::LocalTensor<T>& dst,
                     const AscendC::LocalTensor<T>& src, bool set_mask, const MaskArg& mask,
                     int32_t repeat_times, int32_t dst_rep_stride, int32_t src_blk_stride,
                     int32_t src_rep_stride, SrcLoc loc) {
  static_assert(kIsOneOf<T, half, float>, "reductions: half or float");
  constexpr uint32_t kLanes = 256 / sizeof(T);
  constexpr uint32_t kE = 32 / sizeof(T);
  auto& core = Enter(api, loc);
  CheckStride(api, "dstRepStride", dst_rep_stride, loc);
  CheckStride(api, "srcBlkStride", src_blk_stride, loc);
  CheckStride(api, "srcRepStride", src_rep_stride, loc);
  const RepeatMask m = ReduceMask<T>(api, core, set_mask, mask, repeat_times, loc);
  if (m.repeats == 0) return;
  const uint32_t blk = static_cast<uint32_t>(src_blk_stride);
  const uint32_t rep = static_cast<uint32_t>(src_rep_stride);
  const RepOperand geom = RecordRepeatOperand(api, "src", src, m, blk, rep, loc);
  const uint32_t G = shape == SumShape::kWhole ? kLanes : (shape == SumShape::kBlock ? kE : 2);
  const uint32_t unit = kLanes / G;  // outputs per repeat
  const uint64_t span = (uint64_t{m.repeats} - 1) * static_cast<uint64_t>(dst_rep_stride) * unit + unit;
  CheckLocal(api, "dst", dst, span * sizeof(T), loc);

  const uint64_t empty_bits = EmptyGroups(m.bits, kLanes, G);
  const uint64_t empty_last = EmptyGroups(m.last_bits, kLanes, G);
  simd::tree::ScratchTrim trim;
  for (uint64_t r0 = 0; r0 < m.repeats; r0 += kReduceChunk) {
    const RepeatMask mc = SubRepeats(m, r0, static_cast<uint32_t>(std::min<uint64_t>(kReduceChunk, m.repeats - r0)));
    const RepOperand gc = geom.From(r0);
    const size_t nout = size_t{mc.repeats} * unit;
    float* sums = simd::tree::Scratch(0, nout + simd::tree::kMaxF);
    SumGroups<T>(gc, mc, DenseFull(mc, gc), simd::tree::CeilLog2(G), sums);
    // Convert (in place: T is no wider than float), patch empty groups, place.
    T* conv = reinterpret_cast<T*>(sums);
    FloatsTo(sums, nout, conv);
    if (AICORE_UNLIKELY(NumOn(core))) {
      NumCheckGroupSums(core, api, loc, static_cast<const T*>(conv), nout, G,
                        static_cast<uint32_t>(dst_rep_stride), gc, mc, r0);
    }
    for (uint32_t r = 0; r < mc.repeats; ++r) {
      const uint64_t e = r0 + r + 1 == m.repeats ? empty_last : empty_bits;
      T* row = conv + size_t{r} * unit;
      for (uint64_t x = e; x != 0; x &= x - 1) row[__builtin_ctzll(x)] = T(0);
      std::memcpy(static_cast<void*>(dst.addr_ + (r0 + r) * static_cast<uint32_t>(dst_rep_stride) * unit),
                  row, unit * sizeof(T));
    }
    ChunkProgress(r0 + kReduceChunk, m.repeats);
  }
}

// BlockReduceMax / BlockReduceMin.
template <bool kMax, class T>
inline void BlockExtreme(const char* api, const AscendC::LocalTensor<T>& dst,
                         const AscendC::LocalTensor<T>& src, bool set_mask, const MaskArg& mask,
                         int32_t repeat_times, int32_t dst_rep_stride, int32_t src_blk_stride,
                         int32_t src_rep_stride, SrcLoc loc) {
  static_assert(kIsOneOf<T, half, float>, "reductions: half or float");
  constexpr uint32_t kE = 32 / sizeof(T);
  auto& core = Enter(api, loc);
  CheckStride(api, "dstRepStride", dst_rep_stride, loc);
  CheckStride(api, "srcBlkStride", src_blk_stride, loc);
  CheckStride(api, "srcRepStride", src_rep_stride, loc);
  const RepeatMask m = ReduceMask<T>(api, core, set_mask, mask, repeat_times, loc);
  if (m.repeats == 0) return;
  const uint32_t blk = static_cast<uint32_t>(src_blk_stride);
  const uint32_t rep = static_cast<uint32_t>(src_rep_stride);
  const RepOperand geom = RecordRepeatOperand(api, "src", src, m, blk, rep, loc);
  const uint64_t span = (uint64_t{m.repeats} - 1) * static_cast<uint64_t>(dst_rep_stride) * 8 + 8;
  CheckLocal(api, "dst", dst, span * sizeof(T), loc);
  // (Counter mode may run more than 255 repeats: in chunks.)
  simd::tree::ScratchTrim trim;
  for (uint64_t r0 = 0; r0 < m.repeats; r0 += kReduceChunk) {
    const RepeatMask mc = SubRepeats(m, r0, static_cast<uint32_t>(std::min<uint64_t>(kReduceChunk, m.repeats - r0)));
    int64_t* keys = simd::tree::ScratchOf<int64_t>(2, size_t{mc.repeats} * 8);
    T* vals = simd::tree::ScratchOf<T>(3, size_t{mc.repeats} * 8);
    ExtremeGroups<kMax>(geom.From(r0), mc, DenseFull(mc, geom), kE, keys, vals);
    for (uint32_t r = 0; r < mc.repeats; ++r) {
      std::memcpy(static_cast<void*>(dst.addr_ + (r0 + r) * static_cast<uint32_t>(dst_rep_stride) * 8),
                  vals + size_t{r} * 8, 8 * sizeof(T));
    }
    ChunkProgress(r0 + kReduceChunk, m.repeats);
  }
}

// WholeReduceMax / WholeReduceMin.
template <bool kMax, class T>
inline void WholeExtreme(const char* api, const AscendC::LocalTensor<T>& dst,
                         const AscendC::LocalTensor<T>& src, bool set_mask, const MaskArg& mask,
                         int32_t repeat_times, int32_t dst_rep_stride, int32_t src_blk_stride,
                         int32_t src_rep_stride, AscendC::ReduceOrder order, SrcLoc loc) {
  static_assert(kIsOneOf<T, half, float>, "reductions: half or float");
  using AscendC::ReduceOrder;
  constexpr uint32_t kLanes = 256 / sizeof(T);
  auto& core = Enter(api, loc);
  CheckStride(api, "dstRepStride", dst_rep_stride, loc);
  CheckStride(api, "srcBlkStride", src_blk_stride, loc);
  CheckStride(api, "srcRepStride", src_rep_stride, loc);
  if (AICORE_UNLIKELY(static_cast<uint32_t>(order) > 3)) {
    FailReduceParam(api, "order", static_cast<int64_t>(order), "the ReduceOrder values [0, 3]", loc);
  }
  const RepeatMask m = ReduceMask<T>(api, core, set_mask, mask, repeat_times, loc);
  if (m.repeats == 0) return;
  const uint32_t blk = static_cast<uint32_t>(src_blk_stride);
  const uint32_t rep = static_cast<uint32_t>(src_rep_stride);
  const RepOperand geom = RecordRepeatOperand(api, "src", src, m, blk, rep, loc);
  // Bytes per repeat's output, and bytes written for one repeat.
  const bool pair = order == ReduceOrder::ORDER_VALUE_INDEX || order == ReduceOrder::ORDER_INDEX_VALUE;
  const uint64_t unit = order == ReduceOrder::ORDER_ONLY_INDEX ? 4 : (pair ? 2 : 1) * sizeof(T);
  const uint64_t span = (uint64_t{m.repeats} - 1) * static_cast<uint64_t>(dst_rep_stride) * unit + unit;
  CheckLocal(api, "dst", dst, span, loc);
  simd::tree::ScratchTrim trim;
  for (uint64_t r0 = 0; r0 < m.repeats; r0 += kReduceChunk) {
    const RepeatMask mc = SubRepeats(m, r0, static_cast<uint32_t>(std::min<uint64_t>(kReduceChunk, m.repeats - r0)));
    int64_t* keys = simd::tree::ScratchOf<int64_t>(2, mc.repeats);
    T* vals = simd::tree::ScratchOf<T>(3, mc.repeats);
    ExtremeGroups<kMax>(geom.From(r0), mc, DenseFull(mc, geom), kLanes, keys, vals);
    uint8_t* out = reinterpret_cast<uint8_t*>(dst.addr_) + r0 * static_cast<uint32_t>(dst_rep_stride) * unit;
    for (uint32_t r = 0; r < mc.repeats; ++r) {
      const simd::tree::Pick p = simd::tree::Unpack(keys[r]);
      const uint32_t lane = p.empty ? 0 : p.index - r * kLanes;
      uint8_t* o = out + size_t{r} * static_cast<uint32_t>(dst_rep_stride) * unit;
      switch (order) {
        case ReduceOrder::ORDER_VALUE_INDEX:
          std::memcpy(o, &vals[r], sizeof(T));
          StoreIndex(reinterpret_cast<T*>(o + sizeof(T)), lane);
          break;
        case ReduceOrder::ORDER_INDEX_VALUE:
          StoreIndex(reinterpret_cast<T*>(o), lane);
          std::memcpy(o + sizeof(T), &vals[r], sizeof(T));
          break;
        case ReduceOrder::ORDER_ONLY_VALUE:
          std::memcpy(o, &vals[r], sizeof(T));
          break;
        default:
          std::memcpy(o, &lane, 4);
          break;
      }
    }
    ChunkProgress(r0 + kReduceChunk, m.repeats);
  }
}

// Repeat forms of ReduceSum / ReduceMax / ReduceMin: dst[0] (and dst[1]).
template <class T>
AICORE_INLINE CoreContext& CheckReduceRepeat(const char* api, const AscendC::LocalTensor<T>& dst,
                                             const AscendC::LocalTensor<T>& tmp,
                                             uint32_t dst_elems, int32_t src_rep_stride,
                                             SrcLoc loc) {
  auto& core = Enter(api, loc);
  CheckStride(api, "srcRepStride", src_rep_stride, loc);
  CheckLocal(api, "dst", dst, dst_elems * sizeof(T), loc);
  tmp.SyncAddress(api, "sharedTmpBuffer", loc);
  if (AICORE_UNLIKELY(tmp.buf_ == nullptr)) FailNullTensor(api, "sharedTmpBuffer", loc);
  return core;
}

template <class T>
inline void ReduceSumRepeat(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                            const AscendC::LocalTensor<T>& tmp, bool set_mask, const MaskArg& mask,
                            int32_t repeat_times, int32_t src_rep_stride, SrcLoc loc) {
  static_assert(kIsOneOf<T, half, float>, "ReduceSum: half or float");
  constexpr const char* api = "ReduceSum";
  constexpr uint32_t kLanes = 256 / sizeof(T);
  CoreContext& core = CheckReduceRepeat(api, dst, tmp, 1, src_rep_stride, loc);
  const RepeatMask m = ReduceMask<T>(api, core, set_mask, mask, repeat_times, loc);
  if (m.repeats == 0) return;
  const uint32_t rep = static_cast<uint32_t>(src_rep_stride);
  const RepOperand geom = RecordRepeatOperand(api, "src", src, m, 1, rep, loc);
  if (RepeatMask::LaneEnd(m.bits) == 0 && RepeatMask::LaneEnd(m.last_bits) == 0) {
    dst.addr_[0] = T(0);  // no active lane
    return;
  }
  // One sum per repeat, then the tree over the repeats' sums. Counter mode
  // may run more than 255 repeats: each chunk of kReduceChunk (a power of 2)
  // is summed to its subtree of that tree, and the tree is finished over the
  // chunks' sums (the same adjacent-pair tree, the same result).
  simd::tree::ScratchTrim trim;
  const uint32_t chunk_levels = simd::tree::CeilLog2(kReduceChunk);
  const size_t nchunks = (size_t{m.repeats} + kReduceChunk - 1) / kReduceChunk;
  float* roots = nchunks > 1 ? simd::tree::ScratchOf<float>(2, simd::tree::ScratchFor(nchunks, 0)) : nullptr;
  float* sums = nullptr;
  for (uint64_t r0 = 0; r0 < m.repeats; r0 += kReduceChunk) {
    const RepeatMask mc = SubRepeats(m, r0, static_cast<uint32_t>(std::min<uint64_t>(kReduceChunk, m.repeats - r0)));
    sums = simd::tree::Scratch(0, simd::tree::ScratchFor(mc.repeats, 0));
    SumGroups<T>(geom.From(r0), mc, DenseFull(mc, geom), simd::tree::CeilLog2(kLanes), sums);
    simd::tree::TreeLevels<T>(static_cast<const float*>(sums), mc.repeats,
                              nchunks > 1 ? chunk_levels : simd::tree::CeilLog2(mc.repeats), sums);
    if (roots != nullptr) roots[r0 / kReduceChunk] = sums[0];
    ChunkProgress(r0 + kReduceChunk, m.repeats);
  }
  if (roots != nullptr) {
    simd::tree::TreeLevels<T>(static_cast<const float*>(roots), nchunks, simd::tree::CeilLog2(nchunks), roots);
    sums = roots;
  }
  const T r = static_cast<T>(sums[0]);
  if (AICORE_UNLIKELY(NumOn(core)) && NumNonFinite<T>(&r)) {
    double sum = 0;
    uint64_t n = 0;
    if (NumLanesFinite<T>(geom, m, 0, m.repeats, 0, kLanes, &sum, &n)) {
      NumReportSum(core, api, loc, NumTypeOf<T>(), NumValue<T>(&r), "dst element 0",
                   "the active lanes of " + std::to_string(m.repeats) +
                       (m.repeats == 1 ? " repeat of src" : " repeats of src"),
                   sum, n, 1);
    }
  }
  dst.addr_[0] = r;
}

template <bool kMax, class T>
inline void ReduceExtremeRepeat(const char* api, const AscendC::LocalTensor<T>& dst,
                                const AscendC::LocalTensor<T>& src, const AscendC::LocalTensor<T>& tmp,
                                bool set_mask, const MaskArg& mask, int32_t repeat_times,
                                int32_t src_rep_stride, bool cal_index, SrcLoc loc) {
  static_assert(kIsOneOf<T, half, float>, "ReduceMax/ReduceMin: half or float");
  constexpr uint32_t kLanes = 256 / sizeof(T);
  const CoreContext& core = CheckReduceRepeat(api, dst, tmp, cal_index ? 2 : 1, src_rep_stride, loc);
  const RepeatMask m = ReduceMask<T>(api, core, set_mask, mask, repeat_times, loc);
  if (m.repeats == 0) return;
  const uint32_t rep = static_cast<uint32_t>(src_rep_stride);
  const RepOperand geom = RecordRepeatOperand(api, "src", src, m, 1, rep, loc);
  // In chunks (counter mode may run more than 255 repeats): a later chunk's
  // winner replaces the earlier one only with a strictly better key (the
  // packed keys of one chunk order ties by index already).
  simd::tree::ScratchTrim trim;
  T best_val = T(0);
  uint32_t best_index = 0;
  bool best_empty = true;
  int32_t best_key = 0;
  for (uint64_t r0 = 0; r0 < m.repeats; r0 += kReduceChunk) {
    const RepeatMask mc = SubRepeats(m, r0, static_cast<uint32_t>(std::min<uint64_t>(kReduceChunk, m.repeats - r0)));
    int64_t* keys = simd::tree::ScratchOf<int64_t>(2, mc.repeats);
    T* vals = simd::tree::ScratchOf<T>(3, mc.repeats);
    ExtremeGroups<kMax>(geom.From(r0), mc, DenseFull(mc, geom), kLanes, keys, vals);
    uint32_t best = 0;
    for (uint32_t r = 1; r < mc.repeats; ++r) {
      if (keys[r] > keys[best]) best = r;
    }
    const int32_t key = static_cast<int32_t>(keys[best] >> 32);
    if (r0 == 0 || key > best_key) {
      const simd::tree::Pick p = simd::tree::Unpack(keys[best]);
      best_key = key;
      best_val = vals[best];
      best_empty = p.empty;
      best_index = static_cast<uint32_t>(r0 * kLanes) + p.index;
    }
    ChunkProgress(r0 + kReduceChunk, m.repeats);
  }
  dst.addr_[0] = best_val;
  if (cal_index) StoreIndex(dst.addr_ + 1, best_empty ? 0u : best_index);
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

// ---- ReduceSum / ReduceMax / ReduceMin -------------------------------------

// Count form: the tree sum of src[0, count) to dst[0].
template <typename T>
AICORE_INLINE void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                             const LocalTensor<T>& sharedTmpBuffer, const int32_t count,
                             aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kIsOneOf<T, half, float>, "ReduceSum: half or float");
  auto& core = aicore::detail::CheckReduce("ReduceSum", dst, src, sharedTmpBuffer, count, 1, loc);
  const T r = aicore::simd::TreeSum(src.addr_, static_cast<size_t>(count));
  if (AICORE_UNLIKELY(aicore::detail::NumOn(core))) {
    aicore::detail::NumCheckSum(core, "ReduceSum", loc, r, src.addr_, static_cast<size_t>(count));
  }
  dst.addr_[0] = r;
  core.acc_val = 0;
  std::memcpy(&core.acc_val, &r, sizeof(T));
}

// The sum the last count form of ReduceSum on this core left in its register
// (the repeat forms leave it unchanged).
template <typename T>
AICORE_INLINE T GetReduceRepeatSumSpr(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kIsOneOf<T, half, float>, "GetReduceRepeatSumSpr: half or float");
  T r;
  std::memcpy(&r, &aicore::detail::Enter("GetReduceRepeatSumSpr", loc).acc_val, sizeof(T));
  return r;
}
AICORE_INLINE int64_t GetReduceRepeatSumSpr(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  return aicore::detail::Enter("GetReduceRepeatSumSpr", loc).acc_val;
}
// The names before GetReduceRepeatSumSpr, kept by the vendor.
template <typename T>
AICORE_INLINE T GetAccVal() { return GetReduceRepeatSumSpr<T>(); }
AICORE_INLINE int64_t GetAccVal() { return GetReduceRepeatSumSpr(); }

// Repeat forms: repeat r reads 256 bytes at src + r * srcRepStride * 32.
template <typename T, bool isSetMask = true>
AICORE_INLINE void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                             const LocalTensor<T>& sharedTmpBuffer, const int32_t mask,
                             const int32_t repeatTimes, const int32_t srcRepStride,
                             aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::ReduceSumRepeat(dst, src, sharedTmpBuffer, isSetMask, aicore::detail::MaskArg::Cont(mask),
                                  repeatTimes, srcRepStride, loc);
}
template <typename T, bool isSetMask = true>
AICORE_INLINE void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                             const LocalTensor<T>& sharedTmpBuffer, const uint64_t mask[],
                             const int32_t repeatTimes, const int32_t srcRepStride,
                             aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::ReduceSumRepeat(dst, src, sharedTmpBuffer, isSetMask, aicore::detail::MaskArg::Bits(mask),
                                  repeatTimes, srcRepStride, loc);
}

template <typename T>
AICORE_INLINE void ReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                             const LocalTensor<T>& sharedTmpBuffer, const int32_t count,
                             bool calIndex = false, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kIsOneOf<T, half, float>, "ReduceMax: half or float");
  aicore::detail::CheckReduce("ReduceMax", dst, src, sharedTmpBuffer, count, calIndex ? 2 : 1, loc);
  uint32_t index = 0;
  const float v = aicore::simd::ExtremeF32<true>(src.addr_, static_cast<size_t>(count), &index);
  dst.addr_[0] = static_cast<T>(v);
  if (calIndex) aicore::detail::StoreIndex(dst.addr_ + 1, index);
}

template <typename T>
AICORE_INLINE void ReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                             const LocalTensor<T>& sharedTmpBuffer, const int32_t count,
                             bool calIndex = false, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kIsOneOf<T, half, float>, "ReduceMin: half or float");
  aicore::detail::CheckReduce("ReduceMin", dst, src, sharedTmpBuffer, count, calIndex ? 2 : 1, loc);
  uint32_t index = 0;
  const float v = aicore::simd::ExtremeF32<false>(src.addr_, static_cast<size_t>(count), &index);
  dst.addr_[0] = static_cast<T>(v);
  if (calIndex) aicore::detail::StoreIndex(dst.addr_ + 1, index);
}

#define AICORE_DEFINE_REDUCE_EXTREME_REPEAT(NAME, KMAX)                                             \
  template <typename T, bool isSetMask = true>                                                     \
  AICORE_INLINE void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src,                    \
                          const LocalTensor<T>& sharedTmpBuffer, const int32_t mask,               \
                          const int32_t repeatTimes, const int32_t srcRepStride,                   \
                          bool calIndex = false, aicore::SrcLoc loc = aicore::SrcLoc::Current()) { \
    aicore::detail::ReduceExtremeRepeat<KMAX>(#NAME, dst, src, sharedTmpBuffer, isSetMask,         \
                                              aicore::detail::MaskArg::Cont(mask), repeatTimes,    \
                                              srcRepStride, calIndex, loc);                        \
  }                                                                                                \
  template <typename T, bool isSetMask = true>                                                     \
  AICORE_INLINE void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src,                    \
                          const LocalTensor<T>& sharedTmpBuffer, const uint64_t mask[],            \
                          const int32_t repeatTimes, const int32_t srcRepStride,                   \
                          bool calIndex = false, aicore::SrcLoc loc = aicore::SrcLoc::Current()) { \
    aicore::detail::ReduceExtremeRepeat<KMAX>(#NAME, dst, src, sharedTmpBuffer, isSetMask,         \
                                              aicore::detail::MaskArg::Bits(mask), repeatTimes,    \
                                              srcRepStride, calIndex, loc);                        \
  }
AICORE_DEFINE_REDUCE_EXTREME_REPEAT(ReduceMax, true)
AICORE_DEFINE_REDUCE_EXTREME_REPEAT(ReduceMin, false)
#undef AICORE_DEFINE_REDUCE_EXTREME_REPEAT

// ---- WholeReduceSum / BlockReduceSum / PairReduceSum --------------------------

#define AICORE_DEFINE_GROUP_SUM(NAME, SHAPE)                                                        \
  template <typename T, bool isSetMask = true>                                                     \
  AICORE_INLINE void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t mask, \
                          const int32_t repeatTimes, const int32_t dstRepStride,                   \
                          const int32_t srcBlkStride, const int32_t srcRepStride,                  \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                        \
    aicore::detail::GroupSum(#NAME, SHAPE, dst, src, isSetMask, aicore::detail::MaskArg::Cont(mask), \
                             repeatTimes, dstRepStride, srcBlkStride, srcRepStride, loc);          \
  }                                                                                                \
  template <typename T, bool isSetMask = true>                                                     \
  AICORE_INLINE void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src,                    \
                          const uint64_t mask[], const int32_t repeatTimes,                        \
                          const int32_t dstRepStride, const int32_t srcBlkStride,                  \
                          const int32_t srcRepStride,                                              \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                        \
    aicore::detail::GroupSum(#NAME, SHAPE, dst, src, isSetMask, aicore::detail::MaskArg::Bits(mask), \
                             repeatTimes, dstRepStride, srcBlkStride, srcRepStride, loc);          \
  }
AICORE_DEFINE_GROUP_SUM(WholeReduceSum, aicore::detail::SumShape::kWhole)
#undef AICORE_DEFINE_GROUP_SUM

// BlockReduce* and PairReduceSum take repeatTimes BEFORE the mask.
#define AICORE_DEFINE_BLOCK_REDUCE(NAME, CALL)                                                      \
  template <typename T, bool isSetMask = true>                                                     \
  AICORE_INLINE void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src,                    \
                          const int32_t repeatTimes, const int32_t mask,                           \
                          const int32_t dstRepStride, const int32_t srcBlkStride,                  \
                          const int32_t srcRepStride,                                              \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                        \
    CALL(#NAME, dst, src, isSetMask, aicore::detail::MaskArg::Cont(mask), repeatTimes,             \
         dstRepStride, srcBlkStride, srcRepStride, loc);                                           \
  }                                                                                                \
  template <typename T, bool isSetMask = true>                                                     \
  AICORE_INLINE void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src,                    \
                          const int32_t repeatTimes, const uint64_t mask[],                        \
                          const int32_t dstRepStride, const int32_t srcBlkStride,                  \
                          const int32_t srcRepStride,                                              \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                        \
    CALL(#NAME, dst, src, isSetMask, aicore::detail::MaskArg::Bits(mask), repeatTimes,             \
         dstRepStride, srcBlkStride, srcRepStride, loc);                                           \
  }

#define AICORE_BLOCK_SUM_CALL(api, ...) \
  aicore::detail::GroupSum(api, aicore::detail::SumShape::kBlock, __VA_ARGS__)
#define AICORE_PAIR_SUM_CALL(api, ...) \
  aicore::detail::GroupSum(api, aicore::detail::SumShape::kPair, __VA_ARGS__)
#define AICORE_BLOCK_MAX_CALL(api, ...) aicore::detail::BlockExtreme<true>(api, __VA_ARGS__)
#define AICORE_BLOCK_MIN_CALL(api, ...) aicore::detail::BlockExtreme<false>(api, __VA_ARGS__)
AICORE_DEFINE_BLOCK_REDUCE(BlockReduceSum, AICORE_BLOCK_SUM_CALL)
AICORE_DEFINE_BLOCK_REDUCE(BlockReduceMax, AICORE_BLOCK_MAX_CALL)
AICORE_DEFINE_BLOCK_REDUCE(BlockReduceMin, AICORE_BLOCK_MIN_CALL)
AICORE_DEFINE_BLOCK_REDUCE(PairReduceSum, AICORE_PAIR_SUM_CALL)
#undef AICORE_BLOCK_SUM_CALL
#undef AICORE_PAIR_SUM_CALL
#undef AICORE_BLOCK_MAX_CALL
#undef AICORE_BLOCK_MIN_CALL
#undef AICORE_DEFINE_BLOCK_REDUCE

// ---- WholeReduceMax / WholeReduceMin ---------------------------------------

#define AICORE_DEFINE_WHOLE_EXTREME(NAME, KMAX)                                                     \
  template <typename T, bool isSetMask = true>                                                     \
  AICORE_INLINE void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t mask, \
                          const int32_t repeatTimes, const int32_t dstRepStride,                   \
                          const int32_t srcBlkStride, const int32_t srcRepStride,                  \
                          ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX,                      \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                        \
    aicore::detail::WholeExtreme<KMAX>(#NAME, dst, src, isSetMask,                                  \
                                       aicore::detail::MaskArg::Cont(mask), repeatTimes,           \
                                       dstRepStride, srcBlkStride, srcRepStride, order, loc);      \
  }                                                                                                \
  template <typename T, bool isSetMask = true>                                                     \
  AICORE_INLINE void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src,                    \
                          const uint64_t mask[], const int32_t repeatTimes,                        \
                          const int32_t dstRepStride, const int32_t srcBlkStride,                  \
                          const int32_t srcRepStride,                                              \
                          ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX,                      \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                        \
    aicore::detail::WholeExtreme<KMAX>(#NAME, dst, src, isSetMask,                                  \
                                       aicore::detail::MaskArg::Bits(mask), repeatTimes,           \
                                       dstRepStride, srcBlkStride, srcRepStride, order, loc);      \
  }
AICORE_DEFINE_WHOLE_EXTREME(WholeReduceMax, true)
AICORE_DEFINE_WHOLE_EXTREME(WholeReduceMin, false)
#undef AICORE_DEFINE_WHOLE_EXTREME

// ---- ReduceDataBlock / ReducePairElem / ReduceRepeat<ReduceType> -----------
// The newer names (kernel_operator_vec_reduce_intf.h), the mask before
// repeatTime in all three: on the 910B generation ReduceDataBlock<SUM / MAX /
// MIN> is BlockReduceSum / Max / Min, ReducePairElem<SUM> PairReduceSum,
// ReduceRepeat<SUM / MAX / MIN> WholeReduceSum / Max / Min (MAX and MIN with
// the order); dst and src of one type.
enum class ReduceType { NONE = -1, SUM = 0, MAX, MIN };

namespace reduce_detail {
template <ReduceType kType, class T, class U>
constexpr void CheckTypes() {
  static_assert(kType == ReduceType::SUM || kType == ReduceType::MAX || kType == ReduceType::MIN,
                "reduceType is ReduceType::SUM, MAX or MIN");
  static_assert(std::is_same<T, U>::value, "dst and src have one type on this SoC");
}
template <ReduceType kType>
constexpr const char* Name(const char* sum, const char* max, const char* min) {
  return kType == ReduceType::SUM ? sum : kType == ReduceType::MAX ? max : min;
}
template <ReduceType kType, class T, class M>
AICORE_INLINE void DataBlock(const LocalTensor<T>& dst, const LocalTensor<T>& src, bool set_mask, M mask,
                             int32_t repeat, int32_t dst_rep, int32_t src_blk, int32_t src_rep, aicore::SrcLoc loc) {
  const char* api = Name<kType>("ReduceDataBlock<SUM>", "ReduceDataBlock<MAX>", "ReduceDataBlock<MIN>");
  if constexpr (kType == ReduceType::SUM) {
    aicore::detail::GroupSum(api, aicore::detail::SumShape::kBlock, dst, src, set_mask, mask, repeat, dst_rep,
                             src_blk, src_rep, loc);
  } else {
    aicore::detail::BlockExtreme<kType == ReduceType::MAX>(api, dst, src, set_mask, mask, repeat, dst_rep, src_blk,
                                                           src_rep, loc);
  }
}
template <ReduceType kType, class T, class M>
AICORE_INLINE void Repeat(const LocalTensor<T>& dst, const LocalTensor<T>& src, bool set_mask, M mask, int32_t repeat,
                          int32_t dst_rep, int32_t src_blk, int32_t src_rep, ReduceOrder order, aicore::SrcLoc loc) {
  const char* api = Name<kType>("ReduceRepeat<SUM>", "ReduceRepeat<MAX>", "ReduceRepeat<MIN>");
  if constexpr (kType == ReduceType::SUM) {
    aicore::detail::GroupSum(api, aicore::detail::SumShape::kWhole, dst, src, set_mask, mask, repeat, dst_rep,
                             src_blk, src_rep, loc);
  } else {
    aicore::detail::WholeExtreme<kType == ReduceType::MAX>(api, dst, src, set_mask, mask, repeat, dst_rep, src_blk,
                                                           src_rep, order, loc);
  }
}
}  // namespace reduce_detail

// Both mask forms (a count, or the two 64-bit words).
#define AICORE_DEFINE_REDUCE_TYPED(MASK_PARAM, MASK_ARG)                                                          \
  template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>                                \
  AICORE_INLINE void ReduceDataBlock(const LocalTensor<T>& dst, const LocalTensor<U>& src, MASK_PARAM mask,       \
                                     const int32_t repeatTime, const int32_t dstRepStride,                        \
                                     const int32_t srcBlkStride, const int32_t srcRepStride,                      \
                                     aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                            \
    reduce_detail::CheckTypes<reduceType, T, U>();                                                               \
    reduce_detail::DataBlock<reduceType>(dst, src, isSetMask, MASK_ARG(mask), repeatTime, dstRepStride,           \
                                         srcBlkStride, srcRepStride, loc);                                        \
  }                                                                                                              \
  template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>                                \
  AICORE_INLINE void ReducePairElem(const LocalTensor<T>& dst, const LocalTensor<U>& src, MASK_PARAM mask,        \
                                    const int32_t repeatTime, const int32_t dstRepStride,                         \
                                    const int32_t srcBlkStride, const int32_t srcRepStride,                       \
                                    aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                             \
    static_assert(reduceType == ReduceType::SUM, "ReducePairElem: only ReduceType::SUM on this SoC");             \
    reduce_detail::CheckTypes<reduceType, T, U>();                                                               \
    aicore::detail::GroupSum("ReducePairElem<SUM>", aicore::detail::SumShape::kPair, dst, src, isSetMask,         \
                             MASK_ARG(mask), repeatTime, dstRepStride, srcBlkStride, srcRepStride, loc);          \
  }                                                                                                              \
  template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>                                \
  AICORE_INLINE void ReduceRepeat(const LocalTensor<T>& dst, const LocalTensor<U>& src, MASK_PARAM mask,          \
                                  const int32_t repeatTime, const int32_t dstRepStride,                           \
                                  const int32_t srcBlkStride, const int32_t srcRepStride,                         \
                                  ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX,                             \
                                  aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                               \
    reduce_detail::CheckTypes<reduceType, T, U>();                                                               \
    reduce_detail::Repeat<reduceType>(dst, src, isSetMask, MASK_ARG(mask), repeatTime, dstRepStride,              \
                                      srcBlkStride, srcRepStride, order, loc);                                    \
  }
AICORE_DEFINE_REDUCE_TYPED(const int32_t, aicore::detail::MaskArg::Cont)
AICORE_DEFINE_REDUCE_TYPED(const uint64_t*, aicore::detail::MaskArg::Bits)
#undef AICORE_DEFINE_REDUCE_TYPED

AICORE_TARGET_END
}  // namespace AscendC
