// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/transpose/confusion_transpose_tiling_intf.h: a vendor header name; on the CPU it forwards to
// aicore/lib/confusion_transpose_tiling.h (ConfusionTransposeTiling,
// GetConfusionTransposeMaxMinTmpSize, GetConfusionTransposeTilingInfo & co.).
#pragma once

#include "aicore/lib/confusion_transpose_tiling.h"
