// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// LocalTensor's vendor-side address (address_ / TBuffAddr, SetAddr, the
// TBuffAddr constructor, GetBufferHandle, tensors built field by field,
// SetAddrWithOffset, SetBufferLen, InitBuffer), the queue handle helpers
// (EnQue/DeQue/FreeBuffer by handle, GetBufferAddr, GetState, the
// out-parameter AllocTensor/DeQue), PopStackBuffer and LocalTensor's
// ShapeInfo. Every diagnostic has a buggy use expecting its message next to a
// clean twin.
#include <aicore/aicore.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

using namespace AscendC;

namespace {

template <class F>
void OnCore(F&& f) {
  aicore::LaunchNamed("test_tensor_addr", std::forward<F>(f), 1);
}

// The KernelError message of a one-block launch of f ("" for none).
template <class F>
std::string ErrorOf(F&& f) {
  try {
    OnCore(std::forward<F>(f));
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

bool Contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

constexpr uint8_t Pos(TPosition p) { return static_cast<uint8_t>(p); }

// ---------------------------------------------------------------------------
// address_ mirrors the tensor.

TEST(TensorAddr, AddressMirrorsEveryTensorAicoreMakes) {
  OnCore([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> head;  // 96 bytes in front of the queue
    TQue<TPosition::VECIN, 1> q;
    TBuf<TPosition::VECCALC> tb;
    pipe.InitBuffer(head, 96);
    pipe.InitBuffer(q, 1, 1000);  // UB [96, 1120)
    pipe.InitBuffer(tb, 256);     // UB [1120, 1376)
    LocalTensor<float> t = q.AllocTensor<float>();
    EXPECT_EQ(t.address_.dataLen, 1024u);
    EXPECT_EQ(t.address_.bufferAddr, 96u);
    EXPECT_EQ(t.address_.logicPos, Pos(TPosition::VECIN));
    EXPECT_EQ(t.address_.absAddr, reinterpret_cast<uint8_t*>(t.GetPhyAddr()));
    EXPECT_NE(t.address_.bufferHandle, nullptr);
    EXPECT_EQ(t.GetBufferHandle(), t.address_.bufferHandle);
    EXPECT_EQ(t.GetSize(), 256u);

    const LocalTensor<float> v = t[16];
    EXPECT_EQ(v.address_.bufferAddr, 96u + 64);
    EXPECT_EQ(v.address_.dataLen, 1024u - 64);
    EXPECT_EQ(v.GetSize(), 240u);
    EXPECT_EQ(v.address_.absAddr, reinterpret_cast<uint8_t*>(t.GetPhyAddr() + 16));
    EXPECT_EQ(v.GetBufferHandle(), t.GetBufferHandle());

    const LocalTensor<half> h = t.ReinterpretCast<half>();
    EXPECT_EQ(h.address_.bufferAddr, 96u);
    EXPECT_EQ(h.address_.dataLen, 1024u);
    EXPECT_EQ(h.GetSize(), 512u);

    const LocalTensor<int16_t> w = tb.GetWithOffset<int16_t>(32, 64);
    EXPECT_EQ(w.address_.bufferAddr, 1120u + 64);
    EXPECT_EQ(w.address_.dataLen, 64u);
    EXPECT_EQ(w.address_.logicPos, Pos(TPosition::VECCALC));

    const LocalTensor<uint8_t> s(TPosition::A1, 512, 100);
    EXPECT_EQ(s.address_.bufferAddr, 512u);
    EXPECT_EQ(s.address_.dataLen, 100u);
    EXPECT_EQ(s.address_.logicPos, Pos(TPosition::A1));
    EXPECT_EQ(s.GetPosition(), TPosition::A1);
    q.FreeTensor(t);
  });
}

// ---------------------------------------------------------------------------
// SetAddr and the TBuffAddr constructor: the ops-nn pattern
// `normalTensor.SetAddr(tensor.address_)` and its use.

TEST(TensorAddr, SetAddrFromAnotherTensorSharesItsMemoryAndChecks) {
  OnCore([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 256);
    LocalTensor<float> t = q.AllocTensor<float>();
    for (uint32_t i = 0; i < 64; ++i) t.SetValue(i, static_cast<float>(i));
    LocalTensor<float> u;
    u.SetAddr(t.address_);
    EXPECT_EQ(u.GetPhyAddr(), t.GetPhyAddr());
    EXPECT_EQ(u.GetSize(), 64u);
    EXPECT_EQ(u.GetPosition(), TPosition::VECIN);
    Adds(u, u, 0.5f, 64);
    for (uint32_t i = 0; i < 64; ++i) ASSERT_EQ(t.GetValue(i), static_cast<float>(i) + 0.5f);
    // The constructor, on a sub-view's address, as another type.
    TBuffAddr a = t[8].address_;
    LocalTensor<int32_t> n(a);
    EXPECT_EQ(reinterpret_cast<void*>(n.GetPhyAddr()), reinterpret_cast<void*>(t.GetPhyAddr() + 8));
    EXPECT_EQ(n.GetSize(), 56u);
    q.FreeTensor(t);
  });
}

TEST(TensorAddr, AddressOfAFreedTensorIsStale) {
  const std::string m = ErrorOf([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 256);
    LocalTensor<float> t = q.AllocTensor<float>();
    LocalTensor<float> u;
    u.SetAddr(t.address_);
    q.FreeTensor(t);
    Duplicate(u, 1.0f, 64);
  });
  EXPECT_TRUE(Contains(m, "dst operand") || Contains(m, "dst of Duplicate")) << m;
  EXPECT_TRUE(Contains(m, "after FreeTensor")) << m;
  EXPECT_TRUE(Contains(m, "test_tensor_addr.cpp")) << m;
  // Clean twin: used before FreeTensor.
  EXPECT_EQ(ErrorOf([] {
              TPipe pipe;
              TQue<TPosition::VECIN, 1> q;
              pipe.InitBuffer(q, 1, 256);
              LocalTensor<float> t = q.AllocTensor<float>();
              LocalTensor<float> u;
              u.SetAddr(t.address_);
              Duplicate(u, 1.0f, 64);
              q.FreeTensor(t);
            }),
            "");
}

TEST(TensorAddr, AddressTakenBeforeAPipeResetIsStale) {
  const std::string m = ErrorOf([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 256);
    const TBuffAddr a = b.Get<float>().address_;
    pipe.Reset();
    LocalTensor<float> u;
    u.SetAddr(a);
  });
  EXPECT_TRUE(Contains(m, "LocalTensor::SetAddr")) << m;
  EXPECT_TRUE(Contains(m, "stale")) << m;
  EXPECT_TRUE(Contains(m, "TPipe::Reset")) << m;
}

