// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// SyncAll (hardware and software forms) and cross-core flags: ordering across
// blocks for many blockDims and pool sizes (cooperative launches give every
// block a thread), abort when a block fails, hangs reported instead of
// hanging, parameter checks.
#include "kernel_operator.h"
#include "tikicpulib.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

using namespace AscendC;

namespace {

class SyncTest : public ::testing::Test {
 protected:
  void TearDown() override {
    aicore::SetNumThreads(0);
    aicore::compat::ResetKernelMode();  // as if SetKernelMode was never called
  }
};

template <class F>
std::optional<aicore::KernelError> Failing(F&& launch) {
  try {
    launch();
  } catch (const aicore::KernelError& e) {
    return e;
  }
  ADD_FAILURE() << "the launch raised no error";
  return std::nullopt;
}

// Every block writes slot[b] = round * 1000 + b, waits, then checks every
// slot of the round and writes how many were right; kRounds rounds reuse the
// barrier (two buffers, so a slow reader never sees the next round's value).
constexpr int kRounds = 5;

void PhaseKernel(int32_t* slots, int32_t* ok, int mode, int32_t* ws) {
  const int64_t b = GetBlockIdx(), n = GetBlockNum();
  int32_t good = 0;
  TPipe pipe;
  TBuf<> ub;
  pipe.InitBuffer(ub, 32 * 8 * 128);
  GlobalTensor<int32_t> wsGm;
  wsGm.SetGlobalBuffer(ws, 8 * 128);
  for (int r = 0; r < kRounds; ++r) {
    int32_t* buf = slots + (r % 2) * n;
    buf[b] = r * 1000 + static_cast<int32_t>(b);
    if (mode == 0) {
      SyncAll();
    } else {
      SyncAll(wsGm, ub.Get<int32_t>(), 0);
    }
    for (int64_t i = 0; i < n; ++i) good += buf[i] == r * 1000 + i;
    if (mode == 0) {
      SyncAll();
    } else {
      SyncAll(wsGm, ub.Get<int32_t>(), static_cast<int32_t>(n));
    }
  }
  ok[b] = good;
}

void CheckPhases(const std::vector<int32_t>& ok, uint32_t blockDim) {
  for (uint32_t b = 0; b < blockDim; ++b) {
    EXPECT_EQ(ok[b], kRounds * static_cast<int32_t>(blockDim)) << "block " << b << " of " << blockDim;
  }
}

TEST_F(SyncTest, SyncAllOrdersPhasesForAnyBlockDim) {
  for (uint32_t threads : {1u, 2u, 5u}) {
    aicore::SetNumThreads(threads);
    for (int mode : {0, 1}) {
      for (uint32_t blockDim : {1u, 2u, 3u, 8u, 48u}) {
        std::vector<int32_t> slots(2 * blockDim, -1), ok(blockDim, -1), ws(8 * 128);
        aicore::LaunchCooperative("phases", PhaseKernel, blockDim, slots.data(), ok.data(), mode, ws.data());
        CheckPhases(ok, blockDim);
        if (blockDim <= threads) {  // aicore::Launch is cooperative here too
          std::fill(ok.begin(), ok.end(), -1);
          aicore::Launch(PhaseKernel, blockDim, slots.data(), ok.data(), mode, ws.data());
          CheckPhases(ok, blockDim);
        }
      }
    }
  }
}

extern "C" __global__ __aicore__ void phases_kernel(GM_ADDR slots, GM_ADDR ok, GM_ADDR ws) {
  PhaseKernel(reinterpret_cast<int32_t*>(slots), reinterpret_cast<int32_t*>(ok), 0,
              reinterpret_cast<int32_t*>(ws));
}

TEST_F(SyncTest, IcpuRunKfIsCooperative) {
  aicore::SetNumThreads(2);
  SetKernelMode(KernelMode::AIV_MODE);
  constexpr uint32_t kBlocks = 40;
  auto* slots = static_cast<int32_t*>(GmAlloc(2 * kBlocks * 4));
  auto* ok = static_cast<int32_t*>(GmAlloc(kBlocks * 4));
  auto* ws = static_cast<int32_t*>(GmAlloc(8 * 128 * 4));
  ICPU_RUN_KF(phases_kernel, kBlocks, reinterpret_cast<uint8_t*>(slots), reinterpret_cast<uint8_t*>(ok),
              reinterpret_cast<uint8_t*>(ws));
  for (uint32_t b = 0; b < kBlocks; ++b) EXPECT_EQ(ok[b], kRounds * static_cast<int32_t>(kBlocks));
  GmFree(ws);
  GmFree(ok);
  GmFree(slots);
}

TEST_F(SyncTest, NonCooperativeLaunchRefusesSyncAll) {
  aicore::SetNumThreads(2);
  std::vector<int32_t> slots(10), ok(5), ws(8 * 128);
  auto e = Failing([&] { aicore::LaunchNamed("phases", PhaseKernel, 5, slots.data(), ok.data(), 0, ws.data()); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kSync);
  EXPECT_EQ(e->api(), "SyncAll");
  EXPECT_NE(std::string(e->what()).find("runs 5 blocks on 2 threads"), std::string::npos) << e->what();
}

TEST_F(SyncTest, CooperativeLaunchesHoldAtMost1024Blocks) {
  aicore::SetNumThreads(2);
  std::vector<int32_t> slots(2 * 1100), ok(1100), ws(8 * 128);
  auto e = Failing([&] { aicore::LaunchCooperative("big", PhaseKernel, 1100, slots.data(), ok.data(), 0, ws.data()); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->api(), "SyncAll");
  EXPECT_NE(std::string(e->what()).find("runs 1100 blocks on 2 threads"), std::string::npos) << e->what();
  EXPECT_NE(std::string(e->what()).find("for up to 1024 blocks"), std::string::npos) << e->what();
}

// Block 3 fails while the others wait in SyncAll: the launch reports block
// 3's error and does not hang.
void FailBeforeSync(int32_t* x) {
  if (GetBlockIdx() == 3) {
    GlobalTensor<int32_t> g;
    g.SetGlobalBuffer(x, 4);
    g.SetValue(4, 1);  // out of bounds
  }
  SyncAll();
  SyncAll();
}

TEST_F(SyncTest, FailingBlockReleasesTheWaiters) {
  std::vector<int32_t> x(8);
  for (uint32_t blockDim : {4u, 8u, 30u}) {
    auto e = Failing([&] { aicore::LaunchCooperative("fail_before_sync", FailBeforeSync, blockDim, x.data()); });
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind(), aicore::ErrorKind::kBounds);
    EXPECT_EQ(e->block(), 3);
  }
  // The pools are clean for the next launch.
  std::vector<int32_t> slots(16), ok(8), ws(8 * 128);
  aicore::LaunchCooperative("phases", PhaseKernel, 8, slots.data(), ok.data(), 0, ws.data());
  CheckPhases(ok, 8);
}

// Block 1 returns without reaching the second SyncAll: on the NPU the
// others hang; here the launch fails with a report.
void ReturnEarly(int32_t line_holder) {
  (void)line_holder;
  SyncAll();
  if (GetBlockIdx() == 1) return;
  SyncAll();
}

TEST_F(SyncTest, BlockReturningWithoutSyncAllIsAHangReport) {
  for (uint32_t blockDim : {2u, 8u}) {
    auto e = Failing([&] { aicore::LaunchCooperative("return_early", ReturnEarly, blockDim, 0); });
    ASSERT_TRUE(e);
    const std::string what = e->what();
    EXPECT_EQ(e->kind(), aicore::ErrorKind::kSync) << what;
    EXPECT_EQ(e->api(), "SyncAll");
    EXPECT_NE(what.find("the launch can never finish (the NPU would hang here): " +
                        std::to_string(blockDim - 1) + " of " + std::to_string(blockDim) +
                        " blocks wait and the other 1 have returned"),
              std::string::npos)
        << what;
    EXPECT_NE(what.find("waits in SyncAll at"), std::string::npos) << what;
  }
}

void MismatchedUsedCores(int32_t* ws) {
  TPipe pipe;
  TBuf<> ub;
  pipe.InitBuffer(ub, 1024);
  GlobalTensor<int32_t> g;
  g.SetGlobalBuffer(ws, 256);
  SyncAll(g, ub.Get<int32_t>(), GetBlockIdx() == 0 ? 4 : 3);
}

void SmallWorkspace(int32_t* ws) {
  TPipe pipe;
  TBuf<> ub;
  pipe.InitBuffer(ub, 1024);
  GlobalTensor<int32_t> g;
  g.SetGlobalBuffer(ws, 8 * 3);  // 3 cores' worth, 4 take part
  SyncAll(g, ub.Get<int32_t>(), 4);
}

TEST_F(SyncTest, SoftwareSyncAllChecksItsParameters) {
  std::vector<int32_t> ws(256);
  auto e = Failing([&] { aicore::LaunchCooperative("mismatch", MismatchedUsedCores, 4, ws.data()); });
  ASSERT_TRUE(e);
  EXPECT_NE(std::string(e->what()).find("usedCores"), std::string::npos) << e->what();
  e = Failing([&] { aicore::LaunchCooperative("small_ws", SmallWorkspace, 4, ws.data()); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kBounds) << e->what();
}

// ---------------------------------------------------------------------------
// Cross-core flags.

// MIX: each cube block produces a value for its two vector blocks (mode 2,
// cube -> vector), then waits until both have consumed it (mode 2, vector ->
// cube), for several rounds; through CrossCoreSetFlag / CrossCoreWaitFlag, or
// (kEvents) the vendor's NotifyEvent<pipe> (mode 2) and WaitEvent, as public
// matmul kernels write it.
template <bool kEvents>
void PingPong(GM_ADDR data, GM_ADDR ok) {
  auto* d = reinterpret_cast<int32_t*>(data);
  auto* o = reinterpret_cast<int32_t*>(ok);
  constexpr int kPing = 3, kPong = 5;
  if ASCEND_IS_AIC {
    const int64_t g = GetBlockIdx();
    for (int r = 0; r < kRounds; ++r) {
      d[g] = r * 100 + static_cast<int32_t>(g);
      if constexpr (kEvents) {
        NotifyEvent<PIPE_FIX>(kPing);
        WaitEvent(kPong);
      } else {
        CrossCoreSetFlag<2, PIPE_FIX>(kPing);
        CrossCoreWaitFlag(kPong);
      }
    }
  } else {
    const int64_t v = GetBlockIdx(), g = v / GetTaskRation();
    int32_t good = 0;
    for (int r = 0; r < kRounds; ++r) {
      if constexpr (kEvents) {
        WaitEvent<PIPE_S>(kPing);
      } else {
        CrossCoreWaitFlag(kPing);
      }
      good += d[g] == r * 100 + g;
      if constexpr (kEvents) {
        NotifyEvent<PIPE_MTE2>(kPong);
      } else {
        CrossCoreSetFlag<2, PIPE_MTE3>(kPong);
      }
    }
    o[v] = good;
  }
}
extern "C" __global__ __aicore__ void ping_pong(GM_ADDR data, GM_ADDR ok) { PingPong<false>(data, ok); }
extern "C" __global__ __aicore__ void ping_pong_events(GM_ADDR data, GM_ADDR ok) {
  PingPong<true>(data, ok);
}

TEST_F(SyncTest, NotifyEventAndWaitEventPingPong) {
  SetKernelMode(KernelMode::MIX_MODE);
  constexpr uint32_t kDim = 4;
  auto* data = static_cast<int32_t*>(GmAlloc(kDim * 4));
  auto* ok = static_cast<int32_t*>(GmAlloc(2 * kDim * 4));
  ICPU_RUN_KF(ping_pong_events, kDim, reinterpret_cast<uint8_t*>(data), reinterpret_cast<uint8_t*>(ok));
  for (uint32_t v = 0; v < 2 * kDim; ++v) EXPECT_EQ(ok[v], kRounds) << "vector block " << v;
  GmFree(ok);
  GmFree(data);
}

TEST_F(SyncTest, CubeAndVectorBlocksPingPong) {
  for (uint32_t threads : {1u, 3u}) {
    aicore::SetNumThreads(threads);
    for (uint32_t blockDim : {1u, 4u, 12u}) {
      SetKernelMode(KernelMode::MIX_MODE);
      auto* data = static_cast<int32_t*>(GmAlloc(blockDim * 4));
      auto* ok = static_cast<int32_t*>(GmAlloc(2 * blockDim * 4));
      ICPU_RUN_KF(ping_pong, blockDim, reinterpret_cast<uint8_t*>(data), reinterpret_cast<uint8_t*>(ok));
      for (uint32_t v = 0; v < 2 * blockDim; ++v) EXPECT_EQ(ok[v], kRounds) << "vector block " << v;
      GmFree(ok);
      GmFree(data);
    }
  }
}

// Modes 0 and 1 as split barriers: set, then wait for the round. Slots are
// double-buffered: a block can be at most one round ahead of a reader.
extern "C" __global__ __aicore__ void split_barrier(GM_ADDR slots, GM_ADDR ok) {
  if ASCEND_IS_AIC return;
  auto* s = reinterpret_cast<int32_t*>(slots);
  auto* o = reinterpret_cast<int32_t*>(ok);
  const int64_t v = GetBlockIdx(), n = GetBlockNum() * GetTaskRation();
  int32_t good = 0;
  for (int r = 0; r < kRounds; ++r) {
    int32_t* all = s + (r % 2) * n;          // (2, n) for mode 0
    int32_t* pair = s + 2 * n + (r % 2) * n;  // (2, n) for mode 1
    all[v] = r;
    CrossCoreSetFlag<0, PIPE_MTE3>(1);  // every vector block
    CrossCoreWaitFlag(1);
    for (int64_t i = 0; i < n; ++i) good += all[i] == r;
    pair[v] = r;
    CrossCoreSetFlag<1, PIPE_MTE3>(2);  // the two vector blocks of the group
    CrossCoreWaitFlag(2);
    good += pair[v ^ 1] == r;
  }
  o[v] = good;
}

TEST_F(SyncTest, ModeZeroAndOneAreRoundBarriers) {
  SetKernelMode(KernelMode::MIX_MODE);
  constexpr uint32_t kDim = 6;
  auto* slots = static_cast<int32_t*>(GmAlloc(4 * 2 * kDim * 4));
  auto* ok = static_cast<int32_t*>(GmAlloc(2 * kDim * 4));
  ICPU_RUN_KF(split_barrier, kDim, reinterpret_cast<uint8_t*>(slots), reinterpret_cast<uint8_t*>(ok));
  for (uint32_t v = 0; v < 2 * kDim; ++v) EXPECT_EQ(ok[v], kRounds * (2 * kDim + 1)) << "vector block " << v;
  GmFree(ok);
  GmFree(slots);
}

// The identity of every block of a mixed launch, as the NPU gives it
// (GetBlockIdx / GetBlockNum / GetSubBlockIdx / GetSubBlockNum /
// GetTaskRatio per core type), for both ratios.
struct Identity {
  int32_t type, idx, num, sub, subNum, ratio, ratio2;
  bool operator<(const Identity& o) const {
    return std::tie(type, idx, num, sub, subNum, ratio, ratio2) <
           std::tie(o.type, o.idx, o.num, o.sub, o.subNum, o.ratio, o.ratio2);
  }
  bool operator==(const Identity& o) const { return !(*this < o) && !(o < *this); }
};
std::mutex g_ids_mu;
std::vector<Identity> g_ids;

void RecordIdentity() {
  const Identity id{g_coreType, static_cast<int32_t>(GetBlockIdx()), static_cast<int32_t>(GetBlockNum()),
                    static_cast<int32_t>(GetSubBlockIdx()), static_cast<int32_t>(GetSubBlockNum()),
                    static_cast<int32_t>(GetTaskRation()), static_cast<int32_t>(GetTaskRatio())};
  std::lock_guard<std::mutex> lock(g_ids_mu);
  g_ids.push_back(id);
}

std::vector<Identity> TakeIdentities() {
  std::lock_guard<std::mutex> lock(g_ids_mu);
  std::vector<Identity> v = std::move(g_ids);
  g_ids.clear();
  std::sort(v.begin(), v.end());
  return v;
}

std::vector<Identity> ExpectedIdentities(int32_t blockDim, int32_t ratio) {
  std::vector<Identity> v;
  for (int32_t i = 0; i < blockDim; ++i) v.push_back({AIC, i, blockDim, 0, 1, 1, 1});
  for (int32_t i = 0; i < ratio * blockDim; ++i) {
    v.push_back({AIV, i, blockDim, ratio == 2 ? i % 2 : 0, ratio, ratio, ratio});
  }
  std::sort(v.begin(), v.end());
  return v;
}

// 1:1 and 1:2 kernels: each records its identity, then the ping-pong of
// ping_pong above (each cube block serves its vector block(s) through mode
// 2 flags; GetBlockIdx() / GetTaskRatio() is the group on the vector side).
template <int kRatio>
void MixIdentityBody(GM_ADDR data, GM_ADDR ok) {
  RecordIdentity();
  auto* d = reinterpret_cast<int32_t*>(data);
  auto* o = reinterpret_cast<int32_t*>(ok);
  constexpr int kPing = 6, kPong = 7;
  if ASCEND_IS_AIC {
    const int64_t g = GetBlockIdx();
    for (int r = 0; r < kRounds; ++r) {
      d[g] = r * 100 + static_cast<int32_t>(g);
      CrossCoreSetFlag<2, PIPE_FIX>(kPing);
      CrossCoreWaitFlag(kPong);
    }
  } else {
    const int64_t v = GetBlockIdx(), g = v / GetTaskRatio();
    int32_t good = 0;
    for (int r = 0; r < kRounds; ++r) {
      CrossCoreWaitFlag(kPing);
      good += d[g] == r * 100 + g;
      CrossCoreSetFlag<2, PIPE_MTE3>(kPong);
    }
    o[v] = good;
  }
}

extern "C" __global__ __aicore__ void mix_1_1_identity(GM_ADDR data, GM_ADDR ok) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_1);
  MixIdentityBody<1>(data, ok);
}
extern "C" __global__ __aicore__ void mix_1_2_identity(GM_ADDR data, GM_ADDR ok) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
  MixIdentityBody<2>(data, ok);
}

