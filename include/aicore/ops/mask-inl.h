// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Definitions of aicore/ops/mask.h (see AICORE_RT_FN in base/defs.h).
#pragma once

#include "aicore/ops/mask.h"

namespace aicore {
namespace detail {

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailMask(const char* api, const std::string& what,
                                                       SrcLoc loc) {
  Fail(ErrorKind::kParameter, api, loc, what);
}

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailRepeatTimes(const char* api, int64_t n,
                                                              SrcLoc loc) {
  FailMask(api, "repeatTimes " + std::to_string(n) + " is outside [0, 255]", loc);
}

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailContinuousMask(const char* api, uint64_t n,
                                                                 uint32_t lanes,
                                                                 SrcLoc loc) {
  FailMask(api, "continuous mask " + std::to_string(n) + " is outside [1, " +
                    std::to_string(lanes) + "] lanes per repeat", loc);
}

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailBitMask(const char* api, const uint64_t* mask,
                                                          uint32_t lanes, SrcLoc loc) {
  FailMask(api, "bit mask {" + std::to_string(mask[0]) + ", " + std::to_string(mask[1]) +
                    "} selects lanes beyond the " + std::to_string(lanes) + " lanes of a repeat",
           loc);
}

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailCounterCount(const char* api, uint64_t n,
                                                               SrcLoc loc) {
  FailMask(api, "counter-mode element count " + std::to_string(n) +
                    " is too large (did SetMaskCount() come without SetVectorMask?)", loc);
}
}  // namespace detail
}  // namespace aicore
