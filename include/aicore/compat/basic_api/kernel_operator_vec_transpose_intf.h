// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// basic_api/kernel_operator_vec_transpose_intf.h: a vendor header name; on
// the CPU it forwards to aicore/ops/transpose.h (Transpose, both forms) and
// aicore/ops/trans_data_5hd.h (TransDataTo5HD).
#pragma once

#include "aicore/ops/trans_data_5hd.h"
#include "aicore/ops/transpose.h"
