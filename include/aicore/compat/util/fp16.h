// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// util/fp16.h for the CPU: the host binary16 type of the operator
// repositories, Ops::Base::fp16_t (op::fp16_t of opdev/fp16_t.h).
#pragma once

#include "opdev/fp16_t.h"

namespace Ops {
namespace Base {
using fp16_t = op::fp16_t;
}  // namespace Base
}  // namespace Ops
