// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The parameter structs and enums of the cube unit's instructions, with the
// public field names, order, types, constructors and defaults of the Ascend C
// API (NPU arch 2201, the 910B generation):
//
//   GM -> L1            Nd2NzParams
//   UB -> GM            Nz2NdParamsFull (the vector side's NZ -> ND copy)
//   L1 -> L0A/L0B       LoadData2DParams (= LoadData2dParams),
//                       LoadData2dTransposeParams, LoadData3DParamsV2<T>,
//                       LoadData3DParamsV2Pro, IsResetLoad3dConfig,
//                       LoadDataRepeatParam, FmatrixMode
//   Mmad                MmadParams, HF32Mode, HF32TransMode
//   Fill L1/L0A/L0B     InitConstValueParams<T>
//   L0C -> GM/L1        FixpipeParamsV220, FixpipeParams<T> (older), QuantParams,
//                       Nz2NdParams, CO2Layout, FixpipeConfig (CFG_NZ,
//                       CFG_ROW_MAJOR, CFG_COLUMN_MAJOR), DataCopyCO12DstParams,
//                       QuantMode_t (global, as the toolchain has it)
//   older paths         DataCopyEnhancedParams, BlockMode, DeqScale, pad_t
//
// Units, ranges and semantics are documented where the instructions are
// (cube/copy.h, load_data.h, mmad.h, fixpipe.h).
#pragma once

#include <cstdint>

#include "aicore/base/half.h"

// Quantization mode of the L0C -> GM/L1 copies (a plain enum of the NPU
// toolchain: kernels write QuantMode_t::F322F16 or F322F16).
enum QuantMode_t : uint64_t {
  NoQuant = 0,   // float -> float, int32_t -> int32_t
  F322F16,       // float -> half, round to nearest even
  F322BF16,      // float -> bfloat16_t, round to nearest even
  DEQF16,        // int32_t -> half, one scale (deqScalar)
  VDEQF16,       // int32_t -> half, a scale per column (tensor)
  QF322B8_PRE,   // float -> int8_t/uint8_t, one scale
  VQF322B8_PRE,  // float -> int8_t/uint8_t, a scale per column
  REQ8,          // int32_t -> int8_t/uint8_t, one scale
  VREQ8,         // int32_t -> int8_t/uint8_t, a scale per column
};

// Padding mode operand of the older copy paths and builtins; kernels pass
// (pad_t)0.
enum pad_t : uint8_t {
  PAD_NONE = 0,
  PAD_MODE1,
  PAD_MODE2,
  PAD_MODE3,
  PAD_MODE4,
  PAD_MODE5,
  PAD_MODE6,
  PAD_MODE7,
  PAD_MODE8,
};

namespace AscendC {

constexpr uint8_t PAD_SIZE = 4;

// ---- UB -> GM (NZ -> ND) -------------------------------------------------------

struct Nz2NdParamsFull {
  Nz2NdParamsFull() {}
  Nz2NdParamsFull(const uint16_t ndNumIn, const uint16_t nValueIn, const uint16_t dValueIn,
                  const uint16_t srcNdMatrixStrideIn, const uint16_t srcNStrideIn,
                  const uint16_t dstDStrideIn, const uint16_t dstNdMatrixStrideIn)
      : ndNum(ndNumIn),
        nValue(nValueIn),
        dValue(dValueIn),
        srcNdMatrixStride(srcNdMatrixStrideIn),
        srcNStride(srcNStrideIn),
        dstDStride(dstDStrideIn),
        dstNdMatrixStride(dstNdMatrixStrideIn) {}

  uint16_t ndNum = 1;
  uint16_t nValue = 0;
  uint16_t dValue = 0;
  uint16_t srcNdMatrixStride = 1;
  uint16_t srcNStride = 0;
  uint16_t dstDStride = 0;
  uint16_t dstNdMatrixStride = 1;
};

// ---- GM -> L1 ----------------------------------------------------------------

struct Nd2NzParams {
  Nd2NzParams() {}
  Nd2NzParams(const uint16_t ndNumIn, const uint16_t nValueIn, const uint16_t dValueIn,
              const uint16_t srcNdMatrixStrideIn, const uint16_t srcDValueIn,
              const uint16_t dstNzC0StrideIn, const uint16_t dstNzNStrideIn,
              const uint16_t dstNzMatrixStrideIn)
      : ndNum(ndNumIn),
        nValue(nValueIn),
        dValue(dValueIn),
        srcNdMatrixStride(srcNdMatrixStrideIn),
        srcDValue(srcDValueIn),
        dstNzC0Stride(dstNzC0StrideIn),
        dstNzNStride(dstNzNStrideIn),
        dstNzMatrixStride(dstNzMatrixStrideIn) {}

