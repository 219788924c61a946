// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Driver of the AxpyCustom operator project (a Scalar() input): calls the
// generated aclnnAxpyCustomGetWorkspaceSize(x, y, alpha, z, ...) with alpha
// an aclScalar (a double, converted to x's dtype by To("x")), in float and
// float16, lengths that end anywhere, and checks z bit for bit against the
// scalar model alpha * x + y with the kernel's two roundings in the input
// type (half: each step computed in float, exact for half operands' product,
// then rounded to half). A null alpha is expected to be reported. Prints
// PASS or FAIL; exits 1 on a mismatch.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "acl/acl.h"
#include "aclnn_axpy_custom.h"

namespace {

int failures = 0;

void Report(const char* what, bool ok, const char* why = "") {
  std::printf("%-52s %s%s\n", what, ok ? "PASS" : "FAIL", ok ? "" : why);
  failures += ok ? 0 : 1;
}

// Runs aclnnAxpyCustom over n elements; `golden` receives the model's z.
bool Run(bool half, int64_t n, double alpha, const aclScalar* alphaScalar, aclnnStatus* status) {
  std::mt19937 rng(static_cast<uint32_t>(n));
  std::uniform_real_distribution<float> dist(-10.0f, 10.0f);
  const size_t elem = half ? 2 : 4, bytes = static_cast<size_t>(n) * elem;
  std::vector<uint8_t> x(bytes), y(bytes), z(bytes), golden(bytes);
  for (int64_t i = 0; i < n; ++i) {
    if (half) {
      const aclFloat16 xh = aclFloatToFloat16(dist(rng)), yh = aclFloatToFloat16(dist(rng));
      const float a = aclFloat16ToFloat(aclFloatToFloat16(static_cast<float>(alpha)));
      const float p = aclFloat16ToFloat(aclFloatToFloat16(aclFloat16ToFloat(xh) * a));
      const aclFloat16 zh = aclFloatToFloat16(p + aclFloat16ToFloat(yh));
      std::memcpy(x.data() + 2 * i, &xh, 2);
      std::memcpy(y.data() + 2 * i, &yh, 2);
      std::memcpy(golden.data() + 2 * i, &zh, 2);
    } else {
      const float xf = dist(rng), yf = dist(rng);
      volatile float p = xf * static_cast<float>(alpha);  // rounded before the add, as Muls then Add
      const float zf = p + yf;
      std::memcpy(x.data() + 4 * i, &xf, 4);
      std::memcpy(y.data() + 4 * i, &yf, 4);
      std::memcpy(golden.data() + 4 * i, &zf, 4);
    }
  }
  const aclDataType dt = half ? ACL_FLOAT16 : ACL_FLOAT;
  aclTensor* xt = aclCreateTensor(&n, 1, dt, nullptr, 0, ACL_FORMAT_ND, &n, 1, x.data());
  aclTensor* yt = aclCreateTensor(&n, 1, dt, nullptr, 0, ACL_FORMAT_ND, &n, 1, y.data());
  aclTensor* zt = aclCreateTensor(&n, 1, dt, nullptr, 0, ACL_FORMAT_ND, &n, 1, z.data());
  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  *status = aclnnAxpyCustomGetWorkspaceSize(xt, yt, alphaScalar, zt, &workspaceSize, &executor);
  std::vector<uint8_t> workspace(workspaceSize);
  if (*status == ACLNN_SUCCESS) *status = aclnnAxpyCustom(workspace.data(), workspaceSize, executor, nullptr);
  aclDestroyTensor(xt);
  aclDestroyTensor(yt);
  aclDestroyTensor(zt);
  return *status == ACLNN_SUCCESS && std::memcmp(z.data(), golden.data(), bytes) == 0;
}

void RunAclnn(bool half, int64_t n, double alpha, const char* what) {
  aclScalar* a = aclCreateScalar(&alpha, ACL_DOUBLE);
  aclnnStatus st = ACLNN_SUCCESS;
  const bool ok = Run(half, n, alpha, a, &st);
  aclDestroyScalar(a);
  if (st != ACLNN_SUCCESS) {
    std::printf("%-52s FAIL (aclnn status %d)\n", what, st);
    ++failures;
  } else {
    Report(what, ok);
  }
}

}  // namespace

int main() {
  RunAclnn(false, 37 * 1001, 0.75, "aclnnAxpyCustom float 37037, alpha 0.75");
  RunAclnn(true, 4099, -1.3, "aclnnAxpyCustom float16 4099, alpha -1.3");
  RunAclnn(false, 7, 3.0, "aclnnAxpyCustom float 7, alpha 3");
  aclnnStatus st = ACLNN_SUCCESS;
  std::fprintf(stderr, "(an error report follows: alpha is nullptr)\n");
  Run(false, 8, 1.0, nullptr, &st);
  Report("aclnnAxpyCustom with a null alpha fails", st == ACLNN_ERR_PARAM_INVALID);
  std::printf("%s\n", failures == 0 ? "PASS" : "FAIL");
  return failures == 0 ? 0 : 1;
}
