// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// graph/c_types.h (the vendor's header name; aicore's contents): the native
// data types C_DT_<TYPE> of ASCENDC_TPL_DATATYPE_DECL as preprocessor
// numbers, the values of ge::DataType. Tiling-key headers include it by this
// name (ops-math's acos_tiling_key.h); template_argument.h includes it too.
#pragma once

// Kept when a project defines them itself.
#ifndef C_DT_FLOAT
#define C_DT_FLOAT 0
#endif
#ifndef C_DT_FLOAT16
#define C_DT_FLOAT16 1
#endif
#ifndef C_DT_INT8
#define C_DT_INT8 2
#endif
#ifndef C_DT_INT32
#define C_DT_INT32 3
#endif
#ifndef C_DT_UINT8
#define C_DT_UINT8 4
#endif
#ifndef C_DT_INT16
#define C_DT_INT16 6
#endif
#ifndef C_DT_UINT16
#define C_DT_UINT16 7
#endif
#ifndef C_DT_UINT32
#define C_DT_UINT32 8
#endif
#ifndef C_DT_INT64
#define C_DT_INT64 9
#endif
#ifndef C_DT_UINT64
#define C_DT_UINT64 10
#endif
#ifndef C_DT_DOUBLE
#define C_DT_DOUBLE 11
#endif
#ifndef C_DT_BOOL
#define C_DT_BOOL 12
#endif
#ifndef C_DT_COMPLEX64
#define C_DT_COMPLEX64 16
#endif
#ifndef C_DT_BF16
#define C_DT_BF16 27
#endif
#ifndef C_DT_INT4
#define C_DT_INT4 29
#endif
#ifndef C_DT_UINT1
#define C_DT_UINT1 30
#endif
#ifndef C_DT_INT2
#define C_DT_INT2 31
#endif
