// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The dequantization instructions of the Atlas A2 (Ascend910B) vector unit
// and their DEQSCALE register (CoreContext::deq_scale):
//
//   SetDeqScale(half scale)                      s322fp16: CastDequant int32_t -> half, AddDeqRelu
//   SetDeqScale(float scale, int16_t offset, bool signMode)
//                                                s162b8, isVecDeq = false
//   SetDeqScale(LocalTensor<uint64_t> vdeq, VdeqInfo)
//                                                s162b8, isVecDeq = true (16 parameter sets)
//   CastDequant / CastDeq<T, U, [isSetMask,] isVecDeq, halfBlock>   (count and repeat forms)
//   AddDeqRelu(dst half, src0 int32_t, src1 int32_t)                (count and repeat forms)
//
// Register layout (vendor table): half scale in bits 0..15; or float scale in
// bits 0..31, 9-bit signed offset in bits 37..45, signMode in bit 46; in
// vector mode the register addresses 128 bytes of UB holding 16 such 64-bit
// words (kept here as the UB byte address).
//
// Numerics:
//   * int32_t -> half (CastDequant s322fp16, AddDeqRelu): the documented
//     overflow-protected sequence in float: f = float(x) (RNE),
//     f *= 2^-17, f *= float(scale), f *= 2^17, then RINT (round to nearest
//     even) to half; results beyond the half range become +-inf (IEEE).
//     AddDeqRelu adds in int32_t first (two's-complement wrap, as the vector
//     add of int32_t), and its ReLU gives +0 for every result not > 0.
//   * int16_t -> int8_t/uint8_t: dst = sat(round(src * scale + offset)), the
//     scale read as (1, 8, 10) bits (the 13 low mantissa bits of the float
//     are dropped), computed exactly in double. The docs leave the rounding
//     open: this model rounds to nearest, ties to even. Saturation to
//     [-128, 127] (signMode true, int8_t) or [0, 255] (false, uint8_t); the
//     destination type must match signMode (a parameter error otherwise).
//   * Each input DataBlock (16 int16_t) gives 16 bytes written to the upper
//     half (bytes 16..31, halfBlock = true) or the lower half (bytes 0..15,
//     halfBlock = false) of the matching 32-byte dst block; the other half is
//     untouched. In vector mode lane k of a block uses parameter set k.
//   * Calling an instruction without the matching SetDeqScale in the block
//     (the register is reset at block start) is a parameter error: the docs
//     require the pairing.
//
// Repeat forms: lanes per repeat from the source (128 for int16_t, 64 for
// int32_t); masks and counter mode as every repeat instruction (mask.h).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "aicore/base/half.h"
#include "aicore/base/type_name.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/ops/mask.h"
#include "aicore/ops/repeat_geometry.h"
#include "aicore/ops/repeat.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/target.h"

namespace AscendC {

constexpr int32_t VDEQ_TENSOR_SIZE = 16;

struct VdeqInfo {
  VdeqInfo() {}
  VdeqInfo(const float vdeqScaleIn[VDEQ_TENSOR_SIZE], const int16_t vdeqOffsetIn[VDEQ_TENSOR_SIZE],
           const bool vdeqSignModeIn[VDEQ_TENSOR_SIZE]) {
    for (int32_t i = 0; i < VDEQ_TENSOR_SIZE; ++i) {
      vdeqScale[i] = vdeqScaleIn[i];
      vdeqOffset[i] = vdeqOffsetIn[i];
      vdeqSignMode[i] = vdeqSignModeIn[i];
    }
  }
  float vdeqScale[VDEQ_TENSOR_SIZE] = {0};
  int16_t vdeqOffset[VDEQ_TENSOR_SIZE] = {0};
  bool vdeqSignMode[VDEQ_TENSOR_SIZE] = {0};
};

}  // namespace AscendC

