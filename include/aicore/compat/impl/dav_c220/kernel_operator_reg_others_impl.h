// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// impl/dav_c220/kernel_operator_reg_others_impl.h: a vendor implementation
// header that public kernels include by this path (17 of ops-nn's 910B
// kernels: add_layer_norm, ctc_loss_v3, ...). Its register getters that have
// a meaning on the CPU, each the builtin it wraps: GetRsvdCnt
// (get_rsvd_cnt: the count of the block's latest GatherMask), GetSubBlockId
// (get_subblockid), GetSubBlockDim (GetSubBlockNum); the rest of the kernel
// API through kernel_operator.h.
#pragma once

#include <cstdint>

#include "kernel_operator.h"

namespace AscendC {

inline int64_t GetRsvdCnt(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  return ::get_rsvd_cnt(loc);
}
inline int64_t GetSubBlockId() { return ::get_subblockid(); }
inline int64_t GetSubBlockDim() { return GetSubBlockNum(); }

}  // namespace AscendC
