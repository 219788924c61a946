// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Hardware profiles: on-chip memory sizes per SoC. The profile is chosen with
// aicore::SetSocVersion() or the AICORE_SOC environment variable
// (Ascend910B, the default; Ascend310P; Ascend910).
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

namespace aicore {

// The memories a TPipe carves buffers from.
enum class Memory : uint8_t { kUB = 0, kL1, kL0A, kL0B, kL0C, kCount };

inline const char* MemoryName(Memory m) {
  switch (m) {
    case Memory::kUB: return "UB";
    case Memory::kL1: return "L1";
    case Memory::kL0A: return "L0A";
    case Memory::kL0B: return "L0B";
    case Memory::kL0C: return "L0C";
    default: return "?";
  }
}

struct SocProfile {
  const char* name;
  uint32_t bytes[static_cast<int>(Memory::kCount)];  // UB, L1, L0A, L0B, L0C
  uint32_t aiv_cores;
  uint32_t aic_cores;
};

// The largest size of each memory over all profiles: per-core arenas are
// allocated with these so that the profile can change between launches.
constexpr uint32_t kMaxMemoryBytes[static_cast<int>(Memory::kCount)] = {256 * 1024, 1024 * 1024,
                                                                       64 * 1024, 64 * 1024,
                                                                       256 * 1024};

inline const SocProfile& SocProfileByIndex(int i) {
  static const SocProfile kProfiles[] = {
      {"Ascend910B", {192 * 1024, 512 * 1024, 64 * 1024, 64 * 1024, 128 * 1024}, 48, 24},
      {"Ascend310P", {256 * 1024, 1024 * 1024, 64 * 1024, 64 * 1024, 256 * 1024}, 7, 8},
      {"Ascend910", {256 * 1024, 1024 * 1024, 64 * 1024, 64 * 1024, 256 * 1024}, 32, 32},
  };
  return kProfiles[i];
}
constexpr int kNumSocProfiles = 3;

namespace detail {
inline int SocIndexByName(const char* name) {
  for (int i = 0; i < kNumSocProfiles; ++i) {
    if (std::strcmp(SocProfileByIndex(i).name, name) == 0) return i;
  }
  return -1;
}
inline std::atomic<int>& SocIndex() {
  static std::atomic<int> index{[] {
    const char* env = std::getenv("AICORE_SOC");
    if (env == nullptr || *env == '\0') return 0;
    int i = SocIndexByName(env);
    if (i < 0) throw std::invalid_argument(std::string("aicore: unknown AICORE_SOC '") + env + "'");
    return i;
  }()};
  return index;
}
}  // namespace detail

// The profile used by launches that start from now on.
inline const SocProfile& GetSocProfile() {
  return SocProfileByIndex(detail::SocIndex().load(std::memory_order_relaxed));
}

// Selects the profile by name ("Ascend910B", "Ascend310P", "Ascend910").
inline void SetSocVersion(const std::string& name) {
  int i = detail::SocIndexByName(name.c_str());
  if (i < 0) throw std::invalid_argument("aicore: unknown SoC '" + name + "'");
  detail::SocIndex().store(i, std::memory_order_relaxed);
}

}  // namespace aicore
