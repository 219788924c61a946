// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Gather (byte offsets) and GatherMask (compaction by a bit pattern).
//
// Gather(dst, src, offsets, srcBaseAddr, count): dst[i] = the element of T
// at byte srcBaseAddr + offsets[i] from the start of src, for i < count.
// Every such address must be a multiple of sizeof(T) bytes from src's start
// and the element must lie inside src's buffer (from src's start to the end
// of the buffer holding it); otherwise a KernelError names the first bad
// index and offset. 2- and 4-byte element types.
// Repeat form Gather(dst, src, offsets, srcBaseAddr, mask | mask[2],
// repeatTimes, dstRepStride): repeat r writes lanes l (active in the mask)
// of dst at byte r * dstRepStride * 32 (blocks contiguous) from
// offsets[r * lanes + l]; masked-off lanes keep their value and their
// offsets are not read.
//
// GatherMask(dst, src0, src1Pattern, reduceMode, mask, params, rsvdCnt):
// for each repeat r < params.repeatTimes, the lanes l of src0's repeat r
// (block b at r * src0RepeatStride * 32 + b * src0BlockStride * 32 bytes)
// whose pattern bit is 1 are appended to dst, packed from dst[0] across
// repeats; rsvdCnt = the number of elements written.
//   * reduceMode false: every repeat covers all lanes = 256 / sizeof(T)
//     (mask is not used). reduceMode true (the counter mode; the A2's
//     "configuration 1"): each repeat covers `mask` elements, mask in
//     [1, 2^32 - 1]: the first `mask` lanes, or, past 256 bytes, blocks
//     continuing at src0BlockStride and the pattern's bits consumed in a
//     row (the vendor's gather sample: mask 70 of uint32_t).
//   * Pattern tensor (uint16_t for 2-byte T, uint32_t for 4-byte T): repeat
//     r uses the bits at byte r * src1RepeatStride * 32 of it (bit l = lane l,
//     LSB first); src1RepeatStride 0 reuses one pattern.
//   * Built-in patterns (uint8_t): 1 = lanes 0, 2, 4, ... (even), 2 = odd
//     lanes, 3..6 = lane 0, 1, 2, 3 of every 4, 7 = every lane. Others are a
//     parameter error.
//   * GatherMaskParams{src0BlockStride = 1, repeatTimes = 0,
//     src0RepeatStride = 8, src1RepeatStride = 8}.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "aicore/base/half.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/ops/lane_io.h"
#include "aicore/ops/mask.h"
#include "aicore/ops/repeat_geometry.h"
#include "aicore/simd/simd.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/target.h"

namespace AscendC {

struct GatherMaskParams {
  uint8_t src0BlockStride = 1;
  uint16_t repeatTimes = 0;
  uint16_t src0RepeatStride = 8;
  uint8_t src1RepeatStride = 8;
  GatherMaskParams() = default;
  GatherMaskParams(uint8_t src0BlockStrideIn, uint16_t repeatTimesIn, uint16_t src0RepeatStrideIn,
                   uint8_t src1RepeatStrideIn)
      : src0BlockStride(src0BlockStrideIn),
        repeatTimes(repeatTimesIn),
        src0RepeatStride(src0RepeatStrideIn),
        src1RepeatStride(src1RepeatStrideIn) {}
};

}  // namespace AscendC

