// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// What the vendor's toolchain and CPU-debug headers give a kernel besides the
// API proper (included by kernel_operator.h):
//
// Preprocessor environment of a vector compilation, per SoC profile
// (__CCE_AICORE__ comes from the tikicpulib::<SoC> target, 220 by default):
//   __CCE_AICORE__ 220 -> __NPU_ARCH__ 2201 and __DAV_C220_VEC__
//   __CCE_AICORE__ 200 -> __NPU_ARCH__ 2002 and __DAV_M200__
//   __CCE_AICORE__ 100 -> __NPU_ARCH__ 1001 and __DAV_C100__
//   ASCENDC_CPU_DEBUG 1, __CCE_KT_TEST__ 1 (the CPU-debug switches)
// The vendor compiles a 910B kernel twice, once per core kind, defining
// __DAV_C220_VEC__ for the vector binary and __DAV_C220_CUBE__ for the cube
// binary. Here one host binary runs both kinds of block from one compilation
// of each translation unit: every instruction (vector and cube) works on
// every block, and the run-time tests ASCEND_IS_AIC / ASCEND_IS_AIV (g_coreType)
// tell cube blocks from vector blocks, which is how most kernels (and the
// Matmul API) separate the two. The preprocessor can pick only one side:
// by default the vector one (__DAV_C220_VEC__ defined, __DAV_C220_CUBE__ not:
// code under #if defined(__DAV_C220_CUBE__) is left out). A cube kernel
// whose cube code sits under __DAV_C220_CUBE__ is compiled with
// -D__DAV_C220_CUBE__ (then __DAV_C220_VEC__ stays undefined); a mix kernel
// that needs both preprocessor branches in one translation unit cannot be
// served by one compilation. A build may define any of these itself.
//
// Qualifiers that are empty on the CPU: __host__, __host_aicore__,
// __disable_kernel_type_autoinfer__; __forceinline__ is `inline`.
// Macros: likely(x), unlikely(x), PRELOAD(len) (empty), ASCENDC_ASSERT(cond, behavior),
//   KERNEL_LOG(level, fmt, ...) with KERNEL_DEBUG/INFO/WARN/ERROR.
// Types: float16_t (= half), float32_t (= float); pad_t and QuantMode_t come
// from aicore/cube/params.h (through aicore.h).
// AscendC::PRINTF(fmt, args...) (= AscendC::printf; also callable unqualified).
// AscendC::AscendCUtils: the static helpers kernels call (GetBitSize,
//   GetC0Size, GetC0Count, GetDefaultBlockNum, SetMask, SetMaskCount,
//   SetMaskNorm, ResetMask).
#pragma once

#include <cstdint>

#include "aicore/aicore.h"
#include "aicore/base/kernel_utils.h"
#include "kernel_builtins.h"  // get_rsvd_cnt (AscendCUtils::GetRsvdCnt)

#ifndef ASCENDC_CPU_DEBUG
#define ASCENDC_CPU_DEBUG 1
#endif
#ifndef __CCE_KT_TEST__
#define __CCE_KT_TEST__ 1
#endif
#ifndef __CCE_AICORE__
#define __CCE_AICORE__ 220
#endif

#if __CCE_AICORE__ == 220
#ifndef __NPU_ARCH__
#define __NPU_ARCH__ 2201
#endif
#if !defined(__DAV_C220_VEC__) && !defined(__DAV_C220_CUBE__)
#define __DAV_C220_VEC__ 1
#endif
#elif __CCE_AICORE__ == 200
#ifndef __NPU_ARCH__
#define __NPU_ARCH__ 2002
#endif
#ifndef __DAV_M200__
#define __DAV_M200__ 1
#endif
#elif __CCE_AICORE__ == 100
#ifndef __NPU_ARCH__
#define __NPU_ARCH__ 1001
#endif
#ifndef __DAV_C100__
#define __DAV_C100__ 1
#endif
#endif

#ifndef __host__
#define __host__
#endif
#ifndef __host_aicore__
#define __host_aicore__
#endif
#ifndef __forceinline__
#define __forceinline__ inline
#endif
#ifndef __disable_kernel_type_autoinfer__
#define __disable_kernel_type_autoinfer__
#endif

#ifndef likely
#define likely(x) __builtin_expect(!!(x), 1)
#endif
#ifndef unlikely
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif
// PRELOAD(len): the NPU's prefetch of the kernel's next instructions;
// nothing on a CPU (the vendor's CPU mode defines it empty too).
#ifndef PRELOAD
#define PRELOAD(len) \
  {}
#endif

