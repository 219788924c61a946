// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Kernel sanitizer configuration and report delivery.
//
// The O(1) checks are always on. The deep checks are switched on at run time,
// without recompiling, by AICORE_SANITIZE=memcheck,racecheck,initcheck,
// synccheck,numcheck (or "all"), or by aicore::SetSanitize(...). A launch takes
// a snapshot of the modes when it starts; with every mode off, a deep check
// costs one predictable branch per API call.
//
// Every report (a KernelError) goes through Deliver(): it is counted
// (SanitizerErrorCount()), handed to the error sink if one is installed
// (SetErrorSink / ErrorRecorder; then nothing throws), and otherwise printed
// to stderr when a deep mode is on. Without a sink, the first report of a
// launch is rethrown by Launch as before.
//
// The sink is user code and may misbehave; the runtime stays usable:
//  - Calls to it are serialised (one report at a time), but no runtime lock
//    that an API call needs is held while it runs: it runs outside any block
//    (kernel APIs called from it fail as outside a launch).
//  - An exception thrown by the sink propagates from the API that raised the
//    report; for a report raised inside a launch, the launch stops and
//    Launch rethrows the sink's exception (whatever its type).
//  - A report raised while the sink runs on the same thread (it called an API
//    that failed) does not re-enter the sink: it is printed and thrown into
//    the sink. A report that cannot reach the sink for kSinkWait (the sink
//    waits for a thread that reports) is printed and handled as with no sink.
//  - Launch / ParallelFor called from the sink are rejected (kLaunch).
//
// When AICORE_SANITIZE is set in the environment, a summary line is printed
// at exit and, if any error was reported, the process exit status becomes
// AICORE_SANITIZE_EXITCODE (default 1; 0 keeps the program's own status).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "aicore/base/error.h"
#include "aicore/base/gate.h"

