// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The small utility templates of the Ascend C API that kernels use next to
// the instructions (the vendor's utils/std and kernel_utils headers):
//
//   AscendC::Std   integral_constant, bool_constant, true_type, false_type,
//                  Int<N> (with + - * / % on Int), conditional(_t),
//                  enable_if(_t), is_same(_v), is_one_of(_v),
//                  is_one_of_value(_v), decay_t, remove_cvref_t & co.,
//                  tuple, make_tuple, tie, forward_as_tuple, get,
//                  tuple_size(_v), tuple_element, ignore, index_sequence,
//                  min, max, abs, sqrt, ceil_division, ceil_align, divide,
//                  forward, move, declval
//   AscendC::Coord<...> (a Std::tuple), MakeCoord(...)
//   AscendC::IsSameType<T, U>::value, SizeOfBits<T>::value, Conditional, ConditionalMulti
//   AscendC::DivCeil(a, b), AlignUp(a, b), Ceil(a, b)    uint32_t, rounding up
//   AscendC::ToFloat(bfloat16_t / half)                  exact widening to float
//   AscendC::GetBitCount, CountLeadingZero, CountBitsCntSameAsSignBit, GetSFFValue,
//            Cast (scalar), Read/WriteGmByPassDCache     the scalar functions (and the
//            deprecated names ScalarGetCountOfValue, ScalarCountLeadingZero,
//            ScalarGetSFFValue, ScalarCast, ToBfloat16)
//   AscendC::CacheLine                                   SINGLE_CACHE_LINE, ENTIRE_DATA_CACHE
//
// Std::tuple is std::tuple (the vendor's is its own class with the same
// interface), so Std::get and structured bindings both work on it.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

#include "aicore/base/convert.h"
#include "aicore/base/defs.h"
#include "aicore/base/half.h"
#include "aicore/base/int4b.h"
#include "aicore/base/types.h"

