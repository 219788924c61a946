// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The timeline recorder (instrument/timeline.h): with it on, every block's
// API calls are kept in program order with their pipes, sizes and ordering
// edges; with it off nothing is recorded; AICORE_PROFILE parsing. The time
// estimate (instrument/timeline_estimate.h) under the cost model
// (instrument/cost_model.h): double buffering overlaps MTE2 with V, a copy
// kernel costs its bytes at the GM rates, no WaitFlag means no ordering,
// SyncAll and cross-core flags order blocks, every SoC profile has its own
// constants, the Chrome trace is well-formed JSON.
#include <aicore/aicore.h>
#include <aicore/bench/bench.h>
#include <gtest/gtest.h>

#include "unit/instrument/report_check.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace AscendC;
namespace prof = aicore::profile;
using aicore::detail::Pipe;
using K = aicore::instrument::EventKind;
using aicore::detail::QueueOp;

namespace {

using report_check::JsonChecker;

constexpr uint32_t kTile = 64;  // floats

void tile_kernel(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TQue<TPosition::VECIN, 1> in;
  TQue<TPosition::VECOUT, 1> out;
  pipe.InitBuffer(in, 1, kTile * sizeof(float));
  pipe.InitBuffer(out, 1, kTile * sizeof(float));
  GlobalTensor<float> xg, yg;
  xg.SetGlobalBuffer(reinterpret_cast<float*>(x) + kTile * GetBlockIdx(), kTile);
  yg.SetGlobalBuffer(reinterpret_cast<float*>(y) + kTile * GetBlockIdx(), kTile);
  LocalTensor<float> a = in.template AllocTensor<float>();
  DataCopy(a, xg, kTile);
  in.EnQue(a);
  LocalTensor<float> b = in.template DeQue<float>();
  LocalTensor<float> c = out.template AllocTensor<float>();
  Adds(c, b, 1.0f, kTile);
  out.EnQue(c);
  in.FreeTensor(b);
  LocalTensor<float> d = out.template DeQue<float>();
  DataCopy(yg, d, kTile);
  out.FreeTensor(d);
  SetFlag<HardEvent::MTE3_S>(0);
  WaitFlag<HardEvent::MTE3_S>(0);
  PipeBarrier<PIPE_ALL>();
}

struct Buffers {
  std::vector<float> x, y;
  explicit Buffers(uint32_t blocks) : x(kTile * blocks), y(kTile * blocks) {
    for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i);
  }
  GM_ADDR gx() { return reinterpret_cast<GM_ADDR>(x.data()); }
  GM_ADDR gy() { return reinterpret_cast<GM_ADDR>(y.data()); }
};

const prof::TimelineRecord* FindRecord(const prof::BlockTimeline& b, K kind, Pipe pipe,
                                       size_t from = 0) {
  for (size_t i = from; i < b.records.size(); ++i) {
    if (b.records[i].kind == kind && b.records[i].pipe == pipe) return &b.records[i];
  }
  return nullptr;
}
size_t IndexOf(const prof::BlockTimeline& b, const prof::TimelineRecord* r) {
  return static_cast<size_t>(r - b.records.data());
}

// First in the file: before any test switches it, the recorder is on exactly
// when AICORE_PROFILE names it (run the binary with AICORE_PROFILE=timeline to
// check the on side).
TEST(Timeline, StartsAsTheEnvironmentSays) {
  EXPECT_EQ(prof::TimelineEnabled(), prof::detail::EnvWantsTimeline(std::getenv("AICORE_PROFILE")));
}

TEST(Timeline, OffRecordsNothing) {
  ASSERT_TRUE(prof::detail::kTimelineRegistered);
  prof::EnableTimeline(false);
  prof::ClearTimeline();
  Buffers b(2);
  aicore::Launch(tile_kernel, 2, b.gx(), b.gy());
  const prof::Timeline t = prof::LastTimeline();
  EXPECT_TRUE(t.blocks.empty());
  EXPECT_EQ(t.block_dim, 0u);
  EXPECT_FALSE(prof::TimelineEnabled());
}

TEST(Timeline, RecordsPipesSizesAndEdgesPerBlock) {
  prof::ClearTimeline();
  prof::EnableTimeline(true);
  ASSERT_TRUE(prof::TimelineEnabled());
  Buffers b(3);
  aicore::Launch(tile_kernel, 3, b.gx(), b.gy());
  prof::EnableTimeline(false);
  for (uint32_t i = 0; i < b.y.size(); ++i) ASSERT_EQ(b.y[i], b.x[i] + 1.0f);
  const prof::Timeline t = prof::LastTimeline();
  EXPECT_EQ(t.block_dim, 3u);
  ASSERT_EQ(t.blocks.size(), 3u);
  for (int32_t blk = 0; blk < 3; ++blk) {
    SCOPED_TRACE("block " + std::to_string(blk));
    const prof::BlockTimeline* bt = t.Find(blk);
    ASSERT_NE(bt, nullptr);
    // GM read on MTE2: 256 bytes; then the EnQue / DeQue of one buffer.
    const prof::TimelineRecord* gm_in = FindRecord(*bt, K::kGm, Pipe::kMTE2);
    ASSERT_NE(gm_in, nullptr);
    EXPECT_EQ(gm_in->bytes, kTile * sizeof(float));
    EXPECT_FALSE(gm_in->write);
    size_t at = IndexOf(*bt, gm_in);
    const prof::TimelineRecord* enq = nullptr;
    const prof::TimelineRecord* deq = nullptr;
    for (size_t i = at; i < bt->records.size(); ++i) {
      const prof::TimelineRecord& r = bt->records[i];
      if (r.kind != K::kQueue) continue;
      if (enq == nullptr && r.queue_op == QueueOp::kEnQue) enq = &r;
      else if (enq != nullptr && deq == nullptr && r.queue_op == QueueOp::kDeQue) deq = &r;
    }
    ASSERT_NE(enq, nullptr);
    ASSERT_NE(deq, nullptr);
    EXPECT_NE(enq->buffer, 0u);
    EXPECT_EQ(enq->buffer, deq->buffer);
    // The vector add after the DeQue, on V, writing 256 bytes.
    const prof::TimelineRecord* add = FindRecord(*bt, K::kLocal, Pipe::kV, IndexOf(*bt, deq));
    if (add == nullptr) add = FindRecord(*bt, K::kLocalRepeat, Pipe::kV, IndexOf(*bt, deq));
    ASSERT_NE(add, nullptr);
    EXPECT_STREQ(add->api, "Adds");
    // The GM write on MTE3 after it, then SetFlag, WaitFlag, PipeBarrier.
    const prof::TimelineRecord* gm_out = FindRecord(*bt, K::kGm, Pipe::kMTE3, IndexOf(*bt, add));
    ASSERT_NE(gm_out, nullptr);
    EXPECT_EQ(gm_out->bytes, kTile * sizeof(float));
    EXPECT_TRUE(gm_out->write);
    at = IndexOf(*bt, gm_out);
    std::vector<K> tail;
    for (size_t i = at; i < bt->records.size(); ++i) {
      const K k = bt->records[i].kind;
      if (k == K::kSetFlag || k == K::kWaitFlag || k == K::kBarrier) tail.push_back(k);
    }
    // (and the TPipe's PIPE_ALL barrier at its end, as the vendor's Destroy())
    ASSERT_EQ(tail.size(), 4u);
    EXPECT_EQ(tail[0], K::kSetFlag);
    EXPECT_EQ(tail[1], K::kWaitFlag);
    EXPECT_EQ(tail[2], K::kBarrier);
    EXPECT_EQ(tail[3], K::kBarrier);
    EXPECT_EQ(bt->records.back().kind, K::kBarrier);
    EXPECT_EQ(bt->records.back().id, static_cast<int>(PIPE_ALL));
  }
  // A launch with the recorder off leaves the last recorded launch alone.
  aicore::Launch(tile_kernel, 1, b.gx(), b.gy());
  EXPECT_EQ(prof::LastTimeline().blocks.size(), 3u);
}

