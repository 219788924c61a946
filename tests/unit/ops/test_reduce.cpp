// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Randomized tests of ReduceSum / ReduceMax / ReduceMin (count form) against
// the scalar reference model (reference.h), for half and float, over counts
// around the SIMD width, operands at zero and non-zero 32-byte offsets, and
// dst aliasing src. Only dst[0] (and dst[1] with calIndex) may change,
// apart from the shared temporary buffer.
//
// ReduceSum accumulates lane-wise in f32 (not the NPU's tree order), so it is
// checked against a compensated long-double sum with the documented bound
//   float: |got - sum| <= count * 2^-24 * sum(|x|)
//   half:  |got - sum| <= E + 0.5 * ulp_half(|sum| + E), E = count * 2^-24 * sum(|x|)
// (f32 accumulation, then one rounding to half); sums of small integers,
// whose partial sums are exact in f32, must be exact (rounded once to T).
// ReduceMax/Min: value and index exact; ties go to the smallest index, NaNs
// are ignored (all-NaN input: index 0).

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "unit/ops/op_test_util.h"
#include "unit/ops/reference.h"

namespace aicore_test {
namespace {

using AscendC::LocalTensor;

enum class Which { kSum, kMax, kMin };
const char* WhichName(Which w) {
  return w == Which::kSum ? "ReduceSum" : (w == Which::kMax ? "ReduceMax" : "ReduceMin");
}

struct Placement {
  uint32_t src, dst, tmp;  // byte offsets
  const char* name;
};

// Runs one reduction on `x` with the given placement; returns the UB image
// after the call (and the image before it through *before).
template <class T>
std::vector<uint8_t> RunReduce(Which which, bool cal_index, const std::vector<T>& x,
                               const Placement& p, std::vector<uint8_t>* before) {
  const size_t n = x.size();
  std::vector<uint8_t> image(p.tmp + Round32(n * sizeof(T) + 64), kSentinel);
  Put(image, p.src, x.data(), n);
  *before = image;
  RunOnUb(image, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
    const LocalTensor<T> src = buf.GetWithOffset<T>(static_cast<uint32_t>(n), p.src);
    const LocalTensor<T> dst = buf.GetWithOffset<T>(16, p.dst);
    const LocalTensor<T> tmp = buf.GetWithOffset<T>(static_cast<uint32_t>(n), p.tmp);
    const int32_t count = static_cast<int32_t>(n);
    switch (which) {
      case Which::kSum:
        AscendC::ReduceSum(dst, src, tmp, count);
        break;
      case Which::kMax:
        AscendC::ReduceMax(dst, src, tmp, count, cal_index);
        break;
      case Which::kMin:
        AscendC::ReduceMin(dst, src, tmp, count, cal_index);
        break;
    }
  });
  return image;
}

std::vector<Placement> Placements(size_t n, size_t elem) {
  const uint32_t r = Round32(n * elem + 64);
  return {
      {0, r, 2 * r, "separate"},
      {32, r + 96, 2 * r + 192, "offset"},
      {64, 64, r + 128, "dst=src"},
  };
}

// Checks that nothing outside dst[0, k) and the tmp buffer changed.
void ExpectUntouched(const std::vector<uint8_t>& got, std::vector<uint8_t> want, size_t dst,
                     size_t dst_bytes, size_t tmp, const std::string& where) {
  // The tmp region may be clobbered: copy it over.
  for (size_t i = tmp; i < got.size(); ++i) want[i] = got[i];
  const std::string diff = FirstByteDiff(got, want, dst, dst + dst_bytes);
  EXPECT_TRUE(diff.empty()) << where << ": " << diff;
}

// Input generators for the sums (finite, no overflow of half).
template <class T>
std::vector<T> SumInput(Rng& r, size_t n, int kind) {
  std::vector<T> x(n);
  for (auto& v : x) {
    switch (kind) {
      case 0:
        v = ref::RoundTo<T>(r.Uniform(-4.0, 4.0));
        break;  // mixed signs
      case 1:
        v = ref::RoundTo<T>(r.Uniform(0.0, 4.0));
        break;  // one sign
      case 2:
        v = ref::RoundTo<T>(std::ldexp(r.Uniform(-1.0, 1.0), static_cast<int>(r.Below(12)) - 6));
        break;  // magnitudes
      default:
        v = ref::RoundTo<T>(static_cast<double>(static_cast<int64_t>(r.Below(9)) - 4));
        break;  // small integers
    }
  }
  return x;
}

template <class T>
void CheckSums(uint64_t seed) {
  Rng rng(seed);
  for (size_t n : Sizes<T>()) {
    if (n == 0) continue;
    for (const Placement& p : Placements(n, sizeof(T))) {
      for (int kind = 0; kind < 4; ++kind) {
        const std::vector<T> x = SumInput<T>(rng, n, kind);
        std::vector<uint8_t> before;
        const std::vector<uint8_t> after = RunReduce(Which::kSum, false, x, p, &before);
        const std::string where = std::string("ReduceSum<") + aicore::detail::TypeName<T>() +
                                  ">, count " + std::to_string(n) + ", " + p.name + ", inputs " +
                                  std::to_string(kind);
        const T got = Get<T>(after, p.dst, 0);
        const ref::SumResult s = ref::Sum(x.data(), n);
        const double exact = static_cast<double>(s.sum);
        const double e = static_cast<double>(n) * 0x1p-24 * static_cast<double>(s.abs_sum);
        double bound = e;
        if constexpr (std::is_same_v<T, half>) bound += 0.5 * ref::Ulp<half>(std::fabs(exact) + e);
        if (kind == 3) {
          // Integer partial sums are exact in f32: one rounding to T.
          EXPECT_TRUE(ref::SameBits(got, ref::RoundTo<T>(exact)))
              << where << ": " << Show(got) << " vs exact " << exact;
        } else {
          EXPECT_LE(std::fabs(ref::ToDouble(got) - exact), bound)
              << where << ": " << Show(got) << " vs exact " << exact;
        }
        ExpectUntouched(after, before, p.dst, sizeof(T), p.tmp, where);
      }
    }
  }
}

TEST(OpsReduce, SumFloat) { CheckSums<float>(701); }
TEST(OpsReduce, SumHalf) { CheckSums<half>(702); }

template <class T>
void CheckSumSpecials() {
  const T inf = std::numeric_limits<T>::infinity();
  const T nan = std::numeric_limits<T>::quiet_NaN();
  const size_t n = 3 * Lanes<T>() + 9;  // > 7 even with one lane
  struct Case {
    size_t i, j;
    T vi, vj;
    double want;
  };
  const Case cases[] = {{5, 5, inf, inf, HUGE_VAL},
                        {n - 1, n - 1, -inf, -inf, -HUGE_VAL},
                        {0, n - 1, inf, -inf, NAN},
                        {1, 2, inf, -inf, NAN},
                        {7, 7, nan, nan, NAN}};
  for (const Case& c : cases) {
    std::vector<T> x(n, ref::RoundTo<T>(1.0));
    x[c.i] = c.vi;
    x[c.j] = c.vj;
    std::vector<uint8_t> before;
    const Placement p = Placements(n, sizeof(T))[0];
    const std::vector<uint8_t> after = RunReduce(Which::kSum, false, x, p, &before);
    const T got = Get<T>(after, p.dst, 0);
    EXPECT_TRUE(ref::SameBits(got, ref::RoundTo<T>(c.want)))
        << aicore::detail::TypeName<T>() << " case " << c.i << "," << c.j << ": " << Show(got);
  }
}
TEST(OpsReduce, SumSpecials) {
  CheckSumSpecials<float>();
  CheckSumSpecials<half>();
}

// Inputs for Max/Min: general random values (NaNs, infinities, signed
// zeros), many ties (small integers and +-0), or all NaN.
template <bool kMax, class T>
std::vector<T> ExtremeInput(Rng& r, size_t n, int kind) {
  std::vector<T> x(n);
  for (auto& v : x) {
    if (kind == 0) {
      v = RandomValue<T>(r);
    } else if (kind == 1) {
      v = ref::RoundTo<T>(static_cast<double>(static_cast<int64_t>(r.Below(5)) - 2));
    } else if (kind == 2) {
      const uint64_t k = r.Below(4);
      v = k == 0 ? T(0)
                 : (k == 1 ? -T(0)
                           : (k == 2 ? std::numeric_limits<T>::quiet_NaN()
                                     : ref::RoundTo<T>(kMax ? -1.0 : 1.0)));
    } else {
      v = std::numeric_limits<T>::quiet_NaN();
    }
  }
  if (kind == 1 && n > 0 && r.Below(2)) x[r.Below(n)] = std::numeric_limits<T>::quiet_NaN();
  return x;
}

template <bool kMax, class T>
void CheckExtreme(uint64_t seed) {
  using IndexBits = ref::BitsOf<T>;
  Rng rng(seed);
  const Which which = kMax ? Which::kMax : Which::kMin;
  for (size_t n : Sizes<T>()) {
    if (n == 0) continue;
    for (const Placement& p : Placements(n, sizeof(T))) {
      for (int kind = 0; kind < 4; ++kind) {
        for (bool cal_index : {false, true}) {
          const std::vector<T> x = ExtremeInput<kMax, T>(rng, n, kind);
          std::vector<uint8_t> before;
          const std::vector<uint8_t> after = RunReduce(which, cal_index, x, p, &before);
          const std::string where = std::string(WhichName(which)) + "<" +
                                    aicore::detail::TypeName<T>() + ">, count " +
                                    std::to_string(n) + ", " + p.name + ", inputs " +
                                    std::to_string(kind) + (cal_index ? ", calIndex" : "");
          const ref::ExtremeResult<T> want = ref::Extreme<kMax>(x.data(), n);
          const T got = Get<T>(after, p.dst, 0);
          EXPECT_TRUE(ref::SameBits(got, want.value))
              << where << ": value " << Show(got) << ", want " << Show(want.value) << " (index "
              << want.index << ")";
          if (cal_index) {
            const IndexBits idx = Get<IndexBits>(after, p.dst, 1);
            EXPECT_EQ(idx, static_cast<IndexBits>(want.index)) << where;
          }
          ExpectUntouched(after, before, p.dst, (cal_index ? 2 : 1) * sizeof(T), p.tmp, where);
        }
      }
    }
  }
}

TEST(OpsReduce, MaxFloat) { CheckExtreme<true, float>(711); }
TEST(OpsReduce, MaxHalf) { CheckExtreme<true, half>(712); }
TEST(OpsReduce, MinFloat) { CheckExtreme<false, float>(713); }
TEST(OpsReduce, MinHalf) { CheckExtreme<false, half>(714); }

TEST(OpsReduce, CountZeroIsAnError) {
  std::vector<uint8_t> image(256, 0);
  try {
    RunOnUb(image, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
      auto t = buf.GetWithOffset<float>(16, 0);
      auto d = buf.GetWithOffset<float>(8, 64);
      AscendC::ReduceSum(d, t, t, 0);
    });
    ADD_FAILURE() << "count 0 accepted";
  } catch (const aicore::KernelError& e) {
    EXPECT_EQ(e.kind(), aicore::ErrorKind::kParameter) << e.what();
  }
}

}  // namespace
}  // namespace aicore_test
