// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Randomized tests of Cast<Dst, Src>(dst, src, RoundMode, count) against the
// scalar model aicore::detail::ConvertScalar (ref::Cast in
// tests/support/ref_elementwise.h): every supported pair x every RoundMode x
// counts around the SIMD width x operand layouts
// (separate, non-zero 32-byte offsets, in place when the sizes match), bit
// for bit (any NaN matches any NaN). 16-bit sources are tested on all 65536
// inputs; 32-bit sources on random bit patterns plus values at the rounding
// boundaries of each target (ties, overflow thresholds, subnormals, the int32
// limits). CAST_ODD into int32_t is rejected with a parameter error.

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "support/ref_elementwise.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {
namespace {

using AscendC::LocalTensor;
using AscendC::RoundMode;

constexpr RoundMode kModes[] = {RoundMode::CAST_NONE, RoundMode::CAST_RINT,  RoundMode::CAST_FLOOR,
                                RoundMode::CAST_CEIL, RoundMode::CAST_ROUND, RoundMode::CAST_TRUNC,
                                RoundMode::CAST_ODD};

const char* ModeName(RoundMode m) { return aicore::detail::RoundModeName(m); }

// Values at the rounding boundaries of the cast targets.
std::vector<float> InterestingFloats() {
  std::vector<float> v = Specials<float>();
  for (int k = 0; k <= 12; ++k) {
    for (double f : {0.0, 0.25, 0.5, 0.75}) {
      v.push_back(static_cast<float>(k + f));
      v.push_back(static_cast<float>(-(k + f)));
    }
  }
  for (double d : {0x1p22 + 0.5, 0x1p23,       0x1p23 + 1, 0x1p24,     0x1p24 + 2,    2147483520.0,
                   2147483648.0, 4294967296.0, 1e10,       65504.0,    65519.0,       65519.996,
                   65520.0,      65536.0,      0x1p-14,    0x1p-24,    0x1p-25,       0x1.8p-25,
                   0x1.8p-24,    0x1p-26,      0x1.004p0,  0x1.008p0,  0x1.018p0,     0x1.01p0,
                   0x1p-126,     0x1p-133,     0x1p-134,   0x1.8p-133, 3.38953139e38, 3.4e38}) {
    v.push_back(static_cast<float>(d));
    v.push_back(static_cast<float>(-d));
  }
  v.push_back(-2147483904.0f);
  v.push_back(-2147483648.0f);
  return v;
}

std::vector<int32_t> InterestingInts() {
  std::vector<int32_t> v = Specials<int32_t>();
  for (int32_t base : {1 << 11, 1 << 12, 1 << 24, 1 << 25, 65504, 65520, 1 << 30}) {
    for (int32_t d = -3; d <= 3; ++d) {
      v.push_back(base + d);
      v.push_back(-(base + d));
    }
  }
  return v;
}

// A random source value: general random values, plus values at the scale
// where each target rounds (halves: [-7e4, 7e4] and midpoints between
// adjacent halves; bf16 midpoints; fractions for integer targets).
template <class Src>
Src RandomSource(Rng& r) {
  if constexpr (std::is_same_v<Src, float>) {
    switch (r.Below(6)) {
      case 0:
        return static_cast<float>(r.Uniform(-7e4, 7e4));
      case 1:
        return static_cast<float>(r.Uniform(-1e-4, 1e-4));
      case 2: {  // midpoint of two adjacent halves (exact in float): a tie
        const uint16_t h = static_cast<uint16_t>(r.Next() & 0x7BFE);
        const double m =
            (ref::ToDouble(half::FromBits(h)) + ref::ToDouble(half::FromBits(h + 1))) / 2;
        return static_cast<float>(r.Below(2) ? m : -m);
      }
      case 3: {  // float with bf16 tie pattern in the low bits
        const uint32_t b =
            (static_cast<uint32_t>(r.Next()) & 0xFFFF0000u) | (r.Below(2) ? 0x8000u : 0x7FFFu);
        return ref::FromBits<float>(b);
      }
      case 4:
        return static_cast<float>(r.Uniform(-3e9, 3e9));
      default:
        return RandomValue<float>(r);
    }
  } else if constexpr (std::is_same_v<Src, int32_t>) {
    switch (r.Below(3)) {
      case 0:
        return static_cast<int32_t>(r.Uniform(-7e4, 7e4));
      case 1:
        return static_cast<int32_t>(static_cast<uint32_t>(r.Next()));
      default:
        return RandomValue<int32_t>(r);
    }
  } else {
    return RandomValue<Src>(r);
  }
}

template <class Dst, class Src>
std::string Where(RoundMode m) {
  return std::string("Cast<") + aicore::detail::TypeName<Dst>() + ", " +
         aicore::detail::TypeName<Src>() + ">(" + ModeName(m) + ")";
}

// Casts `in` to Dst with the instruction (chunks fitting in UB) and checks
// every element against the model (reporting the first few mismatches).
template <class Dst, class Src>
void CheckBulk(RoundMode m, const std::vector<Src>& in) {
  const size_t chunk = kUbBytes / 2 / 4;
  size_t failures = 0;
  for (size_t off = 0; off < in.size(); off += chunk) {
    const size_t n = std::min(chunk, in.size() - off);
    const uint32_t dst_off = Round32(n * sizeof(Src));
    std::vector<uint8_t> image(dst_off + Round32(n * sizeof(Dst)), kSentinel);
    Put(image, 0, in.data() + off, n);
    RunOnUb(image, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
      AscendC::Cast(buf.GetWithOffset<Dst>(static_cast<uint32_t>(n), dst_off),
                    buf.GetWithOffset<Src>(static_cast<uint32_t>(n), 0), m,
                    static_cast<uint32_t>(n));
    });
    for (size_t i = 0; i < n; ++i) {
      const Src x = in[off + i];
      const Dst got = Get<Dst>(image, dst_off, i);
      const Dst want = ref::Cast<Dst, Src>(x, m);
      if (!ref::SameBits(got, want) && ++failures <= 5) {
        ADD_FAILURE() << Where<Dst, Src>(m) << "(" << Show(x) << ") = " << Show(got) << ", want "
                      << Show(want);
      }
    }
  }
}

