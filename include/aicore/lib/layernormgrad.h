// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// LayerNormGrad and LayerNormGradBeta of the Ascend C advanced library
// (Ascend910B profile), kernel side and host tiling:
//
//   LayerNormGrad<T, isReuseSource = false>(outputPdX, resForGamma, inputDy, inputX,
//                                           inputVariance, inputMean, inputGamma,
//                                           [sharedTmpBuffer,] epsilon, tiling, shapeInfo = {})
//     inputDy, inputX, outputPdX, resForGamma [B, S, H] (H 32-byte aligned),
//     inputVariance, inputMean [B, S], inputGamma [H]; T half or float
//     (isReuseSource with half is a compile error, as the vendor's check):
//       x1 = dy * gamma,  x2 = x - mean,  rstd = 1 / sqrt(var + eps)
//       pdVar  = sum_h(-0.5 * x1 * x2 * (var + eps)^-1.5)
//       pdMean = sum_h(-x1 * rstd) + pdVar * (1 / H) * sum_h(-2 * x2)
//       outputPdX   = x1 * rstd + pdVar * (2 / H) * x2 + pdMean * (1 / H)
//       resForGamma = x2 * rstd
//     The sums run over all hLength columns (as the NPU's do), 1 / H and 2 / H
//     are the tiling's lastDimValueBack / lastDimValueBackMulTwo (the f32
//     bits of 1 / originalHLength and 2 / originalHLength). The vendor
//     supports storageHLength == originHLength only; padding columns (x, dy
//     zero) then take part in sum(x2) with -mean, exactly as on the NPU.
//     An output may be inputDy or inputX itself (in place: same start); it
//     may not overlap the other output (the vendor's check), inputGamma,
//     inputMean, inputVariance, or partly overlap inputDy/inputX.
//
//   The NPU's steps in f32 (half widened, rounded once to T when stored), in
//   its order: (var + eps)^-1.5 as 1 / sqrt((e * e) * e), rstd as
//   1 / sqrt(e), each pdVar term x1 * (x2 * e^-1.5), pdMean's correction
//   pdVar * (sum(-2 x2) * (1 / H)), outputPdX = ((2/H pdVar) * x2 + pdMean / H)
//   + x1 * rstd. Two fused Highway passes per row (the sums, then both
//   outputs); no intermediate tensor is written, so sharedTmpBuffer is only
//   checked: it must hold the tiling's stackBufferSize bytes (the vendor's
//   own check), else KernelError. isReuseSource (float) lets the NPU write
//   into inputDy and inputX; here the sources are left as they were.
//
// Accuracy against a float64 model of the formulas above (|err| <= atol *
// scale + rtol * |ref|, scale the sum of the absolute values of the terms
// that make up the result, pdVar's and pdMean's included): float 1e-5, half
// 2e-3 (f32 sums, one rounding to half); see tests/unit/lib/test_layernorm_grad.cpp.
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
//   GetLayerNormGradMaxMinTmpSize(srcShape {B, S, storageH, originH}, typeSize,
//                                 isReuseSource, maxValue, minValue)
//     bytes: k * max(B*S*H, H*H) * typeSize (max), k * min(B*S*H, H*H) * typeSize
//     (min); k = 9 for half, 6 for float, 4 for float with isReuseSource.
//   GetLayerNormGradNDTilingInfo(srcShape, stackBufferSize, typeSize, isReuseSource,
//                                LayerNormGradTiling& tiling)
//     stackBufferSize in bytes; oneCalSize = stackBufferSize / 4 / k rounded
//     down to whole rows, its row count (nohCalSize) then rounded up to 8
//     (float) / 16 (half) rows; the tiling is left unchanged when the buffer
//     does not hold one row -- LayerNormGrad then reports the tiling as not
//     filled in. (Both as the vendor: for half, the minimum is counted in
//     2-byte units while the tiling divides by 4, so a half minimum may not
//     give a tiling; the rounding up may describe more than stackBufferSize
//     bytes. Neither matters here, where the buffer is not used.)
//   GetLayerNormGradBetaMaxMinTmpSize(srcShape {B, S, storageH, originH}, typeSize,
//                                     isReuseSource, maxValue, minValue)
//     bytes: max k * B*S*H * 4, min k * H * 4 (k = 4 for half, 2 for float).
//   GetLayerNormGradBetaNDTilingInfo(srcShape, stackBufferSize, typeSize, isReuseSource,
//                                    LayerNormGradBetaTiling& tiling)
//     stackBufferSize in bytes; the tiling is left unchanged when it does
//     not hold 2 * H floats (plus, for half, one row of each of the two f32
//     copies) -- LayerNormGradBeta then reports the tiling as not filled in.
//   KernelError for a srcShape that is not 4-D with positive dimensions or a
//   typeSize other than 2 or 4 (the vendor logs an error there); for
//   LayerNormGrad also an originH above storageH.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/instrument/sanitizer/numeric_api.h"
#include "aicore/lib/normalization.h"
#include "aicore/lib/tensor_shape.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/memory/shape_info.h"
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
  constexpr Pipe kNo = Pipe::kCount;  // recorded below, outputs as writes
  CheckLocal(api, "outputPdGamma", pdGamma, os, loc, true, kNo);
  CheckLocal(api, "outputPdBeta", pdBeta, os, loc, true, kNo);
  CheckLocal(api, "resForGamma", resForGamma, xs, loc, true, kNo);
  CheckLocal(api, "inputDy", inputDy, xs, loc, true, kNo);
  if (BytesOverlap(pdGamma.addr_, os, pdBeta.addr_, os)) {
    Fail(ErrorKind::kParameter, api, loc, "outputPdGamma and outputPdBeta overlap (not allowed)");
  }
  if (tmp != nullptr) {
    const uint64_t need =
        (std::is_same_v<T, half> ? 2ull * h + 2ull * tiling.oneCalSize : tiling.oneCalSize) * 4;
    CheckLocal(api, "sharedTmpBuffer", *tmp, 0, loc, true, Pipe::kCount);
    if (AvailableBytes(*tmp) < need) FailNormTmp(api, need, AvailableBytes(*tmp), loc);
  }
  NormEmit(api, "resForGamma", resForGamma, xs, false, loc);
  NormEmit(api, "inputDy", inputDy, xs, false, loc);
  NormEmit(api, "outputPdGamma", pdGamma, os, true, loc);
  NormEmit(api, "outputPdBeta", pdBeta, os, true, loc);
  NumApi(
      api, loc,
      [&]() AICORE_LAMBDA_INLINE {
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
      },
      [&](NumApiCall& c) {
        c.In("resForGamma", resForGamma.addr_, rows * h), c.In("inputDy", inputDy.addr_, rows * h);
        c.Out("outputPdGamma", pdGamma.addr_, h), c.Out("outputPdBeta", pdBeta.addr_, h);
      });
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

