// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Broadcast of the advanced API (the vendor's lib/pad/broadcast.h,
// adv_api/pad/broadcast.h), Ascend910B profile:
//
//   template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
//   Broadcast(dstLocal, srcLocal, const uint32_t dstShape[dim],
//             const uint32_t srcShape[dim][, LocalTensor<uint8_t>& sharedTmpBuffer])
//
// T int8_t, uint8_t, half or float (the reference's A2 list); dim 1 or 2,
// axis 0 or 1 (axis < dim); ND row-major. dstShape[axis] copies of the source
// along axis: srcShape[axis] is 1 (or equal to dstShape[axis]: a copy), the
// other dimension equal. dim 2, axis 0: [1, n] -> [m, n] (each row a copy of
// src; n * sizeof(T) must be a multiple of 32 bytes, as the reference
// requires); axis 1: [m, 1] -> [m, k] (row i all src[i]). dim 1: [1] -> [n].
// The copy is exact (bits move unchanged); the rows are filled with memcpy /
// std::fill_n (straight vector loops).
//
// The temporary buffer is checked (allocated, inside its buffer, not below
// GetBroadCastMaxMinTmpSize's minimum (lib/broadcast_tiling.h), not
// overlapping an operand), not used. isReuseSource changes nothing.
//
// Bad input raises KernelError naming Broadcast: shapes that do not broadcast
// along axis (or a zero dimension), a dst or src tensor smaller than its
// shape, a source row not 32-byte aligned for axis 0, dst overlapping src,
// a small or overlapping sharedTmpBuffer, unallocated tensors. Other T, dim
// or axis do not compile.
//
// Not here: the Ascend 950 forms (ranks up to 9, BroadcastTiling,
// GetBroadcastTilingInfo).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/type_name.h"
#include "aicore/lib/activation.h"
#include "aicore/lib/broadcast_tiling.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/runtime/context.h"

namespace aicore {
namespace lib {

// The 910B reference lists int8_t, uint8_t, half and float; the vendor's
// 910B implementation moves any 2- or 4-byte type by its size (the vendor's
// add_broadcast sample instantiates bfloat16_t and int16_t), so these build
// here too (a broadcast copies bits: every type is exact).
template <class T>
constexpr bool kBroadcastType =
    std::is_same_v<T, int8_t> || std::is_same_v<T, uint8_t> || std::is_same_v<T, half> ||
    std::is_same_v<T, bfloat16_t> || std::is_same_v<T, int16_t> || std::is_same_v<T, uint16_t> ||
    std::is_same_v<T, float> || std::is_same_v<T, int32_t> || std::is_same_v<T, uint32_t>;

inline std::string BroadcastShape(int dim, const uint32_t* s) {
  return dim == 1 ? "[" + std::to_string(s[0]) + "]"
                  : "[" + std::to_string(s[0]) + ", " + std::to_string(s[1]) + "]";
}

template <class T, int kDim, int kAxis>
AICORE_INLINE void BroadcastImpl(const AscendC::LocalTensor<T>& dst,
                                 const AscendC::LocalTensor<T>& src, const uint32_t* dst_shape,
                                 const uint32_t* src_shape,
                                 const AscendC::LocalTensor<uint8_t>* tmp, SrcLoc loc) {
  constexpr const char* api = "Broadcast";
  detail::Enter(api, loc);
  uint64_t dn = 1, sn = 1;
  bool ok = true;
  for (int i = 0; i < kDim; ++i) {
    dn *= dst_shape[i];
    sn *= src_shape[i];
    if (dst_shape[i] == 0) ok = false;
    if (i == kAxis) {
      if (src_shape[i] != 1 && src_shape[i] != dst_shape[i]) ok = false;
    } else if (src_shape[i] != dst_shape[i]) {
      ok = false;
    }
  }
  if (AICORE_UNLIKELY(!ok)) {
    detail::Fail(ErrorKind::kParameter, api, loc,
                 "srcShape " + BroadcastShape(kDim, src_shape) + " does not broadcast to dstShape " +
                     BroadcastShape(kDim, dst_shape) + " along axis " + std::to_string(kAxis) +
                     " (srcShape[axis] must be 1, the other dimension equal, none 0)");
  }
  if (AICORE_UNLIKELY(dn > dst.GetSize())) {
    detail::Fail(ErrorKind::kBounds, api, loc,
                 "dstShape " + BroadcastShape(kDim, dst_shape) + " needs " + std::to_string(dn) +
                     " elements; dstLocal holds " + std::to_string(dst.GetSize()));
  }
  if (AICORE_UNLIKELY(sn > src.GetSize())) {
    detail::Fail(ErrorKind::kBounds, api, loc,
                 "srcShape " + BroadcastShape(kDim, src_shape) + " needs " + std::to_string(sn) +
                     " elements; srcLocal holds " + std::to_string(src.GetSize()));
  }
  if (kDim == 2 && kAxis == 0 && AICORE_UNLIKELY((uint64_t{src_shape[1]} * sizeof(T)) % 32 != 0)) {
    detail::Fail(ErrorKind::kParameter, api, loc,
                 "srcShape[1] " + std::to_string(src_shape[1]) + " (" +
                     std::to_string(uint64_t{src_shape[1]} * sizeof(T)) + " bytes of " +
                     detail::TypeName<T>() + ") is not 32-byte aligned, as axis 0 requires");
  }
  detail::CheckLocalOut(api, "dstLocal", dst, dn * sizeof(T), loc);
  detail::CheckLocal(api, "srcLocal", src, sn * sizeof(T), loc);
  if (AICORE_UNLIKELY(detail::BytesOverlap(dst.addr_, dn * sizeof(T), src.addr_, sn * sizeof(T)))) {
    detail::Fail(ErrorKind::kParameter, api, loc,
                 "dstLocal overlaps srcLocal (the reference does not allow it)");
  }
  if (tmp != nullptr) {
    detail::CheckLocal(api, "sharedTmpBuffer", *tmp, tmp->GetSize(), loc, true,
                       detail::Pipe::kCount);
    const uint64_t s2[2] = {src_shape[0], kDim == 2 ? src_shape[1] : 1};
    const uint64_t d2[2] = {dst_shape[0], kDim == 2 ? dst_shape[1] : 1};
    const uint32_t need = BroadcastTmpBytes(kDim, s2, d2, sizeof(T)).min;
    if (AICORE_UNLIKELY(tmp->GetSize() < need)) {
      FailTmpTooSmall(api, tmp->GetSize(), need, detail::TypeName<T>(),
                      "GetBroadCastMaxMinTmpSize", loc);
    }
    if (AICORE_UNLIKELY(detail::BytesOverlap(tmp->addr_, tmp->GetSize(), src.addr_, sn * sizeof(T)))) {
      FailTmpOverlap(api, "srcLocal", loc);
    }
    if (AICORE_UNLIKELY(detail::BytesOverlap(tmp->addr_, tmp->GetSize(), dst.addr_, dn * sizeof(T)))) {
      FailTmpOverlap(api, "dstLocal", loc);
    }
  }
  T* out = dst.addr_;
  const T* in = src.addr_;
  if (sn == dn) {
    std::memcpy(static_cast<void*>(out), in, dn * sizeof(T));
  } else if (kDim == 1 || kAxis == 1) {
    const uint64_t rows = kDim == 1 ? 1 : dst_shape[0];
    const uint64_t cols = kDim == 1 ? dst_shape[0] : dst_shape[1];
    for (uint64_t r = 0; r < rows; ++r) std::fill_n(out + r * cols, cols, in[r]);
  } else {
    const uint64_t cols = dst_shape[1];
    for (uint64_t r = 0; r < dst_shape[0]; ++r) {
      std::memcpy(static_cast<void*>(out + r * cols), in, cols * sizeof(T));
    }
  }
}

}  // namespace lib
}  // namespace aicore

