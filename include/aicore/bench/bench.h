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
// workload,dtype,threads,variant,median_ns,p10_ns,p90_ns,gbps; WriteJson
// gives the same rows (with the NPU estimate) as JSON, WriteSvgChart as an
// SVG bar chart (speed relative to a baseline variant, and the NPU estimates
// where there are some) that a browser opens. CompareOptions::reports names
// files CompareVariants writes them to (ReportPaths; WriteReports for rows
// of your own).
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
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
#include "aicore/runtime/context.h"
#include "aicore/runtime/pool.h"

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
  // Files CompareVariants writes its results to before it returns (each
  // empty: not written): the CSV, JSON and SVG chart of WriteReports, with
  // the first variant as the baseline and `title` as the workload name.
  struct ReportPaths {
    std::string csv, json, svg;
  } reports;
  std::string title = "variants";
};
using ReportPaths = CompareOptions::ReportPaths;

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
  // The estimated NPU time of the variant's launch, microseconds, and its
  // bound (-1 / "": no estimate; see CompareOptions::npu_estimate).
  double npu_us = -1;
  std::string npu_bound;

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

// A CSV field: as is, or quoted (quotes doubled) when it holds a comma, a
// quote or a line break (RFC 4180).
inline std::string CsvField(const std::string& f) {
  if (f.find_first_of(",\"\r\n") == std::string::npos) return f;
  std::string q = "\"";
  for (const char c : f) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

inline void WriteCsvRow(std::ostream& os, const Row& r) {
  os << CsvField(r.workload) << ',' << CsvField(r.dtype) << ',' << r.threads << ',' << CsvField(r.variant) << ','
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
// thread count. When some rows have an NPU estimate (Row::npu_us), a column
// "NPU est" gives it in microseconds (with its bound pipe) for those rows,
// "-" for the others.
inline void PrintTable(std::ostream& os, const std::vector<Row>& rows,
                       const std::string& baseline = "") {
  const std::string ratio_title = baseline.empty() ? "" : "speed vs " + baseline;
  bool any_npu = false;
  for (const Row& r : rows) any_npu = any_npu || r.npu_us >= 0;
  os << detail::Format("%-20s %-6s %3s %-8s %10s %10s %10s %9s  ", "workload", "dtype", "thr", "variant",
                       "median", "p10", "p90", "GB/s")
     << (any_npu ? detail::Format("%-20s  ", "NPU est (bound)") : "") << ratio_title << "\n";
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
    std::string npu;
    if (any_npu) {
      const std::string v =
          r.npu_us >= 0 ? detail::Format("%.2f us (", r.npu_us) + r.npu_bound + ")" : std::string("-");
      npu = detail::Format("%-20s  ", v.c_str());
    }
    os << detail::Format("%-20s %-6s %3u %-8s %10s %10s %10s %9s  ", r.workload.c_str(), r.dtype.c_str(),
                         r.threads, r.variant.c_str(), detail::Duration(r.stats.median).c_str(),
                         detail::Duration(r.stats.p10).c_str(), detail::Duration(r.stats.p90).c_str(),
                         gbps.c_str())
       << npu << ratio << "\n";
  }
}

// The results of CompareVariants as rows: workload `title`, dtype "", the
// core grid's thread count, no bytes; the NPU estimate where there is one.
inline std::vector<Row> ToRows(const std::vector<VariantResult>& results, const std::string& title) {
  std::vector<Row> rows;
  for (const VariantResult& r : results) {
    Row row;
    row.workload = title;
    row.threads = GetNumThreads();
    row.variant = r.name;
    row.stats = r.stats;
    row.npu_us = r.npu_us;
    row.npu_bound = r.npu_bound;
    rows.push_back(std::move(row));
  }
  return rows;
}

namespace detail {
// The row `baseline` names in `r`'s group (same workload, dtype, threads),
// else the group's first row.
inline const Row* BaselineOf(const std::vector<Row>& rows, const Row& r, const std::string& baseline) {
  const Row* first = nullptr;
  for (const Row& b : rows) {
    if (b.workload != r.workload || b.dtype != r.dtype || b.threads != r.threads) continue;
    if (first == nullptr) first = &b;
    if (b.variant == baseline) return &b;
  }
  return first;
}
inline std::string JsonStr(const std::string& s) {
  return "\"" + profile::detail::JsonEscape(s.c_str()) + "\"";
}
}  // namespace detail

// The rows as one JSON object:
//   {"title": ..., "baseline": ..., "rows": [{"workload", "dtype", "threads",
//    "variant", "median_ns", "p10_ns", "p90_ns", "gbps", "speed_vs_baseline",
//    "npu_us", "npu_bound"}, ...]}
// speed_vs_baseline is the baseline's median over the row's (> 1: faster)
// against the row of `baseline` in its group (same workload, dtype and
// threads; the group's first row when none is named so); npu_us and
// npu_bound are null without an estimate.
inline void WriteJson(std::ostream& os, const std::vector<Row>& rows, const std::string& baseline = "",
                      const std::string& title = "") {
  os << "{\"title\":" << detail::JsonStr(title) << ",\"baseline\":" << detail::JsonStr(baseline)
     << ",\"rows\":[";
  for (size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    const Row* b = detail::BaselineOf(rows, r, baseline);
    os << (i == 0 ? "\n" : ",\n") << "{\"workload\":" << detail::JsonStr(r.workload)
       << ",\"dtype\":" << detail::JsonStr(r.dtype) << ",\"threads\":" << r.threads
       << ",\"variant\":" << detail::JsonStr(r.variant)
       << detail::Format(",\"median_ns\":%.1f,\"p10_ns\":%.1f,\"p90_ns\":%.1f,\"gbps\":%.3f",
                         r.stats.median, r.stats.p10, r.stats.p90, r.GBps())
       << ",\"speed_vs_baseline\":"
       << (b != nullptr && r.stats.median > 0 ? detail::Format("%.4f", SpeedRatio(r, *b)) : "null")
       << ",\"npu_us\":" << (r.npu_us >= 0 ? detail::Format("%.4f", r.npu_us) : "null")
       << ",\"npu_bound\":" << (r.npu_us >= 0 ? detail::JsonStr(r.npu_bound) : "null") << "}";
  }
  os << "\n]}\n";
}

// The rows as a self-contained SVG bar chart (opens in a browser): per group
// of rows (same workload, dtype, threads), one bar per variant of its speed
// relative to the group's baseline row (as in WriteJson; a dashed line marks
// 1x), scaled to the group's fastest; then, when some rows have an NPU
// estimate, one bar per such row of the estimated NPU time, scaled to the
// group's longest. Bars are <rect class="bar"> and <rect class="npu">; each
// has a <title> with the exact numbers (shown on hover).
inline void WriteSvgChart(std::ostream& os, const std::vector<Row>& rows, const std::string& baseline = "",
                          const std::string& title = "") {
  using profile::detail::XmlEscape;
  constexpr double kLabelW = 330, kBarW = 420, kRowH = 20, kGroupGap = 10;
  const double width = kLabelW + kBarW + 130;
  // Groups in order of first appearance.
  std::vector<std::vector<const Row*>> groups;
  for (const Row& r : rows) {
    bool placed = false;
    for (auto& g : groups) {
      if (g[0]->workload == r.workload && g[0]->dtype == r.dtype && g[0]->threads == r.threads) {
        g.push_back(&r);
        placed = true;
        break;
      }
    }
    if (!placed) groups.push_back({&r});
  }
  bool any_npu = false;
  for (const Row& r : rows) any_npu = any_npu || r.npu_us >= 0;
  std::string body;
  double y = 44;
  auto group_label = [](const Row& r) {
    std::string s = r.workload;
    if (!r.dtype.empty()) s += " / " + r.dtype;
    return s + detail::Format(" / %u thr", r.threads);
  };
  auto section = [&](const char* heading, bool npu) {
    body += detail::Format("<text x=\"8\" y=\"%.0f\" class=\"h\">", y) + heading + "</text>\n";
    y += 10;
    for (const auto& g : groups) {
      double top = 0;
      bool any = false;
      for (const Row* r : g) {
        if (npu && r->npu_us < 0) continue;
        const Row* b = detail::BaselineOf(rows, *r, baseline);
        const double v = npu ? r->npu_us : SpeedRatio(*r, *b);
        top = std::max(top, v);
        any = true;
      }
      if (!any) continue;
      y += kGroupGap;
      body += detail::Format("<text x=\"8\" y=\"%.0f\" class=\"g\">", y + 4) + XmlEscape(group_label(*g[0])) +
              "</text>\n";
      y += 8;
      const double y0 = y;
      for (const Row* r : g) {
        if (npu && r->npu_us < 0) continue;
        const Row* b = detail::BaselineOf(rows, *r, baseline);
        const double v = npu ? r->npu_us : SpeedRatio(*r, *b);
        const double w = top > 0 ? std::max(1.0, kBarW * v / top) : 1.0;
        const std::string value =
            npu ? detail::Format("%.2f us", v) + (r->npu_bound.empty() ? "" : " (" + r->npu_bound + ")")
                : detail::Format("%.3fx", v);
        const std::string tip =
            npu ? r->variant + ": estimated NPU time " + value + ", bound by " + r->npu_bound
                : r->variant + ": speed " + value + " vs " + b->variant + ", median " +
                      detail::Duration(r->stats.median) + " (p10 " + detail::Duration(r->stats.p10) + ", p90 " +
                      detail::Duration(r->stats.p90) + ")";
        body += detail::Format("<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"end\">", kLabelW - 6, y + 14) +
                XmlEscape(r->variant) + "</text>\n";
        body += detail::Format("<rect class=\"%s\" x=\"%.0f\" y=\"%.0f\" width=\"%.1f\" height=\"%.0f\">",
                               npu ? "npu" : "bar", kLabelW, y + 2, w, kRowH - 4) +
                "<title>" + XmlEscape(tip) + "</title></rect>\n";
        body += detail::Format("<text x=\"%.1f\" y=\"%.0f\">", kLabelW + w + 4, y + 14) + XmlEscape(value) +
                "</text>\n";
        y += kRowH;
      }
      if (!npu && top > 0) {  // the baseline's 1x
        const double x1 = kLabelW + kBarW * 1.0 / top;
        body += detail::Format(
            "<line x1=\"%.1f\" y1=\"%.0f\" x2=\"%.1f\" y2=\"%.0f\" class=\"one\"/>\n", x1, y0, x1, y);
      }
    }
    y += 16;
  };
  section(("CPU speed relative to " + (baseline.empty() ? std::string("the first variant") : baseline) +
           " (longer is faster)").c_str(),
          false);
  if (any_npu) section("Estimated NPU time (a model, not a measurement; shorter is faster)", true);
  os << detail::Format(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
            "font-family=\"sans-serif\" font-size=\"12\">\n",
            width, y, width, y)
     << "<style>.bar{fill:#4878a8}.npu{fill:#d08030}.h{font-weight:bold;font-size:14px}"
        ".g{font-weight:bold}.one{stroke:#444;stroke-dasharray:4 3}</style>\n"
     << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
     << "<text x=\"8\" y=\"20\" class=\"h\">" << XmlEscape(title.empty() ? "aicore bench" : title) << "</text>\n"
     << body << "</svg>\n";
}

// Writes the CSV, JSON and SVG chart of `rows` to the paths given (an empty
// path: that report is not written). Returns "" when all were written, else
// the first path that could not be.
inline std::string WriteReports(const std::vector<Row>& rows, const ReportPaths& paths,
                                const std::string& baseline = "", const std::string& title = "") {
  auto write = [](const std::string& path, const std::function<void(std::ostream&)>& f) {
    if (path.empty()) return true;
    std::ofstream os(path, std::ios::binary | std::ios::trunc);
    if (!os) return false;
    f(os);
    os.flush();
    return static_cast<bool>(os);
  };
  if (!write(paths.csv, [&](std::ostream& os) { WriteCsv(os, rows); })) return paths.csv;
  if (!write(paths.json, [&](std::ostream& os) { WriteJson(os, rows, baseline, title); })) return paths.json;
  if (!write(paths.svg, [&](std::ostream& os) { WriteSvgChart(os, rows, baseline, title); })) return paths.svg;
  return "";
}

// Runs the variants interleaved (see the top of this file) and returns their
// per-call statistics, in the order given.
// With CompareOptions::reports, a report that cannot be written is a
// kParameter KernelError naming the path (the results are lost with it).
inline std::vector<VariantResult> CompareVariants(const std::vector<Variant>& variants,
                                                  const CompareOptions& opt = {},
                                                  SrcLoc loc = SrcLoc::Current()) {
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
  const ReportPaths& rp = opt.reports;
  if (!rp.csv.empty() || !rp.json.empty() || !rp.svg.empty()) {
    const std::vector<Row> rows = ToRows(out, opt.title);
    const std::string failed = WriteReports(rows, rp, out.front().name, opt.title);
    if (!failed.empty()) {
      aicore::detail::Fail(aicore::ErrorKind::kParameter, "CompareVariants", loc,
                           "cannot write the report '" + failed +
                               "' (CompareOptions::reports; does its directory exist?)");
    }
  }
  return out;
}


}  // namespace bench
}  // namespace aicore
