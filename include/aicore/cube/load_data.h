// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// LoadData: 512-byte fractals into L0A / L0B (and L1), with the transposing
// forms and the img2col form (LoadData 3D) of convolution.
//
//   LoadData(dst A2/B2, src A1/B1 (L1), LoadData2DParams)          MTE1
//   LoadData(dst A2/B2/A1/B1, src GlobalTensor, LoadData2DParams)  MTE2
//   LoadDataWithTranspose(dst A2/B2, src L1, LoadData2dTransposeParams)      MTE1
//   LoadDataWithSparse(dst B2, src B1, idx B1, LoadData2dParams)           MTE1
//   LoadData<T, IsResetLoad3dConfig>(dst A2/B2, src L1, LoadData3DParamsV2<T>) MTE1
//   LoadData(dst A2/B2, src L1, LoadData3DParamsV2Pro)                        MTE1
//   SetFmatrix, SetLoadDataPaddingValue, SetLoadDataBoundary, SetLoadDataRepeat
//
// LoadData (2D): for repeat r < repeatTimes, fractal
//   startIndex + r * srcStride   (addrMode 1: startIndex - r * srcStride)
// of the source (512-byte units) is copied to fractal r * (dstGap + 1) of the
// destination; with ifTranspose (2-byte types, L1 -> L0 only) each 16 x 16
// fractal is transposed. The bytes are copied as they are: the layout (NZ in
// L1 -> ZZ in L0A or ZN in L0B) comes from the kernel's choice of fractals.
//
// LoadDataWithTranspose: per repeat r, the square at startIndex + r *
// srcStride (squares of n x n elements: 16 x 16 for 2- and 4-byte types, 32 x
// 32 for 1-byte types, 64 x 64 for int4b_t; a square is 1, 2, 2, 4 fractals
// in ZZ order) is transposed and split again into fractals, in the same ZZ
// order, fractal j at r * (dstGap + 1) + j * (dstFracGap + 1) (512-byte
// units).
//
// LoadData (3D): img2col of the NC1HWC0 feature map in L1 (C1 x l1H x l1W x C0,
// C0 = 32 bytes / sizeof(T)): element (m, k) of the expanded matrix is
//   k = ((c1 * Hk + kh) * Wk + kw) * C0 + c0,  m = ho * Wout + wo,
//   value  = fmap[c1][ho * strideH + kh * dilationH - padTop]
//                    [wo * strideW + kw * dilationW - padLeft][c0]
//   or the padding value outside the map, with Wout = (l1W + padLeft + padRight -
// dilationW * (Wk - 1) - 1) / strideW + 1; rows [mStartPt, mStartPt +
// mExtension) and columns [kStartPt, kStartPt + kExtension) are written to L0A
// as ZZ (M1, K1, 16, C0); with enTranspose (2- and 4-byte types) as ZZ of the
// transposed matrix in fractals of 16 k x C0 m (K1' = ceil(kExt / 16),
// 16 * M1 / C0 m-blocks per row of fractals); into L0B (2- and 4-byte types)
// as (ceil(mExt / C0), K1', 16, C0) with k the row and m the column of a
// fractal (the layouts of the vendor's load3d reference model). fMatrixCtrl
// false reads the left feature-map registers (SetFmatrix FMATRIX_LEFT, and
// what isSetFMatrix writes), true the right ones (FMATRIX_RIGHT).
// Not implemented here (a KernelError says so): int4b_t, channel sizes that
// are not a multiple of C0, repeatTime other than 1 (SetLoadDataRepeat): the
// public docs do not define their layouts (the small-channel L1 layout, where
// repeat r writes in L0 on this SoC) precisely.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "aicore/base/error.h"
#include "aicore/cube/fractal.h"
#include "aicore/cube/params.h"
#include "aicore/instrument/event.h"
#include "aicore/memory/global_tensor.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/runtime/context.h"

