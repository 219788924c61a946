// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// mul_custom: z = x * y over float, with two code paths chosen by the
// tiling key (TILING_KEY_IS): whole 32-byte tiles with DataCopy, or any
// length with DataCopyPad.
#include "kernel_operator.h"
#include "mul_custom_tiling.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;

template <bool kPadded>
class KernelMul {
 public:
  __aicore__ inline KernelMul() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, const optiling::MulCustomTilingData& t) {
    blockLength_ = GetBlockIdx() == GetBlockNum() - 1 ? t.lastLength : t.formerLength;
    tileLength_ = t.tileLength;
    const uint64_t offset = uint64_t{t.formerLength} * GetBlockIdx();
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
      LocalTensor<float> xLocal = inQueueX_.AllocTensor<float>();
      LocalTensor<float> yLocal = inQueueY_.AllocTensor<float>();
      CopyIn(xLocal, xGm_[start], length);
      CopyIn(yLocal, yGm_[start], length);
      inQueueX_.EnQue(xLocal);
      inQueueY_.EnQue(yLocal);

      xLocal = inQueueX_.DeQue<float>();
      yLocal = inQueueY_.DeQue<float>();
      LocalTensor<float> zLocal = outQueueZ_.AllocTensor<float>();
      Mul(zLocal, xLocal, yLocal, static_cast<int32_t>(length));
      outQueueZ_.EnQue(zLocal);
      inQueueX_.FreeTensor(xLocal);
      inQueueY_.FreeTensor(yLocal);

      zLocal = outQueueZ_.DeQue<float>();
      if constexpr (kPadded) {
        DataCopyPad(zGm_[start], zLocal, DataCopyExtParams{1, static_cast<uint32_t>(length * sizeof(float)), 0, 0, 0});
      } else {
        DataCopy(zGm_[start], zLocal, length);
      }
      outQueueZ_.FreeTensor(zLocal);
    }
  }

 private:
  __aicore__ inline void CopyIn(const LocalTensor<float>& dst, const GlobalTensor<float>& src, uint32_t length) {
    if constexpr (kPadded) {
      DataCopyPad(dst, src, DataCopyExtParams{1, static_cast<uint32_t>(length * sizeof(float)), 0, 0, 0},
                  DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
    } else {
      DataCopy(dst, src, length);
    }
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_, inQueueY_;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueZ_;
  GlobalTensor<float> xGm_, yGm_, zGm_;
  uint32_t blockLength_ = 0, tileLength_ = 0;
};

extern "C" __global__ __aicore__ void mul_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling) {
  (void)workspace;
  GET_TILING_DATA(tilingData, tiling);
  if (TILING_KEY_IS(MUL_TILING_KEY_ALIGNED)) {
    KernelMul<false> op;
    op.Init(x, y, z, tilingData);
    op.Process();
  } else if (TILING_KEY_IS(MUL_TILING_KEY_TAIL)) {
    KernelMul<true> op;
    op.Init(x, y, z, tilingData);
    op.Process();
  }
}

#ifndef ASCENDC_CPU_DEBUG
void mul_custom_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* y, uint8_t* z, uint8_t* workspace,
                   uint8_t* tiling) {
  mul_custom<<<blockDim, nullptr, stream>>>(x, y, z, workspace, tiling);
}
#endif
