// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The operator repositories' host utilities (namespace Ops::Base; the
// vendor's op_common package, reached as log/log.h, util/math_util.h,
// util/platform_util.h, util/shape_util.h and op_common/...):
//
//   log           OP_LOGE ... (aicore/op/op_log.h), GetOpInfo, ToString
//   math          FloorDiv, FloorAlign, CeilDiv, CeilAlign (a zero divisor or
//                 alignment: FloorDiv / CeilDiv give x, the Aligns 0; CeilAlign
//                 saturates at the type's maximum), IsFloatEqual
//   platform      GetAivCoreNum, GetAicCoreNum, GetUbSize (of the current SoC
//                 profile), GetUbBlockSize (32), GetVRegSize (256),
//                 GetCacheLineSize (256) ...
//   shape         IsDimValid, SetUnknownRank / IsUnknownRank (one dim -2),
//                 SetUnknownShape / IsUnknownShape (a dim -1), EnsureNotScalar
//   constants     GetConstInt, GetValueToInteger, GetConstIntToShape,
//                 GetValueToShape (const_util.h); IsRegbaseSocVersion (false
//                 on every aicore profile); the ViewErrorCode values
//   inference     InferShape4Elewise (input 0's shape), InferShape4Broadcast
//                 and BroadcastShape (NumPy rules), InferShape4Reduce and
//                 ReduceDims[WithKeepDims|WithoutKeepDims]
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "aicore/op/op_def.h"
#include "aicore/op/op_log.h"

