// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// layer_norm_api_custom: the kernel of layer_norm_kernel.h (same data flow:
// rows split over the blocks, tiles of tileRows rows, double-buffered)
// computing each tile with one call of the high-level LayerNorm API
// (lib/normalization/layernorm.h) on a [1, tileRows, H] tile, with the
// sharedTmpBuffer form and the tiling GetLayerNormNDTilingInfo gives for the
// minimum temporary size of GetLayerNormMaxMinTmpSize. The API also writes
// each row's mean and variance; this inference kernel keeps them in UB and
// does not copy them out. The API takes half tensors (it computes in f32):
// gamma and beta stay half, epsilon is passed as half.
//
// The tilings and their host function are in layer_norm_tiling.h.
#pragma once

#include <aicore/aicore.h>
#include <aicore/lib/normalization.h>

#include "layer_norm_kernel.h"
#include "layer_norm_tiling.h"  // LayerNormApiTiling, MakeLayerNormApiTiling

class KernelLayerNormApi {
 public:
  static constexpr int32_t BUFFER_NUM = 2;

  __aicore__ inline void Init(GM_ADDR x, GM_ADDR gamma, GM_ADDR beta, GM_ADDR y,
                              const LayerNormApiTiling& tiling) {
    hidden_ = tiling.base.hidden;
    tileRows_ = tiling.base.tileRows;
    eps_ = static_cast<half>(tiling.base.eps);
    ln_ = tiling.ln;
    rowsPerBlock_ = tiling.base.rows / AscendC::GetBlockNum();
    const uint64_t blockLen = uint64_t{rowsPerBlock_} * hidden_;
    const uint64_t offset = blockLen * AscendC::GetBlockIdx();
    xGm_.SetGlobalBuffer((__gm__ half*)x + offset, blockLen);
    yGm_.SetGlobalBuffer((__gm__ half*)y + offset, blockLen);
    gammaGm_.SetGlobalBuffer((__gm__ half*)gamma, hidden_);
    betaGm_.SetGlobalBuffer((__gm__ half*)beta, hidden_);
    const uint32_t tileLen = tileRows_ * hidden_;
    const uint32_t statBytes = (tileRows_ * sizeof(half) + 31) / 32 * 32;
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileLen * sizeof(half));
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileLen * sizeof(half));
    pipe_.InitBuffer(gamma_, hidden_ * sizeof(half));
    pipe_.InitBuffer(beta_, hidden_ * sizeof(half));
    pipe_.InitBuffer(mean_, statBytes);
    pipe_.InitBuffer(var_, statBytes);
    pipe_.InitBuffer(tmp_, tiling.tmpBytes);
  }

  __aicore__ inline void Process() {
    LoadParam(gammaGm_, gamma_.Get<half>());
    LoadParam(betaGm_, beta_.Get<half>());
    for (uint32_t row = 0; row < rowsPerBlock_; row += tileRows_) {
      CopyIn(row);
      Compute();
      CopyOut(row);
    }
  }

 private:
  __aicore__ inline void LoadParam(const AscendC::GlobalTensor<half>& gm,
                                   const AscendC::LocalTensor<half>& dst) {
    using namespace AscendC;
    LocalTensor<half> p = inQueue_.AllocTensor<half>();
    DataCopy(p, gm, hidden_);
    inQueue_.EnQue(p);
    p = inQueue_.DeQue<half>();
    DataCopy(dst, p, hidden_);  // UB -> UB, kept for every tile
    inQueue_.FreeTensor(p);
  }

  __aicore__ inline void CopyIn(uint32_t row) {
    AscendC::LocalTensor<half> x = inQueue_.AllocTensor<half>();
    AscendC::DataCopy(x, xGm_[uint64_t{row} * hidden_], tileRows_ * hidden_);
    inQueue_.EnQue(x);
  }

  __aicore__ inline void Compute() {
    using namespace AscendC;
    LocalTensor<half> xIn = inQueue_.DeQue<half>();
    LocalTensor<half> yOut = outQueue_.AllocTensor<half>();
    LayerNorm<half, false>(yOut, mean_.Get<half>(), var_.Get<half>(), xIn, gamma_.Get<half>(),
                           beta_.Get<half>(), tmp_.Get<uint8_t>(), eps_, ln_);
    outQueue_.EnQue(yOut);
    inQueue_.FreeTensor(xIn);
  }

  __aicore__ inline void CopyOut(uint32_t row) {
    AscendC::LocalTensor<half> y = outQueue_.DeQue<half>();
    AscendC::DataCopy(yGm_[uint64_t{row} * hidden_], y, tileRows_ * hidden_);
    outQueue_.FreeTensor(y);
  }

  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, BUFFER_NUM> inQueue_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, BUFFER_NUM> outQueue_;
  AscendC::TBuf<AscendC::QuePosition::VECCALC> gamma_, beta_, mean_, var_, tmp_;
  AscendC::GlobalTensor<half> xGm_, yGm_, gammaGm_, betaGm_;
  AscendC::tiling::LayerNormTiling ln_;
  uint32_t hidden_ = 0;
  uint32_t tileRows_ = 0;
  uint32_t rowsPerBlock_ = 0;
  half eps_;
};

extern "C" __global__ __aicore__ void layer_norm_api_custom(GM_ADDR x, GM_ADDR gamma, GM_ADDR beta,
                                                           GM_ADDR y, LayerNormApiTiling tiling) {
  KernelLayerNormApi op;
  op.Init(x, gamma, beta, y, tiling);
  op.Process();
}
