// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// On-chip deep checks: pipe hazards (synccheck) and reads of uninitialized
// on-chip bytes (initcheck). The sanitizer observer (instrument/sanitizer.h)
// calls these hooks with the events of API calls whose always-on checks
// passed, only when core.san != 0.
//
// Pipe hazards. On the NPU the pipes of a core (S scalar, V vector, M cube,
// MTE1 L1->L0, MTE2 GM->on-chip, MTE3 on-chip->GM, FIX L0C->out) run
// concurrently; each pipe runs its own instructions in order. Across pipes
// only these order accesses: a queue (EnQue/DeQue orders the producer pipe
// before the consumer pipe, FreeTensor/AllocTensor the consumer before the
// producer's next use of the buffer), SetFlag<SRC_DST>/WaitFlag,
// PipeBarrier<PIPE_ALL>, and the unit flags of L0C between Mmad and Fixpipe
// with unitFlag 2/3 (cube/unit_flag.h; per 512-byte block, like a flag:
// SanUnitFlag). The CPU runs everything in program order, so a
// missing sync passes here and races there; synccheck finds it. Model:
//  - every recorded operand access gets the next number of the core's
//    access sequence; clock[P][Q] is the latest access of pipe Q that pipe
//    P is ordered after (a vector clock per pipe). SetFlag<Q_P>(id) takes a
//    snapshot of Q's clock (with Q's own latest access), WaitFlag<Q_P>(id)
//    joins it into P's clock; queue transitions do the same through
//    BufferDesc::san_clock; PipeBarrier<PIPE_ALL> orders every pipe after
//    everything (other PipeBarrier<X> order a pipe with itself only).
//  - a shadow per 32-byte granule of each on-chip memory keeps the latest
//    write (pipe, number) and the latest read of each pipe. A read by P of a
//    granule whose writer is another pipe Q with a number above
//    clock[P][Q] is a read-after-write hazard; a write likewise checks the
//    writer (write-after-write) and the readers (write-after-read).
//  - scalar (S) reads are done when the scalar unit issues them, before any
//    later instruction of any pipe is issued: they never race with a later
//    write, and are not kept. Scalar writes are not visible to the other
//    pipes without a flag (S_V, S_MTE2, S_MTE3), and a scalar read needs one
//    (V_S, MTE2_S, ...) to see another pipe's write -- unless the kernel is
//    built with the compiler's automatic synchronisation (--cce-auto-sync,
//    the vendor projects' default), which inserts the syncs between S and
//    V, MTE2, MTE3 itself: then those pairs are not checked
//    (aicore::SetAutoSync, AICORE_AUTO_SYNC).
// Limits: granularity is 32 bytes (two pipes writing different bytes of one
// granule unordered are reported); instructions of one pipe are taken as
// ordered (PipeBarrier<PIPE_V> between dependent vector instructions is not
// required); operands the API does not record (sharedTmpBuffer work areas)
// are not tracked.
//
// Initcheck. A byte shadow per on-chip memory (1 = written) is poisoned at
// block start (the bytes marked by the previous block), when InitBuffer
// carves a buffer and when AllocTensor hands out a queue buffer (its bytes
// are the previous tile's). Writes mark exactly the bytes written (repeat
// form: the active lanes of the active blocks); reads check exactly the
// bytes read. A source that overlaps the dst of the same instruction (in
// place: Adds(x, x, s)) is checked against the bytes as they were before the
// instruction. operator() (Access::kReadWrite) counts as a write.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

#include "aicore/base/sanitize.h"
#include "aicore/base/types.h"
#include "aicore/runtime/buffer_desc.h"
#include "aicore/runtime/context.h"
#include "aicore/instrument/event.h"

