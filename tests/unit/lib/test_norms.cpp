// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// DeepNorm (aicore/lib/deepnorm.h) against a double-precision model of
// LayerNorm(alpha * x + gx) on random shapes (H not a multiple of the vector
// length, padded H), half and float, with and without sharedTmpBuffer, in
// place (isReuseSrc) or not; the host tiling functions against values worked
// out from the documented formulas; the tiling struct inside
// BEGIN_TILING_DATA_DEF; and the KernelError of bad operands, tilings and
// buffers, each with its clean twin.
//
// Tolerance (|got - ref| <= atol * scale + rtol * |ref|): float rtol = atol =
// 1e-5; half rtol = atol = 2e-3 (the row is computed in f32, then rounded
// once to half). scale: the row's largest |ref| for dst, the largest |z| for
// the mean, its square for the variance.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "aicore/aicore.h"
#include "aicore/lib/deepnorm.h"

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

bool Has(const std::string& what, const std::string& part) {
  return what.find(part) != std::string::npos;
}

template <class T>
void ExpectNear(double got, double ref, double scale, const std::string& what) {
  const double tol = Tol<T>::kAbs * scale + Tol<T>::kRel * std::fabs(ref);
  ASSERT_LE(std::fabs(got - ref), tol) << what << ": got " << got << ", want " << ref;
}

// ---- DeepNorm ------------------------------------------------------------------

template <class T, bool kReuse>
void DeepNormCase(std::mt19937& g, bool withTmp) {
  constexpr uint32_t kAlign = 32 / sizeof(T);
  const uint32_t b = 1 + g() % 3, s = 1 + g() % 4;
  const uint32_t oh = 1 + g() % 200;
  const uint32_t h = (oh + kAlign - 1) / kAlign * kAlign;
  const uint32_t rows = b * s, bsh = rows * h;
  std::uniform_real_distribution<double> val(-4.0, 6.0), gam(-1.5, 1.5), al(-2.0, 3.0);
  std::vector<T> x(bsh, T(0)), gx(bsh, T(0)), gamma(h), beta(h);
  for (uint32_t r = 0; r < rows; ++r) {
    for (uint32_t i = 0; i < oh; ++i) {
      x[r * h + i] = static_cast<T>(static_cast<float>(val(g)));
      gx[r * h + i] = static_cast<T>(static_cast<float>(val(g)));
    }
  }
  for (auto& v : gamma) v = static_cast<T>(static_cast<float>(gam(g)));
  for (auto& v : beta) v = static_cast<T>(static_cast<float>(gam(g)));
  const float epsChoices[] = {1e-5f, 0.5f, 2.0f};
  const T eps = static_cast<T>(epsChoices[g() % 3]);
  const T alpha = static_cast<T>(static_cast<float>(al(g)));

  const ge::Shape shape({b, s, h}), origin({b, s, oh});
  uint32_t maxTmp = 0, minTmp = 0;
  ASSERT_TRUE(AscendC::GetDeepNormMaxMinTmpSize(shape, sizeof(T), kReuse, false, maxTmp, minTmp));
  const uint32_t tmpBytes = std::min<uint32_t>(maxTmp, minTmp + static_cast<uint32_t>(g() % 4096));
  AscendC::DeepNormTiling tiling;
  ASSERT_TRUE(
      AscendC::GetDeepNormTilingInfo(shape, origin, tmpBytes, sizeof(T), kReuse, false, tiling));

  std::vector<T> y(bsh), mean(rows), var(rows);
  RunUb([&](Buf& buf) {
    Carver c;
    const uint32_t ox = c.Take(bsh * sizeof(T)), og = c.Take(bsh * sizeof(T)),
                   oga = c.Take(h * sizeof(T)), ob = c.Take(h * sizeof(T)),
                   om = c.Take(rows * sizeof(T)), ov = c.Take(rows * sizeof(T));
    const uint32_t oy = kReuse ? ox : c.Take(bsh * sizeof(T));
    const uint32_t ot = c.Take(tmpBytes);
    ASSERT_LE(c.next, kUb);
    auto tx = At<T>(buf, ox), tgx = At<T>(buf, og), tg = At<T>(buf, oga), tb = At<T>(buf, ob),
         ty = At<T>(buf, oy), tm = At<T>(buf, om), tv = At<T>(buf, ov);
    std::memcpy(tx.GetPhyAddr(), x.data(), bsh * sizeof(T));
    std::memcpy(tgx.GetPhyAddr(), gx.data(), bsh * sizeof(T));
    std::memcpy(tg.GetPhyAddr(), gamma.data(), h * sizeof(T));
    std::memcpy(tb.GetPhyAddr(), beta.data(), h * sizeof(T));
    if (withTmp) {
      AscendC::DeepNorm<T, kReuse>(ty, tm, tv, tx, tgx, tb, tg, At<uint8_t>(buf, ot), alpha, eps,
                                   tiling);
    } else {
      AscendC::DeepNorm<T, kReuse>(ty, tm, tv, tx, tgx, tb, tg, alpha, eps, tiling);
    }
    std::memcpy(y.data(), ty.GetPhyAddr(), bsh * sizeof(T));
    std::memcpy(mean.data(), tm.GetPhyAddr(), rows * sizeof(T));
    std::memcpy(var.data(), tv.GetPhyAddr(), rows * sizeof(T));
  });

  for (uint32_t r = 0; r < rows; ++r) {
    std::vector<double> z(h);
    for (uint32_t i = 0; i < h; ++i) z[i] = D(alpha) * D(x[r * h + i]) + D(gx[r * h + i]);
    double m = 0, v = 0, zs = 0;
    for (uint32_t i = 0; i < oh; ++i) m += z[i];
    m /= oh;
    for (uint32_t i = 0; i < oh; ++i) v += (z[i] - m) * (z[i] - m);
    v /= oh;
    for (uint32_t i = 0; i < oh; ++i) zs = std::max(zs, std::fabs(z[i]));
    const std::string where = "DeepNorm [" + std::to_string(b) + "," + std::to_string(s) + "," +
                              std::to_string(h) + "/" + std::to_string(oh) + "] row " +
                              std::to_string(r);
    ExpectNear<T>(D(mean[r]), m, zs, where + " mean");
    ExpectNear<T>(D(var[r]), v, zs * zs, where + " variance");
    const double rstd = 1.0 / std::sqrt(v + D(eps));
    std::vector<double> ref(h);
    double scale = 0;
    for (uint32_t i = 0; i < h; ++i) {
      ref[i] = (z[i] - m) * rstd * D(gamma[i]) + D(beta[i]);
      scale = std::max(scale, std::fabs(ref[i]));
    }
    // The error of (z - mean) * rstd grows with |z| / std: scale by that too.
    const double zScale = std::max(1.0, zs * rstd) * scale;
    for (uint32_t i = 0; i < h; ++i) {
      ExpectNear<T>(D(y[r * h + i]), ref[i], zScale, where + " col " + std::to_string(i));
    }
  }
}

