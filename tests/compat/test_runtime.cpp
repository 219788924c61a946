// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The CPU-debug host path: GmAlloc/GmFree and the GM registry, ICPU_RUN_KF
// (arguments, kernel modes and block numbering, tiling key, failure report
// and exit status), workspaces, tiling data on both sides, acl/acl.h,
// KERNEL_TASK_TYPE_DEFAULT. Death tests run in a re-executed child
// ("threadsafe" style) because the runtime has threads.
#include "kernel_operator.h"
#include "tikicpulib.h"
#include "acl/acl.h"
#include "acl/acl_rt.h"  // the vendor's runtime header name
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <ostream>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

using namespace AscendC;

// ---------------------------------------------------------------------------
// Tiling definitions (host and kernel side share them).

namespace optiling {
BEGIN_TILING_DATA_DEF(InnerTiling)
  TILING_DATA_FIELD_DEF(uint16_t, lo);
  TILING_DATA_FIELD_DEF(uint16_t, hi);
END_TILING_DATA_DEF;

BEGIN_TILING_DATA_DEF(DemoTiling)
  TILING_DATA_FIELD_DEF(uint32_t, totalLength);
  TILING_DATA_FIELD_DEF_ARR(int32_t, 3, splits);
  TILING_DATA_FIELD_DEF_STRUCT(InnerTiling, inner);
  TILING_DATA_FIELD_DEF(float, scale);
  TILING_DATA_FIELD_DEF(uint8_t, flag);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(DemoOp, DemoTiling);
}  // namespace optiling

BEGIN_TILING_DATA_DEF(OtherTiling)
  TILING_DATA_FIELD_DEF(uint64_t, big);
END_TILING_DATA_DEF;

// The field order of ops-math's ConcatDV2TilingData: a 4-byte field, then
// 8-byte ones (the vendor pads elePercore to byte 8).
BEGIN_TILING_DATA_DEF(UnalignedTiling)
  TILING_DATA_FIELD_DEF(uint32_t, elePerLoop);
  TILING_DATA_FIELD_DEF(int64_t, elePercore);
  TILING_DATA_FIELD_DEF(uint8_t, flag);
  TILING_DATA_FIELD_DEF_ARR(int64_t, 2, offsets);
  TILING_DATA_FIELD_DEF(uint16_t, tail);
END_TILING_DATA_DEF;

namespace {

class CompatTest : public ::testing::Test {
 protected:
  void SetUp() override {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    SetKernelMode(KernelMode::AIV_MODE);
    ICPU_SET_TILING_KEY(0);
  }
  void TearDown() override {
    aicore::compat::ResetKernelMode();  // as if SetKernelMode was never called
    ICPU_SET_TILING_KEY(0);
    aicore::SetNumThreads(0);
  }
};

// ---------------------------------------------------------------------------
// GM registry.

TEST_F(CompatTest, GmAllocIsZeroedAlignedAndRegistered) {
  for (size_t bytes : {size_t{1}, size_t{31}, size_t{4096}, size_t{3} << 20}) {
    auto* p = static_cast<uint8_t*>(GmAlloc(bytes));
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 4096, 0u);
    for (size_t i = 0; i < bytes; i += 997) EXPECT_EQ(p[i], 0);
    aicore::GmBlock blk;
    ASSERT_TRUE(aicore::GmFind(p + bytes - 1, &blk));
    EXPECT_EQ(blk.base, p);
    EXPECT_EQ(blk.size, bytes);
    EXPECT_TRUE(aicore::GmFind(p));
    EXPECT_FALSE(aicore::GmFind(p + bytes));  // one past the end
    GmFree(p);
    EXPECT_FALSE(aicore::GmFind(p));
  }
}

