// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/index/arithprogression_tiling.h: a vendor header name;
// on the CPU it forwards to aicore/lib/arange_tiling.h (GetArangeMaxMinTmpSize, GetArithProgressionMaxMinTmpSize).
#pragma once

#include "aicore/lib/arange_tiling.h"
