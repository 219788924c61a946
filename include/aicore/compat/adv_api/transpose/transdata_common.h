// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/transpose/transdata_common.h: a vendor header name; on the CPU it forwards to
// aicore/lib/transdata.h (TransDataParams, TransDataConfig).
#pragma once

#include "aicore/lib/transdata.h"
