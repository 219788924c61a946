// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host tiling of the high-level Matmul (namespace matmul_tiling, the
// vendor's tiling/tiling_api.h):
//
//   MatmulApiTiling tiling(platform);        one core: singleCore = the shape
//   MultiCoreMatmulTiling tiling(platform);  SetDim(n): split M and N (and K
//                                            with EnableMultiCoreSplitK) over n cores
//   BatchMatmulTiling tiling(platform);      one core computing IterateBatch's
//                                            batches; GetCoreNum(dim, mDim, nDim,
//                                            batchCoreM, batchCoreN)
//   SetAType/SetBType(TPosition, CubeFormat, DataType, isTrans = false),
//   SetCType/SetBiasType(TPosition, CubeFormat, DataType), SetShape(m, n, k)
//   (-1: the original size), SetOrgShape(M, N, K) / (M, N, Ka, Kb),
//   SetSingleShape(m, n, k) (-1: chosen), EnableBias / SetBias,
//   SetFixSplit(baseM, baseN, -1), SetBufferSpace(l1, l0c, ub, bt) (-1: the
//   SoC's), SetTraverse, SetDoubleBuffer, SetAlignSplit, SetSingleRange,
//   SetSplitRange, SetMadType, SetDequantType, SetALayout/SetBLayout/
//   SetCLayout, SetBatchNum, SetBatchInfoForNormal, SetMatmulConfigParams
//   -> GetTiling(TCubeTiling&) (0 / -1), GetSingleShape, GetCoreNum,
//      GetBaseM/N/K.
//   MatmulGetTmpBufSize / MultiCoreMatmulGetTmpBufSize / BatchMatmulGetTmpBufSize
//   (and V2): the UB / L1 /
//   L0C scratch a kernel reserves for Matmul.
//
// The tiling algorithm (aicore's own; it follows the public TCubeTiling
// rules, not the vendor's search, so its choices can differ from the
// vendor's):
//   1. Cores: over every split mDim x nDim (x kDim with split K) of the cores
//      SetDim allows (at most the SoC's: the larger of its cube and vector
//      core counts), singleCoreM = ceil(m / mDim) rounded up to 16 (or the
//      SetAlignSplit value) unless it is all of m (N and K likewise); keep
//      the split with the least work per core (singleM * singleN * singleK),
//      then the fewest cores, then the squarest block, among the splits
//      whose single-core shape holds the SetFixSplit base block and keeps
//      the SetSingleRange bounds. usedCoreNum = the cores the split really
//      uses. SetSingleShape values are taken as given.
//   2. baseM x baseN: multiples of 16, at most singleCore rounded up to 16,
//      baseM * baseN * 4 <= L0C (dbL0C = 1), baseN * sizeof(bias) <= the
//      bias table with a bias; the largest area, then the least padding,
//      then baseN >= baseM closest to square (2048^3 half: 128 x 256, the
//      vendor's recommended block). SetFixSplit values are taken as given
//      (multiples of 16, at most singleCore rounded up to 16, else -1).
//   3. baseK: the largest multiple of 16 (32 bytes of A's type when A is not
//      transposed and B is, if that is more: 64 for DT_INT4, whose sizes
//      count half bytes; 64 after SetSparse(true), as
//      the vendor aligns it) with baseM * baseK * sizeof(A) *
//      2 <= L0A and baseN * baseK * sizeof(B) * 2 <= L0B (dbL0A = dbL0B = 2;
//      1 when 2 does not fit), at most singleCoreK rounded up.
//   4. L1: stepM = stepN = 1, stepKa = stepKb = the K steps of one core,
//      halved until depthA1 = stepKa * 2 and depthB1 = stepKb * 2 base
//      blocks (and the bias row) fit the L1 size; then single-buffered
//      (depth = step) if needed.
//      With SetMatmulConfigParams' ScheduleType::N_BUFFER_33
//      (NBuffer33MatmulPolicy): stepKa = stepKb = the K steps (at most 3,
//      else -1), stepM = min(3, M steps), lowered until stepM * stepKa
//      blocks of A and 2 * stepKb of B fit L1; depthA1 = stepM * stepKa,
//      depthB1 = 2 * stepKb.
//   5. iterateOrder 0 (M first) unless SetTraverse(FIRSTN); transLength 0
//      unless an operand is in UB (then its largest base block in bytes);
//      shareL1Size / shareL0CSize the L1 / L0C bytes used; the batch and
//      layout fields from SetBatchNum / Set*Layout (else 1 / 0).
// Every tiling GetTiling returns passes aicore::lib::CubeTilingProblem for
// the buffer sizes in use. On failure GetTiling returns -1 and prints the
// reason to stderr, prefixed "MatmulApi Tiling" as the vendor's log is.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "aicore/lib/matmul/tiling_data.h"
#include "aicore/lib/platform_ascendc.h"

