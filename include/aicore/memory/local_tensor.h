// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// LocalTensor<T>: a typed view into an on-chip buffer.
//
// Its address is also kept in the vendor's form, the public member
// `address_` (TBuffAddr: dataLen in bytes, bufferAddr = byte address in the
// position's memory, bufferHandle = the buffer, logicPos = the TPosition,
// absAddr = the CPU address, as in the vendor's CPU debug mode), so that
// kernels may read `t.address_.bufferAddr`, copy `u.SetAddr(t.address_)` or
// build a tensor by hand:
//
//   LocalTensor<float> t;                       // no memory yet
//   t.address_.logicPos = static_cast<uint8_t>(TPosition::VECCALC);
//   t.address_.bufferAddr = 4096;               // UB byte address
//   t.address_.dataLen = 256;                   // bytes (GetSize() = 64)
//   Adds(t, t, 1.0f, 64);                       // the tensor at UB 4096
//
// aicore's own fields (buf_, addr_) stay what the instructions use, with
// address_.gen_ / address_.epoch_ as the tensor's identity. Every use of a
// tensor (each instruction operand check, GetValue, operator[], GetPhyAddr,
// ...) first compares address_.bufferAddr and address_.logicPos with what
// aicore last wrote there (two compares), and when the kernel changed them,
// takes the tensor's new address from address_ (ResolveAddress below), as
// the NPU would:
//   * an address taken from a tensor aicore made (SetAddr(t.address_),
//     `u.address_ = t.address_`, GetBufferAddr; recognised by the check
//     value aicore stores with it, AddrKey) keeps that tensor's buffer:
//     bounds, FreeTensor and queue-state checks apply as to the original;
//     bufferAddr must stay inside that buffer;
//   * any other address (set field by field, or InitBuffer) is a raw
//     address in the memory of logicPos, checked like the static
//     LocalTensor(pos, addr, size): inside that memory, valid in this block.
// bufferAddr, not absAddr, says where the tensor is (absAddr is rewritten);
// a UB address may be given as the byte address, or as the low 32 bits of a
// CPU pointer into the block's UB (what `(uint32_t)(uint64_t)t.GetPhyAddr()`
// gives on the CPU). dataLen only sets GetSize() (as on the NPU, it is not
// checked: every access is checked against the buffer or memory instead). A
// logicPos that names another memory moves the tensor there.
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
#include "aicore/memory/shape_info.h"