TEST(Timeline, EnvironmentSwitch) {
  EXPECT_TRUE(prof::detail::EnvWantsTimeline("timeline"));
  EXPECT_TRUE(prof::detail::EnvWantsTimeline("other,timeline"));
  EXPECT_FALSE(prof::detail::EnvWantsTimeline(nullptr));
  EXPECT_FALSE(prof::detail::EnvWantsTimeline(""));
  EXPECT_FALSE(prof::detail::EnvWantsTimeline("timelines"));
  EXPECT_FALSE(prof::detail::EnvWantsTimeline("time"));
}

// ---- The estimate ----

// A tiled kernel: per tile, MTE2 copies in, V adds (twice, so V has work),
// MTE3 copies out; BUFFER_NUM buffers per queue.
constexpr uint32_t kBig = 4096;  // floats per tile (16 KiB)
template <int32_t kBufs>
void tiled_kernel(GM_ADDR x, GM_ADDR y, uint32_t tiles) {
  TPipe pipe;
  TQue<TPosition::VECIN, kBufs> in;
  TQue<TPosition::VECOUT, kBufs> out;
  pipe.InitBuffer(in, kBufs, kBig * sizeof(float));
  pipe.InitBuffer(out, kBufs, kBig * sizeof(float));
  GlobalTensor<float> xg, yg;
  const uint64_t base = uint64_t{kBig} * tiles * GetBlockIdx();
  xg.SetGlobalBuffer(reinterpret_cast<float*>(x) + base, uint64_t{kBig} * tiles);
  yg.SetGlobalBuffer(reinterpret_cast<float*>(y) + base, uint64_t{kBig} * tiles);
  for (uint32_t t = 0; t < tiles; ++t) {
    LocalTensor<float> a = in.template AllocTensor<float>();
    DataCopy(a, xg[uint64_t{t} * kBig], kBig);
    in.EnQue(a);
    LocalTensor<float> b = in.template DeQue<float>();
    LocalTensor<float> c = out.template AllocTensor<float>();
    Adds(c, b, 1.0f, kBig);
    Adds(c, c, 1.0f, kBig);
    out.EnQue(c);
    in.FreeTensor(b);
    LocalTensor<float> d = out.template DeQue<float>();
    DataCopy(yg[uint64_t{t} * kBig], d, kBig);
    out.FreeTensor(d);
  }
}

// A copy kernel: GM -> UB -> GM through a VECIN -> VECOUT queue (MTE2 ->
// MTE3), double-buffered.
void copy_kernel(GM_ADDR x, GM_ADDR y, uint32_t tiles) {
  TPipe pipe;
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 2> q;
  pipe.InitBuffer(q, 2, kBig * sizeof(float));
  GlobalTensor<float> xg, yg;
  const uint64_t base = uint64_t{kBig} * tiles * GetBlockIdx();
  xg.SetGlobalBuffer(reinterpret_cast<float*>(x) + base, uint64_t{kBig} * tiles);
  yg.SetGlobalBuffer(reinterpret_cast<float*>(y) + base, uint64_t{kBig} * tiles);
  for (uint32_t t = 0; t < tiles; ++t) {
    LocalTensor<float> a = q.AllocTensor<float>();
    DataCopy(a, xg[uint64_t{t} * kBig], kBig);
    q.EnQue(a);
    LocalTensor<float> b = q.DeQue<float>();
    DataCopy(yg[uint64_t{t} * kBig], b, kBig);
    q.FreeTensor(b);
  }
}

// A GM read into one buffer, then a vector op on another, with or without
// SetFlag/WaitFlag<MTE2_V> between them.
template <bool kWait>
void independent_kernel(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> b0, b1;
  pipe.InitBuffer(b0, kBig * sizeof(float));
  pipe.InitBuffer(b1, kBig * sizeof(float));
  GlobalTensor<float> xg, yg;
  xg.SetGlobalBuffer(reinterpret_cast<float*>(x), kBig);
  yg.SetGlobalBuffer(reinterpret_cast<float*>(y), kBig);
  LocalTensor<float> a = b0.Get<float>();
  LocalTensor<float> c = b1.Get<float>();
  DataCopy(a, xg, kBig);
  if (kWait) {
    SetFlag<HardEvent::MTE2_V>(0);
    WaitFlag<HardEvent::MTE2_V>(0);
  }
  Duplicate(c, 2.0f, kBig);
  SetFlag<HardEvent::V_MTE3>(0);
  WaitFlag<HardEvent::V_MTE3>(0);
  DataCopy(yg, c, kBig);
}

struct Big {
  std::vector<float> x, y;
  explicit Big(size_t n) : x(n), y(n) {
    for (size_t i = 0; i < n; ++i) x[i] = static_cast<float>(i % 1000);
  }
  GM_ADDR gx() { return reinterpret_cast<GM_ADDR>(x.data()); }
  GM_ADDR gy() { return reinterpret_cast<GM_ADDR>(y.data()); }
};

template <typename F, typename... Args>
prof::TimelineEstimate Estimate(F kernel, uint32_t blocks, Args... args) {
  prof::EnableTimeline(true);
  aicore::Launch(kernel, blocks, args...);
  prof::EnableTimeline(false);
  return prof::EstimateTimeline(prof::LastTimeline(), prof::CostModelFor(0));
}

const prof::TimelineSpan* FindSpan(const prof::TimelineEstimate& e, Pipe pipe, const char* api) {
  for (const prof::TimelineSpan& s : e.spans) {
    if (s.pipe == pipe && std::string(s.api) == api) return &s;
  }
  return nullptr;
}

