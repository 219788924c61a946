// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The core grid: a persistent thread pool. The launching thread takes part in
// every job; workers spin briefly, then yield, then park on a condition
// variable, so that back-to-back launches are cheap and an idle pool burns no
// CPU.
//
// Job hand-off protocol (all atomics seq_cst where it matters):
//  - state_ is odd while a job is open, even while closed. An open state also
//    carries the job's worker count w (bits 1-11): workers 1..w take part,
//    the others see from state_ alone that the job does not need them and
//    never touch its counters (an 8-block launch on a 16-thread grid costs
//    the handshakes of 7 workers, not 15).
//  - The launcher writes the job fields, then opens state_. A worker that
//    sees an open state it has not served registers in busy_, re-reads
//    state_, and only if it is still open reads the fields and takes tasks.
//  - When every task is done the launcher closes state_ and waits for busy_
//    to drain; only then may it write the next job's fields. (A Dekker-style
//    handshake: a worker either sees the close and backs off, or the launcher
//    sees the worker in busy_ and waits.)
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "aicore/base/gate.h"
#include "aicore/runtime/coop_state.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define AICORE_PAUSE() _mm_pause()
#elif defined(__aarch64__)
#define AICORE_PAUSE() asm volatile("yield" ::: "memory")
#else
#define AICORE_PAUSE() ((void)0)
#endif

namespace aicore {
namespace detail {

class ThreadPool {
 public:
  using TaskFn = void (*)(void* closure, uint32_t task, uint32_t thread);

  // `spin` / `yield`: how long an idle worker spins, then yields, before it
  // parks (a pool with more threads than cores should park almost at once).
  AICORE_RT_FN explicit ThreadPool(uint32_t num_threads, uint32_t spin = kSpin,
                                   uint32_t yield = kYield);
  AICORE_RT_FN ~ThreadPool();

  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  uint32_t NumThreads() const { return num_threads_; }

  // Runs fn(closure, task, thread) for task in [0, num_tasks) on up to
  // max_threads threads (the caller is thread 0) and returns when all are
  // done. Not reentrant: callers serialise (see Launch).
  void Run(uint32_t num_tasks, uint32_t max_threads, TaskFn fn, void* closure) {
    if (num_tasks == 0) return;
    const uint32_t threads = std::min({num_threads_, max_threads, num_tasks});
    if (threads <= 1) {
      for (uint32_t i = 0; i < num_tasks; ++i) fn(closure, i, 0);
      return;
    }
    fn_ = fn;
    closure_ = closure;
    num_tasks_ = num_tasks;
    max_workers_ = threads - 1;
    next_.store(0, std::memory_order_relaxed);
    done_.store(0, std::memory_order_relaxed);
    joined_.store(0, std::memory_order_relaxed);
    ++job_;
    const uint64_t open = (job_ << kJobShift) | (uint64_t{max_workers_} << 1) | 1;
    state_.store(open, std::memory_order_seq_cst);
    if (parked_.load(std::memory_order_seq_cst) > 0) {
      // All of them: a notification could reach a worker the job does not
      // take, and a cooperative launch needs every one it takes.
      std::lock_guard<std::mutex> lock(park_mu_);
      park_cv_.notify_all();
    }
    // The caller works too.
    for (uint32_t i; (i = next_.fetch_add(1, std::memory_order_relaxed)) < num_tasks;) {
      fn(closure, i, 0);
      done_.fetch_add(1, std::memory_order_release);
    }
    for (uint32_t spins = 0; done_.load(std::memory_order_acquire) < num_tasks; ++spins) {
      if (spins < 4096) {
        AICORE_PAUSE();
      } else {
        std::this_thread::yield();
      }
    }
    state_.store(job_ << kJobShift, std::memory_order_seq_cst);  // close (even)
    while (busy_.load(std::memory_order_seq_cst) != 0) AICORE_PAUSE();
  }

 private:
  AICORE_RT_FN void WorkerLoop(uint32_t thread);

  static constexpr uint32_t kSpin = 20000;  // ~ tens of microseconds
  static constexpr uint32_t kYield = 2000;  // then yield for a while before parking
  static constexpr unsigned kJobShift = 12;    // state_: job << 12 | workers << 1 | open
  static constexpr uint64_t kWorkerMask = 0x7ff;

  const uint32_t num_threads_;
  const uint32_t spin_;
  const uint32_t yield_;
  std::vector<std::thread> workers_;

