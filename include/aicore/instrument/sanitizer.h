// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The kernel sanitizer as an observer of the instrumentation layer: its
// deep-check modes (memcheck, racecheck, initcheck, synccheck; see
// base/sanitize.h for how they are switched on) read the events of API calls
// (instrument/event.h) and the launch and block hooks. numcheck runs beside
// the instructions instead (instrument/sanitizer/numeric.h): it needs the
// values they compute.
//
// Including this header registers the sanitizer with the runtime (once per
// program). aicore/aicore.h and the compat headers include it; a program
// that launches kernels with a deep mode on but never includes it gets a
// launch error saying so.
#pragma once

#include "aicore/base/sanitize.h"
#include "aicore/instrument/event.h"
#include "aicore/instrument/sanitizer/gm.h"
#include "aicore/instrument/sanitizer/onchip.h"
#include "aicore/runtime/observer.h"

namespace aicore {
namespace detail {

inline void SanOnEvent(CoreContext& core, const instrument::Event& e) {
  using instrument::EventKind;
  if (core.san == 0) return;
  switch (e.kind) {
    case EventKind::kLocal:
      if (e.count == 1 || e.step == e.len) {
        SanLocal(core, e.pipe, e.access, *e.buf, e.addr, e.len * e.count, e.api, e.role, e.loc,
                 !e.move);
      } else {
        SanLocalBursts(core, e.pipe, e.access, *e.buf, e.addr, e.count, e.len, e.step, e.api,
                       e.role, e.loc, !e.move);
      }
      break;
    case EventKind::kLocalMove:
      SanLocalMove(core, *e.buf, e.addr, *e.src_buf, e.src_addr, e.move_chunks, e.move_ctx);
      break;
    case EventKind::kLocalRepeat:
      SanLocalRepeat(core, e.access, *e.buf, e.addr, e.rep.bits, e.rep.last_bits, e.rep.repeats,
                     e.rep.lanes, e.rep.lanes_per_block, e.rep.blk_stride, e.rep.rep_stride,
                     e.rep.block_bytes, e.api, e.role, e.loc);
      break;
    case EventKind::kGm:
      if (e.count == 1 || e.step == e.len) {
        SanGm(core, e.gm_access, e.addr, e.len * e.count, e.api, e.loc);
      } else {
        SanGmBursts(core, e.gm_access, e.addr, e.count, e.len, e.step - e.len, e.api, e.loc);
      }
      break;
    case EventKind::kSetFlag: SanSetFlag(core, e.event, e.id, e.loc); break;
    case EventKind::kWaitFlag: SanWaitFlag(core, e.event, e.id, e.loc); break;
    case EventKind::kBarrier: SanBarrier(core, e.id); break;
    case EventKind::kQueue: SanQueue(core, e.queue_op, *e.buf, e.src_pos, e.dst_pos); break;
    case EventKind::kCarve:
      SanCarve(core, e.memory, const_cast<uint8_t*>(e.addr), e.len);
      break;
    case EventKind::kSyncAll: SanSyncAll(*core.launch, e.id, e.count); break;
    case EventKind::kCrossSet: SanCrossSet(core, e.id); break;
    case EventKind::kCrossWait: SanCrossWait(core, e.id); break;
    case EventKind::kUnitFlag: SanUnitFlag(core, e.pipe, e.id != 0, *e.buf, e.addr, e.len); break;
    case EventKind::kSeqWait: SanSeqWait(core, e.count); break;
    case EventKind::kSeqNotify: break;
    case EventKind::kGroupArrive: SanGroupBarrier(core, false, e.id != 0); break;
    case EventKind::kGroupWait: SanGroupBarrier(core, true, true); break;
    case EventKind::kIbWait: SanIbWait(core, static_cast<uint32_t>(e.id)); break;
  }
}

inline void SanOnBlockBegin(CoreContext& core) {
  if (core.san != 0) SanBeginBlock(core);
}

inline constexpr Observer kSanitizerObserver{"sanitizer", kSanitizeAll,   &SanLaunchBegin,
                                             &SanLaunchEnd, &SanOnBlockBegin, &SanOnEvent};
inline const bool kSanitizerRegistered = RegisterObserver(&kSanitizerObserver);

}  // namespace detail
}  // namespace aicore
