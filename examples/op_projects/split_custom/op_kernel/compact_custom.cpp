// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Kernel of CompactCustom: the nonzero elements of x, in order, into y, and
// y's real shape into the shape output that OutputShapeDependOnCompute adds
// after the outputs: 9 uint64_t words, the rank (bit 31 set: 64-bit
// dimensions) and the dimensions. Tiling key 1: half, 2: float.
#include "kernel_operator.h"

template <typename T>
__aicore__ inline void Compact(GM_ADDR x, GM_ADDR y, GM_ADDR shapeOut, uint32_t totalLength)
{
    AscendC::GlobalTensor<T> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ T*)x, totalLength);
    yGm.SetGlobalBuffer((__gm__ T*)y, totalLength);
    uint64_t count = 0;
    for (uint32_t i = 0; i < totalLength; i++) {
        const T v = xGm.GetValue(i);
        if (static_cast<float>(v) != 0.0f) {
            yGm.SetValue(count++, v);
        }
    }
    AscendC::GlobalTensor<uint64_t> shapeGm;
    shapeGm.SetGlobalBuffer((__gm__ uint64_t*)shapeOut, 9);
    shapeGm.SetValue(0, 0x80000000u | 1u);  // rank 1, 64-bit dimensions
    shapeGm.SetValue(1, count);
}

extern "C" __global__ __aicore__ void compact_custom(GM_ADDR x, GM_ADDR y, GM_ADDR shapeOut, GM_ADDR workspace,
                                                     GM_ADDR tiling)
{
    GET_TILING_DATA(tiling_data, tiling);
    if (TILING_KEY_IS(1)) {
        Compact<half>(x, y, shapeOut, tiling_data.totalLength);
    } else if (TILING_KEY_IS(2)) {
        Compact<float>(x, y, shapeOut, tiling_data.totalLength);
    }
}
