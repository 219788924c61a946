// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// aicore_bench: seed workloads, each as an aicore kernel (the DSL), a
// hand-written Highway loop over the same thread pool and block partitioning,
// and a plain scalar C++ loop; plus the latency of an empty launch.
//
//   aicore_bench [--csv] [--filter SUBSTR] [--reps N] [--threads 1,2] [--quick]
//
// Variants of one workload run interleaved (aicore::bench::CompareVariants),
// so that their ratios come from the same conditions. Every variant's output
// is checked against the scalar loop's before timing.
//
// The add_1M/half and rms_norm_32x4096 workloads also run the aicore kernel
// under each deep sanitizer mode (variants aicore+memcheck, +racecheck,
// +initcheck, +synccheck, +numcheck and +all: every mode together); the
// table ends with their time relative to the unchecked aicore variant
// (targets: memcheck <= 3x, all <= 10x). A sanitized run must give the same
// output and report nothing.
#include <aicore/aicore.h>
#include <aicore/bench/bench.h>
#include <aicore/testing/golden.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "../examples/gelu/gelu_kernel.h"
#include "../examples/rms_norm/rms_norm_kernel.h"
#include "add_kernel.h"
#include "hwy_baselines.h"
#include "reduce_kernel.h"
#include "softmax_kernel.h"
#include "strided_add_kernel.h"

namespace {

using aicore::bench::Buffer;
using aicore::bench::Row;

// ---- options ---------------------------------------------------------------

struct Options {
  bool csv = false;
  bool quick = false;
  std::string filter;
  uint32_t reps = 0;  // 0: chosen per workload from its cost
  std::vector<uint32_t> threads{1, 2};
};

[[noreturn]] void Usage(int code) {
  std::fprintf(code == 0 ? stdout : stderr,
               "usage: aicore_bench [--csv] [--filter SUBSTR] [--reps N] [--threads 1,2] [--quick]\n"
               "  --csv          one CSV row per measurement (header: %s)\n"
               "  --filter S     only workloads whose 'workload/dtype' contains S\n"
               "  --reps N       timed repetitions per variant (default: by workload cost)\n"
               "  --threads L    comma-separated core-grid sizes (default 1,2)\n"
               "  --quick        few repetitions (smoke test)\n",
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
  Buffer<half> gamma{4096};
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
  // Compares the output buffer with the reference buffer; "" when it matches.
  std::function<std::string()> check;
  bool sanitizer_rows = false;  // also time `aicore` under each sanitizer mode
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

Workload LaunchEmptyWorkload() {
  Workload w;
  w.name = "launch_empty";
  w.dtype = "-";
  w.prepare = [] {};
  w.aicore = [] { aicore::LaunchNamed("empty_kernel", empty_kernel, 8); };
  w.highway = [] { aicore::ParallelFor(8, [](uint32_t) {}); };
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
  // SoftMax 2048 x 2048: 16 blocks of 128 rows, tiles of 32 KiB per buffer
  // (4 float / 8 half rows; in and out queues double-buffered: 128 KiB).
  w.push_back(SoftmaxWorkload<half>(b, "softmax_2048x2048", 2048, 2048, 16, 8));
  w.push_back(SoftmaxWorkload<float>(b, "softmax_2048x2048", 2048, 2048, 16, 4));
  // The same calls on UB-resident tiles (16 blocks x one tile, 64 calls each).
  w.push_back(SoftmaxWorkload<half>(b, "softmax_ub_16x8x2048", 128, 2048, 16, 8, 64));
  w.push_back(SoftmaxWorkload<float>(b, "softmax_ub_16x4x2048", 64, 2048, 16, 4, 64));
  w.push_back(LaunchEmptyWorkload());
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
  const size_t out_bytes = w.elements * (w.dtype == "half" ? 2 : 4);
  double round = timed(w.scalar);  // the reference
  if (!with_scalar) round = 0;
  std::memcpy(b.ref.data(), b.z.data(), out_bytes);
  std::vector<aicore::bench::Variant> all{{"aicore", w.aicore}, {"highway", w.highway}};
  if (w.staged) all.push_back({"staged", w.staged});
  all.insert(all.end(), sanitized.begin(), sanitized.end());
  bool ok = true;
  for (const auto& v : all) {
    std::memset(b.z.data(), 0xFF, out_bytes);
    const uint64_t reports_before = reports.count;
    round += timed(v.run);
    const std::string err = w.check();
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
      if (with_scalar && w.scalar) variants.push_back({"scalar", w.scalar});
      variants.insert(variants.end(), sanitized.begin(), sanitized.end());
      aicore::bench::CompareOptions co;
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
        Row row{w.name, w.dtype, r.name == "scalar" ? 1u : threads, r.name, r.stats, w.bytes};
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
      if (w == nullptr || w->elements < (1u << 20) || h == nullptr) continue;
      const double ratio = aicore::bench::SpeedRatio(a, *h);
      const Row* st = FindRow(rows, "staged", a);  // the DSL against the same data flow by hand
      const std::string staged =
          st == nullptr ? ""
                        : "  (aicore / staged: " +
                              aicore::bench::detail::Format("%.3fx", aicore::bench::SpeedRatio(a, *st)) + ")";
      std::printf("  %-20s %-6s thr %u  %.3fx  %s%s\n", a.workload.c_str(), a.dtype.c_str(), a.threads,
                  ratio, ratio >= 0.95 ? "ok" : "MISS", staged.c_str());
    }
  }
  if (!all_ok) {
    std::fprintf(stderr, "aicore_bench: some outputs were wrong (see above)\n");
    return 1;
  }
  return 0;
}
