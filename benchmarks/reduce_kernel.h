// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Row sums y[r] = sum_c x[r][c] as an Ascend C author writes them: each block
// owns rows / blockNum consecutive rows (a multiple of 8); every row is one
// tile (cols elements), copied in through a double-buffered TQue and reduced
// with ReduceSum into a 32-byte scratch; the block's sums are collected in UB
// and copied out once. T is float (half would round every partial sum).
#pragma once

#include <aicore/aicore.h>

struct ReduceRowsTiling {
  uint32_t rows;  // a multiple of 8 * blockNum
  uint32_t cols;  // elements per row; a multiple of 32 / sizeof(T), at most 16384 floats
};

template <typename T>
class KernelReduceRows {
 public:
  static constexpr int32_t BUFFER_NUM = 2;

  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const ReduceRowsTiling& t) {
    rows_ = t.rows / AscendC::GetBlockNum();
    cols_ = t.cols;
    const uint64_t row0 = uint64_t{rows_} * AscendC::GetBlockIdx();
    xGm_.SetGlobalBuffer((__gm__ T*)x + row0 * cols_, uint64_t{rows_} * cols_);
    yGm_.SetGlobalBuffer((__gm__ T*)y + row0, rows_);
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, cols_ * sizeof(T));
    pipe_.InitBuffer(sums_, rows_ * sizeof(T));
    pipe_.InitBuffer(one_, 32);
    pipe_.InitBuffer(work_, 256);
  }

  __aicore__ inline void Process() {
    AscendC::LocalTensor<T> sums = sums_.template Get<T>();
    AscendC::LocalTensor<T> one = one_.template Get<T>();
    AscendC::LocalTensor<T> work = work_.template Get<T>();
    for (uint32_t r = 0; r < rows_; ++r) {
      AscendC::LocalTensor<T> in = inQueue_.template AllocTensor<T>();
      AscendC::DataCopy(in, xGm_[uint64_t{r} * cols_], cols_);
      inQueue_.EnQue(in);
      AscendC::LocalTensor<T> x = inQueue_.template DeQue<T>();
      AscendC::ReduceSum(one, x, work, static_cast<int32_t>(cols_));
      sums.SetValue(r, one.GetValue(0));
      inQueue_.FreeTensor(x);
    }
    AscendC::DataCopy(yGm_, sums, rows_);
  }

 private:
  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, BUFFER_NUM> inQueue_;
  AscendC::TBuf<AscendC::TPosition::VECCALC> sums_, one_, work_;
  AscendC::GlobalTensor<T> xGm_, yGm_;
  uint32_t rows_ = 0;
  uint32_t cols_ = 0;
};

template <typename T>
__global__ __aicore__ void reduce_rows(GM_ADDR x, GM_ADDR y, ReduceRowsTiling tiling) {
  KernelReduceRows<T> op;
  op.Init(x, y, tiling);
  op.Process();
}
