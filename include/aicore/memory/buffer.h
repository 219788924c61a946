// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Descriptors of on-chip buffers carved by a TPipe. A LocalTensor points to
// the descriptor of the buffer it lives in, which makes bounds and queue-state
// checks O(1).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "aicore/base/error.h"
#include "aicore/base/soc.h"
#include "aicore/base/types.h"

namespace aicore {
namespace detail {

enum class BufState : uint8_t { kFree = 0, kOccupied, kEnque, kDeque };

inline const char* BufStateName(BufState s) {
  switch (s) {
    case BufState::kFree: return "FREE";
    case BufState::kOccupied: return "OCCUPIED";
    case BufState::kEnque: return "ENQUE";
    case BufState::kDeque: return "DEQUE";
  }
  return "?";
}

inline const char* PositionName(AscendC::TPosition p) {
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

// The on-chip memory backing a position.
constexpr Memory PositionMemory(AscendC::TPosition p) {
  using P = AscendC::TPosition;
  switch (p) {
    case P::A1:
    case P::B1:
    case P::C1:
    case P::TSCM:
      return Memory::kL1;
    case P::A2:
      return Memory::kL0A;
    case P::B2:
      return Memory::kL0B;
    case P::CO1:
      return Memory::kL0C;
    default:
      return Memory::kUB;
  }
}

struct BufferDesc {
  uint8_t* base = nullptr;  // first byte of the buffer
  uint32_t bytes = 0;       // length (a multiple of 32)
  uint32_t offset = 0;      // byte offset of base in its memory
  AscendC::TPosition pos = AscendC::TPosition::VECCALC;
  BufState state = BufState::kFree;
  uint8_t index = 0;        // buffer number inside its queue
  const char* kind = "TBuf";  // "TQue" or "TBuf" (or "LocalTensor" for static tensors)
  SrcLoc alloc_loc{"", 0};  // where it was last allocated
  SrcLoc free_loc{"", 0};   // where it was last freed
  uint32_t gen = 0;         // allocation generation (LocalTensor::gen_ must match)
  // Pipe clock snapshot carried by a queue transition (sanitizer, synccheck).
  uint32_t san_clock[7] = {};

  std::string Describe() const {
    char buf[160];
    std::snprintf(buf, sizeof(buf), "%s buffer %u (%s, %u bytes at %s offset %u)", kind,
                  static_cast<unsigned>(index), PositionName(pos), bytes,
                  MemoryName(PositionMemory(pos)), offset);
    return buf;
  }
};

}  // namespace detail
}  // namespace aicore