enum class Layout { kSeparate, kOffset, kInPlace };

template <class Dst, class Src>
void CheckMatrix(RoundMode m, Rng& rng) {
  std::vector<Layout> layouts = {Layout::kSeparate, Layout::kOffset};
  if (sizeof(Dst) == sizeof(Src)) layouts.push_back(Layout::kInPlace);
  for (size_t n : Sizes<float>()) {
    for (Layout layout : layouts) {
      const uint32_t skew = layout == Layout::kOffset ? 32 : 0;
      const uint32_t src_region = Round32(n * sizeof(Src) + 64);
      const uint32_t s = skew;
      const uint32_t d = layout == Layout::kInPlace ? s : src_region + 3 * skew;
      std::vector<uint8_t> image(2 * src_region + Round32(n * sizeof(Dst) + 64) + 4 * skew,
                                 kSentinel);
      std::vector<Src> x(n);
      for (auto& v : x) v = RandomSource<Src>(rng);
      Put(image, s, x.data(), n);
      const std::vector<uint8_t> before = image;
      RunOnUb(image, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
        AscendC::Cast(buf.GetWithOffset<Dst>(static_cast<uint32_t>(n), d),
                      buf.GetWithOffset<Src>(static_cast<uint32_t>(n), s), m,
                      static_cast<uint32_t>(n));
      });
      const std::string where =
          Where<Dst, Src>(m) + ", count " + std::to_string(n) +
          (layout == Layout::kOffset ? ", offset"
                                     : (layout == Layout::kInPlace ? ", in place" : ""));
      bool ok = true;
      for (size_t i = 0; i < n && ok; ++i) {
        const Dst got = Get<Dst>(image, d, i);
        const Dst want = ref::Cast<Dst, Src>(x[i], m);
        if (!ref::SameBits(got, want)) {
          ADD_FAILURE() << where << ": element " << i << " (" << Show(x[i]) << ") = " << Show(got)
                        << ", want " << Show(want);
          ok = false;
        }
      }
      const std::string diff = FirstByteDiff(image, before, d, d + n * sizeof(Dst));
      EXPECT_TRUE(diff.empty()) << where << ": outside dst[0, count): " << diff;
    }
  }
}

