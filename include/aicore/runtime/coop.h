// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Cross-block waits of a cooperative launch (SyncAll, CrossCoreWaitFlag):
// blocking, abortable (an error in any block wakes every waiter, which then
// unwinds), and checked for hangs: when every block of the launch is either
// waiting or has returned and no waiter can proceed, the launch fails with a
// report of who waits for what instead of hanging as the NPU would.
#pragma once

#include <cstdio>
#include <mutex>
#include <string>

#include "aicore/base/error.h"
#include "aicore/runtime/context.h"
#include "aicore/runtime/coop_state.h"
#include "aicore/runtime/pool.h"

namespace aicore {
namespace detail {

// Called with c.mu held: fails the launch if no block can make progress.
inline void CheckHang(LaunchState& st, CoopState& c) {
  const uint32_t waiting = c.waiting.load(std::memory_order_seq_cst);
  const uint32_t exited = c.exited.load(std::memory_order_seq_cst);
  if (waiting == 0 || waiting + exited < c.total) return;
  if (st.abort.load(std::memory_order_relaxed)) return;
  WaitRecord* oldest = nullptr;
  for (WaitRecord* w = c.head; w != nullptr; w = w->next) {
    if (w->ready(w->ctx)) return;  // it will wake and go on
    oldest = w;
  }
  std::string who;
  int listed = 0;
  for (WaitRecord* w = oldest; w != nullptr && listed < 8; w = w->prev, ++listed) {
    char line[200];
    std::snprintf(line, sizeof(line), "%sblock %d%s waits in %s at %s:%d for %s", listed ? "; " : "",
                  w->block, IsMixed(st.geom) ? (w->type == CoreType::kAIC ? " [AIC]" : " [AIV]") : "",
                  w->api, w->loc.file ? w->loc.file : "", w->loc.line, w->what);
    who += line;
  }
  if (waiting > 8) who += "; ...";
  st.RecordNoWake(std::make_exception_ptr(KernelError(
      ErrorKind::kSync, ReportKernel(st, oldest->type), oldest->block,
      ReportBlockNum(st, oldest->type), oldest->api, oldest->loc,
      "the launch can never finish (the NPU would hang here): " + std::to_string(waiting) + " of " +
          std::to_string(c.total) + " blocks wait and the other " + std::to_string(exited) +
          " have returned: " + who)));
  c.cv.notify_all();
}

// Blocks the calling block until rec.ready(); `lock` holds c.mu. Throws
// AbortBlock when the launch fails meanwhile (including by a hang found here).
inline void CoopWait(CoreContext& core, CoopState& c, std::unique_lock<std::mutex>& lock,
                     WaitRecord& rec) {
  LaunchState& st = *core.launch;
  if (rec.ready(rec.ctx)) return;
  rec.block = core.block_idx;
  rec.type = core.core_type;
  rec.prev = nullptr;
  rec.next = c.head;
  if (c.head != nullptr) c.head->prev = &rec;
  c.head = &rec;
  c.waiting.fetch_add(1, std::memory_order_seq_cst);
  CheckHang(st, c);
  while (!rec.ready(rec.ctx) && !st.abort.load(std::memory_order_relaxed)) c.cv.wait(lock);
  if (rec.prev != nullptr) rec.prev->next = rec.next; else c.head = rec.next;
  if (rec.next != nullptr) rec.next->prev = rec.prev;
  c.waiting.fetch_sub(1, std::memory_order_seq_cst);
  if (!rec.ready(rec.ctx)) throw AbortBlock{};
}

// Called when a block of a cooperative launch returns (normally or not).
// Wakes the waiters when the launch has failed: a block that caught its own
// KernelError (recorded by Fail without waking anyone) may return normally.
inline void CoopExit(LaunchState& st) {
  CoopState& c = *st.coop;
  c.exited.fetch_add(1, std::memory_order_seq_cst);
  if (c.waiting.load(std::memory_order_seq_cst) == 0) return;
  std::lock_guard<std::mutex> lock(c.mu);
  if (st.abort.load(std::memory_order_relaxed)) {
    c.cv.notify_all();
    return;
  }
  CheckHang(st, c);
}

// The cooperative state of the running block, or a failure explaining why
// `api` needs a cooperative launch.
inline CoopState& RequireCoop(CoreContext& core, const char* api, SrcLoc loc) {
  LaunchState& st = *core.launch;
  if (AICORE_UNLIKELY(!st.cooperative)) {
    Fail(ErrorKind::kSync, api, loc,
         std::string(api) + " needs every block of the launch running at once, but this launch runs " +
             std::to_string(st.block_dim) + " blocks on " + std::to_string(st.threads) +
             " threads (aicore::Launch runs all blocks at once only when they are no more than "
             "aicore::GetNumThreads(); aicore::LaunchCooperative and ICPU_RUN_KF do for up to " +
             std::to_string(kMaxCooperativeBlocks) + " blocks)");
  }
  return *st.coop;
}

}  // namespace detail
}  // namespace aicore
