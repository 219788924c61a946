// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Definitions of aicore/base/sanitize.h (see AICORE_RT_FN in base/defs.h).
#pragma once

#include "aicore/base/sanitize.h"

namespace aicore {
namespace detail {

AICORE_RT_FN uint32_t ParseSanitizeModes(const char* spec) {
  static const struct {
    const char* name;
    uint32_t bit;
  } kModes[] = {{"memcheck", kMemcheck},
                {"racecheck", kRacecheck},
                {"initcheck", kInitcheck},
                {"synccheck", kSynccheck},
                {"numcheck", kNumcheck},
                {"all", kSanitizeAll},
                {"none", 0}};
  uint32_t bits = 0;
  std::string s = spec ? spec : "";
  size_t i = 0;
  while (i <= s.size()) {
    size_t j = s.find_first_of(", ", i);
    if (j == std::string::npos) j = s.size();
    const std::string word = s.substr(i, j - i);
    if (!word.empty()) {
      bool known = false;
      for (const auto& m : kModes) {
        if (word == m.name) {
          bits |= m.bit;
          known = true;
        }
      }
      if (!known) {
        throw std::invalid_argument("unknown sanitizer mode '" + word +
                                    "' (known: memcheck, racecheck, initcheck, synccheck, "
                                    "numcheck, all, none)");
      }
    }
    i = j + 1;
  }
  return bits;
}

AICORE_RT_FN SanitizeConfig& Sanitize() {
  static SanitizeConfig* cfg = [] {
    auto* c = new SanitizeConfig;  // never destroyed: used by atexit handlers and late threads
    const char* env = std::getenv("AICORE_SANITIZE");
    if (env != nullptr && *env != '\0') {
      try {
        c->modes.store(ParseSanitizeModes(env), std::memory_order_relaxed);
      } catch (const std::invalid_argument& e) {
        std::fprintf(stderr, "aicore: AICORE_SANITIZE=%s: %s\n", env, e.what());
        std::exit(2);
      }
      c->from_env = true;
      if (const char* code = std::getenv("AICORE_SANITIZE_EXITCODE"))
        c->exit_code = std::atoi(code);
      std::atexit(&SanitizeAtExit);
    }
    if (const char* a = std::getenv("AICORE_AUTO_SYNC"); a != nullptr && *a != '\0') {
      const std::string v = a;
      if (v == "on" || v == "1") {
        c->auto_sync.store(true, std::memory_order_relaxed);
      } else if (v == "off" || v == "0") {
        c->auto_sync.store(false, std::memory_order_relaxed);
      } else {
        std::fprintf(stderr, "aicore: AICORE_AUTO_SYNC=%s: expected on or off\n", a);
        std::exit(2);
      }
    }
    return c;
  }();
  return *cfg;
}

AICORE_RT_FN void SanitizeAtExit() {
  SanitizeConfig& c = Sanitize();
  std::string extra;
  try {
    if (g_exit_report) extra = g_exit_report();
  } catch (...) {  // a throwing error sink: nothing to unwind to at exit
  }
  std::lock_guard<std::mutex> lock(c.mu);
  const uint64_t n = c.errors.load();
  std::fflush(stdout);
  if (!extra.empty()) std::fputs(extra.c_str(), stderr);
  std::fprintf(stderr, "aicore sanitizer: %llu error%s reported\n",
               static_cast<unsigned long long>(n), n == 1 ? "" : "s");
  std::fflush(stderr);
  if (n != 0 && c.exit_code != 0) std::_Exit(c.exit_code);
}

AICORE_RT_FN void PrintReport(SanitizeConfig& c, const KernelError& e, const char* note) {
  std::lock_guard<std::mutex> lock(c.mu);
  std::fflush(stdout);
  std::fprintf(stderr, "%s%s\n", e.what(), note);
  std::fflush(stderr);
  c.recent_printed[c.printed++ % SanitizeConfig::kRecentPrinted] = e.what();
}

AICORE_RT_FN bool PrintedRecently(const KernelError& e) {
  SanitizeConfig& c = Sanitize();
  std::lock_guard<std::mutex> lock(c.mu);
  for (const std::string& r : c.recent_printed) {
    if (r == e.what()) return true;
  }
  return false;
}

AICORE_RT_FN bool Deliver(const KernelError& e, bool print) {
  SanitizeConfig& c = Sanitize();
  c.errors.fetch_add(1, std::memory_order_relaxed);
  if (t_in_sink) {
    PrintReport(c, e, " (raised inside the error sink: thrown into it, not delivered to it)");
    throw e;
  }
  if (c.has_sink.load(std::memory_order_acquire)) {
    if (!c.sink_gate.try_lock_for(kSinkWait)) {
      PrintReport(c, e, " (the error sink stayed busy: not delivered to it)");
      return false;
    }
    std::lock_guard<TimedGate> lock(c.sink_gate, std::adopt_lock);
    if (c.sink) {
      const ErrorSink sink = c.sink;  // a copy: the sink may replace itself
      struct InSink {
        InSink() { t_in_sink = true; }
        ~InSink() { t_in_sink = false; }
      } in_sink;
      sink(e);
      return true;
    }
  }
  if (print || c.modes.load(std::memory_order_relaxed) != 0) PrintReport(c, e);
  return false;
}

AICORE_RT_FN void DeliverOrThrow(const KernelError& e) {
  if (!Deliver(e)) throw e;
}
}  // namespace detail
}  // namespace aicore