TEST_F(CompatTest, GmFreeErrorsThrowInTheCoreApi) {
  auto* p = static_cast<uint8_t*>(aicore::GmAlloc(256));
  try {
    aicore::GmFree(p + 64);
    ADD_FAILURE() << "GmFree of an interior pointer was accepted";
  } catch (const aicore::KernelError& e) {
    EXPECT_EQ(e.kind(), aicore::ErrorKind::kParameter);
    EXPECT_EQ(e.api(), "GmFree");
    EXPECT_NE(std::string(e.what()).find("points 64 bytes into the 256-byte GmAlloc block"),
              std::string::npos)
        << e.what();
  }
  EXPECT_TRUE(aicore::GmFind(p)) << "a rejected GmFree must release nothing";
  aicore::GmFree(p);
  try {
    aicore::GmFree(p);
    ADD_FAILURE() << "double GmFree was accepted";
  } catch (const aicore::KernelError& e) {
    EXPECT_NE(std::string(e.what()).find("double free"), std::string::npos) << e.what();
  }
  int local = 0;
  EXPECT_THROW(aicore::GmFree(&local), aicore::KernelError);
  aicore::GmFree(nullptr);  // allowed, as free(nullptr)
}

TEST_F(CompatTest, GmFreeTwiceEndsTheProcess) {
  EXPECT_EXIT(
      {
        void* p = GmAlloc(64);
        GmFree(p);
        GmFree(p);
      },
      ::testing::ExitedWithCode(1), "parameter error in GmFree at .*test_runtime.cpp:[0-9]+.*double free");
}

TEST_F(CompatTest, GmFreeOfForeignPointerEndsTheProcess) {
  EXPECT_EXIT(
      {
        static int x;
        GmFree(&x);
      },
      ::testing::ExitedWithCode(1), "was not allocated by GmAlloc");
}

// ---------------------------------------------------------------------------
// ICPU_RUN_KF.

// Under the sanitizer a failing ICPU_RUN_KF prints its report once (when it is
// raised) and exits; the exit summary then counts that one error and does not
// list the host's GmAlloc blocks as leaks (the host never got to free them).
extern "C" __global__ __aicore__ void adds_unwritten(GM_ADDR) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 256);
  LocalTensor<float> t = buf.Get<float>();
  Adds(t, t, 1.0f, 64);  // reads UB never written: an initcheck report
}

TEST_F(CompatTest, SanitizedFailurePrintsOnceAndListsNoLeak) {
  EXPECT_EXIT(
      {
        aicore::SetSanitize(aicore::kMemcheck | aicore::kInitcheck);
        std::atexit(&aicore::detail::SanitizeAtExit);  // as AICORE_SANITIZE from the environment
        auto* y = static_cast<uint8_t*>(GmAlloc(256));
        ICPU_RUN_KF(adds_unwritten, 1, y);
        GmFree(y);
      },
      ::testing::ExitedWithCode(1),
      "^aicore: uninitialized read error in Adds[^\n]*\naicore sanitizer: 1 error reported\n$");
}

extern "C" __global__ __aicore__ void fill_block_ids(GM_ADDR out) {
  GlobalTensor<int32_t> g;
  g.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(out), 4096);
  g.SetValue(GetBlockIdx(), static_cast<int32_t>(GetBlockIdx() * 10 + GetBlockNum()));
}

TEST_F(CompatTest, RunsEveryBlockOnce) {
  for (uint32_t threads : {1u, 2u, 3u}) {
    aicore::SetNumThreads(threads);
    for (uint32_t blockDim : {1u, 2u, 7u, 48u}) {
      auto* out = static_cast<int32_t*>(GmAlloc(4096 * sizeof(int32_t)));
      ICPU_RUN_KF(fill_block_ids, blockDim, reinterpret_cast<uint8_t*>(out));
      for (uint32_t b = 0; b < blockDim; ++b) EXPECT_EQ(out[b], static_cast<int32_t>(b * 10 + blockDim));
      EXPECT_EQ(out[blockDim], 0);
      GmFree(out);
    }
  }
}

