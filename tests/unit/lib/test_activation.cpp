// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The activation APIs of lib/activation.h (Gelu, FasterGelu, FasterGeluV2,
// Sigmoid, Silu, Swish, Tanh; every public form) against scalar double-precision
// models of the vendor's documented formulas, on random and special inputs
// (half and float, sizes around the vector length), their host helpers, and
// their diagnostics.
//
// Tolerance: a result y passes against the model value r (computed in double
// from the same input x) when both are NaN, or both are the same infinity, or
//   float: |y - r| <= 1e-5 * |r| + 1e-30
//   half:  |y - r| <= 2^-10 * |r| + 2^-24     (one half ulp of r; the model's
//                                              value is not rounded to half)
// plus, for FasterGeluV2 only, 2^-21 * |x|: its formula forms
// x * (sgn * h + 0.5) with h close to 0.5 for negative x, so the f32 rounding
// of h (about 2^-25 absolute) is multiplied by |x|.
// The benchmark (Gelu on 1M floats against a hand-written fused Highway loop)
// prints its timings and asserts nothing about them.

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "aicore/lib/activation.h"
#include "aicore/lib/activation_tiling.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {
namespace {

using AscendC::LocalTensor;
using AscendC::TBuf;
using AscendC::TPosition;

bool Has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

// ---- scalar models (double) --------------------------------------------------

double GeluModel(double x) {
  const double t = 1.5957691216057308 * (x + 0.044715 * x * x * x);
  return x / (std::exp(-std::fabs(t)) + 1.0) * std::exp(t < 0 ? t : 0.0);
}
double FasterGeluModel(double x) { return x / (1.0 + std::exp(-1.702 * x)); }
double FasterGeluV2Model(double x) {
  const double a = std::fabs(0.7071 * x);
  const double u = (a < 1.769 ? a : 1.769) - 1.769;
  const double h = -0.1444 * u * u + 0.5;
  const double s = (x + 1e-12) / std::fabs(x + 1e-12);
  return x * (s * h + 0.5);
}
double SigmoidModel(double x) { return 1.0 / (1.0 + std::exp(-x)); }
double SiluModel(double x) { return x / (1.0 + std::exp(-x)); }
double SwishModel(double x, double beta) { return x / (1.0 + std::exp(-beta * x)); }
double TanhModel(double x) {
  if (std::isnan(x)) return x;
  const double c = x > 8.8 ? 8.8 : (x < -8.8 ? -8.8 : x);
  const double e = std::exp(2.0 * c);
  return (e - 1.0) / (e + 1.0);
}

template <class T>
bool Close(double y, double r, double x, bool v2) {
  if (std::isnan(r) || std::isnan(y)) return std::isnan(r) && std::isnan(y);
  if (std::isinf(r) || std::isinf(y)) return y == r;
  const bool f = std::is_same_v<T, float>;
  double tol = f ? 1e-5 * std::fabs(r) + 1e-30 : 0x1p-10 * std::fabs(r) + 0x1p-24;
  if (v2) tol += 0x1p-21 * std::fabs(x);
  return std::fabs(y - r) <= tol;
}

// ---- inputs --------------------------------------------------------------------

template <class T>
std::vector<T> Inputs(Rng& rng, size_t n) {
  using L = std::numeric_limits<T>;
  std::vector<T> specials = {T(0.0f), -T(0.0f), T(1.0f), T(-1.0f), L::infinity(), -L::infinity(),
                             L::quiet_NaN(), L::max(), L::lowest(), L::denorm_min(),
                             -L::denorm_min(), L::min(), T(8.8f), T(-8.8f), T(9.0f), T(-9.0f),
                             T(2.5018f), T(-2.5018f), T(1e-4f), T(-1e-4f), T(30.0f), T(-30.0f)};
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

// ---- running one call -------------------------------------------------------------

enum class Form { kTmpCount, kCount, kTmpWhole, kWhole };

// Runs `call(dst, src, tmp)` on tensors of n elements (tmp: tmp_bytes) and
// returns dst. `inplace`: dst is src.
template <class T, class Call>
std::vector<T> RunCall(const std::vector<T>& x, uint32_t tmp_bytes, bool inplace, Call&& call) {
  const uint32_t n = static_cast<uint32_t>(x.size());
  std::vector<T> out(n);
  aicore::Launch(
      [&] {
        AscendC::TPipe pipe;
        TBuf<TPosition::VECCALC> bs, bd, bt;
        pipe.InitBuffer(bs, Round32(std::max<size_t>(n, 1) * sizeof(T)));
        pipe.InitBuffer(bd, Round32(std::max<size_t>(n, 1) * sizeof(T)));
        pipe.InitBuffer(bt, Round32(std::max<uint32_t>(tmp_bytes, 32)));
        LocalTensor<T> src = bs.Get<T>(n);
        LocalTensor<T> dst = inplace ? src : bd.Get<T>(n);
        LocalTensor<uint8_t> tmp = bt.Get<uint8_t>(tmp_bytes);
        if (n != 0) std::memcpy(src.GetPhyAddr(), x.data(), n * sizeof(T));
        call(dst, src, tmp);
        if (n != 0) std::memcpy(out.data(), dst.GetPhyAddr(), n * sizeof(T));
      },
      1);
  return out;
}

template <class T>
void Expect(const char* what, const std::vector<T>& x, const std::vector<T>& y,
            const std::function<double(double)>& model, bool v2 = false) {
  int bad = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    const double xd = ref::ToDouble(x[i]);
    const double r = model(xd);
    const double yd = ref::ToDouble(y[i]);
    if (!Close<T>(yd, r, xd, v2)) {
      if (++bad <= 5) {
        ADD_FAILURE() << what << " " << aicore::detail::TypeName<T>() << " n=" << x.size()
                      << " i=" << i << " x=" << Show(x[i]) << " got " << Show(y[i])
                      << " model " << r;
      }
    }
  }
  EXPECT_EQ(bad, 0) << what;
}

template <class T>
std::vector<uint32_t> TestSizes() {
  std::vector<uint32_t> s;
  for (size_t v : Sizes<T>()) {
    if (v <= 8195) s.push_back(static_cast<uint32_t>(v));
  }
  return s;
}

constexpr uint32_t kBigTmp = 8192;

// The Gelu family: both forms, all flag combinations, partial counts, in place.
template <class T, template <class, bool, bool> class Api>
void CheckGeluFamily(const char* name, double (*model)(double), bool v2, uint64_t seed) {
  Rng rng(seed);
  for (uint32_t n : TestSizes<T>()) {
    const std::vector<T> x = Inputs<T>(rng, n);
    for (int form = 0; form < 2; ++form) {
      for (int flags = 0; flags < 4; ++flags) {
        const uint32_t count = (flags == 3 && n > 3) ? n - 3 : n;
        const bool inplace = flags == 2;
        std::vector<T> y = RunCall<T>(x, kBigTmp, inplace, [&](auto& dst, auto& src, auto& tmp) {
          if (!inplace) std::memset(dst.GetPhyAddr(), 0, n * sizeof(T));
          Api<T, false, false>::Run(flags, form == 0, dst, src, tmp, count);
        });
        std::vector<T> xs(x.begin(), x.begin() + count), ys(y.begin(), y.begin() + count);
        Expect<T>(name, xs, ys, model, v2);
        for (uint32_t i = count; i < n; ++i) {
          ASSERT_EQ(ref::Bits(y[i]), ref::Bits(T(0.0f))) << name << ": element past count written";
        }
      }
    }
  }
}

// Dispatch over the template flags (flags: 0 none, 1 highPrecision,
// 2 highPerformance, 3 both) and the two forms.
#define GELU_API(NAME)                                                                           \
  template <class T, bool, bool>                                                                 \
  struct NAME##Api {                                                                             \
    template <class D, class S, class M>                                                         \
    static void Run(int flags, bool with_tmp, D& dst, S& src, M& tmp, uint32_t count) {          \
      switch (flags) {                                                                           \
        case 0:                                                                                  \
          with_tmp ? AscendC::NAME<T>(dst, src, tmp, count) : AscendC::NAME<T>(dst, src, count); \
          break;                                                                                 \
        case 1:                                                                                  \
          with_tmp ? AscendC::NAME<T, true>(dst, src, tmp, count)                                \
                   : AscendC::NAME<T, true>(dst, src, count);                                    \
          break;                                                                                 \
        case 2:                                                                                  \
          with_tmp ? AscendC::NAME<T, false, true>(dst, src, tmp, count)                         \
                   : AscendC::NAME<T, false, true>(dst, src, count);                             \
          break;                                                                                 \
        default:                                                                                 \
          with_tmp ? AscendC::NAME<T, true, true>(dst, src, tmp, count)                          \
                   : AscendC::NAME<T, true, true>(dst, src, count);                              \
          break;                                                                                 \
      }                                                                                          \
    }                                                                                            \
  };
