// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// GlobalTensor and LocalTensor: binding, views, element access, reinterpret,
// sizes and positions.
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
  aicore::LaunchNamed("test_tensors_kernel", std::forward<F>(f), 1);
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
// GlobalTensor.

TEST(GlobalTensorTest, SizedBindingViewsAndAccess) {
  std::vector<float> host(100);
  for (int i = 0; i < 100; ++i) host[i] = static_cast<float>(i);
  OnCore([&] {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(host.data(), 100);
    EXPECT_EQ(g.GetSize(), 100u);
    EXPECT_EQ(g.GetPhyAddr(), host.data());
    EXPECT_EQ(g.GetPhyAddr(7), host.data() + 7);

    GlobalTensor<float> v = g[10];
    EXPECT_EQ(v.GetPhyAddr(), host.data() + 10);
    EXPECT_EQ(v.GetSize(), 90u);
    EXPECT_EQ(v.GetValue(0), 10.0f);
    GlobalTensor<float> vv = v[20];
    EXPECT_EQ(vv.GetPhyAddr(), host.data() + 30);
    EXPECT_EQ(vv.GetSize(), 70u);
    EXPECT_EQ(g[100].GetSize(), 0u);  // one past the end is a valid empty view

    EXPECT_EQ(g.GetValue(99), 99.0f);
    g.SetValue(5, -5.0f);
    EXPECT_EQ(host[5], -5.0f);
    v.SetValue(1, -11.0f);
    EXPECT_EQ(host[11], -11.0f);
    g(12) = -12.0f;
    EXPECT_EQ(host[12], -12.0f);
    EXPECT_EQ(g(11), -11.0f);
    float& ref = vv(0);
    ref = 1234.0f;
    EXPECT_EQ(host[30], 1234.0f);

    // Copies are views of the same memory.
    GlobalTensor<float> copy = g;
    copy.SetValue(0, 42.0f);
    EXPECT_EQ(g.GetValue(0), 42.0f);

    g.SetL2CacheHint(CacheMode::CACHE_MODE_DISABLE);  // no-op
    EXPECT_EQ(g.GetSize(), 100u);
  });
}

TEST(GlobalTensorTest, PerBlockBinding) {
  constexpr uint32_t kBlocks = 6, kLen = 16;
  std::vector<int32_t> host(kBlocks * kLen, 0);
  aicore::Launch(
      [](GM_ADDR p) {
        GlobalTensor<int32_t> g;
        g.SetGlobalBuffer(reinterpret_cast<int32_t*>(p) + kLen * GetBlockIdx(), kLen);
        for (uint32_t i = 0; i < kLen; ++i) {
          g.SetValue(i, static_cast<int32_t>(GetBlockIdx() * 1000 + i));
        }
      },
      kBlocks, reinterpret_cast<uint8_t*>(host.data()));
  for (uint32_t b = 0; b < kBlocks; ++b) {
    for (uint32_t i = 0; i < kLen; ++i) {
      EXPECT_EQ(host[b * kLen + i], static_cast<int32_t>(b * 1000 + i));
    }
  }
}

TEST(GlobalTensorTest, UnsizedBindingIsNotChecked) {
  std::vector<half> host(64, half(0.0f));
  OnCore([&] {
    GlobalTensor<half> g;
    g.SetGlobalBuffer(host.data());
    EXPECT_EQ(g.GetSize(), 0u);  // unknown
    g.SetValue(63, half(3.0f));
    EXPECT_EQ(static_cast<float>(host[63]), 3.0f);
    GlobalTensor<half> v = g[32];
    EXPECT_EQ(v.GetPhyAddr(), host.data() + 32);
    EXPECT_EQ(v.GetSize(), 0u);
    EXPECT_EQ(static_cast<float>(v.GetValue(31)), 3.0f);

    // Rebinding with and without a size switches checking on and off.
    g.SetGlobalBuffer(host.data(), 8);
    EXPECT_EQ(g.GetSize(), 8u);
    g.SetGlobalBuffer(host.data());
    EXPECT_EQ(g.GetSize(), 0u);
    EXPECT_EQ(static_cast<float>(g.GetValue(63)), 3.0f);
  });
}

TEST(GlobalTensorTest, ShapeInfo) {
  GlobalTensor<float> g;
  const uint32_t shape[3] = {2, 3, 4};
  g.SetShapeInfo(ShapeInfo(3, shape));
  const ShapeInfo s = g.GetShapeInfo();
  EXPECT_EQ(s.shapeDim, 3);
  EXPECT_EQ(s.shape[0], 2u);
  EXPECT_EQ(s.shape[2], 4u);
  EXPECT_EQ(s.dataFormat, DataFormat::ND);
}

