// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// A PyTorch C++ extension written for the NPU path (the form of the vendor's
// CppExtension samples: a TORCH_LIBRARY op whose implementation calls the
// operator's aclnn pair through EXEC_NPU_CMD), built for the CPU with one
// change: the dispatch key of TORCH_LIBRARY_IMPL is CPU instead of the NPU's
// PrivateUse1. aicore_add_torch_ops(... SOURCES extension_ops.cpp) compiles
// it into the library.
#include <torch/library.h>

#include "aclnn_add_custom.h"
#include "aclnn_leaky_relu_custom.h"
#include "pytorch_npu_helper.hpp"

at::Tensor my_add_impl_npu(const at::Tensor& self, const at::Tensor& other)
{
    at::Tensor result = at::empty_like(self);
    EXEC_NPU_CMD(aclnnAddCustom, self, other, result);
    return result;
}

at::Tensor my_leaky_relu_impl_npu(const at::Tensor& self, double negativeSlope)
{
    at::Tensor result = at::empty_like(self);
    EXEC_NPU_CMD(aclnnLeakyReluCustom, self, negativeSlope, result);
    return result;
}

TORCH_LIBRARY(myops, m)
{
    m.def("my_add(Tensor self, Tensor other) -> Tensor");
    m.def("my_leaky_relu(Tensor self, float negative_slope) -> Tensor");
}

// On the NPU: TORCH_LIBRARY_IMPL(myops, PrivateUse1, m).
TORCH_LIBRARY_IMPL(myops, CPU, m)
{
    m.impl("my_add", TORCH_FN(my_add_impl_npu));
    m.impl("my_leaky_relu", TORCH_FN(my_leaky_relu_impl_npu));
}
