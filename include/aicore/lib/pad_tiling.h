// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host side of Pad and UnPad (the vendor's adv_api/pad/pad_tiling.h and
// pad_tilingdata.h), Ascend910B profile:
//
//   PadTiling / UnPadTiling: the vendor's fields, in order, all uint32_t
//     (PadTiling: srcHeight, srcWidth, srcOriWidth, widthWithoutLastBlock,
//     blocksPerRow, heightTiling, heightFractal, heightFractalTail,
//     mainLoopOffset, tailBlockOffset, tmpBuffer1BlockNum, tmpBuffer1RowNum,
//     tmpBuffer2Offset, widthTiling, widthFractal, widthFractalTail,
//     widthFractalTailAlingned, brcbTiling, brcbFractal, brcbFractalTail,
//     maxRepeatTimes, brcbTilingRepeatTimes, brcbTilingRepeatTimesTail,
//     brcbFractalTailRepeatTimes, brcbFractalTailRepeatTimesTail, reserved;
//     UnPadTiling: srcHeight, srcWidth, tmpBuffer1BlockNum, tmpBuffer1RowNum,
//     tmpBuffer2Offset, widthTiling, widthFractal, widthFractalTail).
//     AscendC::tiling::X and optiling::X are one type (usable in
//     BEGIN_TILING_DATA_DEF through TILING_DATA_FIELD_DEF_STRUCT), so the
//     vendor's overload pairs are one function here.
//   GetPadMaxMinTmpSize(srcShape [H, W], typeSize, maxValue, minValue):
//     max = round16(H * W) * 64 bytes (0 for an empty shape), min = 1024.
//   PadTilingFunc(srcShape [H, W], oriSrcShape [H', W'], stackBufferSize,
//     typeSize, tiling): the vendor's formulas (uint32 arithmetic, e =
//     32 / typeSize): srcOriWidth = W', widthWithoutLastBlock = W - e,
//     blocksPerRow = W * typeSize / 32, heightTiling = 255, heightFractal /
//     Tail = H / % 255, mainLoopOffset = 255 * W, tailBlockOffset =
//     heightFractal * 255 * W + widthWithoutLastBlock; with stackBufferSize
//     0 it stops there (the 32-byte-aligned case needs no temporary space),
//     otherwise b = stackBufferSize / 1024 temporary blocks:
//     tmpBuffer1BlockNum = b, tmpBuffer1RowNum = widthTiling = brcbTiling =
//     16 b, tmpBuffer2Offset = 512 b / typeSize, widthFractal / Tail = W / %
//     16 b, widthFractalTailAlingned = the tail rounded up to e, brcbFractal
//     / Tail = H W / % 16 b, maxRepeatTimes = 254, brcbTilingRepeatTimes /
//     Tail = 2 b / % 254, brcbFractalTailRepeatTimes / Tail = (brcbFractalTail
//     / 8) / % 254.
//   GetUnPadMaxMinTmpSize(platform, srcShape, typeSize, maxValue, minValue):
//     0 and 0 on the Ascend910B (its UnPad needs no temporary space); other
//     SoC profiles: Pad's values.
//   UnPadTilingFunc(srcShape [H, W], stackBufferSize, typeSize, tiling):
//     srcHeight, srcWidth; with a stackBufferSize, b as above:
//     tmpBuffer1BlockNum = b, tmpBuffer1RowNum = widthTiling = 16 b,
//     tmpBuffer2Offset = 512 b / typeSize, widthFractal = ceil(W / 16 b),
//     widthFractalTail = W % 16 b, or 16 b when that is 0.
//
// Bad input raises KernelError naming the function and the values:
// typeSize not 2 or 4, shapes not of rank 2 or with dimensions outside
// [0, 2^32), H * W beyond 2^32, an oriSrcShape larger than srcShape, a
// stackBufferSize between 1 and 1023 (the vendor's functions divide by zero
// there: 0 temporary blocks).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "aicore/base/error.h"
#include "aicore/lib/platform_ascendc.h"
#include "aicore/lib/tensor_shape.h"
#include "aicore/runtime/context.h"
#include "aicore/runtime/tiling.h"

