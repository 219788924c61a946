// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tiling of softmax_api (shared by host and kernel): the kernel's own fields
// and the high-level API's SoftMaxTiling as a struct field, as the vendor's
// SoftMax samples declare it.
#ifndef SOFTMAX_API_TILING_H
#define SOFTMAX_API_TILING_H

#include "register/tilingdata_base.h"
#include "tiling/tiling_api.h"

BEGIN_TILING_DATA_DEF(SoftmaxApiTilingData)
  TILING_DATA_FIELD_DEF(uint32_t, rowNum);       // rows of x
  TILING_DATA_FIELD_DEF(uint32_t, colNum);       // softmax dimension (a multiple of 8 floats)
  TILING_DATA_FIELD_DEF(uint32_t, coreRowNum);   // rows per block (the last block may have fewer)
  TILING_DATA_FIELD_DEF(uint32_t, tileRowNum);   // rows per SoftMax call
  TILING_DATA_FIELD_DEF(uint32_t, tmpBufferSize);  // sharedTmpBuffer bytes
  TILING_DATA_FIELD_DEF_STRUCT(SoftMaxTiling, softmaxTilingData);
END_TILING_DATA_DEF;

#endif  // SOFTMAX_API_TILING_H
