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
// with A and B elements converted to TC's precision first: half products
// are exact in float, so the fma is an exact product plus one rounded add;
// bfloat16_t products are too unless they overflow or underflow float's
// range (then the fma's single rounding still decides); float x float is
// fused (one rounding); int8 x int8 accumulates in int32 with two's-
// complement wrap-around. With GemmOptions::round_bits != 0, float inputs are
// first rounded to that many explicit mantissa bits (the cube's HF32 mode).
// NaN results are NaN; which NaN payload comes out is not part of the
// contract (IEEE leaves it open, and the hardware picks by operand order).
//
// How Gemm keeps it fast (GemmScalar below is the reference): C is computed
// in cache blocks (GemmBlocking); per block, B (kc x nc) and A (mc x kc) are
// packed into micro-panels in the accumulator's type (half/bfloat16_t
// widened, HF32 rounding applied, any MatLayout read through its row and
// column offsets, contiguous runs with vector loads), and a register-blocked
// micro-kernel (gemm_kernel.h) computes 6 x 2-vector tiles of C with one
// broadcast multiply-add per k step: every accumulator lane runs the loop
// above. A k split into blocks stores C between them and reloads it (exact:
// C holds the accumulator's type). Edge tiles and C layouts whose tile rows
// are not contiguous go through a small buffer. Targets without FMA use the
// vector multiply-add only for half x half (exact products) and std::fma for
// the rest. Packing buffers are per thread, allocated once (bounded by the
// blocking); there is no threading inside Gemm.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <type_traits>

#include <hwy/cache_control.h>
#include <hwy/highway.h>

#include "aicore/base/half.h"
#include "aicore/simd/gemm_kernel.h"
#include "aicore/simd/simd.h"
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

// (Not `detail`: an aicore::simd::detail would hide aicore::detail from the
// ops headers' code in namespace aicore::simd that names `detail::`.)
namespace gemm_common {

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

}  // namespace gemm_common

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
          acc = std::fma(simd::gemm_common::GemmIn<float>(a[la.Offset(i, kk)], opt),
                         simd::gemm_common::GemmIn<float>(b[lb.Offset(kk, j)], opt), acc);
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

