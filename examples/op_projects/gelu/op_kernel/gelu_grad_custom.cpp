// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Kernel of GeluGradCustom, the derivative of GeluCustom (tanh
// approximation), computed in float. With u = k (x + c x^3), k = sqrt(2/pi),
// c = 0.044715 and s = 1 / (1 + exp(-2u)) (= (1 + tanh(u)) / 2):
//   GELU'(x) = s + 2 x s (1 - s) k (1 + 3 c x^2)
//   dx = dy * GELU'(x)
// (the exponent capped at 80 as in the forward). Tiling key 1: half, 2:
// float; blocks and tiles as GeluCustom's.
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t GRAD_BUFFER_NUM = 2;
constexpr float GRAD_C = 0.044715f;
constexpr float GRAD_3C = 0.134145f;               // 3 * c
constexpr float GRAD_2K = 1.5957691216057308f;     // 2 * sqrt(2 / pi)
constexpr float GRAD_EXP_CAP = 80.0f;

template <typename T>
class KernelGeluGrad {
public:
    __aicore__ inline KernelGeluGrad() {}
    __aicore__ inline void Init(GM_ADDR dy, GM_ADDR x, GM_ADDR dx, GeluGradCustomTilingData* tiling)
    {
        const uint32_t begin = tiling->perBlock * GetBlockIdx();
        const uint32_t end = begin + tiling->perBlock < tiling->totalLength ? begin + tiling->perBlock
                                                                            : tiling->totalLength;
        length = end > begin ? end - begin : 0;
        tileLength = tiling->tileLength;
        dyGm.SetGlobalBuffer((__gm__ T*)dy + begin, length);
        xGm.SetGlobalBuffer((__gm__ T*)x + begin, length);
        dxGm.SetGlobalBuffer((__gm__ T*)dx + begin, length);
        pipe.InitBuffer(inQueueDy, GRAD_BUFFER_NUM, tileLength * sizeof(T));
        pipe.InitBuffer(inQueueX, GRAD_BUFFER_NUM, tileLength * sizeof(T));
        pipe.InitBuffer(outQueueDx, GRAD_BUFFER_NUM, tileLength * sizeof(T));
        pipe.InitBuffer(calcBuf, 7 * tileLength * sizeof(float));
    }
    __aicore__ inline void Process()
    {
        for (uint32_t offset = 0; offset < length; offset += tileLength) {
            const uint32_t count = length - offset < tileLength ? length - offset : tileLength;
            CopyIn(offset, count);
            Compute(count);
            CopyOut(offset, count);
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t offset, uint32_t count)
    {
        LocalTensor<T> dyLocal = inQueueDy.AllocTensor<T>();
        LocalTensor<T> xLocal = inQueueX.AllocTensor<T>();
        DataCopyExtParams params{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
        DataCopyPad(dyLocal, dyGm[offset], params, DataCopyPadExtParams<T>{false, 0, 0, 0});
        DataCopyPad(xLocal, xGm[offset], params, DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueDy.EnQue(dyLocal);
        inQueueX.EnQue(xLocal);
    }
    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<T> dyLocal = inQueueDy.DeQue<T>();
        LocalTensor<T> xLocal = inQueueX.DeQue<T>();
        LocalTensor<T> dxLocal = outQueueDx.AllocTensor<T>();
        LocalTensor<float> calc = calcBuf.Get<float>();
        if constexpr (std::is_same<T, float>::value) {
            GradFloat(dxLocal, dyLocal, xLocal, calc, count);
        } else {
            LocalTensor<float> dyf = calc[4 * tileLength];
            LocalTensor<float> xf = calc[5 * tileLength];
            LocalTensor<float> dxf = calc[6 * tileLength];
            Cast(dyf, dyLocal, RoundMode::CAST_NONE, count);
            Cast(xf, xLocal, RoundMode::CAST_NONE, count);
            GradFloat(dxf, dyf, xf, calc, count);
            Cast(dxLocal, dxf, RoundMode::CAST_RINT, count);
        }
        outQueueDx.EnQue(dxLocal);
        inQueueDy.FreeTensor(dyLocal);
        inQueueX.FreeTensor(xLocal);
    }
    __aicore__ inline void GradFloat(const LocalTensor<float>& dx, const LocalTensor<float>& dy,
                                     const LocalTensor<float>& x, const LocalTensor<float>& calc, uint32_t count)
    {
        LocalTensor<float> x2 = calc;
        LocalTensor<float> s = calc[tileLength];
        LocalTensor<float> b = calc[2 * tileLength];
        LocalTensor<float> oms = calc[3 * tileLength];
        Mul(x2, x, x, count);                  // x^2
        Muls(s, x2, GRAD_C, count);
        Adds(s, s, 1.0f, count);
        Mul(s, s, x, count);                   // x + c x^3
        Muls(s, s, -GRAD_2K, count);           // -2u
        Mins(s, s, GRAD_EXP_CAP, count);
        Exp(s, s, count);
        Adds(s, s, 1.0f, count);
        Reciprocal(s, s, count);               // s = 1 / (1 + exp(-2u))
        Muls(oms, s, -1.0f, count);
        Adds(oms, oms, 1.0f, count);           // 1 - s
        Muls(b, x2, GRAD_3C, count);
        Adds(b, b, 1.0f, count);               // 1 + 3c x^2
        Mul(b, b, x, count);
        Muls(b, b, GRAD_2K, count);            // 2 k x (1 + 3c x^2)
        Mul(b, b, s, count);
        Mul(b, b, oms, count);
        Add(b, b, s, count);                   // GELU'(x)
        Mul(dx, b, dy, count);
    }
    __aicore__ inline void CopyOut(uint32_t offset, uint32_t count)
    {
        LocalTensor<T> dxLocal = outQueueDx.DeQue<T>();
        DataCopyExtParams params{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
        DataCopyPad(dxGm[offset], dxLocal, params);
        outQueueDx.FreeTensor(dxLocal);
    }

    TPipe pipe;
    TQue<QuePosition::VECIN, GRAD_BUFFER_NUM> inQueueDy, inQueueX;
    TQue<QuePosition::VECOUT, GRAD_BUFFER_NUM> outQueueDx;
    TBuf<QuePosition::VECCALC> calcBuf;
    GlobalTensor<T> dyGm;
    GlobalTensor<T> xGm;
    GlobalTensor<T> dxGm;
    uint32_t length = 0;
    uint32_t tileLength = 0;
};

extern "C" __global__ __aicore__ void gelu_grad_custom(GM_ADDR dy, GM_ADDR x, GM_ADDR dx, GM_ADDR workspace,
                                                       GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    if (TILING_KEY_IS(1)) {
        KernelGeluGrad<half> op;
        op.Init(dy, x, dx, &tilingData);
        op.Process();
    } else if (TILING_KEY_IS(2)) {
        KernelGeluGrad<float> op;
        op.Init(dy, x, dx, &tilingData);
        op.Process();
    }
}
