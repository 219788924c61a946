// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/sort/topk_tilingdata.h: a vendor header name; on the CPU it forwards to
// aicore/lib/sort_tiling.h (TopkTiling, GetTopKMaxMinTmpSize, TopKTilingFunc,
// GetSortTmpSize, GetConcatTmpSize) and names TopkTiling at global scope.
#pragma once

#include "aicore/lib/sort_tiling.h"
#include "kernel_tiling/kernel_tiling.h"
