// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Transpose(dst, src): a 16 x 16 matrix of 2-byte elements (512 bytes,
// row-major) is transposed: dst[j * 16 + i] = src[i * 16 + j]. dst may be
// src (in place); other overlaps of the two 512-byte operands are not
// allowed by the hardware and give unspecified results here.
//
// Transpose(dst, src, sharedTmpBuffer, TransposeParamsExt) (the enhanced
// form, the vendor's kernel_struct_transpose.h structs, fields, order and
// defaults):
//   TRANSPOSE_ND2ND_B16   the 16 x 16 transpose above (2-byte types; hSize
//                         and wSize must be 16, nSize and cSize are ignored;
//                         dst may be src; no tmp needed)
//   TRANSPOSE_NCHW2NHWC   for each n: dst[n][h][w][c] = src[n][c][h][w]
//   TRANSPOSE_NHWC2NCHW   for each n: dst[n][c][h][w] = src[n][h][w][c]
//                         (1-, 2- and 4-byte types; cSize in [0, 4095],
//                         hSize * wSize in [0, 4095] and a multiple of 32
//                         bytes; a zero size writes nothing; dst must not
//                         overlap src; sharedTmpBuffer at least the
//                         documented (cSize + 2) (NCHW2NHWC) or
//                         (2 cSize + 1) (NHWC2NCHW) * h0 * w0 * sizeof(T)
//                         bytes, h0 = 32 for 1-byte types else 16, w0 =
//                         32 / sizeof(T); aicore does not write it)
//   TRANSPOSE_TYPE_NONE   does nothing
//   the other types       "not supported" in the vendor's list: KernelError.
// Bad input raises KernelError naming the parameter and values.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "aicore/base/type_name.h"
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

// dst[c * rows + r] = src[r * cols + c] for E-byte elements, in 32 x 32
// tiles.
template <class E>
HWY_INLINE void TransposePlane(E* HWY_RESTRICT dst, const E* HWY_RESTRICT src, uint32_t rows,
                               uint32_t cols) {
  constexpr uint32_t kT = 32;
  for (uint32_t r0 = 0; r0 < rows; r0 += kT) {
    const uint32_t r1 = r0 + kT < rows ? r0 + kT : rows;
    for (uint32_t c0 = 0; c0 < cols; c0 += kT) {
      const uint32_t c1 = c0 + kT < cols ? c0 + kT : cols;
      for (uint32_t c = c0; c < c1; ++c) {
        E* o = dst + size_t{c} * rows;
        const E* in = src + c;
        for (uint32_t r = r0; r < r1; ++r) o[r] = in[size_t{r} * cols];
      }
    }
  }
}

AICORE_TARGET_END
}  // namespace simd
}  // namespace aicore

