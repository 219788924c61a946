// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// GELU with the tanh approximation,
//   y = 0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3))),
// computed as y = x / (1 + exp(-2u)), u = sqrt(2/pi) * (x + 0.044715 x^3)
// (the same function: 0.5 (1 + tanh u) = 1 / (1 + exp(-2u))), in float.
// T is half (cast to float in UB) or float. Each block owns a contiguous slice
// of totalLength / blockNum elements and walks it in tiles, double-buffered.
//
// Two kernels share the data flow: gelu_custom computes each tile with a chain
// of basic vector instructions; gelu_api_custom with one call of the
// high-level API `Gelu` (lib/activation/gelu.h, the same formula), so the two
// can be compared side by side (aicore_bench's `api` variant).
#pragma once

#include <aicore/aicore.h>
#include <aicore/lib/activation.h>

#include <cmath>
#include <type_traits>

struct GeluTiling {
  uint32_t totalLength;  // elements; a multiple of blockNum * 32 / sizeof(T)
  uint32_t tileLength;   // elements per tile; a multiple of 32 / sizeof(T)
};

template <typename T, bool kFusedApi = false>
class KernelGelu {
 public:
  static constexpr int32_t BUFFER_NUM = 2;
  static constexpr bool kIsHalf = std::is_same_v<T, half>;

  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const GeluTiling& tiling) {
    blockLength_ = tiling.totalLength / AscendC::GetBlockNum();
    tileLength_ = tiling.tileLength < blockLength_ ? tiling.tileLength : blockLength_;
    const uint64_t offset = uint64_t{blockLength_} * AscendC::GetBlockIdx();
    xGm_.SetGlobalBuffer((__gm__ T*)x + offset, blockLength_);
    yGm_.SetGlobalBuffer((__gm__ T*)y + offset, blockLength_);
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
    if constexpr (!kFusedApi) {
      pipe_.InitBuffer(tmp_, tileLength_ * sizeof(float));
      if constexpr (kIsHalf) pipe_.InitBuffer(xf_, tileLength_ * sizeof(float));
    }
  }

  __aicore__ inline void Process() {
    for (uint32_t done = 0; done < blockLength_; done += tileLength_) {
      const uint32_t len = blockLength_ - done < tileLength_ ? blockLength_ - done : tileLength_;
      CopyIn(done, len);
      Compute(len);
      CopyOut(done, len);
    }
  }

 private:
  __aicore__ inline void CopyIn(uint32_t offset, uint32_t len) {
    AscendC::LocalTensor<T> x = inQueue_.template AllocTensor<T>();
    AscendC::DataCopy(x, xGm_[offset], len);
    inQueue_.EnQue(x);
  }

  __aicore__ inline void Compute(uint32_t len) {
    using namespace AscendC;
    constexpr float kSqrt2OverPi = 0.7978845608028654f;
    LocalTensor<T> xIn = inQueue_.template DeQue<T>();
    LocalTensor<T> yOut = outQueue_.template AllocTensor<T>();
    if constexpr (kFusedApi) {
      Gelu(yOut, xIn, len);
      outQueue_.EnQue(yOut);
      inQueue_.FreeTensor(xIn);
      return;
    }
    LocalTensor<float> t = tmp_.Get<float>();
    LocalTensor<float> x;
    LocalTensor<float> y;
    if constexpr (kIsHalf) {
      x = xf_.Get<float>();
      y = x;  // computed in place over the float copy of x
      Cast(x, xIn, RoundMode::CAST_NONE, len);
    } else {
      x = xIn;
      y = yOut;
    }
    Mul(t, x, x, len);                              // x^2
    Muls(t, t, 0.044715f, len);                     // 0.044715 x^2
    Adds(t, t, 1.0f, len);                          // 1 + 0.044715 x^2
    Mul(t, t, x, len);                              // x + 0.044715 x^3
    Muls(t, t, -2.0f * kSqrt2OverPi, len);          // -2u
    Exp(t, t, len);                                 // exp(-2u)
    Adds(t, t, 1.0f, len);                          // 1 + exp(-2u)
    Div(y, x, t, len);                              // x / (1 + exp(-2u))
    if constexpr (kIsHalf) Cast(yOut, y, RoundMode::CAST_RINT, len);
    outQueue_.EnQue(yOut);
    inQueue_.FreeTensor(xIn);
  }

  __aicore__ inline void CopyOut(uint32_t offset, uint32_t len) {
    AscendC::LocalTensor<T> y = outQueue_.template DeQue<T>();
    AscendC::DataCopy(yGm_[offset], y, len);
    outQueue_.FreeTensor(y);
  }

  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, BUFFER_NUM> inQueue_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, BUFFER_NUM> outQueue_;
  AscendC::TBuf<AscendC::QuePosition::VECCALC> tmp_;
  AscendC::TBuf<AscendC::QuePosition::VECCALC> xf_;
  AscendC::GlobalTensor<T> xGm_;
  AscendC::GlobalTensor<T> yGm_;
  uint32_t blockLength_ = 0;
  uint32_t tileLength_ = 0;
};

template <typename T>
__global__ __aicore__ void gelu_custom(GM_ADDR x, GM_ADDR y, GeluTiling tiling) {
  KernelGelu<T> op;
  op.Init(x, y, tiling);
  op.Process();
}

template <typename T>
__global__ __aicore__ void gelu_api_custom(GM_ADDR x, GM_ADDR y, GeluTiling tiling) {
  KernelGelu<T, true> op;
  op.Init(x, y, tiling);
  op.Process();
}

// The scalar reference: the tanh form evaluated in double.
inline double GeluReference(double x) {
  const double kSqrt2OverPi = 0.7978845608028654;
  return 0.5 * x * (1.0 + std::tanh(kSqrt2OverPi * (x + 0.044715 * x * x * x)));
}
