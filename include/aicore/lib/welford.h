// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The Welford APIs of the Ascend C advanced library (Ascend910B profile):
// a Reduce axis too long for one tile is split into rnLength blocks of
// abLength elements; WelfordUpdate folds one block into running per-column
// statistics, WelfordFinalize reduces the columns to one mean and variance.
//
//   WelfordUpdate<T, U, isReuseSource = false, config = WFUPDATE_DEFAULT_CFG>(
//       outputMean, outputVariance, inputMean, inputVariance, inputX,
//       [sharedTmpBuffer,] para)                  T half or float, U float
//     for j < para.abComputeLength (para.rnLength must be 1):
//       delta  = x[j] - inputMean[j]
//       mean'  = delta * nRec + inputMean[j]                 -> outputMean[j]
//       M'     = (x[j] - mean') * delta + inputVariance[j]   -> outputVariance[j]
//     for abComputeLength <= j < abLength: config.isInplace copies inputMean /
//     inputVariance to the outputs; otherwise the outputs are left as they were.
//     Output and input statistics may be the same tensor (public kernels,
//     e.g. ops-nn's AdaLayerNorm, update in place; the computation is
//     element-wise); any other overlap is a KernelError.
//
//   WelfordFinalize<isReuseSource = false, config = WFFINALIZE_DEFAULT_CFG>(
//       outputMean, outputVariance, inputMean, inputVariance, [counts,]
//       [sharedTmpBuffer,] para)                    all float, counts int32_t
//     over j < para.abLength, with c_j the number of samples behind column j:
//       counts given:                 c_j = counts[j]
//       no counts, tailCount == 0 or tailCountLength == 0: every c_j = rnLength,
//                                     and the mean is sum(inputMean[j]) * abRec
//       no counts, otherwise:         c_j = headCount for j < headCountLength,
//                                     tailCount after
//       mean = sum(inputMean[j] * c_j) * rRec   (but see the row above)
//       var  = sum(inputVariance[j] + c_j * (inputMean[j] - mean)^2) * r
//     with r = rRec. config.isCorrection (and para.rRecWithCorrection) exist
//     on the Ascend 950 only: setting it is a compile error here (the 910B
//     profile). outputMean[0] / outputVariance[0] get the
//     results, elements 1..7 are set to 0 (8 floats, 32 bytes, are written).
//
// Both compute in f32 (half inputX widened), one fused Highway pass per
// block (WelfordUpdate) or per statistic (WelfordFinalize); no intermediate
// is stored, so sharedTmpBuffer is only checked against the minimum size of
// the host function (else KernelError); the forms without it use the space
// the framework reserves (none is needed here).
//
// Accuracy against a double-precision model of the formulas above, with the
// same float parameters (|err| <= atol + rtol * |ref|):
//   WelfordUpdate: rtol 1e-6, atol 1e-6 * s (mean) and 4e-6 * s^2 (M), s the
//     largest of |x|, |inputMean|, sqrt(|inputVariance|) in the element: five
//     f32 roundings of terms of size s or s^2 (a fused multiply-add, where
//     the compiler contracts one, only removes a rounding).
//   WelfordFinalize: atol 1e-5 * sum|term| over the terms of each sum (f32
//     sums of abLength terms).
//
// Host (namespace AscendC), sizes in bytes, as the vendor computes them for
// the 910B:
//   GetWelfordUpdateMaxMinTmpSize(srcShape {rnLength, abLength}, typeSizeT,
//       typeSizeU, isReuseSource, isInplace, maxValue, minValue)
//     minValue 768 for half inputX, 256 for float with isReuseSource, else
//     512; maxValue = ceil(rnLength * abLength / 64) * minValue.
//   GetWelfordFinalizeMaxMinTmpSize(srcShape {abLength}, typeSize,
//       isReuseSource, maxValue, minValue)
//     minValue 1024; maxValue 1024 for abLength <= 64, else
//     (128 + 2 * abLength) * 4.
// Both raise KernelError where the vendor's host assert fails (a srcShape of
// the wrong rank, abLength not a positive multiple of 8 for
// WelfordFinalize) and for a typeSize other than 2 or 4 (typeSizeU: 4).
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
#include "aicore/lib/tensor_shape.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/simd.h"
#include "aicore/simd/target.h"

