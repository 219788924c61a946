// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The SoftMax family (aicore/lib/softmax.h) against a double-precision model
// of the documented formulas: random [m, k] shapes with padded columns
// (oriSrcK < srcK) and rows (oriSrcM < srcM), ND and NZ layouts, half and
// float (and half with float statistics), with and without
// sharedTmpBuffer, in place and not, tilings made for the shape and for
// another one (recomputed in the API); FlashV2 chained over the tiles of a
// row against the whole row; the host tiling functions against values worked
// out by hand from the documented formulas; the documented SoftMax example;
// and the KernelError of each bad input, each beside a clean call.
//
// Tolerance (|got - ref| <= rtol * |ref| + atol): float rtol 1e-5, atol 1e-6
// of the row's largest |value|; half rtol 1e-3, atol 2^-24 plus the same
// 1e-6 scale term; max outputs exact.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "aicore/aicore.h"
#include "aicore/lib/softmax.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SoftmaxTestTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rows);
TILING_DATA_FIELD_DEF(uint32_t, tmpBytes);
TILING_DATA_FIELD_DEF_STRUCT(SoftMaxTiling, softmaxTilingData);
TILING_DATA_FIELD_DEF_STRUCT(LogSoftMaxTiling, logSoftmaxTilingData);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace {

using AscendC::LocalTensor;
using AscendC::SoftMaxShapeInfo;
using AscendC::SoftMaxTiling;
using Buf = AscendC::TBuf<AscendC::TPosition::VECCALC>;

constexpr uint32_t kUb = 184 * 1024;

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

// Runs body(buf) in a one-block launch (one std::function: one Launch
// instantiation for the whole file, which keeps it quick to compile).
void RunUb(const std::function<void(Buf&)>& body) {
  aicore::Launch(
      [&] {
        AscendC::TPipe pipe;
        Buf buf;
        pipe.InitBuffer(buf, kUb);
        body(buf);
      },
      1);
}

std::string ErrorOf(const std::function<void(Buf&)>& body) {
  try {
    RunUb(body);
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

bool Has(const std::string& what, const std::string& part) { return what.find(part) != std::string::npos; }

template <class T>
void Put(Buf& buf, uint32_t off, const std::vector<T>& v) {
  std::memcpy(At<T>(buf, off).GetPhyAddr(), v.data(), v.size() * sizeof(T));
}
template <class T>
std::vector<T> Take(Buf& buf, uint32_t off, size_t n) {
  std::vector<T> v(n);
  std::memcpy(v.data(), At<T>(buf, off).GetPhyAddr(), n * sizeof(T));
  return v;
}

// |got - ref| within the tolerance of the output type (half or float).
void Near(bool isHalf, double got, double ref, double scale, const std::string& what) {
  // Beyond the type's range (padding columns far above the row max): inf.
  const double top = isHalf ? 65504.0 : 3.4028234663852886e38;
  if (std::fabs(ref) > top) {
    if (std::fabs(ref) > 1.01 * top) {
      ASSERT_EQ(got, std::copysign(HUGE_VAL, ref)) << what;
    }
    return;
  }
  const double tol = (isHalf ? 1e-3 : 1e-5) * std::fabs(ref) + 1e-6 * scale + (isHalf ? 0x1p-24 : 0.0);
  ASSERT_LE(std::fabs(got - ref), tol) << what << ": got " << got << ", want " << ref;
}
template <class T>
void ExpectNear(double got, double ref, double scale, const std::string& what) {
  Near(std::is_same_v<T, half>, got, ref, scale, what);
}

template <class T>
std::vector<double> ToD(const std::vector<T>& v) {
  std::vector<double> d(v.size());
  for (size_t i = 0; i < v.size(); ++i) d[i] = D(v[i]);
  return d;
}

// ---- shapes and the double model --------------------------------------------

struct Geom {
  uint32_t m, k, oriM, oriK;
  bool nz;
  size_t Idx(uint32_t r, uint32_t c) const {
    return nz ? size_t{c / 16} * m * 16 + size_t{r} * 16 + c % 16 : size_t{r} * k + c;
  }
  size_t Size() const { return size_t{m} * k; }
  SoftMaxShapeInfo Info() const { return {m, k, oriM, oriK}; }
  std::string Text() const {
    return std::string(nz ? "NZ" : "ND") + " [" + std::to_string(m) + "/" + std::to_string(oriM) + ", " +
           std::to_string(k) + "/" + std::to_string(oriK) + "]";
  }
};

template <class T>
Geom RandomGeom(std::mt19937& g, bool nz, uint32_t maxK = 300) {
  const uint32_t unit = nz ? 16 : 32 / sizeof(T);
  Geom s{};
  s.nz = nz;
  s.oriM = 1 + g() % 12;
  s.m = s.oriM + (g() % 3 == 0 ? g() % 3 : 0);
  s.oriK = 1 + g() % maxK;
  s.k = (s.oriK + unit - 1) / unit * unit;
  if (g() % 4 == 0) s.k += unit;  // more padding than needed
  return s;
}

template <class T>
std::vector<T> RandomValues(std::mt19937& g, size_t n, double lo, double hi) {
  std::uniform_real_distribution<double> u(lo, hi);
  std::vector<T> v(n);
  for (auto& x : v) x = static_cast<T>(static_cast<float>(u(g)));
  return v;
}

// The documented SoftMax of one row: max, sum over the first oriK columns,
// e = exp(x - max) over all k.
struct RowModel {
  double mx = -HUGE_VAL, sum = 0;
  std::vector<double> e;
};
template <class T>
RowModel ModelRow(const Geom& s, const std::vector<T>& x, uint32_t r, double floor = -HUGE_VAL) {
  RowModel m;
  for (uint32_t c = 0; c < s.oriK; ++c) m.mx = std::max(m.mx, D(x[s.Idx(r, c)]));
  m.mx = std::max(m.mx, floor);
  m.e.resize(s.k);
  for (uint32_t c = 0; c < s.k; ++c) m.e[c] = std::exp(D(x[s.Idx(r, c)]) - m.mx);
  for (uint32_t c = 0; c < s.oriK; ++c) m.sum += m.e[c];
  return m;
}

template <class T>
double RowScale(const std::vector<double>& v, uint32_t n) {
  double s = 0;
  for (uint32_t i = 0; i < n; ++i) s = std::max(s, std::fabs(v[i]));
  return s;
}

// The statistics of row r (one 32-byte block of equal values).
void Stat(const std::vector<double>& st, bool isHalf, uint32_t r, uint32_t lanes, double ref, bool exact,
          const std::string& what) {
  for (uint32_t i = 0; i < lanes; ++i) {
    const double got = st[size_t{r} * lanes + i];
    if (exact) {
      ASSERT_EQ(got, ref) << what << " lane " << i;
    } else {
      Near(isHalf, got, ref, 0, what + " lane " + std::to_string(i));
    }
  }
}
template <class T2>
void ExpectStat(const std::vector<T2>& st, uint32_t r, uint32_t lanes, double ref, bool exact,
                const std::string& what) {
  Stat(ToD(st), std::is_same_v<T2, half>, r, lanes, ref, exact, what);
}

// A tiling for the shape, or (recompute) for another one; and a temporary
// buffer between the minimum and the maximum.
struct TilingPick {
  SoftMaxTiling tiling;
  uint32_t tmpBytes = 0;
};
TilingPick PickSoftMaxTiling(std::mt19937& g, const Geom& s, uint32_t statSize, bool recompute) {
  TilingPick p;
  const ge::Shape shape({s.m, s.k});
  const uint32_t mn = AscendC::GetSoftMaxMinTmpSize(shape, statSize, false);
  const uint32_t mx = AscendC::GetSoftMaxMaxTmpSize(shape, statSize, false);
  p.tmpBytes = std::min(mx, mn + static_cast<uint32_t>(g() % (mx - mn + 1)));
  if (recompute) {
    AscendC::SoftMaxTilingFunc(ge::Shape({s.m + 5, s.k}), statSize, p.tmpBytes + 4096, p.tiling);
  } else {
    AscendC::SoftMaxTilingFunc(shape, statSize, p.tmpBytes, p.tiling);
  }
  return p;
}

// ---- SoftMax ----------------------------------------------------------------------

void VerifySoftMax(const Geom& s, const std::vector<double>& x, const std::vector<double>& y,
                   const std::vector<double>& sum, const std::vector<double>& max, double sentinel, bool halfT,
                   bool halfT2, bool stats, bool inPlace, int form) {
  const uint32_t blk = halfT2 ? 16 : 8;
  for (uint32_t r = 0; r < s.m; ++r) {
    const std::string where = "SoftMax " + s.Text() + " form " + std::to_string(form) + " row " + std::to_string(r);
    if (r >= s.oriM) {
      // Rows past oriSrcM are not touched.
      for (uint32_t c = 0; c < s.k; ++c) {
        ASSERT_EQ(y[s.Idx(r, c)], inPlace ? x[s.Idx(r, c)] : sentinel) << where << " col " << c;
      }
      continue;
    }
    const RowModel mdl = ModelRow(s, x, r);
    std::vector<double> ref(s.k);
    for (uint32_t c = 0; c < s.k; ++c) ref[c] = mdl.e[c] / mdl.sum;
    const double scale = RowScale<double>(ref, s.oriK);
    for (uint32_t c = 0; c < s.k; ++c) Near(halfT, y[s.Idx(r, c)], ref[c], scale, where + " col " + std::to_string(c));
    if (stats) {
      Stat(max, halfT2, r, blk, mdl.mx, true, where + " max");
      Stat(sum, halfT2, r, blk, mdl.sum, false, where + " sum");
    }
  }
}

// form: 0 stats + tmp, 1 stats, 2 no stats + tmp, 3 no stats.
template <class T, class T2>
void SoftMaxCase(std::mt19937& g, bool nz, int form, bool inPlace, double lo, double hi) {
  constexpr uint32_t blk = 32 / sizeof(T2);
  const Geom s = RandomGeom<T>(g, nz && form < 2);
  const bool stats = form < 2;
  const TilingPick tp = PickSoftMaxTiling(g, s, sizeof(T2), g() % 4 == 0);
  const std::vector<T> x = RandomValues<T>(g, s.Size(), lo, hi);
  const T sentinel = static_cast<T>(-7.25f);
  std::vector<T> y;
  std::vector<T2> sum, max;
  RunUb([&](Buf& buf) {
    Carver c;
    const uint32_t ox = c.Take(s.Size() * sizeof(T));
    const uint32_t oy = inPlace ? ox : c.Take(s.Size() * sizeof(T));
    const uint32_t os = c.Take(s.oriM * 32), om = c.Take(s.oriM * 32), ot = c.Take(tp.tmpBytes);
    ASSERT_LE(c.next, kUb);
    if (!inPlace) Put(buf, oy, std::vector<T>(s.Size(), sentinel));
    Put(buf, ox, x);
    auto tx = At<T>(buf, ox), ty = At<T>(buf, oy);
    auto ts = At<T2>(buf, os), tm = At<T2>(buf, om);
    auto tt = At<uint8_t>(buf, ot);
    const SoftMaxShapeInfo info = s.Info();
    if constexpr (std::is_same_v<T, T2>) {
      if (form == 0 && nz) {
        AscendC::SoftMax<T, false, false, true>(ty, ts, tm, tx, tt, tp.tiling, info);
      } else if (form == 1 && nz) {
        AscendC::SoftMax<T, false, false, true>(ty, ts, tm, tx, tp.tiling, info);
      } else if (form == 0) {
        AscendC::SoftMax<T>(ty, ts, tm, tx, tt, tp.tiling, info);
      } else if (form == 1) {
        AscendC::SoftMax<T>(ty, ts, tm, tx, tp.tiling, info);
      } else if (form == 2) {
        AscendC::SoftMax<T>(ty, tx, tt, tp.tiling, info);
      } else {
        AscendC::SoftMax<T>(ty, tx, tp.tiling, info);
      }
    } else {
      if (form == 0 && nz) {
        AscendC::SoftMax<T, false, false, true>(ty, ts, tm, tx, tt, tp.tiling, info);
      } else if (form == 1 && nz) {
        AscendC::SoftMax<T, false, false, true>(ty, ts, tm, tx, tp.tiling, info);
      } else if (form == 0) {
        AscendC::SoftMax<T>(ty, ts, tm, tx, tt, tp.tiling, info);
      } else {
        AscendC::SoftMax<T>(ty, ts, tm, tx, tp.tiling, info);
      }
    }
    y = Take<T>(buf, oy, s.Size());
    sum = Take<T2>(buf, os, s.oriM * blk);
    max = Take<T2>(buf, om, s.oriM * blk);
  });
  VerifySoftMax(s, ToD(x), ToD(y), ToD(sum), ToD(max), D(sentinel), std::is_same_v<T, half>,
                std::is_same_v<T2, half>, stats, inPlace, form);
}

TEST(LibSoftmax, SoftMaxFloat) {
  std::mt19937 g(1);
  for (int i = 0; i < 48; ++i) SoftMaxCase<float, float>(g, i % 6 == 5, i % 4, i % 3 == 0, -10, 10);
}

TEST(LibSoftmax, SoftMaxHalf) {
  std::mt19937 g(2);
  for (int i = 0; i < 48; ++i) SoftMaxCase<half, half>(g, i % 6 == 5, i % 4, i % 3 == 0, -8, 8);
}

TEST(LibSoftmax, SoftMaxHalfWithFloatStatistics) {
  std::mt19937 g(3);
  for (int i = 0; i < 24; ++i) SoftMaxCase<half, float>(g, i % 6 == 5, i % 2, i % 3 == 0, -8, 8);
}

// Wide ranges: exponentials underflow to zero in f32 (the model's tiny
// values are within the absolute tolerance).
TEST(LibSoftmax, SoftMaxWideRange) {
  std::mt19937 g(4);
  for (int i = 0; i < 12; ++i) SoftMaxCase<float, float>(g, false, i % 4, false, -150, 20);
  for (int i = 0; i < 12; ++i) SoftMaxCase<half, half>(g, false, i % 4, false, -60000, 60000);
}

// The documented example (float [8, 8]).
TEST(LibSoftmax, SoftMaxDocExample) {
  const float in[64] = {-100, -80,  -60,  -50,  -30, -20,  -15,  -10,   -9,  -8,   -7,  -6,  -5,
                        -4,   -3,   -2,   -1.5, -1,  -0.8, -0.6, -0.5,  -0.45, -0.4, -0.35, -0.3, -0.25,
                        -0.2, -0.15, -0.1, -0.05, -0.01, -0.001, 0,   0.001, 0.01, 0.05, 0.1,  0.15, 0.2,
                        0.25, 0.3,  0.35, 0.4,  0.45, 0.5, 0.6,  0.8,  1,     1.5, 2,    3,   4,   5,
                        6,    7,    8,    9,    10,   15,  20,   30,   50,   60,   80};
  const float wantSum[8] = {1.0067834f, 1.5814459f, 5.971886f, 7.051223f,
                            6.880514f,  5.239974f,  1.5820376f, 1.0f};
  const float wantMax[8] = {-10, -2, -0.35f, -0.001f, 0.25f, 1, 8, 80};
  const float wantRow1[8] = {0.00057661f, 0.0015674f, 0.00426062f, 0.01158158f,
                             0.03148199f, 0.08557693f, 0.23262219f, 0.63233274f};
  SoftMaxTiling t;
  AscendC::SoftMaxTilingFunc(ge::Shape({8, 8}), 4, AscendC::GetSoftMaxMinTmpSize(ge::Shape({8, 8}), 4, false), t);
  RunUb([&](Buf& buf) {
    auto x = At<float>(buf, 0), y = At<float>(buf, 256), sm = At<float>(buf, 512), mx = At<float>(buf, 768);
    std::memcpy(x.GetPhyAddr(), in, sizeof(in));
    AscendC::SoftMax<float>(y, sm, mx, x, At<uint8_t>(buf, 1024), t, {8, 8, 8, 8});
    for (int r = 0; r < 8; ++r) {
      for (int i = 0; i < 8; ++i) {
        EXPECT_NEAR(sm.GetPhyAddr()[r * 8 + i], wantSum[r], 2e-6 * wantSum[r]) << r;
        EXPECT_EQ(mx.GetPhyAddr()[r * 8 + i], wantMax[r]) << r;
      }
    }
    for (int i = 0; i < 8; ++i) EXPECT_NEAR(y.GetPhyAddr()[8 + i], wantRow1[i], 1e-7) << i;
    EXPECT_EQ(y.GetPhyAddr()[63], 1.0f);
  });
}

// ---- SimpleSoftMax ------------------------------------------------------------------

template <class T, class T2>
void SimpleSoftMaxCase(std::mt19937& g, bool nz, bool withTmp) {
  constexpr uint32_t blk = 32 / sizeof(T2);
  const Geom s = RandomGeom<T>(g, nz);
  const TilingPick tp = PickSoftMaxTiling(g, s, sizeof(T2), false);
  const std::vector<T> x = RandomValues<T>(g, s.Size(), -6, 6);
  std::vector<T2> inMax(s.oriM * blk), inSum(s.oriM * blk);
  for (uint32_t r = 0; r < s.oriM; ++r) {
    const RowModel mdl = ModelRow(s, x, r);
    for (uint32_t i = 0; i < blk; ++i) {
      inMax[r * blk + i] = static_cast<T2>(static_cast<float>(mdl.mx + 0.5));
      inSum[r * blk + i] = static_cast<T2>(static_cast<float>(mdl.sum * 1.5));
    }
  }
  std::vector<T> y;
  RunUb([&](Buf& buf) {
    Carver c;
    const uint32_t ox = c.Take(s.Size() * sizeof(T)), oy = c.Take(s.Size() * sizeof(T));
    const uint32_t os = c.Take(s.oriM * 32), om = c.Take(s.oriM * 32), ot = c.Take(tp.tmpBytes);
    ASSERT_LE(c.next, kUb);
    Put(buf, ox, x);
    Put(buf, os, inSum);
    Put(buf, om, inMax);
    auto tx = At<T>(buf, ox), ty = At<T>(buf, oy);
    auto ts = At<T2>(buf, os), tm = At<T2>(buf, om);
    if (nz) {
      AscendC::SimpleSoftMax<T, false, false, true>(ty, ts, tm, tx, At<uint8_t>(buf, ot), tp.tiling, s.Info());
    } else if (withTmp) {
      AscendC::SimpleSoftMax<T>(ty, ts, tm, tx, At<uint8_t>(buf, ot), tp.tiling, s.Info());
    } else {
      AscendC::SimpleSoftMax<T>(ty, ts, tm, tx, tp.tiling, s.Info());
    }
    y = Take<T>(buf, oy, s.Size());
  });
  for (uint32_t r = 0; r < s.oriM; ++r) {
    std::vector<double> ref(s.k);
    for (uint32_t c = 0; c < s.k; ++c) {
      ref[c] = std::exp(D(x[s.Idx(r, c)]) - D(inMax[r * blk])) / D(inSum[r * blk]);
    }
    const double scale = RowScale<T>(ref, s.oriK);
    for (uint32_t c = 0; c < s.k; ++c) {
      ExpectNear<T>(D(y[s.Idx(r, c)]), ref[c], scale,
                    "SimpleSoftMax " + s.Text() + " row " + std::to_string(r) + " col " + std::to_string(c));
    }
  }
}

TEST(LibSoftmax, SimpleSoftMax) {
  std::mt19937 g(5);
  for (int i = 0; i < 16; ++i) SimpleSoftMaxCase<float, float>(g, i % 5 == 4, i % 2 == 0);
  for (int i = 0; i < 16; ++i) SimpleSoftMaxCase<half, half>(g, i % 5 == 4, i % 2 == 0);
  for (int i = 0; i < 8; ++i) SimpleSoftMaxCase<half, float>(g, false, i % 2 == 0);
}

// ---- LogSoftMax -----------------------------------------------------------------------

template <class T>
void LogSoftMaxCase(std::mt19937& g, bool nz) {
  constexpr uint32_t blk = 32 / sizeof(T);
  const Geom s = RandomGeom<T>(g, nz);
  const ge::Shape shape({s.m, s.k});
  const uint32_t tmp = AscendC::GetLogSoftMaxMinTmpSize(shape, sizeof(T), false) + g() % 512 * 4;
  AscendC::LogSoftMaxTiling t;
  AscendC::LogSoftMaxTilingFunc(shape, sizeof(T), tmp, t);
  const std::vector<T> x = RandomValues<T>(g, s.Size(), -20, 20);
  std::vector<T> y, sum, max;
  RunUb([&](Buf& buf) {
    Carver c;
    const uint32_t ox = c.Take(s.Size() * sizeof(T)), oy = c.Take(s.Size() * sizeof(T));
    const uint32_t os = c.Take(s.oriM * 32), om = c.Take(s.oriM * 32), ot = c.Take(tmp);
    ASSERT_LE(c.next, kUb);
    Put(buf, ox, x);
    auto tx = At<T>(buf, ox), ty = At<T>(buf, oy), ts = At<T>(buf, os), tm = At<T>(buf, om);
    if (nz) {
      AscendC::LogSoftMax<T, false, true>(ty, ts, tm, tx, At<uint8_t>(buf, ot), t, s.Info());
    } else {
      AscendC::LogSoftMax<T>(ty, ts, tm, tx, At<uint8_t>(buf, ot), t, s.Info());
    }
    y = Take<T>(buf, oy, s.Size());
    sum = Take<T>(buf, os, s.oriM * blk);
    max = Take<T>(buf, om, s.oriM * blk);
  });
  for (uint32_t r = 0; r < s.oriM; ++r) {
    const std::string where = "LogSoftMax " + s.Text() + " row " + std::to_string(r);
    const RowModel mdl = ModelRow(s, x, r);
    ExpectStat(max, r, blk, mdl.mx, true, where + " max");
    ExpectStat(sum, r, blk, mdl.sum, false, where + " sum");
    for (uint32_t c = 0; c < s.k; ++c) {
      const double ref = std::log10(mdl.e[c] / mdl.sum);
      ExpectNear<T>(D(y[s.Idx(r, c)]), ref, 1.0, where + " col " + std::to_string(c));
    }
  }
}

TEST(LibSoftmax, LogSoftMax) {
  std::mt19937 g(6);
  for (int i = 0; i < 16; ++i) LogSoftMaxCase<float>(g, i % 4 == 3);
  for (int i = 0; i < 16; ++i) LogSoftMaxCase<half>(g, i % 4 == 3);
}

// ---- SoftmaxFlash (deprecated) ----------------------------------------------------------

void VerifyFlash(const Geom& s, const std::vector<double>& x, const std::vector<double>& inMax,
                 const std::vector<double>& inSum, const std::vector<double>& y, const std::vector<double>& em,
                 const std::vector<double>& sum, const std::vector<double>& max, bool halfT, bool halfT2,
                 bool isUpdate) {
  const uint32_t blk = halfT2 ? 16 : 8, blkE = halfT ? 16 : 8;
  for (uint32_t r = 0; r < s.oriM; ++r) {
    const std::string where = "SoftmaxFlash " + s.Text() + (isUpdate ? " update" : "") + " row " + std::to_string(r);
    const double im = inMax[r * blk], is = inSum[r * blk];
    const RowModel mdl = ModelRow(s, x, r, isUpdate ? im : -HUGE_VAL);
    double total = mdl.sum;
    if (isUpdate) {
      const double e = std::exp(im - mdl.mx);
      total = e * is + mdl.sum;
      Stat(em, halfT, r, blkE, e * is / total, false, where + " expMax");
    }
    Stat(max, halfT2, r, blk, mdl.mx, true, where + " max");
    Stat(sum, halfT2, r, blk, total, false, where + " sum");
    std::vector<double> ref(s.k);
    for (uint32_t c = 0; c < s.k; ++c) ref[c] = mdl.e[c] / total;
    const double scale = RowScale<double>(ref, s.oriK);
    for (uint32_t c = 0; c < s.k; ++c) Near(halfT, y[s.Idx(r, c)], ref[c], scale, where + " col " + std::to_string(c));
  }
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
template <class T, class T2>
void SoftmaxFlashCase(std::mt19937& g, bool isUpdate, bool withTmp) {
  constexpr uint32_t blk = 32 / sizeof(T2), blkE = 32 / sizeof(T);
  const Geom s = RandomGeom<T>(g, false);
  const ge::Shape shape({s.m, s.k});
  const uint32_t tmp = AscendC::GetSoftMaxFlashMinTmpSize(shape, sizeof(T2), isUpdate, false) + g() % 64 * 32;
  SoftMaxTiling t;
  AscendC::SoftMaxFlashTilingFunc(shape, sizeof(T2), tmp, t, isUpdate);
  const std::vector<T> x = RandomValues<T>(g, s.Size(), -6, 6);
  std::vector<T2> inMax(s.oriM * blk), inSum(s.oriM * blk);
  for (uint32_t r = 0; r < s.oriM; ++r) {
    const float im = static_cast<float>(std::uniform_real_distribution<double>(-8, 8)(g));
    const float is = static_cast<float>(std::uniform_real_distribution<double>(0.5, 40)(g));
    for (uint32_t i = 0; i < blk; ++i) {
      inMax[r * blk + i] = static_cast<T2>(im);
      inSum[r * blk + i] = static_cast<T2>(is);
    }
  }
  std::vector<T> y, em;
  std::vector<T2> sum, max;
  RunUb([&](Buf& buf) {
    Carver c;
    const uint32_t ox = c.Take(s.Size() * sizeof(T)), oy = c.Take(s.Size() * sizeof(T));
    const uint32_t os = c.Take(s.oriM * 32), om = c.Take(s.oriM * 32), oe = c.Take(s.oriM * 32);
    const uint32_t ois = c.Take(s.oriM * 32), oim = c.Take(s.oriM * 32), ot = c.Take(tmp);
    ASSERT_LE(c.next, kUb);
    Put(buf, ox, x);
    Put(buf, ois, inSum);
    Put(buf, oim, inMax);
    auto tx = At<T>(buf, ox), ty = At<T>(buf, oy), te = At<T>(buf, oe);
    auto ts = At<T2>(buf, os), tm = At<T2>(buf, om), tis = At<T2>(buf, ois), tim = At<T2>(buf, oim);
    if (withTmp) {
      AscendC::SoftmaxFlash<T>(ty, ts, tm, tx, te, tis, tim, At<uint8_t>(buf, ot), t, isUpdate, s.Info());
    } else {
      AscendC::SoftmaxFlash<T>(ty, ts, tm, tx, te, tis, tim, t, isUpdate, s.Info());
    }
    y = Take<T>(buf, oy, s.Size());
    em = Take<T>(buf, oe, s.oriM * blkE);
    sum = Take<T2>(buf, os, s.oriM * blk);
    max = Take<T2>(buf, om, s.oriM * blk);
  });
  VerifyFlash(s, ToD(x), ToD(inMax), ToD(inSum), ToD(y), ToD(em), ToD(sum), ToD(max), std::is_same_v<T, half>,
              std::is_same_v<T2, half>, isUpdate);
}
#pragma GCC diagnostic pop

TEST(LibSoftmax, SoftmaxFlash) {
  std::mt19937 g(7);
  for (int i = 0; i < 12; ++i) SoftmaxFlashCase<float, float>(g, i % 2 == 0, i % 3 == 0);
  for (int i = 0; i < 12; ++i) SoftmaxFlashCase<half, half>(g, i % 2 == 0, i % 3 == 0);
  for (int i = 0; i < 8; ++i) SoftmaxFlashCase<half, float>(g, i % 2 == 0, i % 3 == 0);
}

// ---- SoftmaxFlashV2 -----------------------------------------------------------------------

constexpr AscendC::SoftmaxConfig kNoBrcCfg = {true, 0, 0, AscendC::SoftmaxMode::SOFTMAX_OUTPUT_WITHOUT_BRC};

void VerifyFlashV2(const Geom& s, const std::vector<double>& x, const std::vector<double>& inMax,
                   const std::vector<double>& inSum, const std::vector<double>& y, const std::vector<double>& em,
                   const std::vector<double>& rmax, const std::vector<double>& sum,
                   const std::vector<double>& max, bool halfT, bool halfT2, bool update, int mode) {
  const uint32_t blk = mode != 0 ? 1 : (halfT2 ? 16 : 8), blkE = mode != 0 ? 1 : (halfT ? 16 : 8);
  for (uint32_t r = 0; r < s.oriM; ++r) {
    const std::string where = "SoftmaxFlashV2 " + s.Text() + (update ? " update" : "") + " mode " +
                              std::to_string(mode) + " row " + std::to_string(r);
    const double im = inMax[r * blk], is = inSum[r * blk];
    const RowModel own = ModelRow(s, x, r);
    const RowModel mdl = ModelRow(s, x, r, update ? im : -HUGE_VAL);
    double total = mdl.sum;
    if (update) {
      const double e = std::exp(im - mdl.mx);
      total = e * is + mdl.sum;
      Stat(em, halfT, r, blkE, e, false, where + " expMax");
      if (mode == 2) Stat(rmax, halfT, r, blk, own.mx, true, where + " outReduceMax");
    }
    Stat(max, halfT2, r, blk, mdl.mx, true, where + " max");
    Stat(sum, halfT2, r, blk, total, false, where + " sum");
    const double scale = RowScale<double>(mdl.e, s.oriK);
    for (uint32_t c = 0; c < s.k; ++c) {
      Near(halfT, y[s.Idx(r, c)], mdl.e[c], scale, where + " col " + std::to_string(c));
    }
  }
}

// kMode: 0 normal, 1 SOFTMAX_OUTPUT_WITHOUT_BRC, 2 WITHOUT_BRC with outReduceMax.
template <class T, class T2, bool kUpdate, int kMode>
void FlashV2Case(std::mt19937& g, bool nz, bool withTmp) {
  constexpr bool noBrc = kMode != 0;
  constexpr uint32_t blk = noBrc ? 1 : 32 / sizeof(T2), blkE = noBrc ? 1 : 32 / sizeof(T);
  const Geom s = RandomGeom<T>(g, nz && kMode == 0);
  const ge::Shape shape({s.m, s.k});
  const uint32_t tmp =
      AscendC::GetSoftMaxFlashV2MinTmpSize(shape, sizeof(T), sizeof(T2), kUpdate, false, noBrc) + g() % 64 * 32;
  SoftMaxTiling t;
  AscendC::SoftMaxFlashV2TilingFunc(shape, sizeof(T), sizeof(T2), tmp, t, kUpdate, false, noBrc);
  const std::vector<T> x = RandomValues<T>(g, s.Size(), -6, 6);
  std::vector<T2> inMax(s.oriM * blk), inSum(s.oriM * blk);
  for (uint32_t r = 0; r < s.oriM; ++r) {
    const float im = static_cast<float>(std::uniform_real_distribution<double>(-8, 8)(g));
    const float is = static_cast<float>(std::uniform_real_distribution<double>(0.5, 40)(g));
    for (uint32_t i = 0; i < blk; ++i) {
      inMax[r * blk + i] = static_cast<T2>(im);
      inSum[r * blk + i] = static_cast<T2>(is);
    }
  }
  std::vector<T> y, em, rmax;
  std::vector<T2> sum, max;
  RunUb([&](Buf& buf) {
    Carver c;
    const uint32_t ox = c.Take(s.Size() * sizeof(T)), oy = c.Take(s.Size() * sizeof(T));
    const uint32_t os = c.Take(s.oriM * 32), om = c.Take(s.oriM * 32), oe = c.Take(s.oriM * 32);
    const uint32_t ois = c.Take(s.oriM * 32), oim = c.Take(s.oriM * 32), orm = c.Take(s.oriM * 32);
    const uint32_t ot = c.Take(tmp);
    ASSERT_LE(c.next, kUb);
    Put(buf, ox, x);
    Put(buf, ois, inSum);
    Put(buf, oim, inMax);
    auto tx = At<T>(buf, ox), ty = At<T>(buf, oy), te = At<T>(buf, oe), trm = At<T>(buf, orm);
    auto ts = At<T2>(buf, os), tm = At<T2>(buf, om), tis = At<T2>(buf, ois), tim = At<T2>(buf, oim);
    auto tt = At<uint8_t>(buf, ot);
    if constexpr (kMode == 2) {
      if (withTmp) {
        AscendC::SoftmaxFlashV2<T, kUpdate, false, false, false, kNoBrcCfg>(ty, trm, ts, tm, tx, te, tis, tim, tt, t,
                                                                            s.Info());
      } else {
        AscendC::SoftmaxFlashV2<T, kUpdate, false, false, false, kNoBrcCfg>(ty, trm, ts, tm, tx, te, tis, tim, t,
                                                                            s.Info());
      }
    } else if constexpr (kMode == 1) {
      AscendC::SoftmaxFlashV2<T, kUpdate, false, false, false, kNoBrcCfg>(ty, ts, tm, tx, te, tis, tim, tt, t,
                                                                          s.Info());
    } else {
      if (nz) {
        AscendC::SoftmaxFlashV2<T, kUpdate, false, false, true>(ty, ts, tm, tx, te, tis, tim, tt, t, s.Info());
      } else if (withTmp) {
        AscendC::SoftmaxFlashV2<T, kUpdate>(ty, ts, tm, tx, te, tis, tim, tt, t, s.Info());
      } else {
        AscendC::SoftmaxFlashV2<T, kUpdate>(ty, ts, tm, tx, te, tis, tim, t, s.Info());
      }
    }
    y = Take<T>(buf, oy, s.Size());
    em = Take<T>(buf, oe, s.oriM * blkE);
    rmax = Take<T>(buf, orm, s.oriM * blk);
    sum = Take<T2>(buf, os, s.oriM * blk);
    max = Take<T2>(buf, om, s.oriM * blk);
  });
  VerifyFlashV2(s, ToD(x), ToD(inMax), ToD(inSum), ToD(y), ToD(em), ToD(rmax), ToD(sum), ToD(max),
                std::is_same_v<T, half>, std::is_same_v<T2, half>, kUpdate, kMode);
}

TEST(LibSoftmax, SoftmaxFlashV2) {
  std::mt19937 g(8);
  for (int i = 0; i < 10; ++i) {
    const bool nz = i % 5 == 4, tmp = i % 2 == 0;
    FlashV2Case<float, float, false, 0>(g, nz, tmp);
    FlashV2Case<float, float, true, 0>(g, nz, tmp);
    FlashV2Case<half, half, false, 0>(g, nz, tmp);
    FlashV2Case<half, half, true, 0>(g, nz, tmp);
    FlashV2Case<half, float, false, 0>(g, nz, tmp);
    FlashV2Case<half, float, true, 0>(g, nz, tmp);
  }
}

TEST(LibSoftmax, SoftmaxFlashV2WithoutBroadcast) {
  std::mt19937 g(9);
  for (int i = 0; i < 6; ++i) {
    FlashV2Case<float, float, true, 1>(g, false, true);
    FlashV2Case<half, float, false, 1>(g, false, true);
    FlashV2Case<float, float, true, 2>(g, false, i % 2 == 0);
    FlashV2Case<half, half, true, 2>(g, false, i % 2 == 0);
  }
}

// The outReduceMax forms do nothing in SOFTMAX_NORMAL mode (documented).
TEST(LibSoftmax, SoftmaxFlashV2ReduceMaxFormNeedsWithoutBroadcast) {
  SoftMaxTiling t;
  AscendC::SoftMaxFlashV2TilingFunc(ge::Shape({2, 8}), 4, 4, 4096, t, true);
  RunUb([&](Buf& buf) {
    auto y = At<float>(buf, 0);
    for (int i = 0; i < 16; ++i) y.GetPhyAddr()[i] = 3.0f;
    auto a = At<float>(buf, 1024);
    AscendC::SoftmaxFlashV2<float, true>(y, a, a, a, At<float>(buf, 2048), a, a, a, t, {2, 8, 2, 8});
    for (int i = 0; i < 16; ++i) EXPECT_EQ(y.GetPhyAddr()[i], 3.0f);
  });
}

// The flash-attention use: a row split into tiles, each tile's FlashV2 call
// updating the running max and sum; the last max and sum are the whole
// row's, and each tile's exponentials rescaled by the later expMax values
// are the row's exp(x - max).
template <class T>
void FlashV2ChainCase(std::mt19937& g, uint32_t rows, uint32_t tileK, uint32_t tiles) {
  constexpr uint32_t blk = 8;
  const uint32_t k = tileK * tiles;
  const std::vector<T> x = RandomValues<T>(g, size_t{rows} * k, -10, 10);
  const ge::Shape shape({rows, tileK});
  SoftMaxTiling t0, t1;
  const uint32_t tmp = AscendC::GetSoftMaxFlashV2MaxTmpSize(shape, sizeof(T), 4, true);
  AscendC::SoftMaxFlashV2TilingFunc(shape, sizeof(T), 4, tmp, t0, false);
  AscendC::SoftMaxFlashV2TilingFunc(shape, sizeof(T), 4, tmp, t1, true);
  std::vector<std::vector<T>> tileOut(tiles);
  std::vector<std::vector<float>> expMax(tiles);
  std::vector<float> sum, max;
  RunUb([&](Buf& buf) {
    Carver c;
    const uint32_t ox = c.Take(rows * tileK * sizeof(T)), oy = c.Take(rows * tileK * sizeof(T));
    const uint32_t os = c.Take(rows * 32), om = c.Take(rows * 32), oe = c.Take(rows * 32), ot = c.Take(tmp);
    ASSERT_LE(c.next, kUb);
    auto tx = At<T>(buf, ox), ty = At<T>(buf, oy), te = At<T>(buf, oe);
    auto ts = At<float>(buf, os), tm = At<float>(buf, om);
    const SoftMaxShapeInfo info{rows, tileK, rows, tileK};
    for (uint32_t j = 0; j < tiles; ++j) {
      for (uint32_t r = 0; r < rows; ++r) {
        std::memcpy(tx.GetPhyAddr() + r * tileK, x.data() + size_t{r} * k + j * tileK, tileK * sizeof(T));
      }
      // max and sum are updated in place (maxTensor = inMaxTensor, as documented).
      if constexpr (std::is_same_v<T, float>) {
        if (j == 0) {
          AscendC::SoftmaxFlashV2<T, false>(ty, ts, tm, tx, te, ts, tm, At<uint8_t>(buf, ot), t0, info);
        } else {
          AscendC::SoftmaxFlashV2<T, true>(ty, ts, tm, tx, te, ts, tm, At<uint8_t>(buf, ot), t1, info);
        }
        expMax[j] = Take<float>(buf, oe, rows * blk);
      } else {
        if (j == 0) {
          AscendC::SoftmaxFlashV2<T, false>(ty, ts, tm, tx, te, ts, tm, At<uint8_t>(buf, ot), t0, info);
        } else {
          AscendC::SoftmaxFlashV2<T, true>(ty, ts, tm, tx, te, ts, tm, At<uint8_t>(buf, ot), t1, info);
        }
        const auto e16 = Take<half>(buf, oe, rows * 16);
        expMax[j].resize(rows * blk);
        for (uint32_t r = 0; r < rows; ++r) {
          for (uint32_t i = 0; i < blk; ++i) expMax[j][r * blk + i] = static_cast<float>(e16[r * 16]);
        }
      }
      tileOut[j] = Take<T>(buf, oy, rows * tileK);
    }
    sum = Take<float>(buf, os, rows * blk);
    max = Take<float>(buf, om, rows * blk);
  });
  const Geom whole{rows, k, rows, k, false};
  for (uint32_t r = 0; r < rows; ++r) {
    const RowModel mdl = ModelRow(whole, x, r);
    const std::string where = "FlashV2 chain row " + std::to_string(r);
    ExpectStat(max, r, blk, mdl.mx, true, where + " max");
    ExpectStat(sum, r, blk, mdl.sum, false, where + " sum");
    // Tile j's exponentials times the expMax of every later tile.
    for (uint32_t j = 0; j < tiles; ++j) {
      double later = 1;
      for (uint32_t l = j + 1; l < tiles; ++l) later *= expMax[l][r * blk];
      for (uint32_t c = 0; c < tileK; ++c) {
        const double got = D(tileOut[j][r * tileK + c]) * later;
        const double ref = mdl.e[j * tileK + c];
        // half: one rounding of the tile's value and of each later expMax.
        const double tol = (std::is_same_v<T, half> ? 6e-4 * tiles : 2e-5) * ref + 1e-6;
        ASSERT_NEAR(got, ref, tol) << where << " tile " << j << " col " << c;
      }
    }
  }
}

TEST(LibSoftmax, SoftmaxFlashV2RunningMaxAndSumAcrossTiles) {
  std::mt19937 g(10);
  FlashV2ChainCase<float>(g, 4, 64, 6);
  FlashV2ChainCase<half>(g, 3, 128, 5);
}

// ---- SoftmaxFlashV3 ------------------------------------------------------------------------

// The documented PASA formulas in double (groups as SoftmaxFlashV3's comment).
struct V3Model {
  double mean, max, sum, expMax;
  std::vector<double> y;
};
V3Model ModelV3(const std::vector<half>& x, uint32_t r, uint32_t k, bool update, double alpha, uint32_t loopCnt,
                double inMean, double inMax, double inSum) {
  const uint32_t baseK = k / 8;
  const double s = alpha / (1 - alpha);
  double local[8] = {};
  for (uint32_t c = 0; c < k; ++c) {
    const uint32_t grp = c < 512 ? c / 64 : (c % 64) / 8;
    local[grp] += D(x[size_t{r} * k + c]);
  }
  double g = 0;
  for (double& l : local) {
    l /= baseK;
    g += l;
  }
  g /= 8;
  std::vector<double> xs(k);
  double rm = -HUGE_VAL;
  for (uint32_t c = 0; c < k; ++c) {
    xs[c] = D(x[size_t{r} * k + c]) - (g - local[c / baseK]) * s;
    rm = std::max(rm, xs[c]);
  }
  V3Model m{};
  m.mean = g;
  double shiftCurr = 0, base = 0;
  m.max = rm;
  if (update) {
    m.mean = (inMean * (loopCnt - 1) + g) / loopCnt;
    shiftCurr = (g - m.mean) * s;
    const double shiftPrev = (inMean - m.mean) * s;
    m.max = std::max(rm + shiftCurr, inMax + shiftPrev);
    m.expMax = std::exp(inMax - m.max + shiftPrev);
    base = m.expMax * inSum;
  }
  m.y.resize(k);
  m.sum = base;
  for (uint32_t c = 0; c < k; ++c) {
    m.y[c] = std::exp(xs[c] - (m.max - shiftCurr));
    m.sum += m.y[c];
  }
  return m;
}

template <bool kUpdate>
void FlashV3Case(std::mt19937& g, uint32_t m, uint32_t k, bool withTmp) {
  const ge::Shape shape({m, k});
  uint32_t mx = 0, mn = 0;
  AscendC::GetSoftMaxFlashV3MaxMinTmpSize(shape, 2, 4, mx, mn, kUpdate);
  const uint32_t tmp = std::min(mx, mn + static_cast<uint32_t>(g() % 4096));
  SoftMaxTiling t;
  AscendC::SoftMaxFlashV3TilingFunc(shape, 2, 4, tmp, t, kUpdate);
  const std::vector<half> x = RandomValues<half>(g, size_t{m} * k, -4, 4);
  AscendC::SoftMaxParams params{m, k, m, k, 3, 8, 0.9375f};
  std::vector<float> inMean(m * 8), inMax(m * 8), inSum(m * 8);
  for (uint32_t r = 0; r < m; ++r) {
    const float a = static_cast<float>(std::uniform_real_distribution<double>(-0.3, 0.3)(g));
    const float b = static_cast<float>(std::uniform_real_distribution<double>(-2, 6)(g));
    const float c = static_cast<float>(std::uniform_real_distribution<double>(1, 300)(g));
    for (int i = 0; i < 8; ++i) {
      inMean[r * 8 + i] = a;
      inMax[r * 8 + i] = b;
      inSum[r * 8 + i] = c;
    }
  }
  std::vector<half> y, em;
  std::vector<float> mean, sum, max;
  RunUb([&](Buf& buf) {
    Carver c;
    const uint32_t ox = c.Take(m * k * 2), oy = c.Take(m * k * 2), omean = c.Take(m * 32), os = c.Take(m * 32),
                   om = c.Take(m * 32), oe = c.Take(m * 32), oin = c.Take(m * 32), ois = c.Take(m * 32),
                   oim = c.Take(m * 32), ot = c.Take(tmp);
    ASSERT_LE(c.next, kUb);
    Put(buf, ox, x);
    Put(buf, oin, inMean);
    Put(buf, ois, inSum);
    Put(buf, oim, inMax);
    auto tx = At<half>(buf, ox), ty = At<half>(buf, oy), te = At<half>(buf, oe);
    auto tmean = At<float>(buf, omean), ts = At<float>(buf, os), tm = At<float>(buf, om);
    auto tin = At<float>(buf, oin), tis = At<float>(buf, ois), tim = At<float>(buf, oim);
    if (withTmp) {
      AscendC::SoftmaxFlashV3<half, float, kUpdate>(ty, tmean, ts, tm, tx, te, tin, tis, tim, At<uint8_t>(buf, ot),
                                                    t, params);
    } else {
      AscendC::SoftmaxFlashV3<half, float, kUpdate>(ty, tmean, ts, tm, tx, te, tin, tis, tim, t, params);
    }
    y = Take<half>(buf, oy, size_t{m} * k);
    em = Take<half>(buf, oe, m * 16);
    mean = Take<float>(buf, omean, m * 8);
    sum = Take<float>(buf, os, m * 8);
    max = Take<float>(buf, om, m * 8);
  });
  for (uint32_t r = 0; r < m; ++r) {
    const V3Model mdl = ModelV3(x, r, k, kUpdate, 0.9375f, 3, inMean[r * 8], inMax[r * 8], inSum[r * 8]);
    const std::string where = "SoftmaxFlashV3 [" + std::to_string(m) + ", " + std::to_string(k) + "]" +
                              (kUpdate ? " update" : "") + " row " + std::to_string(r);
    // mean and max: a few f32 roundings of values of about 1 and 10.
    for (int i = 0; i < 8; ++i) {
      ASSERT_NEAR(mean[r * 8 + i], mdl.mean, 1e-5) << where << " mean";
      ASSERT_NEAR(max[r * 8 + i], mdl.max, 1e-4) << where << " max";
      ASSERT_NEAR(sum[r * 8 + i], mdl.sum, 2e-4 * mdl.sum) << where << " sum";
    }
    if (kUpdate) {
      for (int i = 0; i < 16; ++i) ASSERT_NEAR(D(em[r * 16 + i]), mdl.expMax, 2e-3 * mdl.expMax + 0x1p-24) << where;
    }
    for (uint32_t c = 0; c < k; ++c) {
      ASSERT_NEAR(D(y[size_t{r} * k + c]), mdl.y[c], 2e-3 * mdl.y[c] + 1e-6) << where << " col " << c;
    }
  }
}

TEST(LibSoftmax, SoftmaxFlashV3) {
  std::mt19937 g(11);
  FlashV3Case<false>(g, 8, 512, true);
  FlashV3Case<true>(g, 8, 512, false);
  FlashV3Case<false>(g, 16, 1024, false);
  FlashV3Case<true>(g, 8, 1024, true);
  FlashV3Case<true>(g, 8, 640, true);
}

// ---- SoftmaxGrad / SoftmaxGradFront --------------------------------------------------------

template <class T>
void GradCase(std::mt19937& g, bool nz, int form, bool inPlace = false) {
  // form: 0 grad + tmp, 1 grad, 2 grad isFront, 3 front + tmp, 4 front.
  // inPlace: dst is src (the reference's input/output reuse).
  constexpr uint32_t blk = 32 / sizeof(T);
  const bool front = form >= 2;
  const Geom s = RandomGeom<T>(g, nz);
  const ge::Shape shape({s.m, s.k});
  const uint32_t tmp = AscendC::GetSoftMaxGradMinTmpSize(shape, sizeof(T), front, false) + g() % 128 * 32;
  SoftMaxTiling t;
  AscendC::SoftMaxGradTilingFunc(shape, sizeof(T), tmp, t, front);
  const std::vector<T> grad = RandomValues<T>(g, s.Size(), -2, 2);
  const std::vector<T> x = RandomValues<T>(g, s.Size(), 0, 1);
  const size_t outN = front ? s.oriM * blk : s.Size();
  std::vector<T> y;
  RunUb([&](Buf& buf) {
    Carver c;
    const uint32_t og = c.Take(s.Size() * sizeof(T)), ox = c.Take(s.Size() * sizeof(T));
    const uint32_t oy = inPlace ? ox : c.Take(s.Size() * sizeof(T)), ot = c.Take(tmp);
    ASSERT_LE(c.next, kUb);
    Put(buf, og, grad);
    Put(buf, ox, x);
    auto tg = At<T>(buf, og), tx = At<T>(buf, ox), ty = At<T>(buf, oy);
    auto tt = At<uint8_t>(buf, ot);
    constexpr bool kNZ = true;
    if (nz) {
      if (form == 0) AscendC::SoftmaxGrad<T, false, kNZ>(ty, tg, tx, tt, t, false, s.Info());
      if (form == 1) AscendC::SoftmaxGrad<T, false, kNZ>(ty, tg, tx, t, false, s.Info());
      if (form == 2) AscendC::SoftmaxGrad<T, false, kNZ>(ty, tg, tx, tt, t, true, s.Info());
      if (form == 3) AscendC::SoftmaxGradFront<T, false, kNZ>(ty, tg, tx, tt, t, s.Info());
      if (form == 4) AscendC::SoftmaxGradFront<T, false, kNZ>(ty, tg, tx, t, s.Info());
    } else {
      if (form == 0) AscendC::SoftmaxGrad<T>(ty, tg, tx, tt, t, false, s.Info());
      if (form == 1) AscendC::SoftmaxGrad<T>(ty, tg, tx, t, false, s.Info());
      if (form == 2) AscendC::SoftmaxGrad<T>(ty, tg, tx, tt, t, true, s.Info());
      if (form == 3) AscendC::SoftmaxGradFront<T>(ty, tg, tx, tt, t, s.Info());
      if (form == 4) AscendC::SoftmaxGradFront<T>(ty, tg, tx, t, s.Info());
    }
    y = Take<T>(buf, oy, outN);
  });
  for (uint32_t r = 0; r < s.oriM; ++r) {
    const std::string where = "SoftmaxGrad " + s.Text() + " form " + std::to_string(form) +
                              (inPlace ? " in place" : "") + " row " + std::to_string(r);
    double d = 0, scaleD = 0;
    for (uint32_t c = 0; c < s.oriK; ++c) {
      d += D(grad[s.Idx(r, c)]) * D(x[s.Idx(r, c)]);
      scaleD += std::fabs(D(grad[s.Idx(r, c)]) * D(x[s.Idx(r, c)]));
    }
    if (front) {
      // The sum's error scales with the sum of |terms| (cancellation).
      for (uint32_t i = 0; i < blk; ++i) ExpectNear<T>(D(y[r * blk + i]), d, scaleD, where + " sum");
      continue;
    }
    std::vector<double> ref(s.k);
    for (uint32_t c = 0; c < s.k; ++c) ref[c] = (D(grad[s.Idx(r, c)]) - d) * D(x[s.Idx(r, c)]);
    const double scale = RowScale<T>(ref, s.k) + scaleD;
    for (uint32_t c = 0; c < s.k; ++c) {
      ExpectNear<T>(D(y[s.Idx(r, c)]), ref[c], scale, where + " col " + std::to_string(c));
    }
  }
}

TEST(LibSoftmax, SoftmaxGradAndFront) {
  std::mt19937 g(12);
  for (int i = 0; i < 30; ++i) GradCase<float>(g, i % 6 == 5, i % 5);
  for (int i = 0; i < 30; ++i) GradCase<half>(g, i % 6 == 5, i % 5);
  // dst = src, every form (the vendor's softmaxgrad sample calls
  // SoftmaxGradFront(y, x, y, ...)).
  for (int i = 0; i < 20; ++i) GradCase<float>(g, i % 4 == 3, i % 5, true);
  for (int i = 0; i < 20; ++i) GradCase<half>(g, i % 4 == 3, i % 5, true);
}

// ---- AdjustSoftMaxRes ---------------------------------------------------------------------

template <class T1, class T2, bool kNZ, uint8_t kStep>
void AdjustCase(std::mt19937& g) {
  const uint32_t unit = kNZ ? 16 : 32 / sizeof(T1);
  const uint32_t m = 1 + g() % 10, k = unit * (1 + g() % 6);
  const uint32_t lanes = kStep ? 1 : 32 / sizeof(T2);
  const Geom s{m, k, m, k, kNZ};
  const std::vector<T1> res = RandomValues<T1>(g, s.Size(), 0, 1);
  std::vector<T2> max = RandomValues<T2>(g, m * lanes, -3, 3);
  const T2 hitValue = static_cast<T2>(-3.5f);
  std::vector<bool> hit(m);
  for (uint32_t r = 0; r < m; ++r) {
    hit[r] = g() % 3 == 0;
    if (hit[r]) max[r * lanes] = hitValue;
  }
  uint32_t from = 0;
  if constexpr (std::is_same_v<T2, float>) {
    std::memcpy(&from, &hitValue, 4);
  } else {
    from = hitValue.ToBits();
  }
  const T1 to = static_cast<T1>(0.125f);
  std::vector<T1> out;
  bool any = false;
  RunUb([&](Buf& buf) {
    Put(buf, 0, res);
    Put(buf, Align32(s.Size() * sizeof(T1)), max);
    any = AscendC::AdjustSoftMaxRes<T1, T2, kNZ, kStep>(At<T1>(buf, 0), At<T2>(buf, Align32(s.Size() * sizeof(T1))),
                                                         from, to, s.Info());
    out = Take<T1>(buf, 0, s.Size());
  });
  bool anyRef = false;
  for (uint32_t r = 0; r < m; ++r) {
    anyRef |= hit[r];
    for (uint32_t c = 0; c < k; ++c) {
      const double want = hit[r] ? D(to) : D(res[s.Idx(r, c)]);
      ASSERT_EQ(D(out[s.Idx(r, c)]), want) << "AdjustSoftMaxRes row " << r << " col " << c;
    }
  }
  EXPECT_EQ(any, anyRef);
}

TEST(LibSoftmax, AdjustSoftMaxRes) {
  std::mt19937 g(13);
  for (int i = 0; i < 6; ++i) {
    AdjustCase<float, float, false, 0>(g);
    AdjustCase<half, float, false, 1>(g);
    AdjustCase<half, half, false, 0>(g);
    AdjustCase<float, half, true, 0>(g);
  }
}

// ---- host tiling, by hand from the documented formulas ------------------------------------

TEST(LibSoftmaxHost, TmpSizes) {
  const ge::Shape s({2, 5, 64});  // m = 10, k = 64
  // SoftMax: per row b + k + 64 floats (b = 8 float, 16 half).
  EXPECT_EQ(AscendC::GetSoftMaxMinTmpSize(s, 4, false), (8u + 64 + 64) * 4);
  EXPECT_EQ(AscendC::GetSoftMaxMaxTmpSize(s, 4, false), 10u * (8 + 64 + 64) * 4);
  EXPECT_EQ(AscendC::GetSoftMaxMinTmpSize(s, 2, true), (16u + 64 + 64) * 4);
  EXPECT_EQ(AscendC::GetLogSoftMaxMaxTmpSize(s, 2, false), 10u * (16 + 64 + 64) * 4);
  EXPECT_EQ(AscendC::GetLogSoftMaxMinTmpSize(s, 4, false), (8u + 64 + 64) * 4);
  // SoftmaxFlash: isUpdate 4b + 2k.
  EXPECT_EQ(AscendC::GetSoftMaxFlashMinTmpSize(s, 2, true, false), (4u * 16 + 2 * 64) * 4);
  EXPECT_EQ(AscendC::GetSoftMaxFlashMaxTmpSize(s, 4, false, false), 10u * (8 + 64 + 64) * 4);
  // SoftmaxGrad: half 2b + 3k + 64; float front b + k + 64, else 2b + k + 64.
  EXPECT_EQ(AscendC::GetSoftMaxGradMinTmpSize(s, 2, false, false), (32u + 192 + 64) * 4);
  EXPECT_EQ(AscendC::GetSoftMaxGradMinTmpSize(s, 4, true, false), (8u + 64 + 64) * 4);
  EXPECT_EQ(AscendC::GetSoftMaxGradMaxTmpSize(s, 4, false, false), 10u * (16 + 64 + 64) * 4);
  // SoftmaxFlashV2: half src 2b + k + 64, float src b + 64 (b from dataTypeSize2).
  EXPECT_EQ(AscendC::GetSoftMaxFlashV2MinTmpSize(s, 2, 4, true), (16u + 64 + 64) * 4);
  EXPECT_EQ(AscendC::GetSoftMaxFlashV2MinTmpSize(s, 4, 4, false), (8u + 64) * 4);
  EXPECT_EQ(AscendC::GetSoftMaxFlashV2MaxTmpSize(s, 2, 2, true), 10u * (32 + 64 + 64) * 4);
  // basic block (k % 64 == 0): 8 rows of b + k + 64 (half) / b + 64 (float).
  EXPECT_EQ(AscendC::GetSoftMaxFlashV2MinTmpSize(s, 2, 4, true, true), 8u * (8 + 64 + 64) * 4);
  EXPECT_EQ(AscendC::GetSoftMaxFlashV2MinTmpSize(s, 4, 4, true, true), 8u * (8 + 64) * 4);
  // isFlashOutputBrc: times min(32 / dataTypeSize1, m).
  EXPECT_EQ(AscendC::GetSoftMaxFlashV2MinTmpSize(s, 4, 4, true, false, true), 8u * (8 + 64) * 4);
  EXPECT_EQ(AscendC::GetSoftMaxFlashV2MinTmpSize(s, 2, 4, true, false, true), 10u * (16 + 64 + 64) * 4);
  // The basic-block maximum: m 16 rows of k 1024 halve while m * k >= 16384: 8 rows; k 1024 takes
  // two repeats of scratch.
  EXPECT_EQ(AscendC::GetSoftMaxFlashV2MaxTmpSize(ge::Shape({16, 1024}), 2, 4, true, true), 8u * (8 + 1024 + 128) * 4);
  // SoftmaxFlashV3: 5b + 2k + 64 (b = 8).
  uint32_t mx = 0, mn = 0;
  AscendC::GetSoftMaxFlashV3MaxMinTmpSize(ge::Shape({8, 512}), 2, 4, mx, mn, true);
  EXPECT_EQ(mn, (40u + 1024 + 64) * 4);
  EXPECT_EQ(mx, 8 * mn);
}

TEST(LibSoftmaxHost, TilingFunctions) {
  SoftMaxTiling t;
  // float [20, 64] with 3 rows of space: baseM 3 (not a multiple of 8, below 8), 6 rounds + 2.
  AscendC::SoftMaxTilingFunc(ge::Shape({20, 64}), 4, 3 * 136 * 4, t);
  EXPECT_EQ(t.srcM, 20u);
  EXPECT_EQ(t.srcK, 64u);
  EXPECT_EQ(t.srcSize, 1280u);
  EXPECT_EQ(t.outMaxM, 20u);
  EXPECT_EQ(t.outMaxK, 8u);
  EXPECT_EQ(t.outMaxSize, 160u);
  EXPECT_EQ(t.splitM, 3u);
  EXPECT_EQ(t.splitK, 64u);
  EXPECT_EQ(t.splitSize, 192u);
  EXPECT_EQ(t.reduceM, 3u);
  EXPECT_EQ(t.reduceK, 8u);
  EXPECT_EQ(t.reduceSize, 24u);
  EXPECT_EQ(t.rangeM, 6u);
  EXPECT_EQ(t.tailM, 2u);
  EXPECT_EQ(t.tailSplitSize, 128u);
  EXPECT_EQ(t.tailReduceSize, 16u);
  // 13 rows of space: rounded down to 8.
  AscendC::SoftMaxTilingFunc(ge::Shape({20, 64}), 4, 13 * 136 * 4, t);
  EXPECT_EQ(t.splitM, 8u);
  EXPECT_EQ(t.rangeM, 2u);
  EXPECT_EQ(t.tailM, 4u);
  // Basic-block shape [48, 128] with 40 rows of space: multiple of 8 dividing 48 -> 24, then
  // halved while splitM * k >= 16384: 24 * 128 = 3072 stays.
  AscendC::SoftMaxTilingFunc(ge::Shape({48, 128}), 4, 40 * 200 * 4, t);
  EXPECT_EQ(t.splitM, 24u);
  EXPECT_EQ(t.tailM, 0u);
  EXPECT_TRUE(AscendC::IsBasicBlockInSoftMax(t, 4));
  EXPECT_TRUE(AscendC::IsBasicBlockInSoftMax(t, 2));
  // Everything fits: one round.
  AscendC::SoftMaxTilingFunc(ge::Shape({4, 32}), 2, 1 << 20, t);
  EXPECT_EQ(t.splitM, 4u);
  EXPECT_EQ(t.rangeM, 1u);
  EXPECT_EQ(t.reduceK, 16u);
  EXPECT_FALSE(AscendC::IsBasicBlockInSoftMax(t, 2));  // k 32 < 128
  // Grad half: per row 2 * 16 + 3 * 64 + 64 = 288 floats.
  AscendC::SoftMaxGradTilingFunc(ge::Shape({5, 64}), 2, 2 * 288 * 4, t);
  EXPECT_EQ(t.splitM, 2u);
  EXPECT_EQ(t.rangeM, 2u);
  EXPECT_EQ(t.tailM, 1u);
  // Flash update float: 4 * 8 + 2 * 64 = 160 floats per row.
  AscendC::SoftMaxFlashTilingFunc(ge::Shape({7, 64}), 4, 5 * 160 * 4, t, true);
  EXPECT_EQ(t.splitM, 5u);
  // FlashV2 half with float statistics: 2 * 8 + 64 + 64 = 144 floats per row; 9 rows -> 8.
  AscendC::SoftMaxFlashV2TilingFunc(ge::Shape({30, 64}), 2, 4, 9 * 144 * 4, t, true);
  EXPECT_EQ(t.splitM, 8u);
  EXPECT_EQ(t.reduceK, 8u);
  // ... and its kernel-side constexpr form agrees.
  constexpr SoftMaxTiling kt = AscendC::SoftMaxFlashV2TilingFunc(SoftMaxShapeInfo{30, 64, 30, 64}, 2, 4, 9 * 144 * 4);
  static_assert(kt.splitM == 8 && kt.rangeM == 3 && kt.tailM == 6 && kt.reduceK == 8, "kernel-side tiling");
  // FlashV3: 5 * 8 + 2 * 512 + 64 = 1128 floats per row.
  AscendC::SoftMaxFlashV3TilingFunc(ge::Shape({16, 512}), 2, 4, 3 * 1128 * 4, t, false);
  EXPECT_EQ(t.splitM, 3u);
  EXPECT_EQ(t.rangeM, 5u);
  EXPECT_EQ(t.tailM, 1u);
  // LogSoftMax.
  AscendC::LogSoftMaxTiling lt;
  AscendC::LogSoftMaxTilingFunc(ge::Shape({3, 32}), 2, 2 * 112 * 4, lt);
  EXPECT_EQ(lt.splitM, 2u);
  EXPECT_EQ(lt.tailM, 1u);
  static_assert(sizeof(SoftMaxTiling) == 64 && sizeof(AscendC::LogSoftMaxTiling) == 64, "16 fields");
}

TEST(LibSoftmaxHost, Errors) {
  SoftMaxTiling t;
  auto err = [](const std::function<void()>& f) -> std::string {
    try {
      f();
    } catch (const aicore::KernelError& e) {
      return e.what();
    }
    return "";
  };
  std::string e = err([] { AscendC::GetSoftMaxMinTmpSize(ge::Shape({4, 64}), 8, false); });
  EXPECT_TRUE(Has(e, "GetSoftMaxMinTmpSize") && Has(e, "dataTypeSize 8 is unsupported")) << e;
  e = err([] { AscendC::GetSoftMaxMaxTmpSize(ge::Shape({4, 0, 64}), 4, false); });
  EXPECT_TRUE(Has(e, "GetSoftMaxMaxTmpSize") && Has(e, "dimension 1 = 0")) << e;
  e = err([] { AscendC::GetSoftMaxGradMinTmpSize(ge::Shape(), 4, false, false); });
  EXPECT_TRUE(Has(e, "no dimensions")) << e;
  e = err([&] { AscendC::SoftMaxTilingFunc(ge::Shape({4, 12}), 4, 4096, t); });
  EXPECT_TRUE(Has(e, "alignment error in SoftMaxTilingFunc") && Has(e, "48 bytes is not a multiple of 32")) << e;
  e = err([&] { AscendC::SoftMaxTilingFunc(ge::Shape({4, 64}), 4, 100, t); });
  EXPECT_TRUE(Has(e, "localWorkSpaceSize 100 bytes is below the minimum 544")) << e;
  e = err([&] { AscendC::SoftMaxFlashV2TilingFunc(ge::Shape({4, 64}), 2, 3, 4096, t, false); });
  EXPECT_TRUE(Has(e, "dataTypeSize2 3 is unsupported")) << e;
  uint32_t mx = 0, mn = 0;
  e = err([&] { AscendC::GetSoftMaxFlashV3MaxMinTmpSize(ge::Shape({8, 512}), 4, 4, mx, mn, false); });
  EXPECT_TRUE(Has(e, "half (2) input and float (4) statistics only")) << e;
  // The clean twins.
  EXPECT_EQ(err([&] { AscendC::SoftMaxTilingFunc(ge::Shape({4, 64}), 4, 544, t); }), "");
  EXPECT_EQ(err([&] { AscendC::SoftMaxFlashV2TilingFunc(ge::Shape({4, 64}), 2, 4, 4096, t, false); }), "");
}

// The tiling structs as fields of a BEGIN_TILING_DATA_DEF class, through the
// kernel's GET_TILING_DATA.
TEST(LibSoftmaxHost, TilingStructsInTilingData) {
  optiling::SoftmaxTestTilingData td;
  const ge::Shape shape({4, 64});
  td.set_rows(4);
  td.set_tmpBytes(AscendC::GetSoftMaxMinTmpSize(shape, 4, false));
  AscendC::SoftMaxTilingFunc(shape, 4, td.tmpBytes, td.softmaxTilingData);
  AscendC::LogSoftMaxTilingFunc(shape, 4, td.tmpBytes, td.logSoftmaxTilingData);
  static_assert(sizeof(optiling::SoftmaxTestTilingData) == 8 + 2 * 64, "packed fields");
  std::vector<uint8_t> raw(td.GetDataSize());
  td.SaveToBuffer(raw.data(), raw.size());
  RunUb([&](Buf& buf) {
    GET_TILING_DATA_WITH_STRUCT(optiling::SoftmaxTestTilingData, k, raw.data());
    EXPECT_EQ(k.softmaxTilingData.srcK, 64u);
    auto x = At<float>(buf, 0);
    for (int i = 0; i < 256; ++i) x.GetPhyAddr()[i] = 1.0f;
    AscendC::SoftMax<float>(x, x, At<uint8_t>(buf, 2048), k.softmaxTilingData, {4, 64, 4, 64});
    for (int i = 0; i < 256; ++i) EXPECT_FLOAT_EQ(x.GetPhyAddr()[i], 1.0f / 64);
  });
}

// ---- bad kernel input: each error beside its clean twin -----------------------------------

struct BadCase {
  const char* name;
  std::function<void(Buf&)> bad, good;
  std::vector<std::string> want;
};

void RunBadCases(const std::vector<BadCase>& cases) {
  for (const BadCase& c : cases) {
    const std::string e = ErrorOf(c.bad);
    for (const std::string& w : c.want) EXPECT_TRUE(Has(e, w)) << c.name << ": missing '" << w << "' in: " << e;
    EXPECT_EQ(ErrorOf(c.good), "") << c.name << " (clean twin)";
  }
}

TEST(LibSoftmaxDiagnostics, SoftMax) {
  // float [4, 64]: tiling with 2 rows of 136 floats.
  SoftMaxTiling t;
  AscendC::SoftMaxTilingFunc(ge::Shape({4, 64}), 4, 2 * 136 * 4, t);
  const SoftMaxShapeInfo info{4, 64, 4, 64};
  auto call = [&](Buf& b, uint32_t ox, uint32_t oy, uint32_t os, uint32_t om, uint32_t ot, uint32_t tmpBytes,
                  const SoftMaxTiling& tt, const SoftMaxShapeInfo& si) {
    AscendC::SoftMax<float>(At<float>(b, oy), At<float>(b, os), At<float>(b, om), At<float>(b, ox),
                            At<uint8_t>(b, ot), tt, si);
    (void)tmpBytes;
  };
  auto callTmp = [&](Buf& b, uint32_t tmpBytes, const SoftMaxTiling& tt, const SoftMaxShapeInfo& si) {
    auto tmp = b.Get<uint8_t>()[8192];
    tmp.SetSize(tmpBytes);
    AscendC::SoftMax<float>(At<float>(b, 2048), At<float>(b, 4096), At<float>(b, 4608), At<float>(b, 0), tmp, tt, si);
  };
  SoftMaxTiling zeroSplit = t;
  zeroSplit.splitM = 0;
  SoftMaxTiling halfTiling;
  AscendC::SoftMaxTilingFunc(ge::Shape({4, 64}), 2, 4096, halfTiling);
  SoftMaxTiling broken = t;
  broken.tailM = 1;
  RunBadCases({
      {"tmp below the tiling's need", [&](Buf& b) { callTmp(b, 2 * 136 * 4 - 32, t, info); },
       [&](Buf& b) { callTmp(b, 2 * 136 * 4, t, info); },
       {"error in SoftMax", "sharedTmpBuffer holds 1056 bytes, the call needs 1088", "2 rows of 136 floats"}},
      {"tmp below one row when the tiling is recomputed",
       [&](Buf& b) { callTmp(b, 512, t, {3, 64, 3, 64}); }, [&](Buf& b) { callTmp(b, 544, t, {3, 64, 3, 64}); },
       {"sharedTmpBuffer holds 512 bytes, the call needs 544"}},
      {"srcK not 32-byte aligned", [&](Buf& b) { callTmp(b, 4096, t, {4, 60, 4, 60}); },
       [&](Buf& b) { callTmp(b, 4096, t, {4, 56, 4, 50}); },
       {"alignment error in SoftMax", "srcK 60 of float (240 bytes) is not 32-byte aligned"}},
      {"original shape beyond the padded one", [&](Buf& b) { callTmp(b, 4096, t, {4, 64, 5, 64}); },
       [&](Buf& b) { callTmp(b, 4096, t, {4, 64, 3, 64}); },
       {"the original shape exceeds [srcM, srcK]"}},
      {"tiling with splitM 0", [&](Buf& b) { callTmp(b, 4096, zeroSplit, info); },
       [&](Buf& b) { callTmp(b, 4096, t, info); }, {"tiling.splitM is 0"}},
      {"tiling for half statistics", [&](Buf& b) { callTmp(b, 4096, halfTiling, info); },
       [&](Buf& b) { callTmp(b, 4096, t, info); },
       {"tiling.reduceK is 16", "the tensors here are float", "pass dataTypeSize 4 to SoftMaxTilingFunc"}},
      {"inconsistent tiling", [&](Buf& b) { callTmp(b, 4096, broken, info); },
       [&](Buf& b) { callTmp(b, 4096, t, info); }, {"tiling.rangeM 2 x splitM 2 + tailM 1 != srcM 4"}},
      {"no shape anywhere", [&](Buf& b) { callTmp(b, 4096, SoftMaxTiling{}, {}); },
       [&](Buf& b) { callTmp(b, 4096, t, {}); }, {"no shape: softmaxShapeInfo is {0, 0"}},
      {"src smaller than the shape",
       [&](Buf& b) {
         AscendC::SoftMax<float>(At<float>(b, 2048), b.Get<float>(128), At<uint8_t>(b, 8192), t, info);
       },
       [&](Buf& b) { AscendC::SoftMax<float>(At<float>(b, 2048), b.Get<float>(256), At<uint8_t>(b, 8192), t, info); },
       {"bounds error in SoftMax", "srcTensor holds 128 float elements, the shape needs 256"}},
      {"max tensor smaller than the rows",
       [&](Buf& b) {
         AscendC::SoftMax<float>(At<float>(b, 2048), At<float>(b, 4096), At<float>(b, kUb - 64), At<float>(b, 0),
                                 t, info);
       },
       [&](Buf& b) {
         AscendC::SoftMax<float>(At<float>(b, 2048), At<float>(b, 4096), At<float>(b, kUb - 128), At<float>(b, 0),
                                 t, info);
       },
       {"bounds error in SoftMax", "maxTensor"}},
      {"misaligned dst", [&](Buf& b) { call(b, 0, 2052, 4096, 4608, 8192, 0, t, info); },
       [&](Buf& b) { call(b, 0, 2048, 4096, 4608, 8192, 0, t, info); },
       {"alignment error in SoftMax", "dstTensor operand"}},
      {"sum overlapping max", [&](Buf& b) { call(b, 0, 2048, 4096, 4160, 8192, 0, t, info); },
       [&](Buf& b) { call(b, 0, 2048, 4096, 4224, 8192, 0, t, info); },
       {"sumTensor and maxTensor overlap", "allows only the exact reuse srcTensor = dstTensor"}},
      {"dst partly over src", [&](Buf& b) { call(b, 0, 32, 4096, 4608, 8192, 0, t, info); },
       [&](Buf& b) { call(b, 0, 0, 4096, 4608, 8192, 0, t, info); }, {"srcTensor and dstTensor overlap"}},
      {"tmp overlapping src", [&](Buf& b) { call(b, 0, 2048, 4096, 4608, 512, 0, t, info); },
       [&](Buf& b) { call(b, 0, 2048, 4096, 4608, 8192, 0, t, info); }, {"sharedTmpBuffer overlaps srcTensor"}},
      {"basic block on a non-basic shape",
       [&](Buf& b) {
         AscendC::SoftMax<float, false, true>(At<float>(b, 0), At<float>(b, 0), At<uint8_t>(b, 8192), t,
                                              {4, 64, 4, 64});
       },
       [&](Buf& b) {
         SoftMaxTiling t8;
         AscendC::SoftMaxTilingFunc(ge::Shape({8, 64}), 4, 8 * 136 * 4, t8);
         AscendC::SoftMax<float, false, true>(At<float>(b, 0), At<float>(b, 0), At<uint8_t>(b, 8192), t8,
                                              {8, 64, 8, 64});
       },
       {"isBasicBlock is set but [srcM 4, srcK 64] is not a basic block"}},
  });
}

constexpr AscendC::SoftmaxConfig kNoCheckCfg = {false, 0, 0};

TEST(LibSoftmaxDiagnostics, OtherApis) {
  SoftMaxTiling t;
  AscendC::SoftMaxTilingFunc(ge::Shape({4, 64}), 4, 4096, t);
  AscendC::LogSoftMaxTiling lt;
  AscendC::LogSoftMaxTilingFunc(ge::Shape({4, 64}), 4, 4096, lt);
  SoftMaxTiling v2;
  AscendC::SoftMaxFlashV2TilingFunc(ge::Shape({4, 64}), 4, 4, 4096, v2, true);
  SoftMaxTiling v3;
  AscendC::SoftMaxFlashV3TilingFunc(ge::Shape({8, 512}), 2, 4, 32768, v3, true);
  const SoftMaxShapeInfo info{4, 64, 4, 64};
  auto f = [](Buf& b, uint32_t off) { return At<float>(b, off); };
  auto flashV2 = [&](Buf& b, uint32_t inMaxOff, const SoftMaxShapeInfo& si) {
    AscendC::SoftmaxFlashV2<float, true, false, false, false, kNoCheckCfg>(
        f(b, 2048), f(b, 4096), f(b, 4608), f(b, 0), f(b, 5120), f(b, 4096), f(b, inMaxOff), At<uint8_t>(b, 8192),
        v2, si);
  };
  auto v3call = [&](Buf& b, const AscendC::SoftMaxParams& p) {
    auto h = [&](uint32_t off) { return At<half>(b, off); };
    AscendC::SoftmaxFlashV3<half, float, true>(h(0), f(b, 16384), f(b, 16640), f(b, 16896), h(0), h(17152),
                                               f(b, 17408), f(b, 17664), f(b, 17920), At<uint8_t>(b, 20480), v3, p);
  };
  RunBadCases({
      {"LogSoftMax in place",
       [&](Buf& b) { AscendC::LogSoftMax<float>(f(b, 0), f(b, 4096), f(b, 4608), f(b, 0), At<uint8_t>(b, 8192), lt, info); },
       [&](Buf& b) {
         AscendC::LogSoftMax<float>(f(b, 2048), f(b, 4096), f(b, 4608), f(b, 0), At<uint8_t>(b, 8192), lt, info);
       },
       {"error in LogSoftMax", "src and dst overlap", "allows no shared space"}},
      {"SoftmaxFlashV2 inMax partly over max", [&](Buf& b) { flashV2(b, 4640, info); },
       [&](Buf& b) { flashV2(b, 4608, info); }, {"error in SoftmaxFlashV2", "inMaxTensor and maxTensor overlap"}},
      {"SoftmaxFlashV2 shape unlike the tiling with isCheckTiling false",
       [&](Buf& b) { flashV2(b, 4608, {2, 64, 2, 64}); }, [&](Buf& b) { flashV2(b, 4608, info); },
       {"differs from the tiling's [4, 64] and config.isCheckTiling is false"}},
      {"SoftmaxFlashV3 srcK below 512", [&](Buf& b) { v3call(b, {8, 256, 8, 256, 1, 8, 0.9375f}); },
       [&](Buf& b) { v3call(b, {8, 512, 8, 512, 1, 8, 0.9375f}); },
       {"error in SoftmaxFlashV3", "needs srcK >= 512 and a multiple of 64"}},
      {"SoftmaxFlashV3 splitMeanCnt", [&](Buf& b) { v3call(b, {8, 512, 8, 512, 1, 4, 0.9375f}); },
       [&](Buf& b) { v3call(b, {8, 512, 8, 512, 2, 8, 0.96889f}); }, {"params.splitMeanCnt is 4"}},
      {"SoftmaxGrad isFront dst too small",
       [&](Buf& b) { AscendC::SoftmaxGrad<float>(b.Get<float>(16), f(b, 1024), f(b, 2048), t, true, info); },
       [&](Buf& b) { AscendC::SoftmaxGrad<float>(b.Get<float>(32), f(b, 1024), f(b, 2048), t, true, info); },
       {"bounds error in SoftmaxGrad", "dstTensor holds 16 float elements, the shape needs 32 (4 rows x 8)"}},
      {"SoftmaxGradFront dst smaller than a block per row",
       [&](Buf& b) { AscendC::SoftmaxGradFront<float>(b.Get<float>(24), f(b, 1024), f(b, 2048), t, info); },
       [&](Buf& b) { AscendC::SoftmaxGradFront<float>(b.Get<float>(32), f(b, 1024), f(b, 2048), t, info); },
       {"bounds error in SoftmaxGradFront", "dstTensor holds 24 float elements, the shape needs 32 (4 rows x 8)"}},
      {"AdjustSoftMaxRes srcK unaligned",
       [&](Buf& b) { AscendC::AdjustSoftMaxRes<float, float>(f(b, 0), f(b, 4096), 0u, 0.0f, {4, 20, 4, 20}); },
       [&](Buf& b) { AscendC::AdjustSoftMaxRes<float, float>(f(b, 0), f(b, 4096), 0u, 0.0f, {4, 24, 4, 20}); },
       {"alignment error in AdjustSoftMaxRes", "srcK 20 of float"}},
      {"SimpleSoftMax inSum outside its buffer",
       [&](Buf& b) {
         AscendC::SimpleSoftMax<float>(f(b, 0), f(b, kUb - 96), f(b, 4096), f(b, 0), t, info);
       },
       [&](Buf& b) { AscendC::SimpleSoftMax<float>(f(b, 0), f(b, kUb - 128), f(b, 4096), f(b, 0), t, info); },
       {"bounds error in SimpleSoftMax", "inSumTensor"}},
  });
}

TEST(LibSoftmaxDiagnostics, OutsideVectorPositions) {
  SoftMaxTiling t;
  AscendC::SoftMaxTilingFunc(ge::Shape({2, 64}), 4, 4096, t);
  auto run = [&](bool bad) {
    return ErrorOf([&](Buf& b) {
      AscendC::TPipe* pipe = AscendC::GetTPipePtr();
      AscendC::TBuf<AscendC::TPosition::A1> l1;
      pipe->InitBuffer(l1, 1024);
      auto src = bad ? l1.Get<float>() : At<float>(b, 0);
      AscendC::SoftMax<float>(At<float>(b, 1024), src, t, {2, 64, 2, 64});
    });
  };
  const std::string e = run(true);
  EXPECT_TRUE(Has(e, "srcTensor is in") && Has(e, "supports VECIN, VECOUT and VECCALC")) << e;
  EXPECT_EQ(run(false), "");
}

}  // namespace

namespace {

// The API's operand accesses reach the sanitizer: with initcheck on, a
// SoftMax of a never-written source is reported (naming the API and the
// operand); writing the source first (Duplicate) makes the same call clean,
// and the outputs count as written for the next reader.
TEST(LibSoftmaxDiagnostics, InitcheckSeesTheOperands) {
  SoftMaxTiling t;
  AscendC::SoftMaxTilingFunc(ge::Shape({2, 64}), 4, 4096, t);
  auto run = [&](bool writeSrc) {
    aicore::SetSanitize(aicore::kInitcheck);
    const std::string e = ErrorOf([&](Buf& b) {
      auto x = At<float>(b, 0), y = At<float>(b, 1024), z = At<float>(b, 2048);
      if (writeSrc) AscendC::Duplicate(x, 0.5f, 128);
      AscendC::SoftMax<float>(y, x, At<uint8_t>(b, 8192), t, {2, 64, 2, 64});
      AscendC::Muls(z, y, 2.0f, 128);  // reads SoftMax's output
    });
    aicore::SetSanitize(0u);
    return e;
  };
  const std::string e = run(false);
  EXPECT_TRUE(Has(e, "SoftMax") && Has(e, "srcTensor")) << e;
  EXPECT_EQ(run(true), "");
}

}  // namespace
