// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// op_host/tiling_base_class.h for the CPU: Ops::Base::TilingBaseClass (see aicore/op/tiling_base_class.h).
#pragma once

#include "aicore/op/tiling_base_class.h"
