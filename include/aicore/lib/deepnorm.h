// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// DeepNorm (advanced API, normalization): per row of an [B, S, H] input
//   z      = alpha * src + gx                 (in f32; half is widened first)
//   mean   = sum(z[0..originalH)) / originalH
//   var    = sum((z - mean)^2) / originalH    (two passes, the centred form)
//   dst    = (z - mean) / sqrt(var + epsilon) * gamma + beta   (all H columns)
//   meanLocal[row] = mean, rstdLocal[row] = var (rounded to T).
// rstdLocal receives the variance, as the vendor's documented example shows
// (its rstdLocal output 106.3125 is the variance of alpha*x+gx there), and as
// LayerNorm's outputVariance does.
//
// Host tiling: GetDeepNormMaxMinTmpSize / GetDeepNormTilingInfo with the
// vendor's documented limits (typeSize 2 or 4, srcShape [B, S, H], H 32-byte
// aligned and <= 2040, originH in (0, H], B and S equal in both shapes; with
// isBasicBlock H % 64 == 0, B*S % 8 == 0 and originH == H). They return false
// where the vendor returns false; a call with a malformed shape is a
// KernelError naming the function and the shape. The tmp sizes: three (two
// with isReuseSource and float) f32 copies of the input (max) or of one row
// (min), each rounded up to 32 bytes, plus two f32 [B*S] rounded up to 32.
// The tiling fields follow the LayerNorm tiling's formulas (the structs have
// the same fields), with oneTmpSize rounded down to 8 rows for isBasicBlock.
//
// With isReuseSrc false, dstLocal overlapping srcLocal is a KernelError (the
// vendor's constraint). The kernel uses no temporary space on the CPU; sharedTmpBuffer is checked
// against what the tiling says it needs.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "aicore/instrument/sanitizer/numeric_api.h"
#include "aicore/lib/normalization.h"

namespace AscendC {
namespace tiling {

BEGIN_TILING_DATA_DEF(DeepNormTiling)
TILING_DATA_FIELD_DEF(uint32_t, bLength);
TILING_DATA_FIELD_DEF(uint32_t, sLength);
TILING_DATA_FIELD_DEF(uint32_t, hLength);
TILING_DATA_FIELD_DEF(uint32_t, originalHLength);
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
TILING_DATA_FIELD_DEF(float, lastDimValueBack);
END_TILING_DATA_DEF;

}  // namespace tiling

using tiling::DeepNormTiling;

}  // namespace AscendC

namespace optiling {
using AscendC::tiling::DeepNormTiling;
}  // namespace optiling

// ---------------------------------------------------------------------------
// Host tiling.

namespace aicore {
namespace detail {

constexpr uint32_t kDeepNormMaxH = 2040;

// Malformed shapes and type sizes: a KernelError naming fn.
inline void CheckDeepNormShape(const char* fn, const ge::Shape& shape, const char* name,
                               uint32_t typeSize, SrcLoc loc) {
  if (shape.GetDimNum() != 3) {
    Fail(ErrorKind::kParameter, fn, loc,
         std::string(name) + " " + ShapeText(shape) + " has " +
             std::to_string(shape.GetDimNum()) + " dimensions, should be 3 ([B, S, H])");
  }
  for (size_t i = 0; i < 3; ++i) {
    if (shape.GetDim(i) <= 0 || shape.GetDim(i) > 0xFFFFFFFFll) {
      Fail(ErrorKind::kParameter, fn, loc,
           std::string(name) + " " + ShapeText(shape) + " has dimension " + std::to_string(i) +
               " = " + std::to_string(shape.GetDim(i)) + ", which is not positive");
    }
  }
  if (typeSize != 2 && typeSize != 4) {
    Fail(ErrorKind::kParameter, fn, loc,
         "typeSize " + std::to_string(typeSize) + " is unsupported (2 for half, 4 for float)");
  }
}

inline bool DeepNormBasicOk(uint32_t b, uint32_t s, uint32_t h) {
  return h % 64 == 0 && (b * s) % 8 == 0;
}

}  // namespace detail
}  // namespace aicore

