// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// numcheck for the high-level library APIs (lib/: activations, norms, the
// SoftMax family, math, GLU, dequantization, CumSum, reductions). They
// compute in fused Highway loops, not through the instructions, so the
// instruction hooks (numeric.h) do not see them; this is their one shared
// hook, per call and conservative like the repeat forms:
//
//   * before the API runs, every input element it reads (tensors, as the
//     entry point describes them, and floating scalar parameters such as
//     epsilon or beta) is scanned; if one is NaN/Inf the call is not
//     checked (a NaN/Inf output may then be propagation: accepted false
//     negative for the other elements of that call);
//   * otherwise, after the API ran, every floating output (dst, outputMean,
//     outputRstd, sumTensor ...) is scanned; the first NaN/Inf element is
//     reported once per call as the same non-fatal kNumeric error as an
//     instruction's, at the API call's line:
//
//   aicore: numeric error in Exp at kernel.cpp:57 (kernel k, block 0 of 8):
//   Exp produced +Inf (half) at dst element 2 from finite inputs (src[2] = 12);
//   16 elements of this call are affected; an input is a pole of the API
//   (...) or a result or intermediate exceeds the half range (max 65504):
//   compute in float or scale the inputs
//
// (elementwise APIs name the inputs at the element; 2-D outputs give the
// row and column).
//
// A NaN/Inf that an API produces from finite inputs by definition (Log(0),
// Acos outside [-1, 1], Fmod by 0, Power(0, -1), Lgamma at a pole, a zero
// variance with epsilon 0) is a finding like an instruction's Ln(0) or
// division by zero: the NPU computes the same NaN/Inf and the kernel almost
// never wants it.
//
// Use, in an API entry point after its always-on checks:
//
//   detail::NumApi(api, loc, [&]() AICORE_LAMBDA_INLINE { <the computation> },
//                  [&](detail::NumApiCall& c) { c.In("srcLocal", src.addr_, n);
//                                               c.Out("dstLocal", dst.addr_, n); });
//
// With numcheck off this is the computation and one predictable branch on
// `core.san & kNumcheck` (the description lambda is never called).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

#include "aicore/base/defs.h"
#include "aicore/base/half.h"
#include "aicore/base/sanitize.h"
#include "aicore/instrument/sanitizer/numeric.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/target.h"

namespace aicore {
namespace detail {
AICORE_TARGET_BEGIN

// One operand of an API call: `rows` rows of `cols` elements, `stride`
// elements apart (a plain range: one row).
struct NumApiSpan {
  const char* role = "";
  const void* p = nullptr;
  size_t rows = 0;
  size_t cols = 0;
  size_t stride = 0;
  const NumType* type = nullptr;
  size_t size = 0;                                              // bytes per element
  size_t (*next)(const void* p, size_t i, size_t n) = nullptr;  // first NaN/Inf in [i, n)
  bool elementwise = false;  // an input read at the output's index (named in the report)
  bool rowcol = false;       // the report names the row and column
};

template <class T>
inline size_t NumApiNext(const void* p, size_t i, size_t n) {
  return NumNextNonFinite(static_cast<const T*>(p), i, n);
}

template <class Op, class = void>
struct NumHasBeta : std::false_type {};
template <class Op>
struct NumHasBeta<Op, std::void_t<decltype(std::declval<const Op&>().beta)>> : std::true_type {};

// The operands of one call, filled by the API's description lambda.
class NumApiCall {
 public:
  static constexpr int kMax = 12;

