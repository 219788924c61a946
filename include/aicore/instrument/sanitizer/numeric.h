// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// numcheck (AICORE_SANITIZE=numcheck): a vector instruction that writes NaN
// or ±Inf into a floating destination (half, bfloat16_t, float) although
// every source value it read was finite — an overflow (half overflows above
// 65504), a division by zero, Ln(0), Ln or Sqrt of a negative value ... —
// is reported as a non-fatal kNumeric error at the instruction's line:
//
//   aicore: numeric error in Mul at kernel.cpp:57 (kernel k, block 2 of 8):
//   Mul result 70000 overflows half (max 65504) -> +Inf at dst element 17
//   from finite inputs src0=280 src1=250; compute in float ...
//
// A NaN or Inf that comes from a NaN or Inf input is propagation, not a
// finding, and is never reported. Integer destinations are not checked.
//
// Where the checks sit (every one behind `core.san & kNumcheck`, a single
// predictable branch when the mode is off; compiled out for integer types):
//   * count forms (elementwise.h, cast.h: NumCount below): exact, element by
//     element. Sources that the destination overlaps are copied first
//     (per-thread scratch, grown once), then the instruction runs, then the
//     destination is scanned for NaN/Inf (vectorized); only for such an
//     element are the sources at the same index looked at. (With a
//     destination partially overlapping a source, shifted, the sources are
//     judged by their values before the instruction.)
//   * repeat forms (repeat.h: NumRepeat): conservative, per call. Every
//     active source lane (block by block, under the mask) must be finite
//     before the instruction runs; if one is not, the call is not checked
//     (accepted false negative: a NaN in one lane hides an overflow in
//     another lane of the same call). Otherwise every active destination
//     lane that is NaN/Inf afterwards is a finding. The report names the
//     repeat and lane, and the input values unless the instruction
//     overwrote them (a source overlapping the destination).
//   * sums (reduce.h): ReduceSum (count and repeat forms), WholeReduceSum,
//     BlockReduceSum, PairReduceSum: a NaN/Inf result whose active input
//     lanes are all finite (a partial sum overflowed). The inputs are looked
//     at only when a result is NaN/Inf. Max/Min reductions select an input
//     and cannot create one.
// Not checked: Duplicate, CreateVecIndex, Brcb, Select, Gather, copies
// (they move bit patterns or cannot overflow in practice).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "aicore/base/defs.h"
#include "aicore/base/half.h"
#include "aicore/base/sanitize.h"
#include "aicore/base/type_name.h"
#include "aicore/simd/simd.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/target.h"

// The count-form hooks pass the instruction's loop as
// `[&]() AICORE_LAMBDA_INLINE { ... }` (base/defs.h), which compiles into the
// caller as if written there (mode off: nothing but the branch on core.san is
// added).

