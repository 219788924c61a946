// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The row reductions Sum and Mean of the advanced API (the vendor's
// adv_api/reduce/sum.h, mean.h and their _tiling.h), Ascend910B profile, half
// and float:
//
//   Sum<T, reduceDim = -1, isReuseSource = false, isBasicBlock = false>(
//       dstTensor, srcTensor[, sharedTmpBuffer], sumParams)
//   Mean<T, accType = T, isReuseSource = false, isBasicBlock = false,
//        reduceDim = -1>(dstTensor, srcTensor[, sharedTmpBuffer], meanParams)
//   SumParams / MeanParams {outter = 1, inner, n}: outter rows of inner
//     elements (inner = n rounded up to 32 bytes of T), n of them summed.
//   dst[r] = the sum (Mean: the mean) of src[r * inner .. r * inner + n).
//   GetSumMaxMinTmpSize(n, typeSize, isReuseSource, maxSize, minSize):
//     ceil(ceil(n / (256 / typeSize)) / (32 / typeSize)) * 32 bytes
//   GetMeanMaxMinTmpSize(n, srcTypeSize, accTypeSize, isReuseSource, max, min):
//     ceil(ceil(n / (256 / srcTypeSize)) / 32) * 32 bytes; half with a float
//     accType: ceil(ceil(n / 64) / 32) * 32 + 4 * inner
//   GetMeanTmpBufferFactorSize(typeSize, maxLiveNodeCount, extraBuffer): 1, 0
//   (the vendor's 910B values.)
//
// Numerics (bit-defined, as the NPU's documented order): each row is summed
// as the basic ReduceSum sums (ops/reduce.h: one binary tree of adjacent
// pairs over the n elements, every partial sum rounded to T; half sums
// therefore round at every level). Mean, as the vendor's: the sum times
// static_cast<T>(1.0f / n) (one multiplication of T); with accType float for
// half input, the elements are converted to float, summed in float, multiplied
// by 1.0f / n in float and rounded to half once. Against a float64 sum the
// error is within ceil(log2 n) rounding steps of T (the tree's depth) times
// the sum of |x|, plus one rounding for Mean's product and its reciprocal
// (test_reduce checks both: bit-exact against a scalar model of the tree,
// and within that bound of float64).
//
// Bad input raises KernelError naming the API and the values: outter 0, n
// outside [1, inner], inner other than n rounded up to 32 bytes, a source or
// destination smaller than the shape needs, a sharedTmpBuffer below the
// minimum of the tmp-size helper, overlapping operands (the vendor does not
// support src/dst or the buffer overlapping them). Unsupported types (T not
// half/float, accType narrower than T) are compile errors. The forms without
// a sharedTmpBuffer need none here (the vendor's take it from the UB the
// buffers leave free).
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/type_name.h"
#include "aicore/instrument/sanitizer/numeric_api.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/ops/reduce.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/target.h"

namespace AscendC {

struct SumParams {
  uint32_t outter = 1;
  uint32_t inner;
  uint32_t n;
};

struct MeanParams {
  uint32_t outter = 1;
  uint32_t inner;
  uint32_t n;
};

}  // namespace AscendC

namespace aicore {
namespace lib {

[[noreturn]] AICORE_COLD inline void FailReduceHost(const char* fn, const std::string& what,
                                                    SrcLoc loc) {
  detail::Fail(ErrorKind::kParameter, fn, loc, what);
}

inline uint32_t SumTmpBytes(uint32_t n, uint32_t typeSize) {
  const uint32_t per_rep = 256 / typeSize, per_blk = 32 / typeSize;
  const uint32_t reps = (n + per_rep - 1) / per_rep;
  return (reps + per_blk - 1) / per_blk * per_blk * typeSize;
}

inline uint32_t MeanTmpBytes(uint32_t n, uint32_t srcTypeSize, uint32_t accTypeSize) {
  if (srcTypeSize == 2 && accTypeSize == 4) {
    const uint32_t inner = (n * 2 + 31) / 32 * 32 / 2;
    return ((n + 63) / 64 + 31) / 32 * 32 + inner * 4;
  }
  const uint32_t reps = (n + 256 / srcTypeSize - 1) / (256 / srcTypeSize);
  return (reps + 31) / 32 * 32;
}

}  // namespace lib
}  // namespace aicore

