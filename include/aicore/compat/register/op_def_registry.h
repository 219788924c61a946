// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// register/op_def_registry.h for the CPU: what the op_host sources of a
// custom-operator project include (OpDef, OP_ADD, gert::TilingContext,
// InferShape / InferDataType contexts, ge::DataType / Format / graphStatus;
// see aicore/op/op_def.h), with the tiling macros (BEGIN_TILING_DATA_DEF ...)
// and PlatformAscendC(context->GetPlatformInfo()), securec's functions and
// the standard containers and streams, which operator sources use without
// including them, as the vendor's host headers bring them.
#pragma once

#include <algorithm>
#include <array>
#include <cstring>
#include <functional>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <numeric>
#include <set>
#include <sstream>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "aicore/op/op_def.h"
#include "aicore/lib/platform_ascendc.h"
#include "aicore/runtime/tiling.h"
#include "securec.h"
