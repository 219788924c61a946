// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// tiling/tiling_api.h for the CPU: the host tiling functions of the
// advanced APIs aicore implements (the vendor header includes every
// advanced API's *_tiling.h, which include kernel_tiling/kernel_tiling.h and
// so name the tiling structs at global scope) -- the Matmul tiling (namespace
// matmul_tiling: MatmulApiTiling, MultiCoreMatmulTiling, optiling::TCubeTiling),
// the activation, normalization, SoftMax, sorting (TopK, Sort) and reduction (Sum, Mean) tmp-size and tiling functions -- plus the
// platform queries.
#pragma once

#include "aicore/lib/activation_tiling.h"
#include "aicore/lib/confusion_transpose_tiling.h"
#include "aicore/lib/arange_tiling.h"
#include "aicore/lib/broadcast_tiling.h"
#include "aicore/lib/pad_tiling.h"
#include "aicore/lib/dropout_tiling.h"
#include "aicore/lib/glu_tiling.h"
#include "aicore/lib/math_tiling.h"
#include "aicore/lib/matmul/host_tiling.h"
#include "aicore/lib/batchnorm.h"
#include "aicore/lib/groupnorm.h"
#include "aicore/lib/layernorm_ar.h"
#include "aicore/lib/layernormgrad.h"
#include "aicore/lib/normalization.h"
#include "aicore/lib/normalize.h"
#include "aicore/lib/welford.h"
#include "aicore/lib/quant_tiling.h"
#include "aicore/lib/softmax_tiling.h"
#include "aicore/lib/reduce.h"
#include "aicore/op/antiquant_tiling.h"
#include "aicore/op/reduce_tiling.h"
#include "aicore/op/transdata_tiling.h"
#include "aicore/lib/select_misc_tiling.h"
#include "aicore/lib/sort_tiling.h"
#include "aicore/lib/tensor_shape.h"
#include "kernel_tiling/kernel_tiling.h"
#include "platform/platform_ascendc.h"
// What the vendor's chain brings with it (matmul_tilingdata.h ->
// register/tilingdata_base.h: securec's memcpy_s; <iostream>): host code of
// the vendor's samples writes std::cout and memcpy_s after this header alone.
#include <iostream>
#include "register/tilingdata_base.h"