// KERNEL_LOG(level, fmt, args...): one line "[LEVEL] file:line message" on
// the kernel output (fmt must be a string literal, as in the vendor's).
#ifndef KERNEL_LOG
#define KERNEL_DEBUG DEBUG
#define KERNEL_INFO INFO
#define KERNEL_WARN WARN
#define KERNEL_ERROR ERROR
#define AICORE_KERNEL_LOG_STR2(x) #x
#define AICORE_KERNEL_LOG_STR(x) AICORE_KERNEL_LOG_STR2(x)
#define KERNEL_LOG(level, fmt, ...)                                                          \
  ::AscendC::printf("[" AICORE_KERNEL_LOG_STR(level) "] %s:%d " fmt "\n", __FILE__, __LINE__, \
                    ##__VA_ARGS__)
#endif

// ASCENDC_ASSERT(cond, behavior): when cond is false, runs behavior (usually
// a KERNEL_LOG) and fails the block like ASSERT.
#ifndef ASCENDC_ASSERT
#define ASCENDC_ASSERT(cond, behavior)                                                     \
  do {                                                                                     \
    if (!(cond)) {                                                                         \
      behavior;                                                                            \
      ::aicore::detail::AssertCheck(::aicore::SrcLoc{__FILE__, __LINE__}, #cond, false);   \
    }                                                                                      \
  } while (0)
#endif

// Compiler-builtin types of the NPU toolchain.
#if !defined(__ARM_NEON) && !defined(__aarch64__)
using float16_t = half;  // (arm_neon.h has its own global float16_t)
#endif
using float32_t = float;

// pad_t and QuantMode_t (global, as the toolchain has them) come from
// aicore/cube/params.h.

namespace AscendC {

// PRINTF: the vendor's name of printf (a function, so AscendC::PRINTF works).
template <class... Args>
void PRINTF(const char* fmt, Args... args) {
  ::AscendC::printf(fmt, args...);
}

// The static helpers of the vendor's AscendCUtils that kernels call.
class AscendCUtils {
 public:
  static int32_t GetBitSize(int32_t byteSize) { return byteSize * 8; }
  static int32_t GetC0Size() { return ONE_BLK_SIZE; }
  static int32_t GetC0Count(const int32_t dtypeSize) { return ONE_BLK_SIZE / dtypeSize; }
  static int32_t GetDefaultBlockNum() { return DEFAULT_BLK_NUM; }

  template <typename T, bool isSetMask = true>
  static void SetMask(const uint64_t& maskHigh, const uint64_t& maskLow,
                      aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    if constexpr (isSetMask) ::AscendC::SetVectorMask<T>(maskHigh, maskLow, loc);
    else (void)maskHigh, (void)maskLow, (void)loc;
  }
  template <typename T, bool isSetMask = true>
  static void SetMask(int32_t len, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    if constexpr (isSetMask) ::AscendC::SetVectorMask<T>(len, loc);
    else (void)len, (void)loc;
  }
  template <typename T>
  static void SetMaskCount(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    ::AscendC::SetMaskCount(loc);
  }
  template <typename T>
  static void SetMaskNorm(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    ::AscendC::SetMaskNorm(loc);
  }
  template <bool isSetMask = true>
  static void ResetMask(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    if constexpr (isSetMask) ::AscendC::ResetMask(loc);
    else (void)loc;
  }
  // CTRL[48] on Ascend910B: 1 the non-saturating mode (INF / NaN results
  // stay), 0 the saturating one (INF to +-MAX, NaN to 0). aicore computes
  // the non-saturating mode, the Atlas A2 runtime's default
  // (aclrtFloatOverflowMode INFNAN): 1 is accepted, 0 is an error rather
  // than results the kernel did not ask for (README: not modelled).
  static void SetOverflow(uint64_t ctrlValue, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    aicore::detail::Enter("AscendCUtils::SetOverflow", loc);
    if (AICORE_UNLIKELY(ctrlValue == 0)) {
      aicore::detail::Fail(aicore::ErrorKind::kParameter, "AscendCUtils::SetOverflow", loc,
                           "ctrlValue 0 selects the saturating mode (INF results to +-MAX, NaN to 0), "
                           "which aicore does not model: its instructions compute the non-saturating "
                           "INF/NaN mode (ctrlValue 1, the Atlas A2 runtime's default)");
    }
  }
  // The element count of the block's latest GatherMask (get_rsvd_cnt).
  static int64_t GetRsvdCnt(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    return ::get_rsvd_cnt(loc);
  }
};

}  // namespace AscendC

using AscendC::PRINTF;
// The vendor declares GetTPipePtr and GetSysWorkSpacePtr at global scope
// (kernel_common.h, kernel_operator_swap_mem_intf.h); kernels call them
// unqualified outside namespace AscendC (ops-math's unfold_grad, the
// asc-devkit matmul_sparse sample).
using AscendC::GetSysWorkSpacePtr;
using AscendC::GetTPipePtr;
