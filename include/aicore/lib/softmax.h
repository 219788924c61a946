// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The SoftMax family of the advanced API (the vendor's softmax.h,
// simplesoftmax.h, softmaxflash.h, softmaxflashv2.h, softmaxflashv3.h,
// softmaxgrad.h, logsoftmax.h), Ascend910B profile. The input is seen as
// [m, k] rows (m = srcM, the product of the non-last axes; k = srcK, the last
// axis, 32-byte aligned); every statistic is per row and is stored as one
// 32-byte block of equal values ((m, 8) float, (m, 16) half), or as (m, 1)
// in FlashV2's SOFTMAX_OUTPUT_WITHOUT_BRC mode. Per row, with x the row's
// values widened to f32 and the reductions over the first oriSrcK columns:
//
//   SoftMax        max = max(x); e = exp(x - max); sum = sum(e); dst = e / sum
//   SimpleSoftMax  dst = exp(x - inMax) / inSum                 (inputs per row)
//   LogSoftMax     as SoftMax, dst = ln(e / sum) * 0.4342944819  (log10)
//   SoftmaxFlash   (deprecated) isUpdate false: SoftMax. isUpdate true:
//                    max = max(inMax, max(x)); e = exp(x - max);
//                    em = exp(inMax - max); sum = em * inSum + sum(e);
//                    expMax = em * inSum / sum; dst = e / sum
//   SoftmaxFlashV2 isUpdate false: max = max(x); dst = e = exp(x - max); sum = sum(e)
//                  isUpdate true:  max = max(inMax, max(x)); dst = exp(x - max);
//                    expMax = exp(inMax - max); sum = expMax * inExpSum + sum(dst)
//                  the outReduceMax forms also give max(x) (mode
//                  SOFTMAX_OUTPUT_WITHOUT_BRC only; in SOFTMAX_NORMAL they do
//                  nothing, as documented)
//   SoftmaxFlashV3 (half in, float statistics) the PASA form: 8 local means
//                  of the row (grouped as the documented BlockReduceSum/Add
//                  pseudo-code: column c < 512 in group c / 64, c >= 512 in
//                  group (c % 64) / 8), the row mean G, x' = x - (G - local[b])
//                  * alpha / (1 - alpha) for b = c / (k / 8), then FlashV2 on
//                  x' with the mean's shift (see the vendor's formulas)
//   SoftmaxGrad    s = sum(grad * src); isFront: dst = s (one block per row),
//                  else dst = (grad - s) * src
//   SoftmaxGradFront  dst = sum(grad * src) (one block per row)
//   AdjustSoftMaxRes  rows whose max (bit pattern, first element of the row's
//                  block or, with stepSizeMode != 0, element r) equals `from`
//                  are filled with `to`; returns whether any row was
//
// half is computed in f32 and rounded once per output (to nearest even; the
// A2 implementation's f32 -> half casts round half away from zero, so an f32
// result exactly halfway between two halves may differ by one half ulp).
// Columns past oriSrcK (padding) are computed like the others but excluded
// from max and sums; rows past oriSrcM are not touched. isDataFormatNZ: the
// [m, k] tensor is stored as k / 16 column blocks of [m, 16] (block j at
// element j * m * 16, row r at r * 16 in it); the statistics keep the row
// layout. Each API is one fused pass per row for the max and one for the
// exponentials (no intermediate tensor is written to UB: a half row's f32
// exponentials live in a per-thread scratch row), so the temporary buffer is
// only checked.
//
// Accuracy against a double-precision model of these formulas (inputs
// converted exactly): float dst and sums within 1e-5 relative (plus 1e-6 of
// the row's largest |value| for dst); half within 1e-3 relative plus 2^-24;
// max outputs exact. Exp is Highway's (about 1 ulp in f32); sums are f32 in
// lane-parallel order (the NPU's order differs).
//
// Checked (aicore::KernelError naming the API, what it needed and what it
// got): the shape (srcK 32-byte aligned, oriSrcK <= srcK, oriSrcM <= srcM;
// softmaxShapeInfo {} takes the tiling's [srcM, srcK], as aicore's
// LocalTensor carries no shape); operands allocated, 32-byte aligned, in
// VECIN/VECOUT/VECCALC, holding the elements the shape needs; outputs not
// overlapping each other or the inputs (except the reuse each API documents:
// src/dst, max/inMax, sum/inSum, mean/inMean); a tiling for the same [srcM,
// srcK] must be consistent (splitM > 0, reduceK = 32 / sizeof(max type),
// rangeM * splitM + tailM = srcM) and, with sharedTmpBuffer, the buffer must
// hold splitM rows of the API's per-row size (softmax_tiling.h); a different
// shape recomputes the tiling as the vendor's do (then one row's size is the
// minimum), unless config.isCheckTiling is false; isBasicBlock needs the
// documented basic-block shape; LogSoftMax's src and dst must not overlap;
// FlashV3's shape rules (srcK >= 512 and a multiple of 64, srcM a multiple of
// 8, no padding, splitMeanCnt 8, loopCnt >= 1). isReuseSource changes
// nothing (the source is never written).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <vector>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/type_name.h"
#include "aicore/instrument/event.h"
#include "aicore/instrument/sanitizer/numeric_api.h"
#include "aicore/lib/softmax_tiling.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/simd.h"
#include "aicore/simd/target.h"

