// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// op_common/op_host/tiling_base_util.h for the CPU: IsRegbaseSocVersion and EnsureNotScalar (see
// aicore/op/op_common.h), with register/op_impl_registry.h as the vendor's brings it.
#pragma once

#include "aicore/op/op_common.h"
#include "register/op_impl_registry.h"
