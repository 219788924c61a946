// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Matmul in mixed (cube + vector) kernels through the vendor headers
// (lib/matmul_intf.h, tikicpulib.h, tiling/tiling_api.h): a matmul +
// LeakyRelu kernel declared KERNEL_TYPE_MIX_AIC_1_2 and one declared
// KERNEL_TYPE_MIX_AIC_1_1, each vector block computing its part of C
// (GetBlockIdx over the vector blocks, as the vendor samples split it) and
// the cube blocks leaving at REGIST_MATMUL_OBJ; an undeclared kernel whose
// REGIST_MATMUL_OBJ makes it a 1:2 kernel; the multi-object form; a
// cube-only launch (the cube blocks compute); and the error of a Matmul call
// on a cube block after REGIST_MATMUL_OBJ returned there, with its clean
// twin.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
#include "tikicpulib.h"
#include "tiling/tiling_api.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

using namespace AscendC;

namespace {

// The matmul type helpers kernels name: GetMmDstType (the L0C type of an A
// type on Ascend910B) and Impl::QUEUE_DEPTH (the vendor's matmul_co1_output
// sample sizes its CO1 queue with both).
static_assert(std::is_same_v<GetMmDstType<half>::Type, float>, "half accumulates in float");
static_assert(std::is_same_v<GetMmDstType<bfloat16_t>::Type, float>, "bf16 accumulates in float");
static_assert(std::is_same_v<GetMmDstType<float>::Type, float>, "float accumulates in float");
static_assert(std::is_same_v<GetMmDstType<int8_t>::Type, int32_t>, "int8 accumulates in int32");
static_assert(std::is_same_v<GetMmDstType<int4b_t>::Type, int32_t>, "int4 accumulates in int32");
static_assert(Impl::QUEUE_DEPTH == 1, "the vendor's matmul queue depth");

constexpr float kAlpha = 0.125f;
constexpr int kM = 96, kN = 80, kK = 72;

std::atomic<int> g_cubeAfterRegist{0};
std::atomic<int> g_vectorBlocks{0};

TCubeTiling MakeTiling(int cores) {
  matmul_tiling::MultiCoreMatmulTiling t;
  t.SetDim(cores);
  t.SetAType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT16);
  t.SetBType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT16);
  t.SetCType(matmul_tiling::TPosition::LCM, matmul_tiling::CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT);
  t.SetBiasType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT);
  t.SetShape(kM, kN, kK);
  t.SetOrgShape(kM, kN, kK);
  t.SetFixSplit(32, 32, -1);
  t.SetBias(true);
  TCubeTiling tiling;
  EXPECT_EQ(t.GetTiling(tiling), 0);
  return tiling;
}

using MmType = Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>, MatmulType<TPosition::GM, CubeFormat::ND, half>,
                      MatmulType<TPosition::VECIN, CubeFormat::ND, float>,
                      MatmulType<TPosition::GM, CubeFormat::ND, float>>;