  uint16_t ndNum = 0;
  uint16_t nValue = 0;
  uint16_t dValue = 0;
  uint16_t srcNdMatrixStride = 0;
  uint16_t srcDValue = 0;
  uint16_t dstNzC0Stride = 0;
  uint16_t dstNzNStride = 0;
  uint16_t dstNzMatrixStride = 0;
};

// ---- L1 -> L0A / L0B -----------------------------------------------------------

struct LoadData2DParams {
  LoadData2DParams() {}
  LoadData2DParams(const uint16_t startIndexIn, const uint8_t repeatTimesIn,
                   const uint16_t srcStrideIn, const uint8_t sidIn, const uint16_t dstGapIn,
                   const bool ifTransposeIn, const uint8_t addrModeIn)
      : startIndex(startIndexIn),
        dstGap(dstGapIn),
        srcStride(srcStrideIn),
        ifTranspose(ifTransposeIn),
        repeatTimes(repeatTimesIn),
        sid(sidIn),
        addrMode(addrModeIn) {}

  uint16_t startIndex = 0;
  uint16_t dstGap = 0;
  uint16_t srcStride = 0;
  bool ifTranspose = 0;
  uint8_t repeatTimes = 0;
  uint8_t sid = 0;
  uint8_t addrMode = 0;
};
using LoadData2dParams = LoadData2DParams;

struct LoadData2dTransposeParams {
  LoadData2dTransposeParams() {}
  LoadData2dTransposeParams(const uint16_t startIndexIn, const uint8_t repeatTimesIn,
                            const uint16_t srcStrideIn, const uint16_t dstGapIn,
                            const uint16_t dstfracGapIn, const uint8_t addrModeIn)
      : startIndex(startIndexIn),
        repeatTimes(repeatTimesIn),
        srcStride(srcStrideIn),
        dstGap(dstGapIn),
        dstFracGap(dstfracGapIn),
        addrMode(addrModeIn) {}
  LoadData2dTransposeParams(const uint16_t startIndexIn, const uint8_t repeatTimesIn,
                            const uint16_t srcStrideIn, const uint16_t dstGapIn,
                            const uint16_t dstfracGapIn)
      : startIndex(startIndexIn),
        repeatTimes(repeatTimesIn),
        srcStride(srcStrideIn),
        dstGap(dstGapIn),
        dstFracGap(dstfracGapIn) {}

