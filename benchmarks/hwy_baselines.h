// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Hand-written Highway baselines: the same math as the DSL kernels as one
// fused loop per block (no staging through on-chip buffers, no per-call
// checks), unrolled, f32 compute with half promoted/demoted in registers
// (F16C). Each function processes one block's slice; the benchmark runs them
// over aicore::ParallelFor with the kernels' block partitioning. Written
// against plain Highway only, independent of aicore's SIMD layer.
#pragma once

#include <hwy/highway.h>
#include <hwy/contrib/math/math-inl.h>

#include <aicore/base/half.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace baseline {

namespace hn = hwy::HWY_NAMESPACE;
using DF = hn::ScalableTag<float>;

// Element T <-> f32 lanes.
template <class T>
HWY_INLINE hn::Vec<DF> Load(DF d, const T* HWY_RESTRICT p) {
  if constexpr (std::is_same_v<T, half>) {
    const hn::Rebind<hwy::float16_t, DF> dh;
    return hn::PromoteTo(d, hn::LoadU(dh, reinterpret_cast<const hwy::float16_t*>(p)));
  } else {
    return hn::LoadU(d, p);
  }
}
template <class T>
HWY_INLINE void Store(DF d, hn::Vec<DF> v, T* HWY_RESTRICT p) {
  if constexpr (std::is_same_v<T, half>) {
    const hn::Rebind<hwy::float16_t, DF> dh;
    hn::StoreU(hn::DemoteTo(dh, v), dh, reinterpret_cast<hwy::float16_t*>(p));
  } else {
    hn::StoreU(v, d, p);
  }
}

// ---- add: z = x + y --------------------------------------------------------
template <class T>
HWY_NOINLINE void Add(const T* HWY_RESTRICT x, const T* HWY_RESTRICT y, T* HWY_RESTRICT z,
                      size_t n) {
  const DF d;
  const size_t N = hn::Lanes(d);
  size_t i = 0;
  for (; i + 4 * N <= n; i += 4 * N) {
    const auto a0 = hn::Add(Load(d, x + i), Load(d, y + i));
    const auto a1 = hn::Add(Load(d, x + i + N), Load(d, y + i + N));
    const auto a2 = hn::Add(Load(d, x + i + 2 * N), Load(d, y + i + 2 * N));
    const auto a3 = hn::Add(Load(d, x + i + 3 * N), Load(d, y + i + 3 * N));
    Store(d, a0, z + i);
    Store(d, a1, z + i + N);
    Store(d, a2, z + i + 2 * N);
    Store(d, a3, z + i + 3 * N);
  }
  for (; i + N <= n; i += N) Store(d, hn::Add(Load(d, x + i), Load(d, y + i)), z + i);
  for (; i < n; ++i) z[i] = static_cast<T>(static_cast<float>(x[i]) + static_cast<float>(y[i]));
}

// ---- GELU: y = x / (1 + exp(-2u)), u = sqrt(2/pi) (x + 0.044715 x^3) ----------
HWY_INLINE hn::Vec<DF> Gelu(DF d, hn::Vec<DF> x) {
  const auto c = hn::Set(d, 0.044715f);
  const auto k = hn::Set(d, -2.0f * 0.7978845608028654f);
  const auto one = hn::Set(d, 1.0f);
  const auto inner = hn::MulAdd(hn::Mul(x, x), c, one);       // 1 + 0.044715 x^2
  // -2u, clamped where exp(-2u) overflows float anyway (Highway's Exp is only
  // valid below ~88.7): the quotient is then x / huge = -0.
  const auto t = hn::Min(hn::Mul(hn::Mul(inner, x), k), hn::Set(d, 88.0f));
  return hn::Div(x, hn::Add(hn::Exp(d, t), one));
}

template <class T>
HWY_NOINLINE void Gelu(const T* HWY_RESTRICT x, T* HWY_RESTRICT y, size_t n) {
  const DF d;
  const size_t N = hn::Lanes(d);
  size_t i = 0;
  for (; i + 2 * N <= n; i += 2 * N) {
    const auto r0 = Gelu(d, Load(d, x + i));
    const auto r1 = Gelu(d, Load(d, x + i + N));
    Store(d, r0, y + i);
    Store(d, r1, y + i + N);
  }
  for (; i + N <= n; i += N) Store(d, Gelu(d, Load(d, x + i)), y + i);
  for (; i < n; ++i) {
    const float v = static_cast<float>(x[i]);
    const float u = std::fmin(-2.0f * 0.7978845608028654f * v * (1.0f + 0.044715f * v * v), 88.0f);
    y[i] = static_cast<T>(v / (1.0f + std::exp(u)));
  }
}

