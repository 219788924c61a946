// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// LayerNorm over [A, R] with mean and rstd (aicore/lib/layernorm_ar.h)
// against a double-precision model: random [A, R] with R padded to 32 bytes
// (padding columns of inputX filled with NaN, which must not be read;
// padding columns of output filled with a sentinel, which must survive),
// para.aLength below the tiling's A, T half or float with U half or float,
// LNCFG_NORM and the isNoBeta / isNoGamma configs, with and without
// sharedTmpBuffer, temporary sizes between the minimum and the maximum; the
// [B, S, H] LayerNorm on the same rows; the host functions against values
// worked out by hand from the vendor's 910B formulas; LayerNormSeparateTiling
// inside BEGIN_TILING_DATA_DEF; the KernelErrors, each with its clean twin.
//
// Model: mean = sum x / R, var = sum (x - mean)^2 / R, rstd = 1 / sqrt(var +
// eps), y = (x - mean) * rstd [* gamma] [+ beta], in double from the inputs
// as stored. Tolerance: y as Normalize's (float 1e-5, half 2e-3 of
// atol * scale + rtol * |ref|, scale the row's largest |ref| times
// max(1, max|x - mean| * rstd)); mean 1e-5 * max|x|; rstd 1e-5 * rstd (f32
// statistics for either T).

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "aicore/aicore.h"
#include "aicore/lib/layernorm_ar.h"

#include "unit/lib/norm_test_util.h"

