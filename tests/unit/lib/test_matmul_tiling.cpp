// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host side of the Matmul API: the tiling of MatmulApiTiling and
// MultiCoreMatmulTiling (every result valid for its SoC profile -- the
// public TCubeTiling rules of aicore::lib::CubeTilingProblem -- over random
// shapes, dtypes, transposes, core counts and profiles; the documented
// failures), TCubeTiling as a tiling field and through GET_TILING_DATA, the
// MatmulConfig templates, the constant tiling of GetMatmulApiTiling (and one
// Matmul run on it without a runtime tiling), and platform_ascendc.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "aicore/aicore.h"
#include "aicore/lib/matmul/config.h"
#include "aicore/lib/matmul/host_tiling.h"
#include "aicore/lib/matmul/matmul.h"
#include "unit/lib/matmul_test_util.h"

namespace {

using matmul_tiling::CubeFormat;
using matmul_tiling::DataType;
using matmul_tiling::TPosition;
using AscendC::tiling::TCubeTiling;

class MatmulTilingTest : public ::testing::Test {
 protected:
  void TearDown() override { aicore::SetSocVersion("Ascend910B"); }
};

uint32_t Bits(DataType t) { return static_cast<uint32_t>(matmul_tiling::DataTypeBits(t)); }

std::string Str(const TCubeTiling& t) {
  return "single " + std::to_string(t.singleCoreM) + "x" + std::to_string(t.singleCoreN) + "x" +
         std::to_string(t.singleCoreK) + " base " + std::to_string(t.baseM) + "x" + std::to_string(t.baseN) + "x" +
         std::to_string(t.baseK) + " depth " + std::to_string(t.depthA1) + "/" + std::to_string(t.depthB1) +
         " cores " + std::to_string(t.usedCoreNum);
}

TEST_F(MatmulTilingTest, LargeSquareHalfGetsTheRecommendedBaseBlock) {
  matmul_tiling::MatmulApiTiling tiling;
  tiling.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
  tiling.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
  tiling.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
  tiling.SetBiasType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
  tiling.SetShape(2048, 2048, 2048);
  tiling.SetOrgShape(2048, 2048, 2048);
  tiling.SetBias(true);
  tiling.SetBufferSpace(-1, -1, -1);
  optiling::TCubeTiling t;
  ASSERT_EQ(tiling.GetTiling(t), 0);
  EXPECT_EQ(t.baseM, 128);
  EXPECT_EQ(t.baseN, 256);
  EXPECT_EQ(t.baseK, 64);
  EXPECT_EQ(tiling.GetBaseM(), 128);
  EXPECT_EQ(t.usedCoreNum, 1);
  EXPECT_EQ(t.singleCoreM, 2048);
  EXPECT_EQ(t.isBias, 1);
  EXPECT_EQ(t.dbL0A, 2);
  EXPECT_EQ(t.dbL0C, 1);
  EXPECT_EQ(t.get_M(), 2048);  // the host class's accessors
  // float: half as many elements per byte of L0B.
  tiling.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
  tiling.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
  ASSERT_EQ(tiling.GetTiling(t), 0);
  EXPECT_EQ(t.baseK, 32);
}

TEST_F(MatmulTilingTest, EveryTilingFitsItsProfile) {
  std::mt19937 rng(11);
  const DataType types[] = {DataType::DT_FLOAT16, DataType::DT_BF16, DataType::DT_FLOAT, DataType::DT_INT8};
  const char* socs[] = {"Ascend910B", "Ascend310P", "Ascend910"};
  int checked = 0;
  for (int it = 0; it < 600; ++it) {
    aicore::SetSocVersion(socs[it % 3]);
    const DataType in = types[rng() % 4];
    const DataType out = in == DataType::DT_INT8 ? DataType::DT_INT32 : DataType::DT_FLOAT;
    const int m = 1 + static_cast<int>(rng() % (rng() % 4 == 0 ? 6000 : 300));
    const int n = 1 + static_cast<int>(rng() % (rng() % 4 == 0 ? 6000 : 300));
    const int k = 1 + static_cast<int>(rng() % (rng() % 4 == 0 ? 9000 : 400));
    const bool transA = rng() % 2, transB = rng() % 2, bias = rng() % 2, splitK = rng() % 5 == 0;
    const int dim = 1 + static_cast<int>(rng() % 48);
    matmul_tiling::MultiCoreMatmulTiling tiling(*platform_ascendc::PlatformAscendCManager::GetInstance());
    tiling.SetDim(dim);
    tiling.SetAType(TPosition::GM, CubeFormat::ND, in, transA);
    tiling.SetBType(TPosition::GM, CubeFormat::ND, in, transB);
    tiling.SetCType(TPosition::GM, CubeFormat::ND, out);
    tiling.SetBiasType(TPosition::GM, CubeFormat::ND, out);
    tiling.SetShape(m, n, k);
    tiling.SetOrgShape(m, n, k);
    tiling.SetBias(bias);
    if (splitK) tiling.EnableMultiCoreSplitK(true);
    tiling.SetBufferSpace(-1, -1, -1);
    TCubeTiling t;
    const std::string what = std::string(socs[it % 3]) + " m " + std::to_string(m) + " n " + std::to_string(n) +
                             " k " + std::to_string(k) + " dim " + std::to_string(dim) + " type " +
                             std::to_string(static_cast<int>(in)) + " transA " + std::to_string(transA) +
                             " transB " + std::to_string(transB);
    ASSERT_EQ(tiling.GetTiling(t), 0) << what;
    const aicore::lib::CubeTilingSpec spec =
        aicore::lib::SpecOfProfile(aicore::GetSocProfile(), Bits(in), Bits(in), Bits(out) / 8);
    EXPECT_EQ(aicore::lib::CubeTilingProblem(t, spec), "") << what << " " << Str(t);
    EXPECT_EQ(aicore::lib::CubeTilingBaseKProblem(t, Bits(in), transA, transB), "") << what << " " << Str(t);
    // The split covers the problem with usedCoreNum <= dim cores.
    const int parts = ((m + t.singleCoreM - 1) / t.singleCoreM) * ((n + t.singleCoreN - 1) / t.singleCoreN) *
                      ((k + t.singleCoreK - 1) / t.singleCoreK);
    EXPECT_EQ(parts, t.usedCoreNum) << what << " " << Str(t);
    EXPECT_LE(t.usedCoreNum, dim) << what;
    if (!splitK) {
      EXPECT_EQ(t.singleCoreK, k) << what;
    }
    EXPECT_LE(t.baseM, (t.singleCoreM + 15) / 16 * 16) << what << " " << Str(t);
    EXPECT_LE(t.baseN, (t.singleCoreN + 15) / 16 * 16) << what << " " << Str(t);
    int32_t sm = 0, sn = 0, sk = 0, d = 0, md = 0, nd = 0;
    ASSERT_EQ(tiling.GetSingleShape(sm, sn, sk), 0);
    EXPECT_EQ(sm, t.singleCoreM);
    ASSERT_EQ(tiling.GetCoreNum(d, md, nd), 0);
    EXPECT_EQ(d, t.usedCoreNum);
    ++checked;
  }
  EXPECT_EQ(checked, 600);
}

// DT_INT4 A and B (Atlas A2): two elements a byte, so twice the int8 baseK
// fits L0A / L0B; baseK a multiple of 64 (C0) with B transposed; every
// tiling fits the profile's rules counted in half bytes. A transposed, or
// DT_INT4 with another type, is refused.
TEST_F(MatmulTilingTest, Int4CountsHalfBytesAndAlignsBaseKToC0) {
  const auto tile = [](DataType a, DataType b, bool transA, bool transB, int m, int n, int k, TCubeTiling& t) {
    matmul_tiling::MatmulApiTiling tiling;
    tiling.SetAType(TPosition::GM, CubeFormat::ND, a, transA);
    tiling.SetBType(TPosition::GM, CubeFormat::ND, b, transB);
    tiling.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_INT32);
    tiling.SetBiasType(TPosition::GM, CubeFormat::ND, DataType::DT_INT32);
    tiling.SetShape(m, n, k);
    tiling.SetOrgShape(m, n, k);
    tiling.SetBufferSpace(-1, -1, -1);
    return tiling.GetTiling(t);
  };
  TCubeTiling t8, t4;
  ASSERT_EQ(tile(DataType::DT_INT8, DataType::DT_INT8, false, true, 2048, 2048, 2048, t8), 0);
  ASSERT_EQ(tile(DataType::DT_INT4, DataType::DT_INT4, false, true, 2048, 2048, 2048, t4), 0);
  EXPECT_EQ(t8.baseM, 128);
  EXPECT_EQ(t8.baseN, 256);
  EXPECT_EQ(t8.baseK, 128);  // L0B: 256 * 128 bytes * 2 buffers = 64 KiB
  EXPECT_EQ(t4.baseM, 128);
  EXPECT_EQ(t4.baseN, 256);
  EXPECT_EQ(t4.baseK, 256);  // 256 * 256 / 2 bytes * 2
  std::mt19937 rng(12);
  for (int it = 0; it < 100; ++it) {
    const int m = 1 + static_cast<int>(rng() % 3000), n = 1 + static_cast<int>(rng() % 3000);
    const int k = 1 + static_cast<int>(rng() % 5000);
    const bool transB = rng() % 2;
    TCubeTiling t;
    ASSERT_EQ(tile(DataType::DT_INT4, DataType::DT_INT4, false, transB, m, n, k, t), 0);
    const std::string what = "m " + std::to_string(m) + " n " + std::to_string(n) + " k " + std::to_string(k) + " " +
                             Str(t);
    EXPECT_EQ(aicore::lib::CubeTilingProblem(t, aicore::lib::SpecOfProfile(aicore::GetSocProfile(), 4, 4, 4)), "")
        << what;
    EXPECT_EQ(aicore::lib::CubeTilingBaseKProblem(t, 4, false, transB), "") << what;
    EXPECT_EQ(t.baseK % (transB ? 64 : 16), 0) << what;
  }
  // A 128 x 512 int4b_t base block is 32 KiB: twice that (dbL0A 2) fills L0A;
  // 32 more elements of K do not fit, and 544 is no multiple of C0 = 64
  // (it is of int8_t's 32).
  TCubeTiling f = t4;
  f.baseN = 16, f.baseK = 512, f.dbL0A = 2, f.dbL0B = 2, f.depthA1 = f.depthB1 = 1, f.stepKa = f.stepKb = 1;
  const auto spec4 = aicore::lib::SpecOfProfile(aicore::GetSocProfile(), 4, 4, 4);
  EXPECT_EQ(aicore::lib::CubeTilingProblem(f, spec4), "");
  EXPECT_EQ(aicore::lib::CubeTilingBaseKProblem(f, 4, false, true), "");
  f.baseK = 544;
  EXPECT_EQ(aicore::lib::CubeTilingProblem(f, spec4),
            "baseM * baseK * sizeof(A) * 2 = 128 * 544 * 4/8 * 2 = 69632 bytes (dbL0A 2, dbL0B 2) exceeds the "
            "65536-byte L0A");
  // The vendor's rule: L0A / L0B double-buffered when (dbL0A - 1) & (dbL0B - 1)
  // is not 0 -- 2 and 1 are one buffer, 2 and 0 (a hand-written tiling's
  // zero) two, 1 and 0 one; L0C when dbL0C is 2 (0 is one).
  f.dbL0B = 1;
  EXPECT_EQ(aicore::lib::CubeTilingProblem(f, spec4), "");
  f.dbL0B = 0;
  EXPECT_NE(aicore::lib::CubeTilingProblem(f, spec4).find("(dbL0A 2, dbL0B 0) exceeds"), std::string::npos);
  f.dbL0A = 1;
  EXPECT_EQ(aicore::lib::CubeTilingProblem(f, spec4), "");
  f.dbL0C = 0;
  EXPECT_EQ(aicore::lib::CubeTilingProblem(f, spec4), "");
  EXPECT_EQ(aicore::lib::CubeTilingBaseKProblem(f, 4, false, true),
            "baseK 544 is not a multiple of 64 (C0 of A's type: A not transposed, B transposed)");
  EXPECT_EQ(aicore::lib::CubeTilingBaseKProblem(f, 8, false, true), "");
  TCubeTiling bad;
  EXPECT_EQ(tile(DataType::DT_INT4, DataType::DT_INT4, true, false, 64, 64, 64, bad), -1);
  EXPECT_EQ(tile(DataType::DT_INT4, DataType::DT_INT8, false, false, 64, 64, 64, bad), -1);
  EXPECT_EQ(tile(DataType::DT_INT4, DataType::DT_INT4, false, false, 64, 64, 64, bad), 0);
}

