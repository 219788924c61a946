// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/matmul/matmul.h: a header name of the vendor's Matmul (the Matmul class, MatmulConfig
// and its templates), which kernels include by name; on the CPU it is
// lib/matmul_intf.h.
#pragma once

#include "lib/matmul_intf.h"
