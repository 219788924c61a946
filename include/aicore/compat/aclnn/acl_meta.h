// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// aclnn/acl_meta.h for the CPU: the objects of the two-phase aclnn API over
// host memory, and the calls a host program makes around a generated
// aclnnXxxGetWorkspaceSize / aclnnXxx pair (see aicore_add_op_project):
//
//   aclCreateTensor(viewDims, n, dtype, strides, offset, format, storageDims, m, data)
//   aclDestroyTensor, aclCreateTensorList / aclDestroyTensorList (a DYNAMIC
//   input or output; destroying the list destroys its tensors, as on the NPU),
//   aclCreateScalar / aclDestroyScalar, aclCreateScalarList /
//   aclDestroyScalarList (an input marked Scalar() / ScalarList() in the
//   OpDef: the kernel gets a tensor of shape [1] / [n] holding the value in
//   the scalar's own dtype, or in the dtype OpParamDef::To names),
//   aclCreateIntArray / aclCreateFloatArray / aclCreateBoolArray and their
//   aclDestroy* (list attributes, and ValueDepend inputs: the kernel gets a
//   1-D tensor of DT_INT64 / DT_FLOAT / DT_BOOL holding the array's values),
//   aclnnStatus, aclOpExecutor
//
// A tensor's data is `data` advanced by `offset` elements; only contiguous
// strides (or nullptr) are accepted. The generated functions return
// ACLNN_SUCCESS, or an error code whose report (the aicore::KernelError text
// naming the operator, the argument and what was expected) is printed on
// stderr and returned by aclGetRecentErrMsg().
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "acl/acl_base.h"
#include "aicore/base/half.h"
#include "aicore/op/runner.h"

typedef int32_t aclnnStatus;
constexpr aclnnStatus ACLNN_SUCCESS = 0;
constexpr aclnnStatus ACLNN_ERR_PARAM_NULLPTR = 161001;
constexpr aclnnStatus ACLNN_ERR_PARAM_INVALID = 161002;
constexpr aclnnStatus ACLNN_ERR_INNER = 561000;

struct aclTensor {
  aicore::op::OpTensor t;
};
struct aclTensorList {
  std::vector<const aclTensor*> v;  // owned: aclDestroyTensorList destroys them
};
struct aclScalar {
  aclDataType dtype = ACL_FLOAT;
  double value = 0.0;     // the value (floating-point dtypes)
  int64_t ivalue = 0;     // the value (integer and bool dtypes; UINT64 as its bits)
  bool integral = false;  // which of the two holds it exactly
};
struct aclScalarList {
  std::vector<const aclScalar*> v;  // owned: aclDestroyScalarList destroys them
};
struct aclIntArray {
  std::vector<int64_t> v;
};
struct aclFloatArray {
  std::vector<float> v;
};
struct aclBoolArray {
  std::vector<bool> v;
};
struct aclOpExecutor {
  std::unique_ptr<aicore::op::PreparedOp> op;
  std::vector<std::vector<uint64_t>> scalar_data;  // the tensors of aclScalar inputs and host arrays
  // Per output instance, the caller's aclTensor (OutputShapeDependOnCompute
  // writes the computed shape back into it).
  std::vector<aclTensor*> out_tensors;
};

