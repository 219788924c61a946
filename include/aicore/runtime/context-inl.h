// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Definitions of runtime/context.h (see AICORE_RT_FN in base/defs.h).
#pragma once

#include "aicore/runtime/context.h"

namespace aicore {
namespace detail {

AICORE_RT_FN void LaunchState::Record(std::exception_ptr e) {
  RecordNoWake(std::move(e));
  if (coop != nullptr) {
    std::lock_guard<std::mutex> lock(coop->mu);
    coop->cv.notify_all();
  }
}

AICORE_RT_FN void LaunchState::RecordNoWake(std::exception_ptr e) {
  std::lock_guard<std::mutex> lock(mu);
  abort.store(true, std::memory_order_relaxed);
  if (fatal_seen) return;
  fatal_seen = true;
  bool sunk = false;
  try {
    std::rethrow_exception(e);
  } catch (const KernelError& k) {
    try {
      sunk = DeliverFromLaunch(k);
    } catch (...) {
      e = std::current_exception();  // the sink threw: Launch rethrows that
    }
  } catch (...) {
  }
  if (!sunk && !first) first = std::move(e);
}

AICORE_RT_FN void LaunchState::ReportNonFatal(const KernelError& e) {
  std::lock_guard<std::mutex> lock(mu);
  for (const ReportKey& k : reported) {
    if (k.kind == e.kind() && k.line == e.line() && e.api() == k.api && e.file() == k.file) return;
  }
  if (reported.size() >= kMaxReports) return;
  reported.push_back(ReportKey{e.kind(), e.line(), e.api(), e.file()});
  bool sunk = false;
  try {
    sunk = DeliverFromLaunch(e);
  } catch (...) {
    if (!first) first = std::current_exception();
    return;
  }
  if (!sunk && !first) first = std::make_exception_ptr(e);
}

AICORE_RT_FN CoreContext::CoreContext() {
  for (int m = 0; m < kNumMemories; ++m) {
    const size_t bytes = kMaxMemoryBytes[m] + kArenaSlack;
    arena[m] = std::unique_ptr<uint8_t, ArenaDelete>(ArenaAlloc(bytes), ArenaDelete{bytes});
  }
  for (int p = 0; p < static_cast<int>(AscendC::TPosition::MAX); ++p) {
    BufferDesc& d = static_desc[p];
    d.pos = static_cast<AscendC::TPosition>(p);
    d.base = arena[static_cast<int>(PositionMemory(d.pos))].get();
    d.state = BufState::kOccupied;
    d.kind = "LocalTensor";
  }
}

AICORE_RT_FN void CoreContext::Defer(ErrorKind kind, const char* api, SrcLoc loc,
                                     const std::string& detail) {
  if (deferred) return;
  deferred = true;
  deferred_kind = kind;
  deferred_api = api;
  deferred_loc = loc;
  deferred_detail.assign(detail.c_str(), detail.c_str() + detail.size() + 1);
}

AICORE_RT_FN bool DeliverFromLaunch(const KernelError& e) {
  struct Outside {  // the sink runs outside the block (t_core restored on exit)
    CoreContext* saved = t_core;
    Outside() { t_core = nullptr; }
    ~Outside() { t_core = saved; }
  } outside;
  return Deliver(e);
}

AICORE_RT_FN std::string ReportKernel(const LaunchState& l, CoreType type) {
  if (!IsMixed(l.geom)) return l.kernel;
  return std::string(l.kernel) + (type == CoreType::kAIC ? " [AIC]" : " [AIV]");
}

AICORE_RT_COLD AICORE_RT_FN void Fail(ErrorKind kind, const char* api, SrcLoc loc,
                                      std::string detail) {
  CoreContext* c = t_core;
  if (c != nullptr && c->launch != nullptr) {
    KernelError e(kind, ReportKernel(*c->launch, c->core_type), c->block_idx,
                  ReportBlockNum(*c->launch, c->core_type), api, loc, std::move(detail));
    // Recorded now: the launch fails even if the kernel catches the exception
    // (the launcher's Record of the same error is then a no-op; it, or
    // CoopExit, wakes blocks waiting in SyncAll).
    c->launch->RecordNoWake(std::make_exception_ptr(e));
    throw e;
  }
  throw KernelError(kind, "", -1, 0, api, loc,
                    std::move(detail) + " (called outside a kernel launch)");
}

AICORE_RT_COLD AICORE_RT_FN void FailOutsideKernel(const char* api, SrcLoc loc) {
  throw KernelError(ErrorKind::kLaunch, "", -1, 0, api, loc,
                    "kernel API called outside aicore::Launch");
}

AICORE_RT_COLD AICORE_RT_FN void Report(CoreContext& c, ErrorKind kind, const char* api, SrcLoc loc,
                                        std::string detail) {
  c.launch->ReportNonFatal(KernelError(kind, ReportKernel(*c.launch, c.core_type), c.block_idx,
                                       ReportBlockNum(*c.launch, c.core_type), api, loc,
                                       std::move(detail)));
}

}  // namespace detail
}  // namespace aicore
