// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Synchronisation across the blocks of a launch, and what a block knows about
// its place in a mixed (cube + vector) launch.
//
//   SyncAll<isAIVOnly = true>()  barrier of every vector block of the launch
//       (called from a cube block: of every cube block); SyncAll<false>():
//       of every block, cube and vector.
//   SyncAll(gmWorkspace, ubWorkspace, usedCores = 0)  the software form:
//       barrier of the vector blocks [0, usedCores) (0: all of them); the
//       workspaces must hold usedCores * 32 bytes each (not written here).
//   CrossCoreSetFlag<mode, pipe>(flagId) / CrossCoreWaitFlag(flagId), flagId
//       in [0, 16): every block has a counter per flag id; a wait blocks
//       until the counter is positive and decrements it. A set increments:
//         mode 0  a round per flag and core type: when all blocks of the
//                 setter's type have set, every block of that type gets +1;
//         mode 1  the same within the two vector blocks of a group (mixed
//                 launches, vector blocks only);
//         mode 2  cube <-> vector within a group (mixed launches): a cube
//                 block's set gives +1 to each of its vector blocks; a cube
//                 block gets +1 once all its vector blocks have set (1:2:
//                 both; 1:1: its one vector block).
//   GetSubBlockIdx / GetSubBlockNum / GetTaskRation (also GetTaskRatio):
//       0..1 / 2 / 2 on the vector blocks of a 1:2 mixed launch; 0 / 1 / 1
//       otherwise (cube blocks, 1:1 mixed launches, single-kind launches).
//   InitDetermineComputeWorkspace / WaitPreBlock / NotifyNextBlock(gm, ub)
//       the sequential block sync of the vector blocks: the vendor's
//       protocol on the GM workspace (one 32-byte slot per block: a block's
//       k-th WaitPreBlock returns once blocks [0, blockIdx) hold k and the
//       rest 0; NotifyNextBlock writes k into the block's slot, the last
//       block zeroes them all), the round k kept in the UB workspace's int32_t
//       at GetBlockNum() * 8. Slots are read and written under the launch's
//       lock; a NotifyNextBlock out of blockIdx order (no WaitPreBlock before
//       it) is an error, not the NPU's silent non-determinism.
//   GroupBarrier<PipeMode::MTE3_MODE>(ws, arriveSize, waitSize): vector
//       blocks Arrive(i) / Wait(j), round after round: a Wait returns once
//       every arriver has arrived as often as this waiter has waited (its
//       round), an Arrive from round 2 on once every waiter passed the round
//       before. The vendor's counters in GM: 512-byte line k (k < max(arrive,
//       wait)) counts arrivals at byte 0 and passed waits at byte 64 (the
//       workspace must be zero, 512-byte aligned); the NPU also keeps the
//       last 1600 bytes of UB, which TPipe buffers must leave free.
//   SetSysWorkspace / GetSysWorkSpacePtr / GetUserWorkspace (the user part
//       starts 16 MiB into the workspace), InitSocState.
//
// All of these waits need every block resident: aicore::Launch provides
// that when blockDim <= GetNumThreads(), LaunchCooperative and ICPU_RUN_KF
// always. Waits are abortable (a failing block stops the others) and a wait
// that can never finish (a block returned without reaching a SyncAll, a
// flag never set) fails the launch instead of hanging.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>

#include "aicore/base/defs.h"
#include "aicore/base/error.h"
#include "aicore/base/types.h"
#include "aicore/memory/global_tensor.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/memory/pipe.h"
#include "aicore/runtime/context.h"
#include "aicore/instrument/event.h"
#include "aicore/runtime/coop.h"
#include "aicore/runtime/gm.h"
#include "aicore/simd/target.h"

