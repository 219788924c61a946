// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The matrix engine behind the cube unit (Mmad) and the high-level Matmul:
// C (+)= A x B over matrices stored in any of the layouts the cube uses (ND
// row-major or column-major, and the fractal formats NZ, ZZ, ZN of L1, L0A,
// L0B, L0C), described by a MatLayout.
//
// Numerics (the contract every implementation of Gemm keeps, bit for bit):
//   for every output element (i, j):
//     acc = 0 (kZero), C(i, j) (kAccumulate) or bias[j] (kBias)
//     for kk = 0, 1, ..., k - 1 in this order:
//       acc = fma(A(i, kk), B(kk, j), acc)        (one rounding per step)
//     C(i, j) = acc
// with A and B elements converted to TC's precision first: half and
// bfloat16_t products are exact in float, so the fma is an exact product
// plus one rounded add; float x float is fused (one rounding); int8 x int8
// accumulates in int32 with two's-complement wrap-around. With
// GemmOptions::round_bits != 0, float inputs are first rounded to that many
// explicit mantissa bits (the cube's HF32 mode).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "aicore/base/half.h"
#include "aicore/simd/target.h"

namespace aicore {
namespace simd {

// Where element (r, c) of a matrix lies, in elements from its start:
//   (r / rb) * ro + (r % rb) * ri + (c / cb) * co + (c % cb) * ci
// rb == 0 (cb == 0) means the rows (columns) are not blocked: r * ri (c * ci).
struct MatLayout {
  uint32_t rb = 0;
  uint32_t cb = 0;
  int64_t ro = 0;
  int64_t ri = 0;
  int64_t co = 0;
  int64_t ci = 0;

  int64_t Offset(uint32_t r, uint32_t c) const {
    const int64_t rr = rb == 0 ? int64_t{r} * ri : int64_t{r / rb} * ro + int64_t{r % rb} * ri;
    const int64_t cc = cb == 0 ? int64_t{c} * ci : int64_t{c / cb} * co + int64_t{c % cb} * ci;
    return rr + cc;
  }

