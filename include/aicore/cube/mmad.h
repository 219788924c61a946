// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Mmad: C (m x n, L0C) (+)= A (m x k, L0A) x B (k x n, L0B), on the M pipe.
//
//   Mmad(dst CO1, fm A2, filter B2, MmadParams)
//   Mmad(dst CO1, fm A2, filter B2, bias C2, MmadParams)
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
// m, n, k in [0, 4095] (any 0: no-op), unitFlag 0, 2 or 3, int4b_t k even,
// the fractals used inside each operand's buffer. The unit flag itself is not
// modelled (the CPU runs Mmad and Fixpipe in program order).
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

template <class D, class A, class B, class V>
inline void MmadRun(const AscendC::LocalTensor<D>& dst, const AscendC::LocalTensor<A>& fm,
                    const AscendC::LocalTensor<B>& filter, const AscendC::LocalTensor<V>* bias,
                    const AscendC::MmadParams& p, SrcLoc loc) {
  constexpr const char* kApi = "Mmad";
  constexpr uint32_t kBits = cube::ElemBitsOf<A>();
  CoreContext& core = Enter(kApi, loc);
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
  if (AICORE_UNLIKELY(p.unitFlag == 1 || p.unitFlag > 3)) {
    FailCubeParam(kApi, loc, "MmadParams.unitFlag " + std::to_string(p.unitFlag) +
                                 " is not 0 (off), 2 or 3");
  }
  if constexpr (kBits == 4) {
    if (AICORE_UNLIKELY(p.k % 2 != 0)) {
      FailCubeParam(kApi, loc, "MmadParams.k " + std::to_string(p.k) +
                                   " must be even for int4b_t operands");
    }
  }
  if (p.m == 0 || p.n == 0 || p.k == 0) return;  // a no-op
  const MmadGeom g = MmadShape(p, kBits, std::is_same<A, float>::value);
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
  CheckCubeSpan(kApi, "filter", filter, g.b_bytes, "the fractals of the k x n matrix B", false, loc);
  CheckCubeSpan(kApi, "dst", dst, g.c_bytes, "the 16 x 16 fractals of the m x n matrix C", true,
                loc);
  const auto* a = reinterpret_cast<const uint8_t*>(fm.addr_);
  const auto* b = reinterpret_cast<const uint8_t*>(filter.addr_);
  auto* c = reinterpret_cast<uint8_t*>(dst.addr_);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    EmitMmadA(core, *fm.buf_, a, g, kApi, loc);
    EmitMmadB(core, *filter.buf_, b, g, kApi, loc);
    if (bt != nullptr) EmitLocal(core, Pipe::kM, Access::kRead, *bt_buf, bt, uint64_t{g.n} * sizeof(D), kApi, "bias", loc);
    if (init == simd::GemmInit::kAccumulate) EmitMmadC(core, Access::kRead, *dst.buf_, c, g, kApi, loc);
    EmitMmadC(core, Access::kWrite, *dst.buf_, c, g, kApi, loc);
  }
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
  if constexpr (kBits == 4) {
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
