// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The sorting APIs of lib/sort.h (Concat, Sort<T, isFullSort>, Extract,
// GetSortOffset, GetSortLen, TopK in Normal and Small mode) and their host
// helpers (lib/sort_tiling.h) against scalar models: std::stable_sort of
// (value, position) with a comparator written from the documented rules
// (descending; -0 == +0; NaN first; equal values in input order). The
// results are compared bit for bit: records, values and indices. Inputs have
// many ties (small integers), every special value and random bit patterns.
// The vendor's two documented TopK examples are checked with their
// documented outputs. Diagnostics: each KernelError with its clean twin.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "aicore/lib/sort.h"
#include "aicore/lib/sort_tiling.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {
namespace {

using AscendC::LocalTensor;
using AscendC::TBuf;
using AscendC::TPosition;
using AscendC::TopKMode;

bool Has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

// ---- the scalar model ------------------------------------------------------------

// Whether a must come before b (a strictly "larger" in the documented order).
bool Before(double a, double b) {
  const bool na = std::isnan(a), nb = std::isnan(b);
  if (na || nb) return na && !nb;
  return a > b;  // -0 == +0 here
}

// Positions 0..n-1 of v in the sorted order (negate: the order of -v).
template <class T>
std::vector<uint32_t> ModelOrder(const T* v, uint32_t n, bool negate) {
  std::vector<uint32_t> pos(n);
  for (uint32_t i = 0; i < n; ++i) pos[i] = i;
  std::stable_sort(pos.begin(), pos.end(), [&](uint32_t a, uint32_t b) {
    const double x = ref::ToDouble(v[a]), y = ref::ToDouble(v[b]);
    return negate ? Before(-x, -y) : Before(x, y);
  });
  return pos;
}

template <class T>
std::vector<uint8_t> ModelRecords(const std::vector<T>& s, const std::vector<uint32_t>& idx,
                                  uint32_t group) {
  std::vector<uint8_t> out(s.size() * 8, 0);
  for (size_t g = 0; g < s.size(); g += group) {
    std::vector<uint32_t> p = ModelOrder(s.data() + g, static_cast<uint32_t>(group), false);
    for (uint32_t i = 0; i < group; ++i) {
      std::memcpy(&out[(g + i) * 8], &s[g + p[i]], sizeof(T));
      std::memcpy(&out[(g + i) * 8 + 4], &idx[g + p[i]], 4);
    }
  }
  return out;
}

template <class T>
std::vector<T> Scores(Rng& rng, size_t n, int kind) {
  std::vector<T> v(n);
  for (auto& x : v) {
    if (kind == 0) {
      x = ref::RoundTo<T>(static_cast<double>(static_cast<int64_t>(rng.Below(9)) - 4));  // ties
    } else {
      x = RandomValue<T>(rng);
    }
  }
  return v;
}

// ---- Sort / Extract --------------------------------------------------------------

template <class T, bool kFull>
void CheckSort(uint64_t seed) {
  Rng rng(seed);
  for (int32_t rep : {0, 1, 2, 3, 7, 40, 120}) {
    for (int kind = 0; kind < 2; ++kind) {
      const uint32_t n = 32u * rep;
      std::vector<T> s = Scores<T>(rng, n, kind);
      std::vector<uint32_t> idx(n);
      for (auto& i : idx) i = static_cast<uint32_t>(rng.Next());
      const uint32_t cap = n + 32;  // elements of room, the rest sentinel
      std::vector<uint8_t> rec(cap * 8), vals(cap * sizeof(T)), ixs(cap * 4);
      aicore::Launch(
          [&] {
            AscendC::TPipe pipe;
            TBuf<TPosition::VECCALC> bs, bi, bd, bt, bv, bx;
            pipe.InitBuffer(bs, Round32(cap * sizeof(T)));
            pipe.InitBuffer(bi, Round32(cap * 4));
            pipe.InitBuffer(bd, Round32(cap * 8));
            pipe.InitBuffer(bt, Round32(cap * 8));
            pipe.InitBuffer(bv, Round32(cap * sizeof(T)));
            pipe.InitBuffer(bx, Round32(cap * 4));
            LocalTensor<T> src = bs.Get<T>(), concat, tmp = bt.Get<T>();
            LocalTensor<uint32_t> index = bi.Get<uint32_t>();
            LocalTensor<T> dst = bd.Get<T>();
            LocalTensor<T> v = bv.Get<T>();
            LocalTensor<uint32_t> x = bx.Get<uint32_t>();
            std::memset(static_cast<void*>(dst.GetPhyAddr()), kSentinel, cap * 8);
            std::memset(static_cast<void*>(v.GetPhyAddr()), kSentinel, cap * sizeof(T));
            std::memset(x.GetPhyAddr(), kSentinel, cap * 4);
            if (n) std::memcpy(src.GetPhyAddr(), s.data(), n * sizeof(T));
            if (n) std::memcpy(index.GetPhyAddr(), idx.data(), n * 4);
            AscendC::Concat(concat, src, tmp, std::min(rep * 2, 255));
            AscendC::Sort<T, kFull>(dst, concat, index, tmp, rep);
            AscendC::Extract(v, x, dst, rep);
            std::memcpy(rec.data(), dst.GetPhyAddr(), cap * 8);
            std::memcpy(vals.data(), v.GetPhyAddr(), cap * sizeof(T));
            std::memcpy(ixs.data(), x.GetPhyAddr(), cap * 4);
          },
          1);
      const std::vector<uint8_t> want = ModelRecords(s, idx, kFull ? std::max(n, 1u) : 32u);
      ASSERT_EQ(0, std::memcmp(rec.data(), want.data(), want.size()))
          << aicore::detail::TypeName<T>() << " full=" << kFull << " rep=" << rep << " kind="
          << kind << ": " << FirstByteDiff(std::vector<uint8_t>(rec.begin(), rec.begin() + n * 8),
                                           want, 0, 0);
      for (size_t b = n * 8; b < rec.size(); ++b) ASSERT_EQ(rec[b], kSentinel) << "past the records";
      for (uint32_t i = 0; i < n; ++i) {
        ASSERT_EQ(0, std::memcmp(&vals[i * sizeof(T)], &want[i * 8], sizeof(T))) << i;
        ASSERT_EQ(0, std::memcmp(&ixs[i * 4], &want[i * 8 + 4], 4)) << i;
      }
      for (size_t b = n * sizeof(T); b < vals.size(); ++b) ASSERT_EQ(vals[b], kSentinel);
      for (size_t b = n * 4; b < ixs.size(); ++b) ASSERT_EQ(ixs[b], kSentinel);
    }
  }
}

TEST(LibSort, FullSortFloat) { CheckSort<float, true>(1); }
TEST(LibSort, FullSortHalf) { CheckSort<half, true>(2); }
TEST(LibSort, Sort32GroupsFloat) { CheckSort<float, false>(3); }
TEST(LibSort, Sort32GroupsHalf) { CheckSort<half, false>(4); }

// The vendor's documented example: 128 half values in four reversed runs of
// 32, full sort -> 127 .. 0 with the same indices.
TEST(LibSort, VendorExample) {
  std::vector<half> s(128);
  std::vector<uint32_t> idx(128);
  for (uint32_t i = 0; i < 128; ++i) {
    const uint32_t v = (i / 32) * 32 + (31 - i % 32);
    s[i] = half(static_cast<float>(v));
    idx[i] = v;
  }
  std::vector<half> vals(128);
  std::vector<uint32_t> ixs(128);
  aicore::Launch(
      [&] {
        AscendC::TPipe pipe;
        TBuf<TPosition::VECCALC> bs, bi, bd, bt, bv, bx;
        pipe.InitBuffer(bs, 256);
        pipe.InitBuffer(bi, 512);
        pipe.InitBuffer(bd, 1024);
        pipe.InitBuffer(bt, 1024);
        pipe.InitBuffer(bv, 256);
        pipe.InitBuffer(bx, 512);
        LocalTensor<half> src = bs.Get<half>(), concat, tmp = bt.Get<half>();
        LocalTensor<uint32_t> index = bi.Get<uint32_t>();
        LocalTensor<half> sorted = bd.Get<half>(), v = bv.Get<half>();
        LocalTensor<uint32_t> x = bx.Get<uint32_t>();
        std::memcpy(src.GetPhyAddr(), s.data(), 256);
        std::memcpy(index.GetPhyAddr(), idx.data(), 512);
        AscendC::Concat(concat, src, tmp, 8);
        AscendC::Sort<half, true>(sorted, concat, index, tmp, 4);
        AscendC::Extract(v, x, sorted, 4);
        std::memcpy(vals.data(), v.GetPhyAddr(), 256);
        std::memcpy(ixs.data(), x.GetPhyAddr(), 512);
      },
      1);
  for (uint32_t i = 0; i < 128; ++i) {
    EXPECT_EQ(static_cast<float>(vals[i]), static_cast<float>(127 - i)) << i;
    EXPECT_EQ(ixs[i], 127 - i) << i;
  }
}

TEST(LibSort, OffsetAndLen) {
  EXPECT_EQ(AscendC::GetSortOffset<half>(128), 512u);
  EXPECT_EQ(AscendC::GetSortOffset<float>(128), 256u);
  EXPECT_EQ(AscendC::GetSortLen<half>(32), 128u);
  EXPECT_EQ(AscendC::GetSortLen<float>(32), 64u);
  EXPECT_EQ(AscendC::GetSortLen<float>(0), 0u);
  platform_ascendc::PlatformAscendC plat;
  EXPECT_EQ(AscendC::GetSortTmpSize(plat, 128, 4), 1024u);
  EXPECT_EQ(AscendC::GetSortTmpSize(plat, 128, 2), 1024u);
  EXPECT_EQ(AscendC::GetConcatTmpSize(plat, 128, 2), 0u);
}

// ---- TopK ------------------------------------------------------------------------

struct TopKCase {
  int32_t outter, inner, n, k;
  bool largest, init, finish, small, with_tmp;
};

// Calls the TopK instantiation the flags name (tmp: the tmpLocal form).
template <class T>
void CallTopK(const TopKCase& c, const LocalTensor<T>& v, const LocalTensor<int32_t>& x,
              const LocalTensor<T>& s, const LocalTensor<int32_t>& si, const LocalTensor<bool>& f,
              const LocalTensor<uint8_t>& t, const AscendC::TopkTiling& tiling,
              const AscendC::TopKInfo& info) {
  constexpr TopKMode kN = TopKMode::TOPK_NORMAL, kS = TopKMode::TOPK_NSMALL;
  const int sel = (c.small ? 4 : 0) + (c.init ? 2 : 0) + (c.finish ? 1 : 0);
#define AICORE_TOPK_CALL(I, F, M)                                                        \
  c.with_tmp ? AscendC::TopK<T, I, F, false, M>(v, x, s, si, f, t, c.k, tiling, info, c.largest) \
             : AscendC::TopK<T, I, F, false, M>(v, x, s, si, f, c.k, tiling, info, c.largest)
  switch (sel) {
    case 0: AICORE_TOPK_CALL(false, false, kN); break;
    case 1: AICORE_TOPK_CALL(false, true, kN); break;
    case 2: AICORE_TOPK_CALL(true, false, kN); break;
    case 3: AICORE_TOPK_CALL(true, true, kN); break;
    case 4: AICORE_TOPK_CALL(false, false, kS); break;
    case 6: AICORE_TOPK_CALL(true, false, kS); break;
    default: FAIL() << "no Small mode with isHasfinish";
  }
#undef AICORE_TOPK_CALL
}

template <class T>
void RunTopK(const TopKCase& c, const std::vector<T>& src, const std::vector<int32_t>& sidx,
             const std::vector<uint8_t>& fin, std::vector<T>* vals, std::vector<int32_t>* ixs,
             uint32_t tmp_bytes) {
  const uint32_t all = uint32_t(c.outter * c.inner);
  const uint32_t cap = all + 64;
  vals->assign(cap, T{});
  ixs->assign(cap, 0);
  const TopKMode mode = c.small ? TopKMode::TOPK_NSMALL : TopKMode::TOPK_NORMAL;
  platform_ascendc::PlatformAscendC plat;
  AscendC::TopkTiling tiling;
  AscendC::TopKTilingFunc(plat, c.inner, c.outter, c.k, sizeof(T), c.init, mode, c.largest, tiling);
  aicore::Launch(
      [&] {
        AscendC::TPipe pipe;
        TBuf<TPosition::VECCALC> bs, bi, bf, bv, bx, bt;
        pipe.InitBuffer(bs, Round32(all * sizeof(T)));
        pipe.InitBuffer(bi, Round32(all * 4));
        pipe.InitBuffer(bf, Round32(c.outter));
        pipe.InitBuffer(bv, Round32(cap * sizeof(T)));
        pipe.InitBuffer(bx, Round32(cap * 4));
        pipe.InitBuffer(bt, Round32(std::max<uint32_t>(tmp_bytes, 32)));
        LocalTensor<T> s = bs.Get<T>();
        LocalTensor<int32_t> si = bi.Get<int32_t>();
        LocalTensor<bool> f = bf.Get<bool>();
        LocalTensor<T> v = bv.Get<T>();
        LocalTensor<int32_t> x = bx.Get<int32_t>();
        LocalTensor<uint8_t> t = bt.Get<uint8_t>(tmp_bytes);
        std::memcpy(s.GetPhyAddr(), src.data(), all * sizeof(T));
        std::memcpy(si.GetPhyAddr(), sidx.data(), sidx.size() * 4);
        std::memcpy(f.GetPhyAddr(), fin.data(), fin.size());
        std::memset(static_cast<void*>(v.GetPhyAddr()), kSentinel, cap * sizeof(T));
        std::memset(x.GetPhyAddr(), kSentinel, cap * 4);
        AscendC::TopKInfo info;
        info.outter = c.outter;
        info.inner = c.inner;
        info.n = c.n;
        CallTopK<T>(c, v, x, s, si, f, t, tiling, info);
        std::memcpy(vals->data(), v.GetPhyAddr(), cap * sizeof(T));
        std::memcpy(ixs->data(), x.GetPhyAddr(), cap * 4);
      },
      1);
}

template <class T>
void CheckTopKCase(Rng& rng, const TopKCase& c, int kind) {
  const uint32_t all = uint32_t(c.outter * c.inner);
  std::vector<T> src = Scores<T>(rng, all, kind);
  const bool small = c.small;
  const TopKMode mode = small ? TopKMode::TOPK_NSMALL : TopKMode::TOPK_NORMAL;
  std::vector<int32_t> sidx(small ? all : uint32_t(c.inner));
  for (auto& i : sidx) i = static_cast<int32_t>(rng.Below(100000));
  std::vector<uint8_t> fin(Round32(c.outter), 0);
  for (int32_t r = 0; r < c.outter; ++r) fin[r] = rng.Below(3) == 0;
  platform_ascendc::PlatformAscendC plat;
  uint32_t mx = 0, mn = 0;
  AscendC::GetTopKMaxMinTmpSize(plat, c.inner, c.outter, false, c.init, mode, c.largest, sizeof(T),
                                mx, mn);
  std::vector<T> vals;
  std::vector<int32_t> ixs;
  RunTopK<T>(c, src, sidx, fin, &vals, &ixs, mn);
  const uint32_t kv = small ? c.k : uint32_t((c.k * sizeof(T) + 31) / 32 * 32 / sizeof(T));
  const uint32_t ki = small ? c.k : uint32_t((c.k + 7) / 8 * 8);
  for (int32_t r = 0; r < c.outter; ++r) {
    const T* row = src.data() + size_t(r) * c.inner;
    std::vector<uint32_t> p = ModelOrder(row, uint32_t(c.inner), !c.largest);
    for (int32_t i = 0; i < c.k; ++i) {
      const T got = vals[r * kv + i], want = row[p[i]];
      ASSERT_EQ(ref::Bits(got), ref::Bits(want))
          << aicore::detail::TypeName<T>() << " row " << r << " i " << i << " got " << Show(got)
          << " want " << Show(want) << " (inner " << c.inner << ", k " << c.k << ", largest "
          << c.largest << ", small " << small << ")";
      int32_t wi = c.init ? sidx[(small ? size_t(r) * c.inner : 0) + p[i]] : int32_t(p[i]);
      if (c.finish && fin[r]) wi = c.n;
      ASSERT_EQ(ixs[r * ki + i], wi) << "index, row " << r << " i " << i;
    }
  }
  // Nothing written past the last row's k outputs (the padding of the rows
  // in between is "random" on the NPU: not checked).
  const uint8_t* vb = reinterpret_cast<const uint8_t*>(vals.data());
  for (size_t b = ((c.outter - 1) * kv + c.k) * sizeof(T); b < vals.size() * sizeof(T); ++b) {
    ASSERT_EQ(vb[b], kSentinel) << "value byte " << b;
  }
}

template <class T>
void CheckTopK(uint64_t seed) {
  Rng rng(seed);
  for (int kind = 0; kind < 2; ++kind) {
    for (int32_t inner : {32, 64, 96, 1024, 4096}) {
      const int32_t outter = inner == 4096 ? 1 : (inner == 1024 ? 2 : 3);
      const int32_t n = inner - static_cast<int32_t>(rng.Below(31));
      for (int32_t k : {1, 5, 17, n}) {
        if (k > n) continue;
        for (int lg = 0; lg < 2; ++lg) {
          for (int flags = 0; flags < 4; ++flags) {
            TopKCase c{outter, inner, n, k, lg == 1, (flags & 2) != 0, (flags & 1) != 0, false,
                       ((k + flags) & 1) == 1};
            CheckTopKCase<T>(rng, c, kind);
          }
        }
      }
    }
    for (int32_t outter : {1, 4, 9}) {
      for (int32_t k : {1, 8, 17, 32}) {
        for (int lg = 0; lg < 2; ++lg) {
          for (int init = 0; init < 2; ++init) {
            TopKCase c{outter, 32, 32, k, lg == 1, init == 1, false, true, ((k + init) & 1) == 0};
            CheckTopKCase<T>(rng, c, kind);
          }
        }
      }
    }
  }
}

TEST(LibTopK, Float) { CheckTopK<float>(11); }
TEST(LibTopK, Half) { CheckTopK<half>(12); }

// The vendor's Normal-mode example: (2, 32) float, k = 5 smallest, indices
// given, row 1 finished.
TEST(LibTopK, VendorNormalExample) {
  const std::vector<float> src = {
      -18096.555f, -11389.83f, -43112.895f, -21344.77f, 57755.918f, 50911.145f, 24912.621f,
      -12683.089f, 45088.004f, -39351.043f, -30153.293f, 11478.329f, 12069.15f, -9215.71f,
      45716.44f, -21472.398f, -37372.16f, -17460.414f, 22498.03f, 21194.838f, -51229.17f,
      -51721.918f, -47510.38f, 47899.11f, 43008.176f, 5495.8975f, -24176.97f, -14308.27f,
      53950.695f, 7652.6035f, -45169.168f, -26275.518f,
      -9196.681f, -31549.518f, 18589.23f, -12427.927f, 50491.81f, -20078.11f, -25606.107f,
      -34466.773f, -42512.805f, 50584.48f, 35919.934f, -17283.5f, 6488.137f, -12885.134f,
      1942.2147f, -50611.96f, 52671.477f, 23179.662f, 25814.875f, -69.73492f, 33906.797f,
      -34662.61f, 46168.71f, -52391.258f, 57435.332f, 50269.414f, 40935.05f, 21164.176f,
      4028.458f, -29022.918f, -46391.133f, 1971.2042f};
  std::vector<int32_t> sidx(32);
  for (int32_t i = 0; i < 32; ++i) sidx[i] = i;
  std::vector<uint8_t> fin(32, 0);
  fin[1] = 1;
  TopKCase c{2, 32, 32, 5, false, true, true, false, true};
  std::vector<float> vals;
  std::vector<int32_t> ixs;
  RunTopK<float>(c, src, sidx, fin, &vals, &ixs, 512);
  const float v0[5] = {-51721.918f, -51229.17f, -47510.38f, -45169.168f, -43112.895f};
  const float v1[5] = {-52391.258f, -50611.96f, -46391.133f, -42512.805f, -34662.61f};
  const int32_t i0[5] = {21, 20, 22, 30, 2};
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(vals[i], v0[i]) << i;
    EXPECT_EQ(vals[8 + i], v1[i]) << i;
    EXPECT_EQ(ixs[i], i0[i]) << i;
    EXPECT_EQ(ixs[8 + i], 32) << i;  // finished row: n
  }
}