// Whole-address assignment (`cLocal_.address_ = ubLocal_[0].address_`, also
// again on a live tensor in a loop) is followed at the next use.
TEST(TensorAddr, AssignedAddressIsFollowed) {
  OnCore([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 1024);
    const LocalTensor<float> all = b.Get<float>();
    Duplicate(all, 0.0f, 256);
    LocalTensor<float> c;
    for (uint32_t k = 0; k < 4; ++k) {
      c.address_ = all[k * 64].address_;
      Adds(c, c, static_cast<float>(k + 1), 64);
    }
    for (uint32_t i = 0; i < 256; ++i) ASSERT_EQ(all.GetValue(i), static_cast<float>(i / 64 + 1));
  });
}

// ---------------------------------------------------------------------------
// Tensors built field by field (the shmem / catlass pattern): a raw address
// in the memory of logicPos.

TEST(TensorAddr, HandBuiltTensorIsARawAddress) {
  OnCore([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 8192);
    const LocalTensor<int32_t> all = b.Get<int32_t>();
    for (uint32_t i = 0; i < 2048; ++i) all.SetValue(i, static_cast<int32_t>(i));

    LocalTensor<int32_t> t;
    t.address_.logicPos = Pos(TPosition::VECIN);
    t.address_.bufferAddr = 4096;  // UB byte address: element 1024 of `all`
    t.address_.dataLen = 256;
    EXPECT_EQ(t.GetSize(), 64u);
    EXPECT_EQ(t.GetValue(0), 1024);
    EXPECT_EQ(t.GetPhyAddr(), all.GetPhyAddr() + 1024);
    Muls(t, t, 2, 64);
    for (uint32_t i = 0; i < 2048; ++i) {
      const int32_t want = (i >= 1024 && i < 1088) ? static_cast<int32_t>(2 * i) : static_cast<int32_t>(i);
      ASSERT_EQ(all.GetValue(i), want) << i;
    }
    // Moving it: a new bufferAddr is followed.
    t.address_.bufferAddr = 0;
    EXPECT_EQ(t.GetValue(3), 3);
    // The same place spelled as the low 32 bits of the CPU pointer (read as
    // such unless they are themselves below the UB size: then they are a
    // byte address, see LocalByteAddress).
    const auto low = static_cast<uint32_t>(reinterpret_cast<uint64_t>(all.GetPhyAddr()));
    if (low <= 256 * 1024) return;
    LocalTensor<int32_t> p;
    p.address_.logicPos = Pos(TPosition::VECCALC);
    p.address_.bufferAddr = static_cast<uint32_t>(reinterpret_cast<uint64_t>(all.GetPhyAddr() + 1024));
    EXPECT_EQ(p.GetValue(1), 2 * 1025);
    EXPECT_EQ(p.address_.bufferAddr, 4096u);  // normalised to the UB address
    EXPECT_EQ(p.address_.absAddr, reinterpret_cast<uint8_t*>(all.GetPhyAddr() + 1024));
  });
}

