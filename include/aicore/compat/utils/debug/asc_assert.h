// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// utils/debug/asc_assert.h (the vendor's header name; aicore's contents):
// assert(expr) / assert(expr, fmt, args...). The vendor's kernel headers
// (through kernel_operator.h) replace <cassert>'s assert with this variadic
// form, which kernels call (ops-nn's add_layer_norm): here the same as
// ascendc_assert (a false expr fails the block with a KernelError, api
// "assert", the expression and the formatted message; the vendor's CPU mode
// aborts the process instead); nothing with NDEBUG. A later #include
// <cassert> restores the standard one-argument macro, as with the vendor's
// headers; including this header again (like <cassert>, it has no include
// guard) brings this one back.
#include <cassert>

#include "aicore/ops/debug.h"

#undef assert
#ifdef NDEBUG
#define assert(...) ((void)0)
#else
#define assert(expr, ...)                                                                      \
  ::aicore::detail::AssertCheckAs("assert", ::aicore::SrcLoc{__FILE__, __LINE__}, #expr,        \
                                  static_cast<bool>(expr), ##__VA_ARGS__)
#endif