GELU_API(Gelu)
GELU_API(FasterGelu)
GELU_API(FasterGeluV2)
#undef GELU_API

TEST(LibActivation, GeluFloat) { CheckGeluFamily<float, GeluApi>("Gelu", GeluModel, false, 1); }
TEST(LibActivation, GeluHalf) { CheckGeluFamily<half, GeluApi>("Gelu", GeluModel, false, 2); }
TEST(LibActivation, FasterGeluFloat) {
  CheckGeluFamily<float, FasterGeluApi>("FasterGelu", FasterGeluModel, false, 3);
}
TEST(LibActivation, FasterGeluHalf) {
  CheckGeluFamily<half, FasterGeluApi>("FasterGelu", FasterGeluModel, false, 4);
}
TEST(LibActivation, FasterGeluV2Float) {
  CheckGeluFamily<float, FasterGeluV2Api>("FasterGeluV2", FasterGeluV2Model, true, 5);
}
TEST(LibActivation, FasterGeluV2Half) {
  CheckGeluFamily<half, FasterGeluV2Api>("FasterGeluV2", FasterGeluV2Model, true, 6);
}

// Sigmoid and Tanh: the four forms (with/without tmp, with/without calCount),
// isReuseSource both ways, in place.
template <class T, bool kTanh>
void CheckCalCountFamily(uint64_t seed) {
  const char* name = kTanh ? "Tanh" : "Sigmoid";
  double (*model)(double) = kTanh ? TanhModel : SigmoidModel;
  Rng rng(seed);
  for (uint32_t n : TestSizes<T>()) {
    const std::vector<T> x = Inputs<T>(rng, n);
    for (int form = 0; form < 4; ++form) {
      for (int variant = 0; variant < 3; ++variant) {
        const bool whole = form >= 2;
        const uint32_t count = (!whole && variant == 1 && n > 5) ? n - 5 : n;
        const bool inplace = variant == 2;
        std::vector<T> y = RunCall<T>(x, kBigTmp, inplace, [&](auto& dst, auto& src, auto& tmp) {
          if (!inplace) std::memset(dst.GetPhyAddr(), 0, n * sizeof(T));
          if constexpr (kTanh) {
            switch (form) {
              case 0: AscendC::Tanh<T>(dst, src, tmp, count); break;
              case 1: AscendC::Tanh<T, true>(dst, src, count); break;
              case 2: AscendC::Tanh<T>(dst, src, tmp); break;
              default: AscendC::Tanh<T, true>(dst, src); break;
            }
          } else {
            switch (form) {
              case 0: AscendC::Sigmoid<T, true>(dst, src, tmp, count); break;
              case 1: AscendC::Sigmoid<T>(dst, src, count); break;
              case 2: AscendC::Sigmoid<T, true>(dst, src, tmp); break;
              default: AscendC::Sigmoid<T>(dst, src); break;
            }
          }
        });
        std::vector<T> xs(x.begin(), x.begin() + count), ys(y.begin(), y.begin() + count);
        Expect<T>(name, xs, ys, model);
        for (uint32_t i = count; i < n; ++i) {
          ASSERT_EQ(ref::Bits(y[i]), ref::Bits(T(0.0f))) << name << ": element past count written";
        }
      }
    }
  }
}

