// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// platform/platform_info_def.h for the CPU: the older fe::PlatformInfo
// structs (see aicore/op/platform_info.h), and, as the vendor's header has
// them, std::map, std::string and std::vector named at global scope (host
// sources of the ops repositories write `string` unqualified after it).
#pragma once

#include "aicore/op/platform_info.h"

using std::map;
using std::string;
using std::vector;
