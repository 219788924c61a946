// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Every compat header and macro in one translation unit, the way a kernel
// project's kernel and main.cpp use them; compiled by compile_headers.cmake
// with -Wall -Wextra -Werror -D_GLIBCXX_USE_CXX11_ABI=0.
#include "kernel_operator.h"
#include "tikicpulib.h"
#include "acl/acl.h"
#include "kernel_tiling/kernel_tiling.h"
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"
#include "register/op_def_registry.h"
#include "register/device_op_impl_registry.h"
#include "aclnn/acl_meta.h"
#include "aicore_op_kernel.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(HeaderTiling)
  TILING_DATA_FIELD_DEF(uint32_t, totalLength);
  TILING_DATA_FIELD_DEF_ARR(uint16_t, 4, parts);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(HeaderOp, HeaderTiling);

BEGIN_TILING_DATA_DEF(OuterTiling)
  TILING_DATA_FIELD_DEF_STRUCT(HeaderTiling, inner);
  TILING_DATA_FIELD_DEF(float, eps);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(OuterOp, OuterTiling);
}  // namespace optiling

using namespace AscendC;

extern "C" __global__ __aicore__ void header_kernel(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
  REGISTER_TILING_DEFAULT(optiling::HeaderTiling);
  GET_TILING_DATA(t, tiling);
  GET_TILING_DATA_WITH_STRUCT(optiling::OuterTiling, o, tiling);
  GET_TILING_DATA_PTR_WITH_STRUCT(optiling::HeaderTiling, p, tiling);
  GET_TILING_DATA_MEMBER(optiling::HeaderTiling, parts, parts, tiling);
  SetSysWorkspace(workspace);
  GM_ADDR user = GetUserWorkspace(workspace);
  (void)user;
  TPipe pipe;
  TQue<QuePosition::VECIN, 2> inQueue;
  TBufPool<TPosition::VECCALC> pool;
  pipe.InitBufPool(pool, 4096);
  pool.InitBuffer(inQueue, 2, 1024);
  GlobalTensor<half> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ half*)x + GetBlockIdx() * t.totalLength, t.totalLength);
  yGm.SetGlobalBuffer((__gm__ half*)y, t.totalLength);
  LocalTensor<half> xLocal = inQueue.AllocTensor<half>();
  DataCopyPad(xLocal, xGm, DataCopyExtParams{1, 10, 0, 0, 0}, DataCopyPadExtParams<half>{true, 0, 11, half(0)});
  DataCopyPad(xLocal, xGm, DataCopyParams{1, 10, 0, 0}, DataCopyPadParams{true, 0, 11, 0});
  if (TILING_KEY_IS(1)) {
    SetAtomicAdd<half>();
    DataCopyPad(yGm, xLocal, DataCopyExtParams{1, 10, 0, 0, 0});
    SetAtomicNone();
  }
  if ASCEND_IS_AIV {
    PRINTF("block %ld of %ld, sub %ld, %u %u %f\n", GetBlockIdx(), GetBlockNum(), GetSubBlockIdx(),
           static_cast<unsigned>(parts[0]), p->totalLength, static_cast<double>(o.eps));
  }
  ASSERT(t.totalLength > 0);
  ASSERT(t.totalLength > 0, "length %u", t.totalLength);
  ascendc_assert(t.totalLength > 0);
  ascendc_assert(t.totalLength > 0, "length %u", t.totalLength);
  {
    LocalMemAllocator<Hardware::L1> l1;
    LocalTensor<half> a1 = l1.Alloc<TPosition::B1, half, 64>();
    (void)a1;
  }
  DumpTensor(xLocal, 1, 16);
  xLocal.Print(4);
  LocalTensor<float> fixed(TPosition::VECCALC, 8192, 64);
  DumpAccChkPoint(fixed, 0, 0, 8);
  inQueue.FreeTensor(xLocal);
  InitGlobalMemory(yGm, 16, half(0));
  SyncAll();
  CrossCoreSetFlag<0, PIPE_MTE3>(1);
  CrossCoreWaitFlag(1);
  InitSocState();
}

namespace optiling {
static ge::graphStatus HeaderSinkTiling(gert::TilingContext*) { return ge::GRAPH_SUCCESS; }
DEVICE_IMPL_OP_OPTILING(HeaderOp).Tiling(HeaderSinkTiling);
}  // namespace optiling

int main() {
  aclError ret = aclInit(nullptr);
  aclFloat16 h = aclFloatToFloat16(1.5f);
  if (aclFloat16ToFloat(h) != 1.5f || ret != ACL_SUCCESS) return 1;
  optiling::HeaderTiling tiling;
  tiling.set_totalLength(16);
  const uint16_t parts[4] = {1, 2, 3, 4};
  tiling.set_parts(parts);
  uint64_t ub = 0;
  platform_ascendc::PlatformAscendCManager::GetInstance()->GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);
  uint8_t* t = (uint8_t*)AscendC::GmAlloc(64);
  tiling.SaveToBuffer(t, 64);
  uint8_t* x = (uint8_t*)AscendC::GmAlloc(1024);
  uint8_t* y = (uint8_t*)AscendC::GmAlloc(1024);
  uint8_t* ws = (uint8_t*)AscendC::GmAlloc(16 * 1024 * 1024);
  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  ICPU_SET_TILING_KEY(1);
  ICPU_RUN_KF(header_kernel, 2, x, y, ws, t);
  AscendC::GmFree(ws);
  AscendC::GmFree(y);
  AscendC::GmFree(x);
  AscendC::GmFree(t);
  return aclFinalize();
}
