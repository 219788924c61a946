// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// basic_api/kernel_struct_proposal.h: a vendor header name; on the CPU it
// forwards to aicore/ops/sort_basic.h (MrgSort4Info, MrgSortSrcList,
// MRG_SORT_ELEMENT_LEN).
#pragma once

#include "aicore/ops/sort_basic.h"