namespace aicore {
namespace lib {
AICORE_TARGET_BEGIN
namespace sm {

// log10(e) as the vendor's float constant.
constexpr float kLog10E = 0.4342944819f;

// The geometry of the [m, k] tensors: ND rows, or NZ column blocks of 16.
struct Geo {
  uint32_t m = 0, k = 0;
  bool nz = false;
  size_t SegLen() const { return nz ? 16 : k; }
  size_t NSeg() const { return nz ? k / 16 : 1; }
  size_t SegStride() const { return nz ? size_t{m} * 16 : 0; }
  size_t RowOff(uint32_t r) const { return nz ? size_t{r} * 16 : size_t{r} * k; }
  // Elements of the reduced columns (the first oriK) in segment j.
  size_t Active(size_t j, uint32_t oriK) const {
    const size_t c0 = j * SegLen();
    if (c0 >= oriK) return 0;
    return oriK - c0 < SegLen() ? oriK - c0 : SegLen();
  }
};

// The resolved shape of a call.
struct Shape {
  Geo g;
  uint32_t oriM = 0, oriK = 0;
};

// numcheck spans of a tile operand: rows < oriM, columns < oriK (what the
// call reads and writes), ND rows or NZ 16-column blocks.
template <class T>
inline void NumTile(detail::NumApiCall& n, const char* role, const T* p, const Shape& s, bool out) {
  if (!s.g.nz) {
    if (out) {
      n.Out2D(role, p, s.oriM, s.oriK, s.g.k);
    } else {
      n.In2D(role, p, s.oriM, s.oriK, s.g.k);
    }
    return;
  }
  const size_t full = s.oriK / 16, rest = s.oriK % 16, seg = size_t{s.g.m} * 16;
  if (full != 0) n.Blocks(role, p, full, size_t{s.oriM} * 16, seg, out);
  if (rest != 0) n.Blocks(role, p + full * seg, s.oriM, rest, 16, out);
}

// A per-thread f32 row (half inputs keep their exponentials here between
// the two passes); grows to the largest row seen, never shrinks.
inline float* ScratchRow(size_t n) {
  static thread_local std::vector<float> row;
  if (row.size() < n) row.resize(n);
  return row.data();
}

namespace hn = simd::hn;
using DF = simd::TagFor<float>;
constexpr size_t kCapF = simd::kMaxLanesBytes / sizeof(float);

// ---- spans: contiguous elements, f32 compute --------------------------------

template <class T>
HWY_INLINE hn::Vec<DF> LoadPart(DF d, const T* p, size_t n) {
  const simd::Staged<T, kCapF> s(p, n);
  return simd::LoadC(d, s.v);
}

template <class T>
HWY_INLINE void StorePart(DF d, hn::Vec<DF> v, T* p, size_t n) {
  HWY_ALIGN T out[kCapF];
  simd::StoreC(d, v, out);
  std::memcpy(static_cast<void*>(p), out, n * sizeof(T));
}

// max(init, x[0..n)). The span kernels are out of line: one copy per element
// type, shared by every API and form (compile time; a call per row costs
// nothing next to the row's work).
template <class T>
HWY_NOINLINE float SpanMax(const T* x, size_t n, float init) {
  const DF d;
  const size_t N = hn::Lanes(d);
  const auto lo = hn::Set(d, init);
  auto m0 = lo, m1 = lo, m2 = lo, m3 = lo;
  size_t i = 0;
  for (; i + 4 * N <= n; i += 4 * N) {
    m0 = hn::Max(m0, simd::LoadC(d, x + i));
    m1 = hn::Max(m1, simd::LoadC(d, x + i + N));
    m2 = hn::Max(m2, simd::LoadC(d, x + i + 2 * N));
    m3 = hn::Max(m3, simd::LoadC(d, x + i + 3 * N));
  }
  for (; i + N <= n; i += N) m0 = hn::Max(m0, simd::LoadC(d, x + i));
  if (i < n) m1 = hn::Max(m1, hn::IfThenElse(hn::FirstN(d, n - i), LoadPart(d, x + i, n - i), lo));
  return hn::GetLane(hn::MaxOfLanes(d, hn::Max(hn::Max(m0, m1), hn::Max(m2, m3))));
}

// sum(a[i] * b[i]) for i < n (product rounded, then summed).
template <class T>
HWY_NOINLINE float SpanDot(const T* a, const T* b, size_t n) {
  const DF d;
  const size_t N = hn::Lanes(d);
  auto s0 = hn::Zero(d), s1 = hn::Zero(d);
  size_t i = 0;
  for (; i + 2 * N <= n; i += 2 * N) {
    s0 = hn::Add(s0, hn::Mul(simd::LoadC(d, a + i), simd::LoadC(d, b + i)));
    s1 = hn::Add(s1, hn::Mul(simd::LoadC(d, a + i + N), simd::LoadC(d, b + i + N)));
  }
  for (; i + N <= n; i += N) s0 = hn::Add(s0, hn::Mul(simd::LoadC(d, a + i), simd::LoadC(d, b + i)));
  if (i < n) s1 = hn::Add(s1, hn::Mul(LoadPart(d, a + i, n - i), LoadPart(d, b + i, n - i)));
  return hn::GetLane(hn::SumOfLanes(d, hn::Add(s0, s1)));
}

// sum(x[i]) for i < n.
template <class T>
HWY_NOINLINE float SpanSum(const T* x, size_t n) {
  const DF d;
  const size_t N = hn::Lanes(d);
  auto s0 = hn::Zero(d), s1 = hn::Zero(d);
  size_t i = 0;
  for (; i + 2 * N <= n; i += 2 * N) {
    s0 = hn::Add(s0, simd::LoadC(d, x + i));
    s1 = hn::Add(s1, simd::LoadC(d, x + i + N));
  }
  for (; i + N <= n; i += N) s0 = hn::Add(s0, simd::LoadC(d, x + i));
  if (i < n) s1 = hn::Add(s1, LoadPart(d, x + i, n - i));
  return hn::GetLane(hn::SumOfLanes(d, hn::Add(s0, s1)));
}

// out[i] = exp((x[i] - sh) - mx) for i < n (kShift; else exp(x[i] - mx)),
// rounded to O; returns the f32 sum of out[i] for i < nsum (<= n), taken
// before rounding to O. kBounded: the caller guarantees the arguments of the
// first nsum elements are <= 0 (mx is at least their max), so the full
// vectors there skip the overflow fix-up of simd::ExpOp (Highway's Exp is
// exact to 1 ulp on [-FLT_MAX, 0] and gives 0 below -104; NaN still
// propagates).
template <bool kShift, bool kBounded, class T, class O>
HWY_NOINLINE float SpanExpSum(const T* x, size_t n, size_t nsum, float sh, float mx, O* out) {
  const DF d;
  const size_t N = hn::Lanes(d);
  const auto vm = hn::Set(d, mx);
  const auto vs = hn::Set(d, sh);
  const simd::ExpOp ex;
  const auto arg = [&](hn::Vec<DF> v) {
    if constexpr (kShift) v = hn::Sub(v, vs);
    return hn::Sub(v, vm);
  };
  const auto bounded = [&](hn::Vec<DF> v) {
    const auto a = arg(v);
    if constexpr (kBounded) {
      return hn::IfThenElse(hn::IsNaN(a), a, hn::Exp(d, a));
    } else {
      return ex(d, a);
    }
  };
  auto s0 = hn::Zero(d), s1 = hn::Zero(d);
  size_t i = 0;
  for (; i + 2 * N <= nsum; i += 2 * N) {
    const auto e0 = bounded(simd::LoadC(d, x + i));
    const auto e1 = bounded(simd::LoadC(d, x + i + N));
    simd::StoreC(d, e0, out + i);
    simd::StoreC(d, e1, out + i + N);
    s0 = hn::Add(s0, e0);
    s1 = hn::Add(s1, e1);
  }
  for (; i < n; i += N) {
    const size_t len = n - i < N ? n - i : N;
    const auto e = ex(d, arg(len == N ? simd::LoadC(d, x + i) : LoadPart(d, x + i, len)));
    if (len == N) {
      simd::StoreC(d, e, out + i);
    } else {
      StorePart(d, e, out + i, len);
    }
    if (i < nsum) s1 = hn::Add(s1, hn::IfThenElseZero(hn::FirstN(d, nsum - i), e));
  }
  return hn::GetLane(hn::SumOfLanes(d, hn::Add(s0, s1)));
}

// Per-element operations of the final passes.
struct DivBy {
  float s;
  template <class D, class V>
  HWY_INLINE V operator()(D d, V e) const {
    return hn::Div(e, hn::Set(d, s));
  }
};
struct Log10Of {
  float s;
  template <class D, class V>
  HWY_INLINE V operator()(D d, V e) const {
    return hn::Mul(simd::LnOp()(d, hn::Div(e, hn::Set(d, s))), hn::Set(d, kLog10E));
  }
};
struct GradOf {
  float s;
  template <class D, class V>
  HWY_INLINE V operator()(D d, V g, V x) const {
    return hn::Mul(hn::Sub(g, hn::Set(d, s)), x);
  }
};

// ---- rows: the segments of one row of a Geo --------------------------------

template <class T>
HWY_INLINE float RowMax(const Geo& g, const T* row, uint32_t oriK) {
  float mx = -HUGE_VALF;
  for (size_t j = 0; j < g.NSeg(); ++j) {
    const size_t a = g.Active(j, oriK);
    if (a == 0) break;
    mx = SpanMax(row + j * g.SegStride(), a, mx);
  }
  return mx;
}

template <class T>
HWY_INLINE float RowDot(const Geo& g, const T* a, const T* b, uint32_t oriK) {
  float s = 0;
  for (size_t j = 0; j < g.NSeg(); ++j) {
    const size_t n = g.Active(j, oriK);
    if (n == 0) break;
    s += SpanDot(a + j * g.SegStride(), b + j * g.SegStride(), n);
  }
  return s;
}

// out (segment j at out + j * outStride) = exp(row - mx); returns the sum
// over the first oriK columns.
// kBounded: mx is at least the max of the reduced columns (see SpanExpSum).
template <bool kBounded = true, class T, class O>
HWY_INLINE float RowExpSum(const Geo& g, const T* row, uint32_t oriK, float mx, O* out, size_t outStride) {
  float s = 0;
  const size_t L = g.SegLen();
  for (size_t j = 0; j < g.NSeg(); ++j) {
    s += SpanExpSum<false, kBounded>(row + j * g.SegStride(), L, g.Active(j, oriK), 0.0f, mx, out + j * outStride);
  }
  return s;
}

// dst (layout g) = op(src...) where each source segment j is at
// src + j * stride (its own stride).
template <class TD, class Op, class TS>
HWY_NOINLINE void RowMap(const Geo& g, TD* dst, const Op& op, const TS* src, size_t srcStride) {
  for (size_t j = 0; j < g.NSeg(); ++j) {
    simd::MapN(dst + j * g.SegStride(), g.SegLen(), op, src + j * srcStride);
  }
}

// dst = (grad - s) * src over a row of layout g.
template <class T>
HWY_NOINLINE void GradRow(const Geo& g, T* dst, const T* grad, const T* src, float s) {
  for (size_t j = 0; j < g.NSeg(); ++j) {
    const size_t o = j * g.SegStride();
    simd::MapN(dst + o, g.SegLen(), GradOf{s}, grad + o, src + o);
  }
}

// Fills lanes [r * lanes, (r + 1) * lanes) of a statistics tensor.
template <class T2>
HWY_INLINE void PutStat(T2* p, uint32_t r, uint32_t lanes, float v) {
  const T2 t = static_cast<T2>(v);
  T2* q = p + size_t{r} * lanes;
  for (uint32_t i = 0; i < lanes; ++i) q[i] = t;
}
template <class T2>
HWY_INLINE float GetStat(const T2* p, uint32_t r, uint32_t lanes) {
  return static_cast<float>(p[size_t{r} * lanes]);
}

// The softmax of one row: dst = exp(x - max) / sum, in f32; returns max and
// sum. Float rows keep the exponentials in dst (which may be x), half rows
// in the scratch row.
template <class T>
HWY_INLINE void SoftMaxRow(const Geo& g, uint32_t oriK, const T* x, T* y, float* mx, float* sum) {
  *mx = RowMax(g, x, oriK);
  if constexpr (std::is_same_v<T, float>) {
    *sum = RowExpSum(g, x, oriK, *mx, y, g.SegStride());
    RowMap(g, y, DivBy{*sum}, y, g.SegStride());
  } else {
    float* e = ScratchRow(g.k);
    *sum = RowExpSum(g, x, oriK, *mx, e, g.SegLen());
    RowMap(g, y, DivBy{*sum}, e, g.SegLen());
  }
}

// ---- checks ----------------------------------------------------------------------

// One operand of a call, for the overlap checks and the sanitizer events.
struct Opnd {
  const char* role = "";
  const detail::BufferDesc* buf = nullptr;
  const uint8_t* p = nullptr;
  uint64_t bytes = 0;
  bool out = false;
};

template <class T>
constexpr bool kFloatLike = std::is_same_v<T, half> || std::is_same_v<T, float>;

inline std::string NeedText(uint32_t rows, uint32_t perRow, const char* helper) {
  return std::to_string(rows) + " row" + (rows == 1 ? "" : "s") + " of " + std::to_string(perRow) +
         " floats, as " + helper + " sized it";
}

struct Call {
  const char* api;
  SrcLoc loc;
  detail::CoreContext* core;
  Opnd ops[12];
  int n = 0;

  Call(const char* a, SrcLoc l) : api(a), loc(l), core(&detail::Enter(a, l)) {}

  [[noreturn]] AICORE_COLD void Fail(ErrorKind kind, const std::string& what) const {
    detail::Fail(kind, api, loc, what);
  }