namespace aicore {
namespace detail {

// ---- LoadData (2D) -------------------------------------------------------------

struct Load2DGeom {
  int64_t first;   // fractal index of repeat 0 (source)
  int64_t step;    // +srcStride or -srcStride
  uint32_t repeats;
  uint32_t dst_step;  // dstGap + 1
  bool transpose;
  // Calls f(dst_byte, src_byte, bytes) for every run copied, in order.
  template <class F>
  void ForEach(F&& f) const {
    for (uint32_t r = 0; r < repeats; ++r) {
      const uint64_t s = static_cast<uint64_t>(first + step * r) * cube::kFractalBytes;
      const uint64_t d = uint64_t{r} * dst_step * cube::kFractalBytes;
      if (!transpose) {
        f(d, s, cube::kFractalBytes);
      } else {
        for (uint32_t i = 0; i < 16; ++i) {
          for (uint32_t j = 0; j < 16; ++j) f(d + (i * 16 + j) * 2, s + (j * 16 + i) * 2, 2);
        }
      }
    }
  }
};

inline void Load2DChunks(const void* ctx, void (*chunk)(void*, uint64_t, uint64_t, uint64_t),
                         void* st) {
  static_cast<const Load2DGeom*>(ctx)->ForEach(
      [&](uint64_t d, uint64_t s, uint64_t n) { chunk(st, d, s, n); });
}

// Checks LoadData2DParams; false for a no-op. The source's lowest fractal
// index is checked to be >= 0 (addrMode 1 counts down).
inline bool CheckLoad2D(const char* api, const AscendC::LoadData2DParams& p, bool from_gm,
                        bool to_l1, uint32_t elem_bits, Load2DGeom* g, SrcLoc loc) {
  if (p.repeatTimes == 0) return false;
  if (AICORE_UNLIKELY(p.addrMode > 1)) {
    FailCubeParam(api, loc, "LoadData2DParams.addrMode " + std::to_string(p.addrMode) +
                                " is not 0 (increment) or 1 (decrement)");
  }
  if (AICORE_UNLIKELY(p.addrMode == 1 && !(from_gm && to_l1))) {
    FailCubeParam(api, loc,
                  "LoadData2DParams.addrMode 1 (decrement) is supported on the GM -> L1 path only");
  }
  if (AICORE_UNLIKELY(p.ifTranspose && (from_gm || elem_bits != 16))) {
    FailCubeParam(api, loc,
                  std::string("LoadData2DParams.ifTranspose needs ") +
                      (from_gm ? "an L1 source (GM -> L0 copies do not transpose)"
                               : "a 2-byte type (half, bfloat16_t, int16_t, uint16_t); got " +
                                     std::to_string(elem_bits) + "-bit elements"));
  }
  g->first = p.startIndex;
  g->step = p.addrMode == 1 ? -int64_t{p.srcStride} : int64_t{p.srcStride};
  g->repeats = p.repeatTimes;
  g->dst_step = uint32_t{p.dstGap} + 1;
  g->transpose = p.ifTranspose;
  const int64_t last = g->first + g->step * (g->repeats - 1);
  if (AICORE_UNLIKELY(last < 0)) {
    FailCubeParam(api, loc,
                  "LoadData2DParams: with addrMode 1, repeat " + std::to_string(g->repeats - 1) +
                      " reads fractal startIndex - repeat * srcStride = " + std::to_string(last) +
                      ", before the source's start (startIndex " + std::to_string(p.startIndex) +
                      ", srcStride " + std::to_string(p.srcStride) + ")");
  }
  return true;
}

// The alignment the memory of a cube destination takes.
inline uint32_t CubeDstAlign(Memory m) { return m == Memory::kL1 ? 32 : 512; }

// ---- LoadDataWithTranspose ---------------------------------------------------

struct TransposeGeom {
  uint32_t n;       // square side (elements)
  uint32_t c0;      // fractal row (elements)
  uint32_t fracs;   // fractals per square
  uint32_t bits;    // element bits
  int64_t first;    // square index of repeat 0
  int64_t step;
  uint32_t repeats;
  uint32_t dst_step;      // fractals from one repeat's first fractal to the next's
  uint32_t dst_frac_step; // fractals between the fractals of one repeat
  // Calls f(dst_elem, src_elem) for every element, in order (element
  // indices from the operand starts; int4b_t counts nibbles).
  template <class F>
  void ForEach(F&& f) const {
    const uint32_t fe = 16 * c0;  // elements per fractal
    const uint32_t fcols = n / c0;
    for (uint32_t r = 0; r < repeats; ++r) {
      const uint64_t sbase = static_cast<uint64_t>(first + step * r) * n * n;
      const uint64_t dbase = uint64_t{r} * dst_step * fe;
      for (uint32_t tr = 0; tr < n; ++tr) {
        for (uint32_t tc = 0; tc < n; ++tc) {
          // T(tr, tc) = S(tc, tr); both squares in ZZ fractals of 16 x c0.
          const uint32_t sr = tc, sc = tr;
          const uint64_t s = sbase + uint64_t{(sr / 16) * fcols + sc / c0} * fe + (sr % 16) * c0 + sc % c0;
          const uint32_t j = (tr / 16) * fcols + tc / c0;
          const uint64_t d = dbase + uint64_t{j} * dst_frac_step * fe + (tr % 16) * c0 + tc % c0;
          f(d, s);
        }
      }
    }
  }
};

// The transposing copy itself, for 1-, 2- and 4-byte elements E: the
// formula of TransposeGeom::ForEach with the square side N and fractal row
// C0 known at compile time (divisions become shifts; about 44x faster than
// ForEach on the 2-byte squares of a matmul's B operand).
template <uint32_t N, uint32_t C0, class E>
inline void TransposeSquares(E* out, const E* in, const TransposeGeom& g) {
  constexpr uint32_t kFe = 16 * C0, kFcols = N / C0;
  for (uint32_t r = 0; r < g.repeats; ++r) {
    const E* s0 = in + static_cast<uint64_t>(g.first + g.step * r) * N * N;
    E* d0 = out + uint64_t{r} * g.dst_step * kFe;
    for (uint32_t tr = 0; tr < N; ++tr) {
      for (uint32_t tc = 0; tc < N; ++tc) {
        // T(tr, tc) = S(tc, tr), as in ForEach.
        const uint32_t s = ((tc / 16) * kFcols + tr / C0) * kFe + (tc % 16) * C0 + tr % C0;
        const uint64_t d = uint64_t{(tr / 16) * kFcols + tc / C0} * g.dst_frac_step * kFe + (tr % 16) * C0 + tc % C0;
        d0[d] = s0[s];
      }
    }
  }
}

inline void TransposeChunks(const void* ctx, void (*chunk)(void*, uint64_t, uint64_t, uint64_t),
                            void* st) {
  const auto* g = static_cast<const TransposeGeom*>(ctx);
  const uint32_t bits = g->bits;
  g->ForEach([&](uint64_t d, uint64_t s) {
    if (bits == 4) {
      if ((d & 1) == 0) chunk(st, d / 2, s / 2, 1);  // a byte takes the state of its low nibble's
    } else {
      chunk(st, d * bits / 8, s * bits / 8, bits / 8);
    }
  });
}

// ---- LoadData (3D, img2col) -----------------------------------------------------

struct Load3DGeom {
  uint32_t c0, bits;
  uint32_t c1, h, w;          // feature map
  uint32_t kh, kw;            // filter (with filterSize*)
  uint32_t sh, sw, dh, dw;    // strides, dilations
  uint32_t pad[4];            // left, right, top, bottom
  uint32_t wout;
  uint32_t m0, k0, mext, kext;
  uint32_t mode;  // 0: L0A, 1: L0A transposed, 2: L0B
  // Calls f(dst_elem, src_elem or -1 for padding), in order. The transposed
  // forms (1, 2) use fractals of 16 k-rows x C0 m-columns: mode 1 orders
  // them k-block major over 16 * M1 / C0 m-blocks (M1 = ceil(mext / 16)),
  // mode 2 m-block major over ceil(kext / 16) k-blocks.
  template <class F>
  void ForEach(F&& f) const {
    const uint32_t m1 = cube::CeilDiv(mext, 16);
    const uint32_t k1 = cube::CeilDiv(kext, c0);
    const uint32_t kt = cube::CeilDiv(kext, 16);
    const uint32_t mb = m1 * 16 / c0;  // m-blocks of C0 per k-block row (mode 1)
    for (uint32_t mm = 0; mm < mext; ++mm) {
      const uint32_t m = m0 + mm;
      const uint32_t ho = m / wout, wo = m % wout;
      for (uint32_t kk = 0; kk < kext; ++kk) {
        const uint32_t k = k0 + kk;
        const uint32_t cc = k % c0;
        const uint32_t kb = k / c0;
        const uint32_t ci = kb / (kh * kw);
        const uint32_t rest = kb % (kh * kw);
        const int64_t y = int64_t{ho} * sh + int64_t{rest / kw} * dh - pad[2];
        const int64_t x = int64_t{wo} * sw + int64_t{rest % kw} * dw - pad[0];
        const int64_t s = (y < 0 || y >= h || x < 0 || x >= w)
                              ? -1
                              : ((int64_t{ci} * h + y) * w + x) * c0 + cc;
        uint64_t d;
        if (mode == 0) {
          d = (uint64_t{mm / 16} * k1 + kk / c0) * 16 * c0 + (mm % 16) * c0 + kk % c0;
        } else if (mode == 1) {
          d = (uint64_t{kk / 16} * mb + mm / c0) * 16 * c0 + (kk % 16) * c0 + mm % c0;
        } else {
          d = (uint64_t{mm / c0} * kt + kk / 16) * 16 * c0 + (kk % 16) * c0 + mm % c0;
        }
        f(d, s);
      }
    }
  }
};

inline void Load3DChunks(const void* ctx, void (*chunk)(void*, uint64_t, uint64_t, uint64_t),
                         void* st) {
  const auto* g = static_cast<const Load3DGeom*>(ctx);
  const uint32_t es = g->bits / 8;
  g->ForEach([&](uint64_t d, int64_t s) {
    chunk(st, d * es, s < 0 ? UINT64_MAX : static_cast<uint64_t>(s) * es, es);
  });
}

template <class T>
AICORE_INLINE void CheckL0Dst(const char* api, const AscendC::LocalTensor<T>& dst, SrcLoc loc,
                              bool allow_l1 = false) {
  CheckTensorLive(api, "dst", dst, loc);
  const Memory m = PositionMemory(dst.buf_->pos);
  if (AICORE_UNLIKELY(m != Memory::kL0A && m != Memory::kL0B && !(allow_l1 && m == Memory::kL1))) {
    Fail(ErrorKind::kParameter, api, loc,
         "dst of " + std::string(api) + " is at position " + PositionText(dst.buf_->pos) +
             ", but it must be in L0A (A2) or L0B (B2)" + (allow_l1 ? " or L1 (A1/B1)" : ""));
  }
  CheckCubeAlign(api, "dst", dst, CubeDstAlign(m),
                 m == Memory::kL1 ? "L1 operands are 32-byte aligned"
                                  : "L0A/L0B operands are 512-byte aligned (one fractal)",
                 loc);
}

template <class T>
AICORE_INLINE void CheckL1Src(const char* api, const AscendC::LocalTensor<T>& src, SrcLoc loc) {
  CheckCubeMemory(api, "src", src, Memory::kL1, "A1 or B1", loc);
  CheckCubeAlign(api, "src", src, 32, "L1 operands are 32-byte aligned", loc);
}

// LoadData (2D) L1 -> L0A / L0B after the position checks (also the
// fractal copy of LoadDataWithSparse, reported as `kApi`).
template <typename T>
inline void Load2DFromL1(const char* kApi, CoreContext& core, const AscendC::LocalTensor<T>& dst,
                         const AscendC::LocalTensor<T>& src, const AscendC::LoadData2DParams& p,
                         SrcLoc loc) {
  namespace d = aicore::detail;
  d::Load2DGeom g{};
  if (!d::CheckLoad2D(kApi, p, false, false, aicore::cube::ElemBitsOf<T>(), &g, loc)) return;
  const uint64_t src_bytes = static_cast<uint64_t>(std::max(g.first, g.first + g.step * (g.repeats - 1)) + 1) * 512;
  const uint64_t dst_bytes = (uint64_t{g.repeats - 1} * g.dst_step + 1) * 512;
  d::CheckCubeSpan(kApi, "src", src, src_bytes, "the last fractal read", false, loc);
  d::CheckCubeSpan(kApi, "dst", dst, dst_bytes, "the last fractal written", true, loc);
  auto* out = reinterpret_cast<uint8_t*>(dst.addr_);
  const auto* in = reinterpret_cast<const uint8_t*>(src.addr_);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    const int64_t lo = std::min(g.first, g.first + g.step * (g.repeats - 1));
    d::EmitLocalMoveBursts(core, d::Pipe::kMTE1, d::Access::kRead, *src.buf_, in + lo * 512,
                           g.repeats, 512, static_cast<uint64_t>(g.step < 0 ? -g.step : g.step) * 512,
                           kApi, "src", loc);
    d::EmitLocalMoveBursts(core, d::Pipe::kMTE1, d::Access::kWrite, *dst.buf_, out, g.repeats, 512,
                           uint64_t{g.dst_step} * 512, kApi, "dst", loc);
    d::EmitLocalMove(core, d::Pipe::kMTE1, *dst.buf_, out, *src.buf_, in, &d::Load2DChunks, &g, kApi,
                     loc);
  }
  g.ForEach([&](uint64_t doff, uint64_t soff, uint64_t n) {
    if (n == 2) {
      std::memcpy(out + doff, in + soff, 2);
    } else {
      std::memmove(out + doff, in + soff, n);
    }
  });
}

}  // namespace detail
}  // namespace aicore

