// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The masks of the repeat-form instructions: the repeat parameter structs,
// the vector mask registers, the mask argument of a call (MaskArg) and its
// resolution into the active lanes of every repeat (RepeatMask). The operand
// geometry is in repeat_geometry.h.
//
// One repeat covers 256 bytes of the widest element type of the
// instruction: 128 lanes of a 2-byte type, 64 of a 4-byte type.
//
// Masks: a continuous mask m activates lanes [0, m) of every repeat; a bit
// mask uint64_t[2] activates lane i when bit i is set (mask[0] = lanes 0..63,
// mask[1] = lanes 64..127). With isSetMask = false the mask comes from the
// registers set by SetVectorMask. In counter mode (SetMaskCount) the mask
// value is a total element count: ceil(count / lanes) repeats run, the last
// one partial, and repeatTimes is ignored. Masked-off destination lanes keep
// their old values.
#pragma once

#include <cstdint>
#include <string>

#include "aicore/base/error.h"
#include "aicore/base/type_name.h"
#include "aicore/ops/check.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/target.h"

namespace AscendC {

struct BinaryRepeatParams {
  uint8_t dstBlkStride = 1;
  uint8_t src0BlkStride = 1;
  uint8_t src1BlkStride = 1;
  uint8_t dstRepStride = 8;
  uint8_t src0RepStride = 8;
  uint8_t src1RepStride = 8;
  BinaryRepeatParams() = default;
  BinaryRepeatParams(uint8_t dstBlk, uint8_t src0Blk, uint8_t src1Blk, uint8_t dstRep,
                     uint8_t src0Rep, uint8_t src1Rep)
      : dstBlkStride(dstBlk),
        src0BlkStride(src0Blk),
        src1BlkStride(src1Blk),
        dstRepStride(dstRep),
        src0RepStride(src0Rep),
        src1RepStride(src1Rep) {}
};

struct UnaryRepeatParams {
  uint16_t dstBlkStride = 1;
  uint16_t srcBlkStride = 1;
  uint8_t dstRepStride = 8;
  uint8_t srcRepStride = 8;
  UnaryRepeatParams() = default;
  UnaryRepeatParams(uint16_t dstBlk, uint16_t srcBlk, uint8_t dstRep, uint8_t srcRep)
      : dstBlkStride(dstBlk), srcBlkStride(srcBlk), dstRepStride(dstRep), srcRepStride(srcRep) {}
};

AICORE_TARGET_BEGIN

// Mask registers. SetVectorMask<T>(high, low): bit mask (normal mode) — in
// counter mode `low` is the element count.
template <typename T>
AICORE_INLINE void SetVectorMask(uint64_t maskHigh, uint64_t maskLow,
                                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  auto& core = aicore::detail::Enter("SetVectorMask", loc);
  core.mask_bits[0] = maskLow;
  core.mask_bits[1] = maskHigh;
}

// SetVectorMask<T>(len): the first len lanes (normal mode) or len elements
// (counter mode).
template <typename T>
AICORE_INLINE void SetVectorMask(int32_t len, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  auto& core = aicore::detail::Enter("SetVectorMask", loc);
  if (core.mask_counter_mode) {
    if (AICORE_UNLIKELY(len < 0)) {
      aicore::detail::Fail(aicore::ErrorKind::kParameter, "SetVectorMask", loc,
                           "counter-mode element count " + std::to_string(len) + " is negative");
    }
    core.mask_bits[0] = static_cast<uint64_t>(len);
    core.mask_bits[1] = 0;
    return;
  }
  constexpr int32_t kLanes = 256 / static_cast<int32_t>(sizeof(T));
  if (AICORE_UNLIKELY(len < 0 || len > kLanes)) {
    aicore::detail::Fail(aicore::ErrorKind::kParameter, "SetVectorMask", loc,
                         "mask length " + std::to_string(len) + " is outside [0, " +
                             std::to_string(kLanes) + "] lanes of " +
                             aicore::detail::TypeName<T>());
  }
  core.mask_bits[0] = len >= 64 ? ~uint64_t{0} : ((uint64_t{1} << len) - 1);
  core.mask_bits[1] = len <= 64 ? 0 : (len >= 128 ? ~uint64_t{0} : ((uint64_t{1} << (len - 64)) - 1));
}

AICORE_INLINE void SetMaskNorm(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("SetMaskNorm", loc).mask_counter_mode = false;
}
AICORE_INLINE void SetMaskCount(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("SetMaskCount", loc).mask_counter_mode = true;
}
// All lanes active (normal mode keeps its mode; the register is all ones).
AICORE_INLINE void ResetMask(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  auto& core = aicore::detail::Enter("ResetMask", loc);
  core.mask_bits[0] = core.mask_bits[1] = ~uint64_t{0};
}

AICORE_TARGET_END
}  // namespace AscendC