namespace Ops {
namespace Base {

inline const char* GetSafeStr(const char* s) { return s; }
inline const char* GetSafeStr(const std::string& s) { return s.c_str(); }
inline const std::string& GetOpInfo(const std::string& s) { return s; }
inline const char* GetOpInfo(const char* s) { return s == nullptr ? "nil" : s; }
template <class T, class = std::enable_if_t<std::is_pointer_v<T> && !std::is_same_v<std::decay_t<T>, const char*> &&
                                            !std::is_same_v<std::decay_t<T>, char*>>>
std::string GetOpInfo(T context) {
  return aicore::op::log::Who(context);
}

inline std::string ToString(ge::DataType t) { return ge::DataTypeName(t); }
inline std::string ToString(ge::Format f);
inline std::string ToString(const gert::Shape& s) { return s.ToString(); }
inline std::string ToString(const std::vector<const gert::Shape*>& v) {
  std::string out;
  for (const gert::Shape* s : v) out += (out.empty() ? "" : ", ") + (s != nullptr ? s->ToString() : "nil");
  return "[" + out + "]";
}

template <typename T>
auto FloorDiv(T x, T y) -> std::enable_if_t<std::is_integral_v<T>, T> {
  return y == 0 ? x : x / y;
}
template <typename T>
auto FloorAlign(T x, T align) -> std::enable_if_t<std::is_integral_v<T>, T> {
  return align == 0 ? 0 : x / align * align;
}
// Rounds the quotient up (away from zero when x and y have one sign).
template <typename T>
auto CeilDiv(T x, T y) -> std::enable_if_t<std::is_integral_v<T>, T> {
  if (y == 0 || x == 0) return x;
  const T q = x / y;
  if constexpr (std::is_signed_v<T>) {
    return x % y != 0 && (x < 0) == (y < 0) ? q + 1 : q;
  } else {
    return x % y != 0 ? q + 1 : q;
  }
}
template <typename T>
auto CeilAlign(T x, T align) -> std::enable_if_t<std::is_integral_v<T>, T> {
  if (align == 0) return 0;
  const T d = CeilDiv(x, align);
  return d > std::numeric_limits<T>::max() / align ? std::numeric_limits<T>::max() : d * align;
}
template <typename T>
auto IsFloatEqual(T a, T b) -> std::enable_if_t<std::is_floating_point_v<T>, bool> {
  if (std::isnan(a) || std::isnan(b)) return false;
  if (std::isinf(a) || std::isinf(b)) return a == b;
  return std::fabs(a - b) <= std::numeric_limits<T>::epsilon();
}

template <typename T>
uint32_t GetAivCoreNum(const T* context) {
  return context == nullptr ? 0 : platform_ascendc::PlatformAscendC(context->GetPlatformInfo()).GetCoreNumAiv();
}
template <typename T>
uint32_t GetAicCoreNum(const T* context) {
  return context == nullptr ? 0 : platform_ascendc::PlatformAscendC(context->GetPlatformInfo()).GetCoreNumAic();
}
template <typename T>
uint32_t GetUbSize(const T* context) {
  if (context == nullptr) return 0;
  uint64_t ub = 0;
  platform_ascendc::PlatformAscendC(context->GetPlatformInfo()).GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);
  return static_cast<uint32_t>(ub);
}
template <typename T>
uint32_t GetUbBlockSize(const T*) {
  return 32;
}
template <typename T>
uint32_t GetVRegSize(const T*) {
  return 256;
}
template <typename T>
uint32_t GetCacheLineSize(const T*) {
  return 256;
}
template <typename T>
uint32_t GetSectorCacheLineSize(const T* context) {
  return GetCacheLineSize(context) / 2;
}

using ge::UNKNOWN_DIM;
using ge::UNKNOWN_DIM_NUM;

inline bool IsDimValid(int64_t dimNum, int64_t axis) {
  if (dimNum == 0) return axis == 0;
  return axis >= -dimNum && axis <= dimNum - 1;
}
inline void SetUnknownRank(gert::Shape& shape) {
  shape.SetDimNum(0);
  shape.AppendDim(UNKNOWN_DIM_NUM);
}
inline bool IsUnknownRank(const gert::Shape& shape) {
  return shape.GetDimNum() == 1 && shape.GetDim(0) == UNKNOWN_DIM_NUM;
}
inline void SetUnknownShape(int64_t rank, gert::Shape& shape) {
  shape.SetDimNum(0);
  for (int64_t i = 0; i < rank; ++i) shape.AppendDim(UNKNOWN_DIM);
}
inline bool IsUnknownShape(const gert::Shape& shape) {
  for (size_t i = 0; i < shape.GetDimNum(); ++i) {
    if (shape.GetDim(i) == UNKNOWN_DIM) return true;
  }
  return false;
}
// A scalar (no dimensions) as the one-element shape [1]; other shapes as they are.
inline const gert::Shape& EnsureNotScalar(const gert::Shape& in) {
  static const gert::Shape kOne{1};
  return in.GetDimNum() == 0 ? kOne : in;
}

}  // namespace Base
}  // namespace Ops

namespace ge {
// graph/utils/type_utils.h: names and sizes of ge::DataType / ge::Format.
struct TypeUtils {
  static std::string DataTypeToSerialString(DataType t) { return DataTypeName(t); }
  // "ND", "NCHW", "FRACTAL_NZ" (the name without FORMAT_).
  static std::string FormatToSerialString(Format f) {
    const std::string n = FormatName(f);
    return n.compare(0, 7, "FORMAT_") == 0 ? n.substr(7) : n;
  }
  static AscendString DataTypeToAscendString(DataType t) { return AscendString(DataTypeName(t).c_str()); }
  static AscendString FormatToAscendString(Format f) { return AscendString(FormatToSerialString(f).c_str()); }
  // The element size in bytes; false for a type without one (sub-byte types, strings ...).
  static bool GetDataTypeLength(DataType t, uint32_t& length) {
    const size_t n = DataTypeBytes(t);
    if (n == 0) return false;
    length = static_cast<uint32_t>(n);
    return true;
  }
};
inline int GetSizeByDataType(DataType t) { return static_cast<int>(DataTypeBytes(t)); }
}  // namespace ge

inline std::string Ops::Base::ToString(ge::Format f) { return ge::TypeUtils::FormatToSerialString(f); }

