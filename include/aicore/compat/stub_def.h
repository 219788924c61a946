// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// stub_def.h: the vendor CPU-debug header that defines the kernel qualifiers
// (__aicore__, __gm__, __global__, ...), the NPU data types (half,
// bfloat16_t, float16_t, pad_t, QuantMode_t) and the preprocessor
// environment. On the CPU all of them come with kernel_operator.h.
#pragma once

#include "kernel_operator.h"
