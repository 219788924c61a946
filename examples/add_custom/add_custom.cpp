// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// add_custom: the canonical Ascend C vector kernel, z = x + y over half.
// 8 blocks x 2048 elements; each block walks its slice in tiles of 128
// elements with double buffering (BUFFER_NUM = 2): CopyIn -> Compute ->
// CopyOut over TQue queues.
#include <aicore/aicore.h>
#include <aicore/testing/golden.h>

#include <chrono>
#include <cstdio>
#include <random>
#include <vector>

using namespace AscendC;

constexpr int32_t TOTAL_LENGTH = 8 * 2048;                            // elements in all
constexpr int32_t USE_CORE_NUM = 8;                                   // blocks
constexpr int32_t BLOCK_LENGTH = TOTAL_LENGTH / USE_CORE_NUM;         // 2048 per block
constexpr int32_t TILE_NUM = 8;                                       // tiles per block and buffer
constexpr int32_t BUFFER_NUM = 2;                                     // double buffering
constexpr int32_t TILE_LENGTH = BLOCK_LENGTH / TILE_NUM / BUFFER_NUM;  // 128 elements

class KernelAdd {
 public:
  __aicore__ inline KernelAdd() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
    const int64_t offset = BLOCK_LENGTH * GetBlockIdx();
    xGm.SetGlobalBuffer((__gm__ half*)x + offset, BLOCK_LENGTH);
    yGm.SetGlobalBuffer((__gm__ half*)y + offset, BLOCK_LENGTH);
    zGm.SetGlobalBuffer((__gm__ half*)z + offset, BLOCK_LENGTH);
    pipe.InitBuffer(inQueueX, BUFFER_NUM, TILE_LENGTH * sizeof(half));
    pipe.InitBuffer(inQueueY, BUFFER_NUM, TILE_LENGTH * sizeof(half));
    pipe.InitBuffer(outQueueZ, BUFFER_NUM, TILE_LENGTH * sizeof(half));
  }
  __aicore__ inline void Process() {
    const int32_t loopCount = TILE_NUM * BUFFER_NUM;
    for (int32_t i = 0; i < loopCount; i++) {
      CopyIn(i);
      Compute(i);
      CopyOut(i);
    }
  }

 private:
  __aicore__ inline void CopyIn(int32_t progress) {
    LocalTensor<half> xLocal = inQueueX.AllocTensor<half>();
    LocalTensor<half> yLocal = inQueueY.AllocTensor<half>();
    DataCopy(xLocal, xGm[progress * TILE_LENGTH], TILE_LENGTH);
    DataCopy(yLocal, yGm[progress * TILE_LENGTH], TILE_LENGTH);
    inQueueX.EnQue(xLocal);
    inQueueY.EnQue(yLocal);
  }
  __aicore__ inline void Compute(int32_t progress) {
    (void)progress;
    LocalTensor<half> xLocal = inQueueX.DeQue<half>();
    LocalTensor<half> yLocal = inQueueY.DeQue<half>();
    LocalTensor<half> zLocal = outQueueZ.AllocTensor<half>();
    Add(zLocal, xLocal, yLocal, TILE_LENGTH);
    outQueueZ.EnQue<half>(zLocal);
    inQueueX.FreeTensor(xLocal);
    inQueueY.FreeTensor(yLocal);
  }
  __aicore__ inline void CopyOut(int32_t progress) {
    LocalTensor<half> zLocal = outQueueZ.DeQue<half>();
    DataCopy(zGm[progress * TILE_LENGTH], zLocal, TILE_LENGTH);
    outQueueZ.FreeTensor(zLocal);
  }

  TPipe pipe;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX, inQueueY;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueZ;
  GlobalTensor<half> xGm, yGm, zGm;
};

extern "C" __global__ __aicore__ void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  KernelAdd op;
  op.Init(x, y, z);
  op.Process();
}

int main() {
  std::vector<half> x(TOTAL_LENGTH), y(TOTAL_LENGTH), z(TOTAL_LENGTH), golden(TOTAL_LENGTH);
  std::mt19937 rng(2026);
  std::uniform_real_distribution<float> dist(-100.0f, 100.0f);
  for (int32_t i = 0; i < TOTAL_LENGTH; ++i) {
    x[i] = dist(rng);
    y[i] = dist(rng);
    golden[i] = static_cast<half>(static_cast<float>(x[i]) + static_cast<float>(y[i]));
  }
  auto* xp = reinterpret_cast<uint8_t*>(x.data());
  auto* yp = reinterpret_cast<uint8_t*>(y.data());
  auto* zp = reinterpret_cast<uint8_t*>(z.data());

  AICORE_LAUNCH(add_custom, USE_CORE_NUM, xp, yp, zp);  // warm-up
  constexpr int kReps = 200;
  const auto t0 = std::chrono::steady_clock::now();
  for (int r = 0; r < kReps; ++r) AICORE_LAUNCH(add_custom, USE_CORE_NUM, xp, yp, zp);
  const auto t1 = std::chrono::steady_clock::now();
  const double us = std::chrono::duration<double, std::micro>(t1 - t0).count() / kReps;

  // Addition of halves is exact IEEE: the result must match bit for bit.
  size_t mismatches = 0;
  for (int32_t i = 0; i < TOTAL_LENGTH; ++i) mismatches += z[i].ToBits() != golden[i].ToBits();
  const bool pass = mismatches == 0;
  std::printf("add_custom: %d blocks x %d half, tile %d, BUFFER_NUM %d on %u threads: %.2f us/launch\n",
              USE_CORE_NUM, BLOCK_LENGTH, TILE_LENGTH, BUFFER_NUM, aicore::GetNumThreads(), us);
  std::printf("add_custom: %s (%zu of %d elements differ from the golden data)\n",
              pass ? "PASS" : "FAIL", mismatches, TOTAL_LENGTH);
  return pass ? 0 : 1;
}