namespace gemm_detail {

// MatLayout::Offset(r, c) == RowPart(l, r) + ColPart(l, c).
inline int64_t RowPart(const MatLayout& l, uint32_t r) {
  return l.rb == 0 ? int64_t{r} * l.ri : int64_t{r / l.rb} * l.ro + int64_t{r % l.rb} * l.ri;
}
inline int64_t ColPart(const MatLayout& l, uint32_t c) {
  return l.cb == 0 ? int64_t{c} * l.ci : int64_t{c / l.cb} * l.co + int64_t{c % l.cb} * l.ci;
}
// Whether columns [c, c + len) of every row lie next to each other
// (ColPart(c + i) == ColPart(c) + i), len >= 1.
inline bool ColsContiguous(const MatLayout& l, uint32_t c, size_t len) {
  return l.ci == 1 && (l.cb == 0 || c % l.cb + len <= l.cb);
}

// Whether an operand of type T takes the HF32 rounding under opt.
template <class T>
inline bool RoundsInput(const GemmOptions& opt) {
  return std::is_same_v<T, float> && opt.round_bits != 0 && opt.round_bits < 23;
}

// The accumulator type's value of an input element: the contract's
// conversion (gemm_common::GemmIn), with the HF32 rounding decided once per call
// (kRound) instead of per element.
template <class TP, bool kRound>
struct PackConv {
  GemmOptions opt;
  template <class T>
  HWY_INLINE TP operator()(T v) const {
    if constexpr (kRound) {
      return simd::gemm_common::GemmIn<float>(v, opt);
    } else {
      return static_cast<TP>(v);  // half/bfloat16_t widen exactly; float as is
    }
  }
};

// gemm_common::GemmIn's HF32 rounding on a vector of floats, bit for bit: keep
// round_bits explicit mantissa bits, to nearest (ties to even, or toward
// zero), carrying into the exponent; inf and nan unchanged.
template <class D>
HWY_INLINE hn::Vec<D> RoundMantissa(D d, hn::Vec<D> v, const GemmOptions& opt) {
  const hn::RebindToSigned<D> di;
  const int32_t drop = 23 - opt.round_bits;
  const int32_t lsb = int32_t{1} << drop;
  const auto u = hn::BitCast(di, v);
  const auto low = hn::Set(di, lsb - 1);
  const auto half_ulp = hn::Set(di, lsb >> 1);
  const auto rest = hn::And(u, low);
  const auto kept = hn::AndNot(low, u);
  auto up = hn::Gt(rest, half_ulp);
  if (!opt.round_ties_to_zero) {
    const auto odd = hn::Ne(hn::And(u, hn::Set(di, lsb)), hn::Zero(di));
    up = hn::Or(up, hn::And(hn::Eq(rest, half_ulp), odd));
  }
  const auto rounded = hn::IfThenElse(up, hn::Add(kept, hn::Set(di, lsb)), kept);
  const auto exp_mask = hn::Set(di, 0x7F800000);
  const auto special = hn::Eq(hn::And(u, exp_mask), exp_mask);
  return hn::BitCast(d, hn::IfThenElse(special, u, rounded));
}

// Lanes of the accumulator type from 4 consecutive input elements (the
// 128-bit blocks the transposes below work on).
template <class TP, bool kRound, class T, class D4>
HWY_INLINE hn::Vec<D4> Load4(D4 d4, const T* HWY_RESTRICT p, const PackConv<TP, kRound>& conv) {
  if constexpr (std::is_same_v<TP, float>) {
    if constexpr (kRound && std::is_same_v<T, float>) {
      return RoundMantissa(d4, hn::LoadU(d4, p), conv.opt);
    } else {
      (void)conv;
      return LoadC(d4, p);
    }
  } else {
    (void)conv;
    return hn::PromoteTo(d4, hn::LoadU(hn::Rebind<T, D4>(), p));
  }
}

// dst[i] = conv(src[i]) for i < len: whole vectors, then one at a time.
template <class TP, bool kRound, class T>
HWY_INLINE void PackRun(const T* HWY_RESTRICT src, size_t len, TP* HWY_RESTRICT dst,
                        const PackConv<TP, kRound>& conv) {
  const hn::ScalableTag<TP> d;
  const size_t N = hn::Lanes(d);
  const size_t whole = len / N * N;
  size_t i = 0;
  if constexpr (kRound && std::is_same_v<T, float>) {
    for (; i < whole; i += N) hn::StoreU(RoundMantissa(d, hn::LoadU(d, src + i), conv.opt), d, dst + i);
  } else if constexpr (std::is_same_v<TP, float>) {
    for (; i < whole; i += N) hn::StoreU(LoadC(d, src + i), d, dst + i);
  } else {
    const hn::Rebind<T, decltype(d)> dn;
    for (; i < whole; i += N) hn::StoreU(hn::PromoteTo(d, hn::LoadU(dn, src + i)), d, dst + i);
  }
  for (; i < len; ++i) dst[i] = conv(src[i]);
}

// The same with the rounding decided at run time (tests call this).
template <class TP, class T>
void PackRun(const T* src, size_t len, TP* dst, const GemmOptions& opt) {
  if (RoundsInput<T>(opt)) {
    PackRun(src, len, dst, PackConv<TP, true>{opt});
  } else {
    PackRun(src, len, dst, PackConv<TP, false>{opt});
  }
}

// A 4 x 4 transpose: four lines (each 4 contiguous input elements) become
// four outputs, output t holding element t of every line:
//   dst[t * ldd + q] = conv(line[q][t])   for q, t < 4
template <class TP, bool kRound, class T>
HWY_INLINE void Transpose4(const T* const* line, TP* HWY_RESTRICT dst, size_t ldd,
                           const PackConv<TP, kRound>& conv) {
#if HWY_TARGET == HWY_SCALAR
  for (size_t t = 0; t < 4; ++t) {
    for (size_t q = 0; q < 4; ++q) dst[t * ldd + q] = conv(line[q][t]);
  }
#else
  const hn::Full128<TP> d4;
  const auto r0 = Load4(d4, line[0], conv);
  const auto r1 = Load4(d4, line[1], conv);
  const auto r2 = Load4(d4, line[2], conv);
  const auto r3 = Load4(d4, line[3], conv);
  const auto t0 = hn::InterleaveLower(d4, r0, r1);  // r0[0] r1[0] r0[1] r1[1]
  const auto t1 = hn::InterleaveLower(d4, r2, r3);  // r2[0] r3[0] r2[1] r3[1]
  const auto t2 = hn::InterleaveUpper(d4, r0, r1);  // r0[2] r1[2] r0[3] r1[3]
  const auto t3 = hn::InterleaveUpper(d4, r2, r3);  // r2[2] r3[2] r2[3] r3[3]
  hn::StoreU(hn::ConcatLowerLower(d4, t1, t0), d4, dst);
  hn::StoreU(hn::ConcatUpperUpper(d4, t1, t0), d4, dst + ldd);
  hn::StoreU(hn::ConcatLowerLower(d4, t3, t2), d4, dst + 2 * ldd);
  hn::StoreU(hn::ConcatUpperUpper(d4, t3, t2), d4, dst + 3 * ldd);
#endif
}

// Splits indices [x0, x0 + len) into runs that stay inside one block of
// `block` (0: unblocked; one run): first the rest of x0's block, then whole
// blocks. Use: for (Runs r(x0, len, block); r.more(); r.next()) r.at, r.len.
class Runs {
 public:
  Runs(size_t x0, size_t len, uint32_t block)
      : total_(len), block_(block == 0 ? len : block),
        len_(block == 0 ? len : std::min<size_t>(len, block - x0 % block)) {}
  bool more() const { return at < total_; }
  void next() {
    at += len_;
    len_ = std::min(block_, total_ - at);
  }
  size_t at = 0;  // offset of the run from x0
  size_t len() const { return len_; }