TEST_F(MatmulTilingTest, MoreCoresNeverMeanMoreWorkPerCore) {
  int64_t prev = INT64_MAX;
  for (int dim = 1; dim <= 24; ++dim) {
    matmul_tiling::MultiCoreMatmulTiling tiling;
    tiling.SetDim(dim);
    tiling.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    tiling.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    tiling.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
    tiling.SetOrgShape(1024, 640, 256);
    tiling.SetShape(1024, 640, 256);
    TCubeTiling t;
    ASSERT_EQ(tiling.GetTiling(t), 0);
    const int64_t work = int64_t{t.singleCoreM} * t.singleCoreN * t.singleCoreK;
    EXPECT_LE(work, prev) << "dim " << dim << " " << Str(t);
    prev = work;
  }
}

TEST_F(MatmulTilingTest, UserChoicesAreKeptOrRejected) {
  auto make = [] {
    matmul_tiling::MultiCoreMatmulTiling t;
    t.SetDim(2);
    t.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    t.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    t.SetCType(TPosition::LCM, CubeFormat::ND, DataType::DT_FLOAT);
    t.SetBiasType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
    t.SetShape(1024, 640, 256);
    t.SetOrgShape(1024, 640, 256);
    return t;
  };
  {  // the vendor's matmul_leakyrelu sample: fixed 128 x 128 over 2 cores, C in UB
    auto tiling = make();
    tiling.SetFixSplit(128, 128, -1);
    tiling.SetBias(true);
    TCubeTiling t;
    ASSERT_EQ(tiling.GetTiling(t), 0);
    EXPECT_EQ(t.baseM, 128);
    EXPECT_EQ(t.baseN, 128);
    EXPECT_EQ(t.usedCoreNum, 2);
    EXPECT_EQ(t.transLength, 128 * 128 * 4);  // the C block in UB
  }
  {  // a fixed baseK too (the vendor's matmul_leakyrelu_advanced_api sample: 128, 128, 64)
    auto tiling = make();
    ASSERT_EQ(tiling.SetFixSplit(128, 128, 64), 0);
    TCubeTiling t;
    ASSERT_EQ(tiling.GetTiling(t), 0);
    EXPECT_EQ(t.baseM, 128);
    EXPECT_EQ(t.baseN, 128);
    EXPECT_EQ(t.baseK, 64);
  }
  {
    auto tiling = make();
    tiling.SetSingleShape(256, 640, 256);
    TCubeTiling t;
    ASSERT_EQ(tiling.GetTiling(t), -1);  // 4 cores needed, 2 allowed
    tiling.SetDim(4);
    ASSERT_EQ(tiling.GetTiling(t), 0);
    EXPECT_EQ(t.singleCoreM, 256);
    EXPECT_EQ(t.usedCoreNum, 4);
  }
  {
    auto tiling = make();
    tiling.SetTraverse(matmul_tiling::MatrixTraverse::FIRSTN);
    TCubeTiling t;
    ASSERT_EQ(tiling.GetTiling(t), 0);
    EXPECT_EQ(t.iterateOrder, 1);
  }
  {
    auto tiling = make();
    tiling.SetShape(1024, 640, 48);
    tiling.SetOrgShape(1024, 640, 48);
    TCubeTiling t;
    ASSERT_EQ(tiling.GetTiling(t), 0);
    EXPECT_EQ(t.baseK, 48) << Str(t);
    EXPECT_EQ(tiling.SetSparse(true), 0);  // baseK a multiple of 64
    ASSERT_EQ(tiling.GetTiling(t), 0);
    EXPECT_EQ(t.baseK, 64) << Str(t);
  }
  {
    auto tiling = make();
    tiling.SetBufferSpace(256 * 1024, 64 * 1024);  // half of L1 and of L0C
    TCubeTiling t;
    ASSERT_EQ(tiling.GetTiling(t), 0);
    EXPECT_LE(int64_t{t.baseM} * t.baseN * 4, 64 * 1024) << Str(t);
    EXPECT_LE(t.shareL1Size, 256 * 1024) << Str(t);
  }
  auto tiling = make();
  EXPECT_EQ(tiling.SetFixSplit(24, 128, -1), -1);   // not a multiple of 16
  EXPECT_EQ(tiling.SetFixSplit(128, 128, 40), -1);  // baseK not a multiple of 16 halves (32 bytes)
  EXPECT_EQ(tiling.SetBufferSpace(1 << 30), -1);    // more L1 than the SoC has
  EXPECT_EQ(tiling.SetDim(0), -1);
  EXPECT_EQ(tiling.SetShape(0, 5, 5), -1);
  EXPECT_EQ(tiling.SetOrgShape(5, -2, 5), -1);
  tiling.SetFixSplit(1024, 128, -1);  // a base block beyond any single-core M
  TCubeTiling t;
  EXPECT_EQ(tiling.GetTiling(t), -1);
  matmul_tiling::MultiCoreMatmulTiling noDim;
  noDim.SetShape(16, 16, 16);
  EXPECT_EQ(noDim.GetTiling(t), -1);
  matmul_tiling::MatmulApiTiling noShape;
  EXPECT_EQ(noShape.GetTiling(t), -1);
}