namespace aicore {
namespace detail {

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailNullTensor(const char* api, const char* role,
                                                             SrcLoc loc);

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
AICORE_RT_FN std::string NegativeNote(uint64_t v, int bits);

// A scalar access (GetValue, SetValue, operator()) of element `index` of a
// LocalTensor of `size` elements starting at `addr`.
[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailLocalIndex(const char* api, const BufferDesc& b,
                                                             const uint8_t* addr, uint64_t index,
                                                             uint32_t elem_bits, const char* type,
                                                             SrcLoc loc, uint32_t size);

// operator[] past the end of the buffer, or negative.
[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailSubView(const char* api, const BufferDesc& b,
                                                          const uint8_t* addr, const ElemIndex& i,
                                                          uint32_t elem_bits, const char* type,
                                                          uint32_t size);

// "src of Add" (the operand of an instruction), or "the tensor" as given.
AICORE_RT_FN std::string OperandName(const char* api, const char* role);

// " at file:line" of the buffer's last FreeTensor ("" if never freed).
AICORE_RT_FN std::string FreedAt(const BufferDesc& b);

// Why memory carved in pipe epoch `epoch` is gone, from the block's log:
// "<subject> carved before TPipe::Reset() at f.cpp:12 released ...".
AICORE_RT_FN std::string RetiredText(uint32_t epoch, const char* subject = "they were");

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailDeadPipe(const char* api, const char* role,
                                                           uint32_t epoch, SrcLoc loc);

// A tensor that may not be dereferenced: default-constructed, or its TPipe
// is gone.
[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailNotLive(const char* api, const char* role,
                                                          const BufferDesc* b, uint32_t epoch,
                                                          SrcLoc loc);

// Whether a tensor of pipe epoch `epoch` may be dereferenced on core `c`
// (non-null): made from the live TPipe's buffers (one compare), or a static
// LocalTensor(pos, addr, size) made in this block. Never true for epoch 0
// (a default-constructed tensor): inside a block both epochs are non-zero.
// Checked before anything dereferences the tensor's BufferDesc; what fails
// it is noreturn, so that loops keep the checks' loads hoisted.
AICORE_INLINE bool Live(const CoreContext& c, uint32_t epoch) {
  return AICORE_LIKELY(epoch == c.epoch) || AICORE_LIKELY(epoch == c.block_epoch);
}

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailStale(const char* api, const char* role,
                                                        const BufferDesc& b, SrcLoc loc);

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailEnqueuedWrite(const char* api, const char* role,
                                                                const BufferDesc& b, SrcLoc loc);

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

// The buffer a tensor lives in, as queues and kernels pass it around
// (opaque: aicore's descriptor of the buffer).
using TBufHandle = uint8_t*;

// Queue-buffer states (TQue::GetState).
enum class TBufState : uint8_t { FREE = 0, OCCUPIED, ENQUE, DEQUE };

// The address of a LocalTensor (LocalTensor::address_, SetAddr,
// TQue::GetBufferAddr): the vendor's fields, in their order, then aicore's.
struct TBuffAddr {
  uint32_t dataLen = 0;                // bytes
  uint32_t bufferAddr = 0;             // byte address in the memory of logicPos
  TBufHandle bufferHandle = nullptr;   // the buffer
  uint8_t logicPos = 0;                // the TPosition
  uint8_t* absAddr = nullptr;          // the CPU address (written by aicore)
  // aicore: the identity of the allocation the address was taken from (0 when
  // the address was set by hand); checked when the address is used again.
  uint32_t gen_ = 0;
  uint32_t epoch_ = 0;
  uint32_t key_ = 0;  // a check value of (bufferHandle, gen_, epoch_), see AddrKey
};

}  // namespace AscendC

namespace aicore {
namespace detail {

// The byte offset in memory `m` of this block that `v` names: a CPU pointer
// into it, a byte address (below the memory's size, as on the NPU), or the
// low 32 bits of a CPU pointer into it (a pointer that went through a
// uint32_t field). False when it names none. An end address is accepted.
// A value at most the memory's size is a byte address: were the low 32 bits
// of the memory's own CPU address that small (mmap places it at page
// granularity: about once in 16000 threads), a truncated pointer would be
// read as a byte address too.
inline bool LocalByteAddress(const CoreContext& c, Memory m, uint64_t v, uint64_t* off) {
  const int mi = static_cast<int>(m);
  const uint64_t cap = c.capacity[mi];
  const auto base = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(c.arena[mi].get()));
  if (v >= base && v - base <= cap) {
    *off = v - base;
    return true;
  }
  if (v <= cap) {
    *off = v;
    return true;
  }
  if (v <= 0xFFFFFFFFu) {
    uint64_t full = (base & ~uint64_t{0xFFFFFFFFu}) | v;
    if (full < base) full += uint64_t{1} << 32;
    if (full - base <= cap) {
      *off = full - base;
      return true;
    }
  }
  return false;
}

// The check value aicore stores with every address it hands out: a
// bufferHandle is only dereferenced when it comes with the gen_/epoch_ it was
// handed out with (a handle set by hand, or a foreign one, makes the address
// a raw one), so that no kernel-written value is ever taken for a buffer.
inline uint32_t AddrKey(const void* handle, uint32_t gen, uint32_t epoch) {
  const auto h = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(handle));
  const uint64_t x = (h ^ (uint64_t{gen} << 32) ^ epoch) * 0x9E3779B97F4A7C15ull;
  return static_cast<uint32_t>(x >> 32) | 1u;
}

struct ResolvedAddr {
  BufferDesc* buf = nullptr;
  uint8_t* addr = nullptr;
  uint32_t gen = 0;
  uint32_t epoch = 0;
};

AICORE_RT_FN std::string AddrText(const AscendC::TBuffAddr& a);

// Where the TBuffAddr `a` puts a tensor of elements aligned to `align`
// (see the top of this file). An all-zero address is no tensor.
AICORE_RT_COLD AICORE_RT_FN ResolvedAddr ResolveAddress(const char* api, const char* role,
                                                        const AscendC::TBuffAddr& a, uint32_t align,
                                                        SrcLoc loc);

// The address of a whole buffer, as a tensor of allocation `gen` made from
// it carries it (TQue::GetBufferAddr, TBuf::GetBufferAddr).
inline AscendC::TBuffAddr AddressOf(const BufferDesc& b, uint32_t gen) {
  AscendC::TBuffAddr a;
  a.dataLen = b.bytes;
  a.bufferAddr = b.offset;
  a.bufferHandle = reinterpret_cast<AscendC::TBufHandle>(const_cast<BufferDesc*>(&b));
  a.logicPos = static_cast<uint8_t>(b.pos);
  a.absAddr = b.base;
  a.gen_ = gen;
  a.epoch_ = b.epoch;
  a.key_ = AddrKey(a.bufferHandle, gen, b.epoch);
  return a;
}

}  // namespace detail
}  // namespace aicore

namespace AscendC {

template <typename T>
class LocalTensor {
 public:
  using PrimType = T;
  // Elements per C++ object of T (int4b_t: 2; see base/int4b.h).
  static constexpr uint32_t kPer = aicore::detail::kElemsPerObj<T>;