TEST_F(SyncTest, MixedLaunchesNumberTheirBlocksAsTheNpuForBothRatios) {
  for (bool setMode : {false, true}) {
    for (uint32_t threads : {1u, 3u}) {
      aicore::SetNumThreads(threads);
      for (uint32_t blockDim : {1u, 5u}) {
        for (int ratio : {1, 2}) {
          if (setMode) {
            SetKernelMode(KernelMode::MIX_MODE);  // the declared ratio still decides 1:1 / 1:2
          } else {
            aicore::compat::ResetKernelMode();
          }
          auto* data = static_cast<int32_t*>(GmAlloc(blockDim * 4));
          auto* ok = static_cast<int32_t*>(GmAlloc(2 * blockDim * 4));
          TakeIdentities();
          if (ratio == 1) {
            ICPU_RUN_KF(mix_1_1_identity, blockDim, reinterpret_cast<uint8_t*>(data), reinterpret_cast<uint8_t*>(ok));
          } else {
            ICPU_RUN_KF(mix_1_2_identity, blockDim, reinterpret_cast<uint8_t*>(data), reinterpret_cast<uint8_t*>(ok));
          }
          EXPECT_EQ(TakeIdentities(), ExpectedIdentities(static_cast<int32_t>(blockDim), ratio))
              << "ratio 1:" << ratio << " blockDim " << blockDim;
          for (uint32_t v = 0; v < ratio * blockDim; ++v) EXPECT_EQ(ok[v], kRounds) << "vector block " << v;
          for (uint32_t v = ratio * blockDim; v < 2 * blockDim; ++v) EXPECT_EQ(ok[v], 0) << "vector block " << v;
          GmFree(ok);
          GmFree(data);
        }
      }
    }
  }
}

