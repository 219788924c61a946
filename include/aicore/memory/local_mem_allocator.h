// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// LocalMemAllocator<hard>: the static-tensor way of taking on-chip memory,
// without TPipe or queues. Each Alloc returns LocalTensor(pos, addr, n) at the
// allocator's current address of its memory and moves that address on by
// the tensor's bytes (no padding, as on the NPU):
//
//   AscendC::LocalMemAllocator<AscendC::Hardware::UB> ub;     // starts at UB 0
//   AscendC::LocalTensor<half> x = ub.Alloc<half, 128>();      // VECCALC, UB 0
//   AscendC::LocalTensor<float> y = ub.Alloc<float>(n);        // UB 256
//   ub.GetCurAddr();                                           // 256 + 4n
//
// The position of Alloc<T, n>() / Alloc<T>(n) is the memory's default one
// (GetDefaultPosition: UB VECCALC, L1 A1, L0A A2, L0B B2, L0C CO1, BIAS C2,
// FIXBUF C2PIPE2GM); Alloc<pos, T, n>() / Alloc<pos, T>(n) take a position
// of that memory (checked at compile time). Checked at run time, as
// LocalTensor(pos, addr, n) checks: the tensor ends inside the memory of the
// SoC profile, at an address aligned for T. One allocator per memory at a time
// in a block (the vendor's CPU debug check): a second one alive at once is a
// parameter error naming where the first was made. Not here: the TensorTrait
// and layout forms of Alloc, and the 950's dynamic UB start (UB starts at 0).
#pragma once

#include <cstdint>
#include <string>

#include "aicore/base/error.h"
#include "aicore/base/soc.h"
#include "aicore/base/types.h"
#include "aicore/runtime/buffer_desc.h"
#include "aicore/runtime/context.h"
#include "aicore/memory/local_tensor.h"

namespace AscendC {

enum class Hardware : uint8_t { GM, UB, L1, L0A, L0B, L0C, BIAS, FIXBUF, MAX };

// The position Alloc gives a tensor of memory `hard` when none is named.
constexpr TPosition GetDefaultPosition(Hardware hard) {
  switch (hard) {
    case Hardware::UB: return TPosition::VECCALC;
    case Hardware::L1: return TPosition::A1;
    case Hardware::L0A: return TPosition::A2;
    case Hardware::L0B: return TPosition::B2;
    case Hardware::L0C: return TPosition::CO1;
    case Hardware::BIAS: return TPosition::C2;
    case Hardware::FIXBUF: return TPosition::C2PIPE2GM;
    default: return TPosition::MAX;
  }
}

// The memory behind position `pos` (aicore's mapping, PositionMemory).
constexpr Hardware GetPhyType(TPosition pos) {
  if (pos == TPosition::GM) return Hardware::GM;
  switch (aicore::detail::PositionMemory(pos)) {
    case aicore::Memory::kL1: return Hardware::L1;
    case aicore::Memory::kL0A: return Hardware::L0A;
    case aicore::Memory::kL0B: return Hardware::L0B;
    case aicore::Memory::kL0C: return Hardware::L0C;
    case aicore::Memory::kBT: return Hardware::BIAS;
    case aicore::Memory::kFB: return Hardware::FIXBUF;
    default: return Hardware::UB;
  }
}

}  // namespace AscendC

namespace aicore {
namespace detail {

// Where the live LocalMemAllocator of each memory was made, per block thread
// (file null: none).
inline SrcLoc& LiveAllocator(AscendC::Hardware hard) {
  thread_local SrcLoc live[static_cast<int>(AscendC::Hardware::MAX)] = {};
  return live[static_cast<int>(hard)];
}

inline const char* HardwareName(AscendC::Hardware hard) {
  static const char* const names[] = {"GM", "UB", "L1", "L0A", "L0B", "L0C", "BIAS", "FIXBUF"};
  return hard < AscendC::Hardware::MAX ? names[static_cast<int>(hard)] : "?";
}

}  // namespace detail
}  // namespace aicore

namespace AscendC {

template <Hardware hard = Hardware::UB>
class LocalMemAllocator {
  static_assert(hard != Hardware::GM && hard != Hardware::MAX,
                "LocalMemAllocator takes an on-chip memory (UB, L1, L0A, L0B, L0C, BIAS, FIXBUF)");

 public:
  explicit LocalMemAllocator(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    aicore::detail::Enter("LocalMemAllocator", loc);
    aicore::SrcLoc& live = aicore::detail::LiveAllocator(hard);
    if (AICORE_UNLIKELY(live.file != nullptr)) {
      aicore::detail::Fail(aicore::ErrorKind::kParameter, "LocalMemAllocator", loc,
                           std::string("a LocalMemAllocator<Hardware::") + aicore::detail::HardwareName(hard) +
                               "> made at " + live.file + ":" + std::to_string(live.line) +
                               " is still alive in this block: one allocator per memory at a time");
    }
    live = loc;
    owner_ = true;
  }
  // A copy shares the original's place in the one-per-memory rule.
  LocalMemAllocator(const LocalMemAllocator& o) : head_(o.head_) {}
  LocalMemAllocator& operator=(const LocalMemAllocator& o) {
    head_ = o.head_;
    return *this;
  }
  ~LocalMemAllocator() {
    if (owner_) aicore::detail::LiveAllocator(hard) = aicore::SrcLoc{};
  }

  // The next free byte address of the memory.
  uint32_t GetCurAddr() const { return head_; }

  template <TPosition pos, class T, uint32_t tileSize>
  LocalTensor<T> Alloc(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    static_assert(GetPhyType(pos) == hard, "the position is not in the allocator's memory");
    return Take<T>(pos, tileSize, loc);
  }
  template <class T, uint32_t tileSize>
  LocalTensor<T> Alloc(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    return Take<T>(GetDefaultPosition(hard), tileSize, loc);
  }
  template <TPosition pos, class T>
  LocalTensor<T> Alloc(uint32_t tileSize, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    static_assert(GetPhyType(pos) == hard, "the position is not in the allocator's memory");
    return Take<T>(pos, tileSize, loc);
  }
  template <class T>
  LocalTensor<T> Alloc(uint32_t tileSize, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    return Take<T>(GetDefaultPosition(hard), tileSize, loc);
  }

 private:
  template <class T>
  LocalTensor<T> Take(TPosition pos, uint32_t tileSize, aicore::SrcLoc loc) {
    LocalTensor<T> t(pos, head_, tileSize, loc);  // checks the end and the alignment
    head_ += static_cast<uint32_t>(uint64_t{tileSize} * sizeof(T));
    return t;
  }

  uint32_t head_ = 0;
  bool owner_ = false;
};

}  // namespace AscendC
