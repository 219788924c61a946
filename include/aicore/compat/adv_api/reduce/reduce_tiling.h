// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/reduce/reduce_tiling.h: a vendor header name; on the CPU it forwards to
// aicore/op/reduce_tiling.h (GetReduce{Sum,Mean,Max,Min,Prod,Any,All}MaxMinTmpSize,
// ReducePattern) and aicore/lib/reduce_pattern.h (GetReduceXorSumMaxMinTmpSize).
#pragma once

#include "aicore/op/reduce_tiling.h"