// TCubeTiling: the vendor's 50 int32_t fields in order, usable as a field
// of a tiling definition and through GET_TILING_DATA.
BEGIN_TILING_DATA_DEF(MatmulCustomTilingData)
TILING_DATA_FIELD_DEF(float, alpha);
TILING_DATA_FIELD_DEF_STRUCT(TCubeTiling, cubeTilingData);
END_TILING_DATA_DEF;

TEST_F(MatmulTilingTest, TCubeTilingIsAPlainTilingStruct) {
  static_assert(std::is_same_v<optiling::TCubeTiling, AscendC::tiling::TCubeTiling>, "one type");
  static_assert(sizeof(TCubeTiling) == 50 * sizeof(int32_t), "50 int32_t fields");
  static_assert(offsetof(TCubeTiling, usedCoreNum) == 0 && offsetof(TCubeTiling, M) == 4 &&
                    offsetof(TCubeTiling, singleCoreK) == 28 && offsetof(TCubeTiling, baseK) == 40 &&
                    offsetof(TCubeTiling, isBias) == 60 && offsetof(TCubeTiling, iterateOrder) == 68 &&
                    offsetof(TCubeTiling, stepKa) == 104 && offsetof(TCubeTiling, dbL0C) == 128 &&
                    offsetof(TCubeTiling, BatchNum) == 192 && offsetof(TCubeTiling, mxTypePara) == 196,
                "the vendor's field order");
  matmul_tiling::MultiCoreMatmulTiling tiling;
  tiling.SetDim(4);
  tiling.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
  tiling.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
  tiling.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
  tiling.SetOrgShape(512, 512, 128);
  tiling.SetShape(512, 512, 128);
  MatmulCustomTilingData data;
  data.set_alpha(0.25f);
  ASSERT_EQ(tiling.GetTiling(data.cubeTilingData), 0);
  std::vector<uint8_t> gm(data.GetDataSize());
  data.SaveToBuffer(gm.data(), gm.size());
  TCubeTiling seen{};
  float alpha = 0;
  aicore::Launch(
      [&](uint8_t* p) {
        GET_TILING_DATA_WITH_STRUCT(MatmulCustomTilingData, d, p);
        seen = d.cubeTilingData;
        alpha = d.alpha;
      },
      1, gm.data());
  EXPECT_EQ(alpha, 0.25f);
  EXPECT_EQ(std::memcmp(&seen, &data.cubeTilingData, sizeof(TCubeTiling)), 0);
  EXPECT_EQ(seen.usedCoreNum, 4);
  matmul_tiling::SysTilingTempBufSize buf;
  ASSERT_EQ(MatmulGetTmpBufSize(data.cubeTilingData, buf), 0);
  EXPECT_EQ(buf.ubSize, 0);
  EXPECT_EQ(buf.l0cSize, seen.baseM * seen.baseN * 4);
  EXPECT_EQ(buf.l1Size, seen.shareL1Size);
}

