// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// DataCopy with SliceInfo (the vendor's "slice" copies between GM and UB,
// kernel_operator_data_copy_intf.h):
//
//   DataCopy(LocalTensor dst, GlobalTensor src, dstSliceInfo[], srcSliceInfo[], dimValue = 1)
//   DataCopy(GlobalTensor dst, LocalTensor src, dstSliceInfo[], srcSliceInfo[], dimValue = 1)
//
// SliceInfo{startIndex, endIndex, stride, burstLen, shapeValue} describes,
// per dimension (dimension 0 the innermost), which elements of an operand
// take part: in dimension 0, runs of burstLen * 32 bytes from startIndex,
// `stride` elements apart, up to endIndex (inclusive); in dimension i > 0,
// every (stride + 1)-th index from startIndex to endIndex (burstLen 1).
// The shape of each dimension is shapeValue (of the source's infos; when
// srcSliceInfo[0].shapeValue is 0, the tensors' ShapeInfo). Source and
// destination runs are paired in order: the i-th run of the source, in
// dimension-1-fastest order over the outer dimensions, lands on the i-th of
// the destination. This is the vendor's decomposition: one burst copy per
// combination of outer indices, the bursts of dimension 0 one copy each.
//
// Checked, each an error naming the SliceInfo and its values: dimValue in
// [1, 8]; startIndex < endIndex <= the dimension's shape; endIndex -
// startIndex + 1 = (N - 1) * stride + N * burstLen * 32 / sizeof(T)
// (dimension 0) or (N - 1) * stride + N (the others) for a whole N; burstLen
// equal in both infos, and 1 beyond dimension 0; the same N on both sides;
// the UB side's dimension-0 stride a multiple of 32 bytes (UB addresses are
// 32-byte aligned); at most 1536 outer combinations (the vendor's list); and
// every element touched inside its tensor (the GM side against the tensor's
// size when it has one, and GmAlloc blocks under memcheck).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

#include "aicore/base/defs.h"
#include "aicore/base/error.h"
#include "aicore/base/type_name.h"
#include "aicore/memory/global_tensor.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/memory/shape_info.h"
#include "aicore/ops/data_copy_pad.h"
#include "aicore/simd/target.h"

namespace AscendC {

struct SliceInfo {
  SliceInfo() {}
  SliceInfo(const uint32_t startIndexIn, const uint32_t endIndexIn, const uint32_t strideIn,
            const uint32_t burstLenIn, const uint32_t shapeValueIn = 0)
      : startIndex(startIndexIn), endIndex(endIndexIn), stride(strideIn), burstLen(burstLenIn),
        shapeValue(shapeValueIn) {}
  uint32_t startIndex = 0;
  uint32_t endIndex = 32 - 1;
  uint32_t stride = 0;
  uint32_t burstLen = 32;
  uint32_t shapeValue = 0;
};

}  // namespace AscendC

