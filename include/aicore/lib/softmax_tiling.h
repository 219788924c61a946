// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The host side of the SoftMax family (the vendor's softmax_tiling.h,
// logsoftmax_tiling.h and softmax_utils.h), Ascend910B profile:
//
//   SoftMaxTiling, LogSoftMaxTiling   16 uint32_t fields in the vendor's order:
//       srcM, srcK, srcSize, outMaxM, outMaxK, outMaxSize, splitM, splitK,
//       splitSize, reduceM, reduceK, reduceSize, rangeM, tailM, tailSplitSize,
//       tailReduceSize
//     AscendC::tiling::X and optiling::X are one type, so a tiling struct can
//     be a field of a BEGIN_TILING_DATA_DEF class (TILING_DATA_FIELD_DEF_STRUCT)
//     and the vendor's two overloads of each tiling function are one here.
//   SoftMaxShapeInfo {srcM, srcK, oriSrcM, oriSrcK}, SoftMaxParams (FlashV3),
//   SoftmaxConfig {isCheckTiling, oriSrcM, oriSrcK, mode}, SoftmaxMode,
//   SOFTMAX_DEFAULT_CFG.
//
//   Temporary space (bytes) and tiling, [m, k] = the shape's product of the
//   non-last dimensions and its last dimension, b = 32 / dataTypeSize (the
//   elements of one 32-byte block of the max/sum tensors), all sizes in
//   floats * 4:
//     GetSoftMaxMin/MaxTmpSize, GetLogSoftMaxMin/MaxTmpSize:  (b + k + 64), m * that
//     GetSoftMaxFlashMin/MaxTmpSize:   !isUpdate: b + k + 64;  isUpdate: 4b + 2k
//     GetSoftMaxGradMin/MaxTmpSize:    half: 2b + 3k + 64;  float: isFront ? b + k + 64
//                                      : 2b + k + 64
//     GetSoftMaxFlashV2Min/MaxTmpSize: half src: 2b + k + 64, float src: b + 64
//                                      (b from dataTypeSize2); the basic-block and
//                                      isFlashOutputBrc variants as the vendor's
//     GetSoftMaxFlashV3MaxMinTmpSize:  5b + 2k + 64, m * that
//   The tiling functions split m into rounds of splitM rows, splitM = the rows
//   the localWorkSpaceSize holds at the same per-row size (rounded down to a
//   multiple of 8 when below m; the basic-block adjustment as the vendor's),
//   rangeM = m / splitM, tailM = m % splitM.
//   IsBasicBlockInSoftMax: tailM == 0 and 256 / dataTypeSize <= srcK < 2048,
//   srcK a multiple of 64.
//   SoftMaxFlashV2TilingFunc(SoftMaxShapeInfo, ...) is the vendor's constexpr
//   kernel-side form (localWorkSpaceSize in bytes).
//
// Bad host input raises aicore::KernelError (the vendor logs an error and
// returns 0 or leaves the tiling unfilled): a shape with no elements or a
// zero or negative dimension, a dataTypeSize other than 2 or 4, a last axis
// that is not 32-byte aligned for dataTypeSize, a localWorkSpaceSize below
// the minimum of the matching Get...MinTmpSize.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "aicore/base/error.h"
#include "aicore/lib/tensor_shape.h"
#include "aicore/runtime/context.h"
#include "aicore/runtime/tiling.h"

// ---------------------------------------------------------------------------
// Structs.

