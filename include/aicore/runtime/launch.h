// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// aicore::Launch — runs a kernel once per block on the core grid.
#pragma once

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
#include "aicore/runtime/pool.h"

namespace aicore {

// The largest blockDim a launch accepts (the NPU's limit).
constexpr uint32_t kMaxBlockDim = 65535;

namespace detail {

inline std::string FlagName(int event, int id);

// Checks a block must pass when its kernel returns: nothing left allocated in
// a queue, every SetFlag waited for.
inline void CheckBlockEnd(CoreContext& core) {
  if (core.deferred) {
    core.deferred = false;
    Fail(core.deferred_kind, core.deferred_api.c_str(), core.deferred_loc, core.deferred_detail);
  }
  if (core.flags_outstanding != 0) {
    for (int e = 0; e < kNumHardEvents; ++e) {
      for (int id = 0; id < kNumEventIds; ++id) {
        if (core.flags[e][id] != 0) {
          Fail(ErrorKind::kSync, "SetFlag", SrcLoc{"", 0},
               FlagName(e, id) + " was set but never waited for when the block ended "
               "(an unpaired SetFlag leaves the event pending on the NPU)");
        }
      }
    }
  }
}

template <class Kernel, class Tuple>
struct LaunchClosure {
  LaunchState* state;
  Kernel* kernel;
  Tuple* args;

  static void RunBlock(void* self, uint32_t block, uint32_t /*thread*/) {
    auto& c = *static_cast<LaunchClosure*>(self);
    LaunchState& st = *c.state;
    if (st.abort.load(std::memory_order_relaxed)) return;
    CoreContext& core = ThreadCore();
    core.BeginBlock(&st, static_cast<int32_t>(block), static_cast<int32_t>(st.block_dim));
    t_core = &core;
    try {
      std::apply([&](auto&... a) { (*c.kernel)(a...); }, *c.args);
      CheckBlockEnd(core);
    } catch (const AbortBlock&) {
    } catch (const KernelError&) {
      st.Record(std::current_exception());
    } catch (const std::exception& e) {
      st.Record(std::make_exception_ptr(KernelError(
          ErrorKind::kException, st.kernel, static_cast<int32_t>(block),
          static_cast<int32_t>(st.block_dim), "kernel body", SrcLoc{"", 0},
          std::string("uncaught exception ") + typeid(e).name() + ": " + e.what(),
          std::current_exception())));
    } catch (...) {
      st.Record(std::make_exception_ptr(KernelError(
          ErrorKind::kException, st.kernel, static_cast<int32_t>(block),
          static_cast<int32_t>(st.block_dim), "kernel body", SrcLoc{"", 0},
          "uncaught exception of unknown type", std::current_exception())));
    }
    t_core = nullptr;
    core.EndBlock();
  }
};

}  // namespace detail

// Runs kernel(args...) once for every block in [0, blockDim) on the core grid
// and returns when all blocks are done. The first error of any block is
// rethrown here as aicore::KernelError after every block has stopped.
// `name` is the kernel name used in error reports.
template <class Kernel, class... Args>
void LaunchNamed(const char* name, Kernel&& kernel, uint32_t blockDim, Args&&... args) {
  if (detail::t_core != nullptr) {
    detail::Fail(ErrorKind::kLaunch, "Launch", SrcLoc{"", 0},
                 std::string("nested launch of kernel ") + name +
                     " from inside a kernel is not supported");
  }
  if (blockDim == 0 || blockDim > kMaxBlockDim) {
    throw KernelError(ErrorKind::kLaunch, name, -1, 0, "Launch", SrcLoc{"", 0},
                      "blockDim " + std::to_string(blockDim) + " is outside [1, " +
                          std::to_string(kMaxBlockDim) + "]");
  }
  using Fn = std::remove_reference_t<Kernel>;
  using Tuple = std::tuple<std::decay_t<Args>...>;
  Tuple tuple(std::forward<Args>(args)...);
  detail::LaunchState state;
  state.kernel = name;
  state.block_dim = blockDim;
  detail::LaunchClosure<Fn, Tuple> closure{&state, &kernel, &tuple};
  {
    auto& holder = detail::Pool();
    std::lock_guard<std::mutex> lock(holder.launch_mu);
    holder.Get().Run(blockDim, blockDim, &detail::LaunchClosure<Fn, Tuple>::RunBlock, &closure);
  }
  if (state.first) std::rethrow_exception(state.first);
}

template <class Kernel, class... Args>
void Launch(Kernel&& kernel, uint32_t blockDim, Args&&... args) {
  LaunchNamed("kernel", std::forward<Kernel>(kernel), blockDim, std::forward<Args>(args)...);
}

// Runs fn(i) for i in [0, n) on the core grid (the same threads that run
// kernel blocks); for hand-written baselines and host-side work. fn must not
// throw.
template <class Fn>
void ParallelFor(uint32_t n, Fn&& fn) {
  if (detail::t_core != nullptr) {
    detail::Fail(ErrorKind::kLaunch, "ParallelFor", SrcLoc{"", 0},
                 "ParallelFor from inside a kernel is not supported");
  }
  using F = std::remove_reference_t<Fn>;
  auto body = [](void* f, uint32_t i, uint32_t) { (*static_cast<F*>(f))(i); };
  auto& holder = detail::Pool();
  std::lock_guard<std::mutex> lock(holder.launch_mu);
  holder.Get().Run(n, n, body, const_cast<void*>(static_cast<const void*>(&fn)));
}

}  // namespace aicore

// Launch naming the kernel after its expression: AICORE_LAUNCH(add_custom, 8, x, y, z).
#define AICORE_LAUNCH(kernel, ...) ::aicore::LaunchNamed(#kernel, kernel, __VA_ARGS__)
