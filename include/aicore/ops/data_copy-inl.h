// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Definitions of aicore/ops/data_copy.h (see AICORE_RT_FN in base/defs.h).
#pragma once

#include "aicore/ops/data_copy.h"

namespace aicore {
namespace detail {

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailCopyLength(const char* api, uint64_t count,
                                                             uint32_t elem_bytes, const char* type,
                                                             SrcLoc loc) {
  const uint64_t bytes = count * elem_bytes;
  Fail(ErrorKind::kAlignment, api, loc,
       std::to_string(count) + " " + type + " elements = " + std::to_string(bytes) +
           " bytes is not a multiple of 32 bytes (the NPU silently copies only " +
           std::to_string(bytes / 32 * 32) + " bytes); use DataCopyPad for unaligned lengths");
}

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailParams(const char* api,
                                                         const AscendC::DataCopyParams& p,
                                                         const char* what, SrcLoc loc) {
  Fail(ErrorKind::kParameter, api, loc,
       std::string(what) + " (DataCopyParams{blockCount=" + std::to_string(p.blockCount) +
           ", blockLen=" + std::to_string(p.blockLen) + ", srcStride=" + std::to_string(p.srcStride) +
           ", dstStride=" + std::to_string(p.dstStride) + "})");
}

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailLocalPath(const char* api, const BufferDesc& dst,
                                                            const BufferDesc& src, SrcLoc loc) {
  Fail(ErrorKind::kParameter, api, loc,
       std::string("no DataCopy path from ") + PositionName(src.pos) + " (" +
           MemoryName(PositionMemory(src.pos)) + ") to " + PositionName(dst.pos) + " (" +
           MemoryName(PositionMemory(dst.pos)) +
           "): on-chip copies go UB -> UB, UB -> L1 (A1/B1/C1), L1 (C1) -> bias table (C2) and L1 "
           "-> fixpipe buffer (C2PIPE2GM); L1 -> L0A/L0B is LoadData, L0C -> GM/L1 is Fixpipe");
}

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailGmCopyEnd(const char* api, const char* role,
                                                            const BufferDesc& b, SrcLoc loc) {
  Fail(ErrorKind::kParameter, api, loc,
       std::string(role) + " is at position " + PositionName(b.pos) + " (" +
           MemoryName(PositionMemory(b.pos)) +
           "): DataCopy moves data between GM and UB or L1 only (GM -> L0A/L0B is LoadData, "
           "L0C -> GM is Fixpipe)");
}

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailLocalAlign(const char* api, const char* role,
                                                             const BufferDesc& b, const void* addr,
                                                             uint32_t align, const char* why,
                                                             SrcLoc loc) {
  const uint64_t byte = static_cast<uint64_t>(static_cast<const uint8_t*>(addr) - b.base);
  Fail(ErrorKind::kAlignment, api, loc,
       std::string(role) + " operand starts at byte offset " + std::to_string(byte) + " (" +
           MemoryName(PositionMemory(b.pos)) + " address " + std::to_string(b.offset + byte) +
           ") of " + b.Describe() + ", which is not " + std::to_string(align) + "-byte aligned (" +
           why + ")");
}
}  // namespace detail
}  // namespace aicore
