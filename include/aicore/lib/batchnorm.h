// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// BatchNorm of the Ascend C advanced library (Ascend910B profile), kernel
// side and host tiling:
//
//   BatchNorm<T, isReuseSource = false, isBasicBlock = false>(output, outputMean,
//       outputVariance, inputX, gamm, beta, [sharedTmpBuffer,] epsilon, tiling)
//     inputX, output [B, S, H] (S*H 32-byte aligned), outputMean,
//     outputVariance [S, H], gamm, beta [B] (as the vendor documents them: one
//     scale and shift per batch row); T half or float. For each of the S*H
//     columns, over the B = originalBLength rows:
//       mean = sum x * firstDimValueBack,  var = sum (x - mean)^2 * firstDimValueBack
//       out[b] = (x[b] - mean) / sqrt(var + epsilon) * gamm[b] + beta[b]
//     output may be inputX (in place, as the vendor allows).
//
// Statistics in f32 (half widened), rounded once to T; one fused Highway pass
// over the B rows per statistic and one for the output per column chunk; no
// intermediate is stored, so sharedTmpBuffer is only checked against what the
// tiling says it holds (KernelError when smaller). isReuseSource and
// isBasicBlock change only the tiling on the CPU.
//
// Accuracy against a double-precision model: float rtol = atol = 1e-5, half
// 2e-3 (|err| <= atol * scale + rtol * |ref|; scale: the column's largest
// |ref| times max(1, max|x| * rstd) for output, max|x| for the mean, its
// square for the variance).
//
// Host (namespace AscendC), the vendor's formulas and false returns:
//   bool GetBatchNormMaxMinTmpSize(srcShape {B, S, H}, originSrcShape, typeSize,
//                                  isReuseSource, maxValue, minValue, isBasicBlock = false)
//     max 3 * align32(originB * S*H * 4) + 2 * align32(S*H * 4); min 3 *
//     originB * (32, 64 for half, 256 with isBasicBlock) + 2 * align32(S*H * 4).
//   bool GetBatchNormNDTilingInfo(srcShape, originSrcShape, stackBufferByteSize, typeSize,
//                                 isReuseSource, BatchNormTiling& tilling, isBasicBlock = false)
//   false: a shape that is not 3-D with positive dimensions, typeSize not 2
//   or 4, S*H not 32-byte aligned, the basic-block rule (originB % 8, S*H %
//   64) broken, or a stackBufferByteSize below the minimum.
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
#include "aicore/ops/check.h"
#include "aicore/runtime/context.h"
#include "aicore/runtime/tiling.h"
#include "aicore/simd/simd.h"
#include "aicore/simd/target.h"

namespace AscendC {
namespace tiling {

BEGIN_TILING_DATA_DEF(BatchNormTiling)
TILING_DATA_FIELD_DEF(uint32_t, originalBLength);
TILING_DATA_FIELD_DEF(uint32_t, meanVarSize);
TILING_DATA_FIELD_DEF(uint32_t, meanTmpTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, varianceTmpTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, tmpBufSize);
TILING_DATA_FIELD_DEF(uint32_t, oneTmpSize);
TILING_DATA_FIELD_DEF(uint32_t, firstTmpStartPos);
TILING_DATA_FIELD_DEF(uint32_t, secondTmpStartPos);
TILING_DATA_FIELD_DEF(uint32_t, thirdTmpStartPos);
TILING_DATA_FIELD_DEF(uint32_t, loopRound);
TILING_DATA_FIELD_DEF(uint32_t, inputTailSize);
TILING_DATA_FIELD_DEF(uint32_t, inputTailPos);
TILING_DATA_FIELD_DEF(uint32_t, meanVarTailSize);
TILING_DATA_FIELD_DEF(uint32_t, meanVarTailPos);
TILING_DATA_FIELD_DEF(uint32_t, bshCurLength);
TILING_DATA_FIELD_DEF(uint32_t, shCurLength);
TILING_DATA_FIELD_DEF(float, firstDimValueBack);
TILING_DATA_FIELD_DEF(uint32_t, castHalfRepStride);
TILING_DATA_FIELD_DEF(uint32_t, shCurLengthBlockNum);
TILING_DATA_FIELD_DEF(uint32_t, castHalfOutRepStride);
END_TILING_DATA_DEF;

}  // namespace tiling

using tiling::BatchNormTiling;

}  // namespace AscendC

