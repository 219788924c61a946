// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Definitions of runtime/watchdog.h (see AICORE_RT_FN in base/defs.h): the
// watchdog thread, the deadlock report and the crash handler.
#pragma once

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

#if defined(__unix__) || defined(__APPLE__)
#include <signal.h>
#include <unistd.h>
#define AICORE_HAVE_SIGACTION 1
#endif

#include "aicore/base/error.h"
#include "aicore/runtime/context.h"
#include "aicore/runtime/coop_state.h"
#include "aicore/runtime/watchdog.h"

namespace aicore {
namespace detail {

AICORE_RT_FN std::atomic<int64_t>& WatchdogMs() {
  static std::atomic<int64_t> ms{[] {
    int64_t v = 10000;
    if (const char* env = std::getenv("AICORE_WATCHDOG_SECONDS")) {
      char* end = nullptr;
      const double s = std::strtod(env, &end);
      if (end != env && *end == '\0' && s >= 0 && s < 1e9) {
        v = static_cast<int64_t>(s * 1000 + 0.5);
      } else {
        std::fprintf(stderr,
                     "aicore: AICORE_WATCHDOG_SECONDS=%s is not a number of seconds; "
                     "using 10\n",
                     env);
      }
    }
    return v;
  }()};
  return ms;
}

// The name of task t in reports: "block 3", or "block 1 [AIV]" in a mixed
// launch.
inline std::string WatchBlockName(const LaunchState& st, uint32_t t, bool plural = false) {
  std::string s = plural ? "blocks " : "block ";
  if (!IsMixed(st.geom)) return s + std::to_string(t);
  return t < st.group_num ? s + std::to_string(t) : s + std::to_string(t - st.group_num);
}
inline const char* WatchTypeSuffix(const LaunchState& st, uint32_t t) {
  if (!IsMixed(st.geom)) return "";
  return t < st.group_num ? " [AIC]" : " [AIV]";
}
inline CoreType WatchTaskType(const LaunchState& st, uint32_t t) {
  if (st.geom == Geometry::kAIC || (IsMixed(st.geom) && t < st.group_num)) {
    return CoreType::kAIC;
  }
  return CoreType::kAIV;
}
inline int32_t WatchTaskBlock(const LaunchState& st, uint32_t t) {
  return static_cast<int32_t>(IsMixed(st.geom) && t >= st.group_num ? t - st.group_num : t);
}

class Watchdog {
 public:
  void Add(WatchEntry* e) {
    std::lock_guard<std::mutex> lock(mu_);
    e->last_change = std::chrono::steady_clock::now();
    entries_.push_back(e);
    if (!started_) {
      started_ = true;
      std::thread([this] { Loop(); }).detach();
    }
    cv_.notify_one();
  }
  // Waits for the watchdog thread to be done with e.
  void Remove(WatchEntry* e) {
    std::lock_guard<std::mutex> lock(mu_);
    entries_.erase(std::find(entries_.begin(), entries_.end(), e));
  }

 private:
  static std::chrono::milliseconds Period(const WatchEntry& e) {
    return std::clamp(e.limit / 4, std::chrono::milliseconds(5), std::chrono::milliseconds(500));
  }

  // Changes whenever a block starts, returns or makes progress.
  static uint64_t Signature(const WatchEntry& e) {
    uint64_t sig = 0;
    for (uint32_t t = 0; t < e.tasks; ++t) {
      const WatchSlot& s = e.slots[t];
      sig += s.state.load(std::memory_order_acquire);
      if (const CoreContext* c = s.core.load(std::memory_order_acquire)) {
        sig += c->progress.load(std::memory_order_relaxed) << 2;
      }
    }
    return sig;
  }

  // Whether a block of e's launch has not returned yet (after the last one
  // returns, the launcher is about to remove e).
  static bool Live(const WatchEntry& e) {
    for (uint32_t t = 0; t < e.tasks; ++t) {
      if (e.slots[t].state.load(std::memory_order_acquire) != kSlotReturned) return true;
    }
    return false;
  }

