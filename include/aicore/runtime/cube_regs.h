// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The cube unit's registers of one core: what SetHF32Mode, SetFmatrix,
// SetLoadDataPaddingValue, SetFixpipeNz2ndFlag, ... write and Mmad,
// LoadData (3D) and the L0C -> GM/L1 copies read. Part of the core context
// (CoreContext::cube), reset at every block start and by InitSocState(), like
// the vector registers.
#pragma once

#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include "aicore/base/soc.h"
#include "aicore/runtime/buffer_desc.h"

namespace aicore {
namespace detail {

// The 512-byte blocks of L0C, each with a unit flag (cube/unit_flag.h).
constexpr uint32_t kUnitFlagBlocks = kMaxMemoryBytes[static_cast<int>(Memory::kL0C)] / 512;

struct CubeRegs {
  // ---- Mmad ----
  bool hf32 = false;               // SetHF32Mode(HF32Mode::ENABLE)
  bool hf32_ties_to_zero = false;  // SetHF32TransMode(HF32TransMode::NEAREST_ZERO)
  bool mm_row_major = false;       // SetMMRowMajor / SetMMLayoutTransform(true): order only

  // ---- LoadData (3D, img2col) ----
  // The feature-map registers (SetFmatrix, or LoadData3DParamsV2 with
  // isSetFMatrix): [0] left (FMATRIX_LEFT), [1] right.
  struct Fmatrix {
    uint16_t l1H = 0;
    uint16_t l1W = 0;
    uint8_t pad[4] = {0, 0, 0, 0};  // left, right, top, bottom
  } fmatrix[2];
  // The padding value (SetLoadDataPaddingValue, or the params' padValue with
  // isSetPadding): its bit pattern, low bytes first.
  uint64_t pad_bits = 0;
  // SetLoadDataBoundary: bytes of A1/B1 a LoadData (3D) may read from its
  // source's start (0: no boundary).
  uint32_t boundary = 0;
  // SetLoadDataRepeat.
  uint16_t repeat_stride = 0;
  uint8_t repeat_time = 1;
  uint8_t repeat_mode = 0;

  // ---- L0C -> GM / L1 copies (DataCopy with DataCopyCO12DstParams) ----
  // SetFixpipeNz2ndFlag.
  uint16_t nd_num = 1;
  uint16_t src_nd_stride = 0;
  uint32_t dst_nd_stride = 0;
  bool nz2nd_set = false;
  // SetFixpipePreQuantFlag: the scalar quantization parameter.
  uint64_t pre_quant = 0;
  bool pre_quant_set = false;
  // SetFixPipeConfig: the per-channel quantization parameters, uint64_t
  // values in the fixpipe buffer (C2PIPE2GM); their buffer, start and the
  // allocation they were read from (to tell a stale register).
  BufferDesc* quant_buf = nullptr;
  const uint8_t* quant_addr = nullptr;
  uint32_t quant_epoch = 0;
  uint32_t quant_gen = 0;

  // ---- 4:2 sparsity (LoadDataWithSparse -> MmadWithSparse) ----
  // The cube's index buffer (a quarter of L0B): the index of the L0B byte at
  // address a is in byte a / 4; and per 128-byte index fractal whether a
  // LoadDataWithSparse wrote it since the reset. Sized on first use and kept
  // across resets (only the flags are cleared: no allocation per block).
  std::vector<uint8_t> sparse_index;
  std::vector<uint8_t> sparse_loaded;
  bool sparse_used = false;  // a LoadDataWithSparse ran since the reset

  // ---- unit flags (Mmad / Fixpipe with unitFlag 2 or 3; cube/unit_flag.h) ----
  // One flag per 512-byte block of L0C: 1 from a Mmad with unitFlag 3 until a
  // Fixpipe with unitFlag 3 has read the block (or SetFixPipeConfig cleared
  // them all), and the call that last changed it. Sized on first use and kept
  // across resets, like the sparse index (only cleared).
  struct UnitSite {
    const char* api = nullptr;  // nullptr: unchanged since the reset
    const char* file = nullptr;
    int line = 0;
  };
  std::vector<uint8_t> unit_flag;
  std::vector<UnitSite> unit_site;
  bool unit_used = false;  // a unit flag changed since the reset

  void Reset() {
    std::vector<uint8_t> index = std::move(sparse_index), loaded = std::move(sparse_loaded);
    if (sparse_used) std::memset(loaded.data(), 0, loaded.size());
    std::vector<uint8_t> unit = std::move(unit_flag);
    std::vector<UnitSite> site = std::move(unit_site);
    if (unit_used) {
      std::memset(unit.data(), 0, unit.size());
      for (UnitSite& u : site) u = UnitSite{};
    }
    *this = CubeRegs{};
    sparse_index = std::move(index);
    sparse_loaded = std::move(loaded);
    unit_flag = std::move(unit);
    unit_site = std::move(site);
  }
};

}  // namespace detail
}  // namespace aicore
