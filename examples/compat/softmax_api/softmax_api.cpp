// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Row softmax of float x [rowNum, colNum] with the high-level API, after the
// vendor's SoftMax sample: each block takes coreRowNum rows (the last block
// the rest) in tiles of tileRowNum rows; per tile SoftMax in place (the
// basic-block variant when the tile's shape allows it; a shorter last tile
// makes the API recompute its tiling), then AdjustSoftMaxRes sets rows whose
// max is -FLT_MAX (0xFF7FFFFF) to 0. Outputs y, and max and sum as (rows, 8).
#include "kernel_operator.h"
#include "softmax_api_tiling.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t STAT_NUM = 8;  // floats in the 32-byte block of a row's max / sum
constexpr uint32_t ADJUST_FROM = 0xFF7FFFFF;

class KernelSoftmaxApi {
 public:
  __aicore__ inline KernelSoftmaxApi() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR max, GM_ADDR sum, const SoftmaxApiTilingData& t) {
    cols_ = t.colNum;
    tileRows_ = t.tileRowNum;
    softmaxTiling_ = t.softmaxTilingData;
    const uint32_t first = t.coreRowNum * GetBlockIdx();
    rows_ = first >= t.rowNum ? 0 : (t.rowNum - first < t.coreRowNum ? t.rowNum - first : t.coreRowNum);
    xGm_.SetGlobalBuffer((__gm__ float*)x + uint64_t{first} * cols_, uint64_t{rows_} * cols_);
    yGm_.SetGlobalBuffer((__gm__ float*)y + uint64_t{first} * cols_, uint64_t{rows_} * cols_);
    maxGm_.SetGlobalBuffer((__gm__ float*)max + uint64_t{first} * STAT_NUM, uint64_t{rows_} * STAT_NUM);
    sumGm_.SetGlobalBuffer((__gm__ float*)sum + uint64_t{first} * STAT_NUM, uint64_t{rows_} * STAT_NUM);
    pipe_.InitBuffer(queueX_, BUFFER_NUM, tileRows_ * cols_ * sizeof(float));
    pipe_.InitBuffer(queueMax_, 1, tileRows_ * STAT_NUM * sizeof(float));
    pipe_.InitBuffer(queueSum_, 1, tileRows_ * STAT_NUM * sizeof(float));
    pipe_.InitBuffer(tmpBuf_, t.tmpBufferSize);
  }
  __aicore__ inline void Process() {
    for (uint32_t r = 0; r < rows_; r += tileRows_) {
      const uint32_t n = rows_ - r < tileRows_ ? rows_ - r : tileRows_;
      CopyIn(r, n);
      Compute(n);
      CopyOut(r, n);
    }
  }

 private:
  __aicore__ inline void CopyIn(uint32_t row, uint32_t n) {
    LocalTensor<float> x = queueX_.AllocTensor<float>();
    DataCopy(x, xGm_[uint64_t{row} * cols_], n * cols_);
    queueX_.EnQue(x);
  }
  __aicore__ inline void Compute(uint32_t n) {
    LocalTensor<float> x = queueX_.DeQue<float>();
    LocalTensor<float> max = queueMax_.AllocTensor<float>();
    LocalTensor<float> sum = queueSum_.AllocTensor<float>();
    LocalTensor<uint8_t> tmp = tmpBuf_.Get<uint8_t>();
    const SoftMaxShapeInfo shape = {n, cols_, n, cols_};
    if (n % 8 == 0 && cols_ % 64 == 0 && cols_ < 2048) {
      SoftMax<float, false, true>(x, sum, max, x, tmp, softmaxTiling_, shape);
    } else {
      SoftMax<float>(x, sum, max, x, tmp, softmaxTiling_, shape);
    }
    AdjustSoftMaxRes<float, float>(x, max, ADJUST_FROM, 0.0f, shape);
    queueX_.EnQue(x);  // the dequeued tensor goes back for the copy-out
    queueMax_.EnQue(max);
    queueSum_.EnQue(sum);
  }
  __aicore__ inline void CopyOut(uint32_t row, uint32_t n) {
    LocalTensor<float> y = queueX_.DeQue<float>();
    LocalTensor<float> max = queueMax_.DeQue<float>();
    LocalTensor<float> sum = queueSum_.DeQue<float>();
    DataCopy(yGm_[uint64_t{row} * cols_], y, n * cols_);
    DataCopy(maxGm_[uint64_t{row} * STAT_NUM], max, n * STAT_NUM);
    DataCopy(sumGm_[uint64_t{row} * STAT_NUM], sum, n * STAT_NUM);
    queueX_.FreeTensor(y);
    queueMax_.FreeTensor(max);
    queueSum_.FreeTensor(sum);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> queueX_;
  TQue<QuePosition::VECOUT, 1> queueMax_, queueSum_;
  TBuf<TPosition::VECCALC> tmpBuf_;
  GlobalTensor<float> xGm_, yGm_, maxGm_, sumGm_;
  SoftMaxTiling softmaxTiling_;
  uint32_t rows_ = 0, cols_ = 0, tileRows_ = 0;
};

extern "C" __global__ __aicore__ void softmax_api_custom(GM_ADDR x, GM_ADDR y, GM_ADDR max, GM_ADDR sum,
                                                          GM_ADDR workspace, GM_ADDR tiling) {
  (void)workspace;
  REGISTER_TILING_DEFAULT(SoftmaxApiTilingData);
  GET_TILING_DATA(tilingData, tiling);
  KernelSoftmaxApi op;
  op.Init(x, y, max, sum, tilingData);
  op.Process();
}

#ifndef ASCENDC_CPU_DEBUG
void softmax_api_custom_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* y, uint8_t* max, uint8_t* sum,
                           uint8_t* workspace, uint8_t* tiling) {
  softmax_api_custom<<<blockDim, nullptr, stream>>>(x, y, max, sum, workspace, tiling);
}
#endif
