// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Kernel of ReduceSumCustom: y[0] = the sum of every element of x. Tiling
// key 1: half, 2: float. Each block sums its part tile by tile (double-
// buffered loads, half cast to float, ReduceSum per tile, the tile sums added
// into a float accumulator), writes its partial to the user workspace, and
// after SyncAll the first block sums the partials and writes y.
#include "kernel_operator.h"

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t PARTIAL_FLOATS = 8;  // one block's partial: 32 bytes, the sum first

template <typename T>
class KernelReduceSum {
public:
    __aicore__ inline KernelReduceSum() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, uint32_t totalLength, uint32_t blockLength,
                                uint32_t tileLength)
    {
        this->blockNum = AscendC::GetBlockNum();
        this->blockIdx = AscendC::GetBlockIdx();
        const uint32_t start = blockLength * this->blockIdx;
        this->count = start >= totalLength ? 0 : (totalLength - start < blockLength ? totalLength - start : blockLength);
        this->tileLength = tileLength;
        xGm.SetGlobalBuffer((__gm__ T*)x + start, this->count);
        yGm.SetGlobalBuffer((__gm__ T*)y, 1);
        partialGm.SetGlobalBuffer((__gm__ float*)AscendC::GetUserWorkspace(workspace), this->blockNum * PARTIAL_FLOATS);
        pipe.InitBuffer(inQueueX, BUFFER_NUM, tileLength * sizeof(T));
        pipe.InitBuffer(floatBuf, tileLength * sizeof(float));
        pipe.InitBuffer(workBuf, tileLength * sizeof(float));
        pipe.InitBuffer(sumBuf, PARTIAL_FLOATS * sizeof(float));
        pipe.InitBuffer(accQueue, 1, PARTIAL_FLOATS * sizeof(float));
    }
    __aicore__ inline void Process()
    {
        AscendC::LocalTensor<float> acc = accQueue.AllocTensor<float>();
        AscendC::Duplicate(acc, 0.0f, PARTIAL_FLOATS);
        const uint32_t tiles = (this->count + this->tileLength - 1) / this->tileLength;
        for (uint32_t i = 0; i < tiles; i++) {
            const uint32_t len = i + 1 < tiles ? this->tileLength : this->count - i * this->tileLength;
            CopyIn(i, len);
            Compute(acc, len);
        }
        accQueue.EnQue(acc);
        acc = accQueue.DeQue<float>();
        AscendC::DataCopy(partialGm[this->blockIdx * PARTIAL_FLOATS], acc, PARTIAL_FLOATS);
        accQueue.FreeTensor(acc);
        AscendC::SyncAll();
        if (this->blockIdx == 0) {
            Finish();
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t tile, uint32_t len)
    {
        AscendC::LocalTensor<T> xLocal = inQueueX.AllocTensor<T>();
        AscendC::DataCopyExtParams params{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0};
        AscendC::DataCopyPadExtParams<T> pad{false, 0, 0, 0};
        AscendC::DataCopyPad(xLocal, xGm[tile * this->tileLength], params, pad);
        inQueueX.EnQue(xLocal);
    }
    __aicore__ inline void Compute(AscendC::LocalTensor<float>& acc, uint32_t len)
    {
        AscendC::LocalTensor<T> xLocal = inQueueX.DeQue<T>();
        AscendC::LocalTensor<float> work = workBuf.Get<float>();
        AscendC::LocalTensor<float> tileSum = sumBuf.Get<float>();
        if constexpr (AscendC::IsSameType<T, float>::value) {
            AscendC::ReduceSum<float>(tileSum, xLocal, work, len);
        } else {
            AscendC::LocalTensor<float> xFloat = floatBuf.Get<float>();
            AscendC::Cast(xFloat, xLocal, AscendC::RoundMode::CAST_NONE, len);
            AscendC::ReduceSum<float>(tileSum, xFloat, work, len);
        }
        AscendC::Add(acc, acc, tileSum, 1);
        inQueueX.FreeTensor(xLocal);
    }
    // Block 0, after SyncAll: the partials in, their sum (in block order) out.
    __aicore__ inline void Finish()
    {
        const uint32_t n = this->blockNum * PARTIAL_FLOATS;
        AscendC::LocalTensor<float> partials = floatBuf.Get<float>();
        AscendC::LocalTensor<float> work = workBuf.Get<float>();
        AscendC::LocalTensor<float> total = sumBuf.Get<float>();
        AscendC::DataCopy(partials, partialGm, n);
        AscendC::PipeBarrier<PIPE_ALL>();
        AscendC::ReduceSum<float>(total, partials, work, n);
        AscendC::LocalTensor<T> out = accQueue.AllocTensor<T>();
        if constexpr (AscendC::IsSameType<T, float>::value) {
            AscendC::Adds(out, total, 0.0f, 1);
        } else {
            AscendC::Cast(out, total, AscendC::RoundMode::CAST_RINT, 1);
        }
        accQueue.EnQue(out);
        out = accQueue.DeQue<T>();
        AscendC::DataCopyPad(yGm, out, AscendC::DataCopyExtParams{1, static_cast<uint32_t>(sizeof(T)), 0, 0, 0});
        accQueue.FreeTensor(out);
    }

private:
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::QuePosition::VECIN, BUFFER_NUM> inQueueX;
    AscendC::TQue<AscendC::QuePosition::VECOUT, 1> accQueue;
    AscendC::TBuf<AscendC::TPosition::VECCALC> floatBuf, workBuf, sumBuf;
    AscendC::GlobalTensor<T> xGm;
    AscendC::GlobalTensor<T> yGm;
    AscendC::GlobalTensor<float> partialGm;
    uint32_t blockNum;
    uint32_t blockIdx;
    uint32_t count;
    uint32_t tileLength;
};

extern "C" __global__ __aicore__ void reduce_sum_custom(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tiling_data, tiling);
    if (TILING_KEY_IS(1)) {
        KernelReduceSum<half> op;
        op.Init(x, y, workspace, tiling_data.totalLength, tiling_data.blockLength, tiling_data.tileLength);
        op.Process();
    } else if (TILING_KEY_IS(2)) {
        KernelReduceSum<float> op;
        op.Init(x, y, workspace, tiling_data.totalLength, tiling_data.blockLength, tiling_data.tileLength);
        op.Process();
    }
}