namespace AscendC {
namespace tiling {

BEGIN_TILING_DATA_DEF(SoftMaxTiling)
TILING_DATA_FIELD_DEF(uint32_t, srcM);
TILING_DATA_FIELD_DEF(uint32_t, srcK);
TILING_DATA_FIELD_DEF(uint32_t, srcSize);
TILING_DATA_FIELD_DEF(uint32_t, outMaxM);
TILING_DATA_FIELD_DEF(uint32_t, outMaxK);
TILING_DATA_FIELD_DEF(uint32_t, outMaxSize);
TILING_DATA_FIELD_DEF(uint32_t, splitM);
TILING_DATA_FIELD_DEF(uint32_t, splitK);
TILING_DATA_FIELD_DEF(uint32_t, splitSize);
TILING_DATA_FIELD_DEF(uint32_t, reduceM);
TILING_DATA_FIELD_DEF(uint32_t, reduceK);
TILING_DATA_FIELD_DEF(uint32_t, reduceSize);
TILING_DATA_FIELD_DEF(uint32_t, rangeM);
TILING_DATA_FIELD_DEF(uint32_t, tailM);
TILING_DATA_FIELD_DEF(uint32_t, tailSplitSize);
TILING_DATA_FIELD_DEF(uint32_t, tailReduceSize);
END_TILING_DATA_DEF;

BEGIN_TILING_DATA_DEF(LogSoftMaxTiling)
TILING_DATA_FIELD_DEF(uint32_t, srcM);
TILING_DATA_FIELD_DEF(uint32_t, srcK);
TILING_DATA_FIELD_DEF(uint32_t, srcSize);
TILING_DATA_FIELD_DEF(uint32_t, outMaxM);
TILING_DATA_FIELD_DEF(uint32_t, outMaxK);
TILING_DATA_FIELD_DEF(uint32_t, outMaxSize);
TILING_DATA_FIELD_DEF(uint32_t, splitM);
TILING_DATA_FIELD_DEF(uint32_t, splitK);
TILING_DATA_FIELD_DEF(uint32_t, splitSize);
TILING_DATA_FIELD_DEF(uint32_t, reduceM);
TILING_DATA_FIELD_DEF(uint32_t, reduceK);
TILING_DATA_FIELD_DEF(uint32_t, reduceSize);
TILING_DATA_FIELD_DEF(uint32_t, rangeM);
TILING_DATA_FIELD_DEF(uint32_t, tailM);
TILING_DATA_FIELD_DEF(uint32_t, tailSplitSize);
TILING_DATA_FIELD_DEF(uint32_t, tailReduceSize);
END_TILING_DATA_DEF;

}  // namespace tiling

using tiling::LogSoftMaxTiling;
using tiling::SoftMaxTiling;

enum class SoftmaxMode {
  SOFTMAX_NORMAL = 0,
  SOFTMAX_OUTPUT_WITHOUT_BRC = 1,
};

// The kernel APIs' template parameter: isCheckTiling (recompute the tiling
// when the shape differs from the tiling's), oriSrcM / oriSrcK (a shape fixed
// at compile time; 0: none), mode (FlashV2: max/sum as (m, 1) instead of
// (m, 32 bytes)). No default constructor, as the vendor's.
struct SoftmaxConfig {
  constexpr SoftmaxConfig(const bool isCheckTilingIn) : isCheckTiling(isCheckTilingIn) {}
  constexpr SoftmaxConfig(const bool isCheckTilingIn, const uint32_t oriSrcMIn, const uint32_t oriSrcKIn)
      : isCheckTiling(isCheckTilingIn), oriSrcM(oriSrcMIn), oriSrcK(oriSrcKIn) {}
  constexpr SoftmaxConfig(const bool isCheckTilingIn, const uint32_t oriSrcMIn, const uint32_t oriSrcKIn,
                          const SoftmaxMode modeIn)
      : isCheckTiling(isCheckTilingIn), oriSrcM(oriSrcMIn), oriSrcK(oriSrcKIn), mode(modeIn) {}
  bool isCheckTiling = true;
  uint32_t oriSrcM = 0;
  uint32_t oriSrcK = 0;
  SoftmaxMode mode = SoftmaxMode::SOFTMAX_NORMAL;
};

inline constexpr SoftmaxConfig SOFTMAX_DEFAULT_CFG = {true, 0, 0, SoftmaxMode::SOFTMAX_NORMAL};

// SoftmaxFlashV3's shape and parameters.
struct SoftMaxParams {
  uint32_t srcM{0};
  uint32_t srcK{0};
  uint32_t oriSrcM{0};
  uint32_t oriSrcK{0};
  uint32_t loopCnt{1};
  uint32_t splitMeanCnt{8};
  float alpha{0.9375};
};

// [srcM, srcK]: the product of the non-last dimensions and the last one
// (32-byte aligned); oriSrcM / oriSrcK: the shape before padding.
struct SoftMaxShapeInfo {
  uint32_t srcM{0};
  uint32_t srcK{0};
  uint32_t oriSrcM{0};
  uint32_t oriSrcK{0};
};

}  // namespace AscendC