namespace matmul_tiling {

constexpr int32_t UINT8_BYTES = 1;
constexpr int32_t INT8_BYTES = 1;
constexpr int32_t FP32_BYTES = 4;
constexpr int32_t FP16_BYTES = 2;
constexpr int32_t C0_SIZE = 16;
constexpr int32_t C0_BYTE_SIZE = 32;
constexpr int32_t BITS_PER_BYTE = 8;

enum class DataType : int32_t {
  DT_FLOAT = 0,
  DT_FLOAT16 = 1,
  DT_INT8 = 2,
  DT_INT16 = 6,
  DT_UINT16 = 7,
  DT_UINT8 = 4,
  DT_INT32 = 3,
  DT_INT64 = 9,
  DT_UINT32 = 8,
  DT_UINT64 = 10,
  DT_BOOL = 12,
  DT_DOUBLE = 11,
  DT_STRING = 13,
  DT_DUAL_SUB_INT8 = 14,
  DT_DUAL_SUB_UINT8 = 15,
  DT_COMPLEX64 = 16,
  DT_COMPLEX128 = 17,
  DT_QINT8 = 18,
  DT_QINT16 = 19,
  DT_QINT32 = 20,
  DT_QUINT8 = 21,
  DT_QUINT16 = 22,
  DT_RESOURCE = 23,
  DT_STRING_REF = 24,
  DT_DUAL = 25,
  DT_VARIANT = 26,
  DT_BF16 = 27,
  DT_UNDEFINED = 28,
  DT_INT4 = 29,
  DT_UINT1 = 30,
  DT_INT2 = 31,
  DT_UINT2 = 32,
  DT_BFLOAT16 = 33,
  DT_HIFLOAT8 = 34,
  DT_FLOAT8_E4M3FN = 35,
  DT_FLOAT8_E5M2 = 36,
  DT_FLOAT4_E2M1 = 37,
  DT_FLOAT8_E8M0 = 38,
  DT_FLOAT4_E1M2 = 39,
  DT_MAX = 40,
};

enum class TPosition : int32_t {
  GM,
  A1,
  A2,
  B1,
  B2,
  C1,
  C2,
  CO1,
  CO2,
  VECIN,
  VECOUT,
  VECCALC,
  LCM = VECCALC,
  SPM,
  SHM = SPM,
  TSCM,
  MAX,
};

enum class TilingPolicy : int32_t { FIXED_A_TSCM, FIXED_B_TSCM, FIXED_A_B_TSCM, NO_POLICY };

enum class CubeFormat : int32_t {
  ND = 0,
  NZ,
  ZN,
  ZZ,
  NN,
  ND_ALIGN,
  SCALAR,
  VECTOR,
  ROW_MAJOR = ND,
  COLUMN_MAJOR = 8,
};

enum class MatrixTraverse : int32_t { NOSET = 0, FIRSTM = 1, FIRSTN = 2 };
enum class MatrixMadType : int32_t { NORMAL = 0, HF32 = 1, MXMODE = 2 };
enum class DequantType : int32_t { SCALAR = 0, TENSOR = 1 };
enum class ScheduleType : int32_t { INNER_PRODUCT = 0, OUTER_PRODUCT = 1, N_BUFFER_33 = 2 };

struct SysTilingTempBufSize {
  int32_t ubSize = 0;
  int32_t l1Size = 0;
  int32_t l0cSize = 0;
};

struct MatTilingType {
  TPosition pos = TPosition::GM;
  CubeFormat type = CubeFormat::ND;
  DataType dataType = DataType::DT_FLOAT;
  bool isTrans = false;
  bool isDB = false;
  bool hasSetScaleType = false;
  TPosition scalePos = TPosition::GM;
  CubeFormat scaleType = CubeFormat::ND;
  bool isScaleTrans = false;
};

struct BufferPool {
  int32_t l1Size;
  int32_t l0CSize;
  int32_t ubSize;
  int32_t l0ASize;
  int32_t l0BSize;
  int32_t btSize;
  int32_t l1AlignSize;
  int32_t l0CAlignSize;
  int32_t l0AAlignSize;
  int32_t l0BAlignSize;
  int32_t ubAlignSize;
};

struct PlatformInfo {
  platform_ascendc::SocVersion socVersion;
  uint64_t l1Size = 0;
  uint64_t l0CSize = 0;
  uint64_t ubSize = 0;
  uint64_t l0ASize = 0;
  uint64_t l0BSize = 0;
};

struct MatmulConfigParams {
  int32_t mmConfigType;
  bool enableL1CacheUB;
  ScheduleType scheduleType;
  MatrixTraverse traverse;
  bool enVecND2NZ;
  MatmulConfigParams(int32_t mmConfigTypeIn = 1, bool enableL1CacheUBIn = false,
                     ScheduleType scheduleTypeIn = ScheduleType::INNER_PRODUCT,
                     MatrixTraverse traverseIn = MatrixTraverse::NOSET, bool enVecND2NZIn = false)
      : mmConfigType(mmConfigTypeIn),
        enableL1CacheUB(enableL1CacheUBIn),
        scheduleType(scheduleTypeIn),
        traverse(traverseIn),
        enVecND2NZ(enVecND2NZIn) {}
};

// Bits of one element of a data type (0: not a Matmul type).
inline int32_t DataTypeBits(DataType t) {
  switch (t) {
    case DataType::DT_FLOAT:
    case DataType::DT_INT32:
    case DataType::DT_UINT32: return 32;
    case DataType::DT_FLOAT16:
    case DataType::DT_BF16:
    case DataType::DT_BFLOAT16:
    case DataType::DT_INT16:
    case DataType::DT_UINT16: return 16;
    case DataType::DT_INT8:
    case DataType::DT_UINT8: return 8;
    case DataType::DT_INT64:
    case DataType::DT_UINT64: return 64;
    case DataType::DT_INT4: return 4;
    default: return 0;
  }
}

class MatmulApiTilingBase {
 public:
  MatmulApiTilingBase() { InitFromPlatform(platform_ascendc::PlatformAscendC()); }
  explicit MatmulApiTilingBase(const platform_ascendc::PlatformAscendC& ascendcPlatform) {
    InitFromPlatform(ascendcPlatform);
  }
  explicit MatmulApiTilingBase(const PlatformInfo& platform) {
    InitFromPlatform(platform_ascendc::PlatformAscendC());
    socVersion = platform.socVersion;
    oriBufferPool_.l1Size = static_cast<int32_t>(platform.l1Size);
    oriBufferPool_.l0CSize = static_cast<int32_t>(platform.l0CSize);
    oriBufferPool_.ubSize = static_cast<int32_t>(platform.ubSize);
    oriBufferPool_.l0ASize = static_cast<int32_t>(platform.l0ASize);
    oriBufferPool_.l0BSize = static_cast<int32_t>(platform.l0BSize);
    oriBufferPool_.btSize = platform.socVersion == platform_ascendc::SocVersion::ASCEND910B ? 1024 : 0;
    bufferPool_ = oriBufferPool_;
  }
  virtual ~MatmulApiTilingBase() = default;

