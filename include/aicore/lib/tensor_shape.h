// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// ge::Shape, the shape type the host tiling functions of the advanced APIs
// take (the vendor's graph/tensor.h), and its alias AscendC::TensorShape
// (the vendor's adv_api/utils/types.h). Only what tiling code uses:
//
//   ge::Shape()                      no dimensions
//   ge::Shape(std::vector<int64_t>)  the given dimensions
//   GetDimNum()    number of dimensions
//   GetDim(i)      dimension i (0 when i is out of range)
//   GetDims()      all dimensions
//   GetShapeSize() product of the dimensions (0 for no dimensions, -1 when
//                  one is negative, i.e. unknown)
//   SetDim(i, v)   sets dimension i; returns false when i is out of range
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace ge {

class Shape {
 public:
  Shape() = default;
  explicit Shape(std::vector<int64_t> dims) : dims_(std::move(dims)) {}

  size_t GetDimNum() const { return dims_.size(); }
  int64_t GetDim(size_t idx) const { return idx < dims_.size() ? dims_[idx] : 0; }
  std::vector<int64_t> GetDims() const { return dims_; }
  int64_t GetShapeSize() const {
    if (dims_.empty()) return 0;
    int64_t n = 1;
    for (const int64_t d : dims_) {
      if (d < 0) return -1;
      n *= d;
    }
    return n;
  }
  bool SetDim(size_t idx, int64_t value) {
    if (idx >= dims_.size()) return false;
    dims_[idx] = value;
    return true;
  }

 private:
  std::vector<int64_t> dims_;
};

}  // namespace ge

namespace AscendC {
using TensorShape = ge::Shape;
}  // namespace AscendC
