// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// aicore_bench: seed workloads, each as an aicore kernel (the DSL), a
// hand-written Highway loop over the same thread pool and block partitioning,
// and a plain scalar C++ loop; plus the latency of an empty launch.
//
//   aicore_bench [--csv] [--filter SUBSTR] [--reps N] [--threads 1,2] [--quick]
//                [--npu] [--json FILE] [--svg FILE]
//
// --npu runs each variant once more with the timeline recorder on and adds
// its estimated NPU time (instrument/timeline_estimate.h; a model, not a
// measurement) to the rows: a column of the table, "npu_us" in the JSON, a
// second bar chart in the SVG. Rows whose variant launches no kernel
// (highway, scalar, peak: plain loops) have no estimate. --json and --svg
// write the rows as JSON and as an SVG bar chart of each variant's speed
// relative to highway (aicore::bench::WriteJson, WriteSvgChart).
//
// Variants of one workload run interleaved (aicore::bench::CompareVariants),
// so that their ratios come from the same conditions. Every variant's output
// is checked against the scalar loop's before timing.
//
// The gemm workloads (C = A x B, row-major, half or float in, float out)
// time aicore::simd::Gemm (the matrix engine under the cube's Mmad and the
// high-level Matmul) against a hand-written Highway GEMM (hwy_baselines.h)
// and, at 512, a naive loop; their rows split the rows of C over the core
// grid's threads. A `peak` variant times a tight loop of independent FMAs
// doing the same number of flops, so peak time / variant time is the
// fraction of the machine's FMA peak, measured in the same run. The table
// ends with GFLOP/s and those ratios (target: aicore >= 0.50 of the peak).
// gemm_2048 takes a few seconds per variant: --quick skips it unless
// --filter names it.
//
// The add_1M/half and rms_norm_32x4096 workloads also run the aicore kernel
// under each deep sanitizer mode (variants aicore+memcheck, +racecheck,
// +initcheck, +synccheck, +numcheck and +all: every mode together); the
// table ends with their time relative to the unchecked aicore variant
// (targets: memcheck <= 3x, all <= 10x). A sanitized run must give the same
// output and report nothing.
//
// The matmul_2048 workloads (C = A x B, 2048^3, half or float in, float out)
// run the high-level Matmul API (variant aicore: a kernel of 8 blocks, each
// IterateAll over its singleCore part from MultiCoreMatmulTiling, one
// simd::Gemm call per baseM x baseN block) against aicore::simd::Gemm called
// directly on the same 8 parts, one call each (variant highway: the engine
// without the API); their ratio is the API's cost. For half, variant
// lowlevel computes the same product with the cube's low-level instructions
// (MatmulLowlevelKernel: 128 blocks of 128 x 256, K steps of 64, DataCopy
// Nd2Nz, LoadData, Mmad, Fixpipe), checked the same way. Their outputs are checked
// at 4096 sampled elements against the contract's fma chain; no scalar run.
// --quick skips them (a few seconds per call with the scalar engine).
//
// The layernorm_* workloads ([B, S, 1024] half, 16 blocks, tiles of 8 rows)
// run examples/layer_norm's instruction-chain kernel (aicore) and its twin
// calling the high-level LayerNorm per tile (api) against one hand-fused
// Highway loop per block (mean, two-pass variance, output: baseline::
// LayerNorm). fastergelu_16M times a kernel calling the high-level
// FasterGelu per 2048-element tile (faster_gelu_kernel.h) against the
// vendor's formula as one Highway loop (baseline::FasterGelu). Their
// kernels and loops are compiled in norm_act_kernels.cpp, a second
// translation unit, so that this one's compile time does not grow.
//
// The op_add_1K / op_add_1M workloads (float) run the AddCustom operator of
// examples/op_projects/add_custom (8 blocks, tiling key 2): variant aicore is
// the whole aclnn call a host program makes (three aclCreateTensor,
// aclnnAddCustomGetWorkspaceSize, aclnnAddCustom, three aclDestroyTensor),
// staged is aicore::op::RunOp by name, and highway is the direct launch of
// the same op_kernel entry with the same tiling (no operator layer); the
// table after the targets gives each call's overhead over the direct launch
// in microseconds (target <= 5 us for the small op).
#include <aicore/aicore.h>
#include <aicore/bench/bench.h>
#include <aicore/simd/gemm.h>
#include <aicore/lib/matmul/host_tiling.h>
#include <aicore/lib/matmul/matmul.h>
#include <aicore/testing/golden.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "aclnn_add_custom.h"
#include <aicore/op/runner.h>

#if defined(__linux__)
#include <time.h>
#endif

#include "../examples/gelu/gelu_kernel.h"
#include "../examples/rms_norm/rms_norm_api_kernel.h"
#include "../examples/rms_norm/rms_norm_kernel.h"
#include "add_kernel.h"
#include "hwy_baselines.h"
#include "norm_act_kernels.h"
#include "reduce_kernel.h"
#include "reduce_pattern_kernel.h"
#include "softmax_kernel.h"
#include "sort_kernel.h"
#include "strided_add_kernel.h"

namespace {

using aicore::bench::Buffer;
using aicore::bench::Row;

// ---- options ---------------------------------------------------------------

struct Options {
  bool csv = false;
  bool quick = false;
  bool npu = false;        // the NPU time estimate beside CPU time
  std::string json, svg;   // report files (empty: none)
  std::string filter;
  uint32_t reps = 0;  // 0: chosen per workload from its cost
  std::vector<uint32_t> threads{1, 2};
};

[[noreturn]] void Usage(int code) {
  std::fprintf(code == 0 ? stdout : stderr,
               "usage: aicore_bench [--csv] [--filter SUBSTR] [--reps N] [--threads 1,2] [--quick]\n"
               "                   [--npu] [--json FILE] [--svg FILE]\n"
               "  --csv          one CSV row per measurement (header: %s)\n"
               "  --filter S     only workloads whose 'workload/dtype' contains S\n"
               "  --reps N       timed repetitions per variant (default: by workload cost)\n"
               "  --threads L    comma-separated core-grid sizes (default 1,2)\n"
               "  --quick        few repetitions (smoke test)\n"
               "  --npu          also estimate each kernel variant's NPU time (a model)\n"
               "  --json FILE    write the rows as JSON to FILE\n"
               "  --svg FILE     write an SVG chart of the speed ratios (and NPU estimates) to FILE\n",
               aicore::bench::CsvHeader());
  std::exit(code);
}

Options ParseOptions(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) Usage(2);
      return argv[++i];
    };
    if (a == "--csv") {
      o.csv = true;
    } else if (a == "--quick") {
      o.quick = true;
    } else if (a == "--npu") {
      o.npu = true;
    } else if (a == "--json") {
      o.json = value();
    } else if (a == "--svg") {
      o.svg = value();
    } else if (a == "--filter") {
      o.filter = value();
    } else if (a == "--reps") {
      const long n = std::strtol(value().c_str(), nullptr, 10);
      if (n <= 0) Usage(2);
      o.reps = static_cast<uint32_t>(n);
    } else if (a == "--threads") {
      o.threads.clear();
      const std::string list = value();
      for (size_t p = 0; p < list.size();) {
        const size_t q = std::min(list.find(',', p), list.size());
        const long n = std::strtol(list.substr(p, q - p).c_str(), nullptr, 10);
        if (n <= 0) Usage(2);
        o.threads.push_back(static_cast<uint32_t>(n));
        p = q + 1;
      }
      if (o.threads.empty()) Usage(2);
    } else if (a == "--help" || a == "-h") {
      Usage(0);
    } else {
      std::fprintf(stderr, "aicore_bench: unknown option '%s'\n", a.c_str());
      Usage(2);
    }
  }
  return o;
}

// ---- data ------------------------------------------------------------------

// Buffers shared by all workloads, sized for the largest, allocated and
// touched once.
constexpr size_t kMaxBytes = size_t{16} << 22;  // 16M floats
struct Buffers {
  Buffer<uint8_t> x{kMaxBytes}, y{kMaxBytes}, z{kMaxBytes}, ref{kMaxBytes};
  Buffer<half> gamma{4096}, beta{4096};
};

// Deterministic pseudo-random fill in [lo, hi).
template <class T>
void Fill(T* p, size_t n, float lo, float hi, uint64_t seed) {
  uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
  for (size_t i = 0; i < n; ++i) {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    const float u = static_cast<float>(s >> 40) * (1.0f / 16777216.0f);
    p[i] = static_cast<T>(lo + (hi - lo) * u);
  }
}

template <class T>
const char* DtypeName() {
  return std::is_same_v<T, half> ? "half" : "float";
}

// ---- workloads ---------------------------------------------------------------

struct Workload {
  std::string name;
  std::string dtype;
  size_t elements = 0;  // elements of the output (0 for launch_empty)
  double bytes = 0;     // read + written per call
  std::function<void()> prepare;  // fills the inputs (untimed)
  std::function<void()> aicore, highway, scalar;
  // Optional: the kernel's own data flow written by hand (see StagedAdd).
  std::function<void()> staged;
  // Optional: the same kernel computing each tile with one high-level API
  // call instead of an instruction chain (gelu_api_custom, rms_norm_api_custom).
  std::function<void()> api;
  // Optional: the same product through the cube's low-level instructions
  // (matmul_2048/half: DataCopy Nd2Nz, LoadData, Mmad, Fixpipe).
  std::function<void()> lowlevel;
  // Compares the output buffer with the reference buffer; "" when it matches.
  std::function<std::string()> check;
  bool sanitizer_rows = false;  // also time `aicore` under each sanitizer mode
  // Output bytes to clear and check (0: elements * the dtype's size).
  size_t out_bytes = 0;
  // The check computes its own reference (prepare() keeps what it needs):
  // the scalar loop is then an ordinary checked variant.
  bool self_check = false;
  // Also checked after the aicore and scalar variants: bit-exactness.
  std::function<std::string()> check_exact;
  // Floating-point operations per call (0: not a compute workload), and a
  // loop of independent FMAs with as many flops (variant "peak").
  double flops = 0;
  std::function<void()> peak;
  uint32_t max_reps = 0;  // caps the repetitions chosen from the cost (0: none)
  bool slow = false;      // skipped by --quick unless --filter names it
};

// ---- sanitizer overhead ------------------------------------------------------

