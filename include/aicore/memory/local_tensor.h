// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// LocalTensor<T>: a typed view into an on-chip buffer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "aicore/base/defs.h"
#include "aicore/base/error.h"
#include "aicore/base/type_name.h"
#include "aicore/base/types.h"
#include "aicore/memory/buffer.h"
#include "aicore/runtime/context.h"
#include "aicore/runtime/output.h"
#include "aicore/runtime/sanitizer.h"

namespace aicore {
namespace detail {

[[noreturn]] AICORE_COLD inline void FailNullTensor(const char* api, const char* role, SrcLoc loc) {
  Fail(ErrorKind::kBounds, api, loc,
       std::string(role) + " is a LocalTensor that was never allocated (default-constructed)");
}

[[noreturn]] AICORE_COLD inline void FailLocalIndex(const char* api, const BufferDesc& b,
                                                    const uint8_t* addr, uint64_t index,
                                                    uint32_t elem_bytes, const char* type,
                                                    SrcLoc loc) {
  const uint64_t byte = static_cast<uint64_t>(addr - b.base) + index * elem_bytes;
  Fail(ErrorKind::kBounds, api, loc,
       "element " + std::to_string(index) + " of " + type + " (byte offset " +
           std::to_string(byte) + ") is outside the " + std::to_string(b.bytes) + "-byte " +
           b.Describe());
}

// "src of Add" (the operand of an instruction), or "the tensor" as given.
inline std::string OperandName(const char* api, const char* role) {
  std::string r(role);
  return r.rfind("the ", 0) == 0 ? r : r + " of " + api;
}

// " at file:line" of the buffer's last FreeTensor ("" if never freed).
inline std::string FreedAt(const BufferDesc& b) {
  return b.free_loc.file && *b.free_loc.file ? " at " + b.free_loc.Str() : std::string();
}

[[noreturn]] AICORE_COLD inline void FailStale(const char* api, const char* role, const BufferDesc& b,
                                               SrcLoc loc) {
  std::string where = FreedAt(b);
  std::string again = b.state != BufState::kFree && b.alloc_loc.file && *b.alloc_loc.file
                          ? ", and the buffer was allocated again at " + b.alloc_loc.Str() +
                                " for another tensor"
                          : std::string();
  Fail(ErrorKind::kBounds, api, loc,
       OperandName(api, role) + " uses " + b.Describe() + " after FreeTensor" + where + again +
           " (on the NPU the buffer may already hold other data); use a queue tensor only "
           "between its AllocTensor or DeQue and its FreeTensor");
}

[[noreturn]] AICORE_COLD inline void FailEnqueuedWrite(const char* api, const char* role,
                                                       const BufferDesc& b, SrcLoc loc) {
  Fail(ErrorKind::kQueue, api, loc,
       OperandName(api, role) + " writes " + b.Describe() +
           " while it is enqueued (between EnQue and DeQue the consumer pipe may already be "
           "reading it); finish writing the tensor before EnQue");
}

// The tensor's buffer is still the allocation it was made from, and is not
// written while it sits in a queue. O(1).
AICORE_INLINE void CheckOwned(const char* api, const char* role, const BufferDesc& b, uint32_t gen,
                              bool write, SrcLoc loc) {
  if (AICORE_UNLIKELY(b.state == BufState::kFree || b.gen != gen)) FailStale(api, role, b, loc);
  if (AICORE_UNLIKELY(write && b.state == BufState::kEnque)) FailEnqueuedWrite(api, role, b, loc);
}

}  // namespace detail
}  // namespace aicore

namespace AscendC {

template <typename T>
class LocalTensor {
 public:
  using PrimType = T;

  LocalTensor() = default;

