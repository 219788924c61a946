// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Randomized tests of the element-wise count-form instructions against the
// scalar reference model (tests/support/ref_elementwise.h): every supported
// dtype x counts around the SIMD width x operand layouts (separate, at non-zero 32-byte
// offsets, dst aliasing src0/src1, src0 == src1). Every byte of the UB image
// other than dst[0, count) must be left untouched; dst must match the model
// bit for bit (any NaN matches any NaN), except Exp/Ln/Rsqrt, which are
// bounded in ULPs against double precision (bounds below and in NUMERICS.md).

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "support/ref_elementwise.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {
namespace {

using AscendC::LocalTensor;

// ULP bounds of the approximated instructions (max |fast - exact| in ULPs of
// the element type at the exact value, exact = double precision); measured
// maxima are listed in NUMERICS.md.
//   float Exp: Highway's polynomial with exact scaling; measured <= 1.012
//     (strided sweep over all floats, AVX3/AVX2/SSSE3 targets)
//   float Ln: Highway's musl-style log; measured <= 0.888
//   float Rsqrt: 1 / sqrt(x), two roundings: <= 1.5 in theory, measured 1.490
//   half: the f32 result rounded once to half: <= 0.5 + 1.5 * 2^-13 in
//     theory; measured 0.5000 over all 65536 inputs
constexpr double kExpUlpF32 = 1.5;
constexpr double kLnUlpF32 = 1.5;
constexpr double kRsqrtUlpF32 = 1.5;
constexpr double kUlpHalf = 0.5 + 1.0 / 1024;

enum class Layout { kSeparate, kOffset, kInPlace0, kInPlace1, kSameSrc };

const char* LayoutName(Layout l) {
  switch (l) {
    case Layout::kSeparate:
      return "separate";
    case Layout::kOffset:
      return "offset";
    case Layout::kInPlace0:
      return "dst=src0";
    case Layout::kInPlace1:
      return "dst=src1";
    case Layout::kSameSrc:
      return "src0=src1";
  }
  return "?";
}

template <class T>
using Fast = std::function<void(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                                const LocalTensor<T>& src1, T scalar, int32_t count)>;
// Returns whether `got` is acceptable for inputs (a, b, scalar); stores the
// expected value or error description in *want.
template <class T>
using Check = std::function<bool(T got, T a, T b, T scalar, std::string* want)>;

// Runs one instruction (arity 0 = Duplicate, 1 = unary / vector-scalar,
// 2 = binary) over the size x layout matrix.
template <class T>
void RunMatrix(const char* op, int arity, const Fast<T>& fast, const Check<T>& check, uint64_t seed,
               const std::function<T(Rng&)>& gen = RandomValue<T>) {
  std::vector<Layout> layouts = {Layout::kSeparate, Layout::kOffset};
  if (arity >= 1) layouts.push_back(Layout::kInPlace0);
  if (arity >= 2) {
    layouts.push_back(Layout::kInPlace1);
    layouts.push_back(Layout::kSameSrc);
  }
  Rng rng(seed);
  for (size_t n : Sizes<T>()) {
    for (Layout layout : layouts) {
      const size_t bytes = n * sizeof(T);
      const uint32_t region = Round32(bytes + 64);  // 64 sentinel bytes past every operand
      const uint32_t skew = layout == Layout::kOffset ? 32 : 0;
      uint32_t s0 = skew, s1 = region + 3 * skew, d = 2 * region + 5 * skew;
      if (layout == Layout::kInPlace0) d = s0;
      if (layout == Layout::kInPlace1) d = s1;
      if (layout == Layout::kSameSrc) s1 = s0;
      std::vector<uint8_t> image(3 * region + 6 * skew + 32, kSentinel);
      std::vector<T> a(n), b(n);
      for (auto& x : a) x = gen(rng);
      for (auto& x : b) x = gen(rng);
      if (layout == Layout::kSameSrc) b = a;
      const T scalar = gen(rng);
      if (arity >= 1) Put(image, s0, a.data(), n);
      if (arity >= 2) Put(image, s1, b.data(), n);
      const std::vector<uint8_t> before = image;

      RunOnUb(image, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
        const uint32_t cap = static_cast<uint32_t>(region / sizeof(T));
        fast(buf.GetWithOffset<T>(cap, d), buf.GetWithOffset<T>(cap, s0),
             buf.GetWithOffset<T>(cap, s1), scalar, static_cast<int32_t>(n));
      });

      const std::string where = std::string(op) + "<" + aicore::detail::TypeName<T>() +
                                ">, count " + std::to_string(n) + ", " + LayoutName(layout);
      for (size_t i = 0; i < n; ++i) {
        const T got = Get<T>(image, d, i);
        std::string want;
        if (!check(got, a[i], b[i], scalar, &want)) {
          ADD_FAILURE() << where << ": element " << i << " = " << Show(got) << ", want " << want
                        << " (src0 " << Show(a[i]) << ", src1 " << Show(b[i]) << ", scalar "
                        << Show(scalar) << ")";
          return;
        }
      }
      const std::string diff = FirstByteDiff(image, before, d, d + bytes);
      if (!diff.empty()) {
        ADD_FAILURE() << where << ": outside dst[0, count): " << diff << " (dst at byte " << d
                      << ")";
        return;
      }
    }
  }
}

