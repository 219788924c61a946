// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host program of rms_norm: x [64, 4096] and gamma [4096] half from ./input,
// y to ./output/output_y.bin; 16 blocks of 4 rows.
#include "data_utils.h"
#include "rms_norm_tiling.h"
#ifndef ASCENDC_CPU_DEBUG
#include "acl/acl.h"
extern void rms_norm_custom_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* gamma, uint8_t* y,
                               uint8_t* workspace, uint8_t* tiling);
#else
#include "tikicpulib.h"
extern "C" __global__ __aicore__ void rms_norm_custom(GM_ADDR x, GM_ADDR gamma, GM_ADDR y, GM_ADDR workspace,
                                                      GM_ADDR tiling);
#endif

int32_t main() {
  constexpr uint32_t blockDim = 16;
  RmsNormCustomTilingData tiling;
  tiling.set_rowNum(64);
  tiling.set_hiddenSize(4096);
  tiling.set_epsilon(1e-6f);
  const size_t xBytes = size_t{tiling.get_rowNum()} * tiling.get_hiddenSize() * sizeof(aclFloat16);
  const size_t gammaBytes = tiling.get_hiddenSize() * sizeof(aclFloat16);
#ifdef ASCENDC_CPU_DEBUG
  uint8_t* x = (uint8_t*)AscendC::GmAlloc(xBytes);
  uint8_t* gamma = (uint8_t*)AscendC::GmAlloc(gammaBytes);
  uint8_t* y = (uint8_t*)AscendC::GmAlloc(xBytes);
  uint8_t* tilingGm = (uint8_t*)AscendC::GmAlloc(tiling.GetDataSize());
  tiling.SaveToBuffer(tilingGm, tiling.GetDataSize());
  size_t size = 0;
  if (!ReadFile("./input/input_x.bin", size, x, xBytes) || !ReadFile("./input/input_gamma.bin", size, gamma, gammaBytes)) {
    return 1;
  }
  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  ICPU_RUN_KF(rms_norm_custom, blockDim, x, gamma, y, nullptr, tilingGm);
  WriteFile("./output/output_y.bin", y, xBytes);
  AscendC::GmFree((void*)x);
  AscendC::GmFree((void*)gamma);
  AscendC::GmFree((void*)y);
  AscendC::GmFree((void*)tilingGm);
#else
  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(0));
  aclrtStream stream = nullptr;
  CHECK_ACL(aclrtCreateStream(&stream));
  uint8_t *xHost, *gammaHost, *yHost, *xDevice, *gammaDevice, *yDevice, *tilingDevice;
  CHECK_ACL(aclrtMallocHost((void**)&xHost, xBytes));
  CHECK_ACL(aclrtMallocHost((void**)&gammaHost, gammaBytes));
  CHECK_ACL(aclrtMallocHost((void**)&yHost, xBytes));
  CHECK_ACL(aclrtMalloc((void**)&xDevice, xBytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&gammaDevice, gammaBytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&yDevice, xBytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&tilingDevice, tiling.GetDataSize(), ACL_MEM_MALLOC_HUGE_FIRST));
  size_t size = 0;
  ReadFile("./input/input_x.bin", size, xHost, xBytes);
  ReadFile("./input/input_gamma.bin", size, gammaHost, gammaBytes);
  CHECK_ACL(aclrtMemcpy(xDevice, xBytes, xHost, xBytes, ACL_MEMCPY_HOST_TO_DEVICE));
  CHECK_ACL(aclrtMemcpy(gammaDevice, gammaBytes, gammaHost, gammaBytes, ACL_MEMCPY_HOST_TO_DEVICE));
  CHECK_ACL(aclrtMemcpy(tilingDevice, tiling.GetDataSize(), &tiling, tiling.GetDataSize(), ACL_MEMCPY_HOST_TO_DEVICE));
  rms_norm_custom_do(blockDim, stream, xDevice, gammaDevice, yDevice, nullptr, tilingDevice);
  CHECK_ACL(aclrtSynchronizeStream(stream));
  CHECK_ACL(aclrtMemcpy(yHost, xBytes, yDevice, xBytes, ACL_MEMCPY_DEVICE_TO_HOST));
  WriteFile("./output/output_y.bin", yHost, xBytes);
  CHECK_ACL(aclrtFree(xDevice));
  CHECK_ACL(aclrtFree(gammaDevice));
  CHECK_ACL(aclrtFree(yDevice));
  CHECK_ACL(aclrtFree(tilingDevice));
  CHECK_ACL(aclrtFreeHost(xHost));
  CHECK_ACL(aclrtFreeHost(gammaHost));
  CHECK_ACL(aclrtFreeHost(yHost));
  CHECK_ACL(aclrtDestroyStream(stream));
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());
#endif
  return 0;
}
