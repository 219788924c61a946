// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/transpose/kernel_operator_confusion_transpose_intf.h: a vendor header name; on the CPU it
// forwards to aicore/lib/confusion_transpose.h (the high-level Transpose with
// ConfusionTransposeTiling) and, as the vendor's does, names
// ConfusionTransposeTiling at global scope.
#pragma once

#include "aicore/lib/confusion_transpose.h"
#include "kernel_tiling/kernel_tiling.h"
