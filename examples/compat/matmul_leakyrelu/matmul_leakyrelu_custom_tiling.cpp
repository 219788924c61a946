// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host tiling of matmul_leakyrelu_custom: 1024 x 640 x 256 over the two
// vector cores of one cube + vector group, fixed 128 x 128 base blocks, C in
// UB (TPosition::LCM), bias on; stepM = stepN = 1 as the kernel's copy-out
// expects. Written as TCubeTiling followed by localMemSize.
#include <cstdint>
#include <cstring>
#include <iostream>

#include "tiling/platform/platform_ascendc.h"
#include "tiling/tiling_api.h"

using namespace matmul_tiling;

void GenerateTiling(const char* socVersion, uint8_t* tilingBuf) {
  constexpr int M = 1024;
  constexpr int N = 640;
  constexpr int K = 256;
  constexpr int baseM = 128;
  constexpr int baseN = 128;
  auto* ascendcPlatform = platform_ascendc::PlatformAscendCManager::GetInstance(socVersion);
  MultiCoreMatmulTiling cubeTiling(*ascendcPlatform);
  cubeTiling.SetDim(2);
  cubeTiling.SetAType(TPosition::GM, CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT16);
  cubeTiling.SetBType(TPosition::GM, CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT16);
  cubeTiling.SetCType(TPosition::LCM, CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT);
  cubeTiling.SetBiasType(TPosition::GM, CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT);
  cubeTiling.SetShape(M, N, K);
  cubeTiling.SetOrgShape(M, N, K);
  cubeTiling.SetFixSplit(baseM, baseN, -1);
  cubeTiling.SetBias(true);
  cubeTiling.SetBufferSpace(-1, -1, -1);
  optiling::TCubeTiling tilingData;
  if (cubeTiling.GetTiling(tilingData) == -1) {
    std::cout << "Generate tiling failed." << std::endl;
    return;
  }
  tilingData.set_stepM(1);
  tilingData.set_stepN(1);
  uint64_t localMemSize = 0;
  ascendcPlatform->GetCoreMemSize(platform_ascendc::CoreMemType::UB, localMemSize);
  const uint32_t tilingSize = static_cast<uint32_t>(tilingData.GetDataSize());
  tilingData.SaveToBuffer(tilingBuf, tilingSize);
  std::memcpy(tilingBuf + tilingSize, &localMemSize, sizeof(localMemSize));
}