  int32_t SetAType(TPosition pos, CubeFormat type, DataType dataType, bool isTrans = false) {
    aType_.pos = pos;
    aType_.type = type;
    aType_.dataType = dataType;
    aType_.isTrans = isTrans;
    return 0;
  }
  int32_t SetBType(TPosition pos, CubeFormat type, DataType dataType, bool isTrans = false) {
    bType_.pos = pos;
    bType_.type = type;
    bType_.dataType = dataType;
    bType_.isTrans = isTrans;
    return 0;
  }
  int32_t SetCType(TPosition pos, CubeFormat type, DataType dataType) {
    cType_.pos = pos;
    cType_.type = type;
    cType_.dataType = dataType;
    return 0;
  }
  int32_t SetBiasType(TPosition pos, CubeFormat type, DataType dataType) {
    biasType_.pos = pos;
    biasType_.type = type;
    biasType_.dataType = dataType;
    return 0;
  }
  int32_t SetDequantType(DequantType dequantType) {
    this->deqType = dequantType;
    return 0;
  }
  virtual int32_t SetShape(int32_t m, int32_t n, int32_t k) {
    if (m == 0 || n == 0 || k == 0 || m < -1 || n < -1 || k < -1) return Error("SetShape", m, n, k);
    singleM = m;
    singleN = n;
    singleK = k;
    return 0;
  }
  int32_t SetOrgShape(int32_t orgMIn, int32_t orgNIn, int32_t orgKIn) {
    return SetOrgShape(orgMIn, orgNIn, orgKIn, orgKIn);
  }
  int32_t SetOrgShape(int32_t orgMIn, int32_t orgNIn, int32_t orgKaIn, int32_t orgKbIn) {
    if (orgMIn <= 0 || orgNIn <= 0 || orgKaIn <= 0 || orgKbIn <= 0) {
      Log("SetOrgShape(" + std::to_string(orgMIn) + ", " + std::to_string(orgNIn) + ", " + std::to_string(orgKaIn) +
          ", " + std::to_string(orgKbIn) + "): every size must be > 0");
      return -1;
    }
    orgM = orgMIn;
    orgN = orgNIn;
    orgKa = orgKaIn;
    orgKb = orgKbIn;
    return 0;
  }
  // The axes of a BSNGD / SBNGD / BNGS1S2 operand (C: b, s1, n, g, s2);
  // -1 (with a log line) when one is not > 0.
  int32_t SetALayout(int32_t b, int32_t s, int32_t n, int32_t g, int32_t d) {
    if (!LayoutOk("SetALayout", b, s, n, g, d)) return -1;
    aLayoutInfoB = b, aLayoutInfoS = s, aLayoutInfoN = n, aLayoutInfoG = g, aLayoutInfoD = d;
    return 0;
  }
  int32_t SetBLayout(int32_t b, int32_t s, int32_t n, int32_t g, int32_t d) {
    if (!LayoutOk("SetBLayout", b, s, n, g, d)) return -1;
    bLayoutInfoB = b, bLayoutInfoS = s, bLayoutInfoN = n, bLayoutInfoG = g, bLayoutInfoD = d;
    return 0;
  }
  int32_t SetCLayout(int32_t b, int32_t s, int32_t n, int32_t g, int32_t d) {
    if (!LayoutOk("SetCLayout", b, s, n, g, d)) return -1;
    cLayoutInfoB = b, cLayoutInfoS1 = s, cLayoutInfoN = n, cLayoutInfoG = g, cLayoutInfoS2 = d;
    return 0;
  }
  int32_t SetBatchInfoForNormal(int32_t batchA, int32_t batchB, int32_t m, int32_t n, int32_t k) {
    if (batchA <= 0 || batchB <= 0 || m <= 0 || n <= 0 || k <= 0) {
      Log("SetBatchInfoForNormal(" + std::to_string(batchA) + ", " + std::to_string(batchB) + ", " +
          std::to_string(m) + ", " + std::to_string(n) + ", " + std::to_string(k) + "): every value must be > 0");
      return -1;
    }
    aLayoutInfoB = batchA;
    bLayoutInfoB = batchB;
    cLayoutInfoB = std::max(batchA, batchB);
    aLayoutInfoS = m, aLayoutInfoD = k, bLayoutInfoS = k, bLayoutInfoD = n, cLayoutInfoS1 = m, cLayoutInfoS2 = n;
    batchNum = std::max(batchA, batchB);
    return 0;
  }
  static bool LayoutOk(const char* api, int32_t b, int32_t s, int32_t n, int32_t g, int32_t d) {
    if (b > 0 && s > 0 && n > 0 && g > 0 && d > 0) return true;
    Log(std::string(api) + "(" + std::to_string(b) + ", " + std::to_string(s) + ", " + std::to_string(n) + ", " +
        std::to_string(g) + ", " + std::to_string(d) + "): every axis must be > 0");
    return false;
  }
  int32_t SetBatchNum(int32_t batch) {
    if (batch <= 0) return -1;
    batchNum = batch;
    return 0;
  }
  int32_t EnableBias(bool isBiasIn = false) {
    isBias = isBiasIn;
    return 0;
  }
  int32_t SetBias(bool isBiasIn = false) { return EnableBias(isBiasIn); }
  // baseK (-1: chosen): a multiple of A's elements per 32 bytes (SetAType
  // before it), as the vendor's.
  int32_t SetFixSplit(int32_t baseMIn = -1, int32_t baseNIn = -1, int32_t baseKIn = -1) {
    const int32_t bits = DataTypeBits(aType_.dataType);
    const int32_t k0 = bits > 0 ? 256 / bits : 0;
    if ((baseMIn != -1 && (baseMIn <= 0 || baseMIn % 16 != 0)) ||
        (baseNIn != -1 && (baseNIn <= 0 || baseNIn % 16 != 0)) ||
        (baseKIn != -1 && (baseKIn <= 0 || k0 == 0 || baseKIn % k0 != 0))) {
      Log("SetFixSplit(" + std::to_string(baseMIn) + ", " + std::to_string(baseNIn) + ", " +
          std::to_string(baseKIn) + "): baseM and baseN must be multiples of 16, baseK a multiple of " +
          std::to_string(k0) + " (32 bytes of A's type), or -1");
      return -1;
    }
    fixBaseM_ = baseMIn;
    fixBaseN_ = baseNIn;
    fixBaseK_ = baseKIn;
    return 0;
  }
  int32_t SetBufferSpace(int32_t l1Size = -1, int32_t l0CSize = -1, int32_t ubSize = -1, int32_t btSize = -1) {
    auto pick = [](int32_t want, int32_t have) { return want == -1 ? have : want; };
    const int32_t l1 = pick(l1Size, oriBufferPool_.l1Size), l0c = pick(l0CSize, oriBufferPool_.l0CSize);
    const int32_t ub = pick(ubSize, oriBufferPool_.ubSize), bt = pick(btSize, oriBufferPool_.btSize);
    if (l1 < 0 || l1 > oriBufferPool_.l1Size || l0c < 0 || l0c > oriBufferPool_.l0CSize || ub < 0 ||
        ub > oriBufferPool_.ubSize || bt < 0 || bt > oriBufferPool_.btSize) {
      Log("SetBufferSpace(" + std::to_string(l1Size) + ", " + std::to_string(l0CSize) + ", " +
          std::to_string(ubSize) + ", " + std::to_string(btSize) + "): a size is negative or larger than the "
          "SoC's (L1 " + std::to_string(oriBufferPool_.l1Size) + ", L0C " + std::to_string(oriBufferPool_.l0CSize) +
          ", UB " + std::to_string(oriBufferPool_.ubSize) + ", BT " + std::to_string(oriBufferPool_.btSize) + ")");
      return -1;
    }
    bufferPool_.l1Size = l1;
    bufferPool_.l0CSize = l0c;
    bufferPool_.ubSize = ub;
    bufferPool_.btSize = bt;
    return 0;
  }
  int32_t SetTraverse(MatrixTraverse traverse) {
    traverse_ = traverse;
    return 0;
  }
  int32_t SetMadType(MatrixMadType madType) {
    madType_ = madType;
    return 0;
  }
  int32_t SetSplitRange(int32_t maxBaseM = -1, int32_t maxBaseN = -1, int32_t maxBaseK = -1, int32_t minBaseM = -1,
                        int32_t minBaseN = -1, int32_t minBaseK = -1) {
    adjust_ = {maxBaseM, maxBaseN, maxBaseK, minBaseM, minBaseN, minBaseK};
    return 0;
  }
  int32_t SetDoubleBuffer(bool a, bool b, bool c, bool bias, bool transND2NZ = true, bool transNZ2ND = true) {
    aType_.isDB = a;
    bType_.isDB = b;
    cType_.isDB = c;
    biasType_.isDB = bias;
    transND2NZ_ = transND2NZ;
    transNZ2ND_ = transNZ2ND;
    dbSet_ = true;
    return 0;
  }
  void SetMatmulConfigParams(int32_t mmConfigTypeIn = 1, bool enableL1CacheUBIn = false,
                             ScheduleType scheduleTypeIn = ScheduleType::INNER_PRODUCT,
                             MatrixTraverse traverseIn = MatrixTraverse::NOSET, bool enVecND2NZIn = false) {
    mmConfigType = mmConfigTypeIn;
    enableL1CacheUB = enableL1CacheUBIn;
    scheduleType = scheduleTypeIn;
    if (traverseIn != MatrixTraverse::NOSET) traverse_ = traverseIn;
    enVecND2NZ = enVecND2NZIn;
  }
  void SetMatmulConfigParams(const MatmulConfigParams& p) {
    SetMatmulConfigParams(p.mmConfigType, p.enableL1CacheUB, p.scheduleType, p.traverse, p.enVecND2NZ);
  }
  // The 4:2 sparse Matmul (SparseMatmulType B): baseK a multiple of 64.
  int32_t SetSparse(bool isSparseIn = false) {
    isSparse_ = isSparseIn;
    return 0;
  }
  int32_t GetBaseM() const { return baseM; }
  int32_t GetBaseN() const { return baseN; }
  int32_t GetBaseK() const { return baseK; }
  virtual int64_t GetTiling(AscendC::tiling::TCubeTiling& tiling) = 0;