// The vendor's Small-mode example: (4, 32) float of which 17 real (padding
// -inf), k = 8 largest; documented indices.
TEST(LibTopK, VendorSmallExample) {
  const float ninf = -std::numeric_limits<float>::infinity();
  const std::vector<std::vector<float>> rows = {
      {55492.18f, 27748.229f, -51100.11f, 19276.926f, 14828.149f, -20771.824f, 57553.4f,
       -21504.092f, -57423.414f, 142.36443f, -5223.254f, 54669.473f, 54519.184f, 10165.924f,
       -658.4564f, 2264.2397f, -52942.883f},
      {-52849.074f, 57778.72f, 37069.496f, 16273.109f, -25150.637f, -35680.5f, -15823.097f,
       4327.308f, -35853.86f, -7052.2627f, 44148.117f, -17515.457f, -18926.059f, -1650.6737f,
       21753.582f, -2589.2822f, 39390.4f},
      {-17539.186f, -15220.923f, 29945.332f, -4088.1514f, 28482.525f, 29750.484f, -46082.03f,
       31141.16f, 23140.047f, 8461.174f, 39955.844f, 29401.35f, 53757.543f, 33584.566f,
       -3543.6284f, -38318.344f, 22212.41f},
      {-9970.768f, -9191.963f, -17903.045f, 2211.4912f, 47037.562f, -41114.824f, 13305.985f,
       59926.07f, -24316.797f, -6462.8896f, 5699.733f, -5873.5015f, 15695.861f, -38492.004f,
       19581.654f, -36877.68f, 27090.158f}};
  std::vector<float> src;
  std::vector<int32_t> sidx;
  for (const auto& r : rows) {
    for (int i = 0; i < 32; ++i) {
      src.push_back(i < 17 ? r[i] : ninf);
      sidx.push_back(i);
    }
  }
  TopKCase c{4, 32, 17, 8, true, true, false, true, true};
  std::vector<float> vals;
  std::vector<int32_t> ixs;
  RunTopK<float>(c, src, sidx, std::vector<uint8_t>(32, 0),
                                                    &vals, &ixs, 4096);
  const int32_t want[4][8] = {{6, 0, 11, 12, 1, 3, 4, 13},
                              {1, 10, 16, 2, 14, 3, 7, 13},
                              {12, 10, 13, 7, 2, 5, 11, 4},
                              {7, 4, 16, 14, 12, 6, 10, 3}};
  for (int r = 0; r < 4; ++r) {
    for (int i = 0; i < 8; ++i) {
      EXPECT_EQ(ixs[r * 8 + i], want[r][i]) << r << " " << i;
      EXPECT_EQ(vals[r * 8 + i], rows[r][want[r][i]]) << r << " " << i;
    }
  }
}

