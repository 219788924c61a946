// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// AscendQuant of the advanced API (the vendor's lib/quantization/ascend_quant.h,
// adv_api/quantization/ascend_quant.h), Ascend910B profile: int8_t results from
// half or float sources.
//
//   template <typename T, bool isReuseSource = false,
//             const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
//   PER_TENSOR:
//     AscendQuant(dst, src[, sharedTmpBuffer], float scale, float offset[, calCount])
//   PER_CHANNEL (src is [m, n] row-major, one scale / offset per column,
//   n = scaleCount):
//     AscendQuant(dst, src[, sharedTmpBuffer], scaleTensor, T offset[, scaleCount, calCount])
//     AscendQuant(dst, src[, sharedTmpBuffer], scaleTensor, offsetTensor
//                 [, scaleCount, offsetCount, calCount])
//   dst is LocalTensor<int8_t>, src/scaleTensor/offsetTensor LocalTensor<T>,
//   T half or float. The forms without counts take calCount = src.GetSize(),
//   scaleCount = scaleTensor.GetSize(), offsetCount = offsetTensor.GetSize().
//
// Numerics: the vendor's Ascend910B algorithm, all in half: src, scale and
// offset are converted to half (float -> half rounds to nearest, ties to even;
// a float scale is limited to half's range, as the reference says), then
//   t = half(x * scale)   (Mul / Muls)      u = half(t + offset)   (Add / Adds)
//   dst = int8(u)         round to nearest, ties to even (CAST_RINT, the
//                         reference's "round"), saturated to [-128, 127]
//                         (half infinities give -128 / 127), NaN -> 0
// Each half step is computed exactly in f32 and rounded once (the product of
// two halves is exact in f32; for the sum, rounding f32 then half is the same
// as rounding once, as f32 has more than 2 * 11 + 2 bits), so the results are
// bit-exact against the scalar model. The final conversion is ops/cast.h's
// half -> int8_t (simd::StoreF32), the same as the basic Cast.
//
// One fused Highway pass per call (per row of scaleCount elements for
// PER_CHANNEL); the temporary buffer is checked (allocated, inside its
// buffer, 32-byte aligned, not below GetAscendQuantMaxMinTmpSize's minimum of
// 512 bytes, not overlapping an operand), not used. isReuseSource changes
// nothing (the source is not modified). dst may reuse src (same start
// address, as the reference allows); a dst that partly overlaps src is
// refused.
//
// AscendQuantConfig {calcCount, offsetCount, scaleCount, workLocalSize}: when
// its values turn on the reference's compile-time constants (calcCount and
// workLocalSize nonzero; with the scaleCount forms also scaleCount nonzero),
// they must equal the call's counts and workLocalSize must not exceed the
// sharedTmpBuffer: a disagreement is a KernelError (the NPU would silently
// compute with the constants). A nonzero workLocalSize larger than the
// sharedTmpBuffer is refused too.
//
// Bad operands raise KernelError naming AscendQuant: calCount beyond src or
// dst, scaleCount beyond scaleTensor or dst, offsetCount beyond offsetTensor,
// offsetCount != scaleCount, scaleCount not a multiple of 32, calCount not a
// multiple of scaleCount (or scaleCount 0 with calCount nonzero), unallocated or
// misaligned tensors, a small or overlapping sharedTmpBuffer. Other T, and
// other destination types, do not compile.
//
// Not here: the dstT-templated forms (fp8 / hifloat8 / fp4 results) and
// PER_TOKEN / PER_GROUP (AscendQuantParam, AscendQuantPolicy), which the
// reference documents for the Ascend 950 only.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/type_name.h"
#include "aicore/lib/activation.h"
#include "aicore/lib/quant_tiling.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/cast.h"
#include "aicore/ops/check.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/simd.h"
#include "aicore/simd/target.h"

namespace AscendC {

struct AscendQuantConfig {
  uint32_t calcCount = 0;
  uint32_t offsetCount = 0;
  uint32_t scaleCount = 0;
  uint32_t workLocalSize = 0;
};

constexpr AscendQuantConfig ASCEND_QUANT_DEFAULT_CFG = {0, 0, 0, 0};

}  // namespace AscendC

