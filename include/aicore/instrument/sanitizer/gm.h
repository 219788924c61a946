// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// GM deep checks: accesses against the allocation they fall in (memcheck),
// races between blocks (racecheck), reads of GM bytes nothing wrote
// (initcheck). Hooks run only when core.san != 0.
//
// memcheck (fatal: the access does not happen). Every GM access — each burst
// of a strided DataCopy / DataCopyPad on its own — must lie inside the live
// allocation that holds its first byte: a GmAlloc block (runtime/gm.h), or a
// buffer declared with aicore::GmRegister. An access that starts in the page
// slack after a GmAlloc block, or exactly at the end of a registered buffer,
// is past its end; one into a block released by GmFree (kept in quarantine
// while memcheck is on) is a use after GmFree. Memory that is in no
// allocation and not registered (e.g. a plain std::vector) is not checked
// here: it gets only the always-on check against the size given to
// SetGlobalBuffer. Lookups go through a 4-entry per-thread cache of registry
// ranges (allocations and the gaps between them), valid while the registry
// version is unchanged: O(1) and lock-free in the common case.
//
// racecheck (non-fatal, kRace). Each block logs its GM accesses as byte
// intervals [lo, hi) with their kind (read, write, atomic write in a given
// mode) and call site; an access that touches or overlaps one of the block's
// last few intervals of the same kind and site extends it, so a tile loop
// stays one interval per stream. A phase ends at a SyncAll that every block
// of the launch takes part in, and at the launch end: then the intervals of
// all blocks are sorted and swept (O(n log n)) for bytes that two different
// blocks accessed where at least one is a plain write, or an atomic write
// meets a plain access or another atomic mode. Byte-exact (adjacent
// unaligned DataCopyPad ranges are not a conflict). Synchronisation of only
// some blocks joins them into a group for the rest of the phase, and blocks
// of one group are not checked against each other: the participants of a
// SyncAll of one core type (or of usedCores blocks), and a block whose
// CrossCoreWaitFlag completed with every block that had set that flag id in
// the phase and could have released it (same core type: mode 0/1; its own
// cube / vector blocks of a mixed group: mode 2). So the usual mixed kernel —
// cube block g hands data to vector blocks 2g, 2g+1 by flags — is checked
// between groups. Limits (accepted false negatives): inside a group, accesses
// before the synchronisation are not checked either; two setters of one flag
// that release the same waiter share its group though they are unordered;
// GlobalTensor::operator() counts as a write.
//
// initcheck (non-fatal, kUninit). The host cannot be watched, so: while
// initcheck is on, GmAlloc fills new memory with kGmPoison (8-byte words)
// and keeps a shadow byte per GM byte (gm.h). At each launch start, 8-byte
// words of a block that no longer hold the poison (in their unwritten bytes)
// are marked written — the host wrote them. Kernel writes mark the shadow; a
// kernel read (or atomic accumulation) of unmarked bytes is reported. Limits:
// host data equal to the poison (kGmPoison, NaN in every float type) in all
// unwritten bytes of an 8-byte word looks unwritten (a false positive,
// practically never — or poison copied from another uninitialized block,
// rightly); a word that a kernel wrote partly and the host changed elsewhere
// counts as written; memory allocated before initcheck was switched on, and
// GmRegister memory, count as initialized; blocks whose every byte was
// written cost nothing afterwards, others are rescanned at each launch start
// (O(bytes)).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "aicore/runtime/context.h"
#include "aicore/runtime/gm.h"
#include "aicore/instrument/event.h"

