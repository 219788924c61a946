// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// tikicpulib.h for the CPU: the host side of the vendor's CPU debug mode.
//
//   uint8_t* x = (uint8_t*)AscendC::GmAlloc(bytes);   zero-filled, registered GM
//   AscendC::SetKernelMode(KernelMode::AIV_MODE);      AIV_MODE | AIC_MODE | MIX_MODE (optional)
//   ICPU_SET_TILING_KEY(key);                          TILING_KEY_IS in the next launches
//   ICPU_RUN_KF(kernel, blockDim, x, y, z);            up to 32 kernel arguments
//   ICPU_RUN_KF(AICORE_TPL_KERNEL(k), blockDim, ...);  the instantiation of the kernel
//                                                      template k the tiling key names
//                                                      (ascendc/host_api/tiling/template_argument.h)
//   AscendC::GmFree(x);
//
// ICPU_RUN_KF runs the kernel on aicore's runtime, every block on a thread
// of its own (up to 1024 blocks), so SyncAll and cross-core flags work:
//   AIV_MODE  blockDim vector blocks;  AIC_MODE  blockDim cube blocks;
//   MIX_MODE  blockDim cube blocks + 2 * blockDim vector blocks (GetBlockIdx
//             in [0, 2 * blockDim) on the vector side, GetSubBlockIdx 0/1,
//             GetSubBlockNum 2, GetTaskRation 2; GetBlockNum is blockDim);
//             for a kernel declared KERNEL_TYPE_MIX_AIC_1_1, blockDim cube +
//             blockDim vector blocks (GetBlockIdx in [0, blockDim) on both
//             sides, GetSubBlockIdx 0, GetSubBlockNum 1, GetTaskRation 1).
// Without SetKernelMode, the kernel's KERNEL_TASK_TYPE_DEFAULT /
// KERNEL_TASK_TYPE decides, as in the launch stubs the vendor's build
// generates for its CPU mode: AIV_ONLY, MIX_AIV_1_0 -> AIV_MODE; AIC_ONLY,
// MIX_AIC_1_0 -> AIC_MODE; MIX_AIC_1_1 -> MIX_MODE 1:1, MIX_AIC_1_2 -> MIX_MODE 1:2; a kernel that
// declares nothing runs as AIV_MODE (a mix kernel that declares nothing needs
// SetKernelMode(KernelMode::MIX_MODE)). See KERNEL_TASK_TYPE_DEFAULT in
// kernel_operator.h for how the type is known before the blocks start.
// SetKernelMode, once called, applies to every later launch;
// aicore::compat::ResetKernelMode() goes back to "not called".
// Every pointer argument must point into memory from GmAlloc (or aclrtMalloc,
// or a buffer declared with aicore::GmRegister); nullptr is allowed. Misuse
// and kernel failures are reported on stderr as one line naming the kernel,
// block, API, file:line and values, and the process exits with status 1 (the
// vendor mode prints and goes on). With an error sink installed
// (aicore::SetErrorSink / ErrorRecorder), bad arguments and bad GmFree calls
// are handed to the sink instead and the process goes on (the launch is
// skipped).
//
// Building with AICORE_COMPAT_SOC=<name> (tikicpulib::<SoC> targets do)
// selects that SoC profile at the first launch unless AICORE_SOC is set.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <new>
#include <string>
#include <type_traits>
#include <utility>

#include "kernel_operator.h"
#include "ascendc/host_api/tiling/template_argument.h"
#include "aicore/runtime/gm.h"
#include "aicore/runtime/launch.h"

enum class KernelMode { MIX_MODE = 0, AIC_MODE, AIV_MODE };

