// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/math/digamma_tiling.h: a vendor header name;
// on the CPU it forwards to aicore/lib/math_tiling.h (the host temporary-space helpers of the math APIs).
#pragma once

#include "aicore/lib/math_tiling.h"