  void Loop() {
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      if (entries_.empty()) {
        cv_.wait(lock);
        continue;
      }
      const auto now = std::chrono::steady_clock::now();
      auto wake = now + std::chrono::milliseconds(500);
      for (WatchEntry* e : entries_) {
        if (e->fired) {
          if (now - e->fired_at >= kWatchdogGrace) Exit(*e);
          wake = std::min(wake, e->fired_at + kWatchdogGrace);
          continue;
        }
        const uint64_t sig = Signature(*e);
        if (sig != e->last_sig) {
          e->last_sig = sig;
          e->last_change = now;
        } else if (now - e->last_change >= e->limit && Live(*e)) {
          Fire(*e, now);
          wake = std::min(wake, now + kWatchdogGrace);
          continue;
        }
        wake = std::min(wake, now + Period(*e));
      }
      cv_.wait_until(lock, wake);
    }
  }

  // Reports the deadlock of e's launch and stops it.
  static void Fire(WatchEntry& e, std::chrono::steady_clock::time_point now) {
    LaunchState& st = *e.st;
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now - e.last_change);
    // Describe every block; consecutive blocks in the same state share a line.
    std::string blocks;
    int32_t culprit = -1;  // the task named by the report
    bool culprit_waits = true;
    std::string api = "kernel body";
    SrcLoc loc{"", 0};
    {
      std::vector<std::string> waits(e.tasks);
      std::vector<const WaitRecord*> recs(e.tasks, nullptr);
      std::unique_lock<std::mutex> coop_lock;
      if (st.coop != nullptr) coop_lock = std::unique_lock<std::mutex>(st.coop->mu);
      if (st.cooperative && st.coop != nullptr) {
        for (const WaitRecord* w = st.coop->head; w != nullptr; w = w->next) {
          uint32_t t = static_cast<uint32_t>(w->block);
          if (IsMixed(st.geom) && w->type == CoreType::kAIV) t += st.group_num;
          if (t < e.tasks) {
            recs[t] = w;
            waits[t] =
                std::string("waiting in ") + w->api + " at " + w->loc.Str() + " for " + w->what;
          }
        }
      }
      std::string prev;
      uint32_t run_begin = 0;
      int groups = 0;
      constexpr int kMaxGroups = 256;
      auto flush = [&](uint32_t end) {  // tasks [run_begin, end) share `prev`
        if (end == run_begin) return;
        if (++groups > kMaxGroups) return;
        if (!blocks.empty()) blocks += "; ";
        if (groups == kMaxGroups) {
          blocks += "... (" + std::to_string(e.tasks - run_begin) + " more blocks)";
          return;
        }
        if (end - run_begin == 1) {
          blocks += WatchBlockName(st, run_begin) + WatchTypeSuffix(st, run_begin);
        } else {
          blocks += WatchBlockName(st, run_begin, true) + "-" +
                    std::to_string(WatchTaskBlock(st, end - 1)) + WatchTypeSuffix(st, run_begin);
        }
        blocks += ": " + prev;
      };
      for (uint32_t t = 0; t < e.tasks; ++t) {
        const uint8_t state = e.slots[t].state.load(std::memory_order_acquire);
        std::string d;
        if (state == kSlotNotStarted) {
          d = "not started";
        } else if (state == kSlotReturned) {
          d = "returned";
        } else if (recs[t] != nullptr) {
          d = waits[t];
          if (culprit < 0) {
            culprit = static_cast<int32_t>(t);
            api = recs[t]->api;
            loc = recs[t]->loc;
          }
        } else {
          const CoreContext* c = e.slots[t].core.load(std::memory_order_acquire);
          const char* last = c ? c->last_api.load(std::memory_order_relaxed) : "";
          const char* file = c ? c->last_file.load(std::memory_order_relaxed) : "";
          const int line = c ? c->last_line.load(std::memory_order_relaxed) : 0;
          if (last == nullptr || *last == '\0') {
            d = "running, no API call yet";
          } else {
            d = std::string("running, last API ") + last + " at " + SrcLoc{file, line}.Str();
          }
          if (culprit < 0 || culprit_waits) {
            culprit = static_cast<int32_t>(t);
            culprit_waits = false;
            api = last != nullptr && *last != '\0' ? last : "kernel body";
            loc = SrcLoc{file != nullptr ? file : "", line};
          }
        }
        const bool same_type = t == 0 || WatchTaskType(st, t) == WatchTaskType(st, t - 1);
        if (t == 0 || d != prev || !same_type) {
          flush(t);
          prev = std::move(d);
          run_begin = t;
        }
      }
      flush(e.tasks);
    }
    char limit[32];
    std::snprintf(limit, sizeof(limit), "%.3g s", static_cast<double>(ms.count()) / 1000.0);
    const std::string detail =
        std::string("no block of the launch made progress for ") + limit +
        " (no API call, no block started or returned; watchdog limit AICORE_WATCHDOG_SECONDS or "
        "aicore::SetWatchdogTimeout): the NPU would hang here. A block that polls a flag no block "
        "sets, or loops on a condition that never changes, never returns. Blocks: " +
        blocks;
    const uint32_t t = culprit >= 0 ? static_cast<uint32_t>(culprit) : 0;
    const CoreType type = WatchTaskType(st, t);
    KernelError err(ErrorKind::kDeadlock, ReportKernel(st, type),
                    culprit >= 0 ? WatchTaskBlock(st, t) : -1, ReportBlockNum(st, type), api, loc,
                    detail);
    e.report = err.what();
    e.fired = true;
    e.fired_at = now;
    st.Record(std::make_exception_ptr(err));  // delivered (or kept for Launch), waiters woken
  }

