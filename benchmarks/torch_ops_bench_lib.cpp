// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The C++ half of benchmarks/torch_ops_bench.py (issue 13, speed): built with
// aicore_add_torch_ops into torch_ops_bench_lib (benchmarks/CMakeLists.txt,
// EXCLUDE_FROM_ALL), so that one shared library holds the AddCustom operator
// project, its torch op torch.ops.aicore_bench.add_custom (the adapter,
// cmake/aicore_torch_ops.cpp), an EXEC_NPU_CMD op (below) and these timers;
// Python loads it once and times everything in one process, on the same
// buffers and the same aicore thread pool:
//   direct      the op_kernel entry add_custom launched directly with the
//               tiling data, block dim and tiling key that AddCustom's tiling
//               function produced for this shape (PrepareOp, once, untimed);
//   aclnn       the two-phase aclnn call a host program makes: three
//               aclCreateTensor, aclnnAddCustomGetWorkspaceSize,
//               aclnnAddCustom, three aclDestroyTensor;
//   runop       aicore::op::RunOp("AddCustom", ...) by name;
//   dispatcher  the torch op through c10::Dispatcher, a typed call from C++
//               (no Python): findSchemaOrThrow once, call() per sample; the
//               output tensor is allocated by the op on every call;
//   exec_npu    torch.ops.aicore_bench_npu.add_custom, an extension op as
//               written for the NPU path (EXEC_NPU_CMD(aclnnAddCustom, ...)),
//               through the dispatcher from C++.
// Each timer runs `reps` calls, one steady_clock sample per call into
// `samples_ns`, then checks the output bit for bit against x + y (float
// addition, as the kernel does); it returns 0, or -1 with a message for
// aicore_tb_error().
#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/library.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <exception>
#include <limits>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn_add_custom.h"
#include "aicore/op/runner.h"
#include "aicore/runtime/pool.h"
#include "pytorch_npu_helper.hpp"

// The op_kernel entry of examples/op_projects/add_custom (linked in).
extern "C" void add_custom(uint8_t* x, uint8_t* y, uint8_t* z, uint8_t* workspace, uint8_t* tiling);

// The NPU-path extension form of the op (as examples/op_projects/gelu/extension).
namespace {
at::Tensor AddCustomNpuImpl(const at::Tensor& self, const at::Tensor& other) {
  at::Tensor result = at::empty_like(self);
  EXEC_NPU_CMD(aclnnAddCustom, self, other, result);
  return result;
}
}  // namespace
TORCH_LIBRARY(aicore_bench_npu, m) { m.def("add_custom(Tensor self, Tensor other) -> Tensor"); }
TORCH_LIBRARY_IMPL(aicore_bench_npu, CPU, m) { m.impl("add_custom", TORCH_FN(AddCustomNpuImpl)); }

namespace {

using Clock = std::chrono::steady_clock;
using AddFn = at::Tensor(const at::Tensor&, const at::Tensor&);

struct State {
  const float* x = nullptr;
  const float* y = nullptr;
  float* z = nullptr;
  int64_t n = 0;
  std::vector<uint8_t> tiling;  // what the tiling function wrote
  uint32_t block_dim = 0;
  uint64_t tiling_key = 0;
  uint64_t workspace_size = 0;
  at::Tensor xt, yt;  // torch views of x and y (no copy)
  std::string error;
};

State& S() {
  static State s;
  return s;
}

int Fail(const std::string& what) {
  S().error = what;
  return -1;
}

// out[i] == x[i] + y[i] bit for bit, for every i.
int CheckOutput(const char* variant, const float* out) {
  const State& s = S();
  for (int64_t i = 0; i < s.n; ++i) {
    const float want = s.x[i] + s.y[i];
    if (std::memcmp(&out[i], &want, sizeof want) != 0) {
      return Fail(std::string(variant) + ": element " + std::to_string(i) + " is " + std::to_string(out[i]) +
                  ", x + y is " + std::to_string(want));
    }
  }
  return 0;
}

// z filled with NaN, so that a call that writes nothing fails the check.
void PoisonZ() {
  const State& s = S();
  for (int64_t i = 0; i < s.n; ++i) s.z[i] = std::numeric_limits<float>::quiet_NaN();
}

template <class F>
int Time(const char* variant, int reps, int64_t* samples_ns, F&& call) {
  if (S().n == 0) return Fail("aicore_tb_setup was not called");
  try {
    for (int r = 0; r < reps; ++r) {
      const Clock::time_point t0 = Clock::now();
      call();
      samples_ns[r] = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - t0).count();
    }
  } catch (const std::exception& e) {
    return Fail(std::string(variant) + ": " + e.what());
  }
  return 0;
}

void LaunchDirect() {
  State& s = S();
  aicore::detail::LaunchConfig cfg;
  cfg.cooperative = true;  // as ExecuteOp launches op kernels
  cfg.tiling_key = s.tiling_key;
  cfg.geom = aicore::detail::Geometry::kAIV;
  uint8_t* x = reinterpret_cast<uint8_t*>(const_cast<float*>(s.x));
  uint8_t* y = reinterpret_cast<uint8_t*>(const_cast<float*>(s.y));
  uint8_t* z = reinterpret_cast<uint8_t*>(s.z);
  uint8_t* t = s.tiling.data();
  aicore::detail::LaunchWith(cfg, aicore::SrcLoc{"torch_ops_bench_lib.cpp", __LINE__}, "add_custom",
                             [=] { add_custom(x, y, z, nullptr, t); }, s.block_dim);
}