namespace AscendC {

struct WelfordUpdateConfig {
  constexpr WelfordUpdateConfig(const bool isInplaceIn) : isInplace(isInplaceIn) {}
  bool isInplace = false;
};

inline constexpr WelfordUpdateConfig WFUPDATE_DEFAULT_CFG = {false};

struct WelfordUpdateParam {
  uint32_t rnLength;
  uint32_t abLength;
  uint32_t abComputeLength;
  float nRec;
};

struct WelfordFinalizeConfig {
  constexpr WelfordFinalizeConfig(const bool isCorrectionIn) : isCorrection(isCorrectionIn) {}
  bool isCorrection = false;
};

inline constexpr WelfordFinalizeConfig WFFINALIZE_DEFAULT_CFG = {false};

// The 910B's eight fields (the Ascend 950 adds rRecWithCorrection).
struct WelfordFinalizePara {
  uint32_t rnLength;
  uint32_t abLength;
  uint32_t headCount;
  uint32_t headCountLength;
  uint32_t tailCount;
  uint32_t tailCountLength;
  float abRec;
  float rRec;
};

}  // namespace AscendC

// ---------------------------------------------------------------------------
// Host.

namespace aicore {
namespace detail {

constexpr uint32_t kWelfordRepBytes = 256;      // one vector repeat
constexpr uint32_t kWelfordFinalizeUnit = 64;   // floats per basic block

inline void CheckWelfordTypeSize(const char* fn, const char* name, uint32_t typeSize,
                                 bool halfOk, SrcLoc loc) {
  if (typeSize == 4 || (halfOk && typeSize == 2)) return;
  Fail(ErrorKind::kParameter, fn, loc,
       std::string(name) + " " + std::to_string(typeSize) + " is unsupported (" +
           (halfOk ? "2 for half, 4 for float)" : "4 for float)"));
}

inline std::string WelfordShapeText(const ge::Shape& shape) {
  std::string t = "[";
  for (size_t i = 0; i < shape.GetDimNum(); ++i) {
    if (i) t += ", ";
    t += std::to_string(shape.GetDim(i));
  }
  return t + "]";
}

inline void CheckWelfordDims(const char* fn, const ge::Shape& shape, size_t rank, SrcLoc loc) {
  if (shape.GetDimNum() != rank) {
    Fail(ErrorKind::kParameter, fn, loc,
         "srcShape " + WelfordShapeText(shape) + " has " + std::to_string(shape.GetDimNum()) +
             " dimensions, should be " + std::to_string(rank) +
             (rank == 2 ? " ([rnLength, abLength])" : " ([abLength])"));
  }
  for (size_t i = 0; i < rank; ++i) {
    if (shape.GetDim(i) <= 0 || shape.GetDim(i) > 0xFFFFFFFFll) {
      Fail(ErrorKind::kParameter, fn, loc,
           "srcShape " + WelfordShapeText(shape) + " has dimension " + std::to_string(i) + " = " +
               std::to_string(shape.GetDim(i)) + ", which is not positive");
    }
  }
}

inline uint32_t WelfordUpdateMinBytes(uint32_t typeSizeT, bool isReuseSource) {
  return typeSizeT == 2 ? 3 * kWelfordRepBytes : (isReuseSource ? 1 : 2) * kWelfordRepBytes;
}

constexpr uint32_t kWelfordFinalizeMinBytes = kWelfordFinalizeUnit * 4 * 4;

}  // namespace detail
}  // namespace aicore

namespace AscendC {

inline void GetWelfordUpdateMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSizeT,
                                          const uint32_t typeSizeU, const bool isReuseSource,
                                          const bool isInplace, uint32_t& maxValue,
                                          uint32_t& minValue,
                                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace d = aicore::detail;
  (void)isInplace;
  const char* fn = "GetWelfordUpdateMaxMinTmpSize";
  d::CheckWelfordDims(fn, srcShape, 2, loc);
  d::CheckWelfordTypeSize(fn, "typeSizeT", typeSizeT, true, loc);
  d::CheckWelfordTypeSize(fn, "typeSizeU", typeSizeU, false, loc);
  const uint64_t n = static_cast<uint64_t>(srcShape.GetDim(0)) * srcShape.GetDim(1);
  minValue = d::WelfordUpdateMinBytes(typeSizeT, isReuseSource);
  const uint64_t perRep = d::kWelfordRepBytes / 4;
  maxValue = static_cast<uint32_t>((n + perRep - 1) / perRep * minValue);
}

