// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Kernel of SubAbsCustom, z = |x - y|, written as kernels of generated
// projects are: the element type is DTYPE_X (the build defines it per dtype
// combination of the OpDef), the float16 path is chosen with
// `#if ORIG_DTYPE_X == DT_FLOAT16` (it computes in float and rounds once),
// and Init takes the tiling struct by its plain name.
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;

class KernelSubAbs {
public:
    __aicore__ inline KernelSubAbs() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, SubAbsCustomTilingData* tiling)
    {
        const uint32_t begin = tiling->perBlock * GetBlockIdx();
        const uint32_t end = begin + tiling->perBlock < tiling->totalLength ? begin + tiling->perBlock
                                                                            : tiling->totalLength;
        length = end > begin ? end - begin : 0;
        tileLength = tiling->tileLength;
        xGm.SetGlobalBuffer((__gm__ DTYPE_X*)x + begin, length);
        yGm.SetGlobalBuffer((__gm__ DTYPE_Y*)y + begin, length);
        zGm.SetGlobalBuffer((__gm__ DTYPE_Z*)z + begin, length);
        pipe.InitBuffer(inQueueX, BUFFER_NUM, tileLength * sizeof(DTYPE_X));
        pipe.InitBuffer(inQueueY, BUFFER_NUM, tileLength * sizeof(DTYPE_Y));
        pipe.InitBuffer(outQueueZ, BUFFER_NUM, tileLength * sizeof(DTYPE_Z));
#if ORIG_DTYPE_X == DT_FLOAT16
        pipe.InitBuffer(calcBuf, 2 * tileLength * sizeof(float));
#endif
    }
    __aicore__ inline void Process()
    {
        for (uint32_t offset = 0; offset < length; offset += tileLength) {
            const uint32_t count = length - offset < tileLength ? length - offset : tileLength;
            CopyIn(offset, count);
            Compute(count);
            CopyOut(offset, count);
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t offset, uint32_t count)
    {
        LocalTensor<DTYPE_X> xLocal = inQueueX.AllocTensor<DTYPE_X>();
        LocalTensor<DTYPE_Y> yLocal = inQueueY.AllocTensor<DTYPE_Y>();
        DataCopyExtParams xParams{1, static_cast<uint32_t>(count * sizeof(DTYPE_X)), 0, 0, 0};
        DataCopyExtParams yParams{1, static_cast<uint32_t>(count * sizeof(DTYPE_Y)), 0, 0, 0};
        DataCopyPad(xLocal, xGm[offset], xParams, DataCopyPadExtParams<DTYPE_X>{false, 0, 0, 0});
        DataCopyPad(yLocal, yGm[offset], yParams, DataCopyPadExtParams<DTYPE_Y>{false, 0, 0, 0});
        inQueueX.EnQue(xLocal);
        inQueueY.EnQue(yLocal);
    }
    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<DTYPE_X> xLocal = inQueueX.DeQue<DTYPE_X>();
        LocalTensor<DTYPE_Y> yLocal = inQueueY.DeQue<DTYPE_Y>();
        LocalTensor<DTYPE_Z> zLocal = outQueueZ.AllocTensor<DTYPE_Z>();
#if ORIG_DTYPE_X == DT_FLOAT16
        LocalTensor<float> a = calcBuf.Get<float>();
        LocalTensor<float> b = a[tileLength];
        Cast(a, xLocal, RoundMode::CAST_NONE, count);
        Cast(b, yLocal, RoundMode::CAST_NONE, count);
        Sub(a, a, b, count);
        Abs(a, a, count);
        Cast(zLocal, a, RoundMode::CAST_RINT, count);
#else
        Sub(zLocal, xLocal, yLocal, count);
        Abs(zLocal, zLocal, count);
#endif
        outQueueZ.EnQue(zLocal);
        inQueueX.FreeTensor(xLocal);
        inQueueY.FreeTensor(yLocal);
    }
    __aicore__ inline void CopyOut(uint32_t offset, uint32_t count)
    {
        LocalTensor<DTYPE_Z> zLocal = outQueueZ.DeQue<DTYPE_Z>();
        DataCopyExtParams params{1, static_cast<uint32_t>(count * sizeof(DTYPE_Z)), 0, 0, 0};
        DataCopyPad(zGm[offset], zLocal, params);
        outQueueZ.FreeTensor(zLocal);
    }

    TPipe pipe;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX, inQueueY;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueZ;
#if ORIG_DTYPE_X == DT_FLOAT16
    TBuf<QuePosition::VECCALC> calcBuf;
#endif
    GlobalTensor<DTYPE_X> xGm;
    GlobalTensor<DTYPE_Y> yGm;
    GlobalTensor<DTYPE_Z> zGm;
    uint32_t length = 0;
    uint32_t tileLength = 0;
};

extern "C" __global__ __aicore__ void sub_abs_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace,
                                                     GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelSubAbs op;
    op.Init(x, y, z, &tilingData);
    op.Process();
}
