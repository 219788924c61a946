// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Kernel of ScaleShift, as the ops repositories' experimental operators
// write theirs: a template over the tiling-template argument schMode
// (scale_shift_tiling_key.h), built once per dtype of x (DTYPE_X). Block b
// handles elements [b * perCore, ...) tile by tile: y = x * scale + shift
// (schMode 0: Muls then Adds in T) or y = x * scale (schMode 1, shift 0).
#include "kernel_operator.h"
#include "scale_shift/limits.h"
#include "scale_shift_tiling_key.h"

template <typename T, uint32_t schMode>
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
            if constexpr (schMode == SCALE_SHIFT_TPL_SCH_MODE_ADD) {
                AscendC::Adds(yLocal, yLocal, shift, len);
            }
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

template <uint32_t schMode>
__global__ __aicore__ void scale_shift(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelScaleShift<DTYPE_X, schMode> op;
    op.Init(x, y, tilingData);
    op.Process();
}
