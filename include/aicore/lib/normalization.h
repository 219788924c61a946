// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Normalization APIs of the Ascend C advanced library (Ascend910B profile),
// kernel side and host tiling:
//
//   RmsNorm<T, isBasicBlock = false>(dst, src, gamma, sharedTmpBuffer, epsilon, tiling)
//   RmsNorm<T, isBasicBlock = false>(dst, src, gamma, epsilon, tiling)
//     src, dst [B, S, H] (H padded to 32 bytes), gamma [H], T half or float:
//       rms = sqrt(sum_{h < originalHLength} x^2 * reciprocalOfHLength + epsilon)
//       dst = x / rms * gamma           (every one of the H columns, padding included)
//
//   LayerNorm<T, isReuseSource = false>(output, outputMean, outputVariance, inputX, gamma,
//                                       beta, sharedTmpBuffer, epsilon, tiling)
//   LayerNorm<T, isReuseSource = false>(output, outputMean, outputVariance, inputX, gamma,
//                                       beta, epsilon, tiling)
//     inputX, output [B, S, H], outputMean, outputVariance [B, S], gamma, beta [H]:
//       mean = sum_{h < originalHLength} x * lastDimValueBack
//       var  = sum_{h < originalHLength} (x - mean)^2 * lastDimValueBack
//       out  = (x - mean) / sqrt(var + epsilon) * gamma + beta
//     output may be inputX (in place); mean and variance are written as T.
//
// Both compute every statistic in f32 (half inputs are widened, as the NPU
// casts them to float), and round once to T when they store. One fused
// Highway pass per statistic per row; no intermediate tensor is written, so
// the temporary buffer is only checked: it must be allocated, 32-byte
// aligned and at least as large as the tiling says (the sizes
// GetRmsNormMaxMinTmpSize / GetLayerNormMaxMinTmpSize report), else
// KernelError. The forms without sharedTmpBuffer use the space the framework
// reserves (here none is needed). isBasicBlock and isReuseSource change only
// the tiling's buffer sizes on the CPU.
//
// Accuracy against a double-precision model of the formulas above (inputs
// converted exactly; |err| <= atol + rtol * |ref|, where the atol scale is
// the row's largest |ref| value): float rtol 1e-5, atol 1e-5; half rtol 2e-3,
// atol 2e-3 (one half rounding of the result, 2^-11, plus the f32 sums).
//
// Host tiling (namespace AscendC), with the vendor's field names and formulas:
//
//   bool GetRmsNormMaxMinTmpSize(srcShape {B,S,H}, typeSize, maxValue, minValue,
//                                isBasicBlock = false)
//   bool GetRmsNormTilingInfo(srcShape, originSrcShape, stackBufferByteSize, typeSize,
//                             RmsNormTiling& tiling, isBasicBlock = false)
//   void GetLayerNormMaxMinTmpSize(srcShape {B,S,H,originH}, typeSize, isReuseSource,
//                                  maxValue, minValue)
//   void GetLayerNormNDTilingInfo(srcShape, stackBufferSize, typeSize, isReuseSource,
//                                 LayerNormTiling& tiling)   (and the deprecated
//                                 GetLayerNormNDTillingInfo)
//
// RmsNormTiling and LayerNormTiling are AscendC::tiling::* (the kernel's
// struct) and, the same type, optiling::* (the host's tiling class), so they
// can be fields of a BEGIN_TILING_DATA_DEF struct (TILING_DATA_FIELD_DEF_STRUCT).
// The GetLayerNorm* functions raise KernelError for a shape that is not 4-D,
// has a zero or negative dimension, or a typeSize other than 2 or 4 (the
// vendor logs an error there).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/instrument/sanitizer/numeric_api.h"
#include "aicore/lib/tensor_shape.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/runtime/context.h"
#include "aicore/runtime/tiling.h"
#include "aicore/simd/simd.h"
#include "aicore/simd/target.h"

