// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tests of the Cast reference model aicore::detail::ConvertScalar: every
// rounding mode on hand-picked edge cases for every target type, and
// randomized / exhaustive checks against independent oracles (sorted tables
// of all 16-bit values, nextafter neighbours, std::floor & co. plus clamping).
#include "aicore/base/convert.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace {

using aicore::detail::ConvertScalar;
using AscendC::RoundMode;

constexpr RoundMode kNone = RoundMode::CAST_NONE;
constexpr RoundMode kRint = RoundMode::CAST_RINT;
constexpr RoundMode kFloor = RoundMode::CAST_FLOOR;
constexpr RoundMode kCeil = RoundMode::CAST_CEIL;
constexpr RoundMode kRound = RoundMode::CAST_ROUND;
constexpr RoundMode kTrunc = RoundMode::CAST_TRUNC;
constexpr RoundMode kOdd = RoundMode::CAST_ODD;
constexpr RoundMode kModes[] = {kNone, kRint, kFloor, kCeil, kRound, kTrunc, kOdd};

const char* ModeName(RoundMode m) {
  switch (m) {
    case kNone: return "NONE";
    case kRint: return "RINT";
    case kFloor: return "FLOOR";
    case kCeil: return "CEIL";
    case kRound: return "ROUND";
    case kTrunc: return "TRUNC";
    case kOdd: return "ODD";
    default: break;  // modes of other architectures: not modelled
  }
  return "?";
}

// ---------------------------------------------------------------------------
// Bit-level views and comparison of results.

uint64_t Bits(half x) { return x.ToBits(); }
uint64_t Bits(bfloat16_t x) { return x.ToBits(); }
uint64_t Bits(float x) {
  uint32_t u;
  std::memcpy(&u, &x, 4);
  return u;
}
uint64_t Bits(double x) {
  uint64_t u;
  std::memcpy(&u, &x, 8);
  return u;
}
template <class T>
bool IsNaN(T x) {
  if constexpr (std::is_integral_v<T>) {
    return false;
  } else {
    return std::isnan(static_cast<double>(static_cast<float>(x)));
  }
}
template <>
bool IsNaN<double>(double x) {
  return std::isnan(x);
}

// Same value: integers equal; floating results bit-identical, any NaN
// matching any NaN.
template <class T>
bool Same(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    return a == b;
  } else {
    if (IsNaN(a) || IsNaN(b)) return IsNaN(a) && IsNaN(b);
    return Bits(a) == Bits(b);
  }
}

template <class T>
std::string Show(T x) {
  if constexpr (std::is_integral_v<T>) {
    return std::to_string(x);
  } else {
    char buf[64];
    std::snprintf(buf, sizeof(buf), "%.17Lg (0x%llx)", static_cast<long double>(static_cast<double>(x)),
                  static_cast<unsigned long long>(Bits(x)));
    return buf;
  }
}

// Expected results in the order NONE, RINT, FLOOR, CEIL, ROUND, TRUNC, ODD.
template <class Dst, class Src>
void ExpectModes(Src x, std::vector<Dst> expected, int line) {
  ASSERT_EQ(expected.size(), 7u);
  for (int i = 0; i < 7; ++i) {
    const Dst got = ConvertScalar<Dst>(x, kModes[i]);
    EXPECT_TRUE(Same(got, expected[i])) << "line " << line << " src " << Show(x) << " mode " << ModeName(kModes[i])
                                        << " expected " << Show(expected[i]) << " got " << Show(got);
  }
}
#define EXPECT_MODES(Dst, x, ...) ExpectModes<Dst>(x, std::vector<Dst>{__VA_ARGS__}, __LINE__)

