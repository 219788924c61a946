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
[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailMisaligned(const char* api, const char* role,
                                                             const BufferDesc& b, const void* addr,
                                                             uint32_t elem_bytes, SrcLoc loc);

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailOverrun(const char* api, const char* role,
                                                          const BufferDesc& b, const void* addr,
                                                          uint64_t count, uint32_t elem_bytes,
                                                          const char* type, SrcLoc loc);

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailCount(const char* api, int64_t count, SrcLoc loc);

// A uint32_t count parameter at or above 2^31: a negative int converted.
[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailNegativeCount32(const char* api, uint32_t count,
                                                                  SrcLoc loc);

AICORE_TARGET_BEGIN

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
// access is then recorded (by `pipe`; "dst" writes, other roles read, see
// CheckLocalOut; Pipe::kCount: the caller records the exact bytes itself).
template <class T>
AICORE_INLINE void CheckLocalAccess(const char* api, const char* role, const AscendC::LocalTensor<T>& t,
                                    uint64_t bytes, SrcLoc loc, bool aligned, Pipe pipe, bool write);
template <class T>
AICORE_INLINE void CheckLocal(const char* api, const char* role, const AscendC::LocalTensor<T>& t,
                              uint64_t bytes, SrcLoc loc, bool aligned = true,
                              Pipe pipe = Pipe::kV) {
  CheckLocalAccess(api, role, t, bytes, loc, aligned, pipe, IsDstRole(role));
}
// CheckLocal of an operand the API writes whatever its role is called (the
// library's "dstLocal", "outputMean", ...).
template <class T>
AICORE_INLINE void CheckLocalOut(const char* api, const char* role, const AscendC::LocalTensor<T>& t,
                                 uint64_t bytes, SrcLoc loc, bool aligned = true,
                                 Pipe pipe = Pipe::kV) {
  CheckLocalAccess(api, role, t, bytes, loc, aligned, pipe, true);
}
template <class T>
AICORE_INLINE void CheckLocalAccess(const char* api, const char* role, const AscendC::LocalTensor<T>& t,
                                    uint64_t bytes, SrcLoc loc, bool aligned, Pipe pipe, bool write) {
  t.SyncAddress(api, role, loc);  // follows a kernel's change of t.address_
  const BufferDesc* b = t.buf_;
  CoreContext* core = t_core;  // non-null: the caller entered the API
  // One compare: allocated, and its TPipe still live (see Live).
  if (AICORE_UNLIKELY(!Live(*core, t.address_.epoch_))) FailNotLive(api, role, b, t.address_.epoch_, loc);
  CheckOwned(api, role, *b, t.address_.gen_, write, loc);
  const uint8_t* p = reinterpret_cast<const uint8_t*>(t.addr_);
  if (AICORE_UNLIKELY(aligned && ((p - b->base) & 31) != 0)) {
    FailMisaligned(api, role, *b, p, sizeof(T), loc);
  }
  if (AICORE_UNLIKELY(p + bytes > b->base + b->bytes)) {
    FailOverrun(api, role, *b, p, bytes / sizeof(T), sizeof(T), TypeName<T>(), loc);
  }
  if (AICORE_UNLIKELY(core->instr != 0) && bytes != 0 && pipe != Pipe::kCount) {
    EmitLocal(*core, pipe, write ? Access::kWrite : Access::kRead, *b, p, bytes, api, role, loc);
  }
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

#if AICORE_RT_DEFINITIONS
#include "aicore/ops/check-inl.h"
#endif
