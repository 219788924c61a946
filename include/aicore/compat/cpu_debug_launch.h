// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// cpu_debug_launch.h: the vendor CPU-debug header of the host-side launch
// (ICPU_RUN_KF, ICPU_SET_TILING_KEY, GmAlloc, GmFree, SetKernelMode); on the
// CPU it is tikicpulib.h.
#pragma once

#include "tikicpulib.h"