// The vector side of the kernel: C block by block into UB, LeakyRelu, out.
__aicore__ inline void MatmulLeakyRelu(MmType& mm, const TCubeTiling& t, TPipe& pipe, GM_ADDR a, GM_ADDR b,
                                       GM_ADDR bias, GM_ADDR c) {
  g_vectorBlocks.fetch_add(1);
  const int idx = static_cast<int>(GetBlockIdx());
  if (idx >= t.usedCoreNum) return;
  const int mBlocks = (t.M + t.singleCoreM - 1) / t.singleCoreM;
  const int mi = idx % mBlocks, ni = idx / mBlocks;
  const int tailM = std::min(t.singleCoreM, t.M - mi * t.singleCoreM);
  const int tailN = std::min(t.singleCoreN, t.N - ni * t.singleCoreN);
  GlobalTensor<half> ag, bg;
  GlobalTensor<float> biasg, cg;
  ag.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a), t.M * t.Ka);
  bg.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(b), t.Kb * t.N);
  biasg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(bias), t.N);
  cg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c), t.M * t.N);
  mm.SetTensorA(ag[mi * t.singleCoreM * t.Ka]);
  mm.SetTensorB(bg[ni * t.singleCoreN]);
  mm.SetBias(biasg[ni * t.singleCoreN]);
  mm.SetTail(tailM, tailN);
  TQue<QuePosition::VECIN, 1> outQueue;
  pipe.InitBuffer(outQueue, 1, t.baseM * t.baseN * sizeof(float));
  while (mm.Iterate()) {
    LocalTensor<float> out = outQueue.AllocTensor<float>();
    mm.GetTensorC(out, 0, true);
    const MatrixOffset o = mm.GetOffsetC();
    LeakyRelu(out, out, kAlpha, o.height * o.width);
    outQueue.EnQue(out);
    out = outQueue.DeQue<float>();
    for (int r = 0; r < o.height; ++r) {
      for (int col = 0; col < o.width; ++col) {
        cg.SetValue((mi * t.singleCoreM + o.row + r) * t.N + ni * t.singleCoreN + o.col + col,
                    out.GetValue(static_cast<uint32_t>(r * o.width + col)));
      }
    }
    outQueue.FreeTensor(out);
  }
  mm.End();
}

extern "C" __global__ __aicore__ void matmul_leaky_1_2(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR tiling) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
  TPipe pipe;
  TCubeTiling t;
  std::memcpy(&t, tiling, sizeof(t));
  MmType mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
  if ASCEND_IS_AIC {
    g_cubeAfterRegist.fetch_add(1);
    return;
  }
  MatmulLeakyRelu(mm, t, pipe, a, b, bias, c);
}

extern "C" __global__ __aicore__ void matmul_leaky_1_1(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR tiling) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_1);
  TPipe pipe;
  TCubeTiling t;
  std::memcpy(&t, tiling, sizeof(t));
  MmType mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
  if ASCEND_IS_AIC {
    g_cubeAfterRegist.fetch_add(1);
    return;
  }
  MatmulLeakyRelu(mm, t, pipe, a, b, bias, c);
}

// No declaration: the Matmul code makes it a mixed 1:2 kernel, as the
// vendor's build compiles it (its samples' main.cpp call no SetKernelMode).
extern "C" __global__ __aicore__ void matmul_leaky_undeclared(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c,
                                                              GM_ADDR tiling) {
  TPipe pipe;
  TCubeTiling t;
  std::memcpy(&t, tiling, sizeof(t));
  MmType mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
  if ASCEND_IS_AIC {
    g_cubeAfterRegist.fetch_add(1);
    return;
  }
  MatmulLeakyRelu(mm, t, pipe, a, b, bias, c);
}

struct Data {
  std::vector<half> a, b;
  std::vector<float> bias, golden;
  Data() {
    std::mt19937 rng(7);
    auto val = [&] { return static_cast<float>(static_cast<int>(rng() % 401) - 200) / 64.0f; };
    a.resize(kM * kK);
    b.resize(kK * kN);
    bias.resize(kN);
    for (auto& x : a) x = half(val());
    for (auto& x : b) x = half(val());
    for (auto& x : bias) x = val();
    golden.resize(kM * kN);
    for (int i = 0; i < kM; ++i) {
      for (int j = 0; j < kN; ++j) {
        float acc = bias[j];
        for (int k = 0; k < kK; ++k) acc = std::fma(static_cast<float>(a[i * kK + k]), static_cast<float>(b[k * kN + j]), acc);
        golden[i * kN + j] = acc < 0 ? acc * kAlpha : acc;
      }
    }
  }
};

class MatmulMixTest : public ::testing::Test {
 protected:
  void TearDown() override { aicore::compat::ResetKernelMode(); }
};

