// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Kernel of AddNCustom: y = x[0] + x[1] + ... + x[n-1], added left to right
// in the input type. The inputs arrive as one tensor list (a DYNAMIC input),
// decoded with ListTensorDesc. Tiling key 1: half, 2: float. Each block adds
// its part tile by tile; the tiles' ends may fall anywhere (DataCopyPad).
#include "kernel_operator.h"
#include "kernel_operator_list_tensor_intf.h"

constexpr int32_t BUFFER_NUM = 2;

template <typename T>
class KernelAddN {
public:
    __aicore__ inline KernelAddN() {}
    __aicore__ inline void Init(GM_ADDR srcList, GM_ADDR y, uint32_t totalLength, uint32_t blockLength,
                                uint32_t tileLength)
    {
        list.Init((__gm__ void*)srcList);
        this->start = blockLength * AscendC::GetBlockIdx();
        this->count = start >= totalLength ? 0 : (totalLength - start < blockLength ? totalLength - start : blockLength);
        this->tileLength = tileLength;
        yGm.SetGlobalBuffer((__gm__ T*)y + this->start, this->count);
        pipe.InitBuffer(inQueue, BUFFER_NUM, tileLength * sizeof(T));
        pipe.InitBuffer(outQueue, 1, tileLength * sizeof(T));
    }
    __aicore__ inline void Process()
    {
        const uint32_t tiles = (this->count + this->tileLength - 1) / this->tileLength;
        for (uint32_t i = 0; i < tiles; i++) {
            const uint32_t len = i + 1 < tiles ? this->tileLength : this->count - i * this->tileLength;
            AscendC::LocalTensor<T> acc = outQueue.AllocTensor<T>();
            for (uint32_t k = 0; k < list.GetSize(); k++) {
                CopyIn(k, i, len);
                AscendC::LocalTensor<T> x = inQueue.DeQue<T>();
                if (k == 0) {
                    AscendC::Adds(acc, x, static_cast<T>(0), len);
                } else {
                    AscendC::Add(acc, acc, x, len);
                }
                inQueue.FreeTensor(x);
            }
            outQueue.EnQue(acc);
            acc = outQueue.DeQue<T>();
            AscendC::DataCopyPad(yGm[i * this->tileLength], acc,
                                 AscendC::DataCopyExtParams{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0});
            outQueue.FreeTensor(acc);
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t k, uint32_t tile, uint32_t len)
    {
        AscendC::GlobalTensor<T> xGm;
        xGm.SetGlobalBuffer(list.GetDataPtr<T>(k) + this->start, this->count);
        AscendC::LocalTensor<T> x = inQueue.AllocTensor<T>();
        AscendC::DataCopyPad(x, xGm[tile * this->tileLength],
                             AscendC::DataCopyExtParams{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0},
                             AscendC::DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueue.EnQue(x);
    }

    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::QuePosition::VECIN, BUFFER_NUM> inQueue;
    AscendC::TQue<AscendC::QuePosition::VECOUT, 1> outQueue;
    AscendC::ListTensorDesc list;
    AscendC::GlobalTensor<T> yGm;
    uint32_t start;
    uint32_t count;
    uint32_t tileLength;
};

extern "C" __global__ __aicore__ void add_n_custom(GM_ADDR srcList, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tiling_data, tiling);
    if (TILING_KEY_IS(1)) {
        KernelAddN<half> op;
        op.Init(srcList, y, tiling_data.totalLength, tiling_data.blockLength, tiling_data.tileLength);
        op.Process();
    } else if (TILING_KEY_IS(2)) {
        KernelAddN<float> op;
        op.Init(srcList, y, tiling_data.totalLength, tiling_data.blockLength, tiling_data.tileLength);
        op.Process();
    }
}
