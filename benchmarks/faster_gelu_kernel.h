// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// FasterGelu with the high-level API, as an Ascend C author writes it: each
// block owns totalLength / blockNum consecutive elements and walks them in
// tiles (double-buffered TQue in and out), one FasterGelu(dst, src, dataSize)
// per tile (lib/activation/gelu.h; y = x / (1 + exp(-1.702 x))). T is half or
// float. The same data flow as examples/gelu's gelu_api_custom.
#pragma once

#include <aicore/aicore.h>
#include <aicore/lib/activation.h>

struct FasterGeluBenchTiling {
  uint32_t totalLength;  // elements; a multiple of blockNum * tileLength
  uint32_t tileLength;   // elements per tile; a multiple of 32 / sizeof(T)
};

template <typename T>
class KernelFasterGeluBench {
 public:
  static constexpr int32_t BUFFER_NUM = 2;

  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const FasterGeluBenchTiling& t) {
    len_ = t.totalLength / AscendC::GetBlockNum();
    tile_ = t.tileLength;
    const uint64_t off = uint64_t{len_} * AscendC::GetBlockIdx();
    xGm_.SetGlobalBuffer((__gm__ T*)x + off, len_);
    yGm_.SetGlobalBuffer((__gm__ T*)y + off, len_);
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, tile_ * sizeof(T));
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, tile_ * sizeof(T));
  }

  __aicore__ inline void Process() {
    for (uint32_t done = 0; done < len_; done += tile_) {
      AscendC::LocalTensor<T> x = inQueue_.template AllocTensor<T>();
      AscendC::DataCopy(x, xGm_[done], tile_);
      inQueue_.EnQue(x);
      AscendC::LocalTensor<T> xIn = inQueue_.template DeQue<T>();
      AscendC::LocalTensor<T> yOut = outQueue_.template AllocTensor<T>();
      AscendC::FasterGelu(yOut, xIn, tile_);
      outQueue_.EnQue(yOut);
      inQueue_.FreeTensor(xIn);
      AscendC::LocalTensor<T> y = outQueue_.template DeQue<T>();
      AscendC::DataCopy(yGm_[done], y, tile_);
      outQueue_.FreeTensor(y);
    }
  }

 private:
  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, BUFFER_NUM> inQueue_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, BUFFER_NUM> outQueue_;
  AscendC::GlobalTensor<T> xGm_, yGm_;
  uint32_t len_ = 0, tile_ = 0;
};

template <typename T>
__global__ __aicore__ void faster_gelu_bench(GM_ADDR x, GM_ADDR y, FasterGeluBenchTiling tiling) {
  KernelFasterGeluBench<T> op;
  op.Init(x, y, tiling);
  op.Process();
}
