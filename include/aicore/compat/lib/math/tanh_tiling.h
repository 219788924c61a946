// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/math/tanh_tiling.h: a vendor header name;
// on the CPU it forwards to aicore/lib/activation_tiling.h (the host
// temporary-space helpers, Tanh's among them).
#pragma once

#include "aicore/lib/activation_tiling.h"