// ---------------------------------------------------------------------------
// LayerNormGrad: tiling struct, shape info and host functions.

namespace AscendC {
namespace tiling {

BEGIN_TILING_DATA_DEF(LayerNormGradTiling)
TILING_DATA_FIELD_DEF(uint32_t, stackBufferSize);
TILING_DATA_FIELD_DEF(uint32_t, bLength);
TILING_DATA_FIELD_DEF(uint32_t, sLength);
TILING_DATA_FIELD_DEF(uint32_t, hLength);
TILING_DATA_FIELD_DEF(uint32_t, originalHLength);
TILING_DATA_FIELD_DEF(uint32_t, oneCalSize);
TILING_DATA_FIELD_DEF(uint32_t, nohCalSize);
TILING_DATA_FIELD_DEF(uint32_t, loopNum);
TILING_DATA_FIELD_DEF(uint32_t, tailSize);
TILING_DATA_FIELD_DEF(uint32_t, nohTailSize);
TILING_DATA_FIELD_DEF(uint32_t, tmpTensorBSHPos);
TILING_DATA_FIELD_DEF(uint32_t, tmpTensorBSHSize);
TILING_DATA_FIELD_DEF(uint32_t, pdVarTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, pdVarTensorSize);
TILING_DATA_FIELD_DEF(uint32_t, pdMeanTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, pdMeanTensorSize);
TILING_DATA_FIELD_DEF(uint32_t, x1TensorPos);
TILING_DATA_FIELD_DEF(uint32_t, x1TensorSize);
TILING_DATA_FIELD_DEF(uint32_t, x2TensorPos);
TILING_DATA_FIELD_DEF(uint32_t, x2TensorSize);
TILING_DATA_FIELD_DEF(uint32_t, x3TensorPos);
TILING_DATA_FIELD_DEF(uint32_t, x3TensorSize);
TILING_DATA_FIELD_DEF(uint32_t, tmpTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, tmpTensorSize);
TILING_DATA_FIELD_DEF(uint32_t, tmpTensor1Pos);
TILING_DATA_FIELD_DEF(uint32_t, tmpTensor1Size);
TILING_DATA_FIELD_DEF(uint32_t, tmpTensor2Pos);
TILING_DATA_FIELD_DEF(uint32_t, tmpTensor2Size);
TILING_DATA_FIELD_DEF(uint32_t, lastDimValueBack);
TILING_DATA_FIELD_DEF(uint32_t, lastDimValueBackMulTwo);
END_TILING_DATA_DEF;

}  // namespace tiling

using tiling::LayerNormGradTiling;

// The data format of LayerNormGrad's inputs; ND only.
struct LayerNormGradShapeInfo {
  DataFormat dataFormat = DataFormat::ND;
};

// The constants of the vendor's layernorm_grad_tiling.h.
constexpr uint32_t LAYERNORM_GRAD_ONE_BLOCK_SIZE_OF_FLOAT = 8;
constexpr uint32_t LAYERNORM_GRAD_B32_BYTE_SIZE = 4;
constexpr uint32_t LAYERNORM_GRAD_B16_BYTE_SIZE = 2;
constexpr uint32_t LAYERNORM_GRAD_THREE_TIMES = 3;
constexpr uint32_t LAYERNORM_GRAD_TWO_TIMES = 2;
constexpr uint32_t LAYERNORM_GRAD_REUSE_FLOAT_BUF_NUM = 4;
constexpr uint32_t LAYERNORM_GRAD_HALF_BUF_NUM = 9;
constexpr uint32_t LAYERNORM_GRAD_FLOAT_BUF_NUM = 6;
constexpr uint32_t LAYERNORM_GRAD_DAVID_BUF_NUM = 2;
constexpr uint32_t LAYERNORM_GRAD_B32_DATA_NUM_PER_BLOCK = 8;
constexpr uint32_t LAYERNORM_GRAD_B16_DATA_NUM_PER_BLOCK = 16;

}  // namespace AscendC

