// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/pad/kernel_operator_pad_intf.h: a vendor header name;
// on the CPU it forwards to aicore/lib/pad.h (Pad, UnPad, PadParams, UnPadParams).
#pragma once

#include "aicore/lib/pad.h"