inline void GetWelfordFinalizeMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                            const bool isReuseSource, uint32_t& maxValue,
                                            uint32_t& minValue,
                                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace d = aicore::detail;
  (void)isReuseSource;
  const char* fn = "GetWelfordFinalizeMaxMinTmpSize";
  d::CheckWelfordDims(fn, srcShape, 1, loc);
  d::CheckWelfordTypeSize(fn, "typeSize", typeSize, false, loc);
  const auto ab = static_cast<uint32_t>(srcShape.GetDim(0));
  if (ab % 8 != 0) {
    d::Fail(aicore::ErrorKind::kAlignment, fn, loc,
            "abLength " + std::to_string(ab) + " is not a multiple of 8 floats (32 bytes)");
  }
  minValue = d::kWelfordFinalizeMinBytes;
  maxValue = ab <= d::kWelfordFinalizeUnit ? minValue : (2 * d::kWelfordFinalizeUnit + 2 * ab) * 4;
}

}  // namespace AscendC

// ---------------------------------------------------------------------------
// Kernel side.

namespace aicore {
namespace detail {
AICORE_TARGET_BEGIN

namespace whn = hwy::HWY_NAMESPACE;

[[noreturn]] AICORE_COLD inline void FailWelfordTmp(const char* api, uint64_t need, uint64_t have,
                                                    SrcLoc loc) {
  Fail(ErrorKind::kBounds, api, loc,
       "sharedTmpBuffer holds " + std::to_string(have) + " bytes, needs at least " +
           std::to_string(need) + " (the minValue of the MaxMinTmpSize host function)");
}

inline void CheckWelfordTmp(const char* api, const AscendC::LocalTensor<uint8_t>* tmp,
                            uint64_t need, SrcLoc loc) {
  if (tmp == nullptr) return;
  CheckLocal(api, "sharedTmpBuffer", *tmp, 0, loc, true, Pipe::kCount);
  if (AvailableBytes(*tmp) < need) FailWelfordTmp(api, need, AvailableBytes(*tmp), loc);
}

// a and b may be the same bytes (allowed) but must not overlap otherwise.
inline void CheckWelfordOverlap(const char* api, const char* an, const void* a, const char* bn,
                                const void* b, uint64_t bytes, bool sameOk, SrcLoc loc) {
  if (sameOk && a == b) return;
  if (BytesOverlap(a, bytes, b, bytes)) {
    Fail(ErrorKind::kParameter, api, loc,
         std::string(an) + " and " + bn + " overlap (" +
             (sameOk ? "only the very same tensor is allowed" : "not allowed") + ")");
  }
}

template <class T, class U, bool kInplace>
inline void WelfordUpdateRun(const AscendC::LocalTensor<U>& outMean,
                             const AscendC::LocalTensor<U>& outVar,
                             const AscendC::LocalTensor<U>& inMean,
                             const AscendC::LocalTensor<U>& inVar,
                             const AscendC::LocalTensor<T>& inputX,
                             const AscendC::LocalTensor<uint8_t>* tmp,
                             const AscendC::WelfordUpdateParam& para, bool isReuseSource,
                             SrcLoc loc) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                "WelfordUpdate: inputX must be half or float");
  static_assert(std::is_same_v<U, float>, "WelfordUpdate: the statistics must be float");
  const char* api = "WelfordUpdate";
  Enter(api, loc);
  if (para.rnLength != 1) {
    Fail(ErrorKind::kParameter, api, loc,
         "para.rnLength " + std::to_string(para.rnLength) + " is unsupported (only 1)");
  }
  constexpr uint32_t kAlign = 32 / sizeof(T);
  if (para.abLength == 0 || para.abLength % kAlign != 0) {
    Fail(ErrorKind::kAlignment, api, loc,
         "para.abLength " + std::to_string(para.abLength) + " is not a positive multiple of " +
             std::to_string(kAlign) + " (32 bytes of " + TypeName<T>() + ")");
  }
  if (para.abComputeLength == 0 || para.abComputeLength > para.abLength) {
    Fail(ErrorKind::kParameter, api, loc,
         "para.abComputeLength " + std::to_string(para.abComputeLength) +
             " is outside [1, abLength " + std::to_string(para.abLength) + "]");
  }
  const uint64_t n = uint64_t{para.rnLength} * para.abLength;
  const uint64_t ub = n * sizeof(U), tb = n * sizeof(T);
  // The outputs hold abLength columns; without isInplace only the first
  // abComputeLength are written (the rest keeps what it held).
  const uint64_t written = (kInplace ? n : uint64_t{para.abComputeLength}) * sizeof(U);
  CheckLocal(api, "outputMean", outMean, ub, loc, true, Pipe::kCount);
  CheckLocal(api, "outputVariance", outVar, ub, loc, true, Pipe::kCount);
  CheckLocalOut(api, "outputMean", outMean, written, loc);
  CheckLocalOut(api, "outputVariance", outVar, written, loc);
  CheckLocal(api, "inputMean", inMean, ub, loc);
  CheckLocal(api, "inputVariance", inVar, ub, loc);
  CheckLocal(api, "inputX", inputX, tb, loc);
  CheckWelfordOverlap(api, "outputMean", outMean.addr_, "outputVariance", outVar.addr_, ub, false,
                      loc);
  CheckWelfordOverlap(api, "outputMean", outMean.addr_, "inputMean", inMean.addr_, ub, true, loc);
  CheckWelfordOverlap(api, "outputMean", outMean.addr_, "inputVariance", inVar.addr_, ub, false,
                      loc);
  CheckWelfordOverlap(api, "outputVariance", outVar.addr_, "inputVariance", inVar.addr_, ub, true,
                      loc);
  CheckWelfordOverlap(api, "outputVariance", outVar.addr_, "inputMean", inMean.addr_, ub, false,
                      loc);
  if (BytesOverlap(outMean.addr_, ub, inputX.addr_, tb) ||
      BytesOverlap(outVar.addr_, ub, inputX.addr_, tb)) {
    Fail(ErrorKind::kParameter, api, loc, "an output overlaps inputX (not allowed)");
  }
  CheckWelfordTmp(api, tmp,
                  WelfordUpdateMinBytes(static_cast<uint32_t>(sizeof(T)), isReuseSource), loc);

