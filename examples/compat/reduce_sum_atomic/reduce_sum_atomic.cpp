// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// reduce_sum_atomic: y[c] = sum over rows of x[r][c] (float). Block 0 zeroes
// y; SyncAll makes every block wait for that; each block sums its rows in UB
// and adds its partial sums into y with an atomic-add copy, so the blocks'
// contributions combine in GM in whatever order they arrive.
#include "kernel_operator.h"
#include "reduce_sum_atomic_tiling.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;

class KernelReduceSumAtomic {
 public:
  __aicore__ inline KernelReduceSumAtomic() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const ReduceSumAtomicTilingData& tiling) {
    colNum_ = tiling.colNum;
    rowsPerBlock_ = tiling.rowNum / GetBlockNum();
    xGm_.SetGlobalBuffer((__gm__ float*)x + uint64_t{rowsPerBlock_} * colNum_ * GetBlockIdx(),
                         uint64_t{rowsPerBlock_} * colNum_);
    yGm_.SetGlobalBuffer((__gm__ float*)y, colNum_);
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, colNum_ * sizeof(float));
    pipe_.InitBuffer(accBuf_, colNum_ * sizeof(float));
  }
  __aicore__ inline void Process() {
    if (GetBlockIdx() == 0) InitGlobalMemory(yGm_, colNum_, 0.0f);
    SyncAll();  // nobody adds into y before it is zero

    const int32_t n = static_cast<int32_t>(colNum_);
    LocalTensor<float> acc = accBuf_.Get<float>();
    Duplicate(acc, 0.0f, n);
    for (uint32_t row = 0; row < rowsPerBlock_; ++row) {
      LocalTensor<float> x = inQueue_.AllocTensor<float>();
      DataCopy(x, xGm_[uint64_t{row} * colNum_], colNum_);
      inQueue_.EnQue(x);
      x = inQueue_.DeQue<float>();
      Add(acc, acc, x, n);
      inQueue_.FreeTensor(x);
    }
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    SetAtomicAdd<float>();
    DataCopy(yGm_, acc, colNum_);
    SetAtomicNone();
  }

 private:
  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
  TBuf<TPosition::VECCALC> accBuf_;
  GlobalTensor<float> xGm_, yGm_;
  uint32_t colNum_ = 0, rowsPerBlock_ = 0;
};

extern "C" __global__ __aicore__ void reduce_sum_atomic_custom(GM_ADDR x, GM_ADDR y, ReduceSumAtomicTilingData tiling) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
  KernelReduceSumAtomic op;
  op.Init(x, y, tiling);
  op.Process();
}

#ifndef ASCENDC_CPU_DEBUG
void reduce_sum_atomic_custom_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* y,
                                 ReduceSumAtomicTilingData tiling) {
  reduce_sum_atomic_custom<<<blockDim, nullptr, stream>>>(x, y, tiling);
}
#endif