namespace aicore {
namespace detail {

// ---------------------------------------------------------------------------
// Registry lookups (memcheck, initcheck).

// A range of addresses the registry says one thing about: inside one live
// allocation (base != 0), or in none (base == 0: a gap between allocations).
struct GmCacheLine {
  uintptr_t lo = 0, hi = 0;  // [lo, hi)
  uintptr_t base = 0;
  size_t size = 0;
  GmShadow* shadow = nullptr;
  bool registered = false;
  SrcLoc where{"", 0};
};

struct GmLookupCache {
  uint64_t version = 0;
  uint32_t count = 0;
  uint32_t next = 0;
  GmCacheLine line[4];
};
inline thread_local GmLookupCache t_gm_cache;

// The registry range holding address a, or nullptr when a lies in a block
// released by GmFree (quarantined). Under the registry lock; fills the cache.
AICORE_NOINLINE inline const GmCacheLine* GmLookupSlow(uintptr_t a) {
  GmRegistry& r = Gm();
  GmCacheLine line;
  uint64_t version = 0;
  {
    std::lock_guard<std::mutex> lock(r.mu);
    version = r.version.load(std::memory_order_relaxed);
    uintptr_t lo = 0, hi = UINTPTR_MAX;
    auto next = r.live.upper_bound(a);
    if (next != r.live.end()) hi = next->first;
    bool inside = false;
    if (next != r.live.begin()) {
      auto it = std::prev(next);
      const GmEntry& e = it->second;
      if (a - it->first < e.span) {
        inside = true;
        line.lo = it->first;
        line.hi = std::min<uintptr_t>(it->first + e.span, hi);
        line.base = it->first;
        line.size = e.size;
        line.shadow = e.shadow.get();
        line.registered = e.registered;
        line.where = e.where;
      } else {
        lo = it->first + e.span;
      }
    }
    if (!inside) {
      auto qn = r.quarantine.upper_bound(a);
      if (qn != r.quarantine.end()) hi = std::min<uintptr_t>(hi, qn->first);
      if (qn != r.quarantine.begin()) {
        auto q = std::prev(qn);
        if (a - q->first < q->second.mapped) return nullptr;
        lo = std::max<uintptr_t>(lo, q->first + q->second.mapped);
      }
      line.lo = lo;
      line.hi = hi;
    }
  }
  GmLookupCache& c = t_gm_cache;
  if (c.version != version) {
    c.version = version;
    c.count = 0;
    c.next = 0;
  }
  uint32_t slot = c.count;
  if (slot < 4) {
    ++c.count;
  } else {
    slot = c.next;
    c.next = (c.next + 1) & 3;
  }
  c.line[slot] = line;
  return &c.line[slot];
}

AICORE_INLINE const GmCacheLine* GmLookup(uintptr_t a) {
  GmLookupCache& c = t_gm_cache;
  if (AICORE_LIKELY(c.version == Gm().version.load(std::memory_order_acquire))) {
    for (uint32_t i = 0; i < c.count; ++i) {
      const GmCacheLine& l = c.line[i];
      if (a - l.lo < l.hi - l.lo) return &l;
    }
  }
  return GmLookupSlow(a);
}

inline const char* GmAccessVerb(GmAccess acc) {
  return acc == GmAccess::kRead ? "read" : acc == GmAccess::kWrite ? "write" : "atomic write";
}

inline std::string DescribeLine(const GmCacheLine& l) {
  GmEntry e;
  e.size = l.size;
  e.registered = l.registered;
  e.where = l.where;
  return DescribeEntry(l.base, e);
}

// memcheck: an access that leaves its allocation.
[[noreturn]] AICORE_COLD inline void FailGmBounds(const GmCacheLine& l, GmAccess acc, uintptr_t a,
                                                  uint64_t bytes, const char* api, SrcLoc loc,
                                                  uint32_t burst, uint32_t bursts) {
  const uint64_t off = a - l.base;
  std::string d = std::string("invalid GM ") + GmAccessVerb(acc) + " of " + std::to_string(bytes) +
                  " bytes at offset " + std::to_string(off) + " of " + DescribeLine(l) + " (";
  if (off >= l.size) {
    d += "it starts " + std::to_string(off - l.size) + " bytes past its end)";
  } else {
    d += "it ends " + std::to_string(off + bytes - l.size) + " bytes past its end)";
  }
  d += " by " + std::string(api);
  if (bursts > 1) {
    d += " (burst " + std::to_string(burst) + " of " + std::to_string(bursts) +
         " of a strided copy; memcheck checks each burst)";
  }
  d += ": on the NPU this touches memory the kernel does not own; memcheck checks every GM "
       "access against the allocation its pointer came from, also when the GlobalTensor was "
       "bound without a size";
  Fail(ErrorKind::kBounds, api, loc, d);
}

// memcheck: an access to a block released by GmFree.
[[noreturn]] AICORE_COLD inline void FailGmReleased(GmAccess acc, uintptr_t a, uint64_t bytes,
                                                    const char* api, SrcLoc loc) {
  std::string what;
  {
    GmRegistry& r = Gm();
    std::lock_guard<std::mutex> lock(r.mu);
    auto q = FindQuarantined(r, a);
    if (q != r.quarantine.end()) {
      what = std::to_string(a - q->first) + " bytes into the " + std::to_string(q->second.size) +
             "-byte GmAlloc block " + HexPtr(reinterpret_cast<void*>(q->first)) +
             " released by GmFree";
      const SrcLoc w = q->second.where;
      if (w.file != nullptr && *w.file != '\0') what += " at " + w.Str();
    } else {
      what = "in a GmAlloc block released by GmFree";
    }
  }
  Fail(ErrorKind::kBounds, api, loc,
       std::string("invalid GM ") + GmAccessVerb(acc) + " of " + std::to_string(bytes) +
           " bytes at " + HexPtr(reinterpret_cast<void*>(a)) + ", " + what +
           " (use after GmFree: the pointer is stale)");
}

// ---------------------------------------------------------------------------
// initcheck.

// Serialises the shadow updates of atomic writes, which blocks may make to
// the same bytes at once (plain accesses to the same bytes from two blocks
// are a kernel race in themselves).
inline std::mutex& GmAtomicShadowMutex() {
  static std::mutex mu;
  return mu;
}

// The first run of unwritten bytes [*i, *j) in [off, end) of the shadow.
inline void FirstUnwritten(const uint8_t* w, uint64_t off, uint64_t end, uint64_t* i, uint64_t* j) {
  uint64_t a = off;
  while (a < end && w[a] != 0) ++a;
  uint64_t b = a;
  while (b < end && w[b] == 0) ++b;
  *i = a;
  *j = b;
}

AICORE_COLD inline void ReportGmUninit(CoreContext& core, const GmCacheLine& l, GmAccess acc,
                                       uint64_t i, uint64_t j, const char* api, SrcLoc loc) {
  std::string d = std::string("uninitialized GM read: ") + api +
                  (acc == GmAccess::kAtomic ? " accumulates (atomic mode) into" : " reads") +
                  " bytes [" + std::to_string(i) + ", " + std::to_string(j) + ") of " +
                  DescribeLine(l) +
                  " that neither the host nor a kernel wrote (GmAlloc memory is zero in the CPU "
                  "debug mode but garbage on the NPU; initcheck fills it with the NaN pattern " +
                  kGmPoisonText + ")";
  d += acc == GmAccess::kAtomic
           ? ": zero the output before accumulating into it (from the host, or with "
             "InitGlobalMemory followed by SyncAll)"
           : ": write it (from the host or a kernel) before it is read";
  Report(core, ErrorKind::kUninit, api, loc, d);
}

inline void SanGmInit(CoreContext& core, const GmCacheLine& l, GmAccess acc, uint64_t off,
                      uint64_t bytes, const char* api, SrcLoc loc) {
  GmShadow& s = *l.shadow;
  if (s.complete.load(std::memory_order_relaxed)) return;
  const uint64_t end = std::min<uint64_t>(off + bytes, l.size);
  if (off >= end) return;
  uint8_t* w = s.written.get();
  uint64_t i = 0, j = 0;
  if (acc == GmAccess::kRead) {
    if (std::memchr(w + off, 0, end - off) == nullptr) return;
    FirstUnwritten(w, off, end, &i, &j);
  } else if (acc == GmAccess::kWrite) {
    std::memset(w + off, 1, end - off);
    return;
  } else {
    std::lock_guard<std::mutex> lock(GmAtomicShadowMutex());
    if (std::memchr(w + off, 0, end - off) == nullptr) return;
    FirstUnwritten(w, off, end, &i, &j);
    std::memset(w + off, 1, end - off);
  }
  ReportGmUninit(core, l, acc, i, j, api, loc);
}

// Marks the words of initcheck-tracked blocks that the host changed since the
// last look (launch start, on the launching thread).
inline void SanGmScanHostWrites() {
  GmRegistry& r = Gm();
  std::lock_guard<std::mutex> lock(r.mu);
  uint8_t poison[8];
  std::memcpy(poison, &kGmPoison, 8);
  for (auto& kv : r.live) {
    GmShadow* s = kv.second.shadow.get();
    if (s == nullptr || s->complete.load(std::memory_order_relaxed)) continue;
    const auto* m = reinterpret_cast<const uint8_t*>(kv.first);
    uint8_t* w = s->written.get();
    const size_t size = kv.second.size;
    bool complete = true;
    for (size_t i = 0; i < size; i += 8) {
      const size_t n = std::min<size_t>(8, size - i);
      uint64_t marks = 0;
      std::memcpy(&marks, w + i, n);
      if (n == 8 && marks == 0x0101010101010101ull) continue;
      if (marks == 0 && n == 8) {
        if (std::memcmp(m + i, poison, 8) != 0) {
          std::memset(w + i, 1, 8);
        } else {
          complete = false;
        }
        continue;
      }
      // A tail word or one written in part: compare the unwritten bytes.
      bool changed = false, unwritten = false;
      for (size_t j = 0; j < n; ++j) {
        if (w[i + j] == 0) {
          unwritten = true;
          changed |= m[i + j] != poison[j];
        }
      }
      if (changed) {
        for (size_t j = 0; j < n; ++j) w[i + j] = 1;
      } else if (unwritten) {
        complete = false;
      }
    }
    if (complete) s->complete.store(true, std::memory_order_relaxed);
  }
}

// ---------------------------------------------------------------------------
// racecheck: logging.

// Intervals of a block searched for one to extend (a tile loop interleaves
// a few streams: inputs, outputs).
constexpr size_t kSanGmMergeWindow = 8;

inline void SanGmLog(CoreContext& core, GmAccess acc, uintptr_t a, uint64_t bytes, const char* api,
                     SrcLoc loc) {
  std::vector<SanGmInterval>& log = core.launch->san_gm.log[core.task];
  const auto kind = static_cast<uint8_t>(acc);
  const uint8_t mode = acc == GmAccess::kAtomic
                           ? static_cast<uint8_t>(static_cast<uint8_t>(core.atomic_op) * 8 + core.atomic_type)
                           : 0;
  const uintptr_t hi = a + bytes;
  const size_t n = log.size();
  for (size_t i = n; i > 0 && i + kSanGmMergeWindow > n; --i) {
    SanGmInterval& v = log[i - 1];
    if (v.line == loc.line && v.kind == kind && v.mode == mode && v.api == api &&
        v.file == loc.file && a <= v.hi && hi >= v.lo) {
      v.lo = std::min(v.lo, a);
      v.hi = std::max(v.hi, hi);
      return;
    }
  }
  SanGmInterval v;
  v.lo = a;
  v.hi = hi;
  v.api = api;
  v.file = loc.file ? loc.file : "";
  v.line = loc.line;
  v.kind = kind;
  v.mode = mode;
  log.push_back(v);
}

// ---------------------------------------------------------------------------
// The access hook.

// An access of `bytes` bytes at p: burst `burst` (1-based) of `bursts`.
AICORE_INLINE void SanGmAccess(CoreContext& core, GmAccess acc, const void* p, uint64_t bytes,
                               const char* api, SrcLoc loc, uint32_t burst, uint32_t bursts) {
  if (AICORE_UNLIKELY(bytes == 0)) return;
  const uint32_t san = core.san;
  const auto a = reinterpret_cast<uintptr_t>(p);
  if (san & (kMemcheck | kInitcheck)) {
    const GmCacheLine* l = GmLookup(a);
    if (AICORE_UNLIKELY(l == nullptr)) {
      if (san & kMemcheck) FailGmReleased(acc, a, bytes, api, loc);
    } else if (l->base != 0) {
      const uint64_t off = a - l->base;
      if (AICORE_UNLIKELY((san & kMemcheck) && off + bytes > l->size)) {
        FailGmBounds(*l, acc, a, bytes, api, loc, burst, bursts);
      }
      if ((san & kInitcheck) && l->shadow != nullptr) SanGmInit(core, *l, acc, off, bytes, api, loc);
    }
  }
  if (san & kRacecheck) SanGmLog(core, acc, a, bytes, api, loc);
}

// An access of `bytes` bytes of GM at p (one contiguous burst).
inline void SanGm(CoreContext& core, GmAccess acc, const void* p, uint64_t bytes, const char* api,
                  SrcLoc loc) {
  SanGmAccess(core, acc, p, bytes, api, loc, 1, 1);
}

// `count` bursts of `len` bytes, `gap` bytes apart, from p: each burst is
// checked on its own, and (memcheck) all of them against the allocation the
// first one starts in: a later burst that starts past that block's end is
// outside the allocation the pointer came from, not in unknown memory.
inline void SanGmBursts(CoreContext& core, GmAccess acc, const void* p, uint32_t count,
                        uint64_t len, uint64_t gap, const char* api, SrcLoc loc) {
  const auto* q = static_cast<const uint8_t*>(p);
  if (gap == 0) {
    SanGmAccess(core, acc, q, len * count, api, loc, 1, 1);
    return;
  }
  if ((core.san & kMemcheck) && count > 1 && len != 0) {
    const auto a = reinterpret_cast<uintptr_t>(p);
    const GmCacheLine* l = GmLookup(a);
    if (l != nullptr && l->base != 0) {
      const uint64_t off = a - l->base;
      const uint64_t step = len + gap;
      if (off + uint64_t{count - 1} * step + len > l->size) {
        // The first burst that ends past the block.
        const uint64_t i = off + len > l->size ? 0 : (l->size - off - len) / step + 1;
        FailGmBounds(*l, acc, a + i * step, len, api, loc, static_cast<uint32_t>(i + 1), count);
      }
    }
  }
  for (uint32_t i = 0; i < count; ++i) {
    SanGmAccess(core, acc, q + i * (len + gap), len, api, loc, i + 1, count);
  }
}

// ---------------------------------------------------------------------------
// racecheck: the sweep.

// The core type and block index of task t of a launch (as BeginBlock).
inline void TaskIdentity(const LaunchState& st, uint32_t t, CoreType* type, int32_t* idx) {
  *type = st.geom == Geometry::kAIC ? CoreType::kAIC : CoreType::kAIV;
  *idx = static_cast<int32_t>(t);
  if (IsMixed(st.geom)) {
    if (t < st.group_num) {
      *type = CoreType::kAIC;
    } else {
      *idx = static_cast<int32_t>(t - st.group_num);
    }
  }
}

inline std::string TaskName(const LaunchState& st, uint32_t t) {
  CoreType type;
  int32_t idx;
  TaskIdentity(st, t, &type, &idx);
  std::string s = "block " + std::to_string(idx);
  if (IsMixed(st.geom)) s += type == CoreType::kAIC ? " [AIC]" : " [AIV]";
  return s;
}

inline std::string AtomicModeName(uint8_t mode) {
  static const char* const kOps[] = {"None", "Add", "Max", "Min"};
  static const char* const kTypes[] = {"?", "half", "bfloat16_t", "float", "int8_t", "int16_t", "int32_t"};
  const unsigned op = mode / 8, type = mode % 8;
  return std::string("SetAtomic") + (op < 4 ? kOps[op] : "?") + "<" + (type < 7 ? kTypes[type] : "?") + ">";
}

inline std::string IntervalVerb(const SanGmInterval& v) {
  switch (static_cast<GmAccess>(v.kind)) {
    case GmAccess::kRead: return "reads";
    case GmAccess::kWrite: return "writes";
    default: return "writes in atomic mode " + AtomicModeName(v.mode) + " to";
  }
}

// Groups of blocks (union-find over tasks).
inline uint32_t SanGroupOf(SanLaunch& s, uint32_t t) {
  while (s.group[t] != t) {
    s.group[t] = s.group[s.group[t]];
    t = s.group[t];
  }
  return t;
}
inline void SanJoin(SanLaunch& s, uint32_t a, uint32_t b) {
  a = SanGroupOf(s, a);
  b = SanGroupOf(s, b);
  if (a != b) s.group[std::max(a, b)] = std::min(a, b);
}
inline void SanResetGroups(SanLaunch& s) {
  for (uint32_t t = 0; t < s.group.size(); ++t) s.group[t] = t;
  std::fill(s.flags_set.begin(), s.flags_set.end(), 0u);
}

struct SanGmItem {
  uintptr_t lo, hi;
  uint32_t task;
  uint32_t owner;  // blocks with the same owner are not checked against each other
  const SanGmInterval* v;
};

// The two intervals of one access class with the highest ends, from
// different owners: enough to find, for a new interval, an earlier one of
// another owner that overlaps it, if any.
struct SanGmTop2 {
  const SanGmItem* a = nullptr;  // highest end
  const SanGmItem* b = nullptr;  // highest end among owners other than a's
  void Insert(const SanGmItem* y) {
    if (a == nullptr) {
      a = y;
    } else if (y->owner == a->owner) {
      if (y->hi > a->hi) a = y;
    } else if (y->hi > a->hi) {
      b = a;
      a = y;
    } else if (b == nullptr || y->hi > b->hi) {
      b = y;
    }
  }
  const SanGmItem* Overlapping(const SanGmItem& x) const {
    if (a != nullptr && a->owner != x.owner && a->hi > x.lo) return a;
    if (b != nullptr && b->owner != x.owner && b->hi > x.lo) return b;
    return nullptr;
  }
};

// "bytes [4096, 4160) of the 8192-byte GmAlloc block 0x.." or absolute.
inline std::string DescribeGmRange(uintptr_t lo, uintptr_t hi, uintptr_t base) {
  if (base != 0 && lo >= base) {
    return "bytes [" + std::to_string(lo - base) + ", " + std::to_string(hi - base) + ")";
  }
  return "bytes [" + HexPtr(reinterpret_cast<void*>(lo)) + ", " + HexPtr(reinterpret_cast<void*>(hi)) + ")";
}

AICORE_COLD inline void ReportGmRace(LaunchState& st, const SanGmItem& x, const SanGmItem& y) {
  // The reported access: a plain write before an atomic one before a read;
  // between equals, the higher block.
  auto rank = [](const SanGmItem& i) {
    const auto k = static_cast<GmAccess>(i.v->kind);
    return k == GmAccess::kWrite ? 2 : k == GmAccess::kAtomic ? 1 : 0;
  };
  const bool x_first = rank(x) != rank(y) ? rank(x) > rank(y) : x.task > y.task;
  const SanGmItem& p = x_first ? x : y;
  const SanGmItem& o = x_first ? y : x;
  const uintptr_t lo = std::max(p.lo, o.lo), hi = std::min(p.hi, o.hi);
  uintptr_t base = 0;
  std::string alloc;
  {
    GmRegistry& r = Gm();
    std::lock_guard<std::mutex> lock(r.mu);
    auto it = FindLive(r, lo);
    if (it != r.live.end()) {
      base = it->first;
      alloc = DescribeEntry(it->first, it->second);
    }
  }
  const auto kp = static_cast<GmAccess>(p.v->kind), ko = static_cast<GmAccess>(o.v->kind);
  std::string d = "GM race: " + TaskName(st, p.task) + " " + IntervalVerb(*p.v) + " " +
                  DescribeGmRange(p.lo, p.hi, base) + (alloc.empty() ? "" : " of " + alloc) +
                  " in " + p.v->api + " at " + SrcLoc{p.v->file, p.v->line}.Str() + ", and " +
                  TaskName(st, o.task) + " " + IntervalVerb(*o.v) + " " + DescribeGmRange(o.lo, o.hi, base) +
                  " in " + o.v->api + " at " + SrcLoc{o.v->file, o.v->line}.Str() +
                  " (both touch " + DescribeGmRange(lo, hi, base) +
                  "), with no SyncAll, cross-core flag or common atomic mode ordering them: on the "
                  "NPU the blocks run in parallel and the result depends on timing";
  if (kp == GmAccess::kWrite && ko == GmAccess::kWrite) {
    d += "; give each block a disjoint output range (check the tiling offsets for an off-by-one), "
         "or accumulate with SetAtomicAdd";
  } else if (kp == GmAccess::kAtomic || ko == GmAccess::kAtomic) {
    d += "; access these bytes in one atomic mode only, or separate the accesses with SyncAll()";
  } else {
    d += "; put a SyncAll() (all blocks resident: LaunchCooperative or ICPU_RUN_KF) or a "
         "cross-core flag between the write and the read";
  }
  if (std::strcmp(p.v->api, "GlobalTensor::operator()") == 0 ||
      std::strcmp(o.v->api, "GlobalTensor::operator()") == 0) {
    d += " (GlobalTensor::operator() counts as a write: read with GetValue)";
  }
  CoreType type;
  int32_t idx;
  TaskIdentity(st, p.task, &type, &idx);
  st.ReportNonFatal(KernelError(ErrorKind::kRace, ReportKernel(st, type), idx,
                                ReportBlockNum(st, type), p.v->api, SrcLoc{p.v->file, p.v->line},
                                std::move(d)));
}

// Checks the intervals logged since the last phase end for conflicts
// between blocks, then clears them (every block is waiting or done).
inline void SanGmSweep(LaunchState& st) {
  SanLaunch& s = st.san_gm;
  std::vector<SanGmItem> items;
  size_t total = 0;
  for (const auto& log : s.log) total += log.size();
  items.reserve(total);
  for (uint32_t t = 0; t < s.log.size(); ++t) {
    const uint32_t owner = SanGroupOf(s, t);
    for (const SanGmInterval& v : s.log[t]) items.push_back(SanGmItem{v.lo, v.hi, t, owner, &v});
  }
  std::sort(items.begin(), items.end(),
            [](const SanGmItem& a, const SanGmItem& b) { return a.lo < b.lo; });
  // Access classes: 0 plain write, 1 read, 2 + mode atomic write in a mode.
  constexpr int kModes = 32;
  SanGmTop2 cls[2 + kModes];
  uint32_t atomic_modes = 0;  // modes seen so far (bits)
  std::vector<std::pair<const SanGmInterval*, const SanGmInterval*>> reported;
  for (const SanGmItem& x : items) {
    const auto k = static_cast<GmAccess>(x.v->kind);
    const int mine = k == GmAccess::kWrite ? 0 : k == GmAccess::kRead ? 1 : 2 + (x.v->mode % kModes);
    const SanGmItem* y = nullptr;
    if (k != GmAccess::kRead) y = cls[1].Overlapping(x);
    if (y == nullptr) y = cls[0].Overlapping(x);
    for (uint32_t m = atomic_modes; y == nullptr && m != 0; m &= m - 1) {
      const int c = 2 + __builtin_ctz(m);
      if (c != mine) y = cls[c].Overlapping(x);
    }
    if (y != nullptr && reported.size() < 64) {
      // One report per pair of call sites.
      bool seen = false;
      for (const auto& pr : reported) {
        auto same = [](const SanGmInterval* a, const SanGmInterval* b) {
          return a->line == b->line && a->kind == b->kind && std::strcmp(a->file, b->file) == 0 &&
                 std::strcmp(a->api, b->api) == 0;
        };
        seen |= (same(pr.first, x.v) && same(pr.second, y->v)) ||
                (same(pr.first, y->v) && same(pr.second, x.v));
      }
      if (!seen) {
        reported.emplace_back(x.v, y->v);
        ReportGmRace(st, x, *y);
      }
    }
    cls[mine].Insert(&x);
    if (mine >= 2) atomic_modes |= 1u << (mine - 2);
  }
  for (auto& log : s.log) log.clear();
  SanResetGroups(s);
}

// Spare interval logs, kept across launches (their capacity is reused).
struct SanGmLogPool {
  std::mutex mu;
  std::vector<std::vector<SanGmInterval>> spare;
};
inline SanGmLogPool& GmLogPool() {
  static auto* p = new SanGmLogPool;
  return *p;
}

// ---------------------------------------------------------------------------
// Launch hooks.

// Launch start / end (on the launching thread, around the blocks), and a
// completed SyncAll (called by the last block to arrive, before any leaves).
inline void SanLaunchBegin(LaunchState& st) {
  st.san_gm.auto_sync = GetAutoSync();
  if (st.san & kInitcheck) SanGmScanHostWrites();
  if (st.san & kRacecheck) {
    SanLaunch& s = st.san_gm;
    s.log.resize(st.block_dim);
    s.group.resize(st.block_dim);
    s.flags_set.resize(st.block_dim);
    SanResetGroups(s);
    s.phase = 0;
    SanGmLogPool& pool = GmLogPool();
    std::lock_guard<std::mutex> lock(pool.mu);
    for (auto& log : s.log) {
      if (pool.spare.empty()) break;
      log = std::move(pool.spare.back());
      pool.spare.pop_back();
    }
  }
}

inline void SanLaunchEnd(LaunchState& st) {
  if ((st.san & kRacecheck) == 0) return;
  SanLaunch& s = st.san_gm;
  // After a fatal error the logs are partial: no race report.
  if (!st.abort.load(std::memory_order_relaxed)) SanGmSweep(st);
  SanGmLogPool& pool = GmLogPool();
  std::lock_guard<std::mutex> lock(pool.mu);
  constexpr size_t kKeepLogs = 4096, kKeepCapacity = size_t{1} << 16;
  for (auto& log : s.log) {
    if (pool.spare.size() >= kKeepLogs) break;
    if (log.capacity() > kKeepCapacity) continue;  // an unusual launch: give the memory back
    log.clear();
    pool.spare.push_back(std::move(log));
  }
  s.log.clear();
}

// barrier_id is a CoopBarrierId (kBarrierAll: every block; kBarrierAIV /
// kBarrierAIC: the blocks of one core type; kBarrierSoft: the blocks
// [0, participants) of the software SyncAll); called with the coop mutex held.
// A SyncAll of every block ends a racecheck phase; one of only some blocks
// joins them into a group.
inline void SanSyncAll(LaunchState& st, int barrier_id, uint32_t participants) {
  if ((st.san & kRacecheck) == 0) return;
  SanLaunch& s = st.san_gm;
  if (participants >= st.block_dim) {
    SanGmSweep(st);
    ++s.phase;
    return;
  }
  const uint32_t first = IsMixed(st.geom) && barrier_id != kBarrierAIC ? st.group_num : 0;
  for (uint32_t t = first + 1; t < first + participants && t < st.block_dim; ++t) SanJoin(s, first, t);
}

// A cross-core flag was set / a wait for it completed (called with the coop
// mutex held).
inline void SanCrossSet(CoreContext& core, int flag_id) {
  if (core.san & kRacecheck) core.launch->san_gm.flags_set[core.task] |= 1u << flag_id;
}
// The waiter joins the group of every block that set this flag id in the
// phase and whose set could count for it (mode 0 / 1: a block of the same
// core type; mode 2: its cube block or one of its vector blocks).
inline void SanCrossWait(CoreContext& core, int flag_id) {
  if ((core.san & kRacecheck) == 0) return;
  LaunchState& st = *core.launch;
  SanLaunch& s = st.san_gm;
  const uint32_t w = core.task;
  const bool mix = IsMixed(st.geom);
  const uint32_t per = AivPerGroup(st.geom);
  // The cube block of the waiter's group (mixed launches).
  const uint32_t my_group = core.core_type == CoreType::kAIC ? w : (w - st.group_num) / per;
  for (uint32_t t = 0; t < st.block_dim; ++t) {
    if (t == w || (s.flags_set[t] & (1u << flag_id)) == 0) continue;
    CoreType type;
    int32_t idx;
    TaskIdentity(st, t, &type, &idx);
    const bool partner =
        type == core.core_type ||
        (mix && (type == CoreType::kAIC ? t == my_group : static_cast<uint32_t>(idx) / per == my_group));
    if (partner) SanJoin(s, w, t);
  }
}

// GroupBarrier: an Arrive marks the block (and, from round 2, follows the
// waits of the round before), a Wait joins the blocks that arrived. Any
// GroupBarrier of the phase counts (never a false report; races between two
// groups' blocks may go unseen). Called with the coop mutex held.
inline void SanGroupBarrier(CoreContext& core, bool wait, bool waited_before) {
  if ((core.san & kRacecheck) == 0) return;
  SanLaunch& s = core.launch->san_gm;
  s.flags_set[core.task] |= 1u << (wait ? kSanGroupWaited : kSanGroupArrived);
  if (!wait && !waited_before) return;
  const uint32_t other = 1u << (wait ? kSanGroupArrived : kSanGroupWaited);
  for (uint32_t t = 0; t < core.launch->block_dim; ++t) {
    if (t != core.task && (s.flags_set[t] & other) != 0) SanJoin(s, core.task, t);
  }
}

// A WaitPreBlock of round `round` returned: the block is ordered after the
// vector blocks before it (round 1) or after every vector block (later
// rounds: block 0 waited for the last block's previous round, which waited
// for all). Called with the coop mutex held.
inline void SanSeqWait(CoreContext& core, uint32_t round) {
  if ((core.san & kRacecheck) == 0) return;
  SanLaunch& s = core.launch->san_gm;
  const uint32_t first = core.task - static_cast<uint32_t>(core.block_idx);  // the task of vector block 0
  const uint32_t end = round > 1 ? first + static_cast<uint32_t>(core.block_num) : core.task;
  for (uint32_t t = first; t < end && t < core.launch->block_dim; ++t) SanJoin(s, core.task, t);
}

// IBWait: the waiter joins the block whose IBSet it saw.
inline void SanIbWait(CoreContext& core, uint32_t setter) {
  if ((core.san & kRacecheck) == 0 || setter >= core.launch->block_dim) return;
  SanJoin(core.launch->san_gm, core.task, setter);
}

}  // namespace detail
}  // namespace aicore
