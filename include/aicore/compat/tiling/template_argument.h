// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// tiling/template_argument.h for the CPU: the tiling-template macros (ASCENDC_TPL_*, see ascendc/host_api/tiling/template_argument.h).
#pragma once

#include "ascendc/host_api/tiling/template_argument.h"
