// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// aicore: the Ascend C kernel API on the CPU. Include this one header in
// kernel and host code: namespace AscendC holds the kernel API, namespace
// aicore the runtime (Launch, configuration, errors).
//
// The kernel sanitizer (instrument/sanitizer.h) and the NPU timeline
// recorder and estimate (instrument/timeline_estimate.h) are compiled into
// every translation unit that includes this header, unless
// AICORE_SEPARATE_RUNTIME is defined (CMake: link aicore::runtime instead of
// aicore::aicore): then they are compiled once, in that library, and kernel
// sources compile faster (code that calls aicore::profile then includes
// <aicore/instrument/timeline_estimate.h> itself).
#pragma once

#ifdef AICORE_SEPARATE_RUNTIME
namespace aicore {
namespace detail {
extern const int kRuntimeAnchor;  // defined in aicore::runtime (cmake/aicore_runtime.cpp)
}  // namespace detail
}  // namespace aicore
// A reference the linker must resolve: it takes the sanitizer's object file
// (which registers the sanitizer when the program starts) from the library.
[[maybe_unused]] __attribute__((used)) static const int* const aicore_runtime_anchor =
    &aicore::detail::kRuntimeAnchor;
#else
#include "aicore/instrument/sanitizer.h"
#include "aicore/instrument/timeline.h"
#include "aicore/instrument/timeline_estimate.h"
#endif

#include "aicore/base/defs.h"
#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/soc.h"
#include "aicore/base/types.h"
#include "aicore/memory/global_tensor.h"
#include "aicore/memory/layout.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/memory/local_mem_allocator.h"
#include "aicore/memory/pipe.h"
#include "aicore/ops/atomic.h"
#include "aicore/ops/cast.h"
#include "aicore/ops/compare.h"
#include "aicore/ops/copy.h"
#include "aicore/ops/data_copy.h"
#include "aicore/ops/data_copy_pad.h"
#include "aicore/ops/data_copy_slice.h"
#include "aicore/ops/debug.h"
#include "aicore/ops/dequant.h"
#include "aicore/ops/elementwise.h"
#include "aicore/ops/gather.h"
#include "aicore/ops/reduce.h"
#include "aicore/ops/sort_basic.h"
#include "aicore/ops/symbol_override.h"
#include "aicore/ops/sync.h"
#include "aicore/ops/sync_all.h"
#include "aicore/ops/trans_data_5hd.h"
#include "aicore/ops/transpose.h"
#include "aicore/ops/vector_misc.h"
#include "aicore/runtime/gm.h"
#include "aicore/runtime/launch.h"
#include "aicore/runtime/output.h"
// Last: simd/gemm.h (under cube/) declares aicore::simd::detail, which would
// hide aicore::detail from the simd code of ops/ parsed after it.
#include "aicore/cube/cube.h"
