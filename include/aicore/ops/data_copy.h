// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// DataCopy: GM → UB, UB → GM and UB → UB, in the count form and the
// DataCopyParams (burst) form. Units: count in elements; blockLen, srcStride
// and dstStride in 32-byte blocks, the strides being the gaps between the end
// of one burst and the start of the next.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

#include "aicore/base/error.h"
#include "aicore/base/type_name.h"
#include "aicore/memory/global_tensor.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/atomic.h"
#include "aicore/ops/check.h"
#include "aicore/runtime/context.h"
#include "aicore/instrument/event.h"
#include "aicore/simd/simd.h"
#include "aicore/simd/target.h"

namespace AscendC {

struct DataCopyParams {
  uint16_t blockCount = 1;
  uint16_t blockLen = 0;
  uint16_t srcStride = 0;
  uint16_t dstStride = 0;
  DataCopyParams() = default;
  DataCopyParams(uint16_t count, uint16_t len, uint16_t srcStrideIn, uint16_t dstStrideIn)
      : blockCount(count), blockLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn) {}
};

}  // namespace AscendC

namespace aicore {
namespace detail {
AICORE_TARGET_BEGIN

[[noreturn]] AICORE_COLD inline void FailCopyLength(const char* api, uint64_t count,
                                                    uint32_t elem_bytes, const char* type,
                                                    SrcLoc loc) {
  const uint64_t bytes = count * elem_bytes;
  Fail(ErrorKind::kAlignment, api, loc,
       std::to_string(count) + " " + type + " elements = " + std::to_string(bytes) +
           " bytes is not a multiple of 32 bytes (the NPU silently copies only " +
           std::to_string(bytes / 32 * 32) + " bytes); use DataCopyPad for unaligned lengths");
}

// The length is a whole number of 32-byte blocks, and not a negative int
// converted to uint32_t (no copy of 2^31 elements or more fits on chip).
template <class T>
AICORE_INLINE void CheckCopyCount(const char* api, uint32_t count, SrcLoc loc) {
  if (AICORE_UNLIKELY((((static_cast<uint64_t>(count) * sizeof(T)) % 32) | (count >> 31)) != 0)) {
    if (count >> 31) FailNegativeCount32(api, count, loc);
    FailCopyLength(api, count, sizeof(T), TypeName<T>(), loc);
  }
}

[[noreturn]] AICORE_COLD inline void FailParams(const char* api, const AscendC::DataCopyParams& p,
                                                const char* what, SrcLoc loc) {
  Fail(ErrorKind::kParameter, api, loc,
       std::string(what) + " (DataCopyParams{blockCount=" + std::to_string(p.blockCount) +
           ", blockLen=" + std::to_string(p.blockLen) + ", srcStride=" + std::to_string(p.srcStride) +
           ", dstStride=" + std::to_string(p.dstStride) + "})");
}

inline void CheckParams(const char* api, const AscendC::DataCopyParams& p, SrcLoc loc) {
  if (AICORE_UNLIKELY(p.blockCount < 1 || p.blockCount > 4095)) {
    FailParams(api, p, "blockCount must be in [1, 4095]", loc);
  }
  if (AICORE_UNLIKELY(p.blockLen < 1)) FailParams(api, p, "blockLen must be at least 1", loc);
}

// Bytes spanned by a burst pattern: (count - 1) * (len + gap) + len blocks.
inline uint64_t BurstSpan(uint16_t count, uint16_t len, uint16_t gap) {
  return (static_cast<uint64_t>(count - 1) * (len + gap) + len) * 32u;
}

inline void CopyBursts(uint8_t* dst, const uint8_t* src, const AscendC::DataCopyParams& p) {
  const uint64_t len = p.blockLen * 32u;
  const uint64_t src_step = len + p.srcStride * 32u;
  const uint64_t dst_step = len + p.dstStride * 32u;
  if (p.srcStride == 0 && p.dstStride == 0) {
    std::memmove(dst, src, len * p.blockCount);
    return;
  }
  for (uint32_t i = 0; i < p.blockCount; ++i) {
    std::memmove(dst + i * dst_step, src + i * src_step, len);
  }
}

// Whether a UB -> GM copy of `bytes` bytes into a tensor bound to
// `bind_bytes` bytes (0: unsized) uses streaming stores: when the launch's
// output is large (this block's binding times the block count, at least
// kStreamLaunchBytes) the written lines will not be read again from the
// cache, and streaming stores skip reading each line before writing it.
// Measured on add 16M (aicore_bench, README Performance): at 16 threads of a
// 16-core Xeon the kernel went from 0.75x to ~0.96x of a fused loop;
// outputs that stay in the cache (add 1M: 4 MiB) are slower with them, so
// smaller launches keep plain stores. Atomic modes and the burst forms are
// unchanged.
constexpr uint64_t kStreamLaunchBytes = uint64_t{32} << 20;
constexpr uint64_t kStreamCopyBytes = 4096;  // a copy this small is not worth the fence
AICORE_INLINE bool StreamToGm(const CoreContext& core, uint64_t bind_bytes, uint64_t bytes) {
  return bytes >= kStreamCopyBytes && core.atomic_op == AtomicOp::kNone &&
         bind_bytes * static_cast<uint64_t>(core.block_num) >= kStreamLaunchBytes;
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

// GM → on-chip, `count` elements (count * sizeof(T) must be a multiple of 32).
template <typename T>
AICORE_INLINE void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, uint32_t count,
                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  auto& core = aicore::detail::Enter("DataCopy", loc);
  aicore::detail::CheckCopyCount<T>("DataCopy", count, loc);
  aicore::detail::CheckLocal("DataCopy", "dst", dst, uint64_t{count} * sizeof(T), loc, true,
                             aicore::detail::Pipe::kMTE2);
  src.CheckRange("DataCopy", 0, count, loc);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    aicore::detail::EmitGm(core, aicore::detail::GmAccess::kRead, src.addr_,
                          uint64_t{count} * sizeof(T), "DataCopy", loc);
  }
  std::memcpy(dst.addr_, src.addr_, uint64_t{count} * sizeof(T));
}

// On-chip → GM (combining into GM when an atomic mode is set).
template <typename T>
AICORE_INLINE void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count,
                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  auto& core = aicore::detail::Enter("DataCopy", loc);
  aicore::detail::CheckCopyCount<T>("DataCopy", count, loc);
  aicore::detail::CheckLocal("DataCopy", "src", src, uint64_t{count} * sizeof(T), loc, true,
                             aicore::detail::Pipe::kMTE3);
  dst.CheckRange("DataCopy", 0, count, loc);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    aicore::detail::EmitGm(core, aicore::detail::GmWriteAccess(core), dst.addr_,
                          uint64_t{count} * sizeof(T), "DataCopy", loc);
  }
  const uint64_t bytes = uint64_t{count} * sizeof(T);
  if (AICORE_UNLIKELY(aicore::detail::StreamToGm(core, dst.bind_bytes_, bytes))) {
    aicore::simd::StreamCopy(dst.addr_, src.addr_, bytes);
    return;
  }
  aicore::detail::StoreToGm(core, dst.addr_, src.addr_, bytes, "DataCopy", loc);
}

