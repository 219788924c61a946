// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// tiling/broadcast/broadcast_tiling.h for the CPU: the Broadcast API's host tiling (see aicore/lib/broadcast_tiling.h).
#pragma once

#include "aicore/lib/broadcast_tiling.h"
