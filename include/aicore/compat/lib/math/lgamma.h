// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/math/lgamma.h: a vendor header name;
// on the CPU it forwards to aicore/lib/math_gamma.h (Lgamma and Digamma).
#pragma once

#include "aicore/lib/math_gamma.h"