  uint16_t startIndex = 0;
  uint8_t repeatTimes = 0;
  uint16_t srcStride = 0;
  uint16_t dstGap = 0;
  uint16_t dstFracGap = 0;
  uint8_t addrMode = 0;
};

// Whether LoadData (3D) sets the feature-map (l1H, l1W, padList) and the
// padding-value registers from its parameters (true) or uses what SetFmatrix
// / SetLoadDataPaddingValue set (false).
struct IsResetLoad3dConfig {
  bool isSetFMatrix = true;
  bool isSetPadding = true;
};
constexpr IsResetLoad3dConfig IS_RESER_LOAD3D_DEFAULT_CONFIG = {true, true};

template <typename T>
struct LoadData3DParamsV2 {
  LoadData3DParamsV2() {
    for (int32_t i = 0; i < PAD_SIZE; ++i) padList[i] = 0;
  }
  LoadData3DParamsV2(const uint8_t padListIn[PAD_SIZE], const uint16_t l1HIn, const uint16_t l1WIn,
                     const uint16_t channelSizeIn, const uint16_t kExtensionIn,
                     const uint16_t mExtensionIn, const uint16_t kStartPtIn,
                     const uint16_t mStartPtIn, const uint8_t strideWIn, const uint8_t strideHIn,
                     const uint8_t filterWIn, const uint8_t filterHIn,
                     const uint8_t dilationFilterWIn, const uint8_t dilationFilterHIn,
                     const bool enTransposeIn, const bool enSmallKIn, const T padValueIn)
      : l1H(l1HIn),
        l1W(l1WIn),
        channelSize(channelSizeIn),
        kExtension(kExtensionIn),
        mExtension(mExtensionIn),
        kStartPt(kStartPtIn),
        mStartPt(mStartPtIn),
        strideW(strideWIn),
        strideH(strideHIn),
        filterW(filterWIn),
        filterH(filterHIn),
        dilationFilterW(dilationFilterWIn),
        dilationFilterH(dilationFilterHIn),
        enTranspose(enTransposeIn),
        enSmallK(enSmallKIn),
        padValue(padValueIn) {
    for (int32_t i = 0; i < PAD_SIZE; ++i) padList[i] = padListIn[i];
  }
  LoadData3DParamsV2(const uint8_t padListIn[PAD_SIZE], const uint16_t l1HIn, const uint16_t l1WIn,
                     const uint16_t channelSizeIn, const uint16_t kExtensionIn,
                     const uint16_t mExtensionIn, const uint16_t kStartPtIn,
                     const uint16_t mStartPtIn, const uint8_t strideWIn, const uint8_t strideHIn,
                     const uint8_t filterWIn, const uint8_t filterHIn,
                     const uint8_t dilationFilterWIn, const uint8_t dilationFilterHIn,
                     const bool enTransposeIn, const bool enSmallKIn, const T padValueIn,
                     const bool filterSizeWIn, const bool filterSizeHIn, const bool fMatrixCtrlIn)
      : LoadData3DParamsV2(padListIn, l1HIn, l1WIn, channelSizeIn, kExtensionIn, mExtensionIn,
                           kStartPtIn, mStartPtIn, strideWIn, strideHIn, filterWIn, filterHIn,
                           dilationFilterWIn, dilationFilterHIn, enTransposeIn, enSmallKIn,
                           padValueIn) {
    filterSizeW = filterSizeWIn;
    filterSizeH = filterSizeHIn;
    fMatrixCtrl = fMatrixCtrlIn;
  }

  uint8_t padList[PAD_SIZE] = {0};
  uint16_t l1H = 0;
  uint16_t l1W = 0;
  uint16_t channelSize = 0;
  uint16_t kExtension = 0;
  uint16_t mExtension = 0;
  uint16_t kStartPt = 0;
  uint16_t mStartPt = 0;
  uint8_t strideW = 1;
  uint8_t strideH = 1;
  uint8_t filterW = 1;
  uint8_t filterH = 1;
  uint8_t dilationFilterW = 1;
  uint8_t dilationFilterH = 1;
  bool enTranspose = false;
  bool enSmallK = false;
  T padValue{};  // zero (also for int4b_t, which has no conversion from int)
  bool filterSizeW = false;
  bool filterSizeH = false;
  bool fMatrixCtrl = false;
};

// LoadData3DParamsV2 with the extents and the filter packed into two words:
//   extConfig    = mStartPt << 48 | kStartPt << 32 | mExtension << 16 | kExtension
//   filterConfig = dilationFilterH << 40 | dilationFilterW << 32 | filterH << 24 |
//                  filterW << 16 | strideH << 8 | strideW
struct LoadData3DParamsV2Pro {
  LoadData3DParamsV2Pro() {}
  LoadData3DParamsV2Pro(const uint16_t channelSizeIn, const bool enTransposeIn,
                        const bool enSmallKIn, const bool filterSizeWIn, const bool filterSizeHIn,
                        const bool fMatrixCtrlIn, const uint64_t extConfigIn,
                        const uint64_t filterConfigIn)
      : channelSize(channelSizeIn),
        enTranspose(enTransposeIn),
        enSmallK(enSmallKIn),
        filterSizeW(filterSizeWIn),
        filterSizeH(filterSizeHIn),
        fMatrixCtrl(fMatrixCtrlIn),
        extConfig(extConfigIn),
        filterConfig(filterConfigIn) {}

