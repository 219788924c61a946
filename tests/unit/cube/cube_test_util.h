// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Scalar reference models of the cube instructions, written from the
// documented formulas independently of the library (no include of
// aicore/cube or simd/gemm.h logic is used for the expected values), and
// helpers to run one block with buffers in every cube memory.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "aicore/aicore.h"

namespace cube_test {

using Bytes = std::vector<uint8_t>;

inline uint32_t CeilDiv(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
inline uint32_t CeilAlign(uint32_t a, uint32_t b) { return CeilDiv(a, b) * b; }

// ---- fractal formats (element offsets) --------------------------------------

// ZZ: fractals of 16 x k0, `fcols` fractals per fractal row, rows inside.
inline uint64_t ZzOffset(uint32_t r, uint32_t c, uint32_t k0, uint32_t fcols) {
  return (uint64_t{r / 16} * fcols + c / k0) * 16 * k0 + (r % 16) * k0 + c % k0;
}
// ZN of B (k x n): fractals of k0 x 16 in row-major order, `n1` fractals per
// fractal row, columns inside (element (k, n) at n0 * k0 + k0-index).
inline uint64_t ZnOffset(uint32_t k, uint32_t n, uint32_t k0, uint32_t n1) {
  return (uint64_t{k / k0} * n1 + n / 16) * 16 * k0 + (n % 16) * k0 + k % k0;
}
// NZ: column groups of c0, each `rows` rows of c0 elements.
inline uint64_t NzOffset(uint32_t r, uint32_t c, uint32_t c0, uint32_t rows) {
  return uint64_t{c / c0} * rows * c0 + uint64_t{r} * c0 + c % c0;
}

// ---- random data -------------------------------------------------------------

struct Rng {
  std::mt19937_64 g;
  explicit Rng(uint64_t seed) : g(seed) {}
  uint32_t Below(uint32_t n) { return n == 0 ? 0 : static_cast<uint32_t>(g() % n); }
  float Uniform(float lo, float hi) {
    return lo + (hi - lo) * static_cast<float>(static_cast<double>(g() >> 11) * 0x1.0p-53);
  }
  uint64_t Next() { return g(); }
};

template <class T>
T RandomElem(Rng& r) {
  if constexpr (std::is_same<T, half>::value || std::is_same<T, bfloat16_t>::value) {
    return static_cast<T>(r.Uniform(-4.0f, 4.0f));
  } else if constexpr (std::is_same<T, float>::value) {
    // Values with long mantissas (rounding and fma matter).
    return r.Uniform(-4.0f, 4.0f);
  } else {
    return static_cast<T>(static_cast<int>(r.Below(256)) - 128);
  }
}

template <class T>
float ToF(T v) {
  return static_cast<float>(v);
}

// ---- reference: ND -> NZ (DataCopy with Nd2NzParams) ----------------------------

inline void RefNd2Nz(Bytes& dst, const Bytes& src, uint32_t es, const AscendC::Nd2NzParams& p) {
  const uint32_t c0 = 32 / es;
  for (uint32_t i = 0; i < p.ndNum; ++i) {
    for (uint32_t r = 0; r < p.nValue; ++r) {
      const uint32_t padded = CeilAlign(p.dValue, c0);
      for (uint32_t c = 0; c < padded; ++c) {
        const uint64_t d = uint64_t{i} * p.dstNzMatrixStride + uint64_t{c / c0} * p.dstNzC0Stride * c0 +
                           uint64_t{r} * p.dstNzNStride * c0 + c % c0;
        if (c < p.dValue) {
          const uint64_t s = uint64_t{i} * p.srcNdMatrixStride + uint64_t{r} * p.srcDValue + c;
          std::memcpy(&dst[d * es], &src[s * es], es);
        } else {
          std::memset(&dst[d * es], 0, es);
        }
      }
    }
  }
}

// ---- reference: LoadData 2D -------------------------------------------------------

inline void RefLoad2D(Bytes& dst, const Bytes& src, uint32_t es, const AscendC::LoadData2DParams& p) {
  for (uint32_t r = 0; r < p.repeatTimes; ++r) {
    const int64_t sf = p.addrMode == 0 ? int64_t{p.startIndex} + int64_t{r} * p.srcStride
                                       : int64_t{p.startIndex} - int64_t{r} * p.srcStride;
    const uint64_t df = uint64_t{r} * (p.dstGap + 1u);
    if (!p.ifTranspose) {
      std::memcpy(&dst[df * 512], &src[sf * 512], 512);
    } else {  // 16 x 16 of 2-byte elements
      for (uint32_t i = 0; i < 16; ++i) {
        for (uint32_t j = 0; j < 16; ++j) {
          std::memcpy(&dst[df * 512 + (i * 16 + j) * es], &src[sf * 512 + (j * 16 + i) * es], es);
        }
      }
    }
  }
}

// ---- reference: LoadDataWithTranspose ---------------------------------------------
//
// Squares of n x n elements made of 16 x c0 fractals laid out in ZZ order;
// the square is transposed and split into fractals in the same order.
inline void RefLoadTranspose(Bytes& dst, const Bytes& src, uint32_t bits,
                             const AscendC::LoadData2dTransposeParams& p) {
  const uint32_t c0 = 256 / bits;
  const uint32_t n = bits == 32 ? 16 : c0;
  const uint32_t fracs = n * n * bits / 8 / 512;
  auto get = [&](uint64_t e) -> uint32_t {
    if (bits == 4) return (src[e / 2] >> (4 * (e % 2))) & 0xF;
    uint32_t v = 0;
    std::memcpy(&v, &src[e * bits / 8], bits / 8);
    return v;
  };
  auto put = [&](uint64_t e, uint32_t v) {
    if (bits == 4) {
      uint8_t& b = dst[e / 2];
      b = static_cast<uint8_t>((b & ~(0xF << (4 * (e % 2)))) | (v << (4 * (e % 2))));
      return;
    }
    std::memcpy(&dst[e * bits / 8], &v, bits / 8);
  };
  // Element (row, col) of a square stored from element `base`.
  auto square_elem = [&](uint64_t base, uint32_t row, uint32_t col) {
    const uint32_t frac = (row / 16) * (n / c0) + col / c0;
    return base + uint64_t{frac} * 16 * c0 + (row % 16) * c0 + col % c0;
  };
  for (uint32_t r = 0; r < p.repeatTimes; ++r) {
    const int64_t sq = p.addrMode == 0 ? int64_t{p.startIndex} + int64_t{r} * p.srcStride
                                       : int64_t{p.startIndex} - int64_t{r} * p.srcStride;
    const uint64_t sbase = static_cast<uint64_t>(sq) * n * n;
    for (uint32_t row = 0; row < n; ++row) {
      for (uint32_t col = 0; col < n; ++col) {
        const uint32_t frac = (row / 16) * (n / c0) + col / c0;
        const uint64_t fslot = uint64_t{r} * (p.dstGap + 1u) + uint64_t{frac} * (fracs > 1 ? p.dstFracGap + 1u : 1u);
        put(fslot * 16 * c0 + (row % 16) * c0 + col % c0, get(square_elem(sbase, col, row)));
      }
    }
  }
}

// ---- reference: Mmad --------------------------------------------------------------
//
// acc = init; for kk in order: acc = fma(a, b, acc) in float (a, b exact in
// float); int: wrap-around int32.
template <class TC>
void RefMatmul(uint32_t m, uint32_t n, uint32_t k, const std::function<float(uint32_t, uint32_t)>& a,
               const std::function<float(uint32_t, uint32_t)>& b,
               const std::function<TC(uint32_t, uint32_t)>& init, std::vector<TC>& out) {
  out.assign(size_t{m} * n, TC{});
  for (uint32_t i = 0; i < m; ++i) {
    for (uint32_t j = 0; j < n; ++j) {
      if constexpr (std::is_same<TC, float>::value) {
        float acc = init(i, j);
        for (uint32_t kk = 0; kk < k; ++kk) acc = std::fma(a(i, kk), b(kk, j), acc);
        out[size_t{i} * n + j] = acc;
      } else {
        uint32_t acc = static_cast<uint32_t>(init(i, j));
        for (uint32_t kk = 0; kk < k; ++kk) {
          acc += static_cast<uint32_t>(static_cast<int32_t>(a(i, kk)) * static_cast<int32_t>(b(kk, j)));
        }
        out[size_t{i} * n + j] = static_cast<int32_t>(acc);
      }
    }
  }
}

// HF32 rounding of a float to `bits` explicit mantissa bits (ties to even, or
// toward zero).
inline float RefHf32(float x, int bits, bool ties_to_zero) {
  if (!std::isfinite(x) || x == 0.0f) return x;
  int e;
  const double fr = std::frexp(std::fabs(static_cast<double>(x)), &e);  // in [0.5, 1)
  const double scale = std::ldexp(1.0, bits + 1);
  const double y = fr * scale;
  double r = std::floor(y);
  const double rest = y - r;
  if (rest > 0.5 || (rest == 0.5 && !ties_to_zero && std::fmod(r, 2.0) != 0)) r += 1.0;
  return static_cast<float>(std::copysign(std::ldexp(r / scale, e), static_cast<double>(x)));
}

// A byte buffer at a 64-byte aligned address (GM destinations of NZ
// outputs must be 32-byte aligned).
struct AlignedBytes {
  explicit AlignedBytes(size_t n, uint8_t fill) : store(n + 64, fill) {
    const auto p = reinterpret_cast<uintptr_t>(store.data());
    off = static_cast<size_t>((64 - p % 64) % 64);
    size = n;
  }
  uint8_t* data() { return store.data() + off; }
  uint8_t& operator[](size_t i) { return store[off + i]; }
  std::vector<uint8_t> store;
  size_t off = 0;
  size_t size = 0;
};

// ---- reference: the Fixpipe conversion (quantPre, ReLU) of one L0C value -------------
//
// Also the model of the Matmul's quantised outputs (test_matmul_quant.cpp).

inline float RefQuantScale(uint64_t qp) {
  const uint32_t b = static_cast<uint32_t>(qp & 0xFFFFE000u);  // bits [31:13]
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

template <class TD, class TS>
inline TD RefFixConvert(TS v, QuantMode_t q, bool relu, uint64_t qp) {
  if (q == NoQuant || q == F322F16 || q == F322BF16) {
    TS x = v;
    if (relu && x < TS(0)) x = TS(0);
    return static_cast<TD>(x);
  }
  const float m1 = RefQuantScale(qp);
  const float m2 = relu ? 0.0f : m1;
  float prod;
  if constexpr (std::is_same<TS, int32_t>::value) {
    int64_t w = v;
    if ((qp >> 36) & 1) {
      w >>= ((qp >> 32) & 0xF) + 1;
      w = std::min<int64_t>(32767, std::max<int64_t>(-32768, w));
    }
    prod = static_cast<float>(w) * (w >= 0 ? m1 : m2);
  } else {
    prod = v * (v >= 0 ? m1 : m2);
  }
  if constexpr (std::is_same<TD, half>::value) {
    if (std::isnan(prod)) return static_cast<half>(prod);
    return static_cast<half>(std::min(65504.0f, std::max(-65504.0f, prod)));
  } else {
    if (std::isnan(prod)) return TD{0};
    const float c = std::min(255.0f, std::max(-256.0f, prod));
    int off = static_cast<int>((qp >> 37) & 0x1FF);
    if (off > 255) off -= 512;
    const int y = static_cast<int>(std::nearbyint(c)) + off;
    if ((qp >> 46) & 1) return static_cast<TD>(std::min(127, std::max(-128, y)));
    return static_cast<TD>(std::min(255, std::max(0, y)));
  }
}

// ---- running one block with cube buffers ----------------------------------------------

// Runs body on one block (cube core geometry not needed for the instructions).
template <class F>
void RunBlock(F&& body) {
  aicore::LaunchNamed("cube_test_kernel", std::forward<F>(body), 1);
}

template <class F>
std::string ErrorOf(F&& body) {
  try {
    RunBlock(std::forward<F>(body));
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

inline bool Has(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

}  // namespace cube_test
