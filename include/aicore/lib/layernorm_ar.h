// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// LayerNorm over [A, R] with mean and rstd outputs (the Ascend C advanced
// library's second LayerNorm form, Ascend910B profile), kernel side and host
// tiling. The [B, S, H] form with mean and variance is in normalization.h.
//
//   LayerNorm<U, T, isReuseSource = false, config = LNCFG_NORM>(output, outputMean,
//       outputRstd, inputX, gamma, beta, epsilon, [sharedTmpBuffer,] para, tiling)
//     inputX, output [A, R] of T (half or float; rows para.rLengthWithPadding
//     apart, 32-byte aligned), gamma, beta [R] of U (half or float for T half,
//     float for T float), outputMean, outputRstd [A] of float:
//       mean = sum_{r < rLength} x * rValueBack          (rValueBack = 1 / R, from the tiling)
//       var  = sum_{r < rLength} (x - mean)^2 * rValueBack
//       rstd = 1 / sqrt(var + epsilon)                    -> outputRstd
//       out  = (x - mean) * rstd [* gamma] [+ beta]       (r < rLength; padding not written)
//     LayerNormPara {aLength, rLength, rLengthWithPadding}; LayerNormConfig
//     {isNoBeta, isNoGamma, isOnlyOutput, isOutputRstd}, LNCFG_NORM.
//     isOnlyOutput = true and isOutputRstd = false (variance output, Ascend
//     950 only) are compile errors; isReuseSource is reserved (no effect).
//
// The statistics are the NPU's order (each term scaled by rValueBack, then
// summed; the centred two-pass variance) in f32, half widened; the output
// row is Normalize's (normalize.h: NormalizeRow and NormalizeRstd, shared),
// rounded once to T. Three fused Highway passes per row (mean, variance,
// output). No intermediate tensor is written: sharedTmpBuffer is only
// checked. Differences from the NPU: inputX is not modified (the 910B
// multiplies inputX's padding columns by 0 in place before the sums); the
// padding columns of x are never read.
//
// Accuracy against a double-precision model: float rtol = atol = 1e-5, half
// 2e-3 (output: |err| <= atol * scale + rtol * |ref|, scale the row's
// largest |ref| times max(1, max|x - mean| * rstd)); mean and rstd rtol 1e-5
// of max|x| and rstd (float statistics for either T).
//
// KernelError: a tiling not filled in (aLength or oneTmpSize 0), para.aLength
// 0 or above tiling.aLength, para.rLength other than tiling.rLength,
// para.rLengthWithPadding not the tiling's padded R or not 32-byte aligned,
// rLength 0 or above rLengthWithPadding, operands beyond their buffers or
// misaligned, output overlapping inputX (the vendor forbids it), outputMean /
// outputRstd overlapping another operand, a sharedTmpBuffer smaller than the
// tiling's layout or than Normalize's minimum after the variance area, or
// overlapping an operand.
//
// Host (namespace AscendC), the vendor's 910B formulas:
//   GetLayerNormMaxMinTmpSize(srcShape {A, R}, typeSize, isReuseSource, isComputeRstd,
//                             isOnlyOutput, maxValue, minValue)
//     Rp = R padded to 32 bytes of typeSize; mv = align32(A * 4);
//     max = 2 * align32(A * Rp * 4) + mv, min = 2 * align32(Rp * 4) + mv,
//     each raised to Normalize's (GetNormalizeMaxMinTmpSize with typeSize for
//     both U and T) + mv when that is not smaller.
//   GetLayerNormNDTilingInfo(srcShape {A, R}, stackBufferSize, typeSize, isReuseSource,
//                            isComputeRstd, LayerNormSeparateTiling& tiling)
//     two f32 temporaries of oneTmpSize (whole padded rows) after the f32
//     variance area (A rounded up to 8); rValueBack = 1 / R; the 910B leaves
//     halfAddRepeatTimes, rHeadLength, k2Rec, k2RRec, thirdTmpStartPos 0.
//     When stackBufferSize does not hold the variance area and one row of
//     each temporary, the tiling is left unchanged (the vendor's unsigned
//     subtraction wraps there and describes more than the buffer).
//   KernelError: srcShape not 2-D with positive dimensions, typeSize not 2
//   or 4, isComputeRstd false or isOnlyOutput true (the 910B supports
//   neither).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/instrument/sanitizer/numeric_api.h"
#include "aicore/lib/normalization.h"
#include "aicore/lib/normalize.h"
#include "aicore/lib/tensor_shape.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/runtime/context.h"
#include "aicore/runtime/tiling.h"
#include "aicore/simd/simd.h"
#include "aicore/simd/target.h"

