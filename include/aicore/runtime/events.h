// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The event flags of a core (SetFlag / WaitFlag): how many there are, and
// their names in reports.
#pragma once

#include <string>

#include "aicore/base/types.h"

namespace aicore {
namespace detail {

constexpr int kNumHardEvents = static_cast<int>(AscendC::HardEvent::MAX);
constexpr int kNumEventIds = 8;

inline const char* HardEventName(int e) {
  static const char* const kNames[] = {
      "MTE2_MTE1", "MTE1_MTE2", "MTE1_M",    "M_MTE1",    "MTE2_V",    "V_MTE2",   "MTE3_V",
      "V_MTE3",    "M_V",       "V_M",       "V_V",       "MTE3_MTE1", "MTE1_MTE3", "MTE1_V",
      "MTE2_M",    "M_MTE2",    "V_MTE1",    "M_FIX",     "FIX_M",     "MTE3_MTE2", "MTE2_MTE3",
      "S_V",       "V_S",       "S_MTE2",    "MTE2_S",    "S_MTE3",    "MTE3_S",   "MTE2_FIX",
      "FIX_MTE2",  "FIX_S",     "M_S",       "FIX_MTE3",  "MTE1_FIX",  "FIX_MTE1", "FIX_FIX"};
  static_assert(sizeof(kNames) / sizeof(kNames[0]) == kNumHardEvents, "one name per HardEvent");
  return (e >= 0 && e < kNumHardEvents) ? kNames[e] : "?";
}

// "HardEvent::MTE2_V", or "(HardEvent)37" for a value that is no event.
inline std::string HardEventText(int e) {
  if (e >= 0 && e < kNumHardEvents) return std::string("HardEvent::") + HardEventName(e);
  return "(HardEvent)" + std::to_string(e);
}

inline std::string FlagName(int event, int id) {
  return "SetFlag<" + HardEventText(event) + ">(" + std::to_string(id) + ")";
}

}  // namespace detail
}  // namespace aicore
