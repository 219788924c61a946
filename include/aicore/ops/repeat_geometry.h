// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The geometry of a repeat-form operand: one description, used by every
// repeat-form instruction (mask.h has the masks).
//
// One repeat covers L lanes (L = 256 / size of the widest element type of
// the instruction). Each operand has its own block geometry: a block is
// always 32 bytes of that operand, and lane i lies in block i / E
// (E = 32 / size of the operand's element: 8 lanes of a 4-byte type, 16 of a
// 2-byte type, 64 of int4b_t). So a repeat covers L / E blocks of each
// operand: 8 of the widest, 4 of the half source of a half -> float Cast.
// For operand X, block b of repeat r starts at byte
//   base + r * XRepStride * 32 + b * XBlkStride * 32.
//
// RepOperand holds that addressing in bytes, with what the engines decide
// their paths by: `contig` (the blocks of a repeat are adjacent), `dense`
// (contig, and repeat r + 1 starts where repeat r ends) and `span`, the
// footprint (bytes from base to the end of the last block holding an active
// lane, over every repeat). RepeatOperand validates an operand (allocated,
// owned, 32-byte aligned start, footprint inside its buffer) and describes
// it; SanRepeat then records the access for the deep modes.
//
// Two engines run over it: the map engine (repeat.h: simd::RunRepeats, the
// element-wise instructions, Cast, Copy, the dequantizing casts) and the
// staged engine (lane_io.h: StageRepeat / UnstageRepeat, one repeat at a
// time through contiguous lanes: Compare/Select, Gather/GatherMask, the
// reductions).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

#include "aicore/base/error.h"
#include "aicore/base/type_name.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/ops/mask.h"
#include "aicore/runtime/context.h"
#include "aicore/instrument/event.h"
#include "aicore/simd/target.h"