  // Checks an operand of `elems` elements (rows x perRow when the message
  // should say so) and records it.
  template <class T>
  T* Add(const char* role, const AscendC::LocalTensor<T>& t, uint64_t elems, bool out,
         uint64_t rows = 0, uint64_t perRow = 0) {
    detail::CheckLocal(api, role, t, 0, loc, true, detail::Pipe::kCount);
    const AscendC::TPosition pos = t.buf_->pos;
    if (AICORE_UNLIKELY(pos != AscendC::TPosition::VECIN && pos != AscendC::TPosition::VECOUT &&
                        pos != AscendC::TPosition::VECCALC)) {
      Fail(ErrorKind::kParameter, std::string(role) + " is in " + t.buf_->Describe() +
                                      ": the API supports VECIN, VECOUT and VECCALC tensors");
    }
    if (AICORE_UNLIKELY(t.GetSize() < elems)) {
      std::string why = rows != 0 ? " (" + std::to_string(rows) + " rows x " +
                                        std::to_string(perRow) + ")"
                                  : "";
      Fail(ErrorKind::kBounds, std::string(role) + " holds " + std::to_string(t.GetSize()) + " " +
                                   detail::TypeName<T>() + " elements, the shape needs " +
                                   std::to_string(elems) + why);
    }
    detail::CheckLocal(api, role, t, elems * sizeof(T), loc, true, detail::Pipe::kCount);
    ops[n++] = Opnd{role, t.buf_, reinterpret_cast<const uint8_t*>(t.addr_), elems * sizeof(T), out};
    return t.addr_;
  }

  // Outputs must not overlap any other operand, except pairs in `same`
  // (role names "a|b") that start at the same address.
  void Overlaps(std::initializer_list<const char*> same = {}) const {
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) {
        const Opnd& a = ops[i];
        const Opnd& b = ops[j];
        if (!a.out && !b.out) continue;
        if (!detail::BytesOverlap(a.p, a.bytes, b.p, b.bytes)) continue;
        bool ok = false;
        for (const char* pr : same) {
          const std::string s = pr;
          const std::string ab = std::string(a.role) + "|" + b.role;
          const std::string ba = std::string(b.role) + "|" + a.role;
          if ((s == ab || s == ba) && a.p == b.p) ok = true;
        }
        if (!ok) {
          std::string allowed;
          for (const char* pr : same) {
            if (!allowed.empty()) allowed += ", ";
            std::string s = pr;
            allowed += s.replace(s.find('|'), 1, " = ");
          }
          Fail(ErrorKind::kParameter,
               std::string(a.role) + " and " + b.role + " overlap (" + std::to_string(a.bytes) +
                   " and " + std::to_string(b.bytes) + " bytes at UB offsets " +
                   std::to_string(a.buf->offset + (a.p - a.buf->base)) + " and " +
                   std::to_string(b.buf->offset + (b.p - b.buf->base)) + "); " + api +
                   (allowed.empty() ? std::string(" allows no shared space between them")
                                    : " allows only the exact reuse " + allowed));
        }
      }
    }
  }

  // The temporary buffer: allocated, aligned, at least `need` bytes, not
  // overlapping an operand. Not accessed (the computation needs no UB).
  void Tmp(const AscendC::LocalTensor<uint8_t>& tmp, uint32_t rows, uint32_t perRow, const char* helper) const {
    const uint64_t need = uint64_t{rows} * perRow * 4;
    detail::CheckLocal(api, "sharedTmpBuffer", tmp, 0, loc, true, detail::Pipe::kCount);
    const uint64_t have = detail::AvailableBytes(tmp) < tmp.GetSize() ? detail::AvailableBytes(tmp)
                                                                       : tmp.GetSize();
    if (AICORE_UNLIKELY(have < need)) {
      Fail(ErrorKind::kParameter, "sharedTmpBuffer holds " + std::to_string(have) +
                                      " bytes, the call needs " + std::to_string(need) + " (" +
                                      NeedText(rows, perRow, helper) + ")");
    }
    for (int i = 0; i < n; ++i) {
      if (detail::BytesOverlap(tmp.addr_, have, ops[i].p, ops[i].bytes)) {
        Fail(ErrorKind::kParameter, std::string("sharedTmpBuffer overlaps ") + ops[i].role +
                                        " (the temporary buffer must not share space with an operand)");
      }
    }
  }

  // Sanitizer events: the reads, then the writes.
  void Emit() const {
    if (AICORE_LIKELY(core->instr == 0)) return;
    for (int pass = 0; pass < 2; ++pass) {
      for (int i = 0; i < n; ++i) {
        const Opnd& o = ops[i];
        if (o.out != (pass == 1) || o.bytes == 0) continue;
        detail::EmitLocal(*core, detail::Pipe::kV, o.out ? detail::Access::kWrite : detail::Access::kRead,
                          *o.buf, o.p, o.bytes, api, o.role, loc);
      }
    }
  }

  // The shape: softmaxShapeInfo, or the tiling's [srcM, srcK] when it is {};
  // config.oriSrcM / oriSrcK (when set) fix the original shape.
  template <class T>
  Shape Resolve(uint32_t srcM, uint32_t srcK, uint32_t oriM, uint32_t oriK, uint32_t tilM,
                uint32_t tilK, uint32_t cfgM, uint32_t cfgK, bool nz) const {
    Shape s;
    s.g.nz = nz;
    if (srcM != 0 && srcK != 0) {
      s.g.m = srcM;
      s.g.k = srcK;
      s.oriM = oriM != 0 ? oriM : srcM;
      s.oriK = oriK != 0 ? oriK : srcK;
    } else {
      if (tilM == 0 || tilK == 0) {
        Fail(ErrorKind::kParameter,
             "no shape: softmaxShapeInfo is {" + std::to_string(srcM) + ", " + std::to_string(srcK) +
                 ", ...} and the tiling's srcM/srcK are " + std::to_string(tilM) + "/" +
                 std::to_string(tilK) +
                 " (pass softmaxShapeInfo, or a tiling from the host tiling function)");
      }
      s.g.m = tilM;
      s.g.k = tilK;
      s.oriM = tilM;
      s.oriK = tilK;
    }
    if (cfgM != 0) s.oriM = cfgM;
    if (cfgK != 0) s.oriK = cfgK;
    // (The text is built only for a message.)
    const auto shape = [&s] {
      return "[srcM " + std::to_string(s.g.m) + ", srcK " + std::to_string(s.g.k) + ", oriSrcM " +
             std::to_string(s.oriM) + ", oriSrcK " + std::to_string(s.oriK) + "]";
    };
    if ((uint64_t{s.g.k} * sizeof(T)) % 32 != 0) {
      Fail(ErrorKind::kAlignment, "shape " + shape() + ": srcK " + std::to_string(s.g.k) + " of " +
                                      detail::TypeName<T>() + " (" +
                                      std::to_string(uint64_t{s.g.k} * sizeof(T)) +
                                      " bytes) is not 32-byte aligned");
    }
    if (s.oriK > s.g.k || s.oriM > s.g.m) {
      Fail(ErrorKind::kParameter,
           "shape " + shape() + ": the original shape exceeds [srcM, srcK] (it is the shape before padding)");
    }
    if (nz && s.g.k % 16 != 0) {
      Fail(ErrorKind::kParameter, "shape " + shape() + ": isDataFormatNZ needs srcK a multiple of 16 (W0 * W1)");
    }
    if (uint64_t{s.g.m} * s.g.k > 0xFFFFFFFFull) {
      Fail(ErrorKind::kParameter, "shape " + shape() + " has more than 2^32 - 1 elements");
    }
    return s;
  }

  // The rows one round of the tiling covers (sizes the temporary buffer
  // check): the tiling's splitM when it was made for this shape (checked for
  // consistency), 1 when the API recomputes it from the temporary space.
  template <class Tiling>
  uint32_t Rounds(const Tiling& t, const Shape& s, uint32_t blk, const char* blkType, bool isCheckTiling,
                  const char* tilingFn) const {
    if (t.srcM == s.g.m && t.srcK == s.g.k) {
      if (t.splitM == 0) {
        Fail(ErrorKind::kParameter, std::string("tiling.splitM is 0: the tiling holds no row (was ") +
                                        tilingFn +
                                        " called with a localWorkSpaceSize of at least the minimum?)");
      }
      if (t.reduceK != blk) {
        Fail(ErrorKind::kParameter,
             "tiling.reduceK is " + std::to_string(t.reduceK) + ": the tiling was made for " +
                 (t.reduceK != 0 && 32 % t.reduceK == 0 ? std::to_string(32 / t.reduceK) : std::string("?")) +
                 "-byte statistics, the tensors here are " + blkType + " (reduceK " + std::to_string(blk) +
                 "): pass dataTypeSize " + std::to_string(32 / blk) + " to " + tilingFn);
      }
      if (uint64_t{t.rangeM} * t.splitM + t.tailM != t.srcM) {
        Fail(ErrorKind::kParameter, "tiling.rangeM " + std::to_string(t.rangeM) + " x splitM " +
                                        std::to_string(t.splitM) + " + tailM " + std::to_string(t.tailM) +
                                        " != srcM " + std::to_string(t.srcM) +
                                        ": the tiling is inconsistent");
      }
      return t.splitM;
    }
    if (!isCheckTiling) {
      Fail(ErrorKind::kParameter,
           "the shape [" + std::to_string(s.g.m) + ", " + std::to_string(s.g.k) + "] differs from the tiling's [" +
               std::to_string(t.srcM) + ", " + std::to_string(t.srcK) +
               "] and config.isCheckTiling is false, so the tiling would be used as it is (pass a tiling for "
               "this shape or keep isCheckTiling)");
    }
    return 1;
  }

