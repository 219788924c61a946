// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// aicore::Launch / LaunchNamed / AICORE_LAUNCH: block coverage, pool sizes,
// back-to-back and concurrent launches, per-block state, SoC profiles.
#include <aicore/aicore.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using namespace AscendC;

namespace {

// Restores the process-wide pool size and SoC profile after each test.
class RuntimeTest : public ::testing::Test {
 protected:
  void TearDown() override {
    aicore::SetNumThreads(0);
    aicore::SetSocVersion("Ascend910B");
  }
};

// Parameterised over pool sizes 1, 2 and 5 (5 > the 2 cores of the CI box).
class PoolSizeTest : public ::testing::TestWithParam<uint32_t> {
 protected:
  void SetUp() override { aicore::SetNumThreads(GetParam()); }
  void TearDown() override { aicore::SetNumThreads(0); }
};

INSTANTIATE_TEST_SUITE_P(Pools, PoolSizeTest, ::testing::Values(1u, 2u, 5u),
                         [](const auto& info) { return "threads" + std::to_string(info.param); });

// ---------------------------------------------------------------------------
// Every block runs exactly once with the right identity.

TEST_P(PoolSizeTest, EveryBlockRunsExactlyOnce) {
  EXPECT_EQ(aicore::GetNumThreads(), GetParam());
  for (uint32_t blockDim : {1u, 2u, 3u, 5u, 8u, 13u, 100u, 1000u}) {
    std::vector<std::atomic<int>> runs(blockDim);
    std::vector<std::atomic<int64_t>> seen_num(blockDim);
    std::atomic<int> bad_idx{0};
    aicore::Launch(
        [&] {
          const int64_t idx = GetBlockIdx();
          if (idx < 0 || idx >= static_cast<int64_t>(blockDim)) {
            bad_idx.fetch_add(1);
            return;
          }
          runs[idx].fetch_add(1);
          seen_num[idx].store(GetBlockNum());
        },
        blockDim);
    EXPECT_EQ(bad_idx.load(), 0) << "blockDim " << blockDim;
    for (uint32_t b = 0; b < blockDim; ++b) {
      ASSERT_EQ(runs[b].load(), 1) << "block " << b << " of " << blockDim;
      ASSERT_EQ(seen_num[b].load(), static_cast<int64_t>(blockDim)) << "block " << b;
    }
  }
}

TEST_P(PoolSizeTest, BlocksRunOnAtMostPoolSizeThreads) {
  const uint32_t threads = GetParam();
  constexpr uint32_t kBlocks = 64;  // more blocks than threads
  std::vector<std::thread::id> ids(kBlocks);
  aicore::Launch([&] { ids[GetBlockIdx()] = std::this_thread::get_id(); }, kBlocks);
  std::set<std::thread::id> distinct(ids.begin(), ids.end());
  EXPECT_GE(distinct.size(), 1u);
  EXPECT_LE(distinct.size(), threads);
  if (threads == 1) {
    // A one-thread pool runs every block on the launching thread.
    EXPECT_EQ(*distinct.begin(), std::this_thread::get_id());
  }
}

TEST_P(PoolSizeTest, BlockDimLargerThanPoolWithKernelWork) {
  // Each block copies its slice GM -> UB -> GM through a queue.
  constexpr uint32_t kBlocks = 37;
  constexpr uint32_t kLen = 64;  // floats per block
  std::vector<float> in(kBlocks * kLen), out(kBlocks * kLen, -1.0f);
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<float>(i) * 0.5f;
  aicore::Launch(
      [](GM_ADDR x, GM_ADDR y) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        pipe.InitBuffer(q, 1, kLen * sizeof(float));
        GlobalTensor<float> xg, yg;
        xg.SetGlobalBuffer(reinterpret_cast<float*>(x) + kLen * GetBlockIdx(), kLen);
        yg.SetGlobalBuffer(reinterpret_cast<float*>(y) + kLen * GetBlockIdx(), kLen);
        LocalTensor<float> t = q.AllocTensor<float>();
        DataCopy(t, xg, kLen);
        q.EnQue(t);
        LocalTensor<float> u = q.DeQue<float>();
        DataCopy(yg, u, kLen);
        q.FreeTensor(u);
      },
      kBlocks, reinterpret_cast<uint8_t*>(in.data()), reinterpret_cast<uint8_t*>(out.data()));
  EXPECT_EQ(in, out);
}

// ---------------------------------------------------------------------------
// Back-to-back and concurrent launches.

struct SmallArgs {
  int32_t iteration;
  int32_t scale;
};

void SmallKernel(int32_t* out, SmallArgs a) {
  out[GetBlockIdx()] = a.iteration * a.scale + static_cast<int32_t>(GetBlockIdx());
}

