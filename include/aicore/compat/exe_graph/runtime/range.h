// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// exe_graph/runtime/range.h for the CPU: gert::Range and the InferShapeRange context (see aicore/op/op_def.h).
#pragma once

#include "aicore/op/op_def.h"