  // A block ignored the report for kWatchdogGrace: nothing can stop it.
  [[noreturn]] static void Exit(const WatchEntry& e) {
    std::fflush(stdout);
    std::fprintf(stderr,
                 "%s\naicore: watchdog: a block of kernel %s was still running %lld ms after this "
                 "report (a loop that makes no aicore API call cannot be stopped); ending the "
                 "process\n",
                 e.report.c_str(), e.st->kernel, static_cast<long long>(kWatchdogGrace.count()));
    std::fflush(stderr);
    std::_Exit(1);
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<WatchEntry*> entries_;
  bool started_ = false;
};

inline Watchdog& GetWatchdog() {
  static Watchdog* w = new Watchdog;  // never destroyed: its thread outlives static destructors
  return *w;
}

AICORE_RT_FN void WatchAdd(WatchEntry* e) { GetWatchdog().Add(e); }
AICORE_RT_FN void WatchRemove(WatchEntry* e) { GetWatchdog().Remove(e); }

// ---------------------------------------------------------------------------
// Crash handler.

#ifdef AICORE_HAVE_SIGACTION

constexpr int kCrashSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
constexpr int kNumCrashSignals = 4;

// The handlers installed before aicore's (written once, before ours is set).
inline struct sigaction g_prev_crash_action[kNumCrashSignals];
inline std::atomic<bool> g_crash_reported{false};

// Async-signal-safe formatting into a fixed buffer.
struct SignalText {
  char buf[1024];
  size_t n = 0;
  void Add(const char* s) {
    if (s == nullptr) return;
    while (*s != '\0' && n + 1 < sizeof(buf)) buf[n++] = *s++;
  }
  void Dec(uint64_t v) {
    char d[24];
    int k = 0;
    do {
      d[k++] = static_cast<char>('0' + v % 10);
      v /= 10;
    } while (v != 0);
    while (k > 0 && n + 1 < sizeof(buf)) buf[n++] = d[--k];
  }
  void Hex(uint64_t v) {
    Add("0x");
    char d[16];
    int k = 0;
    do {
      d[k++] = "0123456789abcdef"[v & 15];
      v >>= 4;
    } while (v != 0);
    while (k > 0 && n + 1 < sizeof(buf)) buf[n++] = d[--k];
  }
};

inline const char* CrashSignalName(int sig) {
  switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
  }
  return "signal";
}