  uint16_t channelSize = 0;
  bool enTranspose = false;
  bool enSmallK = false;
  bool filterSizeW = false;
  bool filterSizeH = false;
  bool fMatrixCtrl = false;
  uint64_t extConfig = 0;
  uint64_t filterConfig = 0X10101010101;
};

enum class FmatrixMode : uint8_t {
  FMATRIX_LEFT = 0,
  FMATRIX_RIGHT = 1,
};

struct LoadDataRepeatParam {
  LoadDataRepeatParam() {}
  LoadDataRepeatParam(const uint16_t repeatStrideIn, const uint8_t repeatTimeIn,
                      const uint8_t repeatModeIn)
      : repeatStride(repeatStrideIn), repeatTime(repeatTimeIn), repeatMode(repeatModeIn) {}
  uint16_t repeatStride = 0;
  uint8_t repeatTime = 1;
  uint8_t repeatMode = 0;
  uint8_t reserved = 0;
};

// ---- Fill / InitConstValue (L1, L0A, L0B) -------------------------------------------

// repeatTimes repeats of blockNum blocks each, dstGap blocks between the end
// of one repeat and the start of the next (a block is 32 bytes in L1, 512 in
// L0A/L0B); repeatTimes or blockNum 0 is a no-op. The two-argument
// constructor leaves blockNum 0 (on the 910B generation, a no-op).
template <typename T>
struct InitConstValueParams {
  InitConstValueParams() {}
  InitConstValueParams(const uint16_t repeatTimesIn, const uint16_t blockNumIn,
                       const uint16_t dstGapIn, const T initValueIn)
      : repeatTimes(repeatTimesIn), blockNum(blockNumIn), dstGap(dstGapIn), initValue(initValueIn) {}
  InitConstValueParams(const uint16_t repeatTimesIn, const T initValueIn)
      : repeatTimes(repeatTimesIn), initValue(initValueIn) {}

  uint16_t repeatTimes = 0;
  uint16_t blockNum = 0;
  uint16_t dstGap = 0;
  T initValue = 0;
};

// ---- Mmad -----------------------------------------------------------------------

struct MmadParams {
  MmadParams() {}
  MmadParams(const uint16_t mIn, const uint16_t nIn, const uint16_t kIn, const bool isBiasIn,
             const int32_t fmOffsetIn, const bool enSsparseIn, const bool enWinogradAIn,
             const bool enWinogradBIn)
      : m(mIn),
        n(nIn),
        k(kIn),
        isBias(isBiasIn),
        fmOffset(fmOffsetIn),
        enSsparse(enSsparseIn),
        enWinogradA(enWinogradAIn),
        enWinogradB(enWinogradBIn) {}
  MmadParams(const uint16_t mIn, const uint16_t nIn, const uint16_t kIn, const uint8_t unitFlagIn,
             const bool cmatrixSourceIn, const bool cmatrixInitValIn)
      : m(mIn),
        n(nIn),
        k(kIn),
        unitFlag(unitFlagIn),
        cmatrixSource(cmatrixSourceIn),
        cmatrixInitVal(cmatrixInitValIn) {}

