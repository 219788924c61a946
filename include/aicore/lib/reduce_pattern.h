// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The pattern reductions of the advanced API (the vendor's adv_api/reduce/
// reduce.h, reduce_common.h and reduce_xor_sum.h), Ascend910B (Atlas A2)
// profile:
//
//   ReduceSum / ReduceMean / ReduceMax / ReduceMin / ReduceProd / ReduceAny /
//   ReduceAll <T, pattern, isReuseSource = false>(
//       dstTensor, srcTensor[, sharedTmpBuffer], srcShape, srcInnerPad)
//     pattern: AscendC::Pattern::Reduce::AR or ::RA (the two the 910B has;
//       any other type is a compile error). srcShape: uint32_t[2], the
//       logical (first, last) dimensions; the last axis is stored padded to
//       32 bytes: inner = ceil(last * sizeof(T) / 32) * 32 / sizeof(T), so
//       src holds first x inner elements. srcInnerPad: only true (the 910B
//       supports nothing else; false is a KernelError).
//     AR: dst[i] = op(src[i * inner + k], k < last), i < first (first results).
//     RA: dst[j] = op(src[i * inner + j], i < first), j < last (last results).
//     Types (the 910B's): Sum, Mean, Prod float; Max, Min half and float;
//       Any, All uint8_t and float (inputs 0 or 1, as the vendor requires:
//       Any is the maximum, All the minimum, as the vendor computes them).
//     isReuseSource: accepted, without effect (the CPU needs no staging).
//   ReduceXorSum<T = int16_t, isReuseSource = false>(
//       dstTensor, src0Tensor, src1Tensor[, sharedTmpBuffer], calCount)
//     dst[0] = the sum of (src0[i] ^ src1[i]), i < calCount, as the NPU
//     computes it: each xor converted to float, summed in the basic
//     ReduceSum's tree order in float, rounded to nearest and saturated to
//     [-32768, 32767]. (Exactly the integer sum while partial sums stay below
//     2^24 in magnitude, i.e. always for calCount <= 512.)
//   Host: GetReduceXorSumMaxMinTmpSize(srcShape, typeSize, isReuseSource,
//     max, min) here; GetReduce{Sum,Mean,Max,Min,Prod,Any,All}MaxMinTmpSize
//     (they take a ge::DataType) in aicore/op/reduce_tiling.h.
//   Temporary space: the vendor's host formulas are not in its public
//     reference; the values here are this implementation's: min 32 bytes
//     (one block), max = the padded source (first x inner x sizeof(T),
//     rounded up to 32 bytes; what a staging copy of the tile takes) for the
//     pattern reductions; for ReduceXorSum min = max = calCount x 4 bytes
//     (the float copy of the xors) rounded up to 32. A sharedTmpBuffer below
//     the minimum is a KernelError. The CPU uses none of it.
//
// Numerics and order (bit-defined; test_reduce_pattern checks each against
// a scalar model and against float64):
//   * Sum, Mean, Prod, AR: 64 partials per row, partial k folding the
//     elements i = k mod 64 in order (an empty partial is 0, for Prod 1),
//     then halved: for w = 32, 16, ..., 1, partial k += partial k + w
//     (Prod: *=); the row's result is partial 0 (RowFold64; the same order on
//     every target, the lanes of the vectors being the partials). Sum:
//     |err| <= (ceil(last / 64) + 5) * 2^-24 * sum|x| against float64.
//     RA: rows added (multiplied) in order, dst = ((x0 + x1) + x2) + ...,
//     |err| <= (first - 1) * 2^-24 * sum|x|. Mean: the sum times (1.0f / n)
//     in float (one more rounding). Prod: relative error <= (n - 1) * 2^-24
//     (first order) while no partial product over- or underflows.
//     (The vendor's algorithm for these differs and is not bit-reproduced:
//     its AR sums fold a row with vector adds and pair reductions.)
//   * Max, Min, Any, All: exact (order-free), except the sign of a zero
//     result when +0 and -0 meet, and NaN inputs (unspecified, as on the NPU).
//
// Bad input raises KernelError naming the API and the values: srcShape a
// null pointer or with a zero dimension, srcInnerPad false, a source or
// destination smaller than the shape needs, a sharedTmpBuffer below the
// minimum, overlapping operands (the vendor supports none), calCount 0 or
// beyond a source. Unsupported types and patterns are compile errors.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/type_name.h"
#include "aicore/instrument/sanitizer/numeric_api.h"
#include "aicore/lib/tensor_shape.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/ops/reduce.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/simd.h"
#include "aicore/simd/target.h"

