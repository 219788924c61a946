// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/normalization/layernormgrad_utils.h: a vendor header name; on the CPU it forwards to
// aicore/lib/layernormgrad.h (LayerNormGrad, LayerNormGradTiling,
// LayerNormGradShapeInfo and the host functions; LayerNormGradBeta too).
#pragma once

#include "aicore/lib/layernormgrad.h"