// ---- RMSNorm: y = x * (1 / sqrt(mean(x^2) + eps)) * gamma, per row ------------
// rows x hidden half, row-major.
HWY_NOINLINE inline void RmsNorm(const half* HWY_RESTRICT x, const half* HWY_RESTRICT gamma,
                                 half* HWY_RESTRICT y, size_t rows, size_t hidden, float eps) {
  const DF d;
  const size_t N = hn::Lanes(d);
  for (size_t r = 0; r < rows; ++r) {
    const half* HWY_RESTRICT xr = x + r * hidden;
    half* HWY_RESTRICT yr = y + r * hidden;
    auto s0 = hn::Zero(d), s1 = hn::Zero(d), s2 = hn::Zero(d), s3 = hn::Zero(d);
    size_t i = 0;
    for (; i + 4 * N <= hidden; i += 4 * N) {
      const auto v0 = Load(d, xr + i);
      const auto v1 = Load(d, xr + i + N);
      const auto v2 = Load(d, xr + i + 2 * N);
      const auto v3 = Load(d, xr + i + 3 * N);
      s0 = hn::MulAdd(v0, v0, s0);
      s1 = hn::MulAdd(v1, v1, s1);
      s2 = hn::MulAdd(v2, v2, s2);
      s3 = hn::MulAdd(v3, v3, s3);
    }
    for (; i + N <= hidden; i += N) {
      const auto v = Load(d, xr + i);
      s0 = hn::MulAdd(v, v, s0);
    }
    float ss = hn::GetLane(hn::SumOfLanes(d, hn::Add(hn::Add(s0, s1), hn::Add(s2, s3))));
    for (; i < hidden; ++i) ss += static_cast<float>(xr[i]) * static_cast<float>(xr[i]);
    const float inv_s = 1.0f / std::sqrt(ss / static_cast<float>(hidden) + eps);
    const auto inv = hn::Set(d, inv_s);
    i = 0;
    for (; i + 2 * N <= hidden; i += 2 * N) {
      const auto r0 = hn::Mul(hn::Mul(Load(d, xr + i), inv), Load(d, gamma + i));
      const auto r1 = hn::Mul(hn::Mul(Load(d, xr + i + N), inv), Load(d, gamma + i + N));
      Store(d, r0, yr + i);
      Store(d, r1, yr + i + N);
    }
    for (; i + N <= hidden; i += N) {
      Store(d, hn::Mul(hn::Mul(Load(d, xr + i), inv), Load(d, gamma + i)), yr + i);
    }
    for (; i < hidden; ++i) {
      yr[i] = static_cast<half>(static_cast<float>(xr[i]) * inv_s * static_cast<float>(gamma[i]));
    }
  }
}

// ---- FasterGelu (the vendor's formula): y = x / (1 + exp(-1.702 x)) --------
template <class T>
HWY_NOINLINE void FasterGelu(const T* HWY_RESTRICT x, T* HWY_RESTRICT y, size_t n) {
  const DF d;
  const size_t N = hn::Lanes(d);
  const auto k = hn::Set(d, -1.702f);
  const auto one = hn::Set(d, 1.0f);
  const auto cap = hn::Set(d, 88.0f);  // Highway's Exp is valid below ~88.7
  const auto f = [&](hn::Vec<DF> v) { return hn::Div(v, hn::Add(hn::Exp(d, hn::Min(hn::Mul(v, k), cap)), one)); };
  size_t i = 0;
  for (; i + 2 * N <= n; i += 2 * N) {
    const auto r0 = f(Load(d, x + i));
    const auto r1 = f(Load(d, x + i + N));
    Store(d, r0, y + i);
    Store(d, r1, y + i + N);
  }
  for (; i + N <= n; i += N) Store(d, f(Load(d, x + i)), y + i);
  for (; i < n; ++i) {
    const float v = static_cast<float>(x[i]);
    y[i] = static_cast<T>(v / (1.0f + std::exp(std::fmin(-1.702f * v, 88.0f))));
  }
}