  uint16_t m = 0;
  uint16_t n = 0;
  uint16_t k = 0;
  // Deprecated: true accumulates onto the C matrix (C += A x B).
  bool isBias = false;
  // Not used on the 910B generation (kept for older kernels).
  int32_t fmOffset = 0;
  bool enSsparse = false;
  bool enWinogradA = false;
  bool enWinogradB = false;
  uint8_t unitFlag = 0;
  // float inputs: the K direction of L0A is aligned to 16 (true) or 8 (false).
  bool kDirectionAlign = false;
  // The initial C matrix comes from the bias table (true) or L0C (false).
  bool cmatrixSource = false;
  // true: the C matrix starts at 0.
  bool cmatrixInitVal = true;
};

enum class HF32Mode { ENABLE, DISABLE };
enum class HF32TransMode { NEAREST_ZERO, NEAREST_EVEN };

// ---- L0C -> GM / L1 -------------------------------------------------------------

struct QuantParams {
  QuantParams() {}
  QuantParams(const QuantMode_t quantPreIn) : quantPre(quantPreIn) {}  // NOLINT
  QuantParams(const QuantMode_t quantPreIn, const uint64_t deqScalarIn)
      : quantPre(quantPreIn), deqScalar(deqScalarIn) {}
  QuantMode_t quantPre = QuantMode_t::NoQuant;
  uint64_t deqScalar = 0;  // (no initializer in the vendor's header)
};

struct Nz2NdParams {
  Nz2NdParams() {}
  Nz2NdParams(const bool nz2ndEnIn, const uint16_t ndNumIn, const uint16_t srcNdStrideIn,
              const uint16_t dstNdStrideIn, const uint16_t originalNSizeIn)
      : nz2ndEn(nz2ndEnIn),
        ndNum(ndNumIn),
        srcNdStride(srcNdStrideIn),
        dstNdStride(dstNdStrideIn),
        originalNSize(originalNSizeIn) {}
  bool nz2ndEn = false;
  uint16_t ndNum = 1;
  uint16_t srcNdStride = 0;
  uint16_t dstNdStride = 0;
  uint16_t originalNSize = 0;
};

// The older Fixpipe parameters: cburstNum bursts (N direction, one per 16
// columns) of burstLen 32-byte blocks.
template <typename T = int32_t>
struct FixpipeParams {
  FixpipeParams() {
    cburstNum = 1;
    burstLen = 1;
    srcStride = 0;
    dstStride = 0;
    reluEn = false;
    unitFlag = 0;
  }
  FixpipeParams(const uint16_t count, const uint16_t len, const uint16_t srcStrideIn,
                const uint32_t dstStrideIn) {
    cburstNum = count;
    burstLen = len;
    dstStride = dstStrideIn;
    srcStride = srcStrideIn;
  }
  uint16_t cburstNum = 0;
  uint16_t burstLen = 0;
  uint32_t dstStride = 0;
  uint16_t srcStride = 0;
  QuantParams quantParams;
  bool reluEn = false;
  Nz2NdParams nz2ndParams;
  uint8_t unitFlag = 0;
};

enum class CO2Layout : uint8_t {
  NZ = 0,
  ROW_MAJOR,     // NZ2ND
  COLUMN_MAJOR,  // NZ2DN (Ascend 950 only)
};

struct FixpipeConfig {
  CO2Layout format;
  constexpr FixpipeConfig(CO2Layout format_) : format(format_) {}  // NOLINT
  constexpr FixpipeConfig(CO2Layout format_, bool /*isToUB_*/) : format(format_) {}
  constexpr FixpipeConfig(CO2Layout format_, bool /*isToUB_*/, bool /*enableFixVal_*/)
      : format(format_) {}
};
constexpr FixpipeConfig CFG_NZ = {CO2Layout::NZ};
constexpr FixpipeConfig CFG_ROW_MAJOR = {CO2Layout::ROW_MAJOR};
constexpr FixpipeConfig CFG_COLUMN_MAJOR = {CO2Layout::COLUMN_MAJOR};

struct FixpipeParamsV220 {
  FixpipeParamsV220() {}
  FixpipeParamsV220(const uint16_t nSizeIn, const uint16_t mSizeIn, const uint16_t srcStrideIn,
                    const uint32_t dstStrideIn, const bool reluEnIn)
      : nSize(nSizeIn),
        mSize(mSizeIn),
        srcStride(srcStrideIn),
        dstStride(dstStrideIn),
        reluEn(reluEnIn) {}
  FixpipeParamsV220(const uint16_t nSizeIn, const uint16_t mSizeIn, const uint16_t srcStrideIn,
                    const uint32_t dstStrideIn, const bool reluEnIn, const QuantMode_t quantPreIn,
                    const int64_t deqScalarIn, const uint16_t ndNumIn,
                    const uint16_t srcNdStrideIn, const uint16_t dstNdStrideIn,
                    const uint8_t unitFlagIn)
      : nSize(nSizeIn),
        mSize(mSizeIn),
        srcStride(srcStrideIn),
        dstStride(dstStrideIn),
        quantPre(quantPreIn),
        deqScalar(static_cast<uint64_t>(deqScalarIn)),
        ndNum(ndNumIn),
        srcNdStride(srcNdStrideIn),
        dstNdStride(dstNdStrideIn),
        reluEn(reluEnIn),
        unitFlag(unitFlagIn) {}
  FixpipeParamsV220(const uint16_t nSizeIn, const uint16_t mSizeIn, const uint16_t srcStrideIn,
                    const uint32_t dstStrideIn, const bool reluEnIn, const QuantMode_t quantPreIn,
                    const int64_t deqScalarIn, const uint16_t ndNumIn,
                    const uint16_t srcNdStrideIn, const uint16_t dstNdStrideIn,
                    const uint8_t unitFlagIn, const bool isChannelSplitIn)
      : FixpipeParamsV220(nSizeIn, mSizeIn, srcStrideIn, dstStrideIn, reluEnIn, quantPreIn,
                          deqScalarIn, ndNumIn, srcNdStrideIn, dstNdStrideIn, unitFlagIn) {
    isChannelSplit = isChannelSplitIn;
  }