// Writes the crash line of the block running on this thread (async-signal-safe).
inline void WriteCrashReport(const CoreContext& c, int sig, const siginfo_t* info) {
  const LaunchState& st = *c.launch;
  SignalText t;
  t.Add("aicore: crash (");
  t.Add(CrashSignalName(sig));
  if (info != nullptr && info->si_code > 0) {  // raised by the CPU, not sent
    t.Add(sig == SIGSEGV || sig == SIGBUS ? ", address " : ", instruction ");
    t.Hex(reinterpret_cast<uintptr_t>(info->si_addr));
  }
  t.Add(") in kernel ");
  t.Add(st.kernel);
  if (IsMixed(st.geom)) t.Add(c.core_type == CoreType::kAIC ? " [AIC]" : " [AIV]");
  t.Add(", block ");
  t.Dec(static_cast<uint64_t>(c.block_idx));
  t.Add(" of ");
  const uint32_t num = IsMixed(st.geom) && c.core_type == CoreType::kAIV
                           ? AivPerGroup(st.geom) * st.group_num
                           : st.group_num;
  t.Dec(num);
  const char* api = c.last_api.load(std::memory_order_relaxed);
  if (c.san == 0) {
    t.Add(", last API not recorded (no deep mode on for this launch)");
  } else if (api == nullptr || *api == '\0') {
    t.Add(", before any API call");
  } else {
    t.Add(", last API ");
    t.Add(api);
    t.Add(" at ");
    t.Add(c.last_file.load(std::memory_order_relaxed));
    t.Add(":");
    t.Dec(static_cast<uint64_t>(c.last_line.load(std::memory_order_relaxed)));
  }
  t.Add("; the process stops (its memory may be corrupt; run it under a debugger for the stack)\n");
  size_t off = 0;
  while (off < t.n) {
    const ssize_t w = ::write(2, t.buf + off, t.n - off);
    if (w <= 0) break;
    off += static_cast<size_t>(w);
  }
}

inline void CrashSignalHandler(int sig, siginfo_t* info, void* uctx) {
  const int saved_errno = errno;
  int i = 0;
  while (i < kNumCrashSignals && kCrashSignals[i] != sig) ++i;
  if (i == kNumCrashSignals) return;
  const struct sigaction& prev = g_prev_crash_action[i];
  const CoreContext* c = t_core;
  const bool in_block = c != nullptr && c->launch != nullptr;
  if (!in_block && prev.sa_handler != SIG_DFL && prev.sa_handler != SIG_IGN) {
    // Not ours: hand it on as if aicore's handler were not there.
    if (prev.sa_flags & SA_SIGINFO) {
      prev.sa_sigaction(sig, info, uctx);
    } else {
      prev.sa_handler(sig);
    }
    errno = saved_errno;
    return;
  }
  if (in_block && !g_crash_reported.exchange(true)) WriteCrashReport(*c, sig, info);
  // Back to the previous handler (by default: the process dies of the
  // signal). A fault raised by the CPU repeats when the handler returns; a
  // signal sent by raise/kill is sent again.
  ::sigaction(sig, &prev, nullptr);
  if (info == nullptr || info->si_code <= 0) ::raise(sig);
  errno = saved_errno;
}

AICORE_RT_FN void InstallCrashHandlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (int i = 0; i < kNumCrashSignals; ++i) {
      struct sigaction act;
      std::memset(&act, 0, sizeof(act));
      act.sa_sigaction = &CrashSignalHandler;
      act.sa_flags = SA_SIGINFO | SA_ONSTACK;
      sigemptyset(&act.sa_mask);
      ::sigaction(kCrashSignals[i], nullptr, &g_prev_crash_action[i]);
      ::sigaction(kCrashSignals[i], &act, nullptr);
    }
  });
}

#else
AICORE_RT_FN void InstallCrashHandlers() {}
#endif

}  // namespace detail
}  // namespace aicore
