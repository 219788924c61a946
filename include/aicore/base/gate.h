// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// A lock with timed acquisition built on a condition variable (ThreadSanitizer
// does not see the pthread_mutex_clocklock that std::timed_mutex uses). It
// guards the core grid (a launch) and the error sink (a delivery).
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace aicore {
namespace detail {

class TimedGate {
 public:
  void lock() {
    std::unique_lock<std::mutex> l(mu_);
    cv_.wait(l, [this] { return !busy_; });
    Take();
  }
  bool try_lock() {
    std::lock_guard<std::mutex> l(mu_);
    if (busy_) return false;
    Take();
    return true;
  }
  template <class Rep, class Period>
  bool try_lock_for(std::chrono::duration<Rep, Period> wait) {
    std::unique_lock<std::mutex> l(mu_);
    if (!cv_.wait_for(l, wait, [this] { return !busy_; })) return false;
    Take();
    return true;
  }
  // Waits while others hold the gate, but gives up (returns false) once one
  // holder kept it for all of `wait` (nobody else took it meanwhile).
  template <class Rep, class Period>
  bool lock_unless_held_for(std::chrono::duration<Rep, Period> wait) {
    std::unique_lock<std::mutex> l(mu_);
    uint64_t seen = taken_;
    while (busy_) {
      if (cv_.wait_for(l, wait, [this] { return !busy_; })) break;
      if (taken_ == seen) return false;
      seen = taken_;
    }
    Take();
    return true;
  }
  void unlock() {
    {
      std::lock_guard<std::mutex> l(mu_);
      busy_ = false;
    }
    cv_.notify_all();
  }

 private:
  void Take() {
    busy_ = true;
    ++taken_;
  }

  std::mutex mu_;
  std::condition_variable cv_;
  bool busy_ = false;
  uint64_t taken_ = 0;  // acquisitions so far
};

}  // namespace detail
}  // namespace aicore