void AclnnCall() {
  State& s = S();
  const int64_t dims[1] = {s.n};
  void* x = const_cast<float*>(s.x);
  void* y = const_cast<float*>(s.y);
  aclTensor* xt = aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, x);
  aclTensor* yt = aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, y);
  aclTensor* zt = aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, s.z);
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  const aclnnStatus prep = aclnnAddCustomGetWorkspaceSize(xt, yt, zt, &ws, &ex);
  const aclnnStatus run = prep == ACLNN_SUCCESS ? aclnnAddCustom(nullptr, ws, ex, nullptr) : prep;
  aclDestroyTensor(xt);
  aclDestroyTensor(yt);
  aclDestroyTensor(zt);
  if (run != ACLNN_SUCCESS) throw std::runtime_error(std::string("aclnnAddCustom: ") + aclGetRecentErrMsg());
}

int TimeTorchOp(const char* variant, const char* name, int reps, int64_t* samples_ns) {
  State& s = S();
  at::Tensor out;
  try {
    const auto op = c10::Dispatcher::singleton().findSchemaOrThrow(name, "").typed<AddFn>();
    const int rc = Time(variant, reps, samples_ns, [&] { out = op.call(s.xt, s.yt); });
    if (rc != 0) return rc;
  } catch (const std::exception& e) {
    return Fail(std::string(variant) + ": " + e.what());
  }
  if (!out.defined() || out.numel() != s.n || out.scalar_type() != at::kFloat || !out.is_contiguous()) {
    return Fail(std::string(variant) + ": the op returned no float tensor of " + std::to_string(s.n) + " elements");
  }
  return CheckOutput(variant, out.data_ptr<float>());
}

}  // namespace

#define AICORE_TB_API extern "C" __attribute__((visibility("default")))

AICORE_TB_API const char* aicore_tb_error() { return S().error.c_str(); }

AICORE_TB_API void aicore_tb_set_threads(int threads) { aicore::SetNumThreads(static_cast<uint32_t>(threads)); }

// The runner's reuse of prepared calls on (1) or off (0): the "fresh"
// variants run with it off, every call prepared afresh.
AICORE_TB_API void aicore_tb_set_reuse(int on) { aicore::op::SetPrepareCache(on != 0); }

// x, y: n floats (inputs); z: n floats (the output of direct, aclnn, runop).
// Runs AddCustom's checks and tiling once (PrepareOp) and keeps the tiling
// data, block dim and key for the direct launch.
AICORE_TB_API int aicore_tb_setup(const float* x, const float* y, float* z, int64_t n) {
  State& s = S();
  s = State();
  try {
    const std::vector<int64_t> shape = {n};
    std::unique_ptr<aicore::op::PreparedOp> p = aicore::op::PrepareOp(
        "AddCustom", {{const_cast<float*>(x), shape, ge::DT_FLOAT}, {const_cast<float*>(y), shape, ge::DT_FLOAT}},
        {{z, shape, ge::DT_FLOAT}}, {});
    // The context is the PreparedOp's own (non-const) object; its raw tiling
    // buffer has no const accessor (as in the vendor's gert::TilingContext).
    gert::TilingData* td = const_cast<gert::TilingContext&>(p->context()).GetRawTilingData();
    const uint8_t* data = static_cast<const uint8_t*>(td->GetData());
    s.tiling.assign(data, data + td->GetDataSize());
    s.block_dim = p->block_dim();
    s.tiling_key = p->tiling_key();
    s.workspace_size = p->workspace_size();
  } catch (const std::exception& e) {
    return Fail(std::string("setup: ") + e.what());
  }
  if (s.workspace_size != 0) return Fail("setup: AddCustom asks for a workspace; the direct launch gives none");
  s.x = x;
  s.y = y;
  s.z = z;
  s.n = n;
  s.xt = at::from_blob(const_cast<float*>(x), {n}, at::kFloat);
  s.yt = at::from_blob(const_cast<float*>(y), {n}, at::kFloat);
  return 0;
}

// What the tiling function chose (printed by the script).
AICORE_TB_API uint32_t aicore_tb_block_dim() { return S().block_dim; }
AICORE_TB_API uint64_t aicore_tb_tiling_key() { return S().tiling_key; }

AICORE_TB_API int aicore_tb_direct(int reps, int64_t* samples_ns) {
  PoisonZ();
  const int rc = Time("direct", reps, samples_ns, LaunchDirect);
  return rc != 0 ? rc : CheckOutput("direct", S().z);
}

AICORE_TB_API int aicore_tb_aclnn(int reps, int64_t* samples_ns) {
  PoisonZ();
  const int rc = Time("aclnn", reps, samples_ns, AclnnCall);
  return rc != 0 ? rc : CheckOutput("aclnn", S().z);
}

AICORE_TB_API int aicore_tb_runop(int reps, int64_t* samples_ns) {
  PoisonZ();
  State& s = S();
  const std::vector<int64_t> shape = {s.n};
  const int rc = Time("runop", reps, samples_ns, [&] {
    aicore::op::RunOp("AddCustom",
                      {{const_cast<float*>(s.x), shape, ge::DT_FLOAT}, {const_cast<float*>(s.y), shape, ge::DT_FLOAT}},
                      {{s.z, shape, ge::DT_FLOAT}});
  });
  return rc != 0 ? rc : CheckOutput("runop", s.z);
}

AICORE_TB_API int aicore_tb_dispatcher(int reps, int64_t* samples_ns) {
  return TimeTorchOp("dispatcher", "aicore_bench::add_custom", reps, samples_ns);
}

AICORE_TB_API int aicore_tb_exec_npu(int reps, int64_t* samples_ns) {
  return TimeTorchOp("exec_npu", "aicore_bench_npu::add_custom", reps, samples_ns);
}
