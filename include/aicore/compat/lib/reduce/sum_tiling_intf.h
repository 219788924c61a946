// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/reduce/sum_tiling_intf.h: a vendor header name; on the CPU it forwards to
// aicore/lib/reduce.h (Sum, Mean, SumParams, MeanParams, GetSumMaxMinTmpSize,
// GetMeanMaxMinTmpSize, GetMeanTmpBufferFactorSize).
#pragma once

#include "aicore/lib/reduce.h"
