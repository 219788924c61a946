// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Definitions of aicore/memory/global_tensor.h (see AICORE_RT_FN in base/defs.h).
#pragma once

#include "aicore/memory/global_tensor.h"

namespace aicore {
namespace detail {

AICORE_RT_FN std::string NullDerived(const void* p) {
  const auto a = reinterpret_cast<uintptr_t>(p);
  return HexPtr(p) + " (" + std::to_string(a) + " bytes past a null pointer)";
}
}  // namespace detail
}  // namespace aicore