namespace aicore {
namespace detail {
AICORE_TARGET_BEGIN

// Bytes the NPU keeps for itself at the start of a kernel workspace.
constexpr uint64_t kSysWorkspaceBytes = uint64_t{16} << 20;

struct BarrierWait {
  const uint64_t* gen;
  uint64_t mine;
};
inline bool BarrierReady(const void* p) {
  const auto* w = static_cast<const BarrierWait*>(p);
  return *w->gen != w->mine;
}

// Arrives at barrier `id` (of `expected` participants) and waits for the rest.
inline void ArriveAndWait(CoreContext& core, CoopState& c, int id, uint32_t expected,
                          const char* api, SrcLoc loc) {
  // SyncAll waits for every pipe of the core first (a PIPE_ALL barrier; the
  // event names the API, so that the timeline sees each block's arrival).
  if (AICORE_UNLIKELY(core.instr != 0)) {
    instrument::Event e = instrument::OrderEvent(instrument::EventKind::kBarrier, 0, static_cast<int>(PIPE_ALL), loc);
    e.api = api;
    instrument::Emit(core, e);
  }
  std::unique_lock<std::mutex> lock(c.mu);
  CoopBarrier& b = c.bar[id];
  if (b.arrived == 0) {
    b.expected = expected;
  } else if (AICORE_UNLIKELY(b.expected != expected)) {
    lock.unlock();
    Fail(ErrorKind::kSync, api, loc,
         "usedCores " + std::to_string(expected) + " differs from the " + std::to_string(b.expected) +
             " given by the blocks already waiting in this SyncAll");
  }
  if (++b.arrived == b.expected) {
    b.arrived = 0;
    if (AICORE_UNLIKELY(core.instr != 0)) EmitOrder(core, instrument::EventKind::kSyncAll, 0, id, loc, b.expected);
    ++b.gen;
    c.cv.notify_all();
    return;
  }
  BarrierWait ctx{&b.gen, b.gen};
  WaitRecord rec;
  rec.ready = &BarrierReady;
  rec.ctx = &ctx;
  rec.api = api;
  rec.loc = loc;
  std::snprintf(rec.what, sizeof(rec.what), "%s (%u blocks take part)",
                id == kBarrierAll ? "every block" : id == kBarrierAIC ? "the cube blocks"
                                  : id == kBarrierSoft ? "blocks [0, usedCores)" : "the vector blocks",
                b.expected);
  CoopWait(core, c, lock, rec);
}

inline uint32_t TypeCount(const CoopState& c, CoreType t) { return t == CoreType::kAIC ? c.aic : c.aiv; }

// The task of vector block v / cube block g of a launch.
inline uint32_t AivTask(const CoopState& c, uint32_t v) { return c.aic + v; }

// Flag counter of a block: sets received minus waits completed.
inline uint64_t FlagAvailable(const CoopState& c, uint32_t task, CoreType type, int32_t idx, int f) {
  const TaskFlags& tf = c.flags[task];
  uint64_t n = (c.geom == Geometry::kMix && type == CoreType::kAIC) ? std::min(tf.in[f][0], tf.in[f][1])
                                                                     : tf.in[f][0];  // 1:1: one vector block
  const uint32_t peers = TypeCount(c, type);
  if (peers != 0) n += c.mode0[static_cast<int>(type)][f] / peers;
  if (c.geom == Geometry::kMix && type == CoreType::kAIV) {
    n += c.flags[AivTask(c, static_cast<uint32_t>(idx & ~1))].group[f] / 2;
  }
  return n;
}

struct FlagWait {
  const CoopState* c;
  uint32_t task;
  CoreType type;
  int32_t idx;
  int flag;
};
inline bool FlagReady(const void* p) {
  const auto* w = static_cast<const FlagWait*>(p);
  return FlagAvailable(*w->c, w->task, w->type, w->idx, w->flag) > w->c->flags[w->task].consumed[w->flag];
}

[[noreturn]] AICORE_COLD inline void FailFlag(const char* api, const std::string& what, SrcLoc loc) {
  Fail(ErrorKind::kParameter, api, loc, what);
}

inline void CheckFlagId(const char* api, uint16_t flagId, SrcLoc loc) {
  if (AICORE_UNLIKELY(flagId >= kNumCrossFlags)) {
    FailFlag(api, "flag id " + std::to_string(flagId) + " is outside [0, " +
                      std::to_string(kNumCrossFlags) + ")", loc);
  }
}

inline void CrossSet(int mode, int pipe, uint16_t flagId, SrcLoc loc) {
  const char* api = "CrossCoreSetFlag";
  CoreContext& core = Enter(api, loc);
  CoopState& c = RequireCoop(core, api, loc);
  CheckFlagId(api, flagId, loc);
  const bool mix = IsMixed(c.geom);
  if (AICORE_UNLIKELY(mode == 1 && !(c.geom == Geometry::kMix && core.core_type == CoreType::kAIV))) {
    FailFlag(api, "mode 1 synchronises the two vector blocks of a group: it needs a 1:2 mixed launch "
                  "(MIX_MODE, KERNEL_TYPE_MIX_AIC_1_2) and a vector block", loc);
  }
  if (AICORE_UNLIKELY(mode == 2 && !mix)) {
    FailFlag(api, "mode 2 synchronises a cube block with its vector blocks: it needs a mixed launch "
                  "(MIX_MODE)", loc);
  }
  std::lock_guard<std::mutex> lock(c.mu);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    instrument::Event e = instrument::OrderEvent(instrument::EventKind::kCrossSet, pipe, flagId, loc);
    e.count = static_cast<uint32_t>(mode);
    e.seq = ++c.cross_seq;
    instrument::Emit(core, e);
  }
  TaskFlags* flags = c.Flags();
  const auto idx = static_cast<uint32_t>(core.block_idx);
  if (mode == 0) {
    ++c.mode0[static_cast<int>(core.core_type)][flagId];
  } else if (mode == 1) {
    ++flags[AivTask(c, idx & ~1u)].group[flagId];
  } else if (core.core_type == CoreType::kAIC) {
    const uint32_t per = AivPerGroup(c.geom);
    for (uint32_t s = 0; s < per; ++s) ++flags[AivTask(c, per * idx + s)].in[flagId][0];
  } else if (c.geom == Geometry::kMix) {
    ++flags[idx / 2].in[flagId][idx & 1];
  } else {
    ++flags[idx].in[flagId][0];
  }
  c.cv.notify_all();
}

inline void CrossWait(int pipe, uint16_t flagId, SrcLoc loc) {
  const char* api = "CrossCoreWaitFlag";
  CoreContext& core = Enter(api, loc);
  CoopState& c = RequireCoop(core, api, loc);
  CheckFlagId(api, flagId, loc);
  std::unique_lock<std::mutex> lock(c.mu);
  TaskFlags* flags = c.Flags();
  FlagWait ctx{&c, core.task, core.core_type, core.block_idx, flagId};
  WaitRecord rec;
  rec.ready = &FlagReady;
  rec.ctx = &ctx;
  rec.api = api;
  rec.loc = loc;
  std::snprintf(rec.what, sizeof(rec.what), "flag %u (%llu sets received, %llu waits done)",
                static_cast<unsigned>(flagId),
                static_cast<unsigned long long>(FlagAvailable(c, core.task, core.core_type, core.block_idx, flagId)),
                static_cast<unsigned long long>(flags[core.task].consumed[flagId]));
  CoopWait(core, c, lock, rec);
  ++c.flags[core.task].consumed[flagId];
  if (AICORE_UNLIKELY(core.instr != 0)) {
    instrument::Event e = instrument::OrderEvent(instrument::EventKind::kCrossWait, pipe, flagId, loc);
    e.seq = ++c.cross_seq;
    instrument::Emit(core, e);
  }
}

// The sequential block sync (InitDetermineComputeWorkspace, WaitPreBlock,
// NotifyNextBlock).
struct SeqSync {
  CoreContext* core;
  CoopState* coop;
  int32_t* gm;      // the slots: int32_t 8 * b is block b's
  int32_t* ub;      // the UB workspace; ub[8 * n] holds the block's round
  uint32_t n, idx;  // GetBlockNum(), GetBlockIdx()
};

// Whether slots [0, n) read `round` for blocks [0, idx) and 0 for the rest.
inline bool SeqSlotsAt(const int32_t* gm, uint32_t n, uint32_t idx, int32_t round) {
  for (uint32_t b = 0; b < n; ++b) {
    if (gm[8 * b] != (b < idx ? round : 0)) return false;
  }
  return true;
}
// Whether block s.idx may take its turn in `round`: blocks before it have
// notified the round and no later block has.
inline bool SeqTurn(const SeqSync& s, int32_t round) { return SeqSlotsAt(s.gm, s.n, s.idx, round); }

struct SeqWaitCtx {
  const SeqSync* s;
  int32_t round;
};
inline bool SeqReady(const void* p) {
  const auto* w = static_cast<const SeqWaitCtx*>(p);
  // Blocks after 0 also wait for block 0's InitDetermineComputeWorkspace, so
  // that a stale workspace is always seen by it (below) rather than let a
  // block through first on some runs only. In a correct kernel block b > 0
  // waits for block 0's notify, which comes after that init, anyway.
  return (w->s->idx == 0 || w->s->coop->seq_init0) && SeqTurn(*w->s, w->round);
}

// Enters `api`, checks the launch and the workspaces and fills *s; false
// on a cube block (the vendor's functions do nothing there).
inline bool SeqBegin(const AscendC::GlobalTensor<int32_t>& gm, const AscendC::LocalTensor<int32_t>& ub,
                     const char* api, SrcLoc loc, SeqSync* s) {
  CoreContext& core = Enter(api, loc);
  s->core = &core;
  s->coop = &RequireCoop(core, api, loc);
  if (core.core_type == CoreType::kAIC) return false;
  s->n = static_cast<uint32_t>(core.block_num);
  s->idx = static_cast<uint32_t>(core.block_idx);
  gm.CheckRange(api, 0, uint64_t{s->n} * 8, loc);
  ub.SyncAddress(api, "ubWorkspace", loc);
  if (ub.buf_ == nullptr) FailNullTensor(api, "ubWorkspace", loc);
  if (AICORE_UNLIKELY(ub.GetSize() < s->n * 8 + 8)) {
    Fail(ErrorKind::kBounds, api, loc,
         "ubWorkspace holds " + std::to_string(ub.GetSize()) + " int32_t, fewer than the " +
             std::to_string(s->n * 8 + 8) + " (GetBlockNum() * 32 + 32 bytes) it needs");
  }
  s->gm = gm.GetPhyAddr();
  s->ub = ub.GetPhyAddr(loc);
  // Every pipe of the core drains first, as the vendor's PIPE_ALL barriers do.
  if (AICORE_UNLIKELY(core.instr != 0)) {
    instrument::Event e = instrument::OrderEvent(instrument::EventKind::kBarrier, 0, static_cast<int>(PIPE_ALL), loc);
    e.api = api;
    instrument::Emit(core, e);
  }
  return true;
}

inline void SeqInit(const AscendC::GlobalTensor<int32_t>& gm, const AscendC::LocalTensor<int32_t>& ub,
                    SrcLoc loc) {
  SeqSync s;
  if (!SeqBegin(gm, ub, "InitDetermineComputeWorkspace", loc, &s)) return;
  CoopState& c = *s.coop;
  if (s.idx == 0) {
    std::unique_lock<std::mutex> lock(c.mu);
    // Slots left by an unfinished protocol that give some block b > 0 its
    // round-1 turn: on the NPU that block may pass before this clear, ahead
    // of block 0, or not, depending on timing.
    for (uint32_t b = 1; b < s.n; ++b) {
      if (AICORE_UNLIKELY(SeqSlotsAt(s.gm, s.n, b, 1))) {
        std::string slots;
        for (uint32_t i = 0; i < s.n && i < 16; ++i) slots += (i ? ", " : "") + std::to_string(s.gm[8 * i]);
        if (s.n > 16) slots += ", ...";
        lock.unlock();
        Fail(ErrorKind::kSync, "InitDetermineComputeWorkspace", loc,
             "the GM workspace's slots read [" + slots + "] before block 0 clears them: block " +
                 std::to_string(b) +
                 "'s first WaitPreBlock can return on them, before this clear and ahead of block 0 (on "
                 "the NPU whether it does depends on timing); zero the GM workspace before the launch "
                 "(a finished protocol leaves it zero: the last block's last NotifyNextBlock clears it)");
      }
    }
    c.seq_init0 = true;
    std::memset(s.gm, 0, size_t{s.n} * 32);
    std::memset(s.ub, 0, size_t{s.n} * 32);
    c.cv.notify_all();
  }
  s.ub[8 * s.n] = 1;
}

inline void SeqWait(const AscendC::GlobalTensor<int32_t>& gm, const AscendC::LocalTensor<int32_t>& ub,
                    SrcLoc loc) {
  const char* api = "WaitPreBlock";
  SeqSync s;
  if (!SeqBegin(gm, ub, api, loc, &s)) return;
  CoreContext& core = *s.core;
  CoopState& c = *s.coop;
  const int32_t round = s.ub[8 * s.n];
  std::unique_lock<std::mutex> lock(c.mu);
  SeqWaitCtx ctx{&s, round};
  WaitRecord rec;
  rec.ready = &SeqReady;
  rec.ctx = &ctx;
  rec.api = api;
  rec.loc = loc;
  std::snprintf(rec.what, sizeof(rec.what),
                "its turn in round %d: blocks [0, %u) at %d and the rest at 0 in the GM workspace",
                round, s.idx, round);
  CoopWait(core, c, lock, rec);
  std::memcpy(s.ub, s.gm, size_t{s.n} * 32);  // the vendor reads the slots into UB
  if (AICORE_UNLIKELY(core.instr != 0)) EmitOrder(core, instrument::EventKind::kSeqWait, 0, 0, loc, static_cast<uint32_t>(round));
}

inline void SeqNotify(const AscendC::GlobalTensor<int32_t>& gm, const AscendC::LocalTensor<int32_t>& ub,
                      SrcLoc loc) {
  const char* api = "NotifyNextBlock";
  SeqSync s;
  if (!SeqBegin(gm, ub, api, loc, &s)) return;
  CoreContext& core = *s.core;
  CoopState& c = *s.coop;
  const int32_t round = s.ub[8 * s.n];
  {
    std::unique_lock<std::mutex> lock(c.mu);
    if (AICORE_UNLIKELY(!SeqTurn(s, round))) {
      std::string slots;
      for (uint32_t b = 0; b < s.n && b < 16; ++b) slots += (b ? ", " : "") + std::to_string(s.gm[8 * b]);
      if (s.n > 16) slots += ", ...";
      lock.unlock();
      Fail(ErrorKind::kSync, api, loc,
           "block " + std::to_string(s.idx) + " notifies round " + std::to_string(round) +
               " out of blockIdx order: the GM workspace's slots read [" + slots + "], not " +
               std::to_string(round) + " for blocks [0, " + std::to_string(s.idx) +
               ") and 0 for the rest (call WaitPreBlock before it, as many times as "
               "NotifyNextBlock, on every block)");
    }
    if (AICORE_UNLIKELY(core.instr != 0)) EmitOrder(core, instrument::EventKind::kSeqNotify, static_cast<int>(PIPE_ALL), 0, loc, static_cast<uint32_t>(round));
    if (s.idx + 1 == s.n) {
      std::memset(s.gm, 0, size_t{s.n} * 32);
      std::memset(s.ub, 0, size_t{s.n} * 32);
    } else {
      for (int k = 0; k < 8; ++k) s.gm[8 * s.idx + k] = s.ub[8 * s.idx + k] = round;
    }
    c.cv.notify_all();
  }
  s.ub[8 * s.n] = round + 1;
}

// GroupBarrier (kernel_operator_group_barrier_intf.h).
constexpr uint32_t kGroupLineBytes = 512;  // one counter line per arrive / wait index
constexpr uint32_t kGroupWaitOffset = 64;  // the wait counter's byte in a line
constexpr uint32_t kGroupUbReserve = 1600;  // UB bytes at the end the NPU's GroupBarrier writes

struct GroupBarrierState {
  uint8_t* ws = nullptr;
  uint32_t arrive = 0, wait = 0;
  uint32_t counter = 1;  // the round
  bool has_arrive = false;
  bool vector = false;  // constructed on a vector block (the vendor's calls do nothing elsewhere)
};

inline uint32_t& GroupCounter(const GroupBarrierState& g, uint32_t line, bool wait) {
  return *reinterpret_cast<uint32_t*>(g.ws + size_t{line} * kGroupLineBytes + (wait ? kGroupWaitOffset : 0));
}

struct GroupWaitCtx {
  const uint32_t* counter;
  uint32_t want;
  bool exact;
};
inline bool GroupReady(const void* p) {
  const auto* w = static_cast<const GroupWaitCtx*>(p);
  return w->exact ? *w->counter == w->want : *w->counter >= w->want;
}

[[noreturn]] AICORE_COLD inline void FailGroup(ErrorKind kind, const char* api, SrcLoc loc, const std::string& what) {
  Fail(kind, api, loc, what);
}

// The UB the NPU's GroupBarrier takes must be free of TPipe buffers.
inline void CheckGroupUb(CoreContext& core, const char* api, SrcLoc loc) {
  if (core.pipe == nullptr) return;
  const uint32_t cap = core.capacity[static_cast<int>(Memory::kUB)];
  const uint32_t used = core.pipe->UsedBytes(Memory::kUB);
  if (AICORE_UNLIKELY(cap >= kGroupUbReserve && used > cap - kGroupUbReserve)) {
    FailGroup(ErrorKind::kCapacity, api, loc,
              "GroupBarrier keeps the last " + std::to_string(kGroupUbReserve) + " bytes of UB ([" +
                  std::to_string(cap - kGroupUbReserve) + ", " + std::to_string(cap) +
                  ")) for itself on the NPU, but this block's TPipe buffers use " + std::to_string(used) +
                  " bytes of UB: leave the last " + std::to_string(kGroupUbReserve) + " free");
  }
}

inline void GroupInit(GroupBarrierState& g, GM_ADDR ws, uint32_t arrive, uint32_t wait, bool mte3, SrcLoc loc) {
  const char* api = "GroupBarrier::GroupBarrier";
  CoreContext& core = Enter(api, loc);
  g.vector = core.core_type == CoreType::kAIV;
  if (!g.vector) return;
  RequireCoop(core, api, loc);
  if (AICORE_UNLIKELY(!mte3)) FailGroup(ErrorKind::kParameter, api, loc, "GroupBarrier supports PipeMode::MTE3_MODE only");
  const int64_t blocks = core.block_num;
  if (AICORE_UNLIKELY(arrive == 0 || wait == 0 || arrive > blocks || wait > blocks)) {
    FailGroup(ErrorKind::kParameter, api, loc,
              "arriveSizeIn " + std::to_string(arrive) + " and waitSizeIn " + std::to_string(wait) +
                  " must be in [1, GetBlockNum() = " + std::to_string(blocks) + "]");
  }
  if (AICORE_UNLIKELY(reinterpret_cast<uintptr_t>(ws) % kGroupLineBytes != 0)) {
    FailGroup(ErrorKind::kParameter, api, loc,
              "groupWorkspace " + HexPtr(ws) + " is not 512-byte aligned");
  }
  const uint64_t bytes = uint64_t{std::max(arrive, wait)} * kGroupLineBytes;
  GmBlock blk;
  if (GmFind(ws, &blk) && ws + bytes > blk.base + blk.size) {
    FailGroup(ErrorKind::kBounds, api, loc,
              "groupWorkspace needs max(arriveSize, waitSize) * 512 = " + std::to_string(bytes) +
                  " bytes, past the end of its " + std::to_string(blk.size) + "-byte GM block (" +
                  std::to_string(blk.base + blk.size - ws) + " bytes from it)");
  }
  CheckGroupUb(core, api, loc);
  g.ws = ws;
  g.arrive = arrive;
  g.wait = wait;
}

// Adds one to counter `wait ? wait : arrive` of every line (under c.mu);
// a value that is GmAlloc's poison means the workspace was never zeroed.
inline void GroupAdd(GroupBarrierState& g, bool wait, const char* api, SrcLoc loc,
                     std::unique_lock<std::mutex>& lock) {
  const uint32_t lines = std::max(g.arrive, g.wait);
  for (uint32_t k = 0; k < lines; ++k) {
    uint32_t& v = GroupCounter(g, k, wait);
    if (AICORE_UNLIKELY(v == static_cast<uint32_t>(kGmPoison) || v == static_cast<uint32_t>(kGmPoison >> 32))) {
      lock.unlock();
      FailGroup(ErrorKind::kParameter, api, loc,
                "groupWorkspace was not zeroed: its counter at byte " +
                    std::to_string(size_t{k} * kGroupLineBytes + (wait ? kGroupWaitOffset : 0)) +
                    " holds GmAlloc's fill (the user zeroes the GroupBarrier workspace before the launch)");
    }
    ++v;
  }
}

inline void GroupStep(GroupBarrierState& g, bool wait, uint32_t index, SrcLoc loc) {
  const char* api = wait ? "GroupBarrier::Wait" : "GroupBarrier::Arrive";
  CoreContext& core = Enter(api, loc);
  if (!g.vector) return;
  CoopState& c = RequireCoop(core, api, loc);
  if (AICORE_UNLIKELY(g.ws == nullptr)) FailGroup(ErrorKind::kParameter, api, loc, "the GroupBarrier was not constructed");
  const uint32_t size = wait ? g.wait : g.arrive;
  if (AICORE_UNLIKELY(index >= size)) {
    FailGroup(ErrorKind::kParameter, api, loc,
              std::string(wait ? "waitIndex " : "arriveIndex ") + std::to_string(index) + " is outside [0, " +
                  std::to_string(size) + ") (the " + (wait ? "wait" : "arrive") + " group's size)");
  }
  CheckGroupUb(core, api, loc);
  std::unique_lock<std::mutex> lock(c.mu);
  // What to wait for: a Wait for the arrivals of its round, an Arrive (from
  // round 2) for the waits of the round before.
  const uint32_t round = wait ? (g.has_arrive ? g.counter - 1 : g.counter) : g.counter - 1;
  if (round > 0) {
    GroupWaitCtx ctx{&GroupCounter(g, index, !wait), wait ? round * g.arrive : round * g.wait, !wait};
    WaitRecord rec;
    rec.ready = &GroupReady;
    rec.ctx = &ctx;
    rec.api = api;
    rec.loc = loc;
    std::snprintf(rec.what, sizeof(rec.what), "%u %s (round %u)", ctx.want, wait ? "arrivals" : "passed waits",
                  round);
    CoopWait(core, c, lock, rec);
  }
  GroupAdd(g, wait, api, loc, lock);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    // addr: the workspace, which tells the estimate one GroupBarrier from another.
    instrument::Event e = instrument::OrderEvent(wait ? instrument::EventKind::kGroupWait
                                                      : instrument::EventKind::kGroupArrive,
                                                 static_cast<int>(PIPE_MTE3), round > 0 ? 1 : 0, loc);
    e.addr = g.ws;
    instrument::Emit(core, e);
  }
  c.cv.notify_all();
  if (wait) {
    if (!g.has_arrive) ++g.counter;
    g.has_arrive = false;
  } else {
    ++g.counter;
    g.has_arrive = true;
  }
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

// Values of g_coreType (compat: ASCEND_IS_AIV / ASCEND_IS_AIC).
constexpr int32_t AIC = 1;
constexpr int32_t AIV = 2;

template <bool isAIVOnly = true>
void SyncAll(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::CoreContext& core = aicore::detail::Enter("SyncAll", loc);
  aicore::detail::CoopState& c = aicore::detail::RequireCoop(core, "SyncAll", loc);
  // The block counts are set before the blocks start: read without the lock.
  const int id = !isAIVOnly ? aicore::detail::kBarrierAll
                 : core.core_type == aicore::detail::CoreType::kAIC ? aicore::detail::kBarrierAIC
                                                                     : aicore::detail::kBarrierAIV;
  const uint32_t n = id == aicore::detail::kBarrierAll ? c.total : id == aicore::detail::kBarrierAIC ? c.aic : c.aiv;
  aicore::detail::ArriveAndWait(core, c, id, n, "SyncAll", loc);
}

template <bool isAIVOnly = true>
void SyncAll(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace,
             const int32_t usedCores = 0, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  using aicore::detail::Fail;
  aicore::detail::CoreContext& core = aicore::detail::Enter("SyncAll", loc);
  aicore::detail::CoopState& c = aicore::detail::RequireCoop(core, "SyncAll", loc);
  const auto blocks = static_cast<int32_t>(aicore::detail::TypeCount(c, core.core_type));
  const int32_t n = usedCores == 0 ? blocks : usedCores;
  if (n < 1 || n > blocks) {
    Fail(aicore::ErrorKind::kParameter, "SyncAll", loc,
         "usedCores " + std::to_string(usedCores) + " is outside [1, " + std::to_string(blocks) +
             "] (the blocks of the launch)");
  }
  if (core.block_idx >= n) {
    Fail(aicore::ErrorKind::kParameter, "SyncAll", loc,
         "block " + std::to_string(core.block_idx) + " is not among the usedCores = " +
             std::to_string(n) + " blocks that take part");
  }
  gmWorkspace.CheckRange("SyncAll", 0, static_cast<uint64_t>(n) * 8, loc);
  ubWorkspace.SyncAddress("SyncAll", "ubWorkspace", loc);
  if (ubWorkspace.buf_ == nullptr) aicore::detail::FailNullTensor("SyncAll", "ubWorkspace", loc);
  if (ubWorkspace.GetSize() < static_cast<uint32_t>(n) * 8) {
    Fail(aicore::ErrorKind::kBounds, "SyncAll", loc,
         "ubWorkspace holds " + std::to_string(ubWorkspace.GetSize()) + " int32_t, fewer than the " +
             std::to_string(n * 8) + " (32 bytes per core) the software SyncAll uses");
  }
  aicore::detail::ArriveAndWait(core, c, aicore::detail::kBarrierSoft, static_cast<uint32_t>(n),
                                "SyncAll", loc);
}

// Sequential block sync (kernel_operator_determine_compute_sync_intf.h):
// the vector blocks pass [WaitPreBlock, NotifyNextBlock) in blockIdx order,
// round after round. Needs every block resident, as SyncAll.
inline void InitDetermineComputeWorkspace(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace,
                                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::SeqInit(gmWorkspace, ubWorkspace, loc);
}
inline void WaitPreBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace,
                         aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::SeqWait(gmWorkspace, ubWorkspace, loc);
}
inline void NotifyNextBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace,
                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::SeqNotify(gmWorkspace, ubWorkspace, loc);
}

