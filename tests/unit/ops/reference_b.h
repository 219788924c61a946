// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Scalar reference model of the reductions, Compare/CompareScalar/Select,
// Gather/GatherMask and Transpose (include/aicore/ops/{reduce,compare,
// gather,transpose}.h), written from the documented semantics, element by
// element, for the randomized tests in test_reduce.cpp, test_compare.cpp
// and test_gather.cpp.
//
//   * Repeat geometry: lane l of repeat r of an operand with block stride
//     blk and repeat stride rep (both in 32-byte blocks) is element
//     r * rep * E + (l / E) * blk * E + l % E, E = 32 / sizeof(T).
//   * Masks: RefMask lists the active lanes of every repeat (normal mode:
//     the same bits each repeat; counter mode: `count` lanes from lane 0 of
//     repeat 0 on, repeatTimes ignored).
//   * Sums follow the documented model literally: an adjacent-pair tree per
//     group (each addition done in double on the exact operands and rounded
//     once to T, i.e. an IEEE add of T), masked lanes absent, a group with
//     no active lane = +0; ReduceSum sums each repeat, then the repeat
//     results again in groups of `lanes`, round after round, until one
//     value is left.
//   * Max/Min: a linear scan keeping the first active lane that no later
//     one beats (NaNs skipped; all NaN: the first active lane; none
//     active: +0, index 0).
//   * Compare: the comparison of the exact values (double) — IEEE: every
//     comparison with a NaN is false except NE.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "aicore/aicore.h"
#include "unit/ops/reference.h"

namespace aicore_test {
namespace refb {

using namespace ref;  // NOLINT: element helpers (ToDouble, RoundTo, IsNaN, ...)

template <class T>
constexpr uint32_t kLanes = 256 / sizeof(T);
template <class T>
constexpr uint32_t kE = 32 / sizeof(T);

// Element offset of lane l of repeat r.
template <class T>
size_t LaneElem(uint32_t r, uint32_t l, uint32_t blk, uint32_t rep) {
  return size_t{r} * rep * kE<T> + size_t{l / kE<T>} * blk * kE<T> + l % kE<T>;
}

// Active lanes per repeat.
struct RefMask {
  uint32_t repeats = 0;
  uint32_t lanes = 0;
  std::vector<std::vector<bool>> active;  // [repeat][lane]
  bool Active(uint32_t r, uint32_t l) const { return active[r][l]; }
  bool Any(uint32_t r) const {
    for (bool a : active[r]) {
      if (a) return true;
    }
    return false;
  }
};

inline RefMask NormalMask(uint32_t lanes, uint32_t repeats, const uint64_t bits[2]) {
  RefMask m;
  m.repeats = repeats;
  m.lanes = lanes;
  m.active.assign(repeats, std::vector<bool>(lanes));
  for (uint32_t r = 0; r < repeats; ++r) {
    for (uint32_t l = 0; l < lanes; ++l) m.active[r][l] = (bits[l / 64] >> (l % 64)) & 1;
  }
  return m;
}
inline RefMask ContMask(uint32_t lanes, uint32_t repeats, uint32_t n) {
  uint64_t bits[2] = {0, 0};
  for (uint32_t l = 0; l < n; ++l) bits[l / 64] |= uint64_t{1} << (l % 64);
  return NormalMask(lanes, repeats, bits);
}
inline RefMask CounterMask(uint32_t lanes, uint64_t count) {
  RefMask m;
  m.lanes = lanes;
  m.repeats = static_cast<uint32_t>((count + lanes - 1) / lanes);
  m.active.assign(m.repeats, std::vector<bool>(lanes));
  for (uint64_t i = 0; i < count; ++i) m.active[i / lanes][i % lanes] = true;
  return m;
}

// ---------------------------------------------------------------------------
// Sums.

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
std::vector<Opt<T>> LogicalLanes(const T* src, const RefMask& m, uint32_t blk, uint32_t rep) {
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

// ---------------------------------------------------------------------------
// Compare / Select.

template <class T>
bool CompareOne(T a, T b, AscendC::CMPMODE mode) {
  const double x = ToDouble(a), y = ToDouble(b);
  switch (mode) {
    case AscendC::CMPMODE::LT: return x < y;
    case AscendC::CMPMODE::GT: return x > y;
    case AscendC::CMPMODE::EQ: return x == y;
    case AscendC::CMPMODE::LE: return x <= y;
    case AscendC::CMPMODE::GE: return x >= y;
    default: return !(x == y);
  }
}

inline bool GetBit(const uint8_t* p, size_t i) { return (p[i / 8] >> (i % 8)) & 1; }
inline void SetBit(uint8_t* p, size_t i, bool v) {
  if (v) {
    p[i / 8] = static_cast<uint8_t>(p[i / 8] | (1u << (i % 8)));
  } else {
    p[i / 8] = static_cast<uint8_t>(p[i / 8] & ~(1u << (i % 8)));
  }
}

// ---------------------------------------------------------------------------
// GatherMask built-in patterns: whether lane l is kept.
inline bool BuiltinKeeps(uint32_t pattern, uint32_t l) {
  switch (pattern) {
    case 1: return l % 2 == 0;
    case 2: return l % 2 == 1;
    case 3: case 4: case 5: case 6: return l % 4 == pattern - 3;
    default: return true;  // 7
  }
}

}  // namespace refb
}  // namespace aicore_test
