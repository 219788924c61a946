// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The reference model of the repeat forms, for every instruction family
// (element-wise, Cast, Compare/Select, Gather, the reductions): which lanes
// are active (RepeatPlan), where a lane lies (LaneByte), and the order in
// which a repeat-form instruction reads and writes (RunRepeat). It follows
// the semantics documented in include/aicore/ops/repeat_geometry.h, mask.h
// and repeat.h, written independently of them, lane by lane.
//
// Geometry. A repeat covers `lanes` lanes (256 bytes of the widest element
// type of the instruction). Operand X with b-bit elements holds 256 / b
// lanes per 32-byte block; lane l of repeat r is at byte
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
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace aicore_test {
namespace ref {

// Lanes per repeat and per 32-byte block of a same-width instruction on T.
template <class T>
constexpr uint32_t kLanes = 256 / sizeof(T);
template <class T>
constexpr uint32_t kE = 32 / sizeof(T);

// The active lanes of every repeat of a call.
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
  // Whether repeat r has an active lane.
  bool Any(uint32_t r) const {
    for (uint32_t l = 0; l < lanes; ++l) {
      if (Active(r, l)) return true;
    }
    return false;
  }
};

// Normal mode: the lanes of a bit mask (lo = lanes 0..63, hi = 64..127).
inline RepeatPlan BitsPlan(uint32_t lanes, uint32_t repeats, uint64_t lo, uint64_t hi) {
  RepeatPlan p;
  p.lanes = lanes;
  p.repeats = repeats;
  p.bits[0] = lo;
  p.bits[1] = hi;
  return p;
}
// Normal mode: a continuous mask, lanes [0, m).
inline RepeatPlan PrefixPlan(uint32_t lanes, uint32_t repeats, uint64_t m) {
  RepeatPlan p;
  p.lanes = lanes;
  p.repeats = repeats;
  for (uint64_t l = 0; l < m && l < 128; ++l) p.bits[l / 64] |= uint64_t{1} << (l % 64);
  return p;
}
// Counter mode: the first `count` lanes of the call.
inline RepeatPlan CounterPlan(uint32_t lanes, uint64_t count) {
  RepeatPlan p;
  p.lanes = lanes;
  p.counter = true;
  p.count = count;
  p.repeats = static_cast<uint32_t>((count + lanes - 1) / lanes);
  return p;
}

// One operand: where it starts in the image and its strides.
struct Operand {
  size_t offset = 0;  // bytes into the image
  uint32_t blk = 1;   // block stride, 32-byte units
  uint32_t rep = 8;   // repeat stride, 32-byte units
};

// Byte of lane `lane` of repeat r (for 4-bit elements: the byte holding it).
inline size_t LaneByte(const Operand& o, uint32_t elem_bits, uint32_t r, uint32_t lane) {
  const uint32_t per_block = 256 / elem_bits;
  return o.offset + size_t{r} * o.rep * 32 + size_t{lane / per_block} * o.blk * 32 +
         size_t{lane % per_block} * elem_bits / 8;
}
// Element index of lane l of repeat r of an operand of T at element 0.
template <class T>
size_t LaneElem(uint32_t r, uint32_t l, uint32_t blk, uint32_t rep) {
  return LaneByte(Operand{0, blk, rep}, 8 * sizeof(T), r, l) / sizeof(T);
}

// The footprint of an operand under a plan, in bytes from its offset: to
// the end of the furthest block holding an active lane (what the library
// checks against the buffer), or to the end of the furthest active lane.
inline size_t BlockSpan(const RepeatPlan& p, const Operand& o, uint32_t elem_bits) {
  const Operand z{0, o.blk, o.rep};
  size_t end = 0;
  for (uint32_t r = 0; r < p.repeats; ++r) {
    for (uint32_t l = 0; l < p.lanes; ++l) {
      if (p.Active(r, l)) end = std::max(end, LaneByte(z, elem_bits, r, l) / 32 * 32 + 32);
    }
  }
  return end;
}
inline size_t LaneSpan(const RepeatPlan& p, const Operand& o, uint32_t elem_bits) {
  const Operand z{0, o.blk, o.rep};
  size_t end = 0;
  for (uint32_t r = 0; r < p.repeats; ++r) {
    for (uint32_t l = 0; l < p.lanes; ++l) {
      if (p.Active(r, l)) {
        end = std::max(end, LaneByte(z, elem_bits, r, l) + std::max<size_t>(elem_bits / 8, 1));
      }
    }
  }
  return end;
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

}  // namespace ref
}  // namespace aicore_test