// ---------------------------------------------------------------------------
// Tiling structs.

namespace AscendC {
namespace tiling {

BEGIN_TILING_DATA_DEF(RmsNormTiling)
TILING_DATA_FIELD_DEF(uint32_t, bLength);
TILING_DATA_FIELD_DEF(uint32_t, sLength);
TILING_DATA_FIELD_DEF(uint32_t, hLength);
TILING_DATA_FIELD_DEF(uint32_t, originalHLength);
TILING_DATA_FIELD_DEF(float, reciprocalOfHLength);
TILING_DATA_FIELD_DEF(uint32_t, mainBshLength);
TILING_DATA_FIELD_DEF(uint32_t, mainBsLength);
TILING_DATA_FIELD_DEF(uint32_t, mainBsLengthAlign);
TILING_DATA_FIELD_DEF(uint32_t, loopRound);
TILING_DATA_FIELD_DEF(uint32_t, inputTailPos);
TILING_DATA_FIELD_DEF(uint32_t, tailBshLength);
TILING_DATA_FIELD_DEF(uint32_t, tailBsLength);
END_TILING_DATA_DEF;

BEGIN_TILING_DATA_DEF(LayerNormTiling)
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

using tiling::LayerNormTiling;
using tiling::RmsNormTiling;

}  // namespace AscendC

namespace optiling {
using AscendC::tiling::LayerNormTiling;
using AscendC::tiling::RmsNormTiling;
}  // namespace optiling

// The vendor's generated kernel_tiling.h also names these structs at global
// scope: compat/kernel_tiling/kernel_tiling.h does the same (not this
// header, so that a kernel's own global RmsNormTiling does not collide).

// ---------------------------------------------------------------------------
// Host tiling.

namespace aicore {
namespace detail {

constexpr uint32_t kNormBlockBytes = 32;
constexpr uint32_t kNormFloatsPerBlock = 8;

inline uint32_t NormAlignUp(uint32_t v, uint32_t unit) { return (v + unit - 1) / unit * unit; }

// The RmsNorm temporary sizes in bytes (f32 elements * 4): the maximum holds
// the whole [B*S, H] (twice for half: a widened copy of src) plus the
// reduced [B*S] rounded up to a 32-byte block of T; the minimum one row
// (twice for half) plus 8 floats.
inline uint32_t RmsNormMaxBytes(uint32_t b, uint32_t s, uint32_t h, uint32_t typeSize) {
  const uint32_t bsh = b * s * h;
  const uint32_t bs = NormAlignUp(b * s, kNormBlockBytes / typeSize);
  return (typeSize == 2 ? 2 * bsh + bs : bsh + bs) * 4;
}
inline uint32_t RmsNormMinBytes(uint32_t h, uint32_t typeSize) {
  return (typeSize == 2 ? 2 * h + kNormFloatsPerBlock : h + kNormFloatsPerBlock) * 4;
}
// The basic-block shape rule: H a multiple of 64 below 2048, B*S a multiple of 8.
inline bool RmsNormBasicBlockOk(uint32_t b, uint32_t s, uint32_t h) {
  return h % 64 == 0 && (b * s) % 8 == 0 && h < 2048;
}

// A 3-D shape with positive dimensions.
inline bool NormDims3(const ge::Shape& shape, uint32_t* b, uint32_t* s, uint32_t* h) {
  if (shape.GetDimNum() != 3) return false;
  for (size_t i = 0; i < 3; ++i) {
    if (shape.GetDim(i) <= 0 || shape.GetDim(i) > 0xFFFFFFFFll) return false;
  }
  *b = static_cast<uint32_t>(shape.GetDim(0));
  *s = static_cast<uint32_t>(shape.GetDim(1));
  *h = static_cast<uint32_t>(shape.GetDim(2));
  return true;
}

inline std::string ShapeText(const ge::Shape& shape) {
  std::string t = "[";
  for (size_t i = 0; i < shape.GetDimNum(); ++i) {
    if (i) t += ", ";
    t += std::to_string(shape.GetDim(i));
  }
  return t + "]";
}

// The vendor's host checks of the LayerNorm tiling functions.
inline void CheckLayerNormHost(const char* fn, const ge::Shape& shape, uint32_t typeSize,
                               SrcLoc loc) {
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
  if (shape.GetDim(3) > shape.GetDim(2)) {
    Fail(ErrorKind::kParameter, fn, loc,
         "srcShape " + ShapeText(shape) + ": originHLength " + std::to_string(shape.GetDim(3)) +
             " exceeds storageHLength " + std::to_string(shape.GetDim(2)));
  }
  if (typeSize != 2 && typeSize != 4) {
    Fail(ErrorKind::kParameter, fn, loc,
         "typeSize " + std::to_string(typeSize) + " is unsupported (2 for half, 4 for float)");
  }
}

}  // namespace detail
}  // namespace aicore

namespace AscendC {

// maxValue / minValue in bytes. false: srcShape is not a 3-D shape of
// positive dimensions, typeSize is not 2 or 4, or isBasicBlock is set and the
// shape breaks the basic-block rule.
inline bool GetRmsNormMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                    uint32_t& maxValue, uint32_t& minValue,
                                    const bool isBasicBlock = false) {
  namespace d = aicore::detail;
  uint32_t b = 0, s = 0, h = 0;
  if (!d::NormDims3(srcShape, &b, &s, &h) || (typeSize != 2 && typeSize != 4)) return false;
  if (isBasicBlock && !d::RmsNormBasicBlockOk(b, s, h)) return false;
  maxValue = d::RmsNormMaxBytes(b, s, h, typeSize);
  minValue = d::RmsNormMinBytes(h, typeSize);
  return true;
}

// false: bad shapes (not 3-D, B/S differ from originSrcShape's, originSrcShape's
// H zero or above srcShape's, srcShape's H not 32-byte aligned), basic-block
// rule broken, or stackBufferByteSize below the minimum.
inline bool GetRmsNormTilingInfo(const ge::Shape& srcShape, const ge::Shape& originSrcShape,
                                 const uint32_t stackBufferByteSize, const uint32_t typeSize,
                                 RmsNormTiling& tiling, const bool isBasicBlock = false) {
  namespace d = aicore::detail;
  uint32_t b = 0, s = 0, h = 0, ob = 0, os = 0, oh = 0;
  if (!d::NormDims3(srcShape, &b, &s, &h) || !d::NormDims3(originSrcShape, &ob, &os, &oh)) {
    return false;
  }
  if (typeSize != 2 && typeSize != 4) return false;
  if (b != ob || s != os || h < oh || (h * typeSize) % d::kNormBlockBytes != 0) return false;
  if (isBasicBlock && !d::RmsNormBasicBlockOk(b, s, h)) return false;
  if (stackBufferByteSize < d::RmsNormMinBytes(h, typeSize)) return false;

  tiling.bLength = b;
  tiling.sLength = s;
  tiling.hLength = h;
  tiling.originalHLength = oh;
  tiling.reciprocalOfHLength = 1.0f / static_cast<float>(oh);
  // Rows per round: the most that fit `coeff` rows of f32 plus the reduced
  // rows rounded up to 8 floats.
  const uint32_t total = stackBufferByteSize / 4;
  const uint32_t coeff = typeSize == 4 ? 1u : 2u;
  uint32_t bs = 1;
  while (total >= (bs + 1) * h * coeff + d::NormAlignUp(bs + 1, d::kNormFloatsPerBlock)) ++bs;
  const uint32_t inputXSize = b * s * h;
  uint32_t oneTmp = bs * h;
  if (oneTmp > inputXSize) oneTmp = inputXSize;
  bs = oneTmp / h;
  if (isBasicBlock) {
    if (bs >= 8) bs = bs / 8 * 8;
  } else if (bs > 255) {
    bs = 255;
  }
  oneTmp = bs * h;
  tiling.mainBshLength = oneTmp;
  tiling.mainBsLength = bs;
  tiling.mainBsLengthAlign = d::NormAlignUp(bs, d::kNormFloatsPerBlock);
  tiling.loopRound = inputXSize / oneTmp;
  const uint32_t tail = inputXSize % oneTmp;
  tiling.tailBshLength = tail;
  tiling.inputTailPos = inputXSize - tail;
  tiling.tailBsLength = tail / h;
  return true;
}

// maxValue / minValue in bytes: three f32 copies (two for float with
// isReuseSource) of the whole input (max) or of one row (min), each rounded
// up to 32 bytes, plus two f32 [B*S] rounded up to 32 bytes.
inline void GetLayerNormMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                      const bool isReuseSource, uint32_t& maxValue,
                                      uint32_t& minValue,
                                      aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace d = aicore::detail;
  d::CheckLayerNormHost("GetLayerNormMaxMinTmpSize", srcShape, typeSize, loc);
  const auto b = static_cast<uint32_t>(srcShape.GetDim(0));
  const auto s = static_cast<uint32_t>(srcShape.GetDim(1));
  const auto h = static_cast<uint32_t>(srcShape.GetDim(2));
  const uint32_t mv = d::NormAlignUp(b * s * 4, d::kNormBlockBytes);
  const uint32_t all = d::NormAlignUp(b * s * h * 4, d::kNormBlockBytes);
  const uint32_t row = d::NormAlignUp(h * 4, d::kNormBlockBytes);
  const uint32_t copies = (isReuseSource && typeSize == 4) ? 2 : 3;
  maxValue = copies * all + 2 * mv;
  minValue = copies * row + 2 * mv;
}