  LocalTensor() = default;

  // A tensor at the address `address` (as SetAddr).
  explicit LocalTensor(TBuffAddr& address, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    SetAddr(address, loc);
  }

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
    if (AICORE_UNLIKELY(uint64_t{addr} + ObjBytes(tileSize, true) > d.bytes)) {
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
    Bind(&d, reinterpret_cast<T*>(d.base + addr), static_cast<uint32_t>(ObjBytes(tileSize)), 0,
         core.block_epoch, pos);
  }

  // Sub-view starting `offset` elements later (must stay inside the buffer;
  // errors name the file:line of the `t[offset]` expression).
  LocalTensor operator[](aicore::detail::ElemIndex offset) const {
    SyncAddress("LocalTensor::operator[]", "the tensor", offset.loc);
    const aicore::detail::CoreContext* core = aicore::detail::t_core;
    if (AICORE_UNLIKELY(core == nullptr || !aicore::detail::Live(*core, address_.epoch_))) {
      aicore::detail::FailNotLive("LocalTensor::operator[]", "the tensor", buf_, address_.epoch_,
                                  offset.loc);
    }
    const auto start = reinterpret_cast<const uint8_t*>(addr_);
    const auto room = static_cast<uint64_t>(buf_->base + buf_->bytes - start) / sizeof(T) * kPer;
    if (AICORE_UNLIKELY(offset.v > room)) {  // a negative offset is huge as uint64_t
      aicore::detail::FailSubView("LocalTensor::operator[]", *buf_, start, offset,
                                  aicore::detail::kElemBits<T>, aicore::detail::TypeName<T>(),
                                  GetSize());
    }
    // int4b_t: the byte of element `offset`; an odd offset is rounded down
    // (it names the pair's low element), as on the NPU.
    LocalTensor r = *this;
    const auto bytes = static_cast<uint32_t>(ObjBytes(offset.v));
    r.addr_ = addr_ + offset.v / kPer;
    r.address_.absAddr = reinterpret_cast<uint8_t*>(r.addr_);
    r.address_.bufferAddr = r.bufaddr_ = bufaddr_ + bytes;
    r.address_.dataLen = address_.dataLen >= bytes ? address_.dataLen - bytes : 0;
    return r;
  }

