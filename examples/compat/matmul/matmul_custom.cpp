// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// matmul_custom: C = A x B + bias with the high-level Matmul API, in the
// layout of the vendor's kernel-launch Matmul sample. A [M, K] and B [K, N]
// are half, bias [N] and C [M, N] float, all ND in GM. The tiling comes from
// the host (MultiCoreMatmulTiling, matmul_custom_tiling.cpp) through GM; each
// block computes its singleCoreM x singleCoreN part of C, found from
// GetBlockIdx, with SetTail for the blocks at the matrix edges.
//
// The kernel declares no type: REGIST_MATMUL_OBJ makes it a mixed kernel
// (1 cube : 2 vector blocks), as the vendor's build compiles it, and the
// vector blocks (GetBlockIdx in [0, 2 * blockDim)) are the ones that compute.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using namespace matmul;

__aicore__ inline uint32_t Ceiling(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

// Copies the tiling from GM, one 32-bit word at a time.
__aicore__ inline void CopyTiling(TCubeTiling* tiling, GM_ADDR tilingGM) {
  uint32_t* ptr = reinterpret_cast<uint32_t*>(tiling);
  auto tiling32 = reinterpret_cast<__gm__ uint32_t*>(tilingGM);
  for (uint32_t i = 0; i < sizeof(TCubeTiling) / sizeof(uint32_t); i++, ptr++) {
    *ptr = *(tiling32 + i);
  }
}

// This block's part of A, B, bias and C, and its tail sizes.
__aicore__ inline void CalcGMOffset(int blockIdx, const TCubeTiling& tiling, int& offsetA, int& offsetB,
                                    int& offsetC, int& offsetBias, int& tailM, int& tailN) {
  const uint32_t mSingleBlocks = Ceiling(tiling.M, tiling.singleCoreM);
  const uint32_t mCoreIndx = blockIdx % mSingleBlocks;
  const uint32_t nCoreIndx = blockIdx / mSingleBlocks;
  offsetA = mCoreIndx * tiling.Ka * tiling.singleCoreM;
  offsetB = nCoreIndx * tiling.singleCoreN;
  offsetC = mCoreIndx * tiling.N * tiling.singleCoreM + nCoreIndx * tiling.singleCoreN;
  offsetBias = nCoreIndx * tiling.singleCoreN;
  tailM = tiling.M - mCoreIndx * tiling.singleCoreM;
  tailM = tailM < tiling.singleCoreM ? tailM : tiling.singleCoreM;
  tailN = tiling.N - nCoreIndx * tiling.singleCoreN;
  tailN = tailN < tiling.singleCoreN ? tailN : tiling.singleCoreN;
}

extern "C" __global__ __aicore__ void matmul_custom(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR workspace,
                                                    GM_ADDR tilingGm) {
  AscendC::TPipe pipe;
  TCubeTiling tiling;
  CopyTiling(&tiling, tilingGm);
  AscendC::SetSysWorkspace(workspace);

  AscendC::GlobalTensor<half> aGlobal;
  AscendC::GlobalTensor<half> bGlobal;
  AscendC::GlobalTensor<float> cGlobal;
  AscendC::GlobalTensor<float> biasGlobal;
  aGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a), tiling.M * tiling.Ka);
  bGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(b), tiling.Kb * tiling.N);
  cGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c), tiling.M * tiling.N);
  biasGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(bias), tiling.N);

  Matmul<MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>,
         MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>,
         MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>,
         MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>>
      mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);  // the cube blocks leave here

  if (GetBlockIdx() >= tiling.usedCoreNum) {
    return;  // more vector blocks than the tiling splits the problem into
  }
  int offsetA = 0, offsetB = 0, offsetC = 0, offsetBias = 0, tailM = 0, tailN = 0;
  CalcGMOffset(GetBlockIdx(), tiling, offsetA, offsetB, offsetC, offsetBias, tailM, tailN);
  mm.SetTensorA(aGlobal[offsetA]);
  mm.SetTensorB(bGlobal[offsetB]);
  if (tiling.isBias) {
    mm.SetBias(biasGlobal[offsetBias]);
  }
  mm.SetTail(tailM, tailN);
  mm.IterateAll(cGlobal[offsetC]);
  mm.End();
}
