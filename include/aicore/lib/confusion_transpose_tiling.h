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
//     other fields 0. For TRANSPOSE_NZ2ND_0213 and TRANSPOSE_NZ2NZ_0213
//     (srcShape [B, A1, A2, A3] = [B, N, S, H/N]; a2 = A2 and a3 = A3 rounded
//     up to 16, p = the elements of stackBufferSize rounded down to whole
//     16 x 16 fractals): param0 = 32 / typeSize, param1 = B, param2 = A1,
//     param3 = a3, param4 = a2, param5 = a3 / 16, param6 = p, param7 = p / 16,
//     param8 = 16 a2, param9 = 16 a2 / p, param10 = 16 a2 % p,
//     param11 = a2 a3, param12 = A1 a2 a3, param13 = A1 a3, param14 = 16 A1,
//     param15 = param7 * param9 * param13, param16 = param17 = 0. For
//     TRANSPOSE_NZ2ND_012_WITHOUT_N and NZ2NZ_012_WITHOUT_N (srcShape
//     [B, N, S, H/N]; H = N * H/N, hb = ceil(H / 16), sb = ceil(S / 16),
//     hnb = ceil(H/N / 16), block = 32 / typeSize; stackBufferSize unused):
//     param0 = block, param1 = B, param2 = N, param3 = H/N, param4 = H,
//     param5 = hb, param6 = sb, param7 = hnb, param8 = 16 hb,
//     param9 = 256 sb, param10 = 256 hb, param11 = 16 block hb,
//     param12 = 256 N hnb sb, param13 = 256 hb sb, param14 = 16 / block,
//     the others 0. For TRANSPOSE_NZ2NZ_012_WITH_N (scenario 3; a_hn = 16
//     hnb, a_s = 16 sb): param0 = block, param1 = B, param2 = N,
//     param3 = H/N, param4 = 16 / block, param5 = H, param6 = hb,
//     param7 = sb, param8 = 16 hb, param9 = a_s, param10 = hnb,
//     param11 = a_hn, param12 = a_hn - H/N, param13 = 16 a_s,
//     param14 = N hnb, param15 = N a_hn a_s, param16 = 16 hb a_s. For
//     TRANSPOSE_NZ2ND_012_WITH_N (scenario 4): param0 = block, param1 = B,
//     param2 = N, param3 = H/N, param4 = H, param5 = hb, param6 = sb,
//     param7 = hnb, param8 = a_hn, param9 = a_hn - H/N, param10 = 256 sb,
//     param11 = N hnb, param12 = a_s a_hn, param13 = 16 a_hn,
//     param14 = block a_hn, param15 = N a_hn a_s, param16 = 256 hb sb,
//     param17 = 16 / block.
//
// Bad input (typeSize not 1, 2 or 4 — not 2 or 4 for the NZ types —, a shape
// of the wrong rank, a type outside the list, a stackBufferSize below one
// fractal for scenarios 1/2, a padded shape past 2^32 elements) raises
// KernelError naming the function and the values.
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

// Scenarios 1 and 2 (TRANSPOSE_NZ2ND_0213 / NZ2NZ_0213): the vendor's field
// values from B, A1, a2 = A2 and a3 = A3 rounded up to 16, and p, the
// elements of the temporary buffer in whole 16 x 16 fractals (p > 0). The
// kernel recomputes them from param1..param4 and param6 to validate a tiling.
inline AscendC::ConfusionTransposeTiling Transpose0213Fields(uint32_t typeSize, uint32_t b,
                                                             uint32_t a1, uint32_t a2,
                                                             uint32_t a3, uint32_t p) {
  AscendC::ConfusionTransposeTiling t{};
  t.param0 = 32 / typeSize;
  t.param1 = b;
  t.param2 = a1;
  t.param3 = a3;
  t.param4 = a2;
  t.param5 = a3 / 16;
  t.param6 = p;
  t.param7 = p / 16;
  t.param8 = a2 * 16;
  t.param9 = p == 0 ? 0 : t.param8 / p;
  t.param10 = p == 0 ? 0 : t.param8 % p;
  t.param11 = a2 * a3;
  t.param12 = a1 * t.param11;
  t.param13 = a1 * a3;
  t.param14 = a1 * 16;
  t.param15 = t.param7 * t.param9 * t.param13;
  return t;
}

inline void CheckNzTypeSize(const char* fn, uint32_t typeSize, SrcLoc loc) {
  if (typeSize != 2 && typeSize != 4) {
    FailTransposeHost(fn, "typeSize " + std::to_string(typeSize) +
                              " is not 2 or 4 (the NZ scenarios take int16_t, uint16_t, half, "
                              "int32_t, uint32_t, float)", loc);
  }
}

