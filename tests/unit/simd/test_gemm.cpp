// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// simd::Gemm (the packed, register-blocked engine) against simd::GemmScalar
// (the contract, one element at a time), bit for bit: dtypes (half, bfloat16,
// float -> float; int8 -> int32) x layouts (row-/column-major ND with any
// leading dimension, Nz, Zz, Zn, other strides) x init modes (zero,
// accumulate, bias) x shapes (1..~150 with primes, k = 0 and 1; larger ones
// across the default cache blocking) x HF32 rounding, plus special values.
// The whole C buffer is compared, so writes between the elements of a
// strided C are caught too. NaN results compare equal to any NaN (IEEE
// leaves the payload to the implementation); every other result compares by
// its bits.
//
// Built twice (tests/CMakeLists.txt): with the test flags (-march=native) and
// with -march=x86-64-v2 (SSE4, no FMA: AICORE_EXPECT_NO_FMA), where float and
// bfloat16 products take the std::fma path and half the vector mul + add.
#include <aicore/simd/gemm.h>
#include <gtest/gtest.h>

#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#if defined(AICORE_EXPECT_NO_FMA)
static_assert(AICORE_SIMD_FMA == 0, "this build must exercise the target without FMA");
#endif

namespace {

using aicore::simd::GemmInit;
using aicore::simd::GemmOptions;
using aicore::simd::MatLayout;
namespace gd = aicore::simd::gemm_detail;

class Rng {
 public:
  explicit Rng(uint64_t seed) : g_(seed) {}
  uint64_t Next() { return g_(); }
  uint32_t Below(uint32_t n) { return static_cast<uint32_t>(g_() % n); }
  bool Coin() { return (g_() & 1) != 0; }

 private:
  std::mt19937_64 g_;
};

// ---- values ------------------------------------------------------------------

template <class T>
uint32_t BitsOf(T v) {
  if constexpr (sizeof(T) == 4) {
    uint32_t u;
    std::memcpy(&u, &v, 4);
    return u;
  } else if constexpr (std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>) {
    return v.ToBits();
  } else {
    return static_cast<uint8_t>(v);
  }
}

template <class T>
bool IsNan(T v) {
  if constexpr (std::is_integral_v<T>) {
    return false;
  } else {
    return std::isnan(static_cast<float>(v));
  }
}

// A random finite value: mostly moderate, with small integers (exact sums,
// ties), wide exponents and subnormals mixed in.
template <class T>
T RandomValue(Rng& r) {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(r.Next());
  } else {
    const uint32_t kind = r.Below(16);
    if (kind == 0) return static_cast<T>(static_cast<float>(static_cast<int>(r.Below(9)) - 4));
    if (kind == 1) {  // any finite bit pattern: subnormals and extremes too
      for (;;) {
        T v;
        if constexpr (sizeof(T) == 4) {
          const uint32_t u = static_cast<uint32_t>(r.Next());
          std::memcpy(&v, &u, 4);
        } else {
          v = T::FromBits(static_cast<uint16_t>(r.Next()));
        }
        if (std::isfinite(static_cast<float>(v))) return v;
      }
    }
    if (kind == 2 && sizeof(T) == 4) {  // wide exponent range
      const float mant = 1.0f + static_cast<float>(r.Below(1 << 23)) * 0x1p-23f;
      const float v = std::ldexp(mant, static_cast<int>(r.Below(100)) - 50);
      return static_cast<T>(r.Coin() ? -v : v);
    }
    const float u = static_cast<float>(r.Next() >> 40) * 0x1p-24f;  // [0, 1)
    return static_cast<T>(u * 4.0f - 2.0f);
  }
}

// Special values: signed zeros, infinities, NaNs, subnormals, extremes.
template <class T>
std::vector<T> Specials() {
  using L = std::numeric_limits<float>;
  std::vector<float> f = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 3.0f, L::infinity(), -L::infinity(),
                          L::quiet_NaN(), -L::quiet_NaN()};
  std::vector<T> v;
  for (float x : f) v.push_back(static_cast<T>(x));
  if constexpr (sizeof(T) == 4) {
    v.push_back(L::denorm_min());
    v.push_back(-L::denorm_min());
    v.push_back(L::min());
    v.push_back(L::max());
    v.push_back(L::lowest());
    v.push_back(0x1.fffffep-127f);  // largest subnormal
    v.push_back(0x1p-70f);          // products of these underflow
  } else {
    v.push_back(T::FromBits(0x0001));  // smallest subnormal
    v.push_back(T::FromBits(0x8001));
    v.push_back(T::FromBits(0x03FF));  // half: largest subnormal
    v.push_back(T::FromBits(std::is_same_v<T, half> ? 0x7BFF : 0x7F7F));  // largest finite
    v.push_back(T::FromBits(std::is_same_v<T, half> ? 0xFBFF : 0xFF7F));
    v.push_back(T::FromBits(0x0080));  // bf16: smallest normal
  }
  return v;
}

