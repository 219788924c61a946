// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Hardware profiles: on-chip memory sizes per SoC. The profile is chosen with
// aicore::SetSocVersion() or the AICORE_SOC environment variable
// (Ascend910B, the default; Ascend310P; Ascend910), by profile name or by the
// vendor's SoC name (SOC_VERSION: Ascend910B2, Ascend910B4-1, Ascend910_9391,
// Ascend310P3, Ascend910A, ...), in any letter case. An unknown AICORE_SOC
// ends the process at its first use (the first launch) with a message on
// stderr and exit status 2, as an unknown AICORE_SANITIZE does.
#pragma once

#include <atomic>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

#include "aicore/base/defs.h"

namespace aicore {

// The memories a TPipe carves buffers from: the vector core's UB and the
// cube core's L1, L0A, L0B, L0C, bias table (BT, position C2) and fixpipe
// buffer (FB, position C2PIPE2GM).
enum class Memory : uint8_t { kUB = 0, kL1, kL0A, kL0B, kL0C, kBT, kFB, kCount };

AICORE_RT_FN const char* MemoryName(Memory m);

struct SocProfile {
  const char* name;
  uint32_t bytes[static_cast<int>(Memory::kCount)];  // UB, L1, L0A, L0B, L0C, BT, FB
  uint32_t aiv_cores;
  uint32_t aic_cores;
};

// The largest size of each memory over all profiles: per-core arenas are
// allocated with these so that the profile can change between launches.
constexpr uint32_t kMaxMemoryBytes[static_cast<int>(Memory::kCount)] = {
    256 * 1024, 1024 * 1024, 64 * 1024, 64 * 1024, 256 * 1024, 1024, 2048};

inline const SocProfile& SocProfileByIndex(int i) {
  // BT (bias table) and FB (fixpipe buffer) exist on the 910B generation
  // (NPU arch 2201: 1 KiB and 2 KiB); the 310P and 910 cores have neither
  // (their C2 position is L0C, and they have no fixpipe), so they are 0 here
  // and InitBuffer on C2 / C2PIPE2GM fails on those profiles.
  static const SocProfile kProfiles[] = {
      {"Ascend910B", {192 * 1024, 512 * 1024, 64 * 1024, 64 * 1024, 128 * 1024, 1024, 2048}, 48, 24},
      {"Ascend310P", {256 * 1024, 1024 * 1024, 64 * 1024, 64 * 1024, 256 * 1024, 0, 0}, 7, 8},
      {"Ascend910", {256 * 1024, 1024 * 1024, 64 * 1024, 64 * 1024, 256 * 1024, 0, 0}, 32, 32},
  };
  return kProfiles[i];
}
constexpr int kNumSocProfiles = 3;

namespace detail {

// The vendor's SoC names (as in SOC_VERSION) of each profile, besides the
// profile's own name (the same list as cmake/tikicpulibConfig.cmake). The
// 910B family includes the Atlas A3 parts (Ascend910_93xx); "Ascend910B",
// an old name of an Ascend 910 part, means the 910B profile here.
struct SocAlias {
  const char* name;
  int profile;
};
inline const SocAlias* SocAliases(int* count) {
  static const SocAlias kAliases[] = {
      {"Ascend910B1", 0},      {"Ascend910B2", 0},      {"Ascend910B2C", 0},
      {"Ascend910B3", 0},      {"Ascend910B4", 0},      {"Ascend910B4-1", 0},
      {"Ascend910_9391", 0},   {"Ascend910_9392", 0},   {"Ascend910_9381", 0},
      {"Ascend910_9382", 0},   {"Ascend910_9372", 0},   {"Ascend910_9362", 0},
      {"Ascend310P1", 1},      {"Ascend310P2", 1},      {"Ascend310P3", 1},
      {"Ascend310P4", 1},      {"Ascend310P5", 1},      {"Ascend310P7", 1},
      {"Ascend910A", 2},       {"Ascend910ProA", 2},    {"Ascend910ProB", 2},
      {"Ascend910PremiumA", 2},
  };
  *count = static_cast<int>(sizeof(kAliases) / sizeof(kAliases[0]));
  return kAliases;
}

inline bool SocNameEquals(const char* a, const char* b) {
  for (; *a != '\0' && *b != '\0'; ++a, ++b) {
    if (std::tolower(static_cast<unsigned char>(*a)) != std::tolower(static_cast<unsigned char>(*b))) {
      return false;
    }
  }
  return *a == *b;
}

// The profile of a profile or vendor SoC name (any letter case), or -1.
inline int SocIndexByName(const char* name) {
  if (name == nullptr) return -1;
  for (int i = 0; i < kNumSocProfiles; ++i) {
    if (SocNameEquals(SocProfileByIndex(i).name, name)) return i;
  }
  int n = 0;
  const SocAlias* aliases = SocAliases(&n);
  for (int k = 0; k < n; ++k) {
    if (SocNameEquals(aliases[k].name, name)) return aliases[k].profile;
  }
  return -1;
}

// "Ascend910B (also Ascend910B1, ...), Ascend310P (...), Ascend910 (...)".
AICORE_RT_FN std::string SocKnownNames();

inline std::atomic<int>& SocIndex() {
  static std::atomic<int> index{[] {
    const char* env = std::getenv("AICORE_SOC");
    if (env == nullptr || *env == '\0') return 0;
    const int i = SocIndexByName(env);
    if (i < 0) {
      std::fflush(stdout);
      std::fprintf(stderr, "aicore: AICORE_SOC=%s: unknown SoC '%s' (known: %s)\n", env, env,
                   SocKnownNames().c_str());
      std::fflush(stderr);
      std::exit(2);
    }
    return i;
  }()};
  return index;
}
}  // namespace detail

// The profile used by launches that start from now on.
inline const SocProfile& GetSocProfile() {
  return SocProfileByIndex(detail::SocIndex().load(std::memory_order_relaxed));
}

// Selects the profile by name ("Ascend910B", "Ascend310P", "Ascend910") or by
// a vendor SoC name of one ("Ascend910B2", "Ascend310P3", ...); an unknown
// name throws std::invalid_argument listing the known ones.
AICORE_RT_FN void SetSocVersion(const std::string& name);

}  // namespace aicore

#if AICORE_RT_DEFINITIONS
#include "aicore/base/soc-inl.h"
#endif
