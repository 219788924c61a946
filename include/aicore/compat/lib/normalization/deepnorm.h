// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/normalization/deepnorm.h: a vendor header name; on the CPU it forwards to
// aicore/lib/deepnorm.h (DeepNorm, DeepNormTiling and its host tiling
// functions).
#pragma once

#include "aicore/lib/deepnorm.h"