inline AscendC::ConfusionTransposeTiling Transpose0213Tiling(const char* fn,
                                                             const AscendC::TensorShape& srcShape,
                                                             uint32_t stackBufferSize,
                                                             uint32_t typeSize, SrcLoc loc) {
  CheckNzTypeSize(fn, typeSize, loc);
  const std::vector<int64_t> d = TransposeDims(fn, srcShape, 4, loc);
  const uint64_t a2 = (static_cast<uint64_t>(d[2]) + 15) / 16 * 16;
  const uint64_t a3 = (static_cast<uint64_t>(d[3]) + 15) / 16 * 16;
  const uint64_t padded = static_cast<uint64_t>(d[0]) * static_cast<uint64_t>(d[1]) * a2 * a3;
  if (padded > 0xffffffffull) {
    FailTransposeHost(fn, "srcShape [" + std::to_string(d[0]) + ", " + std::to_string(d[1]) +
                              ", " + std::to_string(d[2]) + ", " + std::to_string(d[3]) +
                              "] pads to " + std::to_string(padded) +
                              " elements, past the uint32_t tiling fields", loc);
  }
  const uint32_t p = stackBufferSize / typeSize / 256 * 256;
  if (p == 0) {
    FailTransposeHost(fn, "stackBufferSize " + std::to_string(stackBufferSize) +
                              " bytes holds no 16 x 16 fractal of typeSize " +
                              std::to_string(typeSize) + ": the minimum is " +
                              std::to_string(256 * typeSize) +
                              " bytes (GetTransposeMaxMinTmpSize)", loc);
  }
  return Transpose0213Fields(typeSize, static_cast<uint32_t>(d[0]), static_cast<uint32_t>(d[1]),
                             static_cast<uint32_t>(a2), static_cast<uint32_t>(a3), p);
}

// Scenarios 5 and 6 (TRANSPOSE_NZ2ND_012_WITHOUT_N / NZ2NZ_012_WITHOUT_N):
// the vendor's field values from B, N, H/N and sb = S rounded up to 16,
// divided by 16. The kernel recomputes them from param1..param3 and param6.
inline AscendC::ConfusionTransposeTiling Transpose012Fields(uint32_t typeSize, uint32_t b,
                                                            uint32_t n, uint32_t hn,
                                                            uint32_t sb) {
  AscendC::ConfusionTransposeTiling t{};
  const uint32_t block = 32 / typeSize, h = n * hn, hb = (h + 15) / 16, hnb = (hn + 15) / 16;
  t.param0 = block;
  t.param1 = b;
  t.param2 = n;
  t.param3 = hn;
  t.param4 = h;
  t.param5 = hb;
  t.param6 = sb;
  t.param7 = hnb;
  t.param8 = hb * 16;
  t.param9 = sb * 256;
  t.param10 = hb * 16 * 16;
  t.param11 = block * hb * 16;
  t.param12 = n * hnb * 16 * sb * 16;
  t.param13 = hb * 16 * sb * 16;
  t.param14 = 16 / block;
  return t;
}

inline AscendC::ConfusionTransposeTiling Transpose012Tiling(const char* fn,
                                                            const AscendC::TensorShape& srcShape,
                                                            uint32_t typeSize, SrcLoc loc) {
  CheckNzTypeSize(fn, typeSize, loc);
  const std::vector<int64_t> d = TransposeDims(fn, srcShape, 4, loc);
  const uint64_t b = static_cast<uint64_t>(d[0]), n = static_cast<uint64_t>(d[1]),
                 s = static_cast<uint64_t>(d[2]), hn = static_cast<uint64_t>(d[3]);
  const uint64_t a_s = (s + 15) / 16 * 16, a_h = (n * hn + 15) / 16 * 16;
  const uint64_t src = b * n * ((hn + 15) / 16 * 16) * a_s, dst = b * a_h * a_s;
  if (src > 0xffffffffull || dst > 0xffffffffull) {
    FailTransposeHost(fn, "srcShape [" + std::to_string(d[0]) + ", " + std::to_string(d[1]) +
                              ", " + std::to_string(d[2]) + ", " + std::to_string(d[3]) +
                              "] pads to " + std::to_string(src > dst ? src : dst) +
                              " elements, past the uint32_t tiling fields", loc);
  }
  return Transpose012Fields(typeSize, static_cast<uint32_t>(b), static_cast<uint32_t>(n),
                            static_cast<uint32_t>(hn), static_cast<uint32_t>(a_s / 16));
}