TEST(TimelineEstimate, DoubleBufferingOverlapsMte2WithV) {
  constexpr uint32_t kTiles = 8;
  Big b1(kBig * kTiles), b2(kBig * kTiles);
  const prof::TimelineEstimate one = Estimate(tiled_kernel<1>, 1, b1.gx(), b1.gy(), kTiles);
  const prof::TimelineEstimate two = Estimate(tiled_kernel<2>, 1, b2.gx(), b2.gy(), kTiles);
  for (size_t i = 0; i < b1.x.size(); ++i) {
    ASSERT_EQ(b1.y[i], b1.x[i] + 2.0f);
    ASSERT_EQ(b2.y[i], b2.x[i] + 2.0f);
  }
  // The same instructions: the same busy cycles per pipe.
  ASSERT_EQ(one.spans.size(), two.spans.size());
  for (int p = 0; p < aicore::detail::kNumPipes; ++p) EXPECT_DOUBLE_EQ(one.busy[p], two.busy[p]);
  // One buffer: the next tile's MTE2 waits for V to free the buffer, so
  // per tile MTE2 and V add up; two: MTE2 runs back to back.
  const prof::CostModel m = prof::CostModelFor(0);
  const double mte2 = m.pipe[static_cast<int>(Pipe::kMTE2)].start_cycles +
                      kBig * sizeof(float) / m.gm_core_bytes_per_cycle;
  const double v = 2 * (m.pipe[static_cast<int>(Pipe::kV)].start_cycles + kBig * sizeof(float) / 256.0);
  EXPECT_DOUBLE_EQ(one.busy[static_cast<int>(Pipe::kMTE2)], kTiles * mte2);
  EXPECT_DOUBLE_EQ(one.busy[static_cast<int>(Pipe::kV)], kTiles * v);
  EXPECT_GE(one.cycles, kTiles * (mte2 + v));
  EXPECT_LT(two.cycles, one.cycles);
  EXPECT_LT(two.cycles, kTiles * (mte2 + v));
  EXPECT_EQ(two.bound, "MTE2");
  EXPECT_GT(two.busy_share[static_cast<int>(Pipe::kMTE2)], 0.8);
  // Two buffers: the second tile's GM read starts before the first tile's
  // vector adds end.
  std::vector<const prof::TimelineSpan*> reads, adds;
  for (const prof::TimelineSpan& s : two.spans) {
    if (s.pipe == Pipe::kMTE2) reads.push_back(&s);
    if (s.pipe == Pipe::kV) adds.push_back(&s);
  }
  ASSERT_EQ(reads.size(), kTiles);
  ASSERT_EQ(adds.size(), 2 * kTiles);
  EXPECT_LT(reads[1]->start, adds[1]->start + adds[1]->cycles);
  EXPECT_GE(adds[0]->start, reads[0]->start + reads[0]->cycles);  // the DeQue orders them
}

TEST(TimelineEstimate, CopyKernelCostsItsBytesAtTheGmRates) {
  const prof::CostModel m = prof::CostModelFor(0);
  const double tile = kBig * sizeof(float);
  const double in = m.pipe[static_cast<int>(Pipe::kMTE2)].start_cycles + tile / m.gm_core_bytes_per_cycle;
  const double out = m.pipe[static_cast<int>(Pipe::kMTE3)].start_cycles + tile / m.gm_core_bytes_per_cycle;
  {
    // One block: the reads run back to back (double buffering), the last
    // write follows the last read: tiles * in + out, bound by MTE2.
    constexpr uint32_t kTiles = 6;
    Big b(kBig * kTiles);
    const prof::TimelineEstimate e = Estimate(copy_kernel, 1, b.gx(), b.gy(), kTiles);
    for (size_t i = 0; i < b.x.size(); ++i) ASSERT_EQ(b.y[i], b.x[i]);
    EXPECT_EQ(e.bound, "MTE2");
    EXPECT_EQ(e.gm_bytes, 2u * kTiles * kBig * sizeof(float));
    EXPECT_NEAR(e.cycles, kTiles * in + out, 1.0);  // within an issue cycle
    EXPECT_NEAR(e.us, e.cycles / (m.clock_ghz * 1e3), 1e-9);
  }
  {
    // Every AIV core busy: the shared GM bandwidth bounds the kernel.
    constexpr uint32_t kTiles = 2;
    const uint32_t blocks = aicore::SocProfileByIndex(0).aiv_cores;
    Big b(size_t{kBig} * kTiles * blocks);
    const prof::TimelineEstimate e = Estimate(copy_kernel, blocks, b.gx(), b.gy(), kTiles);
    for (size_t i = 0; i < b.x.size(); ++i) ASSERT_EQ(b.y[i], b.x[i]);
    EXPECT_EQ(e.bound, "GM");
    EXPECT_EQ(e.gm_bytes, 2u * kTiles * blocks * kBig * sizeof(float));
    EXPECT_DOUBLE_EQ(e.cycles, static_cast<double>(e.gm_bytes) / m.gm_shared_bytes_per_cycle);
    EXPECT_NEAR(e.block_cycles, kTiles * in + out, 1.0);  // each block on its own core
  }
}

// Every SoC profile has its own constants, derived from the public figures
// cost_model.h cites (the arithmetic redone here), and a launch under a
// profile is estimated with that profile's constants.
TEST(TimelineEstimate, EveryProfileHasItsOwnConstants) {
  for (int i = 0; i < 3; ++i) {
    const prof::CostModel m = prof::CostModelFor(i);
    EXPECT_TRUE(m.own_entry) << i;
    EXPECT_STREQ(m.soc, aicore::SocProfileByIndex(i).name);
  }
  const prof::CostModel p310 = prof::CostModelFor(aicore::detail::SocIndexByName("Ascend310P"));
  const prof::CostModel p910 = prof::CostModelFor(aicore::detail::SocIndexByName("Ascend910"));
  EXPECT_NEAR(p910.clock_ghz, 256e12 / (32.0 * 2 * 4096) / 1e9, 0.001);     // [F6]
  EXPECT_NEAR(p910.gm_shared_bytes_per_cycle, 1.2e12 / (p910.clock_ghz * 1e9), 1.0);  // [F7]
  EXPECT_NEAR(p910.gm_core_bytes_per_cycle, 128e9 / (p910.clock_ghz * 1e9), 1.0);
  EXPECT_NEAR(p310.clock_ghz, 140e12 / (8.0 * 2 * 8192) / 1e9, 0.001);      // [F8]
  EXPECT_NEAR(p310.gm_shared_bytes_per_cycle, 204.8e9 / (p310.clock_ghz * 1e9), 1.0);
  EXPECT_NEAR(p310.gm_core_bytes_per_cycle, 128e9 / (p310.clock_ghz * 1e9), 1.0);
  // A copy kernel on every AIV core of the 310P profile: bound by its
  // (LPDDR) GM bandwidth, at its clock.
  aicore::SetSocVersion("Ascend310P");
  constexpr uint32_t kTiles = 2;
  const uint32_t blocks = aicore::SocProfileByIndex(aicore::detail::SocIndexByName("Ascend310P")).aiv_cores;
  Big b(size_t{kBig} * kTiles * blocks);
  prof::EnableTimeline(true);
  aicore::Launch(copy_kernel, blocks, b.gx(), b.gy(), kTiles);
  prof::EnableTimeline(false);
  aicore::SetSocVersion("Ascend910B");
  for (size_t i = 0; i < b.x.size(); ++i) ASSERT_EQ(b.y[i], b.x[i]);
  const prof::TimelineEstimate e = prof::EstimateTimeline(prof::LastTimeline());
  EXPECT_STREQ(e.model.soc, "Ascend310P");
  EXPECT_EQ(e.bound, "GM");
  EXPECT_DOUBLE_EQ(e.cycles, static_cast<double>(e.gm_bytes) / p310.gm_shared_bytes_per_cycle);
  EXPECT_DOUBLE_EQ(e.us, e.cycles / (p310.clock_ghz * 1e3));
  EXPECT_EQ(prof::FormatEstimate(e).find("using Ascend910B constants"), std::string::npos);
}

