// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host side of the high-level Transpose (ConfusionTranspose) of the Ascend910B
// (the vendor's adv_api/transpose/confusion_transpose_tiling.h and
// confusion_transpose_tilingdata.h):
//
//   ConfusionTransposeTiling: the vendor's 18 uint32_t fields param0 ..
//     param17; AscendC::tiling::ConfusionTransposeTiling and
//     optiling::ConfusionTransposeTiling are one type (usable in
//     BEGIN_TILING_DATA_DEF through TILING_DATA_FIELD_DEF_STRUCT), so the
//     vendor's overload pairs are one function here.
//   GetConfusionTransposeMaxMinTmpSize / GetTransposeMaxMinTmpSize(srcShape,
//     typeSize, transposeTypeIn, maxValue, minValue): the documented sizes
//     in bytes: TRANSPOSE_NZ2ND_0213 / NZ2NZ_0213 max = round16(A2) * 16 *
//     typeSize, min = 256 * typeSize (srcShape [B, A1, A2, A3]); the four
//     NZ*_012_* types 2 * 256 * typeSize both; TRANSPOSE_ND2ND_ONLY 0.
//   GetConfusionTransposeTilingInfo / GetTransposeTilingInfo(srcShape,
//     stackBufferSize, typeSize, transposeTypeIn, tiling) and
//     GetConfusionTransposeOnlyTilingInfo(srcShape, stackBufferSize,
//     typeSize, tiling): for TRANSPOSE_ND2ND_ONLY (srcShape [H, W]) the
//     vendor's field values: param0 = 32 / typeSize, param1 = H, param2 = W,
//     param3 = H / 16, param4 = H (the destination row stride in 32-byte
//     blocks of 32 / typeSize elements), param5 = W / (32 / typeSize); the
//     other fields 0. The NZ types: KernelError (aicore's kernel does not
//     implement them, so it has no tiling for them).
//
// Bad input (typeSize not 1, 2 or 4, a shape of the wrong rank, a type
// outside the list) raises KernelError naming the function and the values.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "aicore/base/error.h"
#include "aicore/lib/tensor_shape.h"
#include "aicore/runtime/context.h"
#include "aicore/runtime/tiling.h"

namespace AscendC {
namespace tiling {

BEGIN_TILING_DATA_DEF(ConfusionTransposeTiling)
TILING_DATA_FIELD_DEF(uint32_t, param0);
TILING_DATA_FIELD_DEF(uint32_t, param1);
TILING_DATA_FIELD_DEF(uint32_t, param2);
TILING_DATA_FIELD_DEF(uint32_t, param3);
TILING_DATA_FIELD_DEF(uint32_t, param4);
TILING_DATA_FIELD_DEF(uint32_t, param5);
TILING_DATA_FIELD_DEF(uint32_t, param6);
TILING_DATA_FIELD_DEF(uint32_t, param7);
TILING_DATA_FIELD_DEF(uint32_t, param8);
TILING_DATA_FIELD_DEF(uint32_t, param9);
TILING_DATA_FIELD_DEF(uint32_t, param10);
TILING_DATA_FIELD_DEF(uint32_t, param11);
TILING_DATA_FIELD_DEF(uint32_t, param12);
TILING_DATA_FIELD_DEF(uint32_t, param13);
TILING_DATA_FIELD_DEF(uint32_t, param14);
TILING_DATA_FIELD_DEF(uint32_t, param15);
TILING_DATA_FIELD_DEF(uint32_t, param16);
TILING_DATA_FIELD_DEF(uint32_t, param17);
END_TILING_DATA_DEF;

}  // namespace tiling

using tiling::ConfusionTransposeTiling;

}  // namespace AscendC

namespace optiling {
using AscendC::tiling::ConfusionTransposeTiling;
}  // namespace optiling

namespace aicore {
namespace lib {

// TransposeType values (ops/transpose.h) the host functions take as uint32_t.
constexpr uint32_t kTransNz2Nd0213 = 1, kTransNz2Nz0213 = 2, kTransNz2Nz012WithN = 3,
                   kTransNz2Nd012WithN = 4, kTransNz2Nd012WithoutN = 5,
                   kTransNz2Nz012WithoutN = 6, kTransNd2NdOnly = 7;

[[noreturn]] AICORE_COLD inline void FailTransposeHost(const char* fn, const std::string& what,
                                                       SrcLoc loc) {
  detail::Fail(ErrorKind::kParameter, fn, loc, what);
}

inline void CheckTransposeTypeSize(const char* fn, uint32_t typeSize, SrcLoc loc) {
  if (typeSize != 1 && typeSize != 2 && typeSize != 4) {
    FailTransposeHost(fn, "typeSize " + std::to_string(typeSize) + " is not 1, 2 or 4", loc);
  }
}

inline std::vector<int64_t> TransposeDims(const char* fn, const AscendC::TensorShape& s,
                                          size_t rank, SrcLoc loc) {
  std::vector<int64_t> d = s.GetDims();
  if (d.size() != rank) {
    FailTransposeHost(fn, "srcShape has " + std::to_string(d.size()) + " dimensions, the type "
                          "needs " + std::to_string(rank), loc);
  }
  for (int64_t v : d) {
    if (v < 0 || v > 0xffffffffll) {
      FailTransposeHost(fn, "srcShape dimension " + std::to_string(v) + " is outside [0, 2^32)",
                        loc);
    }
  }
  return d;
}

}  // namespace lib
}  // namespace aicore

