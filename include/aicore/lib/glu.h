// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The GLU activations of the advanced API (the vendor's
// lib/activation/{geglu,swiglu,reglu}.h), Ascend910B profile. x0 and x1 are
// the elements of srcTensor0 and srcTensor1; the gate acts on x1:
//
//   GeGLU<T, isReuseSource>(dst, src0, src1[, sharedTmpBuffer][, calCount])
//       y = x0 * x1 / (1 + exp(-0.0713548162726 * x1 * (x1^2 + 22.363860002236)))
//       (GELU's tanh approximation: -0.0713548... = -2 sqrt(2/pi) 0.044715 and
//       22.36... = 1 / 0.044715); T half or float
//   SwiGLU<T, isReuseSource>(dst, src0, src1, beta[, sharedTmpBuffer][, calCount])
//       y = x0 * x1 / (1 + exp(-beta * x1)); T half or float
//   ReGlu<T, isReuseSource>(dst, src0, src1[, sharedTmpBuffer], calCount)
//       y = x0 * max(x1, 0); T half, bfloat16_t or float
//
// Each call is one fused Highway pass; half and bfloat16_t are computed in
// f32 and rounded once (to nearest even), as the vendor's implementations
// cast both inputs to float and the result back. The temporary buffer is
// checked (allocated, inside its buffer, 32-byte aligned, not below the
// minimum of lib/glu_tiling.h, not overlapping an operand), not used.
// GeGLU's gate is x1 * sigmoid(t) with t = 1.5957691 * (x1 + 0.044715 x1^3)
// evaluated with one exponential of -|t| (GeluOp of lib/activation.h; the
// same value, no overflow of exp for large negative x1). ReGlu's max
// follows aicore's Maxs: a NaN x1 gives max(NaN, 0) = 0, so y = x0 * 0.
//
// Bad operands raise KernelError naming the API: calCount beyond
// srcTensor0, srcTensor1 or dstTensor; dstTensor overlapping a source (the
// vendor does not support it: on the NPU the chain of instructions reads
// what it already overwrote); unallocated or misaligned tensors; a
// sharedTmpBuffer below the minimum or overlapping an operand. Unsupported
// element types are compile errors.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/type_name.h"
#include "aicore/instrument/sanitizer/numeric_api.h"
#include "aicore/lib/activation.h"
#include "aicore/lib/glu_tiling.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/simd.h"
#include "aicore/simd/target.h"

namespace aicore {
namespace lib {
AICORE_TARGET_BEGIN

// ---- the formulas, on f32 vectors (x0, x1) -----------------------------------

struct GeGluOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x0, V x1) const {
    return hn::Mul(x0, GeluOp()(d, x1));
  }
};

struct SwiGluOp {
  float beta;
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x0, V x1) const {
    return hn::Mul(x0, SwishOp{beta}(d, x1));
  }
};

struct ReGluOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x0, V x1) const {
    return hn::Mul(x0, simd::MaxOp()(d, x1, hn::Zero(d)));
  }
};

// ---- checks and the pass -------------------------------------------------------

[[noreturn]] AICORE_COLD inline void FailDstOverlapsSrc(const char* api, const char* role,
                                                        SrcLoc loc) {
  detail::Fail(ErrorKind::kParameter, api, loc,
               std::string("dstTensor overlaps ") + role +
                   " (the API does not support a destination that shares addresses with a "
                   "source)");
}

// The two-source pass of the GLU activations and of the math APIs with two
// sources (Fmod, Xor: lib/math_misc.h). The source names follow each API's
// parameters in messages; the GLU activations forbid a destination that
// shares addresses with a source, the math APIs compute element by element and
// allow it.
struct TwoSources {
  const char* src0;  // "srcTensor0" / "src0Tensor"
  const char* src1;
  bool dst_may_overlap;
};
constexpr TwoSources kGluSources{"srcTensor0", "srcTensor1", false};