  // A tensor of `tileSize` elements at byte address `addr` of the memory
  // behind `pos` (UB for VECIN/VECOUT/VECCALC, L1 for A1/B1, ...), outside
  // any TPipe buffer. Checked against that memory's size.
  LocalTensor(TPosition pos, uint32_t addr, uint32_t tileSize,
              aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    aicore::detail::CoreContext& core = aicore::detail::Enter("LocalTensor", loc);
    const auto m = static_cast<int>(aicore::detail::PositionMemory(pos));
    if (AICORE_UNLIKELY(pos >= TPosition::MAX || pos == TPosition::GM)) {
      aicore::detail::Fail(aicore::ErrorKind::kParameter, "LocalTensor", loc,
                           "position " + std::to_string(static_cast<int>(pos)) +
                               " is not an on-chip position");
    }
    aicore::detail::BufferDesc& d = core.static_desc[static_cast<int>(pos)];
    d.bytes = core.capacity[m];
    if (AICORE_UNLIKELY(uint64_t{addr} + uint64_t{tileSize} * sizeof(T) > d.bytes)) {
      aicore::detail::Fail(aicore::ErrorKind::kBounds, "LocalTensor", loc,
                           std::to_string(tileSize) + " " + aicore::detail::TypeName<T>() +
                               " elements at " + aicore::MemoryName(static_cast<aicore::Memory>(m)) +
                               " address " + std::to_string(addr) + " end past the " +
                               std::to_string(d.bytes) + " bytes of " +
                               aicore::MemoryName(static_cast<aicore::Memory>(m)));
    }
    buf_ = &d;
    addr_ = reinterpret_cast<T*>(d.base + addr);
    size_ = tileSize;
  }

  // Sub-view starting `offset` elements later (must stay inside the buffer).
  LocalTensor operator[](uint32_t offset) const {
    if (AICORE_UNLIKELY(buf_ == nullptr)) {
      aicore::detail::FailNullTensor("LocalTensor::operator[]", "the tensor", aicore::SrcLoc{"", 0});
    }
    const uint8_t* end = buf_->base + buf_->bytes;
    const uint8_t* p = reinterpret_cast<const uint8_t*>(addr_ + offset);
    if (AICORE_UNLIKELY(p > end)) {
      aicore::detail::FailLocalIndex("LocalTensor::operator[]", *buf_,
                                     reinterpret_cast<const uint8_t*>(addr_), offset, sizeof(T),
                                     aicore::detail::TypeName<T>(), aicore::SrcLoc{"", 0});
    }
    LocalTensor r = *this;
    r.addr_ = addr_ + offset;
    r.size_ = offset <= size_ ? size_ - offset : 0;
    return r;
  }

  T GetValue(uint32_t index, aicore::SrcLoc loc = aicore::SrcLoc::Current()) const {
    return *CheckedPtr("LocalTensor::GetValue", index, loc, aicore::detail::Access::kRead);
  }
  void SetValue(uint32_t index, T value, aicore::SrcLoc loc = aicore::SrcLoc::Current()) const {
    *CheckedPtr("LocalTensor::SetValue", index, loc, aicore::detail::Access::kWrite) = value;
  }
  T& operator()(uint32_t index, aicore::SrcLoc loc = aicore::SrcLoc::Current()) const {
    return *CheckedPtr("LocalTensor::operator()", index, loc, aicore::detail::Access::kReadWrite);
  }

  // The same bytes seen as another element type; the size is rescaled.
  template <typename U>
  LocalTensor<U> ReinterpretCast() const {
    LocalTensor<U> r;
    r.buf_ = buf_;
    r.addr_ = reinterpret_cast<U*>(addr_);
    r.size_ = static_cast<uint32_t>(static_cast<uint64_t>(size_) * sizeof(T) / sizeof(U));
    r.tag_ = tag_;
    r.gen_ = gen_;
    return r;
  }

  uint32_t GetSize() const { return size_; }
  void SetSize(uint32_t size) { size_ = size; }
  uint32_t GetLength() const { return static_cast<uint32_t>(size_ * sizeof(T)); }  // bytes
  __ubuf__ T* GetPhyAddr() const { return addr_; }
  __ubuf__ T* GetPhyAddr(uint32_t offset) const { return addr_ + offset; }
  TPosition GetPosition() const { return buf_ ? buf_->pos : TPosition::VECCALC; }
  void SetUserTag(int32_t tag) { tag_ = tag; }
  int32_t GetUserTag() const { return tag_; }