inline aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType,
                                  const int64_t* stride, int64_t offset, aclFormat format,
                                  const int64_t* storageDims, uint64_t storageDimsNum, void* tensorData) {
  (void)storageDims, (void)storageDimsNum;
  if (viewDimsNum > 0 && viewDims == nullptr) return nullptr;
  auto* t = new aclTensor;
  t->t.shape.assign(viewDims, viewDims + viewDimsNum);
  // Contiguous strides only: stride[i] == product of the later dims.
  if (stride != nullptr) {
    int64_t s = 1;
    for (uint64_t i = viewDimsNum; i-- > 0;) {
      if (viewDims[i] > 1 && stride[i] != s) {
        delete t;
        aicore::compat::AclFail(ACL_ERROR_INVALID_PARAM, "aclCreateTensor: only contiguous strides are supported");
        return nullptr;
      }
      s *= viewDims[i];
    }
  }
  t->t.dtype = static_cast<ge::DataType>(dataType);
  t->t.format = format == ACL_FORMAT_UNDEFINED ? ge::FORMAT_ND : static_cast<ge::Format>(format);
  t->t.data = tensorData == nullptr
                  ? nullptr
                  : static_cast<uint8_t*>(tensorData) + offset * static_cast<int64_t>(ge::DataTypeBytes(t->t.dtype));
  return t;
}
inline aclnnStatus aclDestroyTensor(const aclTensor* tensor) {
  delete tensor;
  return ACLNN_SUCCESS;
}
inline aclTensorList* aclCreateTensorList(const aclTensor* const* value, uint64_t size) {
  if (size > 0 && value == nullptr) return nullptr;
  return new aclTensorList{std::vector<const aclTensor*>(value, value + size)};
}
inline aclnnStatus aclDestroyTensorList(const aclTensorList* array) {
  if (array == nullptr) return ACLNN_SUCCESS;
  for (const aclTensor* t : array->v) delete t;
  delete array;
  return ACLNN_SUCCESS;
}
inline aclScalar* aclCreateScalar(void* value, aclDataType dataType) {
  if (value == nullptr) return nullptr;
  auto* s = new aclScalar;
  s->dtype = dataType;
  auto integer = [s](int64_t v) {
    s->ivalue = v;
    s->value = static_cast<double>(v);
    s->integral = true;
  };
  switch (dataType) {
    case ACL_FLOAT: s->value = *static_cast<float*>(value); break;
    case ACL_DOUBLE: s->value = *static_cast<double*>(value); break;
    case ACL_FLOAT16: s->value = aclFloat16ToFloat(*static_cast<aclFloat16*>(value)); break;
    case ACL_BF16: s->value = static_cast<float>(::bfloat16_t::FromBits(*static_cast<uint16_t*>(value))); break;
    case ACL_INT8: integer(*static_cast<int8_t*>(value)); break;
    case ACL_INT16: integer(*static_cast<int16_t*>(value)); break;
    case ACL_INT32: integer(*static_cast<int32_t*>(value)); break;
    case ACL_INT64: integer(*static_cast<int64_t*>(value)); break;
    case ACL_UINT8: integer(*static_cast<uint8_t*>(value)); break;
    case ACL_UINT16: integer(*static_cast<uint16_t*>(value)); break;
    case ACL_UINT32: integer(*static_cast<uint32_t*>(value)); break;
    case ACL_UINT64:
      integer(static_cast<int64_t>(*static_cast<uint64_t*>(value)));
      s->value = static_cast<double>(*static_cast<uint64_t*>(value));
      break;
    case ACL_BOOL: integer(*static_cast<bool*>(value) ? 1 : 0); break;
    default: delete s; return nullptr;
  }
  return s;
}
inline aclnnStatus aclDestroyScalar(const aclScalar* scalar) {
  delete scalar;
  return ACLNN_SUCCESS;
}
inline aclScalarList* aclCreateScalarList(const aclScalar* const* value, uint64_t size) {
  if (size > 0 && value == nullptr) return nullptr;
  return new aclScalarList{std::vector<const aclScalar*>(value, value + size)};
}
inline aclnnStatus aclDestroyScalarList(const aclScalarList* array) {
  if (array == nullptr) return ACLNN_SUCCESS;
  for (const aclScalar* s : array->v) delete s;
  delete array;
  return ACLNN_SUCCESS;
}
inline aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size) {
  if (size > 0 && value == nullptr) return nullptr;
  return new aclIntArray{std::vector<int64_t>(value, value + size)};
}
inline aclnnStatus aclDestroyIntArray(const aclIntArray* array) {
  delete array;
  return ACLNN_SUCCESS;
}
inline aclFloatArray* aclCreateFloatArray(const float* value, uint64_t size) {
  if (size > 0 && value == nullptr) return nullptr;
  return new aclFloatArray{std::vector<float>(value, value + size)};
}
inline aclnnStatus aclDestroyFloatArray(const aclFloatArray* array) {
  delete array;
  return ACLNN_SUCCESS;
}
inline aclBoolArray* aclCreateBoolArray(const bool* value, uint64_t size) {
  if (size > 0 && value == nullptr) return nullptr;
  return new aclBoolArray{std::vector<bool>(value, value + size)};
}
inline aclnnStatus aclDestroyBoolArray(const aclBoolArray* array) {
  delete array;
  return ACLNN_SUCCESS;
}

