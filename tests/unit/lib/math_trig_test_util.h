// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The shared harness of test_math_trig.cpp and test_math_hyperbolic.cpp:
// the math APIs of lib/math_trig.h (Exp, Sin, Cos, Tan, Asin, Acos, Atan,
// Sinh, Cosh, Asinh, Acosh, Atanh; every public form) against float64
// references (<cmath>) on random inputs over each API's domain (uniform and
// log-uniform magnitudes), special values (zeros, +-inf, NaN, domain edges
// and points outside the domain), sizes around the vector length, partial
// counts and in place; and their diagnostics with clean twins.
//
// Tolerance: y passes against the reference r when both are NaN, or r
// rounded to T is an infinity and y is that infinity (or the largest finite
// T of its sign), or
//   |y - r| <= rel * |r| + abs + (half: one half ulp of r)
// with rel = 2^-20 (8 f32 ulp) for every API, abs = 0 except Sin and Cos
// (2^-21 * min(1, |x|): Highway's reduction error is absolute near the zeros)
// and the outputs below FLT_MIN (abs = 2^-149, and for half one half ulp of
// the smallest subnormal).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "aicore/lib/math_trig.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {
namespace {

using AscendC::LocalTensor;
using AscendC::TBuf;
using AscendC::TPosition;

inline bool Has(const std::string& s, const std::string& w) { return s.find(w) != std::string::npos; }

enum class Api { kExp, kSin, kCos, kTan, kAsin, kAcos, kAtan, kSinh, kCosh, kAsinh, kAcosh, kAtanh };
const char* Name(Api a) {
  static const char* const kNames[] = {"Exp",  "Sin",  "Cos",  "Tan",   "Asin",  "Acos",
                                       "Atan", "Sinh", "Cosh", "Asinh", "Acosh", "Atanh"};
  return kNames[static_cast<int>(a)];
}
double Ref(Api a, double x) {
  switch (a) {
    case Api::kExp: return std::exp(x);
    case Api::kSin: return std::sin(x);
    case Api::kCos: return std::cos(x);
    case Api::kTan: return std::tan(x);
    case Api::kAsin: return std::asin(x);
    case Api::kAcos: return std::acos(x);
    case Api::kAtan: return std::atan(x);
    case Api::kSinh: return std::sinh(x);
    case Api::kCosh: return std::cosh(x);
    case Api::kAsinh: return std::asinh(x);
    case Api::kAcosh: return std::acosh(x);
    case Api::kAtanh: return std::atanh(x);
  }
  return 0;
}

template <class T>
bool Close(Api a, double x, double y, double r) {
  constexpr bool kHalf = std::is_same_v<T, half>;
  if (std::isnan(r) || std::isnan(y)) return std::isnan(r) && std::isnan(y);
  const double rt = ref::ToDouble(ref::RoundTo<T>(r));
  if (std::isinf(rt)) {
    return y == rt || y == std::copysign(ref::ToDouble(std::numeric_limits<T>::max()), r);
  }
  if (std::isinf(y)) return false;
  double tol = 0x1p-20 * std::fabs(r) + 0x1p-149;
  if (a == Api::kSin || a == Api::kCos) tol += 0x1p-21 * std::min(1.0, std::fabs(x));
  if (kHalf) {
    const double ar = std::max(std::fabs(r), 0x1p-14);
    tol += std::exp2(std::floor(std::log2(ar)) - 11);  // half an ulp of r (subnormal: of 2^-14)
  }
  return std::fabs(y - r) <= tol;
}

// Random inputs of an API's domain (T's range for half).
template <class T>
std::vector<T> Inputs(Api a, Rng& rng, size_t n) {
  constexpr bool kHalf = std::is_same_v<T, half>;
  using L = std::numeric_limits<T>;
  const double tmax = ref::ToDouble(L::max());
  double lo = -tmax, hi = tmax;  // uniform range
  double mag = tmax;             // largest log-uniform magnitude
  switch (a) {
    case Api::kExp: lo = kHalf ? -17.0 : -87.0; hi = kHalf ? 11.0 : 88.7; mag = 80; break;
    case Api::kSin: case Api::kCos: case Api::kTan:
      lo = -10; hi = 10; mag = kHalf ? tmax : 1e6; break;
    case Api::kAsin: case Api::kAcos: case Api::kAtanh: lo = -1; hi = 1; mag = 1; break;
    case Api::kSinh: case Api::kCosh: lo = kHalf ? -11.5 : -89.4; hi = -lo; mag = hi; break;
    case Api::kAcosh: lo = 1; hi = 100; break;
    default: lo = -100; hi = 100; break;
  }
  const std::vector<double> specials = {0.0,  -0.0, 1.0,  -1.0, 0.5,   -0.5,  2.0,   -3.5,
                                        1e-6, 88.8, -104, 1e4,  0.999, -0.999, 1.0001, 1.5707963,
                                        3.14159265, HUGE_VAL, -HUGE_VAL, std::nan("")};
  std::vector<T> v(n);
  for (size_t i = 0; i < n; ++i) {
    const uint64_t k = rng.Below(8);
    double x;
    if (k == 0) {
      x = specials[rng.Below(specials.size())];
    } else if (k < 4) {
      x = rng.Uniform(lo, hi);
    } else {
      const double m = std::exp2(rng.Uniform(-20.0, std::log2(mag)));
      x = a == Api::kAcosh ? 1.0 + m : (rng.Below(2) ? m : -m);
    }
    v[i] = ref::RoundTo<T>(x);
  }
  return v;
}

// form: 0 tmp + calCount, 1 calCount, 2 tmp whole tensor, 3 whole tensor
// (Exp: forms 0 and 1 only). reuse: isReuseSource = true. Only API A is
// instantiated (each test file compiles its own APIs).
#define AICORE_CALL4(NAME)                                                                    \
  switch (form) {                                                                             \
    case 0: reuse ? AscendC::NAME<T, true>(d, s, t, c) : AscendC::NAME<T>(d, s, t, c); break; \
    case 1: reuse ? AscendC::NAME<T, true>(d, s, c) : AscendC::NAME<T>(d, s, c); break;       \
    case 2: reuse ? AscendC::NAME<T, true>(d, s, t) : AscendC::NAME<T>(d, s, t); break;       \
    default: reuse ? AscendC::NAME<T, true>(d, s) : AscendC::NAME<T>(d, s); break;            \
  }
#define AICORE_CASE(NAME) else if constexpr (A == Api::k##NAME) { AICORE_CALL4(NAME) }

template <Api A, class T>
void Call(int form, bool reuse, const LocalTensor<T>& d, const LocalTensor<T>& s,
          const LocalTensor<uint8_t>& t, uint32_t c) {
  if constexpr (A == Api::kExp) {
    if (form == 0) reuse ? AscendC::Exp<T, 15, true>(d, s, t, c) : AscendC::Exp<T, 0>(d, s, t, c);
    else reuse ? AscendC::Exp<T, 10, true>(d, s, c) : AscendC::Exp<T, 0, false>(d, s, c);
  } else if constexpr (A == Api::kSin) {
    if (form == 3 && !reuse) {  // an explicit config
      AscendC::Sin<T, false, AscendC::defaultSinConfig>(d, s);
    } else {
      AICORE_CALL4(Sin)
    }
  }
  AICORE_CASE(Cos) AICORE_CASE(Tan) AICORE_CASE(Asin) AICORE_CASE(Acos) AICORE_CASE(Atan)
  AICORE_CASE(Sinh) AICORE_CASE(Cosh) AICORE_CASE(Asinh) AICORE_CASE(Acosh) AICORE_CASE(Atanh)
}
#undef AICORE_CASE
#undef AICORE_CALL4

template <Api a, class T>
void CheckApi(uint64_t seed) {
  Rng rng(seed);
  const int forms = a == Api::kExp ? 2 : 4;
  const uint32_t tmp_bytes = 16 * 256;  // above every minimum
  for (size_t nn : Sizes<T>()) {
    const uint32_t n = static_cast<uint32_t>(nn);
    const std::vector<T> x = Inputs<T>(a, rng, n);
    for (int form = 0; form < forms; ++form) {
      for (int variant = 0; variant < 3; ++variant) {
        const bool whole = form >= 2;
        const uint32_t count = (!whole && variant == 1 && n > 5) ? n - 5 : n;
        const bool inplace = variant == 2;
        std::vector<T> y(n);
        aicore::Launch(
            [&] {
              AscendC::TPipe pipe;
              TBuf<TPosition::VECCALC> bs, bd, bt;
              pipe.InitBuffer(bs, Round32(std::max<size_t>(n, 1) * sizeof(T)));
              pipe.InitBuffer(bd, Round32(std::max<size_t>(n, 1) * sizeof(T)));
              pipe.InitBuffer(bt, tmp_bytes);
              LocalTensor<T> src = bs.Get<T>(n);
              LocalTensor<T> dst = inplace ? src : bd.Get<T>(n);
              LocalTensor<uint8_t> tmp = bt.Get<uint8_t>(tmp_bytes);
              if (n != 0) std::memcpy(src.GetPhyAddr(), x.data(), n * sizeof(T));
              if (!inplace && n != 0) std::memset(dst.GetPhyAddr(), 0, n * sizeof(T));
              Call<a, T>(form, variant == 0, dst, src, tmp, count);
              if (n != 0) std::memcpy(y.data(), dst.GetPhyAddr(), n * sizeof(T));
            },
            1);
        int bad = 0;
        for (uint32_t i = 0; i < count; ++i) {
          const double xi = ref::ToDouble(x[i]);
          const double r = Ref(a, xi);
          if (!Close<T>(a, xi, ref::ToDouble(y[i]), r) && ++bad <= 5) {
            ADD_FAILURE() << Name(a) << " " << aicore::detail::TypeName<T>() << " n=" << n
                          << " form=" << form << " i=" << i << " x=" << Show(x[i]) << " got "
                          << Show(y[i]) << " ref " << r;
          }
        }
        EXPECT_EQ(bad, 0);
        for (uint32_t i = count; i < n; ++i) {
          if (inplace) {
            ASSERT_EQ(ref::Bits(y[i]), ref::Bits(x[i])) << Name(a) << ": written past count";
          } else {
            ASSERT_EQ(ref::Bits(y[i]), ref::Bits(T(0.0f))) << Name(a) << ": written past count";
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace aicore_test