  // An input tensor range (elements [0, n) from p).
  template <class T>
  void In(const char* role, const T* p, size_t n) {
    Add(role, p, 1, n, n, false, false);
  }
  // An input read at the same element index as the outputs (elementwise
  // APIs): its value is named in the report.
  template <class T>
  void InAt(const char* role, const T* p, size_t n) {
    Add(role, p, 1, n, n, false, true);
  }
  // rows x cols input elements, rows `stride` elements apart.
  template <class T>
  void In2D(const char* role, const T* p, size_t rows, size_t cols, size_t stride) {
    Add(role, p, rows, cols, stride, false, false, true);
  }
  // rows x cols elements, rows `stride` elements apart, as an input or an
  // output, the report giving only the element index (blocked layouts).
  template <class T>
  void Blocks(const char* role, const T* p, size_t rows, size_t cols, size_t stride, bool out) {
    Add(role, p, rows, cols, stride, out, false);
  }
  // A floating scalar parameter (epsilon, beta, scale ...).
  template <class T>
  void Scalar(const char* role, const T& v) {
    if constexpr (kNumFloat<T>) {
      if (NumNonFinite<T>(&v)) scalar_bad_ = true;
    } else if constexpr (std::is_floating_point_v<T>) {
      if (!std::isfinite(static_cast<double>(v))) scalar_bad_ = true;
    }
    (void)role;
  }
  // The scalar operand of a compute op (a member `s`, `alpha` or `beta`), if any.
  template <class Op>
  void OpScalar(const Op& op) {
    const NumScalar sc = NumScalarOf(op);
    if (sc.present && !std::isfinite(sc.value)) scalar_bad_ = true;
    if constexpr (NumHasBeta<Op>::value) Scalar("beta", op.beta);
  }
  template <class T>
  void Out(const char* role, const T* p, size_t n) {
    Add(role, p, 1, n, n, true, false);
  }
  template <class T>
  void Out2D(const char* role, const T* p, size_t rows, size_t cols, size_t stride) {
    Add(role, p, rows, cols, stride, true, false, true);
  }

  // Whether every input element is finite.
  bool InputsFinite() const;
  // Scans the outputs and reports the first NaN/Inf element (once).
  void ScanOutputs(CoreContext& core, const char* api, SrcLoc loc) const;

 private:
  template <class T>
  void Add(const char* role, const T* p, size_t rows, size_t cols, size_t stride, bool out,
           bool elementwise, bool rowcol = false) {
    if constexpr (!kNumFloat<T>) {  // integer operands: always finite, never checked
      (void)role, (void)p, (void)rows, (void)cols, (void)stride, (void)out, (void)elementwise;
      (void)rowcol;
    } else {
      if (p == nullptr || rows == 0 || cols == 0) return;
      NumApiSpan s;
      s.role = role;
      s.p = p;
      s.rows = rows;
      s.cols = cols;
      s.stride = stride;
      s.type = &NumTypeOf<T>();
      s.size = sizeof(T);
      s.next = &NumApiNext<T>;
      s.elementwise = elementwise;
      s.rowcol = rowcol;
      if (out) {
        if (n_out_ < kMax) out_[n_out_++] = s;
      } else if (n_in_ < kMax) {
        in_[n_in_++] = s;
      }
    }
  }

  static size_t Elem(const NumApiSpan& s, size_t r, size_t c) { return r * s.stride + c; }