struct SanitizerMode {
  const char* variant;
  uint32_t modes;
  double target;  // slowdown target vs the unchecked aicore variant (0: none)
};
constexpr SanitizerMode kSanitizerModes[] = {
    {"aicore+memcheck", aicore::kMemcheck, 3.0},   {"aicore+racecheck", aicore::kRacecheck, 0},
    {"aicore+initcheck", aicore::kInitcheck, 0},   {"aicore+synccheck", aicore::kSynccheck, 0},
    {"aicore+numcheck", aicore::kNumcheck, 0},     {"aicore+all", aicore::kSanitizeAll, 10.0},
};

// Reports delivered while the sanitizer variants run (an error sink is
// installed around them: a report must not abort the benchmark).
struct SanitizerReports {
  uint64_t count = 0;
  std::string first;
};

// `run` with the sanitizer modes switched on (launches take their snapshot
// of the modes when they start), then the previous modes restored.
std::function<void()> Sanitized(const std::function<void()>& run, uint32_t modes) {
  return [run, modes] {
    const uint32_t saved = aicore::GetSanitize();
    aicore::SetSanitize(modes);
    run();
    aicore::SetSanitize(saved);
  };
}

template <class T>
std::function<std::string()> Checker(Buffers& b, size_t n) {
  return [&b, n] {
    const auto r = aicore::CompareGolden(reinterpret_cast<const T*>(b.z.data()),
                                         reinterpret_cast<const T*>(b.ref.data()), n);
    return r.pass ? std::string() : r.Summary();
  };
}

// The add kernel's Ascend C data flow written by hand, without the DSL: per
// block, tiles of `tile` elements are memcpy'd from GM into an on-chip-like
// scratch arena (x, y and z with two buffers each, as the kernel's queues
// with BUFFER_NUM 2), added by the Highway loop and memcpy'd back. Its ratio
// to `aicore` is the cost of the DSL layer itself; its ratio to `highway` is
// the cost of staging through on-chip buffers.
template <class T>
void StagedAdd(const T* x, const T* y, T* z, size_t len, size_t tile) {
  struct Arena {
    std::unique_ptr<uint8_t, decltype(&std::free)> p{nullptr, &std::free};
    size_t bytes = 0;
  };
  static thread_local Arena arena;
  const size_t need = 6 * tile * sizeof(T);
  if (arena.bytes < need) {
    arena.p.reset(static_cast<uint8_t*>(std::aligned_alloc(64, need)));
    arena.bytes = need;
  }
  T* buf = reinterpret_cast<T*>(arena.p.get());
  for (size_t done = 0, k = 0; done < len; done += tile, ++k) {
    const size_t n = std::min(tile, len - done);
    T* tx = buf + (k & 1) * tile;
    T* ty = buf + (2 + (k & 1)) * tile;
    T* tz = buf + (4 + (k & 1)) * tile;
    std::memcpy(static_cast<void*>(tx), x + done, n * sizeof(T));
    std::memcpy(static_cast<void*>(ty), y + done, n * sizeof(T));
    baseline::Add(tx, ty, tz, n);
    std::memcpy(static_cast<void*>(z + done), tz, n * sizeof(T));
  }
}

// Add over `blocks` blocks, tiles of `tile_bytes` per buffer.
template <class T>
Workload AddWorkload(Buffers& b, const char* name, uint32_t n, uint32_t blocks, uint32_t tile_bytes) {
  Workload w;
  w.name = name;
  w.dtype = DtypeName<T>();
  w.elements = n;
  w.bytes = 3.0 * n * sizeof(T);
  T* x = reinterpret_cast<T*>(b.x.data());
  T* y = reinterpret_cast<T*>(b.y.data());
  T* z = reinterpret_cast<T*>(b.z.data());
  w.prepare = [=] {
    Fill(x, n, -100.0f, 100.0f, 1);
    Fill(y, n, -100.0f, 100.0f, 2);
  };
  const AddTiling tiling{n, tile_bytes / static_cast<uint32_t>(sizeof(T))};
  w.aicore = [=, &b] {
    aicore::LaunchNamed("add_tiled", add_tiled<T>, blocks, b.x.bytes(), b.y.bytes(), b.z.bytes(), tiling);
  };
  w.highway = [=] {
    const size_t len = n / blocks;
    aicore::ParallelFor(blocks, [&](uint32_t i) {
      baseline::Add(x + i * len, y + i * len, z + i * len, len);
    });
  };
  w.staged = [=] {
    const size_t len = n / blocks;
    aicore::ParallelFor(blocks, [&](uint32_t i) {
      StagedAdd(x + i * len, y + i * len, z + i * len, len, tiling.tileLength);
    });
  };
  w.scalar = [=] {
    for (size_t i = 0; i < n; ++i) z[i] = static_cast<T>(static_cast<float>(x[i]) + static_cast<float>(y[i]));
  };
  w.check = Checker<T>(b, n);
  return w;
}

template <class T>
Workload GeluWorkload(Buffers& b, const char* name, uint32_t n, uint32_t blocks, uint32_t tile) {
  Workload w;
  w.name = name;
  w.dtype = DtypeName<T>();
  w.elements = n;
  w.bytes = 2.0 * n * sizeof(T);
  T* x = reinterpret_cast<T*>(b.x.data());
  T* y = reinterpret_cast<T*>(b.z.data());
  w.prepare = [=] { Fill(x, n, -6.0f, 6.0f, 3); };
  const GeluTiling tiling{n, tile};
  w.aicore = [=, &b] {
    aicore::LaunchNamed("gelu_custom", gelu_custom<T>, blocks, b.x.bytes(), b.z.bytes(), tiling);
  };
  w.api = [=, &b] {
    aicore::LaunchNamed("gelu_api_custom", gelu_api_custom<T>, blocks, b.x.bytes(), b.z.bytes(), tiling);
  };
  w.highway = [=] {
    const size_t len = n / blocks;
    aicore::ParallelFor(blocks, [&](uint32_t i) { baseline::Gelu(x + i * len, y + i * len, len); });
  };
  w.scalar = [=] {
    constexpr float kSqrt2OverPi = 0.7978845608028654f;
    for (size_t i = 0; i < n; ++i) {
      const float v = static_cast<float>(x[i]);
      const float u = kSqrt2OverPi * (v + 0.044715f * v * v * v);
      y[i] = static_cast<T>(v / (1.0f + std::exp(-2.0f * u)));
    }
  };
  w.check = Checker<T>(b, n);
  return w;
}

Workload RmsNormWorkload(Buffers& b, const char* name, uint32_t rows, uint32_t hidden, uint32_t blocks) {
  Workload w;
  w.name = name;
  w.dtype = "half";
  w.elements = size_t{rows} * hidden;
  w.bytes = 2.0 * 2.0 * rows * hidden + 2.0 * hidden;
  half* x = reinterpret_cast<half*>(b.x.data());
  half* y = reinterpret_cast<half*>(b.z.data());
  half* gamma = b.gamma.data();
  constexpr float kEps = 1e-6f;
  w.prepare = [=] {
    Fill(x, size_t{rows} * hidden, -2.0f, 2.0f, 4);
    Fill(gamma, hidden, 0.5f, 1.5f, 5);
  };
  const RmsNormTiling tiling{rows, hidden, kEps};
  w.aicore = [=, &b] {
    aicore::LaunchNamed("rms_norm_custom", rms_norm_custom, blocks, b.x.bytes(), b.gamma.bytes(),
                        b.z.bytes(), tiling);
  };
  RmsNormApiTiling api_tiling;
  if (MakeRmsNormApiTiling(rows, hidden, kEps, &api_tiling)) {
    w.api = [=, &b] {
      aicore::LaunchNamed("rms_norm_api_custom", rms_norm_api_custom, blocks, b.x.bytes(), b.gamma.bytes(),
                          b.z.bytes(), api_tiling);
    };
  }
  w.highway = [=] {
    const size_t per = rows / blocks;
    aicore::ParallelFor(blocks, [&](uint32_t i) {
      baseline::RmsNorm(x + i * per * hidden, gamma, y + i * per * hidden, per, hidden, kEps);
    });
  };
  w.scalar = [=] {
    for (size_t r = 0; r < rows; ++r) {
      const half* xr = x + r * hidden;
      half* yr = y + r * hidden;
      float ss = 0;
      for (size_t i = 0; i < hidden; ++i) ss += static_cast<float>(xr[i]) * static_cast<float>(xr[i]);
      const float inv = 1.0f / std::sqrt(ss / static_cast<float>(hidden) + kEps);
      for (size_t i = 0; i < hidden; ++i) {
        yr[i] = static_cast<half>(static_cast<float>(xr[i]) * inv * static_cast<float>(gamma[i]));
      }
    }
  };
  w.check = Checker<half>(b, w.elements);
  return w;
}

// FasterGelu (issue 12): the high-level API per tile (faster_gelu_kernel.h)
// against the vendor's formula as one fused Highway loop; both compiled in
// norm_act_kernels.cpp.
template <class T>
Workload FasterGeluWorkload(Buffers& b, const char* name, uint32_t n, uint32_t blocks, uint32_t tile) {
  Workload w;
  w.name = name;
  w.dtype = DtypeName<T>();
  w.elements = n;
  w.bytes = 2.0 * n * sizeof(T);
  T* x = reinterpret_cast<T*>(b.x.data());
  T* y = reinterpret_cast<T*>(b.z.data());
  w.prepare = [=] { Fill(x, n, -6.0f, 6.0f, 10); };
  w.aicore = [=, &b] { norm_act::FasterGeluApi(blocks, b.x.bytes(), b.z.bytes(), n, tile, T()); };
  w.highway = [=] { norm_act::FasterGeluHighway(blocks, x, y, n); };
  w.scalar = [=] {
    for (size_t i = 0; i < n; ++i) {
      const float v = static_cast<float>(x[i]);
      y[i] = static_cast<T>(v / (1.0f + std::exp(-1.702f * v)));
    }
  };
  w.check = Checker<T>(b, n);
  return w;
}