#define PARAM(i) GM_ADDR a##i
#define PARAMS8(b) PARAM(b##0), PARAM(b##1), PARAM(b##2), PARAM(b##3), PARAM(b##4), PARAM(b##5), PARAM(b##6), PARAM(b##7)
extern "C" __global__ __aicore__ void thirty_two(PARAMS8(0), PARAMS8(1), PARAMS8(2), PARAMS8(3)) {
  GM_ADDR all[32] = {a00, a01, a02, a03, a04, a05, a06, a07, a10, a11, a12, a13, a14, a15, a16, a17,
                     a20, a21, a22, a23, a24, a25, a26, a27, a30, a31, a32, a33, a34, a35, a36, a37};
  for (int i = 0; i < 32; ++i) all[i][GetBlockIdx()] = static_cast<uint8_t>(i + 1);
}
#undef PARAMS8
#undef PARAM

TEST_F(CompatTest, PassesThirtyTwoArguments) {
  std::vector<uint8_t*> p(32);
  for (auto& q : p) q = static_cast<uint8_t*>(GmAlloc(64));
  ICPU_RUN_KF(thirty_two, 4, p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10], p[11],
              p[12], p[13], p[14], p[15], p[16], p[17], p[18], p[19], p[20], p[21], p[22], p[23], p[24],
              p[25], p[26], p[27], p[28], p[29], p[30], p[31]);
  for (int i = 0; i < 32; ++i) {
    for (int b = 0; b < 4; ++b) EXPECT_EQ(p[i][b], i + 1) << "argument " << i << " block " << b;
    EXPECT_EQ(p[i][4], 0);
    GmFree(p[i]);
  }
}

struct ByValue {
  uint32_t n;
  float scale;
};

extern "C" __global__ __aicore__ void scale_by_value(GM_ADDR x, ByValue t, GM_ADDR unused) {
  (void)unused;
  GlobalTensor<float> g;
  g.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x), t.n);
  for (uint32_t i = GetBlockIdx(); i < t.n; i += GetBlockNum()) g.SetValue(i, g.GetValue(i) * t.scale);
}

TEST_F(CompatTest, PassesStructsByValueAndNullPointers) {
  auto* x = static_cast<float*>(GmAlloc(100 * sizeof(float)));
  for (int i = 0; i < 100; ++i) x[i] = static_cast<float>(i);
  ICPU_RUN_KF(scale_by_value, 3, reinterpret_cast<uint8_t*>(x), ByValue{100, 2.0f}, nullptr);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(x[i], 2.0f * i);
  GmFree(x);
}

TEST_F(CompatTest, InteriorGmPointersAreAccepted) {
  auto* out = static_cast<int32_t*>(GmAlloc(8192 * sizeof(int32_t)));
  ICPU_RUN_KF(fill_block_ids, 2, reinterpret_cast<uint8_t*>(out + 4096));
  EXPECT_EQ(out[4096], 2);
  EXPECT_EQ(out[4097], 12);
  GmFree(out);
}

TEST_F(CompatTest, HostPointerArgumentEndsTheProcess) {
  EXPECT_EXIT(
      {
        std::vector<int32_t> host(4096);
        ICPU_RUN_KF(fill_block_ids, 2, reinterpret_cast<uint8_t*>(host.data()));
      },
      ::testing::ExitedWithCode(1),
      "launch error in ICPU_RUN_KF at .*test_runtime.cpp:[0-9]+ \\(kernel fill_block_ids\\): kernel "
      "argument 1 of 1 \\(0x[0-9a-f]+\\) is not GM: it is not memory from GmAlloc");
}

TEST_F(CompatTest, FreedPointerArgumentEndsTheProcess) {
  EXPECT_EXIT(
      {
        void* p = GmAlloc(4096 * sizeof(int32_t));
        GmFree(p);
        ICPU_RUN_KF(fill_block_ids, 2, static_cast<uint8_t*>(p));
      },
      ::testing::ExitedWithCode(1), "it was released by GmFree");
}

