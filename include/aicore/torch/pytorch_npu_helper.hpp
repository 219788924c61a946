// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// EXEC_NPU_CMD for PyTorch C++ extensions written for the NPU path, on CPU
// tensors: the header such extensions include as "pytorch_npu_helper.hpp"
// (aicore_add_torch_ops puts this directory on the include path of the
// library it builds, with SOURCES for the extension's own files).
//
//   at::Tensor result = at::empty_like(self);
//   EXEC_NPU_CMD(aclnnAddCustom, self, other, result);
//
// calls aclnnAddCustomGetWorkspaceSize(<args as aclnn types>, &size,
// &executor), allocates the workspace and calls aclnnAddCustom(workspace,
// size, executor, stream) with the generated aclnn functions of an
// aicore_add_op_project project (#include "aclnn_add_custom.h"). Arguments:
//   at::Tensor (CPU, contiguous; dtype mapped to aclDataType) -> aclTensor*
//   c10::optional<at::Tensor> -> aclTensor* or nullptr
//   at::IntArrayRef -> aclIntArray*, at::ArrayRef<double> -> aclFloatArray*
//   at::Scalar -> double (floating) or int64_t (integral) or bool
//   bool, integers, float/double, const char*/std::string: passed as the
//   aclnn attribute types (bool, int64_t, double, char*)
// A failing aclnn call throws std::runtime_error (Python: RuntimeError) with
// the name of the call and the runner's report (aclGetRecentErrMsg()); a
// non-contiguous or non-CPU tensor argument throws naming its position.
// Needs ATen: only for libraries that link Torch (the header is not part of
// the header-only library's self-containment checks, which glob *.h).
#pragma once

#include <ATen/ATen.h>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

namespace aicore {
namespace torch_npu {

// Owns what one EXEC_NPU_CMD creates; destroys it when the call ends.
class ExecArgs {
 public:
  explicit ExecArgs(const char* api) : api_(api) {}
  ExecArgs(const ExecArgs&) = delete;
  ExecArgs& operator=(const ExecArgs&) = delete;
  ~ExecArgs() {
    for (const aclTensor* t : tensors_) aclDestroyTensor(t);
    for (const aclIntArray* a : int_arrays_) aclDestroyIntArray(a);
    for (const aclFloatArray* a : float_arrays_) aclDestroyFloatArray(a);
  }

