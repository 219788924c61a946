// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// GroupNorm of the Ascend C advanced library (Ascend910B profile), kernel
// side and host tiling:
//
//   GroupNorm<T, isReuseSource = false>(output, outputMean, outputVariance, inputX, gamma,
//                                       beta, [sharedTmpBuffer,] epsilon, tiling)
//     inputX, output [N, C, H*W] with each channel's H*W padded to 32 bytes
//     (tiling.hwAlignSize elements), gamma, beta [C], outputMean,
//     outputVariance [N, groupNum]; T half or float (isReuseSource only for
//     float: a compile error for half, as the vendor's check). For each n and
//     group k (channels k*d .. k*d + d - 1, d = C / groupNum):
//       mean = sum x * factor,  var = sum (x - mean)^2 * factor
//         (over the d * H*W real elements; factor = 1 / (d * H * W))
//       out  = (x - mean) / sqrt(var + epsilon) * gamma[ch] + beta[ch]
//     output may be inputX (in place). The padding columns of output are not
//     written. The NPU adds the padding columns of inputX into the mean's sum
//     (kernels zero them); here they are not read, so both agree for zero
//     padding.
//
// Statistics in f32 (half widened), stored rounded once to T; one fused
// Highway pass per statistic and one for the output per group; no
// intermediate is stored, so sharedTmpBuffer is only checked against what the
// tiling says it holds (KernelError when smaller).
//
// Accuracy against a double-precision model (|err| <= atol * scale + rtol *
// |ref|): float rtol = atol = 1e-5, half 2e-3; scale: the group's largest
// |ref| for output (times max(1, max|x| * rstd)), max|x| for the mean, its
// square for the variance.
//
// Host (namespace AscendC), the vendor's formulas:
//   GetGroupNormMaxMinTmpSize(srcShape {N, C, H, W}, typeSize, isReuseSource, groupNum,
//                             maxValue, minValue)
//     bytes: k * L + 2 * align32(N * groupNum * 4), k = 2 for float with
//     isReuseSource, else 3; L = N*C (max) or C/groupNum (min) times the
//     32-byte-aligned H*W counted in floats.
//   GetGroupNormNDTilingInfo(srcShape, stackBufferSize, typeSize, isReuseSource, groupNum,
//                            GroupNormTiling& tiling)
//     fills GroupNormTiling (the vendor's 30 fields); leaves it unchanged when
//     the buffer does not hold one group (GroupNorm then reports the tiling
//     as not filled in).
// Both raise KernelError for a srcShape that is not 4-D with positive
// dimensions, a typeSize other than 2 or 4, or a groupNum of 0 (the vendor
// logs an error there).
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

BEGIN_TILING_DATA_DEF(GroupNormTiling)
TILING_DATA_FIELD_DEF(uint32_t, n);
TILING_DATA_FIELD_DEF(uint32_t, c);
TILING_DATA_FIELD_DEF(uint32_t, hw);
TILING_DATA_FIELD_DEF(uint32_t, g);
TILING_DATA_FIELD_DEF(uint32_t, d);
TILING_DATA_FIELD_DEF(uint32_t, hwAlignSize);
TILING_DATA_FIELD_DEF(uint32_t, dhwAlignSize);
TILING_DATA_FIELD_DEF(uint32_t, inputXSize);
TILING_DATA_FIELD_DEF(uint32_t, meanVarSize);
TILING_DATA_FIELD_DEF(uint32_t, numberOfTmpBuf);
TILING_DATA_FIELD_DEF(uint32_t, meanTmpTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, meanTmpTensorSize);
TILING_DATA_FIELD_DEF(uint32_t, varianceTmpTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, varianceTmpTensorSize);
TILING_DATA_FIELD_DEF(uint32_t, tmpBufSize);
TILING_DATA_FIELD_DEF(uint32_t, oneTmpSize);
TILING_DATA_FIELD_DEF(uint32_t, firstTmpStartPos);
TILING_DATA_FIELD_DEF(uint32_t, secondTmpStartPos);
TILING_DATA_FIELD_DEF(uint32_t, thirdTmpStartPos);
TILING_DATA_FIELD_DEF(uint32_t, loopRound);
TILING_DATA_FIELD_DEF(uint32_t, inputRoundSize);
TILING_DATA_FIELD_DEF(uint32_t, inputTailSize);
TILING_DATA_FIELD_DEF(uint32_t, inputTailPos);
TILING_DATA_FIELD_DEF(uint32_t, meanVarRoundSize);
TILING_DATA_FIELD_DEF(uint32_t, meanVarTailSize);
TILING_DATA_FIELD_DEF(uint32_t, meanVarTailPos);
TILING_DATA_FIELD_DEF(uint32_t, bshCurLength);
TILING_DATA_FIELD_DEF(uint32_t, bsCurLength);
TILING_DATA_FIELD_DEF(float, factor);
TILING_DATA_FIELD_DEF(bool, smallShape);
END_TILING_DATA_DEF;

}  // namespace tiling