// Shape inference of the common operator kinds (infershape_elewise_util.h,
// infershape_broadcast_util.h, infershape_reduce_util.h).
namespace Ops {
namespace Base {

// Output 0 takes input 0's shape.
inline ge::graphStatus InferShape4Elewise(gert::InferShapeContext* context) {
  const gert::Shape* in = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, in);
  gert::Shape* out = context->GetOutputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, out);
  *out = *in;
  return ge::GRAPH_SUCCESS;
}

// NumPy broadcasting of the shapes, right-aligned: each pair of dimensions
// equal or one of them 1; an unknown dim (-1) against a known one other than
// 1 takes the known one; an unknown rank anywhere gives an unknown rank.
inline bool BroadcastShape(const std::vector<const gert::Shape*>& inShapes, gert::Shape* outShape) {
  if (outShape == nullptr) return false;
  size_t rank = 0;
  for (const gert::Shape* s : inShapes) {
    if (s == nullptr) return false;
    if (IsUnknownRank(*s)) {
      SetUnknownRank(*outShape);
      return true;
    }
    rank = std::max(rank, s->GetDimNum());
  }
  gert::Shape out;
  for (size_t i = 0; i < rank; ++i) out.AppendDim(1);
  for (const gert::Shape* s : inShapes) {
    const size_t off = rank - s->GetDimNum();
    for (size_t i = 0; i < s->GetDimNum(); ++i) {
      const int64_t d = s->GetDim(i), o = out.GetDim(off + i);
      if (d == o || d == 1) continue;
      if (o == 1) {
        out.SetDim(off + i, d);
      } else if (d == UNKNOWN_DIM || o == UNKNOWN_DIM) {
        out.SetDim(off + i, o == UNKNOWN_DIM ? d : o);  // an unknown dim takes the known one
      } else {
        return false;
      }
    }
  }
  *outShape = out;
  return true;
}
inline bool BroadcastShape(const gert::Shape* in1Shape, const gert::Shape* in2Shape, gert::Shape* outShape) {
  return BroadcastShape(std::vector<const gert::Shape*>{in1Shape, in2Shape}, outShape);
}
// Output 0: the broadcast of the first inputNum inputs' shapes.
inline ge::graphStatus InferShape4Broadcast(gert::InferShapeContext* context, size_t inputNum) {
  std::vector<const gert::Shape*> shapes;
  for (size_t i = 0; i < inputNum; ++i) {
    const gert::Shape* s = context->GetInputShape(i);
    OP_CHECK_NULL_WITH_CONTEXT(context, s);
    shapes.push_back(s);
  }
  gert::Shape* out = context->GetOutputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, out);
  if (!BroadcastShape(shapes, out)) {
    std::string all;
    for (const gert::Shape* s : shapes) all += (all.empty() ? "" : ", ") + s->ToString();
    OP_LOGE(context, "the input shapes %s do not broadcast", all.c_str());
    return ge::GRAPH_FAILED;
  }
  return ge::GRAPH_SUCCESS;
}
inline ge::graphStatus InferShape4Broadcast(gert::InferShapeContext* context) {
  return InferShape4Broadcast(context, context->GetComputeNodeInputNum());
}

