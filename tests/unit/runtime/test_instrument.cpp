// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The instrumentation layer (instrument/event.h, runtime/observer.h): a
// second observer, defined here and not known to the instructions, sees the
// events of a kernel's API calls in program order, with their pipes, bytes
// and ordering edges; it is off unless its bit is switched on; and the
// sanitizer, an observer of the same events, keeps working beside it.
#include <aicore/aicore.h>
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

using namespace AscendC;
namespace ins = aicore::instrument;

namespace {

struct Seen {
  ins::EventKind kind;
  std::string api;
  std::string role;
  aicore::detail::Pipe pipe;
  uint32_t count;
  uint64_t len;
  uint64_t step;
  int event;
  int id;
  int32_t block;
  int line;
};

std::mutex g_mu;
std::vector<Seen> g_seen;
int g_launch_begin = 0, g_launch_end = 0, g_block_begin = 0;

void OnEvent(aicore::detail::CoreContext& core, const ins::Event& e) {
  std::lock_guard<std::mutex> lock(g_mu);
  g_seen.push_back(Seen{e.kind, e.api, e.role, e.pipe, e.count, e.len, e.step, e.event, e.id,
                        core.block_idx, e.loc.line});
}
void OnLaunchBegin(aicore::detail::LaunchState&) { ++g_launch_begin; }
void OnLaunchEnd(aicore::detail::LaunchState&) { ++g_launch_end; }
void OnBlockBegin(aicore::detail::CoreContext&) {
  std::lock_guard<std::mutex> lock(g_mu);
  ++g_block_begin;
}

constexpr uint32_t kRecorderBit = aicore::detail::kFirstObserverBit << 3;
constexpr aicore::detail::Observer kRecorder{"test recorder", kRecorderBit, &OnLaunchBegin,
                                             &OnLaunchEnd, &OnBlockBegin, &OnEvent};
const bool kRegistered = aicore::detail::RegisterObserver(&kRecorder);

constexpr uint32_t kTile = 64;  // floats
// Written by every block (the same values): atomics.
std::atomic<int> g_line_in{0}, g_line_adds{0}, g_line_out{0};

// One tile through CopyIn / Compute / CopyOut with queues, a flag pair and a
// barrier.
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
  g_line_in.store(__LINE__ + 1, std::memory_order_relaxed);
  DataCopy(a, xg, kTile);
  in.EnQue(a);
  LocalTensor<float> b = in.DeQue<float>();
  LocalTensor<float> c = out.AllocTensor<float>();
  g_line_adds.store(__LINE__ + 1, std::memory_order_relaxed);
  Adds(c, b, 1.0f, kTile);
  out.EnQue(c);
  in.FreeTensor(b);
  LocalTensor<float> d = out.DeQue<float>();
  g_line_out.store(__LINE__ + 1, std::memory_order_relaxed);
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

void Reset() {
  std::lock_guard<std::mutex> lock(g_mu);
  g_seen.clear();
  g_launch_begin = g_launch_end = g_block_begin = 0;
}

std::vector<Seen> Of(int32_t block) {
  std::vector<Seen> r;
  for (const Seen& s : g_seen) {
    if (s.block == block) r.push_back(s);
  }
  return r;
}

using aicore::detail::Pipe;
using K = ins::EventKind;

TEST(Instrument, ObserverSeesEveryCallInProgramOrder) {
  ASSERT_TRUE(kRegistered);
  Reset();
  aicore::SetObserverBits(kRecorderBit);
  Buffers b(2);
  aicore::Launch(tile_kernel, 2, b.gx(), b.gy());
  aicore::SetObserverBits(0);
  for (uint32_t i = 0; i < b.y.size(); ++i) ASSERT_EQ(b.y[i], b.x[i] + 1.0f);
  EXPECT_EQ(g_launch_begin, 1);
  EXPECT_EQ(g_launch_end, 1);
  EXPECT_EQ(g_block_begin, 2);
  for (int32_t blk = 0; blk < 2; ++blk) {
    SCOPED_TRACE("block " + std::to_string(blk));
    const std::vector<Seen> s = Of(blk);
    struct W {
      K kind;
      const char* api;
      const char* role;
    };
    // Two carves (InitBuffer), then the calls in order; DataCopy and Adds
    // emit one event per operand.
    const std::vector<W> want = {
        {K::kCarve, "", ""},           {K::kCarve, "", ""},
        {K::kQueue, "", ""},           // in.AllocTensor
        {K::kLocal, "DataCopy", "dst"}, {K::kGm, "DataCopy", ""},
        {K::kQueue, "", ""},           {K::kQueue, "", ""},  // in.EnQue, in.DeQue
        {K::kQueue, "", ""},                                 // out.AllocTensor
        {K::kLocal, "Adds", "dst"},    {K::kLocal, "Adds", "src"},
        {K::kQueue, "", ""},           {K::kQueue, "", ""},  // out.EnQue, in.FreeTensor
        {K::kQueue, "", ""},                                 // out.DeQue
        {K::kLocal, "DataCopy", "src"}, {K::kGm, "DataCopy", ""},
        {K::kQueue, "", ""},                                 // out.FreeTensor
        {K::kSetFlag, "", ""},         {K::kWaitFlag, "", ""}, {K::kBarrier, "", ""},
        {K::kBarrier, "~TPipe", ""},  // the TPipe's end: the vendor's Destroy() drains every pipe
    };
    ASSERT_EQ(s.size(), want.size());
    for (size_t i = 0; i < want.size(); ++i) {
      SCOPED_TRACE("event " + std::to_string(i));
      EXPECT_EQ(s[i].kind, want[i].kind);
      if (*want[i].api != '\0') {
        EXPECT_EQ(s[i].api, want[i].api);
      }
      if (*want[i].role != '\0') {
        EXPECT_EQ(s[i].role, want[i].role);
      }
    }
    // Pipes, sizes and lines.
    EXPECT_EQ(s[3].pipe, Pipe::kMTE2);
    EXPECT_EQ(s[3].len * s[3].count, kTile * sizeof(float));
    EXPECT_EQ(s[3].line, g_line_in.load());
    EXPECT_EQ(s[4].len * s[4].count, kTile * sizeof(float));
    EXPECT_EQ(s[8].pipe, Pipe::kV);
    EXPECT_EQ(s[8].line, g_line_adds.load());
    EXPECT_EQ(s[13].pipe, Pipe::kMTE3);
    EXPECT_EQ(s[13].line, g_line_out.load());
    EXPECT_EQ(s[16].event, static_cast<int>(HardEvent::MTE3_S));
    EXPECT_EQ(s[16].id, 0);
    EXPECT_EQ(s[18].id, static_cast<int>(PIPE_ALL));
  }
}

TEST(Instrument, OffUnlessSwitchedOn) {
  Reset();
  Buffers b(2);
  aicore::Launch(tile_kernel, 2, b.gx(), b.gy());
  EXPECT_TRUE(g_seen.empty());
  EXPECT_EQ(g_launch_begin, 0);
  EXPECT_EQ(g_block_begin, 0);
  // The sanitizer on does not switch the recorder on.
  aicore::ErrorRecorder rec(aicore::kSanitizeAll);
  aicore::Launch(tile_kernel, 2, b.gx(), b.gy());
  EXPECT_EQ(rec.size(), 0u) << rec.str();
  EXPECT_TRUE(g_seen.empty());
}

// A kernel with a missing MTE2 -> V sync (a TBuf instead of a queue).
void missing_sync(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TBuf<> xb;
  TQue<TPosition::VECOUT, 1> out;
  pipe.InitBuffer(xb, kTile * sizeof(float));
  pipe.InitBuffer(out, 1, kTile * sizeof(float));
  GlobalTensor<float> xg, yg;
  xg.SetGlobalBuffer(reinterpret_cast<float*>(x) + kTile * GetBlockIdx(), kTile);
  yg.SetGlobalBuffer(reinterpret_cast<float*>(y) + kTile * GetBlockIdx(), kTile);
  LocalTensor<float> a = xb.Get<float>();
  DataCopy(a, xg, kTile);
  LocalTensor<float> c = out.AllocTensor<float>();
  Adds(c, a, 1.0f, kTile);  // reads what MTE2 wrote with no MTE2_V flag
  out.EnQue(c);
  LocalTensor<float> d = out.DeQue<float>();
  DataCopy(yg, d, kTile);
  out.FreeTensor(d);
}

TEST(Instrument, SanitizerAndRecorderTogether) {
  Reset();
  Buffers b(1);
  aicore::SetObserverBits(kRecorderBit);
  {
    aicore::ErrorRecorder rec(aicore::kSynccheck);
    aicore::Launch(missing_sync, 1, b.gx(), b.gy());
    ASSERT_EQ(rec.size(), 1u) << rec.str();
    EXPECT_EQ(rec.reports()[0].kind(), aicore::ErrorKind::kHazard);
    EXPECT_EQ(rec.reports()[0].api(), "Adds");
  }
  aicore::SetObserverBits(0);
  EXPECT_FALSE(g_seen.empty());
  EXPECT_EQ(g_launch_begin, 1);
}

}  // namespace
