// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// leaky_relu: y = x >= 0 ? x : negativeSlope * x over float. The tiling
// comes through GM (GET_TILING_DATA); each tile is computed in place in a
// TQueBind (VECIN -> VECOUT) buffer, with a V -> MTE3 flag before the copy out.
#include "kernel_operator.h"
#include "leaky_relu_tiling.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;

class KernelLeakyRelu {
 public:
  __aicore__ inline KernelLeakyRelu() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t totalLength, uint32_t tileNum, float slope) {
    ASSERT(GetBlockNum() != 0 && "block dim can not be zero!");
    blockLength_ = totalLength / GetBlockNum();
    tileNum_ = tileNum;
    slope_ = slope;
    tileLength_ = blockLength_ / tileNum / BUFFER_NUM;
    xGm_.SetGlobalBuffer((__gm__ float*)x + blockLength_ * GetBlockIdx(), blockLength_);
    yGm_.SetGlobalBuffer((__gm__ float*)y + blockLength_ * GetBlockIdx(), blockLength_);
    pipe_.InitBuffer(queue_, BUFFER_NUM, tileLength_ * sizeof(float));
  }
  __aicore__ inline void Process() {
    const int32_t loopCount = static_cast<int32_t>(tileNum_ * BUFFER_NUM);
    for (int32_t i = 0; i < loopCount; i++) {
      LocalTensor<float> local = queue_.AllocTensor<float>();
      DataCopy(local, xGm_[i * tileLength_], tileLength_);
      queue_.EnQue(local);
      local = queue_.DeQue<float>();
      // A VECIN->VECOUT bind queue orders the copy in (MTE2) before the copy
      // out (MTE3) only: computing in place needs both flags by hand.
      SetFlag<HardEvent::MTE2_V>(EVENT_ID0);  // the vector unit waits for the copy in
      WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
      LeakyRelu(local, local, slope_, static_cast<int32_t>(tileLength_));
      SetFlag<HardEvent::V_MTE3>(EVENT_ID0);  // the copy out waits for the vector unit
      WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
      DataCopy(yGm_[i * tileLength_], local, tileLength_);
      queue_.FreeTensor(local);
    }
  }

 private:
  TPipe pipe_;
  TQueBind<TPosition::VECIN, TPosition::VECOUT, BUFFER_NUM> queue_;
  GlobalTensor<float> xGm_, yGm_;
  uint32_t blockLength_ = 0, tileNum_ = 0, tileLength_ = 0;
  float slope_ = 0.0f;
};

extern "C" __global__ __aicore__ void leaky_relu_custom(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  (void)workspace;
  GET_TILING_DATA(tilingData, tiling);
  KernelLeakyRelu op;
  op.Init(x, y, tilingData.totalLength, tilingData.tileNum, tilingData.negativeSlope);
  op.Process();
}

#ifndef ASCENDC_CPU_DEBUG
void leaky_relu_custom_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* y, uint8_t* workspace,
                          uint8_t* tiling) {
  leaky_relu_custom<<<blockDim, nullptr, stream>>>(x, y, workspace, tiling);
}
#endif