namespace AscendC {

struct LayerNormConfig {
  bool isNoBeta = false;
  bool isNoGamma = false;
  bool isOnlyOutput = false;
  bool isOutputRstd = true;
};

constexpr LayerNormConfig GetLayerNormNormalConfig() { return {false, false, false, true}; }

inline constexpr LayerNormConfig LNCFG_NORM = GetLayerNormNormalConfig();

struct LayerNormPara {
  uint32_t aLength;
  uint32_t rLength;
  uint32_t rLengthWithPadding;
};

namespace tiling {

BEGIN_TILING_DATA_DEF(LayerNormSeparateTiling)
TILING_DATA_FIELD_DEF(uint32_t, aLength);
TILING_DATA_FIELD_DEF(uint32_t, rLength);
TILING_DATA_FIELD_DEF(uint32_t, halfAddRepeatTimes);
TILING_DATA_FIELD_DEF(uint32_t, rHeadLength);
TILING_DATA_FIELD_DEF(float, k2Rec);
TILING_DATA_FIELD_DEF(float, k2RRec);
TILING_DATA_FIELD_DEF(uint32_t, inputXSize);
TILING_DATA_FIELD_DEF(uint32_t, meanVarSize);
TILING_DATA_FIELD_DEF(uint32_t, numberOfTmpBuf);
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
TILING_DATA_FIELD_DEF(uint32_t, arCurLength);
TILING_DATA_FIELD_DEF(uint32_t, aCurLength);
TILING_DATA_FIELD_DEF(float, rValueBack);
END_TILING_DATA_DEF;

}  // namespace tiling

using tiling::LayerNormSeparateTiling;

}  // namespace AscendC

namespace optiling {
using AscendC::tiling::LayerNormSeparateTiling;
}  // namespace optiling

// ---------------------------------------------------------------------------
// Host.

namespace aicore {
namespace detail {

// The [A, R] host checks; *a, *r the shape.
inline void CheckLayerNormArHost(const char* fn, const ge::Shape& shape, uint32_t typeSize,
                                 bool isComputeRstd, uint32_t* a, uint32_t* r, SrcLoc loc) {
  if (!isComputeRstd) {
    Fail(ErrorKind::kParameter, fn, loc,
         "isComputeRstd must be true (the [A, R] form outputs rstd; the variance output is "
         "Ascend 950 only)");
  }
  if (typeSize != 2 && typeSize != 4) {
    Fail(ErrorKind::kParameter, fn, loc,
         "typeSize " + std::to_string(typeSize) + " is unsupported (2 for half, 4 for float)");
  }
  if (shape.GetDimNum() != 2 || shape.GetDim(0) <= 0 || shape.GetDim(1) <= 0 ||
      shape.GetDim(0) > 0xFFFFFFFFll || shape.GetDim(1) > 0xFFFFFFFFll) {
    Fail(ErrorKind::kParameter, fn, loc,
         "srcShape " + ShapeText(shape) + " should be 2-D ([A, R]) with positive dimensions");
  }
  *a = static_cast<uint32_t>(shape.GetDim(0));
  *r = static_cast<uint32_t>(shape.GetDim(1));
}

}  // namespace detail
}  // namespace aicore

