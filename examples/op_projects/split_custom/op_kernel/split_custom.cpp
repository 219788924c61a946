// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Kernel of SplitCustom: y[k] = the k-th of num_split equal parts of x along
// its first dimension, i.e. elements [k * pieceLength, (k + 1) * pieceLength)
// of x. The outputs arrive as one tensor list (a DYNAMIC output), decoded
// with ListTensorDesc. Tiling key 1: half, 2: float. Each block copies its
// range of every part, tile by tile through UB (DataCopyPad: the tiles' ends
// may fall anywhere).
#include "kernel_operator.h"
#include "kernel_operator_list_tensor_intf.h"

template <typename T>
class KernelSplit {
public:
    __aicore__ inline KernelSplit() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR dstList, uint32_t pieceLength, uint32_t blockLength,
                                uint32_t tileLength)
    {
        list.Init((__gm__ void*)dstList);
        this->start = blockLength * AscendC::GetBlockIdx();
        this->count = start >= pieceLength ? 0 : (pieceLength - start < blockLength ? pieceLength - start : blockLength);
        this->pieceLength = pieceLength;
        this->tileLength = tileLength;
        xGm.SetGlobalBuffer((__gm__ T*)x);
        pipe.InitBuffer(queBind, 2, tileLength * sizeof(T));
    }
    __aicore__ inline void Process()
    {
        const uint32_t tiles = (this->count + this->tileLength - 1) / this->tileLength;
        for (uint32_t k = 0; k < list.GetSize(); k++) {
            AscendC::GlobalTensor<T> yGm;
            yGm.SetGlobalBuffer(list.GetDataPtr<T>(k) + this->start, this->count);
            const uint64_t from = static_cast<uint64_t>(k) * this->pieceLength + this->start;
            for (uint32_t i = 0; i < tiles; i++) {
                const uint32_t len = i + 1 < tiles ? this->tileLength : this->count - i * this->tileLength;
                AscendC::DataCopyExtParams params{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0};
                AscendC::LocalTensor<T> t = queBind.AllocTensor<T>();
                AscendC::DataCopyPad(t, xGm[from + i * this->tileLength], params,
                                     AscendC::DataCopyPadExtParams<T>{false, 0, 0, 0});
                queBind.EnQue(t);
                t = queBind.DeQue<T>();
                AscendC::DataCopyPad(yGm[i * this->tileLength], t, params);
                queBind.FreeTensor(t);
            }
        }
    }

private:
    AscendC::TPipe pipe;
    AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 2> queBind;
    AscendC::ListTensorDesc list;
    AscendC::GlobalTensor<T> xGm;
    uint32_t start;
    uint32_t count;
    uint32_t pieceLength;
    uint32_t tileLength;
};

extern "C" __global__ __aicore__ void split_custom(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tiling_data, tiling);
    if (TILING_KEY_IS(1)) {
        KernelSplit<half> op;
        op.Init(x, y, tiling_data.pieceLength, tiling_data.blockLength, tiling_data.tileLength);
        op.Process();
    } else if (TILING_KEY_IS(2)) {
        KernelSplit<float> op;
        op.Init(x, y, tiling_data.pieceLength, tiling_data.blockLength, tiling_data.tileLength);
        op.Process();
    }
}
