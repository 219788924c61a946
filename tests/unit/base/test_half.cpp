// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tests of half / bfloat16_t: layout, exhaustive conversions, rounding at
// every midpoint, arithmetic against exact double results, numeric_limits and
// the operator overload set kernels rely on.
#include "aicore/base/half.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <sstream>
#include <type_traits>
#include <unordered_set>

#include "hwy/base.h"

namespace {

using aicore::detail::Bf16BitsToFloat;
using aicore::detail::DoubleToBf16Bits;
using aicore::detail::DoubleToHalfBits;
using aicore::detail::FloatToBf16Bits;
using aicore::detail::FloatToHalfBits;
using aicore::detail::FloatToHalfBitsPortable;
using aicore::detail::HalfBitsToFloat;
using aicore::detail::HalfBitsToFloatPortable;

uint32_t FloatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
float BitsFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

bool IsHalfNaN(uint16_t h) { return (h & 0x7FFF) > 0x7C00; }
bool IsBf16NaN(uint16_t b) { return (b & 0x7FFF) > 0x7F80; }

// Independent decoders: the value from the fields with ldexp.
double DecodeHalf(uint16_t h) {
  const int sign = h >> 15, e = (h >> 10) & 0x1F, m = h & 0x3FF;
  double v;
  if (e == 31) {
    v = m ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
  } else if (e == 0) {
    v = std::ldexp(static_cast<double>(m), -24);
  } else {
    v = std::ldexp(static_cast<double>(m + 1024), e - 25);
  }
  return sign ? -v : v;
}
double DecodeBf16(uint16_t b) {
  const int sign = b >> 15, e = (b >> 7) & 0xFF, m = b & 0x7F;
  double v;
  if (e == 255) {
    v = m ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
  } else if (e == 0) {
    v = std::ldexp(static_cast<double>(m), -133);
  } else {
    v = std::ldexp(static_cast<double>(m + 128), e - 134);
  }
  return sign ? -v : v;
}

// Compares a decoded value including the sign of zero and NaN-ness.
::testing::AssertionResult SameValue(double expected, double actual) {
  if (std::isnan(expected) && std::isnan(actual)) return ::testing::AssertionSuccess();
  if (expected == actual && std::signbit(expected) == std::signbit(actual)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "expected " << expected << " got " << actual;
}

// ---------------------------------------------------------------------------
// Layout

TEST(HalfLayout, SizeAndTraits) {
  static_assert(sizeof(half) == sizeof(hwy::float16_t), "");
  static_assert(alignof(half) == alignof(hwy::float16_t) || alignof(hwy::float16_t) == 1, "");
  static_assert(sizeof(bfloat16_t) == sizeof(hwy::bfloat16_t), "");
  static_assert(std::is_trivially_copyable_v<half>, "");
  static_assert(std::is_trivially_copyable_v<bfloat16_t>, "");
  static_assert(std::is_standard_layout_v<half>, "");
  static_assert(std::is_standard_layout_v<bfloat16_t>, "");
  static_assert(std::is_trivially_default_constructible_v<half>, "");
  static_assert(std::is_trivially_default_constructible_v<bfloat16_t>, "");
  const half h = 1.0f;
  hwy::float16_t hw;
  std::memcpy(&hw, &h, 2);
  uint16_t hw_bits;
  std::memcpy(&hw_bits, &hw, 2);
  EXPECT_EQ(hw_bits, 0x3C00);
  const bfloat16_t b = 3.0f;
  hwy::bfloat16_t bw;
  std::memcpy(&bw, &b, 2);
  EXPECT_EQ(hwy::F32FromBF16(bw), 3.0f);
  EXPECT_EQ(half{}.ToBits(), 0);
  EXPECT_EQ(half::FromBits(0x3C00).ToBits(), 0x3C00);
  EXPECT_EQ(bfloat16_t::FromBits(0x3F80).ToBits(), 0x3F80);
}

// ---------------------------------------------------------------------------
// Exhaustive widening and round trips

TEST(HalfConvert, ExhaustiveDecodeAndRoundTrip) {
  for (uint32_t i = 0; i < 65536; ++i) {
    const uint16_t h = static_cast<uint16_t>(i);
    const float f = HalfBitsToFloat(h);
    const float fp = HalfBitsToFloatPortable(h);
    ASSERT_TRUE(SameValue(DecodeHalf(h), f)) << std::hex << i;
    ASSERT_TRUE(SameValue(DecodeHalf(h), fp)) << std::hex << i;
    ASSERT_TRUE(SameValue(DecodeHalf(h), static_cast<float>(half::FromBits(h)))) << std::hex << i;
    if (IsHalfNaN(h)) {
      // Quiet, sign and payload kept.
      ASSERT_EQ(FloatBits(fp), (static_cast<uint32_t>(h & 0x8000) << 16) | 0x7FC00000u | ((h & 0x3FFu) << 13));
      ASSERT_TRUE(IsHalfNaN(FloatToHalfBits(f)));
      ASSERT_TRUE(IsHalfNaN(FloatToHalfBitsPortable(fp)));
      ASSERT_EQ(FloatToHalfBitsPortable(fp), h | 0x0200);  // quieted, payload kept
    } else {
      ASSERT_EQ(FloatToHalfBits(f), h) << std::hex << i;
      ASSERT_EQ(FloatToHalfBitsPortable(f), h) << std::hex << i;
      ASSERT_EQ(half(f).ToBits(), h) << std::hex << i;
      ASSERT_EQ(DoubleToHalfBits(static_cast<double>(f)), h) << std::hex << i;
      ASSERT_EQ(half(static_cast<double>(f)).ToBits(), h) << std::hex << i;
    }
  }
}

TEST(Bf16Convert, ExhaustiveDecodeAndRoundTrip) {
  for (uint32_t i = 0; i < 65536; ++i) {
    const uint16_t b = static_cast<uint16_t>(i);
    const float f = Bf16BitsToFloat(b);
    ASSERT_TRUE(SameValue(DecodeBf16(b), f)) << std::hex << i;
    if (IsBf16NaN(b)) {
      ASSERT_EQ(FloatToBf16Bits(f), b | 0x0040);
      ASSERT_EQ(DoubleToBf16Bits(static_cast<double>(f)), b | 0x0040);
    } else {
      ASSERT_EQ(FloatToBf16Bits(f), b) << std::hex << i;
      ASSERT_EQ(bfloat16_t(f).ToBits(), b) << std::hex << i;
      ASSERT_EQ(DoubleToBf16Bits(static_cast<double>(f)), b) << std::hex << i;
      ASSERT_EQ(bfloat16_t(static_cast<double>(f)).ToBits(), b) << std::hex << i;
    }
  }
}

// ---------------------------------------------------------------------------
// Rounding at every midpoint

// For adjacent finite values lo < hi of the 16-bit format (bits lo_bits and
// lo_bits + 1 of the same sign), checks that the midpoint goes to the even
// one and its neighbours to the nearer one, for float and double sources.
template <class ToBitsF, class ToBitsD>
void CheckMidpoints(uint16_t max_finite, double (*decode)(uint16_t), ToBitsF from_float, ToBitsD from_double,
                    const char* what) {
  for (uint32_t sign = 0; sign <= 0x8000; sign += 0x8000) {
    for (uint32_t lo_bits = 0; lo_bits < max_finite; ++lo_bits) {
      const uint16_t a = static_cast<uint16_t>(sign | lo_bits);
      const uint16_t b = static_cast<uint16_t>(sign | (lo_bits + 1));
      const double da = decode(a), db = decode(b);
      const double mid = (da + db) / 2;  // exact in double and float
      const float fmid = static_cast<float>(mid);
      ASSERT_EQ(static_cast<double>(fmid), mid);
      const uint16_t even = (a & 1) ? b : a;
      ASSERT_EQ(from_float(fmid), even) << what << " float mid " << std::hex << a;
      ASSERT_EQ(from_float(std::nextafter(fmid, static_cast<float>(da))), a) << what << std::hex << a;
      ASSERT_EQ(from_float(std::nextafter(fmid, static_cast<float>(db))), b) << what << std::hex << a;
      ASSERT_EQ(from_double(mid), even) << what << " double mid " << std::hex << a;
      // One double ulp off the midpoint: a double->float->16 path would hit
      // the tie and go to the even side; the direct path must not.
      ASSERT_EQ(from_double(std::nextafter(mid, da)), a) << what << std::hex << a;
      ASSERT_EQ(from_double(std::nextafter(mid, db)), b) << what << std::hex << a;
    }
  }
}

TEST(HalfConvert, EveryMidpointRoundsToNearestEven) {
  auto f_lib = [](float f) { return FloatToHalfBits(f); };
  auto f_port = [](float f) { return FloatToHalfBitsPortable(f); };
  auto f_cls = [](float f) { return half(f).ToBits(); };
  auto d_lib = [](double d) { return DoubleToHalfBits(d); };
  auto d_cls = [](double d) { return half(d).ToBits(); };
  CheckMidpoints(0x7BFF, DecodeHalf, f_lib, d_lib, "lib");
  CheckMidpoints(0x7BFF, DecodeHalf, f_port, d_cls, "portable");
  CheckMidpoints(0x7BFF, DecodeHalf, f_cls, d_cls, "class");
}

TEST(Bf16Convert, EveryMidpointRoundsToNearestEven) {
  auto f_lib = [](float f) { return FloatToBf16Bits(f); };
  auto f_cls = [](float f) { return bfloat16_t(f).ToBits(); };
  auto d_lib = [](double d) { return DoubleToBf16Bits(d); };
  auto d_cls = [](double d) { return bfloat16_t(d).ToBits(); };
  CheckMidpoints(0x7F7F, DecodeBf16, f_lib, d_lib, "lib");
  CheckMidpoints(0x7F7F, DecodeBf16, f_cls, d_cls, "class");
}

template <class F>
void CheckHalfSpecials(F to_half) {
  // Overflow threshold: 65520 is the midpoint between 65504 and 2^16.
  EXPECT_EQ(to_half(65504.0f), 0x7BFF);
  EXPECT_EQ(to_half(65519.99f), 0x7BFF);
  EXPECT_EQ(to_half(std::nextafter(65520.0f, 0.0f)), 0x7BFF);
  EXPECT_EQ(to_half(65520.0f), 0x7C00);
  EXPECT_EQ(to_half(-65520.0f), 0xFC00);
  EXPECT_EQ(to_half(1e10f), 0x7C00);
  EXPECT_EQ(to_half(FLT_MAX), 0x7C00);
  EXPECT_EQ(to_half(-FLT_MAX), 0xFC00);
  EXPECT_EQ(to_half(std::numeric_limits<float>::infinity()), 0x7C00);
  EXPECT_EQ(to_half(-std::numeric_limits<float>::infinity()), 0xFC00);
  // Zeros and underflow.
  EXPECT_EQ(to_half(0.0f), 0x0000);
  EXPECT_EQ(to_half(-0.0f), 0x8000);
  EXPECT_EQ(to_half(std::ldexp(1.0f, -25)), 0x0000);                        // tie -> even 0
  EXPECT_EQ(to_half(std::nextafter(std::ldexp(1.0f, -25), 1.0f)), 0x0001);  // just above
  EXPECT_EQ(to_half(-std::ldexp(1.0f, -25)), 0x8000);
  EXPECT_EQ(to_half(std::ldexp(3.0f, -26)), 0x0001);  // 0.75 units -> 1
  EXPECT_EQ(to_half(std::ldexp(3.0f, -25)), 0x0002);  // 1.5 units: tie -> even 2
  EXPECT_EQ(to_half(std::ldexp(5.0f, -25)), 0x0002);  // 2.5 units: tie -> even 2
  EXPECT_EQ(to_half(std::ldexp(1.0f, -24)), 0x0001);
  EXPECT_EQ(to_half(std::ldexp(1.0f, -14)), 0x0400);
  EXPECT_EQ(to_half(std::ldexp(1.0f, -14) - std::ldexp(1.0f, -25)), 0x0400);  // max subnormal / min normal tie
  EXPECT_EQ(to_half(std::numeric_limits<float>::denorm_min()), 0x0000);
  EXPECT_EQ(to_half(-std::numeric_limits<float>::denorm_min()), 0x8000);
  EXPECT_EQ(to_half(FLT_MIN), 0x0000);
  // NaN stays NaN, sign kept.
  EXPECT_TRUE(IsHalfNaN(to_half(std::numeric_limits<float>::quiet_NaN())));
  EXPECT_TRUE(IsHalfNaN(to_half(-std::numeric_limits<float>::quiet_NaN())));
  EXPECT_EQ(to_half(-std::numeric_limits<float>::quiet_NaN()) & 0x8000, 0x8000);
  EXPECT_TRUE(IsHalfNaN(to_half(std::numeric_limits<float>::signaling_NaN())));
  EXPECT_TRUE(IsHalfNaN(to_half(BitsFloat(0x7F800001u))));  // payload only in low bits
}

TEST(HalfConvert, Specials) {
  CheckHalfSpecials([](float f) { return FloatToHalfBits(f); });
  CheckHalfSpecials([](float f) { return FloatToHalfBitsPortable(f); });
  CheckHalfSpecials([](float f) { return DoubleToHalfBits(f); });
  CheckHalfSpecials([](float f) { return half(f).ToBits(); });
  EXPECT_EQ(DoubleToHalfBits(65519.999999), 0x7BFF);
  EXPECT_EQ(DoubleToHalfBits(1e300), 0x7C00);
  EXPECT_EQ(DoubleToHalfBits(-1e-300), 0x8000);
  EXPECT_EQ(DoubleToHalfBits(std::numeric_limits<double>::denorm_min()), 0x0000);
  EXPECT_TRUE(IsHalfNaN(DoubleToHalfBits(std::numeric_limits<double>::quiet_NaN())));
  EXPECT_EQ(DoubleToHalfBits(-std::numeric_limits<double>::quiet_NaN()) & 0x8000, 0x8000);
}

TEST(Bf16Convert, Specials) {
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_EQ(FloatToBf16Bits(inf), 0x7F80);
  EXPECT_EQ(FloatToBf16Bits(-inf), 0xFF80);
  EXPECT_EQ(FloatToBf16Bits(FLT_MAX), 0x7F80);  // above max + half ulp
  EXPECT_EQ(FloatToBf16Bits(-FLT_MAX), 0xFF80);
  EXPECT_EQ(FloatToBf16Bits(BitsFloat(0x7F7F7FFFu)), 0x7F7F);
  EXPECT_EQ(FloatToBf16Bits(BitsFloat(0x7F7F8000u)), 0x7F80);  // tie -> even (inf)
  EXPECT_EQ(FloatToBf16Bits(0.0f), 0x0000);
  EXPECT_EQ(FloatToBf16Bits(-0.0f), 0x8000);
  EXPECT_EQ(FloatToBf16Bits(BitsFloat(0x00008000u)), 0x0000);  // subnormal tie -> even
  EXPECT_EQ(FloatToBf16Bits(BitsFloat(0x00018000u)), 0x0002);
  EXPECT_EQ(FloatToBf16Bits(BitsFloat(0x00008001u)), 0x0001);
  EXPECT_EQ(FloatToBf16Bits(1.0f + std::ldexp(1.0f, -8)), 0x3F80);                     // tie -> even
  EXPECT_EQ(FloatToBf16Bits(1.0f + std::ldexp(3.0f, -8)), 0x3F82);                     // tie -> even
  EXPECT_EQ(FloatToBf16Bits(1.0f + std::ldexp(1.0f, -8) + std::ldexp(1.0f, -23)), 0x3F81);  // Highway truncates
  for (uint32_t u : {0x7F800001u, 0x7FC00000u, 0xFFC00000u, 0x7FA00000u, 0xFF800001u}) {
    const uint16_t r = FloatToBf16Bits(BitsFloat(u));
    EXPECT_TRUE(IsBf16NaN(r)) << std::hex << u;
    EXPECT_EQ(r & 0x8000, (u >> 16) & 0x8000);
    EXPECT_TRUE(r & 0x0040);  // quiet
  }
  EXPECT_EQ(DoubleToBf16Bits(1e39), 0x7F80);
  EXPECT_EQ(DoubleToBf16Bits(-1e39), 0xFF80);
  EXPECT_EQ(DoubleToBf16Bits(1e-50), 0x0000);
  EXPECT_EQ(DoubleToBf16Bits(std::ldexp(1.0, -133)), 0x0001);
  EXPECT_EQ(DoubleToBf16Bits(std::ldexp(1.0, -134)), 0x0000);  // tie -> 0
  EXPECT_EQ(DoubleToBf16Bits(std::ldexp(1.0, -134) * (1 + 1e-15)), 0x0001);
}

#if defined(__F16C__)
TEST(HalfConvert, PortableMatchesF16C) {
  for (uint32_t i = 0; i < 65536; ++i) {
    const uint16_t h = static_cast<uint16_t>(i);
    ASSERT_EQ(FloatBits(HalfBitsToFloatPortable(h)), FloatBits(_cvtsh_ss(h))) << std::hex << i;
  }
  // Every float that is a half, every midpoint neighbourhood (covered above),
  // and a few million random float bit patterns including NaN payloads.
  std::mt19937 rng(12345);
  for (int i = 0; i < 4000000; ++i) {
    uint32_t u = rng();
    if (i & 1) u = (u & 0x87FFFFFFu) | 0x30000000u;  // bias toward the half range
    const float f = BitsFloat(u);
    ASSERT_EQ(FloatToHalfBitsPortable(f), static_cast<uint16_t>(_cvtss_sh(f, 0))) << std::hex << u;
  }
}
#endif

// ---------------------------------------------------------------------------
// Integers and other sources

TEST(HalfConvert, FromIntegers) {
  for (int32_t i = -32768; i <= 32767; ++i) {
    ASSERT_EQ(half(static_cast<int16_t>(i)).ToBits(), FloatToHalfBits(static_cast<float>(i)));
    ASSERT_EQ(half(i).ToBits(), FloatToHalfBits(static_cast<float>(i)));
    ASSERT_EQ(bfloat16_t(i).ToBits(), FloatToBf16Bits(static_cast<float>(i)));
  }
  for (int i = 0; i < 256; ++i) {
    ASSERT_EQ(half(static_cast<uint8_t>(i)).ToBits(), FloatToHalfBits(static_cast<float>(i)));
    ASSERT_EQ(half(static_cast<int8_t>(i - 128)).ToBits(), FloatToHalfBits(static_cast<float>(i - 128)));
  }
  EXPECT_EQ(half(2049).ToBits(), half(2048.0f).ToBits());  // tie -> even
  EXPECT_EQ(half(2051).ToBits(), half(2052.0f).ToBits());  // tie -> even
  EXPECT_EQ(half(65519).ToBits(), 0x7BFF);
  EXPECT_EQ(half(65520).ToBits(), 0x7C00);
  EXPECT_EQ(half(-65520).ToBits(), 0xFC00);
  EXPECT_EQ(half(INT32_MAX).ToBits(), 0x7C00);
  EXPECT_EQ(half(INT64_MIN).ToBits(), 0xFC00);
  EXPECT_EQ(half(UINT64_MAX).ToBits(), 0x7C00);
  EXPECT_EQ(half(uint16_t{65535}).ToBits(), 0x7C00);
  EXPECT_EQ(half(true).ToBits(), 0x3C00);
  // int64 -> bf16 without double rounding: 2^60 + 2^52 + 1 is just above the
  // midpoint of 2^60 and 2^60 + 2^53; through double it would be a tie.
  const int64_t big = (int64_t{1} << 60) + (int64_t{1} << 52) + 1;
  EXPECT_EQ(static_cast<double>(bfloat16_t(big)), std::ldexp(1.0, 60) + std::ldexp(1.0, 53));
  EXPECT_EQ(static_cast<double>(bfloat16_t(-big)), -(std::ldexp(1.0, 60) + std::ldexp(1.0, 53)));
  EXPECT_EQ(static_cast<double>(bfloat16_t((int64_t{1} << 60) + (int64_t{1} << 52))), std::ldexp(1.0, 60));
  EXPECT_EQ(static_cast<double>(bfloat16_t(static_cast<uint64_t>(big) << 3)), std::ldexp(1.0, 63) + std::ldexp(1.0, 56));
  EXPECT_EQ(static_cast<double>(bfloat16_t(UINT64_MAX)), std::ldexp(1.0, 64));
  EXPECT_EQ(static_cast<double>(bfloat16_t(INT64_MIN)), -std::ldexp(1.0, 63));
  // Random int32/int64 against the double path (exact for |x| < 2^53).
  std::mt19937_64 rng(7);
  for (int i = 0; i < 200000; ++i) {
    const int64_t v = static_cast<int64_t>(rng()) >> (rng() % 64);
    const int32_t w = static_cast<int32_t>(v);
    ASSERT_EQ(half(w).ToBits(), DoubleToHalfBits(w));
    ASSERT_EQ(bfloat16_t(w).ToBits(), DoubleToBf16Bits(w));
    if (v > -(int64_t{1} << 53) && v < (int64_t{1} << 53)) {
      ASSERT_EQ(bfloat16_t(v).ToBits(), DoubleToBf16Bits(static_cast<double>(v)));
      ASSERT_EQ(half(v).ToBits(), DoubleToHalfBits(static_cast<double>(v)));
    }
  }
}

TEST(HalfConvert, FromLongDouble) {
  EXPECT_EQ(half(1.5L).ToBits(), 0x3E00);
  EXPECT_EQ(bfloat16_t(-2.0L).ToBits(), 0xC000);
  if (std::numeric_limits<long double>::digits > 53) {
    // Midpoint of 1 and 1 + 2^-10 plus a tail below double precision.
    const long double x = 1.0L + std::ldexp(1.0L, -11) + std::ldexp(1.0L, -60);
    EXPECT_EQ(half(x).ToBits(), 0x3C01);
    EXPECT_EQ(half(-x).ToBits(), 0xBC01);
    const long double y = 1.0L + std::ldexp(1.0L, -11) - std::ldexp(1.0L, -60);
    EXPECT_EQ(half(y).ToBits(), 0x3C00);
    const long double z = 1.0L + std::ldexp(1.0L, -8) + std::ldexp(1.0L, -62);
    EXPECT_EQ(bfloat16_t(z).ToBits(), 0x3F81);
  }
}

TEST(HalfConvert, ToIntegers) {
  EXPECT_EQ(static_cast<int>(half(2.75f)), 2);
  EXPECT_EQ(static_cast<int>(half(-2.75f)), -2);
  EXPECT_EQ(static_cast<int>(half(-0.5f)), 0);
  EXPECT_EQ(static_cast<int>(half(65504.0f)), 65504);
  EXPECT_EQ(static_cast<int8_t>(half(300.0f)), 127);
  EXPECT_EQ(static_cast<int8_t>(half(-300.0f)), -128);
  EXPECT_EQ(static_cast<int8_t>(half(-128.0f)), -128);
  EXPECT_EQ(static_cast<int8_t>(half(127.9f)), 127);
  EXPECT_EQ(static_cast<uint8_t>(half(255.0f)), 255);
  EXPECT_EQ(static_cast<uint8_t>(half(256.0f)), 255);
  EXPECT_EQ(static_cast<uint8_t>(half(-5.0f)), 0);
  EXPECT_EQ(static_cast<uint8_t>(half(-0.75f)), 0);
  EXPECT_EQ(static_cast<int16_t>(half(40000.0f)), 32767);
  EXPECT_EQ(static_cast<uint16_t>(half(65504.0f)), 65504);
  EXPECT_EQ(static_cast<int>(std::numeric_limits<half>::infinity()), INT32_MAX);
  EXPECT_EQ(static_cast<int>(-std::numeric_limits<half>::infinity()), INT32_MIN);
  EXPECT_EQ(static_cast<int>(std::numeric_limits<half>::quiet_NaN()), 0);
  EXPECT_EQ(static_cast<uint64_t>(std::numeric_limits<half>::infinity()), UINT64_MAX);
  EXPECT_EQ(static_cast<int64_t>(bfloat16_t(1e30f)), INT64_MAX);
  EXPECT_EQ(static_cast<int64_t>(bfloat16_t(-1e30f)), INT64_MIN);
  EXPECT_EQ(static_cast<int64_t>(bfloat16_t(-std::ldexp(1.0f, 63))), INT64_MIN);
  EXPECT_EQ(static_cast<int32_t>(bfloat16_t(3e9f)), INT32_MAX);
  EXPECT_EQ(static_cast<uint32_t>(bfloat16_t(3e9f)), static_cast<uint32_t>(static_cast<float>(bfloat16_t(3e9f))));
  EXPECT_EQ(static_cast<int>(bfloat16_t(-7.9f)), -7);
  // Every half value against a float cast (in range of int32).
  for (uint32_t i = 0; i < 65536; ++i) {
    const half h = half::FromBits(static_cast<uint16_t>(i));
    if (!isfinite(h)) continue;
    ASSERT_EQ(static_cast<int32_t>(h), static_cast<int32_t>(static_cast<float>(h)));
    ASSERT_EQ(static_cast<int64_t>(h), static_cast<int64_t>(static_cast<float>(h)));
  }
}

TEST(HalfConvert, HalfBf16CrossConversion) {
  for (uint32_t i = 0; i < 65536; ++i) {
    const uint16_t b = static_cast<uint16_t>(i);
    if (IsBf16NaN(b) || IsHalfNaN(b)) continue;
    ASSERT_EQ(half(bfloat16_t::FromBits(b)).ToBits(), FloatToHalfBits(Bf16BitsToFloat(b)));
    ASSERT_EQ(bfloat16_t(half::FromBits(b)).ToBits(), FloatToBf16Bits(HalfBitsToFloat(b)));
  }
}

// ---------------------------------------------------------------------------
// Arithmetic: a op b == RNE(exact a op b). Sums, differences and products of
// two 16-bit values are exact in double; a double quotient rounded once more
// to 11 (or 8) bits is correctly rounded because 53 >= 2p + 2.

template <class H>
uint16_t RoundDouble(double d);
template <>
uint16_t RoundDouble<half>(double d) {
  return DoubleToHalfBits(d);
}
template <>
uint16_t RoundDouble<bfloat16_t>(double d) {
  return DoubleToBf16Bits(d);
}

template <class H>
void CheckArithmetic(bool (*is_nan)(uint16_t)) {
  std::mt19937 rng(2026);
  auto same = [&](uint16_t expected, H got) {
    return is_nan(expected) ? is_nan(got.ToBits()) : expected == got.ToBits();
  };
  for (int i = 0; i < 400000; ++i) {
    uint16_t ab = static_cast<uint16_t>(rng()), bb = static_cast<uint16_t>(rng());
    if (i % 4 == 1) bb = static_cast<uint16_t>((ab & 0x8000) ^ (bb & 0x83FF) ^ (ab & 0x7C00));  // close magnitudes
    const H a = H::FromBits(ab), b = H::FromBits(bb);
    const double da = static_cast<float>(a), db = static_cast<float>(b);
    ASSERT_TRUE(same(RoundDouble<H>(da + db), a + b)) << std::hex << ab << " + " << bb;
    ASSERT_TRUE(same(RoundDouble<H>(da - db), a - b)) << std::hex << ab << " - " << bb;
    ASSERT_TRUE(same(RoundDouble<H>(da * db), a * b)) << std::hex << ab << " * " << bb;
    ASSERT_TRUE(same(RoundDouble<H>(da / db), a / b)) << std::hex << ab << " / " << bb;
    // Compound assignment (which NaN payload survives a NaN op NaN is up to
    // the hardware and operand order, so NaNs only need to stay NaN).
    H c = a;
    c += b;
    ASSERT_TRUE(same((a + b).ToBits(), c));
    c = a;
    c *= b;
    ASSERT_TRUE(same((a * b).ToBits(), c));
    ASSERT_EQ(a < b, da < db);
    ASSERT_EQ(a <= b, da <= db);
    ASSERT_EQ(a > b, da > db);
    ASSERT_EQ(a >= b, da >= db);
    ASSERT_EQ(a == b, da == db);
    ASSERT_EQ(a != b, da != db);
  }
}

TEST(HalfArithmetic, MatchesExactRounding) { CheckArithmetic<half>(IsHalfNaN); }
TEST(Bf16Arithmetic, MatchesExactRounding) { CheckArithmetic<bfloat16_t>(IsBf16NaN); }

TEST(HalfArithmetic, IeeeDetails) {
  const half nan = std::numeric_limits<half>::quiet_NaN();
  const half pz = 0.0f, nz = -0.0f, one = 1.0f;
  EXPECT_TRUE(pz == nz);
  EXPECT_FALSE(pz < nz);
  EXPECT_FALSE(nan == nan);
  EXPECT_TRUE(nan != nan);
  EXPECT_FALSE(nan < one || nan > one || nan <= one || nan >= one);
  EXPECT_FALSE(nan == 1.0f || 1 == nan);
  EXPECT_EQ((pz + nz).ToBits(), 0x0000);
  EXPECT_EQ((nz + nz).ToBits(), 0x8000);
  EXPECT_EQ((one - one).ToBits(), 0x0000);
  EXPECT_EQ((-pz).ToBits(), 0x8000);
  EXPECT_EQ((nz * one).ToBits(), 0x8000);
  EXPECT_EQ((one / pz).ToBits(), 0x7C00);
  EXPECT_EQ((one / nz).ToBits(), 0xFC00);
  EXPECT_TRUE(isnan(pz / pz));
  EXPECT_EQ((half(65504.0f) + half(16.0f)).ToBits(), 0x7C00);  // 65520: overflow
  EXPECT_EQ((half(65504.0f) + half(8.0f)).ToBits(), 0x7BFF);
  // Mixed comparisons are exact: 65505 is not 65504 even though half(65505) is.
  EXPECT_FALSE(half(65504.0f) == 65505);
  EXPECT_TRUE(half(65504.0f) < 65505);
  EXPECT_TRUE(half(2049.0f) == 2048);
  EXPECT_TRUE(half(1.0f) == 1u);
  EXPECT_TRUE(bfloat16_t(std::ldexp(1.0f, 60)) < (int64_t{1} << 60) + 1);
  EXPECT_TRUE(half(0.5f) < 0.50001);
  EXPECT_TRUE(half(0.1f) != 0.1);  // exact value comparison in double
  // Increment and decrement.
  half h = 1.0f;
  EXPECT_EQ((h++).ToBits(), 0x3C00);
  EXPECT_EQ(h.ToBits(), 0x4000);
  EXPECT_EQ((++h).ToBits(), 0x4200);
  EXPECT_EQ((--h).ToBits(), 0x4000);
  EXPECT_EQ((h--).ToBits(), 0x4000);
  EXPECT_EQ(h.ToBits(), 0x3C00);
  half big = 2048.0f;
  ++big;  // 2049 -> tie -> 2048
  EXPECT_EQ(static_cast<float>(big), 2048.0f);
  // Classification helpers.
  EXPECT_TRUE(isnan(nan));
  EXPECT_TRUE(isinf(std::numeric_limits<half>::infinity()));
  EXPECT_TRUE(isfinite(one));
  EXPECT_FALSE(isfinite(nan));
  EXPECT_TRUE(signbit(nz));
  EXPECT_EQ(abs(half(-3.0f)).ToBits(), half(3.0f).ToBits());
  EXPECT_TRUE(std::isnan(nan));
  EXPECT_TRUE(std::isinf(-std::numeric_limits<bfloat16_t>::infinity()));
  EXPECT_TRUE(isnan(std::numeric_limits<bfloat16_t>::signaling_NaN()));
  // Hash: equal values hash alike.
  EXPECT_EQ(std::hash<half>()(pz), std::hash<half>()(nz));
  std::unordered_set<half> set{half(1.0f), half(2.0f), half(1.0f)};
  EXPECT_EQ(set.size(), 2u);
}

// ---------------------------------------------------------------------------
// The operator overload set kernels use. Compiling this is most of the test.

template <class H>
void MixedExpressions() {
  H h = 1.5f;
  float f = h * 2.0f;
  H g = h + h;
  bool b = h < 2.0f;
  h = h * (H)3;
  double d = h;
  int i = (int)h;
  H k = 2;
  k += 1.0f;
  auto s = h + 1;
  static_assert(std::is_same_v<decltype(s), H>, "H op int -> H");
  static_assert(std::is_same_v<decltype(h + h), H>, "");
  static_assert(std::is_same_v<decltype(h * 2.0f), float>, "H op float -> float");
  static_assert(std::is_same_v<decltype(2.0f * h), float>, "");
  static_assert(std::is_same_v<decltype(h - 2.0), double>, "H op double -> double");
  static_assert(std::is_same_v<decltype(3u / h), H>, "");
  static_assert(std::is_same_v<decltype(h < 2.0f), bool>, "");
  static_assert(std::is_same_v<decltype(-h), H>, "");
  static_assert(std::is_same_v<decltype(k += 1.0f), H&>, "");
  static_assert(std::is_same_v<decltype(k++), H>, "");
  static_assert(std::is_convertible_v<H, float> && std::is_convertible_v<H, double>, "");
  static_assert(std::is_convertible_v<float, H> && std::is_convertible_v<int, H> &&
                    std::is_convertible_v<double, H> && std::is_convertible_v<uint64_t, H>,
                "");
  EXPECT_EQ(f, 3.0f);
  EXPECT_EQ(static_cast<float>(g), 3.0f);
  EXPECT_TRUE(b);
  EXPECT_EQ(d, 4.5);
  EXPECT_EQ(i, 4);
  EXPECT_EQ(static_cast<float>(k), 3.0f);
  EXPECT_EQ(static_cast<float>(s), 5.5f);
  // More of the same.
  k -= 1;
  k *= 2.0;
  k /= g;
  k = -k;
  k = +k;
  EXPECT_EQ(k.ToBits(), (-(H(4.0f) / H(3.0f))).ToBits());
  const bool c = (h == h) && (1 != h) && (h <= 5u) && (h >= 1.0) && (h > short{4}) && (4.5f == h);
  EXPECT_TRUE(c);
  if (!h) ADD_FAILURE() << "contextual bool";
  const int8_t i8 = static_cast<int8_t>(h);
  const uint64_t u64 = (uint64_t)h;
  const long double ld = h + 1.0L;
  EXPECT_EQ(i8, 4);
  EXPECT_EQ(u64, 4u);
  EXPECT_EQ(ld, 5.5L);
  H arr[3] = {1, 2.0, 3.0f};
  EXPECT_EQ(static_cast<float>(arr[0] + arr[1] * arr[2]), 7.0f);
  const float m = std::max<float>(h, 1.0f);
  EXPECT_EQ(m, 4.5f);
  const float a = std::abs(-h);
  EXPECT_EQ(a, 4.5f);
  H z = h;
  z = 0;
  z = 1.25;
  EXPECT_EQ(static_cast<float>(z), 1.25f);
  // Accumulating into built-in types.
  float acc = 1.0f;
  acc += h;
  acc *= h;
  double dacc = 0.0;
  dacc -= h;
  int iacc = 1;
  iacc += static_cast<int>(h);
  EXPECT_EQ(acc, 24.75f);
  EXPECT_EQ(dacc, -4.5);
  EXPECT_EQ(iacc, 5);
  std::ostringstream os;
  os << h << ' ' << H(-0.25f);
  EXPECT_EQ(os.str(), "4.5 -0.25");
}

TEST(HalfOperators, MixedExpressionsHalf) { MixedExpressions<half>(); }
TEST(HalfOperators, MixedExpressionsBf16) { MixedExpressions<bfloat16_t>(); }

TEST(HalfOperators, HalfAndBf16Together) {
  const half h = 1.5f;
  const bfloat16_t b = 2.0f;
  auto sum = h + b;  // both widen to float
  static_assert(std::is_same_v<decltype(sum), float>, "");
  EXPECT_EQ(sum, 3.5f);
  EXPECT_TRUE(h < b);
  const half h2(b);
  const bfloat16_t b2(h);
  EXPECT_EQ(static_cast<float>(h2), 2.0f);
  EXPECT_EQ(static_cast<float>(b2), 1.5f);
  static_assert(!std::is_convertible_v<half, bfloat16_t> && !std::is_convertible_v<bfloat16_t, half>,
                "cross conversions are explicit");
}

#if AICORE_HALF_HAS_CONSTEXPR
TEST(HalfOperators, Constexpr) {
  constexpr half c = 1.5f;
  static_assert(c.ToBits() == 0x3E00, "");
  constexpr half c2 = c * c + 1;  // 3.25
  static_assert(c2.ToBits() == 0x4280, "");
  constexpr half c3 = 65520.0;
  static_assert(c3.ToBits() == 0x7C00, "");
  constexpr bfloat16_t b = 3;
  static_assert(b.ToBits() == 0x4040, "");
  static_assert(static_cast<float>(half::FromBits(0x0001)) == 5.9604644775390625e-8f, "");
  static_assert(c < 2.0f && c == 1.5, "");
  static_assert(static_cast<int>(half(-2.5f)) == -2, "");
}
#endif

// ---------------------------------------------------------------------------
// numeric_limits

TEST(HalfLimits, Half) {
  using L = std::numeric_limits<half>;
  static_assert(L::is_specialized && L::is_signed && !L::is_integer && !L::is_exact, "");
  static_assert(L::has_infinity && L::has_quiet_NaN && L::has_signaling_NaN && L::is_iec559, "");
  static_assert(L::has_denorm == std::denorm_present && L::round_style == std::round_to_nearest, "");
  static_assert(L::digits == 11 && L::radix == 2 && L::is_bounded && !L::is_modulo, "");
  static_assert(L::max().ToBits() == 0x7BFF, "");
  EXPECT_EQ(static_cast<float>(L::max()), 65504.0f);
  EXPECT_EQ(static_cast<float>(L::lowest()), -65504.0f);
  EXPECT_EQ(static_cast<float>(L::min()), std::ldexp(1.0f, -14));
  EXPECT_EQ(static_cast<float>(L::denorm_min()), std::ldexp(1.0f, -24));
  EXPECT_EQ(static_cast<float>(L::epsilon()), std::ldexp(1.0f, -10));
  EXPECT_EQ((half(1.0f) + L::epsilon()).ToBits(), 0x3C01);
  EXPECT_EQ(static_cast<float>(L::round_error()), 0.5f);
  EXPECT_TRUE(std::isinf(static_cast<float>(L::infinity())));
  EXPECT_GT(static_cast<float>(L::infinity()), 0.0f);
  EXPECT_TRUE(isnan(L::quiet_NaN()));
  EXPECT_TRUE(isnan(L::signaling_NaN()));
  EXPECT_TRUE(L::quiet_NaN().ToBits() & 0x0200);
  EXPECT_FALSE(L::signaling_NaN().ToBits() & 0x0200);
  // Derived constants against their definitions.
  EXPECT_EQ(L::digits10, static_cast<int>(std::floor((L::digits - 1) * std::log10(2.0))));
  EXPECT_EQ(L::max_digits10, static_cast<int>(std::ceil(1 + L::digits * std::log10(2.0))));
  EXPECT_EQ(std::ldexp(1.0, L::min_exponent - 1), static_cast<float>(L::min()));
  EXPECT_EQ(std::ldexp(1.0, L::max_exponent), 65536.0);
  EXPECT_EQ(L::min_exponent10, static_cast<int>(std::ceil(std::log10(static_cast<float>(L::min())))));
  EXPECT_EQ(L::max_exponent10, static_cast<int>(std::floor(std::log10(static_cast<float>(L::max())))));
}

TEST(HalfLimits, Bf16) {
  using L = std::numeric_limits<bfloat16_t>;
  static_assert(L::is_specialized && L::is_signed && !L::is_integer && !L::is_exact, "");
  static_assert(L::has_infinity && L::has_quiet_NaN && L::has_signaling_NaN && !L::is_iec559, "");
  static_assert(L::has_denorm == std::denorm_present && L::round_style == std::round_to_nearest, "");
  static_assert(L::digits == 8 && L::radix == 2, "");
  EXPECT_EQ(static_cast<double>(L::max()), std::ldexp(255.0, 120));
  EXPECT_EQ(static_cast<double>(L::lowest()), -std::ldexp(255.0, 120));
  EXPECT_EQ(static_cast<float>(L::min()), FLT_MIN);
  EXPECT_EQ(static_cast<double>(L::denorm_min()), std::ldexp(1.0, -133));
  EXPECT_EQ(static_cast<float>(L::epsilon()), std::ldexp(1.0f, -7));
  EXPECT_EQ((bfloat16_t(1.0f) + L::epsilon()).ToBits(), 0x3F81);
  EXPECT_EQ(static_cast<float>(L::round_error()), 0.5f);
  EXPECT_EQ(static_cast<float>(L::infinity()), std::numeric_limits<float>::infinity());
  EXPECT_TRUE(isnan(L::quiet_NaN()));
  EXPECT_TRUE(isnan(L::signaling_NaN()));
  EXPECT_TRUE(L::quiet_NaN().ToBits() & 0x0040);
  EXPECT_FALSE(L::signaling_NaN().ToBits() & 0x0040);
  EXPECT_EQ(L::digits10, static_cast<int>(std::floor((L::digits - 1) * std::log10(2.0))));
  EXPECT_EQ(L::max_digits10, static_cast<int>(std::ceil(1 + L::digits * std::log10(2.0))));
  EXPECT_EQ(L::min_exponent, std::numeric_limits<float>::min_exponent);
  EXPECT_EQ(L::max_exponent, std::numeric_limits<float>::max_exponent);
  EXPECT_EQ(L::min_exponent10, std::numeric_limits<float>::min_exponent10);
  EXPECT_EQ(L::max_exponent10, std::numeric_limits<float>::max_exponent10);
}

}  // namespace