half H(double v) { return half::FromBits(aicore::detail::DoubleToHalfBits(v)); }
half HB(uint16_t b) { return half::FromBits(b); }
bfloat16_t B(double v) { return bfloat16_t::FromBits(aicore::detail::DoubleToBf16Bits(v)); }
bfloat16_t BB(uint16_t b) { return bfloat16_t::FromBits(b); }
float FB(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

const float kInfF = std::numeric_limits<float>::infinity();
const float kNaNF = std::numeric_limits<float>::quiet_NaN();
const half kInfH = HB(0x7C00), kNInfH = HB(0xFC00), kMaxH = HB(0x7BFF), kNMaxH = HB(0xFBFF);
const half kNaNH = HB(0x7E00);

// ---------------------------------------------------------------------------
// Hand-picked edge cases.

TEST(ConvertEdge, FloatToHalf) {
  //                      NONE    RINT    FLOOR   CEIL    ROUND   TRUNC   ODD
  EXPECT_MODES(half, 1.5f, H(1.5), H(1.5), H(1.5), H(1.5), H(1.5), H(1.5), H(1.5));  // exact
  // Midpoint of 1 and 1 + 2^-10 (even below), and of 1 + 2^-10 and 1 + 2^-9.
  const float t1 = 1.0f + std::ldexp(1.0f, -11);
  EXPECT_MODES(half, t1, HB(0x3C00), HB(0x3C00), HB(0x3C00), HB(0x3C01), HB(0x3C01), HB(0x3C00), HB(0x3C01));
  EXPECT_MODES(half, -t1, HB(0xBC00), HB(0xBC00), HB(0xBC01), HB(0xBC00), HB(0xBC01), HB(0xBC00), HB(0xBC01));
  const float t2 = 1.0f + std::ldexp(3.0f, -11);
  EXPECT_MODES(half, t2, HB(0x3C02), HB(0x3C02), HB(0x3C01), HB(0x3C02), HB(0x3C02), HB(0x3C01), HB(0x3C01));
  // Just above / below a midpoint.
  const float a1 = std::nextafter(t1, 2.0f);
  EXPECT_MODES(half, a1, HB(0x3C01), HB(0x3C01), HB(0x3C00), HB(0x3C01), HB(0x3C01), HB(0x3C00), HB(0x3C01));
  const float b1 = std::nextafter(t1, 0.0f);
  EXPECT_MODES(half, b1, HB(0x3C00), HB(0x3C00), HB(0x3C00), HB(0x3C01), HB(0x3C00), HB(0x3C00), HB(0x3C01));
  // Subnormals: 2^-25 is half the smallest subnormal.
  const float s = std::ldexp(1.0f, -25);
  EXPECT_MODES(half, s, HB(0x0000), HB(0x0000), HB(0x0000), HB(0x0001), HB(0x0001), HB(0x0000), HB(0x0001));
  EXPECT_MODES(half, -s, HB(0x8000), HB(0x8000), HB(0x8001), HB(0x8000), HB(0x8001), HB(0x8000), HB(0x8001));
  const float s3 = std::ldexp(3.0f, -25);  // 1.5 units of 2^-24
  EXPECT_MODES(half, s3, HB(0x0002), HB(0x0002), HB(0x0001), HB(0x0002), HB(0x0002), HB(0x0001), HB(0x0001));
  const float tiny = std::ldexp(1.0f, -40);
  EXPECT_MODES(half, tiny, HB(0x0000), HB(0x0000), HB(0x0000), HB(0x0001), HB(0x0000), HB(0x0000), HB(0x0001));
  EXPECT_MODES(half, -tiny, HB(0x8000), HB(0x8000), HB(0x8001), HB(0x8000), HB(0x8000), HB(0x8000), HB(0x8001));
  const float dmin = std::numeric_limits<float>::denorm_min();
  EXPECT_MODES(half, dmin, HB(0x0000), HB(0x0000), HB(0x0000), HB(0x0001), HB(0x0000), HB(0x0000), HB(0x0001));
  // Max subnormal / min normal boundary (midpoint 2^-14 - 2^-25).
  const float mb = std::ldexp(1.0f, -14) - std::ldexp(1.0f, -25);
  EXPECT_MODES(half, mb, HB(0x0400), HB(0x0400), HB(0x03FF), HB(0x0400), HB(0x0400), HB(0x03FF), HB(0x03FF));
  // Overflow: 65520 is the midpoint between 65504 and 2^16.
  EXPECT_MODES(half, 65504.0f, kMaxH, kMaxH, kMaxH, kMaxH, kMaxH, kMaxH, kMaxH);
  EXPECT_MODES(half, 65519.99f, kMaxH, kMaxH, kMaxH, kInfH, kMaxH, kMaxH, kMaxH);
  EXPECT_MODES(half, 65520.0f, kInfH, kInfH, kMaxH, kInfH, kInfH, kMaxH, kMaxH);
  EXPECT_MODES(half, -65520.0f, kNInfH, kNInfH, kNInfH, kNMaxH, kNInfH, kNMaxH, kNMaxH);
  EXPECT_MODES(half, 1e10f, kInfH, kInfH, kMaxH, kInfH, kInfH, kMaxH, kMaxH);
  EXPECT_MODES(half, -1e10f, kNInfH, kNInfH, kNInfH, kNMaxH, kNInfH, kNMaxH, kNMaxH);
  // Specials.
  EXPECT_MODES(half, kInfF, kInfH, kInfH, kInfH, kInfH, kInfH, kInfH, kInfH);
  EXPECT_MODES(half, -kInfF, kNInfH, kNInfH, kNInfH, kNInfH, kNInfH, kNInfH, kNInfH);
  EXPECT_MODES(half, 0.0f, HB(0), HB(0), HB(0), HB(0), HB(0), HB(0), HB(0));
  EXPECT_MODES(half, -0.0f, HB(0x8000), HB(0x8000), HB(0x8000), HB(0x8000), HB(0x8000), HB(0x8000), HB(0x8000));
  EXPECT_MODES(half, kNaNF, kNaNH, kNaNH, kNaNH, kNaNH, kNaNH, kNaNH, kNaNH);
  for (RoundMode m : kModes) {
    const half n = ConvertScalar<half>(-kNaNF, m);
    EXPECT_EQ(n.ToBits() & 0xFE00, 0xFE00) << "negative quiet NaN";
    EXPECT_EQ(ConvertScalar<half>(FB(0x7F800001u), m).ToBits(), 0x7E00) << "sNaN quieted";
    EXPECT_EQ(ConvertScalar<half>(FB(0x7FA02000u), m).ToBits(), 0x7F01) << "payload kept";
  }
}

TEST(ConvertEdge, FloatToBf16) {
  const float t = 1.0f + std::ldexp(1.0f, -8);  // midpoint of 1 and 1 + 2^-7
  EXPECT_MODES(bfloat16_t, t, BB(0x3F80), BB(0x3F80), BB(0x3F80), BB(0x3F81), BB(0x3F81), BB(0x3F80), BB(0x3F81));
  EXPECT_MODES(bfloat16_t, -t, BB(0xBF80), BB(0xBF80), BB(0xBF81), BB(0xBF80), BB(0xBF81), BB(0xBF80), BB(0xBF81));
  const float u = 1.0f + std::ldexp(1.0f, -8) + std::ldexp(1.0f, -23);  // just above
  EXPECT_MODES(bfloat16_t, u, BB(0x3F81), BB(0x3F81), BB(0x3F80), BB(0x3F81), BB(0x3F81), BB(0x3F80), BB(0x3F81));
  // Overflow: FLT_MAX lies above max + half an ulp.
  const bfloat16_t inf = BB(0x7F80), ninf = BB(0xFF80), mx = BB(0x7F7F), nmx = BB(0xFF7F);
  EXPECT_MODES(bfloat16_t, FLT_MAX, inf, inf, mx, inf, inf, mx, mx);
  EXPECT_MODES(bfloat16_t, -FLT_MAX, ninf, ninf, ninf, nmx, ninf, nmx, nmx);
  EXPECT_MODES(bfloat16_t, FB(0x7F7F7FFFu), mx, mx, mx, inf, mx, mx, mx);
  // Subnormals of bfloat16 are float subnormals with 7-bit mantissas.
  EXPECT_MODES(bfloat16_t, FB(0x00008000u), BB(0), BB(0), BB(0), BB(1), BB(1), BB(0), BB(1));
  EXPECT_MODES(bfloat16_t, FB(0x00000001u), BB(0), BB(0), BB(0), BB(1), BB(0), BB(0), BB(1));
  EXPECT_MODES(bfloat16_t, FB(0x80000001u), BB(0x8000), BB(0x8000), BB(0x8001), BB(0x8000), BB(0x8000), BB(0x8000),
               BB(0x8001));
  EXPECT_MODES(bfloat16_t, FB(0x007FC000u), BB(0x0080), BB(0x0080), BB(0x007F), BB(0x0080), BB(0x0080), BB(0x007F),
               BB(0x007F));
  for (RoundMode m : kModes) {
    EXPECT_TRUE(IsNaN(ConvertScalar<bfloat16_t>(kNaNF, m)));
    EXPECT_EQ(ConvertScalar<bfloat16_t>(FB(0xFF800001u), m).ToBits(), 0xFFC0);
    EXPECT_EQ(ConvertScalar<bfloat16_t>(-kInfF, m).ToBits(), 0xFF80);
    EXPECT_EQ(ConvertScalar<bfloat16_t>(-0.0f, m).ToBits(), 0x8000);
  }
}

TEST(ConvertEdge, DoubleAndIntToFloats) {
  // int32 -> float around 2^24.
  EXPECT_MODES(float, 16777217, 16777216.0f, 16777216.0f, 16777216.0f, 16777218.0f, 16777218.0f, 16777216.0f,
               16777218.0f);
  EXPECT_MODES(float, -16777217, -16777216.0f, -16777216.0f, -16777218.0f, -16777216.0f, -16777218.0f, -16777216.0f,
               -16777218.0f);
  EXPECT_MODES(float, 16777219, 16777220.0f, 16777220.0f, 16777218.0f, 16777220.0f, 16777220.0f, 16777218.0f,
               16777218.0f);
  EXPECT_MODES(float, INT32_MAX, 2147483648.0f, 2147483648.0f, 2147483520.0f, 2147483648.0f, 2147483648.0f,
               2147483520.0f, 2147483520.0f);
  EXPECT_MODES(float, INT32_MIN, -2147483648.0f, -2147483648.0f, -2147483648.0f, -2147483648.0f, -2147483648.0f,
               -2147483648.0f, -2147483648.0f);
  EXPECT_MODES(float, 0, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f);
  // int64 -> float: 2^60 + 2^36 + 1 is just above a float midpoint; through
  // double it would become the midpoint itself.
  const int64_t v = (int64_t{1} << 60) + (int64_t{1} << 36) + 1;
  const float lo = std::ldexp(1.0f, 60), hi = std::ldexp(1.0f, 60) + std::ldexp(1.0f, 37);
  EXPECT_MODES(float, v, hi, hi, lo, hi, hi, lo, hi);
  EXPECT_MODES(float, -v, -hi, -hi, -hi, -lo, -hi, -lo, -hi);
  EXPECT_MODES(float, INT64_MIN, -std::ldexp(1.0f, 63), -std::ldexp(1.0f, 63), -std::ldexp(1.0f, 63),
               -std::ldexp(1.0f, 63), -std::ldexp(1.0f, 63), -std::ldexp(1.0f, 63), -std::ldexp(1.0f, 63));
  // int64 -> bf16 without double rounding.
  const int64_t w = (int64_t{1} << 60) + (int64_t{1} << 52) + 1;
  const bfloat16_t wl = B(std::ldexp(1.0, 60)), wh = B(std::ldexp(1.0, 60) + std::ldexp(1.0, 53));
  EXPECT_MODES(bfloat16_t, w, wh, wh, wl, wh, wh, wl, wh);
  // int32 -> half.
  EXPECT_MODES(half, 2049, H(2048), H(2048), H(2048), H(2050), H(2050), H(2048), H(2050));
  EXPECT_MODES(half, -2051, H(-2052), H(-2052), H(-2052), H(-2050), H(-2052), H(-2050), H(-2050));
  EXPECT_MODES(half, 65520, kInfH, kInfH, kMaxH, kInfH, kInfH, kMaxH, kMaxH);
  EXPECT_MODES(half, 70000, kInfH, kInfH, kMaxH, kInfH, kInfH, kMaxH, kMaxH);
  EXPECT_MODES(half, int16_t{-32768}, H(-32768), H(-32768), H(-32768), H(-32768), H(-32768), H(-32768), H(-32768));
  EXPECT_MODES(half, int8_t{-7}, H(-7), H(-7), H(-7), H(-7), H(-7), H(-7), H(-7));
  EXPECT_MODES(half, uint8_t{255}, H(255), H(255), H(255), H(255), H(255), H(255), H(255));
  // double -> half: one rounding (via float the tail would be lost).
  const double dm = 1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40);
  EXPECT_MODES(half, dm, HB(0x3C01), HB(0x3C01), HB(0x3C00), HB(0x3C01), HB(0x3C01), HB(0x3C00), HB(0x3C01));
  // float -> double and half -> float are exact.
  EXPECT_MODES(double, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f);
  EXPECT_MODES(float, HB(0x0001), std::ldexp(1.0f, -24), std::ldexp(1.0f, -24), std::ldexp(1.0f, -24),
               std::ldexp(1.0f, -24), std::ldexp(1.0f, -24), std::ldexp(1.0f, -24), std::ldexp(1.0f, -24));
  // double -> float overflow and underflow.
  EXPECT_MODES(float, 1e39, kInfF, kInfF, FLT_MAX, kInfF, kInfF, FLT_MAX, FLT_MAX);
  EXPECT_MODES(float, -1e-50, -0.0f, -0.0f, -FB(1), -0.0f, -0.0f, -0.0f, -FB(1));
  // float -> half from a float subnormal source.
  EXPECT_MODES(half, FB(0x80000003u), HB(0x8000), HB(0x8000), HB(0x8001), HB(0x8000), HB(0x8000), HB(0x8000),
               HB(0x8001));
}