// LayerNorm over [batch, seq, hidden] half (issue 12): the example's
// instruction-chain kernel (aicore), the same kernel calling the LayerNorm
// API per tile (api), one fused Highway pass set per row (highway); the
// kernels and the loop are compiled in norm_act_kernels.cpp.
Workload LayerNormWorkload(Buffers& b, const char* name, uint32_t batch, uint32_t seq, uint32_t hidden,
                           uint32_t blocks, uint32_t tileRows) {
  Workload w;
  const uint32_t rows = batch * seq;
  w.name = name;
  w.dtype = "half";
  w.elements = size_t{rows} * hidden;
  w.bytes = 2.0 * 2.0 * rows * hidden + 2.0 * 2.0 * hidden;
  half* x = reinterpret_cast<half*>(b.x.data());
  half* y = reinterpret_cast<half*>(b.z.data());
  half* gamma = b.gamma.data();
  half* beta = b.beta.data();
  constexpr float kEps = 1e-5f;
  w.prepare = [=] {
    Fill(x, size_t{rows} * hidden, -2.0f, 3.0f, 11);
    Fill(gamma, hidden, 0.5f, 1.5f, 12);
    Fill(beta, hidden, -0.5f, 0.5f, 13);
  };
  const LayerNormCustomTiling tiling{rows, hidden, tileRows, kEps};
  w.aicore = [=, &b] {
    norm_act::LayerNormChain(blocks, b.x.bytes(), b.gamma.bytes(), b.beta.bytes(), b.z.bytes(), tiling);
  };
  LayerNormApiTiling api_tiling;
  MakeLayerNormApiTiling(tiling, &api_tiling);
  w.api = [=, &b] {
    norm_act::LayerNormApi(blocks, b.x.bytes(), b.gamma.bytes(), b.beta.bytes(), b.z.bytes(), api_tiling);
  };
  w.highway = [=] { norm_act::LayerNormHighway(blocks, x, gamma, beta, y, rows, hidden, kEps); };
  w.scalar = [=] {
    for (size_t r = 0; r < rows; ++r) {
      const half* xr = x + r * hidden;
      half* yr = y + r * hidden;
      float s = 0;
      for (size_t i = 0; i < hidden; ++i) s += static_cast<float>(xr[i]);
      const float mean = s / static_cast<float>(hidden);
      float ss = 0;
      for (size_t i = 0; i < hidden; ++i) {
        const float c = static_cast<float>(xr[i]) - mean;
        ss += c * c;
      }
      const float rstd = 1.0f / std::sqrt(ss / static_cast<float>(hidden) + kEps);
      for (size_t i = 0; i < hidden; ++i) {
        yr[i] = static_cast<half>((static_cast<float>(xr[i]) - mean) * rstd * static_cast<float>(gamma[i]) +
                                  static_cast<float>(beta[i]));
      }
    }
  };
  w.check = Checker<half>(b, w.elements);
  return w;
}

// Strided repeat-form Add (strided_add_kernel.h): n outputs from 2n-element
// inputs; mode 0 every other 256-byte chunk, mode 1 every other 32-byte block.
// With iters > 1 (one tile per block) each variant repeats the Add `iters`
// times on cache-resident data: the instruction against the Highway loop.
template <class T>
Workload StridedAddWorkload(Buffers& b, const char* name, uint32_t n, uint32_t blocks,
                            uint32_t tile_out, uint32_t mode, uint32_t iters = 1) {
  Workload w;
  w.name = name;
  w.dtype = DtypeName<T>();
  w.elements = n;
  w.bytes = iters * (2.0 * n * sizeof(T) + n * sizeof(T));  // halves of x, y read; z written
  T* x = reinterpret_cast<T*>(b.x.data());
  T* y = reinterpret_cast<T*>(b.y.data());
  T* z = reinterpret_cast<T*>(b.z.data());
  w.prepare = [=] {
    Fill(x, 2 * size_t{n}, -100.0f, 100.0f, 6);
    Fill(y, 2 * size_t{n}, -100.0f, 100.0f, 7);
  };
  const StridedAddTiling tiling{n, tile_out, mode, iters};
  w.aicore = [=, &b] {
    aicore::LaunchNamed("strided_add", strided_add<T>, blocks, b.x.bytes(), b.y.bytes(),
                        b.z.bytes(), tiling);
  };
  w.highway = [=] {
    const size_t len = n / blocks;
    aicore::ParallelFor(blocks, [&](uint32_t i) {
      for (uint32_t it = 0; it < iters; ++it) {
        if (mode == 0) {
          baseline::AddEveryOtherChunk(x + 2 * i * len, y + 2 * i * len, z + i * len, len);
        } else {
          baseline::AddEveryOtherBlock(x + 2 * i * len, y + 2 * i * len, z + i * len, len);
        }
      }
    });
  };
  w.scalar = [=] {
    const size_t run = mode == 0 ? 256 / sizeof(T) : 32 / sizeof(T);
    for (uint32_t it = 0; it < iters; ++it) {
      for (size_t i = 0; i < n; ++i) {
        const size_t src = (i / run) * 2 * run + i % run;
        z[i] = static_cast<T>(static_cast<float>(x[src]) + static_cast<float>(y[src]));
      }
    }
  };
  w.check = Checker<T>(b, n);
  return w;
}

// Row sums (reduce_kernel.h): rows x cols floats in [0, 1), one ReduceSum
// (count form, the documented tree order) per row; the Highway baseline sums
// each row lane-wise with four accumulators (a different order: results
// agree within the float golden tolerance).
Workload ReduceRowsWorkload(Buffers& b, const char* name, uint32_t rows, uint32_t cols, uint32_t blocks) {
  Workload w;
  w.name = name;
  w.dtype = "float";
  w.elements = rows;
  w.bytes = 4.0 * rows * cols + 4.0 * rows;
  float* x = reinterpret_cast<float*>(b.x.data());
  float* y = reinterpret_cast<float*>(b.z.data());
  w.prepare = [=] { Fill(x, size_t{rows} * cols, 0.0f, 1.0f, 8); };
  const ReduceRowsTiling tiling{rows, cols};
  w.aicore = [=, &b] {
    aicore::LaunchNamed("reduce_rows", reduce_rows<float>, blocks, b.x.bytes(), b.z.bytes(), tiling);
  };
  w.highway = [=] {
    const size_t per = rows / blocks;
    aicore::ParallelFor(blocks, [&](uint32_t i) {
      baseline::RowSums(x + i * per * cols, y + i * per, per, cols);
    });
  };
  w.scalar = [=] {
    for (size_t r = 0; r < rows; ++r) {
      double s = 0;
      for (size_t c = 0; c < cols; ++c) s += x[r * cols + c];
      y[r] = static_cast<float>(s);
    }
  };
  w.check = Checker<float>(b, rows);
  return w;
}

// The pattern reductions (issue 12) on UB-resident tiles: each of `blocks`
// blocks reduces one tileRows x cols float tile `iters` times with ReduceSum
// or ReduceMax, pattern AR (row results) or RA (column results), against the
// hand-fused Highway loops over the same tiles on the same pool.
Workload ReducePatternWorkload(Buffers& b, const char* name, uint32_t blocks, uint32_t tileRows,
                               uint32_t cols, uint32_t iters, bool ar, bool max) {
  Workload w;
  w.name = name;
  w.dtype = "float";
  const uint32_t nout = ar ? tileRows : cols, n = tileRows * cols;
  w.elements = size_t{blocks} * nout;
  w.bytes = 4.0 * blocks * n * iters;
  float* x = reinterpret_cast<float*>(b.x.data());
  float* y = reinterpret_cast<float*>(b.z.data());
  w.prepare = [=] { Fill(x, size_t{blocks} * n, -1.0f, 1.0f, 31); };
  const ReducePatternBenchTiling tiling{tileRows, cols, iters, ar ? 1u : 0u, max ? 1u : 0u};
  w.aicore = [=, &b] {
    aicore::LaunchNamed("reduce_pattern_bench", reduce_pattern_bench, blocks, b.x.bytes(), b.z.bytes(),
                        tiling);
  };
  w.highway = [=] {
    aicore::ParallelFor(blocks, [&](uint32_t i) {
      const float* xi = x + size_t{i} * n;
      float* yi = y + size_t{i} * nout;
      for (uint32_t it = 0; it < iters; ++it) {
        if (ar) {
          max ? baseline::RowMaxes(xi, yi, tileRows, cols) : baseline::RowSums(xi, yi, tileRows, cols);
        } else {
          max ? baseline::ColReduce<true>(xi, yi, tileRows, cols)
              : baseline::ColReduce<false>(xi, yi, tileRows, cols);
        }
      }
    });
  };
  w.scalar = [=] {
    for (uint32_t i = 0; i < blocks; ++i) {
      const float* xi = x + size_t{i} * n;
      for (uint32_t o = 0; o < nout; ++o) {
        double a = ar ? xi[size_t{o} * cols] : xi[o];
        for (uint32_t k = 1; k < (ar ? cols : tileRows); ++k) {
          const double v = ar ? xi[size_t{o} * cols + k] : xi[size_t{k} * cols + o];
          a = max ? std::max(a, v) : a + v;
        }
        y[size_t{i} * nout + o] = static_cast<float>(a);
      }
    }
  };
  w.check = Checker<float>(b, w.elements);
  return w;
}

// ---- gemm ------------------------------------------------------------------

volatile float g_peak_sink;  // keeps the FMA loops' results alive

// Thread CPU time (0 where the platform has no per-thread clock).
double ThreadCpuNs() {
#if defined(__linux__)
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e9 + static_cast<double>(ts.tv_nsec);
#else
  return 0;
#endif
}

// The CPU time of every call of the gemm variants on a core grid of one
// thread ("workload/dtype/variant" -> ns per call). On a machine shared with
// other work, a call's wall time includes the time its thread waited for the
// CPU; its CPU time does not (it still includes the cost of caches and
// cores shared with that work).
std::map<std::string, std::vector<double>>& GemmCpuSamples() {
  static std::map<std::string, std::vector<double>> samples;
  return samples;
}

// Runs body(part) for the `parts` slices over ParallelFor and, with one
// thread, records the CPU time under `key`.
template <class Body>
void RunParts(const std::string& key, uint32_t parts, const Body& body) {
  double cpu[64] = {};
  aicore::ParallelFor(parts, [&](uint32_t p) {
    const double t0 = ThreadCpuNs();
    body(p);
    cpu[p % 64] += ThreadCpuNs() - t0;
  });
  if (parts == 1 && cpu[0] > 0) GemmCpuSamples()[key].push_back(cpu[0]);
}

// Where check sample s lies: every element when `all`, else a spread of
// kGemmSamples positions.
constexpr uint32_t kGemmSamples = 4096;
inline void GemmSample(uint32_t s, uint32_t n, bool all, uint32_t* i, uint32_t* j) {
  if (all) {
    *i = s / n;
    *j = s % n;
  } else {
    *i = static_cast<uint32_t>((uint64_t{s} * 2654435761u) % n);
    *j = static_cast<uint32_t>((uint64_t{s} * 40503u + s / 7) % n);
  }
}

