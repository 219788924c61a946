// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/pad/broadcast.h: a vendor header name;
// on the CPU it forwards to aicore/lib/broadcast.h (Broadcast).
#pragma once

#include "aicore/lib/broadcast.h"
