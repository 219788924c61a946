// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The host side of a custom-operator project (the layout the vendor's
// msopgen generates: op_host/<op>.cpp with the OpDef, InferShape,
// InferDataType and the tiling function; op_kernel/<op>.cpp with the kernel).
// Projects include it as "register/op_def_registry.h" (aicore::compat).
//
//   ge::graphStatus, ge::GRAPH_SUCCESS / GRAPH_FAILED, ge::DataType (DT_*),
//   ge::Format (FORMAT_*), ge::AscendString
//   gert::Shape (up to 8 dims), gert::StorageShape, gert::Tensor,
//   gert::CompileTimeTensorDesc, gert::RuntimeAttrs, gert::TilingData,
//   gert::TilingContext, gert::InferShapeContext, gert::InferDataTypeContext
//   ops::OpDef (Input / Output / Attr builders, SetInferShape,
//   SetInferDataType, AICore().SetTiling / AddConfig), ops::OpParamDef,
//   ops::OpAttrDef, ops::OpAICoreDef, ops::OpAICoreConfig, OP_ADD(Name)
//
// OP_ADD registers the definition by name (aicore::op::FindOpDef);
// aicore/op/runner.h runs an operator by name. Indices: GetInputShape(i),
// GetInputTensor(i), GetInputDesc(i) count the inputs present in the call
// (the compute node's inputs); GetOptionalInputShape(i) /
// GetOptionalInputTensor(i) take the OpDef's input index and return nullptr
// for an optional input left out; GetDynamicInputShape(i, k) and its kin
// take the OpDef's index of a DYNAMIC input and the index in its list, and
// GetIrInputInstanceInfo(i) says where input i's instances stand among the
// call's. Outputs are counted by instance too: GetOutputShape(i),
// GetOutputDesc(i) and SetOutputDataType(i) take the index among the call's
// output instances (a DYNAMIC output counts its list's length), and
// GetIrOutputInstanceInfo(i) says where OpDef output i's instances stand.
// Attributes are indexed in OpDef order.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "aicore/base/error.h"
#include "aicore/lib/platform_ascendc.h"
#include "aicore/lib/tensor_shape.h"

namespace ge {

using graphStatus = uint32_t;
constexpr graphStatus GRAPH_SUCCESS = 0;
constexpr graphStatus GRAPH_FAILED = 0xFFFFFFFFu;
constexpr graphStatus GRAPH_NOT_CHANGED = 1343242304u;
constexpr graphStatus GRAPH_PARAM_INVALID = 50331649u;  // a tiling template that does not apply
constexpr graphStatus GRAPH_NODE_WITHOUT_CONST_INPUT = 50331648u;
constexpr graphStatus GRAPH_NODE_NEED_REPASS = 50331647u;
constexpr graphStatus GRAPH_INVALID_IR_DEF = 50331646u;
constexpr graphStatus OP_WITHOUT_IR_DATATYPE_INFER_RULE = 50331645u;
constexpr graphStatus GRAPH_PARAM_OUT_OF_RANGE = 50331644u;
constexpr graphStatus GRAPH_MEM_OPERATE_FAILED = 50331539u;
constexpr graphStatus GRAPH_NULL_PTR = 50331538u;

enum DataType {
  DT_FLOAT = 0,
  DT_FLOAT16 = 1,
  DT_INT8 = 2,
  DT_INT32 = 3,
  DT_UINT8 = 4,
  DT_INT16 = 6,
  DT_UINT16 = 7,
  DT_UINT32 = 8,
  DT_INT64 = 9,
  DT_UINT64 = 10,
  DT_DOUBLE = 11,
  DT_BOOL = 12,
  DT_STRING = 13,
  DT_DUAL_SUB_INT8 = 14,
  DT_DUAL_SUB_UINT8 = 15,
  DT_COMPLEX64 = 16,
  DT_COMPLEX128 = 17,
  DT_QINT8 = 18,
  DT_QINT16 = 19,
  DT_QINT32 = 20,
  DT_QUINT8 = 21,
  DT_QUINT16 = 22,
  DT_RESOURCE = 23,
  DT_STRING_REF = 24,
  DT_DUAL = 25,
  DT_VARIANT = 26,
  DT_BF16 = 27,
  DT_UNDEFINED = 28,
  DT_INT4 = 29,
  DT_UINT1 = 30,
  DT_INT2 = 31,
  DT_UINT2 = 32,
  DT_COMPLEX32 = 33,
  DT_HIFLOAT8 = 34,
  DT_FLOAT8_E5M2 = 35,
  DT_FLOAT8_E4M3FN = 36,
  DT_FLOAT8_E8M0 = 37,
  DT_FLOAT6_E3M2 = 38,
  DT_FLOAT6_E2M3 = 39,
  DT_FLOAT4_E2M1 = 40,
  DT_FLOAT4_E1M2 = 41,
  DT_MAX = 42,
};

// The vendor's ge::Format values (graph/types.h, from C_Format in
// graph/c_types.h; FORMAT_END follows the last format of the current
// release, so it grows with later releases; ops-nn's conv defs use it as a
// placeholder format).
enum Format {
  FORMAT_NCHW = 0,
  FORMAT_NHWC = 1,
  FORMAT_ND = 2,
  FORMAT_NC1HWC0 = 3,
  FORMAT_FRACTAL_Z = 4,
  FORMAT_NC1C0HWPAD = 5,
  FORMAT_NHWC1C0 = 6,
  FORMAT_FSR_NCHW = 7,
  FORMAT_FRACTAL_DECONV = 8,
  FORMAT_C1HWNC0 = 9,
  FORMAT_FRACTAL_DECONV_TRANSPOSE = 10,
  FORMAT_FRACTAL_DECONV_SP_STRIDE_TRANS = 11,
  FORMAT_NC1HWC0_C04 = 12,
  FORMAT_FRACTAL_Z_C04 = 13,
  FORMAT_CHWN = 14,
  FORMAT_FRACTAL_DECONV_SP_STRIDE8_TRANS = 15,
  FORMAT_HWCN = 16,
  FORMAT_NC1KHKWHWC0 = 17,
  FORMAT_BN_WEIGHT = 18,
  FORMAT_FILTER_HWCK = 19,
  FORMAT_HASHTABLE_LOOKUP_LOOKUPS = 20,
  FORMAT_HASHTABLE_LOOKUP_KEYS = 21,
  FORMAT_HASHTABLE_LOOKUP_VALUE = 22,
  FORMAT_HASHTABLE_LOOKUP_OUTPUT = 23,
  FORMAT_HASHTABLE_LOOKUP_HITS = 24,
  FORMAT_C1HWNCoC0 = 25,
  FORMAT_MD = 26,
  FORMAT_NDHWC = 27,
  FORMAT_FRACTAL_ZZ = 28,
  FORMAT_FRACTAL_NZ = 29,
  FORMAT_NCDHW = 30,
  FORMAT_DHWCN = 31,
  FORMAT_NDC1HWC0 = 32,
  FORMAT_FRACTAL_Z_3D = 33,
  FORMAT_CN = 34,
  FORMAT_NC = 35,
  FORMAT_DHWNC = 36,
  FORMAT_FRACTAL_Z_3D_TRANSPOSE = 37,
  FORMAT_FRACTAL_ZN_LSTM = 38,
  FORMAT_FRACTAL_Z_G = 39,
  FORMAT_RESERVED = 40,
  FORMAT_ALL = 41,
  FORMAT_NULL = 42,
  FORMAT_ND_RNN_BIAS = 43,
  FORMAT_FRACTAL_ZN_RNN = 44,
  FORMAT_NYUV = 45,
  FORMAT_NYUV_A = 46,
  FORMAT_NCL = 47,
  FORMAT_FRACTAL_Z_WINO = 48,
  FORMAT_C1HWC0 = 49,
  FORMAT_FRACTAL_NZ_C0_16 = 50,
  FORMAT_FRACTAL_NZ_C0_32 = 51,
  FORMAT_FRACTAL_NZ_C0_2 = 52,
  FORMAT_FRACTAL_NZ_C0_4 = 53,
  FORMAT_FRACTAL_NZ_C0_8 = 54,
  FORMAT_END = 55,
  FORMAT_MAX = 0xff,
};

// A storage format's fields (graph/types.h): the primary format in the low
// byte, a sub-format in the next two, a C0 code in bits 24-27.
inline int32_t GetPrimaryFormat(int32_t format) { return static_cast<int32_t>(static_cast<uint32_t>(format) & 0xffU); }
inline int32_t GetSubFormat(int32_t format) {
  return static_cast<int32_t>((static_cast<uint32_t>(format) & 0xffff00U) >> 8);
}
inline bool HasSubFormat(int32_t format) { return GetSubFormat(format) > 0; }
inline int32_t GetFormatFromSub(int32_t primary_format, int32_t sub_format) {
  return static_cast<int32_t>((static_cast<uint32_t>(primary_format) & 0xffU) |
                              ((static_cast<uint32_t>(sub_format) & 0xffffU) << 8));
}

// Bytes per element of a data type (0 for the ones aicore does not model;
// the sub-byte types DT_INT4, DT_INT2, DT_UINT1/2, DT_FLOAT4_*, DT_FLOAT6_*:
// 0 as well, elements share bytes). The 8-bit float types are moved as
// bytes (no arithmetic on them here).
inline size_t DataTypeBytes(DataType dt) {
  switch (dt) {
    case DT_INT8: case DT_UINT8: case DT_BOOL: return 1;
    case DT_HIFLOAT8: case DT_FLOAT8_E5M2: case DT_FLOAT8_E4M3FN: case DT_FLOAT8_E8M0: return 1;
    case DT_FLOAT16: case DT_BF16: case DT_INT16: case DT_UINT16: return 2;
    case DT_FLOAT: case DT_INT32: case DT_UINT32: case DT_COMPLEX32: return 4;
    case DT_INT64: case DT_UINT64: case DT_DOUBLE: case DT_COMPLEX64: return 8;
    case DT_COMPLEX128: return 16;
    default: return 0;
  }
}

inline std::string DataTypeName(DataType dt) {
  switch (dt) {
    case DT_FLOAT: return "DT_FLOAT";
    case DT_FLOAT16: return "DT_FLOAT16";
    case DT_INT8: return "DT_INT8";
    case DT_INT32: return "DT_INT32";
    case DT_UINT8: return "DT_UINT8";
    case DT_INT16: return "DT_INT16";
    case DT_UINT16: return "DT_UINT16";
    case DT_UINT32: return "DT_UINT32";
    case DT_INT64: return "DT_INT64";
    case DT_UINT64: return "DT_UINT64";
    case DT_DOUBLE: return "DT_DOUBLE";
    case DT_BOOL: return "DT_BOOL";
    case DT_STRING: return "DT_STRING";
    case DT_COMPLEX64: return "DT_COMPLEX64";
    case DT_COMPLEX128: return "DT_COMPLEX128";
    case DT_BF16: return "DT_BF16";
    case DT_UNDEFINED: return "DT_UNDEFINED";
    case DT_INT4: return "DT_INT4";
    case DT_DUAL_SUB_INT8: return "DT_DUAL_SUB_INT8";
    case DT_DUAL_SUB_UINT8: return "DT_DUAL_SUB_UINT8";
    case DT_QINT8: return "DT_QINT8";
    case DT_QINT16: return "DT_QINT16";
    case DT_QINT32: return "DT_QINT32";
    case DT_QUINT8: return "DT_QUINT8";
    case DT_QUINT16: return "DT_QUINT16";
    case DT_RESOURCE: return "DT_RESOURCE";
    case DT_STRING_REF: return "DT_STRING_REF";
    case DT_DUAL: return "DT_DUAL";
    case DT_VARIANT: return "DT_VARIANT";
    case DT_UINT1: return "DT_UINT1";
    case DT_INT2: return "DT_INT2";
    case DT_UINT2: return "DT_UINT2";
    case DT_COMPLEX32: return "DT_COMPLEX32";
    case DT_HIFLOAT8: return "DT_HIFLOAT8";
    case DT_FLOAT8_E5M2: return "DT_FLOAT8_E5M2";
    case DT_FLOAT8_E4M3FN: return "DT_FLOAT8_E4M3FN";
    case DT_FLOAT8_E8M0: return "DT_FLOAT8_E8M0";
    case DT_FLOAT6_E3M2: return "DT_FLOAT6_E3M2";
    case DT_FLOAT6_E2M3: return "DT_FLOAT6_E2M3";
    case DT_FLOAT4_E2M1: return "DT_FLOAT4_E2M1";
    case DT_FLOAT4_E1M2: return "DT_FLOAT4_E1M2";
    case DT_MAX: break;
  }
  return "DataType(" + std::to_string(static_cast<int>(dt)) + ")";
}

inline std::string FormatName(Format f) {
  switch (f) {
    case FORMAT_NCHW: return "FORMAT_NCHW";
    case FORMAT_NHWC: return "FORMAT_NHWC";
    case FORMAT_ND: return "FORMAT_ND";
    case FORMAT_NC1HWC0: return "FORMAT_NC1HWC0";
    case FORMAT_FRACTAL_Z: return "FORMAT_FRACTAL_Z";
    case FORMAT_NC1C0HWPAD: return "FORMAT_NC1C0HWPAD";
    case FORMAT_NHWC1C0: return "FORMAT_NHWC1C0";
    case FORMAT_FSR_NCHW: return "FORMAT_FSR_NCHW";
    case FORMAT_FRACTAL_DECONV: return "FORMAT_FRACTAL_DECONV";
    case FORMAT_C1HWNC0: return "FORMAT_C1HWNC0";
    case FORMAT_FRACTAL_DECONV_TRANSPOSE: return "FORMAT_FRACTAL_DECONV_TRANSPOSE";
    case FORMAT_FRACTAL_DECONV_SP_STRIDE_TRANS: return "FORMAT_FRACTAL_DECONV_SP_STRIDE_TRANS";
    case FORMAT_NC1HWC0_C04: return "FORMAT_NC1HWC0_C04";
    case FORMAT_FRACTAL_Z_C04: return "FORMAT_FRACTAL_Z_C04";
    case FORMAT_CHWN: return "FORMAT_CHWN";
    case FORMAT_FRACTAL_DECONV_SP_STRIDE8_TRANS: return "FORMAT_FRACTAL_DECONV_SP_STRIDE8_TRANS";
    case FORMAT_HWCN: return "FORMAT_HWCN";
    case FORMAT_NC1KHKWHWC0: return "FORMAT_NC1KHKWHWC0";
    case FORMAT_BN_WEIGHT: return "FORMAT_BN_WEIGHT";
    case FORMAT_FILTER_HWCK: return "FORMAT_FILTER_HWCK";
    case FORMAT_HASHTABLE_LOOKUP_LOOKUPS: return "FORMAT_HASHTABLE_LOOKUP_LOOKUPS";
    case FORMAT_HASHTABLE_LOOKUP_KEYS: return "FORMAT_HASHTABLE_LOOKUP_KEYS";
    case FORMAT_HASHTABLE_LOOKUP_VALUE: return "FORMAT_HASHTABLE_LOOKUP_VALUE";
    case FORMAT_HASHTABLE_LOOKUP_OUTPUT: return "FORMAT_HASHTABLE_LOOKUP_OUTPUT";
    case FORMAT_HASHTABLE_LOOKUP_HITS: return "FORMAT_HASHTABLE_LOOKUP_HITS";
    case FORMAT_C1HWNCoC0: return "FORMAT_C1HWNCoC0";
    case FORMAT_MD: return "FORMAT_MD";
    case FORMAT_NDHWC: return "FORMAT_NDHWC";
    case FORMAT_FRACTAL_ZZ: return "FORMAT_FRACTAL_ZZ";
    case FORMAT_FRACTAL_NZ: return "FORMAT_FRACTAL_NZ";
    case FORMAT_NCDHW: return "FORMAT_NCDHW";
    case FORMAT_DHWCN: return "FORMAT_DHWCN";
    case FORMAT_NDC1HWC0: return "FORMAT_NDC1HWC0";
    case FORMAT_FRACTAL_Z_3D: return "FORMAT_FRACTAL_Z_3D";
    case FORMAT_CN: return "FORMAT_CN";
    case FORMAT_NC: return "FORMAT_NC";
    case FORMAT_DHWNC: return "FORMAT_DHWNC";
    case FORMAT_FRACTAL_Z_3D_TRANSPOSE: return "FORMAT_FRACTAL_Z_3D_TRANSPOSE";
    case FORMAT_FRACTAL_ZN_LSTM: return "FORMAT_FRACTAL_ZN_LSTM";
    case FORMAT_FRACTAL_Z_G: return "FORMAT_FRACTAL_Z_G";
    case FORMAT_RESERVED: return "FORMAT_RESERVED";
    case FORMAT_ALL: return "FORMAT_ALL";
    case FORMAT_NULL: return "FORMAT_NULL";
    case FORMAT_ND_RNN_BIAS: return "FORMAT_ND_RNN_BIAS";
    case FORMAT_FRACTAL_ZN_RNN: return "FORMAT_FRACTAL_ZN_RNN";
    case FORMAT_NYUV: return "FORMAT_NYUV";
    case FORMAT_NYUV_A: return "FORMAT_NYUV_A";
    case FORMAT_NCL: return "FORMAT_NCL";
    case FORMAT_FRACTAL_Z_WINO: return "FORMAT_FRACTAL_Z_WINO";
    case FORMAT_C1HWC0: return "FORMAT_C1HWC0";
    case FORMAT_FRACTAL_NZ_C0_16: return "FORMAT_FRACTAL_NZ_C0_16";
    case FORMAT_FRACTAL_NZ_C0_32: return "FORMAT_FRACTAL_NZ_C0_32";
    case FORMAT_FRACTAL_NZ_C0_2: return "FORMAT_FRACTAL_NZ_C0_2";
    case FORMAT_FRACTAL_NZ_C0_4: return "FORMAT_FRACTAL_NZ_C0_4";
    case FORMAT_FRACTAL_NZ_C0_8: return "FORMAT_FRACTAL_NZ_C0_8";
    default: break;
  }
  return "Format(" + std::to_string(static_cast<int>(f)) + ")";
}

class AscendString {
 public:
  AscendString() = default;
  AscendString(const char* s) : s_(s != nullptr ? s : "") {}  // NOLINT: implicit as the vendor's
  const char* GetString() const { return s_.c_str(); }
  size_t GetLength() const { return s_.size(); }
  bool operator==(const AscendString& o) const { return s_ == o.s_; }
  bool operator<(const AscendString& o) const { return s_ < o.s_; }

