// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Reference model of the reductions (ReduceSum/Max/Min, WholeReduce*,
// BlockReduce*, PairReduceSum, RepeatReduceSum), written from the
// documented semantics (include/aicore/ops/reduce.h), element by element:
//
//   * Sums follow the documented model literally: an adjacent-pair tree per
//     group (each addition done in double on the exact operands and rounded
//     once to T, i.e. an IEEE add of T), masked lanes absent, a group with
//     no active lane = +0; ReduceSum sums each repeat, then the repeat
//     results again in groups of `lanes`, round after round, until one
//     value is left. Sum() is an exact (compensated) sum for error bounds.
//   * Max/Min: a linear scan keeping the first active lane that no later
//     one beats (NaNs skipped; all NaN: the first active lane; none
//     active: +0, index 0).
//   * The repeat forms read their source through the repeat model
//     (repeat_model.h: RepeatPlan, LaneElem).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "aicore/aicore.h"
#include "support/ref_element.h"
#include "support/repeat_model.h"

namespace aicore_test {
namespace ref {

// ---------------------------------------------------------------------------
// Count forms.

struct SumResult {
  long double sum;      // compensated (Neumaier) sum in long double: exact for test sizes
  long double abs_sum;  // sum of |x|
};

template <class T>
SumResult Sum(const T* x, size_t n) {
  long double s = 0, c = 0, a = 0;
  for (size_t i = 0; i < n; ++i) {
    const long double v = ToDouble(x[i]);
    const long double t = s + v;
    if (std::fabs(s) >= std::fabs(v)) {
      c += (s - t) + v;
    } else {
      c += (v - t) + s;
    }
    s = t;
    a += std::fabs(v);
  }
  return {s + c, a};
}

template <class T>
struct ExtremeResult {
  T value;
  uint32_t index;
};

// ReduceMax (kMax) / ReduceMin: the first element (smallest index) that no
// later element beats with `>` (resp. `<`); NaNs are ignored; when every
// element is NaN, index 0. The value is the element at that index.
template <bool kMax, class T>
ExtremeResult<T> Extreme(const T* x, size_t n) {
  size_t best = n;
  for (size_t i = 0; i < n; ++i) {
    if (IsNaN(x[i])) continue;
    if (best == n ||
        (kMax ? ToDouble(x[i]) > ToDouble(x[best]) : ToDouble(x[i]) < ToDouble(x[best]))) {
      best = i;
    }
  }
  if (best == n) best = 0;
  return {x[best], static_cast<uint32_t>(best)};
}

// ---------------------------------------------------------------------------
// The documented tree sums and extremes.

template <class T>
struct Opt {
  bool present = false;
  T value{};
};

template <class T>
Opt<T> AddOpt(Opt<T> a, Opt<T> b) {
  if (!a.present) return b;
  if (!b.present) return a;
  return {true, RoundTo<T>(ToDouble(a.value) + ToDouble(b.value))};
}

// Adjacent-pair tree over v[lo, lo + n), n a power of two.
template <class T>
Opt<T> Tree(const std::vector<Opt<T>>& v, size_t lo, size_t n) {
  if (n == 1) return lo < v.size() ? v[lo] : Opt<T>{};
  return AddOpt(Tree(v, lo, n / 2), Tree(v, lo + n / 2, n / 2));
}

template <class T>
T Finish(Opt<T> s) {
  return s.present ? s.value : T(0);
}

// Tree of each group of g consecutive values.
template <class T>
std::vector<Opt<T>> GroupTrees(const std::vector<Opt<T>>& v, size_t g) {
  std::vector<Opt<T>> out;
  for (size_t lo = 0; lo < v.size(); lo += g) out.push_back(Tree(v, lo, g));
  return out;
}

// The logical lanes of a repeat-form source (absent where masked off).
template <class T>
std::vector<Opt<T>> LogicalLanes(const T* src, const RepeatPlan& m, uint32_t blk, uint32_t rep) {
  std::vector<Opt<T>> v(size_t{m.repeats} * m.lanes);
  for (uint32_t r = 0; r < m.repeats; ++r) {
    for (uint32_t l = 0; l < m.lanes; ++l) {
      if (m.Active(r, l)) v[size_t{r} * m.lanes + l] = {true, src[LaneElem<T>(r, l, blk, rep)]};
    }
  }
  return v;
}

// ReduceSum: per repeat, then rounds of `lanes` until one value.
template <class T>
T ReduceSumRounds(std::vector<Opt<T>> v) {
  const size_t lanes = kLanes<T>;
  if (v.empty()) return T(0);
  do {
    v = GroupTrees(v, lanes);
  } while (v.size() > 1);
  return Finish(v[0]);
}

template <class T>
T ReduceSumCount(const T* x, size_t n) {
  std::vector<Opt<T>> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = {true, x[i]};
  // Pad the last repeat: ceil(n / lanes) repeats.
  v.resize((n + kLanes<T> - 1) / kLanes<T> * kLanes<T>);
  return ReduceSumRounds(v);
}

// ---------------------------------------------------------------------------
// Max / Min.

template <class T>
struct Best {
  T value;
  uint32_t index;
};

// Over the entries of v (index = position in v).
template <bool kMax, class T>
Best<T> ExtremeOpt(const std::vector<Opt<T>>& v, size_t lo, size_t n) {
  size_t best = SIZE_MAX, first_active = SIZE_MAX;
  for (size_t i = lo; i < lo + n; ++i) {
    if (!v[i].present) continue;
    if (first_active == SIZE_MAX) first_active = i;
    if (IsNaN(v[i].value)) continue;
    if (best == SIZE_MAX || (kMax ? ToDouble(v[i].value) > ToDouble(v[best].value)
                                  : ToDouble(v[i].value) < ToDouble(v[best].value))) {
      best = i;
    }
  }
  if (best == SIZE_MAX) best = first_active;
  if (best == SIZE_MAX) return {T(0), 0};
  return {v[best].value, static_cast<uint32_t>(best)};
}

}  // namespace ref
}  // namespace aicore_test