namespace optiling {
using AscendC::tiling::LogSoftMaxTiling;
using AscendC::tiling::SoftMaxTiling;
}  // namespace optiling

// The vendor's generated kernel_tiling.h also names the tiling structs at
// global scope: compat/kernel_tiling/kernel_tiling.h does the same.

// ---------------------------------------------------------------------------
// Host tiling.

namespace aicore {
namespace lib {

constexpr uint32_t kSmBlockBytes = 32;
constexpr uint32_t kSmRepeatFloats = 64;  // one 256-byte repeat of f32
constexpr uint32_t kSmBasicRows = 8;

// [m, k] of a host shape, after the vendor's checks (raised as KernelError).
struct SmHostShape {
  uint32_t m = 0, k = 0;
};

inline std::string SmShapeText(const ge::Shape& shape) {
  std::string t = "[";
  for (size_t i = 0; i < shape.GetDimNum(); ++i) {
    if (i) t += ", ";
    t += std::to_string(shape.GetDim(i));
  }
  return t + "]";
}

inline void SmCheckTypeSize(const char* fn, const char* name, uint32_t typeSize, SrcLoc loc) {
  if (typeSize != 2 && typeSize != 4) {
    detail::Fail(ErrorKind::kParameter, fn, loc,
                 std::string(name) + " " + std::to_string(typeSize) +
                     " is unsupported (2 for half, 4 for float)");
  }
}

// alignSize: the element size the last axis must be 32-byte aligned for.
inline SmHostShape SmParseShape(const char* fn, const ge::Shape& shape, uint32_t alignSize,
                                SrcLoc loc) {
  if (shape.GetDimNum() == 0) {
    detail::Fail(ErrorKind::kParameter, fn, loc, "srcShape has no dimensions (size 0)");
  }
  uint64_t n = 1;
  for (size_t i = 0; i < shape.GetDimNum(); ++i) {
    const int64_t d = shape.GetDim(i);
    if (d <= 0) {
      detail::Fail(ErrorKind::kParameter, fn, loc,
                   "srcShape " + SmShapeText(shape) + " has dimension " + std::to_string(i) + " = " +
                       std::to_string(d) + ": the shape size must be greater than 0");
    }
    n *= static_cast<uint64_t>(d);
    if (n > 0xFFFFFFFFull) {
      detail::Fail(ErrorKind::kParameter, fn, loc,
                   "srcShape " + SmShapeText(shape) + " has more than 2^32 - 1 elements");
    }
  }
  SmHostShape s;
  s.k = static_cast<uint32_t>(shape.GetDim(shape.GetDimNum() - 1));
  s.m = static_cast<uint32_t>(n / s.k);
  if ((uint64_t{s.k} * alignSize) % kSmBlockBytes != 0) {
    detail::Fail(ErrorKind::kAlignment, fn, loc,
                 "srcShape " + SmShapeText(shape) + ": the last axis " + std::to_string(s.k) +
                     " x " + std::to_string(alignSize) + " bytes = " +
                     std::to_string(uint64_t{s.k} * alignSize) +
                     " bytes is not a multiple of 32 bytes (pad the last axis)");
  }
  return s;
}

// rows of the tiling from a per-row size (floats), as the vendor's host
// functions: the rows the space holds (at most m), rounded down to a multiple
// of 8 when below m, then the basic-block adjustment when adjustBasic.
inline uint32_t SmBaseRows(uint32_t workFloats, uint32_t perRow, uint32_t m, uint32_t k,
                           bool adjustBasic) {
  uint32_t baseM = perRow == 0 ? m : workFloats / perRow;
  if (baseM > m) baseM = m;
  if (baseM < m && baseM > kSmBasicRows) baseM = baseM / kSmBasicRows * kSmBasicRows;
  if (adjustBasic && baseM > kSmBasicRows && m % kSmBasicRows == 0 && k % kSmRepeatFloats == 0) {
    baseM = baseM / kSmBasicRows * kSmBasicRows;
    while (m % baseM != 0) baseM -= kSmBasicRows;
    // (The vendor halves down to 0 for k >= 16384; stopping at 1 row keeps
    // the tiling usable.)
    while (baseM > 1 && uint64_t{baseM} * k >= uint64_t{kSmRepeatFloats} * 256) baseM /= 2;
  }
  return baseM;
}

template <class Tiling>
inline void SmFillTiling(Tiling& t, uint32_t m, uint32_t k, uint32_t blk, uint32_t baseM) {
  t.srcM = m;
  t.srcK = k;
  t.srcSize = m * k;
  t.outMaxM = m;
  t.outMaxK = blk;
  t.outMaxSize = m * blk;
  t.splitM = baseM;
  t.splitK = k;
  t.splitSize = baseM * k;
  t.reduceM = baseM;
  t.reduceK = blk;
  t.reduceSize = baseM * blk;
  t.rangeM = baseM != 0 ? m / baseM : 0;
  t.tailM = baseM != 0 ? m % baseM : 0;
  t.tailSplitSize = t.tailM * k;
  t.tailReduceSize = t.tailM * blk;
}

inline void SmCheckWorkspace(const char* fn, uint32_t have, uint32_t minBytes, const char* minFn,
                             SrcLoc loc) {
  if (have < minBytes) {
    detail::Fail(ErrorKind::kParameter, fn, loc,
                 "localWorkSpaceSize " + std::to_string(have) + " bytes is below the minimum " +
                     std::to_string(minBytes) + " bytes (" + minFn + ")");
  }
}

inline uint32_t SmClamp(uint64_t v) { return v > 0xFFFFFFFFull ? 0xFFFFFFFFu : static_cast<uint32_t>(v); }

// Per-row floats of each API's tiling.
inline uint32_t SmPlainRow(uint32_t blk, uint32_t k) { return blk + k + kSmRepeatFloats; }
inline uint32_t SmFlashRow(uint32_t blk, uint32_t k, bool isUpdate) {
  return isUpdate ? 4 * blk + 2 * k : SmPlainRow(blk, k);
}
inline uint32_t SmGradRow(uint32_t typeSize, uint32_t blk, uint32_t k, bool isFront) {
  if (typeSize == 2) return 2 * blk + 3 * k + kSmRepeatFloats;
  return isFront ? SmPlainRow(blk, k) : 2 * blk + k + kSmRepeatFloats;
}
// FlashV2 outside the basic-block layout.
inline uint32_t SmFlashV2Row(uint32_t typeSize1, uint32_t blk, uint32_t k) {
  return typeSize1 == 2 ? 2 * blk + k + kSmRepeatFloats : blk + kSmRepeatFloats;
}
// FlashV2 in the basic-block layout (k a multiple of 64); k == 1024 takes
// two repeats of f32 of scratch.
inline uint32_t SmFlashV2BasicRow(uint32_t typeSize1, uint32_t blk, uint32_t k) {
  const uint32_t rep = k == 1024 ? 2 * kSmRepeatFloats : kSmRepeatFloats;
  return typeSize1 == 2 ? blk + k + rep : blk + rep;
}
inline uint32_t SmFlashV3Row(uint32_t blk, uint32_t k) { return 5 * blk + 2 * k + kSmRepeatFloats; }

}  // namespace lib
}  // namespace aicore