TEST_F(MatmulTilingTest, ConfigTemplatesHaveTheVendorDefaults) {
  static_assert(CFG_NORM.doNorm && CFG_NORM.enUnitFlag && !CFG_NORM.doMultiDataLoad &&
                    CFG_NORM.iterateOrder == IterateOrder::UNDEF && CFG_NORM.batchMode == BatchMode::BATCH_LESS_THAN_L1,
                "Norm");
  static_assert(CFG_MDL.doMultiDataLoad && !CFG_MDL.doNorm && !CFG_MDL.enUnitFlag, "MDL");
  static_assert(MM_CFG_BB.doBasicBlock && MM_CFG_BB.basicM == 128 && MM_CFG_BB.basicK == 128, "BasicBlock");
  static_assert(CFG_IBSHARE_NORM.doIBShareNorm && !CFG_IBSHARE_NORM.doNorm, "IBShare");
  static_assert(GetSpecialMDLConfig().doSpecialMDL, "SpecialMDL");
  constexpr MatmulShapeParams shape = {128, 128, 128, 64, 64, 64};
  constexpr MatmulFuncParams func{false, true, false, false, 0, IterateOrder::ORDER_N,
                                  ScheduleType::INNER_PRODUCT, true, false};
  constexpr MatmulConfig cfg = GetMMConfig<MatmulConfigMode::CONFIG_MDL>(shape, func);
  static_assert(cfg.doMultiDataLoad && cfg.singleCoreM == 128 && cfg.basicK == 64 && cfg.enVecND2NZ &&
                    cfg.iterateOrder == IterateOrder::ORDER_N,
                "GetMMConfig applies its parameters to the template");
  SUCCEED();
}