template <class T>
Check<T> BitExact(T (*model)(T, T)) {
  return [model](T got, T a, T b, T, std::string* want) {
    const T w = model(a, b);
    *want = Show(w);
    return ref::SameBits(got, w);
  };
}
template <class T>
Check<T> BitExactScalar(T (*model)(T, T)) {
  return [model](T got, T a, T, T s, std::string* want) {
    const T w = model(a, s);
    *want = Show(w);
    return ref::SameBits(got, w);
  };
}
template <class T>
Check<T> BitExactUnary(T (*model)(T)) {
  return [model](T got, T a, T, T, std::string* want) {
    const T w = model(a);
    *want = Show(w);
    return ref::SameBits(got, w);
  };
}
template <class T>
Check<T> WithinUlp(double (*exact)(T), double bound) {
  return [exact, bound](T got, T a, T, T, std::string* want) {
    const double e = exact(a);
    const double err = ref::UlpError(got, e);
    char buf[96];
    std::snprintf(buf, sizeof(buf), "%.17g within %g ulp (error %g ulp)", e, bound, err);
    *want = buf;
    return err <= bound;
  };
}

#define AICORE_FAST_BINARY(OP)                                                                  \
  [](const LocalTensor<T>& d, const LocalTensor<T>& a, const LocalTensor<T>& b, T, int32_t n) { \
    AscendC::OP(d, a, b, n);                                                                    \
  }
#define AICORE_FAST_UNARY(OP)                                                                 \
  [](const LocalTensor<T>& d, const LocalTensor<T>& a, const LocalTensor<T>&, T, int32_t n) { \
    AscendC::OP(d, a, n);                                                                     \
  }
#define AICORE_FAST_SCALAR(OP)                                                                  \
  [](const LocalTensor<T>& d, const LocalTensor<T>& a, const LocalTensor<T>&, T s, int32_t n) { \
    AscendC::OP(d, a, s, n);                                                                    \
  }

// ---------------------------------------------------------------------------
// Binary.