TEST(ConvertEdge, FloatToIntegers) {
  EXPECT_MODES(int32_t, 2.5f, 2, 2, 2, 3, 3, 2, 2);
  EXPECT_MODES(int32_t, -2.5f, -2, -2, -3, -2, -3, -2, -2);
  EXPECT_MODES(int32_t, 3.5f, 4, 4, 3, 4, 4, 3, 3);
  EXPECT_MODES(int32_t, -3.5f, -4, -4, -4, -3, -4, -3, -3);
  EXPECT_MODES(int32_t, 2.4f, 2, 2, 2, 3, 2, 2, 2);
  EXPECT_MODES(int32_t, -2.6f, -3, -3, -3, -2, -3, -2, -2);
  EXPECT_MODES(int32_t, 0.5f, 0, 0, 0, 1, 1, 0, 0);
  EXPECT_MODES(int32_t, -0.5f, 0, 0, -1, 0, -1, 0, 0);
  EXPECT_MODES(int32_t, -0.0f, 0, 0, 0, 0, 0, 0, 0);
  EXPECT_MODES(int32_t, FB(1), 0, 0, 0, 1, 0, 0, 0);
  EXPECT_MODES(int32_t, -FB(1), 0, 0, -1, 0, 0, 0, 0);
  EXPECT_MODES(int32_t, 3e9f, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX);
  EXPECT_MODES(int32_t, -3e9f, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN);
  EXPECT_MODES(int32_t, 2147483648.0f, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX);
  EXPECT_MODES(int32_t, -2147483648.0f, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN);
  EXPECT_MODES(int32_t, kInfF, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX);
  EXPECT_MODES(int32_t, -kInfF, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN);
  EXPECT_MODES(int32_t, kNaNF, 0, 0, 0, 0, 0, 0, 0);
  EXPECT_MODES(int32_t, -kNaNF, 0, 0, 0, 0, 0, 0, 0);
  EXPECT_MODES(int16_t, 32767.5f, 32767, 32767, 32767, 32767, 32767, 32767, 32767);
  EXPECT_MODES(int16_t, -32768.5f, -32768, -32768, -32768, -32768, -32768, -32768, -32768);
  EXPECT_MODES(int16_t, 1e9f, 32767, 32767, 32767, 32767, 32767, 32767, 32767);
  EXPECT_MODES(int8_t, 127.5f, 127, 127, 127, 127, 127, 127, 127);
  EXPECT_MODES(int8_t, 126.5f, 126, 126, 126, 127, 127, 126, 126);
  EXPECT_MODES(int8_t, -128.5f, -128, -128, -128, -128, -128, -128, -128);
  EXPECT_MODES(int8_t, -127.5f, -128, -128, -128, -127, -128, -127, -127);
  EXPECT_MODES(uint8_t, -0.4f, 0, 0, 0, 0, 0, 0, 0);
  EXPECT_MODES(uint8_t, -0.6f, 0, 0, 0, 0, 0, 0, 0);
  EXPECT_MODES(uint8_t, 254.5f, 254, 254, 254, 255, 255, 254, 254);
  EXPECT_MODES(uint8_t, 255.5f, 255, 255, 255, 255, 255, 255, 255);
  EXPECT_MODES(uint8_t, -kInfF, 0, 0, 0, 0, 0, 0, 0);
  EXPECT_MODES(uint8_t, kNaNF, 0, 0, 0, 0, 0, 0, 0);
  const int64_t p62 = int64_t{1} << 62;
  EXPECT_MODES(int64_t, std::ldexp(1.0f, 62), p62, p62, p62, p62, p62, p62, p62);
  EXPECT_MODES(int64_t, 1e19f, INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX);
  EXPECT_MODES(int64_t, -std::ldexp(1.0f, 63), INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN,
               INT64_MIN);
  EXPECT_MODES(int64_t, -1e19f, INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN);
  EXPECT_MODES(int64_t, -2.5f, -2, -2, -3, -2, -3, -2, -2);
  EXPECT_MODES(uint64_t, 1e20f, UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX);
  EXPECT_MODES(int64_t, 1e300, INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX);
  EXPECT_MODES(int32_t, 2147483647.5, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX);
  EXPECT_MODES(int32_t, 2147483646.5, 2147483646, 2147483646, 2147483646, INT32_MAX, INT32_MAX, 2147483646,
               2147483646);
}

