// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// platform/platform_info.h for the CPU: fe::PlatformInfoManager and the
// older platform structs (see aicore/op/platform_info.h).
#pragma once

#include "platform/platform_info_def.h"
