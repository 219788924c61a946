// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// tiling/sort/sort_tiling_intf.h for the CPU: the Sort API's host tiling (see aicore/lib/sort_tiling.h).
#pragma once

#include "aicore/lib/sort_tiling.h"
