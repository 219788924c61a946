// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Stands for the 950's (DAV_3510) tiling of an ops-repository operator:
// aicore_add_op_project builds only op_host/arch22/, so this never compiles.
#error "op_host/arch35 is the 950's tiling; aicore builds the 910B's (arch22)"