// SyncAll orders blocks: block 0 works on V 8 times as long as the others
// before it; after it, every block copies its tile out (MTE3). With the
// SyncAll no block's copy starts before block 0's work ends; with a
// PipeBarrier<PIPE_ALL> in its place the blocks stay independent.
template <bool kSync>
void sync_kernel(GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, kBig * sizeof(float));
  LocalTensor<float> t = buf.Get<float>();
  GlobalTensor<float> yg;
  yg.SetGlobalBuffer(reinterpret_cast<float*>(y) + uint64_t{kBig} * GetBlockIdx(), kBig);
  const int reps = GetBlockIdx() == 0 ? 8 : 1;
  for (int k = 0; k < reps; ++k) Duplicate(t, static_cast<float>(GetBlockIdx()), kBig);
  if (kSync) {
    SyncAll();
  } else {
    PipeBarrier<PIPE_ALL>();
  }
  DataCopy(yg, t, kBig);
}

TEST(TimelineEstimate, SyncAllOrdersBlocks) {
  constexpr uint32_t kBlocks = 3;
  prof::TimelineEstimate est[2];
  for (int sync = 0; sync < 2; ++sync) {
    std::vector<float> y(size_t{kBig} * kBlocks, -1.0f);
    prof::EnableTimeline(true);
    if (sync != 0) {
      aicore::LaunchCooperative("sync_kernel", sync_kernel<true>, kBlocks, reinterpret_cast<GM_ADDR>(y.data()));
    } else {
      aicore::LaunchCooperative("sync_kernel", sync_kernel<false>, kBlocks, reinterpret_cast<GM_ADDR>(y.data()));
    }
    prof::EnableTimeline(false);
    for (size_t i = 0; i < y.size(); ++i) ASSERT_EQ(y[i], static_cast<float>(i / kBig));
    est[sync] = prof::EstimateTimeline(prof::LastTimeline(), prof::CostModelFor(0));
  }
  const prof::CostModel m = prof::CostModelFor(0);
  // Block 0's eight Duplicates at one call site are one instruction of 8x
  // the bytes (consecutive records of one call site merge).
  const double dup = m.pipe[static_cast<int>(Pipe::kV)].start_cycles + kBig * sizeof(float) / 256.0;
  const double dup8 = m.pipe[static_cast<int>(Pipe::kV)].start_cycles + 8 * kBig * sizeof(float) / 256.0;
  double block1_end[2] = {};
  for (int sync = 0; sync < 2; ++sync) {
    SCOPED_TRACE(sync != 0 ? "SyncAll" : "PipeBarrier");
    const prof::TimelineEstimate& e = est[sync];
    double v0_end = 0;
    std::vector<const prof::TimelineSpan*> copies;
    for (const prof::TimelineSpan& s : e.spans) {
      if (s.pipe == Pipe::kV && s.block_idx == 0) v0_end = std::max(v0_end, s.start + s.cycles);
      if (s.pipe == Pipe::kMTE3) copies.push_back(&s);
      if (s.block_idx == 1) block1_end[sync] = std::max(block1_end[sync], s.start + s.cycles);
    }
    ASSERT_EQ(copies.size(), kBlocks);
    EXPECT_GE(v0_end, dup8);
    for (const prof::TimelineSpan* c : copies) {
      if (c->block_idx == 0) continue;
      if (sync != 0) {
        EXPECT_GE(c->start, v0_end) << "block " << c->block_idx;
      } else {
        EXPECT_LT(c->start, 2 * dup + 2 * m.issue_cycles + 1) << "block " << c->block_idx;
      }
    }
  }
  EXPECT_GT(block1_end[1], block1_end[0] + dup8 - 2 * dup);
  EXPECT_GE(est[1].cycles, est[0].cycles);
  // With SyncAll, every block is on its own core from the start.
  for (const prof::TimelineSpan& s : est[1].spans) EXPECT_EQ(s.core, s.block_idx);
}

// Cross-core flags order blocks as SyncAll does: with a mode-0 round (every
// vector block sets after its Duplicates on PIPE_V, then waits) no block's
// copy starts before block 0's long work ends; without the flags the blocks
// stay independent. The set and wait records carry their pipes, mode and
// launch-wide order.
template <bool kFlag>
void flag_kernel(GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, kBig * sizeof(float));
  LocalTensor<float> t = buf.Get<float>();
  GlobalTensor<float> yg;
  yg.SetGlobalBuffer(reinterpret_cast<float*>(y) + uint64_t{kBig} * GetBlockIdx(), kBig);
  const int reps = GetBlockIdx() == 0 ? 8 : 1;
  for (int k = 0; k < reps; ++k) Duplicate(t, static_cast<float>(GetBlockIdx()), kBig);
  if (kFlag) {
    CrossCoreSetFlag<0, PIPE_V>(3);
    CrossCoreWaitFlag(3);
  }
  DataCopy(yg, t, kBig);
}

