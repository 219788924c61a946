// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Enumerations and constants of the Ascend C API (namespace AscendC).
#pragma once

#include <cstdint>

#include "aicore/base/defs.h"

namespace AscendC {

enum class TPosition : uint8_t {
  GM,
  A1,
  A2,
  B1,
  B2,
  C1,
  C2,
  CO1,
  CO2,
  VECIN,
  VECOUT,
  VECCALC,
  LCM = VECCALC,
  SPM,
  SHM = SPM,
  TSCM,
  C2PIPE2GM,
  C2PIPE2LOCAL,
  MAX,
};
using QuePosition = TPosition;

// <SRC>_<DST>: the DST pipe waits for the SRC pipe.
enum class HardEvent : uint8_t {
  MTE2_MTE1,
  MTE1_MTE2,
  MTE1_M,
  M_MTE1,
  MTE2_V,
  V_MTE2,
  MTE3_V,
  V_MTE3,
  M_V,
  V_M,
  V_V,
  MTE3_MTE1,
  MTE1_MTE3,
  MTE1_V,
  MTE2_M,
  M_MTE2,
  V_MTE1,
  M_FIX,
  FIX_M,
  MTE3_MTE2,
  MTE2_MTE3,
  S_V,
  V_S,
  S_MTE2,
  MTE2_S,
  S_MTE3,
  MTE3_S,
  MTE2_FIX,
  FIX_MTE2,
  FIX_S,
  M_S,
  FIX_MTE3,
  MTE1_FIX,
  FIX_MTE1,
  FIX_FIX,
  MAX,
};

enum class RoundMode : uint8_t {
  CAST_NONE = 0,
  CAST_RINT,
  CAST_FLOOR,
  CAST_CEIL,
  CAST_ROUND,
  CAST_TRUNC,
  CAST_ODD,
  // Modes of other architectures (not of the profiles here: Cast rejects
  // them), and the "no mode" value some kernels and tiling code name.
  CAST_HYBRID,
  CAST_EVEN,
  CAST_ZERO,
  UNKNOWN = 0xFF,
};

enum class CMPMODE : uint8_t { LT = 0, GT, EQ, LE, GE, NE };
enum class SELMODE : uint8_t { VSEL_CMPMASK_SPR = 0, VSEL_TENSOR_SCALAR_MODE, VSEL_TENSOR_TENSOR_MODE };
enum class ReduceOrder : uint8_t { ORDER_VALUE_INDEX = 0, ORDER_INDEX_VALUE, ORDER_ONLY_VALUE, ORDER_ONLY_INDEX };

constexpr int32_t ONE_BLK_SIZE = 32;
constexpr int32_t DEFAULT_C0_SIZE = 32;  // bytes of one 32-byte block (DataCopyParams units)
constexpr int32_t ONE_REPEAT_BYTE_SIZE = 256;
constexpr int32_t DEFAULT_BLK_NUM = 8;
constexpr int32_t DEFAULT_BLK_STRIDE = 1;
constexpr int32_t DEFAULT_REPEAT_STRIDE = 8;
constexpr int32_t MAX_REPEAT_TIMES = 255;
constexpr int32_t BLOCK_CUBE = 16;
constexpr int32_t CUBE_MAX_SIZE = 256;
constexpr int32_t BYTE_PER_FRACTAL = 512;
constexpr uint64_t MASK_PLACEHOLDER = 0;
constexpr uint64_t FULL_MASK = 0xFFFFFFFFFFFFFFFFULL;
constexpr int32_t QUE_MAX_EVENT = 8;
// The DataCopyParams defaults by their vendor names (kernels use them).
constexpr uint8_t DEFAULT_DATA_COPY_NBURST = 1;
constexpr uint8_t DEFAULT_DATA_COPY_STRIDE = 0;

// Default (Ascend910B) on-chip sizes in bytes. The sizes of the SoC profile
// selected at run time are returned by aicore::GetSocProfile().
constexpr uint32_t TOTAL_UB_SIZE = 192 * 1024;
// The vendor keeps the last KFC_L1_RESERVER_SIZE bytes of L1 (128 unless a
// build defines it) out of TOTAL_L1_SIZE on arch 2201.
#ifndef KFC_L1_RESERVER_SIZE
#define KFC_L1_RESERVER_SIZE 128
#endif
constexpr uint32_t TOTAL_L1_SIZE = 512 * 1024 - KFC_L1_RESERVER_SIZE;
constexpr uint32_t TOTAL_L0A_SIZE = 64 * 1024;
constexpr uint32_t TOTAL_L0B_SIZE = 64 * 1024;
constexpr uint32_t TOTAL_L0C_SIZE = 128 * 1024;
// UB the TPipe's buffers should keep to (the rest is scratch the vendor's
// APIs use) and the UB byte address of that scratch, TMP_UB_OFFSET (arch
// 2201). aicore lets buffers use all of TOTAL_UB_SIZE.
constexpr int32_t TOTAL_VEC_LOCAL_SIZE = 184 * 1024;
constexpr uint32_t TMP_UB_OFFSET = 184 * 1024;

}  // namespace AscendC

// Pipes and event ids are plain enums in the global namespace, as kernels use
// them unqualified (PipeBarrier<PIPE_V>(), EVENT_ID0).
enum pipe_t : uint8_t {
  PIPE_S = 0,
  PIPE_V,
  PIPE_M,
  PIPE_MTE1,
  PIPE_MTE2,
  PIPE_MTE3,
  PIPE_ALL,
  PIPE_MTE4,
  PIPE_MTE5,
  PIPE_V2,
  PIPE_FIX,
  PIPE_MAX,
};

enum event_t : uint8_t {
  EVENT_ID0 = 0,
  EVENT_ID1,
  EVENT_ID2,
  EVENT_ID3,
  EVENT_ID4,
  EVENT_ID5,
  EVENT_ID6,
  EVENT_ID7,
};
