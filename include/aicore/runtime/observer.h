// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Observers of kernel execution: the consumers of the instrumentation layer
// (aicore/instrument/event.h). The kernel sanitizer is one; an NPU timeline
// profiler can be another, added without touching the instructions.
//
// An observer is a table of plain functions registered once per program
// (RegisterObserver, usually from an inline variable of the header that
// defines it). A launch works out which observers are on from its
// instrumentation bits (`LaunchState::instr`: the sanitizer modes, plus the
// bits other observers claim); with none on, no observer function runs and
// each API call costs the one `core.instr != 0` branch it always had.
//
// This header sits in the runtime layer so that Launch can call the launch
// and block hooks; the events themselves are defined one layer up
// (instrument/), and only declared here.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>

namespace aicore {
namespace instrument {
struct Event;
}  // namespace instrument

namespace detail {

struct LaunchState;
struct CoreContext;

struct Observer {
  const char* name;
  // The LaunchState::instr bits that switch this observer on.
  uint32_t bits;
  // Around the blocks of a launch, on the launching thread.
  void (*launch_begin)(LaunchState&);
  void (*launch_end)(LaunchState&);
  // After a block's identity is set, before the kernel body runs.
  void (*block_begin)(CoreContext&);
  // One API call's event (instrument::Emit), on the block's thread. May
  // report (Fail / Report) like the API itself.
  void (*event)(CoreContext&, const instrument::Event&);
};

constexpr int kMaxObservers = 8;

struct ObserverTable {
  std::mutex mu;
  std::atomic<int> count{0};
  const Observer* list[kMaxObservers] = {};
  std::atomic<uint32_t> bits{0};  // union of the registered observers' bits
};

inline ObserverTable& Observers() {
  static ObserverTable* t = new ObserverTable;  // never destroyed: used at exit
  return *t;
}

// Adds `o` (once; a second registration of the same table is ignored).
// Returns true, for use as an inline variable's initializer.
inline bool RegisterObserver(const Observer* o) {
  ObserverTable& t = Observers();
  std::lock_guard<std::mutex> lock(t.mu);
  const int n = t.count.load(std::memory_order_relaxed);
  for (int i = 0; i < n; ++i) {
    if (t.list[i] == o) return true;
  }
  if (n == kMaxObservers) return false;
  t.list[n] = o;
  t.bits.fetch_or(o->bits, std::memory_order_relaxed);
  t.count.store(n + 1, std::memory_order_release);
  return true;
}

// Instrumentation bits: 0-4 are the sanitizer modes (aicore::SanitizeMode);
// other observers take bits from kFirstObserverBit up.
constexpr uint32_t kFirstObserverBit = 1u << 8;

// Observer bits (other than the sanitizer modes) on for launches that start
// from now (SetObserverBits).
inline std::atomic<uint32_t>& ObserverBitsOn() {
  static std::atomic<uint32_t> bits{0};
  return bits;
}

// The instrumentation bits that some registered observer consumes.
inline uint32_t ObservedBits() { return Observers().bits.load(std::memory_order_relaxed); }

// Calls f(observer) for every registered observer whose bits meet `instr`.
template <class F>
inline void ForEachObserver(uint32_t instr, F&& f) {
  ObserverTable& t = Observers();
  const int n = t.count.load(std::memory_order_acquire);
  for (int i = 0; i < n; ++i) {
    const Observer* o = t.list[i];
    if ((o->bits & instr) != 0) f(*o);
  }
}

}  // namespace detail

// Switches observers other than the sanitizer on or off for launches that
// start from now: `bits` are observer bits (>= detail::kFirstObserverBit);
// the sanitizer has its own switch (SetSanitize).
inline void SetObserverBits(uint32_t bits) {
  detail::ObserverBitsOn().store(bits & ~(detail::kFirstObserverBit - 1), std::memory_order_relaxed);
}
inline uint32_t GetObserverBits() {
  return detail::ObserverBitsOn().load(std::memory_order_relaxed);
}

}  // namespace aicore