 public:
  optiling::TCubeTiling tiling_;
  MatTilingType aType_;
  MatTilingType bType_;
  MatTilingType cType_;
  MatTilingType biasType_;
  bool isBias = false;
  bool isSupportL0c2Out = true;
  int32_t blockDim = 0;
  int32_t orgM = 0;
  int32_t orgN = 0;
  int32_t orgKa = 0;
  int32_t orgKb = 0;
  int32_t aLayoutInfoB = 0;
  int32_t aLayoutInfoS = 0;
  int32_t aLayoutInfoN = 0;
  int32_t aLayoutInfoG = 0;
  int32_t aLayoutInfoD = 0;
  int32_t bLayoutInfoB = 0;
  int32_t bLayoutInfoS = 0;
  int32_t bLayoutInfoN = 0;
  int32_t bLayoutInfoG = 0;
  int32_t bLayoutInfoD = 0;
  int32_t cLayoutInfoB = 0;
  int32_t cLayoutInfoS1 = 0;
  int32_t cLayoutInfoN = 0;
  int32_t cLayoutInfoG = 0;
  int32_t cLayoutInfoS2 = 0;
  int32_t batchNum = 0;
  int32_t singleM = 0;  // SetShape (-1: the original size; 0: not set)
  int32_t singleN = 0;
  int32_t singleK = 0;
  int32_t singleCoreM = 0;
  int32_t singleCoreN = 0;
  int32_t singleCoreK = 0;
  int32_t baseM = 0;
  int32_t baseN = 0;
  int32_t baseK = 0;
  int32_t batchM = 0;
  int32_t batchN = 0;
  int32_t singleBatchM = 0;
  int32_t singleBatchN = 0;
  int32_t alignSingleM = 1;
  int32_t alignSingleN = 1;
  int32_t alignSingleK = 1;
  struct MnmAdjust {
    int32_t maxBaseM;
    int32_t maxBaseN;
    int32_t maxBaseK;
    int32_t minBaseM;
    int32_t minBaseN;
    int32_t minBaseK;
  } adjust_{-1, -1, -1, -1, -1, -1};
  BufferPool oriBufferPool_{};
  BufferPool bufferPool_{};
  MatrixTraverse traverse_ = MatrixTraverse::FIRSTM;
  MatrixMadType madType_ = MatrixMadType::NORMAL;
  ScheduleType scheduleType = ScheduleType::INNER_PRODUCT;
  bool transND2NZ_ = false;
  bool transNZ2ND_ = false;
  bool isSparse_ = false;
  int32_t maxSingleM = 0;
  int32_t maxSingleN = 0;
  int32_t maxSingleK = 0;
  int32_t minSingleM = 0;
  int32_t minSingleN = 0;
  int32_t minSingleK = 0;
  DequantType deqType = DequantType::SCALAR;
  bool enableSplitK_ = false;
  platform_ascendc::SocVersion socVersion = platform_ascendc::SocVersion::ASCEND910B;
  int32_t mmConfigType = 1;  // 0: Norm; 1: MDL
  bool enableL1CacheUB = false;
  bool enVecND2NZ = false;
  bool isBMNKBmm = false;

 protected:
  // The tiling of a single-core shape: fills baseM/N/K, the steps and the
  // depths of tiling_ (whose shape fields are set); 0 or -1.
  int64_t ComputeBlocks();
  // The result into `tiling`, after a final check.
  int64_t Finish(AscendC::tiling::TCubeTiling& tiling);
  // The whole GetTiling of one core (MatmulApiTiling, BatchMatmulTiling):
  // the single-core shape is the problem's shape.
  int64_t OneCoreTiling(AscendC::tiling::TCubeTiling& tiling) {
    int32_t m, n, k;
    if (!ProblemShape(m, n, k)) {
      Log("GetTiling: no shape (call SetShape or SetOrgShape)");
      return -1;
    }
    tiling_ = AscendC::tiling::TCubeTiling{};
    tiling_.usedCoreNum = 1;
    tiling_.M = OrgOr(orgM, m);
    tiling_.N = OrgOr(orgN, n);
    tiling_.Ka = OrgOr(orgKa, k);
    tiling_.Kb = OrgOr(orgKb, k);
    tiling_.singleCoreM = singleCoreM = m;
    tiling_.singleCoreN = singleCoreN = n;
    tiling_.singleCoreK = singleCoreK = k;
    if (ComputeBlocks() != 0) return -1;
    return Finish(tiling);
  }
  static void Log(const std::string& what) {
    std::fprintf(stderr, "MatmulApi Tiling: %s\n", what.c_str());
    std::fflush(stderr);
  }
  static int32_t Error(const char* api, int32_t m, int32_t n, int32_t k) {
    Log(std::string(api) + "(" + std::to_string(m) + ", " + std::to_string(n) + ", " + std::to_string(k) +
        "): sizes must be > 0 or -1");
    return -1;
  }
  // The problem shape (m, n, k) after SetShape / SetOrgShape; false when
  // neither gave one.
  bool ProblemShape(int32_t& m, int32_t& n, int32_t& k) const {
    m = singleM > 0 ? singleM : orgM;
    n = singleN > 0 ? singleN : orgN;
    k = singleK > 0 ? singleK : std::min(orgKa, orgKb);
    if (k <= 0) k = std::max(orgKa, orgKb);
    return m > 0 && n > 0 && k > 0;
  }
  int32_t OrgOr(int32_t org, int32_t v) const { return org > 0 ? org : v; }
  uint32_t Bytes(DataType t) const { return static_cast<uint32_t>(std::max(DataTypeBits(t) / 8, 1)); }
  bool dbSet_ = false;
  int32_t fixBaseM_ = -1;
  int32_t fixBaseN_ = -1;
  int32_t fixBaseK_ = -1;
  int32_t usedCores_ = 1;
  int32_t mDim_ = 1;
  int32_t nDim_ = 1;
  int32_t kDim_ = 1;