namespace aicore {
namespace detail {
AICORE_TARGET_BEGIN

enum : uint8_t { kDeqNone = 0, kDeqHalf = 1, kDeqScalar = 2, kDeqVector = 3 };

// The 64-bit DEQSCALE word of one s162b8 parameter set.
inline uint64_t MakeDeqWord(float scale, int16_t offset, bool sign_mode) {
  uint32_t sbits;
  std::memcpy(&sbits, &scale, 4);
  return (uint64_t{sign_mode} << 46) |
         ((static_cast<uint64_t>(static_cast<uint16_t>(offset)) & 0x1FFu) << 37) | sbits;
}

// Round to nearest, ties to even (independent of the FP environment).
inline double DeqRoundEven(double v) {
  const double f = std::floor(v);
  const double d = v - f;
  if (d > 0.5) return f + 1;
  if (d < 0.5) return f;
  return std::fmod(f, 2.0) == 0 ? f : f + 1;
}

// One int16_t -> b8 dequantization under parameter word `w` (see the header).
inline uint8_t DeqS16ToB8(int16_t x, uint64_t w) {
  const uint32_t sbits = static_cast<uint32_t>(w) & 0xFFFFE000u;  // (1, 8, 10)
  float scale;
  std::memcpy(&scale, &sbits, 4);
  int32_t off = static_cast<int32_t>((w >> 37) & 0x1FFu);
  if (off >= 256) off -= 512;
  const bool sign_mode = (w >> 46) & 1u;
  const double v = static_cast<double>(x) * static_cast<double>(scale) + off;
  const double lo = sign_mode ? -128.0 : 0.0, hi = sign_mode ? 127.0 : 255.0;
  if (std::isnan(v)) return 0;
  const double r = v <= lo ? lo : (v >= hi ? hi : DeqRoundEven(v));
  return sign_mode ? static_cast<uint8_t>(static_cast<int8_t>(r)) : static_cast<uint8_t>(r);
}

// int32_t -> half under a half scale: the documented 2^17 sequence in float.
inline half DeqS32ToHalf(int32_t x, half scale) {
  float f = static_cast<float>(x);
  f *= 0x1p-17f;
  f *= static_cast<float>(scale);
  f *= 0x1p17f;
  return half(f);
}

inline half DeqReluS32(int32_t a, int32_t b, half scale) {
  const int32_t s = static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
  const half h = DeqS32ToHalf(s, scale);
  return static_cast<float>(h) > 0.0f ? h : half::FromBits(0);
}

inline const char* DeqModeName(uint8_t m) {
  switch (m) {
    case kDeqHalf: return "SetDeqScale(half scale)";
    case kDeqScalar: return "SetDeqScale(float scale, int16_t offset, bool signMode)";
    case kDeqVector: return "SetDeqScale(LocalTensor<uint64_t> vdeq, VdeqInfo)";
    default: return "no SetDeqScale call";
  }
}

[[noreturn]] AICORE_COLD inline void FailDeqMode(const char* api, const char* scene, uint8_t have,
                                                 uint8_t want, SrcLoc loc) {
  Fail(ErrorKind::kParameter, api, loc,
       std::string(scene) + " needs the DEQSCALE register set by " + DeqModeName(want) +
           ", but the block has made " + DeqModeName(have) +
           (have == kDeqNone ? " (call SetDeqScale first)" : " (the overload that set it)"));
}

// Checks the register mode; for s162b8 returns the 16 parameter words (one
// repeated 16 times in scalar mode) and checks signMode against T.
template <class T>
inline void DeqWords(const char* api, const CoreContext& core, bool vec, uint64_t words[16],
                     SrcLoc loc) {
  const uint8_t want = vec ? kDeqVector : kDeqScalar;
  if (AICORE_UNLIKELY(core.deq_mode != want)) {
    FailDeqMode(api, vec ? "int16_t -> b8 with isVecDeq = true" : "int16_t -> b8 with isVecDeq = false",
                core.deq_mode, want, loc);
  }
  if (vec) {
    const uint8_t* p = core.arena[static_cast<int>(Memory::kUB)].get() + core.deq_scale;
    std::memcpy(words, p, 16 * sizeof(uint64_t));
  } else {
    for (int k = 0; k < 16; ++k) words[k] = core.deq_scale;
  }
  constexpr bool kSigned = std::is_same<T, int8_t>::value;
  for (int k = 0; k < (vec ? 16 : 1); ++k) {
    const bool sm = (words[k] >> 46) & 1u;
    if (AICORE_UNLIKELY(sm != kSigned)) {
      Fail(ErrorKind::kParameter, api, loc,
           std::string("dst type ") + TypeName<T>() + " does not match signMode " +
               (sm ? "true" : "false") +
               (vec ? " of parameter set " + std::to_string(k) : std::string()) +
               " set by SetDeqScale (signMode true needs int8_t, false uint8_t)");
    }
  }
}

inline half DeqHalfScale(const char* api, const CoreContext& core, SrcLoc loc) {
  if (AICORE_UNLIKELY(core.deq_mode != kDeqHalf)) {
    FailDeqMode(api, "int32_t -> half", core.deq_mode, kDeqHalf, loc);
  }
  return half::FromBits(static_cast<uint16_t>(core.deq_scale));
}

inline void CheckCount32(const char* api, uint32_t count, SrcLoc loc) {
  if (AICORE_UNLIKELY(count >= 0x80000000u)) FailNegativeCount32(api, count, loc);
}

// Byte offset of lane `lane` of repeat r of an operand with `lpb` lanes per
// 32-byte block of `eb`-byte elements.
inline uint64_t DeqLaneByte(uint32_t r, uint32_t lane, uint32_t lpb, uint32_t eb, uint32_t blk,
                            uint32_t rep) {
  return uint64_t{r} * rep * 32 + uint64_t{lane / lpb} * blk * 32 + uint64_t{lane % lpb} * eb;
}

template <class T, class U, bool kVec, bool kHalfBlock>
inline void CastDequantRepeat(const char* api, bool set_mask, const MaskArg& mask,
                              int32_t repeat_times, const AscendC::LocalTensor<T>& dst,
                              const AscendC::LocalTensor<U>& src,
                              const AscendC::UnaryRepeatParams& p, SrcLoc loc) {
  static_assert((std::is_same<U, int16_t>::value &&
                 (std::is_same<T, int8_t>::value || std::is_same<T, uint8_t>::value)) ||
                    (std::is_same<U, int32_t>::value && std::is_same<T, half>::value),
                "CastDequant: supported (src, dst) pairs are (int16_t, int8_t), (int16_t, uint8_t), "
                "(int32_t, half)");
  CoreContext& core = Enter(api, loc);
  constexpr bool kB8 = sizeof(U) == 2;
  constexpr uint32_t kLanes = kB8 ? 128 : 64;
  const RepeatMask m = ResolveRepeatMask(api, core, kLanes, set_mask, mask, repeat_times, loc);
  const RepOperand so = RepeatOperand(api, "src", src, m, p.srcBlkStride, p.srcRepStride, loc);
  uint64_t dspan = 0;
  if constexpr (kB8) {
    // dst: one 32-byte block per 16 source lanes, half of it written.
    dspan = CheckRepeatBounds(api, "dst", dst, m, 16, p.dstBlkStride, p.dstRepStride, loc,
                              kHalfBlock ? 32u : 16u);
  } else {
    dspan = RepeatOperand(api, "dst", dst, m, p.dstBlkStride, p.dstRepStride, loc).span;
  }
  uint64_t words[16] = {};
  half hscale{};
  if constexpr (kB8) {
    DeqWords<T>(api, core, kVec, words, loc);
  } else {
    hscale = DeqHalfScale(api, core, loc);
  }
  SanRepeat(api, "src", src, m, p.srcBlkStride, p.srcRepStride, so, loc);
  if constexpr (kB8) {
    SanRepeatOperand(api, "dst", dst, m, 16, p.dstBlkStride, p.dstRepStride, dspan, loc,
                     kHalfBlock ? 32u : 16u);
  } else {
    SanRepeatOperand(api, "dst", dst, m, 16, p.dstBlkStride, p.dstRepStride, dspan, loc);
  }
  const uint8_t* sb = reinterpret_cast<const uint8_t*>(src.addr_);
  uint8_t* db = reinterpret_cast<uint8_t*>(dst.addr_);
  for (uint32_t r = 0; r < m.repeats; ++r) {
    const uint64_t* bits = m.For(r);
    T tmp[kLanes];
    for (uint32_t l = 0; l < kLanes; ++l) {  // every read of the repeat first
      if (!m.Active(bits, l)) continue;
      U x;
      std::memcpy(&x, sb + DeqLaneByte(r, l, 32 / sizeof(U), sizeof(U), p.srcBlkStride,
                                       p.srcRepStride), sizeof(U));
      if constexpr (kB8) {
        tmp[l] = static_cast<T>(DeqS16ToB8(x, words[l % 16]));
      } else {
        tmp[l] = DeqS32ToHalf(x, hscale);
      }
    }
    for (uint32_t l = 0; l < kLanes; ++l) {
      if (!m.Active(bits, l)) continue;
      uint64_t off;
      if constexpr (kB8) {
        off = DeqLaneByte(r, l, 16, 1, p.dstBlkStride, p.dstRepStride) + (kHalfBlock ? 16 : 0);
      } else {
        off = DeqLaneByte(r, l, 16, 2, p.dstBlkStride, p.dstRepStride);
      }
      std::memcpy(db + off, &tmp[l], sizeof(T));
    }
  }
}

template <class T, class U, bool kVec, bool kHalfBlock>
inline void CastDequantCount(const char* api, const AscendC::LocalTensor<T>& dst,
                             const AscendC::LocalTensor<U>& src, uint32_t count, SrcLoc loc) {
  static_assert((std::is_same<U, int16_t>::value &&
                 (std::is_same<T, int8_t>::value || std::is_same<T, uint8_t>::value)) ||
                    (std::is_same<U, int32_t>::value && std::is_same<T, half>::value),
                "CastDequant: supported (src, dst) pairs are (int16_t, int8_t), (int16_t, uint8_t), "
                "(int32_t, half)");
  CoreContext& core = Enter(api, loc);
  CheckCount32(api, count, loc);
  constexpr bool kB8 = sizeof(U) == 2;
  // Counter mode with the default strides: 16 source lanes per dst block.
  const uint64_t dbytes =
      count == 0 ? 0
                 : (kB8 ? uint64_t{(count - 1) / 16} * 32 + (kHalfBlock ? 16 : 0) + (count - 1) % 16 + 1
                        : uint64_t{count} * sizeof(T));
  CheckLocal(api, "dst", dst, dbytes, loc);
  CheckLocal(api, "src", src, uint64_t{count} * sizeof(U), loc);
  if (count == 0) return;  // NOP on Atlas A2
  const U* s = src.addr_;
  if constexpr (kB8) {
    uint64_t words[16] = {};
    DeqWords<T>(api, core, kVec, words, loc);
    uint8_t* d = reinterpret_cast<uint8_t*>(dst.addr_);
    for (uint32_t i = 0; i < count; ++i) {
      const uint8_t v = DeqS16ToB8(s[i], words[i % 16]);
      d[uint64_t{i / 16} * 32 + (kHalfBlock ? 16 : 0) + i % 16] = v;
    }
  } else {
    const half scale = DeqHalfScale(api, core, loc);
    T* d = dst.addr_;
    for (uint32_t i = 0; i < count; ++i) d[i] = DeqS32ToHalf(s[i], scale);
  }
}

template <class T, class U>
inline void AddDeqReluRepeat(bool set_mask, const MaskArg& mask,
                             int32_t repeat_times, const AscendC::LocalTensor<T>& dst,
                             const AscendC::LocalTensor<U>& src0,
                             const AscendC::LocalTensor<U>& src1,
                             const AscendC::BinaryRepeatParams& p, SrcLoc loc) {
  static_assert(std::is_same<T, half>::value && std::is_same<U, int32_t>::value,
                "AddDeqRelu: dst must be half and src0/src1 int32_t");
  const char* api = "AddDeqRelu";
  CoreContext& core = Enter(api, loc);
  const RepeatMask m = ResolveRepeatMask(api, core, 64, set_mask, mask, repeat_times, loc);
  const RepOperand d = RepeatOperand(api, "dst", dst, m, p.dstBlkStride, p.dstRepStride, loc);
  const RepOperand a = RepeatOperand(api, "src0", src0, m, p.src0BlkStride, p.src0RepStride, loc);
  const RepOperand b = RepeatOperand(api, "src1", src1, m, p.src1BlkStride, p.src1RepStride, loc);
  const half scale = DeqHalfScale(api, core, loc);
  SanRepeat(api, "src0", src0, m, p.src0BlkStride, p.src0RepStride, a, loc);
  SanRepeat(api, "src1", src1, m, p.src1BlkStride, p.src1RepStride, b, loc);
  SanRepeat(api, "dst", dst, m, p.dstBlkStride, p.dstRepStride, d, loc);
  const uint8_t* ab = reinterpret_cast<const uint8_t*>(src0.addr_);
  const uint8_t* bb = reinterpret_cast<const uint8_t*>(src1.addr_);
  uint8_t* db = reinterpret_cast<uint8_t*>(dst.addr_);
  for (uint32_t r = 0; r < m.repeats; ++r) {
    const uint64_t* bits = m.For(r);
    half tmp[64];
    for (uint32_t l = 0; l < 64; ++l) {
      if (!m.Active(bits, l)) continue;
      int32_t x, y;
      std::memcpy(&x, ab + DeqLaneByte(r, l, 8, 4, p.src0BlkStride, p.src0RepStride), 4);
      std::memcpy(&y, bb + DeqLaneByte(r, l, 8, 4, p.src1BlkStride, p.src1RepStride), 4);
      tmp[l] = DeqReluS32(x, y, scale);
    }
    for (uint32_t l = 0; l < 64; ++l) {
      if (!m.Active(bits, l)) continue;
      std::memcpy(db + DeqLaneByte(r, l, 16, 2, p.dstBlkStride, p.dstRepStride), &tmp[l], 2);
    }
  }
}

template <class T, class U>
inline void AddDeqReluCount(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>& src0,
                            const AscendC::LocalTensor<U>& src1, int32_t count, SrcLoc loc) {
  static_assert(std::is_same<T, half>::value && std::is_same<U, int32_t>::value,
                "AddDeqRelu: dst must be half and src0/src1 int32_t");
  const char* api = "AddDeqRelu";
  CoreContext& core = Enter(api, loc);
  if (AICORE_UNLIKELY(count < 0)) FailCount(api, count, loc);
  const uint64_t n = static_cast<uint64_t>(count);
  CheckLocal(api, "dst", dst, n * 2, loc);
  CheckLocal(api, "src0", src0, n * 4, loc);
  CheckLocal(api, "src1", src1, n * 4, loc);
  if (n == 0) return;  // NOP on Atlas A2
  const half scale = DeqHalfScale(api, core, loc);
  const int32_t* a = src0.addr_;
  const int32_t* b = src1.addr_;
  half* d = dst.addr_;
  for (uint64_t i = 0; i < n; ++i) d[i] = DeqReluS32(a[i], b[i], scale);
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

// ---- SetDeqScale -----------------------------------------------------------

AICORE_INLINE void SetDeqScale(half scale, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  auto& core = aicore::detail::Enter("SetDeqScale", loc);
  core.deq_scale = scale.ToBits();
  core.deq_mode = aicore::detail::kDeqHalf;
}

AICORE_INLINE void SetDeqScale(float scale, int16_t offset, bool signMode,
                               aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  auto& core = aicore::detail::Enter("SetDeqScale", loc);
  core.deq_scale = aicore::detail::MakeDeqWord(scale, offset, signMode);
  core.deq_mode = aicore::detail::kDeqScalar;
}

// Writes the 16 parameter words into vdeq (128 bytes of UB) and points the
// register at them: CastDequant<..., isVecDeq = true> reads them from there
// when it runs.
template <typename T>
AICORE_INLINE void SetDeqScale(const LocalTensor<T>& vdeq, const VdeqInfo& vdeqInfo,
                               aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(std::is_same<T, uint64_t>::value, "SetDeqScale: vdeq must be a LocalTensor<uint64_t>");
  namespace d = aicore::detail;
  auto& core = d::Enter("SetDeqScale", loc);
  d::CheckTensorLive("SetDeqScale", "vdeq", vdeq, loc);  // not default-constructed, not stale
  if (AICORE_UNLIKELY(d::PositionMemory(vdeq.buf_->pos) != aicore::Memory::kUB)) {
    d::Fail(aicore::ErrorKind::kParameter, "SetDeqScale", loc,
            "vdeq must be in VECIN/VECCALC/VECOUT (UB); it is " + vdeq.buf_->Describe());
  }
  d::CheckLocal("SetDeqScale", "dst", vdeq, VDEQ_TENSOR_SIZE * sizeof(uint64_t), loc, true,
                d::Pipe::kS);
  uint64_t* w = reinterpret_cast<uint64_t*>(vdeq.addr_);
  for (int32_t i = 0; i < VDEQ_TENSOR_SIZE; ++i) {
    w[i] = d::MakeDeqWord(vdeqInfo.vdeqScale[i], vdeqInfo.vdeqOffset[i], vdeqInfo.vdeqSignMode[i]);
  }
  core.deq_scale = static_cast<uint64_t>(reinterpret_cast<uint8_t*>(vdeq.addr_) -
                                         core.arena[static_cast<int>(aicore::Memory::kUB)].get());
  core.deq_mode = d::kDeqVector;
}

// ---- CastDequant / CastDeq ---------------------------------------------------

template <typename T, typename U, bool isSetMask = true, bool isVecDeq = true, bool halfBlock = true>
AICORE_INLINE void CastDequant(const LocalTensor<T>& dst, const LocalTensor<U>& src,
                               const uint64_t mask[], const int32_t repeatTime,
                               const UnaryRepeatParams& repeatParams,
                               aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::CastDequantRepeat<T, U, isVecDeq, halfBlock>(
      "CastDequant", isSetMask, aicore::detail::MaskArg::Bits(mask), repeatTime, dst, src, repeatParams,
      loc);
}
template <typename T, typename U, bool isSetMask = true, bool isVecDeq = true, bool halfBlock = true>
AICORE_INLINE void CastDequant(const LocalTensor<T>& dst, const LocalTensor<U>& src,
                               const int32_t mask, const int32_t repeatTime,
                               const UnaryRepeatParams& repeatParams,
                               aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  const uint64_t m = static_cast<uint64_t>(static_cast<int64_t>(mask));
  aicore::detail::CastDequantRepeat<T, U, isVecDeq, halfBlock>(
      "CastDequant", isSetMask, aicore::detail::MaskArg::Cont(m), repeatTime, dst, src, repeatParams,
      loc);
}
template <typename T, typename U, bool isVecDeq = true, bool halfBlock = true>
AICORE_INLINE void CastDequant(const LocalTensor<T>& dst, const LocalTensor<U>& src,
                               const uint32_t count,
                               aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::CastDequantCount<T, U, isVecDeq, halfBlock>("CastDequant", dst, src, count, loc);
}

// CastDeq: the former name of CastDequant (same forms and semantics).
template <typename T, typename U, bool isSetMask = true, bool isVecDeq = true, bool halfBlock = true>
AICORE_INLINE void CastDeq(const LocalTensor<T>& dst, const LocalTensor<U>& src,
                           const uint64_t mask[], const int32_t repeatTime,
                           const UnaryRepeatParams& repeatParams,
                           aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::CastDequantRepeat<T, U, isVecDeq, halfBlock>(
      "CastDeq", isSetMask, aicore::detail::MaskArg::Bits(mask), repeatTime, dst, src, repeatParams, loc);
}
template <typename T, typename U, bool isSetMask = true, bool isVecDeq = true, bool halfBlock = true>
AICORE_INLINE void CastDeq(const LocalTensor<T>& dst, const LocalTensor<U>& src, const int32_t mask,
                           const int32_t repeatTime, const UnaryRepeatParams& repeatParams,
                           aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  const uint64_t m = static_cast<uint64_t>(static_cast<int64_t>(mask));
  aicore::detail::CastDequantRepeat<T, U, isVecDeq, halfBlock>(
      "CastDeq", isSetMask, aicore::detail::MaskArg::Cont(m), repeatTime, dst, src, repeatParams, loc);
}
template <typename T, typename U, bool isVecDeq = true, bool halfBlock = true>
AICORE_INLINE void CastDeq(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint32_t count,
                           aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::CastDequantCount<T, U, isVecDeq, halfBlock>("CastDeq", dst, src, count, loc);
}

// ---- AddDeqRelu --------------------------------------------------------------

template <bool isSetMask = true>
AICORE_INLINE void AddDeqRelu(const LocalTensor<half>& dst, const LocalTensor<int32_t>& src0,
                              const LocalTensor<int32_t>& src1, uint64_t mask[],
                              const int32_t repeatTime, const BinaryRepeatParams& repeatParams,
                              aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::AddDeqReluRepeat(isSetMask, aicore::detail::MaskArg::Bits(mask), repeatTime, dst, src0,
                                   src1, repeatParams, loc);
}
template <typename T, typename U, bool isSetMask = true>
AICORE_INLINE void AddDeqRelu(const LocalTensor<T>& dst, const LocalTensor<U>& src0,
                              const LocalTensor<U>& src1, uint64_t mask[], const int32_t repeatTime,
                              const BinaryRepeatParams& repeatParams,
                              aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::AddDeqReluRepeat(isSetMask, aicore::detail::MaskArg::Bits(mask), repeatTime, dst, src0,
                                   src1, repeatParams, loc);
}
template <bool isSetMask = true>
AICORE_INLINE void AddDeqRelu(const LocalTensor<half>& dst, const LocalTensor<int32_t>& src0,
                              const LocalTensor<int32_t>& src1, uint64_t mask,
                              const int32_t repeatTime, const BinaryRepeatParams& repeatParams,
                              aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::AddDeqReluRepeat(isSetMask, aicore::detail::MaskArg::Cont(mask), repeatTime, dst, src0,
                                   src1, repeatParams, loc);
}
template <typename T, typename U, bool isSetMask = true>
AICORE_INLINE void AddDeqRelu(const LocalTensor<T>& dst, const LocalTensor<U>& src0,
                              const LocalTensor<U>& src1, uint64_t mask, const int32_t repeatTime,
                              const BinaryRepeatParams& repeatParams,
                              aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::AddDeqReluRepeat(isSetMask, aicore::detail::MaskArg::Cont(mask), repeatTime, dst, src0,
                                   src1, repeatParams, loc);
}
AICORE_INLINE void AddDeqRelu(const LocalTensor<half>& dst, const LocalTensor<int32_t>& src0,
                              const LocalTensor<int32_t>& src1, const int32_t& count,
                              aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::AddDeqReluCount(dst, src0, src1, count, loc);
}
template <typename T, typename U>
AICORE_INLINE void AddDeqRelu(const LocalTensor<T>& dst, const LocalTensor<U>& src0,
                              const LocalTensor<U>& src1, const int32_t& count,
                              aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::AddDeqReluCount(dst, src0, src1, count, loc);
}

AICORE_TARGET_END
}  // namespace AscendC