TEST(LibActivation, SigmoidFloat) { CheckCalCountFamily<float, false>(7); }
TEST(LibActivation, SigmoidHalf) { CheckCalCountFamily<half, false>(8); }
TEST(LibActivation, TanhFloat) { CheckCalCountFamily<float, true>(9); }
TEST(LibActivation, TanhHalf) { CheckCalCountFamily<half, true>(10); }

template <class T>
void CheckSiluSwish(uint64_t seed) {
  Rng rng(seed);
  for (uint32_t n : TestSizes<T>()) {
    const std::vector<T> x = Inputs<T>(rng, n);
    for (int inplace = 0; inplace < 2; ++inplace) {
      std::vector<T> y = RunCall<T>(x, 32, inplace != 0, [&](auto& dst, auto& src, auto&) {
        if (inplace) {
          AscendC::Silu<T, true>(dst, src, n);
        } else {
          AscendC::Silu<T>(dst, src, n);
        }
      });
      Expect<T>("Silu", x, y, SiluModel);
      for (double beta : {1.0, 1.702, 0.5, -2.0}) {
        const T b = ref::RoundTo<T>(beta);
        const double bd = ref::ToDouble(b);
        std::vector<T> z = RunCall<T>(x, 32, inplace != 0, [&](auto& dst, auto& src, auto&) {
          if (inplace) {
            AscendC::Swish<T, true>(dst, src, n, b);
          } else {
            AscendC::Swish(dst, src, n, static_cast<float>(beta));  // beta converts to T
          }
        });
        Expect<T>("Swish", x, z, [bd](double v) { return SwishModel(v, bd); });
      }
    }
  }
}

