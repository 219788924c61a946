// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// ICPU_RUN_KF without AscendC::SetKernelMode: the kernel's declared type
// (KERNEL_TASK_TYPE_DEFAULT / KERNEL_TASK_TYPE) decides the launch geometry,
// a kernel that declares nothing runs as vector blocks; SetKernelMode, when
// called, decides; a block whose core type contradicts the declaration is
// still reported. Death tests run in a re-executed child ("threadsafe").
#include "kernel_operator.h"
#include "tikicpulib.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <mutex>
#include <set>
#include <string>
#include <tuple>
#include <vector>

using namespace AscendC;

namespace {

constexpr uint32_t kTile = 256;  // floats per block

// Which blocks ran: (core type, GetBlockIdx, GetBlockNum).
using Seen = std::tuple<int32_t, int32_t, int32_t>;
std::mutex g_seen_mu;
std::multiset<Seen> g_seen;

__aicore__ inline void RecordIdentity() {
  const Seen s{g_coreType, static_cast<int32_t>(GetBlockIdx()), static_cast<int32_t>(GetBlockNum())};
  std::lock_guard<std::mutex> lock(g_seen_mu);
  g_seen.insert(s);
}

std::multiset<Seen> Expected(int32_t blockDim, int32_t aic, int32_t aiv) {
  std::multiset<Seen> m;
  for (int32_t i = 0; i < aic; ++i) m.insert({AIC, i, blockDim});
  for (int32_t i = 0; i < aiv; ++i) m.insert({AIV, i, blockDim});
  return m;
}

// z = x + y, kTile floats per block, through UB.
class VecAdd {
 public:
  __aicore__ inline void Run(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
    const uint64_t offset = uint64_t{kTile} * GetBlockIdx();
    xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x) + offset, kTile);
    yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y) + offset, kTile);
    zGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z) + offset, kTile);
    pipe_.InitBuffer(inX_, 1, kTile * sizeof(float));
    pipe_.InitBuffer(inY_, 1, kTile * sizeof(float));
    pipe_.InitBuffer(outZ_, 1, kTile * sizeof(float));
    LocalTensor<float> xl = inX_.AllocTensor<float>();
    LocalTensor<float> yl = inY_.AllocTensor<float>();
    DataCopy(xl, xGm_, kTile);
    DataCopy(yl, yGm_, kTile);
    inX_.EnQue(xl);
    inY_.EnQue(yl);
    xl = inX_.DeQue<float>();
    yl = inY_.DeQue<float>();
    LocalTensor<float> zl = outZ_.AllocTensor<float>();
    Add(zl, xl, yl, static_cast<int32_t>(kTile));
    outZ_.EnQue(zl);
    inX_.FreeTensor(xl);
    inY_.FreeTensor(yl);
    zl = outZ_.DeQue<float>();
    DataCopy(zGm_, zl, kTile);
    outZ_.FreeTensor(zl);
  }

 private:
  TPipe pipe_;
  TQue<QuePosition::VECIN, 1> inX_, inY_;
  TQue<QuePosition::VECOUT, 1> outZ_;
  GlobalTensor<float> xGm_, yGm_, zGm_;
};

}  // namespace

// A vector kernel that declares itself vector-only, as real kernels do.
extern "C" __global__ __aicore__ void add_declared(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
  RecordIdentity();
  VecAdd op;
  op.Run(x, y, z);
}

// The same kernel with no declaration.
extern "C" __global__ __aicore__ void add_plain(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  RecordIdentity();
  VecAdd op;
  op.Run(x, y, z);
}

// Mixed kernels: the identity of every block.
extern "C" __global__ __aicore__ void mix_declared(GM_ADDR) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
  RecordIdentity();
}
extern "C" __global__ __aicore__ void mix_plain(GM_ADDR) { RecordIdentity(); }

// The declaration counts wherever it stands, even where no block reaches it
// (on the NPU it is read at compile time).
extern "C" __global__ __aicore__ void cube_declared_unreached(GM_ADDR flag) {
  RecordIdentity();
  if (flag != nullptr) return;
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
}

// A per-key declaration takes precedence over the default one.
extern "C" __global__ __aicore__ void keyed_types(GM_ADDR) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
  KERNEL_TASK_TYPE(7, KERNEL_TYPE_MIX_AIC_1_2);
  KERNEL_TASK_TYPE(8, KERNEL_TYPE_AIC_ONLY);
  RecordIdentity();
}

// A namespaced template kernel.
namespace kn {
template <int kScale>
__global__ __aicore__ void cube_scaled(GM_ADDR) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_0);
  RecordIdentity();
}
}  // namespace kn

