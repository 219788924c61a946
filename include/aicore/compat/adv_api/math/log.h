// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/math/log.h: a vendor header name (Log, Log2, Log10);
// on the CPU it forwards to aicore/lib/math.h.
#pragma once

#include "aicore/lib/math.h"