TEST(LibNorms, DeepNormMatchesModelFloat) {
  std::mt19937 g(1201);
  for (int i = 0; i < 24; ++i) DeepNormCase<float, false>(g, i % 2 == 0);
  for (int i = 0; i < 8; ++i) DeepNormCase<float, true>(g, i % 2 == 0);
}

TEST(LibNorms, DeepNormMatchesModelHalf) {
  std::mt19937 g(1202);
  for (int i = 0; i < 24; ++i) DeepNormCase<half, false>(g, i % 2 == 0);
  for (int i = 0; i < 8; ++i) DeepNormCase<half, true>(g, i % 2 == 0);
}

// The vendor's documented example: x = gx = 0..63 as [4, 2, 8], gamma = beta
// = 0..7; its mean and rstd outputs (-15.75 ... and 106.3125) are those of
// alpha = -5.5 (alpha * x + gx = -4.5 * x, variance 4.5^2 * 5.25).
TEST(LibNorms, DeepNormDocExampleStatistics) {
  AscendC::DeepNormTiling tiling;
  ASSERT_TRUE(AscendC::GetDeepNormTilingInfo(ge::Shape({4, 2, 8}), ge::Shape({4, 2, 8}), 4096, 4,
                                             false, false, tiling));
  RunUb([&](Buf& buf) {
    auto x = At<float>(buf, 0), gx = At<float>(buf, 256), gm = At<float>(buf, 512),
         bt = At<float>(buf, 544), y = At<float>(buf, 1024), mn = At<float>(buf, 1280),
         vr = At<float>(buf, 1312);
    for (int i = 0; i < 64; ++i) x.GetPhyAddr()[i] = gx.GetPhyAddr()[i] = static_cast<float>(i);
    for (int i = 0; i < 8; ++i) gm.GetPhyAddr()[i] = bt.GetPhyAddr()[i] = static_cast<float>(i);
    AscendC::DeepNorm(y, mn, vr, x, gx, bt, gm, -5.5f, 1e-5f, tiling);
    for (int r = 0; r < 8; ++r) {
      EXPECT_NEAR(mn.GetPhyAddr()[r], -15.75 - 36.0 * r, 1e-4) << r;
      EXPECT_NEAR(vr.GetPhyAddr()[r], 106.3125, 1e-3) << r;
    }
  });
}