namespace AscendC {

enum class TransposeType : uint8_t {
  TRANSPOSE_TYPE_NONE,
  TRANSPOSE_NZ2ND_0213,
  TRANSPOSE_NZ2NZ_0213,
  TRANSPOSE_NZ2NZ_012_WITH_N,
  TRANSPOSE_NZ2ND_012_WITH_N,
  TRANSPOSE_NZ2ND_012_WITHOUT_N,
  TRANSPOSE_NZ2NZ_012_WITHOUT_N,
  TRANSPOSE_ND2ND_ONLY,
  TRANSPOSE_ND_UB_GM,
  TRANSPOSE_GRAD_ND_UB_GM,
  TRANSPOSE_ND2ND_B16,
  TRANSPOSE_NCHW2NHWC,
  TRANSPOSE_NHWC2NCHW,
};

struct TransposeParamsExt {
  constexpr TransposeParamsExt() = default;
  constexpr TransposeParamsExt(const uint16_t nSizeIn, const uint16_t cSizeIn,
                               const uint16_t hSizeIn, const uint16_t wSizeIn,
                               const TransposeType transposeTypeIn)
      : nSize(nSizeIn), cSize(cSizeIn), hSize(hSizeIn), wSize(wSizeIn),
        transposeType(transposeTypeIn) {}
  uint16_t nSize = 0;
  uint16_t cSize = 0;
  uint16_t hSize = 0;
  uint16_t wSize = 0;
  TransposeType transposeType = TransposeType::TRANSPOSE_ND2ND_B16;
};

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

template <typename T>
inline void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                      const LocalTensor<uint8_t>& sharedTmpBuffer,
                      const TransposeParamsExt& transposeParams,
                      aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4,
                "Transpose (TransposeParamsExt): 1-, 2- or 4-byte element types");
  namespace det = aicore::detail;
  const char* api = "Transpose";
  det::Enter(api, loc);
  const TransposeParamsExt& p = transposeParams;
  const TransposeType type = p.transposeType;
  auto fail = [&](const std::string& what) { det::Fail(aicore::ErrorKind::kParameter, api, loc, what); };
  if (type == TransposeType::TRANSPOSE_TYPE_NONE) return;
  if (type == TransposeType::TRANSPOSE_ND2ND_B16) {
    if constexpr (sizeof(T) != 2) {
      fail("transposeType TRANSPOSE_ND2ND_B16 needs a 2-byte type, not " +
           std::string(det::TypeName<T>()));
    } else {
      if (AICORE_UNLIKELY(p.hSize != 16 || p.wSize != 16)) {
        fail("transposeType TRANSPOSE_ND2ND_B16 needs hSize and wSize 16, got hSize " +
             std::to_string(p.hSize) + ", wSize " + std::to_string(p.wSize));
      }
      det::CheckLocal(api, "dst", dst, 512, loc);
      det::CheckLocal(api, "src", src, 512, loc);
      aicore::simd::Transpose16x16(reinterpret_cast<uint16_t*>(dst.addr_),
                                   reinterpret_cast<const uint16_t*>(src.addr_));
    }
    return;
  }
  const bool to_nhwc = type == TransposeType::TRANSPOSE_NCHW2NHWC;
  if (AICORE_UNLIKELY(!to_nhwc && type != TransposeType::TRANSPOSE_NHWC2NCHW)) {
    fail("transposeType " + std::to_string(static_cast<int>(type)) +
         " is not supported (only TRANSPOSE_TYPE_NONE, TRANSPOSE_ND2ND_B16, "
         "TRANSPOSE_NCHW2NHWC and TRANSPOSE_NHWC2NCHW are)");
  }
  const uint32_t n = p.nSize, c = p.cSize, hw = uint32_t{p.hSize} * p.wSize;
  if (AICORE_UNLIKELY(c > 4095)) fail("cSize " + std::to_string(c) + " is outside [0, 4095]");
  if (AICORE_UNLIKELY(hw > 4095)) {
    fail("hSize * wSize = " + std::to_string(p.hSize) + " * " + std::to_string(p.wSize) + " = " +
         std::to_string(hw) + " is outside [0, 4095]");
  }
  if (AICORE_UNLIKELY(hw * sizeof(T) % 32 != 0)) {
    fail("hSize * wSize * sizeof(T) = " + std::to_string(hw) + " * " +
         std::to_string(sizeof(T)) + " = " + std::to_string(hw * sizeof(T)) +
         " bytes is not a multiple of 32");
  }
  const uint64_t h0 = sizeof(T) == 1 ? 32 : 16, w0 = 32 / sizeof(T);
  const uint64_t need = (to_nhwc ? uint64_t{c} + 2 : 2 * uint64_t{c} + 1) * h0 * w0 * sizeof(T);
  det::CheckLocal(api, "sharedTmpBuffer", sharedTmpBuffer, sharedTmpBuffer.GetSize(), loc, true,
                  det::Pipe::kCount);
  if (AICORE_UNLIKELY(sharedTmpBuffer.GetSize() < need)) {
    det::Fail(aicore::ErrorKind::kBounds, api, loc,
              "sharedTmpBuffer holds " + std::to_string(sharedTmpBuffer.GetSize()) +
                  " bytes, fewer than the " + std::to_string(need) + " bytes " +
                  (to_nhwc ? "TRANSPOSE_NCHW2NHWC" : "TRANSPOSE_NHWC2NCHW") +
                  " needs for cSize " + std::to_string(c) + " and " + det::TypeName<T>());
  }
  const uint64_t plane = uint64_t{c} * hw;
  const uint64_t bytes = uint64_t{n} * plane * sizeof(T);
  det::CheckLocal(api, "dst", dst, bytes, loc);
  det::CheckLocal(api, "src", src, bytes, loc);
  if (AICORE_UNLIKELY(det::BytesOverlap(dst.addr_, bytes, src.addr_, bytes))) {
    fail("dst overlaps src (" + std::to_string(bytes) + " bytes each); " +
         (to_nhwc ? "TRANSPOSE_NCHW2NHWC" : "TRANSPOSE_NHWC2NCHW") +
         " does not support dst reusing src");
  }
  if (bytes == 0) return;
  using E = std::conditional_t<sizeof(T) == 1, uint8_t,
                               std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>>;
  E* d = reinterpret_cast<E*>(dst.addr_);
  const E* s = reinterpret_cast<const E*>(src.addr_);
  for (uint32_t i = 0; i < n; ++i) {
    if (to_nhwc) {
      aicore::simd::TransposePlane<E>(d + i * plane, s + i * plane, c, hw);
    } else {
      aicore::simd::TransposePlane<E>(d + i * plane, s + i * plane, hw, c);
    }
  }
}

AICORE_TARGET_END
}  // namespace AscendC
