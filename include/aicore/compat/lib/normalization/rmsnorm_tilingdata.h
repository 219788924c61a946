// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/normalization/rmsnorm_tilingdata.h: a vendor header name; on the CPU it forwards to
// aicore/lib/normalization.h (RmsNorm, LayerNorm, their tiling structs and
// host tiling functions).
#pragma once

#include "aicore/lib/normalization.h"
