// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The GLU activations of lib/glu.h (GeGLU, SwiGLU, ReGlu; every public form)
// against scalar double-precision models of the vendor's documented
// formulas, on random and special inputs (half, float, and bfloat16_t for
// ReGlu; sizes around the vector length), their host helpers
// (lib/glu_tiling.h) and their diagnostics.
//
// Tolerance: a result y passes against the model value r (double, from the
// same inputs x0, x1) when both are NaN, or r rounded to T is infinite and y
// is that infinity, or
//   |y - r| <= (e + 2^-21 |z|) * |r| + |x0| * max(|x1|, 1) * 2^-125 + m
// with e = 1e-5 (float), 2^-10 (half: one half ulp of r; the model is not
// rounded), 2^-7 (bfloat16_t); z the exponent's argument (GeGLU
// 1.5957691 (x1 + 0.044715 x1^3), SwiGLU beta x1): its f32 rounding, about
// |z| 2^-24 absolute, is a relative error of the exponential; m the smallest
// subnormal of T. The middle term is where the f32 gate leaves the f32
// range: exp(-z) overflows or the gate underflows below 2^-126 |x1| (the
// NPU computes the same f32 chain). Where that gate is below the f32 normal
// range and x0 is infinite, f32 gives inf * 0 = NaN or inf: either passes.
// ReGlu is exact (one product of T values computed in f32 and rounded once):
// it is checked bit for bit against the model rounded to T.

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "aicore/lib/glu.h"
#include "aicore/lib/glu_tiling.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {
namespace {

using AscendC::LocalTensor;
using AscendC::TBuf;
using AscendC::TPosition;

bool Has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

// ---- scalar models (double) ---------------------------------------------------

// GELU's tanh form as the vendor writes it: x / (1 + exp(a * x * (x^2 + b))).
double GeluGate(double x) {
  const double e = std::exp(-0.0713548162726 * x * (x * x + 22.363860002236));
  return std::isinf(e) ? (std::isinf(x) ? std::nan("") : -0.0) : x / (1.0 + e);
}
double SwishGate(double x, double beta) {
  const double e = std::exp(-beta * x);
  if (std::isinf(e)) return std::isinf(x) ? std::nan("") : 0.0 * x;
  return x / (1.0 + e);
}
double ReluGate(double x) { return x > 0 ? x : 0.0; }  // NaN -> 0 (aicore's Maxs)
struct Ref {
  double r;  // the value
  double z;  // the exponent's argument (0: no exponential)
  double g;  // the gate
};
Ref GeGluModel(double x0, double x1) {
  const double g = GeluGate(x1);
  return {x0 * g, 1.5957691216057308 * (x1 + 0.044715 * x1 * x1 * x1), g};
}
Ref SwiGluModel(double x0, double x1, double beta) {
  const double g = SwishGate(x1, beta);
  return {x0 * g, beta * x1, g};
}
Ref ReGluModel(double x0, double x1) {
  const double g = ReluGate(x1);
  return {x0 * g, 0.0, g};
}

template <class T>
double RelTol() {
  if constexpr (std::is_same_v<T, float>) return 1e-5;
  if constexpr (std::is_same_v<T, half>) return 0x1p-10;
  return 0x1p-7;
}
template <class T>
double MinSub() {
  return ref::ToDouble(std::numeric_limits<T>::denorm_min());
}

template <class T>
bool Close(double y, const Ref& m, double x0, double x1) {
  const double r = m.r;
  if (std::isinf(x0) && std::fabs(m.g) < 0x1p-126 && m.g != 0 && !std::isnan(m.g)) {
    return std::isnan(y) || y == r;  // f32 gate underflow: inf * 0
  }
  if (std::isnan(r) || std::isnan(y)) return std::isnan(r) && std::isnan(y);
  const double rt = ref::ToDouble(ref::RoundTo<T>(r));
  if (std::isinf(rt) || std::isinf(y)) return y == rt;
  const double az = std::isfinite(m.z) ? std::fabs(m.z) : 0.0;
  const double tol = (RelTol<T>() + 0x1p-21 * az) * std::fabs(r) +
                     std::fabs(x0) * std::max(std::fabs(x1), 1.0) * 0x1p-125 + MinSub<T>();
  return std::fabs(y - r) <= tol;
}

// ---- inputs ---------------------------------------------------------------------

template <class T>
std::vector<T> Inputs(Rng& rng, size_t n) {
  using L = std::numeric_limits<T>;
  const std::vector<T> specials = {T(0.0f),        -T(0.0f),         T(1.0f),  T(-1.0f),
                                   L::infinity(),  -L::infinity(),   L::quiet_NaN(),
                                   L::max(),       L::lowest(),      L::denorm_min(),
                                   -L::denorm_min(), L::min(),       T(9.0f),  T(-9.0f),
                                   T(-12.0f),      T(1e-4f),         T(-1e-4f), T(30.0f),
                                   T(-30.0f)};
  std::vector<T> v(n);
  for (size_t i = 0; i < n; ++i) {
    const uint64_t k = rng.Below(10);
    if (k == 0) {
      v[i] = specials[rng.Below(specials.size())];
    } else {
      const double range = k < 6 ? 4.0 : (k < 9 ? 12.0 : 120.0);
      v[i] = ref::RoundTo<T>(rng.Uniform(-range, range));
    }
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

// Runs call(dst, src0, src1, tmp) on tensors of x0.size() elements (tmp:
// tmp_bytes, its own buffer) with dst filled with sentinel bytes; returns dst.
// (std::function: one instantiation of the runner per T keeps the test
// quick to compile.)
template <class T>
using GluCall = std::function<void(LocalTensor<T>&, LocalTensor<T>&, LocalTensor<T>&,
                                   LocalTensor<uint8_t>&)>;
template <class T>
std::vector<T> RunCall(const std::vector<T>& x0, const std::vector<T>& x1, uint32_t tmp_bytes,
                       const GluCall<T>& call) {
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
          std::memcpy(s0.GetPhyAddr(), x0.data(), n * sizeof(T));
          std::memcpy(s1.GetPhyAddr(), x1.data(), n * sizeof(T));
          std::memset(static_cast<void*>(dst.GetPhyAddr()), kSentinel, n * sizeof(T));
        }
        call(dst, s0, s1, tmp);
        if (n != 0) std::memcpy(out.data(), dst.GetPhyAddr(), n * sizeof(T));
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

// Checks y[0, count) against model and y[count, n) untouched.
template <class T>
void Expect(const char* what, const std::vector<T>& x0, const std::vector<T>& x1,
            const std::vector<T>& y, uint32_t count,
            const std::function<Ref(double, double)>& model, bool exact) {
  int bad = 0;
  for (uint32_t i = 0; i < count; ++i) {
    const double a = ref::ToDouble(x0[i]), b = ref::ToDouble(x1[i]);
    const Ref m = model(a, b);
    const double r = m.r;
    const double yd = ref::ToDouble(y[i]);
    const bool ok = exact ? ref::SameBits(y[i], ref::RoundTo<T>(r)) : Close<T>(yd, m, a, b);
    if (!ok && ++bad <= 5) {
      ADD_FAILURE() << what << " " << aicore::detail::TypeName<T>() << " n=" << x0.size()
                    << " i=" << i << " x0=" << Show(x0[i]) << " x1=" << Show(x1[i]) << " got "
                    << Show(y[i]) << " model " << r;
    }
  }
  EXPECT_EQ(bad, 0) << what;
  for (size_t i = count; i < y.size(); ++i) {
    ASSERT_EQ(ref::Bits(y[i]), ref::Bits(SentinelT<T>())) << what << ": element " << i
                                                          << " past calCount written";
  }
}

constexpr uint32_t kBigTmp = 16384;

// form: 0 tmp + count, 1 count, 2 tmp + whole, 3 whole.
template <class T>
void CheckGeGlu(uint64_t seed) {
  Rng rng(seed);
  for (uint32_t n : TestSizes<T>()) {
    const std::vector<T> x0 = Inputs<T>(rng, n), x1 = Inputs<T>(rng, n);
    for (int form = 0; form < 4; ++form) {
      const uint32_t count = (form < 2 && n > 3) ? n - 3 : n;
      const std::vector<T> y = RunCall<T>(x0, x1, kBigTmp, [&](auto& d, auto& s0, auto& s1,
                                                              auto& t) {
        switch (form) {
          case 0: AscendC::GeGLU<T>(d, s0, s1, t, count); break;
          case 1: AscendC::GeGLU<T, true>(d, s0, s1, count); break;
          case 2: AscendC::GeGLU(d, s0, s1, t); break;
          default: AscendC::GeGLU(d, s0, s1); break;
        }
      });
      Expect<T>("GeGLU", x0, x1, y, count, GeGluModel, false);
    }
  }
}

template <class T>
void CheckSwiGlu(uint64_t seed) {
  Rng rng(seed);
  const float betas[] = {1.0f, 0.5f, -1.25f, 1.702f};
  int bi = 0;
  for (uint32_t n : TestSizes<T>()) {
    const std::vector<T> x0 = Inputs<T>(rng, n), x1 = Inputs<T>(rng, n);
    for (int form = 0; form < 4; ++form) {
      const float beta = betas[bi++ % 4];
      const uint32_t count = (form < 2 && n > 3) ? n - 3 : n;
      const std::vector<T> y = RunCall<T>(x0, x1, kBigTmp, [&](auto& d, auto& s0, auto& s1,
                                                              auto& t) {
        switch (form) {
          case 0: AscendC::SwiGLU<T>(d, s0, s1, beta, t, count); break;
          case 1: AscendC::SwiGLU<T, true>(d, s0, s1, beta, count); break;
          case 2: AscendC::SwiGLU(d, s0, s1, beta, t); break;
          default: AscendC::SwiGLU<T>(d, s0, s1, beta); break;
        }
      });
      Expect<T>("SwiGLU", x0, x1, y, count,
                [&](double a, double b) { return SwiGluModel(a, b, beta); }, false);
    }
  }
}

template <class T>
void CheckReGlu(uint64_t seed) {
  Rng rng(seed);
  for (uint32_t n : TestSizes<T>()) {
    const std::vector<T> x0 = Inputs<T>(rng, n), x1 = Inputs<T>(rng, n);
    for (int form = 0; form < 2; ++form) {
      const uint32_t count = n > 3 ? n - (form + 1) : n;
      const std::vector<T> y = RunCall<T>(x0, x1, kBigTmp, [&](auto& d, auto& s0, auto& s1,
                                                              auto& t) {
        if (form == 0) {
          AscendC::ReGlu<T>(d, s0, s1, t, count);
        } else {
          AscendC::ReGlu<T>(d, s0, s1, count);
        }
      });
      // x0 * relu(x1) of two T values is exact in double; rounding it to T
      // once is what the f32 product rounded to T gives (f32 holds the
      // product of two half/bfloat16 values exactly; float rounds once).
      Expect<T>("ReGlu", x0, x1, y, count,
                ReGluModel, true);
    }
  }
}

TEST(LibGlu, GeGLUFloat) { CheckGeGlu<float>(1); }
TEST(LibGlu, GeGLUHalf) { CheckGeGlu<half>(2); }
TEST(LibGlu, SwiGLUFloat) { CheckSwiGlu<float>(3); }
TEST(LibGlu, SwiGLUHalf) { CheckSwiGlu<half>(4); }
TEST(LibGlu, ReGluFloat) { CheckReGlu<float>(5); }
TEST(LibGlu, ReGluHalf) { CheckReGlu<half>(6); }
TEST(LibGlu, ReGluBfloat16) { CheckReGlu<bfloat16_t>(7); }

// The vendor's documented examples.
TEST(LibGlu, DocumentedExamples) {
  // GeGLU: x0 from -2.56 in steps of 0.01, x1 = 2 -> x0 * 1.9545977...
  std::vector<half> a(512), b(512, half(2.0f));
  for (int i = 0; i < 512; ++i) a[i] = half(-2.56f + 0.01f * static_cast<float>(i));
  std::vector<half> y = RunCall<half>(a, b, 0, [](auto& d, auto& s0, auto& s1, auto&) {
    AscendC::GeGLU(d, s0, s1, 512);
  });
  EXPECT_NEAR(ref::ToDouble(y[0]), -5.004, 4e-3);
  EXPECT_NEAR(ref::ToDouble(y[511]), 4.984, 4e-3);
  // SwiGLU: beta 1, x1 = 0.5, x0 = -4 -> -1.2449187.
  std::vector<float> c(32), e(32, 0.5f);
  for (int i = 0; i < 32; ++i) c[i] = -4.0f + 8.0f * static_cast<float>(i) / 31.0f;
  std::vector<float> z = RunCall<float>(c, e, 0, [](auto& d, auto& s0, auto& s1, auto&) {
    AscendC::SwiGLU(d, s0, s1, 1.0f, 32u);
  });
  EXPECT_NEAR(z[0], -1.2449187f, 1e-6);
  EXPECT_NEAR(z[31], 1.2449187f, 1e-6);
  // ReGlu: x0 = 2, x1 = 0.1 -> 0.2; x1 < 0 -> 0.
  std::vector<float> f(32, 2.0f), g(32);
  for (int i = 0; i < 32; ++i) g[i] = -1.6f + 0.1f * static_cast<float>(i);
  std::vector<float> w = RunCall<float>(f, g, 256, [](auto& d, auto& s0, auto& s1, auto& t) {
    AscendC::ReGlu(d, s0, s1, t, 30);
  });
  EXPECT_EQ(w[0], 0.0f);
  EXPECT_FLOAT_EQ(w[17], 2.0f * g[17]);
}

// ---- host helpers ------------------------------------------------------------------

TEST(LibGlu, HostHelpers) {
  uint32_t mx = 0, mn = 0;
  AscendC::GetGeGLUMaxMinTmpSize(ge::Shape({1024}), 2, false, mx, mn);
  EXPECT_EQ(mn, 1024u);
  EXPECT_EQ(mx, 4u * 2048);
  AscendC::GetGeGLUMaxMinTmpSize(ge::Shape({16}), 2, false, mx, mn);
  EXPECT_EQ(mx, 1024u);
  AscendC::GetGeGLUMaxMinTmpSize(ge::Shape({1024}), 4, false, mx, mn);
  EXPECT_EQ(mx + mn, 0u);
  uint32_t live = 9, extra = 9;
  AscendC::GetGeGLUTmpBufferFactorSize(2, live, extra);
  EXPECT_EQ(live, 4u);
  EXPECT_EQ(extra, 0u);
  AscendC::GetGeGLUTmpBufferFactorSize(4, live, extra);
  EXPECT_EQ(live, 0u);
  AscendC::GetSwiGLUMaxMinTmpSize(ge::Shape({8, 128}), 2, mx, mn, false);
  EXPECT_EQ(mn, 1536u);
  EXPECT_EQ(mx, 6u * 2048);
  AscendC::GetSwiGLUMaxMinTmpSize(ge::Shape({8, 128}), 4, mx, mn, false);
  EXPECT_EQ(mx + mn, 0u);
  AscendC::GetSwiGLUTmpBufferFactorSize(2, live, extra);
  EXPECT_EQ(live, 6u);
  AscendC::GetSwiGLUTmpBufferFactorSize(4, live, extra);
  EXPECT_EQ(live, 0u);
  AscendC::GetReGluMaxMinTmpSize(ge::Shape({1000}), 4, false, mx, mn);
  EXPECT_EQ(mn, 256u);
  EXPECT_EQ(mx, 256u);
  AscendC::GetReGluMaxMinTmpSize(ge::Shape({1000}), 2, false, mx, mn);
  EXPECT_EQ(mn, 1536u);
  EXPECT_EQ(mx, 12000u);
  AscendC::GetReGluMaxMinTmpSize(ge::Shape({10}), 2, false, mx, mn);
  EXPECT_EQ(mx, 1536u);
}

// The minimum from each host helper is accepted by the kernel side.
TEST(LibGlu, MinimumTmpAccepted) {
  Rng rng(11);
  const std::vector<half> a = Inputs<half>(rng, 300), b = Inputs<half>(rng, 300);
  uint32_t mx = 0, mn = 0;
  AscendC::GetGeGLUMaxMinTmpSize(ge::Shape({300}), 2, false, mx, mn);
  Expect<half>("GeGLU", a, b, RunCall<half>(a, b, mn, [](auto& d, auto& s0, auto& s1, auto& t) {
                 AscendC::GeGLU(d, s0, s1, t, 300);
               }), 300, GeGluModel, false);
  AscendC::GetSwiGLUMaxMinTmpSize(ge::Shape({300}), 2, mx, mn, false);
  Expect<half>("SwiGLU", a, b, RunCall<half>(a, b, mn, [](auto& d, auto& s0, auto& s1, auto& t) {
                 AscendC::SwiGLU(d, s0, s1, 1.0f, t, 300);
               }), 300, [](double x, double z) { return SwiGluModel(x, z, 1.0); }, false);
  AscendC::GetReGluMaxMinTmpSize(ge::Shape({300}), 2, false, mx, mn);
  Expect<half>("ReGlu", a, b, RunCall<half>(a, b, mn, [](auto& d, auto& s0, auto& s1, auto& t) {
                 AscendC::ReGlu(d, s0, s1, t, 300);
               }), 300, ReGluModel, true);
  // float GeGLU/SwiGLU need no space: an empty tmp is fine.
  const std::vector<float> fa(64, 1.0f), fb(64, 1.0f);
  RunCall<float>(fa, fb, 0, [](auto& d, auto& s0, auto& s1, auto& t) {
    AscendC::GeGLU(d, s0, s1, t, 64);
    AscendC::SwiGLU(d, s0, s1, 1.0f, t, 64);
  });
}

// ---- diagnostics -------------------------------------------------------------------

// Runs f(dst, src0, src1, tmp, pool) with 64-element operands (each in its own
// 1 KiB buffer; pool: a 4 KiB buffer tmp is carved from); returns the
// KernelError message ("" if none).
template <class T>
using ErrCall = std::function<void(LocalTensor<T>&, LocalTensor<T>&, LocalTensor<T>&,
                                   LocalTensor<uint8_t>&, TBuf<TPosition::VECCALC>&)>;
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
          std::memset(s0.GetPhyAddr(), 0, 1024);
          std::memset(s1.GetPhyAddr(), 0, 1024);
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

TEST(LibGluDiagnostics, TmpTooSmall) {
  aicore::ErrorKind kind{};
  std::string m = Err<half>(1023, [](auto& d, auto& s0, auto& s1, auto& t, auto&) {
    AscendC::GeGLU(d, s0, s1, t, 64);
  }, &kind);
  EXPECT_TRUE(Has(m, "GeGLU")) << m;
  EXPECT_TRUE(Has(m, "sharedTmpBuffer holds 1023 bytes, fewer than the 1024 bytes "
                     "GetGeGLUMaxMinTmpSize gives as the minimum for half")) << m;
  EXPECT_TRUE(Has(m, "test_glu.cpp")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kParameter);
  EXPECT_EQ(Err<half>(1024, [](auto& d, auto& s0, auto& s1, auto& t, auto&) {
              AscendC::GeGLU(d, s0, s1, t, 64);
            }), "");
  m = Err<half>(1024, [](auto& d, auto& s0, auto& s1, auto& t, auto&) {
    AscendC::SwiGLU(d, s0, s1, 1.0f, t);
  });
  EXPECT_TRUE(Has(m, "SwiGLU")) << m;
  EXPECT_TRUE(Has(m, "1024 bytes, fewer than the 1536 bytes GetSwiGLUMaxMinTmpSize")) << m;
  EXPECT_EQ(Err<half>(1536, [](auto& d, auto& s0, auto& s1, auto& t, auto&) {
              AscendC::SwiGLU(d, s0, s1, 1.0f, t);
            }), "");
  m = Err<float>(128, [](auto& d, auto& s0, auto& s1, auto& t, auto&) {
    AscendC::ReGlu(d, s0, s1, t, 64);
  });
  EXPECT_TRUE(Has(m, "ReGlu")) << m;
  EXPECT_TRUE(Has(m, "128 bytes, fewer than the 256 bytes GetReGluMaxMinTmpSize")) << m;
  EXPECT_EQ(Err<float>(256, [](auto& d, auto& s0, auto& s1, auto& t, auto&) {
              AscendC::ReGlu(d, s0, s1, t, 64);
            }), "");
}

TEST(LibGluDiagnostics, CountBeyondOperands) {
  aicore::ErrorKind kind{};
  std::string m = Err<float>(0, [](auto& d, auto& s0, auto& s1, auto&, auto&) {
    AscendC::GeGLU(d, s0, s1, 65);
  }, &kind);
  EXPECT_TRUE(Has(m, "GeGLU")) << m;
  EXPECT_TRUE(Has(m, "calCount 65 exceeds the 64 float elements of srcTensor0")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kBounds);
  m = Err<half>(0, [](auto& d, auto& s0, auto& s1, auto&, auto&) {
    AscendC::SwiGLU(d, s0, s1[32], 1.0f, 40u);
  });
  EXPECT_TRUE(Has(m, "calCount 40 exceeds the 32 half elements of srcTensor1")) << m;
  m = Err<bfloat16_t>(2048, [](auto& d, auto& s0, auto& s1, auto& t, auto&) {
    AscendC::ReGlu(d[48], s0, s1, t, 20);
  });
  EXPECT_TRUE(Has(m, "calCount 20 exceeds the 16 bfloat16_t elements of dstTensor")) << m;
  m = Err<float>(0, [](auto& d, auto& s0, auto& s1, auto&, auto&) {
    AscendC::ReGlu(d, s0, s1, static_cast<uint32_t>(-5));
  });
  EXPECT_TRUE(Has(m, "count -5 is negative")) << m;
  // Clean twins: the full count, and a count on sub-views that fits.
  EXPECT_EQ(Err<float>(0, [](auto& d, auto& s0, auto& s1, auto&, auto&) {
              AscendC::GeGLU(d, s0, s1, 64);
              AscendC::SwiGLU(d, s0, s1[32], 1.0f, 32u);
              AscendC::ReGlu(d[48], s0, s1, 16);
            }), "");
}

TEST(LibGluDiagnostics, Overlaps) {
  // dst is src0 / src1 (the vendor does not support it).
  std::string m = Err<float>(0, [](auto& d, auto& s0, auto& s1, auto&, auto&) {
    (void)d;
    AscendC::GeGLU(s0, s0, s1, 64);
  });
  EXPECT_TRUE(Has(m, "GeGLU")) << m;
  EXPECT_TRUE(Has(m, "dstTensor overlaps srcTensor0")) << m;
  m = Err<half>(0, [](auto& d, auto& s0, auto& s1, auto&, auto&) {
    (void)d;
    AscendC::SwiGLU(s1, s0, s1, 1.0f, 64u);
  });
  EXPECT_TRUE(Has(m, "dstTensor overlaps srcTensor1")) << m;
  // The temporary buffer inside src1's buffer.
  m = Err<half>(0, [](auto& d, auto& s0, auto&, auto&, auto& b1) {
    LocalTensor<uint8_t> t = b1.template Get<uint8_t>(1024);
    LocalTensor<half> s = b1.template Get<half>(64);
    AscendC::GeGLU(d, s0, s, t, 64);
  });
  EXPECT_TRUE(Has(m, "sharedTmpBuffer overlaps srcTensor1")) << m;
  // Clean twin: disjoint operands, same calls.
  EXPECT_EQ(Err<half>(1536, [](auto& d, auto& s0, auto& s1, auto& t, auto&) {
              AscendC::GeGLU(d, s0, s1, t, 64);
              AscendC::SwiGLU(d, s0, s1, 1.0f, 64u);
              AscendC::ReGlu(d, s0, s1, t, 64);
            }), "");
}

TEST(LibGluDiagnostics, BadOperands) {
  std::string m = Err<float>(0, [](auto& d, auto& s0, auto& s1, auto&, auto&) {
    AscendC::GeGLU(d, s0[1], s1, 8);
  });
  EXPECT_TRUE(Has(m, "GeGLU")) << m;
  EXPECT_TRUE(Has(m, "not 32-byte aligned")) << m;
  m = Err<float>(0, [](auto& d, auto& s0, auto&, auto&, auto&) {
    LocalTensor<float> none;
    AscendC::ReGlu(d, s0, none, 0);
  });
  EXPECT_TRUE(Has(m, "ReGlu")) << m;
}

}  // namespace
}  // namespace aicore_test