TEST(TensorAddr, HandBuiltTensorWithoutLogicPosIsReported) {
  const std::string m = ErrorOf([] {
    LocalTensor<float> t;
    t.address_.bufferAddr = 4096;
    t.address_.dataLen = 256;
    Duplicate(t, 1.0f, 64);
  });
  EXPECT_TRUE(Contains(m, "dst of Duplicate has address_")) << m;
  EXPECT_TRUE(Contains(m, "logicPos 0 is not an on-chip TPosition")) << m;
  EXPECT_TRUE(Contains(m, "test_tensor_addr.cpp")) << m;
  EXPECT_EQ(ErrorOf([] {
              LocalTensor<float> t;
              t.address_.logicPos = Pos(TPosition::VECCALC);
              t.address_.bufferAddr = 4096;
              t.address_.dataLen = 256;
              Duplicate(t, 1.0f, 64);
            }),
            "");
}

TEST(TensorAddr, HandBuiltAddressOutsideTheMemoryIsReported) {
  const std::string far = ErrorOf([] {
    LocalTensor<float> t;
    t.address_.logicPos = Pos(TPosition::VECCALC);
    t.address_.bufferAddr = 300000;  // past the 192 KiB UB, and no pointer's low bits
    (void)t.GetValue(0);
  });
  EXPECT_TRUE(Contains(far, "LocalTensor::GetValue")) << far;
  EXPECT_TRUE(Contains(far, "address_.bufferAddr 300000, which is no UB address")) << far;
  // dataLen is not checked (only GetSize() reads it); the accesses are.
  const std::string len = ErrorOf([] {
    LocalTensor<float> t;
    t.address_.logicPos = Pos(TPosition::VECCALC);
    t.address_.bufferAddr = 196608 - 64;
    t.address_.dataLen = 128;
    Duplicate(t, 1.0f, t.GetSize());
  });
  EXPECT_TRUE(Contains(len, "dst operand of 32 float (128 bytes at byte offset 196544) ends 64 bytes "
                            "past the end of the 196608-byte LocalTensor buffer")) << len;
  const std::string odd = ErrorOf([] {
    LocalTensor<float> t;
    t.address_.logicPos = Pos(TPosition::VECCALC);
    t.address_.bufferAddr = 2;
    (void)t.GetValue(0);
  });
  EXPECT_TRUE(Contains(odd, "is not a multiple of 4 bytes")) << odd;
  // A raw address is still checked by the instructions (32-byte alignment).
  const std::string vec = ErrorOf([] {
    LocalTensor<float> t;
    t.address_.logicPos = Pos(TPosition::VECCALC);
    t.address_.bufferAddr = 16;
    Duplicate(t, 1.0f, 8);
  });
  EXPECT_TRUE(Contains(vec, "not 32-byte aligned")) << vec;
  EXPECT_EQ(ErrorOf([] {
              LocalTensor<float> t;
              t.address_.logicPos = Pos(TPosition::VECCALC);
              t.address_.bufferAddr = 196608 - 128;
              t.address_.dataLen = 128;
              Duplicate(t, 1.0f, 32);
            }),
            "");
}

