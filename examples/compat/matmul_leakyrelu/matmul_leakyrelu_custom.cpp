// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// matmul_leakyrelu_custom: C = LeakyRelu(A x B + bias, 0.001), a mixed
// (cube + vector) kernel in the layout of the vendor's kernel-launch
// MatmulLeakyRelu sample: the Matmul produces C one baseM x baseN block at
// a time into UB (Iterate + GetTensorC), the vector unit applies LeakyRelu
// to the block in place, and DataCopy writes it to its place in C.
// A [M, K] and B [K, N] half, bias [N] and C [M, N] float.
//
// On the NPU the vector blocks send each Iterate to their cube block and get
// the block back in UB; on the CPU each vector block computes its own
// blocks, and REGIST_MATMUL_OBJ ends the cube blocks at once.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using namespace matmul;

constexpr float ALPHA = 0.001f;

__aicore__ inline uint32_t Ceiling(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

__aicore__ inline void CopyTiling(TCubeTiling* tiling, GM_ADDR tilingGM) {
  uint32_t* ptr = reinterpret_cast<uint32_t*>(tiling);
  auto tiling32 = reinterpret_cast<__gm__ uint32_t*>(tilingGM);
  for (uint32_t i = 0; i < sizeof(TCubeTiling) / sizeof(uint32_t); i++, ptr++) {
    *ptr = *(tiling32 + i);
  }
}

template <typename aType, typename bType, typename cType, typename biasType>
class MatmulLeakyKernel {
 public:
  __aicore__ inline MatmulLeakyKernel() {}
  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR workspace,
                              const TCubeTiling& tiling, AscendC::TPipe* pipe) {
    this->tiling = tiling;
    AscendC::SetSysWorkspace(workspace);
    aGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ aType*>(a), tiling.M * tiling.Ka);
    bGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ bType*>(b), tiling.Kb * tiling.N);
    cGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ cType*>(c), tiling.M * tiling.N);
    biasGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ biasType*>(bias), tiling.N);
    int32_t offsetA = 0, offsetB = 0, offsetC = 0, offsetBias = 0;
    CalcOffset(AscendC::GetBlockIdx(), tiling, offsetA, offsetB, offsetC, offsetBias);
    aGlobal = aGlobal[offsetA];
    bGlobal = bGlobal[offsetB];
    cGlobal = cGlobal[offsetC];
    biasGlobal = biasGlobal[offsetBias];
    pipe->InitBuffer(reluOutQueue_, 1, tiling.baseM * tiling.baseN * sizeof(cType));
  }

  __aicore__ inline void Process(AscendC::TPipe* pipe) {
    (void)pipe;
    uint32_t computeRound = 0;
    matmulObj.SetTensorA(aGlobal);
    matmulObj.SetTensorB(bGlobal);
    matmulObj.SetBias(biasGlobal);
    while (matmulObj.template Iterate<true>()) {  // one baseM x baseN block of C per call
      MatmulCompute();
      LeakyReluCompute();
      CopyOut(computeRound);
      computeRound++;
    }
    matmulObj.End();
  }

  Matmul<MatmulType<AscendC::TPosition::GM, CubeFormat::ND, aType>,
         MatmulType<AscendC::TPosition::GM, CubeFormat::ND, bType>,
         MatmulType<AscendC::TPosition::VECIN, CubeFormat::ND, cType>,
         MatmulType<AscendC::TPosition::GM, CubeFormat::ND, biasType>>
      matmulObj;
  TCubeTiling tiling;

 private:
  __aicore__ inline void MatmulCompute() {
    reluOutLocal = reluOutQueue_.AllocTensor<cType>();
    matmulObj.template GetTensorC<true>(reluOutLocal, false, true);  // the block, dense, into UB
  }
  __aicore__ inline void LeakyReluCompute() {
    AscendC::LeakyRelu(reluOutLocal, reluOutLocal, static_cast<cType>(ALPHA), tiling.baseM * tiling.baseN);
    reluOutQueue_.EnQue(reluOutLocal);
  }
  // Block `count` of the M-first iteration to its place in C.
  __aicore__ inline void CopyOut(uint32_t count) {
    reluOutQueue_.DeQue<cType>();
    const uint32_t roundM = tiling.singleCoreM / tiling.baseM;
    const uint32_t startOffset = count % roundM * tiling.baseM * tiling.N + count / roundM * tiling.baseN;
    AscendC::DataCopyParams copyParam = {
        static_cast<uint16_t>(tiling.baseM),
        static_cast<uint16_t>(tiling.baseN * sizeof(cType) / AscendC::DEFAULT_C0_SIZE), 0,
        static_cast<uint16_t>((tiling.N - tiling.baseN) * sizeof(cType) / AscendC::DEFAULT_C0_SIZE)};
    AscendC::DataCopy(cGlobal[startOffset], reluOutLocal, copyParam);
    reluOutQueue_.FreeTensor(reluOutLocal);
  }
  __aicore__ inline void CalcOffset(int32_t blockIdx, const TCubeTiling& tiling, int32_t& offsetA, int32_t& offsetB,
                                    int32_t& offsetC, int32_t& offsetBias) {
    const auto mSingleBlocks = Ceiling(tiling.M, tiling.singleCoreM);
    const auto mCoreIndx = blockIdx % mSingleBlocks;
    const auto nCoreIndx = blockIdx / mSingleBlocks;
    offsetA = mCoreIndx * tiling.Ka * tiling.singleCoreM;
    offsetB = nCoreIndx * tiling.singleCoreN;
    offsetC = mCoreIndx * tiling.N * tiling.singleCoreM + nCoreIndx * tiling.singleCoreN;
    offsetBias = nCoreIndx * tiling.singleCoreN;
  }

  AscendC::GlobalTensor<aType> aGlobal;
  AscendC::GlobalTensor<bType> bGlobal;
  AscendC::GlobalTensor<cType> cGlobal;
  AscendC::GlobalTensor<biasType> biasGlobal;
  AscendC::LocalTensor<cType> reluOutLocal;
  AscendC::TQue<AscendC::QuePosition::VECOUT, 1> reluOutQueue_;
};

extern "C" __global__ __aicore__ void matmul_leakyrelu_custom(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c,
                                                              GM_ADDR workspace, GM_ADDR tilingGm) {
  AscendC::TPipe pipe;
  TCubeTiling tiling;
  CopyTiling(&tiling, tilingGm);
  MatmulLeakyKernel<half, half, float, float> matmulLeakyKernel;
  matmulLeakyKernel.Init(a, b, bias, c, workspace, tiling, &pipe);
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), matmulLeakyKernel.matmulObj, &matmulLeakyKernel.tiling);
  matmulLeakyKernel.Process(&pipe);
}