// Mode 1 pairs the two vector blocks of a 1:2 group: a 1:1 launch has none.
extern "C" __global__ __aicore__ void mode1_in_1_1(GM_ADDR) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_1);
  if ASCEND_IS_AIV {
    CrossCoreSetFlag<1, PIPE_MTE3>(2);
  }
}
extern "C" __global__ __aicore__ void mode1_in_1_2(GM_ADDR) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
  if ASCEND_IS_AIV {
    CrossCoreSetFlag<1, PIPE_MTE3>(2);
    CrossCoreWaitFlag(2);
  }
}

TEST_F(SyncTest, ModeOneNeedsTheOneToTwoRatio) {
  auto e = Failing([] {
    aicore::detail::LaunchConfig cfg;
    cfg.geom = aicore::detail::Geometry::kMix11;
    cfg.cooperative = true;
    aicore::detail::LaunchWith(cfg, aicore::SrcLoc::Current(), "mode1_in_1_1", mode1_in_1_1, 2,
                               static_cast<GM_ADDR>(nullptr));
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->api(), "CrossCoreSetFlag");
  EXPECT_NE(std::string(e->what()).find("needs a 1:2 mixed launch"), std::string::npos) << e->what();
  EXPECT_NE(std::string(e->what()).find("mode1_in_1_1 [AIV]"), std::string::npos) << e->what();
  EXPECT_NE(std::string(e->what()).find("of 2)"), std::string::npos) << e->what();  // 2 vector blocks
  // The clean twin: the same flag in a 1:2 launch.
  aicore::detail::LaunchConfig cfg;
  cfg.geom = aicore::detail::Geometry::kMix;
  cfg.cooperative = true;
  EXPECT_NO_THROW(aicore::detail::LaunchWith(cfg, aicore::SrcLoc::Current(), "mode1_in_1_2", mode1_in_1_2, 2,
                                             static_cast<GM_ADDR>(nullptr)));
}

void WaitForever(int32_t) {
  if (GetBlockIdx() == 0) CrossCoreWaitFlag(4);
}

void BadFlagId(int32_t) { CrossCoreSetFlag<0, PIPE_S>(16); }
void ModeTwoWithoutMix(int32_t) { CrossCoreSetFlag<2, PIPE_S>(0); }

TEST_F(SyncTest, FlagMisuseIsReported) {
  auto e = Failing([] { aicore::LaunchCooperative("wait_forever", WaitForever, 3, 0); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->api(), "CrossCoreWaitFlag");
  EXPECT_NE(std::string(e->what()).find("1 of 3 blocks wait and the other 2 have returned"), std::string::npos)
      << e->what();
  EXPECT_NE(std::string(e->what()).find("for flag 4"), std::string::npos) << e->what();
  e = Failing([] { aicore::LaunchCooperative("bad_flag", BadFlagId, 2, 0); });
  ASSERT_TRUE(e);
  EXPECT_NE(std::string(e->what()).find("flag id 16 is outside [0, 16)"), std::string::npos) << e->what();
  e = Failing([] { aicore::LaunchCooperative("mode2", ModeTwoWithoutMix, 2, 0); });
  ASSERT_TRUE(e);
  EXPECT_NE(std::string(e->what()).find("needs a mixed launch"), std::string::npos) << e->what();
}

// ---------------------------------------------------------------------------
// Sequential block sync: InitDetermineComputeWorkspace, WaitPreBlock,
// NotifyNextBlock. Each block appends (round, blockIdx) to a log in GM
// between its wait and its notify: the log shows the order the blocks took
// their turns in. mode 0: as the reference's example; mode 1: block `bad`
// skips its notify in the second round; mode 2: block `bad` notifies
// without waiting (and the others return after the init).
// GM memory from GmAlloc (what ICPU_RUN_KF takes), freed at scope end.
struct GmInts {
  int32_t* p;
  size_t n;
  GmInts(size_t count, int32_t fill) : p(static_cast<int32_t*>(GmAlloc(count * 4))), n(count) {
    std::fill(p, p + n, fill);
  }
  ~GmInts() { GmFree(p); }
  GmInts(const GmInts&) = delete;
  GmInts& operator=(const GmInts&) = delete;
  GM_ADDR g() const { return reinterpret_cast<GM_ADDR>(p); }
  int32_t& operator[](size_t i) { return p[i]; }
};

void seq_log_kernel(GM_ADDR log, GM_ADDR ws, int32_t rounds, int32_t mode, int32_t bad) {
  TPipe pipe;
  TQue<TPosition::VECIN, 1> queTmp;
  pipe.InitBuffer(queTmp, 1, static_cast<uint32_t>(GetBlockNum()) * 32 + 32);
  LocalTensor<int32_t> ubWorkspace = queTmp.AllocTensor<int32_t>();
  GlobalTensor<int32_t> gmWorkspace, logGm;
  gmWorkspace.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(ws), GetBlockNum() * 8);
  logGm.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(log), 1 + rounds * GetBlockNum());
  InitDetermineComputeWorkspace(gmWorkspace, ubWorkspace);
  const auto b = static_cast<int32_t>(GetBlockIdx());
  if (mode == 2) {
    if (b == bad) NotifyNextBlock(gmWorkspace, ubWorkspace);
    queTmp.FreeTensor(ubWorkspace);
    return;
  }
  for (int32_t r = 0; r < rounds; ++r) {
    WaitPreBlock(gmWorkspace, ubWorkspace);
    const int32_t n = logGm.GetValue(0);
    logGm.SetValue(1 + n, r * 1000 + b);
    logGm.SetValue(0, n + 1);
    if (mode == 1 && b == bad && r == 1) continue;
    NotifyNextBlock(gmWorkspace, ubWorkspace);
  }
  queTmp.FreeTensor(ubWorkspace);
}