 private:
  std::string s_;
};

// The graph's tensor description (graph/tensor.h; ge::Shape is in
// aicore/lib/tensor_shape.h), as check-support functions read it from a
// ge::Operator.
class TensorDesc {
 public:
  TensorDesc() = default;
  explicit TensorDesc(Shape shape, Format format = FORMAT_ND, DataType dt = DT_FLOAT)
      : shape_(std::move(shape)), origin_shape_(shape_), format_(format), origin_format_(format), dtype_(dt) {}
  Shape GetShape() const { return shape_; }
  void SetShape(const Shape& s) { shape_ = s; }
  Shape GetOriginShape() const { return origin_shape_; }
  void SetOriginShape(const Shape& s) { origin_shape_ = s; }
  Format GetFormat() const { return format_; }
  void SetFormat(Format f) { format_ = f; }
  Format GetOriginFormat() const { return origin_format_; }
  void SetOriginFormat(Format f) { origin_format_ = f; }
  DataType GetDataType() const { return dtype_; }
  void SetDataType(DataType dt) { dtype_ = dt; }

 private:
  Shape shape_, origin_shape_;
  Format format_ = FORMAT_ND, origin_format_ = FORMAT_ND;
  DataType dtype_ = DT_FLOAT;
};

// The graph's operator handle, which check-support and format-selection
// functions receive (AICore().SetCheckSupport / SetOpSelectFormat); defined
// below (it holds runtime attribute values). RunOp builds one from the call
// and runs the check-support function (see aicore/op/runner.h).
class Operator;
using OP_CHECK_FUNC = graphStatus (*)(const Operator&, AscendString&);
}  // namespace ge

// register/op_check.h: the check functions an operator registers by kind and
// type outside its OpDef (OpCheckFuncHelper). RunOp runs the
// FUNC_CHECK_SUPPORTED one like AICore().SetCheckSupport's (which wins).
namespace optiling {
#define FUNC_CHECK_SUPPORTED "check_supported"
#define FUNC_OP_SELECT_FORMAT "op_select_format"
#define FUNC_GET_OP_SUPPORT_INFO "get_op_support_info"
#define FUNC_GET_SPECIFIC_INFO "get_op_specific_info"
using OP_CHECK_FUNC = ge::OP_CHECK_FUNC;
using PARAM_GENERALIZE_FUNC = ge::graphStatus (*)(const ge::Operator&, const ge::AscendString&, ge::AscendString&);
// The registered functions by (kind, op type).
inline std::map<std::pair<std::string, std::string>, OP_CHECK_FUNC>& OpCheckFuncs() {
  static auto* m = new std::map<std::pair<std::string, std::string>, OP_CHECK_FUNC>();
  return *m;
}
inline std::mutex& OpCheckFuncsMutex() {
  static auto* mu = new std::mutex();
  return *mu;
}
inline OP_CHECK_FUNC FindOpCheckFunc(const std::string& kind, const std::string& type) {
  std::lock_guard<std::mutex> lock(OpCheckFuncsMutex());
  const auto it = OpCheckFuncs().find({kind, type});
  return it == OpCheckFuncs().end() ? nullptr : it->second;
}
class OpCheckFuncHelper {
 public:
  OpCheckFuncHelper(const ge::AscendString& check_type, const ge::AscendString& op_type, OP_CHECK_FUNC func) {
    std::lock_guard<std::mutex> lock(OpCheckFuncsMutex());
    OpCheckFuncs()[{check_type.GetString(), op_type.GetString()}] = func;
  }
  OpCheckFuncHelper(const ge::AscendString&, PARAM_GENERALIZE_FUNC) {}  // (graph compilation only)
};
}  // namespace optiling

namespace ge {

constexpr int64_t UNKNOWN_DIM = -1;      // a dimension of unknown size
constexpr int64_t UNKNOWN_DIM_NUM = -2;  // the one dimension of a shape of unknown rank

// Bytes of element_count elements of data_type (sub-byte types packed,
// rounded up); -1 for a type without a size or a negative count.
inline int64_t GetSizeInBytes(int64_t element_count, DataType data_type) {
  if (element_count < 0) return -1;
  switch (data_type) {
    case DT_INT4: case DT_FLOAT4_E2M1: case DT_FLOAT4_E1M2: return (element_count + 1) / 2;
    case DT_INT2: case DT_UINT2: return (element_count + 3) / 4;
    case DT_UINT1: return (element_count + 7) / 8;
    case DT_FLOAT6_E3M2: case DT_FLOAT6_E2M3: return (element_count * 6 + 7) / 8;
    default: break;
  }
  const size_t b = DataTypeBytes(data_type);
  return b == 0 ? -1 : element_count * static_cast<int64_t>(b);
}

}  // namespace ge