namespace AscendC {

inline void GetSumMaxMinTmpSize(const uint32_t n, const uint32_t typeSize, const bool isReuseSource,
                                uint32_t& maxSize, uint32_t& minSize,
                                aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  (void)isReuseSource;  // not effective, as the vendor's
  const char* fn = "GetSumMaxMinTmpSize";
  if (typeSize != 2 && typeSize != 4) {
    aicore::lib::FailReduceHost(fn, "typeSize " + std::to_string(typeSize) +
                                        " is unsupported (2 for half, 4 for float)", loc);
  }
  if (n == 0) aicore::lib::FailReduceHost(fn, "n 0 (must be positive)", loc);
  maxSize = minSize = aicore::lib::SumTmpBytes(n, typeSize);
}

inline void GetMeanMaxMinTmpSize(const uint32_t n, const uint32_t srcTypeSize,
                                 const uint32_t accTypeSize, const bool isReuseSource,
                                 uint32_t& maxSize, uint32_t& minSize,
                                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  (void)isReuseSource;
  const char* fn = "GetMeanMaxMinTmpSize";
  const bool ok = (srcTypeSize == 2 && accTypeSize == 2) || (srcTypeSize == 4 && accTypeSize == 4) ||
                  (srcTypeSize == 2 && accTypeSize == 4);
  if (!ok) {
    aicore::lib::FailReduceHost(fn, "(srcTypeSize, accTypeSize) (" + std::to_string(srcTypeSize) +
                                        ", " + std::to_string(accTypeSize) +
                                        ") is unsupported: (2, 2), (4, 4) or (2, 4)", loc);
  }
  if (n == 0) aicore::lib::FailReduceHost(fn, "n 0 (must be positive)", loc);
  maxSize = minSize = aicore::lib::MeanTmpBytes(n, srcTypeSize, accTypeSize);
}

inline void GetMeanTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,
                                       uint32_t& extraBuffer) {
  (void)typeSize;
  maxLiveNodeCount = 1;
  extraBuffer = 0;
}

}  // namespace AscendC

