// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Transpose(dst, src): a 16 x 16 matrix of 2-byte elements (512 bytes,
// row-major) is transposed: dst[j * 16 + i] = src[i * 16 + j]. dst may be
// src (in place); other overlaps of the two 512-byte operands are not
// allowed by the hardware and give unspecified results here.
// (The 4-D TransposeParamsExt form is not provided.)
#pragma once

#include <cstdint>
#include <cstring>

#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/simd/simd.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/target.h"

namespace aicore {
namespace simd {
AICORE_TARGET_BEGIN

#if HWY_TARGET == HWY_SCALAR
HWY_INLINE void Transpose16x16(uint16_t* dst, const uint16_t* src) {
  uint16_t t[256];
  for (int i = 0; i < 16; ++i) {
    for (int j = 0; j < 16; ++j) t[j * 16 + i] = src[i * 16 + j];
  }
  std::memcpy(dst, t, sizeof(t));
}
#else
// The 8 x 8 block at src (row stride 16) transposed, as 8 column vectors.
template <class D16, class V>
HWY_INLINE void Transpose8x8(D16 d16, const uint16_t* src, V* c) {
  const hn::Repartition<uint32_t, D16> d32;
  const hn::Repartition<uint64_t, D16> d64;
  V r[8];
  for (int i = 0; i < 8; ++i) r[i] = hn::LoadU(d16, src + i * 16);
  // Pairs of rows interleaved (16-bit), then 32-bit pairs, then 64-bit.
  const V t0 = hn::InterleaveLower(d16, r[0], r[1]), t1 = hn::InterleaveUpper(d16, r[0], r[1]);
  const V t2 = hn::InterleaveLower(d16, r[2], r[3]), t3 = hn::InterleaveUpper(d16, r[2], r[3]);
  const V t4 = hn::InterleaveLower(d16, r[4], r[5]), t5 = hn::InterleaveUpper(d16, r[4], r[5]);
  const V t6 = hn::InterleaveLower(d16, r[6], r[7]), t7 = hn::InterleaveUpper(d16, r[6], r[7]);
  auto b32 = [&](V v) { return hn::BitCast(d32, v); };
  const auto u0 = hn::InterleaveLower(d32, b32(t0), b32(t2)), u1 = hn::InterleaveUpper(d32, b32(t0), b32(t2));
  const auto u2 = hn::InterleaveLower(d32, b32(t1), b32(t3)), u3 = hn::InterleaveUpper(d32, b32(t1), b32(t3));
  const auto u4 = hn::InterleaveLower(d32, b32(t4), b32(t6)), u5 = hn::InterleaveUpper(d32, b32(t4), b32(t6));
  const auto u6 = hn::InterleaveLower(d32, b32(t5), b32(t7)), u7 = hn::InterleaveUpper(d32, b32(t5), b32(t7));
  auto b64 = [&](decltype(u0) v) { return hn::BitCast(d64, v); };
  auto col = [&](decltype(b64(u0)) v) { return hn::BitCast(d16, v); };
  c[0] = col(hn::InterleaveLower(d64, b64(u0), b64(u4)));
  c[1] = col(hn::InterleaveUpper(d64, b64(u0), b64(u4)));
  c[2] = col(hn::InterleaveLower(d64, b64(u1), b64(u5)));
  c[3] = col(hn::InterleaveUpper(d64, b64(u1), b64(u5)));
  c[4] = col(hn::InterleaveLower(d64, b64(u2), b64(u6)));
  c[5] = col(hn::InterleaveUpper(d64, b64(u2), b64(u6)));
  c[6] = col(hn::InterleaveLower(d64, b64(u3), b64(u7)));
  c[7] = col(hn::InterleaveUpper(d64, b64(u3), b64(u7)));
}

// dst = src^T for 16 x 16 uint16_t; every load happens before any store.
HWY_INLINE void Transpose16x16(uint16_t* dst, const uint16_t* src) {
  const hn::Full128<uint16_t> d16;
  using V = hn::Vec<decltype(d16)>;
  V c[4][8];
  for (int bi = 0; bi < 2; ++bi) {
    for (int bj = 0; bj < 2; ++bj) Transpose8x8(d16, src + bi * 8 * 16 + bj * 8, c[bi * 2 + bj]);
  }
  // Block (bi, bj) of src becomes block (bj, bi) of dst: column k of it is
  // row bj * 8 + k of dst, at column offset bi * 8.
  for (int bi = 0; bi < 2; ++bi) {
    for (int bj = 0; bj < 2; ++bj) {
      for (int k = 0; k < 8; ++k) hn::StoreU(c[bi * 2 + bj][k], d16, dst + (bj * 8 + k) * 16 + bi * 8);
    }
  }
}
#endif

AICORE_TARGET_END
}  // namespace simd
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

template <typename T>
AICORE_INLINE void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                             aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(sizeof(T) == 2, "Transpose: 16 x 16 of a 2-byte type (half, bfloat16_t, int16_t, uint16_t)");
  aicore::detail::Enter("Transpose", loc);
  aicore::detail::CheckLocal("Transpose", "dst", dst, 512, loc);
  aicore::detail::CheckLocal("Transpose", "src", src, 512, loc);
  aicore::simd::Transpose16x16(reinterpret_cast<uint16_t*>(dst.addr_),
                               reinterpret_cast<const uint16_t*>(src.addr_));
}

AICORE_TARGET_END
}  // namespace AscendC
