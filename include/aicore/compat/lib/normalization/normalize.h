// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/normalization/normalize.h: a vendor header name; on the CPU it forwards to
// aicore/lib/normalize.h (Normalize, NormalizeConfig, NormalizePara and
// GetNormalizeMaxMinTmpSize).
#pragma once

#include "aicore/lib/normalize.h"