namespace AscendC {

inline bool GetDeepNormMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                     const bool isReuseSource, const bool isBasicBlock,
                                     uint32_t& maxValue, uint32_t& minValue,
                                     aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace d = aicore::detail;
  d::CheckDeepNormShape("GetDeepNormMaxMinTmpSize", srcShape, "srcShape", typeSize, loc);
  const auto b = static_cast<uint32_t>(srcShape.GetDim(0));
  const auto s = static_cast<uint32_t>(srcShape.GetDim(1));
  const auto h = static_cast<uint32_t>(srcShape.GetDim(2));
  if (isBasicBlock && !d::DeepNormBasicOk(b, s, h)) return false;
  const uint32_t mv = d::NormAlignUp(b * s * 4, d::kNormBlockBytes);
  const uint32_t all = d::NormAlignUp(b * s * h * 4, d::kNormBlockBytes);
  const uint32_t row = d::NormAlignUp(h * 4, d::kNormBlockBytes);
  const uint32_t copies = (isReuseSource && typeSize == 4) ? 2 : 3;
  maxValue = copies * all + 2 * mv;
  minValue = copies * row + 2 * mv;
  return true;
}

inline bool GetDeepNormTilingInfo(const ge::Shape& srcShape, const ge::Shape& originSrcShape,
                                  const uint32_t stackBufferSize, const uint32_t typeSize,
                                  const bool isReuseSource, const bool isBasicBlock,
                                  DeepNormTiling& tiling,
                                  aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace d = aicore::detail;
  d::CheckDeepNormShape("GetDeepNormTilingInfo", srcShape, "srcShape", typeSize, loc);
  d::CheckDeepNormShape("GetDeepNormTilingInfo", originSrcShape, "originSrcShape", typeSize, loc);
  uint32_t mx = 0, mn = 0;
  if (!GetDeepNormMaxMinTmpSize(srcShape, typeSize, isReuseSource, isBasicBlock, mx, mn, loc) ||
      stackBufferSize < mn) {
    return false;
  }
  const auto b = static_cast<uint32_t>(srcShape.GetDim(0));
  const auto s = static_cast<uint32_t>(srcShape.GetDim(1));
  const auto h = static_cast<uint32_t>(srcShape.GetDim(2));
  const auto oh = static_cast<uint32_t>(originSrcShape.GetDim(2));
  if (originSrcShape.GetDim(0) != b || originSrcShape.GetDim(1) != s) return false;
  if ((h * typeSize) % 32 != 0 || oh > h || h > d::kDeepNormMaxH) return false;
  if (isBasicBlock && oh != h) return false;
  // The same formulas as the LayerNorm tiling (same fields, same order).
  LayerNormTiling ln;
  aicore_impl::LayerNormTilingImpl(ge::Shape({b, s, h, oh}), stackBufferSize, typeSize,
                                   isReuseSource, ln);
  if (ln.oneTmpSize == 0) return false;
  if (isBasicBlock && ln.oneTmpSize >= 8 * h) {
    const uint32_t one = ln.oneTmpSize / (8 * h) * (8 * h);
    if (one != ln.oneTmpSize) {
      const uint32_t inputXSize = ln.inputXSize;
      ln.oneTmpSize = one;
      ln.secondTmpStartPos = ln.firstTmpStartPos + one;
      ln.thirdTmpStartPos = ln.firstTmpStartPos + 2 * one;
      ln.loopRound = inputXSize / one;
      ln.inputRoundSize = one;
      ln.inputTailSize = inputXSize % one;
      ln.inputTailPos = inputXSize - inputXSize % one;
      ln.meanVarRoundSize = one / h;
      ln.meanVarTailSize = (inputXSize % one) / h;
      ln.meanVarTailPos = ln.meanVarSize - (inputXSize % one) / h;
      ln.bshCurLength = one;
      ln.bsCurLength = one / h;
    }
  }
  static_assert(sizeof(LayerNormTiling) == sizeof(DeepNormTiling), "same fields");
  std::memcpy(static_cast<void*>(&tiling), &ln, sizeof(tiling));
  return true;
}

}  // namespace AscendC

// ---------------------------------------------------------------------------
// Kernel.

