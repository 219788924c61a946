// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The rounding and miscellaneous math APIs of lib/math_misc.h (Floor, Ceil,
// Round, Trunc, Frac, Sign, ClampMax, ClampMin, Fmod, the high-level Axpy,
// Xor; every public form)
// against scalar models in double (std::floor, std::ceil, std::nearbyint in
// the default ties-to-even mode, std::trunc, x - trunc(x), comparisons, ^),
// bit for bit: every result is exact (see lib/math_misc.h). Inputs: random
// bit patterns (NaN, infinities, subnormals), special values, ties (k + 0.5)
// and moderate values, half and float (int16_t and uint16_t for Xor), sizes
// around the vector length with tails; elements past calCount must stay
// untouched. Plus the minimum temporary buffer of each host helper and the
// diagnostics.

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "aicore/lib/cumsum.h"
#include "aicore/lib/math_misc.h"
#include "aicore/lib/math_tiling.h"
#include "aicore/lib/platform_ascendc.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {
namespace {

using AscendC::LocalTensor;
using AscendC::TBuf;
using AscendC::TPosition;

bool Has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

// ---- inputs ---------------------------------------------------------------------

template <class T>
std::vector<T> Inputs(Rng& rng, size_t n) {
  std::vector<T> v(n);
  for (auto& x : v) {
    const uint64_t k = rng.Below(6);
    if constexpr (ref::kIsFloating<T>) {
      if (k == 0) {  // ties and near-ties
        const double t = static_cast<double>(static_cast<int64_t>(rng.Below(41)) - 20) + 0.5;
        x = ref::RoundTo<T>(t);
        continue;
      }
      if (k == 1) {  // large values around the integral threshold
        x = ref::RoundTo<T>(rng.Uniform(-1.0, 1.0) * (std::is_same_v<T, half> ? 4096.0 : 3.0e7));
        continue;
      }
    }
    x = RandomValue<T>(rng);
  }
  return v;
}

template <class T>
std::vector<uint32_t> TestSizes() {
  std::vector<uint32_t> s;
  for (size_t v : Sizes<T>()) {
    if (v <= 4099) s.push_back(static_cast<uint32_t>(v));
  }
  return s;
}

// ---- running one call -------------------------------------------------------------

// (std::function: one instantiation of the runner per T keeps the test
// quick to compile.)
template <class T>
using Call = std::function<void(LocalTensor<T>&, LocalTensor<T>&, LocalTensor<T>&,
                                LocalTensor<uint8_t>&)>;

// Runs call(dst, src0, src1, tmp) on tensors of x0.size() elements, dst
// filled with sentinel bytes; returns dst.
template <class T>
std::vector<T> RunCall(const std::vector<T>& x0, const std::vector<T>& x1, uint32_t tmp_bytes,
                       const Call<T>& call) {
  const uint32_t n = static_cast<uint32_t>(x0.size());
  std::vector<T> out(n);
  aicore::Launch(
      [&] {
        AscendC::TPipe pipe;
        TBuf<TPosition::VECCALC> b0, b1, bd, bt;
        const uint32_t bytes = Round32(std::max<size_t>(n, 1) * sizeof(T));
        pipe.InitBuffer(b0, bytes);
        pipe.InitBuffer(b1, bytes);
        pipe.InitBuffer(bd, bytes);
        pipe.InitBuffer(bt, Round32(std::max<uint32_t>(tmp_bytes, 32)));
        LocalTensor<T> s0 = b0.Get<T>(n), s1 = b1.Get<T>(n), dst = bd.Get<T>(n);
        LocalTensor<uint8_t> tmp = bt.Get<uint8_t>(tmp_bytes);
        if (n != 0) {
          std::memcpy(static_cast<void*>(s0.GetPhyAddr()), x0.data(), n * sizeof(T));
          std::memcpy(static_cast<void*>(s1.GetPhyAddr()), x1.data(), n * sizeof(T));
          std::memset(static_cast<void*>(dst.GetPhyAddr()), kSentinel, n * sizeof(T));
        }
        call(dst, s0, s1, tmp);
        if (n != 0) std::memcpy(static_cast<void*>(out.data()), dst.GetPhyAddr(), n * sizeof(T));
      },
      1);
  return out;
}

template <class T>
T SentinelT() {
  T s;
  std::memset(static_cast<void*>(&s), kSentinel, sizeof(T));
  return s;
}

// y[0, count) == model(x0, x1) bit for bit (any NaN matches any NaN);
// y[count, n) untouched.
template <class T>
void Expect(const char* what, const std::vector<T>& x0, const std::vector<T>& x1,
            const std::vector<T>& y, uint32_t count, const std::function<T(T, T)>& model) {
  int bad = 0;
  for (uint32_t i = 0; i < count; ++i) {
    const T r = model(x0[i], x1[i]);
    if (!ref::SameBits(y[i], r) && ++bad <= 5) {
      ADD_FAILURE() << what << " " << aicore::detail::TypeName<T>() << " n=" << x0.size()
                    << " i=" << i << " x=" << Show(x0[i]) << " got " << Show(y[i]) << " model "
                    << Show(r);
    }
  }
  EXPECT_EQ(bad, 0) << what;
  for (size_t i = count; i < y.size(); ++i) {
    ASSERT_EQ(ref::Bits(y[i]), ref::Bits(SentinelT<T>()))
        << what << ": element " << i << " past calCount written";
  }
}

// ---- scalar models ----------------------------------------------------------------

template <class T>
double MinSubnormal() {
  return ref::ToDouble(std::numeric_limits<T>::denorm_min());
}
template <class T>
T FromD(double v) {
  return ref::RoundTo<T>(v);
}
template <class T>
T FloorM(T x, T) { return FromD<T>(std::floor(ref::ToDouble(x))); }
template <class T>
T CeilM(T x, T) { return FromD<T>(std::ceil(ref::ToDouble(x))); }
template <class T>
T TruncM(T x, T) { return FromD<T>(std::trunc(ref::ToDouble(x))); }
template <class T>
T RoundM(T x, T) { return FromD<T>(std::nearbyint(ref::ToDouble(x))); }  // ties to even
template <class T>
T FracM(T x, T) {
  const double d = ref::ToDouble(x);
  return FromD<T>(d - std::trunc(d));
}
template <class T>
T SignM(T x, T) {
  const double d = ref::ToDouble(x);
  return FromD<T>(d > 0 ? 1.0 : (d < 0 ? -1.0 : 0.0));
}

// ---- the unary APIs ---------------------------------------------------------------

enum Api { kFloor, kCeil, kRound, kTrunc, kFrac, kSign, kNumApis };
const char* const kNames[] = {"Floor", "Ceil", "Round", "Trunc", "Frac", "Sign"};

// form: 0 tmp + count, 1 count, 2 tmp + whole, 3 whole (Trunc, Frac, Sign).
template <class T>
void Invoke(Api api, int form, LocalTensor<T>& d, LocalTensor<T>& s, LocalTensor<uint8_t>& t,
            uint32_t c) {
#define FORMS2(NAME)                                            \
  form == 0 ? AscendC::NAME<T>(d, s, t, c) : AscendC::NAME<T, true>(d, s, c)
#define FORMS4(NAME)                                                                          \
  form == 0 ? AscendC::NAME<T>(d, s, t, c)                                                    \
            : (form == 1 ? AscendC::NAME<T, true>(d, s, c)                                    \
                         : (form == 2 ? AscendC::NAME(d, s, t) : AscendC::NAME<T>(d, s)))
  switch (api) {
    case kFloor: FORMS2(Floor); break;
    case kCeil: FORMS2(Ceil); break;
    case kRound: FORMS2(Round); break;
    case kTrunc: FORMS4(Trunc); break;
    case kFrac: FORMS4(Frac); break;
    default: FORMS4(Sign); break;
  }
#undef FORMS2
#undef FORMS4
}

template <class T>
void CheckUnary(uint64_t seed) {
  const std::function<T(T, T)> models[] = {FloorM<T>, CeilM<T>, RoundM<T>,
                                           TruncM<T>, FracM<T>, SignM<T>};
  Rng rng(seed);
  for (uint32_t n : TestSizes<T>()) {
    const std::vector<T> x = Inputs<T>(rng, n);
    for (int a = 0; a < kNumApis; ++a) {
      const Api api = static_cast<Api>(a);
      const int forms = api >= kTrunc ? 4 : 2;
      for (int form = 0; form < forms; ++form) {
        const uint32_t count = (form < 2 && n > 3) ? n - 1 - static_cast<uint32_t>(a % 3) : n;
        const std::vector<T> y = RunCall<T>(x, x, 2048, [&](auto& d, auto& s, auto&, auto& t) {
          Invoke<T>(api, form, d, s, t, count);
        });
        Expect<T>(kNames[a], x, x, y, count, models[a]);
      }
    }
  }
}

TEST(LibMathMisc, RoundingFloat) { CheckUnary<float>(21); }
TEST(LibMathMisc, RoundingHalf) { CheckUnary<half>(22); }

// The vendor's documented examples.
TEST(LibMathMisc, DocumentedExamples) {
  const std::vector<float> x = {3.9f, -3.9f, 3.5f, -3.4f, -258.41888f, 5592.625f, 2.5f, -0.5f};
  std::vector<float> y = RunCall<float>(x, x, 0, [](auto& d, auto& s, auto&, auto&) {
    AscendC::Floor(d, s, 8);
  });
  EXPECT_EQ(y[0], 3.0f);
  EXPECT_EQ(y[1], -4.0f);
  y = RunCall<float>(x, x, 0, [](auto& d, auto& s, auto&, auto&) { AscendC::Ceil(d, s, 8); });
  EXPECT_EQ(y[0], 4.0f);
  EXPECT_EQ(y[1], -3.0f);
  EXPECT_TRUE(std::signbit(y[7]));  // Ceil(-0.5) = -0
  y = RunCall<float>(x, x, 0, [](auto& d, auto& s, auto&, auto&) { AscendC::Round(d, s, 8); });
  EXPECT_EQ(y[2], 4.0f);
  EXPECT_EQ(y[3], -3.0f);
  EXPECT_EQ(y[6], 2.0f);  // ties to even
  y = RunCall<float>(x, x, 0, [](auto& d, auto& s, auto&, auto&) { AscendC::Trunc(d, s, 8); });
  EXPECT_EQ(y[0], 3.0f);
  EXPECT_EQ(y[1], -3.0f);
  y = RunCall<float>(x, x, 0, [](auto& d, auto& s, auto&, auto&) { AscendC::Frac(d, s, 8); });
  EXPECT_FLOAT_EQ(y[4], -0.41888428f);
  EXPECT_EQ(y[5], 0.625f);
}

// ---- ClampMax / ClampMin ------------------------------------------------------------

template <class T>
void CheckClamp(uint64_t seed) {
  Rng rng(seed);
  // 5 scalars over 4 forms: each form meets each scalar.
  const T scalars[] = {T(0.0f), T(1.5f), T(-3.0f), std::numeric_limits<T>::infinity(), -T(0.0f)};
  int si = 0;
  for (uint32_t n : TestSizes<T>()) {
    const std::vector<T> x = Inputs<T>(rng, n);
    for (int form = 0; form < 4; ++form) {
      const T s = scalars[si++ % 5];
      const bool max = form % 2 == 0;
      const uint32_t count = n > 2 ? n - 2 : n;
      const std::vector<T> y = RunCall<T>(x, x, 256, [&](auto& d, auto& src, auto&, auto& t) {
        if (form == 0) AscendC::ClampMax<T>(d, src, t, s, count);
        if (form == 1) AscendC::ClampMin<T>(d, src, t, s, count);
        if (form == 2) AscendC::ClampMax(d, src, s, count);
        if (form == 3) AscendC::ClampMin<T, true>(d, src, s, count);
      });
      const double sd = ref::ToDouble(s);
      Expect<T>(max ? "ClampMax" : "ClampMin", x, x, y, count, [&](T v, T) {
        const double xd = ref::ToDouble(v);
        return max ? (xd > sd ? s : v) : (xd < sd ? s : v);
      });
    }
  }
}

TEST(LibMathMisc, ClampFloat) { CheckClamp<float>(23); }
TEST(LibMathMisc, ClampHalf) { CheckClamp<half>(24); }

// ---- Fmod -------------------------------------------------------------------------

// The vendor's chain in scalar f32, each step rounded (volatile keeps the
// compiler from fusing q * b into the subtraction).
template <class T>
T FmodChain(T a, T b) {
  const float fa = static_cast<float>(ref::ToDouble(a)), fb = static_cast<float>(ref::ToDouble(b));
  volatile float q = std::trunc(fa / fb);
  volatile float p = q * fb;
  return FromD<T>(fa - p);
}

template <class T>
void CheckFmod(uint64_t seed) {
  Rng rng(seed);
  for (uint32_t n : TestSizes<T>()) {
    const std::vector<T> a = Inputs<T>(rng, n), b = Inputs<T>(rng, n);
    for (int form = 0; form < 4; ++form) {
      const uint32_t count = (form < 2 && n > 3) ? n - 3 : n;
      const std::vector<T> y = RunCall<T>(a, b, 2048, [&](auto& d, auto& s0, auto& s1, auto& t) {
        switch (form) {
          case 0: AscendC::Fmod<T>(d, s0, s1, t, count); break;
          case 1: AscendC::Fmod<T, true>(d, s0, s1, count); break;
          case 2: AscendC::Fmod(d, s0, s1, t); break;
          default: AscendC::Fmod(d, s0, s1); break;
        }
      });
      Expect<T>("Fmod", a, b, y, count, FmodChain<T>);
    }
  }
}

TEST(LibMathMisc, FmodFloat) { CheckFmod<float>(28); }
TEST(LibMathMisc, FmodHalf) { CheckFmod<half>(29); }

TEST(LibMathMisc, FmodDocumented) {
  const std::vector<float> a = {2.0f, -3.0f, 7.5f, -2.0f, 1.0f, 5.0f, 1.0f, 0.0f};
  const std::vector<float> b = {1.5f, 1.1f, -2.0f, 1.0f, 0.0f, std::numeric_limits<float>::infinity(), 3.0f, 2.0f};
  const std::vector<float> y = RunCall<float>(a, b, 0, [](auto& d, auto& s0, auto& s1, auto&) {
    AscendC::Fmod(d, s0, s1, 8);
  });
  EXPECT_EQ(y[0], 0.5f);
  EXPECT_NEAR(y[1], -0.8f, 1e-6);  // the sign of a
  EXPECT_EQ(y[2], 1.5f);
  EXPECT_EQ(y[3], 0.0f);
  EXPECT_FALSE(std::signbit(y[3]));  // -2 - (-2) = +0 (C's fmod: -0)
  EXPECT_TRUE(std::isnan(y[4]));     // b = 0
  EXPECT_TRUE(std::isnan(y[5]));     // b = inf: 0 * inf (C's fmod: 5)
  EXPECT_EQ(y[6], 1.0f);
  EXPECT_EQ(y[7], 0.0f);
}

// ---- Axpy (high-level) -------------------------------------------------------------

// dst (T) = dst + src (U) * s: the vendor's Muls then Add in scalar f32,
// each rounded (volatile: no fusing), then rounded to T.
template <class T, class U>
T AxpyChain(T dst, U src, U s) {
  volatile float p = static_cast<float>(ref::ToDouble(src)) * static_cast<float>(ref::ToDouble(s));
  volatile float y = static_cast<float>(ref::ToDouble(dst)) + p;
  return FromD<T>(y);
}

template <class T, class U>
void CheckAxpy(uint64_t seed) {
  Rng rng(seed);
  const U scalars[] = {U(1.0f), U(-0.375f), U(3.0e-3f), U(7.0f)};
  int si = 0;
  for (uint32_t n : TestSizes<T>()) {
    const std::vector<T> d0 = Inputs<T>(rng, n);
    const std::vector<U> x = Inputs<U>(rng, n);
    const U s = scalars[si++ % 4];
    const uint32_t count = n > 3 ? n - 2 : n;
    std::vector<T> y(n);
    aicore::Launch(
        [&] {
          AscendC::TPipe pipe;
          TBuf<TPosition::VECCALC> bs, bd, bt;
          pipe.InitBuffer(bs, Round32(std::max<size_t>(n, 1) * sizeof(U)));
          pipe.InitBuffer(bd, Round32(std::max<size_t>(n, 1) * sizeof(T)));
          pipe.InitBuffer(bt, 1024);
          LocalTensor<U> src = bs.Get<U>(n);
          LocalTensor<T> dst = bd.Get<T>(n);
          LocalTensor<uint8_t> tmp = bt.Get<uint8_t>(1024);
          if (n != 0) {
            std::memcpy(static_cast<void*>(src.GetPhyAddr()), x.data(), n * sizeof(U));
            std::memcpy(static_cast<void*>(dst.GetPhyAddr()), d0.data(), n * sizeof(T));
          }
          AscendC::Axpy<T, U>(dst, src, s, tmp, count);
          if (n != 0) std::memcpy(static_cast<void*>(y.data()), dst.GetPhyAddr(), n * sizeof(T));
        },
        1);
    int bad = 0;
    for (uint32_t i = 0; i < n; ++i) {
      const T r = i < count ? AxpyChain<T, U>(d0[i], x[i], s) : d0[i];
      if (!ref::SameBits(y[i], r) && ++bad <= 5) {
        ADD_FAILURE() << "Axpy " << aicore::detail::TypeName<T>() << "/"
                      << aicore::detail::TypeName<U>() << " n=" << n << " i=" << i
                      << " dst=" << Show(d0[i]) << " src=" << Show(x[i]) << " got " << Show(y[i])
                      << " model " << Show(r);
      }
    }
    EXPECT_EQ(bad, 0);
  }
}

TEST(LibMathMisc, AxpyFloat) { CheckAxpy<float, float>(30); }
TEST(LibMathMisc, AxpyHalf) { CheckAxpy<half, half>(31); }
TEST(LibMathMisc, AxpyHalfToFloat) { CheckAxpy<float, half>(32); }

// ---- CumSum -------------------------------------------------------------------------

constexpr AscendC::CumSumConfig kLastAxisRow{true, false, true,
                                             AscendC::CumSumAlgorithm::CUMSUM_ALGORITHM_LINEBYLINE};
constexpr AscendC::CumSumConfig kFirstAxisRow{false, false, true,
                                              AscendC::CumSumAlgorithm::CUMSUM_ALGORITHM_LINEBYLINE};
constexpr AscendC::CumSumConfig kLastAxis{true, false, false,
                                          AscendC::CumSumAlgorithm::CUMSUM_ALGORITHM_LINEBYLINE};
constexpr AscendC::CumSumConfig kFirstAxis{false, false, false,
                                           AscendC::CumSumAlgorithm::CUMSUM_ALGORITHM_LINEBYLINE};

// Tolerance against the double prefix sum r of k terms whose magnitudes sum
// to a: f32 accumulation (k * 2^-24 * a) plus the final rounding to T (one
// ulp of r: 2^-24 float, 2^-11 half) and T's smallest subnormal.
template <class T>
bool CumClose(double y, double r, double a, int k) {
  const double u = std::is_same_v<T, float> ? 0x1p-24 : 0x1p-11;
  return std::fabs(y - r) <= k * 0x1p-24 * a + u * std::fabs(r) + MinSubnormal<T>();
}

template <class T, const AscendC::CumSumConfig& kCfg>
void CheckCumSum(uint64_t seed) {
  Rng rng(seed);
  const uint32_t align = 32 / sizeof(T);
  for (const auto& shape : std::vector<std::pair<uint32_t, uint32_t>>{
           {1, align}, {3, align}, {4, 8 * align / (sizeof(T) == 4 ? 1 : 2)}, {17, 5 * align},
           {40, 300 / align * align}, {2, 64 * align}}) {
    const uint32_t outter = shape.first, inner = shape.second, n = outter * inner;
    std::vector<T> x(n);
    for (auto& v : x) v = ref::RoundTo<T>(rng.Uniform(-10.0, 10.0));
    for (int form = 0; form < 2; ++form) {
      std::vector<T> y(n), last(std::max(outter, inner));
      aicore::Launch(
          [&] {
            AscendC::TPipe pipe;
            TBuf<TPosition::VECCALC> bs, bd, bl, bt;
            pipe.InitBuffer(bs, Round32(n * sizeof(T)));
            pipe.InitBuffer(bd, Round32(n * sizeof(T)));
            pipe.InitBuffer(bl, Round32(last.size() * sizeof(T)));
            pipe.InitBuffer(bt, Round32(std::max<uint64_t>(
                                    32, aicore::lib::CumSumMinTmpBytes(outter, inner, sizeof(T),
                                                                       kCfg.isLastAxis))));
            LocalTensor<T> src = bs.Get<T>(n), dst = bd.Get<T>(n);
            LocalTensor<T> lr = bl.Get<T>(static_cast<uint32_t>(last.size()));
            LocalTensor<uint8_t> tmp = bt.Get<uint8_t>();
            std::memcpy(static_cast<void*>(src.GetPhyAddr()), x.data(), n * sizeof(T));
            std::memset(static_cast<void*>(lr.GetPhyAddr()), kSentinel, last.size() * sizeof(T));
            const AscendC::CumSumInfo info{outter, inner};
            if (form == 0) {
              AscendC::CumSum<T, kCfg>(dst, lr, src, tmp, info);
            } else {
              AscendC::CumSum<T, kCfg>(dst, lr, src, info);
            }
            std::memcpy(static_cast<void*>(y.data()), dst.GetPhyAddr(), n * sizeof(T));
            std::memcpy(static_cast<void*>(last.data()), lr.GetPhyAddr(), last.size() * sizeof(T));
          },
          1);
    int bad = 0;
      for (uint32_t i = 0; i < outter; ++i) {
        for (uint32_t j = 0; j < inner; ++j) {
          double r = 0, a = 0;
          int k = 0;
          if (kCfg.isLastAxis) {
            for (uint32_t t = 0; t <= j; ++t, ++k) {
              r += ref::ToDouble(x[i * inner + t]);
              a += std::fabs(ref::ToDouble(x[i * inner + t]));
            }
          } else {
            for (uint32_t t = 0; t <= i; ++t, ++k) {
              r += ref::ToDouble(x[t * inner + j]);
              a += std::fabs(ref::ToDouble(x[t * inner + j]));
            }
          }
          const T got = y[i * inner + j];
          if (!CumClose<T>(ref::ToDouble(got), r, a, k) && ++bad <= 5) {
            ADD_FAILURE() << "CumSum " << aicore::detail::TypeName<T>() << " [" << outter << ", "
                          << inner << "] last axis " << kCfg.isLastAxis << " at (" << i << ", "
                          << j << ") got " << Show(got) << " model " << r;
          }
        }
      }
      EXPECT_EQ(bad, 0);
      // lastRowTensor: the last column (last axis) or the last row (first
      // axis) of the result, exactly; nothing past it, and nothing without
      // outputLastRow.
      const uint32_t ln = kCfg.isLastAxis ? outter : inner;
      for (uint32_t t = 0; t < last.size(); ++t) {
        const T want = (kCfg.outputLastRow && t < ln)
                           ? (kCfg.isLastAxis ? y[t * inner + inner - 1] : y[(outter - 1) * inner + t])
                           : SentinelT<T>();
        ASSERT_EQ(ref::Bits(last[t]), ref::Bits(want)) << "lastRowTensor element " << t;
      }
    }
  }
}

TEST(LibMathMisc, CumSumFloat) {
  CheckCumSum<float, kLastAxisRow>(33);
  CheckCumSum<float, kFirstAxisRow>(34);
  CheckCumSum<float, kLastAxis>(35);
  CheckCumSum<float, kFirstAxis>(36);
}
TEST(LibMathMisc, CumSumHalf) {
  CheckCumSum<half, kLastAxisRow>(37);
  CheckCumSum<half, kFirstAxisRow>(38);
}

// The vendor's documented example: 4 x 8 ones.
TEST(LibMathMisc, CumSumDocumented) {
  aicore::Launch(
      [] {
        AscendC::TPipe pipe;
        TBuf<TPosition::VECCALC> bs, bd, bl;
        pipe.InitBuffer(bs, 128);
        pipe.InitBuffer(bd, 128);
        pipe.InitBuffer(bl, 32);
        LocalTensor<float> src = bs.Get<float>(32), dst = bd.Get<float>(32), lr = bl.Get<float>(8);
        for (int i = 0; i < 32; ++i) src.SetValue(i, 1.0f);
        AscendC::CumSum<float, kLastAxisRow>(dst, lr, src, AscendC::CumSumInfo{4, 8});
        for (int i = 0; i < 32; ++i) EXPECT_EQ(dst.GetValue(i), static_cast<float>(i % 8 + 1));
        for (int i = 0; i < 4; ++i) EXPECT_EQ(lr.GetValue(i), 8.0f);
        AscendC::CumSum<float, kFirstAxisRow>(dst, lr, src, AscendC::CumSumInfo{4, 8});
        for (int i = 0; i < 32; ++i) EXPECT_EQ(dst.GetValue(i), static_cast<float>(i / 8 + 1));
        for (int i = 0; i < 8; ++i) EXPECT_EQ(lr.GetValue(i), 4.0f);
      },
      1);
}

// ---- Xor --------------------------------------------------------------------------

template <class T>
void CheckXor(uint64_t seed) {
  Rng rng(seed);
  for (uint32_t n : TestSizes<T>()) {
    const std::vector<T> a = RandomBitsVec<T>(rng, n), b = RandomBitsVec<T>(rng, n);
    for (int form = 0; form < 4; ++form) {
      const uint32_t count = (form < 2 && n > 3) ? n - 3 : n;
      const std::vector<T> y = RunCall<T>(a, b, 256, [&](auto& d, auto& s0, auto& s1, auto& t) {
        switch (form) {
          case 0: AscendC::Xor<T>(d, s0, s1, t, count); break;
          case 1: AscendC::Xor<T, true>(d, s0, s1, count); break;
          case 2: AscendC::Xor(d, s0, s1, t); break;
          default: AscendC::Xor(d, s0, s1); break;
        }
      });
      Expect<T>("Xor", a, b, y, count, [](T u, T v) { return static_cast<T>(u ^ v); });
    }
  }
}

TEST(LibMathMisc, XorInt16) { CheckXor<int16_t>(25); }
TEST(LibMathMisc, XorUint16) { CheckXor<uint16_t>(26); }

// ---- host helpers: the minimum is accepted ------------------------------------------

TEST(LibMathMisc, MinimumTmpAccepted) {
  Rng rng(27);
  const std::vector<half> x = Inputs<half>(rng, 300);
  uint32_t mx = 0, mn = 0;
  const ge::Shape shape({300});
  AscendC::GetFloorMaxMinTmpSize(shape, 2, false, mx, mn);
  EXPECT_EQ(mn, 512u);
  Expect<half>("Floor", x, x, RunCall<half>(x, x, mn, [](auto& d, auto& s, auto&, auto& t) {
                 AscendC::Floor(d, s, t, 300);
               }), 300, FloorM<half>);
  AscendC::GetFracMaxMinTmpSize(shape, 2, false, mx, mn);
  EXPECT_EQ(mn, 1024u);
  Expect<half>("Frac", x, x, RunCall<half>(x, x, mn, [](auto& d, auto& s, auto&, auto& t) {
                 AscendC::Frac(d, s, t);
               }), 300, FracM<half>);
  AscendC::GetSignMaxMinTmpSize(shape, 2, false, mx, mn);
  Expect<half>("Sign", x, x, RunCall<half>(x, x, mn, [](auto& d, auto& s, auto&, auto& t) {
                 AscendC::Sign(d, s, t, 300);
               }), 300, SignM<half>);
  const auto plat = platform_ascendc::PlatformAscendCManager::GetInstance();
  AscendC::GetRoundMaxMinTmpSize(*plat, shape, 2, false, mx, mn);
  EXPECT_EQ(mn, 256u);
  Expect<half>("Round", x, x, RunCall<half>(x, x, mn, [](auto& d, auto& s, auto&, auto& t) {
                 AscendC::Round(d, s, t, 300);
               }), 300, RoundM<half>);
  AscendC::GetClampMaxMinTmpSize(shape, 2, false, mx, mn);
  EXPECT_EQ(mn, 128u);
  RunCall<half>(x, x, mn, [](auto& d, auto& s, auto&, auto& t) {
    AscendC::ClampMax(d, s, t, half(1.0f), 300);
  });
  const std::vector<int16_t> a(300, 5);
  AscendC::GetXorMaxMinTmpSize(shape, 2, false, mx, mn);
  EXPECT_EQ(mn, 256u);
  RunCall<int16_t>(a, a, mn, [](auto& d, auto& s0, auto& s1, auto& t) {
    AscendC::Xor(d, s0, s1, t, 300);
  });
  // float Floor, Frac need no space.
  const std::vector<float> f(64, 1.25f);
  RunCall<float>(f, f, 0, [](auto& d, auto& s, auto&, auto& t) {
    AscendC::Floor(d, s, t, 64);
    AscendC::Frac(d, s, t, 64);
  });
}

// ---- diagnostics -------------------------------------------------------------------

template <class T>
using ErrCall = std::function<void(LocalTensor<T>&, LocalTensor<T>&, LocalTensor<T>&,
                                   LocalTensor<uint8_t>&, TBuf<TPosition::VECCALC>&)>;

// Runs f(dst, src0, src1, tmp, pool of src1) with 64-element operands;
// returns the KernelError message ("" if none).
template <class T>
std::string Err(uint32_t tmp_bytes, const ErrCall<T>& f, aicore::ErrorKind* kind = nullptr) {
  try {
    aicore::Launch(
        [&] {
          AscendC::TPipe pipe;
          TBuf<TPosition::VECCALC> b0, b1, bd, bt;
          pipe.InitBuffer(b0, 1024);
          pipe.InitBuffer(b1, 1024);
          pipe.InitBuffer(bd, 1024);
          pipe.InitBuffer(bt, 4096);
          LocalTensor<T> s0 = b0.Get<T>(64), s1 = b1.Get<T>(64), d = bd.Get<T>(64);
          std::memset(static_cast<void*>(s0.GetPhyAddr()), 0, 1024);
          std::memset(static_cast<void*>(s1.GetPhyAddr()), 0, 1024);
          LocalTensor<uint8_t> tmp = bt.Get<uint8_t>(tmp_bytes);
          f(d, s0, s1, tmp, b1);
        },
        1);
  } catch (const aicore::KernelError& e) {
    if (kind) *kind = e.kind();
    return e.what();
  }
  return "";
}

TEST(LibMathMiscDiagnostics, TmpTooSmall) {
  aicore::ErrorKind kind{};
  std::string m = Err<half>(511, [](auto& d, auto& s, auto&, auto& t, auto&) {
    AscendC::Floor(d, s, t, 64);
  }, &kind);
  EXPECT_TRUE(Has(m, "Floor")) << m;
  EXPECT_TRUE(Has(m, "sharedTmpBuffer holds 511 bytes, fewer than the 512 bytes "
                     "GetFloorMaxMinTmpSize gives as the minimum for half")) << m;
  EXPECT_TRUE(Has(m, "test_math_misc.cpp")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kParameter);
  m = Err<float>(255, [](auto& d, auto& s, auto&, auto& t, auto&) { AscendC::Ceil(d, s, t, 64); });
  EXPECT_TRUE(Has(m, "255 bytes, fewer than the 256 bytes GetCeilMaxMinTmpSize")) << m;
  m = Err<half>(200, [](auto& d, auto& s, auto&, auto& t, auto&) { AscendC::Round(d, s, t, 64); });
  EXPECT_TRUE(Has(m, "200 bytes, fewer than the 256 bytes GetRoundMaxMinTmpSize")) << m;
  m = Err<float>(500, [](auto& d, auto& s, auto&, auto& t, auto&) { AscendC::Sign(d, s, t); });
  EXPECT_TRUE(Has(m, "500 bytes, fewer than the 768 bytes GetSignMaxMinTmpSize")) << m;
  m = Err<half>(96, [](auto& d, auto& s, auto&, auto& t, auto&) {
    AscendC::ClampMin(d, s, t, half(0.0f), 64);
  });
  EXPECT_TRUE(Has(m, "ClampMin")) << m;
  EXPECT_TRUE(Has(m, "96 bytes, fewer than the 128 bytes GetClampMaxMinTmpSize")) << m;
  m = Err<uint16_t>(128, [](auto& d, auto& s0, auto& s1, auto& t, auto&) {
    AscendC::Xor(d, s0, s1, t, 64);
  });
  EXPECT_TRUE(Has(m, "Xor")) << m;
  EXPECT_TRUE(Has(m, "128 bytes, fewer than the 256 bytes GetXorMaxMinTmpSize")) << m;
  m = Err<half>(1000, [](auto& d, auto& s, auto&, auto& t, auto&) {
    AscendC::Axpy(d, s, half(2.0f), t, 64);
  });
  EXPECT_TRUE(Has(m, "Axpy")) << m;
  EXPECT_TRUE(Has(m, "1000 bytes, fewer than the 1024 bytes GetAxpyMaxMinTmpSize")) << m;
  EXPECT_EQ(Err<half>(1024, [](auto& d, auto& s, auto&, auto& t, auto&) {
              AscendC::Axpy(d, s, half(2.0f), t, 64);
            }), "");
  m = Err<float>(0, [](auto& d, auto& s, auto&, auto& t, auto&) {
    AscendC::Axpy(d[40], s, 2.0f, t, 64);
  });
  EXPECT_TRUE(Has(m, "calCount 64 exceeds the 24 float elements of dstTensor")) << m;
  m = Err<half>(2047, [](auto& d, auto& s0, auto& s1, auto& t, auto&) {
    AscendC::Fmod(d, s0, s1, t);
  });
  EXPECT_TRUE(Has(m, "Fmod")) << m;
  EXPECT_TRUE(Has(m, "2047 bytes, fewer than the 2048 bytes GetFmodMaxMinTmpSize")) << m;
  EXPECT_EQ(Err<half>(2048, [](auto& d, auto& s0, auto& s1, auto& t, auto&) {
              AscendC::Fmod(d, s0, s1, t);
            }), "");
  // Clean twins: exactly the minimum.
  EXPECT_EQ(Err<half>(512, [](auto& d, auto& s, auto&, auto& t, auto&) {
              AscendC::Floor(d, s, t, 64);
              AscendC::Ceil(d, s, t, 64);
              AscendC::Round(d, s, t, 64);
              AscendC::Trunc(d, s, t, 64);
              AscendC::ClampMin(d, s, t, half(0.0f), 64);
            }), "");
  EXPECT_EQ(Err<float>(768, [](auto& d, auto& s, auto&, auto& t, auto&) {
              AscendC::Sign(d, s, t);
              AscendC::Frac(d, s, t);
            }), "");
  EXPECT_EQ(Err<uint16_t>(256, [](auto& d, auto& s0, auto& s1, auto& t, auto&) {
              AscendC::Xor(d, s0, s1, t, 64);
            }), "");
}

TEST(LibMathMiscDiagnostics, CountBeyondOperands) {
  aicore::ErrorKind kind{};
  std::string m = Err<float>(0, [](auto& d, auto& s, auto&, auto&, auto&) {
    AscendC::Trunc(d, s, 65);
  }, &kind);
  EXPECT_TRUE(Has(m, "Trunc")) << m;
  EXPECT_TRUE(Has(m, "calCount 65 exceeds the 64 float elements of srcTensor")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kBounds);
  m = Err<half>(0, [](auto& d, auto& s, auto&, auto&, auto&) { AscendC::Frac(d[32], s, 40); });
  EXPECT_TRUE(Has(m, "calCount 40 exceeds the 32 half elements of dstTensor")) << m;
  m = Err<int16_t>(0, [](auto& d, auto& s0, auto& s1, auto&, auto&) {
    AscendC::Xor(d, s0, s1[48], 20);
  });
  EXPECT_TRUE(Has(m, "calCount 20 exceeds the 16 int16_t elements of src1Tensor")) << m;
  m = Err<float>(0, [](auto& d, auto& s0, auto& s1, auto&, auto&) {
    AscendC::Fmod(d, s0[16], s1, 64);
  });
  EXPECT_TRUE(Has(m, "Fmod")) << m;
  EXPECT_TRUE(Has(m, "calCount 64 exceeds the 48 float elements of src0Tensor")) << m;
  m = Err<float>(0, [](auto& d, auto& s, auto&, auto&, auto&) {
    AscendC::ClampMax(d, s, 1.0f, static_cast<uint32_t>(-2));
  });
  EXPECT_TRUE(Has(m, "count -2 is negative")) << m;
  EXPECT_EQ(Err<float>(0, [](auto& d, auto& s, auto&, auto&, auto&) {
              AscendC::Trunc(d, s, 64);
              AscendC::Frac(d[32], s, 32);
              AscendC::ClampMax(d, s, 1.0f, 64);
            }), "");
  EXPECT_EQ(Err<int16_t>(0, [](auto& d, auto& s0, auto& s1, auto&, auto&) {
              AscendC::Xor(d, s0, s1[48], 16);
            }), "");
}

TEST(LibMathMiscDiagnostics, CumSum) {
  aicore::ErrorKind kind{};
  std::string m = Err<float>(0, [](auto& d, auto& s, auto& l, auto&, auto&) {
    AscendC::CumSum<float, kLastAxisRow>(d, l, s, AscendC::CumSumInfo{4, 12});
  }, &kind);
  EXPECT_TRUE(Has(m, "CumSum")) << m;
  EXPECT_TRUE(Has(m, "cumSumInfo.inner 12 * sizeof(float) = 48 bytes is not a multiple of 32")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kParameter);
  m = Err<float>(0, [](auto& d, auto& s, auto& l, auto&, auto&) {
    AscendC::CumSum<float, kLastAxisRow>(d, l, s, AscendC::CumSumInfo{0, 8});
  });
  EXPECT_TRUE(Has(m, "cumSumInfo {outter 0, inner 8}: both must be greater than 0")) << m;
  m = Err<half>(0, [](auto& d, auto& s, auto& l, auto&, auto&) {
    AscendC::CumSum<half, kFirstAxis>(d, l, s, AscendC::CumSumInfo{5, 16});
  }, &kind);
  EXPECT_TRUE(Has(m, "cumSumInfo {outter 5, inner 16} covers 80 elements, more than the 64 half "
                     "elements of srcTensor")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kBounds);
  m = Err<float>(0, [](auto& d, auto& s, auto& l, auto&, auto&) {
    LocalTensor<float> small = l[56];
    AscendC::CumSum<float, kFirstAxisRow>(d, small, s, AscendC::CumSumInfo{4, 16});
  });
  EXPECT_TRUE(Has(m, "lastRowTensor holds 8 float elements, fewer than the 16 of the last row "
                     "(inner)")) << m;
  m = Err<half>(512, [](auto& d, auto& s, auto& l, auto& t, auto&) {
    AscendC::CumSum<half, kLastAxisRow>(d, l, s, t, AscendC::CumSumInfo{4, 16});
  });
  EXPECT_TRUE(Has(m, "512 bytes, fewer than the 1536 bytes GetCumSumMaxMinTmpSize")) << m;
  // Clean twins.
  EXPECT_EQ(Err<half>(1536, [](auto& d, auto& s, auto& l, auto& t, auto&) {
              AscendC::CumSum<half, kLastAxisRow>(d, l, s, t, AscendC::CumSumInfo{4, 16});
              AscendC::CumSum<half, kFirstAxis>(d, l, s, AscendC::CumSumInfo{4, 16});
            }), "");
  EXPECT_EQ(Err<float>(0, [](auto& d, auto& s, auto& l, auto&, auto&) {
              LocalTensor<float> small = l[48];
              AscendC::CumSum<float, kFirstAxisRow>(d, small, s, AscendC::CumSumInfo{4, 16});
            }), "");
}

TEST(LibMathMiscDiagnostics, BadOperands) {
  std::string m = Err<float>(0, [](auto& d, auto& s, auto&, auto&, auto&) {
    AscendC::Sign(d, s[1], 8);
  });
  EXPECT_TRUE(Has(m, "Sign")) << m;
  EXPECT_TRUE(Has(m, "not 32-byte aligned")) << m;
  // The temporary buffer overlapping src1 of Xor.
  m = Err<int16_t>(0, [](auto& d, auto& s0, auto&, auto&, auto& b1) {
    LocalTensor<uint8_t> t = b1.template Get<uint8_t>(512);
    LocalTensor<int16_t> s = b1.template Get<int16_t>(64);
    AscendC::Xor(d, s0, s, t, 64);
  });
  EXPECT_TRUE(Has(m, "sharedTmpBuffer overlaps src1Tensor")) << m;
  m = Err<half>(0, [](auto& d, auto& s, auto&, auto&, auto& b1) {
    (void)s;
    LocalTensor<uint8_t> t = b1.template Get<uint8_t>(512);
    LocalTensor<half> v = b1.template Get<half>(64);
    AscendC::Floor(d, v, t, 64);
  });
  EXPECT_TRUE(Has(m, "sharedTmpBuffer overlaps srcTensor")) << m;
}

}  // namespace
}  // namespace aicore_test