// x's shape reduced over the axes (negative: from the end), the reduced
// dimensions kept as 1 or dropped.
template <typename T>
ge::graphStatus ReduceDims(const gert::Shape* xShape, const T* axes, int32_t axesSize, bool keepDims,
                           gert::Shape* yShape) {
  const int64_t rank = static_cast<int64_t>(xShape->GetDimNum());
  std::vector<bool> reduced(static_cast<size_t>(rank), false);
  for (int32_t i = 0; i < axesSize; ++i) {
    int64_t a = static_cast<int64_t>(axes[i]);
    if (!IsDimValid(rank, a)) return ge::GRAPH_FAILED;
    if (a < 0) a += rank;
    if (rank > 0) reduced[static_cast<size_t>(a)] = true;
  }
  gert::Shape y;
  for (int64_t i = 0; i < rank; ++i) {
    if (!reduced[static_cast<size_t>(i)]) {
      y.AppendDim(xShape->GetDim(static_cast<size_t>(i)));
    } else if (keepDims) {
      y.AppendDim(1);
    }
  }
  *yShape = y;
  return ge::GRAPH_SUCCESS;
}
template <typename T>
ge::graphStatus ReduceDimsWithKeepDims(const gert::Shape* xShape, const T* axes, int32_t axesSize, gert::Shape* yShape) {
  return ReduceDims(xShape, axes, axesSize, true, yShape);
}
template <typename T>
ge::graphStatus ReduceDimsWithoutKeepDims(const gert::Shape* xShape, const T* axes, int32_t axesSize,
                                          gert::Shape* yShape) {
  return ReduceDims(xShape, axes, axesSize, false, yShape);
}
// Inputs x and axes (an int32 or int64 tensor with data), attribute 0 keep_dims.
inline ge::graphStatus InferShape4Reduce(gert::InferShapeContext* context) {
  const gert::Shape* x = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, x);
  const gert::Tensor* axes = context->GetInputTensor(1);
  OP_CHECK_NULL_WITH_CONTEXT(context, axes);
  gert::Shape* y = context->GetOutputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, y);
  const gert::RuntimeAttrs* attrs = context->GetAttrs();
  const bool* keep = attrs != nullptr ? attrs->GetBool(0) : nullptr;
  const bool keepDims = keep != nullptr && *keep;
  const int32_t n = static_cast<int32_t>(axes->GetShapeSize());
  ge::graphStatus st = ge::GRAPH_FAILED;
  if (axes->GetDataType() == ge::DT_INT32 && axes->GetData<int32_t>() != nullptr) {
    st = ReduceDims(x, axes->GetData<int32_t>(), n, keepDims, y);
  } else if (axes->GetDataType() == ge::DT_INT64 && axes->GetData<int64_t>() != nullptr) {
    st = ReduceDims(x, axes->GetData<int64_t>(), n, keepDims, y);
  }
  if (st != ge::GRAPH_SUCCESS) {
    OP_LOGE(context, "cannot reduce %s over the axes given (an int32/int64 tensor of axes in [-rank, rank))",
            x->ToString().c_str());
  }
  return st;
}

}  // namespace Base
}  // namespace Ops

