// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The fractal formats of the cube unit (NPU arch 2201) and the checks the
// cube instructions share.
//
// A fractal is 512 bytes: 16 rows of C0 = 32 bytes / sizeof(T) elements
// (16 for half, 8 for float, 32 for int8, 64 for int4b_t). Matrices on chip:
//
//   L1    NZ  (D1, N1*16, C0)      element (r, c) at (c / C0) * Npad * C0 + r * C0 + c % C0
//   L0A   ZZ  (M1, K1, 16, K0)     A (m x k): fractals row-major, rows inside
//   L0B   ZN  (K1, N1, 16, K0)     B (k x n): fractals row-major, columns inside
//                                  (ZN of B is the NZ of B transposed)
//   L0C   NZ  (N1, M1*16, 16)      C (m x n), float or int32_t; 16 x 16 fractals
//
// simd::MatLayout::Zz / Zn / Nz (simd/gemm.h) describe these; the Mmad
// helpers below build them. M1 = ceil(m / 16), K1 = ceil(k / K0),
// N1 = ceil(n / 16).
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/int4b.h"
#include "aicore/base/soc.h"
#include "aicore/base/type_name.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/runtime/buffer_desc.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/gemm.h"

namespace aicore {
namespace cube {

constexpr uint32_t kFractalBytes = 512;
constexpr uint32_t kBlockCube = 16;

// Bits of one element of T (int4b_t: 4; the C++ object holds two).
template <class T>
constexpr uint32_t ElemBitsOf() {
  if constexpr (std::is_same<T, AscendC::int4b_t>::value) {
    return 4;
  } else {
    return 8 * sizeof(T);
  }
}

// Elements in a fractal row (32 bytes).
template <class T>
constexpr uint32_t C0() {
  return 256 / ElemBitsOf<T>();
}

inline uint32_t CeilDiv(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

// L0A, A (m x k) as ZZ: (M1, K1, 16, K0), `k1_stride` fractals per fractal
// row.
inline simd::MatLayout L0ALayout(uint32_t k0, uint32_t k1_stride) {
  return simd::MatLayout::Zz(kBlockCube, k0, k1_stride);
}
// L0B, B (k x n) as ZN: (K1, N1, 16, K0).
inline simd::MatLayout L0BLayout(uint32_t k0, uint32_t n1) {
  return simd::MatLayout::Zn(k0, kBlockCube, n1);
}
// L0C, C (m x n) as NZ: (N1, M1 * 16, 16).
inline simd::MatLayout L0CLayout(uint32_t m1) {
  return simd::MatLayout::Nz(kBlockCube, int64_t{m1} * kBlockCube);
}

}  // namespace cube

namespace detail {

// The memory a cube operand must be in, e.g. "A2 (L0A)".
inline std::string PositionText(AscendC::TPosition p) {
  return std::string(PositionName(p)) + " (" + MemoryName(PositionMemory(p)) + ")";
}

// Fails unless t lives in memory `want` (its position's memory). The
// expected positions are named in the report (e.g. "A2").
template <class T>
AICORE_INLINE void CheckCubeMemory(const char* api, const char* role,
                                   const AscendC::LocalTensor<T>& t, Memory want,
                                   const char* positions, SrcLoc loc) {
  CheckTensorLive(api, role, t, loc);
  if (AICORE_UNLIKELY(PositionMemory(t.buf_->pos) != want)) {
    Fail(ErrorKind::kParameter, api, loc,
         std::string(role) + " of " + api + " is at position " + PositionText(t.buf_->pos) +
             ", but it must be in " + MemoryName(want) + " (position " + positions + ")");
  }
}

// Fails unless t starts `align` bytes aligned in its memory.
template <class T>
AICORE_INLINE void CheckCubeAlign(const char* api, const char* role,
                                  const AscendC::LocalTensor<T>& t, uint32_t align,
                                  const char* why, SrcLoc loc) {
  const BufferDesc& b = *t.buf_;
  const uint64_t off = static_cast<uint64_t>(reinterpret_cast<const uint8_t*>(t.addr_) - b.base);
  if (AICORE_UNLIKELY((b.offset + off) % align != 0)) {
    Fail(ErrorKind::kAlignment, api, loc,
         std::string(role) + " operand starts at byte offset " + std::to_string(off) + " (" +
             MemoryName(PositionMemory(b.pos)) + " address " + std::to_string(b.offset + off) +
             ") of " + b.Describe() + ", which is not " + std::to_string(align) +
             "-byte aligned (" + why + ")");
  }
}

// Fails unless `bytes` bytes from t's start lie in its buffer (and t is
// still owned: not freed, not written while enqueued when `write`).
template <class T>
AICORE_INLINE void CheckCubeSpan(const char* api, const char* role,
                                 const AscendC::LocalTensor<T>& t, uint64_t bytes,
                                 const char* what, bool write, SrcLoc loc) {
  const BufferDesc& b = *t.buf_;
  CheckOwned(api, role, b, t.address_.gen_, write, loc);
  const uint64_t off = static_cast<uint64_t>(reinterpret_cast<const uint8_t*>(t.addr_) - b.base);
  if (AICORE_UNLIKELY(off + bytes > b.bytes)) {
    Fail(ErrorKind::kBounds, api, loc,
         std::string(role) + " of " + api + " needs " + std::to_string(bytes) + " bytes (" + what +
             ") from byte offset " + std::to_string(off) + " of the " + std::to_string(b.bytes) +
             "-byte " + b.Describe() + ", and ends " + std::to_string(off + bytes - b.bytes) +
             " bytes past its end");
  }
}

[[noreturn]] AICORE_COLD inline void FailCubeParam(const char* api, SrcLoc loc,
                                                   const std::string& what) {
  Fail(ErrorKind::kParameter, api, loc, what);
}

// The 4:2 sparse pair (LoadDataWithSparse, MmadWithSparse) exists on the
// 910B generation only: the Ascend310P and Ascend910 profiles refuse it.
AICORE_INLINE void CheckSparseProfile(const char* api, SrcLoc loc) {
  const char* soc = GetSocProfile().name;
  if (AICORE_UNLIKELY(std::string(soc) != "Ascend910B")) {
    FailCubeParam(api, loc,
                  std::string(api) + " is not available on " + soc +
                      " (the 4:2 sparse instructions exist on the Ascend910B generation only)");
  }
}

// "<name> <value> is outside [lo, hi]" unless lo <= v <= hi.
AICORE_INLINE void CheckCubeRange(const char* api, const char* name, int64_t v, int64_t lo,
                                  int64_t hi, SrcLoc loc) {
  if (AICORE_UNLIKELY(v < lo || v > hi)) {
    FailCubeParam(api, loc,
                  std::string(name) + " " + std::to_string(v) + " is outside [" +
                      std::to_string(lo) + ", " + std::to_string(hi) + "]");
  }
}

}  // namespace detail
}  // namespace aicore
