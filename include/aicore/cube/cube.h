// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The cube unit (layer cube, above ops): fractal formats and the low-level
// matrix instructions of the 910B generation.
//
//   params.h     the parameter structs and enums (Nd2NzParams, LoadData2DParams,
//                MmadParams, FixpipeParamsV220, QuantMode_t, ...)
//   fractal.h    the NZ / ZZ / ZN layouts and the operand checks
//   copy.h       GM / UB -> L1 with ND -> NZ (DataCopy + Nd2NzParams)
//   load_data.h  L1 / GM -> L0A / L0B (LoadData 2D and 3D, LoadDataWithTranspose)
//   mmad.h       Mmad, HF32 and layout registers
//   fixpipe.h    L0C -> GM / L1 (Fixpipe, DataCopy + DataCopyCO12DstParams)
//   fill.h       Fill / InitConstValue of L1, L0A, L0B (InitConstValueParams)
//
// The plain copies of the cube's memories (GM <-> L1, UB -> L1, L1 -> bias
// table, L1 -> fixpipe buffer) are DataCopy in ops/data_copy.h.
#pragma once

#include "aicore/cube/copy.h"
#include "aicore/cube/fill.h"
#include "aicore/cube/fixpipe.h"
#include "aicore/cube/fractal.h"
#include "aicore/cube/load_data.h"
#include "aicore/cube/mmad.h"
#include "aicore/cube/params.h"
