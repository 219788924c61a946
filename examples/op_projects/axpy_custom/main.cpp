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
//
// Then TileCustom (a ValueDepend input): aclnnTileCustomGetWorkspaceSize(x,
// shape, y, ...) with `shape` an aclIntArray, and the generated
// aclnnTileCustomTensorGetWorkspaceSize with it as an int64 tensor; y takes
// that shape and holds copies of x, checked bit for bit; a null shape and a
// shape that holds no whole number of copies are expected to be reported.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "acl/acl.h"
#include "aclnn_axpy_custom.h"
#include "aclnn_tile_custom.h"

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

// Runs TileCustom: x of n elements into y of shape `dims`, `shape` given as
// an aclIntArray (or, asTensor, an int64 tensor); false on a mismatch.
bool RunTile(bool half, int64_t n, const std::vector<int64_t>& dims, bool asTensor, bool nullShape,
             aclnnStatus* status) {
  const size_t elem = half ? 2 : 4;
  int64_t total = 1;
  for (const int64_t d : dims) total *= d;
  std::vector<uint8_t> x(static_cast<size_t>(n) * elem), y(static_cast<size_t>(total) * elem + 1, 0xA5);
  std::mt19937 rng(static_cast<uint32_t>(n));
  for (uint8_t& b : x) b = static_cast<uint8_t>(rng());
  const aclDataType dt = half ? ACL_FLOAT16 : ACL_FLOAT;
  const int64_t rank = static_cast<int64_t>(dims.size());
  aclTensor* xt = aclCreateTensor(&n, 1, dt, nullptr, 0, ACL_FORMAT_ND, &n, 1, x.data());
  aclTensor* yt = aclCreateTensor(dims.data(), dims.size(), dt, nullptr, 0, ACL_FORMAT_ND, dims.data(), dims.size(),
                                  y.data());
  std::vector<int64_t> shapeData = dims;
  aclIntArray* shapeArray = nullShape ? nullptr : aclCreateIntArray(dims.data(), dims.size());
  aclTensor* shapeTensor =
      aclCreateTensor(&rank, 1, ACL_INT64, nullptr, 0, ACL_FORMAT_ND, &rank, 1, shapeData.data());
  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  *status = asTensor ? aclnnTileCustomTensorGetWorkspaceSize(xt, shapeTensor, yt, &workspaceSize, &executor)
                     : aclnnTileCustomGetWorkspaceSize(xt, shapeArray, yt, &workspaceSize, &executor);
  aclDestroyIntArray(shapeArray);
  std::vector<uint8_t> workspace(workspaceSize);
  if (*status == ACLNN_SUCCESS) *status = aclnnTileCustom(workspace.data(), workspaceSize, executor, nullptr);
  aclDestroyTensor(xt);
  aclDestroyTensor(yt);
  aclDestroyTensor(shapeTensor);
  bool ok = y.back() == 0xA5;  // nothing past y
  for (size_t i = 0; i + 1 < y.size(); ++i) ok = ok && y[i] == x[i % x.size()];
  return *status == ACLNN_SUCCESS && ok;
}

void RunTileAclnn(bool half, int64_t n, const std::vector<int64_t>& dims, bool asTensor, const char* what) {
  aclnnStatus st = ACLNN_SUCCESS;
  const bool ok = RunTile(half, n, dims, asTensor, false, &st);
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
  RunTileAclnn(false, 1000, {3, 4, 1000}, false, "aclnnTileCustom float 1000 -> [3, 4, 1000]");
  RunTileAclnn(true, 9000, {2, 9000}, false, "aclnnTileCustom float16 9000 -> [2, 9000]");
  RunTileAclnn(false, 24, {2, 3, 4}, false, "aclnnTileCustom float 24 -> [2, 3, 4] (a reshape)");
  RunTileAclnn(true, 7, {5, 7}, true, "aclnnTileCustomTensor float16 7 -> [5, 7]");
  std::fprintf(stderr, "(two error reports follow: shape is nullptr; [3, 5] holds no whole copies of 4)\n");
  RunTile(false, 8, {2, 8}, false, true, &st);
  Report("aclnnTileCustom with a null shape fails", st == ACLNN_ERR_PARAM_INVALID);
  RunTile(false, 4, {3, 5}, false, false, &st);
  Report("aclnnTileCustom with shape [3, 5] of 4 elements fails", st == ACLNN_ERR_PARAM_INVALID);
  std::printf("%s\n", failures == 0 ? "PASS" : "FAIL");
  return failures == 0 ? 0 : 1;
}
