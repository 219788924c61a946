// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// platform/platform_info_def.h for the CPU: fe::PlatFormInfos, NpuArch and PlatformAscendC (see aicore/lib/platform_ascendc.h).
#pragma once

#include "aicore/lib/platform_ascendc.h"
