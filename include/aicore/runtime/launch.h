// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// aicore::Launch — runs a kernel once per block on the core grid.
#pragma once

#include <algorithm>
#include <cstdint>
#include <exception>
#include <mutex>
#include <string>
#include <tuple>
#include <type_traits>
#include <typeinfo>
#include <utility>

#include "aicore/base/error.h"
#include "aicore/runtime/context.h"
#include "aicore/runtime/coop.h"
#include "aicore/runtime/output.h"
#include "aicore/runtime/pool.h"
#include "aicore/runtime/observer.h"
#include "aicore/runtime/watchdog.h"

#if defined(__has_include)
#if __has_include(<cxxabi.h>)
#include <cxxabi.h>
#include <cstdlib>
#define AICORE_HAVE_CXXABI 1
#endif
#endif

namespace aicore {

// The largest blockDim a launch accepts (the NPU's limit).
constexpr uint32_t kMaxBlockDim = 65535;

namespace detail {

// The readable name of a type_info ("std::runtime_error", not "St13runtime_error").
AICORE_RT_FN std::string ReadableTypeName(const std::type_info& t);

// Checks a block must pass when its kernel returns: nothing left allocated in
// a queue, every SetFlag waited for.
AICORE_RT_FN void CheckBlockEnd(CoreContext& core);

// Where an exception escaped from a block: the block's last API call, known
// while a deep mode is on (Enter records it); otherwise no location.
inline SrcLoc ThrowSite(const CoreContext& core) {
  if (core.san == 0) return SrcLoc{"", 0};
  return SrcLoc{core.last_file.load(std::memory_order_relaxed),
                core.last_line.load(std::memory_order_relaxed)};
}
AICORE_RT_FN std::string ThrowSiteNote(const CoreContext& core);

// True on a thread while it runs a ParallelFor body (a launch or a
// ParallelFor from there would wait for the pool it is running on).
inline thread_local bool t_in_parallel_for = false;

// A kernel name with the source location of the call that passed it: the
// implicit conversion from the string happens in the caller, so the default
// argument names the caller's file:line (a variadic function cannot take a
// trailing defaulted SrcLoc).
struct NameAt {
  const char* name;
  SrcLoc loc;
  NameAt(const char* n, SrcLoc l = SrcLoc::Current())  // NOLINT: implicit on purpose
      : name(n != nullptr ? n : "kernel"), loc(l) {}
};

// Rejects Launch / ParallelFor from inside the error sink (it may run on a
// core-grid thread while a launch holds the grid, or under its locks).
AICORE_RT_FN void CheckNotInSink(const char* api, const char* kernel, SrcLoc loc);

// Runs job(pool, coop) on the shared grid of `holder` (pool: get(holder)), or,
// when that stays busy (AcquireGrid), on a private grid of `threads` threads.
template <class Holder, class Get, class Job>
void RunOnGrid(Holder& holder, Get&& get, uint32_t threads, Job&& job) {
  if (AcquireGrid(holder)) {
    std::lock_guard<TimedGate> lock(holder.launch_mu, std::adopt_lock);
    job(get(holder), holder.coop);
    return;
  }
  ThreadPool pool(threads, 64, 16);  // workers park at once: the machine is busy
  CoopState coop;
  job(pool, coop);
}

// How a launch numbers and runs its blocks.
struct LaunchConfig {
  Geometry geom = Geometry::kPlain;
  uint64_t tiling_key = 0;
  // Run every block on a thread of its own (up to kMaxCooperativeBlocks
  // blocks), so that SyncAll and cross-core flags work for any blockDim.
  bool cooperative = false;
};

// Number of blocks a launch of blockDim runs under a geometry.
constexpr uint32_t LaunchTasks(Geometry g, uint32_t blockDim) {
  return IsMixed(g) ? (1 + AivPerGroup(g)) * blockDim : blockDim;
}

// A launch's kernel with its arguments, type-erased: invoke(obj) runs the
// kernel body once (in a block, with the block's core context set).
struct LaunchBody {
  void (*invoke)(void* obj);
  void* obj;
};

// Checks and runs a launch of blockDim blocks (LaunchTasks of them) of
// `body`. Non-template: one copy for every kernel signature.
AICORE_RT_FN void LaunchErased(const LaunchConfig& cfg, SrcLoc loc, const char* name,
                               uint32_t blockDim, LaunchBody body);

template <class Kernel, class... Args>
void LaunchWith(const LaunchConfig& cfg, SrcLoc loc, const char* name, Kernel&& kernel,
                uint32_t blockDim, Args&&... args) {
  using Fn = std::remove_reference_t<Kernel>;
  using Tuple = std::tuple<std::decay_t<Args>...>;
  struct Bound {
    Fn* kernel;
    Tuple args;
  } bound{&kernel, Tuple(std::forward<Args>(args)...)};
  auto invoke = [](void* obj) {
    auto& b = *static_cast<Bound*>(obj);
    std::apply([&](auto&... a) { (*b.kernel)(a...); }, b.args);
  };
  LaunchErased(cfg, loc, name, blockDim, LaunchBody{invoke, &bound});
}

// Launch recording the caller's source location for launch errors.
template <class Kernel, class... Args>
void LaunchAt(SrcLoc loc, const char* name, Kernel&& kernel, uint32_t blockDim, Args&&... args) {
  LaunchWith(LaunchConfig{}, loc, name, std::forward<Kernel>(kernel), blockDim,
             std::forward<Args>(args)...);
}

}  // namespace detail

// Runs kernel(args...) once for every block in [0, blockDim) on the core grid
// and returns when all blocks are done. The first error of any block is
// rethrown here as aicore::KernelError after every block has stopped.
// `name` is the kernel name used in error reports.
// Launch errors (blockDim, nested launch) name the caller's file:line.
template <class Kernel, class... Args>
void LaunchNamed(detail::NameAt name, Kernel&& kernel, uint32_t blockDim, Args&&... args) {
  detail::LaunchAt(name.loc, name.name, std::forward<Kernel>(kernel), blockDim,
                   std::forward<Args>(args)...);
}

template <class Kernel, class... Args>
void Launch(Kernel&& kernel, uint32_t blockDim, Args&&... args) {
  detail::LaunchAt(SrcLoc{"", 0}, "kernel", std::forward<Kernel>(kernel), blockDim,
                   std::forward<Args>(args)...);
}

// Like LaunchNamed, but every block runs on a thread of its own, all at once,
// whatever blockDim (up to 1024 blocks; beyond that the launch runs on the
// core grid and SyncAll is refused): for kernels that use SyncAll or
// cross-core flags with more blocks than GetNumThreads().
template <class Kernel, class... Args>
void LaunchCooperative(detail::NameAt name, Kernel&& kernel, uint32_t blockDim, Args&&... args) {
  detail::LaunchConfig cfg;
  cfg.cooperative = true;
  detail::LaunchWith(cfg, name.loc, name.name, std::forward<Kernel>(kernel), blockDim,
                     std::forward<Args>(args)...);
}

// Runs fn(i) for i in [0, n) on the core grid (the same threads that run
// kernel blocks); for hand-written baselines and host-side work. fn must not
// launch kernels or call ParallelFor (rejected with KernelError). If fn
// throws, the remaining iterations still run and the first exception is
// rethrown here.
template <class Fn>
void ParallelFor(uint32_t n, Fn&& fn, SrcLoc loc = SrcLoc::Current()) {
  detail::CheckNotInSink("ParallelFor", "", loc);
  if (detail::t_core != nullptr) {
    detail::Fail(ErrorKind::kLaunch, "ParallelFor", loc,
                 "ParallelFor from inside a kernel is not supported");
  }
  if (detail::t_in_parallel_for) {
    throw KernelError(ErrorKind::kLaunch, "", -1, 0, "ParallelFor", loc,
                      "ParallelFor from inside a ParallelFor body is not supported");
  }
  using F = std::remove_reference_t<Fn>;
  struct Closure {
    F* fn;
    std::mutex mu;
    std::exception_ptr first;
  } closure{&fn, {}, nullptr};
  auto body = [](void* self, uint32_t i, uint32_t) {
    auto& c = *static_cast<Closure*>(self);
    detail::t_in_parallel_for = true;
    try {
      (*c.fn)(i);
    } catch (...) {
      std::lock_guard<std::mutex> lock(c.mu);
      if (!c.first) c.first = std::current_exception();
    }
    detail::t_in_parallel_for = false;
  };
  detail::RunOnGrid(
      detail::Pool(), [](detail::PoolHolder& h) -> detail::ThreadPool& { return h.Get(); },
      std::min(GetNumThreads(), std::max(n, 1u)),
      [&](detail::ThreadPool& pool, detail::CoopState&) { pool.Run(n, n, body, &closure); });
  if (closure.first) std::rethrow_exception(closure.first);
}

}  // namespace aicore

// Launch naming the kernel after its expression: AICORE_LAUNCH(add_custom, 8, x, y, z).
// Launch errors (blockDim out of range, nested launch) name the line of the macro.
#define AICORE_LAUNCH(kernel, ...) \
  ::aicore::detail::LaunchAt(::aicore::SrcLoc{__FILE__, __LINE__}, #kernel, kernel, __VA_ARGS__)

#if AICORE_RT_DEFINITIONS
#include "aicore/runtime/launch-inl.h"
#endif
