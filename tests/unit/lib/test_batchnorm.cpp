// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// BatchNorm (aicore/lib/batchnorm.h) and Normalize (aicore/lib/normalize.h)
// against a double-precision model on
// random [B, S, H] shapes (S*H a multiple of 32 bytes but not always of the
// vector length), half and float, with and without sharedTmpBuffer, in place
// or not; the host functions against values worked out from the documented
// formulas (and their false returns); BatchNormTiling inside
// BEGIN_TILING_DATA_DEF; and the KernelError of bad tilings, operands and
// buffers, each with its clean twin. Normalize: random [A, R] with R padded
// to 32 bytes, T half or float with U half or float, the four NLCFG_*
// configs, with and without sharedTmpBuffer; GetNormalizeMaxMinTmpSize;
// its KernelErrors with clean twins.
//
// Tolerance (|got - ref| <= atol * scale + rtol * |ref|): float rtol = atol =
// 1e-5; half 2e-3 (f32 statistics, one rounding to half). scale: the
// column's largest |ref| times max(1, max|x| * rstd) for output, max|x| for
// the mean, its square for the variance.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "aicore/aicore.h"
#include "aicore/lib/batchnorm.h"
#include "aicore/lib/normalize.h"

#include "unit/lib/norm_test_util.h"

namespace {

using namespace normtest;  // NOLINT(build/namespaces)

constexpr uint32_t kUb = kDefaultUb;

template <class T>
void BatchNormCase(std::mt19937& g, bool withTmp, bool inPlace) {
  constexpr uint32_t kAlign = 32 / sizeof(T);
  const uint32_t b = 1 + g() % 9, s = 1 + g() % 3;
  uint32_t h = kAlign * (1 + g() % 6);
  if (g() % 2) h = kAlign / 2 * (1 + 2 * (g() % 5));  // S*H aligned only with even S
  const uint32_t sEven = (h % kAlign == 0) ? s : 2 * s;
  const uint32_t sh = sEven * h, total = b * sh;
  std::uniform_real_distribution<double> val(-4.0, 6.0), gam(-1.5, 1.5);
  std::vector<T> x(total), gamma(b), beta(b);
  for (auto& v : x) v = static_cast<T>(static_cast<float>(val(g)));
  for (auto& v : gamma) v = static_cast<T>(static_cast<float>(gam(g)));
  for (auto& v : beta) v = static_cast<T>(static_cast<float>(gam(g)));
  const float epsChoices[] = {1e-5f, 0.5f};
  const T eps = static_cast<T>(epsChoices[g() % 2]);

  const ge::Shape shape({b, sEven, h});
  uint32_t maxTmp = 0, minTmp = 0;
  ASSERT_TRUE(AscendC::GetBatchNormMaxMinTmpSize(shape, shape, sizeof(T), false, maxTmp, minTmp));
  const uint32_t tmpBytes = std::min<uint32_t>(maxTmp, minTmp + static_cast<uint32_t>(g() % 4096));
  AscendC::BatchNormTiling tiling;
  ASSERT_TRUE(AscendC::GetBatchNormNDTilingInfo(shape, shape, tmpBytes, sizeof(T), false, tiling));

  std::vector<T> y(total), mean(sh), var(sh);
  RunUb([&](Buf& buf) {
    uint32_t next = 0;
    auto take = [&](uint32_t bytes) {
      const uint32_t at = next;
      next += Align32(bytes);
      return at;
    };
    const uint32_t ox = take(total * sizeof(T)), oga = take(b * sizeof(T)),
                   ob = take(b * sizeof(T)), om = take(sh * sizeof(T)), ov = take(sh * sizeof(T));
    const uint32_t oy = inPlace ? ox : take(total * sizeof(T));
    const uint32_t ot = take(tmpBytes);
    ASSERT_LE(next, kUb);
    auto tx = At<T>(buf, ox), tg = At<T>(buf, oga), tb = At<T>(buf, ob), ty = At<T>(buf, oy),
         tm = At<T>(buf, om), tv = At<T>(buf, ov);
    std::memcpy(tx.GetPhyAddr(), x.data(), total * sizeof(T));
    std::memcpy(tg.GetPhyAddr(), gamma.data(), b * sizeof(T));
    std::memcpy(tb.GetPhyAddr(), beta.data(), b * sizeof(T));
    if (withTmp) {
      AscendC::BatchNorm<T>(ty, tm, tv, tx, tg, tb, At<uint8_t>(buf, ot), eps, tiling);
    } else {
      AscendC::BatchNorm<T, false, false>(ty, tm, tv, tx, tg, tb, eps, tiling);
    }
    std::memcpy(y.data(), ty.GetPhyAddr(), total * sizeof(T));
    std::memcpy(mean.data(), tm.GetPhyAddr(), sh * sizeof(T));
    std::memcpy(var.data(), tv.GetPhyAddr(), sh * sizeof(T));
  });

  for (uint32_t j = 0; j < sh; ++j) {
    double m = 0, v = 0, xs = 0;
    for (uint32_t r = 0; r < b; ++r) {
      m += D(x[r * sh + j]);
      xs = std::max(xs, std::fabs(D(x[r * sh + j])));
    }
    m /= b;
    for (uint32_t r = 0; r < b; ++r) v += (D(x[r * sh + j]) - m) * (D(x[r * sh + j]) - m);
    v /= b;
    const std::string where = "BatchNorm [" + std::to_string(b) + "," + std::to_string(sEven) +
                              "," + std::to_string(h) + "] col " + std::to_string(j);
    ExpectNear<T>(D(mean[j]), m, xs, where + " mean");
    ExpectNear<T>(D(var[j]), v, xs * xs, where + " variance");
    const double rstd = 1.0 / std::sqrt(v + D(eps));
    std::vector<double> ref(b);
    double scale = 0;
    for (uint32_t r = 0; r < b; ++r) {
      ref[r] = (D(x[r * sh + j]) - m) * rstd * D(gamma[r]) + D(beta[r]);
      scale = std::max(scale, std::fabs(ref[r]));
    }
    const double sc = std::max(1.0, xs * rstd) * scale;
    for (uint32_t r = 0; r < b; ++r) {
      ExpectNear<T>(D(y[r * sh + j]), ref[r], sc, where + " row " + std::to_string(r));
    }
  }
}

TEST(LibBatchNorm, MatchesModelFloat) {
  std::mt19937 g(1501);
  for (int i = 0; i < 30; ++i) BatchNormCase<float>(g, i % 2 == 0, i % 3 == 0);
}

TEST(LibBatchNorm, MatchesModelHalf) {
  std::mt19937 g(1502);
  for (int i = 0; i < 30; ++i) BatchNormCase<half>(g, i % 2 == 0, i % 3 == 0);
}

TEST(LibBatchNorm, HostSizesAndTiling) {
  uint32_t mx = 0, mn = 0;
  // float [4, 2, 24]: S*H 48 -> 192 bytes; max 3 * 768 + 2 * 192, min 3 *
  // 4 * 32 + 2 * 192; half: min 3 * 4 * 64 + 2 * align32(48 * 4).
  const ge::Shape sh({4, 2, 24});
  ASSERT_TRUE(AscendC::GetBatchNormMaxMinTmpSize(sh, sh, 4, false, mx, mn));
  EXPECT_EQ(mx, 3u * 768 + 2 * 192);
  EXPECT_EQ(mn, 3u * 128 + 2 * 192);
  ASSERT_TRUE(AscendC::GetBatchNormMaxMinTmpSize(sh, sh, 2, false, mx, mn));
  EXPECT_EQ(mn, 3u * 256 + 2 * 192);
  // Basic block: originB % 8 and S*H % 64; min 3 * 8 * 256 + 2 * 256.
  EXPECT_FALSE(AscendC::GetBatchNormMaxMinTmpSize(sh, sh, 4, false, mx, mn, true));
  const ge::Shape bb({8, 1, 64});
  ASSERT_TRUE(AscendC::GetBatchNormMaxMinTmpSize(bb, bb, 4, false, mx, mn, true));
  EXPECT_EQ(mn, 3u * 8 * 256 + 2 * 256);

  // float [4, 2, 24], 1000 bytes: 250 floats / 3 = 83 -> 64 (a multiple of
  // 4 * 8 floats), 16 columns a round; 192 / 64 = 3 rounds, no tail.
  AscendC::BatchNormTiling t;
  ASSERT_TRUE(AscendC::GetBatchNormNDTilingInfo(sh, sh, 1000, 4, false, t));
  EXPECT_EQ(t.originalBLength, 4u);
  EXPECT_EQ(t.meanVarSize, 48u);
  EXPECT_EQ(t.meanTmpTensorPos, 0u);
  EXPECT_EQ(t.varianceTmpTensorPos, 48u);
  EXPECT_EQ(t.tmpBufSize, 250u);
  EXPECT_EQ(t.oneTmpSize, 64u);
  EXPECT_EQ(t.firstTmpStartPos, 0u);
  EXPECT_EQ(t.secondTmpStartPos, 64u);
  EXPECT_EQ(t.thirdTmpStartPos, 128u);
  EXPECT_EQ(t.loopRound, 3u);
  EXPECT_EQ(t.inputTailSize, 0u);
  EXPECT_EQ(t.inputTailPos, 48u);
  EXPECT_EQ(t.meanVarTailSize, 0u);
  EXPECT_EQ(t.meanVarTailPos, 48u);
  EXPECT_EQ(t.bshCurLength, 64u);
  EXPECT_EQ(t.shCurLength, 16u);
  EXPECT_FLOAT_EQ(t.firstDimValueBack, 0.25f);
  EXPECT_EQ(t.castHalfRepStride, 4u);
  EXPECT_EQ(t.shCurLengthBlockNum, 2u);
  EXPECT_EQ(t.castHalfOutRepStride, 3u);
  // half [4, 2, 24], 2000 bytes: 500 - 2 * 48 = 404 / 3 = 134 -> 128 (4 *
  // 16 a unit): 32 columns, one round and a tail of 64 (16 columns).
  ASSERT_TRUE(AscendC::GetBatchNormNDTilingInfo(sh, sh, 2000, 2, false, t));
  EXPECT_EQ(t.firstTmpStartPos, 96u);
  EXPECT_EQ(t.oneTmpSize, 128u);
  EXPECT_EQ(t.loopRound, 1u);
  EXPECT_EQ(t.inputTailSize, 64u);
  EXPECT_EQ(t.inputTailPos, 32u);
  EXPECT_EQ(t.meanVarTailSize, 16u);
  EXPECT_EQ(t.meanVarTailPos, 32u);

  // The false returns.
  EXPECT_FALSE(AscendC::GetBatchNormNDTilingInfo(sh, sh, 100, 4, false, t));  // below min
  EXPECT_FALSE(AscendC::GetBatchNormNDTilingInfo(ge::Shape({4, 1, 5}), ge::Shape({4, 1, 5}), 4096,
                                                 4, false, t));  // S*H not 32-byte aligned
  EXPECT_FALSE(AscendC::GetBatchNormNDTilingInfo(ge::Shape({4, 48}), ge::Shape({4, 48}), 4096, 4,
                                                 false, t));  // not 3-D
  EXPECT_FALSE(AscendC::GetBatchNormNDTilingInfo(sh, sh, 4096, 8, false, t));  // typeSize
}

}  // namespace

