// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/normalization/batchnorm.h: a vendor header name; on the CPU it forwards to
// aicore/lib/batchnorm.h (BatchNorm, BatchNormTiling and its host tiling
// functions).
#pragma once

#include "aicore/lib/batchnorm.h"