// ---- layouts -------------------------------------------------------------------

uint32_t RoundUp(uint32_t x, uint32_t to) { return (x + to - 1) / to * to; }

// A random layout of a rows x cols matrix. `injective`: no two elements share
// a place (C); A and B may also get overlapping layouts (a broadcast row).
MatLayout RandomLayout(Rng& r, uint32_t rows, uint32_t cols, bool injective, std::string* name) {
  const uint32_t pad = r.Below(3) == 0 ? r.Below(5) : 0;
  static const uint32_t kC0[] = {4, 8, 16, 32};
  const uint32_t kind = r.Below(injective ? 6 : 7);
  char buf[96];
  MatLayout l;
  switch (kind) {
    case 0:
      l = MatLayout::RowMajor(cols + pad);
      std::snprintf(buf, sizeof(buf), "RowMajor(%u)", cols + pad);
      break;
    case 1:
      l = MatLayout::ColMajor(rows + pad);
      std::snprintf(buf, sizeof(buf), "ColMajor(%u)", rows + pad);
      break;
    case 2: {
      const uint32_t c0 = kC0[r.Below(4)];
      const uint32_t rws = RoundUp(rows, 16) + pad;
      l = MatLayout::Nz(c0, rws);
      std::snprintf(buf, sizeof(buf), "Nz(%u, %u)", c0, rws);
      break;
    }
    case 3: {
      const uint32_t fr = r.Coin() ? 16 : 1 + r.Below(8);
      const uint32_t c0 = kC0[r.Below(4)];
      const uint32_t fcols = (cols + c0 - 1) / c0 + pad;
      l = MatLayout::Zz(fr, c0, fcols);
      std::snprintf(buf, sizeof(buf), "Zz(%u, %u, %u)", fr, c0, fcols);
      break;
    }
    case 4: {
      const uint32_t c0 = r.Coin() ? 16 : kC0[r.Below(4)];
      const uint32_t fc = kC0[r.Below(4)];
      const uint32_t fcols = (cols + fc - 1) / fc + pad;
      l = MatLayout::Zn(c0, fc, fcols);
      std::snprintf(buf, sizeof(buf), "Zn(%u, %u, %u)", c0, fc, fcols);
      break;
    }
    case 5: {  // both strides > 1: gaps between elements and rows
      const int64_t inner = 2 + r.Below(2);
      if (r.Coin()) {
        l = MatLayout{0, 0, 0, inner * cols + pad + 1, 0, inner};
      } else {
        l = MatLayout{0, 0, 0, inner, 0, inner * rows + pad + 1};
      }
      std::snprintf(buf, sizeof(buf), "Strided(ri %lld, ci %lld)", static_cast<long long>(l.ri),
                    static_cast<long long>(l.ci));
      break;
    }
    default:  // overlapping: every row the same (ri 0), or a Hankel matrix
      l = r.Coin() ? MatLayout{0, 0, 0, 0, 0, 1} : MatLayout{0, 0, 0, 1, 0, 1};
      std::snprintf(buf, sizeof(buf), "Overlapping(ri %lld)", static_cast<long long>(l.ri));
      break;
  }
  *name = buf;
  return l;
}

// Elements a buffer needs to hold every element of the layout.
size_t Extent(const MatLayout& l, uint32_t rows, uint32_t cols) {
  int64_t hi = 0;
  for (uint32_t i = 0; i < rows; ++i) {
    for (uint32_t j = 0; j < cols; ++j) hi = std::max(hi, l.Offset(i, j));
  }
  return static_cast<size_t>(hi) + 1;
}

// Whether no two elements share a place (what C's layout must be).
bool Injective(const MatLayout& l, uint32_t rows, uint32_t cols) {
  std::vector<bool> used(Extent(l, rows, cols), false);
  for (uint32_t i = 0; i < rows; ++i) {
    for (uint32_t j = 0; j < cols; ++j) {
      if (used[static_cast<size_t>(l.Offset(i, j))]) return false;
      used[static_cast<size_t>(l.Offset(i, j))] = true;
    }
  }
  return true;
}

// ---- one case ----------------------------------------------------------------