namespace aicore {

// Deep-check modes (bit set).
enum SanitizeMode : uint32_t {
  kSanitizeNone = 0,
  kMemcheck = 1u << 0,   // GM accesses against the allocation they fall in; GM leaks
  kRacecheck = 1u << 1,  // blocks touching the same GM bytes with nothing ordering them
  kInitcheck = 1u << 2,  // reads of on-chip or GM bytes nothing wrote
  kSynccheck = 1u << 3,  // pipe hazards on on-chip memory; the deadlock watchdog
  kNumcheck = 1u << 4,   // NaN/Inf from finite inputs, half overflow
  kSanitizeAll = (1u << 5) - 1,
};

using ErrorSink = std::function<void(const KernelError&)>;

namespace detail {

struct SanitizeConfig {
  std::atomic<uint32_t> modes{0};
  std::atomic<uint64_t> errors{0};
  std::atomic<bool> has_sink{false};
  std::mutex mu;  // serialises printing (reports never interleave)
  // Guards `sink` and serialises calls to it (timed: see kSinkWait; a sink
  // calling SetErrorSink already holds it).
  TimedGate sink_gate;
  ErrorSink sink;
  bool from_env = false;
  int exit_code = 1;
  // synccheck's model of the kernel build: with the compiler's automatic
  // synchronisation (--cce-auto-sync) or without (AICORE_AUTO_SYNC=off).
  std::atomic<bool> auto_sync{true};
  // The last reports printed (under `mu`; a ring), so that a launcher that
  // prints the error a launch rethrows does not print it a second time.
  static constexpr size_t kRecentPrinted = 16;
  std::string recent_printed[kRecentPrinted];
  size_t printed = 0;
  // Set when the process exits because a launch failed (ICPU_RUN_KF): the
  // host's GmAlloc blocks are then not leaks and are not listed.
  std::atomic<bool> exit_on_failure{false};
};

// "memcheck,racecheck" -> bits; "all" -> kSanitizeAll; "" or "none" -> 0.
// Unknown names throw std::invalid_argument naming them.
AICORE_RT_FN uint32_t ParseSanitizeModes(const char* spec);

AICORE_RT_FN SanitizeConfig& Sanitize();

// Extra lines printed by the exit summary (GM leaks); set by runtime/gm.h.
inline std::string (*g_exit_report)() = nullptr;

AICORE_RT_FN void SanitizeAtExit();

// True on a thread while it runs the error sink.
inline thread_local bool t_in_sink = false;

// How long a report waits for the sink to become free (another thread runs
// it) before it is handled as with no sink: only a sink that blocks on a
// thread that reports itself waits that long.
constexpr std::chrono::seconds kSinkWait{2};

AICORE_RT_FN void PrintReport(SanitizeConfig& c, const KernelError& e, const char* note = "");
// Whether `e` is one of the last reports printed (SanitizeConfig::recent_printed).
AICORE_RT_FN bool PrintedRecently(const KernelError& e);

// Counts a report and hands it to the sink, or prints it when a deep mode is
// on (or `print` is set). Returns true when a sink took it (the caller must
// then not throw). Whatever the sink throws propagates from here; a report
// raised while this thread runs the sink is printed and thrown (KernelError).
AICORE_RT_FN bool Deliver(const KernelError& e, bool print = false);

// Throws a report, unless the error sink took it (host-side API misuse:
// launch arguments, GmFree, GmRegister).
AICORE_RT_FN void DeliverOrThrow(const KernelError& e);

}  // namespace detail

// The deep-check modes now in force (bits of SanitizeMode).
inline uint32_t GetSanitize() {
  return detail::Sanitize().modes.load(std::memory_order_relaxed);
}
// Switches deep checks for launches that start from now on.
inline void SetSanitize(uint32_t modes) {
  detail::Sanitize().modes.store(modes & kSanitizeAll, std::memory_order_relaxed);
}
// Same, from a spec like "memcheck,initcheck" (throws std::invalid_argument
// on an unknown name).
inline void SetSanitize(const char* spec) { SetSanitize(detail::ParseSanitizeModes(spec)); }

// Installs a sink that receives every report instead of the reports being
// thrown or printed (an empty function restores the default).
// Waits for a call of the old sink running on another thread to return. See
// the top of this file for what a sink may do (it may throw; it must not
// launch kernels).
inline void SetErrorSink(ErrorSink sink) {
  detail::SanitizeConfig& c = detail::Sanitize();
  std::unique_lock<detail::TimedGate> lock(c.sink_gate, std::defer_lock);
  if (!detail::t_in_sink) lock.lock();  // a sink replacing itself holds it already
  c.sink = std::move(sink);
  c.has_sink.store(static_cast<bool>(c.sink), std::memory_order_release);
}

// synccheck's model of how the kernels were compiled. The vendor's kernel
// launch and custom-operator projects build kernels with the BiSheng
// compiler's automatic synchronisation (--cce-auto-sync, on by default): it
// inserts the syncs between the scalar unit and the MTE2, MTE3 and vector
// pipes (and within the vector pipe) itself, so a GetValue of a vector
// result needs no SetFlag<V_S> there. With auto-sync on (the default), those
// pairs are not reported; the MTE2 -> V, V -> MTE3 and MTE2 <-> MTE3 orders
// (queues or flags in the kernel) still are. For kernels built with
// --cce-auto-sync=off, switch it off (SetAutoSync(false) or
// AICORE_AUTO_SYNC=off): every pair is then checked. Taken by launches that
// start from now on.
inline void SetAutoSync(bool on) {
  detail::Sanitize().auto_sync.store(on, std::memory_order_relaxed);
}
inline bool GetAutoSync() { return detail::Sanitize().auto_sync.load(std::memory_order_relaxed); }

// Reports delivered since the program started (every kind, every mode).
inline uint64_t SanitizerErrorCount() {
  return detail::Sanitize().errors.load(std::memory_order_relaxed);
}
// 1 when any report was delivered, else 0: `return aicore::SanitizerExitCode();`.
inline int SanitizerExitCode() { return SanitizerErrorCount() != 0 ? 1 : 0; }

// RAII sink for tests: records every report while alive, and optionally
// switches sanitizer modes for its lifetime.
class ErrorRecorder {
 public:
  explicit ErrorRecorder(uint32_t modes) : ErrorRecorder() {
    saved_modes_ = GetSanitize();
    restore_modes_ = true;
    SetSanitize(modes);
  }
  ErrorRecorder() {
    SetErrorSink([this](const KernelError& e) { reports_.push_back(e); });
  }
  ~ErrorRecorder() {
    SetErrorSink(nullptr);
    if (restore_modes_) SetSanitize(saved_modes_);
  }
  ErrorRecorder(const ErrorRecorder&) = delete;
  ErrorRecorder& operator=(const ErrorRecorder&) = delete;

  // Reports so far (read them after the launch returned).
  const std::vector<KernelError>& reports() const { return reports_; }
  size_t size() const { return reports_.size(); }
  void clear() { reports_.clear(); }
  // All reports as one string, one per line (for test failure messages).
  std::string str() const {
    std::string s;
    for (const auto& r : reports_) s += std::string(r.what()) + "\n";
    return s;
  }

 private:
  std::vector<KernelError> reports_;  // guarded by the sink gate during delivery
  uint32_t saved_modes_ = 0;
  bool restore_modes_ = false;
};

}  // namespace aicore

#if AICORE_RT_DEFINITIONS
#include "aicore/base/sanitize-inl.h"
#endif
