// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Select with a byte (element) mask of the advanced API, SelectWithBytesMask
// (the vendor's lib/select/selectwithbytesmask.h,
// adv_api/select/selectwithbytesmask.h), Ascend910B profile:
//
//   template <typename T, typename U, bool isReuseMask = true>
//   Select(dst, const LocalTensor<T>& src0, T src1, mask, sharedTmpBuffer, info)
//   Select(dst, T src0, const LocalTensor<T>& src1, mask, sharedTmpBuffer, info)
//   struct SelectWithBytesMaskShapeInfo {firstAxis, srcLastAxis, maskLastAxis} (all 0)
//   SelectWithBytesMask<T, U, isReuseMask>(...): the same two forms under the
//     vendor's implementation name (selectwithbytesmask_impl.h)
//
// T half or float; U bool, int8_t, uint8_t, int16_t, uint16_t, int32_t,
// uint32_t. The source is [firstAxis, srcLastAxis] and the mask
// [firstAxis, maskLastAxis] row-major (maskLastAxis >= srcLastAxis; the
// mask's extra columns are ignored). Element (i, j): a mask value 0 selects
// src0, any other value src1 (the scalar or the tensor element). The result
// is a bit copy of the chosen operand (NaNs included). One pass per row
// (a branch-free select loop). isReuseMask changes nothing here (the mask is
// never modified).
//
// Host helpers (lib/select_misc_tiling.h): GetSelectMaxMinTmpSize,
// GetSelectMinTmpSize / GetSelectMaxTmpSize and the SelectWithBytesMask names.
// The temporary buffer is checked (allocated, inside its buffer, not below
// GetSelectMaxMinTmpSize's minimum, not overlapping an operand), not used.
//
// Bad input raises KernelError naming SelectWithBytesMask: shapes beyond the
// tensors (dst, source, mask), maskLastAxis < srcLastAxis, a source row
// (srcLastAxis * sizeof(T)) or mask row (maskLastAxis * sizeof(U)) that is not
// a multiple of 32 bytes, maskLastAxis not a multiple of 16, a small or
// overlapping sharedTmpBuffer, dst partly overlapping the source (the same
// start is allowed) or overlapping the mask, unallocated tensors.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/type_name.h"
#include "aicore/lib/activation.h"
#include "aicore/lib/select_misc_tiling.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/runtime/context.h"

namespace AscendC {

struct SelectWithBytesMaskShapeInfo {
  SelectWithBytesMaskShapeInfo() {}
  uint32_t firstAxis = 0;
  uint32_t srcLastAxis = 0;
  uint32_t maskLastAxis = 0;
};

}  // namespace AscendC

namespace aicore {
namespace lib {

template <class T>
constexpr bool kSelectBytesType = std::is_same_v<T, half> || std::is_same_v<T, float>;
template <class U>
constexpr bool kSelectBytesMask =
    std::is_same_v<U, bool> || std::is_same_v<U, int8_t> || std::is_same_v<U, uint8_t> ||
    std::is_same_v<U, int16_t> || std::is_same_v<U, uint16_t> || std::is_same_v<U, int32_t> ||
    std::is_same_v<U, uint32_t>;

// scalar_second: the scalar is src1 (chosen where mask != 0); else src0.
template <class T, class U>
AICORE_INLINE void SelectBytesMaskImpl(const AscendC::LocalTensor<T>& dst,
                                       const AscendC::LocalTensor<T>& src, T scalar,
                                       bool scalar_second, const AscendC::LocalTensor<U>& mask,
                                       const AscendC::LocalTensor<uint8_t>& tmp,
                                       const AscendC::SelectWithBytesMaskShapeInfo& info,
                                       bool reuse_mask, SrcLoc loc) {
  constexpr const char* api = "SelectWithBytesMask";
  detail::Enter(api, loc);
  const uint64_t rows = info.firstAxis, sl = info.srcLastAxis, ml = info.maskLastAxis;
  auto fail = [&](const std::string& what) { detail::Fail(ErrorKind::kParameter, api, loc, what); };
  const std::string shape = "info {firstAxis " + std::to_string(rows) + ", srcLastAxis " +
                            std::to_string(sl) + ", maskLastAxis " + std::to_string(ml) + "}";
  if (AICORE_UNLIKELY(ml < sl)) fail(shape + ": maskLastAxis is below srcLastAxis");
  if (AICORE_UNLIKELY((sl * sizeof(T)) % 32 != 0)) {
    fail(shape + ": srcLastAxis * sizeof(" + detail::TypeName<T>() + ") = " +
         std::to_string(sl * sizeof(T)) + " bytes is not a multiple of 32");
  }
  if (AICORE_UNLIKELY((ml * sizeof(U)) % 32 != 0 || ml % 16 != 0)) {
    fail(shape + ": maskLastAxis must be a multiple of 16 elements and span a multiple of 32 bytes "
                 "(" + std::to_string(ml * sizeof(U)) + " bytes of " + detail::TypeName<U>() + ")");
  }
  const uint64_t n = rows * sl, mn = rows * ml;
  auto beyond = [&](const char* role, uint64_t need, uint32_t have) {
    if (AICORE_UNLIKELY(need > have)) {
      detail::Fail(ErrorKind::kBounds, api, loc,
                   shape + " needs " + std::to_string(need) + " elements of " + role + "; it holds " +
                       std::to_string(have));
    }
  };
  beyond("dst", n, dst.GetSize());
  beyond(scalar_second ? "src0" : "src1", n, src.GetSize());
  beyond("mask", mn, mask.GetSize());
  detail::CheckLocal(api, "dst", dst, n * sizeof(T), loc);
  detail::CheckLocal(api, scalar_second ? "src0" : "src1", src, n * sizeof(T), loc);
  detail::CheckLocal(api, "mask", mask, mn * sizeof(U), loc);
  if (AICORE_UNLIKELY(static_cast<const void*>(dst.addr_) != static_cast<const void*>(src.addr_) &&
                      detail::BytesOverlap(dst.addr_, n * sizeof(T), src.addr_, n * sizeof(T)))) {
    fail("dst partly overlaps the source tensor (dst may reuse it only from the same start)");
  }
  if (AICORE_UNLIKELY(detail::BytesOverlap(dst.addr_, n * sizeof(T), mask.addr_, mn * sizeof(U)))) {
    fail("dst overlaps mask");
  }
  detail::CheckLocal(api, "sharedTmpBuffer", tmp, tmp.GetSize(), loc, true, detail::Pipe::kCount);
  const uint32_t need = SelectBytesMaskTmpBytes(n, sl, ml, sizeof(U), reuse_mask, true);
  if (AICORE_UNLIKELY(tmp.GetSize() < need)) {
    FailTmpTooSmall(api, tmp.GetSize(), need, detail::TypeName<T>(), "GetSelectMaxMinTmpSize", loc);
  }
  auto over = [&](const void* p, uint64_t bytes) {
    return detail::BytesOverlap(tmp.addr_, tmp.GetSize(), p, bytes);
  };
  if (AICORE_UNLIKELY(over(dst.addr_, n * sizeof(T)))) FailTmpOverlap(api, "dst", loc);
  if (AICORE_UNLIKELY(over(src.addr_, n * sizeof(T)))) FailTmpOverlap(api, "the source tensor", loc);
  if (AICORE_UNLIKELY(over(mask.addr_, mn * sizeof(U)))) FailTmpOverlap(api, "mask", loc);
  for (uint64_t r = 0; r < rows; ++r) {
    T* out = dst.addr_ + r * sl;
    const T* in = src.addr_ + r * sl;
    const U* m = mask.addr_ + r * ml;
    if (scalar_second) {
      for (uint64_t j = 0; j < sl; ++j) out[j] = m[j] != U(0) ? scalar : in[j];
    } else {
      for (uint64_t j = 0; j < sl; ++j) out[j] = m[j] != U(0) ? in[j] : scalar;
    }
  }
}

}  // namespace lib
}  // namespace aicore