// ---------------------------------------------------------------------------
// GetMatmulApiTiling.

template <class T, AscendC::TPosition P = AscendC::TPosition::GM>
using MmT = AscendC::MatmulType<P, ::CubeFormat::ND, T>;

std::string StaticTilingProblem(const MatmulApiStaticTiling& s, uint32_t aBytes, uint32_t biasBytes,
                                uint32_t l1 = 0) {
  aicore::lib::CubeTilingSpec spec =
      aicore::lib::SpecOfProfile(aicore::GetSocProfile(), aBytes * 8, aBytes * 8, biasBytes);
  if (l1 != 0) spec.l1 = l1;
  return aicore::lib::CubeTilingProblem(aicore::lib::CubeTilingOfStatic(s), spec);
}

TEST_F(MatmulTilingTest, ConstantTilingOfAFullShapeConfig) {
  constexpr MatmulConfig cfg =
      GetMMConfig<MatmulConfigMode::CONFIG_NORM>(MatmulShapeParams{128, 256, 512, 64, 128, 64});
  constexpr MatmulApiStaticTiling t = AscendC::GetMatmulApiTiling<MmT<half>, MmT<half>, MmT<float>, MmT<float>>(cfg);
  static_assert(t.cfg.singleCoreK == 512 && t.cfg.doNorm, "the config rides along");
  static_assert(aicore::lib::IsFullStaticTiling(t), "full");
  EXPECT_EQ(t.M, 128);
  EXPECT_EQ(t.N, 256);
  EXPECT_EQ(t.Ka, 512);
  EXPECT_EQ(t.Kb, 512);
  EXPECT_EQ(t.singleCoreM, 128);
  EXPECT_EQ(t.singleCoreN, 256);
  EXPECT_EQ(t.singleCoreK, 512);
  EXPECT_EQ(t.baseM, 64);
  EXPECT_EQ(t.baseN, 128);
  EXPECT_EQ(t.baseK, 64);
  // 8 K steps of (64 x 64 + 128 x 64) halves = 24 KiB, double-buffered, + the
  // 512-byte bias row (enableSetBias defaults to true): 384.5 KiB <= 512 KiB.
  EXPECT_EQ(t.stepKa, 8);
  EXPECT_EQ(t.stepKb, 8);
  EXPECT_EQ(t.depthA1, 16);
  EXPECT_EQ(t.depthB1, 16);
  EXPECT_EQ(t.stepM, 1);
  EXPECT_EQ(t.stepN, 1);
  EXPECT_EQ(t.isBias, 1);
  EXPECT_EQ(t.dbL0A, 2);
  EXPECT_EQ(t.dbL0B, 2);
  EXPECT_EQ(t.dbL0C, 1);
  EXPECT_EQ(t.iterateOrder, 0);
  EXPECT_EQ(t.transLength, 0);
  EXPECT_EQ(t.shareL1Size, 16 * 24576 + 512);
  EXPECT_EQ(t.shareL0CSize, 64 * 128 * 4);
  EXPECT_EQ(t.shareUbSize, 0);
  EXPECT_EQ(t.usedCoreNum, -1);
  EXPECT_EQ(t.BatchNum, -1);
  EXPECT_EQ(StaticTilingProblem(t, 2, 4), "");

  // A smaller L1: the K steps halve until two buffers fit (8 -> 4 -> 2).
  constexpr MatmulApiStaticTiling s =
      AscendC::GetMatmulApiTiling<MmT<half>, MmT<half>, MmT<float>, MmT<float>>(cfg, 128 * 1024);
  EXPECT_EQ(s.stepKa, 2);
  EXPECT_EQ(s.depthA1, 4);
  EXPECT_EQ(StaticTilingProblem(s, 2, 4, 128 * 1024), "");
  EXPECT_NE(StaticTilingProblem(t, 2, 4, 128 * 1024), "") << "the default plan needs more than 128 KiB";

  // int4b_t counts half bytes: its L1 steps take half of int8_t's.
  constexpr MatmulConfig c8 = GetMMConfig<MatmulConfigMode::CONFIG_NORM>(
      MatmulShapeParams{128, 256, 512, 64, 128, 128}, MatmulBiasParams{false});
  constexpr MatmulApiStaticTiling i8 =
      AscendC::GetMatmulApiTiling<MmT<int8_t>, MmT<int8_t>, MmT<int32_t>, MmT<int32_t>>(c8);
  constexpr MatmulApiStaticTiling i4 =
      AscendC::GetMatmulApiTiling<MmT<AscendC::int4b_t>, MmT<AscendC::int4b_t>, MmT<int32_t>, MmT<int32_t>>(c8);
  EXPECT_EQ(i8.stepKa, i4.stepKa);
  EXPECT_EQ(i8.depthA1, i4.depthA1);
  EXPECT_EQ(i4.shareL1Size * 2, i8.shareL1Size);

  // float: two 128 x 128 blocks overflow L0A / L0B, one fits; ORDER_N; no
  // bias; A in UB sets transLength to its base block's bytes.
  MatmulConfig f = GetMMConfig<MatmulConfigMode::CONFIG_MDL>(MatmulShapeParams{256, 128, 1024, 128, 128, 128},
                                                             MatmulBiasParams{false});
  f.iterateOrder = IterateOrder::ORDER_N;
  const MatmulApiStaticTiling u = AscendC::GetMatmulApiTiling<MmT<float, AscendC::TPosition::VECOUT>, MmT<float>,
                                                              MmT<float>, MmT<float>>(f);
  EXPECT_EQ(u.dbL0A, 1);
  EXPECT_EQ(u.dbL0B, 1);
  EXPECT_EQ(u.isBias, 0);
  EXPECT_EQ(u.iterateOrder, 1);
  EXPECT_EQ(u.transLength, 128 * 128 * 4);
  // 8 K steps of 128 KiB (A and B): 2 double-buffered fill the 512 KiB exactly.
  EXPECT_EQ(u.stepKa, 2);
  EXPECT_EQ(u.depthA1, 4);
  EXPECT_EQ(u.shareL1Size, 512 * 1024);
  EXPECT_EQ(StaticTilingProblem(u, 4, 4), "");
}