  // int4b_t: element `index` (a nibble); GetValue returns it in the low
  // nibble of an int4b_t (Get(0)), SetValue writes value.Get(0) there and
  // keeps the other element of the byte.
  T GetValue(uint32_t index, aicore::SrcLoc loc = aicore::SrcLoc::Current()) const {
    const T v = *CheckedPtr("LocalTensor::GetValue", index, loc, aicore::detail::Access::kRead);
    if constexpr (kPer == 2) {
      return T(static_cast<uint8_t>((v.bits >> (4 * (index & 1))) & 0xF));
    } else {
      return v;
    }
  }
  void SetValue(uint32_t index, T value, aicore::SrcLoc loc = aicore::SrcLoc::Current()) const {
    T* p = CheckedPtr("LocalTensor::SetValue", index, loc, aicore::detail::Access::kWrite);
    if constexpr (kPer == 2) {
      p->Set(static_cast<int>(index & 1), value.Get(0));
    } else {
      *p = value;
    }
  }
  // Not for int4b_t (an element is no addressable object): GetValue/SetValue.
  T& operator()(uint32_t index, aicore::SrcLoc loc = aicore::SrcLoc::Current()) const {
    static_assert(kPer == 1, "LocalTensor<int4b_t>::operator() does not exist: use GetValue/SetValue");
    return *CheckedPtr("LocalTensor::operator()", index, loc, aicore::detail::Access::kReadWrite);
  }

  // The same bytes seen as another element type; the size is rescaled. The
  // start must be aligned for U (a half tensor at an odd element offset
  // cannot be seen as float).
  template <typename U>
  LocalTensor<U> ReinterpretCast(aicore::SrcLoc loc = aicore::SrcLoc::Current()) const {
    SyncAddress("LocalTensor::ReinterpretCast", "the tensor", loc);
    if (AICORE_UNLIKELY(reinterpret_cast<uintptr_t>(addr_) % alignof(U) != 0)) {
      FailReinterpret(alignof(U), aicore::detail::TypeName<U>(), loc);
    }
    LocalTensor<U> r;
    r.address_ = address_;
    r.buf_ = buf_;
    r.addr_ = reinterpret_cast<U*>(addr_);
    r.tag_ = tag_;
    r.bufaddr_ = bufaddr_;
    r.pos_ = pos_;
    return r;
  }

  // This tensor becomes `offset` elements of src's type after src's start,
  // seen as T, with src's dataLen (the vendor's SetAddrWithOffset).
  template <typename S>
  void SetAddrWithOffset(LocalTensor<S>& src, uint32_t offset,
                         aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    const LocalTensor<S> at = src[aicore::detail::ElemIndex(offset, loc)];
    const uint32_t len = src.address_.dataLen;
    const int32_t tag = tag_;
    const aicore::detail::ShapeRef shape = shape_;
    *this = at.template ReinterpretCast<T>(loc);
    address_.dataLen = len;
    tag_ = tag;
    shape_ = shape;
  }

  // The tensor now lives at `address` (see the top of this file): an address
  // taken from another tensor keeps that tensor's buffer and its checks.
  void SetAddr(const TBuffAddr& address, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    address_ = address;
    Resync("LocalTensor::SetAddr", "the tensor", loc);
  }
  // The buffer the tensor lives in.
  TBufHandle GetBufferHandle(aicore::SrcLoc loc = aicore::SrcLoc::Current()) const {
    SyncAddress("LocalTensor::GetBufferHandle", "the tensor", loc);
    return address_.bufferHandle;
  }
  // Deprecated by the vendor: the tensor's address becomes byte
  // `bufferOffset` of the memory of address_.logicPos (read when the tensor
  // is next used, so logicPos may be set afterwards), `bufferSize` elements.
  [[deprecated("NOTICE: InitBuffer has been deprecated and will be removed in the next version. "
               "Please do not use it!")]] void
  InitBuffer(const uint32_t bufferOffset, const uint32_t bufferSize) {
    address_.bufferAddr = bufferOffset;
    address_.dataLen = static_cast<uint32_t>(ObjBytes(bufferSize));
    address_.bufferHandle = nullptr;
    address_.absAddr = nullptr;
    address_.gen_ = address_.epoch_ = address_.key_ = 0;
  }

