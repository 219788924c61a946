// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host program of leaky_relu: computes the tiling on the host
// (set_* + SaveToBuffer into GM), runs the kernel on ./input/input_x.bin and
// writes ./output/output_y.bin.
#include "data_utils.h"
#include "leaky_relu_tiling.h"
#ifndef ASCENDC_CPU_DEBUG
#include "acl/acl.h"
extern void leaky_relu_custom_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* y, uint8_t* workspace,
                                 uint8_t* tiling);
#else
#include "tikicpulib.h"
extern "C" __global__ __aicore__ void leaky_relu_custom(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling);
#endif

int32_t main() {
  constexpr uint32_t blockDim = 8;
  optiling::LeakyReluTilingData tiling;
  tiling.set_totalLength(blockDim * 4096);
  tiling.set_tileNum(8);
  tiling.set_negativeSlope(0.01f);
  const size_t tilingSize = tiling.GetDataSize();
  const size_t byteSize = tiling.get_totalLength() * sizeof(float);

#ifdef ASCENDC_CPU_DEBUG
  uint8_t* x = (uint8_t*)AscendC::GmAlloc(byteSize);
  uint8_t* y = (uint8_t*)AscendC::GmAlloc(byteSize);
  uint8_t* workspace = (uint8_t*)AscendC::GmAlloc(16 * 1024 * 1024);
  uint8_t* tilingGm = (uint8_t*)AscendC::GmAlloc(tilingSize);
  tiling.SaveToBuffer(tilingGm, tilingSize);
  size_t readSize = byteSize;
  if (!ReadFile("./input/input_x.bin", readSize, x, byteSize)) return 1;

  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  ICPU_RUN_KF(leaky_relu_custom, blockDim, x, y, workspace, tilingGm);

  WriteFile("./output/output_y.bin", y, byteSize);
  AscendC::GmFree((void*)x);
  AscendC::GmFree((void*)y);
  AscendC::GmFree((void*)workspace);
  AscendC::GmFree((void*)tilingGm);
#else
  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(0));
  aclrtStream stream = nullptr;
  CHECK_ACL(aclrtCreateStream(&stream));
  uint8_t *xHost, *yHost, *tilingHost, *xDevice, *yDevice, *workspaceDevice, *tilingDevice;
  CHECK_ACL(aclrtMallocHost((void**)&xHost, byteSize));
  CHECK_ACL(aclrtMallocHost((void**)&yHost, byteSize));
  CHECK_ACL(aclrtMallocHost((void**)&tilingHost, tilingSize));
  CHECK_ACL(aclrtMalloc((void**)&xDevice, byteSize, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&yDevice, byteSize, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&workspaceDevice, 16 * 1024 * 1024, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&tilingDevice, tilingSize, ACL_MEM_MALLOC_HUGE_FIRST));
  size_t readSize = byteSize;
  ReadFile("./input/input_x.bin", readSize, xHost, byteSize);
  tiling.SaveToBuffer(tilingHost, tilingSize);
  CHECK_ACL(aclrtMemcpy(xDevice, byteSize, xHost, byteSize, ACL_MEMCPY_HOST_TO_DEVICE));
  CHECK_ACL(aclrtMemcpy(tilingDevice, tilingSize, tilingHost, tilingSize, ACL_MEMCPY_HOST_TO_DEVICE));
  leaky_relu_custom_do(blockDim, stream, xDevice, yDevice, workspaceDevice, tilingDevice);
  CHECK_ACL(aclrtSynchronizeStream(stream));
  CHECK_ACL(aclrtMemcpy(yHost, byteSize, yDevice, byteSize, ACL_MEMCPY_DEVICE_TO_HOST));
  WriteFile("./output/output_y.bin", yHost, byteSize);
  CHECK_ACL(aclrtFree(xDevice));
  CHECK_ACL(aclrtFree(yDevice));
  CHECK_ACL(aclrtFree(workspaceDevice));
  CHECK_ACL(aclrtFree(tilingDevice));
  CHECK_ACL(aclrtFreeHost(xHost));
  CHECK_ACL(aclrtFreeHost(yHost));
  CHECK_ACL(aclrtFreeHost(tilingHost));
  CHECK_ACL(aclrtDestroyStream(stream));
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());
#endif
  return 0;
}