struct Case {
  uint32_t m = 0, n = 0, k = 0;
  GemmInit init = GemmInit::kZero;
  GemmOptions opt;
  std::string la, lb, lc;
  bool small_blocks = false;
};

std::string Describe(const Case& c) {
  char buf[320];
  std::snprintf(buf, sizeof(buf), "m %u n %u k %u init %d round_bits %u ties_to_zero %d A %s B %s C %s%s",
                c.m, c.n, c.k, static_cast<int>(c.init), c.opt.round_bits, c.opt.round_ties_to_zero,
                c.la.c_str(), c.lb.c_str(), c.lc.c_str(), c.small_blocks ? " (small blocks)" : "");
  return buf;
}

// Compares the whole C buffers; "" when they agree.
template <class TC>
std::string FirstDiff(const std::vector<TC>& got, const std::vector<TC>& want) {
  for (size_t i = 0; i < got.size(); ++i) {
    if (BitsOf(got[i]) == BitsOf(want[i])) continue;
    if (IsNan(got[i]) && IsNan(want[i])) continue;
    char buf[160];
    if constexpr (std::is_same_v<TC, float>) {
      std::snprintf(buf, sizeof(buf), "C element %zu: got %.9g (0x%08x), want %.9g (0x%08x)", i,
                    static_cast<double>(got[i]), BitsOf(got[i]), static_cast<double>(want[i]),
                    BitsOf(want[i]));
    } else {
      std::snprintf(buf, sizeof(buf), "C element %zu: got %" PRId64 ", want %" PRId64, i,
                    static_cast<int64_t>(got[i]), static_cast<int64_t>(want[i]));
    }
    return buf;
  }
  return "";
}

// Values for one operand: random, or drawn from the special values.
template <class T>
std::vector<T> Values(Rng& r, size_t n, bool specials) {
  std::vector<T> v(n);
  if constexpr (!std::is_integral_v<T>) {
    if (specials) {
      static const std::vector<T> s = Specials<T>();
      for (auto& x : v) x = r.Below(3) == 0 ? RandomValue<T>(r) : s[r.Below(static_cast<uint32_t>(s.size()))];
      return v;
    }
  }
  for (auto& x : v) x = RandomValue<T>(r);
  return v;
}

template <class TA, class TB, class TC>
std::string RunCase(Rng& r, Case& cs, bool specials) {
  const uint32_t m = cs.m, n = cs.n, k = cs.k;
  const MatLayout la = RandomLayout(r, m, k, false, &cs.la);
  const MatLayout lb = RandomLayout(r, k, n, false, &cs.lb);
  const MatLayout lc = RandomLayout(r, m, n, true, &cs.lc);
  if (!Injective(lc, m, n)) return "the test made a C layout with overlapping elements";
  const std::vector<TA> a = Values<TA>(r, Extent(la, m, k), specials);
  const std::vector<TB> b = Values<TB>(r, Extent(lb, k, n), specials);
  const std::vector<TC> bias = Values<TC>(r, n, specials);
  std::vector<TC> want = Values<TC>(r, Extent(lc, m, n), specials);
  std::vector<TC> got = want;
  aicore::simd::GemmScalar(m, n, k, a.data(), la, b.data(), lb, want.data(), lc, cs.init, bias.data(),
                           cs.opt);
  if (cs.small_blocks) {
    gd::GemmBlocking blk;
    blk.mc = 1 + r.Below(20);
    blk.kc = 1 + r.Below(12);
    blk.nc = 1 + r.Below(40);
    char buf[64];
    std::snprintf(buf, sizeof(buf), " mc %zu kc %zu nc %zu", blk.mc, blk.kc, blk.nc);
    cs.lc += buf;
    gd::GemmBlocked(m, n, k, a.data(), la, b.data(), lb, got.data(), lc, cs.init, bias.data(), cs.opt, blk);
  } else {
    aicore::simd::Gemm(m, n, k, a.data(), la, b.data(), lb, got.data(), lc, cs.init, bias.data(), cs.opt);
  }
  return FirstDiff(got, want);
}

// Shapes: 1..~150 with primes and the register-block edges (6 rows, 2 vectors
// of columns).
uint32_t RandomDim(Rng& r) {
  static const uint32_t kDims[] = {1,  2,  3,  5,  6,  7,  8,  11, 12, 13, 15, 16, 17,  23,  24,  29,
                                   31, 32, 33, 37, 47, 48, 61, 64, 65, 97, 127, 128, 131, 149, 150};
  return r.Below(4) == 0 ? 1 + r.Below(150) : kDims[r.Below(sizeof(kDims) / sizeof(kDims[0]))];
}

