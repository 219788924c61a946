// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// ScaleShift's tiling-template argument: schMode 0 scales and shifts,
// schMode 1 only scales (a shift of 0). The tiling sets the key with
// GET_TPL_TILING_KEY(schMode); the kernel is instantiated for both.
#pragma once

#include "ascendc/host_api/tiling/template_argument.h"

#define SCALE_SHIFT_TPL_SCH_MODE_ADD 0
#define SCALE_SHIFT_TPL_SCH_MODE_SCALE_ONLY 1

ASCENDC_TPL_ARGS_DECL(ScaleShift, ASCENDC_TPL_UINT_DECL(schMode, 1, ASCENDC_TPL_UI_LIST, SCALE_SHIFT_TPL_SCH_MODE_ADD,
                                                       SCALE_SHIFT_TPL_SCH_MODE_SCALE_ONLY));
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_UINT_SEL(schMode, ASCENDC_TPL_UI_LIST, SCALE_SHIFT_TPL_SCH_MODE_ADD,
                                                         SCALE_SHIFT_TPL_SCH_MODE_SCALE_ONLY)));
