// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// utils/debug/asc_dump.h for the CPU: the kernel-side printing and dumping
// (AscendC::printf / PRINTF, DumpTensor, DumpAccChkPoint; see aicore/ops/debug.h).
#pragma once

#include <cstdio>

#include "aicore/ops/debug.h"
