// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// TPipe (InitBuffer carving, event ids, GetTPipePtr), TQue/TQueBind (state
// machine, queries, round-robin allocation, FIFO order) and TBuf.
#include <aicore/aicore.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

using namespace AscendC;

namespace {

// Runs f as a one-block kernel (on the calling thread, so gtest assertions
// inside are safe).
template <class F>
void OnCore(F&& f) {
  aicore::LaunchNamed("test_pipe_kernel", std::forward<F>(f), 1);
}

template <class F>
std::optional<aicore::KernelError> ErrorOf(F&& f) {
  try {
    OnCore(std::forward<F>(f));
  } catch (const aicore::KernelError& e) {
    return e;
  }
  return std::nullopt;
}

bool Contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

uintptr_t Addr(const void* p) { return reinterpret_cast<uintptr_t>(p); }

// ---------------------------------------------------------------------------
// InitBuffer carving.

TEST(TPipeTest, InitBufferRoundsEachBufferTo32Bytes) {
  OnCore([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 2> q1;   // 2 x 100 B -> 2 x 128 B
    TQue<TPosition::VECOUT, 1> q2;  // 1 x 33 B -> 64 B
    TBuf<> t1;                      // 1 B -> 32 B
    TBuf<TPosition::VECCALC> t2;    // 64 B -> 64 B
    TQue<TPosition::VECIN, 3> q3;   // 3 x 32 B
    EXPECT_TRUE(pipe.InitBuffer(q1, 2, 100));
    EXPECT_TRUE(pipe.InitBuffer(q2, 1, 33));
    EXPECT_TRUE(pipe.InitBuffer(t1, 1));
    EXPECT_TRUE(pipe.InitBuffer(t2, 64));
    EXPECT_TRUE(pipe.InitBuffer(q3, 3, 32));
    EXPECT_EQ(pipe.UsedBytes(aicore::Memory::kUB), 256u + 64 + 32 + 64 + 96);

    LocalTensor<uint8_t> a0 = q1.AllocTensor<uint8_t>();
    LocalTensor<uint8_t> a1 = q1.AllocTensor<uint8_t>();
    LocalTensor<uint8_t> b0 = q2.AllocTensor<uint8_t>();
    LocalTensor<uint8_t> c = t1.Get<uint8_t>();
    LocalTensor<uint8_t> d = t2.Get<uint8_t>();
    LocalTensor<uint8_t> e0 = q3.AllocTensor<uint8_t>();
    LocalTensor<uint8_t> e1 = q3.AllocTensor<uint8_t>();
    LocalTensor<uint8_t> e2 = q3.AllocTensor<uint8_t>();
    const uintptr_t base = Addr(a0.GetPhyAddr());
    EXPECT_EQ(base % 32, 0u);
    EXPECT_EQ(Addr(a1.GetPhyAddr()) - base, 128u);
    EXPECT_EQ(Addr(b0.GetPhyAddr()) - base, 256u);
    EXPECT_EQ(Addr(c.GetPhyAddr()) - base, 320u);
    EXPECT_EQ(Addr(d.GetPhyAddr()) - base, 352u);
    EXPECT_EQ(Addr(e0.GetPhyAddr()) - base, 416u);
    EXPECT_EQ(Addr(e1.GetPhyAddr()) - base, 448u);
    EXPECT_EQ(Addr(e2.GetPhyAddr()) - base, 480u);
    // The offsets inside UB, as diagnostics report them.
    EXPECT_EQ(a0.buf_->offset, 0u);
    EXPECT_EQ(b0.buf_->offset, 256u);
    EXPECT_EQ(e2.buf_->offset, 480u);
    // Each tensor covers at least what was asked for (the rounded buffer).
    EXPECT_GE(a0.GetSize(), 100u);
    EXPECT_EQ(a0.GetSize() % 32, 0u);
    EXPECT_GE(b0.GetSize(), 33u);
    EXPECT_GE(c.GetSize(), 1u);
    EXPECT_EQ(d.GetSize(), 64u);
    q1.FreeTensor(a0);
    q1.FreeTensor(a1);
    q2.FreeTensor(b0);
    q3.FreeTensor(e0);
    q3.FreeTensor(e1);
    q3.FreeTensor(e2);
  });
}

TEST(TPipeTest, PositionsCarveTheirOwnMemory) {
  OnCore([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> ub;
    TQue<TPosition::A1, 1> l1a;
    TQue<TPosition::B1, 1> l1b;
    pipe.InitBuffer(ub, 1, 1000);
    pipe.InitBuffer(l1a, 1, 512);
    pipe.InitBuffer(l1b, 1, 100);
    EXPECT_EQ(pipe.UsedBytes(aicore::Memory::kUB), 1024u);
    EXPECT_EQ(pipe.UsedBytes(aicore::Memory::kL1), 512u + 128);
    LocalTensor<half> a = l1a.AllocTensor<half>();
    LocalTensor<half> b = l1b.AllocTensor<half>();
    EXPECT_EQ(a.buf_->offset, 0u);  // L1 starts at 0, independent of UB
    EXPECT_EQ(b.buf_->offset, 512u);
    EXPECT_EQ(Addr(b.GetPhyAddr()) - Addr(a.GetPhyAddr()), 512u);
    EXPECT_EQ(a.GetPosition(), TPosition::A1);
    EXPECT_EQ(b.GetPosition(), TPosition::B1);
    l1a.FreeTensor(a);
    l1b.FreeTensor(b);
  });
}

TEST(TPipeTest, ResetAndInitCarveFromZeroAgain) {
  OnCore([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> q;
    TBuf<> t;
    pipe.InitBuffer(t, 4096);
    pipe.InitBuffer(q, 1, 64);
    LocalTensor<float> x = q.AllocTensor<float>();
    EXPECT_EQ(x.buf_->offset, 4096u);
    q.FreeTensor(x);
    pipe.Reset();
    EXPECT_EQ(pipe.UsedBytes(aicore::Memory::kUB), 0u);
    pipe.InitBuffer(q, 1, 64);
    x = q.AllocTensor<float>();
    EXPECT_EQ(x.buf_->offset, 0u);
    q.FreeTensor(x);
    pipe.Destroy();
    pipe.Init();
    EXPECT_EQ(pipe.UsedBytes(aicore::Memory::kUB), 0u);
    EXPECT_EQ(GetTPipePtr(), &pipe);
  });
}

TEST(TPipeTest, InitBufferParameterErrors) {
  auto e = ErrorOf([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> q;
    pipe.InitBuffer(q, 0, 64);
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kParameter);
  EXPECT_TRUE(Contains(e->what(), "got 0")) << e->what();

  e = ErrorOf([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> q;
    pipe.InitBuffer(q, 9, 64);
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kParameter);
  EXPECT_TRUE(Contains(e->what(), "got 9")) << e->what();

  e = ErrorOf([] {
    TPipe pipe;
    TBuf<> t;
    pipe.InitBuffer(t, 0);
  });
  ASSERT_TRUE(e);
  EXPECT_TRUE(Contains(e->what(), "length 0")) << e->what();

  // Eight buffers is the maximum and works.
  EXPECT_FALSE(ErrorOf([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 8> q;
    pipe.InitBuffer(q, 8, 32);
    std::vector<LocalTensor<float>> ts;
    for (int i = 0; i < 8; ++i) ts.push_back(q.AllocTensor<float>());
    EXPECT_FALSE(q.HasIdleBuffer());
    for (auto& t : ts) q.FreeTensor(t);
  }));
}

TEST(TPipeTest, GetTPipePtr) {
  EXPECT_EQ(GetTPipePtr(), nullptr);
  OnCore([] {
    EXPECT_EQ(GetTPipePtr(), nullptr);
    TPipe pipe;
    EXPECT_EQ(GetTPipePtr(), &pipe);
    pipe.Destroy();  // one TPipe lives at a time (a second live one is an error)
    EXPECT_EQ(GetTPipePtr(), nullptr);
    {
      TPipe second;
      EXPECT_EQ(GetTPipePtr(), &second);
    }
    EXPECT_EQ(GetTPipePtr(), nullptr);
    pipe.Init();
    EXPECT_EQ(GetTPipePtr(), &pipe);
  });
  EXPECT_EQ(GetTPipePtr(), nullptr);
}

// The public kernels' pattern: an operator class keeps the kernel's TPipe
// in a TPipe member (`pipe_ = pipe;`) and carves its queues through it. The
// copy continues the allocation and is the live pipe while it lives; the
// source's buffers stay valid, and the source is live again afterwards.
struct OpWithPipeMember {
  TPipe pipe_;
  TQue<TPosition::VECOUT, 2> q;
  void Init(TPipe& pipe) {
    pipe_ = pipe;
    pipe_.InitBuffer(q, 2, 256);
  }
};

TEST(TPipeTest, ACopyContinuesTheAllocation) {
  EXPECT_FALSE(ErrorOf([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> in;
    pipe.InitBuffer(in, 1, 96);
    LocalTensor<float> a = in.AllocTensor<float>();
    {
      OpWithPipeMember op;  // constructed while `pipe` lives: idle until the copy
      EXPECT_EQ(GetTPipePtr(), &pipe);
      op.Init(pipe);
      EXPECT_EQ(GetTPipePtr(), &op.pipe_);
      EXPECT_EQ(op.pipe_.UsedBytes(aicore::Memory::kUB), 96u + 512u);
      EXPECT_EQ(pipe.UsedBytes(aicore::Memory::kUB), 96u);  // the source does not see it
      LocalTensor<float> b = op.q.AllocTensor<float>();
      EXPECT_EQ(Addr(b.GetPhyAddr()), Addr(a.GetPhyAddr()) + 96);
      a.SetValue(0, 1.5f);  // the source's tensor is still valid
      b.SetValue(0, 2.5f);
      op.q.FreeTensor(b);
      TPipe copy(op.pipe_);  // a copy of a copy, constructed
      EXPECT_EQ(GetTPipePtr(), &copy);
      TBuf<> t;
      copy.InitBuffer(t, 64);
      EXPECT_EQ(Addr(t.Get<float>().GetPhyAddr()), Addr(a.GetPhyAddr()) + 96 + 512);
    }
    EXPECT_EQ(GetTPipePtr(), &pipe);
    EXPECT_EQ(a.GetValue(0), 1.5f);
    in.FreeTensor(a);
    TBuf<> t;
    pipe.InitBuffer(t, 32);  // carves on the source again, from where it was
    EXPECT_EQ(pipe.UsedBytes(aicore::Memory::kUB), 128u);
  }));
  // The copy's Destroy() hands the core back to the source too; the source's
  // destruction before its copy's leaves the copy live alone.
  EXPECT_FALSE(ErrorOf([] {
    std::optional<TPipe> src;
    src.emplace();
    TPipe copy(*src);
    copy.Destroy();
    EXPECT_EQ(GetTPipePtr(), &*src);
    copy = *src;
    EXPECT_EQ(GetTPipePtr(), &copy);
    src.reset();
    EXPECT_EQ(GetTPipePtr(), &copy);
    copy.Destroy();
    EXPECT_EQ(GetTPipePtr(), nullptr);
  }));
  // A pipe constructed while another lives and used without the copy is the
  // error of two live pipes, at its first InitBuffer.
  auto e = ErrorOf([] {
    TPipe pipe;
    TPipe second;
    TBuf<> t;
    second.InitBuffer(t, 32);
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->api(), std::string("TPipe::InitBuffer"));
  EXPECT_TRUE(Contains(e->what(), "a second TPipe (constructed at ")) << e->what();
  EXPECT_TRUE(Contains(e->what(), "`second = first;`")) << e->what();
}

// Queues and TBufs passed by value (as public kernels do) are handles to the
// same buffers: what a copy allocates and frees is the original's state.
template <class Que>
float AllocThroughCopy(Que q, TBuf<> buf) {
  LocalTensor<float> t = q.template AllocTensor<float>();
  LocalTensor<float> w = buf.Get<float>();
  t.SetValue(0, 3.0f);
  w.SetValue(0, 4.0f);
  q.EnQue(t);
  EXPECT_TRUE(q.HasTensorInQue());
  LocalTensor<float> u = q.template DeQue<float>();
  const float r = u.GetValue(0) + w.GetValue(0);
  q.FreeTensor(u);
  return r;
}

TEST(TQueTest, CopiesAreHandlesToTheSameQueue) {
  EXPECT_FALSE(ErrorOf([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> q;
    TBuf<> buf;
    pipe.InitBuffer(q, 1, 64);
    pipe.InitBuffer(buf, 64);
    EXPECT_EQ(AllocThroughCopy(q, buf), 7.0f);
    EXPECT_TRUE(q.HasIdleBuffer());
    LocalTensor<float> t = q.AllocTensor<float>();
    TQue<TPosition::VECIN, 1> c = q;
    EXPECT_FALSE(c.HasIdleBuffer());  // the original's buffer is taken
    c.FreeTensor(t);                  // freed through the copy
    EXPECT_TRUE(q.HasIdleBuffer());
    TBuf<> b2(buf);
    EXPECT_EQ(b2.Get<float>().GetPhyAddr(), buf.Get<float>().GetPhyAddr());
    EXPECT_EQ(b2.Get<float>().GetValue(0), 4.0f);
    pipe.InitBuffer(b2, 32);  // its own buffer now
    EXPECT_NE(b2.Get<float>().GetPhyAddr(), buf.Get<float>().GetPhyAddr());
  }));
  // A tensor allocated through a copy and never freed is reported by the
  // original's end-of-block check (under memcheck: the NPU finishes such a
  // kernel normally).
  aicore::ErrorRecorder rec(aicore::kMemcheck);
  aicore::Launch(
      [] {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        pipe.InitBuffer(q, 1, 64);
        TQue<TPosition::VECIN, 1> c(q);
        c.AllocTensor<float>();
      },
      1);
  ASSERT_EQ(rec.size(), 1u) << rec.str();
  EXPECT_EQ(rec.reports()[0].kind(), aicore::ErrorKind::kQueue) << rec.str();
  EXPECT_NE(rec.str().find("a FreeTensor is missing"), std::string::npos) << rec.str();
}

// TQue's third template argument as a TQueConfig address: InitBuffer must
// match its bufferNumber and bufferLen when they are not 0.
constexpr TPosition kNoConsumers[8] = {TPosition::MAX, TPosition::MAX, TPosition::MAX,
                                       TPosition::MAX, TPosition::MAX, TPosition::MAX,
                                       TPosition::MAX, TPosition::MAX};
constexpr TQueConfig kOneBuffer = GetTQueConfig(false, false, false, 0, 1, 0, kNoConsumers, false, false);
constexpr TQueConfig kTwoOf128 = GetTQueConfig(false, false, false, 128, 2, 0, kNoConsumers, false, false);
static_assert(GetTQueConfig(5).nd2nz && !GetTQueConfig(5).nz2nd && GetTQueConfig(5).scmBlockGroup,
              "the integer mask's bits");
static_assert(GetTQueConfig(&kTwoOf128).bufferLen == 128 && GetTQueConfig(&kTwoOf128).bufferNumber == 2,
              "a copy of a config");

TEST(TQueTest, TQueConfigBufferNumberAndLength) {
  EXPECT_FALSE(ErrorOf([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1, &kOneBuffer> a;
    TQue<TPosition::VECOUT, 2, &kTwoOf128> b;
    pipe.InitBuffer(a, 1, 96);
    pipe.InitBuffer(b, 2, 128);
    LocalTensor<float> t = a.AllocTensor<float>();
    a.FreeTensor(t);
  }));
  auto e = ErrorOf([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1, &kOneBuffer> a;
    pipe.InitBuffer(a, 2, 96);
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kParameter);
  EXPECT_TRUE(Contains(e->what(), "2 buffer(s) for a queue whose TQueConfig::bufferNumber is 1")) << e->what();
  e = ErrorOf([] {
    TPipe pipe;
    TQue<TPosition::VECOUT, 2, &kTwoOf128> b;
    pipe.InitBuffer(b, 2, 64);
  });
  ASSERT_TRUE(e);
  EXPECT_TRUE(Contains(e->what(), "buffers of 64 bytes for a queue whose TQueConfig::bufferLen is 128"))
      << e->what();
}

// ---------------------------------------------------------------------------
// Event ids.

TEST(TPipeTest, EventIds) {
  OnCore([] {
    TPipe pipe;
    // Fetch does not take the id.
    EXPECT_EQ(pipe.FetchEventID<HardEvent::MTE2_V>(), 0);
    EXPECT_EQ(pipe.FetchEventID(HardEvent::MTE2_V), 0);
    EXPECT_EQ(pipe.AllocEventID<HardEvent::MTE2_V>(), 0);
    EXPECT_EQ(pipe.AllocEventID<HardEvent::MTE2_V>(), 1);
    EXPECT_EQ(pipe.FetchEventID<HardEvent::MTE2_V>(), 2);
    EXPECT_EQ(pipe.AllocEventID<HardEvent::MTE2_V>(), 2);
    // Events are independent.
    EXPECT_EQ(pipe.FetchEventID<HardEvent::V_MTE3>(), 0);
    EXPECT_EQ(pipe.AllocEventID<HardEvent::V_MTE3>(), 0);
    // Release makes the lowest id available again.
    pipe.ReleaseEventID<HardEvent::MTE2_V>(1);
    EXPECT_EQ(pipe.FetchEventID<HardEvent::MTE2_V>(), 1);
    EXPECT_EQ(pipe.AllocEventID<HardEvent::MTE2_V>(), 1);
    EXPECT_EQ(pipe.AllocEventID<HardEvent::MTE2_V>(), 3);

    // A fetched id pairs SetFlag/WaitFlag.
    const TEventID id = pipe.FetchEventID<HardEvent::V_MTE2>();
    SetFlag<HardEvent::V_MTE2>(id);
    WaitFlag<HardEvent::V_MTE2>(id);
    const TEventID id2 = pipe.AllocEventID<HardEvent::S_V>();
    SetFlag<HardEvent::S_V>(id2);
    WaitFlag<HardEvent::S_V>(id2);
    pipe.ReleaseEventID<HardEvent::S_V>(id2);

    // Reset frees every id.
    pipe.Reset();
    EXPECT_EQ(pipe.FetchEventID<HardEvent::MTE2_V>(), 0);
  });
}

// TQueSync<src, dst>: the flags of the HardEvent that orders src before dst
// (it pairs with SetFlag / WaitFlag of that event); a wait without a set is
// reported as for WaitFlag.
TEST(TPipeTest, TQueSyncIsTheHardEventOfItsPipes) {
  EXPECT_FALSE(ErrorOf([] {
    TQueSync<PIPE_MTE2, PIPE_V> sync;
    sync.SetFlag(EVENT_ID1);
    sync.WaitFlag(EVENT_ID1);
    sync.SetFlag(EVENT_ID2);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID2);
    SetFlag<HardEvent::S_MTE3>(EVENT_ID0);
    TQueSync<PIPE_S, PIPE_MTE3>().WaitFlag(EVENT_ID0);
  }));
  auto e = ErrorOf([] {
    TQueSync<PIPE_V, PIPE_MTE3> sync;
    sync.SetFlag(EVENT_ID3);
    WaitFlag<HardEvent::V_MTE2>(EVENT_ID3);  // another event's flag
  });
  ASSERT_TRUE(e);
  EXPECT_NE(std::string(e->what()).find("WaitFlag<HardEvent::V_MTE2>(3) has no matching SetFlag"),
            std::string::npos)
      << e->what();
}

TEST(TPipeTest, AllocEventIdExhaustion) {
  auto e = ErrorOf([] {
    TPipe pipe;
    for (int i = 0; i < 8; ++i) EXPECT_EQ(pipe.AllocEventID<HardEvent::MTE3_MTE2>(), i);
    pipe.AllocEventID<HardEvent::MTE3_MTE2>();
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kSync);
  EXPECT_EQ(e->api(), "TPipe::AllocEventID");
}

// ---------------------------------------------------------------------------
// TQue state machine and queries.

TEST(TQueTest, StateMachineAndQueriesOverCycles) {
  OnCore([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 2> q;
    pipe.InitBuffer(q, 2, 256);
    for (int cycle = 0; cycle < 5; ++cycle) {
      SCOPED_TRACE("cycle " + std::to_string(cycle));
      EXPECT_TRUE(q.VacantInQue());
      EXPECT_FALSE(q.HasTensorInQue());
      EXPECT_EQ(q.GetTensorCountInQue(), 0);
      EXPECT_TRUE(q.HasIdleBuffer());

      LocalTensor<float> a = q.AllocTensor<float>();
      EXPECT_TRUE(q.HasIdleBuffer());
      EXPECT_EQ(q.GetTensorCountInQue(), 0);  // allocated is not enqueued
      LocalTensor<float> b = q.AllocTensor<float>();
      EXPECT_FALSE(q.HasIdleBuffer());
      a.SetValue(0, 1.0f + cycle);
      b.SetValue(0, 2.0f + cycle);

      EXPECT_TRUE(q.EnQue(a));
      EXPECT_TRUE(q.HasTensorInQue());
      EXPECT_EQ(q.GetTensorCountInQue(), 1);
      EXPECT_TRUE(q.VacantInQue());
      EXPECT_TRUE(q.EnQue(b));
      EXPECT_EQ(q.GetTensorCountInQue(), 2);
      EXPECT_FALSE(q.VacantInQue());  // depth 2 reached
      EXPECT_FALSE(q.HasIdleBuffer());

      LocalTensor<float> x = q.DeQue<float>();
      EXPECT_EQ(x.GetPhyAddr(), a.GetPhyAddr());  // FIFO
      EXPECT_EQ(x.GetValue(0), 1.0f + cycle);
      EXPECT_EQ(q.GetTensorCountInQue(), 1);
      EXPECT_TRUE(q.VacantInQue());
      EXPECT_FALSE(q.HasIdleBuffer());  // dequeued is still in use
      q.FreeTensor(x);
      EXPECT_TRUE(q.HasIdleBuffer());

      LocalTensor<float> y = q.DeQue<float>();
      EXPECT_EQ(y.GetPhyAddr(), b.GetPhyAddr());
      EXPECT_EQ(y.GetValue(0), 2.0f + cycle);
      EXPECT_FALSE(q.HasTensorInQue());
      q.FreeTensor(y);
    }
    // Alloc then free without enqueueing is allowed.
    LocalTensor<half> h = q.AllocTensor<half>();
    q.FreeTensor(h);
    EXPECT_TRUE(q.HasIdleBuffer());
  });
}

TEST(TQueTest, DepthOneQueueWithTwoBuffers) {
  OnCore([] {
    TPipe pipe;
    TQue<TPosition::VECOUT, 1> q;
    pipe.InitBuffer(q, 2, 64);
    LocalTensor<int32_t> a = q.AllocTensor<int32_t>();
    LocalTensor<int32_t> b = q.AllocTensor<int32_t>();
    EXPECT_TRUE(q.VacantInQue());
    q.EnQue(a);
    EXPECT_FALSE(q.VacantInQue());
    LocalTensor<int32_t> x = q.DeQue<int32_t>();
    EXPECT_TRUE(q.VacantInQue());
    q.EnQue(b);
    LocalTensor<int32_t> y = q.DeQue<int32_t>();
    q.FreeTensor(x);
    q.FreeTensor(y);
  });
}

TEST(TQueTest, RoundRobinAllocation) {
  OnCore([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 3> q;
    pipe.InitBuffer(q, 3, 64);
    std::vector<uintptr_t> order;
    for (int i = 0; i < 7; ++i) {
      LocalTensor<float> t = q.AllocTensor<float>();
      order.push_back(Addr(t.GetPhyAddr()));
      q.FreeTensor(t);
    }
    const uintptr_t base = order[0];
    for (int i = 0; i < 7; ++i) EXPECT_EQ(order[i] - base, 64u * (i % 3)) << i;

    // With buffer 1 held, allocation skips it and wraps around.
    LocalTensor<float> b1 = q.AllocTensor<float>();  // buffer 1 (cursor after 0)
    EXPECT_EQ(Addr(b1.GetPhyAddr()) - base, 64u);
    LocalTensor<float> b2 = q.AllocTensor<float>();
    EXPECT_EQ(Addr(b2.GetPhyAddr()) - base, 128u);
    q.FreeTensor(b2);
    LocalTensor<float> b0 = q.AllocTensor<float>();
    EXPECT_EQ(Addr(b0.GetPhyAddr()) - base, 0u);
    LocalTensor<float> b2again = q.AllocTensor<float>();
    EXPECT_EQ(Addr(b2again.GetPhyAddr()) - base, 128u);
    q.FreeTensor(b0);
    q.FreeTensor(b1);
    q.FreeTensor(b2again);
  });
}

TEST(TQueTest, FifoOrderFollowsEnQueOrder) {
  OnCore([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 4> q;
    pipe.InitBuffer(q, 4, 32);
    LocalTensor<int32_t> t[4];
    for (int i = 0; i < 4; ++i) {
      t[i] = q.AllocTensor<int32_t>();
      t[i].SetValue(0, 100 + i);
    }
    const int order[4] = {2, 0, 3, 1};
    for (int i : order) q.EnQue(t[i]);
    EXPECT_EQ(q.GetTensorCountInQue(), 4);
    for (int i : order) {
      LocalTensor<int32_t> d = q.DeQue<int32_t>();
      EXPECT_EQ(d.GetPhyAddr(), t[i].GetPhyAddr());
      EXPECT_EQ(d.GetValue(0), 100 + i);
      q.FreeTensor(d);
    }
    // Interleaved: the FIFO wraps around its ring.
    for (int round = 0; round < 10; ++round) {
      LocalTensor<int32_t> a = q.AllocTensor<int32_t>();
      LocalTensor<int32_t> b = q.AllocTensor<int32_t>();
      a.SetValue(0, round);
      b.SetValue(0, -round);
      q.EnQue(a);
      q.EnQue(b);
      LocalTensor<int32_t> x = q.DeQue<int32_t>();
      EXPECT_EQ(x.GetValue(0), round);
      q.FreeTensor(x);
      LocalTensor<int32_t> y = q.DeQue<int32_t>();
      EXPECT_EQ(y.GetValue(0), -round);
      q.FreeTensor(y);
    }
  });
}

TEST(TQueTest, DeQueTypeMayDifferFromAllocType) {
  OnCore([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 64);
    LocalTensor<float> f = q.AllocTensor<float>();
    EXPECT_EQ(f.GetSize(), 16u);
    f.SetValue(0, 1.0f);
    q.EnQue(f);
    LocalTensor<uint32_t> u = q.DeQue<uint32_t>();
    EXPECT_EQ(u.GetSize(), 16u);
    EXPECT_EQ(u.GetValue(0), 0x3F800000u);
    q.FreeTensor(u);
  });
}

// A dequeued tensor may be enqueued back into its queue (the vendor's EnQue
// accepts OCCUPIED and DEQUE; its SoftMax sample does this), in FIFO order
// with the others, and freed after its last DeQue.
TEST(TQueTest, DequeuedTensorMayBeEnqueuedAgain) {
  OnCore([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 2> q;
    pipe.InitBuffer(q, 2, 32);
    LocalTensor<float> a = q.AllocTensor<float>();
    LocalTensor<float> b = q.AllocTensor<float>();
    a.SetValue(0, 1.0f);
    b.SetValue(0, 2.0f);
    q.EnQue(a);
    q.EnQue(b);
    LocalTensor<float> d = q.DeQue<float>();
    EXPECT_EQ(d.GetValue(0), 1.0f);
    d.SetValue(0, 3.0f);
    EXPECT_TRUE(q.EnQue(d));  // back behind b
    EXPECT_EQ(q.GetTensorCountInQue(), 2);
    LocalTensor<float> e = q.DeQue<float>();
    EXPECT_EQ(e.GetValue(0), 2.0f);
    LocalTensor<float> f = q.DeQue<float>();
    EXPECT_EQ(f.GetValue(0), 3.0f);
    q.FreeTensor(e);
    q.FreeTensor(f);
    EXPECT_FALSE(q.HasTensorInQue());
  });
}

TEST(TQueTest, TQueBindVecInToVecOut) {
  OnCore([] {
    TPipe pipe;
    TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> q;
    pipe.InitBuffer(q, 2, 128);
    EXPECT_EQ(pipe.UsedBytes(aicore::Memory::kUB), 256u);
    for (int round = 0; round < 3; ++round) {
      LocalTensor<half> t = q.AllocTensor<half>();
      EXPECT_EQ(t.GetSize(), 64u);
      EXPECT_EQ(t.GetPosition(), TPosition::VECIN);  // the producer side
      for (uint32_t i = 0; i < 64; ++i) t.SetValue(i, half(static_cast<float>(i + round)));
      EXPECT_TRUE(q.VacantInQue());
      q.EnQue(t);
      EXPECT_FALSE(q.VacantInQue());  // depth 1
      EXPECT_TRUE(q.HasIdleBuffer());
      LocalTensor<half> u = q.DeQue<half>();
      for (uint32_t i = 0; i < 64; ++i) {
        EXPECT_EQ(static_cast<float>(u.GetValue(i)), static_cast<float>(i + round));
      }
      q.FreeTensor(u);
    }
  });
}

// EnQue/DeQue that name the user positions (kernels that move data through a
// TQueBind write them out) act as the plain forms, tensor and handle.
TEST(TQueTest, TQueBindWithUserPositions) {
  OnCore([] {
    TPipe pipe;
    TQueBind<QuePosition::VECIN, QuePosition::VECOUT, 2> q;
    pipe.InitBuffer(q, 2, 64);
    for (int round = 0; round < 3; ++round) {
      LocalTensor<uint8_t> t = q.AllocTensor<uint8_t>();
      for (uint32_t i = 0; i < 64; ++i) t.SetValue(i, static_cast<uint8_t>(i * 3 + round));
      EXPECT_TRUE((q.EnQue<QuePosition::VECIN, QuePosition::VECOUT, uint8_t>(t)));
      EXPECT_TRUE(q.HasTensorInQue());
      LocalTensor<uint8_t> u = q.DeQue<QuePosition::VECIN, QuePosition::VECOUT, uint8_t>();
      for (uint32_t i = 0; i < 64; ++i) EXPECT_EQ(u.GetValue(i), static_cast<uint8_t>(i * 3 + round));
      q.FreeTensor(u);
      TBufHandle h = q.AllocTensor<uint8_t>().GetBufferHandle();
      EXPECT_TRUE((q.EnQue<QuePosition::VECIN, QuePosition::VECOUT>(h)));
      EXPECT_EQ((q.DeQue<QuePosition::VECIN, QuePosition::VECOUT>()), h);
      q.FreeBuffer(h);
      EXPECT_FALSE(q.HasTensorInQue());
    }
  });
}

TEST(TQueTest, StateMachineMisuse) {
  struct Case {
    const char* name;
    void (*body)();
    const char* api;
    const char* fragment;
  };
  const Case cases[] = {
      {"EnQue twice",
       [] {
         TPipe pipe;
         TQue<TPosition::VECIN, 2> q;
         pipe.InitBuffer(q, 2, 32);
         LocalTensor<float> t = q.AllocTensor<float>();
         q.EnQue(t);
         q.EnQue(t);
       },
       "TQue::EnQue", "is ENQUE, expected OCCUPIED or DEQUE"},
      {"FreeTensor while enqueued",
       [] {
         TPipe pipe;
         TQue<TPosition::VECIN, 2> q;
         pipe.InitBuffer(q, 2, 32);
         LocalTensor<float> t = q.AllocTensor<float>();
         q.EnQue(t);
         q.FreeTensor(t);
       },
       "TQue::FreeTensor", "still in the queue"},
      {"AllocTensor before InitBuffer",
       [] {
         TPipe pipe;
         TQue<TPosition::VECIN, 2> q;
         q.AllocTensor<float>();
       },
       "TQue::AllocTensor", "call pipe.InitBuffer"},
      {"EnQue of a default tensor",
       [] {
         TPipe pipe;
         TQue<TPosition::VECIN, 2> q;
         pipe.InitBuffer(q, 2, 32);
         LocalTensor<float> t;
         q.EnQue(t);
       },
       "TQue::EnQue", "never allocated"},
      {"EnQue of a TBuf tensor",
       [] {
         TPipe pipe;
         TQue<TPosition::VECIN, 2> q;
         TBuf<> b;
         pipe.InitBuffer(q, 2, 32);
         pipe.InitBuffer(b, 32);
         q.EnQue(b.Get<float>());
       },
       "TQue::EnQue", "comes from TBuf buffer 0"},
      {"DeQue more than enqueued",
       [] {
         TPipe pipe;
         TQue<TPosition::VECIN, 2> q;
         pipe.InitBuffer(q, 2, 32);
         LocalTensor<float> t = q.AllocTensor<float>();
         q.EnQue(t);
         LocalTensor<float> d = q.DeQue<float>();
         q.FreeTensor(d);
         q.DeQue<float>();
       },
       "TQue::DeQue", "empty"},
      {"DeQue naming the user positions on an empty queue",
       [] {
         TPipe pipe;
         TQueBind<QuePosition::VECIN, QuePosition::VECOUT, 2> q;
         pipe.InitBuffer(q, 2, 32);
         q.DeQue<QuePosition::VECIN, QuePosition::VECOUT, float>();
       },
       "TQue::DeQue", "empty"},
  };
  for (const Case& c : cases) {
    auto e = ErrorOf(c.body);
    ASSERT_TRUE(e) << c.name;
    EXPECT_EQ(e->kind(), aicore::ErrorKind::kQueue) << c.name;
    EXPECT_EQ(e->api(), c.api) << c.name;
    EXPECT_TRUE(Contains(e->what(), c.fragment)) << c.name << ": " << e->what();
    EXPECT_TRUE(Contains(e->what(), "test_pipe.cpp:")) << c.name << ": " << e->what();
  }
}

// ---------------------------------------------------------------------------
// TBuf.

TEST(TBufTest, GetGetNAndGetWithOffset) {
  OnCore([] {
    TPipe pipe;
    TBuf<> lead;
    TBuf<TPosition::VECCALC> buf;
    TBuf<TPosition::VECIN> in;
    pipe.InitBuffer(lead, 96);
    pipe.InitBuffer(buf, 1024);
    pipe.InitBuffer(in, 40);  // 64 after rounding

    LocalTensor<float> all = buf.Get<float>();
    EXPECT_EQ(all.GetSize(), 256u);
    EXPECT_EQ(all.GetLength(), 1024u);
    EXPECT_EQ(all.GetPosition(), TPosition::VECCALC);
    EXPECT_EQ(all.buf_->offset, 96u);
    LocalTensor<half> halves = buf.Get<half>();
    EXPECT_EQ(halves.GetSize(), 512u);
    EXPECT_EQ(Addr(halves.GetPhyAddr()), Addr(all.GetPhyAddr()));

    LocalTensor<float> first = buf.Get<float>(100);
    EXPECT_EQ(first.GetSize(), 100u);
    EXPECT_EQ(first.GetPhyAddr(), all.GetPhyAddr());

    LocalTensor<int16_t> mid = buf.GetWithOffset<int16_t>(32, 512);
    EXPECT_EQ(mid.GetSize(), 32u);
    EXPECT_EQ(Addr(mid.GetPhyAddr()) - Addr(all.GetPhyAddr()), 512u);
    mid.SetValue(0, 0x1234);
    EXPECT_EQ(all.ReinterpretCast<int16_t>().GetValue(256), 0x1234);

    // The last bytes exactly.
    LocalTensor<float> tail = buf.GetWithOffset<float>(8, 1024 - 32);
    tail.SetValue(7, 7.5f);
    EXPECT_EQ(all.GetValue(255), 7.5f);

    LocalTensor<uint8_t> inb = in.Get<uint8_t>();
    EXPECT_EQ(inb.GetPosition(), TPosition::VECIN);
    EXPECT_EQ(inb.GetSize(), 64u);

    // A TBuf tensor may be taken again and again (no queue semantics).
    for (int i = 0; i < 3; ++i) EXPECT_EQ(buf.Get<float>().GetPhyAddr(), all.GetPhyAddr());
  });
}

TEST(TBufTest, OutOfRangeAndUninitialised) {
  auto e = ErrorOf([] {
    TPipe pipe;
    TBuf<> buf;
    pipe.InitBuffer(buf, 256);
    buf.Get<float>(65);
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kBounds);
  EXPECT_EQ(e->api(), "TBuf::Get");
  EXPECT_TRUE(Contains(e->what(), "bytes [0, 260)")) << e->what();

  e = ErrorOf([] {
    TPipe pipe;
    TBuf<> buf;
    pipe.InitBuffer(buf, 256);
    buf.GetWithOffset<float>(16, 224);
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kBounds);
  EXPECT_EQ(e->api(), "TBuf::GetWithOffset");
  EXPECT_TRUE(Contains(e->what(), "bytes [224, 288)")) << e->what();

  e = ErrorOf([] {
    TBuf<> buf;
    buf.Get<float>();
  });
  ASSERT_TRUE(e);
  EXPECT_TRUE(Contains(e->what(), "InitBuffer")) << e->what();

  EXPECT_FALSE(ErrorOf([] {
    TPipe pipe;
    TBuf<> buf;
    pipe.InitBuffer(buf, 256);
    buf.Get<float>(64);
    buf.GetWithOffset<float>(8, 224);
  }));
}

}  // namespace