  // Elements (int4b_t: 2 a byte, dataLen * 2).
  uint32_t GetSize() const {
    return static_cast<uint32_t>(address_.dataLen / sizeof(T) * kPer);
  }
  // Elements; they must lie inside the tensor's buffer (int4b_t: dataLen
  // becomes size / 2, as on the NPU).
  void SetSize(uint32_t size, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    SyncAddress("LocalTensor::SetSize", "the tensor", loc);
    if (buf_ != nullptr && Live() &&
        AICORE_UNLIKELY(ObjBytes(size, true) >
                        static_cast<uint64_t>(buf_->base + buf_->bytes -
                                              reinterpret_cast<uint8_t*>(addr_)))) {
      FailSetSize(size, loc);
    }
    address_.dataLen = static_cast<uint32_t>(ObjBytes(size));
  }
  // The tensor's length in bytes, as address_.dataLen.
  void SetBufferLen(uint32_t dataLen) { address_.dataLen = dataLen; }
  uint32_t GetLength() const { return address_.dataLen; }  // bytes
  __ubuf__ T* GetPhyAddr(aicore::SrcLoc loc = aicore::SrcLoc::Current()) const {
    SyncAddress("LocalTensor::GetPhyAddr", "the tensor", loc);
    return addr_;
  }
  // int4b_t: `offset` elements must be even (the NPU asserts it).
  __ubuf__ T* GetPhyAddr(uint32_t offset, aicore::SrcLoc loc = aicore::SrcLoc::Current()) const {
    SyncAddress("LocalTensor::GetPhyAddr", "the tensor", loc);
    if (AICORE_UNLIKELY(offset % kPer != 0)) {
      aicore::detail::Fail(aicore::ErrorKind::kParameter, "LocalTensor::GetPhyAddr", loc,
                           "offset " + std::to_string(offset) +
                               " of int4b_t elements is odd: it must be even");
    }
    return addr_ + offset / kPer;
  }
  // address_.logicPos (VECCALC for a tensor that has no address).
  TPosition GetPosition() const {
    return (buf_ == nullptr && address_.logicPos == 0) ? TPosition::VECCALC
                                                        : static_cast<TPosition>(address_.logicPos);
  }
  void SetUserTag(int32_t tag) { tag_ = tag; }
  int32_t GetUserTag() const { return tag_; }
  // The shape travels with copies of the tensor (kept out of line: see
  // ShapeRef).
  void SetShapeInfo(const ShapeInfo& shapeInfo, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    shape_ = aicore::detail::InternShape(shapeInfo, loc);
  }
  ShapeInfo GetShapeInfo() const { return aicore::detail::ShapeOf(shape_); }

  // dst = a + b, a < b, ...: the operator forms of the vector instructions
  // (ops/symbol_override.h) make an expression; assigning it runs the
  // instruction into this tensor.
  template <typename E, std::enable_if_t<E::kSymbolOverride, int> = 0>
  void operator=(const E& e) {
    e.Process(*this);
  }