TEST(ConvertEdge, HalfAndBf16ToIntegers) {
  EXPECT_MODES(int8_t, H(200), 127, 127, 127, 127, 127, 127, 127);
  EXPECT_MODES(int8_t, H(-200), -128, -128, -128, -128, -128, -128, -128);
  EXPECT_MODES(int8_t, H(-0.5), 0, 0, -1, 0, -1, 0, 0);
  EXPECT_MODES(uint8_t, H(-0.5), 0, 0, 0, 0, 0, 0, 0);
  EXPECT_MODES(uint8_t, H(255.5), 255, 255, 255, 255, 255, 255, 255);
  EXPECT_MODES(int16_t, H(65504), 32767, 32767, 32767, 32767, 32767, 32767, 32767);
  EXPECT_MODES(int32_t, H(65504), 65504, 65504, 65504, 65504, 65504, 65504, 65504);
  EXPECT_MODES(int32_t, H(1.5), 2, 2, 1, 2, 2, 1, 1);
  EXPECT_MODES(int32_t, HB(0x0001), 0, 0, 0, 1, 0, 0, 0);
  EXPECT_MODES(int32_t, kNInfH, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN);
  EXPECT_MODES(int32_t, kNaNH, 0, 0, 0, 0, 0, 0, 0);
  EXPECT_MODES(int32_t, B(3e9), INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX);
  EXPECT_MODES(int32_t, B(-2.5), -2, -2, -3, -2, -3, -2, -2);
  EXPECT_MODES(int32_t, BB(0xFFC1), 0, 0, 0, 0, 0, 0, 0);
}