// On-chip → on-chip.
template <typename T>
AICORE_INLINE void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count,
                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("DataCopy", loc);
  aicore::detail::CheckCopyCount<T>("DataCopy", count, loc);
  aicore::detail::CheckLocal("DataCopy", "dst", dst, uint64_t{count} * sizeof(T), loc);
  aicore::detail::CheckLocal("DataCopy", "src", src, uint64_t{count} * sizeof(T), loc);
  std::memmove(dst.addr_, src.addr_, uint64_t{count} * sizeof(T));
}

// GM → on-chip in bursts.
template <typename T>
AICORE_INLINE void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src,
                            const DataCopyParams& p,
                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  auto& core = aicore::detail::Enter("DataCopy", loc);
  aicore::detail::CheckParams("DataCopy", p, loc);
  const uint64_t dst_span = aicore::detail::BurstSpan(p.blockCount, p.blockLen, p.dstStride);
  const uint64_t src_span = aicore::detail::BurstSpan(p.blockCount, p.blockLen, p.srcStride);
  aicore::detail::CheckLocal("DataCopy", "dst", dst, dst_span, loc, true,
                             aicore::detail::Pipe::kCount);
  src.CheckRange("DataCopy", 0, (src_span + sizeof(T) - 1) / sizeof(T), loc);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    aicore::detail::EmitLocalBursts(core, aicore::detail::Pipe::kMTE2, aicore::detail::Access::kWrite,
                                   *dst.buf_, reinterpret_cast<const uint8_t*>(dst.addr_),
                                   p.blockCount, p.blockLen * 32u,
                                   (p.blockLen + p.dstStride) * 32u, "DataCopy", "dst", loc);
    aicore::detail::EmitGmBursts(core, aicore::detail::GmAccess::kRead, src.addr_, p.blockCount,
                                p.blockLen * 32u, p.srcStride * 32u, "DataCopy", loc);
  }
  aicore::detail::CopyBursts(reinterpret_cast<uint8_t*>(dst.addr_),
                             reinterpret_cast<const uint8_t*>(src.addr_), p);
}