namespace optiling {
using AscendC::tiling::LayerNormGradTiling;
}  // namespace optiling

namespace aicore {
namespace detail {

// The f32 temporaries of one element of a chunk: 9 for half (three more for
// the widened copies), 6 for float, 4 for float with isReuseSource (x1 and
// x2 in the sources).
inline uint32_t LayerNormGradBufNum(uint32_t typeSize, bool isReuseSource) {
  if (typeSize == AscendC::LAYERNORM_GRAD_B16_BYTE_SIZE) return AscendC::LAYERNORM_GRAD_HALF_BUF_NUM;
  return isReuseSource ? AscendC::LAYERNORM_GRAD_REUSE_FLOAT_BUF_NUM
                       : AscendC::LAYERNORM_GRAD_FLOAT_BUF_NUM;
}

inline uint32_t FloatBits(float f) {
  uint32_t u = 0;
  std::memcpy(&u, &f, sizeof(u));
  return u;
}

inline float BitsFloat(uint32_t u) {
  float f = 0;
  std::memcpy(&f, &u, sizeof(f));
  return f;
}

}  // namespace detail
}  // namespace aicore

namespace AscendC {

// maxValue / minValue in bytes, the vendor's 910B formulas (see the top).
inline void GetLayerNormGradMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                          const bool isReuseSource, uint32_t& maxValue,
                                          uint32_t& minValue,
                                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::CheckLayerNormHost("GetLayerNormGradMaxMinTmpSize", srcShape, typeSize, loc);
  const auto b = static_cast<uint32_t>(srcShape.GetDim(0));
  const auto s = static_cast<uint32_t>(srcShape.GetDim(1));
  const auto h = static_cast<uint32_t>(srcShape.GetDim(2));
  const uint32_t input = b * s * h, square = h * h;
  const uint32_t k = aicore::detail::LayerNormGradBufNum(typeSize, isReuseSource);
  maxValue = k * (input > square ? input : square) * typeSize;
  minValue = k * (input < square ? input : square) * typeSize;
}

