// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The map engine: runs the element-wise repeat-form instructions, Cast,
// Copy and the dequantizing casts over the operand geometry of
// repeat_geometry.h (the staged engine of Compare/Select, Gather and the
// reductions is in lane_io.h; mask.h has the masks).
//
// Semantics (the model the reference in tests/support/repeat_model.h follows):
//   * Repeats run in order 0, 1, ... . Within a repeat every source block
//     holding an active lane is read before any destination block is
//     written; destination blocks are then written in block order 0..7, only
//     their active lanes. So with overlapping destination blocks (a zero or
//     small block stride) the last block writing a lane wins, and a repeat
//     sees what earlier repeats wrote.
//   * Each operand has its own block geometry: a block is always 32 bytes of
//     that operand. A repeat covers L lanes (L = 256 / size of the widest
//     element type of the instruction), i.e. L * size / 32 blocks of each
//     operand: 8 blocks of the wide operand, 4 of a half source of a
//     half -> float Cast (so srcRepStride 4 is contiguous), 2 of an int4b_t
//     operand. Lane i of an operand lies in its block i / (32 / size).
//
// How it runs (all of it vectorized; no per-element scalar code):
//   1. Whole call dense: every operand's blocks and repeats are adjacent
//      (block stride 1, repeat stride = its blocks per repeat), the mask is
//      full (or counter mode), no destination partially overlaps a source:
//      one count-form loop over repeats * L (or the counter's) elements,
//      inlined like a count form — the speed of the count form.
//   2. Blocks adjacent within each repeat (any repeat strides), the active
//      lanes of each repeat a prefix (full, continuous or counter masks): the
//      count-form loop per repeat over the whole blocks of the prefix; a
//      ragged last block through a masked store.
//   3. Otherwise, with no destination partially overlapping a source (and
//      no destination read back through a zero block stride): block by
//      block, straight from and to the operands, with Highway vectors capped
//      at the lanes of one block of the widest type; partial blocks are
//      computed into a 32-byte temporary and written with a masked store
//      (BlendedStore under LoadMaskBits of the block's bits).
//   4. Otherwise (and for kernels without block steps: Cast, CreateVecIndex):
//      per repeat, sources that need it are gathered into 256-byte stack
//      tiles with one 32-byte copy per active block (so every read of a
//      repeat precedes its writes), the count-form loop computes the
//      repeat's lanes, and the result is scattered block by block (32-byte
//      copies, masked stores for partial blocks).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "aicore/base/defs.h"
#include "aicore/base/type_name.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/ops/mask.h"
#include "aicore/ops/repeat_geometry.h"
#include "aicore/simd/simd.h"
#include "aicore/runtime/context.h"
#include "aicore/instrument/sanitizer/numeric.h"
#include "aicore/simd/target.h"

