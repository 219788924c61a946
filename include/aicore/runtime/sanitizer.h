// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The deep-check hooks (see base/sanitize.h for how they are switched on).
#pragma once

#include "aicore/base/sanitize.h"
#include "aicore/runtime/san_gm.h"
#include "aicore/runtime/san_onchip.h"