namespace optiling {
using AscendC::tiling::BatchNormTiling;
}  // namespace optiling

// ---------------------------------------------------------------------------
// Host tiling.

namespace aicore {
namespace detail {

struct BatchNormDims {
  uint32_t b, s, h, ob;
};

inline bool BatchNormShapes(const ge::Shape& src, const ge::Shape& origin, uint32_t typeSize,
                            bool isBasicBlock, BatchNormDims* out) {
  uint32_t b = 0, s = 0, h = 0, ob = 0, os = 0, oh = 0;
  if (!NormDims3(src, &b, &s, &h) || !NormDims3(origin, &ob, &os, &oh)) return false;
  if (typeSize != 2 && typeSize != 4) return false;
  if ((uint64_t{s} * h * typeSize) % kNormBlockBytes != 0) return false;
  if (isBasicBlock && ((uint64_t{s} * h) % 64 != 0 || ob % 8 != 0)) return false;
  *out = {b, s, h, ob};
  return true;
}

inline uint32_t BatchNormMinBytes(const BatchNormDims& d, uint32_t typeSize, bool isBasicBlock) {
  const uint32_t mv = NormAlignUp(d.s * d.h * 4, kNormBlockBytes);
  uint32_t per = d.ob * (typeSize == 2 ? 64u : 32u);
  if (isBasicBlock) per = d.ob * 64 * 4;
  return 3 * per + 2 * mv;
}

}  // namespace detail
}  // namespace aicore

namespace AscendC {

inline bool GetBatchNormMaxMinTmpSize(const ge::Shape& srcShape, const ge::Shape& originSrcShape,
                                      const uint32_t typeSize, const bool isReuseSource,
                                      uint32_t& maxValue, uint32_t& minValue,
                                      const bool isBasicBlock = false) {
  namespace d = aicore::detail;
  (void)isReuseSource;
  d::BatchNormDims dims{};
  if (!d::BatchNormShapes(srcShape, originSrcShape, typeSize, isBasicBlock, &dims)) return false;
  const uint32_t mv = d::NormAlignUp(dims.s * dims.h * 4, d::kNormBlockBytes);
  const uint32_t all = d::NormAlignUp(dims.ob * dims.s * dims.h * 4, d::kNormBlockBytes);
  maxValue = 3 * all + 2 * mv;
  minValue = d::BatchNormMinBytes(dims, typeSize, isBasicBlock);
  return true;
}

inline bool GetBatchNormNDTilingInfo(const ge::Shape& srcShape, const ge::Shape& originSrcShape,
                                     const uint32_t stackBufferByteSize, const uint32_t typeSize,
                                     const bool isReuseSource, BatchNormTiling& tilling,
                                     const bool isBasicBlock = false) {
  namespace d = aicore::detail;
  (void)isReuseSource;
  d::BatchNormDims dims{};
  if (!d::BatchNormShapes(srcShape, originSrcShape, typeSize, isBasicBlock, &dims)) return false;
  if (stackBufferByteSize < d::BatchNormMinBytes(dims, typeSize, isBasicBlock)) return false;
  const uint32_t ob = dims.ob;
  const uint32_t inputSize = ob * dims.s * dims.h;
  const uint32_t mvSize = dims.s * dims.h;
  const uint32_t mvTmp = d::NormAlignUp(mvSize, d::kNormFloatsPerBlock);
  const uint32_t mvTotal = typeSize == 4 ? 0 : 2 * mvTmp;
  const uint32_t tmpBufSize = stackBufferByteSize / 4;
  uint32_t oneTmp = (tmpBufSize - mvTotal) / 3;
  const uint32_t unit = ob * (typeSize == 4 ? 8u : 16u);
  oneTmp = oneTmp / unit * unit;
  if (oneTmp > inputSize) oneTmp = inputSize;
  if (oneTmp == 0) return false;
  uint32_t shCur = oneTmp / ob;
  if (isBasicBlock && shCur % 64 != 0) {
    shCur = shCur / 64 * 64;
    oneTmp = shCur * ob;
  }
  if (oneTmp == 0) return false;
  const uint32_t tail = inputSize % oneTmp;
  tilling.originalBLength = ob;
  tilling.meanVarSize = mvSize;
  tilling.meanTmpTensorPos = 0;
  tilling.varianceTmpTensorPos = mvTmp;
  tilling.tmpBufSize = tmpBufSize;
  tilling.oneTmpSize = oneTmp;
  tilling.firstTmpStartPos = mvTotal;
  tilling.secondTmpStartPos = mvTotal + oneTmp;
  tilling.thirdTmpStartPos = mvTotal + 2 * oneTmp;
  tilling.loopRound = inputSize / oneTmp;
  tilling.inputTailSize = tail;
  tilling.inputTailPos = (inputSize - tail) / ob;
  tilling.meanVarTailSize = tail / ob;
  tilling.meanVarTailPos = mvSize - tail / ob;
  tilling.bshCurLength = oneTmp;
  tilling.shCurLength = shCur;
  tilling.firstDimValueBack = 1.0f / static_cast<float>(ob);
  tilling.castHalfRepStride = 8 / 2;
  tilling.shCurLengthBlockNum = shCur / 8;
  tilling.castHalfOutRepStride = mvSize / 16;
  return true;
}

}  // namespace AscendC