namespace aicore_impl {
inline void LayerNormTilingImpl(const ge::Shape& srcShape, const uint32_t stackBufferSize,
                                const uint32_t typeSize, const bool isReuseSource,
                                LayerNormTiling& tiling) {
  namespace d = aicore::detail;
  const auto b = static_cast<uint32_t>(srcShape.GetDim(0));
  const auto s = static_cast<uint32_t>(srcShape.GetDim(1));
  const auto h = static_cast<uint32_t>(srcShape.GetDim(2));
  const auto oh = static_cast<uint32_t>(srcShape.GetDim(3));
  const uint32_t inputXSize = b * s * h;
  const uint32_t meanVarSize = b * s;
  const uint32_t numberOfTmpBuf = (isReuseSource && typeSize == 4) ? 2 : 3;
  const uint32_t mvTmp = d::NormAlignUp(meanVarSize, d::kNormFloatsPerBlock);
  // half keeps f32 mean and variance at the start of the buffer; float
  // writes them straight to the outputs.
  const uint32_t mvTotal = typeSize == 4 ? 0 : 2 * mvTmp;
  const uint32_t tmpBufSize = stackBufferSize / 4;
  uint32_t oneTmp = tmpBufSize > mvTotal ? (tmpBufSize - mvTotal) / numberOfTmpBuf : 0;
  oneTmp = oneTmp / h * h;
  if (oneTmp > inputXSize) oneTmp = inputXSize;
  if (oneTmp == 0) return;  // the buffer does not hold one row: tiling left as it was
  tiling.bLength = b;
  tiling.sLength = s;
  tiling.hLength = h;
  tiling.originalHLength = oh;
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
  tiling.inputTailSize = inputXSize % oneTmp;
  tiling.inputTailPos = inputXSize - inputXSize % oneTmp;
  tiling.meanVarRoundSize = oneTmp / h;
  tiling.meanVarTailSize = (inputXSize % oneTmp) / h;
  tiling.meanVarTailPos = meanVarSize - (inputXSize % oneTmp) / h;
  tiling.bshCurLength = oneTmp;
  tiling.bsCurLength = oneTmp / h;
  tiling.lastDimValueBack = 1.0f / static_cast<float>(oh);
}
}  // namespace aicore_impl