TEST_F(SyncTest, SequentialBlockSyncRunsTheBlocksInBlockIdxOrder) {
  SetKernelMode(KernelMode::AIV_MODE);
  for (uint32_t blocks : {1u, 2u, 5u, 24u}) {
    for (int32_t rounds : {1, 3}) {
      SCOPED_TRACE(std::to_string(blocks) + " blocks, " + std::to_string(rounds) + " rounds");
      aicore::SetNumThreads(blocks % 2 + 1);  // cooperative: every block has a thread regardless
      GmInts log(1 + rounds * blocks, -1);
      log[0] = 0;
      GmInts ws(blocks * 8, 0x5a5a);  // need not be zero: block 0's init clears it
      ICPU_RUN_KF(seq_log_kernel, blocks, log.g(), ws.g(), rounds, 0, 0);
      ASSERT_EQ(log[0], rounds * static_cast<int32_t>(blocks));
      for (int32_t r = 0; r < rounds; ++r) {
        for (uint32_t b = 0; b < blocks; ++b) {
          EXPECT_EQ(log[1 + r * blocks + b], r * 1000 + static_cast<int32_t>(b)) << "turn " << r * blocks + b;
        }
      }
      // The last block's notify of the last round leaves the slots zero.
      for (size_t i = 0; i < ws.n; ++i) EXPECT_EQ(ws[i], 0) << i;
    }
  }
}