constexpr int kBadLine = __LINE__ + 8;
extern "C" __global__ __aicore__ void unaligned_copy(GM_ADDR x) {
  TPipe pipe;
  TQue<TPosition::VECIN, 1> q;
  pipe.InitBuffer(q, 1, 256);
  GlobalTensor<half> g;
  g.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(x), 128);
  LocalTensor<half> t = q.AllocTensor<half>();
  DataCopy(t, g, GetBlockIdx() == 2 ? 10 : 16);
  q.FreeTensor(t);
}

TEST_F(CompatTest, FailingBlockPrintsTheReportAndExitsNonZero) {
  const std::string want = "aicore: alignment error in DataCopy at .*test_runtime.cpp:" +
                           std::to_string(kBadLine) +
                           " \\(kernel unaligned_copy, block 2 of 4\\): 10 half elements = 20 bytes";
  EXPECT_EXIT(
      {
        uint8_t* x = static_cast<uint8_t*>(GmAlloc(256));
        ICPU_RUN_KF(unaligned_copy, 4, x);
      },
      ::testing::ExitedWithCode(1), want);
}

TEST_F(CompatTest, CleanKernelRunsSilently) {
  uint8_t* x = static_cast<uint8_t*>(GmAlloc(256));
  ::testing::internal::CaptureStderr();
  ICPU_RUN_KF(fill_block_ids, 4, x);
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
  GmFree(x);
}

// ---------------------------------------------------------------------------
// Kernel modes and block numbering.

struct Seen {
  int32_t type, idx, num, sub, subNum, ration;
  auto Tie() const { return std::tie(type, idx, num, sub, subNum, ration); }
  bool operator<(const Seen& o) const { return Tie() < o.Tie(); }
  bool operator==(const Seen& o) const { return Tie() == o.Tie(); }
  friend std::ostream& operator<<(std::ostream& os, const Seen& s) {
    return os << "{" << (s.type == AIC ? "AIC" : "AIV") << " idx " << s.idx << " num " << s.num << " sub " << s.sub
              << "/" << s.subNum << " ration " << s.ration << "}";
  }
};
std::mutex g_seen_mu;
std::multiset<Seen> g_seen;

extern "C" __global__ __aicore__ void record_identity(GM_ADDR) {
  const Seen s{g_coreType, static_cast<int32_t>(GetBlockIdx()), static_cast<int32_t>(GetBlockNum()),
               static_cast<int32_t>(GetSubBlockIdx()), static_cast<int32_t>(GetSubBlockNum()),
               static_cast<int32_t>(GetTaskRation())};
  std::lock_guard<std::mutex> lock(g_seen_mu);
  g_seen.insert(s);
}

std::multiset<Seen> RunIdentity(KernelMode mode, uint32_t blockDim) {
  g_seen.clear();
  SetKernelMode(mode);
  ICPU_RUN_KF(record_identity, blockDim, nullptr);
  return g_seen;
}

TEST_F(CompatTest, BlockNumberingFollowsTheKernelMode) {
  constexpr int32_t B = 5;
  std::multiset<Seen> aiv, aic, mix;
  for (int32_t i = 0; i < B; ++i) {
    aiv.insert({AIV, i, B, 0, 1, 1});
    aic.insert({AIC, i, B, 0, 1, 1});
    mix.insert({AIC, i, B, 0, 1, 1});
  }
  for (int32_t i = 0; i < 2 * B; ++i) mix.insert({AIV, i, B, i % 2, 2, 2});
  EXPECT_EQ(RunIdentity(KernelMode::AIV_MODE, B), aiv);
  EXPECT_EQ(RunIdentity(KernelMode::AIC_MODE, B), aic);
  EXPECT_EQ(RunIdentity(KernelMode::MIX_MODE, B), mix);
}

extern "C" __global__ __aicore__ void vector_only(GM_ADDR) { KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY); }

