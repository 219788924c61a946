// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// aicore::bench — compare kernel variants side by side (tile sizes, buffer
// counts, block counts, a hand-written baseline ...):
//
//   aicore::bench::Buffer<half> x(n), y(n);            // allocated once, pages touched
//   auto results = aicore::bench::CompareVariants({
//       {"tile 2048", [&] { aicore::Launch(gelu_custom<half>, 8, x.bytes(), y.bytes(), GeluTiling{n, 2048}); }},
//       {"tile 8192", [&] { aicore::Launch(gelu_custom<half>, 8, x.bytes(), y.bytes(), GeluTiling{n, 8192}); }},
//   });
//   for (auto& r : results) std::printf("%s: %.1f us\n", r.name.c_str(), r.stats.median * 1e-3);
//
// Variants run interleaved: after a warm-up, every repetition runs each
// variant once (in a rotating order), so that drift of the machine (other
// processes, clock changes) affects all variants alike and their ratios stay
// meaningful. Times are in nanoseconds. Report medians, not means.
//
// With CompareOptions::npu_estimate, each variant also runs once more with
// the timeline recorder on, and VariantResult::npu_us gives the estimated
// NPU time of its last launch (instrument/timeline_estimate.h; a model, not
// a measurement) beside its CPU time.
//
// Row, WriteCsv and PrintTable format results as
// workload,dtype,threads,variant,median_ns,p10_ns,p90_ns,gbps.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <new>
#include <ostream>
#include <string>
#include <type_traits>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "aicore/instrument/timeline.h"
#include "aicore/instrument/timeline_estimate.h"

namespace aicore {
namespace bench {

// A monotonic stopwatch.
class Timer {
 public:
  using Clock = std::chrono::steady_clock;

  Timer() : start_(Clock::now()) {}
  void Reset() { start_ = Clock::now(); }
  double ElapsedNs() const {
    return std::chrono::duration<double, std::nano>(Clock::now() - start_).count();
  }

 private:
  Clock::time_point start_;
};

// Summary of a set of samples (nanoseconds). Percentiles interpolate linearly
// between the sorted samples.
struct Stats {
  double median = 0;
  double p10 = 0;
  double p90 = 0;
  double min = 0;
  double mean = 0;
  size_t samples = 0;

