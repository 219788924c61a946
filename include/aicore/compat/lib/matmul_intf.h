// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// lib/matmul_intf.h for the CPU: the high-level Matmul API of kernels
// (aicore/lib/matmul/matmul.h: AscendC::Matmul, MatmulType, the configs;
// `matmul` names the AscendC namespace, as in the vendor's headers) and
//
//   REGIST_MATMUL_OBJ(&pipe, workspace, mm [, &tiling] [, mm2, &tiling2 ...])
//     (also REGIST_MATMUL_OBJ_STATIC, REGIST_CUBE_OBJ): registers up to 4
//     Matmul objects and Inits each with the tiling after it. On a cube block
//     of a mixed launch (KERNEL_TYPE_MIX_AIC_1_1 / _1_2, MIX_MODE) it returns
//     from the enclosing function, as the vendor's macro does after its
//     server loop: on the CPU the vector blocks compute their Matmul calls
//     themselves, so the cube blocks have nothing left to do. With
//     ASCENDC_CUBE_ONLY defined before this header (pure cube mode), it only
//     registers, whatever the core.
//   A kernel that declares no KERNEL_TASK_TYPE_DEFAULT and has
//   REGIST_MATMUL_OBJ in its body runs, under ICPU_RUN_KF without
//   SetKernelMode, as the vendor's build compiles it: a mixed 1:2 kernel
//   (blockDim cube + 2 * blockDim vector blocks), or with ASCENDC_CUBE_ONLY
//   a cube kernel.
#pragma once

#include "aicore/lib/matmul/matmul.h"
#include "kernel_operator.h"

// The kernel's type as the vendor's build infers it from the Matmul code
// (used when the kernel declares none: ICPU_RUN_KF then runs it as a mixed
// 1:2 kernel, or a cube kernel with ASCENDC_CUBE_ONLY).
#define AICORE_MATMUL_KERNEL_TYPE(type)                                                              \
  do {                                                                                               \
    struct AicoreTaskTypeTag {                                                                       \
      char unused;                                                                                   \
    };                                                                                               \
    (void)::aicore::compat::TaskTypeDecl<AicoreTaskTypeTag, false, 0, static_cast<int>(type), true>::decls; \
  } while (0)

#ifdef ASCENDC_CUBE_ONLY
#define REGIST_MATMUL_OBJ(tpipe, workspace, ...)                                                          \
  AICORE_MATMUL_KERNEL_TYPE(KERNEL_TYPE_AIC_ONLY);                                                        \
  (void)::aicore::lib::RegistMatmulObj<true>(::aicore::SrcLoc{__FILE__, __LINE__}, (tpipe), (workspace), \
                                             __VA_ARGS__)
#else
#define REGIST_MATMUL_OBJ(tpipe, workspace, ...)                                                        \
  AICORE_MATMUL_KERNEL_TYPE(KERNEL_TYPE_MIX_AIC_1_2);                                                   \
  if (::aicore::lib::RegistMatmulObj<false>(::aicore::SrcLoc{__FILE__, __LINE__}, (tpipe), (workspace), \
                                            __VA_ARGS__))                                               \
  return
#endif
#define REGIST_MATMUL_OBJ_STATIC REGIST_MATMUL_OBJ
#define REGIST_CUBE_OBJ REGIST_MATMUL_OBJ