TEST_F(MatmulTilingTest, ConstantTilingOfABaseBlockOnlyOrNothing) {
  constexpr MatmulConfig cfg = GetMMConfig<MatmulConfigMode::CONFIG_NORM>(MatmulShapeParams{0, 0, 0, 128, 256, 64});
  constexpr MatmulApiStaticTiling t = AscendC::GetMatmulApiTiling<MmT<half>, MmT<half>, MmT<float>, MmT<float>>(cfg);
  EXPECT_EQ(t.baseM, 128);
  EXPECT_EQ(t.baseN, 256);
  EXPECT_EQ(t.baseK, 64);
  EXPECT_EQ(t.dbL0A, 2);
  EXPECT_EQ(t.dbL0B, 2);
  EXPECT_EQ(t.isBias, 1);
  EXPECT_EQ(t.M, -1);
  EXPECT_EQ(t.singleCoreM, -1);
  EXPECT_EQ(t.stepKa, -1);
  EXPECT_EQ(t.depthA1, -1);
  EXPECT_FALSE(aicore::lib::IsFullStaticTiling(t));
  constexpr MatmulApiStaticTiling none =
      AscendC::GetMatmulApiTiling<MmT<half>, MmT<half>, MmT<float>, MmT<float>>(CFG_NORM);
  EXPECT_EQ(none.baseM, -1);
  EXPECT_EQ(none.isBias, -1);
  EXPECT_EQ(none.dbL0A, -1);
  EXPECT_FALSE(aicore::lib::IsFullStaticTiling(none));
}