  const size_t len = para.abComputeLength;
  const float rec = para.nRec;
  const T* x = inputX.addr_;
  const float* m = inMean.addr_;
  const float* v = inVar.addr_;
  float* om = outMean.addr_;
  float* ov = outVar.addr_;
  NumApi(
      api, loc,
      [&]() AICORE_LAMBDA_INLINE {
        const simd::TagFor<float> d;
        const size_t N = whn::Lanes(d);
        const auto vr = whn::Set(d, rec);
        size_t i = 0;
        for (; i + N <= len; i += N) {
          const auto xv = simd::LoadC(d, x + i);
          const auto mv = whn::LoadU(d, m + i);
          const auto delta = whn::Sub(xv, mv);
          const auto nm = whn::Add(whn::Mul(delta, vr), mv);
          const auto nv = whn::Add(whn::Mul(whn::Sub(xv, nm), delta), whn::LoadU(d, v + i));
          whn::StoreU(nm, d, om + i);
          whn::StoreU(nv, d, ov + i);
        }
        for (; i < len; ++i) {
          const float xs = static_cast<float>(x[i]);
          const float delta = xs - m[i];
          const float nm = delta * rec + m[i];
          ov[i] = (xs - nm) * delta + v[i];
          om[i] = nm;
        }
        if (kInplace && len < para.abLength) {
          const size_t rest = (para.abLength - len) * sizeof(float);
          if (om != m) std::memcpy(om + len, m + len, rest);
          if (ov != v) std::memcpy(ov + len, v + len, rest);
        }
      },
      [&](NumApiCall& c) {
        c.In("inputX", x, len), c.In("inputMean", m, len), c.In("inputVariance", v, len);
        c.Scalar("para.nRec", rec), c.Out("outputMean", om, len), c.Out("outputVariance", ov, len);
      });
}

