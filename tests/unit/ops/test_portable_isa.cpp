// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// A user's portable build: aicore::aicore with -march=x86-64-v3 (or -v4) and
// no -march=native. Highway must compile for its AVX2 (AVX-512) target, not
// fall back to SSSE3 because the flags lack PCLMUL/AES; and the kernel must
// compute the same values there. Built twice by tests/CMakeLists.txt with
// AICORE_EXPECT_TARGET / AICORE_EXPECT_CPU set per -march level.
#include <aicore/aicore.h>
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

static_assert(HWY_STATIC_TARGET == AICORE_EXPECT_TARGET,
              "aicore::aicore compiles this -march level for the wrong Highway target");

namespace {

// z = x + y over the first perBlock - kUnsummed elements of each block, 0 past them.
constexpr uint32_t kUnsummed = 7;

__global__ __aicore__ void AddHalf(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t perBlock) {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 3 * perBlock * sizeof(half));
  AscendC::LocalTensor<half> lx = buf.Get<half>();
  AscendC::LocalTensor<half> ly = lx[perBlock];
  AscendC::LocalTensor<half> lz = lx[2 * perBlock];
  const uint64_t off = uint64_t{perBlock} * AscendC::GetBlockIdx();
  AscendC::GlobalTensor<half> gx, gy, gz;
  gx.SetGlobalBuffer((__gm__ half*)x + off, perBlock);
  gy.SetGlobalBuffer((__gm__ half*)y + off, perBlock);
  gz.SetGlobalBuffer((__gm__ half*)z + off, perBlock);
  AscendC::DataCopy(lx, gx, perBlock);
  AscendC::DataCopy(ly, gy, perBlock);
  AscendC::Duplicate(lz, half(0.0f), static_cast<int32_t>(perBlock));
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::Add(lz, lx, ly, static_cast<int32_t>(perBlock - kUnsummed));
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::DataCopy(gz, lz, perBlock);
}

TEST(PortableIsa, HighwayTargetAndAKernel) {
  if (!__builtin_cpu_supports(AICORE_EXPECT_CPU)) GTEST_SKIP() << "this CPU lacks " AICORE_EXPECT_CPU;
  EXPECT_STREQ(aicore::SimdTargetName(), hwy::TargetName(AICORE_EXPECT_TARGET));
  // Add's count ends 7 lanes into a vector on every target: the partial tail runs too.
  constexpr uint32_t kBlocks = 4, kPerBlock = 4096 + 16;
  const size_t n = size_t{kBlocks} * kPerBlock;
  std::vector<half> x(n), y(n), z(n);
  for (size_t i = 0; i < n; ++i) {
    x[i] = half(static_cast<float>(i % 1000) * 0.37f - 150.0f);
    y[i] = half(static_cast<float>(i % 777) * -0.21f + 60.0f);
  }
  aicore::Launch(AddHalf, kBlocks, reinterpret_cast<GM_ADDR>(x.data()),
                 reinterpret_cast<GM_ADDR>(y.data()), reinterpret_cast<GM_ADDR>(z.data()), kPerBlock);
  for (size_t i = 0; i < n; ++i) {
    // half + half rounded once from f32 is the IEEE half sum: bit-exact.
    const bool summed = i % kPerBlock < kPerBlock - kUnsummed;
    const half want(summed ? static_cast<float>(x[i]) + static_cast<float>(y[i]) : 0.0f);
    ASSERT_EQ(std::memcmp(&z[i], &want, sizeof(half)), 0) << "element " << i;
  }
}

}  // namespace
