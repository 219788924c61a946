// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The compiled part of aicore's runtime (CMake target aicore::runtime,
// AICORE_SEPARATE_RUNTIME): the runtime's non-template functions (the
// definitions in the -inl.h headers: launch bookkeeping, thread pool, watchdog,
// GM registry, error formatting; see AICORE_RT_FN in base/defs.h), the kernel
// sanitizer and the NPU timeline, compiled once here instead of in every
// translation unit that includes <aicore/aicore.h>. Including
// instrument/sanitizer.h registers the sanitizer with the runtime; aicore.h,
// in that mode, makes every translation unit that includes it reference
// kRuntimeAnchor, so that the linker takes this object from the library.
#define AICORE_RUNTIME_IMPL 1
#include "aicore/aicore.h"
#include "aicore/instrument/sanitizer.h"
#include "aicore/instrument/timeline_estimate.h"

namespace aicore {
namespace detail {
extern const int kRuntimeAnchor;
const int kRuntimeAnchor = 1;
}  // namespace detail
}  // namespace aicore
