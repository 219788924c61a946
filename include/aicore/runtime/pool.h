// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The core grid: a persistent thread pool. The launching thread takes part in
// every job; workers spin briefly, then yield, then park on a condition
// variable, so that back-to-back launches are cheap and an idle pool burns no
// CPU.
//
// Job hand-off protocol:
//  - Tasks are claimed from one counter, next_, which holds kBias + the
//    number of tasks not yet claimed. A thread claims with fetch_sub(1): an
//    old value above kBias is a claim of task num_tasks_ - (old - kBias) of
//    the job the counter belongs to; anything else is no claim (the bias
//    keeps late decrements from borrowing, however many threads try).
//  - A claim holds the job open: the launcher waits until the workers have
//    reported every task it did not run itself, and each claimer reports its
//    tasks only after running them. So a thread that holds a claim may read
//    the job's fields (fn_, closure_, num_tasks_, job_, job_workers_): the
//    launcher writes the next job's fields only after every report, and
//    publishes them with the store that resets next_ (release; the claim's
//    read-modify-write acquires it). A late worker that claims nothing never
//    reads them, and the launcher never waits for workers that take no
//    task: an empty launch costs the launcher's own claims and one store to
//    wake the workers.
//  - Reports: worker t (1..job_workers_) stores job_ << kCountBits | tasks
//    run so far into its own cache line, done_[t], which the launcher polls; exiting
//    workers thus never contend on one line. A worker outside 1..job_workers_
//    (one that read an older state and claimed a task of a newer job) adds
//    its count to the shared late_ instead.
//  - state_ only wakes the workers: it is odd while a job is open, and an
//    open state also carries the job's worker count w (bits 1-11): workers
//    1..w try to claim, the others see from state_ alone that the job does
//    not need them (an 8-block launch on a 16-thread grid wakes 7 workers).
//    A worker that read an older state may still claim a task of a newer
//    job; the claim is valid for whichever job the counter belongs to.
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
#if defined(__GNUC__)
#define AICORE_PREFETCH(p) __builtin_prefetch(p)
#else
#define AICORE_PREFETCH(p) ((void)(p))
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
    job_workers_ = threads - 1;
    ++job_;
    late_.store(0, std::memory_order_relaxed);
    next_.store(kBias + num_tasks, std::memory_order_seq_cst);  // publishes the fields
    const uint64_t open = (job_ << kJobShift) | (uint64_t{job_workers_} << 1) | 1;
    state_.store(open, std::memory_order_seq_cst);
    if (parked_.load(std::memory_order_seq_cst) > 0) {
      // All of them: a notification could reach a worker the job does not
      // take, and a cooperative launch needs every one it takes.
      std::lock_guard<std::mutex> lock(park_mu_);
      park_cv_.notify_all();
    }
    // The caller works too, then waits for the tasks the workers claimed.
    const uint32_t theirs = num_tasks - ClaimAndRun(0);
    for (uint32_t spins = 0; theirs != 0; ++spins) {
      uint32_t reported = late_.load(std::memory_order_acquire);
      for (uint32_t t = 1; t <= job_workers_; ++t) {
        const uint64_t v = done_[t].v.load(std::memory_order_acquire);
        if ((v >> kCountBits) == job_) reported += static_cast<uint32_t>(v & kCountMask);
      }
      if (reported == theirs) break;
      if (spins < 4096) {
        AICORE_PAUSE();
      } else {
        std::this_thread::yield();
      }
    }
    state_.store(job_ << kJobShift, std::memory_order_relaxed);  // close (even)
  }

 private:
  AICORE_RT_FN void WorkerLoop(uint32_t thread);

  // Claims and runs tasks of the published job until none is left; returns
  // how many it ran.
  uint32_t ClaimAndRun(uint32_t thread) {
    uint32_t ran = 0;
    for (;;) {
      const uint64_t old = next_.fetch_sub(1, std::memory_order_acq_rel);
      if (old <= kBias) return ran;
      fn_(closure_, num_tasks_ - static_cast<uint32_t>(old - kBias), thread);
      ++ran;
    }
  }

  // A worker's claims and report.
  void Serve(uint32_t thread) {
    const uint32_t ran = ClaimAndRun(thread);
    if (ran == 0) return;
    // The job's fields are still those of the tasks it ran (not yet reported).
    if (thread <= job_workers_) {
      // It may serve a job twice (a claim of a newer job, then its state).
      std::atomic<uint64_t>& slot = done_[thread].v;
      const uint64_t v = slot.load(std::memory_order_relaxed);
      const uint64_t base = (v >> kCountBits) == job_ ? v : job_ << kCountBits;
      slot.store(base + ran, std::memory_order_release);
    } else {
      late_.fetch_add(ran, std::memory_order_release);
    }
  }

  static constexpr uint32_t kSpin = 20000;  // ~ tens of microseconds
  static constexpr uint32_t kYield = 2000;  // then yield for a while before parking
  static constexpr unsigned kJobShift = 12;    // state_: job << 12 | workers << 1 | open
  static constexpr uint64_t kWorkerMask = 0x7ff;
  static constexpr uint64_t kBias = uint64_t{1} << 62;  // next_ without unclaimed tasks
  static constexpr unsigned kCountBits = 20;            // done_: tasks run (< 2^20)
  static constexpr uint64_t kCountMask = (uint64_t{1} << kCountBits) - 1;

  const uint32_t num_threads_;
  const uint32_t spin_;
  const uint32_t yield_;
  std::vector<std::thread> workers_;

  // The current job (written only while no thread holds a claim). Not in
  // state_'s cache line: the workers spin on that line, and writing the
  // fields there would pull it back from each of them field by field.
  TaskFn fn_ = nullptr;
  void* closure_ = nullptr;
  uint32_t num_tasks_ = 0;
  uint32_t job_workers_ = 0;  // workers 1..job_workers_ take part
  uint64_t job_ = 0;          // the launcher's job counter

  alignas(64) std::atomic<uint64_t> state_{0};
  alignas(64) std::atomic<uint64_t> next_{kBias};
  alignas(64) std::atomic<uint32_t> late_{0};
  struct alignas(64) Report {
    std::atomic<uint64_t> v{0};
  };
  std::unique_ptr<Report[]> done_;  // per worker: job_ << kCountBits | tasks run
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
