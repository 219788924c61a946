// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Definitions of aicore/runtime/launch.h (see AICORE_RT_FN in base/defs.h).
#pragma once

#include "aicore/runtime/launch.h"

namespace aicore {
namespace detail {

AICORE_RT_FN std::string ReadableTypeName(const std::type_info& t) {
#ifdef AICORE_HAVE_CXXABI
  int status = 0;
  char* s = abi::__cxa_demangle(t.name(), nullptr, nullptr, &status);
  if (status == 0 && s != nullptr) {
    std::string r(s);
    std::free(s);
    return r;
  }
  std::free(s);
#endif
  return t.name();
}

AICORE_RT_FN void CheckBlockEnd(CoreContext& core) {
  if (core.deferred) {
    core.deferred = false;
    Fail(core.deferred_kind, core.deferred_api, core.deferred_loc, core.deferred_detail.data());
  }
  if (core.flags_outstanding != 0) {
    for (int e = 0; e < kNumHardEvents; ++e) {
      for (int id = 0; id < kNumEventIds; ++id) {
        if (core.flags[e][id] != 0) {
          Fail(ErrorKind::kSync, "SetFlag", core.flag_loc[e][id],
               FlagName(e, id) +
                   " was set but never waited for when the block ended "
                   "(an unpaired SetFlag leaves the event pending on the NPU)");
        }
      }
    }
  }
}

AICORE_RT_FN std::string ThrowSiteNote(const CoreContext& core) {
  if (core.san == 0) {
    return " (run with AICORE_SANITIZE set to any mode to name the block's last API call)";
  }
  const char* api = core.last_api.load(std::memory_order_relaxed);
  if (api == nullptr || *api == '\0') return " (before the block's first API call)";
  return std::string(" (thrown after the block's last API call, ") + api + ", at the line given)";
}

AICORE_RT_FN void CheckNotInSink(const char* api, const char* kernel, SrcLoc loc) {
  if (AICORE_UNLIKELY(t_in_sink)) {
    throw KernelError(ErrorKind::kLaunch, kernel, -1, 0, api, loc,
                      std::string(api) +
                          " from inside an aicore error sink (SetErrorSink / "
                          "ErrorRecorder) is not supported: the sink runs while the launch that "
                          "raised the report holds the core grid; record the report and launch "
                          "after the failing call returns");
  }
}
}  // namespace detail
}  // namespace aicore