// ---- LayerNorm: y = (x - mean) / sqrt(var + eps) * gamma + beta, per row ----
// rows x hidden half, row-major; mean, then the two-pass variance, then the
// output (three passes over the row, which stays in L1), f32 math.
HWY_NOINLINE inline void LayerNorm(const half* HWY_RESTRICT x, const half* HWY_RESTRICT gamma,
                                   const half* HWY_RESTRICT beta, half* HWY_RESTRICT y, size_t rows,
                                   size_t hidden, float eps) {
  const DF d;
  const size_t N = hn::Lanes(d);
  const float inv_h = 1.0f / static_cast<float>(hidden);
  for (size_t r = 0; r < rows; ++r) {
    const half* HWY_RESTRICT xr = x + r * hidden;
    half* HWY_RESTRICT yr = y + r * hidden;
    auto s0 = hn::Zero(d), s1 = hn::Zero(d), s2 = hn::Zero(d), s3 = hn::Zero(d);
    size_t i = 0;
    for (; i + 4 * N <= hidden; i += 4 * N) {
      s0 = hn::Add(s0, Load(d, xr + i));
      s1 = hn::Add(s1, Load(d, xr + i + N));
      s2 = hn::Add(s2, Load(d, xr + i + 2 * N));
      s3 = hn::Add(s3, Load(d, xr + i + 3 * N));
    }
    for (; i + N <= hidden; i += N) s0 = hn::Add(s0, Load(d, xr + i));
    float sum = hn::GetLane(hn::SumOfLanes(d, hn::Add(hn::Add(s0, s1), hn::Add(s2, s3))));
    for (; i < hidden; ++i) sum += static_cast<float>(xr[i]);
    const float mean_s = sum * inv_h;
    const auto mean = hn::Set(d, mean_s);
    s0 = s1 = s2 = s3 = hn::Zero(d);
    i = 0;
    for (; i + 4 * N <= hidden; i += 4 * N) {
      const auto c0 = hn::Sub(Load(d, xr + i), mean);
      const auto c1 = hn::Sub(Load(d, xr + i + N), mean);
      const auto c2 = hn::Sub(Load(d, xr + i + 2 * N), mean);
      const auto c3 = hn::Sub(Load(d, xr + i + 3 * N), mean);
      s0 = hn::MulAdd(c0, c0, s0);
      s1 = hn::MulAdd(c1, c1, s1);
      s2 = hn::MulAdd(c2, c2, s2);
      s3 = hn::MulAdd(c3, c3, s3);
    }
    for (; i + N <= hidden; i += N) {
      const auto c = hn::Sub(Load(d, xr + i), mean);
      s0 = hn::MulAdd(c, c, s0);
    }
    float ss = hn::GetLane(hn::SumOfLanes(d, hn::Add(hn::Add(s0, s1), hn::Add(s2, s3))));
    for (; i < hidden; ++i) {
      const float c = static_cast<float>(xr[i]) - mean_s;
      ss += c * c;
    }
    const float rstd_s = 1.0f / std::sqrt(ss * inv_h + eps);
    const auto rstd = hn::Set(d, rstd_s);
    i = 0;
    for (; i + 2 * N <= hidden; i += 2 * N) {
      const auto r0 = hn::MulAdd(hn::Mul(hn::Sub(Load(d, xr + i), mean), rstd), Load(d, gamma + i),
                                 Load(d, beta + i));
      const auto r1 = hn::MulAdd(hn::Mul(hn::Sub(Load(d, xr + i + N), mean), rstd),
                                 Load(d, gamma + i + N), Load(d, beta + i + N));
      Store(d, r0, yr + i);
      Store(d, r1, yr + i + N);
    }
    for (; i + N <= hidden; i += N) {
      Store(d, hn::MulAdd(hn::Mul(hn::Sub(Load(d, xr + i), mean), rstd), Load(d, gamma + i), Load(d, beta + i)),
            yr + i);
    }
    for (; i < hidden; ++i) {
      yr[i] = static_cast<half>((static_cast<float>(xr[i]) - mean_s) * rstd_s * static_cast<float>(gamma[i]) +
                                static_cast<float>(beta[i]));
    }
  }
}

