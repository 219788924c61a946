// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// DropOut of the advanced API (the vendor's lib/filter/dropout.h,
// adv_api/filter/dropout.h), Ascend910B profile:
//
//   template <typename T, bool isInitBitMode = false, uint32_t dropOutMode = 0>
//   DropOut(dstLocal, srcLocal, maskLocal[, sharedTmpBuffer], float keepProb, info)
//   struct DropOutShapeInfo {firstAxis, srcLastAxis, maskLastAxis} (all 0)
//
// T half or float, maskLocal uint8_t. src / dst are [firstAxis, srcLastAxis]
// row-major. dropOutMode (0: chosen from info as the reference says:
// srcLastAxis < maskLastAxis -> 1, == -> 2, srcLastAxis == 8 * maskLastAxis
// -> 3, else 4):
//   1 byte mode, mask rows of maskLastAxis bytes (the first srcLastAxis used)
//   2 byte mode, the mask [firstAxis, srcLastAxis] contiguous
//   3 bit mode, the mask bits contiguous (element e: bit e % 8 of byte e / 8,
//     the NPU's Select bit order: the low bit first)
//   4 bit mode, mask rows of maskLastAxis bytes (the first srcLastAxis bits used)
// Numerics (the vendor's 910B algorithm; d = T(1.0f / keepProb), rounded to
// T once):
//   byte modes: dst = T(T(m * x) * d), m the mask byte as a number (the NPU
//     multiplies by the mask cast to half: a mask byte 2 doubles, and a
//     dropped NaN / infinity gives NaN, a dropped negative -0)
//   bit modes:  dst = bit ? T(x * d) : +0 (the NPU selects 0 first)
// each product computed exactly in f32 and rounded once, so bit-exact against
// the scalar model. One Highway pass per row. isInitBitMode changes nothing
// (on the NPU it initializes a select register for the bit modes).
//
// Host helpers (lib/dropout_tiling.h): GetDropOutMaxMinTmpSize and the
// Min / Max forms. The temporary buffer is checked (allocated, inside its
// buffer, not below 512 bytes, not overlapping an operand), not used.
//
// Bad input raises KernelError naming DropOut: firstAxis 0, keepProb outside
// (0, 1), maskLastAxis odd in modes 1 and 4, a shape beyond dst / src / mask,
// srcLastAxis beyond the mask row (modes 1 and 4) or not matching the mode
// chosen explicitly (2: maskLastAxis == srcLastAxis, 3: srcLastAxis ==
// 8 * maskLastAxis), dst partly overlapping src (the same start is allowed)
// or overlapping the mask, a small or overlapping sharedTmpBuffer,
// unallocated tensors. Other T or modes above 4 do not compile.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/type_name.h"
#include "aicore/lib/activation.h"
#include "aicore/lib/dropout_tiling.h"
#include "aicore/lib/quant.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/simd.h"
#include "aicore/simd/target.h"

namespace AscendC {

struct DropOutShapeInfo {
  DropOutShapeInfo() {}
  uint32_t firstAxis = 0;
  uint32_t srcLastAxis = 0;
  uint32_t maskLastAxis = 0;
};

}  // namespace AscendC

