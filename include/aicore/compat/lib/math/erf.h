// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/math/erf.h: a vendor header name;
// on the CPU it forwards to aicore/lib/math_erf.h (Erf and Erfc).
#pragma once

#include "aicore/lib/math_erf.h"
