// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The high-level Transpose of the Ascend910B, formerly ConfusionTranspose (the
// vendor's adv_api/transpose/confusion_transpose.h):
//
//   Transpose<T>(dst, src, sharedTmpBuffer, transposeType, tiling)
//   Transpose<T>(dst, src, transposeType, tiling)
//
// with a ConfusionTransposeTiling from GetConfusionTransposeTilingInfo
// (lib/confusion_transpose_tiling.h). Implemented here:
//   TRANSPOSE_ND2ND_ONLY  (scenario 7) src [H, W] -> dst [W, H], ND, H and
//                         W multiples of 16 (from tiling.param1 / param2),
//                         2- and 4-byte types (int16_t, uint16_t, half,
//                         int32_t, uint32_t, float); no temporary space
//                         (the documented minimum is 0); dst must not
//                         overlap src (aicore's rule: the documentation does
//                         not allow reuse).
//   TRANSPOSE_TYPE_NONE   does nothing.
// Not implemented (KernelError says so): the NZ scenarios 1-6
// (TRANSPOSE_NZ2ND_0213, NZ2NZ_0213, NZ2NZ_012_WITH_N, NZ2ND_012_WITH_N,
// NZ2ND_012_WITHOUT_N, NZ2NZ_012_WITHOUT_N); types of the basic Transpose
// (TRANSPOSE_ND2ND_B16, NCHW2NHWC, NHWC2NCHW) are not types of this API.
// Checks: a tiling made for another typeSize (param0 is not 32 / sizeof(T)),
// H or W not a multiple of 16, operands outside their buffers or
// misaligned, overlap.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include "aicore/base/error.h"
#include "aicore/base/type_name.h"
#include "aicore/lib/confusion_transpose_tiling.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/ops/transpose.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/target.h"

namespace AscendC {
AICORE_TARGET_BEGIN

namespace confusion_transpose_detail {

template <typename T>
inline void Run(const LocalTensor<T>& dst, const LocalTensor<T>& src, TransposeType transposeType,
                const ConfusionTransposeTiling& tiling, aicore::SrcLoc loc) {
  static_assert(sizeof(T) == 2 || sizeof(T) == 4,
                "Transpose (ConfusionTransposeTiling): 2- or 4-byte element types");
  namespace det = aicore::detail;
  const char* api = "Transpose";
  det::Enter(api, loc);
  auto fail = [&](const std::string& what) {
    det::Fail(aicore::ErrorKind::kParameter, api, loc, what);
  };
  if (transposeType == TransposeType::TRANSPOSE_TYPE_NONE) return;
  const int t = static_cast<int>(transposeType);
  if (transposeType != TransposeType::TRANSPOSE_ND2ND_ONLY) {
    if (t >= 1 && t <= 6) {
      fail("transposeType " + std::to_string(t) +
           " (an NZ scenario) is not implemented in aicore; TRANSPOSE_ND2ND_ONLY is");
    }
    fail("transposeType " + std::to_string(t) +
         " is not a type of the high-level Transpose (TRANSPOSE_TYPE_NONE, the NZ types 1-6, "
         "TRANSPOSE_ND2ND_ONLY)");
  }
  const uint32_t block = 32 / sizeof(T);
  if (AICORE_UNLIKELY(tiling.param0 != block)) {
    fail("the tiling was made for another typeSize: param0 " + std::to_string(tiling.param0) +
         ", " + det::TypeName<T>() + " needs " + std::to_string(block) +
         " (GetConfusionTransposeTilingInfo with typeSize " + std::to_string(sizeof(T)) + ")");
  }
  const uint32_t h = tiling.param1, w = tiling.param2;
  if (AICORE_UNLIKELY(h % 16 != 0 || w % 16 != 0)) {
    fail("srcShape [H, W] = [" + std::to_string(h) + ", " + std::to_string(w) +
         "] (tiling param1, param2): TRANSPOSE_ND2ND_ONLY needs H and W multiples of 16");
  }
  const uint64_t bytes = uint64_t{h} * w * sizeof(T);
  det::CheckLocal(api, "dst", dst, bytes, loc);
  det::CheckLocal(api, "src", src, bytes, loc);
  if (AICORE_UNLIKELY(det::BytesOverlap(dst.addr_, bytes, src.addr_, bytes))) {
    fail("dst overlaps src (" + std::to_string(bytes) + " bytes each); TRANSPOSE_ND2ND_ONLY "
         "needs them apart");
  }
  if (bytes == 0) return;
  using E = std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>;
  aicore::simd::TransposePlane<E>(reinterpret_cast<E*>(dst.addr_),
                                  reinterpret_cast<const E*>(src.addr_), h, w);
}

}  // namespace confusion_transpose_detail

template <typename T>
inline void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                      const LocalTensor<uint8_t>& sharedTmpBuffer, TransposeType transposeType,
                      ConfusionTransposeTiling& tiling,
                      aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  (void)sharedTmpBuffer;  // TRANSPOSE_ND2ND_ONLY needs none (its minimum is 0)
  confusion_transpose_detail::Run(dst, src, transposeType, tiling, loc);
}

template <typename T>
inline void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                      TransposeType transposeType, ConfusionTransposeTiling& tiling,
                      aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  confusion_transpose_detail::Run(dst, src, transposeType, tiling, loc);
}

AICORE_TARGET_END
}  // namespace AscendC