namespace AscendC {

// ---- SoftMax / SimpleSoftMax -------------------------------------------------------

inline uint32_t GetSoftMaxMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                                     const bool isReuseSource,
                                     aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace l = aicore::lib;
  (void)isReuseSource;
  l::SmCheckTypeSize("GetSoftMaxMaxTmpSize", "dataTypeSize", dataTypeSize, loc);
  const auto s = l::SmParseShape("GetSoftMaxMaxTmpSize", srcShape, dataTypeSize, loc);
  return l::SmClamp(uint64_t{s.m} * l::SmPlainRow(32 / dataTypeSize, s.k) * 4);
}

inline uint32_t GetSoftMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                                     const bool isReuseSource,
                                     aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace l = aicore::lib;
  (void)isReuseSource;
  l::SmCheckTypeSize("GetSoftMaxMinTmpSize", "dataTypeSize", dataTypeSize, loc);
  const auto s = l::SmParseShape("GetSoftMaxMinTmpSize", srcShape, dataTypeSize, loc);
  return l::SmClamp(uint64_t{l::SmPlainRow(32 / dataTypeSize, s.k)} * 4);
}

inline void SoftMaxTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                              const uint32_t localWorkSpaceSize, SoftMaxTiling& softmaxTiling,
                              aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace l = aicore::lib;
  const char* fn = "SoftMaxTilingFunc";
  l::SmCheckTypeSize(fn, "dataTypeSize", dataTypeSize, loc);
  const auto s = l::SmParseShape(fn, srcShape, dataTypeSize, loc);
  const uint32_t blk = 32 / dataTypeSize, row = l::SmPlainRow(blk, s.k);
  l::SmCheckWorkspace(fn, localWorkSpaceSize, row * 4, "GetSoftMaxMinTmpSize", loc);
  l::SmFillTiling(softmaxTiling, s.m, s.k, blk,
                  l::SmBaseRows(localWorkSpaceSize / 4, row, s.m, s.k, true));
}