namespace AscendC {

// L1 -> L0A / L0B, 512-byte fractals.
template <typename T>
inline void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                     const LoadData2DParams& p, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace d = aicore::detail;
  constexpr const char* kApi = "LoadData";
  auto& core = d::Enter(kApi, loc);
  d::CheckL0Dst(kApi, dst, loc);
  d::CheckL1Src(kApi, src, loc);
  d::Load2DFromL1(kApi, core, dst, src, p, loc);
}

// GM -> L0A / L0B / L1, 512-byte fractals (no transpose; addrMode 1 only
// into L1).
template <typename T>
inline void LoadData(const LocalTensor<T>& dst, const GlobalTensor<T>& src,
                     const LoadData2DParams& p, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(!std::is_same<T, int4b_t>::value,
                "LoadData from GM does not take int4b_t (only L1 -> L0A/L0B does)");
  namespace d = aicore::detail;
  constexpr const char* kApi = "LoadData";
  auto& core = d::Enter(kApi, loc);
  d::CheckL0Dst(kApi, dst, loc, true);
  const bool to_l1 = aicore::detail::PositionMemory(dst.buf_->pos) == aicore::Memory::kL1;
  d::Load2DGeom g{};
  if (!d::CheckLoad2D(kApi, p, true, to_l1, aicore::cube::ElemBitsOf<T>(), &g, loc)) return;
  const int64_t hi = std::max(g.first, g.first + g.step * (g.repeats - 1));
  const int64_t lo = std::min(g.first, g.first + g.step * (g.repeats - 1));
  const uint64_t dst_bytes = (uint64_t{g.repeats - 1} * g.dst_step + 1) * 512;
  d::CheckCubeSpan(kApi, "dst", dst, dst_bytes, "the last fractal written", true, loc);
  src.CheckRange(kApi, 0, static_cast<uint64_t>(hi + 1) * 512 / sizeof(T), loc);
  auto* out = reinterpret_cast<uint8_t*>(dst.addr_);
  const auto* in = reinterpret_cast<const uint8_t*>(src.addr_);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    aicore::instrument::Emit(
        core, aicore::instrument::GmEvent(d::GmAccess::kRead, in + lo * 512, g.repeats, 512,
                                          static_cast<uint64_t>(g.step < 0 ? -g.step : g.step) * 512,
                                          kApi, loc));
    d::EmitLocalBursts(core, d::Pipe::kMTE2, d::Access::kWrite, *dst.buf_, out, g.repeats, 512,
                       uint64_t{g.dst_step} * 512, kApi, "dst", loc);
  }
  g.ForEach([&](uint64_t doff, uint64_t soff, uint64_t n) { std::memmove(out + doff, in + soff, n); });
}