  static Stats From(std::vector<double> v) {
    Stats s;
    s.samples = v.size();
    if (v.empty()) return s;
    std::sort(v.begin(), v.end());
    auto at = [&](double q) {
      const double pos = q * static_cast<double>(v.size() - 1);
      const size_t lo = static_cast<size_t>(pos);
      const size_t hi = std::min(lo + 1, v.size() - 1);
      return v[lo] + (v[hi] - v[lo]) * (pos - static_cast<double>(lo));
    };
    s.median = at(0.5);
    s.p10 = at(0.1);
    s.p90 = at(0.9);
    s.min = v.front();
    double sum = 0;
    for (double x : v) sum += x;
    s.mean = sum / static_cast<double>(v.size());
    return s;
  }
};

// A named callable to time. It must do the same work on every call.
struct Variant {
  std::string name;
  std::function<void()> run;
};

struct CompareOptions {
  uint32_t reps = 100;           // timed samples per variant
  uint32_t warmup = 3;           // untimed calls per variant before timing ...
  double min_warmup_ns = 20e6;   // ... and at least this long in all
  // Calls per sample: 1, or enough that one sample takes min_sample_ns
  // (judged from the warm-up); a sample is then the mean of its calls.
  double min_sample_ns = 0;
  // After timing, run each variant once more with the timeline recorder on
  // and keep the NPU time estimate of its last launch (VariantResult::npu_us).
  bool npu_estimate = false;
};

struct VariantResult {
  std::string name;
  Stats stats;                   // per call, nanoseconds
  uint32_t calls_per_sample = 1;
  // CompareOptions::npu_estimate: the estimated NPU time of the variant's
  // last launch, microseconds (-1: not asked for, or the variant launched
  // nothing); npu_bound: its bound pipe (or "GM").
  double npu_us = -1;
  std::string npu_bound;
};

// Runs the variants interleaved (see the top of this file) and returns their
// per-call statistics, in the order given.
inline std::vector<VariantResult> CompareVariants(const std::vector<Variant>& variants,
                                                  const CompareOptions& opt = {}) {
  const size_t n = variants.size();
  std::vector<VariantResult> out(n);
  if (n == 0) return out;
  // Warm-up, interleaved; remember each variant's fastest call.
  std::vector<double> fastest(n, 1e300);
  const Timer warm;
  for (uint32_t w = 0; w < std::max<uint32_t>(opt.warmup, 1) || warm.ElapsedNs() < opt.min_warmup_ns;
       ++w) {
    for (size_t v = 0; v < n; ++v) {
      const Timer t;
      variants[v].run();
      fastest[v] = std::min(fastest[v], t.ElapsedNs());
    }
  }
  std::vector<std::vector<double>> samples(n);
  for (size_t v = 0; v < n; ++v) {
    out[v].name = variants[v].name;
    if (opt.min_sample_ns > 0) {
      const double calls = std::ceil(opt.min_sample_ns / std::max(fastest[v], 1.0));
      out[v].calls_per_sample = static_cast<uint32_t>(std::min(std::max(calls, 1.0), 1e6));
    }
    samples[v].reserve(opt.reps);
  }
  for (uint32_t r = 0; r < opt.reps; ++r) {
    for (size_t k = 0; k < n; ++k) {
      const size_t v = (r + k) % n;  // rotate who goes first
      const uint32_t calls = out[v].calls_per_sample;
      const Timer t;
      for (uint32_t c = 0; c < calls; ++c) variants[v].run();
      samples[v].push_back(t.ElapsedNs() / calls);
    }
  }
  for (size_t v = 0; v < n; ++v) out[v].stats = Stats::From(std::move(samples[v]));
  if (opt.npu_estimate) {
    const bool was_on = profile::TimelineEnabled();
    for (size_t v = 0; v < n; ++v) {
      profile::ClearTimeline();
      profile::EnableTimeline(true);
      variants[v].run();
      profile::EnableTimeline(was_on);
      const profile::Timeline t = profile::LastTimeline();
      if (!t.blocks.empty()) {
        const profile::TimelineEstimate e = profile::EstimateTimeline(t);
        out[v].npu_us = e.us;
        out[v].npu_bound = e.bound;
      }
    }
  }
  return out;
}

// A buffer for benchmark data: 64-byte aligned, backed by transparent huge
// pages where the OS offers them, and with every page touched at
// construction, so that no first-touch page fault lands inside a timing.
template <class T>
class Buffer {
  static_assert(std::is_trivially_copyable_v<T>, "Buffer holds trivially copyable elements");

 public:
  Buffer() = default;
  explicit Buffer(size_t count) : count_(count) {
    const size_t bytes = std::max<size_t>(RoundUp(count * sizeof(T)), kAlign);
    data_.reset(static_cast<T*>(::operator new(bytes, std::align_val_t(kAlign))));
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    // Only whole huge pages inside the allocation can be advised.
    const uintptr_t begin = reinterpret_cast<uintptr_t>(data_.get());
    const uintptr_t first = (begin + kHuge - 1) & ~(kHuge - 1);
    const uintptr_t last = (begin + bytes) & ~(kHuge - 1);
    if (last > first) madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
#endif
    std::memset(static_cast<void*>(data_.get()), 0, bytes);
  }

  T* data() { return data_.get(); }
  const T* data() const { return data_.get(); }
  size_t size() const { return count_; }
  uint8_t* bytes() { return reinterpret_cast<uint8_t*>(data_.get()); }  // as a GM_ADDR
  T& operator[](size_t i) { return data_.get()[i]; }
  const T& operator[](size_t i) const { return data_.get()[i]; }