// ---- SoftmaxFlash (deprecated by the vendor) --------------------------------------

inline uint32_t GetSoftMaxFlashMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                                          const bool isUpdate, const bool isReuseSource,
                                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace l = aicore::lib;
  (void)isReuseSource;
  l::SmCheckTypeSize("GetSoftMaxFlashMaxTmpSize", "dataTypeSize", dataTypeSize, loc);
  const auto s = l::SmParseShape("GetSoftMaxFlashMaxTmpSize", srcShape, dataTypeSize, loc);
  return l::SmClamp(uint64_t{s.m} * l::SmFlashRow(32 / dataTypeSize, s.k, isUpdate) * 4);
}

inline uint32_t GetSoftMaxFlashMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                                          const bool isUpdate, const bool isReuseSource,
                                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace l = aicore::lib;
  (void)isReuseSource;
  l::SmCheckTypeSize("GetSoftMaxFlashMinTmpSize", "dataTypeSize", dataTypeSize, loc);
  const auto s = l::SmParseShape("GetSoftMaxFlashMinTmpSize", srcShape, dataTypeSize, loc);
  return l::SmClamp(uint64_t{l::SmFlashRow(32 / dataTypeSize, s.k, isUpdate)} * 4);
}

inline void SoftMaxFlashTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                                   const uint32_t localWorkSpaceSize, SoftMaxTiling& softmaxFlashTiling,
                                   const bool isUpdate = false,
                                   aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace l = aicore::lib;
  const char* fn = "SoftMaxFlashTilingFunc";
  l::SmCheckTypeSize(fn, "dataTypeSize", dataTypeSize, loc);
  const auto s = l::SmParseShape(fn, srcShape, dataTypeSize, loc);
  const uint32_t blk = 32 / dataTypeSize, row = l::SmFlashRow(blk, s.k, isUpdate);
  l::SmCheckWorkspace(fn, localWorkSpaceSize, row * 4, "GetSoftMaxFlashMinTmpSize", loc);
  l::SmFillTiling(softmaxFlashTiling, s.m, s.k, blk,
                  l::SmBaseRows(localWorkSpaceSize / 4, row, s.m, s.k, true));
}

// ---- SoftmaxGrad / SoftmaxGradFront -------------------------------------------------

inline uint32_t GetSoftMaxGradMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                                         const bool isFront, const bool isReuseSource,
                                         aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace l = aicore::lib;
  (void)isReuseSource;
  l::SmCheckTypeSize("GetSoftMaxGradMaxTmpSize", "dataTypeSize", dataTypeSize, loc);
  const auto s = l::SmParseShape("GetSoftMaxGradMaxTmpSize", srcShape, dataTypeSize, loc);
  return l::SmClamp(uint64_t{s.m} * l::SmGradRow(dataTypeSize, 32 / dataTypeSize, s.k, isFront) * 4);
}

inline uint32_t GetSoftMaxGradMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                                         const bool isFront, const bool isReuseSource,
                                         aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace l = aicore::lib;
  (void)isReuseSource;
  l::SmCheckTypeSize("GetSoftMaxGradMinTmpSize", "dataTypeSize", dataTypeSize, loc);
  const auto s = l::SmParseShape("GetSoftMaxGradMinTmpSize", srcShape, dataTypeSize, loc);
  return l::SmClamp(uint64_t{l::SmGradRow(dataTypeSize, 32 / dataTypeSize, s.k, isFront)} * 4);
}