TEST_F(CompatTest, VectorOnlyKernelInMixModeIsReported) {
  ICPU_RUN_KF(vector_only, 4, nullptr);  // AIV_MODE: fine
  EXPECT_EXIT(
      {
        SetKernelMode(KernelMode::MIX_MODE);
        ICPU_RUN_KF(vector_only, 4, nullptr);
      },
      ::testing::ExitedWithCode(1),
      "launch error in KERNEL_TASK_TYPE_DEFAULT .*kernel vector_only \\[AIC\\], block [0-3] of 4.*"
      "SetKernelMode\\(KernelMode::AIV_MODE\\)");
}

// ---------------------------------------------------------------------------
// Tiling key and workspaces.

extern "C" __global__ __aicore__ void key_kernel(GM_ADDR out) {
  int32_t v = -1;
  if (TILING_KEY_IS(1)) {
    v = 100;
  } else if (TILING_KEY_IS(2)) {
    v = 200;
  } else if (TILING_KEY_IS(1ULL << 40)) {
    v = 300;
  }
  reinterpret_cast<int32_t*>(out)[GetBlockIdx()] = v;
}

TEST_F(CompatTest, TilingKeySelectsTheCodePath) {
  auto* out = static_cast<int32_t*>(GmAlloc(64));
  const std::pair<uint64_t, int32_t> cases[] = {{1, 100}, {2, 200}, {1ULL << 40, 300}, {7, -1}, {0, -1}};
  for (auto [key, want] : cases) {
    ICPU_SET_TILING_KEY(key);
    ICPU_RUN_KF(key_kernel, 2, reinterpret_cast<uint8_t*>(out));
    EXPECT_EQ(out[0], want) << "key " << key;
    EXPECT_EQ(out[1], want) << "key " << key;
  }
  // aicore::Launch has tiling key 0.
  aicore::LaunchNamed("key_kernel", key_kernel, 1, reinterpret_cast<uint8_t*>(out));
  EXPECT_EQ(out[0], -1);
  GmFree(out);
}

extern "C" __global__ __aicore__ void workspace_kernel(GM_ADDR ws, GM_ADDR out) {
  auto* o = reinterpret_cast<uint64_t*>(out) + 3 * GetBlockIdx();
  o[0] = GetSysWorkSpacePtr() == nullptr ? 1 : 0;  // unset at block start
  SetSysWorkspace(ws);
  o[1] = static_cast<uint64_t>(GetSysWorkSpacePtr() - ws);
  o[2] = static_cast<uint64_t>(GetUserWorkspace(ws) - ws);
}

TEST_F(CompatTest, Workspaces) {
  uint8_t* ws = static_cast<uint8_t*>(GmAlloc((16u << 20) + 1024));
  auto* out = static_cast<uint64_t*>(GmAlloc(3 * 4 * sizeof(uint64_t)));
  for (int rep = 0; rep < 2; ++rep) {
    ICPU_RUN_KF(workspace_kernel, 4, ws, reinterpret_cast<uint8_t*>(out));
    for (int b = 0; b < 4; ++b) {
      EXPECT_EQ(out[3 * b], 1u);
      EXPECT_EQ(out[3 * b + 1], 0u);
      EXPECT_EQ(out[3 * b + 2], 16u << 20);
    }
  }
  EXPECT_EQ(GetUserWorkspace(nullptr), nullptr);
  GmFree(out);
  GmFree(ws);
}

// ---------------------------------------------------------------------------
// Tiling data.

