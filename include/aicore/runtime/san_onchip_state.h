// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Per-core state of the on-chip deep checks (pipe hazards, initcheck): kept
// in every CoreContext, its shadows allocated on first use and reused by
// every later block of the thread. The logic is in san_onchip.h.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "aicore/base/error.h"
#include "aicore/base/soc.h"
#include "aicore/base/types.h"

namespace aicore {
namespace detail {

// The pipes of an AI core (HardEvent names pairs of them).
enum class Pipe : uint8_t { kS = 0, kV, kM, kMTE1, kMTE2, kMTE3, kFIX, kCount };
constexpr int kNumPipes = static_cast<int>(Pipe::kCount);

// synccheck. Every recorded operand access gets the next number of the
// core's access sequence (`seq`, from 1). A pipe's accesses have increasing
// numbers, so "pipe P is ordered after everything pipe Q did up to access n"
// is one number: clock[P][Q] = n (a vector clock per pipe).

// Hazard shadow of one 32-byte granule of an on-chip memory.
struct SanGranule {
  uint32_t read[kNumPipes];  // latest read by each pipe (0: none; S reads are not kept)
  uint32_t write;            // latest write: seq << 3 | pipe (0: none)
};
static_assert(sizeof(SanGranule) == 32, "one granule shadow per 32 bytes");

// Where access `seq` came from (kept in a ring to name the other access of
// a hazard).
struct SanSite {
  const char* api = nullptr;
  const char* role = nullptr;
  const char* file = nullptr;
  int32_t line = 0;
  uint32_t seq = 0;  // 0: slot unused
};

// A byte range [lo, hi) of one on-chip memory (offsets from its start).
struct SanSpan {
  uint32_t lo;
  uint32_t hi;
};

struct SanCore {
  static constexpr int kMemories = static_cast<int>(Memory::kCount);
  static constexpr int kEvents = static_cast<int>(AscendC::HardEvent::MAX);
  static constexpr int kEventIds = 8;
  static constexpr uint32_t kSites = 4096;          // ring of recent accesses (power of 2)
  static constexpr uint32_t kSeqLimit = 1u << 28;   // renumber before `write` overflows

  // ---- synccheck ----
  uint32_t seq = 0;                              // number of the latest access
  uint32_t last[kNumPipes] = {};                 // latest access of each pipe
  uint32_t clock[kNumPipes][kNumPipes] = {};     // clock[P][Q]: see above
  uint32_t flag_clock[kEvents][kEventIds][kNumPipes] = {};  // snapshot taken by SetFlag
  // Per 512-byte block of L0C, the snapshot its latest unit-flag handoff
  // passed on (kNumPipes entries a block; allocated on first use).
  std::unique_ptr<uint32_t[]> unit_clock;
  // The hazard shadow of a memory is kept per chunk of kChunkGranules
  // granules while all of them are alike (`uniform`: the chunk's state is
  // chunk[c]; whole-tile accesses then cost one check per chunk), and per
  // granule (granules[]) once an access covers part of a chunk.
  static constexpr uint32_t kChunkGranules = 32;  // 1 KiB
  std::unique_ptr<SanGranule[]> granules[kMemories];  // per 32 bytes of each memory
  std::unique_ptr<SanGranule[]> chunk[kMemories];     // per chunk, while uniform
  std::unique_ptr<uint8_t[]> uniform[kMemories];      // per chunk: 1 = uniform
  std::unique_ptr<SanSite[]> sites;                   // kSites entries, by seq % kSites

  // ---- initcheck ----
  std::unique_ptr<uint8_t[]> init[kMemories];  // per byte: 1 = written since poisoned
  uint32_t dirty_lo[kMemories] = {};           // bytes marked since the block started
  uint32_t dirty_hi[kMemories] = {};
  // The latest vector dst write, with the first byte of it nothing had
  // written before (so that a source of the same instruction overlapping
  // its dst, as in Adds(x, x, s), is checked against the bytes as they
  // were before the instruction).
  struct PriorDst {
    const char* api = nullptr;
    const char* file = nullptr;
    int32_t line = 0;
    int mem = -1;
    uint32_t first_unwritten = UINT32_MAX;  // memory offset, UINT32_MAX: none
    uint64_t call = 0;  // CoreContext::progress of the API call that wrote it
  } prior_dst;

  // Scratch for the byte ranges of one burst or repeat-form access (reused).
  std::vector<SanSpan> spans;
};

}  // namespace detail
}  // namespace aicore