namespace aicore {
namespace detail {
AICORE_TARGET_BEGIN

// Progress of a long API call, for the watchdog (see simd::RepeatTick).
AICORE_COLD inline void LongCallProgress() {
  if (CoreContext* c = t_core) c->Progress();
}

// ResolveMask with the repeatTimes argument as the caller passed it (the
// instructions take it as int32_t, so that 256 or -1 are reported instead of
// wrapping as the NPU's uint8_t parameter would).
AICORE_INLINE RepeatMask ResolveRepeatMask(const char* api, const CoreContext& core,
                                           uint32_t lanes, bool set_mask, const MaskArg& mask,
                                           int32_t repeat_times, SrcLoc loc) {
  if (AICORE_UNLIKELY(repeat_times < 0 && !core.mask_counter_mode)) {
    FailRepeatTimes(api, repeat_times, loc);
  }
  return ResolveMask(api, core, lanes, set_mask, mask, static_cast<uint32_t>(repeat_times), loc);
}

AICORE_TARGET_END
}  // namespace detail

namespace simd {
AICORE_TARGET_BEGIN

// Copies 32 bytes (one block): a single vector load/store pair.
HWY_INLINE void CopyBlock(uint8_t* HWY_RESTRICT dst, const uint8_t* HWY_RESTRICT src) {
  std::memcpy(dst, src, 32);
}

// Writes the lanes of one 32-byte block of U elements whose bit is set in
// `bits` (LSB = lane 0) from src to dst; the other lanes of dst keep their
// values.
template <class U>
HWY_INLINE void BlendBlock(uint8_t* dst, const uint8_t* src, uint64_t bits) {
  constexpr size_t kLanes = 32 / sizeof(U);
  const hn::CappedTag<U, kLanes> d;
  const size_t N = hn::Lanes(d);
  const uint64_t all = N >= 64 ? ~uint64_t{0} : ((uint64_t{1} << N) - 1);
  for (size_t k = 0; k < kLanes; k += N) {
    const uint64_t mb = (bits >> k) & all;
    if (mb == 0) continue;
    U* p = reinterpret_cast<U*>(dst) + k;
    const auto v = hn::LoadU(d, reinterpret_cast<const U*>(src) + k);
    if (mb == all) {
      hn::StoreU(v, d, p);
    } else {
      hn::BlendedStore(v, hn::LoadMaskBits(d, reinterpret_cast<const uint8_t*>(&mb)), d, p);
    }
  }
}

// The same for a block of 64 4-bit lanes (two per byte, low nibble first).
HWY_INLINE void BlendBlock4(uint8_t* dst, const uint8_t* src, uint64_t bits) {
  for (uint32_t byte = 0; byte < 32; ++byte) {
    const uint32_t two = static_cast<uint32_t>(bits >> (2 * byte)) & 3u;
    if (two == 0) continue;
    const uint8_t keep = static_cast<uint8_t>((two & 1u ? 0x00 : 0x0F) | (two & 2u ? 0x00 : 0xF0));
    dst[byte] = static_cast<uint8_t>((dst[byte] & keep) | (src[byte] & ~keep));
  }
}

HWY_INLINE void BlendBlockBits(uint32_t elem_bits, uint8_t* dst, const uint8_t* src,
                               uint64_t bits) {
  switch (elem_bits) {
    case 8: BlendBlock<uint8_t>(dst, src, bits); break;
    case 16: BlendBlock<uint16_t>(dst, src, bits); break;
    case 32: BlendBlock<uint32_t>(dst, src, bits); break;
    case 64: BlendBlock<uint64_t>(dst, src, bits); break;
    default: BlendBlock4(dst, src, bits); break;
  }
}

// ---- compute kernels -------------------------------------------------------
// A kernel is the compute step of an instruction:
//   k(uint8_t* out, const uint8_t* const* in, size_t n, size_t lane0)
// computes n lanes (the count-form loop; lane0 is the index of the first
// lane in the whole call, for CreateVecIndex). Kernels with
// `kSegments = true` also have
//   k.Segment<kLanes>(uint8_t* out, const uint8_t* const* in)
// computing exactly kLanes lanes (32 bytes of the widest type: one block)
// with vectors capped at that width, so that strided and masked repeats run
// block by block straight from and to the operands.

// dst = op(src...) with the sources of types TS (MulAddDst, Axpy: sources
// may be narrower than TD). Two or one same-type sources use the very loops
// of the count forms (simd::Binary / simd::Unary).
template <class TD, class Op, class... TS>
struct MapKernel {
  using Dst = TD;
  Op op;
  static constexpr bool kSegments = true;

  HWY_INLINE void operator()(uint8_t* out, const uint8_t* const* in, size_t n, size_t) const {
    Run(out, in, n, std::index_sequence_for<TS...>());
  }
  template <size_t kLanes>
  HWY_INLINE void Segment(uint8_t* out, const uint8_t* const* in) const {
    Seg<kLanes>(out, in, std::index_sequence_for<TS...>());
  }

