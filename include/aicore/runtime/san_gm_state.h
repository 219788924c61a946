// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Per-launch state of the GM deep checks (racecheck between blocks). The
// logic is in san_gm.h.
#pragma once

#include <cstdint>
#include <vector>

namespace aicore {
namespace detail {

// A run of GM bytes [lo, hi) one block accessed the same way from the same
// call site (consecutive tiles of a loop merge into one).
struct SanGmInterval {
  uintptr_t lo = 0;
  uintptr_t hi = 0;
  const char* api = "";
  const char* file = "";
  int32_t line = 0;
  uint8_t kind = 0;  // GmAccess
  uint8_t mode = 0;  // kAtomic: the atomic mode (operation and type), else 0
};

constexpr uint32_t kSanGroupArrived = 16, kSanGroupWaited = 17;

struct SanLaunch {
  // racecheck: per task (block of the launch), its GM accesses since the
  // last SyncAll of every block. Each block appends only to its own log (no
  // lock); logs are read by the sweep at a SyncAll of every block (the last
  // arriver, while the others wait) and at the launch end.
  std::vector<std::vector<SanGmInterval>> log;
  // Blocks that some synchronisation of the current phase may have ordered
  // (a SyncAll of only some blocks, cross-core flags) are joined into one
  // group (union-find parent per task); blocks of one group are not checked
  // against each other. `flags_set` holds, per task, the cross-core flag ids
  // it set in this phase (bits 0-15), and whether it arrived at (bit
  // kSanGroupArrived) or passed a wait of (kSanGroupWaited) a GroupBarrier.
  // Both are changed under the coop mutex.
  std::vector<uint32_t> group;
  std::vector<uint32_t> flags_set;
  uint32_t phase = 0;  // SyncAlls of every block completed
  // synccheck: whether the kernel is taken as built with the compiler's
  // automatic synchronisation (--cce-auto-sync, the default; see
  // aicore::SetAutoSync). A snapshot taken when the launch starts.
  bool auto_sync = true;
};

}  // namespace detail
}  // namespace aicore
