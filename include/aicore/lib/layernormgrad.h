// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// LayerNormGradBeta of the Ascend C advanced library (Ascend910B profile),
// kernel side and host tiling (LayerNormGrad itself is not implemented yet):
//
//   LayerNormGradBeta<T, isReuseSource = false>(outputPdGamma, outputPdBeta, resForGamma,
//                                               inputDy, [sharedTmpBuffer,] tiling)
//     resForGamma, inputDy [B, S, H] (H 32-byte aligned), outputPdGamma,
//     outputPdBeta [H]; T half or float:
//       outputPdGamma[h] = sum_{b,s} inputDy * resForGamma,  outputPdBeta[h] = sum_{b,s} inputDy
//     Sources and destinations may share memory (as the vendor allows): each
//     chunk of columns is read over every row before its sums are stored.
//
// The sums in f32 (half widened), rounded once to T; one vertical Highway
// pass (one lane per column). sharedTmpBuffer is only checked against what
// the tiling says it holds (KernelError when smaller).
//
// Accuracy against a double-precision model: |err| <= 1e-5 (float) / 2e-3
// (half) * sum |term| + the same * |ref| (f32 sums of B*S terms).
//
// Host (namespace AscendC), the vendor's formulas:
//   GetLayerNormGradBetaMaxMinTmpSize(srcShape {B, S, storageH, originH}, typeSize,
//                                     isReuseSource, maxValue, minValue)
//     bytes: max k * B*S*H * 4, min k * H * 4 (k = 4 for half, 2 for float).
//   GetLayerNormGradBetaNDTilingInfo(srcShape, stackBufferSize, typeSize, isReuseSource,
//                                    LayerNormGradBetaTiling& tiling)
//     stackBufferSize in bytes; the tiling is left unchanged when it does
//     not hold 2 * H floats (plus, for half, one row of each of the two f32
//     copies) -- LayerNormGradBeta then reports the tiling as not filled in.
//   KernelError for a srcShape that is not 4-D with positive dimensions or a
//   typeSize other than 2 or 4 (the vendor logs an error there).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/lib/normalization.h"
#include "aicore/lib/tensor_shape.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/runtime/context.h"
#include "aicore/runtime/tiling.h"
#include "aicore/simd/simd.h"
#include "aicore/simd/target.h"

namespace AscendC {
namespace tiling {

BEGIN_TILING_DATA_DEF(LayerNormGradBetaTiling)
TILING_DATA_FIELD_DEF(uint32_t, stackBufferSize);
TILING_DATA_FIELD_DEF(uint32_t, bLength);
TILING_DATA_FIELD_DEF(uint32_t, sLength);
TILING_DATA_FIELD_DEF(uint32_t, hLength);
TILING_DATA_FIELD_DEF(uint32_t, originalHLength);
TILING_DATA_FIELD_DEF(uint32_t, bshLength);
TILING_DATA_FIELD_DEF(uint32_t, bsLength);
TILING_DATA_FIELD_DEF(uint32_t, oneCalSize);
TILING_DATA_FIELD_DEF(uint32_t, numberOfTmpBuf);
TILING_DATA_FIELD_DEF(uint32_t, loopRound);
TILING_DATA_FIELD_DEF(uint32_t, inputTailSize);
TILING_DATA_FIELD_DEF(uint32_t, inputTailPos);
TILING_DATA_FIELD_DEF(uint32_t, bsTailSize);
TILING_DATA_FIELD_DEF(uint32_t, bshCurLength);
TILING_DATA_FIELD_DEF(uint32_t, bsCurLength);
TILING_DATA_FIELD_DEF(uint32_t, gammaTempTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, betaTempTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, inputDyTmpTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, resForGammaTmpTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, reserved);
END_TILING_DATA_DEF;

}  // namespace tiling

using tiling::LayerNormGradBetaTiling;

}  // namespace AscendC

namespace optiling {
using AscendC::tiling::LayerNormGradBetaTiling;
}  // namespace optiling

