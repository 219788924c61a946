// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// AscendAntiQuant of the advanced API (the vendor's
// lib/quantization/ascend_antiquant.h, adv_api/quantization/ascend_antiquant.h),
// Ascend910B profile: int8_t or int4b_t sources, half or bfloat16_t results.
//
//   template <typename InputDataType, typename OutputDataType, bool isTranspose>
//   PER_CHANNEL (offset / scale tensors of OutputDataType):
//     AscendAntiQuant(dst, src, offset, scale[, sharedTmpBuffer], k, shapeInfo = {})
//     AscendAntiQuant(dst, src, scale, sharedTmpBuffer, k, shapeInfo = {})   (no offset)
//   PER_TENSOR (offset / scale values of OutputDataType):
//     AscendAntiQuant(dst, src, offset, scale[, sharedTmpBuffer], k, shapeInfo = {})
//     AscendAntiQuant(dst, src, scale, sharedTmpBuffer, k, shapeInfo = {})   (no offset)
//   struct AntiQuantShapeInfo {offsetHeight, offsetWidth, scaleHeight, scaleWidth} (all 0)
//
// Shapes (the reference's): count = src.GetSize(), the elements of src (for
// int4b_t two per byte);
// isTranspose false: src is [k, n] row-major, n = count / k, scale and offset
// are [H, n] and rows i of src use row i / (k / H) of them;
// isTranspose true: src is [n, k], scale and offset are [n, W], and column j
// uses column j / (k / W). H and W come from shapeInfo's fields; a field that
// is 0 is taken from the tensor's SetShapeInfo shape ([height, width]), and
// without one from the sizes (H = scale.GetSize() / n, resp. W).
//
// Numerics (the vendor's Ascend910B algorithm; each step computed exactly in
// f32 and rounded once, so the results are bit-exact against the scalar model
// of tests/unit/lib/test_antiquant.cpp):
//   half:      dst = half(half(half(x) + offset) * scale)   (Cast, Add(s), Mul(s)
//              in half; without offset dst = half(half(x) * scale))
//   bfloat16_t: dst = bf16_rint(f32(f32(x) + f32(offset)) * f32(scale))
//              (the A2 path: src via half to float, the sum and product in
//              float, then Cast CAST_RINT to bfloat16_t; NaN stays NaN)
// x, an int8_t or int4b_t value, is exact in half and float.
//
// The temporary buffer is checked (allocated, inside its buffer, not
// overlapping an operand, not below the minimum of the host helper
// GetAscendAntiQuantMaxMinTmpSize: 0 bytes for half results; for bfloat16_t
// 1024 per tensor, (2 * H * W + 64 * k) * 4 per channel (isTranspose false),
// 80 * H * W * 4 per channel (isTranspose true)), not used. The forms without
// sharedTmpBuffer need nothing.
//
// Bad operands raise KernelError naming AscendAntiQuant: k 0 or not dividing
// count, a src or dst whose bytes are not a multiple of 32, with isTranspose
// k * sizeof(InputDataType) not a multiple of 32, scale / offset shapes that
// disagree with src (width != n, height not dividing k, ...) or exceed their
// tensors, offset shape != scale shape, dst overlapping src / scale / offset,
// unallocated tensors, a small or overlapping sharedTmpBuffer. Other type
// combinations do not compile.
//
// Not here: the Ascend 950 forms (fp8 / hifloat8 / fp4 sources, the
// fp8_e8m0_t scale, AscendAntiQuantConfig / AscendAntiQuantPolicy /
// AscendAntiQuantParam for PER_TOKEN / PER_GROUP) and AntiQuantize.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/int4b.h"
#include "aicore/base/type_name.h"
#include "aicore/instrument/sanitizer/numeric_api.h"
#include "aicore/lib/activation.h"
#include "aicore/lib/activation_tiling.h"
#include "aicore/lib/antiquant_tiling.h"
#include "aicore/lib/quant.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/simd.h"
#include "aicore/simd/target.h"

namespace AscendC {

struct AntiQuantShapeInfo {
  uint32_t offsetHeight{0};
  uint32_t offsetWidth{0};
  uint32_t scaleHeight{0};
  uint32_t scaleWidth{0};
};

}  // namespace AscendC