// sum_j f(j-th lanes) over n floats; f maps (d, mean, var, count) vectors to
// a vector; the tail lanes are masked to zero after f.
template <bool kCounts, class F>
HWY_INLINE float WelfordSum(const float* m, const float* v, const int32_t* c, size_t n,
                            const F& f) {
  const simd::TagFor<float> d;
  const whn::RebindToSigned<decltype(d)> di;
  const size_t N = whn::Lanes(d);
  auto a0 = whn::Zero(d);
  auto a1 = whn::Zero(d);
  auto counts = [&](size_t i) {
    if constexpr (kCounts) {
      return whn::ConvertTo(d, whn::LoadU(di, c + i));
    } else {
      (void)i;
      return whn::Zero(d);
    }
  };
  size_t i = 0;
  for (; i + 2 * N <= n; i += 2 * N) {
    a0 = whn::Add(a0, f(d, whn::LoadU(d, m + i), whn::LoadU(d, v + i), counts(i), i));
    a1 = whn::Add(a1, f(d, whn::LoadU(d, m + i + N), whn::LoadU(d, v + i + N), counts(i + N),
                        i + N));
  }
  for (; i + N <= n; i += N) {
    a0 = whn::Add(a0, f(d, whn::LoadU(d, m + i), whn::LoadU(d, v + i), counts(i), i));
  }
  float sum = whn::GetLane(whn::SumOfLanes(d, whn::Add(a0, a1)));
  // abLength is a multiple of 8: the tail is shorter than one vector only on
  // targets wider than 8 floats; it is summed lane by lane through f.
  for (; i < n; ++i) {
    const auto one = whn::FirstN(d, 1);
    const auto mv = whn::IfThenElseZero(one, whn::Set(d, m[i]));
    const auto vv = whn::IfThenElseZero(one, whn::Set(d, v[i]));
    const auto cv =
        whn::IfThenElseZero(one, whn::Set(d, kCounts ? static_cast<float>(c[i]) : 0.0f));
    sum += whn::GetLane(f(d, mv, vv, cv, i));
  }
  return sum;
}