namespace AscendC {

inline void GetTransposeMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize,
                                      const uint32_t transposeTypeIn, uint32_t& maxValue,
                                      uint32_t& minValue,
                                      aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace lib = aicore::lib;
  const char* fn = "GetTransposeMaxMinTmpSize";
  lib::CheckTransposeTypeSize(fn, typeSize, loc);
  switch (transposeTypeIn) {
    case lib::kTransNz2Nd0213:
    case lib::kTransNz2Nz0213: {
      const std::vector<int64_t> d = lib::TransposeDims(fn, srcShape, 4, loc);
      maxValue = static_cast<uint32_t>((d[2] + 15) / 16 * 16 * 16 * typeSize);
      minValue = 256 * typeSize;
      return;
    }
    case lib::kTransNz2Nz012WithN:
    case lib::kTransNz2Nd012WithN:
    case lib::kTransNz2Nd012WithoutN:
    case lib::kTransNz2Nz012WithoutN:
      maxValue = minValue = 2 * 256 * typeSize;
      return;
    case lib::kTransNd2NdOnly:
      maxValue = minValue = 0;
      return;
    default:
      lib::FailTransposeHost(fn, "transposeTypeIn " + std::to_string(transposeTypeIn) +
                                     " is not a type of the high-level Transpose (1 to 7)", loc);
  }
}

inline void GetConfusionTransposeMaxMinTmpSize(const TensorShape& srcShape,
                                               const uint32_t typeSize,
                                               const uint32_t transposeTypeIn, uint32_t& maxValue,
                                               uint32_t& minValue,
                                               aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  GetTransposeMaxMinTmpSize(srcShape, typeSize, transposeTypeIn, maxValue, minValue, loc);
}

inline void GetConfusionTransposeOnlyTilingInfo(const TensorShape& srcShape,
                                                const uint32_t stackBufferSize,
                                                const uint32_t typeSize,
                                                ConfusionTransposeTiling& tiling,
                                                aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace lib = aicore::lib;
  const char* fn = "GetConfusionTransposeOnlyTilingInfo";
  (void)stackBufferSize;
  lib::CheckTransposeTypeSize(fn, typeSize, loc);
  const std::vector<int64_t> d = lib::TransposeDims(fn, srcShape, 2, loc);
  const uint32_t block = 32 / typeSize;
  const uint32_t h = static_cast<uint32_t>(d[0]), w = static_cast<uint32_t>(d[1]);
  tiling = ConfusionTransposeTiling{};
  tiling.param0 = block;
  tiling.param1 = h;
  tiling.param2 = w;
  tiling.param3 = h / 16;
  tiling.param4 = h * block * typeSize / 32;
  tiling.param5 = w / block;
}

inline void GetTransposeTilingInfo(const TensorShape& srcShape, const uint32_t stackBufferSize,
                                   const uint32_t typeSize, const uint32_t transposeTypeIn,
                                   ConfusionTransposeTiling& tiling,
                                   aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  if (transposeTypeIn == aicore::lib::kTransNd2NdOnly) {
    GetConfusionTransposeOnlyTilingInfo(srcShape, stackBufferSize, typeSize, tiling, loc);
    return;
  }
  aicore::lib::FailTransposeHost(
      "GetTransposeTilingInfo",
      "transposeTypeIn " + std::to_string(transposeTypeIn) +
          " is not implemented in aicore (only TRANSPOSE_ND2ND_ONLY, 7, is)", loc);
}

inline void GetConfusionTransposeTilingInfo(const TensorShape& srcShape,
                                            const uint32_t stackBufferSize,
                                            const uint32_t typeSize,
                                            const uint32_t transposeTypeIn,
                                            ConfusionTransposeTiling& tiling,
                                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  GetTransposeTilingInfo(srcShape, stackBufferSize, typeSize, transposeTypeIn, tiling, loc);
}

}  // namespace AscendC