namespace gert {

// A shape of at most kMaxDimNum dimensions (a scalar has none; its size is 1).
class Shape {
 public:
  static constexpr size_t kMaxDimNum = 8;
  Shape() = default;
  Shape(std::initializer_list<int64_t> dims) {
    for (const int64_t d : dims) AppendDim(d);
  }
  size_t GetDimNum() const { return dim_num_; }
  void SetDimNum(size_t n) { dim_num_ = n > kMaxDimNum ? kMaxDimNum : n; }
  int64_t GetDim(size_t i) const { return i < dim_num_ ? dims_[i] : 0; }
  void SetDim(size_t i, int64_t v) {
    if (i < kMaxDimNum) dims_[i] = v;
  }
  Shape& AppendDim(int64_t v) {
    if (dim_num_ < kMaxDimNum) dims_[dim_num_++] = v;
    return *this;
  }
  int64_t& operator[](size_t i) { return dims_[i < kMaxDimNum ? i : kMaxDimNum - 1]; }
  int64_t operator[](size_t i) const { return GetDim(i); }
  bool IsScalar() const { return dim_num_ == 0; }
  int64_t GetShapeSize() const {
    int64_t n = 1;
    for (size_t i = 0; i < dim_num_; ++i) {
      if (dims_[i] < 0) return -1;
      n *= dims_[i];
    }
    return n;
  }
  bool operator==(const Shape& o) const {
    if (dim_num_ != o.dim_num_) return false;
    for (size_t i = 0; i < dim_num_; ++i) {
      if (dims_[i] != o.dims_[i]) return false;
    }
    return true;
  }
  bool operator!=(const Shape& o) const { return !(*this == o); }
  std::string ToString() const {
    std::string s = "[";
    for (size_t i = 0; i < dim_num_; ++i) s += (i ? ", " : "") + std::to_string(dims_[i]);
    return s + "]";
  }

 private:
  size_t dim_num_ = 0;
  int64_t dims_[kMaxDimNum] = {};
};

// The shape a tensor has in the graph (origin) and in memory (storage); the
// same for ND tensors.
class StorageShape {
 public:
  StorageShape() = default;
  StorageShape(const Shape& origin, const Shape& storage) : origin_(origin), storage_(storage) {}
  const Shape& GetOriginShape() const { return origin_; }
  const Shape& GetStorageShape() const { return storage_; }
  Shape& MutableOriginShape() { return origin_; }
  Shape& MutableStorageShape() { return storage_; }
  bool operator==(const StorageShape& o) const { return origin_ == o.origin_ && storage_ == o.storage_; }

 private:
  Shape origin_;
  Shape storage_;
};

struct StorageFormat {
  ge::Format origin = ge::FORMAT_ND;
  ge::Format storage = ge::FORMAT_ND;
  ge::Format GetOriginFormat() const { return origin; }
  ge::Format GetStorageFormat() const { return storage; }
};

class CompileTimeTensorDesc {
 public:
  ge::DataType GetDataType() const { return dtype_; }
  ge::Format GetOriginFormat() const { return format_.origin; }
  ge::Format GetStorageFormat() const { return format_.storage; }
  const StorageFormat& GetFormat() const { return format_; }
  void SetDataType(ge::DataType dt) { dtype_ = dt; }
  void SetFormat(ge::Format f) { format_.origin = format_.storage = f; }

 private:
  ge::DataType dtype_ = ge::DT_UNDEFINED;
  StorageFormat format_;
};

// Where a tensor's data is (Tensor::GetTensorData()).
class TensorData {
 public:
  TensorData(void* addr, size_t size) : addr_(addr), size_(size) {}
  void* GetAddr() const { return addr_; }
  size_t GetSize() const { return size_; }

 private:
  void* addr_;
  size_t size_;
};

// A tensor of the call: shape, dtype, format and the data pointer.
class Tensor {
 public:
  TensorData GetTensorData() const { return TensorData(const_cast<void*>(GetAddr()), GetSize()); }
  const StorageShape& GetShape() const { return shape_; }
  const Shape& GetOriginShape() const { return shape_.GetOriginShape(); }
  const Shape& GetStorageShape() const { return shape_.GetStorageShape(); }
  int64_t GetShapeSize() const { return shape_.GetStorageShape().GetShapeSize(); }
  ge::DataType GetDataType() const { return dtype_; }
  ge::Format GetOriginFormat() const { return format_.origin; }
  ge::Format GetStorageFormat() const { return format_.storage; }
  const void* GetAddr() const {
    data_seen_ = true;
    return data_;
  }
  template <class T>
  const T* GetData() const {
    data_seen_ = true;
    return static_cast<const T*>(data_);
  }
  size_t GetSize() const {
    const int64_t n = GetShapeSize();
    return n < 0 ? 0 : static_cast<size_t>(n) * ge::DataTypeBytes(dtype_);
  }

  // aicore: set by the runner.
  void Set(void* data, const Shape& shape, ge::DataType dt, ge::Format f) {
    data_ = data;
    shape_ = StorageShape(shape, shape);
    dtype_ = dt;
    format_.origin = format_.storage = f;
  }
  StorageShape& MutableStorageShape() { return shape_; }
  void* MutableAddr() const { return data_; }
  void SetAddr(void* data) { data_ = data; }
  // Whether host code (InferShape, tiling) asked for the data (GetAddr,
  // GetData): the runner does not reuse such a call's preparation.
  bool DataSeen() const { return data_seen_; }

 private:
  mutable bool data_seen_ = false;
  void* data_ = nullptr;
  StorageShape shape_;
  ge::DataType dtype_ = ge::DT_UNDEFINED;
  StorageFormat format_;
};

// A list attribute's values: ContinuousVector untyped (GetData() a const
// void*, as kernels read GetAttrPointer<gert::ContinuousVector> and cast to
// the element type), TypedContinuousVector<T> typed (GetListInt,
// GetListFloat). A ListBool's elements are bools in one array.
class ContinuousVector {
 public:
  ContinuousVector() = default;
  ContinuousVector(const ContinuousVector&) = default;
  ContinuousVector& operator=(const ContinuousVector&) = default;
  virtual ~ContinuousVector() = default;
  size_t GetSize() const { return Size(); }
  size_t GetCapacity() const { return Size(); }
  const void* GetData() const { return Data(); }

 protected:
  virtual size_t Size() const = 0;
  virtual const void* Data() const = 0;
};
template <class T>
class TypedContinuousVector : public ContinuousVector {
 public:
  const T* GetData() const { return static_cast<const T*>(Data()); }
  std::vector<T> v_;  // aicore: the values

 protected:
  size_t Size() const override { return v_.size(); }
  const void* Data() const override {
    if constexpr (std::is_same_v<T, bool>) {  // std::vector<bool> has no array: copy into one
      bools_.reset(new bool[v_.size() + 1]);
      std::copy(v_.begin(), v_.end(), bools_.get());
      return bools_.get();
    } else {
      return v_.data();
    }
  }

 private:
  mutable std::shared_ptr<bool[]> bools_;  // (bool only)
};

namespace detail {
enum class AttrKind : uint8_t { kNone, kBool, kInt, kFloat, kString, kListBool, kListInt, kListFloat };

inline const char* AttrKindName(AttrKind k) {
  switch (k) {
    case AttrKind::kBool: return "Bool";
    case AttrKind::kInt: return "Int";
    case AttrKind::kFloat: return "Float";
    case AttrKind::kString: return "String";
    case AttrKind::kListBool: return "ListBool";
    case AttrKind::kListInt: return "ListInt";
    case AttrKind::kListFloat: return "ListFloat";
    default: return "none";
  }
}

// One attribute value (the OpDef's default or the caller's value).
struct AttrValue {
  AttrKind kind = AttrKind::kNone;
  bool b = false;
  int64_t i = 0;
  float f = 0.0f;
  std::string s;
  TypedContinuousVector<bool> lb;
  TypedContinuousVector<int64_t> li;
  TypedContinuousVector<float> lf;
  // An Int attribute read as a narrower or unsigned integer (the NPU's
  // GetAttrPointer<int32_t> reads the int64's low bytes): the value converted.
  mutable int8_t i8 = 0;
  mutable int16_t i16 = 0;
  mutable int32_t i32 = 0;
  mutable uint8_t u8 = 0;
  mutable uint16_t u16 = 0;
  mutable uint32_t u32 = 0;
  mutable uint64_t u64 = 0;
};
}  // namespace detail

// The attributes of the call, in OpDef order.
class RuntimeAttrs {
 public:
  size_t GetAttrNum() const { return attrs_.size(); }
  template <class T>
  const T* GetAttrPointer(size_t i) const {
    if (i >= attrs_.size()) return nullptr;
    const detail::AttrValue& a = attrs_[i];
    if constexpr (std::is_same_v<T, bool>) {
      return a.kind == detail::AttrKind::kBool ? &a.b : nullptr;
    } else if constexpr (std::is_same_v<T, int64_t>) {
      return a.kind == detail::AttrKind::kInt ? &a.i : nullptr;
    } else if constexpr (std::is_integral_v<T> && !std::is_same_v<T, char>) {
      if (a.kind != detail::AttrKind::kInt) return nullptr;
      auto narrow = [&a](auto& slot) {
        slot = static_cast<std::remove_reference_t<decltype(slot)>>(a.i);
        return &slot;
      };
      if constexpr (std::is_same_v<T, int8_t>) return narrow(a.i8);
      if constexpr (std::is_same_v<T, int16_t>) return narrow(a.i16);
      if constexpr (std::is_same_v<T, int32_t>) return narrow(a.i32);
      if constexpr (std::is_same_v<T, uint8_t>) return narrow(a.u8);
      if constexpr (std::is_same_v<T, uint16_t>) return narrow(a.u16);
      if constexpr (std::is_same_v<T, uint32_t>) return narrow(a.u32);
      if constexpr (std::is_same_v<T, uint64_t>) return narrow(a.u64);
      static_assert(std::is_same_v<T, int8_t> || std::is_same_v<T, int16_t> || std::is_same_v<T, int32_t> ||
                        std::is_same_v<T, uint8_t> || std::is_same_v<T, uint16_t> ||
                        std::is_same_v<T, uint32_t> || std::is_same_v<T, uint64_t>,
                    "GetAttrPointer<T>: an integer T is a fixed-width integer type");
      return static_cast<const T*>(nullptr);
    } else if constexpr (std::is_same_v<T, float>) {
      return a.kind == detail::AttrKind::kFloat ? &a.f : nullptr;
    } else if constexpr (std::is_same_v<T, char>) {
      return a.kind == detail::AttrKind::kString ? a.s.c_str() : nullptr;
    } else if constexpr (std::is_same_v<T, TypedContinuousVector<int64_t>>) {
      return a.kind == detail::AttrKind::kListInt ? &a.li : nullptr;
    } else if constexpr (std::is_same_v<T, TypedContinuousVector<float>>) {
      return a.kind == detail::AttrKind::kListFloat ? &a.lf : nullptr;
    } else if constexpr (std::is_same_v<T, TypedContinuousVector<bool>>) {
      return a.kind == detail::AttrKind::kListBool ? &a.lb : nullptr;
    } else if constexpr (std::is_same_v<T, ContinuousVector>) {
      switch (a.kind) {
        case detail::AttrKind::kListInt: return &a.li;
        case detail::AttrKind::kListFloat: return &a.lf;
        case detail::AttrKind::kListBool: return &a.lb;
        default: return nullptr;
      }
    } else {
      static_assert(sizeof(T) == 0, "GetAttrPointer<T>: T is bool, an integer, float, char or a list");
      return nullptr;
    }
  }
  const bool* GetBool(size_t i) const { return GetAttrPointer<bool>(i); }
  const int64_t* GetInt(size_t i) const { return GetAttrPointer<int64_t>(i); }
  const float* GetFloat(size_t i) const { return GetAttrPointer<float>(i); }
  const char* GetStr(size_t i) const { return GetAttrPointer<char>(i); }
  const TypedContinuousVector<int64_t>* GetListInt(size_t i) const {
    return GetAttrPointer<TypedContinuousVector<int64_t>>(i);
  }
  const TypedContinuousVector<float>* GetListFloat(size_t i) const {
    return GetAttrPointer<TypedContinuousVector<float>>(i);
  }