  template <class T>
  void BasicBlock(const Shape& s) const {
    const uint32_t k = s.g.k, m = s.g.m;
    if (!(k < 2048 && k >= 256 / sizeof(T) && k % 64 == 0 && m % 8 == 0)) {
      Fail(ErrorKind::kParameter,
           "isBasicBlock is set but [srcM " + std::to_string(m) + ", srcK " + std::to_string(k) +
               "] is not a basic block: it needs " + std::to_string(256 / sizeof(T)) +
               " <= srcK < 2048, srcK a multiple of 64 and srcM a multiple of 8 (see IsBasicBlockInSoftMax)");
    }
  }
};

template <class T2>
constexpr const char* StatName() {
  return std::is_same_v<T2, half> ? "half (16 per 32-byte block)" : "float (8 per 32-byte block)";
}


// ---- the APIs ------------------------------------------------------------------------

template <class T, class T2, bool kNZ>
void SoftMaxRun(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T2>* sum,
                const AscendC::LocalTensor<T2>* max, const AscendC::LocalTensor<T>& src,
                const AscendC::LocalTensor<uint8_t>* tmp, const AscendC::SoftMaxTiling& tiling,
                const AscendC::SoftMaxShapeInfo& info, bool isBasicBlock, const AscendC::SoftmaxConfig& cfg,
                SrcLoc loc) {
  static_assert(kFloatLike<T> && kFloatLike<T2>, "SoftMax supports half and float");
  Call c(api, loc);
  const Shape s = c.Resolve<T>(info.srcM, info.srcK, info.oriSrcM, info.oriSrcK, tiling.srcM, tiling.srcK,
                               cfg.oriSrcM, cfg.oriSrcK, kNZ);
  if (isBasicBlock && cfg.oriSrcM == 0 && cfg.oriSrcK == 0) c.BasicBlock<T>(s);
  constexpr uint32_t blk = 32 / sizeof(T2);
  const uint32_t rounds = c.Rounds(tiling, s, blk, StatName<T2>(), cfg.isCheckTiling, "SoftMaxTilingFunc");
  const uint64_t mk = uint64_t{s.g.m} * s.g.k;
  const T* x = c.Add("srcTensor", src, mk, false);
  T* y = c.Add("dstTensor", dst, mk, true);
  T2* ps = sum ? c.Add("sumTensor", *sum, uint64_t{s.oriM} * blk, true, s.oriM, blk) : nullptr;
  T2* pm = max ? c.Add("maxTensor", *max, uint64_t{s.oriM} * blk, true, s.oriM, blk) : nullptr;
  c.Overlaps({"srcTensor|dstTensor"});
  const uint32_t row = SmPlainRow(blk, s.g.k);
  if (tmp) c.Tmp(*tmp, rounds, row, "SoftMaxTilingFunc");
  c.Emit();
  detail::NumApi(
      api, loc,
      [&]() AICORE_LAMBDA_INLINE {
        for (uint32_t r = 0; r < s.oriM; ++r) {
          float mx, sm;
          SoftMaxRow(s.g, s.oriK, x + s.g.RowOff(r), y + s.g.RowOff(r), &mx, &sm);
          if (pm) PutStat(pm, r, blk, mx);
          if (ps) PutStat(ps, r, blk, sm);
        }
      },
      [&](detail::NumApiCall& n) {
        NumTile(n, "srcTensor", x, s, false), NumTile(n, "dstTensor", y, s, true);
        if (ps) n.Out("sumTensor", ps, size_t{s.oriM} * blk);
        if (pm) n.Out("maxTensor", pm, size_t{s.oriM} * blk);
      });
}

template <class T, class T2, bool kNZ>
void SimpleSoftMaxRun(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T2>& inSum,
                      const AscendC::LocalTensor<T2>& inMax, const AscendC::LocalTensor<T>& src,
                      const AscendC::LocalTensor<uint8_t>* tmp, const AscendC::SoftMaxTiling& tiling,
                      const AscendC::SoftMaxShapeInfo& info, bool isBasicBlock,
                      const AscendC::SoftmaxConfig& cfg, SrcLoc loc) {
  static_assert(kFloatLike<T> && kFloatLike<T2>, "SimpleSoftMax supports half and float");
  Call c("SimpleSoftMax", loc);
  const Shape s = c.Resolve<T>(info.srcM, info.srcK, info.oriSrcM, info.oriSrcK, tiling.srcM, tiling.srcK,
                               cfg.oriSrcM, cfg.oriSrcK, kNZ);
  if (isBasicBlock && cfg.oriSrcM == 0 && cfg.oriSrcK == 0) c.BasicBlock<T>(s);
  constexpr uint32_t blk = 32 / sizeof(T2);
  const uint32_t rounds = c.Rounds(tiling, s, blk, StatName<T2>(), cfg.isCheckTiling, "SoftMaxTilingFunc");
  const uint64_t mk = uint64_t{s.g.m} * s.g.k;
  const T* x = c.Add("srcTensor", src, mk, false);
  const T2* ps = c.Add("inSumTensor", inSum, uint64_t{s.oriM} * blk, false, s.oriM, blk);
  const T2* pm = c.Add("inMaxTensor", inMax, uint64_t{s.oriM} * blk, false, s.oriM, blk);
  T* y = c.Add("dstTensor", dst, mk, true);
  c.Overlaps({"srcTensor|dstTensor"});
  const uint32_t row = SmPlainRow(blk, s.g.k);
  if (tmp) c.Tmp(*tmp, rounds, row, "SoftMaxTilingFunc");
  c.Emit();
  detail::NumApi(
      "SimpleSoftMax", loc,
      [&]() AICORE_LAMBDA_INLINE {
        float* e = std::is_same_v<T, float> ? nullptr : ScratchRow(s.g.k);
        for (uint32_t r = 0; r < s.oriM; ++r) {
          const float mx = GetStat(pm, r, blk), sm = GetStat(ps, r, blk);
          const T* xr = x + s.g.RowOff(r);
          T* yr = y + s.g.RowOff(r);
          if constexpr (std::is_same_v<T, float>) {
            RowExpSum<false>(s.g, xr, 0, mx, yr, s.g.SegStride());
            RowMap(s.g, yr, DivBy{sm}, yr, s.g.SegStride());
          } else {
            RowExpSum<false>(s.g, xr, 0, mx, e, s.g.SegLen());
            RowMap(s.g, yr, DivBy{sm}, e, s.g.SegLen());
          }
        }
      },
      [&](detail::NumApiCall& n) {
        NumTile(n, "srcTensor", x, s, false), n.In("inSumTensor", ps, size_t{s.oriM} * blk);
        n.In("inMaxTensor", pm, size_t{s.oriM} * blk), NumTile(n, "dstTensor", y, s, true);
      });
}

template <class T, bool kNZ>
void LogSoftMaxRun(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& sum,
                   const AscendC::LocalTensor<T>& max, const AscendC::LocalTensor<T>& src,
                   const AscendC::LocalTensor<uint8_t>& tmp, const AscendC::LogSoftMaxTiling& tiling,
                   const AscendC::SoftMaxShapeInfo& info, SrcLoc loc) {
  static_assert(kFloatLike<T>, "LogSoftMax supports half and float");
  Call c("LogSoftMax", loc);
  const Shape s = c.Resolve<T>(info.srcM, info.srcK, info.oriSrcM, info.oriSrcK, tiling.srcM, tiling.srcK, 0,
                               0, kNZ);
  constexpr uint32_t blk = 32 / sizeof(T);
  const uint32_t rounds = c.Rounds(tiling, s, blk, StatName<T>(), true, "LogSoftMaxTilingFunc");
  const uint64_t mk = uint64_t{s.g.m} * s.g.k;
  const T* x = c.Add("src", src, mk, false);
  T* y = c.Add("dst", dst, mk, true);
  T* ps = c.Add("sum", sum, uint64_t{s.oriM} * blk, true, s.oriM, blk);
  T* pm = c.Add("max", max, uint64_t{s.oriM} * blk, true, s.oriM, blk);
  c.Overlaps();
  const uint32_t row = SmPlainRow(blk, s.g.k);
  c.Tmp(tmp, rounds, row, "LogSoftMaxTilingFunc");
  c.Emit();
  detail::NumApi(
      "LogSoftMax", loc,
      [&]() AICORE_LAMBDA_INLINE {
        float* e = ScratchRow(s.g.k);
        for (uint32_t r = 0; r < s.oriM; ++r) {
          const T* xr = x + s.g.RowOff(r);
          const float mx = RowMax(s.g, xr, s.oriK);
          const float sm = RowExpSum(s.g, xr, s.oriK, mx, e, s.g.SegLen());
          RowMap(s.g, y + s.g.RowOff(r), Log10Of{sm}, e, s.g.SegLen());
          PutStat(pm, r, blk, mx);
          PutStat(ps, r, blk, sm);
        }
      },
      [&](detail::NumApiCall& n) {
        NumTile(n, "src", x, s, false), NumTile(n, "dst", y, s, true);
        n.Out("sum", ps, size_t{s.oriM} * blk), n.Out("max", pm, size_t{s.oriM} * blk);
      });
}

// SoftmaxFlash (deprecated): T2 statistics, expMax of T.
template <class T, class T2>
void SoftmaxFlashRun(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T2>& sum,
                     const AscendC::LocalTensor<T2>& max, const AscendC::LocalTensor<T>& src,
                     const AscendC::LocalTensor<T>& expMax, const AscendC::LocalTensor<T2>& inSum,
                     const AscendC::LocalTensor<T2>& inMax, const AscendC::LocalTensor<uint8_t>* tmp,
                     const AscendC::SoftMaxTiling& tiling, bool isUpdate, const AscendC::SoftMaxShapeInfo& info,
                     bool isBasicBlock, SrcLoc loc) {
  static_assert(kFloatLike<T> && kFloatLike<T2>, "SoftmaxFlash supports half and float");
  Call c("SoftmaxFlash", loc);
  const Shape s = c.Resolve<T>(info.srcM, info.srcK, info.oriSrcM, info.oriSrcK, tiling.srcM, tiling.srcK, 0,
                               0, false);
  if (isBasicBlock) c.BasicBlock<T>(s);
  constexpr uint32_t blk = 32 / sizeof(T2), blkE = 32 / sizeof(T);
  const uint32_t rounds = c.Rounds(tiling, s, blk, StatName<T2>(), true, "SoftMaxFlashTilingFunc");
  const uint64_t mk = uint64_t{s.g.m} * s.g.k;
  const uint64_t st = uint64_t{s.oriM} * blk;
  const T* x = c.Add("srcTensor", src, mk, false);
  const T2* pis = isUpdate ? c.Add("inSumTensor", inSum, st, false, s.oriM, blk) : nullptr;
  const T2* pim = isUpdate ? c.Add("inMaxTensor", inMax, st, false, s.oriM, blk) : nullptr;
  T* y = c.Add("dstTensor", dst, mk, true);
  T2* ps = c.Add("sumTensor", sum, st, true, s.oriM, blk);
  T2* pm = c.Add("maxTensor", max, st, true, s.oriM, blk);
  T* pe = isUpdate ? c.Add("expMaxTensor", expMax, uint64_t{s.oriM} * blkE, true, s.oriM, blkE) : nullptr;
  c.Overlaps({"srcTensor|dstTensor", "maxTensor|inMaxTensor", "sumTensor|inSumTensor"});
  const uint32_t row = SmFlashRow(blk, s.g.k, isUpdate);
  if (tmp) c.Tmp(*tmp, rounds, row, "SoftMaxFlashTilingFunc");
  c.Emit();
  detail::NumApi(
      "SoftmaxFlash", loc,
      [&]() AICORE_LAMBDA_INLINE {
        for (uint32_t r = 0; r < s.oriM; ++r) {
          const T* xr = x + s.g.RowOff(r);
          T* yr = y + s.g.RowOff(r);
          if (!isUpdate) {
            float mx, sm;
            SoftMaxRow(s.g, s.oriK, xr, yr, &mx, &sm);
            PutStat(pm, r, blk, mx);
            PutStat(ps, r, blk, sm);
            continue;
          }
          const float im = GetStat(pim, r, blk), is = GetStat(pis, r, blk);
          const float rm = RowMax(s.g, xr, s.oriK);
          const float mx = im > rm ? im : rm;
          const float em = std::exp(im - mx);
          float sm;
          if constexpr (std::is_same_v<T, float>) {
            sm = em * is + RowExpSum(s.g, xr, s.oriK, mx, yr, s.g.SegStride());
            RowMap(s.g, yr, DivBy{sm}, yr, s.g.SegStride());
          } else {
            float* e = ScratchRow(s.g.k);
            sm = em * is + RowExpSum(s.g, xr, s.oriK, mx, e, s.g.SegLen());
            RowMap(s.g, yr, DivBy{sm}, e, s.g.SegLen());
          }
          PutStat(pm, r, blk, mx);
          PutStat(ps, r, blk, sm);
          PutStat(pe, r, blkE, em * is / sm);
        }
      },
      [&](detail::NumApiCall& n) {
        NumTile(n, "srcTensor", x, s, false);
        if (isUpdate) n.In("inSumTensor", pis, st), n.In("inMaxTensor", pim, st);
        NumTile(n, "dstTensor", y, s, true), n.Out("sumTensor", ps, st), n.Out("maxTensor", pm, st);
        if (isUpdate) n.Out("expMaxTensor", pe, size_t{s.oriM} * blkE);
      });
}

// SoftmaxFlashV2. kMax: the outReduceMax forms (rmax non-null with isUpdate).
template <class T, class T2, bool kUpdate, bool kNZ, bool kNoBrc>
void FlashV2Run(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>* outReduceMax,
                const AscendC::LocalTensor<T2>& sum, const AscendC::LocalTensor<T2>& max,
                const AscendC::LocalTensor<T>& src, const AscendC::LocalTensor<T>& expMax,
                const AscendC::LocalTensor<T2>& inSum, const AscendC::LocalTensor<T2>& inMax,
                const AscendC::LocalTensor<uint8_t>* tmp, const AscendC::SoftMaxTiling& tiling,
                const AscendC::SoftMaxShapeInfo& info, bool isBasicBlock, const AscendC::SoftmaxConfig& cfg,
                SrcLoc loc) {
  static_assert(kFloatLike<T> && kFloatLike<T2>, "SoftmaxFlashV2 supports half and float");
  Call c("SoftmaxFlashV2", loc);
  const Shape s = c.Resolve<T>(info.srcM, info.srcK, info.oriSrcM, info.oriSrcK, tiling.srcM, tiling.srcK,
                               cfg.oriSrcM, cfg.oriSrcK, kNZ);
  if (isBasicBlock && cfg.oriSrcM == 0 && cfg.oriSrcK == 0) c.BasicBlock<T>(s);
  constexpr uint32_t blk = kNoBrc ? 1 : 32 / sizeof(T2), blkE = kNoBrc ? 1 : 32 / sizeof(T);
  const uint32_t rounds =
      c.Rounds(tiling, s, 32 / sizeof(T2), StatName<T2>(), cfg.isCheckTiling, "SoftMaxFlashV2TilingFunc");
  const uint64_t mk = uint64_t{s.g.m} * s.g.k;
  const uint64_t st = uint64_t{s.oriM} * blk;
  const T* x = c.Add("srcTensor", src, mk, false);
  const T2* pis = kUpdate ? c.Add("inExpSumTensor", inSum, st, false, s.oriM, blk) : nullptr;
  const T2* pim = kUpdate ? c.Add("inMaxTensor", inMax, st, false, s.oriM, blk) : nullptr;
  T* y = c.Add("dstTensor", dst, mk, true);
  T2* ps = c.Add("expSumTensor", sum, st, true, s.oriM, blk);
  T2* pm = c.Add("maxTensor", max, st, true, s.oriM, blk);
  T* pe = kUpdate ? c.Add("expMaxTensor", expMax, uint64_t{s.oriM} * blkE, true, s.oriM, blkE) : nullptr;
  T* pr = (kUpdate && outReduceMax) ? c.Add("outReduceMax", *outReduceMax, st, true, s.oriM, blk) : nullptr;
  c.Overlaps({"srcTensor|dstTensor", "maxTensor|inMaxTensor", "expSumTensor|inExpSumTensor"});
  const uint32_t row = std::is_same_v<T, half> ? 32 / sizeof(T2) + s.g.k + kSmRepeatFloats
                                               : 32 / sizeof(T2) + kSmRepeatFloats;
  if (tmp) c.Tmp(*tmp, rounds, row, "SoftMaxFlashV2TilingFunc");
  c.Emit();
  detail::NumApi(
      "SoftmaxFlashV2", loc,
      [&]() AICORE_LAMBDA_INLINE {
        for (uint32_t r = 0; r < s.oriM; ++r) {
          const T* xr = x + s.g.RowOff(r);
          T* yr = y + s.g.RowOff(r);
          const float rm = RowMax(s.g, xr, s.oriK);
          float mx = rm, em = 0, is = 0;
          if constexpr (kUpdate) {
            const float im = GetStat(pim, r, blk);
            is = GetStat(pis, r, blk);
            mx = im > rm ? im : rm;
            em = std::exp(im - mx);
          }
          const float rs = RowExpSum(s.g, xr, s.oriK, mx, yr, s.g.SegStride());
          PutStat(pm, r, blk, mx);
          if constexpr (kUpdate) {
            PutStat(ps, r, blk, em * is + rs);
            PutStat(pe, r, blkE, em);
            if (pr) PutStat(pr, r, blk, rm);
          } else {
            PutStat(ps, r, blk, rs);
          }
        }
      },
      [&](detail::NumApiCall& n) {
        NumTile(n, "srcTensor", x, s, false);
        if (kUpdate) n.In("inExpSumTensor", pis, st), n.In("inMaxTensor", pim, st);
        NumTile(n, "dstTensor", y, s, true), n.Out("expSumTensor", ps, st), n.Out("maxTensor", pm, st);
        if (kUpdate) n.Out("expMaxTensor", pe, size_t{s.oriM} * blkE);
        if (pr) n.Out("outReduceMax", pr, st);
      });
}

// SoftmaxFlashV3 (half input, float statistics, ND).
template <bool kUpdate>
void FlashV3Run(const AscendC::LocalTensor<half>& dst, const AscendC::LocalTensor<float>& mean,
                const AscendC::LocalTensor<float>& sum, const AscendC::LocalTensor<float>& max,
                const AscendC::LocalTensor<half>& src, const AscendC::LocalTensor<half>& expMax,
                const AscendC::LocalTensor<float>& inMean, const AscendC::LocalTensor<float>& inSum,
                const AscendC::LocalTensor<float>& inMax, const AscendC::LocalTensor<uint8_t>* tmp,
                const AscendC::SoftMaxTiling& tiling, const AscendC::SoftMaxParams& params,
                const AscendC::SoftmaxConfig& cfg, SrcLoc loc) {
  Call c("SoftmaxFlashV3", loc);
  const Shape s = c.Resolve<half>(params.srcM, params.srcK, params.oriSrcM, params.oriSrcK, tiling.srcM,
                                  tiling.srcK, 0, 0, false);
  const uint32_t m = s.g.m, k = s.g.k;
  if (k < 512 || k % 64 != 0 || m % 8 != 0 || s.oriK != k || s.oriM != m) {
    c.Fail(ErrorKind::kParameter,
           "[srcM " + std::to_string(m) + ", srcK " + std::to_string(k) + ", oriSrcM " + std::to_string(s.oriM) +
               ", oriSrcK " + std::to_string(s.oriK) +
               "]: SoftmaxFlashV3 needs srcK >= 512 and a multiple of 64, srcM a multiple of 8, and no padding "
               "(oriSrcM = srcM, oriSrcK = srcK)");
  }
  if (params.splitMeanCnt != 8) {
    c.Fail(ErrorKind::kParameter,
           "params.splitMeanCnt is " + std::to_string(params.splitMeanCnt) + ": only 8 is supported");
  }
  if (kUpdate && params.loopCnt == 0) {
    c.Fail(ErrorKind::kParameter, "params.loopCnt is 0: the update needs loopCnt >= 1");
  }
  constexpr uint32_t blk = 8, blkE = 16;
  const uint32_t rounds = c.Rounds(tiling, s, blk, StatName<float>(), cfg.isCheckTiling, "SoftMaxFlashV3TilingFunc");
  const uint64_t st = uint64_t{m} * blk;
  const half* x = c.Add("srcTensor", src, uint64_t{m} * k, false);
  const float* pin = kUpdate ? c.Add("inMeanTensor", inMean, st, false, m, blk) : nullptr;
  const float* pis = kUpdate ? c.Add("inExpSumTensor", inSum, st, false, m, blk) : nullptr;
  const float* pim = kUpdate ? c.Add("inMaxTensor", inMax, st, false, m, blk) : nullptr;
  half* y = c.Add("dstTensor", dst, uint64_t{m} * k, true);
  float* pmean = c.Add("meanTensor", mean, st, true, m, blk);
  float* ps = c.Add("expSumTensor", sum, st, true, m, blk);
  float* pm = c.Add("maxTensor", max, st, true, m, blk);
  half* pe = kUpdate ? c.Add("expMaxTensor", expMax, uint64_t{m} * blkE, true, m, blkE) : nullptr;
  c.Overlaps({"srcTensor|dstTensor", "meanTensor|inMeanTensor", "maxTensor|inMaxTensor",
              "expSumTensor|inExpSumTensor"});
  const uint32_t row = SmFlashV3Row(blk, k);
  if (tmp) c.Tmp(*tmp, rounds, row, "SoftMaxFlashV3TilingFunc");
  c.Emit();
  detail::NumApi(
      "SoftmaxFlashV3", loc,
      [&]() AICORE_LAMBDA_INLINE {
        const uint32_t baseK = k / 8;
        const float scalar = params.alpha / (1.0f - params.alpha);
        const float invBase = 1.0f / static_cast<float>(baseK);
        for (uint32_t r = 0; r < m; ++r) {
          const half* xr = x + size_t{r} * k;
          // The 8 local sums: columns below 512 in 64-column groups, the rest
          // folded by 64 with 8-column groups (the documented BlockReduceSum/Add).
          float local[8];
          for (uint32_t b = 0; b < 8; ++b) local[b] = SpanSum(xr + 64 * b, 64);
          for (uint32_t c0 = 512; c0 < k; c0 += 64) {
            for (uint32_t b = 0; b < 8; ++b) local[b] += SpanSum(xr + c0 + 8 * b, 8);
          }
          float g = 0;
          for (uint32_t b = 0; b < 8; ++b) {
            local[b] *= invBase;
            g += local[b];
          }
          g *= 1.0f / 8.0f;
          float shift[8];
          for (uint32_t b = 0; b < 8; ++b) shift[b] = (g - local[b]) * scalar;
          float rm = -HUGE_VALF;
          for (uint32_t b = 0; b < 8; ++b) {
            const float cm = SpanMax(xr + size_t{b} * baseK, baseK, -HUGE_VALF);
            const float v = cm - shift[b];
            rm = v > rm ? v : rm;
          }
          float mn = g, mx = rm, shiftCurr = 0, em = 0, sm = 0;
          if constexpr (kUpdate) {
            const float im = GetStat(pim, r, blk), imean = GetStat(pin, r, blk), is = GetStat(pis, r, blk);
            mn =
                (imean * (static_cast<float>(params.loopCnt) - 1.0f) + g) * (1.0f / static_cast<float>(params.loopCnt));
            shiftCurr = (g - mn) * scalar;
            const float shiftPrev = (imean - mn) * scalar;
            const float a = rm + shiftCurr, b = im + shiftPrev;
            mx = a > b ? a : b;
            em = std::exp((im - mx) + shiftPrev);
            sm = em * is;
          }
          const float mxp = mx - shiftCurr;
          float rs = 0;
          for (uint32_t b = 0; b < 8; ++b) {
            const size_t off = size_t{b} * baseK;
            rs += SpanExpSum<true, true>(xr + off, baseK, baseK, shift[b], mxp, y + size_t{r} * k + off);
          }
          PutStat(pmean, r, blk, mn);
          PutStat(pm, r, blk, mx);
          PutStat(ps, r, blk, sm + rs);
          if constexpr (kUpdate) PutStat(pe, r, blkE, em);
        }
      },
      [&](detail::NumApiCall& n) {
        n.In("srcTensor", x, size_t{m} * k), n.Scalar("params.alpha", params.alpha);
        if (kUpdate) n.In("inMeanTensor", pin, st), n.In("inExpSumTensor", pis, st);
        if (kUpdate) n.In("inMaxTensor", pim, st);
        n.Out("dstTensor", y, size_t{m} * k), n.Out("meanTensor", pmean, st);
        n.Out("expSumTensor", ps, st), n.Out("maxTensor", pm, st);
        if (kUpdate) n.Out("expMaxTensor", pe, size_t{m} * blkE);
      });
}

// SoftmaxGrad (isFront: dst is one block per row) and SoftmaxGradFront.
template <class T, bool kNZ>
void GradRun(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& grad,
             const AscendC::LocalTensor<T>& src, const AscendC::LocalTensor<uint8_t>* tmp,
             const AscendC::SoftMaxTiling& tiling, bool isFront, const AscendC::SoftMaxShapeInfo& info,
             bool isBasicBlock, SrcLoc loc) {
  static_assert(kFloatLike<T>, "SoftmaxGrad supports half and float");
  Call c(api, loc);
  const Shape s = c.Resolve<T>(info.srcM, info.srcK, info.oriSrcM, info.oriSrcK, tiling.srcM, tiling.srcK, 0,
                               0, kNZ);
  if (isBasicBlock) c.BasicBlock<T>(s);
  constexpr uint32_t blk = 32 / sizeof(T);
  const uint32_t rounds = c.Rounds(tiling, s, blk, StatName<T>(), true, "SoftMaxGradTilingFunc");
  const uint64_t mk = uint64_t{s.g.m} * s.g.k;
  const T* pg = c.Add("gradTensor", grad, mk, false);
  const T* x = c.Add("srcTensor", src, mk, false);
  T* y = isFront ? c.Add("dstTensor", dst, uint64_t{s.oriM} * blk, true, s.oriM, blk)
                 : c.Add("dstTensor", dst, mk, true);
  // dst may be src in both forms (the reference's "input and output
  // reused" case): the front form writes row r's block at r * blk (ND; NZ:
  // inside row r / 2's first fractal row) after reading row r.
  c.Overlaps({"srcTensor|dstTensor"});
  const uint32_t row = SmGradRow(sizeof(T), blk, s.g.k, isFront);
  if (tmp) c.Tmp(*tmp, rounds, row, "SoftMaxGradTilingFunc");
  c.Emit();
  detail::NumApi(
      api, loc,
      [&]() AICORE_LAMBDA_INLINE {
        for (uint32_t r = 0; r < s.oriM; ++r) {
          const size_t off = s.g.RowOff(r);
          const float d = RowDot(s.g, pg + off, x + off, s.oriK);
          if (isFront) {
            PutStat(y, r, blk, d);
          } else {
            GradRow(s.g, y + off, pg + off, x + off, d);
          }
        }
      },
      [&](detail::NumApiCall& n) {
        NumTile(n, "gradTensor", pg, s, false), NumTile(n, "srcTensor", x, s, false);
        if (isFront) {
          n.Out("dstTensor", y, size_t{s.oriM} * blk);
        } else {
          NumTile(n, "dstTensor", y, s, true);
        }
      });
}

template <class T1, class T2, bool kNZ, uint8_t kStep>
bool AdjustRun(const AscendC::LocalTensor<T1>& res, const AscendC::LocalTensor<T2>& max, uint32_t from, T1 to,
               const AscendC::SoftMaxShapeInfo& info, SrcLoc loc) {
  static_assert(kFloatLike<T1> && kFloatLike<T2>, "AdjustSoftMaxRes supports half and float");
  Call c("AdjustSoftMaxRes", loc);
  if (kNZ && kStep != 0) {
    c.Fail(ErrorKind::kParameter, "stepSizeMode " + std::to_string(kStep) +
                                      " reads the max tensor as (m, 1), which needs the ND format");
  }
  const uint32_t m = info.srcM, k = info.srcK;
  if ((uint64_t{k} * sizeof(T1)) % 32 != 0 || (kNZ && k % 16 != 0)) {
    c.Fail(ErrorKind::kAlignment, "softmaxShapeInfo.srcK " + std::to_string(k) + " of " +
                                      detail::TypeName<T1>() + " is not 32-byte aligned" +
                                      (kNZ ? " or not a multiple of 16 (NZ)" : ""));
  }
  const uint32_t step = kStep != 0 ? 1 : 32 / sizeof(T2);
  T1* pr = c.Add("softMaxRes", res, uint64_t{m} * k, true);
  const T2* pm = c.Add("maxTensor", max, m == 0 ? 0 : uint64_t{m - 1} * step + 1, false, m, step);
  c.Overlaps();
  c.Emit();
  Geo g{m, k, kNZ};
  bool any = false;
  for (uint32_t r = 0; r < m; ++r) {
    bool hit;
    if constexpr (std::is_same_v<T2, float>) {
      uint32_t bits;
      std::memcpy(&bits, pm + size_t{r} * step, 4);
      hit = bits == from;
    } else {
      hit = pm[size_t{r} * step].ToBits() == static_cast<uint16_t>(from);
    }
    if (!hit) continue;
    any = true;
    for (size_t j = 0; j < g.NSeg(); ++j) {
      T1* p = pr + g.RowOff(r) + j * g.SegStride();
      for (size_t i = 0; i < g.SegLen(); ++i) p[i] = to;
    }
  }
  return any;
}

}  // namespace sm
AICORE_TARGET_END
}  // namespace lib
}  // namespace aicore