namespace {

using namespace normtest;  // NOLINT(build/namespaces)

constexpr uint32_t kUb = kDefaultUb;

constexpr AscendC::LayerNormConfig kNoBeta = {true, false, false, true};
constexpr AscendC::LayerNormConfig kNoGamma = {false, true, false, true};
constexpr AscendC::LayerNormConfig kNoOpt = {true, true, false, true};

template <class F>
std::string HostError(F&& f) {
  try {
    f();
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

template <class T, class U, const AscendC::LayerNormConfig& kCfg>
void LayerNormArCase(std::mt19937& g, bool withTmp) {
  constexpr uint32_t kAlign = 32 / sizeof(T);
  const uint32_t tilingA = 1 + g() % 9, r = 1 + g() % 300;
  const uint32_t a = (g() % 3 == 0) ? 1 + g() % tilingA : tilingA;  // A given at run time
  const uint32_t rp = (r + kAlign - 1) / kAlign * kAlign;
  std::uniform_real_distribution<double> gam(-1.5, 1.5);
  // Rows of various offsets and spreads (the centred variance matters).
  std::vector<T> x(a * rp, static_cast<T>(std::numeric_limits<float>::quiet_NaN()));
  for (uint32_t i = 0; i < a; ++i) {
    const double off = std::uniform_real_distribution<double>(-50, 50)(g);
    const double spread = std::uniform_real_distribution<double>(0.01, 8)(g);
    std::uniform_real_distribution<double> val(off - spread, off + spread);
    for (uint32_t j = 0; j < r; ++j) x[i * rp + j] = static_cast<T>(static_cast<float>(val(g)));
  }
  std::vector<U> gamma(r), beta(r);
  for (auto& v : gamma) v = static_cast<U>(static_cast<float>(gam(g)));
  for (auto& v : beta) v = static_cast<U>(static_cast<float>(gam(g)));
  const float eps = (g() % 2) ? 1e-5f : 0.25f;

  const ge::Shape shape({tilingA, r});
  uint32_t mx = 0, mn = 0;
  AscendC::GetLayerNormMaxMinTmpSize(shape, sizeof(T), false, true, false, mx, mn);
  ASSERT_LE(mn, mx);
  const uint32_t tmpBytes = Align32(std::min(mx, mn + static_cast<uint32_t>(g() % 2048)));
  AscendC::LayerNormSeparateTiling tiling{};
  AscendC::GetLayerNormNDTilingInfo(shape, tmpBytes, sizeof(T), false, true, tiling);
  ASSERT_NE(tiling.oneTmpSize, 0u);
  const AscendC::LayerNormPara para = {a, r, rp};
  const T sentinel = static_cast<T>(12345.0f);
  std::vector<T> y(a * rp);
  std::vector<float> mean(a), rstd(a);
  RunUb([&](Buf& buf) {
    uint32_t next = 0;
    auto take = [&](uint32_t bytes) {
      const uint32_t at = next;
      next += Align32(bytes);
      return at;
    };
    const uint32_t ox = take(a * rp * sizeof(T)), oy = take(a * rp * sizeof(T)),
                   og = take(r * sizeof(U)), ob = take(r * sizeof(U)), om = take(a * 4),
                   orr = take(a * 4), ot = take(tmpBytes);
    ASSERT_LE(next, kUb);
    auto tx = At<T>(buf, ox), ty = At<T>(buf, oy);
    auto tg = At<U>(buf, og), tb = At<U>(buf, ob);
    auto tm = At<float>(buf, om), tr = At<float>(buf, orr);
    std::memcpy(tx.GetPhyAddr(), x.data(), a * rp * sizeof(T));
    std::fill_n(ty.GetPhyAddr(), a * rp, sentinel);
    std::memcpy(tg.GetPhyAddr(), gamma.data(), r * sizeof(U));
    std::memcpy(tb.GetPhyAddr(), beta.data(), r * sizeof(U));
    if (withTmp) {
      AscendC::LayerNorm<U, T, false, kCfg>(ty, tm, tr, tx, tg, tb, eps, At<uint8_t>(buf, ot),
                                            para, tiling);
    } else {
      AscendC::LayerNorm<U, T, false, kCfg>(ty, tm, tr, tx, tg, tb, eps, para, tiling);
    }
    std::memcpy(y.data(), ty.GetPhyAddr(), a * rp * sizeof(T));
    std::memcpy(mean.data(), tm.GetPhyAddr(), a * 4);
    std::memcpy(rstd.data(), tr.GetPhyAddr(), a * 4);
    EXPECT_EQ(std::memcmp(tx.GetPhyAddr(), x.data(), a * rp * sizeof(T)), 0) << "inputX changed";
  });
  const std::string where = "LayerNorm [" + std::to_string(a) + "/" + std::to_string(tilingA) +
                            "," + std::to_string(r) + "] " + (withTmp ? "tmp" : "no tmp");
  for (uint32_t i = 0; i < a; ++i) {
    double m = 0, xmax = 0;
    for (uint32_t j = 0; j < r; ++j) {
      m += D(x[i * rp + j]);
      xmax = std::max(xmax, std::fabs(D(x[i * rp + j])));
    }
    m /= r;
    double v = 0;
    for (uint32_t j = 0; j < r; ++j) v += (D(x[i * rp + j]) - m) * (D(x[i * rp + j]) - m);
    v /= r;
    const double rs = 1.0 / std::sqrt(v + double{eps});
    ASSERT_LE(std::fabs(mean[i] - m), 1e-5 * xmax) << where << " mean row " << i;
    ASSERT_LE(std::fabs(rstd[i] - rs), 1e-5 * rs) << where << " rstd row " << i;
    std::vector<double> ref(r);
    double scale = 0, cmax = 0;
    for (uint32_t j = 0; j < r; ++j) {
      double c = (D(x[i * rp + j]) - m) * rs;
      cmax = std::max(cmax, std::fabs(c));
      if (!kCfg.isNoGamma) c *= D(gamma[j]);
      if (!kCfg.isNoBeta) c += D(beta[j]);
      ref[j] = c;
      scale = std::max(scale, std::fabs(c));
    }
    const double s = std::max(1.0, cmax) * std::max(scale, 1e-3);
    for (uint32_t j = 0; j < r; ++j) {
      ExpectNear<T>(D(y[i * rp + j]), ref[j], s,
                    where + " row " + std::to_string(i) + " col " + std::to_string(j));
    }
    for (uint32_t j = r; j < rp; ++j) {
      ASSERT_EQ(D(y[i * rp + j]), D(sentinel)) << where << " padding written, row " << i;
    }
  }
}

TEST(LibLayerNormAr, MatchesModel) {
  std::mt19937 g(1207);
  for (int i = 0; i < 6; ++i) {
    const bool tmp = i % 2 == 0;
    LayerNormArCase<float, float, AscendC::LNCFG_NORM>(g, tmp);
    LayerNormArCase<float, float, kNoBeta>(g, tmp);
    LayerNormArCase<float, float, kNoGamma>(g, tmp);
    LayerNormArCase<float, float, kNoOpt>(g, tmp);
    LayerNormArCase<half, half, AscendC::LNCFG_NORM>(g, tmp);
    LayerNormArCase<half, float, AscendC::LNCFG_NORM>(g, tmp);
    LayerNormArCase<half, float, kNoOpt>(g, tmp);
  }
}

// The [A, R] and the [B, S, H] forms compute the same statistics and output
// (float; the [B, S, H] form outputs the variance, rstd = 1 / sqrt(var + eps)).
TEST(LibLayerNormAr, AgreesWithBshForm) {
  constexpr uint32_t kA = 6, kR = 40;
  std::mt19937 g(77);
  std::uniform_real_distribution<float> val(-3.0f, 9.0f);
  std::vector<float> x(kA * kR), gm(kR), bt(kR);
  for (auto& v : x) v = val(g);
  for (auto& v : gm) v = val(g) / 4;
  for (auto& v : bt) v = val(g) / 4;
  const float eps = 1e-5f;
  AscendC::LayerNormSeparateTiling sep{};
  AscendC::GetLayerNormNDTilingInfo(ge::Shape({kA, kR}), 8192, 4, false, true, sep);
  AscendC::LayerNormTiling bsh{};
  AscendC::GetLayerNormNDTilingInfo(ge::Shape({1, kA, kR, kR}), 8192, 4, false, bsh);
  RunUb([&](Buf& buf) {
    auto tx = At<float>(buf, 0), tg = At<float>(buf, 1024), tb = At<float>(buf, 1280);
    auto y1 = At<float>(buf, 2048), y2 = At<float>(buf, 3072), m1 = At<float>(buf, 4096),
         r1 = At<float>(buf, 4128), m2 = At<float>(buf, 4160), v2 = At<float>(buf, 4192);
    std::memcpy(tx.GetPhyAddr(), x.data(), sizeof(float) * x.size());
    std::memcpy(tg.GetPhyAddr(), gm.data(), sizeof(float) * kR);
    std::memcpy(tb.GetPhyAddr(), bt.data(), sizeof(float) * kR);
    AscendC::LayerNorm<float, float>(y1, m1, r1, tx, tg, tb, eps, AscendC::LayerNormPara{kA, kR, kR},
                                     sep);
    AscendC::LayerNorm<float>(y2, m2, v2, tx, tg, tb, eps, bsh);
    for (uint32_t i = 0; i < kA; ++i) {
      EXPECT_NEAR(m1.GetPhyAddr()[i], m2.GetPhyAddr()[i], 1e-5f) << i;
      const float rs = 1.0f / std::sqrt(v2.GetPhyAddr()[i] + eps);
      EXPECT_NEAR(r1.GetPhyAddr()[i], rs, 1e-6f * rs) << i;
    }
    for (uint32_t i = 0; i < kA * kR; ++i) {
      EXPECT_NEAR(y1.GetPhyAddr()[i], y2.GetPhyAddr()[i], 1e-5f) << i;
    }
  });
}

// ---- host ---------------------------------------------------------------------

TEST(LibLayerNormAr, HostTmpSizes) {
  uint32_t mx = 0, mn = 0;
  // [2, 64] half (the vendor's example shape): Rp 64, mv 32, 2 * align32(2 *
  // 64 * 4) + 32 = 1056, 2 * 256 + 32 = 544; Normalize (2, 2): max 2 * 256 +
  // 2 * align32(8 * 64 * 4) = 4608, min max(32, 4 * 256) = 1024; both raised
  // to Normalize's + 32.
  AscendC::GetLayerNormMaxMinTmpSize(ge::Shape({2, 64}), 2, false, true, false, mx, mn);
  EXPECT_EQ(mx, 4640u);
  EXPECT_EQ(mn, 1056u);
  // [3, 20] float: Rp 24, mv 32, max 2 * 288 + 32 = 608 -> Normalize 2 * 96 +
  // 2 * 768 = 1728 + 32; min 2 * 96 + 32 = 224 (Normalize's 192 + 32: equal).
  AscendC::GetLayerNormMaxMinTmpSize(ge::Shape({3, 20}), 4, false, true, false, mx, mn);
  EXPECT_EQ(mx, 1760u);
  EXPECT_EQ(mn, 224u);
  // [100, 8] float: mv align32(400) = 416; min 2 * 32 + 416 = 480, but
  // 64 <= Normalize's max(416, 2 * 32): raised to 416 + 416 = 832; max
  // 2 * 3200 + 416, 6400 <= Normalize's 2 * 32 + 2 * align32(104 * 8 * 4).
  AscendC::GetLayerNormMaxMinTmpSize(ge::Shape({100, 8}), 4, false, true, false, mx, mn);
  EXPECT_EQ(mn, 832u);
  EXPECT_EQ(mx, 2u * 32 + 2 * (104u * 8 * 4) + 416);
}

TEST(LibLayerNormAr, HostTiling) {
  AscendC::LayerNormSeparateTiling t{};
  // [2, 64] half with its minimum 1056: 264 floats, variance area 8, two of
  // (264 - 8) / 2 = 128 = the whole input.
  AscendC::GetLayerNormNDTilingInfo(ge::Shape({2, 64}), 1056, 2, false, true, t);
  EXPECT_EQ(t.aLength, 2u);
  EXPECT_EQ(t.rLength, 64u);
  EXPECT_EQ(t.inputXSize, 128u);
  EXPECT_EQ(t.meanVarSize, 2u);
  EXPECT_EQ(t.numberOfTmpBuf, 2u);
  EXPECT_EQ(t.varianceTmpTensorPos, 0u);
  EXPECT_EQ(t.varianceTmpTensorSize, 8u);
  EXPECT_EQ(t.tmpBufSize, 264u);
  EXPECT_EQ(t.oneTmpSize, 128u);
  EXPECT_EQ(t.firstTmpStartPos, 8u);
  EXPECT_EQ(t.secondTmpStartPos, 136u);
  EXPECT_EQ(t.thirdTmpStartPos, 0u);
  EXPECT_EQ(t.loopRound, 1u);
  EXPECT_EQ(t.inputRoundSize, 128u);
  EXPECT_EQ(t.inputTailSize, 0u);
  EXPECT_EQ(t.inputTailPos, 128u);
  EXPECT_EQ(t.meanVarRoundSize, 2u);
  EXPECT_EQ(t.meanVarTailSize, 0u);
  EXPECT_EQ(t.meanVarTailPos, 2u);
  EXPECT_EQ(t.arCurLength, 128u);
  EXPECT_EQ(t.aCurLength, 2u);
  EXPECT_EQ(t.rValueBack, 1.0f / 64);
  EXPECT_EQ(t.halfAddRepeatTimes + t.rHeadLength, 0u);
  EXPECT_EQ(t.k2Rec + t.k2RRec, 0.0f);
  // [5, 20] float, 416 bytes: 104 floats, (104 - 8) / 2 = 48 = two rows of
  // 24; 120 elements: two rounds and a tail row.
  AscendC::GetLayerNormNDTilingInfo(ge::Shape({5, 20}), 416, 4, false, true, t);
  EXPECT_EQ(t.oneTmpSize, 48u);
  EXPECT_EQ(t.secondTmpStartPos, 56u);
  EXPECT_EQ(t.loopRound, 2u);
  EXPECT_EQ(t.inputTailSize, 24u);
  EXPECT_EQ(t.inputTailPos, 96u);
  EXPECT_EQ(t.meanVarRoundSize, 2u);
  EXPECT_EQ(t.meanVarTailSize, 1u);
  EXPECT_EQ(t.meanVarTailPos, 4u);
  EXPECT_EQ(t.rValueBack, 1.0f / 20);
  // Too small for one row of each temporary (100 bytes: (25 - 8) / 2 = 8 <
  // 24), or not even the variance area (16 bytes): unchanged.
  const AscendC::LayerNormSeparateTiling before = t;
  AscendC::GetLayerNormNDTilingInfo(ge::Shape({3, 20}), 100, 4, false, true, t);
  AscendC::GetLayerNormNDTilingInfo(ge::Shape({3, 20}), 16, 4, false, true, t);
  EXPECT_EQ(std::memcmp(&t, &before, sizeof(t)), 0);
}

TEST(LibLayerNormAr, HostErrors) {
  uint32_t mx = 0, mn = 0;
  AscendC::LayerNormSeparateTiling t{};
  std::string e = HostError([&] {
    AscendC::GetLayerNormMaxMinTmpSize(ge::Shape({3, 20}), 4, false, true, true, mx, mn);
  });
  EXPECT_TRUE(Has(e, "GetLayerNormMaxMinTmpSize") && Has(e, "isOnlyOutput must be false")) << e;
  e = HostError([&] {
    AscendC::GetLayerNormMaxMinTmpSize(ge::Shape({3, 20}), 4, false, false, false, mx, mn);
  });
  EXPECT_TRUE(Has(e, "isComputeRstd must be true")) << e;
  e = HostError([&] {
    AscendC::GetLayerNormMaxMinTmpSize(ge::Shape({3, 20}), 3, false, true, false, mx, mn);
  });
  EXPECT_TRUE(Has(e, "typeSize 3 is unsupported")) << e;
  e = HostError([&] {
    AscendC::GetLayerNormNDTilingInfo(ge::Shape({2, 3, 20}), 4096, 4, false, true, t);
  });
  EXPECT_TRUE(Has(e, "GetLayerNormNDTilingInfo") && Has(e, "srcShape [2, 3, 20] should be 2-D"))
      << e;
  e = HostError([&] {
    AscendC::GetLayerNormNDTilingInfo(ge::Shape({0, 20}), 4096, 4, false, true, t);
  });
  EXPECT_TRUE(Has(e, "srcShape [0, 20] should be 2-D ([A, R]) with positive")) << e;
  // Clean twins.
  EXPECT_EQ(HostError([&] {
              AscendC::GetLayerNormMaxMinTmpSize(ge::Shape({3, 20}), 4, false, true, false, mx,
                                                 mn);
              AscendC::GetLayerNormNDTilingInfo(ge::Shape({3, 20}), 4096, 4, false, true, t);
            }),
            "");
}

// ---- bad kernel arguments --------------------------------------------------------

// float [4, 13] padded to 16: x at 0 (256 bytes), y at 512, gamma 1024, beta
// 1088, mean 1152, rstd 1184; the tiling made with the minimum, 160 bytes.
AscendC::LayerNormSeparateTiling MinTiling() {
  uint32_t mx = 0, mn = 0;
  AscendC::GetLayerNormMaxMinTmpSize(ge::Shape({4, 13}), 4, false, true, false, mx, mn);
  AscendC::LayerNormSeparateTiling t{};
  AscendC::GetLayerNormNDTilingInfo(ge::Shape({4, 13}), mn, 4, false, true, t);
  return t;
}

struct Offs {
  uint32_t y = 512, mean = 1152, rstd = 1184, tmp = 4096;
};

template <const AscendC::LayerNormConfig& kCfg = AscendC::LNCFG_NORM>
std::string LayerNormError(AscendC::LayerNormPara p, Offs o = {},
                           AscendC::LayerNormSeparateTiling t = MinTiling()) {
  return ErrorOf([&](Buf& buf) {
    AscendC::LayerNorm<float, float, false, kCfg>(
        At<float>(buf, o.y), At<float>(buf, o.mean), At<float>(buf, o.rstd), At<float>(buf, 0),
        At<float>(buf, 1024), At<float>(buf, 1088), 1e-5f, At<uint8_t>(buf, o.tmp), p, t);
  });
}

TEST(LibLayerNormAr, KernelErrors) {
  const AscendC::LayerNormPara ok = {4, 13, 16};
  EXPECT_EQ(MinTiling().oneTmpSize, 16u);
  std::string e = LayerNormError(ok, {}, AscendC::LayerNormSeparateTiling{});
  EXPECT_TRUE(Has(e, "error in LayerNorm") && Has(e, "tiling: aLength 0") &&
              Has(e, "GetLayerNormNDTilingInfo"))
      << e;
  e = LayerNormError({5, 13, 16});
  EXPECT_TRUE(Has(e, "para.aLength 5 is outside [1, tiling.aLength 4]")) << e;
  e = LayerNormError({0, 13, 16});
  EXPECT_TRUE(Has(e, "para.aLength 0 is outside")) << e;
  e = LayerNormError({4, 12, 16});
  EXPECT_TRUE(Has(e, "para.rLength 12, rLengthWithPadding 16 differ from the tiling's 13, 16"))
      << e;
  e = LayerNormError({4, 13, 24});
  EXPECT_TRUE(Has(e, "rLengthWithPadding 24 differ from the tiling's 13, 16")) << e;
  e = LayerNormError({4, 13, 20});
  EXPECT_TRUE(Has(e, "rLengthWithPadding 20") && Has(e, "multiple of 32 bytes of float")) << e;
  e = LayerNormError({4, 13, 12});
  EXPECT_TRUE(Has(e, "need 0 < rLength <= rLengthWithPadding")) << e;
  Offs o;
  o.tmp = kUb - 128;
  e = LayerNormError(ok, o);
  EXPECT_TRUE(Has(e, "sharedTmpBuffer holds 128 bytes, the tiling needs 160")) << e;
  o = Offs{};
  o.y = 128;
  e = LayerNormError(ok, o);
  EXPECT_TRUE(Has(e, "output and inputX overlap")) << e;
  o = Offs{};
  o.rstd = o.mean;
  e = LayerNormError(ok, o);
  EXPECT_TRUE(Has(e, "outputMean and outputRstd overlap")) << e;
  o = Offs{};
  o.mean = 1088;
  e = LayerNormError(ok, o);
  EXPECT_TRUE(Has(e, "outputMean and beta overlap")) << e;
  o = Offs{};
  o.tmp = 992;  // [992, 1152): gamma and beta, up to outputMean
  e = LayerNormError(ok, o);
  EXPECT_TRUE(Has(e, "sharedTmpBuffer (160 bytes) and gamma overlap")) << e;
  o = Offs{};
  o.y = kUb - 128;
  e = LayerNormError(ok, o);
  EXPECT_TRUE(Has(e, "output") && Has(e, "LayerNorm")) << e;
  // Clean twins: the minimum buffer right after beta's end is not its start;
  // with isNoBeta, mean may sit where beta (unused) points.
  EXPECT_EQ(LayerNormError(ok), "");
  EXPECT_EQ(LayerNormError({3, 13, 16}), "");
  o = Offs{};
  o.tmp = kUb - 160;
  EXPECT_EQ(LayerNormError(ok, o), "");
  o = Offs{};
  o.mean = 1088;
  EXPECT_EQ(LayerNormError<kNoBeta>(ok, o), "");
}

// Unused gamma / beta may be tensors that were never allocated; the config a
// function-local static constexpr, as the vendor's layernorm_v2 example
// declares it.
TEST(LibLayerNormAr, UnusedGammaBetaNotTouched) {
  RunUb([&](Buf& buf) {
    static constexpr AscendC::LayerNormConfig kCfg = AscendC::LayerNormConfig{true, true, false,
                                                                              true};
    auto x = At<float>(buf, 0), y = At<float>(buf, 256), m = At<float>(buf, 512),
         r = At<float>(buf, 544);
    for (int i = 0; i < 8; ++i) x.GetPhyAddr()[i] = static_cast<float>(i);
    AscendC::LayerNormSeparateTiling t{};
    AscendC::GetLayerNormNDTilingInfo(ge::Shape({1, 8}), 4096, 4, false, true, t);
    AscendC::LayerNorm<float, float, false, kCfg>(y, m, r, x, AscendC::LocalTensor<float>(),
                                                  AscendC::LocalTensor<float>(), 0.0f,
                                                  AscendC::LayerNormPara{1, 8, 8}, t);
    EXPECT_FLOAT_EQ(m.GetPhyAddr()[0], 3.5f);
    EXPECT_FLOAT_EQ(r.GetPhyAddr()[0], 1.0f / std::sqrt(5.25f));
    EXPECT_FLOAT_EQ(y.GetPhyAddr()[7], 3.5f / std::sqrt(5.25f));
  });
}

}  // namespace

// ---- LayerNormSeparateTiling inside a tiling class ----------------------------------

namespace optiling {
BEGIN_TILING_DATA_DEF(LnArTestTilingData)
TILING_DATA_FIELD_DEF(uint32_t, aLength);
TILING_DATA_FIELD_DEF(uint32_t, rLengthWithPadding);
TILING_DATA_FIELD_DEF_STRUCT(LayerNormSeparateTiling, layernormTilingData);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace {

TEST(LibLayerNormAr, TilingInTilingData) {
  static_assert(sizeof(AscendC::LayerNormSeparateTiling) == 26 * 4, "vendor field count");
  optiling::LnArTestTilingData td;
  td.set_aLength(2);
  td.set_rLengthWithPadding(64);
  uint32_t mx = 0, mn = 0;
  AscendC::GetLayerNormMaxMinTmpSize(ge::Shape({2, 64}), 2, false, true, false, mx, mn);
  AscendC::GetLayerNormNDTilingInfo(ge::Shape({2, 64}), mn, 2, false, true,
                                    td.layernormTilingData);
  std::vector<uint8_t> raw(td.GetDataSize());
  td.SaveToBuffer(raw.data(), raw.size());
  RunUb([&](Buf& buf) {
    GET_TILING_DATA_WITH_STRUCT(optiling::LnArTestTilingData, k, raw.data());
    EXPECT_EQ(k.layernormTilingData.oneTmpSize, 128u);
    auto x = At<half>(buf, 0), y = At<half>(buf, 512), gm = At<half>(buf, 1024),
         bt = At<half>(buf, 1152);
    auto m = At<float>(buf, 1280), r = At<float>(buf, 1312);
    for (int i = 0; i < 128; ++i) x.GetPhyAddr()[i] = static_cast<half>((i % 4) * 1.0f);
    for (int i = 0; i < 64; ++i) {
      gm.GetPhyAddr()[i] = static_cast<half>(2.0f);
      bt.GetPhyAddr()[i] = static_cast<half>(1.0f);
    }
    const AscendC::LayerNormPara para = {k.aLength, 64, k.rLengthWithPadding};
    AscendC::LayerNorm<half, half>(y, m, r, x, gm, bt, 0.0f, At<uint8_t>(buf, 2048), para,
                                   k.layernormTilingData);
    // Rows of 0, 1, 2, 3: mean 1.5, var 1.25.
    EXPECT_FLOAT_EQ(m.GetPhyAddr()[1], 1.5f);
    EXPECT_FLOAT_EQ(r.GetPhyAddr()[1], 1.0f / std::sqrt(1.25f));
    EXPECT_NEAR(static_cast<float>(y.GetPhyAddr()[3]), 1.5f / std::sqrt(1.25f) * 2 + 1, 2e-3);
  });
}

}  // namespace

namespace {

// The operand accesses reach the sanitizer, outputs as writes: with initcheck
// on, LayerNorm [A, R] -> Normalize (on its mean, and the variance from its
// rstd) -> readers of every output is clean when the inputs were written
// first; an unwritten gamma is reported, naming LayerNorm and the operand.
TEST(LibLayerNormAr, InitcheckSeesTheOperands) {
  AscendC::LayerNormSeparateTiling t{};
  AscendC::GetLayerNormNDTilingInfo(ge::Shape({4, 16}), 4096, 4, false, true, t);
  auto run = [&](bool writeGamma) {
    aicore::SetSanitize(aicore::kInitcheck);
    const std::string e = ErrorOf([&](Buf& b) {
      auto x = At<float>(b, 0), y = At<float>(b, 256), gamma = At<float>(b, 512),
           beta = At<float>(b, 576), mean = At<float>(b, 640), rstd = At<float>(b, 672),
           var = At<float>(b, 704), y2 = At<float>(b, 768), rstd2 = At<float>(b, 1024),
           z = At<float>(b, 1280);
      AscendC::Duplicate(x, 1.5f, 32);
      AscendC::Duplicate(x[32], -0.5f, 32);
      if (writeGamma) AscendC::Duplicate(gamma, 0.5f, 16);
      AscendC::Duplicate(beta, 0.25f, 16);
      AscendC::LayerNorm<float, float>(y, mean, rstd, x, gamma, beta, 1e-5f, At<uint8_t>(b, 2048),
                                       AscendC::LayerNormPara{4, 16, 16}, t);
      AscendC::Mul(var, rstd, rstd, 4);  // reads LayerNorm's outputs
      AscendC::Normalize<float, float>(y2, rstd2, mean, var, x, gamma, beta, 1e-5f,
                                       AscendC::NormalizePara{4, 16, 16});
      AscendC::Add(z, y, y2, 64);  // and Normalize's
      AscendC::Add(z, rstd2, mean, 4);
    });
    aicore::SetSanitize(0u);
    return e;
  };
  const std::string e = run(false);
  EXPECT_TRUE(Has(e, "LayerNorm") && Has(e, "gamma")) << e;
  EXPECT_EQ(run(true), "");
}

}  // namespace