// The unit a GroupBarrier sends its messages with (MTE3_MODE only).
enum class PipeMode : uint8_t { SCALAR_MODE = 0, MTE3_MODE = 1, MAX };

// Synchronises a group of vector blocks that Arrive with a group that Waits
// (kernel_operator_group_barrier_intf.h); see the top of this file.
template <PipeMode pipeMode>
class GroupBarrier {
 public:
  GroupBarrier(GM_ADDR groupWorkspace, uint32_t arriveSizeIn, uint32_t waitSizeIn,
               aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    aicore::detail::GroupInit(g_, groupWorkspace, arriveSizeIn, waitSizeIn, pipeMode == PipeMode::MTE3_MODE, loc);
  }
  GroupBarrier() = delete;
  void Arrive(uint32_t arriveIndex, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    aicore::detail::GroupStep(g_, false, arriveIndex, loc);
  }
  // Blocks until every block of the arrive group has arrived in this round.
  void Wait(uint32_t waitIndex, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    aicore::detail::GroupStep(g_, true, waitIndex, loc);
  }
  // The GM bytes the barrier's counters take: max(arriveSize, waitSize) * 512.
  uint64_t GetWorkspaceLen() const {
    return uint64_t{std::max(g_.arrive, g_.wait)} * aicore::detail::kGroupLineBytes;
  }

