// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// aicore_op_kernel.h (aicore's own, not a vendor header): registers the
// op_kernel entry of a custom-operator project with the operator runner
// (aicore/op/runner.h), which finds it by the snake_case name of the op type:
//
//   #include "op_kernel/add_custom.cpp"      // unchanged
//   #include "aicore_op_kernel.h"
//   AICORE_OP_KERNEL(add_custom);
//
// aicore_add_op_project (cmake/aicoreOpProject.cmake) generates exactly this
// translation unit per op_kernel/*.cpp. The entry must take only GM_ADDR
// arguments (inputs, outputs, workspace, tiling; at most 32). Each block
// starts with SetSysWorkspace(workspace), as the NPU's launch prologue does
// (GetSysWorkSpacePtr() in the kernel). The launch geometry follows the
// kernel's KERNEL_TASK_TYPE_DEFAULT / KERNEL_TASK_TYPE, as under ICPU_RUN_KF.
// Kernels that read DTYPE_<NAME> / ORIG_DTYPE_<NAME> are built once per dtype
// combination instead (AICORE_OP_KERNEL_DTYPES; aicore_opgen writes those
// translation units) and the runner picks the build of the call's dtypes.
// A kernel template over tiling-template arguments is registered with
// AICORE_OP_TPL_KERNEL(fn) instead: the runner checks that the tiling key
// names a selected combination, and each block runs that instantiation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "ascendc/host_api/tiling/template_argument.h"
#include "kernel_operator.h"
#include "tikicpulib.h"
#include "aicore/op/runner.h"

namespace aicore {
namespace compat {

template <size_t N, size_t... I>
void CallOpKernel(void* fn, uint8_t* const* args, std::index_sequence<I...>) {
  using Fn = void (*)(decltype((void)I, static_cast<uint8_t*>(nullptr))...);
  reinterpret_cast<Fn>(fn)(args[I]...);
}

template <size_t N>
void OpKernelThunk(void* fn, uint8_t* const* args, size_t nargs) {
  static_assert(N >= 2, "an op_kernel entry takes at least workspace and tiling");
  (void)nargs;
  AscendC::SetSysWorkspace(args[N - 2]);
  CallOpKernel<N>(fn, args, std::make_index_sequence<N>{});
}

inline detail::Geometry OpKernelGeometry(const char* name, uint64_t key) { return LaunchGeometry(name, key); }

template <class... A>
bool RegisterOpKernel(const char* name, void (*fn)(A...), std::vector<int> dtypes = {},
                      const char* symbol = "") {
  static_assert((std::is_same_v<A, uint8_t*> && ...),
                "an op_kernel entry takes GM_ADDR arguments only (inputs, outputs, workspace, tiling)");
  static_assert(sizeof...(A) <= 32, "an op_kernel entry takes at most 32 arguments");
  op::KernelEntry e;
  e.name = name;
  e.arity = sizeof...(A);
  e.fn = reinterpret_cast<void*>(fn);
  e.thunk = &OpKernelThunk<sizeof...(A)>;
  e.geometry = &OpKernelGeometry;
  e.dtypes = std::move(dtypes);
  e.symbol = symbol;
  return op::RegisterKernel(std::move(e));
}

// A kernel template selected by tiling key (ASCENDC_TPL_ARGS_DECL /
// ASCENDC_TPL_SEL, template_argument.h): `fn` points to the TplKernel of
// AICORE_TPL_KERNEL; each block runs the instantiation of the launch's tiling
// key (PrepareOp has checked that there is one).
template <class... A>
void CallOpTplEntry(void (*entry)(A...), uint8_t* const* args) {
  CallOpKernel<sizeof...(A)>(reinterpret_cast<void*>(entry), args, std::make_index_sequence<sizeof...(A)>{});
}

template <class K>
const K*& OpTplKernelOf() {
  static const K* k = nullptr;
  return k;
}

template <class K>
void OpTplKernelThunk(void* fn, uint8_t* const* args, size_t nargs) {
  AscendC::SetSysWorkspace(args[nargs - 2]);
  const K& k = *static_cast<const K*>(fn);
  tpl::RunByKey(k, detail::CurrentTilingKey(), [&](auto entry) { CallOpTplEntry(entry, args); });
}

template <class K>
bool OpTplKernelSelects(uint64_t key, std::string* keys) {
  const K& k = *OpTplKernelOf<K>();
  if (tpl::RunByKey(k, key, [](auto) {})) return true;
  *keys = tpl::SelectedKeys(k);
  return false;
}

template <class... A>
constexpr size_t OpTplArity(void (*)(A...)) {
  static_assert((std::is_same_v<A, uint8_t*> && ...),
                "an op_kernel entry takes GM_ADDR arguments only (inputs, outputs, workspace, tiling)");
  static_assert(sizeof...(A) >= 2 && sizeof...(A) <= 32,
                "an op_kernel entry takes workspace and tiling, at most 32 arguments");
  return sizeof...(A);
}

template <class K>
bool RegisterOpTplKernel(const char* name, const K& k, std::vector<int> dtypes = {}, const char* symbol = "") {
  op::KernelEntry e;
  e.name = name;
  e.dtypes = std::move(dtypes);
  e.symbol = symbol;
  // Every instantiation takes the same arguments: the arity of the first.
  tpl::RunByKey(k, tpl::FirstSelectedKey(k), [&](auto entry) { e.arity = OpTplArity(entry); });
  OpTplKernelOf<K>() = &k;
  e.fn = const_cast<void*>(static_cast<const void*>(&k));
  e.thunk = &OpTplKernelThunk<K>;
  e.geometry = &OpKernelGeometry;
  e.selects = &OpTplKernelSelects<K>;
  return op::RegisterKernel(std::move(e));
}

}  // namespace compat
}  // namespace aicore

