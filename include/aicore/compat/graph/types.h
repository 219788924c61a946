// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// graph/types.h for the CPU: ge::DataType, ge::Format and the graph statuses (see aicore/op/op_def.h).
#pragma once

#include "aicore/op/op_def.h"
