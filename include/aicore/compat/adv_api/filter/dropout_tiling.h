// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/filter/dropout_tiling.h: a vendor header name;
// on the CPU it forwards to aicore/lib/dropout_tiling.h (GetDropOutMaxMinTmpSize).
#pragma once

#include "aicore/lib/dropout_tiling.h"