// C = A x B with A, B and C n x n row-major; A in x, B in y, C in z. The
// reference (prepare) holds, per checked element, the contract's value (k
// FMAs in order, what simd::GemmScalar computes) and the sum of |products|
// (the scale of the rounding error of any other summation order).
template <class T>
Workload GemmWorkload(Buffers& b, const char* name, uint32_t n, bool with_scalar) {
  Workload w;
  w.name = name;
  w.dtype = DtypeName<T>();
  w.elements = size_t{n} * n;
  w.out_bytes = size_t{n} * n * sizeof(float);
  w.flops = 2.0 * n * n * n;
  w.self_check = true;
  w.max_reps = n >= 1024 ? 9 : 0;
  w.slow = n >= 1024;
  T* a = reinterpret_cast<T*>(b.x.data());
  T* bm = reinterpret_cast<T*>(b.y.data());
  float* c = reinterpret_cast<float*>(b.z.data());
  float* ref = reinterpret_cast<float*>(b.ref.data());
  const bool all = !w.slow;
  const uint32_t samples = all ? n * n : kGemmSamples;
  w.prepare = [=] {
    Fill(a, size_t{n} * n, -1.0f, 1.0f, 9);
    Fill(bm, size_t{n} * n, -1.0f, 1.0f, 10);
    for (uint32_t s = 0; s < samples; ++s) {
      uint32_t i, j;
      GemmSample(s, n, all, &i, &j);
      float acc = 0.0f, mag = 0.0f;
      for (uint32_t k = 0; k < n; ++k) {
        const float x = static_cast<float>(a[size_t{i} * n + k]);
        const float y = static_cast<float>(bm[size_t{k} * n + j]);
        acc = std::fma(x, y, acc);
        mag += std::fabs(x * y);
      }
      ref[2 * size_t{s}] = acc;
      ref[2 * size_t{s} + 1] = mag;
    }
  };
  // The rows of C split into one slice per thread of the core grid.
  auto rows = [n](uint32_t part, uint32_t parts, uint32_t* r0) {
    *r0 = n * part / parts;
    return n * (part + 1) / parts - *r0;
  };
  const std::string key = w.name + "/" + w.dtype + "/";
  w.aicore = [=] {
    const uint32_t parts = aicore::GetNumThreads();
    RunParts(key + "aicore", parts, [&](uint32_t p) {
      uint32_t r0;
      const uint32_t m = rows(p, parts, &r0);
      aicore::simd::Gemm(m, n, n, a + size_t{r0} * n, aicore::simd::MatLayout::RowMajor(n), bm,
                         aicore::simd::MatLayout::RowMajor(n), c + size_t{r0} * n,
                         aicore::simd::MatLayout::RowMajor(n), aicore::simd::GemmInit::kZero);
    });
  };
  w.highway = [=] {
    const uint32_t parts = aicore::GetNumThreads();
    RunParts(key + "highway", parts, [&](uint32_t p) {
      uint32_t r0;
      const uint32_t m = rows(p, parts, &r0);
      baseline::Gemm(a + size_t{r0} * n, bm, c + size_t{r0} * n, m, n, n);
    });
  };
  if (with_scalar) {
    // The naive loop: one output at a time, k in order, one fma per step.
    w.scalar = [=] {
      const double t0 = ThreadCpuNs();
      for (uint32_t i = 0; i < n; ++i) {
        for (uint32_t j = 0; j < n; ++j) {
          float acc = 0.0f;
          for (uint32_t k = 0; k < n; ++k) {
            acc = std::fma(static_cast<float>(a[size_t{i} * n + k]), static_cast<float>(bm[size_t{k} * n + j]), acc);
          }
          c[size_t{i} * n + j] = acc;
        }
      }
      GemmCpuSamples()[key + "scalar"].push_back(ThreadCpuNs() - t0);
    };
  }
  // Any summation order: within n * 2^-23 of the sum of |products|.
  w.check = [=] {
    for (uint32_t s = 0; s < samples; ++s) {
      uint32_t i, j;
      GemmSample(s, n, all, &i, &j);
      const float got = c[size_t{i} * n + j];
      const float want = ref[2 * size_t{s}];
      const double tol = n * 0x1p-23 * ref[2 * size_t{s} + 1] + 1e-30;
      if (!(std::fabs(static_cast<double>(got) - want) <= tol)) {
        return aicore::bench::detail::Format("C(%u, %u) = %.9g, want %.9g (+- %.3g)", i, j, got, want, tol);
      }
    }
    return std::string();
  };
  // The contract, bit for bit.
  w.check_exact = [=] {
    for (uint32_t s = 0; s < samples; ++s) {
      uint32_t i, j;
      GemmSample(s, n, all, &i, &j);
      const float got = c[size_t{i} * n + j];
      const float want = ref[2 * size_t{s}];
      if (std::memcmp(&got, &want, 4) != 0) {
        return aicore::bench::detail::Format("C(%u, %u) = %.9g, the contract gives %.9g (not bit-exact)", i, j,
                                             got, want);
      }
    }
    return std::string();
  };
  // As many flops of independent FMAs, split the same way.
  const double iters = w.flops / static_cast<double>(baseline::FmaPeakFlopsPerIter());
  w.peak = [iters, key] {
    const uint32_t parts = aicore::GetNumThreads();
    float out[64] = {};
    RunParts(key + "peak", parts, [&](uint32_t p) {
      out[p % 64] = baseline::FmaPeak(static_cast<size_t>(iters / parts), 1e-3f * static_cast<float>(p + 1));
    });
    g_peak_sink = out[0];
  };
  return w;
}

// ---- matmul: the high-level Matmul API ---------------------------------------

// One block: its singleCore part of C = A x B (A n x n, B n x n, C float).
template <class T>
void MatmulBenchKernel(T* a, T* b, float* c, const AscendC::tiling::TCubeTiling* t) {
  using namespace AscendC;
  TPipe pipe;
  Matmul<MatmulType<TPosition::GM, CubeFormat::ND, T>, MatmulType<TPosition::GM, CubeFormat::ND, T>,
         MatmulType<TPosition::GM, CubeFormat::ND, float>>
      mm;
  aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm, t);
  const int32_t mBlocks = (t->M + t->singleCoreM - 1) / t->singleCoreM;
  const int32_t mi = static_cast<int32_t>(GetBlockIdx()) % mBlocks, ni = static_cast<int32_t>(GetBlockIdx()) / mBlocks;
  GlobalTensor<T> ag, bg;
  GlobalTensor<float> cg;
  ag.SetGlobalBuffer(a, static_cast<uint64_t>(t->M) * t->Ka);
  bg.SetGlobalBuffer(b, static_cast<uint64_t>(t->Kb) * t->N);
  cg.SetGlobalBuffer(c, static_cast<uint64_t>(t->M) * t->N);
  mm.SetTensorA(ag[static_cast<uint64_t>(mi) * t->singleCoreM * t->Ka]);
  mm.SetTensorB(bg[static_cast<uint64_t>(ni) * t->singleCoreN]);
  mm.SetTail(std::min(t->singleCoreM, t->M - mi * t->singleCoreM), std::min(t->singleCoreN, t->N - ni * t->singleCoreN));
  mm.IterateAll(cg[static_cast<uint64_t>(mi) * t->singleCoreM * t->N + static_cast<uint64_t>(ni) * t->singleCoreN]);
  mm.End();
}

// One block: one kBaseM x kBaseN tile of C = A x B (A, B half, n x n, C
// float) with the cube's low-level instructions, as the vendor's low-level
// samples are written: per K step GM (ND) -> L1 (NZ) by DataCopy with
// Nd2NzParams, L1 -> L0A by LoadData, L1 -> L0B by LoadDataWithTranspose,
// Mmad into L0C (the first step from zero); then Fixpipe L0C (NZ) -> GM (ND).
// L1 and L0A/L0B double-buffered. n is a multiple of the base sizes.
constexpr uint32_t kBaseM = 128, kBaseN = 256, kBaseK = 64, kFrac = 16;
void MatmulLowlevelKernel(half* a, half* b, float* c, uint32_t n) {
  using namespace AscendC;
  TPipe pipe;
  TQue<TPosition::A1, 2> qa1;
  TQue<TPosition::B1, 2> qb1;
  TQue<TPosition::A2, 2> qa2;
  TQue<TPosition::B2, 2> qb2;
  TQue<TPosition::CO1, 1> qc;
  pipe.InitBuffer(qa1, 2, kBaseM * kBaseK * sizeof(half));
  pipe.InitBuffer(qb1, 2, kBaseK * kBaseN * sizeof(half));
  pipe.InitBuffer(qa2, 2, kBaseM * kBaseK * sizeof(half));
  pipe.InitBuffer(qb2, 2, kBaseK * kBaseN * sizeof(half));
  pipe.InitBuffer(qc, 1, kBaseM * kBaseN * sizeof(float));
  GlobalTensor<half> ag, bg;
  GlobalTensor<float> cg;
  ag.SetGlobalBuffer(a, uint64_t{n} * n);
  bg.SetGlobalBuffer(b, uint64_t{n} * n);
  cg.SetGlobalBuffer(c, uint64_t{n} * n);
  const uint32_t nTiles = n / kBaseN;
  const uint32_t m0 = static_cast<uint32_t>(GetBlockIdx()) / nTiles * kBaseM;
  const uint32_t n0 = static_cast<uint32_t>(GetBlockIdx()) % nTiles * kBaseN;
  LocalTensor<float> c1 = qc.AllocTensor<float>();
  for (uint32_t k0 = 0; k0 < n; k0 += kBaseK) {
    LocalTensor<half> a1 = qa1.AllocTensor<half>();
    LocalTensor<half> b1 = qb1.AllocTensor<half>();
    Nd2NzParams pa;
    pa.ndNum = 1;
    pa.nValue = kBaseM;
    pa.dValue = kBaseK;
    pa.srcNdMatrixStride = 0;
    pa.srcDValue = n;
    pa.dstNzC0Stride = kBaseM;
    pa.dstNzNStride = 1;
    pa.dstNzMatrixStride = 0;
    DataCopy(a1, ag[uint64_t{m0} * n + k0], pa);
    Nd2NzParams pb = pa;
    pb.nValue = kBaseK;
    pb.dValue = kBaseN;
    pb.dstNzC0Stride = kBaseK;
    DataCopy(b1, bg[uint64_t{k0} * n + n0], pb);
    qa1.EnQue(a1);
    qb1.EnQue(b1);
    a1 = qa1.DeQue<half>();
    LocalTensor<half> a2 = qa2.AllocTensor<half>();
    LoadData2DParams la;
    la.startIndex = 0;
    la.repeatTimes = kBaseK / kFrac;
    la.srcStride = kBaseM / kFrac;
    la.dstGap = 0;
    la.ifTranspose = false;
    for (uint32_t i = 0; i < kBaseM / kFrac; ++i) LoadData(a2[i * kBaseK * kFrac], a1[i * kFrac * kFrac], la);
    qa2.EnQue(a2);
    qa1.FreeTensor(a1);
    b1 = qb1.DeQue<half>();
    LocalTensor<half> b2 = qb2.AllocTensor<half>();
    LoadData2dTransposeParams lb;
    lb.startIndex = 0;
    lb.repeatTimes = kBaseN / kFrac;
    lb.srcStride = kBaseK / kFrac;
    lb.dstGap = 0;
    lb.dstFracGap = 0;
    for (uint32_t i = 0; i < kBaseK / kFrac; ++i) LoadDataWithTranspose(b2[i * kBaseN * kFrac], b1[i * kFrac * kFrac], lb);
    qb2.EnQue(b2);
    qb1.FreeTensor(b1);
    a2 = qa2.DeQue<half>();
    b2 = qb2.DeQue<half>();
    MmadParams mp;
    mp.m = kBaseM;
    mp.n = kBaseN;
    mp.k = kBaseK;
    mp.cmatrixInitVal = k0 == 0;
    Mmad(c1, a2, b2, mp);
    qa2.FreeTensor(a2);
    qb2.FreeTensor(b2);
  }
  qc.EnQue<float>(c1);
  c1 = qc.DeQue<float>();
  FixpipeParamsV220 fp;
  fp.nSize = kBaseN;
  fp.mSize = kBaseM;
  fp.srcStride = kBaseM;
  fp.dstStride = n;
  fp.ndNum = 1;
  fp.srcNdStride = 0;
  fp.dstNdStride = 0;
  Fixpipe(cg[uint64_t{m0} * n + n0], c1, fp);
  qc.FreeTensor(c1);
}

