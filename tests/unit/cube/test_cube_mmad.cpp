// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Mmad against the scalar reference (cube_test_util.h): every dtype
// combination, sizes that are not multiples of 16, GEMV (m = 1), every way
// of setting the initial C, HF32; and the fractal layouts of simd/gemm.h
// against the documented formulas.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "aicore/aicore.h"
#include "unit/cube/cube_test_util.h"

namespace {

using namespace AscendC;  // NOLINT
using cube_test::CeilAlign;
using cube_test::CeilDiv;

// ---- the MatLayout builders describe the documented formats ------------------------

TEST(CubeLayout, MatLayoutBuildersMatchTheDocumentedFormats) {
  cube_test::Rng rng(7);
  for (uint32_t k0 : {8u, 16u, 32u, 64u}) {
    for (int t = 0; t < 2000; ++t) {
      const uint32_t fcols = 1 + rng.Below(9);
      const uint32_t r = rng.Below(200), c = rng.Below(fcols * k0);
      EXPECT_EQ(aicore::simd::MatLayout::Zz(16, k0, fcols).Offset(r, c),
                static_cast<int64_t>(cube_test::ZzOffset(r, c, k0, fcols)));
      const uint32_t n1 = 1 + rng.Below(9);
      const uint32_t kk = rng.Below(300), nn = rng.Below(n1 * 16);
      EXPECT_EQ(aicore::simd::MatLayout::Zn(k0, 16, n1).Offset(kk, nn),
                static_cast<int64_t>(cube_test::ZnOffset(kk, nn, k0, n1)));
      const uint32_t rows = 16 * (1 + rng.Below(9));
      const uint32_t rr = rng.Below(rows), cc = rng.Below(200);
      EXPECT_EQ(aicore::simd::MatLayout::Nz(k0, rows).Offset(rr, cc),
                static_cast<int64_t>(cube_test::NzOffset(rr, cc, k0, rows)));
    }
  }
}

// ---- Mmad ------------------------------------------------------------------------

struct Bufs {
  TPipe pipe;
  TBuf<TPosition::A2> a2;
  TBuf<TPosition::B2> b2;
  TBuf<TPosition::CO1> co1;
  TBuf<TPosition::C2> c2;
  Bufs() {
    pipe.InitBuffer(a2, 64 * 1024);
    pipe.InitBuffer(b2, 64 * 1024);
    pipe.InitBuffer(co1, 128 * 1024);
    pipe.InitBuffer(c2, 1024);
  }
};

enum class Init { kZero, kAccumulate, kBiasTensor, kBiasTable, kIsBias };

template <class T>
void PutElem(uint8_t* base, uint64_t e, float v) {
  if constexpr (std::is_same<T, int4b_t>::value) {
    const int q = static_cast<int>(v) & 0xF;
    uint8_t& b = base[e / 2];
    b = static_cast<uint8_t>((b & ~(0xF << (4 * (e % 2)))) | (q << (4 * (e % 2))));
  } else {
    const T t = static_cast<T>(v);
    std::memcpy(base + e * sizeof(T), &t, sizeof(T));
  }
}

template <class T>
float RandomValue(cube_test::Rng& r) {
  if constexpr (std::is_same<T, int4b_t>::value) {
    return static_cast<float>(static_cast<int>(r.Below(16)) - 8);
  } else {
    return cube_test::ToF(cube_test::RandomElem<T>(r));
  }
}

template <class T>
constexpr uint32_t Bits() {
  return std::is_same<T, int4b_t>::value ? 4 : 8 * sizeof(T);
}

// One Mmad of m x k by k x n with the given init, against RefMatmul.
template <class A, class C>
std::string CheckMmad(uint32_t m, uint32_t n, uint32_t k, Init init, bool kalign, bool hf32,
                      bool ties_to_zero, uint64_t seed) {
  cube_test::Rng rng(seed);
  const uint32_t k0 = 256 / Bits<A>();
  const uint32_t m1 = CeilDiv(m, 16), n1 = CeilDiv(n, 16), kf = CeilDiv(k, k0);
  const uint32_t arow = (std::is_same<A, float>::value && kalign) ? CeilDiv(k, 16) * 2 : kf;
  const bool gemv = m == 1;
  std::vector<float> av(size_t{m} * k), bv(size_t{k} * n), cinit(size_t{m} * n), bias(n);
  for (auto& x : av) x = RandomValue<A>(rng);
  for (auto& x : bv) x = RandomValue<A>(rng);
  for (auto& x : cinit) x = std::is_same<C, float>::value ? rng.Uniform(-8, 8) : static_cast<float>(static_cast<int>(rng.Below(2000)) - 1000);
  for (auto& x : bias) x = std::is_same<C, float>::value ? rng.Uniform(-8, 8) : static_cast<float>(static_cast<int>(rng.Below(2000)) - 1000);
  std::vector<C> got(size_t{m} * n);
  cube_test::RunBlock([&] {
    Bufs b;
    LocalTensor<A> a2 = b.a2.Get<A>();
    LocalTensor<A> b2 = b.b2.Get<A>();
    LocalTensor<C> c1 = b.co1.Get<C>();
    LocalTensor<C> bt = b.c2.Get<C>();
    auto* pa = reinterpret_cast<uint8_t*>(a2.GetPhyAddr());
    auto* pb = reinterpret_cast<uint8_t*>(b2.GetPhyAddr());
    auto* pc = reinterpret_cast<uint8_t*>(c1.GetPhyAddr());
    auto* pt = reinterpret_cast<uint8_t*>(bt.GetPhyAddr());
    std::memset(pa, 0, 64 * 1024);
    std::memset(pb, 0, 64 * 1024);
    for (uint32_t i = 0; i < m; ++i) {
      for (uint32_t kk = 0; kk < k; ++kk) {
        PutElem<A>(pa, gemv ? kk : cube_test::ZzOffset(i, kk, k0, arow), av[size_t{i} * k + kk]);
      }
    }
    for (uint32_t kk = 0; kk < k; ++kk) {
      for (uint32_t j = 0; j < n; ++j) PutElem<A>(pb, cube_test::ZnOffset(kk, j, k0, n1), bv[size_t{kk} * n + j]);
    }
    for (uint32_t i = 0; i < m; ++i) {
      for (uint32_t j = 0; j < n; ++j) {
        const C v = static_cast<C>(cinit[size_t{i} * n + j]);
        std::memcpy(pc + cube_test::NzOffset(i, j, 16, m1 * 16) * 4, &v, 4);
      }
    }
    for (uint32_t j = 0; j < n; ++j) {
      const C v = static_cast<C>(bias[j]);
      std::memcpy(pt + j * 4, &v, 4);
    }
    if (hf32) {
      SetHF32Mode(HF32Mode::ENABLE);
      SetHF32TransMode(ties_to_zero ? HF32TransMode::NEAREST_ZERO : HF32TransMode::NEAREST_EVEN);
    }
    MmadParams p;
    p.m = static_cast<uint16_t>(m);
    p.n = static_cast<uint16_t>(n);
    p.k = static_cast<uint16_t>(k);
    p.kDirectionAlign = kalign;
    switch (init) {
      case Init::kZero: break;
      case Init::kAccumulate: p.cmatrixInitVal = false; break;
      case Init::kBiasTensor: p.cmatrixInitVal = false; break;
      case Init::kBiasTable: p.cmatrixInitVal = false; p.cmatrixSource = true; break;
      case Init::kIsBias: p.isBias = true; break;  // cmatrixInitVal stays true
    }
    if (init == Init::kBiasTensor) {
      if constexpr (!std::is_same<A, int4b_t>::value) Mmad(c1, a2, b2, bt, p);
    } else {
      Mmad(c1, a2, b2, p);
    }
    for (uint32_t i = 0; i < m; ++i) {
      for (uint32_t j = 0; j < n; ++j) std::memcpy(&got[size_t{i} * n + j], pc + cube_test::NzOffset(i, j, 16, m1 * 16) * 4, 4);
    }
  });
  std::vector<C> want;
  auto rounded = [&](float v) { return hf32 ? cube_test::RefHf32(v, 11, ties_to_zero) : v; };
  cube_test::RefMatmul<C>(
      m, n, k, [&](uint32_t i, uint32_t kk) { return rounded(av[size_t{i} * k + kk]); },
      [&](uint32_t kk, uint32_t j) { return rounded(bv[size_t{kk} * n + j]); },
      [&](uint32_t i, uint32_t j) -> C {
        switch (init) {
          case Init::kZero: return C{};
          case Init::kAccumulate: case Init::kIsBias: return static_cast<C>(cinit[size_t{i} * n + j]);
          default: return static_cast<C>(bias[j]);
        }
      },
      want);
  for (size_t i = 0; i < want.size(); ++i) {
    if (std::memcmp(&got[i], &want[i], 4) != 0) {
      return "m=" + std::to_string(m) + " n=" + std::to_string(n) + " k=" + std::to_string(k) +
             " init=" + std::to_string(static_cast<int>(init)) + ": element (" +
             std::to_string(i / n) + ", " + std::to_string(i % n) + ") is " +
             std::to_string(static_cast<double>(got[i])) + ", expected " +
             std::to_string(static_cast<double>(want[i]));
    }
  }
  return "";
}

// Shapes: multiples of 16 and not, GEMV, the fractal edge.
std::vector<std::array<uint32_t, 3>> Shapes(uint32_t k0, cube_test::Rng& r) {
  std::vector<std::array<uint32_t, 3>> s = {{16, 16, k0}, {1, 16, k0},      {1, 40, 3 * k0 + 2},
                                            {30, 40, 70}, {17, 1, 5},       {48, 32, 2 * k0},
                                            {5, 33, 1},   {64, 64, 4 * k0}};
  for (int i = 0; i < 6; ++i) s.push_back({1 + r.Below(70), 1 + r.Below(70), 1 + r.Below(5 * k0)});
  for (auto& x : s) {
    // B must fit L0B and A L0A (64 KiB); C L0C.
    while (uint64_t{CeilDiv(x[2], k0)} * CeilDiv(x[1], 16) * 512 > 64 * 1024) x[2] /= 2;
    if (k0 == 64 && x[2] % 2) ++x[2];  // int4b_t: k even
  }
  return s;
}

template <class A, class C>
void RunAllInits(uint64_t seed, bool with_bias_tensor) {
  cube_test::Rng rng(seed);
  const uint32_t k0 = 256 / Bits<A>();
  for (const auto& s : Shapes(k0, rng)) {
    for (Init init : {Init::kZero, Init::kAccumulate, Init::kBiasTensor, Init::kBiasTable, Init::kIsBias}) {
      if (init == Init::kBiasTensor && !with_bias_tensor) continue;
      SCOPED_TRACE(testing::Message() << "m=" << s[0] << " n=" << s[1] << " k=" << s[2]);
      EXPECT_EQ((CheckMmad<A, C>(s[0], s[1], s[2], init, false, false, false, rng.Next())), "");
    }
  }
}

TEST(CubeMmad, HalfToFloat) { RunAllInits<half, float>(11, true); }
TEST(CubeMmad, Bfloat16ToFloat) { RunAllInits<bfloat16_t, float>(12, true); }
TEST(CubeMmad, FloatToFloat) { RunAllInits<float, float>(13, true); }
TEST(CubeMmad, Int8ToInt32) { RunAllInits<int8_t, int32_t>(14, true); }
TEST(CubeMmad, Int4ToInt32) { RunAllInits<int4b_t, int32_t>(15, false); }

TEST(CubeMmad, FloatKDirectionAlign) {
  cube_test::Rng rng(16);
  for (uint32_t k : {1u, 7u, 8u, 9u, 16u, 17u, 36u, 44u, 100u}) {
    const uint32_t m = 1 + rng.Below(40), n = 1 + rng.Below(40);
    EXPECT_EQ((CheckMmad<float, float>(m == 1 ? 2 : m, n, k, Init::kZero, true, false, false, rng.Next())), "");
  }
}

TEST(CubeMmad, Hf32RoundsFloatInputs) {
  cube_test::Rng rng(17);
  for (bool ties_to_zero : {false, true}) {
    for (int t = 0; t < 4; ++t) {
      EXPECT_EQ((CheckMmad<float, float>(1 + rng.Below(40), 1 + rng.Below(40), 1 + rng.Below(60),
                                         Init::kZero, false, true, ties_to_zero, rng.Next())),
                "");
    }
  }
}

TEST(CubeMmad, Hf32ChangesResultsAndIsResetPerBlock) {
  // 1 + 2^-20 is not representable in HF32: products differ from plain fp32.
  float got[2] = {0, 0};
  for (int run = 0; run < 2; ++run) {
    cube_test::RunBlock([&] {
      Bufs b;
      LocalTensor<float> a2 = b.a2.Get<float>(), b2 = b.b2.Get<float>(), c1 = b.co1.Get<float>();
      std::memset(a2.GetPhyAddr(), 0, 512);
      std::memset(b2.GetPhyAddr(), 0, 512);
      a2.GetPhyAddr()[0] = 1.0f + 0x1.0p-20f;
      b2.GetPhyAddr()[0] = 1.0f;
      if (run == 0) SetHF32Mode(HF32Mode::ENABLE);
      MmadParams p;
      p.m = 2;
      p.n = 1;
      p.k = 1;
      Mmad(c1, a2, b2, p);
      got[run] = c1.GetPhyAddr()[0];
    });
  }
  EXPECT_EQ(got[0], 1.0f);                 // rounded to 11 mantissa bits
  EXPECT_EQ(got[1], 1.0f + 0x1.0p-20f);   // the next block starts with HF32 off
}

TEST(CubeMmad, ZeroSizeIsANoOp) {
  cube_test::RunBlock([&] {
    Bufs b;
    LocalTensor<float> c1 = b.co1.Get<float>();
    c1.GetPhyAddr()[0] = 42.0f;
    MmadParams p;  // m = n = k = 0
    Mmad(c1, b.a2.Get<half>(), b.b2.Get<half>(), p);
    p.m = 16;
    p.n = 16;
    Mmad(c1, b.a2.Get<half>(), b.b2.Get<half>(), p);  // k = 0
    EXPECT_EQ(c1.GetPhyAddr()[0], 42.0f);
  });
}

}  // namespace
