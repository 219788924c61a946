// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// platform_ascendc: what host tiling code asks about the chip (the vendor's
// tiling/platform/platform_ascendc.h, reachable under that name through
// aicore::compat), answered from an aicore SoC profile:
//
//   PlatformAscendCManager::GetInstance()            the current profile
//                                                    (aicore::SetSocVersion / AICORE_SOC)
//   PlatformAscendCManager::GetInstance("Ascend910B2")  that SoC's profile, whatever
//                                                    the current one (an unknown name: nullptr)
//   PlatformAscendC()  /  PlatformAscendC(fe::PlatFormInfos*)  the current profile
//   GetCoreNum / GetCoreNumAic / GetCoreNumAiv / GetCoreNumVector
//   GetCoreMemSize(CoreMemType, size)   UB, L1, L0_A, L0_B, L0_C, BT, FB in bytes
//                                       (L2 and HBM are not modelled: 0)
//   GetSocVersion, GetCurNpuArch (NpuArch::DAV_2201 ...), GetLibApiWorkSpaceSize (16 MiB), CalcTschBlockDim / CalcTschNumBlocks
//
// CalcTschNumBlocks(sliceNum, aicCoreNum, aivCoreNum): with both core counts
// non-zero (a mixed kernel) ceil(sliceNum / (aivCoreNum / aicCoreNum)), the
// groups of one cube and aiv/aic vector cores needed for sliceNum vector
// slices; otherwise sliceNum.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

#include "aicore/base/soc.h"

namespace fe {
// The local memories, as GetLocalMemSize names them (the values of
// platform_ascendc::CoreMemType).
enum class LocalMemType { L0_A = 0, L0_B = 1, L0_C = 2, L1 = 3, L2 = 4, UB = 5, HBM = 6, RESERVED };

// The operator framework's platform handle. On the CPU it carries nothing
// (PlatformAscendC answers from the current SoC profile), but tiling
// functions receive a non-null one, as on the NPU, where they check it.
class PlatFormInfos {
 public:
  // The size in bytes of a core's memory (UB, L1, L0A/B/C) for the current
  // SoC profile, as PlatformAscendC::GetCoreMemSize; L2, HBM: 0 (not modelled).
  inline void GetLocalMemSize(const LocalMemType& type, uint64_t& size) const;
  // A value of the platform's ini file, by section (label) and key, for the
  // current SoC profile: SoCInfo (ai_core_cnt, cube_core_cnt,
  // vector_core_cnt), AICoreSpec (ub_size, l1_size, l0_a_size, l0_b_size,
  // l0_c_size), version (SoC_version, Short_SoC_version). false for
  // anything else (the value is left as it is).
  bool GetPlatformRes(const std::string& label, const std::string& key, std::string& value) const {
    const aicore::SocProfile& p = aicore::GetSocProfile();
    auto mem = [&](aicore::Memory m) { return std::to_string(p.bytes[static_cast<int>(m)]); };
    std::string v;
    if (label == "SoCInfo") {
      if (key == "ai_core_cnt" || key == "cube_core_cnt") v = std::to_string(p.aic_cores);
      if (key == "vector_core_cnt") v = std::to_string(p.aiv_cores);
    } else if (label == "AICoreSpec") {
      if (key == "ub_size") v = mem(aicore::Memory::kUB);
      if (key == "l1_size") v = mem(aicore::Memory::kL1);
      if (key == "l0_a_size") v = mem(aicore::Memory::kL0A);
      if (key == "l0_b_size") v = mem(aicore::Memory::kL0B);
      if (key == "l0_c_size") v = mem(aicore::Memory::kL0C);
    } else if (label == "version") {
      if (key == "SoC_version" || key == "Short_SoC_version") v = p.name;
    }
    if (v.empty()) return false;
    value = v;
    return true;
  }
  bool GetPlatformResWithLock(const std::string& label, const std::string& key, std::string& value) const {
    return GetPlatformRes(label, key, value);
  }
  uint32_t GetCoreNum() const { return aicore::GetSocProfile().aiv_cores; }
};
}  // namespace fe

// The NPU architecture numbers (platform/soc_spec.h): the 910B and A3
// parts are DAV_2201, the 310P DAV_2002, the 910 DAV_1001.
enum class NpuArch : uint32_t {
  DAV_1001 = 1001,
  DAV_2002 = 2002,
  DAV_2102 = 2102,
  DAV_2201 = 2201,
  DAV_3002 = 3002,
  DAV_3003 = 3003,
  DAV_3004 = 3004,
  DAV_3102 = 3102,
  DAV_3113 = 3113,
  DAV_3505 = 3505,
  DAV_3510 = 3510,
  DAV_5102 = 5102,
  DAV_RESV = 0xFFFF
};

