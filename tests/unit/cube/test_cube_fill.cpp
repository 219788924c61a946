// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Fill / InitConstValue (InitConstValueParams) of L1, L0A and L0B against a
// scalar model of the documented geometry (blocks of 32 bytes in L1, 512 in
// L0A/L0B; repeatTimes repeats of blockNum blocks, dstGap blocks between
// repeats), randomized over the parameters and the 910B types, bit-exact,
// the bytes outside the blocks untouched; the diagnostics, each buggy call
// with its clean twin; and Fill's events: an Mmad after a Fill of L0A/L0B
// needs MTE1 -> M (synccheck) and reads bytes Fill initialized (initcheck).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "aicore/aicore.h"
#include "unit/cube/cube_test_util.h"

namespace {

using namespace AscendC;  // NOLINT
using cube_test::Bytes;

constexpr uint8_t kFill = 0xA5;  // bytes the instruction must leave alone

// The model: element by element, from the documented formula.
template <class T>
void RefFill(Bytes& dst, uint32_t block, const InitConstValueParams<T>& p) {
  if (p.repeatTimes == 0 || p.blockNum == 0) return;
  for (uint32_t r = 0; r < p.repeatTimes; ++r) {
    for (uint32_t b = 0; b < p.blockNum; ++b) {
      const uint64_t start = (uint64_t{r} * (p.blockNum + p.dstGap) + b) * block;
      for (uint32_t e = 0; e < block / sizeof(T); ++e) {
        std::memcpy(&dst[start + e * sizeof(T)], &p.initValue, sizeof(T));
      }
    }
  }
}

template <class T>
T RandomValue(cube_test::Rng& rng) {
  T v;
  uint64_t bits = rng.Next();
  std::memcpy(static_cast<void*>(&v), &bits, sizeof(T));  // any bit pattern, NaNs included
  return v;
}

// One Fill into a buffer at position `pos`, against the model (the position
// is a run-time choice so that one launch per type is compiled).
template <class T>
void CheckOne(cube_test::Rng& rng, TPosition pos, bool old_name) {
  const bool l1 = pos == TPosition::A1 || pos == TPosition::B1;
  const uint32_t block = l1 ? 32 : 512;
  InitConstValueParams<T> p;
  p.repeatTimes = static_cast<uint16_t>(rng.Below(6));
  p.blockNum = static_cast<uint16_t>(rng.Below(l1 ? 9 : 4));
  p.dstGap = static_cast<uint16_t>(rng.Below(4));
  p.initValue = RandomValue<T>(rng);
  const uint32_t lead = block * rng.Below(3);  // dst starts this far into its buffer
  const uint32_t span = p.repeatTimes == 0 || p.blockNum == 0
                            ? 0
                            : ((p.repeatTimes - 1u) * (p.blockNum + p.dstGap) + p.blockNum) * block;
  const uint32_t bytes = lead + span + block * (1 + rng.Below(2));
  SCOPED_TRACE(testing::Message() << "pos " << static_cast<int>(pos) << " es " << sizeof(T)
                                  << " repeat " << p.repeatTimes << " blockNum " << p.blockNum
                                  << " gap " << p.dstGap << " lead " << lead << " old " << old_name);
  Bytes want(bytes, kFill), got(bytes, kFill);
  {
    Bytes tail(want.begin() + lead, want.end());
    RefFill(tail, block, p);
    std::copy(tail.begin(), tail.end(), want.begin() + lead);
  }
  cube_test::RunBlock([&] {
    TPipe pipe;
    auto run = [&](auto& buf) {
      pipe.InitBuffer(buf, bytes);
      LocalTensor<uint8_t> all = buf.template Get<uint8_t>();
      std::memcpy(all.GetPhyAddr(), got.data(), bytes);
      LocalTensor<T> dst = all[lead].template ReinterpretCast<T>();
      if (old_name) {
        InitConstValue(dst, p);
      } else {
        Fill(dst, p);
      }
      std::memcpy(got.data(), all.GetPhyAddr(), bytes);
    };
    TBuf<TPosition::A1> a1;
    TBuf<TPosition::B1> b1;
    TBuf<TPosition::A2> a2;
    TBuf<TPosition::B2> b2;
    if (pos == TPosition::A1) run(a1);
    if (pos == TPosition::B1) run(b1);
    if (pos == TPosition::A2) run(a2);
    if (pos == TPosition::B2) run(b2);
  });
  for (size_t i = 0; i < bytes; ++i) {
    ASSERT_EQ(got[i], want[i]) << "byte " << i;
  }
}

template <class T>
void CheckType(uint64_t seed) {
  cube_test::Rng rng(seed);
  for (int t = 0; t < 25; ++t) {
    CheckOne<T>(rng, TPosition::A1, t % 5 == 0);
    CheckOne<T>(rng, TPosition::B1, false);
    CheckOne<T>(rng, TPosition::A2, t % 7 == 0);
    CheckOne<T>(rng, TPosition::B2, false);
  }
}

TEST(CubeFill, RandomizedInt16) { CheckType<int16_t>(1); }
TEST(CubeFill, RandomizedUint16) { CheckType<uint16_t>(2); }
TEST(CubeFill, RandomizedHalf) { CheckType<half>(3); }
TEST(CubeFill, RandomizedBf16) { CheckType<bfloat16_t>(4); }
TEST(CubeFill, RandomizedInt32) { CheckType<int32_t>(5); }
TEST(CubeFill, RandomizedUint32) { CheckType<uint32_t>(6); }
TEST(CubeFill, RandomizedFloat) { CheckType<float>(7); }

// The documented example: 16 x 16 floats of L1 set to 1 with brace init.
TEST(CubeFill, DocumentedExample) {
  std::vector<float> got(16 * 16 + 8, -2.0f);
  cube_test::RunBlock([&] {
    TPipe pipe;
    TBuf<TPosition::A1> a1;
    pipe.InitBuffer(a1, static_cast<uint32_t>(got.size() * sizeof(float)));
    LocalTensor<float> m = a1.Get<float>();
    std::memcpy(m.GetPhyAddr(), got.data(), got.size() * sizeof(float));
    Fill(m, {1, static_cast<uint16_t>(16 * 16 * sizeof(float) / 32), 0, 1});
    std::memcpy(got.data(), m.GetPhyAddr(), got.size() * sizeof(float));
  });
  for (size_t i = 0; i < 256; ++i) ASSERT_EQ(got[i], 1.0f) << i;
  for (size_t i = 256; i < got.size(); ++i) ASSERT_EQ(got[i], -2.0f) << i;
}

// ---- diagnostics: buggy call and clean twin ------------------------------------------

template <class F>
void ExpectPair(F&& body, const std::vector<std::string>& fragments) {
  const std::string bad = cube_test::ErrorOf([&] { body(true); });
  ASSERT_FALSE(bad.empty()) << "no error from the buggy variant";
  for (const auto& f : fragments) EXPECT_TRUE(cube_test::Has(bad, f)) << "missing '" << f << "' in: " << bad;
  EXPECT_TRUE(cube_test::Has(bad, "test_cube_fill.cpp:")) << bad;
  EXPECT_EQ(cube_test::ErrorOf([&] { body(false); }), "");
}

TEST(CubeFillDiagnostics, WrongPosition) {
  ExpectPair(
      [](bool bad) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> ub;
        TBuf<TPosition::B2> b2;
        pipe.InitBuffer(ub, 1024);
        pipe.InitBuffer(b2, 1024);
        LocalTensor<half> dst = bad ? ub.Get<half>() : b2.Get<half>();
        Fill(dst, InitConstValueParams<half>(2, 1, 0, half(0.5f)));
      },
      {"Fill", "dst", "VECCALC", "L0A (A2) or L0B (B2) or L1 (A1/B1)"});
}

