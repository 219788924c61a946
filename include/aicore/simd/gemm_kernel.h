// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The register-blocked micro-kernels behind simd::Gemm (gemm.h). One call
// computes one tile of kGemmMR rows x GemmNR<TP>() columns of C from a packed
// A micro-panel and a packed B micro-panel, both already in the
// accumulator's type TP (float or int32_t):
//
//   A micro-panel (MR, kc):  element (r, kk)  at ap[r * kc + kk]
//   B micro-panel (kc, NR):  element (kk, jj) at bp[kk * NR + jj]
//   C tile        (MR, NR):  element (r, jj)  at rows[2 r + jj / N][jj % N]
// (N = NR / 2 lanes: each row's two vectors may lie apart, as in an NZ C
// whose fractal columns are one vector wide).
//
// Each accumulator starts from 0 (kZero), from the C tile (kLoad) or from
// one row shared by all MR rows (kRow: the bias) and then takes one
// multiply-add per kk, in increasing kk:
//   acc(r, jj) = fma(A(r, kk), B(kk, jj), acc(r, jj))
// which is Gemm's numerics contract lane by lane: a lane holds one column jj,
// A(r, kk) is broadcast, and hn::MulAdd is one fused operation where the
// target has FMA (AICORE_SIMD_FMA). Where it has not, MulAdd rounds the
// product first; GemmMicroTile then is only exact when every product is
// exact in float (half x half) and GemmMicroTileFma (std::fma, one element
// at a time) is the exact form for the others. int32 accumulators wrap
// around (two's complement), as the contract says, in any order; int8
// inputs take GemmMicroTileI16 (int16 pairs, a widening multiply-add per
// two k steps) where the target has vectors.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include <hwy/highway.h>

#include "aicore/simd/target.h"

