// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// DataCopy GM <-> UB and UB <-> UB, count form and DataCopyParams (burst)
// form, checked element by element against a reference: gaps (srcStride /
// dstStride, in 32-byte blocks between bursts) on both sides must be skipped
// on the source and left untouched on the destination.
#include <aicore/aicore.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <optional>
#include <random>
#include <string>
#include <vector>

using namespace AscendC;

namespace {

template <class F>
void OnCore(F&& f) {
  aicore::LaunchNamed("test_data_copy_kernel", std::forward<F>(f), 1);
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

constexpr uint8_t kSentinel = 0xEE;

// Source bytes never equal the sentinel.
std::vector<uint8_t> Pattern(size_t bytes, uint32_t seed) {
  std::vector<uint8_t> v(bytes);
  for (size_t i = 0; i < bytes; ++i) v[i] = static_cast<uint8_t>((i * 37 + seed * 11 + 5) % 127);
  return v;
}

// The reference: what dst must hold after a burst copy, element by element.
// Element e of dst lies in burst k = e / dstPeriod at position w = e %
// dstPeriod; if w < burst length it comes from src element
// k * srcPeriod + w, otherwise it is a gap and keeps its old value.
template <class T>
std::vector<uint8_t> Reference(const std::vector<uint8_t>& src, std::vector<uint8_t> dst,
                               const DataCopyParams& p) {
  const size_t per_block = 32 / sizeof(T);
  const size_t len = p.blockLen * per_block;
  const size_t dst_period = (p.blockLen + p.dstStride) * per_block;
  const size_t src_period = (p.blockLen + p.srcStride) * per_block;
  const size_t dst_elems = dst.size() / sizeof(T);
  for (size_t e = 0; e < dst_elems; ++e) {
    const size_t k = e / dst_period, w = e % dst_period;
    if (k >= p.blockCount || w >= len) continue;
    const size_t s = k * src_period + w;
    std::memcpy(&dst[e * sizeof(T)], &src[s * sizeof(T)], sizeof(T));
  }
  return dst;
}

template <class T>
void ExpectSameElements(const std::vector<uint8_t>& got, const std::vector<uint8_t>& want,
                        const std::string& what) {
  ASSERT_EQ(got.size(), want.size());
  int reported = 0;
  for (size_t e = 0; e < got.size() / sizeof(T); ++e) {
    if (std::memcmp(&got[e * sizeof(T)], &want[e * sizeof(T)], sizeof(T)) != 0) {
      ADD_FAILURE() << what << ": element " << e << " differs (byte " << e * sizeof(T) << ")";
      if (++reported == 8) return;
    }
  }
}

std::string Str(const DataCopyParams& p) {
  return "{" + std::to_string(p.blockCount) + ", " + std::to_string(p.blockLen) + ", " +
         std::to_string(p.srcStride) + ", " + std::to_string(p.dstStride) + "}";
}

uint64_t Span(const DataCopyParams& p, uint16_t gap) {
  return (static_cast<uint64_t>(p.blockCount - 1) * (p.blockLen + gap) + p.blockLen) * 32;
}

// GM -> UB with params. The GM tensor is bound to exactly the bytes the
// copy reads; UB has `slack` extra bytes after the footprint, all sentinel.
template <class T>
void CheckGmToUb(const DataCopyParams& p, uint32_t slack = 64) {
  const uint64_t src_bytes = Span(p, p.srcStride);
  const uint64_t dst_bytes = Span(p, p.dstStride) + slack;
  const std::vector<uint8_t> gm = Pattern(src_bytes, p.blockLen);
  std::vector<uint8_t> ub(dst_bytes);
  OnCore([&] {
    TPipe pipe;
    TBuf<> buf;
    pipe.InitBuffer(buf, static_cast<uint32_t>(dst_bytes));
    LocalTensor<T> local = buf.Get<T>();
    std::memset(static_cast<void*>(local.GetPhyAddr()), kSentinel, dst_bytes);
    GlobalTensor<T> g;
    g.SetGlobalBuffer(reinterpret_cast<T*>(const_cast<uint8_t*>(gm.data())), src_bytes / sizeof(T));
    DataCopy(local, g, p);
    std::memcpy(ub.data(), local.GetPhyAddr(), dst_bytes);
  });
  ExpectSameElements<T>(ub, Reference<T>(gm, std::vector<uint8_t>(dst_bytes, kSentinel), p),
                        "GM->UB " + Str(p));
}

// UB -> GM with params; the host buffer has a guard zone after the bound GM
// size that must stay untouched.
template <class T>
void CheckUbToGm(const DataCopyParams& p, uint32_t guard = 96) {
  const uint64_t src_bytes = Span(p, p.srcStride);
  const uint64_t dst_bytes = Span(p, p.dstStride);
  const std::vector<uint8_t> ub = Pattern(src_bytes, p.blockCount);
  std::vector<uint8_t> gm(dst_bytes + guard, kSentinel);
  OnCore([&] {
    TPipe pipe;
    TBuf<> buf;
    pipe.InitBuffer(buf, static_cast<uint32_t>(src_bytes));
    LocalTensor<T> local = buf.Get<T>();
    std::memcpy(local.GetPhyAddr(), ub.data(), src_bytes);
    GlobalTensor<T> g;
    g.SetGlobalBuffer(reinterpret_cast<T*>(gm.data()), dst_bytes / sizeof(T));
    DataCopy(g, local, p);
  });
  ExpectSameElements<T>(gm, Reference<T>(ub, std::vector<uint8_t>(dst_bytes + guard, kSentinel), p),
                        "UB->GM " + Str(p));
}

// UB -> UB with params between two buffers of one pipe.
template <class T>
void CheckUbToUb(const DataCopyParams& p) {
  const uint64_t src_bytes = Span(p, p.srcStride);
  const uint64_t dst_bytes = Span(p, p.dstStride) + 32;
  const std::vector<uint8_t> src = Pattern(src_bytes, 3);
  std::vector<uint8_t> dst(dst_bytes);
  OnCore([&] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> qs;
    TQue<TPosition::VECOUT, 1> qd;
    pipe.InitBuffer(qs, 1, static_cast<uint32_t>(src_bytes));
    pipe.InitBuffer(qd, 1, static_cast<uint32_t>(dst_bytes));
    LocalTensor<T> s = qs.AllocTensor<T>();
    LocalTensor<T> d = qd.AllocTensor<T>();
    std::memcpy(s.GetPhyAddr(), src.data(), src_bytes);
    std::memset(static_cast<void*>(d.GetPhyAddr()), kSentinel, dst_bytes);
    DataCopy(d, s, p);
    std::memcpy(dst.data(), d.GetPhyAddr(), dst_bytes);
    qs.FreeTensor(s);
    qd.FreeTensor(d);
  });
  ExpectSameElements<T>(dst, Reference<T>(src, std::vector<uint8_t>(dst_bytes, kSentinel), p),
                        "UB->UB " + Str(p));
}

template <class T>
void CheckAllDirections(const DataCopyParams& p) {
  CheckGmToUb<T>(p);
  CheckUbToGm<T>(p);
  CheckUbToUb<T>(p);
}

TEST(DataCopyParamsTest, Defaults) {
  DataCopyParams p;
  EXPECT_EQ(p.blockCount, 1);
  EXPECT_EQ(p.blockLen, 0);
  EXPECT_EQ(p.srcStride, 0);
  EXPECT_EQ(p.dstStride, 0);
  DataCopyParams q(3, 4, 5, 6);  // constructor order: count, len, srcStride, dstStride
  EXPECT_EQ(q.blockCount, 3);
  EXPECT_EQ(q.blockLen, 4);
  EXPECT_EQ(q.srcStride, 5);
  EXPECT_EQ(q.dstStride, 6);
}

TEST(DataCopyBurstTest, GapsOnBothSidesFloat) {
  CheckAllDirections<float>(DataCopyParams(3, 2, 1, 2));
  CheckAllDirections<float>(DataCopyParams(4, 1, 3, 0));
  CheckAllDirections<float>(DataCopyParams(4, 1, 0, 3));
  CheckAllDirections<float>(DataCopyParams(1, 5, 7, 9));  // one burst: strides unused
}

TEST(DataCopyBurstTest, GapsOnBothSidesHalfAndInt8) {
  CheckAllDirections<half>(DataCopyParams(4, 1, 3, 2));
  CheckAllDirections<half>(DataCopyParams(5, 3, 2, 1));
  CheckAllDirections<int8_t>(DataCopyParams(6, 2, 1, 4));
  CheckAllDirections<int32_t>(DataCopyParams(2, 4, 2, 2));
  CheckAllDirections<double>(DataCopyParams(3, 1, 1, 1));
}

TEST(DataCopyBurstTest, ContiguousBursts) {
  CheckAllDirections<float>(DataCopyParams(4, 2, 0, 0));
  CheckAllDirections<half>(DataCopyParams(1, 64, 0, 0));
}

TEST(DataCopyBurstTest, RandomParams) {
  std::mt19937 rng(20260401);
  std::uniform_int_distribution<int> count(1, 12), len(1, 6), gap(0, 5);
  for (int i = 0; i < 40; ++i) {
    DataCopyParams p(static_cast<uint16_t>(count(rng)), static_cast<uint16_t>(len(rng)),
                     static_cast<uint16_t>(gap(rng)), static_cast<uint16_t>(gap(rng)));
    SCOPED_TRACE(Str(p));
    switch (i % 3) {
      case 0: CheckAllDirections<float>(p); break;
      case 1: CheckAllDirections<half>(p); break;
      default: CheckAllDirections<uint8_t>(p); break;
    }
  }
}

TEST(DataCopyBurstTest, FromGmViewAndToUbView) {
  // xGm[off] and xLocal[off] (32-byte aligned) as operands.
  std::vector<float> gm(256);
  for (int i = 0; i < 256; ++i) gm[i] = static_cast<float>(i);
  std::vector<float> out(256, -1.0f);
  OnCore([&] {
    TPipe pipe;
    TBuf<> buf;
    pipe.InitBuffer(buf, 1024);
    LocalTensor<float> l = buf.Get<float>();
    for (int i = 0; i < 256; ++i) l.SetValue(i, -1.0f);
    GlobalTensor<float> g, o;
    g.SetGlobalBuffer(gm.data(), 256);
    o.SetGlobalBuffer(out.data(), 256);
    // 2 bursts of 8 floats from gm[40], gap 8 floats in GM, into l[16], gap 24:
    // gm[40..47] -> l[16..23], gm[56..63] -> l[48..55].
    DataCopy(l[16], g[40], DataCopyParams(2, 1, 1, 3));
    // l[16..23] -> out[100..107], l[48..55] -> out[116..123] (UB gap 24 floats, GM gap 8).
    DataCopy(o[100], l[16], DataCopyParams(2, 1, 3, 1));
  });
  for (int i = 0; i < 256; ++i) {
    float want = -1.0f;
    if (i >= 100 && i < 108) want = static_cast<float>(40 + (i - 100));
    if (i >= 116 && i < 124) want = static_cast<float>(56 + (i - 116));
    EXPECT_EQ(out[i], want) << i;
  }
}

// ---------------------------------------------------------------------------
// Count form.

template <class T>
void CheckCountForm(uint32_t count) {
  const size_t bytes = count * sizeof(T);
  const std::vector<uint8_t> in = Pattern(bytes, 9);
  std::vector<uint8_t> out(bytes + 64, kSentinel);
  std::vector<uint8_t> ub(bytes);
  OnCore([&] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> qi;
    TQue<TPosition::VECOUT, 1> qo;
    pipe.InitBuffer(qi, 1, static_cast<uint32_t>(bytes));
    pipe.InitBuffer(qo, 1, static_cast<uint32_t>(bytes));
    GlobalTensor<T> gi, go;
    gi.SetGlobalBuffer(reinterpret_cast<T*>(const_cast<uint8_t*>(in.data())), count);
    go.SetGlobalBuffer(reinterpret_cast<T*>(out.data()), count);
    LocalTensor<T> a = qi.AllocTensor<T>();
    DataCopy(a, gi, count);
    std::memcpy(ub.data(), a.GetPhyAddr(), bytes);
    qi.EnQue(a);
    LocalTensor<T> x = qi.DeQue<T>();
    LocalTensor<T> y = qo.AllocTensor<T>();
    DataCopy(y, x, count);  // UB -> UB
    qi.FreeTensor(x);
    qo.EnQue(y);
    LocalTensor<T> z = qo.DeQue<T>();
    DataCopy(go, z, count);
    qo.FreeTensor(z);
  });
  ExpectSameElements<T>(ub, in, "GM->UB count " + std::to_string(count));
  std::vector<uint8_t> want = in;
  want.resize(bytes + 64, kSentinel);
  ExpectSameElements<T>(out, want, "UB->UB->GM count " + std::to_string(count));
}

