// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Layout, the basic API's shape-and-stride pair (the vendor's
// kernel_operator_layout.h), as far as the APIs that take one (TransData)
// use it:
//
//   Shape<Ts...>, Stride<Ts...>          aliases of Std::tuple
//   MakeShape(t...), MakeStride(t...)    pack values into a Shape / Stride
//                                        (MakeStride() is the empty Stride)
//   Layout<ShapeType, StrideType>(shape = {}, stride = {})
//     GetShape(), GetStride()            the parts (references), read with
//                                        Std::get<i>(layout.GetShape())
//     layout()                           the object itself
//     layout(coord)                      the element offset of a coordinate:
//                                        the sum of coord_i * stride_i (a
//                                        nested coordinate with a nested
//                                        stride sums recursively)
//     Rank(), Size()                     the number of modes, the product of
//                                        the shape's (flattened) extents
//   MakeLayout(shape, stride)            Layout<ShapeType, StrideType>
//   is_layout<T>::value, is_layout_v<T>  whether T is a Layout
//
// Not provided: the sub-mode selectors (Shape<I...>(), Get<I...>(),
// Capacity, Cosize) of the tensor API's Layout, MakeFrameLayout and
// MakePatternLayout (the Ascend 950 tensor API).
#pragma once

#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

#include "aicore/base/kernel_utils.h"

namespace AscendC {

template <typename... Shapes>
using Shape = Std::tuple<Shapes...>;
template <typename... Strides>
using Stride = Std::tuple<Strides...>;

template <typename... Ts>
constexpr Shape<Ts...> MakeShape(const Ts&... t) {
  return Shape<Ts...>(t...);
}
template <typename... Ts>
constexpr Stride<Ts...> MakeStride(const Ts&... t) {
  return Stride<Ts...>(t...);
}

namespace layout_detail {
template <typename T>
struct IsTuple : std::false_type {};
template <typename... Ts>
struct IsTuple<Std::tuple<Ts...>> : std::true_type {};

template <typename C, typename S>
constexpr auto Crd2Idx(const C& coord, const S& stride);
template <typename C, typename S, size_t... I>
constexpr auto Crd2IdxEach(const C& coord, const S& stride, std::index_sequence<I...>) {
  return (int64_t{0} + ... + static_cast<int64_t>(Crd2Idx(Std::get<I>(coord), Std::get<I>(stride))));
}
template <typename C, typename S>
constexpr auto Crd2Idx(const C& coord, const S& stride) {
  if constexpr (IsTuple<C>::value) {
    static_assert(IsTuple<S>::value && std::tuple_size<C>::value == std::tuple_size<S>::value,
                  "Layout(coord): the coordinate must have the stride's modes");
    return Crd2IdxEach(coord, stride, std::make_index_sequence<std::tuple_size<C>::value>{});
  } else {
    static_assert(!IsTuple<S>::value, "Layout(coord): a scalar coordinate needs a scalar stride");
    return static_cast<int64_t>(coord) * static_cast<int64_t>(stride);
  }
}

template <typename T>
constexpr int64_t Product(const T& t);
template <typename T, size_t... I>
constexpr int64_t ProductEach(const T& t, std::index_sequence<I...>) {
  return (int64_t{1} * ... * Product(Std::get<I>(t)));
}
template <typename T>
constexpr int64_t Product(const T& t) {
  if constexpr (IsTuple<T>::value) {
    return ProductEach(t, std::make_index_sequence<std::tuple_size<T>::value>{});
  } else {
    return static_cast<int64_t>(t);
  }
}
}  // namespace layout_detail

template <typename ShapeType, typename StrideType>
struct Layout : private Std::tuple<ShapeType, StrideType> {
  constexpr Layout(const ShapeType& shape = {}, const StrideType& stride = {})
      : Std::tuple<ShapeType, StrideType>(shape, stride) {}

  constexpr Layout& layout() { return *this; }
  constexpr const Layout& layout() const { return *this; }
  constexpr ShapeType& GetShape() { return Std::get<0>(Base()); }
  constexpr const ShapeType& GetShape() const { return Std::get<0>(Base()); }
  constexpr StrideType& GetStride() { return Std::get<1>(Base()); }
  constexpr const StrideType& GetStride() const { return Std::get<1>(Base()); }

  template <typename C>
  constexpr int64_t operator()(const C& coord) const {
    return layout_detail::Crd2Idx(coord, GetStride());
  }
  constexpr size_t Rank() const { return std::tuple_size<ShapeType>::value; }
  constexpr int64_t Size() const { return layout_detail::Product(GetShape()); }

 private:
  constexpr Std::tuple<ShapeType, StrideType>& Base() { return *this; }
  constexpr const Std::tuple<ShapeType, StrideType>& Base() const { return *this; }
};

template <typename ShapeType, typename StrideType>
constexpr auto MakeLayout(const ShapeType& shape, const StrideType& stride) {
  return Layout<ShapeType, StrideType>(shape, stride);
}

template <typename T>
struct is_layout : Std::false_type {};
template <typename ShapeType, typename StrideType>
struct is_layout<Layout<ShapeType, StrideType>> : Std::true_type {};
template <typename T>
inline constexpr bool is_layout_v = is_layout<Std::remove_cvref_t<T>>::value;

}  // namespace AscendC