TEST(GlobalTensorTest, AccessErrors) {
  std::vector<float> host(100);
  auto e = ErrorOf([&] {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(host.data(), 100);
    g[40].SetValue(60, 1.0f);
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kBounds);
  EXPECT_EQ(e->api(), "GlobalTensor::SetValue");
  EXPECT_TRUE(Contains(e->what(), "element offset 60")) << e->what();
  EXPECT_TRUE(Contains(e->what(), "60 elements")) << e->what();

  int line = 0;
  e = ErrorOf([&] {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(host.data(), 100);
    line = __LINE__ + 1;
    (void)g(100);
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->api(), "GlobalTensor::operator()");
  EXPECT_TRUE(Contains(e->file(), "test_tensors.cpp")) << e->what();
  EXPECT_EQ(e->line(), line);

  // A view past the end is empty (on the NPU only an address); the access
  // through it is the error.
  e = ErrorOf([&] {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(host.data(), 100);
    GlobalTensor<float> v = g[101];
    EXPECT_EQ(v.GetSize(), 0u);
    (void)v.GetValue(0);
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kBounds);
  EXPECT_EQ(e->api(), "GlobalTensor::GetValue");
  EXPECT_TRUE(Contains(e->what(), "overruns the GlobalTensor's 0 elements")) << e->what();
  EXPECT_TRUE(Contains(e->what(), "an empty view")) << e->what();
  e = ErrorOf([&] {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(host.data(), 100);
    (void)g[-1];
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->api(), "GlobalTensor::operator[]");
  EXPECT_TRUE(Contains(e->what(), "offset -1 is negative")) << e->what();

  e = ErrorOf([] {
    GlobalTensor<float> g;
    (void)g.GetValue(0);
  });
  ASSERT_TRUE(e);
  EXPECT_TRUE(Contains(e->what(), "never bound")) << e->what();

  // Host code may use a GlobalTensor; errors say they happened outside a launch.
  GlobalTensor<float> g;
  g.SetGlobalBuffer(host.data(), 100);
  host[3] = 3.0f;
  EXPECT_EQ(g.GetValue(3), 3.0f);
  try {
    (void)g.GetValue(100);
    FAIL() << "no error";
  } catch (const aicore::KernelError& err) {
    EXPECT_EQ(err.block(), -1);
    EXPECT_TRUE(Contains(err.what(), "outside a kernel launch")) << err.what();
  }
}

// ---------------------------------------------------------------------------
// LocalTensor.

TEST(LocalTensorTest, ViewsAndElementAccess) {
  OnCore([] {
    TPipe pipe;
    TBuf<> buf;
    pipe.InitBuffer(buf, 256);
    LocalTensor<float> t = buf.Get<float>();
    ASSERT_EQ(t.GetSize(), 64u);
    for (uint32_t i = 0; i < 64; ++i) t.SetValue(i, static_cast<float>(i));

    LocalTensor<float> v = t[8];
    EXPECT_EQ(v.GetPhyAddr(), t.GetPhyAddr() + 8);
    EXPECT_EQ(v.GetPhyAddr(), t.GetPhyAddr(8));
    EXPECT_EQ(v.GetSize(), 56u);
    EXPECT_EQ(v.GetValue(0), 8.0f);
    LocalTensor<float> vv = v[8];
    EXPECT_EQ(vv.GetPhyAddr(), t.GetPhyAddr() + 16);
    EXPECT_EQ(vv.GetSize(), 48u);
    EXPECT_EQ(vv.GetValue(47), 63.0f);
    EXPECT_EQ(t[64].GetSize(), 0u);  // one past the end: empty view

    vv.SetValue(1, -17.0f);
    EXPECT_EQ(t.GetValue(17), -17.0f);
    v(2) = -10.0f;
    EXPECT_EQ(t(10), -10.0f);
    EXPECT_EQ(t.GetPosition(), TPosition::VECCALC);
    EXPECT_EQ(v.GetPosition(), TPosition::VECCALC);

    // Views stay inside the buffer even past the parent's shrunken size.
    LocalTensor<float> small = buf.Get<float>(8);
    EXPECT_EQ(small.GetSize(), 8u);
    EXPECT_EQ(small[4].GetSize(), 4u);
    EXPECT_EQ(small[16].GetSize(), 0u);
    EXPECT_EQ(small[16].GetValue(0), 16.0f);
  });
}

TEST(LocalTensorTest, ReinterpretCastRescalesSize) {
  OnCore([] {
    TPipe pipe;
    TBuf<> buf;
    pipe.InitBuffer(buf, 256);
    LocalTensor<float> f = buf.Get<float>();
    f.SetUserTag(7);
    f.SetValue(0, 1.0f);
    f.SetValue(1, -2.0f);

    LocalTensor<half> h = f.ReinterpretCast<half>();
    EXPECT_EQ(h.GetSize(), 128u);
    EXPECT_EQ(Addr(h.GetPhyAddr()), Addr(f.GetPhyAddr()));
    EXPECT_EQ(h.GetUserTag(), 7);
    LocalTensor<uint8_t> b = f.ReinterpretCast<uint8_t>();
    EXPECT_EQ(b.GetSize(), 256u);
    LocalTensor<int64_t> l = f.ReinterpretCast<int64_t>();
    EXPECT_EQ(l.GetSize(), 32u);
    LocalTensor<uint32_t> u = f.ReinterpretCast<uint32_t>();
    EXPECT_EQ(u.GetSize(), 64u);
    EXPECT_EQ(u.GetValue(0), 0x3F800000u);
    EXPECT_EQ(u.GetValue(1), 0xC0000000u);
    u.SetValue(2, 0x40490FDBu);  // pi
    EXPECT_EQ(f.GetValue(2), 3.14159274f);

    // From a view: the byte count of the view is kept (rounded down).
    LocalTensor<float> v = f[3];
    EXPECT_EQ(v.GetSize(), 61u);
    EXPECT_EQ(v.ReinterpretCast<half>().GetSize(), 122u);
    LocalTensor<float> w = f[2];  // 8-byte aligned (a double view of f[3] is an alignment error)
    w.SetSize(61);
    EXPECT_EQ(w.ReinterpretCast<double>().GetSize(), 30u);
    EXPECT_EQ(Addr(v.ReinterpretCast<uint8_t>().GetPhyAddr()), Addr(f.GetPhyAddr()) + 12);
    // And back.
    EXPECT_EQ(h.ReinterpretCast<float>().GetSize(), 64u);
  });
}

TEST(LocalTensorTest, SizesPositionsAndTags) {
  OnCore([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> qin;
    TQue<TPosition::VECOUT, 1> qout;
    TQue<TPosition::A1, 1> qa1;
    TBuf<TPosition::VECIN> bin;
    pipe.InitBuffer(qin, 1, 128);
    pipe.InitBuffer(qout, 1, 128);
    pipe.InitBuffer(qa1, 1, 128);
    pipe.InitBuffer(bin, 128);
    LocalTensor<half> a = qin.AllocTensor<half>();
    LocalTensor<half> b = qout.AllocTensor<half>();
    LocalTensor<half> c = qa1.AllocTensor<half>();
    EXPECT_EQ(a.GetPosition(), TPosition::VECIN);
    EXPECT_EQ(b.GetPosition(), TPosition::VECOUT);
    EXPECT_EQ(c.GetPosition(), TPosition::A1);
    EXPECT_EQ(bin.Get<half>().GetPosition(), TPosition::VECIN);
    EXPECT_EQ(a[16].GetPosition(), TPosition::VECIN);

    EXPECT_EQ(a.GetSize(), 64u);
    EXPECT_EQ(a.GetLength(), 128u);
    a.SetSize(10);
    EXPECT_EQ(a.GetSize(), 10u);
    EXPECT_EQ(a.GetLength(), 20u);
    EXPECT_EQ(a.ReinterpretCast<uint8_t>().GetSize(), 20u);

    EXPECT_EQ(a.GetUserTag(), 0);
    a.SetUserTag(-3);
    EXPECT_EQ(a.GetUserTag(), -3);
    EXPECT_EQ(a[8].GetUserTag(), -3);

    qin.FreeTensor(a);
    qout.FreeTensor(b);
    qa1.FreeTensor(c);
  });
}

TEST(LocalTensorTest, AccessErrors) {
  auto e = ErrorOf([] {
    TPipe pipe;
    TBuf<> buf;
    pipe.InitBuffer(buf, 256);
    LocalTensor<float> t = buf.Get<float>();
    t[60].SetValue(4, 1.0f);  // element 64 of the buffer
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kBounds);
  EXPECT_EQ(e->api(), "LocalTensor::SetValue");
  EXPECT_TRUE(Contains(e->what(), "element 4 of float (byte offset 256)")) << e->what();
  EXPECT_TRUE(Contains(e->what(), "256-byte")) << e->what();

  int line = 0;
  e = ErrorOf([&line] {
    TPipe pipe;
    TBuf<> buf;
    pipe.InitBuffer(buf, 256);
    line = __LINE__ + 1;
    (void)buf.Get<half>()(128);
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->api(), "LocalTensor::operator()");
  EXPECT_TRUE(Contains(e->file(), "test_tensors.cpp")) << e->what();
  EXPECT_EQ(e->line(), line);

  e = ErrorOf([] {
    TPipe pipe;
    TBuf<> buf;
    pipe.InitBuffer(buf, 256);
    (void)buf.Get<float>()[65];
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->api(), "LocalTensor::operator[]");

  e = ErrorOf([] {
    LocalTensor<float> t;
    (void)t.GetValue(0);
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->api(), "LocalTensor::GetValue");
  EXPECT_TRUE(Contains(e->what(), "never allocated")) << e->what();

  // The last element of the buffer is fine.
  EXPECT_FALSE(ErrorOf([] {
    TPipe pipe;
    TBuf<> buf;
    pipe.InitBuffer(buf, 256);
    buf.Get<float>()[60].SetValue(3, 1.0f);
    (void)buf.Get<double>().GetValue(31);
  }));
}

}  // namespace
