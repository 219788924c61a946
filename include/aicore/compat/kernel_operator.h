// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// kernel_operator.h for the CPU: what an Ascend C kernel source includes.
// Reachable only through the CMake target aicore::compat (or tikicpulib::*),
// so it never shadows a real CANN install. It is aicore's kernel API
// (<aicore/aicore.h>) plus the vendor's kernel-side macros:
//
//   GET_TILING_DATA & co., TILING_KEY_IS        (aicore/runtime/tiling.h)
//   KERNEL_TASK_TYPE_DEFAULT(type), KERNEL_TASK_TYPE(key, type)
//   g_coreType, ASCEND_IS_AIV, ASCEND_IS_AIC, ASCEND_IS_NOT_AIV, ASCEND_IS_NOT_AIC
//   ASSERT(cond [, fmt, args...]); PRINTF & co. come from kernel_utils_compat.h
//   __CCE_AICORE__ (220, the Ascend910B profile, unless the build defines it)
#pragma once

#include "aicore/aicore.h"
#include "aicore/runtime/tiling.h"
#include "kernel_utils_compat.h"
#include "kernel_builtins.h"

#ifndef __CCE_AICORE__
#define __CCE_AICORE__ 220
#endif

// Kernel types of KERNEL_TASK_TYPE_DEFAULT.
enum KernelMetaType : uint8_t {
  KERNEL_TYPE_AIV_ONLY = 0,
  KERNEL_TYPE_AIC_ONLY,
  KERNEL_TYPE_MIX_AIV_1_0,
  KERNEL_TYPE_MIX_AIC_1_0,
  KERNEL_TYPE_MIX_AIC_1_1,
  KERNEL_TYPE_MIX_AIC_1_2,
  KERNEL_TYPE_MAX,
};

namespace aicore {
namespace compat {

// KERNEL_TASK_TYPE_DEFAULT: the launch geometry comes from SetKernelMode (as
// in the vendor CPU mode); a kernel declared vector-only (cube-only) that
// runs on a cube (vector) core is reported, since the NPU would never run it
// there.
inline void CheckTaskType(KernelMetaType type, SrcLoc loc) {
  detail::CoreContext& core = detail::Enter("KERNEL_TASK_TYPE_DEFAULT", loc);
  const bool aiv_only = type == KERNEL_TYPE_AIV_ONLY || type == KERNEL_TYPE_MIX_AIV_1_0;
  const bool aic_only = type == KERNEL_TYPE_AIC_ONLY || type == KERNEL_TYPE_MIX_AIC_1_0;
  const bool on_aic = core.core_type == detail::CoreType::kAIC;
  if ((aiv_only && on_aic) || (aic_only && !on_aic)) {
    detail::Fail(ErrorKind::kLaunch, "KERNEL_TASK_TYPE_DEFAULT", loc,
                 std::string("the kernel is declared ") +
                     (aiv_only ? "vector-only" : "cube-only") + " but this block runs on a " +
                     (on_aic ? "cube" : "vector") +
                     " core: launch it with AscendC::SetKernelMode(KernelMode::" +
                     (aiv_only ? "AIV_MODE" : "AIC_MODE") + ")");
  }
}

inline int32_t CoreTypeValue() {
  const detail::CoreContext* c = detail::t_core;
  return (c != nullptr && c->core_type == detail::CoreType::kAIC) ? ::AscendC::AIC : ::AscendC::AIV;
}

}  // namespace compat
}  // namespace aicore

#define KERNEL_TASK_TYPE_DEFAULT(type) \
  ::aicore::compat::CheckTaskType(static_cast<KernelMetaType>(type), ::aicore::SrcLoc{__FILE__, __LINE__})
// KERNEL_TASK_TYPE(key, type): the type of the launches with that tiling key.
#define KERNEL_TASK_TYPE(key, type)                                                      \
  (::aicore::detail::CurrentTilingKey() == static_cast<uint64_t>(key)                    \
       ? ::aicore::compat::CheckTaskType(static_cast<KernelMetaType>(type),              \
                                         ::aicore::SrcLoc{__FILE__, __LINE__})           \
       : void())

#define g_coreType (::aicore::compat::CoreTypeValue())
#define ASCEND_IS_AIV (g_coreType == ::AscendC::AIV)
#define ASCEND_IS_AIC (g_coreType == ::AscendC::AIC)
#define ASCEND_IS_NOT_AIV (g_coreType != ::AscendC::AIV)
#define ASCEND_IS_NOT_AIC (g_coreType != ::AscendC::AIC)

#ifndef ASSERT
#define ASSERT(...) \
  ::aicore::detail::AssertCheck(::aicore::SrcLoc{__FILE__, __LINE__}, #__VA_ARGS__, __VA_ARGS__)
#endif
