// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host program of softmax: x [128, 2048] half from ./input/input_x.bin,
// y to ./output/output_y.bin.
#include "data_utils.h"
#include "softmax_tiling.h"
#ifndef ASCENDC_CPU_DEBUG
#include "acl/acl.h"
extern void softmax_custom_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* y, uint8_t* workspace,
                              uint8_t* tiling);
#else
#include "tikicpulib.h"
extern "C" __global__ __aicore__ void softmax_custom(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling);
#endif

int32_t main() {
  constexpr uint32_t blockDim = 8;
  SoftmaxCustomTilingData tiling;
  tiling.set_rowNum(128);
  tiling.set_rowLength(2048);
  const size_t bytes = size_t{tiling.get_rowNum()} * tiling.get_rowLength() * sizeof(aclFloat16);
#ifdef ASCENDC_CPU_DEBUG
  uint8_t* x = (uint8_t*)AscendC::GmAlloc(bytes);
  uint8_t* y = (uint8_t*)AscendC::GmAlloc(bytes);
  uint8_t* tilingGm = (uint8_t*)AscendC::GmAlloc(tiling.GetDataSize());
  tiling.SaveToBuffer(tilingGm, tiling.GetDataSize());
  size_t size = 0;
  if (!ReadFile("./input/input_x.bin", size, x, bytes)) return 1;
  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  ICPU_RUN_KF(softmax_custom, blockDim, x, y, nullptr, tilingGm);
  WriteFile("./output/output_y.bin", y, bytes);
  AscendC::GmFree((void*)x);
  AscendC::GmFree((void*)y);
  AscendC::GmFree((void*)tilingGm);
#else
  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(0));
  aclrtStream stream = nullptr;
  CHECK_ACL(aclrtCreateStream(&stream));
  uint8_t *xHost, *yHost, *xDevice, *yDevice, *tilingDevice;
  CHECK_ACL(aclrtMallocHost((void**)&xHost, bytes));
  CHECK_ACL(aclrtMallocHost((void**)&yHost, bytes));
  CHECK_ACL(aclrtMalloc((void**)&xDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&yDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&tilingDevice, tiling.GetDataSize(), ACL_MEM_MALLOC_HUGE_FIRST));
  size_t size = 0;
  ReadFile("./input/input_x.bin", size, xHost, bytes);
  CHECK_ACL(aclrtMemcpy(xDevice, bytes, xHost, bytes, ACL_MEMCPY_HOST_TO_DEVICE));
  CHECK_ACL(aclrtMemcpy(tilingDevice, tiling.GetDataSize(), &tiling, tiling.GetDataSize(), ACL_MEMCPY_HOST_TO_DEVICE));
  softmax_custom_do(blockDim, stream, xDevice, yDevice, nullptr, tilingDevice);
  CHECK_ACL(aclrtSynchronizeStream(stream));
  CHECK_ACL(aclrtMemcpy(yHost, bytes, yDevice, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
  WriteFile("./output/output_y.bin", yHost, bytes);
  CHECK_ACL(aclrtFree(xDevice));
  CHECK_ACL(aclrtFree(yDevice));
  CHECK_ACL(aclrtFree(tilingDevice));
  CHECK_ACL(aclrtFreeHost(xHost));
  CHECK_ACL(aclrtFreeHost(yHost));
  CHECK_ACL(aclrtDestroyStream(stream));
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());
#endif
  return 0;
}