namespace aicore {
namespace detail {
AICORE_TARGET_BEGIN

// ---- validation ------------------------------------------------------------

// Bytes from an operand's start to the end of its footprint in a
// repeat-form call: the end of the furthest block holding an active lane
// (0 when no lane is active). `lanes_per_block` is the operand's E;
// `block_bytes` the bytes of a block it touches (32; 16 for the half-block
// int8 destination of CastDequant).
inline uint64_t RepeatSpan(const RepeatMask& m, uint32_t lanes_per_block, uint32_t blk_stride,
                           uint32_t rep_stride, uint32_t block_bytes = 32) {
  // The furthest byte: the last active block of the last full-mask repeat
  // or of the final (possibly partial) repeat.
  uint64_t span = 0;
  auto extend = [&](uint32_t r, const uint64_t* bits) {
    const uint32_t lane_end = RepeatMask::LaneEnd(bits);
    if (lane_end == 0) return;
    const uint64_t last_block = (lane_end - 1) / lanes_per_block;
    span = std::max<uint64_t>(span, uint64_t{r} * rep_stride * 32u +
                                        last_block * blk_stride * 32u + block_bytes);
  };
  if (m.repeats >= 2) extend(m.repeats - 2, m.bits);
  if (m.repeats >= 1) extend(m.repeats - 1, m.last_bits);
  return span;
}

[[noreturn]] AICORE_COLD inline void FailFootprint(const char* api, const char* role,
                                                   const BufferDesc& b, const uint8_t* addr,
                                                   uint64_t span, const RepeatMask& m,
                                                   uint32_t blk_stride, uint32_t rep_stride,
                                                   SrcLoc loc) {
  const uint64_t byte = static_cast<uint64_t>(addr - b.base);
  Fail(ErrorKind::kBounds, api, loc,
       std::string(role) + " footprint of " + std::to_string(m.repeats) +
           (m.repeats == 1 ? " repeat" : " repeats") + " (block stride " +
           std::to_string(blk_stride) + ", repeat stride " + std::to_string(rep_stride) +
           " in 32-byte blocks" + (m.counter ? ", counter mode " + std::to_string(m.count) +
                                                   " elements"
                                             : std::string()) +
           ") covers " + std::to_string(span) + " bytes from byte offset " + std::to_string(byte) +
           " and ends " + std::to_string(byte + span - b.bytes) + " bytes past the end of the " +
           std::to_string(b.bytes) + "-byte " + b.Describe());
}

// CheckRepeatBounds: the operand is allocated and owned, its start 32-byte
// aligned, its whole footprint — every block holding an active lane, in
// every repeat — inside its buffer; returns the footprint (RepeatSpan).
// SanRepeatOperand: the deep modes' record of the access (call it once
// every operand of the instruction passed CheckRepeatBounds, so that no deep
// check walks a range the instruction is refused for: a counter-mode count
// can make that range 2^32 repeats long). CheckRepeatOperand: both.
template <class T>
AICORE_INLINE uint64_t CheckRepeatBounds(const char* api, const char* role,
                                         const AscendC::LocalTensor<T>& t, const RepeatMask& m,
                                         uint32_t lanes_per_block, uint32_t blk_stride,
                                         uint32_t rep_stride, SrcLoc loc,
                                         uint32_t block_bytes = 32) {
  const uint64_t span = RepeatSpan(m, lanes_per_block, blk_stride, rep_stride, block_bytes);
  CheckLocal(api, role, t, 0, loc);  // allocated, 32-byte aligned
  const uint8_t* p = reinterpret_cast<const uint8_t*>(t.addr_);
  if (AICORE_UNLIKELY(span > static_cast<uint64_t>(t.buf_->base + t.buf_->bytes - p))) {
    FailFootprint(api, role, *t.buf_, p, span, m, blk_stride, rep_stride, loc);
  }
  return span;
}
template <class T>
AICORE_INLINE void SanRepeatOperand(const char* api, const char* role,
                                    const AscendC::LocalTensor<T>& t, const RepeatMask& m,
                                    uint32_t lanes_per_block, uint32_t blk_stride,
                                    uint32_t rep_stride, uint64_t span, SrcLoc loc,
                                    uint32_t block_bytes = 32) {
  CoreContext* core = t_core;
  if (AICORE_UNLIKELY(core->instr != 0) && span != 0) {
    const instrument::RepeatFootprint rep{m.bits,          m.last_bits, m.repeats,
                                          m.lanes,         lanes_per_block, blk_stride,
                                          rep_stride,      block_bytes};
    EmitLocalRepeat(*core, IsDstRole(role) ? Access::kWrite : Access::kRead, *t.buf_,
                    reinterpret_cast<const uint8_t*>(t.addr_), rep, api, role, loc);
  }
}
template <class T>
AICORE_INLINE uint64_t CheckRepeatOperand(const char* api, const char* role,
                                          const AscendC::LocalTensor<T>& t, const RepeatMask& m,
                                          uint32_t lanes_per_block, uint32_t blk_stride,
                                          uint32_t rep_stride, SrcLoc loc,
                                          uint32_t block_bytes = 32) {
  const uint64_t span =
      CheckRepeatBounds(api, role, t, m, lanes_per_block, blk_stride, rep_stride, loc, block_bytes);
  SanRepeatOperand(api, role, t, m, lanes_per_block, blk_stride, rep_stride, span, loc, block_bytes);
  return span;
}

// ---- the operand description ---------------------------------------------------

// One operand of a repeat-form call, in bytes.
struct RepOperand {
  uint8_t* base = nullptr;
  uint32_t elem_bits = 0;    // 4, 8, 16, 32 or 64
  uint32_t blocks = 8;       // 32-byte blocks per repeat
  uint32_t block_lanes = 0;  // lanes per block (E)
  uint64_t blk = 32;         // bytes from block to block
  uint64_t rep = 256;        // bytes from repeat to repeat
  uint64_t span = 0;         // footprint: bytes from base (0: nothing accessed)
  bool contig = false;       // the blocks of a repeat are adjacent
  bool dense = false;        // contig, and repeat r + 1 starts where repeat r ends

