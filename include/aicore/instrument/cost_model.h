// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The NPU pipe timeline, part 2 (issue 14): the cost model. Every constant
// the time estimate (instrument/timeline_estimate.h) uses is in the one
// table below, per SoC profile, each with where it comes from: a public
// fact (with the source), a value derived from public facts (with the
// arithmetic), or plainly an ASSUMPTION. Nothing here is tuned to a test or
// measured on hardware; the estimate it gives is a model, not a measurement.
//
// Every profile of base/soc.h has its own entry (Ascend910B, Ascend310P,
// Ascend910); `own_entry` says whether the model of a profile is its own
// (a profile added to soc.h without an entry here gets the Ascend910B one,
// and the summary says so).
#pragma once

#include <cstdint>
#include <cstring>

#include "aicore/base/soc.h"
#include "aicore/runtime/san_onchip_state.h"

namespace aicore {
namespace profile {

// One pipe: every instruction costs `start_cycles`, then its bytes at
// `bytes_per_cycle` (per core).
struct PipeCost {
  double start_cycles;
  double bytes_per_cycle;
};

struct CostModel {
  const char* soc;   // the profile the constants describe
  bool own_entry;    // false: the profile has no entry; the Ascend910B one is used
  double clock_ghz;  // AI core clock
  // GM: bytes per cycle one core's MTE2 (reads) or MTE3 (writes) moves, and
  // what all cores of the chip move together (reads and writes share it).
  double gm_core_bytes_per_cycle;
  double gm_shared_bytes_per_cycle;
  // Per pipe (aicore::detail::Pipe order: S, V, M, MTE1, MTE2, MTE3, FIX).
  // MTE2/MTE3 bytes_per_cycle is the per-core GM rate above; M is costed by
  // fractals (below), not bytes.
  PipeCost pipe[aicore::detail::kNumPipes];
  // The cube: fractal products per cycle. One product is a 512-byte A
  // fractal by a 512-byte B fractal into a 16x16 fp32/int32 (1024-byte) C
  // fractal: 16x16x16 MACs for half/bfloat16, 16x32x16 for int8, 16x8x16 for
  // float (the K0 of each dtype), so one rate in bytes covers every dtype.
  double cube_fractals_per_cycle;
  // Cycles the scalar unit spends issuing one instruction to a pipe queue.
  double issue_cycles;
};

// The table. Sources:
//  [F1] Ascend 910 (DaVinci): the cube does 4096 (16x16x16) fp16 MACs per
//       cycle per core (Huawei's Ascend 910 announcement and Hot Chips 2019
//       talk, repeated in public summaries); the K0 of each dtype (16 half,
//       32 int8, 8 float) is in the vendor's Mmad/fractal docs
//       (docs/zh/api, Mmad: a fractal is 16 x 32 bytes).
//  [F2] Ascend 910B: about 320 TFLOPS fp16 over 24 cube cores (public
//       product figures; sources give 313-320): 320e12 / (24 * 2 * 4096)
//       = 1.63e9 cycles/s -> the clock below is DERIVED from [F1] and [F2].
//  [F3] Ascend 910B HBM2e, about 1.6 TB/s (public figures; some sources
//       give 1.2-1.8 TB/s): 1.6e12 / 1.63e9 = 982 bytes/cycle shared.
//  [F4] Ascend 910: up to 128 GB/s of NoC bandwidth per core (public die
//       analyses of the Virtuvian chiplet); ASSUMED the same per core and
//       per direction on 910B: 128e9 / 1.63e9 = 78.5 bytes/cycle.
//  [F5] The vector unit works on 256 bytes (8 blocks of 32 bytes) per
//       repeat (vendor API docs, every repeat-form instruction); ASSUMED
//       one repeat per cycle.
//  [F6] Ascend 910: 256 TFLOPS fp16 (512 TOPS int8) from 32 Da Vinci
//       cores of 4096 fp16 MACs per cycle (Huawei's Ascend 910 launch,
//       August 2019, and Hot Chips 31): 256e12 / (32 * 2 * 4096) = 0.977e9
//       cycles/s -> the clock below is DERIVED.
//  [F7] Ascend 910: four HBM2 stacks, about 1.2 TB/s (public product
//       figures): 1.2e12 / 0.977e9 = 1228 bytes/cycle shared; per core the
//       128 GB/s of [F4]: 128e9 / 0.977e9 = 131 bytes/cycle.
//  [F8] Ascend 310P: 140 TOPS int8 and 204.8 GB/s LPDDR4X per chip (the
//       Atlas 300I Pro card, one 310P; the 300I Duo's two chips give
//       280 TOPS and 408 GB/s) from 8 AI cores; the Da Vinci cube does
//       8192 int8 MACs per cycle ([F1]): 140e12 / (8 * 2 * 8192) = 1.068e9
//       cycles/s -> the clock below is DERIVED; 204.8e9 / 1.068e9 = 192
//       bytes/cycle shared.
//  [A]  ASSUMPTION (no public figure): start latencies, MTE1/FIX rates,
//       the scalar issue cost (every profile: the 910B values); the
//       per-core GM rate of 310P (ASSUMED 128 GB/s per core as [F4]: 120
//       bytes/cycle, so two cores saturate its LPDDR).
inline const CostModel& CostModelByIndex(int i) {
  static const CostModel k910B = {
      "Ascend910B", true,
      1.63,   // [F2] derived
      78.5,   // [F4] assumed for 910B
      982.0,  // [F3]
      {
          {1.0, 0.0},      // S: [A] one cycle per scalar access
          {8.0, 256.0},    // V: start [A]; 256 bytes per repeat per cycle [F5]
          {16.0, 0.0},     // M: start [A]; rate: cube_fractals_per_cycle
          {16.0, 256.0},   // MTE1 (L1 -> L0A/L0B): [A] both
          {300.0, 78.5},   // MTE2 (GM -> UB/L1): GM latency [A]; rate [F4]
          {200.0, 78.5},   // MTE3 (UB -> GM): latency [A]; rate [F4]
          {32.0, 128.0},   // FIX (L0C -> GM/L1): [A] both
      },
      1.0,  // [F1]: one 16x16x16 fp16 product per cycle
      1.0,  // [A]
  };
  static const CostModel k310P = {
      "Ascend310P", true,
      1.068,  // [F8] derived
      120.0,  // [A] 128 GB/s per core
      192.0,  // [F8]
      {
          {1.0, 0.0},      // S: [A]
          {8.0, 256.0},    // V: start [A]; [F5]
          {16.0, 0.0},     // M: start [A]
          {16.0, 256.0},   // MTE1: [A]
          {300.0, 120.0},  // MTE2: latency [A]; rate [A] above
          {200.0, 120.0},  // MTE3: latency [A]; rate [A] above
          {32.0, 128.0},   // FIX: [A]
      },
      1.0,  // [F1]
      1.0,  // [A]
  };
  static const CostModel k910 = {
      "Ascend910", true,
      0.977,   // [F6] derived
      131.0,   // [F7] from [F4]
      1228.0,  // [F7]
      {
          {1.0, 0.0},      // S: [A]
          {8.0, 256.0},    // V: start [A]; [F5]
          {16.0, 0.0},     // M: start [A]
          {16.0, 256.0},   // MTE1: [A]
          {300.0, 131.0},  // MTE2: latency [A]; rate [F7]
          {200.0, 131.0},  // MTE3: latency [A]; rate [F7]
          {32.0, 128.0},   // FIX: [A]
      },
      1.0,  // [F1], [F6]
      1.0,  // [A]
  };
  const char* name = SocProfileByIndex(i).name;
  if (std::strcmp(name, k310P.soc) == 0) return k310P;
  if (std::strcmp(name, k910.soc) == 0) return k910;
  return k910B;
}

// The cost model of a SoC profile (index as in base/soc.h).
inline CostModel CostModelFor(int soc_index) {
  CostModel m = CostModelByIndex(soc_index);
  const char* name = SocProfileByIndex(soc_index).name;
  m.own_entry = std::strcmp(name, m.soc) == 0;
  m.soc = name;
  return m;
}
// The cost model of the current SoC profile (SetSocVersion / AICORE_SOC).
inline CostModel CurrentCostModel() { return CostModelFor(aicore::detail::SocIndex().load()); }

}  // namespace profile
}  // namespace aicore
