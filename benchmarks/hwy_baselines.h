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
