// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// A strided repeat-form workload: x and y hold 2 * n elements, z gets n:
// the sum of every other 256-byte chunk (mode 0: src repeat stride 16, i.e.
// the "real parts" of a chunk-interleaved layout) or of every other 32-byte
// block (mode 1: src block stride 2, repeat stride 16). Each block walks its
// slice in tiles: CopyIn contiguous x/y tiles, one repeat-form Add into a
// dense z tile, CopyOut. T is half or float. With iters > 1 the Add runs
// that often per tile: the UB-resident variant that times the instruction
// rather than the data movement.
#pragma once

#include <aicore/aicore.h>

struct StridedAddTiling {
  uint32_t outLength;  // elements of z; a multiple of blockNum * 256 / sizeof(T)
  uint32_t tileOut;    // z elements per tile; a multiple of 256 / sizeof(T), <= 255 repeats
  uint32_t mode;       // 0: every other 256-byte chunk, 1: every other 32-byte block
  uint32_t iters = 1;  // the Add is repeated this often per tile (UB-resident variant)
};

template <typename T>
class KernelStridedAdd {
 public:
  static constexpr int32_t BUFFER_NUM = 2;
  static constexpr uint32_t kLanes = 256 / sizeof(T);

  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, const StridedAddTiling& t) {
    outLength_ = t.outLength / AscendC::GetBlockNum();
    tileOut_ = t.tileOut < outLength_ ? t.tileOut : outLength_;
    mode_ = t.mode;
    iters_ = t.iters;
    const uint64_t out = uint64_t{outLength_} * AscendC::GetBlockIdx();
    xGm_.SetGlobalBuffer((__gm__ T*)x + 2 * out, 2 * outLength_);
    yGm_.SetGlobalBuffer((__gm__ T*)y + 2 * out, 2 * outLength_);
    zGm_.SetGlobalBuffer((__gm__ T*)z + out, outLength_);
    pipe_.InitBuffer(inX_, BUFFER_NUM, 2 * tileOut_ * sizeof(T));
    pipe_.InitBuffer(inY_, BUFFER_NUM, 2 * tileOut_ * sizeof(T));
    pipe_.InitBuffer(outZ_, BUFFER_NUM, tileOut_ * sizeof(T));
  }

  __aicore__ inline void Process() {
    for (uint32_t done = 0; done < outLength_; done += tileOut_) {
      const uint32_t len = outLength_ - done < tileOut_ ? outLength_ - done : tileOut_;
      AscendC::LocalTensor<T> x = inX_.template AllocTensor<T>();
      AscendC::LocalTensor<T> y = inY_.template AllocTensor<T>();
      AscendC::DataCopy(x, xGm_[2 * done], 2 * len);
      AscendC::DataCopy(y, yGm_[2 * done], 2 * len);
      inX_.EnQue(x);
      inY_.EnQue(y);

      x = inX_.template DeQue<T>();
      y = inY_.template DeQue<T>();
      AscendC::LocalTensor<T> z = outZ_.template AllocTensor<T>();
      const uint8_t srcBlk = mode_ == 0 ? 1 : 2;
      for (uint32_t it = 0; it < iters_; ++it) {
        AscendC::Add(z, x, y, uint64_t{kLanes}, static_cast<int32_t>(len / kLanes),
                     AscendC::BinaryRepeatParams(1, srcBlk, srcBlk, 8, 16, 16));
      }
      outZ_.EnQue(z);
      inX_.FreeTensor(x);
      inY_.FreeTensor(y);

      z = outZ_.template DeQue<T>();
      AscendC::DataCopy(zGm_[done], z, len);
      outZ_.FreeTensor(z);
    }
  }

 private:
  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, BUFFER_NUM> inX_, inY_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, BUFFER_NUM> outZ_;
  AscendC::GlobalTensor<T> xGm_, yGm_, zGm_;
  uint32_t outLength_ = 0;
  uint32_t tileOut_ = 0;
  uint32_t mode_ = 0;
  uint32_t iters_ = 1;
};

template <typename T>
__global__ __aicore__ void strided_add(GM_ADDR x, GM_ADDR y, GM_ADDR z, StridedAddTiling tiling) {
  KernelStridedAdd<T> op;
  op.Init(x, y, z, tiling);
  op.Process();
}
