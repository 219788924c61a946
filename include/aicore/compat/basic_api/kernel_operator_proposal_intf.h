// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// basic_api/kernel_operator_proposal_intf.h: a vendor header name; on the CPU
// it forwards to aicore/ops/sort_basic.h (Sort32, MrgSort, GetMrgSortResult)
// and aicore/lib/sort.h (Concat, Sort, Extract, GetSortOffset, GetSortLen).
#pragma once

#include "aicore/lib/sort.h"
#include "aicore/ops/sort_basic.h"