namespace aicore {
namespace lib {
AICORE_TARGET_BEGIN

// One row of n elements: byte mode (kBit false, m[j] the factor) or bit mode
// (bit b0 + j of m, low bit first).
template <class T, bool kBit>
HWY_INLINE void DropOutRow(T* dst, const T* src, const uint8_t* m, uint64_t b0, float d, size_t n) {
  const simd::DF32 df;
  const size_t N = hn::Lanes(df);
  constexpr size_t kCap = simd::kMaxLanesBytes / sizeof(float);
  const auto dv = hn::Set(df, d);
  auto factors = [&](size_t i, size_t cnt) {
    HWY_ALIGN float f[kCap] = {};
    for (size_t l = 0; l < cnt; ++l) {
      if constexpr (kBit) {
        const uint64_t b = b0 + i + l;
        f[l] = static_cast<float>((m[b / 8] >> (b % 8)) & 1);
      } else {
        f[l] = static_cast<float>(m[i + l]);
      }
    }
    return hn::Load(df, f);
  };
  auto compute = [&](hn::Vec<simd::DF32> x, hn::Vec<simd::DF32> f) {
    if constexpr (kBit) {
      return hn::IfThenElseZero(hn::Gt(f, hn::Zero(df)), hn::Mul(x, dv));
    } else {
      auto t = hn::Mul(x, f);
      if constexpr (std::is_same_v<T, half>) t = RoundToHalf(df, t);
      return hn::Mul(t, dv);
    }
  };
  size_t i = 0;
  for (; i + N <= n; i += N) {
    const auto f = [&] {
      if constexpr (!kBit) {
        const hn::Rebind<uint8_t, simd::DF32> d8;
        const hn::RebindToSigned<simd::DF32> di;
        const hn::RebindToUnsigned<simd::DF32> du;
        return hn::ConvertTo(df, hn::BitCast(di, hn::PromoteTo(du, hn::LoadU(d8, m + i))));
      } else {
        return factors(i, N);
      }
    }();
    simd::StoreC(df, compute(simd::LoadC(df, src + i), f), dst + i);
  }
  if (i < n) {
    const size_t rem = n - i;
    HWY_ALIGN T xs[kCap] = {};
    HWY_ALIGN T out[kCap];
    std::memcpy(static_cast<void*>(xs), src + i, rem * sizeof(T));
    simd::StoreC(df, compute(simd::LoadC(df, xs), factors(i, rem)), out);
    std::memcpy(static_cast<void*>(dst + i), out, rem * sizeof(T));
  }
}

template <class T, uint32_t kMode>
AICORE_INLINE void DropOutImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                               const AscendC::LocalTensor<uint8_t>& mask,
                               const AscendC::LocalTensor<uint8_t>* tmp, float keep_prob,
                               const AscendC::DropOutShapeInfo& info, SrcLoc loc) {
  constexpr const char* api = "DropOut";
  detail::Enter(api, loc);
  auto fail = [&](const std::string& what) { detail::Fail(ErrorKind::kParameter, api, loc, what); };
  const uint64_t rows = info.firstAxis, sl = info.srcLastAxis, ml = info.maskLastAxis;
  const std::string shape = "info {firstAxis " + std::to_string(rows) + ", srcLastAxis " +
                            std::to_string(sl) + ", maskLastAxis " + std::to_string(ml) + "}";
  if (AICORE_UNLIKELY(rows == 0)) fail(shape + ": firstAxis must be above 0");
  if (AICORE_UNLIKELY(!(keep_prob > 0.0f && keep_prob < 1.0f))) {
    fail("keepProb " + std::to_string(keep_prob) + " is not in (0, 1)");
  }
  uint32_t mode = kMode;
  if (mode == 0) mode = sl < ml ? 1 : (sl == ml ? 2 : (sl == 8 * ml ? 3 : 4));
  const std::string mname = "dropOutMode " + std::to_string(mode) + (kMode == 0 ? " (inferred)" : "");
  if (AICORE_UNLIKELY((mode == 1 || mode == 4) && ml % 2 != 0)) {
    fail(shape + ": maskLastAxis must be even in " + mname);
  }
  if (AICORE_UNLIKELY(mode == 1 && sl > ml)) fail(shape + ": srcLastAxis exceeds maskLastAxis in " + mname);
  if (AICORE_UNLIKELY(mode == 2 && sl != ml)) fail(shape + ": " + mname + " needs maskLastAxis == srcLastAxis");
  if (AICORE_UNLIKELY(mode == 3 && sl != 8 * ml)) {
    fail(shape + ": " + mname + " needs srcLastAxis == 8 * maskLastAxis");
  }
  if (AICORE_UNLIKELY(mode == 4 && sl > 8 * ml)) {
    fail(shape + ": srcLastAxis exceeds the 8 * maskLastAxis bits of a mask row in " + mname);
  }
  const uint64_t n = rows * sl;
  const uint64_t mask_bytes = mode == 2 ? n : (mode == 3 ? (n + 7) / 8 : rows * ml);
  auto beyond = [&](const char* role, uint64_t need, uint32_t have) {
    if (AICORE_UNLIKELY(need > have)) {
      detail::Fail(ErrorKind::kBounds, api, loc,
                   shape + " (" + mname + ") needs " + std::to_string(need) + " elements of " + role +
                       "; it holds " + std::to_string(have));
    }
  };
  beyond("dstLocal", n, dst.GetSize());
  beyond("srcLocal", n, src.GetSize());
  beyond("maskLocal", mask_bytes, mask.GetSize());
  detail::CheckLocalOut(api, "dstLocal", dst, n * sizeof(T), loc);
  detail::CheckLocal(api, "srcLocal", src, n * sizeof(T), loc);
  detail::CheckLocal(api, "maskLocal", mask, mask_bytes, loc);
  if (AICORE_UNLIKELY(static_cast<const void*>(dst.addr_) != static_cast<const void*>(src.addr_) &&
                      detail::BytesOverlap(dst.addr_, n * sizeof(T), src.addr_, n * sizeof(T)))) {
    fail("dstLocal partly overlaps srcLocal (dst may reuse src only from the same start)");
  }
  if (AICORE_UNLIKELY(detail::BytesOverlap(dst.addr_, n * sizeof(T), mask.addr_, mask_bytes))) {
    fail("dstLocal overlaps maskLocal");
  }
  if (tmp != nullptr) {
    detail::CheckLocal(api, "sharedTmpBuffer", *tmp, tmp->GetSize(), loc, true, detail::Pipe::kCount);
    if (AICORE_UNLIKELY(tmp->GetSize() < kDropOutMinTmpBytes)) {
      FailTmpTooSmall(api, tmp->GetSize(), kDropOutMinTmpBytes, detail::TypeName<T>(),
                      "GetDropOutMaxMinTmpSize", loc);
    }
    auto over = [&](const void* p, uint64_t bytes) {
      return detail::BytesOverlap(tmp->addr_, tmp->GetSize(), p, bytes);
    };
    if (AICORE_UNLIKELY(over(dst.addr_, n * sizeof(T)))) FailTmpOverlap(api, "dstLocal", loc);
    if (AICORE_UNLIKELY(over(src.addr_, n * sizeof(T)))) FailTmpOverlap(api, "srcLocal", loc);
    if (AICORE_UNLIKELY(over(mask.addr_, mask_bytes))) FailTmpOverlap(api, "maskLocal", loc);
  }
  // d = T(1 / keepProb), as the NPU rounds the Muls scalar.
  const float d = static_cast<float>(static_cast<T>(1.0f / keep_prob));
  const uint8_t* m = mask.addr_;
  if (mode == 2) {
    DropOutRow<T, false>(dst.addr_, src.addr_, m, 0, d, n);
  } else if (mode == 3) {
    DropOutRow<T, true>(dst.addr_, src.addr_, m, 0, d, n);
  } else {
    for (uint64_t r = 0; r < rows; ++r) {
      if (mode == 1) {
        DropOutRow<T, false>(dst.addr_ + r * sl, src.addr_ + r * sl, m + r * ml, 0, d, sl);
      } else {
        DropOutRow<T, true>(dst.addr_ + r * sl, src.addr_ + r * sl, m + r * ml, 0, d, sl);
      }
    }
  }
}

AICORE_TARGET_END
}  // namespace lib
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