namespace AscendC {
namespace tiling {

BEGIN_TILING_DATA_DEF(PadTiling)
TILING_DATA_FIELD_DEF(uint32_t, srcHeight);
TILING_DATA_FIELD_DEF(uint32_t, srcWidth);
TILING_DATA_FIELD_DEF(uint32_t, srcOriWidth);
TILING_DATA_FIELD_DEF(uint32_t, widthWithoutLastBlock);
TILING_DATA_FIELD_DEF(uint32_t, blocksPerRow);
TILING_DATA_FIELD_DEF(uint32_t, heightTiling);
TILING_DATA_FIELD_DEF(uint32_t, heightFractal);
TILING_DATA_FIELD_DEF(uint32_t, heightFractalTail);
TILING_DATA_FIELD_DEF(uint32_t, mainLoopOffset);
TILING_DATA_FIELD_DEF(uint32_t, tailBlockOffset);
TILING_DATA_FIELD_DEF(uint32_t, tmpBuffer1BlockNum);
TILING_DATA_FIELD_DEF(uint32_t, tmpBuffer1RowNum);
TILING_DATA_FIELD_DEF(uint32_t, tmpBuffer2Offset);
TILING_DATA_FIELD_DEF(uint32_t, widthTiling);
TILING_DATA_FIELD_DEF(uint32_t, widthFractal);
TILING_DATA_FIELD_DEF(uint32_t, widthFractalTail);
TILING_DATA_FIELD_DEF(uint32_t, widthFractalTailAlingned);
TILING_DATA_FIELD_DEF(uint32_t, brcbTiling);
TILING_DATA_FIELD_DEF(uint32_t, brcbFractal);
TILING_DATA_FIELD_DEF(uint32_t, brcbFractalTail);
TILING_DATA_FIELD_DEF(uint32_t, maxRepeatTimes);
TILING_DATA_FIELD_DEF(uint32_t, brcbTilingRepeatTimes);
TILING_DATA_FIELD_DEF(uint32_t, brcbTilingRepeatTimesTail);
TILING_DATA_FIELD_DEF(uint32_t, brcbFractalTailRepeatTimes);
TILING_DATA_FIELD_DEF(uint32_t, brcbFractalTailRepeatTimesTail);
TILING_DATA_FIELD_DEF(uint32_t, reserved);
END_TILING_DATA_DEF;

BEGIN_TILING_DATA_DEF(UnPadTiling)
TILING_DATA_FIELD_DEF(uint32_t, srcHeight);
TILING_DATA_FIELD_DEF(uint32_t, srcWidth);
TILING_DATA_FIELD_DEF(uint32_t, tmpBuffer1BlockNum);
TILING_DATA_FIELD_DEF(uint32_t, tmpBuffer1RowNum);
TILING_DATA_FIELD_DEF(uint32_t, tmpBuffer2Offset);
TILING_DATA_FIELD_DEF(uint32_t, widthTiling);
TILING_DATA_FIELD_DEF(uint32_t, widthFractal);
TILING_DATA_FIELD_DEF(uint32_t, widthFractalTail);
END_TILING_DATA_DEF;

}  // namespace tiling

using tiling::PadTiling;
using tiling::UnPadTiling;

}  // namespace AscendC

namespace optiling {
using AscendC::tiling::PadTiling;
using AscendC::tiling::UnPadTiling;
}  // namespace optiling

