// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// ReduceSum / ReduceMax / ReduceMin, count form. The result goes to dst[0];
// ReduceMax/Min with calIndex write the index of the (first) extreme element
// to dst[1] as the bit pattern of T (reinterpret dst as uint16_t for half,
// uint32_t for float to read it).
//
// Summation order: lane-wise f32 accumulation over the SIMD width, then a
// horizontal sum, rounded once to T. This is not the NPU's order (a tree
// within each 256-byte repeat); float results agree with an exact sum within
// count * 2^-24 relative to sum(|x|). NaN inputs to ReduceMax/Min are ignored.
#pragma once

#include <cstdint>
#include <cstring>
#include <limits>

#include "aicore/base/half.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/ops/simd.h"
#include "aicore/runtime/context.h"

namespace aicore {
namespace simd {

template <class T>
HWY_INLINE float SumF32(const T* p, size_t n) {
  const hn::ScalableTag<float> d;
  const size_t N = hn::Lanes(d);
  auto acc0 = hn::Zero(d);
  auto acc1 = hn::Zero(d);
  size_t i = 0;
  for (; i + 2 * N <= n; i += 2 * N) {
    acc0 = hn::Add(acc0, LoadC(d, p + i));
    acc1 = hn::Add(acc1, LoadC(d, p + i + N));
  }
  for (; i + N <= n; i += N) acc0 = hn::Add(acc0, LoadC(d, p + i));
  if (i < n) {
    HWY_ALIGN T t[kMaxLanesBytes / sizeof(float)] = {};
    std::memcpy(t, p + i, (n - i) * sizeof(T));
    acc1 = hn::Add(acc1, LoadC(d, t));
  }
  return hn::GetLane(hn::SumOfLanes(d, hn::Add(acc0, acc1)));
}

// Extreme value (max if kMax, else min) of p[0..n), n >= 1, NaNs ignored, and
// the index of its first occurrence.
template <bool kMax, class T>
HWY_INLINE float ExtremeF32(const T* p, size_t n, uint32_t* index) {
  const hn::ScalableTag<float> d;
  const size_t N = hn::Lanes(d);
  const float init = kMax ? -std::numeric_limits<float>::infinity()
                          : std::numeric_limits<float>::infinity();
  auto acc = hn::Set(d, init);
  auto pick = [&](decltype(acc) a, decltype(acc) v) {
    return kMax ? hn::IfThenElse(hn::Gt(v, a), v, a) : hn::IfThenElse(hn::Lt(v, a), v, a);
  };
  size_t i = 0;
  for (; i + N <= n; i += N) acc = pick(acc, LoadC(d, p + i));
  HWY_ALIGN T tail[kMaxLanesBytes / sizeof(float)];
  if (i < n) {
    for (size_t k = 0; k < N; ++k) tail[k] = static_cast<T>(init);
    std::memcpy(tail, p + i, (n - i) * sizeof(T));
    acc = pick(acc, LoadC(d, tail));
  }
  HWY_ALIGN float lanes[kMaxLanesBytes / sizeof(float)];
  hn::Store(acc, d, lanes);
  float best = lanes[0];
  for (size_t k = 1; k < N; ++k) {
    if (kMax ? lanes[k] > best : lanes[k] < best) best = lanes[k];
  }
  // First occurrence. The value returned is that element's own (best may be
  // a zero of the other sign: +0 and -0 compare equal).
  const auto target = hn::Set(d, best);
  for (i = 0; i + N <= n; i += N) {
    const intptr_t k = hn::FindFirstTrue(d, hn::Eq(LoadC(d, p + i), target));
    if (k >= 0) {
      *index = static_cast<uint32_t>(i + static_cast<size_t>(k));
      return static_cast<float>(p[*index]);
    }
  }
  for (; i < n; ++i) {
    if (static_cast<float>(p[i]) == best) {
      *index = static_cast<uint32_t>(i);
      return static_cast<float>(p[i]);
    }
  }
  *index = 0;  // every element was NaN
  return static_cast<float>(p[0]);
}

}  // namespace simd

namespace detail {

template <class T>
AICORE_INLINE void CheckReduce(const char* api, const AscendC::LocalTensor<T>& dst,
                               const AscendC::LocalTensor<T>& src,
                               const AscendC::LocalTensor<T>& tmp, int32_t count, uint32_t dst_elems,
                               SrcLoc loc) {
  Enter(api, loc);
  if (AICORE_UNLIKELY(count < 1)) {
    Fail(ErrorKind::kParameter, api, loc, "count " + std::to_string(count) + " must be at least 1");
  }
  CheckLocal(api, "dst", dst, dst_elems * sizeof(T), loc);
  CheckLocal(api, "src", src, static_cast<uint64_t>(count) * sizeof(T), loc);
  if (AICORE_UNLIKELY(tmp.buf_ == nullptr)) FailNullTensor(api, "sharedTmpBuffer", loc);
}

template <class T>
AICORE_INLINE void StoreIndex(T* dst, uint32_t index) {
  if constexpr (sizeof(T) == 2) {
    const uint16_t bits = static_cast<uint16_t>(index);
    std::memcpy(static_cast<void*>(dst), &bits, 2);
  } else {
    std::memcpy(static_cast<void*>(dst), &index, 4);
  }
}

}  // namespace detail
}  // namespace aicore

namespace AscendC {

template <typename T>
AICORE_INLINE void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                             const LocalTensor<T>& sharedTmpBuffer, const int32_t count,
                             aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kIsOneOf<T, half, float>, "ReduceSum: half or float");
  aicore::detail::CheckReduce("ReduceSum", dst, src, sharedTmpBuffer, count, 1, loc);
  dst.addr_[0] = static_cast<T>(aicore::simd::SumF32(src.addr_, static_cast<size_t>(count)));
}

template <typename T>
AICORE_INLINE void ReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                             const LocalTensor<T>& sharedTmpBuffer, const int32_t count,
                             bool calIndex = false, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kIsOneOf<T, half, float>, "ReduceMax: half or float");
  aicore::detail::CheckReduce("ReduceMax", dst, src, sharedTmpBuffer, count, calIndex ? 2 : 1, loc);
  uint32_t index = 0;
  const float v = aicore::simd::ExtremeF32<true>(src.addr_, static_cast<size_t>(count), &index);
  dst.addr_[0] = static_cast<T>(v);
  if (calIndex) aicore::detail::StoreIndex(dst.addr_ + 1, index);
}

template <typename T>
AICORE_INLINE void ReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                             const LocalTensor<T>& sharedTmpBuffer, const int32_t count,
                             bool calIndex = false, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kIsOneOf<T, half, float>, "ReduceMin: half or float");
  aicore::detail::CheckReduce("ReduceMin", dst, src, sharedTmpBuffer, count, calIndex ? 2 : 1, loc);
  uint32_t index = 0;
  const float v = aicore::simd::ExtremeF32<false>(src.addr_, static_cast<size_t>(count), &index);
  dst.addr_[0] = static_cast<T>(v);
  if (calIndex) aicore::detail::StoreIndex(dst.addr_ + 1, index);
}

}  // namespace AscendC
