// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The timeline recorder (instrument/timeline.h): with it on, every block's
// API calls are kept in program order with their pipes, sizes and ordering
// edges; with it off nothing is recorded; AICORE_PROFILE parsing.
#include <aicore/aicore.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

using namespace AscendC;
namespace prof = aicore::profile;
using aicore::detail::Pipe;
using K = aicore::instrument::EventKind;
using aicore::detail::QueueOp;

namespace {

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
  LocalTensor<float> a = in.AllocTensor<float>();
  DataCopy(a, xg, kTile);
  in.EnQue(a);
  LocalTensor<float> b = in.DeQue<float>();
  LocalTensor<float> c = out.AllocTensor<float>();
  Adds(c, b, 1.0f, kTile);
  out.EnQue(c);
  in.FreeTensor(b);
  LocalTensor<float> d = out.DeQue<float>();
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
    ASSERT_EQ(tail.size(), 3u);
    EXPECT_EQ(tail[0], K::kSetFlag);
    EXPECT_EQ(tail[1], K::kWaitFlag);
    EXPECT_EQ(tail[2], K::kBarrier);
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

}  // namespace
