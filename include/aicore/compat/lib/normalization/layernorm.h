// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/normalization/layernorm.h: a vendor header name; on the CPU it forwards to
// aicore/lib/normalization.h (RmsNorm, LayerNorm [B, S, H], their tiling structs and
// host tiling functions), aicore/lib/layernorm_ar.h (LayerNorm [A, R] with rstd,
// LayerNormPara, LayerNormConfig, LayerNormSeparateTiling and its host functions) and aicore/lib/welford.h (WelfordUpdate and
// GetWelfordUpdateMaxMinTmpSize, declared in the vendor's LayerNorm headers).
#pragma once

#include "aicore/lib/layernorm_ar.h"
#include "aicore/lib/normalization.h"
#include "aicore/lib/welford.h"
