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
#include <type_traits>

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
[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailCopyLength(const char* api, uint64_t count,
                                                             uint32_t elem_bytes, const char* type,
                                                             SrcLoc loc);

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailParams(const char* api,
                                                         const AscendC::DataCopyParams& p,
                                                         const char* what, SrcLoc loc);

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailLocalPath(const char* api, const BufferDesc& dst,
                                                            const BufferDesc& src, SrcLoc loc);

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailGmCopyEnd(const char* api, const char* role,
                                                            const BufferDesc& b, SrcLoc loc);

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailLocalAlign(const char* api, const char* role,
                                                             const BufferDesc& b, const void* addr,
                                                             uint32_t align, const char* why,
                                                             SrcLoc loc);

AICORE_TARGET_BEGIN

// The length is a whole number of 32-byte blocks, and not a negative int
// converted to uint32_t (no copy of 2^31 elements or more fits on chip).
template <class T>
AICORE_INLINE void CheckCopyCount(const char* api, uint32_t count, SrcLoc loc) {
  if (AICORE_UNLIKELY((((static_cast<uint64_t>(count) * sizeof(T)) % 32) | (count >> 31)) != 0)) {
    if (count >> 31) FailNegativeCount32(api, count, loc);
    FailCopyLength(api, count, sizeof(T), TypeName<T>(), loc);
  }
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

// ---- on-chip ends of a copy -------------------------------------------------
//
// The data paths of DataCopy on the 910B generation: GM <-> UB, GM <-> L1
// (A1/B1/C1), UB -> UB, UB -> L1, L1 (C1) -> bias table (C2), L1 -> fixpipe
// buffer (C2PIPE2GM). L1 -> L0A/L0B is LoadData, L0C -> GM/L1 is Fixpipe
// (or DataCopy with DataCopyCO12DstParams).

enum class LocalPath : uint8_t { kUbUb, kUbL1, kL1Bt, kL1Fb, kInvalid };

inline LocalPath LocalCopyPath(const BufferDesc& dst, const BufferDesc& src) {
  const Memory d = PositionMemory(dst.pos);
  const Memory s = PositionMemory(src.pos);
  if (s == Memory::kUB && d == Memory::kUB) return LocalPath::kUbUb;
  if (s == Memory::kUB && d == Memory::kL1) return LocalPath::kUbL1;
  if (s == Memory::kL1 && d == Memory::kBT) return LocalPath::kL1Bt;
  if (s == Memory::kL1 && d == Memory::kFB) return LocalPath::kL1Fb;
  return LocalPath::kInvalid;
}

// The pipe that runs a copy of `path`.
inline Pipe LocalPathPipe(LocalPath path) {
  switch (path) {
    case LocalPath::kUbL1: return Pipe::kMTE3;
    case LocalPath::kL1Bt: return Pipe::kMTE1;
    case LocalPath::kL1Fb: return Pipe::kFIX;
    default: return Pipe::kV;
  }
}

// The on-chip end of a GM copy must be UB or L1.
AICORE_INLINE void CheckGmCopyEnd(const char* api, const char* role, const BufferDesc& b,
                                  SrcLoc loc) {
  const Memory m = PositionMemory(b.pos);
  if (AICORE_UNLIKELY(m != Memory::kUB && m != Memory::kL1)) FailGmCopyEnd(api, role, b, loc);
}

// A copy into the bias table or the fixpipe buffer: dst 64 / 128-byte
// aligned.
AICORE_INLINE void CheckCubeBufAlign(const char* api, LocalPath path, const BufferDesc& b,
                                     const void* dst, SrcLoc loc) {
  const uint64_t byte = static_cast<uint64_t>(static_cast<const uint8_t*>(dst) - b.base) + b.offset;
  if (path == LocalPath::kL1Bt && AICORE_UNLIKELY(byte % 64 != 0)) {
    FailLocalAlign(api, "dst", b, dst, 64, "the bias table takes 64-byte aligned addresses", loc);
  }
  if (path == LocalPath::kL1Fb && AICORE_UNLIKELY(byte % 128 != 0)) {
    FailLocalAlign(api, "dst", b, dst, 128, "the fixpipe buffer takes 128-byte aligned addresses",
                   loc);
  }
}

// A burst copy into the bias table or the fixpipe buffer. Units (910B):
//   bias table:     blockLen in 64-byte blocks; srcStride (gap, 32-byte
//                   blocks) and dstStride (gap, 64-byte blocks) from the end
//                   of one burst to the start of the next.
//   fixpipe buffer: blockLen in 128-byte blocks; srcStride (32-byte blocks)
//                   and dstStride (128-byte blocks) from the START of one
//                   burst to the start of the next.
// blockCount or blockLen 0: nothing is copied (as documented for these
// paths). dst_bytes_per_src_byte: 2 for the half -> float bias copy.
struct CubeBurst {
  uint64_t src_len, src_step, dst_len, dst_step;
};
inline CubeBurst CubeBurstGeom(LocalPath path, const AscendC::DataCopyParams& p, uint32_t dst_per_src) {
  CubeBurst g{};
  if (path == LocalPath::kL1Bt) {
    g.dst_len = uint64_t{p.blockLen} * 64;
    g.src_len = g.dst_len / dst_per_src;
    g.src_step = g.src_len + uint64_t{p.srcStride} * 32;
    g.dst_step = g.dst_len + uint64_t{p.dstStride} * 64;
  } else {
    g.dst_len = g.src_len = uint64_t{p.blockLen} * 128;
    g.src_step = uint64_t{p.srcStride} * 32;
    g.dst_step = uint64_t{p.dstStride} * 128;
  }
  return g;
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
  aicore::detail::CheckGmCopyEnd("DataCopy", "dst", *dst.buf_, loc);
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
  aicore::detail::CheckGmCopyEnd("DataCopy", "src", *src.buf_, loc);
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

// On-chip → on-chip: UB -> UB (V pipe), UB -> L1 (MTE3), L1 -> bias table
// (MTE1), L1 -> fixpipe buffer (FIX).
template <typename T>
AICORE_INLINE void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count,
                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace d = aicore::detail;
  auto& core = d::Enter("DataCopy", loc);
  d::CheckCopyCount<T>("DataCopy", count, loc);
  const uint64_t bytes = uint64_t{count} * sizeof(T);
  d::CheckLocal("DataCopy", "dst", dst, bytes, loc, true, d::Pipe::kCount);
  d::CheckLocal("DataCopy", "src", src, bytes, loc, true, d::Pipe::kCount);
  const d::LocalPath path = d::LocalCopyPath(*dst.buf_, *src.buf_);
  if (AICORE_UNLIKELY(path != d::LocalPath::kUbUb)) {
    if (path == d::LocalPath::kInvalid) d::FailLocalPath("DataCopy", *dst.buf_, *src.buf_, loc);
    d::CheckCubeBufAlign("DataCopy", path, *dst.buf_, dst.addr_, loc);
  }
  if (AICORE_UNLIKELY(core.instr != 0) && bytes != 0) {
    const d::Pipe pipe = d::LocalPathPipe(path);
    d::EmitLocal(core, pipe, d::Access::kRead, *src.buf_,
                 reinterpret_cast<const uint8_t*>(src.addr_), bytes, "DataCopy", "src", loc);
    d::EmitLocal(core, pipe, d::Access::kWrite, *dst.buf_,
                 reinterpret_cast<const uint8_t*>(dst.addr_), bytes, "DataCopy", "dst", loc);
  }
  std::memmove(dst.addr_, src.addr_, bytes);
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
  aicore::detail::CheckGmCopyEnd("DataCopy", "dst", *dst.buf_, loc);
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
  aicore::detail::CheckGmCopyEnd("DataCopy", "src", *src.buf_, loc);
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

namespace detail_copy {

// The bias-table / fixpipe-buffer burst copies (same or converting types).
template <typename T, typename U>
AICORE_INLINE void CubeBufCopy(aicore::detail::CoreContext& core, const LocalTensor<T>& dst,
                               const LocalTensor<U>& src, const DataCopyParams& p,
                               aicore::detail::LocalPath path, aicore::SrcLoc loc) {
  namespace d = aicore::detail;
  d::CheckCubeBufAlign("DataCopy", path, *dst.buf_, dst.addr_, loc);
  if (p.blockCount == 0 || p.blockLen == 0) return;  // documented as a no-op
  if (AICORE_UNLIKELY(p.blockCount > 4095)) {
    d::FailParams("DataCopy", p, "blockCount must be in [0, 4095]", loc);
  }
  constexpr uint32_t kRatio = sizeof(T) / sizeof(U);
  const d::CubeBurst g = d::CubeBurstGeom(path, p, kRatio);
  const uint64_t n = p.blockCount;
  // Bytes from the operand start to the end of the last burst (a burst at
  // start-to-start step 0 rewrites the first one).
  const uint64_t src_span = (n - 1) * g.src_step + g.src_len;
  const uint64_t dst_span = (n - 1) * g.dst_step + g.dst_len;
  d::CheckLocal("DataCopy", "dst", dst, dst_span, loc, true, d::Pipe::kCount);
  d::CheckLocal("DataCopy", "src", src, src_span, loc, true, d::Pipe::kCount);
  const d::Pipe pipe = d::LocalPathPipe(path);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    d::EmitLocalBursts(core, pipe, d::Access::kRead, *src.buf_,
                       reinterpret_cast<const uint8_t*>(src.addr_), p.blockCount, g.src_len,
                       g.src_step, "DataCopy", "src", loc);
    d::EmitLocalBursts(core, pipe, d::Access::kWrite, *dst.buf_,
                       reinterpret_cast<const uint8_t*>(dst.addr_), p.blockCount, g.dst_len,
                       g.dst_step, "DataCopy", "dst", loc);
  }
  auto* out = reinterpret_cast<uint8_t*>(dst.addr_);
  const auto* in = reinterpret_cast<const uint8_t*>(src.addr_);
  for (uint64_t i = 0; i < n; ++i) {
    if constexpr (kRatio == 1) {
      std::memmove(out + i * g.dst_step, in + i * g.src_step, g.dst_len);
    } else {
      for (uint64_t e = 0; e < g.src_len / sizeof(U); ++e) {
        U v;
        std::memcpy(&v, in + i * g.src_step + e * sizeof(U), sizeof(U));
        const T w = static_cast<T>(static_cast<float>(v));
        std::memcpy(out + i * g.dst_step + e * sizeof(T), &w, sizeof(T));
      }
    }
  }
}

}  // namespace detail_copy

// On-chip → on-chip in bursts: UB -> UB and UB -> L1 (units of 32 bytes),
// L1 -> bias table and L1 -> fixpipe buffer (see CubeBurstGeom).
template <typename T>
AICORE_INLINE void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                            const DataCopyParams& p,
                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace d = aicore::detail;
  auto& core = d::Enter("DataCopy", loc);
  d::CheckTensorLive("DataCopy", "dst", dst, loc);
  d::CheckTensorLive("DataCopy", "src", src, loc);
  const d::LocalPath path = d::LocalCopyPath(*dst.buf_, *src.buf_);
  if (AICORE_UNLIKELY(path == d::LocalPath::kInvalid)) {
    d::FailLocalPath("DataCopy", *dst.buf_, *src.buf_, loc);
  }
  if (AICORE_UNLIKELY(path == d::LocalPath::kL1Bt || path == d::LocalPath::kL1Fb)) {
    detail_copy::CubeBufCopy(core, dst, src, p, path, loc);
    return;
  }
  d::CheckParams("DataCopy", p, loc);
  const uint64_t dst_span = d::BurstSpan(p.blockCount, p.blockLen, p.dstStride);
  const uint64_t src_span = d::BurstSpan(p.blockCount, p.blockLen, p.srcStride);
  d::CheckLocal("DataCopy", "dst", dst, dst_span, loc, true, d::Pipe::kCount);
  d::CheckLocal("DataCopy", "src", src, src_span, loc, true, d::Pipe::kCount);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    const d::Pipe pipe = d::LocalPathPipe(path);
    d::EmitLocalBursts(core, pipe, d::Access::kRead, *src.buf_,
                       reinterpret_cast<const uint8_t*>(src.addr_), p.blockCount, p.blockLen * 32u,
                       (p.blockLen + p.srcStride) * 32u, "DataCopy", "src", loc);
    d::EmitLocalBursts(core, pipe, d::Access::kWrite, *dst.buf_,
                       reinterpret_cast<const uint8_t*>(dst.addr_), p.blockCount, p.blockLen * 32u,
                       (p.blockLen + p.dstStride) * 32u, "DataCopy", "dst", loc);
  }
  d::CopyBursts(reinterpret_cast<uint8_t*>(dst.addr_), reinterpret_cast<const uint8_t*>(src.addr_),
                p);
}