TEST(ConvertEdge, IntegerToInteger) {
  EXPECT_MODES(int16_t, 40000, 32767, 32767, 32767, 32767, 32767, 32767, 32767);
  EXPECT_MODES(int16_t, -40000, -32768, -32768, -32768, -32768, -32768, -32768, -32768);
  EXPECT_MODES(int16_t, -1234, -1234, -1234, -1234, -1234, -1234, -1234, -1234);
  EXPECT_MODES(int32_t, INT64_MAX, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX);
  EXPECT_MODES(int32_t, INT64_MIN, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN);
  EXPECT_MODES(int64_t, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN);
  EXPECT_MODES(uint8_t, -1, 0, 0, 0, 0, 0, 0, 0);
  EXPECT_MODES(uint8_t, 256, 255, 255, 255, 255, 255, 255, 255);
  EXPECT_MODES(int8_t, uint8_t{200}, 127, 127, 127, 127, 127, 127, 127);
  EXPECT_MODES(int64_t, UINT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX);
  EXPECT_MODES(uint64_t, INT64_MIN, 0u, 0u, 0u, 0u, 0u, 0u, 0u);
  EXPECT_MODES(int64_t, INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN);
}

TEST(ConvertEdge, RoundToIntegralSameType) {
  EXPECT_MODES(float, 2.5f, 2.5f, 2.0f, 2.0f, 3.0f, 3.0f, 2.0f, 2.0f);
  EXPECT_MODES(float, -2.5f, -2.5f, -2.0f, -3.0f, -2.0f, -3.0f, -2.0f, -2.0f);
  EXPECT_MODES(float, 3.5f, 3.5f, 4.0f, 3.0f, 4.0f, 4.0f, 3.0f, 3.0f);
  EXPECT_MODES(float, -0.5f, -0.5f, -0.0f, -1.0f, -0.0f, -1.0f, -0.0f, -0.0f);
  EXPECT_MODES(float, 0.3f, 0.3f, 0.0f, 0.0f, 1.0f, 0.0f, 0.0f, 0.0f);
  EXPECT_MODES(float, -0.0f, -0.0f, -0.0f, -0.0f, -0.0f, -0.0f, -0.0f, -0.0f);
  EXPECT_MODES(float, 8388607.5f, 8388607.5f, 8388608.0f, 8388607.0f, 8388608.0f, 8388608.0f, 8388607.0f,
               8388607.0f);
  EXPECT_MODES(float, 1e30f, 1e30f, 1e30f, 1e30f, 1e30f, 1e30f, 1e30f, 1e30f);
  EXPECT_MODES(float, -kInfF, -kInfF, -kInfF, -kInfF, -kInfF, -kInfF, -kInfF, -kInfF);
  EXPECT_MODES(float, FB(1), FB(1), 0.0f, 0.0f, 1.0f, 0.0f, 0.0f, 0.0f);
  EXPECT_MODES(half, H(2.5), H(2.5), H(2), H(2), H(3), H(3), H(2), H(2));
  EXPECT_MODES(half, H(-1023.5), H(-1023.5), H(-1024), H(-1024), H(-1023), H(-1024), H(-1023), H(-1023));
  EXPECT_MODES(half, kMaxH, kMaxH, kMaxH, kMaxH, kMaxH, kMaxH, kMaxH, kMaxH);
  EXPECT_MODES(bfloat16_t, B(-1.5), B(-1.5), B(-2), B(-2), B(-1), B(-2), B(-1), B(-1));
  EXPECT_MODES(double, 0.5, 0.5, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0);
  // NONE returns the source bit for bit, signalling NaNs included; the other
  // modes quiet NaNs.
  const float snan = FB(0x7FA00001u);
  EXPECT_EQ(Bits(ConvertScalar<float>(snan, kNone)), 0x7FA00001u);
  EXPECT_EQ(Bits(ConvertScalar<float>(snan, kFloor)), 0x7FE00001u);
  EXPECT_EQ(ConvertScalar<half>(HB(0xFD01), kNone).ToBits(), 0xFD01);
  EXPECT_EQ(ConvertScalar<half>(HB(0xFD01), kRint).ToBits(), 0xFF01);
}