  std::vector<detail::AttrValue> attrs_;  // aicore: filled by the runner
};
}  // namespace gert

namespace ge {
class Operator {
 public:
  Operator() = default;
  Operator(const char* name, const char* type) : name_(name != nullptr ? name : ""), type_(type != nullptr ? type : "") {}
  AscendString GetName() const { return AscendString(name_.c_str()); }
  graphStatus GetName(AscendString& name) const {
    name = AscendString(name_.c_str());
    return GRAPH_SUCCESS;
  }
  graphStatus GetOpType(AscendString& type) const {
    type = AscendString(type_.c_str());
    return GRAPH_SUCCESS;
  }
  size_t GetInputsSize() const { return inputs_.size(); }
  size_t GetOutputsSize() const { return outputs_.size(); }
  // A missing input or output gives an empty description, as the vendor's.
  TensorDesc GetInputDesc(uint32_t i) const { return i < inputs_.size() ? inputs_[i].second : TensorDesc(); }
  TensorDesc GetInputDesc(const char* name) const { return Find(inputs_, name); }
  TensorDesc GetInputDesc(const std::string& name) const { return Find(inputs_, name.c_str()); }
  TensorDesc GetInputDescByName(const char* name) const { return Find(inputs_, name); }
  TensorDesc GetOutputDesc(uint32_t i) const { return i < outputs_.size() ? outputs_[i].second : TensorDesc(); }
  TensorDesc GetOutputDesc(const char* name) const { return Find(outputs_, name); }
  TensorDesc GetOutputDesc(const std::string& name) const { return Find(outputs_, name.c_str()); }
  TensorDesc GetOutputDescByName(const char* name) const { return Find(outputs_, name); }
  // An attribute by name: GRAPH_FAILED when the operator has none of that name
  // and kind (an Int attribute reads into any integer type).
  template <class T>
  graphStatus GetAttr(const char* name, T& value) const {
    const gert::detail::AttrValue* a = Attr(name);
    if (a == nullptr) return GRAPH_FAILED;
    using K = gert::detail::AttrKind;
    if constexpr (std::is_same_v<T, bool>) {
      if (a->kind != K::kBool) return GRAPH_FAILED;
      value = a->b;
    } else if constexpr (std::is_integral_v<T>) {
      if (a->kind != K::kInt) return GRAPH_FAILED;
      value = static_cast<T>(a->i);
    } else if constexpr (std::is_same_v<T, float>) {
      if (a->kind != K::kFloat) return GRAPH_FAILED;
      value = a->f;
    } else if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, AscendString>) {
      if (a->kind != K::kString) return GRAPH_FAILED;
      value = T(a->s.c_str());
    } else if constexpr (std::is_same_v<T, std::vector<bool>>) {
      if (a->kind != K::kListBool) return GRAPH_FAILED;
      value = a->lb.v_;
    } else if constexpr (std::is_same_v<T, std::vector<float>>) {
      if (a->kind != K::kListFloat) return GRAPH_FAILED;
      value = a->lf.v_;
    } else {
      static_assert(std::is_same_v<T, std::vector<int64_t>> || std::is_same_v<T, std::vector<int32_t>>,
                    "Operator::GetAttr: T is bool, an integer, float, a string or a list of those");
      if (a->kind != K::kListInt) return GRAPH_FAILED;
      value.assign(a->li.v_.begin(), a->li.v_.end());
    }
    return GRAPH_SUCCESS;
  }
  template <class T>
  graphStatus GetAttr(const std::string& name, T& value) const {
    return GetAttr(name.c_str(), value);
  }

  // aicore: the call's tensors and attributes, by their OpDef names.
  std::vector<std::pair<std::string, TensorDesc>> inputs_, outputs_;
  std::vector<std::pair<std::string, gert::detail::AttrValue>> attrs_;

 private:
  static TensorDesc Find(const std::vector<std::pair<std::string, TensorDesc>>& v, const char* name) {
    for (const auto& e : v) {
      if (name != nullptr && e.first == name) return e.second;
    }
    return TensorDesc();
  }
  const gert::detail::AttrValue* Attr(const char* name) const {
    for (const auto& e : attrs_) {
      if (name != nullptr && e.first == name) return &e.second;
    }
    return nullptr;
  }
  std::string name_, type_;
};
}  // namespace ge

namespace gert {

// The raw tiling buffer of a TilingContext.
class TilingData {
 public:
  void* GetData() { return data_; }
  const void* GetData() const { return data_; }
  size_t GetCapacity() const { return capacity_; }
  size_t GetDataSize() const { return size_; }
  void SetDataSize(size_t size) { size_ = size; }
  // Appends v's bytes after the data; GRAPH_FAILED (nothing written) when
  // the capacity does not hold them.
  template <class T>
  ge::graphStatus Append(const T& v) {
    static_assert(std::is_trivially_copyable_v<T>, "Append takes a trivially copyable value");
    if (data_ == nullptr || size_ + sizeof(T) > capacity_) return ge::GRAPH_FAILED;
    std::memcpy(static_cast<uint8_t*>(data_) + size_, &v, sizeof(T));
    size_ += sizeof(T);
    return ge::GRAPH_SUCCESS;
  }

  void Reset(void* data, size_t capacity) {  // aicore: set by the runner
    data_ = data;
    capacity_ = capacity;
    size_ = 0;
  }

 private:
  void* data_ = nullptr;
  size_t capacity_ = 0;
  size_t size_ = 0;
};

// Where the instances of one OpDef input stand among the call's inputs: one
// for a REQUIRED or given OPTIONAL input, none for an OPTIONAL one left
// out, the list's length for a DYNAMIC one.
class AnchorInstanceInfo {
 public:
  AnchorInstanceInfo() = default;
  AnchorInstanceInfo(uint32_t instance_start, uint32_t instantiation_num)
      : start_(instance_start), num_(instantiation_num) {}
  size_t GetInstanceNum() const { return num_; }
  size_t GetInstanceStart() const { return start_; }
  void SetInstanceStart(uint32_t start) { start_ = start; }
  void SetInstantiationNum(uint32_t num) { num_ = num; }

 private:
  uint32_t start_ = 0;
  uint32_t num_ = 0;
};

class OpCallContext;
// The node a context belongs to (GetComputeNodeInfo()).
class ComputeNodeInfo {
 public:
  explicit ComputeNodeInfo(const OpCallContext* c) : c_(c) {}
  inline const char* GetNodeName() const;
  inline const char* GetNodeType() const;
  inline size_t GetInputsNum() const;
  inline size_t GetOutputsNum() const;
  inline size_t GetIrInputsNum() const;
  inline const RuntimeAttrs* GetAttrs() const;
  inline const AnchorInstanceInfo* GetInputInstanceInfo(size_t ir) const;

 private:
  const OpCallContext* c_;
};

// What the three contexts share: the call's tensors and attributes.
class OpCallContext {
 public:
  const ComputeNodeInfo* GetComputeNodeInfo() const {
    node_ = ComputeNodeInfo(this);  // this context's (a copied context carries its source's)
    return &node_;
  }
  const char* GetNodeName() const { return name_.c_str(); }
  const char* GetNodeType() const { return name_.c_str(); }
  const RuntimeAttrs* GetAttrs() const { return &attrs_; }
  // Every input instance (a DYNAMIC input counts its list's length).
  size_t GetComputeNodeInputNum() const { return present_.size(); }
  size_t GetComputeNodeOutputNum() const { return outputs_.size(); }
  const AnchorInstanceInfo* GetIrInputInstanceInfo(size_t ir) const {
    return ir < ir_instances_.size() ? &ir_instances_[ir] : nullptr;
  }
  // OpDef input ir's (first) tensor; nullptr for an optional input left out.
  const Tensor* GetOptionalInputTensor(size_t ir) const {
    return ir < ir_inputs_.size() ? ir_inputs_[ir] : nullptr;
  }
  // The dtype and format of input instance i / of OpDef input ir (its first
  // instance; nullptr for an optional input left out) / of instance k of
  // DYNAMIC input ir.
  const CompileTimeTensorDesc* GetInputDesc(size_t i) const {
    return i < present_desc_.size() ? &present_desc_[i] : nullptr;
  }
  const CompileTimeTensorDesc* GetOptionalInputDesc(size_t ir) const {
    const long k = Instance(ir, 0);
    return k < 0 ? nullptr : &present_desc_[static_cast<size_t>(k)];
  }
  const CompileTimeTensorDesc* GetDynamicInputDesc(size_t ir, size_t k) const {
    const long i = Instance(ir, k);
    return i < 0 ? nullptr : &present_desc_[static_cast<size_t>(i)];
  }
  // Where the instances of OpDef output ir stand among the call's outputs
  // (a DYNAMIC output: its list's length); GetOutputShape(i) and
  // GetOutputDesc(i) take those instance indices.
  const AnchorInstanceInfo* GetIrOutputInstanceInfo(size_t ir) const {
    return ir < ir_out_instances_.size() ? &ir_out_instances_[ir] : nullptr;
  }
  const CompileTimeTensorDesc* GetOutputDesc(size_t i) const {
    return i < output_desc_.size() ? &output_desc_[i] : nullptr;
  }

  // aicore: the call's data, set by the runner. ir_inputs_[i] is the first
  // instance of OpDef input i (null for an optional input left out);
  // present_ lists every instance, in order; ir_instances_[i] says which
  // of them belong to input i.
  std::string name_;
  std::vector<Tensor*> ir_inputs_;
  std::vector<Tensor*> present_;
  std::vector<Tensor*> outputs_;
  std::vector<CompileTimeTensorDesc> present_desc_;
  std::vector<CompileTimeTensorDesc> output_desc_;
  std::vector<AnchorInstanceInfo> ir_instances_;
  std::vector<AnchorInstanceInfo> ir_out_instances_;  // outputs_ per OpDef output
  RuntimeAttrs attrs_;