// srcShape {B, S, storageHLength, originHLength}. When stackBufferSize does
// not hold one row of each temporary, the tiling is left unchanged (as the
// vendor does); LayerNorm then reports the tiling as not filled in.
inline void GetLayerNormNDTilingInfo(const ge::Shape& srcShape, const uint32_t stackBufferSize,
                                     const uint32_t typeSize, const bool isReuseSource,
                                     LayerNormTiling& tiling,
                                     aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::CheckLayerNormHost("GetLayerNormNDTilingInfo", srcShape, typeSize, loc);
  aicore_impl::LayerNormTilingImpl(srcShape, stackBufferSize, typeSize, isReuseSource, tiling);
}

[[deprecated("GetLayerNormNDTillingInfo is deprecated, please use GetLayerNormNDTilingInfo "
             "instead!")]] inline void
GetLayerNormNDTillingInfo(const ge::Shape& srcShape, const uint32_t stackBufferSize,
                          const uint32_t typeSize, const bool isReuseSource,
                          LayerNormTiling& tilling,
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::CheckLayerNormHost("GetLayerNormNDTillingInfo", srcShape, typeSize, loc);
  aicore_impl::LayerNormTilingImpl(srcShape, stackBufferSize, typeSize, isReuseSource, tilling);
}

}  // namespace AscendC