template <class T>
Workload MatmulWorkload(Buffers& b, const char* name, uint32_t n, uint32_t blocks) {
  Workload w;
  w.name = name;
  w.dtype = DtypeName<T>();
  w.elements = size_t{n} * n;
  w.out_bytes = w.elements * sizeof(float);
  w.bytes = 2.0 * sizeof(T) * n * n + 4.0 * n * n;
  w.slow = true;
  w.self_check = true;  // the check computes its own reference
  T* a = reinterpret_cast<T*>(b.x.data());
  T* bm = reinterpret_cast<T*>(b.y.data());
  float* c = reinterpret_cast<float*>(b.z.data());
  matmul_tiling::MultiCoreMatmulTiling tiling;
  const auto dt = std::is_same_v<T, half> ? matmul_tiling::DataType::DT_FLOAT16 : matmul_tiling::DataType::DT_FLOAT;
  tiling.SetDim(static_cast<int32_t>(blocks));
  tiling.SetAType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, dt);
  tiling.SetBType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, dt);
  tiling.SetCType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT);
  tiling.SetShape(static_cast<int32_t>(n), static_cast<int32_t>(n), static_cast<int32_t>(n));
  tiling.SetOrgShape(static_cast<int32_t>(n), static_cast<int32_t>(n), static_cast<int32_t>(n));
  auto t = std::make_shared<AscendC::tiling::TCubeTiling>();
  if (tiling.GetTiling(*t) != 0) std::abort();
  w.prepare = [=] {
    Fill(a, size_t{n} * n, -1.0f, 1.0f, 6);
    Fill(bm, size_t{n} * n, -1.0f, 1.0f, 7);
  };
  w.aicore = [=] {
    aicore::LaunchNamed("matmul_custom", MatmulBenchKernel<T>, static_cast<uint32_t>(t->usedCoreNum), a, bm, c,
                        t.get());
  };
  if constexpr (std::is_same_v<T, half>) {
    if (n % kBaseM == 0 && n % kBaseN == 0 && n % kBaseK == 0) {
      w.lowlevel = [=] {
        aicore::LaunchNamed("matmul_lowlevel", MatmulLowlevelKernel, (n / kBaseM) * (n / kBaseN), a, bm, c, n);
      };
    }
  }
  w.highway = [=] {  // the engine directly, one call per block's part
    const uint32_t mBlocks = static_cast<uint32_t>((t->M + t->singleCoreM - 1) / t->singleCoreM);
    aicore::ParallelFor(static_cast<uint32_t>(t->usedCoreNum), [&](uint32_t i) {
      const uint32_t m0 = (i % mBlocks) * static_cast<uint32_t>(t->singleCoreM);
      const uint32_t n0 = (i / mBlocks) * static_cast<uint32_t>(t->singleCoreN);
      const uint32_t mLen = std::min<uint32_t>(static_cast<uint32_t>(t->singleCoreM), n - m0);
      const uint32_t nLen = std::min<uint32_t>(static_cast<uint32_t>(t->singleCoreN), n - n0);
      aicore::simd::Gemm(mLen, nLen, n, a + size_t{m0} * n, aicore::simd::MatLayout::RowMajor(n), bm + n0,
                         aicore::simd::MatLayout::RowMajor(n), c + size_t{m0} * n + n0,
                         aicore::simd::MatLayout::RowMajor(n), aicore::simd::GemmInit::kZero);
    });
  };
  w.check = [=]() -> std::string {  // 4096 elements against the fma chain of the contract
    uint64_t s = 12345;
    for (int i = 0; i < 4096; ++i) {
      s = s * 6364136223846793005ull + 1442695040888963407ull;
      const uint32_t r = static_cast<uint32_t>(s >> 33) % n, col = static_cast<uint32_t>(s >> 13) % n;
      float acc = 0.0f;
      for (uint32_t k = 0; k < n; ++k) {
        acc = std::fma(static_cast<float>(a[size_t{r} * n + k]), static_cast<float>(bm[size_t{k} * n + col]), acc);
      }
      const float got = c[size_t{r} * n + col];
      if (std::memcmp(&got, &acc, 4) != 0) {
        return "C[" + std::to_string(r) + ", " + std::to_string(col) + "] = " + std::to_string(got) + ", expected " +
               std::to_string(acc);
      }
    }
    return "";
  };
  return w;
}

// Row softmax with the high-level SoftMax API (softmax_kernel.h) against the
// same three passes per row written as one Highway loop per block.
// With iters > 1 (rows = blocks * tileRows) each variant repeats the softmax
// iters times on cache-resident data: the API itself against the loop.
template <class T>
Workload SoftmaxWorkload(Buffers& b, const char* name, uint32_t rows, uint32_t cols, uint32_t blocks,
                         uint32_t tileRows, uint32_t iters = 1) {
  Workload w;
  w.name = name;
  w.dtype = DtypeName<T>();
  w.elements = size_t{rows} * cols;
  w.bytes = 2.0 * sizeof(T) * rows * cols * iters;
  T* x = reinterpret_cast<T*>(b.x.data());
  T* y = reinterpret_cast<T*>(b.z.data());
  w.prepare = [=] { Fill(x, size_t{rows} * cols, -8.0f, 8.0f, 9); };
  SoftmaxBenchTiling tiling{rows, cols, tileRows, 0, {}, iters};
  const ge::Shape tile({tileRows, cols});
  tiling.tmpBytes = AscendC::GetSoftMaxMinTmpSize(tile, sizeof(T), false);
  AscendC::SoftMaxTilingFunc(tile, sizeof(T), tiling.tmpBytes, tiling.softmax);
  w.aicore = [=, &b] {
    aicore::LaunchNamed("softmax_bench", softmax_bench<T>, blocks, b.x.bytes(), b.z.bytes(), tiling);
  };
  w.highway = [=] {
    const size_t per = rows / blocks;
    aicore::ParallelFor(blocks, [&](uint32_t i) {
      for (uint32_t it = 0; it < iters; ++it) baseline::SoftMax(x + i * per * cols, y + i * per * cols, per, cols);
    });
  };
  w.scalar = [=] {
    std::vector<float> e(cols);
    for (size_t r = 0; r < rows; ++r) {
      const T* xr = x + r * cols;
      float mx = -HUGE_VALF, sum = 0;
      for (size_t c = 0; c < cols; ++c) mx = std::max(mx, static_cast<float>(xr[c]));
      for (size_t c = 0; c < cols; ++c) sum += (e[c] = std::exp(static_cast<float>(xr[c]) - mx));
      for (size_t c = 0; c < cols; ++c) y[r * cols + c] = static_cast<T>(e[c] / sum);
    }
  };
  w.check = Checker<T>(b, w.elements);
  return w;
}

// Sort 1M scores in tiles of `tile` (Concat, Sort<T, true>, Extract per
// tile: values and indices out) against a hand-written std::sort of (value,
// index) pairs per tile with the same order (descending, ties by position).
// The scalar reference is std::stable_sort of positions.
template <class T>
Workload SortWorkload(Buffers& b, const char* name, uint32_t n, uint32_t blocks, uint32_t tile) {
  Workload w;
  w.name = name;
  w.dtype = DtypeName<T>();
  w.elements = n;
  w.bytes = (2.0 * sizeof(T) + 8.0) * n;
  T* x = reinterpret_cast<T*>(b.x.data());
  uint32_t* idx = reinterpret_cast<uint32_t*>(b.y.data());
  T* z = reinterpret_cast<T*>(b.z.data());
  uint32_t* zi = reinterpret_cast<uint32_t*>(b.x.data() + (size_t{32} << 20));
  w.prepare = [=] {
    Fill(x, n, -1000.0f, 1000.0f, 21);
    for (uint32_t i = 0; i < n; ++i) idx[i] = i;
  };
  const SortBenchTiling tiling{n, tile};
  w.aicore = [=, &b] {
    aicore::LaunchNamed("sort_bench", sort_bench<T>, blocks, b.x.bytes(), b.y.bytes(), b.z.bytes(),
                        reinterpret_cast<uint8_t*>(zi), tiling);
  };
  w.highway = [=] {
    aicore::ParallelFor(n / tile, [&](uint32_t t) {
      static thread_local std::vector<std::pair<float, uint32_t>> v;
      v.resize(tile);
      const size_t o = size_t{t} * tile;
      for (uint32_t i = 0; i < tile; ++i) v[i] = {static_cast<float>(x[o + i]), idx[o + i]};
      std::sort(v.begin(), v.end(), [](const auto& a, const auto& c) {
        return a.first > c.first || (a.first == c.first && a.second < c.second);
      });
      for (uint32_t i = 0; i < tile; ++i) {
        z[o + i] = static_cast<T>(v[i].first);
        zi[o + i] = v[i].second;
      }
    });
  };
  w.scalar = [=] {
    std::vector<uint32_t> p(tile);
    for (size_t o = 0; o < n; o += tile) {
      for (uint32_t i = 0; i < tile; ++i) p[i] = i;
      std::stable_sort(p.begin(), p.end(), [&](uint32_t a, uint32_t c) {
        return static_cast<float>(x[o + a]) > static_cast<float>(x[o + c]);
      });
      for (uint32_t i = 0; i < tile; ++i) z[o + i] = x[o + p[i]];
    }
  };
  w.check = Checker<T>(b, w.elements);
  return w;
}

