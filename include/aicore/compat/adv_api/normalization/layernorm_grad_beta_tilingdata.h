// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/normalization/layernorm_grad_beta_tilingdata.h: a vendor header name; on the CPU it forwards to
// aicore/lib/layernormgrad.h (LayerNormGradBeta, LayerNormGradBetaTiling and
// its host functions; LayerNormGrad too).
#pragma once

#include "aicore/lib/layernormgrad.h"