#if AICORE_HALF_HAS_CONSTEXPR
TEST(ConvertEdge, Constexpr) {
  static_assert(ConvertScalar<int32_t>(2.5f, kRound) == 3, "");
  static_assert(ConvertScalar<half>(65520.0f, kFloor).ToBits() == 0x7BFF, "");
  static_assert(ConvertScalar<float>(16777217, kCeil) == 16777218.0f, "");
}
#endif

// ---------------------------------------------------------------------------
// Oracles.

// Which neighbour of |x| a mode picks.
enum class Pick { kDown, kUp, kNearestEven, kNearestAway, kOdd };

Pick MagnitudePick(RoundMode m, bool neg) {
  switch (m) {
    case kFloor: return neg ? Pick::kUp : Pick::kDown;
    case kCeil: return neg ? Pick::kDown : Pick::kUp;
    case kTrunc: return Pick::kDown;
    case kRound: return Pick::kNearestAway;
    case kOdd: return Pick::kOdd;
    default: return Pick::kNearestEven;
  }
}

// Chooses between adjacent candidates lo < |x| < hi (values and encodings);
// `hi` may be the infinity encoding standing for 2^(emax+1).
uint64_t Choose(Pick p, long double ax, long double lo, uint64_t lo_bits, long double hi, uint64_t hi_bits) {
  const long double mid = (lo + hi) / 2;
  switch (p) {
    case Pick::kDown: return lo_bits;
    case Pick::kUp: return hi_bits;
    case Pick::kOdd: return (lo_bits & 1) ? lo_bits : hi_bits;
    case Pick::kNearestEven:
      if (ax != mid) return ax < mid ? lo_bits : hi_bits;
      return (lo_bits & 1) ? hi_bits : lo_bits;
    case Pick::kNearestAway:
      if (ax != mid) return ax < mid ? lo_bits : hi_bits;
      return hi_bits;
  }
  return 0;
}

// Sorted table of the non-negative values of a 16-bit format.
struct Table16 {
  std::vector<long double> values;  // finite values, then 2^(emax+1) for inf
  std::vector<uint16_t> bits;
  uint16_t sign_bit = 0x8000;
};

template <class T>
Table16 MakeTable() {
  Table16 t;
  const uint16_t inf = T::kInfBits;
  for (uint32_t b = 0; b < inf; ++b) {
    t.values.push_back(static_cast<float>(T::FromBits(static_cast<uint16_t>(b))));
    t.bits.push_back(static_cast<uint16_t>(b));
  }
  t.values.push_back(t.values.back() + (t.values.back() - t.values[t.values.size() - 2]));  // 2^(emax+1)
  t.bits.push_back(inf);
  return t;
}

// Expected bits of rounding the finite nonzero x into the table's format.
uint16_t OracleTable(const Table16& t, long double x, RoundMode m) {
  const bool neg = x < 0;
  const long double ax = neg ? -x : x;
  const Pick p = MagnitudePick(m, neg);
  const uint16_t sign = neg ? t.sign_bit : 0;
  uint16_t r;
  if (ax >= t.values.back()) {  // beyond the largest finite + 1 ulp
    const uint16_t max_bits = t.bits[t.bits.size() - 2];
    r = (p == Pick::kDown || p == Pick::kOdd) ? max_bits : t.bits.back();
  } else {
    const size_t i = static_cast<size_t>(std::upper_bound(t.values.begin(), t.values.end(), ax) - t.values.begin()) - 1;
    if (t.values[i] == ax) {
      r = t.bits[i];
    } else {
      r = static_cast<uint16_t>(Choose(p, ax, t.values[i], t.bits[i], t.values[i + 1], t.bits[i + 1]));
    }
  }
  return static_cast<uint16_t>(r | sign);
}

// Expected float for the finite nonzero x (|x| < 2^128 or beyond), from the
// hardware's nearest conversion and nextafter.
float OracleFloat(long double x, RoundMode m) {
  const bool neg = x < 0;
  const long double ax = neg ? -x : x;
  const Pick p = MagnitudePick(m, neg);
  const long double over = std::ldexp(1.0L, 128);
  float r;
  if (ax >= over) {
    r = (p == Pick::kDown || p == Pick::kOdd) ? FLT_MAX : kInfF;
  } else {
    float f = static_cast<float>(ax);
    if (static_cast<long double>(f) > ax) f = std::nextafter(f, 0.0f);  // f = largest float <= ax
    if (static_cast<long double>(f) == ax) {
      r = f;
    } else {
      const float g = std::nextafter(f, kInfF);
      const long double gv = std::isinf(g) ? over : static_cast<long double>(g);
      r = FB(static_cast<uint32_t>(Choose(p, ax, f, Bits(f), gv, Bits(g))));
    }
  }
  return neg ? -r : r;
}

