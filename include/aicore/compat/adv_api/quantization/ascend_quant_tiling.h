// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/quantization/ascend_quant_tiling.h: a vendor header name;
// on the CPU it forwards to aicore/lib/quant_tiling.h (the host temporary-space helpers of AscendQuant).
#pragma once

#include "aicore/lib/quant_tiling.h"