namespace optiling {
BEGIN_TILING_DATA_DEF(BatchNormOpTiling)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);
TILING_DATA_FIELD_DEF_STRUCT(BatchNormTiling, batchNorm);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace {

TEST(LibBatchNorm, TilingInTilingData) {
  optiling::BatchNormOpTiling op;
  op.set_totalLength(5);
  const ge::Shape sh({4, 2, 24});
  ASSERT_TRUE(AscendC::GetBatchNormNDTilingInfo(sh, sh, 1000, 4, false, op.batchNorm));
  static_assert(sizeof(AscendC::BatchNormTiling) == 20 * 4, "vendor field count");
  std::vector<uint8_t> raw(op.GetDataSize());
  op.SaveToBuffer(raw.data(), raw.size());
  RunUb([&](Buf&) {
    GET_TILING_DATA_WITH_STRUCT(optiling::BatchNormOpTiling, k, raw.data());
    EXPECT_EQ(k.totalLength, 5u);
    EXPECT_EQ(k.batchNorm.meanVarSize, 48u);
    EXPECT_FLOAT_EQ(k.batchNorm.firstDimValueBack, 0.25f);
  });
}

// float [4, 2, 24]: x at 0 (768 bytes), y at 1024, gamm 2048, beta 2080,
// mean 2112 (192 bytes), variance 2304, tmp at tmpOff.
std::string KernelError(AscendC::BatchNormTiling& t, uint32_t tmpOff, uint32_t yOff = 1024,
                        uint32_t betaOff = 2080) {
  return ErrorOf([&](Buf& buf) {
    AscendC::BatchNorm(At<float>(buf, yOff), At<float>(buf, 2112), At<float>(buf, 2304),
                       At<float>(buf, 0), At<float>(buf, 2048), At<float>(buf, betaOff),
                       At<uint8_t>(buf, tmpOff), 1e-5f, t);
  });
}

TEST(LibBatchNorm, KernelErrors) {
  const ge::Shape sh({4, 2, 24});
  uint32_t mx = 0, mn = 0;
  ASSERT_TRUE(AscendC::GetBatchNormMaxMinTmpSize(sh, sh, 4, false, mx, mn));
  AscendC::BatchNormTiling t;
  ASSERT_TRUE(AscendC::GetBatchNormNDTilingInfo(sh, sh, mn, 4, false, t));
  const uint64_t need = (uint64_t{t.firstTmpStartPos} + 3ull * t.oneTmpSize) * 4;
  std::string e = KernelError(t, kUb - 32);
  EXPECT_TRUE(Has(e, "error in BatchNorm") && Has(e, "sharedTmpBuffer holds 32 bytes") &&
              Has(e, "needs " + std::to_string(need)))
      << e;
  AscendC::BatchNormTiling unfilled;
  e = KernelError(unfilled, 4096);
  EXPECT_TRUE(Has(e, "error in BatchNorm") && Has(e, "tiling: originalBLength 0") &&
              Has(e, "GetBatchNormNDTilingInfo"))
      << e;
  AscendC::BatchNormTiling odd = t;
  odd.meanVarSize = 44;
  e = KernelError(odd, 4096);
  EXPECT_TRUE(Has(e, "BatchNorm") && Has(e, "S*H 44 of float") && Has(e, "not a multiple of 32"))
      << e;
  e = KernelError(t, 4096, 512);  // output half over inputX
  EXPECT_TRUE(Has(e, "output and inputX overlap without being the same tensor")) << e;
  e = KernelError(t, 4096, 1024, kUb - 8);  // beta (4 floats) past the buffer
  EXPECT_TRUE(Has(e, "BatchNorm") && Has(e, "beta")) << e;
  // Clean twins: separate output, and output on inputX exactly.
  EXPECT_EQ(KernelError(t, 4096), "");
  EXPECT_EQ(KernelError(t, 4096, 0), "");
}

}  // namespace

