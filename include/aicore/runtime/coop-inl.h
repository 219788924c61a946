// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Definitions of aicore/runtime/coop.h (see AICORE_RT_FN in base/defs.h).
#pragma once

#include "aicore/runtime/coop.h"

namespace aicore {
namespace detail {

AICORE_RT_FN void CheckHang(LaunchState& st, CoopState& c) {
  const uint32_t waiting = c.waiting.load(std::memory_order_seq_cst);
  if (waiting == 0) return;
  const uint32_t exited = c.Exited();
  if (waiting + exited < c.total) return;
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
    std::snprintf(line, sizeof(line), "%sblock %d%s waits in %s at %s:%d for %s",
                  listed ? "; " : "", w->block,
                  IsMixed(st.geom) ? (w->type == CoreType::kAIC ? " [AIC]" : " [AIV]") : "", w->api,
                  w->loc.file ? w->loc.file : "", w->loc.line, w->what);
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

AICORE_RT_FN void CoopExit(LaunchState& st, uint32_t thread) {
  CoopState& c = *st.coop;
  c.NoteExit(thread, st.coop_seq);
  if (c.waiting.load(std::memory_order_seq_cst) == 0) return;
  std::lock_guard<std::mutex> lock(c.mu);
  if (st.abort.load(std::memory_order_relaxed)) {
    c.cv.notify_all();
    return;
  }
  CheckHang(st, c);
}
}  // namespace detail
}  // namespace aicore
