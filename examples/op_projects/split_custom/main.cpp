// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Driver of the SplitCustom operator project (a DYNAMIC output: a list of
// tensors): runs the operator by name (the output list given as
// OpTensor::List, allocated by the runner) and through the generated aclnn
// functions (an aclTensorList output), in float and float16, with parts
// whose length ends anywhere, and checks every part bit for bit against the
// scalar model (part k is elements [k * n / num_split, (k + 1) * n / num_split)
// of x). A first dimension that num_split does not divide makes InferShape
// fail, which the driver expects as an error. Prints PASS or FAIL; exits 1
// on a mismatch.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "acl/acl.h"
#include "aclnn_split_custom.h"
#include "aicore/op/runner.h"

namespace {

int failures = 0;

void Report(const char* what, bool ok, const char* why = "") {
  std::printf("%-52s %s%s\n", what, ok ? "PASS" : "FAIL", ok ? "" : why);
  failures += ok ? 0 : 1;
}

// n random elements (float or half bits).
std::vector<uint8_t> MakeData(ge::DataType dt, size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(-10.0f, 10.0f);
  const size_t bytes = dt == ge::DT_FLOAT ? 4 : 2;
  std::vector<uint8_t> x(n * bytes);
  for (size_t i = 0; i < n; ++i) {
    if (dt == ge::DT_FLOAT) {
      const float v = dist(rng);
      std::memcpy(x.data() + 4 * i, &v, 4);
    } else {
      const aclFloat16 h = aclFloatToFloat16(dist(rng));
      std::memcpy(x.data() + 2 * i, &h, 2);
    }
  }
  return x;
}

// aicore::op::RunOp: the output list of num_split entries without data.
void RunByName(ge::DataType dt, int64_t numSplit, std::vector<int64_t> shape, const char* what) {
  size_t n = 1;
  for (int64_t d : shape) n *= static_cast<size_t>(d);
  std::vector<uint8_t> x = MakeData(dt, n, static_cast<uint32_t>(n + numSplit));
  const size_t bytes = dt == ge::DT_FLOAT ? 4 : 2, part = n / static_cast<size_t>(numSplit) * bytes;
  aicore::op::OpRun r = aicore::op::RunOp(
      "SplitCustom", {{x.data(), shape, dt}},
      {aicore::op::OpTensor::List(std::vector<aicore::op::OpTensor>(static_cast<size_t>(numSplit)))},
      {{"num_split", numSplit}});
  std::vector<int64_t> partShape = shape;
  partShape[0] /= numSplit;
  bool ok = r.outputs.size() == 1 && r.outputs[0].is_list && r.outputs[0].items.size() == static_cast<size_t>(numSplit);
  for (size_t k = 0; ok && k < r.outputs[0].items.size(); ++k) {
    const aicore::op::OpTensor& y = r.outputs[0].items[k];
    ok = y.shape == partShape && y.dtype == dt && std::memcmp(y.data, x.data() + k * part, part) == 0;
  }
  Report(what, ok);
}

// A first dimension that num_split does not divide: InferShape fails.
void RunIndivisible() {
  std::vector<float> x(10);
  bool threw = false;
  try {
    aicore::op::RunOp("SplitCustom", {{x.data(), {5, 2}, ge::DT_FLOAT}},
                      {aicore::op::OpTensor::List(std::vector<aicore::op::OpTensor>(2))}, {{"num_split", 2}});
  } catch (const aicore::KernelError& e) {
    threw = std::strstr(e.what(), "InferShape of SplitCustom") != nullptr;
  }
  Report("RunOp SplitCustom [5, 2] into 2 fails", threw);
}

// The aclnn form: an aclTensorList output of aclTensors over device memory.
void RunAclnn(ge::DataType dt, int64_t numSplit, int64_t rows, int64_t cols, const char* what) {
  const std::vector<int64_t> shape = {rows, cols}, partShape = {rows / numSplit, cols};
  const size_t elem = dt == ge::DT_FLOAT ? 4 : 2, n = static_cast<size_t>(rows * cols), bytes = n * elem;
  const size_t partBytes = bytes / static_cast<size_t>(numSplit);
  std::vector<uint8_t> x = MakeData(dt, n, 17u);
  aclrtStream stream = nullptr;
  if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS || aclrtCreateStream(&stream) != ACL_SUCCESS) {
    Report(what, false, " (acl setup)");
    return;
  }
  const aclDataType adt = dt == ge::DT_FLOAT ? ACL_FLOAT : ACL_FLOAT16;
  const int64_t strides[2] = {cols, 1};
  void* xDev = nullptr;
  aclrtMalloc(&xDev, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMemcpy(xDev, bytes, x.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
  aclTensor* xt = aclCreateTensor(shape.data(), 2, adt, strides, 0, ACL_FORMAT_ND, shape.data(), 2, xDev);
  std::vector<void*> yDev(static_cast<size_t>(numSplit), nullptr);
  std::vector<aclTensor*> yt(yDev.size(), nullptr);
  for (size_t k = 0; k < yDev.size(); ++k) {
    aclrtMalloc(&yDev[k], partBytes, ACL_MEM_MALLOC_HUGE_FIRST);
    yt[k] = aclCreateTensor(partShape.data(), 2, adt, strides, 0, ACL_FORMAT_ND, partShape.data(), 2, yDev[k]);
  }
  aclTensorList* yList = aclCreateTensorList(yt.data(), yt.size());
  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  aclnnStatus st = aclnnSplitCustomGetWorkspaceSize(xt, numSplit, yList, &workspaceSize, &executor);
  void* workspace = nullptr;
  if (st == ACLNN_SUCCESS && workspaceSize > 0) aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
  if (st == ACLNN_SUCCESS) st = aclnnSplitCustom(workspace, workspaceSize, executor, stream);
  aclrtSynchronizeStream(stream);
  bool ok = st == ACLNN_SUCCESS;
  std::vector<uint8_t> y(partBytes);
  for (size_t k = 0; ok && k < yDev.size(); ++k) {
    aclrtMemcpy(y.data(), partBytes, yDev[k], partBytes, ACL_MEMCPY_DEVICE_TO_HOST);
    ok = std::memcmp(y.data(), x.data() + k * partBytes, partBytes) == 0;
  }
  if (st != ACLNN_SUCCESS) {
    std::printf("%-52s FAIL (aclnn status %d)\n", what, st);
    ++failures;
  } else {
    Report(what, ok);
  }
  aclDestroyTensorList(yList);  // and its tensors
  aclDestroyTensor(xt);
  if (workspace != nullptr) aclrtFree(workspace);
  for (void* p : yDev) aclrtFree(p);
  aclrtFree(xDev);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();
}

}  // namespace

int main() {
  RunByName(ge::DT_FLOAT, 3, {36, 1001}, "RunOp SplitCustom float [36, 1001] into 3");
  RunByName(ge::DT_FLOAT16, 5, {4095}, "RunOp SplitCustom float16 [4095] into 5");
  RunByName(ge::DT_FLOAT, 1, {7, 3}, "RunOp SplitCustom float [7, 3] into 1");
  RunIndivisible();
  RunAclnn(ge::DT_FLOAT, 2, 8, 2048, "aclnnSplitCustom float [8, 2048] into 2");
  RunAclnn(ge::DT_FLOAT16, 4, 12, 555, "aclnnSplitCustom float16 [12, 555] into 4");
  std::printf("%s\n", failures == 0 ? "PASS" : "FAIL");
  return failures == 0 ? 0 : 1;
}