TEST_F(MatmulTilingTest, EveryConstantTilingOfAFittingBaseBlockIsValid) {
  std::mt19937 rng(7);
  for (int i = 0; i < 300; ++i) {
    const bool f32 = rng() % 2;
    const uint32_t bytes = f32 ? 4 : 2;
    const uint32_t bm = 16 * (1 + rng() % 16), bn = 16 * (1 + rng() % 16), bk = 16 * (1 + rng() % 16);
    // The base block must fit L0A / L0B / L0C and (a bias row) the bias table.
    if (bm * bk * bytes > 64 * 1024 || bn * bk * bytes > 64 * 1024 || bm * bn * 4 > 128 * 1024 || bn * 4 > 1024) {
      continue;
    }
    const uint32_t sm = 1 + rng() % 600, sn = 1 + rng() % 600, sk = 1 + rng() % 4000;
    MatmulConfig cfg = GetMMConfig<MatmulConfigMode::CONFIG_NORM>(MatmulShapeParams{sm, sn, sk, bm, bn, bk},
                                                                   MatmulBiasParams{rng() % 2 == 0});
    const MatmulApiStaticTiling t =
        f32 ? AscendC::GetMatmulApiTiling<MmT<float>, MmT<float>, MmT<float>, MmT<float>>(cfg)
            : AscendC::GetMatmulApiTiling<MmT<half>, MmT<half>, MmT<float>, MmT<float>>(cfg);
    ASSERT_TRUE(aicore::lib::IsFullStaticTiling(t));
    EXPECT_EQ(StaticTilingProblem(t, bytes, 4), "") << "single " << sm << "x" << sn << "x" << sk << " base " << bm
                                                    << "x" << bn << "x" << bk << " f32 " << f32;
    EXPECT_LE(t.stepKa, static_cast<int32_t>((sk + bk - 1) / bk));
    EXPECT_TRUE(t.depthA1 == 2 * t.stepKa || (t.stepKa == 1 && t.depthA1 == 1)) << t.stepKa << " " << t.depthA1;
  }
}

// A Matmul whose MM_CFG is a full constant tiling, registered with a null
// tiling as the vendor's sample does: 40 x 48 x 72 (SetOrgShape) in 16 x 16
// x 32 blocks, half x half -> float, without a bias (the config allows one:
// isBias 1) and with SetBias, checked against the scalar model.
constexpr MatmulConfig kStaticCfg =
    GetMMConfig<MatmulConfigMode::CONFIG_NORM>(MatmulShapeParams{40, 48, 72, 16, 16, 32});