TEST_F(CompatTest, UnalignedTilingFieldsArePaddedAsTheVendorDoes) {
  static_assert(std::is_trivially_copyable_v<UnalignedTiling>);
  static_assert(std::is_standard_layout_v<UnalignedTiling>);
  static_assert(offsetof(UnalignedTiling, elePercore) == 8);
  static_assert(offsetof(UnalignedTiling, flag) == 16);
  static_assert(offsetof(UnalignedTiling, offsets) == 24);
  static_assert(offsetof(UnalignedTiling, tail) == 40);
  static_assert(sizeof(UnalignedTiling) == 42, "no padding after the last field");

  UnalignedTiling t;
  t.set_elePerLoop(0x01020304u);
  t.set_elePercore(-5);
  t.set_flag(9);
  const int64_t offsets[2] = {int64_t{1} << 40, -7};
  t.set_offsets(offsets);
  t.set_tail(65000);
  EXPECT_EQ(t.GetDataSize(), 42u);
  auto* gm = static_cast<uint8_t*>(GmAlloc(t.GetDataSize()));
  t.SaveToBuffer(gm, t.GetDataSize());
  int64_t core;
  std::memcpy(&core, gm + 8, 8);
  EXPECT_EQ(core, -5);
  // The kernel side reads the same layout.
  GET_TILING_DATA_WITH_STRUCT(UnalignedTiling, k, gm);
  EXPECT_EQ(k.elePerLoop, 0x01020304u);
  EXPECT_EQ(k.elePercore, -5);
  EXPECT_EQ(k.flag, 9);
  EXPECT_EQ(k.offsets[0], int64_t{1} << 40);
  EXPECT_EQ(k.offsets[1], -7);
  EXPECT_EQ(k.tail, 65000);
  GmFree(gm);
}

TEST_F(CompatTest, TilingClassLayoutAndAccessors) {
  static_assert(std::is_trivially_copyable_v<optiling::DemoTiling>);
  static_assert(std::is_standard_layout_v<optiling::DemoTiling>);
  static_assert(sizeof(optiling::DemoTiling) == 4 + 12 + 4 + 4 + 1, "packed, fields in order, no tail");
  static_assert(offsetof(optiling::DemoTiling, splits) == 4);
  static_assert(offsetof(optiling::DemoTiling, inner) == 16);
  static_assert(offsetof(optiling::DemoTiling, scale) == 20);
  static_assert(offsetof(optiling::DemoTiling, flag) == 24);

  optiling::DemoTiling t;
  EXPECT_EQ(t.get_totalLength(), 0u);  // zero-initialised
  EXPECT_EQ(t.GetDataSize(), sizeof(t));
  t.set_totalLength(123456);
  t.set_flag(7);
  const int32_t splits[3] = {-1, 2, 1 << 30};
  t.set_splits(splits);
  optiling::InnerTiling in;
  in.set_lo(3);
  in.set_hi(65535);
  t.set_inner(in);
  t.set_scale(0.25f);
  EXPECT_EQ(t.get_totalLength(), 123456u);
  EXPECT_EQ(t.get_flag(), 7);
  EXPECT_EQ(t.get_splits()[2], 1 << 30);
  EXPECT_EQ(t.get_inner().get_hi(), 65535);
  EXPECT_EQ(t.get_scale(), 0.25f);

  // SaveToBuffer writes exactly the packed bytes.
  std::vector<uint8_t> buf(64, 0xAA);
  t.SaveToBuffer(buf.data(), buf.size());
  uint32_t total;
  std::memcpy(&total, buf.data(), 4);
  EXPECT_EQ(total, 123456u);
  int32_t s2;
  std::memcpy(&s2, buf.data() + 4 + 8, 4);
  EXPECT_EQ(s2, 1 << 30);
  uint16_t hi;
  std::memcpy(&hi, buf.data() + 18, 2);
  EXPECT_EQ(hi, 65535);
  float scale;
  std::memcpy(&scale, buf.data() + 20, 4);
  EXPECT_EQ(scale, 0.25f);
  EXPECT_EQ(buf[24], 7);
  EXPECT_EQ(buf[25], 0xAA);  // nothing past the struct

  try {
    t.SaveToBuffer(buf.data(), 24);
    ADD_FAILURE() << "SaveToBuffer into a too-small buffer was accepted";
  } catch (const aicore::KernelError& e) {
    EXPECT_NE(std::string(e.what()).find("tiling data DemoTiling needs 25 bytes, the buffer holds 24"),
              std::string::npos)
        << e.what();
  }
}

