// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Copy: the masked UB -> UB vector copy with repeat geometry.
//
//   Copy<T, isSetMask>(dst, src, uint64_t mask, repeatTime, CopyRepeatParams)
//   Copy<T, isSetMask>(dst, src, const uint64_t mask[2], repeatTime, CopyRepeatParams)
//
// A repeat covers 256 bytes (128 lanes of a 2-byte type, 64 of a 4-byte
// type) in 8 blocks of 32 bytes. Block b of repeat r of the destination
// starts at dst + (r * dstRepeatSize + b * dstStride) * 32 bytes, the same
// for the source with srcRepeatSize / srcStride: all four are in 32-byte
// blocks (dstStride/srcStride within a repeat, dstRepeatSize/srcRepeatSize
// between repeats; the repeat sizes lie in [0, 4095]). Active lanes (mask,
// or the SetVectorMask registers with isSetMask = false, or an element count
// in counter mode) are copied bit for bit; the other destination lanes keep
// their values. Overlapping operands follow the repeat engine (ops/repeat.h):
// within a repeat every source block is read before a destination block is
// written; repeats run in order.
//
// Element types (Atlas A2/A3): int16_t, uint16_t, half, bfloat16_t,
// int32_t, uint32_t, float. repeatTime is taken as int32_t so that values
// outside [0, 255] are reported (as the other repeat-form instructions do).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/type_name.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/ops/mask.h"
#include "aicore/ops/repeat_geometry.h"
#include "aicore/ops/repeat.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/simd.h"
#include "aicore/simd/target.h"

namespace AscendC {

struct CopyRepeatParams {
  CopyRepeatParams() = default;
  CopyRepeatParams(const uint16_t dstStrideIn, const uint16_t srcStrideIn, uint16_t dstRepeatSizeIn,
                   uint16_t srcRepeatSizeIn)
      : dstStride(dstStrideIn),
        srcStride(srcStrideIn),
        dstRepeatSize(dstRepeatSizeIn),
        srcRepeatSize(srcRepeatSizeIn) {}

  uint16_t dstStride = 1;
  uint16_t srcStride = 1;
  uint16_t dstRepeatSize = 8;
  uint16_t srcRepeatSize = 8;
};

}  // namespace AscendC

namespace aicore {
namespace simd {
AICORE_TARGET_BEGIN

// The compute step of Copy for the repeat engine: the bytes of n lanes.
template <class T>
struct CopyKernel {
  using Dst = T;
  static constexpr bool kSegments = true;
  HWY_INLINE void operator()(uint8_t* out, const uint8_t* const* in, size_t n, size_t) const {
    // An exact in-place copy (same operand) is possible: memmove.
    std::memmove(out, in[0], n * sizeof(T));
  }
  template <size_t kLanes>
  HWY_INLINE void Segment(uint8_t* out, const uint8_t* const* in) const {
    std::memmove(out, in[0], kLanes * sizeof(T));
  }
};

AICORE_TARGET_END
}  // namespace simd

namespace detail {
AICORE_TARGET_BEGIN

[[noreturn]] AICORE_COLD inline void FailCopyRepeatSize(const char* name, uint32_t v, SrcLoc loc) {
  Fail(ErrorKind::kParameter, "Copy", loc,
       std::string(name) + " " + std::to_string(v) +
           " is outside [0, 4095] (CopyRepeatParams repeat sizes are 12-bit on the NPU)");
}

template <class T>
AICORE_INLINE void CopyRepeat(bool set_mask, const MaskArg& mask,
                              int32_t repeat_times, const AscendC::LocalTensor<T>& dst,
                              const AscendC::LocalTensor<T>& src,
                              const AscendC::CopyRepeatParams& p, SrcLoc loc) {
  static_assert(kIsOneOf<T, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float>,
                "Copy: element type not supported by this instruction");
  constexpr const char* kApi = "Copy";
  constexpr uint32_t kL = 256 / sizeof(T);
  CoreContext& core = Enter(kApi, loc);
  if (AICORE_UNLIKELY(p.dstRepeatSize > 4095)) {
    FailCopyRepeatSize("dstRepeatSize", p.dstRepeatSize, loc);
  }
  if (AICORE_UNLIKELY(p.srcRepeatSize > 4095)) {
    FailCopyRepeatSize("srcRepeatSize", p.srcRepeatSize, loc);
  }
  const RepeatMask m = ResolveRepeatMask(kApi, core, kL, set_mask, mask, repeat_times, loc);
  const RepOperand d = RepeatOperand(kApi, "dst", dst, m, p.dstStride, p.dstRepeatSize, loc);
  const RepOperand s = RepeatOperand(kApi, "src", src, m, p.srcStride, p.srcRepeatSize, loc);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    SanRepeat(kApi, "dst", dst, m, p.dstStride, p.dstRepeatSize, d, loc);
    SanRepeat(kApi, "src", src, m, p.srcStride, p.srcRepeatSize, s, loc);
  }
  const RepOperand* in[1] = {&s};
  simd::RunRepeats<1, kL>(m, d, in, simd::CopyKernel<T>{});
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

template <typename T, bool isSetMask = true>
AICORE_INLINE void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[],
                        const int32_t repeatTime, const CopyRepeatParams& repeatParams,
                        aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::CopyRepeat<T>(isSetMask, aicore::detail::MaskArg::Bits(mask), repeatTime, dst, src,
                                repeatParams, loc);
}

template <typename T, bool isSetMask = true>
AICORE_INLINE void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask,
                        const int32_t repeatTime, const CopyRepeatParams& repeatParams,
                        aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::CopyRepeat<T>(isSetMask, aicore::detail::MaskArg::Cont(mask), repeatTime, dst, src,
                                repeatParams, loc);
}

AICORE_TARGET_END
}  // namespace AscendC
