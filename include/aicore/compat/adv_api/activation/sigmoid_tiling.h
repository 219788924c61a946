// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/activation/sigmoid_tiling.h: a vendor header name; on the CPU it forwards to
// aicore/lib/activation_tiling.h (the activation APIs' host temporary-space helpers).
#pragma once

#include "aicore/lib/activation_tiling.h"
