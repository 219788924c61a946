// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/math/asinh.h: a vendor header name (Asinh);
// on the CPU it forwards to aicore/lib/math_trig.h.
#pragma once

#include "aicore/lib/math_trig.h"
