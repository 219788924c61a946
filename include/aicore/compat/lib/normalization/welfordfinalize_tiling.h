// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/normalization/welfordfinalize_tiling.h: a vendor header name; on the CPU it forwards to
// aicore/lib/welford.h (WelfordUpdate, WelfordFinalize, their parameter
// structs and host functions).
#pragma once

#include "aicore/lib/welford.h"
