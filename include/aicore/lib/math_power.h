// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Power of the advanced API (the vendor's lib/math/power.h), Ascend910B
// profile (no PowerConfig template parameter there: the config is Ascend 950
// only), T half, float or int32_t:
//
//   Power<T, isReuseSource>(dst, src0Tensor, src1Tensor[, sharedTmpBuffer][, calCount])
//   Power<T, isReuseSource>(dst, src0Tensor, T src1Scalar[, sharedTmpBuffer][, calCount])
//   Power<T, isReuseSource>(dst, T src0Scalar, src1Tensor[, sharedTmpBuffer][, calCount])
//
// dst = base ^ exponent element by element (src0 the base, src1 the
// exponent); the whole-tensor forms count the tensor operand (src0Tensor for
// tensor ^ tensor).
//
// Numerics: the vendor's Ascend910B algorithm, one fused Highway pass.
//   float, half (half widened to f32, computed in f32, rounded once to half):
//     r = exp(y * ln|x|) in f32 (each step rounded), then, in this order of
//     masks (each from the inputs):
//       y "integral" when | |y| - rint(|y|) | < 1e-8 (so +-inf and NaN are
//       not; tiny |y| < 1e-8 counts as the integer 0);
//       x with its sign bit set and y integral with rint(|y|) odd: r = -r;
//       y = +-0, x = 1, or x = -1 with y = +-inf: r = 1;
//       otherwise, unless y = +-inf, y integral, x >= 0 or x = -inf: NaN.
//     So IEEE pow's special values (pow(-0, -3) = -inf, pow(-inf, 0.5) = inf,
//     pow(NaN, 0) = pow(1, NaN) = 1), except where the 1e-8 test calls a
//     tiny y an integer (x < 0 then gives |x|^y instead of NaN). The error
//     grows with |y * ln|x||, as on the NPU (the f32 product's rounding
//     error is amplified by exp): tests/unit/lib/test_math_power.cpp.
//   int32_t: x^|y| by repeated squaring with int32 products that wrap
//     (x^|y| modulo 2^32, as the NPU's int32 Mul); y = 0 gives 1 (also for
//     x = 0); y < 0 gives trunc(1 / x^|y|): 1 or -1 where x^|y| is 1 or -1,
//     else 0 (x = 0 included). |INT32_MIN| is taken as 2^31 (the NPU's
//     arithmetic-shift loop may not terminate there: not verified).
//
// The sharedTmpBuffer is checked (allocated, aligned, not below the minimum
// of GetPowerMaxMinTmpSize, not overlapping an operand), not used;
// isReuseSource changes nothing. Bad operands raise KernelError: a count
// beyond an operand, unallocated or misaligned tensors, dst overlapping a
// source (the vendor does not support it), a small or overlapping
// sharedTmpBuffer. T other than half/float/int32_t does not compile.
#pragma once

#include <cstdint>
#include <type_traits>

#include "aicore/instrument/sanitizer/numeric_api.h"
#include "aicore/lib/activation.h"
#include "aicore/lib/glu.h"
#include "aicore/lib/math_tiling.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/simd.h"
#include "aicore/simd/target.h"

