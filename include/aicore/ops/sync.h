// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// SetFlag / WaitFlag / PipeBarrier and the system values. The CPU executes a
// core's pipes in program order, so these synchronise nothing; they are
// tracked so that a wait without a set (a hang on the NPU) and a set that is
// never waited for are reported.
#pragma once

#include <cstdint>
#include <string>

#include "aicore/base/error.h"
#include "aicore/base/types.h"
#include "aicore/runtime/context.h"
#include "aicore/instrument/event.h"
#include "aicore/simd/target.h"

namespace aicore {
namespace detail {
// A HardEvent template argument that is no event (a cast integer, or
// HardEvent::MAX): it would index the per-event flag arrays out of bounds.
[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailHardEvent(const char* api, int e, SrcLoc loc);

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailPipeT(const char* api, int p, SrcLoc loc);

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailEventId(const char* api, int event, int32_t id,
                                                          SrcLoc loc);

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailDuplicateSet(int event, int id, SrcLoc first,
                                                               SrcLoc loc);

AICORE_TARGET_BEGIN

// Pipes a PipeBarrier may name.
inline const char* PipeTName(int p) {
  static const char* const kNames[] = {"PIPE_S",    "PIPE_V",    "PIPE_M",    "PIPE_MTE1",
                                       "PIPE_MTE2", "PIPE_MTE3", "PIPE_ALL",  "PIPE_MTE4",
                                       "PIPE_MTE5", "PIPE_V2",   "PIPE_FIX"};
  static_assert(sizeof(kNames) / sizeof(kNames[0]) == ::PIPE_MAX, "one name per pipe_t");
  return (p >= 0 && p < ::PIPE_MAX) ? kNames[p] : "?";
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

template <HardEvent event>
AICORE_INLINE void SetFlag(int32_t eventID, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  auto& core = aicore::detail::Enter("SetFlag", loc);
  // A value that is no event fails before it indexes anything (e: a safe index).
  constexpr int raw = static_cast<int>(event);
  constexpr bool bad = raw < 0 || raw >= aicore::detail::kNumHardEvents;
  if constexpr (bad) aicore::detail::FailHardEvent("SetFlag", raw, loc);
  constexpr int e = bad ? 0 : raw;
  if (AICORE_UNLIKELY(eventID < 0 || eventID >= aicore::detail::kNumEventIds)) {
    aicore::detail::FailEventId("SetFlag", e, eventID, loc);
  }
  if (AICORE_UNLIKELY(core.flags[e][eventID] != 0)) {
    aicore::detail::FailDuplicateSet(e, eventID, core.flag_loc[e][eventID], loc);
  }
  ++core.flags[e][eventID];
  ++core.flags_outstanding;
  core.flag_loc[e][eventID] = loc;
  if (AICORE_UNLIKELY(core.instr != 0)) aicore::detail::EmitOrder(core, aicore::instrument::EventKind::kSetFlag, e, eventID, loc);
}

template <HardEvent event>
AICORE_INLINE void WaitFlag(int32_t eventID, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  auto& core = aicore::detail::Enter("WaitFlag", loc);
  // A value that is no event fails before it indexes anything (e: a safe index).
  constexpr int raw = static_cast<int>(event);
  constexpr bool bad = raw < 0 || raw >= aicore::detail::kNumHardEvents;
  if constexpr (bad) aicore::detail::FailHardEvent("WaitFlag", raw, loc);
  constexpr int e = bad ? 0 : raw;
  if (AICORE_UNLIKELY(eventID < 0 || eventID >= aicore::detail::kNumEventIds)) {
    aicore::detail::FailEventId("WaitFlag", e, eventID, loc);
  }
  if (AICORE_UNLIKELY(core.flags[e][eventID] == 0)) {
    aicore::detail::Fail(aicore::ErrorKind::kSync, "WaitFlag", loc,
                         "WaitFlag<" + aicore::detail::HardEventText(e) + ">(" +
                             std::to_string(eventID) +
                             ") has no matching SetFlag before it (the NPU would hang here)");
  }
  --core.flags[e][eventID];
  --core.flags_outstanding;
  if (AICORE_UNLIKELY(core.instr != 0)) aicore::detail::EmitOrder(core, aicore::instrument::EventKind::kWaitFlag, e, eventID, loc);
}

template <pipe_t pipe>
AICORE_INLINE void PipeBarrier(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  auto& core = aicore::detail::Enter("PipeBarrier", loc);
  constexpr int p = static_cast<int>(pipe);
  if constexpr (p < 0 || p >= ::PIPE_MAX) aicore::detail::FailPipeT("PipeBarrier", p, loc);
  if (AICORE_UNLIKELY(core.instr != 0)) aicore::detail::EmitOrder(core, aicore::instrument::EventKind::kBarrier, 0, static_cast<int>(pipe), loc);
}

// TQueSync<src, dst>: SetFlag / WaitFlag of the HardEvent that orders pipe
// `src` before pipe `dst` (the same flags as SetFlag<HardEvent>; a pair no
// HardEvent names is a compile error).
template <pipe_t src, pipe_t dst>
class TQueSync {
 public:
  AICORE_INLINE void SetFlag(int8_t id, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    ::AscendC::SetFlag<kEvent>(id, loc);
  }
  AICORE_INLINE void WaitFlag(int8_t id, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    ::AscendC::WaitFlag<kEvent>(id, loc);
  }

 private:
  static constexpr HardEvent EventOf() {
    struct Pair {
      pipe_t s, d;
      HardEvent e;
    };
    constexpr pipe_t S = PIPE_S, V = PIPE_V, M = PIPE_M, T1 = PIPE_MTE1, T2 = PIPE_MTE2,
                     T3 = PIPE_MTE3, F = PIPE_FIX;
    using E = HardEvent;
    constexpr Pair kPairs[] = {
        {T2, T1, E::MTE2_MTE1}, {T1, T2, E::MTE1_MTE2}, {T1, M, E::MTE1_M},    {M, T1, E::M_MTE1},
        {T2, V, E::MTE2_V},     {V, T2, E::V_MTE2},     {T3, V, E::MTE3_V},    {V, T3, E::V_MTE3},
        {M, V, E::M_V},         {V, M, E::V_M},         {V, V, E::V_V},        {T3, T1, E::MTE3_MTE1},
        {T1, T3, E::MTE1_MTE3}, {T1, V, E::MTE1_V},     {T2, M, E::MTE2_M},    {M, T2, E::M_MTE2},
        {V, T1, E::V_MTE1},     {M, F, E::M_FIX},       {F, M, E::FIX_M},      {T3, T2, E::MTE3_MTE2},
        {T2, T3, E::MTE2_MTE3}, {S, V, E::S_V},         {V, S, E::V_S},        {S, T2, E::S_MTE2},
        {T2, S, E::MTE2_S},     {S, T3, E::S_MTE3},     {T3, S, E::MTE3_S},    {T2, F, E::MTE2_FIX},
        {F, T2, E::FIX_MTE2},   {F, S, E::FIX_S},       {M, S, E::M_S},        {F, T3, E::FIX_MTE3},
        {T1, F, E::MTE1_FIX},   {F, T1, E::FIX_MTE1},   {F, F, E::FIX_FIX}};
    static_assert(sizeof(kPairs) / sizeof(kPairs[0]) == static_cast<size_t>(E::MAX),
                  "one pipe pair per HardEvent");
    for (const Pair& p : kPairs) {
      if (p.s == src && p.d == dst) return p.e;
    }
    return E::MAX;
  }
  static constexpr HardEvent kEvent = EventOf();
  static_assert(kEvent != HardEvent::MAX,
                "TQueSync<src, dst>: no HardEvent orders pipe src before pipe dst");
};

AICORE_INLINE int64_t GetBlockIdx() {
  aicore::detail::CoreContext* core = aicore::detail::t_core;
  return core ? core->block_idx : 0;
}

AICORE_INLINE int64_t GetBlockNum() {
  aicore::detail::CoreContext* core = aicore::detail::t_core;
  return core ? core->block_num : 1;
}

// The size of one DataBlock in bytes (the unit of the block and repeat
// strides): 32 on every SoC profile aicore has.
AICORE_INLINE constexpr int16_t GetDataBlockSizeInBytes() { return 32; }

// The memory a DataSyncBarrier waits on (kernel_event.h).
enum class MemDsbT : uint8_t { ALL = 0, DDR, UB, SEQ };
// Waits until the core's earlier memory accesses (of that memory) complete:
// every access has completed when the CPU reaches it.
template <MemDsbT arg0>
AICORE_INLINE void DataSyncBarrier() {}
AICORE_INLINE void DataSyncBarrier() {}
AICORE_INLINE void DataCacheCleanAndInvalid() {}

// SuperKernel early start (kernel_operator_common_intf.h): on the Atlas
// A2/A3 generation and the others aicore models these compile and have no
// effect, as the reference says; a launch ends when its blocks end.
template <pipe_t AIV_PIPE = PIPE_MTE3, pipe_t AIC_PIPE = PIPE_FIX, bool FORCE = false>
AICORE_INLINE void SetNextTaskStart() {}
template <bool FORCE = false>
AICORE_INLINE void WaitPreTaskEnd() {}

AICORE_TARGET_END
}  // namespace AscendC

#if AICORE_RT_DEFINITIONS
#include "aicore/ops/sync-inl.h"
#endif
