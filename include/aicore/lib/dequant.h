// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// AscendDequant of the advanced API (the vendor's
// lib/quantization/ascend_dequant.h, adv_api/quantization/ascend_dequant.h),
// Ascend910B profile: int32_t sources times a scale, into half, bfloat16_t or
// float.
//
//   template <typename dstT, typename scaleT,
//             DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
//   AscendDequant(dst, src, deqScale (tensor | scalar)[, sharedTmpBuffer], DequantParams{m, n, calCount})
//   AscendDequant(dst, src, deqScaleTensor[, sharedTmpBuffer][, calCount])   (the older forms)
//
// DequantParams: src is [m, n] row-major (n * 4 bytes a multiple of 32); dst is
// [m, n_dst], n_dst = n rounded up so that a row of dstT fills whole 32-byte
// blocks. Row r: dst[r * n_dst + j] = dstT(float(src[r * n + j]) * scale_j) for
// j < calCount (1 <= calCount <= n; scale_j = deqScale[j], or the scalar);
// dst[r * n_dst + j] for calCount <= j < n_dst is left as it was (the vendor
// leaves it undefined). mode DEQUANT_WITH_SINGLE_ROW turns {1, n, calCount},
// when calCount is a multiple of 32 / sizeof(dstT) and n % calCount == 0, into
// {n / calCount, calCount, calCount} (the scale restarts every calCount
// elements); DEQUANT_WITH_MULTI_ROW keeps it.
// The older forms: dst[i] = dstT(float(src[i]) * deqScale[i % S]) for i <
// calCount (calCount = src.GetSize() without it), S = deqScale.GetSize(),
// src.GetSize() a multiple of S; here S * sizeof(dstT) must be a multiple of
// 32 bytes (dst rows unpadded; the padded layout of these forms is not
// implemented and is refused).
//
// Type pairs (dstT, scaleT): tensor scale (half, uint64_t: the float in the
// low 32 bits), (float, float), (float, bfloat16_t), (bfloat16_t, bfloat16_t),
// (bfloat16_t, float); scalar scale (bfloat16_t | float, bfloat16_t | float).
// Others do not compile.
//
// Numerics: the vendor's steps in f32: int32 -> float (nearest, ties to even),
// scale -> float (exact), one f32 multiply, then to dstT with round to
// nearest, ties to even (float: unchanged). Bit-exact against the scalar
// model; conversions are ops/cast.h's (LoadF32 / StoreF32).
//
// One Highway pass per row; sharedTmpBuffer is checked (allocated, aligned, in
// its buffer, at least GetAscendDequantMaxMinTmpSize's minimum for n, not
// overlapping an operand), not used. Bad input raises KernelError naming
// AscendDequant: n not a multiple of 8, calCount 0 or beyond n or beyond
// deqScale, rows beyond src or dst, src and dst overlapping (the reference
// forbids it), a small or overlapping sharedTmpBuffer, an older form whose
// src.GetSize() is not a multiple of deqScale.GetSize().
//
// Not here: PER_TOKEN / PER_GROUP (AscendDeQuantConfig, AscendDeQuantPolicy,
// AscendDeQuantParam; declared for completeness, not implemented): Ascend 950
// only.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/type_name.h"
#include "aicore/instrument/sanitizer/numeric_api.h"
#include "aicore/lib/activation.h"
#include "aicore/lib/quant_tiling.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/cast.h"
#include "aicore/ops/check.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/simd.h"
#include "aicore/simd/target.h"

namespace AscendC {

struct DequantParams {
  uint32_t m;
  uint32_t n;
  uint32_t calCount;
};

enum class DeQuantMode : uint8_t {
  DEQUANT_WITH_SINGLE_ROW = 0,
  DEQUANT_WITH_MULTI_ROW,
};

}  // namespace AscendC

