// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/pad/pad_tiling.h: a vendor header name; on the CPU it forwards to
// aicore/lib/pad_tiling.h (PadTiling, UnPadTiling, GetPadMaxMinTmpSize, PadTilingFunc,
// GetUnPadMaxMinTmpSize, UnPadTilingFunc).
#pragma once

#include "aicore/lib/pad_tiling.h"
