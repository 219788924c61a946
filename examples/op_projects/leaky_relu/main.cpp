// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Driver of the LeakyReluCustom project: the attribute given and left at its
// default, by name (aicore::op::RunOp) and through the generated
// aclnnLeakyReluCustom (whose attribute is a double), on random data of
// several lengths; every element compared bit for bit with the scalar model
// x >= 0 ? x : x * slope (float). Prints PASS or FAIL; exits 1 on a mismatch.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "acl/acl.h"
#include "aclnn_leaky_relu_custom.h"
#include "aicore/op/runner.h"

namespace {

int failures = 0;

std::vector<float> Golden(const std::vector<float>& x, float slope) {
  std::vector<float> y(x.size());
  for (size_t i = 0; i < x.size(); ++i) y[i] = x[i] >= 0.0f ? x[i] : x[i] * slope;
  return y;
}

void Check(const char* what, size_t n, const float* out, const std::vector<float>& golden) {
  const bool ok = std::memcmp(out, golden.data(), golden.size() * sizeof(float)) == 0;
  std::printf("%-32s n=%-6zu %s\n", what, n, ok ? "PASS" : "FAIL");
  failures += ok ? 0 : 1;
}

}  // namespace

int main() {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> dist(-50.0f, 50.0f);
  for (const size_t n : {8u, 1000u, 4096u, 10248u}) {
    std::vector<float> x(n);
    for (float& v : x) v = dist(rng);
    const std::vector<int64_t> shape = {static_cast<int64_t>(n)};
    // By name: the default slope (0.0), then 0.125.
    aicore::op::OpRun r = aicore::op::RunOp("LeakyReluCustom", {{x.data(), shape, ge::DT_FLOAT}}, {});
    Check("RunOp default slope", n, static_cast<const float*>(r.outputs[0].data), Golden(x, 0.0f));
    std::vector<float> y(n);
    aicore::op::RunOp("LeakyReluCustom", {{x.data(), shape, ge::DT_FLOAT}}, {{y.data(), shape, ge::DT_FLOAT}},
                      {{"negative_slope", 0.125f}});
    Check("RunOp negative_slope 0.125", n, y.data(), Golden(x, 0.125f));
    // aclnn: slope 0.3 (a double, as aclnn attributes are).
    std::vector<float> y2(n);
    aclTensor* xt = aclCreateTensor(shape.data(), 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, shape.data(), 1, x.data());
    aclTensor* yt = aclCreateTensor(shape.data(), 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, shape.data(), 1, y2.data());
    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    aclnnStatus st = aclnnLeakyReluCustomGetWorkspaceSize(xt, 0.3, yt, &workspaceSize, &executor);
    std::vector<uint8_t> workspace(workspaceSize);
    if (st == ACLNN_SUCCESS) st = aclnnLeakyReluCustom(workspace.data(), workspaceSize, executor, nullptr);
    if (st != ACLNN_SUCCESS) {
      std::printf("aclnnLeakyReluCustom n=%zu FAIL (status %d)\n", n, st);
      ++failures;
    } else {
      Check("aclnn negative_slope 0.3", n, y2.data(), Golden(x, static_cast<float>(0.3)));
    }
    aclDestroyTensor(xt);
    aclDestroyTensor(yt);
  }
  std::printf("%s\n", failures == 0 ? "PASS" : "FAIL");
  return failures == 0 ? 0 : 1;
}
