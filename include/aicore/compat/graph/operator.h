// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// graph/operator.h for the CPU: ge::Operator, the graph's operator handle (see aicore/op/op_def.h).
#pragma once

#include "aicore/op/op_def.h"