#define AICORE_OP_KERNEL(fn) \
  static const bool aicore_op_kernel_##fn [[maybe_unused]] = ::aicore::compat::RegisterOpKernel(#fn, &fn)

// One dtype build of the entry `name` (a kernel that reads DTYPE_<NAME>,
// compiled once per dtype combination of its OpDef): `fn` is that build's
// entry, the braced list its ge::DataType values, inputs then outputs.
#define AICORE_OP_KERNEL_DTYPES(name, fn, ...)                                     \
  static const bool aicore_op_kernel_##fn [[maybe_unused]] =                       \
      ::aicore::compat::RegisterOpKernel(#name, &fn, std::vector<int> __VA_ARGS__, #fn)

// The entry `fn` is a kernel template over the arguments of
// ASCENDC_TPL_ARGS_DECL (`template <typename D_T_X, int TILE_NUM, ...>
// __global__ __aicore__ void fn(GM_ADDR ...)`): every combination ASCENDC_TPL_SEL
// selects is instantiated here, and a call runs the one of its tiling key.
#define AICORE_OP_TPL_KERNEL(fn)                                                             \
  static const auto aicore_op_tpl_kernel_##fn = AICORE_TPL_KERNEL(fn);                       \
  static const bool aicore_op_kernel_##fn [[maybe_unused]] =                                 \
      ::aicore::compat::RegisterOpTplKernel(#fn, aicore_op_tpl_kernel_##fn)

// One dtype build (as AICORE_OP_KERNEL_DTYPES) of a kernel template `name`
// whose instantiations read DTYPE_<NAME>: `fn` is that build's template.
#define AICORE_OP_TPL_KERNEL_DTYPES(name, fn, ...)                                           \
  static const auto aicore_op_tpl_kernel_##fn = AICORE_TPL_KERNEL(fn);                       \
  static const bool aicore_op_kernel_##fn [[maybe_unused]] = ::aicore::compat::RegisterOpTplKernel( \
      #name, aicore_op_tpl_kernel_##fn, std::vector<int> __VA_ARGS__, #fn)