// An address aicore handed out stays in its buffer.
TEST(TensorAddr, MovedAddressMustStayInItsBuffer) {
  const std::string m = ErrorOf([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> q;
    TQue<TPosition::VECOUT, 1> other;
    pipe.InitBuffer(q, 1, 256);      // UB [0, 256)
    pipe.InitBuffer(other, 1, 256);  // UB [256, 512)
    LocalTensor<float> t = q.AllocTensor<float>();
    TBuffAddr a = t.address_;
    a.bufferAddr += 320;  // into the other queue's buffer
    LocalTensor<float> u;
    u.SetAddr(a);
  });
  EXPECT_TRUE(Contains(m, "LocalTensor::SetAddr")) << m;
  EXPECT_TRUE(Contains(m, "address_.bufferAddr 320, outside its buffer, TQue buffer 0 (VECIN, 256 "
                          "bytes at UB offset 0) (UB addresses [0, 256))")) << m;
  const std::string mem = ErrorOf([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 256);
    LocalTensor<float> t = q.AllocTensor<float>();
    t.address_.logicPos = Pos(TPosition::A1);  // UB buffer relabelled as L1
    Duplicate(t, 1.0f, 64);
  });
  EXPECT_TRUE(Contains(mem, "but logicPos A1 is L1 memory")) << mem;
  // Clean twin: moved inside its buffer, and relabelled inside UB.
  EXPECT_EQ(ErrorOf([] {
              TPipe pipe;
              TQue<TPosition::VECIN, 1> q;
              pipe.InitBuffer(q, 1, 256);
              LocalTensor<float> t = q.AllocTensor<float>();
              Duplicate(t, 0.0f, 64);
              t.address_.bufferAddr += 128;
              t.address_.dataLen -= 128;
              t.address_.logicPos = Pos(TPosition::VECCALC);
              Duplicate(t, 2.0f, 32);
              EXPECT_EQ(t.GetPosition(), TPosition::VECCALC);
              LocalTensor<float> all = t[0];
              all.address_.bufferAddr = 0;
              all.address_.dataLen = 256;
              for (uint32_t i = 0; i < 64; ++i) {
                EXPECT_EQ(all.GetValue(i), i < 32 ? 0.0f : 2.0f) << i;
              }
              q.FreeTensor(t);
            }),
            "");
}

// A bufferHandle the kernel wrote itself (here garbage, with the identity
// fields of a real address) is never dereferenced: the address is a raw one.
TEST(TensorAddr, AHandleSetByHandIsNeverDereferenced) {
  OnCore([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 256);
    LocalTensor<float> t = q.AllocTensor<float>();
    Duplicate(t, 3.0f, 64);
    TBuffAddr a = t.address_;
    static uint8_t junk[64];
    a.bufferHandle = junk;
    LocalTensor<float> u;
    u.SetAddr(a);  // a raw UB address now: the same bytes, no queue checks
    EXPECT_EQ(u.GetPhyAddr(), t.GetPhyAddr());
    EXPECT_EQ(u.GetValue(63), 3.0f);
    EXPECT_NE(u.GetBufferHandle(), static_cast<TBufHandle>(junk));
    q.FreeTensor(t);
  });
}

