// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/quantization/ascend_quant.h: a vendor header name;
// on the CPU it forwards to aicore/lib/quant.h (AscendQuant).
#pragma once

#include "aicore/lib/quant.h"