// Scenarios 3 and 4 (TRANSPOSE_NZ2NZ_012_WITH_N / NZ2ND_012_WITH_N): the
// vendor's field values from B, N, H/N and sb = S rounded up to 16, divided
// by 16 (the two scenarios order their fields differently). The kernel
// recomputes them from param1..param3 and the sb field.
inline AscendC::ConfusionTransposeTiling Transpose012NFields(bool to_nz, uint32_t typeSize,
                                                             uint32_t b, uint32_t n, uint32_t hn,
                                                             uint32_t sb) {
  AscendC::ConfusionTransposeTiling t{};
  const uint32_t block = 32 / typeSize, h = n * hn, hb = (h + 15) / 16, hnb = (hn + 15) / 16;
  const uint32_t a_hn = hnb * 16, a_s = sb * 16;
  t.param0 = block;
  t.param1 = b;
  t.param2 = n;
  t.param3 = hn;
  if (to_nz) {
    t.param4 = 16 / block;
    t.param5 = h;
    t.param6 = hb;
    t.param7 = sb;
    t.param8 = hb * 16;
    t.param9 = a_s;
    t.param10 = hnb;
    t.param11 = a_hn;
    t.param12 = a_hn - hn;
    t.param13 = a_s * 16;
    t.param14 = n * hnb;
    t.param15 = n * a_hn * a_s;
    t.param16 = hb * 16 * a_s;
  } else {
    t.param4 = h;
    t.param5 = hb;
    t.param6 = sb;
    t.param7 = hnb;
    t.param8 = a_hn;
    t.param9 = a_hn - hn;
    t.param10 = sb * 256;
    t.param11 = n * hnb;
    t.param12 = a_s * a_hn;
    t.param13 = a_hn * 16;
    t.param14 = a_hn * block;
    t.param15 = n * a_hn * a_s;
    t.param16 = hb * sb * 256;
    t.param17 = 16 / block;
  }
  return t;
}

inline AscendC::ConfusionTransposeTiling Transpose012NTiling(const char* fn, bool to_nz,
                                                             const AscendC::TensorShape& srcShape,
                                                             uint32_t typeSize, SrcLoc loc) {
  CheckNzTypeSize(fn, typeSize, loc);
  const std::vector<int64_t> d = TransposeDims(fn, srcShape, 4, loc);
  const uint64_t b = static_cast<uint64_t>(d[0]), n = static_cast<uint64_t>(d[1]),
                 s = static_cast<uint64_t>(d[2]), hn = static_cast<uint64_t>(d[3]);
  const uint64_t a_s = (s + 15) / 16 * 16, a_h = (n * hn + 15) / 16 * 16;
  const uint64_t dst = b * n * ((hn + 15) / 16 * 16) * a_s, src = b * a_h * a_s;
  if (src > 0xffffffffull || dst > 0xffffffffull) {
    FailTransposeHost(fn, "srcShape [" + std::to_string(d[0]) + ", " + std::to_string(d[1]) +
                              ", " + std::to_string(d[2]) + ", " + std::to_string(d[3]) +
                              "] pads to " + std::to_string(src > dst ? src : dst) +
                              " elements, past the uint32_t tiling fields", loc);
  }
  return Transpose012NFields(to_nz, typeSize, static_cast<uint32_t>(b), static_cast<uint32_t>(n),
                             static_cast<uint32_t>(hn), static_cast<uint32_t>(a_s / 16));
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
  namespace lib = aicore::lib;
  if (transposeTypeIn == lib::kTransNd2NdOnly) {
    GetConfusionTransposeOnlyTilingInfo(srcShape, stackBufferSize, typeSize, tiling, loc);
    return;
  }
  if (transposeTypeIn == lib::kTransNz2Nd0213 || transposeTypeIn == lib::kTransNz2Nz0213) {
    tiling = lib::Transpose0213Tiling("GetTransposeTilingInfo", srcShape, stackBufferSize,
                                      typeSize, loc);
    return;
  }
  if (transposeTypeIn == lib::kTransNz2Nd012WithoutN ||
      transposeTypeIn == lib::kTransNz2Nz012WithoutN) {
    (void)stackBufferSize;  // the vendor's fields do not depend on it
    tiling = lib::Transpose012Tiling("GetTransposeTilingInfo", srcShape, typeSize, loc);
    return;
  }
  if (transposeTypeIn == lib::kTransNz2Nz012WithN || transposeTypeIn == lib::kTransNz2Nd012WithN) {
    tiling = lib::Transpose012NTiling("GetTransposeTilingInfo",
                                      transposeTypeIn == lib::kTransNz2Nz012WithN, srcShape,
                                      typeSize, loc);
    return;
  }
  lib::FailTransposeHost("GetTransposeTilingInfo",
                         "transposeTypeIn " + std::to_string(transposeTypeIn) +
                             " is not a type of the high-level Transpose (1 to 7)", loc);
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
