// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// tiling/platform/platform_ascendc.h for the CPU: what host tiling code asks
// about the chip, answered from aicore's SoC profiles (see
// aicore/lib/platform_ascendc.h). Also brings the tiling macros
// (BEGIN_TILING_DATA_DEF ...), as the vendor's host headers do.
#pragma once

#include "aicore/lib/platform_ascendc.h"
#include "aicore/runtime/tiling.h"
// The vendor's host platform headers come with it, and with them std::string,
// std::map and std::vector named at global scope (platform/platform_info_def.h),
// which ops-nn's norm host code relies on.
#include "platform/platform_info.h"
