// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/index/arithprogression.h: a vendor header name;
// on the CPU it forwards to aicore/ops/vector_misc.h (Arange, ArithProgression).
#pragma once

#include "aicore/ops/vector_misc.h"
