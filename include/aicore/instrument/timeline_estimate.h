// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The NPU pipe timeline, part 3 (issue 14): a list scheduler that turns the
// recorded API calls of a launch (instrument/timeline.h) into an estimated
// NPU time with the cost model of instrument/cost_model.h.
//
// Per block, in program order:
//  - An instruction is a run of consecutive records of one API call site
//    (same API and source line); it executes on the pipe of its on-chip
//    operands (a GM-only run: MTE2 for reads, MTE3 for writes). Its cost is
//    the pipe's start latency plus its size at the pipe's rate: GM bytes at
//    the per-core GM rate (MTE2, MTE3), destination bytes (else source
//    bytes) at the pipe's rate (V, MTE1, FIX), fractal products for Mmad
//    (M: sqrt(A/512 * B/512 * C/1024), the m1*k1*n1 of the call).
//  - It starts when the scalar unit has issued it (one issue per
//    issue_cycles, in program order), its pipe is free (pipes are in order)
//    and its pipe's waits allow: WaitFlag<SRC_DST> makes DST wait for the
//    completion of what SRC had been given before the matching SetFlag;
//    DeQue makes the queue's consumer wait for the producer's work before
//    EnQue, AllocTensor the producer for the consumer's before FreeTensor;
//    PipeBarrier<PIPE_ALL> waits for every pipe (a barrier on one in-order
//    pipe orders nothing more). Nothing else orders two pipes: a kernel
//    without a WaitFlag gets no ordering from the estimate.
//  - Scalar accesses (pipe S) run on the scalar unit: issue stalls on them.
// Blocks are then placed, in block order, on the earliest free core of
// their kind (the profile's AIV or AIC cores); the kernel time is the
// latest block end, or the total GM bytes over the shared GM bandwidth
// when that is longer (then the bound is "GM"). A launch with SyncAll runs
// every block at once, block k on core k (modulo the cores), and orders
// blocks at each SyncAll: nothing after a block's n-th SyncAll issues or
// starts before every block's work before its n-th SyncAll has ended.
// Cross-core flags order blocks too (and also place every block on its own
// core from the start): CrossCoreSetFlag<mode, pipe> sets when `pipe` has
// finished what it was given before it, and CrossCoreWaitFlag<mode, pipe>
// holds `pipe` (PIPE_S: the issue of everything after it) until the sets
// it waited for. Which sets those are is taken from the CPU run: the flag
// operations are replayed in the order they happened there, with the
// runtime's counting rules (ops/sync_all.h: mode 0 rounds over the blocks of
// a core type, mode 1 pairs of a group's vector blocks, mode 2 cube <->
// vector), so the estimate keeps the CPU run's matching of waits to sets.
//
// Not modeled: caches, bank conflicts, pipe queue depths, launch overhead.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "aicore/instrument/cost_model.h"
#include "aicore/instrument/sanitizer/onchip.h"
#include "aicore/instrument/timeline.h"

