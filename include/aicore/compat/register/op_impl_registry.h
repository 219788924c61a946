// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// register/op_impl_registry.h for the CPU: IMPL_OP / IMPL_OP_OPTILING /
// IMPL_OP_INFERSHAPE (gert::OpImplRegisterV2, see aicore/op/op_def.h), with
// the contexts, the log macros, the tiling macros and securec's memcpy_s, as
// the vendor's host headers bring them (and, through op_def_registry.h, the
// standard containers and streams their headers include).
#pragma once

#include "aicore/op/op_log.h"
#include "register/op_def_registry.h"