namespace aicore {
namespace detail {

inline void CheckLayerNormGradBetaHost(const char* fn, const ge::Shape& shape, uint32_t typeSize,
                                       SrcLoc loc) {
  if (typeSize != 2 && typeSize != 4) {
    Fail(ErrorKind::kParameter, fn, loc,
         "typeSize " + std::to_string(typeSize) + " is unsupported (2 for half, 4 for float)");
  }
  if (shape.GetDimNum() != 4) {
    Fail(ErrorKind::kParameter, fn, loc,
         "srcShape " + ShapeText(shape) + " has " + std::to_string(shape.GetDimNum()) +
             " dimensions, should be 4 ([B, S, storageHLength, originHLength])");
  }
  for (size_t i = 0; i < 4; ++i) {
    if (shape.GetDim(i) <= 0 || shape.GetDim(i) > 0xFFFFFFFFll) {
      Fail(ErrorKind::kParameter, fn, loc,
           "srcShape " + ShapeText(shape) + " has dimension " + std::to_string(i) + " = " +
               std::to_string(shape.GetDim(i)) + ", which is not positive");
    }
  }
}

}  // namespace detail
}  // namespace aicore

namespace AscendC {

inline void GetLayerNormGradBetaMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                              const bool isReuseSource, uint32_t& maxValue,
                                              uint32_t& minValue,
                                              aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  (void)isReuseSource;
  aicore::detail::CheckLayerNormGradBetaHost("GetLayerNormGradBetaMaxMinTmpSize", srcShape,
                                             typeSize, loc);
  const auto b = static_cast<uint32_t>(srcShape.GetDim(0));
  const auto s = static_cast<uint32_t>(srcShape.GetDim(1));
  const auto h = static_cast<uint32_t>(srcShape.GetDim(2));
  const uint32_t k = typeSize == 2 ? 4 : 2;
  maxValue = k * b * s * h * 4;
  minValue = k * h * 4;
}

inline void GetLayerNormGradBetaNDTilingInfo(const ge::Shape srcShape,
                                             const uint32_t stackBufferSize,
                                             const uint32_t typeSize, const bool isReuseSource,
                                             LayerNormGradBetaTiling& tiling,
                                             aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  (void)isReuseSource;
  aicore::detail::CheckLayerNormGradBetaHost("GetLayerNormGradBetaNDTilingInfo", srcShape,
                                             typeSize, loc);
  const auto b = static_cast<uint32_t>(srcShape.GetDim(0));
  const auto s = static_cast<uint32_t>(srcShape.GetDim(1));
  const auto h = static_cast<uint32_t>(srcShape.GetDim(2));
  const auto oh = static_cast<uint32_t>(srcShape.GetDim(3));
  const uint32_t bsh = b * s * h, bs = b * s;
  const uint32_t floats = stackBufferSize / 4;
  if (floats < 2 * h) return;  // not enough: unchanged
  uint32_t oneCal = floats;
  uint32_t nbuf = 1;
  if (typeSize == 2) {
    nbuf = 2;
    oneCal = (oneCal - 2 * h) / nbuf;
  }
  oneCal = oneCal / h * h;
  if (oneCal == 0) return;
  if (oneCal >= bsh) oneCal = bsh;
  const uint32_t tail = bsh % oneCal;
  tiling.stackBufferSize = floats;
  tiling.bLength = b;
  tiling.sLength = s;
  tiling.hLength = h;
  tiling.originalHLength = oh;
  tiling.bshLength = bsh;
  tiling.bsLength = bs;
  tiling.oneCalSize = oneCal;
  tiling.numberOfTmpBuf = nbuf;
  tiling.loopRound = bsh / oneCal;
  tiling.inputTailSize = tail;
  tiling.inputTailPos = bsh - tail;
  tiling.bsTailSize = tail / h;
  tiling.bshCurLength = oneCal;
  tiling.bsCurLength = oneCal / h;
  tiling.gammaTempTensorPos = 0;
  tiling.betaTempTensorPos = typeSize == 2 ? h : 0;
  tiling.inputDyTmpTensorPos = typeSize == 2 ? 2 * h : 0;
  tiling.resForGammaTmpTensorPos = typeSize == 2 ? 2 * h + oneCal : 0;
}

}  // namespace AscendC

// ---------------------------------------------------------------------------
// Kernel side.

