// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Definitions of aicore/ops/atomic.h (see AICORE_RT_FN in base/defs.h).
#pragma once

#include "aicore/ops/atomic.h"

namespace aicore {
namespace detail {

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailAtomicType(const char* api,
                                                             const CoreContext& core,
                                                             const char* type, SrcLoc loc) {
  Fail(ErrorKind::kParameter, api, loc,
       std::string("the atomic mode is ") + AtomicOpName(core.atomic_op) + "<" +
           core.atomic_type_name + "> but the copy moves " + type +
           " elements (set the mode for the type copied, or SetAtomicNone first)");
}

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailAtomicSetType(const char* api, const char* type,
                                                                SrcLoc loc) {
  Fail(ErrorKind::kParameter, api, loc,
       std::string(api) + "<" + type +
           ">: the atomic UB -> GM copies support half, bfloat16_t, float, int8_t, int16_t and "
           "int32_t");
}

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailAtomicAlign(const char* api, const void* p,
                                                              uint32_t elem,
                                                              SrcLoc loc) {
  Fail(ErrorKind::kAlignment, api, loc,
       "atomic copy to GM address " + std::to_string(reinterpret_cast<uintptr_t>(p)) +
           ", which is not a multiple of the element size " + std::to_string(elem));
}
}  // namespace detail
}  // namespace aicore
