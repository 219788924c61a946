// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// rms_norm_api_custom: the kernel of rms_norm_kernel.h (same data flow: rows
// split over the blocks, one row per tile, double-buffered) computing each row
// with one call of the high-level RmsNorm API (lib/normalization/rmsnorm.h;
// its tiling from GetRmsNormTilingInfo for a [1, 1, hidden] row), so that the
// instruction chain and the fused API can be compared side by side
// (examples/rms_norm, aicore_bench's `api` variant).
//
// A separate header: the library's AscendC::RmsNormTiling and this example's
// global RmsNormTiling would be ambiguous in a file that says
// `using namespace AscendC;` at namespace scope.
#pragma once

#include <aicore/aicore.h>
#include <aicore/lib/normalization.h>

#include "rms_norm_kernel.h"

// The tiling of rms_norm_api_custom: the kernel's own fields and the
// RmsNorm API's tiling of one row.
struct RmsNormApiTiling {
  RmsNormTiling base;
  AscendC::tiling::RmsNormTiling rms;
};

// Host side: the API's tiling of one [1, 1, hidden] half row (false when
// GetRmsNormTilingInfo refuses the shape).
inline bool MakeRmsNormApiTiling(uint32_t rows, uint32_t hidden, float eps, RmsNormApiTiling* t) {
  const ge::Shape row({1, 1, static_cast<int64_t>(hidden)});
  uint32_t maxTmp = 0, minTmp = 0;
  if (!AscendC::GetRmsNormMaxMinTmpSize(row, sizeof(half), maxTmp, minTmp)) return false;
  t->base = RmsNormTiling{rows, hidden, eps};
  return AscendC::GetRmsNormTilingInfo(row, row, maxTmp, sizeof(half), t->rms);
}

class KernelRmsNormApi {
 public:
  static constexpr int32_t BUFFER_NUM = 2;

  __aicore__ inline void Init(GM_ADDR x, GM_ADDR gamma, GM_ADDR y, const RmsNormApiTiling& tiling) {
    hidden_ = tiling.base.hidden;
    eps_ = static_cast<half>(tiling.base.eps);
    rms_ = tiling.rms;
    rowsPerBlock_ = tiling.base.rows / AscendC::GetBlockNum();
    const uint64_t offset = uint64_t{rowsPerBlock_} * hidden_ * AscendC::GetBlockIdx();
    xGm_.SetGlobalBuffer((__gm__ half*)x + offset, uint64_t{rowsPerBlock_} * hidden_);
    yGm_.SetGlobalBuffer((__gm__ half*)y + offset, uint64_t{rowsPerBlock_} * hidden_);
    gammaGm_.SetGlobalBuffer((__gm__ half*)gamma, hidden_);
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, hidden_ * sizeof(half));
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, hidden_ * sizeof(half));
    pipe_.InitBuffer(gamma_, hidden_ * sizeof(half));
  }

  __aicore__ inline void Process() {
    using namespace AscendC;
    LocalTensor<half> g = inQueue_.AllocTensor<half>();
    DataCopy(g, gammaGm_, hidden_);
    inQueue_.EnQue(g);
    g = inQueue_.DeQue<half>();
    DataCopy(gamma_.Get<half>(), g, hidden_);  // UB -> UB, kept for every row
    inQueue_.FreeTensor(g);
    for (uint32_t row = 0; row < rowsPerBlock_; ++row) {
      LocalTensor<half> x = inQueue_.AllocTensor<half>();
      DataCopy(x, xGm_[uint64_t{row} * hidden_], hidden_);
      inQueue_.EnQue(x);
      LocalTensor<half> xIn = inQueue_.DeQue<half>();
      LocalTensor<half> yOut = outQueue_.AllocTensor<half>();
      RmsNorm(yOut, xIn, gamma_.Get<half>(), eps_, rms_);
      outQueue_.EnQue(yOut);
      inQueue_.FreeTensor(xIn);
      LocalTensor<half> y = outQueue_.DeQue<half>();
      DataCopy(yGm_[uint64_t{row} * hidden_], y, hidden_);
      outQueue_.FreeTensor(y);
    }
  }

 private:
  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, BUFFER_NUM> inQueue_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, BUFFER_NUM> outQueue_;
  AscendC::TBuf<AscendC::QuePosition::VECCALC> gamma_;
  AscendC::GlobalTensor<half> xGm_, yGm_, gammaGm_;
  AscendC::tiling::RmsNormTiling rms_;
  uint32_t hidden_ = 0;
  uint32_t rowsPerBlock_ = 0;
  half eps_;
};

extern "C" __global__ __aicore__ void rms_norm_api_custom(GM_ADDR x, GM_ADDR gamma, GM_ADDR y,
                                                         RmsNormApiTiling tiling) {
  KernelRmsNormApi op;
  op.Init(x, gamma, y, tiling);
  op.Process();
}

