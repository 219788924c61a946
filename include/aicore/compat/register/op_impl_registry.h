// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// register/op_impl_registry.h for the CPU: IMPL_OP / IMPL_OP_OPTILING /
// IMPL_OP_INFERSHAPE (gert::OpImplRegisterV2, see aicore/op/op_def.h), with
// the contexts, the log macros, the tiling macros and securec's memcpy_s, as
// the vendor's host headers bring them (and the standard containers and
// streams their headers include, which operator sources use unnamed).
#pragma once

#include <algorithm>
#include <array>
#include <functional>
#include <limits>
#include <numeric>
#include <set>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "aicore/op/op_def.h"
#include "aicore/op/op_log.h"
#include "aicore/lib/platform_ascendc.h"
#include "aicore/runtime/tiling.h"
#include "securec.h"
