// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Kernel text output (AscendC::printf, DumpTensor, LocalTensor::Print):
// lines from different blocks never interleave. A block's text is collected
// in its core context and written whole lines at a time under one
// process-wide lock; a partial last line is written (with a newline) when
// the block ends. Outside a kernel, text is written at once, under the lock.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>
#include <type_traits>
#include <vector>

#include "aicore/base/half.h"
#include "aicore/runtime/context.h"

namespace aicore {
namespace detail {

struct OutputState {
  std::mutex mu;
  FILE* file = nullptr;  // nullptr: stdout
};

inline OutputState& Output() {
  static OutputState s;
  return s;
}

AICORE_RT_FN void WriteLocked(const char* p, size_t n);

// Appends text written by the running block (or writes it, outside a kernel).
AICORE_RT_FN void KernelWrite(const char* p, size_t n);

inline void KernelWrite(const std::string& s) { KernelWrite(s.data(), s.size()); }

// Writes what is left of a block's output when it ends.
AICORE_RT_FN void FlushBlockOutput(CoreContext& c);

// Appends one element as text: floating types with %g (half and bfloat16_t
// through float), integers in decimal.
template <class T>
void AppendValue(std::string& s, const T& v) {
  char buf[48];
  if constexpr (std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>) {
    std::snprintf(buf, sizeof(buf), "%g", static_cast<double>(static_cast<float>(v)));
  } else if constexpr (std::is_floating_point_v<T>) {
    std::snprintf(buf, sizeof(buf), "%g", static_cast<double>(v));
  } else if constexpr (std::is_signed_v<T>) {
    std::snprintf(buf, sizeof(buf), "%lld", static_cast<long long>(v));
  } else {
    std::snprintf(buf, sizeof(buf), "%llu", static_cast<unsigned long long>(v));
  }
  s += buf;
}

// Appends n elements, `per_line` to a line, each line starting with the
// index of its first element: "  16: 1, 2.5, ...".
template <class T>
void AppendValues(std::string& s, const T* p, size_t n, size_t per_line, size_t first_index = 0) {
  if (per_line == 0) per_line = 16;
  for (size_t i = 0; i < n; ++i) {
    if (i % per_line == 0) {
      char head[32];
      std::snprintf(head, sizeof(head), "%s%6zu: ", i == 0 ? "" : "\n", first_index + i);
      s += head;
    } else {
      s += ", ";
    }
    AppendValue(s, p[i]);
  }
  s += '\n';
}

}  // namespace detail

// Where kernel text output goes (nullptr: stdout, the default). The file is
// flushed after every write.
AICORE_RT_FN void SetKernelOutput(FILE* f);

}  // namespace aicore

#if AICORE_RT_DEFINITIONS
#include "aicore/runtime/output-inl.h"
#endif