 private:
  static constexpr bool kSame = (std::is_same_v<TD, TS> && ...);
  template <size_t... I>
  HWY_INLINE void Run(uint8_t* out, const uint8_t* const* in, size_t n,
                      std::index_sequence<I...>) const {
    TD* d = reinterpret_cast<TD*>(out);
    if constexpr (kSame && sizeof...(TS) == 2) {
      Binary(d, reinterpret_cast<const TD*>(in[0]), reinterpret_cast<const TD*>(in[1]), n, op);
    } else if constexpr (kSame && sizeof...(TS) == 1) {
      Unary(d, reinterpret_cast<const TD*>(in[0]), n, op);
    } else {
      MapN(d, n, op, reinterpret_cast<const TS*>(in[I])...);
    }
  }
  template <size_t kLanes, size_t... I>
  HWY_INLINE void Seg(uint8_t* out, const uint8_t* const* in, std::index_sequence<I...>) const {
    const hn::CappedTag<ComputeT<TD>, kLanes> d;
    const size_t N = hn::Lanes(d);
    TD* o = reinterpret_cast<TD*>(out);
    for (size_t k = 0; k < kLanes; k += N) {
      StoreC(d, op(d, LoadC(d, reinterpret_cast<const TS*>(in[I]) + k)...), o + k);
    }
  }
};

// dst = the bit pattern of `value` (Duplicate).
template <class T>
struct FillKernel {
  using Dst = T;
  T value;
  static constexpr bool kSegments = true;
  HWY_INLINE void operator()(uint8_t* out, const uint8_t* const*, size_t n, size_t) const {
    Fill(reinterpret_cast<T*>(out), value, n);
  }
  template <size_t kLanes>
  HWY_INLINE void Segment(uint8_t* out, const uint8_t* const*) const {
    Fill(reinterpret_cast<T*>(out), value, kLanes);
  }
};

template <class K, class = void>
struct HasSegments : std::false_type {};
template <class K>
struct HasSegments<K, std::void_t<decltype(K::kSegments)>> : std::bool_constant<K::kSegments> {};

// The elements of a call that is one dense run (path 1 below), or 0.
template <size_t kIn, uint32_t kL>
HWY_INLINE size_t DenseRun(const detail::RepeatMask& m, const detail::RepOperand& dst,
                           const detail::RepOperand* const* in) {
  if (!dst.dense || !(m.counter || m.full)) return 0;
  for (size_t i = 0; i < kIn; ++i) {
    if (!in[i]->dense || detail::Hazard(*in[i], dst)) return 0;
  }
  return m.counter ? static_cast<size_t>(m.count) : size_t{m.repeats} * kL;
}

template <size_t kIn, uint32_t kL, class Kernel>
HWY_NOINLINE void RunRepeatsStrided(const detail::RepeatMask& m, const detail::RepOperand& dst,
                                    const detail::RepOperand* const* in, const Kernel& k);

// A call of many repeats (only counter mode has more than 255; it may have
// 2^32) counts as progress for the watchdog every 4096 repeats (a few
// milliseconds even under ThreadSanitizer), so that a long computation is
// not reported as a deadlock.
HWY_INLINE void RepeatTick(uint32_t r) {
  if (HWY_UNLIKELY((r & 0xFFFu) == 0xFFFu)) detail::LongCallProgress();
}

// Runs a repeat-form instruction over `kIn` sources `in` (a source that is
// the destination itself, as in MulAddDst, is passed as a copy of `dst`)
// with kL lanes per repeat. The dense case is inlined like a count form; the
// rest runs out of line.
template <size_t kIn, uint32_t kL, class Kernel>
HWY_INLINE void RunRepeats(const detail::RepeatMask& m, const detail::RepOperand& dst,
                           const detail::RepOperand* const* in, const Kernel& k) {
  if (m.repeats == 0) return;
  const size_t n = DenseRun<kIn, kL>(m, dst, in);
  if (n != 0) {
    const uint8_t* ptr[kIn == 0 ? 1 : kIn] = {};
    for (size_t i = 0; i < kIn; ++i) ptr[i] = in[i]->base;
    k(dst.base, ptr, n, 0);
    return;
  }
  RunRepeatsStrided<kIn, kL>(m, dst, in, k);
}

template <size_t kIn, uint32_t kL, class Kernel>
HWY_NOINLINE void RunRepeatsStrided(const detail::RepeatMask& m, const detail::RepOperand& dst,
                                    const detail::RepOperand* const* in, const Kernel& k) {
  using detail::RepOperand;
  constexpr size_t kSlots = kIn == 0 ? 1 : kIn;
  bool gather[kSlots] = {};
  const uint8_t* ptr[kSlots] = {};
  bool dense = dst.dense;
  bool contig = dst.contig;
  bool hazard_any = false;
  bool self_alias = false;  // a source is dst itself with block stride 0
  for (size_t i = 0; i < kIn; ++i) {
    const RepOperand& s = *in[i];
    const bool same = s.base == dst.base && s.blk == dst.blk && s.rep == dst.rep &&
                      s.elem_bits == dst.elem_bits;
    const bool hazard = detail::Hazard(s, dst);
    gather[i] = !s.contig || hazard;
    dense = dense && s.dense && !hazard;
    contig = contig && s.contig;
    hazard_any = hazard_any || hazard;
    self_alias = self_alias || (same && s.blk == 0 && s.blocks > 1);
  }
  // 1. One count-form run (normally taken in RunRepeats; a counter-mode
  // count of 0 gets here).
  if (dense && (m.counter || m.full)) {
    for (size_t i = 0; i < kIn; ++i) ptr[i] = in[i]->base;
    k(dst.base, ptr, m.counter ? static_cast<size_t>(m.count) : size_t{m.repeats} * kL, 0);
    return;
  }
  // 2. Contiguous operands, the active lanes of every repeat a prefix
  // [0, e) (full masks, continuous masks, counter mode): the count-form loop
  // per repeat over exactly those lanes (it writes nothing past them).
  if (contig && !hazard_any) {
    const uint32_t e_bits = detail::RepeatMask::LaneEnd(m.bits);
    const uint32_t e_last = detail::RepeatMask::LaneEnd(m.last_bits);
    uint64_t p_bits[2], p_last[2];
    detail::PrefixBits(e_bits, p_bits);
    detail::PrefixBits(e_last, p_last);
    if (p_bits[0] == m.bits[0] && p_bits[1] == m.bits[1] && p_last[0] == m.last_bits[0] &&
        p_last[1] == m.last_bits[1]) {
      constexpr uint32_t kSeg = kL / 8;
      for (uint32_t r = 0; r < m.repeats; ++r) {
        RepeatTick(r);
        const uint32_t e = r + 1 == m.repeats ? e_last : e_bits;
        if (e == 0) continue;
        for (size_t i = 0; i < kIn; ++i) ptr[i] = in[i]->base + r * in[i]->rep;
        uint8_t* d = dst.base + r * dst.rep;
        if (e == kL) {
          k(d, ptr, kL, size_t{r} * kL);
          continue;
        }
        if constexpr (HasSegments<Kernel>::value) {
          // Whole blocks with the loop, the ragged one with a masked store
          // (the loop's own tail would stage through memcpy).
          const uint32_t whole = e / kSeg * kSeg;
          if (whole != 0) k(d, ptr, whole, size_t{r} * kL);
          if (whole != e) {
            HWY_ALIGN uint8_t tmp[32];
            const uint8_t* seg[kSlots];
            for (size_t i = 0; i < kIn; ++i) seg[i] = ptr[i] + whole * in[i]->elem_bits / 8;
            k.template Segment<kSeg>(tmp, seg);
            using Bits = hwy::UnsignedFromSize<sizeof(typename Kernel::Dst)>;
            BlendBlock<Bits>(d + whole * dst.elem_bits / 8, tmp,
                             (uint64_t{1} << (e - whole)) - 1);
          }
        } else {
          k(d, ptr, e, size_t{r} * kL);
        }
      }
      return;
    }
  }
  constexpr uint32_t kSegLanes = kL / 8;  // lanes per block of the widest type
  const uint64_t seg_all = kSegLanes >= 64 ? ~uint64_t{0} : ((uint64_t{1} << kSegLanes) - 1);
  // 3. Block by block, straight from and to the operands.
  if constexpr (HasSegments<Kernel>::value) {
    if (!hazard_any && !self_alias) {
      HWY_ALIGN uint8_t tmp[32];
      // Byte offset of block j's first lane within a repeat, per operand.
      uint64_t seg_off[kSlots + 1][8];
      for (uint32_t j = 0; j < 8; ++j) {
        seg_off[kSlots][j] = static_cast<uint64_t>(dst.Lane(0, j * kSegLanes) - dst.base);
        for (size_t i = 0; i < kIn; ++i) {
          seg_off[i][j] = static_cast<uint64_t>(in[i]->Lane(0, j * kSegLanes) - in[i]->base);
        }
      }
      for (uint32_t r = 0; r < m.repeats; ++r) {
        RepeatTick(r);
        const uint64_t* bits = m.For(r);
        const uint8_t* src_r[kSlots];
        for (size_t i = 0; i < kIn; ++i) src_r[i] = in[i]->base + r * in[i]->rep;
        uint8_t* dst_r = dst.base + r * dst.rep;
        for (uint32_t j = 0; j < 8; ++j) {
          const uint64_t sb = detail::BlockBits(bits, j, kSegLanes);
          if (sb == 0) continue;
          for (size_t i = 0; i < kIn; ++i) ptr[i] = src_r[i] + seg_off[i][j];
          uint8_t* d = dst_r + seg_off[kSlots][j];
          if (sb == seg_all) {
            k.template Segment<kSegLanes>(d, ptr);
          } else {
            k.template Segment<kSegLanes>(tmp, ptr);
            using Bits = hwy::UnsignedFromSize<sizeof(typename Kernel::Dst)>;
            BlendBlock<Bits>(d, tmp, sb);
          }
        }
      }
      return;
    }
  }
  // 4. Through stack tiles: sources gathered (all reads of a repeat before
  // its writes), results scattered block by block.
  uint64_t valid[2];
  detail::PrefixBits(kL, valid);
  struct Pattern {
    const uint64_t* bits;
    uint32_t lane_end;
    bool full;
  };
  const Pattern pat[2] = {
      {m.bits, detail::RepeatMask::LaneEnd(m.bits), m.bits[0] == valid[0] && m.bits[1] == valid[1]},
      {m.last_bits, detail::RepeatMask::LaneEnd(m.last_bits),
       m.last_bits[0] == valid[0] && m.last_bits[1] == valid[1]}};
  HWY_ALIGN uint8_t tile[kSlots][256];
  HWY_ALIGN uint8_t out[256];
  for (size_t i = 0; i < kIn; ++i) std::memset(tile[i], 0, 256);
  const uint32_t d_lanes = dst.block_lanes;
  const uint64_t block_all = d_lanes >= 64 ? ~uint64_t{0} : ((uint64_t{1} << d_lanes) - 1);
  for (uint32_t r = 0; r < m.repeats; ++r) {
    RepeatTick(r);
    const Pattern& p = pat[r + 1 == m.repeats ? 1 : 0];
    if (p.lane_end == 0) continue;
    for (size_t i = 0; i < kIn; ++i) {
      const RepOperand& s = *in[i];
      const uint8_t* base = s.base + r * s.rep;
      if (!gather[i]) {
        ptr[i] = base;  // adjacent blocks: lanes [0, lane_end) lie in the footprint
        continue;
      }
      for (uint32_t j = 0; j < s.blocks; ++j) {
        if (p.full || detail::BlockBits(p.bits, j, s.block_lanes) != 0) {
          CopyBlock(tile[i] + j * 32, base + j * s.blk);
        }
      }
      ptr[i] = tile[i];
    }
    uint8_t* d = dst.base + r * dst.rep;
    if (dst.contig && p.full) {
      k(d, ptr, kL, size_t{r} * kL);
      continue;
    }
    // Only lanes [0, lane_end) are computed (and read in place).
    k(out, ptr, p.full ? kL : p.lane_end, size_t{r} * kL);
    for (uint32_t j = 0; j < dst.blocks; ++j) {
      const uint64_t bb = detail::BlockBits(p.bits, j, d_lanes);
      if (bb == 0) continue;
      if (bb == block_all) {
        CopyBlock(d + j * dst.blk, out + j * 32);
      } else {
        BlendBlockBits(dst.elem_bits, d + j * dst.blk, out + j * 32, bb);
      }
    }
  }
}

AICORE_TARGET_END
}  // namespace simd

namespace detail {
AICORE_TARGET_BEGIN

// Lanes per repeat of an instruction whose widest element type has `bits`.
constexpr uint32_t RepeatLanes(uint32_t bits) { return 2048 / bits; }

template <class TD, class TS>
constexpr uint32_t kRepeatLanes =
    RepeatLanes(kElemBits<TD> > kElemBits<TS> ? kElemBits<TD> : kElemBits<TS>);

// ---- numcheck of the repeat forms (see instrument/sanitizer/numeric.h) -------------

// First active lane (repeat *r, lane *lane) of operand o whose value is
// NaN/Inf, block by block under the mask; returns how many there are (with
// stop_at_first, 0 or 1).
inline uint64_t NumFindNonFinite(const RepOperand& o, const NumType& t, const RepeatMask& m,
                                 bool stop_at_first, uint32_t* r_out, uint32_t* lane_out) {
  uint64_t count = 0;
  for (uint32_t r = 0; r < m.repeats; ++r) {
    // Repeat stride 0: every repeat but the last has repeat 0's bytes and
    // mask (a counter-mode call may have billions).
    if (o.rep == 0 && r == 1 && m.repeats > 2) r = m.repeats - 1;
    simd::RepeatTick(r);
    const uint64_t* bits = m.For(r);
    for (uint32_t j = 0; j < o.blocks; ++j) {
      const uint64_t bb = BlockBits(bits, j, o.block_lanes);
      if (bb == 0) continue;
      const uint64_t bad = t.block_non_finite(o.base + r * o.rep + j * o.blk, o.block_lanes) & bb;
      if (bad == 0) continue;
      if (count == 0) {
        *r_out = r;
        *lane_out = j * o.block_lanes + static_cast<uint32_t>(__builtin_ctzll(bad));
      }
      count += static_cast<uint64_t>(__builtin_popcountll(bad));
      if (stop_at_first) return count;
    }
  }
  return count;
}

// The f32 result of lane values v under a kernel: MapKernel recomputes with
// its op; the other kernels (Cast) convert one source, whose value it is.
template <class TD, class Op, class... TS>
inline double NumKernelValue(const simd::MapKernel<TD, Op, TS...>& k, const double* v) {
  return NumApply<TD>(k.op, v, std::index_sequence_for<TS...>());
}
template <class K>
inline double NumKernelValue(const K&, const double* v) {
  return v[0];
}
template <class TD, class Op, class... TS>
inline NumScalar NumKernelScalar(const simd::MapKernel<TD, Op, TS...>& k) {
  return NumScalarOf(k.op);
}
template <class K>
inline NumScalar NumKernelScalar(const K&) {
  return NumScalar{};
}

// Runs a repeat-form instruction (run()) under numcheck: conservative, per
// call — if any active lane of a source is NaN/Inf the call is not checked;
// otherwise every active destination lane that is NaN/Inf afterwards is
// reported (the first one, with the count). `types[i]` is the element type
// of in[i].
template <class TD, size_t kIn, class Kernel, class Run>
AICORE_NOINLINE void NumRepeat(CoreContext& core, const char* api, SrcLoc loc,
                               const char* const* roles, const RepeatMask& m, const RepOperand& dst,
                               const RepOperand* const* in, const NumType* const* types,
                               const Kernel& k, const Run& run) {
  const NumScalar sc = NumKernelScalar(k);
  uint32_t r = 0, lane = 0;
  bool checked = !(sc.present && !std::isfinite(sc.value));
  for (size_t i = 0; i < kIn && checked; ++i) {
    checked = NumFindNonFinite(*in[i], *types[i], m, true, &r, &lane) == 0;
  }
  run();
  if (!checked) return;
  const uint64_t count = NumFindNonFinite(dst, NumTypeOf<TD>(), m, false, &r, &lane);
  if (count == 0) return;
  // The inputs of that lane, unless the instruction overwrote them.
  NumInput inputs[kIn == 0 ? 1 : kIn];
  double v[kIn == 0 ? 1 : kIn] = {};
  bool all_known = true;
  for (size_t i = 0; i < kIn; ++i) {
    const RepOperand& s = *in[i];
    const bool overwritten = s.base < dst.base + dst.span && dst.base < s.base + s.span;
    v[i] = overwritten ? 0.0 : types[i]->value(s.Lane(r, lane));
    inputs[i] = NumInput{roles[i], v[i], !overwritten};
    all_known = all_known && !overwritten;
  }
  const double result = all_known ? NumKernelValue(k, v) : std::nan("");
  const uint8_t* at = dst.Lane(r, lane);
  const uint64_t element = static_cast<uint64_t>(at - dst.base) / sizeof(TD);
  NumReportElement(core, api, loc, NumTypeOf<TD>(), NumValue<TD>(at), result,
                   "dst element " + std::to_string(element) + " (repeat " + std::to_string(r) +
                       ", lane " + std::to_string(lane) + ")",
                   inputs, kIn, sc, count);
}

// Runs the repeats of an instruction whose sources in[] have the element
// types TIn..., under numcheck when it is on.
template <class... T>
struct NumSrcTypes {};
template <uint32_t kL, class TD, class... TIn, class Kernel>
AICORE_INLINE void RunRepeatsChecked(CoreContext& core, const char* api, SrcLoc loc,
                                     const char* const* roles, NumSrcTypes<TIn...>,
                                     const RepeatMask& m, const RepOperand& d,
                                     const RepOperand* const* in, const Kernel& k) {
  constexpr size_t kIn = sizeof...(TIn);
  if constexpr (kNumChecked<TD, TIn...>) {
    if (AICORE_UNLIKELY(NumOn(core))) {
      const NumType* types[kIn] = {&NumTypeOf<TIn>()...};
      NumRepeat<TD, kIn>(core, api, loc, roles, m, d, in, types, k,
                         [&] { simd::RunRepeats<kIn, kL>(m, d, in, k); });
      return;
    }
  }
  simd::RunRepeats<kIn, kL>(m, d, in, k);
}

// ---- repeat-form drivers: validate, describe the operands, run ----------

// Two sources (src0, src1) -> dst.
template <class TD, class TS, class Kernel>
AICORE_INLINE void RepeatBinary(const char* api, bool set_mask, const MaskArg& mask,
                                int32_t repeat_times, const AscendC::LocalTensor<TD>& dst,
                                const AscendC::LocalTensor<TS>& src0,
                                const AscendC::LocalTensor<TS>& src1,
                                const AscendC::BinaryRepeatParams& p, SrcLoc loc,
                                const Kernel& k) {
  CoreContext& core = Enter(api, loc);
  const RepeatMask m = ResolveRepeatMask(api, core, kRepeatLanes<TD, TS>, set_mask, mask,
                                         repeat_times, loc);
  const RepOperand d = RepeatOperand(api, "dst", dst, m, p.dstBlkStride, p.dstRepStride, loc);
  const RepOperand a = RepeatOperand(api, "src0", src0, m, p.src0BlkStride, p.src0RepStride, loc);
  const RepOperand b = RepeatOperand(api, "src1", src1, m, p.src1BlkStride, p.src1RepStride, loc);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    SanRepeat(api, "dst", dst, m, p.dstBlkStride, p.dstRepStride, d, loc);
    SanRepeat(api, "src0", src0, m, p.src0BlkStride, p.src0RepStride, a, loc);
    SanRepeat(api, "src1", src1, m, p.src1BlkStride, p.src1RepStride, b, loc);
  }
  const RepOperand* in[2] = {&a, &b};
  RunRepeatsChecked<kRepeatLanes<TD, TS>, TD>(core, api, loc, kNumRolesSrc01,
                                              NumSrcTypes<TS, TS>{}, m, d, in, k);
}

// Sources (src0, src1, dst) -> dst (MulAddDst, FusedMulAdd).
template <class TD, class TS, class Kernel>
AICORE_INLINE void RepeatTernary(const char* api, bool set_mask, const MaskArg& mask,
                                 int32_t repeat_times,
                                 const AscendC::LocalTensor<TD>& dst,
                                 const AscendC::LocalTensor<TS>& src0,
                                 const AscendC::LocalTensor<TS>& src1,
                                 const AscendC::BinaryRepeatParams& p, SrcLoc loc,
                                 const Kernel& k) {
  CoreContext& core = Enter(api, loc);
  const RepeatMask m = ResolveRepeatMask(api, core, kRepeatLanes<TD, TS>, set_mask, mask,
                                         repeat_times, loc);
  const RepOperand d = RepeatOperand(api, "dst", dst, m, p.dstBlkStride, p.dstRepStride, loc);
  const RepOperand a = RepeatOperand(api, "src0", src0, m, p.src0BlkStride, p.src0RepStride, loc);
  const RepOperand b = RepeatOperand(api, "src1", src1, m, p.src1BlkStride, p.src1RepStride, loc);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    SanRepeat(api, "dst", dst, m, p.dstBlkStride, p.dstRepStride, d, loc);
    SanRepeat(api, "src0", src0, m, p.src0BlkStride, p.src0RepStride, a, loc);
    SanRepeat(api, "src1", src1, m, p.src1BlkStride, p.src1RepStride, b, loc);
  }
  const RepOperand* in[3] = {&a, &b, &d};
  RunRepeatsChecked<kRepeatLanes<TD, TS>, TD>(core, api, loc, kNumRolesSrc01Dst,
                                              NumSrcTypes<TS, TS, TD>{}, m, d, in, k);
}