 protected:
  mutable ComputeNodeInfo node_{nullptr};
  // The index in present_ of instance k of OpDef input ir; -1 when there is none.
  long Instance(size_t ir, size_t k) const {
    if (ir >= ir_instances_.size() || k >= ir_instances_[ir].GetInstanceNum()) return -1;
    return static_cast<long>(ir_instances_[ir].GetInstanceStart() + k);
  }
};

const char* ComputeNodeInfo::GetNodeName() const { return c_->GetNodeName(); }
const char* ComputeNodeInfo::GetNodeType() const { return c_->GetNodeType(); }
size_t ComputeNodeInfo::GetInputsNum() const { return c_->GetComputeNodeInputNum(); }
size_t ComputeNodeInfo::GetOutputsNum() const { return c_->GetComputeNodeOutputNum(); }
size_t ComputeNodeInfo::GetIrInputsNum() const { return c_->ir_inputs_.size(); }
const RuntimeAttrs* ComputeNodeInfo::GetAttrs() const { return c_->GetAttrs(); }
const AnchorInstanceInfo* ComputeNodeInfo::GetInputInstanceInfo(size_t ir) const {
  return c_->GetIrInputInstanceInfo(ir);
}

class TilingContext : public OpCallContext {
 public:
  const StorageShape* GetInputShape(size_t i) const {
    return i < present_.size() ? &present_[i]->GetShape() : nullptr;
  }
  const StorageShape* GetOptionalInputShape(size_t ir) const {
    return ir < ir_inputs_.size() && ir_inputs_[ir] != nullptr ? &ir_inputs_[ir]->GetShape() : nullptr;
  }
  const StorageShape* GetOutputShape(size_t i) const {
    return i < outputs_.size() ? &outputs_[i]->GetShape() : nullptr;
  }
  const Tensor* GetInputTensor(size_t i) const { return i < present_.size() ? present_[i] : nullptr; }
  // Instance k of DYNAMIC input ir (nullptr past the list's end).
  const StorageShape* GetDynamicInputShape(size_t ir, size_t k) const {
    const long i = Instance(ir, k);
    return i < 0 ? nullptr : &present_[static_cast<size_t>(i)]->GetShape();
  }
  const Tensor* GetDynamicInputTensor(size_t ir, size_t k) const {
    const long i = Instance(ir, k);
    return i < 0 ? nullptr : present_[static_cast<size_t>(i)];
  }
  TilingData* GetRawTilingData() { return &tiling_; }
  // A tiling struct (a plain C++ struct the kernel reads with
  // REGISTER_TILING_DEFAULT / GET_TILING_DATA) at the start of the raw tiling
  // buffer; the data size becomes sizeof(T), as the vendor's does. A struct
  // larger than the buffer: the vendor returns nullptr (and the tiling
  // function's next store crashes); aicore reports it (KernelError).
  template <class T>
  T* GetTilingData(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    static_assert(std::is_trivially_copyable_v<T>, "a tiling struct must be trivially copyable");
    if (tiling_.GetData() == nullptr || tiling_.GetCapacity() < sizeof(T)) {
      throw aicore::KernelError(aicore::ErrorKind::kParameter, "", -1, 0, "GetTilingData", loc,
                                "the " + std::to_string(sizeof(T)) +
                                    "-byte tiling struct does not fit the raw tiling buffer (" +
                                    std::to_string(tiling_.GetCapacity()) + " bytes)");
    }
    tiling_.SetDataSize(sizeof(T));
    return static_cast<T*>(tiling_.GetData());
  }
  ge::graphStatus SetBlockDim(uint32_t dim) {
    block_dim_ = dim;
    return ge::GRAPH_SUCCESS;
  }
  uint32_t GetBlockDim() const { return block_dim_; }
  ge::graphStatus SetTilingKey(uint64_t key) {
    tiling_key_ = key;
    return ge::GRAPH_SUCCESS;
  }
  uint64_t GetTilingKey() const { return tiling_key_; }
  ge::graphStatus SetScheduleMode(uint32_t mode) {
    schedule_mode_ = mode;
    return ge::GRAPH_SUCCESS;
  }
  // Whether the outputs' InitValue is applied before the kernel runs.
  ge::graphStatus SetNeedAtomic(bool atomic) {
    need_atomic_ = atomic;
    return ge::GRAPH_SUCCESS;
  }
  bool NeedAtomic() const { return need_atomic_; }
  // An array of `num` workspace sizes in bytes (the total is the workspace
  // the caller allocates; it includes the system part, GetLibApiWorkSpaceSize).
  size_t* GetWorkspaceSizes(size_t num) {
    if (workspace_.size() < num) workspace_.resize(num, 0);
    return workspace_.data();
  }
  size_t GetWorkspaceNum() const { return workspace_.size(); }
  // Non-null, as on the NPU (tiling functions return GRAPH_FAILED on null);
  // PlatformAscendC(GetPlatformInfo()) answers for the current SoC profile.
  fe::PlatFormInfos* GetPlatformInfo() const {
    static fe::PlatFormInfos info;
    return &info;
  }

  // The compile-info struct TilingParse filled (IMPL_OP_OPTILING(...).TilingParse<T>).
  template <class T>
  const T* GetCompileInfo() const {
    return static_cast<const T*>(compile_info_);
  }
  const void* GetCompileInfo() const { return compile_info_; }
  // Required input ir by its OpDef index.
  const StorageShape* GetRequiredInputShape(size_t ir) const { return GetOptionalInputShape(ir); }
  const CompileTimeTensorDesc* GetRequiredInputDesc(size_t ir) const { return GetOptionalInputDesc(ir); }
  const Tensor* GetRequiredInputTensor(size_t ir) const { return GetOptionalInputTensor(ir); }
  // The kernel's UB use beyond its buffers (SIMT stacks on newer parts): nothing to do.
  ge::graphStatus SetLocalMemorySize(uint32_t) { return ge::GRAPH_SUCCESS; }
  // Deterministic computation asked for (the session option); aicore's
  // results do not depend on scheduling, so tiling may take either path.
  int32_t GetDeterministic() const { return 0; }

  const void* compile_info_ = nullptr;  // aicore: set by the runner
  TilingData tiling_;  // aicore: read by the runner
  uint32_t block_dim_ = 0;
  uint64_t tiling_key_ = 0;
  uint32_t schedule_mode_ = 0;
  bool need_atomic_ = false;
  std::vector<size_t> workspace_;
};

class InferShapeContext : public OpCallContext {
 public:
  const Shape* GetInputShape(size_t i) const {
    return i < present_.size() ? &present_[i]->GetOriginShape() : nullptr;
  }
  const Shape* GetOptionalInputShape(size_t ir) const {
    return ir < ir_inputs_.size() && ir_inputs_[ir] != nullptr ? &ir_inputs_[ir]->GetOriginShape() : nullptr;
  }
  const Tensor* GetInputTensor(size_t i) const { return i < present_.size() ? present_[i] : nullptr; }
  const Shape* GetDynamicInputShape(size_t ir, size_t k) const {
    const long i = Instance(ir, k);
    return i < 0 ? nullptr : &present_[static_cast<size_t>(i)]->GetOriginShape();
  }
  const Tensor* GetDynamicInputTensor(size_t ir, size_t k) const {
    const long i = Instance(ir, k);
    return i < 0 ? nullptr : present_[static_cast<size_t>(i)];
  }
  // Output instance i (a DYNAMIC output counts its list's length; see
  // GetIrOutputInstanceInfo); nullptr past the last instance.
  Shape* GetOutputShape(size_t i) {
    if (i >= out_shapes_.size()) {
      if (i + 1 > out_asked_past_) out_asked_past_ = i + 1;
      return nullptr;
    }
    if (i < out_asked_.size()) out_asked_[i] = true;
    return &out_shapes_[i];
  }

  std::vector<Shape> out_shapes_;  // aicore: read by the runner
  // aicore: which instances InferShape asked for, and one past the highest
  // index it asked for beyond the last (0: none), so that the runner can say
  // when a DYNAMIC output's list is not as long as InferShape expects.
  std::vector<bool> out_asked_;
  size_t out_asked_past_ = 0;
};

class InferDataTypeContext : public OpCallContext {
 public:
  ge::DataType GetInputDataType(size_t i) const {
    return i < present_.size() ? present_[i]->GetDataType() : ge::DT_UNDEFINED;
  }
  ge::DataType GetOptionalInputDataType(size_t ir) const {
    return ir < ir_inputs_.size() && ir_inputs_[ir] != nullptr ? ir_inputs_[ir]->GetDataType()
                                                               : ge::DT_UNDEFINED;
  }
  ge::DataType GetDynamicInputDataType(size_t ir, size_t k) const {
    const long i = Instance(ir, k);
    return i < 0 ? ge::DT_UNDEFINED : present_[static_cast<size_t>(i)]->GetDataType();
  }
  ge::DataType GetOutputDataType(size_t i) const {
    return i < out_dtypes_.size() ? out_dtypes_[i] : ge::DT_UNDEFINED;
  }
  ge::graphStatus SetOutputDataType(size_t i, ge::DataType dt) {
    if (i >= out_dtypes_.size()) return ge::GRAPH_FAILED;
    out_dtypes_[i] = dt;
    return ge::GRAPH_SUCCESS;
  }

  std::vector<ge::DataType> out_dtypes_;  // aicore: read by the runner
};

// What a TilingParse function (IMPL_OP_OPTILING(...).TilingParse<CompileInfo>)
// sees: the platform and the operator's compile-info struct to fill, which
// the tiling function then reads with GetCompileInfo<CompileInfo>().
class TilingParseContext {
 public:
  const char* GetNodeName() const { return name_.c_str(); }
  const char* GetNodeType() const { return name_.c_str(); }
  fe::PlatFormInfos* GetPlatformInfo() const {
    static fe::PlatFormInfos info;
    return &info;
  }
  template <class T>
  T* GetCompiledInfo() {
    return static_cast<T*>(compile_info_);
  }
  // The graph compiler's JSON compile info; there is none on the CPU.
  const char* GetCompiledJson() const { return "{}"; }

  std::string name_;             // aicore: set by the runner
  void* compile_info_ = nullptr;  // aicore: set by the runner
};
// The [min, max] of a shape or tensor (exe_graph/runtime/range.h): pointers
// the context owns; Range(p) makes min and max the same.
template <class T>
class Range {
 public:
  Range() = default;
  Range(T* min, T* max) : min_(min), max_(max) {}
  explicit Range(T* same) : min_(same), max_(same) {}
  bool operator==(const Range<T>& o) const {
    return (min_ == o.min_ && max_ == o.max_) || (*min_ == *o.min_ && *max_ == *o.max_);
  }
  void SetMin(T* min) { min_ = min; }
  void SetMax(T* max) { max_ = max; }
  const T* GetMin() const { return min_; }
  const T* GetMax() const { return max_; }
  T* GetMin() { return min_; }
  T* GetMax() { return max_; }

 private:
  T* min_ = nullptr;
  T* max_ = nullptr;
};
using TensorRange = Range<Tensor>;

// What an InferShapeRange function (IMPL_OP(...).InferShapeRange(f), the
// graph compiler's shape ranges for dynamic shapes) sees. aicore registers
// such functions but never calls them (RunOp takes concrete shapes); the
// context is here so that operator sources compile, with the vendor's
// accessors over ranges a caller fills in.
class InferShapeRangeContext : public OpCallContext {
 public:
  const Range<Shape>* GetInputShapeRange(size_t i) const { return At(in_shape_, i); }
  const TensorRange* GetInputTensorRange(size_t i) const { return At(in_tensor_, i); }
  const Range<Shape>* GetOptionalInputShapeRange(size_t ir) const { return GetDynamicInputShapeRange(ir, 0); }
  const Range<Shape>* GetRequiredInputShapeRange(size_t ir) const { return GetDynamicInputShapeRange(ir, 0); }
  const Range<Shape>* GetDynamicInputShapeRange(size_t ir, size_t k) const {
    const long i = Instance(ir, k);
    return i < 0 ? nullptr : At(in_shape_, static_cast<size_t>(i));
  }
  const TensorRange* GetOptionalInputTensorRange(size_t ir) const { return GetDynamicInputTensorRange(ir, 0); }
  const TensorRange* GetRequiredInputTensorRange(size_t ir) const { return GetDynamicInputTensorRange(ir, 0); }
  const TensorRange* GetDynamicInputTensorRange(size_t ir, size_t k) const {
    const long i = Instance(ir, k);
    return i < 0 ? nullptr : At(in_tensor_, static_cast<size_t>(i));
  }
  Range<Shape>* GetOutputShapeRange(size_t i) { return i < out_shape_.size() ? &out_shape_[i] : nullptr; }

