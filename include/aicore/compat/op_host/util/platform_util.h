// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// op_host/util/platform_util.h for the CPU: the operator repositories' host utilities (see aicore/op/op_common.h).
#pragma once

#include "aicore/op/op_common.h"
