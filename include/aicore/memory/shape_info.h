// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// ShapeInfo: the shape a GlobalTensor or LocalTensor carries (SetShapeInfo /
// GetShapeInfo; the high-level library reads it from its operands), with
// DataFormat and the overridable K_MAX_SHAPE_DIM.
//
//   ShapeInfo(dim, shape)                          format ND, original = shape
//   ShapeInfo(dim, shape, format)                  original = shape
//   ShapeInfo(dim, shape, origDim, origShape, format)
//
// The constructors are not explicit, so `info = {3, shape, 3, orig, ND}`
// works as in kernels. More than K_MAX_SHAPE_DIM dimensions is a
// KernelError (the vendor's CPU debug mode asserts), except that with
// K_MAX_SHAPE_DIM 0 (kernels that never use shapes define it to 0 to make
// tensors smaller) the dimensions are recorded and no extent is kept.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "aicore/base/error.h"
#include "aicore/runtime/context.h"

namespace AscendC {

enum class DataFormat : uint8_t { ND = 0, NZ, NCHW, NC1HWC0, NHWC, NCDHW, NDC1HWC0, FRACTAL_Z_3D };

}  // namespace AscendC

// K_MAX_SHAPE_DIM: the most dimensions a ShapeInfo keeps. A macro, as in the
// vendor's headers, so that a kernel may define it before including them
// (`#define K_MAX_SHAPE_DIM 0` makes ShapeInfo keep no extents).
#ifndef K_MAX_SHAPE_DIM
#define K_MAX_SHAPE_DIM 8
#endif
static_assert(K_MAX_SHAPE_DIM >= 0 && K_MAX_SHAPE_DIM <= 255, "K_MAX_SHAPE_DIM must be in [0, 255]");

namespace aicore {
namespace detail {
constexpr uint32_t kMaxShapeDim = K_MAX_SHAPE_DIM;
// How many of `dim` extents a ShapeInfo keeps.
constexpr uint32_t KeptShapeDims(uint32_t dim) { return dim < kMaxShapeDim ? dim : kMaxShapeDim; }

[[noreturn]] AICORE_COLD inline void FailShapeDim(const char* what, uint32_t dim, SrcLoc loc) {
  Fail(ErrorKind::kParameter, "ShapeInfo", loc,
       std::string(what) + " " + std::to_string(dim) + " is more than K_MAX_SHAPE_DIM (" +
           std::to_string(kMaxShapeDim) + "), the most dimensions a ShapeInfo holds");
}
// Fails for more than K_MAX_SHAPE_DIM dimensions (unless it is 0: no extents kept).
inline void CheckShapeDim(const char* what, uint32_t dim, SrcLoc loc) {
  if (AICORE_UNLIKELY(kMaxShapeDim != 0 && dim > kMaxShapeDim)) FailShapeDim(what, dim, loc);
}
}  // namespace detail
}  // namespace aicore

namespace AscendC {

struct ShapeInfo {
  uint8_t shapeDim = 0;
  uint8_t originalShapeDim = 0;
  uint32_t shape[K_MAX_SHAPE_DIM > 0 ? K_MAX_SHAPE_DIM : 1] = {};
  uint32_t originalShape[K_MAX_SHAPE_DIM > 0 ? K_MAX_SHAPE_DIM : 1] = {};
  DataFormat dataFormat = DataFormat::ND;

