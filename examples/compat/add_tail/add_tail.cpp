// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// add_tail: z = x + y over float for any length. Blocks start at unaligned
// GM offsets and tiles end anywhere, so the copies use DataCopyPad: x with
// DataCopyExtParams + DataCopyPadExtParams, y with the older DataCopyParams +
// DataCopyPadParams, both zero-padding the tile up to 32 bytes in UB; the
// result goes back with exactly the tile's bytes.
#include "kernel_operator.h"
#include "add_tail_tiling.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;

class KernelAddTail {
 public:
  __aicore__ inline KernelAddTail() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, const AddTailTilingData& tiling) {
    const bool last = GetBlockIdx() == GetBlockNum() - 1;
    blockLength_ = last ? tiling.lastLength : tiling.formerLength;
    tileLength_ = tiling.tileLength;
    const uint64_t offset = uint64_t{tiling.formerLength} * GetBlockIdx();
    xGm_.SetGlobalBuffer((__gm__ float*)x + offset, blockLength_);
    yGm_.SetGlobalBuffer((__gm__ float*)y + offset, blockLength_);
    zGm_.SetGlobalBuffer((__gm__ float*)z + offset, blockLength_);
    pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileLength_ * sizeof(float));
    pipe_.InitBuffer(inQueueY_, BUFFER_NUM, tileLength_ * sizeof(float));
    pipe_.InitBuffer(outQueueZ_, BUFFER_NUM, tileLength_ * sizeof(float));
  }
  __aicore__ inline void Process() {
    for (uint32_t start = 0; start < blockLength_; start += tileLength_) {
      const uint32_t length = blockLength_ - start < tileLength_ ? blockLength_ - start : tileLength_;
      CopyIn(start, length);
      Compute(length);
      CopyOut(start, length);
    }
  }

 private:
  static constexpr uint32_t kBlockElems = 32 / sizeof(float);
  __aicore__ inline static uint32_t AlignUp(uint32_t n) { return (n + kBlockElems - 1) / kBlockElems * kBlockElems; }

  __aicore__ inline void CopyIn(uint32_t start, uint32_t length) {
    LocalTensor<float> xLocal = inQueueX_.AllocTensor<float>();
    LocalTensor<float> yLocal = inQueueY_.AllocTensor<float>();
    const auto rightPad = static_cast<uint8_t>(AlignUp(length) - length);
    DataCopyExtParams xParams{1, static_cast<uint32_t>(length * sizeof(float)), 0, 0, 0};
    DataCopyPadExtParams<float> xPad{true, 0, rightPad, 0.0f};
    DataCopyPad(xLocal, xGm_[start], xParams, xPad);
    DataCopyParams yParams{1, static_cast<uint16_t>(length * sizeof(float)), 0, 0};
    DataCopyPadParams yPad{true, 0, rightPad, 0};
    DataCopyPad(yLocal, yGm_[start], yParams, yPad);
    inQueueX_.EnQue(xLocal);
    inQueueY_.EnQue(yLocal);
  }
  __aicore__ inline void Compute(uint32_t length) {
    LocalTensor<float> xLocal = inQueueX_.DeQue<float>();
    LocalTensor<float> yLocal = inQueueY_.DeQue<float>();
    LocalTensor<float> zLocal = outQueueZ_.AllocTensor<float>();
    Add(zLocal, xLocal, yLocal, static_cast<int32_t>(AlignUp(length)));  // the zero padding adds harmlessly
    outQueueZ_.EnQue(zLocal);
    inQueueX_.FreeTensor(xLocal);
    inQueueY_.FreeTensor(yLocal);
  }
  __aicore__ inline void CopyOut(uint32_t start, uint32_t length) {
    LocalTensor<float> zLocal = outQueueZ_.DeQue<float>();
    DataCopyPad(zGm_[start], zLocal, DataCopyExtParams{1, static_cast<uint32_t>(length * sizeof(float)), 0, 0, 0});
    outQueueZ_.FreeTensor(zLocal);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_, inQueueY_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueZ_;
  GlobalTensor<float> xGm_, yGm_, zGm_;
  uint32_t blockLength_ = 0, tileLength_ = 0;
};

extern "C" __global__ __aicore__ void add_tail_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling) {
  (void)workspace;
  GET_TILING_DATA_WITH_STRUCT(AddTailTilingData, tilingData, tiling);
  KernelAddTail op;
  op.Init(x, y, z, tilingData);
  op.Process();
}

#ifndef ASCENDC_CPU_DEBUG
void add_tail_custom_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* y, uint8_t* z, uint8_t* workspace,
                        uint8_t* tiling) {
  add_tail_custom<<<blockDim, nullptr, stream>>>(x, y, z, workspace, tiling);
}
#endif
