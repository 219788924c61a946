// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/pad/broadcast_tiling.h: a vendor header name;
// on the CPU it forwards to aicore/lib/broadcast_tiling.h (GetBroadCastMaxMinTmpSize).
#pragma once

#include "aicore/lib/broadcast_tiling.h"
