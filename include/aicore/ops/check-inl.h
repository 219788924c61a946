// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Definitions of aicore/ops/check.h (see AICORE_RT_FN in base/defs.h).
#pragma once

#include "aicore/ops/check.h"

namespace aicore {
namespace detail {

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailMisaligned(const char* api, const char* role,
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

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailOverrun(const char* api, const char* role,
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

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailCount(const char* api, int64_t count,
                                                        SrcLoc loc) {
  Fail(ErrorKind::kParameter, api, loc, "count " + std::to_string(count) + " is negative");
}

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailNegativeCount32(const char* api, uint32_t count,
                                                                  SrcLoc loc) {
  Fail(ErrorKind::kParameter, api, loc,
       "count " + std::to_string(static_cast<int32_t>(count)) +
           " is negative (passed as uint32_t " + std::to_string(count) + ")");
}
}  // namespace detail
}  // namespace aicore
