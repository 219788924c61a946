// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Driver of the AddCustom operator project: runs the operator by name
// (aicore::op::RunOp) and through the generated aclnn functions, in float
// and float16, on random data, and checks every element against the golden
// x + y (half: float(x) + float(y) rounded to half once, which is the
// correctly rounded half sum). Prints PASS or FAIL; exits 1 on a mismatch.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "acl/acl.h"
#include "aclnn_add_custom.h"
#include "aicore/op/runner.h"

namespace {

int failures = 0;

// Random inputs of n elements (float or half bits), the golden sum.
void MakeData(ge::DataType dt, size_t n, std::vector<uint8_t>* x, std::vector<uint8_t>* y,
              std::vector<uint8_t>* golden, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(-100.0f, 100.0f);
  const size_t bytes = dt == ge::DT_FLOAT ? 4 : 2;
  x->resize(n * bytes);
  y->resize(n * bytes);
  golden->resize(n * bytes);
  for (size_t i = 0; i < n; ++i) {
    if (dt == ge::DT_FLOAT) {
      const float a = dist(rng), b = dist(rng), s = a + b;
      std::memcpy(x->data() + 4 * i, &a, 4);
      std::memcpy(y->data() + 4 * i, &b, 4);
      std::memcpy(golden->data() + 4 * i, &s, 4);
    } else {
      const aclFloat16 a = aclFloatToFloat16(dist(rng)), b = aclFloatToFloat16(dist(rng));
      const aclFloat16 s = aclFloatToFloat16(aclFloat16ToFloat(a) + aclFloat16ToFloat(b));
      std::memcpy(x->data() + 2 * i, &a, 2);
      std::memcpy(y->data() + 2 * i, &b, 2);
      std::memcpy(golden->data() + 2 * i, &s, 2);
    }
  }
}

void Check(const char* what, const void* out, const std::vector<uint8_t>& golden) {
  const bool ok = std::memcmp(out, golden.data(), golden.size()) == 0;
  std::printf("%-40s %s\n", what, ok ? "PASS" : "FAIL");
  failures += ok ? 0 : 1;
}

// aicore::op::RunOp: the operator by name, the output allocated for us.
void RunByName(ge::DataType dt, const char* what) {
  const std::vector<int64_t> shape = {8, 2048};
  std::vector<uint8_t> x, y, golden;
  MakeData(dt, 8 * 2048, &x, &y, &golden, dt == ge::DT_FLOAT ? 1u : 2u);
  aicore::op::OpRun r = aicore::op::RunOp("AddCustom", {{x.data(), shape, dt}, {y.data(), shape, dt}}, {});
  const bool meta = r.outputs.size() == 1 && r.outputs[0].shape == shape && r.outputs[0].dtype == dt &&
                    r.block_dim == 8 && r.tiling_key == (dt == ge::DT_FLOAT ? 2u : 1u);
  if (!meta) {
    std::printf("%-40s FAIL (output shape/dtype, block dim or tiling key)\n", what);
    ++failures;
    return;
  }
  Check(what, r.outputs[0].data, golden);
}

// The aclnn form, as a vendor host program calls it.
void RunAclnn(ge::DataType dt, const char* what) {
  const std::vector<int64_t> shape = {4, 4096};
  const size_t n = 4 * 4096, bytes = n * (dt == ge::DT_FLOAT ? 4 : 2);
  std::vector<uint8_t> x, y, golden;
  MakeData(dt, n, &x, &y, &golden, dt == ge::DT_FLOAT ? 3u : 4u);
  aclrtStream stream = nullptr;
  void *xDev = nullptr, *yDev = nullptr, *zDev = nullptr;
  if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS || aclrtCreateStream(&stream) != ACL_SUCCESS ||
      aclrtMalloc(&xDev, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS ||
      aclrtMalloc(&yDev, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS ||
      aclrtMalloc(&zDev, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
    std::printf("%-40s FAIL (acl setup)\n", what);
    ++failures;
    return;
  }
  aclrtMemcpy(xDev, bytes, x.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
  aclrtMemcpy(yDev, bytes, y.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
  const aclDataType adt = dt == ge::DT_FLOAT ? ACL_FLOAT : ACL_FLOAT16;
  const int64_t strides[2] = {shape[1], 1};
  aclTensor* xt = aclCreateTensor(shape.data(), 2, adt, strides, 0, ACL_FORMAT_ND, shape.data(), 2, xDev);
  aclTensor* yt = aclCreateTensor(shape.data(), 2, adt, strides, 0, ACL_FORMAT_ND, shape.data(), 2, yDev);
  aclTensor* zt = aclCreateTensor(shape.data(), 2, adt, strides, 0, ACL_FORMAT_ND, shape.data(), 2, zDev);
  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  aclnnStatus st = aclnnAddCustomGetWorkspaceSize(xt, yt, zt, &workspaceSize, &executor);
  void* workspace = nullptr;
  if (st == ACLNN_SUCCESS && workspaceSize > 0) aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
  if (st == ACLNN_SUCCESS) st = aclnnAddCustom(workspace, workspaceSize, executor, stream);
  aclrtSynchronizeStream(stream);
  std::vector<uint8_t> z(bytes);
  aclrtMemcpy(z.data(), bytes, zDev, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
  if (st != ACLNN_SUCCESS) {
    std::printf("%-40s FAIL (aclnn status %d)\n", what, st);
    ++failures;
  } else {
    Check(what, z.data(), golden);
  }
  aclDestroyTensor(xt);
  aclDestroyTensor(yt);
  aclDestroyTensor(zt);
  if (workspace != nullptr) aclrtFree(workspace);
  aclrtFree(xDev);
  aclrtFree(yDev);
  aclrtFree(zDev);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();
}

}  // namespace

int main() {
  RunByName(ge::DT_FLOAT16, "RunOp AddCustom float16 [8, 2048]");
  RunByName(ge::DT_FLOAT, "RunOp AddCustom float [8, 2048]");
  RunAclnn(ge::DT_FLOAT16, "aclnnAddCustom float16 [4, 4096]");
  RunAclnn(ge::DT_FLOAT, "aclnnAddCustom float [4, 4096]");
  std::printf("%s\n", failures == 0 ? "PASS" : "FAIL");
  return failures == 0 ? 0 : 1;
}
