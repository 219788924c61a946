// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Shared by ScaleShift's host and kernel (an ops repository's common/inc,
// reached through aicore_add_op_project(... INCLUDE_DIRS)).
#pragma once

#include <cstdint>

namespace scale_shift_common {
constexpr uint32_t kTileBytes = 8192;  // one UB tile of x (and one of y)
}  // namespace scale_shift_common
