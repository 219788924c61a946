// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// graph/tensor.h: a vendor header name; on the CPU it only gives ge::Shape
// (aicore/lib/tensor_shape.h), the shape the host tiling functions take.
#pragma once

#include "aicore/lib/tensor_shape.h"
