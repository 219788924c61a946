// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// tiling/math/power_tiling.h for the CPU: the math APIs' host tmp-size functions (see aicore/lib/math_tiling.h).
#pragma once

#include "aicore/lib/math_tiling.h"