 private:
  void InitFromPlatform(const platform_ascendc::PlatformAscendC& p) {
    uint64_t v = 0;
    p.GetCoreMemSize(platform_ascendc::CoreMemType::L1, v);
    oriBufferPool_.l1Size = static_cast<int32_t>(v);
    p.GetCoreMemSize(platform_ascendc::CoreMemType::L0_C, v);
    oriBufferPool_.l0CSize = static_cast<int32_t>(v);
    p.GetCoreMemSize(platform_ascendc::CoreMemType::UB, v);
    oriBufferPool_.ubSize = static_cast<int32_t>(v);
    p.GetCoreMemSize(platform_ascendc::CoreMemType::L0_A, v);
    oriBufferPool_.l0ASize = static_cast<int32_t>(v);
    p.GetCoreMemSize(platform_ascendc::CoreMemType::L0_B, v);
    oriBufferPool_.l0BSize = static_cast<int32_t>(v);
    p.GetCoreMemSize(platform_ascendc::CoreMemType::BT, v);
    oriBufferPool_.btSize = static_cast<int32_t>(v);
    bufferPool_ = oriBufferPool_;
    socVersion = p.GetSocVersion();
    maxCores_ = static_cast<int32_t>(std::max(p.GetCoreNumAiv(), p.GetCoreNumAic()));
  }