namespace AscendC {
namespace Pattern {
namespace Reduce {
struct AR {};
struct RA {};
}  // namespace Reduce
}  // namespace Pattern

#ifndef ASCC_ENUM_REDUCEPATTERN
#define ASCC_ENUM_REDUCEPATTERN
enum class ReducePattern : uint32_t {
  AR = 0,
  RA = 1,
  R,
  ARA,
  ARAR,
  ARARA,
  ARARAR,
  ARARARA,
  ARARARAR,
  ARARARARA,
  RAR,
  RARA,
  RARAR,
  RARARA,
  RARARAR,
  RARARARA,
};
#endif  // ASCC_ENUM_REDUCEPATTERN
}  // namespace AscendC

namespace aicore {
namespace lib {

enum class PatOp { kSum, kMean, kMax, kMin, kProd, kAny, kAll };

// The padded inner axis (last rounded up to 32 bytes of a typeSize-byte T).
inline uint64_t PatternInner(uint64_t last, uint32_t typeSize) {
  return (last * typeSize + 31) / 32 * 32 / typeSize;
}

// The temporary bytes a pattern reduction needs on the 910B generation: the
// formulas of the vendor's host helpers (Get<Api>MaxMinTmpSize, max = min).
// k is the largest power of two <= first (AR: last), halved when it is that
// dimension itself and first > 1. typeSize 1 for ReduceAny / ReduceAll of
// uint8_t. aicore's kernels need no temporary buffer; they check that the
// one passed holds this.
inline uint64_t PatternTmpBytes(PatOp op, uint32_t typeSize, bool ar, uint64_t first, uint64_t last,
                                bool isReuseSource) {
  auto halfK = [first](uint64_t n) {
    uint64_t k = 1;
    while (k * 2 <= n) k *= 2;
    return (k == n && first > 1) ? k / 2 : k;
  };
  auto up32 = [](uint64_t bytes) { return (bytes + 31) / 32 * 32; };
  switch (op) {
    case PatOp::kSum:
    case PatOp::kMean:  // float
      if (isReuseSource) return 0;
      if (ar) return last <= 64 ? 0 : first * halfK(last) * 4;
      return halfK(first) * ((last + 7) / 8 * 8) * 4;
    case PatOp::kProd:  // float
      if (isReuseSource) return ar ? 256 : 0;
      if (ar) return (std::max<uint64_t>(8, halfK(last)) + first * 8) * 4 + 256;
      return halfK(first) * up32(last * 4);
    default:
      break;
  }
  if (typeSize == 1) {  // ReduceAny / ReduceAll of uint8_t
    if (ar) return up32(last) * 2 + first * 32;
    return isReuseSource ? 0 : halfK(first) * up32(last);
  }
  // ReduceMax / ReduceMin, ReduceAny / ReduceAll of float.
  if (isReuseSource) return 0;
  if (ar) {
    const uint64_t perBlock = 32 / typeSize, perRepeat = 256 / typeSize;
    if (last <= perBlock) return 0;
    return first * (last < perRepeat ? perBlock : perRepeat) * typeSize;
  }
  return halfK(first) * up32(last * typeSize);
}

inline uint64_t XorSumTmpBytes(uint64_t n) { return std::max<uint64_t>(32, (n * 4 + 31) / 32 * 32); }

[[noreturn]] AICORE_COLD inline void FailPatternHost(const char* fn, const std::string& what,
                                                     SrcLoc loc) {
  detail::Fail(ErrorKind::kParameter, fn, loc, what);
}

}  // namespace lib
}  // namespace aicore

namespace AscendC {

inline void GetReduceXorSumMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                         const bool isReuseSource, uint32_t& maxValue,
                                         uint32_t& minValue,
                                         aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  (void)isReuseSource;
  const char* fn = "GetReduceXorSumMaxMinTmpSize";
  if (typeSize != 2) {
    aicore::lib::FailPatternHost(fn, "typeSize " + std::to_string(typeSize) +
                                         " is unsupported (2: ReduceXorSum takes int16_t)", loc);
  }
  const int64_t n = srcShape.GetShapeSize();
  if (n <= 0) {
    aicore::lib::FailPatternHost(fn, "srcShape has " + std::to_string(n) +
                                         " elements (must be positive)", loc);
  }
  maxValue = minValue = static_cast<uint32_t>(aicore::lib::XorSumTmpBytes(static_cast<uint64_t>(n)));
}

}  // namespace AscendC