// ---------------------------------------------------------------------------
// Kernel side.

namespace aicore {
namespace detail {
AICORE_TARGET_BEGIN

namespace nhn = hwy::HWY_NAMESPACE;

// Sum over n elements of f(x) in f32 lanes (two accumulators), where f maps a
// compute vector to a compute vector; the tail is masked to zero after f.
template <class T, class F>
HWY_INLINE float NormRowSum(const T* x, size_t n, const F& f) {
  const simd::TagFor<float> d;
  const size_t N = nhn::Lanes(d);
  auto a0 = nhn::Zero(d);
  auto a1 = nhn::Zero(d);
  size_t i = 0;
  for (; i + 2 * N <= n; i += 2 * N) {
    a0 = nhn::Add(a0, f(d, simd::LoadC(d, x + i)));
    a1 = nhn::Add(a1, f(d, simd::LoadC(d, x + i + N)));
  }
  for (; i + N <= n; i += N) a0 = nhn::Add(a0, f(d, simd::LoadC(d, x + i)));
  if (i < n) {
    constexpr size_t kCap = simd::kMaxLanesBytes / sizeof(float);
    const simd::Staged<T, kCap> t(x + i, n - i);
    a1 = nhn::Add(a1, nhn::IfThenElseZero(nhn::FirstN(d, n - i), f(d, simd::LoadC(d, t.v))));
  }
  return nhn::GetLane(nhn::SumOfLanes(d, nhn::Add(a0, a1)));
}

// y[i] = f(x[i], g[i], b[i]) for i < n, in f32, rounded once to T.
template <class T, class F>
HWY_INLINE void NormRowMap(T* y, const T* x, const T* g, const T* b, size_t n, const F& f) {
  const simd::TagFor<float> d;
  const size_t N = nhn::Lanes(d);
  size_t i = 0;
  for (; i + N <= n; i += N) {
    simd::StoreC(d, f(d, simd::LoadC(d, x + i), simd::LoadC(d, g + i), simd::LoadC(d, b + i)),
                 y + i);
  }
  if (i < n) {
    constexpr size_t kCap = simd::kMaxLanesBytes / sizeof(float);
    const size_t rem = n - i;
    const simd::Staged<T, kCap> tx(x + i, rem), tg(g + i, rem), tb(b + i, rem);
    HWY_ALIGN T out[kCap];
    simd::StoreC(d, f(d, simd::LoadC(d, tx.v), simd::LoadC(d, tg.v), simd::LoadC(d, tb.v)), out);
    std::memcpy(static_cast<void*>(y + i), out, rem * sizeof(T));
  }
}

[[noreturn]] AICORE_COLD inline void FailNormTiling(const char* api, const std::string& what,
                                                    SrcLoc loc) {
  Fail(ErrorKind::kParameter, api, loc, "tiling: " + what);
}

[[noreturn]] AICORE_COLD inline void FailNormTmp(const char* api, uint64_t need, uint64_t have,
                                                 SrcLoc loc) {
  Fail(ErrorKind::kBounds, api, loc,
       "sharedTmpBuffer holds " + std::to_string(have) + " bytes, the tiling needs " +
           std::to_string(need) +
           " (at least the minimum of the MaxMinTmpSize function, as passed to the tiling "
           "function)");
}

// Records one operand's access for the sanitizers: outputs as writes
// (CheckLocal records every role but "dst" as a read, so the operands are
// checked with Pipe::kCount and recorded here, the reads first, after all
// checks passed).
template <class T>
inline void NormEmit(const char* api, const char* role, const AscendC::LocalTensor<T>& t,
                     uint64_t bytes, bool write, SrcLoc loc) {
  CoreContext* core = t_core;
  if (AICORE_LIKELY(core->instr == 0) || bytes == 0) return;
  EmitLocal(*core, Pipe::kV, write ? Access::kWrite : Access::kRead, *t.buf_,
            reinterpret_cast<const uint8_t*>(t.addr_), bytes, api, role, loc);
}

// H: checked against originalHLength and the 32-byte rule.
template <class T>
inline void CheckNormH(const char* api, uint32_t h, uint32_t oh, SrcLoc loc) {
  if (h == 0 || oh == 0 || oh > h) {
    FailNormTiling(api,
                   "hLength " + std::to_string(h) + ", originalHLength " + std::to_string(oh) +
                       ": need 0 < originalHLength <= hLength (was the tiling function called, "
                       "and did it succeed?)",
                   loc);
  }
  if ((static_cast<uint64_t>(h) * sizeof(T)) % 32 != 0) {
    Fail(ErrorKind::kAlignment, api, loc,
         "hLength " + std::to_string(h) + " of " + TypeName<T>() + " (" +
             std::to_string(static_cast<uint64_t>(h) * sizeof(T)) +
             " bytes) is not a multiple of 32 bytes: pad H to 32 bytes");
  }
}

template <class T>
inline void RmsNormRun(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                       const AscendC::LocalTensor<T>& gamma,
                       const AscendC::LocalTensor<uint8_t>* tmp, T epsilon,
                       const AscendC::RmsNormTiling& tiling, SrcLoc loc) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                "RmsNorm only supports half and float");
  const char* api = "RmsNorm";
  Enter(api, loc);
  const uint32_t h = tiling.hLength;
  CheckNormH<T>(api, h, tiling.originalHLength, loc);
  const uint64_t rows = static_cast<uint64_t>(tiling.bLength) * tiling.sLength;
  const uint64_t bsh = rows * h;
  if (bsh != 0 && tiling.mainBsLength == 0) {
    FailNormTiling(api, "mainBsLength is 0 (was GetRmsNormTilingInfo called, and did it succeed?)",
                   loc);
  }
  CheckLocal(api, "dst", dst, bsh * sizeof(T), loc);
  CheckLocal(api, "src", src, bsh * sizeof(T), loc);
  CheckLocal(api, "gamma", gamma, uint64_t{h} * sizeof(T), loc);
  if (BytesOverlap(dst.addr_, bsh * sizeof(T), gamma.addr_, uint64_t{h} * sizeof(T))) {
    Fail(ErrorKind::kParameter, api, loc, "dstLocal and gammaLocal overlap (not allowed)");
  }
  if (tmp != nullptr) {
    const uint64_t coeff = std::is_same_v<T, half> ? 2 : 1;
    const uint64_t need =
        (coeff * tiling.mainBshLength + NormAlignUp(tiling.mainBsLength, kNormFloatsPerBlock)) * 4;
    CheckLocal(api, "sharedTmpBuffer", *tmp, 0, loc, true, Pipe::kCount);
    if (AvailableBytes(*tmp) < need) FailNormTmp(api, need, AvailableBytes(*tmp), loc);
  }
  const float eps = static_cast<float>(epsilon);
  const float recip = tiling.reciprocalOfHLength;
  const size_t oh = tiling.originalHLength;
  NumApi(
      api, loc,
      [&]() AICORE_LAMBDA_INLINE {
        for (uint64_t r = 0; r < rows; ++r) {
          const T* x = src.addr_ + r * h;
          const float ss = NormRowSum(x, oh, [](auto, auto v) { return nhn::Mul(v, v); });
          const float rstd = 1.0f / std::sqrt(ss * recip + eps);
          NormRowMap(dst.addr_ + r * h, x, gamma.addr_, gamma.addr_, h,
                     [rstd](auto d, auto v, auto g, auto) {
                       return nhn::Mul(nhn::Mul(v, nhn::Set(d, rstd)), g);
                     });
        }
      },
      [&](NumApiCall& c) {
        c.In("srcLocal", src.addr_, bsh), c.In("gammaLocal", gamma.addr_, h);
        c.Scalar("epsilon", epsilon), c.Out("dstLocal", dst.addr_, bsh);
      });
}