// L1 -> L0A / L0B with each square of fractals transposed.
template <typename T>
inline void LoadDataWithTranspose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                  const LoadData2dTransposeParams& p,
                                  aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  constexpr uint32_t kBits = aicore::cube::ElemBitsOf<T>();
  static_assert(kBits == 4 || kBits == 8 || kBits == 16 || kBits == 32,
                "LoadDataWithTranspose takes int4b_t and 1-, 2- or 4-byte types");
  namespace d = aicore::detail;
  constexpr const char* kApi = "LoadDataWithTranspose";
  auto& core = d::Enter(kApi, loc);
  d::CheckL0Dst(kApi, dst, loc);
  d::CheckL1Src(kApi, src, loc);
  if constexpr (kBits == 4) {
    if (AICORE_UNLIKELY(d::PositionMemory(dst.buf_->pos) != aicore::Memory::kL0B)) {
      d::FailCubeParam(kApi, loc, "int4b_t is transposed into L0B (B2) only, not into " +
                                      d::PositionText(dst.buf_->pos));
    }
  }
  if (p.repeatTimes == 0) return;
  if (AICORE_UNLIKELY(p.addrMode > 1)) {
    d::FailCubeParam(kApi, loc, "LoadData2dTransposeParams.addrMode " + std::to_string(p.addrMode) +
                                    " is not 0 (increment) or 1 (decrement)");
  }
  d::TransposeGeom g{};
  g.bits = kBits;
  g.c0 = aicore::cube::C0<T>();
  g.n = kBits == 32 ? 16 : g.c0;
  g.fracs = g.n * g.n * kBits / 8 / 512;
  g.first = p.startIndex;
  g.step = p.addrMode == 1 ? -int64_t{p.srcStride} : int64_t{p.srcStride};
  g.repeats = p.repeatTimes;
  g.dst_step = uint32_t{p.dstGap} + 1;
  g.dst_frac_step = g.fracs > 1 ? uint32_t{p.dstFracGap} + 1 : 1;
  const int64_t last = g.first + g.step * (g.repeats - 1);
  if (AICORE_UNLIKELY(last < 0)) {
    d::FailCubeParam(kApi, loc, "LoadData2dTransposeParams: with addrMode 1, repeat " +
                                    std::to_string(g.repeats - 1) + " reads square " +
                                    std::to_string(last) + ", before the source's start");
  }
  // The fractals written must not overlap (the NPU does not order them).
  if (g.fracs > 1 && g.repeats > 1) {
    std::vector<uint64_t> slots;
    slots.reserve(g.repeats * g.fracs);
    for (uint32_t r = 0; r < g.repeats; ++r) {
      for (uint32_t j = 0; j < g.fracs; ++j) slots.push_back(uint64_t{r} * g.dst_step + uint64_t{j} * g.dst_frac_step);
    }
    std::sort(slots.begin(), slots.end());
    const auto dup = std::adjacent_find(slots.begin(), slots.end());
    if (AICORE_UNLIKELY(dup != slots.end())) {
      d::FailCubeParam(kApi, loc,
                       "LoadData2dTransposeParams: destination fractal " + std::to_string(*dup) +
                           " is written twice (dstGap " + std::to_string(p.dstGap) + ", dstFracGap " +
                           std::to_string(p.dstFracGap) + ", " + std::to_string(g.fracs) +
                           " fractals per repeat, " + std::to_string(g.repeats) +
                           " repeats): the transposed fractals must not overlap");
    }
  }
  const uint64_t square_bytes = uint64_t{g.n} * g.n * kBits / 8;
  const uint64_t src_bytes = static_cast<uint64_t>(std::max(g.first, last) + 1) * square_bytes;
  const uint64_t dst_bytes =
      (uint64_t{g.repeats - 1} * g.dst_step + uint64_t{g.fracs - 1} * g.dst_frac_step + 1) * 512;
  d::CheckCubeSpan(kApi, "src", src, src_bytes, "the last square read", false, loc);
  d::CheckCubeSpan(kApi, "dst", dst, dst_bytes, "the last fractal written", true, loc);
  auto* out = reinterpret_cast<uint8_t*>(dst.addr_);
  const auto* in = reinterpret_cast<const uint8_t*>(src.addr_);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    const int64_t lo = std::min(g.first, last);
    d::EmitLocalMoveBursts(core, d::Pipe::kMTE1, d::Access::kRead, *src.buf_,
                           in + static_cast<uint64_t>(lo) * square_bytes, g.repeats, square_bytes,
                           static_cast<uint64_t>(g.step < 0 ? -g.step : g.step) * square_bytes, kApi,
                           "src", loc);
    for (uint32_t j = 0; j < g.fracs; ++j) {
      d::EmitLocalMoveBursts(core, d::Pipe::kMTE1, d::Access::kWrite, *dst.buf_,
                             out + uint64_t{j} * g.dst_frac_step * 512, g.repeats, 512,
                             uint64_t{g.dst_step} * 512, kApi, "dst", loc);
    }
    d::EmitLocalMove(core, d::Pipe::kMTE1, *dst.buf_, out, *src.buf_, in, &d::TransposeChunks, &g,
                     kApi, loc);
  }
  if constexpr (kBits == 4) {
    g.ForEach([&](uint64_t de, uint64_t se) {
      const uint8_t v = static_cast<uint8_t>((in[se / 2] >> (4 * (se & 1))) & 0xF);
      uint8_t& o = out[de / 2];
      o = static_cast<uint8_t>((o & ~(0xF << (4 * (de & 1)))) | (v << (4 * (de & 1))));
    });
  } else if constexpr (kBits == 8) {
    d::TransposeSquares<32, 32>(out, in, g);
  } else if constexpr (kBits == 16) {
    d::TransposeSquares<16, 16>(reinterpret_cast<uint16_t*>(out), reinterpret_cast<const uint16_t*>(in), g);
  } else {
    d::TransposeSquares<16, 8>(reinterpret_cast<uint32_t*>(out), reinterpret_cast<const uint32_t*>(in), g);
  }
}