template <class TA, class TB, class TC>
void RandomCases(uint64_t seed, int cases, bool specials, bool small_blocks) {
  Rng r(seed);
  for (int t = 0; t < cases; ++t) {
    Case cs;
    cs.m = RandomDim(r);
    cs.n = RandomDim(r);
    const uint32_t kk = r.Below(10);
    cs.k = kk == 0 ? 0 : kk == 1 ? 1 : RandomDim(r);
    cs.init = static_cast<GemmInit>(r.Below(3));
    if (r.Coin()) {
      static const uint8_t kBits[] = {0, 1, 2, 7, 10, 11, 12, 21, 22, 23, 30};
      cs.opt.round_bits = kBits[r.Below(sizeof(kBits))];
      cs.opt.round_ties_to_zero = r.Coin();
    }
    cs.small_blocks = small_blocks;
    const std::string diff = RunCase<TA, TB, TC>(r, cs, specials);
    ASSERT_EQ(diff, "") << "case " << t << ": " << Describe(cs);
  }
}

// ---- tests ---------------------------------------------------------------------

TEST(Gemm, HalfRandom) { RandomCases<half, half, float>(1, 300, false, false); }
TEST(Gemm, Bf16Random) { RandomCases<bfloat16_t, bfloat16_t, float>(2, 300, false, false); }
TEST(Gemm, FloatRandom) { RandomCases<float, float, float>(3, 300, false, false); }
TEST(Gemm, Int8Random) { RandomCases<int8_t, int8_t, int32_t>(4, 300, false, false); }
TEST(Gemm, MixedHalfFloatRandom) { RandomCases<half, float, float>(5, 100, false, false); }
TEST(Gemm, Uint8Random) { RandomCases<uint8_t, uint8_t, int32_t>(6, 150, false, false); }
TEST(Gemm, MixedInt8Uint8Random) { RandomCases<int8_t, uint8_t, int32_t>(7, 100, false, true); }

TEST(Gemm, HalfSpecialValues) { RandomCases<half, half, float>(11, 200, true, false); }
TEST(Gemm, Bf16SpecialValues) { RandomCases<bfloat16_t, bfloat16_t, float>(12, 200, true, false); }
TEST(Gemm, FloatSpecialValues) { RandomCases<float, float, float>(13, 200, true, false); }

// Small cache blocks reach every loop edge (several k, m and n blocks, k
// blocks of one step) with small matrices.
TEST(Gemm, HalfSmallBlocks) { RandomCases<half, half, float>(21, 150, false, true); }
TEST(Gemm, Bf16SmallBlocks) { RandomCases<bfloat16_t, bfloat16_t, float>(22, 150, false, true); }
TEST(Gemm, FloatSmallBlocks) { RandomCases<float, float, float>(23, 150, false, true); }
TEST(Gemm, Int8SmallBlocks) { RandomCases<int8_t, int8_t, int32_t>(24, 150, false, true); }
TEST(Gemm, FloatSpecialValuesSmallBlocks) { RandomCases<float, float, float>(25, 100, true, true); }

