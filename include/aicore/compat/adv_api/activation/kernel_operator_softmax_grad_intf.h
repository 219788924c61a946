// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/activation/kernel_operator_softmax_grad_intf.h: a header name of the vendor's high-level API, which kernels
// include by name; on the CPU it is kernel_operator.h (the whole kernel API).
#pragma once

#include "kernel_operator.h"