// ---- LoadData (3D) and its registers ---------------------------------------------

inline void SetFmatrix(uint16_t l1H, uint16_t l1W, const uint8_t padList[4],
                       const FmatrixMode& fmatrixMode,
                       aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  auto& core = aicore::detail::Enter("SetFmatrix", loc);
  const int i = static_cast<int>(fmatrixMode);
  if (AICORE_UNLIKELY(i > 1)) {
    aicore::detail::FailCubeParam("SetFmatrix", loc,
                                  "fmatrixMode " + std::to_string(i) +
                                      " is not FMATRIX_LEFT (0) or FMATRIX_RIGHT (1)");
  }
  auto& f = core.cube.fmatrix[i];
  f.l1H = l1H;
  f.l1W = l1W;
  for (int k = 0; k < 4; ++k) f.pad[k] = padList[k];
}

template <typename T>
inline void SetLoadDataPaddingValue(const T padValue,
                                    aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(sizeof(T) <= 8, "SetLoadDataPaddingValue: a scalar of at most 8 bytes");
  auto& core = aicore::detail::Enter("SetLoadDataPaddingValue", loc);
  core.cube.pad_bits = 0;
  std::memcpy(&core.cube.pad_bits, &padValue, sizeof(T));
}

inline void SetLoadDataBoundary(uint32_t boundaryValue,
                                aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  auto& core = aicore::detail::Enter("SetLoadDataBoundary", loc);
  core.cube.boundary = boundaryValue;
}