  ShapeInfo() = default;
  ShapeInfo(uint8_t inputShapeDim, const uint32_t inputShape[], DataFormat inputFormat = DataFormat::ND,
            aicore::SrcLoc loc = aicore::SrcLoc::Current())
      : shapeDim(inputShapeDim), originalShapeDim(inputShapeDim), dataFormat(inputFormat) {
    aicore::detail::CheckShapeDim("inputShapeDim", inputShapeDim, loc);
    const uint32_t n = aicore::detail::KeptShapeDims(inputShapeDim);
    for (uint32_t i = 0; i < n; ++i) shape[i] = originalShape[i] = inputShape[i];
  }
  ShapeInfo(uint8_t inputShapeDim, const uint32_t inputShape[], uint8_t inputOriginalShapeDim,
            const uint32_t inputOriginalShape[], DataFormat inputFormat,
            aicore::SrcLoc loc = aicore::SrcLoc::Current())
      : shapeDim(inputShapeDim), originalShapeDim(inputOriginalShapeDim), dataFormat(inputFormat) {
    aicore::detail::CheckShapeDim("inputShapeDim", inputShapeDim, loc);
    aicore::detail::CheckShapeDim("inputOriginalShapeDim", inputOriginalShapeDim, loc);
    const uint32_t n = aicore::detail::KeptShapeDims(inputShapeDim);
    for (uint32_t i = 0; i < n; ++i) shape[i] = inputShape[i];
    const uint32_t m = aicore::detail::KeptShapeDims(inputOriginalShapeDim);
    for (uint32_t i = 0; i < m; ++i) originalShape[i] = inputOriginalShape[i];
  }
};

// The product of the kept extents (1 for no dimension).
inline uint64_t GetShapeSize(const ShapeInfo& shapeInfo) {
  uint64_t n = 1;
  const uint32_t dims = aicore::detail::KeptShapeDims(shapeInfo.shapeDim);
  for (uint32_t i = 0; i < dims; ++i) n *= shapeInfo.shape[i];
  return n;
}

}  // namespace AscendC

namespace aicore {
namespace detail {

// LocalTensor's shape, kept out of line so that copying a tensor stays
// cheap: SetShapeInfo stores the ShapeInfo in its thread's pool for the
// running block (reusing an equal recent entry) and the tensor keeps its
// index; copies share the entry, which is never changed (value semantics).
// A tensor kept from an earlier block reads the default ShapeInfo.
struct ShapeRef {
  uint32_t index = 0;  // 1-based; 0: no shape set
  uint32_t epoch = 0;  // the block (CoreContext::block_epoch) of the pool entry
};

struct ShapePool {
  uint32_t epoch = 0;
  std::vector<AscendC::ShapeInfo> v;
};
inline ShapePool& ThreadShapePool() {
  static thread_local ShapePool p;
  return p;
}

inline bool SameShape(const AscendC::ShapeInfo& a, const AscendC::ShapeInfo& b) {
  if (a.shapeDim != b.shapeDim || a.originalShapeDim != b.originalShapeDim ||
      a.dataFormat != b.dataFormat) {
    return false;
  }
  for (uint32_t i = 0; i < KeptShapeDims(a.shapeDim); ++i) {
    if (a.shape[i] != b.shape[i]) return false;
  }
  for (uint32_t i = 0; i < KeptShapeDims(a.originalShapeDim); ++i) {
    if (a.originalShape[i] != b.originalShape[i]) return false;
  }
  return true;
}

inline ShapeRef InternShape(const AscendC::ShapeInfo& s, SrcLoc loc) {
  const CoreContext* c = t_core;
  const uint32_t epoch = c != nullptr ? c->block_epoch : 0;
  ShapePool& p = ThreadShapePool();
  if (p.epoch != epoch) {
    p.v.clear();
    p.epoch = epoch;
  }
  const size_t n = p.v.size();
  for (size_t k = 0; k < 16 && k < n; ++k) {
    if (SameShape(p.v[n - 1 - k], s)) return ShapeRef{static_cast<uint32_t>(n - k), epoch};
  }
  if (AICORE_UNLIKELY(n >= (size_t{1} << 20))) {
    Fail(ErrorKind::kParameter, "LocalTensor::SetShapeInfo", loc,
         "more than 1048576 different shapes set in one block");
  }
  p.v.push_back(s);
  return ShapeRef{static_cast<uint32_t>(n + 1), epoch};
}

inline AscendC::ShapeInfo ShapeOf(ShapeRef r) {
  const ShapePool& p = ThreadShapePool();
  if (r.index == 0 || r.epoch != p.epoch || r.index > p.v.size()) return AscendC::ShapeInfo();
  return p.v[r.index - 1];
}

}  // namespace detail
}  // namespace aicore
