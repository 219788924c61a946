// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/transpose/transdata_tiling.h: a vendor header name; on the CPU it forwards to
// aicore/op/transdata_tiling.h (GetTransDataMaxMinTmpSize, TransDataConfig).
#pragma once

#include "aicore/op/transdata_tiling.h"