inline void SetLoadDataRepeat(const LoadDataRepeatParam& repeatParams,
                              aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  auto& core = aicore::detail::Enter("SetLoadDataRepeat", loc);
  if (AICORE_UNLIKELY(repeatParams.repeatMode > 1)) {
    aicore::detail::FailCubeParam("SetLoadDataRepeat", loc,
                                  "LoadDataRepeatParam.repeatMode " +
                                      std::to_string(repeatParams.repeatMode) + " is not 0 or 1");
  }
  core.cube.repeat_stride = repeatParams.repeatStride;
  core.cube.repeat_time = repeatParams.repeatTime;
  core.cube.repeat_mode = repeatParams.repeatMode;
}

namespace detail_load3d {

// The shared part of the 3D forms: geometry from the registers (which the
// caller set), checks, events, the copy.
template <typename T>
inline void Run(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint16_t channelSize,
                bool enTranspose, bool filterSizeW, bool filterSizeH, bool fMatrixCtrl,
                uint16_t kExtension, uint16_t mExtension, uint16_t kStartPt, uint16_t mStartPt,
                uint8_t strideW, uint8_t strideH, uint8_t filterW, uint8_t filterH,
                uint8_t dilationW, uint8_t dilationH, aicore::SrcLoc loc) {
  namespace d = aicore::detail;
  constexpr const char* kApi = "LoadData";
  constexpr uint32_t kBits = aicore::cube::ElemBitsOf<T>();
  auto& core = *d::t_core;
  d::CheckL0Dst(kApi, dst, loc);
  d::CheckL1Src(kApi, src, loc);
  const bool to_b = d::PositionMemory(dst.buf_->pos) == aicore::Memory::kL0B;
  // fMatrixCtrl picks the feature-map registers: false the left ones
  // (SetFmatrix FMATRIX_LEFT, and what isSetFMatrix writes), true the right
  // ones (SetFmatrix FMATRIX_RIGHT).
  const auto& fm = core.cube.fmatrix[fMatrixCtrl ? 1 : 0];
  if (fm.l1H == 0 || fm.l1W == 0 || channelSize == 0 || kExtension == 0 || mExtension == 0 ||
      (filterW == 0 && !filterSizeW) || (filterH == 0 && !filterSizeH) || core.cube.repeat_time == 0) {
    return;  // documented no-ops
  }
  if constexpr (kBits == 4) {
    d::FailCubeParam(kApi, loc, "LoadData (3D) of int4b_t is not implemented in aicore");
  }
  const uint32_t c0 = aicore::cube::C0<T>();
  if (AICORE_UNLIKELY(channelSize % c0 != 0)) {
    d::FailCubeParam(kApi, loc,
                     "channelSize " + std::to_string(channelSize) + " is not a multiple of C0 = " +
                         std::to_string(c0) +
                         " (the small-channel layouts are not implemented in aicore)");
  }
  if (AICORE_UNLIKELY(core.cube.repeat_time != 1)) {
    d::FailCubeParam(kApi, loc, "SetLoadDataRepeat repeatTime " +
                                    std::to_string(core.cube.repeat_time) +
                                    ": repeated LoadData (3D) is not implemented in aicore");
  }
  if (AICORE_UNLIKELY(to_b && kBits == 8)) {
    d::FailCubeParam(kApi, loc,
                     "8-bit elements into L0B: not supported (1-byte types load into L0A only)");
  }
  if (AICORE_UNLIKELY(enTranspose && !to_b && kBits == 8)) {
    d::FailCubeParam(kApi, loc, "8-bit elements with enTranspose: not supported");
  }
  d::CheckCubeRange(kApi, "strideW", strideW, 1, 63, loc);
  d::CheckCubeRange(kApi, "strideH", strideH, 1, 63, loc);
  d::CheckCubeRange(kApi, "dilationFilterW", dilationW, 1, 255, loc);
  d::CheckCubeRange(kApi, "dilationFilterH", dilationH, 1, 255, loc);
  d::CheckCubeRange(kApi, "l1H", fm.l1H, 1, 32767, loc);
  d::CheckCubeRange(kApi, "l1W", fm.l1W, 1, 32767, loc);
  d::CheckCubeRange(kApi, "mStartPt", mStartPt, 0, 32767, loc);
  if (AICORE_UNLIKELY(kStartPt % c0 != 0)) {
    d::FailCubeParam(kApi, loc, "kStartPt " + std::to_string(kStartPt) +
                                    " is not a multiple of C0 = " + std::to_string(c0));
  }
  d::Load3DGeom g{};
  g.c0 = c0;
  g.bits = kBits;
  g.c1 = channelSize / c0;
  g.h = fm.l1H;
  g.w = fm.l1W;
  g.kw = filterW + (filterSizeW ? 256u : 0u);
  g.kh = filterH + (filterSizeH ? 256u : 0u);
  g.sw = strideW;
  g.sh = strideH;
  g.dw = dilationW;
  g.dh = dilationH;
  for (int i = 0; i < 4; ++i) g.pad[i] = fm.pad[i];
  const int64_t wspan = int64_t{g.w} + g.pad[0] + g.pad[1] - int64_t{g.dw} * (g.kw - 1) - 1;
  if (AICORE_UNLIKELY(wspan < 0)) {
    d::FailCubeParam(kApi, loc, "the dilated filter width " +
                                    std::to_string(int64_t{g.dw} * (g.kw - 1) + 1) +
                                    " exceeds the padded feature-map width " +
                                    std::to_string(g.w + g.pad[0] + g.pad[1]));
  }
  g.wout = static_cast<uint32_t>(wspan / g.sw + 1);
  g.m0 = mStartPt;
  g.k0 = kStartPt;
  g.mext = mExtension;
  g.kext = kExtension;
  g.mode = to_b ? 2 : (enTranspose ? 1 : 0);
  const uint64_t kmax = uint64_t{g.c1} * g.kh * g.kw * c0;
  if (AICORE_UNLIKELY(uint64_t{kStartPt} + kExtension > kmax)) {
    d::FailCubeParam(kApi, loc, "columns [" + std::to_string(kStartPt) + ", " +
                                    std::to_string(kStartPt + kExtension) +
                                    ") run past the " + std::to_string(kmax) +
                                    " columns of the expanded matrix (C1 * Hk * Wk * C0)");
  }
  const uint64_t es = kBits / 8;
  const uint64_t src_bytes = uint64_t{g.c1} * g.h * g.w * c0 * es;
  if (core.cube.boundary != 0) {
    const uint64_t at = src.buf_->offset +
                        static_cast<uint64_t>(reinterpret_cast<const uint8_t*>(src.addr_) - src.buf_->base);
    if (AICORE_UNLIKELY(at >= core.cube.boundary)) {
      d::FailCubeParam(kApi, loc, "the source starts at L1 address " + std::to_string(at) +
                                      ", outside the boundary " +
                                      std::to_string(core.cube.boundary) +
                                      " set by SetLoadDataBoundary");
    }
  }
  // The fractals up to the last one written (see Load3DGeom::ForEach).
  const uint32_t m1 = aicore::cube::CeilDiv(mExtension, 16);
  const uint32_t mc = aicore::cube::CeilDiv(mExtension, c0);
  const uint32_t k1 = aicore::cube::CeilDiv(kExtension, c0);
  const uint32_t kt = aicore::cube::CeilDiv(kExtension, 16);
  const uint64_t dst_bytes =
      512 * (g.mode == 0   ? uint64_t{m1} * k1
             : g.mode == 1 ? uint64_t{kt - 1} * (m1 * 16 / c0) + mc
                           : uint64_t{mc} * kt);
  d::CheckCubeSpan(kApi, "src", src, src_bytes, "the feature map C1 x l1H x l1W x C0", false, loc);
  d::CheckCubeSpan(kApi, "dst", dst, dst_bytes, "the fractals of mExtension x kExtension", true, loc);
  auto* out = reinterpret_cast<uint8_t*>(dst.addr_);
  const auto* in = reinterpret_cast<const uint8_t*>(src.addr_);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    d::EmitLocalMoveBursts(core, d::Pipe::kMTE1, d::Access::kRead, *src.buf_, in, 1, src_bytes,
                           src_bytes, kApi, "src", loc);
    d::EmitLocalMoveBursts(core, d::Pipe::kMTE1, d::Access::kWrite, *dst.buf_, out, 1, dst_bytes,
                           dst_bytes, kApi, "dst", loc);
    d::EmitLocalMove(core, d::Pipe::kMTE1, *dst.buf_, out, *src.buf_, in, &d::Load3DChunks, &g,
                     kApi, loc);
  }
  uint8_t pad[8];
  std::memcpy(pad, &core.cube.pad_bits, 8);
  g.ForEach([&](uint64_t de, int64_t se) {
    std::memcpy(out + de * es, se < 0 ? pad : in + static_cast<uint64_t>(se) * es, es);
  });
}

}  // namespace detail_load3d

