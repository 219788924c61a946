// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Launch guards of the deep-check modes: the deadlock watchdog (synccheck)
// and the crash handler (any deep mode).
//
// Deadlock watchdog. The hang detection of runtime/coop.h fires when every
// block of a launch is waiting (SyncAll, CrossCoreWaitFlag) or has returned.
// A block that never arrives because it loops forever (polling a GM flag no
// block sets, a loop whose exit condition never changes) escapes it. With
// kSynccheck, every launch is watched: when for the watchdog limit
// (AICORE_WATCHDOG_SECONDS, default 10 s; aicore::SetWatchdogTimeout; 0
// switches the watchdog off) no block made progress, the launch fails with a
// kDeadlock report listing every block's state and location:
//   block 0: returned; block 1: waiting in SyncAll at k.cpp:40 for every block
//   (4 blocks take part); block 2: running, last API GlobalTensor::GetValue at
//   k.cpp:52; block 3: not started
// Progress is: a block starting or returning, or an API call that goes
// through detail::Enter or writes a scalar (SetValue, operator()). Scalar
// reads (GlobalTensor / LocalTensor GetValue) are not progress, so a block
// polling a flag with GetValue is caught; a polling loop that makes other API
// calls (DataCopy of the flag into UB, then LocalTensor::GetValue) counts as
// progress and is not caught. One long API call is progress while it runs:
// the repeat forms count progress every 4096 repeats and the reductions
// every chunk of repeats (a counter-mode call may run 2^32 repeats), and the
// deep checks bound an operand's footprint before they walk it. A block
// computing for longer than the limit without any API call is reported
// although it would finish (raise the limit; a debugger paused in a block
// also trips it).
//
// After the report the blocks stop at their next API call (or wake from
// their wait) and the launch fails as for any error. A block in a loop that
// makes no API call at all cannot be stopped: kWatchdogGrace after the report
// the watchdog prints the report to stderr and ends the process with
// std::_Exit(1) (no destructors, no atexit handlers: other threads are still
// running kernel code).
//
// One watchdog thread serves every watched launch; it is created by the first
// watched launch, sleeps on a condition variable while no launch is watched,
// and is never joined (it lives until the process exits).
//
// Crash handler. With any deep mode on, the first launch installs handlers
// for SIGSEGV, SIGBUS, SIGFPE and SIGILL. A signal raised on a thread that
// runs a block writes one line with async-signal-safe calls:
//   aicore: crash (SIGSEGV, address 0x8) in kernel K, block 2 of 4, last API
//   DataCopy at k.cpp:57; ...
// then restores the handler that was installed before aicore's (the default
// one unless another tool, such as AddressSanitizer, installed its own) and
// lets the signal take its course: by default the process dies of the signal
// (memory may be corrupt; no launch can safely go on). Signals on other
// threads go to the previous handler as if aicore's were not there. A stack
// overflow inside a block dies without the line (no alternate signal stack).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "aicore/base/defs.h"
#include "aicore/runtime/context.h"

namespace aicore {
namespace detail {

// How long a block may keep running after the deadlock report before the
// watchdog ends the process.
constexpr std::chrono::milliseconds kWatchdogGrace{2000};

// The watchdog limit in milliseconds (0: off): AICORE_WATCHDOG_SECONDS (read
// once; fractions allowed) or SetWatchdogTimeout.
AICORE_RT_FN std::atomic<int64_t>& WatchdogMs();

enum : uint8_t { kSlotNotStarted = 0, kSlotRunning = 1, kSlotReturned = 2 };

// What the watchdog knows of one block (task) of a watched launch.
struct WatchSlot {
  std::atomic<CoreContext*> core{nullptr};  // the core that runs it (once started)
  std::atomic<uint8_t> state{kSlotNotStarted};
};

// A watched launch. Created and removed by the launching thread (WatchScope);
// the fields below `slots` belong to the watchdog thread (under its mutex).
struct WatchEntry {
  LaunchState* st = nullptr;
  uint32_t tasks = 0;
  std::unique_ptr<WatchSlot[]> slots;
  std::chrono::milliseconds limit{0};

  uint64_t last_sig = ~uint64_t{0};
  std::chrono::steady_clock::time_point last_change;
  bool fired = false;
  std::chrono::steady_clock::time_point fired_at;
  std::string report;  // the deadlock report, printed if the process must end
};

// Called by the block's thread (RunBlock) when block `task` starts / returns.
AICORE_INLINE void WatchStart(WatchEntry& w, uint32_t task, CoreContext& core) {
  w.slots[task].core.store(&core, std::memory_order_release);
  w.slots[task].state.store(kSlotRunning, std::memory_order_release);
}
AICORE_INLINE void WatchEnd(WatchEntry& w, uint32_t task) {
  w.slots[task].state.store(kSlotReturned, std::memory_order_release);
}

// Adds a launch to the watchdog's list (the watchdog thread starts with the
// first) / removes it (waits for the watchdog thread to be done with it).
AICORE_RT_FN void WatchAdd(WatchEntry* e);
AICORE_RT_FN void WatchRemove(WatchEntry* e);

// Watches a launch for its lifetime when synccheck is on and the limit is not
// 0 (construct after the launch's state is set up, before its blocks run).
class WatchScope {
 public:
  explicit WatchScope(LaunchState& st) {
    if (AICORE_LIKELY((st.san & kSynccheck) == 0)) return;
    const int64_t ms = WatchdogMs().load(std::memory_order_relaxed);
    if (ms <= 0) return;
    entry_ = std::make_unique<WatchEntry>();
    entry_->st = &st;
    entry_->tasks = st.block_dim;
    entry_->slots = std::make_unique<WatchSlot[]>(st.block_dim);
    entry_->limit = std::chrono::milliseconds(ms);
    st.watch = entry_.get();
    WatchAdd(entry_.get());
  }
  ~WatchScope() {
    if (!entry_) return;
    WatchRemove(entry_.get());
    entry_->st->watch = nullptr;
  }
  WatchScope(const WatchScope&) = delete;
  WatchScope& operator=(const WatchScope&) = delete;

 private:
  std::unique_ptr<WatchEntry> entry_;
};

// Installs the crash handlers (once per process; any deep mode).
AICORE_RT_FN void InstallCrashHandlers();

}  // namespace detail

// The deadlock watchdog's limit (synccheck): a launch in which no block makes
// progress for this long fails with a kDeadlock report. 0 switches the
// watchdog off. Default: AICORE_WATCHDOG_SECONDS, else 10 s. Applies to
// launches that start from now on.
inline void SetWatchdogTimeout(std::chrono::milliseconds limit) {
  detail::WatchdogMs().store(std::max<int64_t>(0, limit.count()), std::memory_order_relaxed);
}
inline std::chrono::milliseconds GetWatchdogTimeout() {
  return std::chrono::milliseconds(detail::WatchdogMs().load(std::memory_order_relaxed));
}

}  // namespace aicore

#if AICORE_RT_DEFINITIONS
#include "aicore/runtime/watchdog-inl.h"
#endif