  aclTensor* Convert(const at::Tensor& t) {
    ++position_;
    if (!t.defined()) return nullptr;
    if (t.device().type() != c10::DeviceType::CPU) {
      Fail("argument " + std::to_string(position_) + " is a tensor on " + t.device().str() +
           "; aicore runs aclnn operators on CPU tensors");
    }
    if (!t.is_contiguous()) {
      Fail("argument " + std::to_string(position_) +
           " is a non-contiguous tensor; aicore's aclTensor takes contiguous data (call .contiguous() first; an "
           "output must be created contiguous, e.g. with at::empty_like)");
    }
    aclDataType dt = ACL_DT_UNDEFINED;
    switch (t.scalar_type()) {
      case at::kFloat: dt = ACL_FLOAT; break;
      case at::kHalf: dt = ACL_FLOAT16; break;
      case at::kBFloat16: dt = ACL_BF16; break;
      case at::kDouble: dt = ACL_DOUBLE; break;
      case at::kChar: dt = ACL_INT8; break;
      case at::kByte: dt = ACL_UINT8; break;
      case at::kShort: dt = ACL_INT16; break;
      case at::kInt: dt = ACL_INT32; break;
      case at::kLong: dt = ACL_INT64; break;
      case at::kBool: dt = ACL_BOOL; break;
      case at::kComplexFloat: dt = ACL_COMPLEX64; break;
      case at::kComplexDouble: dt = ACL_COMPLEX128; break;
      default:
        Fail("argument " + std::to_string(position_) + " has torch dtype " +
             std::string(c10::toString(t.scalar_type())) + ", which has no aclDataType");
    }
    const std::vector<int64_t> dims(t.sizes().begin(), t.sizes().end());
    const std::vector<int64_t> strides(t.strides().begin(), t.strides().end());
    aclTensor* a = aclCreateTensor(dims.data(), dims.size(), dt, strides.data(), 0, ACL_FORMAT_ND, dims.data(),
                                   dims.size(), t.numel() > 0 ? t.data_ptr() : nullptr);
    if (a == nullptr) Fail("aclCreateTensor failed for argument " + std::to_string(position_) + ": " + Recent());
    tensors_.push_back(a);
    return a;
  }
  aclTensor* Convert(const c10::optional<at::Tensor>& t) {
    if (!t.has_value()) {
      ++position_;
      return nullptr;
    }
    return Convert(*t);
  }
  aclIntArray* Convert(at::IntArrayRef v) {
    ++position_;
    aclIntArray* a = aclCreateIntArray(v.data(), v.size());
    int_arrays_.push_back(a);
    return a;
  }
  aclFloatArray* Convert(at::ArrayRef<double> v) {
    ++position_;
    std::vector<float> f(v.begin(), v.end());
    aclFloatArray* a = aclCreateFloatArray(f.data(), f.size());
    float_arrays_.push_back(a);
    return a;
  }
  double Convert(const at::Scalar& s) {
    ++position_;
    return s.toDouble();
  }
  char* Convert(const std::string& s) {
    ++position_;
    strings_.push_back(std::make_unique<std::string>(s));
    return &(*strings_.back())[0];
  }
  char* Convert(const char* s) { return Convert(std::string(s != nullptr ? s : "")); }
  bool Convert(bool v) {
    ++position_;
    return v;
  }
  template <class T, typename std::enable_if<std::is_integral<T>::value && !std::is_same<T, bool>::value, int>::type = 0>
  int64_t Convert(T v) {
    ++position_;
    return static_cast<int64_t>(v);
  }
  template <class T, typename std::enable_if<std::is_floating_point<T>::value, int>::type = 0>
  double Convert(T v) {
    ++position_;
    return static_cast<double>(v);
  }

  [[noreturn]] void Fail(const std::string& what) const {
    throw std::runtime_error(std::string("EXEC_NPU_CMD(") + api_ + "): " + what);
  }
  static std::string Recent() {
    const char* m = aclGetRecentErrMsg();
    return m != nullptr ? m : "";
  }

 private:
  const char* api_;
  int position_ = 0;
  std::vector<const aclTensor*> tensors_;
  std::vector<const aclIntArray*> int_arrays_;
  std::vector<const aclFloatArray*> float_arrays_;
  std::vector<std::unique_ptr<std::string>> strings_;
};

// Both phases of an aclnn call over converted arguments.
template <class GetWorkspaceSize, class Run, class... Args>
void ExecNpuCmd(const char* api, GetWorkspaceSize get_workspace_size, Run run, const Args&... args) {
  ExecArgs conv(api);
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  // Braced initialization converts left to right, so positions count in order.
  std::tuple<decltype(conv.Convert(args))...> converted{conv.Convert(args)...};
  const aclnnStatus st =
      std::apply([&](auto... c) { return get_workspace_size(c..., &workspace_size, &executor); }, converted);
  if (st != ACLNN_SUCCESS) {
    conv.Fail(std::string(api) + "GetWorkspaceSize returned " + std::to_string(st) + ": " + ExecArgs::Recent());
  }
  std::vector<uint8_t> workspace(workspace_size > 0 ? workspace_size : 0);
  const aclnnStatus rs = run(workspace_size > 0 ? workspace.data() : nullptr, workspace_size, executor, nullptr);
  if (rs != ACLNN_SUCCESS) {
    conv.Fail(std::string(api) + " returned " + std::to_string(rs) + ": " + ExecArgs::Recent());
  }
}

}  // namespace torch_npu
}  // namespace aicore

// EXEC_NPU_CMD(aclnnXxx, args...): as torch_npu's, on CPU tensors.
#define EXEC_NPU_CMD(aclnn_api, ...) \
  ::aicore::torch_npu::ExecNpuCmd(#aclnn_api, aclnn_api##GetWorkspaceSize, aclnn_api, __VA_ARGS__)