namespace aicore {
namespace lib {
AICORE_TARGET_BEGIN

namespace hn = hwy::HWY_NAMESPACE;

template <PatOp op>
constexpr const char* PatName() {
  switch (op) {
    case PatOp::kSum: return "ReduceSum";
    case PatOp::kMean: return "ReduceMean";
    case PatOp::kMax: return "ReduceMax";
    case PatOp::kMin: return "ReduceMin";
    case PatOp::kProd: return "ReduceProd";
    case PatOp::kAny: return "ReduceAny";
    default: return "ReduceAll";
  }
}

template <PatOp op, class T>
constexpr bool PatTypeOk() {
  if constexpr (op == PatOp::kSum || op == PatOp::kMean || op == PatOp::kProd) {
    return std::is_same_v<T, float>;
  } else if constexpr (op == PatOp::kMax || op == PatOp::kMin) {
    return std::is_same_v<T, float> || std::is_same_v<T, half>;
  } else {
    return std::is_same_v<T, float> || std::is_same_v<T, uint8_t>;
  }
}

template <class P>
constexpr bool kPatternOk =
    std::is_same_v<P, AscendC::Pattern::Reduce::AR> || std::is_same_v<P, AscendC::Pattern::Reduce::RA>;

// Checks one pattern reduction; returns (first, last, inner) after every
// check passed.
template <class T>
inline void CheckPattern(const char* api, PatOp op, bool ar, bool reuse, const AscendC::LocalTensor<T>& dst,
                         const AscendC::LocalTensor<T>& src, const AscendC::LocalTensor<uint8_t>* tmp,
                         const uint32_t* shape, bool pad, SrcLoc loc, uint32_t& first,
                         uint32_t& last, uint64_t& inner) {
  namespace det = aicore::detail;
  if (AICORE_UNLIKELY(shape == nullptr)) {
    det::Fail(ErrorKind::kParameter, api, loc, "srcShape is a null pointer (must hold 2 dimensions)");
  }
  first = shape[0];
  last = shape[1];
  const std::string shp = "srcShape (" + std::to_string(first) + ", " + std::to_string(last) + ")";
  const char* pat = ar ? "AR" : "RA";
  if (AICORE_UNLIKELY(first == 0 || last == 0)) {
    det::Fail(ErrorKind::kParameter, api, loc, shp + " has a zero dimension (both must be positive)");
  }
  if (AICORE_UNLIKELY(!pad)) {
    det::Fail(ErrorKind::kParameter, api, loc,
              "srcInnerPad false is unsupported on the 910B (Atlas A2 supports only true: the "
              "last axis of " + shp + " stored padded to 32 bytes)");
  }
  inner = PatternInner(last, sizeof(T));
  const uint64_t n_src = uint64_t{first} * inner;
  const uint64_t n_dst = ar ? first : last;
  if (AICORE_UNLIKELY(src.GetSize() < n_src)) {
    det::Fail(ErrorKind::kBounds, api, loc,
              "srcTensor holds " + std::to_string(src.GetSize()) + " " + det::TypeName<T>() +
                  " elements, fewer than the " + std::to_string(n_src) + " of " + shp +
                  " with the last axis padded to 32 bytes (" + std::to_string(first) + " x " +
                  std::to_string(inner) + ")");
  }
  if (AICORE_UNLIKELY(dst.GetSize() < n_dst)) {
    det::Fail(ErrorKind::kBounds, api, loc,
              "dstTensor holds " + std::to_string(dst.GetSize()) + " " + det::TypeName<T>() +
                  " elements, fewer than the " + std::to_string(n_dst) + " results of pattern " +
                  pat + " over " + shp);
  }
  det::CheckLocal(api, "src", src, n_src * sizeof(T), loc);
  det::CheckLocal(api, "dst", dst, n_dst * sizeof(T), loc);
  if (AICORE_UNLIKELY(det::BytesOverlap(src.addr_, n_src * sizeof(T), dst.addr_, n_dst * sizeof(T)))) {
    det::Fail(ErrorKind::kParameter, api, loc,
              "dstTensor overlaps srcTensor (the vendor does not support overlapping source and "
              "destination)");
  }
  if (tmp != nullptr) {
    det::CheckLocal(api, "sharedTmpBuffer", *tmp, tmp->GetSize(), loc, true, det::Pipe::kCount);
    const uint64_t tmp_need = PatternTmpBytes(op, sizeof(T), ar, first, last, reuse);
    if (AICORE_UNLIKELY(tmp->GetSize() < tmp_need)) {
      det::Fail(ErrorKind::kParameter, api, loc,
                "sharedTmpBuffer holds " + std::to_string(tmp->GetSize()) + " bytes, fewer than the " +
                    std::to_string(tmp_need) + " bytes Get" + std::string(api) +
                    "MaxMinTmpSize gives as the minimum for " + shp);
    }
    if (AICORE_UNLIKELY(det::BytesOverlap(tmp->addr_, tmp->GetSize(), src.addr_, n_src * sizeof(T)) ||
                        det::BytesOverlap(tmp->addr_, tmp->GetSize(), dst.addr_, n_dst * sizeof(T)))) {
      det::Fail(ErrorKind::kParameter, api, loc,
                "sharedTmpBuffer overlaps srcTensor or dstTensor (the temporary buffer must not "
                "share addresses with the operands)");
    }
  }
}

// Max (kMax) or min of p[0, n), n >= 1: a vector pass with four
// accumulators, the tail as one overlapping vector (max and min are
// idempotent), then the lanes.
template <bool kMax, class T>
HWY_INLINE T RowExtreme(const T* p, uint32_t n) {
  using C = simd::ComputeT<T>;
  const simd::TagFor<T> d;
  const size_t N = hn::Lanes(d);
  auto pick = [](C a, C b) { return kMax ? (b > a ? b : a) : (b < a ? b : a); };
  auto op = [](auto a, auto b) { return kMax ? hn::Max(a, b) : hn::Min(a, b); };
  if (n < N) {
    C best = static_cast<C>(p[0]);
    for (uint32_t i = 1; i < n; ++i) best = pick(best, static_cast<C>(p[i]));
    return static_cast<T>(best);
  }
  auto a0 = simd::LoadC(d, p), a1 = a0, a2 = a0, a3 = a0;
  size_t i = N;
  for (; i + 4 * N <= n; i += 4 * N) {
    a0 = op(a0, simd::LoadC(d, p + i));
    a1 = op(a1, simd::LoadC(d, p + i + N));
    a2 = op(a2, simd::LoadC(d, p + i + 2 * N));
    a3 = op(a3, simd::LoadC(d, p + i + 3 * N));
  }
  for (; i + N <= n; i += N) a0 = op(a0, simd::LoadC(d, p + i));
  if (i < n) a1 = op(a1, simd::LoadC(d, p + n - N));
  const auto acc = op(op(a0, a1), op(a2, a3));
  HWY_ALIGN C lanes[simd::kMaxLanesBytes / sizeof(C)];
  hn::Store(acc, d, lanes);
  C best = lanes[0];
  for (size_t l = 1; l < N; ++l) best = pick(best, lanes[l]);
  return static_cast<T>(best);
}

// Sum (kMul false) or product of p[0, n), n >= 1, in the documented order:
// 64 partials, partial k folding the elements i = k mod 64 in order (a
// partial with no element is 0, or 1 for the product), then halved: for
// w = 32, 16, ..., 1, partial k (k < w) = op(partial k, partial k + w).
// The result is partial 0. Vector lanes hold the partials, so the order is
// the same on every target.
template <bool kMul>
HWY_INLINE float RowFold64(const float* HWY_RESTRICT p, uint32_t n) {
  HWY_ALIGN float acc[64];
  auto op = [](float a, float b) { return kMul ? a * b : a + b; };
  uint32_t i = 0;
  if (n < 64) {
    for (uint32_t k = 0; k < 64; ++k) acc[k] = k < n ? p[k] : (kMul ? 1.0f : 0.0f);
    i = n;
  } else {
#if !HWY_HAVE_SCALABLE && HWY_TARGET != HWY_SCALAR
    const hn::ScalableTag<float> d;
    constexpr size_t N = HWY_MAX_BYTES / sizeof(float);
    static_assert(64 % N == 0, "64 partials over whole vectors");
    constexpr size_t kV = 64 / N;
    hn::Vec<decltype(d)> v[kV];
    for (size_t j = 0; j < kV; ++j) v[j] = hn::LoadU(d, p + j * N);
    for (i = 64; i + 64 <= n; i += 64) {
      for (size_t j = 0; j < kV; ++j) {
        const auto x = hn::LoadU(d, p + i + j * N);
        v[j] = kMul ? hn::Mul(v[j], x) : hn::Add(v[j], x);
      }
    }
    for (size_t j = 0; j < kV; ++j) hn::Store(v[j], d, acc + j * N);
    if (i == n) {  // no tail: the halving levels of w >= N as vector operations
      uint32_t w = 32;
      for (; w >= N; w /= 2) {
        for (size_t j = 0; j < w; j += N) {
          const auto a = hn::Load(d, acc + j), b = hn::Load(d, acc + j + w);
          hn::Store(kMul ? hn::Mul(a, b) : hn::Add(a, b), d, acc + j);
        }
      }
      for (; w >= 1; w /= 2) {
        for (uint32_t k = 0; k < w; ++k) acc[k] = op(acc[k], acc[k + w]);
      }
      return acc[0];
    }
#else
    for (uint32_t k = 0; k < 64; ++k) acc[k] = p[k];
    for (i = 64; i + 64 <= n; i += 64) {
      for (uint32_t k = 0; k < 64; ++k) acc[k] = op(acc[k], p[i + k]);
    }
#endif
  }
  for (uint32_t k = 0; i + k < n; ++k) acc[k] = op(acc[k], p[i + k]);
  for (uint32_t w = 32; w >= 1; w /= 2) {
    for (uint32_t k = 0; k < w; ++k) acc[k] = op(acc[k], acc[k + w]);
  }
  return acc[0];
}

template <PatOp op, class T>
inline void PatternAR(T* dst, const T* src, uint32_t first, uint32_t last, uint64_t inner) {
  for (uint32_t r = 0; r < first; ++r) {
    const T* p = src + r * inner;
    if constexpr (op == PatOp::kSum) {
      dst[r] = RowFold64<false>(p, last);
    } else if constexpr (op == PatOp::kMean) {
      dst[r] = RowFold64<false>(p, last) * (1.0f / static_cast<float>(last));
    } else if constexpr (op == PatOp::kProd) {
      dst[r] = RowFold64<true>(p, last);
    } else {
      dst[r] = RowExtreme<op == PatOp::kMax || op == PatOp::kAny>(p, last);
    }
  }
}

// RA: dst[j] = op over the rows in order. Rows are taken eight at a time:
// each vector of dst columns is loaded once, combined with the eight rows'
// vectors in row order and stored (the order per column stays row 0, 1, 2,
// ...); the columns past the last whole vector one at a time.
template <PatOp op, class T>
inline void PatternRA(T* dst, const T* src, uint32_t first, uint32_t last, uint64_t inner) {
  using C = simd::ComputeT<T>;
  const simd::TagFor<T> d;
  const size_t N = hn::Lanes(d);
  auto vop = [](auto a, auto b) {
    if constexpr (op == PatOp::kSum || op == PatOp::kMean) {
      return hn::Add(a, b);
    } else if constexpr (op == PatOp::kProd) {
      return hn::Mul(a, b);
    } else if constexpr (op == PatOp::kMax || op == PatOp::kAny) {
      return hn::Max(a, b);
    } else {
      return hn::Min(a, b);
    }
  };
  auto sop = [](C a, C b) -> C {
    if constexpr (op == PatOp::kSum || op == PatOp::kMean) {
      return a + b;
    } else if constexpr (op == PatOp::kProd) {
      return a * b;
    } else if constexpr (op == PatOp::kMax || op == PatOp::kAny) {
      return b > a ? b : a;
    } else {
      return b < a ? b : a;
    }
  };
  const size_t vec_end = last / N * N;
  constexpr uint32_t kRows = 8;
  for (uint32_t r0 = 0; r0 < first; r0 += kRows) {
    const uint32_t r1 = std::min(first, r0 + kRows);
    for (size_t j = 0; j < vec_end; j += N) {
      auto a = simd::LoadC(d, r0 == 0 ? src + j : dst + j);
      for (uint32_t r = r0 == 0 ? 1 : r0; r < r1; ++r) a = vop(a, simd::LoadC(d, src + r * inner + j));
      simd::StoreC(d, a, dst + j);
    }
  }
  for (size_t j = vec_end; j < last; ++j) {
    C a = static_cast<C>(src[j]);
    for (uint32_t r = 1; r < first; ++r) a = sop(a, static_cast<C>(src[r * inner + j]));
    dst[j] = static_cast<T>(a);
  }
  if constexpr (op == PatOp::kMean) {
    const float scale = 1.0f / static_cast<float>(first);
    for (uint32_t j = 0; j < last; ++j) dst[j] *= scale;
  }
}

template <PatOp op, class T, class pattern, bool isReuseSource = false>
inline void PatternReduce(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                          const AscendC::LocalTensor<uint8_t>* tmp, const uint32_t* srcShape,
                          bool srcInnerPad, SrcLoc loc) {
  static_assert(kPatternOk<pattern>,
                "pattern must be AscendC::Pattern::Reduce::AR or ::RA (the 910B supports those)");
  static_assert(PatTypeOk<op, T>(),
                "unsupported T on the 910B: ReduceSum/ReduceMean/ReduceProd take float, "
                "ReduceMax/ReduceMin half or float, ReduceAny/ReduceAll uint8_t or float");
  constexpr bool ar = std::is_same_v<pattern, AscendC::Pattern::Reduce::AR>;
  const char* api = PatName<op>();
  aicore::detail::Enter(api, loc);
  uint32_t first = 0, last = 0;
  uint64_t inner = 0;
  CheckPattern(api, op, ar, isReuseSource, dst, src, tmp, srcShape, srcInnerPad, loc, first, last, inner);
  aicore::detail::NumApi(
      api, loc,
      [&]() AICORE_LAMBDA_INLINE {
        if constexpr (ar) {
          PatternAR<op>(dst.addr_, src.addr_, first, last, inner);
        } else {
          PatternRA<op>(dst.addr_, src.addr_, first, last, inner);
        }
      },
      [&](aicore::detail::NumApiCall& c) {
        c.In2D("srcTensor", src.addr_, first, last, inner);
        c.Out("dstTensor", dst.addr_, ar ? first : last);
      });
}

// ReduceXorSum's value: the xors in float, tree-summed, rounded, saturated.
inline int16_t XorSumValue(const int16_t* a, const int16_t* b, uint32_t n) {
  static thread_local std::vector<float> x;
  if (x.size() < n) x.resize(n);
  for (uint32_t i = 0; i < n; ++i) x[i] = static_cast<float>(static_cast<int16_t>(a[i] ^ b[i]));
  const float s = std::nearbyint(simd::TreeSum<float>(x.data(), n));
  return static_cast<int16_t>(std::min(32767.0f, std::max(-32768.0f, s)));
}

template <class T>
inline void XorSumImpl(AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
                       const AscendC::LocalTensor<T>& src1, const AscendC::LocalTensor<uint8_t>* tmp,
                       uint32_t calCount, SrcLoc loc) {
  static_assert(std::is_same_v<T, int16_t>, "ReduceXorSum: T must be int16_t (the 910B's type)");
  namespace det = aicore::detail;
  const char* api = "ReduceXorSum";
  det::Enter(api, loc);
  if (AICORE_UNLIKELY(calCount == 0)) {
    det::Fail(ErrorKind::kParameter, api, loc, "calCount 0 (must be positive)");
  }
  const AscendC::LocalTensor<T>* srcs[2] = {&src0, &src1};
  const char* names[2] = {"src0Tensor", "src1Tensor"};
  for (int k = 0; k < 2; ++k) {
    if (AICORE_UNLIKELY(srcs[k]->GetSize() < calCount)) {
      det::Fail(ErrorKind::kBounds, api, loc,
                std::string(names[k]) + " holds " + std::to_string(srcs[k]->GetSize()) +
                    " int16_t elements, fewer than calCount " + std::to_string(calCount));
    }
  }
  if (AICORE_UNLIKELY(dst.GetSize() < 1)) {
    det::Fail(ErrorKind::kBounds, api, loc, "dstTensor holds no element (needs 1 for the result)");
  }
  const uint64_t nb = uint64_t{calCount} * sizeof(T);
  det::CheckLocal(api, "src0", src0, nb, loc);
  det::CheckLocal(api, "src1", src1, nb, loc);
  det::CheckLocal(api, "dst", dst, sizeof(T), loc);
  if (AICORE_UNLIKELY(det::BytesOverlap(dst.addr_, sizeof(T), src0.addr_, nb) ||
                      det::BytesOverlap(dst.addr_, sizeof(T), src1.addr_, nb))) {
    det::Fail(ErrorKind::kParameter, api, loc,
              "dstTensor overlaps src0Tensor or src1Tensor (the vendor does not support "
              "overlapping source and destination)");
  }
  if (tmp != nullptr) {
    det::CheckLocal(api, "sharedTmpBuffer", *tmp, tmp->GetSize(), loc, true, det::Pipe::kCount);
    const uint64_t need = XorSumTmpBytes(calCount);
    if (AICORE_UNLIKELY(tmp->GetSize() < need)) {
      det::Fail(ErrorKind::kParameter, api, loc,
                "sharedTmpBuffer holds " + std::to_string(tmp->GetSize()) + " bytes, fewer than the " +
                    std::to_string(need) +
                    " bytes GetReduceXorSumMaxMinTmpSize gives as the minimum for calCount " +
                    std::to_string(calCount));
    }
    if (AICORE_UNLIKELY(det::BytesOverlap(tmp->addr_, tmp->GetSize(), src0.addr_, nb) ||
                        det::BytesOverlap(tmp->addr_, tmp->GetSize(), src1.addr_, nb) ||
                        det::BytesOverlap(tmp->addr_, tmp->GetSize(), dst.addr_, sizeof(T)))) {
      det::Fail(ErrorKind::kParameter, api, loc,
                "sharedTmpBuffer overlaps a source or dstTensor (the temporary buffer must not "
                "share addresses with the operands)");
    }
  }
  dst.addr_[0] = XorSumValue(src0.addr_, src1.addr_, calCount);
}

AICORE_TARGET_END
}  // namespace lib
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

#define AICORE_PATTERN_REDUCE_API(NAME, OP)                                                        \
  template <class T, class pattern, bool isReuseSource = false>                                   \
  AICORE_INLINE void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,       \
                          const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t srcShape[], \
                          bool srcInnerPad, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {     \
    aicore::lib::PatternReduce<aicore::lib::PatOp::OP, T, pattern, isReuseSource>(                \
        dstTensor, srcTensor, &sharedTmpBuffer, srcShape, srcInnerPad, loc);                      \
  }                                                                                               \
  template <class T, class pattern, bool isReuseSource = false>                                   \
  AICORE_INLINE void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,       \
                          const uint32_t srcShape[], bool srcInnerPad,                            \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                       \
    aicore::lib::PatternReduce<aicore::lib::PatOp::OP, T, pattern, isReuseSource>(               \
        dstTensor, srcTensor, nullptr, srcShape, srcInnerPad, loc);                               \
  }

AICORE_PATTERN_REDUCE_API(ReduceSum, kSum)
AICORE_PATTERN_REDUCE_API(ReduceMean, kMean)
AICORE_PATTERN_REDUCE_API(ReduceMax, kMax)
AICORE_PATTERN_REDUCE_API(ReduceMin, kMin)
AICORE_PATTERN_REDUCE_API(ReduceProd, kProd)
AICORE_PATTERN_REDUCE_API(ReduceAny, kAny)
AICORE_PATTERN_REDUCE_API(ReduceAll, kAll)

#undef AICORE_PATTERN_REDUCE_API

template <typename T, bool isReuseSource = false>
AICORE_INLINE void ReduceXorSum(LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                                const LocalTensor<T>& src1Tensor,
                                LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount,
                                aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::lib::XorSumImpl(dstTensor, src0Tensor, src1Tensor, &sharedTmpBuffer, calCount, loc);
}

template <typename T, bool isReuseSource = false>
AICORE_INLINE void ReduceXorSum(LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                                const LocalTensor<T>& src1Tensor, const uint32_t calCount,
                                aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::lib::XorSumImpl(dstTensor, src0Tensor, src1Tensor, nullptr, calCount, loc);
}

AICORE_TARGET_END
}  // namespace AscendC
