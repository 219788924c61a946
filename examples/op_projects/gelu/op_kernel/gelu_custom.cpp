// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Kernel of GeluCustom (tanh approximation), computed in float:
//   u = sqrt(2 / pi) * (x + 0.044715 * x^3)
//   y = 0.5 * x * (1 + tanh(u)) = x / (1 + exp(-2u))
// The exponent is capped at 80 (exp stays finite; for x < -9 the result is
// below 1e-33 in magnitude either way). Tiling key 1: half (cast to float and
// rounded once at the end), 2: float. Each block takes perBlock elements
// (the last one fewer), in double-buffered tiles of tileLength; tails are
// copied with DataCopyPad.
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr float GELU_C = 0.044715f;
constexpr float GELU_MINUS_2K = -1.5957691216057308f;  // -2 * sqrt(2 / pi)
constexpr float GELU_EXP_CAP = 80.0f;

template <typename T>
class KernelGelu {
public:
    __aicore__ inline KernelGelu() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GeluCustomTilingData* tiling)
    {
        const uint32_t begin = tiling->perBlock * GetBlockIdx();
        const uint32_t end = begin + tiling->perBlock < tiling->totalLength ? begin + tiling->perBlock
                                                                            : tiling->totalLength;
        length = end > begin ? end - begin : 0;
        tileLength = tiling->tileLength;
        xGm.SetGlobalBuffer((__gm__ T*)x + begin, length);
        yGm.SetGlobalBuffer((__gm__ T*)y + begin, length);
        pipe.InitBuffer(inQueueX, BUFFER_NUM, tileLength * sizeof(T));
        pipe.InitBuffer(outQueueY, BUFFER_NUM, tileLength * sizeof(T));
        pipe.InitBuffer(calcBuf, 3 * tileLength * sizeof(float));
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
        LocalTensor<T> xLocal = inQueueX.AllocTensor<T>();
        DataCopyExtParams params{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
        DataCopyPad(xLocal, xGm[offset], params, DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueX.EnQue(xLocal);
    }
    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<T> xLocal = inQueueX.DeQue<T>();
        LocalTensor<T> yLocal = outQueueY.AllocTensor<T>();
        LocalTensor<float> calc = calcBuf.Get<float>();
        LocalTensor<float> t = calc[tileLength];
        if constexpr (std::is_same<T, float>::value) {
            GeluFloat(yLocal, xLocal, t, count);
        } else {
            LocalTensor<float> xf = calc;
            LocalTensor<float> yf = calc[2 * tileLength];
            Cast(xf, xLocal, RoundMode::CAST_NONE, count);
            GeluFloat(yf, xf, t, count);
            Cast(yLocal, yf, RoundMode::CAST_RINT, count);
        }
        outQueueY.EnQue(yLocal);
        inQueueX.FreeTensor(xLocal);
    }
    __aicore__ inline void GeluFloat(const LocalTensor<float>& y, const LocalTensor<float>& x,
                                     const LocalTensor<float>& t, uint32_t count)
    {
        Mul(t, x, x, count);                 // x^2
        Muls(t, t, GELU_C, count);           // c x^2
        Adds(t, t, 1.0f, count);             // 1 + c x^2
        Mul(t, t, x, count);                 // x + c x^3
        Muls(t, t, GELU_MINUS_2K, count);    // -2u
        Mins(t, t, GELU_EXP_CAP, count);
        Exp(t, t, count);                    // exp(-2u)
        Adds(t, t, 1.0f, count);             // 1 + exp(-2u)
        Div(y, x, t, count);
    }
    __aicore__ inline void CopyOut(uint32_t offset, uint32_t count)
    {
        LocalTensor<T> yLocal = outQueueY.DeQue<T>();
        DataCopyExtParams params{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
        DataCopyPad(yGm[offset], yLocal, params);
        outQueueY.FreeTensor(yLocal);
    }

    TPipe pipe;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueY;
    TBuf<QuePosition::VECCALC> calcBuf;
    GlobalTensor<T> xGm;
    GlobalTensor<T> yGm;
    uint32_t length = 0;
    uint32_t tileLength = 0;
};

extern "C" __global__ __aicore__ void gelu_custom(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    if (TILING_KEY_IS(1)) {
        KernelGelu<half> op;
        op.Init(x, y, &tilingData);
        op.Process();
    } else if (TILING_KEY_IS(2)) {
        KernelGelu<float> op;
        op.Init(x, y, &tilingData);
        op.Process();
    }
}