namespace {

class KernelModeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    aicore::compat::ResetKernelMode();
    ICPU_SET_TILING_KEY(0);
    g_seen.clear();
  }
  void TearDown() override {
    aicore::compat::ResetKernelMode();
    ICPU_SET_TILING_KEY(0);
  }
};

struct AddBuffers {
  explicit AddBuffers(uint32_t blocks) : n(blocks * kTile) {
    x = static_cast<float*>(GmAlloc(n * sizeof(float)));
    y = static_cast<float*>(GmAlloc(n * sizeof(float)));
    z = static_cast<float*>(GmAlloc(n * sizeof(float)));
    for (uint32_t i = 0; i < n; ++i) {
      x[i] = static_cast<float>(i) * 0.5f - 100.0f;
      y[i] = static_cast<float>(i % 17) + 0.25f;
    }
  }
  ~AddBuffers() {
    GmFree(x);
    GmFree(y);
    GmFree(z);
  }
  // Index of the first wrong element, or n.
  uint32_t FirstWrong() const {
    for (uint32_t i = 0; i < n; ++i) {
      if (z[i] != x[i] + y[i]) return i;
    }
    return n;
  }
  uint8_t* X() const { return reinterpret_cast<uint8_t*>(x); }
  uint8_t* Y() const { return reinterpret_cast<uint8_t*>(y); }
  uint8_t* Z() const { return reinterpret_cast<uint8_t*>(z); }
  uint32_t n;
  float* x;
  float* y;
  float* z;
};

TEST_F(KernelModeTest, DeclaredVectorKernelRunsAsVectorBlocksWithoutSetKernelMode) {
  constexpr uint32_t B = 8;
  AddBuffers b(B);
  ICPU_RUN_KF(add_declared, B, b.X(), b.Y(), b.Z());
  EXPECT_EQ(b.FirstWrong(), b.n);
  EXPECT_EQ(g_seen, Expected(B, 0, B));
}

TEST_F(KernelModeTest, UndeclaredVectorKernelRunsAsVectorBlocksWithoutSetKernelMode) {
  constexpr uint32_t B = 8;
  AddBuffers b(B);
  ICPU_RUN_KF(add_plain, B, b.X(), b.Y(), b.Z());
  EXPECT_EQ(b.FirstWrong(), b.n);
  EXPECT_EQ(g_seen, Expected(B, 0, B));
}

TEST_F(KernelModeTest, VectorKernelsWithoutSetKernelModeAreCleanUnderAllSanitizers) {
  constexpr uint32_t B = 6;
  for (int declared = 0; declared < 2; ++declared) {
    AddBuffers b(B);
    {
      aicore::ErrorRecorder rec(aicore::kSanitizeAll);
      if (declared != 0) {
        ICPU_RUN_KF(add_declared, B, b.X(), b.Y(), b.Z());
      } else {
        ICPU_RUN_KF(add_plain, B, b.X(), b.Y(), b.Z());
      }
      EXPECT_EQ(rec.size(), 0u) << "declared " << declared << ":\n" << rec.str();
    }
    EXPECT_EQ(b.FirstWrong(), b.n) << "declared " << declared;
  }
}

TEST_F(KernelModeTest, DeclaredMixKernelGetsCubeAndVectorBlocksWithoutSetKernelMode) {
  constexpr int32_t B = 3;
  ICPU_RUN_KF(mix_declared, B, nullptr);
  EXPECT_EQ(g_seen, Expected(B, B, 2 * B));
}

TEST_F(KernelModeTest, MixKernelGetsCubeAndVectorBlocksWithSetKernelModeMix) {
  constexpr int32_t B = 4;
  SetKernelMode(KernelMode::MIX_MODE);
  ICPU_RUN_KF(mix_plain, B, nullptr);
  EXPECT_EQ(g_seen, Expected(B, B, 2 * B));
  g_seen.clear();
  ICPU_RUN_KF(mix_declared, B, nullptr);
  EXPECT_EQ(g_seen, Expected(B, B, 2 * B));
}

TEST_F(KernelModeTest, SetKernelModeDecidesForAnUndeclaredKernel) {
  constexpr int32_t B = 2;
  SetKernelMode(KernelMode::AIC_MODE);
  ICPU_RUN_KF(mix_plain, B, nullptr);
  EXPECT_EQ(g_seen, Expected(B, B, 0));
  g_seen.clear();
  aicore::compat::ResetKernelMode();  // back to "not called": vector blocks
  ICPU_RUN_KF(mix_plain, B, nullptr);
  EXPECT_EQ(g_seen, Expected(B, 0, B));
}

TEST_F(KernelModeTest, DeclarationThatNoBlockReachesStillDecides) {
  constexpr int32_t B = 3;
  auto* flag = static_cast<uint8_t*>(GmAlloc(32));
  ICPU_RUN_KF(cube_declared_unreached, B, flag);
  GmFree(flag);
  EXPECT_EQ(g_seen, Expected(B, B, 0));
}