// srcShape {B, S, storageHLength, originHLength}; stackBufferSize in bytes.
// Left unchanged when stackBufferSize does not hold one row of each
// temporary (as the vendor, whose assert returns there).
inline void GetLayerNormGradNDTilingInfo(const ge::Shape srcShape, const uint32_t stackBufferSize,
                                         const uint32_t typeSize, const bool isReuseSource,
                                         LayerNormGradTiling& tiling,
                                         aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace d = aicore::detail;
  d::CheckLayerNormHost("GetLayerNormGradNDTilingInfo", srcShape, typeSize, loc);
  const auto b = static_cast<uint32_t>(srcShape.GetDim(0));
  const auto s = static_cast<uint32_t>(srcShape.GetDim(1));
  const auto h = static_cast<uint32_t>(srcShape.GetDim(2));
  const auto oh = static_cast<uint32_t>(srcShape.GetDim(3));
  const uint32_t input = b * s * h;
  const uint32_t k = d::LayerNormGradBufNum(typeSize, isReuseSource);
  uint32_t oneCal = stackBufferSize / 4 / k / h * h;
  if (oneCal == 0) return;  // "stackBufferSize is not enough": unchanged
  const uint32_t perBlock = typeSize == 4 ? LAYERNORM_GRAD_B32_DATA_NUM_PER_BLOCK
                                          : LAYERNORM_GRAD_B16_DATA_NUM_PER_BLOCK;
  const uint32_t noh = (oneCal / h + perBlock - 1) / perBlock * perBlock;
  oneCal = noh * h;
  // The temporaries, oneCalSize floats each: tmpTensorBSH, pdVar, pdMean,
  // then x1, x2 (not with float isReuseSource), x3, and for half three more.
  const bool reuse = isReuseSource && typeSize == 4;
  tiling.tmpTensorBSHPos = 0;
  tiling.pdVarTensorPos = oneCal;
  tiling.pdMeanTensorPos = 2 * oneCal;
  tiling.x1TensorPos = reuse ? 0 : 3 * oneCal;
  tiling.x2TensorPos = reuse ? 0 : 4 * oneCal;
  tiling.x3TensorPos = reuse ? 3 * oneCal : 5 * oneCal;
  const bool half = typeSize == 2;
  tiling.tmpTensorPos = half ? tiling.x3TensorPos + oneCal : 0;
  tiling.tmpTensor1Pos = half ? tiling.x3TensorPos + 2 * oneCal : 0;
  tiling.tmpTensor2Pos = half ? tiling.x3TensorPos + 3 * oneCal : 0;
  tiling.tmpTensorBSHSize = oneCal;
  tiling.pdVarTensorSize = oneCal;
  tiling.pdMeanTensorSize = oneCal;
  tiling.x1TensorSize = oneCal;
  tiling.x2TensorSize = oneCal;
  tiling.x3TensorSize = oneCal;
  tiling.tmpTensorSize = oneCal;
  tiling.tmpTensor1Size = oneCal;
  tiling.tmpTensor2Size = oneCal;
  tiling.stackBufferSize = stackBufferSize;
  tiling.bLength = b;
  tiling.sLength = s;
  tiling.hLength = h;
  tiling.originalHLength = oh;
  tiling.oneCalSize = oneCal;
  tiling.nohCalSize = noh;
  tiling.loopNum = input / oneCal;
  tiling.tailSize = input % oneCal;
  tiling.nohTailSize = input % oneCal / h;
  tiling.lastDimValueBack = d::FloatBits(1.0f / static_cast<float>(oh));
  tiling.lastDimValueBackMulTwo = d::FloatBits(2.0f / static_cast<float>(oh));
}

}  // namespace AscendC

