// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// register/tilingdata_base.h for the CPU: BEGIN_TILING_DATA_DEF,
// TILING_DATA_FIELD_DEF[_ARR|_STRUCT], END_TILING_DATA_DEF and
// REGISTER_TILING_DATA_CLASS (and securec's memcpy_s / memset_s ..., which
// host sources call without including securec.h: the vendor's register
// headers bring it). The struct they define is also the kernel's
// tiling struct (see aicore/runtime/tiling.h), so one tiling header serves
// host and kernel.
#pragma once

#include "aicore/runtime/tiling.h"
#include "securec.h"