#define AICORE_DROPOUT_CHECK                                                    \
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,            \
                "DropOut: T must be half or float");                            \
  static_assert(dropOutMode <= 4, "DropOut: dropOutMode must be 0, 1, 2, 3 or 4")

template <typename T, bool isInitBitMode = false, uint32_t dropOutMode = 0>
AICORE_INLINE void DropOut(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                           const LocalTensor<uint8_t>& maskLocal,
                           const LocalTensor<uint8_t>& sharedTmpBuffer, const float keepProb,
                           const DropOutShapeInfo& info,
                           aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_DROPOUT_CHECK;
  aicore::lib::DropOutImpl<T, dropOutMode>(dstLocal, srcLocal, maskLocal, &sharedTmpBuffer,
                                           keepProb, info, loc);
}

template <typename T, bool isInitBitMode = false, uint32_t dropOutMode = 0>
AICORE_INLINE void DropOut(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                           const LocalTensor<uint8_t>& maskLocal, const float keepProb,
                           const DropOutShapeInfo& info,
                           aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_DROPOUT_CHECK;
  aicore::lib::DropOutImpl<T, dropOutMode>(dstLocal, srcLocal, maskLocal, nullptr, keepProb, info,
                                           loc);
}

#undef AICORE_DROPOUT_CHECK

AICORE_TARGET_END
}  // namespace AscendC
