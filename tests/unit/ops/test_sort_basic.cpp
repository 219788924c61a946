// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The basic sorting instructions of ops/sort_basic.h (Sort32, MrgSort with
// MrgSort4Info, GetMrgSortResult, the MrgSort<T, isExhaustedSuspension>
// convenience form) against scalar models written from the documented
// rules: Sort32 is a std::stable_sort of (score, position) per group of 32
// (descending, -0 == +0, NaN first, ties in input order); MrgSort takes, step
// by step, the head with the strictly best score, the lower list on ties, and
// stops after the first list runs out when suspension is on. Records are
// compared bit for bit (half records carry random reserved bytes, which
// MrgSort must copy). Inputs: ties, specials, random bits, unsorted lists,
// lengths that are not multiples of 32, 8-byte (not 32-byte) aligned lists.
// Diagnostics: each KernelError with its clean twin.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "aicore/ops/sort_basic.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {
namespace {

using AscendC::LocalTensor;
using AscendC::MrgSort4Info;
using AscendC::MrgSortSrcList;
using AscendC::TBuf;
using AscendC::TPosition;

bool Has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

// ---- the scalar model ------------------------------------------------------------

// Whether a comes strictly before b in the documented order.
bool Before(double a, double b) {
  const bool na = std::isnan(a), nb = std::isnan(b);
  if (na || nb) return na && !nb;
  return a > b;  // -0 == +0
}

template <class T>
double RecScore(const uint8_t* rec) {
  T v;
  std::memcpy(&v, rec, sizeof(T));
  return ref::ToDouble(v);
}

template <class T>
std::vector<uint8_t> ModelSort32(const std::vector<T>& s, const std::vector<uint32_t>& idx) {
  std::vector<uint8_t> out(s.size() * 8, 0);
  for (size_t g = 0; g < s.size(); g += 32) {
    std::vector<uint32_t> p(32);
    for (uint32_t i = 0; i < 32; ++i) p[i] = i;
    std::stable_sort(p.begin(), p.end(), [&](uint32_t a, uint32_t b) {
      return Before(ref::ToDouble(s[g + a]), ref::ToDouble(s[g + b]));
    });
    for (uint32_t i = 0; i < 32; ++i) {
      std::memcpy(&out[(g + i) * 8], &s[g + p[i]], sizeof(T));
      std::memcpy(&out[(g + i) * 8 + 4], &idx[g + p[i]], 4);
    }
  }
  return out;
}

// lists[i]: records of list i; returns the merged records and the counts taken.
template <class T>
std::vector<uint8_t> ModelMerge(const std::vector<std::vector<uint8_t>>& lists, bool suspend,
                                uint32_t taken[4]) {
  const size_t k = lists.size();
  std::vector<size_t> pos(k, 0);
  std::vector<uint8_t> out;
  bool stop = false;
  for (size_t i = 0; i < k && suspend; ++i) stop = stop || lists[i].empty();
  while (!stop) {
    int best = -1;
    for (size_t i = 0; i < k; ++i) {
      if (pos[i] * 8 >= lists[i].size()) continue;
      if (best < 0 || Before(RecScore<T>(&lists[i][pos[i] * 8]),
                             RecScore<T>(&lists[best][pos[best] * 8]))) {
        best = static_cast<int>(i);
      }
    }
    if (best < 0) break;
    out.insert(out.end(), lists[best].begin() + pos[best] * 8,
               lists[best].begin() + pos[best] * 8 + 8);
    ++pos[best];
    if (suspend && pos[best] * 8 == lists[best].size()) stop = true;
  }
  for (size_t i = 0; i < 4; ++i) taken[i] = i < k ? static_cast<uint32_t>(pos[i]) : 0;
  return out;
}

template <class T>
T Score(Rng& rng, int kind) {
  if (kind == 0) return ref::RoundTo<T>(static_cast<double>(static_cast<int64_t>(rng.Below(9)) - 4));
  return RandomValue<T>(rng);
}

// n random records of T (sorted descending unless `unsorted`); half records
// get random reserved bytes 2-3.
template <class T>
std::vector<uint8_t> RandomList(Rng& rng, uint32_t n, int kind, bool unsorted) {
  std::vector<T> s(n);
  for (auto& x : s) x = Score<T>(rng, kind);
  if (!unsorted) {
    std::stable_sort(s.begin(), s.end(),
                     [](T a, T b) { return Before(ref::ToDouble(a), ref::ToDouble(b)); });
  }
  std::vector<uint8_t> r(size_t{n} * 8);
  for (uint32_t i = 0; i < n; ++i) {
    const uint64_t bits = rng.Next();
    std::memcpy(&r[i * 8], &bits, 8);
    std::memcpy(&r[i * 8], &s[i], sizeof(T));
  }
  return r;
}

// ---- Sort32 ----------------------------------------------------------------------

template <class T>
void CheckSort32(uint64_t seed) {
  Rng rng(seed);
  for (int32_t rep : {0, 1, 2, 5, 31, 255}) {
    for (int kind = 0; kind < 2; ++kind) {
      const uint32_t n = 32u * rep;
      std::vector<T> s(n);
      for (auto& x : s) x = Score<T>(rng, kind);
      std::vector<uint32_t> idx(n);
      for (auto& i : idx) i = static_cast<uint32_t>(rng.Next());
      const uint32_t cap = n + 32;
      std::vector<uint8_t> rec(size_t{cap} * 8);
      aicore::Launch(
          [&] {
            AscendC::TPipe pipe;
            TBuf<TPosition::VECCALC> bs, bi, bd;
            pipe.InitBuffer(bs, Round32(cap * sizeof(T)));
            pipe.InitBuffer(bi, Round32(cap * 4));
            pipe.InitBuffer(bd, Round32(cap * 8));
            LocalTensor<T> src0 = bs.Get<T>(), dst = bd.Get<T>();
            LocalTensor<uint32_t> src1 = bi.Get<uint32_t>();
            std::memset(static_cast<void*>(dst.GetPhyAddr()), kSentinel, cap * 8);
            if (n) std::memcpy(src0.GetPhyAddr(), s.data(), n * sizeof(T));
            if (n) std::memcpy(src1.GetPhyAddr(), idx.data(), n * 4);
            AscendC::Sort32<T>(dst, src0, src1, rep);
            std::memcpy(rec.data(), dst.GetPhyAddr(), cap * 8);
          },
          1);
      const std::vector<uint8_t> want = ModelSort32(s, idx);
      ASSERT_EQ(0, n ? std::memcmp(rec.data(), want.data(), want.size()) : 0)
          << aicore::detail::TypeName<T>() << " rep=" << rep << " kind=" << kind << ": "
          << FirstByteDiff(std::vector<uint8_t>(rec.begin(), rec.begin() + n * 8), want, 0, 0);
      for (size_t b = size_t{n} * 8; b < rec.size(); ++b) ASSERT_EQ(rec[b], kSentinel) << b;
    }
  }
}

TEST(OpsSort32, FloatAgainstModel) { CheckSort32<float>(11); }
TEST(OpsSort32, HalfAgainstModel) { CheckSort32<half>(12); }

// ---- MrgSort ---------------------------------------------------------------------

// One MrgSort (basic form, or the convenience form with `convenience`) of the
// given lists, placed 8-byte aligned with random gaps; compares dst and the
// counts with the model.
template <class T>
void RunMerge(Rng& rng, const std::vector<std::vector<uint8_t>>& lists, bool suspend,
              bool convenience, const std::string& what) {
  const int k = static_cast<int>(lists.size());
  constexpr uint32_t kRecElems = 8 / sizeof(T);
  uint32_t off[4] = {0, 0, 0, 0};  // records
  uint32_t cur = static_cast<uint32_t>(rng.Below(4));
  uint64_t total = 0;
  for (int i = 0; i < k; ++i) {
    off[i] = cur;
    cur += static_cast<uint32_t>(lists[i].size() / 8 + rng.Below(4));
    total += lists[i].size() / 8;
  }
  const uint32_t src_recs = cur + 1;
  const uint32_t cap = static_cast<uint32_t>(total) + 8;
  std::vector<uint8_t> got(size_t{cap} * 8);
  uint16_t res[4] = {0, 0, 0, 0};
  uint32_t sorted_num[4] = {7, 7, 7, 7};
  aicore::Launch(
      [&] {
        AscendC::TPipe pipe;
        TBuf<TPosition::VECCALC> bs, bd;
        pipe.InitBuffer(bs, Round32(size_t{src_recs} * 8));
        pipe.InitBuffer(bd, Round32(size_t{cap} * 8));
        LocalTensor<T> src = bs.Get<T>(), dst = bd.Get<T>();
        std::memset(static_cast<void*>(dst.GetPhyAddr()), kSentinel, cap * 8);
        uint8_t* sp = reinterpret_cast<uint8_t*>(src.GetPhyAddr());
        for (int i = 0; i < k; ++i) {
          if (!lists[i].empty()) std::memcpy(sp + off[i] * 8, lists[i].data(), lists[i].size());
        }
        MrgSortSrcList<T> list;
        list.src1 = src[off[0] * kRecElems];
        list.src2 = src[off[1] * kRecElems];
        if (k > 2) list.src3 = src[off[2] * kRecElems];
        if (k > 3) list.src4 = src[off[3] * kRecElems];
        uint16_t lens[4] = {0, 0, 0, 0};
        for (int i = 0; i < k; ++i) lens[i] = static_cast<uint16_t>(lists[i].size() / 8);
        const uint16_t valid = k == 2 ? 0b11 : (k == 3 ? 0b111 : 0b1111);
        if (convenience) {
          if (suspend) {
            AscendC::MrgSort<T, true>(dst, list, lens, sorted_num, valid, 1);
          } else {
            AscendC::MrgSort<T>(dst, list, lens, sorted_num, valid, 1);
          }
        } else {
          MrgSort4Info info(lens, suspend, valid, 1);
          AscendC::MrgSort(dst, list, info);
          if (suspend) AscendC::GetMrgSortResult(res[0], res[1], res[2], res[3]);
        }
        std::memcpy(got.data(), dst.GetPhyAddr(), cap * 8);
      },
      1);
  uint32_t taken[4];
  const std::vector<uint8_t> want = ModelMerge<T>(lists, suspend, taken);
  ASSERT_EQ(0, want.empty() ? 0 : std::memcmp(got.data(), want.data(), want.size()))
      << what << ": " << FirstByteDiff(std::vector<uint8_t>(got.begin(), got.begin() + want.size()),
                                       want, 0, 0);
  for (size_t b = want.size(); b < got.size(); ++b) ASSERT_EQ(got[b], kSentinel) << what << " " << b;
  if (suspend) {
    for (int i = 0; i < 4; ++i) {
      if (convenience) {
        ASSERT_EQ(sorted_num[i], taken[i]) << what << " list " << i;
      } else {
        ASSERT_EQ(res[i], taken[i]) << what << " list " << i;
      }
    }
  } else if (convenience) {
    for (int i = 0; i < 4; ++i) ASSERT_EQ(sorted_num[i], 7u) << "sortedNum written without suspension";
  }
}

template <class T>
void CheckMrgSort(uint64_t seed) {
  Rng rng(seed);
  for (int iter = 0; iter < 160; ++iter) {
    const int k = 2 + static_cast<int>(rng.Below(3));
    const int kind = static_cast<int>(rng.Below(2));
    const bool unsorted = rng.Below(6) == 0;
    const bool suspend = rng.Below(2) == 0;
    const bool convenience = rng.Below(3) == 0;
    std::vector<std::vector<uint8_t>> lists;
    for (int i = 0; i < k; ++i) {
      const uint32_t n = rng.Below(8) == 0 ? static_cast<uint32_t>(rng.Below(3))
                                           : static_cast<uint32_t>(rng.Below(300));
      lists.push_back(RandomList<T>(rng, n, kind, unsorted));
    }
    RunMerge<T>(rng, lists, suspend, convenience,
                std::string(aicore::detail::TypeName<T>()) + " iter " + std::to_string(iter));
  }
  // The longest lists (4095 records; two of them fill UB with their output).
  std::vector<std::vector<uint8_t>> big;
  for (int i = 0; i < 2; ++i) big.push_back(RandomList<T>(rng, 4095, 0, false));
  RunMerge<T>(rng, big, false, false, "2 x 4095");
  RunMerge<T>(rng, big, true, true, "2 x 4095, suspension");
}

TEST(OpsMrgSort, FloatAgainstModel) { CheckMrgSort<float>(21); }
TEST(OpsMrgSort, HalfAgainstModel) { CheckMrgSort<half>(22); }

// The model of a merge of sorted lists is the stable sort of their
// concatenation (lists in order): a check of the model itself.
TEST(OpsMrgSort, ModelIsStableSortOfConcatenation) {
  Rng rng(23);
  for (int iter = 0; iter < 50; ++iter) {
    std::vector<std::vector<uint8_t>> lists;
    std::vector<uint8_t> cat;
    for (int i = 0; i < 4; ++i) {
      lists.push_back(RandomList<float>(rng, static_cast<uint32_t>(rng.Below(50)), iter % 2, false));
      cat.insert(cat.end(), lists.back().begin(), lists.back().end());
    }
    std::vector<uint32_t> p(cat.size() / 8);
    for (uint32_t i = 0; i < p.size(); ++i) p[i] = i;
    std::stable_sort(p.begin(), p.end(), [&](uint32_t a, uint32_t b) {
      return Before(RecScore<float>(&cat[a * 8]), RecScore<float>(&cat[b * 8]));
    });
    std::vector<uint8_t> want;
    for (uint32_t i : p) want.insert(want.end(), cat.begin() + i * 8, cat.begin() + i * 8 + 8);
    uint32_t taken[4];
    ASSERT_EQ(ModelMerge<float>(lists, false, taken), want) << iter;
  }
}

// Sort32 then MrgSort with repeatTimes: the vendor's documented example shape
// (8 sorted lists of 32 float records, repeatTimes 2: two sorted runs of
// 128), and half with 3 repeats of 4 x 64.
template <class T>
void CheckRepeatForm(uint32_t len, uint32_t rep, uint64_t seed) {
  Rng rng(seed);
  const uint32_t n = 4 * len * rep;  // scores
  std::vector<T> s(n);
  for (auto& x : s) x = Score<T>(rng, 1);
  std::vector<uint32_t> idx(n);
  for (uint32_t i = 0; i < n; ++i) idx[i] = i;
  std::vector<uint8_t> got(size_t{n} * 8 + 64);
  aicore::Launch(
      [&] {
        AscendC::TPipe pipe;
        TBuf<TPosition::VECCALC> bs, bi, bw, bd;
        pipe.InitBuffer(bs, Round32(n * sizeof(T)));
        pipe.InitBuffer(bi, Round32(n * 4));
        pipe.InitBuffer(bw, Round32(n * 8));
        pipe.InitBuffer(bd, Round32(n * 8 + 64));
        LocalTensor<T> src = bs.Get<T>(), work = bw.Get<T>(), dst = bd.Get<T>();
        LocalTensor<uint32_t> ix = bi.Get<uint32_t>();
        std::memcpy(src.GetPhyAddr(), s.data(), n * sizeof(T));
        std::memcpy(ix.GetPhyAddr(), idx.data(), n * 4);
        std::memset(static_cast<void*>(dst.GetPhyAddr()), kSentinel, n * 8 + 64);
        // Lists of len records: Sort32 gives runs of 32; merge runs of 32 up
        // to len first where len > 32 (len 64: pairs of runs).
        AscendC::Sort32<T>(len == 32 ? work : dst, src, ix, static_cast<int32_t>(n / 32));
        if (len == 64) {
          for (uint32_t r = 0; r < n / 64; ++r) {
            MrgSortSrcList<T> l2(dst[r * 64 * (8 / sizeof(T))], dst[(r * 64 + 32) * (8 / sizeof(T))],
                                 dst[0], dst[0]);
            const uint16_t lens[4] = {32, 32, 0, 0};
            AscendC::MrgSort(work[r * 64 * (8 / sizeof(T))], l2, MrgSort4Info(lens, false, 3, 1));
          }
        }
        const uint32_t e = len * (8 / sizeof(T));
        MrgSortSrcList<T> list(work[0], work[e], work[2 * e], work[3 * e]);
        MrgSort4Info info;
        for (int i = 0; i < 4; ++i) info.elementLengths[i] = static_cast<uint16_t>(len);
        info.ifExhaustedSuspension = false;
        info.validBit = 0b1111;
        info.repeatTimes = static_cast<uint8_t>(rep);
        AscendC::MrgSort<T>(dst, list, info);
        std::memcpy(got.data(), dst.GetPhyAddr(), n * 8 + 64);
      },
      1);
  // Model: each block of 4 * len scores sorted as a whole (indices are positions).
  std::vector<uint8_t> want(size_t{n} * 8, 0);
  for (uint32_t b = 0; b < n; b += 4 * len) {
    std::vector<uint32_t> p(4 * len);
    for (uint32_t i = 0; i < p.size(); ++i) p[i] = b + i;
    std::stable_sort(p.begin(), p.end(), [&](uint32_t a, uint32_t c) {
      return Before(ref::ToDouble(s[a]), ref::ToDouble(s[c]));
    });
    for (uint32_t i = 0; i < p.size(); ++i) {
      std::memcpy(&want[(b + i) * 8], &s[p[i]], sizeof(T));
      std::memcpy(&want[(b + i) * 8 + 4], &p[i], 4);
    }
  }
  ASSERT_EQ(0, std::memcmp(got.data(), want.data(), want.size()))
      << FirstByteDiff(std::vector<uint8_t>(got.begin(), got.begin() + want.size()), want, 0, 0);
  for (size_t b = want.size(); b < got.size(); ++b) ASSERT_EQ(got[b], kSentinel);
}

TEST(OpsMrgSort, RepeatTimesFloatDocumentedShape) { CheckRepeatForm<float>(32, 2, 31); }
TEST(OpsMrgSort, RepeatTimesHalf) { CheckRepeatForm<half>(64, 3, 32); }

// MrgSort4Info: the vendor's fields, order and defaults.
TEST(OpsMrgSort, InfoDefaults) {
  MrgSort4Info d;
  for (int i = 0; i < 4; ++i) EXPECT_EQ(d.elementLengths[i], 0);
  EXPECT_FALSE(d.ifExhaustedSuspension);
  EXPECT_EQ(d.validBit, 0);
  EXPECT_EQ(d.repeatTimes, 1);
  static_assert(std::is_same_v<decltype(d.repeatTimes), uint8_t>);
  static_assert(std::is_same_v<decltype(d.validBit), uint16_t>);
  static_assert(AscendC::MRG_SORT_ELEMENT_LEN == 4);
  const uint16_t l[4] = {1, 2, 3, 4};
  MrgSort4Info c(l, true, 7, 9);
  EXPECT_EQ(c.elementLengths[3], 4);
  EXPECT_TRUE(c.ifExhaustedSuspension);
  EXPECT_EQ(c.validBit, 7);
  EXPECT_EQ(c.repeatTimes, 9);
}

// ---- diagnostics -----------------------------------------------------------------

struct T4 {
  LocalTensor<float> s;    // 256 floats
  LocalTensor<uint32_t> u; // 256 indices
  LocalTensor<float> d;    // 1024 floats
  LocalTensor<half> hs;    // 512 halves
  LocalTensor<half> hd;    // 2048 halves
};

std::string Err(const std::function<void(T4&)>& f, aicore::ErrorKind* kind = nullptr) {
  try {
    aicore::Launch(
        [&] {
          AscendC::TPipe pipe;
          TBuf<TPosition::VECCALC> bs, bu, bd, bhs, bhd;
          pipe.InitBuffer(bs, 1024);
          pipe.InitBuffer(bu, 1024);
          pipe.InitBuffer(bd, 4096);
          pipe.InitBuffer(bhs, 1024);
          pipe.InitBuffer(bhd, 4096);
          T4 t;
          t.s = bs.Get<float>();
          t.u = bu.Get<uint32_t>();
          t.d = bd.Get<float>();
          t.hs = bhs.Get<half>();
          t.hd = bhd.Get<half>();
          std::memset(t.s.GetPhyAddr(), 0, 1024);
          std::memset(t.u.GetPhyAddr(), 0, 1024);
          std::memset(static_cast<void*>(t.hs.GetPhyAddr()), 0, 1024);
          f(t);
        },
        1);
  } catch (const aicore::KernelError& e) {
    if (kind) *kind = e.kind();
    return e.what();
  }
  return "";
}

TEST(OpsSortBasicDiagnostics, Sort32) {
  aicore::ErrorKind kind{};
  std::string m = Err([](T4& t) { AscendC::Sort32<float>(t.d, t.s, t.u, 256); }, &kind);
  EXPECT_TRUE(Has(m, "Sort32") && Has(m, "repeatTime 256 is outside [0, 255]") &&
              Has(m, "test_sort_basic.cpp:")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kParameter);
  m = Err([](T4& t) { AscendC::Sort32<float>(t.d, t.s, t.u, -1); });
  EXPECT_TRUE(Has(m, "repeatTime -1 is outside [0, 255]")) << m;
  EXPECT_EQ(Err([](T4& t) { AscendC::Sort32<float>(t.d, t.s, t.u, 8); }), "");  // twin
  EXPECT_EQ(Err([](T4& t) { AscendC::Sort32<float>(t.d, t.s, t.u, 0); }), "");
  // 9 repeats read 288 scores from a 256-float buffer.
  m = Err([](T4& t) { AscendC::Sort32<float>(t.d, t.s, t.u, 9); }, &kind);
  EXPECT_TRUE(Has(m, "Sort32") && Has(m, "src0") && Has(m, "past the end")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kBounds);
  // dst from float 512 of 1024 holds 256 records: 9 repeats (288) overrun it.
  m = Err([](T4& t) { AscendC::Sort32<float>(t.d[512], t.s, t.u, 9); });
  EXPECT_TRUE(Has(m, "Sort32") && Has(m, "dst") && Has(m, "past the end")) << m;
  EXPECT_EQ(Err([](T4& t) { AscendC::Sort32<float>(t.d[512], t.s, t.u, 8); }), "");
  m = Err([](T4& t) { AscendC::Sort32<float>(t.d[4], t.s, t.u, 1); }, &kind);
  EXPECT_TRUE(Has(m, "Sort32") && Has(m, "dst") && Has(m, "not 32-byte aligned")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kAlignment);
  m = Err([](T4& t) { AscendC::Sort32<half>(t.hd, t.hs[8], t.u, 1); });
  EXPECT_TRUE(Has(m, "src0") && Has(m, "not 32-byte aligned")) << m;
  EXPECT_EQ(Err([](T4& t) { AscendC::Sort32<half>(t.hd, t.hs[16], t.u, 1); }), "");
  // dst over its own source.
  m = Err([](T4& t) { AscendC::Sort32<float>(t.d, t.d[32], t.u, 1); });
  EXPECT_TRUE(Has(m, "Sort32") && Has(m, "dst (256 bytes) overlaps src0")) << m;
  EXPECT_EQ(Err([](T4& t) { AscendC::Sort32<float>(t.d, t.d[512], t.u, 1); }), "");
}

TEST(OpsSortBasicDiagnostics, MrgSortParameters) {
  auto run = [](uint16_t valid, uint16_t l0, uint8_t rep, bool susp) {
    return Err([=](T4& t) {
      MrgSortSrcList<float> l(t.s[0], t.s[64], t.s[128], t.s[192]);
      const uint16_t lens[4] = {l0, 32, 32, 32};
      AscendC::MrgSort(t.d, l, MrgSort4Info(lens, susp, valid, rep));
    });
  };
  aicore::ErrorKind kind{};
  std::string m = run(5, 32, 1, false);
  EXPECT_TRUE(Has(m, "MrgSort") && Has(m, "validBit 5 is not 3, 7 or 15")) << m;
  EXPECT_EQ(run(15, 32, 1, false), "");
  EXPECT_EQ(run(3, 32, 1, false), "");
  EXPECT_EQ(run(7, 32, 1, false), "");
  EXPECT_EQ(run(15, 32, 0, false), "");  // a no-op
  m = Err([](T4& t) {
    MrgSortSrcList<float> l(t.s[0], t.s[64], t.s[128], t.s[192]);
    const uint16_t lens[4] = {32, 4096, 0, 0};
    AscendC::MrgSort(t.d, l, MrgSort4Info(lens, false, 3, 1));
  }, &kind);
  EXPECT_TRUE(Has(m, "elementLengths[1] 4096 is outside [0, 4095]")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kParameter);
  // repeatTimes > 1 and its conditions.
  EXPECT_EQ(run(15, 32, 1, false), "");
  m = run(15, 31, 2, false);
  EXPECT_TRUE(Has(m, "repeatTimes 2 needs 4 lists of one length") &&
              Has(m, "the elementLengths differ (31, 32, 32, 32)")) << m;
  m = run(7, 32, 2, false);
  EXPECT_TRUE(Has(m, "validBit is 7, not 15")) << m;
  m = run(15, 32, 2, true);
  EXPECT_TRUE(Has(m, "ifExhaustedSuspension is true")) << m;
  m = Err([](T4& t) {
    MrgSortSrcList<float> l(t.s[0], t.s[64], t.s[136], t.s[192]);
    const uint16_t lens[4] = {16, 16, 16, 16};
    AscendC::MrgSort(t.d, l, MrgSort4Info(lens, false, 15, 2));
  });
  EXPECT_TRUE(Has(m, "src.src2 does not follow src.src1 directly")) << m;
  EXPECT_EQ(Err([](T4& t) {
              MrgSortSrcList<float> l(t.s[0], t.s[32], t.s[64], t.s[96]);
              const uint16_t lens[4] = {16, 16, 16, 16};
              AscendC::MrgSort(t.d, l, MrgSort4Info(lens, false, 15, 2));
            }),
            "");
  // The convenience form's repeatTime range.
  m = Err([](T4& t) {
    MrgSortSrcList<float> l(t.s[0], t.s[64], t.s[128], t.s[192]);
    const uint16_t lens[4] = {32, 32, 32, 32};
    uint32_t num[4];
    AscendC::MrgSort<float, true>(t.d, l, lens, num, 15, 0);
  });
  EXPECT_TRUE(Has(m, "MrgSort") && Has(m, "repeatTime 0 is outside [1, 255]")) << m;
}

TEST(OpsSortBasicDiagnostics, MrgSortOperands) {
  aicore::ErrorKind kind{};
  // A list 4 bytes off an 8-byte boundary.
  std::string m = Err([](T4& t) {
    MrgSortSrcList<float> l(t.s[0], t.s[65], t.s[128], t.s[192]);
    const uint16_t lens[4] = {8, 8, 8, 8};
    AscendC::MrgSort(t.d, l, MrgSort4Info(lens, false, 15, 1));
  }, &kind);
  EXPECT_TRUE(Has(m, "MrgSort") && Has(m, "src.src2 starts at byte offset 260") &&
              Has(m, "not 8-byte aligned")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kAlignment);
  EXPECT_EQ(Err([](T4& t) {  // 8-byte (not 32-byte) aligned lists are fine
              MrgSortSrcList<float> l(t.s[2], t.s[66], t.s[130], t.s[194]);
              const uint16_t lens[4] = {8, 8, 8, 8};
              AscendC::MrgSort(t.d, l, MrgSort4Info(lens, false, 15, 1));
            }),
            "");
  m = Err([](T4& t) {
    MrgSortSrcList<float> l(t.s[0], t.s[64], t.s[128], t.s[192]);
    const uint16_t lens[4] = {8, 8, 8, 8};
    AscendC::MrgSort(t.d[2], l, MrgSort4Info(lens, false, 15, 1));
  });
  EXPECT_TRUE(Has(m, "dst") && Has(m, "not 32-byte aligned")) << m;
  // The fourth list runs past the source buffer (256 floats = 128 records).
  m = Err([](T4& t) {
    MrgSortSrcList<float> l(t.s[0], t.s[64], t.s[128], t.s[192]);
    const uint16_t lens[4] = {8, 8, 8, 33};
    AscendC::MrgSort(t.d, l, MrgSort4Info(lens, false, 15, 1));
  }, &kind);
  EXPECT_TRUE(Has(m, "src.src4") && Has(m, "past the end")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kBounds);
  // dst (1024 floats = 512 records) too small for 4 x 200 records.
  m = Err([](T4& t) {
    MrgSortSrcList<float> l(t.d[0], t.d[0], t.d[0], t.d[0]);
    const uint16_t lens[4] = {200, 200, 200, 200};
    AscendC::MrgSort(t.s, l, MrgSort4Info(lens, false, 15, 1));
  });
  EXPECT_TRUE(Has(m, "dst") && Has(m, "past the end")) << m;
  // dst overlapping a list.
  m = Err([](T4& t) {
    MrgSortSrcList<float> l(t.d[0], t.d[64], t.d[128], t.d[192]);
    const uint16_t lens[4] = {32, 32, 32, 32};
    AscendC::MrgSort(t.d[32], l, MrgSort4Info(lens, false, 15, 1));
  });
  EXPECT_TRUE(Has(m, "MrgSort") && Has(m, "dst (1024 bytes) overlaps src.src1")) << m;
  EXPECT_EQ(Err([](T4& t) {
              MrgSortSrcList<float> l(t.d[0], t.d[64], t.d[128], t.d[192]);
              const uint16_t lens[4] = {32, 32, 32, 32};
              AscendC::MrgSort(t.d[512], l, MrgSort4Info(lens, false, 15, 1));
            }),
            "");
}

TEST(OpsSortBasicDiagnostics, GetMrgSortResultNeedsSuspension) {
  auto run = [](bool susp, bool call_merge) {
    return Err([=](T4& t) {
      if (call_merge) {
        MrgSortSrcList<float> l(t.s[0], t.s[64], t.s[128], t.s[192]);
        const uint16_t lens[4] = {32, 32, 32, 32};
        AscendC::MrgSort(t.d, l, MrgSort4Info(lens, susp, 15, 1));
      }
      uint16_t a, b, c, d;
      AscendC::GetMrgSortResult(a, b, c, d);
    });
  };
  std::string m = run(false, true);
  EXPECT_TRUE(Has(m, "GetMrgSortResult") && Has(m, "no MrgSort with ifExhaustedSuspension true")) << m;
  m = run(false, false);
  EXPECT_TRUE(Has(m, "GetMrgSortResult") && Has(m, "no MrgSort with ifExhaustedSuspension true")) << m;
  EXPECT_EQ(run(true, true), "");
}

// Random MrgSort4Info fields and list / dst positions over their whole
// ranges: each call either raises KernelError before writing anything, or
// writes only inside dst's 8 * total * repeatTimes bytes and never a source.
TEST(OpsSortBasicDiagnostics, MrgSortHostileParameters) {
  Rng rng(61);
  constexpr uint32_t kBytes = 16384;
  int ran = 0, failed = 0;
  for (int iter = 0; iter < 300; ++iter) {
    MrgSort4Info info;
    const uint16_t vbs[4] = {3, 7, 15, static_cast<uint16_t>(rng.Below(16))};
    info.validBit = vbs[rng.Below(4)];
    const bool same = rng.Below(3) == 0;
    const uint16_t len0 = static_cast<uint16_t>(rng.Below(8) == 0 ? rng.Below(5000) : rng.Below(200));
    for (int i = 0; i < 4; ++i) {
      info.elementLengths[i] = same ? len0
                                    : static_cast<uint16_t>(rng.Below(8) == 0 ? rng.Below(5000)
                                                                              : rng.Below(200));
    }
    info.ifExhaustedSuspension = rng.Below(2) == 0;
    const uint8_t reps[5] = {0, 1, 2, 3, static_cast<uint8_t>(rng.Below(256))};
    info.repeatTimes = reps[rng.Below(5)];
    uint32_t off[4];
    const bool contiguous = rng.Below(3) == 0;
    // Mostly aligned (lists 8 bytes: even float offsets; dst 32 bytes), sometimes not.
    auto pos = [&](uint32_t align) {
      const uint32_t p = static_cast<uint32_t>(rng.Below(kBytes / 4));
      return rng.Below(10) == 0 ? p : p / align * align;
    };
    const uint32_t base = pos(2);
    for (int i = 0; i < 4; ++i) off[i] = contiguous ? base + 2u * len0 * i : pos(2);
    for (int i = 0; i < 4; ++i) off[i] = std::min(off[i], kBytes / 4 - 2);
    const uint32_t doff = pos(8);
    std::vector<uint8_t> src_before(kBytes), src_after(kBytes), dst_after(kBytes);
    for (auto& b : src_before) b = static_cast<uint8_t>(rng.Next());
    bool errored = false;
    try {
      aicore::Launch(
          [&] {
            AscendC::TPipe pipe;
            TBuf<TPosition::VECCALC> bs, bd;
            pipe.InitBuffer(bs, kBytes);
            pipe.InitBuffer(bd, kBytes);
            LocalTensor<float> s = bs.Get<float>(), d = bd.Get<float>();
            std::memcpy(s.GetPhyAddr(), src_before.data(), kBytes);
            std::memset(d.GetPhyAddr(), kSentinel, kBytes);
            MrgSortSrcList<float> l(s[off[0]], s[off[1]], s[off[2]], s[off[3]]);
            try {
              AscendC::MrgSort(d[doff], l, info);
            } catch (const aicore::KernelError&) {
              errored = true;
            }
            std::memcpy(src_after.data(), s.GetPhyAddr(), kBytes);
            std::memcpy(dst_after.data(), d.GetPhyAddr(), kBytes);
          },
          1);
    } catch (const aicore::KernelError&) {
      errored = true;
    }
    ASSERT_EQ(src_after, src_before) << "iter " << iter << ": a source changed";
    const int k = info.validBit == 3 ? 2 : (info.validBit == 7 ? 3 : 4);
    uint64_t total = 0;
    for (int i = 0; i < k; ++i) total += info.elementLengths[i];
    const uint64_t lo = errored ? kBytes : uint64_t{doff} * 4;
    const uint64_t hi = errored ? kBytes : lo + total * 8 * info.repeatTimes;
    for (uint64_t b = 0; b < kBytes; ++b) {
      if (b >= lo && b < hi) continue;
      ASSERT_EQ(dst_after[b], kSentinel) << "iter " << iter << " byte " << b << (errored ? " (after an error)" : "");
    }
    (errored ? failed : ran)++;
  }
  EXPECT_GT(ran, 20);
  EXPECT_GT(failed, 20);
}

}  // namespace
}  // namespace aicore_test
