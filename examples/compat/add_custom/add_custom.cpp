// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// add_custom: z = x + y over half, the tiling struct passed by value. Each
// block adds totalLength / blockDim elements in tiles, double-buffered.
#include "kernel_operator.h"
#include "add_custom_tiling.h"

constexpr int32_t BUFFER_NUM = 2;

class KernelAdd {
 public:
  __aicore__ inline KernelAdd() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t totalLength, uint32_t tileNum) {
    blockLength_ = totalLength / AscendC::GetBlockNum();
    tileNum_ = tileNum;
    tileLength_ = blockLength_ / tileNum / BUFFER_NUM;
    const uint64_t offset = uint64_t{blockLength_} * AscendC::GetBlockIdx();
    xGm_.SetGlobalBuffer((__gm__ half*)x + offset, blockLength_);
    yGm_.SetGlobalBuffer((__gm__ half*)y + offset, blockLength_);
    zGm_.SetGlobalBuffer((__gm__ half*)z + offset, blockLength_);
    pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileLength_ * sizeof(half));
    pipe_.InitBuffer(inQueueY_, BUFFER_NUM, tileLength_ * sizeof(half));
    pipe_.InitBuffer(outQueueZ_, BUFFER_NUM, tileLength_ * sizeof(half));
  }
  __aicore__ inline void Process() {
    const int32_t loopCount = static_cast<int32_t>(tileNum_ * BUFFER_NUM);
    for (int32_t i = 0; i < loopCount; i++) {
      CopyIn(i);
      Compute(i);
      CopyOut(i);
    }
  }

 private:
  __aicore__ inline void CopyIn(int32_t progress) {
    AscendC::LocalTensor<half> xLocal = inQueueX_.AllocTensor<half>();
    AscendC::LocalTensor<half> yLocal = inQueueY_.AllocTensor<half>();
    AscendC::DataCopy(xLocal, xGm_[progress * tileLength_], tileLength_);
    AscendC::DataCopy(yLocal, yGm_[progress * tileLength_], tileLength_);
    inQueueX_.EnQue(xLocal);
    inQueueY_.EnQue(yLocal);
  }
  __aicore__ inline void Compute(int32_t) {
    AscendC::LocalTensor<half> xLocal = inQueueX_.DeQue<half>();
    AscendC::LocalTensor<half> yLocal = inQueueY_.DeQue<half>();
    AscendC::LocalTensor<half> zLocal = outQueueZ_.AllocTensor<half>();
    AscendC::Add(zLocal, xLocal, yLocal, static_cast<int32_t>(tileLength_));
    outQueueZ_.EnQue<half>(zLocal);
    inQueueX_.FreeTensor(xLocal);
    inQueueY_.FreeTensor(yLocal);
  }
  __aicore__ inline void CopyOut(int32_t progress) {
    AscendC::LocalTensor<half> zLocal = outQueueZ_.DeQue<half>();
    AscendC::DataCopy(zGm_[progress * tileLength_], zLocal, tileLength_);
    outQueueZ_.FreeTensor(zLocal);
  }

  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, BUFFER_NUM> inQueueX_, inQueueY_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, BUFFER_NUM> outQueueZ_;
  AscendC::GlobalTensor<half> xGm_, yGm_, zGm_;
  uint32_t blockLength_ = 0;
  uint32_t tileNum_ = 0;
  uint32_t tileLength_ = 0;
};

extern "C" __global__ __aicore__ void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z, AddCustomTilingData tiling) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
  KernelAdd op;
  op.Init(x, y, z, tiling.totalLength, tiling.tileNum);
  op.Process();
}

#ifndef ASCENDC_CPU_DEBUG
void add_custom_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* y, uint8_t* z,
                   AddCustomTilingData tiling) {
  add_custom<<<blockDim, nullptr, stream>>>(x, y, z, tiling);
}
#endif