// One source -> dst (unary, vector-scalar, Cast); with `dst_in`, the
// sources are (src, dst) (Axpy).
template <class TD, class TS, class Kernel>
AICORE_INLINE void RepeatUnary(const char* api, bool set_mask, const MaskArg& mask,
                               int32_t repeat_times, const AscendC::LocalTensor<TD>& dst,
                               const AscendC::LocalTensor<TS>& src,
                               const AscendC::UnaryRepeatParams& p, SrcLoc loc, const Kernel& k,
                               bool dst_in = false) {
  CoreContext& core = Enter(api, loc);
  const RepeatMask m = ResolveRepeatMask(api, core, kRepeatLanes<TD, TS>, set_mask, mask,
                                         repeat_times, loc);
  const RepOperand d = RepeatOperand(api, "dst", dst, m, p.dstBlkStride, p.dstRepStride, loc);
  const RepOperand s = RepeatOperand(api, "src", src, m, p.srcBlkStride, p.srcRepStride, loc);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    SanRepeat(api, "dst", dst, m, p.dstBlkStride, p.dstRepStride, d, loc);
    SanRepeat(api, "src", src, m, p.srcBlkStride, p.srcRepStride, s, loc);
  }
  if (dst_in) {
    const RepOperand* in[2] = {&s, &d};
    RunRepeatsChecked<kRepeatLanes<TD, TS>, TD>(core, api, loc, kNumRolesSrcDst,
                                                NumSrcTypes<TS, TD>{}, m, d, in, k);
  } else {
    const RepOperand* in[1] = {&s};
    RunRepeatsChecked<kRepeatLanes<TD, TS>, TD>(core, api, loc, kNumRolesSrc,
                                                NumSrcTypes<TS>{}, m, d, in, k);
  }
}

// No source (Duplicate, CreateVecIndex).
template <class T, class Kernel>
AICORE_INLINE void RepeatFill(const char* api, bool set_mask, const MaskArg& mask,
                              int32_t repeat_times, const AscendC::LocalTensor<T>& dst,
                              uint32_t blk_stride, uint32_t rep_stride, SrcLoc loc,
                              const Kernel& k) {
  const CoreContext& core = Enter(api, loc);
  const RepeatMask m = ResolveRepeatMask(api, core, kRepeatLanes<T, T>, set_mask, mask,
                                         repeat_times, loc);
  const RepOperand d = RepeatOperand(api, "dst", dst, m, blk_stride, rep_stride, loc);
  if (AICORE_UNLIKELY(core.instr != 0)) SanRepeat(api, "dst", dst, m, blk_stride, rep_stride, d, loc);
  simd::RunRepeats<0, kRepeatLanes<T, T>>(m, d, nullptr, k);
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore
