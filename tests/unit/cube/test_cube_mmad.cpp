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

// ---- MmadWithSparse with LoadDataWithSparse --------------------------------------

// The documented selection table: index pair -> the elements of the 4-group
// that meet dense values 0 and 1.
struct SparseSel {
  uint32_t i0, i1, p0, p1;
};
constexpr SparseSel kSparseTable[] = {{2, 2, 2, 3}, {1, 2, 1, 3}, {0, 2, 0, 3}, {1, 1, 1, 2},
                                      {0, 1, 0, 2}, {0, 0, 0, 1}, {2, 0, 2, 2}, {1, 0, 1, 1}};

// The documented densification of one 4-group (at most 2 non-zeros kept).
void Densify(const int8_t* grp, int8_t* d, uint8_t* ix) {
  std::vector<uint32_t> nz;
  for (uint32_t q = 0; q < 4; ++q) {
    if (grp[q] != 0) nz.push_back(q);
  }
  d[0] = d[1] = 0;
  ix[0] = ix[1] = 0;
  if (nz.size() == 1 && nz[0] == 3) {
    ix[1] = 2;
    d[1] = grp[3];
  } else if (nz.size() == 1) {
    ix[0] = static_cast<uint8_t>(nz[0]);
    d[0] = grp[nz[0]];
  } else if (nz.size() >= 2) {
    ix[0] = static_cast<uint8_t>(nz[0]);
    ix[1] = static_cast<uint8_t>(nz[1] - 1);
    d[0] = grp[nz[0]];
    d[1] = grp[nz[1]];
  }
}

enum class SparseBug {
  kNone, kFmInB2, kLoadDstInL0A, kIdxMisaligned, kIdxPastEnd, kIndex3, kNotLoaded, kNoLoad,
  kKNotMultipleOf4, kKDirectionAlign
};

// One LoadDataWithSparse + MmadWithSparse of m x k by the sparse k x n B.
// densified: B is a random 4:2 sparse matrix densified as documented (then
// C must equal A x B); else random dense values and random index pairs of
// the table (dense value sums leaving int8_t included). B's fractals sit at
// fractal `start` of L1 and go to fractal `dst_frac` of L0B. Returns the
// KernelError text, or "" with *mismatch set on a wrong element.
std::string RunSparse(uint32_t m, uint32_t n, uint32_t k, Init init, bool densified, uint32_t start,
                      uint32_t dst_frac, uint64_t seed, SparseBug bug, std::string* mismatch) {
  cube_test::Rng rng(seed);
  const uint32_t kd = k / 2, m1 = CeilDiv(m, 16), n1 = CeilDiv(n, 16), kf = CeilDiv(k, 32);
  const uint32_t kfd = CeilDiv(kd, 32), nf = kfd * n1;
  std::vector<int8_t> av(size_t{m} * k), bo(size_t{k} * n), bd(size_t{kd} * n);
  std::vector<uint8_t> ix(size_t{kd} * n);
  std::vector<int32_t> cinit(size_t{m} * n), bias(n), got(size_t{m} * n);
  for (auto& x : av) x = static_cast<int8_t>(rng.Below(256));
  for (auto& x : cinit) x = static_cast<int32_t>(rng.Below(2000)) - 1000;
  for (auto& x : bias) x = static_cast<int32_t>(rng.Below(2000)) - 1000;
  for (uint32_t j = 0; j < n; ++j) {
    for (uint32_t g = 0; g < k / 4; ++g) {
      int8_t grp[4] = {0, 0, 0, 0}, d[2];
      uint8_t q[2];
      if (densified) {
        const uint32_t cnt = rng.Below(3);  // 0, 1 or 2 non-zeros
        for (uint32_t t = 0; t < cnt; ++t) grp[rng.Below(4)] = static_cast<int8_t>(1 + rng.Below(255));
        Densify(grp, d, q);
      } else {
        const SparseSel& sel = kSparseTable[rng.Below(8)];
        q[0] = static_cast<uint8_t>(sel.i0);
        q[1] = static_cast<uint8_t>(sel.i1);
        d[0] = static_cast<int8_t>(rng.Below(256));
        d[1] = static_cast<int8_t>(rng.Below(256));
      }
      for (uint32_t t = 0; t < 4; ++t) bo[size_t{4 * g + t} * n + j] = grp[t];
      for (uint32_t s = 0; s < 2; ++s) {
        bd[size_t{2 * g + s} * n + j] = d[s];
        ix[size_t{2 * g + s} * n + j] = q[s];
      }
    }
  }
  const std::string err = cube_test::ErrorOf([&] {
    Bufs b;
    TBuf<TPosition::B1> b1;
    b.pipe.InitBuffer(b1, 256 * 1024);
    LocalTensor<int8_t> a2 = b.a2.Get<int8_t>(), b2 = b.b2.Get<int8_t>(), l1 = b1.Get<int8_t>();
    LocalTensor<uint8_t> l1idx = b1.Get<uint8_t>()[192 * 1024];
    LocalTensor<int32_t> c1 = b.co1.Get<int32_t>(), bt = b.c2.Get<int32_t>();
    auto* pa = reinterpret_cast<uint8_t*>(a2.GetPhyAddr());
    auto* pb = reinterpret_cast<uint8_t*>(b2.GetPhyAddr());
    auto* p1 = reinterpret_cast<uint8_t*>(l1.GetPhyAddr());
    auto* pc = reinterpret_cast<uint8_t*>(c1.GetPhyAddr());
    for (uint32_t i = 0; i < 256 * 1024; ++i) p1[i] = static_cast<uint8_t>(rng.Below(256));
    std::memset(pb, 0x5A, 64 * 1024);
    std::memset(pa, 0, 64 * 1024);
    for (uint32_t i = 0; i < m; ++i) {
      for (uint32_t kk = 0; kk < k; ++kk) pa[cube_test::ZzOffset(i, kk, 32, kf)] = static_cast<uint8_t>(av[size_t{i} * k + kk]);
    }
    uint8_t* pi = p1 + 192 * 1024 + start * 128;
    std::memset(p1 + start * 512, 0, nf * 512);  // the padding of the last fractals
    std::memset(pi, 0, nf * 128);
    for (uint32_t r = 0; r < kd; ++r) {
      for (uint32_t j = 0; j < n; ++j) {
        const uint64_t o = cube_test::ZnOffset(r, j, 32, n1);
        p1[start * 512 + o] = static_cast<uint8_t>(bd[size_t{r} * n + j]);
        pi[o / 4] = static_cast<uint8_t>(pi[o / 4] | (ix[size_t{r} * n + j] << (2 * (o % 4))));
      }
    }
    if (bug == SparseBug::kIndex3) pi[0] |= 3;
    for (uint32_t i = 0; i < m; ++i) {
      for (uint32_t j = 0; j < n; ++j) std::memcpy(pc + cube_test::NzOffset(i, j, 16, m1 * 16) * 4, &cinit[size_t{i} * n + j], 4);
    }
    std::memcpy(bt.GetPhyAddr(), bias.data(), n * 4);
    // Only startIndex and repeatTimes count: srcStride, dstGap are ignored.
    LoadData2dParams lp(static_cast<uint16_t>(start), static_cast<uint8_t>(nf), 7, 0, 3, false, 0);
    if (bug == SparseBug::kNotLoaded) lp.repeatTimes = static_cast<uint8_t>(nf - 1);
    LocalTensor<int8_t> dst = bug == SparseBug::kLoadDstInL0A ? a2 : b2[dst_frac * 512];
    LocalTensor<uint8_t> idx = bug == SparseBug::kIdxMisaligned ? l1idx[16]
                               : bug == SparseBug::kIdxPastEnd  ? l1idx[64 * 1024 - 64 - start * 128]
                                                                : l1idx;
    if (bug != SparseBug::kNoLoad) LoadDataWithSparse(dst, l1, idx, lp);
    for (uint32_t i = 0; bug == SparseBug::kNone && i < 64 * 1024; ++i) {
      const bool in = i >= dst_frac * 512 && i < (dst_frac + nf) * 512;
      if (pb[i] != (in ? p1[start * 512 + i - dst_frac * 512] : 0x5A)) {
        *mismatch = "L0B byte " + std::to_string(i) + " is " + std::to_string(pb[i]);
        return;
      }
    }
    MmadParams p;
    p.m = static_cast<uint16_t>(m);
    p.n = static_cast<uint16_t>(n);
    p.k = static_cast<uint16_t>(bug == SparseBug::kKNotMultipleOf4 ? k - 2 : k);
    p.kDirectionAlign = bug == SparseBug::kKDirectionAlign;
    if (init != Init::kZero) p.cmatrixInitVal = false;
    if (init == Init::kBiasTable) p.cmatrixSource = true;
    MmadWithSparse(c1, bug == SparseBug::kFmInB2 ? b2 : a2, b2[dst_frac * 512], p);
    for (uint32_t i = 0; i < m; ++i) {
      for (uint32_t j = 0; j < n; ++j) std::memcpy(&got[size_t{i} * n + j], pc + cube_test::NzOffset(i, j, 16, m1 * 16) * 4, 4);
    }
  });
  if (!err.empty() || !mismatch->empty()) return err;
  for (uint32_t i = 0; i < m && mismatch->empty(); ++i) {
    for (uint32_t j = 0; j < n; ++j) {
      int32_t want = init == Init::kZero ? 0 : init == Init::kBiasTable ? bias[j] : cinit[size_t{i} * n + j];
      int32_t dense = want;
      for (uint32_t g = 0; g < k / 4; ++g) {
        const uint8_t q0 = ix[size_t{2 * g} * n + j], q1 = ix[size_t{2 * g + 1} * n + j];
        for (const SparseSel& sel : kSparseTable) {
          if (sel.i0 != q0 || sel.i1 != q1) continue;
          want += av[size_t{i} * k + 4 * g + sel.p0] * bd[size_t{2 * g} * n + j] +
                  av[size_t{i} * k + 4 * g + sel.p1] * bd[size_t{2 * g + 1} * n + j];
        }
      }
      for (uint32_t kk = 0; kk < k; ++kk) dense += av[size_t{i} * k + kk] * bo[size_t{kk} * n + j];
      if (got[size_t{i} * n + j] != want || (densified && dense != want)) {
        *mismatch = "element (" + std::to_string(i) + ", " + std::to_string(j) + ") is " +
                    std::to_string(got[size_t{i} * n + j]) + ", table model " + std::to_string(want) +
                    ", dense model " + std::to_string(dense);
        break;
      }
    }
  }
  return "";
}