// Hand-built tensors in the roles whose tensors are checked outside the
// operand checks (ReduceSum's sharedTmpBuffer, SetDeqScale's vdeq).
TEST(TensorAddr, HandBuiltTensorsInOtherRoles) {
  OnCore([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 4096);
    const LocalTensor<float> x = b.Get<float>();
    for (uint32_t i = 0; i < 256; ++i) x.SetValue(i, 0.5f * static_cast<float>(i));
    LocalTensor<float> tmp;
    tmp.address_.logicPos = Pos(TPosition::VECCALC);
    tmp.address_.bufferAddr = 3072;
    tmp.address_.dataLen = 1024;
    ReduceSum(x[512], x, tmp, 256);
    EXPECT_EQ(x.GetValue(512), 0.5f * 255 * 256 / 2);
  });
  const std::string vdeq = ErrorOf([] {
    VdeqInfo info;
    SetDeqScale(LocalTensor<uint64_t>(), info);
  });
  EXPECT_TRUE(Contains(vdeq, "SetDeqScale")) << vdeq;
  EXPECT_TRUE(Contains(vdeq, "vdeq is a LocalTensor that was never allocated")) << vdeq;
}

// ---------------------------------------------------------------------------
// SetAddrWithOffset, SetBufferLen, SetSize, InitBuffer.

TEST(TensorAddr, SetAddrWithOffsetSetBufferLenAndInitBuffer) {
  OnCore([] {
    TPipe pipe;
    TQue<TPosition::VECCALC, 1> q;
    pipe.InitBuffer(q, 1, 1024);
    LocalTensor<float> t = q.AllocTensor<float>();
    LocalTensor<half> h;
    h.SetAddrWithOffset(t, 64);  // 64 floats in: byte 256
    EXPECT_EQ(reinterpret_cast<uint8_t*>(h.GetPhyAddr()),
              reinterpret_cast<uint8_t*>(t.GetPhyAddr()) + 256);
    EXPECT_EQ(h.address_.dataLen, 1024u);  // the source's dataLen, as the vendor's does
    EXPECT_EQ(h.GetBufferHandle(), t.GetBufferHandle());
    h.SetBufferLen(512);
    EXPECT_EQ(h.GetSize(), 256u);
    EXPECT_EQ(h.GetLength(), 512u);
    t.SetSize(10);
    EXPECT_EQ(t.address_.dataLen, 40u);
    q.FreeTensor(t);

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    // The deprecated InitBuffer, then logicPos, as ops-nn's AsdopsBuffer does.
    LocalTensor<uint8_t> ub;
    ub.InitBuffer(2048, 512);
    ub.address_.logicPos = Pos(TPosition::VECIN);
#pragma GCC diagnostic pop
    EXPECT_EQ(ub.GetSize(), 512u);
    const LocalTensor<uint8_t> whole(TPosition::VECCALC, 0, 4096);
    EXPECT_EQ(ub.GetPhyAddr(), whole.GetPhyAddr() + 2048);
    const LocalTensor<float> f = ub[32].ReinterpretCast<float>();
    EXPECT_EQ(reinterpret_cast<uint8_t*>(f.GetPhyAddr()), whole.GetPhyAddr() + 2080);
  });
}

TEST(TensorAddr, SetSizePastTheBufferIsReported) {
  const std::string m = ErrorOf([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 256);
    LocalTensor<float> t = q.AllocTensor<float>();
    t[32].SetSize(33);
  });
  EXPECT_TRUE(Contains(m, "LocalTensor::SetSize")) << m;
  EXPECT_TRUE(Contains(m, "SetSize(33): 33 float elements from the tensor's start run past the end of "
                          "TQue buffer 0 (VECIN, 256 bytes at UB offset 0), which leaves room for 32"))
      << m;
  EXPECT_EQ(ErrorOf([] {
              TPipe pipe;
              TQue<TPosition::VECIN, 1> q;
              pipe.InitBuffer(q, 1, 256);
              LocalTensor<float> t = q.AllocTensor<float>();
              LocalTensor<float> v = t[32];
              v.SetSize(32);
              q.FreeTensor(t);
            }),
            "");
}