// On-chip → GM in bursts (combining into GM when an atomic mode is set).
template <typename T>
AICORE_INLINE void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src,
                            const DataCopyParams& p,
                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  auto& core = aicore::detail::Enter("DataCopy", loc);
  aicore::detail::CheckParams("DataCopy", p, loc);
  const uint64_t dst_span = aicore::detail::BurstSpan(p.blockCount, p.blockLen, p.dstStride);
  const uint64_t src_span = aicore::detail::BurstSpan(p.blockCount, p.blockLen, p.srcStride);
  aicore::detail::CheckLocal("DataCopy", "src", src, src_span, loc, true,
                             aicore::detail::Pipe::kCount);
  dst.CheckRange("DataCopy", 0, (dst_span + sizeof(T) - 1) / sizeof(T), loc);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    aicore::detail::EmitLocalBursts(core, aicore::detail::Pipe::kMTE3, aicore::detail::Access::kRead,
                                   *src.buf_, reinterpret_cast<const uint8_t*>(src.addr_),
                                   p.blockCount, p.blockLen * 32u,
                                   (p.blockLen + p.srcStride) * 32u, "DataCopy", "src", loc);
    aicore::detail::EmitGmBursts(core, aicore::detail::GmWriteAccess(core), dst.addr_, p.blockCount,
                                p.blockLen * 32u, p.dstStride * 32u, "DataCopy", loc);
  }
  if (AICORE_LIKELY(core.atomic_op == aicore::detail::AtomicOp::kNone)) {
    aicore::detail::CopyBursts(reinterpret_cast<uint8_t*>(dst.addr_),
                               reinterpret_cast<const uint8_t*>(src.addr_), p);
    return;
  }
  const uint64_t len = p.blockLen * 32u;
  for (uint32_t i = 0; i < p.blockCount; ++i) {
    aicore::detail::AtomicCopyToGm(
        core, reinterpret_cast<T*>(reinterpret_cast<uint8_t*>(dst.addr_) + i * (len + p.dstStride * 32u)),
        reinterpret_cast<const T*>(reinterpret_cast<const uint8_t*>(src.addr_) + i * (len + p.srcStride * 32u)),
        len, "DataCopy", loc);
  }
}

// On-chip → on-chip in bursts.
template <typename T>
AICORE_INLINE void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                            const DataCopyParams& p,
                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("DataCopy", loc);
  aicore::detail::CheckParams("DataCopy", p, loc);
  aicore::detail::CheckLocal("DataCopy", "dst", dst,
                             aicore::detail::BurstSpan(p.blockCount, p.blockLen, p.dstStride), loc);
  aicore::detail::CheckLocal("DataCopy", "src", src,
                             aicore::detail::BurstSpan(p.blockCount, p.blockLen, p.srcStride), loc);
  aicore::detail::CopyBursts(reinterpret_cast<uint8_t*>(dst.addr_),
                             reinterpret_cast<const uint8_t*>(src.addr_), p);
}

AICORE_TARGET_END
}  // namespace AscendC