namespace aicore {
namespace lib {
AICORE_TARGET_BEGIN

template <class T>
constexpr bool kReduceType = std::is_same_v<T, half> || std::is_same_v<T, float>;

// Checks one Sum/Mean call; returns after every check passed.
template <class T>
inline void CheckRowReduce(const char* api, const char* params, const AscendC::LocalTensor<T>& dst,
                           const AscendC::LocalTensor<T>& src,
                           const AscendC::LocalTensor<uint8_t>* tmp, uint32_t tmp_need,
                           const char* helper, uint32_t outter, uint32_t inner, uint32_t n,
                           SrcLoc loc) {
  namespace det = aicore::detail;
  const std::string p = params;
  if (AICORE_UNLIKELY(outter == 0)) {
    det::Fail(ErrorKind::kParameter, api, loc, p + ".outter is 0 (must be positive)");
  }
  if (AICORE_UNLIKELY(n == 0 || n > inner)) {
    det::Fail(ErrorKind::kParameter, api, loc,
              p + ".n " + std::to_string(n) + " is outside [1, inner = " + std::to_string(inner) + "]");
  }
  const uint64_t want_inner = (uint64_t{n} * sizeof(T) + 31) / 32 * 32 / sizeof(T);
  if (AICORE_UNLIKELY(inner != want_inner)) {
    det::Fail(ErrorKind::kParameter, api, loc,
              p + ".inner " + std::to_string(inner) + " is not n = " + std::to_string(n) +
                  " rounded up to 32 bytes of " + det::TypeName<T>() + " (" +
                  std::to_string(want_inner) + ")");
  }
  const uint64_t n_src = uint64_t{outter} * inner;
  if (AICORE_UNLIKELY(src.GetSize() < n_src)) {
    det::Fail(ErrorKind::kBounds, api, loc,
              "srcTensor holds " + std::to_string(src.GetSize()) + " " + det::TypeName<T>() +
                  " elements, fewer than the " + std::to_string(n_src) + " of outter " +
                  std::to_string(outter) + " x inner " + std::to_string(inner));
  }
  if (AICORE_UNLIKELY(dst.GetSize() < outter)) {
    det::Fail(ErrorKind::kBounds, api, loc,
              "dstTensor holds " + std::to_string(dst.GetSize()) + " " + det::TypeName<T>() +
                  " elements, fewer than the " + std::to_string(outter) + " results of outter rows");
  }
  det::CheckLocal(api, "src", src, n_src * sizeof(T), loc);
  det::CheckLocal(api, "dst", dst, uint64_t{outter} * sizeof(T), loc);
  if (AICORE_UNLIKELY(det::BytesOverlap(src.addr_, n_src * sizeof(T), dst.addr_,
                                        uint64_t{outter} * sizeof(T)))) {
    det::Fail(ErrorKind::kParameter, api, loc,
              "dstTensor overlaps srcTensor (the vendor does not support overlapping source and "
              "destination)");
  }
  if (tmp != nullptr) {
    det::CheckLocal(api, "sharedTmpBuffer", *tmp, tmp->GetSize(), loc, true, det::Pipe::kCount);
    if (AICORE_UNLIKELY(tmp->GetSize() < tmp_need)) {
      det::Fail(ErrorKind::kParameter, api, loc,
                "sharedTmpBuffer holds " + std::to_string(tmp->GetSize()) + " bytes, fewer than the " +
                    std::to_string(tmp_need) + " bytes " + helper + " gives as the minimum for n " +
                    std::to_string(n) + " of " + det::TypeName<T>());
    }
    if (AICORE_UNLIKELY(det::BytesOverlap(tmp->addr_, tmp->GetSize(), src.addr_, n_src * sizeof(T)) ||
                        det::BytesOverlap(tmp->addr_, tmp->GetSize(), dst.addr_,
                                          uint64_t{outter} * sizeof(T)))) {
      det::Fail(ErrorKind::kParameter, api, loc,
                "sharedTmpBuffer overlaps srcTensor or dstTensor (the temporary buffer must not "
                "share addresses with the operands)");
    }
  }
}

template <class T>
inline void SumRows(T* dst, const T* src, uint32_t outter, uint32_t inner, uint32_t n) {
  for (uint32_t r = 0; r < outter; ++r) dst[r] = simd::TreeSum<T>(src + size_t{r} * inner, n);
}

template <class T, class Acc>
inline void MeanRows(T* dst, const T* src, uint32_t outter, uint32_t inner, uint32_t n) {
  if constexpr (std::is_same_v<T, Acc>) {
    const T scale = static_cast<T>(1.0f / static_cast<float>(n));
    for (uint32_t r = 0; r < outter; ++r) {
      const T s = simd::TreeSum<T>(src + size_t{r} * inner, n);
      dst[r] = static_cast<T>(static_cast<float>(s) * static_cast<float>(scale));
    }
  } else {
    static thread_local std::vector<float> row;
    if (row.size() < n) row.resize(n);
    const float scale = 1.0f / static_cast<float>(n);
    for (uint32_t r = 0; r < outter; ++r) {
      const T* p = src + size_t{r} * inner;
      for (uint32_t i = 0; i < n; ++i) row[i] = static_cast<float>(p[i]);
      dst[r] = static_cast<T>(simd::TreeSum<float>(row.data(), n) * scale);
    }
  }
}

// numcheck of a row reduction (Sum, Mean): n of inner elements per row in,
// one result per row out.
template <class T, class Run>
AICORE_INLINE void NumRows(const char* api, SrcLoc loc, const T* dst, const T* src, uint32_t outter,
                           uint32_t inner, uint32_t n, const Run& run) {
  detail::NumApi(api, loc, run, [&](detail::NumApiCall& c) {
    c.In2D("srcTensor", src, outter, n, inner), c.Out("dstTensor", dst, outter);
  });
}

AICORE_TARGET_END
}  // namespace lib
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

template <typename T, int32_t reduceDim = -1, bool isReuseSource = false, bool isBasicBlock = false>
AICORE_INLINE void Sum(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                       const LocalTensor<uint8_t>& sharedTmpBuffer, const SumParams& sumParams,
                       aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kReduceType<T>, "Sum: T must be half or float");
  aicore::detail::Enter("Sum", loc);
  const uint32_t need = sumParams.n == 0 ? 0 : aicore::lib::SumTmpBytes(sumParams.n, sizeof(T));
  aicore::lib::CheckRowReduce("Sum", "sumParams", dstTensor, srcTensor, &sharedTmpBuffer, need,
                              "GetSumMaxMinTmpSize", sumParams.outter, sumParams.inner, sumParams.n,
                              loc);
  aicore::lib::NumRows("Sum", loc, dstTensor.addr_, srcTensor.addr_, sumParams.outter,
                       sumParams.inner, sumParams.n, [&]() AICORE_LAMBDA_INLINE {
                         aicore::lib::SumRows(dstTensor.addr_, srcTensor.addr_, sumParams.outter,
                                              sumParams.inner, sumParams.n);
                       });
}