 private:
  size_t total_, block_, len_;
};

// Packs rows [k0, k0 + kc) x columns [j0, j0 + nc) of B into micro-panels of
// nr columns (the last zero-padded), each (kc, nr) row-major:
//   bp[(j / nr) * kc * nr + kk * nr + j % nr] = B(k0 + kk, j0 + j)
// Rows of B that are contiguous (ND row-major, NZ) are copied with vector
// loads; columns that are contiguous along k (ND column-major, ZN) go through
// 4 x 4 transposes; anything else element by element. koff: kc scratch.
template <class TP, bool kRound, class TB>
void PackB(const TB* b, const MatLayout& lb, uint32_t k0, size_t kc, uint32_t j0, size_t nc,
           size_t nr, TP* HWY_RESTRICT bp, int64_t* HWY_RESTRICT koff,
           const PackConv<TP, kRound>& conv) {
  for (size_t kk = 0; kk < kc; ++kk) koff[kk] = RowPart(lb, static_cast<uint32_t>(k0 + kk));
  const size_t full = nc / nr * nr;  // columns in whole panels
  if (ColsContiguous(lb, j0, nc)) {
    // Rows of B are contiguous (ND row-major): read each row once, left to
    // right, handing nr columns to each panel.
    const TB* base = b + ColPart(lb, j0);
    for (size_t kk = 0; kk < kc; ++kk) {
      const TB* src = base + koff[kk];
      for (size_t jr = 0; jr < full; jr += nr) PackRun(src + jr, nr, bp + jr * kc + kk * nr, conv);
      if (full < nc) {
        TP* dst = bp + full * kc + kk * nr;
        PackRun(src + full, nc - full, dst, conv);
        for (size_t jj = nc - full; jj < nr; ++jj) dst[jj] = TP{0};
      }
    }
    return;
  }
  int64_t coff[kGemmMaxNR<TP>];
  const TB* line[4];
  for (size_t jr = 0; jr < nc; jr += nr, bp += kc * nr) {
    const size_t w = std::min(nr, nc - jr);
    const uint32_t j = static_cast<uint32_t>(j0 + jr);
    if (ColsContiguous(lb, j, w)) {
      // One run per panel row (NZ with aligned fractal columns).
      const TB* src = b + ColPart(lb, j);
      for (size_t kk = 0; kk < kc; ++kk) {
        PackRun(src + koff[kk], w, bp + kk * nr, conv);
        for (size_t jj = w; jj < nr; ++jj) bp[kk * nr + jj] = TP{0};
      }
      continue;
    }
    for (size_t jj = 0; jj < w; ++jj) coff[jj] = ColPart(lb, static_cast<uint32_t>(j + jj));
    size_t kk = 0;
    if (lb.ri == 1) {
      // Columns run along k inside each row block: 4 columns x 4 k at a time.
      for (Runs runs(k0, kc, lb.rb); runs.more(); runs.next()) {
        const size_t run = runs.len();  // koff[kk + t] == koff[kk] + t
        const size_t end4 = kk + run / 4 * 4;
        for (; kk < end4; kk += 4) {
          TP* dst = bp + kk * nr;
          size_t jj = 0;
          for (; jj + 4 <= w; jj += 4) {
            for (size_t q = 0; q < 4; ++q) line[q] = b + koff[kk] + coff[jj + q];
            Transpose4(line, dst + jj, nr, conv);
          }
          for (size_t t = 0; t < 4; ++t) {
            for (size_t c = jj; c < w; ++c) dst[t * nr + c] = conv(b[koff[kk + t] + coff[c]]);
            for (size_t c = w; c < nr; ++c) dst[t * nr + c] = TP{0};
          }
        }
        const size_t end = kk + run % 4;
        for (; kk < end; ++kk) {
          TP* dst = bp + kk * nr;
          for (size_t c = 0; c < w; ++c) dst[c] = conv(b[koff[kk] + coff[c]]);
          for (size_t c = w; c < nr; ++c) dst[c] = TP{0};
        }
      }
    }
    for (; kk < kc; ++kk) {
      const TB* src = b + koff[kk];
      TP* dst = bp + kk * nr;
      for (size_t jj = 0; jj < w; ++jj) dst[jj] = conv(src[coff[jj]]);
      for (size_t jj = w; jj < nr; ++jj) dst[jj] = TP{0};
    }
  }
}

// Packs rows [i0, i0 + mc) x columns [k0, k0 + kc) of A into micro-panels of
// kGemmMR rows (the last zero-padded), each (MR, ld) row-major with ld >= kc
// (columns kc..ld-1 zero):
//   ap[(i / MR) * MR * ld + (i % MR) * ld + kk] = A(i0 + i, k0 + kk)
// Rows that run along k (ND row-major, ZZ, NZ) are copied run by run with
// vector loads; columns that are contiguous along m (ND column-major) go
// through 4 x 4 transposes; anything else element by element. koff: kc
// scratch.
template <class TP, bool kRound, class TA>
void PackA(const TA* a, const MatLayout& la, uint32_t i0, size_t mc, uint32_t k0, size_t kc,
           size_t ld, TP* HWY_RESTRICT ap, int64_t* HWY_RESTRICT koff,
           const PackConv<TP, kRound>& conv) {
  constexpr size_t MR = kGemmMR;
  for (size_t kk = 0; kk < kc; ++kk) koff[kk] = ColPart(la, static_cast<uint32_t>(k0 + kk));
  const TA* line[4];
  for (size_t ir = 0; ir < mc; ir += MR, ap += MR * ld) {
    const size_t h = std::min(MR, mc - ir);
    int64_t roff[MR] = {};
    for (size_t r = 0; r < h; ++r) roff[r] = RowPart(la, static_cast<uint32_t>(i0 + ir + r));
    for (size_t r = 0; r < MR; ++r) {
      for (size_t kk = r < h ? kc : 0; kk < ld; ++kk) ap[r * ld + kk] = TP{0};
    }
    if (la.ci == 1) {
      // Each row: runs along k, one per column block.
      for (size_t r = 0; r < h; ++r) {
        for (Runs runs(k0, kc, la.cb); runs.more(); runs.next()) {
          PackRun(a + roff[r] + koff[runs.at], runs.len(), ap + r * ld + runs.at, conv);
        }
      }
      continue;
    }
    size_t r0 = 0;
    if (sizeof(TP) == 4 && la.ri == 1 && h >= 4 && (la.rb == 0 || (i0 + ir) % la.rb + 4 <= la.rb)) {
      // Rows r0..r0+3 lie next to each other in every column: 4 rows x 4 k
      // at a time.
      size_t kk = 0;
      for (; kk + 4 <= kc; kk += 4) {
        for (size_t q = 0; q < 4; ++q) line[q] = a + koff[kk + q] + roff[0];
        Transpose4(line, ap + kk, ld, conv);
      }
      for (; kk < kc; ++kk) {
        for (size_t r = 0; r < 4; ++r) ap[r * ld + kk] = conv(a[roff[r] + koff[kk]]);
      }
      r0 = 4;
    }
    for (size_t r = r0; r < h; ++r) {
      const TA* src = a + roff[r];
      TP* dst = ap + r * ld;
      for (size_t kk = 0; kk < kc; ++kk) dst[kk] = conv(src[koff[kk]]);
    }
  }
}

#if AICORE_GEMM_I16_PAIRS
// Packs rows [k0, k0 + kc) x columns [j0, j0 + nc) of an int8 B widened to
// int16, two rows of B interleaved, into micro-panels of nr columns (the last
// zero-padded; an odd kc gets a zero row), each (kc / 2, nr, 2):
//   bp[(j / nr) * kp * nr * 2 + (p * nr + j % nr) * 2 + t] = B(k0 + 2p + t, j0 + j)
// with kp = ceil(kc / 2) pairs (GemmMicroTileI16). Contiguous rows of B go
// through vector widening and interleaving. koff: kc scratch.
template <class TB>
void PackBPairs(const TB* b, const MatLayout& lb, uint32_t k0, size_t kc, uint32_t j0, size_t nc,
                size_t nr, int16_t* HWY_RESTRICT bp, int64_t* HWY_RESTRICT koff) {
  for (size_t kk = 0; kk < kc; ++kk) koff[kk] = RowPart(lb, static_cast<uint32_t>(k0 + kk));
  const size_t kp = (kc + 1) / 2;
  int64_t coff[kGemmMaxNR<int32_t>];
  const hn::Full128<int16_t> d8;  // 8 columns of one row
  const hn::Rebind<TB, decltype(d8)> dn;
  for (size_t jr = 0; jr < nc; jr += nr, bp += kp * nr * 2) {
    const size_t w = std::min(nr, nc - jr);
    const uint32_t j = static_cast<uint32_t>(j0 + jr);
    const bool contiguous = ColsContiguous(lb, j, w);
    for (size_t jj = 0; jj < w; ++jj) coff[jj] = ColPart(lb, static_cast<uint32_t>(j + jj));
    for (size_t p = 0; p < kp; ++p) {
      int16_t* dst = bp + p * nr * 2;
      const TB* r0 = b + koff[2 * p];
      const TB* r1 = 2 * p + 1 < kc ? b + koff[2 * p + 1] : nullptr;
      size_t jj = 0;
      if (contiguous && r1 != nullptr) {
        for (; jj + 8 <= w; jj += 8) {
          const auto v0 = hn::PromoteTo(d8, hn::LoadU(dn, r0 + coff[jj]));
          const auto v1 = hn::PromoteTo(d8, hn::LoadU(dn, r1 + coff[jj]));
          hn::StoreU(hn::InterleaveLower(d8, v0, v1), d8, dst + 2 * jj);
          hn::StoreU(hn::InterleaveUpper(d8, v0, v1), d8, dst + 2 * jj + 8);
        }
      }
      for (; jj < w; ++jj) {
        dst[2 * jj] = static_cast<int16_t>(r0[coff[jj]]);
        dst[2 * jj + 1] = r1 != nullptr ? static_cast<int16_t>(r1[coff[jj]]) : int16_t{0};
      }
      for (; jj < nr; ++jj) dst[2 * jj] = dst[2 * jj + 1] = 0;
    }
  }
}
#endif

// Cache blocking: C is computed in blocks of mc x nc, over k in steps of kc;
// a packed B block (kc x nc) stays in the last-level cache, a packed A block
// (mc x kc) in L2 and a B micro-panel (kc x NR) in L1.
struct GemmBlocking {
  size_t mc = 0;  // rounded up to a multiple of kGemmMR
  size_t kc = 0;
  size_t nc = 0;  // rounded up to a multiple of NR
};

// The element type of the packed panels for accumulator type TC: float, or
// int16_t pairs for int8 inputs where the target has them (else int32_t).
template <class TC>
using GemmPackT = std::conditional_t<std::is_same_v<TC, int32_t> && AICORE_GEMM_I16_PAIRS, int16_t, TC>;

template <class TC>
inline GemmBlocking DefaultGemmBlocking() {
  GemmBlocking blk;
  // A B micro-panel of 16 KiB, and at least 256 k steps: kc = 256 with 16
  // float columns (AVX2) and with 32 (AVX-512: a 32 KiB panel; 128 ran at
  // 0.78-0.80 of the FMA peak at 2048^3 on a Zen 5 core, 256 at 0.85-0.87),
  // 512 with int16 pairs.
  const size_t panel_row_bytes = GemmNR<TC>() * sizeof(GemmPackT<TC>);
  blk.kc = std::min<size_t>(512, std::max<size_t>(256, 16384 / panel_row_bytes));
  blk.mc = 144;
  blk.nc = 2048;
  return blk;
}

// Per-thread packing buffers, grown to the largest call's need (bounded by
// the blocking: about 2.2 MiB on AVX2) and kept; no allocation per call
// after the first.
class GemmScratch {
 public:
  GemmScratch() = default;
  GemmScratch(const GemmScratch&) = delete;
  GemmScratch& operator=(const GemmScratch&) = delete;
  ~GemmScratch() { Release(); }
  void* Get(size_t bytes) {
    if (bytes > bytes_) {
      Release();
      p_ = ::operator new(bytes, std::align_val_t{kAlign});
      bytes_ = bytes;
    }
    return p_;
  }