// ICPU_RUN_KF names the kernel after its argument's spelling (the declared
// task type is found by that name): one launcher per kernel.
using Launcher = void (*)(uint32_t, uint8_t*, uint8_t*, uint8_t*, uint8_t*, uint8_t*);
void Launch12(uint32_t dim, uint8_t* a, uint8_t* b, uint8_t* bias, uint8_t* c, uint8_t* tiling) {
  ICPU_RUN_KF(matmul_leaky_1_2, dim, a, b, bias, c, tiling);
}
void Launch11(uint32_t dim, uint8_t* a, uint8_t* b, uint8_t* bias, uint8_t* c, uint8_t* tiling) {
  ICPU_RUN_KF(matmul_leaky_1_1, dim, a, b, bias, c, tiling);
}
void LaunchUndeclared(uint32_t dim, uint8_t* a, uint8_t* b, uint8_t* bias, uint8_t* c, uint8_t* tiling) {
  ICPU_RUN_KF(matmul_leaky_undeclared, dim, a, b, bias, c, tiling);
}

void RunMix(Launcher launch, uint32_t blockDim, int ratio) {
  Data d;
  const TCubeTiling t = MakeTiling(static_cast<int>(ratio * blockDim));
  ASSERT_LE(t.usedCoreNum, static_cast<int>(ratio * blockDim));
  auto* a = static_cast<uint8_t*>(GmAlloc(d.a.size() * 2));
  auto* b = static_cast<uint8_t*>(GmAlloc(d.b.size() * 2));
  auto* bias = static_cast<uint8_t*>(GmAlloc(d.bias.size() * 4));
  auto* c = static_cast<uint8_t*>(GmAlloc(d.golden.size() * 4));
  auto* tiling = static_cast<uint8_t*>(GmAlloc(sizeof(t)));
  std::memcpy(a, d.a.data(), d.a.size() * 2);
  std::memcpy(b, d.b.data(), d.b.size() * 2);
  std::memcpy(bias, d.bias.data(), d.bias.size() * 4);
  std::memcpy(tiling, &t, sizeof(t));
  g_cubeAfterRegist = 0;
  g_vectorBlocks = 0;
  launch(blockDim, a, b, bias, c, tiling);
  EXPECT_EQ(g_cubeAfterRegist.load(), 0) << "cube blocks must leave at REGIST_MATMUL_OBJ";
  EXPECT_EQ(g_vectorBlocks.load(), static_cast<int>(ratio * blockDim));
  const auto* got = reinterpret_cast<const float*>(c);
  for (int i = 0; i < kM * kN; ++i) {
    uint32_t x, y;
    std::memcpy(&x, &got[i], 4);
    std::memcpy(&y, &d.golden[i], 4);
    ASSERT_EQ(x, y) << "C[" << i / kN << ", " << i % kN << "] ratio 1:" << ratio << " blockDim " << blockDim;
  }
  for (void* p : {static_cast<void*>(a), static_cast<void*>(b), static_cast<void*>(bias), static_cast<void*>(c),
                  static_cast<void*>(tiling)}) {
    GmFree(p);
  }
}

TEST_F(MatmulMixTest, VectorBlocksComputeAndCubeBlocksLeaveAtRegistration) {
  for (uint32_t blockDim : {1u, 3u}) {
    RunMix(Launch12, blockDim, 2);
    RunMix(Launch11, blockDim, 1);
    RunMix(LaunchUndeclared, blockDim, 2);
  }
  SetKernelMode(KernelMode::MIX_MODE);  // the same with the mode set by hand
  RunMix(Launch12, 2, 2);
  RunMix(Launch11, 2, 1);
}

// REGIST_MATMUL_OBJ in a helper: its return ends the helper, not the
// kernel, and the cube block goes on to a Matmul call.
template <class MM>
__aicore__ inline void RegistInHelper(TPipe& pipe, MM& mm, const TCubeTiling* t) {
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, t);
}

void HelperRegistration(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, const TCubeTiling* t, bool guarded) {
  TPipe pipe;
  MmType mm;
  RegistInHelper(pipe, mm, t);
  if (guarded && ASCEND_IS_AIC) return;
  MatmulLeakyRelu(mm, *t, pipe, a, b, bias, c);
}

