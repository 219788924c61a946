// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// RMSNorm over rows of a [rows, hidden] half matrix (LLaMA: hidden 4096):
//   y = x / sqrt(mean(x^2) + eps) * gamma,
// half in and out, float accumulation. Rows are split evenly over the blocks;
// gamma is loaded and converted to float once per block.
//
// rms_norm_api_kernel.h has the same kernel calling the high-level RmsNorm.
#pragma once

#include <aicore/aicore.h>

#include <cmath>

struct RmsNormTiling {
  uint32_t rows;    // a multiple of blockNum
  uint32_t hidden;  // elements per row; a multiple of 16
  float eps;
};

class KernelRmsNorm {
 public:
  static constexpr int32_t BUFFER_NUM = 2;

  __aicore__ inline void Init(GM_ADDR x, GM_ADDR gamma, GM_ADDR y, const RmsNormTiling& tiling) {
    hidden_ = tiling.hidden;
    eps_ = tiling.eps;
    rowsPerBlock_ = tiling.rows / AscendC::GetBlockNum();
    const uint64_t offset = uint64_t{rowsPerBlock_} * hidden_ * AscendC::GetBlockIdx();
    xGm_.SetGlobalBuffer((__gm__ half*)x + offset, uint64_t{rowsPerBlock_} * hidden_);
    yGm_.SetGlobalBuffer((__gm__ half*)y + offset, uint64_t{rowsPerBlock_} * hidden_);
    gammaGm_.SetGlobalBuffer((__gm__ half*)gamma, hidden_);
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, hidden_ * sizeof(half));
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, hidden_ * sizeof(half));
    pipe_.InitBuffer(xf_, hidden_ * sizeof(float));
    pipe_.InitBuffer(sq_, hidden_ * sizeof(float));
    pipe_.InitBuffer(gammaF_, hidden_ * sizeof(float));
    pipe_.InitBuffer(sum_, 32);
  }

  __aicore__ inline void Process() {
    LoadGamma();
    for (uint32_t row = 0; row < rowsPerBlock_; ++row) {
      CopyIn(row);
      Compute();
      CopyOut(row);
    }
  }

 private:
  __aicore__ inline void LoadGamma() {
    using namespace AscendC;
    LocalTensor<half> g = inQueue_.AllocTensor<half>();
    DataCopy(g, gammaGm_, hidden_);
    inQueue_.EnQue(g);
    g = inQueue_.DeQue<half>();
    Cast(gammaF_.Get<float>(), g, RoundMode::CAST_NONE, hidden_);
    inQueue_.FreeTensor(g);
  }

  __aicore__ inline void CopyIn(uint32_t row) {
    AscendC::LocalTensor<half> x = inQueue_.AllocTensor<half>();
    AscendC::DataCopy(x, xGm_[uint64_t{row} * hidden_], hidden_);
    inQueue_.EnQue(x);
  }

  __aicore__ inline void Compute() {
    using namespace AscendC;
    LocalTensor<half> xIn = inQueue_.DeQue<half>();
    LocalTensor<half> yOut = outQueue_.AllocTensor<half>();
    LocalTensor<float> x = xf_.Get<float>();
    LocalTensor<float> sq = sq_.Get<float>();
    LocalTensor<float> sum = sum_.Get<float>();
    Cast(x, xIn, RoundMode::CAST_NONE, hidden_);   // (hidden) float
    Mul(sq, x, x, hidden_);                        // x^2
    ReduceSum(sum, sq, sq, hidden_);               // sum(x^2) -> sum[0]
    SetFlag<HardEvent::V_S>(EVENT_ID0);            // the scalar unit reads sum[0]
    WaitFlag<HardEvent::V_S>(EVENT_ID0);
    const float rms = 1.0f / std::sqrt(sum.GetValue(0) / static_cast<float>(hidden_) + eps_);
    SetFlag<HardEvent::S_V>(EVENT_ID0);
    WaitFlag<HardEvent::S_V>(EVENT_ID0);
    Muls(x, x, rms, hidden_);                      // x / rms
    Mul(x, x, gammaF_.Get<float>(), hidden_);      // * gamma
    Cast(yOut, x, RoundMode::CAST_RINT, hidden_);  // back to half
    outQueue_.EnQue(yOut);
    inQueue_.FreeTensor(xIn);
  }

  __aicore__ inline void CopyOut(uint32_t row) {
    AscendC::LocalTensor<half> y = outQueue_.DeQue<half>();
    AscendC::DataCopy(yGm_[uint64_t{row} * hidden_], y, hidden_);
    outQueue_.FreeTensor(y);
  }

  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, BUFFER_NUM> inQueue_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, BUFFER_NUM> outQueue_;
  AscendC::TBuf<AscendC::QuePosition::VECCALC> xf_, sq_, gammaF_, sum_;
  AscendC::GlobalTensor<half> xGm_, yGm_, gammaGm_;
  uint32_t hidden_ = 0;
  uint32_t rowsPerBlock_ = 0;
  float eps_ = 0;
};

extern "C" __global__ __aicore__ void rms_norm_custom(GM_ADDR x, GM_ADDR gamma, GM_ADDR y,
                                                     RmsNormTiling tiling) {
  KernelRmsNorm op;
  op.Init(x, gamma, y, tiling);
  op.Process();
}

// The scalar reference for one row, in double.
inline void RmsNormReference(const half* x, const half* gamma, float* y, uint32_t hidden, float eps) {
  double ss = 0;
  for (uint32_t i = 0; i < hidden; ++i) ss += double(float(x[i])) * double(float(x[i]));
  const double inv = 1.0 / std::sqrt(ss / hidden + eps);
  for (uint32_t i = 0; i < hidden; ++i) y[i] = float(double(float(x[i])) * inv * double(float(gamma[i])));
}
