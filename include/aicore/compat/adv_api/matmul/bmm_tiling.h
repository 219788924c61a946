// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/matmul/bmm_tiling.h: a vendor header name; on the CPU it forwards to
// aicore/lib/matmul/host_tiling.h.
#pragma once

#include "aicore/lib/matmul/host_tiling.h"
