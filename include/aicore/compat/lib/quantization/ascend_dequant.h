// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/quantization/ascend_dequant.h: a vendor header name;
// on the CPU it forwards to aicore/lib/dequant.h (AscendDequant).
#pragma once

#include "aicore/lib/dequant.h"