TEST(DataCopyCountTest, RoundTripsExactlyCount) {
  CheckCountForm<float>(8);
  CheckCountForm<float>(1024);
  CheckCountForm<half>(16);
  CheckCountForm<half>(4096);
  CheckCountForm<int8_t>(32);
  CheckCountForm<uint8_t>(96);
  CheckCountForm<int16_t>(48);
  CheckCountForm<double>(12);
  CheckCountForm<int64_t>(4);
}

TEST(DataCopyCountTest, ZeroCountIsNoOp) {
  std::vector<float> gm(8, 5.0f);
  EXPECT_FALSE(ErrorOf([&] {
    TPipe pipe;
    TBuf<> buf;
    pipe.InitBuffer(buf, 32);
    GlobalTensor<float> g;
    g.SetGlobalBuffer(gm.data(), 8);
    DataCopy(g, buf.Get<float>(), 0);
  }));
  EXPECT_EQ(gm[0], 5.0f);
}

// ---------------------------------------------------------------------------
// Parameter and bounds errors of the burst form.

TEST(DataCopyBurstTest, ParameterErrors) {
  std::vector<float> gm(4096);
  auto run = [&](DataCopyParams p) {
    return ErrorOf([&gm, p] {
      TPipe pipe;
      TBuf<> buf;
      pipe.InitBuffer(buf, 4096);
      GlobalTensor<float> g;
      g.SetGlobalBuffer(gm.data(), gm.size());
      DataCopy(buf.Get<float>(), g, p);
    });
  };
  auto e = run(DataCopyParams(0, 1, 0, 0));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kParameter);
  EXPECT_TRUE(Contains(e->what(), "blockCount must be in [1, 4095]")) << e->what();
  EXPECT_TRUE(Contains(e->what(), "blockCount=0")) << e->what();
  e = run(DataCopyParams(4096, 1, 0, 0));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kParameter);
  e = run(DataCopyParams(2, 0, 0, 0));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kParameter);
  EXPECT_TRUE(Contains(e->what(), "blockLen must be at least 1")) << e->what();
  EXPECT_FALSE(run(DataCopyParams(4, 4, 0, 0)));
}

TEST(DataCopyBurstTest, FootprintBoundsErrors) {
  std::vector<float> gm(256);
  // GM side: 3 bursts of 8 floats with 8-float gaps read 40 floats.
  auto gm_read = [&](uint64_t bound) {
    return ErrorOf([&gm, bound] {
      TPipe pipe;
      TBuf<> buf;
      pipe.InitBuffer(buf, 1024);
      GlobalTensor<float> g;
      g.SetGlobalBuffer(gm.data(), bound);
      DataCopy(buf.Get<float>(), g, DataCopyParams(3, 1, 1, 0));
    });
  };
  EXPECT_FALSE(gm_read(40));
  auto e = gm_read(39);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kBounds);
  EXPECT_TRUE(Contains(e->what(), "40 float elements")) << e->what();
  EXPECT_TRUE(Contains(e->what(), "39 elements")) << e->what();

  // GM side of UB -> GM.
  auto gm_write = [&](uint64_t bound) {
    return ErrorOf([&gm, bound] {
      TPipe pipe;
      TBuf<> buf;
      pipe.InitBuffer(buf, 1024);
      GlobalTensor<float> g;
      g.SetGlobalBuffer(gm.data(), bound);
      DataCopy(g, buf.Get<float>(), DataCopyParams(2, 2, 0, 3));  // writes 16+24+16 floats
    });
  };
  EXPECT_FALSE(gm_write(56));
  e = gm_write(55);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kBounds);

  // UB side: the destination footprint must fit in the buffer.
  auto ub_write = [&](uint32_t ub_bytes) {
    return ErrorOf([&gm, ub_bytes] {
      TPipe pipe;
      TBuf<> buf;
      pipe.InitBuffer(buf, ub_bytes);
      GlobalTensor<float> g;
      g.SetGlobalBuffer(gm.data(), gm.size());
      DataCopy(buf.Get<float>(), g, DataCopyParams(3, 1, 0, 2));  // (2*3+1)*32 = 224 bytes
    });
  };
  EXPECT_FALSE(ub_write(224));
  e = ub_write(192);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kBounds);
  EXPECT_TRUE(Contains(e->what(), "dst operand")) << e->what();
  EXPECT_TRUE(Contains(e->what(), "32 bytes past the end")) << e->what();

  // UB -> UB source footprint.
  e = ErrorOf([] {
    TPipe pipe;
    TBuf<> a, b;
    pipe.InitBuffer(a, 1024);
    pipe.InitBuffer(b, 64);
    DataCopy(a.Get<half>(), b.Get<half>(), DataCopyParams(2, 1, 1, 0));  // src reads 96 bytes
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kBounds);
  EXPECT_TRUE(Contains(e->what(), "src operand")) << e->what();
}

}  // namespace