// ---------------------------------------------------------------------------
// The public forms.

namespace AscendC {
AICORE_TARGET_BEGIN

// ---- SoftMax --------------------------------------------------------------------

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
inline void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor,
                    const LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor, const SoftMaxTiling& tiling,
                    const SoftMaxShapeInfo& softmaxShapeInfo = {}, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::lib::sm::SoftMaxRun<T, T, isDataFormatNZ>("SoftMax", dstTensor, &sumTensor, &maxTensor, srcTensor,
                                                    nullptr, tiling, softmaxShapeInfo, isBasicBlock, config, loc);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
inline void SoftMax(const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor,
                    const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
                    const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {},
                    aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::lib::sm::SoftMaxRun<half, float, isDataFormatNZ>("SoftMax", dstTensor, &sumTensor, &maxTensor,
                                                           srcTensor, nullptr, tiling, softmaxShapeInfo,
                                                           isBasicBlock, config, loc);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
inline void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const SoftMaxTiling& tiling,
                    const SoftMaxShapeInfo& softmaxShapeInfo = {}, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::lib::sm::SoftMaxRun<T, T, false>("SoftMax", dstTensor, nullptr, nullptr, srcTensor, nullptr, tiling,
                                           softmaxShapeInfo, isBasicBlock, config, loc);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
inline void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                    const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
                    const SoftMaxShapeInfo& softmaxShapeInfo = {}, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::lib::sm::SoftMaxRun<T, T, false>("SoftMax", dstTensor, nullptr, nullptr, srcTensor, &sharedTmpBuffer,
                                           tiling, softmaxShapeInfo, isBasicBlock, config, loc);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
inline void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor,
                    const LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor,
                    const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
                    const SoftMaxShapeInfo& softmaxShapeInfo = {}, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::lib::sm::SoftMaxRun<T, T, isDataFormatNZ>("SoftMax", dstTensor, &sumTensor, &maxTensor, srcTensor,
                                                    &sharedTmpBuffer, tiling, softmaxShapeInfo, isBasicBlock,
                                                    config, loc);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
inline void SoftMax(const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor,
                    const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
                    const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
                    const SoftMaxShapeInfo& softmaxShapeInfo = {}, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::lib::sm::SoftMaxRun<half, float, isDataFormatNZ>("SoftMax", dstTensor, &sumTensor, &maxTensor,
                                                           srcTensor, &sharedTmpBuffer, tiling, softmaxShapeInfo,
                                                           isBasicBlock, config, loc);
}

// stepSizeMode 0: the first element of each row's 32-byte block of maxTensor;
// otherwise element r (maxTensor as (m, 1)).
template <typename T1, typename T2, bool isDataFormatNZ = false, uint8_t stepSizeMode = 0>
inline bool AdjustSoftMaxRes(const LocalTensor<T1>& softMaxRes, const LocalTensor<T2>& maxTensor,
                             const uint32_t from, const T1 to, const SoftMaxShapeInfo& softmaxShapeInfo,
                             aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  return aicore::lib::sm::AdjustRun<T1, T2, isDataFormatNZ, stepSizeMode>(softMaxRes, maxTensor, from, to,
                                                                          softmaxShapeInfo, loc);
}

// ---- SimpleSoftMax ----------------------------------------------------------------

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
inline void SimpleSoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& inSumTensor,
                          const LocalTensor<T>& inMaxTensor, const LocalTensor<T>& srcTensor,
                          const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {},
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::lib::sm::SimpleSoftMaxRun<T, T, isDataFormatNZ>(dstTensor, inSumTensor, inMaxTensor, srcTensor, nullptr,
                                                          tiling, softmaxShapeInfo, isBasicBlock, config, loc);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
inline void SimpleSoftMax(const LocalTensor<half>& dstTensor, const LocalTensor<float>& inSumTensor,
                          const LocalTensor<float>& inMaxTensor, const LocalTensor<half>& srcTensor,
                          const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {},
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::lib::sm::SimpleSoftMaxRun<half, float, isDataFormatNZ>(dstTensor, inSumTensor, inMaxTensor, srcTensor,
                                                                 nullptr, tiling, softmaxShapeInfo, isBasicBlock,
                                                                 config, loc);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
inline void SimpleSoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& inSumTensor,
                          const LocalTensor<T>& inMaxTensor, const LocalTensor<T>& srcTensor,
                          const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
                          const SoftMaxShapeInfo& softmaxShapeInfo = {},
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::lib::sm::SimpleSoftMaxRun<T, T, isDataFormatNZ>(dstTensor, inSumTensor, inMaxTensor, srcTensor,
                                                          &sharedTmpBuffer, tiling, softmaxShapeInfo, isBasicBlock,
                                                          config, loc);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
inline void SimpleSoftMax(const LocalTensor<half>& dstTensor, const LocalTensor<float>& inSumTensor,
                          const LocalTensor<float>& inMaxTensor, const LocalTensor<half>& srcTensor,
                          const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
                          const SoftMaxShapeInfo& softmaxShapeInfo = {},
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::lib::sm::SimpleSoftMaxRun<half, float, isDataFormatNZ>(dstTensor, inSumTensor, inMaxTensor, srcTensor,
                                                                 &sharedTmpBuffer, tiling, softmaxShapeInfo,
                                                                 isBasicBlock, config, loc);
}

// ---- SoftmaxFlash (deprecated by the vendor) --------------------------------------------

#define AICORE_SOFTMAXFLASH_DEPRECATED \
  [[deprecated("softmaxflash.h is deprecated, please use softmaxflashv2.h instead!")]]

template <typename T, bool isReuseSource = false, bool isBasicBlock = false>
AICORE_SOFTMAXFLASH_DEPRECATED inline void SoftmaxFlash(
    const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor, const LocalTensor<T>& maxTensor,
    const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor, const LocalTensor<T>& inSumTensor,
    const LocalTensor<T>& inMaxTensor, const SoftMaxTiling& tiling, bool isUpdate = false,
    const SoftMaxShapeInfo& softmaxShapeInfo = {}, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::lib::sm::SoftmaxFlashRun<T, T>(dstTensor, sumTensor, maxTensor, srcTensor, expMaxTensor, inSumTensor,
                                         inMaxTensor, nullptr, tiling, isUpdate, softmaxShapeInfo, isBasicBlock,
                                         loc);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false>
AICORE_SOFTMAXFLASH_DEPRECATED inline void SoftmaxFlash(
    const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor, const LocalTensor<float>& maxTensor,
    const LocalTensor<half>& srcTensor, const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inSumTensor,
    const LocalTensor<float>& inMaxTensor, const SoftMaxTiling& tiling, bool isUpdate = false,
    const SoftMaxShapeInfo& softmaxShapeInfo = {}, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::lib::sm::SoftmaxFlashRun<half, float>(dstTensor, sumTensor, maxTensor, srcTensor, expMaxTensor,
                                                inSumTensor, inMaxTensor, nullptr, tiling, isUpdate,
                                                softmaxShapeInfo, isBasicBlock, loc);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false>
AICORE_SOFTMAXFLASH_DEPRECATED inline void SoftmaxFlash(
    const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor, const LocalTensor<T>& maxTensor,
    const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor, const LocalTensor<T>& inSumTensor,
    const LocalTensor<T>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
    bool isUpdate = false, const SoftMaxShapeInfo& softmaxShapeInfo = {},
    aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::lib::sm::SoftmaxFlashRun<T, T>(dstTensor, sumTensor, maxTensor, srcTensor, expMaxTensor, inSumTensor,
                                         inMaxTensor, &sharedTmpBuffer, tiling, isUpdate, softmaxShapeInfo,
                                         isBasicBlock, loc);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false>
AICORE_SOFTMAXFLASH_DEPRECATED inline void SoftmaxFlash(
    const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor, const LocalTensor<float>& maxTensor,
    const LocalTensor<half>& srcTensor, const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inSumTensor,
    const LocalTensor<float>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
    bool isUpdate = false, const SoftMaxShapeInfo& softmaxShapeInfo = {},
    aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::lib::sm::SoftmaxFlashRun<half, float>(dstTensor, sumTensor, maxTensor, srcTensor, expMaxTensor,
                                                inSumTensor, inMaxTensor, &sharedTmpBuffer, tiling, isUpdate,
                                                softmaxShapeInfo, isBasicBlock, loc);
}

#undef AICORE_SOFTMAXFLASH_DEPRECATED

// ---- SoftmaxFlashV2 -----------------------------------------------------------------------

#define AICORE_FLASHV2(T1_, T2_, RMAX, TMP)                                                                 \
  aicore::lib::sm::FlashV2Run<T1_, T2_, isUpdate, isDataFormatNZ,                                          \
                              config.mode == SoftmaxMode::SOFTMAX_OUTPUT_WITHOUT_BRC>(                     \
      dstTensor, RMAX, expSumTensor, maxTensor, srcTensor, expMaxTensor, inExpSumTensor, inMaxTensor, TMP, \
      tiling, softmaxShapeInfo, isBasicBlock, config, loc)

template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
inline void SoftmaxFlashV2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& expSumTensor,
                           const LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor,
                           const LocalTensor<T>& expMaxTensor, const LocalTensor<T>& inExpSumTensor,
                           const LocalTensor<T>& inMaxTensor, const SoftMaxTiling& tiling,
                           const SoftMaxShapeInfo& softmaxShapeInfo = {},
                           aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_FLASHV2(T, T, nullptr, nullptr);
}

template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
inline void SoftmaxFlashV2(const LocalTensor<half>& dstTensor, const LocalTensor<float>& expSumTensor,
                           const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
                           const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inExpSumTensor,
                           const LocalTensor<float>& inMaxTensor, const SoftMaxTiling& tiling,
                           const SoftMaxShapeInfo& softmaxShapeInfo = {},
                           aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_FLASHV2(half, float, nullptr, nullptr);
}

template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
inline void SoftmaxFlashV2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& expSumTensor,
                           const LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor,
                           const LocalTensor<T>& expMaxTensor, const LocalTensor<T>& inExpSumTensor,
                           const LocalTensor<T>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                           const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {},
                           aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_FLASHV2(T, T, nullptr, &sharedTmpBuffer);
}

template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
inline void SoftmaxFlashV2(const LocalTensor<half>& dstTensor, const LocalTensor<float>& expSumTensor,
                           const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
                           const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inExpSumTensor,
                           const LocalTensor<float>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                           const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {},
                           aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_FLASHV2(half, float, nullptr, &sharedTmpBuffer);
}

// The forms that also give the row max before the update (outReduceMax):
// only in SOFTMAX_OUTPUT_WITHOUT_BRC mode, ND; in SOFTMAX_NORMAL mode they do
// nothing, as documented.
template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
inline void SoftmaxFlashV2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& outReduceMax,
                           const LocalTensor<T>& outExpSum, const LocalTensor<T>& outMax,
                           const LocalTensor<T>& srcTensor, const LocalTensor<T>& outExpMax,
                           const LocalTensor<T>& inExpSum, const LocalTensor<T>& inMax, const SoftMaxTiling& tiling,
                           const SoftMaxShapeInfo& softmaxShapeInfo = {},
                           aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  if constexpr (config.mode != SoftmaxMode::SOFTMAX_OUTPUT_WITHOUT_BRC) {
    aicore::detail::Enter("SoftmaxFlashV2", loc);
  } else {
    aicore::lib::sm::FlashV2Run<T, T, isUpdate, false, true>(dstTensor, &outReduceMax, outExpSum, outMax,
                                                             srcTensor, outExpMax, inExpSum, inMax, nullptr, tiling,
                                                             softmaxShapeInfo, isBasicBlock, config, loc);
  }
}

template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
inline void SoftmaxFlashV2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& outReduceMax,
                           const LocalTensor<T>& outExpSum, const LocalTensor<T>& outMax,
                           const LocalTensor<T>& srcTensor, const LocalTensor<T>& outExpMax,
                           const LocalTensor<T>& inExpSum, const LocalTensor<T>& inMax,
                           const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
                           const SoftMaxShapeInfo& softmaxShapeInfo = {},
                           aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  if constexpr (config.mode != SoftmaxMode::SOFTMAX_OUTPUT_WITHOUT_BRC) {
    aicore::detail::Enter("SoftmaxFlashV2", loc);
  } else {
    aicore::lib::sm::FlashV2Run<T, T, isUpdate, false, true>(dstTensor, &outReduceMax, outExpSum, outMax,
                                                             srcTensor, outExpMax, inExpSum, inMax,
                                                             &sharedTmpBuffer, tiling, softmaxShapeInfo,
                                                             isBasicBlock, config, loc);
  }
}

#undef AICORE_FLASHV2

// ---- SoftmaxFlashV3 (T half, U float) -----------------------------------------------------

template <typename T, typename U, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
inline void SoftmaxFlashV3(const LocalTensor<T>& dstTensor, const LocalTensor<U>& meanTensor,
                           const LocalTensor<U>& expSumTensor, const LocalTensor<U>& maxTensor,
                           const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor,
                           const LocalTensor<U>& inMeanTensor, const LocalTensor<U>& inExpSumTensor,
                           const LocalTensor<U>& inMaxTensor, const SoftMaxTiling& tiling,
                           const SoftMaxParams& params, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(std::is_same_v<T, half> && std::is_same_v<U, float>, "SoftmaxFlashV3: T must be half, U float");
  static_assert(!isDataFormatNZ, "SoftmaxFlashV3 supports the ND format only");
  aicore::lib::sm::FlashV3Run<isUpdate>(dstTensor, meanTensor, expSumTensor, maxTensor, srcTensor, expMaxTensor,
                                        inMeanTensor, inExpSumTensor, inMaxTensor, nullptr, tiling, params, config,
                                        loc);
}

template <typename T, typename U, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
inline void SoftmaxFlashV3(const LocalTensor<T>& dstTensor, const LocalTensor<U>& meanTensor,
                           const LocalTensor<U>& expSumTensor, const LocalTensor<U>& maxTensor,
                           const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor,
                           const LocalTensor<U>& inMeanTensor, const LocalTensor<U>& inExpSumTensor,
                           const LocalTensor<U>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                           const SoftMaxTiling& tiling, const SoftMaxParams& params,
                           aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(std::is_same_v<T, half> && std::is_same_v<U, float>, "SoftmaxFlashV3: T must be half, U float");
  static_assert(!isDataFormatNZ, "SoftmaxFlashV3 supports the ND format only");
  aicore::lib::sm::FlashV3Run<isUpdate>(dstTensor, meanTensor, expSumTensor, maxTensor, srcTensor, expMaxTensor,
                                        inMeanTensor, inExpSumTensor, inMaxTensor, &sharedTmpBuffer, tiling, params,
                                        config, loc);
}

// ---- LogSoftMax ------------------------------------------------------------------------------

template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
inline void LogSoftMax(const LocalTensor<T>& dst, const LocalTensor<T>& sum, const LocalTensor<T>& max,
                       const LocalTensor<T>& src, const LocalTensor<uint8_t>& sharedTmpBuffer,
                       const LogSoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {},
                       aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::lib::sm::LogSoftMaxRun<T, isDataFormatNZ>(dst, sum, max, src, sharedTmpBuffer, tiling, softmaxShapeInfo,
                                                    loc);
}

// ---- SoftmaxGrad / SoftmaxGradFront -----------------------------------------------------------

template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
inline void SoftmaxGrad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor,
                        const LocalTensor<T>& srcTensor, const SoftMaxTiling& tiling, bool isFront = false,
                        const SoftMaxShapeInfo& softmaxShapeInfo = {},
                        aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::lib::sm::GradRun<T, isDataFormatNZ>("SoftmaxGrad", dstTensor, gradTensor, srcTensor, nullptr, tiling,
                                              isFront, softmaxShapeInfo, false, loc);
}

template <typename T, bool isBasicBlock = false, bool isDataFormatNZ = false>
inline void SoftmaxGradFront(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor,
                             const LocalTensor<T>& srcTensor, const SoftMaxTiling& tiling,
                             const SoftMaxShapeInfo& softmaxShapeInfo = {},
                             aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::lib::sm::GradRun<T, isDataFormatNZ>("SoftmaxGradFront", dstTensor, gradTensor, srcTensor, nullptr,
                                              tiling, true, softmaxShapeInfo, isBasicBlock, loc);
}

template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
inline void SoftmaxGrad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor,
                        const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                        const SoftMaxTiling& tiling, bool isFront = false,
                        const SoftMaxShapeInfo& softmaxShapeInfo = {},
                        aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::lib::sm::GradRun<T, isDataFormatNZ>("SoftmaxGrad", dstTensor, gradTensor, srcTensor, &sharedTmpBuffer,
                                              tiling, isFront, softmaxShapeInfo, false, loc);
}

template <typename T, bool isBasicBlock = false, bool isDataFormatNZ = false>
inline void SoftmaxGradFront(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor,
                             const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                             const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {},
                             aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::lib::sm::GradRun<T, isDataFormatNZ>("SoftmaxGradFront", dstTensor, gradTensor, srcTensor,
                                              &sharedTmpBuffer, tiling, true, softmaxShapeInfo, isBasicBlock, loc);
}

AICORE_TARGET_END
}  // namespace AscendC
