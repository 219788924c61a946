// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Kernel-language qualifiers and basic macros. On the NPU these are compiler
// keywords; on the CPU they are empty so that kernel sources compile as is.
#pragma once

#include <cstdint>

#ifndef __global__
#define __global__
#endif
#ifndef __aicore__
#define __aicore__
#endif
#ifndef __gm__
#define __gm__
#endif
#ifndef __ubuf__
#define __ubuf__
#endif
#ifndef __cbuf__
#define __cbuf__
#endif
#ifndef __ca__
#define __ca__
#endif
#ifndef __cb__
#define __cb__
#endif
#ifndef __cc__
#define __cc__
#endif
#ifndef __fbuf__
#define __fbuf__
#endif
#ifndef __vector__
#define __vector__
#endif
#ifndef __kfc_workspace__  // the Matmul client's workspace parameter of mix kernels
#define __kfc_workspace__
#endif
#ifndef __cube__
#define __cube__
#endif
#ifndef __mix__
#define __mix__(...)
#endif
#ifndef __inout_pipe__
#define __inout_pipe__(...)
#endif
#ifndef __in_pipe__
#define __in_pipe__(...)
#endif
#ifndef __out_pipe__
#define __out_pipe__(...)
#endif
#ifndef __sync_alias__
#define __sync_alias__
#endif
#ifndef __sync_in__
#define __sync_in__
#endif
#ifndef __sync_out__
#define __sync_out__
#endif

#ifndef GM_ADDR
#define GM_ADDR __gm__ uint8_t*
#endif

#if defined(__GNUC__) || defined(__clang__)
#define AICORE_INLINE inline __attribute__((always_inline))
#define AICORE_LAMBDA_INLINE __attribute__((always_inline))  // [&]() AICORE_LAMBDA_INLINE {...}
#define AICORE_NOINLINE __attribute__((noinline))
#define AICORE_COLD __attribute__((cold, noinline))
#define AICORE_RT_COLD __attribute__((cold))  // AICORE_COLD for AICORE_RT_FN functions
#define AICORE_LIKELY(x) __builtin_expect(!!(x), 1)
#define AICORE_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define AICORE_INLINE inline
#define AICORE_LAMBDA_INLINE
#define AICORE_NOINLINE
#define AICORE_COLD
#define AICORE_RT_COLD
#define AICORE_LIKELY(x) (x)
#define AICORE_UNLIKELY(x) (x)
#endif

// The out-of-line runtime. The runtime's non-template code (launch and
// thread-pool bookkeeping, the watchdog, the GM registry, error formatting)
// is declared in its headers with AICORE_RT_FN and defined in <header>-inl.h
// files. Header-only (the default) each header includes its -inl.h and the
// definitions are inline. With AICORE_SEPARATE_RUNTIME (CMake: link
// aicore::runtime) they are compiled once, in that library
// (cmake/aicore_runtime.cpp defines AICORE_RUNTIME_IMPL), and a kernel's
// translation unit sees only the declarations: it compiles faster
// (benchmarks/compile_time.sh). One program uses one of the two modes.
#ifdef AICORE_SEPARATE_RUNTIME
#define AICORE_RT_FN
#ifdef AICORE_RUNTIME_IMPL
#define AICORE_RT_DEFINITIONS 1
#else
#define AICORE_RT_DEFINITIONS 0
#endif
#else
#define AICORE_RT_FN inline
#define AICORE_RT_DEFINITIONS 1
#endif