namespace aicore {
namespace lib {
AICORE_TARGET_BEGIN

namespace hn = simd::hn;

template <class D, class S>
constexpr bool kDequantTensorPair =
    (std::is_same_v<D, half> && std::is_same_v<S, uint64_t>) ||
    (std::is_same_v<D, float> && (std::is_same_v<S, float> || std::is_same_v<S, bfloat16_t>)) ||
    (std::is_same_v<D, bfloat16_t> && (std::is_same_v<S, float> || std::is_same_v<S, bfloat16_t>));
template <class D, class S>
constexpr bool kDequantScalarPair =
    (std::is_same_v<D, float> || std::is_same_v<D, bfloat16_t>) &&
    (std::is_same_v<S, float> || std::is_same_v<S, bfloat16_t>);

// Lanes(DF32) scale values as f32 lanes.
template <class S>
HWY_INLINE hn::Vec<simd::DF32> LoadScale(const S* p) {
  const simd::DF32 d;
  if constexpr (std::is_same_v<S, uint64_t>) {
    // The float in the low 32 bits of each element (a plain loop: Highway
    // 1.0.3 has no ConcatEven on every target).
    HWY_ALIGN uint32_t w[simd::kMaxLanesBytes / sizeof(float)];
    const size_t N = hn::Lanes(d);
    for (size_t k = 0; k < N; ++k) w[k] = static_cast<uint32_t>(p[k]);
    return hn::BitCast(d, hn::Load(simd::DU32(), w));
  } else {
    return simd::LoadC(d, p);
  }
}

// dst[j] = dstT(float(src[j]) * scale_j) for j < n.
template <class D, class S, bool kVec>
HWY_INLINE void DequantRow(D* dst, const int32_t* src, const S* scale, float s, size_t n) {
  using AscendC::RoundMode;
  const simd::DF32 d;
  const size_t N = hn::Lanes(d);
  auto chunk = [&](const int32_t* x, const S* sp, D* out) {
    const auto xv = simd::LoadF32(x);
    const auto sv = kVec ? LoadScale(sp) : hn::Set(d, s);
    simd::StoreF32<D, RoundMode::CAST_RINT>(hn::Mul(xv, sv), out);
  };
  size_t j = 0;
  for (; j + N <= n; j += N) chunk(src + j, kVec ? scale + j : nullptr, dst + j);
  if (j < n) {
    constexpr size_t kCap = simd::kMaxLanesBytes / sizeof(float);
    const size_t rem = n - j;
    HWY_ALIGN int32_t xs[kCap] = {};
    HWY_ALIGN S ss[kCap] = {};
    HWY_ALIGN D out[kCap];
    std::memcpy(xs, src + j, rem * sizeof(int32_t));
    if constexpr (kVec) std::memcpy(static_cast<void*>(ss), scale + j, rem * sizeof(S));
    chunk(xs, ss, out);
    std::memcpy(static_cast<void*>(dst + j), out, rem * sizeof(D));
  }
}

[[noreturn]] AICORE_COLD inline void FailDequant(ErrorKind kind, SrcLoc loc, const std::string& what) {
  detail::Fail(kind, "AscendDequant", loc, what);
}

inline std::string DequantParamsText(const AscendC::DequantParams& p) {
  return "DequantParams {m " + std::to_string(p.m) + ", n " + std::to_string(p.n) + ", calCount " +
         std::to_string(p.calCount) + "}";
}

// scale: the tensor (kVec) or nullptr with the scalar s.
template <class D, class S, AscendC::DeQuantMode kMode, bool kVec>
AICORE_INLINE void Dequant(const AscendC::LocalTensor<D>& dst,
                           const AscendC::LocalTensor<int32_t>& src,
                           const AscendC::LocalTensor<S>* scale, float s,
                           const AscendC::LocalTensor<uint8_t>* tmp, AscendC::DequantParams p,
                           SrcLoc loc) {
  constexpr const char* api = "AscendDequant";
  detail::Enter(api, loc);
  if (AICORE_UNLIKELY(p.n % 8 != 0)) {
    FailDequant(ErrorKind::kParameter, loc,
                DequantParamsText(p) + ": n * 4 bytes is not a multiple of 32 (n must be a "
                                       "multiple of 8)");
  }
  if (AICORE_UNLIKELY(p.calCount == 0 || p.calCount > p.n)) {
    FailDequant(ErrorKind::kParameter, loc,
                DequantParamsText(p) + ": calCount must be in [1, n]");
  }
  if (kVec && AICORE_UNLIKELY(p.calCount > scale->GetSize())) {
    FailBeyondTensor<S>(api, "calCount", p.calCount, "deqScale", scale->GetSize(), loc);
  }
  if constexpr (kMode == AscendC::DeQuantMode::DEQUANT_WITH_SINGLE_ROW) {
    constexpr uint32_t kBlock = 32 / sizeof(D);
    if (p.m == 1 && p.calCount % kBlock == 0 && p.n % p.calCount == 0) {
      p = {p.n / p.calCount, p.calCount, p.calCount};
    }
  }
  constexpr uint32_t kBlockElems = 32 / sizeof(D);
  const uint64_t n_dst = (uint64_t{p.n} + kBlockElems - 1) / kBlockElems * kBlockElems;
  const uint64_t src_elems = uint64_t{p.m} * p.n;
  // The last row's dst ends at calCount (the rest of it is not written).
  const uint64_t dst_elems = p.m == 0 ? 0 : (uint64_t{p.m} - 1) * n_dst + p.calCount;
  if (AICORE_UNLIKELY(src_elems > src.GetSize())) {
    FailDequant(ErrorKind::kBounds, loc,
                DequantParamsText(p) + " needs " + std::to_string(src_elems) +
                    " int32_t elements of srcTensor, which has " + std::to_string(src.GetSize()));
  }
  if (AICORE_UNLIKELY(dst_elems > dst.GetSize())) {
    FailDequant(ErrorKind::kBounds, loc,
                DequantParamsText(p) + " needs " + std::to_string(dst_elems) + " " +
                    detail::TypeName<D>() + " elements of dstTensor (rows of " +
                    std::to_string(n_dst) + "), which has " + std::to_string(dst.GetSize()));
  }
  detail::CheckLocal(api, "dst", dst, dst_elems * sizeof(D), loc);
  detail::CheckLocal(api, "src", src, src_elems * sizeof(int32_t), loc);
  if (kVec) detail::CheckLocal(api, "deqScale", *scale, uint64_t{p.calCount} * sizeof(S), loc);
  if (AICORE_UNLIKELY(detail::BytesOverlap(dst.addr_, dst_elems * sizeof(D), src.addr_,
                                           src_elems * sizeof(int32_t)))) {
    FailDequant(ErrorKind::kParameter, loc,
                "dstTensor overlaps srcTensor (the reference does not allow it)");
  }
  if (tmp != nullptr) {
    detail::CheckLocal(api, "sharedTmpBuffer", *tmp, tmp->GetSize(), loc, true,
                       detail::Pipe::kCount);
    const uint32_t need = AscendDequantMinTmpBytes(p.n);
    if (AICORE_UNLIKELY(tmp->GetSize() < need)) {
      FailTmpTooSmall(api, tmp->GetSize(), need, detail::TypeName<D>(),
                      "GetAscendDequantMaxMinTmpSize", loc);
    }
    if (AICORE_UNLIKELY(detail::BytesOverlap(tmp->addr_, tmp->GetSize(), src.addr_,
                                             src_elems * sizeof(int32_t)))) {
      FailTmpOverlap(api, "srcTensor", loc);
    }
    if (AICORE_UNLIKELY(detail::BytesOverlap(tmp->addr_, tmp->GetSize(), dst.addr_,
                                             dst_elems * sizeof(D)))) {
      FailTmpOverlap(api, "dstTensor", loc);
    }
  }
  const S* sp = kVec ? scale->addr_ : nullptr;
  detail::NumApi(
      api, loc,
      [&]() AICORE_LAMBDA_INLINE {
        for (uint64_t r = 0; r < p.m; ++r) {
          DequantRow<D, S, kVec>(dst.addr_ + r * n_dst, src.addr_ + r * p.n, sp, s, p.calCount);
        }
      },
      [&](detail::NumApiCall& c) {
        if (kVec) c.In("deqScale", sp, p.calCount);  // uint64_t scales: not checked
        if (!kVec) c.Scalar("deqScale", s);
        c.Out2D("dstTensor", dst.addr_, p.m, p.calCount, n_dst);
      });
}

// The older forms (see the header comment).
template <class D, class S, AscendC::DeQuantMode kMode>
AICORE_INLINE void DequantCount(const AscendC::LocalTensor<D>& dst,
                                const AscendC::LocalTensor<int32_t>& src,
                                const AscendC::LocalTensor<S>& scale,
                                const AscendC::LocalTensor<uint8_t>* tmp, uint32_t count,
                                SrcLoc loc) {
  constexpr const char* api = "AscendDequant";
  detail::Enter(api, loc);
  const uint32_t S_ = scale.GetSize();
  if (AICORE_UNLIKELY(S_ == 0 || src.GetSize() % S_ != 0)) {
    FailDequant(ErrorKind::kParameter, loc,
                "srcTensor's " + std::to_string(src.GetSize()) +
                    " elements are not a multiple of deqScale's " + std::to_string(S_));
  }
  if (AICORE_UNLIKELY((uint64_t{S_} * sizeof(D)) % 32 != 0)) {
    FailDequant(ErrorKind::kParameter, loc,
                "deqScale's " + std::to_string(S_) + " elements make dst rows of " +
                    std::to_string(uint64_t{S_} * sizeof(D)) +
                    " bytes, not whole 32-byte blocks (the padded layout of the calCount forms is "
                    "not implemented)");
  }
  if (AICORE_UNLIKELY(count > src.GetSize())) {
    FailBeyondTensor<int32_t>(api, "calCount", count, "srcTensor", src.GetSize(), loc);
  }
  if (count == 0) {
    detail::CheckLocal(api, "dst", dst, 0, loc);
    return;
  }
  // Whole rows through the main form, then the part of a last row.
  const uint32_t rows = count / S_, rest = count % S_;
  if (rows != 0) {
    Dequant<D, S, AscendC::DeQuantMode::DEQUANT_WITH_MULTI_ROW, true>(dst, src, &scale, 0.0f, tmp,
                                                                    {rows, S_, S_}, loc);
  }
  if (rest != 0) {
    Dequant<D, S, AscendC::DeQuantMode::DEQUANT_WITH_MULTI_ROW, true>(
        dst[uint64_t{rows} * S_], src[uint64_t{rows} * S_], &scale, 0.0f, tmp, {1, S_, rest}, loc);
  }
}

AICORE_TARGET_END
}  // namespace lib
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

#define AICORE_DEQUANT_TEMPLATE \
  template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
#define AICORE_DEQUANT_TENSOR_CHECK                                                  \
  static_assert(aicore::lib::kDequantTensorPair<dstT, scaleT>,                      \
                "AscendDequant: (dstT, scaleT) must be (half, uint64_t), (float, float), " \
                "(float, bfloat16_t), (bfloat16_t, bfloat16_t) or (bfloat16_t, float)")
#define AICORE_DEQUANT_SCALAR_CHECK                                                       \
  static_assert(aicore::lib::kDequantScalarPair<dstT, scaleT>,                           \
                "AscendDequant: with a scalar deqScale, dstT and scaleT must each be "   \
                "bfloat16_t or float")

AICORE_DEQUANT_TEMPLATE
AICORE_INLINE void AscendDequant(const LocalTensor<dstT>& dstTensor,
                                 const LocalTensor<int32_t>& srcTensor,
                                 const LocalTensor<scaleT>& deqScale,
                                 const LocalTensor<uint8_t>& sharedTmpBuffer, DequantParams params,
                                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_DEQUANT_TENSOR_CHECK;
  aicore::lib::Dequant<dstT, scaleT, mode, true>(dstTensor, srcTensor, &deqScale, 0.0f,
                                                 &sharedTmpBuffer, params, loc);
}
AICORE_DEQUANT_TEMPLATE
AICORE_INLINE void AscendDequant(const LocalTensor<dstT>& dstTensor,
                                 const LocalTensor<int32_t>& srcTensor,
                                 const LocalTensor<scaleT>& deqScale, DequantParams params,
                                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_DEQUANT_TENSOR_CHECK;
  aicore::lib::Dequant<dstT, scaleT, mode, true>(dstTensor, srcTensor, &deqScale, 0.0f, nullptr,
                                                 params, loc);
}
AICORE_DEQUANT_TEMPLATE
AICORE_INLINE void AscendDequant(const LocalTensor<dstT>& dstTensor,
                                 const LocalTensor<int32_t>& srcTensor, const scaleT deqScale,
                                 const LocalTensor<uint8_t>& sharedTmpBuffer, DequantParams params,
                                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_DEQUANT_SCALAR_CHECK;
  aicore::lib::Dequant<dstT, scaleT, mode, false>(dstTensor, srcTensor,
                                                  static_cast<const LocalTensor<scaleT>*>(nullptr),
                                                  static_cast<float>(deqScale), &sharedTmpBuffer,
                                                  params, loc);
}
AICORE_DEQUANT_TEMPLATE
AICORE_INLINE void AscendDequant(const LocalTensor<dstT>& dstTensor,
                                 const LocalTensor<int32_t>& srcTensor, const scaleT deqScale,
                                 DequantParams params,
                                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_DEQUANT_SCALAR_CHECK;
  aicore::lib::Dequant<dstT, scaleT, mode, false>(dstTensor, srcTensor,
                                                  static_cast<const LocalTensor<scaleT>*>(nullptr),
                                                  static_cast<float>(deqScale), nullptr, params,
                                                  loc);
}

// The older forms.
AICORE_DEQUANT_TEMPLATE
AICORE_INLINE void AscendDequant(const LocalTensor<dstT>& dstTensor,
                                 const LocalTensor<int32_t>& srcTensor,
                                 const LocalTensor<scaleT>& deqScale,
                                 const LocalTensor<uint8_t>& sharedTmpBuffer,
                                 const uint32_t calCount,
                                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_DEQUANT_TENSOR_CHECK;
  aicore::lib::DequantCount<dstT, scaleT, mode>(dstTensor, srcTensor, deqScale, &sharedTmpBuffer,
                                                calCount, loc);
}
AICORE_DEQUANT_TEMPLATE
AICORE_INLINE void AscendDequant(const LocalTensor<dstT>& dstTensor,
                                 const LocalTensor<int32_t>& srcTensor,
                                 const LocalTensor<scaleT>& deqScale,
                                 const LocalTensor<uint8_t>& sharedTmpBuffer,
                                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_DEQUANT_TENSOR_CHECK;
  aicore::lib::DequantCount<dstT, scaleT, mode>(dstTensor, srcTensor, deqScale, &sharedTmpBuffer,
                                                srcTensor.GetSize(), loc);
}
AICORE_DEQUANT_TEMPLATE
AICORE_INLINE void AscendDequant(const LocalTensor<dstT>& dstTensor,
                                 const LocalTensor<int32_t>& srcTensor,
                                 const LocalTensor<scaleT>& deqScale, const uint32_t calCount,
                                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_DEQUANT_TENSOR_CHECK;
  aicore::lib::DequantCount<dstT, scaleT, mode>(dstTensor, srcTensor, deqScale, nullptr, calCount,
                                                loc);
}
AICORE_DEQUANT_TEMPLATE
AICORE_INLINE void AscendDequant(const LocalTensor<dstT>& dstTensor,
                                 const LocalTensor<int32_t>& srcTensor,
                                 const LocalTensor<scaleT>& deqScale,
                                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_DEQUANT_TENSOR_CHECK;
  aicore::lib::DequantCount<dstT, scaleT, mode>(dstTensor, srcTensor, deqScale, nullptr,
                                                srcTensor.GetSize(), loc);
}

#undef AICORE_DEQUANT_TEMPLATE
#undef AICORE_DEQUANT_TENSOR_CHECK
#undef AICORE_DEQUANT_SCALAR_CHECK

AICORE_TARGET_END
}  // namespace AscendC