TEST(LibTopK, HostTiling) {
  platform_ascendc::PlatformAscendC plat;
  uint32_t mx = 0, mn = 0;
  EXPECT_TRUE(AscendC::GetTopKMaxMinTmpSize(plat, 64, 3, false, true, TopKMode::TOPK_NORMAL, true,
                                            4, mx, mn));
  EXPECT_EQ(mn, 16u * 64);
  EXPECT_EQ(mx, mn);
  AscendC::GetTopKMaxMinTmpSize(plat, 64, 3, false, false, TopKMode::TOPK_NORMAL, true, 2, mx, mn);
  EXPECT_EQ(mn, 20u * 64);
  AscendC::GetTopKMaxMinTmpSize(plat, 32, 5, false, true, TopKMode::TOPK_NSMALL, true, 4, mx, mn);
  EXPECT_EQ(mn, 8u * 160 + 64);
  AscendC::GetTopKMaxMinTmpSize(plat, 32, 5, false, false, TopKMode::TOPK_NSMALL, false, 4, mx,
                                mn);
  EXPECT_EQ(mn, 8u * 160 + 64 + 4 * 160 + 4 * 160);
  // Normal mode: the tiling's tmpLocalSize (elements of T) is the minimum.
  for (uint32_t size : {2u, 4u}) {
    for (bool init : {false, true}) {
      optiling::TopkTiling t;
      EXPECT_TRUE(AscendC::TopKTilingFunc(plat, 256, 2, 20, size, init, TopKMode::TOPK_NORMAL,
                                          true, t));
      AscendC::GetTopKMaxMinTmpSize(plat, 256, 2, false, init, TopKMode::TOPK_NORMAL, true, size,
                                    mx, mn);
      EXPECT_EQ(uint32_t(t.tmpLocalSize) * size, mn);
      EXPECT_EQ(t.allDataSize, 512);
      EXPECT_EQ(t.innerDataSize, int32_t(256 * 8 / size));
      EXPECT_EQ(t.sortRepeat, 8u);
      EXPECT_EQ(t.mrgSortRepeat, 64);
      EXPECT_EQ(t.kAlignFourBytes, 24);
      EXPECT_EQ(t.kAlignTwoBytes, 32);
      EXPECT_EQ(t.maskOffset, size == 2 ? 64 : 48);
      EXPECT_EQ(t.srcIndexOffset, init ? 0 : int32_t(256 * 16 / size));
    }
  }
  // Small mode: GatherMask patterns of k = 20 records.
  AscendC::TopkTiling t;
  AscendC::TopKTilingFunc(plat, 32, 4, 20, 4, true, TopKMode::TOPK_NSMALL, true, t);
  EXPECT_EQ(t.vreduceIdxMask0, 0xAAAAAAAAu);
  EXPECT_EQ(t.vreduceIdxMask1, 0xAAu);
  EXPECT_EQ(t.vreduceValMask0, 0x55555555u);
  EXPECT_EQ(t.vreduceValMask1, 0x55u);
  EXPECT_EQ(t.maskOffset, 80);
  EXPECT_EQ(t.tmpLocalSize, 32 * 4 * 2 + 16);
  AscendC::TopKTilingFunc(plat, 32, 4, 6, 2, true, TopKMode::TOPK_NSMALL, true, t);
  EXPECT_EQ(t.vreducehalfValMask0, 0x1111);
  EXPECT_EQ(t.vreducehalfValMask1, 0x0011);
  EXPECT_EQ(t.vreducehalfValMask2, 0);
}

