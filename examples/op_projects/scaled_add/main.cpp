// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Driver of the ScaledAddCustom project (the nested layout: op_host/<op>/,
// op_kernel/<op>/ with a plain tiling struct): z = alpha * x + y in float and
// float16, alpha left at its default (1.0) and given, by name
// (aicore::op::RunOp) and through the generated aclnnScaledAddCustom, on
// random data of lengths with and without tails; every element compared bit
// for bit with the scalar model (alpha * x rounded to the type, then + y
// rounded to the type). Prints PASS or FAIL; exits 1 on a mismatch.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "acl/acl.h"
#include "aclnn_scaled_add_custom.h"
#include "aicore/op/runner.h"

namespace {

int failures = 0;

template <class T>
std::vector<T> Golden(const std::vector<T>& x, const std::vector<T>& y, float alpha) {
  const T a = static_cast<T>(alpha);
  std::vector<T> z(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    // volatile: two roundings, as the kernel's Muls then Add (no fused multiply-add).
    volatile float ax = static_cast<float>(static_cast<T>(static_cast<float>(a) * static_cast<float>(x[i])));
    z[i] = static_cast<T>(ax + static_cast<float>(y[i]));
  }
  return z;
}

template <class T>
void Check(const char* what, size_t n, const void* out, const std::vector<T>& golden) {
  const bool ok = std::memcmp(out, golden.data(), golden.size() * sizeof(T)) == 0;
  std::printf("%-34s %-5s n=%-6zu %s\n", what, sizeof(T) == 4 ? "float" : "half", n, ok ? "PASS" : "FAIL");
  failures += ok ? 0 : 1;
}

template <class T>
void RunCase(size_t n, ge::DataType dt, aclDataType acl_dt, std::mt19937& rng) {
  std::uniform_real_distribution<float> dist(-8.0f, 8.0f);
  std::vector<T> x(n), y(n);
  for (size_t i = 0; i < n; ++i) {
    x[i] = static_cast<T>(dist(rng));
    y[i] = static_cast<T>(dist(rng));
  }
  const std::vector<int64_t> shape = {static_cast<int64_t>(n)};
  // By name: alpha at its default, then 0.75.
  aicore::op::OpRun r = aicore::op::RunOp("ScaledAddCustom", {{x.data(), shape, dt}, {y.data(), shape, dt}}, {});
  Check("RunOp alpha default (1.0)", n, r.outputs[0].data, Golden(x, y, 1.0f));
  std::vector<T> z(n);
  aicore::op::RunOp("ScaledAddCustom", {{x.data(), shape, dt}, {y.data(), shape, dt}}, {{z.data(), shape, dt}},
                    {{"alpha", 0.75f}});
  Check("RunOp alpha 0.75", n, z.data(), Golden(x, y, 0.75f));
  // aclnn: alpha -2.5 (a double, as aclnn attributes are).
  std::vector<T> z2(n);
  aclTensor* xt = aclCreateTensor(shape.data(), 1, acl_dt, nullptr, 0, ACL_FORMAT_ND, shape.data(), 1, x.data());
  aclTensor* yt = aclCreateTensor(shape.data(), 1, acl_dt, nullptr, 0, ACL_FORMAT_ND, shape.data(), 1, y.data());
  aclTensor* zt = aclCreateTensor(shape.data(), 1, acl_dt, nullptr, 0, ACL_FORMAT_ND, shape.data(), 1, z2.data());
  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  aclnnStatus st = aclnnScaledAddCustomGetWorkspaceSize(xt, yt, -2.5, zt, &workspaceSize, &executor);
  std::vector<uint8_t> workspace(workspaceSize);
  if (st == ACLNN_SUCCESS) st = aclnnScaledAddCustom(workspace.data(), workspaceSize, executor, nullptr);
  if (st != ACLNN_SUCCESS) {
    std::printf("aclnnScaledAddCustom n=%zu FAIL (status %d)\n", n, st);
    ++failures;
  } else {
    Check("aclnn alpha -2.5", n, z2.data(), Golden(x, y, -2.5f));
  }
  aclDestroyTensor(xt);
  aclDestroyTensor(yt);
  aclDestroyTensor(zt);
}

}  // namespace

int main() {
  std::mt19937 rng(11);
  // 1 and 100: one block; 4096: 8 blocks of one tile; 40000: 8 blocks of
  // several tiles, the last tile and the last block short.
  for (const size_t n : {1u, 100u, 4096u, 40000u}) {
    RunCase<float>(n, ge::DT_FLOAT, ACL_FLOAT, rng);
    RunCase<half>(n, ge::DT_FLOAT16, ACL_FLOAT16, rng);
  }
  std::printf("%s\n", failures == 0 ? "PASS" : "FAIL");
  return failures == 0 ? 0 : 1;
}