// L1 (NC1HWC0) -> L0A / L0B, img2col.
template <typename T, const IsResetLoad3dConfig& defaultConfig = IS_RESER_LOAD3D_DEFAULT_CONFIG,
          typename U = T, std::enable_if_t<std::is_same<T, U>::value, bool> = true>
inline void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                     const LoadData3DParamsV2<U>& p, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  auto& core = aicore::detail::Enter("LoadData", loc);
  if constexpr (defaultConfig.isSetFMatrix) {
    auto& f = core.cube.fmatrix[0];
    f.l1H = p.l1H;
    f.l1W = p.l1W;
    for (int k = 0; k < 4; ++k) f.pad[k] = p.padList[k];
  }
  if constexpr (defaultConfig.isSetPadding) {
    core.cube.pad_bits = 0;
    std::memcpy(&core.cube.pad_bits, &p.padValue, sizeof(U));
  }
  detail_load3d::Run(dst, src, p.channelSize, p.enTranspose, p.filterSizeW, p.filterSizeH,
                     p.fMatrixCtrl, p.kExtension, p.mExtension, p.kStartPt, p.mStartPt, p.strideW,
                     p.strideH, p.filterW, p.filterH, p.dilationFilterW, p.dilationFilterH, loc);
}

// The same with the extents and the filter packed (see LoadData3DParamsV2Pro);
// the feature map and the padding value come from SetFmatrix and
// SetLoadDataPaddingValue.
template <typename T>
inline void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                     const LoadData3DParamsV2Pro& p, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("LoadData", loc);
  const uint64_t e = p.extConfig, f = p.filterConfig;
  detail_load3d::Run(dst, src, p.channelSize, p.enTranspose, p.filterSizeW, p.filterSizeH,
                     p.fMatrixCtrl, static_cast<uint16_t>(e), static_cast<uint16_t>(e >> 16),
                     static_cast<uint16_t>(e >> 32), static_cast<uint16_t>(e >> 48),
                     static_cast<uint8_t>(f), static_cast<uint8_t>(f >> 8),
                     static_cast<uint8_t>(f >> 16), static_cast<uint8_t>(f >> 24),
                     static_cast<uint8_t>(f >> 32), static_cast<uint8_t>(f >> 40), loc);
}