// The tiling struct inside a BEGIN_TILING_DATA_DEF class.
BEGIN_TILING_DATA_DEF(SortTestTilingData)
TILING_DATA_FIELD_DEF(int32_t, k);
TILING_DATA_FIELD_DEF_STRUCT(AscendC::TopkTiling, topkTilingData);
END_TILING_DATA_DEF;

TEST(LibTopK, TilingField) {
  SortTestTilingData d;
  platform_ascendc::PlatformAscendC plat;
  AscendC::TopKTilingFunc(plat, 64, 2, 3, 4, true, TopKMode::TOPK_NORMAL, true,
                          d.topkTilingData);
  EXPECT_EQ(d.get_topkTilingData().allDataSize, 128);
  EXPECT_EQ(sizeof(AscendC::TopkTiling), 24u * 4 + 8u * 2);
}

// ---- diagnostics ------------------------------------------------------------------

// Runs f(t) where t holds 64-element float tensors s (src), d (dst, 4096
// bytes), tmp (tmp_bytes) and u32/int32/bool tensors; returns the message.
struct Tensors {
  LocalTensor<float> s, d;
  LocalTensor<uint32_t> ui;
  LocalTensor<int32_t> si, di;
  LocalTensor<bool> f;
  LocalTensor<uint8_t> tmp;
  LocalTensor<float> ftmp;
};

// (One std::function signature: one Launch instantiation for all the cases.)
std::string Err(uint32_t tmp_bytes, const std::function<void(Tensors&)>& f,
                aicore::ErrorKind* kind = nullptr) {
  try {
    aicore::Launch(
        [&] {
          AscendC::TPipe pipe;
          TBuf<TPosition::VECCALC> bs, bd, bu, bi, bx, bf, bt;
          pipe.InitBuffer(bs, 256);
          pipe.InitBuffer(bd, 4096);
          pipe.InitBuffer(bu, 256);
          pipe.InitBuffer(bi, 256);
          pipe.InitBuffer(bx, 256);
          pipe.InitBuffer(bf, 64);
          pipe.InitBuffer(bt, 8192);
          Tensors t;
          t.s = bs.Get<float>();
          t.d = bd.Get<float>();
          t.ui = bu.Get<uint32_t>();
          t.si = bi.Get<int32_t>();
          t.di = bx.Get<int32_t>();
          t.f = bf.Get<bool>();
          t.tmp = bt.Get<uint8_t>(tmp_bytes);
          t.ftmp = bt.Get<float>(tmp_bytes / 4);
          std::memset(t.s.GetPhyAddr(), 0, 256);
          std::memset(t.ui.GetPhyAddr(), 0, 256);
          std::memset(t.si.GetPhyAddr(), 0, 256);
          std::memset(t.f.GetPhyAddr(), 0, 64);
          f(t);
        },
        1);
  } catch (const aicore::KernelError& e) {
    if (kind) *kind = e.kind();
    return e.what();
  }
  return "";
}

