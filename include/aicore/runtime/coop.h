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
AICORE_RT_FN void CheckHang(LaunchState& st, CoopState& c);

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
AICORE_RT_FN void CoopExit(LaunchState& st, uint32_t thread);

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

#if AICORE_RT_DEFINITIONS
#include "aicore/runtime/coop-inl.h"
#endif
