// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host tiling of matmul_custom: MultiCoreMatmulTiling over the vector cores
// the launch has (blockDim 1 on the 910B: one cube and two vector cores),
// written to tilingBuf as TCubeTiling followed by the UB size the kernel may
// use (the sample's "localMemSize").
#include <cstdint>
#include <cstring>
#include <iostream>

#include "tiling/platform/platform_ascendc.h"
#include "tiling/tiling_api.h"

using namespace matmul_tiling;

void GenerateTiling(const char* socVersion, uint8_t* tilingBuf) {
  constexpr int M = 512;
  constexpr int N = 1024;
  constexpr int K = 512;
  auto* ascendcPlatform = platform_ascendc::PlatformAscendCManager::GetInstance(socVersion);
  MultiCoreMatmulTiling cubeTiling(*ascendcPlatform);
  cubeTiling.SetDim(2);  // the vector cores of one cube + vector group
  cubeTiling.SetAType(TPosition::GM, CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT16);
  cubeTiling.SetBType(TPosition::GM, CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT16);
  cubeTiling.SetCType(TPosition::GM, CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT);
  cubeTiling.SetBiasType(TPosition::GM, CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT);
  cubeTiling.SetShape(M, N, K);
  cubeTiling.SetOrgShape(M, N, K);
  cubeTiling.SetFixSplit(-1, -1, -1);
  cubeTiling.SetBias(true);
  cubeTiling.SetBufferSpace(-1, -1, -1);
  optiling::TCubeTiling tilingData;
  if (cubeTiling.GetTiling(tilingData) == -1) {
    std::cout << "Generate tiling failed." << std::endl;
    return;
  }
  uint64_t localMemSize = 0;
  ascendcPlatform->GetCoreMemSize(platform_ascendc::CoreMemType::UB, localMemSize);
  const uint32_t tilingSize = static_cast<uint32_t>(tilingData.GetDataSize());
  tilingData.SaveToBuffer(tilingBuf, tilingSize);
  std::memcpy(tilingBuf + tilingSize, &localMemSize, sizeof(localMemSize));
}