namespace aicore {
namespace compat {

// Reports a host-side failure the way ICPU_RUN_KF does and ends the process.
[[noreturn]] inline void Die(const std::string& report) {
  std::fflush(stdout);
  std::fprintf(stderr, "%s\n", report.c_str());
  std::fflush(stderr);
  std::exit(1);
}

// The mode SetKernelMode set, or kKernelModeUnset before any call.
constexpr int kKernelModeUnset = -1;

inline std::atomic<int>& KernelModeValue() {
  static std::atomic<int> mode{kKernelModeUnset};
  return mode;
}

// Back to the state before any SetKernelMode call (the declared type decides).
inline void ResetKernelMode() { KernelModeValue().store(kKernelModeUnset, std::memory_order_relaxed); }

// The geometry of a launch of the kernel named `name` with tiling key `key`.
inline detail::Geometry LaunchGeometry(const char* name, uint64_t key) {
  const int mode = KernelModeValue().load(std::memory_order_relaxed);
  KernelMetaType type = KERNEL_TYPE_AIV_ONLY;
  const bool declared = DeclaredTaskType(name, key, &type);
  if (mode != kKernelModeUnset) {
    switch (static_cast<KernelMode>(mode)) {
      case KernelMode::AIV_MODE: return detail::Geometry::kAIV;
      case KernelMode::AIC_MODE: return detail::Geometry::kAIC;
      // MIX_MODE: 1 cube : 2 vector blocks, or 1 : 1 for a kernel declared
      // KERNEL_TYPE_MIX_AIC_1_1.
      default:
        return declared && type == KERNEL_TYPE_MIX_AIC_1_1 ? detail::Geometry::kMix11
                                                           : detail::Geometry::kMix;
    }
  }
  if (!declared) return detail::Geometry::kAIV;
  switch (type) {
    case KERNEL_TYPE_AIC_ONLY:
    case KERNEL_TYPE_MIX_AIC_1_0: return detail::Geometry::kAIC;
    case KERNEL_TYPE_MIX_AIC_1_1: return detail::Geometry::kMix11;
    case KERNEL_TYPE_MIX_AIC_1_2: return detail::Geometry::kMix;
    default: return detail::Geometry::kAIV;  // AIV_ONLY, MIX_AIV_1_0, and the
                                             // coupled-core types (one core kind)
  }
}

inline std::atomic<uint64_t>& TilingKeyValue() {
  static std::atomic<uint64_t> key{0};
  return key;
}

inline void SetTilingKey(uint64_t key) { TilingKeyValue().store(key, std::memory_order_relaxed); }

#define AICORE_COMPAT_STR2(x) #x
#define AICORE_COMPAT_STR(x) AICORE_COMPAT_STR2(x)

// The SoC named by the build (AICORE_COMPAT_SOC), applied once per process.
inline void ApplyBuildSoc() {
#ifdef AICORE_COMPAT_SOC
  static const bool applied = [] {
    const char* env = std::getenv("AICORE_SOC");
    if (env == nullptr || *env == '\0') SetSocVersion(AICORE_COMPAT_STR(AICORE_COMPAT_SOC));
    return true;
  }();
  (void)applied;
#endif
}

// Whether a launch argument is acceptable: a pointer argument must point
// into GM (GmAlloc / aclrtMalloc memory or a GmRegister buffer). A bad one is
// reported through the error sink (the launch is then skipped), or printed
// and the process ends.
template <class A>
bool CheckKernelArg(SrcLoc loc, const char* kernel, size_t index, size_t count, const A& a) {
  if constexpr (std::is_pointer_v<A>) {
    if (a != nullptr && !GmFind(a)) {
      const KernelError e(ErrorKind::kLaunch, kernel, -1, 0, "ICPU_RUN_KF", loc,
                          "kernel argument " + std::to_string(index + 1) + " of " +
                              std::to_string(count) + " (" +
                              detail::HexPtr(static_cast<const void*>(a)) +
                              ") is not GM: " + detail::DescribeGmPointer(static_cast<const void*>(a)) +
                              "; every pointer argument must come from AscendC::GmAlloc");
      if (!detail::Deliver(e, /*print=*/true)) std::exit(1);
      return false;
    }
  } else {
    (void)loc, (void)kernel, (void)index, (void)count, (void)a;
  }
  return true;
}

template <class Kernel, class... Args>
void RunKF(SrcLoc loc, const char* name, Kernel&& kernel, uint32_t blockDim, Args&&... args) {
  static_assert(sizeof...(Args) <= 32, "ICPU_RUN_KF takes at most 32 kernel arguments");
  {
    size_t i = 0;
    bool ok = true;
    ((ok = CheckKernelArg(loc, name, i++, sizeof...(Args), std::decay_t<Args>(args)) && ok), ...);
    if (!ok) return;
  }
  ApplyBuildSoc();
  detail::LaunchConfig cfg;
  cfg.cooperative = true;
  cfg.tiling_key = TilingKeyValue().load(std::memory_order_relaxed);
  if constexpr (tpl::IsTplKernel<std::decay_t<Kernel>>::value) {
    cfg.geom = LaunchGeometry(kernel.name, cfg.tiling_key);
  } else {
    cfg.geom = LaunchGeometry(name, cfg.tiling_key);
  }
  try {
    if constexpr (tpl::IsTplKernel<std::decay_t<Kernel>>::value) {
      // A kernel template: the instantiation whose ASCENDC_TPL_SEL key is the tiling key.
      const bool found = tpl::RunByKey(kernel, cfg.tiling_key, [&](auto instance) {
        detail::LaunchWith(cfg, loc, kernel.name, instance, blockDim, std::forward<Args>(args)...);
      });
      if (!found) {
        const KernelError e(ErrorKind::kLaunch, kernel.name, -1, 0, "ICPU_RUN_KF", loc,
                            "tiling key " + std::to_string(cfg.tiling_key) +
                                " names no instantiation of the kernel template " + kernel.name +
                                ": ASCENDC_TPL_SEL selects the keys " + tpl::SelectedKeys(kernel) +
                                " (set one with ICPU_SET_TILING_KEY(GET_TPL_TILING_KEY(...)))");
        if (!detail::Deliver(e, /*print=*/true)) std::exit(1);
      }
    } else {
      detail::LaunchWith(cfg, loc, name, std::forward<Kernel>(kernel), blockDim, std::forward<Args>(args)...);
    }
  } catch (const KernelError& e) {
    // Under AICORE_SANITIZE the report is printed when it is raised: once is enough.
    detail::Sanitize().exit_on_failure.store(true);
    if (detail::PrintedRecently(e)) std::exit(1);
    Die(e.what());
  } catch (const std::exception& e) {
    detail::Sanitize().exit_on_failure.store(true);
    Die(std::string("aicore: ICPU_RUN_KF(") + name + ") failed: " + e.what());
  }
}

}  // namespace compat
}  // namespace aicore

