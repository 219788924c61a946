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
//   MakeLayout(shape, stride)            Layout<ShapeType, StrideType>
//   is_layout<T>::value, is_layout_v<T>  whether T is a Layout
//
// Not provided: operator()(coord) (Crd2Idx, the coordinate to index mapping
// of the Coordinate helpers) and the hierarchical (nested) shapes.
#pragma once

#include <type_traits>

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