// Expected integer: std rounding functions, then clamping; NaN -> 0.
template <class I>
I OracleInt(long double x, RoundMode m) {
  if (std::isnan(x)) return 0;
  long double r = 0;
  switch (m) {
    case kFloor: r = std::floor(x); break;
    case kCeil: r = std::ceil(x); break;
    case kRound: r = std::round(x); break;
    case kTrunc:
    case kOdd: r = std::trunc(x); break;
    default: r = std::nearbyint(x); break;
  }
  if (r >= static_cast<long double>(std::numeric_limits<I>::max())) return std::numeric_limits<I>::max();
  if (r <= static_cast<long double>(std::numeric_limits<I>::min())) return std::numeric_limits<I>::min();
  return static_cast<I>(r);
}

// ---------------------------------------------------------------------------
// Randomized and exhaustive checks against the oracles.

// A random float with a random sign and mantissa and a biased exponent in
// [emin, emax] (biased float exponents, 0 = zero/subnormal).
float RandomFloat(std::mt19937& rng, int emin, int emax) {
  const uint32_t e = static_cast<uint32_t>(emin + static_cast<int>(rng() % static_cast<uint32_t>(emax - emin + 1)));
  return FB((rng() & 0x807FFFFFu) | (e << 23));
}

template <class Dst, class Src>
void CheckTableTarget(const Table16& t, Src x, long double exact) {
  for (RoundMode m : kModes) {
    const Dst got = ConvertScalar<Dst>(x, m);
    uint16_t want;
    if (exact == 0) {
      want = std::signbit(exact) ? 0x8000 : 0;
    } else {
      want = OracleTable(t, exact, m);
    }
    ASSERT_EQ(got.ToBits(), want) << "src " << Show(x) << " mode " << ModeName(m);
  }
}

TEST(ConvertRandom, FloatAndDoubleToHalfAndBf16) {
  const Table16 th = MakeTable<half>(), tb = MakeTable<bfloat16_t>();
  std::mt19937 rng(99);
  for (int i = 0; i < 300000; ++i) {
    // Around the half range, tiny (bf16 subnormals), or anything.
    const float f = i % 3 == 0 ? RandomFloat(rng, 95, 145) : (i % 3 == 1 ? RandomFloat(rng, 0, 10) : FB(rng()));
    if (std::isnan(f) || std::isinf(f)) continue;
    CheckTableTarget<half>(th, f, f);
    CheckTableTarget<bfloat16_t>(tb, f, f);
    // Doubles with bits below float precision.
    const double d = static_cast<double>(f) * (1.0 + std::ldexp(static_cast<double>(rng() % 1024), -40));
    CheckTableTarget<half>(th, d, d);
    CheckTableTarget<bfloat16_t>(tb, d, d);
  }
  // Every float midpoint-ish value: each half +- tiny offsets.
  for (uint32_t b = 0; b < 0x7C00; ++b) {
    const float v = static_cast<float>(HB(static_cast<uint16_t>(b)));
    const float next = static_cast<float>(HB(static_cast<uint16_t>(b + 1)));
    const float mid = b + 1 < 0x7C00 ? (v + next) / 2 : 65520.0f;
    for (float x : {mid, std::nextafter(mid, 0.0f), std::nextafter(mid, kInfF), -mid}) {
      CheckTableTarget<half>(th, x, x);
    }
  }
}

TEST(ConvertRandom, IntegersToFloats) {
  const Table16 th = MakeTable<half>(), tb = MakeTable<bfloat16_t>();
  // Exhaustive 8/16-bit sources.
  for (int32_t i = -32768; i <= 32767; ++i) {
    CheckTableTarget<half>(th, static_cast<int16_t>(i), i);
    CheckTableTarget<bfloat16_t>(tb, static_cast<int16_t>(i), i);
  }
  for (int i = 0; i < 256; ++i) {
    CheckTableTarget<half>(th, static_cast<uint8_t>(i), i);
    CheckTableTarget<half>(th, static_cast<int8_t>(i - 128), i - 128);
  }
  std::mt19937_64 rng(5);
  for (int i = 0; i < 200000; ++i) {
    const int64_t v = static_cast<int64_t>(rng()) >> (rng() % 64);
    const int32_t w = static_cast<int32_t>(v);
    CheckTableTarget<half>(th, w, w);
    CheckTableTarget<bfloat16_t>(tb, w, w);
    for (RoundMode m : kModes) {
      if (w != 0) {
        ASSERT_TRUE(Same(ConvertScalar<float>(w, m), OracleFloat(w, m))) << w << ModeName(m);
      }
    }
    if (std::numeric_limits<long double>::digits >= 64) {  // long double holds int64 exactly
      CheckTableTarget<half>(th, v, static_cast<long double>(v));
      CheckTableTarget<bfloat16_t>(tb, v, static_cast<long double>(v));
      for (RoundMode m : kModes) {
        if (v == 0) continue;
        ASSERT_TRUE(Same(ConvertScalar<float>(v, m), OracleFloat(static_cast<long double>(v), m)))
            << v << ModeName(m);
        const uint64_t uv = static_cast<uint64_t>(v);
        ASSERT_TRUE(Same(ConvertScalar<float>(uv, m), OracleFloat(static_cast<long double>(uv), m)))
            << uv << ModeName(m);
      }
    }
  }
}

TEST(ConvertRandom, DoubleToFloat) {
  std::mt19937_64 rng(17);
  for (int i = 0; i < 300000; ++i) {
    uint64_t u = rng();
    if (i % 4) {  // mostly float's range: biased double exponents 860..1159
      u = (u & 0x800FFFFFFFFFFFFFull) | (static_cast<uint64_t>(860 + rng() % 300) << 52);
    }
    double d;
    std::memcpy(&d, &u, 8);
    if (std::isnan(d) || std::isinf(d) || d == 0) continue;
    for (RoundMode m : kModes) {
      ASSERT_TRUE(Same(ConvertScalar<float>(d, m), OracleFloat(d, m))) << Show(d) << " " << ModeName(m);
    }
  }
}