namespace aicore {
namespace lib {

AICORE_TARGET_BEGIN

template <class In>
constexpr bool kAntiQuantIn = std::is_same_v<In, int8_t> || std::is_same_v<In, AscendC::int4b_t>;
template <class Out>
constexpr bool kAntiQuantOut = std::is_same_v<Out, half> || std::is_same_v<Out, bfloat16_t>;

template <class In>
constexpr uint64_t AntiQuantBytes(uint64_t elems) {
  return std::is_same_v<In, AscendC::int4b_t> ? (elems + 1) / 2 : elems;
}

// Element e of the source as an integer.
template <class In>
HWY_INLINE int AntiQuantAt(const In* src, uint64_t e) {
  if constexpr (std::is_same_v<In, AscendC::int4b_t>) {
    return src[e / 2].Get(static_cast<int>(e & 1));
  } else {
    return src[e];
  }
}

// dst[i] = f(src element e0 + i, scale, offset) for i < n; scale / offset per
// element (kVec) or one value (already in f32).
template <class In, class Out, bool kVec, bool kOffset>
HWY_INLINE void AntiQuantSpan(Out* dst, const In* src, uint64_t e0, const Out* sp, const Out* op,
                              float s, float o, size_t n) {
  const simd::DF32 d;
  const size_t N = hn::Lanes(d);
  constexpr size_t kCap = simd::kMaxLanesBytes / sizeof(float);
  auto chunk = [&](hn::Vec<simd::DF32> x, const Out* scp, const Out* ofp, Out* out) {
    const auto sv = kVec ? simd::LoadC(d, scp) : hn::Set(d, s);
    hn::Vec<simd::DF32> t = x;
    if constexpr (kOffset) {
      const auto ov = kVec ? simd::LoadC(d, ofp) : hn::Set(d, o);
      t = hn::Add(t, ov);
      if constexpr (std::is_same_v<Out, half>) t = RoundToHalf(d, t);
    }
    simd::StoreC(d, hn::Mul(t, sv), out);
  };
  auto load = [&](size_t i) {
    if constexpr (std::is_same_v<In, int8_t>) {
      const hn::Rebind<int8_t, simd::DF32> d8;
      const hn::RebindToSigned<simd::DF32> di;
      return hn::ConvertTo(d, hn::PromoteTo(di, hn::LoadU(d8, src + e0 + i)));
    } else {
      HWY_ALIGN float xs[kCap];
      for (size_t l = 0; l < N; ++l) xs[l] = static_cast<float>(AntiQuantAt(src, e0 + i + l));
      return hn::Load(d, xs);
    }
  };
  size_t i = 0;
  for (; i + N <= n; i += N) chunk(load(i), sp + (kVec ? i : 0), op + (kVec ? i : 0), dst + i);
  if (i < n) {
    const size_t rem = n - i;
    HWY_ALIGN float xs[kCap] = {};
    HWY_ALIGN Out ss[kCap] = {};
    HWY_ALIGN Out os[kCap] = {};
    HWY_ALIGN Out out[kCap];
    for (size_t l = 0; l < rem; ++l) xs[l] = static_cast<float>(AntiQuantAt(src, e0 + i + l));
    if constexpr (kVec) {
      std::memcpy(static_cast<void*>(ss), sp + i, rem * sizeof(Out));
      if constexpr (kOffset) std::memcpy(static_cast<void*>(os), op + i, rem * sizeof(Out));
    }
    chunk(hn::Load(d, xs), ss, os, out);
    std::memcpy(static_cast<void*>(dst + i), out, rem * sizeof(Out));
  }
}

[[noreturn]] AICORE_COLD inline void FailAntiQuant(SrcLoc loc, const std::string& what) {
  detail::Fail(ErrorKind::kParameter, "AscendAntiQuant", loc, what);
}

struct AntiQuantDims {
  uint64_t count, k, n, h, w;  // src elements, k, n; the scale / offset shape [h, w]
};

// src / dst / k / tmp checks; returns count, k and n (h, w 1).
template <class In, class Out, bool kT>
AICORE_INLINE AntiQuantDims CheckAntiQuantCommon(const AscendC::LocalTensor<Out>& dst,
                                                 const AscendC::LocalTensor<In>& src, uint32_t k,
                                                 SrcLoc loc) {
  constexpr const char* api = "AscendAntiQuant";
  const uint64_t count = src.GetSize();
  const uint64_t src_bytes = AntiQuantBytes<In>(count);
  if (AICORE_UNLIKELY(k == 0 || count % k != 0)) {
    FailAntiQuant(loc, "k " + std::to_string(k) + " does not divide the " + std::to_string(count) +
                           " elements of src (src is " + (kT ? "[n, k]" : "[k, n]") + ")");
  }
  if (AICORE_UNLIKELY(count > dst.GetSize())) {
    FailBeyondTensor<Out>(api, "the src element count", static_cast<uint32_t>(count), "dst",
                          dst.GetSize(), loc);
  }
  if (AICORE_UNLIKELY(src_bytes % 32 != 0 || (count * sizeof(Out)) % 32 != 0)) {
    FailAntiQuant(loc, "src holds " + std::to_string(src_bytes) + " bytes and dst " +
                           std::to_string(count * sizeof(Out)) +
                           " bytes for the " + std::to_string(count) +
                           " elements; both must be multiples of 32 bytes");
  }
  if (kT && AICORE_UNLIKELY(AntiQuantBytes<In>(k) % 32 != 0 ||
                            (std::is_same_v<In, AscendC::int4b_t> && k % 2 != 0))) {
    FailAntiQuant(loc, "with isTranspose, k " + std::to_string(k) + " (" +
                           detail::TypeName<In>() + ") must span a multiple of 32 bytes");
  }
  detail::CheckLocal(api, "dst", dst, count * sizeof(Out), loc);
  detail::CheckLocal(api, "src", src, src_bytes, loc);
  if (AICORE_UNLIKELY(detail::BytesOverlap(dst.addr_, count * sizeof(Out), src.addr_, src_bytes))) {
    FailAntiQuant(loc, "dst overlaps src (the reference does not allow it)");
  }
  return {count, k, count / k, 1, 1};
}

// The [h, w] shape of a scale / offset tensor: the shapeInfo fields, else the
// tensor's shape, else from its size.
template <class Out, bool kT>
AICORE_INLINE void AntiQuantParamShape(const AscendC::LocalTensor<Out>& t, uint32_t h_field,
                                       uint32_t w_field, const AntiQuantDims& s, uint64_t& h,
                                       uint64_t& w) {
  const AscendC::ShapeInfo si = t.GetShapeInfo();
  const bool has = si.shapeDim >= 2;
  h = h_field != 0 ? h_field : (has ? si.shape[0] : 0);
  w = w_field != 0 ? w_field : (has ? si.shape[1] : 0);
  if (!kT) {
    if (w == 0) w = s.n;
    if (h == 0) h = s.n == 0 ? 0 : t.GetSize() / s.n;
  } else {
    if (h == 0) h = s.n;
    if (w == 0) w = s.n == 0 ? 0 : t.GetSize() / s.n;
  }
}

template <class Out, bool kT>
AICORE_INLINE void CheckAntiQuantParam(const AscendC::LocalTensor<Out>& dst,
                                       const AscendC::LocalTensor<Out>& t, const char* role,
                                       uint64_t h, uint64_t w, const AntiQuantDims& s,
                                       SrcLoc loc) {
  const std::string shape = std::string(role) + " shape [" + std::to_string(h) + ", " +
                            std::to_string(w) + "]";
  if (!kT) {
    if (AICORE_UNLIKELY(w != s.n || h == 0 || s.k % h != 0)) {
      FailAntiQuant(loc, shape + " does not fit src [k, n] = [" + std::to_string(s.k) + ", " +
                             std::to_string(s.n) + "] (needs width n and a height dividing k)");
    }
  } else if (AICORE_UNLIKELY(h != s.n || w == 0 || s.k % w != 0)) {
    FailAntiQuant(loc, shape + " does not fit src [n, k] = [" + std::to_string(s.n) + ", " +
                           std::to_string(s.k) + "] (needs height n and a width dividing k)");
  }
  if (AICORE_UNLIKELY(h * w > t.GetSize())) {
    FailAntiQuant(loc, shape + " needs " + std::to_string(h * w) + " elements; the tensor holds " +
                           std::to_string(t.GetSize()));
  }
  detail::CheckLocal("AscendAntiQuant", role, t, h * w * sizeof(Out), loc);
  if (AICORE_UNLIKELY(detail::BytesOverlap(dst.addr_, s.count * sizeof(Out), t.addr_,
                                           h * w * sizeof(Out)))) {
    FailAntiQuant(loc, std::string("dst overlaps ") + role);
  }
}

template <class In, class Out>
AICORE_INLINE void CheckAntiQuantTmp(const AscendC::LocalTensor<uint8_t>& tmp,
                                     const AscendC::LocalTensor<Out>& dst,
                                     const AscendC::LocalTensor<In>& src, const AntiQuantDims& s,
                                     const AscendC::LocalTensor<Out>* scale,
                                     const AscendC::LocalTensor<Out>* offset, bool transpose,
                                     SrcLoc loc) {
  constexpr const char* api = "AscendAntiQuant";
  detail::CheckLocal(api, "sharedTmpBuffer", tmp, tmp.GetSize(), loc, true, detail::Pipe::kCount);
  const uint32_t need = AscendAntiQuantMinTmpBytes(std::is_same_v<Out, bfloat16_t>, transpose,
                                                   s.h * s.w, s.k);
  if (AICORE_UNLIKELY(tmp.GetSize() < need)) {
    FailTmpTooSmall(api, tmp.GetSize(), need, detail::TypeName<Out>(),
                    "GetAscendAntiQuantMaxMinTmpSize", loc);
  }
  auto over = [&](const void* p, uint64_t bytes) {
    return detail::BytesOverlap(tmp.addr_, tmp.GetSize(), p, bytes);
  };
  if (AICORE_UNLIKELY(over(src.addr_, AntiQuantBytes<In>(s.count)))) FailTmpOverlap(api, "src", loc);
  if (AICORE_UNLIKELY(over(dst.addr_, s.count * sizeof(Out)))) FailTmpOverlap(api, "dst", loc);
  if (scale != nullptr && AICORE_UNLIKELY(over(scale->addr_, s.h * s.w * sizeof(Out)))) {
    FailTmpOverlap(api, "scale", loc);
  }
  if (offset != nullptr && AICORE_UNLIKELY(over(offset->addr_, s.h * s.w * sizeof(Out)))) {
    FailTmpOverlap(api, "offset", loc);
  }
}

// PER_CHANNEL; offset null: without offset.
template <class In, class Out, bool kT>
AICORE_INLINE void AntiQuantPerChannel(const AscendC::LocalTensor<Out>& dst,
                                       const AscendC::LocalTensor<In>& src,
                                       const AscendC::LocalTensor<Out>* offset,
                                       const AscendC::LocalTensor<Out>& scale,
                                       const AscendC::LocalTensor<uint8_t>* tmp, uint32_t k,
                                       const AscendC::AntiQuantShapeInfo& info, SrcLoc loc) {
  detail::Enter("AscendAntiQuant", loc);
  AntiQuantDims s = CheckAntiQuantCommon<In, Out, kT>(dst, src, k, loc);
  AntiQuantParamShape<Out, kT>(scale, info.scaleHeight, info.scaleWidth, s, s.h, s.w);
  CheckAntiQuantParam<Out, kT>(dst, scale, "scale", s.h, s.w, s, loc);
  if (offset != nullptr) {
    uint64_t oh = 0, ow = 0;
    AntiQuantParamShape<Out, kT>(*offset, info.offsetHeight, info.offsetWidth, s, oh, ow);
    if (AICORE_UNLIKELY(oh != s.h || ow != s.w)) {
      FailAntiQuant(loc, "offset shape [" + std::to_string(oh) + ", " + std::to_string(ow) +
                             "] differs from scale shape [" + std::to_string(s.h) + ", " +
                             std::to_string(s.w) + "]");
    }
    CheckAntiQuantParam<Out, kT>(dst, *offset, "offset", s.h, s.w, s, loc);
  }
  if (tmp != nullptr) CheckAntiQuantTmp(*tmp, dst, src, s, &scale, offset, kT, loc);
  const Out* sp = scale.addr_;
  const Out* op = offset != nullptr ? offset->addr_ : nullptr;
  detail::NumApi(
      "AscendAntiQuant", loc,
      [&]() AICORE_LAMBDA_INLINE {
        if constexpr (!kT) {
          const uint64_t group = s.k / s.h;
          for (uint64_t i = 0; i < s.k; ++i) {
            const uint64_t g = (i / group) * s.n;
            if (op != nullptr) {
              AntiQuantSpan<In, Out, true, true>(dst.addr_ + i * s.n, src.addr_, i * s.n, sp + g,
                                                 op + g, 0, 0, s.n);
            } else {
              AntiQuantSpan<In, Out, true, false>(dst.addr_ + i * s.n, src.addr_, i * s.n, sp + g,
                                                  sp, 0, 0, s.n);
            }
          }
        } else {
          const uint64_t group = s.k / s.w;
          for (uint64_t i = 0; i < s.n; ++i) {
            for (uint64_t j = 0; j < s.w; ++j) {
              const uint64_t e = i * s.k + j * group;
              const float sv = static_cast<float>(sp[i * s.w + j]);
              if (op != nullptr) {
                AntiQuantSpan<In, Out, false, true>(dst.addr_ + e, src.addr_, e, sp, sp, sv,
                                                    static_cast<float>(op[i * s.w + j]), group);
              } else {
                AntiQuantSpan<In, Out, false, false>(dst.addr_ + e, src.addr_, e, sp, sp, sv, 0,
                                                     group);
              }
            }
          }
        }
      },
      [&](detail::NumApiCall& c) {
        c.In("scale", sp, s.h * s.w), c.In("offset", op, op != nullptr ? s.h * s.w : 0);
        c.Out("dst", dst.addr_, s.count);
      });
}

// PER_TENSOR; has_offset false: without offset.
template <class In, class Out, bool kT>
AICORE_INLINE void AntiQuantPerTensor(const AscendC::LocalTensor<Out>& dst,
                                      const AscendC::LocalTensor<In>& src, bool has_offset,
                                      Out offset, Out scale,
                                      const AscendC::LocalTensor<uint8_t>* tmp, uint32_t k,
                                      SrcLoc loc) {
  detail::Enter("AscendAntiQuant", loc);
  const AntiQuantDims s = CheckAntiQuantCommon<In, Out, kT>(dst, src, k, loc);
  if (tmp != nullptr) CheckAntiQuantTmp<In, Out>(*tmp, dst, src, s, nullptr, nullptr, kT, loc);
  const float sv = static_cast<float>(scale);
  detail::NumApi(
      "AscendAntiQuant", loc,
      [&]() AICORE_LAMBDA_INLINE {
        if (has_offset) {
          AntiQuantSpan<In, Out, false, true>(dst.addr_, src.addr_, 0, nullptr, nullptr, sv,
                                              static_cast<float>(offset), s.count);
        } else {
          AntiQuantSpan<In, Out, false, false>(dst.addr_, src.addr_, 0, nullptr, nullptr, sv, 0,
                                               s.count);
        }
      },
      [&](detail::NumApiCall& c) {
        c.Scalar("scale", scale);
        if (has_offset) c.Scalar("offset", offset);
        c.Out("dst", dst.addr_, s.count);
      });
}

AICORE_TARGET_END
}  // namespace lib
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

#define AICORE_ANTIQUANT_TEMPLATE \
  template <typename InputDataType, typename OutputDataType, bool isTranspose>
#define AICORE_ANTIQUANT_TYPE_CHECK                                                       \
  static_assert(aicore::lib::kAntiQuantIn<InputDataType>,                                 \
                "AscendAntiQuant: InputDataType must be int8_t or int4b_t");              \
  static_assert(aicore::lib::kAntiQuantOut<OutputDataType>,                               \
                "AscendAntiQuant: OutputDataType must be half or bfloat16_t")

// PER_CHANNEL -----------------------------------------------------------------------

AICORE_ANTIQUANT_TEMPLATE
AICORE_INLINE void AscendAntiQuant(const LocalTensor<OutputDataType>& dst,
                                   const LocalTensor<InputDataType>& src,
                                   const LocalTensor<OutputDataType>& offset,
                                   const LocalTensor<OutputDataType>& scale,
                                   const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t k,
                                   const AntiQuantShapeInfo& shapeInfo = {},
                                   aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_ANTIQUANT_TYPE_CHECK;
  aicore::lib::AntiQuantPerChannel<InputDataType, OutputDataType, isTranspose>(
      dst, src, &offset, scale, &sharedTmpBuffer, k, shapeInfo, loc);
}
AICORE_ANTIQUANT_TEMPLATE
AICORE_INLINE void AscendAntiQuant(const LocalTensor<OutputDataType>& dst,
                                   const LocalTensor<InputDataType>& src,
                                   const LocalTensor<OutputDataType>& scale,
                                   const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t k,
                                   const AntiQuantShapeInfo& shapeInfo = {},
                                   aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_ANTIQUANT_TYPE_CHECK;
  aicore::lib::AntiQuantPerChannel<InputDataType, OutputDataType, isTranspose>(
      dst, src, nullptr, scale, &sharedTmpBuffer, k, shapeInfo, loc);
}
AICORE_ANTIQUANT_TEMPLATE
AICORE_INLINE void AscendAntiQuant(const LocalTensor<OutputDataType>& dst,
                                   const LocalTensor<InputDataType>& src,
                                   const LocalTensor<OutputDataType>& offset,
                                   const LocalTensor<OutputDataType>& scale, const uint32_t k,
                                   const AntiQuantShapeInfo& shapeInfo = {},
                                   aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_ANTIQUANT_TYPE_CHECK;
  aicore::lib::AntiQuantPerChannel<InputDataType, OutputDataType, isTranspose>(
      dst, src, &offset, scale, nullptr, k, shapeInfo, loc);
}

// PER_TENSOR ------------------------------------------------------------------------

AICORE_ANTIQUANT_TEMPLATE
AICORE_INLINE void AscendAntiQuant(const LocalTensor<OutputDataType>& dst,
                                   const LocalTensor<InputDataType>& src,
                                   const OutputDataType offset, const OutputDataType scale,
                                   const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t k,
                                   const AntiQuantShapeInfo& shapeInfo = {},
                                   aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_ANTIQUANT_TYPE_CHECK;
  (void)shapeInfo;
  aicore::lib::AntiQuantPerTensor<InputDataType, OutputDataType, isTranspose>(
      dst, src, true, offset, scale, &sharedTmpBuffer, k, loc);
}
AICORE_ANTIQUANT_TEMPLATE
AICORE_INLINE void AscendAntiQuant(const LocalTensor<OutputDataType>& dst,
                                   const LocalTensor<InputDataType>& src,
                                   const OutputDataType scale,
                                   const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t k,
                                   const AntiQuantShapeInfo& shapeInfo = {},
                                   aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_ANTIQUANT_TYPE_CHECK;
  (void)shapeInfo;
  aicore::lib::AntiQuantPerTensor<InputDataType, OutputDataType, isTranspose>(
      dst, src, false, scale, scale, &sharedTmpBuffer, k, loc);
}
AICORE_ANTIQUANT_TEMPLATE
AICORE_INLINE void AscendAntiQuant(const LocalTensor<OutputDataType>& dst,
                                   const LocalTensor<InputDataType>& src,
                                   const OutputDataType offset, const OutputDataType scale,
                                   const uint32_t k, const AntiQuantShapeInfo& shapeInfo = {},
                                   aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_ANTIQUANT_TYPE_CHECK;
  (void)shapeInfo;
  aicore::lib::AntiQuantPerTensor<InputDataType, OutputDataType, isTranspose>(
      dst, src, true, offset, scale, nullptr, k, loc);
}

#undef AICORE_ANTIQUANT_TEMPLATE
#undef AICORE_ANTIQUANT_TYPE_CHECK

AICORE_TARGET_END
}  // namespace AscendC
