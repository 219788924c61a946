// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host program of mul_custom: two shapes, each with its tiling key.
//   a: 8 x 4096 floats (whole tiles: key 1), ./input/input_{x,y}_a.bin -> ./output/output_z_a.bin
//   b: 30001 floats (ragged: key 2),        ./input/input_{x,y}_b.bin -> ./output/output_z_b.bin
#include <string>

#include "data_utils.h"
#include "mul_custom_tiling.h"
#ifndef ASCENDC_CPU_DEBUG
#include "acl/acl.h"
extern void mul_custom_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* y, uint8_t* z, uint8_t* workspace,
                          uint8_t* tiling);
#else
#include "tikicpulib.h"
extern "C" __global__ __aicore__ void mul_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling);
#endif

namespace {

constexpr uint32_t kBlockDim = 8;
constexpr uint32_t kTileLength = 1024;

// The host half of the op: tiling and tiling key for a length.
uint64_t ComputeTiling(uint32_t totalLength, optiling::MulCustomTilingData& tiling) {
  const uint32_t former = (totalLength + kBlockDim - 1) / kBlockDim;
  tiling.set_totalLength(totalLength);
  tiling.set_formerLength(former);
  tiling.set_lastLength(totalLength - former * (kBlockDim - 1));
  tiling.set_tileLength(kTileLength);
  const bool whole = totalLength % (kBlockDim * kTileLength) == 0;
  return whole ? MUL_TILING_KEY_ALIGNED : MUL_TILING_KEY_TAIL;
}

bool RunCase(const std::string& name, uint32_t totalLength) {
  optiling::MulCustomTilingData tiling;
  const uint64_t key = ComputeTiling(totalLength, tiling);
  const size_t bytes = size_t{totalLength} * sizeof(float);
  INFO_LOG("case %s: %u elements, tiling key %llu", name.c_str(), totalLength, static_cast<unsigned long long>(key));
#ifdef ASCENDC_CPU_DEBUG
  uint8_t* x = (uint8_t*)AscendC::GmAlloc(bytes);
  uint8_t* y = (uint8_t*)AscendC::GmAlloc(bytes);
  uint8_t* z = (uint8_t*)AscendC::GmAlloc(bytes);
  uint8_t* tilingGm = (uint8_t*)AscendC::GmAlloc(tiling.GetDataSize());
  tiling.SaveToBuffer(tilingGm, tiling.GetDataSize());
  size_t size = 0;
  if (!ReadFile("./input/input_x_" + name + ".bin", size, x, bytes) ||
      !ReadFile("./input/input_y_" + name + ".bin", size, y, bytes)) {
    return false;
  }
  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  ICPU_SET_TILING_KEY(key);
  ICPU_RUN_KF(mul_custom, kBlockDim, x, y, z, nullptr, tilingGm);
  WriteFile("./output/output_z_" + name + ".bin", z, bytes);
  AscendC::GmFree((void*)x);
  AscendC::GmFree((void*)y);
  AscendC::GmFree((void*)z);
  AscendC::GmFree((void*)tilingGm);
#else
  // Kernel-launch projects on the NPU compile one kernel per tiling key;
  // this sample's NPU build launches the kernel compiled for `key`.
  aclrtStream stream = nullptr;
  CHECK_ACL(aclrtCreateStream(&stream));
  uint8_t *xHost, *yHost, *zHost, *xDevice, *yDevice, *zDevice, *tilingDevice;
  CHECK_ACL(aclrtMallocHost((void**)&xHost, bytes));
  CHECK_ACL(aclrtMallocHost((void**)&yHost, bytes));
  CHECK_ACL(aclrtMallocHost((void**)&zHost, bytes));
  CHECK_ACL(aclrtMalloc((void**)&xDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&yDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&zDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&tilingDevice, tiling.GetDataSize(), ACL_MEM_MALLOC_HUGE_FIRST));
  size_t size = 0;
  ReadFile("./input/input_x_" + name + ".bin", size, xHost, bytes);
  ReadFile("./input/input_y_" + name + ".bin", size, yHost, bytes);
  CHECK_ACL(aclrtMemcpy(xDevice, bytes, xHost, bytes, ACL_MEMCPY_HOST_TO_DEVICE));
  CHECK_ACL(aclrtMemcpy(yDevice, bytes, yHost, bytes, ACL_MEMCPY_HOST_TO_DEVICE));
  CHECK_ACL(aclrtMemcpy(tilingDevice, tiling.GetDataSize(), &tiling, tiling.GetDataSize(), ACL_MEMCPY_HOST_TO_DEVICE));
  mul_custom_do(kBlockDim, stream, xDevice, yDevice, zDevice, nullptr, tilingDevice);
  CHECK_ACL(aclrtSynchronizeStream(stream));
  CHECK_ACL(aclrtMemcpy(zHost, bytes, zDevice, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
  WriteFile("./output/output_z_" + name + ".bin", zHost, bytes);
  CHECK_ACL(aclrtFree(xDevice));
  CHECK_ACL(aclrtFree(yDevice));
  CHECK_ACL(aclrtFree(zDevice));
  CHECK_ACL(aclrtFree(tilingDevice));
  CHECK_ACL(aclrtFreeHost(xHost));
  CHECK_ACL(aclrtFreeHost(yHost));
  CHECK_ACL(aclrtFreeHost(zHost));
  CHECK_ACL(aclrtDestroyStream(stream));
#endif
  return true;
}

}  // namespace

int32_t main() {
#ifndef ASCENDC_CPU_DEBUG
  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(0));
#endif
  const bool ok = RunCase("a", kBlockDim * 4096) && RunCase("b", 30001);
#ifndef ASCENDC_CPU_DEBUG
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());
#endif
  return ok ? 0 : 1;
}
