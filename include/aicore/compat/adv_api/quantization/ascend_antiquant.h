// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/quantization/ascend_antiquant.h: a vendor header name;
// on the CPU it forwards to aicore/lib/antiquant.h (AscendAntiQuant).
#pragma once

#include "aicore/lib/antiquant.h"
