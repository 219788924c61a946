// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Sum and Mean of lib/reduce.h (both forms, half and float, Mean with a
// float accType for half) against two references:
//   * bit-exact: a scalar model of the documented order, written here
//     independently: a binary tree of adjacent pairs over the n elements of
//     a row (an odd element out passes up unchanged), each addition exact in
//     double and rounded once to T; Mean = T(sum * T(1.0f / n)).
//   * float64: |result - exact| <= (depth + 2) * u * sum|x| (+ the smallest
//     subnormal of T), depth = ceil(log2 n), u = 2^-24 (float) / 2^-11
//     (half), accumulating in half for half sums; the tolerance of the
//     documented summation order.
// Shapes: n with tails (1, 7, 15, 16, 17, 63, 64, 65, 127, 128, 129, 1000,
// 4099), outter 1..5. Diagnostics: each KernelError with its clean twin.

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "aicore/lib/reduce.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {
namespace {

using AscendC::LocalTensor;
using AscendC::TBuf;
using AscendC::TPosition;

bool Has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

template <class T>
double RoundT(double v) {
  return ref::ToDouble(ref::RoundTo<T>(v));
}

// The documented tree over p[0, n), additions rounded to T.
template <class Acc, class T>
double TreeModel(const T* p, uint32_t n) {
  std::vector<double> v(n);
  for (uint32_t i = 0; i < n; ++i) v[i] = ref::ToDouble(p[i]);
  while (v.size() > 1) {
    std::vector<double> w((v.size() + 1) / 2);
    for (size_t i = 0; i < w.size(); ++i) {
      w[i] = 2 * i + 1 < v.size() ? RoundT<Acc>(v[2 * i] + v[2 * i + 1]) : v[2 * i];
    }
    v.swap(w);
  }
  return v[0];
}

template <class T>
uint32_t Inner(uint32_t n) {
  return static_cast<uint32_t>((n * sizeof(T) + 31) / 32 * 32 / sizeof(T));
}

enum class Op { kSum, kMean, kMeanF32 };

template <class T>
std::vector<T> RunOp(Op op, bool with_tmp, const std::vector<T>& x, uint32_t outter, uint32_t n) {
  const uint32_t inner = Inner<T>(n);
  std::vector<T> out(outter);
  aicore::Launch(
      [&] {
        AscendC::TPipe pipe;
        TBuf<TPosition::VECCALC> bs, bd, bt;
        pipe.InitBuffer(bs, Round32(size_t{outter} * inner * sizeof(T)));
        pipe.InitBuffer(bd, Round32(outter * sizeof(T)));
        uint32_t need = 0, mx = 0;
        if (op == Op::kSum) {
          AscendC::GetSumMaxMinTmpSize(n, sizeof(T), false, mx, need);
        } else {
          AscendC::GetMeanMaxMinTmpSize(n, sizeof(T), op == Op::kMeanF32 ? 4 : sizeof(T), false, mx,
                                        need);
        }
        pipe.InitBuffer(bt, Round32(need));
        LocalTensor<T> s = bs.Get<T>(), d = bd.Get<T>();
        LocalTensor<uint8_t> t = bt.Get<uint8_t>(need);
        std::memcpy(static_cast<void*>(s.GetPhyAddr()), x.data(), x.size() * sizeof(T));
        AscendC::SumParams sp;
        sp.outter = outter;
        sp.inner = inner;
        sp.n = n;
        AscendC::MeanParams mp;
        mp.outter = outter;
        mp.inner = inner;
        mp.n = n;
        if (op == Op::kSum) {
          with_tmp ? AscendC::Sum(d, s, t, sp) : AscendC::Sum(d, s, sp);
        } else if (op == Op::kMean) {
          with_tmp ? AscendC::Mean(d, s, t, mp) : AscendC::Mean(d, s, mp);
        } else {
          if constexpr (std::is_same_v<T, half>) {
            with_tmp ? AscendC::Mean<half, float>(d, s, t, mp) : AscendC::Mean<half, float>(d, s, mp);
          }
        }
        std::memcpy(static_cast<void*>(out.data()), d.GetPhyAddr(), outter * sizeof(T));
      },
      1);
  return out;
}

template <class T>
void Check(Op op, uint64_t seed) {
  Rng rng(seed);
  const bool f32acc = op == Op::kMeanF32;
  for (uint32_t n : {1u, 7u, 15u, 16u, 17u, 63u, 64u, 65u, 127u, 128u, 129u, 1000u, 4099u}) {
    for (uint32_t outter : {1u, 3u, 5u}) {
      const uint32_t inner = Inner<T>(n);
      std::vector<T> x(size_t{outter} * inner, T(0.0f));
      const double range = rng.Below(2) ? 1.0 : 100.0;
      for (uint32_t r = 0; r < outter; ++r) {
        for (uint32_t i = 0; i < n; ++i) x[size_t{r} * inner + i] = ref::RoundTo<T>(rng.Uniform(-range, range));
      }
      for (int form = 0; form < 2; ++form) {
        const std::vector<T> y = RunOp<T>(op, form == 0, x, outter, n);
        for (uint32_t r = 0; r < outter; ++r) {
          const T* row = x.data() + size_t{r} * inner;
          double model;
          if (op == Op::kSum) {
            model = TreeModel<T>(row, n);
          } else if (!f32acc) {
            const double scale = RoundT<T>(static_cast<double>(1.0f / static_cast<float>(n)));
            model = RoundT<T>(TreeModel<T>(row, n) * scale);
          } else {
            const double scale = static_cast<double>(1.0f / static_cast<float>(n));
            model = RoundT<T>(RoundT<float>(TreeModel<float>(row, n) * scale));
          }
          const double got = ref::ToDouble(y[r]);
          ASSERT_EQ(got, model) << "op " << int(op) << " " << aicore::detail::TypeName<T>() << " n "
                                << n << " row " << r << " form " << form;
          // Against float64.
          double exact = 0, mag = 0;
          for (uint32_t i = 0; i < n; ++i) {
            exact += ref::ToDouble(row[i]);
            mag += std::fabs(ref::ToDouble(row[i]));
          }
          const bool acc_half = std::is_same_v<T, half> && !f32acc;
          const double u = acc_half ? 0x1p-11 : 0x1p-24;
          const double depth = std::ceil(std::log2(static_cast<double>(n)));
          double tol = (depth + 2) * u * mag + (std::is_same_v<T, half> ? 0x1p-24 : 0x1p-149);
          if (op != Op::kSum) {
            exact /= n;
            tol = tol / n + 2 * (std::is_same_v<T, half> ? 0x1p-11 : 0x1p-24) * std::fabs(exact) +
                  (std::is_same_v<T, half> ? 0x1p-24 : 0x1p-149);
          }
          ASSERT_LE(std::fabs(got - exact), tol) << "float64 bound, n " << n;
        }
      }
    }
  }
}

TEST(LibReduce, SumFloat) { Check<float>(Op::kSum, 1); }
TEST(LibReduce, SumHalf) { Check<half>(Op::kSum, 2); }
TEST(LibReduce, MeanFloat) { Check<float>(Op::kMean, 3); }
TEST(LibReduce, MeanHalf) { Check<half>(Op::kMean, 4); }
TEST(LibReduce, MeanHalfAccFloat) { Check<half>(Op::kMeanF32, 5); }

// The vendor's examples: Sum of [[1 2 3], [4 5 6]] (half, inner 16) = [6 15];
// Mean of the same = [2 5].
TEST(LibReduce, VendorExamples) {
  std::vector<half> x(32, half(0.0f));
  for (int i = 0; i < 3; ++i) {
    x[i] = half(static_cast<float>(i + 1));
    x[16 + i] = half(static_cast<float>(i + 4));
  }
  std::vector<half> s = RunOp<half>(Op::kSum, true, x, 2, 3);
  EXPECT_EQ(static_cast<float>(s[0]), 6.0f);
  EXPECT_EQ(static_cast<float>(s[1]), 15.0f);
  std::vector<half> m = RunOp<half>(Op::kMean, false, x, 2, 3);
  EXPECT_NEAR(static_cast<float>(m[0]), 2.0f, 2e-3);
  EXPECT_NEAR(static_cast<float>(m[1]), 5.0f, 4e-3);
}

TEST(LibReduce, TmpSizes) {
  uint32_t mx = 0, mn = 0;
  AscendC::GetSumMaxMinTmpSize(4096, 4, false, mx, mn);
  EXPECT_EQ(mn, 256u);  // 64 repeats -> 64 floats
  EXPECT_EQ(mx, mn);
  AscendC::GetSumMaxMinTmpSize(100, 2, false, mx, mn);
  EXPECT_EQ(mn, 32u);  // 1 repeat -> one block
  AscendC::GetMeanMaxMinTmpSize(4096, 4, 4, false, mx, mn);
  EXPECT_EQ(mn, 64u);
  AscendC::GetMeanMaxMinTmpSize(3, 2, 4, false, mx, mn);
  EXPECT_EQ(mn, 32u + 16 * 4);
  uint32_t live = 9, extra = 9;
  AscendC::GetMeanTmpBufferFactorSize(2, live, extra);
  EXPECT_EQ(live, 1u);
  EXPECT_EQ(extra, 0u);
}

// ---- diagnostics ----------------------------------------------------------------

std::string Err(uint32_t tmp_bytes, const std::function<void(LocalTensor<float>&, LocalTensor<float>&,
                                                              LocalTensor<uint8_t>&)>& f) {
  try {
    aicore::Launch(
        [&] {
          AscendC::TPipe pipe;
          TBuf<TPosition::VECCALC> bs, bd, bt;
          pipe.InitBuffer(bs, 512);
          pipe.InitBuffer(bd, 64);
          pipe.InitBuffer(bt, 1024);
          LocalTensor<float> s = bs.Get<float>(), d = bd.Get<float>();
          LocalTensor<uint8_t> t = bt.Get<uint8_t>(tmp_bytes);
          std::memset(s.GetPhyAddr(), 0, 512);
          f(d, s, t);
        },
        1);
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

AscendC::SumParams SP(uint32_t outter, uint32_t inner, uint32_t n) {
  AscendC::SumParams p;
  p.outter = outter;
  p.inner = inner;
  p.n = n;
  return p;
}

TEST(LibReduceDiagnostics, Shapes) {
  EXPECT_EQ(Err(32, [](auto& d, auto& s, auto& t) { AscendC::Sum(d, s, t, SP(8, 8, 5)); }), "");
  std::string m = Err(32, [](auto& d, auto& s, auto& t) { AscendC::Sum(d, s, t, SP(8, 8, 9)); });
  EXPECT_TRUE(Has(m, "parameter error in Sum")) << m;
  EXPECT_TRUE(Has(m, "sumParams.n 9 is outside [1, inner = 8]")) << m;
  EXPECT_TRUE(Has(m, "test_reduce.cpp")) << m;
  m = Err(32, [](auto& d, auto& s, auto& t) { AscendC::Sum(d, s, t, SP(4, 16, 5)); });
  EXPECT_TRUE(Has(m, "sumParams.inner 16 is not n = 5 rounded up to 32 bytes of float (8)")) << m;
  m = Err(32, [](auto& d, auto& s, auto& t) { AscendC::Sum(d, s, t, SP(17, 8, 8)); });
  EXPECT_TRUE(Has(m, "srcTensor holds 128 float elements, fewer than the 136 of outter 17 x inner 8"))
      << m;
  m = Err(32, [](auto& d, auto& s, auto& t) { AscendC::Sum(d[8], s, t, SP(9, 8, 8)); });
  EXPECT_TRUE(Has(m, "dstTensor holds 8 float elements, fewer than the 9 results")) << m;
  m = Err(32, [](auto& d, auto& s, auto&) {
    AscendC::MeanParams p;
    p.outter = 0;
    p.inner = 8;
    p.n = 8;
    AscendC::Mean(d, s, p);
  });
  EXPECT_TRUE(Has(m, "Mean")) << m;
  EXPECT_TRUE(Has(m, "meanParams.outter is 0")) << m;
  m = Err(32, [](auto&, auto& s, auto& t) { AscendC::Sum(s, s, t, SP(8, 8, 8)); });
  EXPECT_TRUE(Has(m, "dstTensor overlaps srcTensor")) << m;
}

TEST(LibReduceDiagnostics, TmpBuffer) {
  // n = 65 floats: 2 repeats -> 32 bytes.
  EXPECT_EQ(Err(32, [](auto& d, auto& s, auto& t) { AscendC::Sum(d, s, t, SP(1, 72, 65)); }), "");
  std::string m = Err(0, [](auto& d, auto& s, auto& t) { AscendC::Sum(d, s, t, SP(1, 72, 65)); });
  EXPECT_TRUE(Has(m, "sharedTmpBuffer holds 0 bytes, fewer than the 32 bytes GetSumMaxMinTmpSize "
                     "gives as the minimum for n 65 of float")) << m;
  m = Err(0, [](auto& d, auto& s, auto& t) {
    AscendC::MeanParams p;
    p.inner = 8;
    p.n = 8;
    AscendC::Mean(d, s, t, p);
  });
  EXPECT_TRUE(Has(m, "GetMeanMaxMinTmpSize")) << m;
  EXPECT_EQ(Err(0, [](auto& d, auto& s, auto&) { AscendC::Sum(d, s, SP(1, 72, 65)); }), "");
}

TEST(LibReduceDiagnostics, Host) {
  uint32_t mx = 0, mn = 0;
  std::string m;
  try {
    AscendC::GetSumMaxMinTmpSize(0, 4, false, mx, mn);
  } catch (const aicore::KernelError& e) {
    m = e.what();
  }
  EXPECT_TRUE(Has(m, "GetSumMaxMinTmpSize")) << m;
  EXPECT_TRUE(Has(m, "n 0")) << m;
  m.clear();
  try {
    AscendC::GetMeanMaxMinTmpSize(8, 4, 2, false, mx, mn);
  } catch (const aicore::KernelError& e) {
    m = e.what();
  }
  EXPECT_TRUE(Has(m, "(srcTypeSize, accTypeSize) (4, 2) is unsupported")) << m;
  EXPECT_NO_THROW(AscendC::GetMeanMaxMinTmpSize(8, 2, 4, false, mx, mn));
}

}  // namespace
}  // namespace aicore_test