TEST_P(PoolSizeTest, ThousandsOfBackToBackLaunches) {
  constexpr int kLaunches = 3000;
  std::vector<int32_t> out(16);
  int errors = 0;
  for (int it = 0; it < kLaunches; ++it) {
    const uint32_t blockDim = 1 + static_cast<uint32_t>(it % 16);
    std::fill(out.begin(), out.end(), -1);
    AICORE_LAUNCH(SmallKernel, blockDim, out.data(), SmallArgs{it, 100});
    for (uint32_t b = 0; b < 16; ++b) {
      const int32_t want = b < blockDim ? it * 100 + static_cast<int32_t>(b) : -1;
      if (out[b] != want) ++errors;
    }
  }
  EXPECT_EQ(errors, 0);
}

TEST_P(PoolSizeTest, ConcurrentLaunchesFromHostThreadsSerialise) {
  constexpr int kHostThreads = 4;
  constexpr int kLaunchesEach = 150;
  constexpr uint32_t kBlocks = 6;
  // Which launch has blocks running right now: a block of another launch
  // entering while one is inside is an overlap.
  std::mutex mu;
  int owner = -1;
  int inside = 0;
  int overlaps = 0;
  std::atomic<int> wrong{0};
  std::atomic<int> unexpected_errors{0};
  std::vector<std::thread> hosts;
  for (int h = 0; h < kHostThreads; ++h) {
    hosts.emplace_back([&, h] {
      std::vector<int32_t> out(kBlocks);
      for (int it = 0; it < kLaunchesEach; ++it) {
        std::fill(out.begin(), out.end(), -1);
        const int tag = h * 100000 + it * 10;
        try {
          aicore::Launch(
              [&](int32_t base) {
                {
                  std::lock_guard<std::mutex> lock(mu);
                  if (inside == 0) {
                    owner = base;
                  } else if (owner != base) {
                    ++overlaps;
                  }
                  ++inside;
                }
                out[GetBlockIdx()] = base + static_cast<int32_t>(GetBlockIdx());
                std::lock_guard<std::mutex> lock(mu);
                --inside;
              },
              kBlocks, tag);
        } catch (...) {
          unexpected_errors.fetch_add(1);
        }
        for (uint32_t b = 0; b < kBlocks; ++b) {
          if (out[b] != tag + static_cast<int32_t>(b)) wrong.fetch_add(1);
        }
      }
    });
  }
  for (auto& t : hosts) t.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_EQ(unexpected_errors.load(), 0);
  EXPECT_EQ(overlaps, 0);
}

TEST_P(PoolSizeTest, ConcurrentFailingAndCleanLaunchesDoNotMixErrors) {
  // One host thread launches failing kernels while another launches clean
  // ones: errors belong to their own launch.
  constexpr int kLaunches = 200;
  std::atomic<int> clean_errors{0};
  std::atomic<int> failing_ok{0};
  std::atomic<int> failing_wrong_error{0};
  std::thread bad([&] {
    for (int i = 0; i < kLaunches; ++i) {
      try {
        aicore::LaunchNamed("always_fails", [] { throw std::runtime_error("boom"); }, 4);
        failing_ok.fetch_add(1);
      } catch (const aicore::KernelError& e) {
        if (e.kernel() != "always_fails" || e.kind() != aicore::ErrorKind::kException) {
          failing_wrong_error.fetch_add(1);
        }
      }
    }
  });
  std::thread good([&] {
    std::vector<int32_t> out(4);
    for (int i = 0; i < kLaunches; ++i) {
      try {
        aicore::LaunchNamed("clean", [&] { out[GetBlockIdx()] = i; }, 4);
      } catch (...) {
        clean_errors.fetch_add(1);
      }
      for (int32_t v : out) {
        if (v != i) clean_errors.fetch_add(1);
      }
    }
  });
  bad.join();
  good.join();
  EXPECT_EQ(clean_errors.load(), 0);
  EXPECT_EQ(failing_ok.load(), 0);
  EXPECT_EQ(failing_wrong_error.load(), 0);
}

// ---------------------------------------------------------------------------
// Per-block state.