// ---------------------------------------------------------------------------
// Queue handles.

TEST(TensorAddr, QueueHandlesFollowTheStateMachine) {
  OnCore([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 2> q;
    pipe.InitBuffer(q, 2, 128);
    LocalTensor<int32_t> t;
    q.AllocTensor(t);  // the out-parameter form
    EXPECT_EQ(q.GetState(t), TBufState::OCCUPIED);
    for (uint32_t i = 0; i < 32; ++i) t.SetValue(i, static_cast<int32_t>(3 * i));
    const TBufHandle h = t.GetBufferHandle();
    EXPECT_TRUE(q.EnQue(h));
    EXPECT_EQ(q.GetState(t), TBufState::ENQUE);
    EXPECT_EQ(q.GetTensorCountInQue(), 1);
    const TBufHandle d = q.DeQue();
    EXPECT_EQ(d, h);
    EXPECT_EQ(q.GetState(t), TBufState::DEQUE);
    // A tensor from the handle's address reads the same memory.
    LocalTensor<int32_t> u;
    u.SetAddr(q.GetBufferAddr(d));
    EXPECT_EQ(u.GetSize(), 32u);
    for (uint32_t i = 0; i < 32; ++i) ASSERT_EQ(u.GetValue(i), static_cast<int32_t>(3 * i));
    q.FreeBuffer(d);
    EXPECT_EQ(q.GetState(t), TBufState::FREE);
    // The out-parameter DeQue.
    LocalTensor<int32_t> a = q.AllocTensor<int32_t>();
    q.EnQue(a);
    LocalTensor<int32_t> b;
    q.DeQue(b);
    EXPECT_EQ(b.GetPhyAddr(), a.GetPhyAddr());
    q.FreeTensor(b);
  });
}

TEST(TensorAddr, BadQueueHandlesAreReported) {
  const std::string foreign = ErrorOf([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> q;
    TQue<TPosition::VECOUT, 1> other;
    pipe.InitBuffer(q, 1, 128);
    pipe.InitBuffer(other, 1, 128);
    LocalTensor<float> t = other.AllocTensor<float>();
    q.EnQue(t.GetBufferHandle());
  });
  EXPECT_TRUE(Contains(foreign, "TQue::EnQue")) << foreign;
  EXPECT_TRUE(Contains(foreign, "EnQue of a buffer handle that is not one of this TQue<VECIN, 1>'s "
                                "1 buffers")) << foreign;
  const std::string null = ErrorOf([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 128);
    q.FreeBuffer(nullptr);
  });
  EXPECT_TRUE(Contains(null, "(a null handle)")) << null;
  const std::string twice = ErrorOf([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 128);
    LocalTensor<float> t = q.AllocTensor<float>();
    q.FreeBuffer(t.GetBufferHandle());
    q.FreeBuffer(t.GetBufferHandle());
  });
  EXPECT_TRUE(Contains(twice, "TQue::FreeBuffer")) << twice;
  EXPECT_TRUE(Contains(twice, "it was already freed at")) << twice;
  const std::string state = ErrorOf([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 128);
    LocalTensor<float> t = q.AllocTensor<float>();
    q.EnQue(t.GetBufferHandle());
    q.EnQue(t.GetBufferHandle());
  });
  EXPECT_TRUE(Contains(state, "is ENQUE, expected OCCUPIED or DEQUE")) << state;
  const std::string tbuf = ErrorOf([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 128);
    pipe.InitBuffer(b, 128);
    (void)a.GetBufferAddr(b.Get<float>().GetBufferHandle());
  });
  EXPECT_TRUE(Contains(tbuf, "TBuf::GetBufferAddr")) << tbuf;
  EXPECT_TRUE(Contains(tbuf, "the handle is not this TBuf's")) << tbuf;
  EXPECT_EQ(ErrorOf([] {
              TPipe pipe;
              TBuf<TPosition::VECCALC> a;
              pipe.InitBuffer(a, 128);
              LocalTensor<float> u;
              u.SetAddr(a.GetBufferAddr(a.Get<float>().GetBufferHandle()));
              Duplicate(u, 1.0f, 32);
            }),
            "");
}