// ---------------------------------------------------------------------------
// LayerNormGrad, kernel side.

namespace aicore {
namespace detail {
AICORE_TARGET_BEGIN

namespace lghn = hwy::HWY_NAMESPACE;

// The three sums of one row over columns [i, h) in steps of Lanes(d):
// sums[0] += x1 * (x2 * r3), sums[1] += x1 * rstd, sums[2] += x2. Returns
// where it stopped (the columns left are fewer than Lanes(d)).
template <class D, class T>
HWY_INLINE size_t LayerNormGradSums(D d, const T* dy, const T* x, const T* g, size_t i, size_t h,
                                    float mean, float rstd, float r3, float* sums) {
  const size_t N = lghn::Lanes(d);
  const auto vm = lghn::Set(d, mean), vr = lghn::Set(d, rstd), vr3 = lghn::Set(d, r3);
  auto a = lghn::Zero(d), b = lghn::Zero(d), c = lghn::Zero(d);
  for (; i + N <= h; i += N) {
    const auto x1 = lghn::Mul(simd::LoadC(d, dy + i), simd::LoadC(d, g + i));
    const auto x2 = lghn::Sub(simd::LoadC(d, x + i), vm);
    a = lghn::Add(a, lghn::Mul(x1, lghn::Mul(x2, vr3)));
    b = lghn::Add(b, lghn::Mul(x1, vr));
    c = lghn::Add(c, x2);
  }
  sums[0] += lghn::GetLane(lghn::SumOfLanes(d, a));
  sums[1] += lghn::GetLane(lghn::SumOfLanes(d, b));
  sums[2] += lghn::GetLane(lghn::SumOfLanes(d, c));
  return i;
}

// Both outputs of one row over columns [i, h): pdX = (kVar * x2 + kMean) +
// x1 * rstd, res = x2 * rstd. Every load of a step precedes its stores, so
// an output may be inputDy or inputX itself.
template <class D, class T>
HWY_INLINE size_t LayerNormGradOut(D d, T* pdx, T* res, const T* dy, const T* x, const T* g,
                                   size_t i, size_t h, float mean, float rstd, float kVar,
                                   float kMean) {
  const size_t N = lghn::Lanes(d);
  const auto vm = lghn::Set(d, mean), vr = lghn::Set(d, rstd);
  const auto va = lghn::Set(d, kVar), vb = lghn::Set(d, kMean);
  for (; i + N <= h; i += N) {
    const auto x1 = lghn::Mul(simd::LoadC(d, dy + i), simd::LoadC(d, g + i));
    const auto x2 = lghn::Sub(simd::LoadC(d, x + i), vm);
    const auto out = lghn::Add(lghn::Add(lghn::Mul(va, x2), vb), lghn::Mul(x1, vr));
    const auto r = lghn::Mul(x2, vr);
    simd::StoreC(d, out, pdx + i);
    simd::StoreC(d, r, res + i);
  }
  return i;
}

template <class T, bool isReuseSource>
inline void LayerNormGradRun(const AscendC::LocalTensor<T>& outputPdX,
                             const AscendC::LocalTensor<T>& resForGamma,
                             const AscendC::LocalTensor<T>& inputDy,
                             const AscendC::LocalTensor<T>& inputX,
                             const AscendC::LocalTensor<T>& inputVariance,
                             const AscendC::LocalTensor<T>& inputMean,
                             const AscendC::LocalTensor<T>& inputGamma,
                             const AscendC::LocalTensor<uint8_t>* tmp, T epsilon,
                             const AscendC::LayerNormGradTiling& tiling,
                             const AscendC::LayerNormGradShapeInfo& shapeInfo, SrcLoc loc) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                "LayerNormGrad only supports half and float");
  static_assert(!(std::is_same_v<T, half> && isReuseSource),
                "LayerNormGrad: isReuseSource is only supported for float");
  const char* api = "LayerNormGrad";
  Enter(api, loc);
  const uint32_t h = tiling.hLength;
  const uint64_t rows = uint64_t{tiling.bLength} * tiling.sLength;
  if (h == 0 || rows == 0 || tiling.oneCalSize == 0) {
    FailNormTiling(api,
                   "bLength " + std::to_string(tiling.bLength) + ", sLength " +
                       std::to_string(tiling.sLength) + ", hLength " + std::to_string(h) +
                       ", oneCalSize " + std::to_string(tiling.oneCalSize) +
                       " (was GetLayerNormGradNDTilingInfo called with a stackBufferSize of at "
                       "least the minimum of GetLayerNormGradMaxMinTmpSize?)",
                   loc);
  }
  CheckNormH<T>(api, h, tiling.originalHLength, loc);
  if (shapeInfo.dataFormat != AscendC::DataFormat::ND) {
    Fail(ErrorKind::kParameter, api, loc,
         "shapeInfo.dataFormat is " + std::to_string(static_cast<int>(shapeInfo.dataFormat)) +
             ", only DataFormat::ND is supported");
  }
  const uint64_t xs = rows * h * sizeof(T), ms = rows * sizeof(T), gs = uint64_t{h} * sizeof(T);
  constexpr Pipe kNo = Pipe::kCount;  // recorded below, outputs as writes
  CheckLocal(api, "outputPdX", outputPdX, xs, loc, true, kNo);
  CheckLocal(api, "resForGamma", resForGamma, xs, loc, true, kNo);
  CheckLocal(api, "inputDy", inputDy, xs, loc, true, kNo);
  CheckLocal(api, "inputX", inputX, xs, loc, true, kNo);
  CheckLocal(api, "inputVariance", inputVariance, ms, loc, true, kNo);
  CheckLocal(api, "inputMean", inputMean, ms, loc, true, kNo);
  CheckLocal(api, "inputGamma", inputGamma, gs, loc, true, kNo);
  if (BytesOverlap(outputPdX.addr_, xs, resForGamma.addr_, xs)) {
    Fail(ErrorKind::kParameter, api, loc, "outputPdX and resForGamma overlap (not allowed)");
  }
  const struct {
    const char* name;
    const AscendC::LocalTensor<T>& t;
  } outs[] = {{"outputPdX", outputPdX}, {"resForGamma", resForGamma}};
  for (const auto& o : outs) {
    const struct {
      const char* name;
      const AscendC::LocalTensor<T>& t;
      uint64_t bytes;
      bool inPlaceOk;
    } ins[] = {{"inputDy", inputDy, xs, true},
               {"inputX", inputX, xs, true},
               {"inputVariance", inputVariance, ms, false},
               {"inputMean", inputMean, ms, false},
               {"inputGamma", inputGamma, gs, false}};
    for (const auto& in : ins) {
      if ((in.inPlaceOk && o.t.addr_ == in.t.addr_) ||
          !BytesOverlap(o.t.addr_, xs, in.t.addr_, in.bytes)) {
        continue;
      }
      Fail(ErrorKind::kParameter, api, loc,
           std::string(o.name) + " overlaps " + in.name +
               (in.inPlaceOk ? " without starting at it (only in place is allowed)"
                             : " (not allowed: it is read after outputs are written)"));
    }
  }
  if (tmp != nullptr) {
    CheckLocal(api, "sharedTmpBuffer", *tmp, 0, loc, true, Pipe::kCount);
    if (AvailableBytes(*tmp) < tiling.stackBufferSize) {
      FailNormTmp(api, tiling.stackBufferSize, AvailableBytes(*tmp), loc);
    }
  }
  NormEmit(api, "inputDy", inputDy, xs, false, loc);
  NormEmit(api, "inputX", inputX, xs, false, loc);
  NormEmit(api, "inputVariance", inputVariance, ms, false, loc);
  NormEmit(api, "inputMean", inputMean, ms, false, loc);
  NormEmit(api, "inputGamma", inputGamma, gs, false, loc);
  NormEmit(api, "outputPdX", outputPdX, xs, true, loc);
  NormEmit(api, "resForGamma", resForGamma, xs, true, loc);
  const float eps = static_cast<float>(epsilon);
  const float inv = BitsFloat(tiling.lastDimValueBack);
  const float inv2 = BitsFloat(tiling.lastDimValueBackMulTwo);
  const T* g = inputGamma.addr_;
  NumApi(
      api, loc,
      [&]() AICORE_LAMBDA_INLINE {
        const simd::TagFor<float> d;
        const lghn::CappedTag<float, 8> d8;  // H is a multiple of 8: the tail on wide targets
        for (uint64_t r = 0; r < rows; ++r) {
          const T* dy = inputDy.addr_ + r * h;
          const T* x = inputX.addr_ + r * h;
          const float mean = static_cast<float>(inputMean.addr_[r]);
          const float e = static_cast<float>(inputVariance.addr_[r]) + eps;
          const float rstd = 1.0f / std::sqrt(e);
          const float r3 = 1.0f / std::sqrt(e * e * e);
          float sums[3] = {0.0f, 0.0f, 0.0f};
          size_t i = LayerNormGradSums(d, dy, x, g, 0, h, mean, rstd, r3, sums);
          LayerNormGradSums(d8, dy, x, g, i, h, mean, rstd, r3, sums);
          const float pdVar = -0.5f * sums[0];
          const float pdMean = -sums[1] + pdVar * ((-2.0f * sums[2]) * inv);
          T* pdx = outputPdX.addr_ + r * h;
          T* res = resForGamma.addr_ + r * h;
          i = LayerNormGradOut(d, pdx, res, dy, x, g, 0, h, mean, rstd, pdVar * inv2, pdMean * inv);
          LayerNormGradOut(d8, pdx, res, dy, x, g, i, h, mean, rstd, pdVar * inv2, pdMean * inv);
        }
      },
      [&](NumApiCall& c) {
        c.In("inputDy", inputDy.addr_, rows * h), c.In("inputX", inputX.addr_, rows * h);
        c.In("inputVariance", inputVariance.addr_, rows), c.In("inputMean", inputMean.addr_, rows);
        c.In("inputGamma", g, h), c.Scalar("epsilon", epsilon);
        c.Out("outputPdX", outputPdX.addr_, rows * h);
        c.Out("resForGamma", resForGamma.addr_, rows * h);
      });
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

template <typename T, bool isReuseSource = false>
inline void LayerNormGrad(const LocalTensor<T>& outputPdX, const LocalTensor<T>& resForGamma,
                          const LocalTensor<T>& inputDy, const LocalTensor<T>& inputX,
                          const LocalTensor<T>& inputVariance, const LocalTensor<T>& inputMean,
                          const LocalTensor<T>& inputGamma,
                          const LocalTensor<uint8_t>& sharedTmpBuffer, T epsilon,
                          LayerNormGradTiling& tiling, const LayerNormGradShapeInfo& shapeInfo = {},
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::LayerNormGradRun<T, isReuseSource>(outputPdX, resForGamma, inputDy, inputX,
                                                     inputVariance, inputMean, inputGamma,
                                                     &sharedTmpBuffer, epsilon, tiling, shapeInfo,
                                                     loc);
}

template <typename T, bool isReuseSource = false>
inline void LayerNormGrad(const LocalTensor<T>& outputPdX, const LocalTensor<T>& resForGamma,
                          const LocalTensor<T>& inputDy, const LocalTensor<T>& inputX,
                          const LocalTensor<T>& inputVariance, const LocalTensor<T>& inputMean,
                          const LocalTensor<T>& inputGamma, T epsilon, LayerNormGradTiling& tiling,
                          const LayerNormGradShapeInfo& shapeInfo = {},
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::LayerNormGradRun<T, isReuseSource>(outputPdX, resForGamma, inputDy, inputX,
                                                     inputVariance, inputMean, inputGamma, nullptr,
                                                     epsilon, tiling, shapeInfo, loc);
}

AICORE_TARGET_END
}  // namespace AscendC