TEST(LibNorms, DeepNormTmpSizesAndTiling) {
  uint32_t mx = 0, mn = 0;
  // half [2, 3, 48]: f32 copies of 288 floats (1152 bytes) or of one row
  // (192 bytes), three of them, plus two [6] f32 rounded up to 32 bytes.
  ASSERT_TRUE(AscendC::GetDeepNormMaxMinTmpSize(ge::Shape({2, 3, 48}), 2, false, false, mx, mn));
  EXPECT_EQ(mx, 3u * 1152 + 2 * 32);
  EXPECT_EQ(mn, 3u * 192 + 2 * 32);
  ASSERT_TRUE(AscendC::GetDeepNormMaxMinTmpSize(ge::Shape({2, 3, 48}), 4, true, false, mx, mn));
  EXPECT_EQ(mx, 2u * 1152 + 2 * 32);
  EXPECT_EQ(mn, 2u * 192 + 2 * 32);
  // isBasicBlock needs H % 64 == 0 and B*S % 8 == 0.
  EXPECT_FALSE(AscendC::GetDeepNormMaxMinTmpSize(ge::Shape({2, 3, 64}), 2, false, true, mx, mn));
  EXPECT_TRUE(AscendC::GetDeepNormMaxMinTmpSize(ge::Shape({2, 4, 64}), 2, false, true, mx, mn));

  // half [2, 3, 48/40], 2048 bytes: 512 floats, 2 * 8 for mean and variance,
  // (512 - 16) / 3 = 165 -> 144 (3 rows).
  AscendC::DeepNormTiling t;
  ASSERT_TRUE(AscendC::GetDeepNormTilingInfo(ge::Shape({2, 3, 48}), ge::Shape({2, 3, 40}), 2048,
                                             2, false, false, t));
  EXPECT_EQ(t.bLength, 2u);
  EXPECT_EQ(t.sLength, 3u);
  EXPECT_EQ(t.hLength, 48u);
  EXPECT_EQ(t.originalHLength, 40u);
  EXPECT_EQ(t.inputXSize, 288u);
  EXPECT_EQ(t.meanVarSize, 6u);
  EXPECT_EQ(t.numberOfTmpBuf, 3u);
  EXPECT_EQ(t.meanTmpTensorPos, 0u);
  EXPECT_EQ(t.meanTmpTensorSize, 8u);
  EXPECT_EQ(t.varianceTmpTensorPos, 8u);
  EXPECT_EQ(t.varianceTmpTensorSize, 8u);
  EXPECT_EQ(t.tmpBufSize, 512u);
  EXPECT_EQ(t.oneTmpSize, 144u);
  EXPECT_EQ(t.firstTmpStartPos, 16u);
  EXPECT_EQ(t.secondTmpStartPos, 160u);
  EXPECT_EQ(t.thirdTmpStartPos, 304u);
  EXPECT_EQ(t.loopRound, 2u);
  EXPECT_EQ(t.inputRoundSize, 144u);
  EXPECT_EQ(t.inputTailSize, 0u);
  EXPECT_EQ(t.inputTailPos, 288u);
  EXPECT_EQ(t.meanVarRoundSize, 3u);
  EXPECT_EQ(t.meanVarTailSize, 0u);
  EXPECT_EQ(t.meanVarTailPos, 6u);
  EXPECT_EQ(t.bshCurLength, 144u);
  EXPECT_EQ(t.bsCurLength, 3u);
  EXPECT_FLOAT_EQ(t.lastDimValueBack, 1.0f / 40);

  // isBasicBlock, float [2, 8, 64], 40000 bytes: 10000 floats / 3 = 3333 ->
  // 3328 (52 rows) -> 1024 (the whole input, 16 rows, a multiple of 8 rows).
  ASSERT_TRUE(AscendC::GetDeepNormTilingInfo(ge::Shape({2, 8, 64}), ge::Shape({2, 8, 64}), 40000,
                                             4, false, true, t));
  EXPECT_EQ(t.oneTmpSize, 1024u);
  EXPECT_EQ(t.firstTmpStartPos, 0u);
  // float [2, 12, 64] basic block, 9000 bytes: 2250 / 3 = 750 -> 704 (11
  // rows) -> 512 (8 rows).
  ASSERT_TRUE(AscendC::GetDeepNormTilingInfo(ge::Shape({2, 12, 64}), ge::Shape({2, 12, 64}), 9000,
                                             4, false, true, t));
  EXPECT_EQ(t.oneTmpSize, 512u);
  EXPECT_EQ(t.loopRound, 3u);
  EXPECT_EQ(t.meanVarRoundSize, 8u);

  // The vendor's false returns.
  const ge::Shape sh({2, 3, 48});
  EXPECT_FALSE(AscendC::GetDeepNormTilingInfo(sh, sh, 100, 2, false, false, t));  // below min
  EXPECT_FALSE(AscendC::GetDeepNormTilingInfo(sh, ge::Shape({2, 4, 48}), 4096, 2, false, false,
                                              t));                                   // B, S differ
  EXPECT_FALSE(AscendC::GetDeepNormTilingInfo(sh, ge::Shape({2, 3, 49}), 4096, 2, false, false,
                                              t));                                   // originH > H
  EXPECT_FALSE(AscendC::GetDeepNormTilingInfo(ge::Shape({1, 1, 20}), ge::Shape({1, 1, 20}), 4096,
                                              2, false, false, t));  // H not 32-byte aligned
  EXPECT_FALSE(AscendC::GetDeepNormTilingInfo(ge::Shape({1, 1, 2048}), ge::Shape({1, 1, 2048}),
                                              65536, 4, false, false, t));  // H > 2040
  EXPECT_FALSE(AscendC::GetDeepNormTilingInfo(ge::Shape({2, 4, 64}), ge::Shape({2, 4, 60}), 65536,
                                              2, false, true, t));  // basic block, originH != H
}