// L1 -> L0B for 4:2 sparse matrices (int8_t B, uint8_t indices): the dense
// B fractals startIndex .. startIndex + repeatTimes - 1 of src (512 bytes
// each, ZN) go to dst's fractals 0, 1, ...; the index fractals of the same
// numbers (128 bytes each: 2 bits per B element, the first of four in the
// low bits) go to the cube's index buffer, at the L0B address of the B
// fractal / 4, where MmadWithSparse reads them. Only startIndex and
// repeatTimes are used (consecutive fractals, no transpose: the other
// fields are ignored); repeatTimes 0 is a no-op.
template <typename T = int8_t, typename U = uint8_t>
inline void LoadDataWithSparse(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                               const LocalTensor<U>& idx, const LoadData2dParams& loadDataParam,
                               aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(std::is_same<T, int8_t>::value && std::is_same<U, uint8_t>::value,
                "LoadDataWithSparse: dst and src are int8_t, idx is uint8_t");
  namespace d = aicore::detail;
  constexpr const char* kApi = "LoadDataWithSparse";
  auto& core = d::Enter(kApi, loc);
  d::CheckSparseProfile(kApi, loc);
  d::CheckCubeMemory(kApi, "dst", dst, aicore::Memory::kL0B, "B2", loc);
  d::CheckCubeAlign(kApi, "dst", dst, 512, "L0B operands are 512-byte aligned (one fractal)", loc);
  d::CheckCubeMemory(kApi, "src", src, aicore::Memory::kL1, "B1", loc);
  d::CheckCubeAlign(kApi, "src", src, 32, "L1 operands are 32-byte aligned", loc);
  d::CheckCubeMemory(kApi, "idx", idx, aicore::Memory::kL1, "B1", loc);
  d::CheckCubeAlign(kApi, "idx", idx, 32, "L1 operands are 32-byte aligned", loc);
  const uint32_t reps = loadDataParam.repeatTimes;
  if (reps == 0) return;
  const uint64_t idx_bytes = (uint64_t{loadDataParam.startIndex} + reps) * 128;
  d::CheckCubeSpan(kApi, "idx", idx, idx_bytes, "the last index fractal read", false, loc);
  LoadData2DParams p;
  p.startIndex = loadDataParam.startIndex;
  p.repeatTimes = loadDataParam.repeatTimes;
  p.srcStride = 1;
  d::Load2DFromL1(kApi, core, dst, src, p, loc);
  // The index fractals.
  const uint32_t l0b = core.capacity[static_cast<int>(aicore::Memory::kL0B)];
  auto& regs = core.cube;
  if (regs.sparse_index.size() != l0b / 4) {
    regs.sparse_index.assign(l0b / 4, 0);
    regs.sparse_loaded.assign(l0b / 512, 0);
  }
  const uint64_t dst_addr = dst.buf_->offset + static_cast<uint64_t>(
                                                   reinterpret_cast<const uint8_t*>(dst.addr_) - dst.buf_->base);
  const auto* in = reinterpret_cast<const uint8_t*>(idx.addr_) + uint64_t{loadDataParam.startIndex} * 128;
  if (AICORE_UNLIKELY(core.instr != 0)) {
    d::EmitLocal(core, d::Pipe::kMTE1, d::Access::kRead, *idx.buf_, in, uint64_t{reps} * 128, kApi,
                 "idx", loc);
  }
  std::memcpy(regs.sparse_index.data() + dst_addr / 4, in, uint64_t{reps} * 128);
  std::memset(regs.sparse_loaded.data() + dst_addr / 512, 1, reps);
  regs.sparse_used = true;
}

}  // namespace AscendC
