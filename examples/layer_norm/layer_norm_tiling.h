// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The host-side tilings of examples/layer_norm's two kernels
// (layer_norm_kernel.h: the instruction chain; layer_norm_api_kernel.h: the
// high-level LayerNorm per tile), apart from the kernels so that a host
// program can fill them without compiling the kernels.
#pragma once

#include <aicore/lib/normalization.h>

#include <cstdint>

struct LayerNormCustomTiling {
  uint32_t rows;      // B * S; a multiple of blockNum * tileRows
  uint32_t hidden;    // H; a multiple of 16 (32-byte half rows)
  uint32_t tileRows;  // rows per tile
  float eps;
};

// The tiling of layer_norm_api_custom: the kernel's own fields, the API's
// tiling of one tile and the temporary buffer's size in bytes.
struct LayerNormApiTiling {
  LayerNormCustomTiling base;
  AscendC::tiling::LayerNormTiling ln;
  uint32_t tmpBytes;
};

// Host side: the API's tiling of one [1, tileRows, H, H] half tile, for the
// minimum temporary size GetLayerNormMaxMinTmpSize reports.
inline void MakeLayerNormApiTiling(const LayerNormCustomTiling& base, LayerNormApiTiling* t) {
  const ge::Shape tile({1, static_cast<int64_t>(base.tileRows), static_cast<int64_t>(base.hidden),
                        static_cast<int64_t>(base.hidden)});
  uint32_t maxTmp = 0, minTmp = 0;
  AscendC::GetLayerNormMaxMinTmpSize(tile, sizeof(half), false, maxTmp, minTmp);
  t->base = base;
  t->tmpBytes = minTmp;
  t->ln = {};
  AscendC::GetLayerNormNDTilingInfo(tile, minTmp, sizeof(half), false, t->ln);
}