TEST(LibSortDiagnostics, SortRepeatAndSizes) {
  aicore::ErrorKind kind{};
  std::string m = Err(512, [](Tensors& t) {
    AscendC::Sort<float, true>(t.d, t.s, t.ui, t.ftmp, 256);
  }, &kind);
  EXPECT_TRUE(Has(m, "parameter error in Sort")) << m;
  EXPECT_TRUE(Has(m, "repeatTime 256 is outside [0, 255]")) << m;
  EXPECT_TRUE(Has(m, "test_sort.cpp")) << m;
  // 2 repeats = 64 scores: the source holds 64, dst 1024 floats (512 needed).
  EXPECT_EQ(Err(512, [](Tensors& t) { AscendC::Sort<float, true>(t.d, t.s, t.ui, t.ftmp, 2); }),
            "");
  m = Err(512, [](Tensors& t) { AscendC::Sort<float, false>(t.d, t.s, t.ui, t.ftmp, 3); }, &kind);
  EXPECT_TRUE(Has(m, "concat holds 64 float elements, fewer than the 96 scores of repeatTime * 32"))
      << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kBounds);
  m = Err(512, [](Tensors& t) { AscendC::Sort<float, true>(t.d, t.s, t.ui, t.ftmp, 2); });
  EXPECT_EQ(m, "");
  m = Err(511, [](Tensors& t) { AscendC::Sort<float, true>(t.d, t.s, t.ui, t.ftmp, 2); }, &kind);
  EXPECT_TRUE(Has(m, "tmp holds 508 bytes, fewer than the 512 bytes GetSortTmpSize gives for 64 "
                     "float elements (full sort)")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kParameter);
  m = Err(512, [](Tensors& t) {
    AscendC::Sort<float, true>(t.d[1000], t.s, t.ui, t.ftmp, 1);
  });
  EXPECT_TRUE(Has(m, "dst holds 24 float elements, fewer than the 64 elements of repeatTime * 32 "
                     "8-byte records")) << m;
  m = Err(512, [](Tensors& t) { AscendC::Sort<float, true>(t.d, t.d[32], t.ui, t.ftmp, 1); });
  EXPECT_TRUE(Has(m, "dst overlaps concat")) << m;
  EXPECT_EQ(Err(512, [](Tensors& t) { AscendC::Sort<float, true>(t.d, t.d[64], t.ui, t.ftmp, 1); }),
            "");
  m = Err(512, [](Tensors& t) { AscendC::Sort<float, true>(t.d, t.s[1], t.ui, t.ftmp, 1); });
  EXPECT_TRUE(Has(m, "not 32-byte aligned")) << m;
}

