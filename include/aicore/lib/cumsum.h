// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// CumSum of the advanced API (the vendor's lib/math/cumsum.h), Ascend910B
// profile, the line-by-line algorithm:
//
//   CumSum<T, config>(dstTensor, lastRowTensor, srcTensor[, sharedTmpBuffer], cumSumInfo)
//
// srcTensor holds cumSumInfo.outter rows of cumSumInfo.inner elements (T
// half or float; inner * sizeof(T) a multiple of 32 bytes). With
// config.isLastAxis (the default) each row is summed along itself:
// dst[i][j] = src[i][0] + ... + src[i][j]; otherwise along the first axis:
// dst[i][j] = src[0][j] + ... + src[i][j]. With config.outputLastRow,
// lastRowTensor receives the last line of the result: for the last axis
// each row's total (the last column, outter elements, as the vendor's
// example shows), for the first axis the last row (inner elements).
//
// Sums run in f32 in the documented order (one element or row after
// another), each output rounded once to T: so a half result is the f32
// prefix sum rounded, where the NPU may round each partial sum of a half
// row to half (not verified). The first axis is a straight Highway loop
// over each row (column blocks of 256 f32 sums on the stack); the last axis
// is a sequential scalar loop per row (a prefix sum along a row does not
// map onto the vector lanes without transposes).
//
// Bad input raises KernelError naming CumSum: outter or inner 0, inner *
// sizeof(T) not a multiple of 32, outter * inner beyond srcTensor or
// dstTensor, lastRowTensor smaller than what is written, a sharedTmpBuffer
// below GetCumSumMaxMinTmpSize's minimum or overlapping an operand, and the
// usual operand checks. defaultCumSumConfig is {true, false, true}
// (outputLastRow on), as the vendor's cumsum.h declares it.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/type_name.h"
#include "aicore/instrument/sanitizer/numeric_api.h"
#include "aicore/lib/activation.h"
#include "aicore/lib/math_tiling.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/simd.h"
#include "aicore/simd/target.h"

