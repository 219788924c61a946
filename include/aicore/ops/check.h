// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// O(1) operand checks shared by every instruction: the tensor is allocated,
// its start is 32-byte aligned, and the elements the instruction touches lie
// inside its buffer.
#pragma once

#include <cstdint>
#include <string>

#include "aicore/base/error.h"
#include "aicore/base/type_name.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/runtime/context.h"
#include "aicore/instrument/event.h"
#include "aicore/simd/target.h"

namespace aicore {
namespace detail {
AICORE_TARGET_BEGIN

[[noreturn]] AICORE_COLD inline void FailMisaligned(const char* api, const char* role,
                                                    const BufferDesc& b, const void* addr,
                                                    uint32_t elem_bytes, SrcLoc loc) {
  const uint64_t byte = static_cast<uint64_t>(static_cast<const uint8_t*>(addr) - b.base);
  Fail(ErrorKind::kAlignment, api, loc,
       std::string(role) + " operand starts at element offset " +
           std::to_string(byte / elem_bytes) + " (byte offset " + std::to_string(byte) + ", " +
           MemoryName(PositionMemory(b.pos)) + " address " + std::to_string(b.offset + byte) +
           ") of " + b.Describe() +
           ", which is not 32-byte aligned (the NPU raises an illegal-instruction exception)");
}

[[noreturn]] AICORE_COLD inline void FailOverrun(const char* api, const char* role,
                                                 const BufferDesc& b, const void* addr,
                                                 uint64_t count, uint32_t elem_bytes,
                                                 const char* type, SrcLoc loc) {
  const uint64_t byte = static_cast<uint64_t>(static_cast<const uint8_t*>(addr) - b.base);
  const uint64_t end = byte + count * elem_bytes;
  Fail(ErrorKind::kBounds, api, loc,
       std::string(role) + " operand of " + std::to_string(count) + NegativeNote(count, 32) + " " +
           type + " (" + std::to_string(count * elem_bytes) + " bytes at byte offset " +
           std::to_string(byte) + ") ends " + std::to_string(end - b.bytes) +
           " bytes past the end of the " +
           std::to_string(b.bytes) + "-byte " + b.Describe());
}

[[noreturn]] AICORE_COLD inline void FailCount(const char* api, int64_t count, SrcLoc loc) {
  Fail(ErrorKind::kParameter, api, loc, "count " + std::to_string(count) + " is negative");
}

// A uint32_t count parameter at or above 2^31: a negative int converted.
[[noreturn]] AICORE_COLD inline void FailNegativeCount32(const char* api, uint32_t count,
                                                         SrcLoc loc) {
  Fail(ErrorKind::kParameter, api, loc,
       "count " + std::to_string(static_cast<int32_t>(count)) +
           " is negative (passed as uint32_t " + std::to_string(count) + ")");
}

// The bytes from t's start to the end of its buffer.
template <class T>
AICORE_INLINE uint64_t AvailableBytes(const AscendC::LocalTensor<T>& t) {
  return static_cast<uint64_t>(t.buf_->base + t.buf_->bytes -
                               reinterpret_cast<const uint8_t*>(t.addr_));
}

// Whether [a, a + a_bytes) and [b, b + b_bytes) share a byte (empty ranges
// share none).
inline bool BytesOverlap(const void* a, uint64_t a_bytes, const void* b, uint64_t b_bytes) {
  const auto pa = reinterpret_cast<uintptr_t>(a);
  const auto pb = reinterpret_cast<uintptr_t>(b);
  return a_bytes != 0 && b_bytes != 0 && pa < pb + b_bytes && pb < pa + a_bytes;
}

// Whether an operand role names the written operand ("dst"); folded at
// compile time for the string literals every instruction passes.
AICORE_INLINE constexpr bool IsDstRole(const char* role) {
  return role[0] == 'd' && role[1] == 's' && role[2] == 't' && role[3] == '\0';
}

// Checks a LocalTensor operand covering `bytes` bytes from its start: it is
// allocated, still owned (not freed with FreeTensor, not written while it is
// enqueued), 32-byte aligned, inside its buffer. With a deep mode on, the
// access is then recorded (by `pipe`; "dst" writes, other roles read;
// Pipe::kCount: the caller records the exact bytes itself).
template <class T>
AICORE_INLINE void CheckLocal(const char* api, const char* role, const AscendC::LocalTensor<T>& t,
                              uint64_t bytes, SrcLoc loc, bool aligned = true,
                              Pipe pipe = Pipe::kV) {
  t.SyncAddress(api, role, loc);  // follows a kernel's change of t.address_
  const BufferDesc* b = t.buf_;
  CoreContext* core = t_core;  // non-null: the caller entered the API
  // One compare: allocated, and its TPipe still live (see Live).
  if (AICORE_UNLIKELY(!Live(*core, t.address_.epoch_))) FailNotLive(api, role, b, t.address_.epoch_, loc);
  CheckOwned(api, role, *b, t.address_.gen_, IsDstRole(role), loc);
  const uint8_t* p = reinterpret_cast<const uint8_t*>(t.addr_);
  if (AICORE_UNLIKELY(aligned && ((p - b->base) & 31) != 0)) {
    FailMisaligned(api, role, *b, p, sizeof(T), loc);
  }
  if (AICORE_UNLIKELY(p + bytes > b->base + b->bytes)) {
    FailOverrun(api, role, *b, p, bytes / sizeof(T), sizeof(T), TypeName<T>(), loc);
  }
  if (AICORE_UNLIKELY(core->instr != 0) && bytes != 0 && pipe != Pipe::kCount) {
    EmitLocal(*core, pipe, IsDstRole(role) ? Access::kWrite : Access::kRead, *b, p, bytes, api, role,
             loc);
  }
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore
