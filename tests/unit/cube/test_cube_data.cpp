// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The cube's data movement against the scalar reference models
// (cube_test_util.h): DataCopy with Nd2NzParams (GM -> L1, UB -> L1),
// LoadData 2D (L1 / GM -> L0A / L0B / L1, with transpose and addrMode),
// LoadDataWithTranspose (every element width), LoadData 3D (img2col), the
// copies into the bias table and the fixpipe buffer; randomized over sizes,
// strides and types, bit-exact, and the bytes nobody should write untouched.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "aicore/aicore.h"
#include "unit/cube/cube_test_util.h"

namespace {

using namespace AscendC;  // NOLINT
using cube_test::Bytes;
using cube_test::CeilAlign;
using cube_test::CeilDiv;

constexpr uint8_t kFill = 0xA5;  // bytes an instruction must leave alone

Bytes RandomBytes(cube_test::Rng& r, size_t n) {
  Bytes b(n);
  for (auto& x : b) x = static_cast<uint8_t>(r.Next());
  return b;
}

template <class T>
std::string FirstDiff(const Bytes& got, const Bytes& want) {
  for (size_t i = 0; i < got.size(); ++i) {
    if (got[i] != want[i]) {
      return "byte " + std::to_string(i) + " (element " + std::to_string(i / sizeof(T)) + ") is " +
             std::to_string(got[i]) + ", expected " + std::to_string(want[i]);
    }
  }
  return "";
}

// ---- ND -> NZ --------------------------------------------------------------------

template <class T>
void CheckNd2NzGm(uint64_t seed) {
  cube_test::Rng rng(seed);
  const uint32_t es = sizeof(T), c0 = 32 / es;
  for (int t = 0; t < 60; ++t) {
    Nd2NzParams p;
    p.ndNum = static_cast<uint16_t>(1 + rng.Below(3));
    p.nValue = static_cast<uint16_t>(1 + rng.Below(40));
    p.dValue = static_cast<uint16_t>(1 + rng.Below(3 * c0 + 5));
    p.srcDValue = static_cast<uint16_t>(p.dValue + rng.Below(9));
    p.srcNdMatrixStride = static_cast<uint16_t>(p.nValue * p.srcDValue + rng.Below(40));
    p.dstNzNStride = static_cast<uint16_t>(1 + rng.Below(2));
    p.dstNzC0Stride = static_cast<uint16_t>(CeilAlign(p.nValue * p.dstNzNStride, 16) + rng.Below(3));
    const uint32_t groups = CeilDiv(p.dValue, c0);
    const uint32_t matrix = ((groups - 1) * p.dstNzC0Stride + (p.nValue - 1) * p.dstNzNStride + 1) * c0;
    p.dstNzMatrixStride = static_cast<uint16_t>(CeilAlign(matrix, c0) + c0 * rng.Below(3));
    SCOPED_TRACE(testing::Message() << "nd " << p.ndNum << " n " << p.nValue << " d " << p.dValue
                                    << " srcD " << p.srcDValue << " C0s " << p.dstNzC0Stride
                                    << " Ns " << p.dstNzNStride << " Ms " << p.dstNzMatrixStride);
    const size_t src_elems = size_t{p.ndNum - 1u} * p.srcNdMatrixStride + size_t{p.nValue - 1u} * p.srcDValue + p.dValue;
    const Bytes src = RandomBytes(rng, src_elems * es);
    const size_t dst_bytes = (size_t{p.ndNum - 1u} * p.dstNzMatrixStride) * es + matrix * es + 64;
    Bytes want(dst_bytes, kFill), got(dst_bytes, kFill);
    cube_test::RefNd2Nz(want, src, es, p);
    cube_test::RunBlock([&] {
      TPipe pipe;
      TBuf<TPosition::A1> a1;
      pipe.InitBuffer(a1, static_cast<uint32_t>(dst_bytes));
      LocalTensor<T> l1 = a1.Get<T>();
      std::memcpy(l1.GetPhyAddr(), got.data(), dst_bytes);
      GlobalTensor<T> gm;
      gm.SetGlobalBuffer(reinterpret_cast<T*>(const_cast<uint8_t*>(src.data())), src_elems);
      DataCopy(l1, gm, p);
      std::memcpy(got.data(), l1.GetPhyAddr(), dst_bytes);
    });
    ASSERT_EQ(FirstDiff<T>(got, want), "");
  }
}

TEST(CubeNd2Nz, GmToL1Half) { CheckNd2NzGm<half>(1); }
TEST(CubeNd2Nz, GmToL1Float) { CheckNd2NzGm<float>(2); }
TEST(CubeNd2Nz, GmToL1Int8) { CheckNd2NzGm<int8_t>(3); }

TEST(CubeNd2Nz, UbToL1AndNoOps) {
  cube_test::Rng rng(4);
  for (int t = 0; t < 30; ++t) {
    Nd2NzParams p;
    p.ndNum = 1;
    p.nValue = static_cast<uint16_t>(1 + rng.Below(20));
    p.dValue = static_cast<uint16_t>(1 + rng.Below(50));
    p.srcDValue = static_cast<uint16_t>(CeilAlign(p.dValue, 16) + 16 * rng.Below(2));  // rows 32-byte aligned
    p.dstNzNStride = 1;
    p.dstNzC0Stride = static_cast<uint16_t>(CeilAlign(p.nValue, 16));
    const size_t src_bytes = (size_t{p.nValue - 1u} * p.srcDValue + p.dValue) * 2;
    const Bytes src = RandomBytes(rng, CeilAlign(static_cast<uint32_t>(src_bytes), 32));
    const size_t dst_bytes = size_t{CeilDiv(p.dValue, 16)} * p.dstNzC0Stride * 32 + 64;
    Bytes want(dst_bytes, kFill), got(dst_bytes, kFill);
    cube_test::RefNd2Nz(want, src, 2, p);
    cube_test::RunBlock([&] {
      TPipe pipe;
      TBuf<TPosition::TSCM> l1buf;
      TBuf<TPosition::VECIN> ub;
      pipe.InitBuffer(l1buf, static_cast<uint32_t>(dst_bytes));
      pipe.InitBuffer(ub, static_cast<uint32_t>(src.size()));
      LocalTensor<half> l1 = l1buf.Get<half>(), u = ub.Get<half>();
      std::memcpy(l1.GetPhyAddr(), got.data(), dst_bytes);
      std::memcpy(u.GetPhyAddr(), src.data(), src.size());
      DataCopy(l1, u, p);
      std::memcpy(got.data(), l1.GetPhyAddr(), dst_bytes);
    });
    ASSERT_EQ(FirstDiff<half>(got, want), "");
  }
  // ndNum, nValue or dValue 0: nothing written, nothing checked.
  cube_test::RunBlock([&] {
    TPipe pipe;
    TBuf<TPosition::A1> a1;
    pipe.InitBuffer(a1, 64);
    LocalTensor<half> l1 = a1.Get<half>();
    std::memset(static_cast<void*>(l1.GetPhyAddr()), kFill, 64);
    GlobalTensor<half> gm;
    gm.SetGlobalBuffer(reinterpret_cast<half*>(l1.GetPhyAddr()), 1);
    DataCopy(l1, gm, Nd2NzParams{});
    DataCopy(l1, gm, Nd2NzParams(1, 0, 16, 0, 16, 1, 1, 0));
    EXPECT_EQ(reinterpret_cast<uint8_t*>(l1.GetPhyAddr())[0], kFill);
  });
}

// ---- NZ -> ND (UB -> GM, Nz2NdParamsFull) ------------------------------------------

// Runs DataCopy(gm, ub, p) on a UB source of `src` and a GM destination
// holding `dst`; returns the KernelError text ("" when none). `src_pos_l1`:
// the source in L1 instead (a wrong position).
template <class T>
std::string RunNz2Nd(Bytes& dst, const Bytes& src, const Nz2NdParamsFull& p, bool src_pos_l1 = false) {
  return cube_test::ErrorOf([&] {
    TPipe pipe;
    TBuf<TPosition::VECOUT> ub;
    TBuf<TPosition::A1> l1;
    pipe.InitBuffer(ub, static_cast<uint32_t>(src.size()));
    pipe.InitBuffer(l1, static_cast<uint32_t>(src.size()));
    LocalTensor<T> u = src_pos_l1 ? l1.Get<T>() : ub.Get<T>();
    std::memcpy(u.GetPhyAddr(), src.data(), src.size());
    GlobalTensor<T> gm;
    gm.SetGlobalBuffer(reinterpret_cast<T*>(dst.data()), dst.size() / sizeof(T));
    DataCopy(gm, u, p);
  });
}

template <class T>
void CheckNz2Nd(uint64_t seed) {
  cube_test::Rng rng(seed);
  const uint32_t es = sizeof(T);
  for (int t = 0; t < 60; ++t) {
    Nz2NdParamsFull p;
    p.ndNum = static_cast<uint16_t>(rng.Below(4));  // 0: a no-op
    p.nValue = static_cast<uint16_t>(1 + rng.Below(40));
    p.dValue = static_cast<uint16_t>(16 * (1 + rng.Below(4)));
    p.srcNStride = static_cast<uint16_t>(t % 7 == 0 ? rng.Below(p.nValue) : p.nValue + rng.Below(4));  // overlapping Zs too
    p.srcNdMatrixStride = static_cast<uint16_t>(1 + rng.Below(3) + ((p.dValue / 16 - 1) * p.srcNStride + p.nValue) / 16);
    p.dstDStride = static_cast<uint16_t>(t % 5 == 0 ? 1 + rng.Below(p.dValue) : p.dValue + rng.Below(20));
    p.dstNdMatrixStride = static_cast<uint16_t>(1 + rng.Below(p.nValue * p.dstDStride + 30));
    SCOPED_TRACE(testing::Message() << "nd " << p.ndNum << " n " << p.nValue << " d " << p.dValue << " srcMs "
                                    << p.srcNdMatrixStride << " srcNs " << p.srcNStride << " dstDs "
                                    << p.dstDStride << " dstMs " << p.dstNdMatrixStride);
    const uint32_t nd = p.ndNum == 0 ? 1 : p.ndNum;
    const size_t src_elems = size_t{nd} * p.srcNdMatrixStride * 256;
    const size_t dst_elems = size_t{nd - 1} * p.dstNdMatrixStride + (size_t{p.nValue} - 1) * p.dstDStride + p.dValue + 7;
    const Bytes src = RandomBytes(rng, src_elems * es);
    Bytes want(dst_elems * es, kFill), got(dst_elems * es, kFill);
    for (uint32_t i = 0; i < p.ndNum; ++i) {
      for (uint32_t r = 0; r < p.nValue; ++r) {
        for (uint32_t c = 0; c < p.dValue; ++c) {
          const size_t s = size_t{i} * p.srcNdMatrixStride * 256 + size_t{c / 16} * p.srcNStride * 16 + r * 16 + c % 16;
          const size_t d = size_t{i} * p.dstNdMatrixStride + size_t{r} * p.dstDStride + c;
          std::memcpy(&want[d * es], &src[s * es], es);
        }
      }
    }
    ASSERT_EQ(RunNz2Nd<T>(got, src, p), "");
    ASSERT_EQ(FirstDiff<T>(got, want), "");
  }
}

TEST(CubeNz2NdUbToGm, Half) { CheckNz2Nd<half>(51); }
TEST(CubeNz2NdUbToGm, Float) { CheckNz2Nd<float>(52); }
TEST(CubeNz2NdUbToGm, Int16) { CheckNz2Nd<int16_t>(53); }

TEST(CubeNz2NdUbToGm, DocumentedExample) {
  // {1, 32, 32, 1, 32, 32, 1} on 1 .. 1024: row r is 16r+1 .. 16r+16, then 512+16r+1 .. 512+16r+16.
  std::vector<int16_t> in(1024);
  for (int i = 0; i < 1024; ++i) in[i] = static_cast<int16_t>(i + 1);
  Bytes src(2048), dst(2048, 0);
  std::memcpy(src.data(), in.data(), 2048);
  ASSERT_EQ(RunNz2Nd<int16_t>(dst, src, Nz2NdParamsFull{1, 32, 32, 1, 32, 32, 1}), "");
  std::vector<int16_t> out(1024);
  std::memcpy(out.data(), dst.data(), 2048);
  EXPECT_EQ(out[0], 1);
  EXPECT_EQ(out[15], 16);
  EXPECT_EQ(out[16], 513);
  EXPECT_EQ(out[31], 528);
  EXPECT_EQ(out[32], 17);
  EXPECT_EQ(out[48], 529);
  EXPECT_EQ(out[992], 497);
  EXPECT_EQ(out[1023], 1024);
}

TEST(CubeNz2NdUbToGm, AtomicAddCombinesIntoGm) {
  std::vector<float> gm(40, 1.5f);
  cube_test::RunBlock([&] {
    TPipe pipe;
    TBuf<TPosition::VECOUT> ub;
    pipe.InitBuffer(ub, 256 * 4);
    LocalTensor<float> u = ub.Get<float>();
    for (int i = 0; i < 256; ++i) u.GetPhyAddr()[i] = static_cast<float>(i);
    GlobalTensor<float> g;
    g.SetGlobalBuffer(gm.data(), 40);
    SetAtomicAdd<float>();
    DataCopy(g, u, Nz2NdParamsFull{1, 2, 16, 1, 2, 20, 1});  // rows 0, 1 of one Z to 0 and 20
    SetAtomicNone();
  });
  for (int c = 0; c < 16; ++c) {
    EXPECT_EQ(gm[c], 1.5f + c);
    EXPECT_EQ(gm[20 + c], 1.5f + 16 + c);
  }
  EXPECT_EQ(gm[16], 1.5f);
}

TEST(CubeNz2NdUbToGm, ChecksWithCleanTwins) {
  const Nz2NdParamsFull ok{2, 4, 32, 1, 4, 160, 48};  // the documented half example
  Bytes src(2 * 256 * 2), dst((48 + 3 * 160 + 32) * 2);
  EXPECT_EQ(RunNz2Nd<half>(dst, src, ok), "");
  Nz2NdParamsFull p = ok;
  p.dValue = 24;
  EXPECT_TRUE(cube_test::Has(RunNz2Nd<half>(dst, src, p), "Nz2NdParamsFull.dValue 24 is not a multiple of 16"));
  p = ok;
  p.srcNdMatrixStride = 0;
  EXPECT_TRUE(cube_test::Has(RunNz2Nd<half>(dst, src, p), "Nz2NdParamsFull.srcNdMatrixStride 0 is outside [1, 512]"));
  p = ok;
  p.nValue = 0;
  EXPECT_TRUE(cube_test::Has(RunNz2Nd<half>(dst, src, p), "Nz2NdParamsFull.nValue 0 is outside [1, 8192]"));
  p = ok;
  p.dstDStride = 161;  // the last row 3 elements past the GM tensor
  EXPECT_TRUE(cube_test::Has(RunNz2Nd<half>(dst, src, p), "overruns the GlobalTensor's 560 elements"));
  p = ok;
  p.srcNdMatrixStride = 2;  // the second matrix past the UB source
  EXPECT_TRUE(cube_test::Has(RunNz2Nd<half>(dst, src, p), "src operand of 640 half"));
  EXPECT_TRUE(cube_test::Has(RunNz2Nd<half>(dst, src, ok, true), "src of DataCopy is at position A1"));
}

// ---- LoadData 2D ------------------------------------------------------------------

template <class T>
void CheckLoad2D(uint64_t seed, bool from_gm) {
  cube_test::Rng rng(seed);
  for (int t = 0; t < 80; ++t) {
    LoadData2DParams p;
    p.repeatTimes = static_cast<uint8_t>(1 + rng.Below(12));
    p.srcStride = static_cast<uint16_t>(rng.Below(4));
    p.dstGap = static_cast<uint16_t>(rng.Below(3));
    p.ifTranspose = !from_gm && sizeof(T) == 2 && rng.Below(2);
    const bool to_l1 = from_gm && rng.Below(3) == 0;
    p.addrMode = to_l1 && rng.Below(2) ? 1 : 0;
    p.startIndex = static_cast<uint16_t>(rng.Below(5) + (p.addrMode ? p.srcStride * (p.repeatTimes - 1u) : 0u));
    const int64_t last = p.addrMode ? p.startIndex - int64_t{p.srcStride} * (p.repeatTimes - 1) : p.startIndex + int64_t{p.srcStride} * (p.repeatTimes - 1);
    const size_t src_bytes = (std::max<int64_t>(p.startIndex, last) + 1) * 512;
    const size_t dst_bytes = (size_t{p.repeatTimes - 1u} * (p.dstGap + 1u) + 1) * 512 + 512;
    SCOPED_TRACE(testing::Message() << "rep " << int(p.repeatTimes) << " start " << p.startIndex << " srcStride " << p.srcStride
                                    << " dstGap " << p.dstGap << " T " << p.ifTranspose << " mode " << int(p.addrMode)
                                    << " gm " << from_gm << " l1 " << to_l1);
    const Bytes src = RandomBytes(rng, src_bytes);
    Bytes want(dst_bytes, kFill), got(dst_bytes, kFill);
    cube_test::RefLoad2D(want, src, sizeof(T), p);
    const bool to_b = rng.Below(2);
    cube_test::RunBlock([&] {
      TPipe pipe;
      TBuf<TPosition::A1> a1;
      TBuf<TPosition::B1> b1;
      TBuf<TPosition::A2> a2;
      TBuf<TPosition::B2> b2;
      pipe.InitBuffer(a1, 64 * 1024);
      pipe.InitBuffer(b1, 64 * 1024);
      pipe.InitBuffer(a2, 64 * 1024);
      pipe.InitBuffer(b2, 64 * 1024);
      LocalTensor<T> dst = to_l1 ? b1.Get<T>() : (to_b ? b2.Get<T>() : a2.Get<T>());
      std::memcpy(dst.GetPhyAddr(), got.data(), dst_bytes);
      if (from_gm) {
        GlobalTensor<T> gm;
        gm.SetGlobalBuffer(reinterpret_cast<T*>(const_cast<uint8_t*>(src.data())), src_bytes / sizeof(T));
        LoadData(dst, gm, p);
      } else {
        LocalTensor<T> l1 = a1.Get<T>();
        std::memcpy(l1.GetPhyAddr(), src.data(), src_bytes);
        LoadData(dst, l1, p);
      }
      std::memcpy(got.data(), dst.GetPhyAddr(), dst_bytes);
    });
    ASSERT_EQ(FirstDiff<T>(got, want), "");
  }
}

TEST(CubeLoadData, L1ToL0Half) { CheckLoad2D<half>(21, false); }
TEST(CubeLoadData, L1ToL0Float) { CheckLoad2D<float>(22, false); }
TEST(CubeLoadData, L1ToL0Int8) { CheckLoad2D<int8_t>(23, false); }
TEST(CubeLoadData, GmToL0AndL1Half) { CheckLoad2D<half>(24, true); }
TEST(CubeLoadData, GmToL0AndL1Int8) { CheckLoad2D<int8_t>(25, true); }

// ---- LoadDataWithTranspose ---------------------------------------------------------

template <class T>
void CheckTranspose(uint64_t seed) {
  constexpr uint32_t bits = std::is_same<T, int4b_t>::value ? 4 : 8 * sizeof(T);
  const uint32_t c0 = 256 / bits, n = bits == 32 ? 16 : c0;
  const uint32_t fracs = n * n * bits / 8 / 512;
  const size_t square = size_t{n} * n * bits / 8;
  cube_test::Rng rng(seed);
  for (int t = 0; t < 60; ++t) {
    LoadData2dTransposeParams p;
    p.repeatTimes = static_cast<uint8_t>(1 + rng.Below(6));
    p.srcStride = static_cast<uint16_t>(rng.Below(3));
    p.addrMode = static_cast<uint8_t>(rng.Below(2));
    p.startIndex = static_cast<uint16_t>(rng.Below(3) + (p.addrMode ? p.srcStride * (p.repeatTimes - 1u) : 0u));
    // Non-overlapping fractals: either consecutive repeats, or interleaved
    // with dstFracGap covering every repeat.
    if (fracs == 1 || rng.Below(2)) {
      p.dstGap = static_cast<uint16_t>(fracs - 1 + rng.Below(2));
      p.dstFracGap = 0;
    } else {
      p.dstGap = 0;
      p.dstFracGap = static_cast<uint16_t>(p.repeatTimes - 1 + rng.Below(2));
    }
    const int64_t last = p.addrMode ? p.startIndex - int64_t{p.srcStride} * (p.repeatTimes - 1) : p.startIndex + int64_t{p.srcStride} * (p.repeatTimes - 1);
    const size_t src_bytes = (std::max<int64_t>(p.startIndex, last) + 1) * square;
    const size_t dst_bytes = (size_t{p.repeatTimes - 1u} * (p.dstGap + 1u) + size_t{fracs - 1} * (fracs > 1 ? p.dstFracGap + 1u : 1u) + 1) * 512 + 512;
    SCOPED_TRACE(testing::Message() << "bits " << bits << " rep " << int(p.repeatTimes) << " start " << p.startIndex
                                    << " srcStride " << p.srcStride << " dstGap " << p.dstGap << " fracGap "
                                    << p.dstFracGap << " mode " << int(p.addrMode));
    const Bytes src = RandomBytes(rng, src_bytes);
    Bytes want(dst_bytes, kFill), got(dst_bytes, kFill);
    cube_test::RefLoadTranspose(want, src, bits, p);
    const bool to_b = bits == 4 || rng.Below(2);
    cube_test::RunBlock([&] {
      TPipe pipe;
      TBuf<TPosition::B1> b1;
      TBuf<TPosition::A2> a2;
      TBuf<TPosition::B2> b2;
      pipe.InitBuffer(b1, 64 * 1024);
      pipe.InitBuffer(a2, 64 * 1024);
      pipe.InitBuffer(b2, 64 * 1024);
      LocalTensor<T> dst = to_b ? b2.Get<T>() : a2.Get<T>();
      LocalTensor<T> l1 = b1.Get<T>();
      std::memcpy(dst.GetPhyAddr(), got.data(), dst_bytes);
      std::memcpy(l1.GetPhyAddr(), src.data(), src_bytes);
      LoadDataWithTranspose(dst, l1, p);
      std::memcpy(got.data(), dst.GetPhyAddr(), dst_bytes);
    });
    ASSERT_EQ(FirstDiff<uint8_t>(got, want), "");
  }
}

TEST(CubeLoadDataWithTranspose, Half) { CheckTranspose<half>(31); }
TEST(CubeLoadDataWithTranspose, Float) { CheckTranspose<float>(32); }
TEST(CubeLoadDataWithTranspose, Int8) { CheckTranspose<int8_t>(33); }
TEST(CubeLoadDataWithTranspose, Int4) { CheckTranspose<int4b_t>(34); }

// A transposed square of half is the transpose of the NZ fractal: B (k x n)
// in NZ becomes ZN.
TEST(CubeLoadDataWithTranspose, HalfFractalIsTransposed) {
  Bytes src(512), got(512);
  for (int i = 0; i < 256; ++i) {
    const half h = static_cast<half>(i);
    std::memcpy(&src[i * 2], &h, 2);
  }
  cube_test::RunBlock([&] {
    TPipe pipe;
    TBuf<TPosition::B1> b1;
    TBuf<TPosition::B2> b2;
    pipe.InitBuffer(b1, 512);
    pipe.InitBuffer(b2, 512);
    std::memcpy(b1.Get<half>().GetPhyAddr(), src.data(), 512);
    LoadDataWithTranspose(b2.Get<half>(), b1.Get<half>(), LoadData2dTransposeParams(0, 1, 0, 0, 0));
    std::memcpy(got.data(), b2.Get<half>().GetPhyAddr(), 512);
  });
  for (int r = 0; r < 16; ++r) {
    for (int c = 0; c < 16; ++c) {
      half h;
      std::memcpy(&h, &got[(r * 16 + c) * 2], 2);
      EXPECT_EQ(static_cast<float>(h), static_cast<float>(c * 16 + r));
    }
  }
}

// ---- LoadData 3D (img2col) ---------------------------------------------------------

struct Conv {
  uint32_t c1, h, w, kh, kw, sh, sw, dh, dw, pad[4];
};

// The expanded matrix element (m, k) of the NC1HWC0 map `fm` (element
// index, or -1 for padding).
int64_t Im2Col(const Conv& c, uint32_t c0, uint32_t m, uint32_t k) {
  const int64_t wout = (int64_t{c.w} + c.pad[0] + c.pad[1] - int64_t{c.dw} * (c.kw - 1) - 1) / c.sw + 1;
  const int64_t ho = m / wout, wo = m % wout;
  const uint32_t kb = k / c0, cc = k % c0;
  const uint32_t ci = kb / (c.kh * c.kw), kr = kb % (c.kh * c.kw);
  const int64_t y = ho * c.sh + int64_t{kr / c.kw} * c.dh - c.pad[2];
  const int64_t x = wo * c.sw + int64_t{kr % c.kw} * c.dw - c.pad[0];
  if (y < 0 || y >= c.h || x < 0 || x >= c.w) return -1;
  return ((int64_t{ci} * c.h + y) * c.w + x) * c0 + cc;
}

// isSetFMatrix / isSetPadding false: the registers set earlier are used.
constexpr IsResetLoad3dConfig kKeep = {false, false};

// Each trial runs one of three forms: V2 with its own map and padding
// (the left registers, fMatrixCtrl false); SetFmatrix on a random side with a
// decoy map on the other side, then V2Pro or V2 with kKeep reading that side
// through fMatrixCtrl.
template <class T>
void CheckLoad3D(uint64_t seed, int mode) {  // 0: L0A, 1: L0A transposed, 2: L0B
  constexpr uint32_t es = sizeof(T);
  const uint32_t c0 = 32 / es;
  cube_test::Rng rng(seed);
  int ran = 0;
  for (int t = 0; t < 40; ++t) {
    Conv c{};
    c.c1 = 1 + rng.Below(3);
    c.h = 1 + rng.Below(7);
    c.w = 1 + rng.Below(7);
    c.kh = 1 + rng.Below(3);
    c.kw = 1 + rng.Below(3);
    c.sh = 1 + rng.Below(2);
    c.sw = 1 + rng.Below(2);
    c.dh = 1 + rng.Below(2);
    c.dw = 1 + rng.Below(2);
    for (auto& x : c.pad) x = rng.Below(3);
    const int64_t wspan = int64_t{c.w} + c.pad[0] + c.pad[1] - int64_t{c.dw} * (c.kw - 1) - 1;
    const int64_t hspan = int64_t{c.h} + c.pad[2] + c.pad[3] - int64_t{c.dh} * (c.kh - 1) - 1;
    if (wspan < 0 || hspan < 0) continue;
    const uint32_t mtotal = static_cast<uint32_t>((hspan / c.sh + 1) * (wspan / c.sw + 1));
    const uint32_t ktotal = c.c1 * c.kh * c.kw * c0;
    const uint32_t mstart = rng.Below(mtotal);
    const uint32_t mext = 1 + rng.Below(mtotal - mstart);
    const uint32_t kstart = c0 * rng.Below(ktotal / c0);
    const uint32_t kext = mode == 0 ? 1 + rng.Below(ktotal - kstart) : c0 * (1 + rng.Below((ktotal - kstart) / c0));
    const T padv = static_cast<T>(static_cast<int>(rng.Below(7)) - 3);
    const Bytes fmap = RandomBytes(rng, size_t{c.c1} * c.h * c.w * c0 * es);
    // Transposed forms: fractals of 16 k-rows x C0 m-columns; L0A orders them
    // k-block major over m1 * 16 / C0 m-blocks, L0B m-block major.
    const uint32_t m1 = CeilDiv(mext, 16), k1 = CeilDiv(kext, c0), kt = CeilDiv(kext, 16);
    const uint32_t mb = m1 * 16 / c0;
    const size_t dst_bytes = (mode == 0 ? size_t{m1} * k1 : size_t{mb} * kt) * 512 + 512;
    Bytes want(dst_bytes, kFill), got(dst_bytes, kFill);
    for (uint32_t mm = 0; mm < mext; ++mm) {
      for (uint32_t kk = 0; kk < kext; ++kk) {
        const int64_t s = Im2Col(c, c0, mstart + mm, kstart + kk);
        uint64_t d;
        if (mode == 0) d = cube_test::ZzOffset(mm, kk, c0, k1);
        else if (mode == 1) d = (uint64_t{kk / 16} * mb + mm / c0) * 16 * c0 + (kk % 16) * c0 + mm % c0;
        else d = (uint64_t{mm / c0} * kt + kk / 16) * 16 * c0 + (kk % 16) * c0 + mm % c0;
        if (s < 0) std::memcpy(&want[d * es], &padv, es);
        else std::memcpy(&want[d * es], &fmap[s * es], es);
      }
    }
    SCOPED_TRACE(testing::Message() << "mode " << mode << " c1 " << c.c1 << " hw " << c.h << "x" << c.w << " k "
                                    << c.kh << "x" << c.kw << " s " << c.sh << c.sw << " d " << c.dh << c.dw
                                    << " pad " << c.pad[0] << c.pad[1] << c.pad[2] << c.pad[3] << " m " << mstart
                                    << "+" << mext << " k " << kstart << "+" << kext);
    const uint32_t form = rng.Below(3);  // 0: V2, 1: registers + V2Pro, 2: registers + V2 kKeep
    const bool right = form != 0 && rng.Below(2);
    cube_test::RunBlock([&] {
      TPipe pipe;
      TBuf<TPosition::A1> a1;
      TBuf<TPosition::A2> a2;
      TBuf<TPosition::B2> b2;
      pipe.InitBuffer(a1, static_cast<uint32_t>(CeilAlign(static_cast<uint32_t>(fmap.size()), 32)));
      pipe.InitBuffer(a2, 64 * 1024);
      pipe.InitBuffer(b2, 64 * 1024);
      LocalTensor<T> src = a1.Get<T>();
      LocalTensor<T> dst = mode == 2 ? b2.Get<T>() : a2.Get<T>();
      std::memcpy(src.GetPhyAddr(), fmap.data(), fmap.size());
      std::memcpy(dst.GetPhyAddr(), got.data(), dst_bytes);
      uint8_t pads[4];
      for (int i = 0; i < 4; ++i) pads[i] = static_cast<uint8_t>(c.pad[i]);
      LoadData3DParamsV2<T> p(pads, static_cast<uint16_t>(c.h), static_cast<uint16_t>(c.w),
                              static_cast<uint16_t>(c.c1 * c0), static_cast<uint16_t>(kext),
                              static_cast<uint16_t>(mext), static_cast<uint16_t>(kstart),
                              static_cast<uint16_t>(mstart), static_cast<uint8_t>(c.sw),
                              static_cast<uint8_t>(c.sh), static_cast<uint8_t>(c.kw),
                              static_cast<uint8_t>(c.kh), static_cast<uint8_t>(c.dw),
                              static_cast<uint8_t>(c.dh), mode == 1, false, padv, false, false, right);
      if (form != 0) {
        // The registers set first (a decoy map on the other side), then a
        // form that reads them.
        const uint8_t nopads[4] = {0, 0, 0, 0};
        SetFmatrix(static_cast<uint16_t>(c.h), static_cast<uint16_t>(c.w), pads,
                   right ? FmatrixMode::FMATRIX_RIGHT : FmatrixMode::FMATRIX_LEFT);
        SetFmatrix(static_cast<uint16_t>(c.h + 1), static_cast<uint16_t>(c.w + 2), nopads,
                   right ? FmatrixMode::FMATRIX_LEFT : FmatrixMode::FMATRIX_RIGHT);
        SetLoadDataPaddingValue(padv);
      }
      if (form == 1) {
        LoadData3DParamsV2Pro pro;
        pro.channelSize = p.channelSize;
        pro.enTranspose = p.enTranspose;
        pro.fMatrixCtrl = right;
        pro.extConfig = (uint64_t{p.mStartPt} << 48) | (uint64_t{p.kStartPt} << 32) |
                        (uint64_t{p.mExtension} << 16) | p.kExtension;
        pro.filterConfig = (uint64_t{p.dilationFilterH} << 40) | (uint64_t{p.dilationFilterW} << 32) |
                           (uint64_t{p.filterH} << 24) | (uint64_t{p.filterW} << 16) |
                           (uint64_t{p.strideH} << 8) | p.strideW;
        LoadData(dst, src, pro);
      } else if (form == 2) {
        p.l1H = p.l1W = 0;  // ignored with kKeep
        p.padValue = static_cast<T>(9);
        LoadData<T, kKeep>(dst, src, p);
      } else {
        LoadData(dst, src, p);
      }
      std::memcpy(got.data(), dst.GetPhyAddr(), dst_bytes);
    });
    ASSERT_EQ(FirstDiff<T>(got, want), "");
    ++ran;
  }
  EXPECT_GE(ran, 20);  // most shapes are valid convolutions
}

TEST(CubeLoadData3D, HalfToL0A) { CheckLoad3D<half>(41, 0); }
TEST(CubeLoadData3D, HalfToL0ATransposed) { CheckLoad3D<half>(42, 1); }
TEST(CubeLoadData3D, HalfToL0B) { CheckLoad3D<half>(43, 2); }
TEST(CubeLoadData3D, FloatToL0A) { CheckLoad3D<float>(44, 0); }
TEST(CubeLoadData3D, FloatToL0ATransposed) { CheckLoad3D<float>(46, 1); }
TEST(CubeLoadData3D, FloatToL0B) { CheckLoad3D<float>(47, 2); }
TEST(CubeLoadData3D, Int8ToL0A) { CheckLoad3D<int8_t>(45, 0); }

TEST(CubeLoadData3D, ResetConfigFalseUsesTheRegisters) {
  std::vector<half> out(256);
  cube_test::RunBlock([&] {
    TPipe pipe;
    TBuf<TPosition::A1> a1;
    TBuf<TPosition::A2> a2;
    pipe.InitBuffer(a1, 2 * 2 * 16 * 2);
    pipe.InitBuffer(a2, 512);
    LocalTensor<half> src = a1.Get<half>();
    for (int i = 0; i < 64; ++i) src.GetPhyAddr()[i] = static_cast<half>(i + 1);
    const uint8_t pads[4] = {1, 0, 0, 0};  // one column of padding on the left
    SetFmatrix(2, 2, pads, FmatrixMode::FMATRIX_LEFT);
    SetLoadDataPaddingValue(static_cast<half>(-7));
    LoadData3DParamsV2<half> p;  // l1H, l1W, padList, padValue ignored (0)
    p.channelSize = 16;
    p.kExtension = 16;
    p.mExtension = 6;  // 2 x 3 outputs of a 1 x 1 filter over the padded 2 x 3 map
    LoadData<half, kKeep>(a2.Get<half>(), src, p);
    std::memcpy(out.data(), a2.Get<half>().GetPhyAddr(), 512);
  });
  // Output (ho, wo) = (m / 3, m % 3); column 0 is padding.
  for (int m = 0; m < 6; ++m) {
    const int ho = m / 3, wo = m % 3;
    for (int c = 0; c < 16; ++c) {
      const float want = wo == 0 ? -7.0f : static_cast<float>((ho * 2 + (wo - 1)) * 16 + c + 1);
      EXPECT_EQ(static_cast<float>(out[m * 16 + c]), want) << "m " << m << " c " << c;
    }
  }
}

// The forms still refused say so; their clean twins run.
TEST(CubeLoadData3D, RefusedFormsSaySo) {
  for (const bool bad : {false, true}) {
    SCOPED_TRACE(bad ? "bad" : "clean");
    const std::string rep = cube_test::ErrorOf([&] {
      TPipe pipe;
      TBuf<TPosition::A1> a1;
      TBuf<TPosition::A2> a2;
      pipe.InitBuffer(a1, 4 * 4 * 16 * 2);
      pipe.InitBuffer(a2, 2048);
      SetLoadDataRepeat(LoadDataRepeatParam(1, bad ? 2 : 1, 0));
      const uint8_t pads[4] = {0, 0, 0, 0};
      LoadData3DParamsV2<half> p(pads, 4, 4, 16, 16, 16, 0, 0, 1, 1, 1, 1, 1, 1, false, false, half(0));
      LoadData(a2.Get<half>(), a1.Get<half>(), p);
    });
    EXPECT_EQ(cube_test::Has(rep, "SetLoadDataRepeat repeatTime 2: repeated LoadData (3D) is not implemented"),
              bad) << rep;
    EXPECT_EQ(rep.empty(), !bad) << rep;
    const auto v2pro = [](auto tag) {
      using T = decltype(tag);
      return cube_test::ErrorOf([&] {
        TPipe pipe;
        TBuf<TPosition::A1> a1;
        TBuf<TPosition::A2> a2;
        pipe.InitBuffer(a1, 4 * 4 * 32);
        pipe.InitBuffer(a2, 2048);
        const uint8_t pads[4] = {0, 0, 0, 0};
        SetFmatrix(4, 4, pads, FmatrixMode::FMATRIX_LEFT);
        LoadData3DParamsV2Pro pro;
        pro.channelSize = 32 * 8 / aicore::cube::ElemBitsOf<T>();  // C0
        pro.extConfig = (uint64_t{16} << 16) | pro.channelSize;
        pro.filterConfig = 0x10101010101;
        LoadData(a2.Get<T>(), a1.Get<T>(), pro);
      });
    };
    const std::string s4 = bad ? v2pro(int4b_t{}) : v2pro(int8_t{});
    EXPECT_EQ(cube_test::Has(s4, "LoadData (3D) of int4b_t is not implemented in aicore"), bad) << s4;
    EXPECT_EQ(s4.empty(), !bad) << s4;
    // The V2 parameters of int4b_t compile (padValue zero-initialised; the
    // vendor's load_data_l12l0 sample builds them) and the call says so too.
    if (bad) {
      const std::string v2 = cube_test::ErrorOf([&] {
        TPipe pipe;
        TBuf<TPosition::A1> a1;
        TBuf<TPosition::A2> a2;
        pipe.InitBuffer(a1, 4 * 4 * 32);
        pipe.InitBuffer(a2, 2048);
        const uint8_t pads[4] = {0, 0, 0, 0};
        LoadData3DParamsV2<int4b_t> p(pads, 4, 4, 64, 64, 16, 0, 0, 1, 1, 1, 1, 1, 1, false, false, int4b_t{});
        LoadData(a2.Get<int4b_t>(), a1.Get<int4b_t>(), p);
      });
      EXPECT_TRUE(cube_test::Has(v2, "LoadData (3D) of int4b_t is not implemented in aicore")) << v2;
      EXPECT_EQ(LoadData3DParamsV2<int4b_t>().padValue.bits, 0);
    }
  }
}

// ---- copies into the bias table and the fixpipe buffer ------------------------------

TEST(CubeCopy, L1ToBiasTableAndFixpipeBuffer) {
  cube_test::Rng rng(51);
  std::vector<float> biasf(64);
  std::vector<half> biash(64);
  for (int i = 0; i < 64; ++i) {
    biasf[i] = rng.Uniform(-3, 3);
    biash[i] = static_cast<half>(rng.Uniform(-3, 3));
  }
  std::vector<uint64_t> q(32);
  for (auto& x : q) x = rng.Next();
  std::vector<float> bt_same(256), bt_conv(256), bt_gap(256);
  std::vector<uint64_t> fb(256);
  cube_test::RunBlock([&] {
    TPipe pipe;
    TBuf<TPosition::C1> c1;
    TBuf<TPosition::C2> c2;
    TBuf<TPosition::C2PIPE2GM> fbuf;
    pipe.InitBuffer(c1, 4096);
    pipe.InitBuffer(c2, 1024);
    pipe.InitBuffer(fbuf, 2048);
    LocalTensor<float> l1f = c1.Get<float>();
    LocalTensor<half> l1h = c1.GetWithOffset<half>(64, 1024);
    LocalTensor<uint64_t> l1q = c1.GetWithOffset<uint64_t>(32, 2048);
    std::memcpy(l1f.GetPhyAddr(), biasf.data(), 256);
    std::memcpy(l1h.GetPhyAddr(), biash.data(), 128);
    std::memcpy(l1q.GetPhyAddr(), q.data(), 256);
    LocalTensor<float> bt = c2.Get<float>();
    std::memset(bt.GetPhyAddr(), 0, 1024);
    DataCopy(bt, l1f, DataCopyParams(1, 4, 0, 0));  // 4 x 64 bytes
    std::memcpy(bt_same.data(), bt.GetPhyAddr(), 1024);
    std::memset(bt.GetPhyAddr(), 0, 1024);
    DataCopy(bt, l1h, DataCopyParams(1, 4, 0, 0));  // half -> float, 4 x 64 destination bytes
    std::memcpy(bt_conv.data(), bt.GetPhyAddr(), 1024);
    std::memset(bt.GetPhyAddr(), 0, 1024);
    DataCopy(bt, l1f, DataCopyParams(2, 1, 2, 1));  // two 64-byte bursts, gaps 64 / 64 bytes
    std::memcpy(bt_gap.data(), bt.GetPhyAddr(), 1024);
    LocalTensor<uint64_t> f = fbuf.Get<uint64_t>();
    std::memset(f.GetPhyAddr(), 0, 2048);
    DataCopy(f, l1q, DataCopyParams(2, 1, 4, 2));  // 128-byte bursts, head-to-head 128 B / 256 B
    std::memcpy(fb.data(), f.GetPhyAddr(), 2048);
    DataCopy(bt, l1f, 64);  // count form
  });
  for (int i = 0; i < 64; ++i) EXPECT_EQ(bt_same[i], biasf[i]);
  EXPECT_EQ(bt_same[64], 0.0f);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(bt_conv[i], static_cast<float>(biash[i]));
  EXPECT_EQ(bt_conv[64], 0.0f);
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(bt_gap[i], biasf[i]);
    EXPECT_EQ(bt_gap[32 + i], biasf[32 + i]);  // src: 64 B burst + 64 B gap; dst likewise
    EXPECT_EQ(bt_gap[16 + i], 0.0f);
  }
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(fb[i], q[i]);            // burst 0: 128 bytes = 16 values
    EXPECT_EQ(fb[32 + i], q[16 + i]);  // burst 1 from 128 B (4 x 32) into 256 B (2 x 128)
  }
  EXPECT_EQ(fb[16], 0u);
}

}  // namespace