// Blocks of a kernel call Gemm from several threads at once: each thread
// packs into its own scratch.
TEST(Gemm, ConcurrentCalls) {
  std::vector<std::thread> threads;
  std::vector<std::string> failures(4);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([t, &failures] {
      Rng r(100 + t);
      for (int i = 0; i < 25; ++i) {
        Case cs;
        cs.m = RandomDim(r);
        cs.n = RandomDim(r);
        cs.k = RandomDim(r);
        cs.init = static_cast<GemmInit>(r.Below(3));
        const std::string diff = t % 2 == 0 ? RunCase<half, half, float>(r, cs, false)
                                            : RunCase<int8_t, int8_t, int32_t>(r, cs, false);
        if (!diff.empty()) {
          failures[t] = diff + " in " + Describe(cs);
          return;
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  for (const auto& f : failures) EXPECT_EQ(f, "");
}

// Shapes across the default blocking (k > kc, m > mc, n > nc) once each.
template <class TA, class TB, class TC>
void LargeCase(uint64_t seed, uint32_t m, uint32_t n, uint32_t k) {
  Rng r(seed);
  for (GemmInit init : {GemmInit::kZero, GemmInit::kAccumulate, GemmInit::kBias}) {
    Case cs;
    cs.m = m;
    cs.n = n;
    cs.k = k;
    cs.init = init;
    const std::string diff = RunCase<TA, TB, TC>(r, cs, false);
    ASSERT_EQ(diff, "") << Describe(cs);
  }
}
TEST(Gemm, FloatAcrossDefaultBlocks) { LargeCase<float, float, float>(31, 151, 37, 601); }
TEST(Gemm, HalfAcrossDefaultBlocks) { LargeCase<half, half, float>(32, 13, 1100, 263); }
TEST(Gemm, Bf16AcrossDefaultBlocks) { LargeCase<bfloat16_t, bfloat16_t, float>(33, 300, 29, 300); }
TEST(Gemm, Int8AcrossDefaultBlocks) { LargeCase<int8_t, int8_t, int32_t>(34, 151, 1030, 261); }

// int32 accumulation wraps around: C and bias near the limits.
TEST(Gemm, Int8WrapsAround) {
  const uint32_t m = 7, n = 19, k = 40;
  std::vector<int8_t> a(m * k, -128), b(k * n, -128);  // each product +16384
  std::vector<int32_t> bias(n, std::numeric_limits<int32_t>::max() - 100000);
  for (GemmInit init : {GemmInit::kAccumulate, GemmInit::kBias}) {
    std::vector<int32_t> want(m * n, std::numeric_limits<int32_t>::max() - 5);
    std::vector<int32_t> got = want;
    aicore::simd::GemmScalar(m, n, k, a.data(), MatLayout::RowMajor(k), b.data(), MatLayout::RowMajor(n),
                             want.data(), MatLayout::RowMajor(n), init, bias.data());
    aicore::simd::Gemm(m, n, k, a.data(), MatLayout::RowMajor(k), b.data(), MatLayout::RowMajor(n),
                       got.data(), MatLayout::RowMajor(n), init, bias.data());
    EXPECT_LT(want[0], 0);  // it did wrap
    EXPECT_EQ(FirstDiff(got, want), "");
  }
}

// The contract's order is visible: with k = 3, (big + 1) - big gives 0 in
// order, 1 in another.
TEST(Gemm, SumsInIncreasingK) {
  const float a[3] = {1.0f, 1.0f, 1.0f};
  const float b[3] = {0x1p30f, 1.0f, -0x1p30f};
  float c = -7.0f;
  aicore::simd::Gemm(1u, 1u, 3u, a, MatLayout::RowMajor(3), b, MatLayout::RowMajor(1), &c,
                     MatLayout::RowMajor(1), GemmInit::kZero);
  EXPECT_EQ(c, 0.0f);
}

// Float x float is fused: fma(a, b, c) differs from a * b + c here.
TEST(Gemm, FloatProductIsFused) {
  const float x = 1.0f + 0x1p-12f;  // x * x = 1 + 2^-11 + 2^-24
  const float a[1] = {x}, b[1] = {x};
  const float bias[1] = {-1.0f};
  float c = 0.0f;
  aicore::simd::Gemm(1u, 1u, 1u, a, MatLayout::RowMajor(1), b, MatLayout::RowMajor(1), &c,
                     MatLayout::RowMajor(1), GemmInit::kBias, bias);
  EXPECT_EQ(c, std::fma(x, x, -1.0f));
  EXPECT_EQ(c, 0x1p-11f + 0x1p-24f);  // the product rounded first would lose the 2^-24
}

// The vector HF32 rounding used while packing equals detail::GemmIn for
// every round_bits, both tie modes, random bit patterns and exact ties.
TEST(Gemm, PackRoundingMatchesGemmIn) {
  Rng r(41);
  std::vector<float> src(4099), dst(4099);
  for (uint8_t bits = 0; bits <= 24; ++bits) {
    for (bool ties_to_zero : {false, true}) {
      GemmOptions opt;
      opt.round_bits = bits;
      opt.round_ties_to_zero = ties_to_zero;
      for (size_t i = 0; i < src.size(); ++i) {
        uint32_t u = static_cast<uint32_t>(r.Next());
        if (i % 4 == 1 && bits >= 1 && bits < 23) {  // an exact tie
          u = (u & ~((1u << (23 - bits)) - 1u)) | (1u << (22 - bits));
        }
        if (i % 4 == 2) u |= 0x7F800000u;  // inf / nan
        std::memcpy(&src[i], &u, 4);
      }
      gd::PackRun(src.data(), src.size(), dst.data(), opt);
      for (size_t i = 0; i < src.size(); ++i) {
        const float want = aicore::simd::gemm_common::GemmIn<float>(src[i], opt);
        ASSERT_EQ(BitsOf(dst[i]), BitsOf(want)) << "bits " << int{bits} << " ties_to_zero " << ties_to_zero
                                                << " input 0x" << std::hex << BitsOf(src[i]);
      }
    }
  }
}

}  // namespace
