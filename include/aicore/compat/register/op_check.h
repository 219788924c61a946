// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// register/op_check.h for the CPU: optiling::OpCheckFuncHelper and the FUNC_* check kinds (see aicore/op/op_def.h).
#pragma once

#include "aicore/op/op_def.h"