using tiling::GroupNormTiling;

}  // namespace AscendC

namespace optiling {
using AscendC::tiling::GroupNormTiling;
}  // namespace optiling

// ---------------------------------------------------------------------------
// Host tiling.

namespace aicore {
namespace detail {

inline void CheckGroupNormHost(const char* fn, const ge::Shape& shape, uint32_t typeSize,
                               uint32_t groupNum, SrcLoc loc) {
  if (shape.GetDimNum() != 4) {
    Fail(ErrorKind::kParameter, fn, loc,
         "srcShape " + ShapeText(shape) + " has " + std::to_string(shape.GetDimNum()) +
             " dimensions, should be 4 ([N, C, H, W])");
  }
  for (size_t i = 0; i < 4; ++i) {
    if (shape.GetDim(i) <= 0 || shape.GetDim(i) > 0xFFFFFFFFll) {
      Fail(ErrorKind::kParameter, fn, loc,
           "srcShape " + ShapeText(shape) + " has dimension " + std::to_string(i) + " = " +
               std::to_string(shape.GetDim(i)) + ", which is not positive");
    }
  }
  if (typeSize != 2 && typeSize != 4) {
    Fail(ErrorKind::kParameter, fn, loc,
         "typeSize " + std::to_string(typeSize) + " is unsupported (2 for half, 4 for float)");
  }
  if (groupNum == 0) Fail(ErrorKind::kParameter, fn, loc, "groupNum is 0");
}

// Bytes of the temporary buffer: L floats per copy (all of [N, C] or one
// group's channels, each H*W padded to 32 bytes of T).
inline uint32_t GroupNormTmpBytes(const ge::Shape& s, uint32_t typeSize, bool isReuseSource,
                                  uint32_t groupNum, bool isMax) {
  const auto n = static_cast<uint32_t>(s.GetDim(0)), c = static_cast<uint32_t>(s.GetDim(1)),
             hw = static_cast<uint32_t>(s.GetDim(2) * s.GetDim(3));
  const uint32_t mv = NormAlignUp(n * groupNum * 4, kNormBlockBytes);
  const uint32_t hwFloats = NormAlignUp(hw * typeSize, kNormBlockBytes) / typeSize * 4;
  const uint32_t len = (isMax ? n * c : c / groupNum) * hwFloats;
  const uint32_t copies = (isReuseSource && typeSize == 4) ? 2 : 3;
  return copies * len + 2 * mv;
}

}  // namespace detail
}  // namespace aicore

namespace AscendC {

inline void GetGroupNormMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                      const bool isReuseSource, const uint32_t groupNum,
                                      uint32_t& maxValue, uint32_t& minValue,
                                      aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace d = aicore::detail;
  d::CheckGroupNormHost("GetGroupNormMaxMinTmpSize", srcShape, typeSize, groupNum, loc);
  maxValue = d::GroupNormTmpBytes(srcShape, typeSize, isReuseSource, groupNum, true);
  minValue = d::GroupNormTmpBytes(srcShape, typeSize, isReuseSource, groupNum, false);
}

