// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// kernel_operator_layout.h: a vendor header name; on the CPU it forwards to
// aicore/memory/layout.h (Layout, MakeLayout, MakeShape, MakeStride, is_layout).
#pragma once

#include "aicore/memory/layout.h"