TEST(TimelineEstimate, CrossCoreFlagsOrderBlocks) {
  constexpr uint32_t kBlocks = 3;
  prof::TimelineEstimate est[2];
  for (int flag = 0; flag < 2; ++flag) {
    std::vector<float> y(size_t{kBlocks} * kBig, -1.0f);
    prof::EnableTimeline(true);
    aicore::LaunchCooperative("flag_kernel", flag != 0 ? flag_kernel<true> : flag_kernel<false>, kBlocks,
                              reinterpret_cast<GM_ADDR>(y.data()));
    prof::EnableTimeline(false);
    for (size_t i = 0; i < y.size(); ++i) ASSERT_EQ(y[i], static_cast<float>(i / kBig));
    const prof::Timeline tl = prof::LastTimeline();
    if (flag != 0) {
      // Each block: one set (mode 0, PIPE_V) and one wait (PIPE_S), numbered
      // from 1 across the launch; every set comes before every wait.
      std::vector<uint64_t> sets, waits;
      for (const prof::BlockTimeline& b : tl.blocks) {
        for (const prof::TimelineRecord& r : b.records) {
          if (r.kind == K::kCrossSet) {
            EXPECT_EQ(r.mode, 0);
            EXPECT_EQ(r.event, static_cast<int>(PIPE_V));
            EXPECT_EQ(r.id, 3);
            sets.push_back(r.seq);
          } else if (r.kind == K::kCrossWait) {
            EXPECT_EQ(r.event, static_cast<int>(PIPE_S));
            waits.push_back(r.seq);
          }
        }
      }
      ASSERT_EQ(sets.size(), kBlocks);
      ASSERT_EQ(waits.size(), kBlocks);
      std::vector<uint64_t> all = sets;
      all.insert(all.end(), waits.begin(), waits.end());
      std::sort(all.begin(), all.end());
      for (size_t i = 0; i < all.size(); ++i) EXPECT_EQ(all[i], i + 1);
      EXPECT_LT(*std::max_element(sets.begin(), sets.end()), *std::min_element(waits.begin(), waits.end()));
    }
    est[flag] = prof::EstimateTimeline(tl, prof::CostModelFor(0));
  }
  const prof::CostModel m = prof::CostModelFor(0);
  const double dup = m.pipe[static_cast<int>(Pipe::kV)].start_cycles + kBig * sizeof(float) / 256.0;
  for (int flag = 0; flag < 2; ++flag) {
    SCOPED_TRACE(flag != 0 ? "flags" : "no flags");
    double v0_end = 0;
    std::vector<const prof::TimelineSpan*> copies;
    for (const prof::TimelineSpan& s : est[flag].spans) {
      if (s.pipe == Pipe::kV && s.block_idx == 0) v0_end = std::max(v0_end, s.start + s.cycles);
      if (s.pipe == Pipe::kMTE3) copies.push_back(&s);
    }
    ASSERT_EQ(copies.size(), kBlocks);
    for (const prof::TimelineSpan* c : copies) {
      if (c->block_idx == 0) continue;
      if (flag != 0) {
        EXPECT_GE(c->start, v0_end) << "block " << c->block_idx;
      } else {
        EXPECT_LT(c->start, 2 * dup + 2 * m.issue_cycles + 1) << "block " << c->block_idx;
      }
    }
  }
  EXPECT_GT(est[1].cycles, est[0].cycles);
  // Flags put every block on its own core from the start, as SyncAll does.
  for (const prof::TimelineSpan& s : est[1].spans) EXPECT_EQ(s.core, s.block_idx);
}

// The sequential block sync serialises the blocks' turns: each block
// fills its tile on V between WaitPreBlock and NotifyNextBlock, so block b's
// V work starts after block b - 1's ends (and, in round 2, block 0's after
// the last block's round 1). Without the sync the blocks overlap.
template <bool kSeq>
void seq_kernel(GM_ADDR y, GM_ADDR ws) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf, wbuf;
  pipe.InitBuffer(buf, kBig * sizeof(float));
  pipe.InitBuffer(wbuf, 32 * static_cast<uint32_t>(GetBlockNum()) + 32);
  LocalTensor<float> t = buf.Get<float>();
  LocalTensor<int32_t> ubWs = wbuf.Get<int32_t>();
  GlobalTensor<int32_t> gmWs;
  gmWs.SetGlobalBuffer(reinterpret_cast<int32_t*>(ws), 8 * GetBlockNum());
  GlobalTensor<float> yg;
  yg.SetGlobalBuffer(reinterpret_cast<float*>(y) + uint64_t{kBig} * GetBlockIdx(), kBig);
  if (kSeq) InitDetermineComputeWorkspace(gmWs, ubWs);
  for (int r = 0; r < 2; ++r) {
    if (kSeq) WaitPreBlock(gmWs, ubWs);
    Duplicate(t, static_cast<float>(GetBlockIdx() + r), kBig);
    if (kSeq) NotifyNextBlock(gmWs, ubWs);
    PipeBarrier<PIPE_ALL>();
  }
  DataCopy(yg, t, kBig);
}

TEST(TimelineEstimate, SequentialBlockSyncSerialisesTheTurns) {
  constexpr uint32_t kBlocks = 3;
  prof::TimelineEstimate est[2];
  for (int seq = 0; seq < 2; ++seq) {
    std::vector<float> y(size_t{kBlocks} * kBig, -1.0f);
    std::vector<int32_t> ws(8 * kBlocks, 0);
    prof::EnableTimeline(true);
    aicore::LaunchCooperative("seq_kernel", seq != 0 ? seq_kernel<true> : seq_kernel<false>, kBlocks,
                              reinterpret_cast<GM_ADDR>(y.data()), reinterpret_cast<GM_ADDR>(ws.data()));
    prof::EnableTimeline(false);
    for (size_t i = 0; i < y.size(); ++i) ASSERT_EQ(y[i], static_cast<float>(i / kBig + 1));
    est[seq] = prof::EstimateTimeline(prof::LastTimeline(), prof::CostModelFor(0));
  }
  const prof::CostModel m = prof::CostModelFor(0);
  const double dup = m.pipe[static_cast<int>(Pipe::kV)].start_cycles + kBig * sizeof(float) / 256.0;
  for (int seq = 0; seq < 2; ++seq) {
    SCOPED_TRACE(seq != 0 ? "sequential" : "free");
    // The V spans in the order of their start.
    std::vector<const prof::TimelineSpan*> v;
    for (const prof::TimelineSpan& s : est[seq].spans) {
      if (s.pipe == Pipe::kV) v.push_back(&s);
    }
    ASSERT_EQ(v.size(), 2 * kBlocks);
    std::stable_sort(v.begin(), v.end(), [](const prof::TimelineSpan* a, const prof::TimelineSpan* b) {
      return a->start < b->start;
    });
    if (seq != 0) {
      for (size_t i = 0; i < v.size(); ++i) {
        EXPECT_EQ(v[i]->block_idx, static_cast<int32_t>(i % kBlocks)) << "turn " << i;
        if (i > 0) {
          EXPECT_GE(v[i]->start, v[i - 1]->start + v[i - 1]->cycles) << "turn " << i;
        }
      }
    } else {
      for (const prof::TimelineSpan* s : v) EXPECT_LT(s->start, 2 * dup + 4 * m.issue_cycles + 200) << s->block_idx;
    }
  }
  EXPECT_GT(est[1].block_cycles, est[0].block_cycles + 3 * dup);
}