inline void GetGroupNormNDTilingInfo(const ge::Shape& srcShape, const uint32_t stackBufferSize,
                                     const uint32_t typeSize, const bool isReuseSource,
                                     const uint32_t groupNum, GroupNormTiling& tiling,
                                     aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace d = aicore::detail;
  d::CheckGroupNormHost("GetGroupNormNDTilingInfo", srcShape, typeSize, groupNum, loc);
  const auto n = static_cast<uint32_t>(srcShape.GetDim(0));
  const auto c = static_cast<uint32_t>(srcShape.GetDim(1));
  const auto h = static_cast<uint32_t>(srcShape.GetDim(2));
  const auto w = static_cast<uint32_t>(srcShape.GetDim(3));
  const uint32_t g = groupNum;
  const uint32_t dd = c / g;
  const uint32_t hwAlign = d::NormAlignUp(h * w * typeSize, d::kNormBlockBytes) / typeSize;
  const uint32_t dhwAlign = dd * hwAlign;
  const uint32_t inputXSize = n * c * hwAlign;
  const uint32_t meanVarSize = n * g;
  const uint32_t mvTmp = d::NormAlignUp(meanVarSize, d::kNormFloatsPerBlock);
  const uint32_t mvTotal = typeSize == 4 ? 0 : 2 * mvTmp;
  const uint32_t numberOfTmpBuf = (isReuseSource && typeSize == 4) ? 2 : 3;
  const uint32_t tmpBufSize = stackBufferSize / d::kNormBlockBytes * d::kNormBlockBytes / 4;
  if (dhwAlign == 0 || tmpBufSize < mvTotal) return;  // C < groupNum, or no room: unchanged
  uint32_t oneTmp = (tmpBufSize - mvTotal) / numberOfTmpBuf;
  uint32_t bsCur = oneTmp / dhwAlign;
  // The small-shape path of the NPU's reductions (and its repeat limit).
  uint32_t k = 8;
  while ((dhwAlign / d::kNormFloatsPerBlock) % k != 0) --k;
  const bool smallShape = hwAlign <= 64 && hwAlign * dd <= 64 * k;
  if (smallShape) {
    uint32_t mask1 = 64;
    if (dhwAlign > 64) {
      while (mask1 != 0 && dhwAlign % mask1 != 0) mask1 -= 8;
    } else {
      mask1 = dhwAlign;
    }
    if (mask1 == 0) return;
    const uint32_t maxBsCur = 255 / (dhwAlign / mask1) / 8 * 8;
    if (maxBsCur < bsCur) bsCur = maxBsCur;
  }
  if (typeSize == 2 && bsCur * dhwAlign < c) return;
  oneTmp = bsCur * dd * hwAlign;
  if (oneTmp > inputXSize) {
    bsCur = meanVarSize;
    oneTmp = inputXSize;
  }
  if (oneTmp == 0) return;
  const uint32_t tail = inputXSize % oneTmp;
  tiling.n = n;
  tiling.c = c;
  tiling.hw = h * w;
  tiling.g = g;
  tiling.d = dd;
  tiling.hwAlignSize = hwAlign;
  tiling.dhwAlignSize = dhwAlign;
  tiling.inputXSize = inputXSize;
  tiling.meanVarSize = meanVarSize;
  tiling.numberOfTmpBuf = numberOfTmpBuf;
  tiling.meanTmpTensorPos = 0;
  tiling.meanTmpTensorSize = mvTmp;
  tiling.varianceTmpTensorPos = mvTmp;
  tiling.varianceTmpTensorSize = mvTmp;
  tiling.tmpBufSize = tmpBufSize;
  tiling.oneTmpSize = oneTmp;
  tiling.firstTmpStartPos = mvTotal;
  tiling.secondTmpStartPos = mvTotal + oneTmp;
  tiling.thirdTmpStartPos = mvTotal + 2 * oneTmp;
  tiling.loopRound = inputXSize / oneTmp;
  tiling.inputRoundSize = oneTmp;
  tiling.inputTailSize = tail;
  tiling.inputTailPos = inputXSize - tail;
  tiling.meanVarRoundSize = oneTmp / dhwAlign;
  tiling.meanVarTailSize = tail / dhwAlign;
  tiling.meanVarTailPos = meanVarSize - tail / dhwAlign;
  tiling.bshCurLength = oneTmp;
  tiling.bsCurLength = bsCur;
  tiling.factor = 1.0f / static_cast<float>(dd * h * w);
  tiling.smallShape = smallShape;
}

}  // namespace AscendC

// ---------------------------------------------------------------------------
// Kernel side.

