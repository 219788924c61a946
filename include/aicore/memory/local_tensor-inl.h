// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Definitions of aicore/memory/local_tensor.h (see AICORE_RT_FN in base/defs.h).
#pragma once

#include "aicore/memory/local_tensor.h"

namespace aicore {
namespace detail {

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailNullTensor(const char* api, const char* role,
                                                             SrcLoc loc) {
  Fail(ErrorKind::kBounds, api, loc,
       std::string(role) + " is a LocalTensor that was never allocated (default-constructed)");
}

AICORE_RT_FN std::string NegativeNote(uint64_t v, int bits) {
  const bool neg =
      bits == 32 ? v >= (uint64_t{1} << 31) && v <= 0xFFFFFFFFu : v >= (uint64_t{1} << 63);
  if (!neg) return std::string();
  const int64_t s = bits == 32
                        ? static_cast<int64_t>(static_cast<int32_t>(static_cast<uint32_t>(v)))
                        : static_cast<int64_t>(v);
  return " (it is negative: " + std::to_string(s) + " passed as uint" + std::to_string(bits) +
         "_t " + std::to_string(v) + ")";
}

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailLocalIndex(const char* api, const BufferDesc& b,
                                                             const uint8_t* addr, uint64_t index,
                                                             uint32_t elem_bits, const char* type,
                                                             SrcLoc loc, uint32_t size) {
  const uint64_t start = static_cast<uint64_t>(addr - b.base);
  const uint64_t byte = start + index * elem_bits / 8;
  Fail(ErrorKind::kBounds, api, loc,
       "element " + std::to_string(index) + NegativeNote(index, 32) + " of " + type +
           " (byte offset " + std::to_string(byte) + ") is outside the " + std::to_string(b.bytes) +
           "-byte " + b.Describe() + ": the LocalTensor<" + type + "> has " + std::to_string(size) +
           " elements from element " + std::to_string(start * 8 / elem_bits) +
           " of the buffer, which holds " + std::to_string(uint64_t{b.bytes} * 8 / elem_bits));
}

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailSubView(const char* api, const BufferDesc& b,
                                                          const uint8_t* addr, const ElemIndex& i,
                                                          uint32_t elem_bits, const char* type,
                                                          uint32_t size) {
  const uint64_t start = static_cast<uint64_t>(addr - b.base) * 8 / elem_bits;
  const std::string tensor = std::string("LocalTensor<") + type + "> of " + std::to_string(size) +
                             " elements at element offset " + std::to_string(start) + " of " +
                             b.Describe();
  if (i.neg) {
    Fail(ErrorKind::kBounds, api, i.loc,
         "offset " + std::to_string(static_cast<int64_t>(i.v)) + " is negative (sub-view of the " +
             tensor + ")");
  }
  Fail(ErrorKind::kBounds, api, i.loc,
       "offset " + std::to_string(i.v) + " is past the end of the buffer: the " + tensor +
           " leaves room for " + std::to_string(uint64_t{b.bytes} * 8 / elem_bits - start) +
           " elements from the tensor's start");
}

AICORE_RT_FN std::string OperandName(const char* api, const char* role) {
  std::string r(role);
  return r.rfind("the ", 0) == 0 ? r : r + " of " + api;
}

AICORE_RT_FN std::string FreedAt(const BufferDesc& b) {
  return b.free_loc.file && *b.free_loc.file ? " at " + b.free_loc.Str() : std::string();
}

AICORE_RT_FN std::string RetiredText(uint32_t epoch, const char* subject) {
  const CoreContext* c = t_core;
  const PipeRetired* r = c != nullptr && c->launch != nullptr ? c->pipe_log.Find(epoch) : nullptr;
  if (r == nullptr) {
    return std::string(subject) +
           " carved in an earlier block or launch (an object kept in a static or global "
           "variable?), or by a TPipe that no longer exists";
  }
  if (std::string(r->what) == "~TPipe") {
    return std::string(subject) + " carved by the TPipe constructed at " + r->loc.Str() +
           ", which has been destroyed";
  }
  return std::string(subject) + " carved before " + r->what + "() at " + r->loc.Str() +
         " released the TPipe's buffers";
}

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailDeadPipe(const char* api, const char* role,
                                                           uint32_t epoch, SrcLoc loc) {
  Fail(ErrorKind::kBounds, api, loc,
       OperandName(api, role) + " is a stale LocalTensor: " + RetiredText(epoch, "its buffer was") +
           " (on the NPU those on-chip bytes now belong to other buffers); get tensors again "
           "(AllocTensor, DeQue, TBuf::Get) from buffers carved after the TPipe's last Reset, "
           "in the same launch");
}

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailNotLive(const char* api, const char* role,
                                                          const BufferDesc* b, uint32_t epoch,
                                                          SrcLoc loc) {
  if (b == nullptr) FailNullTensor(api, role, loc);
  FailDeadPipe(api, role, epoch, loc);
}

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailStale(const char* api, const char* role,
                                                        const BufferDesc& b, SrcLoc loc) {
  if (b.kind != nullptr && std::string(b.kind) == "PopStackBuffer") {
    Fail(ErrorKind::kBounds, api, loc,
         OperandName(api, role) + " uses " + b.Describe() + " after TPipe::InitBuffer" +
             FreedAt(b) +
             " carved part of it for another buffer (PopStackBuffer hands out the memory the "
             "TPipe's buffers leave free at that moment; pop it again after the last InitBuffer)");
  }
  std::string where = FreedAt(b);
  std::string again =
      b.state != BufState::kFree && b.alloc_loc.file && *b.alloc_loc.file
          ? ", and the buffer was allocated again at " + b.alloc_loc.Str() + " for another tensor"
          : std::string();
  Fail(ErrorKind::kBounds, api, loc,
       OperandName(api, role) + " uses " + b.Describe() + " after FreeTensor" + where + again +
           " (on the NPU the buffer may already hold other data); use a queue tensor only "
           "between its AllocTensor or DeQue and its FreeTensor");
}

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailEnqueuedWrite(const char* api, const char* role,
                                                                const BufferDesc& b, SrcLoc loc) {
  Fail(ErrorKind::kQueue, api, loc,
       OperandName(api, role) + " writes " + b.Describe() +
           " while it is enqueued (between EnQue and DeQue the consumer pipe may already be "
           "reading it); finish writing the tensor before EnQue");
}

AICORE_RT_FN std::string AddrText(const AscendC::TBuffAddr& a) {
  return "{dataLen " + std::to_string(a.dataLen) + ", bufferAddr " + std::to_string(a.bufferAddr) +
         ", logicPos " + std::to_string(a.logicPos) + "}";
}

AICORE_RT_COLD AICORE_RT_FN ResolvedAddr ResolveAddress(const char* api, const char* role,
                                                        const AscendC::TBuffAddr& a, uint32_t align,
                                                        SrcLoc loc) {
  CoreContext* c = t_core;
  if (c == nullptr) FailOutsideKernel(api, loc);
  if (a.logicPos == 0 && a.bufferAddr == 0 && a.dataLen == 0 && a.bufferHandle == nullptr &&
      a.absAddr == nullptr && a.epoch_ == 0) {
    return ResolvedAddr{};
  }
  const std::string who = OperandName(api, role);
  const int p = a.logicPos;
  if (p == static_cast<int>(AscendC::TPosition::GM) ||
      p >= static_cast<int>(AscendC::TPosition::MAX)) {
    Fail(ErrorKind::kParameter, api, loc,
         who + " has address_ " + AddrText(a) + ": logicPos " + std::to_string(p) +
             " is not an on-chip TPosition (set address_.logicPos to VECIN, VECOUT, VECCALC, A1, "
             "B1, A2, B2, CO1 or CO2 before using a tensor built from an address)");
  }
  const auto pos = static_cast<AscendC::TPosition>(p);
  const Memory mem = PositionMemory(pos);
  const int mi = static_cast<int>(mem);
  if (a.epoch_ != 0 && a.bufferHandle != nullptr &&
      a.key_ == AddrKey(a.bufferHandle, a.gen_, a.epoch_)) {
    // An address aicore handed out: the tensor stays in that buffer.
    if (AICORE_UNLIKELY(!Live(*c, a.epoch_))) FailDeadPipe(api, role, a.epoch_, loc);
    auto* b = reinterpret_cast<BufferDesc*>(a.bufferHandle);
    if (AICORE_UNLIKELY(PositionMemory(b->pos) != mem)) {
      Fail(ErrorKind::kParameter, api, loc,
           who + " has address_ " + AddrText(a) + " of " + b->Describe() + ", but logicPos " +
               PositionName(pos) + " is " + MemoryName(mem) +
               " memory (a buffer cannot change memories; build a tensor of the other memory "
               "from a fresh TBuffAddr)");
    }
    const uint64_t lo = b->offset, hi = uint64_t{b->offset} + b->bytes;
    if (AICORE_UNLIKELY(a.bufferAddr < lo || a.bufferAddr > hi)) {
      Fail(ErrorKind::kBounds, api, loc,
           who + " has address_.bufferAddr " + std::to_string(a.bufferAddr) +
               ", outside its buffer, " + b->Describe() + " (" + MemoryName(mem) + " addresses [" +
               std::to_string(lo) + ", " + std::to_string(hi) + "))");
    }
    uint8_t* addr = b->base + (a.bufferAddr - lo);
    if (AICORE_UNLIKELY((a.bufferAddr - lo) % align != 0)) {
      Fail(ErrorKind::kAlignment, api, loc,
           who + " has address_.bufferAddr " + std::to_string(a.bufferAddr) +
               ", which is not a multiple of " + std::to_string(align) +
               " bytes from the start of " + b->Describe());
    }
    return ResolvedAddr{b, addr, a.gen_, a.epoch_};
  }
  // A raw address in the memory of logicPos.
  const uint64_t cap = c->capacity[mi];
  uint64_t off = 0;
  if (AICORE_UNLIKELY(!LocalByteAddress(*c, mem, a.bufferAddr, &off))) {
    Fail(ErrorKind::kBounds, api, loc,
         who + " has address_.bufferAddr " + std::to_string(a.bufferAddr) + ", which is no " +
             MemoryName(mem) + " address (" + MemoryName(mem) + " holds " + std::to_string(cap) +
             " bytes; give the byte address, or the low 32 bits of a pointer into this block's " +
             MemoryName(mem) + ")");
  }
  if (AICORE_UNLIKELY(off % align != 0)) {
    Fail(ErrorKind::kAlignment, api, loc,
         who + " has " + MemoryName(mem) + " address " + std::to_string(off) +
             " (address_.bufferAddr " + std::to_string(a.bufferAddr) +
             "), which is not a multiple of " + std::to_string(align) + " bytes");
  }
  BufferDesc& d = c->static_desc[p];
  d.bytes = static_cast<uint32_t>(cap);
  return ResolvedAddr{&d, d.base + off, 0, c->block_epoch};
}
}  // namespace detail
}  // namespace aicore
