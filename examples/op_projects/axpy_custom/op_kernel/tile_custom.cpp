// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Kernel of TileCustom: y = `copies` copies of x, one after another. The
// copies are shared out among the blocks; each block moves x tile by tile
// into UB once and writes each tile to all of its copies (DataCopyPad: the
// tiles' ends may fall anywhere). Tiling key 1: half, 2: float.
#include "kernel_operator.h"

template <typename T>
class KernelTile {
public:
    __aicore__ inline KernelTile() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t length, uint32_t copies, uint32_t tileLength)
    {
        const uint32_t blocks = AscendC::GetBlockNum(), b = AscendC::GetBlockIdx();
        this->first = copies / blocks * b + (b < copies % blocks ? b : copies % blocks);
        this->count = copies / blocks + (b < copies % blocks ? 1 : 0);
        this->length = length;
        this->tileLength = tileLength;
        xGm.SetGlobalBuffer((__gm__ T*)x, length);
        yGm.SetGlobalBuffer((__gm__ T*)y + static_cast<uint64_t>(this->first) * length,
                           static_cast<uint64_t>(this->count) * length);
        pipe.InitBuffer(queue, 1, tileLength * sizeof(T));
    }
    __aicore__ inline void Process()
    {
        const uint32_t tiles = (this->length + this->tileLength - 1) / this->tileLength;
        for (uint32_t i = 0; i < tiles && this->count > 0; i++) {
            const uint32_t len = i + 1 < tiles ? this->tileLength : this->length - i * this->tileLength;
            AscendC::DataCopyExtParams params{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0};
            AscendC::LocalTensor<T> t = queue.AllocTensor<T>();
            AscendC::DataCopyPad(t, xGm[i * this->tileLength], params, AscendC::DataCopyPadExtParams<T>{false, 0, 0, 0});
            queue.EnQue(t);
            t = queue.DeQue<T>();
            for (uint32_t c = 0; c < this->count; c++) {
                AscendC::DataCopyPad(yGm[static_cast<uint64_t>(c) * this->length + i * this->tileLength], t, params);
            }
            queue.FreeTensor(t);
        }
    }

private:
    AscendC::TPipe pipe;
    AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> queue;
    AscendC::GlobalTensor<T> xGm, yGm;
    uint32_t first;
    uint32_t count;
    uint32_t length;
    uint32_t tileLength;
};

extern "C" __global__ __aicore__ void tile_custom(GM_ADDR x, GM_ADDR shape, GM_ADDR y, GM_ADDR workspace,
                                                  GM_ADDR tiling)
{
    GET_TILING_DATA(tiling_data, tiling);
    if (TILING_KEY_IS(1)) {
        KernelTile<half> op;
        op.Init(x, y, tiling_data.length, tiling_data.copies, tiling_data.tileLength);
        op.Process();
    } else if (TILING_KEY_IS(2)) {
        KernelTile<float> op;
        op.Init(x, y, tiling_data.length, tiling_data.copies, tiling_data.tileLength);
        op.Process();
    }
}
