// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// LocalTensor<T>: a typed view into an on-chip buffer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>

#include "aicore/base/defs.h"
#include "aicore/base/error.h"
#include "aicore/base/type_name.h"
#include "aicore/base/types.h"
#include "aicore/runtime/buffer_desc.h"
#include "aicore/runtime/context.h"
#include "aicore/runtime/output.h"
#include "aicore/instrument/event.h"

namespace aicore {
namespace detail {

[[noreturn]] AICORE_COLD inline void FailNullTensor(const char* api, const char* role, SrcLoc loc) {
  Fail(ErrorKind::kBounds, api, loc,
       std::string(role) + " is a LocalTensor that was never allocated (default-constructed)");
}

// An element index or offset as the caller wrote it, with the caller's
// file:line: operator[] cannot take a default SrcLoc argument, but the
// implicit conversion of its argument can (the default argument is evaluated
// where `t[i]` is written). Negative values of signed types are kept as such
// (`neg`) so that reports say "-1", not 4294967295.
struct ElemIndex {
  uint64_t v;  // the value (a negative one as its two's complement)
  bool neg;
  SrcLoc loc;
  template <class I, std::enable_if_t<std::is_integral_v<I> ||
                                          (std::is_enum_v<I> && std::is_convertible_v<I, int64_t>),
                                      int> = 0>
  constexpr ElemIndex(I i, SrcLoc l = SrcLoc::Current())  // NOLINT(runtime/explicit)
      : v(static_cast<uint64_t>(Wide(i))), neg(Wide(i) < 0 && IsSigned<I>()), loc(l) {}

