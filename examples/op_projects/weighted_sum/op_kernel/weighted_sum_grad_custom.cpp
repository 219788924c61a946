// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Kernel of WeightedSumGradCustom: dx[k] = weights[k] * dy for each tensor of
// the output list dx (ListTensorDesc), and dbias = dy when the forward had a
// bias. The input list x only gives the number and shapes of the gradients
// (the host side reads it); its data is not read.
#include "kernel_operator.h"
#include "kernel_operator_list_tensor_intf.h"

class KernelWeightedSumGrad {
public:
    __aicore__ inline KernelWeightedSumGrad() {}
    __aicore__ inline void Init(GM_ADDR dy, GM_ADDR dxList, GM_ADDR dbias, const WeightedSumGradCustomTilingData& t)
    {
        list.Init((__gm__ void*)dxList);
        this->start = t.blockLength * AscendC::GetBlockIdx();
        this->count = start >= t.totalLength ? 0
                      : (t.totalLength - start < t.blockLength ? t.totalLength - start : t.blockLength);
        this->tileLength = t.tileLength;
        this->num = t.num;
        this->hasBias = t.hasBias != 0;
        for (uint32_t k = 0; k < t.num; k++) {
            this->weights[k] = t.weights[k];
        }
        dyGm.SetGlobalBuffer((__gm__ float*)dy + this->start, this->count);
        if (this->hasBias) {
            dbiasGm.SetGlobalBuffer((__gm__ float*)dbias + this->start, this->count);
        }
        pipe.InitBuffer(inQueue, 1, tileLength * sizeof(float));
        pipe.InitBuffer(outQueue, 2, tileLength * sizeof(float));
    }
    __aicore__ inline void Process()
    {
        const uint32_t tiles = (this->count + this->tileLength - 1) / this->tileLength;
        for (uint32_t i = 0; i < tiles; i++) {
            const uint32_t len = i + 1 < tiles ? this->tileLength : this->count - i * this->tileLength;
            const AscendC::DataCopyExtParams params{1, static_cast<uint32_t>(len * sizeof(float)), 0, 0, 0};
            AscendC::LocalTensor<float> g = inQueue.AllocTensor<float>();
            AscendC::DataCopyPad(g, dyGm[i * this->tileLength], params,
                                 AscendC::DataCopyPadExtParams<float>{false, 0, 0, 0});
            inQueue.EnQue(g);
            g = inQueue.DeQue<float>();
            for (uint32_t k = 0; k < this->num; k++) {
                AscendC::GlobalTensor<float> dxGm;
                dxGm.SetGlobalBuffer(list.GetDataPtr<float>(k) + this->start, this->count);
                AscendC::LocalTensor<float> dx = outQueue.AllocTensor<float>();
                AscendC::Muls(dx, g, this->weights[k], len);
                outQueue.EnQue(dx);
                dx = outQueue.DeQue<float>();
                AscendC::DataCopyPad(dxGm[i * this->tileLength], dx, params);
                outQueue.FreeTensor(dx);
            }
            if (this->hasBias) {  // dbias = dy (times 1: exact, keeps -0 and NaN)
                AscendC::LocalTensor<float> db = outQueue.AllocTensor<float>();
                AscendC::Muls(db, g, 1.0f, len);
                outQueue.EnQue(db);
                db = outQueue.DeQue<float>();
                AscendC::DataCopyPad(dbiasGm[i * this->tileLength], db, params);
                outQueue.FreeTensor(db);
            }
            inQueue.FreeTensor(g);
        }
    }

private:
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::QuePosition::VECIN, 1> inQueue;
    AscendC::TQue<AscendC::QuePosition::VECOUT, 2> outQueue;
    AscendC::ListTensorDesc list;
    AscendC::GlobalTensor<float> dyGm;
    AscendC::GlobalTensor<float> dbiasGm;
    float weights[32];
    uint32_t start;
    uint32_t count;
    uint32_t tileLength;
    uint32_t num;
    bool hasBias;
};

extern "C" __global__ __aicore__ void weighted_sum_grad_custom(GM_ADDR dy, GM_ADDR x, GM_ADDR bias, GM_ADDR dx,
                                                               GM_ADDR dbias, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tiling_data, tiling);
    KernelWeightedSumGrad op;
    op.Init(dy, dx, dbias, tiling_data);
    op.Process();
}
