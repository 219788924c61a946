// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Kernel of WeightedSumCustom: y = weights[0] * x[0] + ... (+ bias), float,
// each product and each sum rounded to float in this order: acc = w0 * x0,
// acc = acc + wk * xk for k = 1 .. n-1, then acc = acc + bias. The list x
// arrives as a tensor list (ListTensorDesc); bias is nullptr when absent.
#include "kernel_operator.h"
#include "kernel_operator_list_tensor_intf.h"

class KernelWeightedSum {
public:
    __aicore__ inline KernelWeightedSum() {}
    __aicore__ inline void Init(GM_ADDR srcList, GM_ADDR bias, GM_ADDR y, const WeightedSumCustomTilingData& t)
    {
        list.Init((__gm__ void*)srcList);
        this->start = t.blockLength * AscendC::GetBlockIdx();
        this->count = start >= t.totalLength ? 0
                      : (t.totalLength - start < t.blockLength ? t.totalLength - start : t.blockLength);
        this->tileLength = t.tileLength;
        this->num = t.num;
        this->hasBias = t.hasBias != 0;
        for (uint32_t k = 0; k < t.num; k++) {
            this->weights[k] = t.weights[k];
        }
        if (this->hasBias) {
            biasGm.SetGlobalBuffer((__gm__ float*)bias + this->start, this->count);
        }
        yGm.SetGlobalBuffer((__gm__ float*)y + this->start, this->count);
        pipe.InitBuffer(inQueue, 2, tileLength * sizeof(float));
        pipe.InitBuffer(outQueue, 1, tileLength * sizeof(float));
        pipe.InitBuffer(tmpBuf, tileLength * sizeof(float));
    }
    __aicore__ inline void Process()
    {
        const uint32_t tiles = (this->count + this->tileLength - 1) / this->tileLength;
        AscendC::LocalTensor<float> tmp = tmpBuf.Get<float>();
        for (uint32_t i = 0; i < tiles; i++) {
            const uint32_t len = i + 1 < tiles ? this->tileLength : this->count - i * this->tileLength;
            AscendC::LocalTensor<float> acc = outQueue.AllocTensor<float>();
            for (uint32_t k = 0; k < this->num; k++) {
                AscendC::GlobalTensor<float> xGm;
                xGm.SetGlobalBuffer(list.GetDataPtr<float>(k) + this->start, this->count);
                CopyIn(xGm, i, len);
                AscendC::LocalTensor<float> x = inQueue.DeQue<float>();
                if (k == 0) {
                    AscendC::Muls(acc, x, this->weights[k], len);
                } else {
                    AscendC::Muls(tmp, x, this->weights[k], len);
                    AscendC::Add(acc, acc, tmp, len);
                }
                inQueue.FreeTensor(x);
            }
            if (this->hasBias) {
                CopyIn(biasGm, i, len);
                AscendC::LocalTensor<float> b = inQueue.DeQue<float>();
                AscendC::Add(acc, acc, b, len);
                inQueue.FreeTensor(b);
            }
            outQueue.EnQue(acc);
            acc = outQueue.DeQue<float>();
            AscendC::DataCopyPad(yGm[i * this->tileLength], acc,
                                 AscendC::DataCopyExtParams{1, static_cast<uint32_t>(len * sizeof(float)), 0, 0, 0});
            outQueue.FreeTensor(acc);
        }
    }

private:
    __aicore__ inline void CopyIn(AscendC::GlobalTensor<float>& src, uint32_t tile, uint32_t len)
    {
        AscendC::LocalTensor<float> x = inQueue.AllocTensor<float>();
        AscendC::DataCopyPad(x, src[tile * this->tileLength],
                             AscendC::DataCopyExtParams{1, static_cast<uint32_t>(len * sizeof(float)), 0, 0, 0},
                             AscendC::DataCopyPadExtParams<float>{false, 0, 0, 0});
        inQueue.EnQue(x);
    }

    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::QuePosition::VECIN, 2> inQueue;
    AscendC::TQue<AscendC::QuePosition::VECOUT, 1> outQueue;
    AscendC::TBuf<AscendC::QuePosition::VECCALC> tmpBuf;
    AscendC::ListTensorDesc list;
    AscendC::GlobalTensor<float> biasGm;
    AscendC::GlobalTensor<float> yGm;
    float weights[32];
    uint32_t start;
    uint32_t count;
    uint32_t tileLength;
    uint32_t num;
    bool hasBias;
};

extern "C" __global__ __aicore__ void weighted_sum_custom(GM_ADDR x, GM_ADDR bias, GM_ADDR y, GM_ADDR workspace,
                                                          GM_ADDR tiling)
{
    GET_TILING_DATA(tiling_data, tiling);
    KernelWeightedSum op;
    op.Init(x, bias, y, tiling_data);
    op.Process();
}