namespace aicore {
namespace simd {
AICORE_TARGET_BEGIN
namespace gemm_detail {

namespace hn = hwy::HWY_NAMESPACE;

// Rows of a micro-tile (the A micro-panel's width). Six rows by two vectors
// keep 12 accumulators, two B vectors and one broadcast in registers on
// targets with 16 vector registers (AVX2, SSE4) and leave room on the others.
constexpr size_t kGemmMR = 6;

// Columns of a micro-tile: two vectors of TP.
template <class TP>
HWY_INLINE size_t GemmNR() {
  return 2 * hn::Lanes(hn::ScalableTag<TP>());
}
// An upper bound of GemmNR<TP>() for sizing buffers.
template <class TP>
constexpr size_t kGemmMaxNR = 2 * HWY_MAX_BYTES / sizeof(TP);

enum class TileInit : uint8_t {
  kZero,  // accumulators start at 0
  kLoad,  // ... at the C tile (rows)
  kRow,   // ... at `row` (NR elements), the same for every row
};

// acc + a * b: fused for float where the target has FMA; for int32_t the
// low 32 bits (wrap-around).
template <class V>
HWY_INLINE V GemmMulAcc(V a, V b, V acc) {
  if constexpr (std::is_floating_point_v<hn::TFromV<V>>) {
    return hn::MulAdd(a, b, acc);
  } else {
    return hn::Add(acc, hn::Mul(a, b));
  }
}

// The vector micro-kernel: MR x 2 vectors of accumulators, named (not an
// array) so that they stay in registers on every target, sizeless SVE/RVV
// vectors included.
template <class TP>
HWY_NOINLINE void GemmMicroTile(size_t kc, const TP* HWY_RESTRICT ap, const TP* HWY_RESTRICT bp,
                                TP* const* rows, TileInit init, const TP* row) {
  static_assert(kGemmMR == 6, "the micro-kernel below is written out for 6 rows");
  const hn::ScalableTag<TP> d;
  const size_t N = hn::Lanes(d);
  using V = hn::Vec<decltype(d)>;
  V c00, c01, c10, c11, c20, c21, c30, c31, c40, c41, c50, c51;
  if (init == TileInit::kLoad) {
    c00 = hn::LoadU(d, rows[0]);
    c01 = hn::LoadU(d, rows[1]);
    c10 = hn::LoadU(d, rows[2]);
    c11 = hn::LoadU(d, rows[3]);
    c20 = hn::LoadU(d, rows[4]);
    c21 = hn::LoadU(d, rows[5]);
    c30 = hn::LoadU(d, rows[6]);
    c31 = hn::LoadU(d, rows[7]);
    c40 = hn::LoadU(d, rows[8]);
    c41 = hn::LoadU(d, rows[9]);
    c50 = hn::LoadU(d, rows[10]);
    c51 = hn::LoadU(d, rows[11]);
  } else {
    const V r0 = init == TileInit::kRow ? hn::LoadU(d, row) : hn::Zero(d);
    const V r1 = init == TileInit::kRow ? hn::LoadU(d, row + N) : hn::Zero(d);
    c00 = c10 = c20 = c30 = c40 = c50 = r0;
    c01 = c11 = c21 = c31 = c41 = c51 = r1;
  }
  // (kc, MR) x (kc, 2N): one step of kk, unrolled by 4.
  const TP* HWY_RESTRICT a0 = ap;
  const TP* HWY_RESTRICT a1 = ap + kc;
  const TP* HWY_RESTRICT a2 = ap + 2 * kc;
  const TP* HWY_RESTRICT a3 = ap + 3 * kc;
  const TP* HWY_RESTRICT a4 = ap + 4 * kc;
  const TP* HWY_RESTRICT a5 = ap + 5 * kc;
#define AICORE_GEMM_ROW(r)                   \
  {                                          \
    const V a = hn::Set(d, a##r[kk]);        \
    c##r##0 = GemmMulAcc(a, b0, c##r##0);    \
    c##r##1 = GemmMulAcc(a, b1, c##r##1);    \
  }
#define AICORE_GEMM_STEP                                           \
  {                                                                \
    const V b0 = hn::LoadU(d, bp);                                 \
    const V b1 = hn::LoadU(d, bp + N);                             \
    AICORE_GEMM_ROW(0)                                             \
    AICORE_GEMM_ROW(1)                                             \
    AICORE_GEMM_ROW(2)                                             \
    AICORE_GEMM_ROW(3)                                             \
    AICORE_GEMM_ROW(4)                                             \
    AICORE_GEMM_ROW(5)                                             \
    ++kk;                                                          \
    bp += 2 * N;                                                   \
  }
  size_t kk = 0;
  while (kk + 4 <= kc) {
    AICORE_GEMM_STEP
    AICORE_GEMM_STEP
    AICORE_GEMM_STEP
    AICORE_GEMM_STEP
  }
  while (kk < kc) AICORE_GEMM_STEP
#undef AICORE_GEMM_STEP
#undef AICORE_GEMM_ROW
  hn::StoreU(c00, d, rows[0]);
  hn::StoreU(c01, d, rows[1]);
  hn::StoreU(c10, d, rows[2]);
  hn::StoreU(c11, d, rows[3]);
  hn::StoreU(c20, d, rows[4]);
  hn::StoreU(c21, d, rows[5]);
  hn::StoreU(c30, d, rows[6]);
  hn::StoreU(c31, d, rows[7]);
  hn::StoreU(c40, d, rows[8]);
  hn::StoreU(c41, d, rows[9]);
  hn::StoreU(c50, d, rows[10]);
  hn::StoreU(c51, d, rows[11]);
}

// The same tile one element at a time with std::fma (one rounding per step):
// the exact form for float products on targets without FMA.
template <class TP>
HWY_NOINLINE void GemmMicroTileFma(size_t kc, const TP* HWY_RESTRICT ap, const TP* HWY_RESTRICT bp,
                                   TP* const* rows, TileInit init, const TP* row) {
  const size_t nr = GemmNR<TP>();
  for (size_t r = 0; r < kGemmMR; ++r) {
    for (size_t jj = 0; jj < nr; ++jj) {
      TP* out = rows[2 * r + jj / (nr / 2)] + jj % (nr / 2);
      TP acc = init == TileInit::kZero ? TP{0} : init == TileInit::kRow ? row[jj] : *out;
      for (size_t kk = 0; kk < kc; ++kk) {
        acc = std::fma(ap[r * kc + kk], bp[kk * nr + jj], acc);
      }
      *out = acc;
    }
  }
}

#if HWY_TARGET != HWY_SCALAR
#define AICORE_GEMM_I16_PAIRS 1
// int8 x int8 -> int32 with the products taken two k steps at a time: the
// inputs widened to int16 and packed in pairs,
//   A micro-panel (MR, kp pairs): A(r, 2p), A(r, 2p + 1) at ap[r * lda + 2p], [.. + 1]
//   B micro-panel (kp, NR, 2):    B(2p + t, jj)          at bp[(p * NR + jj) * 2 + t]
// and one widening multiply-add (x86: vpmaddwd) per pair and vector:
//   acc(r, jj) += A(r, 2p) B(2p, jj) + A(r, 2p + 1) B(2p + 1, jj)
// The sums of int8 products are exact in int32 except for wrap-around, and
// wrap-around addition does not depend on the order, so the result is the
// contract's. Highway may spread the products over two accumulators
// (sum0, sum1) and fixes their lanes up at the end (RearrangeToOddPlusEven);
// the start value (C, bias) is added after that.
HWY_NOINLINE inline void GemmMicroTileI16(size_t kp, const int16_t* HWY_RESTRICT ap, size_t lda,
                                          const int16_t* HWY_RESTRICT bp, int32_t* const* rows,
                                          TileInit init, const int32_t* row) {
  static_assert(kGemmMR == 6, "the micro-kernel below is written out for 6 rows");
  const hn::ScalableTag<int32_t> d;
  const hn::Repartition<int16_t, decltype(d)> d16;
  const size_t N = hn::Lanes(d);
  using V = hn::Vec<decltype(d)>;
  const V z = hn::Zero(d);
  V s00 = z, s01 = z, s10 = z, s11 = z, s20 = z, s21 = z, s30 = z, s31 = z, s40 = z, s41 = z,
    s50 = z, s51 = z;
  V t00 = z, t01 = z, t10 = z, t11 = z, t20 = z, t21 = z, t30 = z, t31 = z, t40 = z, t41 = z,
    t50 = z, t51 = z;
#define AICORE_GEMM_PAIR_ROW(r)                                              \
  {                                                                          \
    int32_t pair;                                                            \
    std::memcpy(&pair, ap + (r) * lda + 2 * p, sizeof(pair));                \
    const auto a = hn::BitCast(d16, hn::Set(d, pair));                       \
    s##r##0 = hn::ReorderWidenMulAccumulate(d, a, b0, s##r##0, t##r##0);     \
    s##r##1 = hn::ReorderWidenMulAccumulate(d, a, b1, s##r##1, t##r##1);     \
  }
  for (size_t p = 0; p < kp; ++p) {
    const auto b0 = hn::LoadU(d16, bp);
    const auto b1 = hn::LoadU(d16, bp + 2 * N);
    AICORE_GEMM_PAIR_ROW(0)
    AICORE_GEMM_PAIR_ROW(1)
    AICORE_GEMM_PAIR_ROW(2)
    AICORE_GEMM_PAIR_ROW(3)
    AICORE_GEMM_PAIR_ROW(4)
    AICORE_GEMM_PAIR_ROW(5)
    bp += 4 * N;
  }
#undef AICORE_GEMM_PAIR_ROW
#define AICORE_GEMM_PAIR_OUT(r)                                                             \
  {                                                                                         \
    const V i0 = init == TileInit::kLoad ? hn::LoadU(d, rows[2 * (r)])                      \
                 : init == TileInit::kRow ? hn::LoadU(d, row)                               \
                                          : z;                                              \
    const V i1 = init == TileInit::kLoad ? hn::LoadU(d, rows[2 * (r) + 1])                  \
                 : init == TileInit::kRow ? hn::LoadU(d, row + N)                           \
                                          : z;                                              \
    hn::StoreU(hn::Add(i0, hn::RearrangeToOddPlusEven(s##r##0, t##r##0)), d, rows[2 * (r)]); \
    hn::StoreU(hn::Add(i1, hn::RearrangeToOddPlusEven(s##r##1, t##r##1)), d,                 \
               rows[2 * (r) + 1]);                                                          \
  }
  AICORE_GEMM_PAIR_OUT(0)
  AICORE_GEMM_PAIR_OUT(1)
  AICORE_GEMM_PAIR_OUT(2)
  AICORE_GEMM_PAIR_OUT(3)
  AICORE_GEMM_PAIR_OUT(4)
  AICORE_GEMM_PAIR_OUT(5)
#undef AICORE_GEMM_PAIR_OUT
}
#else
#define AICORE_GEMM_I16_PAIRS 0
#endif

}  // namespace gemm_detail
AICORE_TARGET_END
}  // namespace simd
}  // namespace aicore
