// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The type parameters of the high-level Matmul, with the vendor's names,
// values, field order and defaults:
//
//   (global)  CubeFormat, LayoutMode, BatchMode, BatchOutMode, IterateOrder,
//             ScheduleType, IterateMode, DecompressionMode, MatmulConfig,
//             MatmulConfigMode, MatmulShapeParams, MatmulQuantParams,
//             MatmulBatchParams, MatmulFuncParams, MatmulBiasParams,
//             MatrixOffset, SHARED_CO1_BUFFER_SIZE,
//             GetNormalConfig, GetMDLConfig, GetSpecialMDLConfig,
//             GetBasicConfig, GetIBShareNormConfig, GetMMConfig<mode>(params...),
//             CFG_NORM, CFG_MDL, MM_CFG_BB, CFG_IBSHARE_NORM, MatmulApiStaticTiling
//   AscendC:: GetMatmulApiTiling<A, B, C, BIAS>(mmCFG, l1Size = Impl::L1_SIZE)
//   AscendC:: MatmulType<POSITION, FORMAT, TYPE, ISTRANS = false,
//                        LAYOUT = LayoutMode::NONE, IBSHARE = false, SRCPOS = TPosition::GM>,
//             MatmulCallBackFunc<DataCopyOut, CopyA1, CopyB1>, DataCopyOutParams
//
// On the CPU the templates (Norm, MDL, SpecialMDL, BasicBlock, IBShare) and
// the performance switches of MatmulConfig change how the NPU stages data,
// not the result: every configuration computes the same C (see
// aicore/lib/matmul/matmul.h). iterateOrder (when not UNDEF) chooses the
// order of Iterate; enableRelu applies ReLU to C on the way out.
#pragma once

#include <cstdint>
#include <type_traits>

#include "aicore/base/type_name.h"
#include "aicore/base/types.h"
#include "aicore/lib/matmul/tiling_data.h"
#include "aicore/memory/local_tensor.h"

constexpr uint32_t SHARED_CO1_BUFFER_SIZE = 64 * 1024;

