// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Fixtures shared by the diagnostics and compat tests.
#pragma once

#include <aicore/runtime/output.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>

namespace aicore_test {

// Ends the process (a deadlocked launch cannot be unwound) if the scope that
// holds it takes longer than `limit`.
class HangGuard {
 public:
  explicit HangGuard(const char* what, std::chrono::seconds limit = std::chrono::seconds(120))
      : thread_([this, what, limit] {
          std::unique_lock<std::mutex> lock(mu_);
          if (!cv_.wait_for(lock, limit, [this] { return done_; })) {
            std::fprintf(stderr, "'%s' did not finish in %lld s: deadlock\n", what,
                         static_cast<long long>(limit.count()));
            std::fflush(stderr);
            std::abort();
          }
        }) {}
  ~HangGuard() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      done_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  HangGuard(const HangGuard&) = delete;
  HangGuard& operator=(const HangGuard&) = delete;

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  bool done_ = false;
  std::thread thread_;  // last: started after the fields it uses
};

// Captures kernel output (printf, DumpTensor) into a temporary file.
class Captured {
 public:
  Captured() : f_(std::tmpfile()) { aicore::SetKernelOutput(f_); }
  ~Captured() {
    aicore::SetKernelOutput(nullptr);
    std::fclose(f_);
  }
  Captured(const Captured&) = delete;
  Captured& operator=(const Captured&) = delete;
  std::string Text() {
    std::fflush(f_);
    std::rewind(f_);
    std::string s;
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof(buf), f_)) > 0) s.append(buf, n);
    return s;
  }

 private:
  FILE* f_;
};

}  // namespace aicore_test
