// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/sigmoid/kernel_operator_sigmoid_intf.h: an older header name of the
// vendor's Sigmoid, which kernels include (ops-nn's foreach_sigmoid); on the
// CPU it is kernel_operator.h (the whole kernel API).
#pragma once

#include "kernel_operator.h"
