// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Kernel of LeakyReluCustom: block b handles tiles b, b + blockNum, ...;
// the last tile may be short (a multiple of 8 elements).
#include "kernel_operator.h"

class KernelLeakyRelu {
public:
    __aicore__ inline KernelLeakyRelu() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t totalLength, uint32_t tileLength, float slope)
    {
        this->totalLength = totalLength;
        this->tileLength = tileLength;
        this->slope = slope;
        xGm.SetGlobalBuffer((__gm__ float*)x, totalLength);
        yGm.SetGlobalBuffer((__gm__ float*)y, totalLength);
        pipe.InitBuffer(inQueue, 2, tileLength * sizeof(float));
        pipe.InitBuffer(outQueue, 2, tileLength * sizeof(float));
    }
    __aicore__ inline void Process()
    {
        const uint32_t tiles = (totalLength + tileLength - 1) / tileLength;
        for (uint32_t t = AscendC::GetBlockIdx(); t < tiles; t += AscendC::GetBlockNum()) {
            const uint32_t offset = t * tileLength;
            const uint32_t len = totalLength - offset < tileLength ? totalLength - offset : tileLength;
            AscendC::LocalTensor<float> xLocal = inQueue.AllocTensor<float>();
            AscendC::DataCopy(xLocal, xGm[offset], len);
            inQueue.EnQue(xLocal);
            xLocal = inQueue.DeQue<float>();
            AscendC::LocalTensor<float> yLocal = outQueue.AllocTensor<float>();
            AscendC::LeakyRelu(yLocal, xLocal, slope, len);
            outQueue.EnQue<float>(yLocal);
            inQueue.FreeTensor(xLocal);
            yLocal = outQueue.DeQue<float>();
            AscendC::DataCopy(yGm[offset], yLocal, len);
            outQueue.FreeTensor(yLocal);
        }
    }

private:
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::QuePosition::VECIN, 2> inQueue;
    AscendC::TQue<AscendC::QuePosition::VECOUT, 2> outQueue;
    AscendC::GlobalTensor<float> xGm, yGm;
    uint32_t totalLength;
    uint32_t tileLength;
    float slope;
};

extern "C" __global__ __aicore__ void leaky_relu_custom(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelLeakyRelu op;
    op.Init(x, y, tilingData.totalLength, tilingData.tileLength, tilingData.negativeSlope);
    op.Process();
}
