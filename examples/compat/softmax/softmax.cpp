// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// softmax over rows of 2048 half values: y = exp(x - max) / sum(exp(x - max)),
// computed in float (Cast in, max, subtract, Exp, sum, scale, Cast out).
#include "kernel_operator.h"
#include "softmax_tiling.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;

class KernelSoftmax {
 public:
  __aicore__ inline KernelSoftmax() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t rowNum, uint32_t rowLength) {
    rowLength_ = rowLength;
    rowsPerBlock_ = rowNum / GetBlockNum();
    const uint64_t offset = uint64_t{rowsPerBlock_} * rowLength * GetBlockIdx();
    xGm_.SetGlobalBuffer((__gm__ half*)x + offset, uint64_t{rowsPerBlock_} * rowLength);
    yGm_.SetGlobalBuffer((__gm__ half*)y + offset, uint64_t{rowsPerBlock_} * rowLength);
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, rowLength * sizeof(half));
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, rowLength * sizeof(half));
    pipe_.InitBuffer(floatBuf_, rowLength * sizeof(float));
    pipe_.InitBuffer(tmpBuf_, rowLength * sizeof(float));
    pipe_.InitBuffer(reduceBuf_, 32);
  }
  __aicore__ inline void Process() {
    for (uint32_t row = 0; row < rowsPerBlock_; ++row) {
      LocalTensor<half> x = inQueue_.AllocTensor<half>();
      DataCopy(x, xGm_[uint64_t{row} * rowLength_], rowLength_);
      inQueue_.EnQue(x);
      Compute();
      LocalTensor<half> y = outQueue_.DeQue<half>();
      DataCopy(yGm_[uint64_t{row} * rowLength_], y, rowLength_);
      outQueue_.FreeTensor(y);
    }
  }

 private:
  __aicore__ inline float ReadScalar(const LocalTensor<float>& r) {
    SetFlag<HardEvent::V_S>(EVENT_ID0);
    WaitFlag<HardEvent::V_S>(EVENT_ID0);
    const float v = r.GetValue(0);
    SetFlag<HardEvent::S_V>(EVENT_ID0);
    WaitFlag<HardEvent::S_V>(EVENT_ID0);
    return v;
  }
  __aicore__ inline void Compute() {
    const int32_t n = static_cast<int32_t>(rowLength_);
    LocalTensor<half> x = inQueue_.DeQue<half>();
    LocalTensor<half> y = outQueue_.AllocTensor<half>();
    LocalTensor<float> xf = floatBuf_.Get<float>();
    LocalTensor<float> tmp = tmpBuf_.Get<float>();
    LocalTensor<float> red = reduceBuf_.Get<float>();
    Cast(xf, x, RoundMode::CAST_NONE, n);       // (n) half -> float, exact
    ReduceMax(red, xf, tmp, n);
    const float rowMax = ReadScalar(red);
    Adds(xf, xf, -rowMax, n);
    Exp(xf, xf, n);
    ReduceSum(red, xf, tmp, n);
    const float inv = 1.0f / ReadScalar(red);
    Muls(xf, xf, inv, n);
    Cast(y, xf, RoundMode::CAST_RINT, n);       // float -> half, to nearest even
    outQueue_.EnQue(y);
    inQueue_.FreeTensor(x);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
  TBuf<TPosition::VECCALC> floatBuf_, tmpBuf_, reduceBuf_;
  GlobalTensor<half> xGm_, yGm_;
  uint32_t rowLength_ = 0, rowsPerBlock_ = 0;
};

extern "C" __global__ __aicore__ void softmax_custom(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  (void)workspace;
  REGISTER_TILING_DEFAULT(SoftmaxCustomTilingData);
  GET_TILING_DATA(tilingData, tiling);
  KernelSoftmax op;
  op.Init(x, y, tilingData.rowNum, tilingData.rowLength);
  op.Process();
}

#ifndef ASCENDC_CPU_DEBUG
void softmax_custom_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* y, uint8_t* workspace, uint8_t* tiling) {
  softmax_custom<<<blockDim, nullptr, stream>>>(x, y, workspace, tiling);
}
#endif
