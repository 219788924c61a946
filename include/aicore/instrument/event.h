// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The instrumentation layer: what an API call tells the observers
// (runtime/observer.h) about itself, as plain data, and the one point that
// hands it to them.
//
// Instructions and memory objects build an instrument::Event only behind the
// branch they always had, `if (AICORE_UNLIKELY(core.instr != 0))`, after
// their always-on checks passed, and call Emit(core, event). An event names
// the API, the operand role and the source line, the pipe that executes the
// access, and the bytes touched: an on-chip range or bursts in a buffer, the
// footprint of a repeat-form operand (its masks and strides, so that exactly
// the active lanes count), a GM range or bursts; or an ordering edge
// (SetFlag/WaitFlag, PipeBarrier, a queue transition, SyncAll, a cross-core
// flag); or the carving of an on-chip buffer. Pointers in an event are valid
// only while the observer runs.
//
// The sanitizer (instrument/sanitizer.h) consumes these events; its numcheck
// mode is the exception: it must see the values an instruction computes, so
// it runs beside the instruction (instrument/sanitizer/numeric.h) and is not
// an event.
#pragma once

#include <cstdint>

#include "aicore/base/defs.h"
#include "aicore/base/error.h"
#include "aicore/base/soc.h"
#include "aicore/base/types.h"
#include "aicore/runtime/buffer_desc.h"
#include "aicore/runtime/context.h"
#include "aicore/runtime/observer.h"
#include "aicore/runtime/san_onchip_state.h"