template <class T>
inline void LayerNormRun(const AscendC::LocalTensor<T>& output,
                         const AscendC::LocalTensor<T>& outputMean,
                         const AscendC::LocalTensor<T>& outputVariance,
                         const AscendC::LocalTensor<T>& inputX, const AscendC::LocalTensor<T>& gamma,
                         const AscendC::LocalTensor<T>& beta,
                         const AscendC::LocalTensor<uint8_t>* tmp, T epsilon,
                         const AscendC::LayerNormTiling& tiling, SrcLoc loc) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                "LayerNorm only supports half and float");
  const char* api = "LayerNorm";
  Enter(api, loc);
  const uint32_t h = tiling.hLength;
  CheckNormH<T>(api, h, tiling.originalHLength, loc);
  const uint64_t rows = static_cast<uint64_t>(tiling.bLength) * tiling.sLength;
  const uint64_t bsh = rows * h;
  if (bsh != 0 && tiling.oneTmpSize == 0) {
    FailNormTiling(api,
                   "oneTmpSize is 0 (was GetLayerNormNDTilingInfo called with a stackBufferSize "
                   "of at least the minimum of GetLayerNormMaxMinTmpSize?)",
                   loc);
  }
  constexpr Pipe kNo = Pipe::kCount;  // recorded below, outputs as writes
  CheckLocal(api, "output", output, bsh * sizeof(T), loc, true, kNo);
  CheckLocal(api, "outputMean", outputMean, rows * sizeof(T), loc, true, kNo);
  CheckLocal(api, "outputVariance", outputVariance, rows * sizeof(T), loc, true, kNo);
  CheckLocal(api, "inputX", inputX, bsh * sizeof(T), loc, true, kNo);
  CheckLocal(api, "gamma", gamma, uint64_t{h} * sizeof(T), loc, true, kNo);
  CheckLocal(api, "beta", beta, uint64_t{h} * sizeof(T), loc, true, kNo);
  if (tmp != nullptr) {
    const uint64_t need =
        (uint64_t{tiling.firstTmpStartPos} + uint64_t{tiling.numberOfTmpBuf} * tiling.oneTmpSize) *
        4;
    CheckLocal(api, "sharedTmpBuffer", *tmp, 0, loc, true, Pipe::kCount);
    if (AvailableBytes(*tmp) < need) FailNormTmp(api, need, AvailableBytes(*tmp), loc);
  }
  NormEmit(api, "inputX", inputX, bsh * sizeof(T), false, loc);
  NormEmit(api, "gamma", gamma, uint64_t{h} * sizeof(T), false, loc);
  NormEmit(api, "beta", beta, uint64_t{h} * sizeof(T), false, loc);
  NormEmit(api, "output", output, bsh * sizeof(T), true, loc);
  NormEmit(api, "outputMean", outputMean, rows * sizeof(T), true, loc);
  NormEmit(api, "outputVariance", outputVariance, rows * sizeof(T), true, loc);
  const float eps = static_cast<float>(epsilon);
  const float inv = tiling.lastDimValueBack;
  const size_t oh = tiling.originalHLength;
  NumApi(
      api, loc,
      [&]() AICORE_LAMBDA_INLINE {
        for (uint64_t r = 0; r < rows; ++r) {
          const T* x = inputX.addr_ + r * h;
          const float mean = NormRowSum(x, oh, [](auto, auto v) { return v; }) * inv;
          const float var = NormRowSum(x, oh,
                                       [mean](auto d, auto v) {
                                         const auto c = nhn::Sub(v, nhn::Set(d, mean));
                                         return nhn::Mul(c, c);
                                       }) *
                            inv;
          const float rstd = 1.0f / std::sqrt(var + eps);
          // The statistics first: output may be inputX, the row is read above.
          outputMean.addr_[r] = static_cast<T>(mean);
          outputVariance.addr_[r] = static_cast<T>(var);
          NormRowMap(output.addr_ + r * h, x, gamma.addr_, beta.addr_, h,
                     [mean, rstd](auto d, auto v, auto g, auto b) {
                       const auto c = nhn::Mul(nhn::Sub(v, nhn::Set(d, mean)), nhn::Set(d, rstd));
                       return nhn::MulAdd(c, g, b);
                     });
        }
      },
      [&](NumApiCall& c) {
        c.In("inputX", inputX.addr_, bsh), c.In("gamma", gamma.addr_, h);
        c.In("beta", beta.addr_, h), c.Scalar("epsilon", epsilon);
        c.Out("outputMean", outputMean.addr_, rows);
        c.Out("outputVariance", outputVariance.addr_, rows), c.Out("output", output.addr_, bsh);
      });
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