namespace aicore {
namespace simd {
AICORE_TARGET_BEGIN

template <class T>
using GatherBitsT = std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>;

// dst[i] = element at byte base + off[i] for i < n (offsets already
// validated; for 2-byte elements 4 bytes are read at each address, the
// arena slack covers the last element of a buffer).
template <class T>
HWY_NOINLINE void GatherRun(T* dst, const uint8_t* base, const uint32_t* off, size_t n) {
#if HWY_TARGET == HWY_SCALAR
  for (size_t i = 0; i < n; ++i) std::memcpy(static_cast<void*>(dst + i), base + off[i], sizeof(T));
#else
  const hn::ScalableTag<uint32_t> du;
  const hn::RebindToSigned<decltype(du)> di;
  const size_t N = hn::Lanes(du);
  const uint32_t* b = reinterpret_cast<const uint32_t*>(base);
  auto one = [&](const uint32_t* o, T* out) {
    const auto v = hn::GatherOffset(du, b, hn::BitCast(di, hn::LoadU(du, o)));
    if constexpr (sizeof(T) == 4) {
      hn::StoreU(v, du, reinterpret_cast<uint32_t*>(out));
    } else {
      const hn::Rebind<uint16_t, decltype(du)> d16;
      const auto lo = hn::BitCast(di, hn::And(v, hn::Set(du, 0xFFFFu)));
      hn::StoreU(hn::DemoteTo(d16, lo), d16, reinterpret_cast<uint16_t*>(out));
    }
  };
  size_t i = 0;
  for (; i + N <= n; i += N) one(off + i, dst + i);
  if (i < n) {
    HWY_ALIGN uint32_t to[kMaxLanesBytes / 4] = {};
    HWY_ALIGN T tr[kMaxLanesBytes / 4];
    std::memcpy(to, off + i, (n - i) * 4);
    one(to, tr);
    std::memcpy(static_cast<void*>(dst + i), tr, (n - i) * sizeof(T));
  }
#endif
}

// Max and OR of n offsets (SIMD).
HWY_INLINE void OffsetStats(const uint32_t* off, size_t n, uint32_t* max_out, uint32_t* or_out) {
  const hn::ScalableTag<uint32_t> d;
  const size_t N = hn::Lanes(d);
  auto mx = hn::Zero(d);
  auto o = hn::Zero(d);
  size_t i = 0;
  for (; i + N <= n; i += N) {
    const auto v = hn::LoadU(d, off + i);
    mx = hn::Max(mx, v);
    o = hn::Or(o, v);
  }
  if (i < n) {
    HWY_ALIGN uint32_t t[kMaxLanesBytes / 4] = {};  // zeros change neither
    std::memcpy(t, off + i, (n - i) * 4);
    const auto v = hn::Load(d, t);
    mx = hn::Max(mx, v);
    o = hn::Or(o, v);
  }
  HWY_ALIGN uint32_t lanes[kMaxLanesBytes / 4];
  hn::Store(o, d, lanes);
  uint32_t r = 0;
  for (size_t k = 0; k < N; ++k) r |= lanes[k];
  *max_out = hn::GetLane(hn::MaxOfLanes(d, mx));
  *or_out = r;
}

// Appends the lanes of v (lane type B) whose mask bit is set to out;
// returns how many.
template <class D>
HWY_INLINE size_t CompressAppend(D d, hn::Vec<D> v, hn::Mask<D> m, hn::TFromD<D>* out) {
  // Compress in registers, then a masked store of the first c lanes
  // (AVX-512 compress-to-memory is slow on some CPUs).
  const size_t c = hn::CountTrue(d, m);
  hn::BlendedStore(hn::Compress(v, m), hn::FirstN(d, c), d, out);
  return c;
}

AICORE_TARGET_END
}  // namespace simd

namespace detail {
// The RSVD_CNT register (outside the target namespace: one per thread for
// every translation unit): the element count of the block's latest GatherMask
// (the raw builtin get_rsvd_cnt() reads it). Per thread, valid in the block
// that wrote it (`epoch` is its CoreContext::block_epoch; 0: never written).
struct RsvdCntReg {
  uint32_t epoch = 0;
  uint64_t value = 0;
};
inline RsvdCntReg& RsvdCnt() {
  static thread_local RsvdCntReg r;
  return r;
}

AICORE_TARGET_BEGIN

[[noreturn]] AICORE_COLD inline void FailGatherOffset(const char* api, size_t i, uint32_t off,
                                                      uint32_t base, uint32_t elem, uint64_t avail,
                                                      bool misaligned, SrcLoc loc) {
  const uint64_t addr = uint64_t{base} + off;
  if (misaligned) {
    Fail(ErrorKind::kAlignment, api, loc,
         "offset " + std::to_string(i) + " is " + std::to_string(off) + " bytes: srcBaseAddr " +
             std::to_string(base) + " + offset = byte " + std::to_string(addr) +
             " is not a multiple of the " + std::to_string(elem) + "-byte element size");
  }
  Fail(ErrorKind::kBounds, api, loc,
       "offset " + std::to_string(i) + " is " + std::to_string(off) + " bytes: srcBaseAddr " +
           std::to_string(base) + " + offset = byte " + std::to_string(addr) + " of src, whose buffer has " +
           std::to_string(avail) + " bytes from src's start (the element would end at byte " +
           std::to_string(addr + elem) + ")");
}

// Validates offsets off[i] for the lanes i where active(i): base + off[i]
// aligned to elem and base + off[i] + elem <= avail. The fast check (SIMD
// max and OR of all n offsets; inactive lanes must hold 0) is exact when it
// passes; otherwise every active lane is checked to name the first bad one.
template <class Active>
inline void CheckOffsets(const char* api, const uint32_t* off, size_t n, uint32_t base, uint32_t elem,
                         uint64_t avail, const Active& active, SrcLoc loc) {
  if (n == 0) return;
  uint32_t mx = 0, ors = 0;
  simd::OffsetStats(off, n, &mx, &ors);
  if (uint64_t{base} + mx + elem <= avail && ((base | ors) & (elem - 1)) == 0) return;
  for (size_t i = 0; i < n; ++i) {
    if (!active(i)) continue;
    const uint64_t addr = uint64_t{base} + off[i];
    const bool mis = (addr % elem) != 0;
    if (AICORE_UNLIKELY(mis || addr + elem > avail)) FailGatherOffset(api, i, off[i], base, elem, avail, mis, loc);
  }
}

// Built-in GatherMask patterns 1..7 as 128 lane bits.
inline bool BuiltinPattern(uint32_t p, uint64_t bits[2]) {
  static constexpr uint64_t kPat[8] = {0,
                                       0x5555555555555555ull,
                                       0xAAAAAAAAAAAAAAAAull,
                                       0x1111111111111111ull,
                                       0x2222222222222222ull,
                                       0x4444444444444444ull,
                                       0x8888888888888888ull,
                                       ~0ull};
  if (p < 1 || p > 7) return false;
  bits[0] = bits[1] = kPat[p];
  return true;
}

// GatherMask in the counter mode with more than a repeat's lanes per
// repeat: element i of repeat r at byte r * src0RepeatStride * 32 +
// (i / E) * src0BlockStride * 32 + (i % E) * sizeof(T) (E per 32-byte
// block), kept when bit i of the repeat's pattern (built-in: bit i % 64 of
// `builtin_bits`) is set. Element by element (a rare form).
template <class T, class U>
AICORE_NOINLINE void GatherMaskWide(const char* api, const AscendC::LocalTensor<T>& dst,
                                    const AscendC::LocalTensor<T>& src0, const AscendC::LocalTensor<U>* pattern,
                                    uint64_t builtin_bits, uint32_t mask, const AscendC::GatherMaskParams& p,
                                    uint64_t& rsvd, SrcLoc loc) {
  constexpr uint32_t kE = 32 / sizeof(T);
  CoreContext& core = *t_core;
  const uint32_t repeats = p.repeatTimes;
  rsvd = 0;
  if (repeats == 0) {
    RsvdCnt() = RsvdCntReg{core.block_epoch, 0};
    return;
  }
  const uint64_t nb = (uint64_t{mask} + kE - 1) / kE;
  const uint64_t rep = uint64_t{p.src0RepeatStride} * 32, blk = uint64_t{p.src0BlockStride} * 32;
  const uint64_t tail = (uint64_t{mask} - (nb - 1) * kE) * sizeof(T);
  CheckLocal(api, "src0", src0, (repeats - 1) * rep + (nb - 1) * blk + tail, loc, true, Pipe::kCount);
  const auto* s = reinterpret_cast<const uint8_t*>(src0.addr_);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    for (uint32_t r = 0; r < repeats; ++r) {
      if (nb > 1) EmitLocalBursts(core, Pipe::kV, Access::kRead, *src0.buf_, s + r * rep,
                                  static_cast<uint32_t>(nb - 1), 32, blk, api, "src0", loc);
      EmitLocal(core, Pipe::kV, Access::kRead, *src0.buf_, s + r * rep + (nb - 1) * blk, tail, api, "src0", loc);
    }
  }
  const uint64_t pat_rep = uint64_t{p.src1RepeatStride} * 32;
  if (pattern) {
    const uint64_t pat_bytes = (uint64_t{mask} + 8 * sizeof(U) - 1) / (8 * sizeof(U)) * sizeof(U);
    CheckLocal(api, "src1Pattern", *pattern, (repeats - 1) * pat_rep + pat_bytes, loc);
  }
  std::vector<T> kept;
  for (uint32_t r = 0; r < repeats; ++r) {
    const uint8_t* pb = pattern ? reinterpret_cast<const uint8_t*>(pattern->addr_) + r * pat_rep : nullptr;
    for (uint64_t i = 0; i < mask; ++i) {
      const bool keep = pb ? ((pb[i / 8] >> (i % 8)) & 1) != 0 : ((builtin_bits >> (i % 64)) & 1) != 0;
      if (!keep) continue;
      T v;
      std::memcpy(static_cast<void*>(&v), s + r * rep + (i / kE) * blk + (i % kE) * sizeof(T), sizeof(T));
      kept.push_back(v);
    }
  }
  CheckLocal(api, "dst", dst, kept.size() * sizeof(T), loc);
  if (!kept.empty()) std::memcpy(static_cast<void*>(dst.addr_), kept.data(), kept.size() * sizeof(T));
  rsvd = kept.size();
  RsvdCnt() = RsvdCntReg{core.block_epoch, rsvd};
}

template <class T, class U>
inline void GatherMaskImpl(const char* api, const AscendC::LocalTensor<T>& dst,
                           const AscendC::LocalTensor<T>& src0, const AscendC::LocalTensor<U>* pattern,
                           uint32_t builtin, bool reduce_mode, uint32_t mask,
                           const AscendC::GatherMaskParams& p, uint64_t& rsvd, SrcLoc loc) {
  static_assert(sizeof(T) == 2 || sizeof(T) == 4, "GatherMask: 2- or 4-byte element types");
  using B = simd::GatherBitsT<T>;
  namespace hn = simd::hn;
  constexpr uint32_t kLanes = 256 / sizeof(T);
  constexpr uint32_t kE = 32 / sizeof(T);
  Enter(api, loc);
  uint64_t fixed[2] = {0, 0};
  if (!pattern && AICORE_UNLIKELY(!BuiltinPattern(builtin, fixed))) {
    Fail(ErrorKind::kParameter, api, loc,
         "src1Pattern " + std::to_string(builtin) +
             " is not a built-in pattern (1: even lanes, 2: odd, 3-6: lane 0-3 of every 4, 7: all)");
  }
  if (reduce_mode && AICORE_UNLIKELY(mask < 1)) {
    Fail(ErrorKind::kParameter, api, loc,
         "mask 0 (reduceMode true: the elements per repeat) is outside [1, 2^32 - 1]");
  }
  if (AICORE_UNLIKELY(p.repeatTimes > 255)) {
    Fail(ErrorKind::kParameter, api, loc,
         "repeatTimes " + std::to_string(p.repeatTimes) + " is outside [0, 255]");
  }
  if (reduce_mode && mask > kLanes) {
    GatherMaskWide(api, dst, src0, pattern, fixed[0], mask, p, rsvd, loc);
    return;
  }
  const uint32_t used = reduce_mode ? mask : kLanes;
  RepeatMask m;
  m.repeats = p.repeatTimes;
  m.lanes = kLanes;
  PrefixBits(used, m.bits);
  PrefixBits(used, m.last_bits);
  m.full = used == kLanes;
  rsvd = 0;
  if (m.repeats == 0) {
    RsvdCnt() = RsvdCntReg{t_core->block_epoch, 0};
    return;
  }
  const RepOperand g =
      RecordRepeatOperand(api, "src0", src0, m, p.src0BlockStride, p.src0RepeatStride, loc);
  const uint64_t pat_rep = uint64_t{p.src1RepeatStride} * 32;
  if (pattern) {
    const uint64_t pat_bytes = (used + 8 * sizeof(U) - 1) / (8 * sizeof(U)) * sizeof(U);
    CheckLocal(api, "src1Pattern", *pattern, (uint64_t{m.repeats} - 1) * pat_rep + pat_bytes, loc);
  }
  auto pat_of = [&](uint32_t r) -> const uint8_t* {
    return pattern ? reinterpret_cast<const uint8_t*>(pattern->addr_) + r * pat_rep
                   : reinterpret_cast<const uint8_t*>(fixed);
  };
  // Pass 1: the count, to check dst before writing.
  uint64_t total = 0;
  for (uint32_t r = 0; r < m.repeats; ++r) {
    const uint8_t* pb = pat_of(r);
    for (uint32_t o = 0; o < used; o += 64) {
      total += static_cast<uint64_t>(__builtin_popcountll(simd::BitsAt(pb, o, std::min<uint32_t>(64, used - o))));
    }
  }
  CheckLocal(api, "dst", dst, total * sizeof(T), loc);
  // Pass 2: compress repeat by repeat (each repeat staged first, so dst may
  // be src0).
  const hn::ScalableTag<B> d;
  const size_t N = hn::Lanes(d);
  HWY_ALIGN B st[kLanes];
  B* out = reinterpret_cast<B*>(dst.addr_);
  size_t pos = 0;
  const uint32_t nblocks = (used + kE - 1) / kE;
  for (uint32_t r = 0; r < m.repeats; ++r) {
    StageRepeat(g, r, nblocks, st);
    const uint8_t* pb = pat_of(r);
    for (uint32_t j = 0; j < used; j += static_cast<uint32_t>(N)) {
      const size_t k = std::min<size_t>(N, used - j);
      const uint64_t bits = simd::BitsAt(pb, j, k);
      if (bits == 0) continue;
      pos += simd::CompressAppend(d, hn::LoadU(d, st + j), simd::MaskFromBits(d, bits), out + pos);
    }
  }
  rsvd = total;
  RsvdCnt() = RsvdCntReg{t_core->block_epoch, total};
}

template <class T>
inline void GatherCheckCommon(const char* api, const AscendC::LocalTensor<T>& src,
                              const AscendC::LocalTensor<uint32_t>& offsets, uint64_t noff, SrcLoc loc) {
  CheckLocal(api, "srcOffset", offsets, noff * 4, loc);
  CheckLocal(api, "src", src, 0, loc);
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

template <typename T>
AICORE_INLINE void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                          const LocalTensor<uint32_t>& srcOffset, const uint32_t srcBaseAddr,
                          const uint32_t count, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(sizeof(T) == 2 || sizeof(T) == 4, "Gather: 2- or 4-byte element types");
  constexpr const char* api = "Gather";
  aicore::detail::Enter(api, loc);
  aicore::detail::CheckLocal(api, "dst", dst, uint64_t{count} * sizeof(T), loc);
  aicore::detail::GatherCheckCommon(api, src, srcOffset, count, loc);
  aicore::detail::CheckOffsets(api, srcOffset.addr_, count, srcBaseAddr, sizeof(T),
                               aicore::detail::AvailableBytes(src), [](size_t) { return true; }, loc);
  aicore::simd::GatherRun(dst.addr_, reinterpret_cast<const uint8_t*>(src.addr_) + srcBaseAddr,
                          srcOffset.addr_, count);
}

template <typename T, bool isSetMask = true>
AICORE_INLINE void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                          const LocalTensor<uint32_t>& srcOffset, const uint32_t srcBaseAddr,
                          const uint64_t mask[], const uint8_t repeatTimes, const uint16_t dstRepStride,
                          aicore::SrcLoc loc = aicore::SrcLoc::Current());
