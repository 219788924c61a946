// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Definitions of aicore/runtime/pool.h (see AICORE_RT_FN in base/defs.h).
#pragma once

#include "aicore/runtime/pool.h"

namespace aicore {
namespace detail {

AICORE_RT_FN ThreadPool::ThreadPool(uint32_t num_threads, uint32_t spin, uint32_t yield)
    : num_threads_(std::clamp<uint32_t>(num_threads, 1, kWorkerMask + 1)),
      spin_(spin),
      yield_(yield),
      done_(std::make_unique<Report[]>(num_threads_)) {
  for (uint32_t t = 1; t < num_threads_; ++t) {
    workers_.emplace_back([this, t] { WorkerLoop(t); });
  }
}

AICORE_RT_FN ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(park_mu_);
    stop_.store(true);
  }
  park_cv_.notify_all();
  for (auto& w : workers_) w.join();
}

AICORE_RT_FN void ThreadPool::WorkerLoop(uint32_t thread) {
  uint64_t served = 0;
  for (;;) {
    // Wait for an open job this worker has not served.
    uint64_t s = state_.load(std::memory_order_acquire);
    for (uint32_t spins = 0; !((s & 1) && s != served); ++spins) {
      if (stop_.load(std::memory_order_relaxed)) return;
      if (spins < spin_) {
        AICORE_PAUSE();
      } else if (spins < spin_ + yield_) {
        std::this_thread::yield();
      } else {
        std::unique_lock<std::mutex> lock(park_mu_);
        parked_.fetch_add(1, std::memory_order_seq_cst);
        park_cv_.wait(lock, [&] {
          uint64_t now = state_.load(std::memory_order_seq_cst);
          return stop_.load() || ((now & 1) && now != served);
        });
        parked_.fetch_sub(1, std::memory_order_relaxed);
        spins = 0;
      }
      s = state_.load(std::memory_order_acquire);
    }
    served = s;
    if (thread > ((s >> 1) & kWorkerMask)) continue;  // a job for fewer workers
    Serve(thread);
  }
}

AICORE_RT_FN uint32_t DefaultNumThreads() {
  if (const char* env = std::getenv("AICORE_NUM_THREADS")) {
    const long n = std::strtol(env, nullptr, 10);
    if (n > 0) return static_cast<uint32_t>(std::min<long>(n, 1024));
  }
  const unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1 : hw;
}
}  // namespace detail
}  // namespace aicore