TEST(CubeMmadSparse, MatchesTheTableAndTheDenseProduct) {
  cube_test::Rng rng(21);
  std::vector<std::array<uint32_t, 3>> shapes = {{128, 128, 64}, {16, 16, 64}, {1, 20, 36},
                                                 {17, 33, 132}, {5, 40, 260},  {30, 1, 4}};
  for (int i = 0; i < 8; ++i) shapes.push_back({1 + rng.Below(70), 1 + rng.Below(70), 4 * (1 + rng.Below(80))});
  for (auto& s : shapes) {
    while (CeilDiv(s[2] / 2, 32) * CeilDiv(s[1], 16) > 100 || CeilDiv(s[0], 16) * CeilDiv(s[2], 32) > 128) s[2] = CeilAlign(s[2] / 2, 4);
    for (Init init : {Init::kZero, Init::kAccumulate, Init::kBiasTable}) {
      for (bool densified : {true, false}) {
        SCOPED_TRACE(testing::Message() << "m=" << s[0] << " n=" << s[1] << " k=" << s[2]
                                        << " init=" << static_cast<int>(init) << " densified=" << densified);
        std::string mismatch;
        EXPECT_EQ(RunSparse(s[0], s[1], s[2], init, densified, rng.Below(20), rng.Below(20), rng.Next(),
                            SparseBug::kNone, &mismatch),
                  "");
        EXPECT_EQ(mismatch, "");
      }
    }
  }
}

