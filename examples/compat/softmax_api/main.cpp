// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host program of softmax_api: x [100, 128] float from ./input; y, max and
// sum to ./output; 8 blocks of 13 rows (the last one 9), tiles of 8 rows.
// The tiling comes from the high-level API's host functions
// (GetSoftMaxMinTmpSize, SoftMaxTilingFunc) for one tile.
#include "data_utils.h"
#include "softmax_api_tiling.h"
#ifndef ASCENDC_CPU_DEBUG
#include "acl/acl.h"
extern void softmax_api_custom_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* y, uint8_t* max,
                                  uint8_t* sum, uint8_t* workspace, uint8_t* tiling);
#else
#include "tikicpulib.h"
extern "C" __global__ __aicore__ void softmax_api_custom(GM_ADDR x, GM_ADDR y, GM_ADDR max, GM_ADDR sum,
                                                          GM_ADDR workspace, GM_ADDR tiling);
#endif

int32_t main() {
  constexpr uint32_t blockDim = 8, rowNum = 100, colNum = 128, tileRowNum = 8;
  SoftmaxApiTilingData tiling;
  tiling.set_rowNum(rowNum);
  tiling.set_colNum(colNum);
  tiling.set_coreRowNum((rowNum + blockDim - 1) / blockDim);
  tiling.set_tileRowNum(tileRowNum);
  const ge::Shape tileShape({tileRowNum, colNum});
  tiling.set_tmpBufferSize(AscendC::GetSoftMaxMinTmpSize(tileShape, sizeof(float), false));
  AscendC::SoftMaxTilingFunc(tileShape, sizeof(float), tiling.get_tmpBufferSize(), tiling.softmaxTilingData);
  const size_t xBytes = size_t{rowNum} * colNum * sizeof(float);
  const size_t statBytes = size_t{rowNum} * 8 * sizeof(float);
#ifdef ASCENDC_CPU_DEBUG
  uint8_t* x = (uint8_t*)AscendC::GmAlloc(xBytes);
  uint8_t* y = (uint8_t*)AscendC::GmAlloc(xBytes);
  uint8_t* max = (uint8_t*)AscendC::GmAlloc(statBytes);
  uint8_t* sum = (uint8_t*)AscendC::GmAlloc(statBytes);
  uint8_t* tilingGm = (uint8_t*)AscendC::GmAlloc(tiling.GetDataSize());
  tiling.SaveToBuffer(tilingGm, tiling.GetDataSize());
  size_t size = 0;
  if (!ReadFile("./input/input_x.bin", size, x, xBytes)) return 1;
  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  ICPU_RUN_KF(softmax_api_custom, blockDim, x, y, max, sum, nullptr, tilingGm);
  WriteFile("./output/output_y.bin", y, xBytes);
  WriteFile("./output/output_max.bin", max, statBytes);
  WriteFile("./output/output_sum.bin", sum, statBytes);
  AscendC::GmFree((void*)x);
  AscendC::GmFree((void*)y);
  AscendC::GmFree((void*)max);
  AscendC::GmFree((void*)sum);
  AscendC::GmFree((void*)tilingGm);
#else
  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(0));
  aclrtStream stream = nullptr;
  CHECK_ACL(aclrtCreateStream(&stream));
  uint8_t *xHost, *yHost, *maxHost, *sumHost, *xDevice, *yDevice, *maxDevice, *sumDevice, *tilingDevice;
  CHECK_ACL(aclrtMallocHost((void**)&xHost, xBytes));
  CHECK_ACL(aclrtMallocHost((void**)&yHost, xBytes));
  CHECK_ACL(aclrtMallocHost((void**)&maxHost, statBytes));
  CHECK_ACL(aclrtMallocHost((void**)&sumHost, statBytes));
  CHECK_ACL(aclrtMalloc((void**)&xDevice, xBytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&yDevice, xBytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&maxDevice, statBytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&sumDevice, statBytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&tilingDevice, tiling.GetDataSize(), ACL_MEM_MALLOC_HUGE_FIRST));
  size_t size = 0;
  ReadFile("./input/input_x.bin", size, xHost, xBytes);
  CHECK_ACL(aclrtMemcpy(xDevice, xBytes, xHost, xBytes, ACL_MEMCPY_HOST_TO_DEVICE));
  CHECK_ACL(aclrtMemcpy(tilingDevice, tiling.GetDataSize(), &tiling, tiling.GetDataSize(), ACL_MEMCPY_HOST_TO_DEVICE));
  softmax_api_custom_do(blockDim, stream, xDevice, yDevice, maxDevice, sumDevice, nullptr, tilingDevice);
  CHECK_ACL(aclrtSynchronizeStream(stream));
  CHECK_ACL(aclrtMemcpy(yHost, xBytes, yDevice, xBytes, ACL_MEMCPY_DEVICE_TO_HOST));
  CHECK_ACL(aclrtMemcpy(maxHost, statBytes, maxDevice, statBytes, ACL_MEMCPY_DEVICE_TO_HOST));
  CHECK_ACL(aclrtMemcpy(sumHost, statBytes, sumDevice, statBytes, ACL_MEMCPY_DEVICE_TO_HOST));
  WriteFile("./output/output_y.bin", yHost, xBytes);
  WriteFile("./output/output_max.bin", maxHost, statBytes);
  WriteFile("./output/output_sum.bin", sumHost, statBytes);
  CHECK_ACL(aclrtFree(xDevice));
  CHECK_ACL(aclrtFree(yDevice));
  CHECK_ACL(aclrtFree(maxDevice));
  CHECK_ACL(aclrtFree(sumDevice));
  CHECK_ACL(aclrtFree(tilingDevice));
  CHECK_ACL(aclrtFreeHost(xHost));
  CHECK_ACL(aclrtFreeHost(yHost));
  CHECK_ACL(aclrtFreeHost(maxHost));
  CHECK_ACL(aclrtFreeHost(sumHost));
  CHECK_ACL(aclrtDestroyStream(stream));
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());
#endif
  return 0;
}
