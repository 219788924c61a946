// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/activation/softmax_tiling.h: a vendor header name; on the CPU it forwards to
// aicore/lib/softmax_tiling.h (SoftMaxTiling, LogSoftMaxTiling and the host
// tiling functions of the SoftMax family).
#pragma once

#include "aicore/lib/softmax_tiling.h"
#include "kernel_tiling/kernel_tiling.h"