  // The current job (written only while closed and busy_ == 0).
  TaskFn fn_ = nullptr;
  void* closure_ = nullptr;
  uint32_t num_tasks_ = 0;
  uint32_t max_workers_ = 0;
  uint64_t job_ = 0;  // the launcher's job counter

  alignas(64) std::atomic<uint64_t> state_{0};
  alignas(64) std::atomic<uint32_t> next_{0};
  alignas(64) std::atomic<uint32_t> done_{0};
  alignas(64) std::atomic<uint32_t> busy_{0};
  std::atomic<uint32_t> joined_{0};
  alignas(64) std::atomic<uint32_t> parked_{0};
  std::atomic<bool> stop_{false};
  std::mutex park_mu_;
  std::condition_variable park_cv_;
};

AICORE_RT_FN uint32_t DefaultNumThreads();

// The process-wide pool and the lock that serialises launches on it.
struct PoolHolder {
  TimedGate launch_mu;  // held for the duration of a launch (see AcquireGrid)
  std::unique_ptr<ThreadPool> pool;
  // Read without launch_mu (GetNumThreads may be called from inside a kernel,
  // while the launch holds launch_mu); applied at the next launch.
  std::atomic<uint32_t> wanted{DefaultNumThreads()};
  CoopState coop;  // SyncAll / cross-core flag state of the running launch

  ThreadPool& Get() {
    const uint32_t n = wanted.load(std::memory_order_relaxed);
    if (!pool || pool->NumThreads() != n) {
      pool.reset();
      pool = std::make_unique<ThreadPool>(n);
    }
    return *pool;
  }
};

inline PoolHolder& Pool() {
  static PoolHolder holder;
  return holder;
}

// The most blocks a cooperative launch runs on threads of their own; larger
// launches run on the core grid (where SyncAll is refused).
constexpr uint32_t kMaxCooperativeBlocks = 1024;

// The pool of cooperative launches: one thread per block, so that every block
// is resident at once (SyncAll, cross-core flags). It grows to the largest
// launch seen and never shrinks; its idle workers park almost at once, since
// it usually has more threads than the machine has cores.
struct CoopPoolHolder {
  TimedGate launch_mu;
  std::unique_ptr<ThreadPool> pool;
  CoopState coop;

  ThreadPool& GetAtLeast(uint32_t n) {
    if (!pool || pool->NumThreads() < n) {
      const uint32_t size = std::max(n, pool ? pool->NumThreads() : 0u);
      pool.reset();
      const bool over = size > std::max(1u, std::thread::hardware_concurrency());
      pool = over ? std::make_unique<ThreadPool>(size, 64, 16) : std::make_unique<ThreadPool>(size);
    }
    return *pool;
  }
};

inline CoopPoolHolder& CoopPool() {
  static CoopPoolHolder holder;
  return holder;
}

// How long one launch may keep a grid busy before a launch waiting for it
// runs on a private grid instead (see AcquireGrid).
constexpr std::chrono::milliseconds kGridWait{250};

// Takes holder.launch_mu for a launch and returns true; or returns false,
// without it, when one launch held the grid for all of kGridWait while this
// one waited. Launches from independent host threads thus run one at a time
// on the grid; but a launch from a thread that a running block waits for (a
// kernel that starts a std::thread which launches, and joins it) would wait
// forever: it runs on a private grid after kGridWait (as does any launch
// behind one that runs longer). The caller unlocks launch_mu.
template <class Holder>
bool AcquireGrid(Holder& holder) {
  return holder.launch_mu.try_lock() || holder.launch_mu.lock_unless_held_for(kGridWait);
}

}  // namespace detail

// Number of threads of the core grid (the launching thread included).
inline uint32_t GetNumThreads() {
  return detail::Pool().wanted.load(std::memory_order_relaxed);
}

// Resizes the core grid; takes effect at the next launch. n == 0 restores the
// default (AICORE_NUM_THREADS or the hardware threads).
inline void SetNumThreads(uint32_t n) {
  detail::Pool().wanted.store(n == 0 ? detail::DefaultNumThreads() : std::min<uint32_t>(n, 1024),
                              std::memory_order_relaxed);
}

}  // namespace aicore

#if AICORE_RT_DEFINITIONS
#include "aicore/runtime/pool-inl.h"
#endif