namespace AscendC {

inline void GetLayerNormMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                      const bool isReuseSource, const bool isComputeRstd,
                                      const bool isOnlyOutput, uint32_t& maxValue,
                                      uint32_t& minValue,
                                      aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace d = aicore::detail;
  const char* fn = "GetLayerNormMaxMinTmpSize";
  if (isOnlyOutput) d::Fail(aicore::ErrorKind::kParameter, fn, loc, "isOnlyOutput must be false");
  uint32_t a = 0, r = 0;
  d::CheckLayerNormArHost(fn, srcShape, typeSize, isComputeRstd, &a, &r, loc);
  const uint32_t rp = d::NormAlignUp(r, 32 / typeSize);
  const uint32_t mv = d::NormAlignUp(a * 4, d::kNormBlockBytes);
  const uint32_t input = d::NormAlignUp(a * rp * 4, d::kNormBlockBytes);
  const uint32_t row = d::NormAlignUp(rp * 4, d::kNormBlockBytes);
  maxValue = 2 * input + mv;
  minValue = 2 * row + mv;
  uint32_t nmax = 0, nmin = 0;
  GetNormalizeMaxMinTmpSize(srcShape, typeSize, typeSize, isReuseSource, isComputeRstd,
                            isOnlyOutput, nmax, nmin, loc);
  if (minValue - mv <= nmin) minValue = nmin + mv;
  if (maxValue - mv <= nmax) maxValue = nmax + mv;
}

// srcShape {A, R}. Leaves the tiling unchanged when stackBufferSize holds
// less than the variance area plus one padded row of each temporary.
inline void GetLayerNormNDTilingInfo(const ge::Shape& srcShape, const uint32_t stackBufferSize,
                                     const uint32_t typeSize, const bool isReuseSource,
                                     const bool isComputeRstd, LayerNormSeparateTiling& tiling,
                                     aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace d = aicore::detail;
  (void)isReuseSource;
  uint32_t a = 0, r = 0;
  d::CheckLayerNormArHost("GetLayerNormNDTilingInfo", srcShape, typeSize, isComputeRstd, &a, &r,
                          loc);
  const uint32_t rp = d::NormAlignUp(r, 32 / typeSize);
  const uint32_t inputXSize = a * rp;
  const uint32_t varSize = d::NormAlignUp(a, d::kNormFloatsPerBlock);
  const uint32_t tmpBufSize = stackBufferSize / 4;
  constexpr uint32_t kBufs = 2;
  uint32_t oneTmp = tmpBufSize > varSize ? (tmpBufSize - varSize) / kBufs : 0;
  oneTmp = oneTmp / rp * rp;
  if (oneTmp > inputXSize) oneTmp = inputXSize;
  if (oneTmp == 0) return;
  const uint32_t tail = inputXSize % oneTmp;
  LayerNormSeparateTiling t{};
  t.aLength = a;
  t.rLength = r;
  t.inputXSize = inputXSize;
  t.meanVarSize = a;
  t.numberOfTmpBuf = kBufs;
  t.varianceTmpTensorPos = 0;
  t.varianceTmpTensorSize = varSize;
  t.tmpBufSize = tmpBufSize;
  t.oneTmpSize = oneTmp;
  t.firstTmpStartPos = varSize;
  t.secondTmpStartPos = varSize + oneTmp;
  t.loopRound = inputXSize / oneTmp;
  t.inputRoundSize = oneTmp;
  t.inputTailSize = tail;
  t.inputTailPos = inputXSize - tail;
  t.meanVarRoundSize = oneTmp / rp;
  t.meanVarTailSize = tail / rp;
  t.meanVarTailPos = a - tail / rp;
  t.arCurLength = oneTmp;
  t.aCurLength = oneTmp / rp;
  t.rValueBack = 1.0f / static_cast<float>(r);
  tiling = t;
}

}  // namespace AscendC

// ---------------------------------------------------------------------------
// Kernel side.

