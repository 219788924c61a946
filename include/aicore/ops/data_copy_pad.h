// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// DataCopyPad: GM <-> UB copies of lengths that are not multiples of 32 bytes.
//
// GM -> UB, DataCopyPad(LocalTensor dst, GlobalTensor src, DataCopyExtParams,
// DataCopyPadExtParams<T>) (or the older DataCopyParams + DataCopyPadParams):
//   blockCount bursts of blockLen bytes. Burst i is read from GM at byte
//   i * (blockLen + srcStride) (srcStride: GM gap in bytes). In UB each burst
//   occupies F = round_up_32(leftPadding * sizeof(T) + blockLen +
//   rightPadding * sizeof(T)) bytes and starts at byte i * (F + dstStride * 32)
//   (dstStride: UB gap in 32-byte blocks): leftPadding elements, the data,
//   then everything up to F. With isPad, the leftPadding elements and all of
//   [leftPadding * sizeof(T) + blockLen, F) are set to paddingValue; without
//   it, to the value of the latest SetPadValue<T>(value) of the block, and
//   without that they keep what UB held (the NPU leaves them undefined).
// UB -> GM, DataCopyPad(GlobalTensor dst, LocalTensor src, DataCopyExtParams)
// (or DataCopyParams): exactly blockLen bytes per burst are written. Burst i
//   is read from UB at i * (round_up_32(blockLen) + srcStride * 32) (srcStride:
//   UB gap in 32-byte blocks) and written to GM at i * (blockLen + dstStride)
//   (dstStride: GM gap in bytes); under an atomic mode (SetAtomicAdd...) it is
//   combined into GM.
//
// Checked: blockCount in [1, 4095]; blockLen >= 1 and a multiple of
// sizeof(T); each padding side under 32 bytes; the UB operand 32-byte
// aligned and both footprints inside their tensors. The older
// DataCopyPadParams::paddingValue is the bit pattern of the value (its low
// sizeof(T) bytes; larger values are an error).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "aicore/base/error.h"
#include "aicore/base/type_name.h"
#include "aicore/memory/global_tensor.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/atomic.h"
#include "aicore/ops/check.h"
#include "aicore/ops/data_copy.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/target.h"

namespace AscendC {

struct DataCopyExtParams {
  uint16_t blockCount = 1;
  uint32_t blockLen = 0;   // bytes
  uint32_t srcStride = 0;  // GM->UB: GM gap in bytes; UB->GM: UB gap in 32-byte blocks
  uint32_t dstStride = 0;  // GM->UB: UB gap in 32-byte blocks; UB->GM: GM gap in bytes
  uint32_t rsv = 0;
  DataCopyExtParams() = default;
  // All five, as the vendor's: a four-value brace list is a DataCopyParams
  // (so DataCopyPad(gm, ub, {1, len, 0, 0}) is not ambiguous).
  DataCopyExtParams(uint16_t count, uint32_t len, uint32_t srcStrideIn, uint32_t dstStrideIn,
                    uint32_t rsvIn)
      : blockCount(count), blockLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn), rsv(rsvIn) {}
};

template <typename T>
struct DataCopyPadExtParams {
  bool isPad = false;
  uint8_t leftPadding = 0;   // elements
  uint8_t rightPadding = 0;  // elements
  T paddingValue = T(0);
  DataCopyPadExtParams() = default;
  DataCopyPadExtParams(bool isPadIn, uint8_t left, uint8_t right, T value)
      : isPad(isPadIn), leftPadding(left), rightPadding(right), paddingValue(value) {}
};

struct DataCopyPadParams {
  bool isPad = false;
  uint8_t leftPadding = 0;
  uint8_t rightPadding = 0;
  uint64_t paddingValue = 0;  // bit pattern of the padding element
  DataCopyPadParams() = default;
  DataCopyPadParams(bool isPadIn, uint8_t left, uint8_t right, uint64_t value)
      : isPad(isPadIn), leftPadding(left), rightPadding(right), paddingValue(value) {}
};

}  // namespace AscendC

