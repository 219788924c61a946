// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// aicore::ParallelFor on the core grid.
#include <aicore/aicore.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using namespace AscendC;

namespace {

class ParallelForTest : public ::testing::TestWithParam<uint32_t> {
 protected:
  void SetUp() override { aicore::SetNumThreads(GetParam()); }
  void TearDown() override { aicore::SetNumThreads(0); }
};

INSTANTIATE_TEST_SUITE_P(Pools, ParallelForTest, ::testing::Values(1u, 2u, 5u),
                         [](const auto& info) { return "threads" + std::to_string(info.param); });

TEST_P(ParallelForTest, EveryIndexExactlyOnce) {
  for (uint32_t n : {0u, 1u, 2u, 3u, 7u, 64u, 1000u, 10007u}) {
    std::vector<std::atomic<int>> hits(n);
    aicore::ParallelFor(n, [&](uint32_t i) { hits[i].fetch_add(1, std::memory_order_relaxed); });
    for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(hits[i].load(), 1) << "i=" << i << " n=" << n;
  }
}

// Jobs with fewer tasks than threads leave the other workers out (they see
// it from the job state alone); after an idle pause every worker has parked,
// and each job must still run every index once, whichever workers wake.
TEST_P(ParallelForTest, SmallJobsAfterTheWorkersParked) {
  for (int round = 0; round < 4; ++round) {
    std::this_thread::sleep_for(std::chrono::milliseconds(40));
    for (uint32_t n : {1u, 2u, 3u, 9u, 2u, 5u}) {
      std::vector<std::atomic<int>> hits(n);
      aicore::ParallelFor(n, [&](uint32_t i) { hits[i].fetch_add(1, std::memory_order_relaxed); });
      for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(hits[i].load(), 1) << "i=" << i << " n=" << n;
    }
  }
}

TEST_P(ParallelForTest, UsesAtMostPoolThreads) {
  constexpr uint32_t kN = 200;
  std::vector<std::thread::id> ids(kN);
  aicore::ParallelFor(kN, [&](uint32_t i) { ids[i] = std::this_thread::get_id(); });
  std::set<std::thread::id> distinct(ids.begin(), ids.end());
  EXPECT_LE(distinct.size(), GetParam());
  if (GetParam() == 1) {
    EXPECT_EQ(*distinct.begin(), std::this_thread::get_id());
  }
}

TEST_P(ParallelForTest, ConstFunctorAndInterleavingWithLaunches) {
  std::vector<int64_t> data(333, 0);
  const auto fill = [&data](uint32_t i) { data[i] = 3 * static_cast<int64_t>(i); };
  for (int round = 0; round < 50; ++round) {
    aicore::ParallelFor(static_cast<uint32_t>(data.size()), fill);
    aicore::Launch([&] { data[GetBlockIdx()] += 1; }, static_cast<uint32_t>(data.size()));
    for (size_t i = 0; i < data.size(); ++i) ASSERT_EQ(data[i], 3 * static_cast<int64_t>(i) + 1);
  }
}

TEST_P(ParallelForTest, ConcurrentCallsFromHostThreads) {
  std::atomic<int> wrong{0};
  std::vector<std::thread> hosts;
  for (int h = 0; h < 3; ++h) {
    hosts.emplace_back([&, h] {
      std::vector<int> v(97);
      for (int it = 0; it < 100; ++it) {
        aicore::ParallelFor(97, [&](uint32_t i) { v[i] = h * 1000 + it + static_cast<int>(i); });
        for (int i = 0; i < 97; ++i) {
          if (v[i] != h * 1000 + it + i) wrong.fetch_add(1);
        }
      }
    });
  }
  for (auto& t : hosts) t.join();
  EXPECT_EQ(wrong.load(), 0);
}

TEST_P(ParallelForTest, ExceptionIsRethrownAndOtherIterationsRun) {
  std::vector<std::atomic<int>> hits(50);
  try {
    aicore::ParallelFor(50, [&](uint32_t i) {
      hits[i].fetch_add(1);
      if (i == 17) throw std::runtime_error("iteration 17 failed");
    });
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "iteration 17 failed");
  }
  for (uint32_t i = 0; i < 50; ++i) EXPECT_EQ(hits[i].load(), 1) << i;
  // The pool is intact.
  std::atomic<int> count{0};
  aicore::ParallelFor(20, [&](uint32_t) { count.fetch_add(1); });
  EXPECT_EQ(count.load(), 20);
}

TEST_P(ParallelForTest, NestingIsRejectedNotDeadlocked) {
  // A ParallelFor or a launch from a ParallelFor body would wait for the pool
  // it runs on; both are reported instead.
  try {
    aicore::ParallelFor(4, [](uint32_t) { aicore::ParallelFor(2, [](uint32_t) {}); });
    FAIL() << "nested ParallelFor accepted";
  } catch (const aicore::KernelError& e) {
    EXPECT_EQ(e.kind(), aicore::ErrorKind::kLaunch);
    EXPECT_NE(std::string(e.what()).find("ParallelFor from inside a ParallelFor"),
              std::string::npos)
        << e.what();
  }
  try {
    aicore::ParallelFor(4, [](uint32_t) { aicore::Launch([] {}, 2); });
    FAIL() << "launch from ParallelFor accepted";
  } catch (const aicore::KernelError& e) {
    EXPECT_EQ(e.kind(), aicore::ErrorKind::kLaunch);
    EXPECT_NE(std::string(e.what()).find("inside an aicore::ParallelFor body"), std::string::npos)
        << e.what();
  }
  try {
    aicore::LaunchNamed("pf_in_kernel", [] { aicore::ParallelFor(2, [](uint32_t) {}); }, 3);
    FAIL() << "ParallelFor from a kernel accepted";
  } catch (const aicore::KernelError& e) {
    EXPECT_EQ(e.kind(), aicore::ErrorKind::kLaunch);
    EXPECT_EQ(e.kernel(), "pf_in_kernel");
    EXPECT_GE(e.block(), 0);
  }
  // Everything still works afterwards, and the host thread is not marked.
  std::atomic<int> count{0};
  aicore::ParallelFor(10, [&](uint32_t) { count.fetch_add(1); });
  aicore::Launch([&] { count.fetch_add(1); }, 5);
  EXPECT_EQ(count.load(), 15);
}

}  // namespace