// GroupBarrier: block 0 works 8 times as long on V, copies its tile out and
// arrives; blocks 1 and 2 wait, then fill and copy theirs. With the barrier
// no waiter's V work starts before the arriver's copy-out ends.
template <bool kBar>
void group_kernel_tl(GM_ADDR y, GM_ADDR ws) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, kBig * sizeof(float));
  LocalTensor<float> t = buf.Get<float>();
  GlobalTensor<float> yg;
  yg.SetGlobalBuffer(reinterpret_cast<float*>(y) + uint64_t{kBig} * GetBlockIdx(), kBig);
  GroupBarrier<PipeMode::MTE3_MODE> bar(ws, 1, 2);
  if (GetBlockIdx() == 0) {
    for (int k = 0; k < 8; ++k) Duplicate(t, 1.0f, kBig);
    PipeBarrier<PIPE_ALL>();
    DataCopy(yg, t, kBig);
    if (kBar) bar.Arrive(0);
  } else {
    if (kBar) bar.Wait(static_cast<uint32_t>(GetBlockIdx() - 1));
    Duplicate(t, 2.0f, kBig);
    PipeBarrier<PIPE_ALL>();
    DataCopy(yg, t, kBig);
  }
}

TEST(TimelineEstimate, GroupBarrierOrdersTheWaitersAfterTheArrivals) {
  constexpr uint32_t kBlocks = 3;
  prof::TimelineEstimate est[2];
  for (int bar = 0; bar < 2; ++bar) {
    std::vector<float> y(size_t{kBlocks} * kBig, -1.0f);
    auto* ws = static_cast<uint8_t*>(aicore::GmAlloc(2 * 512));  // 512-byte aligned
    std::memset(ws, 0, 2 * 512);
    prof::EnableTimeline(true);
    aicore::LaunchCooperative("group_kernel_tl", bar != 0 ? group_kernel_tl<true> : group_kernel_tl<false>, kBlocks,
                              reinterpret_cast<GM_ADDR>(y.data()), ws);
    prof::EnableTimeline(false);
    aicore::GmFree(ws);
    for (size_t i = 0; i < y.size(); ++i) ASSERT_EQ(y[i], i < kBig ? 1.0f : 2.0f);
    est[bar] = prof::EstimateTimeline(prof::LastTimeline(), prof::CostModelFor(0));
  }
  for (int bar = 0; bar < 2; ++bar) {
    SCOPED_TRACE(bar != 0 ? "barrier" : "free");
    double copy0_end = 0, waiter_v_start = 1e30;
    for (const prof::TimelineSpan& s : est[bar].spans) {
      if (s.block_idx == 0 && s.pipe == Pipe::kMTE3) copy0_end = std::max(copy0_end, s.start + s.cycles);
      if (s.block_idx != 0 && s.pipe == Pipe::kV) waiter_v_start = std::min(waiter_v_start, s.start);
    }
    ASSERT_GT(copy0_end, 0);
    if (bar != 0) {
      EXPECT_GE(waiter_v_start, copy0_end);
    } else {
      EXPECT_LT(waiter_v_start, copy0_end);
    }
  }
  EXPECT_GT(est[1].block_cycles, est[0].block_cycles);
}

// Mode 2 in a 1:2 mixed launch: the cube block waits for both of its vector
// blocks (sub-block 1 works 8 times as long); its GM write after the wait
// starts after the later one's work. Without the flags it starts at once.
template <bool kFlag>
void mix_flag_kernel(GM_ADDR y) {
  GlobalTensor<float> yg;
  yg.SetGlobalBuffer(reinterpret_cast<float*>(y), 4 * kBig);
  if (aicore::detail::t_core->core_type == aicore::detail::CoreType::kAIC) {
    if (kFlag) CrossCoreWaitFlag(5);
    yg.SetValue(3 * kBig, 7.0f);
    return;
  }
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, kBig * sizeof(float));
  LocalTensor<float> t = buf.Get<float>();
  const int reps = GetSubBlockIdx() == 1 ? 8 : 1;
  for (int k = 0; k < reps; ++k) Duplicate(t, 1.0f, kBig);
  if (kFlag) CrossCoreSetFlag<2, PIPE_V>(5);
}

TEST(TimelineEstimate, CrossCoreFlagsOfAMixedLaunch) {
  const prof::CostModel m = prof::CostModelFor(0);
  for (int flag = 0; flag < 2; ++flag) {
    SCOPED_TRACE(flag != 0 ? "flags" : "no flags");
    std::vector<float> y(4 * kBig, 0.0f);
    aicore::detail::LaunchConfig cfg;
    cfg.geom = aicore::detail::Geometry::kMix;
    cfg.cooperative = true;
    prof::EnableTimeline(true);
    aicore::detail::LaunchWith(cfg, aicore::SrcLoc{"", 0}, "mix_flag_kernel",
                               flag != 0 ? mix_flag_kernel<true> : mix_flag_kernel<false>, 1,
                               reinterpret_cast<GM_ADDR>(y.data()));
    prof::EnableTimeline(false);
    EXPECT_EQ(y[3 * kBig], 7.0f);
    const prof::TimelineEstimate e = prof::EstimateTimeline(prof::LastTimeline(), m);
    double v_end[2] = {}, cube_start = -1;
    for (const prof::TimelineSpan& s : e.spans) {
      if (s.core_type == aicore::detail::CoreType::kAIV && s.pipe == Pipe::kV) {
        ASSERT_LT(s.block_idx, 2);
        v_end[s.block_idx] = std::max(v_end[s.block_idx], s.start + s.cycles);
      }
      if (s.core_type == aicore::detail::CoreType::kAIC) cube_start = cube_start < 0 ? s.start : std::min(cube_start, s.start);
    }
    ASSERT_GE(cube_start, 0);
    ASSERT_GT(v_end[1], 4 * v_end[0]);
    if (flag != 0) {
      EXPECT_GE(cube_start, v_end[1]);
    } else {
      EXPECT_LT(cube_start, v_end[0]);
    }
  }
}