  // CPU debug helpers: print the first `len` elements (all by default) as
  // one uninterrupted block of lines, or write the elements' bytes to a file
  // (returns 0, or -1 when the file cannot be written).
  void Print() const { Print(GetSize()); }
  void Print(uint32_t len) const {
    SyncAddress("LocalTensor::Print", "the tensor", aicore::SrcLoc::Current());
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
                    ", " + std::to_string(n) + " of " + std::to_string(GetSize()) + " elements" +
                    (n < len ? " (the rest is outside the buffer)" : "") + ":\n";
    aicore::detail::AppendValues(s, addr_, (n + kPer - 1) / kPer, 16);
    aicore::detail::KernelWrite(s);
  }
  int32_t ToFile(const std::string& fileName) const {
    SyncAddress("LocalTensor::ToFile", "the tensor", aicore::SrcLoc::Current());
    if (!Live()) return -1;
    FILE* f = std::fopen(fileName.c_str(), "wb");
    if (f == nullptr) return -1;
    const uint32_t n = GetSize() < Available() ? GetSize() : Available();
    const uint32_t objs = (n + kPer - 1) / kPer;
    const size_t wrote = std::fwrite(addr_, sizeof(T), objs, f);
    return (std::fclose(f) == 0 && wrote == objs) ? 0 : -1;
  }

  // The vendor's public member: the address (see the top of this file). Its
  // aicore fields address_.gen_ (the buffer allocation the tensor belongs
  // to, BufferDesc::gen) and address_.epoch_ (the TPipe epoch of its buffer,
  // CoreContext::epoch while it is live) are the tensor's identity for the
  // stale-tensor checks.
  mutable TBuffAddr address_;

  // aicore internals (public so that every instruction can reach them; not
  // part of the Ascend C API). `mutable`: a use of a const tensor whose
  // address_ the kernel changed follows the change (SyncAddress).
  mutable aicore::detail::BufferDesc* buf_ = nullptr;
  mutable T* addr_ = nullptr;
  int32_t tag_ = 0;
  // address_.bufferAddr and address_.logicPos as aicore last wrote them.
  mutable uint32_t bufaddr_ = 0;
  mutable uint8_t pos_ = 0;
  aicore::detail::ShapeRef shape_;  // SetShapeInfo's shape (the vendor's shapeInfo_)

  // Whether buf_ may be dereferenced: allocated, and its TPipe (or, for a
  // static tensor, its block) still live on this core.
  bool Live() const {
    const aicore::detail::CoreContext* c = aicore::detail::t_core;
    return buf_ != nullptr && c != nullptr && aicore::detail::Live(*c, address_.epoch_);
  }

  // Makes the tensor's internals follow address_ when the kernel changed
  // where it points (two compares; see the top of this file). Every use
  // calls it first.
  AICORE_INLINE void SyncAddress(const char* api, const char* role, aicore::SrcLoc loc) const {
    if (AICORE_UNLIKELY(address_.bufferAddr != bufaddr_ || address_.logicPos != pos_)) {
      Resync(api, role, loc);
    }
  }

  // Points the tensor at `addr` (bytes of the buffer `b`), with every
  // address_ field; for aicore's code that makes tensors.
  void Bind(aicore::detail::BufferDesc* b, T* addr, uint32_t bytes, uint32_t gen, uint32_t epoch,
            TPosition pos) {
    buf_ = b;
    addr_ = addr;
    pos_ = static_cast<uint8_t>(pos);
    bufaddr_ = b->offset + static_cast<uint32_t>(reinterpret_cast<uint8_t*>(addr) - b->base);
    address_.dataLen = bytes;
    address_.bufferAddr = bufaddr_;
    address_.bufferHandle = reinterpret_cast<TBufHandle>(b);
    address_.logicPos = pos_;
    address_.absAddr = reinterpret_cast<uint8_t*>(addr);
    address_.gen_ = gen;
    address_.epoch_ = epoch;
    address_.key_ = aicore::detail::AddrKey(b, gen, epoch);
  }