// ---- strided add: z = x + y over every other 256-byte chunk (mode 0) or
// every other 32-byte block (mode 1) of x and y; z dense --------------------
template <class T>
HWY_NOINLINE void AddEveryOtherChunk(const T* HWY_RESTRICT x, const T* HWY_RESTRICT y,
                                     T* HWY_RESTRICT z, size_t n_out) {
  const DF d;
  const size_t N = hn::Lanes(d);
  constexpr size_t kChunk = 256 / sizeof(T);
  for (size_t c = 0; c < n_out; c += kChunk) {
    const T* xc = x + 2 * c;
    const T* yc = y + 2 * c;
    for (size_t i = 0; i < kChunk; i += N) Store(d, hn::Add(Load(d, xc + i), Load(d, yc + i)), z + c + i);
  }
}

template <class T>
HWY_NOINLINE void AddEveryOtherBlock(const T* HWY_RESTRICT x, const T* HWY_RESTRICT y,
                                     T* HWY_RESTRICT z, size_t n_out) {
  constexpr size_t kBlock = 32 / sizeof(T);  // elements per 32-byte block
  const hn::CappedTag<float, kBlock> d;      // one block per vector (or less)
  const size_t N = hn::Lanes(d);
  for (size_t b = 0; b < n_out; b += kBlock) {
    for (size_t i = 0; i < kBlock; i += N) {
      hn::Vec<decltype(d)> a, c;
      if constexpr (std::is_same_v<T, half>) {
        const hn::Rebind<hwy::float16_t, decltype(d)> dh;
        a = hn::PromoteTo(d, hn::LoadU(dh, reinterpret_cast<const hwy::float16_t*>(x + 2 * b + i)));
        c = hn::PromoteTo(d, hn::LoadU(dh, reinterpret_cast<const hwy::float16_t*>(y + 2 * b + i)));
        hn::StoreU(hn::DemoteTo(dh, hn::Add(a, c)), dh, reinterpret_cast<hwy::float16_t*>(z + b + i));
      } else {
        a = hn::LoadU(d, x + 2 * b + i);
        c = hn::LoadU(d, y + 2 * b + i);
        hn::StoreU(hn::Add(a, c), d, z + b + i);
      }
    }
  }
}

// ---- row sums: y[r] = sum of row r (rows x cols floats, row-major) ---------
HWY_NOINLINE inline void RowSums(const float* HWY_RESTRICT x, float* HWY_RESTRICT y, size_t rows,
                                 size_t cols) {
  const DF d;
  const size_t N = hn::Lanes(d);
  for (size_t r = 0; r < rows; ++r) {
    const float* HWY_RESTRICT xr = x + r * cols;
    auto s0 = hn::Zero(d), s1 = hn::Zero(d), s2 = hn::Zero(d), s3 = hn::Zero(d);
    size_t i = 0;
    for (; i + 4 * N <= cols; i += 4 * N) {
      s0 = hn::Add(s0, hn::LoadU(d, xr + i));
      s1 = hn::Add(s1, hn::LoadU(d, xr + i + N));
      s2 = hn::Add(s2, hn::LoadU(d, xr + i + 2 * N));
      s3 = hn::Add(s3, hn::LoadU(d, xr + i + 3 * N));
    }
    for (; i + N <= cols; i += N) s0 = hn::Add(s0, hn::LoadU(d, xr + i));
    float s = hn::GetLane(hn::SumOfLanes(d, hn::Add(hn::Add(s0, s1), hn::Add(s2, s3))));
    for (; i < cols; ++i) s += xr[i];
    y[r] = s;
  }
}

// Row maxima (rows x cols, contiguous rows) and the column sums / maxima of
// the same layout (y[j] over the rows): the hand-fused loops of the pattern
// reductions' bench rows.
HWY_NOINLINE inline void RowMaxes(const float* HWY_RESTRICT x, float* HWY_RESTRICT y, size_t rows,
                                  size_t cols) {
  const DF d;
  const size_t N = hn::Lanes(d);
  for (size_t r = 0; r < rows; ++r) {
    const float* HWY_RESTRICT xr = x + r * cols;
    auto m0 = hn::Set(d, -HUGE_VALF), m1 = m0;
    size_t i = 0;
    for (; i + 2 * N <= cols; i += 2 * N) {
      m0 = hn::Max(m0, hn::LoadU(d, xr + i));
      m1 = hn::Max(m1, hn::LoadU(d, xr + i + N));
    }
    for (; i + N <= cols; i += N) m0 = hn::Max(m0, hn::LoadU(d, xr + i));
    float m = hn::GetLane(hn::MaxOfLanes(d, hn::Max(m0, m1)));
    for (; i < cols; ++i) m = std::max(m, xr[i]);
    y[r] = m;
  }
}