TEST(LibNorms, DeepNormHostErrors) {
  uint32_t mx = 0, mn = 0;
  std::string e;
  try {
    AscendC::GetDeepNormMaxMinTmpSize(ge::Shape({2, 48}), 2, false, false, mx, mn);
  } catch (const aicore::KernelError& err) {
    e = err.what();
  }
  EXPECT_TRUE(Has(e, "GetDeepNormMaxMinTmpSize") && Has(e, "srcShape [2, 48]") &&
              Has(e, "should be 3"))
      << e;
  e.clear();
  try {
    AscendC::DeepNormTiling t;
    AscendC::GetDeepNormTilingInfo(ge::Shape({2, 3, 48}), ge::Shape({2, 3, 48}), 4096, 8, false,
                                   false, t);
  } catch (const aicore::KernelError& err) {
    e = err.what();
  }
  EXPECT_TRUE(Has(e, "GetDeepNormTilingInfo") && Has(e, "typeSize 8 is unsupported")) << e;
  // Clean twin.
  e.clear();
  try {
    AscendC::DeepNormTiling t;
    EXPECT_TRUE(AscendC::GetDeepNormTilingInfo(ge::Shape({2, 3, 48}), ge::Shape({2, 3, 48}), 4096,
                                               2, false, false, t));
  } catch (const aicore::KernelError& err) {
    e = err.what();
  }
  EXPECT_EQ(e, "");
}

}  // namespace