// The seed GELU (tanh form) over z = x + y as a chain of vector
// instructions per tile, x / (1 + exp(-2u)), u = sqrt(2/pi) (x + 0.044715 x^3),
// double-buffered: the bounds test's vector-heavy workload.
void gelu_seed_kernel(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t tiles) {
  constexpr uint32_t kT = 2048;
  TPipe pipe;
  TQue<TPosition::VECIN, 2> qx, qy;
  TQue<TPosition::VECOUT, 2> qz;
  TBuf<TPosition::VECCALC> tmp;
  pipe.InitBuffer(qx, 2, kT * sizeof(float));
  pipe.InitBuffer(qy, 2, kT * sizeof(float));
  pipe.InitBuffer(qz, 2, kT * sizeof(float));
  pipe.InitBuffer(tmp, kT * sizeof(float));
  GlobalTensor<float> xg, yg, zg;
  const uint64_t base = uint64_t{kT} * tiles * GetBlockIdx();
  xg.SetGlobalBuffer(reinterpret_cast<float*>(x) + base, uint64_t{kT} * tiles);
  yg.SetGlobalBuffer(reinterpret_cast<float*>(y) + base, uint64_t{kT} * tiles);
  zg.SetGlobalBuffer(reinterpret_cast<float*>(z) + base, uint64_t{kT} * tiles);
  LocalTensor<float> t = tmp.Get<float>();
  for (uint32_t i = 0; i < tiles; ++i) {
    LocalTensor<float> a = qx.AllocTensor<float>();
    LocalTensor<float> b = qy.AllocTensor<float>();
    DataCopy(a, xg[uint64_t{i} * kT], kT);
    DataCopy(b, yg[uint64_t{i} * kT], kT);
    qx.EnQue(a);
    qy.EnQue(b);
    a = qx.DeQue<float>();
    b = qy.DeQue<float>();
    LocalTensor<float> c = qz.AllocTensor<float>();
    Add(c, a, b, kT);
    Mul(t, c, c, kT);
    Mul(t, t, c, kT);
    Muls(t, t, 0.044715f, kT);
    Add(t, t, c, kT);
    Muls(t, t, -1.5957691216057308f, kT);
    Exp(t, t, kT);
    Adds(t, t, 1.0f, kT);
    Div(c, c, t, kT);
    qz.EnQue(c);
    qx.FreeTensor(a);
    qy.FreeTensor(b);
    c = qz.DeQue<float>();
    DataCopy(zg[uint64_t{i} * kT], c, kT);
    qz.FreeTensor(c);
  }
}

// Bounds every estimate keeps (README, "NPU time estimate"): the kernel
// time is at least the total GM bytes at the shared bandwidth; each block
// takes at least its busiest pipe's cycles and, where no other block holds
// it up (no SyncAll, no cross-core flag), at most its instructions one after
// another plus one issue cycle each; blocks placed in order on the earliest
// free core end within Graham's bound of list scheduling, the summed block
// times over the cores plus the longest block.
void ExpectWithinModelBounds(const prof::TimelineEstimate& e, bool blocks_interact) {
  constexpr int kP = aicore::detail::kNumPipes;
  const prof::CostModel& m = e.model;
  EXPECT_GE(e.cycles, e.gm_cycles);
  EXPECT_GE(e.cycles, e.block_cycles);
  EXPECT_DOUBLE_EQ(e.cycles, std::max(e.gm_cycles, e.block_cycles));
  struct Block {
    double first = 1e300, last = 0, serial = 0, busy[kP] = {};
  };
  std::map<std::pair<int, int32_t>, Block> blocks;
  double busy[kP] = {};
  for (const prof::TimelineSpan& s : e.spans) {
    Block& b = blocks[{static_cast<int>(s.core_type), s.block_idx}];
    b.first = std::min(b.first, s.start);
    b.last = std::max(b.last, s.start + s.cycles);
    b.serial += s.cycles + m.issue_cycles;
    b.busy[static_cast<int>(s.pipe)] += s.cycles;
    busy[static_cast<int>(s.pipe)] += s.cycles;
  }
  ASSERT_FALSE(blocks.empty());
  double summed = 0, longest = 0;
  for (const auto& kv : blocks) {
    const Block& b = kv.second;
    SCOPED_TRACE("block " + std::to_string(kv.first.second));
    const double took = b.last - b.first;  // a block starts with its first instruction
    for (int p = 0; p < kP; ++p) EXPECT_GE(b.last - b.first + 1e-9, b.busy[p]);
    if (!blocks_interact) {
      EXPECT_LE(took, b.serial + 1e-9);
    }
    EXPECT_LE(b.last, e.block_cycles + 1e-9);
    summed += b.serial;
    longest = std::max(longest, b.serial);
  }
  for (int p = 0; p < kP; ++p) {
    EXPECT_NEAR(e.busy[p], busy[p], 1e-6 * (1 + busy[p]));
    EXPECT_LE(e.busy_share[p], 1.0 + 1e-12);
  }
  if (!blocks_interact) {
    const double cores = aicore::SocProfileByIndex(0).aiv_cores;
    EXPECT_LE(e.block_cycles, summed / cores + longest + 1e-9);
  }
}

TEST(TimelineEstimate, SeedWorkloadsStayWithinTheModelsBounds) {
  constexpr uint32_t kTiles = 4;
  for (const uint32_t blocks : {1u, 8u, 48u, 100u}) {
    SCOPED_TRACE("gelu, blocks " + std::to_string(blocks));
    const size_t n = size_t{2048} * kTiles * blocks;
    std::vector<float> x(n), y(n), z(n, 0.0f);
    for (size_t i = 0; i < n; ++i) {
      x[i] = static_cast<float>(i % 97) * 0.05f - 2.0f;
      y[i] = static_cast<float>(i % 13) * 0.1f - 0.5f;
    }
    const prof::TimelineEstimate e =
        Estimate(gelu_seed_kernel, blocks, reinterpret_cast<GM_ADDR>(x.data()), reinterpret_cast<GM_ADDR>(y.data()),
                 reinterpret_cast<GM_ADDR>(z.data()), kTiles);
    for (size_t i = 0; i < n; i += 211) {
      const double v = double{x[i]} + y[i];
      const double ref = 0.5 * v * (1.0 + std::tanh(0.7978845608028654 * (v + 0.044715 * v * v * v)));
      ASSERT_NEAR(z[i], ref, 1e-5 + 1e-5 * std::fabs(ref)) << i;
    }
    ExpectWithinModelBounds(e, false);
  }
  for (const uint32_t blocks : {1u, 3u, 40u, 200u}) {
    SCOPED_TRACE("add and copy, blocks " + std::to_string(blocks));
    Big a(size_t{kBig} * kTiles * blocks), c(size_t{kBig} * kTiles * blocks);
    ExpectWithinModelBounds(Estimate(tiled_kernel<1>, blocks, a.gx(), a.gy(), kTiles), false);
    ExpectWithinModelBounds(Estimate(tiled_kernel<2>, blocks, a.gx(), a.gy(), kTiles), false);
    ExpectWithinModelBounds(Estimate(copy_kernel, blocks, c.gx(), c.gy(), kTiles), false);
  }
  // Blocks that wait for each other keep the lower bounds.
  for (int flag = 0; flag < 2; ++flag) {
    std::vector<float> y(size_t{kBig} * 3);
    prof::EnableTimeline(true);
    if (flag != 0) {
      aicore::LaunchCooperative("flag_kernel", flag_kernel<true>, 3, reinterpret_cast<GM_ADDR>(y.data()));
    } else {
      aicore::LaunchCooperative("sync_kernel", sync_kernel<true>, 3, reinterpret_cast<GM_ADDR>(y.data()));
    }
    prof::EnableTimeline(false);
    ExpectWithinModelBounds(prof::EstimateTimeline(prof::LastTimeline(), prof::CostModelFor(0)), true);
  }
}