// Physical layouts of a matrix (NZ: fractal columns of row-major fractals).
enum class CubeFormat {
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

enum class LayoutMode { NONE = 0, BSNGD, SBNGD, BNGS1S2, NORMAL };
enum class BatchMode { NONE = 0, BATCH_LESS_THAN_L1, BATCH_LARGE_THAN_L1, SINGLE_LARGE_THAN_L1 };
enum BatchOutMode { SINGLE_BATCH = 0, MULTI_BATCH, DYNAMIC };
#ifndef ASCC_STRUCT_ITERATEORDER
#define ASCC_STRUCT_ITERATEORDER
enum class IterateOrder { ORDER_M = 0, ORDER_N, UNDEF };
#endif
enum class ScheduleType { INNER_PRODUCT = 0, OUTER_PRODUCT };
enum IterateMode : uint8_t {
  ITERATE_MODE_NORMAL = 0b00000001,
  ITERATE_MODE_ALL = 0b00000010,
  ITERATE_MODE_BATCH = 0b00000100,
  ITERATE_MODE_N_BATCH = 0b00001000,
  ITERATE_MODE_DEFAULT = 0b11111111,
};
enum class DecompressionMode {
  DECOMP_NONE = 0b0000,
  DECOMP_2bitTo8bit = 0b0001,
  DECOMP_3bitTo8bit = 0b0010,
  DECOMP_4bitTo8bit = 0b0011,
  DECOMP_16bitTo64bit = 0b100,
  DECOMP_1bitTo8bit = 0b0101,
  DECOMP_1bitTo4bit = 0b0110,
  DECOMP_2bitTo4bit = 0b0111,
  DECOMP_3bitTo4bit = 0b1000,
};

// The Matmul template switches (fields in the vendor's order; the fields the
// vendor leaves without a default are zero here, as value-initialisation
// makes them).
struct MatmulConfig {
  bool doNorm = false;
  bool doBasicBlock = false;
  bool doMultiDataLoad = false;
  uint32_t basicM = 0;
  uint32_t basicN = 0;
  uint32_t basicK = 0;
  bool intrinsicsCheck = false;
  bool isNBatch = false;
  bool enVecND2NZ = false;
  bool doSpecialBasicBlock = false;
  uint32_t doMTE2Preload = 0;
  uint32_t singleCoreM = 0;
  uint32_t singleCoreN = 0;
  uint32_t singleCoreK = 0;
  uint32_t stepM = 0;
  uint32_t stepN = 0;
  uint32_t baseMN = 0;
  uint32_t singleCoreMN = 0;
  bool enUnitFlag = true;
  bool isPerTensor = false;
  bool hasAntiQuantOffset = false;
  bool doIBShareNorm = false;
  bool doSpecialMDL = false;
  bool enableInit = true;
  BatchMode batchMode = BatchMode::NONE;
  bool enableEnd = true;
  bool enableGetTensorC = true;
  bool enableSetOrgShape = true;
  bool enableSetBias = true;
  bool enableSetTail = true;
  bool enableQuantVector = true;
  bool enableSetDefineData = true;
  uint8_t iterateMode = IterateMode::ITERATE_MODE_DEFAULT;
  bool enableReuse = true;
  bool enableUBReuse = false;
  bool enableL1CacheUB = false;
  bool intraBlockPartSum = false;
  IterateOrder iterateOrder{IterateOrder::UNDEF};
  ScheduleType scheduleType = ScheduleType::INNER_PRODUCT;
  bool enableDoubleCache = false;
  bool isBiasBatch = true;
  bool enableStaticPadZeros = false;
  bool isPartialOutput = false;
  bool enableMixDualMaster = false;
  bool isA2B2Shared = false;
  bool isEnableChannelSplit = false;
  bool enableKdimReorderLoad = false;
  bool isCO1Shared = false;
  uint32_t sharedCO1BufferSize = SHARED_CO1_BUFFER_SIZE;
  BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH;
  bool enableL1BankConflictOptimise = false;
  bool enableRelu = false;
  DecompressionMode decompMode = DecompressionMode::DECOMP_NONE;
};

enum class MatmulConfigMode { CONFIG_NORM, CONFIG_MDL, CONFIG_SPECIALMDL, CONFIG_IBSHARE };

struct MatmulShapeParams {
  uint32_t singleCoreM;
  uint32_t singleCoreN;
  uint32_t singleCoreK;
  uint32_t basicM;
  uint32_t basicN;
  uint32_t basicK;
};
struct MatmulQuantParams {
  bool isPerTensor;
  bool hasAntiQuantOffset;
};
struct MatmulBatchParams {
  bool isNBatch;
  BatchMode batchMode;
  bool isBiasBatch = true;
  BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH;
};
struct MatmulFuncParams {
  bool intrinsicsCheck;
  bool enVecND2NZ;
  bool enableDoubleCache;
  bool enableL1CacheUB;
  uint32_t doMTE2Preload;
  IterateOrder iterateOrder;
  ScheduleType scheduleType;
  bool enableReuse = true;
  bool enableUBReuse;
  bool isPartialOutput = false;
  bool isA2B2Shared = false;
  bool isEnableChannelSplit = false;
  bool enableKdimReorderLoad = false;
  bool enableL1BankConflictOptimise = false;
  bool enableRelu = false;
  DecompressionMode decompMode = DecompressionMode::DECOMP_NONE;
};
struct MatmulBiasParams {
  bool enableSetBias = true;
};

// Reserved by the vendor (GetOffsetC): the position of the current C block.
struct MatrixOffset {
  int32_t offset;
  int32_t row;
  int32_t col;
  int32_t height;
  int32_t width;
};

// The Norm template.
constexpr MatmulConfig GetNormalConfig(const bool intrinsicsLimit = false, const bool batchLoop = false,
                                       const bool isVecND2NZ = false,
                                       const BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1,
                                       const bool isMsgReuse = true,
                                       const IterateOrder iterateOrder = IterateOrder::UNDEF,
                                       const ScheduleType scheduleType = ScheduleType::INNER_PRODUCT,
                                       const bool enUnitFlag = true, const bool enableMixDualMaster = false,
                                       const BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH) {
  MatmulConfig c{};
  c.doNorm = true;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.enVecND2NZ = isVecND2NZ;
  c.enUnitFlag = enUnitFlag;
  c.batchMode = bmmMode;
  c.enableReuse = isMsgReuse;
  c.enableUBReuse = true;
  c.iterateOrder = iterateOrder;
  c.scheduleType = scheduleType;
  c.enableMixDualMaster = enableMixDualMaster;
  c.bmmOutMode = bmmOutMode;
  return c;
}

// The MDL (multi data load) template.
constexpr MatmulConfig GetMDLConfig(const bool intrinsicsLimit = false, const bool batchLoop = false,
                                    const uint32_t doMTE2Preload = 0, const bool isVecND2NZ = false,
                                    bool isPerTensor = false, bool hasAntiQuantOffset = false,
                                    const bool enUnitFlag = false, const bool isMsgReuse = true,
                                    const bool enableUBReuse = true, const bool enableL1CacheUB = false,
                                    const bool enableMixDualMaster = false, const bool enableKdimReorderLoad = false,
                                    const bool enableL1BankConflictOptimise = false) {
  MatmulConfig c{};
  c.doMultiDataLoad = true;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.doMTE2Preload = doMTE2Preload;
  c.enVecND2NZ = isVecND2NZ;
  c.enUnitFlag = enUnitFlag;
  c.isPerTensor = isPerTensor;
  c.hasAntiQuantOffset = hasAntiQuantOffset;
  c.batchMode = BatchMode::NONE;
  c.enableReuse = isMsgReuse;
  c.enableUBReuse = enableUBReuse;
  c.enableL1CacheUB = enableL1CacheUB;
  c.enableMixDualMaster = enableMixDualMaster;
  c.enableKdimReorderLoad = enableKdimReorderLoad;
  c.enableL1BankConflictOptimise = enableL1BankConflictOptimise;
  return c;
}

// The SpecialMDL template.
constexpr MatmulConfig GetSpecialMDLConfig(const bool intrinsicsLimit = false, const bool batchLoop = false,
                                           const uint32_t doMTE2Preload = 0, const bool isVecND2NZ = false,
                                           bool isPerTensor = false, bool hasAntiQuantOffset = false) {
  MatmulConfig c{};
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.doMTE2Preload = doMTE2Preload;
  c.enVecND2NZ = isVecND2NZ;
  c.enUnitFlag = false;
  c.isPerTensor = isPerTensor;
  c.hasAntiQuantOffset = hasAntiQuantOffset;
  c.doSpecialMDL = true;
  c.batchMode = BatchMode::NONE;
  c.enableUBReuse = true;
  return c;
}

// The BasicBlock template (basicM, basicN, basicK: the base block).
constexpr MatmulConfig GetBasicConfig(const uint32_t basicM, const uint32_t basicN, const uint32_t basicK,
                                      const bool intrinsicsLimit = false, const bool batchLoop = false,
                                      const BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1) {
  MatmulConfig c{};
  c.doBasicBlock = true;
  c.basicM = basicM;
  c.basicN = basicN;
  c.basicK = basicK;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.enUnitFlag = false;
  c.batchMode = bmmMode;
  c.enableUBReuse = true;
  return c;
}

// The IBShare template.
constexpr MatmulConfig GetIBShareNormConfig(const bool intrinsicsLimit = false, const bool batchLoop = false,
                                            const bool isVecND2NZ = false,
                                            const BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1,
                                            const bool isDoubleCache = false, const bool enUnitFlag = true) {
  MatmulConfig c{};
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.enVecND2NZ = isVecND2NZ;
  c.enUnitFlag = enUnitFlag;
  c.doIBShareNorm = true;
  c.batchMode = bmmMode;
  c.enableUBReuse = true;
  c.enableDoubleCache = isDoubleCache;
  return c;
}

constexpr MatmulConfig CFG_NORM = GetNormalConfig();
constexpr MatmulConfig CFG_MDL = GetMDLConfig();
constexpr MatmulConfig MM_CFG_BB = GetBasicConfig(128, 128, 128);
constexpr MatmulConfig CFG_IBSHARE_NORM = GetIBShareNormConfig();

namespace aicore {
namespace lib {
constexpr void ApplyMMConfig(MatmulConfig& c, const MatmulShapeParams& p) {
  c.singleCoreM = p.singleCoreM;
  c.singleCoreN = p.singleCoreN;
  c.singleCoreK = p.singleCoreK;
  c.basicM = p.basicM;
  c.basicN = p.basicN;
  c.basicK = p.basicK;
}
constexpr void ApplyMMConfig(MatmulConfig& c, const MatmulQuantParams& p) {
  c.isPerTensor = p.isPerTensor;
  c.hasAntiQuantOffset = p.hasAntiQuantOffset;
}
constexpr void ApplyMMConfig(MatmulConfig& c, const MatmulBatchParams& p) {
  c.isNBatch = p.isNBatch;
  c.batchMode = p.batchMode;
  c.isBiasBatch = p.isBiasBatch;
  c.bmmOutMode = p.bmmOutMode;
}
constexpr void ApplyMMConfig(MatmulConfig& c, const MatmulFuncParams& p) {
  c.intrinsicsCheck = p.intrinsicsCheck;
  c.enVecND2NZ = p.enVecND2NZ;
  c.enableDoubleCache = p.enableDoubleCache;
  c.enableL1CacheUB = p.enableL1CacheUB;
  c.doMTE2Preload = p.doMTE2Preload;
  c.iterateOrder = p.iterateOrder;
  c.scheduleType = p.scheduleType;
  c.enableReuse = p.enableReuse;
  c.enableUBReuse = p.enableUBReuse;
  c.isPartialOutput = p.isPartialOutput;
  c.isA2B2Shared = p.isA2B2Shared;
  c.isEnableChannelSplit = p.isEnableChannelSplit;
  c.enableKdimReorderLoad = p.enableKdimReorderLoad;
  c.enableL1BankConflictOptimise = p.enableL1BankConflictOptimise;
  c.enableRelu = p.enableRelu;
  c.decompMode = p.decompMode;
}
constexpr void ApplyMMConfig(MatmulConfig& c, const MatmulBiasParams& p) { c.enableSetBias = p.enableSetBias; }
}  // namespace lib
}  // namespace aicore

// A template of `configMode`, changed by any of MatmulShapeParams,
// MatmulQuantParams, MatmulBatchParams, MatmulFuncParams, MatmulBiasParams
// (in any order).
template <MatmulConfigMode configMode, typename... ArgTypes>
constexpr MatmulConfig GetMMConfig(ArgTypes&&... args) {
  MatmulConfig c = CFG_NORM;
  if constexpr (configMode == MatmulConfigMode::CONFIG_MDL) {
    c = CFG_MDL;
  } else if constexpr (configMode == MatmulConfigMode::CONFIG_SPECIALMDL) {
    c = GetSpecialMDLConfig();
  } else if constexpr (configMode == MatmulConfigMode::CONFIG_IBSHARE) {
    c = CFG_IBSHARE_NORM;
  }
  (aicore::lib::ApplyMMConfig(c, args), ...);
  return c;
}

// Constant tiling (-1: not constant) with its MatmulConfig.
struct MatmulApiStaticTiling {
  int32_t usedCoreNum = -1;
  int32_t M = -1;
  int32_t N = -1;
  int32_t Ka = -1;
  int32_t Kb = -1;
  int32_t singleCoreM = -1;
  int32_t singleCoreN = -1;
  int32_t singleCoreK = -1;
  int32_t baseM = -1;
  int32_t baseN = -1;
  int32_t baseK = -1;
  int32_t depthA1 = -1;
  int32_t depthB1 = -1;
  int32_t stepM = -1;
  int32_t stepN = -1;
  int32_t isBias = -1;
  int32_t transLength = -1;
  int32_t iterateOrder = -1;
  int32_t shareMode = -1;
  int32_t shareL1Size = -1;
  int32_t shareL0CSize = -1;
  int32_t shareUbSize = -1;
  int32_t stepKa = -1;
  int32_t stepKb = -1;
  int32_t depthAL1CacheUB = -1;
  int32_t depthBL1CacheUB = -1;
  int32_t dbL0A = -1;
  int32_t dbL0B = -1;
  int32_t dbL0C = -1;
  int32_t ALayoutInfoB = -1;
  int32_t ALayoutInfoS = -1;
  int32_t ALayoutInfoN = -1;
  int32_t ALayoutInfoG = -1;
  int32_t ALayoutInfoD = -1;
  int32_t BLayoutInfoB = -1;
  int32_t BLayoutInfoS = -1;
  int32_t BLayoutInfoN = -1;
  int32_t BLayoutInfoG = -1;
  int32_t BLayoutInfoD = -1;
  int32_t CLayoutInfoB = -1;
  int32_t CLayoutInfoS1 = -1;
  int32_t CLayoutInfoN = -1;
  int32_t CLayoutInfoG = -1;
  int32_t CLayoutInfoS2 = -1;
  int32_t BatchNum = -1;
  int32_t mxTypePara = -1;
  MatmulConfig cfg = CFG_NORM;
};

namespace AscendC {

// The type of one Matmul operand: where it lives, its layout, its element
// type, whether SetTensorA/B may transpose it, its batch layout, IBShare,
// and (TSCM operands) where the data came from.
template <TPosition POSITION, CubeFormat FORMAT, typename TYPE, bool ISTRANS = false,
          LayoutMode LAYOUT = LayoutMode::NONE, bool IBSHARE = false, TPosition SRCPOS = TPosition::GM>
struct MatmulType {
  constexpr static TPosition pos = POSITION;
  constexpr static CubeFormat format = FORMAT;
  using T = TYPE;
  constexpr static bool isTrans = ISTRANS;
  constexpr static LayoutMode layout = LAYOUT;
  constexpr static bool ibShare = IBSHARE;
  constexpr static TPosition srcPos = SRCPOS;
};

// User copy-in / copy-out callbacks of Matmul (MM_CB, the sixth template
// argument): DataCopyOut replaces the copy of each C base block from L0C
// (CO1) to GM, CopyA1 / CopyB1 the copy of each A / B tile from GM to L1
// (A1 / B1). What they receive and what aicore expects of them: see
// aicore/lib/matmul/matmul.h ("User callbacks").
template <void (*DataCopyOut)(const __gm__ void* gm, const LocalTensor<int8_t>& co1Local,
                              const void* dataCopyOutParams, const uint64_t tilingPtr,
                              const uint64_t dataPtr) = nullptr,
          void (*CopyA1)(const LocalTensor<int8_t>& aMatrix, const __gm__ void* gm, int row, int col, int useM,
                         int useK, const uint64_t tilingPtr, const uint64_t dataPtr) = nullptr,
          void (*CopyB1)(const LocalTensor<int8_t>& bMatrix, const __gm__ void* gm, int row, int col, int useK,
                         int useN, const uint64_t tilingPtr, const uint64_t dataPtr) = nullptr>
struct MatmulCallBackFunc {
  constexpr static void (*DataCopyOutPtr)(const __gm__ void* gm, const LocalTensor<int8_t>& co1Local,
                                          const void* dataCopyOutParams, const uint64_t tilingPtr,
                                          const uint64_t dataPtr) = DataCopyOut;
  constexpr static void (*CopyA1Ptr)(const LocalTensor<int8_t>& aMatrix, const __gm__ void* gm, int row, int col,
                                     int useM, int useK, const uint64_t tilingPtr, const uint64_t dataPtr) = CopyA1;
  constexpr static void (*CopyB1Ptr)(const LocalTensor<int8_t>& bMatrix, const __gm__ void* gm, int row, int col,
                                     int useK, int useN, const uint64_t tilingPtr, const uint64_t dataPtr) = CopyB1;
};

// What DataCopyOut's dataCopyOutParams points to (the vendor's fields):
// cBurstNum = the block's 16-column fractal columns in L0C, burstLen = one
// such column's length in 32-byte units (the block's height x 16 x the L0C
// element size / 32), srcStride 0, dstStride = the destination row stride
// in elements (ND; sequential: the block's width) or the NZ column stride
// in 32-byte units, oriNSize = the block's width (ND; 0 for NZ), curM /
// curN = the block's row / column index in base blocks (of the single-core
// C).
struct DataCopyOutParams {
  DataCopyOutParams() = default;
  DataCopyOutParams(const uint16_t count, const uint16_t len, const uint16_t srcStrideIn, const uint32_t dstStrideIn,
                    const uint16_t nSize, const bool unitFlag, const int curMPos, const int curNPos)
      : cBurstNum(count),
        burstLen(len),
        srcStride(srcStrideIn),
        dstStride(dstStrideIn),
        oriNSize(nSize),
        enUnitFlag(unitFlag),
        curM(curMPos),
        curN(curNPos) {}
  uint8_t quantMode = 0;
  uint16_t cBurstNum = 0;
  uint16_t burstLen = 0;
  uint16_t srcStride = 0;
  uint32_t dstStride = 0;
  uint16_t oriNSize = 0;
  bool enUnitFlag = false;
  uint64_t quantScalar = 0;
  int curM = 0;
  int curN = 0;
  uint64_t cbufWorkspaceAddr = 0;
};

namespace Impl {
// The L1 bytes GetMatmulApiTiling plans with by default: the whole 512 KiB
// of the Ascend910B, as the vendor's constant tiling takes for arch 2201 (not
// TOTAL_L1_SIZE, which keeps the KFC reserve back).
constexpr int32_t L1_SIZE = 512 * 1024;
}  // namespace Impl

// GetMatmulApiTiling<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE>(mmCFG, l1Size): the
// constant tiling of a MatmulConfig whose base block (basicM/N/K) is set
// (GetMMConfig with MatmulShapeParams, GetBasicConfig, ...), for the
// Matmul's MM_CFG argument. With the base block only, baseM/N/K, dbL0A/dbL0B
// and isBias (= mmCFG.enableSetBias: a Matmul on a full constant tiling
// allows SetBias, and adds a bias only after it) are constant and the rest
// stays -1 (the kernel still passes a tiling); with singleCoreM/N/K set too, every field of
// one core's TCubeTiling is (REGIST_MATMUL_OBJ may pass a null tiling; M, N,
// Ka, Kb are the single-core sizes: SetOrgShape gives the real ones), chosen
// as matmul_tiling's GetTiling chooses for that base block (aicore's rules,
// not the vendor's search): stepM = stepN = 1, stepKa = stepKb = the K steps
// of one core halved until two buffers of them (then one) fit l1Size, dbL0A
// / dbL0B = 2 where two base blocks fit L0A / L0B, dbL0C = 1, iterateOrder
// 1 for IterateOrder::ORDER_N, transLength / shareL1Size / shareL0CSize as
// GetTiling sets them. usedCoreNum, the batch and layout fields stay -1.
// Values the configuration makes impossible are left for Matmul::Init to
// report (aicore::lib::CubeTilingProblem).
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE>
constexpr MatmulApiStaticTiling GetMatmulApiTiling(const MatmulConfig& mmCFG, int32_t l1Size = Impl::L1_SIZE) {
  MatmulApiStaticTiling t;
  t.cfg = mmCFG;
  const int64_t bm = mmCFG.basicM, bn = mmCFG.basicN, bk = mmCFG.basicK;
  if (bm == 0 || bn == 0 || bk == 0) return t;
  // A's and B's element sizes in bits (int4b_t: 4); bm, bn are multiples of
  // 16, so the byte counts below are whole.
  const int64_t sa = aicore::detail::kElemBits<typename A_TYPE::T>;
  const int64_t sb = aicore::detail::kElemBits<typename B_TYPE::T>;
  t.baseM = static_cast<int32_t>(bm);
  t.baseN = static_cast<int32_t>(bn);
  t.baseK = static_cast<int32_t>(bk);
  t.dbL0A = 2 * bm * bk * sa / 8 <= TOTAL_L0A_SIZE ? 2 : 1;
  t.dbL0B = 2 * bn * bk * sb / 8 <= TOTAL_L0B_SIZE ? 2 : 1;
  t.isBias = mmCFG.enableSetBias ? 1 : 0;
  if (mmCFG.singleCoreM == 0 || mmCFG.singleCoreN == 0 || mmCFG.singleCoreK == 0) return t;
  const int64_t sk = mmCFG.singleCoreK;
  t.M = t.singleCoreM = static_cast<int32_t>(mmCFG.singleCoreM);
  t.N = t.singleCoreN = static_cast<int32_t>(mmCFG.singleCoreN);
  t.Ka = t.Kb = t.singleCoreK = static_cast<int32_t>(sk);
  const int64_t sbias = sizeof(typename BIAS_TYPE::T);
  const int64_t biasL1 = t.isBias ? bn * sbias : 0;
  const int64_t perStep = (bm * bk * sa + bn * bk * sb) / 8;
  const aicore::lib::L1Plan plan = aicore::lib::PlanL1((sk + bk - 1) / bk, perStep, biasL1, l1Size);
  const int64_t step = plan.step, l1db = plan.buffers;
  t.stepM = t.stepN = 1;
  t.stepKa = t.stepKb = static_cast<int32_t>(step);
  t.depthA1 = t.depthB1 = static_cast<int32_t>(step * l1db);
  t.dbL0C = 1;
  t.iterateOrder = mmCFG.iterateOrder == IterateOrder::ORDER_N ? 1 : 0;
  constexpr auto inUb = [](TPosition p) {
    return p == TPosition::VECIN || p == TPosition::VECOUT || p == TPosition::VECCALC;
  };
  int64_t trans = 0;
  if (inUb(A_TYPE::pos)) trans = bm * bk * sa / 8;
  if (inUb(B_TYPE::pos) && bn * bk * sb / 8 > trans) trans = bn * bk * sb / 8;
  if (inUb(C_TYPE::pos) && bm * bn * int64_t{sizeof(typename C_TYPE::T)} > trans) {
    trans = bm * bn * int64_t{sizeof(typename C_TYPE::T)};
  }
  if (t.isBias && inUb(BIAS_TYPE::pos) && bn * sbias > trans) trans = bn * sbias;
  t.transLength = static_cast<int32_t>(trans);
  t.shareMode = 0;
  t.shareL1Size = static_cast<int32_t>(plan.bytes);
  t.shareL0CSize = static_cast<int32_t>(bm * bn * 4);
  t.shareUbSize = 0;
  return t;
}

}  // namespace AscendC

namespace aicore {
namespace lib {

// Whether a constant tiling holds one core's whole TCubeTiling
// (GetMatmulApiTiling with singleCoreM/N/K and basicM/N/K set).
constexpr bool IsFullStaticTiling(const MatmulApiStaticTiling& s) {
  return s.singleCoreM > 0 && s.singleCoreN > 0 && s.singleCoreK > 0 && s.baseM > 0 && s.baseN > 0 &&
         s.baseK > 0 && s.stepKa > 0 && s.depthA1 > 0;
}

// The TCubeTiling of a full constant tiling, for one core: usedCoreNum 1 and
// the batch / layout fields at GetTiling's defaults where they are -1.
inline AscendC::tiling::TCubeTiling CubeTilingOfStatic(const MatmulApiStaticTiling& s) {
  AscendC::tiling::TCubeTiling t{};
  auto or_ = [](int32_t v, int32_t dflt) { return v == -1 ? dflt : v; };
  t.usedCoreNum = or_(s.usedCoreNum, 1);
  t.M = s.M, t.N = s.N, t.Ka = s.Ka, t.Kb = s.Kb;
  t.singleCoreM = s.singleCoreM, t.singleCoreN = s.singleCoreN, t.singleCoreK = s.singleCoreK;
  t.baseM = s.baseM, t.baseN = s.baseN, t.baseK = s.baseK;
  t.depthA1 = s.depthA1, t.depthB1 = s.depthB1, t.stepM = s.stepM, t.stepN = s.stepN;
  t.stepKa = s.stepKa, t.stepKb = s.stepKb;
  t.isBias = s.isBias, t.transLength = s.transLength, t.iterateOrder = s.iterateOrder;
  t.shareMode = s.shareMode, t.shareL1Size = s.shareL1Size, t.shareL0CSize = s.shareL0CSize;
  t.shareUbSize = s.shareUbSize;
  t.batchM = t.batchN = t.singleBatchM = t.singleBatchN = 1;
  t.depthAL1CacheUB = or_(s.depthAL1CacheUB, 0), t.depthBL1CacheUB = or_(s.depthBL1CacheUB, 0);
  t.dbL0A = s.dbL0A, t.dbL0B = s.dbL0B, t.dbL0C = s.dbL0C;
  t.ALayoutInfoB = or_(s.ALayoutInfoB, 0), t.ALayoutInfoS = or_(s.ALayoutInfoS, 0);
  t.ALayoutInfoN = or_(s.ALayoutInfoN, 0), t.ALayoutInfoG = or_(s.ALayoutInfoG, 0);
  t.ALayoutInfoD = or_(s.ALayoutInfoD, 0);
  t.BLayoutInfoB = or_(s.BLayoutInfoB, 0), t.BLayoutInfoS = or_(s.BLayoutInfoS, 0);
  t.BLayoutInfoN = or_(s.BLayoutInfoN, 0), t.BLayoutInfoG = or_(s.BLayoutInfoG, 0);
  t.BLayoutInfoD = or_(s.BLayoutInfoD, 0);
  t.CLayoutInfoB = or_(s.CLayoutInfoB, 0), t.CLayoutInfoS1 = or_(s.CLayoutInfoS1, 0);
  t.CLayoutInfoN = or_(s.CLayoutInfoN, 0), t.CLayoutInfoG = or_(s.CLayoutInfoG, 0);
  t.CLayoutInfoS2 = or_(s.CLayoutInfoS2, 0);
  t.BatchNum = or_(s.BatchNum, 1);
  t.mxTypePara = or_(s.mxTypePara, 0);
  return t;
}

// The MatmulConfig of a Matmul's MM_CFG: a MatmulConfig, or a constant
// tiling's cfg.
constexpr const MatmulConfig& ConfigOf(const MatmulConfig& c) { return c; }
constexpr const MatmulConfig& ConfigOf(const MatmulApiStaticTiling& s) { return s.cfg; }

}  // namespace lib
}  // namespace aicore
