// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/filter/dropout.h: a vendor header name;
// on the CPU it forwards to aicore/lib/dropout.h (DropOut).
#pragma once

#include "aicore/lib/dropout.h"