namespace aicore {
namespace detail {
AICORE_TARGET_BEGIN

namespace lhn = hwy::HWY_NAMESPACE;

template <class U, class T, const AscendC::LayerNormConfig& config>
inline void LayerNormArRun(const AscendC::LocalTensor<T>& output,
                           const AscendC::LocalTensor<float>& outputMean,
                           const AscendC::LocalTensor<float>& outputRstd,
                           const AscendC::LocalTensor<T>& inputX,
                           const AscendC::LocalTensor<U>& gamma,
                           const AscendC::LocalTensor<U>& beta, float epsilon,
                           const AscendC::LocalTensor<uint8_t>* tmp,
                           const AscendC::LayerNormPara& para,
                           const AscendC::LayerNormSeparateTiling& tiling, SrcLoc loc) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                "LayerNorm: inputX / output must be half or float");
  static_assert(std::is_same_v<U, float> || std::is_same_v<U, T>,
                "LayerNorm: gamma / beta must be float or the type of inputX");
  static_assert(!config.isOnlyOutput, "LayerNorm: isOnlyOutput must be false");
  static_assert(config.isOutputRstd,
                "LayerNorm: isOutputRstd = false (variance output) is Ascend 950 only");
  const char* api = "LayerNorm";
  Enter(api, loc);
  if (tiling.aLength == 0 || tiling.rLength == 0 || tiling.oneTmpSize == 0) {
    FailNormTiling(api,
                   "aLength " + std::to_string(tiling.aLength) + ", rLength " +
                       std::to_string(tiling.rLength) + ", oneTmpSize " +
                       std::to_string(tiling.oneTmpSize) +
                       " (was GetLayerNormNDTilingInfo called with a stackBufferSize of at least "
                       "the minimum of GetLayerNormMaxMinTmpSize?)",
                   loc);
  }
  const uint32_t a = para.aLength, r = para.rLength, rp = para.rLengthWithPadding;
  CheckArRowLengths<T>(api, r, rp, loc);
  if (a == 0 || a > tiling.aLength) {
    Fail(ErrorKind::kParameter, api, loc,
         "para.aLength " + std::to_string(a) + " is outside [1, tiling.aLength " +
             std::to_string(tiling.aLength) + "]");
  }
  const uint32_t tilingRp = tiling.inputXSize / tiling.aLength;
  if (r != tiling.rLength || rp != tilingRp) {
    Fail(ErrorKind::kParameter, api, loc,
         "para.rLength " + std::to_string(r) + ", rLengthWithPadding " + std::to_string(rp) +
             " differ from the tiling's " + std::to_string(tiling.rLength) + ", " +
             std::to_string(tilingRp) + " (the tiling was made for another shape or typeSize)");
  }
  const uint64_t xs = uint64_t{a} * rp * sizeof(T), as = uint64_t{a} * 4;
  const uint64_t gs = config.isNoGamma ? 0 : uint64_t{r} * sizeof(U);
  const uint64_t bs = config.isNoBeta ? 0 : uint64_t{r} * sizeof(U);
  constexpr Pipe kNo = Pipe::kCount;  // recorded below, outputs as writes
  CheckLocal(api, "output", output, xs, loc, true, kNo);
  CheckLocal(api, "outputMean", outputMean, as, loc, true, kNo);
  CheckLocal(api, "outputRstd", outputRstd, as, loc, true, kNo);
  CheckLocal(api, "inputX", inputX, xs, loc, true, kNo);
  if (gs != 0) CheckLocal(api, "gamma", gamma, gs, loc, true, kNo);
  if (bs != 0) CheckLocal(api, "beta", beta, bs, loc, true, kNo);
  struct Span {
    const char* role;
    const void* p;
    uint64_t bytes;
  };
  const Span ops[] = {{"outputMean", outputMean.addr_, as}, {"outputRstd", outputRstd.addr_, as},
                      {"output", output.addr_, xs},         {"inputX", inputX.addr_, xs},
                      {"gamma", gamma.addr_, gs},           {"beta", beta.addr_, bs}};
  constexpr size_t kOps = sizeof(ops) / sizeof(ops[0]);
  // outputMean and outputRstd against every later operand, output against inputX.
  for (size_t i = 0; i < 3; ++i) {
    for (size_t j = i + 1; j < (i < 2 ? kOps : 4); ++j) {
      if (BytesOverlap(ops[i].p, ops[i].bytes, ops[j].p, ops[j].bytes)) {
        Fail(ErrorKind::kParameter, api, loc,
             std::string(ops[i].role) + " and " + ops[j].role + " overlap (not allowed)");
      }
    }
  }
  if (tmp != nullptr) {
    CheckLocal(api, "sharedTmpBuffer", *tmp, 0, loc, true, kNo);
    uint32_t nmax = 0, nmin = 0;
    AscendC::GetNormalizeMaxMinTmpSize(ge::Shape({a, r}), sizeof(U), sizeof(T), false, true,
                                       false, nmax, nmin, loc);
    uint64_t need = (uint64_t{tiling.secondTmpStartPos} + tiling.oneTmpSize) * 4;
    const uint64_t norm = uint64_t{tiling.firstTmpStartPos} * 4 + nmin;
    if (norm > need) need = norm;
    if (AvailableBytes(*tmp) < need) FailNormTmp(api, need, AvailableBytes(*tmp), loc);
    for (const Span& s : ops) {
      if (BytesOverlap(tmp->addr_, need, s.p, s.bytes)) {
        Fail(ErrorKind::kParameter, api, loc,
             std::string("sharedTmpBuffer (") + std::to_string(need) + " bytes) and " + s.role +
                 " overlap (not allowed)");
      }
    }
  }
  NormEmit(api, "inputX", inputX, xs, false, loc);
  if (gs != 0) NormEmit(api, "gamma", gamma, gs, false, loc);
  if (bs != 0) NormEmit(api, "beta", beta, bs, false, loc);
  NormEmit(api, "output", output, xs, true, loc);
  NormEmit(api, "outputMean", outputMean, as, true, loc);
  NormEmit(api, "outputRstd", outputRstd, as, true, loc);
  const float inv = tiling.rValueBack;
  NumApi(
      api, loc,
      [&]() AICORE_LAMBDA_INLINE {
        for (uint32_t i = 0; i < a; ++i) {
          const T* x = inputX.addr_ + size_t{i} * rp;
          const float mean = NormRowSum(x, r, [inv](auto d, auto v) {
            return lhn::Mul(v, lhn::Set(d, inv));
          });
          const float var = NormRowSum(x, r, [mean, inv](auto d, auto v) {
            const auto c = lhn::Sub(v, lhn::Set(d, mean));
            return lhn::Mul(lhn::Mul(c, c), lhn::Set(d, inv));
          });
          const float rstd = NormalizeRstd(var, epsilon);
          outputMean.addr_[i] = mean;
          outputRstd.addr_[i] = rstd;
          NormalizeRow<T, U, !config.isNoGamma, !config.isNoBeta>(output.addr_ + size_t{i} * rp, x,
                                                                  gamma.addr_, beta.addr_, r, mean,
                                                                  rstd);
        }
      },
      [&](NumApiCall& c) {
        c.In2D("inputX", inputX.addr_, a, r, rp), c.Scalar("epsilon", epsilon);
        if (!config.isNoGamma) c.In("gamma", gamma.addr_, r);
        if (!config.isNoBeta) c.In("beta", beta.addr_, r);
        c.Out("outputMean", outputMean.addr_, a), c.Out("outputRstd", outputRstd.addr_, a);
        c.Out2D("output", output.addr_, a, r, rp);
      });
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

template <typename U, typename T, bool isReuseSource = false,
          const LayerNormConfig& config = LNCFG_NORM>
inline void LayerNorm(const LocalTensor<T>& output, const LocalTensor<float>& outputMean,
                      const LocalTensor<float>& outputRstd, const LocalTensor<T>& inputX,
                      const LocalTensor<U>& gamma, const LocalTensor<U>& beta,
                      const float epsilon, const LocalTensor<uint8_t>& sharedTmpBuffer,
                      const LayerNormPara& para, const LayerNormSeparateTiling& tiling,
                      aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::LayerNormArRun<U, T, config>(output, outputMean, outputRstd, inputX, gamma,
                                               beta, epsilon, &sharedTmpBuffer, para, tiling, loc);
}

template <typename U, typename T, bool isReuseSource = false,
          const LayerNormConfig& config = LNCFG_NORM>
inline void LayerNorm(const LocalTensor<T>& output, const LocalTensor<float>& outputMean,
                      const LocalTensor<float>& outputRstd, const LocalTensor<T>& inputX,
                      const LocalTensor<U>& gamma, const LocalTensor<U>& beta,
                      const float epsilon, const LayerNormPara& para,
                      const LayerNormSeparateTiling& tiling,
                      aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::LayerNormArRun<U, T, config>(output, outputMean, outputRstd, inputX, gamma,
                                               beta, epsilon, nullptr, para, tiling, loc);
}

AICORE_TARGET_END
}  // namespace AscendC
