// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host program of matmul_lowlevel: C (200 x 136, float) = A (200 x 360, half)
// x B (360 x 136, half) in 64 x 64 tiles of C over K steps of 64 (edge tiles
// and the last K step are partial); A, B from ./input, C to
// ./output/output.bin. A cube-only kernel: 12 cube blocks.
#include "data_utils.h"
#include "matmul_lowlevel_tiling.h"
#ifndef ASCENDC_CPU_DEBUG
#include "acl/acl.h"
extern void matmul_lowlevel_custom_do(uint32_t blockDim, void* stream, uint8_t* a, uint8_t* b, uint8_t* c,
                                      MatmulLowlevelTilingData tiling);
#else
#include "tikicpulib.h"
extern "C" __global__ __aicore__ void matmul_lowlevel_custom(GM_ADDR a, GM_ADDR b, GM_ADDR c,
                                                             MatmulLowlevelTilingData tiling);
#endif

int32_t main() {
  MatmulLowlevelTilingData tiling;
  tiling.M = 200;
  tiling.N = 136;
  tiling.K = 360;
  tiling.baseM = 64;
  tiling.baseN = 64;
  tiling.baseK = 64;
  const uint32_t blockDim = ((tiling.M + tiling.baseM - 1) / tiling.baseM) * ((tiling.N + tiling.baseN - 1) / tiling.baseN);
  const size_t aBytes = size_t{tiling.M} * tiling.K * sizeof(uint16_t);
  const size_t bBytes = size_t{tiling.K} * tiling.N * sizeof(uint16_t);
  const size_t cBytes = size_t{tiling.M} * tiling.N * sizeof(float);

#ifdef ASCENDC_CPU_DEBUG
  uint8_t* a = (uint8_t*)AscendC::GmAlloc(aBytes);
  uint8_t* b = (uint8_t*)AscendC::GmAlloc(bBytes);
  uint8_t* c = (uint8_t*)AscendC::GmAlloc(cBytes);
  size_t size = 0;
  if (!ReadFile("./input/x1_gm.bin", size, a, aBytes) || !ReadFile("./input/x2_gm.bin", size, b, bBytes)) return 1;
  AscendC::SetKernelMode(KernelMode::AIC_MODE);
  ICPU_RUN_KF(matmul_lowlevel_custom, blockDim, a, b, c, tiling);
  WriteFile("./output/output.bin", c, cBytes);
  AscendC::GmFree((void*)a);
  AscendC::GmFree((void*)b);
  AscendC::GmFree((void*)c);
#else
  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(0));
  aclrtStream stream = nullptr;
  CHECK_ACL(aclrtCreateStream(&stream));
  uint8_t *aHost, *bHost, *cHost, *aDevice, *bDevice, *cDevice;
  CHECK_ACL(aclrtMallocHost((void**)&aHost, aBytes));
  CHECK_ACL(aclrtMallocHost((void**)&bHost, bBytes));
  CHECK_ACL(aclrtMallocHost((void**)&cHost, cBytes));
  CHECK_ACL(aclrtMalloc((void**)&aDevice, aBytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&bDevice, bBytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&cDevice, cBytes, ACL_MEM_MALLOC_HUGE_FIRST));
  size_t size = 0;
  ReadFile("./input/x1_gm.bin", size, aHost, aBytes);
  ReadFile("./input/x2_gm.bin", size, bHost, bBytes);
  CHECK_ACL(aclrtMemcpy(aDevice, aBytes, aHost, aBytes, ACL_MEMCPY_HOST_TO_DEVICE));
  CHECK_ACL(aclrtMemcpy(bDevice, bBytes, bHost, bBytes, ACL_MEMCPY_HOST_TO_DEVICE));
  matmul_lowlevel_custom_do(blockDim, stream, aDevice, bDevice, cDevice, tiling);
  CHECK_ACL(aclrtSynchronizeStream(stream));
  CHECK_ACL(aclrtMemcpy(cHost, cBytes, cDevice, cBytes, ACL_MEMCPY_DEVICE_TO_HOST));
  WriteFile("./output/output.bin", cHost, cBytes);
  CHECK_ACL(aclrtFree(aDevice));
  CHECK_ACL(aclrtFree(bDevice));
  CHECK_ACL(aclrtFree(cDevice));
  CHECK_ACL(aclrtFreeHost(aHost));
  CHECK_ACL(aclrtFreeHost(bHost));
  CHECK_ACL(aclrtFreeHost(cHost));
  CHECK_ACL(aclrtDestroyStream(stream));
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());
#endif
  return 0;
}