namespace optiling {
BEGIN_TILING_DATA_DEF(NormsOpTiling)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);
TILING_DATA_FIELD_DEF_STRUCT(DeepNormTiling, deepNorm);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace {

TEST(LibNorms, DeepNormTilingInTilingData) {
  optiling::NormsOpTiling op;
  op.set_totalLength(7);
  ASSERT_TRUE(AscendC::GetDeepNormTilingInfo(ge::Shape({2, 3, 48}), ge::Shape({2, 3, 48}), 4096, 2,
                                             false, false, op.deepNorm));
  static_assert(sizeof(AscendC::DeepNormTiling) == 26 * 4, "vendor field count");
  std::vector<uint8_t> raw(op.GetDataSize());
  op.SaveToBuffer(raw.data(), raw.size());
  RunUb([&](Buf&) {
    GET_TILING_DATA_WITH_STRUCT(optiling::NormsOpTiling, k, raw.data());
    EXPECT_EQ(k.totalLength, 7u);
    EXPECT_EQ(k.deepNorm.hLength, 48u);
    EXPECT_EQ(k.deepNorm.oneTmpSize, op.deepNorm.oneTmpSize);
  });
}

TEST(LibNorms, DeepNormErrors) {
  const ge::Shape shape({2, 3, 16});
  uint32_t mx = 0, mn = 0;
  ASSERT_TRUE(AscendC::GetDeepNormMaxMinTmpSize(shape, 2, false, false, mx, mn));
  AscendC::DeepNormTiling t;
  ASSERT_TRUE(AscendC::GetDeepNormTilingInfo(shape, shape, mn, 2, false, false, t));
  const uint64_t need = (uint64_t{t.firstTmpStartPos} + 3ull * t.oneTmpSize) * 4;
  // x at 0, gx at 256, y at 512, mean at meanOff, variance at 1024, gamma and
  // beta at 1056/1088.
  auto call = [&](Buf& buf, uint32_t tmpOff, AscendC::DeepNormTiling& tl, uint32_t meanOff,
                  uint32_t gxOff) {
    AscendC::DeepNorm(At<half>(buf, 512), At<half>(buf, meanOff), At<half>(buf, 1024),
                      At<half>(buf, 0), At<half>(buf, gxOff), At<half>(buf, 1088),
                      At<half>(buf, 1056), At<uint8_t>(buf, tmpOff), static_cast<half>(1.5f),
                      static_cast<half>(1e-5f), tl);
  };
  std::string e = ErrorOf([&](Buf& buf) { call(buf, kUb - 32, t, 960, 256); });
  EXPECT_TRUE(Has(e, "error in DeepNorm") && Has(e, "sharedTmpBuffer holds 32 bytes") &&
              Has(e, "needs " + std::to_string(need)))
      << e;
  e = ErrorOf([&](Buf& buf) { call(buf, 4096, t, 960, kUb - 64); });
  EXPECT_TRUE(Has(e, "bounds error in DeepNorm") && Has(e, "gxLocal")) << e;
  AscendC::DeepNormTiling unfilled;
  e = ErrorOf([&](Buf& buf) { call(buf, 4096, unfilled, 960, 256); });
  EXPECT_TRUE(Has(e, "error in DeepNorm") && Has(e, "tiling: hLength 0")) << e;
  AscendC::DeepNormTiling noTmp = t;
  noTmp.oneTmpSize = 0;
  e = ErrorOf([&](Buf& buf) { call(buf, 4096, noTmp, 960, 256); });
  EXPECT_TRUE(Has(e, "error in DeepNorm") && Has(e, "oneTmpSize is 0")) << e;
  AscendC::DeepNormTiling oddH = t;
  oddH.hLength = 12;
  oddH.originalHLength = 12;
  e = ErrorOf([&](Buf& buf) { call(buf, 4096, oddH, 960, 256); });
  EXPECT_TRUE(Has(e, "DeepNorm") && Has(e, "hLength 12 of half") && Has(e, "not a multiple of 32"))
      << e;
  // Clean twin.
  e = ErrorOf([&](Buf& buf) { call(buf, 4096, t, 960, 256); });
  EXPECT_EQ(e, "");
  // dst on src: an error without isReuseSrc, allowed with it.
  auto inPlace = [&](Buf& buf, auto reuse) {
    AscendC::DeepNorm<half, decltype(reuse)::value>(
        At<half>(buf, 0), At<half>(buf, 960), At<half>(buf, 1024), At<half>(buf, 0),
        At<half>(buf, 256), At<half>(buf, 1088), At<half>(buf, 1056), static_cast<half>(1.5f),
        static_cast<half>(1e-5f), t);
  };
  e = ErrorOf([&](Buf& buf) { inPlace(buf, std::false_type{}); });
  EXPECT_TRUE(Has(e, "error in DeepNorm") && Has(e, "dstLocal and srcLocal overlap")) << e;
  e = ErrorOf([&](Buf& buf) { inPlace(buf, std::true_type{}); });
  EXPECT_EQ(e, "");
}

}  // namespace