namespace aicore {
namespace lib {

template <class T>
constexpr bool kPowerType =
    std::is_same_v<T, half> || std::is_same_v<T, float> || std::is_same_v<T, int32_t>;

AICORE_TARGET_BEGIN

namespace power {
// The float chain: exp(y * ln|x|) with the vendor's sign, one and NaN masks.
template <class D, class V>
HWY_INLINE V Float(D d, V x, V y) {
  const V ay = hn::Abs(y);
  const V one = hn::Set(d, 1.0f);
  const V inf = hn::Set(d, HUGE_VALF);
  // hn::Mul's product is not fused with anything (ExpOp takes it as is).
  V r = simd::ExpOp()(d, hn::Mul(y, simd::LnOp()(d, hn::Abs(x))));
  const V ry = hn::Round(ay);  // ties to even, as CAST_RINT
  const auto integral = hn::Lt(hn::Abs(hn::Sub(ay, ry)), hn::Set(d, 1e-8f));
  const V parity = hn::Sub(ry, hn::Mul(hn::Floor(hn::Mul(ry, hn::Set(d, 0.5f))), hn::Set(d, 2.0f)));
  const hn::RebindToSigned<D> di;
  const auto x_neg = hn::RebindMask(d, hn::Lt(hn::BitCast(di, x), hn::Zero(di)));  // sign bit
  const auto negate = hn::And(hn::And(x_neg, integral), hn::Eq(parity, one));
  r = hn::IfThenElse(negate, hn::Neg(r), r);
  // y = +-0, x = 1, or x = -1 with y = +-inf give 1 (the vendor selects r
  // where all of |y| != 0, x != 1, (x != -1 or |y| != inf) hold, IEEE "not
  // equal", so a NaN x or y keeps r).
  const auto to_one = hn::Or(hn::Or(hn::Eq(ay, hn::Zero(d)), hn::Eq(x, one)),
                             hn::And(hn::Eq(x, hn::Neg(one)), hn::Eq(ay, inf)));
  r = hn::IfThenElse(to_one, one, r);
  const auto defined = hn::Or(hn::Or(hn::Eq(ay, inf), integral),
                              hn::Or(hn::Ge(x, hn::Zero(d)), hn::Eq(x, hn::Neg(inf))));
  return hn::IfThenElse(defined, r, hn::Set(d, __builtin_nanf("")));
}

// The int32 result: x^|y| modulo 2^32 by square and multiply; y < 0 gives
// trunc(1 / p): p for p = +-1, else 0.
template <class D, class V>
HWY_INLINE V Int(D d, V x, V y) {
  const hn::RebindToUnsigned<D> du;
  using VU = hn::Vec<decltype(du)>;
  const VU zero = hn::Zero(du);
  const VU one = hn::Set(du, 1u);
  VU m = hn::BitCast(du, hn::IfThenElse(hn::Lt(y, hn::Zero(d)), hn::Neg(y), y));
  VU b = hn::BitCast(du, x);
  VU p = one;
  while (!hn::AllTrue(du, hn::Eq(m, zero))) {
    p = hn::IfThenElse(hn::Eq(hn::And(m, one), one), hn::Mul(p, b), p);
    b = hn::Mul(b, b);
    m = hn::ShiftRight<1>(m);
  }
  const V ps = hn::BitCast(d, p);
  const V unit = hn::IfThenElseZero(hn::Eq(hn::Abs(ps), hn::Set(d, 1)), ps);
  return hn::IfThenElse(hn::Lt(y, hn::Zero(d)), unit, ps);
}

template <class D, class V>
HWY_INLINE V Pow(D d, V x, V y) {
  if constexpr (std::is_same_v<hn::TFromD<D>, float>) {
    return Float(d, x, y);
  } else {
    return Int(d, x, y);
  }
}
}  // namespace power

struct PowerOp {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x, V y) const {
    return power::Pow(d, x, y);
  }
};
template <class C>
struct PowerExpScalarOp {  // tensor ^ scalar
  C y;
  C Scalar() const { return y; }
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    return power::Pow(d, x, hn::Set(d, y));
  }
};
template <class C>
struct PowerBaseScalarOp {  // scalar ^ tensor
  C x;
  C Scalar() const { return x; }
  template <class D, class V>
  HWY_INLINE V operator()(D d, V y) const {
    return power::Pow(d, hn::Set(d, x), y);
  }
};

constexpr TwoSources kPowerSources{"src0Tensor", "src1Tensor", false};

// The forms with one tensor source: checks (the source named `role`), then
// the fused pass.
template <class T, class Op>
AICORE_INLINE void PowerScalarPass(const char* role, const AscendC::LocalTensor<T>& dst,
                                   const AscendC::LocalTensor<T>& src,
                                   const AscendC::LocalTensor<uint8_t>* tmp, uint32_t count,
                                   SrcLoc loc, const Op& op) {
  constexpr const char* kApi = "Power";
  detail::Enter(kApi, loc);
  if (AICORE_UNLIKELY(count >= 0x80000000u)) detail::FailNegativeCount32(kApi, count, loc);
  if (AICORE_UNLIKELY(count > src.GetSize())) {
    FailBeyondTensor<T>(kApi, "calCount", count, role, src.GetSize(), loc);
  }
  if (AICORE_UNLIKELY(count > dst.GetSize())) {
    FailBeyondTensor<T>(kApi, "calCount", count, "dstTensor", dst.GetSize(), loc);
  }
  const uint64_t bytes = uint64_t{count} * sizeof(T);
  detail::CheckLocal(kApi, "dst", dst, bytes, loc);
  detail::CheckLocal(kApi, "src", src, bytes, loc);
  if (AICORE_UNLIKELY(detail::BytesOverlap(dst.addr_, bytes, src.addr_, bytes))) {
    FailDstOverlapsSrc(kApi, role, loc);
  }
  if (tmp != nullptr) {
    CheckTmp(kApi, *tmp, PowerMinTmpBytes(std::is_same_v<T, int32_t>, sizeof(T), false),
             "GetPowerMaxMinTmpSize", dst, src, count, loc);
  }
  detail::NumApi(
      kApi, loc,
      [&]() AICORE_LAMBDA_INLINE {
        if (count != 0) simd::MapN(dst.addr_, static_cast<size_t>(count), op, src.addr_);
      },
      [&](detail::NumApiCall& c) {
        c.InAt(role, src.addr_, count), c.Scalar("scalarValue", op.Scalar());
        c.Out("dst", dst.addr_, count);
      });
}

template <class T>
using PowerScalarT = simd::ComputeT<T>;

AICORE_TARGET_END
}  // namespace lib
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

#define AICORE_POWER_TYPE_CHECK \
  static_assert(aicore::lib::kPowerType<T>, "Power: T must be half, float or int32_t")

