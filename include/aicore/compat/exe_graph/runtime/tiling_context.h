// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// exe_graph/runtime/tiling_context.h for the CPU: the gert contexts, shapes and tensors (see aicore/op/op_def.h).
#pragma once

#include "aicore/op/op_def.h"