TEST(LibSortDiagnostics, ConcatExtract) {
  std::string m = Err(512, [](Tensors& t) {
    LocalTensor<float> c;
    AscendC::Concat(c, t.s, t.ftmp, 5);
  });
  EXPECT_TRUE(Has(m, "Concat")) << m;
  EXPECT_TRUE(Has(m, "src holds 64 float elements, fewer than the 80 elements of repeatTime * 16"))
      << m;
  EXPECT_EQ(Err(512, [](Tensors& t) {
              LocalTensor<float> c;
              AscendC::Concat(c, t.s, t.ftmp, 4);
            }), "");
  m = Err(512, [](Tensors& t) { AscendC::Extract(t.s, t.ui, t.d, -1); });
  EXPECT_TRUE(Has(m, "Extract")) << m;
  EXPECT_TRUE(Has(m, "repeatTime -1 is outside [0, 255]")) << m;
  m = Err(512, [](Tensors& t) { AscendC::Extract(t.s, t.ui, t.d, 3); });
  EXPECT_TRUE(Has(m, "dstValue holds 64 float elements, fewer than the 96 values")) << m;
  EXPECT_EQ(Err(512, [](Tensors& t) { AscendC::Extract(t.s, t.ui, t.d, 2); }), "");
}

// TopK with a (2, 32) float source: d as dstValue (needs 8 + k), di as dstIndex.
template <bool kInit = false, bool kFinish = false, TopKMode kMode = TopKMode::TOPK_NORMAL>
std::string TopKErr(uint32_t tmp_bytes, int32_t k, AscendC::TopKInfo info, int32_t tiling_inner,
                    int32_t tiling_outter, bool tmp_form = true) {
  platform_ascendc::PlatformAscendC plat;
  AscendC::TopkTiling tiling;
  AscendC::TopKTilingFunc(plat, tiling_inner, tiling_outter, 1, 4, kInit, kMode, true, tiling);
  return Err(tmp_bytes, [&](Tensors& t) {
    if (tmp_form) {
      AscendC::TopK<float, kInit, kFinish, false, kMode>(t.d, t.di, t.s, t.si, t.f, t.tmp, k,
                                                        tiling, info);
    } else {
      AscendC::TopK<float, kInit, kFinish, false, kMode>(t.d, t.di, t.s, t.si, t.f, k, tiling,
                                                        info);
    }
  });
}

AscendC::TopKInfo Info(int32_t outter, int32_t inner, int32_t n) {
  AscendC::TopKInfo i;
  i.outter = outter;
  i.inner = inner;
  i.n = n;
  return i;
}

TEST(LibTopKDiagnostics, KAndShape) {
  EXPECT_EQ(TopKErr(640, 30, Info(2, 32, 30), 32, 2), "");
  std::string m = TopKErr(640, 31, Info(2, 32, 30), 32, 2);
  EXPECT_TRUE(Has(m, "parameter error in TopK")) << m;
  EXPECT_TRUE(Has(m, "k 31 is outside [1, topKInfo.n = 30]")) << m;
  EXPECT_TRUE(Has(m, "test_sort.cpp")) << m;
  m = TopKErr(640, 0, Info(2, 32, 30), 32, 2);
  EXPECT_TRUE(Has(m, "k 0 is outside")) << m;
  m = TopKErr(640, 3, Info(1, 40, 30), 32, 1);
  EXPECT_TRUE(Has(m, "topKInfo.inner 40 is not a positive multiple of 32")) << m;
  m = TopKErr(640, 3, Info(2, 32, 33), 32, 2);
  EXPECT_TRUE(Has(m, "topKInfo.n 33 is outside [1, inner = 32]")) << m;
  m = TopKErr<false, false, TopKMode::TOPK_NSMALL>(4096, 3, Info(1, 64, 64), 32, 2);
  EXPECT_TRUE(Has(m, "topKInfo.inner 64 in TopKMode::TOPK_NSMALL")) << m;
  EXPECT_EQ((TopKErr<false, false, TopKMode::TOPK_NSMALL>(4096, 3, Info(2, 32, 32), 32, 2)), "");
  // isHasfinish with Small mode: a run-time error (kernels instantiate both modes), as the vendor's assert.
  m = TopKErr<false, true, TopKMode::TOPK_NSMALL>(4096, 3, Info(2, 32, 32), 32, 2);
  EXPECT_TRUE(Has(m, "isHasfinish is true in TopKMode::TOPK_NSMALL")) << m;
}