inline void SoftMaxGradTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                                  const uint32_t localWorkSpaceSize, SoftMaxTiling& softmaxGradTiling,
                                  const bool isFront = false,
                                  aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace l = aicore::lib;
  const char* fn = "SoftMaxGradTilingFunc";
  l::SmCheckTypeSize(fn, "dataTypeSize", dataTypeSize, loc);
  const auto s = l::SmParseShape(fn, srcShape, dataTypeSize, loc);
  const uint32_t blk = 32 / dataTypeSize, row = l::SmGradRow(dataTypeSize, blk, s.k, isFront);
  l::SmCheckWorkspace(fn, localWorkSpaceSize, row * 4, "GetSoftMaxGradMinTmpSize", loc);
  l::SmFillTiling(softmaxGradTiling, s.m, s.k, blk,
                  l::SmBaseRows(localWorkSpaceSize / 4, row, s.m, s.k, true));
}

// ---- IsBasicBlockInSoftMax -------------------------------------------------------------

inline bool IsBasicBlockInSoftMax(SoftMaxTiling& tiling, const uint32_t dataTypeSize = 2) {
  if (dataTypeSize == 0) return false;
  const uint32_t k = tiling.srcK;
  return tiling.tailM == 0 && k >= 256 / dataTypeSize && k < 2048 && k % 64 == 0;
}

// ---- SoftmaxFlashV2 -----------------------------------------------------------------------

inline uint32_t GetSoftMaxFlashV2MinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                                            const uint32_t dataTypeSize2, const bool isUpdate,
                                            const bool isBasicBlock = false,
                                            const bool isFlashOutputBrc = false,
                                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace l = aicore::lib;
  const char* fn = "GetSoftMaxFlashV2MinTmpSize";
  (void)isUpdate;
  l::SmCheckTypeSize(fn, "dataTypeSize1", dataTypeSize1, loc);
  l::SmCheckTypeSize(fn, "dataTypeSize2", dataTypeSize2, loc);
  const auto s = l::SmParseShape(fn, srcShape, dataTypeSize1, loc);
  const uint32_t blk = 32 / dataTypeSize2;
  const bool basic = isBasicBlock && s.k % 64 == 0;
  uint64_t need = basic ? uint64_t{l::kSmBasicRows} * l::SmFlashV2BasicRow(dataTypeSize1, blk, s.k)
                        : l::SmFlashV2Row(dataTypeSize1, blk, s.k);
  if (isFlashOutputBrc) {
    const uint64_t rows = std::min<uint64_t>(32 / dataTypeSize1, s.m);
    need = basic ? need / l::kSmBasicRows * rows : need * rows;
  }
  return l::SmClamp(need * 4);
}

inline uint32_t GetSoftMaxFlashV2MaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                                            const uint32_t dataTypeSize2, const bool isUpdate,
                                            const bool isBasicBlock = false,
                                            const bool isFlashOutputBrc = false,
                                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace l = aicore::lib;
  const char* fn = "GetSoftMaxFlashV2MaxTmpSize";
  (void)isUpdate;
  (void)isFlashOutputBrc;
  l::SmCheckTypeSize(fn, "dataTypeSize1", dataTypeSize1, loc);
  l::SmCheckTypeSize(fn, "dataTypeSize2", dataTypeSize2, loc);
  const auto s = l::SmParseShape(fn, srcShape, dataTypeSize1, loc);
  const uint32_t blk = 32 / dataTypeSize2;
  if (isBasicBlock && s.k % 64 == 0 && s.m % l::kSmBasicRows == 0) {
    uint64_t m = s.m;
    while (m > 1 && m * s.k >= uint64_t{l::kSmRepeatFloats} * 256) m /= 2;
    return l::SmClamp(m * l::SmFlashV2BasicRow(dataTypeSize1, blk, s.k) * 4);
  }
  return l::SmClamp(uint64_t{s.m} * l::SmFlashV2Row(dataTypeSize1, blk, s.k) * 4);
}