TEST_P(PoolSizeTest, EachBlockCarvesUbFromOffsetZero) {
  // Every block fills the whole UB; if the carving were not reset per block
  // (a TPipe per block), the second block on a thread would overflow.
  constexpr uint32_t kBlocks = 12;
  const uint32_t ub = aicore::GetSocProfile().bytes[static_cast<int>(aicore::Memory::kUB)];
  std::vector<uintptr_t> first_addr(kBlocks);
  std::vector<uint32_t> first_offset(kBlocks, 1);
  std::vector<uint32_t> used(kBlocks);
  std::vector<std::thread::id> thread_of(kBlocks);
  aicore::Launch(
      [&] {
        TPipe pipe;
        TQue<TPosition::VECIN, 2> q;
        TBuf<> rest;
        pipe.InitBuffer(q, 2, 1024);
        pipe.InitBuffer(rest, ub - 2048);
        LocalTensor<float> t = q.AllocTensor<float>();
        const int64_t b = GetBlockIdx();
        first_addr[b] = reinterpret_cast<uintptr_t>(t.GetPhyAddr());
        first_offset[b] = t.buf_->offset;
        used[b] = pipe.UsedBytes(aicore::Memory::kUB);
        thread_of[b] = std::this_thread::get_id();
        q.FreeTensor(t);
      },
      kBlocks);
  for (uint32_t b = 0; b < kBlocks; ++b) {
    EXPECT_EQ(first_offset[b], 0u) << "block " << b;
    EXPECT_EQ(used[b], ub) << "block " << b;
    // Blocks run by the same thread see the same UB arena.
    for (uint32_t c = 0; c < b; ++c) {
      if (thread_of[c] == thread_of[b]) {
        EXPECT_EQ(first_addr[c], first_addr[b]);
      }
    }
  }
}

TEST_P(PoolSizeTest, PipeIsCurrentOnlyInsideItsBlock) {
  constexpr uint32_t kBlocks = 9;
  std::vector<int> ok(kBlocks, 0);
  aicore::Launch(
      [&] {
        const bool none_before = GetTPipePtr() == nullptr;
        TPipe pipe;
        ok[GetBlockIdx()] = none_before && GetTPipePtr() == &pipe;
      },
      kBlocks);
  for (uint32_t b = 0; b < kBlocks; ++b) EXPECT_EQ(ok[b], 1) << "block " << b;
  EXPECT_EQ(GetTPipePtr(), nullptr);
}

// ---------------------------------------------------------------------------
// SoC profiles.

TEST_F(RuntimeTest, SocProfileSetsUbCapacity) {
  auto try_carve = [](uint32_t bytes) -> std::string {
    try {
      aicore::Launch(
          [bytes] {
            TPipe pipe;
            TBuf<> b;
            pipe.InitBuffer(b, bytes);
          },
          2);
      return "";
    } catch (const aicore::KernelError& e) {
      EXPECT_EQ(e.kind(), aicore::ErrorKind::kCapacity);
      return e.what();
    }
  };
  EXPECT_STREQ(aicore::GetSocProfile().name, "Ascend910B");
  EXPECT_EQ(aicore::GetSocProfile().bytes[static_cast<int>(aicore::Memory::kUB)], 192u * 1024);
  EXPECT_EQ(try_carve(192 * 1024), "");
  std::string err = try_carve(192 * 1024 + 32);
  EXPECT_NE(err.find("Ascend910B"), std::string::npos) << err;
  EXPECT_NE(err.find("196608"), std::string::npos) << err;

  aicore::SetSocVersion("Ascend310P");
  EXPECT_STREQ(aicore::GetSocProfile().name, "Ascend310P");
  EXPECT_EQ(aicore::GetSocProfile().bytes[static_cast<int>(aicore::Memory::kUB)], 256u * 1024);
  EXPECT_EQ(try_carve(256 * 1024), "");
  err = try_carve(256 * 1024 + 32);
  EXPECT_NE(err.find("Ascend310P"), std::string::npos) << err;
  EXPECT_NE(err.find("262144"), std::string::npos) << err;

  aicore::SetSocVersion("Ascend910B");
  err = try_carve(256 * 1024);
  EXPECT_NE(err.find("Ascend910B"), std::string::npos) << err;
  EXPECT_EQ(try_carve(192 * 1024), "");

  EXPECT_THROW(aicore::SetSocVersion("Ascend999"), std::invalid_argument);
  EXPECT_STREQ(aicore::GetSocProfile().name, "Ascend910B");
}

// ---------------------------------------------------------------------------
// Kernel forms and arguments.

struct Tiling {
  uint32_t totalLength;
  uint32_t tileNum;
  float scale;
  int16_t pad[3];
};

void TilingKernel(GM_ADDR out, Tiling t, uint32_t extra) {
  auto* o = reinterpret_cast<float*>(out);
  // The kernel owns its copy of the by-value argument: changing it here is
  // invisible to the other blocks.
  const Tiling seen = t;
  t.totalLength = 0xDEADu;
  t.scale = -1.0f;
  o[GetBlockIdx()] = static_cast<float>(seen.totalLength + seen.tileNum + extra) * seen.scale +
                     static_cast<float>(seen.pad[0] + seen.pad[1] + seen.pad[2]);
}

