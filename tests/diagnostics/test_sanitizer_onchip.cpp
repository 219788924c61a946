// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The on-chip checks of the kernel sanitizer:
//  - pipe hazards (synccheck): on-chip bytes passed between pipes (MTE2, V,
//    MTE3, S) with no queue, flag or PipeBarrier<PIPE_ALL> ordering them;
//  - uninitialized on-chip reads (initcheck);
//  - the always-on checks of LocalTensor use after FreeTensor, writes to an
//    enqueued tensor, and a SetFlag set twice.
// Each buggy kernel takes `mode`: kBuggy puts the bug in block kBadBlock only
// (the other blocks run the clean code), so exactly one report is expected,
// with its kind, API, block, source line and key message fragments; the
// clean variants must run silently with the mode on. MARK_LINE(slot) records
// the line of the next source line.
#include <aicore/aicore.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

using namespace AscendC;

namespace {

constexpr uint32_t kBlocks = 4;
constexpr int64_t kBadBlock = 2;
constexpr uint32_t kTile = 256;                  // floats per tile (1 KiB)
constexpr uint32_t kTiles = 4;                   // tiles per block
constexpr uint32_t kPerBlock = kTile * kTiles;  // floats per block

// Variants of a kernel.
constexpr int32_t kClean = 0;    // the right sync (flags)
constexpr int32_t kBuggy = 1;    // the bug, in block kBadBlock
constexpr int32_t kBarrier = 2;  // clean: PipeBarrier<PIPE_ALL> instead of flags
constexpr int32_t kWrongSync = 3;  // still buggy: a barrier or flag that orders the wrong pipes

std::atomic<int> g_line[3];
#define MARK_LINE(slot) g_line[slot].store(__LINE__ + 1, std::memory_order_relaxed)
std::string Line(int slot) {
  return std::string("test_sanitizer_onchip.cpp:") + std::to_string(g_line[slot].load());
}

bool Bug(int32_t mode) {
  return (mode == kBuggy || mode == kWrongSync) && GetBlockIdx() == kBadBlock;
}

// GM from the registry (as memcheck wants), filled by the host.
struct Gm {
  explicit Gm(size_t n, float v = 1.0f) : n(n) {
    p = static_cast<float*>(aicore::GmAlloc(n * sizeof(float)));
    for (size_t i = 0; i < n; ++i) p[i] = v + static_cast<float>(i % 7) * 0.25f;
  }
  ~Gm() { aicore::GmFree(p); }
  Gm(const Gm&) = delete;
  Gm& operator=(const Gm&) = delete;
  GM_ADDR addr() const { return reinterpret_cast<GM_ADDR>(p); }
  float* p;
  size_t n;
};

using K = aicore::ErrorKind;

struct Want {
  K kind;
  std::string api;
  std::string kernel;
  int line_slot;
  std::vector<std::string> fragments;
};

// Exactly one report, from block kBadBlock, at the marked line.
void ExpectOne(const aicore::ErrorRecorder& rec, const Want& w) {
  ASSERT_EQ(rec.size(), 1u) << rec.str();
  const aicore::KernelError& e = rec.reports()[0];
  const std::string what = e.what();
  SCOPED_TRACE(what);
  EXPECT_EQ(e.kind(), w.kind);
  EXPECT_EQ(e.api(), w.api);
  EXPECT_EQ(e.kernel(), w.kernel);
  EXPECT_EQ(e.block(), kBadBlock);
  EXPECT_EQ(e.line(), g_line[w.line_slot].load());
  EXPECT_NE(what.find(Line(w.line_slot) + " (kernel " + w.kernel + ", block " +
                      std::to_string(kBadBlock) + " of " + std::to_string(kBlocks) + ")"),
            std::string::npos);
  for (const std::string& f : w.fragments) {
    EXPECT_NE(what.find(f), std::string::npos) << "missing fragment: " << f;
  }
}

void ExpectSilent(const aicore::ErrorRecorder& rec) { EXPECT_EQ(rec.size(), 0u) << rec.str(); }

// ---------------------------------------------------------------------------
// Pipe hazards.

// GM -> TBuf (MTE2), then a vector op reads it: needs MTE2_V.
void raw_mte2_v(GM_ADDR x, GM_ADDR y, int32_t mode) {
  TPipe pipe;
  TBuf<> xb;
  TQue<TPosition::VECOUT, 1> out;
  pipe.InitBuffer(xb, kTile * sizeof(float));
  pipe.InitBuffer(out, 1, kTile * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer(reinterpret_cast<float*>(x) + kTile * GetBlockIdx(), kTile);
  yGm.SetGlobalBuffer(reinterpret_cast<float*>(y) + kTile * GetBlockIdx(), kTile);
  LocalTensor<float> xl = xb.Get<float>();
  MARK_LINE(1);
  DataCopy(xl, xGm, kTile);
  if (!Bug(mode)) {
    if (mode == kBarrier) {
      PipeBarrier<PIPE_ALL>();
    } else {
      SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
      WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    }
  } else if (mode == kWrongSync) {
    PipeBarrier<PIPE_V>();  // orders the V pipe with itself only
    SetFlag<HardEvent::MTE3_V>(EVENT_ID0);  // the wrong producer
    WaitFlag<HardEvent::MTE3_V>(EVENT_ID0);
  }
  LocalTensor<float> z = out.AllocTensor<float>();
  MARK_LINE(0);
  Add(z, xl, xl, kTile);
  out.EnQue(z);
  z = out.DeQue<float>();
  DataCopy(yGm, z, kTile);
  out.FreeTensor(z);
}

// ReduceSum (V) into a TBuf, then GetValue (S): needs V_S.
void raw_v_s(GM_ADDR x, GM_ADDR y, int32_t mode) {
  TPipe pipe;
  TQue<TPosition::VECIN, 1> in;
  TBuf<> sum, work;
  pipe.InitBuffer(in, 1, kTile * sizeof(float));
  pipe.InitBuffer(sum, 32);
  pipe.InitBuffer(work, kTile * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer(reinterpret_cast<float*>(x) + kTile * GetBlockIdx(), kTile);
  yGm.SetGlobalBuffer(reinterpret_cast<float*>(y) + GetBlockIdx(), 1);
  LocalTensor<float> xl = in.AllocTensor<float>();
  DataCopy(xl, xGm, kTile);
  in.EnQue(xl);
  xl = in.DeQue<float>();
  LocalTensor<float> s = sum.Get<float>();
  MARK_LINE(1);
  ReduceSum(s, xl, work.Get<float>(), kTile);
  if (!Bug(mode)) {
    if (mode == kBarrier) {
      PipeBarrier<PIPE_ALL>();
    } else {
      SetFlag<HardEvent::V_S>(EVENT_ID0);
      WaitFlag<HardEvent::V_S>(EVENT_ID0);
    }
  }
  MARK_LINE(0);
  const float total = s.GetValue(0);
  yGm.SetValue(0, total);
  in.FreeTensor(xl);
}

// SetValue (S) into a TBuf, then a vector op reads it: needs S_V.
void raw_s_v(GM_ADDR x, GM_ADDR y, int32_t mode) {
  (void)x;
  TPipe pipe;
  TBuf<> coef;
  TQue<TPosition::VECOUT, 1> out;
  pipe.InitBuffer(coef, 16 * sizeof(float));
  pipe.InitBuffer(out, 1, 16 * sizeof(float));
  GlobalTensor<float> yGm;
  yGm.SetGlobalBuffer(reinterpret_cast<float*>(y) + 16 * GetBlockIdx(), 16);
  LocalTensor<float> c = coef.Get<float>();
  for (uint32_t i = 0; i < 16; ++i) {
    MARK_LINE(1);
    c.SetValue(i, 0.5f * static_cast<float>(i));
  }
  if (!Bug(mode)) {
    if (mode == kBarrier) {
      PipeBarrier<PIPE_ALL>();
    } else {
      SetFlag<HardEvent::S_V>(EVENT_ID1);
      WaitFlag<HardEvent::S_V>(EVENT_ID1);
    }
  }
  LocalTensor<float> z = out.AllocTensor<float>();
  MARK_LINE(0);
  Adds(z, c, 1.0f, 16);
  out.EnQue(z);
  z = out.DeQue<float>();
  DataCopy(yGm, z, 16);
  out.FreeTensor(z);
}

// SetValue (S), then a vector op overwrites the same bytes: needs S_V too
// (the scalar store may land after the vector write).
void waw_s_v(GM_ADDR x, GM_ADDR y, int32_t mode) {
  (void)x;
  TPipe pipe;
  TBuf<> buf;
  pipe.InitBuffer(buf, 8 * sizeof(float));
  GlobalTensor<float> yGm;
  yGm.SetGlobalBuffer(reinterpret_cast<float*>(y) + 8 * GetBlockIdx(), 8);
  LocalTensor<float> c = buf.Get<float>();
  MARK_LINE(1);
  c.SetValue(3, 1.0f);
  if (!Bug(mode)) {
    SetFlag<HardEvent::S_V>(EVENT_ID2);
    WaitFlag<HardEvent::S_V>(EVENT_ID2);
  }
  MARK_LINE(0);
  Duplicate(c, 2.0f, 8);
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(yGm, c, 8);
}

// Vector result in a TBuf copied out (MTE3): needs V_MTE3.
void raw_v_mte3(GM_ADDR x, GM_ADDR y, int32_t mode) {
  TPipe pipe;
  TQue<TPosition::VECIN, 1> in;
  TBuf<> zb;
  pipe.InitBuffer(in, 1, kTile * sizeof(float));
  pipe.InitBuffer(zb, kTile * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer(reinterpret_cast<float*>(x) + kTile * GetBlockIdx(), kTile);
  yGm.SetGlobalBuffer(reinterpret_cast<float*>(y) + kTile * GetBlockIdx(), kTile);
  LocalTensor<float> xl = in.AllocTensor<float>();
  DataCopy(xl, xGm, kTile);
  in.EnQue(xl);
  xl = in.DeQue<float>();
  LocalTensor<float> z = zb.Get<float>();
  MARK_LINE(1);
  Muls(z, xl, 3.0f, kTile);
  in.FreeTensor(xl);
  if (!Bug(mode)) {
    if (mode == kBarrier) {
      PipeBarrier<PIPE_ALL>();
    } else {
      SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
      WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    }
  }
  MARK_LINE(0);
  DataCopy(yGm, z, kTile);
}

// One TBuf reused by every tile for the copy-in: the next tile's DataCopy
// (MTE2) overwrites what the previous tile's vector op (V) may still be
// reading unless V_MTE2 orders them.
void war_v_mte2(GM_ADDR x, GM_ADDR y, int32_t mode) {
  TPipe pipe;
  TBuf<> xb;
  TQue<TPosition::VECOUT, 2> out;
  pipe.InitBuffer(xb, kTile * sizeof(float));
  pipe.InitBuffer(out, 2, kTile * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer(reinterpret_cast<float*>(x) + kPerBlock * GetBlockIdx(), kPerBlock);
  yGm.SetGlobalBuffer(reinterpret_cast<float*>(y) + kPerBlock * GetBlockIdx(), kPerBlock);
  LocalTensor<float> xl = xb.Get<float>();
  for (uint32_t t = 0; t < kTiles; ++t) {
    MARK_LINE(0);
    DataCopy(xl, xGm[t * kTile], kTile);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    LocalTensor<float> z = out.AllocTensor<float>();
    MARK_LINE(1);
    Adds(z, xl, 1.0f, kTile);
    out.EnQue(z);
    if (!Bug(mode)) {
      if (mode == kBarrier) {
        PipeBarrier<PIPE_ALL>();
      } else {
        SetFlag<HardEvent::V_MTE2>(EVENT_ID1);
        WaitFlag<HardEvent::V_MTE2>(EVENT_ID1);
      }
    }
    z = out.DeQue<float>();
    DataCopy(yGm[t * kTile], z, kTile);
    out.FreeTensor(z);
  }
}

// Two phases in one UB region through TBufPools that share it: phase 1
// copies a tile in (VECIN queue, read by V), adds 1 into a VECOUT queue and
// copies it out; pool1.Reset() (on the NPU it waits the freed buffers' free
// events) lets phase 2's queues of pool2 reuse the bytes. The bug: pool1 is
// reset only at the end, so nothing orders phase 1's V read before phase 2's
// MTE2 write of the same bytes.
void pool_reuse(GM_ADDR x, GM_ADDR y, int32_t mode) {
  TPipe pipe;
  TBufPool<TPosition::VECCALC> pool1, pool2;
  pipe.InitBufPool(pool1, kTile * sizeof(float));
  pipe.InitBufPool(pool2, kTile * sizeof(float), pool1);
  TQue<TPosition::VECIN, 1> in1, in2;
  TQue<TPosition::VECOUT, 1> out;  // outside the pools
  pool1.InitBuffer(in1, 1, kTile * sizeof(float));
  pipe.InitBuffer(out, 1, kTile * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer(reinterpret_cast<float*>(x) + kPerBlock * GetBlockIdx(), kPerBlock);
  yGm.SetGlobalBuffer(reinterpret_cast<float*>(y) + kPerBlock * GetBlockIdx(), kPerBlock);
  for (int phase = 0; phase < 2; ++phase) {
    TQue<TPosition::VECIN, 1>& in = phase == 0 ? in1 : in2;
    LocalTensor<float> a = in.AllocTensor<float>();
    if (phase == 1) MARK_LINE(0);
    DataCopy(a, xGm[phase * kTile], kTile);
    in.EnQue(a);
    a = in.DeQue<float>();
    LocalTensor<float> z = out.AllocTensor<float>();
    if (phase == 0) MARK_LINE(1);
    Adds(z, a, 1.0f, kTile);
    out.EnQue(z);
    in.FreeTensor(a);
    z = out.DeQue<float>();
    DataCopy(yGm[phase * kTile], z, kTile);
    out.FreeTensor(z);
    if (phase == 0) {
      if (!Bug(mode)) pool1.Reset();
      pool2.InitBuffer(in2, 1, kTile * sizeof(float));
    }
  }
  if (Bug(mode)) pool1.Reset();  // too late
}

// The vendor's tpipe_reuse sample: one TPipe copies a tile in, scales it and
// copies it out; it is Destroy()ed and a second TPipe carves the same UB
// bytes for the same work. The vendor's Destroy ends with
// PipeBarrier<PIPE_ALL>, which orders the first pipe's V read and MTE3 read
// before the second's MTE2 and V writes (aicore reported both as hazards
// before it modelled that barrier).
void pipe_reuse_process(GM_ADDR x, GM_ADDR y, TPipe* pipe) {
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer(reinterpret_cast<float*>(x) + kPerBlock * GetBlockIdx(), kTile);
  yGm.SetGlobalBuffer(reinterpret_cast<float*>(y) + kPerBlock * GetBlockIdx(), kTile);
  TQue<TPosition::VECIN, 1> in;
  TQue<TPosition::VECOUT, 1> out;
  pipe->InitBuffer(in, 1, kTile * sizeof(float));
  pipe->InitBuffer(out, 1, kTile * sizeof(float));
  LocalTensor<float> a = in.AllocTensor<float>();
  DataCopy(a, xGm, kTile);
  in.EnQue(a);
  a = in.DeQue<float>();
  LocalTensor<float> z = out.AllocTensor<float>();
  Muls(z, a, 3.0f, kTile);
  out.EnQue(z);
  in.FreeTensor(a);
  z = out.DeQue<float>();
  DataCopy(yGm, z, kTile);
  out.FreeTensor(z);
}
void pipe_reuse(GM_ADDR x, GM_ADDR y, int32_t mode) {
  (void)mode;
  TPipe pipe1;
  pipe_reuse_process(x, y, &pipe1);
  pipe1.Destroy();
  TPipe pipe2;
  pipe_reuse_process(x, y, &pipe2);
  pipe2.Destroy();
}

// The canonical double-buffered add kernel (queues do all the sync).
template <typename T>
class KernelAdd {
 public:
  void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t perBlock, uint32_t tile) {
    tile_ = tile;
    tiles_ = perBlock / tile;
    xGm_.SetGlobalBuffer(reinterpret_cast<T*>(x) + perBlock * GetBlockIdx(), perBlock);
    yGm_.SetGlobalBuffer(reinterpret_cast<T*>(y) + perBlock * GetBlockIdx(), perBlock);
    zGm_.SetGlobalBuffer(reinterpret_cast<T*>(z) + perBlock * GetBlockIdx(), perBlock);
    pipe_.InitBuffer(inX_, 2, tile * sizeof(T));
    pipe_.InitBuffer(inY_, 2, tile * sizeof(T));
    pipe_.InitBuffer(outZ_, 2, tile * sizeof(T));
  }
  void Process() {
    for (uint32_t i = 0; i < tiles_; ++i) {
      CopyIn(i);
      Compute();
      CopyOut(i);
    }
  }

 private:
  void CopyIn(uint32_t i) {
    LocalTensor<T> x = inX_.template AllocTensor<T>();
    LocalTensor<T> y = inY_.template AllocTensor<T>();
    DataCopy(x, xGm_[i * tile_], tile_);
    DataCopy(y, yGm_[i * tile_], tile_);
    inX_.EnQue(x);
    inY_.EnQue(y);
  }
  void Compute() {
    LocalTensor<T> x = inX_.template DeQue<T>();
    LocalTensor<T> y = inY_.template DeQue<T>();
    LocalTensor<T> z = outZ_.template AllocTensor<T>();
    Add(z, x, y, tile_);
    outZ_.EnQue(z);
    inX_.FreeTensor(x);
    inY_.FreeTensor(y);
  }
  void CopyOut(uint32_t i) {
    LocalTensor<T> z = outZ_.template DeQue<T>();
    DataCopy(zGm_[i * tile_], z, tile_);
    outZ_.FreeTensor(z);
  }

  TPipe pipe_;
  TQue<TPosition::VECIN, 2> inX_, inY_;
  TQue<TPosition::VECOUT, 2> outZ_;
  GlobalTensor<T> xGm_, yGm_, zGm_;
  uint32_t tile_ = 0, tiles_ = 0;
};

void add_float(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t perBlock, uint32_t tile) {
  KernelAdd<float> op;
  op.Init(x, y, z, perBlock, tile);
  op.Process();
}

// A GELU-like chain (tanh approximation written with Exp and Div) staged
// through TBufs with hand-written sync: each flag set in one tile is waited
// for in the next (copy-in buffer reuse: V_MTE2; copy-out buffer reuse:
// MTE3_V), plus a scalar coefficient table written by S (S_V).
void gelu_tbuf(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TBuf<> xb, yb, tmp, coef;
  pipe.InitBuffer(xb, kTile * sizeof(float));
  pipe.InitBuffer(yb, kTile * sizeof(float));
  pipe.InitBuffer(tmp, kTile * sizeof(float));
  pipe.InitBuffer(coef, kTile * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer(reinterpret_cast<float*>(x) + kPerBlock * GetBlockIdx(), kPerBlock);
  yGm.SetGlobalBuffer(reinterpret_cast<float*>(y) + kPerBlock * GetBlockIdx(), kPerBlock);
  LocalTensor<float> xl = xb.Get<float>(), yl = yb.Get<float>(), t = tmp.Get<float>();
  LocalTensor<float> c = coef.Get<float>();
  for (uint32_t i = 0; i < 8; ++i) c.SetValue(i, 1.0f);
  SetFlag<HardEvent::S_V>(EVENT_ID0);
  WaitFlag<HardEvent::S_V>(EVENT_ID0);
  Duplicate(c, 1.0f, static_cast<int32_t>(kTile));  // ones (over the scalar-written head)
  for (uint32_t i = 0; i < kTiles; ++i) {
    if (i > 0) WaitFlag<HardEvent::V_MTE2>(EVENT_ID0);
    DataCopy(xl, xGm[i * kTile], kTile);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    if (i > 0) WaitFlag<HardEvent::MTE3_V>(EVENT_ID0);
    // y = x / (1 + exp(-1.5958 * (x + 0.044715 x^3)))
    Mul(t, xl, xl, kTile);
    Mul(t, t, xl, kTile);
    Muls(t, t, 0.044715f, kTile);
    Add(t, t, xl, kTile);
    Muls(t, t, -1.5958f, kTile);
    Exp(t, t, kTile);
    Add(t, t, c, kTile);
    Div(yl, xl, t, kTile);
    SetFlag<HardEvent::V_MTE2>(EVENT_ID0);
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(yGm[i * kTile], yl, kTile);
    SetFlag<HardEvent::MTE3_V>(EVENT_ID0);
  }
  WaitFlag<HardEvent::V_MTE2>(EVENT_ID0);
  WaitFlag<HardEvent::MTE3_V>(EVENT_ID0);
}

// ---------------------------------------------------------------------------
// Uninitialized reads.

constexpr uint32_t kTailBytes = 400;  // a tail tile: 100 floats

// A tail copied with DataCopyPad (no padding), then the whole tile computed.
// mode kClean: the instruction covers only the copied elements.
void uninit_tail(GM_ADDR x, GM_ADDR y, int32_t mode) {
  TPipe pipe;
  TQue<TPosition::VECIN, 1> in;
  TQue<TPosition::VECOUT, 1> out;
  pipe.InitBuffer(in, 1, kTile * sizeof(float));
  pipe.InitBuffer(out, 1, kTile * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer(reinterpret_cast<float*>(x) + kTile * GetBlockIdx(), kTile);
  yGm.SetGlobalBuffer(reinterpret_cast<float*>(y) + kTile * GetBlockIdx(), kTile);
  MARK_LINE(1);
  LocalTensor<float> xl = in.AllocTensor<float>();
  DataCopyPad(xl, xGm, DataCopyExtParams{1, kTailBytes, 0, 0, 0},
              DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
  in.EnQue(xl);
  xl = in.DeQue<float>();
  LocalTensor<float> z = out.AllocTensor<float>();
  const int32_t count = Bug(mode) ? kTile : kTailBytes / 4;
  MARK_LINE(0);
  Add(z, xl, xl, count);
  out.EnQue(z);
  in.FreeTensor(xl);
  z = out.DeQue<float>();
  DataCopyPad(yGm, z, DataCopyExtParams{1, kTailBytes, 0, 0, 0});
  out.FreeTensor(z);
}

// The same, computed in place (the source is also the dst).
void uninit_in_place(GM_ADDR x, GM_ADDR y, int32_t mode) {
  TPipe pipe;
  TQue<TPosition::VECIN, 1> in;
  pipe.InitBuffer(in, 1, kTile * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer(reinterpret_cast<float*>(x) + kTile * GetBlockIdx(), kTile);
  yGm.SetGlobalBuffer(reinterpret_cast<float*>(y) + kTile * GetBlockIdx(), kTile);
  LocalTensor<float> xl = in.AllocTensor<float>();
  DataCopyPad(xl, xGm, DataCopyExtParams{1, kTailBytes, 0, 0, 0},
              DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
  in.EnQue(xl);
  xl = in.DeQue<float>();
  const int32_t count = Bug(mode) ? kTile : kTailBytes / 4;
  MARK_LINE(0);
  Muls(xl, xl, 2.0f, count);
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopyPad(yGm, xl, DataCopyExtParams{1, kTailBytes, 0, 0, 0});
  in.FreeTensor(xl);
}

// Repeat form: Duplicate writes lanes [0, 32) of each of 4 repeats (the
// masked-off lanes are not written); the reader uses the same mask (clean)
// or every lane (buggy).
void uninit_masked(GM_ADDR x, GM_ADDR y, int32_t mode) {
  (void)x;
  TPipe pipe;
  TBuf<> a;
  TQue<TPosition::VECOUT, 1> out;
  pipe.InitBuffer(a, kTile * sizeof(float));
  pipe.InitBuffer(out, 1, kTile * sizeof(float));
  GlobalTensor<float> yGm;
  yGm.SetGlobalBuffer(reinterpret_cast<float*>(y) + kTile * GetBlockIdx(), kTile);
  LocalTensor<float> al = a.Get<float>();
  Duplicate(al, 2.0f, uint64_t{32}, 4, 1, 8);
  LocalTensor<float> z = out.AllocTensor<float>();
  Duplicate(z, 0.0f, static_cast<int32_t>(kTile));
  const uint64_t mask = Bug(mode) ? 64 : 32;
  MARK_LINE(0);
  Adds(z, al, 1.0f, mask, 4, UnaryRepeatParams(1, 1, 8, 8));
  out.EnQue(z);
  z = out.DeQue<float>();
  DataCopy(yGm, z, kTile);
  out.FreeTensor(z);
}

// A queue buffer handed out again holds the previous tile's bytes: the
// second tile copies only a tail, then computes the whole tile.
void uninit_reallocated(GM_ADDR x, GM_ADDR y, int32_t mode) {
  TPipe pipe;
  TQue<TPosition::VECIN, 1> in;
  TQue<TPosition::VECOUT, 1> out;
  pipe.InitBuffer(in, 1, kTile * sizeof(float));
  pipe.InitBuffer(out, 1, kTile * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer(reinterpret_cast<float*>(x) + 2 * kTile * GetBlockIdx(), 2 * kTile);
  yGm.SetGlobalBuffer(reinterpret_cast<float*>(y) + 2 * kTile * GetBlockIdx(), 2 * kTile);
  for (uint32_t t = 0; t < 2; ++t) {
    MARK_LINE(1);
    LocalTensor<float> xl = in.AllocTensor<float>();
    const bool tail = t == 1;
    if (tail) {
      DataCopyPad(xl, xGm[t * kTile], DataCopyExtParams{1, kTailBytes, 0, 0, 0},
                  DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
    } else {
      DataCopy(xl, xGm[t * kTile], kTile);
    }
    in.EnQue(xl);
    xl = in.DeQue<float>();
    LocalTensor<float> z = out.AllocTensor<float>();
    const int32_t count = tail && !Bug(mode) ? kTailBytes / 4 : kTile;
    MARK_LINE(0);
    Exp(z, xl, count);
    out.EnQue(z);
    in.FreeTensor(xl);
    z = out.DeQue<float>();
    DataCopyPad(yGm[t * kTile], z, DataCopyExtParams{1, static_cast<uint32_t>(count * 4), 0, 0, 0});
    out.FreeTensor(z);
  }
}

// A static LocalTensor (no InitBuffer): block kBadBlock reads it without
// writing it first, after other blocks on the same thread wrote it.
void uninit_static_tensor(GM_ADDR x, GM_ADDR y, int32_t mode) {
  (void)x;
  LocalTensor<float> a(TPosition::VECCALC, 0, 64);
  LocalTensor<float> b(TPosition::VECCALC, 1024, 64);
  if (!Bug(mode)) Duplicate(a, 3.0f, 64);
  MARK_LINE(0);
  Adds(b, a, 1.0f, 64);
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  GlobalTensor<float> yGm;
  yGm.SetGlobalBuffer(reinterpret_cast<float*>(y) + 64 * GetBlockIdx(), 64);
  DataCopy(yGm, b, 64);
}

// ---------------------------------------------------------------------------
// Always-on checks.

// A dequeued input used after FreeTensor.
void use_after_free(GM_ADDR x, GM_ADDR y, int32_t mode) {
  TPipe pipe;
  TQue<TPosition::VECIN, 2> in;
  TQue<TPosition::VECOUT, 1> out;
  pipe.InitBuffer(in, 2, kTile * sizeof(float));
  pipe.InitBuffer(out, 1, kTile * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer(reinterpret_cast<float*>(x) + kTile * GetBlockIdx(), kTile);
  yGm.SetGlobalBuffer(reinterpret_cast<float*>(y) + kTile * GetBlockIdx(), kTile);
  LocalTensor<float> xl = in.AllocTensor<float>();
  DataCopy(xl, xGm, kTile);
  in.EnQue(xl);
  xl = in.DeQue<float>();
  LocalTensor<float> z = out.AllocTensor<float>();
  if (Bug(mode)) {
    MARK_LINE(1);
    in.FreeTensor(xl);
  }
  MARK_LINE(0);
  Adds(z, xl, 1.0f, kTile);
  if (!Bug(mode)) in.FreeTensor(xl);
  out.EnQue(z);
  z = out.DeQue<float>();
  DataCopy(yGm, z, kTile);
  out.FreeTensor(z);
}

// A tensor read after its buffer was freed and allocated again.
void use_after_realloc(GM_ADDR x, GM_ADDR y, int32_t mode) {
  TPipe pipe;
  TQue<TPosition::VECIN, 1> in;
  pipe.InitBuffer(in, 1, kTile * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer(reinterpret_cast<float*>(x) + kTile * GetBlockIdx(), kTile);
  yGm.SetGlobalBuffer(reinterpret_cast<float*>(y) + GetBlockIdx(), 1);
  LocalTensor<float> first = in.AllocTensor<float>();
  DataCopy(first, xGm, kTile);
  in.EnQue(first);
  first = in.DeQue<float>();
  SetFlag<HardEvent::MTE2_S>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_S>(EVENT_ID0);
  float v = first.GetValue(0);
  MARK_LINE(1);
  in.FreeTensor(first);
  MARK_LINE(2);
  LocalTensor<float> second = in.AllocTensor<float>();
  DataCopy(second, xGm, kTile);
  in.EnQue(second);
  second = in.DeQue<float>();
  SetFlag<HardEvent::MTE2_S>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_S>(EVENT_ID0);
  const LocalTensor<float>& which = Bug(mode) ? first : second;
  MARK_LINE(0);
  v += which.GetValue(1);
  in.FreeTensor(second);
  yGm.SetValue(0, v);
}

// A vector op writing an output tensor that is already enqueued.
void write_while_enqueued(GM_ADDR x, GM_ADDR y, int32_t mode) {
  TPipe pipe;
  TQue<TPosition::VECIN, 1> in;
  TQue<TPosition::VECOUT, 1> out;
  pipe.InitBuffer(in, 1, kTile * sizeof(float));
  pipe.InitBuffer(out, 1, kTile * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer(reinterpret_cast<float*>(x) + kTile * GetBlockIdx(), kTile);
  yGm.SetGlobalBuffer(reinterpret_cast<float*>(y) + kTile * GetBlockIdx(), kTile);
  LocalTensor<float> xl = in.AllocTensor<float>();
  DataCopy(xl, xGm, kTile);
  in.EnQue(xl);
  xl = in.DeQue<float>();
  LocalTensor<float> z = out.AllocTensor<float>();
  Adds(z, xl, 1.0f, kTile);
  if (!Bug(mode)) Muls(z, z, 2.0f, kTile);
  MARK_LINE(1);
  out.EnQue(z);
  if (Bug(mode)) {
    MARK_LINE(0);
    Muls(z, z, 2.0f, kTile);  // too late: MTE3 may already be copying it out
  }
  in.FreeTensor(xl);
  z = out.DeQue<float>();
  DataCopy(yGm, z, kTile);
  out.FreeTensor(z);
}

// A flag set twice before its wait.
void set_flag_twice(GM_ADDR x, GM_ADDR y, int32_t mode) {
  TPipe pipe;
  TBuf<> xb;
  pipe.InitBuffer(xb, kTile * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer(reinterpret_cast<float*>(x) + kTile * GetBlockIdx(), kTile);
  yGm.SetGlobalBuffer(reinterpret_cast<float*>(y) + kTile * GetBlockIdx(), kTile);
  LocalTensor<float> xl = xb.Get<float>();
  DataCopy(xl, xGm, kTile);
  MARK_LINE(1);
  SetFlag<HardEvent::MTE2_V>(EVENT_ID3);
  if (!Bug(mode)) WaitFlag<HardEvent::MTE2_V>(EVENT_ID3);
  MARK_LINE(0);
  SetFlag<HardEvent::MTE2_V>(EVENT_ID3);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID3);
  Muls(xl, xl, 2.0f, kTile);
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(yGm, xl, kTile);
}

// One instruction line, called twice (a helper, as public kernels write
// them): the second call reads what the first wrote. WholeReduceMax records
// its source before its dst, so the first call's dst is the latest vector dst
// when the second call's source is checked; it is another call, and written.
// Buggy: the second call reads a buffer nothing wrote.
void ReduceMaxRows(const LocalTensor<float>& dst, const LocalTensor<float>& src, int32_t rows) {
  MARK_LINE(0);
  WholeReduceMax(dst, src, 64, rows, 1, 1, 8, ReduceOrder::ORDER_ONLY_VALUE);
}
void init_same_line_twice(GM_ADDR, GM_ADDR y, int32_t mode) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> a, b, c, d;
  pipe.InitBuffer(a, 64 * 64 * sizeof(float));
  pipe.InitBuffer(b, 64 * 64 * sizeof(float));
  pipe.InitBuffer(c, 64 * sizeof(float));
  pipe.InitBuffer(d, 64 * 64 * sizeof(float));
  LocalTensor<float> at = a.Get<float>(), bt = b.Get<float>(), ct = c.Get<float>();
  Duplicate(at, 1.5f, 64 * 64);
  Duplicate(ct, 0.0f, 64);  // b stays unwritten but for what the first call writes
  ReduceMaxRows(bt, at, 64);  // 64 maxima, dense, at the start of b
  ReduceMaxRows(ct, Bug(mode) ? d.Get<float>() : bt, 1);
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  GlobalTensor<float> yGm;
  yGm.SetGlobalBuffer(reinterpret_cast<float*>(y) + kPerBlock * GetBlockIdx(), 8);
  DataCopy(yGm, ct, 8);
}

// ---------------------------------------------------------------------------

class SanitizerOnChip : public ::testing::TestWithParam<uint32_t> {
 protected:
  void SetUp() override {
    aicore::SetNumThreads(GetParam());
    aicore::SetSocVersion("Ascend910B");
  }
  void TearDown() override { aicore::SetNumThreads(0); }
};

INSTANTIATE_TEST_SUITE_P(Pools, SanitizerOnChip, ::testing::Values(1u, 2u, 5u),
                         [](const auto& info) { return "threads" + std::to_string(info.param); });

// Runs kernel(x, y, mode) under `modes` and returns the recorder.
template <class F>
void RunMode(uint32_t modes, F kernel, const char* name, int32_t mode,
             const std::function<void(const aicore::ErrorRecorder&)>& check) {
  aicore::ErrorRecorder rec(modes);
  Gm x(kBlocks * kPerBlock), y(kBlocks * kPerBlock, 0.0f);
  g_line[0].store(0);
  g_line[1].store(0);
  g_line[2].store(0);
  aicore::LaunchNamed(name, kernel, kBlocks, x.addr(), y.addr(), mode);
  check(rec);
}

#define RUN(modes, kernel, mode, check) RunMode(modes, kernel, #kernel, mode, check)

// synccheck as for a kernel built with --cce-auto-sync=off (or on), while alive.
struct AutoSync {
  explicit AutoSync(bool on) : saved(aicore::GetAutoSync()) { aicore::SetAutoSync(on); }
  ~AutoSync() { aicore::SetAutoSync(saved); }
  bool saved;
};
constexpr const char* kAutoSyncNote =
    "(reported because synccheck takes the kernel as built with --cce-auto-sync=off";

// --- hazards ---

TEST_P(SanitizerOnChip, HazardCopyInThenVectorWithoutMte2V) {
  RUN(aicore::kSynccheck, raw_mte2_v, kBuggy, [](const aicore::ErrorRecorder& rec) {
    ExpectOne(rec, {K::kHazard, "Add", "raw_mte2_v", 0,
                    {"read-after-write hazard: src0 of Add (V pipe) reads bytes [0, 1024) of TBuf "
                     "buffer 0 (VECCALC, 1024 bytes at UB offset 0), last written by dst of "
                     "DataCopy (MTE2 pipe) at ",
                     Line(1) + ", and nothing orders the MTE2 pipe before the V pipe",
                     "add SetFlag<HardEvent::MTE2_V>(id) after the DataCopy and "
                     "WaitFlag<HardEvent::MTE2_V>(id) before the Add",
                     "or pass the tensor through a TQue<TPosition::VECIN>"}});
  });
  // A barrier of the V pipe alone, or a flag from the wrong pipe, orders nothing.
  RUN(aicore::kSynccheck, raw_mte2_v, kWrongSync, [](const aicore::ErrorRecorder& rec) {
    ExpectOne(rec, {K::kHazard, "Add", "raw_mte2_v", 0, {"read-after-write hazard", "MTE2_V"}});
  });
  RUN(aicore::kSynccheck, raw_mte2_v, kClean, ExpectSilent);
  RUN(aicore::kSynccheck, raw_mte2_v, kBarrier, ExpectSilent);
}

// Scalar <-> V orders: the compiler's automatic synchronisation (the
// default of vendor projects) inserts them, so they are reported only for a
// kernel built without it.
TEST_P(SanitizerOnChip, HazardReduceThenGetValueWithoutVS) {
  AutoSync off(false);
  RUN(aicore::kSynccheck, raw_v_s, kBuggy, [](const aicore::ErrorRecorder& rec) {
    ExpectOne(rec, {K::kHazard, "LocalTensor::GetValue", "raw_v_s", 0,
                    {"read-after-write hazard: LocalTensor::GetValue (S pipe) reads bytes [0, 4) "
                     "of TBuf buffer 0 (VECCALC, 32 bytes at UB offset 1024), last written by dst "
                     "of ReduceSum (V pipe) at ",
                     Line(1), "add SetFlag<HardEvent::V_S>(id) after the ReduceSum and "
                              "WaitFlag<HardEvent::V_S>(id) before the LocalTensor::GetValue",
                     kAutoSyncNote}});
  });
  RUN(aicore::kSynccheck, raw_v_s, kClean, ExpectSilent);
  RUN(aicore::kSynccheck, raw_v_s, kBarrier, ExpectSilent);
  AutoSync on(true);
  RUN(aicore::kSynccheck, raw_v_s, kBuggy, ExpectSilent);
}

TEST_P(SanitizerOnChip, HazardSetValueThenVectorWithoutSV) {
  AutoSync off(false);
  RUN(aicore::kSynccheck, raw_s_v, kBuggy, [](const aicore::ErrorRecorder& rec) {
    ExpectOne(rec, {K::kHazard, "Adds", "raw_s_v", 0,
                    {"read-after-write hazard: src of Adds (V pipe) reads bytes [0, 64) of TBuf "
                     "buffer 0 (VECCALC, 64 bytes at UB offset 0), last written by "
                     "LocalTensor::SetValue (S pipe) at ",
                     Line(1), "SetFlag<HardEvent::S_V>(id) after the LocalTensor::SetValue",
                     kAutoSyncNote}});
  });
  RUN(aicore::kSynccheck, raw_s_v, kClean, ExpectSilent);
  RUN(aicore::kSynccheck, raw_s_v, kBarrier, ExpectSilent);
  AutoSync on(true);
  RUN(aicore::kSynccheck, raw_s_v, kBuggy, ExpectSilent);
}

TEST_P(SanitizerOnChip, HazardSetValueThenVectorOverwriteWithoutSV) {
  AutoSync off(false);
  RUN(aicore::kSynccheck, waw_s_v, kBuggy, [](const aicore::ErrorRecorder& rec) {
    ExpectOne(rec, {K::kHazard, "Duplicate", "waw_s_v", 0,
                    {"write-after-write hazard: dst of Duplicate (V pipe) writes bytes [0, 32) of "
                     "TBuf buffer 0 (VECCALC, 32 bytes at UB offset 0), last written by "
                     "LocalTensor::SetValue (S pipe) at ",
                     Line(1) + ", and nothing orders the S pipe before the V pipe",
                     "the writes may land in either order", "SetFlag<HardEvent::S_V>(id)",
                     kAutoSyncNote}});
  });
  RUN(aicore::kSynccheck, waw_s_v, kClean, ExpectSilent);
  AutoSync on(true);
  RUN(aicore::kSynccheck, waw_s_v, kBuggy, ExpectSilent);
}

TEST_P(SanitizerOnChip, HazardVectorThenCopyOutWithoutVMte3) {
  RUN(aicore::kSynccheck, raw_v_mte3, kBuggy, [](const aicore::ErrorRecorder& rec) {
    ExpectOne(rec, {K::kHazard, "DataCopy", "raw_v_mte3", 0,
                    {"read-after-write hazard: src of DataCopy (MTE3 pipe) reads bytes [0, 1024) "
                     "of TBuf buffer 0 (VECCALC, 1024 bytes at UB offset 1024), last written by "
                     "dst of Muls (V pipe) at ",
                     Line(1), "SetFlag<HardEvent::V_MTE3>(id) after the Muls",
                     "or pass the tensor through a TQue<TPosition::VECOUT>"}});
  });
  RUN(aicore::kSynccheck, raw_v_mte3, kClean, ExpectSilent);
  RUN(aicore::kSynccheck, raw_v_mte3, kBarrier, ExpectSilent);
}

TEST_P(SanitizerOnChip, HazardCopyInOverwritesBufferStillReadByVector) {
  RUN(aicore::kSynccheck, war_v_mte2, kBuggy, [](const aicore::ErrorRecorder& rec) {
    ExpectOne(rec, {K::kHazard, "DataCopy", "war_v_mte2", 0,
                    {"write-after-read hazard: dst of DataCopy (MTE2 pipe) writes bytes [0, 1024) "
                     "of TBuf buffer 0 (VECCALC, 1024 bytes at UB offset 0), which src of Adds "
                     "(V pipe) at ",
                     Line(1) + " reads, and nothing orders the V pipe before the MTE2 pipe",
                     "add SetFlag<HardEvent::V_MTE2>(id) after the Adds and "
                     "WaitFlag<HardEvent::V_MTE2>(id) before the DataCopy",
                     "or take the buffer from a TQue<TPosition::VECIN>"}});
  });
  RUN(aicore::kSynccheck, war_v_mte2, kClean, ExpectSilent);
  RUN(aicore::kSynccheck, war_v_mte2, kBarrier, ExpectSilent);
}

// A TBufPool's Reset orders the reuse of its freed queue buffers (the NPU
// waits their free events there); before it, nothing does.
TEST_P(SanitizerOnChip, PoolResetOrdersTheReuseOfFreedBuffers) {
  RUN(aicore::kSynccheck, pool_reuse, kBuggy, [](const aicore::ErrorRecorder& rec) {
    ExpectOne(rec, {K::kHazard, "DataCopy", "pool_reuse", 0,
                    {"write-after-read hazard: dst of DataCopy (MTE2 pipe) writes bytes [0, 1024) of TQue buffer 0 "
                     "(VECIN, 1024 bytes at UB offset 0), which src of Adds (V pipe) at ",
                     Line(1) + " reads, and nothing orders the V pipe before the MTE2 pipe"}});
  });
  RUN(aicore::kSanitizeAll, pool_reuse, kClean, ExpectSilent);
}

TEST_P(SanitizerOnChip, PipeDestroyOrdersTheReuseOfItsBytes) {
  RUN(aicore::kSanitizeAll & ~aicore::kRacecheck, pipe_reuse, kClean, ExpectSilent);
}

TEST_P(SanitizerOnChip, CanonicalAddKernelIsSilentUnderEveryMode) {
  for (uint32_t modes : {uint32_t{aicore::kSynccheck | aicore::kInitcheck},
                         uint32_t{aicore::kSanitizeAll}}) {
    aicore::ErrorRecorder rec(modes);
    constexpr uint32_t kN = 4096;
    Gm x(kBlocks * kN), y(kBlocks * kN, 2.0f), z(kBlocks * kN, 0.0f);
    AICORE_LAUNCH(add_float, kBlocks, x.addr(), y.addr(), z.addr(), kN, kTile);
    ExpectSilent(rec);
    for (uint32_t i = 0; i < kBlocks * kN; i += 97) ASSERT_EQ(z.p[i], x.p[i] + y.p[i]) << i;
  }
}

TEST_P(SanitizerOnChip, GeluWithTBufsAndHandWrittenFlagsIsSilent) {
  aicore::ErrorRecorder rec(aicore::kSanitizeAll);
  Gm x(kBlocks * kPerBlock, -1.0f), y(kBlocks * kPerBlock, 0.0f);
  AICORE_LAUNCH(gelu_tbuf, kBlocks, x.addr(), y.addr());
  ExpectSilent(rec);
  for (uint32_t i = 0; i < kBlocks * kPerBlock; i += 31) {
    const float v = x.p[i];
    const float want = v / (1.0f + std::exp(-1.5958f * (v + 0.044715f * v * v * v)));
    ASSERT_NEAR(y.p[i], want, 1e-4f) << i;
  }
}

// --- initcheck ---

TEST_P(SanitizerOnChip, UninitTailComputedOverWholeTile) {
  RUN(aicore::kInitcheck, uninit_tail, kBuggy, [](const aicore::ErrorRecorder& rec) {
    ExpectOne(rec, {K::kUninit, "Add", "uninit_tail", 0,
                    {"uninitialized read: src0 of Add reads bytes [0, 1024) of TQue buffer 0 "
                     "(VECIN, 1024 bytes at UB offset 0), and 624 of them (the first at byte 400) "
                     "were never written since AllocTensor at ",
                     Line(1) + " handed out the buffer; on the NPU they hold whatever an earlier "
                               "tile or kernel left there",
                     "DataCopyPad with isPad set"}});
  });
  RUN(aicore::kInitcheck, uninit_tail, kClean, ExpectSilent);
}

TEST_P(SanitizerOnChip, UninitTailComputedInPlace) {
  RUN(aicore::kInitcheck, uninit_in_place, kBuggy, [](const aicore::ErrorRecorder& rec) {
    ExpectOne(rec, {K::kUninit, "Muls", "uninit_in_place", 0,
                    {"uninitialized read: src of Muls reads bytes [0, 1024) of TQue buffer 0 "
                     "(VECIN, 1024 bytes at UB offset 0), and byte 400 (the first such byte) was "
                     "never written since AllocTensor at "}});
  });
  RUN(aicore::kInitcheck, uninit_in_place, kClean, ExpectSilent);
}

TEST_P(SanitizerOnChip, UninitSameLineCalledTwiceIsTwoCalls) {
  RUN(aicore::kInitcheck, init_same_line_twice, kBuggy, [](const aicore::ErrorRecorder& rec) {
    ExpectOne(rec, {K::kUninit, "WholeReduceMax", "init_same_line_twice", 0,
                    {"uninitialized read: src of WholeReduceMax reads bytes "}});
  });
  RUN(aicore::kInitcheck, init_same_line_twice, kClean, ExpectSilent);
}

TEST_P(SanitizerOnChip, UninitMaskedLanesAreNotWritten) {
  RUN(aicore::kInitcheck, uninit_masked, kBuggy, [](const aicore::ErrorRecorder& rec) {
    ExpectOne(rec, {K::kUninit, "Adds", "uninit_masked", 0,
                    {"uninitialized read: src of Adds reads bytes [0, 1024) of TBuf buffer 0 "
                     "(VECCALC, 1024 bytes at UB offset 0), and 512 of them (the first at byte "
                     "128) were never written since InitBuffer carved the buffer"}});
  });
  RUN(aicore::kInitcheck, uninit_masked, kClean, ExpectSilent);
}

TEST_P(SanitizerOnChip, UninitQueueBufferReallocatedForTail) {
  RUN(aicore::kInitcheck, uninit_reallocated, kBuggy, [](const aicore::ErrorRecorder& rec) {
    ExpectOne(rec, {K::kUninit, "Exp", "uninit_reallocated", 0,
                    {"uninitialized read: src of Exp reads bytes [0, 1024) of TQue buffer 0 "
                     "(VECIN, 1024 bytes at UB offset 0), and 624 of them (the first at byte 400)",
                     "since AllocTensor at ", Line(1) + " handed out the buffer"}});
  });
  RUN(aicore::kInitcheck, uninit_reallocated, kClean, ExpectSilent);
}

TEST_P(SanitizerOnChip, UninitNotCarriedOverFromEarlierBlocks) {
  RUN(aicore::kInitcheck, uninit_static_tensor, kBuggy, [](const aicore::ErrorRecorder& rec) {
    ExpectOne(rec, {K::kUninit, "Adds", "uninit_static_tensor", 0,
                    {"uninitialized read: src of Adds reads bytes [0, 256) of LocalTensor buffer 0 "
                     "(VECCALC, 196608 bytes at UB offset 0), and 256 of them (the first at "
                     "byte 0) were never written since the block started"}});
  });
  RUN(aicore::kInitcheck, uninit_static_tensor, kClean, ExpectSilent);
}

// The deep modes are off: nothing is reported for the same bugs.
TEST_P(SanitizerOnChip, DeepChecksAreOffByDefault) {
  RUN(0, raw_mte2_v, kBuggy, ExpectSilent);
  RUN(0, war_v_mte2, kBuggy, ExpectSilent);
  RUN(aicore::kMemcheck, uninit_tail, kBuggy, ExpectSilent);
  RUN(aicore::kInitcheck, raw_mte2_v, kBuggy, ExpectSilent);
  RUN(aicore::kSynccheck, uninit_tail, kBuggy, ExpectSilent);
}

// --- always-on checks (no mode needed) ---

TEST_P(SanitizerOnChip, TensorUsedAfterFreeTensor) {
  RUN(0, use_after_free, kBuggy, [](const aicore::ErrorRecorder& rec) {
    ExpectOne(rec, {K::kBounds, "Adds", "use_after_free", 0,
                    {"src of Adds uses TQue buffer 0 (VECIN, 1024 bytes at UB offset 0) after "
                     "FreeTensor at ", Line(1) + " (on the NPU"}});
  });
  RUN(0, use_after_free, kClean, ExpectSilent);
}

TEST_P(SanitizerOnChip, TensorUsedAfterItsBufferWasAllocatedAgain) {
  RUN(0, use_after_realloc, kBuggy, [](const aicore::ErrorRecorder& rec) {
    ExpectOne(rec, {K::kBounds, "LocalTensor::GetValue", "use_after_realloc", 0,
                    {"the tensor uses TQue buffer 0 (VECIN, 1024 bytes at UB offset 0) after "
                     "FreeTensor at ",
                     Line(1) + ", and the buffer was allocated again at ",
                     Line(2) + " for another tensor"}});
  });
  RUN(0, use_after_realloc, kClean, ExpectSilent);
}

TEST_P(SanitizerOnChip, TensorWrittenWhileEnqueued) {
  RUN(0, write_while_enqueued, kBuggy, [](const aicore::ErrorRecorder& rec) {
    ExpectOne(rec, {K::kQueue, "Muls", "write_while_enqueued", 0,
                    {"dst of Muls writes TQue buffer 0 (VECOUT, 1024 bytes at UB offset 1024) "
                     "while it is enqueued"}});
  });
  RUN(0, write_while_enqueued, kClean, ExpectSilent);
}

TEST_P(SanitizerOnChip, SetFlagTwiceWithoutWait) {
  RUN(0, set_flag_twice, kBuggy, [](const aicore::ErrorRecorder& rec) {
    ExpectOne(rec, {K::kSync, "SetFlag", "set_flag_twice", 0,
                    {"SetFlag<HardEvent::MTE2_V>(3) is set again while the set at ",
                     Line(1) + " has not been waited for"}});
  });
  RUN(0, set_flag_twice, kClean, ExpectSilent);
}

// The clean variants stay silent with every deep mode on.
TEST_P(SanitizerOnChip, CleanVariantsAreSilentUnderEveryMode) {
  const uint32_t all = aicore::kSanitizeAll;
  RUN(all, raw_mte2_v, kClean, ExpectSilent);
  RUN(all, raw_v_s, kClean, ExpectSilent);
  RUN(all, raw_s_v, kClean, ExpectSilent);
  RUN(all, waw_s_v, kClean, ExpectSilent);
  RUN(all, raw_v_mte3, kClean, ExpectSilent);
  RUN(all, war_v_mte2, kClean, ExpectSilent);
  RUN(all, uninit_tail, kClean, ExpectSilent);
  RUN(all, uninit_in_place, kClean, ExpectSilent);
  RUN(all, uninit_masked, kClean, ExpectSilent);
  RUN(all, uninit_reallocated, kClean, ExpectSilent);
  RUN(all, uninit_static_tensor, kClean, ExpectSilent);
  RUN(all, use_after_free, kClean, ExpectSilent);
  RUN(all, use_after_realloc, kClean, ExpectSilent);
  RUN(all, write_while_enqueued, kClean, ExpectSilent);
  RUN(all, set_flag_twice, kClean, ExpectSilent);
}

}  // namespace
