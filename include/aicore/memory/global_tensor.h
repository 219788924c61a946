// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// GlobalTensor<T>: a typed view of global memory (GM).
#pragma once

#include <cstdint>
#include <string>

#include "aicore/base/defs.h"
#include "aicore/base/error.h"
#include "aicore/base/type_name.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/memory/shape_info.h"
#include "aicore/runtime/context.h"
#include "aicore/runtime/gm.h"
#include "aicore/instrument/event.h"

namespace aicore {
namespace detail {

// No GM lies in the first MiB of the address space (Linux never maps below
// vm.mmap_min_addr, and executables and heaps start higher): a GlobalTensor
// pointing there was bound to nullptr, or to nullptr plus an offset (a null
// GM_ADDR the host passed). One compare on every GM access catches it.
constexpr uintptr_t kGmNullZone = uintptr_t{1} << 20;

// "0x4000 (16384 bytes past a null pointer)".
AICORE_RT_FN std::string NullDerived(const void* p);

// What the failure messages of a GlobalTensor<T> need to know of it.
struct GmView {
  const char* type;  // TypeName<T>()
  size_t elem_bits;  // kElemBits<T> (int4b_t: 4)
  const void* addr;
  uint64_t size;
  bool sized;
  bool bound;
};
// The cold paths of GlobalTensor<T> (non-template: one copy for every T).
[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void GmFailIndex(const GmView& v, const char* api,
                                                         uint64_t offset, bool negative,
                                                         SrcLoc loc);
[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void GmFailRange(const GmView& v, const char* api,
                                                         uint64_t offset, uint64_t count,
                                                         SrcLoc loc);
// An address in the first MiB: an error unless the registry knows it.
AICORE_RT_COLD AICORE_RT_FN void GmCheckPointer(const GmView& v, const char* api, SrcLoc loc);
[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void GmFailSize(const char* type, size_t elem,
                                                        const char* api, const char* what,
                                                        const void* p, uint64_t count,
                                                        SrcLoc loc);

}  // namespace detail
}  // namespace aicore

namespace AscendC {

enum class CacheMode : uint8_t { CACHE_MODE_NORMAL = 0, CACHE_MODE_DISABLE, CACHE_MODE_LAST };

}  // namespace AscendC

namespace AscendC {

template <typename T>
class GlobalTensor {
 public:
  using PrimType = T;
  // Elements per C++ object of T (int4b_t: 2; see base/int4b.h).
  static constexpr uint32_t kPer = aicore::detail::kElemsPerObj<T>;

  GlobalTensor() = default;

  // Binds the tensor to GM. `bufferSize` is in elements (int4b_t: two a
  // byte, as on the NPU); without it the size
  // is unknown (0) and accesses are not bounds-checked against it. A size
  // whose bytes run past the end of the address space is an error.
  void SetGlobalBuffer(__gm__ T* buffer, uint64_t bufferSize,
                       aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    const uintptr_t room = (UINTPTR_MAX - reinterpret_cast<uintptr_t>(buffer)) / sizeof(T);
    if (AICORE_UNLIKELY(bufferSize / kPer > room)) {
      FailSize("SetGlobalBuffer", "bufferSize", buffer, bufferSize, loc);
    }
    addr_ = buffer;
    size_ = bufferSize;
    bind_bytes_ = aicore::detail::ObjBytes<T>(bufferSize, true);
    sized_ = true;
    bound_ = true;
  }
  void SetGlobalBuffer(__gm__ T* buffer) {
    addr_ = buffer;
    size_ = 0;
    bind_bytes_ = 0;
    sized_ = false;
    bound_ = true;
  }

  // Sub-view `offset` elements later (a negative offset is an error naming
  // the file:line of the `gm[offset]` expression). A view of a sized tensor
  // past its end is empty: making one is no error (on the NPU it is an
  // address; kernels make them in blocks that then do nothing), any access
  // through it is. int4b_t: the byte of element `offset` (an odd offset is
  // rounded down, as on the NPU).
  GlobalTensor operator[](aicore::detail::ElemIndex offset) const {
    if (AICORE_UNLIKELY(offset.neg)) FailIndex("GlobalTensor::operator[]", offset);
    GlobalTensor r = *this;
    // Integer arithmetic: an offset from a null or wild pointer is no UB.
    r.addr_ = reinterpret_cast<T*>(reinterpret_cast<uintptr_t>(addr_) +
                                   aicore::detail::ObjBytes<T>(offset.v));
    if (sized_) r.size_ = offset.v > size_ ? 0 : size_ - offset.v;
    return r;
  }

  // int4b_t: element `offset` (a nibble); GetValue returns it in the low
  // nibble of an int4b_t (Get(0)), SetValue writes value.Get(0) there and
  // keeps the other element of the byte.
  T GetValue(uint64_t offset, aicore::SrcLoc loc = aicore::SrcLoc::Current()) const {
    const T v = *Checked("GlobalTensor::GetValue", offset, loc, aicore::detail::GmAccess::kRead);
    if constexpr (kPer == 2) {
      return T(static_cast<uint8_t>((v.bits >> (4 * (offset & 1))) & 0xF));
    } else {
      return v;
    }
  }
  void SetValue(uint64_t offset, T value, aicore::SrcLoc loc = aicore::SrcLoc::Current()) const {
    T* p = Checked("GlobalTensor::SetValue", offset, loc, aicore::detail::GmAccess::kWrite);
    if constexpr (kPer == 2) {
      p->Set(static_cast<int>(offset & 1), value.Get(0));
    } else {
      *p = value;
    }
  }
  // A reference may be read or written: recorded as a write (racecheck) that
  // does not need initialized bytes. Not for int4b_t: GetValue/SetValue.
  T& operator()(uint64_t offset, aicore::SrcLoc loc = aicore::SrcLoc::Current()) const {
    static_assert(kPer == 1, "GlobalTensor<int4b_t>::operator() does not exist: use GetValue/SetValue");
    return *Checked("GlobalTensor::operator()", offset, loc, aicore::detail::GmAccess::kWrite);
  }

  uint64_t GetSize() const { return size_; }  // elements
  __gm__ T* GetPhyAddr() const { return addr_; }
  __gm__ T* GetPhyAddr(uint64_t offset) const { return addr_ + offset / kPer; }
  void SetL2CacheHint(CacheMode) {}
  void SetShapeInfo(const ShapeInfo& s) { shape_ = s; }
  ShapeInfo GetShapeInfo() const { return shape_; }

  // aicore internals.
  bool sized_ = false;  // whether SetGlobalBuffer was given a size
  bool bound_ = false;  // whether SetGlobalBuffer was called
  T* addr_ = nullptr;
  uint64_t size_ = 0;
  // Bytes bound by the last sized SetGlobalBuffer (0: unsized), kept by
  // sub-views: how much GM this block's tensor spans (DataCopy's choice of
  // streaming stores).
  uint64_t bind_bytes_ = 0;
  ShapeInfo shape_;

  // Fails unless [offset, offset + count) C++ objects of T lie inside the
  // bound size (int4b_t: bytes, i.e. the elements [2 offset, 2 (offset +
  // count)); the instructions copy int4b_t as bytes). Also fails for a
  // tensor never bound, or bound to a null (or null-derived) pointer.
  void CheckRange(const char* api, uint64_t offset, uint64_t count, aicore::SrcLoc loc) const {
    constexpr uint64_t kMax = UINT64_MAX / kPer;  // larger counts overrun any size
    CheckElems(api, offset > kMax ? UINT64_MAX : offset * kPer,
               count > kMax ? UINT64_MAX : count * kPer, loc);
  }

  // count * sizeof(T), failing when those bytes from the tensor's address
  // would run past the end of the address space (a count of (uint64_t)-1).
  uint64_t CheckedBytes(const char* api, uint64_t count, aicore::SrcLoc loc) const {
    if (AICORE_UNLIKELY(count > (UINTPTR_MAX - reinterpret_cast<uintptr_t>(addr_)) / sizeof(T))) {
      FailSize(api, "size", addr_, count, loc);
    }
    return count * sizeof(T);
  }

 private:
  // The same in elements.
  void CheckElems(const char* api, uint64_t offset, uint64_t count, aicore::SrcLoc loc) const {
    if (AICORE_UNLIKELY(reinterpret_cast<uintptr_t>(addr_) < aicore::detail::kGmNullZone)) {
      CheckPointer(api, loc);
    }
    if (AICORE_UNLIKELY(sized_ && (offset > size_ || count > size_ - offset))) {
      FailRange(api, offset, count, loc);
    }
  }
  // The object holding element `offset`.
  T* Checked(const char* api, uint64_t offset, aicore::SrcLoc loc,
             aicore::detail::GmAccess acc) const {
    CheckElems(api, offset, 1, loc);
    T* p = reinterpret_cast<T*>(reinterpret_cast<uintptr_t>(addr_) + offset / kPer * sizeof(T));
    aicore::detail::CoreContext* core = aicore::detail::t_core;
    if (AICORE_UNLIKELY(core != nullptr && core->instr != 0)) {
      aicore::detail::EnterScalar(*core, api, loc, acc != aicore::detail::GmAccess::kRead);
      aicore::detail::EmitGm(*core, acc, p, sizeof(T), api, loc);
    }
    return p;
  }
  // The cold paths, out of line (one copy for every T: aicore::detail::Gm*).
  aicore::detail::GmView View() const {
    return {aicore::detail::TypeName<T>(), aicore::detail::kElemBits<T>, addr_, size_, sized_,
            bound_};
  }
  [[noreturn]] void FailIndex(const char* api, const aicore::detail::ElemIndex& i) const {
    aicore::detail::GmFailIndex(View(), api, i.v, i.neg, i.loc);
  }
  [[noreturn]] void FailRange(const char* api, uint64_t offset, uint64_t count,
                              aicore::SrcLoc loc) const {
    aicore::detail::GmFailRange(View(), api, offset, count, loc);
  }
  void CheckPointer(const char* api, aicore::SrcLoc loc) const {
    aicore::detail::GmCheckPointer(View(), api, loc);
  }
  [[noreturn]] void FailSize(const char* api, const char* what, const T* p, uint64_t count,
                             aicore::SrcLoc loc) const {
    aicore::detail::GmFailSize(aicore::detail::TypeName<T>(), sizeof(T), api, what, p, count, loc);
  }
};

}  // namespace AscendC

#if AICORE_RT_DEFINITIONS
#include "aicore/memory/global_tensor-inl.h"
#endif
