// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Global-memory allocations: GmAlloc / GmFree and the registry that knows
// every live allocation's base and size, so that launch arguments, tiling
// pointers and workspaces can be checked against the memory they point into.
//
// Memory comes from anonymous mappings where mmap exists (zero-filled like the
// vendor's shared-memory GM; allocations of 2 MiB and more ask for huge pages,
// which makes first touch ~50x cheaper). Lookups are O(log n) under a mutex:
// they are for launches and checks, not for per-element paths.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <map>
#include <mutex>
#include <new>
#include <set>
#include <string>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#include <unistd.h>
#define AICORE_GM_MMAP 1
#endif

#include "aicore/base/error.h"

namespace aicore {

// A live GM allocation.
struct GmBlock {
  uint8_t* base = nullptr;
  size_t size = 0;  // bytes requested
};

namespace detail {

struct GmRegistry {
  std::mutex mu;
  std::map<uintptr_t, size_t> live;  // base -> requested size
  std::set<uintptr_t> freed;         // bases freed and not handed out again
};

inline GmRegistry& Gm() {
  static GmRegistry r;
  return r;
}

inline size_t GmMappedBytes(size_t bytes) {
#ifdef AICORE_GM_MMAP
  static const size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
  return (std::max<size_t>(bytes, 1) + page - 1) / page * page;
#else
  return (std::max<size_t>(bytes, 1) + 63) / 64 * 64;
#endif
}

inline std::string HexPtr(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%p", p);
  return buf;
}

// Describes where p points relative to the registry (for error messages).
inline std::string DescribeGmPointer(const void* p) {
  GmRegistry& r = Gm();
  std::lock_guard<std::mutex> lock(r.mu);
  const auto key = reinterpret_cast<uintptr_t>(p);
  if (r.freed.count(key) != 0) return "it was released by GmFree";
  auto it = r.live.upper_bound(key);
  if (it != r.live.begin()) {
    --it;
    const uintptr_t end = it->first + it->second;
    if (key == end) {
      return "it points just past the end of the " + std::to_string(it->second) +
             "-byte GmAlloc block at " + HexPtr(reinterpret_cast<void*>(it->first));
    }
  }
  return "it is not memory from GmAlloc";
}

}  // namespace detail

// The live allocation containing p (base <= p < base + size), if any.
inline bool GmFind(const void* p, GmBlock* out = nullptr) {
  detail::GmRegistry& r = detail::Gm();
  const auto key = reinterpret_cast<uintptr_t>(p);
  std::lock_guard<std::mutex> lock(r.mu);
  auto it = r.live.upper_bound(key);
  if (it == r.live.begin()) return false;
  --it;
  if (key >= it->first + std::max<size_t>(it->second, 1)) return false;
  if (out != nullptr) {
    out->base = reinterpret_cast<uint8_t*>(it->first);
    out->size = it->second;
  }
  return true;
}

// Allocates `bytes` of zero-filled GM, page-aligned. Throws std::bad_alloc
// when out of memory.
inline void* GmAlloc(size_t bytes) {
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
  detail::GmRegistry& r = detail::Gm();
  std::lock_guard<std::mutex> lock(r.mu);
  const auto key = reinterpret_cast<uintptr_t>(p);
  r.live[key] = bytes;
  r.freed.erase(key);
  return p;
}

// Releases a GmAlloc allocation. A pointer that is not the start of a live
// allocation (never allocated, already freed, or inside a block) raises
// KernelError (kind kParameter) and releases nothing.
inline void GmFree(void* p, SrcLoc loc = SrcLoc::Current()) {
  if (p == nullptr) return;
  detail::GmRegistry& r = detail::Gm();
  const auto key = reinterpret_cast<uintptr_t>(p);
  size_t bytes = 0;
  std::string problem;
  {
    std::lock_guard<std::mutex> lock(r.mu);
    auto it = r.live.find(key);
    if (it != r.live.end()) {
      bytes = it->second;
      r.live.erase(it);
      if (r.freed.size() >= (size_t{1} << 16)) r.freed.erase(r.freed.begin());  // bounded memory
      r.freed.insert(key);
    } else if (r.freed.count(key) != 0) {
      problem = "pointer " + detail::HexPtr(p) + " was already released by GmFree (double free)";
    } else {
      auto in = r.live.upper_bound(key);
      if (in != r.live.begin() && key < std::prev(in)->first + std::prev(in)->second) {
        --in;
        problem = "pointer " + detail::HexPtr(p) + " points " + std::to_string(key - in->first) +
                  " bytes into the " + std::to_string(in->second) + "-byte GmAlloc block at " +
                  detail::HexPtr(reinterpret_cast<void*>(in->first)) +
                  " (GmFree takes the pointer GmAlloc returned)";
      } else {
        problem = "pointer " + detail::HexPtr(p) + " was not allocated by GmAlloc";
      }
    }
  }
  if (!problem.empty()) throw KernelError(ErrorKind::kParameter, "", -1, 0, "GmFree", loc, problem);
#ifdef AICORE_GM_MMAP
  ::munmap(p, detail::GmMappedBytes(bytes));
#else
  ::operator delete(p, std::align_val_t(64));
#endif
}

}  // namespace aicore