template <class T>
AICORE_INLINE void CheckTwoSources(const char* api, const TwoSources& names,
                                   const AscendC::LocalTensor<T>& dst,
                                   const AscendC::LocalTensor<T>& src0,
                                   const AscendC::LocalTensor<T>& src1, uint32_t count,
                                   SrcLoc loc) {
  if (AICORE_UNLIKELY(count >= 0x80000000u)) detail::FailNegativeCount32(api, count, loc);
  if (AICORE_UNLIKELY(count > src0.GetSize())) {
    FailBeyondTensor<T>(api, "calCount", count, names.src0, src0.GetSize(), loc);
  }
  if (AICORE_UNLIKELY(count > src1.GetSize())) {
    FailBeyondTensor<T>(api, "calCount", count, names.src1, src1.GetSize(), loc);
  }
  if (AICORE_UNLIKELY(count > dst.GetSize())) {
    FailBeyondTensor<T>(api, "calCount", count, "dstTensor", dst.GetSize(), loc);
  }
  const uint64_t bytes = uint64_t{count} * sizeof(T);
  detail::CheckLocal(api, "dst", dst, bytes, loc);
  detail::CheckLocal(api, "src0", src0, bytes, loc);
  detail::CheckLocal(api, "src1", src1, bytes, loc);
  if (names.dst_may_overlap) return;
  if (AICORE_UNLIKELY(detail::BytesOverlap(dst.addr_, bytes, src0.addr_, bytes))) {
    FailDstOverlapsSrc(api, names.src0, loc);
  }
  if (AICORE_UNLIKELY(detail::BytesOverlap(dst.addr_, bytes, src1.addr_, bytes))) {
    FailDstOverlapsSrc(api, names.src1, loc);
  }
}

// One two-source call: checks, then the fused pass.
template <class T, class Op>
AICORE_INLINE void TwoSourcePass(const char* api, const TwoSources& names,
                                 const AscendC::LocalTensor<T>& dst,
                                 const AscendC::LocalTensor<T>& src0,
                                 const AscendC::LocalTensor<T>& src1,
                                 const AscendC::LocalTensor<uint8_t>* tmp, uint32_t tmp_need,
                                 const char* helper, uint32_t count, SrcLoc loc, const Op& op) {
  detail::Enter(api, loc);
  CheckTwoSources(api, names, dst, src0, src1, count, loc);
  if (tmp != nullptr) {
    CheckTmp(api, *tmp, tmp_need, helper, dst, src0, count, loc);
    const uint64_t bytes = uint64_t{count} * sizeof(T);
    if (AICORE_UNLIKELY(detail::BytesOverlap(tmp->addr_, tmp->GetSize(), src1.addr_, bytes))) {
      FailTmpOverlap(api, names.src1, loc);
    }
  }
  detail::NumApi(
      api, loc,
      [&]() AICORE_LAMBDA_INLINE {
        if (count != 0)
          simd::MapN(dst.addr_, static_cast<size_t>(count), op, src0.addr_, src1.addr_);
      },
      [&](detail::NumApiCall& c) {
        c.InAt(names.src0, src0.addr_, count), c.InAt(names.src1, src1.addr_, count);
        c.OpScalar(op), c.Out("dst", dst.addr_, count);
      });
}

template <class T>
constexpr bool kReGluType =
    std::is_same_v<T, half> || std::is_same_v<T, float> || std::is_same_v<T, bfloat16_t>;

AICORE_TARGET_END
}  // namespace lib
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

// ---- GeGLU -------------------------------------------------------------------------