  // Start of block b of repeat r.
  uint8_t* Block(uint64_t r, uint32_t b) const { return base + r * rep + b * blk; }
  // Address of lane `lane` of repeat r (for 4-bit elements: the byte holding it).
  uint8_t* Lane(uint64_t r, uint32_t lane) const {
    return Block(r, lane / block_lanes) + (lane % block_lanes) * elem_bits / 8;
  }
  // The operand from repeat r0 on (repeat r of the result is repeat r0 + r;
  // the footprint ends where this one's does).
  RepOperand From(uint64_t r0) const {
    RepOperand o = *this;
    o.base = Block(r0, 0);
    o.span = span > r0 * rep ? span - r0 * rep : 0;
    return o;
  }
};

template <class T>
AICORE_INLINE RepOperand MakeRepOperand(const AscendC::LocalTensor<T>& t, const RepeatMask& m,
                                        uint32_t blk_stride, uint32_t rep_stride, uint64_t span) {
  RepOperand o;
  o.base = reinterpret_cast<uint8_t*>(t.addr_);
  o.elem_bits = kElemBits<T>;
  o.block_lanes = 256 / o.elem_bits;
  o.blocks = m.lanes / o.block_lanes;
  o.blk = uint64_t{blk_stride} * 32;
  o.rep = uint64_t{rep_stride} * 32;
  o.span = span;
  o.contig = blk_stride == 1 || o.blocks == 1;
  o.dense = o.contig && o.rep == uint64_t{o.blocks} * 32;
  return o;
}

// Validates one operand (CheckRepeatBounds) and describes it. The deep
// modes record it afterwards (SanRepeat), once every operand of the call
// passed.
template <class T>
AICORE_INLINE RepOperand RepeatOperand(const char* api, const char* role,
                                       const AscendC::LocalTensor<T>& t, const RepeatMask& m,
                                       uint32_t blk_stride, uint32_t rep_stride, SrcLoc loc) {
  const uint64_t span =
      CheckRepeatBounds(api, role, t, m, 256 / kElemBits<T>, blk_stride, rep_stride, loc);
  return MakeRepOperand(t, m, blk_stride, rep_stride, span);
}
template <class T>
AICORE_INLINE void SanRepeat(const char* api, const char* role, const AscendC::LocalTensor<T>& t,
                             const RepeatMask& m, uint32_t blk_stride, uint32_t rep_stride,
                             const RepOperand& o, SrcLoc loc) {
  SanRepeatOperand(api, role, t, m, 256 / kElemBits<T>, blk_stride, rep_stride, o.span, loc);
}
// RepeatOperand, then SanRepeat at once (for instructions that validate and
// record operand by operand).
template <class T>
AICORE_INLINE RepOperand RecordRepeatOperand(const char* api, const char* role,
                                             const AscendC::LocalTensor<T>& t,
                                             const RepeatMask& m, uint32_t blk_stride,
                                             uint32_t rep_stride, SrcLoc loc) {
  const RepOperand o = RepeatOperand(api, role, t, m, blk_stride, rep_stride, loc);
  SanRepeat(api, role, t, m, blk_stride, rep_stride, o, loc);
  return o;
}

// Whether source s overlaps dst other than exactly in place (same start,
// strides and element size).
AICORE_INLINE bool Hazard(const RepOperand& s, const RepOperand& dst) {
  const bool same = s.base == dst.base && s.blk == dst.blk && s.rep == dst.rep &&
                    s.elem_bits == dst.elem_bits;
  return !same && s.span != 0 && dst.span != 0 && s.base < dst.base + dst.span &&
         dst.base < s.base + s.span;
}

// ---- lanes and blocks of a mask ---------------------------------------------------

// The active-lane bits of block j (lanes_per_block in {4, 8, 16, 32, 64}).
AICORE_INLINE uint64_t BlockBits(const uint64_t* bits, uint32_t j, uint32_t lanes_per_block) {
  const uint32_t lane = j * lanes_per_block;
  const uint64_t w = bits[lane >> 6] >> (lane & 63);
  return lanes_per_block >= 64 ? w : (w & ((uint64_t{1} << lanes_per_block) - 1));
}

// Blocks of a repeat that hold an active lane, counted from block 0: the
// blocks an instruction reads or writes for that repeat.
inline uint32_t ActiveBlocks(const uint64_t* bits, uint32_t lanes_per_block) {
  const uint32_t end = RepeatMask::LaneEnd(bits);
  return (end + lanes_per_block - 1) / lanes_per_block;
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore
