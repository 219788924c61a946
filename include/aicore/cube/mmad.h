// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Mmad: C (m x n, L0C) (+)= A (m x k, L0A) x B (k x n, L0B), on the M pipe.
//
//   Mmad(dst CO1, fm A2, filter B2, MmadParams)
//   Mmad(dst CO1, fm A2, filter B2, bias C2, MmadParams)
//   MmadWithSparse(dst CO1, fm A2, filter B2, MmadParams)  (4:2 sparse B, int8_t)
//   SetHF32Mode, SetHF32TransMode, SetMMRowMajor, SetMMColumnMajor,
//   SetMMLayoutTransform
//
// Types (dst, fm, filter): (float, half, half), (float, bfloat16_t,
// bfloat16_t), (float, float, float), (int32_t, int8_t, int8_t), (int32_t,
// int4b_t, int4b_t); other combinations do not compile. The bias form takes a
// float / int32_t bias (not int4b_t).
//
// Layouts (cube/fractal.h): A is ZZ with K1 fractals per fractal row (float
// with kDirectionAlign: ceil(k / 16) * 2), B is ZN, C is NZ with M1 * 16
// rows per column group. With m = 1 (GEMV) A is read as k contiguous
// elements (ND); C keeps its NZ layout (one 16 x 16 fractal per 16 columns).
//
// The initial C: the bias form adds bias[j] (n values in the bias table;
// cmatrixInitVal must be false, as the vendor's own samples set it: with
// true the NPU starts from 0 and drops the bias, so aicore reports it);
// without a bias tensor: 0 if cmatrixInitVal && !isBias, else the bias table
// from address 0 if cmatrixSource, else the C already in L0C (accumulate).
//
// Numerics: simd::Gemm's contract (simd/gemm.h): products exact in the
// accumulator, fp32 (int32 for int8/int4) accumulation in increasing k,
// one rounding per step (int32 wraps). HF32 (SetHF32Mode(ENABLE), float
// inputs): inputs rounded to 11 mantissa bits first, ties to even or, with
// SetHF32TransMode(NEAREST_ZERO), toward zero. (The 11-bit HF32 mantissa of
// the 910B generation is an assumption: the public docs give 10 bits only for
// the Ascend 950.)
//
// Checks: positions, alignment (dst 1024 bytes, fm and filter 512, bias 64),
// m, n, k in [0, 4095] (any 0: no-op), unitFlag 0, 2 or 3 (0 off the 910B
// generation), int4b_t k even, the fractals used inside each operand's
// buffer. unitFlag 2/3: the unit flags of C's blocks (cube/unit_flag.h).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/int4b.h"
#include "aicore/cube/fractal.h"
#include "aicore/cube/params.h"
#include "aicore/cube/unit_flag.h"
#include "aicore/instrument/event.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/gemm.h"
#include "aicore/simd/target.h"

namespace aicore {
namespace detail {

template <class D, class A, class B>
constexpr bool MmadTypesOk() {
  return (std::is_same<D, float>::value && std::is_same<A, half>::value &&
          std::is_same<B, half>::value) ||
         (std::is_same<D, float>::value && std::is_same<A, bfloat16_t>::value &&
          std::is_same<B, bfloat16_t>::value) ||
         (std::is_same<D, float>::value && std::is_same<A, float>::value &&
          std::is_same<B, float>::value) ||
         (std::is_same<D, int32_t>::value && std::is_same<A, int8_t>::value &&
          std::is_same<B, int8_t>::value) ||
         (std::is_same<D, int32_t>::value && std::is_same<A, AscendC::int4b_t>::value &&
          std::is_same<B, AscendC::int4b_t>::value);
}

// The geometry of one Mmad.
struct MmadGeom {
  uint32_t m, n, k;
  uint32_t k0;        // A/B fractal row (elements)
  uint32_t bits;      // A/B element bits
  uint32_t m1, n1, kf;  // fractal counts; kf: fractal columns of A holding data
  uint32_t a_row;     // fractals per fractal row of A (K1 stride)
  bool gemv;          // m == 1: A is ND
  uint64_t a_bytes, b_bytes, c_bytes;  // footprints
};

inline MmadGeom MmadShape(const AscendC::MmadParams& p, uint32_t bits, bool is_float) {
  MmadGeom g{};
  g.m = p.m;
  g.n = p.n;
  g.k = p.k;
  g.bits = bits;
  g.k0 = 256 / bits;
  g.m1 = cube::CeilDiv(g.m, 16);
  g.n1 = cube::CeilDiv(g.n, 16);
  g.kf = cube::CeilDiv(g.k, g.k0);
  g.a_row = (is_float && p.kDirectionAlign) ? cube::CeilDiv(g.k, 16) * 2 : g.kf;
  g.gemv = g.m == 1;
  g.a_bytes = g.gemv ? (uint64_t{g.k} * bits + 7) / 8
                     : (uint64_t{g.m1 - 1} * g.a_row + g.kf) * cube::kFractalBytes;
  g.b_bytes = uint64_t{g.kf} * g.n1 * cube::kFractalBytes;
  g.c_bytes = uint64_t{g.n1} * g.m1 * 1024;
  return g;
}

// The bytes of the valid elements of A, B and C, as bursts (for the deep
// checks: exactly what the instruction reads and writes).
inline void EmitMmadA(CoreContext& core, const BufferDesc& b, const uint8_t* a, const MmadGeom& g,
                      const char* api, SrcLoc loc) {
  if (g.gemv) {
    EmitLocal(core, Pipe::kM, Access::kRead, b, a, g.a_bytes, api, "fm", loc);
    return;
  }
  for (uint32_t mb = 0; mb < g.m1; ++mb) {
    const uint32_t rows = g.m - mb * 16 < 16 ? g.m - mb * 16 : 16;
    for (uint32_t kb = 0; kb < g.kf; ++kb) {
      const uint32_t cols = g.k - kb * g.k0 < g.k0 ? g.k - kb * g.k0 : g.k0;
      EmitLocalBursts(core, Pipe::kM, Access::kRead, b,
                      a + (uint64_t{mb} * g.a_row + kb) * cube::kFractalBytes, rows,
                      (uint64_t{cols} * g.bits + 7) / 8, 32, api, "fm", loc);
    }
  }
}
inline void EmitMmadB(CoreContext& core, const BufferDesc& b, const uint8_t* p, const MmadGeom& g,
                      const char* api, SrcLoc loc) {
  for (uint32_t kb = 0; kb < g.kf; ++kb) {
    const uint32_t ks = g.k - kb * g.k0 < g.k0 ? g.k - kb * g.k0 : g.k0;
    for (uint32_t nb = 0; nb < g.n1; ++nb) {
      const uint32_t cols = g.n - nb * 16 < 16 ? g.n - nb * 16 : 16;
      EmitLocalBursts(core, Pipe::kM, Access::kRead, b,
                      p + (uint64_t{kb} * g.n1 + nb) * cube::kFractalBytes, cols,
                      (uint64_t{ks} * g.bits + 7) / 8, 32, api, "filter", loc);
    }
  }
}
inline void EmitMmadC(CoreContext& core, Access acc, const BufferDesc& b, const uint8_t* c,
                      const MmadGeom& g, const char* api, SrcLoc loc) {
  for (uint32_t nb = 0; nb < g.n1; ++nb) {
    const uint32_t cols = g.n - nb * 16 < 16 ? g.n - nb * 16 : 16;
    EmitLocalBursts(core, Pipe::kM, acc, b, c + uint64_t{nb} * g.m1 * 1024, g.m, uint64_t{cols} * 4,
                    64, api, acc == Access::kRead ? "dst (accumulated)" : "dst", loc);
  }
}

// int4b_t operands as one int8_t per element (the same element offsets).
inline int8_t* UnpackInt4(const uint8_t* src, uint64_t bytes, std::vector<int8_t>& buf) {
  if (buf.size() < bytes * 2) buf.resize(bytes * 2);
  for (uint64_t i = 0; i < bytes; ++i) {
    const int lo = src[i] & 0xF, hi = src[i] >> 4;
    buf[2 * i] = static_cast<int8_t>(lo >= 8 ? lo - 16 : lo);
    buf[2 * i + 1] = static_cast<int8_t>(hi >= 8 ? hi - 16 : hi);
  }
  return buf.data();
}

// ---- MmadWithSparse: B (k/2 x n, int8_t, ZN in L0B) with 2-bit indices -----------

// The element pairs of a 4-group the two indices of a B column select (the
// documented table): element idx0 of the first three, element idx1 of the
// last three; where that is not after idx0 (idx1 = 0 with idx0 = 1 or 2)
// both pick element idx0. Any other pair (an index 3, or idx0 2 with idx1
// 1) is not in the table.
inline bool SparsePair(uint32_t idx0, uint32_t idx1, uint32_t* p0, uint32_t* p1) {
  if (idx0 > 2 || idx1 > 2 || (idx0 == 2 && idx1 == 1)) return false;
  *p0 = idx0;
  *p1 = idx1 + 1 > idx0 ? idx1 + 1 : idx0;
  return true;
}

// The dense k x n int8_t matrix (ZN, k0 32) equal to the sparse B with its
// indices: element 4g + p_s of column j takes dense value (2g + s, j). Two
// dense values on one element add up; where the sum leaves int8_t the
// second goes to `extra` (a second product, since int32 sums wrap alike in
// any order). `idx` is the index buffer at B's L0B address / 4; `loaded`
// its per-fractal flags. Returns whether `extra` holds anything.
inline bool ExpandSparseB(const int8_t* b, const uint8_t* idx, const uint8_t* loaded,
                          const MmadGeom& g, std::vector<int8_t>& full, std::vector<int8_t>& extra,
                          const char* api, SrcLoc loc) {
  const uint32_t kd = g.k / 2, kfd = cube::CeilDiv(kd, 32);
  for (uint32_t f = 0; f < kfd * g.n1; ++f) {
    if (AICORE_UNLIKELY(!loaded[f])) {
      FailCubeParam(api, loc,
                    "the index fractal of filter fractal " + std::to_string(f) + " (k/2 x n = " +
                        std::to_string(kd) + " x " + std::to_string(g.n) +
                        ") was never loaded: load B and its indices with LoadDataWithSparse to "
                        "that L0B address first");
    }
  }
  const uint64_t bytes = uint64_t{g.kf} * g.n1 * cube::kFractalBytes;
  full.assign(bytes, 0);
  extra.assign(bytes, 0);
  bool any_extra = false;
  auto zn = [&](uint32_t r, uint32_t j) {
    return (uint64_t{r / 32} * g.n1 + j / 16) * cube::kFractalBytes + (j % 16) * 32 + r % 32;
  };
  for (uint32_t j = 0; j < g.n; ++j) {
    for (uint32_t grp = 0; grp < g.k / 4; ++grp) {
      const uint64_t o0 = zn(2 * grp, j), o1 = o0 + 1;  // (2g, j) and (2g + 1, j): adjacent
      const uint32_t i0 = (idx[o0 / 4] >> (2 * (o0 % 4))) & 3, i1 = (idx[o1 / 4] >> (2 * (o1 % 4))) & 3;
      uint32_t p0 = 0, p1 = 0;
      if (AICORE_UNLIKELY(!SparsePair(i0, i1, &p0, &p1))) {
        FailCubeParam(api, loc,
                      "the indices (" + std::to_string(i0) + ", " + std::to_string(i1) +
                          ") of B rows " + std::to_string(2 * grp) + " and " + std::to_string(2 * grp + 1) +
                          ", column " + std::to_string(j) +
                          " select no documented pair of the 4 elements (the first index is in "
                          "[0, 2], the second in [0, 2], and not (2, 1))");
      }
      const uint64_t e0 = zn(4 * grp + p0, j), e1 = zn(4 * grp + p1, j);
      full[e0] = b[o0];
      const int sum = int{full[e1]} + b[o1];
      if (sum >= -128 && sum <= 127) {
        full[e1] = static_cast<int8_t>(sum);
      } else {
        extra[e1] = b[o1];
        any_extra = true;
      }
    }
  }
  return any_extra;
}

template <class D, class A, class B, class V, bool kSparse = false>
inline void MmadRun(const AscendC::LocalTensor<D>& dst, const AscendC::LocalTensor<A>& fm,
                    const AscendC::LocalTensor<B>& filter, const AscendC::LocalTensor<V>* bias,
                    const AscendC::MmadParams& p, SrcLoc loc) {
  constexpr const char* kApi = kSparse ? "MmadWithSparse" : "Mmad";
  constexpr uint32_t kBits = cube::ElemBitsOf<A>();
  CoreContext& core = Enter(kApi, loc);
  if constexpr (kSparse) CheckSparseProfile(kApi, loc);
  CheckCubeMemory(kApi, "dst", dst, Memory::kL0C, "CO1", loc);
  CheckCubeMemory(kApi, "fm", fm, Memory::kL0A, "A2", loc);
  CheckCubeMemory(kApi, "filter", filter, Memory::kL0B, "B2", loc);
  CheckCubeAlign(kApi, "dst", dst, 1024, "Mmad's C matrix in L0C is 1024-byte aligned", loc);
  CheckCubeAlign(kApi, "fm", fm, 512, "L0A operands are 512-byte aligned (one fractal)", loc);
  CheckCubeAlign(kApi, "filter", filter, 512, "L0B operands are 512-byte aligned (one fractal)", loc);
  if (bias != nullptr) {
    CheckCubeMemory(kApi, "bias", *bias, Memory::kBT, "C2", loc);
    CheckCubeAlign(kApi, "bias", *bias, 64, "the bias table takes 64-byte aligned addresses", loc);
    if (AICORE_UNLIKELY(p.cmatrixInitVal)) {
      FailCubeParam(kApi, loc,
                    "Mmad with a bias tensor and MmadParams.cmatrixInitVal true: the C matrix "
                    "would start at 0 and the bias be dropped (the instruction takes the initial "
                    "value flag as it is); set cmatrixInitVal = false");
    }
  }
  CheckCubeRange(kApi, "MmadParams.m", p.m, 0, 4095, loc);
  CheckCubeRange(kApi, "MmadParams.n", p.n, 0, 4095, loc);
  CheckCubeRange(kApi, "MmadParams.k", p.k, 0, 4095, loc);
  CheckUnitFlagValue(kApi, "MmadParams.unitFlag", p.unitFlag, loc);
  if constexpr (kBits == 4) {
    if (AICORE_UNLIKELY(p.k % 2 != 0)) {
      FailCubeParam(kApi, loc, "MmadParams.k " + std::to_string(p.k) +
                                   " must be even for int4b_t operands");
    }
  }
  if constexpr (kSparse) {
    if (AICORE_UNLIKELY(p.kDirectionAlign)) {
      FailCubeParam(kApi, loc, "MmadParams.kDirectionAlign must be false (it is for float operands)");
    }
    if (AICORE_UNLIKELY(p.k % 4 != 0)) {
      FailCubeParam(kApi, loc, "MmadParams.k " + std::to_string(p.k) +
                                   " is not a multiple of 4 (whole 4:2 groups; other k are not "
                                   "modelled by aicore)");
    }
  }
  if (p.m == 0 || p.n == 0 || p.k == 0) return;  // a no-op
  MmadGeom g = MmadShape(p, kBits, std::is_same<A, float>::value);
  MmadGeom gb = g;  // the geometry of B as it is in L0B
  if constexpr (kSparse) {
    g.gemv = false;  // no GEMV form: A stays ZZ for m = 1
    g.a_bytes = (uint64_t{g.m1 - 1} * g.a_row + g.kf) * cube::kFractalBytes;
    gb.k = g.k / 2;
    gb.kf = cube::CeilDiv(gb.k, g.k0);
    gb.b_bytes = uint64_t{gb.kf} * g.n1 * cube::kFractalBytes;
  }
  // The initial C.
  simd::GemmInit init = simd::GemmInit::kAccumulate;
  const D* bias_ptr = nullptr;
  const uint8_t* bt = nullptr;
  const BufferDesc* bt_buf = nullptr;
  if (bias != nullptr) {
    init = simd::GemmInit::kBias;
    CheckCubeSpan(kApi, "bias", *bias, uint64_t{g.n} * sizeof(D), "n values", false, loc);
    bias_ptr = reinterpret_cast<const D*>(bias->addr_);
    bt = reinterpret_cast<const uint8_t*>(bias->addr_);
    bt_buf = bias->buf_;
  } else if (p.cmatrixInitVal && !p.isBias) {
    init = simd::GemmInit::kZero;
  } else if (p.cmatrixSource) {
    init = simd::GemmInit::kBias;
    const uint32_t cap = core.capacity[static_cast<int>(Memory::kBT)];
    if (AICORE_UNLIKELY(uint64_t{g.n} * sizeof(D) > cap)) {
      FailCubeParam(kApi, loc,
                    "MmadParams.cmatrixSource: the initial C comes from the bias table, whose " +
                        std::to_string(cap) + " bytes (" + GetSocProfile().name + ") hold fewer than n = " +
                        std::to_string(g.n) + " values");
    }
    bt = core.arena[static_cast<int>(Memory::kBT)].get();
    bias_ptr = reinterpret_cast<const D*>(bt);
    bt_buf = &core.static_desc[static_cast<int>(AscendC::TPosition::C2)];
    core.static_desc[static_cast<int>(AscendC::TPosition::C2)].bytes = cap;
  }
  CheckCubeSpan(kApi, "fm", fm, g.a_bytes, "the fractals of the m x k matrix A", false, loc);
  CheckCubeSpan(kApi, "filter", filter, gb.b_bytes,
                kSparse ? "the fractals of the k/2 x n matrix B" : "the fractals of the k x n matrix B",
                false, loc);
  CheckCubeSpan(kApi, "dst", dst, g.c_bytes, "the 16 x 16 fractals of the m x n matrix C", true,
                loc);
  const auto* a = reinterpret_cast<const uint8_t*>(fm.addr_);
  const auto* b = reinterpret_cast<const uint8_t*>(filter.addr_);
  auto* c = reinterpret_cast<uint8_t*>(dst.addr_);
  UnitFlagUse unit(core, p.unitFlag, true, dst.buf_, kApi, loc);
  unit.Wait(c, g.c_bytes);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    EmitMmadA(core, *fm.buf_, a, g, kApi, loc);
    EmitMmadB(core, *filter.buf_, b, gb, kApi, loc);
    if (bt != nullptr) EmitLocal(core, Pipe::kM, Access::kRead, *bt_buf, bt, uint64_t{g.n} * sizeof(D), kApi, "bias", loc);
    if (init == simd::GemmInit::kAccumulate) EmitMmadC(core, Access::kRead, *dst.buf_, c, g, kApi, loc);
    EmitMmadC(core, Access::kWrite, *dst.buf_, c, g, kApi, loc);
  }
  unit.Done(c, g.c_bytes);  // (the flags change as the instruction ends; nothing below reads them)
  const simd::MatLayout la = g.gemv ? simd::MatLayout::RowMajor(g.k) : cube::L0ALayout(g.k0, g.a_row);
  const simd::MatLayout lb = cube::L0BLayout(g.k0, g.n1);
  const simd::MatLayout lc = cube::L0CLayout(g.m1);
  simd::GemmOptions opt{};
  if constexpr (std::is_same<A, float>::value) {
    if (core.cube.hf32) {
      opt.round_bits = 11;
      opt.round_ties_to_zero = core.cube.hf32_ties_to_zero;
    }
  }
  if constexpr (kSparse) {
    const uint64_t baddr =
        filter.buf_->offset + static_cast<uint64_t>(b - filter.buf_->base);
    const CubeRegs& regs = core.cube;
    if (AICORE_UNLIKELY(!regs.sparse_used)) {
      FailCubeParam(kApi, loc,
                    "the cube's index buffer is empty: no LoadDataWithSparse ran on this core "
                    "(since the block start or InitSocState)");
    }
    thread_local std::vector<int8_t> full, extra;
    const bool two = ExpandSparseB(reinterpret_cast<const int8_t*>(b), regs.sparse_index.data() + baddr / 4,
                                   regs.sparse_loaded.data() + baddr / 512, g, full, extra, kApi, loc);
    simd::Gemm<int8_t, int8_t, int32_t>(g.m, g.n, g.k, reinterpret_cast<const int8_t*>(a), la,
                                        full.data(), lb, reinterpret_cast<int32_t*>(c), lc, init,
                                        reinterpret_cast<const int32_t*>(bias_ptr), opt);
    if (two) {
      simd::Gemm<int8_t, int8_t, int32_t>(g.m, g.n, g.k, reinterpret_cast<const int8_t*>(a), la,
                                          extra.data(), lb, reinterpret_cast<int32_t*>(c), lc,
                                          simd::GemmInit::kAccumulate, nullptr, opt);
    }
  } else if constexpr (kBits == 4) {
    thread_local std::vector<int8_t> ua, ub;
    const int8_t* a8 = UnpackInt4(a, g.a_bytes, ua);
    const int8_t* b8 = UnpackInt4(b, g.b_bytes, ub);
    simd::Gemm<int8_t, int8_t, int32_t>(g.m, g.n, g.k, a8, la, b8, lb, reinterpret_cast<int32_t*>(c),
                                        lc, init, reinterpret_cast<const int32_t*>(bias_ptr), opt);
  } else {
    simd::Gemm<A, B, D>(g.m, g.n, g.k, reinterpret_cast<const A*>(a), la,
                        reinterpret_cast<const B*>(b), lb, reinterpret_cast<D*>(c), lc, init,
                        bias_ptr, opt);
  }
}

}  // namespace detail
}  // namespace aicore

