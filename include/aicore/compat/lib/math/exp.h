// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/math/exp.h: a vendor header name (Exp);
// on the CPU it forwards to aicore/lib/math_trig.h.
#pragma once

#include "aicore/lib/math_trig.h"
