// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/math/clamp.h: a vendor header name;
// on the CPU it forwards to aicore/lib/math_misc.h (the rounding and miscellaneous math APIs).
#pragma once

#include "aicore/lib/math_misc.h"
