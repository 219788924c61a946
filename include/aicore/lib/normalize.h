// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Normalize of the Ascend C advanced library (Ascend910B profile): the
// second half of LayerNorm, given the mean and variance of each row.
//
//   Normalize<U, T, isReuseSource = false, config = NLCFG_NORM>(output, outputRstd,
//       inputMean, inputVariance, inputX, gamma, beta, [sharedTmpBuffer,] epsilon, para)
//     inputX, output [A, R] of T (rows rLengthWithPadding apart, 32-byte
//     aligned), inputMean, inputVariance, outputRstd [A] of float, gamma,
//     beta [R] of U (half or float for T half, float for T float):
//       rstd = 1 / sqrt(var + epsilon)                       -> outputRstd[a]
//       out  = (x - mean) * rstd [* gamma] [+ beta]          (r < rLength)
//     config (NormalizeConfig: reducePattern, aLength, isNoBeta, isNoGamma,
//     isOnlyOutput; NLCFG_NORM, NLCFG_NOBETA, NLCFG_NOGAMMA, NLCFG_NOOPT)
//     drops gamma or beta; reducePattern other than AR, isOnlyOutput, or a
//     config.aLength other than -1 and para.aLength are errors (compile-time
//     where the template decides). output must not overlap inputX (the
//     vendor forbids it); the padding columns of output are not written.
//
// All in f32 (half widened), the output rounded once to T; one fused Highway
// pass per row. sharedTmpBuffer is only checked against the minimum of
// GetNormalizeMaxMinTmpSize (KernelError when smaller).
//
// Accuracy against a double-precision model: float rtol = atol = 1e-5, half
// 2e-3 (|err| <= atol * scale + rtol * |ref|; scale: the row's largest |ref|
// times max(1, max|x - mean| * rstd); rstd: rtol 1e-6).
//
// Host (namespace AscendC), the vendor's 910B formulas:
//   GetNormalizeMaxMinTmpSize(srcShape {A, R}, typeSizeU, typeSizeT, isReuseSource,
//                             isComputeRstd, isOnlyOutput, maxValue, minValue)
//     Rp = R padded to 32 bytes of T; max 2 * align32(Rp * 4) + 2 *
//     align32(align8(A) * Rp * 4); min max(align32(A * 4), k * align32(Rp *
//     4)), k = 2 for float gamma/beta, 4 for half.
//   KernelError: srcShape not 2-D with positive dimensions, isComputeRstd
//   false or isOnlyOutput true (the vendor asserts), typeSize not 2 or 4.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <type_traits>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/instrument/sanitizer/numeric_api.h"
#include "aicore/lib/normalization.h"
#include "aicore/lib/reduce_pattern.h"
#include "aicore/lib/tensor_shape.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/simd.h"
#include "aicore/simd/target.h"

namespace AscendC {

struct NormalizeConfig {
  ReducePattern reducePattern = ReducePattern::AR;
  int32_t aLength = -1;
  bool isNoBeta = false;
  bool isNoGamma = false;
  bool isOnlyOutput = false;
};

constexpr NormalizeConfig GetNormalizeConfig(bool isNoBeta, bool isNoGamma) {
  return {ReducePattern::AR, -1, isNoBeta, isNoGamma, false};
}

inline constexpr NormalizeConfig NLCFG_NORM = GetNormalizeConfig(false, false);
inline constexpr NormalizeConfig NLCFG_NOBETA = GetNormalizeConfig(true, false);
inline constexpr NormalizeConfig NLCFG_NOGAMMA = GetNormalizeConfig(false, true);
inline constexpr NormalizeConfig NLCFG_NOOPT = GetNormalizeConfig(true, true);

struct NormalizePara {
  uint32_t aLength;
  uint32_t rLength;
  uint32_t rLengthWithPadding;
};

inline void GetNormalizeMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSizeU,
                                      const uint32_t typeSizeT, const bool isReuseSource,
                                      const bool isComputeRstd, const bool isOnlyOutput,
                                      uint32_t& maxValue, uint32_t& minValue,
                                      aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace d = aicore::detail;
  (void)isReuseSource;
  const char* fn = "GetNormalizeMaxMinTmpSize";
  if (!isComputeRstd) d::Fail(aicore::ErrorKind::kParameter, fn, loc, "isComputeRstd must be true");
  if (isOnlyOutput) d::Fail(aicore::ErrorKind::kParameter, fn, loc, "isOnlyOutput must be false");
  for (uint32_t ts : {typeSizeU, typeSizeT}) {
    if (ts != 2 && ts != 4) {
      d::Fail(aicore::ErrorKind::kParameter, fn, loc,
              std::string(ts == typeSizeU ? "typeSizeU " : "typeSizeT ") + std::to_string(ts) +
                  " is unsupported (2 for half, 4 for float)");
    }
  }
  if (srcShape.GetDimNum() != 2 || srcShape.GetDim(0) <= 0 || srcShape.GetDim(1) <= 0 ||
      srcShape.GetDim(0) > 0xFFFFFFFFll || srcShape.GetDim(1) > 0xFFFFFFFFll) {
    d::Fail(aicore::ErrorKind::kParameter, fn, loc,
            "srcShape " + d::ShapeText(srcShape) + " should be 2-D ([A, R]) with positive dimensions");
  }
  const auto a = static_cast<uint32_t>(srcShape.GetDim(0));
  const auto r = static_cast<uint32_t>(srcShape.GetDim(1));
  const uint32_t rp = d::NormAlignUp(r, 32 / typeSizeT);
  const uint32_t rBytes = d::NormAlignUp(rp * 4, d::kNormBlockBytes);
  const uint32_t arBytes = d::NormAlignUp(d::NormAlignUp(a, 8) * rp * 4, d::kNormBlockBytes);
  maxValue = 2 * rBytes + 2 * arBytes;
  const uint32_t aBytes = d::NormAlignUp(a * 4, d::kNormBlockBytes);
  const uint32_t nr = (typeSizeU == 4 ? 2 : 4) * rBytes;
  minValue = aBytes >= nr ? aBytes : nr;
}

}  // namespace AscendC