namespace platform_ascendc {

enum class CoreMemType { L0_A = 0, L0_B = 1, L0_C = 2, L1 = 3, L2 = 4, UB = 5, HBM = 6, FB = 7, BT = 8, RESERVED };
// In the vendor's order (the values are compared and stored by tiling code).
enum class SocVersion {
  ASCEND910 = 0,
  ASCEND910B,  // also the A3 (Ascend910_93) parts
  ASCEND310P,
  ASCEND310B,
  ASCEND950,
  ASCEND910_55,
  ASCEND910_95 = ASCEND950,
  AS31XM1,
  ASCEND031,
  ASCEND035,
  ASCEND310,
  ASCEND610,
  ASCEND610Lite,
  ASCEND910_93,
  BS9SX1A,
  BS9SX2A,
  HI3796CV300CS,
  HI3796CV300ES,
  MC61AM21A,
  MC62,
  SD3403,
  KIRINX90,
  KIRIN9030,
  MC32DM11A,
  ASCEND350,
  RESERVED_VERSION = 99999
};
enum class ReservedSize { RESERVED_SIZE_8K, RESERVED_SIZE_16K, RESERVED_SIZE_32K };

class PlatformAscendC {
 public:
  // The current profile (profile < 0), or profile `profile` (a SocProfileByIndex index).
  PlatformAscendC() = default;
  explicit PlatformAscendC(fe::PlatFormInfos* /*platformInfo*/) {}
  explicit PlatformAscendC(int profile) : profile_(profile) {}

  uint32_t GetCoreNum() const { return GetCoreNumAiv(); }
  uint32_t GetCoreNumAic() const { return Profile().aic_cores; }
  uint32_t GetCoreNumAiv() const { return Profile().aiv_cores; }
  uint32_t GetCoreNumVector() const { return 0; }  // no separate vector cores on these parts
  void GetCoreMemSize(const CoreMemType& type, uint64_t& size) const {
    const aicore::SocProfile& p = Profile();
    const bool has_bt = std::strcmp(p.name, "Ascend910B") == 0;  // bias table and fixpipe
    switch (type) {                                                // buffer: the 220 cube
      case CoreMemType::UB: size = p.bytes[static_cast<int>(aicore::Memory::kUB)] - reserved_; break;
      case CoreMemType::L1: size = p.bytes[static_cast<int>(aicore::Memory::kL1)]; break;
      case CoreMemType::L0_A: size = p.bytes[static_cast<int>(aicore::Memory::kL0A)]; break;
      case CoreMemType::L0_B: size = p.bytes[static_cast<int>(aicore::Memory::kL0B)]; break;
      case CoreMemType::L0_C: size = p.bytes[static_cast<int>(aicore::Memory::kL0C)]; break;
      case CoreMemType::BT: size = has_bt ? 1024 : 0; break;
      case CoreMemType::FB: size = has_bt ? 2048 : 0; break;
      default: size = 0; break;
    }
  }
  SocVersion GetSocVersion() const {
    const char* n = Profile().name;
    if (std::strcmp(n, "Ascend910B") == 0) return SocVersion::ASCEND910B;
    if (std::strcmp(n, "Ascend310P") == 0) return SocVersion::ASCEND310P;
    return SocVersion::ASCEND910;
  }
  NpuArch GetCurNpuArch() const {
    const char* n = Profile().name;
    if (std::strcmp(n, "Ascend910B") == 0) return NpuArch::DAV_2201;
    if (std::strcmp(n, "Ascend310P") == 0) return NpuArch::DAV_2002;
    return NpuArch::DAV_1001;
  }
  // Workspace the library APIs reserve (the system part of a kernel workspace).
  uint32_t GetLibApiWorkSpaceSize() const { return 16u * 1024u * 1024u; }
  uint32_t CalcTschNumBlocks(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const {
    if (aicCoreNum == 0 || aivCoreNum == 0 || aivCoreNum < aicCoreNum) return sliceNum;
    const uint32_t ratio = aivCoreNum / aicCoreNum;
    return (sliceNum + ratio - 1) / ratio;
  }
  uint32_t CalcTschBlockDim(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const {
    return CalcTschNumBlocks(sliceNum, aicCoreNum, aivCoreNum);
  }
  // Keeps `size` of UB for the caller: GetCoreMemSize(UB) reports that much less.
  void ReserveLocalMemory(ReservedSize size) {
    reserved_ = size == ReservedSize::RESERVED_SIZE_8K ? 8192u : size == ReservedSize::RESERVED_SIZE_16K ? 16384u
                                                                                                        : 32768u;
  }

 private:
  const aicore::SocProfile& Profile() const {
    return profile_ < 0 ? aicore::GetSocProfile() : aicore::SocProfileByIndex(profile_);
  }
  int profile_ = -1;
  uint32_t reserved_ = 0;
};

}  // namespace platform_ascendc

void fe::PlatFormInfos::GetLocalMemSize(const LocalMemType& type, uint64_t& size) const {
  size = 0;  // RESERVED (whose value is CoreMemType's FB) and beyond: none
  if (type < LocalMemType::RESERVED) {
    platform_ascendc::PlatformAscendC().GetCoreMemSize(static_cast<platform_ascendc::CoreMemType>(type), size);
  }
}

namespace platform_ascendc {

class PlatformAscendCManager {
 public:
  static PlatformAscendC* GetInstance() {
    static PlatformAscendC platform;
    return &platform;
  }
  // The platform of a named SoC ("Ascend910B2", "Ascend310P3", a profile
  // name ...), or nullptr for a name aicore does not know.
  static PlatformAscendC* GetInstance(const char* customSocVersion) {
    static PlatformAscendC platforms[aicore::kNumSocProfiles] = {PlatformAscendC(0), PlatformAscendC(1),
                                                                 PlatformAscendC(2)};
    static_assert(aicore::kNumSocProfiles == 3, "one PlatformAscendC per SoC profile");
    if (customSocVersion == nullptr) return GetInstance();
    const int i = aicore::detail::SocIndexByName(customSocVersion);
    return i < 0 ? nullptr : &platforms[i];
  }
};

}  // namespace platform_ascendc
