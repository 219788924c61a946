// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Row softmax with the high-level SoftMax API, as an Ascend C author writes
// it: each block owns rows / blockNum consecutive rows and walks them in
// tiles of tileRows rows (double-buffered TQue in and out), calling
// SoftMax(dst, src, sharedTmpBuffer, tiling, shapeInfo) per tile with the
// host tiling of one tile. T is half or float. With iters > 1 (one tile per
// block) the SoftMax runs iters times on the UB-resident tile between one
// copy-in and one copy-out: the API against a Highway loop over cached data.
#pragma once

#include <aicore/aicore.h>
#include <aicore/lib/softmax.h>

struct SoftmaxBenchTiling {
  uint32_t rows;      // a multiple of blockNum * tileRows
  uint32_t cols;      // a multiple of 32 / sizeof(T)
  uint32_t tileRows;  // rows per tile
  uint32_t tmpBytes;  // sharedTmpBuffer bytes (GetSoftMaxMinTmpSize of one tile)
  AscendC::SoftMaxTiling softmax;  // SoftMaxTilingFunc of one tile
  uint32_t iters;     // SoftMax calls per tile (1; more for the UB-resident variant)
};

template <typename T>
class KernelSoftmaxBench {
 public:
  static constexpr int32_t BUFFER_NUM = 2;

  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const SoftmaxBenchTiling& t) {
    t_ = t;
    rows_ = t.rows / AscendC::GetBlockNum();
    const uint64_t off = uint64_t{rows_} * t.cols * AscendC::GetBlockIdx();
    xGm_.SetGlobalBuffer((__gm__ T*)x + off, uint64_t{rows_} * t.cols);
    yGm_.SetGlobalBuffer((__gm__ T*)y + off, uint64_t{rows_} * t.cols);
    tile_ = t.tileRows * t.cols;
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, tile_ * sizeof(T));
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, tile_ * sizeof(T));
    pipe_.InitBuffer(tmp_, t.tmpBytes);
  }

  __aicore__ inline void Process() {
    for (uint32_t r = 0; r < rows_; r += t_.tileRows) {
      const uint64_t off = uint64_t{r} * t_.cols;
      AscendC::LocalTensor<T> x = inQueue_.template AllocTensor<T>();
      AscendC::DataCopy(x, xGm_[off], tile_);
      inQueue_.EnQue(x);
      Compute(t_.iters);
      AscendC::LocalTensor<T> y = outQueue_.template DeQue<T>();
      AscendC::DataCopy(yGm_[off], y, tile_);
      outQueue_.FreeTensor(y);
    }
  }

 private:
  __aicore__ inline void Compute(uint32_t iters) {
    AscendC::LocalTensor<T> x = inQueue_.template DeQue<T>();
    AscendC::LocalTensor<T> y = outQueue_.template AllocTensor<T>();
    AscendC::LocalTensor<uint8_t> tmp = tmp_.template Get<uint8_t>();
    const AscendC::SoftMaxShapeInfo shape{t_.tileRows, t_.cols, t_.tileRows, t_.cols};
    for (uint32_t it = 0; it < iters; ++it) AscendC::SoftMax<T>(y, x, tmp, t_.softmax, shape);
    outQueue_.EnQue(y);
    inQueue_.FreeTensor(x);
  }

  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, BUFFER_NUM> inQueue_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, BUFFER_NUM> outQueue_;
  AscendC::TBuf<AscendC::TPosition::VECCALC> tmp_;
  AscendC::GlobalTensor<T> xGm_, yGm_;
  SoftmaxBenchTiling t_{};
  uint32_t rows_ = 0, tile_ = 0;
};

template <typename T>
__global__ __aicore__ void softmax_bench(GM_ADDR x, GM_ADDR y, SoftmaxBenchTiling tiling) {
  KernelSoftmaxBench<T> op;
  op.Init(x, y, tiling);
  op.Process();
}