TEST(CubeFillDiagnostics, L0Misaligned) {
  ExpectPair(
      [](bool bad) {
        TPipe pipe;
        TBuf<TPosition::A2> a2;
        pipe.InitBuffer(a2, 2048);
        LocalTensor<float> all = a2.Get<float>();
        // 64 bytes in: 32-byte aligned (enough in L1) but not one fractal.
        LocalTensor<float> dst = bad ? all[16] : all[128];
        InitConstValue(dst, InitConstValueParams<float>(1, 1, 0, 2.0f));
      },
      {"InitConstValue", "512-byte aligned"});
}

TEST(CubeFillDiagnostics, PastTheBuffer) {
  ExpectPair(
      [](bool bad) {
        TPipe pipe;
        TBuf<TPosition::A1> a1;
        pipe.InitBuffer(a1, 32 * 10);
        // 3 repeats of 2 blocks, gap 2: the last block ends at (2*4 + 2) * 32 = 320 bytes.
        InitConstValueParams<int32_t> p(3, 2, bad ? 3 : 2, 7);
        Fill(a1.Get<int32_t>(), p);
      },
      {"Fill", "dst", "the last block written"});
}

TEST(CubeFillDiagnostics, ParameterRange) {
  ExpectPair(
      [](bool bad) {
        TPipe pipe;
        TBuf<TPosition::B1> b1;
        pipe.InitBuffer(b1, 64);
        InitConstValueParams<uint16_t> p(1, 1, 0, 3);
        if (bad) p.dstGap = 40000;
        Fill(b1.Get<uint16_t>(), p);
      },
      {"Fill", "InitConstValueParams.dstGap 40000 is outside [0, 32767]"});
}

