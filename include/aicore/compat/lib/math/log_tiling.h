// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/math/log_tiling.h: a vendor header name (the Log, Log2 and Log10
// host helpers); on the CPU it forwards to aicore/lib/math_tiling.h.
#pragma once

#include "aicore/lib/math_tiling.h"