namespace aicore {
namespace profile {

// One instruction on the estimated timeline (cycles from the kernel start).
struct TimelineSpan {
  int32_t block_idx;
  aicore::detail::CoreType core_type;
  int core;  // the AIV (or AIC) core the block was placed on
  aicore::detail::Pipe pipe;
  const char* api;
  int line;
  double start;
  double cycles;
};

struct TimelineEstimate {
  std::string kernel;
  CostModel model{};
  double cycles = 0;       // estimated kernel time
  double us = 0;           // the same at the model's clock
  double block_cycles = 0; // the latest block end (without the shared GM bound)
  double gm_cycles = 0;    // total GM bytes / shared GM bandwidth
  uint64_t gm_bytes = 0;
  // Per pipe: busy cycles summed over blocks, and their share of the summed
  // block times (1: that pipe never idles while a block runs).
  double busy[aicore::detail::kNumPipes] = {};
  double busy_share[aicore::detail::kNumPipes] = {};
  // The pipe with the largest share, or "GM" when the shared GM bandwidth
  // bounds the kernel.
  std::string bound;
  std::vector<TimelineSpan> spans;
};

namespace detail {

using aicore::detail::Pipe;
using instrument::EventKind;

struct Instr {
  Pipe pipe;
  const char* api;
  int line;
  uint64_t gm_bytes = 0, write_bytes = 0, read_bytes = 0;
  uint64_t fm = 0, filter = 0, dst = 0;  // Mmad operands
};

inline bool IsAccess(EventKind k) {
  return k == EventKind::kLocal || k == EventKind::kLocalRepeat || k == EventKind::kGm ||
         k == EventKind::kLocalMove;
}

// A block's arrival at a SyncAll: the PIPE_ALL barrier SyncAll records in
// every block (the kSyncAll event itself comes from the last block only).
inline bool IsSyncAll(const TimelineRecord& x) {
  return x.kind == EventKind::kBarrier && std::strcmp(x.api, "SyncAll") == 0;
}

inline double InstrCycles(const Instr& in, const CostModel& m) {
  const PipeCost& c = m.pipe[static_cast<int>(in.pipe)];
  switch (in.pipe) {
    case Pipe::kS: return c.start_cycles;
    case Pipe::kM: {
      const double f = std::sqrt(static_cast<double>(in.fm) / 512.0 *
                                 (static_cast<double>(in.filter) / 512.0) *
                                 (static_cast<double>(in.dst) / 1024.0));
      return c.start_cycles + std::max(1.0, std::ceil(f / m.cube_fractals_per_cycle));
    }
    case Pipe::kMTE2:
    case Pipe::kMTE3:
      if (in.gm_bytes != 0) return c.start_cycles + static_cast<double>(in.gm_bytes) / m.gm_core_bytes_per_cycle;
      break;
    default: break;
  }
  const uint64_t bytes = std::max(in.gm_bytes, in.write_bytes != 0 ? in.write_bytes : in.read_bytes);
  return c.start_cycles + (c.bytes_per_cycle > 0 ? std::ceil(static_cast<double>(bytes) / c.bytes_per_cycle) : 0.0);
}

// The pipe a cross-core flag operation's pipe_t names (kCount: every pipe,
// for PIPE_ALL and the pipes the model has no lane for).
inline Pipe CrossPipe(int p) {
  switch (static_cast<::pipe_t>(p)) {
    case ::PIPE_S: return Pipe::kS;
    case ::PIPE_V: return Pipe::kV;
    case ::PIPE_M: return Pipe::kM;
    case ::PIPE_MTE1: return Pipe::kMTE1;
    case ::PIPE_MTE2: return Pipe::kMTE2;
    case ::PIPE_MTE3: return Pipe::kMTE3;
    case ::PIPE_FIX: return Pipe::kFIX;
    default: return Pipe::kCount;
  }
}

// A record of a block: (index of the block in the estimate's order, record).
using RecordRef = std::pair<size_t, size_t>;
// For each CrossCoreWaitFlag record, the CrossCoreSetFlag records it waited for.
using CrossDeps = std::map<RecordRef, std::vector<RecordRef>>;

// Replays the cross-core flag operations of a launch in the order the CPU
// run did them, counting as the runtime does (ops/sync_all.h), and gives
// each wait the sets whose counts it consumed (first available, first used).
inline CrossDeps MatchCrossFlags(const std::vector<const BlockTimeline*>& order) {
  using aicore::detail::CoreType;
  struct Op {
    uint64_t seq;
    size_t block, rec;
  };
  std::vector<Op> ops;
  std::map<std::pair<int, int32_t>, size_t> by_idx;  // (core type, block idx) -> block
  uint32_t count[2] = {};
  for (size_t k = 0; k < order.size(); ++k) {
    const BlockTimeline& b = *order[k];
    by_idx[{static_cast<int>(b.core_type), b.block_idx}] = k;
    ++count[static_cast<int>(b.core_type)];
    for (size_t i = 0; i < b.records.size(); ++i) {
      const EventKind kind = b.records[i].kind;
      if (kind == EventKind::kCrossSet || kind == EventKind::kCrossWait) ops.push_back(Op{b.records[i].seq, k, i});
    }
  }
  CrossDeps deps;
  if (ops.empty()) return deps;
  std::sort(ops.begin(), ops.end(), [](const Op& a, const Op& b) { return a.seq < b.seq; });
  const int kAIC = static_cast<int>(CoreType::kAIC), kAIV = static_cast<int>(CoreType::kAIV);
  const bool mixed = count[kAIC] != 0 && count[kAIV] != 0;
  const uint32_t per = mixed && count[kAIV] >= 2 * count[kAIC] ? 2 : 1;  // vector blocks per cube block
  auto block_of = [&](int type, int64_t idx) -> long {
    auto it = by_idx.find({type, static_cast<int32_t>(idx)});
    return it == by_idx.end() ? -1 : static_cast<long>(it->second);
  };
  std::map<std::pair<long, int>, std::deque<std::vector<RecordRef>>> avail;  // (block, flag)
  std::map<std::pair<int, int>, std::vector<RecordRef>> round;               // mode 0: (type, flag)
  std::map<std::pair<long, int>, std::vector<RecordRef>> pairs;              // mode 1: (group, flag)
  std::map<std::pair<long, int>, std::deque<RecordRef>> in[2];               // mode 2 into a 1:2 cube block
  for (const Op& op : ops) {
    const BlockTimeline& b = *order[op.block];
    const TimelineRecord& x = b.records[op.rec];
    const int type = static_cast<int>(b.core_type);
    const int f = x.id;
    const RecordRef ref{op.block, op.rec};
    if (x.kind == EventKind::kCrossWait) {
      std::deque<std::vector<RecordRef>>& q = avail[{static_cast<long>(op.block), f}];
      if (!q.empty()) {
        deps[ref] = std::move(q.front());
        q.pop_front();
      }
      continue;
    }
    if (x.mode == 0) {
      std::vector<RecordRef>& r = round[{type, f}];
      r.push_back(ref);
      if (r.size() == count[type]) {
        for (size_t k = 0; k < order.size(); ++k) {
          if (static_cast<int>(order[k]->core_type) == type) avail[{static_cast<long>(k), f}].push_back(r);
        }
        r.clear();
      }
    } else if (x.mode == 1) {
      std::vector<RecordRef>& r = pairs[{b.block_idx / 2, f}];
      r.push_back(ref);
      if (r.size() == 2) {
        for (int s = 0; s < 2; ++s) {
          const long k = block_of(kAIV, (b.block_idx & ~1) + s);
          if (k >= 0) avail[{k, f}].push_back(r);
        }
        r.clear();
      }
    } else if (type == kAIC) {
      for (uint32_t s = 0; s < per; ++s) {
        const long k = block_of(kAIV, int64_t{b.block_idx} * per + s);
        if (k >= 0) avail[{k, f}].push_back({ref});
      }
    } else {
      const long k = block_of(kAIC, b.block_idx / static_cast<int32_t>(per));
      if (k < 0) continue;
      if (per == 1) {
        avail[{k, f}].push_back({ref});
        continue;
      }
      in[b.block_idx & 1][{k, f}].push_back(ref);
      std::deque<RecordRef>& a = in[0][{k, f}];
      std::deque<RecordRef>& c = in[1][{k, f}];
      if (!a.empty() && !c.empty()) {
        avail[{k, f}].push_back({a.front(), c.front()});
        a.pop_front();
        c.pop_front();
      }
    }
  }
  return deps;
}

// Adds the sequential block sync to `deps` (a notify acts as a cross-core
// set of every pipe, a wait as a wait on the scalar pipe): vector block i's
// k-th WaitPreBlock waits for block i - 1's k-th NotifyNextBlock, block 0's
// (k > 1) for the last block's (k - 1)-th.
inline void MatchSequential(const std::vector<const BlockTimeline*>& order, CrossDeps* deps) {
  std::vector<std::pair<size_t, std::vector<size_t>>> notifies;  // per vector block in blockIdx order
  std::vector<std::pair<size_t, std::vector<size_t>>> waits;
  for (size_t k = 0; k < order.size(); ++k) {
    if (order[k]->core_type != aicore::detail::CoreType::kAIV) continue;
    std::vector<size_t> n, w;
    for (size_t i = 0; i < order[k]->records.size(); ++i) {
      const EventKind kind = order[k]->records[i].kind;
      if (kind == EventKind::kSeqNotify) n.push_back(i);
      if (kind == EventKind::kSeqWait) w.push_back(i);
    }
    notifies.emplace_back(k, std::move(n));
    waits.emplace_back(k, std::move(w));
  }
  const size_t nb = notifies.size();  // `order` is sorted by blockIdx
  for (size_t b = 0; b < nb; ++b) {
    for (size_t r = 0; r < waits[b].second.size(); ++r) {
      const size_t from = b == 0 ? nb - 1 : b - 1;
      if (b == 0 && r == 0) continue;
      const size_t round = b == 0 ? r - 1 : r;
      if (round < notifies[from].second.size()) {
        (*deps)[{waits[b].first, waits[b].second[r]}] = {{notifies[from].first, notifies[from].second[round]}};
      }
    }
  }
}

// Adds the GroupBarriers to `deps` (one per workspace): a block's n-th Wait
// of a barrier waits for every block's n-th Arrive of it, a block's n-th
// Arrive (n > 1) for every block's (n - 1)-th Wait. Each Arrive and Wait
// also takes effect itself (its counter write on MTE3) for the others.
inline void MatchGroupBarriers(const std::vector<const BlockTimeline*>& order, CrossDeps* deps) {
  struct Round {
    std::vector<RecordRef> arrive, wait;
  };
  std::map<uintptr_t, std::map<size_t, Round>> rounds;  // workspace -> round -> records
  for (size_t k = 0; k < order.size(); ++k) {
    std::map<uintptr_t, size_t> na, nw;
    for (size_t i = 0; i < order[k]->records.size(); ++i) {
      const TimelineRecord& x = order[k]->records[i];
      if (x.kind == EventKind::kGroupArrive) rounds[x.buffer][++na[x.buffer]].arrive.push_back({k, i});
      if (x.kind == EventKind::kGroupWait) rounds[x.buffer][++nw[x.buffer]].wait.push_back({k, i});
    }
  }
  for (auto& bar : rounds) {
    for (auto& rd : bar.second) {
      for (const RecordRef& w : rd.second.wait) (*deps)[w] = rd.second.arrive;
      auto next = bar.second.find(rd.first + 1);
      if (next == bar.second.end()) continue;
      for (const RecordRef& a : next->second.arrive) (*deps)[a] = rd.second.wait;
    }
  }
}

// The times the cross-core sets of a launch took effect (shared by the
// blocks' schedulers).
using CrossSetTimes = std::map<RecordRef, double>;

struct BlockResult {
  double end = 0;
  double busy[aicore::detail::kNumPipes] = {};
  uint64_t gm_bytes = 0;
  std::vector<TimelineSpan> spans;  // start relative to the block start
};

// The schedule of one block in program order, resumable at its SyncAll
// records (EstimateTimeline lines the blocks up there).
struct BlockScheduler {
  static constexpr int kP = aicore::detail::kNumPipes;
  const BlockTimeline& b;
  const CostModel& m;
  size_t k;  // the block's index in the estimate's order
  const CrossDeps* cross = nullptr;
  CrossSetTimes* set_times = nullptr;
  BlockResult r;
  size_t i = 0;  // the next record
  bool force = false;  // the next cross-core wait goes on without its missing sets
  double issue = 0;
  double pipe_free[kP] = {};   // when the pipe's latest instruction ends
  double pipe_after[kP] = {};  // no instruction of the pipe starts before
  std::map<std::pair<int, int>, std::deque<double>> flags;  // (event, id) -> set times
  std::map<uintptr_t, double> enq, freed;                   // buffer -> time