// repeatTimes 0 or blockNum 0 (the two-argument constructor) write nothing,
// even where the blocks would not fit.
TEST(CubeFill, ZeroIsNoOp) {
  std::vector<uint16_t> got(32, 0x1234);
  cube_test::RunBlock([&] {
    TPipe pipe;
    TBuf<TPosition::B1> b1;
    pipe.InitBuffer(b1, 64);
    LocalTensor<uint16_t> t = b1.Get<uint16_t>();
    std::memcpy(t.GetPhyAddr(), got.data(), 64);
    Fill(t, InitConstValueParams<uint16_t>(1000, 0));
    Fill(t, InitConstValueParams<uint16_t>(0, 1000, 0, 0));
    std::memcpy(got.data(), t.GetPhyAddr(), 64);
  });
  for (uint16_t v : got) ASSERT_EQ(v, 0x1234);
}

// ---- events: Fill then Mmad -----------------------------------------------------------

// A (16 x 32) filled with 1, B (32 x 16) with 2, C = A x B (every element
// 64); `flag`: MTE1 -> M between them; `short_a`: only A's first fractal.
std::vector<aicore::KernelError> FillThenMmad(uint32_t modes, bool flag, bool short_a, float* c00) {
  aicore::ErrorRecorder rec(modes);
  cube_test::RunBlock([&] {
    TPipe pipe;
    TBuf<TPosition::A2> a2;
    TBuf<TPosition::B2> b2;
    TBuf<TPosition::CO1> co1;
    pipe.InitBuffer(a2, 1024);
    pipe.InitBuffer(b2, 1024);
    pipe.InitBuffer(co1, 1024);
    LocalTensor<half> a = a2.Get<half>(), b = b2.Get<half>();
    LocalTensor<float> c = co1.Get<float>();
    Fill(a, InitConstValueParams<half>(1, short_a ? 1 : 2, 0, half(1.0f)));
    InitConstValue(b, InitConstValueParams<half>(2, 1, 0, half(2.0f)));
    if (flag) {
      SetFlag<HardEvent::MTE1_M>(EVENT_ID0);
      WaitFlag<HardEvent::MTE1_M>(EVENT_ID0);
    }
    MmadParams mp;
    mp.m = 16;
    mp.n = 16;
    mp.k = 32;
    Mmad(c, a, b, mp);  // the line the reports name
    *c00 = *c.GetPhyAddr();
  });
  return rec.reports();
}

TEST(CubeFillEvents, SynccheckWantsMte1ToM) {
  float c00 = 0;
  auto reps = FillThenMmad(aicore::kSanitizeAll, true, false, &c00);
  EXPECT_TRUE(reps.empty()) << reps[0].what();
  EXPECT_EQ(c00, 64.0f);
  reps = FillThenMmad(aicore::kSynccheck, false, false, &c00);
  ASSERT_FALSE(reps.empty());
  const std::string what = reps[0].what();
  EXPECT_EQ(reps[0].kind(), aicore::ErrorKind::kHazard) << what;
  EXPECT_TRUE(cube_test::Has(what, "of Mmad (M pipe) reads")) << what;
  EXPECT_TRUE(cube_test::Has(what, "last written by dst of")) << what;
  EXPECT_TRUE(cube_test::Has(what, "(MTE1 pipe)")) << what;
  EXPECT_TRUE(cube_test::Has(what, "SetFlag<HardEvent::MTE1_M>(id)")) << what;
  EXPECT_TRUE(cube_test::Has(what, "test_cube_fill.cpp:")) << what;
}

TEST(CubeFillEvents, InitcheckSeesTheFilledBytes) {
  float c00 = 0;
  EXPECT_TRUE(FillThenMmad(aicore::kInitcheck, true, false, &c00).empty());
  const auto reps = FillThenMmad(aicore::kInitcheck, true, true, &c00);
  ASSERT_FALSE(reps.empty());
  const std::string what = reps[0].what();
  EXPECT_EQ(reps[0].kind(), aicore::ErrorKind::kUninit) << what;
  EXPECT_TRUE(cube_test::Has(what, "uninitialized read: fm of Mmad reads")) << what;
}

}  // namespace
