// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Kernel of AxpyCustom: z = alpha * x + y in the input type (Muls, then Add:
// two roundings), alpha read from its one-element GM tensor (the aclScalar
// input). Tiling key 1: half, 2: float. Each block works tile by tile; the
// tiles' ends may fall anywhere (DataCopyPad).
#include "kernel_operator.h"

constexpr int32_t BUFFER_NUM = 2;

template <typename T>
class KernelAxpy {
public:
    __aicore__ inline KernelAxpy() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR alpha, GM_ADDR z, uint32_t totalLength,
                                uint32_t blockLength, uint32_t tileLength)
    {
        const uint32_t start = blockLength * AscendC::GetBlockIdx();
        this->count = start >= totalLength ? 0 : (totalLength - start < blockLength ? totalLength - start : blockLength);
        this->tileLength = tileLength;
        AscendC::GlobalTensor<T> alphaGm;
        alphaGm.SetGlobalBuffer((__gm__ T*)alpha, 1);
        this->alpha = alphaGm.GetValue(0);
        xGm.SetGlobalBuffer((__gm__ T*)x + start, this->count);
        yGm.SetGlobalBuffer((__gm__ T*)y + start, this->count);
        zGm.SetGlobalBuffer((__gm__ T*)z + start, this->count);
        pipe.InitBuffer(inQueueX, BUFFER_NUM, tileLength * sizeof(T));
        pipe.InitBuffer(inQueueY, BUFFER_NUM, tileLength * sizeof(T));
        pipe.InitBuffer(outQueueZ, BUFFER_NUM, tileLength * sizeof(T));
    }
    __aicore__ inline void Process()
    {
        const uint32_t tiles = (this->count + this->tileLength - 1) / this->tileLength;
        for (uint32_t i = 0; i < tiles; i++) {
            const uint32_t len = i + 1 < tiles ? this->tileLength : this->count - i * this->tileLength;
            AscendC::DataCopyExtParams params{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0};
            AscendC::LocalTensor<T> x = inQueueX.AllocTensor<T>();
            AscendC::LocalTensor<T> y = inQueueY.AllocTensor<T>();
            AscendC::DataCopyPad(x, xGm[i * this->tileLength], params, AscendC::DataCopyPadExtParams<T>{false, 0, 0, 0});
            AscendC::DataCopyPad(y, yGm[i * this->tileLength], params, AscendC::DataCopyPadExtParams<T>{false, 0, 0, 0});
            inQueueX.EnQue(x);
            inQueueY.EnQue(y);
            x = inQueueX.DeQue<T>();
            y = inQueueY.DeQue<T>();
            AscendC::LocalTensor<T> z = outQueueZ.AllocTensor<T>();
            AscendC::Muls(z, x, this->alpha, len);
            AscendC::Add(z, z, y, len);
            outQueueZ.EnQue(z);
            inQueueX.FreeTensor(x);
            inQueueY.FreeTensor(y);
            z = outQueueZ.DeQue<T>();
            AscendC::DataCopyPad(zGm[i * this->tileLength], z, params);
            outQueueZ.FreeTensor(z);
        }
    }

private:
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::QuePosition::VECIN, BUFFER_NUM> inQueueX, inQueueY;
    AscendC::TQue<AscendC::QuePosition::VECOUT, BUFFER_NUM> outQueueZ;
    AscendC::GlobalTensor<T> xGm, yGm, zGm;
    T alpha;
    uint32_t count;
    uint32_t tileLength;
};

extern "C" __global__ __aicore__ void axpy_custom(GM_ADDR x, GM_ADDR y, GM_ADDR alpha, GM_ADDR z, GM_ADDR workspace,
                                                  GM_ADDR tiling)
{
    GET_TILING_DATA(tiling_data, tiling);
    if (TILING_KEY_IS(1)) {
        KernelAxpy<half> op;
        op.Init(x, y, alpha, z, tiling_data.totalLength, tiling_data.blockLength, tiling_data.tileLength);
        op.Process();
    } else if (TILING_KEY_IS(2)) {
        KernelAxpy<float> op;
        op.Init(x, y, alpha, z, tiling_data.totalLength, tiling_data.blockLength, tiling_data.tileLength);
        op.Process();
    }
}