 private:
  AICORE_COLD void Resync(const char* api, const char* role, aicore::SrcLoc loc) const {
    const aicore::detail::ResolvedAddr r =
        aicore::detail::ResolveAddress(api, role, address_, alignof(T), loc);
    buf_ = r.buf;
    addr_ = reinterpret_cast<T*>(r.addr);
    address_.gen_ = r.gen;
    address_.epoch_ = r.epoch;
    address_.absAddr = r.addr;
    if (r.buf == nullptr) {
      address_.key_ = 0;
      bufaddr_ = address_.bufferAddr;
      pos_ = address_.logicPos;
      return;
    }
    address_.bufferHandle = reinterpret_cast<TBufHandle>(r.buf);
    address_.key_ = aicore::detail::AddrKey(r.buf, r.gen, r.epoch);
    address_.bufferAddr = bufaddr_ =
        r.buf->offset + static_cast<uint32_t>(r.addr - r.buf->base);
    pos_ = address_.logicPos;
  }
  [[noreturn]] AICORE_COLD void FailSetSize(uint32_t size, aicore::SrcLoc loc) const {
    aicore::detail::Fail(
        aicore::ErrorKind::kBounds, "LocalTensor::SetSize", loc,
        "SetSize(" + std::to_string(size) + ")" + aicore::detail::NegativeNote(size, 32) + ": " +
            std::to_string(size) + " " + aicore::detail::TypeName<T>() +
            " elements from the tensor's start run past the end of " + buf_->Describe() +
            ", which leaves room for " + std::to_string(Available()));
  }
  [[noreturn]] AICORE_COLD void FailReinterpret(size_t align, const char* to,
                                                aicore::SrcLoc loc) const {
    const aicore::detail::CoreContext* core = aicore::detail::t_core;
    if (core == nullptr || !aicore::detail::Live(*core, address_.epoch_)) {
      aicore::detail::FailNotLive("LocalTensor::ReinterpretCast", "the tensor", buf_,
                                  address_.epoch_, loc);
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
                                 static_cast<std::ptrdiff_t>(sizeof(T)) * kPer);
  }
  static constexpr uint64_t ObjBytes(uint64_t elems, bool ceil = false) {
    return aicore::detail::ObjBytes<T>(elems, ceil);
  }

  // Scalar (S pipe) access of element `index`.
  T* CheckedPtr(const char* api, uint32_t index, aicore::SrcLoc loc,
                aicore::detail::Access acc) const {
    SyncAddress(api, "the tensor", loc);
    aicore::detail::CoreContext* core = aicore::detail::t_core;
    if (AICORE_UNLIKELY(core == nullptr || !aicore::detail::Live(*core, address_.epoch_))) {
      aicore::detail::FailNotLive(api, "the tensor", buf_, address_.epoch_, loc);
    }
    aicore::detail::CheckOwned(api, "the tensor", *buf_, address_.gen_,
                               acc != aicore::detail::Access::kRead, loc);
    // Integer addresses: no pointer is formed past the buffer.
    const auto a = reinterpret_cast<uintptr_t>(addr_);
    if (AICORE_UNLIKELY(a + (uint64_t{index} / kPer + 1) * sizeof(T) >
                        reinterpret_cast<uintptr_t>(buf_->base) + buf_->bytes)) {
      aicore::detail::FailLocalIndex(api, *buf_, reinterpret_cast<const uint8_t*>(addr_), index,
                                     aicore::detail::kElemBits<T>, aicore::detail::TypeName<T>(),
                                     loc, GetSize());
    }
    T* p = addr_ + index / kPer;
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
  t.SyncAddress(api, role, loc);
  const CoreContext* c = t_core;
  if (AICORE_UNLIKELY(c == nullptr || !Live(*c, t.address_.epoch_))) {
    FailNotLive(api, role, t.buf_, t.address_.epoch_, loc);
  }
}

}  // namespace detail
}  // namespace aicore

#if AICORE_RT_DEFINITIONS
#include "aicore/memory/local_tensor-inl.h"
#endif
