// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// kernel_tiling/kernel_tiling.h for the CPU: the tiling macros of kernels
// (GET_TILING_DATA, GET_TILING_DATA_WITH_STRUCT, ..., TILING_KEY_IS) and the
// definition macros shared with the host (see aicore/runtime/tiling.h), and
// the tiling structs of the library APIs at global scope, as the vendor's
// generated kernel_tiling.h declares them (TCubeTiling of Matmul,
// RmsNormTiling, LayerNormTiling, LayerNormSeparateTiling, DeepNormTiling,
// GroupNormTiling, BatchNormTiling, LayerNormGradTiling, LayerNormGradBetaTiling,
// TopkTiling, ConfusionTransposeTiling, PadTiling, UnPadTiling).
#pragma once

#include "aicore/lib/batchnorm.h"
#include "aicore/lib/confusion_transpose_tiling.h"
#include "aicore/lib/deepnorm.h"
#include "aicore/lib/groupnorm.h"
#include "aicore/lib/layernorm_ar.h"
#include "aicore/lib/layernormgrad.h"
#include "aicore/lib/matmul/tiling_data.h"
#include "aicore/lib/normalization.h"
#include "aicore/lib/pad_tiling.h"
#include "aicore/lib/softmax_tiling.h"
#include "aicore/lib/sort_tiling.h"
#include "aicore/runtime/tiling.h"

using AscendC::tiling::BatchNormTiling;
using AscendC::tiling::ConfusionTransposeTiling;
using AscendC::tiling::DeepNormTiling;
using AscendC::tiling::GroupNormTiling;
using AscendC::tiling::LayerNormGradBetaTiling;
using AscendC::tiling::LayerNormGradTiling;
using AscendC::tiling::LayerNormSeparateTiling;
using AscendC::tiling::LayerNormTiling;
using AscendC::tiling::LogSoftMaxTiling;
using AscendC::tiling::PadTiling;
using AscendC::tiling::RmsNormTiling;
using AscendC::tiling::TCubeTiling;
using AscendC::tiling::TopkTiling;
using AscendC::tiling::UnPadTiling;
using AscendC::tiling::SoftMaxTiling;