template <bool kCounts>
inline void WelfordFinalizeRun(const AscendC::LocalTensor<float>& outMean,
                               const AscendC::LocalTensor<float>& outVar,
                               const AscendC::LocalTensor<float>& inMean,
                               const AscendC::LocalTensor<float>& inVar,
                               const AscendC::LocalTensor<int32_t>* counts,
                               const AscendC::LocalTensor<uint8_t>* tmp,
                               const AscendC::WelfordFinalizePara& para, bool isCorrection,
                               SrcLoc loc) {
  const char* api = "WelfordFinalize";
  Enter(api, loc);
  const uint32_t ab = para.abLength;
  if (ab == 0 || ab % 8 != 0) {
    Fail(ErrorKind::kAlignment, api, loc,
         "para.abLength " + std::to_string(ab) + " is not a positive multiple of 8 (32 bytes)");
  }
  if (uint64_t{para.headCountLength} + para.tailCountLength != ab) {
    Fail(ErrorKind::kParameter, api, loc,
         "para.headCountLength " + std::to_string(para.headCountLength) +
             " + para.tailCountLength " + std::to_string(para.tailCountLength) +
             " != para.abLength " + std::to_string(ab));
  }
  if (!kCounts && para.tailCount == 0 && para.tailCountLength != 0) {
    Fail(ErrorKind::kParameter, api, loc,
         "para.tailCount is 0 while para.tailCountLength is " +
             std::to_string(para.tailCountLength) + " (not allowed)");
  }
  const uint64_t ib = uint64_t{ab} * 4;
  CheckLocalOut(api, "outputMean", outMean, 32, loc);
  CheckLocalOut(api, "outputVariance", outVar, 32, loc);
  CheckLocal(api, "inputMean", inMean, ib, loc);
  CheckLocal(api, "inputVariance", inVar, ib, loc);
  if (counts != nullptr) CheckLocal(api, "counts", *counts, ib, loc);
  const void* outs[2] = {outMean.addr_, outVar.addr_};
  const char* outNames[2] = {"outputMean", "outputVariance"};
  if (BytesOverlap(outs[0], 32, outs[1], 32)) {
    Fail(ErrorKind::kParameter, api, loc, "outputMean and outputVariance overlap (not allowed)");
  }
  for (int o = 0; o < 2; ++o) {
    if (BytesOverlap(outs[o], 32, inMean.addr_, ib) || BytesOverlap(outs[o], 32, inVar.addr_, ib) ||
        (counts != nullptr && BytesOverlap(outs[o], 32, counts->addr_, ib))) {
      Fail(ErrorKind::kParameter, api, loc,
           std::string(outNames[o]) + " overlaps a source operand (not allowed)");
    }
  }
  CheckWelfordTmp(api, tmp, kWelfordFinalizeMinBytes, loc);

  const float* m = inMean.addr_;
  const float* v = inVar.addr_;
  const int32_t* c = counts != nullptr ? counts->addr_ : nullptr;
  const float rRec = para.rRec;
  (void)isCorrection;
  const float r = para.rRec;
  NumApi(
      api, loc,
      [&]() AICORE_LAMBDA_INLINE {
        float mean = 0, var = 0;
        if (kCounts) {
          mean = WelfordSum<true>(m, v, c, ab, [rRec](auto d, auto mv, auto, auto cv, size_t) {
            return whn::Mul(whn::Mul(mv, cv), whn::Set(d, rRec));
          });
          var = WelfordSum<true>(m, v, c, ab, [mean, r](auto d, auto mv, auto vv, auto cv, size_t) {
            const auto dm = whn::Sub(mv, whn::Set(d, mean));
            return whn::Mul(whn::Add(vv, whn::Mul(whn::Mul(dm, dm), cv)), whn::Set(d, r));
          });
        } else if (para.tailCount == 0 || para.tailCountLength == 0) {
          const float abRec = para.abRec;
          const float rn = static_cast<float>(para.rnLength);
          mean = WelfordSum<false>(m, v, c, ab, [abRec](auto d, auto mv, auto, auto, size_t) {
            return whn::Mul(mv, whn::Set(d, abRec));
          });
          var =
              WelfordSum<false>(m, v, c, ab, [mean, r, rn](auto d, auto mv, auto vv, auto, size_t) {
                const auto dm = whn::Sub(mv, whn::Set(d, mean));
                return whn::Mul(whn::Add(vv, whn::Mul(whn::Mul(dm, dm), whn::Set(d, rn))),
                                whn::Set(d, r));
              });
        } else {
          // c_j per lane: headCount below headCountLength, tailCount from there.
          const float hc = static_cast<float>(para.headCount),
                      tc = static_cast<float>(para.tailCount);
          const uint32_t hl = para.headCountLength;
          auto countOf = [hc, tc, hl](auto d, size_t i) {
            const whn::RebindToSigned<decltype(d)> di;
            const auto idx = whn::Add(whn::Iota(di, 0), whn::Set(di, static_cast<int32_t>(i)));
            const auto head =
                whn::RebindMask(d, whn::Lt(idx, whn::Set(di, static_cast<int32_t>(hl))));
            return whn::IfThenElse(head, whn::Set(d, hc), whn::Set(d, tc));
          };
          mean = WelfordSum<false>(
              m, v, c, ab, [rRec, countOf](auto d, auto mv, auto, auto, size_t i) {
                return whn::Mul(whn::Mul(mv, countOf(d, i)), whn::Set(d, rRec));
              });
          var = WelfordSum<false>(
              m, v, c, ab, [mean, r, countOf](auto d, auto mv, auto vv, auto, size_t i) {
                const auto dm = whn::Sub(mv, whn::Set(d, mean));
                return whn::Mul(whn::Add(vv, whn::Mul(whn::Mul(dm, dm), countOf(d, i))),
                                whn::Set(d, r));
              });
        }
        for (int k = 0; k < 8; ++k) {
          outMean.addr_[k] = k == 0 ? mean : 0.0f;
          outVar.addr_[k] = k == 0 ? var : 0.0f;
        }
      },
      [&](NumApiCall& nc) {
        nc.In("inputMean", m, ab), nc.In("inputVariance", v, ab), nc.Scalar("para.rRec", rRec);
        if (!kCounts) nc.Scalar("para.abRec", para.abRec);
        nc.Out("outputMean", outMean.addr_, 1), nc.Out("outputVariance", outVar.addr_, 1);
      });
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

template <typename T, typename U, bool isReuseSource = false,
          const WelfordUpdateConfig& config = WFUPDATE_DEFAULT_CFG>
inline void WelfordUpdate(const LocalTensor<U>& outputMean, const LocalTensor<U>& outputVariance,
                          const LocalTensor<U>& inputMean, const LocalTensor<U>& inputVariance,
                          const LocalTensor<T>& inputX, const LocalTensor<uint8_t>& sharedTmpBuffer,
                          const WelfordUpdateParam& para,
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::WelfordUpdateRun<T, U, config.isInplace>(outputMean, outputVariance, inputMean,
                                                           inputVariance, inputX, &sharedTmpBuffer,
                                                           para, isReuseSource, loc);
}

template <typename T, typename U, bool isReuseSource = false,
          const WelfordUpdateConfig& config = WFUPDATE_DEFAULT_CFG>
inline void WelfordUpdate(const LocalTensor<U>& outputMean, const LocalTensor<U>& outputVariance,
                          const LocalTensor<U>& inputMean, const LocalTensor<U>& inputVariance,
                          const LocalTensor<T>& inputX, const WelfordUpdateParam& para,
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::WelfordUpdateRun<T, U, config.isInplace>(
      outputMean, outputVariance, inputMean, inputVariance, inputX, nullptr, para, isReuseSource,
      loc);
}

template <bool isReuseSource = false, const WelfordFinalizeConfig& config = WFFINALIZE_DEFAULT_CFG>
inline void WelfordFinalize(const LocalTensor<float>& outputMean,
                            const LocalTensor<float>& outputVariance,
                            const LocalTensor<float>& inputMean,
                            const LocalTensor<float>& inputVariance,
                            const LocalTensor<uint8_t>& sharedTmpBuffer, WelfordFinalizePara& para,
                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(!config.isCorrection,
                "WelfordFinalize: isCorrection is an Ascend 950 option (the 910B profile has no "
                "rRecWithCorrection)");
  aicore::detail::WelfordFinalizeRun<false>(outputMean, outputVariance, inputMean, inputVariance,
                                            nullptr, &sharedTmpBuffer, para, config.isCorrection,
                                            loc);
}

template <bool isReuseSource = false, const WelfordFinalizeConfig& config = WFFINALIZE_DEFAULT_CFG>
inline void WelfordFinalize(const LocalTensor<float>& outputMean,
                            const LocalTensor<float>& outputVariance,
                            const LocalTensor<float>& inputMean,
                            const LocalTensor<float>& inputVariance,
                            const LocalTensor<int32_t>& counts,
                            const LocalTensor<uint8_t>& sharedTmpBuffer, WelfordFinalizePara& para,
                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(!config.isCorrection,
                "WelfordFinalize: isCorrection is an Ascend 950 option (the 910B profile has no "
                "rRecWithCorrection)");
  aicore::detail::WelfordFinalizeRun<true>(outputMean, outputVariance, inputMean, inputVariance,
                                           &counts, &sharedTmpBuffer, para, config.isCorrection,
                                           loc);
}

template <bool isReuseSource = false, const WelfordFinalizeConfig& config = WFFINALIZE_DEFAULT_CFG>
inline void WelfordFinalize(const LocalTensor<float>& outputMean,
                            const LocalTensor<float>& outputVariance,
                            const LocalTensor<float>& inputMean,
                            const LocalTensor<float>& inputVariance, WelfordFinalizePara& para,
                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(!config.isCorrection,
                "WelfordFinalize: isCorrection is an Ascend 950 option (the 910B profile has no "
                "rRecWithCorrection)");
  aicore::detail::WelfordFinalizeRun<false>(outputMean, outputVariance, inputMean, inputVariance,
                                            nullptr, nullptr, para, config.isCorrection, loc);
}

template <bool isReuseSource = false, const WelfordFinalizeConfig& config = WFFINALIZE_DEFAULT_CFG>
inline void WelfordFinalize(const LocalTensor<float>& outputMean,
                            const LocalTensor<float>& outputVariance,
                            const LocalTensor<float>& inputMean,
                            const LocalTensor<float>& inputVariance,
                            const LocalTensor<int32_t>& counts, WelfordFinalizePara& para,
                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(!config.isCorrection,
                "WelfordFinalize: isCorrection is an Ascend 950 option (the 910B profile has no "
                "rRecWithCorrection)");
  aicore::detail::WelfordFinalizeRun<true>(outputMean, outputVariance, inputMean, inputVariance,
                                           &counts, nullptr, para, config.isCorrection, loc);
}

AICORE_TARGET_END
}  // namespace AscendC
