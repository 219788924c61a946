// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The operator framework's older platform API (platform/platform_info.h,
// platform/platform_info_def.h), which host code of the ops repositories
// still calls: fe::PlatformInfoManager::Instance().GetPlatformInfoWithOutSocVersion(
// platformInfo, optionalInfo) filling the fe::PlatformInfo structs (field
// names as the vendor's header has them) for the current SoC profile:
//   str_info.short_soc_version, soc_info.ai_core_cnt / vector_core_cnt,
//   ai_core_spec.ub_size, l1_size, l0_a_size, l0_b_size, l0_c_size,
//   cube_m_size / cube_n_size / cube_k_size (16), and the core type and
//   core count in OptionalInfo.
// Not modelled (left 0 / empty): frequencies, memory rates, the L2 and
// DDR figures, the intrinsic dtype maps (only the ops repositories' graph
// fusion passes read them, and aicore does not build those).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "aicore/base/soc.h"
#include "aicore/lib/platform_ascendc.h"

namespace fe {
enum MemoryType { DDR = 0, HBM };
enum L2Type { Cache = 0, Buff };
enum JitCompileMode { REUSE_BINARY = 0, COMPILE_ONLINE, AUTO };

struct StrInfo {
  std::string aic_version;
  std::string ccec_aic_version;
  std::string ccec_aiv_version;
  std::string is_support_ai_cpu_compiler;
  std::string short_soc_version;
};
struct SoCInfo {
  uint32_t ai_core_cnt = 0;
  uint32_t vector_core_cnt = 0;
  uint32_t ai_cpu_cnt = 0;
  MemoryType memory_type = DDR;
  uint64_t memory_size = 0;
  L2Type l2_type = Cache;
  uint64_t l2_size = 0;
  uint32_t l2PageNum = 0;
  uint32_t task_num = 0;
  int32_t arch_type = -1;
  int32_t chip_type = -1;
};
struct AiCoreSpec {
  double cube_freq = 0;
  uint64_t cube_m_size = 0, cube_n_size = 0, cube_k_size = 0;
  uint64_t vec_calc_size = 0;
  uint64_t l0_a_size = 0, l0_b_size = 0, l0_c_size = 0, l1_size = 0;
  uint64_t smask_buffer = 0;
  uint64_t ub_size = 0, ubblock_size = 0, ubbank_size = 0, ubbank_num = 0, ubburst_in_one_block = 0,
           ubbank_group_num = 0;
  uint32_t unzip_engines = 0, unzip_max_ratios = 0, unzip_channels = 0;
  uint8_t unzip_is_tight = 0, cube_vector_split = 0, sparsity = 0;
};
struct AiCoreMemoryRates {
  double ddr_rate = 0, ddr_read_rate = 0, ddr_write_rate = 0, l2_rate = 0, l2_read_rate = 0, l2_write_rate = 0,
         l1_to_l0_a_rate = 0, l1_to_l0_b_rate = 0, l1_to_ub_rate = 0, l0_c_to_ub_rate = 0, ub_to_l2_rate = 0,
         ub_to_ddr_rate = 0, ub_to_l1_rate = 0;
};
struct VectorCoreSpec {
  double vec_freq = 0;
  uint64_t vec_calc_size = 0, smask_buffer = 0, ub_size = 0, ubblock_size = 0, ubbank_size = 0, ubbank_num = 0,
           ubburst_in_one_block = 0, ubbank_group_num = 0, vector_reg_size = 0, predicate_reg_size = 0,
           address_reg_size = 0, alignment_reg_size = 0;
};
struct VectorCoreMemoryRates {
  double ddr_rate = 0, ddr_read_rate = 0, ddr_write_rate = 0, l2_rate = 0, l2_read_rate = 0, l2_write_rate = 0,
         ub_to_l2_rate = 0, ub_to_ddr_rate = 0;
};
struct CPUCache {
  uint32_t AICPUSyncBySW = 0;
  uint32_t TSCPUSyncBySW = 0;
};
struct SoftwareSpec {
  bool jit_compile_default_value = false;
  JitCompileMode jit_compile_mode = AUTO;
};
struct PlatformInfo {
  StrInfo str_info;
  SoCInfo soc_info;
  AiCoreSpec ai_core_spec;
  AiCoreMemoryRates ai_core_memory_rates;
  std::map<std::string, std::vector<std::string>> ai_core_intrinsic_dtype_map;
  VectorCoreSpec vector_core_spec;
  VectorCoreMemoryRates vector_core_memory_rates;
  CPUCache cpucache;
  std::map<std::string, std::vector<std::string>> vector_core_intrinsic_dtype_map;
  SoftwareSpec software_spec;
};
struct OptionalInfo {
  std::string soc_version;
  std::string core_type;
  uint32_t ai_core_num = 0;
  std::string l1_fusion_flag;
};
// The newer API's optional-info handle (the platform itself is PlatFormInfos).
class OptionalInfos {};

class PlatformInfoManager {
 public:
  PlatformInfoManager(const PlatformInfoManager&) = delete;
  PlatformInfoManager& operator=(const PlatformInfoManager&) = delete;
  static PlatformInfoManager& Instance() {
    static PlatformInfoManager m;
    return m;
  }
  static PlatformInfoManager& GeInstance() { return Instance(); }
  uint32_t InitializePlatformInfo() { return 0; }
  uint32_t Finalize() { return 0; }
  // 0 on success, as the vendor's; the current SoC profile's figures.
  uint32_t GetPlatformInfoWithOutSocVersion(PlatformInfo& info, OptionalInfo& opt) const {
    const aicore::SocProfile& p = aicore::GetSocProfile();
    const auto mem = [&p](aicore::Memory m) { return uint64_t{p.bytes[static_cast<int>(m)]}; };
    info = PlatformInfo{};
    info.str_info.short_soc_version = p.name;
    info.soc_info.ai_core_cnt = p.aic_cores;
    info.soc_info.vector_core_cnt = p.aiv_cores;
    info.ai_core_spec.cube_m_size = info.ai_core_spec.cube_n_size = info.ai_core_spec.cube_k_size = 16;
    info.ai_core_spec.ub_size = mem(aicore::Memory::kUB);
    info.ai_core_spec.l1_size = mem(aicore::Memory::kL1);
    info.ai_core_spec.l0_a_size = mem(aicore::Memory::kL0A);
    info.ai_core_spec.l0_b_size = mem(aicore::Memory::kL0B);
    info.ai_core_spec.l0_c_size = mem(aicore::Memory::kL0C);
    info.ai_core_spec.ubblock_size = 32;
    info.vector_core_spec.ub_size = info.ai_core_spec.ub_size;
    opt = OptionalInfo{};
    opt.soc_version = p.name;
    opt.core_type = "AiCore";
    opt.ai_core_num = p.aic_cores;
    return 0;
  }
  // By SoC version: the current profile's when it is that SoC, else 1 (failure).
  uint32_t GetPlatformInfo(const std::string soc_version, PlatformInfo& info, OptionalInfo& opt) const {
    if (soc_version != aicore::GetSocProfile().name) return 1;
    return GetPlatformInfoWithOutSocVersion(info, opt);
  }
  uint32_t GetPlatformInfoWithOutSocVersion(PlatFormInfos&, OptionalInfos&) const { return 0; }
  uint32_t GetPlatformInfos(const std::string soc_version, PlatFormInfos&, OptionalInfos&) const {
    return soc_version == aicore::GetSocProfile().name ? 0 : 1;
  }

 private:
  PlatformInfoManager() = default;
};
}  // namespace fe
