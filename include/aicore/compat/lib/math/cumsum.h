// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/math/cumsum.h: a vendor header name;
// on the CPU it forwards to aicore/lib/cumsum.h (CumSum).
#pragma once

#include "aicore/lib/cumsum.h"