 private:
  static constexpr size_t kAlign = 64;
  static constexpr uintptr_t kHuge = 2u << 20;
  static size_t RoundUp(size_t b) { return (b + kAlign - 1) / kAlign * kAlign; }
  struct Delete {
    void operator()(T* p) const { ::operator delete(static_cast<void*>(p), std::align_val_t(kAlign)); }
  };
  std::unique_ptr<T, Delete> data_;
  size_t count_ = 0;
};

// One measurement, as reported.
struct Row {
  std::string workload;
  std::string dtype;
  uint32_t threads = 1;
  std::string variant;
  Stats stats;
  double bytes = 0;  // bytes read + written per call (0: not a bandwidth workload)

  double GBps() const { return bytes > 0 && stats.median > 0 ? bytes / stats.median : 0; }
};

namespace detail {
template <class... Args>
std::string Format(const char* fmt, Args... args) {
  char buf[256];
  std::snprintf(buf, sizeof(buf), fmt, args...);
  return buf;
}
// Human-readable duration from nanoseconds.
inline std::string Duration(double ns) {
  if (ns < 1e4) return Format("%.0f ns", ns);
  if (ns < 1e7) return Format("%.1f us", ns * 1e-3);
  return Format("%.2f ms", ns * 1e-6);
}
}  // namespace detail

inline const char* CsvHeader() { return "workload,dtype,threads,variant,median_ns,p10_ns,p90_ns,gbps"; }

inline void WriteCsvHeader(std::ostream& os) { os << CsvHeader() << '\n'; }

inline void WriteCsvRow(std::ostream& os, const Row& r) {
  os << r.workload << ',' << r.dtype << ',' << r.threads << ',' << r.variant << ','
     << detail::Format("%.1f,%.1f,%.1f,%.3f", r.stats.median, r.stats.p10, r.stats.p90, r.GBps())
     << '\n';
}

inline void WriteCsv(std::ostream& os, const std::vector<Row>& rows, bool header = true) {
  if (header) WriteCsvHeader(os);
  for (const Row& r : rows) WriteCsvRow(os, r);
}

// Speed of `row` relative to `base` (> 1: row is faster): base median / row median.
inline double SpeedRatio(const Row& row, const Row& base) {
  return row.stats.median > 0 ? base.stats.median / row.stats.median : 0;
}

// A table of rows. When `baseline` names a variant, a column gives each
// row's speed relative to that variant's row of the same workload, dtype and
// thread count.
inline void PrintTable(std::ostream& os, const std::vector<Row>& rows,
                       const std::string& baseline = "") {
  const std::string ratio_title = baseline.empty() ? "" : "speed vs " + baseline;
  os << detail::Format("%-20s %-6s %3s %-8s %10s %10s %10s %9s  %s\n", "workload", "dtype", "thr",
                       "variant", "median", "p10", "p90", "GB/s", ratio_title.c_str());
  for (const Row& r : rows) {
    std::string ratio;
    if (!baseline.empty()) {
      for (const Row& b : rows) {
        if (b.variant == baseline && b.workload == r.workload && b.dtype == r.dtype &&
            b.threads == r.threads) {
          ratio = detail::Format("%.3fx", SpeedRatio(r, b));
        }
      }
    }
    const std::string gbps = r.bytes > 0 ? detail::Format("%.2f", r.GBps()) : "-";
    os << detail::Format("%-20s %-6s %3u %-8s %10s %10s %10s %9s  %s\n", r.workload.c_str(),
                         r.dtype.c_str(), r.threads, r.variant.c_str(),
                         detail::Duration(r.stats.median).c_str(),
                         detail::Duration(r.stats.p10).c_str(),
                         detail::Duration(r.stats.p90).c_str(), gbps.c_str(), ratio.c_str());
  }
}

}  // namespace bench
}  // namespace aicore