namespace AscendC {
namespace Std {

// Std's own integral_constant (derived from std's, so it converts and works
// wherever std's does) so that the Int<N> operators below are found by
// argument-dependent lookup.
template <typename Tp, Tp v>
struct integral_constant : std::integral_constant<Tp, v> {
  using type = integral_constant;
};
template <bool b>
using bool_constant = integral_constant<bool, b>;
using true_type = bool_constant<true>;
using false_type = bool_constant<false>;

template <size_t v>
using Int = integral_constant<size_t, v>;

#define AICORE_STD_INT_OP(OP)                                         \
  template <size_t t, size_t u>                                       \
  constexpr Int<(t OP u)> operator OP(Int<t>, Int<u>) noexcept { return {}; }
AICORE_STD_INT_OP(+)
AICORE_STD_INT_OP(-)
AICORE_STD_INT_OP(*)
AICORE_STD_INT_OP(/)
AICORE_STD_INT_OP(%)
#undef AICORE_STD_INT_OP

using std::add_const;
using std::add_const_t;
using std::add_cv;
using std::add_cv_t;
using std::add_lvalue_reference;
using std::add_lvalue_reference_t;
using std::add_pointer;
using std::add_pointer_t;
using std::add_rvalue_reference;
using std::add_rvalue_reference_t;
using std::add_volatile;
using std::add_volatile_t;
using std::conditional;
using std::conditional_t;
using std::decay;
using std::decay_t;
using std::enable_if;
using std::enable_if_t;
using std::is_array;
using std::is_array_v;
using std::is_base_of;
using std::is_base_of_v;
using std::is_class;
using std::is_class_v;
using std::is_const;
using std::is_const_v;
using std::is_convertible;
using std::is_convertible_v;
using std::is_floating_point;
using std::is_floating_point_v;
using std::is_function;
using std::is_function_v;
using std::is_integral;
using std::is_integral_v;
using std::is_pointer;
using std::is_pointer_v;
using std::is_reference;
using std::is_reference_v;
using std::is_same;
using std::is_same_v;
using std::is_union;
using std::is_union_v;
using std::is_void;
using std::is_void_v;
using std::remove_const;
using std::remove_const_t;
using std::remove_cv;
using std::remove_cv_t;
using std::remove_extent;
using std::remove_extent_t;
using std::remove_pointer;
using std::remove_pointer_t;
using std::remove_reference;
using std::remove_reference_t;
using std::remove_volatile;
using std::remove_volatile_t;

template <class T>
struct remove_cvref {
  using type = std::remove_cv_t<std::remove_reference_t<T>>;
};
template <class T>
using remove_cvref_t = typename remove_cvref<T>::type;

// is_one_of<T, A, B, ...>: T is one of the listed types.
template <typename T, typename... Ts>
struct is_one_of : bool_constant<(std::is_same_v<T, Ts> || ...)> {};
template <typename T, typename... Ts>
inline constexpr bool is_one_of_v = is_one_of<T, Ts...>::value;

// is_one_of_value<T, v, a, b, ...>: v equals one of the listed values.
template <typename T, T V, T... Vs>
struct is_one_of_value : bool_constant<((V == Vs) || ...)> {};
template <typename T, T V, T... Vs>
inline constexpr bool is_one_of_value_v = is_one_of_value<T, V, Vs...>::value;

using std::declval;
using std::forward;
using std::move;

template <class T, T... Ns>
using IntegerSequence = std::integer_sequence<T, Ns...>;
template <size_t... Ns>
using index_sequence = std::index_sequence<Ns...>;
template <size_t N>
using make_index_sequence = std::make_index_sequence<N>;
template <class... T>
using index_sequence_for = std::index_sequence_for<T...>;

using std::forward_as_tuple;
using std::get;
using std::ignore;
using std::make_tuple;
using std::tie;
using std::tuple;
using std::tuple_element;
using std::tuple_element_t;
using std::tuple_size;
using std::tuple_size_v;

template <class T>
struct is_tuple : false_type {};
template <class... Ts>
struct is_tuple<std::tuple<Ts...>> : true_type {};
template <class T>
inline constexpr bool is_tuple_v = is_tuple<remove_cvref_t<T>>::value;

// Algorithms and arithmetic (the vendor's take two possibly different types).
template <typename T, typename U>
constexpr auto min(const T& a, const U& b) {
  return (a < b) ? a : b;
}
template <typename T, typename U>
constexpr auto max(const T& a, const U& b) {
  return (a > b) ? a : b;
}
template <typename T>
constexpr T abs(const T& v) {
  return v < T(0) ? T(-v) : v;
}
template <typename T>
inline T sqrt(const T& v) {
  return static_cast<T>(std::sqrt(static_cast<double>(v)));
}
template <typename T, typename U>
constexpr auto ceil_division(const T& a, const U& b) {
  return (a + b - 1) / b;
}
template <typename T, typename U>
constexpr auto ceil_align(const T& a, const U& b) {
  return ceil_division(a, b) * b;
}
template <typename T, typename U>
constexpr auto divide(const T& a, const U& b) {
  return a / b;
}

}  // namespace Std

// A coordinate (kernel_operator_coord.h): a tuple of indices, as the
// Matmul API's block and offset coordinates are.
template <typename... Coords>
using Coord = Std::tuple<Coords...>;
template <typename... Ts>
constexpr Coord<Ts...> MakeCoord(const Ts&... t) {
  return {t...};
}

// BoolInst<b> (TrueType, FalseType): a bool as a type, with ::Type and
// ::value; IsSameType<T, U>::value derives from them, as the vendor's does
// (kernels test IsSameType<decltype(f()), TrueType>).
template <bool b>
struct BoolInst : std::integral_constant<bool, b> {
  using Type = BoolInst<b>;
};
using TrueType = BoolInst<true>;
using FalseType = BoolInst<false>;

// IsSameType<T, U>::value
template <typename T, typename U>
struct IsSameType : FalseType {};
template <typename T>
struct IsSameType<T, T> : TrueType {};

// Conditional<cond, T1, T2>::type: T1 when cond, else T2;
// ConditionalMulti<c1, c2, T1, T2, T3, T4>::type: c1 ? (c2 ? T1 : T2) : (c2 ? T3 : T4).
template <bool condition, class T1, class T2>
struct Conditional {
  using type = std::conditional_t<condition, T1, T2>;
};
template <bool condition1, bool condition2, class T1, class T2, class T3, class T4>
struct ConditionalMulti {
  using type = std::conditional_t<condition1, std::conditional_t<condition2, T1, T2>,
                                  std::conditional_t<condition2, T3, T4>>;
};

// SizeOfBits<T>::value: the bits of one element (4 for int4b_t).
template <typename T>
struct SizeOfBits {
  static constexpr uint32_t value = sizeof(T) * 8;
};
template <>
struct SizeOfBits<int4b_t> {
  static constexpr uint32_t value = 4;
};

// Integer helpers of the vendor's kernel_utils (uint32_t, like the vendor's).
constexpr inline uint32_t DivCeil(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
constexpr inline uint32_t AlignUp(uint32_t a, uint32_t b) { return DivCeil(a, b) * b; }
inline uint32_t Ceil(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

// ToFloat: a bfloat16_t (or half) widened to float, exactly.
inline float ToFloat(const bfloat16_t& v) { return static_cast<float>(v); }
inline float ToFloat(const half& v) { return static_cast<float>(v); }

// The scalar unit's functions (basic_api/kernel_operator_scalar_intf.h), with
// the deprecated Scalar* names the vendor keeps as aliases:
//   GetBitCount<0|1>(v) / ScalarGetCountOfValue    how many bits of v are 0 / 1
//   CountLeadingZero(v) / ScalarCountLeadingZero   leading zero bits (64 for 0)
//   CountBitsCntSameAsSignBit(v)                   bits below the sign bit equal to
//                                                  it, from the top (-1 for 0 and -1)
//   GetSFFValue<0|1>(v) / ScalarGetSFFValue        index of the lowest 0 / 1 bit, or -1
//   Cast<T, U, roundMode>(v) / ScalarCast          float -> half (CAST_ODD), float ->
//                                                  int32_t (CAST_ROUND/CEIL/FLOOR/RINT)
//   Cast(float) -> bfloat16_t (CAST_RINT) / ToBfloat16, Cast(bfloat16_t) -> float
//   ReadGmByPassDCache(addr) / WriteGmByPassDCache(addr, v): a GM load / store
//   (atomic on the CPU: other cores see it at once, as when it bypasses the DCache).
template <int countValue>
inline int64_t GetBitCount(uint64_t valueIn) {
  static_assert(countValue == 0 || countValue == 1, "GetBitCount: countValue is 0 or 1");
  const int ones = __builtin_popcountll(valueIn);
  return countValue == 1 ? ones : 64 - ones;
}
template <int countValue>
inline int64_t ScalarGetCountOfValue(uint64_t valueIn) {
  return GetBitCount<countValue>(valueIn);
}

inline int64_t CountLeadingZero(uint64_t valueIn) { return valueIn == 0 ? 64 : __builtin_clzll(valueIn); }
inline int64_t ScalarCountLeadingZero(uint64_t valueIn) { return CountLeadingZero(valueIn); }

inline int64_t CountBitsCntSameAsSignBit(int64_t valueIn) {
  const uint64_t bits = static_cast<uint64_t>(valueIn);
  const uint64_t rest = valueIn < 0 ? ~bits : bits;  // the sign bit and its copies become 0
  return rest == 0 ? -1 : CountLeadingZero(rest) - 1;
}

template <int countValue>
inline int64_t GetSFFValue(uint64_t valueIn) {
  static_assert(countValue == 0 || countValue == 1, "GetSFFValue: countValue is 0 or 1");
  const uint64_t ones = countValue == 1 ? valueIn : ~valueIn;
  return ones == 0 ? -1 : __builtin_ctzll(ones);
}
template <int countValue>
inline int64_t ScalarGetSFFValue(uint64_t valueIn) {
  return GetSFFValue<countValue>(valueIn);
}

template <typename T, typename U, RoundMode roundMode>
inline U Cast(T valueIn) {
  static_assert(std::is_same_v<T, float> &&
                    ((std::is_same_v<U, half> && roundMode == RoundMode::CAST_ODD) ||
                     (std::is_same_v<U, int32_t> &&
                      (roundMode == RoundMode::CAST_ROUND || roundMode == RoundMode::CAST_CEIL ||
                       roundMode == RoundMode::CAST_FLOOR || roundMode == RoundMode::CAST_RINT))),
                "Cast (scalar): float -> half takes CAST_ODD; float -> int32_t takes CAST_ROUND, CAST_CEIL, "
                "CAST_FLOOR or CAST_RINT");
  return aicore::detail::ConvertScalar<U>(valueIn, roundMode);
}
template <typename T, typename U, RoundMode roundMode>
inline U ScalarCast(T valueIn) {
  return Cast<T, U, roundMode>(valueIn);
}
inline bfloat16_t Cast(const float& fVal) {
  return aicore::detail::ConvertScalar<bfloat16_t>(fVal, RoundMode::CAST_RINT);
}
inline float Cast(const bfloat16_t& bVal) { return static_cast<float>(bVal); }
inline bfloat16_t ToBfloat16(const float& fVal) { return Cast(fVal); }

template <typename T>
inline T ReadGmByPassDCache(__gm__ T* addr) {
  static_assert(std::is_integral_v<T> && sizeof(T) <= 8, "ReadGmByPassDCache: T is an 8- to 64-bit integer");
  return __atomic_load_n(addr, __ATOMIC_SEQ_CST);
}
template <typename T>
inline void WriteGmByPassDCache(__gm__ T* addr, T value) {
  static_assert(std::is_integral_v<T> && sizeof(T) <= 8, "WriteGmByPassDCache: T is an 8- to 64-bit integer");
  __atomic_store_n(addr, value, __ATOMIC_SEQ_CST);
}

// The cache-line operand of DataCacheCleanAndInvalid.
enum class CacheLine : uint64_t { SINGLE_CACHE_LINE = 0, ENTIRE_DATA_CACHE };

}  // namespace AscendC