template <class Src>
std::vector<Src> BulkInputs(uint64_t seed) {
  std::vector<Src> v;
  if constexpr (sizeof(Src) == 2) {
    v.resize(65536);
    for (uint32_t i = 0; i < 65536; ++i) v[i] = ref::FromBits<Src>(static_cast<uint16_t>(i));
  } else {
    if constexpr (std::is_same_v<Src, float>) {
      v = InterestingFloats();
      for (float f : std::vector<float>(v)) {  // and their neighbours
        const uint32_t b = ref::Bits(f);
        for (int dlt = -2; dlt <= 2; ++dlt)
          v.push_back(ref::FromBits<float>(b + static_cast<uint32_t>(dlt)));
      }
    } else {
      v = InterestingInts();
    }
    Rng r(seed);
    for (int i = 0; i < (1 << 16); ++i) v.push_back(RandomSource<Src>(r));
    for (int i = 0; i < (1 << 14); ++i)
      v.push_back(ref::FromBits<Src>(static_cast<uint32_t>(r.Next())));
  }
  return v;
}

template <class Dst, class Src>
void CheckPair(uint64_t seed) {
  const std::vector<Src> bulk = BulkInputs<Src>(seed);
  Rng rng(seed + 1);
  for (RoundMode m : kModes) {
    if (std::is_same_v<Dst, int32_t> && m == RoundMode::CAST_ODD) {
      std::vector<uint8_t> image(256, 0);
      try {
        RunOnUb(image, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
          AscendC::Cast(buf.GetWithOffset<Dst>(8, 128), buf.GetWithOffset<Src>(8, 0), m, 8u);
        });
        ADD_FAILURE() << Where<Dst, Src>(m) << " accepted";
      } catch (const aicore::KernelError& e) {
        EXPECT_EQ(e.kind(), aicore::ErrorKind::kParameter) << e.what();
      }
      continue;
    }
    CheckBulk<Dst, Src>(m, bulk);
    CheckMatrix<Dst, Src>(m, rng);
  }
}

// Modes of other architectures (CAST_HYBRID, CAST_EVEN, CAST_ZERO) and
// UNKNOWN exist as names but are rejected, by name, on these profiles.
TEST(OpsCast, ModesOfOtherArchitecturesAreRejected) {
  for (RoundMode m : {RoundMode::CAST_HYBRID, RoundMode::CAST_EVEN, RoundMode::CAST_ZERO,
                      RoundMode::UNKNOWN}) {
    std::vector<uint8_t> image(256, 0);
    try {
      RunOnUb(image, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
        AscendC::Cast(buf.GetWithOffset<half>(8, 128), buf.GetWithOffset<float>(8, 0), m, 8u);
      });
      ADD_FAILURE() << ModeName(m) << " accepted";
    } catch (const aicore::KernelError& e) {
      EXPECT_EQ(e.kind(), aicore::ErrorKind::kParameter) << e.what();
      EXPECT_NE(std::string(e.what()).find(std::string("RoundMode ") + ModeName(m) +
                                           " is not supported for float -> half"),
                std::string::npos)
          << e.what();
    }
  }
}

TEST(OpsCast, HalfToFloat) { CheckPair<float, half>(801); }
TEST(OpsCast, HalfToInt32) { CheckPair<int32_t, half>(802); }
TEST(OpsCast, FloatToHalf) { CheckPair<half, float>(803); }
TEST(OpsCast, FloatToBf16) { CheckPair<bfloat16_t, float>(804); }
TEST(OpsCast, FloatToInt32) { CheckPair<int32_t, float>(805); }
TEST(OpsCast, FloatToFloat) { CheckPair<float, float>(806); }
TEST(OpsCast, Bf16ToFloat) { CheckPair<float, bfloat16_t>(807); }
TEST(OpsCast, Bf16ToInt32) { CheckPair<int32_t, bfloat16_t>(808); }
TEST(OpsCast, Int32ToFloat) { CheckPair<float, int32_t>(809); }
TEST(OpsCast, Int32ToHalf) { CheckPair<half, int32_t>(810); }

}  // namespace
}  // namespace aicore_test