// The queue calls the vendor's TBuf inherits (ops-math's col2_im frees a
// TBuf tensor): AllocTensor / DeQue give the whole buffer, EnQue, FreeTensor
// and FreeBuffer change nothing (the buffer stays usable).
TEST(TensorAddr, TBufQueueCallsAreTheWholeBufferAndNoOps) {
  OnCore([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a;
    pipe.InitBuffer(a, 256);
    LocalTensor<float> whole = a.Get<float>();
    LocalTensor<float> t = a.AllocTensor<float>();
    EXPECT_EQ(t.GetSize(), 64u);
    EXPECT_EQ(t.GetPhyAddr(), whole.GetPhyAddr());
    EXPECT_EQ(a.GetState(t), TBufState::OCCUPIED);
    EXPECT_EQ(a.GetState(LocalTensor<float>()), TBufState::FREE);
    Duplicate(t, 2.0f, 64);
    a.EnQue(t);
    LocalTensor<half> d = a.DeQue<half>();
    EXPECT_EQ(d.GetSize(), 128u);
    EXPECT_EQ(static_cast<void*>(d.GetPhyAddr()), static_cast<void*>(whole.GetPhyAddr()));
    a.FreeTensor(t);
    EXPECT_TRUE(a.EnQue(t.GetBufferHandle()));
    TBufHandle h = a.DeQue();
    EXPECT_EQ(h, t.GetBufferHandle());
    a.FreeBuffer(h);
    Adds(whole, whole, 1.0f, 64);  // still usable after the frees
    EXPECT_EQ(whole.GetValue(63), 3.0f);
  });
  const std::string uninit = ErrorOf([] {
    TBuf<TPosition::VECCALC> a;
    (void)a.AllocTensor<float>();
  });
  EXPECT_TRUE(Contains(uninit, "TBuf::AllocTensor")) << uninit;
}

// ---------------------------------------------------------------------------
// PopStackBuffer (the asc-devkit rmsnorm example's use).

TEST(TensorAddr, PopStackBufferIsTheUbThePipeLeavesFree) {
  OnCore([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 1000);  // 1024 bytes
    LocalTensor<uint8_t> stack;
    EXPECT_TRUE((PopStackBuffer<uint8_t, TPosition::LCM>(stack)));
    EXPECT_EQ(stack.address_.bufferAddr, 1024u);
    // Ascend910B keeps the last 64 bytes of its 192 KiB UB.
    EXPECT_EQ(stack.GetSize(), 196608u - 64 - 1024);
    EXPECT_EQ(stack.GetPosition(), TPosition::VECCALC);
    // Used as float scratch, as the rmsnorm example does.
    stack.SetSize(256 * sizeof(float));
    const LocalTensor<float> f = stack.ReinterpretCast<float>();
    EXPECT_EQ(f.GetSize(), 256u);
    Duplicate(f, 1.5f, 256);
    Adds(f, f, 1.0f, 256);
    for (uint32_t i = 0; i < 256; ++i) ASSERT_EQ(f.GetValue(i), 2.5f);
    // Popping again before another InitBuffer gives the same memory; both work.
    LocalTensor<float> again;
    PopStackBuffer<float, TPosition::VECCALC>(again);
    EXPECT_EQ(again.GetPhyAddr(), f.GetPhyAddr());
    EXPECT_EQ(again.GetValue(255), 2.5f);
    EXPECT_EQ(f.GetValue(0), 2.5f);
  });
}

