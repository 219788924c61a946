// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The target namespace. Code compiled with Highway (the SIMD engine, the
// vector instructions, numcheck's scans) depends on the compile flags: a
// translation unit built with -march=native and one built for a baseline
// target would otherwise define the same inline functions with different
// instructions, and the linker would keep one copy for both (an illegal
// instruction on the smaller target, or another rounding path). As Highway
// does with hwy::HWY_NAMESPACE, that code lives in an inline namespace named
// after the static Highway target (N_AVX3, N_AVX2, N_SSE4, N_NEON, ...):
//
//   namespace AscendC {      AICORE_TARGET_BEGIN  ...  AICORE_TARGET_END  }
//   namespace aicore::detail / aicore::simd: the same
//
// Names are unchanged for users (AscendC::Add finds AscendC::N_AVX3::Add).
// What stays outside: the types that cross translation units (the parameter
// structs of the instructions, tensors, pipes, errors) and the runtime, whose
// state (the core grid, the GM registry, the sanitizer's configuration) is
// one per process. The runtime is plain C++ without Highway; only the
// compiler's own auto-vectorization can make it differ between targets.
#pragma once

#include <hwy/highway.h>

#define AICORE_TARGET_BEGIN inline namespace HWY_NAMESPACE {
#define AICORE_TARGET_END }