namespace aicore {
namespace lib {
AICORE_TARGET_BEGIN

namespace hn = simd::hn;

template <class T>
constexpr bool kQuantType = std::is_same_v<T, half> || std::is_same_v<T, float>;

// f32 lanes rounded to half (nearest, ties to even) and back.
template <class D>
HWY_INLINE hn::Vec<D> RoundToHalf(D d, hn::Vec<D> v) {
#if AICORE_SIMD_F16
  const hn::Rebind<hwy::float16_t, D> dh;
  return hn::PromoteTo(d, hn::DemoteTo(dh, v));
#else
  HWY_ALIGN half t[simd::kMaxLanesBytes / sizeof(float)];
  simd::StoreC(d, v, t);
  return simd::LoadC(d, t);
#endif
}

template <class T, class D>
HWY_INLINE hn::Vec<D> LoadAsHalf(D d, const T* p) {
  if constexpr (std::is_same_v<T, half>) {
    return simd::LoadC(d, p);
  } else {
    return RoundToHalf(d, simd::LoadC(d, p));
  }
}

// Scale / offset per element (a pointer) or one value (already rounded to half).
template <class T, bool kVec>
struct QuantParam {
  const T* p;
  float v;
};

// dst[i] = int8(half(half(x[i] * s[i]) + o[i])) for i < n.
template <class T, bool kScaleVec, bool kOffsetVec>
HWY_INLINE void QuantSpan(int8_t* dst, const T* src, QuantParam<T, kScaleVec> s,
                          QuantParam<T, kOffsetVec> o, size_t n) {
  using AscendC::RoundMode;
  const simd::DF32 d;
  const size_t N = hn::Lanes(d);
  auto chunk = [&](const T* x, const T* sp, const T* op, int8_t* out) {
    const auto xv = LoadAsHalf(d, x);
    const auto sv = kScaleVec ? LoadAsHalf(d, sp) : hn::Set(d, s.v);
    const auto t = RoundToHalf(d, hn::Mul(xv, sv));
    const auto ov = kOffsetVec ? LoadAsHalf(d, op) : hn::Set(d, o.v);
    simd::StoreF32<int8_t, RoundMode::CAST_RINT>(RoundToHalf(d, hn::Add(t, ov)), out);
  };
  size_t i = 0;
  for (; i + N <= n; i += N) {
    chunk(src + i, kScaleVec ? s.p + i : src, kOffsetVec ? o.p + i : src, dst + i);
  }
  if (i < n) {
    constexpr size_t kCap = simd::kMaxLanesBytes / sizeof(float);
    const size_t rem = n - i;
    HWY_ALIGN T xs[kCap] = {};
    HWY_ALIGN T ss[kCap] = {};
    HWY_ALIGN T os[kCap] = {};
    HWY_ALIGN int8_t out[kCap];
    std::memcpy(static_cast<void*>(xs), src + i, rem * sizeof(T));
    if constexpr (kScaleVec) std::memcpy(static_cast<void*>(ss), s.p + i, rem * sizeof(T));
    if constexpr (kOffsetVec) std::memcpy(static_cast<void*>(os), o.p + i, rem * sizeof(T));
    chunk(xs, ss, os, out);
    std::memcpy(dst + i, out, rem);
  }
}

// A float scalar as the NPU uses it: rounded to half.
inline float QuantScalar(float v) { return static_cast<float>(half(v)); }

[[noreturn]] AICORE_COLD inline void FailQuant(ErrorKind kind, SrcLoc loc, const std::string& what) {
  detail::Fail(kind, "AscendQuant", loc, what);
}

template <class T>
AICORE_INLINE void CheckQuantOperands(const AscendC::LocalTensor<int8_t>& dst,
                                      const AscendC::LocalTensor<T>& src, uint32_t count,
                                      SrcLoc loc) {
  constexpr const char* api = "AscendQuant";
  if (AICORE_UNLIKELY(count >= 0x80000000u)) detail::FailNegativeCount32(api, count, loc);
  if (AICORE_UNLIKELY(count > src.GetSize())) {
    FailBeyondTensor<T>(api, "calCount", count, "srcTensor", src.GetSize(), loc);
  }
  if (AICORE_UNLIKELY(count > dst.GetSize())) {
    FailBeyondTensor<int8_t>(api, "calCount", count, "dstTensor", dst.GetSize(), loc);
  }
  detail::CheckLocal(api, "dst", dst, count, loc);
  detail::CheckLocal(api, "src", src, uint64_t{count} * sizeof(T), loc);
  if (AICORE_UNLIKELY(static_cast<const void*>(dst.addr_) != static_cast<const void*>(src.addr_) &&
                      detail::BytesOverlap(dst.addr_, count, src.addr_, uint64_t{count} * sizeof(T)))) {
    FailQuant(ErrorKind::kParameter, loc,
              "dstTensor partly overlaps srcTensor (dst may reuse src only from the same start "
              "address)");
  }
}

template <class T>
AICORE_INLINE void CheckQuantTmp(const AscendC::LocalTensor<uint8_t>& tmp,
                                 const AscendC::LocalTensor<int8_t>& dst,
                                 const AscendC::LocalTensor<T>& src, uint32_t count, SrcLoc loc) {
  constexpr const char* api = "AscendQuant";
  detail::CheckLocal(api, "sharedTmpBuffer", tmp, tmp.GetSize(), loc, true, detail::Pipe::kCount);
  if (AICORE_UNLIKELY(tmp.GetSize() < kAscendQuantMinTmpBytes)) {
    FailTmpTooSmall(api, tmp.GetSize(), kAscendQuantMinTmpBytes, detail::TypeName<T>(),
                    "GetAscendQuantMaxMinTmpSize", loc);
  }
  if (AICORE_UNLIKELY(detail::BytesOverlap(tmp.addr_, tmp.GetSize(), src.addr_,
                                           uint64_t{count} * sizeof(T)))) {
    FailTmpOverlap(api, "srcTensor", loc);
  }
  if (AICORE_UNLIKELY(detail::BytesOverlap(tmp.addr_, tmp.GetSize(), dst.addr_, count))) {
    FailTmpOverlap(api, "dstTensor", loc);
  }
}

// The config's constants against the call's values (see the header comment).
AICORE_INLINE void CheckQuantConfig(const AscendC::AscendQuantConfig& c, bool has_scale_count,
                                    const AscendC::LocalTensor<uint8_t>* tmp, uint32_t count,
                                    uint32_t scale_count, uint32_t offset_count, SrcLoc loc) {
  if (tmp != nullptr && c.workLocalSize > tmp->GetSize()) {
    FailQuant(ErrorKind::kParameter, loc,
              "AscendQuantConfig.workLocalSize " + std::to_string(c.workLocalSize) +
                  " exceeds the " + std::to_string(tmp->GetSize()) + " bytes of sharedTmpBuffer");
  }
  const bool constant = c.calcCount != 0 && c.workLocalSize != 0 &&
                        (!has_scale_count || c.scaleCount != 0);
  if (!constant) return;
  auto agree = [&](const char* field, uint32_t cfg, const char* arg, uint32_t got) {
    if (AICORE_UNLIKELY(cfg != got)) {
      FailQuant(ErrorKind::kParameter, loc,
                std::string("AscendQuantConfig.") + field + " " + std::to_string(cfg) +
                    " (a compile-time constant) disagrees with " + arg + " " + std::to_string(got));
    }
  };
  agree("calcCount", c.calcCount, "calCount", count);
  if (has_scale_count) {
    agree("scaleCount", c.scaleCount, "scaleCount", scale_count);
    if (c.offsetCount != 0) agree("offsetCount", c.offsetCount, "offsetCount", offset_count);
  }
}

// PER_TENSOR.
template <class T>
AICORE_INLINE void QuantPerTensor(const AscendC::LocalTensor<int8_t>& dst,
                                  const AscendC::LocalTensor<T>& src,
                                  const AscendC::LocalTensor<uint8_t>* tmp, float scale,
                                  float offset, uint32_t count,
                                  const AscendC::AscendQuantConfig& cfg, SrcLoc loc) {
  detail::Enter("AscendQuant", loc);
  CheckQuantOperands(dst, src, count, loc);
  if (tmp != nullptr) CheckQuantTmp(*tmp, dst, src, count, loc);
  CheckQuantConfig(cfg, false, tmp, count, 0, 0, loc);
  if (count == 0) return;
  QuantSpan<T, false, false>(dst.addr_, src.addr_, {nullptr, QuantScalar(scale)},
                             {nullptr, QuantScalar(offset)}, count);
}

// PER_CHANNEL; offset_tensor null: the scalar offset.
template <class T>
AICORE_INLINE void QuantPerChannel(const AscendC::LocalTensor<int8_t>& dst,
                                   const AscendC::LocalTensor<T>& src,
                                   const AscendC::LocalTensor<uint8_t>* tmp,
                                   const AscendC::LocalTensor<T>& scale,
                                   const AscendC::LocalTensor<T>* offset_tensor, float offset,
                                   uint32_t scale_count, uint32_t offset_count, uint32_t count,
                                   const AscendC::AscendQuantConfig& cfg, SrcLoc loc) {
  constexpr const char* api = "AscendQuant";
  detail::Enter(api, loc);
  CheckQuantOperands(dst, src, count, loc);
  if (tmp != nullptr) CheckQuantTmp(*tmp, dst, src, count, loc);
  CheckQuantConfig(cfg, true, tmp, count, scale_count, offset_count, loc);
  if (AICORE_UNLIKELY(scale_count >= 0x80000000u)) {
    detail::FailNegativeCount32(api, scale_count, loc);
  }
  if (AICORE_UNLIKELY(scale_count > scale.GetSize())) {
    FailBeyondTensor<T>(api, "scaleCount", scale_count, "scaleTensor", scale.GetSize(), loc);
  }
  if (AICORE_UNLIKELY(scale_count > dst.GetSize())) {
    FailBeyondTensor<int8_t>(api, "scaleCount", scale_count, "dstTensor", dst.GetSize(), loc);
  }
  if (AICORE_UNLIKELY(scale_count % 32 != 0)) {
    FailQuant(ErrorKind::kParameter, loc,
              "scaleCount " + std::to_string(scale_count) + " is not a multiple of 32");
  }
  if (AICORE_UNLIKELY(scale_count == 0 ? count != 0 : count % scale_count != 0)) {
    FailQuant(ErrorKind::kParameter, loc,
              "calCount " + std::to_string(count) + " is not a multiple of scaleCount " +
                  std::to_string(scale_count));
  }
  detail::CheckLocal(api, "scaleTensor", scale, uint64_t{scale_count} * sizeof(T), loc);
  if (offset_tensor != nullptr) {
    if (AICORE_UNLIKELY(offset_count != scale_count)) {
      FailQuant(ErrorKind::kParameter, loc,
                "offsetCount " + std::to_string(offset_count) + " differs from scaleCount " +
                    std::to_string(scale_count));
    }
    if (AICORE_UNLIKELY(offset_count > offset_tensor->GetSize())) {
      FailBeyondTensor<T>(api, "offsetCount", offset_count, "offsetTensor",
                          offset_tensor->GetSize(), loc);
    }
    detail::CheckLocal(api, "offsetTensor", *offset_tensor, uint64_t{offset_count} * sizeof(T),
                       loc);
  }
  if (count == 0) return;
  const size_t rows = count / scale_count;
  for (size_t r = 0; r < rows; ++r) {
    int8_t* out = dst.addr_ + r * scale_count;
    const T* in = src.addr_ + r * scale_count;
    if (offset_tensor != nullptr) {
      QuantSpan<T, true, true>(out, in, {scale.addr_, 0.0f}, {offset_tensor->addr_, 0.0f},
                               scale_count);
    } else {
      QuantSpan<T, true, false>(out, in, {scale.addr_, 0.0f}, {nullptr, QuantScalar(offset)},
                                scale_count);
    }
  }
}

AICORE_TARGET_END
}  // namespace lib
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

#define AICORE_QUANT_TEMPLATE                                              \
  template <typename T, bool isReuseSource = false,                         \
            const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
#define AICORE_QUANT_TYPE_CHECK \
  static_assert(aicore::lib::kQuantType<T>, "AscendQuant: T must be half or float")

// PER_TENSOR ------------------------------------------------------------------------

AICORE_QUANT_TEMPLATE
AICORE_INLINE void AscendQuant(const LocalTensor<int8_t>& dstTensor,
                               const LocalTensor<T>& srcTensor,
                               const LocalTensor<uint8_t>& sharedTmpBuffer, const float scale,
                               const float offset, const uint32_t calCount,
                               aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_QUANT_TYPE_CHECK;
  aicore::lib::QuantPerTensor<T>(dstTensor, srcTensor, &sharedTmpBuffer, scale, offset, calCount,
                              config, loc);
}
AICORE_QUANT_TEMPLATE
AICORE_INLINE void AscendQuant(const LocalTensor<int8_t>& dstTensor,
                               const LocalTensor<T>& srcTensor,
                               const LocalTensor<uint8_t>& sharedTmpBuffer, const float scale,
                               const float offset, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_QUANT_TYPE_CHECK;
  aicore::lib::QuantPerTensor<T>(dstTensor, srcTensor, &sharedTmpBuffer, scale, offset,
                              srcTensor.GetSize(), config, loc);
}
AICORE_QUANT_TEMPLATE
AICORE_INLINE void AscendQuant(const LocalTensor<int8_t>& dstTensor,
                               const LocalTensor<T>& srcTensor, const float scale,
                               const float offset, const uint32_t calCount,
                               aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_QUANT_TYPE_CHECK;
  aicore::lib::QuantPerTensor<T>(dstTensor, srcTensor, nullptr, scale, offset, calCount, config, loc);
}
AICORE_QUANT_TEMPLATE
AICORE_INLINE void AscendQuant(const LocalTensor<int8_t>& dstTensor,
                               const LocalTensor<T>& srcTensor, const float scale,
                               const float offset, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_QUANT_TYPE_CHECK;
  aicore::lib::QuantPerTensor<T>(dstTensor, srcTensor, nullptr, scale, offset, srcTensor.GetSize(),
                              config, loc);
}

// PER_CHANNEL, scalar offset (it converts to T without taking part in
// deducing T, so a float literal works with half tensors) ---------------------------

AICORE_QUANT_TEMPLATE
AICORE_INLINE void AscendQuant(const LocalTensor<int8_t>& dstTensor,
                               const LocalTensor<T>& srcTensor,
                               const LocalTensor<uint8_t>& sharedTmpBuffer,
                               const LocalTensor<T>& scaleTensor,
                               const aicore::detail::NonDeducedT<T> offset,
                               const uint32_t scaleCount, const uint32_t calCount,
                               aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_QUANT_TYPE_CHECK;
  aicore::lib::QuantPerChannel<T>(dstTensor, srcTensor, &sharedTmpBuffer, scaleTensor, nullptr,
                               static_cast<float>(offset), scaleCount, 0, calCount, config, loc);
}
AICORE_QUANT_TEMPLATE
AICORE_INLINE void AscendQuant(const LocalTensor<int8_t>& dstTensor,
                               const LocalTensor<T>& srcTensor,
                               const LocalTensor<uint8_t>& sharedTmpBuffer,
                               const LocalTensor<T>& scaleTensor,
                               const aicore::detail::NonDeducedT<T> offset,
                               aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_QUANT_TYPE_CHECK;
  aicore::lib::QuantPerChannel<T>(dstTensor, srcTensor, &sharedTmpBuffer, scaleTensor, nullptr,
                               static_cast<float>(offset), scaleTensor.GetSize(), 0,
                               srcTensor.GetSize(), config, loc);
}
AICORE_QUANT_TEMPLATE
AICORE_INLINE void AscendQuant(const LocalTensor<int8_t>& dstTensor,
                               const LocalTensor<T>& srcTensor, const LocalTensor<T>& scaleTensor,
                               const aicore::detail::NonDeducedT<T> offset,
                               const uint32_t scaleCount, const uint32_t calCount,
                               aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_QUANT_TYPE_CHECK;
  aicore::lib::QuantPerChannel<T>(dstTensor, srcTensor, nullptr, scaleTensor, nullptr,
                               static_cast<float>(offset), scaleCount, 0, calCount, config, loc);
}
AICORE_QUANT_TEMPLATE
AICORE_INLINE void AscendQuant(const LocalTensor<int8_t>& dstTensor,
                               const LocalTensor<T>& srcTensor, const LocalTensor<T>& scaleTensor,
                               const aicore::detail::NonDeducedT<T> offset,
                               aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_QUANT_TYPE_CHECK;
  aicore::lib::QuantPerChannel<T>(dstTensor, srcTensor, nullptr, scaleTensor, nullptr,
                               static_cast<float>(offset), scaleTensor.GetSize(), 0,
                               srcTensor.GetSize(), config, loc);
}

// PER_CHANNEL, offset tensor ---------------------------------------------------------

AICORE_QUANT_TEMPLATE
AICORE_INLINE void AscendQuant(const LocalTensor<int8_t>& dstTensor,
                               const LocalTensor<T>& srcTensor,
                               const LocalTensor<uint8_t>& sharedTmpBuffer,
                               const LocalTensor<T>& scaleTensor,
                               const LocalTensor<T>& offsetTensor, const uint32_t scaleCount,
                               const uint32_t offsetCount, const uint32_t calCount,
                               aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_QUANT_TYPE_CHECK;
  aicore::lib::QuantPerChannel<T>(dstTensor, srcTensor, &sharedTmpBuffer, scaleTensor, &offsetTensor,
                               0.0f, scaleCount, offsetCount, calCount, config, loc);
}
AICORE_QUANT_TEMPLATE
AICORE_INLINE void AscendQuant(const LocalTensor<int8_t>& dstTensor,
                               const LocalTensor<T>& srcTensor,
                               const LocalTensor<uint8_t>& sharedTmpBuffer,
                               const LocalTensor<T>& scaleTensor,
                               const LocalTensor<T>& offsetTensor,
                               aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_QUANT_TYPE_CHECK;
  aicore::lib::QuantPerChannel<T>(dstTensor, srcTensor, &sharedTmpBuffer, scaleTensor, &offsetTensor,
                               0.0f, scaleTensor.GetSize(), offsetTensor.GetSize(),
                               srcTensor.GetSize(), config, loc);
}
AICORE_QUANT_TEMPLATE
AICORE_INLINE void AscendQuant(const LocalTensor<int8_t>& dstTensor,
                               const LocalTensor<T>& srcTensor, const LocalTensor<T>& scaleTensor,
                               const LocalTensor<T>& offsetTensor, const uint32_t scaleCount,
                               const uint32_t offsetCount, const uint32_t calCount,
                               aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_QUANT_TYPE_CHECK;
  aicore::lib::QuantPerChannel<T>(dstTensor, srcTensor, nullptr, scaleTensor, &offsetTensor, 0.0f,
                               scaleCount, offsetCount, calCount, config, loc);
}
AICORE_QUANT_TEMPLATE
AICORE_INLINE void AscendQuant(const LocalTensor<int8_t>& dstTensor,
                               const LocalTensor<T>& srcTensor, const LocalTensor<T>& scaleTensor,
                               const LocalTensor<T>& offsetTensor,
                               aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_QUANT_TYPE_CHECK;
  aicore::lib::QuantPerChannel<T>(dstTensor, srcTensor, nullptr, scaleTensor, &offsetTensor, 0.0f,
                               scaleTensor.GetSize(), offsetTensor.GetSize(), srcTensor.GetSize(),
                               config, loc);
}

#undef AICORE_QUANT_TEMPLATE
#undef AICORE_QUANT_TYPE_CHECK

AICORE_TARGET_END
}  // namespace AscendC
