// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Global-memory allocations: GmAlloc / GmFree, GmRegister / GmUnregister, and
// the registry that knows every live allocation's base and size, so that
// launch arguments, tiling pointers, workspaces and (under the memcheck
// sanitizer) every GM access can be checked against the memory they point
// into.
//
// Memory comes from anonymous mappings where mmap exists (zero-filled like the
// vendor's shared-memory GM; allocations of 2 MiB and more ask for huge pages,
// which makes first touch ~50x cheaper). Lookups are O(log n) under a mutex;
// the per-access lookups of the GM sanitizer go through a per-thread cache
// (instrument/sanitizer/gm.h) validated by the registry's version counter, which every change
// of the registry bumps.
//
// Under the sanitizer (base/sanitize.h):
//   memcheck   GmFree keeps the released pages reserved and inaccessible
//              (a bounded quarantine), so that an access through a stale
//              pointer is reported as "use after GmFree" instead of landing in
//              memory reused by someone else; at exit, GmAlloc blocks never
//              released are reported as leaks (kind kLeak).
//   initcheck  GmAlloc fills new memory with a poison pattern instead of
//              zeros, and keeps one shadow byte per GM byte (0: nothing wrote
//              it yet); see instrument/sanitizer/gm.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "aicore/base/defs.h"
#include "aicore/base/error.h"

namespace aicore {

// A live GM allocation.
struct GmBlock {
  uint8_t* base = nullptr;
  size_t size = 0;          // bytes requested
  bool registered = false;  // memory declared with GmRegister (not from GmAlloc)
  SrcLoc where{"", 0};      // the GmAlloc / GmRegister call
};

namespace detail {

// Initcheck poison: GmAlloc memory starts as this 8-byte word, repeated. It
// reads as NaN in every lane as double, float, half and bfloat16_t, so that
// garbage a kernel computes with also shows in its output.
constexpr uint64_t kGmPoison = 0xFFFAFFADFFDEFFB5ull;
constexpr const char* kGmPoisonText = "0xFFFAFFADFFDEFFB5";

// "0x..." (printf's %p).
AICORE_RT_FN std::string HexPtr(const void* p);
// What a pointer is, for reports: a live allocation or registration (and
// where it was made), released memory, or none of these.
AICORE_RT_FN std::string DescribeGmPointer(const void* p);
// GmFree without the report: releases p, or returns what is wrong with it
// (and releases nothing).
AICORE_RT_FN std::string GmRelease(void* p, SrcLoc loc);

}  // namespace detail

// The live allocation or registration containing p (base <= p < base +
// size), if any.
AICORE_RT_FN bool GmFind(const void* p, GmBlock* out = nullptr);

// The GmAlloc blocks not yet released (with where each was allocated), lowest
// address first: a program or test can check for leaks without exiting.
AICORE_RT_FN std::vector<GmBlock> GmLiveBlocks();

// Allocates `bytes` of zero-filled GM, page-aligned (under the initcheck
// sanitizer, filled with a poison pattern instead: see instrument/sanitizer/gm.h). Throws
// std::bad_alloc when out of memory.
AICORE_RT_FN void* GmAlloc(size_t bytes, SrcLoc loc = SrcLoc::Current());

// Releases a GmAlloc allocation. A pointer that is not the start of a live
// allocation (never allocated, already freed, inside a block, or registered
// with GmRegister) is reported (kind kParameter) through the error sink, or
// thrown as KernelError when none is installed, and releases nothing.
AICORE_RT_FN void GmFree(void* p, SrcLoc loc = SrcLoc::Current());

// Declares [p, p + bytes) — memory that does not come from GmAlloc, e.g. a
// std::vector's data — as a GM buffer: the memcheck sanitizer then checks
// every GM access that starts in it, or exactly at its end, against its end
// (accesses to memory that is in no GmAlloc block and not registered are not
// checked beyond the size given to SetGlobalBuffer; register adjacent buffers
// each on its own), ICPU_RUN_KF and the tiling checks accept pointers into
// it, and initcheck treats it as initialized. A range that overlaps a live
// allocation or registration is reported (kParameter) and not registered.
// End it with GmUnregister(p) before the memory is freed, or use
// GmRegistration.
AICORE_RT_FN void GmRegister(const void* p, size_t bytes, SrcLoc loc = SrcLoc::Current());

// Ends a GmRegister registration (p: the pointer registered). Anything else is
// reported (kParameter).
AICORE_RT_FN void GmUnregister(const void* p, SrcLoc loc = SrcLoc::Current());

// RAII GmRegister / GmUnregister: `aicore::GmRegistration reg(v.data(),
// v.size() * sizeof(v[0]));`
class GmRegistration {
 public:
  GmRegistration(const void* p, size_t bytes, SrcLoc loc = SrcLoc::Current()) : p_(p) {
    GmRegister(p, bytes, loc);
  }
  ~GmRegistration() {
    GmBlock b;
    if (GmFind(p_, &b) && b.registered && b.base == p_) GmUnregister(p_);
  }
  GmRegistration(const GmRegistration&) = delete;
  GmRegistration& operator=(const GmRegistration&) = delete;

 private:
  const void* p_;
};

}  // namespace aicore

#if AICORE_RT_DEFINITIONS
#include "aicore/runtime/gm-inl.h"
#endif
