// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/activation/geglu_tiling.h: a vendor header name;
// on the CPU it forwards to aicore/lib/glu_tiling.h (their host temporary-space helpers).
#pragma once

#include "aicore/lib/glu_tiling.h"
