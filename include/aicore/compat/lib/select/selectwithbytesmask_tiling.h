// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/select/selectwithbytesmask_tiling.h: a vendor header name;
// on the CPU it forwards to aicore/lib/select_misc_tiling.h (GetSelectMaxMinTmpSize and the SelectWithBytesMask helpers).
#pragma once

#include "aicore/lib/select_misc_tiling.h"