  // CPU debug helpers: print the first `len` elements (all by default) as
  // one uninterrupted block of lines, or write the elements' bytes to a file
  // (returns 0, or -1 when the file cannot be written).
  void Print() const { Print(size_); }
  void Print(uint32_t len) const {
    if (buf_ == nullptr) {
      aicore::detail::KernelWrite(std::string("LocalTensor<") + aicore::detail::TypeName<T>() +
                                  ">: not allocated\n");
      return;
    }
    const uint32_t avail = Available();
    const uint32_t n = len < avail ? len : avail;
    std::string s = std::string("LocalTensor<") + aicore::detail::TypeName<T>() + "> " +
                    aicore::detail::PositionName(GetPosition()) + " at " +
                    aicore::MemoryName(aicore::detail::PositionMemory(buf_->pos)) + " offset " +
                    std::to_string(buf_->offset + (reinterpret_cast<uint8_t*>(addr_) - buf_->base)) +
                    ", " + std::to_string(n) + " of " + std::to_string(size_) + " elements" +
                    (n < len ? " (the rest is outside the buffer)" : "") + ":\n";
    aicore::detail::AppendValues(s, addr_, n, 16);
    aicore::detail::KernelWrite(s);
  }
  int32_t ToFile(const std::string& fileName) const {
    if (buf_ == nullptr) return -1;
    FILE* f = std::fopen(fileName.c_str(), "wb");
    if (f == nullptr) return -1;
    const uint32_t n = size_ < Available() ? size_ : Available();
    const size_t wrote = std::fwrite(addr_, sizeof(T), n, f);
    return (std::fclose(f) == 0 && wrote == n) ? 0 : -1;
  }

  // aicore internals (public so that every instruction can reach them; not
  // part of the Ascend C API).
  aicore::detail::BufferDesc* buf_ = nullptr;
  T* addr_ = nullptr;
  uint32_t size_ = 0;
  int32_t tag_ = 0;
  uint32_t gen_ = 0;  // the buffer allocation it belongs to (BufferDesc::gen)

 private:
  // Elements from addr_ to the end of the buffer.
  uint32_t Available() const {
    return static_cast<uint32_t>((buf_->base + buf_->bytes - reinterpret_cast<uint8_t*>(addr_)) /
                                 static_cast<std::ptrdiff_t>(sizeof(T)));
  }

  // Scalar (S pipe) access of element `index`.
  T* CheckedPtr(const char* api, uint32_t index, aicore::SrcLoc loc,
                aicore::detail::Access acc) const {
    if (AICORE_UNLIKELY(buf_ == nullptr)) aicore::detail::FailNullTensor(api, "the tensor", loc);
    aicore::detail::CheckOwned(api, "the tensor", *buf_, gen_,
                               acc != aicore::detail::Access::kRead, loc);
    T* p = addr_ + index;
    if (AICORE_UNLIKELY(reinterpret_cast<uint8_t*>(p + 1) > buf_->base + buf_->bytes)) {
      aicore::detail::FailLocalIndex(api, *buf_, reinterpret_cast<const uint8_t*>(addr_), index,
                                     sizeof(T), aicore::detail::TypeName<T>(), loc);
    }
    aicore::detail::CoreContext* core = aicore::detail::t_core;
    if (AICORE_UNLIKELY(core != nullptr && core->san != 0)) {
      aicore::detail::EnterScalar(*core, api, loc, acc != aicore::detail::Access::kRead);
      aicore::detail::SanLocal(*core, aicore::detail::Pipe::kS, acc, *buf_,
                               reinterpret_cast<const uint8_t*>(p), sizeof(T), api, "the tensor",
                               loc);
    }
    return p;
  }
};

}  // namespace AscendC
