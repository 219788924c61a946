// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Atomic UB -> GM copies and GM fill.
//
//   SetAtomicAdd<T>() / SetAtomicMax<T>() / SetAtomicMin<T>()  set the core's
//       atomic mode: from then on every UB -> GM DataCopy / DataCopyPad
//       combines into GM (gm = gm op ub, element-wise, in T's arithmetic:
//       half/bfloat16_t computed in f32 and rounded once to nearest-even,
//       integers wrap) instead of overwriting it, atomically with respect to
//       the other blocks, until SetAtomicNone().
//   SetAtomicType<T>()  changes the element type, keeping the operation.
//   Fill(gm, size, value) / InitGlobalMemory(gm, size, value)  GM[0, size) = value
//     (on a cube block: nothing, as the vendor's returns there).
//
// Types: half, bfloat16_t, float, int8_t, int16_t, int32_t. A copy of another
// element type than the one the mode was set for is an error. The mode is
// per core and reset at every block start (and by InitSocState).
//
// Atomicity: GM is split into 1 KiB chunks, each guarded by one of 256
// striped mutexes; a copy combines chunk by chunk under the chunk's lock
// (whole elements only: atomic destinations must be element-aligned), with
// the same SIMD loops as the vector instructions.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <string>
#include <type_traits>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/type_name.h"
#include "aicore/memory/global_tensor.h"
#include "aicore/simd/simd.h"
#include "aicore/runtime/context.h"
#include "aicore/instrument/event.h"
#include "aicore/simd/target.h"

