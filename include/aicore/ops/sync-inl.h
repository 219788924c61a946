// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Definitions of aicore/ops/sync.h (see AICORE_RT_FN in base/defs.h).
#pragma once

#include "aicore/ops/sync.h"

namespace aicore {
namespace detail {

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailHardEvent(const char* api, int e, SrcLoc loc) {
  Fail(ErrorKind::kParameter, api, loc,
       std::string(api) + "<" + HardEventText(e) + ">: HardEvent value " + std::to_string(e) +
           " is not an event (valid: 0 to " + std::to_string(kNumHardEvents - 1) +
           ", HardEvent::" + HardEventName(0) + " to HardEvent::" +
           HardEventName(kNumHardEvents - 1) + "; HardEvent::MAX is a count, not an event)");
}

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailPipeT(const char* api, int p, SrcLoc loc) {
  std::string names;
  for (int i = 0; i < ::PIPE_MAX; ++i) names += std::string(i ? ", " : "") + PipeTName(i);
  Fail(ErrorKind::kParameter, api, loc,
       std::string(api) + "<(pipe_t)" + std::to_string(p) + ">: pipe_t value " +
           std::to_string(p) + " is not a pipe (valid: 0 to " + std::to_string(::PIPE_MAX - 1) +
           ": " + names + "; PIPE_MAX is a count, not a pipe)");
}

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailEventId(const char* api, int event, int32_t id,
                                                          SrcLoc loc) {
  Fail(ErrorKind::kParameter, api, loc,
       std::string("event id ") + std::to_string(id) + " of " + HardEventText(event) +
           " is outside [0, 8)");
}

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailDuplicateSet(int event, int id, SrcLoc first,
                                                               SrcLoc loc) {
  Fail(ErrorKind::kSync, "SetFlag", loc,
       FlagName(event, id) + " is set again while the set at " + first.Str() +
           " has not been waited for (an event flag holds one set: the NPU loses the second "
           "one, and the second WaitFlag hangs); WaitFlag<" + HardEventText(event) + ">(" +
           std::to_string(id) + ") before setting it again, or use another event id");
}
}  // namespace detail
}  // namespace aicore