namespace aicore {
namespace lib {
AICORE_TARGET_BEGIN

[[noreturn]] AICORE_COLD inline void FailCumSumShape(const std::string& what, SrcLoc loc) {
  detail::Fail(ErrorKind::kParameter, "CumSum", loc, what);
}

// The first axis: dst row i = dst row i-1 + src row i, the running sums in
// f32 (a stack block of columns at a time).
template <class T>
HWY_NOINLINE void CumSumFirstAxis(T* dst, const T* src, uint32_t outter, uint32_t inner) {
  const simd::TagFor<T> d;
  const size_t N = hn::Lanes(d);
  constexpr size_t kBlock = 256;
  HWY_ALIGN float acc[kBlock];
  for (size_t j0 = 0; j0 < inner; j0 += kBlock) {
    const size_t w = inner - j0 < kBlock ? inner - j0 : kBlock;
    for (size_t j = 0; j < kBlock; ++j) acc[j] = 0.0f;
    for (size_t i = 0; i < outter; ++i) {
      const T* s = src + i * size_t{inner} + j0;
      T* o = dst + i * size_t{inner} + j0;
      size_t j = 0;
      for (; j + N <= w; j += N) {
        const auto v = hn::Add(hn::Load(d, acc + j), simd::LoadC(d, s + j));
        hn::Store(v, d, acc + j);
        simd::StoreC(d, v, o + j);
      }
      if (j < w) {  // the tail: staged through zero-padded vectors (acc has room: kBlock % N == 0)
        const size_t rem = w - j;
        HWY_ALIGN T out[simd::kMaxLanesBytes / sizeof(float)];
        const auto v = hn::Add(hn::Load(d, acc + j),
                               simd::LoadC(d, simd::Staged<T, simd::kMaxLanesBytes / sizeof(float)>(
                                                  s + j, rem).v));
        hn::Store(v, d, acc + j);
        simd::StoreC(d, v, out);
        std::memcpy(static_cast<void*>(o + j), out, rem * sizeof(T));
      }
    }
  }
}

// The last axis: a running f32 sum along each row.
template <class T>
HWY_NOINLINE void CumSumLastAxis(T* dst, const T* src, uint32_t outter, uint32_t inner) {
  for (size_t i = 0; i < outter; ++i) {
    const T* s = src + i * size_t{inner};
    T* o = dst + i * size_t{inner};
    float acc = 0.0f;
    for (size_t j = 0; j < inner; ++j) {
      acc += static_cast<float>(s[j]);
      o[j] = static_cast<T>(acc);
    }
  }
}

template <class T, bool kLastAxis, bool kLastRow>
AICORE_INLINE void CumSumRun(const AscendC::LocalTensor<T>& dst,
                             const AscendC::LocalTensor<T>& last,
                             const AscendC::LocalTensor<T>& src,
                             const AscendC::LocalTensor<uint8_t>* tmp,
                             const AscendC::CumSumInfo& info, SrcLoc loc) {
  constexpr const char* api = "CumSum";
  detail::Enter(api, loc);
  const uint32_t outter = info.outter, inner = info.inner;
  if (AICORE_UNLIKELY(outter == 0 || inner == 0)) {
    FailCumSumShape("cumSumInfo {outter " + std::to_string(outter) + ", inner " +
                        std::to_string(inner) + "}: both must be greater than 0",
                    loc);
  }
  if (AICORE_UNLIKELY((uint64_t{inner} * sizeof(T)) % 32 != 0)) {
    FailCumSumShape("cumSumInfo.inner " + std::to_string(inner) + " * sizeof(" +
                        detail::TypeName<T>() + ") = " + std::to_string(inner * sizeof(T)) +
                        " bytes is not a multiple of 32",
                    loc);
  }
  const uint64_t n = uint64_t{outter} * inner;
  if (AICORE_UNLIKELY(n > src.GetSize() || n > dst.GetSize())) {
    const bool s = n > src.GetSize();
    detail::Fail(ErrorKind::kBounds, api, loc,
                 "cumSumInfo {outter " + std::to_string(outter) + ", inner " +
                     std::to_string(inner) + "} covers " + std::to_string(n) +
                     " elements, more than the " +
                     std::to_string(s ? src.GetSize() : dst.GetSize()) + " " +
                     detail::TypeName<T>() + " elements of " + (s ? "srcTensor" : "dstTensor"));
  }
  detail::CheckLocal(api, "dst", dst, n * sizeof(T), loc);
  detail::CheckLocal(api, "src", src, n * sizeof(T), loc);
  const uint32_t last_n = kLastAxis ? outter : inner;
  if constexpr (kLastRow) {
    if (AICORE_UNLIKELY(last_n > last.GetSize())) {
      detail::Fail(ErrorKind::kBounds, api, loc,
                   "lastRowTensor holds " + std::to_string(last.GetSize()) + " " +
                       detail::TypeName<T>() + " elements, fewer than the " +
                       std::to_string(last_n) + " of the last " +
                       (kLastAxis ? "column (outter)" : "row (inner)"));
    }
    detail::CheckLocal(api, "dst", last, uint64_t{last_n} * sizeof(T), loc);
  }
  if (tmp != nullptr) {
    const uint64_t need64 = CumSumMinTmpBytes(outter, inner, sizeof(T), kLastAxis);
    const uint32_t need = need64 > 0xFFFFFFFFull ? 0xFFFFFFFFu : static_cast<uint32_t>(need64);
    CheckTmp(api, *tmp, need, "GetCumSumMaxMinTmpSize", dst, src,
             static_cast<uint32_t>(n), loc);
  }
  detail::NumApi(
      api, loc,
      [&]() AICORE_LAMBDA_INLINE {
        if constexpr (kLastAxis) {
          CumSumLastAxis(dst.addr_, src.addr_, outter, inner);
        } else {
          CumSumFirstAxis(dst.addr_, src.addr_, outter, inner);
        }
      },
      [&](detail::NumApiCall& c) {
        c.In("srcTensor", src.addr_, n), c.Out2D("dstTensor", dst.addr_, outter, inner, inner);
      });
  if constexpr (kLastRow) {
    T* o = last.addr_;
    if constexpr (kLastAxis) {
      for (uint32_t i = 0; i < outter; ++i) o[i] = dst.addr_[size_t{i} * inner + inner - 1];
    } else {
      const T* r = dst.addr_ + size_t{outter - 1} * inner;
      for (uint32_t j = 0; j < inner; ++j) o[j] = r[j];
    }
  }
}

AICORE_TARGET_END
}  // namespace lib
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

template <typename T, const CumSumConfig& config = defaultCumSumConfig>
AICORE_INLINE void CumSum(LocalTensor<T>& dstTensor, LocalTensor<T>& lastRowTensor,
                          const LocalTensor<T>& srcTensor, LocalTensor<uint8_t>& sharedTmpBuffer,
                          const CumSumInfo& cumSumInfo,
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kActivationType<T>, "CumSum: T must be half or float");
  aicore::lib::CumSumRun<T, config.isLastAxis, config.outputLastRow>(
      dstTensor, lastRowTensor, srcTensor, &sharedTmpBuffer, cumSumInfo, loc);
}
template <typename T, const CumSumConfig& config = defaultCumSumConfig>
AICORE_INLINE void CumSum(LocalTensor<T>& dstTensor, LocalTensor<T>& lastRowTensor,
                          const LocalTensor<T>& srcTensor, const CumSumInfo& cumSumInfo,
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kActivationType<T>, "CumSum: T must be half or float");
  aicore::lib::CumSumRun<T, config.isLastAxis, config.outputLastRow>(
      dstTensor, lastRowTensor, srcTensor, nullptr, cumSumInfo, loc);
}

AICORE_TARGET_END
}  // namespace AscendC