namespace AscendC {

template <typename T, typename U, typename S>
inline void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
                 const MmadParams& mmadParams, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::MmadTypesOk<T, U, S>(),
                "Mmad: (dst, fm, filter) must be (float, half, half), (float, bfloat16_t, "
                "bfloat16_t), (float, float, float), (int32_t, int8_t, int8_t) or (int32_t, "
                "int4b_t, int4b_t)");
  aicore::detail::MmadRun<T, U, S, T>(dst, fm, filter, nullptr, mmadParams, loc);
}

template <typename T, typename U, typename S, typename V>
inline void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
                 const LocalTensor<V>& bias, const MmadParams& mmadParams,
                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::MmadTypesOk<T, U, S>() && !std::is_same<U, int4b_t>::value,
                "Mmad with bias: (dst, fm, filter) must be (float, half, half), (float, "
                "bfloat16_t, bfloat16_t), (float, float, float) or (int32_t, int8_t, int8_t)");
  static_assert(std::is_same<V, T>::value,
                "Mmad with bias: the bias has the type of dst (float or int32_t)");
  aicore::detail::MmadRun<T, U, S, V>(dst, fm, filter, &bias, mmadParams, loc);
}

// C (m x n, int32_t, L0C) (+)= A (m x k, int8_t, ZZ in L0A) x the 4:2 sparse
// B: k/2 x n int8_t values (ZN in L0B, as LoadDataWithSparse put them) and
// their 2-bit indices in the cube's index buffer; per column j and group g
// of four k, C gets A(i, 4g + p0) * B(2g, j) + A(i, 4g + p1) * B(2g + 1, j),
// (p0, p1) from the indices (see SparsePair). The initial C as in Mmad
// without a bias tensor; no GEMV form (m = 1 reads A as ZZ). Checks as Mmad,
// plus: kDirectionAlign false, k a multiple of 4 (aicore's limit), the
// indices loaded for every B fractal used and in the documented table.
template <typename T = int32_t, typename U = int8_t>
inline void MmadWithSparse(const LocalTensor<T>& dst, const LocalTensor<U>& fm,
                           const LocalTensor<U>& filter, const MmadParams& mmadParams,
                           aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(std::is_same<T, int32_t>::value && std::is_same<U, int8_t>::value,
                "MmadWithSparse: dst is int32_t, fm and filter int8_t");
  aicore::detail::MmadRun<T, U, U, T, true>(dst, fm, filter, nullptr, mmadParams, loc);
}

inline void SetHF32Mode(HF32Mode mode, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("SetHF32Mode", loc).cube.hf32 = mode == HF32Mode::ENABLE;
}
inline void SetHF32Mode(bool hf32Mode, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("SetHF32Mode", loc).cube.hf32 = hf32Mode;
}
inline void SetHF32TransMode(HF32TransMode mode, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("SetHF32TransMode", loc).cube.hf32_ties_to_zero =
      mode == HF32TransMode::NEAREST_ZERO;
}
// true: ties toward zero (the bit's meaning in the deprecated form).
inline void SetHF32TransMode(bool hf32TransMode, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("SetHF32TransMode", loc).cube.hf32_ties_to_zero = hf32TransMode;
}
// The order in which the cube produces C (N first, or M first): it changes
// no value (and Fixpipe's unit-flag order is not modelled).
inline void SetMMRowMajor(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("SetMMRowMajor", loc).cube.mm_row_major = true;
}
inline void SetMMColumnMajor(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("SetMMColumnMajor", loc).cube.mm_row_major = false;
}
inline void SetMMLayoutTransform(bool mmLayoutMode,
                                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("SetMMLayoutTransform", loc).cube.mm_row_major = mmLayoutMode;
}

}  // namespace AscendC
