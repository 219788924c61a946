// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Fixpipe (L0C -> GM / L1) and DataCopy with DataCopyCO12DstParams against a
// scalar model written from the documented formulas: NZ -> ND and NZ -> NZ
// (channel merge, channel split), every quantization mode with scalar and
// per-column parameters, ReLU, several ND matrices, the older FixpipeParams;
// bit-exact, untouched bytes checked. Plus one GM -> L1 -> L0 -> Mmad ->
// Fixpipe run per dtype against the matrix product.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "aicore/aicore.h"
#include "unit/cube/cube_test_util.h"

namespace {

using namespace AscendC;  // NOLINT
using cube_test::Bytes;
using cube_test::CeilAlign;
using cube_test::CeilDiv;

constexpr uint8_t kFill = 0x5A;

// The conversion model: cube_test::RefFixConvert (unit/cube/cube_test_util.h).
using cube_test::RefFixConvert;

// Output byte offset of (matrix i, row r, column c).
struct Out {
  bool nd;
  uint32_t n;
  uint64_t dst_stride;     // ND: elements per row; NZ: 32-byte units between groups
  uint64_t dst_nd_stride;  // elements
  bool split;
};
template <class TD>
uint64_t OutOffset(const Out& o, uint32_t i, uint32_t r, uint32_t c) {
  if (o.nd) return (i * o.dst_nd_stride + r * o.dst_stride + c) * sizeof(TD);
  uint32_t width = 16, g = c / 16, first;
  if (o.split) {
    width = 8;
    g = c / 8;
  } else if (sizeof(TD) == 1) {
    const uint32_t groups16 = CeilDiv(o.n, 16);
    const bool last_odd = groups16 % 2 == 1 && c / 16 == groups16 - 1;
    width = last_odd ? 16 : 32;
    g = c / 32;
  }
  first = sizeof(TD) == 1 && !o.split ? g * 32 : g * width;
  return g * o.dst_stride * 32 + (uint64_t{r} * width + (c - first)) * sizeof(TD);
}

// ---- one Fixpipe run ----------------------------------------------------------------

enum class Api { kFixpipe, kFixpipeWorkspace, kFixpipeOld, kDataCopyRegisters };

template <class TD, class TS>
std::string RunFix(cube_test::Rng& rng, bool to_l1, Api api) {
  const bool nd = !to_l1 && rng.Below(2);
  QuantMode_t q = NoQuant;
  {
    std::vector<QuantMode_t> ok;
    for (QuantMode_t c : {NoQuant, F322F16, F322BF16, DEQF16, VDEQF16, QF322B8_PRE, VQF322B8_PRE, REQ8, VREQ8}) {
      const bool f = std::is_same<TS, float>::value;
      const bool b8 = std::is_same<TD, int8_t>::value || std::is_same<TD, uint8_t>::value;
      bool good = false;
      switch (c) {
        case NoQuant: good = std::is_same<TD, TS>::value; break;
        case F322F16: good = f && std::is_same<TD, half>::value; break;
        case F322BF16: good = f && std::is_same<TD, bfloat16_t>::value; break;
        case DEQF16: case VDEQF16: good = !f && std::is_same<TD, half>::value; break;
        case QF322B8_PRE: case VQF322B8_PRE: good = f && b8; break;
        default: good = !f && b8; break;
      }
      const bool vec = c == VDEQF16 || c == VQF322B8_PRE || c == VREQ8;
      if (good && !(vec && (api == Api::kFixpipe || api == Api::kFixpipeOld))) ok.push_back(c);
    }
    if (ok.empty()) return "";
    q = ok[rng.Below(static_cast<uint32_t>(ok.size()))];
  }
  const bool vec = q == VDEQF16 || q == VQF322B8_PRE || q == VREQ8;
  const bool split = !nd && std::is_same<TD, float>::value && std::is_same<TS, float>::value && !to_l1 &&
                     api != Api::kFixpipeOld && rng.Below(3) == 0;  // (no split in the older params)
  const uint32_t unit = split ? 8 : 16;
  uint32_t n = nd ? 1 + rng.Below(70) : unit * (1 + rng.Below(5));
  if (api == Api::kFixpipeOld && !nd) n = 16 * (1 + rng.Below(4));
  const uint32_t m = 1 + rng.Below(50);
  const uint32_t mround = CeilAlign(m, 16);
  uint32_t src_stride = mround + 16 * rng.Below(2);
  const uint32_t nd_num = nd && api != Api::kFixpipeOld ? 1 + rng.Below(3) : 1;
  const uint32_t groups = CeilDiv(n, 16);
  uint32_t src_nd = nd_num > 1 ? CeilDiv(groups * src_stride, 16) + rng.Below(2) : 0;  // 1024-byte units
  Out o{nd, n, 0, 0, split};
  const uint32_t out_row = split ? 32 : (sizeof(TD) == 1 ? 32 : 16 * sizeof(TD));
  if (nd) {
    o.dst_stride = n + rng.Below(9);
    o.dst_nd_stride = nd_num > 1 ? (m - 1) * o.dst_stride + n + rng.Below(20) : 0;
  } else {
    o.dst_stride = CeilDiv(m * out_row, 32) + rng.Below(3);
  }
  const bool relu = rng.Below(2);
  // Quantization parameters.
  auto random_qp = [&]() {
    const float scale = std::ldexp(rng.Uniform(1.0f, 2.0f), static_cast<int>(rng.Below(10)) - 8);
    uint32_t bits;
    std::memcpy(&bits, &scale, 4);
    uint64_t qp = bits | (uint64_t{rng.Below(16)} << 32) | (uint64_t{rng.Below(2)} << 36) |
                  (uint64_t{rng.Below(512)} << 37) | (uint64_t{rng.Below(2)} << 46);
    return qp;
  };
  const uint64_t scalar = random_qp();
  std::vector<uint64_t> qv(n);
  for (auto& x : qv) x = random_qp();
  // Source values in L0C.
  const size_t src_elems = size_t{nd_num - 1} * src_nd * 256 + size_t{groups - 1} * src_stride * 16 + size_t{m} * 16;
  std::vector<TS> src(src_elems);
  for (auto& x : src) {
    if constexpr (std::is_same<TS, float>::value) {
      x = rng.Below(20) == 0 ? -0.0f : rng.Uniform(-300.0f, 300.0f);
    } else {
      x = static_cast<int32_t>(rng.Next() % 2000001) - 1000000;
    }
  }
  // Expected output.
  const uint64_t span = [&] {
    uint64_t end = 0;
    for (uint32_t i = 0; i < nd_num; ++i)
      for (uint32_t c = 0; c < n; ++c) end = std::max(end, OutOffset<TD>(o, i, m - 1, c) + sizeof(TD));
    return end;
  }();
  const size_t out_bytes = CeilAlign(static_cast<uint32_t>(span), 32) + 64;
  Bytes want(out_bytes, kFill);
  cube_test::AlignedBytes got(out_bytes, kFill);
  for (uint32_t i = 0; i < nd_num; ++i) {
    for (uint32_t c = 0; c < n; ++c) {
      for (uint32_t r = 0; r < m; ++r) {
        const TS v = src[size_t{i} * src_nd * 256 + size_t{c / 16} * src_stride * 16 + size_t{r} * 16 + c % 16];
        const TD w = RefFixConvert<TD, TS>(v, q, relu, vec ? qv[c] : scalar);
        std::memcpy(&want[OutOffset<TD>(o, i, r, c)], &w, sizeof(TD));
      }
    }
  }
  std::string err;
  cube_test::RunBlock([&] {
    TPipe pipe;
    TBuf<TPosition::CO1> co1;
    TBuf<TPosition::C1> c1;
    TBuf<TPosition::C2PIPE2GM> fb;
    pipe.InitBuffer(co1, 128 * 1024);
    pipe.InitBuffer(c1, 256 * 1024);
    pipe.InitBuffer(fb, 2048);
    LocalTensor<TS> l0c = co1.Get<TS>();
    std::memcpy(l0c.GetPhyAddr(), src.data(), src.size() * sizeof(TS));
    LocalTensor<uint64_t> wk = c1.GetWithOffset<uint64_t>(n, 0);
    std::memcpy(wk.GetPhyAddr(), qv.data(), n * 8);
    LocalTensor<TD> l1out = c1.GetWithOffset<TD>(static_cast<uint32_t>(out_bytes / sizeof(TD)), 8192);
    std::memcpy(l1out.GetPhyAddr(), got.data(), out_bytes);
    GlobalTensor<TD> gm;
    gm.SetGlobalBuffer(reinterpret_cast<TD*>(got.data()), out_bytes / sizeof(TD));
    FixpipeParamsV220 p;
    p.nSize = static_cast<uint16_t>(n);
    p.mSize = static_cast<uint16_t>(m);
    p.srcStride = static_cast<uint16_t>(src_stride);
    p.dstStride = static_cast<uint32_t>(o.dst_stride);
    p.quantPre = q;
    p.deqScalar = scalar;
    p.reluEn = relu;
    p.ndNum = static_cast<uint16_t>(nd_num);
    p.srcNdStride = static_cast<uint16_t>(src_nd);
    p.dstNdStride = static_cast<uint16_t>(o.dst_nd_stride);
    p.isChannelSplit = split;
    if (api == Api::kFixpipe) {
      if (to_l1) Fixpipe(l1out, l0c, p);
      else if (nd) Fixpipe<TD, TS, CFG_ROW_MAJOR>(gm, l0c, p);
      else Fixpipe<TD, TS, CFG_NZ>(gm, l0c, p);
    } else if (api == Api::kFixpipeWorkspace) {
      if (to_l1) Fixpipe(l1out, l0c, wk, p);
      else if (nd) Fixpipe<TD, TS, CFG_ROW_MAJOR>(gm, l0c, wk, p);
      else Fixpipe<TD, TS, CFG_NZ>(gm, l0c, wk, p);
    } else if (api == Api::kFixpipeOld) {
      FixpipeParams<TS> old;
      old.cburstNum = static_cast<uint16_t>(groups);
      old.burstLen = static_cast<uint16_t>(m * 16 * sizeof(TS) / 32);
      old.srcStride = static_cast<uint16_t>((src_stride - mround) / 16);
      old.quantParams = QuantParams(q, scalar);
      old.reluEn = relu;
      if (nd) {
        old.dstStride = static_cast<uint32_t>(o.dst_stride);
        old.nz2ndParams = Nz2NdParams(true, 1, 0, 0, static_cast<uint16_t>(n));
      } else {
        // gap between groups: dst_stride minus the group's own blocks
        old.dstStride = static_cast<uint32_t>(o.dst_stride - old.burstLen * sizeof(TD) / sizeof(TS));
      }
      if (to_l1) Fixpipe(l1out, l0c, old);
      else Fixpipe(gm, l0c, old);
    } else {
      if (nd) SetFixpipeNz2ndFlag(static_cast<uint16_t>(nd_num), static_cast<uint16_t>(nd_num > 1 ? src_nd : 0),
                                  static_cast<uint16_t>(nd_num > 1 ? o.dst_nd_stride : 1));
      SetFixpipePreQuantFlag(scalar);
      LocalTensor<uint64_t> f = fb.Get<uint64_t>();
      std::memcpy(f.GetPhyAddr(), qv.data(), n * 8);
      SetFixPipeConfig(f);
      DataCopyCO12DstParams d(static_cast<uint16_t>(n), static_cast<uint16_t>(m), static_cast<uint32_t>(o.dst_stride),
                              static_cast<uint16_t>(src_stride), q, relu ? 1 : 0, split, nd);
      if (to_l1) DataCopy(l1out, l0c, d);
      else DataCopy(gm, l0c, d);
    }
    if (to_l1) std::memcpy(got.data(), l1out.GetPhyAddr(), out_bytes);
  });
  for (size_t b = 0; b < out_bytes; ++b) {
    if (got[b] != want[b]) {
      return "byte " + std::to_string(b) + " is " + std::to_string(got[b]) + ", expected " +
             std::to_string(want[b]) + " (quant " + std::to_string(static_cast<int>(q)) + ", nd " +
             std::to_string(nd) + ", n " + std::to_string(n) + ", m " + std::to_string(m) + ", relu " +
             std::to_string(relu) + ", split " + std::to_string(split) + ", ndNum " + std::to_string(nd_num) + ")";
    }
  }
  return err;
}

template <class TD, class TS>
void RunMany(uint64_t seed) {
  cube_test::Rng rng(seed);
  for (int t = 0; t < 40; ++t) {
    for (Api api : {Api::kFixpipe, Api::kFixpipeWorkspace, Api::kFixpipeOld, Api::kDataCopyRegisters}) {
      for (bool to_l1 : {false, true}) {
        SCOPED_TRACE(testing::Message() << "api " << static_cast<int>(api) << " l1 " << to_l1 << " t " << t);
        ASSERT_EQ((RunFix<TD, TS>(rng, to_l1, api)), "");
      }
    }
  }
}

TEST(CubeFixpipe, FloatToFloat) { RunMany<float, float>(61); }
TEST(CubeFixpipe, FloatToHalf) { RunMany<half, float>(62); }
TEST(CubeFixpipe, FloatToBfloat16) { RunMany<bfloat16_t, float>(63); }
TEST(CubeFixpipe, FloatToInt8) { RunMany<int8_t, float>(64); }
TEST(CubeFixpipe, FloatToUint8) { RunMany<uint8_t, float>(65); }
TEST(CubeFixpipe, Int32ToInt32) { RunMany<int32_t, int32_t>(66); }
TEST(CubeFixpipe, Int32ToHalf) { RunMany<half, int32_t>(67); }
TEST(CubeFixpipe, Int32ToInt8) { RunMany<int8_t, int32_t>(68); }

// Known values of the quantization formulas.
TEST(CubeFixpipe, QuantizationKnownValues) {
  auto qp = [](float scale, int n, int mcb, int offset, int sign) {
    uint32_t b;
    std::memcpy(&b, &scale, 4);
    return uint64_t{b} | (uint64_t(n) << 32) | (uint64_t(mcb) << 36) |
           (uint64_t(offset & 0x1FF) << 37) | (uint64_t(sign) << 46);
  };
  using aicore::detail::FixConvert;
  EXPECT_EQ((FixConvert<int8_t, int32_t>(100, REQ8, false, qp(0.5f, 0, 0, 0, 1))), 50);
  EXPECT_EQ((FixConvert<int8_t, int32_t>(1000, REQ8, false, qp(0.5f, 0, 0, 0, 1))), 127);
  EXPECT_EQ((FixConvert<uint8_t, int32_t>(-5, REQ8, false, qp(1.0f, 0, 0, 0, 0))), 0);
  EXPECT_EQ((FixConvert<uint8_t, int32_t>(-5, REQ8, false, qp(1.0f, 0, 0, 10, 0))), 5);
  EXPECT_EQ((FixConvert<int8_t, int32_t>(5, REQ8, false, qp(1.0f, 0, 0, -10, 1))), -5);
  EXPECT_EQ((FixConvert<int8_t, int32_t>(-40, REQ8, true, qp(1.0f, 0, 0, 0, 1))), 0);  // ReLU: M2 = 0
  EXPECT_EQ((FixConvert<int8_t, int32_t>(3, REQ8, false, qp(0.5f, 0, 0, 0, 1))), 2);   // 1.5 -> 2
  EXPECT_EQ((FixConvert<int8_t, int32_t>(5, REQ8, false, qp(0.5f, 0, 0, 0, 1))), 2);   // 2.5 -> 2 (even)
  EXPECT_EQ((FixConvert<int8_t, int32_t>(1 << 20, REQ8, false, qp(1.0f, 15, 1, 0, 1))), 16);  // >> 16
  EXPECT_EQ(static_cast<float>(FixConvert<half, int32_t>(7, DEQF16, false, qp(0.25f, 0, 0, 0, 0))), 1.75f);
  EXPECT_EQ(static_cast<float>(FixConvert<half, int32_t>(1 << 30, DEQF16, false, qp(1.0f, 0, 0, 0, 0))), 65504.0f);
  // The scale's low 13 mantissa bits are ignored: 1 + 2^-20 acts as 1.
  EXPECT_EQ((FixConvert<int8_t, float>(100.0f, QF322B8_PRE, false, qp(1.0f + 0x1.0p-20f, 0, 0, 0, 1))), 100);
  EXPECT_EQ((FixConvert<int8_t, float>(std::nanf(""), QF322B8_PRE, false, qp(1.0f, 0, 0, 0, 1))), 0);
  EXPECT_EQ(static_cast<float>(FixConvert<half, float>(-2.0f, F322F16, true, 0)), 0.0f);
  EXPECT_EQ(static_cast<float>(FixConvert<half, float>(1.0f + 0x1.0p-11f, F322F16, false, 0)), 1.0f);  // tie to even
}

// The per-column parameters in L1 where the L1 output goes (the vendor's
// fixpipe_l0c2l1 sample, scenario 3): the Fixpipe reads every parameter
// before it writes, as the vendor copies them into the fixpipe buffer first.
TEST(CubeFixpipe, VectorParametersUnderTheL1Output) {
  constexpr uint32_t m = 16, n = 64;
  std::vector<float> src(n / 16 * m * 16);
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<float>(static_cast<int>(i % 97) - 48) * 1.5f;
  std::vector<uint64_t> qv(n);
  for (uint32_t c = 0; c < n; ++c) {
    const float scale = 0.25f * static_cast<float>(1 + c % 5);
    uint32_t bits;
    std::memcpy(&bits, &scale, 4);
    qv[c] = bits | (uint64_t{1} << 46);  // signed output, no offset
  }
  const Out o{false, n, m, 0, false};  // NZ: 32-wide int8_t groups of m rows, packed
  std::vector<int8_t> want(n * m), got(n * m);
  for (uint32_t c = 0; c < n; ++c) {
    for (uint32_t r = 0; r < m; ++r) {
      const float v = src[size_t{c / 16} * m * 16 + size_t{r} * 16 + c % 16];
      want[OutOffset<int8_t>(o, 0, r, c)] = RefFixConvert<int8_t, float>(v, VQF322B8_PRE, false, qv[c]);
    }
  }
  cube_test::RunBlock([&] {
    TPipe pipe;
    TBuf<TPosition::CO1> co1;
    TBuf<TPosition::C1> c1;
    pipe.InitBuffer(co1, 16 * 1024);
    pipe.InitBuffer(c1, 4096);
    LocalTensor<float> l0c = co1.Get<float>();
    std::memcpy(l0c.GetPhyAddr(), src.data(), src.size() * sizeof(float));
    LocalTensor<uint64_t> wk = c1.GetWithOffset<uint64_t>(n, 0);
    std::memcpy(wk.GetPhyAddr(), qv.data(), n * 8);
    LocalTensor<int8_t> out = c1.GetWithOffset<int8_t>(n * m, 0);  // the same L1 bytes
    FixpipeParamsV220 p;
    p.nSize = n;
    p.mSize = m;
    p.srcStride = m;
    p.dstStride = m;  // 32-byte units between the 32-wide groups
    p.quantPre = VQF322B8_PRE;
    Fixpipe(out, l0c, wk, p);
    std::memcpy(got.data(), out.GetPhyAddr(), got.size());
  });
  for (size_t i = 0; i < got.size(); ++i) ASSERT_EQ(got[i], want[i]) << "byte " << i;
}

// Fixpipe and the L0C -> GM DataCopy under SetAtomicAdd / SetAtomicMax
// combine with GM (as the Matmul's enAtomic relies on); with no atomic mode
// they overwrite. One 20 x 16 float block, NZ2ND into a 20 x 16 GM matrix.
TEST(CubeFixpipe, ToGmUnderAnAtomicModeCombines) {
  constexpr uint32_t m = 20, n = 16, mround = 32;
  std::vector<float> l0c(size_t{mround} * n);
  for (uint32_t r = 0; r < mround; ++r) {
    for (uint32_t c = 0; c < n; ++c) l0c[size_t{r} * 16 + c] = static_cast<float>(r) - 0.5f * c;
  }
  std::vector<float> gm(size_t{m} * n), init(size_t{m} * n);
  for (size_t i = 0; i < gm.size(); ++i) init[i] = static_cast<float>(i % 7) - 3.0f;
  const auto at = [&](uint32_t r, uint32_t c) { return l0c[size_t{r} * 16 + c]; };
  for (int mode = 0; mode < 4; ++mode) {  // none, add, max (Fixpipe); add (DataCopy)
    gm = init;
    cube_test::RunBlock([&] {
      TPipe pipe;
      TBuf<TPosition::CO1> co1;
      pipe.InitBuffer(co1, mround * n * sizeof(float));
      LocalTensor<float> src = co1.Get<float>();
      std::memcpy(src.GetPhyAddr(), l0c.data(), l0c.size() * sizeof(float));
      GlobalTensor<float> dst;
      dst.SetGlobalBuffer(gm.data(), gm.size());
      if (mode == 1 || mode == 3) SetAtomicAdd<float>();
      if (mode == 2) SetAtomicMax<float>();
      if (mode == 3) {
        SetFixpipeNz2ndFlag(1, 0, 1);
        DataCopyCO12DstParams d(n, m, n, mround, NoQuant, 0, false, true);
        DataCopy(dst, src, d);
      } else {
        FixpipeParamsV220 p;
        p.nSize = n;
        p.mSize = m;
        p.srcStride = mround;
        p.dstStride = n;
        p.ndNum = 1;
        Fixpipe<float, float, CFG_ROW_MAJOR>(dst, src, p);
      }
      SetAtomicNone();
    });
    for (uint32_t r = 0; r < m; ++r) {
      for (uint32_t c = 0; c < n; ++c) {
        const float old = init[size_t{r} * n + c], v = at(r, c);
        const float want = mode == 0 ? v : mode == 2 ? std::max(old, v) : old + v;
        ASSERT_EQ(gm[size_t{r} * n + c], want) << "mode " << mode << " at (" << r << ", " << c << ")";
      }
    }
  }
}

// ---- GM -> L1 -> L0A/L0B -> Mmad -> Fixpipe ---------------------------------------

// C = A x B for A (m x k) and B (k x n) row-major in GM, the way the public
// low-level samples move it: Nd2Nz into L1, LoadData into L0A (ZZ),
// LoadDataWithTranspose into L0B (ZN), Mmad, Fixpipe NZ2ND.
template <class T, class C>
std::string Pipeline(uint32_t m, uint32_t n, uint32_t k, uint64_t seed) {
  cube_test::Rng rng(seed);
  static_assert(sizeof(T) != 4, "float B needs ZZ squares in L1 (not this NZ flow)");
  constexpr uint32_t c0 = 32 / sizeof(T);
  constexpr uint32_t sq = c0;  // square side of LoadDataWithTranspose
  std::vector<T> a(size_t{m} * k), b(size_t{k} * n);
  for (auto& x : a) x = cube_test::RandomElem<T>(rng);
  for (auto& x : b) x = cube_test::RandomElem<T>(rng);
  std::vector<C> c(size_t{m} * n, C{});
  const uint32_t mpad = CeilAlign(m, 16), kpad_a = CeilAlign(k, c0);
  const uint32_t kpad_b = CeilAlign(k, sq), npad = CeilAlign(n, sq);
  cube_test::RunBlock([&] {
    TPipe pipe;
    TBuf<TPosition::A1> a1;
    TBuf<TPosition::B1> b1;
    TBuf<TPosition::A2> a2;
    TBuf<TPosition::B2> b2;
    TBuf<TPosition::CO1> co1;
    pipe.InitBuffer(a1, mpad * kpad_a * sizeof(T));
    pipe.InitBuffer(b1, kpad_b * npad * sizeof(T));
    pipe.InitBuffer(a2, mpad * kpad_a * sizeof(T));
    pipe.InitBuffer(b2, kpad_b * npad * sizeof(T));
    pipe.InitBuffer(co1, mpad * npad * sizeof(C));
    GlobalTensor<T> ga, gb;
    GlobalTensor<C> gc;
    ga.SetGlobalBuffer(a.data(), a.size());
    gb.SetGlobalBuffer(b.data(), b.size());
    gc.SetGlobalBuffer(c.data(), c.size());
    LocalTensor<T> la1 = a1.Get<T>(), lb1 = b1.Get<T>(), la2 = a2.Get<T>(), lb2 = b2.Get<T>();
    LocalTensor<C> lc = co1.Get<C>();
    std::memset(lb1.GetPhyAddr(), 0, kpad_b * npad * sizeof(T));
    DataCopy(la1, ga, Nd2NzParams(1, static_cast<uint16_t>(m), static_cast<uint16_t>(k), 0, static_cast<uint16_t>(k),
                                  static_cast<uint16_t>(mpad), 1, 0));
    DataCopy(lb1, gb, Nd2NzParams(1, static_cast<uint16_t>(k), static_cast<uint16_t>(n), 0, static_cast<uint16_t>(n),
                                  static_cast<uint16_t>(kpad_b), 1, 0));
    // A: NZ (mpad rows per column group) -> ZZ, one fractal row per call.
    // m = 1 (GEMV): Mmad reads A as k contiguous elements, so the row is
    // staged as ND (dstNzC0Stride 1: the 32-byte groups back to back) and
    // copied as whole fractals.
    if (m == 1) {
      DataCopy(la1, ga, Nd2NzParams(1, 1, static_cast<uint16_t>(k), 0, static_cast<uint16_t>(k), 1, 1, 0));
      LoadData2DParams p;
      p.repeatTimes = static_cast<uint8_t>(CeilDiv(kpad_a * sizeof(T), 512));
      p.srcStride = 1;
      LoadData(la2, la1, p);
    }
    for (uint32_t i = 0; i < mpad / 16 && m > 1; ++i) {
      LoadData2DParams p;
      p.repeatTimes = static_cast<uint8_t>(kpad_a / c0);
      p.srcStride = static_cast<uint16_t>(mpad / 16);
      LoadData(la2[i * kpad_a * 16], la1[i * 16 * c0], p);
    }
    // B: NZ (kpad_b rows) -> ZN, transposing squares, one square row per call.
    const uint32_t fr = sq * sq * sizeof(T) / 512;  // fractals per square
    for (uint32_t i = 0; i < kpad_b / sq; ++i) {
      LoadData2dTransposeParams p;
      p.repeatTimes = static_cast<uint8_t>(npad / sq);
      p.srcStride = static_cast<uint16_t>(kpad_b / sq);
      p.dstGap = static_cast<uint16_t>(fr - 1);
      LoadDataWithTranspose(lb2[i * npad * sq], lb1[i * sq * c0], p);
    }
    MmadParams mp;
    mp.m = static_cast<uint16_t>(m);
    // ZN of B has npad / 16 fractals per row (int8: squares of 32 columns):
    // Mmad's n must count them all, as the vendor's int8 sample does.
    mp.n = static_cast<uint16_t>(npad);
    mp.k = static_cast<uint16_t>(k);
    Mmad(lc, la2, lb2, mp);
    FixpipeParamsV220 fp;
    fp.nSize = static_cast<uint16_t>(n);
    fp.mSize = static_cast<uint16_t>(m);
    fp.srcStride = static_cast<uint16_t>(mpad);
    fp.dstStride = n;
    Fixpipe(gc, lc, fp);
  });
  std::vector<C> want;
  cube_test::RefMatmul<C>(
      m, n, k, [&](uint32_t i, uint32_t kk) { return cube_test::ToF(a[size_t{i} * k + kk]); },
      [&](uint32_t kk, uint32_t j) { return cube_test::ToF(b[size_t{kk} * n + j]); },
      [](uint32_t, uint32_t) { return C{}; }, want);
  for (size_t i = 0; i < want.size(); ++i) {
    if (std::memcmp(&c[i], &want[i], sizeof(C)) != 0) {
      return "(" + std::to_string(i / n) + ", " + std::to_string(i % n) + "): " + std::to_string(static_cast<double>(c[i])) +
             ", expected " + std::to_string(static_cast<double>(want[i]));
    }
  }
  return "";
}

TEST(CubePipeline, GmToGmHalf) {
  EXPECT_EQ((Pipeline<half, float>(30, 40, 70, 1)), "");
  EXPECT_EQ((Pipeline<half, float>(64, 48, 96, 2)), "");
  EXPECT_EQ((Pipeline<half, float>(1, 17, 33, 3)), "");
}
TEST(CubePipeline, GmToGmInt8) {
  EXPECT_EQ((Pipeline<int8_t, int32_t>(30, 40, 70, 4)), "");
  EXPECT_EQ((Pipeline<int8_t, int32_t>(32, 64, 64, 5)), "");
}
TEST(CubePipeline, GmToGmBfloat16) { EXPECT_EQ((Pipeline<bfloat16_t, float>(20, 20, 50, 6)), ""); }

}  // namespace