// TopK (Normal mode, float, k largest) over rows x inner, rowsPerTile rows
// per call, against std::partial_sort of (value, position) pairs per row.
Workload TopKWorkload(Buffers& b, const char* name, uint32_t rows, uint32_t inner, int32_t k,
                      uint32_t blocks, uint32_t rowsPerTile) {
  Workload w;
  w.name = name;
  w.dtype = "float";
  const uint32_t kpad = (static_cast<uint32_t>(k) + 7) / 8 * 8;
  w.elements = size_t{rows} * kpad;
  w.bytes = 4.0 * rows * inner + 8.0 * rows * kpad;
  float* x = reinterpret_cast<float*>(b.x.data());
  float* z = reinterpret_cast<float*>(b.z.data());
  int32_t* zi = reinterpret_cast<int32_t*>(b.y.data());
  w.prepare = [=] { Fill(x, size_t{rows} * inner, -1000.0f, 1000.0f, 23); };
  TopKBenchTiling tiling{rows, inner, rowsPerTile, k, 0, {}};
  platform_ascendc::PlatformAscendC plat;
  uint32_t mx = 0;
  AscendC::GetTopKMaxMinTmpSize(plat, static_cast<int32_t>(inner), static_cast<int32_t>(rowsPerTile),
                                false, false, AscendC::TopKMode::TOPK_NORMAL, true, 4, mx,
                                tiling.tmpBytes);
  AscendC::TopKTilingFunc(plat, static_cast<int32_t>(inner), static_cast<int32_t>(rowsPerTile), k, 4,
                          false, AscendC::TopKMode::TOPK_NORMAL, true, tiling.topk);
  w.aicore = [=, &b] {
    aicore::LaunchNamed("topk_bench", topk_bench, blocks, b.x.bytes(), b.z.bytes(), b.y.bytes(), tiling);
  };
  w.highway = [=] {
    aicore::ParallelFor(blocks, [&](uint32_t blk) {
      static thread_local std::vector<std::pair<float, int32_t>> v;
      v.resize(inner);
      const uint32_t per = rows / blocks;
      for (uint32_t r = blk * per; r < (blk + 1) * per; ++r) {
        for (uint32_t i = 0; i < inner; ++i) v[i] = {x[size_t{r} * inner + i], static_cast<int32_t>(i)};
        std::partial_sort(v.begin(), v.begin() + k, v.end(), [](const auto& a, const auto& c) {
          return a.first > c.first || (a.first == c.first && a.second < c.second);
        });
        for (int32_t i = 0; i < k; ++i) {
          z[size_t{r} * kpad + i] = v[i].first;
          zi[size_t{r} * kpad + i] = v[i].second;
        }
      }
    });
  };
  w.scalar = [=] {
    std::vector<uint32_t> p(inner);
    for (uint32_t r = 0; r < rows; ++r) {
      const float* row = x + size_t{r} * inner;
      for (uint32_t i = 0; i < inner; ++i) p[i] = i;
      std::stable_sort(p.begin(), p.end(), [&](uint32_t a, uint32_t c) { return row[a] > row[c]; });
      for (uint32_t i = 0; i < kpad; ++i) z[size_t{r} * kpad + i] = row[p[i]];
    }
  };
  w.check = Checker<float>(b, w.elements);
  return w;
}

Workload LaunchEmptyWorkload() {
  Workload w;
  w.name = "launch_empty";
  w.dtype = "-";
  w.prepare = [] {};
  w.aicore = [] { aicore::LaunchNamed("empty_kernel", empty_kernel, 8); };
  w.highway = [] { aicore::ParallelFor(8, [](uint32_t) {}); };
  return w;
}

// ---- custom-operator projects -------------------------------------------------

}  // namespace
// The op_kernel entry of examples/op_projects/add_custom (linked in).
extern "C" void add_custom(uint8_t* x, uint8_t* y, uint8_t* z, uint8_t* workspace, uint8_t* tiling);
namespace {

Workload OpAddWorkload(Buffers& b, const char* name, uint32_t n) {
  Workload w;
  w.name = name;
  w.dtype = "float";
  w.elements = n;
  w.bytes = 3.0 * n * sizeof(float);
  float* x = reinterpret_cast<float*>(b.x.data());
  float* y = reinterpret_cast<float*>(b.y.data());
  float* z = reinterpret_cast<float*>(b.z.data());
  w.prepare = [=] {
    Fill(x, n, -100.0f, 100.0f, 1);
    Fill(y, n, -100.0f, 100.0f, 2);
  };
  const int64_t dims[1] = {static_cast<int64_t>(n)};
  w.aicore = [=] {
    aclTensor* xt = aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, x);
    aclTensor* yt = aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, y);
    aclTensor* zt = aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, z);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    if (aclnnAddCustomGetWorkspaceSize(xt, yt, zt, &ws, &ex) != ACLNN_SUCCESS ||
        aclnnAddCustom(nullptr, ws, ex, nullptr) != ACLNN_SUCCESS) {
      std::abort();  // reported on stderr by the call
    }
    aclDestroyTensor(xt);
    aclDestroyTensor(yt);
    aclDestroyTensor(zt);
  };
  w.staged = [=] {
    const std::vector<int64_t> shape = {static_cast<int64_t>(n)};
    aicore::op::RunOp("AddCustom", {{x, shape, ge::DT_FLOAT}, {y, shape, ge::DT_FLOAT}},
                      {{z, shape, ge::DT_FLOAT}});
  };
  w.highway = [=] {
    // The tiling AddCustom's tiling function makes: {totalLength, tileNum}.
    uint32_t tiling[2] = {n, 8};
    aicore::detail::LaunchConfig cfg;
    cfg.cooperative = true;
    cfg.tiling_key = 2;
    cfg.geom = aicore::detail::Geometry::kAIV;
    uint8_t* t = reinterpret_cast<uint8_t*>(tiling);
    aicore::detail::LaunchWith(cfg, aicore::SrcLoc{"aicore_bench.cpp", 0}, "add_custom",
                               [=] { add_custom(reinterpret_cast<uint8_t*>(x), reinterpret_cast<uint8_t*>(y),
                                                reinterpret_cast<uint8_t*>(z), nullptr, t); },
                               8);
  };
  w.scalar = [=] {
    for (size_t i = 0; i < n; ++i) z[i] = x[i] + y[i];
  };
  w.check = Checker<float>(b, n);
  return w;
}

