// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Vector-side instructions real kernels use besides the element-wise ones:
//
//   MaskMode, SetVectorMask<T, MaskMode>(maskHigh, maskLow) / (len)
//   ArithProgression(dst, firstValue, diffValue, count)   (and its new name Arange)
//   RepeatReduceSum<T, isSetMask>(dst, src, repeatTime, mask, dstBlkStride,
//                                 srcBlkStride, dstRepStride, srcRepStride)
//   Gatherb(dst, src, offset, repeatTime, GatherRepeatParams)
//
// ArithProgression (half, float, int16_t, int32_t) follows the vendor's
// 910B algorithm, which fixes the rounding of the floating types: with
// B = 32 / sizeof(T) lanes per block and R = 256 / sizeof(T) per repeat,
//   dst[i] = firstValue + diffValue * i                  for i < B
//            (scalar: float mul then add, each rounded; half computes in
//            float and rounds once; integers wrap)
//   dst[i] = dst[i - B] + T(diffValue * B)               for B <= i < R
//   dst[i] = dst[i - R] + T(diffValue * R)               for i >= R
// where "+" is the Adds instruction (rounded to T; integers wrap) and the
// step T(d * n) is an int64 product truncated to T for integers, a float
// product rounded to T otherwise. For count > B whole 32-byte blocks are
// written: the last block is completed past `count` (up to a multiple of B
// elements, never past the end of the 32-byte-aligned buffer).
//
// RepeatReduceSum is WholeReduceSum with the older parameter order: the sum
// of the active lanes of repeat r goes to dst[r * dstRepStride];
// dstBlkStride has no effect (the vendor documents it as invalid). half and
// float (the 910B types), the summation model of ops/reduce.h.
//
// Gatherb (uint16_t, uint32_t): for repeat r and block j (0..7) the 32-byte
// block at src + offset[8 r + j] bytes is copied to dst + (r * dstRepStride
// + j * dstBlkStride) * 32 bytes (dstBlkStride 0 acts as 1). Offsets must be
// multiples of 32 and the block must lie inside src's buffer. The blocks of
// a repeat are all read before any of them is written; repeats run in order.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/type_name.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/ops/mask.h"
#include "aicore/ops/reduce.h"
#include "aicore/ops/repeat.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/simd.h"
#include "aicore/simd/target.h"

namespace AscendC {

// The mode argument of SetVectorMask: which way the instruction interprets
// the value it writes to the mask registers. The registers themselves are
// switched between the modes by SetMaskNorm / SetMaskCount.
enum class MaskMode : uint8_t { NORMAL = 0, COUNTER };

struct GatherRepeatParams {
  GatherRepeatParams() = default;
  GatherRepeatParams(const uint8_t dstBlkStrideIn, const uint8_t dstRepStrideIn)
      : dstRepStride(dstRepStrideIn), dstBlkStride(dstBlkStrideIn) {}

  uint32_t blockNumber = 8;  // reserved (ignored)
  uint16_t dstRepStride = 8;
  uint8_t dstBlkStride = 1;
  uint8_t src0BlkStride = 1;  // reserved (ignored)
  uint8_t src1BlkStride = 1;  // reserved (ignored)
  uint8_t src0RepStride = 8;  // reserved (ignored)
  uint8_t src1RepStride = 8;  // reserved (ignored)
  bool repeatStrideMode = false;  // reserved (ignored)
  bool strideSizeMode = false;    // reserved (ignored)
};

AICORE_TARGET_BEGIN

// SetVectorMask with an explicit mode (the forms without it are in
// ops/mask.h; with no default for `mode` these are chosen only when a mode
// is named). (maskHigh, maskLow) writes the registers as they are in both
// modes. (len): NORMAL = the first len lanes (the plain SetVectorMask<T>(len));
// COUNTER = the register pair (0, len), the element count of counter mode.
template <typename T, MaskMode mode>
AICORE_INLINE void SetVectorMask(const uint64_t maskHigh, const uint64_t maskLow,
                                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  SetVectorMask<T>(maskHigh, maskLow, loc);
}

template <typename T, MaskMode mode>
AICORE_INLINE void SetVectorMask(int32_t len, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  if constexpr (mode == MaskMode::COUNTER) {
    if (AICORE_UNLIKELY(len < 0)) {
      aicore::detail::Enter("SetVectorMask", loc);
      aicore::detail::Fail(aicore::ErrorKind::kParameter, "SetVectorMask", loc,
                           "counter-mode element count " + std::to_string(len) + " is negative");
    }
    SetVectorMask<T>(uint64_t{0}, static_cast<uint64_t>(len), loc);
  } else {
    SetVectorMask<T>(len, loc);
  }
}

AICORE_TARGET_END
}  // namespace AscendC

