// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Kernel of SplitTwoCustom: the rows of x copied, in order, into the pieces
// of the output list `a`, then of `b`; each list read with ListTensorDesc,
// a piece's rows from its descriptor. Tiling key 1: half, 2: float.
#include "kernel_operator.h"
#include "kernel_operator_list_tensor_intf.h"

template <typename T>
__aicore__ inline uint64_t CopyRows(AscendC::GlobalTensor<T>& xGm, GM_ADDR dstList, uint64_t from, uint32_t rowLength)
{
    AscendC::ListTensorDesc list((__gm__ void*)dstList);
    for (uint32_t k = 0; k < list.GetSize(); k++) {
        uint64_t extents[8] = {0};
        AscendC::TensorDesc<T> desc;
        desc.SetShapeAddr(extents);
        list.GetDesc(desc, k);
        AscendC::GlobalTensor<T> piece = desc.GetDataObj();
        const uint64_t count = desc.GetShape(0) * rowLength;
        for (uint64_t i = 0; i < count; i++) {
            piece.SetValue(i, xGm.GetValue(from + i));
        }
        from += count;
    }
    return from;
}

template <typename T>
__aicore__ inline void SplitTwo(GM_ADDR x, GM_ADDR a, GM_ADDR b, uint32_t rowLength)
{
    AscendC::GlobalTensor<T> xGm;
    xGm.SetGlobalBuffer((__gm__ T*)x);
    CopyRows<T>(xGm, b, CopyRows<T>(xGm, a, 0, rowLength), rowLength);
}

extern "C" __global__ __aicore__ void split_two_custom(GM_ADDR x, GM_ADDR a, GM_ADDR b, GM_ADDR workspace,
                                                       GM_ADDR tiling)
{
    GET_TILING_DATA(tiling_data, tiling);
    if (TILING_KEY_IS(1)) {
        SplitTwo<half>(x, a, b, tiling_data.rowLength);
    } else if (TILING_KEY_IS(2)) {
        SplitTwo<float>(x, a, b, tiling_data.rowLength);
    }
}
