// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Definitions of aicore/runtime/buffer_desc.h (see AICORE_RT_FN in base/defs.h).
#pragma once

#include "aicore/runtime/buffer_desc.h"

namespace aicore {
namespace detail {

AICORE_RT_FN const char* BufStateName(BufState s) {
  switch (s) {
    case BufState::kFree: return "FREE";
    case BufState::kOccupied: return "OCCUPIED";
    case BufState::kEnque: return "ENQUE";
    case BufState::kDeque: return "DEQUE";
  }
  return "?";
}

AICORE_RT_FN const char* PositionName(AscendC::TPosition p) {
  using P = AscendC::TPosition;
  switch (p) {
    case P::GM: return "GM";
    case P::A1: return "A1";
    case P::A2: return "A2";
    case P::B1: return "B1";
    case P::B2: return "B2";
    case P::C1: return "C1";
    case P::C2: return "C2";
    case P::CO1: return "CO1";
    case P::CO2: return "CO2";
    case P::VECIN: return "VECIN";
    case P::VECOUT: return "VECOUT";
    case P::VECCALC: return "VECCALC";
    case P::SPM: return "SPM";
    case P::TSCM: return "TSCM";
    case P::C2PIPE2GM: return "C2PIPE2GM";
    case P::C2PIPE2LOCAL: return "C2PIPE2LOCAL";
    default: return "?";
  }
}

AICORE_RT_FN std::string BufferDesc::Describe() const {
  char buf[160];
  std::snprintf(buf, sizeof(buf), "%s buffer %u (%s, %u bytes at %s offset %u)", kind,
                static_cast<unsigned>(index), PositionName(pos), bytes,
                MemoryName(PositionMemory(pos)), offset);
  return buf;
}

}  // namespace detail
}  // namespace aicore
