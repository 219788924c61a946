// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// kernel_operator_intf.h: a vendor header name kernels include; on the CPU it is
// kernel_operator.h (the whole kernel API).
#pragma once

#include "kernel_operator.h"
