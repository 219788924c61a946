// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/quantization/ascend_antiquant_tiling.h: a vendor header name;
// on the CPU it forwards to aicore/op/antiquant_tiling.h (the host temporary-space helpers of AscendAntiQuant).
#pragma once

#include "aicore/op/antiquant_tiling.h"