  // aicore: per input instance and per output, set by whoever calls the function.
  std::vector<Range<Shape>> in_shape_;
  std::vector<TensorRange> in_tensor_;
  std::vector<Range<Shape>> out_shape_;

 private:
  template <class R>
  static const R* At(const std::vector<R>& v, size_t i) { return i < v.size() ? &v[i] : nullptr; }
};
class OpExecuteContext {};

// IMPL_OP(type) / IMPL_OP_OPTILING(type) / IMPL_OP_INFERSHAPE(type): the
// operator's host functions registered by type, as operator repositories
// write them (instead of OpDef::SetInferShape / AICore().SetTiling). Every
// builder call records into the registry (aicore::op::FindOpImpl), so the
// chain may be copied into any variable.
class OpImplRegisterV2 {
 public:
  using InferShapeKernelFunc = uint32_t (*)(InferShapeContext*);
  using InferDataTypeKernelFunc = uint32_t (*)(InferDataTypeContext*);
  using TilingKernelFunc = uint32_t (*)(TilingContext*);
  using InferShapeRangeKernelFunc = uint32_t (*)(InferShapeRangeContext*);
  using TilingParseFunc = uint32_t (*)(TilingParseContext*);
  using OpExecuteKernelFunc = uint32_t (*)(OpExecuteContext*);

  // What is registered for one type.
  struct Funcs {
    InferShapeKernelFunc infer_shape = nullptr;
    InferDataTypeKernelFunc infer_dtype = nullptr;
    TilingKernelFunc tiling = nullptr;
    TilingParseFunc tiling_parse = nullptr;
    // Makes the compile-info struct of TilingParse<T> (a new T, and its deleter).
    std::shared_ptr<void> (*make_compile_info)() = nullptr;
  };
  static std::map<std::string, Funcs>& Registry() {
    static std::map<std::string, Funcs> r;
    return r;
  }
  static std::mutex& RegistryMutex() {
    static std::mutex m;
    return m;
  }

  explicit OpImplRegisterV2(const char* op_type) : type_(op_type != nullptr ? op_type : "") {}
  OpImplRegisterV2& Tiling(TilingKernelFunc f, size_t /*max_tiling_data_size*/ = 2048) {
    return Set([f](Funcs& x) { x.tiling = f; });
  }
  template <class CompileInfo>
  OpImplRegisterV2& TilingParse(TilingParseFunc f) {
    return Set([f](Funcs& x) {
      x.tiling_parse = f;
      x.make_compile_info = [] { return std::shared_ptr<void>(std::make_shared<CompileInfo>()); };
    });
  }
  OpImplRegisterV2& InferShape(InferShapeKernelFunc f) {
    return Set([f](Funcs& x) { x.infer_shape = f; });
  }
  OpImplRegisterV2& InferDataType(InferDataTypeKernelFunc f) {
    return Set([f](Funcs& x) { x.infer_dtype = f; });
  }
  // Recorded by the graph compiler only; nothing to do on the CPU.
  OpImplRegisterV2& InferShapeRange(InferShapeRangeKernelFunc) { return *this; }
  OpImplRegisterV2& InputsDataDependency(std::initializer_list<int32_t>) { return *this; }
  template <class... Placements>
  OpImplRegisterV2& TilingInputsDataDependency(std::initializer_list<int32_t>, Placements...) {
    return *this;
  }
  template <class T>
  OpImplRegisterV2& PrivateAttr(const char*, T) {
    return *this;
  }
  OpImplRegisterV2& PrivateAttr(const char*) { return *this; }
  OpImplRegisterV2& OutputShapeDependOnCompute(std::initializer_list<int32_t>) { return *this; }
  OpImplRegisterV2& OpExecuteFunc(OpExecuteKernelFunc) { return *this; }
  template <class F>
  OpImplRegisterV2& GenSimplifiedKey(F) {
    return *this;
  }
  OpImplRegisterV2& InferOutDataTypeSameWithFirstInput() { return *this; }

 private:
  template <class F>
  OpImplRegisterV2& Set(F f) {
    std::lock_guard<std::mutex> lock(RegistryMutex());
    f(Registry()[type_]);
    return *this;
  }
  std::string type_;
};

}  // namespace gert

