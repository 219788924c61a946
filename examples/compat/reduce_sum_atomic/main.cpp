// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host program of reduce_sum_atomic: x [4800, 256] float over 48 blocks (more
// blocks than this machine has cores: all run at once, as SyncAll needs);
// y [256] to ./output/output_y.bin. y starts as garbage: the kernel zeroes it.
#include <cstring>

#include "data_utils.h"
#include "reduce_sum_atomic_tiling.h"
#ifndef ASCENDC_CPU_DEBUG
#include "acl/acl.h"
extern void reduce_sum_atomic_custom_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* y,
                                        ReduceSumAtomicTilingData tiling);
#else
#include "tikicpulib.h"
extern "C" __global__ __aicore__ void reduce_sum_atomic_custom(GM_ADDR x, GM_ADDR y, ReduceSumAtomicTilingData tiling);
#endif

int32_t main() {
  constexpr uint32_t blockDim = 48;
  ReduceSumAtomicTilingData tiling{4800, 256};
  const size_t xBytes = size_t{tiling.rowNum} * tiling.colNum * sizeof(float);
  const size_t yBytes = tiling.colNum * sizeof(float);
#ifdef ASCENDC_CPU_DEBUG
  uint8_t* x = (uint8_t*)AscendC::GmAlloc(xBytes);
  uint8_t* y = (uint8_t*)AscendC::GmAlloc(yBytes);
  std::memset(y, 0x7F, yBytes);
  size_t size = 0;
  if (!ReadFile("./input/input_x.bin", size, x, xBytes)) return 1;
  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  ICPU_RUN_KF(reduce_sum_atomic_custom, blockDim, x, y, tiling);
  WriteFile("./output/output_y.bin", y, yBytes);
  AscendC::GmFree((void*)x);
  AscendC::GmFree((void*)y);
#else
  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(0));
  aclrtStream stream = nullptr;
  CHECK_ACL(aclrtCreateStream(&stream));
  uint8_t *xHost, *yHost, *xDevice, *yDevice;
  CHECK_ACL(aclrtMallocHost((void**)&xHost, xBytes));
  CHECK_ACL(aclrtMallocHost((void**)&yHost, yBytes));
  CHECK_ACL(aclrtMalloc((void**)&xDevice, xBytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&yDevice, yBytes, ACL_MEM_MALLOC_HUGE_FIRST));
  size_t size = 0;
  ReadFile("./input/input_x.bin", size, xHost, xBytes);
  CHECK_ACL(aclrtMemcpy(xDevice, xBytes, xHost, xBytes, ACL_MEMCPY_HOST_TO_DEVICE));
  reduce_sum_atomic_custom_do(blockDim, stream, xDevice, yDevice, tiling);
  CHECK_ACL(aclrtSynchronizeStream(stream));
  CHECK_ACL(aclrtMemcpy(yHost, yBytes, yDevice, yBytes, ACL_MEMCPY_DEVICE_TO_HOST));
  WriteFile("./output/output_y.bin", yHost, yBytes);
  CHECK_ACL(aclrtFree(xDevice));
  CHECK_ACL(aclrtFree(yDevice));
  CHECK_ACL(aclrtFreeHost(xHost));
  CHECK_ACL(aclrtFreeHost(yHost));
  CHECK_ACL(aclrtDestroyStream(stream));
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());
#endif
  return 0;
}