template <bool kMax>
HWY_NOINLINE void ColReduce(const float* HWY_RESTRICT x, float* HWY_RESTRICT y, size_t rows,
                            size_t cols) {
  const DF d;
  const size_t N = hn::Lanes(d);
  std::copy(x, x + cols, y);
  for (size_t r = 1; r < rows; ++r) {
    const float* HWY_RESTRICT xr = x + r * cols;
    size_t j = 0;
    for (; j + 2 * N <= cols; j += 2 * N) {
      const auto a0 = hn::LoadU(d, y + j), a1 = hn::LoadU(d, y + j + N);
      const auto v0 = hn::LoadU(d, xr + j), v1 = hn::LoadU(d, xr + j + N);
      hn::StoreU(kMax ? hn::Max(a0, v0) : hn::Add(a0, v0), d, y + j);
      hn::StoreU(kMax ? hn::Max(a1, v1) : hn::Add(a1, v1), d, y + j + N);
    }
    for (; j < cols; ++j) y[j] = kMax ? std::max(y[j], xr[j]) : y[j] + xr[j];
  }
}

// ---- FMA peak: a tight loop of independent multiply-adds -------------------
// 12 accumulators (more than FMA latency x FMA ports on current x86 and Arm
// cores), no memory operands: the most flops one core issues. `iters`
// iterations do 24 * Lanes(float) flops each. Returns a value that depends on
// every accumulator (so that nothing is optimised away). The accumulators
// start from different values: with equal starts the 12 chains compute the
// same numbers, and GCC 12 merges them into one chain (one FMA per iteration,
// bound by the FMA latency), which made this loop report 1.5x the real peak
// on CPUs with 2 FMA pipes of latency 4 (checked with objdump).
HWY_NOINLINE inline float FmaPeak(size_t iters, float seed) {
  const DF d;
  const auto x = hn::Set(d, 0.999f);
  const auto y = hn::Set(d, seed);
  auto a0 = hn::Set(d, 1.0f), a1 = hn::Set(d, 1.125f), a2 = hn::Set(d, 1.25f);
  auto a3 = hn::Set(d, 1.375f), a4 = hn::Set(d, 1.5f), a5 = hn::Set(d, 1.625f);
  auto a6 = hn::Set(d, 1.75f), a7 = hn::Set(d, 1.875f), a8 = hn::Set(d, 2.0f);
  auto a9 = hn::Set(d, 2.125f), a10 = hn::Set(d, 2.25f), a11 = hn::Set(d, 2.375f);
  for (size_t i = 0; i < iters; ++i) {
    a0 = hn::MulAdd(a0, x, y);
    a1 = hn::MulAdd(a1, x, y);
    a2 = hn::MulAdd(a2, x, y);
    a3 = hn::MulAdd(a3, x, y);
    a4 = hn::MulAdd(a4, x, y);
    a5 = hn::MulAdd(a5, x, y);
    a6 = hn::MulAdd(a6, x, y);
    a7 = hn::MulAdd(a7, x, y);
    a8 = hn::MulAdd(a8, x, y);
    a9 = hn::MulAdd(a9, x, y);
    a10 = hn::MulAdd(a10, x, y);
    a11 = hn::MulAdd(a11, x, y);
  }
  const auto s0 = hn::Add(hn::Add(hn::Add(a0, a1), hn::Add(a2, a3)), hn::Add(a4, a5));
  const auto s1 = hn::Add(hn::Add(hn::Add(a6, a7), hn::Add(a8, a9)), hn::Add(a10, a11));
  return hn::GetLane(hn::Add(s0, s1));
}
inline size_t FmaPeakFlopsPerIter() { return 24 * hn::Lanes(DF()); }

