// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The named constants of the vendor's basic-API utilities
// (impl/basic_api/utils/kernel_utils_constants.h) that kernels use
// unqualified (ONE_BLK_FLOAT_NUM, B32_DATA_NUM_PER_BLOCK, HALF_FACTOR ...),
// with the types and values that header gives them when compiled for the
// Ascend910B (__NPU_ARCH__ 2201). Only those aicore does not already declare
// elsewhere (ONE_BLK_SIZE, DEFAULT_BLK_NUM, MAX_REPEAT_TIMES, TOTAL_UB_SIZE
// ... live in aicore/base/types.h). Kernel-compatibility only:
// kernel_operator.h includes it, <aicore/aicore.h> does not.
#pragma once

#include <cstddef>
#include <cstdint>

#include "aicore/base/types.h"

namespace AscendC {

constexpr int32_t POWER_MASK_NUM = 8;
constexpr int32_t HALF_FACTOR = 2;
constexpr int32_t DOUBLE_FACTOR = 2;
constexpr uint8_t HALF_DEFAULT_REPEAT_STRIDE = 4;
constexpr uint8_t ONE_FOURTH_DEFAULT_REPEAT_STRIDE = 2;
constexpr uint64_t CONST_MASK_VALUE = 0x8000000000000000;
constexpr uint16_t MAX_HALF_MASK_LEN = 64;
constexpr int32_t DEFAULT_BLOCK_SIZE = 256;
constexpr int32_t MIN_REPEAT_TIMES = 0;
constexpr bool DEFAULT_REPEAT_STRIDE_MODE = 0;
constexpr bool STRIDE_SIZE_MODE = 0;
constexpr int32_t ONE_BYTE_BIT_SIZE = 8;
constexpr uint16_t MASK_ARRAY_SIZE = 4;
constexpr uint32_t TMP_UB_SIZE = 8 * 1024;
constexpr uint32_t MAX_SLICE_SIZE = 6 * 256;
constexpr uint32_t F32_INF = 0x7f800000;
constexpr uint32_t F32_NEG_INF = 0xff800000;
constexpr uint32_t F32_NAN = 0x7fc00000;
constexpr uint16_t VALUE_512 = 512;
constexpr uint16_t UINT12_MAX = 4095;
constexpr uint16_t UINT15_MAX = 32767;
constexpr int32_t CTRL_46_BIT = 46;
constexpr int32_t CTRL_47_BIT = 47;
constexpr int32_t CTRL_48_BIT = 48;
constexpr int32_t CTRL_53_BIT = 53;
constexpr uint32_t TENSOR_TENSOR_FLOAT_POWER_FACTOR = 4;
constexpr uint32_t TENSOR_TENSOR_INT_POWER_FACTOR = 6;
constexpr uint32_t TENSOR_TENSOR_HALF_POWER_FACTOR = 7;
constexpr uint32_t TENSOR_SCALAR_FLOAT_POWER_FACTOR = 5;
constexpr uint32_t TENSOR_SCALAR_INT_POWER_FACTOR = 7;
constexpr uint32_t TENSOR_SCALAR_HALF_POWER_FACTOR = 7;
constexpr uint32_t POWER_TWO = 2;
constexpr uint32_t POWER_THREE = 3;
constexpr uint32_t POWER_INT32_BITS = 32;
constexpr uint32_t INT4_TWO = 2;
constexpr uint32_t INT4_BIT_NUM = 4;
constexpr int32_t DEQ_SHIFT_LEFT_17_BIT = 131072;
constexpr float DEQ_SHIFT_RIGHT_17_BIT = 1.0 / DEQ_SHIFT_LEFT_17_BIT;
constexpr int8_t ADDDEQRELU_MASK_MODE_ONE = 1;
constexpr int8_t ADDDEQRELU_MASK_MODE_TWO = 2;
constexpr uint32_t SINGLE_MSG_SIZE = 64;
constexpr uint32_t CACHE_LINE_SIZE = 64;
constexpr int32_t SRC_BURST_LEN_SIZE_ELE = 16;
constexpr int32_t SRC_GAP_SIZE_BYTE = 32;
constexpr int32_t DST_BURST_LEN_SIZE_ELE = 256;
constexpr int32_t VREDUCE_PER_REP_OUTPUT = 2;
constexpr uint16_t ONE_PARAM_SIZE = 8;
constexpr uint16_t AIV_CORE_NUM = 50;
constexpr uint16_t DUMP_MSG_HEAD_SIZE = 24;
constexpr int32_t FULL_MASK_LEN = 128;
constexpr int32_t HALF_MASK_LEN = 64;
constexpr int32_t DEFAULT_REDUCE_DST_REP_STRIDE = 1;
constexpr uint8_t B64_BYTE_SIZE = 8;
constexpr uint8_t B32_BYTE_SIZE = 4;
constexpr uint8_t B16_BYTE_SIZE = 2;
constexpr uint8_t B8_BYTE_SIZE = 1;
constexpr uint8_t B32_DATA_NUM_PER_BLOCK = 8;
constexpr uint8_t B16_DATA_NUM_PER_BLOCK = 16;
constexpr int32_t B16_DATA_NUM_PER_REPEAT = 128;
constexpr int32_t B32_DATA_NUM_PER_REPEAT = 64;
constexpr int32_t BLOCK_STRIDE_POS_IN_SM = 16;
constexpr int32_t PLD_BUFFER_SIZE = 2;
constexpr uint8_t FIXPIPE_DEQ_TENSOR_SIZE = 16;
constexpr uint8_t SET_DATA_EXP_ZERO = 0;
constexpr uint8_t SET_DATA_EXP_ONE = 1;
constexpr uint8_t SET_DATA_EXP_TWO = 2;
constexpr uint8_t SET_DATA_EXP_THREE = 3;
constexpr size_t RESERVED_WORKSPACE = 16 * 1024 * 1024;
constexpr int32_t VA_REG_ARRAY_LEN = 8;
constexpr uint8_t CONV2D_IMG_SIZE = 2;
constexpr uint8_t CONV2D_KERNEL_SIZE = 2;
constexpr uint8_t CONV2D_STRIDE = 2;
constexpr uint8_t CONV2D_PAD = 4;
constexpr uint8_t CONV2D_DILATION = 2;
constexpr int32_t K_MAX_DIM = 8;
constexpr uint32_t TWO_OF_STACK_BUFFER = 2;
constexpr uint32_t THREE_OF_STACK_BUFFER = 3;
constexpr uint32_t HALF_REPEAT_SIZE = ONE_REPEAT_BYTE_SIZE / B16_BYTE_SIZE;
constexpr uint32_t FLOAT_REPEAT_SIZE = ONE_REPEAT_BYTE_SIZE / B32_BYTE_SIZE;
constexpr uint32_t ONE_REPEAT_FLOAT_SIZE = ONE_REPEAT_BYTE_SIZE / B32_BYTE_SIZE;
constexpr uint32_t ONE_REPEAT_HALF_SIZE = ONE_REPEAT_BYTE_SIZE / B16_BYTE_SIZE;
constexpr uint32_t MAX_REPEAT_FLOAT_SIZE = ONE_REPEAT_FLOAT_SIZE * MAX_REPEAT_TIMES;
constexpr uint32_t MAX_REPEAT_HALF_SIZE = ONE_REPEAT_HALF_SIZE * MAX_REPEAT_TIMES;
constexpr uint32_t ONE_BLK_HALF_NUM = ONE_BLK_SIZE / B16_BYTE_SIZE;
constexpr uint32_t ONE_BLK_FLOAT_NUM = ONE_BLK_SIZE / B32_BYTE_SIZE;
constexpr uint32_t BRCB_BROADCAST_NUMBER = 8;
constexpr uint32_t BRCB_MAX_REPEAT_SIZE = BRCB_BROADCAST_NUMBER * MAX_REPEAT_TIMES;
constexpr int32_t MIN_BLOCK_LEN = 1;
constexpr uint32_t PAIR_REDUCE_REPEAT_STRIDE_LEN = 128;
constexpr uint32_t PAIR_REDUCE_SUM_MERGES = 2;
constexpr uint32_t TWO_HUNDRED_FIFTY_TWO_REPEAT = 252;
constexpr uint32_t TWO_HUNDRED_FIFTY_TWO_REPEAT_BYTE_SIZE = TWO_HUNDRED_FIFTY_TWO_REPEAT * ONE_REPEAT_BYTE_SIZE;
constexpr uint32_t REDUCEV2_MODE_SEVEN = 7;
constexpr uint32_t DROPOUT_MODE_BYTE_MISALIGN = 1;
constexpr uint32_t DROPOUT_MODE_BYTE_ALIGN = 2;
constexpr uint32_t DROPOUT_MODE_BIT_ALIGN = 3;
constexpr uint32_t DROPOUT_MODE_BIT_MISALIGN = 4;
constexpr uint32_t REDUCEV2_MODE_ONE = 1;
constexpr uint32_t REDUCEV2_MODE_TWO = 2;
constexpr uint32_t REDUCEV2_MODE_THREE = 3;
constexpr int32_t B8_TMP_ELE_LEN = 1024;
constexpr int32_t B16_TMP_ELE_LEN = 256;
constexpr int32_t B32_TMP_ELE_LEN = 128;
constexpr int32_t B8_TRANS_LEN = 1024;
constexpr int32_t B8_TRANS_FRACTAL = 512;
constexpr int32_t B8_TRANS_ROW = 32;
constexpr int32_t B8_COPY_COL = 32;
constexpr uint64_t LOAD_M_START_POSITION = 48;
constexpr uint64_t LOAD_K_START_POSITION = 32;
constexpr uint64_t LOAD_M_EXTENSION = 16;
constexpr uint64_t LOAD_DILATION_FILTER_H = 40;
constexpr uint64_t LOAD_DILATION_FILTER_W = 32;
constexpr uint64_t LOAD_FILTER_H = 24;
constexpr uint64_t LOAD_FILTER_W = 16;
constexpr uint64_t LOAD_STRIDE_H = 8;

}  // namespace AscendC