namespace aicore {
namespace detail {
AICORE_TARGET_BEGIN

namespace lhn = hwy::HWY_NAMESPACE;

template <class T, class D>
HWY_INLINE void GradBetaColumns(D d, T* pg, T* pb, const T* res, const T* dy, size_t rows,
                                size_t h) {
  auto sg = lhn::Zero(d);
  auto sb = lhn::Zero(d);
  for (size_t r = 0; r < rows; ++r) {
    const auto vd = simd::LoadC(d, dy + r * h);
    sg = lhn::MulAdd(vd, simd::LoadC(d, res + r * h), sg);
    sb = lhn::Add(sb, vd);
  }
  simd::StoreC(d, sg, pg);
  simd::StoreC(d, sb, pb);
}

template <class T>
inline void LayerNormGradBetaRun(const AscendC::LocalTensor<T>& pdGamma,
                                 const AscendC::LocalTensor<T>& pdBeta,
                                 const AscendC::LocalTensor<T>& resForGamma,
                                 const AscendC::LocalTensor<T>& inputDy,
                                 const AscendC::LocalTensor<uint8_t>* tmp,
                                 const AscendC::LayerNormGradBetaTiling& tiling, SrcLoc loc) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                "LayerNormGradBeta only supports half and float");
  const char* api = "LayerNormGradBeta";
  Enter(api, loc);
  const uint32_t h = tiling.hLength;
  const uint64_t rows = uint64_t{tiling.bLength} * tiling.sLength;
  if (h == 0 || rows == 0 || tiling.oneCalSize == 0) {
    FailNormTiling(api,
                   "bLength " + std::to_string(tiling.bLength) + ", sLength " +
                       std::to_string(tiling.sLength) + ", hLength " + std::to_string(h) +
                       ", oneCalSize " + std::to_string(tiling.oneCalSize) +
                       " (was GetLayerNormGradBetaNDTilingInfo called with a stackBufferSize of "
                       "at least the minimum of GetLayerNormGradBetaMaxMinTmpSize?)",
                   loc);
  }
  if ((uint64_t{h} * sizeof(T)) % 32 != 0) {
    Fail(ErrorKind::kAlignment, api, loc,
         "hLength " + std::to_string(h) + " of " + TypeName<T>() + " (" +
             std::to_string(uint64_t{h} * sizeof(T)) +
             " bytes) is not a multiple of 32 bytes: pad H to 32 bytes (with zeros)");
  }
  const uint64_t xs = rows * h * sizeof(T), os = uint64_t{h} * sizeof(T);
  CheckLocal(api, "outputPdGamma", pdGamma, os, loc);
  CheckLocal(api, "outputPdBeta", pdBeta, os, loc);
  CheckLocal(api, "resForGamma", resForGamma, xs, loc);
  CheckLocal(api, "inputDy", inputDy, xs, loc);
  if (BytesOverlap(pdGamma.addr_, os, pdBeta.addr_, os)) {
    Fail(ErrorKind::kParameter, api, loc, "outputPdGamma and outputPdBeta overlap (not allowed)");
  }
  if (tmp != nullptr) {
    const uint64_t need =
        (std::is_same_v<T, half> ? 2ull * h + 2ull * tiling.oneCalSize : tiling.oneCalSize) * 4;
    CheckLocal(api, "sharedTmpBuffer", *tmp, 0, loc, true, Pipe::kCount);
    if (AvailableBytes(*tmp) < need) FailNormTmp(api, need, AvailableBytes(*tmp), loc);
  }
  const simd::TagFor<float> d;
  const size_t N = lhn::Lanes(d);
  size_t i = 0;
  for (; i + N <= h; i += N) {
    GradBetaColumns(d, pdGamma.addr_ + i, pdBeta.addr_ + i, resForGamma.addr_ + i,
                    inputDy.addr_ + i, rows, h);
  }
  const lhn::CappedTag<float, 8> d8;  // H is a multiple of 8: the tail on wide targets
  for (; i < h; i += lhn::Lanes(d8)) {
    GradBetaColumns(d8, pdGamma.addr_ + i, pdBeta.addr_ + i, resForGamma.addr_ + i,
                    inputDy.addr_ + i, rows, h);
  }
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

template <typename T, bool isReuseSource = false>
inline void LayerNormGradBeta(const LocalTensor<T>& outputPdGamma,
                              const LocalTensor<T>& outputPdBeta,
                              const LocalTensor<T>& resForGamma, const LocalTensor<T>& inputDy,
                              const LocalTensor<uint8_t>& sharedTmpBuffer,
                              const LayerNormGradBetaTiling& tiling,
                              aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::LayerNormGradBetaRun(outputPdGamma, outputPdBeta, resForGamma, inputDy,
                                       &sharedTmpBuffer, tiling, loc);
}

template <typename T, bool isReuseSource = false>
inline void LayerNormGradBeta(const LocalTensor<T>& outputPdGamma,
                              const LocalTensor<T>& outputPdBeta,
                              const LocalTensor<T>& resForGamma, const LocalTensor<T>& inputDy,
                              LayerNormGradBetaTiling& tiling,
                              aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::LayerNormGradBetaRun(outputPdGamma, outputPdBeta, resForGamma, inputDy, nullptr,
                                       tiling, loc);
}

AICORE_TARGET_END
}  // namespace AscendC
