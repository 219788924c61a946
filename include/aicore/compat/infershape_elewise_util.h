// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// infershape_elewise_util.h for the CPU: the common shape inference (see aicore/op/op_common.h).
#pragma once

#include "aicore/op/op_common.h"