inline void SoftMaxFlashV2TilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                                     const uint32_t dataTypeSize2, const uint32_t localWorkSpaceSize,
                                     SoftMaxTiling& softmaxFlashTiling, const bool isUpdate,
                                     const bool isBasicBlock = false,
                                     const bool isFlashOutputBrc = false,
                                     aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace l = aicore::lib;
  const char* fn = "SoftMaxFlashV2TilingFunc";
  l::SmCheckTypeSize(fn, "dataTypeSize1", dataTypeSize1, loc);
  l::SmCheckTypeSize(fn, "dataTypeSize2", dataTypeSize2, loc);
  const auto s = l::SmParseShape(fn, srcShape, dataTypeSize1, loc);
  const uint32_t blk = 32 / dataTypeSize2, work = localWorkSpaceSize / 4;
  l::SmCheckWorkspace(fn, localWorkSpaceSize,
                      GetSoftMaxFlashV2MinTmpSize(srcShape, dataTypeSize1, dataTypeSize2, isUpdate,
                                                  false, false, loc),
                      "GetSoftMaxFlashV2MinTmpSize", loc);
  uint32_t baseM = 0;
  if (isBasicBlock && s.k % 64 == 0 && s.m % l::kSmBasicRows == 0) {
    baseM = std::min(work / l::SmFlashV2BasicRow(dataTypeSize1, blk, s.k), s.m);
    baseM = l::SmBaseRows(baseM, 1, s.m, s.k, true);
  } else {
    baseM = work / l::SmFlashV2Row(dataTypeSize1, blk, s.k);
  }
  const uint32_t unit = (isFlashOutputBrc && dataTypeSize1 == 2) ? 16u : l::kSmBasicRows;
  if (baseM > s.m) baseM = s.m;
  if (baseM < s.m && baseM > unit) baseM = baseM / unit * unit;
  l::SmFillTiling(softmaxFlashTiling, s.m, s.k, blk, baseM);
}

// The vendor's kernel-side form (constexpr; localWorkSpaceSize in bytes):
// the tiling for a shape known only in the kernel. A space that holds no row
// gives splitM 0, which the kernel APIs reject.
constexpr SoftMaxTiling SoftMaxFlashV2TilingFunc(const SoftMaxShapeInfo& shapeInfo,
                                                 const uint32_t dataTypeSize1,
                                                 const uint32_t dataTypeSize2,
                                                 const uint32_t localWorkSpaceSize,
                                                 const bool isUpdate = false,
                                                 const bool isBasicBlock = false,
                                                 const bool isDataFormatNZ = false,
                                                 const bool isFlashOutputBrc = false) {
  (void)isUpdate;
  SoftMaxTiling t{};
  const uint32_t m = shapeInfo.srcM, k = shapeInfo.srcK;
  const uint32_t work = localWorkSpaceSize / 4;
  const uint32_t blk = dataTypeSize2 == 0 ? 0 : 32 / dataTypeSize2;
  uint32_t rows = 0;
  if (isDataFormatNZ) {
    rows = work / (16 * 3 + k);
  } else if (isBasicBlock && k % 64 == 0 && m % 8 == 0) {
    rows = dataTypeSize1 == 2 ? work / (blk + k + 64) : work / (blk + 64);
    if (rows > m) rows = m;
    if (rows > 8 && m % 8 == 0) {
      rows = rows / 8 * 8;
      while (m % rows != 0) rows -= 8;
      while (rows > 1 && uint64_t{rows} * k >= 64u * 256u) rows /= 2;
    }
  } else {
    rows = dataTypeSize1 == 2 ? work / (2 * blk + k + 64) : work / (blk + 64);
  }
  const uint32_t unit = (isFlashOutputBrc && dataTypeSize1 == 2) ? 16u : 8u;
  if (rows < m && rows > unit) rows = rows / unit * unit;
  if (rows > m) rows = m;
  t.srcM = m;
  t.srcK = k;
  t.srcSize = m * k;
  t.outMaxM = m;
  t.outMaxK = blk;
  t.outMaxSize = m * blk;
  t.reduceM = rows;
  t.reduceK = blk;
  t.reduceSize = rows * blk;
  t.splitM = rows;
  t.splitK = k;
  t.splitSize = rows * k;
  t.rangeM = rows != 0 ? m / rows : 0;
  t.tailM = rows != 0 ? m % rows : 0;
  t.tailSplitSize = t.tailM * k;
  t.tailReduceSize = t.tailM * blk;
  return t;
}

// ---- SoftmaxFlashV3 -------------------------------------------------------------------------