template <typename T, bool isReuseSource = false>
AICORE_INLINE void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
                         const LocalTensor<T>& srcTensor1,
                         const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount,
                         aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kActivationType<T>, "GeGLU: T must be half or float");
  aicore::lib::TwoSourcePass("GeGLU", aicore::lib::kGluSources, dstTensor, srcTensor0, srcTensor1,
                             &sharedTmpBuffer, aicore::lib::GeGluMinTmpBytes(sizeof(T)),
                             "GetGeGLUMaxMinTmpSize", calCount, loc, aicore::lib::GeGluOp{});
}
template <typename T, bool isReuseSource = false>
AICORE_INLINE void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
                         const LocalTensor<T>& srcTensor1, uint32_t calCount,
                         aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kActivationType<T>, "GeGLU: T must be half or float");
  aicore::lib::TwoSourcePass("GeGLU", aicore::lib::kGluSources, dstTensor, srcTensor0, srcTensor1,
                             nullptr, 0, "", calCount, loc, aicore::lib::GeGluOp{});
}
template <typename T, bool isReuseSource = false>
AICORE_INLINE void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
                         const LocalTensor<T>& srcTensor1,
                         const LocalTensor<uint8_t>& sharedTmpBuffer,
                         aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  GeGLU<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, sharedTmpBuffer,
                          srcTensor0.GetSize(), loc);
}
template <typename T, bool isReuseSource = false>
AICORE_INLINE void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
                         const LocalTensor<T>& srcTensor1,
                         aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  GeGLU<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, srcTensor0.GetSize(), loc);
}

// ---- SwiGLU (scalarValue is beta; dstTensor is a non-const reference, as
// the vendor declares it) ------------------------------------------------------------

template <typename T, bool isReuseSource = false>
AICORE_INLINE void SwiGLU(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
                          const LocalTensor<T>& srcTensor1, const float& scalarValue,
                          const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount,
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kActivationType<T>, "SwiGLU: T must be half or float");
  aicore::lib::TwoSourcePass("SwiGLU", aicore::lib::kGluSources, dstTensor, srcTensor0, srcTensor1,
                             &sharedTmpBuffer, aicore::lib::SwiGluMinTmpBytes(sizeof(T)),
                             "GetSwiGLUMaxMinTmpSize", calCount, loc,
                             aicore::lib::SwiGluOp{scalarValue});
}
template <typename T, bool isReuseSource = false>
AICORE_INLINE void SwiGLU(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
                          const LocalTensor<T>& srcTensor1, const float& scalarValue,
                          const uint32_t calCount,
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kActivationType<T>, "SwiGLU: T must be half or float");
  aicore::lib::TwoSourcePass("SwiGLU", aicore::lib::kGluSources, dstTensor, srcTensor0, srcTensor1,
                             nullptr, 0, "", calCount, loc, aicore::lib::SwiGluOp{scalarValue});
}
template <typename T, bool isReuseSource = false>
AICORE_INLINE void SwiGLU(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
                          const LocalTensor<T>& srcTensor1, const float& scalarValue,
                          const LocalTensor<uint8_t>& sharedTmpBuffer,
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  SwiGLU<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, scalarValue, sharedTmpBuffer,
                           srcTensor0.GetSize(), loc);
}
template <typename T, bool isReuseSource = false>
AICORE_INLINE void SwiGLU(LocalTensor<T>& dstTensor, LocalTensor<T>& srcTensor0,
                          LocalTensor<T>& srcTensor1, const float& scalarValue,
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  SwiGLU<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, scalarValue, srcTensor0.GetSize(),
                           loc);
}

// ---- ReGlu (calCount forms only, as the vendor's) --------------------------------

template <typename T, bool isReuseSource = false>
AICORE_INLINE void ReGlu(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
                         const LocalTensor<T>& srcTensor1,
                         const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount,
                         aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kReGluType<T>, "ReGlu: T must be half, bfloat16_t or float");
  aicore::lib::TwoSourcePass("ReGlu", aicore::lib::kGluSources, dstTensor, srcTensor0, srcTensor1,
                             &sharedTmpBuffer, aicore::lib::ReGluMinTmpBytes(sizeof(T)),
                             "GetReGluMaxMinTmpSize", calCount, loc, aicore::lib::ReGluOp{});
}
template <typename T, bool isReuseSource = false>
AICORE_INLINE void ReGlu(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
                         const LocalTensor<T>& srcTensor1, const uint32_t calCount,
                         aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kReGluType<T>, "ReGlu: T must be half, bfloat16_t or float");
  aicore::lib::TwoSourcePass("ReGlu", aicore::lib::kGluSources, dstTensor, srcTensor0, srcTensor1,
                             nullptr, 0, "", calCount, loc, aicore::lib::ReGluOp{});
}

AICORE_TARGET_END
}  // namespace AscendC