TEST(TensorAddr, PopStackBufferMisuseIsReported) {
  const std::string later = ErrorOf([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> q;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(q, 1, 1024);
    LocalTensor<float> stack;
    PopStackBuffer<float, TPosition::VECCALC>(stack);
    pipe.InitBuffer(b, 4096);  // carves the popped UB
    Duplicate(stack, 1.0f, 64);
  });
  EXPECT_TRUE(Contains(later, "dst of Duplicate uses PopStackBuffer buffer 0 (VECCALC")) << later;
  EXPECT_TRUE(Contains(later, "after TPipe::InitBuffer at")) << later;
  EXPECT_TRUE(Contains(later, "test_tensor_addr.cpp")) << later;
  const std::string nopipe = ErrorOf([] {
    LocalTensor<float> stack;
    PopStackBuffer<float, TPosition::VECCALC>(stack);
  });
  EXPECT_TRUE(Contains(nopipe, "PopStackBuffer")) << nopipe;
  EXPECT_TRUE(Contains(nopipe, "no TPipe is live")) << nopipe;
  const std::string full = ErrorOf([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 196608 - 32);
    LocalTensor<float> stack;
    PopStackBuffer<float, TPosition::VECCALC>(stack);
  });
  EXPECT_TRUE(Contains(full, "no UB left to pop: the TPipe's buffers use 196576 of the 196544 bytes"))
      << full;
  // Clean twin: pop after the last InitBuffer.
  EXPECT_EQ(ErrorOf([] {
              TPipe pipe;
              TQue<TPosition::VECIN, 1> q;
              TBuf<TPosition::VECCALC> b;
              pipe.InitBuffer(q, 1, 1024);
              pipe.InitBuffer(b, 4096);
              LocalTensor<float> stack;
              PopStackBuffer<float, TPosition::VECCALC>(stack);
              Duplicate(stack, 1.0f, 64);
            }),
            "");
}

// ---------------------------------------------------------------------------
// ShapeInfo on LocalTensor.

TEST(TensorAddr, ShapeInfoTravelsWithTheTensor) {
  OnCore([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 1024);
    uint32_t shape[3] = {4, 8, 64};
    uint32_t orig[3] = {4, 8, 60};
    ShapeInfo s;
    s = {3, shape, 3, orig, DataFormat::ND};  // as the rmsnorm example writes it
    EXPECT_EQ(s.shapeDim, 3);
    EXPECT_EQ(s.originalShape[2], 60u);
    EXPECT_EQ(GetShapeSize(s), 4u * 8 * 64);
    LocalTensor<float> t = b.Get<float>();
    t.SetShapeInfo(s);
    const LocalTensor<float> copy = t;
    const ShapeInfo g = copy.GetShapeInfo();
    EXPECT_EQ(g.shapeDim, 3);
    EXPECT_EQ(g.shape[2], 64u);
    EXPECT_EQ(g.originalShape[2], 60u);
    EXPECT_EQ(g.dataFormat, DataFormat::ND);
    uint32_t gamma[1] = {64};
    t.SetShapeInfo(ShapeInfo(1, gamma, DataFormat::NZ));
    EXPECT_EQ(t.GetShapeInfo().shapeDim, 1);
    EXPECT_EQ(t.GetShapeInfo().originalShape[0], 64u);
    EXPECT_EQ(t.GetShapeInfo().dataFormat, DataFormat::NZ);
    EXPECT_EQ(copy.GetShapeInfo().shapeDim, 3);  // copies are values
  });
}

TEST(TensorAddr, TooManyShapeDimensionsAreReported) {
  const std::string m = ErrorOf([] {
    uint32_t shape[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    uint32_t orig[2] = {1, 2};
    const ShapeInfo s(2, orig, 9, shape, DataFormat::ND);
    (void)s;
  });
  EXPECT_TRUE(Contains(m, "ShapeInfo")) << m;
  EXPECT_TRUE(Contains(m, "inputOriginalShapeDim 9 is more than K_MAX_SHAPE_DIM (8)")) << m;
  EXPECT_EQ(ErrorOf([] {
              uint32_t shape[8] = {1, 2, 3, 4, 5, 6, 7, 8};
              const ShapeInfo s(8, shape, 8, shape, DataFormat::ND);
              EXPECT_EQ(GetShapeSize(s), 40320u);
            }),
            "");
}

}  // namespace