  uint16_t nSize = 0;
  uint16_t mSize = 0;
  uint16_t srcStride = 0;
  uint32_t dstStride = 0;
  QuantMode_t quantPre = QuantMode_t::NoQuant;
  uint64_t deqScalar = 0;  // (no initializer in the vendor's header)
  uint16_t ndNum = 1;
  uint16_t srcNdStride = 0;
  uint16_t dstNdStride = 0;
  bool reluEn = false;
  uint8_t unitFlag = 0;
  bool isChannelSplit = false;
};
using FixpipeParamsM300 = FixpipeParamsV220;
using FixpipeParamsM310 = FixpipeParamsV220;

struct DataCopyCO12DstParams {
  DataCopyCO12DstParams() {}
  DataCopyCO12DstParams(const uint16_t nSizeIn, const uint16_t mSizeIn, const uint32_t dstStrideIn,
                        const uint16_t srcStrideIn, const QuantMode_t quantPreIn,
                        const uint8_t reluPreIn, const bool channelSplitIn, const bool nz2ndEnIn)
      : nSize(nSizeIn),
        mSize(mSizeIn),
        dstStride(dstStrideIn),
        srcStride(srcStrideIn),
        quantPre(quantPreIn),
        reluPre(reluPreIn),
        channelSplit(channelSplitIn),
        nz2ndEn(nz2ndEnIn) {}

  uint8_t sid = 0;
  uint16_t nSize = 0;
  uint16_t mSize = 0;
  uint32_t dstStride = 0;
  uint16_t srcStride = 0;
  uint8_t unitFlag = 0;
  uint8_t clipReluPre = 0;
  uint8_t eltWiseOp = 0;
  QuantMode_t quantPre = QuantMode_t::NoQuant;
  uint8_t reluPre = 0;
  bool channelSplit = false;
  bool nz2ndEn = false;
};

// ---- the older copy path (L0C -> UB on the 310P; a plain copy elsewhere) ----

enum class BlockMode : uint8_t {
  BLOCK_MODE_NORMAL = 0,
  BLOCK_MODE_MATRIX,
  BLOCK_MODE_VECTOR,
  BLOCK_MODE_SMALL_CHANNEL,
  BLOCK_MODE_DEPTHWISE,
};

enum class DeqScale : uint8_t {
  DEQ_NONE = 0,
  DEQ,
  VDEQ,
  DEQ8,
  VDEQ8,
  DEQ16,
  VDEQ16,
};

struct DataCopyEnhancedParams {
  DataCopyEnhancedParams() {}
  DataCopyEnhancedParams(const BlockMode blockModeIn, const DeqScale deqScaleIn,
                         const uint64_t deqValueIn, const uint8_t sidStoreModeIn,
                         const bool isReluIn, const pad_t padModeIn, const uint64_t padValueIn)
      : blockMode(blockModeIn),
        deqScale(deqScaleIn),
        deqValue(deqValueIn),
        sidStoreMode(sidStoreModeIn),
        isRelu(isReluIn),
        padMode(padModeIn),
        padValue(padValueIn) {}

  BlockMode blockMode = BlockMode::BLOCK_MODE_NORMAL;
  DeqScale deqScale = DeqScale::DEQ_NONE;
  uint64_t deqValue = 0;
  uint8_t sidStoreMode = 0;
  bool isRelu = false;
  pad_t padMode = pad_t::PAD_NONE;
  uint64_t padValue = 0;
  uint64_t deqTensorAddr = 0;
};

}  // namespace AscendC