 protected:
  int32_t maxCores_ = 0;
};

inline int64_t MatmulApiTilingBase::ComputeBlocks() {
  AscendC::tiling::TCubeTiling& t = tiling_;
  // A's and B's element sizes in bits (int4b_t: 4, two a byte); the byte
  // counts below are products with baseM or baseN (multiples of 16). A and
  // B: 8 bits or more, or both DT_INT4 (A not transposed, as the vendor's
  // Atlas A2 Matmul allows); C: 8 bits or more.
  const int64_t sa = DataTypeBits(aType_.dataType), sb = DataTypeBits(bType_.dataType);
  const bool int4 = sa == 4 && sb == 4;
  if ((!int4 && (sa < 8 || sb < 8)) || DataTypeBits(cType_.dataType) < 8) {
    Log("the A, B or C data type has no Matmul support in aicore (A " + std::to_string(sa) + " bits, B " +
        std::to_string(sb) + " bits; DT_INT4 only for both A and B)");
    return -1;
  }
  if (int4 && aType_.isTrans) {
    Log("A of DT_INT4 cannot be transposed (SetAType isTrans = true): not on Atlas A2");
    return -1;
  }
  const uint32_t sbias = Bytes(biasType_.dataType);
  const int64_t l0a = bufferPool_.l0ASize, l0b = bufferPool_.l0BSize, l0c = bufferPool_.l0CSize;
  const int64_t l1 = bufferPool_.l1Size, bt = bufferPool_.btSize;
  auto align = [](int64_t v, int64_t a) { return (v + a - 1) / a * a; };
  const int64_t sM = t.singleCoreM, sN = t.singleCoreN, sK = t.singleCoreK;
  // 2. baseM x baseN.
  const int64_t capM = align(sM, 16), capN = align(sN, 16);
  if (fixBaseM_ > 0 && fixBaseM_ > capM) {
    Log("SetFixSplit baseM " + std::to_string(fixBaseM_) + " exceeds singleCoreM " + std::to_string(sM) +
        " rounded up to 16 (" + std::to_string(capM) + ")");
    return -1;
  }
  if (fixBaseN_ > 0 && fixBaseN_ > capN) {
    Log("SetFixSplit baseN " + std::to_string(fixBaseN_) + " exceeds singleCoreN " + std::to_string(sN) +
        " rounded up to 16 (" + std::to_string(capN) + ")");
    return -1;
  }
  auto in_range = [](int64_t v, int32_t lo, int32_t hi) { return (lo <= 0 || v >= lo) && (hi <= 0 || v <= hi); };
  int64_t bestM = 0, bestN = 0, bestArea = 0, bestPad = 0;
  for (int64_t bm = 16; bm <= capM; bm += 16) {
    if (fixBaseM_ > 0 && bm != fixBaseM_) continue;
    if (fixBaseM_ <= 0 && !in_range(bm, adjust_.minBaseM, adjust_.maxBaseM)) continue;
    for (int64_t bn = 16; bn <= capN; bn += 16) {
      if (fixBaseN_ > 0 && bn != fixBaseN_) continue;
      if (fixBaseN_ <= 0 && !in_range(bn, adjust_.minBaseN, adjust_.maxBaseN)) continue;
      if (bm * bn * 4 > l0c) continue;
      if (isBias && bt > 0 && bn * static_cast<int64_t>(sbias) > bt) continue;
      if (bm * 16 * sa / 8 > l0a || bn * 16 * sb / 8 > l0b) continue;
      const int64_t area = bm * bn;
      const int64_t pad = align(sM, bm) * align(sN, bn);
      const bool better =
          area > bestArea || (area == bestArea && pad < bestPad) ||
          (area == bestArea && pad == bestPad && (bn >= bm) &&
           (bestN < bestM || std::abs(static_cast<long>(bn - bm)) < std::abs(static_cast<long>(bestN - bestM))));
      if (better) {
        bestM = bm, bestN = bn, bestArea = area, bestPad = pad;
      }
    }
  }
  if (bestArea == 0) {
    Log("no baseM x baseN fits L0C (" + std::to_string(l0c) + " bytes)" +
        (isBias && bt > 0 ? " and the bias table (" + std::to_string(bt) + " bytes)" : std::string()) +
        " for singleCoreM " + std::to_string(sM) + ", singleCoreN " + std::to_string(sN) +
        (fixBaseM_ > 0 || fixBaseN_ > 0 ? " with the SetFixSplit values" : ""));
    return -1;
  }
  // 3. baseK.
  const int64_t c0 = 256 / sa;
  const int64_t kAlign = isSparse_ ? 64 : (!aType_.isTrans && bType_.isTrans) ? std::max<int64_t>(16, c0) : 16;
  const int64_t capK = align(sK, kAlign);
  int64_t bk = 0, db = 2;
  for (; db >= 1 && bk == 0; --db) {
    if (fixBaseK_ > 0) {  // SetFixSplit's baseK, double-buffered if it fits
      if (bestM * fixBaseK_ * sa / 8 * db <= l0a && bestN * fixBaseK_ * sb / 8 * db <= l0b) bk = fixBaseK_;
      if (bk != 0) break;
      continue;
    }
    for (int64_t k = kAlign; k <= capK; k += kAlign) {
      if (bestM * k * sa / 8 * db > l0a || bestN * k * sb / 8 * db > l0b) break;
      if (!in_range(k, adjust_.minBaseK, adjust_.maxBaseK)) continue;
      bk = k;
    }
    if (bk != 0) break;
  }
  if (bk == 0) {
    Log("no baseK fits L0A / L0B for baseM " + std::to_string(bestM) + ", baseN " + std::to_string(bestN) +
        (fixBaseK_ > 0 ? " (SetFixSplit baseK " + std::to_string(fixBaseK_) + ")" : ""));
    return -1;
  }
  if (dbSet_ && (!aType_.isDB || !bType_.isDB)) db = 1;
  // 4. L1.
  const int64_t kIter = (sK + bk - 1) / bk;
  const int64_t biasL1 = isBias ? bestN * sbias : 0;
  const int64_t perStep = (bestM * bk * sa + bestN * bk * sb) / 8;
  const aicore::lib::L1Plan plan = aicore::lib::PlanL1(kIter, perStep, biasL1, l1);
  const int64_t step = plan.step, l1db = plan.buffers;
  if (plan.bytes > l1) {
    Log("the base blocks (" + std::to_string(perStep) + " bytes per K step) do not fit the " + std::to_string(l1) +
        "-byte L1");
    return -1;
  }
  baseM = static_cast<int32_t>(bestM);
  baseN = static_cast<int32_t>(bestN);
  baseK = static_cast<int32_t>(bk);
  t.baseM = baseM;
  t.baseN = baseN;
  t.baseK = baseK;
  t.stepM = 1;
  t.stepN = 1;
  t.stepKa = static_cast<int32_t>(step);
  t.stepKb = static_cast<int32_t>(step);
  t.depthA1 = static_cast<int32_t>(step * l1db);
  t.depthB1 = static_cast<int32_t>(step * l1db);
  int64_t l1Bytes = plan.bytes;
  if (scheduleType == ScheduleType::N_BUFFER_33) {
    // NBuffer33MatmulPolicy: up to 3 x 3 base blocks of A stay in L1 (stepM
    // <= 3, stepKa = all K steps <= 3) while 3 x 1 blocks of B stream in,
    // double-buffered (stepKb = stepKa).
    if (kIter > 3) {
      Log("ScheduleType::N_BUFFER_33 needs singleCoreK <= 3 * baseK: singleCoreK " + std::to_string(sK) +
          ", baseK " + std::to_string(bk));
      return -1;
    }
    const int64_t aBlock = bestM * bk * sa / 8, bBlock = bestN * bk * sb / 8;
    int64_t stepM = std::min<int64_t>(3, (sM + bestM - 1) / bestM);
    while (stepM > 1 && stepM * kIter * aBlock + 2 * kIter * bBlock + biasL1 > l1) --stepM;
    l1Bytes = stepM * kIter * aBlock + 2 * kIter * bBlock + biasL1;
    if (l1Bytes > l1) {
      Log("ScheduleType::N_BUFFER_33: the A and B base blocks (" + std::to_string(l1Bytes) + " bytes) do not fit the " +
          std::to_string(l1) + "-byte L1");
      return -1;
    }
    t.stepM = static_cast<int32_t>(stepM);
    t.stepKa = t.stepKb = static_cast<int32_t>(kIter);
    t.depthA1 = static_cast<int32_t>(stepM * kIter);
    t.depthB1 = static_cast<int32_t>(2 * kIter);
  }
  t.dbL0A = static_cast<int32_t>(db);
  t.dbL0B = static_cast<int32_t>(db);
  t.dbL0C = 1;
  t.isBias = isBias ? 1 : 0;
  t.iterateOrder = traverse_ == MatrixTraverse::FIRSTN ? 1 : 0;
  t.shareMode = 0;
  t.shareL1Size = static_cast<int32_t>(l1Bytes);
  t.shareL0CSize = static_cast<int32_t>(bestM * bestN * 4);
  t.shareUbSize = 0;
  auto in_ub = [](TPosition p) { return p == TPosition::VECIN || p == TPosition::VECOUT || p == TPosition::VECCALC; };
  int64_t trans = 0;
  if (in_ub(aType_.pos)) trans = std::max(trans, bestM * bk * sa / 8);
  if (in_ub(bType_.pos)) trans = std::max(trans, bestN * bk * sb / 8);
  if (in_ub(cType_.pos)) trans = std::max(trans, bestM * bestN * static_cast<int64_t>(Bytes(cType_.dataType)));
  if (isBias && in_ub(biasType_.pos)) trans = std::max(trans, bestN * static_cast<int64_t>(sbias));
  t.transLength = static_cast<int32_t>(trans);
  t.batchM = batchM > 0 ? batchM : 1;
  t.batchN = batchN > 0 ? batchN : 1;
  t.singleBatchM = singleBatchM > 0 ? singleBatchM : 1;
  t.singleBatchN = singleBatchN > 0 ? singleBatchN : 1;
  t.depthAL1CacheUB = 0;
  t.depthBL1CacheUB = 0;
  t.ALayoutInfoB = aLayoutInfoB, t.ALayoutInfoS = aLayoutInfoS, t.ALayoutInfoN = aLayoutInfoN;
  t.ALayoutInfoG = aLayoutInfoG, t.ALayoutInfoD = aLayoutInfoD;
  t.BLayoutInfoB = bLayoutInfoB, t.BLayoutInfoS = bLayoutInfoS, t.BLayoutInfoN = bLayoutInfoN;
  t.BLayoutInfoG = bLayoutInfoG, t.BLayoutInfoD = bLayoutInfoD;
  t.CLayoutInfoB = cLayoutInfoB, t.CLayoutInfoS1 = cLayoutInfoS1, t.CLayoutInfoN = cLayoutInfoN;
  t.CLayoutInfoG = cLayoutInfoG, t.CLayoutInfoS2 = cLayoutInfoS2;
  t.BatchNum = batchNum > 0 ? batchNum : 1;
  t.mxTypePara = 0;
  return 0;
}

inline int64_t MatmulApiTilingBase::Finish(AscendC::tiling::TCubeTiling& tiling) {
  const int32_t sa = DataTypeBits(aType_.dataType), sb = DataTypeBits(bType_.dataType);
  aicore::lib::CubeTilingSpec spec;
  spec.a_bits = static_cast<uint32_t>(sa);
  spec.b_bits = static_cast<uint32_t>(sb);
  spec.bias_bytes = Bytes(biasType_.dataType);
  spec.l1 = static_cast<uint64_t>(bufferPool_.l1Size);
  spec.l0a = static_cast<uint64_t>(bufferPool_.l0ASize);
  spec.l0b = static_cast<uint64_t>(bufferPool_.l0BSize);
  spec.l0c = static_cast<uint64_t>(bufferPool_.l0CSize);
  spec.bt = static_cast<uint64_t>(bufferPool_.btSize);
  spec.cores = maxCores_;
  std::string problem = aicore::lib::CubeTilingProblem(tiling_, spec);
  if (problem.empty()) {
    problem = aicore::lib::CubeTilingBaseKProblem(tiling_, spec.a_bits, aType_.isTrans, bType_.isTrans);
  }
  if (!problem.empty()) {
    Log("the computed tiling breaks a rule (an aicore bug): " + problem);
    return -1;
  }
  tiling = tiling_;
  return 0;
}

// One core: the single-core shape is the whole (SetShape) shape.
class MatmulApiTiling : public MatmulApiTilingBase {
 public:
  MatmulApiTiling() {}
  explicit MatmulApiTiling(const platform_ascendc::PlatformAscendC& ascendcPlatform)
      : MatmulApiTilingBase(ascendcPlatform) {}
  explicit MatmulApiTiling(const PlatformInfo& platform) : MatmulApiTilingBase(platform) {}
  ~MatmulApiTiling() override = default;

