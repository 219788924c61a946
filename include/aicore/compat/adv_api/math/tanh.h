// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/math/tanh.h: a vendor header name;
// on the CPU it forwards to aicore/lib/activation.h (the activation APIs, Tanh among them).
#pragma once

#include "aicore/lib/activation.h"