TEST_F(SyncTest, SequentialBlockSyncIsCleanUnderTheSanitizer) {
  SetKernelMode(KernelMode::AIV_MODE);
  constexpr uint32_t kBlocks = 6;
  GmInts log(1 + 2 * kBlocks, 0), ws(kBlocks * 8, 0);
  aicore::ErrorRecorder rec(aicore::kSanitizeAll);
  ICPU_RUN_KF(seq_log_kernel, kBlocks, log.g(), ws.g(), 2, 0, 0);
  EXPECT_EQ(rec.size(), 0u) << rec.str();
  EXPECT_EQ(log[0], 2 * static_cast<int32_t>(kBlocks));
}

// The same log written without the sync (one thread: no real race here,
// racecheck works from the logged accesses) is reported.
void unordered_log_kernel(GM_ADDR log) {
  GlobalTensor<int32_t> logGm;
  logGm.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(log), 1 + GetBlockNum());
  const int32_t n = logGm.GetValue(0);
  logGm.SetValue(1 + n, static_cast<int32_t>(GetBlockIdx()));
  logGm.SetValue(0, n + 1);
}

TEST_F(SyncTest, LogWithoutSequentialSyncIsARace) {
  aicore::SetNumThreads(1);
  std::vector<int32_t> log(1 + 4, 0);
  aicore::ErrorRecorder rec(aicore::kRacecheck);
  aicore::LaunchNamed("unordered_log", unordered_log_kernel, 4, reinterpret_cast<GM_ADDR>(log.data()));
  ASSERT_GE(rec.size(), 1u);
  EXPECT_NE(rec.str().find("GM race"), std::string::npos) << rec.str();
}