namespace AscendC {

#define AICORE_SELECT_BYTES_CHECK                                                              \
  static_assert(aicore::lib::kSelectBytesType<T>, "Select (bytes mask): T must be half or float"); \
  static_assert(aicore::lib::kSelectBytesMask<U>,                                              \
                "Select (bytes mask): U must be bool, int8_t, uint8_t, int16_t, uint16_t, "    \
                "int32_t or uint32_t")

template <typename T, typename U, bool isReuseMask = true>
AICORE_INLINE void Select(const LocalTensor<T>& dst, const LocalTensor<T>& src0, T src1,
                          const LocalTensor<U>& mask, const LocalTensor<uint8_t>& sharedTmpBuffer,
                          const SelectWithBytesMaskShapeInfo& info,
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_SELECT_BYTES_CHECK;
  aicore::lib::SelectBytesMaskImpl<T, U>(dst, src0, src1, true, mask, sharedTmpBuffer, info,
                                         isReuseMask, loc);
}

template <typename T, typename U, bool isReuseMask = true>
AICORE_INLINE void Select(const LocalTensor<T>& dst, T src0, const LocalTensor<T>& src1,
                          const LocalTensor<U>& mask, const LocalTensor<uint8_t>& sharedTmpBuffer,
                          const SelectWithBytesMaskShapeInfo& info,
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_SELECT_BYTES_CHECK;
  aicore::lib::SelectBytesMaskImpl<T, U>(dst, src1, src0, false, mask, sharedTmpBuffer, info,
                                         isReuseMask, loc);
}

// The vendor's implementation name of the two forms above (its
// selectwithbytesmask_impl.h declares it in AscendC; public kernels call it).
template <typename T, typename U, bool isReuseMask = true>
AICORE_INLINE void SelectWithBytesMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, T src1,
                                       const LocalTensor<U>& mask,
                                       const LocalTensor<uint8_t>& sharedTmpBuffer,
                                       const SelectWithBytesMaskShapeInfo& info,
                                       aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  Select<T, U, isReuseMask>(dst, src0, src1, mask, sharedTmpBuffer, info, loc);
}
template <typename T, typename U, bool isReuseMask = true>
AICORE_INLINE void SelectWithBytesMask(const LocalTensor<T>& dst, T src0, const LocalTensor<T>& src1,
                                       const LocalTensor<U>& mask,
                                       const LocalTensor<uint8_t>& sharedTmpBuffer,
                                       const SelectWithBytesMaskShapeInfo& info,
                                       aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  Select<T, U, isReuseMask>(dst, src0, src1, mask, sharedTmpBuffer, info, loc);
}

#undef AICORE_SELECT_BYTES_CHECK

}  // namespace AscendC
