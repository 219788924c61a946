// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// State shared by the blocks of a cooperative launch (every block resident on
// its own thread): the SyncAll barriers, the cross-core flag counters, and the
// list of blocks blocked in a cross-block wait, from which a wait that can
// never finish (the NPU would hang) is detected. The logic is in coop.h.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <vector>

#include "aicore/base/error.h"

namespace aicore {
namespace detail {

// The kind of AI core a block runs on.
enum class CoreType : uint8_t { kAIV = 0, kAIC = 1 };

// How the blocks of a launch are numbered.
//   kPlain  aicore::Launch: blockDim vector blocks.
//   kAIV    blockDim vector blocks (ICPU_RUN_KF in AIV_MODE).
//   kAIC    blockDim cube blocks (AIC_MODE).
//   kMix    blockDim cube blocks and 2 * blockDim vector blocks (MIX_MODE,
//           KERNEL_TYPE_MIX_AIC_1_2): tasks [0, blockDim) are the cube
//           blocks, the rest the vector blocks; vector block i belongs to
//           group i / 2 (sub-block i % 2).
//   kMix11  blockDim cube blocks and blockDim vector blocks
//           (KERNEL_TYPE_MIX_AIC_1_1): vector block i belongs to group i
//           (sub-block 0, one vector block per group).
enum class Geometry : uint8_t { kPlain = 0, kAIV, kAIC, kMix, kMix11 };

// Whether a launch has cube and vector blocks, and how many vector blocks
// each cube block serves.
constexpr bool IsMixed(Geometry g) { return g == Geometry::kMix || g == Geometry::kMix11; }
constexpr uint32_t AivPerGroup(Geometry g) { return g == Geometry::kMix ? 2 : 1; }

// Cross-core flag ids accepted by CrossCoreSetFlag / CrossCoreWaitFlag.
constexpr int kNumCrossFlags = 16;

// A block blocked in a cross-block wait. Lives on the waiting block's stack
// while it is linked into CoopState::head.
struct WaitRecord {
  bool (*ready)(const void* ctx) = nullptr;  // whether the wait can finish now
  const void* ctx = nullptr;
  const char* api = "";
  SrcLoc loc{"", 0};
  int32_t block = -1;
  CoreType type = CoreType::kAIV;
  char what[112] = {};  // what it waits for, for the hang report
  WaitRecord* next = nullptr;
  WaitRecord* prev = nullptr;
};

struct CoopBarrier {
  uint32_t expected = 0;  // participants of the current generation (set by its first arrival)
  uint32_t arrived = 0;
  uint64_t gen = 0;       // completed generations
};

enum CoopBarrierId : int { kBarrierAIV = 0, kBarrierAIC, kBarrierAll, kBarrierSoft, kNumBarriers };

// Per-block cross-core flag counters (indexed by task).
struct TaskFlags {
  uint64_t in[kNumCrossFlags][2];    // mode-2 sets received (from sub-block 0 / 1 for a cube block)
  uint64_t group[kNumCrossFlags];    // mode-1 sets of this group (on the group's sub-block 0)
  uint64_t consumed[kNumCrossFlags]; // CrossCoreWaitFlag calls completed
};

struct CoopState {
  std::mutex mu;
  std::condition_variable cv;
  uint32_t total = 0;  // blocks (tasks) of the launch
  uint32_t aic = 0;    // cube blocks
  uint32_t aiv = 0;    // vector blocks
  Geometry geom = Geometry::kPlain;
  // Blocks inside a wait, and per pool thread the blocks of this launch it
  // has finished (seq_cst: an exiting block and a block starting to wait
  // never both miss each other). One slot per thread, each on its own cache
  // line and written only by its thread, so that exiting blocks do not
  // contend; a slot holds the launch's number (LaunchState::coop_seq) << 32
  // | its count. These read-mostly fields have a cache line of their own:
  // Begin does not write it unless a slot table must grow.
  struct alignas(64) ExitSlot {
    std::atomic<uint64_t> v{0};
  };
  alignas(64) std::atomic<uint32_t> waiting{0};
  uint32_t num_exits = 0;
  std::unique_ptr<ExitSlot[]> exits;
  alignas(64) uint32_t seq = 0;  // the number of the running launch (never 0)
  WaitRecord* head = nullptr;
  CoopBarrier bar[kNumBarriers];
  uint64_t mode0[2][kNumCrossFlags] = {};  // mode-0 sets per core type
  uint64_t cross_seq = 0;                  // cross-core flag operations recorded (instrumented launches)
  std::vector<TaskFlags> flags;            // grown on first use, reused
  bool flags_dirty = false;
  bool seq_init0 = false;  // block 0 called InitDetermineComputeWorkspace (sequential block sync)

  // Called by the launcher before the blocks start (no block is running).
  void Begin(Geometry g, uint32_t tasks, uint32_t cube, uint32_t vec, uint32_t threads) {
    geom = g;
    total = tasks;
    aic = cube;
    aiv = vec;
    if (waiting.load(std::memory_order_relaxed) != 0) waiting.store(0, std::memory_order_relaxed);
    if (num_exits < threads) {
      exits = std::make_unique<ExitSlot[]>(threads);
      num_exits = threads;
    }
    if (++seq == 0) {  // wrapped: no slot may hold a live number
      for (uint32_t t = 0; t < num_exits; ++t) exits[t].v.store(0, std::memory_order_relaxed);
      seq = 1;
    }
    head = nullptr;
    for (auto& b : bar) b = CoopBarrier{};
    cross_seq = 0;
    seq_init0 = false;
    if (flags_dirty) {
      std::memset(mode0, 0, sizeof(mode0));
      std::memset(static_cast<void*>(flags.data()), 0, flags.size() * sizeof(TaskFlags));
      flags_dirty = false;
    }
  }

  // Called by pool thread `thread` when a block of launch `launch` (the
  // seq of its Begin) that it ran returns.
  void NoteExit(uint32_t thread, uint32_t launch) {
    std::atomic<uint64_t>& slot = exits[thread].v;
    const uint64_t v = slot.load(std::memory_order_relaxed);
    const uint64_t stamp = uint64_t{launch} << 32;
    slot.store((v >> 32) == launch ? v + 1 : stamp | 1, std::memory_order_seq_cst);
  }
  // Blocks of the running launch that have returned.
  uint32_t Exited() const {
    uint32_t n = 0;
    for (uint32_t t = 0; t < num_exits; ++t) {
      const uint64_t v = exits[t].v.load(std::memory_order_seq_cst);
      if ((v >> 32) == seq) n += static_cast<uint32_t>(v);
    }
    return n;
  }

  // The flag table, sized for this launch (called under mu).
  TaskFlags* Flags() {
    if (flags.size() < total) flags.resize(total, TaskFlags{});
    flags_dirty = true;
    return flags.data();
  }
};

}  // namespace detail
}  // namespace aicore