TEST(TimelineEstimate, NoWaitFlagNoFalseOrdering) {
  Big b0(kBig), b1(kBig);
  const prof::TimelineEstimate free_run = Estimate(independent_kernel<false>, 1, b0.gx(), b0.gy());
  const prof::TimelineEstimate ordered = Estimate(independent_kernel<true>, 1, b1.gx(), b1.gy());
  const prof::TimelineSpan* r0 = FindSpan(free_run, Pipe::kMTE2, "DataCopy");
  const prof::TimelineSpan* v0 = FindSpan(free_run, Pipe::kV, "Duplicate");
  const prof::TimelineSpan* r1 = FindSpan(ordered, Pipe::kMTE2, "DataCopy");
  const prof::TimelineSpan* v1 = FindSpan(ordered, Pipe::kV, "Duplicate");
  ASSERT_TRUE(r0 && v0 && r1 && v1);
  EXPECT_LT(v0->start, r0->start + r0->cycles);   // nothing orders V after MTE2
  EXPECT_GE(v1->start, r1->start + r1->cycles);   // the WaitFlag does
  EXPECT_LT(free_run.cycles, ordered.cycles);
}

TEST(TimelineEstimate, ChromeTraceIsWellFormedJson) {
  // The checker itself rejects broken text.
  for (const char* bad : {"{", "{\"a\":}", "[1,]", "{\"a\":1}x", "\"\\q\""}) {
    const std::string t(bad);
    EXPECT_FALSE(JsonChecker(t).Document()) << bad;
  }
  constexpr uint32_t kTiles = 3;
  Big b(size_t{kBig} * kTiles * 2);
  prof::TimelineEstimate e = Estimate(tiled_kernel<2>, 2, b.gx(), b.gy(), kTiles);
  e.spans[0].api = "quote\" and \\ back\nslash";  // escaped in the output
  const std::string path = ::testing::TempDir() + "aicore_timeline_trace.json";
  ASSERT_TRUE(prof::WriteChromeTrace(e, path));
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  const std::string json = ss.str();
  std::remove(path.c_str());
  JsonChecker c(json);
  ASSERT_TRUE(c.Document()) << "bad JSON near offset " << c.i << ": " << json.substr(c.i, 80);
  EXPECT_EQ(c.complete_events, static_cast<int>(e.spans.size()));
  EXPECT_NE(json.find("\"traceEvents\""), std::string::npos);
  EXPECT_NE(json.find("\"name\":\"MTE2\""), std::string::npos);  // a pipe's thread name
  EXPECT_FALSE(prof::WriteChromeTrace(e, ::testing::TempDir() + "no/such/dir/trace.json"));
  // The printed summary names the time, the bound and every pipe.
  const std::string summary = prof::FormatEstimate(e);
  EXPECT_NE(summary.find("estimated NPU time"), std::string::npos) << summary;
  EXPECT_NE(summary.find("bound by " + e.bound), std::string::npos) << summary;
  EXPECT_NE(summary.find("MTE3"), std::string::npos) << summary;
}

// The cube's cost from recorded Mmad operands: m1*k1*n1 fractal products
// (A: m1*k1 512-byte fractals, B: k1*n1, C: m1*n1 1024-byte fractals), on
// an AIC core. Synthetic records, as the cube instructions emit them
// (roles "fm", "filter", "dst").
TEST(TimelineEstimate, MmadCostsItsFractalProducts) {
  const uint32_t m1 = 2, k1 = 3, n1 = 4;
  prof::Timeline t;
  t.kernel = "mmad";
  t.block_dim = 1;
  prof::BlockTimeline b{aicore::detail::CoreType::kAIC, 0, {}};
  auto access = [](const char* role, uint64_t bytes, bool write) {
    prof::TimelineRecord r{};
    r.kind = K::kLocal;
    r.pipe = Pipe::kM;
    r.api = "Mmad";
    r.role = role;
    r.line = 7;
    r.bytes = bytes;
    r.write = write;
    return r;
  };
  b.records.push_back(access("fm", uint64_t{m1} * k1 * 512, false));
  b.records.push_back(access("filter", uint64_t{k1} * n1 * 512, false));
  b.records.push_back(access("dst", uint64_t{m1} * n1 * 1024, true));
  t.blocks.push_back(b);
  const prof::CostModel m = prof::CostModelFor(0);
  const prof::TimelineEstimate e = prof::EstimateTimeline(t, m);
  ASSERT_EQ(e.spans.size(), 1u);
  const double want = m.pipe[static_cast<int>(Pipe::kM)].start_cycles + m1 * k1 * n1 / m.cube_fractals_per_cycle;
  EXPECT_DOUBLE_EQ(e.spans[0].cycles, want);
  EXPECT_DOUBLE_EQ(e.cycles, want);
  EXPECT_EQ(e.bound, "M");
  EXPECT_EQ(e.spans[0].core_type, aicore::detail::CoreType::kAIC);
}

TEST(TimelineEstimate, CompareVariantsShowsTheEstimateBesideCpuTime) {
  constexpr uint32_t kTiles = 4;
  Big b(size_t{kBig} * kTiles);
  const prof::TimelineEstimate one = Estimate(tiled_kernel<1>, 1, b.gx(), b.gy(), kTiles);
  const prof::TimelineEstimate two = Estimate(tiled_kernel<2>, 1, b.gx(), b.gy(), kTiles);
  aicore::bench::CompareOptions opt;
  opt.reps = 2;
  opt.warmup = 1;
  opt.min_warmup_ns = 0;
  opt.npu_estimate = true;
  const auto r = aicore::bench::CompareVariants(
      {{"buffers 1", [&] { aicore::Launch(tiled_kernel<1>, 1, b.gx(), b.gy(), kTiles); }},
       {"buffers 2", [&] { aicore::Launch(tiled_kernel<2>, 1, b.gx(), b.gy(), kTiles); }},
       {"no launch", [] {}}},
      opt);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_DOUBLE_EQ(r[0].npu_us, one.us);
  EXPECT_DOUBLE_EQ(r[1].npu_us, two.us);
  EXPECT_EQ(r[1].npu_bound, "MTE2");
  EXPECT_EQ(r[2].npu_us, -1.0);
  EXPECT_GT(r[0].stats.median, 0.0);
  EXPECT_FALSE(prof::TimelineEnabled());  // left as it was
  // Not asked for: no estimate.
  opt.npu_estimate = false;
  const auto q = aicore::bench::CompareVariants({{"buffers 2", [&] {
    aicore::Launch(tiled_kernel<2>, 1, b.gx(), b.gy(), kTiles);
  }}}, opt);
  EXPECT_EQ(q[0].npu_us, -1.0);
}

}  // namespace