TEST_F(MatmulMixTest, AMatmulCallOnACubeBlockAfterRegistrationIsReported) {
  Data d;
  const TCubeTiling t = MakeTiling(2);
  std::vector<float> c(d.golden.size());
  auto launch = [&](bool guarded) {
    aicore::detail::LaunchConfig cfg;
    cfg.geom = aicore::detail::Geometry::kMix;
    cfg.cooperative = true;
    aicore::detail::LaunchWith(cfg, aicore::SrcLoc::Current(), "helper_registration", HelperRegistration, 1,
                               reinterpret_cast<GM_ADDR>(d.a.data()), reinterpret_cast<GM_ADDR>(d.b.data()),
                               reinterpret_cast<GM_ADDR>(d.bias.data()), reinterpret_cast<GM_ADDR>(c.data()), &t,
                               guarded);
  };
  try {
    launch(false);
    ADD_FAILURE() << "no error";
  } catch (const aicore::KernelError& e) {
    const std::string w = e.what();
    EXPECT_NE(w.find("REGIST_MATMUL_OBJ returned on this cube block"), std::string::npos) << w;
    EXPECT_NE(w.find("helper_registration [AIC]"), std::string::npos) << w;
  }
  EXPECT_NO_THROW(launch(true));  // the clean twin: the cube block leaves
  for (size_t i = 0; i < c.size(); ++i) ASSERT_EQ(c[i], d.golden[i]) << i;
}

// A launch of cube blocks only (AIC_MODE): REGIST_MATMUL_OBJ does not
// return, the cube blocks compute; two Matmul objects registered at once.
void CubeOnly(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR c2, const TCubeTiling* t) {
  TPipe pipe;
  using GmMm = Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>, MatmulType<TPosition::GM, CubeFormat::ND, half>,
                      MatmulType<TPosition::GM, CubeFormat::ND, float>, MatmulType<TPosition::GM, CubeFormat::ND, float>>;
  GmMm mm1, mm2;
  // mm1's tiling as a __restrict pointer (ops-nn's deformable_conv2d), mm2's
  // as void* (ops-math's rfft1_d).
  const TCubeTiling* __restrict tr = t;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm1, tr, mm2, (void*)t);
  const int idx = static_cast<int>(GetBlockIdx());
  const int mBlocks = (t->M + t->singleCoreM - 1) / t->singleCoreM;
  const int mi = idx % mBlocks, ni = idx / mBlocks;
  GlobalTensor<half> ag, bg;
  GlobalTensor<float> biasg, cg, cg2;
  ag.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a), t->M * t->Ka);
  bg.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(b), t->Kb * t->N);
  biasg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(bias), t->N);
  cg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c), t->M * t->N);
  cg2.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c2), t->M * t->N);
  const int off = mi * t->singleCoreM * t->N + ni * t->singleCoreN;
  const int tailM = std::min(t->singleCoreM, t->M - mi * t->singleCoreM);
  const int tailN = std::min(t->singleCoreN, t->N - ni * t->singleCoreN);
  for (GmMm* mm : {&mm1, &mm2}) {
    mm->SetTensorA(ag[mi * t->singleCoreM * t->Ka]);
    mm->SetTensorB(bg[ni * t->singleCoreN]);
    mm->SetTail(tailM, tailN);
  }
  mm1.SetBias(biasg[ni * t->singleCoreN]);
  mm2.DisableBias();
  mm1.IterateAll(cg[off]);
  mm1.End();
  mm2.IterateAll(cg2[off]);
  mm2.End();
}