namespace aicore {
namespace detail {
AICORE_TARGET_BEGIN

// One DataCopyPad, whatever the parameter form: bytes and byte gaps.
struct PadCopy {
  uint32_t count;
  uint64_t len;     // bytes per burst
  uint64_t gm_gap;  // bytes between bursts in GM
  uint64_t ub_gap;  // bytes between bursts in UB (a multiple of 32)
  uint32_t left;    // padding elements (GM -> UB)
  uint32_t right;
};

constexpr uint64_t RoundUp32(uint64_t n) { return (n + 31) / 32 * 32; }

[[noreturn]] AICORE_COLD inline void FailPad(const char* what, const PadCopy& c, uint32_t elem,
                                             const char* type, SrcLoc loc, const char* api) {
  Fail(ErrorKind::kParameter, api, loc,
       std::string(what) + " (blockCount=" + std::to_string(c.count) +
           ", blockLen=" + std::to_string(c.len) + " bytes, GM gap " + std::to_string(c.gm_gap) +
           " bytes, UB gap " + std::to_string(c.ub_gap) + " bytes, leftPadding=" +
           std::to_string(c.left) + ", rightPadding=" + std::to_string(c.right) + ", element " +
           type + " of " + std::to_string(elem) + " bytes)");
}

template <class T>
AICORE_INLINE void CheckPad(const PadCopy& c, SrcLoc loc, const char* api) {
  if (AICORE_UNLIKELY(c.count < 1 || c.count > 4095)) {
    FailPad("blockCount must be in [1, 4095]", c, sizeof(T), TypeName<T>(), loc, api);
  }
  if (AICORE_UNLIKELY(c.len < 1 || c.len % sizeof(T) != 0)) {
    FailPad("blockLen must be a positive multiple of the element size", c, sizeof(T), TypeName<T>(), loc, api);
  }
  if (AICORE_UNLIKELY(c.left * sizeof(T) >= 32 || c.right * sizeof(T) >= 32)) {
    FailPad("each padding side must be under 32 bytes", c, sizeof(T), TypeName<T>(), loc, api);
  }
}

// GM -> UB (`api`: the API reported, DataCopyPad or a DataCopy form built on it).
template <class T>
void CopyPadIn(const AscendC::LocalTensor<T>& dst, const AscendC::GlobalTensor<T>& src,
               const PadCopy& c, bool is_pad, T value, SrcLoc loc, const char* api = "DataCopyPad") {
  CoreContext& core = Enter(api, loc);
  CheckPad<T>(c, loc, api);
  if (!is_pad && core.pad_value_set) {  // the SetPadValue register
    is_pad = true;
    std::memcpy(static_cast<void*>(&value), &core.pad_value_bits, sizeof(T));
  }
  const uint64_t left = uint64_t{c.left} * sizeof(T);
  const uint64_t burst = RoundUp32(left + c.len + uint64_t{c.right} * sizeof(T));
  const uint64_t ub_step = burst + c.ub_gap;
  const uint64_t gm_step = c.len + c.gm_gap;
  CheckLocal(api, "dst", dst, (c.count - 1) * ub_step + burst, loc, true, Pipe::kCount);
  const uint64_t gm_span = (c.count - 1) * gm_step + c.len;
  src.CheckRange(api, 0, (gm_span + sizeof(T) - 1) / sizeof(T), loc);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    // What the copy writes: the data of every burst, and the padding only
    // when it is filled (is_pad); the rest of a 32-byte burst keeps its bytes.
    const auto* ub0 = reinterpret_cast<const uint8_t*>(dst.addr_);
    if (is_pad) {
      EmitLocalBursts(core, Pipe::kMTE2, Access::kWrite, *dst.buf_, ub0, c.count, burst, ub_step,
                     api, "dst", loc);
    } else {
      EmitLocalBursts(core, Pipe::kMTE2, Access::kWrite, *dst.buf_, ub0 + left, c.count, c.len,
                     ub_step, api, "dst", loc);
    }
    EmitGmBursts(core, GmAccess::kRead, src.addr_, c.count, c.len, c.gm_gap, api, loc);
  }
  auto* ub = reinterpret_cast<uint8_t*>(dst.addr_);
  const auto* gm = reinterpret_cast<const uint8_t*>(src.addr_);
  for (uint32_t i = 0; i < c.count; ++i, ub += ub_step, gm += gm_step) {
    std::memcpy(ub + left, gm, c.len);
    if (is_pad) {
      for (uint64_t b = 0; b < left; b += sizeof(T)) std::memcpy(ub + b, &value, sizeof(T));
      for (uint64_t b = left + c.len; b < burst; b += sizeof(T)) std::memcpy(ub + b, &value, sizeof(T));
    }
  }
}

// UB -> GM.
template <class T>
void CopyPadOut(const AscendC::GlobalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                const PadCopy& c, SrcLoc loc, const char* api = "DataCopyPad") {
  CoreContext& core = Enter(api, loc);
  CheckPad<T>(c, loc, api);
  const uint64_t ub_step = RoundUp32(c.len) + c.ub_gap;
  const uint64_t gm_step = c.len + c.gm_gap;
  CheckLocal(api, "src", src, (c.count - 1) * ub_step + c.len, loc, true, Pipe::kCount);
  const uint64_t gm_span = (c.count - 1) * gm_step + c.len;
  dst.CheckRange(api, 0, (gm_span + sizeof(T) - 1) / sizeof(T), loc);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    EmitLocalBursts(core, Pipe::kMTE3, Access::kRead, *src.buf_,
                   reinterpret_cast<const uint8_t*>(src.addr_), c.count, c.len, ub_step,
                   api, "src", loc);
    EmitGmBursts(core, GmWriteAccess(core), dst.addr_, c.count, c.len, c.gm_gap, api, loc);
  }
  const auto* ub = reinterpret_cast<const uint8_t*>(src.addr_);
  auto* gm = reinterpret_cast<uint8_t*>(dst.addr_);
  for (uint32_t i = 0; i < c.count; ++i, ub += ub_step, gm += gm_step) {
    StoreToGm(core, reinterpret_cast<T*>(gm), reinterpret_cast<const T*>(ub), c.len, api, loc);
  }
}