  int64_t GetTiling(AscendC::tiling::TCubeTiling& tiling) override { return OneCoreTiling(tiling); }
  bool EnableL1BankConflictOptimise() { return false; }
};

// Several cores: M and N (and K with EnableMultiCoreSplitK) split over the
// cores SetDim allows.
class MultiCoreMatmulTiling : public MatmulApiTilingBase {
 public:
  MultiCoreMatmulTiling() {}
  explicit MultiCoreMatmulTiling(const platform_ascendc::PlatformAscendC& ascendcPlatform)
      : MatmulApiTilingBase(ascendcPlatform) {}
  explicit MultiCoreMatmulTiling(const PlatformInfo& platform) : MatmulApiTilingBase(platform) {}

  int32_t SetDim(int32_t dim) {
    if (dim <= 0) {
      Log("SetDim(" + std::to_string(dim) + "): the core count must be > 0");
      return -1;
    }
    blockDim = dim;
    return 0;
  }
  int32_t SetShape(int32_t m, int32_t n, int32_t k) override { return MatmulApiTilingBase::SetShape(m, n, k); }
  virtual int32_t SetSingleShape(int32_t singleMIn = -1, int32_t singleNIn = -1, int32_t singleKIn = -1) {
    if (singleMIn == 0 || singleNIn == 0 || singleKIn == 0 || singleMIn < -1 || singleNIn < -1 || singleKIn < -1) {
      return Error("SetSingleShape", singleMIn, singleNIn, singleKIn);
    }
    userSingleM_ = singleMIn;
    userSingleN_ = singleNIn;
    userSingleK_ = singleKIn;
    return 0;
  }
  int64_t GetTiling(AscendC::tiling::TCubeTiling& tiling) override;
  virtual int32_t SetSingleRange(int32_t maxM = -1, int32_t maxN = -1, int32_t maxK = -1, int32_t minM = -1,
                                 int32_t minN = -1, int32_t minK = -1) {
    this->maxSingleM = maxM;
    this->maxSingleN = maxN;
    this->maxSingleK = maxK;
    this->minSingleM = minM;
    this->minSingleN = minN;
    this->minSingleK = minK;
    return 0;
  }
  int32_t SetAlignSplit(int32_t alignM, int32_t alignN, int32_t alignK) {
    alignSingleM = alignM > 0 ? alignM : 1;
    alignSingleN = alignN > 0 ? alignN : 1;
    alignSingleK = alignK > 0 ? alignK : 1;
    alignSet_ = true;
    return 0;
  }
  int32_t GetSingleShape(int32_t& shapeM, int32_t& shapeN, int32_t& shapeK) {
    if (!computed_) return -1;
    shapeM = singleCoreM;
    shapeN = singleCoreN;
    shapeK = singleCoreK;
    return 0;
  }
  int32_t GetCoreNum(int32_t& dim, int32_t& mDim, int32_t& nDim) {
    if (!computed_) return -1;
    dim = usedCores_;
    mDim = mDim_;
    nDim = nDim_;
    return 0;
  }
  void EnableMultiCoreSplitK(bool flag) { enableSplitK_ = flag; }
  void SetSplitK(bool flag) { EnableMultiCoreSplitK(flag); }
  bool EnableL1BankConflictOptimise() { return false; }