template <typename T, bool isSetMask = true>
AICORE_INLINE void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                          const LocalTensor<uint32_t>& srcOffset, const uint32_t srcBaseAddr,
                          const uint64_t mask, const uint8_t repeatTimes, const uint16_t dstRepStride,
                          aicore::SrcLoc loc = aicore::SrcLoc::Current());

template <typename T, typename U>
AICORE_INLINE void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                              const LocalTensor<U>& src1Pattern, const bool reduceMode,
                              const uint32_t mask, const GatherMaskParams& gatherMaskParams,
                              uint64_t& rsvdCnt, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert((sizeof(T) == 2 && std::is_same_v<U, uint16_t>) ||
                    (sizeof(T) == 4 && std::is_same_v<U, uint32_t>),
                "GatherMask: the pattern is uint16_t for 2-byte T, uint32_t for 4-byte T");
  aicore::detail::GatherMaskImpl("GatherMask", dst, src0, &src1Pattern, 0, reduceMode, mask,
                                 gatherMaskParams, rsvdCnt, loc);
}

template <typename T>
AICORE_INLINE void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                              const uint8_t src1Pattern, const bool reduceMode, const uint32_t mask,
                              const GatherMaskParams& gatherMaskParams, uint64_t& rsvdCnt,
                              aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::GatherMaskImpl<T, uint16_t>("GatherMask", dst, src0, nullptr, src1Pattern, reduceMode,
                                              mask, gatherMaskParams, rsvdCnt, loc);
}