namespace aicore {
namespace detail {

// An element type, type-erased (repeat forms keep their operands as bytes).
struct NumType {
  const char* name;
  double max;  // largest finite value (0 for integers)
  uint64_t (*block_non_finite)(const uint8_t* p, uint32_t lanes);
  double (*value)(const void* p);
};

// A scalar operand (Adds, Muls, Maxs, Mins, LeakyRelu, Axpy), taken from the
// compute op: ops with a member `s` or `alpha`.
struct NumScalar {
  bool present = false;
  double value = 0;
};

struct NumInput {
  const char* role;
  double value;
  bool known;  // false: overwritten by the instruction (repeat forms)
};

AICORE_RT_FN std::string NumFormat(double v);

AICORE_RT_FN const char* NumSpecialName(double v);

// Reports a NaN/Inf destination element produced from finite inputs.
// `produced`: the value written; `result`: the op's value before rounding to
// the destination type (NaN when unknown); `where`: "dst element 17" and
// more; `count`: such elements in this call.
AICORE_RT_COLD AICORE_RT_FN void NumReportElement(CoreContext& core, const char* api, SrcLoc loc,
                                                  const NumType& dt, double produced, double result,
                                                  const std::string& where, const NumInput* in,
                                                  size_t n_in, const NumScalar& sc, uint64_t count);

// Reports a NaN/Inf sum of finite inputs: `where` names the output,
// `inputs` the lanes summed (their exact sum in double, and their number).
AICORE_RT_COLD AICORE_RT_FN void NumReportSum(CoreContext& core, const char* api, SrcLoc loc,
                                              const NumType& t, double produced,
                                              const std::string& where, const std::string& inputs,
                                              double exact_sum, uint64_t n, uint64_t count);

AICORE_TARGET_BEGIN

// Destination types numcheck inspects.
template <class T>
constexpr bool kNumFloat = kIsOneOf<T, half, bfloat16_t, float>;

// Element types a source may have (int4b_t sources, packed two per byte,
// are not checked: they convert to half exactly).
template <class T>
constexpr bool kNumSource = kNumFloat<T> || std::is_arithmetic_v<T>;

// Whether numcheck applies to an instruction writing TD from sources TS...
// (hooks test it with `if constexpr`, so that nothing is left of them for
// integer destinations).
template <class TD, class... TS>
constexpr bool kNumChecked = kNumFloat<TD> && (kNumSource<TS> && ...);

// Whether numcheck is on for the running block.
AICORE_INLINE bool NumOn(const CoreContext& core) { return (core.san & kNumcheck) != 0; }

// ---- element tests ---------------------------------------------------------

template <class T>
using NumBits = std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>;

// Exponent bits of a floating type (all set: NaN or ±Inf).
template <class T>
constexpr uint32_t kNumExpMask = std::is_same_v<T, half> ? 0x7C00u
                                 : std::is_same_v<T, bfloat16_t> ? 0x7F80u
                                                                  : 0x7F800000u;

// Whether the element at p is NaN or ±Inf (integers: never).
template <class T>
AICORE_INLINE bool NumNonFinite(const void* p) {
  if constexpr (kNumFloat<T>) {
    NumBits<T> b;
    std::memcpy(&b, p, sizeof(b));
    return (b & kNumExpMask<T>) == kNumExpMask<T>;
  } else {
    (void)p;
    return false;
  }
}

// The element at p as a double (for messages and recomputation).
template <class T>
inline double NumValue(const void* p) {
  T v;
  std::memcpy(static_cast<void*>(&v), p, sizeof(T));
  if constexpr (kIsOneOf<T, half, bfloat16_t>) {
    return static_cast<double>(static_cast<float>(v));
  } else {
    return static_cast<double>(v);
  }
}

// Index of the first NaN/Inf element of p[i, n), or n (vectorized).
template <class T>
inline size_t NumNextNonFinite(const T* p, size_t i, size_t n) {
  namespace hn = simd::hn;
  using U = NumBits<T>;
  const U* u = reinterpret_cast<const U*>(p);
  const hn::ScalableTag<U> d;
  const size_t N = hn::Lanes(d);
  const auto e = hn::Set(d, static_cast<U>(kNumExpMask<T>));
  auto bad = [&](size_t k) { return hn::Eq(hn::And(hn::LoadU(d, u + k), e), e); };
  for (; i + 4 * N <= n; i += 4 * N) {
    const auto any = hn::Or(hn::Or(bad(i), bad(i + N)), hn::Or(bad(i + 2 * N), bad(i + 3 * N)));
    if (!hn::AllFalse(d, any)) break;  // located below
  }
  for (; i + N <= n; i += N) {
    const auto m = bad(i);
    if (!hn::AllFalse(d, m)) return i + static_cast<size_t>(hn::FindFirstTrue(d, m));
  }
  for (; i < n; ++i) {
    if (NumNonFinite<T>(p + i)) return i;
  }
  return n;
}

// Bit k set when lane k (< lanes <= 64) of the block at p is NaN/Inf.
template <class T>
inline uint64_t NumBlockNonFinite(const uint8_t* p, uint32_t lanes) {
  uint64_t bits = 0;
  if constexpr (kNumFloat<T>) {
    NumBits<T> v[64];
    std::memcpy(v, p, lanes * sizeof(T));
    for (uint32_t k = 0; k < lanes; ++k) {
      bits |= uint64_t{(v[k] & kNumExpMask<T>) == kNumExpMask<T>} << k;
    }
  } else {
    (void)p, (void)lanes;
  }
  return bits;
}

template <class T>
inline const NumType& NumTypeOf() {
  static constexpr NumType t{
      TypeName<T>(),
      std::is_same_v<T, half>         ? 65504.0
      : std::is_same_v<T, bfloat16_t> ? 3.3895313892515355e38
      : std::is_same_v<T, float>      ? 3.4028234663852886e38
                                      : 0.0,
      &NumBlockNonFinite<T>, &NumValue<T>};
  return t;
}

// ---- the instruction's scalar and its f32 result ----------------------------

template <class Op, class = void>
struct NumHasS : std::false_type {};
template <class Op>
struct NumHasS<Op, std::void_t<decltype(std::declval<const Op&>().s)>> : std::true_type {};
template <class Op, class = void>
struct NumHasAlpha : std::false_type {};
template <class Op>
struct NumHasAlpha<Op, std::void_t<decltype(std::declval<const Op&>().alpha)>> : std::true_type {};

template <class Op>
inline NumScalar NumScalarOf(const Op& op) {
  if constexpr (NumHasS<Op>::value) {
    return NumScalar{true, static_cast<double>(op.s)};
  } else if constexpr (NumHasAlpha<Op>::value) {
    return NumScalar{true, static_cast<double>(op.alpha)};
  } else {
    (void)op;
    return NumScalar{};
  }
}

// The op's result for one element before rounding to TD (the f32 value that
// overflowed half), from source values v[0..): one-lane vectors through the
// very op the instruction uses.
template <class TD, class Op, size_t... I>
inline double NumApply(const Op& op, const double* v, std::index_sequence<I...>) {
  namespace hn = simd::hn;
  using C = simd::ComputeT<TD>;
  const hn::CappedTag<C, 1> d;
  return static_cast<double>(hn::GetLane(op(d, hn::Set(d, static_cast<C>(v[I]))...)));
}

// The op of a conversion (Cast): the result is the source value.
struct NumConvertOp {
  template <class D, class V>
  HWY_INLINE V operator()(D, V a) const { return a; }
};

// ---- reports ---------------------------------------------------------------


// ---- count forms -----------------------------------------------------------

// Per-thread copies of sources the destination overwrites (slots 0..2;
// grown on demand, never shrunk: no allocation once a thread has seen its
// largest call).
inline uint8_t* NumScratch(int slot, size_t bytes) {
  thread_local std::vector<uint8_t> s[3];
  std::vector<uint8_t>& v = s[slot];
  if (v.size() < bytes) v.resize(bytes);
  return v.data();
}

// Runs a count-form instruction under numcheck: `run()` computes dst[i] =
// op(src[i]...) for i < n (the instruction's own loop), `roles` names the
// sources. Exact per element (see the top of this file).
template <class TD, class Op, class Run, class... TS>
AICORE_NOINLINE void NumCount(CoreContext& core, const char* api, SrcLoc loc,
                              const char* const* roles, const Op& op, const Run& run, TD* dst,
                              size_t n, const TS*... src) {
  static_assert(sizeof...(TS) >= 1 && sizeof...(TS) <= 3, "one to three sources");
  const NumScalar sc = NumScalarOf(op);
  if (sc.present && !std::isfinite(sc.value)) {  // every result comes from a NaN/Inf input
    run();
    return;
  }
  const uint8_t* lo = reinterpret_cast<const uint8_t*>(dst);
  const uint8_t* hi = lo + n * sizeof(TD);
  int slot = 0;
  // A source the results overwrite is copied: its values decide whether a
  // NaN/Inf result is a finding.
  auto keep = [&](const auto* p) {
    using S = std::remove_cv_t<std::remove_pointer_t<decltype(p)>>;
    const uint8_t* b = reinterpret_cast<const uint8_t*>(p);
    const size_t bytes = n * sizeof(S);
    if (bytes == 0 || b >= hi || lo >= b + bytes) return p;
    uint8_t* copy = NumScratch(slot++, bytes);
    std::memcpy(copy, b, bytes);
    return reinterpret_cast<const S*>(copy);
  };
  const std::tuple<const TS*...> in{keep(src)...};  // braced: evaluated in order
  run();
  uint64_t count = 0;
  size_t first = 0;
  for (size_t i = NumNextNonFinite(dst, 0, n); i < n; i = NumNextNonFinite(dst, i + 1, n)) {
    const bool finite_in =
        std::apply([i](const auto*... p) { return (!NumNonFinite<TS>(p + i) && ...); }, in);
    if (finite_in && count++ == 0) first = i;
  }
  if (count == 0) return;
  double v[sizeof...(TS)];
  std::apply(
      [&](const auto*... p) {
        size_t k = 0;
        ((v[k++] = NumValue<TS>(p + first)), ...);
      },
      in);
  NumInput inputs[sizeof...(TS)];
  for (size_t k = 0; k < sizeof...(TS); ++k) inputs[k] = NumInput{roles[k], v[k], true};
  const double result = NumApply<TD>(op, v, std::index_sequence_for<TS...>());
  NumReportElement(core, api, loc, NumTypeOf<TD>(), NumValue<TD>(dst + first), result,
                   "dst element " + std::to_string(first), inputs, sizeof...(TS), sc, count);
}

// The count-form hook: runs `run()` (dst[i] = op(src[i]...) for i < n),
// checked by NumCount when numcheck is on.
template <class TD, class Op, class Run, class... TS>
AICORE_INLINE void NumRun(CoreContext& core, const char* api, SrcLoc loc, const char* const* roles,
                          const Op& op, const Run& run, TD* dst, size_t n, const TS*... src) {
  if constexpr (kNumChecked<TD, TS...>) {
    if (AICORE_UNLIKELY(NumOn(core))) {
      NumCount(core, api, loc, roles, op, run, dst, n, src...);
      return;
    }
  }
  run();
}

// Source roles, in the order the sources are passed.
inline constexpr const char* kNumRolesSrc[] = {"src"};
inline constexpr const char* kNumRolesSrc01[] = {"src0", "src1"};
inline constexpr const char* kNumRolesSrcDst[] = {"src", "dst"};
inline constexpr const char* kNumRolesSrc01Dst[] = {"src0", "src1", "dst"};
inline constexpr const char* kNumRolesSrc0DstSrc1[] = {"src0", "dst", "src1"};

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

#if AICORE_RT_DEFINITIONS
#include "aicore/instrument/sanitizer/numeric-inl.h"
#endif