// L1 (C1) half -> bias table (C2) float, converting (the bias table holds
// float or int32_t); blockLen counts 64-byte blocks of the destination.
template <typename T, typename U,
          std::enable_if_t<!std::is_same<T, U>::value, int> = 0>
AICORE_INLINE void DataCopy(const LocalTensor<T>& dst, const LocalTensor<U>& src,
                            const DataCopyParams& p,
                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(std::is_same<T, float>::value && std::is_same<U, half>::value,
                "DataCopy between different types: only L1 (C1) half -> bias table (C2) float");
  namespace d = aicore::detail;
  auto& core = d::Enter("DataCopy", loc);
  d::CheckTensorLive("DataCopy", "dst", dst, loc);
  d::CheckTensorLive("DataCopy", "src", src, loc);
  const d::LocalPath path = d::LocalCopyPath(*dst.buf_, *src.buf_);
  if (AICORE_UNLIKELY(path != d::LocalPath::kL1Bt)) {
    d::Fail(aicore::ErrorKind::kParameter, "DataCopy", loc,
            std::string("a converting DataCopy (half -> float) goes from L1 (C1) to the bias "
                        "table (C2) only; got ") +
                d::PositionName(src.buf_->pos) + " -> " + d::PositionName(dst.buf_->pos));
  }
  detail_copy::CubeBufCopy(core, dst, src, p, path, loc);
}

AICORE_TARGET_END
}  // namespace AscendC

#if AICORE_RT_DEFINITIONS
#include "aicore/ops/data_copy-inl.h"
#endif