namespace aicore {
namespace detail {
AICORE_TARGET_BEGIN

namespace ghn = hwy::HWY_NAMESPACE;

// y[i] = ((x[i] - mean) * rstd) * gs + bs for i < n, in f32, rounded once to T.
template <class T>
HWY_INLINE void GroupNormChannel(T* y, const T* x, size_t n, float mean, float rstd, float gs,
                                 float bs) {
  const simd::TagFor<float> d;
  const size_t N = ghn::Lanes(d);
  const auto vm = ghn::Set(d, mean), vr = ghn::Set(d, rstd), vg = ghn::Set(d, gs),
             vb = ghn::Set(d, bs);
  auto f = [&](auto v) { return ghn::MulAdd(ghn::Mul(ghn::Sub(v, vm), vr), vg, vb); };
  size_t i = 0;
  for (; i + N <= n; i += N) simd::StoreC(d, f(simd::LoadC(d, x + i)), y + i);
  if (i < n) {
    constexpr size_t kCap = simd::kMaxLanesBytes / sizeof(float);
    const simd::Staged<T, kCap> t(x + i, n - i);
    HWY_ALIGN T out[kCap];
    simd::StoreC(d, f(simd::LoadC(d, t.v)), out);
    std::memcpy(static_cast<void*>(y + i), out, (n - i) * sizeof(T));
  }
}

template <class T>
inline void GroupNormRun(const AscendC::LocalTensor<T>& output,
                         const AscendC::LocalTensor<T>& outputMean,
                         const AscendC::LocalTensor<T>& outputVariance,
                         const AscendC::LocalTensor<T>& inputX, const AscendC::LocalTensor<T>& gamma,
                         const AscendC::LocalTensor<T>& beta,
                         const AscendC::LocalTensor<uint8_t>* tmp, T epsilon,
                         const AscendC::GroupNormTiling& tiling, SrcLoc loc) {
  const char* api = "GroupNorm";
  Enter(api, loc);
  const uint32_t n = tiling.n, c = tiling.c, hw = tiling.hw, g = tiling.g, dd = tiling.d;
  if (g == 0 || dd == 0 || hw == 0 || n == 0 || tiling.oneTmpSize == 0) {
    FailNormTiling(api,
                   "n " + std::to_string(n) + ", c " + std::to_string(c) + ", hw " +
                       std::to_string(hw) + ", g " + std::to_string(g) + ", d " +
                       std::to_string(dd) + ", oneTmpSize " + std::to_string(tiling.oneTmpSize) +
                       " (was GetGroupNormNDTilingInfo called with a stackBufferSize of at least "
                       "the minimum of GetGroupNormMaxMinTmpSize?)",
                   loc);
  }
  if (uint64_t{g} * dd != c) {
    FailNormTiling(api,
                   "c " + std::to_string(c) + " is not groupNum " + std::to_string(g) + " * d " +
                       std::to_string(dd) + " (C must be a multiple of groupNum)",
                   loc);
  }
  const uint32_t hwAlign = NormAlignUp(hw, 32 / sizeof(T));
  if (tiling.hwAlignSize != hwAlign || tiling.dhwAlignSize != dd * hwAlign) {
    FailNormTiling(api,
                   "hwAlignSize " + std::to_string(tiling.hwAlignSize) + " / dhwAlignSize " +
                       std::to_string(tiling.dhwAlignSize) + " do not match hw " +
                       std::to_string(hw) + " of " + TypeName<T>() + " (expected " +
                       std::to_string(hwAlign) + " / " + std::to_string(dd * hwAlign) +
                       "): was the tiling made for this type?",
                   loc);
  }
  const uint64_t xs = uint64_t{n} * c * hwAlign * sizeof(T);
  const uint64_t mvs = uint64_t{n} * g * sizeof(T);
  CheckLocalOut(api, "output", output, xs, loc);
  CheckLocalOut(api, "outputMean", outputMean, mvs, loc);
  CheckLocalOut(api, "outputVariance", outputVariance, mvs, loc);
  CheckLocal(api, "inputX", inputX, xs, loc);
  CheckLocal(api, "gamma", gamma, uint64_t{c} * sizeof(T), loc);
  CheckLocal(api, "beta", beta, uint64_t{c} * sizeof(T), loc);
  if (output.addr_ != inputX.addr_ && BytesOverlap(output.addr_, xs, inputX.addr_, xs)) {
    Fail(ErrorKind::kParameter, api, loc,
         "output and inputX overlap without being the same tensor (not allowed)");
  }
  if (tmp != nullptr) {
    const uint64_t need =
        (uint64_t{tiling.firstTmpStartPos} + uint64_t{tiling.numberOfTmpBuf} * tiling.oneTmpSize) *
        4;
    CheckLocal(api, "sharedTmpBuffer", *tmp, 0, loc, true, Pipe::kCount);
    if (AvailableBytes(*tmp) < need) FailNormTmp(api, need, AvailableBytes(*tmp), loc);
  }
  const float eps = static_cast<float>(epsilon);
  const float factor = tiling.factor;
  NumApi(
      api, loc,
      [&]() AICORE_LAMBDA_INLINE {
        for (uint32_t ni = 0; ni < n; ++ni) {
          for (uint32_t k = 0; k < g; ++k) {
            const size_t ch0 = size_t{ni} * c + size_t{k} * dd;
            float sum = 0;
            for (uint32_t j = 0; j < dd; ++j) {
              sum += NormRowSum(inputX.addr_ + (ch0 + j) * hwAlign, hw,
                                [](auto, auto v) { return v; });
            }
            const float mean = sum * factor;
            float sq = 0;
            for (uint32_t j = 0; j < dd; ++j) {
              sq += NormRowSum(inputX.addr_ + (ch0 + j) * hwAlign, hw, [mean](auto d, auto v) {
                const auto t = ghn::Sub(v, ghn::Set(d, mean));
                return ghn::Mul(t, t);
              });
            }
            const float var = sq * factor;
            const float rstd = 1.0f / std::sqrt(var + eps);
            outputMean.addr_[size_t{ni} * g + k] = static_cast<T>(mean);
            outputVariance.addr_[size_t{ni} * g + k] = static_cast<T>(var);
            for (uint32_t j = 0; j < dd; ++j) {
              const size_t ch = size_t{k} * dd + j;
              GroupNormChannel(
                  output.addr_ + (ch0 + j) * hwAlign, inputX.addr_ + (ch0 + j) * hwAlign, hw, mean,
                  rstd, static_cast<float>(gamma.addr_[ch]), static_cast<float>(beta.addr_[ch]));
            }
          }
        }
      },
      [&](NumApiCall& nc) {
        nc.In2D("inputX", inputX.addr_, size_t{n} * c, hw, hwAlign), nc.In("gamma", gamma.addr_, c);
        nc.In("beta", beta.addr_, c), nc.Scalar("epsilon", epsilon);
        nc.Out("outputMean", outputMean.addr_, size_t{n} * g);
        nc.Out("outputVariance", outputVariance.addr_, size_t{n} * g);
        nc.Out2D("output", output.addr_, size_t{n} * c, hw, hwAlign);
      });
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

template <typename T, bool isReuseSource = false>
inline void GroupNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean,
                      const LocalTensor<T>& outputVariance, const LocalTensor<T>& inputX,
                      const LocalTensor<T>& gamma, const LocalTensor<T>& beta,
                      const LocalTensor<uint8_t>& sharedTmpBuffer, const T epsilon,
                      GroupNormTiling& tiling, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                "GroupNorm only supports half and float");
  static_assert(!(isReuseSource && std::is_same_v<T, half>),
                "GroupNorm: isReuseSource is only supported for float");
  aicore::detail::GroupNormRun(output, outputMean, outputVariance, inputX, gamma, beta,
                               &sharedTmpBuffer, epsilon, tiling, loc);
}

template <typename T, bool isReuseSource = false>
inline void GroupNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean,
                      const LocalTensor<T>& outputVariance, const LocalTensor<T>& inputX,
                      const LocalTensor<T>& gamma, const LocalTensor<T>& beta, const T epsilon,
                      GroupNormTiling& tiling, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                "GroupNorm only supports half and float");
  static_assert(!(isReuseSource && std::is_same_v<T, half>),
                "GroupNorm: isReuseSource is only supported for float");
  aicore::detail::GroupNormRun(output, outputMean, outputVariance, inputX, gamma, beta, nullptr,
                               epsilon, tiling, loc);
}

AICORE_TARGET_END
}  // namespace AscendC
