// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// RmsNorm and LayerNorm (advanced API, aicore/lib/normalization.h) against a
// double-precision model of the documented formulas, on random shapes (H not
// a multiple of the vector length, padded H), half and float; the host
// tiling functions against values worked out by hand from the documented
// formulas; the tiling structs inside BEGIN_TILING_DATA_DEF; and the
// KernelError of bad operands, tilings and buffers.
//
// Tolerance (|got - ref| <= atol * rowScale + rtol * |ref|, rowScale the
// row's largest |ref|): float rtol = atol = 1e-5; half rtol = atol = 2e-3.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "aicore/aicore.h"
#include "aicore/lib/normalization.h"

namespace {

using AscendC::LocalTensor;
using Buf = AscendC::TBuf<AscendC::TPosition::VECCALC>;

constexpr uint32_t kUb = 184 * 1024;

template <class T>
struct Tol;
template <>
struct Tol<float> {
  static constexpr double kRel = 1e-5, kAbs = 1e-5;
};
template <>
struct Tol<half> {
  static constexpr double kRel = 2e-3, kAbs = 2e-3;
};

template <class T>
double D(T v) {
  return static_cast<double>(static_cast<float>(v));
}

uint32_t Align32(uint32_t bytes) { return (bytes + 31) / 32 * 32; }

// A UB carve-out: byte offsets of the operands in one VECCALC buffer.
struct Carver {
  uint32_t next = 0;
  uint32_t Take(uint32_t bytes) {
    const uint32_t at = next;
    next += Align32(bytes);
    return at;
  }
};

template <class T>
LocalTensor<T> At(Buf& buf, uint32_t off) {
  return buf.Get<uint8_t>()[off].ReinterpretCast<T>();
}

// Runs body(buf) in a one-block launch.
template <class F>
void RunUb(F&& body) {
  aicore::Launch(
      [&] {
        AscendC::TPipe pipe;
        Buf buf;
        pipe.InitBuffer(buf, kUb);
        body(buf);
      },
      1);
}

template <class F>
std::string ErrorOf(F&& body) {
  try {
    RunUb(body);
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

template <class T>
void ExpectNear(double got, double ref, double scale, const std::string& what) {
  const double tol = Tol<T>::kAbs * scale + Tol<T>::kRel * std::fabs(ref);
  ASSERT_LE(std::fabs(got - ref), tol) << what << ": got " << got << ", want " << ref;
}

// ---- RmsNorm -------------------------------------------------------------------

template <class T>
void RmsNormCase(std::mt19937& g, bool withTmp, bool inPlace) {
  constexpr uint32_t kAlign = 32 / sizeof(T);
  const uint32_t b = 1 + g() % 3, s = 1 + g() % 4;
  const uint32_t oh = 1 + g() % 200;
  const uint32_t h = (oh + kAlign - 1) / kAlign * kAlign;
  const uint32_t rows = b * s, bsh = rows * h;
  std::uniform_real_distribution<double> val(-3.0, 3.0), gam(-1.5, 1.5);
  std::vector<T> x(bsh, T(0)), gamma(h);
  for (uint32_t r = 0; r < rows; ++r) {
    for (uint32_t i = 0; i < oh; ++i) x[r * h + i] = static_cast<T>(static_cast<float>(val(g)));
  }
  for (auto& v : gamma) v = static_cast<T>(static_cast<float>(gam(g)));
  // A large epsilon now and then, so that its placement shows.
  const float epsChoices[] = {1e-5f, 0.5f, 2.0f};
  const T eps = static_cast<T>(epsChoices[g() % 3]);

  const ge::Shape shape({b, s, h}), origin({b, s, oh});
  uint32_t maxTmp = 0, minTmp = 0;
  ASSERT_TRUE(AscendC::GetRmsNormMaxMinTmpSize(shape, sizeof(T), maxTmp, minTmp));
  const uint32_t tmpBytes = std::min<uint32_t>(maxTmp, minTmp + static_cast<uint32_t>(g() % 4096));
  AscendC::RmsNormTiling tiling;
  ASSERT_TRUE(AscendC::GetRmsNormTilingInfo(shape, origin, tmpBytes, sizeof(T), tiling));

  std::vector<T> y(bsh);
  RunUb([&](Buf& buf) {
    Carver c;
    const uint32_t ox = c.Take(bsh * sizeof(T)), og = c.Take(h * sizeof(T));
    const uint32_t oy = inPlace ? ox : c.Take(bsh * sizeof(T));
    const uint32_t ot = c.Take(tmpBytes);
    ASSERT_LE(c.next, kUb);
    auto tx = At<T>(buf, ox), tg = At<T>(buf, og), ty = At<T>(buf, oy);
    std::memcpy(tx.GetPhyAddr(), x.data(), bsh * sizeof(T));
    std::memcpy(tg.GetPhyAddr(), gamma.data(), h * sizeof(T));
    if (withTmp) {
      AscendC::RmsNorm(ty, tx, tg, At<uint8_t>(buf, ot), eps, tiling);
    } else {
      AscendC::RmsNorm<T, false>(ty, tx, tg, eps, tiling);
    }
    std::memcpy(y.data(), ty.GetPhyAddr(), bsh * sizeof(T));
  });

  for (uint32_t r = 0; r < rows; ++r) {
    double ss = 0;
    for (uint32_t i = 0; i < oh; ++i) ss += D(x[r * h + i]) * D(x[r * h + i]);
    const double rms = std::sqrt(ss / oh + D(eps));
    std::vector<double> ref(h);
    double scale = 0;
    for (uint32_t i = 0; i < h; ++i) {
      ref[i] = D(x[r * h + i]) / rms * D(gamma[i]);
      scale = std::max(scale, std::fabs(ref[i]));
    }
    for (uint32_t i = 0; i < h; ++i) {
      ExpectNear<T>(D(y[r * h + i]), ref[i], scale,
                    "RmsNorm [" + std::to_string(b) + "," + std::to_string(s) + "," +
                        std::to_string(h) + "/" + std::to_string(oh) + "] row " +
                        std::to_string(r) + " col " + std::to_string(i));
    }
  }
}

TEST(LibNormalization, RmsNormMatchesModelFloat) {
  std::mt19937 g(11);
  for (int i = 0; i < 40; ++i) RmsNormCase<float>(g, i % 2 == 0, i % 5 == 0);
}

TEST(LibNormalization, RmsNormMatchesModelHalf) {
  std::mt19937 g(12);
  for (int i = 0; i < 40; ++i) RmsNormCase<half>(g, i % 2 == 0, i % 5 == 0);
}

// The documented example: x = gamma = 0..15, epsilon 0 (the doc's output).
TEST(LibNormalization, RmsNormDocExample) {
  const ge::Shape shape({1, 1, 16});
  AscendC::RmsNormTiling tiling;
  ASSERT_TRUE(AscendC::GetRmsNormTilingInfo(shape, shape, 4096, sizeof(float), tiling));
  const float want[16] = {0.f,       0.11359233f, 0.4543693f, 1.022331f,  1.8174772f, 2.8398082f,
                          4.089324f, 5.566024f,   7.269909f,  9.200979f,  11.359233f, 13.744672f,
                          16.357296f, 19.197104f, 22.264095f, 25.558275f};
  RunUb([&](Buf& buf) {
    auto x = At<float>(buf, 0), gm = At<float>(buf, 64), y = At<float>(buf, 128);
    for (int i = 0; i < 16; ++i) x.GetPhyAddr()[i] = gm.GetPhyAddr()[i] = static_cast<float>(i);
    AscendC::RmsNorm(y, x, gm, At<uint8_t>(buf, 1024), 0.0f, tiling);
    for (int i = 0; i < 16; ++i) EXPECT_NEAR(y.GetPhyAddr()[i], want[i], 1e-5 * 26) << i;
  });
}

// ---- LayerNorm -----------------------------------------------------------------

template <class T, bool kReuse>
void LayerNormCase(std::mt19937& g, bool withTmp, bool inPlace) {
  constexpr uint32_t kAlign = 32 / sizeof(T);
  const uint32_t b = 1 + g() % 3, s = 1 + g() % 4;
  const uint32_t oh = 1 + g() % 200;
  const uint32_t h = (oh + kAlign - 1) / kAlign * kAlign;
  const uint32_t rows = b * s, bsh = rows * h;
  std::uniform_real_distribution<double> val(-4.0, 6.0), gam(-1.5, 1.5);
  std::vector<T> x(bsh, T(0)), gamma(h), beta(h);
  for (uint32_t r = 0; r < rows; ++r) {
    for (uint32_t i = 0; i < oh; ++i) x[r * h + i] = static_cast<T>(static_cast<float>(val(g)));
  }
  for (auto& v : gamma) v = static_cast<T>(static_cast<float>(gam(g)));
  for (auto& v : beta) v = static_cast<T>(static_cast<float>(gam(g)));
  // A large epsilon now and then, so that its placement shows.
  const float epsChoices[] = {1e-5f, 0.5f, 2.0f};
  const T eps = static_cast<T>(epsChoices[g() % 3]);

  const ge::Shape shape({b, s, h, oh});
  uint32_t maxTmp = 0, minTmp = 0;
  AscendC::GetLayerNormMaxMinTmpSize(shape, sizeof(T), kReuse, maxTmp, minTmp);
  const uint32_t tmpBytes = std::min<uint32_t>(maxTmp, minTmp + static_cast<uint32_t>(g() % 4096));
  AscendC::LayerNormTiling tiling;
  AscendC::GetLayerNormNDTilingInfo(shape, tmpBytes, sizeof(T), kReuse, tiling);
  ASSERT_NE(tiling.oneTmpSize, 0u);

  std::vector<T> y(bsh), mean(rows), var(rows);
  RunUb([&](Buf& buf) {
    Carver c;
    const uint32_t ox = c.Take(bsh * sizeof(T)), og = c.Take(h * sizeof(T)),
                   ob = c.Take(h * sizeof(T)), om = c.Take(rows * sizeof(T)),
                   ov = c.Take(rows * sizeof(T));
    const uint32_t oy = inPlace ? ox : c.Take(bsh * sizeof(T));
    const uint32_t ot = c.Take(tmpBytes);
    ASSERT_LE(c.next, kUb);
    auto tx = At<T>(buf, ox), tg = At<T>(buf, og), tb = At<T>(buf, ob), ty = At<T>(buf, oy),
         tm = At<T>(buf, om), tv = At<T>(buf, ov);
    std::memcpy(tx.GetPhyAddr(), x.data(), bsh * sizeof(T));
    std::memcpy(tg.GetPhyAddr(), gamma.data(), h * sizeof(T));
    std::memcpy(tb.GetPhyAddr(), beta.data(), h * sizeof(T));
    if (withTmp) {
      AscendC::LayerNorm<T, kReuse>(ty, tm, tv, tx, tg, tb, At<uint8_t>(buf, ot), eps, tiling);
    } else {
      AscendC::LayerNorm<T, kReuse>(ty, tm, tv, tx, tg, tb, eps, tiling);
    }
    std::memcpy(y.data(), ty.GetPhyAddr(), bsh * sizeof(T));
    std::memcpy(mean.data(), tm.GetPhyAddr(), rows * sizeof(T));
    std::memcpy(var.data(), tv.GetPhyAddr(), rows * sizeof(T));
  });

  for (uint32_t r = 0; r < rows; ++r) {
    double m = 0, v = 0;
    for (uint32_t i = 0; i < oh; ++i) m += D(x[r * h + i]);
    m /= oh;
    for (uint32_t i = 0; i < oh; ++i) v += (D(x[r * h + i]) - m) * (D(x[r * h + i]) - m);
    v /= oh;
    const std::string where = "LayerNorm [" + std::to_string(b) + "," + std::to_string(s) + "," +
                              std::to_string(h) + "/" + std::to_string(oh) + "] row " +
                              std::to_string(r);
    double xs = 0;
    for (uint32_t i = 0; i < oh; ++i) xs = std::max(xs, std::fabs(D(x[r * h + i])));
    ExpectNear<T>(D(mean[r]), m, xs, where + " mean");
    ExpectNear<T>(D(var[r]), v, xs * xs, where + " variance");
    const double rstd = 1.0 / std::sqrt(v + D(eps));
    std::vector<double> ref(h);
    double scale = 0;
    for (uint32_t i = 0; i < h; ++i) {
      ref[i] = (D(x[r * h + i]) - m) * rstd * D(gamma[i]) + D(beta[i]);
      scale = std::max(scale, std::fabs(ref[i]));
    }
    for (uint32_t i = 0; i < h; ++i) {
      ExpectNear<T>(D(y[r * h + i]), ref[i], scale, where + " col " + std::to_string(i));
    }
  }
}

TEST(LibNormalization, LayerNormMatchesModelFloat) {
  std::mt19937 g(21);
  for (int i = 0; i < 30; ++i) LayerNormCase<float, false>(g, i % 2 == 0, i % 3 == 0);
  for (int i = 0; i < 10; ++i) LayerNormCase<float, true>(g, i % 2 == 0, i % 3 == 0);
}

TEST(LibNormalization, LayerNormMatchesModelHalf) {
  std::mt19937 g(22);
  for (int i = 0; i < 40; ++i) LayerNormCase<half, false>(g, i % 2 == 0, i % 3 == 0);
}

// The documented example: x = 0..63 as [1, 8, 8], gamma = beta = 0..7.
TEST(LibNormalization, LayerNormDocExample) {
  const ge::Shape shape({1, 8, 8, 8});
  uint32_t maxTmp = 0, minTmp = 0;
  AscendC::GetLayerNormMaxMinTmpSize(shape, sizeof(float), false, maxTmp, minTmp);
  AscendC::LayerNormTiling tiling;
  AscendC::GetLayerNormNDTilingInfo(shape, minTmp, sizeof(float), false, tiling);
  const float want[8] = {0.f,        -0.09107912f, 0.69070506f, 2.3453526f,
                         4.8728633f, 8.273237f,    12.546474f,  17.692575f};
  RunUb([&](Buf& buf) {
    auto x = At<float>(buf, 0), gm = At<float>(buf, 256), bt = At<float>(buf, 288),
         mean = At<float>(buf, 320), var = At<float>(buf, 352), y = At<float>(buf, 384);
    for (int i = 0; i < 64; ++i) x.GetPhyAddr()[i] = static_cast<float>(i);
    for (int i = 0; i < 8; ++i) gm.GetPhyAddr()[i] = bt.GetPhyAddr()[i] = static_cast<float>(i);
    AscendC::LayerNorm(y, mean, var, x, gm, bt, At<uint8_t>(buf, 1024), 1e-5f, tiling);
    for (int r = 0; r < 8; ++r) {
      EXPECT_FLOAT_EQ(mean.GetPhyAddr()[r], 3.5f + 8 * r);
      EXPECT_FLOAT_EQ(var.GetPhyAddr()[r], 5.25f);
      // The doc does not state epsilon: 2e-4 (1e-5 of the row's scale 17.7)
      // covers epsilon up to 1e-4 and the NPU's own rounding.
      for (int i = 0; i < 8; ++i) EXPECT_NEAR(y.GetPhyAddr()[r * 8 + i], want[i], 2e-4) << r << i;
    }
  });
}

// ---- host tiling, by hand from the documented formulas ---------------------------

TEST(LibNormalization, RmsNormTmpSizes) {
  uint32_t mx = 0, mn = 0;
  // half [2, 16, 64]: max (2*2048 + align16(32)) * 4, min (2*64 + 8) * 4.
  ASSERT_TRUE(AscendC::GetRmsNormMaxMinTmpSize(ge::Shape({2, 16, 64}), 2, mx, mn));
  EXPECT_EQ(mx, (2u * 2048 + 32) * 4);
  EXPECT_EQ(mn, (2u * 64 + 8) * 4);
  // float [3, 5, 24]: max (360 + align8(15)=16) * 4, min (24 + 8) * 4.
  ASSERT_TRUE(AscendC::GetRmsNormMaxMinTmpSize(ge::Shape({3, 5, 24}), 4, mx, mn));
  EXPECT_EQ(mx, (360u + 16) * 4);
  EXPECT_EQ(mn, (24u + 8) * 4);
  // basic block: H a multiple of 64 below 2048, B*S a multiple of 8.
  EXPECT_TRUE(AscendC::GetRmsNormMaxMinTmpSize(ge::Shape({2, 4, 128}), 4, mx, mn, true));
  EXPECT_FALSE(AscendC::GetRmsNormMaxMinTmpSize(ge::Shape({2, 4, 96}), 4, mx, mn, true));
  EXPECT_FALSE(AscendC::GetRmsNormMaxMinTmpSize(ge::Shape({1, 4, 128}), 4, mx, mn, true));
  EXPECT_FALSE(AscendC::GetRmsNormMaxMinTmpSize(ge::Shape({2, 4, 2048}), 4, mx, mn, true));
  EXPECT_FALSE(AscendC::GetRmsNormMaxMinTmpSize(ge::Shape({4, 128}), 4, mx, mn));
}

TEST(LibNormalization, RmsNormTilingInfo) {
  AscendC::RmsNormTiling t;
  // half [2, 16, 64], stack = min 544 bytes = 136 floats: 2 rows need
  // 2*64*2 + 8 = 264 floats, so 1 row per round: 32 rounds, no tail.
  ASSERT_TRUE(AscendC::GetRmsNormTilingInfo(ge::Shape({2, 16, 64}), ge::Shape({2, 16, 64}), 544,
                                            2, t));
  EXPECT_EQ(t.bLength, 2u);
  EXPECT_EQ(t.sLength, 16u);
  EXPECT_EQ(t.hLength, 64u);
  EXPECT_EQ(t.originalHLength, 64u);
  EXPECT_FLOAT_EQ(t.reciprocalOfHLength, 1.0f / 64);
  EXPECT_EQ(t.mainBshLength, 64u);
  EXPECT_EQ(t.mainBsLength, 1u);
  EXPECT_EQ(t.mainBsLengthAlign, 8u);
  EXPECT_EQ(t.loopRound, 32u);
  EXPECT_EQ(t.inputTailPos, 2048u);
  EXPECT_EQ(t.tailBshLength, 0u);
  EXPECT_EQ(t.tailBsLength, 0u);
  // float [2, 5, 8] (original H 6), stack 140 bytes = 35 floats: 3 rows need
  // 24 + 8 = 32 <= 35, 4 rows 32 + 8 = 40 > 35: 3 rows per round, 80 elements
  // = 3 rounds of 24 and a tail of 8 (1 row) at 72.
  ASSERT_TRUE(
      AscendC::GetRmsNormTilingInfo(ge::Shape({2, 5, 8}), ge::Shape({2, 5, 6}), 140, 4, t));
  EXPECT_EQ(t.originalHLength, 6u);
  EXPECT_FLOAT_EQ(t.reciprocalOfHLength, 1.0f / 6);
  EXPECT_EQ(t.mainBshLength, 24u);
  EXPECT_EQ(t.mainBsLength, 3u);
  EXPECT_EQ(t.mainBsLengthAlign, 8u);
  EXPECT_EQ(t.loopRound, 3u);
  EXPECT_EQ(t.inputTailPos, 72u);
  EXPECT_EQ(t.tailBshLength, 8u);
  EXPECT_EQ(t.tailBsLength, 1u);
  // A large stack: all 10 rows, capped by the input.
  ASSERT_TRUE(
      AscendC::GetRmsNormTilingInfo(ge::Shape({2, 5, 8}), ge::Shape({2, 5, 8}), 65536, 4, t));
  EXPECT_EQ(t.mainBsLength, 10u);
  EXPECT_EQ(t.mainBsLengthAlign, 16u);
  EXPECT_EQ(t.loopRound, 1u);
  // Failures: stack below the minimum (8+8)*4 = 64, H not 32-byte aligned,
  // B/S differ, original H above H, basic-block rule.
  EXPECT_FALSE(
      AscendC::GetRmsNormTilingInfo(ge::Shape({2, 5, 8}), ge::Shape({2, 5, 8}), 63, 4, t));
  EXPECT_FALSE(
      AscendC::GetRmsNormTilingInfo(ge::Shape({2, 5, 10}), ge::Shape({2, 5, 10}), 4096, 4, t));
  EXPECT_FALSE(
      AscendC::GetRmsNormTilingInfo(ge::Shape({2, 5, 8}), ge::Shape({2, 4, 8}), 4096, 4, t));
  EXPECT_FALSE(
      AscendC::GetRmsNormTilingInfo(ge::Shape({2, 5, 8}), ge::Shape({2, 5, 9}), 4096, 4, t));
  EXPECT_FALSE(AscendC::GetRmsNormTilingInfo(ge::Shape({2, 5, 64}), ge::Shape({2, 5, 64}), 65536,
                                             4, t, true));
}

TEST(LibNormalization, LayerNormTmpSizesAndTiling) {
  uint32_t mx = 0, mn = 0;
  // half [2, 16, 64]: max 3 * 8192 + 2 * 128, min 3 * 256 + 2 * 128.
  AscendC::GetLayerNormMaxMinTmpSize(ge::Shape({2, 16, 64, 64}), 2, false, mx, mn);
  EXPECT_EQ(mx, 3u * 8192 + 2 * 128);
  EXPECT_EQ(mn, 3u * 256 + 2 * 128);
  // float with isReuseSource: two copies; [1, 3, 24]: all 288 bytes, one row
  // 96, mean/var 12 -> 32.
  AscendC::GetLayerNormMaxMinTmpSize(ge::Shape({1, 3, 24, 20}), 4, true, mx, mn);
  EXPECT_EQ(mx, 2u * 288 + 2 * 32);
  EXPECT_EQ(mn, 2u * 96 + 2 * 32);
  // half ignores isReuseSource.
  AscendC::GetLayerNormMaxMinTmpSize(ge::Shape({1, 3, 32, 32}), 2, true, mx, mn);
  EXPECT_EQ(mn, 3u * 128 + 2 * 32);

  AscendC::LayerNormTiling t;
  // half [2, 16, 64], 1024 bytes = 256 floats: mean/var 2 * 32, three
  // temporaries of (256 - 64) / 3 = 64 (one row).
  AscendC::GetLayerNormNDTilingInfo(ge::Shape({2, 16, 64, 64}), 1024, 2, false, t);
  EXPECT_EQ(t.bLength, 2u);
  EXPECT_EQ(t.sLength, 16u);
  EXPECT_EQ(t.hLength, 64u);
  EXPECT_EQ(t.originalHLength, 64u);
  EXPECT_EQ(t.inputXSize, 2048u);
  EXPECT_EQ(t.meanVarSize, 32u);
  EXPECT_EQ(t.numberOfTmpBuf, 3u);
  EXPECT_EQ(t.meanTmpTensorPos, 0u);
  EXPECT_EQ(t.meanTmpTensorSize, 32u);
  EXPECT_EQ(t.varianceTmpTensorPos, 32u);
  EXPECT_EQ(t.varianceTmpTensorSize, 32u);
  EXPECT_EQ(t.tmpBufSize, 256u);
  EXPECT_EQ(t.oneTmpSize, 64u);
  EXPECT_EQ(t.firstTmpStartPos, 64u);
  EXPECT_EQ(t.secondTmpStartPos, 128u);
  EXPECT_EQ(t.thirdTmpStartPos, 192u);
  EXPECT_EQ(t.loopRound, 32u);
  EXPECT_EQ(t.inputRoundSize, 64u);
  EXPECT_EQ(t.inputTailSize, 0u);
  EXPECT_EQ(t.inputTailPos, 2048u);
  EXPECT_EQ(t.meanVarRoundSize, 1u);
  EXPECT_EQ(t.meanVarTailSize, 0u);
  EXPECT_EQ(t.meanVarTailPos, 32u);
  EXPECT_EQ(t.bshCurLength, 64u);
  EXPECT_EQ(t.bsCurLength, 1u);
  EXPECT_FLOAT_EQ(t.lastDimValueBack, 1.0f / 64);
  // float, isReuseSource, [1, 5, 24] orig 20, 500 bytes = 125 floats: no
  // mean/var area, two temporaries of 62 -> 48 (2 rows): 2 rounds and a tail
  // of 24 at 96. With 1000 bytes: 125 -> 120, the whole input, 1 round.
  AscendC::GetLayerNormNDTilingInfo(ge::Shape({1, 5, 24, 20}), 500, 4, true, t);
  EXPECT_EQ(t.numberOfTmpBuf, 2u);
  EXPECT_EQ(t.meanTmpTensorSize, 8u);
  EXPECT_EQ(t.firstTmpStartPos, 0u);
  EXPECT_EQ(t.tmpBufSize, 125u);
  EXPECT_EQ(t.oneTmpSize, 48u);
  EXPECT_EQ(t.secondTmpStartPos, 48u);
  EXPECT_EQ(t.thirdTmpStartPos, 96u);
  EXPECT_EQ(t.loopRound, 2u);
  EXPECT_EQ(t.inputTailSize, 24u);
  EXPECT_EQ(t.inputTailPos, 96u);
  EXPECT_EQ(t.meanVarRoundSize, 2u);
  EXPECT_EQ(t.meanVarTailSize, 1u);
  EXPECT_EQ(t.meanVarTailPos, 4u);
  EXPECT_FLOAT_EQ(t.lastDimValueBack, 1.0f / 20);
  AscendC::GetLayerNormNDTilingInfo(ge::Shape({1, 5, 24, 20}), 1000, 4, true, t);
  EXPECT_EQ(t.oneTmpSize, 120u);
  EXPECT_EQ(t.loopRound, 1u);
  // Too small for one row: the tiling is left as it was.
  AscendC::LayerNormTiling fresh;
  AscendC::GetLayerNormNDTilingInfo(ge::Shape({1, 5, 24, 20}), 100, 4, false, fresh);
  EXPECT_EQ(fresh.oneTmpSize, 0u);
  EXPECT_EQ(fresh.hLength, 0u);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  AscendC::LayerNormTiling old;
  AscendC::GetLayerNormNDTillingInfo(ge::Shape({2, 16, 64, 64}), 1024, 2, false, old);
  EXPECT_EQ(std::memcmp(&old, &t, sizeof(t)) == 0, false);
  AscendC::GetLayerNormNDTilingInfo(ge::Shape({2, 16, 64, 64}), 1024, 2, false, t);
  EXPECT_EQ(std::memcmp(&old, &t, sizeof(t)), 0);
#pragma GCC diagnostic pop
}

TEST(LibNormalization, LayerNormHostErrors) {
  uint32_t mx = 0, mn = 0;
  AscendC::LayerNormTiling t;
  try {
    AscendC::GetLayerNormMaxMinTmpSize(ge::Shape({2, 16, 64}), 2, false, mx, mn);
    ADD_FAILURE() << "no error";
  } catch (const aicore::KernelError& e) {
    EXPECT_NE(std::string(e.what()).find("GetLayerNormMaxMinTmpSize"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("has 3 dimensions, should be 4"), std::string::npos)
        << e.what();
  }
  try {
    AscendC::GetLayerNormNDTilingInfo(ge::Shape({2, 16, 64, 64}), 4096, 8, false, t);
    ADD_FAILURE() << "no error";
  } catch (const aicore::KernelError& e) {
    EXPECT_NE(std::string(e.what()).find("typeSize 8 is unsupported"), std::string::npos)
        << e.what();
  }
  try {
    AscendC::GetLayerNormNDTilingInfo(ge::Shape({2, 0, 64, 64}), 4096, 4, false, t);
    ADD_FAILURE() << "no error";
  } catch (const aicore::KernelError& e) {
    EXPECT_NE(std::string(e.what()).find("dimension 1 = 0"), std::string::npos) << e.what();
  }
}

// ---- tiling structs inside a tiling class ----------------------------------------

}  // namespace

namespace optiling {
BEGIN_TILING_DATA_DEF(NormTestTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);
TILING_DATA_FIELD_DEF(uint32_t, tmpBufSize);
TILING_DATA_FIELD_DEF_STRUCT(RmsNormTiling, rmsnormTilingData);
TILING_DATA_FIELD_DEF_STRUCT(LayerNormTiling, layernormTilingData);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace {

TEST(LibNormalization, TilingStructsInTilingData) {
  optiling::NormTestTilingData td;
  const ge::Shape shape({1, 2, 16});
  uint32_t mx = 0, mn = 0;
  ASSERT_TRUE(AscendC::GetRmsNormMaxMinTmpSize(shape, 4, mx, mn));
  td.set_tmpBufSize(mn);
  td.set_totalLength(32);
  ASSERT_TRUE(AscendC::GetRmsNormTilingInfo(shape, shape, mn, 4, td.rmsnormTilingData));
  AscendC::GetLayerNormNDTilingInfo(ge::Shape({1, 2, 16, 16}), 4096, 4, false,
                                    td.layernormTilingData);
  static_assert(sizeof(optiling::NormTestTilingData) ==
                    8 + sizeof(AscendC::RmsNormTiling) + sizeof(AscendC::LayerNormTiling),
                "packed fields");
  static_assert(sizeof(AscendC::RmsNormTiling) == 12 * 4 &&
                    sizeof(AscendC::LayerNormTiling) == 26 * 4,
                "vendor field counts");
  std::vector<uint8_t> raw(td.GetDataSize());
  td.SaveToBuffer(raw.data(), raw.size());
  RunUb([&](Buf& buf) {
    GET_TILING_DATA_WITH_STRUCT(optiling::NormTestTilingData, k, raw.data());
    EXPECT_EQ(k.rmsnormTilingData.hLength, 16u);
    EXPECT_EQ(k.layernormTilingData.meanVarSize, 2u);
    auto x = At<float>(buf, 0), gm = At<float>(buf, 128), y = At<float>(buf, 256);
    for (int i = 0; i < 32; ++i) x.GetPhyAddr()[i] = 2.0f;
    for (int i = 0; i < 16; ++i) gm.GetPhyAddr()[i] = 3.0f;
    AscendC::RmsNorm(y, x, gm, At<uint8_t>(buf, 1024), 0.0f, k.rmsnormTilingData);
    for (int i = 0; i < 32; ++i) EXPECT_FLOAT_EQ(y.GetPhyAddr()[i], 3.0f);
  });
}

// ---- bad arguments ---------------------------------------------------------------

bool Has(const std::string& what, const std::string& part) {
  return what.find(part) != std::string::npos;
}

TEST(LibNormalization, RmsNormErrors) {
  const ge::Shape shape({2, 3, 16});
  AscendC::RmsNormTiling t;
  ASSERT_TRUE(AscendC::GetRmsNormTilingInfo(shape, shape, 4096, 4, t));
  const uint64_t need = (uint64_t{t.mainBshLength} + t.mainBsLengthAlign) * 4;

  // The temporary buffer too small for the tiling.
  std::string e = ErrorOf([&](Buf& buf) {
    AscendC::RmsNorm(At<float>(buf, 0), At<float>(buf, 0), At<float>(buf, 1024),
                     At<uint8_t>(buf, kUb - 64), 1e-5f, t);
  });
  EXPECT_TRUE(Has(e, "error in RmsNorm") && Has(e, "sharedTmpBuffer holds 64 bytes") &&
              Has(e, "needs " + std::to_string(need)))
      << e;
  // A tiling never filled in.
  AscendC::RmsNormTiling zero;
  e = ErrorOf([&](Buf& buf) {
    AscendC::RmsNorm(At<float>(buf, 0), At<float>(buf, 0), At<float>(buf, 1024), 1e-5f, zero);
  });
  EXPECT_TRUE(Has(e, "error in RmsNorm") && Has(e, "tiling: hLength 0")) << e;
  // H not 32-byte aligned for the element type.
  AscendC::RmsNormTiling odd = t;
  odd.hLength = 12;
  odd.originalHLength = 12;
  e = ErrorOf([&](Buf& buf) {
    AscendC::RmsNorm(At<float>(buf, 0), At<float>(buf, 0), At<float>(buf, 1024), 1e-5f, odd);
  });
  EXPECT_TRUE(Has(e, "alignment error in RmsNorm") && Has(e, "not a multiple of 32 bytes")) << e;
  // src running past the end of its buffer.
  e = ErrorOf([&](Buf& buf) {
    AscendC::RmsNorm(At<float>(buf, 0), At<float>(buf, kUb - 128), At<float>(buf, 1024), 1e-5f, t);
  });
  EXPECT_TRUE(Has(e, "bounds error in RmsNorm") && Has(e, "src operand")) << e;
  // Misaligned gamma.
  e = ErrorOf([&](Buf& buf) {
    AscendC::RmsNorm(At<float>(buf, 0), At<float>(buf, 0), At<float>(buf, 1028), 1e-5f, t);
  });
  EXPECT_TRUE(Has(e, "alignment error in RmsNorm") && Has(e, "gamma operand")) << e;
  // dst and gamma overlapping.
  e = ErrorOf([&](Buf& buf) {
    AscendC::RmsNorm(At<float>(buf, 0), At<float>(buf, 1024), At<float>(buf, 64), 1e-5f, t);
  });
  EXPECT_TRUE(Has(e, "error in RmsNorm") && Has(e, "dstLocal and gammaLocal overlap")) << e;
  // The clean call runs silently.
  e = ErrorOf([&](Buf& buf) {
    AscendC::RmsNorm(At<float>(buf, 0), At<float>(buf, 0), At<float>(buf, 1024),
                     At<uint8_t>(buf, 2048), 1e-5f, t);
  });
  EXPECT_EQ(e, "");
}

TEST(LibNormalization, LayerNormErrors) {
  const ge::Shape shape({2, 3, 16, 16});
  uint32_t mx = 0, mn = 0;
  AscendC::GetLayerNormMaxMinTmpSize(shape, 2, false, mx, mn);
  AscendC::LayerNormTiling t;
  AscendC::GetLayerNormNDTilingInfo(shape, mn, 2, false, t);
  const uint64_t need = (uint64_t{t.firstTmpStartPos} + 3ull * t.oneTmpSize) * 4;
  auto call = [&](Buf& buf, uint32_t tmpOff, AscendC::LayerNormTiling& tl, uint32_t meanOff) {
    AscendC::LayerNorm(At<half>(buf, 0), At<half>(buf, meanOff), At<half>(buf, 512),
                       At<half>(buf, 0), At<half>(buf, 1024), At<half>(buf, 1056),
                       At<uint8_t>(buf, tmpOff), static_cast<half>(1e-5f), tl);
  };
  std::string e = ErrorOf([&](Buf& buf) { call(buf, kUb - 32, t, 256); });
  EXPECT_TRUE(Has(e, "error in LayerNorm") && Has(e, "sharedTmpBuffer holds 32 bytes") &&
              Has(e, "needs " + std::to_string(need)))
      << e;
  // 32 rows: a 64-byte mean 32 bytes before the end of the buffer.
  AscendC::LayerNormTiling big;
  AscendC::GetLayerNormNDTilingInfo(ge::Shape({4, 8, 16, 16}), 8192, 2, false, big);
  e = ErrorOf([&](Buf& buf) { call(buf, 4096, big, kUb - 32); });
  EXPECT_TRUE(Has(e, "bounds error in LayerNorm") && Has(e, "outputMean operand")) << e;
  AscendC::LayerNormTiling unfilled;
  e = ErrorOf([&](Buf& buf) { call(buf, 4096, unfilled, 256); });
  EXPECT_TRUE(Has(e, "error in LayerNorm") && Has(e, "tiling: hLength 0")) << e;
  AscendC::LayerNormTiling noTmp = t;
  noTmp.oneTmpSize = 0;
  e = ErrorOf([&](Buf& buf) { call(buf, 4096, noTmp, 256); });
  EXPECT_TRUE(Has(e, "error in LayerNorm") && Has(e, "oneTmpSize is 0")) << e;
  e = ErrorOf([&](Buf& buf) { call(buf, 4096, t, 256); });
  EXPECT_EQ(e, "");
}

}  // namespace
