// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Driver of the ReduceSumCustom operator project (a reduction across blocks
// through a workspace and SyncAll, one tiling key per dtype): runs the
// operator by name (aicore::op::RunOp) and through the generated aclnn
// functions, in float and float16, on shapes whose element counts end
// anywhere, and checks y bit for bit. The inputs are small integers, so every
// partial sum is exact in float whatever the order of the additions: the
// golden is the exact sum (float16: rounded to nearest even once). Also checks
// the block dim, the tiling key and the workspace size the tiling chose.
// Prints PASS or FAIL; exits 1 on a mismatch.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "acl/acl.h"
#include "aclnn_reduce_sum_custom.h"
#include "aicore/op/runner.h"

namespace {

int failures = 0;

// x: n small integers as float or half bits; returns their exact sum.
int64_t MakeData(ge::DataType dt, size_t n, std::vector<uint8_t>* x, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> dist(-4, 4);
  const size_t bytes = dt == ge::DT_FLOAT ? 4 : 2;
  x->resize(n * bytes);
  int64_t sum = 0;
  for (size_t i = 0; i < n; ++i) {
    const int v = dist(rng);
    sum += v;
    if (dt == ge::DT_FLOAT) {
      const float f = static_cast<float>(v);
      std::memcpy(x->data() + 4 * i, &f, 4);
    } else {
      const aclFloat16 h = aclFloatToFloat16(static_cast<float>(v));
      std::memcpy(x->data() + 2 * i, &h, 2);
    }
  }
  return sum;
}

bool SameAsGolden(ge::DataType dt, const void* y, int64_t sum) {
  if (dt == ge::DT_FLOAT) {
    const float g = static_cast<float>(sum);
    return std::memcmp(y, &g, 4) == 0;
  }
  const aclFloat16 g = aclFloatToFloat16(static_cast<float>(sum));
  return std::memcmp(y, &g, 2) == 0;
}

void Report(const char* what, bool ok, const char* why = "") {
  std::printf("%-46s %s%s\n", what, ok ? "PASS" : "FAIL", ok ? "" : why);
  failures += ok ? 0 : 1;
}

// aicore::op::RunOp: the operator by name, the output allocated for us.
void RunByName(ge::DataType dt, std::vector<int64_t> shape, uint32_t want_blocks, const char* what) {
  size_t n = 1;
  for (int64_t d : shape) n *= static_cast<size_t>(d);
  std::vector<uint8_t> x;
  const int64_t sum = MakeData(dt, n, &x, static_cast<uint32_t>(n));
  aicore::op::OpRun r = aicore::op::RunOp("ReduceSumCustom", {{x.data(), shape, dt}}, {});
  const uint64_t want_ws = 16u * 1024u * 1024u + 32u * want_blocks;
  const bool meta = r.outputs.size() == 1 && r.outputs[0].shape == std::vector<int64_t>{1} &&
                    r.outputs[0].dtype == dt && r.block_dim == want_blocks &&
                    r.tiling_key == (dt == ge::DT_FLOAT ? 2u : 1u) && r.workspace_size == want_ws;
  if (!meta) {
    Report(what, false, " (output shape/dtype, block dim, tiling key or workspace size)");
    return;
  }
  Report(what, SameAsGolden(dt, r.outputs[0].data, sum));
}

// The aclnn form, as a vendor host program calls it.
void RunAclnn(ge::DataType dt, int64_t rows, int64_t cols, const char* what) {
  const std::vector<int64_t> shape = {rows, cols}, yShape = {1};
  const size_t n = static_cast<size_t>(rows * cols), elem = dt == ge::DT_FLOAT ? 4 : 2;
  std::vector<uint8_t> x;
  const int64_t sum = MakeData(dt, n, &x, 7u);
  aclrtStream stream = nullptr;
  void *xDev = nullptr, *yDev = nullptr;
  if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS || aclrtCreateStream(&stream) != ACL_SUCCESS ||
      aclrtMalloc(&xDev, n * elem, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS ||
      aclrtMalloc(&yDev, elem, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
    Report(what, false, " (acl setup)");
    return;
  }
  aclrtMemcpy(xDev, n * elem, x.data(), n * elem, ACL_MEMCPY_HOST_TO_DEVICE);
  const aclDataType adt = dt == ge::DT_FLOAT ? ACL_FLOAT : ACL_FLOAT16;
  const int64_t strides[2] = {cols, 1}, yStrides[1] = {1};
  aclTensor* xt = aclCreateTensor(shape.data(), 2, adt, strides, 0, ACL_FORMAT_ND, shape.data(), 2, xDev);
  aclTensor* yt = aclCreateTensor(yShape.data(), 1, adt, yStrides, 0, ACL_FORMAT_ND, yShape.data(), 1, yDev);
  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  aclnnStatus st = aclnnReduceSumCustomGetWorkspaceSize(xt, yt, &workspaceSize, &executor);
  void* workspace = nullptr;
  if (st == ACLNN_SUCCESS && workspaceSize > 0) aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
  if (st == ACLNN_SUCCESS) st = aclnnReduceSumCustom(workspace, workspaceSize, executor, stream);
  aclrtSynchronizeStream(stream);
  std::vector<uint8_t> y(elem);
  aclrtMemcpy(y.data(), elem, yDev, elem, ACL_MEMCPY_DEVICE_TO_HOST);
  if (st != ACLNN_SUCCESS) {
    std::printf("%-46s FAIL (aclnn status %d)\n", what, st);
    ++failures;
  } else {
    Report(what, SameAsGolden(dt, y.data(), sum));
  }
  aclDestroyTensor(xt);
  aclDestroyTensor(yt);
  if (workspace != nullptr) aclrtFree(workspace);
  aclrtFree(xDev);
  aclrtFree(yDev);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();
}

}  // namespace

int main() {
  RunByName(ge::DT_FLOAT, {37, 1001}, 8, "RunOp ReduceSumCustom float [37, 1001]");
  RunByName(ge::DT_FLOAT16, {37, 1001}, 8, "RunOp ReduceSumCustom float16 [37, 1001]");
  RunByName(ge::DT_FLOAT, {3, 5}, 1, "RunOp ReduceSumCustom float [3, 5]");
  RunByName(ge::DT_FLOAT16, {9000}, 3, "RunOp ReduceSumCustom float16 [9000]");
  RunAclnn(ge::DT_FLOAT, 64, 4096, "aclnnReduceSumCustom float [64, 4096]");
  RunAclnn(ge::DT_FLOAT16, 5, 777, "aclnnReduceSumCustom float16 [5, 777]");
  std::printf("%s\n", failures == 0 ? "PASS" : "FAIL");
  return failures == 0 ? 0 : 1;
}