TEST_F(RuntimeTest, FunctionPointerKernelWithByValueStruct) {
  constexpr uint32_t kBlocks = 11;
  for (uint32_t threads : {1u, 2u, 5u}) {
    aicore::SetNumThreads(threads);
    std::vector<float> out(kBlocks, 0.0f);
    Tiling t{1000, 8, 0.5f, {1, 2, 3}};
    void (*fp)(GM_ADDR, Tiling, uint32_t) = &TilingKernel;
    aicore::Launch(fp, kBlocks, reinterpret_cast<uint8_t*>(out.data()), t, 2u);
    for (uint32_t b = 0; b < kBlocks; ++b) EXPECT_EQ(out[b], (1000 + 8 + 2) * 0.5f + 6) << b;
    EXPECT_EQ(t.totalLength, 1000u);  // the host's struct is untouched
    std::fill(out.begin(), out.end(), 0.0f);
    AICORE_LAUNCH(TilingKernel, kBlocks, reinterpret_cast<uint8_t*>(out.data()), t, 4u);
    for (uint32_t b = 0; b < kBlocks; ++b) EXPECT_EQ(out[b], (1000 + 8 + 4) * 0.5f + 6) << b;
  }
}

TEST_F(RuntimeTest, LambdaKernels) {
  // Capturing lambda, rvalue lambda with arguments, mutable state by value.
  std::vector<int64_t> out(7, -1);
  aicore::Launch([&out] { out[GetBlockIdx()] = GetBlockIdx() * 10; }, 7);
  for (int64_t b = 0; b < 7; ++b) EXPECT_EQ(out[b], b * 10);

  const auto k = [](int64_t* o, int64_t add) { o[GetBlockIdx()] = add + GetBlockNum(); };
  aicore::Launch(k, 7, out.data(), int64_t{100});
  for (int64_t b = 0; b < 7; ++b) EXPECT_EQ(out[b], 107);
}

TEST_F(RuntimeTest, KernelIsNamedInErrors) {
  auto failing = [](int32_t bad_block) {
    if (GetBlockIdx() == bad_block) throw std::runtime_error("named failure");
  };
  try {
    AICORE_LAUNCH(failing, 4, 2);
    FAIL() << "no error";
  } catch (const aicore::KernelError& e) {
    EXPECT_EQ(e.kernel(), "failing");
    EXPECT_EQ(e.block(), 2);
    EXPECT_EQ(e.block_num(), 4);
    EXPECT_NE(std::string(e.what()).find("kernel failing, block 2 of 4"), std::string::npos)
        << e.what();
  }
  try {
    aicore::LaunchNamed("my_kernel", failing, 3, 1);
    FAIL() << "no error";
  } catch (const aicore::KernelError& e) {
    EXPECT_EQ(e.kernel(), "my_kernel");
    EXPECT_EQ(e.block(), 1);
  }
  try {
    aicore::Launch(failing, 3, 0);
    FAIL() << "no error";
  } catch (const aicore::KernelError& e) {
    EXPECT_EQ(e.kernel(), "kernel");  // the unnamed default
    EXPECT_EQ(e.block(), 0);
  }
}

TEST_F(RuntimeTest, BlockIdentityOutsideKernel) {
  // Host code sees block 0 of 1 and no pipe.
  EXPECT_EQ(GetBlockIdx(), 0);
  EXPECT_EQ(GetBlockNum(), 1);
  EXPECT_EQ(GetTPipePtr(), nullptr);
}

TEST_F(RuntimeTest, MaxBlockDimAccepted) {
  aicore::SetNumThreads(2);
  std::atomic<uint32_t> count{0};
  aicore::Launch([&] { count.fetch_add(1, std::memory_order_relaxed); }, aicore::kMaxBlockDim);
  EXPECT_EQ(count.load(), aicore::kMaxBlockDim);
  EXPECT_THROW(aicore::Launch([] {}, aicore::kMaxBlockDim + 1), aicore::KernelError);
}

TEST_F(RuntimeTest, NumThreadsQueries) {
  aicore::SetNumThreads(3);
  EXPECT_EQ(aicore::GetNumThreads(), 3u);
  // Readable from inside a kernel (the launch holds the pool lock).
  std::atomic<uint32_t> inside{0};
  aicore::Launch([&] { inside = aicore::GetNumThreads(); }, 4);
  EXPECT_EQ(inside.load(), 3u);
  aicore::SetNumThreads(0);
  EXPECT_EQ(aicore::GetNumThreads(), aicore::detail::DefaultNumThreads());
  EXPECT_GE(aicore::GetNumThreads(), 1u);
}

}  // namespace
