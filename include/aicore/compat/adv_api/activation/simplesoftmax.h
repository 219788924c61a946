// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/activation/simplesoftmax.h: a vendor header name; on the CPU it forwards to
// aicore/lib/softmax.h (the SoftMax family: SoftMax, SimpleSoftMax,
// SoftmaxFlash, SoftmaxFlashV2/V3, LogSoftMax, SoftmaxGrad, SoftmaxGradFront,
// AdjustSoftMaxRes, their structs and host tiling functions) and, as the
// vendor's does, names the tiling structs at global scope.
#pragma once

#include "aicore/lib/softmax.h"
#include "kernel_tiling/kernel_tiling.h"
