// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// graph/utils/type_utils.h for the CPU: ge::TypeUtils (see aicore/op/op_common.h).
#pragma once

#include "aicore/op/op_common.h"