TEST(LibActivation, SiluSwishFloat) { CheckSiluSwish<float>(11); }
TEST(LibActivation, SiluSwishHalf) { CheckSiluSwish<half>(12); }

// A few hand-checked points of the formulas (the models themselves).
TEST(LibActivation, ModelsSpotValues) {
  EXPECT_NEAR(GeluModel(1.0), 0.8411920, 1e-6);     // 0.5 * (1 + tanh(sqrt(2/pi) * 1.044715))
  EXPECT_NEAR(GeluModel(-1.0), -0.1588080, 1e-6);
  EXPECT_NEAR(FasterGeluModel(1.0), 0.8457957, 1e-6);
  EXPECT_NEAR(FasterGeluV2Model(1.0), 0.8371700, 1e-6);  // 1 * (0.5 - 0.1444 * 1.0619^2 + 0.5)
  EXPECT_EQ(FasterGeluV2Model(-5.0), 0.0);
  EXPECT_NEAR(TanhModel(0.5), std::tanh(0.5), 1e-15);
  EXPECT_NEAR(TanhModel(20.0), std::tanh(8.8), 1e-15);
  // The vendor's Gelu example: x = 1.066 (half) -> 0.9135742 (half).
  EXPECT_NEAR(GeluModel(1.066), 0.9136, 5e-4);
}

// ---- host helpers ----------------------------------------------------------------