 private:
  static constexpr size_t kAlign = 64;
  void Release() {
    if (p_ != nullptr) ::operator delete(p_, std::align_val_t{kAlign});
    p_ = nullptr;
    bytes_ = 0;
  }
  void* p_ = nullptr;
  size_t bytes_ = 0;
};

inline GemmScratch& ThreadGemmScratch() {
  static thread_local GemmScratch scratch;
  return scratch;
}

inline size_t RoundUp(size_t x, size_t to) { return (x + to - 1) / to * to; }

template <class T>
constexpr bool kGemmFloatInput =
    std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t> || std::is_same_v<T, float>;
template <class T>
constexpr bool kGemmIntInput = std::is_same_v<T, int8_t> || std::is_same_v<T, uint8_t>;

// Gemm with the given blocking (tests use small blocks to reach every edge
// of the loops with small matrices).
template <class TA, class TB, class TC>
void GemmBlocked(uint32_t m, uint32_t n, uint32_t k, const TA* a, const MatLayout& la, const TB* b,
                 const MatLayout& lb, TC* c, const MatLayout& lc, GemmInit init, const TC* bias,
                 const GemmOptions& opt, GemmBlocking blk) {
  static_assert((std::is_same_v<TC, float> && kGemmFloatInput<TA> && kGemmFloatInput<TB>) ||
                    (std::is_same_v<TC, int32_t> && kGemmIntInput<TA> && kGemmIntInput<TB>),
                "simd::Gemm: TC float takes half, bfloat16_t or float inputs, TC int32_t int8_t or "
                "uint8_t inputs");
  constexpr size_t MR = kGemmMR;
  const size_t NR = GemmNR<TC>();
  if (m == 0 || n == 0) return;
  if (k == 0) {  // C = 0, C or bias: no products
    if (init == GemmInit::kAccumulate) return;
    for (uint32_t i = 0; i < m; ++i) {
      for (uint32_t j = 0; j < n; ++j) c[lc.Offset(i, j)] = init == GemmInit::kZero ? TC{0} : bias[j];
    }
    return;
  }
  // The packed panels hold TP: float, int16_t pairs (int8 inputs) or int32_t.
  using TP = GemmPackT<TC>;
  constexpr bool kPairs = std::is_same_v<TP, int16_t>;
  // Products that the vector multiply-add gets exactly right on this target.
  constexpr bool kVectorExact = std::is_same_v<TC, int32_t> || AICORE_SIMD_FMA ||
                                (std::is_same_v<TA, half> && std::is_same_v<TB, half>);

  const bool round_a = RoundsInput<TA>(opt);
  const bool round_b = RoundsInput<TB>(opt);
  blk.mc = RoundUp(std::max<size_t>(std::min<size_t>(blk.mc, m), 1), MR);
  blk.nc = RoundUp(std::max<size_t>(std::min<size_t>(blk.nc, n), 1), NR);
  blk.kc = std::max<size_t>(std::min<size_t>(blk.kc, k), 1);
  // Panel rows hold `ld` elements along k (pairs: kc rounded up to even).
  const size_t ld_max = kPairs ? RoundUp(blk.kc, 2) : blk.kc;
  // Scratch: packed B block, packed A block, kc offsets.
  const size_t b_bytes = RoundUp(ld_max * blk.nc * sizeof(TP), 64);
  const size_t a_bytes = RoundUp(blk.mc * ld_max * sizeof(TP), 64);
  auto* scratch = static_cast<uint8_t*>(ThreadGemmScratch().Get(b_bytes + a_bytes + blk.kc * sizeof(int64_t)));
  auto* bp = reinterpret_cast<TP*>(scratch);
  auto* ap = reinterpret_cast<TP*>(scratch + b_bytes);
  auto* koff = reinterpret_cast<int64_t*>(scratch + b_bytes + a_bytes);
  // A C tile that is not MR x NR contiguous elements per row goes through
  // `tile` (rows the matrix lacks are computed there and dropped).
  HWY_ALIGN TC tile[MR * kGemmMaxNR<TC>] = {};
  HWY_ALIGN TC bias_row[kGemmMaxNR<TC>] = {};
  TC* rows[2 * MR];  // each tile row's two vectors

  for (size_t jc = 0; jc < n; jc += blk.nc) {
    const size_t nc = std::min<size_t>(blk.nc, n - jc);
    for (size_t pc = 0; pc < k; pc += blk.kc) {
      const size_t kc = std::min<size_t>(blk.kc, k - pc);
      const size_t ld = kPairs ? RoundUp(kc, 2) : kc;
      const auto k0 = static_cast<uint32_t>(pc);
      const auto j0 = static_cast<uint32_t>(jc);
      if constexpr (kPairs) {
#if AICORE_GEMM_I16_PAIRS
        PackBPairs(b, lb, k0, kc, j0, nc, NR, bp, koff);
#endif
      } else if (round_b) {
        PackB(b, lb, k0, kc, j0, nc, NR, bp, koff, PackConv<TP, true>{opt});
      } else {
        PackB(b, lb, k0, kc, j0, nc, NR, bp, koff, PackConv<TP, false>{opt});
      }
      // The first k block starts from the init; later ones from the C that
      // the previous block stored (exact: C holds the accumulator's type).
      const TileInit tinit = pc != 0 || init == GemmInit::kAccumulate ? TileInit::kLoad
                             : init == GemmInit::kZero               ? TileInit::kZero
                                                                     : TileInit::kRow;
      for (size_t ic = 0; ic < m; ic += blk.mc) {
        const size_t mc = std::min<size_t>(blk.mc, m - ic);
        const auto i0 = static_cast<uint32_t>(ic);
        if (round_a) {
          PackA(a, la, i0, mc, k0, kc, ld, ap, koff, PackConv<TP, true>{opt});
        } else {
          PackA(a, la, i0, mc, k0, kc, ld, ap, koff, PackConv<TP, false>{opt});
        }
        for (size_t jr = 0; jr < nc; jr += NR) {
          const size_t w = std::min(NR, nc - jr);
          const auto j = static_cast<uint32_t>(jc + jr);
          const TP* bpanel = bp + jr * ld;  // (kc, NR), pairs: (ld / 2, NR, 2)
          // Tiles whose rows hold each vector's columns contiguously (ND
          // row-major, NZ with fractal columns of a vector or more) are
          // computed in place; the others through `tile`.
          const size_t half_nr = NR / 2;
          const bool direct =
              w == NR && ColsContiguous(lc, j, half_nr) && ColsContiguous(lc, static_cast<uint32_t>(j + half_nr), half_nr);
          const TC* row = nullptr;
          if (tinit == TileInit::kRow) {
            if (w == NR) {
              row = bias + j;
            } else {
              for (size_t jj = 0; jj < NR; ++jj) bias_row[jj] = jj < w ? bias[j + jj] : TC{0};
              row = bias_row;
            }
          }
          for (size_t ir = 0; ir < mc; ir += MR) {
            const size_t h = std::min(MR, mc - ir);
            const auto i = static_cast<uint32_t>(ic + ir);
            const TP* apanel = ap + ir * ld;  // (MR, ld)
            if (direct) {
              for (size_t r = 0; r < MR; ++r) {
                if (r < h) {
                  rows[2 * r] = c + lc.Offset(static_cast<uint32_t>(i + r), j);
                  rows[2 * r + 1] = c + lc.Offset(static_cast<uint32_t>(i + r), static_cast<uint32_t>(j + half_nr));
                } else {
                  rows[2 * r] = tile + r * NR;
                  rows[2 * r + 1] = tile + r * NR + half_nr;
                }
              }
              // The next tile's C rows, which the next call loads first
              // (after the first k block they are back in a far cache).
              for (size_t r = ir + MR; r < std::min(ir + 2 * MR, mc); ++r) {
                hwy::Prefetch(c + lc.Offset(static_cast<uint32_t>(ic + r), j));
                hwy::Prefetch(c + lc.Offset(static_cast<uint32_t>(ic + r), static_cast<uint32_t>(j + NR - 1)));
              }
            } else {
              for (size_t r = 0; r < MR; ++r) {
                rows[2 * r] = tile + r * NR;
                rows[2 * r + 1] = tile + r * NR + half_nr;
              }
              if (tinit == TileInit::kLoad) {
                for (size_t r = 0; r < h; ++r) {
                  for (size_t jj = 0; jj < w; ++jj) {
                    tile[r * NR + jj] = c[lc.Offset(static_cast<uint32_t>(i + r), static_cast<uint32_t>(j + jj))];
                  }
                }
              }
            }
            if constexpr (kPairs) {
#if AICORE_GEMM_I16_PAIRS
              GemmMicroTileI16(ld / 2, apanel, ld, bpanel, rows, tinit, row);
#endif
            } else if constexpr (kVectorExact) {
              GemmMicroTile(kc, apanel, bpanel, rows, tinit, row);
            } else {
              GemmMicroTileFma(kc, apanel, bpanel, rows, tinit, row);
            }
            if (!direct) {
              for (size_t r = 0; r < h; ++r) {
                for (size_t jj = 0; jj < w; ++jj) {
                  c[lc.Offset(static_cast<uint32_t>(i + r), static_cast<uint32_t>(j + jj))] = tile[r * NR + jj];
                }
              }
            }
          }
        }
      }
    }
  }
}

}  // namespace gemm_detail

// C (+)= A x B (see the contract at the top of this file). A is m x k, B is
// k x n, C is m x n; bias (kBias) holds n elements. C must not overlap A, B
// or bias. TC float takes half, bfloat16_t or float inputs (each of A and B);
// TC int32_t takes int8_t or uint8_t inputs.
template <class TA, class TB, class TC>
void Gemm(uint32_t m, uint32_t n, uint32_t k, const TA* a, const MatLayout& la, const TB* b,
          const MatLayout& lb, TC* c, const MatLayout& lc, GemmInit init, const TC* bias = nullptr,
          const GemmOptions& opt = GemmOptions{}) {
  gemm_detail::GemmBlocked(m, n, k, a, la, b, lb, c, lc, init, bias, opt,
                           gemm_detail::DefaultGemmBlocking<TC>());
}

AICORE_TARGET_END
}  // namespace simd
}  // namespace aicore