namespace aicore {
namespace detail {

// How an operand touches on-chip memory (operator() counts as both).
enum class Access : uint8_t { kRead = 0, kWrite, kReadWrite };
// How a GM access touches memory (kAtomic: a UB -> GM copy in atomic mode).
enum class GmAccess : uint8_t { kRead = 0, kWrite, kAtomic };
// Queue transitions of a buffer in a TQueBind<src, dst>.
// kPoolReset: the Reset of the buffer pool a freed buffer was carved from
// (its producer pipe waits for the free, as a next AllocTensor would).
enum class QueueOp : uint8_t { kAlloc, kEnQue, kDeQue, kFree, kPoolReset };

// How a UB -> GM copy writes: combining (atomic mode) or plain.
inline GmAccess GmWriteAccess(const CoreContext& core) {
  return core.atomic_op != AtomicOp::kNone ? GmAccess::kAtomic : GmAccess::kWrite;
}

}  // namespace detail

namespace instrument {

enum class EventKind : uint8_t {
  kLocal,        // on-chip: `count` bursts of `len` bytes, `step` apart (start to start), at addr in buf
  kLocalRepeat,  // on-chip repeat-form operand at addr in buf, geometry in `rep`
  kGm,           // GM: `count` bursts of `len` bytes, `step` apart (start to start), from addr
  kSetFlag,      // SetFlag of HardEvent `event`, id `id`
  kWaitFlag,     // WaitFlag of HardEvent `event`, id `id`
  kBarrier,      // PipeBarrier of pipe_t value `id`
  kQueue,        // queue transition `queue_op` of buf in a TQueBind<src_pos, dst_pos>
  kCarve,        // InitBuffer carved `len` bytes at addr of memory `memory`
  kSyncAll,      // a completed SyncAll: barrier `id`, `count` participants (coop mutex held)
  kCrossSet,     // a cross-core flag `id` was set (coop mutex held)
  kCrossWait,    // a wait for cross-core flag `id` completed (coop mutex held)
  kLocalMove,    // an on-chip move (LoadData): bytes of src_buf land in buf (see move_chunks)
  kUnitFlag,     // the unit flags of L0C blocks [addr, addr + len) in buf: `pipe` waits for
                 // them (id 0, before its access) or hands them on (id 1, after it)
  kSeqWait,      // a WaitPreBlock of round `count` returned (coop mutex held)
  kSeqNotify,    // a NotifyNextBlock of round `count` (coop mutex held)
  kGroupArrive,  // a GroupBarrier::Arrive (id 1: it waited for the previous round's waits; coop mutex held)
  kGroupWait,    // a GroupBarrier::Wait returned (coop mutex held)
  kIbWait,       // an IBWait returned: it saw the IBSet of task `id` (coop mutex held, or the IB mutex)
};

// Enumerates the bytes an on-chip move wrote: calls chunk(state, dst_offset,
// src_offset, bytes) for each run (offsets from Event::addr and
// Event::src_addr; src_offset UINT64_MAX for bytes set to a constant, such
// as padding).
using MoveChunks = void (*)(const void* ctx, void (*chunk)(void*, uint64_t, uint64_t, uint64_t),
                            void* state);

// The geometry of a repeat-form operand: for repeat r < repeats, block k of
// a repeat with an active lane (bits for every repeat but the last,
// last_bits for the last; lane i lies in block i / lanes_per_block),
// block_bytes bytes at addr + r * rep_stride * 32 + k * blk_stride * 32.
struct RepeatFootprint {
  const uint64_t* bits;
  const uint64_t* last_bits;
  uint32_t repeats;
  uint32_t lanes;
  uint32_t lanes_per_block;
  uint32_t blk_stride;
  uint32_t rep_stride;
  uint32_t block_bytes;
};

struct Event {
  EventKind kind;
  detail::Pipe pipe = detail::Pipe::kV;  // the pipe that executes it (accesses)
  detail::Access access = detail::Access::kRead;        // kLocal, kLocalRepeat
  detail::GmAccess gm_access = detail::GmAccess::kRead;  // kGm
  detail::QueueOp queue_op = detail::QueueOp::kAlloc;    // kQueue
  Memory memory = Memory::kUB;                           // kCarve
  const char* api = "";
  const char* role = "";  // the operand ("dst", "src0", ...)
  SrcLoc loc{"", 0};
  detail::BufferDesc* buf = nullptr;  // on-chip operand's buffer (kLocal*, kQueue)
  const uint8_t* addr = nullptr;
  uint32_t count = 1;  // bursts
  uint64_t len = 0;    // bytes per burst
  uint64_t step = 0;   // bytes from one burst's start to the next
  RepeatFootprint rep{};
  int event = 0;  // HardEvent (kSetFlag, kWaitFlag); pipe_t (kCrossSet, kCrossWait)
  int id = 0;     // event id, pipe_t, barrier id, cross-core flag id
  // kCrossSet, kCrossWait: the launch-wide order of the cross-core flag
  // operations (from 1; both are emitted under the launch's coop mutex).
  // kCrossSet also carries its modeId in `count`.
  uint64_t seq = 0;
  AscendC::TPosition src_pos = AscendC::TPosition::GM;  // kQueue
  AscendC::TPosition dst_pos = AscendC::TPosition::GM;
  // kLocal: the access moves bytes without using them (LoadData's source and
  // destination): pipe-order checks see it, initcheck neither checks nor
  // marks it; a kLocalMove event carries what landed where.
  bool move = false;
  // kLocalMove: the source (the destination is buf / addr) and the runs.
  detail::BufferDesc* src_buf = nullptr;
  const uint8_t* src_addr = nullptr;
  MoveChunks move_chunks = nullptr;
  const void* move_ctx = nullptr;
};

// Event builders for the common shapes.
inline Event LocalEvent(detail::Pipe pipe, detail::Access acc, const detail::BufferDesc& b,
                        const uint8_t* p, uint32_t count, uint64_t len, uint64_t step,
                        const char* api, const char* role, SrcLoc loc) {
  Event e{EventKind::kLocal};
  e.pipe = pipe;
  e.access = acc;
  e.buf = const_cast<detail::BufferDesc*>(&b);
  e.addr = p;
  e.count = count;
  e.len = len;
  e.step = step;
  e.api = api;
  e.role = role;
  e.loc = loc;
  return e;
}
inline Event GmEvent(detail::GmAccess acc, const void* p, uint32_t count, uint64_t len,
                     uint64_t step, const char* api, SrcLoc loc) {
  Event e{EventKind::kGm};
  e.pipe = acc == detail::GmAccess::kRead ? detail::Pipe::kMTE2 : detail::Pipe::kMTE3;
  e.gm_access = acc;
  e.addr = static_cast<const uint8_t*>(p);
  e.count = count;
  e.len = len;
  e.step = step;
  e.api = api;
  e.loc = loc;
  return e;
}
inline Event OrderEvent(EventKind kind, int event, int id, SrcLoc loc) {
  Event e{kind};
  e.event = event;
  e.id = id;
  e.loc = loc;
  return e;
}

inline Event UnitFlagEvent(detail::Pipe pipe, bool release, const detail::BufferDesc& b,
                           const uint8_t* p, uint64_t len, const char* api, SrcLoc loc) {
  Event e{EventKind::kUnitFlag};
  e.pipe = pipe;
  e.id = release ? 1 : 0;
  e.buf = const_cast<detail::BufferDesc*>(&b);
  e.addr = p;
  e.len = len;
  e.api = api;
  e.loc = loc;
  return e;
}

// Hands `e` to every observer that is on for this block. Call only when
// core.instr != 0 (out of line: the call sites stay small).
AICORE_NOINLINE inline void Emit(detail::CoreContext& core, const Event& e) {
  detail::ForEachObserver(core.instr, [&](const detail::Observer& o) {
    if (o.event != nullptr) o.event(core, e);
  });
}

}  // namespace instrument

namespace detail {

// Shorthands the instructions and memory objects emit through (each: call
// only when core.instr != 0, after the call's always-on checks passed).

// `bytes` contiguous on-chip bytes at p inside buffer b, accessed by `pipe`.
inline void EmitLocal(CoreContext& core, Pipe pipe, Access acc, const BufferDesc& b,
                      const uint8_t* p, uint64_t bytes, const char* api, const char* role,
                      SrcLoc loc) {
  instrument::Emit(core, instrument::LocalEvent(pipe, acc, b, p, 1, bytes, bytes, api, role, loc));
}
// `count` bursts of `len` bytes, `step` bytes apart (start to start), from p.
inline void EmitLocalBursts(CoreContext& core, Pipe pipe, Access acc, const BufferDesc& b,
                            const uint8_t* p, uint32_t count, uint64_t len, uint64_t step,
                            const char* api, const char* role, SrcLoc loc) {
  instrument::Emit(core,
                   instrument::LocalEvent(pipe, acc, b, p, count, len, step, api, role, loc));
}
// Bursts of a move's source (acc kRead) or destination (kWrite): see
// Event::move; follow with EmitLocalMove.
inline void EmitLocalMoveBursts(CoreContext& core, Pipe pipe, Access acc, const BufferDesc& b,
                                const uint8_t* p, uint32_t count, uint64_t len, uint64_t step,
                                const char* api, const char* role, SrcLoc loc) {
  instrument::Event e = instrument::LocalEvent(pipe, acc, b, p, count, len, step, api, role, loc);
  e.move = true;
  instrument::Emit(core, e);
}
// The runs of an on-chip move from src (in src_buf) to dst (in dst_buf).
inline void EmitLocalMove(CoreContext& core, Pipe pipe, const BufferDesc& dst_buf,
                          const uint8_t* dst, const BufferDesc& src_buf, const uint8_t* src,
                          instrument::MoveChunks chunks, const void* ctx, const char* api,
                          SrcLoc loc) {
  instrument::Event e = instrument::LocalEvent(pipe, Access::kWrite, dst_buf, dst, 0, 0, 0, api,
                                               "dst", loc);
  e.kind = instrument::EventKind::kLocalMove;
  e.src_buf = const_cast<BufferDesc*>(&src_buf);
  e.src_addr = src;
  e.move_chunks = chunks;
  e.move_ctx = ctx;
  instrument::Emit(core, e);
}
// A repeat-form operand by the V pipe (see instrument::RepeatFootprint).
inline void EmitLocalRepeat(CoreContext& core, Access acc, const BufferDesc& b,
                            const uint8_t* base, const instrument::RepeatFootprint& rep,
                            const char* api, const char* role, SrcLoc loc) {
  instrument::Event e = instrument::LocalEvent(Pipe::kV, acc, b, base, 0, 0, 0, api, role, loc);
  e.kind = instrument::EventKind::kLocalRepeat;
  e.rep = rep;
  instrument::Emit(core, e);
}
// `bytes` contiguous GM bytes at p.
inline void EmitGm(CoreContext& core, GmAccess acc, const void* p, uint64_t bytes, const char* api,
                   SrcLoc loc) {
  instrument::Emit(core, instrument::GmEvent(acc, p, 1, bytes, bytes, api, loc));
}
// `count` GM bursts of `len` bytes with `gap` bytes between them, from p.
inline void EmitGmBursts(CoreContext& core, GmAccess acc, const void* p, uint32_t count,
                         uint64_t len, uint64_t gap, const char* api, SrcLoc loc) {
  instrument::Emit(core, instrument::GmEvent(acc, p, count, len, len + gap, api, loc));
}
// An ordering edge: SetFlag / WaitFlag (HardEvent value, id), PipeBarrier
// (pipe_t value in id), a cross-core flag (id), a completed SyncAll (barrier
// id, participants in count).
inline void EmitOrder(CoreContext& core, instrument::EventKind kind, int event, int id, SrcLoc loc,
                      uint32_t count = 1) {
  instrument::Event e = instrument::OrderEvent(kind, event, id, loc);
  e.count = count;
  instrument::Emit(core, e);
}
// Queue transition `op` of buffer b in a TQueBind<src, dst>.
inline void EmitQueue(CoreContext& core, QueueOp op, BufferDesc& b, AscendC::TPosition src,
                      AscendC::TPosition dst) {
  instrument::Event e{instrument::EventKind::kQueue};
  e.queue_op = op;
  e.buf = &b;
  e.addr = b.base;
  e.len = b.bytes;
  e.src_pos = src;
  e.dst_pos = dst;
  instrument::Emit(core, e);
}
// InitBuffer carved [base, base + bytes) of memory m.
inline void EmitCarve(CoreContext& core, Memory m, const uint8_t* base, uint64_t bytes) {
  instrument::Event e{instrument::EventKind::kCarve};
  e.memory = m;
  e.addr = base;
  e.len = bytes;
  instrument::Emit(core, e);
}

}  // namespace detail
}  // namespace aicore
