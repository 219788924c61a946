// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/activation/swiglu.h: a vendor header name;
// on the CPU it forwards to aicore/lib/glu.h (the GLU activations).
#pragma once

#include "aicore/lib/glu.h"