 private:
  template <class I>
  static constexpr bool IsSigned() {
    if constexpr (std::is_enum_v<I>) {
      return std::is_signed_v<std::underlying_type_t<I>>;
    } else {
      return std::is_signed_v<I>;
    }
  }
  template <class I>
  static constexpr int64_t Wide(I i) {
    if constexpr (IsSigned<I>()) {
      return static_cast<int64_t>(i);
    } else {
      return static_cast<int64_t>(static_cast<uint64_t>(i));
    }
  }
};

// " (-1 passed as uint32_t 4294967295)" for an unsigned parameter holding a
// negative int32 (bits = 32) or int64 (bits = 64) value; "" otherwise.
inline std::string NegativeNote(uint64_t v, int bits) {
  const bool neg =
      bits == 32 ? v >= (uint64_t{1} << 31) && v <= 0xFFFFFFFFu : v >= (uint64_t{1} << 63);
  if (!neg) return std::string();
  const int64_t s = bits == 32
                        ? static_cast<int64_t>(static_cast<int32_t>(static_cast<uint32_t>(v)))
                        : static_cast<int64_t>(v);
  return " (it is negative: " + std::to_string(s) + " passed as uint" + std::to_string(bits) +
         "_t " + std::to_string(v) + ")";
}

// A scalar access (GetValue, SetValue, operator()) of element `index` of a
// LocalTensor of `size` elements starting at `addr`.
[[noreturn]] AICORE_COLD inline void FailLocalIndex(const char* api, const BufferDesc& b,
                                                    const uint8_t* addr, uint64_t index,
                                                    uint32_t elem_bytes, const char* type,
                                                    SrcLoc loc, uint32_t size) {
  const uint64_t start = static_cast<uint64_t>(addr - b.base);
  const uint64_t byte = start + index * elem_bytes;
  Fail(ErrorKind::kBounds, api, loc,
       "element " + std::to_string(index) + NegativeNote(index, 32) + " of " + type +
           " (byte offset " + std::to_string(byte) + ") is outside the " + std::to_string(b.bytes) +
           "-byte " + b.Describe() + ": the LocalTensor<" + type + "> has " +
           std::to_string(size) + " elements from element " + std::to_string(start / elem_bytes) +
           " of the buffer, which holds " + std::to_string(b.bytes / elem_bytes));
}

// operator[] past the end of the buffer, or negative.
[[noreturn]] AICORE_COLD inline void FailSubView(const char* api, const BufferDesc& b,
                                                 const uint8_t* addr, const ElemIndex& i,
                                                 uint32_t elem_bytes, const char* type,
                                                 uint32_t size) {
  const uint64_t start = static_cast<uint64_t>(addr - b.base) / elem_bytes;
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
           " leaves room for " + std::to_string(b.bytes / elem_bytes - start) +
           " elements from the tensor's start");
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

// Why memory carved in pipe epoch `epoch` is gone, from the block's log:
// "<subject> carved before TPipe::Reset() at f.cpp:12 released ...".
inline std::string RetiredText(uint32_t epoch, const char* subject = "they were") {
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

[[noreturn]] AICORE_COLD inline void FailDeadPipe(const char* api, const char* role, uint32_t epoch,
                                                  SrcLoc loc) {
  Fail(ErrorKind::kBounds, api, loc,
       OperandName(api, role) + " is a stale LocalTensor: " + RetiredText(epoch, "its buffer was") +
           " (on the NPU those on-chip bytes now belong to other buffers); get tensors again "
           "(AllocTensor, DeQue, TBuf::Get) from buffers carved after the TPipe's last Reset, "
           "in the same launch");
}

// A tensor that may not be dereferenced: default-constructed, or its TPipe
// is gone.
[[noreturn]] AICORE_COLD inline void FailNotLive(const char* api, const char* role,
                                                 const BufferDesc* b, uint32_t epoch, SrcLoc loc) {
  if (b == nullptr) FailNullTensor(api, role, loc);
  FailDeadPipe(api, role, epoch, loc);
}

// Whether a tensor of pipe epoch `epoch` may be dereferenced on core `c`
// (non-null): made from the live TPipe's buffers (one compare), or a static
// LocalTensor(pos, addr, size) made in this block. Never true for epoch 0
// (a default-constructed tensor): inside a block both epochs are non-zero.
// Checked before anything dereferences the tensor's BufferDesc; what fails
// it is noreturn, so that loops keep the checks' loads hoisted.
AICORE_INLINE bool Live(const CoreContext& c, uint32_t epoch) {
  return AICORE_LIKELY(epoch == c.epoch) || AICORE_LIKELY(epoch == c.block_epoch);
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
  // any TPipe buffer. Checked against that memory's size. Valid in the block
  // that makes it.
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
    if (AICORE_UNLIKELY(addr % alignof(T) != 0)) {
      aicore::detail::Fail(aicore::ErrorKind::kAlignment, "LocalTensor", loc,
                           std::string(aicore::MemoryName(static_cast<aicore::Memory>(m))) +
                               " address " + std::to_string(addr) + " is not a multiple of " +
                               std::to_string(alignof(T)) + ", the alignment of " +
                               aicore::detail::TypeName<T>());
    }
    buf_ = &d;
    addr_ = reinterpret_cast<T*>(d.base + addr);
    size_ = tileSize;
    epoch_ = core.block_epoch;
  }

  // Sub-view starting `offset` elements later (must stay inside the buffer;
  // errors name the file:line of the `t[offset]` expression).
  LocalTensor operator[](aicore::detail::ElemIndex offset) const {
    const aicore::detail::CoreContext* core = aicore::detail::t_core;
    if (AICORE_UNLIKELY(core == nullptr || !aicore::detail::Live(*core, epoch_))) {
      aicore::detail::FailNotLive("LocalTensor::operator[]", "the tensor", buf_, epoch_, offset.loc);
    }
    const auto start = reinterpret_cast<const uint8_t*>(addr_);
    const auto room = static_cast<uint64_t>(buf_->base + buf_->bytes - start) / sizeof(T);
    if (AICORE_UNLIKELY(offset.v > room)) {  // a negative offset is huge as uint64_t
      aicore::detail::FailSubView("LocalTensor::operator[]", *buf_, start, offset, sizeof(T),
                                  aicore::detail::TypeName<T>(), size_);
    }
    LocalTensor r = *this;
    r.addr_ = addr_ + offset.v;
    r.size_ = offset.v <= size_ ? static_cast<uint32_t>(size_ - offset.v) : 0;
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

  // The same bytes seen as another element type; the size is rescaled. The
  // start must be aligned for U (a half tensor at an odd element offset
  // cannot be seen as float).
  template <typename U>
  LocalTensor<U> ReinterpretCast(aicore::SrcLoc loc = aicore::SrcLoc::Current()) const {
    if (AICORE_UNLIKELY(reinterpret_cast<uintptr_t>(addr_) % alignof(U) != 0)) {
      FailReinterpret(alignof(U), aicore::detail::TypeName<U>(), loc);
    }
    LocalTensor<U> r;
    r.buf_ = buf_;
    r.addr_ = reinterpret_cast<U*>(addr_);
    r.size_ = static_cast<uint32_t>(static_cast<uint64_t>(size_) * sizeof(T) / sizeof(U));
    r.tag_ = tag_;
    r.gen_ = gen_;
    r.epoch_ = epoch_;
    return r;
  }

  uint32_t GetSize() const { return size_; }
  void SetSize(uint32_t size) { size_ = size; }
  uint32_t GetLength() const { return static_cast<uint32_t>(size_ * sizeof(T)); }  // bytes
  __ubuf__ T* GetPhyAddr() const { return addr_; }
  __ubuf__ T* GetPhyAddr(uint32_t offset) const { return addr_ + offset; }
  TPosition GetPosition() const { return Live() ? buf_->pos : TPosition::VECCALC; }
  void SetUserTag(int32_t tag) { tag_ = tag; }
  int32_t GetUserTag() const { return tag_; }

  // CPU debug helpers: print the first `len` elements (all by default) as
  // one uninterrupted block of lines, or write the elements' bytes to a file
  // (returns 0, or -1 when the file cannot be written).
  void Print() const { Print(size_); }
  void Print(uint32_t len) const {
    if (!Live()) {
      aicore::detail::KernelWrite(std::string("LocalTensor<") + aicore::detail::TypeName<T>() +
                                  (buf_ == nullptr ? ">: not allocated\n"
                                                   : ">: stale (its TPipe no longer exists)\n"));
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
    if (!Live()) return -1;
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
  uint32_t epoch_ = 0;  // the TPipe epoch of its buffer (CoreContext::epoch while it is live)

  // Whether buf_ may be dereferenced: allocated, and its TPipe (or, for a
  // static tensor, its block) still live on this core.
  bool Live() const {
    const aicore::detail::CoreContext* c = aicore::detail::t_core;
    return buf_ != nullptr && c != nullptr && aicore::detail::Live(*c, epoch_);
  }

 private:
  [[noreturn]] AICORE_COLD void FailReinterpret(size_t align, const char* to,
                                                aicore::SrcLoc loc) const {
    const aicore::detail::CoreContext* core = aicore::detail::t_core;
    if (core == nullptr || !aicore::detail::Live(*core, epoch_)) {
      aicore::detail::FailNotLive("LocalTensor::ReinterpretCast", "the tensor", buf_, epoch_, loc);
    }
    const auto byte = static_cast<uint64_t>(reinterpret_cast<const uint8_t*>(addr_) - buf_->base);
    aicore::detail::Fail(
        aicore::ErrorKind::kAlignment, "LocalTensor::ReinterpretCast", loc,
        std::string("ReinterpretCast<") + to + "> of a LocalTensor<" +
            aicore::detail::TypeName<T>() + "> that starts at byte offset " + std::to_string(byte) + " (" +
            aicore::MemoryName(aicore::detail::PositionMemory(buf_->pos)) + " address " +
            std::to_string(buf_->offset + byte) + ") of " + buf_->Describe() +
            ", which is not a multiple of " + std::to_string(align) + ", the alignment of " + to +
            " (reinterpret at an offset aligned for the new type; vector instructions also need "
            "32-byte aligned operands)");
  }
  // Elements from addr_ to the end of the buffer.
  uint32_t Available() const {
    return static_cast<uint32_t>((buf_->base + buf_->bytes - reinterpret_cast<uint8_t*>(addr_)) /
                                 static_cast<std::ptrdiff_t>(sizeof(T)));
  }

  // Scalar (S pipe) access of element `index`.
  T* CheckedPtr(const char* api, uint32_t index, aicore::SrcLoc loc,
                aicore::detail::Access acc) const {
    aicore::detail::CoreContext* core = aicore::detail::t_core;
    if (AICORE_UNLIKELY(core == nullptr || !aicore::detail::Live(*core, epoch_))) {
      aicore::detail::FailNotLive(api, "the tensor", buf_, epoch_, loc);
    }
    aicore::detail::CheckOwned(api, "the tensor", *buf_, gen_,
                               acc != aicore::detail::Access::kRead, loc);
    // Integer addresses: no pointer is formed past the buffer.
    const auto a = reinterpret_cast<uintptr_t>(addr_);
    if (AICORE_UNLIKELY(a + (uint64_t{index} + 1) * sizeof(T) >
                        reinterpret_cast<uintptr_t>(buf_->base) + buf_->bytes)) {
      aicore::detail::FailLocalIndex(api, *buf_, reinterpret_cast<const uint8_t*>(addr_), index,
                                     sizeof(T), aicore::detail::TypeName<T>(), loc, size_);
    }
    T* p = addr_ + index;
    if (AICORE_UNLIKELY(core->instr != 0)) {
      aicore::detail::EnterScalar(*core, api, loc, acc != aicore::detail::Access::kRead);
      aicore::detail::EmitLocal(*core, aicore::detail::Pipe::kS, acc, *buf_,
                               reinterpret_cast<const uint8_t*>(p), sizeof(T), api, "the tensor",
                               loc);
    }
    return p;
  }
};

}  // namespace AscendC

namespace aicore {
namespace detail {

// Fails unless the tensor is allocated and its TPipe (or, for a static
// tensor, its block) still lives; for callers that look at its BufferDesc
// without CheckLocal.
template <class T>
AICORE_INLINE void CheckTensorLive(const char* api, const char* role,
                                   const AscendC::LocalTensor<T>& t, SrcLoc loc) {
  const CoreContext* c = t_core;
  if (AICORE_UNLIKELY(c == nullptr || !Live(*c, t.epoch_))) FailNotLive(api, role, t.buf_, t.epoch_, loc);
}

}  // namespace detail
}  // namespace aicore