 private:
  int32_t userSingleM_ = -1;
  int32_t userSingleN_ = -1;
  int32_t userSingleK_ = -1;
  bool alignSet_ = false;
  bool computed_ = false;
};

inline int64_t MultiCoreMatmulTiling::GetTiling(AscendC::tiling::TCubeTiling& tiling) {
  computed_ = false;
  int32_t m, n, k;
  if (!ProblemShape(m, n, k)) {
    Log("GetTiling: no shape (call SetShape or SetOrgShape)");
    return -1;
  }
  if (blockDim <= 0) {
    Log("GetTiling: no core count (call SetDim)");
    return -1;
  }
  // At most the SoC's cores (the larger of its cube and vector counts).
  const int64_t cores = maxCores_ > 0 ? std::min<int64_t>(blockDim, maxCores_) : blockDim;
  auto ceil_div = [](int64_t a, int64_t b) { return (a + b - 1) / b; };
  auto align = [](int64_t v, int64_t a) { return (v + a - 1) / a * a; };
  auto in_range = [](int64_t v, int32_t lo, int32_t hi) { return (lo <= 0 || v >= lo) && (hi <= 0 || v <= hi); };
  // The single-core size of a dimension split `parts` ways.
  auto single = [&](int64_t total, int64_t parts, int32_t user, int32_t al) -> int64_t {
    if (user > 0) return std::min<int64_t>(user, total);
    if (parts <= 1) return total;
    const int64_t a = alignSet_ ? al : 16;
    return std::min(total, align(ceil_div(total, parts), a));
  };
  int64_t best = -1, bestUsed = 0, bestM = 0, bestN = 0, bestK = 0, bestSkew = 0;
  int64_t bestMDim = 1, bestNDim = 1, bestKDim = 1;
  for (int64_t md = 1; md <= cores; ++md) {
    for (int64_t nd = 1; md * nd <= cores; ++nd) {
      const int64_t kdMax = enableSplitK_ ? cores / (md * nd) : 1;
      for (int64_t kd = 1; kd <= kdMax; ++kd) {
        const int64_t sm = single(m, md, userSingleM_, alignSingleM);
        const int64_t sn = single(n, nd, userSingleN_, alignSingleN);
        const int64_t sk = single(k, kd, userSingleK_, alignSingleK);
        if (!in_range(sm, minSingleM, maxSingleM) || !in_range(sn, minSingleN, maxSingleN) ||
            !in_range(sk, minSingleK, maxSingleK)) {
          continue;
        }
        // A SetFixSplit base block must fit the single-core shape.
        if ((fixBaseM_ > 0 && align(sm, 16) < fixBaseM_) || (fixBaseN_ > 0 && align(sn, 16) < fixBaseN_)) continue;
        const int64_t used = ceil_div(m, sm) * ceil_div(n, sn) * ceil_div(k, sk);
        if (used > cores) continue;
        const int64_t work = sm * sn * sk;
        const int64_t skew = std::abs(static_cast<long>(sm - sn));
        if (best < 0 || work < best || (work == best && used < bestUsed) ||
            (work == best && used == bestUsed && skew < bestSkew)) {
          best = work, bestUsed = used, bestM = sm, bestN = sn, bestK = sk, bestSkew = skew;
          bestMDim = ceil_div(m, sm), bestNDim = ceil_div(n, sn), bestKDim = ceil_div(k, sk);
        }
      }
    }
  }
  if (best < 0) {
    Log("GetTiling: no split of (" + std::to_string(m) + ", " + std::to_string(n) + ", " + std::to_string(k) +
        ") over " + std::to_string(blockDim) + " cores meets SetSingleShape / SetSingleRange / SetFixSplit");
    return -1;
  }
  tiling_ = AscendC::tiling::TCubeTiling{};
  tiling_.usedCoreNum = static_cast<int32_t>(bestUsed);
  tiling_.M = OrgOr(orgM, m);
  tiling_.N = OrgOr(orgN, n);
  tiling_.Ka = OrgOr(orgKa, k);
  tiling_.Kb = OrgOr(orgKb, k);
  tiling_.singleCoreM = singleCoreM = static_cast<int32_t>(bestM);
  tiling_.singleCoreN = singleCoreN = static_cast<int32_t>(bestN);
  tiling_.singleCoreK = singleCoreK = static_cast<int32_t>(bestK);
  usedCores_ = static_cast<int32_t>(bestUsed);
  mDim_ = static_cast<int32_t>(bestMDim);
  nDim_ = static_cast<int32_t>(bestNDim);
  kDim_ = static_cast<int32_t>(bestKDim);
  if (ComputeBlocks() != 0) return -1;
  const int64_t r = Finish(tiling);
  computed_ = r == 0;
  return r;
}

// The tiling of one core that computes the batches of IterateBatch (the
// vendor's bmm_tiling.h): the one-core tiling of MatmulApiTiling with the
// batch fields of SetBatchNum / SetBatchInfoForNormal; its batch axes are
// not split over cores (batchCoreM = batchCoreN = 1, as the vendor's
// defaults leave them: its SetBatch / SetSingleBatch are private).
class BatchMatmulTiling : public MatmulApiTilingBase {
 public:
  BatchMatmulTiling() {}
  explicit BatchMatmulTiling(const platform_ascendc::PlatformAscendC& ascendcPlatform)
      : MatmulApiTilingBase(ascendcPlatform) {}
  explicit BatchMatmulTiling(const PlatformInfo& platform) : MatmulApiTilingBase(platform) {}

  // 0, or -1 before a successful GetTiling.
  int32_t GetCoreNum(int32_t& dim, int32_t& mDim, int32_t& nDim, int32_t& batchCoreM, int32_t& batchCoreN) {
    if (!computed_) return -1;
    dim = tiling_.usedCoreNum;
    mDim = (tiling_.M + tiling_.singleCoreM - 1) / tiling_.singleCoreM;
    nDim = (tiling_.N + tiling_.singleCoreN - 1) / tiling_.singleCoreN;
    batchCoreM = 1;
    batchCoreN = 1;
    return 0;
  }
  int64_t GetTiling(AscendC::tiling::TCubeTiling& tiling) override {
    const int64_t r = OneCoreTiling(tiling);
    computed_ = r == 0;
    return r;
  }

 private:
  bool computed_ = false;
};

}  // namespace matmul_tiling

namespace aicore {
namespace lib {
// The scratch a kernel reserves for Matmul: UB (SetLocalWorkspace), L1,
// L0C. aicore's Matmul needs no UB scratch (ubSize 0); L1 and L0C are the
// tiling's shareL1Size and baseM * baseN * 4. 0, or -1 for a tiling without
// a base block.
inline int32_t MatmulTmpBufSize(const AscendC::tiling::TCubeTiling& tiling,
                                matmul_tiling::SysTilingTempBufSize& bufSize) {
  if (tiling.baseM <= 0 || tiling.baseN <= 0) return -1;
  bufSize.ubSize = 0;
  bufSize.l1Size = tiling.shareL1Size;
  bufSize.l0cSize = tiling.baseM * tiling.baseN * 4;
  return 0;
}
}  // namespace lib
}  // namespace aicore


// The vendor declares these extern "C" at global scope (optiling::TCubeTiling
// is the same type as AscendC::tiling::TCubeTiling here).
inline int32_t MatmulGetTmpBufSize(optiling::TCubeTiling& tiling, matmul_tiling::SysTilingTempBufSize& bufSize) {
  return aicore::lib::MatmulTmpBufSize(tiling, bufSize);
}
inline int32_t MatmulGetTmpBufSizeV2(AscendC::tiling::TCubeTiling& tiling,
                                     matmul_tiling::SysTilingTempBufSize& bufSize) {
  return aicore::lib::MatmulTmpBufSize(tiling, bufSize);
}
inline int32_t MultiCoreMatmulGetTmpBufSize(optiling::TCubeTiling& tiling,
                                            matmul_tiling::SysTilingTempBufSize& bufSize) {
  return aicore::lib::MatmulTmpBufSize(tiling, bufSize);
}
inline int32_t MultiCoreMatmulGetTmpBufSizeV2(AscendC::tiling::TCubeTiling& tiling,
                                              matmul_tiling::SysTilingTempBufSize& bufSize) {
  return aicore::lib::MatmulTmpBufSize(tiling, bufSize);
}
inline int32_t BatchMatmulGetTmpBufSize(optiling::TCubeTiling& tiling, matmul_tiling::SysTilingTempBufSize& bufSize) {
  return aicore::lib::MatmulTmpBufSize(tiling, bufSize);
}
inline int32_t BatchMatmulGetTmpBufSizeV2(AscendC::tiling::TCubeTiling& tiling,
                                          matmul_tiling::SysTilingTempBufSize& bufSize) {
  return aicore::lib::MatmulTmpBufSize(tiling, bufSize);
}
