// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Driver of the SubAbsCustom project, whose kernel is built once per dtype
// (DTYPE_X): runs float and float16 by name (aicore::op::RunOp) and through
// the generated aclnnSubAbsCustom, on lengths with and without tails, and
// checks every element bit for bit against the scalar model |x - y| (float16:
// computed in float, rounded to half once). Prints PASS or FAIL; exits 1 on a
// mismatch.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn_sub_abs_custom.h"
#include "aicore/op/runner.h"

namespace {

int failures = 0;

struct Data {
  std::vector<uint8_t> x, y, golden;
};

Data MakeData(ge::DataType dt, size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(-1000.0f, 1000.0f);
  const size_t bytes = dt == ge::DT_FLOAT ? 4 : 2;
  Data d;
  d.x.resize(n * bytes);
  d.y.resize(n * bytes);
  d.golden.resize(n * bytes);
  for (size_t i = 0; i < n; ++i) {
    if (dt == ge::DT_FLOAT) {
      const float a = dist(rng), b = dist(rng), z = std::fabs(a - b);
      std::memcpy(d.x.data() + 4 * i, &a, 4);
      std::memcpy(d.y.data() + 4 * i, &b, 4);
      std::memcpy(d.golden.data() + 4 * i, &z, 4);
    } else {
      const aclFloat16 a = aclFloatToFloat16(dist(rng)), b = aclFloatToFloat16(dist(rng));
      const aclFloat16 z = aclFloatToFloat16(std::fabs(aclFloat16ToFloat(a) - aclFloat16ToFloat(b)));
      std::memcpy(d.x.data() + 2 * i, &a, 2);
      std::memcpy(d.y.data() + 2 * i, &b, 2);
      std::memcpy(d.golden.data() + 2 * i, &z, 2);
    }
  }
  return d;
}

void Check(const std::string& what, const void* out, const std::vector<uint8_t>& golden) {
  const bool ok = std::memcmp(out, golden.data(), golden.size()) == 0;
  std::printf("%-44s %s\n", what.c_str(), ok ? "PASS" : "FAIL");
  failures += ok ? 0 : 1;
}

void RunAclnn(ge::DataType dt, size_t n, const std::string& what) {
  const Data d = MakeData(dt, n, 100 + static_cast<uint32_t>(n));
  std::vector<uint8_t> z(d.golden.size());
  const int64_t shape[1] = {static_cast<int64_t>(n)};
  const aclDataType adt = dt == ge::DT_FLOAT ? ACL_FLOAT : ACL_FLOAT16;
  aclTensor* xt = aclCreateTensor(shape, 1, adt, nullptr, 0, ACL_FORMAT_ND, shape, 1, const_cast<uint8_t*>(d.x.data()));
  aclTensor* yt = aclCreateTensor(shape, 1, adt, nullptr, 0, ACL_FORMAT_ND, shape, 1, const_cast<uint8_t*>(d.y.data()));
  aclTensor* zt = aclCreateTensor(shape, 1, adt, nullptr, 0, ACL_FORMAT_ND, shape, 1, z.data());
  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  aclnnStatus st = aclnnSubAbsCustomGetWorkspaceSize(xt, yt, zt, &workspaceSize, &executor);
  std::vector<uint8_t> workspace(workspaceSize);
  if (st == ACLNN_SUCCESS) st = aclnnSubAbsCustom(workspace.data(), workspaceSize, executor, nullptr);
  if (st != ACLNN_SUCCESS) {
    std::printf("%-44s FAIL (aclnn status %d)\n", what.c_str(), st);
    ++failures;
  } else {
    Check(what, z.data(), d.golden);
  }
  aclDestroyTensor(xt);
  aclDestroyTensor(yt);
  aclDestroyTensor(zt);
}

}  // namespace

int main() {
  for (const ge::DataType dt : {ge::DT_FLOAT, ge::DT_FLOAT16}) {
    const std::string name = dt == ge::DT_FLOAT ? "float" : "float16";
    for (const size_t n : {1u, 100u, 2048u, 4099u, 65536u + 3u}) {
      const Data d = MakeData(dt, n, static_cast<uint32_t>(n) + (dt == ge::DT_FLOAT ? 0u : 7u));
      const std::vector<int64_t> shape = {static_cast<int64_t>(n)};
      aicore::op::OpRun r = aicore::op::RunOp("SubAbsCustom", {{const_cast<uint8_t*>(d.x.data()), shape, dt},
                                                               {const_cast<uint8_t*>(d.y.data()), shape, dt}}, {});
      Check("RunOp SubAbsCustom " + name + " n=" + std::to_string(n), r.outputs[0].data, d.golden);
    }
    RunAclnn(dt, 10000, "aclnnSubAbsCustom " + name + " n=10000");
  }
  std::printf("%s\n", failures == 0 ? "PASS" : "FAIL");
  return failures == 0 ? 0 : 1;
}