TEST(LibActivation, HostTmpSizes) {
  uint32_t mx = 1, mn = 1;
  const ge::Shape s({16, 64});  // 1024 elements
  AscendC::GetGeluMaxMinTmpSize(s, 2, mx, mn);
  EXPECT_EQ(mn, 768u);
  EXPECT_EQ(mx, 3u * 1024 * 4);
  EXPECT_EQ(AscendC::GetGeluMinTmpSize(ge::Shape({8}), 4), 768u);
  EXPECT_EQ(AscendC::GetGeluMaxTmpSize(ge::Shape({8}), 4), 768u);
  AscendC::GetSigmoidMaxMinTmpSize(s, 2, false, mx, mn);
  EXPECT_EQ(mn, 256u);
  EXPECT_EQ(mx, 2048u);
  AscendC::GetSigmoidMaxMinTmpSize(ge::Shape({10}), 4, false, mx, mn);
  EXPECT_EQ(mx, 256u);
  AscendC::GetTanhMaxMinTmpSize(s, 4, false, mx, mn);
  EXPECT_EQ(mn, 256u);
  EXPECT_EQ(mx, 4096u);
  AscendC::GetTanhMaxMinTmpSize(s, 2, false, mx, mn);
  EXPECT_EQ(mn, 1024u);
  EXPECT_EQ(mx, 4u * 2048);
  AscendC::GetTanhMaxMinTmpSize(ge::Shape({10}), 2, true, mx, mn);
  EXPECT_EQ(mx, 1024u);
  uint32_t live = 0, extra = 1;
  AscendC::GetTanhTmpBufferFactorSize(2, live, extra);
  EXPECT_EQ(live, 4u);
  EXPECT_EQ(extra, 0u);
  AscendC::GetTanhTmpBufferFactorSize(4, live, extra);
  EXPECT_EQ(live, 1u);
  mx = mn = 7;
  AscendC::GetSiluTmpSize(s, 2, false, mx, mn);
  EXPECT_EQ(mx + mn, 0u);
  mx = mn = 7;
  AscendC::GetSwishTmpSize(s, 4, true, mx, mn);
  EXPECT_EQ(mx + mn, 0u);
}

// The minimum from the host helper is accepted by the kernel side.
TEST(LibActivation, MinimumTmpAccepted) {
  Rng rng(13);
  const std::vector<float> xf = Inputs<float>(rng, 300);
  const std::vector<half> xh = Inputs<half>(rng, 300);
  uint32_t mx = 0, mn = 0;
  AscendC::GetGeluMaxMinTmpSize(ge::Shape({300}), 4, mx, mn);
  Expect<float>("Gelu", xf, RunCall<float>(xf, mn, false, [&](auto& d, auto& s, auto& t) {
                  AscendC::Gelu(d, s, t, 300);
                }), GeluModel);
  AscendC::GetTanhMaxMinTmpSize(ge::Shape({300}), 2, false, mx, mn);
  Expect<half>("Tanh", xh, RunCall<half>(xh, mn, false, [&](auto& d, auto& s, auto& t) {
                 AscendC::Tanh(d, s, t, 300);
               }), TanhModel);
}

// ---- diagnostics ---------------------------------------------------------------------

// Runs `f(src, dst, tmp)` with src/dst of 64 elements and a tmp of tmp_bytes;
// returns the KernelError message ("" if none).
template <class T, class F>
std::string Err(uint32_t tmp_bytes, F&& f, aicore::ErrorKind* kind = nullptr) {
  try {
    aicore::Launch(
        [&] {
          AscendC::TPipe pipe;
          TBuf<TPosition::VECCALC> bs, bd, bt;
          pipe.InitBuffer(bs, 1024);
          pipe.InitBuffer(bd, 1024);
          pipe.InitBuffer(bt, 4096);
          LocalTensor<T> src = bs.Get<T>(64);
          LocalTensor<T> dst = bd.Get<T>(64);
          std::memset(src.GetPhyAddr(), 0, 64 * sizeof(T));
          LocalTensor<uint8_t> tmp = bt.Get<uint8_t>(tmp_bytes);
          f(dst, src, tmp, bs);
        },
        1);
  } catch (const aicore::KernelError& e) {
    if (kind) *kind = e.kind();
    return e.what();
  }
  return "";
}