namespace aicore {
namespace compat {

// Writes scalar `s` as one element of dtype `to` to `out` (at least 8
// bytes): floating-point targets rounded once to nearest-even from the
// exact value (an integer beyond 2^53 through double first), integer targets
// by C++ conversion (a floating-point value truncated toward zero), bool as
// value != 0. Returns "" or why it cannot (a dtype without a numeric value
// on the CPU, a value outside the target's range, NaN to an integer).
inline std::string AclScalarTo(const aclScalar& s, ge::DataType to, void* out) {
  op::detail::Number n;
  n.integral = s.integral;
  n.u64 = s.dtype == ACL_UINT64;
  n.i = s.ivalue;
  n.v = s.value;
  return op::detail::NumberTo(n, to, out);
}

// What the generated aclnn functions call.
inline std::string& AclnnLastReport() {
  static thread_local std::string s;
  return s;
}

inline aclnnStatus AclnnReport(aclnnStatus code, const std::string& report) {
  AclnnLastReport() = report;
  AclLastError() = AclnnLastReport().c_str();
  std::fflush(stdout);
  std::fprintf(stderr, "%s\n", report.c_str());
  return code;
}

inline op::OpAttr AclnnAttr(const char* name, bool v) { return op::OpAttr(name, v); }
inline op::OpAttr AclnnAttr(const char* name, int64_t v) { return op::OpAttr(name, v); }
inline op::OpAttr AclnnAttr(const char* name, double v) { return op::OpAttr(name, v); }
inline op::OpAttr AclnnAttr(const char* name, const char* v) { return op::OpAttr(name, v); }
inline op::OpAttr AclnnAttr(const char* name, const aclIntArray* v) {
  return op::OpAttr(name, v != nullptr ? v->v : std::vector<int64_t>{});
}
inline op::OpAttr AclnnAttr(const char* name, const aclFloatArray* v) {
  return op::OpAttr(name, v != nullptr ? v->v : std::vector<float>{});
}
inline op::OpAttr AclnnAttr(const char* name, const aclBoolArray* v) {
  return op::OpAttr(name, v != nullptr ? v->v : std::vector<bool>{});
}

// One input or output argument of a generated aclnn function: a tensor, or
// the tensor list of a DYNAMIC input or output.
struct AclnnInput {
  const aclTensor* tensor = nullptr;
  const aclTensorList* list = nullptr;
  const aclScalar* scalar = nullptr;
  const aclScalarList* scalars = nullptr;
  // A ValueDepend input's host array (may be null) and which kind it is.
  const void* array = nullptr;
  ops::ValueDependArray array_kind = ops::ValueDependArray::kNone;
  bool is_list = false;
  AclnnInput(const aclTensor* t) : tensor(t) {}                      // NOLINT(runtime/explicit)
  AclnnInput(const aclTensorList* l) : list(l), is_list(true) {}     // NOLINT(runtime/explicit)
  AclnnInput(const aclScalar* s) : scalar(s) {}                      // NOLINT(runtime/explicit)
  AclnnInput(const aclScalarList* s) : scalars(s) {}                 // NOLINT(runtime/explicit)
  AclnnInput(const aclIntArray* a) : array(a), array_kind(ops::ValueDependArray::kInt) {}  // NOLINT
  AclnnInput(const aclFloatArray* a) : array(a), array_kind(ops::ValueDependArray::kFloat) {}  // NOLINT
  AclnnInput(const aclBoolArray* a) : array(a), array_kind(ops::ValueDependArray::kBool) {}  // NOLINT
  AclnnInput(std::nullptr_t) {}                                       // NOLINT(runtime/explicit): an input left out
};

// The OpTensor list of an aclTensorList (nullptr: a null tensor in the list,
// whose index goes to *hole).
inline bool AclnnListItems(const aclTensorList* l, std::vector<op::OpTensor>* items, size_t* hole) {
  for (size_t k = 0; k < l->v.size(); ++k) {
    if (l->v[k] == nullptr) {
      *hole = k;
      return false;
    }
    items->push_back(l->v[k]->t);
  }
  return true;
}

// A ValueDepend input's host array as the input tensor InferShape, tiling and
// the kernel see: 1-D, as long as the array, DT_INT64 / DT_FLOAT / DT_BOOL
// (aclIntArray / aclFloatArray / aclBoolArray), its data kept by the
// executor; a null array leaves the input out. The kind must be the one the
// OpDef's input takes (ops::ValueDependArrayOf). Returns "" or the report.
inline std::string AclnnArrayInput(const char* type, size_t k, const AclnnInput& a, aclOpExecutor* ex,
                                   std::vector<op::OpTensor>* in) {
  const ops::OpDef* def = op::FindOpDef(type);
  const ops::OpParamDef* d = def != nullptr && k < def->Inputs().size() ? &def->Inputs()[k] : nullptr;
  const std::string who = std::string("aicore: aclnn") + type + "GetWorkspaceSize: input " + std::to_string(k) +
                          (d != nullptr ? " (" + d->Name() + ")" : std::string());
  std::string why = "the OpDef has no such input";
  const ops::ValueDependArray want = d != nullptr ? ops::ValueDependArrayOf(*d, &why) : ops::ValueDependArray::kNone;
  if (want != a.array_kind) {
    return who + " is given as an " + ops::ValueDependArrayName(a.array_kind) + "; " +
           (want == ops::ValueDependArray::kNone ? "it takes no array: " + why
                                                 : "its dtypes make it an " + std::string(ops::ValueDependArrayName(want)));
  }
  if (a.array == nullptr) {
    in->push_back(op::OpTensor::None());  // a required one is reported as missing
    return "";
  }
  size_t n = 0;
  ge::DataType dt = ge::DT_INT64;
  std::vector<uint64_t> words(1, 0);  // never empty: the data pointer of [0] is not null
  if (a.array_kind == ops::ValueDependArray::kInt) {
    const auto& v = static_cast<const aclIntArray*>(a.array)->v;
    n = v.size();
    words.resize(n + 1);
    std::memcpy(words.data(), v.data(), n * sizeof(int64_t));
  } else if (a.array_kind == ops::ValueDependArray::kFloat) {
    const auto& v = static_cast<const aclFloatArray*>(a.array)->v;
    n = v.size();
    dt = ge::DT_FLOAT;
    words.resize(n / 2 + 1);
    std::memcpy(words.data(), v.data(), n * sizeof(float));
  } else {
    const auto& v = static_cast<const aclBoolArray*>(a.array)->v;
    n = v.size();
    dt = ge::DT_BOOL;
    words.resize(n / 8 + 1);
    for (size_t j = 0; j < n; ++j) reinterpret_cast<uint8_t*>(words.data())[j] = v[j] ? 1 : 0;
  }
  ex->scalar_data.push_back(std::move(words));
  in->push_back(op::OpTensor(ex->scalar_data.back().data(), {static_cast<int64_t>(n)}, dt));
  return "";
}

inline aclnnStatus AclnnPrepare(const char* type, std::initializer_list<AclnnInput> inputs,
                                std::initializer_list<AclnnInput> outputs,
                                std::initializer_list<op::OpAttr> attrs, uint64_t* workspaceSize,
                                aclOpExecutor** executor, SrcLoc loc) {
  if (workspaceSize == nullptr || executor == nullptr) {
    return AclnnReport(ACLNN_ERR_PARAM_NULLPTR, std::string("aicore: aclnn") + type +
                                                    "GetWorkspaceSize: workspaceSize or executor is nullptr");
  }
  std::vector<op::OpTensor> in, out;
  auto ex = std::make_unique<aclOpExecutor>();
  std::vector<size_t> scalar_at;  // inputs given as aclScalar / aclScalarList, converted below
  size_t i = 0;
  for (const AclnnInput& a : inputs) {
    if (a.array_kind != ops::ValueDependArray::kNone) {
      const std::string why = AclnnArrayInput(type, i, a, ex.get(), &in);
      if (!why.empty()) return AclnnReport(ACLNN_ERR_PARAM_INVALID, why);
    } else if (a.scalar != nullptr || a.scalars != nullptr) {
      in.push_back(op::OpTensor::None());
      scalar_at.push_back(i);
    } else if (a.is_list && a.list == nullptr) {
      return AclnnReport(ACLNN_ERR_PARAM_NULLPTR, std::string("aicore: aclnn") + type + "GetWorkspaceSize: input " +
                                                      std::to_string(i) + " (a tensor list) is nullptr");
    } else if (a.list == nullptr) {
      in.push_back(a.tensor != nullptr ? a.tensor->t : op::OpTensor::None());
    } else {
      std::vector<op::OpTensor> items;
      size_t hole = 0;
      if (!AclnnListItems(a.list, &items, &hole)) {
        return AclnnReport(ACLNN_ERR_PARAM_NULLPTR, std::string("aicore: aclnn") + type + "GetWorkspaceSize: input " +
                                                        std::to_string(i) + ": tensor " + std::to_string(hole) +
                                                        " of the tensor list is nullptr");
      }
      in.push_back(op::OpTensor::List(std::move(items)));
    }
    ++i;
  }
  // Scalars become tensors of shape [1] / [n] in the dtype To() names (a
  // type, or the dtype of the named input), else their own; the executor
  // keeps the data.
  const ops::OpDef* def = scalar_at.empty() ? nullptr : op::FindOpDef(type);
  for (const size_t k : scalar_at) {
    const AclnnInput& a = inputs.begin()[k];
    std::vector<const aclScalar*> values;
    if (a.scalar != nullptr) values.push_back(a.scalar);
    if (a.scalars != nullptr) values = a.scalars->v;
    const ops::OpParamDef* d = def != nullptr && k < def->Inputs().size() ? &def->Inputs()[k] : nullptr;
    const std::string who = std::string("aicore: aclnn") + type + "GetWorkspaceSize: input " + std::to_string(k) +
                            (d != nullptr ? " (" + d->Name() + ")" : std::string());
    if (values.empty()) {
      return AclnnReport(ACLNN_ERR_PARAM_INVALID, who + ": the aclScalarList is empty");
    }
    for (size_t j = 0; j < values.size(); ++j) {
      if (values[j] == nullptr) {
        return AclnnReport(ACLNN_ERR_PARAM_NULLPTR,
                           who + ": scalar " + std::to_string(j) + " of the aclScalarList is nullptr");
      }
    }
    ge::DataType to = static_cast<ge::DataType>(values[0]->dtype);
    if (d != nullptr && d->ScalarToType() != ge::DT_UNDEFINED) to = d->ScalarToType();
    if (d != nullptr && !d->ScalarToName().empty()) {
      size_t n = 0;
      while (n < def->Inputs().size() && def->Inputs()[n].Name() != d->ScalarToName()) ++n;
      if (n == def->Inputs().size() || n >= in.size() || (in[n].absent && !in[n].is_list)) {
        return AclnnReport(ACLNN_ERR_PARAM_INVALID,
                           who + ": its dtype follows input " + d->ScalarToName() + " (To), which " +
                               (n == def->Inputs().size() ? "the OpDef does not have" : "is not given as a tensor"));
      }
      to = in[n].is_list ? in[n].items.at(0).dtype : in[n].dtype;
    }
    const size_t bytes = ge::DataTypeBytes(to);
    ex->scalar_data.emplace_back(values.size() + 1, 0);
    uint8_t* base = reinterpret_cast<uint8_t*>(ex->scalar_data.back().data());
    for (size_t j = 0; j < values.size(); ++j) {
      uint64_t word = 0;
      const std::string why = AclScalarTo(*values[j], to, &word);
      if (!why.empty()) {
        return AclnnReport(ACLNN_ERR_PARAM_INVALID,
                           who + (a.scalars != nullptr ? ": scalar " + std::to_string(j) : std::string()) + ": the " +
                               ge::DataTypeName(static_cast<ge::DataType>(values[j]->dtype)) +
                               " aclScalar cannot be converted to " + ge::DataTypeName(to) + ": " + why);
      }
      std::memcpy(base + j * bytes, &word, bytes);
    }
    in[k] = op::OpTensor(base, {static_cast<int64_t>(values.size())}, to);
  }
  i = 0;
  for (const AclnnInput& a : outputs) {
    if (a.tensor == nullptr && a.list == nullptr) {
      return AclnnReport(ACLNN_ERR_PARAM_NULLPTR, std::string("aicore: aclnn") + type + "GetWorkspaceSize: output " +
                                                      std::to_string(i) + (a.is_list ? " (a tensor list)" : "") +
                                                      " is nullptr");
    }
    if (a.list != nullptr) {
      std::vector<op::OpTensor> items;
      size_t hole = 0;
      if (!AclnnListItems(a.list, &items, &hole)) {
        return AclnnReport(ACLNN_ERR_PARAM_NULLPTR, std::string("aicore: aclnn") + type + "GetWorkspaceSize: output " +
                                                        std::to_string(i) + ": tensor " + std::to_string(hole) +
                                                        " of the tensor list is nullptr");
      }
      out.push_back(op::OpTensor::List(std::move(items)));
      for (const aclTensor* t : a.list->v) ex->out_tensors.push_back(const_cast<aclTensor*>(t));
    } else {
      out.push_back(a.tensor->t);
      ex->out_tensors.push_back(const_cast<aclTensor*>(a.tensor));
    }
    ++i;
  }
  try {
    ex->op = op::PrepareOp(type, in, out, std::vector<op::OpAttr>(attrs), loc);
    *workspaceSize = ex->op->workspace_size();
    *executor = ex.release();
  } catch (const KernelError& e) {
    return AclnnReport(ACLNN_ERR_PARAM_INVALID, e.what());
  }
  return ACLNN_SUCCESS;
}

inline aclnnStatus AclnnRun(const char* type, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                            aclrtStream /*stream*/, SrcLoc loc) {
  if (executor == nullptr || !executor->op) {
    return AclnnReport(ACLNN_ERR_PARAM_NULLPTR,
                       std::string("aicore: aclnn") + type + ": the executor is nullptr (or was already run)");
  }
  std::unique_ptr<aclOpExecutor> ex(executor);  // an executor runs once
  try {
    op::ExecuteOp(*ex->op, workspace, workspaceSize, loc);
  } catch (const KernelError& e) {
    return AclnnReport(ACLNN_ERR_INNER, e.what());
  }
  // The shapes the kernel computed, into the caller's output tensors.
  for (const size_t j : ex->op->computed_shape_outputs()) {
    if (j >= ex->out_tensors.size() || ex->out_tensors[j] == nullptr) continue;
    std::vector<int64_t>& dims = ex->out_tensors[j]->t.shape;
    dims.clear();
    for (size_t k = 0; k < ex->op->output_shape(j).GetDimNum(); ++k) dims.push_back(ex->op->output_shape(j).GetDim(k));
  }
  return ACLNN_SUCCESS;
}

}  // namespace compat
}  // namespace aicore