constexpr MatmulApiStaticTiling kStaticTiling =
    AscendC::GetMatmulApiTiling<MmT<half>, MmT<half>, MmT<float>, MmT<float>>(kStaticCfg);

void StaticTilingMatmul(half* a, half* b, float* bias, float* c) {
  AscendC::TPipe pipe;
  AscendC::Matmul<MmT<half>, MmT<half>, MmT<float>, MmT<float>, kStaticTiling> mm;
  aicore::lib::RegistMatmulObj<true>(aicore::SrcLoc::Current(), &pipe, AscendC::GetSysWorkSpacePtr(), mm,
                                     static_cast<TCubeTiling*>(nullptr));
  mm.SetOrgShape(40, 48, 72);
  AscendC::GlobalTensor<half> ag, bg;
  AscendC::GlobalTensor<float> biasg, cg;
  ag.SetGlobalBuffer(a, 40 * 72);
  bg.SetGlobalBuffer(b, 72 * 48);
  cg.SetGlobalBuffer(c, 40 * 48);
  mm.SetTensorA(ag);
  mm.SetTensorB(bg);
  if (bias != nullptr) {
    biasg.SetGlobalBuffer(bias, 48);
    mm.SetBias(biasg);
  }
  mm.IterateAll(cg);
  mm.End();
}

TEST_F(MatmulTilingTest, MatmulRunsOnAConstantTilingWithoutARuntimeOne) {
  static_assert(kStaticTiling.isBias == 1, "enableSetBias defaults to true");
  ASSERT_EQ(StaticTilingProblem(kStaticTiling, 2, 4), "");
  mmtest::Problem p;
  p.M = 40, p.N = 48, p.K = 72;
  std::mt19937 rng(3);
  std::vector<half> a(40 * 72), b(72 * 48);
  std::vector<float> bias(48);
  for (auto& x : a) x = half(static_cast<float>(static_cast<int>(rng() % 17) - 8) * 0.25f);
  for (auto& x : b) x = half(static_cast<float>(static_cast<int>(rng() % 17) - 8) * 0.125f);
  for (auto& x : bias) x = static_cast<float>(static_cast<int>(rng() % 9) - 4) * 0.5f;
  for (const bool withBias : {false, true}) {
    p.bias = withBias;
    std::vector<float> c(40 * 48, -1.0f);
    aicore::LaunchNamed("static_tiling_matmul", StaticTilingMatmul, 1u, a.data(), b.data(),
                        withBias ? bias.data() : nullptr, c.data());
    const std::vector<float> ref = mmtest::Reference<half, float>(p, a, b, bias);
    for (size_t i = 0; i < c.size(); ++i) ASSERT_EQ(c[i], ref[i]) << "bias " << withBias << ", element " << i;
  }
}

TEST_F(MatmulTilingTest, PlatformReportsTheCubeCoresAndMemories) {
  auto* p = platform_ascendc::PlatformAscendCManager::GetInstance();
  uint64_t v = 0;
  EXPECT_EQ(p->GetCoreNumAic(), 24u);
  EXPECT_EQ(p->GetCoreNumAiv(), 48u);
  p->GetCoreMemSize(platform_ascendc::CoreMemType::L1, v);
  EXPECT_EQ(v, 512u * 1024);
  p->GetCoreMemSize(platform_ascendc::CoreMemType::L0_C, v);
  EXPECT_EQ(v, 128u * 1024);
  p->GetCoreMemSize(platform_ascendc::CoreMemType::BT, v);
  EXPECT_EQ(v, 1024u);
  p->GetCoreMemSize(platform_ascendc::CoreMemType::FB, v);
  EXPECT_EQ(v, 2048u);
  EXPECT_EQ(p->CalcTschBlockDim(40, 20, 40), 20u);
  EXPECT_EQ(p->CalcTschBlockDim(7, 0, 40), 7u);
  auto* q = platform_ascendc::PlatformAscendCManager::GetInstance("Ascend310P3");
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(q->GetSocVersion(), platform_ascendc::SocVersion::ASCEND310P);
  q->GetCoreMemSize(platform_ascendc::CoreMemType::L0_C, v);
  EXPECT_EQ(v, 256u * 1024);
  EXPECT_EQ(platform_ascendc::PlatformAscendCManager::GetInstance("NoSuchChip"), nullptr);
  EXPECT_EQ(p->GetSocVersion(), platform_ascendc::SocVersion::ASCEND910B);  // the current profile is unchanged
}

}  // namespace