namespace aicore {
namespace lib {

// Bytes of one temporary block of the NPU's unaligned Pad: 16 rows of 32
// bytes for each of its two halves (tmp1, tmp2).
constexpr uint32_t kPadTmpBlockBytes = 1024;

[[noreturn]] AICORE_COLD inline void FailPadHost(const char* fn, const std::string& what,
                                                 SrcLoc loc) {
  detail::Fail(ErrorKind::kParameter, fn, loc, what);
}

inline std::string PadShapeText(const std::vector<int64_t>& d) {
  std::string s = "[";
  for (size_t i = 0; i < d.size(); ++i) s += (i ? ", " : "") + std::to_string(d[i]);
  return s + "]";
}

inline void CheckPadTypeSize(const char* fn, uint32_t typeSize, SrcLoc loc) {
  if (typeSize != 2 && typeSize != 4) {
    FailPadHost(fn, "typeSize " + std::to_string(typeSize) +
                        " is not 2 or 4 (int16_t, uint16_t, half: 2; int32_t, uint32_t, float: 4)",
                loc);
  }
}

// The [H, W] of a rank-2 shape, checked.
inline void PadDims(const char* fn, const char* name, const AscendC::TensorShape& s, uint32_t* h,
                    uint32_t* w, SrcLoc loc) {
  const std::vector<int64_t> d = s.GetDims();
  if (d.size() != 2) {
    FailPadHost(fn, std::string(name) + " " + PadShapeText(d) + " has " +
                        std::to_string(d.size()) + " dimensions, should be 2 ([height, width])",
                loc);
  }
  for (int64_t v : d) {
    if (v < 0 || v > 0xffffffffll) {
      FailPadHost(fn, std::string(name) + " " + PadShapeText(d) + ": dimension " +
                          std::to_string(v) + " is outside [0, 2^32)", loc);
    }
  }
  if (static_cast<uint64_t>(d[0]) * static_cast<uint64_t>(d[1]) > 0xffffffffull) {
    FailPadHost(fn, std::string(name) + " " + PadShapeText(d) +
                        " holds 2^32 or more elements (the tiling counts them in 32 bits)", loc);
  }
  *h = static_cast<uint32_t>(d[0]);
  *w = static_cast<uint32_t>(d[1]);
}

inline void CheckPadStack(const char* fn, uint32_t stackBufferSize, SrcLoc loc) {
  if (stackBufferSize != 0 && stackBufferSize < kPadTmpBlockBytes) {
    FailPadHost(fn, "stackBufferSize " + std::to_string(stackBufferSize) +
                        " bytes gives no temporary block (one needs 1024 bytes, the minimum "
                        "of GetPadMaxMinTmpSize / GetUnPadMaxMinTmpSize; the vendor's function "
                        "divides by zero here): pass 0 or at least 1024", loc);
  }
}

// Max and min temporary bytes of Pad (and of UnPad off the Ascend910B).
inline void PadTmpSizes(uint32_t h, uint32_t w, uint32_t* maxValue, uint32_t* minValue) {
  const uint64_t n = uint64_t{h} * w;
  const uint64_t mx = (n + 15) / 16 * 16 * 64;
  *maxValue = mx > 0xffffffffull ? 0xffffffffu : static_cast<uint32_t>(mx);
  *minValue = kPadTmpBlockBytes;
}

// PadTilingFunc's field values (the vendor's uint32 formulas), after the
// checks: stackBufferSize 0 leaves the temporary-space fields as they are.
inline void FillPadTiling(uint32_t h, uint32_t w, uint32_t oriW, uint32_t stackBufferSize,
                          uint32_t typeSize, AscendC::tiling::PadTiling& t) {
  const uint32_t e = 32 / typeSize;
  t.srcHeight = h;
  t.srcWidth = w;
  t.srcOriWidth = oriW;
  t.widthWithoutLastBlock = w - e;
  t.blocksPerRow = w * typeSize / 32;
  t.heightTiling = 255;
  t.heightFractal = h / 255;
  t.heightFractalTail = h % 255;
  t.mainLoopOffset = 255 * w;
  t.tailBlockOffset = t.heightFractal * 255 * w + t.widthWithoutLastBlock;
  if (stackBufferSize == 0) return;
  const uint32_t b = stackBufferSize / kPadTmpBlockBytes;
  const uint32_t tiling_elems = 16 * b;
  t.tmpBuffer1BlockNum = b;
  t.tmpBuffer1RowNum = tiling_elems;
  t.tmpBuffer2Offset = b * (512 / typeSize);
  t.widthTiling = tiling_elems;
  t.widthFractal = w / tiling_elems;
  t.widthFractalTail = w % tiling_elems;
  // The vendor's ((tail - 1) / e + 1) * e in uint32: 0 for a zero tail.
  t.widthFractalTailAlingned = ((t.widthFractalTail - 1) / e + 1) * e;
  t.brcbTiling = tiling_elems;
  t.brcbFractal = h * w / tiling_elems;
  t.brcbFractalTail = h * w % tiling_elems;
  t.maxRepeatTimes = 254;
  t.brcbTilingRepeatTimes = tiling_elems / 8 / 254;
  t.brcbTilingRepeatTimesTail = tiling_elems / 8 % 254;
  t.brcbFractalTailRepeatTimes = t.brcbFractalTail / 8 / 254;
  t.brcbFractalTailRepeatTimesTail = t.brcbFractalTail / 8 % 254;
}

inline void FillUnPadTiling(uint32_t h, uint32_t w, uint32_t stackBufferSize, uint32_t typeSize,
                            AscendC::tiling::UnPadTiling& t) {
  t.srcHeight = h;
  t.srcWidth = w;
  if (stackBufferSize == 0) return;
  const uint32_t b = stackBufferSize / kPadTmpBlockBytes;
  const uint32_t tiling_elems = 16 * b;
  t.tmpBuffer1BlockNum = b;
  t.tmpBuffer1RowNum = tiling_elems;
  t.tmpBuffer2Offset = b * (512 / typeSize);
  t.widthTiling = tiling_elems;
  t.widthFractal = w / tiling_elems;
  t.widthFractalTail = w % tiling_elems;
  if (t.widthFractalTail != 0) {
    t.widthFractal += 1;
  } else {
    t.widthFractalTail = tiling_elems;
  }
}

}  // namespace lib
}  // namespace aicore