TEST_F(KernelModeTest, PerKeyDeclarationTakesPrecedence) {
  constexpr int32_t B = 2;
  aicore::ErrorRecorder rec;
  ICPU_RUN_KF(keyed_types, B, nullptr);  // key 0: the default, AIV_ONLY
  EXPECT_EQ(g_seen, Expected(B, 0, B));
  g_seen.clear();
  ICPU_SET_TILING_KEY(7);  // MIX_AIC_1_2: the default's check does not apply
  ICPU_RUN_KF(keyed_types, B, nullptr);
  EXPECT_EQ(g_seen, Expected(B, B, 2 * B));
  g_seen.clear();
  ICPU_SET_TILING_KEY(8);
  ICPU_RUN_KF(keyed_types, B, nullptr);
  EXPECT_EQ(g_seen, Expected(B, B, 0));
  EXPECT_EQ(rec.size(), 0u) << rec.str();
}

TEST_F(KernelModeTest, NamespacedTemplateKernelIsFoundByItsName) {
  constexpr int32_t B = 2;
  ICPU_RUN_KF(kn::cube_scaled<3>, B, nullptr);
  EXPECT_EQ(g_seen, Expected(B, B, 0));
}

TEST_F(KernelModeTest, KernelNamesNormalise) {
  using aicore::compat::KernelNameOfLocal;
  using aicore::compat::NormalizedKernelName;
  using aicore::compat::SameKernelName;
  const std::string tag = "AicoreTaskTypeTag";
  EXPECT_EQ(KernelNameOfLocal("add_custom::AicoreTaskTypeTag", tag), "add_custom");
  EXPECT_EQ(KernelNameOfLocal("ns::k2(unsigned char*)::AicoreTaskTypeTag", tag), "ns::k2");
  EXPECT_EQ(KernelNameOfLocal("void k3<2, true, float>(unsigned char*, int (*)(int))::AicoreTaskTypeTag", tag),
            "k3<2,true,float>");
  EXPECT_EQ(KernelNameOfLocal("F::operator()(int) const::AicoreTaskTypeTag", tag), "F::operator()");
  EXPECT_EQ(NormalizedKernelName("&::ns::k3< 2, true, float >"), "ns::k3<2,true,float>");
  EXPECT_EQ(NormalizedKernelName("(add_custom)"), "add_custom");
  EXPECT_EQ(NormalizedKernelName("(a)(b)"), "(a)(b)");
  EXPECT_TRUE(SameKernelName("ns::k2", "k2"));
  EXPECT_TRUE(SameKernelName("k2", "ns::k2"));
  EXPECT_FALSE(SameKernelName("ns::xk2", "k2"));
  EXPECT_FALSE(SameKernelName("", ""));
}

// Misuse that the NPU would never run: the explicit mode contradicts the
// declaration.
TEST_F(KernelModeTest, ExplicitCubeModeForAVectorOnlyKernelIsReported) {
  EXPECT_EXIT(
      {
        AddBuffers b(2);
        SetKernelMode(KernelMode::AIC_MODE);
        ICPU_RUN_KF(add_declared, 2, b.X(), b.Y(), b.Z());
      },
      ::testing::ExitedWithCode(1),
      "launch error in KERNEL_TASK_TYPE_DEFAULT .*kernel add_declared, block [01] of 2.*"
      "declared vector-only but this block runs on a cube core.*"
      "SetKernelMode\\(KernelMode::AIV_MODE\\)");
}

TEST_F(KernelModeTest, ExplicitMixModeForAVectorOnlyKernelIsReported) {
  EXPECT_EXIT(
      {
        AddBuffers b(2);
        SetKernelMode(KernelMode::MIX_MODE);
        ICPU_RUN_KF(add_declared, 2, b.X(), b.Y(), b.Z());
      },
      ::testing::ExitedWithCode(1),
      "kernel add_declared \\[AIC\\].*declared vector-only but this block runs on a cube core");
}

TEST_F(KernelModeTest, ExplicitVectorModeForACubeOnlyKernelIsReported) {
  EXPECT_EXIT(
      {
        SetKernelMode(KernelMode::AIV_MODE);
        ICPU_RUN_KF(kn::cube_scaled<3>, 2, nullptr);
      },
      ::testing::ExitedWithCode(1),
      "launch error in KERNEL_TASK_TYPE_DEFAULT .*kernel kn::cube_scaled<3>, block [01] of 2.*"
      "declared cube-only but this block runs on a vector core.*"
      "SetKernelMode\\(KernelMode::AIC_MODE\\)");
}

}  // namespace