template <class T>
T PadValueFromBits(uint64_t bits, SrcLoc loc) {
  if constexpr (sizeof(T) < 8) {  // (a shift by 64 would be undefined)
    if (AICORE_UNLIKELY((bits >> (8 * sizeof(T))) != 0)) {
      Fail(ErrorKind::kParameter, "DataCopyPad", loc,
           "DataCopyPadParams::paddingValue " + std::to_string(bits) + " does not fit in the " +
               std::to_string(sizeof(T)) + " bytes of a " + TypeName<T>() +
               " element (it is the element's bit pattern)");
    }
  }
  T v;
  std::memcpy(static_cast<void*>(&v), &bits, sizeof(T));  // little-endian: the low bytes
  return v;
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

// The value DataCopyPad (GM -> UB) pads with when its params have isPad false
// (until the block ends or InitSocState). T: the copy's element type, up to
// 8 bytes; pos: VECIN, VECOUT or MAX (both).
template <typename T, TPosition pos = TPosition::MAX>
void SetPadValue(T paddingValue, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(sizeof(T) <= 8 && std::is_trivially_copyable<T>::value, "SetPadValue: an element of up to 8 bytes");
  static_assert(pos == TPosition::VECIN || pos == TPosition::VECOUT || pos == TPosition::MAX,
                "SetPadValue: pos is TPosition::VECIN, VECOUT or MAX");
  aicore::detail::CoreContext& core = aicore::detail::Enter("SetPadValue", loc);
  core.pad_value_bits = 0;
  std::memcpy(&core.pad_value_bits, static_cast<const void*>(&paddingValue), sizeof(T));
  core.pad_value_set = true;
}

// GM -> UB (DataCopyExtParams: blockLen and srcStride in bytes, dstStride in 32-byte blocks).
template <typename T>
void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyExtParams& p,
                 const DataCopyPadExtParams<T>& pad, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::CopyPadIn(dst, src,
                            {p.blockCount, p.blockLen, p.srcStride, uint64_t{p.dstStride} * 32,
                             pad.leftPadding, pad.rightPadding},
                            pad.isPad, pad.paddingValue, loc);
}

// GM -> UB, older form (same units).
template <typename T>
void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p,
                 const DataCopyPadParams& pad, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  const T value = aicore::detail::PadValueFromBits<T>(pad.paddingValue, loc);
  aicore::detail::CopyPadIn(dst, src,
                            {p.blockCount, p.blockLen, p.srcStride, uint64_t{p.dstStride} * 32,
                             pad.leftPadding, pad.rightPadding},
                            pad.isPad, value, loc);
}

// UB -> GM (srcStride in 32-byte blocks, dstStride in bytes).
template <typename T>
void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& p,
                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::CopyPadOut(dst, src,
                             {p.blockCount, p.blockLen, p.dstStride, uint64_t{p.srcStride} * 32, 0, 0},
                             loc);
}

// UB -> GM, older form (same units).
template <typename T>
void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p,
                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::CopyPadOut(dst, src,
                             {p.blockCount, p.blockLen, p.dstStride, uint64_t{p.srcStride} * 32, 0, 0},
                             loc);
}

AICORE_TARGET_END
}  // namespace AscendC
