// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host program of add_tail: 10007 floats over 7 blocks (1430 each, the last
// 1427), tiles of 512; x, y from ./input, z to ./output/output_z.bin.
#include <cstring>

#include "data_utils.h"
#include "add_tail_tiling.h"
#ifndef ASCENDC_CPU_DEBUG
#include "acl/acl.h"
extern void add_tail_custom_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* y, uint8_t* z,
                               uint8_t* workspace, uint8_t* tiling);
#else
#include "tikicpulib.h"
extern "C" __global__ __aicore__ void add_tail_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace,
                                                      GM_ADDR tiling);
#endif

int32_t main() {
  constexpr uint32_t blockDim = 7;
  AddTailTilingData tiling;
  tiling.totalLength = 10007;
  tiling.formerLength = (tiling.totalLength + blockDim - 1) / blockDim;
  tiling.lastLength = tiling.totalLength - tiling.formerLength * (blockDim - 1);
  tiling.tileLength = 512;
  const size_t bytes = tiling.totalLength * sizeof(float);
#ifdef ASCENDC_CPU_DEBUG
  uint8_t* x = (uint8_t*)AscendC::GmAlloc(bytes);
  uint8_t* y = (uint8_t*)AscendC::GmAlloc(bytes);
  uint8_t* z = (uint8_t*)AscendC::GmAlloc(bytes);
  uint8_t* tilingGm = (uint8_t*)AscendC::GmAlloc(sizeof(tiling));
  std::memcpy(tilingGm, &tiling, sizeof(tiling));
  size_t size = 0;
  if (!ReadFile("./input/input_x.bin", size, x, bytes) || !ReadFile("./input/input_y.bin", size, y, bytes)) return 1;
  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  ICPU_RUN_KF(add_tail_custom, blockDim, x, y, z, nullptr, tilingGm);
  WriteFile("./output/output_z.bin", z, bytes);
  AscendC::GmFree((void*)x);
  AscendC::GmFree((void*)y);
  AscendC::GmFree((void*)z);
  AscendC::GmFree((void*)tilingGm);
#else
  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(0));
  aclrtStream stream = nullptr;
  CHECK_ACL(aclrtCreateStream(&stream));
  uint8_t *xHost, *yHost, *zHost, *xDevice, *yDevice, *zDevice, *tilingDevice;
  CHECK_ACL(aclrtMallocHost((void**)&xHost, bytes));
  CHECK_ACL(aclrtMallocHost((void**)&yHost, bytes));
  CHECK_ACL(aclrtMallocHost((void**)&zHost, bytes));
  CHECK_ACL(aclrtMalloc((void**)&xDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&yDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&zDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&tilingDevice, sizeof(tiling), ACL_MEM_MALLOC_HUGE_FIRST));
  size_t size = 0;
  ReadFile("./input/input_x.bin", size, xHost, bytes);
  ReadFile("./input/input_y.bin", size, yHost, bytes);
  CHECK_ACL(aclrtMemcpy(xDevice, bytes, xHost, bytes, ACL_MEMCPY_HOST_TO_DEVICE));
  CHECK_ACL(aclrtMemcpy(yDevice, bytes, yHost, bytes, ACL_MEMCPY_HOST_TO_DEVICE));
  CHECK_ACL(aclrtMemcpy(tilingDevice, sizeof(tiling), &tiling, sizeof(tiling), ACL_MEMCPY_HOST_TO_DEVICE));
  add_tail_custom_do(blockDim, stream, xDevice, yDevice, zDevice, nullptr, tilingDevice);
  CHECK_ACL(aclrtSynchronizeStream(stream));
  CHECK_ACL(aclrtMemcpy(zHost, bytes, zDevice, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
  WriteFile("./output/output_z.bin", zHost, bytes);
  CHECK_ACL(aclrtFree(xDevice));
  CHECK_ACL(aclrtFree(yDevice));
  CHECK_ACL(aclrtFree(zDevice));
  CHECK_ACL(aclrtFree(tilingDevice));
  CHECK_ACL(aclrtFreeHost(xHost));
  CHECK_ACL(aclrtFreeHost(yHost));
  CHECK_ACL(aclrtFreeHost(zHost));
  CHECK_ACL(aclrtDestroyStream(stream));
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());
#endif
  return 0;
}