#define AICORE_OP_IMPL_CAT2(a, b) a##b
#define AICORE_OP_IMPL_CAT(a, b) AICORE_OP_IMPL_CAT2(a, b)
#define IMPL_OP(op_type)                                                                            \
  static gert::OpImplRegisterV2 AICORE_OP_IMPL_CAT(aicore_op_impl_##op_type##_, __COUNTER__)      \
      [[maybe_unused]] = gert::OpImplRegisterV2(#op_type)
#define IMPL_OP_OPTILING(op_type) IMPL_OP(op_type)
#define IMPL_OP_INFERSHAPE(op_type) IMPL_OP(op_type)

namespace ops {

enum Option { IGNORE = 0, OPTIONAL = 1, REQUIRED = 2, DYNAMIC = 3, VIRTUAL = 4 };

// Where a ValueDepend input's data is needed: InferShape and tiling (ALL) or
// only tiling (TILING, which allows tiling sink).
enum class DependScope : uint32_t { ALL = 0, TILING = 1 };

// What OpParamDef::Follow takes over from the parameter it follows.
enum class FollowType : int32_t { ALL = 0, DTYPE = 1, FORMAT = 2, SHAPE = 3, INVALID_TYPE = 4 };

// The initial value of an output (OpParamDef::InitValue): its type and value.
enum class ScalarType : uint32_t {
  UINT64 = 0,
  INT64 = 1,
  UINT32 = 2,
  INT32 = 3,
  UINT16 = 4,
  INT16 = 5,
  UINT8 = 6,
  INT8 = 7,
  FLOAT32 = 8,
  FLOAT16 = 9,
  INVALID_DTYPE = static_cast<uint32_t>(-1),
};
union ScalarNum {
  uint64_t value_u64;
  int64_t value_i64;
  float value_f32;
  ScalarNum() : value_u64(0) {}
  explicit ScalarNum(uint64_t value) : value_u64(value) {}
  explicit ScalarNum(int64_t value) : value_i64(value) {}
  explicit ScalarNum(float value) : value_f32(value) {}
};
// The number is kept in the member of its type's kind: value_f32 for
// FLOAT32/FLOAT16, value_i64 for the signed types, value_u64 for the others.
struct ScalarVar {
  ScalarType scalar_type = ScalarType::INVALID_DTYPE;
  ScalarNum scalar_num;
  ScalarVar() = default;
  ScalarVar(ScalarType type, uint64_t num) : scalar_type(type) { Store(num); }
  ScalarVar(ScalarType type, int64_t num) : scalar_type(type) { Store(num); }
  ScalarVar(ScalarType type, int num) : scalar_type(type) { Store(int64_t{num}); }
  ScalarVar(ScalarType type, unsigned int num) : scalar_type(type) { Store(uint64_t{num}); }
  ScalarVar(ScalarType type, float num) : scalar_type(type) { Store(num); }
  ScalarVar(ScalarType type, double num) : scalar_type(type) { Store(num); }
  bool operator==(const ScalarVar& other) const {
    return scalar_type == other.scalar_type && scalar_num.value_u64 == other.scalar_num.value_u64;
  }
  bool IsFloat() const { return scalar_type == ScalarType::FLOAT32 || scalar_type == ScalarType::FLOAT16; }
  bool IsSigned() const {
    return scalar_type == ScalarType::INT64 || scalar_type == ScalarType::INT32 || scalar_type == ScalarType::INT16 ||
           scalar_type == ScalarType::INT8;
  }

 private:
  template <class N>
  void Store(N num) {
    scalar_num.value_u64 = 0;
    if (IsFloat()) {
      scalar_num.value_f32 = static_cast<float>(num);
    } else if (IsSigned()) {
      scalar_num.value_i64 = static_cast<int64_t>(num);
    } else {
      scalar_num.value_u64 = static_cast<uint64_t>(num);
    }
  }
};

inline const char* OptionName(Option o) {
  switch (o) {
    case OPTIONAL: return "OPTIONAL";
    case REQUIRED: return "REQUIRED";
    case DYNAMIC: return "DYNAMIC";
    default: return "IGNORE";
  }
}

// One input or output of an OpDef. DataType/Format list one entry per
// supported combination (column); DataTypeList/FormatList one set valid in
// every combination.
class OpParamDef {
 public:
  explicit OpParamDef(const char* name) : name_(name != nullptr ? name : "") {}
  OpParamDef& ParamType(Option type) {
    param_type_ = type;
    return *this;
  }
  OpParamDef& DataType(std::vector<ge::DataType> types) {
    dtypes_ = std::move(types);
    dtype_list_ = false;
    return *this;
  }
  OpParamDef& DataTypeList(std::vector<ge::DataType> types) {
    dtypes_ = std::move(types);
    dtype_list_ = true;
    return *this;
  }
  OpParamDef& Format(std::vector<ge::Format> formats) {
    formats_ = std::move(formats);
    format_list_ = false;
    return *this;
  }
  OpParamDef& FormatList(std::vector<ge::Format> formats) {
    formats_ = std::move(formats);
    format_list_ = true;
    return *this;
  }
  OpParamDef& UnknownShapeFormat(std::vector<ge::Format> formats) {
    unknown_shape_formats_ = std::move(formats);
    return *this;
  }
  // A data-dependent input: InferShape and tiling read its data
  // (GetInputTensor; the runner hands every input's data to them, whatever
  // the scope: ALL, or TILING for tiling sink). The generated aclnn function
  // takes it as a host array (aclIntArray / aclFloatArray / aclBoolArray,
  // see ValueDependArrayOf) and aclnn<Op>TensorGetWorkspaceSize as a tensor.
  OpParamDef& ValueDepend(Option value_depend) { return ValueDepend(value_depend, DependScope::ALL); }
  OpParamDef& ValueDepend(Option value_depend, DependScope scope) {
    value_depend_ = value_depend;
    depend_scope_ = scope;
    return *this;
  }
  OpParamDef& AutoContiguous() { return *this; }
  OpParamDef& IgnoreContiguous() { return *this; }
  // The generated aclnn function takes this input as `const aclScalar*`
  // (Scalar) or `const aclScalarList*` (ScalarList): a tensor of shape [1]
  // or [n] of the scalar's dtype, or of To(type) / To(input name)'s.
  OpParamDef& Scalar() {
    scalar_ = 1;
    return *this;
  }
  OpParamDef& ScalarList() {
    scalar_ = 2;
    return *this;
  }
  OpParamDef& To(const ge::DataType type) {
    to_type_ = type;
    to_name_.clear();
    return *this;
  }
  OpParamDef& To(const char* name) {
    to_name_ = name != nullptr ? name : "";
    to_type_ = ge::DT_UNDEFINED;
    return *this;
  }
  OpParamDef& Version(uint32_t /*version*/) { return *this; }
  // The dtypes and formats the NPU's binary lookup uses instead of the
  // declared ones: nothing to look up on the CPU.
  OpParamDef& DataTypeForBinQuery(std::vector<ge::DataType> /*types*/) { return *this; }
  OpParamDef& FormatForBinQuery(std::vector<ge::Format> /*formats*/) { return *this; }
  OpParamDef& Comment(const char* /*comment*/) { return *this; }
  // The dtypes, formats and (an output's, without InferShape) shape of an
  // earlier input; chains allowed with one FollowType. Resolved when the
  // registry builds the OpDef (aicore::op::detail::ResolveFollows).
  OpParamDef& Follow(const char* paramName) { return Follow(paramName, FollowType::ALL); }
  OpParamDef& Follow(const char* paramName, FollowType ftype) {
    follow_name_ = paramName != nullptr ? paramName : "";
    follow_type_ = ftype;
    return *this;
  }
  // An output whose shape the kernel computes (NonZero-like): the kernel
  // takes one more GM_ADDR after its outputs and writes the real shapes
  // there; InferShape gives the most the output may hold.
  OpParamDef& OutputShapeDependOnCompute() {
    shape_depend_ = true;
    return *this;
  }
  // An output's initial value, written over its whole GM space before the
  // kernel runs when the tiling function called SetNeedAtomic(true) (as on
  // the NPU, where it takes effect only then). InitValue(0) clears; the
  // vector form gives one value per DataType column.
  OpParamDef& InitValue(uint64_t value) {
    init_values_.assign(1, ScalarVar(ScalarType::UINT64, value));
    init_kind_ = 1;
    return *this;
  }
  OpParamDef& InitValue(const ScalarVar& value) {
    init_values_.assign(1, value);
    init_kind_ = 2;
    return *this;
  }
  OpParamDef& InitValue(const std::vector<ScalarVar>& value) {
    init_values_ = value;
    init_kind_ = 3;
    return *this;
  }

  const std::string& Name() const { return name_; }
  Option GetParamType() const { return param_type_; }
  const std::vector<ge::DataType>& DataTypes() const { return dtypes_; }
  bool IsDataTypeList() const { return dtype_list_; }
  const std::vector<ge::Format>& Formats() const { return formats_; }
  bool IsFormatList() const { return format_list_; }
  bool IsScalar() const { return scalar_ == 1; }
  bool IsScalarList() const { return scalar_ == 2; }
  ge::DataType ScalarToType() const { return to_type_; }   // DT_UNDEFINED: none
  const std::string& ScalarToName() const { return to_name_; }  // empty: none
  bool IsOutputShapeDependOnCompute() const { return shape_depend_; }
  // IGNORE: not ValueDepend; else REQUIRED or OPTIONAL as declared.
  Option GetValueDepend() const { return value_depend_; }
  DependScope GetDependScope() const { return depend_scope_; }
  const std::string& FollowName() const { return follow_name_; }  // empty: no Follow
  FollowType GetFollowType() const { return follow_type_; }
  // The input at the end of the Follow chain (empty before resolution).
  const std::string& FollowRoot() const { return follow_root_; }
  bool FollowsShape() const {
    return !follow_root_.empty() && (follow_type_ == FollowType::ALL || follow_type_ == FollowType::SHAPE);
  }
  // Takes over what `root` (an input without Follow) defines (the registry
  // calls it).
  void TakeFollowed(const OpParamDef& root) {
    follow_root_ = root.name_;
    if (follow_type_ == FollowType::ALL || follow_type_ == FollowType::DTYPE) {
      dtypes_ = root.dtypes_;
      dtype_list_ = root.dtype_list_;
    }
    if (follow_type_ == FollowType::ALL || follow_type_ == FollowType::FORMAT) {
      formats_ = root.formats_;
      format_list_ = root.format_list_;
    }
  }
  // 0: no InitValue; 1: InitValue(uint64_t); 2: one ScalarVar; 3: one per column.
  int InitValueKind() const { return init_kind_; }
  const std::vector<ScalarVar>& InitValues() const { return init_values_; }

 private:
  std::string name_;
  Option param_type_ = REQUIRED;
  std::vector<ge::DataType> dtypes_;
  bool dtype_list_ = false;
  std::vector<ge::Format> formats_;
  bool format_list_ = false;
  std::vector<ge::Format> unknown_shape_formats_;
  int scalar_ = 0;  // 1: Scalar(), 2: ScalarList()
  ge::DataType to_type_ = ge::DT_UNDEFINED;
  std::string to_name_;
  int init_kind_ = 0;
  std::vector<ScalarVar> init_values_;
  std::string follow_name_;
  FollowType follow_type_ = FollowType::ALL;
  std::string follow_root_;
  bool shape_depend_ = false;
  Option value_depend_ = IGNORE;
  DependScope depend_scope_ = DependScope::ALL;
};

// The host array type of a ValueDepend input in the generated aclnn function,
// from its dtypes as the vendor's documentation lays down: all DT_FLOAT ->
// kFloat (aclFloatArray), all DT_BOOL -> kBool (aclBoolArray), all integer
// (DT_INT64, DT_UINT64, DT_INT32, DT_UINT32, DT_INT16, DT_UINT16, DT_INT8,
// DT_UINT8) with DT_INT64 among them -> kInt (aclIntArray). The array
// becomes a 1-D input tensor of DT_FLOAT, DT_BOOL or DT_INT64. kNone with
// *why set: the input's definition does not allow an array.
enum class ValueDependArray { kNone, kInt, kFloat, kBool };
inline const char* ValueDependArrayName(ValueDependArray a) {
  switch (a) {
    case ValueDependArray::kInt: return "aclIntArray";
    case ValueDependArray::kFloat: return "aclFloatArray";
    case ValueDependArray::kBool: return "aclBoolArray";
    default: return "no array";
  }
}
inline ValueDependArray ValueDependArrayOf(const OpParamDef& p, std::string* why) {
  why->clear();
  if (p.GetValueDepend() == IGNORE) {
    *why = "it is not ValueDepend";
    return ValueDependArray::kNone;
  }
  if (p.GetParamType() == DYNAMIC || p.IsScalar() || p.IsScalarList()) {
    *why = std::string("a ValueDepend input that is ") + (p.GetParamType() == DYNAMIC ? "DYNAMIC" : "a Scalar") +
           " is not supported";
    return ValueDependArray::kNone;
  }
  bool all_float = !p.DataTypes().empty(), all_bool = all_float, all_int = all_float, has_int64 = false;
  for (const ge::DataType t : p.DataTypes()) {
    const bool integer = t == ge::DT_INT64 || t == ge::DT_UINT64 || t == ge::DT_INT32 || t == ge::DT_UINT32 ||
                         t == ge::DT_INT16 || t == ge::DT_UINT16 || t == ge::DT_INT8 || t == ge::DT_UINT8;
    all_float = all_float && t == ge::DT_FLOAT;
    all_bool = all_bool && t == ge::DT_BOOL;
    all_int = all_int && integer;
    has_int64 = has_int64 || t == ge::DT_INT64;
  }
  if (all_float) return ValueDependArray::kFloat;
  if (all_bool) return ValueDependArray::kBool;
  if (all_int && has_int64) return ValueDependArray::kInt;
  *why = all_int ? "its integer dtypes need DT_INT64 among them (an aclIntArray holds int64 values)"
                 : "its dtypes must be all DT_FLOAT, all DT_BOOL or all integer types";
  return ValueDependArray::kNone;
}

class OpAttrDef {
 public:
  explicit OpAttrDef(const char* name) : name_(name != nullptr ? name : "") {}
  OpAttrDef& AttrType(Option type) {
    required_ = type == REQUIRED;
    return *this;
  }
  OpAttrDef& Bool() { return Kind(gert::detail::AttrKind::kBool); }
  OpAttrDef& Bool(bool v) {
    value_.b = v;
    return Default(gert::detail::AttrKind::kBool);
  }
  OpAttrDef& Float() { return Kind(gert::detail::AttrKind::kFloat); }
  OpAttrDef& Float(float v) {
    value_.f = v;
    return Default(gert::detail::AttrKind::kFloat);
  }
  OpAttrDef& Int() { return Kind(gert::detail::AttrKind::kInt); }
  OpAttrDef& Int(int64_t v) {
    value_.i = v;
    return Default(gert::detail::AttrKind::kInt);
  }
  OpAttrDef& String() { return Kind(gert::detail::AttrKind::kString); }
  OpAttrDef& String(const char* v) {
    value_.s = v != nullptr ? v : "";
    return Default(gert::detail::AttrKind::kString);
  }
  OpAttrDef& ListBool() { return Kind(gert::detail::AttrKind::kListBool); }
  OpAttrDef& ListBool(std::vector<bool> v) {
    value_.lb.v_ = v;
    return Default(gert::detail::AttrKind::kListBool);
  }
  OpAttrDef& ListFloat() { return Kind(gert::detail::AttrKind::kListFloat); }
  OpAttrDef& ListFloat(std::vector<float> v) {
    value_.lf.v_ = std::move(v);
    return Default(gert::detail::AttrKind::kListFloat);
  }
  OpAttrDef& ListInt() { return Kind(gert::detail::AttrKind::kListInt); }
  OpAttrDef& ListInt(std::vector<int64_t> v) {
    value_.li.v_ = std::move(v);
    return Default(gert::detail::AttrKind::kListInt);
  }
  OpAttrDef& Version(uint32_t /*version*/) { return *this; }
  OpAttrDef& Comment(const char* /*comment*/) { return *this; }
  ge::AscendString GetName() const { return ge::AscendString(name_.c_str()); }
  bool IsRequired() const { return required_; }

  const std::string& Name() const { return name_; }
  gert::detail::AttrKind GetKind() const { return value_.kind; }
  bool HasDefault() const { return has_default_; }
  const gert::detail::AttrValue& DefaultValue() const { return value_; }

 private:
  OpAttrDef& Kind(gert::detail::AttrKind k) {
    value_.kind = k;
    return *this;
  }
  OpAttrDef& Default(gert::detail::AttrKind k) {
    value_.kind = k;
    has_default_ = true;
    return *this;
  }
  std::string name_;
  bool required_ = true;
  bool has_default_ = false;
  gert::detail::AttrValue value_;
};

namespace detail {
// The parameter of that name in a list, added at the end when absent.
inline OpParamDef& FindOrAddParam(std::vector<OpParamDef>& list, const char* name) {
  for (OpParamDef& p : list) {
    if (p.Name() == name) return p;
  }
  list.emplace_back(name);
  return list.back();
}
}  // namespace detail

// Per-SoC configuration (AICore().AddConfig(soc, config)): Input/Output give
// an input or output a different definition (dtypes, formats, param type) on
// that SoC, and the runner checks tensors against it when it runs under that
// SoC's profile (aicore::op::detail::ParamDefsFor in op/runner.h);
// NeedCheckSupportFlag(true) makes RunOp run AICore().SetCheckSupport's
// function under that SoC's profile; the other flags are accepted and not
// used on the CPU.
class OpAICoreConfig {
 public:
  OpAICoreConfig() = default;
  explicit OpAICoreConfig(const char* /*soc*/) {}
  OpParamDef& Input(const char* name) { return detail::FindOrAddParam(inputs_, name); }
  OpParamDef& Output(const char* name) { return detail::FindOrAddParam(outputs_, name); }
  const std::vector<OpParamDef>& Inputs() const { return inputs_; }
  const std::vector<OpParamDef>& Outputs() const { return outputs_; }
  OpAICoreConfig& AsyncFlag(bool) { return *this; }
  OpAICoreConfig& DynamicCompileStaticFlag(bool) { return *this; }
  OpAICoreConfig& DynamicFormatFlag(bool) { return *this; }
  OpAICoreConfig& DynamicRankSupportFlag(bool) { return *this; }
  OpAICoreConfig& DynamicShapeSupportFlag(bool) { return *this; }
  OpAICoreConfig& NeedCheckSupportFlag(bool on) {
    need_check_support_ = on;
    return *this;
  }
  bool NeedCheckSupport() const { return need_check_support_; }
  OpAICoreConfig& PrecisionReduceFlag(bool) { return *this; }
  OpAICoreConfig& RangeLimitValue(const char*) { return *this; }
  OpAICoreConfig& ExtendCfgInfo(const char*, const char*) { return *this; }

 private:
  std::vector<OpParamDef> inputs_;
  std::vector<OpParamDef> outputs_;
  bool need_check_support_ = false;
};

class OpAICoreDef {
 public:
  OpAICoreDef& SetTiling(gert::OpImplRegisterV2::TilingKernelFunc func) {
    tiling_ = func;
    return *this;
  }
  OpAICoreDef& SetTilingParse(gert::OpImplRegisterV2::TilingParseFunc) { return *this; }
  OpAICoreDef& SetCheckSupport(ge::OP_CHECK_FUNC func) {
    check_support_ = func;
    return *this;
  }
  ge::OP_CHECK_FUNC GetCheckSupport() const { return check_support_; }
  // The graph compiler's other hooks: accepted, never called on the CPU.
  OpAICoreDef& SetOpSelectFormat(ge::OP_CHECK_FUNC) { return *this; }
  OpAICoreDef& SetOpSupportInfo(ge::OP_CHECK_FUNC) { return *this; }
  OpAICoreDef& SetOpSpecInfo(ge::OP_CHECK_FUNC) { return *this; }
  OpAICoreDef& SetParamGeneralize(optiling::PARAM_GENERALIZE_FUNC) { return *this; }
  // The vendor's AddConfig returns void; returning *this also serves
  // projects that chain the calls.
  OpAICoreDef& AddConfig(const char* soc) {
    socs_.emplace_back(soc != nullptr ? soc : "");
    return *this;
  }
  // The configuration is copied (the vendor's projects reuse one object).
  OpAICoreDef& AddConfig(const char* soc, OpAICoreConfig& config) {
    AddConfig(soc);
    configs_.emplace_back(socs_.back(), config);
    return *this;
  }

  gert::OpImplRegisterV2::TilingKernelFunc GetTiling() const { return tiling_; }
  const std::vector<std::string>& Socs() const { return socs_; }
  // (soc, configuration) in AddConfig order.
  const std::vector<std::pair<std::string, OpAICoreConfig>>& Configs() const { return configs_; }

 private:
  gert::OpImplRegisterV2::TilingKernelFunc tiling_ = nullptr;
  ge::OP_CHECK_FUNC check_support_ = nullptr;
  std::vector<std::string> socs_;
  std::vector<std::pair<std::string, OpAICoreConfig>> configs_;
};

class OpDef {
 public:
  explicit OpDef(const char* type) : type_(type != nullptr ? type : "") {}
  virtual ~OpDef() = default;
  OpDef(const OpDef&) = delete;
  OpDef& operator=(const OpDef&) = delete;

  OpParamDef& Input(const char* name) { return Param(inputs_, name); }
  OpParamDef& Output(const char* name) { return Param(outputs_, name); }
  OpAttrDef& Attr(const char* name) {
    for (OpAttrDef& a : attrs_) {
      if (a.Name() == name) return a;
    }
    attrs_.emplace_back(name);
    return attrs_.back();
  }
  OpDef& SetInferShape(gert::OpImplRegisterV2::InferShapeKernelFunc func) {
    infer_shape_ = func;
    return *this;
  }
  OpDef& SetInferShapeRange(gert::OpImplRegisterV2::InferShapeRangeKernelFunc) { return *this; }
  OpDef& SetInferDataType(gert::OpImplRegisterV2::InferDataTypeKernelFunc func) {
    infer_dtype_ = func;
    return *this;
  }
  OpDef& Comment(const char* /*comment*/) { return *this; }
  OpAICoreDef& AICore() { return aicore_; }

  const std::string& Type() const { return type_; }
  const std::vector<OpParamDef>& Inputs() const { return inputs_; }
  const std::vector<OpParamDef>& Outputs() const { return outputs_; }
  const std::vector<OpAttrDef>& Attrs() const { return attrs_; }
  // SetInferShape's function, else IMPL_OP(type).InferShape's (nullptr: neither).
  gert::OpImplRegisterV2::InferShapeKernelFunc GetInferShape() const {
    return infer_shape_ != nullptr ? infer_shape_ : Impl().infer_shape;
  }
  gert::OpImplRegisterV2::InferDataTypeKernelFunc GetInferDataType() const {
    return infer_dtype_ != nullptr ? infer_dtype_ : Impl().infer_dtype;
  }
  // What IMPL_OP(type) registered (empty when nothing).
  gert::OpImplRegisterV2::Funcs Impl() const {
    std::lock_guard<std::mutex> lock(gert::OpImplRegisterV2::RegistryMutex());
    const auto& r = gert::OpImplRegisterV2::Registry();
    const auto it = r.find(type_);
    return it == r.end() ? gert::OpImplRegisterV2::Funcs{} : it->second;
  }
  const OpAICoreDef& GetAICore() const { return aicore_; }
  // What is wrong with the definition itself (a Follow of an unknown or
  // output parameter, a chain that changes FollowType); empty when nothing.
  const std::string& DefinitionError() const { return def_error_; }
  // Resolves every Follow (the registry calls it once, after construction).
  void ResolveFollows() {
    auto find = [](std::vector<OpParamDef>& v, const std::string& n) -> OpParamDef* {
      for (OpParamDef& p : v) {
        if (p.Name() == n) return &p;
      }
      return nullptr;
    };
    auto resolve = [&](OpParamDef& p, const char* kind) {
      if (p.FollowName().empty()) return;
      const std::string who = std::string(kind) + " " + p.Name() + " of " + type_;
      const OpParamDef* cur = &p;
      for (size_t depth = 0; depth <= inputs_.size(); ++depth) {
        OpParamDef* src = find(inputs_, cur->FollowName());
        if (src == nullptr) {
          def_error_ = who + " follows " + cur->FollowName() + ", " +
                       (find(outputs_, cur->FollowName()) != nullptr ? "an output (Follow takes inputs only)"
                                                                     : "which the OpDef does not define");
          return;
        }
        if (src->FollowName().empty()) {
          p.TakeFollowed(*src);
          return;
        }
        if (src->GetFollowType() != p.GetFollowType()) {
          def_error_ = who + " follows " + src->Name() + ", which follows " + src->FollowName() +
                       " with another FollowType (a chain keeps one)";
          return;
        }
        cur = src;
      }
      def_error_ = who + ": its Follow chain is a cycle";
    };
    for (OpParamDef& p : inputs_) {
      if (def_error_.empty()) resolve(p, "input");
    }
    for (OpParamDef& p : outputs_) {
      if (def_error_.empty()) resolve(p, "output");
    }
    for (const OpParamDef& p : inputs_) {
      if (def_error_.empty() && !p.FollowName().empty() && p.GetFollowType() == FollowType::SHAPE) {
        def_error_ = "input " + p.Name() + " of " + type_ + " follows the shape of " + p.FollowName() +
                     " (only outputs follow shapes)";
      }
    }
  }

 private:
  static OpParamDef& Param(std::vector<OpParamDef>& list, const char* name) {
    return detail::FindOrAddParam(list, name);
  }
  std::string type_;
  std::vector<OpParamDef> inputs_;
  std::vector<OpParamDef> outputs_;
  std::vector<OpAttrDef> attrs_;  // std::vector: references stay valid only
                                  // until the next Attr/Input/Output call,
                                  // as builder chains use them
  gert::OpImplRegisterV2::InferShapeKernelFunc infer_shape_ = nullptr;
  gert::OpImplRegisterV2::InferDataTypeKernelFunc infer_dtype_ = nullptr;
  OpAICoreDef aicore_;
  std::string def_error_;
};

}  // namespace ops

namespace aicore {
namespace op {

using OpDefFactory = ops::OpDef* (*)(const char* type);

using OpDefListener = void (*)(const std::string& type);

struct OpDefRegistry {
  std::mutex mu;
  std::map<std::string, OpDefFactory> factories;
  std::map<std::string, std::unique_ptr<ops::OpDef>> defs;  // built at first use
  std::vector<OpDefListener> listeners;
};

inline OpDefRegistry& OpDefs() {
  static OpDefRegistry r;
  return r;
}

inline bool RegisterOpDef(const char* type, OpDefFactory factory) {
  OpDefRegistry& r = OpDefs();
  std::vector<OpDefListener> listeners;
  {
    std::lock_guard<std::mutex> lock(r.mu);
    r.factories[type] = factory;
    listeners = r.listeners;
  }
  for (const OpDefListener l : listeners) l(type);
  return true;
}

// Calls `fn` (outside the registry's lock) for every operator registered now
// and for each one registered later: OP_ADD runs in static initializers of
// other translation units, in an order C++ leaves open, so a component that
// mirrors the registry (the PyTorch adapter, aicore_add_torch_ops) sees
// every operator whichever order they run in.
inline void OnOpDefRegistered(OpDefListener fn) {
  OpDefRegistry& r = OpDefs();
  std::vector<std::string> names;
  {
    std::lock_guard<std::mutex> lock(r.mu);
    r.listeners.push_back(fn);
    for (const auto& f : r.factories) names.push_back(f.first);
  }
  for (const std::string& n : names) fn(n);
}

// The registered definition of operator `type`, or nullptr.
inline const ops::OpDef* FindOpDef(const std::string& type) {
  OpDefRegistry& r = OpDefs();
  std::lock_guard<std::mutex> lock(r.mu);
  auto d = r.defs.find(type);
  if (d != r.defs.end()) return d->second.get();
  auto f = r.factories.find(type);
  if (f == r.factories.end()) return nullptr;
  ops::OpDef* def = f->second(f->first.c_str());
  def->ResolveFollows();
  r.defs[type].reset(def);
  return def;
}

// The names of every registered operator, sorted.
inline std::vector<std::string> RegisteredOps() {
  OpDefRegistry& r = OpDefs();
  std::lock_guard<std::mutex> lock(r.mu);
  std::vector<std::string> names;
  for (const auto& f : r.factories) names.push_back(f.first);
  return names;
}

}  // namespace op
}  // namespace aicore

// OP_ADD(AddCustom): registers class ops::AddCustom (an OpDef) under its
// name. Extra arguments (a compile-info type in older projects) are ignored.
#define OP_ADD(opType, ...)                                                                  \
  static const bool aicore_op_add_##opType [[maybe_unused]] = ::aicore::op::RegisterOpDef( \
      #opType, [](const char* aicoreType) -> ::ops::OpDef* { return new opType(aicoreType); })