namespace aicore {
namespace detail {
[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailMask(const char* api, const std::string& what,
                                                       SrcLoc loc);

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailRepeatTimes(const char* api, int64_t n,
                                                              SrcLoc loc);

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailContinuousMask(const char* api, uint64_t n,
                                                                 uint32_t lanes,
                                                                 SrcLoc loc);

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailBitMask(const char* api, const uint64_t* mask,
                                                          uint32_t lanes, SrcLoc loc);

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailCounterCount(const char* api, uint64_t n,
                                                               SrcLoc loc);

AICORE_TARGET_BEGIN

// The lanes active in each repeat of one repeat-form call, resolved once.
// Repeats [0, repeats) use `bits`, except that in counter mode the last
// repeat uses `last_bits` (the remainder).
struct RepeatMask {
  uint32_t repeats = 0;
  uint32_t lanes = 0;  // lanes per repeat
  uint64_t bits[2] = {0, 0};
  uint64_t last_bits[2] = {0, 0};
  bool full = false;  // every lane of every repeat active
  bool counter = false;  // resolved in counter mode: `count` elements from lane 0 on
  uint64_t count = 0;

  const uint64_t* For(uint32_t r) const { return r + 1 == repeats ? last_bits : bits; }
  bool Active(const uint64_t* b, uint32_t lane) const { return (b[lane >> 6] >> (lane & 63)) & 1; }
  // Highest active lane + 1 in a repeat's mask (0 if none).
  static uint32_t LaneEnd(const uint64_t* b) {
    if (b[1]) return 128 - static_cast<uint32_t>(__builtin_clzll(b[1]));
    if (b[0]) return 64 - static_cast<uint32_t>(__builtin_clzll(b[0]));
    return 0;
  }
};

inline void PrefixBits(uint64_t n, uint64_t out[2]) {
  out[0] = n >= 64 ? ~uint64_t{0} : ((uint64_t{1} << n) - 1);
  out[1] = n <= 64 ? 0 : (n >= 128 ? ~uint64_t{0} : ((uint64_t{1} << (n - 64)) - 1));
}

// The mask argument of a repeat-form call as the kernel passed it: a
// continuous mask (the value; in counter mode the element count) or a
// uint64_t[2] bit mask. With isSetMask = false it is not read.
struct MaskArg {
  uint64_t value = 0;
  const uint64_t* bits = nullptr;
  bool is_bits = false;
  static MaskArg Cont(uint64_t m) {
    MaskArg a;
    a.value = m;
    return a;
  }
  static MaskArg Bits(const uint64_t* m) {
    MaskArg a;
    a.bits = m;
    a.is_bits = true;
    return a;
  }
};

// Resolves the mask of a repeat-form call. `lanes` = lanes per repeat (of
// the wider type for mixed-width instructions). With set_mask == false the
// registers are used instead of `arg`. (The argument is read by value,
// never through its address, so that the compiler folds what the call site
// knows: whether it is a bit mask, and often the mask itself.)
// Every lane of repeat_times repeats (an instruction that takes no mask).
AICORE_INLINE RepeatMask AllLanes(const char* api, uint32_t lanes, uint32_t repeat_times, SrcLoc loc) {
  if (AICORE_UNLIKELY(repeat_times > 255)) FailRepeatTimes(api, repeat_times, loc);
  RepeatMask m;
  m.lanes = lanes;
  m.repeats = repeat_times;
  PrefixBits(lanes, m.bits);
  m.last_bits[0] = m.bits[0];
  m.last_bits[1] = m.bits[1];
  m.full = true;
  return m;
}

AICORE_INLINE RepeatMask ResolveMask(const char* api, const CoreContext& core, uint32_t lanes,
                                     bool set_mask, const MaskArg& arg, uint32_t repeat_times,
                                     SrcLoc loc) {
  const bool is_bits = arg.is_bits;
  RepeatMask m;
  m.lanes = lanes;
  if (core.mask_counter_mode) {
    // Counter mode: the mask value is an element count.
    const uint64_t count = set_mask ? (is_bits ? arg.bits[0] : arg.value) : core.mask_bits[0];
    const uint64_t repeats = count / lanes + (count % lanes != 0 ? 1 : 0);
    if (AICORE_UNLIKELY(repeats > 0xFFFFFFFFu)) FailCounterCount(api, count, loc);
    m.counter = true;
    m.count = count;
    m.repeats = static_cast<uint32_t>(repeats);
    PrefixBits(lanes, m.bits);
    const uint64_t rem = count - uint64_t{lanes} * (m.repeats ? m.repeats - 1 : 0);
    PrefixBits(rem, m.last_bits);
    m.full = count % lanes == 0;
    return m;
  }
  if (AICORE_UNLIKELY(repeat_times > 255)) FailRepeatTimes(api, repeat_times, loc);
  m.repeats = repeat_times;
  if (!set_mask) {
    m.bits[0] = core.mask_bits[0];
    m.bits[1] = core.mask_bits[1];
  } else if (!is_bits) {
    const uint64_t n = arg.value;
    if (AICORE_UNLIKELY(n < 1 || n > lanes)) FailContinuousMask(api, n, lanes, loc);
    PrefixBits(n, m.bits);
  } else {
    m.bits[0] = arg.bits[0];
    m.bits[1] = arg.bits[1];
  }
  // Lanes beyond the repeat: a bit mask of a 4-byte type must leave mask[1]
  // zero. (Register masks are clipped silently, as the hardware ignores them.)
  uint64_t valid[2];
  PrefixBits(lanes, valid);
  if (set_mask && is_bits && AICORE_UNLIKELY((m.bits[0] & ~valid[0]) || (m.bits[1] & ~valid[1]))) {
    FailBitMask(api, arg.bits, lanes, loc);
  }
  m.bits[0] &= valid[0];
  m.bits[1] &= valid[1];
  m.last_bits[0] = m.bits[0];
  m.last_bits[1] = m.bits[1];
  m.full = m.bits[0] == valid[0] && m.bits[1] == valid[1];
  return m;
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

#if AICORE_RT_DEFINITIONS
#include "aicore/ops/mask-inl.h"
#endif
