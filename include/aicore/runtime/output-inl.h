// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Definitions of aicore/runtime/output.h (see AICORE_RT_FN in base/defs.h).
#pragma once

#include "aicore/runtime/output.h"

namespace aicore {
namespace detail {

AICORE_RT_FN void WriteLocked(const char* p, size_t n) {
  OutputState& o = Output();
  std::lock_guard<std::mutex> lock(o.mu);
  FILE* f = o.file != nullptr ? o.file : stdout;
  std::fwrite(p, 1, n, f);
  std::fflush(f);
}

AICORE_RT_FN void KernelWrite(const char* p, size_t n) {
  CoreContext* c = t_core;
  if (c == nullptr) {
    WriteLocked(p, n);
    return;
  }
  std::vector<char>& out = c->out;
  out.insert(out.end(), p, p + n);
  size_t last = out.size();
  while (last > 0 && out[last - 1] != '\n') --last;
  if (last == 0) return;
  WriteLocked(out.data(), last);
  out.erase(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(last));
}

AICORE_RT_FN void FlushBlockOutput(CoreContext& c) {
  if (c.out.empty()) return;
  if (c.out.back() != '\n') c.out.push_back('\n');
  WriteLocked(c.out.data(), c.out.size());
  c.out.clear();
}
}  // namespace detail
}  // namespace aicore

namespace aicore {

AICORE_RT_FN void SetKernelOutput(FILE* f) {
  detail::OutputState& o = detail::Output();
  std::lock_guard<std::mutex> lock(o.mu);
  o.file = f;
}
}  // namespace aicore
