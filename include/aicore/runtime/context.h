// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The per-core context: what one AI core knows while it runs a block — its
// block index, its on-chip memories, its current pipe, its event flags. Each
// pool thread owns one context (allocated once, reused by every block it
// runs) and reaches it through a thread_local pointer.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <new>
#include <string>

#include "aicore/base/defs.h"
#include "aicore/base/error.h"
#include "aicore/base/soc.h"
#include "aicore/base/types.h"

namespace AscendC {
class TPipe;
}

namespace aicore {
namespace detail {

// Thrown inside a block to unwind it after another block of the same launch
// failed. Never escapes a launch.
struct AbortBlock {};

// What the blocks of one launch share.
struct LaunchState {
  const char* kernel = "kernel";
  uint32_t block_dim = 0;
  std::atomic<bool> abort{false};
  std::mutex mu;
  std::exception_ptr first;

  void Record(std::exception_ptr e) {
    std::lock_guard<std::mutex> lock(mu);
    if (!first) first = std::move(e);
    abort.store(true, std::memory_order_relaxed);
  }
};

constexpr int kNumMemories = static_cast<int>(Memory::kCount);
constexpr int kNumHardEvents = static_cast<int>(AscendC::HardEvent::MAX);
constexpr int kNumEventIds = 8;
// Bytes after each arena that SIMD code may read (never write) past an
// operand's end.
constexpr uint32_t kArenaSlack = 256;

struct AlignedDelete {
  void operator()(uint8_t* p) const { ::operator delete(p, std::align_val_t(64)); }
};

struct CoreContext {
  // Identity of the block being run.
  int32_t block_idx = -1;
  int32_t block_num = 0;
  LaunchState* launch = nullptr;

  // On-chip memories, allocated once per thread at the largest profile size.
  std::unique_ptr<uint8_t, AlignedDelete> arena[kNumMemories];
  uint32_t capacity[kNumMemories] = {};  // bytes usable under the current profile

  AscendC::TPipe* pipe = nullptr;  // the current pipe (GetTPipePtr)

  // Outstanding SetFlag count per (event, id).
  uint16_t flags[kNumHardEvents][kNumEventIds] = {};
  uint32_t flags_outstanding = 0;
  // Where the latest SetFlag of each (event, id) was called, to name it when
  // it is left unpaired at block end.
  SrcLoc flag_loc[kNumHardEvents][kNumEventIds] = {};

  // An error found where it cannot be thrown (a destructor); raised by the
  // launcher when the block returns.
  bool deferred = false;
  ErrorKind deferred_kind = ErrorKind::kQueue;
  std::string deferred_api;
  std::string deferred_detail;
  SrcLoc deferred_loc{"", 0};

  CoreContext() {
    for (int m = 0; m < kNumMemories; ++m) {
      const size_t bytes = kMaxMemoryBytes[m] + kArenaSlack;
      arena[m].reset(static_cast<uint8_t*>(::operator new(bytes, std::align_val_t(64))));
      std::memset(arena[m].get(), 0, bytes);
    }
  }

  void BeginBlock(LaunchState* l, int32_t idx, int32_t num) {
    launch = l;
    block_idx = idx;
    block_num = num;
    const SocProfile& soc = GetSocProfile();
    for (int m = 0; m < kNumMemories; ++m) capacity[m] = soc.bytes[m];
    pipe = nullptr;
    if (flags_outstanding != 0) {
      std::memset(flags, 0, sizeof(flags));
      flags_outstanding = 0;
    }
    deferred = false;
  }

  void EndBlock() {
    launch = nullptr;
    block_idx = -1;
    pipe = nullptr;
  }

  void Defer(ErrorKind kind, const char* api, SrcLoc loc, std::string detail) {
    if (deferred) return;
    deferred = true;
    deferred_kind = kind;
    deferred_api = api;
    deferred_loc = loc;
    deferred_detail = std::move(detail);
  }
};

// The context of the block running on this thread, or nullptr outside a
// launch. Constant-initialised, so access is a plain TLS load.
inline thread_local CoreContext* t_core = nullptr;

// This thread's context object (created on first use).
inline CoreContext& ThreadCore() {
  static thread_local CoreContext core;
  return core;
}

inline const char* CurrentKernelName() {
  return (t_core && t_core->launch) ? t_core->launch->kernel : "";
}

[[noreturn]] AICORE_COLD inline void Fail(ErrorKind kind, const char* api, SrcLoc loc,
                                         std::string detail) {
  CoreContext* c = t_core;
  if (c != nullptr && c->launch != nullptr) {
    throw KernelError(kind, c->launch->kernel, c->block_idx, c->block_num, api, loc,
                      std::move(detail));
  }
  throw KernelError(kind, "", -1, 0, api, loc, std::move(detail) + " (called outside a kernel launch)");
}

[[noreturn]] AICORE_COLD inline void FailOutsideKernel(const char* api, SrcLoc loc) {
  throw KernelError(ErrorKind::kLaunch, "", -1, 0, api, loc,
                    "kernel API called outside aicore::Launch");
}

// Entry check of every kernel API call: returns the core context, stops the
// block if another block of the launch has failed. O(1).
AICORE_INLINE CoreContext& Enter(const char* api, SrcLoc loc) {
  CoreContext* c = t_core;
  if (AICORE_UNLIKELY(c == nullptr)) FailOutsideKernel(api, loc);
  if (AICORE_UNLIKELY(c->launch->abort.load(std::memory_order_relaxed))) throw AbortBlock{};
  return *c;
}

}  // namespace detail
}  // namespace aicore