TEST_F(SyncTest, SequentialBlockSyncMisuseIsReported) {
  SetKernelMode(KernelMode::AIV_MODE);
  constexpr uint32_t kBlocks = 4;
  GmInts log(1 + 3 * kBlocks, 0), ws(kBlocks * 8, 0);
  auto run = [&](int32_t mode, int32_t bad) {
    std::fill(log.p, log.p + log.n, 0);
    std::fill(ws.p, ws.p + ws.n, 0);  // a misuse leaves its slots behind
    aicore::LaunchCooperative("seq_log_kernel", seq_log_kernel, kBlocks, log.g(), ws.g(), 3, mode, bad);
  };
  // A missing notify: block 2 waits in round 2 for block 1, which went on;
  // every other block ends up waiting too (the NPU hangs).
  auto e = Failing([&] { run(1, 1); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kSync);
  EXPECT_EQ(e->api(), "WaitPreBlock");
  EXPECT_NE(std::string(e->what()).find("the launch can never finish"), std::string::npos) << e->what();
  EXPECT_NE(std::string(e->what()).find("waits in WaitPreBlock at"), std::string::npos) << e->what();
  EXPECT_NE(std::string(e->what()).find("its turn in round"), std::string::npos) << e->what();
  // A notify without a wait before it, out of blockIdx order.
  e = Failing([&] { run(2, 2); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kSync);
  EXPECT_EQ(e->api(), "NotifyNextBlock");
  EXPECT_EQ(e->block(), 2);
  EXPECT_NE(std::string(e->what()).find("block 2 notifies round 1 out of blockIdx order: the GM workspace's "
                                        "slots read [0, 0, 0, 0], not 1 for blocks [0, 2)"),
            std::string::npos)
      << e->what();
  // Clean twins: block 0 may notify first without waiting (its turn), and
  // the full protocol with every notify.
  EXPECT_NO_THROW(run(2, 0));
  EXPECT_NO_THROW(run(0, 0));
  EXPECT_EQ(log[0], 3 * static_cast<int32_t>(kBlocks));
}

// Slots left by an unfinished protocol (here: block 0 notified round 1, the
// others never ran) let block 1 pass its first wait before block 0's init
// clears them, on the NPU on some runs only. Reported every time: the other
// blocks' waits also wait for block 0's init, which sees the slots.
TEST_F(SyncTest, SequentialBlockSyncReportsAStaleWorkspace) {
  SetKernelMode(KernelMode::AIV_MODE);
  constexpr uint32_t kBlocks = 4;
  GmInts log(1 + 3 * kBlocks, 0), ws(kBlocks * 8, 0);
  for (int32_t stale = 1; stale < static_cast<int32_t>(kBlocks); ++stale) {
    SCOPED_TRACE(stale);
    for (int trial = 0; trial < 20; ++trial) {
      std::fill(log.p, log.p + log.n, 0);
      std::fill(ws.p, ws.p + ws.n, 0);
      for (int32_t b = 0; b < stale; ++b) std::fill(ws.p + 8 * b, ws.p + 8 * b + 8, 1);
      auto e = Failing([&] {
        aicore::LaunchCooperative("seq_log_kernel", seq_log_kernel, kBlocks, log.g(), ws.g(), 3, 0, 0);
      });
      ASSERT_TRUE(e);
      EXPECT_EQ(e->kind(), aicore::ErrorKind::kSync);
      EXPECT_EQ(e->api(), "InitDetermineComputeWorkspace");
      EXPECT_EQ(e->block(), 0);
      const std::string slots = stale == 1 ? "[1, 0, 0, 0]" : stale == 2 ? "[1, 1, 0, 0]" : "[1, 1, 1, 0]";
      EXPECT_NE(std::string(e->what()).find("slots read " + slots + " before block 0 clears them: block " +
                                            std::to_string(stale) + "'s first WaitPreBlock can return"),
                std::string::npos)
          << e->what();
      EXPECT_EQ(log[0], 0) << "a block took its turn";
    }
  }
  // Garbage that gives no block a turn is cleared without a report.
  std::fill(ws.p, ws.p + ws.n, 2);
  EXPECT_NO_THROW(aicore::LaunchCooperative("seq_log_kernel", seq_log_kernel, kBlocks, log.g(), ws.g(), 3, 0, 0));
}

void seq_small_workspace(GM_ADDR ws, int32_t which) {
  TPipe pipe;
  TBuf<> ub;
  pipe.InitBuffer(ub, 256);
  GlobalTensor<int32_t> gm;
  gm.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(ws), which == 0 ? 8 * GetBlockNum() - 1 : 8 * GetBlockNum());
  LocalTensor<int32_t> u = ub.Get<int32_t>(which == 1 ? 8 * static_cast<uint32_t>(GetBlockNum()) + 7 : 64);
  InitDetermineComputeWorkspace(gm, u);
}

TEST_F(SyncTest, SequentialBlockSyncChecksItsWorkspaces) {
  SetKernelMode(KernelMode::AIV_MODE);
  GmInts ws(8 * 8, 0);
  auto e = Failing([&] { aicore::LaunchCooperative("seq_small_workspace", seq_small_workspace, 3, ws.g(), 0); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->api(), "InitDetermineComputeWorkspace");
  e = Failing([&] { aicore::LaunchCooperative("seq_small_workspace", seq_small_workspace, 3, ws.g(), 1); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kBounds);
  EXPECT_NE(std::string(e->what()).find("ubWorkspace holds 31 int32_t, fewer than the 32 "
                                        "(GetBlockNum() * 32 + 32 bytes) it needs"),
            std::string::npos)
      << e->what();
  EXPECT_NO_THROW(aicore::LaunchCooperative("seq_small_workspace", seq_small_workspace, 3, ws.g(), 2));
  // A launch that does not hold every block at once cannot run the protocol.
  aicore::SetNumThreads(2);
  e = Failing([&] { aicore::LaunchNamed("small", seq_small_workspace, 5, ws.g(), 2); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->api(), "InitDetermineComputeWorkspace");
  EXPECT_NE(std::string(e->what()).find("needs every block of the launch running at once"), std::string::npos)
      << e->what();
}

// ---------------------------------------------------------------------------
// GroupBarrier: blocks [0, arrive) write their slot of round r (slot[r][i] =
// r + 1) and Arrive; blocks [arrive, arrive + wait) Wait and check every
// arriver's slot of the round. mode 1: arriver 1 does not arrive in the
// last round; mode 2: the TPipe takes all of UB first; mode 3: SCALAR_MODE.
template <PipeMode kMode>
void group_kernel(GM_ADDR ws, GM_ADDR slots, GM_ADDR ok, int32_t arrive, int32_t wait, int32_t rounds,
                  int32_t mode) {
  TPipe pipe;
  if (mode == 2) {
    TBuf<> all;
    pipe.InitBuffer(all, 192 * 1024);
  }
  GroupBarrier<kMode> bar(ws, arrive, wait);
  GlobalTensor<int32_t> slotGm, okGm;
  slotGm.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(slots), rounds * arrive);
  okGm.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(ok), GetBlockNum());
  const auto id = static_cast<int32_t>(GetBlockIdx());
  int32_t good = 0;
  for (int32_t r = 0; r < rounds; ++r) {
    if (id < arrive) {
      // Late arrivers: without the barrier the waiters would read first.
      if (r == 0) std::this_thread::sleep_for(std::chrono::milliseconds(2));
      slotGm.SetValue(r * arrive + id, r + 1);
      if (mode == 1 && id == 1 && r == rounds - 1) break;
      bar.Arrive(id);
    } else if (id < arrive + wait) {
      bar.Wait(id - arrive);
      for (int32_t i = 0; i < arrive; ++i) good += slotGm.GetValue(r * arrive + i) == r + 1;
    }
  }
  okGm.SetValue(id, good);
}

TEST_F(SyncTest, GroupBarrierOrdersTheWaitGroupAfterTheArriveGroup) {
  SetKernelMode(KernelMode::AIV_MODE);
  struct Case {
    int32_t blocks, arrive, wait, rounds;
  };
  for (const Case& k : {Case{8, 2, 6, 1}, Case{8, 2, 6, 4}, Case{5, 3, 2, 3}, Case{9, 1, 7, 5}, Case{2, 1, 1, 8}}) {
    SCOPED_TRACE(std::to_string(k.arrive) + " arrive, " + std::to_string(k.wait) + " wait, " +
                 std::to_string(k.rounds) + " rounds");
    GmInts ws(std::max(k.arrive, k.wait) * 128, 0), slots(k.rounds * k.arrive, 0), ok(k.blocks, -1);
    ICPU_RUN_KF(group_kernel<PipeMode::MTE3_MODE>, k.blocks, ws.g(), slots.g(), ok.g(), k.arrive, k.wait, k.rounds, 0);
    for (int32_t b = 0; b < k.blocks; ++b) {
      const bool waiter = b >= k.arrive && b < k.arrive + k.wait;
      EXPECT_EQ(ok[b], waiter ? k.rounds * k.arrive : 0) << "block " << b;
    }
    // The counters as the vendor's layout has them: every line counts all
    // arrivals at byte 0 and all passed waits at byte 64.
    for (int32_t line = 0; line < std::max(k.arrive, k.wait); ++line) {
      EXPECT_EQ(ws[line * 128], k.rounds * k.arrive) << line;
      EXPECT_EQ(ws[line * 128 + 16], k.rounds * k.wait) << line;
    }
  }
}

TEST_F(SyncTest, GroupBarrierIsCleanUnderTheSanitizer) {
  SetKernelMode(KernelMode::AIV_MODE);
  GmInts ws(6 * 128, 0), slots(3 * 2, 0), ok(8, -1);
  aicore::ErrorRecorder rec(aicore::kSanitizeAll);
  ICPU_RUN_KF(group_kernel<PipeMode::MTE3_MODE>, 8, ws.g(), slots.g(), ok.g(), 2, 6, 3, 0);
  EXPECT_EQ(rec.size(), 0u) << rec.str();
  EXPECT_EQ(ok[7], 6);
}

TEST_F(SyncTest, GroupBarrierMisuseIsReported) {
  SetKernelMode(KernelMode::AIV_MODE);
  GmInts ws(6 * 128, 0), slots(3 * 3, 0), ok(8, -1);
  auto run = [&](int32_t arrive, int32_t wait, int32_t mode, GM_ADDR w) {
    std::fill(ws.p, ws.p + ws.n, 0);
    aicore::LaunchCooperative("group_kernel", group_kernel<PipeMode::MTE3_MODE>, 8, w, slots.g(), ok.g(), arrive,
                              wait, 3, mode);
  };
  // An arriver that stops arriving: the waiters wait for ever on the NPU.
  auto e = Failing([&] { run(3, 5, 1, ws.g()); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kSync);
  EXPECT_EQ(e->api(), "GroupBarrier::Wait");
  EXPECT_NE(std::string(e->what()).find("the launch can never finish"), std::string::npos) << e->what();
  EXPECT_NE(std::string(e->what()).find("waits in GroupBarrier::Wait at"), std::string::npos) << e->what();
  EXPECT_NE(std::string(e->what()).find("for 9 arrivals (round 3)"), std::string::npos) << e->what();
  e = Failing([&] { run(3, 6, 0, ws.g()); });  // 3 + 6 > 8 blocks: block 8 does not exist, waiter 5 never runs
  EXPECT_FALSE(!e);
  e = Failing([&] { run(9, 1, 0, ws.g()); });
  ASSERT_TRUE(e);
  EXPECT_NE(std::string(e->what()).find("arriveSizeIn 9 and waitSizeIn 1 must be in [1, GetBlockNum() = 8]"),
            std::string::npos)
      << e->what();
  e = Failing([&] { run(2, 6, 0, ws.g() + 32); });
  ASSERT_TRUE(e);
  EXPECT_NE(std::string(e->what()).find("is not 512-byte aligned"), std::string::npos) << e->what();
  e = Failing([&] { run(2, 6, 2, ws.g()); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kCapacity);
  EXPECT_NE(std::string(e->what()).find("GroupBarrier keeps the last 1600 bytes of UB ([195008, 196608))"),
            std::string::npos)
      << e->what();
  e = Failing([&] {
    aicore::LaunchCooperative("group_kernel", group_kernel<PipeMode::SCALAR_MODE>, 8, ws.g(), slots.g(), ok.g(), 2,
                              6, 1, 0);
  });
  ASSERT_TRUE(e);
  EXPECT_NE(std::string(e->what()).find("MTE3_MODE only"), std::string::npos) << e->what();
  // A workspace straight from GmAlloc, never zeroed (initcheck fills new
  // GmAlloc memory with its poison, which the counters recognise).
  {
    aicore::ErrorRecorder rec(aicore::kInitcheck);
    auto* raw = static_cast<uint8_t*>(GmAlloc(6 * 512));
    aicore::LaunchCooperative("group_kernel", group_kernel<PipeMode::MTE3_MODE>, 8, raw, slots.g(), ok.g(), 2, 6, 1,
                              0);
    GmFree(raw);
    EXPECT_NE(rec.str().find("groupWorkspace was not zeroed: its counter at byte "), std::string::npos) << rec.str();
  }
  // A workspace too small for max(arrive, wait) lines.
  auto* small = static_cast<uint8_t*>(GmAlloc(5 * 512));
  std::fill(small, small + 5 * 512, 0);
  e = Failing([&] {
    aicore::LaunchCooperative("group_kernel", group_kernel<PipeMode::MTE3_MODE>, 8, small, slots.g(), ok.g(), 2, 6,
                              1, 0);
  });
  GmFree(small);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kBounds);
  EXPECT_NE(std::string(e->what()).find("needs max(arriveSize, waitSize) * 512 = 3072 bytes"), std::string::npos)
      << e->what();
  // The clean twin.
  EXPECT_NO_THROW(run(2, 6, 0, ws.g()));
}

void group_len_kernel(GM_ADDR ws, GM_ADDR out) {
  GroupBarrier<PipeMode::MTE3_MODE> bar(ws, 3, 6);
  if (GetBlockIdx() == 0) reinterpret_cast<uint64_t*>(out)[0] = bar.GetWorkspaceLen();
}

TEST_F(SyncTest, GroupBarrierWorkspaceLength) {
  SetKernelMode(KernelMode::AIV_MODE);
  GmInts ws(6 * 128, 0), out(2, 0);
  ICPU_RUN_KF(group_len_kernel, 8, ws.g(), out.g());
  EXPECT_EQ(reinterpret_cast<uint64_t*>(out.p)[0], 3072u);
}

}  // namespace