TEST(LibActivationDiagnostics, TmpTooSmall) {
  aicore::ErrorKind kind{};
  std::string m = Err<float>(512, [](auto& d, auto& s, auto& t, auto&) {
    AscendC::Gelu(d, s, t, 64);
  }, &kind);
  EXPECT_TRUE(Has(m, "Gelu")) << m;
  EXPECT_TRUE(Has(m, "sharedTmpBuffer holds 512 bytes, fewer than the 768 bytes "
                     "GetGeluMaxMinTmpSize gives as the minimum for float")) << m;
  EXPECT_TRUE(Has(m, "test_activation.cpp")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kParameter);
  m = Err<half>(767, [](auto& d, auto& s, auto& t, auto&) { AscendC::FasterGeluV2(d, s, t, 64); });
  EXPECT_TRUE(Has(m, "FasterGeluV2")) << m;
  EXPECT_TRUE(Has(m, "767 bytes, fewer than the 768")) << m;
  m = Err<half>(512, [](auto& d, auto& s, auto& t, auto&) { AscendC::Tanh(d, s, t, 64); });
  EXPECT_TRUE(Has(m, "512 bytes, fewer than the 1024 bytes GetTanhMaxMinTmpSize")) << m;
  EXPECT_EQ(Err<float>(256, [](auto& d, auto& s, auto& t, auto&) { AscendC::Tanh(d, s, t, 64); }),
            "");
  m = Err<float>(128, [](auto& d, auto& s, auto& t, auto&) { AscendC::Sigmoid(d, s, t); });
  EXPECT_TRUE(Has(m, "Sigmoid")) << m;
  EXPECT_TRUE(Has(m, "128 bytes, fewer than the 256 bytes GetSigmoidMaxMinTmpSize")) << m;
}

TEST(LibActivationDiagnostics, CountBeyondTensor) {
  aicore::ErrorKind kind{};
  std::string m = Err<float>(1024, [](auto& d, auto& s, auto& t, auto&) {
    AscendC::Gelu(d, s, t, 65);
  }, &kind);
  EXPECT_TRUE(Has(m, "dataSize 65 exceeds the 64 float elements of srcTensor")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kBounds);
  m = Err<half>(1024, [](auto& d, auto& s, auto&, auto&) { AscendC::Sigmoid(d, s, 100); });
  EXPECT_TRUE(Has(m, "Sigmoid")) << m;
  EXPECT_TRUE(Has(m, "calCount 100 exceeds the 64 half elements of srcTensor")) << m;
  m = Err<float>(1024, [](auto& d, auto& s, auto&, auto& bs) {
    LocalTensor<float> big = bs.template Get<float>(80);  // src holds 80, dst 64
    AscendC::Silu(d, big, 70);
    (void)s;
  });
  EXPECT_TRUE(Has(m, "dataSize 70 exceeds the 64 float elements of dstTensor")) << m;
  m = Err<float>(1024, [](auto& d, auto& s, auto&, auto&) { AscendC::Swish(d, s, 65, 1.0f); });
  EXPECT_TRUE(Has(m, "Swish")) << m;
  m = Err<half>(1024, [](auto& d, auto& s, auto&, auto&) {
    AscendC::FasterGelu(d, s, static_cast<uint32_t>(-3));
  });
  EXPECT_TRUE(Has(m, "count -3 is negative")) << m;
}