 private:
  aicore::detail::GroupBarrierState g_;
};

template <uint8_t modeId, pipe_t pipe>
void CrossCoreSetFlag(uint16_t flagId, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(modeId <= 2, "CrossCoreSetFlag: modeId is 0, 1 or 2");
  aicore::detail::CrossSet(modeId, static_cast<int>(pipe), flagId, loc);
}

template <uint8_t modeId = 0, pipe_t pipe = PIPE_S>
void CrossCoreWaitFlag(uint16_t flagId, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::CrossWait(static_cast<int>(pipe), flagId, loc);
}

AICORE_INLINE int64_t GetSubBlockIdx() {
  const aicore::detail::CoreContext* c = aicore::detail::t_core;
  return c ? c->sub_block_idx : 0;
}
AICORE_INLINE int64_t GetSubBlockNum() {
  const aicore::detail::CoreContext* c = aicore::detail::t_core;
  return c ? c->sub_block_num : 1;
}
AICORE_INLINE int64_t GetTaskRation() {
  const aicore::detail::CoreContext* c = aicore::detail::t_core;
  return c ? c->task_ration : 1;
}
// The name the current API reference uses for GetTaskRation.
AICORE_INLINE int64_t GetTaskRatio() { return GetTaskRation(); }

AICORE_INLINE void SetSysWorkspace(GM_ADDR workspace,
                                   aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("SetSysWorkspace", loc).sys_workspace = workspace;
}
AICORE_INLINE GM_ADDR GetSysWorkSpacePtr() {
  const aicore::detail::CoreContext* c = aicore::detail::t_core;
  return c ? c->sys_workspace : nullptr;
}
// The user part of a kernel workspace: it starts after the 16 MiB the
// system reserves (a workspace argument allocated as 16 MiB + user bytes).
AICORE_INLINE GM_ADDR GetUserWorkspace(GM_ADDR workspace) {
  return workspace == nullptr ? nullptr : workspace + aicore::detail::kSysWorkspaceBytes;
}

// Resets the per-core registers a kernel may have changed: the vector mask
// and mask mode, the atomic mode.
AICORE_INLINE void InitSocState(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("InitSocState", loc).ResetSocState();
}

AICORE_TARGET_END
}  // namespace AscendC