// ---------------------------------------------------------------------------
// Kernel side.

namespace aicore {
namespace detail {
AICORE_TARGET_BEGIN

namespace bhn = hwy::HWY_NAMESPACE;

// Columns [i, i + lanes) of every row: mean and variance over the rows, then
// the output, all in f32 (the sums vertical, one lane per column).
template <class T, class D>
HWY_INLINE void BatchNormColumns(D d, T* y, T* mean, T* var, const T* x, const T* gamma,
                                 const T* beta, size_t rows, size_t stride, float inv, float eps) {
  auto s = bhn::Zero(d);
  for (size_t b = 0; b < rows; ++b) s = bhn::Add(s, simd::LoadC(d, x + b * stride));
  const auto m = bhn::Mul(s, bhn::Set(d, inv));
  auto q = bhn::Zero(d);
  for (size_t b = 0; b < rows; ++b) {
    const auto t = bhn::Sub(simd::LoadC(d, x + b * stride), m);
    q = bhn::MulAdd(t, t, q);
  }
  const auto v = bhn::Mul(q, bhn::Set(d, inv));
  const auto rstd = bhn::Div(bhn::Set(d, 1.0f), bhn::Sqrt(bhn::Add(v, bhn::Set(d, eps))));
  simd::StoreC(d, m, mean);
  simd::StoreC(d, v, var);
  for (size_t b = 0; b < rows; ++b) {
    const auto c = bhn::Mul(bhn::Sub(simd::LoadC(d, x + b * stride), m), rstd);
    const auto out = bhn::MulAdd(c, bhn::Set(d, static_cast<float>(gamma[b])),
                                 bhn::Set(d, static_cast<float>(beta[b])));
    simd::StoreC(d, out, y + b * stride);
  }
}

template <class T>
inline void BatchNormRun(const AscendC::LocalTensor<T>& output,
                         const AscendC::LocalTensor<T>& outputMean,
                         const AscendC::LocalTensor<T>& outputVariance,
                         const AscendC::LocalTensor<T>& inputX, const AscendC::LocalTensor<T>& gamm,
                         const AscendC::LocalTensor<T>& beta,
                         const AscendC::LocalTensor<uint8_t>* tmp, T epsilon,
                         const AscendC::BatchNormTiling& tiling, SrcLoc loc) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                "BatchNorm only supports half and float");
  const char* api = "BatchNorm";
  Enter(api, loc);
  const uint32_t rows = tiling.originalBLength, sh = tiling.meanVarSize;
  if (rows == 0 || sh == 0 || tiling.oneTmpSize == 0) {
    FailNormTiling(api,
                   "originalBLength " + std::to_string(rows) + ", meanVarSize " +
                       std::to_string(sh) + ", oneTmpSize " + std::to_string(tiling.oneTmpSize) +
                       " (was GetBatchNormNDTilingInfo called, and did it return true?)",
                   loc);
  }
  if ((uint64_t{sh} * sizeof(T)) % 32 != 0) {
    Fail(ErrorKind::kAlignment, api, loc,
         "S*H " + std::to_string(sh) + " of " + TypeName<T>() + " (" +
             std::to_string(uint64_t{sh} * sizeof(T)) + " bytes) is not a multiple of 32 bytes");
  }
  const uint64_t xs = uint64_t{rows} * sh * sizeof(T), mvs = uint64_t{sh} * sizeof(T);
  CheckLocalOut(api, "output", output, xs, loc);
  CheckLocalOut(api, "outputMean", outputMean, mvs, loc);
  CheckLocalOut(api, "outputVariance", outputVariance, mvs, loc);
  CheckLocal(api, "inputX", inputX, xs, loc);
  CheckLocal(api, "gamm", gamm, uint64_t{rows} * sizeof(T), loc);
  CheckLocal(api, "beta", beta, uint64_t{rows} * sizeof(T), loc);
  if (output.addr_ != inputX.addr_ && BytesOverlap(output.addr_, xs, inputX.addr_, xs)) {
    Fail(ErrorKind::kParameter, api, loc,
         "output and inputX overlap without being the same tensor (not allowed)");
  }
  if (tmp != nullptr) {
    const uint64_t need = (uint64_t{tiling.firstTmpStartPos} + 3ull * tiling.oneTmpSize) * 4;
    CheckLocal(api, "sharedTmpBuffer", *tmp, 0, loc, true, Pipe::kCount);
    if (AvailableBytes(*tmp) < need) FailNormTmp(api, need, AvailableBytes(*tmp), loc);
  }
  const float eps = static_cast<float>(epsilon);
  const float inv = tiling.firstDimValueBack;
  const simd::TagFor<float> d;
  const size_t N = bhn::Lanes(d);
  NumApi(
      api, loc,
      [&]() AICORE_LAMBDA_INLINE {
        size_t i = 0;
        for (; i + N <= sh; i += N) {
          BatchNormColumns(d, output.addr_ + i, outputMean.addr_ + i, outputVariance.addr_ + i,
                           inputX.addr_ + i, gamm.addr_, beta.addr_, rows, sh, inv, eps);
        }
        if (i < sh) {  // S*H is a multiple of 8 floats / 16 halves: a tail only on wide targets
          const bhn::CappedTag<float, 8> d8;
          for (; i < sh; i += bhn::Lanes(d8)) {
            BatchNormColumns(d8, output.addr_ + i, outputMean.addr_ + i, outputVariance.addr_ + i,
                             inputX.addr_ + i, gamm.addr_, beta.addr_, rows, sh, inv, eps);
          }
        }
      },
      [&](NumApiCall& c) {
        c.In("inputX", inputX.addr_, size_t{rows} * sh), c.In("gamm", gamm.addr_, rows);
        c.In("beta", beta.addr_, rows), c.Scalar("epsilon", epsilon);
        c.Out("outputMean", outputMean.addr_, sh);
        c.Out("outputVariance", outputVariance.addr_, sh);
        c.Out2D("output", output.addr_, rows, sh, sh);
      });
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

template <typename T, bool isReuseSource = false, bool isBasicBlock = false>
inline void BatchNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean,
                      const LocalTensor<T>& outputVariance, const LocalTensor<T>& inputX,
                      const LocalTensor<T>& gamm, const LocalTensor<T>& beta,
                      const LocalTensor<uint8_t>& sharedTmpBuffer, const T epsilon,
                      BatchNormTiling& tiling, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::BatchNormRun(output, outputMean, outputVariance, inputX, gamm, beta,
                               &sharedTmpBuffer, epsilon, tiling, loc);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false>
inline void BatchNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean,
                      const LocalTensor<T>& outputVariance, const LocalTensor<T>& inputX,
                      const LocalTensor<T>& gamm, const LocalTensor<T>& beta, const T epsilon,
                      BatchNormTiling& tiling, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::BatchNormRun(output, outputMean, outputVariance, inputX, gamm, beta, nullptr,
                               epsilon, tiling, loc);
}

AICORE_TARGET_END
}  // namespace AscendC
