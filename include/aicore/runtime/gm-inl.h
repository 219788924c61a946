// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Definitions of runtime/gm.h (see AICORE_RT_FN in base/defs.h): the GM
// registry, and the registry's internals that the GM sanitizer
// (instrument/sanitizer/gm.h) uses.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <new>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#include <unistd.h>
#define AICORE_GM_MMAP 1
#endif

#include "aicore/base/sanitize.h"
#include "aicore/runtime/gm.h"

namespace aicore {
namespace detail {

// Initcheck state of a GmAlloc block: one byte per GM byte, 0 until the host
// or a kernel wrote it.
struct GmShadow {
  std::unique_ptr<uint8_t[]> written;
  std::atomic<bool> complete{false};  // every byte written: reads need no check
};

struct GmEntry {
  size_t size = 0;  // bytes requested (registered: bytes registered)
  // Addresses the entry owns, from its base: the mapped pages of a GmAlloc
  // block (an access starting in the slack after `size` is past its end), or
  // size + 1 for registered memory (an access starting exactly at its end is
  // past its end; any later address may be someone else's).
  size_t span = 0;
  bool registered = false;
  SrcLoc where{"", 0};
  std::unique_ptr<GmShadow> shadow;  // initcheck: GmAlloc blocks made while it was on
};

// A released GmAlloc block.
struct GmFreed {
  size_t size = 0;
  size_t mapped = 0;
  SrcLoc where{"", 0};  // the GmFree call
};

struct GmRegistry {
  std::mutex mu;
  std::map<uintptr_t, GmEntry> live;        // base -> live allocation or registration
  std::map<uintptr_t, GmFreed> quarantine;  // released, still reserved (memcheck)
  std::deque<uintptr_t> quarantine_order;   // oldest first
  size_t quarantine_bytes = 0;
  std::map<uintptr_t, GmFreed> freed;  // released and unmapped (bounded)
  // Bumped (under mu) by every change of live / quarantine: per-thread caches
  // of lookups are valid while it is unchanged.
  std::atomic<uint64_t> version{1};
};

// Never destroyed: the exit-time leak report and late threads use it.
inline GmRegistry& Gm() {
  static GmRegistry* r = new GmRegistry;
  return *r;
}

constexpr size_t kGmQuarantineBlocks = 1024;
constexpr size_t kGmQuarantineBytes = size_t{16} << 30;  // address space only
constexpr size_t kGmFreedRemembered = size_t{1} << 16;

inline size_t GmMappedBytes(size_t bytes) {
#ifdef AICORE_GM_MMAP
  static const size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
  return (std::max<size_t>(bytes, 1) + page - 1) / page * page;
#else
  return (std::max<size_t>(bytes, 1) + 63) / 64 * 64;
#endif
}

AICORE_RT_FN std::string HexPtr(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%p", p);
  return buf;
}

inline std::string WhereSuffix(SrcLoc loc, const char* verb) {
  if (loc.file == nullptr || *loc.file == '\0') return "";
  return std::string(" (") + verb + " at " + loc.Str() + ")";
}

// "the 4096-byte GmAlloc block 0x7f.. (allocated at f.cpp:12)" (under mu).
inline std::string DescribeEntry(uintptr_t base, const GmEntry& e) {
  return "the " + std::to_string(e.size) + "-byte " +
         (e.registered ? "GmRegister buffer " : "GmAlloc block ") +
         HexPtr(reinterpret_cast<void*>(base)) +
         WhereSuffix(e.where, e.registered ? "registered" : "allocated");
}

// The entry of `m` whose [base, base + extent(entry)) holds key (under mu).
template <class Map, class Extent>
typename Map::const_iterator FindIn(const Map& m, uintptr_t key, Extent extent) {
  auto it = m.upper_bound(key);
  if (it == m.begin()) return m.end();
  --it;
  return key - it->first < extent(it->second) ? it : m.end();
}

inline std::map<uintptr_t, GmEntry>::const_iterator FindLive(const GmRegistry& r, uintptr_t key) {
  return FindIn(r.live, key, [](const GmEntry& e) { return std::max<size_t>(e.size, 1); });
}
inline std::map<uintptr_t, GmFreed>::const_iterator FindQuarantined(const GmRegistry& r,
                                                                    uintptr_t key) {
  return FindIn(r.quarantine, key, [](const GmFreed& f) { return f.mapped; });
}

// Describes where p points relative to the registry (for error messages).
AICORE_RT_FN std::string DescribeGmPointer(const void* p) {
  GmRegistry& r = Gm();
  std::lock_guard<std::mutex> lock(r.mu);
  const auto key = reinterpret_cast<uintptr_t>(p);
  if (r.freed.count(key) != 0 || r.quarantine.count(key) != 0) return "it was released by GmFree";
  auto q = FindQuarantined(r, key);
  if (q != r.quarantine.end()) {
    return "it points " + std::to_string(key - q->first) + " bytes into a " +
           std::to_string(q->second.size) + "-byte GmAlloc block released by GmFree" +
           WhereSuffix(q->second.where, "released");
  }
  auto it = r.live.upper_bound(key);
  if (it != r.live.begin()) {
    --it;
    const uintptr_t end = it->first + it->second.size;
    if (key == end) {
      return "it points just past the end of " + DescribeEntry(it->first, it->second);
    }
  }
  return "it is not memory from GmAlloc";
}

inline void GmUnmap(uintptr_t base, size_t mapped) {
#ifdef AICORE_GM_MMAP
  ::munmap(reinterpret_cast<void*>(base), mapped);
#else
  (void)mapped;
  ::operator delete(reinterpret_cast<void*>(base), std::align_val_t(64));
#endif
}

// Forgets released blocks that overlap [p, p + bytes), which the system has
// just handed out again (under mu).
inline void ForgetFreed(GmRegistry& r, uintptr_t p, size_t bytes) {
  auto it = r.freed.upper_bound(p);
  if (it != r.freed.begin() && std::prev(it)->first + std::prev(it)->second.mapped > p) --it;
  while (it != r.freed.end() && it->first < p + bytes) it = r.freed.erase(it);
}

// Remembers a released block for double-free messages (under mu).
inline void RememberFreed(GmRegistry& r, uintptr_t base, const GmFreed& f) {
  if (r.freed.size() >= kGmFreedRemembered) r.freed.erase(r.freed.begin());  // bounded memory
  r.freed[base] = f;
}

// Releases the oldest quarantined blocks while the quarantine is over its
// bounds (under mu).
inline void TrimQuarantine(GmRegistry& r) {
  while (!r.quarantine_order.empty() &&
         (r.quarantine.size() > kGmQuarantineBlocks || r.quarantine_bytes > kGmQuarantineBytes)) {
    const uintptr_t base = r.quarantine_order.front();
    r.quarantine_order.pop_front();
    auto it = r.quarantine.find(base);
    if (it == r.quarantine.end()) continue;
    const GmFreed f = it->second;
    r.quarantine.erase(it);
    r.quarantine_bytes -= f.mapped;
    GmUnmap(base, f.mapped);
    RememberFreed(r, base, f);
  }
}

// Live GmAlloc blocks (not registrations), lowest address first.
inline std::vector<GmBlock> GmLiveAllocations() {
  GmRegistry& r = Gm();
  std::lock_guard<std::mutex> lock(r.mu);
  std::vector<GmBlock> v;
  for (const auto& kv : r.live) {
    if (kv.second.registered) continue;
    v.push_back(
        GmBlock{reinterpret_cast<uint8_t*>(kv.first), kv.second.size, false, kv.second.where});
  }
  return v;
}

// The memcheck leak report (kind kLeak) of the GmAlloc blocks still live;
// returns whether there were any. Called at exit by the sanitizer summary.
inline bool ReportGmLeaks() {
  const std::vector<GmBlock> blocks = GmLiveAllocations();
  if (blocks.empty()) return false;
  size_t total = 0;
  for (const GmBlock& b : blocks) total += b.size;
  std::string detail = "GM leak: " + std::to_string(blocks.size()) + " GmAlloc block" +
                       (blocks.size() == 1 ? "" : "s") + " (" + std::to_string(total) +
                       " bytes) never released:";
  constexpr size_t kListed = 8;
  for (size_t i = 0; i < blocks.size() && i < kListed; ++i) {
    detail += std::string(i == 0 ? " " : ", ") + std::to_string(blocks[i].size) + " bytes at " +
              HexPtr(blocks[i].base) + WhereSuffix(blocks[i].where, "allocated");
  }
  if (blocks.size() > kListed)
    detail += ", and " + std::to_string(blocks.size() - kListed) + " more";
  detail += " (release each with GmFree)";
  Deliver(KernelError(ErrorKind::kLeak, "", -1, 0, "GmAlloc", blocks.front().where, detail));
  return true;
}

// Hook of the AICORE_SANITIZE exit summary: leaks are reported under memcheck.
inline std::string GmExitReport() {
  // Not after a failed launch ended the process (the host never got to free).
  if ((GetSanitize() & kMemcheck) != 0 && !Sanitize().exit_on_failure.load()) ReportGmLeaks();
  return std::string();
}
inline const bool g_gm_exit_hook_installed = (g_exit_report = &GmExitReport, true);

}  // namespace detail

AICORE_RT_FN bool GmFind(const void* p, GmBlock* out) {
  detail::GmRegistry& r = detail::Gm();
  const auto key = reinterpret_cast<uintptr_t>(p);
  std::lock_guard<std::mutex> lock(r.mu);
  auto it = detail::FindLive(r, key);
  if (it == r.live.end()) return false;
  if (out != nullptr) {
    out->base = reinterpret_cast<uint8_t*>(it->first);
    out->size = it->second.size;
    out->registered = it->second.registered;
    out->where = it->second.where;
  }
  return true;
}

AICORE_RT_FN std::vector<GmBlock> GmLiveBlocks() { return detail::GmLiveAllocations(); }

AICORE_RT_FN void* GmAlloc(size_t bytes, SrcLoc loc) {
  const size_t mapped = detail::GmMappedBytes(bytes);
  void* p = nullptr;
#ifdef AICORE_GM_MMAP
  p = ::mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
#if defined(MADV_HUGEPAGE)
  if (mapped >= (size_t{2} << 20)) ::madvise(p, mapped, MADV_HUGEPAGE);
#endif
#else
  p = ::operator new(mapped, std::align_val_t(64));
  std::memset(p, 0, mapped);
#endif
  detail::GmEntry e;
  e.size = bytes;
  e.span = mapped;
  e.where = loc;
  if ((GetSanitize() & kInitcheck) != 0 && bytes != 0) {
    auto* w = static_cast<uint8_t*>(p);
    for (size_t i = 0; i < bytes; i += 8) {
      std::memcpy(w + i, &detail::kGmPoison, std::min<size_t>(8, bytes - i));
    }
    e.shadow.reset(new detail::GmShadow);
    e.shadow->written.reset(new uint8_t[bytes]());
  }
  detail::GmRegistry& r = detail::Gm();
  std::lock_guard<std::mutex> lock(r.mu);
  const auto key = reinterpret_cast<uintptr_t>(p);
  detail::ForgetFreed(r, key, mapped);
  r.live[key] = std::move(e);
  r.version.fetch_add(1, std::memory_order_release);
  return p;
}

namespace detail {

AICORE_RT_FN std::string GmRelease(void* p, SrcLoc loc) {
  if (p == nullptr) return std::string();
  GmRegistry& r = Gm();
  const auto key = reinterpret_cast<uintptr_t>(p);
  std::lock_guard<std::mutex> lock(r.mu);
  auto it = r.live.find(key);
  if (it != r.live.end() && !it->second.registered) {
    const GmFreed f{it->second.size, it->second.span, loc};
    r.live.erase(it);
    r.version.fetch_add(1, std::memory_order_release);
#ifdef AICORE_GM_MMAP
    // memcheck: keep the addresses reserved (pages released, any access
    // faults) so that a stale pointer is recognised and never aliases memory
    // handed out later.
    if ((GetSanitize() & kMemcheck) != 0 &&
        ::mmap(p, f.mapped, PROT_NONE, MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1,
               0) == p) {
      r.quarantine[key] = f;
      r.quarantine_order.push_back(key);
      r.quarantine_bytes += f.mapped;
      TrimQuarantine(r);
      return std::string();
    }
#endif
    RememberFreed(r, key, f);
    GmUnmap(key, f.mapped);
    return std::string();
  }
  if (it != r.live.end()) {
    return "pointer " + HexPtr(p) + " is " + DescribeEntry(key, it->second) +
           ", not GmAlloc memory (end a registration with GmUnregister)";
  }
  const GmFreed* gone = nullptr;
  if (r.freed.count(key) != 0) gone = &r.freed[key];
  if (r.quarantine.count(key) != 0) gone = &r.quarantine[key];
  if (gone != nullptr) {
    return "pointer " + HexPtr(p) + " was already released by GmFree" +
           WhereSuffix(gone->where, "released") + " (double free)";
  }
  auto in = FindLive(r, key);
  if (in != r.live.end()) {
    return "pointer " + HexPtr(p) + " points " + std::to_string(key - in->first) + " bytes into " +
           DescribeEntry(in->first, in->second) + " (GmFree takes the pointer GmAlloc returned)";
  }
  return "pointer " + HexPtr(p) + " was not allocated by GmAlloc";
}

}  // namespace detail

AICORE_RT_FN void GmFree(void* p, SrcLoc loc) {
  const std::string problem = detail::GmRelease(p, loc);
  if (!problem.empty()) {
    detail::DeliverOrThrow(KernelError(ErrorKind::kParameter, "", -1, 0, "GmFree", loc, problem));
  }
}

AICORE_RT_FN void GmRegister(const void* p, size_t bytes, SrcLoc loc) {
  detail::GmRegistry& r = detail::Gm();
  const auto key = reinterpret_cast<uintptr_t>(p);
  std::string problem;
  if (p == nullptr || bytes == 0) {
    problem = "cannot register " + std::to_string(bytes) + " bytes at " + detail::HexPtr(p);
  } else {
    std::lock_guard<std::mutex> lock(r.mu);
    auto next = r.live.lower_bound(key);
    if (next != r.live.end() && next->first < key + bytes) {
      problem = "the " + std::to_string(bytes) + " bytes at " + detail::HexPtr(p) + " overlap " +
                detail::DescribeEntry(next->first, next->second);
    } else if (next != r.live.begin() &&
               std::prev(next)->first + std::prev(next)->second.size > key) {
      problem = "the " + std::to_string(bytes) + " bytes at " + detail::HexPtr(p) + " overlap " +
                detail::DescribeEntry(std::prev(next)->first, std::prev(next)->second);
    } else {
      detail::GmEntry e;
      e.size = bytes;
      e.span = bytes + 1;
      e.registered = true;
      e.where = loc;
      r.live[key] = std::move(e);
      r.version.fetch_add(1, std::memory_order_release);
      return;
    }
  }
  detail::DeliverOrThrow(KernelError(ErrorKind::kParameter, "", -1, 0, "GmRegister", loc, problem));
}

AICORE_RT_FN void GmUnregister(const void* p, SrcLoc loc) {
  detail::GmRegistry& r = detail::Gm();
  const auto key = reinterpret_cast<uintptr_t>(p);
  {
    std::lock_guard<std::mutex> lock(r.mu);
    auto it = r.live.find(key);
    if (it != r.live.end() && it->second.registered) {
      r.live.erase(it);
      r.version.fetch_add(1, std::memory_order_release);
      return;
    }
  }
  detail::DeliverOrThrow(
      KernelError(ErrorKind::kParameter, "", -1, 0, "GmUnregister", loc,
                  "pointer " + detail::HexPtr(p) + " is not the start of a GmRegister buffer"));
}

}  // namespace aicore
