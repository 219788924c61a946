// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// LayerNorm over the last axis of a [B, S, H] half tensor (a transformer's
// hidden states, H = 1024 in the examples and benchmarks):
//   mean = sum(x) / H,  var = sum((x - mean)^2) / H          (per row)
//   y    = (x - mean) / sqrt(var + eps) * gamma + beta
// half in and out, float math (the tile is cast to float in UB, as kernels for
// half inputs usually do), the variance in the two-pass form the vendor's
// LayerNorm uses. The B * S rows are split evenly over the blocks; each block
// walks its rows in tiles of tileRows rows, double-buffered; gamma and beta
// are loaded and cast to float once per block. Written the way an Ascend C
// author writes it with basic instructions: per row ReduceSum, a scalar read
// of the sum (V_S / S_V synchronisation), Adds, Mul, ReduceSum, Muls, Mul,
// Add.
//
// layer_norm_api_kernel.h has the same kernel calling the high-level
// LayerNorm once per tile.
#pragma once

#include <aicore/aicore.h>

#include <cmath>
#include <cstdint>

#include "layer_norm_tiling.h"  // LayerNormCustomTiling

class KernelLayerNorm {
 public:
  static constexpr int32_t BUFFER_NUM = 2;

  __aicore__ inline void Init(GM_ADDR x, GM_ADDR gamma, GM_ADDR beta, GM_ADDR y,
                              const LayerNormCustomTiling& tiling) {
    hidden_ = tiling.hidden;
    tileRows_ = tiling.tileRows;
    eps_ = tiling.eps;
    rowsPerBlock_ = tiling.rows / AscendC::GetBlockNum();
    const uint64_t blockLen = uint64_t{rowsPerBlock_} * hidden_;
    const uint64_t offset = blockLen * AscendC::GetBlockIdx();
    xGm_.SetGlobalBuffer((__gm__ half*)x + offset, blockLen);
    yGm_.SetGlobalBuffer((__gm__ half*)y + offset, blockLen);
    gammaGm_.SetGlobalBuffer((__gm__ half*)gamma, hidden_);
    betaGm_.SetGlobalBuffer((__gm__ half*)beta, hidden_);
    const uint32_t tileLen = tileRows_ * hidden_;
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileLen * sizeof(half));
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileLen * sizeof(half));
    pipe_.InitBuffer(xf_, tileLen * sizeof(float));
    pipe_.InitBuffer(sq_, hidden_ * sizeof(float));
    pipe_.InitBuffer(work_, hidden_ * sizeof(float));
    pipe_.InitBuffer(gammaF_, hidden_ * sizeof(float));
    pipe_.InitBuffer(betaF_, hidden_ * sizeof(float));
    pipe_.InitBuffer(sum_, 32);
  }

  __aicore__ inline void Process() {
    LoadParam(gammaGm_, gammaF_.Get<float>());
    LoadParam(betaGm_, betaF_.Get<float>());
    for (uint32_t row = 0; row < rowsPerBlock_; row += tileRows_) {
      CopyIn(row);
      Compute();
      CopyOut(row);
    }
  }

 private:
  // gamma or beta: GM -> UB (half) -> float, kept for every row.
  __aicore__ inline void LoadParam(const AscendC::GlobalTensor<half>& gm,
                                   const AscendC::LocalTensor<float>& dst) {
    using namespace AscendC;
    LocalTensor<half> p = inQueue_.AllocTensor<half>();
    DataCopy(p, gm, hidden_);
    inQueue_.EnQue(p);
    p = inQueue_.DeQue<half>();
    Cast(dst, p, RoundMode::CAST_NONE, hidden_);
    inQueue_.FreeTensor(p);
  }

  __aicore__ inline void CopyIn(uint32_t row) {
    AscendC::LocalTensor<half> x = inQueue_.AllocTensor<half>();
    AscendC::DataCopy(x, xGm_[uint64_t{row} * hidden_], tileRows_ * hidden_);
    inQueue_.EnQue(x);
  }

  // The scalar unit reads sum[0] after the vector unit wrote it.
  __aicore__ inline float ReadSum(const AscendC::LocalTensor<float>& sum) {
    using namespace AscendC;
    SetFlag<HardEvent::V_S>(EVENT_ID0);
    WaitFlag<HardEvent::V_S>(EVENT_ID0);
    const float v = sum.GetValue(0);
    SetFlag<HardEvent::S_V>(EVENT_ID0);
    WaitFlag<HardEvent::S_V>(EVENT_ID0);
    return v;
  }

  __aicore__ inline void Compute() {
    using namespace AscendC;
    LocalTensor<half> xIn = inQueue_.DeQue<half>();
    LocalTensor<half> yOut = outQueue_.AllocTensor<half>();
    LocalTensor<float> x = xf_.Get<float>();
    LocalTensor<float> sq = sq_.Get<float>();
    LocalTensor<float> work = work_.Get<float>();
    LocalTensor<float> sum = sum_.Get<float>();
    LocalTensor<float> gamma = gammaF_.Get<float>();
    LocalTensor<float> beta = betaF_.Get<float>();
    const uint32_t tileLen = tileRows_ * hidden_;
    const float invH = 1.0f / static_cast<float>(hidden_);
    Cast(x, xIn, RoundMode::CAST_NONE, tileLen);      // the tile in float
    inQueue_.FreeTensor(xIn);
    for (uint32_t r = 0; r < tileRows_; ++r) {
      LocalTensor<float> row = x[r * hidden_];
      ReduceSum(sum, row, work, hidden_);              // sum(x) -> sum[0]
      const float mean = ReadSum(sum) * invH;
      Adds(row, row, -mean, hidden_);                  // x - mean
      Mul(sq, row, row, hidden_);                      // (x - mean)^2
      ReduceSum(sum, sq, work, hidden_);               // sum((x - mean)^2)
      const float var = ReadSum(sum) * invH;
      const float rstd = 1.0f / std::sqrt(var + eps_);
      Muls(row, row, rstd, hidden_);                   // (x - mean) / std
      Mul(row, row, gamma, hidden_);                   // * gamma
      Add(row, row, beta, hidden_);                    // + beta
    }
    Cast(yOut, x, RoundMode::CAST_RINT, tileLen);     // back to half
    outQueue_.EnQue(yOut);
  }

  __aicore__ inline void CopyOut(uint32_t row) {
    AscendC::LocalTensor<half> y = outQueue_.DeQue<half>();
    AscendC::DataCopy(yGm_[uint64_t{row} * hidden_], y, tileRows_ * hidden_);
    outQueue_.FreeTensor(y);
  }

  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, BUFFER_NUM> inQueue_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, BUFFER_NUM> outQueue_;
  AscendC::TBuf<AscendC::QuePosition::VECCALC> xf_, sq_, work_, gammaF_, betaF_, sum_;
  AscendC::GlobalTensor<half> xGm_, yGm_, gammaGm_, betaGm_;
  uint32_t hidden_ = 0;
  uint32_t tileRows_ = 0;
  uint32_t rowsPerBlock_ = 0;
  float eps_ = 0;
};

extern "C" __global__ __aicore__ void layer_norm_custom(GM_ADDR x, GM_ADDR gamma, GM_ADDR beta,
                                                       GM_ADDR y, LayerNormCustomTiling tiling) {
  KernelLayerNorm op;
  op.Init(x, gamma, beta, y, tiling);
  op.Process();
}

// The scalar reference for one row, in double (inputs converted exactly).
inline void LayerNormReference(const half* x, const half* gamma, const half* beta, double* y,
                               uint32_t hidden, double eps) {
  double s = 0;
  for (uint32_t i = 0; i < hidden; ++i) s += double(float(x[i]));
  const double mean = s / hidden;
  double ss = 0;
  for (uint32_t i = 0; i < hidden; ++i) {
    const double c = double(float(x[i])) - mean;
    ss += c * c;
  }
  const double rstd = 1.0 / std::sqrt(ss / hidden + eps);
  for (uint32_t i = 0; i < hidden; ++i) {
    y[i] = (double(float(x[i])) - mean) * rstd * double(float(gamma[i])) + double(float(beta[i]));
  }
}