TEST(LibTopKDiagnostics, TilingDisagrees) {
  EXPECT_EQ(TopKErr(1280, 3, Info(1, 64, 64), 64, 1), "");
  std::string m = TopKErr(1280, 3, Info(1, 64, 64), 32, 2);
  EXPECT_TRUE(Has(m, "the tiling was computed for another shape: its allDataSize 64 and "
                     "innerDataSize 64, topKInfo {outter 1, inner 64} and float need 64 and 128"))
      << m;
  m = TopKErr(1280, 3, Info(1, 64, 64), 64, 2, false);
  EXPECT_TRUE(Has(m, "its allDataSize 128")) << m;
}

TEST(LibTopKDiagnostics, TmpAndOperands) {
  // Normal, float, !isInitIndex: 20 * inner bytes.
  std::string m = TopKErr(639, 3, Info(2, 32, 32), 32, 2);
  EXPECT_TRUE(Has(m, "tmpLocal holds 639 bytes, fewer than the 640 bytes GetTopKMaxMinTmpSize "
                     "gives as the minimum for float inner 32, outter 2")) << m;
  EXPECT_EQ(TopKErr(640, 3, Info(2, 32, 32), 32, 2), "");
  EXPECT_EQ(TopKErr(32, 3, Info(2, 32, 32), 32, 2, false), "");  // no-tmp form
  EXPECT_EQ((TopKErr<true, false>(512, 3, Info(2, 32, 32), 32, 2)), "");
  m = TopKErr<true, false>(511, 3, Info(2, 32, 32), 32, 2);
  EXPECT_TRUE(Has(m, "fewer than the 512 bytes")) << m;
  // The source: 64 floats hold 2 rows of 32, not 3.
  m = TopKErr(4096, 3, Info(3, 32, 32), 32, 3);
  EXPECT_TRUE(Has(m, "srcLocal holds 64 float elements, fewer than the 96 elements of "
                     "topKInfo.outter * inner")) << m;
  // Index outputs: 64 int32 hold rows of kpad_index 8 for 8 rows (k <= 8), not 9.
  platform_ascendc::PlatformAscendC plat;
  AscendC::TopkTiling tiling;
  AscendC::TopKTilingFunc(plat, 32, 2, 9, 4, false, TopKMode::TOPK_NORMAL, true, tiling);
  m = Err(4096, [&](Tensors& t) {
    AscendC::TopK<float>(t.d, t.di[40], t.s, t.si, t.f, t.tmp, 9, tiling, Info(2, 32, 32));
  });
  EXPECT_TRUE(Has(m, "dstIndexLocal holds 24 int32_t elements, fewer than the 25 elements of "
                     "outter rows of kpad_index")) << m;
  EXPECT_EQ(Err(4096, [&](Tensors& t) {
              AscendC::TopK<float>(t.d, t.di[32], t.s, t.si, t.f, t.tmp, 9, tiling,
                                   Info(2, 32, 32));
            }), "");
  // dstValue overlapping the source.
  m = Err(4096, [&](Tensors& t) {
    AscendC::TopK<float>(t.s, t.di, t.s, t.si, t.f, t.tmp, 9, tiling, Info(2, 32, 32));
  });
  EXPECT_TRUE(Has(m, "dstValueLocal overlaps srcLocal")) << m;
}

TEST(LibSortDiagnostics, Host) {
  platform_ascendc::PlatformAscendC plat;
  AscendC::TopkTiling t;
  uint32_t mx = 0, mn = 0;
  auto err = [](auto&& f) -> std::string {
    try {
      f();
    } catch (const aicore::KernelError& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_EQ(err([&] { AscendC::TopKTilingFunc(plat, 64, 2, 64, 4, true, TopKMode::TOPK_NORMAL,
                                              true, t); }), "");
  std::string m = err([&] {
    AscendC::TopKTilingFunc(plat, 64, 2, 65, 4, true, TopKMode::TOPK_NORMAL, true, t);
  });
  EXPECT_TRUE(Has(m, "TopKTilingFunc")) << m;
  EXPECT_TRUE(Has(m, "k 65 is outside [1, inner = 64]")) << m;
  m = err([&] {
    AscendC::GetTopKMaxMinTmpSize(plat, 48, 2, false, true, TopKMode::TOPK_NORMAL, true, 4, mx, mn);
  });
  EXPECT_TRUE(Has(m, "GetTopKMaxMinTmpSize")) << m;
  EXPECT_TRUE(Has(m, "inner 48 is not a positive multiple of 32")) << m;
  m = err([&] {
    AscendC::GetTopKMaxMinTmpSize(plat, 32, 2, false, true, TopKMode::TOPK_NORMAL, true, 8, mx, mn);
  });
  EXPECT_TRUE(Has(m, "dataTypeSize 8 is unsupported")) << m;
  m = err([&] {
    AscendC::GetTopKMaxMinTmpSize(plat, 4096, 64, false, true, TopKMode::TOPK_NORMAL, true, 4, mx,
                                  mn);
  });
  EXPECT_TRUE(Has(m, "exceeds UB")) << m;
  m = err([&] { AscendC::GetSortTmpSize(plat, 0, 4); });
  EXPECT_TRUE(Has(m, "GetSortTmpSize")) << m;
  EXPECT_TRUE(Has(m, "elemCount 0")) << m;
  EXPECT_EQ(err([&] { AscendC::GetSortTmpSize(plat, 1, 4); }), "");
}

}  // namespace
}  // namespace aicore_test
