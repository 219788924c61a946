// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/normalization/layernorm_utils.h: a vendor header name (the LayerNorm and
// WelfordUpdate parameter structs); on the CPU it forwards to
// aicore/lib/normalization.h, aicore/lib/layernorm_ar.h (LayerNormPara,
// LayerNormConfig, LNCFG_NORM) and aicore/lib/welford.h.
#pragma once

#include "aicore/lib/layernorm_ar.h"
#include "aicore/lib/normalization.h"
#include "aicore/lib/welford.h"
