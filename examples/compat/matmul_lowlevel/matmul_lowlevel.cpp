// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// matmul_lowlevel: C = A x B with the cube's low-level instructions, the way
// the vendor's low-level cube samples are written. Per block (one baseM x
// baseN tile of C, a cube-only kernel) and per K step:
//   CopyIn   GM (ND) -> L1 (NZ)             DataCopy + Nd2NzParams     MTE2
//   SplitA   L1 -> L0A (ZZ)                 LoadData                    MTE1
//   SplitB   L1 -> L0B (ZN)                 LoadDataWithTranspose       MTE1
//   Compute  L0A x L0B (+)= L0C (NZ)        Mmad                        M
// then CopyOut  L0C -> GM (ND)              Fixpipe (NZ2ND)             FIX
// with double-buffered L1 and L0 queues. Tiles at the edges of C and the
// last K step may be smaller (any size; the fractals are padded).
#include "kernel_operator.h"
#include "matmul_lowlevel_tiling.h"

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK = 16;  // fractal rows; half: 16 elements per fractal row

__aicore__ inline uint32_t CeilDiv(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
__aicore__ inline uint32_t CeilAlign(uint32_t a, uint32_t b) { return CeilDiv(a, b) * b; }

class KernelMatmul {
 public:
  __aicore__ inline KernelMatmul() {}
  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR c, const MatmulLowlevelTilingData& tiling) {
    tiling_ = tiling;
    const uint32_t nTiles = CeilDiv(tiling.N, tiling.baseN);
    const uint32_t mIdx = AscendC::GetBlockIdx() / nTiles;
    const uint32_t nIdx = AscendC::GetBlockIdx() % nTiles;
    m0_ = mIdx * tiling.baseM;
    n0_ = nIdx * tiling.baseN;
    m_ = tiling.M - m0_ < tiling.baseM ? tiling.M - m0_ : tiling.baseM;
    n_ = tiling.N - n0_ < tiling.baseN ? tiling.N - n0_ : tiling.baseN;
    mAlign_ = CeilAlign(m_, BLOCK);
    nAlign_ = CeilAlign(n_, BLOCK);
    aGm_.SetGlobalBuffer((__gm__ half*)a, uint64_t{tiling.M} * tiling.K);
    bGm_.SetGlobalBuffer((__gm__ half*)b, uint64_t{tiling.K} * tiling.N);
    cGm_.SetGlobalBuffer((__gm__ float*)c, uint64_t{tiling.M} * tiling.N);
    const uint32_t aBytes = tiling.baseM * tiling.baseK * sizeof(half);
    const uint32_t bBytes = tiling.baseK * tiling.baseN * sizeof(half);
    pipe_.InitBuffer(inQueueA1_, BUFFER_NUM, aBytes);
    pipe_.InitBuffer(inQueueB1_, BUFFER_NUM, bBytes);
    pipe_.InitBuffer(inQueueA2_, BUFFER_NUM, aBytes);
    pipe_.InitBuffer(inQueueB2_, BUFFER_NUM, bBytes);
    pipe_.InitBuffer(outQueueCO1_, 1, tiling.baseM * tiling.baseN * sizeof(float));
  }

  __aicore__ inline void Process() {
    if (m0_ >= tiling_.M) return;
    AscendC::LocalTensor<float> c1Local = outQueueCO1_.AllocTensor<float>();
    const uint32_t kSteps = CeilDiv(tiling_.K, tiling_.baseK);
    for (uint32_t kIdx = 0; kIdx < kSteps; ++kIdx) {
      const uint32_t k0 = kIdx * tiling_.baseK;
      const uint32_t k = tiling_.K - k0 < tiling_.baseK ? tiling_.K - k0 : tiling_.baseK;
      CopyIn(k0, k);
      SplitA(k);
      SplitB(k);
      Compute(c1Local, k, kIdx == 0);
    }
    outQueueCO1_.EnQue<float>(c1Local);
    CopyOut();
  }

 private:
  // A (m_ x k) and B (k x n_) tiles: GM ND -> L1 NZ.
  __aicore__ inline void CopyIn(uint32_t k0, uint32_t k) {
    AscendC::LocalTensor<half> a1Local = inQueueA1_.AllocTensor<half>();
    AscendC::LocalTensor<half> b1Local = inQueueB1_.AllocTensor<half>();
    AscendC::Nd2NzParams nd2nzA;
    nd2nzA.ndNum = 1;
    nd2nzA.nValue = m_;
    nd2nzA.dValue = k;
    nd2nzA.srcNdMatrixStride = 0;
    nd2nzA.srcDValue = tiling_.K;
    nd2nzA.dstNzC0Stride = mAlign_;  // each 16-column group holds mAlign_ rows
    nd2nzA.dstNzNStride = 1;
    nd2nzA.dstNzMatrixStride = 0;
    AscendC::DataCopy(a1Local, aGm_[uint64_t{m0_} * tiling_.K + k0], nd2nzA);
    AscendC::Nd2NzParams nd2nzB;
    nd2nzB.ndNum = 1;
    nd2nzB.nValue = k;
    nd2nzB.dValue = n_;
    nd2nzB.srcNdMatrixStride = 0;
    nd2nzB.srcDValue = tiling_.N;
    nd2nzB.dstNzC0Stride = CeilAlign(k, BLOCK);
    nd2nzB.dstNzNStride = 1;
    nd2nzB.dstNzMatrixStride = 0;
    AscendC::DataCopy(b1Local, bGm_[uint64_t{k0} * tiling_.N + n0_], nd2nzB);
    inQueueA1_.EnQue(a1Local);
    inQueueB1_.EnQue(b1Local);
  }

  // L1 NZ -> L0A ZZ: one row of fractals per LoadData.
  __aicore__ inline void SplitA(uint32_t k) {
    AscendC::LocalTensor<half> a1Local = inQueueA1_.DeQue<half>();
    AscendC::LocalTensor<half> a2Local = inQueueA2_.AllocTensor<half>();
    const uint32_t kAlign = CeilAlign(k, BLOCK);
    AscendC::LoadData2DParams loadDataParams;
    loadDataParams.startIndex = 0;
    loadDataParams.repeatTimes = kAlign / BLOCK;    // fractals along k
    loadDataParams.srcStride = mAlign_ / BLOCK;     // the next column group of the NZ tile
    loadDataParams.dstGap = 0;
    loadDataParams.ifTranspose = false;
    for (uint32_t i = 0; i < mAlign_ / BLOCK; ++i) {
      AscendC::LoadData(a2Local[i * kAlign * BLOCK], a1Local[i * BLOCK * BLOCK], loadDataParams);
    }
    inQueueA2_.EnQue(a2Local);
    inQueueA1_.FreeTensor(a1Local);
  }

  // L1 NZ (k rows) -> L0B ZN: each 16 x 16 fractal transposed.
  __aicore__ inline void SplitB(uint32_t k) {
    AscendC::LocalTensor<half> b1Local = inQueueB1_.DeQue<half>();
    AscendC::LocalTensor<half> b2Local = inQueueB2_.AllocTensor<half>();
    const uint32_t kAlign = CeilAlign(k, BLOCK);
    AscendC::LoadData2dTransposeParams loadDataParams;
    loadDataParams.startIndex = 0;
    loadDataParams.repeatTimes = nAlign_ / BLOCK;  // fractals along n
    loadDataParams.srcStride = kAlign / BLOCK;     // the next column group of the NZ tile
    loadDataParams.dstGap = 0;
    loadDataParams.dstFracGap = 0;
    for (uint32_t i = 0; i < kAlign / BLOCK; ++i) {
      AscendC::LoadDataWithTranspose(b2Local[i * nAlign_ * BLOCK], b1Local[i * BLOCK * BLOCK], loadDataParams);
    }
    inQueueB2_.EnQue(b2Local);
    inQueueB1_.FreeTensor(b1Local);
  }

  __aicore__ inline void Compute(const AscendC::LocalTensor<float>& c1Local, uint32_t k, bool first) {
    AscendC::LocalTensor<half> a2Local = inQueueA2_.DeQue<half>();
    AscendC::LocalTensor<half> b2Local = inQueueB2_.DeQue<half>();
    AscendC::MmadParams mmadParams;
    mmadParams.m = m_;
    mmadParams.n = n_;
    mmadParams.k = k;
    mmadParams.cmatrixInitVal = first;  // the first K step starts from 0, the others accumulate
    AscendC::Mmad(c1Local, a2Local, b2Local, mmadParams);
    inQueueA2_.FreeTensor(a2Local);
    inQueueB2_.FreeTensor(b2Local);
  }

  // L0C NZ -> GM ND.
  __aicore__ inline void CopyOut() {
    AscendC::LocalTensor<float> c1Local = outQueueCO1_.DeQue<float>();
    AscendC::FixpipeParamsV220 fixpipeParams;
    fixpipeParams.nSize = n_;
    fixpipeParams.mSize = m_;
    fixpipeParams.srcStride = mAlign_;
    fixpipeParams.dstStride = tiling_.N;
    fixpipeParams.ndNum = 1;
    fixpipeParams.srcNdStride = 0;
    fixpipeParams.dstNdStride = 0;
    AscendC::Fixpipe(cGm_[uint64_t{m0_} * tiling_.N + n0_], c1Local, fixpipeParams);
    outQueueCO1_.FreeTensor(c1Local);
  }

  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::TPosition::A1, BUFFER_NUM> inQueueA1_;
  AscendC::TQue<AscendC::TPosition::B1, BUFFER_NUM> inQueueB1_;
  AscendC::TQue<AscendC::TPosition::A2, BUFFER_NUM> inQueueA2_;
  AscendC::TQue<AscendC::TPosition::B2, BUFFER_NUM> inQueueB2_;
  AscendC::TQue<AscendC::TPosition::CO1, 1> outQueueCO1_;
  AscendC::GlobalTensor<half> aGm_;
  AscendC::GlobalTensor<half> bGm_;
  AscendC::GlobalTensor<float> cGm_;
  MatmulLowlevelTilingData tiling_;
  uint32_t m0_ = 0, n0_ = 0, m_ = 0, n_ = 0, mAlign_ = 0, nAlign_ = 0;
};

extern "C" __global__ __aicore__ void matmul_lowlevel_custom(GM_ADDR a, GM_ADDR b, GM_ADDR c,
                                                             MatmulLowlevelTilingData tiling) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
  KernelMatmul op;
  op.Init(a, b, c, tiling);
  op.Process();
}

#ifndef ASCENDC_CPU_DEBUG
void matmul_lowlevel_custom_do(uint32_t blockDim, void* stream, uint8_t* a, uint8_t* b, uint8_t* c,
                               MatmulLowlevelTilingData tiling) {
  matmul_lowlevel_custom<<<blockDim, nullptr, stream>>>(a, b, c, tiling);
}
#endif
