// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// WelfordUpdate and WelfordFinalize (aicore/lib/welford.h) against
// double-precision models of their formulas (inputs and float parameters
// converted exactly) on random lengths with tails (abComputeLength <
// abLength, abLength not a multiple of the vector length), half and float
// inputX, with and without sharedTmpBuffer, isInplace on and off, in-place
// statistics; all three WelfordFinalize forms; a chain of updates plus the
// finalize against the mean and variance of the whole data; the vendor's
// documented examples; the host size functions; and the KernelError of bad
// parameters, operands and buffers, each with its clean twin.
//
// Tolerances (the header's): WelfordUpdate rtol 1e-6, atol 1e-6 * s for the
// mean and 4e-6 * s^2 for M, s = max(|x|, |mean|, sqrt|M|) of the element;
// WelfordFinalize atol 1e-5 * (sum of |terms|) of each sum.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "aicore/aicore.h"
#include "aicore/lib/welford.h"

#include "unit/lib/norm_test_util.h"

namespace {

using namespace normtest;  // NOLINT(build/namespaces)

constexpr uint32_t kUb = 64 * 1024;

struct Carver {
  uint32_t next = 0;
  uint32_t Take(uint32_t bytes) {
    const uint32_t at = next;
    next += Align32(bytes);
    return at;
  }
};

template <class T>
void Put(const LocalTensor<T>& t, const std::vector<T>& v) {
  std::memcpy(t.GetPhyAddr(), v.data(), v.size() * sizeof(T));
}
template <class T>
std::vector<T> GetV(const LocalTensor<T>& t, size_t n) {
  std::vector<T> v(n);
  std::memcpy(v.data(), t.GetPhyAddr(), n * sizeof(T));
  return v;
}

// ---- WelfordUpdate -----------------------------------------------------------

constexpr AscendC::WelfordUpdateConfig kInplace = {true};

template <class T, bool kIn>
void UpdateCase(std::mt19937& g, int mode) {
  constexpr uint32_t kAlign = 32 / sizeof(T);
  const uint32_t ab = kAlign * (1 + g() % 40);
  const uint32_t comp = 1 + g() % ab;
  const uint32_t step = 1 + g() % 9;
  const float nRec = 1.0f / static_cast<float>(step);
  const bool withTmp = mode & 1, sameStats = mode & 2;
  std::uniform_real_distribution<double> val(-5.0, 7.0), mv(-3.0, 3.0), vv(0.0, 20.0);
  std::vector<T> x(ab);
  std::vector<float> m(ab), v(ab), om(ab, -77.0f), ov(ab, -88.0f);
  for (auto& e : x) e = static_cast<T>(static_cast<float>(val(g)));
  for (auto& e : m) e = static_cast<float>(mv(g));
  for (auto& e : v) e = static_cast<float>(vv(g));
  uint32_t mx = 0, mn = 0;
  AscendC::GetWelfordUpdateMaxMinTmpSize(ge::Shape({1, ab}), sizeof(T), 4, false, kIn, mx, mn);
  const uint32_t tmpBytes = mn + g() % (mx - mn + 1);
  const AscendC::WelfordUpdateParam para = {1, ab, comp, nRec};
  std::vector<float> gm, gv;
  RunUb<kUb>([&](Buf& buf) {
    Carver c;
    const uint32_t ox = c.Take(ab * sizeof(T)), oim = c.Take(ab * 4), oiv = c.Take(ab * 4);
    const uint32_t oom = sameStats ? oim : c.Take(ab * 4), oov = sameStats ? oiv : c.Take(ab * 4);
    const uint32_t ot = c.Take(tmpBytes);
    ASSERT_LE(c.next, kUb);
    auto tx = At<T>(buf, ox);
    auto tim = At<float>(buf, oim), tiv = At<float>(buf, oiv), tom = At<float>(buf, oom),
         tov = At<float>(buf, oov);
    Put(tx, x);
    if (!sameStats) {
      Put(tom, om);
      Put(tov, ov);
    }
    Put(tim, m);
    Put(tiv, v);
    constexpr const AscendC::WelfordUpdateConfig& cfg = kIn ? kInplace : AscendC::WFUPDATE_DEFAULT_CFG;
    if (withTmp) {
      AscendC::WelfordUpdate<T, float, false, cfg>(tom, tov, tim, tiv, tx, At<uint8_t>(buf, ot),
                                                   para);
    } else {
      AscendC::WelfordUpdate<T, float, false, cfg>(tom, tov, tim, tiv, tx, para);
    }
    gm = GetV(tom, ab);
    gv = GetV(tov, ab);
  });
  for (uint32_t j = 0; j < ab; ++j) {
    const std::string where = "ab " + std::to_string(ab) + " comp " + std::to_string(comp) +
                              " mode " + std::to_string(mode) + " j " + std::to_string(j);
    if (j < comp) {
      const double xs = D(x[j]), delta = xs - m[j];
      const double nm = m[j] + delta * nRec;
      const double nv = v[j] + delta * (xs - nm);
      const double s = std::max({std::fabs(xs), std::fabs(double{m[j]}), std::sqrt(double{v[j]}),
                                 1e-30});
      ASSERT_LE(std::fabs(gm[j] - nm), 1e-6 * s + 1e-6 * std::fabs(nm)) << where;
      ASSERT_LE(std::fabs(gv[j] - nv), 4e-6 * s * s + 1e-6 * std::fabs(nv)) << where;
    } else if (kIn || sameStats) {
      ASSERT_EQ(gm[j], m[j]) << where;  // copied (or the same tensor)
      ASSERT_EQ(gv[j], v[j]) << where;
    } else {
      ASSERT_EQ(gm[j], -77.0f) << where;  // untouched
      ASSERT_EQ(gv[j], -88.0f) << where;
    }
  }
}

TEST(LibWelford, UpdateMatchesModelFloat) {
  std::mt19937 g(1301);
  for (int i = 0; i < 40; ++i) UpdateCase<float, false>(g, i % 4);
  for (int i = 0; i < 40; ++i) UpdateCase<float, true>(g, i % 4);
}

TEST(LibWelford, UpdateMatchesModelHalf) {
  std::mt19937 g(1302);
  for (int i = 0; i < 40; ++i) UpdateCase<half, false>(g, i % 4);
  for (int i = 0; i < 40; ++i) UpdateCase<half, true>(g, i % 4);
}

// The vendor's documented example: x = 1, inputMean = inputVariance = 0..63,
// nRec = 1/8, abComputeLength 35, isInplace.
TEST(LibWelford, UpdateDocExample) {
  RunUb<kUb>([&](Buf& buf) {
    auto x = At<float>(buf, 0), im = At<float>(buf, 256), iv = At<float>(buf, 512),
         om = At<float>(buf, 768), ov = At<float>(buf, 1024);
    for (int i = 0; i < 64; ++i) {
      x.GetPhyAddr()[i] = 1.0f;
      im.GetPhyAddr()[i] = iv.GetPhyAddr()[i] = static_cast<float>(i);
    }
    const AscendC::WelfordUpdateParam para = {1, 64, 35, 0.125f};
    AscendC::WelfordUpdate<float, float, false, kInplace>(om, ov, im, iv, x, para);
    const float* m = om.GetPhyAddr();
    const float* v = ov.GetPhyAddr();
    EXPECT_FLOAT_EQ(m[0], 0.125f);
    EXPECT_FLOAT_EQ(m[1], 1.0f);
    EXPECT_FLOAT_EQ(m[2], 1.875f);
    EXPECT_FLOAT_EQ(m[34], 29.875f);
    EXPECT_FLOAT_EQ(m[35], 35.0f);
    EXPECT_FLOAT_EQ(m[63], 63.0f);
    EXPECT_FLOAT_EQ(v[0], 0.875f);
    EXPECT_FLOAT_EQ(v[2], 2.875f);
    EXPECT_FLOAT_EQ(v[34], 986.875f);
    EXPECT_FLOAT_EQ(v[35], 35.0f);
  });
}

// ---- WelfordFinalize ---------------------------------------------------------

// form 0: counts tensor; 1: no counts, no tail; 2: no counts, head and tail.
void FinalizeCase(std::mt19937& g, int form, bool withTmp) {
  const uint32_t ab = 8 * (1 + g() % 50);
  std::uniform_real_distribution<double> mv(-4.0, 6.0), vv(0.0, 30.0);
  std::vector<float> m(ab), v(ab);
  std::vector<int32_t> cnt(ab);
  for (auto& e : m) e = static_cast<float>(mv(g));
  for (auto& e : v) e = static_cast<float>(vv(g));
  AscendC::WelfordFinalizePara para{};
  para.rnLength = 1 + g() % 20;
  para.abLength = ab;
  para.abRec = 1.0f / static_cast<float>(ab);
  std::vector<double> c(ab);
  if (form == 0) {
    for (uint32_t j = 0; j < ab; ++j) c[j] = cnt[j] = 1 + static_cast<int32_t>(g() % 9);
    para.headCountLength = ab;
  } else if (form == 1) {
    for (auto& e : c) e = para.rnLength;
    para.headCount = para.rnLength;
    para.headCountLength = ab;  // tailCount 0, tailCountLength 0
  } else {
    para.headCount = para.rnLength;
    para.tailCount = 1 + g() % para.rnLength;
    para.headCountLength = g() % (ab + 1);
    para.tailCountLength = ab - para.headCountLength;
    if (para.tailCountLength == 0) {  // keep a real tail
      para.headCountLength = ab - 8;
      para.tailCountLength = 8;
    }
    for (uint32_t j = 0; j < ab; ++j) c[j] = j < para.headCountLength ? para.headCount : para.tailCount;
  }
  double total = 0;
  for (double e : c) total += e;
  para.rRec = static_cast<float>(1.0 / total);
  uint32_t mx = 0, mn = 0;
  AscendC::GetWelfordFinalizeMaxMinTmpSize(ge::Shape({ab}), 4, false, mx, mn);
  const uint32_t tmpBytes = mn + g() % (mx - mn + 1);
  std::vector<float> gm, gv;
  RunUb<kUb>([&](Buf& buf) {
    Carver cv;
    const uint32_t oim = cv.Take(ab * 4), oiv = cv.Take(ab * 4), oc = cv.Take(ab * 4),
                   oom = cv.Take(32), oov = cv.Take(32), ot = cv.Take(tmpBytes);
    ASSERT_LE(cv.next, kUb);
    auto im = At<float>(buf, oim), iv = At<float>(buf, oiv), om = At<float>(buf, oom),
         ov = At<float>(buf, oov);
    auto ct = At<int32_t>(buf, oc);
    auto tmp = At<uint8_t>(buf, ot);
    Put(im, m);
    Put(iv, v);
    Put(ct, cnt);
    for (int k = 0; k < 8; ++k) om.GetPhyAddr()[k] = ov.GetPhyAddr()[k] = 5.0f;
    constexpr const AscendC::WelfordFinalizeConfig& cfg = AscendC::WFFINALIZE_DEFAULT_CFG;
    if (form == 0 && withTmp) AscendC::WelfordFinalize<false, cfg>(om, ov, im, iv, ct, tmp, para);
    if (form == 0 && !withTmp) AscendC::WelfordFinalize<false, cfg>(om, ov, im, iv, ct, para);
    if (form != 0 && withTmp) AscendC::WelfordFinalize<false>(om, ov, im, iv, tmp, para);
    if (form != 0 && !withTmp) AscendC::WelfordFinalize(om, ov, im, iv, para);
    gm = GetV(om, 8);
    gv = GetV(ov, 8);
  });
  double mean = 0, meanAbs = 0;
  for (uint32_t j = 0; j < ab; ++j) {
    const double t = form == 1 ? m[j] * double{para.abRec} : m[j] * c[j] * double{para.rRec};
    mean += t;
    meanAbs += std::fabs(t);
  }
  const double r = para.rRec;
  double var = 0, varAbs = 0;
  for (uint32_t j = 0; j < ab; ++j) {
    const double t = (v[j] + c[j] * (m[j] - mean) * (m[j] - mean)) * r;
    var += t;
    varAbs += std::fabs(t);
  }
  const std::string where = "form " + std::to_string(form) + " ab " + std::to_string(ab) +
                            " head " + std::to_string(para.headCountLength);
  EXPECT_LE(std::fabs(gm[0] - mean), 1e-5 * meanAbs) << where << " mean " << gm[0] << " " << mean;
  EXPECT_LE(std::fabs(gv[0] - var), 1e-5 * varAbs) << where << " var " << gv[0] << " " << var;
  for (int k = 1; k < 8; ++k) {
    EXPECT_EQ(gm[k], 0.0f) << where << " k " << k;
    EXPECT_EQ(gv[k], 0.0f) << where << " k " << k;
  }
}

TEST(LibWelford, FinalizeMatchesModel) {
  std::mt19937 g(1303);
  for (int i = 0; i < 48; ++i) FinalizeCase(g, i % 3, (i / 3) % 2 == 0);
}

// The vendor's documented example: inputMean 0..31, counts 4 each; 1/4096
// (rRec) gives its mean 0.484375.
TEST(LibWelford, FinalizeDocExample) {
  RunUb<kUb>([&](Buf& buf) {
    auto im = At<float>(buf, 0), iv = At<float>(buf, 128), om = At<float>(buf, 256),
         ov = At<float>(buf, 288);
    auto ct = At<int32_t>(buf, 320);
    for (int i = 0; i < 32; ++i) {
      im.GetPhyAddr()[i] = iv.GetPhyAddr()[i] = static_cast<float>(i);
      ct.GetPhyAddr()[i] = 4;
    }
    AscendC::WelfordFinalizePara para = {1, 32, 0, 32, 0, 0, 1.0f / 32, 1.0f / 4096};
    AscendC::WelfordFinalize(om, ov, im, iv, ct, para);
    EXPECT_FLOAT_EQ(om.GetPhyAddr()[0], 0.484375f);
    for (int k = 1; k < 8; ++k) EXPECT_EQ(om.GetPhyAddr()[k], 0.0f);
  });
}

// n WelfordUpdate calls over a [n, ab] split of R = n * ab samples per
// column... folded by WelfordFinalize: the mean and (population) variance of
// all samples, as LayerNorm of the whole row computes them.
TEST(LibWelford, UpdateThenFinalizeIsLayerNormStatistics) {
  std::mt19937 g(1304);
  for (int trial = 0; trial < 6; ++trial) {
    const uint32_t ab = 8 * (1 + g() % 12), n = 1 + g() % 7;
    std::uniform_real_distribution<double> val(-3.0, 5.0);
    std::vector<float> x(n * ab);
    for (auto& e : x) e = static_cast<float>(val(g));
    float gm = 0, gv = 0;
    RunUb<kUb>([&](Buf& buf) {
      auto mean = At<float>(buf, 0), m2 = At<float>(buf, 1024), xt = At<float>(buf, 2048),
           om = At<float>(buf, 3072), ov = At<float>(buf, 3104), tmp = At<float>(buf, 4096);
      for (uint32_t j = 0; j < ab; ++j) mean.GetPhyAddr()[j] = m2.GetPhyAddr()[j] = 0.0f;
      for (uint32_t i = 0; i < n; ++i) {
        std::memcpy(xt.GetPhyAddr(), x.data() + i * ab, ab * 4);
        const AscendC::WelfordUpdateParam up = {1, ab, ab, 1.0f / static_cast<float>(i + 1)};
        AscendC::WelfordUpdate<float, float>(mean, m2, mean, m2, xt,
                                             tmp.ReinterpretCast<uint8_t>(), up);
      }
      AscendC::WelfordFinalizePara fp = {n,     ab, n, ab, 0, 0, 1.0f / static_cast<float>(ab),
                                         1.0f / static_cast<float>(n * ab)};
      AscendC::WelfordFinalize(om, ov, mean, m2, tmp.ReinterpretCast<uint8_t>(), fp);
      gm = om.GetPhyAddr()[0];
      gv = ov.GetPhyAddr()[0];
    });
    double m = 0, v = 0, s = 0;
    for (float e : x) m += e;
    m /= x.size();
    for (float e : x) v += (e - m) * (e - m);
    v /= x.size();
    for (float e : x) s = std::max(s, std::fabs(double{e}));
    EXPECT_NEAR(gm, m, 1e-5 * s) << trial;
    EXPECT_NEAR(gv, v, 1e-5 * s * s) << trial;
  }
}

// ---- Host --------------------------------------------------------------------

TEST(LibWelford, HostSizes) {
  uint32_t mx = 0, mn = 0;
  AscendC::GetWelfordUpdateMaxMinTmpSize(ge::Shape({1, 64}), 2, 4, false, false, mx, mn);
  EXPECT_EQ(mn, 768u);
  EXPECT_EQ(mx, 768u);
  AscendC::GetWelfordUpdateMaxMinTmpSize(ge::Shape({1, 200}), 4, 4, false, true, mx, mn);
  EXPECT_EQ(mn, 512u);
  EXPECT_EQ(mx, 4u * 512);  // ceil(200 / 64) = 4
  AscendC::GetWelfordUpdateMaxMinTmpSize(ge::Shape({1, 128}), 4, 4, true, false, mx, mn);
  EXPECT_EQ(mn, 256u);
  EXPECT_EQ(mx, 512u);
  AscendC::GetWelfordFinalizeMaxMinTmpSize(ge::Shape({64}), 4, false, mx, mn);
  EXPECT_EQ(mn, 1024u);
  EXPECT_EQ(mx, 1024u);
  AscendC::GetWelfordFinalizeMaxMinTmpSize(ge::Shape({72}), 4, false, mx, mn);
  EXPECT_EQ(mn, 1024u);
  EXPECT_EQ(mx, (128u + 144u) * 4);
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

TEST(LibWelford, HostErrors) {
  uint32_t mx = 0, mn = 0;
  std::string e = HostError(
      [&] { AscendC::GetWelfordUpdateMaxMinTmpSize(ge::Shape({64}), 2, 4, false, false, mx, mn); });
  EXPECT_TRUE(Has(e, "GetWelfordUpdateMaxMinTmpSize") && Has(e, "srcShape [64]") &&
              Has(e, "should be 2"))
      << e;
  e = HostError(
      [&] { AscendC::GetWelfordUpdateMaxMinTmpSize(ge::Shape({1, 64}), 8, 4, false, false, mx, mn); });
  EXPECT_TRUE(Has(e, "typeSizeT 8 is unsupported")) << e;
  e = HostError([&] { AscendC::GetWelfordFinalizeMaxMinTmpSize(ge::Shape({12}), 4, false, mx, mn); });
  EXPECT_TRUE(Has(e, "GetWelfordFinalizeMaxMinTmpSize") && Has(e, "abLength 12") &&
              Has(e, "multiple of 8"))
      << e;
  e = HostError([&] { AscendC::GetWelfordFinalizeMaxMinTmpSize(ge::Shape({1, 16}), 4, false, mx, mn); });
  EXPECT_TRUE(Has(e, "should be 1")) << e;
  // Clean twins.
  e = HostError(
      [&] { AscendC::GetWelfordUpdateMaxMinTmpSize(ge::Shape({1, 64}), 2, 4, false, false, mx, mn); });
  EXPECT_EQ(e, "");
  e = HostError([&] { AscendC::GetWelfordFinalizeMaxMinTmpSize(ge::Shape({16}), 4, false, mx, mn); });
  EXPECT_EQ(e, "");
}

// ---- Kernel diagnostics ------------------------------------------------------

// x (half) at 0, inputMean 256, inputVariance 512, outputs 768 / 1024
// (64 floats each at most), tmp at tmpOff.
std::string UpdateError(AscendC::WelfordUpdateParam p, uint32_t tmpOff, uint32_t omOff = 768,
                        uint32_t xOff = 0) {
  return ErrorOf<kUb>([&](Buf& buf) {
    AscendC::WelfordUpdate<half, float>(At<float>(buf, omOff), At<float>(buf, 1024),
                                        At<float>(buf, 256), At<float>(buf, 512),
                                        At<half>(buf, xOff), At<uint8_t>(buf, tmpOff), p);
  });
}

TEST(LibWelford, UpdateErrors) {
  const AscendC::WelfordUpdateParam ok = {1, 48, 40, 0.5f};
  std::string e = UpdateError({2, 48, 40, 0.5f}, 4096);
  EXPECT_TRUE(Has(e, "error in WelfordUpdate") && Has(e, "para.rnLength 2")) << e;
  e = UpdateError({1, 40, 40, 0.5f}, 4096);
  EXPECT_TRUE(Has(e, "WelfordUpdate") && Has(e, "para.abLength 40") && Has(e, "multiple of 16"))
      << e;
  e = UpdateError({1, 48, 0, 0.5f}, 4096);
  EXPECT_TRUE(Has(e, "para.abComputeLength 0 is outside [1, abLength 48]")) << e;
  e = UpdateError({1, 48, 49, 0.5f}, 4096);
  EXPECT_TRUE(Has(e, "para.abComputeLength 49")) << e;
  e = UpdateError(ok, kUb - 256);
  EXPECT_TRUE(Has(e, "WelfordUpdate") && Has(e, "sharedTmpBuffer holds 256 bytes") &&
              Has(e, "needs at least 768"))
      << e;
  e = UpdateError(ok, 4096, 288);  // outputMean 32 bytes into inputMean
  EXPECT_TRUE(Has(e, "outputMean and inputMean overlap")) << e;
  e = UpdateError(ok, 4096, 768, 800);  // inputX inside outputMean
  EXPECT_TRUE(Has(e, "an output overlaps inputX")) << e;
  e = UpdateError(ok, kUb - 64 - 32, 768, kUb - 64);  // inputX runs past the buffer
  EXPECT_TRUE(Has(e, "WelfordUpdate") && Has(e, "inputX")) << e;
  // Clean twins (and outputMean on inputMean exactly: allowed).
  EXPECT_EQ(UpdateError(ok, 4096), "");
  EXPECT_EQ(UpdateError(ok, 4096, 256), "");
}

std::string FinalizeError(AscendC::WelfordFinalizePara p, uint32_t tmpOff, uint32_t omOff = 1024) {
  return ErrorOf<kUb>([&](Buf& buf) {
    AscendC::WelfordFinalize(At<float>(buf, omOff), At<float>(buf, 1056), At<float>(buf, 0),
                             At<float>(buf, 512), At<uint8_t>(buf, tmpOff), p);
  });
}

TEST(LibWelford, FinalizeErrors) {
  const AscendC::WelfordFinalizePara ok = {4, 32, 4, 24, 3, 8, 1.0f / 32, 1.0f / 120};
  std::string e = FinalizeError({4, 36, 4, 36, 0, 0, 1.0f, 1.0f}, 4096);
  EXPECT_TRUE(Has(e, "error in WelfordFinalize") && Has(e, "para.abLength 36")) << e;
  e = FinalizeError({4, 32, 4, 24, 3, 4, 1.0f, 1.0f}, 4096);
  EXPECT_TRUE(Has(e, "para.headCountLength 24 + para.tailCountLength 4 != para.abLength 32")) << e;
  e = FinalizeError({4, 32, 4, 24, 0, 8, 1.0f, 1.0f}, 4096);
  EXPECT_TRUE(Has(e, "para.tailCount is 0 while para.tailCountLength is 8")) << e;
  e = FinalizeError(ok, kUb - 512);
  EXPECT_TRUE(Has(e, "sharedTmpBuffer holds 512 bytes") && Has(e, "needs at least 1024")) << e;
  e = FinalizeError(ok, 4096, 96);  // outputMean inside inputMean
  EXPECT_TRUE(Has(e, "outputMean overlaps a source operand")) << e;
  // Clean twin.
  EXPECT_EQ(FinalizeError(ok, 4096), "");
}

}  // namespace
