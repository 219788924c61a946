// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Definitions of aicore/ops/data_copy_slice.h (see AICORE_RT_FN in base/defs.h).
#pragma once

#include "aicore/ops/data_copy_slice.h"

namespace aicore {
namespace detail {

AICORE_RT_FN SliceGeom PlanSlice(const AscendC::SliceInfo* dst, const AscendC::SliceInfo* src, uint32_t dims,
                                 const uint32_t* dst_shape, uint32_t dst_dims, const uint32_t* src_shape,
                                 uint32_t src_dims, uint32_t elem, bool ub_is_dst, SrcLoc loc) {
  if (dims < 1 || dims > kMaxSliceDims) {
    Fail(ErrorKind::kParameter, "DataCopy", loc,
         "dimValue " + std::to_string(dims) + " is outside [1, " + std::to_string(kMaxSliceDims) + "]");
  }
  const bool shape_values = src[0].shapeValue != 0;
  if (!shape_values && (dst_dims < dims || src_dims < dims)) {
    Fail(ErrorKind::kParameter, "DataCopy", loc,
         "srcSliceInfo[0].shapeValue is 0, so the shapes come from the tensors' ShapeInfo, but the " +
             std::string(dst_dims < dims ? "destination's" : "source's") + " has " +
             std::to_string(std::min(dst_dims, src_dims)) + " dimensions, not dimValue = " + std::to_string(dims));
  }
  SliceGeom g;
  g.dims = dims;
  const uint32_t c0 = 32 / elem;  // elements per 32-byte block
  uint64_t size[2] = {1, 1};      // elements of the dimensions below (dst, src)
  SliceSide* side[2] = {&g.dst, &g.src};
  const AscendC::SliceInfo* info[2] = {dst, src};
  const char* name[2] = {"dstSliceInfo", "srcSliceInfo"};
  const uint32_t* tshape[2] = {dst_shape, src_shape};
  uint32_t runs[2][kMaxSliceDims] = {};
  for (uint32_t i = 0; i < dims; ++i) {
    if (dst[i].burstLen != src[i].burstLen) {
      FailSlice("dstSliceInfo", i, dst[i],
                "burstLen differs from srcSliceInfo[" + std::to_string(i) + "].burstLen " +
                    std::to_string(src[i].burstLen) + " (both sides copy the same runs)",
                loc);
    }
    for (int k = 0; k < 2; ++k) {
      const AscendC::SliceInfo& s = info[k][i];
      const uint64_t shape = shape_values ? s.shapeValue : tshape[k][i];
      if (i == 0 && s.burstLen == 0) FailSlice(name[k], i, s, "burstLen is 0", loc);
      if (i > 0 && s.burstLen != 1) {
        FailSlice(name[k], i, s, "burstLen must be 1 in every dimension but the first", loc);
      }
      if (!(s.startIndex < s.endIndex && s.endIndex <= shape)) {
        FailSlice(name[k], i, s,
                  "needs startIndex < endIndex <= the dimension's shape " + std::to_string(shape) +
                      (shape_values ? "" : " (from the tensor's ShapeInfo)"),
                  loc);
      }
      const uint64_t unit = i == 0 ? uint64_t{s.burstLen} * c0 : 1;
      const uint64_t span = uint64_t{s.endIndex} - s.startIndex + 1;
      const uint64_t n = (span + s.stride) / (unit + s.stride);
      if (n == 0 || (n - 1) * s.stride + n * unit != span) {
        FailSlice(name[k], i, s,
                  "endIndex - startIndex + 1 = " + std::to_string(span) + " is not (N - 1) * stride + N * " +
                      (i == 0 ? "burstLen * 32 / sizeof(T) (" + std::to_string(unit) + " elements per run)"
                              : std::string("1")) +
                      " for a whole N",
                  loc);
      }
      if (n > 0xFFFFFFFFu) FailSlice(name[k], i, s, "too many runs", loc);
      runs[k][i] = static_cast<uint32_t>(n);
      side[k]->start += s.startIndex * size[k];
      side[k]->step[i] = (i == 0 ? unit + s.stride : uint64_t{s.stride} + 1) * size[k];
      size[k] *= shape;
    }
    if (runs[0][i] != runs[1][i]) {
      FailSlice("dstSliceInfo", i, dst[i],
                "holds " + std::to_string(runs[0][i]) + " runs, srcSliceInfo[" + std::to_string(i) + "] " +
                    std::to_string(runs[1][i]) + " (the runs are paired in order)",
                loc);
    }
    g.count[i] = runs[0][i];
  }
  g.unit = dst[0].burstLen * c0;
  const int ub = ub_is_dst ? 0 : 1;
  if ((uint64_t{info[ub][0].stride} * elem) % 32 != 0) {
    FailSlice(name[ub], 0, info[ub][0],
              "the UB side's stride is " + std::to_string(uint64_t{info[ub][0].stride} * elem) +
                  " bytes, not a multiple of 32 (every run in UB starts 32-byte aligned)",
              loc);
  }
  uint64_t outer = 1;
  for (uint32_t i = 1; i < dims; ++i) outer *= g.count[i];
  if (outer > kMaxSliceRuns) {
    Fail(ErrorKind::kParameter, "DataCopy", loc,
         "the slices make " + std::to_string(outer) + " combinations of the outer dimensions, more than the " +
             std::to_string(kMaxSliceRuns) + " the copy handles");
  }
  for (SliceSide* s : side) {
    s->extent = s->start + (uint64_t{g.count[0]} - 1) * s->step[0] + g.unit;
    for (uint32_t i = 1; i < dims; ++i) s->extent += (uint64_t{g.count[i]} - 1) * s->step[i];
  }
  return g;
}

}  // namespace detail
}  // namespace aicore