  BlockScheduler(const BlockTimeline& block, const CostModel& model, size_t index, const CrossDeps* deps,
                 CrossSetTimes* times)
      : b(block), m(model), k(index), cross(deps), set_times(times) {}
  double all_done() const {
    double t = issue;
    for (int p = 0; p < kP; ++p) t = std::max(t, pipe_free[p]);
    return t;
  }
  // The latest time at which the records the current one waits for (its
  // entry in `cross`) took effect, in *t; false while one has not been
  // scheduled yet (unless `force`: then it is left out). Clears `force`.
  bool DepsDone(double* t) {
    auto it = cross->find({k, i});
    if (it != cross->end()) {
      for (const RecordRef& s : it->second) {
        auto st = set_times->find(s);
        if (st == set_times->end()) {
          if (!force) return false;
          continue;
        }
        *t = std::max(*t, st->second);
      }
    }
    force = false;
    return true;
  }
  // Nothing of the block issues or starts before t (the end of a SyncAll).
  void WaitUntil(double t) {
    issue = std::max(issue, t);
    for (double& a : pipe_after) a = std::max(a, t);
  }
  void run(const Instr& in) {
    const int p = static_cast<int>(in.pipe);
    const double start = std::max(issue, std::max(pipe_free[p], pipe_after[p]));
    const double cyc = InstrCycles(in, m);
    pipe_free[p] = start + cyc;
    r.busy[p] += cyc;
    r.gm_bytes += in.gm_bytes;
    r.spans.push_back(TimelineSpan{b.block_idx, b.core_type, 0, in.pipe, in.api, in.line, start, cyc});
    issue = in.pipe == Pipe::kS ? start + cyc : issue + m.issue_cycles;
  }
  // Where Run stopped: at the end, past a SyncAll, or at a cross-core wait
  // for a set not scheduled yet (Run resumes there).
  enum class Stop { kEnd, kSync, kBlocked };
  // Schedules the records up to the next SyncAll or the end, or until a
  // cross-core wait cannot be placed yet.
  Stop Run() {
  const std::vector<TimelineRecord>& rec = b.records;
  while (i < rec.size()) {
    const TimelineRecord& x = rec[i];
    if (IsAccess(x.kind)) {
      Instr in{x.pipe, x.api, x.line};
      bool have_local = false;
      size_t j = i;
      for (; j < rec.size() && IsAccess(rec[j].kind) && rec[j].api == x.api && rec[j].line == x.line; ++j) {
        const TimelineRecord& y = rec[j];
        if (y.kind == EventKind::kGm) {
          in.gm_bytes += y.bytes;
          continue;
        }
        if (!have_local) {
          in.pipe = y.pipe;
          have_local = true;
        }
        (y.write ? in.write_bytes : in.read_bytes) += y.bytes;
        if (std::strcmp(y.role, "fm") == 0) in.fm += y.bytes;
        else if (std::strcmp(y.role, "filter") == 0) in.filter += y.bytes;
        else if (y.write && std::strncmp(y.role, "dst", 3) == 0) in.dst += y.bytes;
      }
      run(in);
      i = j;
      continue;
    }
    switch (x.kind) {
      case EventKind::kSetFlag: {
        const aicore::detail::EventPipes ep = aicore::detail::HardEventPipes(x.event);
        flags[{x.event, x.id}].push_back(std::max(issue, pipe_free[static_cast<int>(ep.src)]));
        break;
      }
      case EventKind::kWaitFlag: {
        const aicore::detail::EventPipes ep = aicore::detail::HardEventPipes(x.event);
        std::deque<double>& q = flags[{x.event, x.id}];
        if (q.empty()) break;  // an unmatched wait: the runtime reports it
        const double t = q.front();
        q.pop_front();
        double& after = pipe_after[static_cast<int>(ep.dst)];
        after = std::max(after, t);
        if (ep.dst == Pipe::kS) issue = std::max(issue, t);
        break;
      }
      case EventKind::kBarrier:
        if (x.id == static_cast<int>(::PIPE_ALL)) {
          const double t = all_done();
          issue = t;
          for (double& a : pipe_after) a = std::max(a, t);
        }
        if (IsSyncAll(x)) {
          ++i;
          return Stop::kSync;
        }
        break;
      case EventKind::kGroupArrive:
      case EventKind::kGroupWait: {
        // The block waits for what the record depends on, then its counter
        // write (MTE3, after the scalar unit) takes effect.
        double t = 0;
        if (!DepsDone(&t)) return Stop::kBlocked;
        WaitUntil(t);
        (*set_times)[{k, i}] = std::max(issue, pipe_free[static_cast<int>(CrossPipe(x.event))]);
        break;
      }
      case EventKind::kCrossSet:
      case EventKind::kSeqNotify: {
        const Pipe src = CrossPipe(x.event);
        (*set_times)[{k, i}] = src == Pipe::kCount ? all_done() : std::max(issue, pipe_free[static_cast<int>(src)]);
        break;
      }
      case EventKind::kCrossWait:
      case EventKind::kSeqWait: {
        double t = 0;
        if (!DepsDone(&t)) return Stop::kBlocked;
        const Pipe dst = CrossPipe(x.event);
        if (dst == Pipe::kCount || dst == Pipe::kS) {
          WaitUntil(t);
        } else {
          double& after = pipe_after[static_cast<int>(dst)];
          after = std::max(after, t);
        }
        break;
      }
      case EventKind::kQueue: {
        const int prod = static_cast<int>(x.producer);
        const int cons = static_cast<int>(x.consumer);
        switch (x.queue_op) {
          case aicore::detail::QueueOp::kEnQue: enq[x.buffer] = pipe_free[prod]; break;
          case aicore::detail::QueueOp::kDeQue: {
            auto it = enq.find(x.buffer);
            if (it != enq.end()) pipe_after[cons] = std::max(pipe_after[cons], it->second);
            break;
          }
          case aicore::detail::QueueOp::kFree: freed[x.buffer] = pipe_free[cons]; break;
          case aicore::detail::QueueOp::kAlloc:
          case aicore::detail::QueueOp::kPoolReset: {
            auto it = freed.find(x.buffer);
            if (it != freed.end()) pipe_after[prod] = std::max(pipe_after[prod], it->second);
            break;
          }
        }
        break;
      }
      default: break;
    }
    ++i;
  }
  r.end = all_done();
  return Stop::kEnd;
  }
};

inline std::string JsonEscape(const char* s) {
  std::string o;
  for (; *s != '\0'; ++s) {
    const unsigned char c = static_cast<unsigned char>(*s);
    if (c == '"' || c == '\\') {
      o += '\\';
      o += static_cast<char>(c);
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      o += buf;
    } else {
      o += static_cast<char>(c);
    }
  }
  return o;
}

// Text for SVG/XML character data and attribute values: & < > " ' as
// entities, control characters other than tab and newline dropped (XML 1.0
// forbids them).
inline std::string XmlEscape(const std::string& in) {
  std::string o;
  o.reserve(in.size());
  for (const char ch : in) {
    const unsigned char c = static_cast<unsigned char>(ch);
    switch (c) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '"': o += "&quot;"; break;
      case '\'': o += "&apos;"; break;
      default:
        if (c >= 0x20 || c == '\t' || c == '\n') o += ch;
        break;
    }
  }
  return o;
}

}  // namespace detail

// The estimate of a recorded launch under a cost model (by default the one
// of the SoC profile the launch ran under).
inline TimelineEstimate EstimateTimeline(const Timeline& t, const CostModel& m) {
  constexpr int kP = aicore::detail::kNumPipes;
  TimelineEstimate e;
  e.kernel = t.kernel;
  e.model = m;
  const SocProfile& soc = SocProfileByIndex(t.soc_index);
  std::vector<const BlockTimeline*> order;
  for (const BlockTimeline& b : t.blocks) order.push_back(&b);
  std::stable_sort(order.begin(), order.end(), [](const BlockTimeline* a, const BlockTimeline* b) {
    return a->block_idx < b->block_idx;
  });
  std::vector<double> aiv(std::max<uint32_t>(1, soc.aiv_cores), 0.0);
  std::vector<double> aic(std::max<uint32_t>(1, soc.aic_cores), 0.0);
  double summed = 0;
  // SyncAll and cross-core flags: every block runs at once, each on its own
  // core from the start (as such a launch must fit the cores). No block goes
  // past its n-th SyncAll before every block that reaches one has finished
  // all its work before it; a cross-core wait holds its pipe until the sets
  // it waited for in the CPU run, a WaitPreBlock its block until the
  // NotifyNextBlock before it in blockIdx order, a GroupBarrier Wait its
  // block until the round's arrivals.
  bool sync = false;
  for (const BlockTimeline* b : order) {
    for (const TimelineRecord& x : b->records) {
      sync = sync || detail::IsSyncAll(x) || x.kind == instrument::EventKind::kCrossSet ||
             x.kind == instrument::EventKind::kCrossWait || x.kind == instrument::EventKind::kSeqWait ||
             x.kind == instrument::EventKind::kGroupWait;
    }
  }
  detail::CrossDeps cross = detail::MatchCrossFlags(order);
  detail::MatchSequential(order, &cross);
  detail::MatchGroupBarriers(order, &cross);
  detail::CrossSetTimes set_times;
  std::vector<detail::BlockScheduler> sched;
  sched.reserve(order.size());
  for (size_t k = 0; k < order.size(); ++k) sched.emplace_back(*order[k], m, k, &cross, &set_times);
  using Stop = detail::BlockScheduler::Stop;
  std::vector<Stop> stop(sched.size(), Stop::kBlocked);  // kBlocked: runnable
  for (;;) {
    bool moved = false;
    for (size_t k = 0; k < sched.size(); ++k) {
      if (stop[k] != Stop::kBlocked) continue;
      const size_t before = sched[k].i;
      stop[k] = sched[k].Run();
      moved = moved || stop[k] != Stop::kBlocked || sched[k].i != before;
    }
    if (moved) continue;
    // Every block has ended, waits at a SyncAll, or waits for a set that
    // comes after a SyncAll: release the SyncAll.
    double t = 0;
    bool any_sync = false;
    for (size_t k = 0; k < sched.size(); ++k) {
      if (stop[k] != Stop::kSync) continue;
      any_sync = true;
      t = std::max(t, sched[k].all_done());
    }
    if (any_sync) {
      for (size_t k = 0; k < sched.size(); ++k) {
        if (stop[k] != Stop::kSync) continue;
        sched[k].WaitUntil(t);
        stop[k] = Stop::kBlocked;
      }
      continue;
    }
    // Waits whose sets never get scheduled (the CPU run cannot produce this):
    // the first goes on without them.
    auto blocked = std::find(stop.begin(), stop.end(), Stop::kBlocked);
    if (blocked == stop.end()) break;
    sched[static_cast<size_t>(blocked - stop.begin())].force = true;
  }
  size_t nth_aiv = 0, nth_aic = 0;
  for (size_t k = 0; k < order.size(); ++k) {
    const BlockTimeline* b = order[k];
    detail::BlockResult& r = sched[k].r;
    const bool is_aic = b->core_type == aicore::detail::CoreType::kAIC;
    std::vector<double>& cores = is_aic ? aic : aiv;
    size_t& nth = is_aic ? nth_aic : nth_aiv;
    const size_t c = sync ? nth++ % cores.size()
                          : static_cast<size_t>(std::min_element(cores.begin(), cores.end()) - cores.begin());
    const double at = sync ? 0.0 : cores[c];
    cores[c] = at + r.end;
    e.block_cycles = std::max(e.block_cycles, cores[c]);
    summed += r.end;
    e.gm_bytes += r.gm_bytes;
    for (int p = 0; p < kP; ++p) e.busy[p] += r.busy[p];
    for (TimelineSpan& s : r.spans) {
      s.core = static_cast<int>(c);
      s.start += at;
      e.spans.push_back(s);
    }
  }
  e.gm_cycles = static_cast<double>(e.gm_bytes) / m.gm_shared_bytes_per_cycle;
  e.cycles = std::max(e.block_cycles, e.gm_cycles);
  e.us = e.cycles / (m.clock_ghz * 1e3);
  int best = 0;
  for (int p = 0; p < kP; ++p) {
    e.busy_share[p] = summed > 0 ? e.busy[p] / summed : 0.0;
    if (e.busy_share[p] > e.busy_share[best]) best = p;
  }
  e.bound = e.gm_cycles > e.block_cycles ? "GM" : aicore::detail::PipeName(static_cast<aicore::detail::Pipe>(best));
  return e;
}
inline TimelineEstimate EstimateTimeline(const Timeline& t) {
  return EstimateTimeline(t, CostModelFor(t.soc_index));
}

// A few lines: kernel time, bound, per-pipe busy share.
inline std::string FormatEstimate(const TimelineEstimate& e) {
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "aicore timeline: %s: estimated NPU time %.2f us (%.0f cycles at %.2f GHz, %s%s), "
                "bound by %s\n  blocks %.0f cycles, GM %llu bytes = %.0f cycles at the shared bandwidth\n"
                "  pipe busy share:",
                e.kernel.c_str(), e.us, e.cycles, e.model.clock_ghz, e.model.soc,
                e.model.own_entry ? "" : " using Ascend910B constants", e.bound.c_str(), e.block_cycles,
                static_cast<unsigned long long>(e.gm_bytes), e.gm_cycles);
  std::string s = buf;
  for (int p = 0; p < aicore::detail::kNumPipes; ++p) {
    std::snprintf(buf, sizeof buf, " %s %.0f%%", aicore::detail::PipeName(static_cast<aicore::detail::Pipe>(p)),
                  100.0 * e.busy_share[p]);
    s += buf;
  }
  s += "\n  (a model, not a measurement: see README, \"NPU time estimate\")\n";
  return s;
}