namespace AscendC {

#define AICORE_BROADCAST_CHECK                                                          \
  static_assert(aicore::lib::kBroadcastType<T>,                                         \
                "Broadcast: T must be int8_t, uint8_t or a 2- or 4-byte type");                 \
  static_assert(dim == 1 || dim == 2, "Broadcast: dim must be 1 or 2");                  \
  static_assert(axis >= 0 && axis < dim, "Broadcast: axis must be 0 or 1 and below dim")

template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
AICORE_INLINE void Broadcast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                             const uint32_t dstShape[dim], const uint32_t srcShape[dim],
                             LocalTensor<uint8_t>& sharedTmpBuffer,
                             aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_BROADCAST_CHECK;
  aicore::lib::BroadcastImpl<T, dim, axis>(dstLocal, srcLocal, dstShape, srcShape,
                                           &sharedTmpBuffer, loc);
}

template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
AICORE_INLINE void Broadcast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                             const uint32_t dstShape[dim], const uint32_t srcShape[dim],
                             aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_BROADCAST_CHECK;
  aicore::lib::BroadcastImpl<T, dim, axis>(dstLocal, srcLocal, dstShape, srcShape, nullptr, loc);
}

#undef AICORE_BROADCAST_CHECK

// BroadCast: the vendor's implementation function under Broadcast, which
// kernels also call by name (ops-math's broadcast_v2): the same operation.
template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
AICORE_INLINE void BroadCast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                             const uint32_t dstShape[dim], const uint32_t srcShape[dim],
                             LocalTensor<uint8_t>& sharedTmpBuffer,
                             aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  Broadcast<T, dim, axis, isReuseSource>(dstLocal, srcLocal, dstShape, srcShape, sharedTmpBuffer,
                                         loc);
}
template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
AICORE_INLINE void BroadCast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                             const uint32_t dstShape[dim], const uint32_t srcShape[dim],
                             aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  Broadcast<T, dim, axis, isReuseSource>(dstLocal, srcLocal, dstShape, srcShape, loc);
}

}  // namespace AscendC