namespace AscendC {

// GM for kernel arguments: zero-filled, page-aligned, registered so that
// launches can check their pointer arguments.
inline void* GmAlloc(size_t size, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  try {
    return aicore::GmAlloc(size, loc);
  } catch (const std::bad_alloc&) {
    aicore::compat::Die("aicore: AscendC::GmAlloc(" + std::to_string(size) + ") failed: out of memory");
  }
}

// Releases GmAlloc memory; a pointer GmAlloc did not return, or one already
// released, is reported and ends the process (with an error sink installed,
// the sink takes the report and the process goes on).
inline void GmFree(void* ptr, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  const std::string problem = aicore::detail::GmRelease(ptr, loc);
  if (problem.empty()) return;
  const aicore::KernelError e(aicore::ErrorKind::kParameter, "", -1, 0, "GmFree", loc, problem);
  if (!aicore::detail::Deliver(e, /*print=*/true)) std::exit(1);
}

inline void SetKernelMode(KernelMode mode) {
  aicore::compat::KernelModeValue().store(static_cast<int>(mode), std::memory_order_relaxed);
}

}  // namespace AscendC

#define ICPU_RUN_KF(func, ...) \
  ::aicore::compat::RunKF(::aicore::SrcLoc{__FILE__, __LINE__}, #func, func, __VA_ARGS__)
#define ICPU_SET_TILING_KEY(key) ::aicore::compat::SetTilingKey(static_cast<uint64_t>(key))