// The estimate as Chrome trace-event JSON (chrome://tracing, Perfetto):
// one process per core ("AIV 3"), one thread per pipe, one complete event
// per instruction (microseconds at the model's clock; args: block, cycles).
inline std::string ChromeTraceJson(const TimelineEstimate& e) {
  const double us_per_cycle = 1.0 / (e.model.clock_ghz * 1e3);
  std::string s = "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[";
  char buf[512];
  bool first = true;
  std::vector<std::pair<int, int>> named;  // (pid, tid) with names emitted
  for (const TimelineSpan& sp : e.spans) {
    const bool aic = sp.core_type == aicore::detail::CoreType::kAIC;
    const int pid = (aic ? 1000 : 0) + sp.core;
    const int tid = static_cast<int>(sp.pipe);
    if (std::find(named.begin(), named.end(), std::make_pair(pid, -1)) == named.end()) {
      named.emplace_back(pid, -1);
      std::snprintf(buf, sizeof buf,
                    "%s{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%d,\"args\":{\"name\":\"%s %d\"}}",
                    first ? "" : ",", pid, aic ? "AIC" : "AIV", sp.core);
      s += buf;
      first = false;
    }
    if (std::find(named.begin(), named.end(), std::make_pair(pid, tid)) == named.end()) {
      named.emplace_back(pid, tid);
      std::snprintf(buf, sizeof buf,
                    ",{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%d,\"tid\":%d,\"args\":{\"name\":\"%s\"}}",
                    pid, tid, aicore::detail::PipeName(sp.pipe));
      s += buf;
    }
    s += ",{\"name\":\"" + detail::JsonEscape(sp.api) + "\",\"cat\":\"" + aicore::detail::PipeName(sp.pipe) + "\"";
    std::snprintf(buf, sizeof buf,
                  ",\"ph\":\"X\",\"pid\":%d,\"tid\":%d,\"ts\":%.6f,\"dur\":%.6f,"
                  "\"args\":{\"block\":%d,\"line\":%d,\"cycles\":%.1f}}",
                  pid, tid, sp.start * us_per_cycle, sp.cycles * us_per_cycle, sp.block_idx, sp.line,
                  sp.cycles);
    s += buf;
  }
  s += "]}\n";
  return s;
}