template <typename T, bool isBasicBlock = false>
inline void RmsNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                    const LocalTensor<T>& gammaLocal, const LocalTensor<uint8_t>& sharedTmpBuffer,
                    const T epsilon, const RmsNormTiling& tiling,
                    aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::RmsNormRun(dstLocal, srcLocal, gammaLocal, &sharedTmpBuffer, epsilon, tiling,
                             loc);
}

template <typename T, bool isBasicBlock = false>
inline void RmsNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                    const LocalTensor<T>& gammaLocal, const T epsilon, const RmsNormTiling& tiling,
                    aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::RmsNormRun(dstLocal, srcLocal, gammaLocal, nullptr, epsilon, tiling, loc);
}

template <typename T, bool isReuseSource = false>
inline void LayerNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean,
                      const LocalTensor<T>& outputVariance, const LocalTensor<T>& inputX,
                      const LocalTensor<T>& gamma, const LocalTensor<T>& beta,
                      const LocalTensor<uint8_t>& sharedTmpBuffer, const T epsilon,
                      LayerNormTiling& tiling, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::LayerNormRun(output, outputMean, outputVariance, inputX, gamma, beta,
                               &sharedTmpBuffer, epsilon, tiling, loc);
}

template <typename T, bool isReuseSource = false>
inline void LayerNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean,
                      const LocalTensor<T>& outputVariance, const LocalTensor<T>& inputX,
                      const LocalTensor<T>& gamma, const LocalTensor<T>& beta, const T epsilon,
                      LayerNormTiling& tiling, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::LayerNormRun(output, outputMean, outputVariance, inputX, gamma, beta, nullptr,
                               epsilon, tiling, loc);
}

AICORE_TARGET_END
}  // namespace AscendC