namespace {

// ---- Normalize -----------------------------------------------------------------

template <class F>
std::string HostError(F&& f) {
  try {
    f();
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

template <class T, class U, const AscendC::NormalizeConfig& kCfg>
void NormalizeCase(std::mt19937& g, bool withTmp) {
  constexpr uint32_t kAlign = 32 / sizeof(T);
  const uint32_t a = 1 + g() % 7, r = 1 + g() % 150;
  const uint32_t rp = (r + kAlign - 1) / kAlign * kAlign;
  std::uniform_real_distribution<double> val(-4.0, 6.0), gam(-1.5, 1.5), vr(0.0, 9.0);
  std::vector<T> x(a * rp, T(0));
  std::vector<U> gamma(r), beta(r);
  std::vector<float> mean(a), var(a);
  for (uint32_t i = 0; i < a; ++i) {
    for (uint32_t j = 0; j < r; ++j) x[i * rp + j] = static_cast<T>(static_cast<float>(val(g)));
    mean[i] = static_cast<float>(val(g) / 4);
    var[i] = static_cast<float>(vr(g));
  }
  for (auto& v : gamma) v = static_cast<U>(static_cast<float>(gam(g)));
  for (auto& v : beta) v = static_cast<U>(static_cast<float>(gam(g)));
  const float eps = (g() % 2) ? 1e-5f : 0.25f;
  uint32_t mx = 0, mn = 0;
  AscendC::GetNormalizeMaxMinTmpSize(ge::Shape({a, r}), sizeof(U), sizeof(T), false, true, false,
                                     mx, mn);
  const AscendC::NormalizePara para = {a, r, rp};
  std::vector<T> y(a * rp);
  std::vector<float> rstd(a);
  RunUb([&](Buf& buf) {
    uint32_t next = 0;
    auto take = [&](uint32_t bytes) {
      const uint32_t at = next;
      next += Align32(bytes);
      return at;
    };
    const uint32_t ox = take(a * rp * sizeof(T)), oy = take(a * rp * sizeof(T)),
                   og = take(r * sizeof(U)), ob = take(r * sizeof(U)), om = take(a * 4),
                   ov = take(a * 4), orr = take(a * 4), ot = take(mn);
    ASSERT_LE(next, kUb);
    auto tx = At<T>(buf, ox), ty = At<T>(buf, oy);
    auto tg = At<U>(buf, og), tb = At<U>(buf, ob);
    auto tm = At<float>(buf, om), tv = At<float>(buf, ov), tr = At<float>(buf, orr);
    std::memcpy(tx.GetPhyAddr(), x.data(), a * rp * sizeof(T));
    std::memcpy(tg.GetPhyAddr(), gamma.data(), r * sizeof(U));
    std::memcpy(tb.GetPhyAddr(), beta.data(), r * sizeof(U));
    std::memcpy(tm.GetPhyAddr(), mean.data(), a * 4);
    std::memcpy(tv.GetPhyAddr(), var.data(), a * 4);
    if (withTmp) {
      AscendC::Normalize<U, T, false, kCfg>(ty, tr, tm, tv, tx, tg, tb, At<uint8_t>(buf, ot), eps,
                                            para);
    } else {
      AscendC::Normalize<U, T, false, kCfg>(ty, tr, tm, tv, tx, tg, tb, eps, para);
    }
    std::memcpy(y.data(), ty.GetPhyAddr(), a * rp * sizeof(T));
    std::memcpy(rstd.data(), tr.GetPhyAddr(), a * 4);
  });
  for (uint32_t i = 0; i < a; ++i) {
    const double rs = 1.0 / std::sqrt(double{var[i]} + double{eps});
    ASSERT_LE(std::fabs(rstd[i] - rs), 1e-6 * rs) << "rstd row " << i;
    std::vector<double> ref(r);
    double scale = 0, cmax = 0;
    for (uint32_t j = 0; j < r; ++j) {
      double c = (D(x[i * rp + j]) - mean[i]) * rs;
      cmax = std::max(cmax, std::fabs(c));
      if (!kCfg.isNoGamma) c *= D(gamma[j]);
      if (!kCfg.isNoBeta) c += D(beta[j]);
      ref[j] = c;
      scale = std::max(scale, std::fabs(c));
    }
    const double s = std::max(1.0, cmax) * std::max(scale, 1e-3);
    for (uint32_t j = 0; j < r; ++j) {
      ExpectNear<T>(D(y[i * rp + j]), ref[j], s,
                    "Normalize [" + std::to_string(a) + "," + std::to_string(r) + "] row " +
                        std::to_string(i) + " col " + std::to_string(j));
    }
  }
}

TEST(LibNormalize, MatchesModel) {
  std::mt19937 g(1601);
  for (int i = 0; i < 6; ++i) {
    const bool tmp = i % 2 == 0;
    NormalizeCase<float, float, AscendC::NLCFG_NORM>(g, tmp);
    NormalizeCase<float, float, AscendC::NLCFG_NOBETA>(g, tmp);
    NormalizeCase<float, float, AscendC::NLCFG_NOGAMMA>(g, tmp);
    NormalizeCase<float, float, AscendC::NLCFG_NOOPT>(g, tmp);
    NormalizeCase<half, half, AscendC::NLCFG_NORM>(g, tmp);
    NormalizeCase<half, float, AscendC::NLCFG_NORM>(g, tmp);
    NormalizeCase<half, float, AscendC::NLCFG_NOOPT>(g, tmp);
  }
}

TEST(LibNormalize, HostSizes) {
  uint32_t mx = 0, mn = 0;
  // [3, 20] half, float gamma: Rp 32 -> 128 bytes; A padded to 8: 8 * 32 * 4
  // = 1024; max 2 * 128 + 2 * 1024; min max(32, 2 * 128).
  AscendC::GetNormalizeMaxMinTmpSize(ge::Shape({3, 20}), 4, 2, false, true, false, mx, mn);
  EXPECT_EQ(mx, 2u * 128 + 2 * 1024);
  EXPECT_EQ(mn, 256u);
  // half gamma: min 4 * 128; [100, 8] float: max(align32(400) = 416, 2 * 32).
  AscendC::GetNormalizeMaxMinTmpSize(ge::Shape({3, 20}), 2, 2, false, true, false, mx, mn);
  EXPECT_EQ(mn, 512u);
  AscendC::GetNormalizeMaxMinTmpSize(ge::Shape({100, 8}), 4, 4, false, true, false, mx, mn);
  EXPECT_EQ(mn, 416u);
  std::string e = HostError([&] {
    AscendC::GetNormalizeMaxMinTmpSize(ge::Shape({3, 20}), 4, 2, false, true, true, mx, mn);
  });
  EXPECT_TRUE(Has(e, "GetNormalizeMaxMinTmpSize") && Has(e, "isOnlyOutput must be false")) << e;
  e = HostError([&] {
    AscendC::GetNormalizeMaxMinTmpSize(ge::Shape({3, 4, 5}), 4, 2, false, true, false, mx, mn);
  });
  EXPECT_TRUE(Has(e, "srcShape [3, 4, 5] should be 2-D")) << e;
  e = HostError([&] {
    AscendC::GetNormalizeMaxMinTmpSize(ge::Shape({3, 20}), 4, 2, false, true, false, mx, mn);
  });
  EXPECT_EQ(e, "");  // clean twin
}

constexpr AscendC::NormalizeConfig kA4 = {AscendC::ReducePattern::AR, 4, false, false, false};

// float [4, 16]: x at 0 (256 bytes), y at 512, gamma 1024, beta 1088, mean
// 1152, variance 1184, rstd 1216.
template <const AscendC::NormalizeConfig& kCfg = AscendC::NLCFG_NORM>
std::string NormalizeError(AscendC::NormalizePara p, uint32_t tmpOff, uint32_t yOff = 512) {
  return ErrorOf([&](Buf& buf) {
    AscendC::Normalize<float, float, false, kCfg>(
        At<float>(buf, yOff), At<float>(buf, 1216), At<float>(buf, 1152), At<float>(buf, 1184),
        At<float>(buf, 0), At<float>(buf, 1024), At<float>(buf, 1088), At<uint8_t>(buf, tmpOff),
        1e-5f, p);
  });
}

TEST(LibNormalize, KernelErrors) {
  const AscendC::NormalizePara ok = {4, 13, 16};
  std::string e = NormalizeError({4, 13, 12}, 4096);
  EXPECT_TRUE(Has(e, "error in Normalize") && Has(e, "para.rLength 13, rLengthWithPadding 12"))
      << e;
  e = NormalizeError({4, 13, 20}, 4096);
  EXPECT_TRUE(Has(e, "rLengthWithPadding 20") && Has(e, "multiple of 32 bytes of float")) << e;
  e = NormalizeError(ok, kUb - 32);
  EXPECT_TRUE(Has(e, "sharedTmpBuffer holds 32 bytes") && Has(e, "needs 128")) << e;
  e = NormalizeError(ok, 4096, 128);
  EXPECT_TRUE(Has(e, "output and inputX overlap")) << e;
  e = NormalizeError<kA4>({3, 13, 16}, 4096);
  EXPECT_TRUE(Has(e, "config.aLength 4 differs from para.aLength 3")) << e;
  // Clean twins.
  EXPECT_EQ(NormalizeError(ok, 4096), "");
  EXPECT_EQ(NormalizeError<kA4>(ok, 4096), "");
}

}  // namespace
