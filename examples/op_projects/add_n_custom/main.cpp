// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Driver of the AddNCustom operator project (a DYNAMIC input: a list of
// tensors): runs the operator by name with OpTensor::List and through the
// generated aclnn functions with an aclTensorList, in float and float16, with
// 1 to 5 tensors whose length ends anywhere, and checks y bit for bit against
// x[0] + x[1] + ... added left to right in the input type (half: each sum
// rounded to half once, as float(a) + float(b) is exact). A list whose
// shapes differ makes the tiling fail, which the driver expects as an error.
// Prints PASS or FAIL; exits 1 on a mismatch.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "acl/acl.h"
#include "aclnn_add_n_custom.h"
#include "aicore/op/runner.h"

namespace {

int failures = 0;

void Report(const char* what, bool ok, const char* why = "") {
  std::printf("%-48s %s%s\n", what, ok ? "PASS" : "FAIL", ok ? "" : why);
  failures += ok ? 0 : 1;
}

// count inputs of n elements (float or half bits) and the golden sum.
void MakeData(ge::DataType dt, size_t count, size_t n, std::vector<std::vector<uint8_t>>* xs,
              std::vector<uint8_t>* golden, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(-10.0f, 10.0f);
  const size_t bytes = dt == ge::DT_FLOAT ? 4 : 2;
  xs->assign(count, std::vector<uint8_t>(n * bytes));
  golden->resize(n * bytes);
  for (size_t i = 0; i < n; ++i) {
    float acc = 0.0f;
    for (size_t k = 0; k < count; ++k) {
      if (dt == ge::DT_FLOAT) {
        const float v = dist(rng);
        std::memcpy((*xs)[k].data() + 4 * i, &v, 4);
        acc = k == 0 ? v : acc + v;
      } else {
        const aclFloat16 h = aclFloatToFloat16(dist(rng));
        std::memcpy((*xs)[k].data() + 2 * i, &h, 2);
        const float v = aclFloat16ToFloat(h);
        acc = k == 0 ? v : aclFloat16ToFloat(aclFloatToFloat16(acc + v));
      }
    }
    if (dt == ge::DT_FLOAT) {
      std::memcpy(golden->data() + 4 * i, &acc, 4);
    } else {
      const aclFloat16 h = aclFloatToFloat16(acc);
      std::memcpy(golden->data() + 2 * i, &h, 2);
    }
  }
}

// aicore::op::RunOp with OpTensor::List: the operator by name.
void RunByName(ge::DataType dt, size_t count, std::vector<int64_t> shape, const char* what) {
  size_t n = 1;
  for (int64_t d : shape) n *= static_cast<size_t>(d);
  std::vector<std::vector<uint8_t>> xs;
  std::vector<uint8_t> golden;
  MakeData(dt, count, n, &xs, &golden, static_cast<uint32_t>(count * 1000 + n));
  std::vector<aicore::op::OpTensor> list;
  for (auto& x : xs) list.push_back({x.data(), shape, dt});
  aicore::op::OpRun r = aicore::op::RunOp("AddNCustom", {aicore::op::OpTensor::List(list)}, {});
  if (r.outputs.size() != 1 || r.outputs[0].shape != shape || r.outputs[0].dtype != dt) {
    Report(what, false, " (output shape or dtype)");
    return;
  }
  Report(what, std::memcmp(r.outputs[0].data, golden.data(), golden.size()) == 0);
}

// Shapes that differ: the tiling function returns GRAPH_FAILED.
void RunMismatch() {
  std::vector<float> a(64), b(32);
  bool threw = false;
  try {
    aicore::op::RunOp("AddNCustom",
                      {aicore::op::OpTensor::List({{a.data(), {64}, ge::DT_FLOAT}, {b.data(), {32}, ge::DT_FLOAT}})}, {});
  } catch (const aicore::KernelError& e) {
    threw = std::strstr(e.what(), "tiling function of AddNCustom") != nullptr;
  }
  Report("RunOp AddNCustom shapes [64] + [32] fails", threw);
}

// The aclnn form: an aclTensorList of aclTensors over device memory.
void RunAclnn(ge::DataType dt, size_t count, int64_t rows, int64_t cols, const char* what) {
  const std::vector<int64_t> shape = {rows, cols};
  const size_t n = static_cast<size_t>(rows * cols), bytes = n * (dt == ge::DT_FLOAT ? 4 : 2);
  std::vector<std::vector<uint8_t>> xs;
  std::vector<uint8_t> golden;
  MakeData(dt, count, n, &xs, &golden, 11u);
  aclrtStream stream = nullptr;
  if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS || aclrtCreateStream(&stream) != ACL_SUCCESS) {
    Report(what, false, " (acl setup)");
    return;
  }
  const aclDataType adt = dt == ge::DT_FLOAT ? ACL_FLOAT : ACL_FLOAT16;
  const int64_t strides[2] = {cols, 1};
  std::vector<void*> xDev(count, nullptr);
  std::vector<aclTensor*> xt(count, nullptr);
  for (size_t k = 0; k < count; ++k) {
    aclrtMalloc(&xDev[k], bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(xDev[k], bytes, xs[k].data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    xt[k] = aclCreateTensor(shape.data(), 2, adt, strides, 0, ACL_FORMAT_ND, shape.data(), 2, xDev[k]);
  }
  aclTensorList* xList = aclCreateTensorList(xt.data(), xt.size());
  void* yDev = nullptr;
  aclrtMalloc(&yDev, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
  aclTensor* yt = aclCreateTensor(shape.data(), 2, adt, strides, 0, ACL_FORMAT_ND, shape.data(), 2, yDev);
  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  aclnnStatus st = aclnnAddNCustomGetWorkspaceSize(xList, yt, &workspaceSize, &executor);
  void* workspace = nullptr;
  if (st == ACLNN_SUCCESS && workspaceSize > 0) aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
  if (st == ACLNN_SUCCESS) st = aclnnAddNCustom(workspace, workspaceSize, executor, stream);
  aclrtSynchronizeStream(stream);
  std::vector<uint8_t> y(bytes);
  aclrtMemcpy(y.data(), bytes, yDev, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
  if (st != ACLNN_SUCCESS) {
    std::printf("%-48s FAIL (aclnn status %d)\n", what, st);
    ++failures;
  } else {
    Report(what, std::memcmp(y.data(), golden.data(), bytes) == 0);
  }
  aclDestroyTensorList(xList);  // and its tensors
  aclDestroyTensor(yt);
  if (workspace != nullptr) aclrtFree(workspace);
  for (void* p : xDev) aclrtFree(p);
  aclrtFree(yDev);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();
}

}  // namespace

int main() {
  RunByName(ge::DT_FLOAT, 3, {37, 1001}, "RunOp AddNCustom float 3 x [37, 1001]");
  RunByName(ge::DT_FLOAT16, 5, {4099}, "RunOp AddNCustom float16 5 x [4099]");
  RunByName(ge::DT_FLOAT, 1, {7}, "RunOp AddNCustom float 1 x [7]");
  RunMismatch();
  RunAclnn(ge::DT_FLOAT, 2, 8, 2048, "aclnnAddNCustom float 2 x [8, 2048]");
  RunAclnn(ge::DT_FLOAT16, 4, 3, 555, "aclnnAddNCustom float16 4 x [3, 555]");
  std::printf("%s\n", failures == 0 ? "PASS" : "FAIL");
  return failures == 0 ? 0 : 1;
}