namespace aicore {
namespace detail {
[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailAtomicType(const char* api,
                                                             const CoreContext& core,
                                                             const char* type, SrcLoc loc);

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailAtomicAlign(const char* api, const void* p,
                                                              uint32_t elem,
                                                              SrcLoc loc);
// SetAtomicAdd / Max / Min / Type with a type that has no atomics.
[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailAtomicSetType(const char* api, const char* type,
                                                                SrcLoc loc);

AICORE_TARGET_BEGIN

template <class T>
constexpr uint8_t AtomicTypeId() {
  if constexpr (std::is_same_v<T, half>) return 1;
  else if constexpr (std::is_same_v<T, bfloat16_t>) return 2;
  else if constexpr (std::is_same_v<T, float>) return 3;
  else if constexpr (std::is_same_v<T, int8_t>) return 4;
  else if constexpr (std::is_same_v<T, int16_t>) return 5;
  else if constexpr (std::is_same_v<T, int32_t>) return 6;
  else return 0;
}

template <class T>
inline constexpr bool kAtomicType = AtomicTypeId<T>() != 0;

// The value of Fill: not deduced, so that Fill(halfGm, n, 0) converts 0.
template <class T>
struct FillValue {
  using type = T;
};
template <class T>
using FillValueT = typename FillValue<T>::type;

inline const char* AtomicOpName(AtomicOp op) {
  switch (op) {
    case AtomicOp::kAdd: return "SetAtomicAdd";
    case AtomicOp::kMax: return "SetAtomicMax";
    case AtomicOp::kMin: return "SetAtomicMin";
    default: return "SetAtomicNone";
  }
}

constexpr uintptr_t kAtomicChunkBytes = 1024;
constexpr size_t kAtomicStripes = 256;

inline std::mutex& AtomicStripe(uintptr_t addr) {
  static std::mutex stripes[kAtomicStripes];
  return stripes[(addr / kAtomicChunkBytes) % kAtomicStripes];
}

// Scalar reference of one combine (also the path of int8_t).
template <class T>
T CombineOne(T g, T u, AtomicOp op) {
  switch (op) {
    case AtomicOp::kAdd:
      if constexpr (std::is_integral_v<T>) {
        using U = std::make_unsigned_t<T>;
        return static_cast<T>(static_cast<U>(static_cast<U>(g) + static_cast<U>(u)));
      } else {
        return static_cast<T>(static_cast<float>(g) + static_cast<float>(u));
      }
    case AtomicOp::kMax:
      return u > g ? u : g;
    case AtomicOp::kMin:
      return u < g ? u : g;
    default:
      return u;
  }
}

// gm[i] = gm[i] op ub[i] for i < n (no locking).
template <class T>
void CombineRange(T* gm, const T* ub, size_t n, AtomicOp op) {
  if constexpr (kIsOneOf<T, half, bfloat16_t, float, int16_t, int32_t>) {
    switch (op) {
      case AtomicOp::kAdd: simd::Binary(gm, gm, ub, n, simd::AddOp{}); return;
      case AtomicOp::kMax: simd::Binary(gm, gm, ub, n, simd::MaxOp{}); return;
      case AtomicOp::kMin: simd::Binary(gm, gm, ub, n, simd::MinOp{}); return;
      default: break;
    }
  }
  for (size_t i = 0; i < n; ++i) gm[i] = CombineOne(gm[i], ub[i], op);
}

// Combines `bytes` bytes of UB into GM under the core's atomic mode (a type
// without atomics never matches a mode: the mismatch error).
template <class T>
AICORE_NOINLINE void AtomicCopyToGm(const CoreContext& core, T* gm, const T* ub, uint64_t bytes,
                                    const char* api, SrcLoc loc) {
  if (AICORE_UNLIKELY(core.atomic_type != AtomicTypeId<T>())) {
    FailAtomicType(api, core, TypeName<T>(), loc);
  }
  if constexpr (kAtomicType<T>) {
    auto addr = reinterpret_cast<uintptr_t>(gm);
    if (AICORE_UNLIKELY(addr % sizeof(T) != 0)) FailAtomicAlign(api, gm, sizeof(T), loc);
    const uintptr_t end = addr + bytes;
    while (addr < end) {
      const uintptr_t stop = std::min<uintptr_t>(end, (addr / kAtomicChunkBytes + 1) * kAtomicChunkBytes);
      const size_t n = (stop - addr) / sizeof(T);
      {
        std::lock_guard<std::mutex> lock(AtomicStripe(addr));
        CombineRange(reinterpret_cast<T*>(addr), ub, n, core.atomic_op);
      }
      ub += n;
      addr = stop;
    }
  }
}

// A UB -> GM store of `bytes` bytes: a plain copy, or a combine when the
// core's atomic mode is set.
template <class T>
AICORE_INLINE void StoreToGm(const CoreContext& core, T* gm, const T* ub, uint64_t bytes,
                             const char* api, SrcLoc loc) {
  if (AICORE_LIKELY(core.atomic_op == AtomicOp::kNone)) {
    std::memcpy(static_cast<void*>(gm), ub, bytes);
  } else {
    AtomicCopyToGm(core, gm, ub, bytes, api, loc);
  }
}

// A type without atomics is an error when the call runs (the vendor asserts
// then, so a kernel may instantiate it in a branch its tiling never takes).
template <class T>
AICORE_INLINE void SetAtomic(const char* api, AtomicOp op, SrcLoc loc) {
  CoreContext& core = Enter(api, loc);
  if constexpr (!kAtomicType<T>) FailAtomicSetType(api, TypeName<T>(), loc);
  core.atomic_op = op;
  core.atomic_type = AtomicTypeId<T>();
  core.atomic_type_name = TypeName<T>();
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

template <typename T>
AICORE_INLINE void SetAtomicAdd(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::SetAtomic<T>("SetAtomicAdd", aicore::detail::AtomicOp::kAdd, loc);
}

template <typename T>
AICORE_INLINE void SetAtomicMax(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::SetAtomic<T>("SetAtomicMax", aicore::detail::AtomicOp::kMax, loc);
}

template <typename T>
AICORE_INLINE void SetAtomicMin(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::SetAtomic<T>("SetAtomicMin", aicore::detail::AtomicOp::kMin, loc);
}

// Changes the element type of the current atomic operation.
template <typename T>
AICORE_INLINE void SetAtomicType(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::CoreContext& core = aicore::detail::Enter("SetAtomicType", loc);
  aicore::detail::SetAtomic<T>("SetAtomicType", core.atomic_op, loc);
}

AICORE_INLINE void SetAtomicNone(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("SetAtomicNone", loc).atomic_op = aicore::detail::AtomicOp::kNone;
}
// The newer name of SetAtomicNone (kernel_operator_set_atomic_intf.h).
AICORE_INLINE void DisableDmaAtomic(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("DisableDmaAtomic", loc).atomic_op = aicore::detail::AtomicOp::kNone;
}

// GM[0, size) = value (plain stores, whatever the atomic mode).
template <typename T>
void Fill(const GlobalTensor<T>& gm, const uint64_t size, const aicore::detail::FillValueT<T>& value,
          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  auto& core = aicore::detail::Enter("Fill", loc);
  if (core.core_type == aicore::detail::CoreType::kAIC) return;  // as the vendor's: vector cores only
  gm.CheckRange("Fill", 0, size, loc);
  const uint64_t bytes = gm.CheckedBytes("Fill", size, loc);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    aicore::detail::EmitGm(core, aicore::detail::GmAccess::kWrite, gm.addr_, bytes, "Fill", loc);
  }
  std::fill_n(gm.addr_, size, static_cast<T>(value));
}

template <typename T>
void InitGlobalMemory(const GlobalTensor<T>& gm, const uint64_t size,
                      const aicore::detail::FillValueT<T>& value,
                      aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  auto& core = aicore::detail::Enter("InitGlobalMemory", loc);
  if (core.core_type == aicore::detail::CoreType::kAIC) return;
  gm.CheckRange("InitGlobalMemory", 0, size, loc);
  const uint64_t bytes = gm.CheckedBytes("InitGlobalMemory", size, loc);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    aicore::detail::EmitGm(core, aicore::detail::GmAccess::kWrite, gm.addr_, bytes,
                          "InitGlobalMemory", loc);
  }
  std::fill_n(gm.addr_, size, static_cast<T>(value));
}

AICORE_TARGET_END
}  // namespace AscendC

#if AICORE_RT_DEFINITIONS
#include "aicore/ops/atomic-inl.h"
#endif