namespace aicore {
namespace detail {

constexpr uint32_t kMaxSliceDims = 8;
constexpr uint32_t kMaxSliceRuns = 6 * 256;  // the vendor's MAX_SLICE_SIZE

// The geometry of one side of a slice copy, in elements.
struct SliceSide {
  uint64_t start = 0;                // the first element
  uint64_t step[kMaxSliceDims] = {};  // between consecutive runs of each dimension
  uint64_t extent = 0;               // one past the last element touched
};

struct SliceGeom {
  uint32_t dims = 0;
  uint32_t count[kMaxSliceDims] = {};  // runs per dimension (dimension 0: bursts)
  uint32_t unit = 0;                   // elements per burst
  SliceSide src, dst;
};

[[noreturn]] AICORE_COLD inline void FailSlice(const char* side, uint32_t i, const AscendC::SliceInfo& s,
                                               const std::string& what, SrcLoc loc) {
  Fail(ErrorKind::kParameter, "DataCopy", loc,
       std::string(side) + "[" + std::to_string(i) + "] {startIndex " + std::to_string(s.startIndex) +
           ", endIndex " + std::to_string(s.endIndex) + ", stride " + std::to_string(s.stride) + ", burstLen " +
           std::to_string(s.burstLen) + ", shapeValue " + std::to_string(s.shapeValue) + "}: " + what);
}

// Checks both sides' SliceInfos (elements of `elem` bytes; the UB side is
// `ub_is_dst`) and computes the copy's geometry.
// dst_shape / src_shape: the tensors' ShapeInfo extents (dst_dims /
// src_dims of them), used when srcSliceInfo[0].shapeValue is 0.
AICORE_RT_FN SliceGeom PlanSlice(const AscendC::SliceInfo* dst, const AscendC::SliceInfo* src, uint32_t dims,
                                 const uint32_t* dst_shape, uint32_t dst_dims, const uint32_t* src_shape,
                                 uint32_t src_dims, uint32_t elem, bool ub_is_dst, SrcLoc loc);

// The extents a tensor's ShapeInfo keeps (none with K_MAX_SHAPE_DIM 0).
inline uint32_t ShapeExtents(const AscendC::ShapeInfo& info, uint32_t* out) {
  const uint32_t n = std::min<uint32_t>({info.shapeDim, kMaxSliceDims, KeptShapeDims(info.shapeDim)});
  for (uint32_t i = 0; i < n; ++i) out[i] = info.shape[i];
  return n;
}

AICORE_TARGET_BEGIN

template <typename T, bool kToUb, typename Dst, typename Src>
void SliceCopy(const Dst& dst, const Src& src, const AscendC::SliceInfo dstInfo[],
               const AscendC::SliceInfo srcInfo[], uint32_t dims, SrcLoc loc) {
  const char* api = "DataCopy";
  Enter(api, loc);
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4,
                "DataCopy with SliceInfo: 1-, 2- or 4-byte elements (int8_t ... float)");
  uint32_t dshape[kMaxSliceDims] = {}, sshape[kMaxSliceDims] = {};
  const uint32_t ddims = ShapeExtents(dst.GetShapeInfo(), dshape);
  const uint32_t sdims = ShapeExtents(src.GetShapeInfo(), sshape);
  const SliceGeom g = PlanSlice(dstInfo, srcInfo, dims, dshape, ddims, sshape, sdims, sizeof(T), kToUb, loc);
  // Every element either side touches lies inside it.
  if constexpr (kToUb) {
    CheckLocal(api, "dst", dst, g.dst.extent * sizeof(T), loc, true, Pipe::kCount);
    src.CheckRange(api, 0, g.src.extent, loc);
  } else {
    CheckLocal(api, "src", src, g.src.extent * sizeof(T), loc, true, Pipe::kCount);
    dst.CheckRange(api, 0, g.dst.extent, loc);
  }
  const uint64_t len = uint64_t{g.unit} * sizeof(T);
  const uint64_t src_gap = (g.src.step[0] - g.unit) * sizeof(T);
  const uint64_t dst_gap = (g.dst.step[0] - g.unit) * sizeof(T);
  // The outer runs, dimension 1 fastest (an odometer over dimensions 1..).
  uint32_t idx[kMaxSliceDims] = {};
  for (;;) {
    uint64_t so = g.src.start, doff = g.dst.start;
    for (uint32_t d = 1; d < g.dims; ++d) {
      so += idx[d] * g.src.step[d];
      doff += idx[d] * g.dst.step[d];
    }
    const auto s = src[ElemIndex(so, loc)];
    const auto t = dst[ElemIndex(doff, loc)];
    if constexpr (kToUb) {
      CopyPadIn(t, s, PadCopy{g.count[0], len, src_gap, dst_gap, 0, 0}, false, T(0), loc, api);
    } else {
      CopyPadOut(t, s, PadCopy{g.count[0], len, dst_gap, src_gap, 0, 0}, loc, api);
    }
    uint32_t d = 1;
    while (d < g.dims && ++idx[d] == g.count[d]) idx[d++] = 0;
    if (d >= g.dims) break;
  }
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

// GM -> UB (VECIN).
template <typename T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const SliceInfo dstSliceInfo[],
              const SliceInfo srcSliceInfo[], const uint32_t dimValue = 1,
              aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::SliceCopy<T, true>(dst, src, dstSliceInfo, srcSliceInfo, dimValue, loc);
}

// UB (VECOUT) -> GM.
template <typename T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const SliceInfo dstSliceInfo[],
              const SliceInfo srcSliceInfo[], const uint32_t dimValue = 1,
              aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::SliceCopy<T, false>(dst, src, dstSliceInfo, srcSliceInfo, dimValue, loc);
}

AICORE_TARGET_END
}  // namespace AscendC

#if AICORE_RT_DEFINITIONS
#include "aicore/ops/data_copy_slice-inl.h"
#endif