// ---- GEMM: C = A x B, row-major, f32 accumulation ---------------------------
// A straightforward blocked GEMM, not bound by aicore's numerics contract (it
// happens to sum over k in order, but nothing depends on that): half inputs
// are widened to f32 once per call; per block of kKc rows of B, B is packed
// into panels of 16 columns (two AVX2 vectors; two vectors of whatever width
// elsewhere), and a 6-row x 2-vector register tile is computed with
// broadcasts read straight from A's rows (A is not packed; blocks of 96 rows
// are walked across all panels, so that their slice of A stays in L2). C is
// loaded (after the first k block) and stored directly; the last rows and
// columns go through the same kernel on a copy.
namespace gemm_detail {

template <size_t kRows>
HWY_INLINE void Tile(size_t kc, const float* HWY_RESTRICT a, size_t lda,
                     const float* HWY_RESTRICT bp, float* HWY_RESTRICT c, size_t ldc, bool load) {
  const DF d;
  const size_t N = hn::Lanes(d);
  hn::Vec<DF> acc[kRows][2];
#pragma GCC unroll 6
  for (size_t r = 0; r < kRows; ++r) {
    acc[r][0] = load ? hn::LoadU(d, c + r * ldc) : hn::Zero(d);
    acc[r][1] = load ? hn::LoadU(d, c + r * ldc + N) : hn::Zero(d);
  }
  for (size_t k = 0; k < kc; ++k) {
    const auto b0 = hn::LoadU(d, bp + k * 2 * N);
    const auto b1 = hn::LoadU(d, bp + k * 2 * N + N);
#pragma GCC unroll 6
    for (size_t r = 0; r < kRows; ++r) {
      const auto av = hn::Set(d, a[r * lda + k]);
      acc[r][0] = hn::MulAdd(av, b0, acc[r][0]);
      acc[r][1] = hn::MulAdd(av, b1, acc[r][1]);
    }
  }
#pragma GCC unroll 6
  for (size_t r = 0; r < kRows; ++r) {
    hn::StoreU(acc[r][0], d, c + r * ldc);
    hn::StoreU(acc[r][1], d, c + r * ldc + N);
  }
}

template <class T>
const float* AsF32(const T* p, size_t n, std::vector<float>& buf) {
  if constexpr (std::is_same_v<T, float>) {
    return p;
  } else {
    buf.resize(n);
    const DF d;
    const size_t N = hn::Lanes(d);
    size_t i = 0;
    for (; i + N <= n; i += N) hn::StoreU(Load(d, p + i), d, buf.data() + i);
    for (; i < n; ++i) buf[i] = static_cast<float>(p[i]);
    return buf.data();
  }
}

}  // namespace gemm_detail

template <class T>
HWY_NOINLINE void Gemm(const T* a_in, const T* b_in, float* c, size_t m, size_t n, size_t k) {
  using namespace gemm_detail;
  constexpr size_t kKc = 256;
  constexpr size_t kMc = 96;
  const DF d;
  const size_t N = hn::Lanes(d);
  const size_t nr = 2 * N;
  thread_local std::vector<float> a32, b32, bp, tmp_c, tmp_a;
  const float* a = AsF32(a_in, m * k, a32);
  const float* b = AsF32(b_in, k * n, b32);
  const size_t panels = (n + nr - 1) / nr;
  bp.resize(kKc * panels * nr);
  tmp_c.resize(6 * nr);
  for (size_t pc = 0; pc < k; pc += kKc) {
    const size_t kc = std::min(kKc, k - pc);
    // Pack B[pc : pc + kc, :] into panels (kc, nr), the last zero-padded.
    for (size_t kk = 0; kk < kc; ++kk) {
      const float* row = b + (pc + kk) * n;
      for (size_t p = 0; p < panels; ++p) {
        float* dst = bp.data() + p * kc * nr + kk * nr;
        const size_t j0 = p * nr;
        const size_t w = std::min(nr, n - j0);
        for (size_t jj = 0; jj < w; ++jj) dst[jj] = row[j0 + jj];
        for (size_t jj = w; jj < nr; ++jj) dst[jj] = 0.0f;
      }
    }
    const bool load = pc != 0;
    // Blocks of kMc rows: their A slice (kMc x kc) stays in L2 while every
    // panel of B passes by.
    for (size_t ic = 0; ic < m; ic += kMc) {
      const size_t mc = std::min(kMc, m - ic);
      for (size_t p = 0; p < panels; ++p) {
        const float* panel = bp.data() + p * kc * nr;
        const size_t j0 = p * nr;
        const size_t w = std::min(nr, n - j0);
        size_t i = ic;
        if (w == nr) {
          for (; i + 6 <= ic + mc; i += 6) Tile<6>(kc, a + i * k + pc, k, panel, c + i * n + j0, n, load);
        }
        // Leftover rows or columns: through a 6 x nr copy of C (rows beyond
        // the block read its last row of A and are dropped).
        for (; i < ic + mc; i += 6) {
          const size_t h = std::min<size_t>(6, ic + mc - i);
          for (size_t r = 0; r < 6; ++r) {
            for (size_t jj = 0; jj < nr; ++jj) {
              tmp_c[r * nr + jj] = (load && r < h && jj < w) ? c[(i + r) * n + j0 + jj] : 0.0f;
            }
          }
          tmp_a.resize(6 * kc);
          for (size_t r = 0; r < 6; ++r) {
            const float* src = a + std::min(i + r, ic + mc - 1) * k + pc;
            std::copy(src, src + kc, tmp_a.data() + r * kc);
          }
          Tile<6>(kc, tmp_a.data(), kc, panel, tmp_c.data(), nr, true);
          for (size_t r = 0; r < h; ++r) {
            for (size_t jj = 0; jj < w; ++jj) c[(i + r) * n + j0 + jj] = tmp_c[r * nr + jj];
          }
        }
      }
    }
  }
}

