// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host program of matmul_leakyrelu_custom: tiling on the host, kernel on
// ./input/x1_gm.bin (A), ./input/x2_gm.bin (B), ./input/bias.bin, result in
// ./output/output.bin. blockDim 1: one cube and two vector blocks.
#include "data_utils.h"
#include "kernel_tiling/kernel_tiling.h"
#include "tiling/platform/platform_ascendc.h"
#ifndef ASCENDC_CPU_DEBUG
#include "acl/acl.h"
extern void matmul_leakyrelu_custom_do(uint32_t blockDim, void* stream, uint8_t* a, uint8_t* b, uint8_t* bias,
                                       uint8_t* c, uint8_t* workspace, uint8_t* tiling);
#else
#include "tikicpulib.h"
extern "C" void matmul_leakyrelu_custom(uint8_t* a, uint8_t* b, uint8_t* bias, uint8_t* c, uint8_t* workspace,
                                        uint8_t* tiling);
#endif
extern void GenerateTiling(const char* socVersion, uint8_t* tilingBuf);

int32_t main() {
  const char* socVersion = SOC_VERSION;
  auto* ascendcPlatform = platform_ascendc::PlatformAscendCManager::GetInstance(socVersion);
  const size_t aFileSize = 1024 * 256 * sizeof(uint16_t);  // uint16_t: half
  const size_t bFileSize = 256 * 640 * sizeof(uint16_t);  // uint16_t: half
  const size_t biasFileSize = 640 * sizeof(float);
  const size_t cFileSize = 1024 * 640 * sizeof(float);
  const size_t tilingFileSize = sizeof(TCubeTiling) + sizeof(uint64_t);  // TCubeTiling + localMemSize
  const size_t userWorkspaceSize = 0;
  const size_t systemWorkspaceSize = static_cast<size_t>(ascendcPlatform->GetLibApiWorkSpaceSize());
  const size_t workspaceSize = userWorkspaceSize + systemWorkspaceSize;
  uint8_t* tilingBuf = static_cast<uint8_t*>(malloc(tilingFileSize));
  GenerateTiling(socVersion, tilingBuf);
  const uint32_t blockDim = 1;

#ifdef ASCENDC_CPU_DEBUG
  uint8_t* a = static_cast<uint8_t*>(AscendC::GmAlloc(aFileSize));
  uint8_t* b = static_cast<uint8_t*>(AscendC::GmAlloc(bFileSize));
  uint8_t* bias = static_cast<uint8_t*>(AscendC::GmAlloc(biasFileSize));
  uint8_t* c = static_cast<uint8_t*>(AscendC::GmAlloc(cFileSize));
  uint8_t* workspace = static_cast<uint8_t*>(AscendC::GmAlloc(workspaceSize));
  uint8_t* tiling = static_cast<uint8_t*>(AscendC::GmAlloc(tilingFileSize));
  size_t readSize = 0;
  if (!ReadFile("./input/x1_gm.bin", readSize, a, aFileSize) || !ReadFile("./input/x2_gm.bin", readSize, b, bFileSize) ||
      !ReadFile("./input/bias.bin", readSize, bias, biasFileSize)) {
    return 1;
  }
  memcpy_s(tiling, tilingFileSize, tilingBuf, tilingFileSize);

  ICPU_RUN_KF(matmul_leakyrelu_custom, blockDim, a, b, bias, c, workspace, tiling);

  WriteFile("./output/output.bin", c, cFileSize);
  AscendC::GmFree(static_cast<void*>(a));
  AscendC::GmFree(static_cast<void*>(b));
  AscendC::GmFree(static_cast<void*>(bias));
  AscendC::GmFree(static_cast<void*>(c));
  AscendC::GmFree(static_cast<void*>(workspace));
  AscendC::GmFree(static_cast<void*>(tiling));
#else
  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(0));
  aclrtStream stream = nullptr;
  CHECK_ACL(aclrtCreateStream(&stream));
  uint8_t *aHost, *bHost, *biasHost, *cHost, *tilingHost;
  uint8_t *aDevice, *bDevice, *biasDevice, *cDevice, *workspaceDevice, *tilingDevice;
  CHECK_ACL(aclrtMallocHost((void**)&aHost, aFileSize));
  CHECK_ACL(aclrtMallocHost((void**)&bHost, bFileSize));
  CHECK_ACL(aclrtMallocHost((void**)&biasHost, biasFileSize));
  CHECK_ACL(aclrtMallocHost((void**)&cHost, cFileSize));
  CHECK_ACL(aclrtMallocHost((void**)&tilingHost, tilingFileSize));
  CHECK_ACL(aclrtMalloc((void**)&aDevice, aFileSize, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&bDevice, bFileSize, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&biasDevice, biasFileSize, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&cDevice, cFileSize, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&workspaceDevice, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&tilingDevice, tilingFileSize, ACL_MEM_MALLOC_HUGE_FIRST));
  size_t readSize = 0;
  ReadFile("./input/x1_gm.bin", readSize, aHost, aFileSize);
  ReadFile("./input/x2_gm.bin", readSize, bHost, bFileSize);
  ReadFile("./input/bias.bin", readSize, biasHost, biasFileSize);
  memcpy_s(tilingHost, tilingFileSize, tilingBuf, tilingFileSize);
  CHECK_ACL(aclrtMemcpy(aDevice, aFileSize, aHost, aFileSize, ACL_MEMCPY_HOST_TO_DEVICE));
  CHECK_ACL(aclrtMemcpy(bDevice, bFileSize, bHost, bFileSize, ACL_MEMCPY_HOST_TO_DEVICE));
  CHECK_ACL(aclrtMemcpy(biasDevice, biasFileSize, biasHost, biasFileSize, ACL_MEMCPY_HOST_TO_DEVICE));
  CHECK_ACL(aclrtMemcpy(tilingDevice, tilingFileSize, tilingHost, tilingFileSize, ACL_MEMCPY_HOST_TO_DEVICE));
  matmul_leakyrelu_custom_do(blockDim, stream, aDevice, bDevice, biasDevice, cDevice, workspaceDevice, tilingDevice);
  CHECK_ACL(aclrtSynchronizeStream(stream));
  CHECK_ACL(aclrtMemcpy(cHost, cFileSize, cDevice, cFileSize, ACL_MEMCPY_DEVICE_TO_HOST));
  WriteFile("./output/output.bin", cHost, cFileSize);
  for (uint8_t* p : {aDevice, bDevice, biasDevice, cDevice, workspaceDevice, tilingDevice}) CHECK_ACL(aclrtFree(p));
  for (uint8_t* p : {aHost, bHost, biasHost, cHost, tilingHost}) CHECK_ACL(aclrtFreeHost(p));
  CHECK_ACL(aclrtDestroyStream(stream));
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());
#endif
  free(tilingBuf);
  return 0;
}
