// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/sort/kernel_operator_topk_intf.h: a vendor header name; on the CPU it forwards to
// aicore/lib/sort.h (Concat, Sort, Extract, GetSortOffset, GetSortLen, TopK,
// TopKInfo/TopKMode/TopKConfig) and, as the vendor's does, names TopkTiling
// at global scope.
#pragma once

#include "aicore/lib/sort.h"
#include "kernel_tiling/kernel_tiling.h"
