// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Descriptors of on-chip buffers carved by a TPipe. A LocalTensor points to
// the descriptor of the buffer it lives in, which makes bounds and queue-state
// checks O(1).
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <string>

#include "aicore/base/error.h"
#include "aicore/base/soc.h"
#include "aicore/base/types.h"

namespace aicore {
namespace detail {

enum class BufState : uint8_t { kFree = 0, kOccupied, kEnque, kDeque };

AICORE_RT_FN const char* BufStateName(BufState s);

AICORE_RT_FN const char* PositionName(AscendC::TPosition p);

// The on-chip memory backing a position (the 910B generation's mapping:
// A1/B1/C1/TSCM in L1, A2 in L0A, B2 in L0B, CO1 in L0C, C2 in the bias
// table, C2PIPE2GM in the fixpipe buffer; VECIN/VECOUT/VECCALC and CO2 in UB).
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
    case P::C2:
      return Memory::kBT;
    case P::C2PIPE2GM:
      return Memory::kFB;
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
  uint32_t gen = 0;         // allocation generation (LocalTensor::address_.gen_ must match)
  uint32_t epoch = 0;       // the TPipe epoch it was carved in (see NewEpoch)
  // Pipe clock snapshot carried by a queue transition (sanitizer, synccheck).
  uint32_t san_clock[7] = {};
  // The record of a buffer pool this queue buffer was carved from (its
  // Reset orders the freed buffers' reuse; see PoolLinks); cleared by
  // whichever of the two ends first.
  struct PoolLink* pool_link = nullptr;

  AICORE_RT_FN std::string Describe() const;
};

// A buffer pool's record of a queue buffer carved from it: on the NPU, the
// pool's Reset waits each such buffer's pending free event (its consumer
// pipe, signalled at FreeTensor, before its producer pipe), which orders the
// reuse of the pool's memory by the next phase's queues.
struct PoolLink {
  BufferDesc* b = nullptr;
  AscendC::TPosition src = AscendC::TPosition::VECIN, dst = AscendC::TPosition::VECIN;
};
constexpr int kMaxPoolLinks = 32;
struct PoolLinks {
  PoolLink link[kMaxPoolLinks];
  PoolLinks() = default;
  PoolLinks(const PoolLinks&) = delete;
  PoolLinks& operator=(const PoolLinks&) = delete;
  ~PoolLinks() { Clear(); }
  // Records b (beyond kMaxPoolLinks buffers, the later ones are not ordered).
  void Add(BufferDesc& b, AscendC::TPosition src, AscendC::TPosition dst) {
    for (PoolLink& l : link) {
      if (l.b == nullptr) {
        l = PoolLink{&b, src, dst};
        b.pool_link = &l;
        return;
      }
    }
  }
  void Clear() {
    for (PoolLink& l : link) {
      if (l.b != nullptr) l.b->pool_link = nullptr;
      l.b = nullptr;
    }
  }
};
inline void Unlink(BufferDesc& b) {
  if (b.pool_link != nullptr) {
    b.pool_link->b = nullptr;
    b.pool_link = nullptr;
  }
}

// Pipe epochs. Every block start and every TPipe construction, Init, Reset,
// Destroy and destruction gives the core a new epoch (CoreContext::epoch);
// buffers carved by the pipe and the LocalTensors made from them carry the
// epoch of their pipe, so that one compare tells whether a tensor's
// BufferDesc still exists before anything dereferences it (a tensor kept in a
// static from an earlier launch, or used after its TPipe was Reset or
// destroyed). Unique across threads: each thread takes epochs from a shared
// counter 1024 at a time. 0 is never an epoch (default-constructed tensors).
inline uint32_t NewEpoch() {
  static std::atomic<uint32_t> next{1};
  thread_local uint32_t cur = 0;
  thread_local uint32_t end = 0;
  if (cur == end) {
    cur = next.fetch_add(1024, std::memory_order_relaxed);
    end = cur + 1024;
    if (cur == 0) ++cur;  // wrapped around
  }
  return cur++;
}

// The pipe epochs a block retired, and why (to name the Reset, Destroy or
// destruction in the report of a tensor used afterwards).
struct PipeRetired {
  uint32_t epoch = 0;
  const char* what = "";  // "TPipe::Reset", "TPipe::Destroy", "TPipe::Init", "~TPipe"
  SrcLoc loc{"", 0};      // the call (~TPipe: where the pipe was constructed)
};
struct PipeLog {
  static constexpr uint32_t kSize = 8;
  PipeRetired e[kSize];
  uint32_t n = 0;  // entries added since the block started (the last kSize kept)
  void Clear() { n = 0; }
  void Add(uint32_t epoch, const char* what, SrcLoc loc) {
    e[n++ % kSize] = PipeRetired{epoch, what, loc};
  }
  const PipeRetired* Find(uint32_t epoch) const {
    const uint32_t k = n < kSize ? n : kSize;
    for (uint32_t i = 0; i < k; ++i) {
      if (e[i].epoch == epoch) return &e[i];
    }
    return nullptr;
  }
};

}  // namespace detail
}  // namespace aicore

#if AICORE_RT_DEFINITIONS
#include "aicore/runtime/buffer_desc-inl.h"
#endif
