// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// stub_fun.h: the vendor CPU-debug header that declares the compiler
// builtins for the host (block index and count, flags, barriers, copies).
// aicore provides what it implements of them with kernel_operator.h.
#pragma once

#include "kernel_operator.h"