// Tiling, chosen by measurement on the 2-core development machine:
//  - add: 32 KiB per buffer (BUFFER_NUM 2, three queues: 192 KiB, the whole
//    Ascend910B UB). Larger tiles are faster here at every size (per tile,
//    each copy restarts its memory stream): 8 -> 16 -> 32 KiB gave about
//    0.39 -> 0.42 -> 0.44 of the Highway loop's speed at 1M floats.
//  - GELU: 2048 elements per tile, so that the kernel's working set (about
//    40 KiB) stays in the 48 KiB L1 cache across its passes. gelu_1x4096 runs
//    2 blocks: with 8 blocks of 512 elements, dispatch costs more than the work.
//  - 16 blocks for the large workloads (a multiple of 1 and 2 threads).
std::vector<Workload> MakeWorkloads(Buffers& b) {
  constexpr uint32_t k1M = 1u << 20, k16M = 1u << 24;
  std::vector<Workload> w;
  constexpr uint32_t kAddTileBytes = 32 * 1024;
  w.push_back(AddWorkload<half>(b, "add_1M", k1M, 16, kAddTileBytes));
  w.back().sanitizer_rows = true;
  w.push_back(AddWorkload<float>(b, "add_1M", k1M, 16, kAddTileBytes));
  w.push_back(AddWorkload<half>(b, "add_16M", k16M, 16, kAddTileBytes));
  w.push_back(AddWorkload<float>(b, "add_16M", k16M, 16, kAddTileBytes));
  w.push_back(GeluWorkload<half>(b, "gelu_1x4096", 4096, 2, 2048));
  w.push_back(GeluWorkload<float>(b, "gelu_1x4096", 4096, 2, 2048));
  w.push_back(GeluWorkload<half>(b, "gelu_16M", k16M, 16, 2048));
  w.push_back(GeluWorkload<float>(b, "gelu_16M", k16M, 16, 2048));
  w.push_back(RmsNormWorkload(b, "rms_norm_32x4096", 32, 4096, 8));
  w.back().sanitizer_rows = true;
  w.push_back(RmsNormWorkload(b, "rms_norm_2048x4096", 2048, 4096, 16));
  // FasterGelu 16M (issue 12), tiles of 2048 as gelu_16M.
  w.push_back(FasterGeluWorkload<half>(b, "fastergelu_16M", k16M, 16, 2048));
  w.push_back(FasterGeluWorkload<float>(b, "fastergelu_16M", k16M, 16, 2048));
  // LayerNorm [B, S, 1024] half (issue 12): 16 blocks, tiles of 8 rows
  // (16 KiB of half per queue buffer, 32 KiB of float for the chain).
  w.push_back(LayerNormWorkload(b, "layernorm_1x512x1024", 1, 512, 1024, 16, 8));
  w.push_back(LayerNormWorkload(b, "layernorm_8x2048x1024", 8, 2048, 1024, 16, 8));
  w.push_back(OpAddWorkload(b, "op_add_1K", 1024));
  w.push_back(OpAddWorkload(b, "op_add_1M", k1M));
  // Strided repeat forms: 1M outputs from 2M-element inputs, output tiles
  // of 16 KiB (x/y tiles of 32 KiB; 160 KiB of UB double-buffered).
  constexpr uint32_t kStridedTileBytes = 16 * 1024;
  w.push_back(StridedAddWorkload<half>(b, "add_rep16_1M", k1M, 16, kStridedTileBytes / 2, 0));
  w.push_back(StridedAddWorkload<float>(b, "add_rep16_1M", k1M, 16, kStridedTileBytes / 4, 0));
  w.push_back(StridedAddWorkload<half>(b, "add_blk2_1M", k1M, 16, kStridedTileBytes / 2, 1));
  w.push_back(StridedAddWorkload<float>(b, "add_blk2_1M", k1M, 16, kStridedTileBytes / 4, 1));
  // The same instructions on UB-resident tiles (16 blocks x one 16 KiB
  // output tile, the Add repeated 256 times): repeat-form engine vs Highway.
  for (uint32_t mode : {0u, 1u}) {
    const char* name = mode == 0 ? "add_rep16_ub" : "add_blk2_ub";
    w.push_back(StridedAddWorkload<half>(b, name, 16 * kStridedTileBytes / 2, 16,
                                         kStridedTileBytes / 2, mode, 256));
    w.push_back(StridedAddWorkload<float>(b, name, 16 * kStridedTileBytes / 4, 16,
                                          kStridedTileBytes / 4, mode, 256));
  }
  // Row sums: 16M floats (DRAM-bound) and 1M floats (cache-resident).
  w.push_back(ReduceRowsWorkload(b, "reduce_sum_1024x16384", 1024, 16384, 16));
  w.push_back(ReduceRowsWorkload(b, "reduce_sum_64x16384", 64, 16384, 8));
  // Pattern reductions (issue 12), UB-resident 32 x 1024 float tiles, 16
  // blocks x 64 calls: ReduceSum / ReduceMax, AR and RA.
  w.push_back(ReducePatternWorkload(b, "reduce_ar_sum_ub_32x1024", 16, 32, 1024, 64, true, false));
  w.push_back(ReducePatternWorkload(b, "reduce_ra_sum_ub_32x1024", 16, 32, 1024, 64, false, false));
  w.push_back(ReducePatternWorkload(b, "reduce_ar_max_ub_32x1024", 16, 32, 1024, 64, true, true));
  w.push_back(ReducePatternWorkload(b, "reduce_ra_max_ub_32x1024", 16, 32, 1024, 64, false, true));
  // GEMM through simd::Gemm (the cube's engine): half and float inputs.
  w.push_back(GemmWorkload<half>(b, "gemm_512", 512, true));
  w.push_back(GemmWorkload<float>(b, "gemm_512", 512, true));
  w.push_back(GemmWorkload<half>(b, "gemm_2048", 2048, false));
  w.push_back(GemmWorkload<float>(b, "gemm_2048", 2048, false));
  // SoftMax 2048 x 2048: 16 blocks of 128 rows, tiles of 32 KiB per buffer
  // (4 float / 8 half rows; in and out queues double-buffered: 128 KiB).
  w.push_back(SoftmaxWorkload<half>(b, "softmax_2048x2048", 2048, 2048, 16, 8));
  w.push_back(SoftmaxWorkload<float>(b, "softmax_2048x2048", 2048, 2048, 16, 4));
  // The same calls on UB-resident tiles (16 blocks x one tile, 64 calls each).
  w.push_back(SoftmaxWorkload<half>(b, "softmax_ub_16x8x2048", 128, 2048, 16, 8, 64));
  w.push_back(SoftmaxWorkload<float>(b, "softmax_ub_16x4x2048", 64, 2048, 16, 4, 64));
  // Sort / TopK 1M (issue 12): full sorts of 4096-element tiles (16 blocks);
  // TopK k = 32 of 256 rows of 4096 floats (16 blocks, 2 rows per call).
  w.push_back(SortWorkload<float>(b, "sort_1M", k1M, 16, 4096));
  w.push_back(SortWorkload<half>(b, "sort_1M", k1M, 16, 4096));
  w.push_back(TopKWorkload(b, "topk_1M", 256, 4096, 32, 16, 2));
  w.push_back(LaunchEmptyWorkload());
  // The high-level Matmul API (issue 11): 2048^3, half and float in, float out.
  w.push_back(MatmulWorkload<half>(b, "matmul_2048", 2048, 8));
  w.push_back(MatmulWorkload<float>(b, "matmul_2048", 2048, 8));
  return w;
}

// Runs each variant once into the output buffer and checks it against the
// scalar loop's output. Returns the time of one round of the variants that
// will be timed (a cost estimate, from these first calls), negated when a
// variant's output is wrong.
double CheckAndEstimate(Workload& w, Buffers& b, bool with_scalar,
                        const std::vector<aicore::bench::Variant>& sanitized,
                        const SanitizerReports& reports) {
  auto timed = [](const std::function<void()>& fn) {
    const aicore::bench::Timer t;
    fn();
    return t.ElapsedNs();
  };
  if (!w.check) return timed(w.aicore) + timed(w.highway);
  const size_t out_bytes = w.out_bytes != 0 ? w.out_bytes : w.elements * (w.dtype == "half" ? 2 : 4);
  double round = 0;
  std::vector<aicore::bench::Variant> all{{"aicore", w.aicore}, {"highway", w.highway}};
  if (!w.self_check) {
    round = timed(w.scalar);  // the reference
    if (!with_scalar) round = 0;
    std::memcpy(b.ref.data(), b.z.data(), out_bytes);
  } else if (with_scalar && w.scalar) {
    all.push_back({"scalar", w.scalar});
  }
  if (w.staged) all.push_back({"staged", w.staged});
  if (w.api) all.push_back({"api", w.api});
  if (w.lowlevel) all.push_back({"lowlevel", w.lowlevel});
  if (w.peak) round += timed(w.peak);
  all.insert(all.end(), sanitized.begin(), sanitized.end());
  bool ok = true;
  for (const auto& v : all) {
    std::memset(b.z.data(), 0xFF, out_bytes);
    const uint64_t reports_before = reports.count;
    round += timed(v.run);
    std::string err = w.check();
    if (err.empty() && w.check_exact && (v.name == "aicore" || v.name == "scalar")) err = w.check_exact();
    if (!err.empty()) {
      std::fprintf(stderr, "aicore_bench: %s/%s %s output differs from scalar: %s\n", w.name.c_str(),
                   w.dtype.c_str(), v.name.c_str(), err.c_str());
      ok = false;
    }
    if (reports.count != reports_before) {
      std::fprintf(stderr, "aicore_bench: %s/%s %s: the sanitizer reported on a clean kernel: %s\n",
                   w.name.c_str(), w.dtype.c_str(), v.name.c_str(), reports.first.c_str());
      ok = false;
    }
  }
  return ok ? round : -round;
}

// The row of `variant` measured on the same workload, dtype and thread count
// as `like`; nullptr if there is none.
const Row* FindRow(const std::vector<Row>& rows, const std::string& variant, const Row& like) {
  for (const Row& r : rows) {
    if (r.variant == variant && r.workload == like.workload && r.dtype == like.dtype &&
        r.threads == like.threads) {
      return &r;
    }
  }
  return nullptr;
}

// The sanitizer rows as a table: each mode's time relative to the unchecked
// aicore variant of the same workload and thread count.
void PrintSanitizerOverhead(std::ostream& os, const std::vector<Row>& rows) {
  bool header = false;
  for (const Row& r : rows) {
    const SanitizerMode* mode = nullptr;
    for (const SanitizerMode& m : kSanitizerModes) {
      if (r.variant == m.variant) mode = &m;
    }
    const Row* base = FindRow(rows, "aicore", r);
    if (mode == nullptr || base == nullptr) continue;
    if (!header) {
      os << "\nsanitizer overhead (time / unchecked aicore time; targets: memcheck <= 3x, "
            "all modes <= 10x):\n";
      header = true;
    }
    const double slowdown = base->stats.median > 0 ? r.stats.median / base->stats.median : 0;
    char verdict[32] = "";
    if (mode->target > 0) {
      std::snprintf(verdict, sizeof(verdict), "%s (<= %.0fx)",
                    slowdown <= mode->target ? "ok" : "MISS", mode->target);
    }
    char line[256];
    std::snprintf(line, sizeof(line), "  %-20s %-6s thr %u  %-17s %10.1f us  %6.2fx  %s\n",
                  r.workload.c_str(), r.dtype.c_str(), r.threads, r.variant.c_str(),
                  r.stats.median * 1e-3, slowdown, verdict);
    os << line;
  }
}

// The compute workloads: GFLOP/s of each variant, aicore's speed relative to
// the hand-written GEMM and its fraction of the FMA peak measured in the same
// run (the `peak` variant: as many flops of independent FMAs), from the
// median wall times and, on one thread, from the thread CPU time of the
// calls (median and fastest call; on a machine shared with other work the
// wall time includes waiting for the CPU, the CPU time does not). The
// verdict uses the median CPU time on one thread, the median wall time on
// more.
void PrintGemmSummary(std::ostream& os, const std::vector<Row>& rows, const std::vector<Workload>& workloads) {
  using aicore::bench::detail::Format;
  bool header = false;
  for (const Row& a : rows) {
    if (a.variant != "aicore") continue;
    const Workload* w = nullptr;
    for (const Workload& x : workloads) {
      if (x.name == a.workload && x.dtype == a.dtype) w = &x;
    }
    if (w == nullptr || w->flops <= 0) continue;
    const Row* h = FindRow(rows, "highway", a);
    const Row* p = FindRow(rows, "peak", a);
    Row scalar_like = a;
    scalar_like.threads = 1;
    const Row* sc = FindRow(rows, "scalar", scalar_like);
    auto wall = [&](const Row* r) { return r == nullptr || r->stats.median <= 0 ? 0.0 : w->flops / r->stats.median; };
    auto cpu = [&](const char* variant, bool best) {
      if (a.threads != 1) return 0.0;
      const auto it = GemmCpuSamples().find(a.workload + "/" + a.dtype + "/" + variant);
      if (it == GemmCpuSamples().end() || it->second.empty()) return 0.0;
      const aicore::bench::Stats st = aicore::bench::Stats::From(it->second);
      const double t = best ? st.min : st.median;
      return t > 0 ? w->flops / t : 0.0;
    };
    auto num = [](double x) { return x > 0 ? Format("%.1f", x) : std::string("-"); };
    auto ratio = [](double x, double y) { return x > 0 && y > 0 ? Format("%.2f", x / y) : std::string("-"); };
    if (!header) {
      os << "\ngemm, GFLOP/s (wall: median wall time; cpu: median thread CPU time of the calls, one thread only;"
            " best: fastest call's CPU time);\npeak = independent FMAs with as many flops, same run; target "
            "aicore >= 0.50 of peak, stretch 0.70 (verdict: cpu on one thread, wall on more):\n";
      os << Format("  %-10s %-6s %3s | %-6s %7s %7s %6s %6s %6s | %-6s %7s %6s %6s %6s %11s | %s\n", "", "", "",
                   "wall:", "", "", "", "aicore", "aicore", "cpu:", "", "", "aicore", "aicore", "aicore/peak",
                   "");
      os << Format("  %-10s %-6s %3s | %6s %7s %7s %6s %6s %6s | %6s %7s %6s %6s %6s %11s | %s\n", "workload",
                   "dtype", "thr", "aicore", "highway", "scalar", "peak", "/hwy", "/peak", "aicore", "highway",
                   "peak", "/hwy", "/peak", "(best)", "verdict");
      header = true;
    }
    const double frac = a.threads == 1 && cpu("peak", false) > 0 ? cpu("aicore", false) / cpu("peak", false)
                                                                  : wall(&a) / wall(p);
    const std::string verdict = p == nullptr ? "" : frac >= 0.70 ? "ok (stretch)" : frac >= 0.50 ? "ok" : "MISS";
    os << Format("  %-10s %-6s %3u | %6s %7s %7s %6s %6s %6s | %6s %7s %6s %6s %6s %11s | %s\n", a.workload.c_str(),
                 a.dtype.c_str(), a.threads, num(wall(&a)).c_str(), num(wall(h)).c_str(),
                 sc == nullptr ? "-" : Format("%.2f", wall(sc)).c_str(), num(wall(p)).c_str(),
                 ratio(wall(&a), wall(h)).c_str(), ratio(wall(&a), wall(p)).c_str(), num(cpu("aicore", false)).c_str(),
                 num(cpu("highway", false)).c_str(), num(cpu("peak", false)).c_str(),
                 ratio(cpu("aicore", false), cpu("highway", false)).c_str(),
                 ratio(cpu("aicore", false), cpu("peak", false)).c_str(),
                 ratio(cpu("aicore", true), cpu("peak", true)).c_str(), verdict.c_str());
  }
}

}  // namespace