// GET_TILING_DATA without REGISTER_TILING_DEFAULT: the class registered in optiling.
extern "C" __global__ __aicore__ void tiling_default(GM_ADDR tiling, GM_ADDR out) {
  GET_TILING_DATA(t, tiling);
  static_assert(std::is_same_v<decltype(t), optiling::DemoTiling>);
  auto* o = reinterpret_cast<float*>(out);
  o[0] = static_cast<float>(t.totalLength);
  o[1] = static_cast<float>(t.splits[0]);
  o[2] = static_cast<float>(t.inner.hi);
  o[3] = t.scale;
}

// REGISTER_TILING_DEFAULT in the kernel overrides it; the explicit forms.
extern "C" __global__ __aicore__ void tiling_forms(GM_ADDR demo, GM_ADDR other, GM_ADDR out) {
  REGISTER_TILING_DEFAULT(OtherTiling);
  GET_TILING_DATA(o1, other);
  static_assert(std::is_same_v<decltype(o1), OtherTiling>);
  GET_TILING_DATA_WITH_STRUCT(optiling::DemoTiling, d, demo);
  GET_TILING_DATA_PTR_WITH_STRUCT(optiling::DemoTiling, dp, demo);
  GET_TILING_DATA_MEMBER(optiling::DemoTiling, splits, sp, demo);
  auto* o = reinterpret_cast<uint64_t*>(out);
  o[0] = o1.big;
  o[1] = d.flag;
  o[2] = dp->totalLength;
  o[3] = static_cast<uint64_t>(sp[1]);
}

TEST_F(CompatTest, KernelSideTilingMacros) {
  optiling::DemoTiling t;
  t.set_totalLength(4096);
  const int32_t splits[3] = {-5, 6, 7};
  t.set_splits(splits);
  optiling::InnerTiling in;
  in.set_hi(9);
  t.set_inner(in);
  t.set_scale(1.5f);
  t.set_flag(3);
  auto* demo = static_cast<uint8_t*>(GmAlloc(t.GetDataSize()));
  t.SaveToBuffer(demo, t.GetDataSize());
  OtherTiling other;
  other.set_big(1ULL << 50);
  auto* otherGm = static_cast<uint8_t*>(GmAlloc(other.GetDataSize()));
  other.SaveToBuffer(otherGm, other.GetDataSize());
  auto* out = static_cast<uint64_t*>(GmAlloc(64));

  ICPU_RUN_KF(tiling_default, 1, demo, reinterpret_cast<uint8_t*>(out));
  const auto* f = reinterpret_cast<const float*>(out);
  EXPECT_EQ(f[0], 4096.0f);
  EXPECT_EQ(f[1], -5.0f);
  EXPECT_EQ(f[2], 9.0f);
  EXPECT_EQ(f[3], 1.5f);

  ICPU_RUN_KF(tiling_forms, 1, demo, otherGm, reinterpret_cast<uint8_t*>(out));
  EXPECT_EQ(out[0], 1ULL << 50);
  EXPECT_EQ(out[1], 3u);
  EXPECT_EQ(out[2], 4096u);
  EXPECT_EQ(out[3], 6u);
  GmFree(out);
  GmFree(otherGm);
  GmFree(demo);
}

TEST_F(CompatTest, TilingPointerIsChecked) {
  // A GmAlloc block smaller than the struct.
  EXPECT_EXIT(
      {
        auto* small = static_cast<uint8_t*>(GmAlloc(8));
        auto* out = static_cast<uint8_t*>(GmAlloc(64));
        ICPU_RUN_KF(tiling_default, 1, small, out);
      },
      ::testing::ExitedWithCode(1),
      "out of bounds error in GET_TILING_DATA at .*test_runtime.cpp:[0-9]+ \\(kernel tiling_default, "
      "block 0 of 1\\): the 25-byte tiling struct at byte 0 of a 8-byte GmAlloc block ends 17 bytes past it");
  EXPECT_EXIT(
      {
        auto* out = static_cast<uint8_t*>(GmAlloc(64));
        ICPU_RUN_KF(tiling_default, 1, nullptr, out);
      },
      ::testing::ExitedWithCode(1), "parameter error in GET_TILING_DATA .*the tiling pointer is null");
}