namespace aicore {
namespace detail {
AICORE_TARGET_BEGIN

namespace dnn = hwy::HWY_NAMESPACE;

// Sum over i < n of f(alpha * x[i] + gx[i]) in f32 lanes; the tail is masked
// to zero after f.
template <class T, class F>
HWY_INLINE float DeepRowSum(const T* x, const T* gx, float alpha, size_t n, const F& f) {
  const simd::TagFor<float> d;
  const size_t N = dnn::Lanes(d);
  const auto va = dnn::Set(d, alpha);
  auto a0 = dnn::Zero(d);
  size_t i = 0;
  for (; i + N <= n; i += N) {
    a0 = dnn::Add(a0, f(d, dnn::MulAdd(va, simd::LoadC(d, x + i), simd::LoadC(d, gx + i))));
  }
  if (i < n) {
    constexpr size_t kCap = simd::kMaxLanesBytes / sizeof(float);
    const simd::Staged<T, kCap> tx(x + i, n - i), tg(gx + i, n - i);
    const auto z = dnn::MulAdd(va, simd::LoadC(d, tx.v), simd::LoadC(d, tg.v));
    a0 = dnn::Add(a0, dnn::IfThenElseZero(dnn::FirstN(d, n - i), f(d, z)));
  }
  return dnn::GetLane(dnn::SumOfLanes(d, a0));
}

template <class T>
inline void DeepNormRun(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& meanOut,
                        const AscendC::LocalTensor<T>& rstdOut, const AscendC::LocalTensor<T>& src,
                        const AscendC::LocalTensor<T>& gx, const AscendC::LocalTensor<T>& beta,
                        const AscendC::LocalTensor<T>& gamma,
                        const AscendC::LocalTensor<uint8_t>* tmp, T alpha, T epsilon,
                        const AscendC::DeepNormTiling& tiling, bool reuseSrc, SrcLoc loc) {
  const char* api = "DeepNorm";
  Enter(api, loc);
  const uint32_t h = tiling.hLength;
  CheckNormH<T>(api, h, tiling.originalHLength, loc);
  if (h > kDeepNormMaxH) {
    FailNormTiling(api, "hLength " + std::to_string(h) + " exceeds 2040", loc);
  }
  const uint64_t rows = static_cast<uint64_t>(tiling.bLength) * tiling.sLength;
  const uint64_t bsh = rows * h;
  if (bsh != 0 && tiling.oneTmpSize == 0) {
    FailNormTiling(api,
                   "oneTmpSize is 0 (was GetDeepNormTilingInfo called with a stackBufferSize of "
                   "at least the minimum of GetDeepNormMaxMinTmpSize, and did it return true?)",
                   loc);
  }
  CheckLocalOut(api, "dstLocal", dst, bsh * sizeof(T), loc);
  CheckLocalOut(api, "meanLocal", meanOut, rows * sizeof(T), loc);
  CheckLocalOut(api, "rstdLocal", rstdOut, rows * sizeof(T), loc);
  CheckLocal(api, "srcLocal", src, bsh * sizeof(T), loc);
  CheckLocal(api, "gxLocal", gx, bsh * sizeof(T), loc);
  CheckLocal(api, "betaLocal", beta, uint64_t{h} * sizeof(T), loc);
  CheckLocal(api, "gammaLocal", gamma, uint64_t{h} * sizeof(T), loc);
  if (!reuseSrc && BytesOverlap(dst.addr_, bsh * sizeof(T), src.addr_, bsh * sizeof(T))) {
    Fail(ErrorKind::kParameter, api, loc,
         "dstLocal and srcLocal overlap while isReuseSrc is false (the vendor does not allow "
         "it: set isReuseSrc = true or give dstLocal its own space)");
  }
  if (tmp != nullptr) {
    const uint64_t need =
        (uint64_t{tiling.firstTmpStartPos} + uint64_t{tiling.numberOfTmpBuf} * tiling.oneTmpSize) *
        4;
    CheckLocal(api, "sharedTmpBuffer", *tmp, 0, loc, true, Pipe::kCount);
    if (AvailableBytes(*tmp) < need) FailNormTmp(api, need, AvailableBytes(*tmp), loc);
  }
  const float a = static_cast<float>(alpha);
  const float eps = static_cast<float>(epsilon);
  const float inv = tiling.lastDimValueBack;
  const size_t oh = tiling.originalHLength;
  NumApi(
      api, loc,
      [&]() AICORE_LAMBDA_INLINE {
        for (uint64_t r = 0; r < rows; ++r) {
          const T* x = src.addr_ + r * h;
          const T* g = gx.addr_ + r * h;
          const float mean = DeepRowSum(x, g, a, oh, [](auto, auto z) { return z; }) * inv;
          const float var = DeepRowSum(x, g, a, oh,
                                       [mean](auto d, auto z) {
                                         const auto c = dnn::Sub(z, dnn::Set(d, mean));
                                         return dnn::Mul(c, c);
                                       }) *
                            inv;
          const float rstd = 1.0f / std::sqrt(var + eps);
          meanOut.addr_[r] = static_cast<T>(mean);
          rstdOut.addr_[r] = static_cast<T>(var);
          // dst may alias src (isReuseSrc) or gx: each lane reads x, gx before the
          // store of the same lanes.
          const simd::TagFor<float> d;
          const size_t N = dnn::Lanes(d);
          const auto va = dnn::Set(d, a), vm = dnn::Set(d, mean), vr = dnn::Set(d, rstd);
          T* y = dst.addr_ + r * h;
          size_t i = 0;
          for (; i + N <= h; i += N) {
            const auto z = dnn::MulAdd(va, simd::LoadC(d, x + i), simd::LoadC(d, g + i));
            const auto c = dnn::Mul(dnn::Sub(z, vm), vr);
            simd::StoreC(
                d, dnn::MulAdd(c, simd::LoadC(d, gamma.addr_ + i), simd::LoadC(d, beta.addr_ + i)),
                y + i);
          }
          if (i < h) {
            constexpr size_t kCap = simd::kMaxLanesBytes / sizeof(float);
            const size_t rem = h - i;
            const simd::Staged<T, kCap> tx(x + i, rem), tg(g + i, rem), tga(gamma.addr_ + i, rem),
                tb(beta.addr_ + i, rem);
            const auto z = dnn::MulAdd(va, simd::LoadC(d, tx.v), simd::LoadC(d, tg.v));
            const auto c = dnn::Mul(dnn::Sub(z, vm), vr);
            HWY_ALIGN T out[kCap];
            simd::StoreC(d, dnn::MulAdd(c, simd::LoadC(d, tga.v), simd::LoadC(d, tb.v)), out);
            std::memcpy(static_cast<void*>(y + i), out, rem * sizeof(T));
          }
        }
      },
      [&](NumApiCall& c) {
        c.In("srcLocal", src.addr_, bsh), c.In("gxLocal", gx.addr_, bsh);
        c.In("betaLocal", beta.addr_, h), c.In("gammaLocal", gamma.addr_, h);
        c.Scalar("alpha", alpha), c.Scalar("epsilon", epsilon);
        c.Out("meanLocal", meanOut.addr_, rows), c.Out("rstdLocal", rstdOut.addr_, rows);
        c.Out("dstLocal", dst.addr_, bsh);
      });
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

template <typename T, bool isReuseSrc = false, bool isBasicBlock = false>
inline void DeepNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& meanLocal,
                     const LocalTensor<T>& rstdLocal, const LocalTensor<T>& srcLocal,
                     const LocalTensor<T>& gxLocal, const LocalTensor<T>& betaLocal,
                     const LocalTensor<T>& gammaLocal, const LocalTensor<uint8_t>& sharedTmpBuffer,
                     const T alpha, const T epsilon, DeepNormTiling& tiling,
                     aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                "DeepNorm only supports half and float");
  aicore::detail::DeepNormRun(dstLocal, meanLocal, rstdLocal, srcLocal, gxLocal, betaLocal,
                              gammaLocal, &sharedTmpBuffer, alpha, epsilon, tiling, isReuseSrc,
                              loc);
}

template <typename T, bool isReuseSrc = false, bool isBasicBlock = false>
inline void DeepNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& meanLocal,
                     const LocalTensor<T>& rstdLocal, const LocalTensor<T>& srcLocal,
                     const LocalTensor<T>& gxLocal, const LocalTensor<T>& betaLocal,
                     const LocalTensor<T>& gammaLocal, const T alpha, const T epsilon,
                     DeepNormTiling& tiling, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                "DeepNorm only supports half and float");
  aicore::detail::DeepNormRun(dstLocal, meanLocal, rstdLocal, srcLocal, gxLocal, betaLocal,
                              gammaLocal, nullptr, alpha, epsilon, tiling, isReuseSrc, loc);
}

AICORE_TARGET_END
}  // namespace AscendC