namespace aicore {
namespace detail {

// rstd = 1 / sqrt(var + epsilon) in f32: Normalize's and the [A, R]
// LayerNorm's (aicore/lib/layernorm_ar.h).
inline float NormalizeRstd(float var, float epsilon) { return 1.0f / std::sqrt(var + epsilon); }

// The [A, R] row lengths of Normalize and the [A, R] LayerNorm: 0 < rLength
// <= rLengthWithPadding, rLengthWithPadding a multiple of 32 bytes of T.
template <class T>
inline void CheckArRowLengths(const char* api, uint32_t r, uint32_t rp, SrcLoc loc) {
  if (r == 0 || rp < r || (uint64_t{rp} * sizeof(T)) % 32 != 0) {
    Fail(ErrorKind::kParameter, api, loc,
         "para.rLength " + std::to_string(r) + ", rLengthWithPadding " + std::to_string(rp) +
             ": need 0 < rLength <= rLengthWithPadding, a multiple of 32 bytes of " +
             TypeName<T>());
  }
}

AICORE_TARGET_BEGIN

namespace zhn = hwy::HWY_NAMESPACE;

template <class T, class U, bool kGamma, bool kBeta>
HWY_INLINE void NormalizeRow(T* y, const T* x, const U* g, const U* b, size_t n, float mean,
                             float rstd) {
  const simd::TagFor<float> d;
  const size_t N = zhn::Lanes(d);
  const auto vm = zhn::Set(d, mean), vr = zhn::Set(d, rstd);
  // gp / bp: gamma and beta from the same element (unused, never read, when
  // the config drops them).
  auto f = [&](auto xv, const U* gp, const U* bp) {
    auto c = zhn::Mul(zhn::Sub(xv, vm), vr);
    if constexpr (kGamma) c = zhn::Mul(c, simd::LoadC(d, gp));
    if constexpr (kBeta) c = zhn::Add(c, simd::LoadC(d, bp));
    return c;
  };
  size_t i = 0;
  for (; i + N <= n; i += N) simd::StoreC(d, f(simd::LoadC(d, x + i), g + i, b + i), y + i);
  if (i < n) {
    constexpr size_t kCap = simd::kMaxLanesBytes / sizeof(float);
    const size_t rem = n - i;
    const simd::Staged<T, kCap> tx(x + i, rem);
    HWY_ALIGN U tg[kCap] = {};
    HWY_ALIGN U tb[kCap] = {};
    if (kGamma) std::memcpy(static_cast<void*>(tg), g + i, rem * sizeof(U));
    if (kBeta) std::memcpy(static_cast<void*>(tb), b + i, rem * sizeof(U));
    HWY_ALIGN T out[kCap];
    simd::StoreC(d, f(simd::LoadC(d, tx.v), tg, tb), out);
    std::memcpy(static_cast<void*>(y + i), out, rem * sizeof(T));
  }
}

template <class U, class T, const AscendC::NormalizeConfig& config>
inline void NormalizeRun(const AscendC::LocalTensor<T>& output,
                         const AscendC::LocalTensor<float>& outputRstd,
                         const AscendC::LocalTensor<float>& inputMean,
                         const AscendC::LocalTensor<float>& inputVariance,
                         const AscendC::LocalTensor<T>& inputX, const AscendC::LocalTensor<U>& gamma,
                         const AscendC::LocalTensor<U>& beta,
                         const AscendC::LocalTensor<uint8_t>* tmp, float epsilon,
                         const AscendC::NormalizePara& para, SrcLoc loc) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                "Normalize: inputX / output must be half or float");
  static_assert(std::is_same_v<U, float> || std::is_same_v<U, T>,
                "Normalize: gamma / beta must be float or the type of inputX");
  static_assert(config.reducePattern == AscendC::ReducePattern::AR,
                "Normalize: only ReducePattern::AR is supported");
  static_assert(!config.isOnlyOutput, "Normalize: isOnlyOutput must be false");
  const char* api = "Normalize";
  Enter(api, loc);
  const uint32_t a = para.aLength, r = para.rLength, rp = para.rLengthWithPadding;
  if (config.aLength != -1 && static_cast<int64_t>(config.aLength) != a) {
    Fail(ErrorKind::kParameter, api, loc,
         "config.aLength " + std::to_string(config.aLength) + " differs from para.aLength " +
             std::to_string(a));
  }
  CheckArRowLengths<T>(api, r, rp, loc);
  const uint64_t xs = uint64_t{a} * rp * sizeof(T), as = uint64_t{a} * 4;
  const uint64_t gs = config.isNoGamma ? 0 : uint64_t{r} * sizeof(U);
  const uint64_t bs = config.isNoBeta ? 0 : uint64_t{r} * sizeof(U);
  constexpr Pipe kNo = Pipe::kCount;  // recorded below, outputs as writes
  CheckLocal(api, "output", output, xs, loc, true, kNo);
  CheckLocal(api, "outputRstd", outputRstd, as, loc, true, kNo);
  CheckLocal(api, "inputMean", inputMean, as, loc, true, kNo);
  CheckLocal(api, "inputVariance", inputVariance, as, loc, true, kNo);
  CheckLocal(api, "inputX", inputX, xs, loc, true, kNo);
  if (gs != 0) CheckLocal(api, "gamma", gamma, gs, loc, true, kNo);
  if (bs != 0) CheckLocal(api, "beta", beta, bs, loc, true, kNo);
  if (BytesOverlap(output.addr_, xs, inputX.addr_, xs)) {
    Fail(ErrorKind::kParameter, api, loc, "output and inputX overlap (not allowed)");
  }
  if (tmp != nullptr) {
    uint32_t mx = 0, mn = 0;
    AscendC::GetNormalizeMaxMinTmpSize(ge::Shape({a, r}), sizeof(U), sizeof(T), false, true,
                                       false, mx, mn, loc);
    CheckLocal(api, "sharedTmpBuffer", *tmp, 0, loc, true, Pipe::kCount);
    if (AvailableBytes(*tmp) < mn) FailNormTmp(api, mn, AvailableBytes(*tmp), loc);
  }
  NormEmit(api, "inputMean", inputMean, as, false, loc);
  NormEmit(api, "inputVariance", inputVariance, as, false, loc);
  NormEmit(api, "inputX", inputX, xs, false, loc);
  NormEmit(api, "gamma", gamma, gs, false, loc);
  NormEmit(api, "beta", beta, bs, false, loc);
  NormEmit(api, "output", output, xs, true, loc);
  NormEmit(api, "outputRstd", outputRstd, as, true, loc);
  NumApi(
      api, loc,
      [&]() AICORE_LAMBDA_INLINE {
        for (uint32_t i = 0; i < a; ++i) {
          const float rstd = NormalizeRstd(inputVariance.addr_[i], epsilon);
          outputRstd.addr_[i] = rstd;
          NormalizeRow<T, U, !config.isNoGamma, !config.isNoBeta>(
              output.addr_ + size_t{i} * rp, inputX.addr_ + size_t{i} * rp, gamma.addr_, beta.addr_,
              r, inputMean.addr_[i], rstd);
        }
      },
      [&](NumApiCall& c) {
        c.In2D("inputX", inputX.addr_, a, r, rp), c.In("inputMean", inputMean.addr_, a);
        c.In("inputVariance", inputVariance.addr_, a), c.Scalar("epsilon", epsilon);
        if (!config.isNoGamma) c.In("gamma", gamma.addr_, r);
        if (!config.isNoBeta) c.In("beta", beta.addr_, r);
        c.Out("outputRstd", outputRstd.addr_, a), c.Out2D("output", output.addr_, a, r, rp);
      });
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

template <typename U, typename T, bool isReuseSource = false,
          const NormalizeConfig& config = NLCFG_NORM>
inline void Normalize(const LocalTensor<T>& output, const LocalTensor<float>& outputRstd,
                      const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                      const LocalTensor<T>& inputX, const LocalTensor<U>& gamma,
                      const LocalTensor<U>& beta, const LocalTensor<uint8_t>& sharedTmpBuffer,
                      const float epsilon, const NormalizePara& para,
                      aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::NormalizeRun<U, T, config>(output, outputRstd, inputMean, inputVariance, inputX,
                                             gamma, beta, &sharedTmpBuffer, epsilon, para, loc);
}

template <typename U, typename T, bool isReuseSource = false,
          const NormalizeConfig& config = NLCFG_NORM>
inline void Normalize(const LocalTensor<T>& output, const LocalTensor<float>& outputRstd,
                      const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                      const LocalTensor<T>& inputX, const LocalTensor<U>& gamma,
                      const LocalTensor<U>& beta, const float epsilon, const NormalizePara& para,
                      aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::NormalizeRun<U, T, config>(output, outputRstd, inputMean, inputVariance, inputX,
                                             gamma, beta, nullptr, epsilon, para, loc);
}

AICORE_TARGET_END
}  // namespace AscendC
