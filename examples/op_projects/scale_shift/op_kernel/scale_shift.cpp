// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Kernel of ScaleShift: block b handles elements [b * perCore, ...) tile by
// tile, y = x * scale + shift (Muls then Adds in T).
#include "kernel_operator.h"
#include "scale_shift/limits.h"

template <typename T>
class KernelScaleShift {
public:
    __aicore__ inline KernelScaleShift() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const ScaleShiftTilingData& t)
    {
        const uint32_t start = AscendC::GetBlockIdx() * t.perCore;
        length = t.totalLength - start < t.perCore ? t.totalLength - start : t.perCore;
        tileLength = t.tileLength;
        scale = static_cast<T>(t.scale);
        shift = static_cast<T>(t.shift);
        xGm.SetGlobalBuffer((__gm__ T*)x + start, length);
        yGm.SetGlobalBuffer((__gm__ T*)y + start, length);
        pipe.InitBuffer(inQueue, 2, scale_shift_common::kTileBytes);
        pipe.InitBuffer(outQueue, 2, scale_shift_common::kTileBytes);
    }
    __aicore__ inline void Process()
    {
        for (uint32_t offset = 0; offset < length; offset += tileLength) {
            const uint32_t len = length - offset < tileLength ? length - offset : tileLength;
            AscendC::LocalTensor<T> xLocal = inQueue.AllocTensor<T>();
            AscendC::DataCopy(xLocal, xGm[offset], len);
            inQueue.EnQue(xLocal);
            xLocal = inQueue.DeQue<T>();
            AscendC::LocalTensor<T> yLocal = outQueue.AllocTensor<T>();
            AscendC::Muls(yLocal, xLocal, scale, len);
            AscendC::Adds(yLocal, yLocal, shift, len);
            outQueue.EnQue<T>(yLocal);
            inQueue.FreeTensor(xLocal);
            yLocal = outQueue.DeQue<T>();
            AscendC::DataCopy(yGm[offset], yLocal, len);
            outQueue.FreeTensor(yLocal);
        }
    }

private:
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::QuePosition::VECIN, 2> inQueue;
    AscendC::TQue<AscendC::QuePosition::VECOUT, 2> outQueue;
    AscendC::GlobalTensor<T> xGm, yGm;
    uint32_t length = 0;
    uint32_t tileLength = 0;
    T scale;
    T shift;
};

extern "C" __global__ __aicore__ void scale_shift(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    if (TILING_KEY_IS(0)) {
        KernelScaleShift<float> op;
        op.Init(x, y, tilingData);
        op.Process();
    } else if (TILING_KEY_IS(1)) {
        KernelScaleShift<half> op;
        op.Init(x, y, tilingData);
        op.Process();
    }
}