TEST(ConvertRandom, WideningIsExact) {
  for (uint32_t i = 0; i < 65536; ++i) {
    const half h = HB(static_cast<uint16_t>(i));
    const bfloat16_t b = BB(static_cast<uint16_t>(i));
    for (RoundMode m : kModes) {
      ASSERT_TRUE(Same(ConvertScalar<float>(h, m), static_cast<float>(h))) << i;
      ASSERT_TRUE(Same(ConvertScalar<double>(h, m), static_cast<double>(static_cast<float>(h)))) << i;
      ASSERT_TRUE(Same(ConvertScalar<float>(b, m), static_cast<float>(b))) << i;
      if (!isnan(b)) {
        ASSERT_EQ(Bits(ConvertScalar<float>(b, m)), static_cast<uint64_t>(i) << 16);
      }
    }
  }
}

template <class I, class Src>
void CheckIntTarget(Src x, long double exact) {
  for (RoundMode m : kModes) {
    ASSERT_EQ(ConvertScalar<I>(x, m), OracleInt<I>(exact, m)) << "src " << Show(x) << " mode " << ModeName(m);
  }
}

template <class Src>
void CheckAllIntTargets(Src x, long double exact) {
  CheckIntTarget<int64_t>(x, exact);
  CheckIntTarget<int32_t>(x, exact);
  CheckIntTarget<int16_t>(x, exact);
  CheckIntTarget<int8_t>(x, exact);
  CheckIntTarget<uint8_t>(x, exact);
  CheckIntTarget<uint32_t>(x, exact);
}

TEST(ConvertRandom, FloatingToIntegers) {
  for (uint32_t i = 0; i < 65536; ++i) {
    const half h = HB(static_cast<uint16_t>(i));
    CheckAllIntTargets(h, static_cast<float>(h));
    const bfloat16_t b = BB(static_cast<uint16_t>(i));
    CheckAllIntTargets(b, static_cast<float>(b));
  }
  std::mt19937 rng(3);
  for (int i = 0; i < 200000; ++i) {
    // Mostly |x| in [2^-3, 2^66): fractions, ties and every saturation limit.
    const float f = (i % 8 == 0) ? FB(rng()) : RandomFloat(rng, 124, 192);
    CheckAllIntTargets(f, f);
    const double d = static_cast<double>(f) + std::ldexp(static_cast<double>(rng() % 8), -3);
    CheckAllIntTargets(d, d);
  }
  // Every quarter in a range that crosses the int8/uint8/int16 limits.
  for (int q = -140000; q <= 140000; ++q) {
    const float f = static_cast<float>(q) / 4;
    CheckAllIntTargets(f, f);
  }
}

TEST(ConvertRandom, IntegersToIntegers) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 100000; ++i) {
    const int64_t v = static_cast<int64_t>(rng()) >> (rng() % 64);
    CheckAllIntTargets(v, static_cast<long double>(v));
    CheckAllIntTargets(static_cast<int32_t>(v), static_cast<int32_t>(v));
    CheckAllIntTargets(static_cast<int16_t>(v), static_cast<int16_t>(v));
  }
}

TEST(ConvertRandom, RoundToIntegralSameType) {
  for (uint32_t i = 0; i < 65536; ++i) {
    const half h = HB(static_cast<uint16_t>(i));
    const bfloat16_t b = BB(static_cast<uint16_t>(i));
    EXPECT_EQ(ConvertScalar<half>(h, kNone).ToBits(), h.ToBits());
    EXPECT_EQ(ConvertScalar<bfloat16_t>(b, kNone).ToBits(), b.ToBits());
    for (RoundMode m : {kRint, kFloor, kCeil, kRound, kTrunc, kOdd}) {
      const float fh = static_cast<float>(h), fb = static_cast<float>(b);
      float eh, eb;
      switch (m) {
        case kFloor: eh = std::floor(fh); eb = std::floor(fb); break;
        case kCeil: eh = std::ceil(fh); eb = std::ceil(fb); break;
        case kRound: eh = std::round(fh); eb = std::round(fb); break;
        case kRint: eh = std::nearbyint(fh); eb = std::nearbyint(fb); break;
        default: eh = std::trunc(fh); eb = std::trunc(fb); break;
      }
      ASSERT_TRUE(Same(ConvertScalar<half>(h, m), half(eh))) << Show(h) << ModeName(m);
      ASSERT_TRUE(Same(ConvertScalar<bfloat16_t>(b, m), bfloat16_t(eb))) << Show(b) << ModeName(m);
    }
  }
  std::mt19937 rng(21);
  for (int i = 0; i < 300000; ++i) {
    const float f = (i % 4 == 0) ? FB(rng()) : RandomFloat(rng, 120, 152);  // mostly [2^-7, 2^26)
    const uint32_t u = static_cast<uint32_t>(Bits(f));
    ASSERT_EQ(Bits(ConvertScalar<float>(f, kNone)), u);
    const float e[] = {std::nearbyint(f), std::floor(f), std::ceil(f), std::round(f), std::trunc(f), std::trunc(f)};
    const RoundMode ms[] = {kRint, kFloor, kCeil, kRound, kTrunc, kOdd};
    for (int k = 0; k < 6; ++k) {
      ASSERT_TRUE(Same(ConvertScalar<float>(f, ms[k]), e[k])) << Show(f) << ModeName(ms[k]);
    }
  }
}

}  // namespace
