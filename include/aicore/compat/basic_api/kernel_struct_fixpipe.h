// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// kernel_struct_fixpipe.h: a header name of the vendor's basic API (basic_api/), which kernels
// include by name; on the CPU it is kernel_operator.h (the whole kernel API).
#pragma once

#include "kernel_operator.h"
