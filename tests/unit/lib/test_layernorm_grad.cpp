// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// LayerNormGrad (aicore/lib/layernormgrad.h) against a float64 model of the
// vendor's formula on random [B, S, H] (H padded to 32 bytes in some cases,
// wide rows in others), half and float (float also with isReuseSource), with
// and without sharedTmpBuffer, outputs separate or in place on inputDy /
// inputX; the host functions against values worked out from the vendor's
// formulas; LayerNormGradTiling inside BEGIN_TILING_DATA_DEF; LayerNorm ->
// LayerNormGrad -> LayerNormGradBeta against a float64 LayerNorm backward;
// and the KernelError of bad tilings, operands, buffers and host input, each
// with its clean twin; the operand accesses as the sanitizer sees them.
//
// Tolerance (|got - ref| <= atol * scale + rtol * |ref|, norm_test_util.h):
// float rtol = atol = 1e-5, half 2e-3; scale is the sum of the absolute
// values of the terms the result is made of (pdVar's and pdMean's sums
// included), so cancellation in the sums does not hide behind |ref|. The
// tests print the largest |got - ref| / (scale + |ref|) they saw.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "aicore/aicore.h"
#include "aicore/lib/layernormgrad.h"
#include "aicore/lib/normalization.h"

#include "unit/lib/norm_test_util.h"