// Writes ChromeTraceJson to `path`; false (and nothing written) when the
// file cannot be opened or written.
inline bool WriteChromeTrace(const TimelineEstimate& e, const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return false;
  const std::string s = ChromeTraceJson(e);
  const bool ok = std::fwrite(s.data(), 1, s.size(), f) == s.size();
  return std::fclose(f) == 0 && ok;
}

struct TimelineSvgOptions {
  uint32_t max_blocks = 4;      // the first blocks by index (AIV blocks, then AIC)
  double width = 1200;          // pixels of the time axis
  uint32_t max_spans = 20000;   // instructions drawn at most (the rest counted)
};

// The estimate as a self-contained SVG picture (opens in a browser): for the
// first few blocks, one lane per pipe the block uses, one box per
// instruction (hover: its API, source line, start and cycles), and a time
// axis in microseconds at the model's clock from the kernel start.
inline std::string TimelineSvg(const TimelineEstimate& e, const TimelineSvgOptions& o = {}) {
  using aicore::detail::CoreType;
  using aicore::detail::Pipe;
  using detail::XmlEscape;
  constexpr int kP = aicore::detail::kNumPipes;
  constexpr double kLabelW = 170, kLaneH = 18, kTop = 64, kBlockGap = 8;
  static const char* const kColor[kP] = {"#888888", "#4878a8", "#a05090", "#60a060",
                                         "#d08030", "#c04040", "#30a0a0"};
  // The blocks drawn, and the pipes each uses.
  struct Lane {
    CoreType type;
    int32_t block;
    int core;
    bool used[kP];
  };
  std::vector<Lane> blocks;
  for (const TimelineSpan& sp : e.spans) {
    auto it = std::find_if(blocks.begin(), blocks.end(), [&](const Lane& l) {
      return l.type == sp.core_type && l.block == sp.block_idx;
    });
    if (it == blocks.end()) {
      blocks.push_back(Lane{sp.core_type, sp.block_idx, sp.core, {}});
      it = blocks.end() - 1;
    }
    it->used[static_cast<int>(sp.pipe)] = true;
  }
  std::stable_sort(blocks.begin(), blocks.end(), [](const Lane& a, const Lane& b) {
    if (a.type != b.type) return a.type == CoreType::kAIV;
    return a.block < b.block;
  });
  if (blocks.size() > o.max_blocks) blocks.resize(o.max_blocks);
  // Lane rows: y of (block, pipe).
  std::vector<std::vector<double>> lane_y(blocks.size(), std::vector<double>(kP, -1));
  double y = kTop;
  for (size_t b = 0; b < blocks.size(); ++b) {
    for (int p = 0; p < kP; ++p) {
      if (!blocks[b].used[p]) continue;
      lane_y[b][p] = y;
      y += kLaneH;
    }
    y += kBlockGap;
  }
  const double height = y + 24;
  auto block_of = [&](const TimelineSpan& sp) -> int {
    for (size_t b = 0; b < blocks.size(); ++b) {
      if (blocks[b].type == sp.core_type && blocks[b].block == sp.block_idx) return static_cast<int>(b);
    }
    return -1;
  };
  double t1 = 0;
  for (const TimelineSpan& sp : e.spans) {
    if (block_of(sp) >= 0) t1 = std::max(t1, sp.start + sp.cycles);
  }
  const double scale = t1 > 0 ? o.width / t1 : 1.0;  // pixels per cycle
  const double us_per_cycle = 1.0 / (e.model.clock_ghz * 1e3);
  const double width = kLabelW + o.width + 20;
  char buf[512];
  std::string s;
  std::snprintf(buf, sizeof buf,
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
                "viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"11\">\n",
                width, height, width, height);
  s += buf;
  s += "<style>.h{font-weight:bold;font-size:13px}.lane{fill:#eeeeee;fill-opacity:0.6}.tick{stroke:#bbb}</style>\n"
       "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  std::snprintf(buf, sizeof buf, "estimated NPU time %.2f us (%.0f cycles at %.2f GHz, %s), bound by %s", e.us,
                e.cycles, e.model.clock_ghz, e.model.soc, e.bound.c_str());
  s += "<text x=\"8\" y=\"18\" class=\"h\">" + XmlEscape(e.kernel) + ": " + XmlEscape(buf) + "</text>\n";
  std::snprintf(buf, sizeof buf, "first %zu block(s), one lane per pipe; a model, not a measurement", blocks.size());
  s += std::string("<text x=\"8\" y=\"34\">") + buf + "</text>\n";
  // The time axis: ticks at 1, 2 or 5 x 10^k microseconds, about 10 of them.
  const double t1_us = t1 * us_per_cycle;
  if (t1_us > 0) {
    const double raw = t1_us / 10;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    const double step = raw / mag <= 1 ? mag : raw / mag <= 2 ? 2 * mag : raw / mag <= 5 ? 5 * mag : 10 * mag;
    for (int k = 0; k * step <= t1_us * (1 + 1e-9); ++k) {
      const double x = kLabelW + k * step / us_per_cycle * scale;
      std::snprintf(buf, sizeof buf,
                    "<line class=\"tick\" x1=\"%.1f\" y1=\"%.0f\" x2=\"%.1f\" y2=\"%.0f\"/>"
                    "<text x=\"%.1f\" y=\"%.0f\" text-anchor=\"middle\">%g us</text>\n",
                    x, kTop - 8, x, y - kBlockGap, x, kTop - 12, k * step);
      s += buf;
    }
  }
  for (size_t b = 0; b < blocks.size(); ++b) {
    for (int p = 0; p < kP; ++p) {
      if (lane_y[b][p] < 0) continue;
      std::snprintf(buf, sizeof buf,
                    "<rect class=\"lane\" x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\"/>"
                    "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"end\">block %d (%s %d) %s</text>\n",
                    kLabelW, lane_y[b][p] + 1, o.width, kLaneH - 2, kLabelW - 6, lane_y[b][p] + 13,
                    blocks[b].block, blocks[b].type == CoreType::kAIC ? "AIC" : "AIV", blocks[b].core,
                    aicore::detail::PipeName(static_cast<Pipe>(p)));
      s += buf;
    }
  }
  uint64_t drawn = 0, left = 0;
  for (const TimelineSpan& sp : e.spans) {
    const int b = block_of(sp);
    if (b < 0) continue;
    if (drawn >= o.max_spans) {
      ++left;
      continue;
    }
    ++drawn;
    const int p = static_cast<int>(sp.pipe);
    std::snprintf(buf, sizeof buf,
                  "<rect class=\"span\" x=\"%.2f\" y=\"%.0f\" width=\"%.2f\" height=\"%.0f\" "
                  "fill=\"%s\" stroke=\"white\" stroke-width=\"0.3\"><title>",
                  kLabelW + sp.start * scale, lane_y[static_cast<size_t>(b)][p] + 2,
                  std::max(0.5, sp.cycles * scale), kLaneH - 6, kColor[p]);
    s += buf;
    s += XmlEscape(sp.api);
    std::snprintf(buf, sizeof buf, " (line %d, %s): start %.0f, %.0f cycles (%.3f us)", sp.line,
                  aicore::detail::PipeName(sp.pipe), sp.start, sp.cycles, sp.cycles * us_per_cycle);
    s += XmlEscape(buf);
    s += "</title></rect>\n";
  }
  if (left > 0) {
    std::snprintf(buf, sizeof buf, "<text x=\"8\" y=\"%.0f\">%llu more instructions not drawn</text>\n",
                  height - 8, static_cast<unsigned long long>(left));
    s += buf;
  }
  s += "</svg>\n";
  return s;
}