// ---- tensor ^ tensor ---------------------------------------------------------------
template <typename T, bool isReuseSource = false>
AICORE_INLINE void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                         const LocalTensor<T>& src1Tensor,
                         const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount,
                         aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_POWER_TYPE_CHECK;
  aicore::lib::TwoSourcePass(
      "Power", aicore::lib::kPowerSources, dstTensor, src0Tensor, src1Tensor, &sharedTmpBuffer,
      aicore::lib::PowerMinTmpBytes(std::is_same_v<T, int32_t>, sizeof(T), true),
      "GetPowerMaxMinTmpSize", calCount, loc, aicore::lib::PowerOp{});
}
template <typename T, bool isReuseSource = false>
AICORE_INLINE void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                         const LocalTensor<T>& src1Tensor, uint32_t calCount,
                         aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_POWER_TYPE_CHECK;
  aicore::lib::TwoSourcePass("Power", aicore::lib::kPowerSources, dstTensor, src0Tensor,
                             src1Tensor, nullptr, 0, "", calCount, loc, aicore::lib::PowerOp{});
}
template <typename T, bool isReuseSource = false>
AICORE_INLINE void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                         const LocalTensor<T>& src1Tensor,
                         const LocalTensor<uint8_t>& sharedTmpBuffer,
                         aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  Power<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, sharedTmpBuffer,
                          src0Tensor.GetSize(), loc);
}
template <typename T, bool isReuseSource = false>
AICORE_INLINE void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                         const LocalTensor<T>& src1Tensor,
                         aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  Power<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, src0Tensor.GetSize(), loc);
}

// ---- tensor ^ scalar ---------------------------------------------------------------
template <typename T, bool isReuseSource = false>
AICORE_INLINE void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                         const T& src1Scalar, const LocalTensor<uint8_t>& sharedTmpBuffer,
                         uint32_t calCount, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_POWER_TYPE_CHECK;
  using C = aicore::lib::PowerScalarT<T>;
  aicore::lib::PowerScalarPass("src0Tensor", dstTensor, src0Tensor, &sharedTmpBuffer, calCount,
                               loc,
                               aicore::lib::PowerExpScalarOp<C>{static_cast<C>(src1Scalar)});
}
template <typename T, bool isReuseSource = false>
AICORE_INLINE void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                         const T& src1Scalar, uint32_t calCount,
                         aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_POWER_TYPE_CHECK;
  using C = aicore::lib::PowerScalarT<T>;
  aicore::lib::PowerScalarPass("src0Tensor", dstTensor, src0Tensor, nullptr, calCount, loc,
                               aicore::lib::PowerExpScalarOp<C>{static_cast<C>(src1Scalar)});
}
template <typename T, bool isReuseSource = false>
AICORE_INLINE void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                         const T& src1Scalar, const LocalTensor<uint8_t>& sharedTmpBuffer,
                         aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  Power<T, isReuseSource>(dstTensor, src0Tensor, src1Scalar, sharedTmpBuffer,
                          src0Tensor.GetSize(), loc);
}
template <typename T, bool isReuseSource = false>
AICORE_INLINE void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                         const T& src1Scalar, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  Power<T, isReuseSource>(dstTensor, src0Tensor, src1Scalar, src0Tensor.GetSize(), loc);
}

// ---- scalar ^ tensor ---------------------------------------------------------------
template <typename T, bool isReuseSource = false>
AICORE_INLINE void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar,
                         const LocalTensor<T>& src1Tensor,
                         const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount,
                         aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_POWER_TYPE_CHECK;
  using C = aicore::lib::PowerScalarT<T>;
  aicore::lib::PowerScalarPass("src1Tensor", dstTensor, src1Tensor, &sharedTmpBuffer, calCount,
                               loc,
                               aicore::lib::PowerBaseScalarOp<C>{static_cast<C>(src0Scalar)});
}
template <typename T, bool isReuseSource = false>
AICORE_INLINE void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar,
                         const LocalTensor<T>& src1Tensor, uint32_t calCount,
                         aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_POWER_TYPE_CHECK;
  using C = aicore::lib::PowerScalarT<T>;
  aicore::lib::PowerScalarPass("src1Tensor", dstTensor, src1Tensor, nullptr, calCount, loc,
                               aicore::lib::PowerBaseScalarOp<C>{static_cast<C>(src0Scalar)});
}
template <typename T, bool isReuseSource = false>
AICORE_INLINE void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar,
                         const LocalTensor<T>& src1Tensor,
                         const LocalTensor<uint8_t>& sharedTmpBuffer,
                         aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  Power<T, isReuseSource>(dstTensor, src0Scalar, src1Tensor, sharedTmpBuffer,
                          src1Tensor.GetSize(), loc);
}
template <typename T, bool isReuseSource = false>
AICORE_INLINE void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar,
                         const LocalTensor<T>& src1Tensor,
                         aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  Power<T, isReuseSource>(dstTensor, src0Scalar, src1Tensor, src1Tensor.GetSize(), loc);
}

#undef AICORE_POWER_TYPE_CHECK

AICORE_TARGET_END
}  // namespace AscendC
