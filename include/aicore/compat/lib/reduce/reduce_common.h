// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/reduce/reduce_common.h: a vendor header name; on the CPU it forwards to
// aicore/lib/reduce_pattern.h (ReduceSum/Mean/Max/Min/Prod/Any/All with
// Pattern::Reduce::AR and RA, ReduceXorSum, ReducePattern,
// GetReduceXorSumMaxMinTmpSize).
#pragma once

#include "aicore/lib/reduce_pattern.h"
