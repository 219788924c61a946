// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// utils/std/tuple.h: the header name of AscendC::Std's tuple, which kernels include by
// name; on the CPU it is kernel_operator.h (the whole kernel API).
#pragma once

#include "kernel_operator.h"