TEST_F(MatmulMixTest, CubeOnlyLaunchesComputeOnTheCubeBlocks) {
  Data d;
  const TCubeTiling t = MakeTiling(4);
  std::vector<float> c(d.golden.size()), c2(d.golden.size());
  aicore::detail::LaunchConfig cfg;
  cfg.geom = aicore::detail::Geometry::kAIC;
  aicore::detail::LaunchWith(cfg, aicore::SrcLoc::Current(), "cube_only", CubeOnly, static_cast<uint32_t>(t.usedCoreNum),
                             reinterpret_cast<GM_ADDR>(d.a.data()), reinterpret_cast<GM_ADDR>(d.b.data()),
                             reinterpret_cast<GM_ADDR>(d.bias.data()), reinterpret_cast<GM_ADDR>(c.data()),
                             reinterpret_cast<GM_ADDR>(c2.data()), &t);
  for (int i = 0; i < kM; ++i) {
    for (int j = 0; j < kN; ++j) {
      float acc = d.bias[j], acc2 = 0.0f;
      for (int k = 0; k < kK; ++k) {
        acc = std::fma(static_cast<float>(d.a[i * kK + k]), static_cast<float>(d.b[k * kN + j]), acc);
        acc2 = std::fma(static_cast<float>(d.a[i * kK + k]), static_cast<float>(d.b[k * kN + j]), acc2);
      }
      ASSERT_EQ(c[i * kN + j], acc) << i << ", " << j;
      ASSERT_EQ(c2[i * kN + j], acc2) << i << ", " << j;
    }
  }
}

// Pure cube mode (ASCENDC_CUBE_ONLY: REGIST_MATMUL_OBJ is RegistMatmulObj<true>)
// in a mixed launch: the cube blocks do not leave and compute; the vector
// blocks skip the Matmul with ASCEND_IS_AIV, as the vendor requires there.
void CubeOnlyMode(GM_ADDR a, GM_ADDR b, GM_ADDR c, const TCubeTiling* t) {
  TPipe pipe;
  using GmMm = Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>, MatmulType<TPosition::GM, CubeFormat::ND, half>,
                      MatmulType<TPosition::GM, CubeFormat::ND, float>>;
  GmMm mm;
  (void)aicore::lib::RegistMatmulObj<true>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, t);
  if ASCEND_IS_AIV {
    return;
  }
  g_cubeAfterRegist.fetch_add(1);
  GlobalTensor<half> ag, bg;
  GlobalTensor<float> cg;
  ag.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a), t->M * t->Ka);
  bg.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(b), t->Kb * t->N);
  cg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c), t->M * t->N);
  const int idx = static_cast<int>(GetBlockIdx());
  const int mBlocks = (t->M + t->singleCoreM - 1) / t->singleCoreM;
  const int mi = idx % mBlocks, ni = idx / mBlocks;
  mm.SetTensorA(ag[mi * t->singleCoreM * t->Ka]);
  mm.SetTensorB(bg[ni * t->singleCoreN]);
  mm.DisableBias();
  mm.SetTail(std::min(t->singleCoreM, t->M - mi * t->singleCoreM), std::min(t->singleCoreN, t->N - ni * t->singleCoreN));
  mm.IterateAll(cg[mi * t->singleCoreM * t->N + ni * t->singleCoreN]);
  mm.End();
}

TEST_F(MatmulMixTest, PureCubeModeComputesOnTheCubeBlocksOfAMixedLaunch) {
  Data d;
  const TCubeTiling t = MakeTiling(2);
  std::vector<float> c(d.golden.size(), -1.0f);
  aicore::detail::LaunchConfig cfg;
  cfg.geom = aicore::detail::Geometry::kMix;
  cfg.cooperative = true;
  g_cubeAfterRegist = 0;
  aicore::detail::LaunchWith(cfg, aicore::SrcLoc::Current(), "cube_only_mode", CubeOnlyMode,
                             static_cast<uint32_t>(t.usedCoreNum), reinterpret_cast<GM_ADDR>(d.a.data()),
                             reinterpret_cast<GM_ADDR>(d.b.data()), reinterpret_cast<GM_ADDR>(c.data()), &t);
  EXPECT_EQ(g_cubeAfterRegist.load(), t.usedCoreNum);
  for (int i = 0; i < kM; ++i) {
    for (int j = 0; j < kN; ++j) {
      float acc = 0.0f;
      for (int k = 0; k < kK; ++k) acc = std::fma(static_cast<float>(d.a[i * kK + k]), static_cast<float>(d.b[k * kN + j]), acc);
      ASSERT_EQ(c[i * kN + j], acc) << i << ", " << j;
    }
  }
}

}  // namespace