// Writes TimelineSvg to `path`; false (and nothing written) when the file
// cannot be opened or written.
inline bool WriteTimelineSvg(const TimelineEstimate& e, const std::string& path, const TimelineSvgOptions& o = {}) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return false;
  const std::string s = TimelineSvg(e, o);
  const bool ok = std::fwrite(s.data(), 1, s.size(), f) == s.size();
  return std::fclose(f) == 0 && ok;
}

namespace detail {

// With AICORE_PROFILE=timeline: after each launch, the summary on stderr and,
// when AICORE_TIMELINE_TRACE names a file, the Chrome trace written there,
// when AICORE_TIMELINE_SVG names one, the SVG timeline (each launch replaces
// the files of the one before).
inline void ReportLaunch(const Timeline& t) {
  const TimelineEstimate e = EstimateTimeline(t);
  std::fputs(FormatEstimate(e).c_str(), stderr);
  const char* path = std::getenv("AICORE_TIMELINE_TRACE");
  if (path != nullptr && *path != '\0') {
    if (WriteChromeTrace(e, path)) {
      std::fprintf(stderr, "  trace: %s\n", path);
    } else {
      std::fprintf(stderr, "  trace: cannot write %s\n", path);
    }
  }
  const char* svg = std::getenv("AICORE_TIMELINE_SVG");
  if (svg != nullptr && *svg != '\0') {
    if (WriteTimelineSvg(e, svg)) {
      std::fprintf(stderr, "  svg timeline: %s\n", svg);
    } else {
      std::fprintf(stderr, "  svg timeline: cannot write %s\n", svg);
    }
  }
}
inline const bool kReportRegistered = [] {
  if (EnvWantsTimeline(std::getenv("AICORE_PROFILE"))) LaunchReporter().store(&ReportLaunch);
  return true;
}();

}  // namespace detail
}  // namespace profile
}  // namespace aicore