namespace Ops {
namespace Base {

// The first value of a constant integer tensor (const_util.h).
template <typename T1, typename T2>
bool GetValueToInteger(const gert::Tensor* constTensor, T2& value) {
  const T1* data = constTensor->GetData<T1>();
  OP_CHECK_IF(data == nullptr || constTensor->GetShapeSize() <= 0,
              OP_LOGE("GetValueToInteger", "the constant tensor has no data"), return false);
  value = static_cast<T2>(data[0]);
  return true;
}
// The first value of input inputIdx, an int32/int64/uint32/uint64 tensor with data.
template <typename ContextType, typename T>
bool GetConstInt(const ContextType* context, int64_t inputIdx, T& value) {
  OP_CHECK_IF(context == nullptr, OP_LOGE("GetConstInt", "context is nullptr"), return false);
  const gert::Tensor* t = context->GetInputTensor(static_cast<size_t>(inputIdx));
  OP_CHECK_IF(t == nullptr, OP_LOGE("GetConstInt", "input %ld is not there", static_cast<long>(inputIdx)),
              return false);
  switch (t->GetDataType()) {
    case ge::DT_INT32: return GetValueToInteger<int32_t>(t, value);
    case ge::DT_INT64: return GetValueToInteger<int64_t>(t, value);
    case ge::DT_UINT32: return GetValueToInteger<uint32_t>(t, value);
    case ge::DT_UINT64: return GetValueToInteger<uint64_t>(t, value);
    default:
      OP_LOGW(context->GetNodeName(), "GetConstInt takes int32, int64, uint32 or uint64, not %s",
              ToString(t->GetDataType()).c_str());
      return false;
  }
}
// Every value of a constant integer tensor as the dimensions of shape.
template <typename T>
bool GetValueToShape(const gert::Tensor* constTensor, gert::Shape& shape) {
  const T* data = constTensor->GetData<T>();
  OP_CHECK_IF(data == nullptr, OP_LOGE("GetValueToShape", "the constant tensor has no data"), return false);
  const int64_t n = constTensor->GetShapeSize();
  OP_CHECK_IF(n < 0 || n > static_cast<int64_t>(gert::Shape::kMaxDimNum),
              OP_LOGE("GetValueToShape", "%ld values do not make a shape", static_cast<long>(n)), return false);
  shape.SetDimNum(0);
  for (int64_t i = 0; i < n; ++i) shape.AppendDim(static_cast<int64_t>(data[i]));
  return true;
}
template <typename ContextType>
bool GetConstIntToShape(const ContextType* context, int64_t inputIdx, gert::Shape& shape) {
  OP_CHECK_IF(context == nullptr, OP_LOGE("GetConstIntToShape", "context is nullptr"), return false);
  const gert::Tensor* t = context->GetInputTensor(static_cast<size_t>(inputIdx));
  OP_CHECK_IF(t == nullptr, OP_LOGE("GetConstIntToShape", "input %ld is not there", static_cast<long>(inputIdx)),
              return false);
  if (t->GetDataType() == ge::DT_INT32) return GetValueToShape<int32_t>(t, shape);
  if (t->GetDataType() == ge::DT_INT64) return GetValueToShape<int64_t>(t, shape);
  OP_LOGE(context->GetNodeName(), "GetConstIntToShape takes int32 or int64, not %s", ToString(t->GetDataType()).c_str());
  return false;
}

// Whether the SoC is of the register-based generation (Ascend 950, DAV_3510):
// none of aicore's profiles is (tiling_base_util.h).
template <typename ContextType>
bool IsRegbaseSocVersion(const ContextType* context) {
  return context != nullptr &&
         platform_ascendc::PlatformAscendC(context->GetPlatformInfo()).GetCurNpuArch() == NpuArch::DAV_3510;
}

// The error codes of operator diagnostics (log/error_code.h).
enum ViewErrorCode {
  INVALID_INFER_SHAPE = 14001,
  INVALID_INPUT_SHAPE = 35000,
  INVALID_ATTR_VALUE = 35001,
  INVALID_ATTR_SIZE = 35002,
  OTHER_ERROR = 35003,
  AICPU_INFER_SHAPE_ERROR = 39999,
  INVALID_CONV_ATTR_VALUE = 50029,
  INVALID_CONV_SET_ATTR = 50057,
  INVALID_CONV_SHAPE = 50058,
  INVALID_MISS_INPUT = 70001,
  INVALID_INPUT_FORMAT = 70002,
  INVALID_INPUT_DTYPE = 70003,
  INVALID_INPUT_TYPE = 70004,
  INVALID_GET_ATTR = 70005,
  INVALID_SET_ATTR = 70006,
  INVALID_OPS_ATTR_VALUE = 70007,
  FAILED_UPDATE_OP = 70008,
  INVALID_SHAPE = 70009,
  INVALID_SHAPE_SIZE = 70010,
  INVALID_SHAPE_DIM = 70011,
  INVALID_BROADCAST_SHAPE = 70012,
  INVALID_TWO_INPUT_DTYPE = 70013,
  INVALID_AIPP_ERROR = 70014,
  INVALID_ONE_INPUT_SHAPE = 70015,
  INVALID_TWO_INPUT_SHAPE = 70016,
  INVALID_ONE_OUTPUT_SHAPE = 70017,
  FAILED_GET_COMPILIE_PARAMS = 70018,
  VECTOR_INNER_ERROR = 89999,
  CUBE_INNER_ERROR = 69999,
  CUBE_INNER_ERROR_PLUGIN = 59999
};

}  // namespace Base
}  // namespace Ops
