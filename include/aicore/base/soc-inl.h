// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Definitions of aicore/base/soc.h (see AICORE_RT_FN in base/defs.h).
#pragma once

#include "aicore/base/soc.h"

namespace aicore {

AICORE_RT_FN const char* MemoryName(Memory m) {
  switch (m) {
    case Memory::kUB: return "UB";
    case Memory::kL1: return "L1";
    case Memory::kL0A: return "L0A";
    case Memory::kL0B: return "L0B";
    case Memory::kL0C: return "L0C";
    case Memory::kBT: return "BT";
    case Memory::kFB: return "FB";
    default: return "?";
  }
}
}  // namespace aicore

namespace aicore {
namespace detail {

AICORE_RT_FN std::string SocKnownNames() {
  std::string s;
  int n = 0;
  const SocAlias* aliases = SocAliases(&n);
  for (int i = 0; i < kNumSocProfiles; ++i) {
    if (i != 0) s += ", ";
    s += SocProfileByIndex(i).name;
    const char* sep = " (also ";
    for (int k = 0; k < n; ++k) {
      if (aliases[k].profile != i) continue;
      s += sep;
      s += aliases[k].name;
      sep = ", ";
    }
    s += ")";
  }
  return s;
}
}  // namespace detail
}  // namespace aicore

namespace aicore {

AICORE_RT_FN void SetSocVersion(const std::string& name) {
  const int i = detail::SocIndexByName(name.c_str());
  if (i < 0) {
    throw std::invalid_argument("aicore: unknown SoC '" + name +
                                "' (known: " + detail::SocKnownNames() + ")");
  }
  detail::SocIndex().store(i, std::memory_order_relaxed);
}
}  // namespace aicore