// ---- SoftMax: y = exp(x - max) / sum(exp(x - max)), per row -----------------
// rows x cols, row-major; f32 math. Per row: a max pass, an exp pass that
// stores the exponentials (in y for float, in an f32 scratch row for half)
// and sums them, a division pass.
template <class T>
HWY_NOINLINE void SoftMax(const T* HWY_RESTRICT x, T* HWY_RESTRICT y, size_t rows, size_t cols) {
  const DF d;
  const size_t N = hn::Lanes(d);
  static thread_local std::vector<float> scratch;
  if (scratch.size() < cols) scratch.resize(cols);
  for (size_t r = 0; r < rows; ++r) {
    const T* HWY_RESTRICT xr = x + r * cols;
    T* yr = y + r * cols;  // float rows keep their exponentials in y: no restrict
    float* e = std::is_same_v<T, float> ? reinterpret_cast<float*>(yr) : scratch.data();
    auto m0 = hn::Set(d, -HUGE_VALF), m1 = m0, m2 = m0, m3 = m0;
    size_t i = 0;
    for (; i + 4 * N <= cols; i += 4 * N) {
      m0 = hn::Max(m0, Load(d, xr + i));
      m1 = hn::Max(m1, Load(d, xr + i + N));
      m2 = hn::Max(m2, Load(d, xr + i + 2 * N));
      m3 = hn::Max(m3, Load(d, xr + i + 3 * N));
    }
    for (; i + N <= cols; i += N) m0 = hn::Max(m0, Load(d, xr + i));
    float mx = hn::GetLane(hn::MaxOfLanes(d, hn::Max(hn::Max(m0, m1), hn::Max(m2, m3))));
    for (; i < cols; ++i) mx = std::fmax(mx, static_cast<float>(xr[i]));
    const auto vm = hn::Set(d, mx);
    auto s0 = hn::Zero(d), s1 = hn::Zero(d);
    i = 0;
    for (; i + 2 * N <= cols; i += 2 * N) {
      const auto e0 = hn::Exp(d, hn::Sub(Load(d, xr + i), vm));
      const auto e1 = hn::Exp(d, hn::Sub(Load(d, xr + i + N), vm));
      hn::StoreU(e0, d, e + i);
      hn::StoreU(e1, d, e + i + N);
      s0 = hn::Add(s0, e0);
      s1 = hn::Add(s1, e1);
    }
    for (; i + N <= cols; i += N) {
      const auto e0 = hn::Exp(d, hn::Sub(Load(d, xr + i), vm));
      hn::StoreU(e0, d, e + i);
      s0 = hn::Add(s0, e0);
    }
    float sum = hn::GetLane(hn::SumOfLanes(d, hn::Add(s0, s1)));
    for (; i < cols; ++i) {
      e[i] = std::exp(static_cast<float>(xr[i]) - mx);
      sum += e[i];
    }
    const auto vs = hn::Set(d, sum);
    i = 0;
    for (; i + 2 * N <= cols; i += 2 * N) {
      const auto r0 = hn::Div(hn::LoadU(d, e + i), vs);
      const auto r1 = hn::Div(hn::LoadU(d, e + i + N), vs);
      Store(d, r0, yr + i);
      Store(d, r1, yr + i + N);
    }
    for (; i + N <= cols; i += N) Store(d, hn::Div(hn::LoadU(d, e + i), vs), yr + i);
    for (; i < cols; ++i) yr[i] = static_cast<T>(e[i] / sum);
  }
}

}  // namespace baseline
