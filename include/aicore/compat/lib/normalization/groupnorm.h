// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/normalization/groupnorm.h: a vendor header name; on the CPU it forwards to
// aicore/lib/groupnorm.h (GroupNorm, GroupNormTiling and its host tiling
// functions).
#pragma once

#include "aicore/lib/groupnorm.h"