  NumApiSpan in_[kMax];
  NumApiSpan out_[kMax];
  int n_in_ = 0;
  int n_out_ = 0;
  bool scalar_bad_ = false;
};

inline bool NumApiCall::InputsFinite() const {
  if (scalar_bad_) return false;
  for (int k = 0; k < n_in_; ++k) {
    const NumApiSpan& s = in_[k];
    const uint8_t* base = static_cast<const uint8_t*>(s.p);
    for (size_t r = 0; r < s.rows; ++r) {
      if (s.next(base, Elem(s, r, 0), Elem(s, r, 0) + s.cols) != Elem(s, r, 0) + s.cols) {
        return false;
      }
    }
  }
  return true;
}

AICORE_COLD inline void NumApiReport(CoreContext& core, const char* api, SrcLoc loc,
                                     const NumApiSpan& s, size_t r, size_t c, size_t elem,
                                     uint64_t count, const NumApiSpan* in, int n_in) {
  const double v = s.type->value(static_cast<const uint8_t*>(s.p) + elem * s.size);
  std::string m = std::string(api) + " produced " + NumSpecialName(v) + " (" + s.type->name +
                  ") at " + s.role + " element " + std::to_string(elem);
  if (s.rowcol) m += " (row " + std::to_string(r) + ", column " + std::to_string(c) + ")";
  m += " from finite inputs";
  bool first = true;
  for (int k = 0; k < n_in; ++k) {
    if (!in[k].elementwise || elem >= in[k].cols) continue;
    const uint8_t* at = static_cast<const uint8_t*>(in[k].p) + elem * in[k].size;
    // An input the call overwrote in place (dst == src) no longer holds its value.
    const uint8_t* lo = static_cast<const uint8_t*>(s.p);
    const uint8_t* hi = lo + ((s.rows - 1) * s.stride + s.cols) * s.size;
    const bool gone = at < hi && at + in[k].size > lo;
    m += std::string(first ? " (" : ", ") + in[k].role + "[" + std::to_string(elem) +
         "] = " + (gone ? std::string("(overwritten in place)") : NumFormat(in[k].type->value(at)));
    first = false;
  }
  if (!first) m += ")";
  if (count > 1) m += "; " + std::to_string(count) + " elements of this call are affected";
  const bool narrow = s.type->max < 3.4e38;  // half, bfloat16_t
  const std::string range =
      std::string("the ") + s.type->name + " range (max " + NumFormat(s.type->max) +
      "): " + (narrow ? "compute in float or scale the inputs" : "scale the inputs");
  if (std::isnan(v)) {
    m += "; an input is outside the API's domain (a logarithm or root of a negative value, Acos "
         "or Asin outside [-1, 1], Fmod by 0, 0 / 0, a zero variance with epsilon 0) or an "
         "intermediate overflowed " +
         range;
  } else {
    m += "; an input is a pole of the API (Log(0), a division by zero, a zero variance with "
         "epsilon 0) or a result or intermediate exceeds " +
         range;
  }
  Report(core, ErrorKind::kNumeric, api, loc, std::move(m));
}

inline void NumApiCall::ScanOutputs(CoreContext& core, const char* api, SrcLoc loc) const {
  for (int k = 0; k < n_out_; ++k) {
    const NumApiSpan& s = out_[k];
    uint64_t count = 0;
    size_t fr = 0, fc = 0;
    for (size_t r = 0; r < s.rows; ++r) {
      const size_t b = Elem(s, r, 0), e = b + s.cols;
      for (size_t i = s.next(s.p, b, e); i < e; i = s.next(s.p, i + 1, e)) {
        if (count++ == 0) fr = r, fc = i - b;
      }
    }
    if (count != 0) {
      NumApiReport(core, api, loc, s, fr, fc, Elem(s, fr, fc), count, in_, n_in_);
      return;  // once per call
    }
  }
}

template <class Run, class Describe>
AICORE_NOINLINE void NumApiChecked(CoreContext& core, const char* api, SrcLoc loc, Run run,
                                   Describe describe) {
  NumApiCall c;
  describe(c);
  const bool finite = c.InputsFinite();
  run();
  if (finite) c.ScanOutputs(core, api, loc);
}

// The hook: runs `run()`; with numcheck on, checks it as described above,
// `describe(NumApiCall&)` naming the operands. Call inside a launch, after
// Enter (t_core is set). The lambdas go to the checked path by value, so
// that with the mode off their captures are not materialised in memory
// (only the branch on core.san is added).
template <class Run, class Describe>
AICORE_INLINE void NumApi(const char* api, SrcLoc loc, const Run& run, const Describe& describe) {
  CoreContext& core = *t_core;
  if (AICORE_UNLIKELY(NumOn(core))) {
    NumApiChecked(core, api, loc, run, describe);
    return;
  }
  run();
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore
