// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/normalization/deepnorm_tilingdata.h: a vendor header name; on the CPU it forwards to
// aicore/lib/deepnorm.h (DeepNorm, DeepNormTiling and its host tiling
// functions).
#pragma once

#include "aicore/lib/deepnorm.h"
