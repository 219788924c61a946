// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host helpers of the math APIs (lib/math_tiling.h) as kernels' host code
// reaches them through tiling/tiling_api.h: GetXxxMaxMinTmpSize and
// GetXxxTmpBufferFactorSize against an independent restatement of the
// vendor's public per-API factors (half, float) over shapes below, at and
// above one 256-byte repeat.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "tiling/tiling_api.h"

namespace {

using MaxMinFn = void (*)(const ge::Shape&, uint32_t, bool, uint32_t&, uint32_t&);
using FactorFn = void (*)(uint32_t, uint32_t&, uint32_t&);

struct FacRow {
  const char* name;
  MaxMinFn max_min;
  FactorFn factor;
  uint32_t half_fac;
  uint32_t float_fac;
};

const std::vector<std::vector<int64_t>>& Shapes() {
  static const std::vector<std::vector<int64_t>> s = {{1}, {37}, {64}, {65}, {128}, {300},
                                                      {8, 129}, {4096}, {2, 3, 1000}};
  return s;
}

uint64_t Count(const std::vector<int64_t>& dims) {
  uint64_t n = 1;
  for (int64_t d : dims) n *= static_cast<uint64_t>(d);
  return n;
}

TEST(MathTiling, FactorFamiliesMatchTheVendorFactors) {
  const FacRow rows[] = {
      {"Acos", AscendC::GetAcosMaxMinTmpSize, AscendC::GetAcosTmpBufferFactorSize, 6, 2},
      {"Asin", AscendC::GetAsinMaxMinTmpSize, AscendC::GetAsinTmpBufferFactorSize, 6, 2},
      {"Atan", AscendC::GetAtanMaxMinTmpSize, AscendC::GetAtanTmpBufferFactorSize, 12, 5},
      {"Asinh", AscendC::GetAsinhMaxMinTmpSize, AscendC::GetAsinhTmpBufferFactorSize, 3, 3},
      {"Atanh", AscendC::GetAtanhMaxMinTmpSize, AscendC::GetAtanhTmpBufferFactorSize, 4, 1},
      {"Cosh", AscendC::GetCoshMaxMinTmpSize, AscendC::GetCoshTmpBufferFactorSize, 6, 2},
      {"Sinh", AscendC::GetSinhMaxMinTmpSize, AscendC::GetSinhTmpBufferFactorSize, 4, 1},
      {"Tan", AscendC::GetTanMaxMinTmpSize, AscendC::GetTanTmpBufferFactorSize, 10, 4},
      {"Erf", AscendC::GetErfMaxMinTmpSize, AscendC::GetErfTmpBufferFactorSize, 8, 3},
      {"Erfc", AscendC::GetErfcMaxMinTmpSize, AscendC::GetErfcTmpBufferFactorSize, 16, 7},
  };
  for (const FacRow& r : rows) {
    for (uint32_t ts : {2u, 4u}) {
      const uint32_t fac = ts == 4 ? r.float_fac : r.half_fac;
      for (const auto& dims : Shapes()) {
        for (bool reuse : {false, true}) {
          uint32_t mx = 1, mn = 1;
          r.max_min(ge::Shape(dims), ts, reuse, mx, mn);
          const uint64_t bytes = Count(dims) * ts;
          SCOPED_TRACE(std::string(r.name) + " ts=" + std::to_string(ts) +
                       " n=" + std::to_string(Count(dims)));
          EXPECT_EQ(mn, fac * 256u);
          EXPECT_EQ(mx, fac * std::max<uint64_t>(bytes, 256));
          EXPECT_LE(mn, mx);
        }
      }
      uint32_t live = 99, extra = 99;
      r.factor(ts, live, extra);
      EXPECT_EQ(live, fac) << r.name << " ts=" << ts;
      EXPECT_EQ(extra, 0u) << r.name;
    }
  }
}

TEST(MathTiling, SinCosFloatReuseNeedsOneNodeLess) {
  for (MaxMinFn fn : {MaxMinFn{AscendC::GetSinMaxMinTmpSize}, MaxMinFn{AscendC::GetCosMaxMinTmpSize}}) {
    for (const auto& dims : Shapes()) {
      const uint64_t n = Count(dims);
      uint32_t mx = 0, mn = 0;
      fn(ge::Shape(dims), 2, false, mx, mn);
      EXPECT_EQ(mn, 8u * 256u);
      EXPECT_EQ(mx, 8u * std::max<uint64_t>(2 * n, 256));
      fn(ge::Shape(dims), 4, false, mx, mn);
      EXPECT_EQ(mn, 3u * 256u);
      EXPECT_EQ(mx, 3u * std::max<uint64_t>(4 * n, 256));
      fn(ge::Shape(dims), 4, true, mx, mn);
      EXPECT_EQ(mn, 2u * 256u);
      EXPECT_EQ(mx, 2u * std::max<uint64_t>(4 * n, 256));
    }
  }
  uint32_t live = 0, extra = 1;
  AscendC::GetSinTmpBufferFactorSize(4, live, extra);
  EXPECT_EQ(live, 3u);
  EXPECT_EQ(extra, 0u);
  AscendC::GetCosTmpBufferFactorSize(2, live, extra);
  EXPECT_EQ(live, 8u);
}

TEST(MathTiling, SinConfigRadianReductionKeepsTwoAlignedFloatTensors) {
  uint32_t mx = 1, mn = 1;
  AscendC::GetSinMaxMinTmpSize(AscendC::defaultSinConfig, ge::Shape({100}), 4, false, mx, mn);
  EXPECT_EQ(mx, 0u);
  EXPECT_EQ(mn, 0u);
  const AscendC::SinConfig radian{AscendC::SinAlgo::RADIAN_REDUCTION};
  AscendC::GetSinMaxMinTmpSize(radian, ge::Shape({100}), 4, false, mx, mn);
  EXPECT_EQ(mn, 8u * 128u + 32u);  // 100 rounded up to 32 -> 128
  EXPECT_EQ(mx, mn);
  const AscendC::CosConfig cos_radian{AscendC::CosAlgo::RADIAN_REDUCTION};
  AscendC::GetCosMaxMinTmpSize(cos_radian, ge::Shape({32}), 2, false, mx, mn);
  EXPECT_EQ(mn, 8u * 32u + 32u);
  uint32_t live = 0, extra = 0;
  AscendC::GetSinTmpBufferFactorSize(radian, 4, live, extra);
  EXPECT_EQ(live, 2u);
  EXPECT_EQ(extra, 32u);
  AscendC::GetCosTmpBufferFactorSize(cos_radian, 2, live, extra);
  EXPECT_EQ(live, 4u);
  EXPECT_EQ(extra, 0u);
}

TEST(MathTiling, ExpCountsFloatBytesAndReturnsTrue) {
  for (const auto& dims : Shapes()) {
    const uint64_t n = Count(dims);
    const uint64_t c = std::max<uint64_t>(4 * n, 256);  // float-sized, whatever the type
    uint32_t mx = 0, mn = 0;
    EXPECT_TRUE(AscendC::GetExpMaxMinTmpSize(ge::Shape(dims), 2, false, mx, mn));
    EXPECT_EQ(mn, 4u * 256u);
    EXPECT_EQ(mx, 4u * c);
    EXPECT_TRUE(AscendC::GetExpMaxMinTmpSize(ge::Shape(dims), 2, true, mx, mn));
    EXPECT_EQ(mn, 4u * 256u);
    EXPECT_TRUE(AscendC::GetExpMaxMinTmpSize(ge::Shape(dims), 4, false, mx, mn));
    EXPECT_EQ(mn, 3u * 256u);
    EXPECT_EQ(mx, 3u * c);
    EXPECT_TRUE(AscendC::GetExpMaxMinTmpSize(ge::Shape(dims), 4, true, mx, mn));
    EXPECT_EQ(mn, 2u * 256u);
    EXPECT_EQ(mx, 2u * c);
  }
  uint32_t live = 0, extra = 1;
  AscendC::GetExpTmpBufferFactorSize(2, live, extra);
  EXPECT_EQ(live, 8u);
  EXPECT_EQ(extra, 0u);
  AscendC::GetExpTmpBufferFactorSize(4, live, extra);
  EXPECT_EQ(live, 3u);
}

TEST(MathTiling, LogFamily) {
  for (const auto& dims : Shapes()) {
    const uint64_t n = Count(dims);
    for (uint32_t ts : {2u, 4u}) {
      uint32_t mx = 1, mn = 1;
      AscendC::GetLogMaxMinTmpSize(ge::Shape(dims), ts, false, mx, mn);
      EXPECT_EQ(mx, 0u);
      EXPECT_EQ(mn, 0u);
      mx = mn = 1;
      AscendC::GetLog10MaxMinTmpSize(ge::Shape(dims), ts, false, mx, mn);
      EXPECT_EQ(mx, 0u);
      EXPECT_EQ(mn, 0u);
    }
    uint32_t mx = 1, mn = 1;
    AscendC::GetLog2MaxMinTmpSize(ge::Shape(dims), 4, false, mx, mn);
    EXPECT_EQ(mx, 0u);
    EXPECT_EQ(mn, 0u);
    AscendC::GetLog2MaxMinTmpSize(ge::Shape(dims), 2, false, mx, mn);
    EXPECT_EQ(mn, 256u);
    EXPECT_EQ(mx, std::max<uint64_t>(4 * n, 256));
  }
  uint32_t live = 9, extra = 9;
  AscendC::GetLogTmpBufferFactorSize(2, live, extra);
  EXPECT_EQ(live, 0u);
  EXPECT_EQ(extra, 0u);
  AscendC::GetLog10TmpBufferFactorSize(4, live, extra);
  EXPECT_EQ(live, 0u);
  AscendC::GetLog2TmpBufferFactorSize(2, live, extra);
  EXPECT_EQ(live, 2u);
  AscendC::GetLog2TmpBufferFactorSize(4, live, extra);
  EXPECT_EQ(live, 0u);
}

TEST(MathTiling, AcoshScalesElementsBeforeTheTypeSize) {
  for (const auto& dims : Shapes()) {
    const uint64_t n = Count(dims);
    uint32_t mx = 0, mn = 0;
    AscendC::GetAcoshMaxMinTmpSize(ge::Shape(dims), 2, false, mx, mn);
    EXPECT_EQ(mn, 512u);
    EXPECT_EQ(mx, std::max<uint64_t>(2 * n, 256) * 2);
    AscendC::GetAcoshMaxMinTmpSize(ge::Shape(dims), 4, false, mx, mn);
    EXPECT_EQ(mn, 256u);
    EXPECT_EQ(mx, std::max<uint64_t>(n, 256) * 4);
  }
  uint32_t live = 0, extra = 1;
  AscendC::GetAcoshTmpBufferFactorSize(2, live, extra);
  EXPECT_EQ(live, 2u);
  EXPECT_EQ(extra, 0u);
  AscendC::GetAcoshTmpBufferFactorSize(4, live, extra);
  EXPECT_EQ(live, 1u);
}

// The documented use of the factor: the largest element count one call can
// take in a given space, currBuff - extraBuf over maxLiveNodeCount * typeSize;
// the space the max-min helper reports for that count fits it.
TEST(MathTiling, FactorAndMaxAgreeOnTheLargestCount) {
  for (uint32_t ts : {2u, 4u}) {
    uint32_t live = 0, extra = 0;
    AscendC::GetErfTmpBufferFactorSize(ts, live, extra);
    const uint32_t curr = 64 * 1024;
    const uint32_t count = (curr - extra) / live / ts;
    uint32_t mx = 0, mn = 0;
    AscendC::GetErfMaxMinTmpSize(ge::Shape({static_cast<int64_t>(count)}), ts, false, mx, mn);
    EXPECT_LE(mx, curr);
    EXPECT_GT(mx + live * ts, curr);
  }
}

}  // namespace