int main(int argc, char** argv) {
  const Options opt = ParseOptions(argc, argv);
  std::fprintf(stderr, "aicore_bench: Highway target %s\n", aicore::SimdTargetName());
  Buffers buffers;
  std::vector<Workload> workloads = MakeWorkloads(buffers);

  if (opt.csv) {
    aicore::bench::WriteCsvHeader(std::cout);
    std::cout.flush();
  }
  std::vector<Row> rows;
  bool all_ok = true;
  for (size_t ti = 0; ti < opt.threads.size(); ++ti) {
    const uint32_t threads = opt.threads[ti];
    aicore::SetNumThreads(threads);
    // The scalar loop runs on one thread: measured once, in the first group.
    const bool with_scalar = ti == 0;
    for (Workload& w : workloads) {
      if (!opt.filter.empty() && (w.name + "/" + w.dtype).find(opt.filter) == std::string::npos) continue;
      if (w.slow && opt.quick && opt.filter.empty()) continue;
      std::fprintf(stderr, "aicore_bench: %s/%s on %u thread(s)\n", w.name.c_str(), w.dtype.c_str(), threads);
      w.prepare();
      // Sanitizer variants, under an error sink (nothing throws; reports
      // are counted and the first one is kept).
      SanitizerReports reports;
      std::vector<aicore::bench::Variant> sanitized;
      if (w.sanitizer_rows) {
        aicore::SetErrorSink([&reports](const aicore::KernelError& e) {
          if (reports.count++ == 0) reports.first = e.what();
        });
        for (const SanitizerMode& m : kSanitizerModes) {
          sanitized.push_back({m.variant, Sanitized(w.aicore, m.modes)});
        }
      }
      const double round_ns = CheckAndEstimate(w, buffers, with_scalar && w.scalar, sanitized, reports);
      if (round_ns < 0) all_ok = false;  // reported above; still timed

      std::vector<aicore::bench::Variant> variants{{"aicore", w.aicore}, {"highway", w.highway}};
      if (w.staged) variants.push_back({"staged", w.staged});
      if (w.api) variants.push_back({"api", w.api});
      if (w.lowlevel) variants.push_back({"lowlevel", w.lowlevel});
      // (--quick: a self-checking workload's scalar loop, which is slow, only
      // runs once, in the check.)
      if (with_scalar && w.scalar && !(opt.quick && w.self_check)) variants.push_back({"scalar", w.scalar});
      if (w.peak) variants.push_back({"peak", w.peak});
      variants.insert(variants.end(), sanitized.begin(), sanitized.end());
      aicore::bench::CompareOptions co;
      co.npu_estimate = opt.npu;
      if (opt.quick) {
        co.reps = 3;
        co.warmup = 1;
        co.min_warmup_ns = 0;
      } else if (opt.reps > 0) {
        co.reps = opt.reps;
      } else {
        // About 1.5 s per workload, 21 to 2001 repetitions.
        const double reps = 1.5e9 / std::max(std::abs(round_ns), 1.0);
        co.reps = static_cast<uint32_t>(std::min(std::max(reps, 21.0), 2001.0));
        if (w.max_reps != 0) co.reps = std::min(co.reps, w.max_reps);
      }
      const auto results = aicore::bench::CompareVariants(variants, co);
      if (w.sanitizer_rows) {
        aicore::SetErrorSink(nullptr);
        if (reports.count != 0) {
          std::fprintf(stderr, "aicore_bench: %s/%s: %llu sanitizer report(s) while timing: %s\n",
                       w.name.c_str(), w.dtype.c_str(),
                       static_cast<unsigned long long>(reports.count), reports.first.c_str());
          all_ok = false;
        }
      }
      for (const auto& r : results) {
        Row row{w.name, w.dtype, r.name == "scalar" ? 1u : threads, r.name, r.stats, w.bytes, r.npu_us, r.npu_bound};
        if (opt.csv) {
          aicore::bench::WriteCsvRow(std::cout, row);
          std::cout.flush();
        }
        rows.push_back(std::move(row));
      }
    }
  }

  if (!opt.csv) {
    std::vector<Row> main_rows;  // the sanitizer rows get their own table
    for (const Row& r : rows) {
      if (r.variant.rfind("aicore+", 0) != 0) main_rows.push_back(r);
    }
    aicore::bench::PrintTable(std::cout, main_rows, "highway");
    PrintSanitizerOverhead(std::cout, rows);
    // The targets: aicore >= 0.95x highway on workloads of >= 1M elements;
    // an empty 8-block launch <= 2 us on 2 threads.
    std::cout << "\ntargets (aicore speed / highway speed >= 0.95 at >= 1M elements; "
                 "launch_empty <= 2 us at 2 threads):\n";
    for (const Row& a : rows) {
      if (a.variant != "aicore") continue;
      const Workload* w = nullptr;
      for (const Workload& x : workloads) {
        if (x.name == a.workload && x.dtype == a.dtype) w = &x;
      }
      if (a.workload == "launch_empty") {
        if (a.threads == 2) {
          std::printf("  %-20s %-6s thr %u  median %.0f ns  %s\n", a.workload.c_str(), a.dtype.c_str(),
                      a.threads, a.stats.median, a.stats.median <= 2000 ? "ok" : "MISS");
        }
        continue;
      }
      const Row* h = FindRow(rows, "highway", a);
      if (w == nullptr || w->flops > 0 || w->elements < (1u << 20) || h == nullptr) continue;
      const double ratio = aicore::bench::SpeedRatio(a, *h);
      const Row* st = FindRow(rows, "staged", a);  // the DSL against the same data flow by hand
      const std::string staged =
          st == nullptr ? ""
                        : "  (aicore / staged: " +
                              aicore::bench::detail::Format("%.3fx", aicore::bench::SpeedRatio(a, *st)) + ")";
      const Row* ap = FindRow(rows, "api", a);  // the same kernel with one high-level API call per tile
      const std::string api =
          ap == nullptr ? ""
                        : "  (api / highway: " +
                              aicore::bench::detail::Format("%.3fx", aicore::bench::SpeedRatio(*ap, *h)) + ")";
      std::printf("  %-20s %-6s thr %u  %.3fx  %s%s%s\n", a.workload.c_str(), a.dtype.c_str(), a.threads,
                  ratio, ratio >= 0.95 ? "ok" : "MISS", staged.c_str(), api.c_str());
    }
  }
  if (!opt.csv) {
    // Custom operators: the cost of the operator layer over a direct launch.
    bool header = false;
    for (const Row& a : rows) {
      if (a.variant != "highway" || a.workload.rfind("op_", 0) != 0) continue;
      const Row* aclnn = FindRow(rows, "aicore", a);
      const Row* byname = FindRow(rows, "staged", a);
      if (aclnn == nullptr || byname == nullptr) continue;
      if (!header) {
        std::cout << "\noperator call overhead over a direct launch of the kernel (median; target <= 5 us for the "
                     "small op):\n";
        header = true;
      }
      const double over_aclnn = (aclnn->stats.median - a.stats.median) * 1e-3;
      const double over_name = (byname->stats.median - a.stats.median) * 1e-3;
      std::printf("  %-12s %-6s thr %u  launch %8.1f us  aclnn +%6.2f us  RunOp +%6.2f us  %s\n",
                  a.workload.c_str(), a.dtype.c_str(), a.threads, a.stats.median * 1e-3, over_aclnn, over_name,
                  a.workload == "op_add_1K" ? (over_aclnn <= 5.0 ? "ok" : "MISS") : "");
    }
    PrintGemmSummary(std::cout, rows, workloads);
  }
  if (!opt.json.empty() || !opt.svg.empty()) {
    aicore::bench::ReportPaths paths;
    paths.json = opt.json;
    paths.svg = opt.svg;
    const std::string failed =
        aicore::bench::WriteReports(rows, paths, "highway", std::string("aicore_bench (") + aicore::SimdTargetName() + ")");
    if (!failed.empty()) {
      std::fprintf(stderr, "aicore_bench: cannot write %s\n", failed.c_str());
      return 2;
    }
    if (!opt.json.empty()) std::fprintf(stderr, "aicore_bench: wrote %s\n", opt.json.c_str());
    if (!opt.svg.empty()) std::fprintf(stderr, "aicore_bench: wrote %s\n", opt.svg.c_str());
  }
  if (!all_ok) {
    std::fprintf(stderr, "aicore_bench: some outputs were wrong (see above)\n");
    return 1;
  }
  return 0;
}