  // Row-major with `ld` elements from one row's start to the next.
  static constexpr MatLayout RowMajor(int64_t ld) { return MatLayout{0, 0, 0, ld, 0, 1}; }
  // Column-major with `ld` elements from one column's start to the next.
  static constexpr MatLayout ColMajor(int64_t ld) { return MatLayout{0, 0, 0, 1, 0, ld}; }
  // NZ: columns in groups of c0 (one fractal column); inside a group the
  // rows follow each other c0 elements apart (row-major inside a fractal);
  // a group holds `rows` rows (the row count rounded up to the fractal
  // height, or the stride the data was written with).
  //   (r, c) -> (c / c0) * rows * c0 + r * c0 + c % c0
  static constexpr MatLayout Nz(uint32_t c0, int64_t rows) {
    return MatLayout{0, c0, 0, c0, rows * c0, 1};
  }
  // ZZ: fractals of fr x c0 in row-major order, `fcols` fractals per fractal
  // row; row-major inside a fractal.
  //   (r, c) -> (r / fr) * fcols * fr * c0 + (c / c0) * fr * c0 + (r % fr) * c0 + c % c0
  static constexpr MatLayout Zz(uint32_t fr, uint32_t c0, int64_t fcols) {
    return MatLayout{fr, c0, fcols * fr * c0, c0, int64_t{fr} * c0, 1};
  }
  // ZN: fractals of c0 x fc (rows x columns) in row-major order, `fcols`
  // fractals per fractal row; column-major inside a fractal.
  //   (r, c) -> (r / c0) * fcols * fc * c0 + (c / fc) * fc * c0 + (c % fc) * c0 + r % c0
  static constexpr MatLayout Zn(uint32_t c0, uint32_t fc, int64_t fcols) {
    return MatLayout{c0, fc, fcols * fc * c0, 1, int64_t{fc} * c0, c0};
  }
};

enum class GemmInit : uint8_t {
  kZero,        // C = A x B
  kAccumulate,  // C = C + A x B
  kBias,        // C = bias (1 x n, broadcast over rows) + A x B
};

struct GemmOptions {
  // float inputs are rounded to this many explicit mantissa bits before the
  // products (0: used as they are), to nearest with ties to even, or with
  // ties toward zero when round_ties_to_zero.
  uint8_t round_bits = 0;
  bool round_ties_to_zero = false;
};

namespace detail {

// An input element in the accumulator's precision.
template <class TC, class T>
inline TC GemmIn(T v, const GemmOptions& opt) {
  if constexpr (std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>) {
    return static_cast<float>(v);
  } else if constexpr (std::is_same_v<T, float>) {
    if (opt.round_bits == 0 || opt.round_bits >= 23) return v;
    uint32_t u;
    std::memcpy(&u, &v, 4);
    if ((u & 0x7F800000u) == 0x7F800000u) return v;  // inf, nan
    const uint32_t drop = 23u - opt.round_bits;
    const uint32_t half_ulp = 1u << (drop - 1);
    const uint32_t rest = u & ((1u << drop) - 1u);
    uint32_t kept = u & ~((1u << drop) - 1u);
    const bool odd = ((kept >> drop) & 1u) != 0;
    if (rest > half_ulp || (rest == half_ulp && !opt.round_ties_to_zero && odd)) kept += 1u << drop;
    float r;
    std::memcpy(&r, &kept, 4);
    return r;
  } else {
    return static_cast<TC>(v);
  }
}

}  // namespace detail

AICORE_TARGET_BEGIN

// The reference implementation of the contract above: one element at a time.
template <class TA, class TB, class TC>
void GemmScalar(uint32_t m, uint32_t n, uint32_t k, const TA* a, const MatLayout& la, const TB* b,
                const MatLayout& lb, TC* c, const MatLayout& lc, GemmInit init,
                const TC* bias = nullptr, const GemmOptions& opt = GemmOptions{}) {
  static_assert(std::is_same_v<TC, float> || std::is_same_v<TC, int32_t>,
                "the cube accumulates in float or int32_t");
  for (uint32_t i = 0; i < m; ++i) {
    for (uint32_t j = 0; j < n; ++j) {
      TC* out = c + lc.Offset(i, j);
      if constexpr (std::is_same_v<TC, float>) {
        float acc = init == GemmInit::kZero ? 0.0f : init == GemmInit::kBias ? bias[j] : *out;
        for (uint32_t kk = 0; kk < k; ++kk) {
          acc = std::fma(simd::detail::GemmIn<float>(a[la.Offset(i, kk)], opt),
                         simd::detail::GemmIn<float>(b[lb.Offset(kk, j)], opt), acc);
        }
        *out = acc;
      } else {
        uint32_t acc = init == GemmInit::kZero ? 0u
                       : init == GemmInit::kBias ? static_cast<uint32_t>(bias[j])
                                                 : static_cast<uint32_t>(*out);
        for (uint32_t kk = 0; kk < k; ++kk) {
          acc += static_cast<uint32_t>(static_cast<int32_t>(a[la.Offset(i, kk)]) *
                                       static_cast<int32_t>(b[lb.Offset(kk, j)]));
        }
        *out = static_cast<int32_t>(acc);
      }
    }
  }
}

// C (+)= A x B (see the contract at the top of this file). A is m x k, B is
// k x n, C is m x n; bias (kBias) holds n elements.
template <class TA, class TB, class TC>
void Gemm(uint32_t m, uint32_t n, uint32_t k, const TA* a, const MatLayout& la, const TB* b,
          const MatLayout& lb, TC* c, const MatLayout& lc, GemmInit init, const TC* bias = nullptr,
          const GemmOptions& opt = GemmOptions{}) {
  GemmScalar(m, n, k, a, la, b, lb, c, lc, init, bias, opt);
}

AICORE_TARGET_END
}  // namespace simd
}  // namespace aicore
