// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// adv_api/matmul/matmul_intf.h: a vendor header name; on the CPU it forwards to lib/matmul_intf.h
// (Matmul and REGIST_MATMUL_OBJ).
#pragma once

#include "lib/matmul_intf.h"
