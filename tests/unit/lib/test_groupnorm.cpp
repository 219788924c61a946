// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// GroupNorm (aicore/lib/groupnorm.h) and LayerNormGradBeta
// (aicore/lib/layernormgrad.h) against a double-precision model on
// random [N, C, H, W] shapes (H*W not a multiple of the vector length and
// padded to 32 bytes, several groups), half and float, with and without
// sharedTmpBuffer, in place or not; the host functions against values worked
// out from the documented formulas; GroupNormTiling inside
// BEGIN_TILING_DATA_DEF; and the KernelError of bad tilings, operands and
// buffers, each with its clean twin. LayerNormGradBeta: random [B, S, H],
// half and float, with and without sharedTmpBuffer, outputs on the inputs;
// its host functions and KernelErrors with clean twins.
//
// Tolerance (|got - ref| <= atol * scale + rtol * |ref|): float rtol = atol =
// 1e-5; half 2e-3 (f32 statistics, one rounding to half). scale: the group's
// largest |ref| times max(1, max|x| * rstd) for output, max|x| for the mean,
// its square for the variance.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "aicore/aicore.h"
#include "aicore/lib/groupnorm.h"
#include "aicore/lib/layernormgrad.h"

#include "unit/lib/norm_test_util.h"

namespace {

using namespace normtest;  // NOLINT(build/namespaces)

constexpr uint32_t kUb = kDefaultUb;

template <class T, bool kReuse>
void GroupNormCase(std::mt19937& g, bool withTmp, bool inPlace) {
  constexpr uint32_t kAlign = 32 / sizeof(T);
  const uint32_t groups = 1 + g() % 4, d = 1 + g() % 3;
  const uint32_t n = 1 + g() % 2, c = groups * d, h = 1 + g() % 5, w = 1 + g() % 13;
  const uint32_t hw = h * w, hwA = (hw + kAlign - 1) / kAlign * kAlign;
  const uint32_t total = n * c * hwA;
  std::uniform_real_distribution<double> val(-4.0, 6.0), gam(-1.5, 1.5);
  std::vector<T> x(total, T(0)), gamma(c), beta(c);
  for (uint32_t r = 0; r < n * c; ++r) {
    for (uint32_t i = 0; i < hw; ++i) x[r * hwA + i] = static_cast<T>(static_cast<float>(val(g)));
  }
  for (auto& v : gamma) v = static_cast<T>(static_cast<float>(gam(g)));
  for (auto& v : beta) v = static_cast<T>(static_cast<float>(gam(g)));
  const float epsChoices[] = {1e-5f, 0.5f};
  const T eps = static_cast<T>(epsChoices[g() % 2]);

  const ge::Shape shape({n, c, h, w});
  uint32_t maxTmp = 0, minTmp = 0;
  AscendC::GetGroupNormMaxMinTmpSize(shape, sizeof(T), kReuse, groups, maxTmp, minTmp);
  const uint32_t tmpBytes = std::min<uint32_t>(maxTmp, minTmp + static_cast<uint32_t>(g() % 4096));
  AscendC::GroupNormTiling tiling;
  AscendC::GetGroupNormNDTilingInfo(shape, tmpBytes, sizeof(T), kReuse, groups, tiling);
  ASSERT_NE(tiling.oneTmpSize, 0u) << "tiling not filled";

  std::vector<T> y(total, T(0)), mean(n * groups), var(n * groups);
  RunUb([&](Buf& buf) {
    uint32_t next = 0;
    auto take = [&](uint32_t bytes) {
      const uint32_t at = next;
      next += Align32(bytes);
      return at;
    };
    const uint32_t ox = take(total * sizeof(T)), oga = take(c * sizeof(T)),
                   ob = take(c * sizeof(T)), om = take(n * groups * sizeof(T)),
                   ov = take(n * groups * sizeof(T));
    const uint32_t oy = inPlace ? ox : take(total * sizeof(T));
    const uint32_t ot = take(tmpBytes);
    ASSERT_LE(next, kUb);
    auto tx = At<T>(buf, ox), tg = At<T>(buf, oga), tb = At<T>(buf, ob), ty = At<T>(buf, oy),
         tm = At<T>(buf, om), tv = At<T>(buf, ov);
    std::memcpy(tx.GetPhyAddr(), x.data(), total * sizeof(T));
    std::memcpy(tg.GetPhyAddr(), gamma.data(), c * sizeof(T));
    std::memcpy(tb.GetPhyAddr(), beta.data(), c * sizeof(T));
    if (withTmp) {
      AscendC::GroupNorm<T, kReuse>(ty, tm, tv, tx, tg, tb, At<uint8_t>(buf, ot), eps, tiling);
    } else {
      AscendC::GroupNorm<T, kReuse>(ty, tm, tv, tx, tg, tb, eps, tiling);
    }
    std::memcpy(y.data(), ty.GetPhyAddr(), total * sizeof(T));
    std::memcpy(mean.data(), tm.GetPhyAddr(), n * groups * sizeof(T));
    std::memcpy(var.data(), tv.GetPhyAddr(), n * groups * sizeof(T));
  });

  for (uint32_t ni = 0; ni < n; ++ni) {
    for (uint32_t k = 0; k < groups; ++k) {
      double m = 0, v = 0, xs = 0;
      for (uint32_t j = 0; j < d; ++j) {
        for (uint32_t i = 0; i < hw; ++i) {
          const double e = D(x[((ni * c) + k * d + j) * hwA + i]);
          m += e;
          xs = std::max(xs, std::fabs(e));
        }
      }
      m /= d * hw;
      for (uint32_t j = 0; j < d; ++j) {
        for (uint32_t i = 0; i < hw; ++i) {
          const double e = D(x[((ni * c) + k * d + j) * hwA + i]) - m;
          v += e * e;
        }
      }
      v /= d * hw;
      const std::string where = "GroupNorm [" + std::to_string(n) + "," + std::to_string(c) + "," +
                                std::to_string(h) + "," + std::to_string(w) + "] g " +
                                std::to_string(groups) + " n " + std::to_string(ni) + " group " +
                                std::to_string(k);
      ExpectNear<T>(D(mean[ni * groups + k]), m, xs, where + " mean");
      ExpectNear<T>(D(var[ni * groups + k]), v, xs * xs, where + " variance");
      const double rstd = 1.0 / std::sqrt(v + D(eps));
      double scale = 0;
      std::vector<double> ref(d * hw);
      for (uint32_t j = 0; j < d; ++j) {
        for (uint32_t i = 0; i < hw; ++i) {
          const uint32_t ch = k * d + j;
          ref[j * hw + i] = (D(x[(ni * c + ch) * hwA + i]) - m) * rstd * D(gamma[ch]) + D(beta[ch]);
          scale = std::max(scale, std::fabs(ref[j * hw + i]));
        }
      }
      const double s = std::max(1.0, xs * rstd) * scale;
      for (uint32_t j = 0; j < d; ++j) {
        for (uint32_t i = 0; i < hw; ++i) {
          ExpectNear<T>(D(y[(ni * c + k * d + j) * hwA + i]), ref[j * hw + i], s,
                        where + " ch " + std::to_string(k * d + j) + " i " + std::to_string(i));
        }
      }
    }
  }
}

TEST(LibGroupNorm, MatchesModelFloat) {
  std::mt19937 g(1401);
  for (int i = 0; i < 24; ++i) GroupNormCase<float, false>(g, i % 2 == 0, i % 3 == 0);
  for (int i = 0; i < 8; ++i) GroupNormCase<float, true>(g, i % 2 == 0, i % 3 == 0);
}

TEST(LibGroupNorm, MatchesModelHalf) {
  std::mt19937 g(1402);
  for (int i = 0; i < 24; ++i) GroupNormCase<half, false>(g, i % 2 == 0, i % 3 == 0);
}

TEST(LibGroupNorm, HostSizesAndTiling) {
  uint32_t mx = 0, mn = 0;
  // half [2, 6, 3, 5], 3 groups: H*W 15 -> 16 halves -> 16 floats (64
  // bytes) per channel; max 12 channels, min 2; mean/var 6 floats -> 32 bytes.
  AscendC::GetGroupNormMaxMinTmpSize(ge::Shape({2, 6, 3, 5}), 2, false, 3, mx, mn);
  EXPECT_EQ(mx, 3u * 12 * 64 + 2 * 32);
  EXPECT_EQ(mn, 3u * 2 * 64 + 2 * 32);
  // float with isReuseSource: two copies; H*W 15 -> 16 floats.
  AscendC::GetGroupNormMaxMinTmpSize(ge::Shape({2, 6, 3, 5}), 4, true, 3, mx, mn);
  EXPECT_EQ(mx, 2u * 12 * 64 + 2 * 32);
  EXPECT_EQ(mn, 2u * 2 * 64 + 2 * 32);

  // float [2, 6, 3, 5], 3 groups, 4096 bytes: 1024 floats / 3 = 341;
  // d = 2, hwAlign 16, dhwAlign 32 -> 10 groups; small shape (k = 4, 32 <=
  // 256): mask1 32, max 255 / 1 / 8 * 8 = 248 -> 10; 320 > 192 (the whole
  // input) -> 6 groups, 192.
  AscendC::GroupNormTiling t;
  AscendC::GetGroupNormNDTilingInfo(ge::Shape({2, 6, 3, 5}), 4096, 4, false, 3, t);
  EXPECT_EQ(t.n, 2u);
  EXPECT_EQ(t.c, 6u);
  EXPECT_EQ(t.hw, 15u);
  EXPECT_EQ(t.g, 3u);
  EXPECT_EQ(t.d, 2u);
  EXPECT_EQ(t.hwAlignSize, 16u);
  EXPECT_EQ(t.dhwAlignSize, 32u);
  EXPECT_EQ(t.inputXSize, 192u);
  EXPECT_EQ(t.meanVarSize, 6u);
  EXPECT_EQ(t.numberOfTmpBuf, 3u);
  EXPECT_EQ(t.meanTmpTensorPos, 0u);
  EXPECT_EQ(t.meanTmpTensorSize, 8u);
  EXPECT_EQ(t.varianceTmpTensorPos, 8u);
  EXPECT_EQ(t.varianceTmpTensorSize, 8u);
  EXPECT_EQ(t.tmpBufSize, 1024u);
  EXPECT_EQ(t.oneTmpSize, 192u);
  EXPECT_EQ(t.firstTmpStartPos, 0u);
  EXPECT_EQ(t.secondTmpStartPos, 192u);
  EXPECT_EQ(t.thirdTmpStartPos, 384u);
  EXPECT_EQ(t.loopRound, 1u);
  EXPECT_EQ(t.inputRoundSize, 192u);
  EXPECT_EQ(t.inputTailSize, 0u);
  EXPECT_EQ(t.inputTailPos, 192u);
  EXPECT_EQ(t.meanVarRoundSize, 6u);
  EXPECT_EQ(t.meanVarTailSize, 0u);
  EXPECT_EQ(t.meanVarTailPos, 6u);
  EXPECT_EQ(t.bshCurLength, 192u);
  EXPECT_EQ(t.bsCurLength, 6u);
  EXPECT_FLOAT_EQ(t.factor, 1.0f / 30);
  EXPECT_TRUE(t.smallShape);

  // half [1, 4, 10, 10], 2 groups, 2400 bytes: 600 floats, minus 2 * 8 =
  // 584 / 3 = 194; hwAlign 112, dhwAlign 224 -> 0 groups: 0 * 224 < C, the
  // tiling stays as it was.
  AscendC::GroupNormTiling u;
  AscendC::GetGroupNormNDTilingInfo(ge::Shape({1, 4, 10, 10}), 2400, 2, false, 2, u);
  EXPECT_EQ(u.oneTmpSize, 0u);
  // 4096 bytes: 1024 - 16 = 1008 / 3 = 336 -> 1 group (224), not small
  // (hwAlign 112 > 64); two rounds over 448.
  AscendC::GetGroupNormNDTilingInfo(ge::Shape({1, 4, 10, 10}), 4096, 2, false, 2, u);
  EXPECT_EQ(u.hwAlignSize, 112u);
  EXPECT_EQ(u.oneTmpSize, 224u);
  EXPECT_EQ(u.firstTmpStartPos, 16u);
  EXPECT_EQ(u.loopRound, 2u);
  EXPECT_EQ(u.bsCurLength, 1u);
  EXPECT_FALSE(u.smallShape);
}

template <class F>
std::string HostError(F&& f) {
  try {
    f();
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

TEST(LibGroupNorm, HostErrors) {
  uint32_t mx = 0, mn = 0;
  AscendC::GroupNormTiling t;
  std::string e = HostError(
      [&] { AscendC::GetGroupNormMaxMinTmpSize(ge::Shape({2, 6, 15}), 2, false, 3, mx, mn); });
  EXPECT_TRUE(Has(e, "GetGroupNormMaxMinTmpSize") && Has(e, "srcShape [2, 6, 15]") &&
              Has(e, "should be 4"))
      << e;
  e = HostError(
      [&] { AscendC::GetGroupNormNDTilingInfo(ge::Shape({2, 6, 3, 5}), 4096, 8, false, 3, t); });
  EXPECT_TRUE(Has(e, "GetGroupNormNDTilingInfo") && Has(e, "typeSize 8 is unsupported")) << e;
  e = HostError(
      [&] { AscendC::GetGroupNormNDTilingInfo(ge::Shape({2, 6, 3, 5}), 4096, 4, false, 0, t); });
  EXPECT_TRUE(Has(e, "groupNum is 0")) << e;
  // Clean twin.
  e = HostError(
      [&] { AscendC::GetGroupNormNDTilingInfo(ge::Shape({2, 6, 3, 5}), 4096, 4, false, 3, t); });
  EXPECT_EQ(e, "");
}

}  // namespace

namespace optiling {
BEGIN_TILING_DATA_DEF(GroupNormOpTiling)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);
TILING_DATA_FIELD_DEF_STRUCT(GroupNormTiling, groupNorm);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace {

TEST(LibGroupNorm, TilingInTilingData) {
  optiling::GroupNormOpTiling op;
  op.set_totalLength(9);
  AscendC::GetGroupNormNDTilingInfo(ge::Shape({2, 6, 3, 5}), 4096, 4, false, 3, op.groupNorm);
  std::vector<uint8_t> raw(op.GetDataSize());
  op.SaveToBuffer(raw.data(), raw.size());
  RunUb([&](Buf&) {
    GET_TILING_DATA_WITH_STRUCT(optiling::GroupNormOpTiling, k, raw.data());
    EXPECT_EQ(k.totalLength, 9u);
    EXPECT_EQ(k.groupNorm.dhwAlignSize, 32u);
    EXPECT_FLOAT_EQ(k.groupNorm.factor, 1.0f / 30);
    EXPECT_TRUE(k.groupNorm.smallShape);
  });
}

// float [2, 6, 3, 5], 3 groups: x at 0 (768 bytes), y at 1024, gamma 2048,
// beta 2080, mean 2112, variance 2144, tmp at tmpOff.
std::string KernelError(AscendC::GroupNormTiling& t, uint32_t tmpOff, uint32_t yOff = 1024,
                        uint32_t gammaOff = 2048) {
  return ErrorOf([&](Buf& buf) {
    AscendC::GroupNorm(At<float>(buf, yOff), At<float>(buf, 2112), At<float>(buf, 2144),
                       At<float>(buf, 0), At<float>(buf, gammaOff), At<float>(buf, 2080),
                       At<uint8_t>(buf, tmpOff), 1e-5f, t);
  });
}

TEST(LibGroupNorm, KernelErrors) {
  const ge::Shape shape({2, 6, 3, 5});
  uint32_t mx = 0, mn = 0;
  AscendC::GetGroupNormMaxMinTmpSize(shape, 4, false, 3, mx, mn);
  AscendC::GroupNormTiling t;
  AscendC::GetGroupNormNDTilingInfo(shape, mn, 4, false, 3, t);
  ASSERT_NE(t.oneTmpSize, 0u);
  const uint64_t need = (uint64_t{t.firstTmpStartPos} + 3ull * t.oneTmpSize) * 4;
  std::string e = KernelError(t, kUb - 64);
  EXPECT_TRUE(Has(e, "error in GroupNorm") && Has(e, "sharedTmpBuffer holds 64 bytes") &&
              Has(e, "needs " + std::to_string(need)))
      << e;
  AscendC::GroupNormTiling unfilled;
  e = KernelError(unfilled, 4096);
  EXPECT_TRUE(Has(e, "error in GroupNorm") && Has(e, "tiling: n 0") &&
              Has(e, "GetGroupNormNDTilingInfo"))
      << e;
  AscendC::GroupNormTiling badC = t;
  badC.c = 7;
  e = KernelError(badC, 4096);
  EXPECT_TRUE(Has(e, "c 7 is not groupNum 3 * d 2")) << e;
  // A half tiling of H*W 20 (padded to 32) used for float (padded to 24).
  AscendC::GroupNormTiling halfTiling;
  AscendC::GetGroupNormNDTilingInfo(ge::Shape({1, 6, 4, 5}), 8192, 2, false, 3, halfTiling);
  ASSERT_EQ(halfTiling.hwAlignSize, 32u);
  e = KernelError(halfTiling, 4096);
  EXPECT_TRUE(Has(e, "hwAlignSize 32") && Has(e, "do not match hw 20 of float") &&
              Has(e, "expected 24 / 48"))
      << e;
  e = KernelError(t, 4096, 512);  // output half over inputX
  EXPECT_TRUE(Has(e, "output and inputX overlap without being the same tensor")) << e;
  e = KernelError(t, 4096, 1024, kUb - 16);  // gamma (6 floats) past the buffer
  EXPECT_TRUE(Has(e, "GroupNorm") && Has(e, "gamma")) << e;
  // Clean twins: separate output, and output on inputX exactly.
  EXPECT_EQ(KernelError(t, 4096), "");
  EXPECT_EQ(KernelError(t, 4096, 0), "");
}

}  // namespace

namespace {

// ---- LayerNormGradBeta ---------------------------------------------------------

template <class T>
void GradBetaCase(std::mt19937& g, bool withTmp, bool onInputs) {
  constexpr uint32_t kAlign = 32 / sizeof(T);
  const uint32_t b = 1 + g() % 3, s = 1 + g() % 6, h = kAlign * (1 + g() % 12);
  const uint32_t rows = b * s, total = rows * h;
  std::uniform_real_distribution<double> val(-2.0, 3.0);
  std::vector<T> res(total), dy(total);
  for (auto& v : res) v = static_cast<T>(static_cast<float>(val(g)));
  for (auto& v : dy) v = static_cast<T>(static_cast<float>(val(g)));
  const ge::Shape shape({b, s, h, h});
  uint32_t mx = 0, mn = 0;
  AscendC::GetLayerNormGradBetaMaxMinTmpSize(shape, sizeof(T), false, mx, mn);
  const uint32_t tmpBytes = std::min<uint32_t>(mx, mn + static_cast<uint32_t>(g() % 2048) / 32 * 32);
  AscendC::LayerNormGradBetaTiling tiling;
  AscendC::GetLayerNormGradBetaNDTilingInfo(shape, tmpBytes, sizeof(T), false, tiling);
  ASSERT_NE(tiling.oneCalSize, 0u);
  std::vector<T> pg(h), pb(h);
  RunUb([&](Buf& buf) {
    uint32_t next = 0;
    auto take = [&](uint32_t bytes) {
      const uint32_t at = next;
      next += Align32(bytes);
      return at;
    };
    const uint32_t orr = take(total * sizeof(T)), od = take(total * sizeof(T));
    // On the inputs: pdGamma over resForGamma's first row, pdBeta over inputDy's.
    const uint32_t og = onInputs ? orr : take(h * sizeof(T)), ob = onInputs ? od : take(h * sizeof(T));
    const uint32_t ot = take(tmpBytes);
    ASSERT_LE(next, kUb);
    auto tr = At<T>(buf, orr), td = At<T>(buf, od), tg = At<T>(buf, og), tb = At<T>(buf, ob);
    std::memcpy(tr.GetPhyAddr(), res.data(), total * sizeof(T));
    std::memcpy(td.GetPhyAddr(), dy.data(), total * sizeof(T));
    if (withTmp) {
      AscendC::LayerNormGradBeta<T>(tg, tb, tr, td, At<uint8_t>(buf, ot), tiling);
    } else {
      AscendC::LayerNormGradBeta<T, false>(tg, tb, tr, td, tiling);
    }
    std::memcpy(pg.data(), tg.GetPhyAddr(), h * sizeof(T));
    std::memcpy(pb.data(), tb.GetPhyAddr(), h * sizeof(T));
  });
  for (uint32_t j = 0; j < h; ++j) {
    double sg = 0, sb = 0, ag = 0, ab = 0;
    for (uint32_t r = 0; r < rows; ++r) {
      const double d = D(dy[r * h + j]), x = D(res[r * h + j]);
      sg += d * x;
      sb += d;
      ag += std::fabs(d * x);
      ab += std::fabs(d);
    }
    const std::string where = "LayerNormGradBeta [" + std::to_string(b) + "," + std::to_string(s) +
                              "," + std::to_string(h) + "] col " + std::to_string(j);
    ExpectNear<T>(D(pg[j]), sg, ag, where + " pdGamma");
    ExpectNear<T>(D(pb[j]), sb, ab, where + " pdBeta");
  }
}

TEST(LibLayerNormGradBeta, MatchesModel) {
  std::mt19937 g(1701);
  for (int i = 0; i < 16; ++i) GradBetaCase<float>(g, i % 2 == 0, i % 3 == 0);
  for (int i = 0; i < 16; ++i) GradBetaCase<half>(g, i % 2 == 0, i % 3 == 0);
}

TEST(LibLayerNormGradBeta, HostSizesAndTiling) {
  uint32_t mx = 0, mn = 0;
  // half [2, 16, 64]: 4 f32 copies of 2048 (max) or of one row (min).
  AscendC::GetLayerNormGradBetaMaxMinTmpSize(ge::Shape({2, 16, 64, 64}), 2, false, mx, mn);
  EXPECT_EQ(mx, 4u * 2048 * 4);
  EXPECT_EQ(mn, 4u * 64 * 4);
  AscendC::GetLayerNormGradBetaMaxMinTmpSize(ge::Shape({2, 16, 64, 64}), 4, false, mx, mn);
  EXPECT_EQ(mx, 2u * 2048 * 4);
  EXPECT_EQ(mn, 2u * 64 * 4);
  // half, 4096 bytes: 1024 floats - 128 = 896 / 2 = 448 (7 rows); 2048 =
  // 4 rounds of 448 and a tail of 256 (4 rows).
  AscendC::LayerNormGradBetaTiling t;
  AscendC::GetLayerNormGradBetaNDTilingInfo(ge::Shape({2, 16, 64, 64}), 4096, 2, false, t);
  EXPECT_EQ(t.stackBufferSize, 1024u);
  EXPECT_EQ(t.bLength, 2u);
  EXPECT_EQ(t.sLength, 16u);
  EXPECT_EQ(t.hLength, 64u);
  EXPECT_EQ(t.originalHLength, 64u);
  EXPECT_EQ(t.bshLength, 2048u);
  EXPECT_EQ(t.bsLength, 32u);
  EXPECT_EQ(t.oneCalSize, 448u);
  EXPECT_EQ(t.numberOfTmpBuf, 2u);
  EXPECT_EQ(t.loopRound, 4u);
  EXPECT_EQ(t.inputTailSize, 256u);
  EXPECT_EQ(t.inputTailPos, 1792u);
  EXPECT_EQ(t.bsTailSize, 4u);
  EXPECT_EQ(t.bshCurLength, 448u);
  EXPECT_EQ(t.bsCurLength, 7u);
  EXPECT_EQ(t.gammaTempTensorPos, 0u);
  EXPECT_EQ(t.betaTempTensorPos, 64u);
  EXPECT_EQ(t.inputDyTmpTensorPos, 128u);
  EXPECT_EQ(t.resForGammaTmpTensorPos, 576u);
  // float, 4096 bytes: 1024 floats -> 1024 (16 rows), no temporary positions.
  AscendC::GetLayerNormGradBetaNDTilingInfo(ge::Shape({2, 16, 64, 64}), 4096, 4, false, t);
  EXPECT_EQ(t.oneCalSize, 1024u);
  EXPECT_EQ(t.numberOfTmpBuf, 1u);
  EXPECT_EQ(t.loopRound, 2u);
  EXPECT_EQ(t.betaTempTensorPos, 0u);
  // Too small (2 * H floats needed): unchanged.
  AscendC::LayerNormGradBetaTiling u;
  AscendC::GetLayerNormGradBetaNDTilingInfo(ge::Shape({2, 16, 64, 64}), 256, 4, false, u);
  EXPECT_EQ(u.oneCalSize, 0u);
  std::string e = HostError([&] {
    AscendC::GetLayerNormGradBetaMaxMinTmpSize(ge::Shape({2, 16, 64}), 2, false, mx, mn);
  });
  EXPECT_TRUE(Has(e, "GetLayerNormGradBetaMaxMinTmpSize") && Has(e, "should be 4")) << e;
  e = HostError([&] {
    AscendC::GetLayerNormGradBetaNDTilingInfo(ge::Shape({2, 16, 64, 64}), 4096, 1, false, t);
  });
  EXPECT_TRUE(Has(e, "GetLayerNormGradBetaNDTilingInfo") && Has(e, "typeSize 1")) << e;
  e = HostError([&] {
    AscendC::GetLayerNormGradBetaNDTilingInfo(ge::Shape({2, 16, 64, 64}), 4096, 2, false, t);
  });
  EXPECT_EQ(e, "");  // clean twin
}

// float [2, 3, 16]: res at 0 (384 bytes), dy at 512, pdGamma 1024, pdBeta 1088.
std::string GradBetaError(AscendC::LayerNormGradBetaTiling& t, uint32_t tmpOff,
                          uint32_t pbOff = 1088) {
  return ErrorOf([&](Buf& buf) {
    AscendC::LayerNormGradBeta(At<float>(buf, 1024), At<float>(buf, pbOff), At<float>(buf, 0),
                               At<float>(buf, 512), At<uint8_t>(buf, tmpOff), t);
  });
}

TEST(LibLayerNormGradBeta, KernelErrors) {
  const ge::Shape shape({2, 3, 16, 16});
  uint32_t mx = 0, mn = 0;
  AscendC::GetLayerNormGradBetaMaxMinTmpSize(shape, 4, false, mx, mn);
  AscendC::LayerNormGradBetaTiling t;
  AscendC::GetLayerNormGradBetaNDTilingInfo(shape, mn, 4, false, t);
  ASSERT_NE(t.oneCalSize, 0u);
  std::string e = GradBetaError(t, kUb - 32);
  EXPECT_TRUE(Has(e, "error in LayerNormGradBeta") && Has(e, "sharedTmpBuffer holds 32 bytes") &&
              Has(e, "needs " + std::to_string(t.oneCalSize * 4)))
      << e;
  AscendC::LayerNormGradBetaTiling unfilled;
  e = GradBetaError(unfilled, 4096);
  EXPECT_TRUE(Has(e, "tiling: bLength 0") && Has(e, "GetLayerNormGradBetaNDTilingInfo")) << e;
  AscendC::LayerNormGradBetaTiling odd = t;
  odd.hLength = 12;
  e = GradBetaError(odd, 4096);
  EXPECT_TRUE(Has(e, "hLength 12 of float") && Has(e, "not a multiple of 32 bytes")) << e;
  e = GradBetaError(t, 4096, 1056);
  EXPECT_TRUE(Has(e, "outputPdGamma and outputPdBeta overlap")) << e;
  // Clean twin.
  EXPECT_EQ(GradBetaError(t, 4096), "");
}

}  // namespace