namespace aicore {
namespace detail {

static_assert(sizeof(BufferDesc::san_clock) == sizeof(uint32_t) * kNumPipes,
              "BufferDesc::san_clock holds one clock entry per pipe");

inline const char* PipeName(Pipe p) {
  switch (p) {
    case Pipe::kS: return "S";
    case Pipe::kV: return "V";
    case Pipe::kM: return "M";
    case Pipe::kMTE1: return "MTE1";
    case Pipe::kMTE2: return "MTE2";
    case Pipe::kMTE3: return "MTE3";
    case Pipe::kFIX: return "FIX";
    default: return "?";
  }
}

// The pipes of HardEvent <SRC>_<DST>: DST waits for SRC.
struct EventPipes {
  Pipe src;
  Pipe dst;
};
constexpr EventPipes HardEventPipes(int event) {
  using E = AscendC::HardEvent;
  using P = Pipe;
  switch (static_cast<E>(event)) {
    case E::MTE2_MTE1: return {P::kMTE2, P::kMTE1};
    case E::MTE1_MTE2: return {P::kMTE1, P::kMTE2};
    case E::MTE1_M: return {P::kMTE1, P::kM};
    case E::M_MTE1: return {P::kM, P::kMTE1};
    case E::MTE2_V: return {P::kMTE2, P::kV};
    case E::V_MTE2: return {P::kV, P::kMTE2};
    case E::MTE3_V: return {P::kMTE3, P::kV};
    case E::V_MTE3: return {P::kV, P::kMTE3};
    case E::M_V: return {P::kM, P::kV};
    case E::V_M: return {P::kV, P::kM};
    case E::V_V: return {P::kV, P::kV};
    case E::MTE3_MTE1: return {P::kMTE3, P::kMTE1};
    case E::MTE1_MTE3: return {P::kMTE1, P::kMTE3};
    case E::MTE1_V: return {P::kMTE1, P::kV};
    case E::MTE2_M: return {P::kMTE2, P::kM};
    case E::M_MTE2: return {P::kM, P::kMTE2};
    case E::V_MTE1: return {P::kV, P::kMTE1};
    case E::M_FIX: return {P::kM, P::kFIX};
    case E::FIX_M: return {P::kFIX, P::kM};
    case E::MTE3_MTE2: return {P::kMTE3, P::kMTE2};
    case E::MTE2_MTE3: return {P::kMTE2, P::kMTE3};
    case E::S_V: return {P::kS, P::kV};
    case E::V_S: return {P::kV, P::kS};
    case E::S_MTE2: return {P::kS, P::kMTE2};
    case E::MTE2_S: return {P::kMTE2, P::kS};
    case E::S_MTE3: return {P::kS, P::kMTE3};
    case E::MTE3_S: return {P::kMTE3, P::kS};
    case E::MTE2_FIX: return {P::kMTE2, P::kFIX};
    case E::FIX_MTE2: return {P::kFIX, P::kMTE2};
    case E::FIX_S: return {P::kFIX, P::kS};
    case E::M_S: return {P::kM, P::kS};
    case E::FIX_MTE3: return {P::kFIX, P::kMTE3};
    case E::MTE1_FIX: return {P::kMTE1, P::kFIX};
    case E::FIX_MTE1: return {P::kFIX, P::kMTE1};
    case E::FIX_FIX: return {P::kFIX, P::kFIX};
    default: return {P::kS, P::kS};
  }
}

inline bool HasHardEvent(Pipe src, Pipe dst) {
  for (int e = 0; e < SanCore::kEvents; ++e) {
    const EventPipes p = HardEventPipes(e);
    if (p.src == src && p.dst == dst) return true;
  }
  return false;
}

// The pipe that fills a queue buffer at position `pos` (producer), and the
// one that reads it from there (consumer).
inline Pipe ProducerPipe(AscendC::TPosition pos) {
  using P = AscendC::TPosition;
  switch (pos) {
    case P::VECIN: case P::A1: case P::B1: case P::C1: return Pipe::kMTE2;
    case P::A2: case P::B2: case P::C2: return Pipe::kMTE1;
    case P::CO1: return Pipe::kM;
    case P::CO2: case P::C2PIPE2GM: return Pipe::kFIX;
    case P::TSCM: return Pipe::kMTE3;
    default: return Pipe::kV;  // VECOUT, VECCALC
  }
}
inline Pipe ConsumerPipe(AscendC::TPosition pos) {
  using P = AscendC::TPosition;
  switch (pos) {
    case P::VECOUT: case P::CO2: return Pipe::kMTE3;
    case P::A1: case P::B1: case P::C1: case P::TSCM: return Pipe::kMTE1;
    case P::A2: case P::B2: case P::C2: return Pipe::kM;
    case P::CO1: case P::C2PIPE2GM: return Pipe::kFIX;
    default: return Pipe::kV;  // VECIN, VECCALC
  }
}

// The queue that carries data from pipe `from` to pipe `to`, if one does.
inline const char* QueueBetween(Pipe from, Pipe to) {
  if (from == Pipe::kMTE2 && to == Pipe::kV) return "TQue<TPosition::VECIN>";
  if (from == Pipe::kV && to == Pipe::kMTE3) return "TQue<TPosition::VECOUT>";
  if (from == Pipe::kMTE2 && to == Pipe::kMTE3) {
    return "TQueBind<TPosition::VECIN, TPosition::VECOUT>";
  }
  if (from == Pipe::kMTE2 && to == Pipe::kMTE1) return "TQue<TPosition::A1> (or B1)";
  if (from == Pipe::kMTE1 && to == Pipe::kM) return "TQue<TPosition::A2> (or B2)";
  if (from == Pipe::kM && to == Pipe::kFIX) return "TQue<TPosition::CO1>";
  return nullptr;
}

// ---- shadows ---------------------------------------------------------------

inline int MemoryIndex(const BufferDesc& b) { return static_cast<int>(PositionMemory(b.pos)); }

// Offset of p from the start of memory m.
inline uint32_t MemoryOffset(const CoreContext& core, int m, const uint8_t* p) {
  return static_cast<uint32_t>(p - core.arena[m].get());
}

constexpr bool SanWholeChunks() {
  for (uint32_t b : kMaxMemoryBytes) {
    if (b % 1024 != 0) return false;
  }
  return true;
}
static_assert(SanWholeChunks(), "on-chip memories are whole hazard-shadow chunks");
inline uint32_t SanChunks(int m) { return kMaxMemoryBytes[m] / 32 / SanCore::kChunkGranules; }

AICORE_NOINLINE inline void SanAllocGranules(SanCore& s, int m) {
  s.granules[m].reset(new SanGranule[kMaxMemoryBytes[m] / 32]());
  s.chunk[m].reset(new SanGranule[SanChunks(m)]());
  s.uniform[m].reset(new uint8_t[SanChunks(m)]);
  std::memset(s.uniform[m].get(), 1, SanChunks(m));
  if (!s.sites) s.sites.reset(new SanSite[SanCore::kSites]());
}
AICORE_NOINLINE inline uint8_t* SanAllocInit(SanCore& s, int m) {
  s.init[m].reset(new uint8_t[kMaxMemoryBytes[m]]());
  return s.init[m].get();
}

// Forgets every access (the sequence numbers start again): all earlier
// accesses count as ordered before everything after. Queue buffers and flags
// still holding old numbers then over-order (only hazards are missed).
AICORE_NOINLINE inline void SanRenumber(SanCore& s) {
  for (int m = 0; m < SanCore::kMemories; ++m) {
    if (s.granules[m]) {
      std::memset(s.chunk[m].get(), 0, SanChunks(m) * sizeof(SanGranule));
      std::memset(s.uniform[m].get(), 1, SanChunks(m));
    }
  }
  if (s.sites) {
    for (uint32_t i = 0; i < SanCore::kSites; ++i) s.sites[i].seq = 0;
  }
  s.seq = 0;
  std::memset(s.last, 0, sizeof(s.last));
  std::memset(s.clock, 0, sizeof(s.clock));
  std::memset(s.flag_clock, 0, sizeof(s.flag_clock));
  if (s.unit_clock) std::memset(s.unit_clock.get(), 0, kUnitFlagBlocks * kNumPipes * sizeof(uint32_t));
}

// Numbers a new access by `pipe` and remembers where it came from.
AICORE_INLINE uint32_t SanNextSeq(SanCore& s, Pipe pipe, const char* api, const char* role,
                                  SrcLoc loc) {
  if (AICORE_UNLIKELY(s.seq + 1 >= SanCore::kSeqLimit)) SanRenumber(s);
  const uint32_t n = ++s.seq;
  s.last[static_cast<int>(pipe)] = n;
  SanSite& site = s.sites[n & (SanCore::kSites - 1)];
  site.api = api;
  site.role = role;
  site.file = loc.file;
  site.line = loc.line;
  site.seq = n;
  return n;
}

// Pipe p's clock, with p's own latest access (what a flag or queue passes on).
inline void SanSnapshot(const SanCore& s, Pipe p, uint32_t* out) {
  const int pi = static_cast<int>(p);
  for (int q = 0; q < kNumPipes; ++q) out[q] = s.clock[pi][q];
  out[pi] = s.last[pi];
}
// Orders pipe p after what `in` holds.
inline void SanJoin(SanCore& s, Pipe p, const uint32_t* in) {
  uint32_t* c = s.clock[static_cast<int>(p)];
  for (int q = 0; q < kNumPipes; ++q) c[q] = std::max(c[q], in[q]);
}

// ---- reports ---------------------------------------------------------------

// "src0 of Add"; "LocalTensor::GetValue" for the scalar accessors (role "the tensor").
inline std::string SanOperand(const char* api, const char* role) {
  if (role == nullptr || std::strncmp(role, "the ", 4) == 0) return api;
  return std::string(role) + " of " + api;
}

inline std::string SanByteRange(uint64_t lo, uint64_t hi) {
  return "bytes [" + std::to_string(lo) + ", " + std::to_string(hi) + ")";
}

enum class HazardKind : uint8_t { kRAW, kWAR, kWAW };

// The pipes whose order with `pipe` the compiler's automatic
// synchronisation (--cce-auto-sync) establishes: the scalar unit with MTE2,
// MTE3 and V (both ways). Bits by Pipe.
inline uint32_t AutoSyncedWith(Pipe pipe) {
  constexpr uint32_t kS = 1u << static_cast<int>(Pipe::kS);
  constexpr uint32_t kOthers = 1u << static_cast<int>(Pipe::kV) |
                               1u << static_cast<int>(Pipe::kMTE2) |
                               1u << static_cast<int>(Pipe::kMTE3);
  if (pipe == Pipe::kS) return kOthers;
  return (kOthers >> static_cast<int>(pipe)) & 1 ? kS : 0;
}

// Reports a hazard of the access being recorded: bytes [lo, hi) (offsets
// in memory m) conflict with access `other_seq` of pipe `other`.
AICORE_COLD inline void SanReportHazard(CoreContext& core, HazardKind kind, Pipe pipe, Pipe other,
                                        uint32_t other_seq, const BufferDesc& b, int m,
                                        uint32_t lo, uint32_t hi, const char* api,
                                        const char* role, SrcLoc loc) {
  const SanCore& s = core.san_core;
  const SanSite& site = s.sites[other_seq & (SanCore::kSites - 1)];
  const bool known = site.seq == other_seq && other_seq != 0;
  const std::string other_api = known ? site.api : std::string("an earlier access");
  const std::string other_desc =
      known ? SanOperand(site.api, site.role) + " (" + PipeName(other) + " pipe) at " +
                  SrcLoc{site.file, site.line}.Str()
            : std::string("an earlier access of the ") + PipeName(other) +
                  " pipe (too far back to name)";
  const uint32_t boff = MemoryOffset(core, m, b.base);
  const std::string me = SanOperand(api, role) + " (" + PipeName(pipe) + " pipe)";
  const std::string bytes = SanByteRange(lo - boff, hi - boff) + " of " + b.Describe();
  const std::string order = std::string("nothing orders the ") + PipeName(other) +
                            " pipe before the " + PipeName(pipe) + " pipe";
  std::string msg;
  switch (kind) {
    case HazardKind::kRAW:
      msg = "read-after-write hazard: " + me + " reads " + bytes + ", last written by " +
            other_desc + ", and " + order +
            " (the pipes run concurrently on the NPU: the read may see the bytes before the "
            "write lands)";
      break;
    case HazardKind::kWAR:
      msg = "write-after-read hazard: " + me + " writes " + bytes + ", which " + other_desc +
            " reads, and " + order +
            " (the pipes run concurrently on the NPU: the write may land before the read)";
      break;
    case HazardKind::kWAW:
      msg = "write-after-write hazard: " + me + " writes " + bytes + ", last written by " +
            other_desc + ", and " + order +
            " (the pipes run concurrently on the NPU: the writes may land in either order)";
      break;
  }
  const std::string event = std::string(PipeName(other)) + "_" + PipeName(pipe);
  if (HasHardEvent(other, pipe)) {
    msg += "; add SetFlag<HardEvent::" + event + ">(id) after the " + other_api +
           " and WaitFlag<HardEvent::" + event + ">(id) before the " + api;
  } else {
    msg += "; add PipeBarrier<PIPE_ALL>() between them (there is no HardEvent::" + event + ")";
  }
  if (kind == HazardKind::kRAW) {
    if (const char* q = QueueBetween(other, pipe)) {
      msg += std::string(", or pass the tensor through a ") + q +
             " (EnQue after the write, DeQue before the read)";
    }
  } else if (kind == HazardKind::kWAR) {
    if (const char* q = QueueBetween(pipe, other)) {
      msg += std::string(", or take the buffer from a ") + q +
             " (FreeTensor after the read and AllocTensor before the write order the reuse)";
    }
  }
  if ((AutoSyncedWith(pipe) >> static_cast<int>(other)) & 1) {
    msg += " (reported because synccheck takes the kernel as built with --cce-auto-sync=off "
           "(AICORE_AUTO_SYNC=off); with the compiler's automatic synchronisation, the default, "
           "it inserts this sync itself)";
  }
  Report(core, ErrorKind::kHazard, api, loc, std::move(msg));
}

// Reports an uninitialized read of the access being recorded (spans in
// memory m). first: memory offset of the first unwritten byte; count: how
// many of the read bytes are unwritten (0: unknown).
AICORE_COLD inline void SanReportUninit(CoreContext& core, const BufferDesc& b, int m,
                                        const SanSpan* spans, size_t n, uint32_t first,
                                        uint64_t count, const char* api, const char* role,
                                        SrcLoc loc) {
  uint32_t lo = UINT32_MAX, hi = 0;
  for (size_t i = 0; i < n; ++i) {
    lo = std::min(lo, spans[i].lo);
    hi = std::max(hi, spans[i].hi);
  }
  const uint32_t boff = MemoryOffset(core, m, b.base);
  std::string since;
  if (std::strcmp(b.kind, "TQue") == 0) {
    since = b.alloc_loc.file && *b.alloc_loc.file
                ? "since AllocTensor at " + b.alloc_loc.Str() +
                      " handed out the buffer"
                : std::string("since AllocTensor handed out the buffer");
  } else if (std::strcmp(b.kind, "TBuf") == 0) {
    since = "since InitBuffer carved the buffer";
  } else {
    since = "since the block started";
  }
  std::string msg = "uninitialized read: " + SanOperand(api, role) + " reads " +
                    SanByteRange(lo - boff, hi - boff) + " of " + b.Describe() + ", and ";
  const std::string at = "byte " + std::to_string(first - boff);
  if (count > 1) {
    msg += std::to_string(count) + " of them (the first at " + at + ") were";
  } else if (count == 1) {
    msg += "one of them (" + at + ") was";
  } else {
    msg += at + " (the first such byte) was";
  }
  msg += " never written " + since +
         "; on the NPU they hold whatever an earlier tile or kernel left there: write them "
         "first (copy or Duplicate the whole range, or DataCopyPad with isPad set), or shrink "
         "the count to the bytes that were written";
  Report(core, ErrorKind::kUninit, api, loc, std::move(msg));
}

// ---- recording -------------------------------------------------------------

// synccheck part of an access by `pipe` of spans[0, n) of memory m.
AICORE_NOINLINE inline void SanHazards(CoreContext& core, Pipe pipe, Access acc,
                                       const BufferDesc& b, int m, const SanSpan* spans,
                                       size_t n, const char* api, const char* role, SrcLoc loc) {
  constexpr uint32_t kCG = SanCore::kChunkGranules;
  SanCore& s = core.san_core;
  if (!s.granules[m]) SanAllocGranules(s, m);
  SanGranule* const g = s.granules[m].get();
  SanGranule* const chunk = s.chunk[m].get();
  uint8_t* const uniform = s.uniform[m].get();
  const int p = static_cast<int>(pipe);
  const uint32_t seq = SanNextSeq(s, pipe, api, role, loc);
  const uint32_t* clk = s.clock[p];
  // Pipes with accesses this pipe is not ordered after: only they can conflict.
  uint32_t unordered = 0;
  for (int q = 0; q < kNumPipes; ++q) {
    if (q != p && s.last[q] > clk[q]) unordered |= 1u << q;
  }
  // With the compiler's automatic synchronisation, S <-> {V, MTE2, MTE3} are
  // ordered wherever the data depends (aicore::SetAutoSync).
  if (unordered != 0 && core.launch->san_gm.auto_sync) unordered &= ~AutoSyncedWith(pipe);
  const uint32_t readers = unordered & ~(1u << static_cast<int>(Pipe::kS));
  const bool write = acc != Access::kRead;
  const bool keep_read = pipe != Pipe::kS;
  const uint32_t mark = seq << 3 | static_cast<uint32_t>(p);
  bool reported = false;
  // The state of granule k.
  auto at = [&](uint32_t k) -> const SanGranule& {
    return uniform[k / kCG] ? chunk[k / kCG] : g[k];
  };
  // Whether granule x holds an access of pipe q (kind `kind`) unordered with this one.
  auto conflicts = [&](const SanGranule& x, int q, HazardKind kind) {
    if (kind == HazardKind::kWAR) return x.read[q] > clk[q];
    return (x.write & 7) == static_cast<uint32_t>(q) && (x.write >> 3) > clk[q];
  };
  // Checks granule k (state x) of span sp against the access (reporting the
  // first conflict of the access), then records the access in it.
  auto visit = [&](SanGranule& x, uint32_t k, const SanSpan& sp) {
    if (AICORE_UNLIKELY(unordered != 0) && !reported) {
      const uint32_t w = x.write;
      const uint32_t wp = w & 7;
      int other = -1;
      HazardKind kind = write ? HazardKind::kWAW : HazardKind::kRAW;
      if (((unordered >> wp) & 1) && (w >> 3) > clk[wp]) {
        other = static_cast<int>(wp);
      } else if (write) {
        for (uint32_t r = readers; r != 0; r &= r - 1) {
          const int q = __builtin_ctz(r);
          if (x.read[q] > clk[q]) {
            other = q;
            kind = HazardKind::kWAR;
            break;
          }
        }
      }
      if (AICORE_UNLIKELY(other >= 0)) {
        // Report the run of granules of this span that conflict with the
        // same pipe (the ones after k still hold their old state).
        const uint32_t g1 = (sp.hi + 31) >> 5;
        uint32_t end = k + 1;
        while (end < g1 && conflicts(at(end), other, kind)) ++end;
        reported = true;
        SanReportHazard(core, kind, pipe, static_cast<Pipe>(other),
                        kind == HazardKind::kWAR ? x.read[other] : x.write >> 3, b, m,
                        std::max(sp.lo, k << 5), std::min(sp.hi, end << 5), api, role, loc);
      }
    }
    if (write) {
      // Earlier reads are ordered before this write (or were just
      // reported), so every later write, which must be ordered after this
      // one, is ordered after them too: they need not be kept.
      x.write = mark;
      std::memset(x.read, 0, sizeof(x.read));
    } else if (keep_read) {
      x.read[p] = seq;
    }
  };
  for (size_t i = 0; i < n; ++i) {
    const SanSpan& sp = spans[i];
    const uint32_t g1 = (sp.hi + 31) >> 5;
    uint32_t k = sp.lo >> 5;
    while (k < g1) {
      const uint32_t c = k / kCG, c0 = c * kCG, c1 = c0 + kCG;
      if (k == c0 && g1 >= c1) {  // the whole chunk
        if (uniform[c]) {
          visit(chunk[c], k, sp);
        } else {
          for (uint32_t j = c0; j < c1; ++j) visit(g[j], j, sp);
          if (write) {
            chunk[c] = g[c0];
            uniform[c] = 1;
          }
        }
        k = c1;
        continue;
      }
      if (uniform[c]) {  // part of a uniform chunk: keep it per granule from now on
        std::fill(g + c0, g + c1, chunk[c]);
        uniform[c] = 0;
      }
      const uint32_t end = std::min(g1, c1);
      for (uint32_t j = k; j < end; ++j) visit(g[j], j, sp);
      k = end;
    }
  }
}

// initcheck part of an access by `pipe` of spans[0, n) of memory m.
AICORE_NOINLINE inline void SanInit(CoreContext& core, Pipe pipe, Access acc, const BufferDesc& b,
                                    int m, const SanSpan* spans, size_t n, const char* api,
                                    const char* role, SrcLoc loc) {
  SanCore& s = core.san_core;
  uint8_t* sh = s.init[m] ? s.init[m].get() : SanAllocInit(s, m);
  if (acc == Access::kRead) {
    for (size_t i = 0; i < n; ++i) {
      const void* z = std::memchr(sh + spans[i].lo, 0, spans[i].hi - spans[i].lo);
      if (AICORE_UNLIKELY(z != nullptr)) {
        uint64_t count = 0;
        for (size_t j = 0; j < n; ++j) {
          count += static_cast<uint64_t>(
              std::count(sh + spans[j].lo, sh + spans[j].hi, uint8_t{0}));
        }
        const auto first = static_cast<uint32_t>(static_cast<const uint8_t*>(z) - sh);
        SanReportUninit(core, b, m, spans, n, first, count, api, role, loc);
        return;
      }
    }
    // A source of the instruction whose dst was just marked: check it
    // against the bytes as they were before that write. The same call, not
    // only the same api and line (a helper that calls an instruction from one
    // line, twice: the second call's source is the first call's dst).
    const SanCore::PriorDst& d = s.prior_dst;
    if (AICORE_UNLIKELY(d.first_unwritten != UINT32_MAX) && d.mem == m && d.api == api &&
        d.line == loc.line && d.file == loc.file &&
        d.call == core.progress.load(std::memory_order_relaxed)) {
      for (size_t i = 0; i < n; ++i) {
        if (d.first_unwritten >= spans[i].lo && d.first_unwritten < spans[i].hi) {
          SanReportUninit(core, b, m, spans, n, d.first_unwritten, 0, api, role, loc);
          return;
        }
      }
    }
    return;
  }
  if (pipe == Pipe::kV) {
    SanCore::PriorDst& d = s.prior_dst;
    d.api = api;
    d.file = loc.file;
    d.line = loc.line;
    d.mem = m;
    d.call = core.progress.load(std::memory_order_relaxed);
    d.first_unwritten = UINT32_MAX;
    for (size_t i = 0; i < n; ++i) {
      const void* z = std::memchr(sh + spans[i].lo, 0, spans[i].hi - spans[i].lo);
      if (z != nullptr) {
        d.first_unwritten = static_cast<uint32_t>(static_cast<const uint8_t*>(z) - sh);
        break;
      }
    }
  }
  uint32_t& lo = s.dirty_lo[m];
  uint32_t& hi = s.dirty_hi[m];
  for (size_t i = 0; i < n; ++i) {
    std::memset(sh + spans[i].lo, 1, spans[i].hi - spans[i].lo);
    if (lo >= hi) {
      lo = spans[i].lo;
      hi = spans[i].hi;
    } else {
      lo = std::min(lo, spans[i].lo);
      hi = std::max(hi, spans[i].hi);
    }
  }
}

// Records an access by `pipe` of spans[0, n) (offsets in memory m, inside
// buffer b). The spans are not empty.
// With init false (a move: LoadData's source and destination), initcheck
// neither checks nor marks the bytes; SanLocalMove carries their state over.
inline void SanRecord(CoreContext& core, Pipe pipe, Access acc, const BufferDesc& b, int m,
                      const SanSpan* spans, size_t n, const char* api, const char* role,
                      SrcLoc loc, bool init = true) {
  if (n == 0) return;
  if (core.san & kSynccheck) SanHazards(core, pipe, acc, b, m, spans, n, api, role, loc);
  if ((core.san & kInitcheck) && init) SanInit(core, pipe, acc, b, m, spans, n, api, role, loc);
}

// Marks [base, base + bytes) of memory m unwritten.
inline void SanPoison(CoreContext& core, int m, const uint8_t* base, uint64_t bytes) {
  SanCore& s = core.san_core;
  if (!s.init[m] || bytes == 0) return;  // a shadow not allocated yet is all unwritten
  std::memset(s.init[m].get() + MemoryOffset(core, m, base), 0, bytes);
}

// ---- hooks -----------------------------------------------------------------

// Contiguous access of `bytes` bytes at p inside buffer b by `pipe`.
inline void SanLocal(CoreContext& core, Pipe pipe, Access acc, const BufferDesc& b,
                     const uint8_t* p, uint64_t bytes, const char* api, const char* role,
                     SrcLoc loc, bool init = true) {
  if (!(core.san & (kSynccheck | kInitcheck)) || bytes == 0) return;
  const int m = MemoryIndex(b);
  const uint32_t lo = MemoryOffset(core, m, p);
  const SanSpan span{lo, static_cast<uint32_t>(lo + bytes)};
  SanRecord(core, pipe, acc, b, m, &span, 1, api, role, loc, init);
}

// `count` bursts of `len` bytes, `step` bytes apart (start to start), from p.
inline void SanLocalBursts(CoreContext& core, Pipe pipe, Access acc, const BufferDesc& b,
                           const uint8_t* p, uint32_t count, uint64_t len, uint64_t step,
                           const char* api, const char* role, SrcLoc loc, bool init = true) {
  if (!(core.san & (kSynccheck | kInitcheck)) || len == 0 || count == 0) return;
  if (step == len || count == 1) {
    SanLocal(core, pipe, acc, b, p, len * count, api, role, loc, init);
    return;
  }
  const int m = MemoryIndex(b);
  const uint32_t lo = MemoryOffset(core, m, p);
  std::vector<SanSpan>& spans = core.san_core.spans;
  spans.clear();
  for (uint32_t i = 0; i < count; ++i) {
    const auto s = static_cast<uint32_t>(lo + i * step);
    spans.push_back(SanSpan{s, static_cast<uint32_t>(s + len)});
  }
  SanRecord(core, pipe, acc, b, m, spans.data(), spans.size(), api, role, loc, init);
}

// initcheck of an on-chip move (LoadData): the bytes it wrote at dst take
// the written/unwritten state of the bytes they came from at src (constants
// such as padding count as written). chunks enumerates (dst offset, src
// offset or UINT64_MAX, bytes), offsets from dst / src.
inline void SanLocalMove(CoreContext& core, const BufferDesc& dst_buf, const uint8_t* dst,
                         const BufferDesc& src_buf, const uint8_t* src,
                         void (*chunks)(const void*, void (*)(void*, uint64_t, uint64_t, uint64_t),
                                        void*),
                         const void* ctx) {
  if (!(core.san & kInitcheck) || chunks == nullptr) return;
  SanCore& s = core.san_core;
  const int md = MemoryIndex(dst_buf);
  const int ms = MemoryIndex(src_buf);
  uint8_t* dsh = s.init[md] ? s.init[md].get() : SanAllocInit(s, md);
  const uint8_t* ssh = s.init[ms] ? s.init[ms].get() : SanAllocInit(s, ms);
  struct State {
    uint8_t* d;
    const uint8_t* s;
    uint32_t lo, hi;
  } st{dsh + MemoryOffset(core, md, dst), ssh + MemoryOffset(core, ms, src), UINT32_MAX, 0};
  chunks(
      ctx,
      [](void* p, uint64_t d, uint64_t so, uint64_t n) {
        auto* t = static_cast<State*>(p);
        if (so == UINT64_MAX) {
          std::memset(t->d + d, 1, n);
        } else {
          std::memmove(t->d + d, t->s + so, n);
        }
        t->lo = std::min<uint32_t>(t->lo, static_cast<uint32_t>(d));
        t->hi = std::max<uint32_t>(t->hi, static_cast<uint32_t>(d + n));
      },
      &st);
  if (st.lo < st.hi) {
    const uint32_t base = MemoryOffset(core, md, dst);
    uint32_t& lo = s.dirty_lo[md];
    uint32_t& hi = s.dirty_hi[md];
    if (lo >= hi) {
      lo = base + st.lo;
      hi = base + st.hi;
    } else {
      lo = std::min(lo, base + st.lo);
      hi = std::max(hi, base + st.hi);
    }
  }
}

// The byte ranges (from the operand start, within one repeat) of the active
// lanes of a repeat mask; returns how many (at most 128).
inline size_t SanRepeatRuns(const uint64_t* bits, uint32_t lanes, uint32_t lanes_per_block,
                            uint32_t blk_stride, uint32_t block_bytes, SanSpan* out) {
  const uint32_t lane_bits = block_bytes * 8 / lanes_per_block;
  auto active = [bits](uint32_t lane) { return (bits[lane >> 6] >> (lane & 63)) & 1; };
  size_t n = 0;
  uint32_t lane = 0;
  while (lane < lanes) {
    if (!active(lane)) {
      ++lane;
      continue;
    }
    const uint32_t blk = lane / lanes_per_block;
    const uint32_t blk_end = std::min(lanes, (blk + 1) * lanes_per_block);
    uint32_t end = lane + 1;
    while (end < blk_end && active(end)) ++end;
    const uint32_t at = blk * blk_stride * 32;
    const uint32_t lo = at + (lane - blk * lanes_per_block) * lane_bits / 8;
    const uint32_t hi = at + ((end - blk * lanes_per_block) * lane_bits + 7) / 8;
    if (n > 0 && out[n - 1].hi == lo) {
      out[n - 1].hi = hi;
    } else {
      out[n++] = SanSpan{lo, hi};
    }
    lane = end;
  }
  return n;
}

// Repeat-form footprint by the V pipe: for repeat r < repeats, block k with
// an active lane (bits for repeats before the last, last_bits for the last;
// lane i in block i / lanes_per_block), block_bytes bytes at
// base + r * rep_stride * 32 + k * blk_stride * 32. Exactly the active lanes
// are recorded.
inline void SanLocalRepeat(CoreContext& core, Access acc, const BufferDesc& b, const uint8_t* base,
                           const uint64_t* bits, const uint64_t* last_bits, uint32_t repeats,
                           uint32_t lanes, uint32_t lanes_per_block, uint32_t blk_stride,
                           uint32_t rep_stride, uint32_t block_bytes, const char* api,
                           const char* role, SrcLoc loc) {
  if (!(core.san & (kSynccheck | kInitcheck)) || repeats == 0) return;
  const int m = MemoryIndex(b);
  const uint32_t at = MemoryOffset(core, m, base);
  SanSpan runs[2][128];
  size_t nruns[2] = {0, 0};
  if (lanes > 128 || lanes_per_block == 0) {
    // More lanes than a mask has bits: the whole blocks of every repeat.
    const uint32_t blocks = lanes_per_block ? (lanes + lanes_per_block - 1) / lanes_per_block : 8;
    for (uint32_t k = 0; k < blocks && k < 128; ++k) {
      runs[0][k] = runs[1][k] = SanSpan{k * blk_stride * 32, k * blk_stride * 32 + block_bytes};
    }
    nruns[0] = nruns[1] = std::min<uint32_t>(blocks, 128);
  } else {
    nruns[0] = SanRepeatRuns(bits, lanes, lanes_per_block, blk_stride, block_bytes, runs[0]);
    nruns[1] = SanRepeatRuns(last_bits, lanes, lanes_per_block, blk_stride, block_bytes, runs[1]);
  }
  std::vector<SanSpan>& spans = core.san_core.spans;
  spans.clear();
  for (uint32_t r = 0; r < repeats; ++r) {
    // Repeat stride 0: every repeat but the last covers repeat 0's bytes, so
    // only repeat 0 and the last are recorded (a counter-mode count can make
    // billions of repeats; with a stride, the footprint check already bounds
    // them by the buffer's size).
    if (rep_stride == 0 && r == 1 && repeats > 2) r = repeats - 1;
    const int w = r + 1 == repeats ? 1 : 0;
    const uint32_t rb = at + r * rep_stride * 32;
    for (size_t i = 0; i < nruns[w]; ++i) {
      const uint32_t lo = rb + runs[w][i].lo, hi = rb + runs[w][i].hi;
      if (!spans.empty() && lo >= spans.back().lo && lo <= spans.back().hi) {
        spans.back().hi = std::max(spans.back().hi, hi);  // adjacent or overlapping
      } else {
        spans.push_back(SanSpan{lo, hi});
      }
    }
  }
  SanRecord(core, Pipe::kV, acc, b, m, spans.data(), spans.size(), api, role, loc);
  if (spans.capacity() > (size_t{1} << 16)) std::vector<SanSpan>().swap(spans);  // keep <= 512 KiB
}

// SetFlag / WaitFlag of HardEvent `event` (index into HardEventName), id.
// (SetFlag/WaitFlag reject other values first; checked again here because
// the values index flag_clock.)
inline bool SanEventValid(int event, int id) {
  return event >= 0 && event < SanCore::kEvents && id >= 0 && id < SanCore::kEventIds;
}
inline void SanSetFlag(CoreContext& core, int event, int id, SrcLoc loc) {
  (void)loc;
  if (!(core.san & kSynccheck) || !SanEventValid(event, id)) return;
  SanSnapshot(core.san_core, HardEventPipes(event).src, core.san_core.flag_clock[event][id]);
}
inline void SanWaitFlag(CoreContext& core, int event, int id, SrcLoc loc) {
  (void)loc;
  if (!(core.san & kSynccheck) || !SanEventValid(event, id)) return;
  SanJoin(core.san_core, HardEventPipes(event).dst, core.san_core.flag_clock[event][id]);
}
// A unit-flag handoff (Mmad / Fixpipe with unitFlag; cube/unit_flag.h) over
// the L0C blocks of [p, p + bytes): the instruction of `pipe` waits for each
// block's flag (release false: it is ordered after the snapshot the block's
// latest handoff left), or hands the blocks on (release true: the blocks
// keep pipe's clock, with the access just recorded). Like a flag per block.
inline void SanUnitFlag(CoreContext& core, Pipe pipe, bool release, const BufferDesc& b,
                        const uint8_t* p, uint64_t bytes) {
  if (!(core.san & kSynccheck) || bytes == 0) return;
  SanCore& s = core.san_core;
  if (!s.unit_clock) s.unit_clock.reset(new uint32_t[kUnitFlagBlocks * kNumPipes]());
  const uint32_t lo = MemoryOffset(core, MemoryIndex(b), p);
  const uint32_t end = std::min<uint32_t>(kUnitFlagBlocks, static_cast<uint32_t>((lo + bytes + 511) / 512));
  for (uint32_t k = lo / 512; k < end; ++k) {
    uint32_t* c = s.unit_clock.get() + uint64_t{k} * kNumPipes;
    if (release) {
      SanSnapshot(s, pipe, c);
    } else {
      SanJoin(s, pipe, c);
    }
  }
}

// PipeBarrier<pipe> (pipe_t value): PIPE_ALL orders every pipe after
// everything before it; a barrier on one pipe orders nothing across pipes.
inline void SanBarrier(CoreContext& core, int pipe_t_value) {
  if (!(core.san & kSynccheck) || pipe_t_value != ::PIPE_ALL) return;
  SanCore& s = core.san_core;
  for (int p = 0; p < kNumPipes; ++p) std::memcpy(s.clock[p], s.last, sizeof(s.last));
}

// Queue transitions of buffer b in a TQueBind<src, dst>.
inline void SanQueue(CoreContext& core, QueueOp op, BufferDesc& b, AscendC::TPosition src,
                     AscendC::TPosition dst) {
  using P = AscendC::TPosition;
  if (core.san & kSynccheck) {
    const Pipe producer = ProducerPipe(src == P::GM ? dst : src);
    const Pipe consumer = ConsumerPipe(dst == P::GM ? src : dst);
    SanCore& s = core.san_core;
    switch (op) {
      case QueueOp::kEnQue: SanSnapshot(s, producer, b.san_clock); break;
      case QueueOp::kDeQue: SanJoin(s, consumer, b.san_clock); break;
      case QueueOp::kFree: SanSnapshot(s, consumer, b.san_clock); break;
      case QueueOp::kAlloc:
      case QueueOp::kPoolReset: SanJoin(s, producer, b.san_clock); break;
    }
  }
  // A buffer handed out again holds the previous tile's bytes.
  if (op == QueueOp::kAlloc && (core.san & kInitcheck)) {
    SanPoison(core, MemoryIndex(b), b.base, b.bytes);
  }
}

// InitBuffer carved [base, base + bytes) of memory m.
inline void SanCarve(CoreContext& core, Memory m, uint8_t* base, uint64_t bytes) {
  if (core.san & kInitcheck) SanPoison(core, static_cast<int>(m), base, bytes);
}

// Block start (called after BeginBlock when core.san != 0): everything
// earlier blocks did is complete, and nothing they wrote counts as written.
inline void SanBeginBlock(CoreContext& core) {
  SanCore& s = core.san_core;
  if (core.san & kSynccheck) {
    if (s.seq >= SanCore::kSeqLimit / 2) SanRenumber(s);
    for (int p = 0; p < kNumPipes; ++p) {
      for (int q = 0; q < kNumPipes; ++q) s.clock[p][q] = s.seq;
    }
  }
  if (core.san & kInitcheck) {
    for (int m = 0; m < SanCore::kMemories; ++m) {
      if (s.init[m] && s.dirty_lo[m] < s.dirty_hi[m]) {
        std::memset(s.init[m].get() + s.dirty_lo[m], 0, s.dirty_hi[m] - s.dirty_lo[m]);
      }
      s.dirty_lo[m] = s.dirty_hi[m] = 0;
    }
    s.prior_dst = SanCore::PriorDst{};
  }
}

}  // namespace detail
}  // namespace aicore
