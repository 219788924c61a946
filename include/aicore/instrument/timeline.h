// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The NPU pipe timeline, part 1 (issue 14): a recorder of the
// instrumentation events (instrument/event.h). With it on, every API call a
// block makes is kept, in program order, as a TimelineRecord: the pipe that
// executes it (S, V, M, MTE1, MTE2, MTE3, FIX), its size (bytes, repeats)
// and the ordering edges the kernel expresses (queue transitions,
// SetFlag/WaitFlag, PipeBarrier, SyncAll, cross-core flags). A cost model
// and a scheduler that turn the records into an estimated NPU time are not
// part of this header: see instrument/cost_model.h and
// instrument/timeline_estimate.h.
//
// Switched on by the environment (AICORE_PROFILE=timeline, read once at
// program start) or by profile::EnableTimeline(true); off, it costs the API
// calls nothing beyond the `core.instr != 0` branch they always had. Each
// launch replaces the records of the one before; profile::LastTimeline()
// returns them once the launch returned.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "aicore/instrument/event.h"
#include "aicore/instrument/sanitizer/onchip.h"
#include "aicore/runtime/context.h"
#include "aicore/runtime/observer.h"

namespace aicore {
namespace profile {

// One API call of one block (one Event; an API call with several operands
// gives one record per operand access).
struct TimelineRecord {
  instrument::EventKind kind;
  aicore::detail::Pipe pipe;  // the pipe that executes an access (kLocal*, kGm, kLocalMove)
  const char* api;    // static strings: valid for the program's life
  const char* role;
  int line;
  // Accesses: bytes touched (count bursts of len), repeats of a repeat-form
  // operand (0 otherwise), bursts.
  uint64_t bytes;
  uint32_t repeats;
  uint32_t bursts;
  bool write;  // the access writes (kLocal*: write or read-write; kGm: write or atomic)
  // Ordering edges: HardEvent and id (kSetFlag/kWaitFlag), pipe_t
  // (kBarrier), barrier or flag id (kSyncAll, kCross*), the queue
  // transition and the buffer it moves (kQueue: the same nonzero `buffer`
  // for the EnQue and the DeQue of one buffer; kGroup*: the GroupBarrier's
  // workspace).
  int event;
  int id;
  aicore::detail::QueueOp queue_op;
  uintptr_t buffer;
  // kQueue: the pipe that fills the buffer (EnQue after it, AllocTensor
  // waits for the consumer's FreeTensor) and the pipe that drains it.
  aicore::detail::Pipe producer;
  aicore::detail::Pipe consumer;
  // kCrossSet, kCrossWait: the launch-wide order of the flag operations
  // (`event` holds the pipe_t template argument), and kCrossSet's modeId.
  uint64_t seq;
  int mode;
};

struct BlockTimeline {
  aicore::detail::CoreType core_type;
  int32_t block_idx;
  std::vector<TimelineRecord> records;  // program order
};

struct Timeline {
  std::string kernel;
  uint32_t block_dim = 0;
  int soc_index = 0;  // the SoC profile the launch ran under (base/soc.h)
  std::vector<BlockTimeline> blocks;  // in the order the blocks started
  const BlockTimeline* Find(int32_t block_idx, aicore::detail::CoreType type = aicore::detail::CoreType::kAIV) const {
    for (const BlockTimeline& b : blocks) {
      if (b.block_idx == block_idx && b.core_type == type) return &b;
    }
    return nullptr;
  }
};

namespace detail {

// The observer bit of the timeline recorder.
constexpr uint32_t kTimelineBit = aicore::detail::kFirstObserverBit;

struct TimelineState {
  std::mutex mu;
  Timeline current;
  Timeline last;
};
inline TimelineState& State() {
  static TimelineState* s = new TimelineState;  // never destroyed: used at exit
  return *s;
}

inline TimelineRecord MakeRecord(const instrument::Event& e) {
  TimelineRecord r{};
  r.kind = e.kind;
  r.pipe = e.pipe;
  r.api = e.api != nullptr ? e.api : "";
  r.role = e.role != nullptr ? e.role : "";
  r.line = e.loc.line;
  r.event = e.event;
  r.id = e.id;
  r.queue_op = e.queue_op;
  switch (e.kind) {
    case instrument::EventKind::kLocal:
    case instrument::EventKind::kGm:
      r.bursts = e.count;
      r.bytes = static_cast<uint64_t>(e.count) * e.len;
      r.write = e.kind == instrument::EventKind::kLocal
                    ? e.access != aicore::detail::Access::kRead
                    : e.gm_access != aicore::detail::GmAccess::kRead;
      break;
    case instrument::EventKind::kLocalRepeat:
      r.repeats = e.rep.repeats;
      r.bursts = e.rep.repeats;
      r.bytes = static_cast<uint64_t>(e.rep.repeats) * e.rep.block_bytes *
                (e.rep.lanes_per_block != 0
                     ? (e.rep.lanes + e.rep.lanes_per_block - 1) / e.rep.lanes_per_block
                     : 0);
      r.write = e.access != aicore::detail::Access::kRead;
      break;
    case instrument::EventKind::kQueue: {
      using P = AscendC::TPosition;
      r.buffer = reinterpret_cast<uintptr_t>(e.buf);
      r.producer = aicore::detail::ProducerPipe(e.src_pos == P::GM ? e.dst_pos : e.src_pos);
      r.consumer = aicore::detail::ConsumerPipe(e.dst_pos == P::GM ? e.src_pos : e.dst_pos);
      break;
    }
    case instrument::EventKind::kGroupArrive:
    case instrument::EventKind::kGroupWait:
      r.buffer = reinterpret_cast<uintptr_t>(e.addr);  // the GroupBarrier's workspace
      break;
    case instrument::EventKind::kCrossSet:
    case instrument::EventKind::kCrossWait:
      r.seq = e.seq;
      r.mode = e.kind == instrument::EventKind::kCrossSet ? static_cast<int>(e.count) : 0;
      break;
    default:
      break;
  }
  return r;
}

inline void OnLaunchBegin(aicore::detail::LaunchState& s) {
  TimelineState& t = State();
  std::lock_guard<std::mutex> lock(t.mu);
  t.current = Timeline{};
  t.current.kernel = s.kernel != nullptr ? s.kernel : "";
  t.current.block_dim = s.block_dim;
  t.current.soc_index = aicore::detail::SocIndex().load(std::memory_order_relaxed);
}
// What runs after each recorded launch (set by instrument/timeline_estimate.h
// when AICORE_PROFILE names the timeline: the printed summary).
inline std::atomic<void (*)(const Timeline&)>& LaunchReporter() {
  static std::atomic<void (*)(const Timeline&)> f{nullptr};
  return f;
}

inline void OnLaunchEnd(aicore::detail::LaunchState&) {
  TimelineState& t = State();
  void (*report)(const Timeline&) = LaunchReporter().load();
  Timeline copy;
  {
    std::lock_guard<std::mutex> lock(t.mu);
    t.last = std::move(t.current);
    t.current = Timeline{};
    if (report != nullptr) copy = t.last;
  }
  if (report != nullptr) report(copy);
}
inline void OnBlockBegin(aicore::detail::CoreContext& core) {
  TimelineState& t = State();
  std::lock_guard<std::mutex> lock(t.mu);
  t.current.blocks.push_back(BlockTimeline{core.core_type, core.block_idx, {}});
}
inline void OnEvent(aicore::detail::CoreContext& core, const instrument::Event& e) {
  // Not instructions: carving, and the unit-flag handoffs between Mmad and
  // Fixpipe (fine-grained on the NPU: the estimate lets the two overlap).
  if (e.kind == instrument::EventKind::kCarve || e.kind == instrument::EventKind::kUnitFlag) return;
  const TimelineRecord r = MakeRecord(e);
  TimelineState& t = State();
  std::lock_guard<std::mutex> lock(t.mu);
  // The block's timeline: searched from the back (the newest blocks run).
  for (size_t i = t.current.blocks.size(); i-- > 0;) {
    BlockTimeline& b = t.current.blocks[i];
    if (b.block_idx == core.block_idx && b.core_type == core.core_type) {
      b.records.push_back(r);
      return;
    }
  }
}

inline constexpr aicore::detail::Observer kTimelineObserver{
    "timeline", kTimelineBit, &OnLaunchBegin, &OnLaunchEnd, &OnBlockBegin, &OnEvent};

// Whether AICORE_PROFILE names the timeline ("timeline"; a comma-separated
// list may name other profilers too).
inline bool EnvWantsTimeline(const char* env) {
  if (env == nullptr) return false;
  const char* p = env;
  while (*p != '\0') {
    const char* end = std::strchr(p, ',');
    const size_t n = end != nullptr ? static_cast<size_t>(end - p) : std::strlen(p);
    if (n == 8 && std::strncmp(p, "timeline", 8) == 0) return true;
    if (end == nullptr) break;
    p = end + 1;
  }
  return false;
}

inline bool RegisterTimeline() {
  const bool ok = aicore::detail::RegisterObserver(&kTimelineObserver);
  if (EnvWantsTimeline(std::getenv("AICORE_PROFILE"))) {
    aicore::detail::ObserverBitsOn().fetch_or(kTimelineBit, std::memory_order_relaxed);
  }
  return ok;
}
inline const bool kTimelineRegistered = RegisterTimeline();

}  // namespace detail

// Switches the timeline recorder on or off for launches that start from now
// (other observers keep their bits).
inline void EnableTimeline(bool on) {
  if (on) {
    aicore::detail::ObserverBitsOn().fetch_or(detail::kTimelineBit, std::memory_order_relaxed);
  } else {
    aicore::detail::ObserverBitsOn().fetch_and(~detail::kTimelineBit, std::memory_order_relaxed);
  }
}
inline bool TimelineEnabled() {
  return (aicore::detail::ObserverBitsOn().load(std::memory_order_relaxed) &
          detail::kTimelineBit) != 0;
}

// The records of the last launch that ran with the timeline on (empty
// before the first).
inline Timeline LastTimeline() {
  detail::TimelineState& t = detail::State();
  std::lock_guard<std::mutex> lock(t.mu);
  return t.last;
}
// Forgets the last launch's records.
inline void ClearTimeline() {
  detail::TimelineState& t = detail::State();
  std::lock_guard<std::mutex> lock(t.mu);
  t.last = Timeline{};
}

}  // namespace profile
}  // namespace aicore