// ---------------------------------------------------------------------------
// acl/acl.h and the platform header.

TEST_F(CompatTest, AclHostFunctions) {
  EXPECT_EQ(aclInit(nullptr), ACL_SUCCESS);
  EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  aclrtStream s1 = nullptr, s2 = nullptr;
  ASSERT_EQ(aclrtCreateStream(&s1), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateStream(&s2), ACL_SUCCESS);
  EXPECT_NE(s1, nullptr);
  EXPECT_NE(s1, s2);
  void* host = nullptr;
  ASSERT_EQ(aclrtMallocHost(&host, 1000), ACL_SUCCESS);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(host) % 64, 0u);
  void* dev = nullptr;
  ASSERT_EQ(aclrtMalloc(&dev, 1000, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_TRUE(aicore::GmFind(dev)) << "device memory is GM: it can be a kernel argument";
  std::memset(host, 0x5A, 1000);
  EXPECT_EQ(aclrtMemcpy(dev, 1000, host, 1000, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  EXPECT_EQ(static_cast<uint8_t*>(dev)[999], 0x5A);
  EXPECT_EQ(aclrtMemcpy(dev, 999, host, 1000, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(std::string(aclGetRecentErrMsg()), "");
  EXPECT_EQ(aclrtMemcpy(nullptr, 10, host, 10, ACL_MEMCPY_DEVICE_TO_HOST), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtMemset(dev, 1000, 0, 1000), ACL_SUCCESS);
  EXPECT_EQ(static_cast<uint8_t*>(dev)[500], 0);
  EXPECT_EQ(aclrtSynchronizeStream(s1), ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(dev), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(dev), ACL_ERROR_INVALID_PARAM);  // freed twice
  EXPECT_EQ(aclrtFreeHost(host), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(s1), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(s2), ACL_SUCCESS);
  EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

TEST_F(CompatTest, AclFloat16RoundsToNearestEven) {
  EXPECT_EQ(aclFloatToFloat16(1.0f), 0x3C00);
  EXPECT_EQ(aclFloat16ToFloat(0x3C00), 1.0f);
  EXPECT_EQ(aclFloatToFloat16(65504.0f), 0x7BFF);
  EXPECT_EQ(aclFloatToFloat16(65520.0f), 0x7C00);                 // rounds to inf
  EXPECT_EQ(aclFloatToFloat16(1.0f + 1.0f / 2048), 0x3C00);       // tie to even
  EXPECT_EQ(aclFloatToFloat16(1.0f + 3.0f / 2048), 0x3C02);       // tie to even (up)
  std::mt19937 rng(7);
  for (int i = 0; i < 10000; ++i) {
    const auto bits = static_cast<aclFloat16>(rng() & 0xFFFF);
    const float f = aclFloat16ToFloat(bits);
    if (f != f) continue;  // NaN
    EXPECT_EQ(aclFloatToFloat16(f), bits);
  }
}

TEST_F(CompatTest, PlatformFollowsTheSocProfile) {
  auto* p = platform_ascendc::PlatformAscendCManager::GetInstance();
  uint64_t ub = 0;
  p->GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);
  EXPECT_EQ(ub, aicore::GetSocProfile().bytes[0]);
  EXPECT_EQ(p->GetCoreNumAiv(), aicore::GetSocProfile().aiv_cores);
  EXPECT_EQ(p->GetSocVersion(), platform_ascendc::SocVersion::ASCEND910B);
}

}  // namespace
