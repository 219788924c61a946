// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// rms_norm over rows of a half [rowNum, hiddenSize] tensor (LLaMA style):
//   y = x / sqrt(mean(x^2) + epsilon) * gamma,
// computed in float. The float scratch buffers come from a TBufPool; the
// tiling is read in place through a pointer (GET_TILING_DATA_PTR_WITH_STRUCT).
#include <cmath>

#include "kernel_operator.h"
#include "rms_norm_tiling.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;

class KernelRmsNorm {
 public:
  __aicore__ inline KernelRmsNorm() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR gamma, GM_ADDR y, const RmsNormCustomTilingData* tiling) {
    hidden_ = tiling->hiddenSize;
    epsilon_ = tiling->epsilon;
    rowsPerBlock_ = tiling->rowNum / GetBlockNum();
    const uint64_t offset = uint64_t{rowsPerBlock_} * hidden_ * GetBlockIdx();
    xGm_.SetGlobalBuffer((__gm__ half*)x + offset, uint64_t{rowsPerBlock_} * hidden_);
    yGm_.SetGlobalBuffer((__gm__ half*)y + offset, uint64_t{rowsPerBlock_} * hidden_);
    gammaGm_.SetGlobalBuffer((__gm__ half*)gamma, hidden_);
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, hidden_ * sizeof(half));
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, hidden_ * sizeof(half));
    pipe_.InitBufPool(floatPool_, 3 * hidden_ * sizeof(float) + 32);
    floatPool_.InitBuffer(xf_, hidden_ * sizeof(float));
    floatPool_.InitBuffer(sq_, hidden_ * sizeof(float));
    floatPool_.InitBuffer(gammaF_, hidden_ * sizeof(float));
    floatPool_.InitBuffer(sum_, 32);
  }
  __aicore__ inline void Process() {
    LoadGamma();
    for (uint32_t row = 0; row < rowsPerBlock_; ++row) {
      LocalTensor<half> x = inQueue_.AllocTensor<half>();
      DataCopy(x, xGm_[uint64_t{row} * hidden_], hidden_);
      inQueue_.EnQue(x);
      Compute();
      LocalTensor<half> y = outQueue_.DeQue<half>();
      DataCopy(yGm_[uint64_t{row} * hidden_], y, hidden_);
      outQueue_.FreeTensor(y);
    }
  }

 private:
  __aicore__ inline void LoadGamma() {
    LocalTensor<half> g = inQueue_.AllocTensor<half>();
    DataCopy(g, gammaGm_, hidden_);
    inQueue_.EnQue(g);
    g = inQueue_.DeQue<half>();
    Cast(gammaF_.Get<float>(), g, RoundMode::CAST_NONE, static_cast<int32_t>(hidden_));
    inQueue_.FreeTensor(g);
  }
  __aicore__ inline void Compute() {
    const int32_t n = static_cast<int32_t>(hidden_);
    LocalTensor<half> xIn = inQueue_.DeQue<half>();
    LocalTensor<half> yOut = outQueue_.AllocTensor<half>();
    LocalTensor<float> x = xf_.Get<float>();
    LocalTensor<float> sq = sq_.Get<float>();
    LocalTensor<float> sum = sum_.Get<float>();
    Cast(x, xIn, RoundMode::CAST_NONE, n);
    Mul(sq, x, x, n);
    ReduceSum(sum, sq, sq, n);
    SetFlag<HardEvent::V_S>(EVENT_ID0);
    WaitFlag<HardEvent::V_S>(EVENT_ID0);
    const float rstd = 1.0f / std::sqrt(sum.GetValue(0) / static_cast<float>(hidden_) + epsilon_);
    SetFlag<HardEvent::S_V>(EVENT_ID0);
    WaitFlag<HardEvent::S_V>(EVENT_ID0);
    Muls(x, x, rstd, n);
    Mul(x, x, gammaF_.Get<float>(), n);
    Cast(yOut, x, RoundMode::CAST_RINT, n);
    outQueue_.EnQue(yOut);
    inQueue_.FreeTensor(xIn);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
  TBufPool<TPosition::VECCALC> floatPool_;
  TBuf<TPosition::VECCALC> xf_, sq_, gammaF_, sum_;
  GlobalTensor<half> xGm_, yGm_, gammaGm_;
  uint32_t hidden_ = 0, rowsPerBlock_ = 0;
  float epsilon_ = 0.0f;
};

extern "C" __global__ __aicore__ void rms_norm_custom(GM_ADDR x, GM_ADDR gamma, GM_ADDR y, GM_ADDR workspace,
                                                      GM_ADDR tiling) {
  (void)workspace;
  GET_TILING_DATA_PTR_WITH_STRUCT(RmsNormCustomTilingData, tilingData, tiling);
  KernelRmsNorm op;
  op.Init(x, gamma, y, tilingData);
  op.Process();
}

#ifndef ASCENDC_CPU_DEBUG
void rms_norm_custom_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* gamma, uint8_t* y, uint8_t* workspace,
                        uint8_t* tiling) {
  rms_norm_custom<<<blockDim, nullptr, stream>>>(x, gamma, y, workspace, tiling);
}
#endif