inline void GetSoftMaxFlashV3MaxMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                                           const uint32_t dataTypeSize2, uint32_t& maxValue,
                                           uint32_t& minValue, const bool isUpdate,
                                           const bool isBasicBlock = false,
                                           aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace l = aicore::lib;
  const char* fn = "GetSoftMaxFlashV3MaxMinTmpSize";
  (void)isUpdate;
  (void)isBasicBlock;
  if (dataTypeSize1 != 2 || dataTypeSize2 != 4) {
    aicore::detail::Fail(aicore::ErrorKind::kParameter, fn, loc,
                         "dataTypeSize1 " + std::to_string(dataTypeSize1) + ", dataTypeSize2 " +
                             std::to_string(dataTypeSize2) +
                             ": SoftmaxFlashV3 supports half (2) input and float (4) statistics only");
  }
  const auto s = l::SmParseShape(fn, srcShape, dataTypeSize1, loc);
  const uint64_t row = l::SmFlashV3Row(32 / dataTypeSize2, s.k);
  minValue = l::SmClamp(row * 4);
  maxValue = l::SmClamp(uint64_t{s.m} * row * 4);
}

inline void SoftMaxFlashV3TilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                                     const uint32_t dataTypeSize2, const uint32_t localWorkSpaceSize,
                                     SoftMaxTiling& softmaxFlashV3Tiling, const bool isUpdate,
                                     const bool isBasicBlock = false,
                                     aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace l = aicore::lib;
  const char* fn = "SoftMaxFlashV3TilingFunc";
  uint32_t mx = 0, mn = 0;
  GetSoftMaxFlashV3MaxMinTmpSize(srcShape, dataTypeSize1, dataTypeSize2, mx, mn, isUpdate,
                                 isBasicBlock, loc);
  l::SmCheckWorkspace(fn, localWorkSpaceSize, mn, "GetSoftMaxFlashV3MaxMinTmpSize", loc);
  const auto s = l::SmParseShape(fn, srcShape, dataTypeSize1, loc);
  const uint32_t blk = 32 / dataTypeSize2;
  l::SmFillTiling(softmaxFlashV3Tiling, s.m, s.k, blk,
                  l::SmBaseRows(localWorkSpaceSize / 4, l::SmFlashV3Row(blk, s.k), s.m, s.k, false));
}

// ---- LogSoftMax (shape by value, as the vendor's) ----------------------------------------

inline uint32_t GetLogSoftMaxMaxTmpSize(const ge::Shape srcShape, const uint32_t dataTypeSize,
                                        const bool isReuseSource,
                                        aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace l = aicore::lib;
  (void)isReuseSource;
  l::SmCheckTypeSize("GetLogSoftMaxMaxTmpSize", "dataTypeSize", dataTypeSize, loc);
  const auto s = l::SmParseShape("GetLogSoftMaxMaxTmpSize", srcShape, dataTypeSize, loc);
  return l::SmClamp(uint64_t{s.m} * l::SmPlainRow(32 / dataTypeSize, s.k) * 4);
}

inline uint32_t GetLogSoftMaxMinTmpSize(const ge::Shape srcShape, const uint32_t dataTypeSize,
                                        const bool isReuseSource,
                                        aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace l = aicore::lib;
  (void)isReuseSource;
  l::SmCheckTypeSize("GetLogSoftMaxMinTmpSize", "dataTypeSize", dataTypeSize, loc);
  const auto s = l::SmParseShape("GetLogSoftMaxMinTmpSize", srcShape, dataTypeSize, loc);
  return l::SmClamp(uint64_t{l::SmPlainRow(32 / dataTypeSize, s.k)} * 4);
}

inline void LogSoftMaxTilingFunc(const ge::Shape srcShape, const uint32_t dataTypeSize,
                                 const uint32_t localWorkSpaceSize, LogSoftMaxTiling& softmaxTiling,
                                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace l = aicore::lib;
  const char* fn = "LogSoftMaxTilingFunc";
  l::SmCheckTypeSize(fn, "dataTypeSize", dataTypeSize, loc);
  const auto s = l::SmParseShape(fn, srcShape, dataTypeSize, loc);
  const uint32_t blk = 32 / dataTypeSize, row = l::SmPlainRow(blk, s.k);
  l::SmCheckWorkspace(fn, localWorkSpaceSize, row * 4, "GetLogSoftMaxMinTmpSize", loc);
  l::SmFillTiling(softmaxTiling, s.m, s.k, blk,
                  l::SmBaseRows(localWorkSpaceSize / 4, row, s.m, s.k, true));
}

}  // namespace AscendC
