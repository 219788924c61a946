// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/matmul/constant_tiling.h: a header name of the vendor's Matmul (GetMatmulApiTiling,
// MatmulApiStaticTiling), which kernels include by name; on the CPU it is
// lib/matmul_intf.h.
#pragma once

#include "lib/matmul_intf.h"