namespace AscendC {

inline void GetPadMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize,
                                uint32_t& maxValue, uint32_t& minValue,
                                aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace lib = aicore::lib;
  const char* fn = "GetPadMaxMinTmpSize";
  lib::CheckPadTypeSize(fn, typeSize, loc);
  uint32_t h = 0, w = 0;
  lib::PadDims(fn, "srcShape", srcShape, &h, &w, loc);
  lib::PadTmpSizes(h, w, &maxValue, &minValue);
}

inline void PadTilingFunc(const TensorShape srcShape, const TensorShape oriSrcShape,
                          const uint32_t stackBufferSize, const uint32_t typeSize,
                          PadTiling& tiling, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace lib = aicore::lib;
  const char* fn = "PadTilingFunc";
  lib::CheckPadTypeSize(fn, typeSize, loc);
  uint32_t h = 0, w = 0, oh = 0, ow = 0;
  lib::PadDims(fn, "srcShape", srcShape, &h, &w, loc);
  lib::PadDims(fn, "oriSrcShape", oriSrcShape, &oh, &ow, loc);
  if (uint64_t{oh} * ow > uint64_t{h} * w) {
    lib::FailPadHost(fn, "oriSrcShape " + lib::PadShapeText(oriSrcShape.GetDims()) +
                             " holds more elements than srcShape " +
                             lib::PadShapeText(srcShape.GetDims()) +
                             " (the original data is part of the source)", loc);
  }
  lib::CheckPadStack(fn, stackBufferSize, loc);
  lib::FillPadTiling(h, w, ow, stackBufferSize, typeSize, tiling);
}

inline void GetUnPadMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                                  const TensorShape& srcShape, const uint32_t typeSize,
                                  uint32_t& maxValue, uint32_t& minValue,
                                  aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace lib = aicore::lib;
  const char* fn = "GetUnPadMaxMinTmpSize";
  lib::CheckPadTypeSize(fn, typeSize, loc);
  uint32_t h = 0, w = 0;
  lib::PadDims(fn, "srcShape", srcShape, &h, &w, loc);
  if (ascendcPlatform.GetSocVersion() == platform_ascendc::SocVersion::ASCEND910B) {
    maxValue = 0;  // one GatherMask per call: no temporary space
    minValue = 0;
    return;
  }
  lib::PadTmpSizes(h, w, &maxValue, &minValue);
}

inline void UnPadTilingFunc(const TensorShape srcShape, const uint32_t stackBufferSize,
                            const uint32_t typeSize, UnPadTiling& tiling,
                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace lib = aicore::lib;
  const char* fn = "UnPadTilingFunc";
  lib::CheckPadTypeSize(fn, typeSize, loc);
  uint32_t h = 0, w = 0;
  lib::PadDims(fn, "srcShape", srcShape, &h, &w, loc);
  lib::CheckPadStack(fn, stackBufferSize, loc);
  lib::FillUnPadTiling(h, w, stackBufferSize, typeSize, tiling);
}

}  // namespace AscendC