TEST(CubeMmadSparse, ChecksWithCleanTwin) {
  const struct {
    SparseBug bug;
    const char* api;
    const char* part;
  } cases[] = {
      {SparseBug::kFmInB2, "MmadWithSparse", "fm of MmadWithSparse is at position B2"},
      {SparseBug::kLoadDstInL0A, "LoadDataWithSparse", "dst of LoadDataWithSparse is at position A2"},
      {SparseBug::kIdxMisaligned, "LoadDataWithSparse", "idx operand starts at byte offset 196624"},
      {SparseBug::kIdxPastEnd, "LoadDataWithSparse", "idx of LoadDataWithSparse needs"},
      {SparseBug::kIndex3, "MmadWithSparse", "the indices (3, "},
      {SparseBug::kNotLoaded, "MmadWithSparse", "index fractal of filter fractal 1"},
      {SparseBug::kNoLoad, "MmadWithSparse", "no LoadDataWithSparse ran"},
      {SparseBug::kKNotMultipleOf4, "MmadWithSparse", "MmadParams.k 62 is not a multiple of 4"},
      {SparseBug::kKDirectionAlign, "MmadWithSparse", "kDirectionAlign must be false"},
  };
  for (const auto& c : cases) {
    std::string mismatch;
    const std::string e = RunSparse(16, 32, 64, Init::kZero, true, 1, 2, 5, c.bug, &mismatch);
    EXPECT_TRUE(cube_test::Has(e, c.api) && cube_test::Has(e, c.part)) << static_cast<int>(c.bug) << ": " << e;
  }
  std::string mismatch;
  EXPECT_EQ(RunSparse(16, 32, 64, Init::kZero, true, 1, 2, 5, SparseBug::kNone, &mismatch), "");
  EXPECT_EQ(mismatch, "");
}

TEST(CubeMmadSparse, ZeroRepeatsAndZeroSizeAreNoOps) {
  cube_test::RunBlock([&] {
    Bufs b;
    TBuf<TPosition::B1> b1;
    b.pipe.InitBuffer(b1, 4096);
    LocalTensor<int8_t> b2 = b.b2.Get<int8_t>();
    LocalTensor<int32_t> c1 = b.co1.Get<int32_t>();
    b2.GetPhyAddr()[0] = 42;
    c1.GetPhyAddr()[0] = 42;
    LoadDataWithSparse(b2, b1.Get<int8_t>(), b1.Get<uint8_t>(), LoadData2dParams{});  // repeatTimes 0
    MmadParams p;  // m = n = k = 0
    MmadWithSparse(c1, b.a2.Get<int8_t>(), b2, p);
    EXPECT_EQ(b2.GetPhyAddr()[0], 42);
    EXPECT_EQ(c1.GetPhyAddr()[0], 42);
  });
}

// The sparse pair exists on the 910B generation only: under the Ascend310P
// and Ascend910 profiles each is refused; the same block runs clean on the
// Ascend910B profile.
TEST(CubeMmadSparse, RefusedOffTheAscend910B) {
  struct Restore {
    ~Restore() { aicore::SetSocVersion("Ascend910B"); }
  } restore;
  auto block = [](bool load, bool mmad) {
    return [load, mmad] {
      TPipe pipe;
      TBuf<TPosition::A2> a2;
      TBuf<TPosition::B1> b1;
      TBuf<TPosition::B2> b2;
      TBuf<TPosition::CO1> co1;
      pipe.InitBuffer(a2, 1024);
      pipe.InitBuffer(b1, 1024);
      pipe.InitBuffer(b2, 512);
      pipe.InitBuffer(co1, 1024);
      std::memset(b1.Get<uint8_t>().GetPhyAddr(), 0, 1024);
      std::memset(a2.Get<uint8_t>().GetPhyAddr(), 0, 1024);
      LoadData2dParams lp;
      lp.repeatTimes = 1;
      if (load) LoadDataWithSparse(b2.Get<int8_t>(), b1.Get<int8_t>(), b1.Get<uint8_t>()[512], lp);
      MmadParams p;
      p.m = 16, p.n = 16, p.k = 64;
      if (mmad) MmadWithSparse(co1.Get<int32_t>(), a2.Get<int8_t>(), b2.Get<int8_t>(), p);
    };
  };
  for (const char* soc : {"Ascend310P", "Ascend910"}) {
    aicore::SetSocVersion(soc);
    for (bool mmad : {false, true}) {
      const std::string api = mmad ? "MmadWithSparse" : "LoadDataWithSparse";
      const std::string e = cube_test::ErrorOf(block(!mmad, mmad));
      EXPECT_TRUE(cube_test::Has(e, api + " is not available on " + soc)) << e;
    }
  }
  aicore::SetSocVersion("Ascend910B");
  EXPECT_EQ(cube_test::ErrorOf(block(true, true)), "");
}

}  // namespace