AICORE_TARGET_END
}  // namespace AscendC

namespace aicore {
namespace detail {
AICORE_TARGET_BEGIN

template <class T>
inline void GatherRepeat(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                         const AscendC::LocalTensor<uint32_t>& offsets, uint32_t base, bool set_mask,
                         const MaskArg& mask, uint32_t repeat_times, uint32_t dst_rep,
                         SrcLoc loc) {
  static_assert(sizeof(T) == 2 || sizeof(T) == 4, "Gather: 2- or 4-byte element types");
  using B = simd::GatherBitsT<T>;
  constexpr const char* api = "Gather";
  constexpr uint32_t kLanes = 256 / sizeof(T);
  auto& core = Enter(api, loc);
  const RepeatMask m = ResolveMask(api, core, kLanes, set_mask, mask, repeat_times, loc);
  if (m.repeats == 0) return;
  const RepOperand gd = RecordRepeatOperand(api, "dst", dst, m, 1, dst_rep, loc);
  const uint64_t noff = (uint64_t{m.repeats} - 1) * kLanes + RepeatMask::LaneEnd(m.last_bits);
  GatherCheckCommon(api, src, offsets, noff, loc);
  const uint64_t avail = AvailableBytes(src);
  const uint8_t* sb = reinterpret_cast<const uint8_t*>(src.addr_) + base;
  namespace hn = simd::hn;
  const hn::ScalableTag<uint32_t> du;
  const size_t N = hn::Lanes(du);
  constexpr size_t kCap = kLanes + simd::kMaxLanesBytes / 4;
  HWY_ALIGN uint32_t chk[kCap];  // active offsets, 0 elsewhere (for the check)
  HWY_ALIGN uint32_t off[kCap];  // active offsets, src's start elsewhere
  HWY_ALIGN T vals[kCap];
  const auto to_start = hn::Set(du, 0u - base);
  for (uint32_t r = 0; r < m.repeats; ++r) {
    const uint64_t* bits = m.For(r);
    const uint32_t end = RepeatMask::LaneEnd(bits);
    if (end == 0) continue;
    // Offsets of inactive lanes are not used (they may be anything).
    const uint32_t* o = offsets.addr_ + size_t{r} * kLanes;
    for (uint32_t j = 0; j < end; j += static_cast<uint32_t>(N)) {
      const size_t k = std::min<size_t>(N, end - j);
      const auto active = simd::MaskFromBits(du, simd::BitsAt(bits, j, k));
      HWY_ALIGN uint32_t t[simd::kMaxLanesBytes / 4] = {};
      std::memcpy(t, o + j, k * 4);
      const auto v = hn::Load(du, t);
      hn::Store(hn::IfThenElseZero(active, v), du, chk + j);
      hn::Store(hn::IfThenElse(active, v, to_start), du, off + j);
    }
    CheckOffsets(api, chk, end, base, sizeof(T), avail,
                 [&](size_t l) { return ((bits[l >> 6] >> (l & 63)) & 1) != 0; }, loc);
    simd::GatherRun(vals, sb, off, end);
    UnstageRepeat<B>(gd, r, bits, vals);
  }
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

template <typename T, bool isSetMask>
AICORE_INLINE void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                          const LocalTensor<uint32_t>& srcOffset, const uint32_t srcBaseAddr,
                          const uint64_t mask[], const uint8_t repeatTimes, const uint16_t dstRepStride,
                          aicore::SrcLoc loc) {
  aicore::detail::GatherRepeat(dst, src, srcOffset, srcBaseAddr, isSetMask,
                               aicore::detail::MaskArg::Bits(mask), repeatTimes,
                               dstRepStride, loc);
}
template <typename T, bool isSetMask>
AICORE_INLINE void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                          const LocalTensor<uint32_t>& srcOffset, const uint32_t srcBaseAddr,
                          const uint64_t mask, const uint8_t repeatTimes, const uint16_t dstRepStride,
                          aicore::SrcLoc loc) {
  aicore::detail::GatherRepeat(dst, src, srcOffset, srcBaseAddr, isSetMask,
                               aicore::detail::MaskArg::Cont(mask), repeatTimes,
                               dstRepStride, loc);
}

AICORE_TARGET_END
}  // namespace AscendC
