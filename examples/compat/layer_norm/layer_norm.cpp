// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// layer_norm over the last dimension of a float [1, 512, 1024] tensor:
//   y = (x - mean) / sqrt(var + epsilon) * gamma + beta,
// var the biased variance. Rows are split evenly over the blocks; gamma and
// beta are loaded once per block.
#include <cmath>

#include "kernel_operator.h"
#include "layer_norm_tiling.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;

class KernelLayerNorm {
 public:
  __aicore__ inline KernelLayerNorm() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR gamma, GM_ADDR beta, GM_ADDR y,
                              const LayerNormCustomTilingData& tiling) {
    rowLength_ = tiling.rowLength;
    rowsPerBlock_ = tiling.rowNum / GetBlockNum();
    epsilon_ = tiling.epsilon;
    const uint64_t offset = uint64_t{rowsPerBlock_} * rowLength_ * GetBlockIdx();
    xGm_.SetGlobalBuffer((__gm__ float*)x + offset, uint64_t{rowsPerBlock_} * rowLength_);
    yGm_.SetGlobalBuffer((__gm__ float*)y + offset, uint64_t{rowsPerBlock_} * rowLength_);
    gammaGm_.SetGlobalBuffer((__gm__ float*)gamma, rowLength_);
    betaGm_.SetGlobalBuffer((__gm__ float*)beta, rowLength_);
    const uint32_t rowBytes = rowLength_ * sizeof(float);
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, rowBytes);
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, rowBytes);
    pipe_.InitBuffer(gammaBuf_, rowBytes);
    pipe_.InitBuffer(betaBuf_, rowBytes);
    pipe_.InitBuffer(tmpBuf_, rowBytes);
    pipe_.InitBuffer(reduceBuf_, 32);
  }
  __aicore__ inline void Process() {
    DataCopy(gammaBuf_.Get<float>(), gammaGm_, rowLength_);
    DataCopy(betaBuf_.Get<float>(), betaGm_, rowLength_);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    for (uint32_t row = 0; row < rowsPerBlock_; ++row) {
      CopyIn(row);
      Compute();
      CopyOut(row);
    }
  }

 private:
  __aicore__ inline void CopyIn(uint32_t row) {
    LocalTensor<float> x = inQueue_.AllocTensor<float>();
    DataCopy(x, xGm_[uint64_t{row} * rowLength_], rowLength_);
    inQueue_.EnQue(x);
  }
  // The scalar unit reads a reduction result: wait for the vector unit first.
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
    const float invN = 1.0f / static_cast<float>(rowLength_);
    LocalTensor<float> x = inQueue_.DeQue<float>();
    LocalTensor<float> y = outQueue_.AllocTensor<float>();
    LocalTensor<float> tmp = tmpBuf_.Get<float>();
    LocalTensor<float> red = reduceBuf_.Get<float>();
    ReduceSum(red, x, tmp, n);                          // sum(x)
    const float mean = ReadScalar(red) * invN;
    Adds(y, x, -mean, n);                               // x - mean
    Mul(tmp, y, y, n);                                  // (x - mean)^2
    ReduceSum(red, tmp, tmp, n);
    const float rstd = 1.0f / std::sqrt(ReadScalar(red) * invN + epsilon_);
    Muls(y, y, rstd, n);                                // normalised
    Mul(y, y, gammaBuf_.Get<float>(), n);
    Add(y, y, betaBuf_.Get<float>(), n);
    outQueue_.EnQue(y);
    inQueue_.FreeTensor(x);
  }
  __aicore__ inline void CopyOut(uint32_t row) {
    LocalTensor<float> y = outQueue_.DeQue<float>();
    DataCopy(yGm_[uint64_t{row} * rowLength_], y, rowLength_);
    outQueue_.FreeTensor(y);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
  TBuf<TPosition::VECCALC> gammaBuf_, betaBuf_, tmpBuf_, reduceBuf_;
  GlobalTensor<float> xGm_, yGm_, gammaGm_, betaGm_;
  uint32_t rowLength_ = 0, rowsPerBlock_ = 0;
  float epsilon_ = 0.0f;
};

extern "C" __global__ __aicore__ void layer_norm_custom(GM_ADDR x, GM_ADDR gamma, GM_ADDR beta, GM_ADDR y,
                                                        GM_ADDR workspace, GM_ADDR tiling) {
  (void)workspace;
  GET_TILING_DATA_WITH_STRUCT(LayerNormCustomTilingData, tilingData, tiling);
  KernelLayerNorm op;
  op.Init(x, gamma, beta, y, tilingData);
  op.Process();
}

#ifndef ASCENDC_CPU_DEBUG
void layer_norm_custom_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* gamma, uint8_t* beta, uint8_t* y,
                          uint8_t* workspace, uint8_t* tiling) {
  layer_norm_custom<<<blockDim, nullptr, stream>>>(x, gamma, beta, y, workspace, tiling);
}
#endif
