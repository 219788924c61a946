// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Definitions of aicore/runtime/launch.h (see AICORE_RT_FN in base/defs.h).
#pragma once

#include "aicore/runtime/launch.h"

namespace aicore {
namespace detail {

AICORE_RT_FN std::string ReadableTypeName(const std::type_info& t) {
#ifdef AICORE_HAVE_CXXABI
  int status = 0;
  char* s = abi::__cxa_demangle(t.name(), nullptr, nullptr, &status);
  if (status == 0 && s != nullptr) {
    std::string r(s);
    std::free(s);
    return r;
  }
  std::free(s);
#endif
  return t.name();
}

AICORE_RT_FN void CheckBlockEnd(CoreContext& core) {
  if (core.deferred) {
    core.deferred = false;
    Fail(core.deferred_kind, core.deferred_api, core.deferred_loc, core.deferred_detail.data());
  }
  if (core.flags_outstanding != 0) {
    for (int e = 0; e < kNumHardEvents; ++e) {
      for (int id = 0; id < kNumEventIds; ++id) {
        if (core.flags[e][id] != 0) {
          Fail(ErrorKind::kSync, "SetFlag", core.flag_loc[e][id],
               FlagName(e, id) +
                   " was set but never waited for when the block ended "
                   "(an unpaired SetFlag leaves the event pending on the NPU)");
        }
      }
    }
  }
}

AICORE_RT_FN std::string ThrowSiteNote(const CoreContext& core) {
  if (core.san == 0) {
    return " (run with AICORE_SANITIZE set to any mode to name the block's last API call)";
  }
  const char* api = core.last_api.load(std::memory_order_relaxed);
  if (api == nullptr || *api == '\0') return " (before the block's first API call)";
  return std::string(" (thrown after the block's last API call, ") + api + ", at the line given)";
}

AICORE_RT_FN void CheckNotInSink(const char* api, const char* kernel, SrcLoc loc) {
  if (AICORE_UNLIKELY(t_in_sink)) {
    throw KernelError(ErrorKind::kLaunch, kernel, -1, 0, api, loc,
                      std::string(api) +
                          " from inside an aicore error sink (SetErrorSink / "
                          "ErrorRecorder) is not supported: the sink runs while the launch that "
                          "raised the report holds the core grid; record the report and launch "
                          "after the failing call returns");
  }
}
// The pool task of LaunchErased: one block of the launch's body.
AICORE_RT_FN void RunErasedBlock(void* self, uint32_t block, uint32_t thread) {
  LaunchState& st = *static_cast<LaunchState*>(self);
  if (st.abort.load(std::memory_order_relaxed)) {
    if (st.cooperative) CoopExit(st, thread);
    return;
  }
  AICORE_PREFETCH(st.body_obj);  // the kernel's arguments, read after BeginBlock
  CoreContext& core = ThreadCore();
  core.BeginBlock(&st, block);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    ForEachObserver(core.instr, [&](const Observer& o) {
      if (o.block_begin != nullptr) o.block_begin(core);
    });
  }
  WatchEntry* const watch = st.watch;  // nullptr unless the watchdog watches the launch
  if (AICORE_UNLIKELY(watch != nullptr)) WatchStart(*watch, block, core);
  t_core = &core;
  try {
    st.body_fn(st.body_obj);
    CheckBlockEnd(core);
  } catch (const AbortBlock&) {
  } catch (const KernelError&) {
    st.Record(std::current_exception());
  } catch (const std::exception& e) {
    st.Record(std::make_exception_ptr(KernelError(
        ErrorKind::kException, ReportKernel(st, core.core_type), core.block_idx,
        ReportBlockNum(st, core.core_type), "kernel body", ThrowSite(core),
        "uncaught exception " + ReadableTypeName(typeid(e)) + ": " + e.what() +
            ThrowSiteNote(core),
        std::current_exception())));
  } catch (...) {
    st.Record(std::make_exception_ptr(KernelError(
        ErrorKind::kException, ReportKernel(st, core.core_type), core.block_idx,
        ReportBlockNum(st, core.core_type), "kernel body", ThrowSite(core),
        "uncaught exception of unknown type" + ThrowSiteNote(core), std::current_exception())));
  }
  if (AICORE_UNLIKELY(!core.out.empty())) FlushBlockOutput(core);
  t_core = nullptr;
  core.EndBlock();
  if (AICORE_UNLIKELY(watch != nullptr)) WatchEnd(*watch, block);
  if (st.cooperative) CoopExit(st, thread);
}

AICORE_RT_FN void LaunchErased(const LaunchConfig& cfg, SrcLoc loc, const char* name,
                               uint32_t blockDim, LaunchBody body) {
  CheckNotInSink("Launch", name, loc);
  if (t_core != nullptr) {
    Fail(ErrorKind::kLaunch, "Launch", loc.file && *loc.file ? loc : ThrowSite(*t_core),
         std::string("nested launch of kernel ") + name + " from inside a kernel is not supported");
  }
  if (t_in_parallel_for) {
    DeliverOrThrow(KernelError(ErrorKind::kLaunch, name, -1, 0, "Launch", loc,
                               "launch from inside an aicore::ParallelFor body is not supported"));
    return;
  }
  if (blockDim == 0 || blockDim > kMaxBlockDim) {
    DeliverOrThrow(KernelError(ErrorKind::kLaunch, name, -1, 0, "Launch", loc,
                               "blockDim " + std::to_string(blockDim) + " is outside [1, " +
                                   std::to_string(kMaxBlockDim) + "]"));
    return;
  }
  const uint32_t tasks = LaunchTasks(cfg.geom, blockDim);
  (void)GetSocProfile();  // AICORE_SOC is checked here, on the launching thread
  LaunchState state;
  state.san = GetSanitize();
  if (AICORE_UNLIKELY(state.san != 0)) {
    if (AICORE_UNLIKELY((ObservedBits() & state.san) != state.san)) {
      DeliverOrThrow(KernelError(
          ErrorKind::kLaunch, name, -1, 0, "Launch", loc,
          "sanitizer modes are on (AICORE_SANITIZE / aicore::SetSanitize) but this program has no "
          "sanitizer: include <aicore/aicore.h> or <aicore/instrument/sanitizer.h> in one of its "
          "source files"));
      return;
    }
    InstallCrashHandlers();
  }
  state.instr = state.san | (GetObserverBits() & ObservedBits());
  state.kernel = name;
  state.block_dim = tasks;
  state.geom = cfg.geom;
  state.group_num = blockDim;
  state.tiling_key = cfg.tiling_key;
  state.body_fn = body.invoke;
  state.body_obj = body.obj;
  const uint32_t aic = IsMixed(cfg.geom) || cfg.geom == Geometry::kAIC ? blockDim : 0;
  auto run = [&](ThreadPool& pool, CoopState& coop) {
    state.threads = std::min(pool.NumThreads(), tasks);
    state.cooperative = tasks <= pool.NumThreads();
    state.coop = &coop;
    coop.Begin(cfg.geom, tasks, aic, tasks - aic, pool.NumThreads());
    state.coop_seq = coop.seq;
    if (AICORE_UNLIKELY(state.instr != 0)) {
      ForEachObserver(state.instr, [&](const Observer& o) {
        if (o.launch_begin != nullptr) o.launch_begin(state);
      });
    }
    {
      WatchScope watch(state);  // the deadlock watchdog (synccheck), while blocks run
      pool.Run(tasks, tasks, &RunErasedBlock, &state);
    }
    if (AICORE_UNLIKELY(state.instr != 0)) {
      ForEachObserver(state.instr, [&](const Observer& o) {
        if (o.launch_end != nullptr) o.launch_end(state);
      });
    }
  };
  if (cfg.cooperative && tasks <= kMaxCooperativeBlocks) {
    RunOnGrid(CoopPool(), [&](CoopPoolHolder& h) -> ThreadPool& { return h.GetAtLeast(tasks); },
              tasks, run);
  } else {
    RunOnGrid(Pool(), [](PoolHolder& h) -> ThreadPool& { return h.Get(); },
              std::min(GetNumThreads(), tasks), run);
  }
  if (state.first) std::rethrow_exception(state.first);
}

}  // namespace detail
}  // namespace aicore
