// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// tiling/platform/platform_ascendc.h for the CPU: what host tiling code asks
// about the chip, answered from aicore's current SoC profile
// (aicore::SetSocVersion / AICORE_SOC; default Ascend910B).
#pragma once

#include <cstdint>
#include <cstring>

#include "aicore/base/soc.h"
#include "aicore/runtime/tiling.h"

namespace platform_ascendc {

enum class CoreMemType { L0_A = 0, L0_B, L0_C, L1, L2, UB, HBM, RESERVED };
enum class SocVersion { ASCEND910 = 0, ASCEND910B, ASCEND310P, RESERVED_VERSION = 99999 };

class PlatformAscendC {
 public:
  uint32_t GetCoreNum() const { return GetCoreNumAiv(); }
  uint32_t GetCoreNumAic() const { return aicore::GetSocProfile().aic_cores; }
  uint32_t GetCoreNumAiv() const { return aicore::GetSocProfile().aiv_cores; }
  void GetCoreMemSize(CoreMemType type, uint64_t& size) const {
    const aicore::SocProfile& p = aicore::GetSocProfile();
    switch (type) {
      case CoreMemType::UB: size = p.bytes[static_cast<int>(aicore::Memory::kUB)]; break;
      case CoreMemType::L1: size = p.bytes[static_cast<int>(aicore::Memory::kL1)]; break;
      case CoreMemType::L0_A: size = p.bytes[static_cast<int>(aicore::Memory::kL0A)]; break;
      case CoreMemType::L0_B: size = p.bytes[static_cast<int>(aicore::Memory::kL0B)]; break;
      case CoreMemType::L0_C: size = p.bytes[static_cast<int>(aicore::Memory::kL0C)]; break;
      default: size = 0; break;
    }
  }
  SocVersion GetSocVersion() const {
    const char* n = aicore::GetSocProfile().name;
    if (std::strcmp(n, "Ascend910B") == 0) return SocVersion::ASCEND910B;
    if (std::strcmp(n, "Ascend310P") == 0) return SocVersion::ASCEND310P;
    return SocVersion::ASCEND910;
  }
  // Workspace the library APIs reserve (the system part of a kernel workspace).
  uint32_t GetLibApiWorkSpaceSize() const { return 16u * 1024u * 1024u; }
};

class PlatformAscendCManager {
 public:
  static PlatformAscendC* GetInstance() {
    static PlatformAscendC platform;
    return &platform;
  }
};

}  // namespace platform_ascendc