namespace aicore {
namespace detail {
AICORE_TARGET_BEGIN

// ---- ArithProgression ----------------------------------------------------

// firstValue + diffValue * i as the scalar unit computes it (see the top).
template <class T>
inline T ArithBase(T first, T diff, int32_t i) {
  if constexpr (std::is_integral_v<T>) {
    const int64_t v = static_cast<int64_t>(first) + static_cast<int64_t>(diff) * i;
    return static_cast<T>(static_cast<std::make_unsigned_t<T>>(static_cast<uint64_t>(v)));
  } else {
    // Two roundings (no fused multiply-add): the product is kept in memory.
    volatile float prod = static_cast<float>(diff) * static_cast<float>(i);
    return static_cast<T>(static_cast<float>(first) + prod);
  }
}

// T(diff * n): the step of one block / one repeat.
template <class T>
inline T ArithStep(T diff, int32_t n) {
  if constexpr (std::is_integral_v<T>) {
    const int64_t v = static_cast<int64_t>(diff) * n;
    return static_cast<T>(static_cast<std::make_unsigned_t<T>>(static_cast<uint64_t>(v)));
  } else {
    return static_cast<T>(static_cast<float>(diff) * static_cast<float>(n));
  }
}

template <class T>
AICORE_INLINE void ArithProgressionImpl(const char* api, const AscendC::LocalTensor<T>& dst,
                                        T first, T diff, int32_t count, SrcLoc loc) {
  static_assert(kIsOneOf<T, half, float, int16_t, int32_t>,
                "ArithProgression: element type not supported (half, float, int16_t, int32_t)");
  Enter(api, loc);
  if (AICORE_UNLIKELY(count < 0)) FailCount(api, count, loc);
  constexpr int32_t kB = static_cast<int32_t>(32 / sizeof(T));
  constexpr int32_t kR = static_cast<int32_t>(256 / sizeof(T));
  // Whole blocks are written once the count exceeds one block.
  const int64_t written = count <= kB ? count : (int64_t{count} + kB - 1) / kB * kB;
  CheckLocal(api, "dst", dst, static_cast<uint64_t>(written) * sizeof(T), loc);
  T* d = dst.addr_;
  const int32_t base_n = std::min(count, kB);
  for (int32_t i = 0; i < base_n; ++i) d[i] = ArithBase(first, diff, i);
  if (count <= kB) return;
  using C = simd::ComputeT<T>;
  // Blocks 1..7 of the first repeat, each from the block before it.
  const simd::AddsOp<C> step_b{static_cast<C>(ArithStep(diff, kB))};
  const int64_t first_rep_end = std::min<int64_t>(written, kR);
  for (int64_t k = kB; k < first_rep_end; k += kB) {
    simd::Unary(d + k, d + k - kB, static_cast<size_t>(kB), step_b);
  }
  // Later repeats, each from the repeat before it.
  const simd::AddsOp<C> step_r{static_cast<C>(ArithStep(diff, kR))};
  for (int64_t r = kR; r < written; r += kR) {
    simd::Unary(d + r, d + r - kR, static_cast<size_t>(std::min<int64_t>(kR, written - r)), step_r);
  }
}

// ---- Gatherb ---------------------------------------------------------------

[[noreturn]] AICORE_COLD inline void FailGatherbOffset(size_t i, uint32_t off, uint64_t avail,
                                                       SrcLoc loc) {
  if (off % 32 != 0) {
    Fail(ErrorKind::kAlignment, "Gatherb", loc,
         "offset " + std::to_string(i) + " is " + std::to_string(off) +
             " bytes from src's start, not a multiple of 32 (Gatherb moves whole 32-byte blocks)");
  }
  Fail(ErrorKind::kBounds, "Gatherb", loc,
       "offset " + std::to_string(i) + " is " + std::to_string(off) +
           " bytes: the 32-byte block would end at byte " + std::to_string(uint64_t{off} + 32) +
           " of src, whose buffer has " + std::to_string(avail) + " bytes from src's start");
}

template <class T>
AICORE_INLINE void GatherbImpl(const AscendC::LocalTensor<T>& dst,
                               const AscendC::LocalTensor<T>& src,
                               const AscendC::LocalTensor<uint32_t>& offset, int32_t repeat_time,
                               const AscendC::GatherRepeatParams& p, SrcLoc loc) {
  static_assert(kIsOneOf<T, uint16_t, uint32_t>,
                "Gatherb: element type not supported (uint16_t, uint32_t)");
  constexpr const char* kApi = "Gatherb";
  Enter(kApi, loc);
  if (AICORE_UNLIKELY(repeat_time < 0 || repeat_time > 255)) FailRepeatTimes(kApi, repeat_time, loc);
  const uint64_t reps = static_cast<uint64_t>(repeat_time);
  const uint64_t blk = uint64_t{p.dstBlkStride == 0 ? 1u : p.dstBlkStride} * 32;
  const uint64_t rep = uint64_t{p.dstRepStride} * 32;
  const uint64_t n = reps * 8;
  CheckLocal(kApi, "offset", offset, n * sizeof(uint32_t), loc);
  CheckLocal(kApi, "dst", dst, reps == 0 ? 0 : (reps - 1) * rep + 7 * blk + 32, loc);
  CheckLocal(kApi, "src", src, 0, loc, true, Pipe::kCount);  // allocated, aligned
  const uint64_t avail = AvailableBytes(src);
  const uint32_t* off = offset.addr_;
  uint32_t max_off = 0;
  for (uint64_t i = 0; i < n; ++i) {
    if (AICORE_UNLIKELY(off[i] % 32 != 0 || uint64_t{off[i]} + 32 > avail)) {
      FailGatherbOffset(static_cast<size_t>(i), off[i], avail, loc);
    }
    max_off = std::max(max_off, off[i]);
  }
  // The read range for the deep modes: src's start to the furthest block.
  if (n != 0) CheckLocal(kApi, "src", src, uint64_t{max_off} + 32, loc);
  const uint8_t* s = reinterpret_cast<const uint8_t*>(src.addr_);
  uint8_t* d = reinterpret_cast<uint8_t*>(dst.addr_);
  for (uint64_t r = 0; r < reps; ++r) {
    alignas(32) uint8_t tile[8][32];  // every read of the repeat precedes its writes
    for (uint32_t j = 0; j < 8; ++j) std::memcpy(tile[j], s + off[r * 8 + j], 32);
    for (uint32_t j = 0; j < 8; ++j) std::memcpy(d + r * rep + j * blk, tile[j], 32);
  }
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

template <typename T>
AICORE_INLINE void ArithProgression(const LocalTensor<T>& dst, const T firstValue, const T diffValue,
                                    const int32_t count,
                                    aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::ArithProgressionImpl("ArithProgression", dst, firstValue, diffValue, count, loc);
}

// The newer name of ArithProgression.
template <typename T>
AICORE_INLINE void Arange(const LocalTensor<T>& dst, const T firstValue, const T diffValue,
                          const int32_t count, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::ArithProgressionImpl("Arange", dst, firstValue, diffValue, count, loc);
}

template <typename T, bool isSetMask = true>
AICORE_INLINE void RepeatReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                   const int32_t repeatTime, const int32_t mask,
                                   const int32_t dstBlkStride, const int32_t srcBlkStride,
                                   const int32_t dstRepStride, const int32_t srcRepStride,
                                   aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  (void)dstBlkStride;  // documented as having no effect
  aicore::detail::GroupSum("RepeatReduceSum", aicore::detail::SumShape::kWhole, dst, src, isSetMask,
                           aicore::detail::MaskArg::Cont(mask), repeatTime, dstRepStride,
                           srcBlkStride, srcRepStride, loc);
}

template <typename T>
AICORE_INLINE void Gatherb(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                           const LocalTensor<uint32_t>& offset, const int32_t repeatTime,
                           const GatherRepeatParams& repeatParams,
                           aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::GatherbImpl(dst, src, offset, repeatTime, repeatParams, loc);
}

AICORE_TARGET_END
}  // namespace AscendC