namespace {

using namespace normtest;  // NOLINT(build/namespaces)

constexpr uint32_t kUb = kDefaultUb;

// The largest |got - ref| / (scale + |ref|) seen, per type, printed at the end.
template <class T>
double& Worst() {
  static double w = 0;
  return w;
}

template <class T>
void Check(double got, double ref, double scale, const std::string& what) {
  Worst<T>() = std::max(Worst<T>(), std::fabs(got - ref) / (scale + std::fabs(ref)));
  ExpectNear<T>(got, ref, scale, what);
}

// The vendor's formula in float64 over one row of h columns (1 / oh and
// 2 / oh for 1 / H, 2 / H): outputs and their scales.
struct RowModel {
  std::vector<double> pdx, res, spdx, sres;
};

template <class T>
RowModel ModelRow(const T* dy, const T* x, const T* g, T mean, T var, T eps, uint32_t h,
                  uint32_t oh) {
  RowModel m;
  const double e = D(var) + D(eps), rstd = 1.0 / std::sqrt(e), r3 = rstd * rstd * rstd;
  const double mu = D(mean);
  double pdVar = 0, aVar = 0, sX1 = 0, aX1 = 0, sX2 = 0, aX2 = 0;
  for (uint32_t j = 0; j < h; ++j) {
    const double x1 = D(dy[j]) * D(g[j]), x2 = D(x[j]) - mu;
    pdVar += -0.5 * x1 * x2 * r3;
    aVar += std::fabs(0.5 * x1 * x2 * r3);
    sX1 += -x1 * rstd;
    aX1 += std::fabs(x1 * rstd);
    sX2 += -2.0 * x2;
    aX2 += std::fabs(2.0 * x2);
  }
  const double inv = 1.0 / oh;
  const double pdMean = sX1 + pdVar * inv * sX2;
  const double aMean = aX1 + aVar * inv * aX2;
  for (uint32_t j = 0; j < h; ++j) {
    const double x1 = D(dy[j]) * D(g[j]), x2 = D(x[j]) - mu;
    m.pdx.push_back(x1 * rstd + pdVar * 2.0 * inv * x2 + pdMean * inv);
    m.spdx.push_back(std::fabs(x1 * rstd) + aVar * 2.0 * inv * std::fabs(x2) + aMean * inv);
    m.res.push_back(x2 * rstd);
    m.sres.push_back(std::fabs(x2 * rstd));
  }
  return m;
}

template <class T>
std::vector<T> Random(std::mt19937& g, size_t n, double lo, double hi) {
  std::uniform_real_distribution<double> u(lo, hi);
  std::vector<T> v(n);
  for (auto& e : v) e = static_cast<T>(static_cast<float>(u(g)));
  return v;
}

// mean and variance of each row's first oh columns, in float64, rounded to T.
template <class T>
void RowStats(const std::vector<T>& x, uint32_t rows, uint32_t h, uint32_t oh, std::vector<T>* mean,
              std::vector<T>* var) {
  mean->resize(rows);
  var->resize(rows);
  for (uint32_t r = 0; r < rows; ++r) {
    double s = 0, q = 0;
    for (uint32_t j = 0; j < oh; ++j) s += D(x[r * h + j]);
    const double mu = s / oh;
    for (uint32_t j = 0; j < oh; ++j) q += (D(x[r * h + j]) - mu) * (D(x[r * h + j]) - mu);
    (*mean)[r] = static_cast<T>(static_cast<float>(mu));
    (*var)[r] = static_cast<T>(static_cast<float>(q / oh));
  }
}

uint32_t BufNum(uint32_t typeSize, bool reuse) {
  return typeSize == 2 ? 9 : (reuse ? 4 : 6);
}

// mode 0: outputs apart; 1: outputPdX on inputDy, resForGamma on inputX;
// 2: outputPdX on inputX, resForGamma on inputDy. shifted: the mean passed
// is not the rows' own (any mean is an input), so sum(x - mean) is not ~0
// and pd_mean's correction term counts.
template <class T, bool kReuse>
void GradCase(std::mt19937& g, bool withTmp, int mode, bool wide, bool padded, bool shifted) {
  constexpr uint32_t kAlign = 32 / sizeof(T);
  const uint32_t b = wide ? 1 : 1 + g() % 2, s = wide ? 1 + g() % 4 : 1 + g() % 7;
  const uint32_t h = wide ? kAlign * (16 + g() % 48) : kAlign * (1 + g() % 8);
  const uint32_t oh = padded ? h - 1 - g() % (kAlign - 1) : h;
  const uint32_t rows = b * s, total = rows * h;
  auto x = Random<T>(g, total, -2.0, 3.0);
  auto dy = Random<T>(g, total, -2.0, 2.0);
  const auto gamma = Random<T>(g, h, -1.5, 1.5);
  for (uint32_t r = 0; r < rows; ++r) {
    for (uint32_t j = oh; j < h; ++j) x[r * h + j] = dy[r * h + j] = static_cast<T>(0.0f);
  }
  std::vector<T> mean, var;
  RowStats(x, rows, h, oh, &mean, &var);
  if (shifted) {
    for (auto& m : mean) m = static_cast<T>(static_cast<float>(m) + 0.25f * (g() % 5) - 0.5f);
  }
  const float epsChoices[] = {1e-5f, 1e-3f, 0.1f};
  const T eps = static_cast<T>(epsChoices[g() % 3]);

  const ge::Shape shape({b, s, h, oh});
  uint32_t mx = 0, mn = 0;
  AscendC::GetLayerNormGradMaxMinTmpSize(shape, sizeof(T), kReuse, mx, mn);
  uint32_t tmpBytes = std::min<uint32_t>(mx, mn + static_cast<uint32_t>(g() % 4096));
  // The vendor's half minimum may not hold one row (see the header): at least one.
  tmpBytes = std::max(tmpBytes, 4 * BufNum(sizeof(T), kReuse) * h);
  tmpBytes = Align32(tmpBytes);
  AscendC::LayerNormGradTiling tiling;
  AscendC::GetLayerNormGradNDTilingInfo(shape, tmpBytes, sizeof(T), kReuse, tiling);
  ASSERT_NE(tiling.oneCalSize, 0u);

  std::vector<T> pdx(total), res(total);
  RunUb([&](Buf& buf) {
    uint32_t next = 0;
    auto take = [&](uint32_t bytes) {
      const uint32_t at = next;
      next += Align32(bytes);
      return at;
    };
    const uint32_t od = take(total * sizeof(T)), ox = take(total * sizeof(T));
    const uint32_t op = mode == 0 ? take(total * sizeof(T)) : (mode == 1 ? od : ox);
    const uint32_t orr = mode == 0 ? take(total * sizeof(T)) : (mode == 1 ? ox : od);
    const uint32_t ov = take(rows * sizeof(T)), om = take(rows * sizeof(T));
    const uint32_t og = take(h * sizeof(T)), ot = withTmp ? take(tmpBytes) : 0;
    ASSERT_LE(next, kUb);
    auto td = At<T>(buf, od), tx = At<T>(buf, ox), tp = At<T>(buf, op), tr = At<T>(buf, orr);
    auto tv = At<T>(buf, ov), tm = At<T>(buf, om), tg = At<T>(buf, og);
    std::memcpy(td.GetPhyAddr(), dy.data(), total * sizeof(T));
    std::memcpy(tx.GetPhyAddr(), x.data(), total * sizeof(T));
    std::memcpy(tv.GetPhyAddr(), var.data(), rows * sizeof(T));
    std::memcpy(tm.GetPhyAddr(), mean.data(), rows * sizeof(T));
    std::memcpy(tg.GetPhyAddr(), gamma.data(), h * sizeof(T));
    if (withTmp) {
      AscendC::LocalTensor<uint8_t> tmp = At<uint8_t>(buf, ot);
      AscendC::LayerNormGrad<T, kReuse>(tp, tr, td, tx, tv, tm, tg, tmp, eps, tiling);
    } else {
      AscendC::LayerNormGrad<T, kReuse>(tp, tr, td, tx, tv, tm, tg, eps, tiling,
                                        {AscendC::DataFormat::ND});
    }
    std::memcpy(pdx.data(), tp.GetPhyAddr(), total * sizeof(T));
    std::memcpy(res.data(), tr.GetPhyAddr(), total * sizeof(T));
  });
  for (uint32_t r = 0; r < rows; ++r) {
    const RowModel m = ModelRow(&dy[r * h], &x[r * h], gamma.data(), mean[r], var[r], eps, h, oh);
    for (uint32_t j = 0; j < h; ++j) {
      const std::string where = std::string(sizeof(T) == 2 ? "half" : "float") + " [" +
                                std::to_string(b) + "," + std::to_string(s) + "," +
                                std::to_string(h) + "/" + std::to_string(oh) + "] mode " +
                                std::to_string(mode) + (withTmp ? " tmp" : "") + " row " +
                                std::to_string(r) + " col " + std::to_string(j);
      Check<T>(D(pdx[r * h + j]), m.pdx[j], m.spdx[j], where + " outputPdX");
      Check<T>(D(res[r * h + j]), m.res[j], m.sres[j], where + " resForGamma");
    }
  }
}

TEST(LibLayerNormGrad, MatchesModel) {
  std::mt19937 g(4242);
  for (int i = 0; i < 24; ++i) {
    const bool withTmp = i % 2 == 0, wide = i % 6 == 5, padded = i % 4 == 3;
    const bool shifted = i % 5 == 1;
    GradCase<float, false>(g, withTmp && !wide, i % 3, wide, padded, shifted);
    GradCase<half, false>(g, withTmp && !wide, i % 3, wide, padded, shifted);
    if (i % 3 == 0) GradCase<float, true>(g, withTmp && !wide, i % 3, wide, padded, shifted);
  }
  std::printf("LayerNormGrad: largest |err| / (scale + |ref|): float %.3g, half %.3g\n",
              Worst<float>(), Worst<half>());
}

// The vendor's documented example: float [1, 8, 8], dy = x = 0..63, gamma
// 0..7, the rows' mean and variance 5.25. Its epsilon is not given; its
// resForGamma (-1.5275106 = -3.5 / sqrt(5.25 + eps)) and the difference
// between its rows (16.3 * eps at column 0) both say 1e-4.
TEST(LibLayerNormGrad, VendorExample) {
  const ge::Shape shape({1, 8, 8, 8});
  uint32_t mx = 0, mn = 0;
  AscendC::GetLayerNormGradMaxMinTmpSize(shape, 4, false, mx, mn);
  AscendC::LayerNormGradTiling tiling;
  AscendC::GetLayerNormGradNDTilingInfo(shape, mn, 4, false, tiling);
  std::vector<float> pdx(64), res(64);
  RunUb([&](Buf& buf) {
    auto dy = At<float>(buf, 0), x = At<float>(buf, 256), tp = At<float>(buf, 512);
    auto tr = At<float>(buf, 768), mean = At<float>(buf, 1024), var = At<float>(buf, 1056);
    auto gamma = At<float>(buf, 1088);
    for (int i = 0; i < 64; ++i) dy.SetValue(i, static_cast<float>(i)), x.SetValue(i, static_cast<float>(i));
    for (int r = 0; r < 8; ++r) mean.SetValue(r, 3.5f + 8 * r), var.SetValue(r, 5.25f);
    for (int j = 0; j < 8; ++j) gamma.SetValue(j, static_cast<float>(j));
    AscendC::LayerNormGrad<float, false>(tp, tr, dy, x, var, mean, gamma, 1e-4f, tiling);
    for (int i = 0; i < 64; ++i) pdx[i] = tp.GetValue(i), res[i] = tr.GetValue(i);
  });
  // The documented first and last row.
  const float row0[8] = {3.0548172f, 0.4362857f, -1.3093826f, -2.182187f,
                         -2.1821284f, -1.309207f, 0.4365778f, 3.0552254f};
  const float row7[8] = {3.0531921f, 0.43511963f, -1.3100777f, -2.1824188f,
                         -2.1818848f, -1.3085022f, 0.43774414f, 3.0568542f};
  const float resRow[8] = {-1.5275106f, -1.091079f, -0.6546474f, -0.21821581f,
                           0.21821581f, 0.6546474f, 1.091079f, 1.5275106f};
  for (int j = 0; j < 8; ++j) {
    // Terms up to 441 summed in f32 (here and on the NPU, in other orders):
    // measured within 1.2e-5 of the printed values.
    EXPECT_NEAR(pdx[j], row0[j], 2e-5) << j;
    EXPECT_NEAR(pdx[56 + j], row7[j], 2e-5) << j;
    EXPECT_NEAR(res[j], resRow[j], 1e-6) << j;
    EXPECT_NEAR(res[56 + j], resRow[j], 1e-6) << j;
  }
}

std::string HostError(const std::function<void()>& f) {
  try {
    f();
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

TEST(LibLayerNormGrad, HostSizesAndTiling) {
  uint32_t mx = 0, mn = 0;
  // [2, 16, 64]: B*S*H 2048, H*H 4096.
  AscendC::GetLayerNormGradMaxMinTmpSize(ge::Shape({2, 16, 64, 64}), 2, false, mx, mn);
  EXPECT_EQ(mx, 9u * 4096 * 2);
  EXPECT_EQ(mn, 9u * 2048 * 2);
  AscendC::GetLayerNormGradMaxMinTmpSize(ge::Shape({2, 16, 64, 64}), 4, false, mx, mn);
  EXPECT_EQ(mx, 6u * 4096 * 4);
  EXPECT_EQ(mn, 6u * 2048 * 4);
  AscendC::GetLayerNormGradMaxMinTmpSize(ge::Shape({2, 16, 64, 64}), 4, true, mx, mn);
  EXPECT_EQ(mx, 4u * 4096 * 4);
  EXPECT_EQ(mn, 4u * 2048 * 4);
  AscendC::GetLayerNormGradMaxMinTmpSize(ge::Shape({4, 16, 32, 32}), 2, true, mx, mn);
  EXPECT_EQ(mx, 9u * 2048 * 2);  // isReuseSource changes nothing for half
  EXPECT_EQ(mn, 9u * 1024 * 2);

  // half, the minimum 36864 bytes: 36864 / 4 / 9 = 1024 floats = 16 rows.
  AscendC::LayerNormGradTiling t;
  AscendC::GetLayerNormGradNDTilingInfo(ge::Shape({2, 16, 64, 64}), 36864, 2, false, t);
  EXPECT_EQ(t.stackBufferSize, 36864u);
  EXPECT_EQ(t.bLength, 2u);
  EXPECT_EQ(t.sLength, 16u);
  EXPECT_EQ(t.hLength, 64u);
  EXPECT_EQ(t.originalHLength, 64u);
  EXPECT_EQ(t.oneCalSize, 1024u);
  EXPECT_EQ(t.nohCalSize, 16u);
  EXPECT_EQ(t.loopNum, 2u);
  EXPECT_EQ(t.tailSize, 0u);
  EXPECT_EQ(t.nohTailSize, 0u);
  const uint32_t pos[] = {t.tmpTensorBSHPos, t.pdVarTensorPos, t.pdMeanTensorPos,
                          t.x1TensorPos,     t.x2TensorPos,    t.x3TensorPos,
                          t.tmpTensorPos,    t.tmpTensor1Pos,  t.tmpTensor2Pos};
  for (uint32_t i = 0; i < 9; ++i) EXPECT_EQ(pos[i], i * 1024u) << i;
  const uint32_t sizes[] = {t.tmpTensorBSHSize, t.pdVarTensorSize, t.pdMeanTensorSize,
                            t.x1TensorSize,     t.x2TensorSize,    t.x3TensorSize,
                            t.tmpTensorSize,    t.tmpTensor1Size,  t.tmpTensor2Size};
  for (uint32_t v : sizes) EXPECT_EQ(v, 1024u);
  EXPECT_EQ(t.lastDimValueBack, 0x3C800000u);        // 1 / 64 as f32 bits
  EXPECT_EQ(t.lastDimValueBackMulTwo, 0x3D000000u);  // 2 / 64

  // float [1, 3, 64] with its minimum 4608: 192 floats = 3 rows, rounded up
  // to 8 rows (512): no full round, a tail of 3 rows.
  AscendC::GetLayerNormGradMaxMinTmpSize(ge::Shape({1, 3, 64, 64}), 4, false, mx, mn);
  EXPECT_EQ(mn, 4608u);
  AscendC::LayerNormGradTiling f;
  AscendC::GetLayerNormGradNDTilingInfo(ge::Shape({1, 3, 64, 64}), mn, 4, false, f);
  EXPECT_EQ(f.oneCalSize, 512u);
  EXPECT_EQ(f.nohCalSize, 8u);
  EXPECT_EQ(f.loopNum, 0u);
  EXPECT_EQ(f.tailSize, 192u);
  EXPECT_EQ(f.nohTailSize, 3u);
  EXPECT_EQ(f.x3TensorPos, 5u * 512);
  EXPECT_EQ(f.tmpTensorPos, 0u);  // float: no widened copies
  EXPECT_EQ(f.tmpTensor2Pos, 0u);

  // float, isReuseSource, 32768 bytes: 2048 floats; x1 and x2 in the sources.
  AscendC::LayerNormGradTiling r;
  AscendC::GetLayerNormGradNDTilingInfo(ge::Shape({2, 16, 64, 48}), 32768, 4, true, r);
  EXPECT_EQ(r.oneCalSize, 2048u);
  EXPECT_EQ(r.nohCalSize, 32u);
  EXPECT_EQ(r.loopNum, 1u);
  EXPECT_EQ(r.pdVarTensorPos, 2048u);
  EXPECT_EQ(r.pdMeanTensorPos, 4096u);
  EXPECT_EQ(r.x1TensorPos, 0u);
  EXPECT_EQ(r.x2TensorPos, 0u);
  EXPECT_EQ(r.x3TensorPos, 6144u);
  float inv = 0, inv2 = 0;
  std::memcpy(&inv, &r.lastDimValueBack, 4);
  std::memcpy(&inv2, &r.lastDimValueBackMulTwo, 4);
  EXPECT_EQ(inv, 1.0f / 48);
  EXPECT_EQ(inv2, 2.0f / 48);

  // half [1, 1, 64] with its minimum 1152: 1152 / 4 / 9 = 32 floats, less
  // than a row: the tiling is left unchanged (the vendor's quirk).
  AscendC::GetLayerNormGradMaxMinTmpSize(ge::Shape({1, 1, 64, 64}), 2, false, mx, mn);
  EXPECT_EQ(mn, 1152u);
  AscendC::LayerNormGradTiling u;
  AscendC::GetLayerNormGradNDTilingInfo(ge::Shape({1, 1, 64, 64}), mn, 2, false, u);
  EXPECT_EQ(u.oneCalSize, 0u);
  EXPECT_EQ(u.stackBufferSize, 0u);

  // Bad host input, then the clean twin.
  std::string e = HostError(
      [&] { AscendC::GetLayerNormGradMaxMinTmpSize(ge::Shape({2, 16, 64}), 2, false, mx, mn); });
  EXPECT_TRUE(Has(e, "GetLayerNormGradMaxMinTmpSize") && Has(e, "should be 4")) << e;
  e = HostError([&] {
    AscendC::GetLayerNormGradNDTilingInfo(ge::Shape({2, 16, 64, 64}), 4096, 1, false, t);
  });
  EXPECT_TRUE(Has(e, "GetLayerNormGradNDTilingInfo") && Has(e, "typeSize 1")) << e;
  e = HostError([&] {
    AscendC::GetLayerNormGradNDTilingInfo(ge::Shape({2, 0, 64, 64}), 4096, 4, false, t);
  });
  EXPECT_TRUE(Has(e, "dimension 1 = 0")) << e;
  e = HostError([&] {
    AscendC::GetLayerNormGradMaxMinTmpSize(ge::Shape({2, 16, 64, 72}), 4, false, mx, mn);
  });
  EXPECT_TRUE(Has(e, "originHLength 72 exceeds storageHLength 64")) << e;
  e = HostError([&] {
    AscendC::GetLayerNormGradMaxMinTmpSize(ge::Shape({2, 16, 64, 64}), 4, false, mx, mn);
    AscendC::GetLayerNormGradNDTilingInfo(ge::Shape({2, 16, 64, 64}), mn, 4, false, t);
  });
  EXPECT_EQ(e, "");
}

}  // namespace

namespace optiling {
BEGIN_TILING_DATA_DEF(LayerNormGradOpTiling)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);
TILING_DATA_FIELD_DEF_STRUCT(LayerNormGradTiling, layernormGradTilingData);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace {

TEST(LibLayerNormGrad, TilingInTilingData) {
  optiling::LayerNormGradOpTiling op;
  op.set_totalLength(2048);
  AscendC::GetLayerNormGradNDTilingInfo(ge::Shape({2, 16, 64, 64}), 36864, 2, false,
                                        op.layernormGradTilingData);
  std::vector<uint8_t> raw(op.GetDataSize());
  op.SaveToBuffer(raw.data(), raw.size());
  EXPECT_EQ(raw.size(), 4u + 30 * 4);
  RunUb([&](Buf&) {
    GET_TILING_DATA_WITH_STRUCT(optiling::LayerNormGradOpTiling, k, raw.data());
    EXPECT_EQ(k.totalLength, 2048u);
    EXPECT_EQ(k.layernormGradTilingData.oneCalSize, 1024u);
    EXPECT_EQ(k.layernormGradTilingData.tmpTensor2Pos, 8192u);
    EXPECT_EQ(k.layernormGradTilingData.lastDimValueBackMulTwo, 0x3D000000u);
  });
}

// LayerNorm forward, then LayerNormGrad and LayerNormGradBeta as the vendor's
// LayerNorm backward chains them, against a float64 backward of LayerNorm
// with float64 statistics: dx = rstd * (x1 - mean(x1) - xhat * mean(x1 * xhat)),
// x1 = dy * gamma, dgamma = sum dy * xhat, dbeta = sum dy. The forward's
// mean and variance are rounded to T (half: 2^-12 |mean| off), an error that
// enters through x - mean: the scales count |mean| * rstd beside |xhat|.
template <class T>
void ChainCase(std::mt19937& g) {
  constexpr uint32_t kAlign = 32 / sizeof(T);
  const uint32_t b = 1 + g() % 2, s = 1 + g() % 6, h = kAlign * (1 + g() % 8);
  const uint32_t rows = b * s, total = rows * h;
  const auto x = Random<T>(g, total, -1.0, 3.0);
  const auto dy = Random<T>(g, total, -2.0, 2.0);
  const auto gamma = Random<T>(g, h, -1.5, 1.5);
  const auto beta = Random<T>(g, h, -1.0, 1.0);
  const T eps = static_cast<T>(1e-3f);
  const ge::Shape shape({b, s, h, h});
  AscendC::LayerNormTiling fwd;
  uint32_t mx = 0, mn = 0;
  AscendC::GetLayerNormMaxMinTmpSize(shape, sizeof(T), false, mx, mn);
  AscendC::GetLayerNormNDTilingInfo(shape, mx, sizeof(T), false, fwd);
  AscendC::LayerNormGradTiling grad;
  AscendC::GetLayerNormGradMaxMinTmpSize(shape, sizeof(T), false, mx, mn);
  AscendC::GetLayerNormGradNDTilingInfo(shape, std::max(mn, 36 * h), sizeof(T), false, grad);
  AscendC::LayerNormGradBetaTiling gb;
  AscendC::GetLayerNormGradBetaMaxMinTmpSize(shape, sizeof(T), false, mx, mn);
  AscendC::GetLayerNormGradBetaNDTilingInfo(shape, mx, sizeof(T), false, gb);
  std::vector<T> pdx(total), pg(h), pb(h);
  RunUb([&](Buf& buf) {
    uint32_t next = 0;
    auto take = [&](uint32_t bytes) {
      const uint32_t at = next;
      next += Align32(bytes);
      return At<T>(buf, at);
    };
    auto tx = take(total * sizeof(T)), tdy = take(total * sizeof(T)), ty = take(total * sizeof(T));
    auto tres = take(total * sizeof(T)), tm = take(rows * sizeof(T)), tv = take(rows * sizeof(T));
    auto tg = take(h * sizeof(T)), tb = take(h * sizeof(T)), tpg = take(h * sizeof(T));
    auto tpb = take(h * sizeof(T));
    std::memcpy(tx.GetPhyAddr(), x.data(), total * sizeof(T));
    std::memcpy(tdy.GetPhyAddr(), dy.data(), total * sizeof(T));
    std::memcpy(tg.GetPhyAddr(), gamma.data(), h * sizeof(T));
    std::memcpy(tb.GetPhyAddr(), beta.data(), h * sizeof(T));
    AscendC::LayerNorm<T>(ty, tm, tv, tx, tg, tb, eps, fwd);
    // dx over the forward's output tensor (no longer needed).
    AscendC::LayerNormGrad<T>(ty, tres, tdy, tx, tv, tm, tg, eps, grad);
    AscendC::LayerNormGradBeta<T>(tpg, tpb, tres, tdy, gb);
    std::memcpy(pdx.data(), ty.GetPhyAddr(), total * sizeof(T));
    std::memcpy(pg.data(), tpg.GetPhyAddr(), h * sizeof(T));
    std::memcpy(pb.data(), tpb.GetPhyAddr(), h * sizeof(T));
  });
  std::vector<double> sg(h, 0), sb(h, 0), ag(h, 0), ab(h, 0);
  for (uint32_t r = 0; r < rows; ++r) {
    const T* xr = &x[r * h];
    const T* dr = &dy[r * h];
    double mu = 0, var = 0;
    for (uint32_t j = 0; j < h; ++j) mu += D(xr[j]);
    mu /= h;
    for (uint32_t j = 0; j < h; ++j) var += (D(xr[j]) - mu) * (D(xr[j]) - mu);
    var /= h;
    const double rstd = 1.0 / std::sqrt(var + D(eps));
    const double mr = std::fabs(mu) * rstd;
    double m1 = 0, a1 = 0, m2 = 0, a2 = 0;
    for (uint32_t j = 0; j < h; ++j) {
      const double x1 = D(dr[j]) * D(gamma[j]), xh = (D(xr[j]) - mu) * rstd;
      m1 += x1 / h;
      a1 += std::fabs(x1) / h;
      m2 += x1 * xh / h;
      a2 += std::fabs(x1) * (std::fabs(xh) + mr) / h;
      sg[j] += D(dr[j]) * xh;
      ag[j] += std::fabs(D(dr[j])) * (std::fabs(xh) + mr);
      sb[j] += D(dr[j]);
      ab[j] += std::fabs(D(dr[j]));
    }
    for (uint32_t j = 0; j < h; ++j) {
      const double x1 = D(dr[j]) * D(gamma[j]), xh = (D(xr[j]) - mu) * rstd;
      const double ref = rstd * (x1 - m1 - xh * m2);
      const double scale = rstd * (std::fabs(x1) + a1 + (std::fabs(xh) + mr) * a2);
      Check<T>(D(pdx[r * h + j]), ref, scale,
               "chain dx row " + std::to_string(r) + " col " + std::to_string(j));
    }
  }
  for (uint32_t j = 0; j < h; ++j) {
    Check<T>(D(pg[j]), sg[j], ag[j], "chain dgamma col " + std::to_string(j));
    Check<T>(D(pb[j]), sb[j], ab[j], "chain dbeta col " + std::to_string(j));
  }
}

TEST(LibLayerNormGrad, ChainedWithGradBetaMatchesLayerNormBackward) {
  Worst<float>() = Worst<half>() = 0;
  std::mt19937 g(977);
  for (int i = 0; i < 12; ++i) ChainCase<float>(g);
  for (int i = 0; i < 12; ++i) ChainCase<half>(g);
  std::printf("chain: largest |err| / (scale + |ref|): float %.3g, half %.3g\n", Worst<float>(),
              Worst<half>());
}

// float [2, 3, 16]: inputDy at 0 (384 bytes), inputX 512, outputPdX pOff
// (1024), resForGamma rOff (1536), inputVariance 2048, inputMean 2080,
// inputGamma gOff (2112), sharedTmpBuffer tmpOff (none when tmpOff is 0).
struct Layout {
  uint32_t tmpOff = 4096, pOff = 1024, rOff = 1536, gOff = 2112;
  AscendC::DataFormat format = AscendC::DataFormat::ND;
};

std::string GradError(AscendC::LayerNormGradTiling& t, const Layout& l) {
  return ErrorOf([&](Buf& buf) {
    const AscendC::LayerNormGradShapeInfo info{l.format};
    if (l.tmpOff != 0) {
      AscendC::LocalTensor<uint8_t> tmp = At<uint8_t>(buf, l.tmpOff);
      AscendC::LayerNormGrad(At<float>(buf, l.pOff), At<float>(buf, l.rOff), At<float>(buf, 0),
                             At<float>(buf, 512), At<float>(buf, 2048), At<float>(buf, 2080),
                             At<float>(buf, l.gOff), tmp, 1e-5f, t, info);
    } else {
      AscendC::LayerNormGrad(At<float>(buf, l.pOff), At<float>(buf, l.rOff), At<float>(buf, 0),
                             At<float>(buf, 512), At<float>(buf, 2048), At<float>(buf, 2080),
                             At<float>(buf, l.gOff), 1e-5f, t, info);
    }
  });
}

TEST(LibLayerNormGrad, KernelErrors) {
  const ge::Shape shape({2, 3, 16, 16});
  uint32_t mx = 0, mn = 0;
  AscendC::GetLayerNormGradMaxMinTmpSize(shape, 4, false, mx, mn);
  ASSERT_EQ(mn, 6u * 96 * 4);
  AscendC::LayerNormGradTiling t;
  AscendC::GetLayerNormGradNDTilingInfo(shape, mn, 4, false, t);
  ASSERT_NE(t.oneCalSize, 0u);
  Layout l;
  // Clean twins: with and without the buffer, and in place on the inputs.
  EXPECT_EQ(GradError(t, l), "");
  l.tmpOff = 0;
  EXPECT_EQ(GradError(t, l), "");
  l = Layout();
  l.pOff = 0;
  l.rOff = 512;
  EXPECT_EQ(GradError(t, l), "");
  l.pOff = 512;
  l.rOff = 0;
  EXPECT_EQ(GradError(t, l), "");

  // A short buffer: the tiling's stackBufferSize is needed.
  l = Layout();
  l.tmpOff = kUb - 32;
  std::string e = GradError(t, l);
  EXPECT_TRUE(Has(e, "error in LayerNormGrad") && Has(e, "sharedTmpBuffer holds 32 bytes") &&
              Has(e, "needs " + std::to_string(mn)))
      << e;
  l.tmpOff = kUb - mn;  // exactly enough: clean
  EXPECT_EQ(GradError(t, l), "");

  // An unfilled tiling (no call, or a buffer below one row).
  AscendC::LayerNormGradTiling unfilled;
  e = GradError(unfilled, Layout());
  EXPECT_TRUE(Has(e, "tiling: bLength 0") && Has(e, "GetLayerNormGradNDTilingInfo")) << e;
  AscendC::GetLayerNormGradNDTilingInfo(shape, 64, 4, false, unfilled);
  e = GradError(unfilled, Layout());
  EXPECT_TRUE(Has(e, "oneCalSize 0")) << e;

  // H not 32-byte aligned; originalHLength above hLength.
  AscendC::LayerNormGradTiling odd = t;
  odd.hLength = 12;
  odd.originalHLength = 12;
  e = GradError(odd, Layout());
  EXPECT_TRUE(Has(e, "hLength 12 of float") && Has(e, "not a multiple of 32 bytes")) << e;
  odd = t;
  odd.originalHLength = 24;
  e = GradError(odd, Layout());
  EXPECT_TRUE(Has(e, "originalHLength 24") && Has(e, "originalHLength <= hLength")) << e;

  // Overlapping outputs.
  l = Layout();
  l.rOff = 1024 + 64;
  e = GradError(t, l);
  EXPECT_TRUE(Has(e, "outputPdX and resForGamma overlap")) << e;
  l = Layout();
  l.pOff = 32;  // inside inputDy, not at its start
  e = GradError(t, l);
  EXPECT_TRUE(Has(e, "outputPdX overlaps inputDy without starting at it")) << e;
  l = Layout();
  l.rOff = 1920;  // over inputVariance and inputMean
  e = GradError(t, l);
  EXPECT_TRUE(Has(e, "resForGamma overlaps inputVariance (not allowed")) << e;
  l = Layout();
  l.gOff = 1024 + 128;  // inputGamma inside outputPdX
  e = GradError(t, l);
  EXPECT_TRUE(Has(e, "outputPdX overlaps inputGamma")) << e;

  // An operand past the buffer; a format other than ND.
  l = Layout();
  l.gOff = kUb - 32;
  e = GradError(t, l);
  EXPECT_TRUE(Has(e, "inputGamma operand of 16 float") && Has(e, "past the end")) << e;
  l = Layout();
  l.format = AscendC::DataFormat::NZ;
  e = GradError(t, l);
  EXPECT_TRUE(Has(e, "shapeInfo.dataFormat is 1") && Has(e, "only DataFormat::ND")) << e;
}

}  // namespace

namespace {

// The operand accesses reach the sanitizer (outputs as writes): with
// initcheck on, LayerNorm -> LayerNormGrad -> LayerNormGradBeta -> readers of
// their outputs is clean when every input was written first, and an unwritten
// inputDy is reported, naming LayerNormGrad and the operand.
TEST(LibLayerNormGrad, InitcheckSeesTheOperands) {
  const ge::Shape shape({2, 3, 16, 16});
  uint32_t mx = 0, mn = 0;
  AscendC::LayerNormTiling fwd;
  AscendC::GetLayerNormMaxMinTmpSize(shape, 4, false, mx, mn);
  AscendC::GetLayerNormNDTilingInfo(shape, mx, 4, false, fwd);
  AscendC::LayerNormGradTiling grad;
  AscendC::GetLayerNormGradMaxMinTmpSize(shape, 4, false, mx, mn);
  AscendC::GetLayerNormGradNDTilingInfo(shape, mn, 4, false, grad);
  AscendC::LayerNormGradBetaTiling gb;
  AscendC::GetLayerNormGradBetaMaxMinTmpSize(shape, 4, false, mx, mn);
  AscendC::GetLayerNormGradBetaNDTilingInfo(shape, mx, 4, false, gb);
  auto run = [&](bool writeDy) {
    aicore::SetSanitize(aicore::kInitcheck);
    const std::string e = ErrorOf([&](Buf& b) {
      auto dy = At<float>(b, 0), x = At<float>(b, 512), pdx = At<float>(b, 1024);
      auto res = At<float>(b, 1536), var = At<float>(b, 2048), mean = At<float>(b, 2080);
      auto gamma = At<float>(b, 2112), beta = At<float>(b, 2176), y = At<float>(b, 2304);
      auto pg = At<float>(b, 2752), pb = At<float>(b, 2816), z = At<float>(b, 3072);
      AscendC::Duplicate(x, 1.5f, 96);
      AscendC::Duplicate(gamma, 0.5f, 16);
      AscendC::Duplicate(beta, 0.0f, 16);
      if (writeDy) AscendC::Duplicate(dy, 0.25f, 96);
      AscendC::LayerNorm<float>(y, mean, var, x, gamma, beta, 1e-5f, fwd);
      AscendC::LayerNormGrad<float>(pdx, res, dy, x, var, mean, gamma, 1e-5f, grad);
      AscendC::LayerNormGradBeta<float>(pg, pb, res, dy, gb);
      AscendC::Muls(z, pdx, 2.0f, 96);  // reads LayerNormGrad's output
      AscendC::Add(z, pg, pb, 16);      // and LayerNormGradBeta's
    });
    aicore::SetSanitize(0u);
    return e;
  };
  const std::string e = run(false);
  EXPECT_TRUE(Has(e, "LayerNormGrad") && Has(e, "inputDy")) << e;
  EXPECT_EQ(run(true), "");
}

}  // namespace
