// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host program of layer_norm: x [1, 512, 1024], gamma and beta [1024] from
// ./input, y to ./output/output_y.bin.
#include "data_utils.h"
#include "layer_norm_tiling.h"
#ifndef ASCENDC_CPU_DEBUG
#include "acl/acl.h"
extern void layer_norm_custom_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* gamma, uint8_t* beta,
                                 uint8_t* y, uint8_t* workspace, uint8_t* tiling);
#else
#include "tikicpulib.h"
extern "C" __global__ __aicore__ void layer_norm_custom(GM_ADDR x, GM_ADDR gamma, GM_ADDR beta, GM_ADDR y,
                                                        GM_ADDR workspace, GM_ADDR tiling);
#endif

int32_t main() {
  constexpr uint32_t blockDim = 8;
  LayerNormCustomTilingData tiling;
  tiling.set_rowNum(512);
  tiling.set_rowLength(1024);
  tiling.set_epsilon(1e-5f);
  const size_t xBytes = size_t{tiling.get_rowNum()} * tiling.get_rowLength() * sizeof(float);
  const size_t paramBytes = tiling.get_rowLength() * sizeof(float);
  const size_t workspaceBytes = 16 * 1024 * 1024;

#ifdef ASCENDC_CPU_DEBUG
  uint8_t* x = (uint8_t*)AscendC::GmAlloc(xBytes);
  uint8_t* gamma = (uint8_t*)AscendC::GmAlloc(paramBytes);
  uint8_t* beta = (uint8_t*)AscendC::GmAlloc(paramBytes);
  uint8_t* y = (uint8_t*)AscendC::GmAlloc(xBytes);
  uint8_t* workspace = (uint8_t*)AscendC::GmAlloc(workspaceBytes);
  uint8_t* tilingGm = (uint8_t*)AscendC::GmAlloc(tiling.GetDataSize());
  tiling.SaveToBuffer(tilingGm, tiling.GetDataSize());
  size_t size = 0;
  bool ok = ReadFile("./input/input_x.bin", size, x, xBytes);
  ok = ok && ReadFile("./input/input_gamma.bin", size, gamma, paramBytes);
  ok = ok && ReadFile("./input/input_beta.bin", size, beta, paramBytes);
  if (!ok) return 1;

  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  ICPU_RUN_KF(layer_norm_custom, blockDim, x, gamma, beta, y, workspace, tilingGm);

  WriteFile("./output/output_y.bin", y, xBytes);
  AscendC::GmFree((void*)x);
  AscendC::GmFree((void*)gamma);
  AscendC::GmFree((void*)beta);
  AscendC::GmFree((void*)y);
  AscendC::GmFree((void*)workspace);
  AscendC::GmFree((void*)tilingGm);
#else
  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(0));
  aclrtStream stream = nullptr;
  CHECK_ACL(aclrtCreateStream(&stream));
  uint8_t *xHost, *gammaHost, *betaHost, *yHost, *tilingHost;
  uint8_t *xDevice, *gammaDevice, *betaDevice, *yDevice, *workspaceDevice, *tilingDevice;
  CHECK_ACL(aclrtMallocHost((void**)&xHost, xBytes));
  CHECK_ACL(aclrtMallocHost((void**)&gammaHost, paramBytes));
  CHECK_ACL(aclrtMallocHost((void**)&betaHost, paramBytes));
  CHECK_ACL(aclrtMallocHost((void**)&yHost, xBytes));
  CHECK_ACL(aclrtMallocHost((void**)&tilingHost, tiling.GetDataSize()));
  CHECK_ACL(aclrtMalloc((void**)&xDevice, xBytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&gammaDevice, paramBytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&betaDevice, paramBytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&yDevice, xBytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&workspaceDevice, workspaceBytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&tilingDevice, tiling.GetDataSize(), ACL_MEM_MALLOC_HUGE_FIRST));
  size_t size = 0;
  ReadFile("./input/input_x.bin", size, xHost, xBytes);
  ReadFile("./input/input_gamma.bin", size, gammaHost, paramBytes);
  ReadFile("./input/input_beta.bin", size, betaHost, paramBytes);
  tiling.SaveToBuffer(tilingHost, tiling.GetDataSize());
  CHECK_ACL(aclrtMemcpy(xDevice, xBytes, xHost, xBytes, ACL_MEMCPY_HOST_TO_DEVICE));
  CHECK_ACL(aclrtMemcpy(gammaDevice, paramBytes, gammaHost, paramBytes, ACL_MEMCPY_HOST_TO_DEVICE));
  CHECK_ACL(aclrtMemcpy(betaDevice, paramBytes, betaHost, paramBytes, ACL_MEMCPY_HOST_TO_DEVICE));
  CHECK_ACL(aclrtMemcpy(tilingDevice, tiling.GetDataSize(), tilingHost, tiling.GetDataSize(),
                        ACL_MEMCPY_HOST_TO_DEVICE));
  layer_norm_custom_do(blockDim, stream, xDevice, gammaDevice, betaDevice, yDevice, workspaceDevice, tilingDevice);
  CHECK_ACL(aclrtSynchronizeStream(stream));
  CHECK_ACL(aclrtMemcpy(yHost, xBytes, yDevice, xBytes, ACL_MEMCPY_DEVICE_TO_HOST));
  WriteFile("./output/output_y.bin", yHost, xBytes);
  CHECK_ACL(aclrtFree(xDevice));
  CHECK_ACL(aclrtFree(gammaDevice));
  CHECK_ACL(aclrtFree(betaDevice));
  CHECK_ACL(aclrtFree(yDevice));
  CHECK_ACL(aclrtFree(workspaceDevice));
  CHECK_ACL(aclrtFree(tilingDevice));
  CHECK_ACL(aclrtFreeHost(xHost));
  CHECK_ACL(aclrtFreeHost(gammaHost));
  CHECK_ACL(aclrtFreeHost(betaHost));
  CHECK_ACL(aclrtFreeHost(yHost));
  CHECK_ACL(aclrtFreeHost(tilingHost));
  CHECK_ACL(aclrtDestroyStream(stream));
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());
#endif
  return 0;
}