TEST(LibActivationDiagnostics, BadOperands) {
  // Misaligned source (a sub-view 1 element in).
  std::string m = Err<float>(1024, [](auto& d, auto& s, auto& t, auto&) {
    AscendC::Tanh(d, s[1], t, 8);
  });
  EXPECT_TRUE(Has(m, "Tanh")) << m;
  EXPECT_TRUE(Has(m, "not 32-byte aligned")) << m;
  // An unallocated tensor.
  m = Err<float>(1024, [](auto& d, auto&, auto&, auto&) {
    LocalTensor<float> none;
    AscendC::Silu(d, none, 0);
  });
  EXPECT_FALSE(m.empty());
  EXPECT_TRUE(Has(m, "Silu")) << m;
  // The temporary buffer overlapping an operand.
  m = Err<float>(1024, [](auto& d, auto& s, auto&, auto& bs) {
    LocalTensor<uint8_t> t = bs.template Get<uint8_t>(768);
    AscendC::Gelu(d, s, t, 64);
  });
  EXPECT_TRUE(Has(m, "sharedTmpBuffer overlaps srcTensor")) << m;
}

// ---- timing ------------------------------------------------------------------------------

namespace hn = aicore::simd::hn;

// The hand-written reference: one Highway loop, the same formula and exp.
HWY_NOINLINE void HandGelu(float* y, const float* x, size_t n) {
  const hn::ScalableTag<float> d;
  const size_t N = hn::Lanes(d);
  const auto one = hn::Set(d, 1.0f);
  const auto c1 = hn::Set(d, 0.044715f);
  const auto c2 = hn::Set(d, 1.5957691216057308f);
  for (size_t i = 0; i + N <= n; i += N) {
    const auto v = hn::LoadU(d, x + i);
    const auto t = hn::Mul(hn::Mul(hn::MulAdd(hn::Mul(v, v), c1, one), v), c2);
    const auto e = hn::Exp(d, hn::Neg(hn::Abs(t)));
    const auto num = hn::IfThenElse(hn::Lt(t, hn::Zero(d)), e, one);
    hn::StoreU(hn::Mul(v, hn::Div(num, hn::Add(e, one))), d, y + i);
  }
}

TEST(LibActivationTiming, Gelu1MFloats) {
  constexpr uint32_t kChunk = 16384;           // 64 KiB of UB per operand
  constexpr uint32_t kRounds = (1u << 20) / kChunk;
  Rng rng(14);
  std::vector<float> x(kChunk);
  for (auto& v : x) v = static_cast<float>(rng.Uniform(-6, 6));
  double api_ms = 1e30, hand_ms = 1e30;
  std::vector<float> hand(kChunk), api(kChunk);
  for (int rep = 0; rep < 5; ++rep) {
    aicore::Launch(
        [&] {
          AscendC::TPipe pipe;
          TBuf<TPosition::VECCALC> bs, bd;
          pipe.InitBuffer(bs, kChunk * 4);
          pipe.InitBuffer(bd, kChunk * 4);
          LocalTensor<float> src = bs.Get<float>(), dst = bd.Get<float>();
          std::memcpy(src.GetPhyAddr(), x.data(), kChunk * 4);
          const auto t0 = std::chrono::steady_clock::now();
          for (uint32_t r = 0; r < kRounds; ++r) AscendC::Gelu(dst, src, kChunk);
          const auto t1 = std::chrono::steady_clock::now();
          api_ms = std::min(api_ms, std::chrono::duration<double, std::milli>(t1 - t0).count());
          std::memcpy(api.data(), dst.GetPhyAddr(), kChunk * 4);
        },
        1);
    const auto t0 = std::chrono::steady_clock::now();
    for (uint32_t r = 0; r < kRounds; ++r) HandGelu(hand.data(), x.data(), kChunk);
    const auto t1 = std::chrono::steady_clock::now();
    hand_ms = std::min(hand_ms, std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  for (uint32_t i = 0; i < kChunk; ++i) ASSERT_NEAR(api[i], hand[i], 1e-5 * std::fabs(hand[i]) + 1e-30);
  std::printf("[timing] Gelu on 1M floats (%s): AscendC::Gelu %.3f ms, hand-written Highway loop "
              "%.3f ms (ratio %.2f)\n",
              aicore::SimdTargetName(), api_ms, hand_ms, api_ms / hand_ms);
}

}  // namespace
}  // namespace aicore_test
