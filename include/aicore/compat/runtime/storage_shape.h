// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// runtime/storage_shape.h for the CPU: the gert contexts, shapes and tensors (exe_graph/runtime/, see aicore/op/op_def.h).
#pragma once

#include "aicore/op/op_def.h"