template <typename T, int32_t reduceDim = -1, bool isReuseSource = false, bool isBasicBlock = false>
AICORE_INLINE void Sum(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                       const SumParams& sumParams, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kReduceType<T>, "Sum: T must be half or float");
  aicore::detail::Enter("Sum", loc);
  aicore::lib::CheckRowReduce("Sum", "sumParams", dstTensor, srcTensor, nullptr, 0, "",
                              sumParams.outter, sumParams.inner, sumParams.n, loc);
  aicore::lib::NumRows("Sum", loc, dstTensor.addr_, srcTensor.addr_, sumParams.outter,
                       sumParams.inner, sumParams.n, [&]() AICORE_LAMBDA_INLINE {
                         aicore::lib::SumRows(dstTensor.addr_, srcTensor.addr_, sumParams.outter,
                                              sumParams.inner, sumParams.n);
                       });
}

template <typename T, typename accType = T, bool isReuseSource = false, bool isBasicBlock = false,
          int32_t reduceDim = -1>
AICORE_INLINE void Mean(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                        const LocalTensor<uint8_t>& sharedTmpBuffer, const MeanParams& meanParams,
                        aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kReduceType<T>, "Mean: T must be half or float");
  static_assert(std::is_same_v<accType, T> || (std::is_same_v<T, half> && std::is_same_v<accType, float>),
                "Mean: accType must be T, or float for half T (never narrower than T)");
  aicore::detail::Enter("Mean", loc);
  const uint32_t need =
      meanParams.n == 0 ? 0 : aicore::lib::MeanTmpBytes(meanParams.n, sizeof(T), sizeof(accType));
  aicore::lib::CheckRowReduce("Mean", "meanParams", dstTensor, srcTensor, &sharedTmpBuffer, need,
                              "GetMeanMaxMinTmpSize", meanParams.outter, meanParams.inner,
                              meanParams.n, loc);
  aicore::lib::NumRows("Mean", loc, dstTensor.addr_, srcTensor.addr_, meanParams.outter,
                       meanParams.inner, meanParams.n, [&]() AICORE_LAMBDA_INLINE {
                         aicore::lib::MeanRows<T, accType>(dstTensor.addr_, srcTensor.addr_,
                                                           meanParams.outter, meanParams.inner,
                                                           meanParams.n);
                       });
}

template <typename T, typename accType = T, bool isReuseSource = false, bool isBasicBlock = false,
          int32_t reduceDim = -1>
AICORE_INLINE void Mean(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                        const MeanParams& meanParams, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kReduceType<T>, "Mean: T must be half or float");
  static_assert(std::is_same_v<accType, T> || (std::is_same_v<T, half> && std::is_same_v<accType, float>),
                "Mean: accType must be T, or float for half T (never narrower than T)");
  aicore::detail::Enter("Mean", loc);
  aicore::lib::CheckRowReduce("Mean", "meanParams", dstTensor, srcTensor, nullptr, 0, "",
                              meanParams.outter, meanParams.inner, meanParams.n, loc);
  aicore::lib::NumRows("Mean", loc, dstTensor.addr_, srcTensor.addr_, meanParams.outter,
                       meanParams.inner, meanParams.n, [&]() AICORE_LAMBDA_INLINE {
                         aicore::lib::MeanRows<T, accType>(dstTensor.addr_, srcTensor.addr_,
                                                           meanParams.outter, meanParams.inner,
                                                           meanParams.n);
                       });
}

AICORE_TARGET_END
}  // namespace AscendC