#define AICORE_BINARY_TEST(OP, SEED, ...)                                           \
  TEST(OpsElementwiseBinary, OP) {                                                  \
    ForEachType<__VA_ARGS__>([](auto tag) {                                         \
      using T = decltype(tag);                                                      \
      RunMatrix<T>(#OP, 2, AICORE_FAST_BINARY(OP), BitExact<T>(&ref::OP<T>), SEED); \
    });                                                                             \
  }

AICORE_BINARY_TEST(Add, 101, half, float, int16_t, int32_t)
AICORE_BINARY_TEST(Sub, 102, half, float, int16_t, int32_t)
AICORE_BINARY_TEST(Mul, 103, half, float, int16_t, int32_t)
AICORE_BINARY_TEST(Div, 104, half, float)
AICORE_BINARY_TEST(Max, 105, half, float, int16_t, int32_t)
AICORE_BINARY_TEST(Min, 106, half, float, int16_t, int32_t)

// ---------------------------------------------------------------------------
// Vector-scalar.

#define AICORE_SCALAR_TEST(OP, SEED, ...)                                                 \
  TEST(OpsElementwiseScalar, OP) {                                                        \
    ForEachType<__VA_ARGS__>([](auto tag) {                                               \
      using T = decltype(tag);                                                            \
      RunMatrix<T>(#OP, 1, AICORE_FAST_SCALAR(OP), BitExactScalar<T>(&ref::OP<T>), SEED); \
    });                                                                                   \
  }

AICORE_SCALAR_TEST(Adds, 201, half, float, int16_t, int32_t)
AICORE_SCALAR_TEST(Muls, 202, half, float, int16_t, int32_t)
AICORE_SCALAR_TEST(Maxs, 203, half, float, int16_t, int32_t)
AICORE_SCALAR_TEST(Mins, 204, half, float, int16_t, int32_t)
AICORE_SCALAR_TEST(LeakyRelu, 205, half, float)

// The scalar parameter does not take part in deduction: a float literal
// converts to half (once, to nearest-even).
TEST(OpsElementwiseScalar, ScalarConvertsToElementType) {
  std::vector<half> in = {half(1.0f), half(-2.0f), half(3.5f)};
  std::vector<uint8_t> image(96, kSentinel);
  Put(image, 0, in.data(), in.size());
  RunOnUb(image, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
    auto src = buf.GetWithOffset<half>(16, 0);
    auto dst = buf.GetWithOffset<half>(16, 32);
    AscendC::Adds(dst, src, 0.1f, 3);  // 0.1f -> half(0.1f)
  });
  for (size_t i = 0; i < in.size(); ++i) {
    const half want = ref::Adds(in[i], half(0.1f));
    EXPECT_TRUE(ref::SameBits(Get<half>(image, 32, i), want)) << i;
  }
}

// ---------------------------------------------------------------------------
// Unary, bit-exact.

#define AICORE_UNARY_TEST(OP, SEED, ...)                                                \
  TEST(OpsElementwiseUnary, OP) {                                                       \
    ForEachType<__VA_ARGS__>([](auto tag) {                                             \
      using T = decltype(tag);                                                          \
      RunMatrix<T>(#OP, 1, AICORE_FAST_UNARY(OP), BitExactUnary<T>(&ref::OP<T>), SEED); \
    });                                                                                 \
  }

AICORE_UNARY_TEST(Abs, 301, half, float)
AICORE_UNARY_TEST(Sqrt, 302, half, float)
AICORE_UNARY_TEST(Reciprocal, 303, half, float)
AICORE_UNARY_TEST(Relu, 304, half, float, int32_t)

// ---------------------------------------------------------------------------
// Unary, ULP-bounded: the size x layout matrix on random inputs.

TEST(OpsElementwiseUnary, ExpMatrix) {
  RunMatrix<float>(
      "Exp", 1, [](auto& d, auto& a, auto&, float, int32_t n) { AscendC::Exp(d, a, n); },
      WithinUlp<float>(&ref::ExpExact<float>, kExpUlpF32), 401);
  RunMatrix<half>(
      "Exp", 1, [](auto& d, auto& a, auto&, half, int32_t n) { AscendC::Exp(d, a, n); },
      WithinUlp<half>(&ref::ExpExact<half>, kUlpHalf), 402);
}
TEST(OpsElementwiseUnary, LnMatrix) {
  RunMatrix<float>(
      "Ln", 1, [](auto& d, auto& a, auto&, float, int32_t n) { AscendC::Ln(d, a, n); },
      WithinUlp<float>(&ref::LnExact<float>, kLnUlpF32), 403);
  RunMatrix<half>(
      "Ln", 1, [](auto& d, auto& a, auto&, half, int32_t n) { AscendC::Ln(d, a, n); },
      WithinUlp<half>(&ref::LnExact<half>, kUlpHalf), 404);
}
TEST(OpsElementwiseUnary, RsqrtMatrix) {
  RunMatrix<float>(
      "Rsqrt", 1, [](auto& d, auto& a, auto&, float, int32_t n) { AscendC::Rsqrt(d, a, n); },
      WithinUlp<float>(&ref::RsqrtExact<float>, kRsqrtUlpF32), 405);
  RunMatrix<half>(
      "Rsqrt", 1, [](auto& d, auto& a, auto&, half, int32_t n) { AscendC::Rsqrt(d, a, n); },
      WithinUlp<half>(&ref::RsqrtExact<half>, kUlpHalf), 406);
}

// ---------------------------------------------------------------------------
// Unary, ULP-bounded: many inputs, maximum error measured and reported.

// Applies the instruction in place to `in` (chunks of at most kUbBytes/2)
// and returns the results.
template <class T>
std::vector<T> ApplyInPlace(void (*fast)(const LocalTensor<T>&, int32_t),
                            const std::vector<T>& in) {
  std::vector<T> out(in.size());
  const size_t chunk = kUbBytes / 2 / sizeof(T);
  for (size_t off = 0; off < in.size(); off += chunk) {
    const size_t n = std::min(chunk, in.size() - off);
    std::vector<uint8_t> image(Round32(n * sizeof(T)));
    Put(image, 0, in.data() + off, n);
    RunOnUb(image, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
      fast(buf.GetWithOffset<T>(static_cast<uint32_t>(n), 0), static_cast<int32_t>(n));
    });
    for (size_t i = 0; i < n; ++i) out[off + i] = Get<T>(image, 0, i);
  }
  return out;
}

struct UlpStats {
  double max_err = 0;
  size_t worst = 0;
};

template <class T>
UlpStats MeasureUlp(const char* op, void (*fast)(const LocalTensor<T>&, int32_t),
                    double (*exact)(T), const std::vector<T>& in, double bound) {
  const std::vector<T> out = ApplyInPlace(fast, in);
  UlpStats s;
  size_t failures = 0, not_rounded = 0;
  for (size_t i = 0; i < in.size(); ++i) {
    const double e = exact(in[i]);
    const double err = ref::UlpError(out[i], e);
    if (!ref::SameBits(out[i], ref::RoundTo<T>(e))) ++not_rounded;
    if (err > s.max_err) {
      s.max_err = err;
      s.worst = i;
    }
    if (err > bound && ++failures <= 5) {
      ADD_FAILURE() << op << "<" << aicore::detail::TypeName<T>() << ">(" << Show(in[i])
                    << ") = " << Show(out[i]) << ", exact " << e << ": " << err << " ulp > "
                    << bound;
    }
  }
  std::printf(
      "[ numerics ] %s<%s>: max error %.4f ulp over %zu inputs (at x = %s); %zu results differ "
      "from the correctly rounded one\n",
      op, aicore::detail::TypeName<T>(), s.max_err, in.size(), Show(in[s.worst]).c_str(),
      not_rounded);
  return s;
}

std::vector<half> AllHalves() {
  std::vector<half> v(65536);
  for (uint32_t i = 0; i < 65536; ++i) v[i] = half::FromBits(static_cast<uint16_t>(i));
  return v;
}

// Random floats: random bit patterns (sign forced by `sign`: +1 positive,
// -1 negative, 0 either), uniform values in [lo, hi], and the specials.
std::vector<float> RandomFloats(uint64_t seed, size_t n_bits, int sign, double lo, double hi,
                                size_t n_uniform) {
  Rng r(seed);
  std::vector<float> v = Specials<float>();
  for (size_t i = 0; i < n_bits; ++i) {
    uint32_t b = static_cast<uint32_t>(r.Next());
    if (sign > 0) b &= 0x7FFFFFFFu;
    if (sign < 0) b |= 0x80000000u;
    v.push_back(ref::FromBits<float>(b));
  }
  for (size_t i = 0; i < n_uniform; ++i) v.push_back(static_cast<float>(r.Uniform(lo, hi)));
  return v;
}

// Every float within `k` ulps of x.
void AddNeighbours(std::vector<float>* v, float x, int k) {
  const int32_t b = static_cast<int32_t>(ref::Bits(x));
  for (int d = -k; d <= k; ++d) v->push_back(ref::FromBits<float>(static_cast<uint32_t>(b + d)));
}

void ExpFast(const LocalTensor<float>& t, int32_t n) { AscendC::Exp(t, t, n); }
void LnFast(const LocalTensor<float>& t, int32_t n) { AscendC::Ln(t, t, n); }
void RsqrtFast(const LocalTensor<float>& t, int32_t n) { AscendC::Rsqrt(t, t, n); }
void ExpFastH(const LocalTensor<half>& t, int32_t n) { AscendC::Exp(t, t, n); }
void LnFastH(const LocalTensor<half>& t, int32_t n) { AscendC::Ln(t, t, n); }
void RsqrtFastH(const LocalTensor<half>& t, int32_t n) { AscendC::Rsqrt(t, t, n); }

TEST(OpsElementwiseUlp, ExpFloat) {
  // Whole range: overflow above ln(FLT_MAX) = 88.72, subnormal results below
  // -87.34, zero below -103.97; plus the neighbourhoods of the thresholds and
  // tiny arguments.
  std::vector<float> in = RandomFloats(501, 1 << 16, 0, -110.0, 95.0, 1 << 18);
  Rng r(502);
  for (int i = 0; i < (1 << 16); ++i) in.push_back(static_cast<float>(r.Uniform(-1e-3, 1e-3)));
  for (int i = 0; i < (1 << 16); ++i) in.push_back(static_cast<float>(r.Uniform(-104.0, -87.0)));
  for (float t : {88.72283935546875f, 88.7228317f, -103.972084045410f, -103.27893f, -87.336544f,
                  -87.33654f, 0.0f, 1.0f, -1.0f, 0x1p-24f}) {
    AddNeighbours(&in, t, 64);
  }
  MeasureUlp<float>("Exp", &ExpFast, &ref::ExpExact<float>, in, kExpUlpF32);
}

TEST(OpsElementwiseUlp, LnFloat) {
  // Positive floats of every binade (subnormals included), values near 1
  // (where ln is small), negatives and specials.
  std::vector<float> in = RandomFloats(511, 1 << 18, +1, 0.0, 4.0, 1 << 16);
  std::vector<float> neg = RandomFloats(512, 1 << 10, -1, -10.0, 0.0, 1 << 10);
  in.insert(in.end(), neg.begin(), neg.end());
  Rng r(513);
  for (int i = 0; i < (1 << 16); ++i) in.push_back(static_cast<float>(r.Uniform(0.9, 1.1)));
  for (float t : {1.0f, 0.70710677f, 1.4142135f, 1.1754944e-38f, 2.0f, 0.5f})
    AddNeighbours(&in, t, 64);
  MeasureUlp<float>("Ln", &LnFast, &ref::LnExact<float>, in, kLnUlpF32);
}

TEST(OpsElementwiseUlp, RsqrtFloat) {
  std::vector<float> in = RandomFloats(521, 1 << 18, +1, 0.0, 4.0, 1 << 16);
  std::vector<float> neg = RandomFloats(522, 1 << 10, -1, -10.0, 0.0, 1 << 10);
  in.insert(in.end(), neg.begin(), neg.end());
  for (float t : {1.0f, 2.0f, 4.0f, 1.1754944e-38f, 1.4e-45f}) AddNeighbours(&in, t, 64);
  MeasureUlp<float>("Rsqrt", &RsqrtFast, &ref::RsqrtExact<float>, in, kRsqrtUlpF32);
}

// half: every one of the 65536 inputs.
TEST(OpsElementwiseUlp, ExpHalfExhaustive) {
  MeasureUlp<half>("Exp", &ExpFastH, &ref::ExpExact<half>, AllHalves(), kUlpHalf);
}
TEST(OpsElementwiseUlp, LnHalfExhaustive) {
  MeasureUlp<half>("Ln", &LnFastH, &ref::LnExact<half>, AllHalves(), kUlpHalf);
}
TEST(OpsElementwiseUlp, RsqrtHalfExhaustive) {
  MeasureUlp<half>("Rsqrt", &RsqrtFastH, &ref::RsqrtExact<half>, AllHalves(), kUlpHalf);
}

// Bit-exact unary ops over every half input as well (cheap, and complete).
template <class Op>
void ExhaustiveHalf(const char* name, void (*fast)(const LocalTensor<half>&, int32_t), Op model) {
  const std::vector<half> in = AllHalves();
  const std::vector<half> out = ApplyInPlace(fast, in);
  size_t failures = 0;
  for (size_t i = 0; i < in.size(); ++i) {
    const half want = model(in[i]);
    if (!ref::SameBits(out[i], want) && ++failures <= 5) {
      ADD_FAILURE() << name << "(" << Show(in[i]) << ") = " << Show(out[i]) << ", want "
                    << Show(want);
    }
  }
}
TEST(OpsElementwiseUnary, HalfExhaustiveBitExact) {
  ExhaustiveHalf(
      "Abs", [](const LocalTensor<half>& t, int32_t n) { AscendC::Abs(t, t, n); }, &ref::Abs<half>);
  ExhaustiveHalf(
      "Sqrt", [](const LocalTensor<half>& t, int32_t n) { AscendC::Sqrt(t, t, n); },
      &ref::Sqrt<half>);
  ExhaustiveHalf(
      "Reciprocal", [](const LocalTensor<half>& t, int32_t n) { AscendC::Reciprocal(t, t, n); },
      &ref::Reciprocal<half>);
  ExhaustiveHalf(
      "Relu", [](const LocalTensor<half>& t, int32_t n) { AscendC::Relu(t, t, n); },
      &ref::Relu<half>);
}

// ---------------------------------------------------------------------------
// Duplicate.

TEST(OpsElementwiseFill, Duplicate) {
  ForEachType<half, bfloat16_t, float, int16_t, uint16_t, int32_t, uint32_t>([](auto tag) {
    using T = decltype(tag);
    RunMatrix<T>(
        "Duplicate", 0,
        [](const LocalTensor<T>& d, const LocalTensor<T>&, const LocalTensor<T>&, T s, int32_t n) {
          AscendC::Duplicate(d, s, n);
        },
        [](T got, T, T, T s, std::string* want) {
          *want = Show(s);
          return ref::Bits(got) == ref::Bits(s);  // the exact bit pattern, NaN payload included
        },
        601);
  });
}

// ---------------------------------------------------------------------------
// Errors the count form reports.

TEST(OpsElementwiseErrors, NegativeCountAndMisalignedOperand) {
  std::vector<uint8_t> image(256, 0);
  try {
    RunOnUb(image, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
      auto t = buf.GetWithOffset<float>(16, 0);
      AscendC::Add(t, t, t, -1);
    });
    ADD_FAILURE() << "negative count accepted";
  } catch (const aicore::KernelError& e) {
    EXPECT_EQ(e.kind(), aicore::ErrorKind::kParameter) << e.what();
  }
  try {
    RunOnUb(image, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
      auto t = buf.GetWithOffset<float>(16, 0);
      AscendC::Exp(t[1], t, 8);  // dst at byte 4
    });
    ADD_FAILURE() << "misaligned operand accepted";
  } catch (const aicore::KernelError& e) {
    EXPECT_EQ(e.kind(), aicore::ErrorKind::kAlignment) << e.what();
  }
}

}  // namespace
}  // namespace aicore_test
