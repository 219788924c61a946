// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Pad and UnPad (lib/pad.h) and their host helpers (lib/pad_tiling.h).
//
// Pad: both public forms (with sharedTmpBuffer, and without: the temporary
// space from the free UB), every type (int16_t, uint16_t, half, int32_t,
// uint32_t, float), random shapes of both cases the reference defines:
// srcWidth 32-byte aligned with 1 .. e-1 redundant columns padded on the
// right (also in place, dst == src), and srcWidth not aligned, padded left
// and right to the aligned width; tilings from PadTilingFunc with the minimum,
// the maximum and other temporary sizes; random bit patterns (NaNs included)
// and random padValues (the whole int32 range). Against the scalar model
//   aligned:   dst[r][c] = W' <= c < W' + rightPad ? v : src[r][c]
//   unaligned: dst[r][c] = c < leftPad || c >= leftPad + W ? v : src[r][c - leftPad]
// with v the model's own conversion of padValue (round to nearest for half
// and float, modulo 2^n for integers), bit for bit; elements past dst's shape
// stay untouched.
// UnPad: both forms, every type, random aligned widths and rightPad, in place
// too, against dst[r * (W - rightPad) + c] = src[r * W + c], bit for bit.
// Host helpers: values worked out by hand from the vendor's formulas.
// Every diagnostic with its clean twin.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

#include "aicore/lib/pad.h"
#include "unit/ops/op_test_util.h"

// A kernel's tiling with the API's structs inside, as the reference shows.
namespace optiling {
BEGIN_TILING_DATA_DEF(PadTestTilingData)
TILING_DATA_FIELD_DEF(uint32_t, height);
TILING_DATA_FIELD_DEF_STRUCT(PadTiling, padTilingData);
TILING_DATA_FIELD_DEF_STRUCT(UnPadTiling, unpadTilingData);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace aicore_test {
namespace {

using AscendC::LocalTensor;
using AscendC::TBuf;
using AscendC::TPosition;

bool Has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

// static_cast<T>(padValue), worked out independently of the library.
template <class T>
T PadValueModel(int32_t v) {
  if constexpr (ref::kIsFloating<T>) {
    return ref::RoundTo<T>(static_cast<double>(v));
  } else {
    const uint32_t bits = static_cast<uint32_t>(v);
    T out;
    if constexpr (sizeof(T) == 2) {
      const uint16_t b = static_cast<uint16_t>(bits & 0xffffu);
      std::memcpy(&out, &b, 2);
    } else {
      std::memcpy(&out, &bits, 4);
    }
    return out;
  }
}

template <class T>
bool SameBits(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

AscendC::PadTiling MakePadTiling(uint32_t h, uint32_t w, uint32_t ow, uint32_t stack, uint32_t ts) {
  AscendC::PadTiling t;
  AscendC::PadTilingFunc(ge::Shape({h, w}), ge::Shape({h, ow}), stack, ts, t);
  return t;
}

struct PadCase {
  uint32_t h, w, ow, left, right;
  int32_t pad;
  uint32_t stack;
  int form;  // 0 sharedTmpBuffer, 1 without, 2 in place (aligned only)
};

constexpr uint32_t kGuard = 32;  // elements after dst's shape that must stay untouched

template <class T>
void RunPad(Rng& rng, const PadCase& c) {
  constexpr uint32_t e = 32 / sizeof(T);
  const bool aligned = c.w % e == 0;
  const uint32_t wa = (c.w + e - 1) / e * e;
  const uint32_t sn = c.h * c.w, dn = c.h * wa;
  AscendC::PadTiling tiling = MakePadTiling(c.h, c.w, c.ow, c.stack, sizeof(T));
  const uint32_t tmp_bytes = std::max<uint32_t>(tiling.tmpBuffer1BlockNum * 1024, 32);
  std::vector<T> x = RandomBitsVec<T>(rng, sn);
  std::vector<T> y(dn + kGuard);
  aicore::Launch(
      [&] {
        AscendC::TPipe pipe;
        TBuf<TPosition::VECCALC> bs, bd, bt;
        pipe.InitBuffer(bs, Round32(sn * sizeof(T)));
        pipe.InitBuffer(bd, Round32((dn + kGuard) * sizeof(T)));
        pipe.InitBuffer(bt, Round32(tmp_bytes));
        LocalTensor<T> src = bs.Get<T>(sn), dst = bd.Get<T>(dn + kGuard);
        LocalTensor<uint8_t> tmp = bt.Get<uint8_t>(tmp_bytes);
        std::memset(static_cast<void*>(dst.GetPhyAddr()), kSentinel, (dn + kGuard) * sizeof(T));
        if (c.form == 2) src = dst;
        std::memcpy(static_cast<void*>(src.GetPhyAddr()), x.data(), sn * sizeof(T));
        AscendC::PadParams params(static_cast<uint16_t>(c.left), static_cast<uint16_t>(c.right),
                                  c.pad);
        if (c.form == 0) {
          AscendC::Pad(dst, src, params, tmp, tiling);
        } else {
          AscendC::Pad<T>(dst, src, params, tiling);
        }
        std::memcpy(static_cast<void*>(y.data()), dst.GetPhyAddr(), (dn + kGuard) * sizeof(T));
      },
      1);
  const T v = PadValueModel<T>(c.pad);
  int bad = 0;
  for (uint32_t r = 0; r < c.h; ++r) {
    for (uint32_t col = 0; col < wa; ++col) {
      T want;
      if (aligned) {
        want = (col >= c.ow && col < c.ow + c.right) ? v : x[r * c.w + col];
      } else {
        want = (col < c.left || col >= c.left + c.w) ? v : x[r * c.w + col - c.left];
      }
      const T got = y[r * wa + col];
      if (!SameBits(got, want) && ++bad <= 5) {
        ADD_FAILURE() << aicore::detail::TypeName<T>() << " H " << c.h << " W " << c.w << " W' "
                      << c.ow << " pads " << c.left << "/" << c.right << " form " << c.form
                      << " stack " << c.stack << ": [" << r << "][" << col << "] got "
                      << Show(got) << " want " << Show(want);
      }
    }
  }
  EXPECT_EQ(bad, 0);
  for (uint32_t i = dn; i < dn + kGuard; ++i) {
    uint8_t b[sizeof(T)];
    std::memcpy(b, &y[i], sizeof(T));
    ASSERT_EQ(b[0], kSentinel) << "element " << i << " past dst's shape written";
  }
}

int32_t RandomPadValue(Rng& rng) {
  switch (rng.Below(3)) {
    case 0: return static_cast<int32_t>(rng.Next());
    case 1: return static_cast<int32_t>(rng.Below(200001)) - 100000;
    default: return static_cast<int32_t>(rng.Below(2001)) - 1000;
  }
}

// A temporary size for PadTilingFunc: 0 (aligned only), the minimum, the
// maximum (capped at what fits UB and the 255 blocks the NPU takes), others.
uint32_t RandomStack(Rng& rng, uint32_t h, uint32_t w, uint32_t ts, bool aligned) {
  uint32_t mx = 0, mn = 0;
  AscendC::GetPadMaxMinTmpSize(ge::Shape({h, w}), ts, mx, mn);
  const uint32_t cap = 40 * 1024;
  switch (rng.Below(aligned ? 4 : 3)) {
    case 0: return mn;
    case 1: return std::min(mx, cap);
    case 2: return 1024 * static_cast<uint32_t>(1 + rng.Below(8)) + static_cast<uint32_t>(rng.Below(1024));
    default: return 0;
  }
}

template <class T>
void CheckPad(uint64_t seed) {
  constexpr uint32_t e = 32 / sizeof(T);
  Rng rng(seed);
  for (int it = 0; it < 60; ++it) {
    // Aligned width, 1 .. e-1 redundant columns, rightPad up to them.
    PadCase c{};
    const uint32_t k = 1 + static_cast<uint32_t>(rng.Below(it % 10 == 0 ? 2 : 12));
    c.w = k * e;
    const uint32_t d = 1 + static_cast<uint32_t>(rng.Below(e - 1));
    c.ow = c.w - d;
    c.right = 1 + static_cast<uint32_t>(rng.Below(d));
    c.h = it % 10 == 0 ? 255 + static_cast<uint32_t>(rng.Below(300)) : 1 + static_cast<uint32_t>(rng.Below(40));
    c.pad = RandomPadValue(rng);
    c.stack = RandomStack(rng, c.h, c.w, sizeof(T), true);
    c.form = static_cast<int>(rng.Below(3));
    RunPad<T>(rng, c);
  }
  for (int it = 0; it < 60; ++it) {
    // Unaligned width padded to the aligned one; H makes H * W a multiple of e.
    PadCase c{};
    do {
      c.w = 1 + static_cast<uint32_t>(rng.Below(it % 4 == 0 ? e : 300));
    } while (c.w % e == 0);
    c.ow = c.w;
    const uint32_t gap = (c.w + e - 1) / e * e - c.w;
    c.left = static_cast<uint32_t>(rng.Below(gap + 1));
    c.right = gap - c.left;
    const uint32_t step = e / std::gcd(c.w, e);
    c.h = (1 + static_cast<uint32_t>(rng.Below(24)) + step - 1) / step * step;
    c.pad = RandomPadValue(rng);
    c.stack = RandomStack(rng, c.h, c.w, sizeof(T), false);
    c.form = static_cast<int>(rng.Below(2));
    RunPad<T>(rng, c);
  }
}

TEST(LibPad, Int16) { CheckPad<int16_t>(121); }
TEST(LibPad, Uint16) { CheckPad<uint16_t>(122); }
TEST(LibPad, Half) { CheckPad<half>(123); }
TEST(LibPad, Int32) { CheckPad<int32_t>(124); }
TEST(LibPad, Uint32) { CheckPad<uint32_t>(125); }
TEST(LibPad, Float) { CheckPad<float>(126); }

// The reference's example: half 16 x 15, PadParams{0, 1, 321}: each row gets
// 321 as its 16th element.
TEST(LibPad, ReferenceExample) {
  AscendC::PadTiling tiling = MakePadTiling(16, 15, 15, 1024, 2);
  std::vector<half> y(256);
  aicore::Launch(
      [&] {
        AscendC::TPipe pipe;
        TBuf<TPosition::VECCALC> bs, bd;
        pipe.InitBuffer(bs, 512);
        pipe.InitBuffer(bd, 512);
        LocalTensor<half> src = bs.Get<half>(), dst = bd.Get<half>();
        for (int i = 0; i < 240; ++i) src.SetValue(i, half(static_cast<float>(i)));
        AscendC::PadParams params{0, 1, 321};
        AscendC::Pad(dst, src, params, tiling);
        std::memcpy(static_cast<void*>(y.data()), dst.GetPhyAddr(), 512);
      },
      1);
  for (int r = 0; r < 16; ++r) {
    for (int c = 0; c < 16; ++c) {
      EXPECT_EQ(static_cast<float>(y[r * 16 + c]), c == 15 ? 321.0f : static_cast<float>(r * 15 + c))
          << r << ", " << c;
    }
  }
}

// ---- UnPad ---------------------------------------------------------------------------

template <class T>
void RunUnPad(Rng& rng, uint32_t h, uint32_t w, uint32_t left, uint32_t right, uint32_t stack,
              int form) {
  const uint32_t ow = w - right, sn = h * w, dn = h * ow;
  AscendC::UnPadTiling tiling;
  AscendC::UnPadTilingFunc(ge::Shape({h, w}), stack, sizeof(T), tiling);
  std::vector<T> x = RandomBitsVec<T>(rng, sn);
  const uint32_t span = (form == 2 ? sn : dn) + kGuard;
  std::vector<T> y(span);
  aicore::Launch(
      [&] {
        AscendC::TPipe pipe;
        TBuf<TPosition::VECCALC> bs, bd, bt;
        pipe.InitBuffer(bs, Round32(sn * sizeof(T)));
        pipe.InitBuffer(bd, Round32(span * sizeof(T)));
        pipe.InitBuffer(bt, 1024);
        LocalTensor<T> src = bs.Get<T>(sn), dst = bd.Get<T>(span);
        LocalTensor<uint8_t> tmp = bt.Get<uint8_t>();
        std::memset(static_cast<void*>(dst.GetPhyAddr()), kSentinel, span * sizeof(T));
        if (form == 2) src = dst;
        std::memcpy(static_cast<void*>(src.GetPhyAddr()), x.data(), sn * sizeof(T));
        AscendC::UnPadParams params(static_cast<uint16_t>(left), static_cast<uint16_t>(right));
        if (form == 0) {
          AscendC::UnPad(dst, src, params, tmp, tiling);
        } else {
          AscendC::UnPad<T>(dst, src, params, tiling);
        }
        std::memcpy(static_cast<void*>(y.data()), dst.GetPhyAddr(), span * sizeof(T));
      },
      1);
  int bad = 0;
  for (uint32_t r = 0; r < h; ++r) {
    for (uint32_t c = 0; c < ow; ++c) {
      if (!SameBits(y[r * ow + c], x[r * w + c]) && ++bad <= 5) {
        ADD_FAILURE() << aicore::detail::TypeName<T>() << " H " << h << " W " << w << " rightPad "
                      << right << " form " << form << ": [" << r << "][" << c << "] got "
                      << Show(y[r * ow + c]) << " want " << Show(x[r * w + c]);
      }
    }
  }
  EXPECT_EQ(bad, 0);
  for (uint32_t i = span - kGuard; i < span; ++i) {
    uint8_t b[sizeof(T)];
    std::memcpy(b, &y[i], sizeof(T));
    ASSERT_EQ(b[0], kSentinel) << "element " << i << " past dst's shape written";
  }
}

template <class T>
void CheckUnPad(uint64_t seed) {
  constexpr uint32_t e = 32 / sizeof(T);
  Rng rng(seed);
  for (int it = 0; it < 60; ++it) {
    const bool tall = it % 15 == 0;  // 255 rows, the most UnPad takes
    const uint32_t w = e * (1 + static_cast<uint32_t>(rng.Below(tall ? 3 : 16)));
    const uint32_t right = 1 + static_cast<uint32_t>(rng.Below(e - 1));
    const uint32_t h = tall ? 255 : 1 + static_cast<uint32_t>(rng.Below(40));
    const uint32_t left = static_cast<uint32_t>(rng.Below(3));  // not applied (the reference)
    const uint32_t stack = rng.Below(2) ? 0 : 1024 * static_cast<uint32_t>(1 + rng.Below(4));
    RunUnPad<T>(rng, h, w, left, right, stack, static_cast<int>(rng.Below(3)));
  }
}

TEST(LibUnPad, Int16) { CheckUnPad<int16_t>(131); }
TEST(LibUnPad, Uint16) { CheckUnPad<uint16_t>(132); }
TEST(LibUnPad, Half) { CheckUnPad<half>(133); }
TEST(LibUnPad, Int32) { CheckUnPad<int32_t>(134); }
TEST(LibUnPad, Uint32) { CheckUnPad<uint32_t>(135); }
TEST(LibUnPad, Float) { CheckUnPad<float>(136); }

// ---- host helpers ---------------------------------------------------------------------

TEST(LibPad, HostTmpSizes) {
  uint32_t mx = 7, mn = 7;
  // max = round16(H * W) * 64, min = 1024, for either type size.
  AscendC::GetPadMaxMinTmpSize(ge::Shape({320, 63}), 2, mx, mn);
  EXPECT_EQ(mx, 20160u * 64);
  EXPECT_EQ(mn, 1024u);
  AscendC::GetPadMaxMinTmpSize(ge::Shape({3, 5}), 4, mx, mn);
  EXPECT_EQ(mx, 16u * 64);
  EXPECT_EQ(mn, 1024u);
  AscendC::GetPadMaxMinTmpSize(ge::Shape({0, 5}), 4, mx, mn);
  EXPECT_EQ(mx, 0u);
  // UnPad: none on the Ascend910B, Pad's values on the 310P.
  AscendC::GetUnPadMaxMinTmpSize(*platform_ascendc::PlatformAscendCManager::GetInstance("Ascend910B"),
                                 ge::Shape({320, 64}), 2, mx, mn);
  EXPECT_EQ(mx, 0u);
  EXPECT_EQ(mn, 0u);
  AscendC::GetUnPadMaxMinTmpSize(*platform_ascendc::PlatformAscendCManager::GetInstance("Ascend310P"),
                                 ge::Shape({320, 64}), 2, mx, mn);
  EXPECT_EQ(mx, 20480u * 64);
  EXPECT_EQ(mn, 1024u);
}

TEST(LibPad, HostTilingValues) {
  // half [320, 63], 1024 bytes: e = 16, one temporary block.
  AscendC::PadTiling t = MakePadTiling(320, 63, 63, 1024, 2);
  const uint32_t want1[] = {320, 63, 63, 47, 3, 255, 1, 65, 16065, 16112,
                            1, 16, 256, 16, 3, 15, 16, 16, 1260, 0, 254, 0, 2, 0, 0, 0};
  // float [16, 31] with the maximum, 31744 bytes: 31 blocks.
  AscendC::PadTiling u = MakePadTiling(16, 31, 31, 31744, 4);
  const uint32_t want2[] = {16, 31, 31, 23, 3, 255, 0, 16, 7905, 23,
                            31, 496, 3968, 496, 0, 31, 32, 496, 1, 0, 254, 0, 62, 0, 0, 0};
  static_assert(sizeof(AscendC::PadTiling) == sizeof(want1), "26 uint32_t fields");
  uint32_t got[26];
  std::memcpy(got, &t, sizeof(got));
  for (int i = 0; i < 26; ++i) EXPECT_EQ(got[i], want1[i]) << "field " << i;
  std::memcpy(got, &u, sizeof(got));
  for (int i = 0; i < 26; ++i) EXPECT_EQ(got[i], want2[i]) << "field " << i;
  // stackBufferSize 0 leaves the temporary-space fields alone.
  AscendC::PadTiling z = MakePadTiling(8, 32, 30, 0, 2);
  EXPECT_EQ(z.blocksPerRow, 2u);
  EXPECT_EQ(z.tmpBuffer1BlockNum, 0u);
  EXPECT_EQ(z.widthTiling, 0u);

  AscendC::UnPadTiling v;
  AscendC::UnPadTilingFunc(ge::Shape({16, 64}), 2048, 4, v);
  const uint32_t want3[] = {16, 64, 2, 32, 256, 32, 2, 32};
  static_assert(sizeof(AscendC::UnPadTiling) == sizeof(want3), "8 uint32_t fields");
  uint32_t got3[8];
  std::memcpy(got3, &v, sizeof(got3));
  for (int i = 0; i < 8; ++i) EXPECT_EQ(got3[i], want3[i]) << "field " << i;
  AscendC::UnPadTiling w;
  AscendC::UnPadTilingFunc(ge::Shape({4, 40}), 1024, 2, w);
  EXPECT_EQ(w.widthFractal, 3u);
  EXPECT_EQ(w.widthFractalTail, 8u);
  EXPECT_EQ(w.tmpBuffer2Offset, 256u);
}

TEST(LibPad, TilingStructInTilingData) {
  optiling::PadTestTilingData td;
  td.set_height(320);
  AscendC::PadTilingFunc(ge::Shape({320, 63}), ge::Shape({320, 63}), 1024, 2, td.padTilingData);
  AscendC::UnPadTilingFunc(ge::Shape({320, 64}), 0, 2, td.unpadTilingData);
  EXPECT_EQ(td.GetDataSize(), 4u + 26 * 4 + 8 * 4);
  EXPECT_EQ(td.padTilingData.srcWidth, 63u);
  EXPECT_EQ(td.unpadTilingData.srcWidth, 64u);
}

std::string HostErr(const std::function<void()>& f) {
  try {
    f();
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

TEST(LibPadDiag, HostBadInput) {
  uint32_t mx = 0, mn = 0;
  std::string e = HostErr([&] { AscendC::GetPadMaxMinTmpSize(ge::Shape({4, 16}), 1, mx, mn); });
  EXPECT_TRUE(Has(e, "GetPadMaxMinTmpSize") && Has(e, "typeSize 1 is not 2 or 4")) << e;
  e = HostErr([&] { AscendC::GetPadMaxMinTmpSize(ge::Shape({4, 16, 2}), 2, mx, mn); });
  EXPECT_TRUE(Has(e, "srcShape [4, 16, 2] has 3 dimensions")) << e;
  EXPECT_EQ(HostErr([&] { AscendC::GetPadMaxMinTmpSize(ge::Shape({4, 16}), 2, mx, mn); }), "");
  AscendC::PadTiling t;
  e = HostErr([&] { AscendC::PadTilingFunc(ge::Shape({4, 15}), ge::Shape({4, 15}), 512, 2, t); });
  EXPECT_TRUE(Has(e, "PadTilingFunc") && Has(e, "stackBufferSize 512 bytes gives no temporary block"))
      << e;
  EXPECT_EQ(HostErr([&] { AscendC::PadTilingFunc(ge::Shape({4, 15}), ge::Shape({4, 15}), 1024, 2, t); }), "");
  e = HostErr([&] { AscendC::PadTilingFunc(ge::Shape({4, 15}), ge::Shape({5, 15}), 0, 2, t); });
  EXPECT_TRUE(Has(e, "oriSrcShape [5, 15] holds more elements than srcShape [4, 15]")) << e;
  AscendC::UnPadTiling u;
  e = HostErr([&] { AscendC::UnPadTilingFunc(ge::Shape({4, 16}), 100, 2, u); });
  EXPECT_TRUE(Has(e, "UnPadTilingFunc") && Has(e, "stackBufferSize 100")) << e;
  EXPECT_EQ(HostErr([&] { AscendC::UnPadTilingFunc(ge::Shape({4, 16}), 0, 2, u); }), "");
}

// ---- kernel diagnostics ------------------------------------------------------------------

// Runs f(dst, src, tmp) in a one-block launch: src and dst of 16 KiB each
// (zeroed src), tmp of tmp_bytes (at most 8 KiB; 40 KiB of UB in all).
template <class T, class F>
std::string Err(uint32_t tmp_bytes, F&& f) {
  try {
    aicore::Launch(
        [&] {
          AscendC::TPipe pipe;
          TBuf<TPosition::VECCALC> bs, bd, bt;
          pipe.InitBuffer(bs, 16384);
          pipe.InitBuffer(bd, 16384);
          pipe.InitBuffer(bt, 8192);
          LocalTensor<T> src = bs.Get<T>(), dst = bd.Get<T>();
          std::memset(static_cast<void*>(src.GetPhyAddr()), 0, 16384);
          LocalTensor<uint8_t> tmp = bt.Get<uint8_t>(tmp_bytes);
          f(dst, src, tmp);
        },
        1);
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

using HT = LocalTensor<half>;
using FT = LocalTensor<float>;
using U8 = LocalTensor<uint8_t>;

// Pad<half> of [h, w] (original width ow) with params {l, r, 7}, tiling from
// PadTilingFunc(stack, ts), with or without the sharedTmpBuffer.
std::string PadHalf(uint32_t h, uint32_t w, uint32_t ow, uint32_t l, uint32_t r, uint32_t stack,
                    uint32_t tmp_bytes = 1024, uint32_t ts = 2, bool with_tmp = true) {
  AscendC::PadTiling t = MakePadTiling(h, w, ow, stack, ts);
  return Err<half>(tmp_bytes, [&](HT& d, HT& s, U8& tmp) {
    AscendC::PadParams p{static_cast<uint16_t>(l), static_cast<uint16_t>(r), 7};
    if (with_tmp) {
      AscendC::Pad(d, s, p, tmp, t);
    } else {
      AscendC::Pad(d, s, p, t);
    }
  });
}

TEST(LibPadDiag, UnfilledTiling) {
  auto call = [](bool fill) {
    AscendC::PadTiling t;
    if (fill) t = MakePadTiling(4, 16, 15, 0, 2);
    return Err<half>(1024, [&](HT& d, HT& s, U8&) {
      AscendC::PadParams p{0, 1, 0};
      AscendC::Pad(d, s, p, t);
    });
  };
  const std::string e = call(false);
  EXPECT_TRUE(Has(e, "error in Pad at") && Has(e, "test_pad.cpp") &&
              Has(e, "tiling.srcWidth is 0: the tiling is unfilled"))
      << e;
  EXPECT_EQ(call(true), "");
}

TEST(LibPadDiag, PadAmountsOutOfRange) {
  std::string e = PadHalf(4, 17, 17, 0, 16, 1024);  // 16 halves = 32 bytes
  EXPECT_TRUE(Has(e, "padParams.leftPad 0 / rightPad 16: each must be below 16 columns")) << e;
  EXPECT_EQ(PadHalf(16, 17, 17, 1, 14, 1024), "");
  // Unaligned: the padded row must be exactly the aligned row.
  e = PadHalf(16, 15, 15, 0, 0, 1024);
  EXPECT_TRUE(Has(e, "srcWidth 15 + leftPad 0 + rightPad 0 = 15 columns") && Has(e, "16 columns of half"))
      << e;
  EXPECT_EQ(PadHalf(16, 15, 15, 0, 1, 1024), "");
}

TEST(LibPadDiag, AlignedRules) {
  std::string e = PadHalf(4, 32, 30, 1, 1, 0);
  EXPECT_TRUE(Has(e, "padParams.leftPad is 1 with srcWidth 32 32-byte aligned")) << e;
  EXPECT_EQ(PadHalf(4, 32, 30, 0, 1, 0), "");
  e = PadHalf(4, 32, 32, 0, 1, 0);
  EXPECT_TRUE(Has(e, "srcWidth 32 is 32-byte aligned and srcOriWidth is 32")) << e;
  e = PadHalf(4, 32, 10, 0, 1, 0);
  EXPECT_TRUE(Has(e, "srcWidth 32 - srcOriWidth 10 = 22 redundant columns")) << e;
  EXPECT_EQ(PadHalf(4, 32, 17, 0, 1, 0), "");
  e = PadHalf(4, 32, 30, 0, 3, 0);
  EXPECT_TRUE(Has(e, "padParams.rightPad is 3; with srcWidth 32 32-byte aligned it must be in [1, "
                     "srcWidth - srcOriWidth = 2]"))
      << e;
  EXPECT_EQ(PadHalf(4, 32, 30, 0, 2, 0), "");
  // 256 blocks: beyond the NPU's 8-bit repeat stride.
  e = PadHalf(1, 4096, 4095, 0, 1, 0);
  EXPECT_TRUE(Has(e, "srcWidth 4096 is 256 blocks of 32 bytes")) << e;
  EXPECT_EQ(PadHalf(1, 4080, 4079, 0, 1, 0), "");
}

TEST(LibPadDiag, SourceAmountNotAligned) {
  const std::string e = PadHalf(3, 15, 15, 0, 1, 1024);
  EXPECT_TRUE(Has(e, "srcHeight 3 x srcWidth 15 = 45 elements of half (90 bytes)")) << e;
  EXPECT_EQ(PadHalf(16, 15, 15, 0, 1, 1024), "");
}

TEST(LibPadDiag, TilingWithoutTemporarySpace) {
  std::string e = PadHalf(16, 15, 15, 0, 1, 0);
  EXPECT_TRUE(Has(e, "tiling.tmpBuffer1BlockNum is 0; with srcWidth 15 not 32-byte aligned")) << e;
  e = PadHalf(16, 15, 15, 0, 1, 256 * 1024, 8192, 2, false);
  EXPECT_TRUE(Has(e, "tiling.tmpBuffer1BlockNum is 256")) << e;
  EXPECT_EQ(PadHalf(16, 15, 15, 0, 1, 1024), "");
}

TEST(LibPadDiag, TmpTooSmall) {
  std::string e = PadHalf(16, 15, 15, 0, 1, 2048, 1024);
  EXPECT_TRUE(Has(e, "sharedTmpBuffer holds 1024 bytes, fewer than the 2048 bytes the tiling uses"))
      << e;
  EXPECT_EQ(PadHalf(16, 15, 15, 0, 1, 2048, 2048), "");
  // Without sharedTmpBuffer: the free UB (about 150 KiB here) is too small
  // for 200 blocks.
  e = PadHalf(16, 15, 15, 0, 1, 200 * 1024, 1024, 2, false);
  EXPECT_TRUE(Has(e, "the UB left free for the temporary space (PopStackBuffer) holds") &&
              Has(e, "fewer than the 204800 bytes the tiling uses"))
      << e;
  EXPECT_EQ(PadHalf(16, 15, 15, 0, 1, 100 * 1024, 1024, 2, false), "");
}

TEST(LibPadDiag, TilingForAnotherType) {
  std::string e = PadHalf(16, 15, 15, 0, 1, 1024, 1024, 4);
  EXPECT_TRUE(Has(e, "the tiling was made for typeSize 4, Pad<half> needs 2")) << e;
  e = PadHalf(4, 32, 30, 0, 1, 0, 1024, 4);
  EXPECT_TRUE(Has(e, "tiling.widthWithoutLastBlock is 24") && Has(e, "typeSize 4, Pad<half>")) << e;
  // An edited field.
  AscendC::PadTiling t = MakePadTiling(16, 15, 15, 1024, 2);
  t.brcbFractal += 1;
  e = Err<half>(1024, [&](HT& d, HT& s, U8& tmp) {
    AscendC::PadParams p{0, 1, 7};
    AscendC::Pad(d, s, p, tmp, t);
  });
  EXPECT_TRUE(Has(e, "tiling.brcbFractal is 16") && Has(e, "gives 15") && Has(e, "edited or stale"))
      << e;
}

TEST(LibPadDiag, TensorsTooSmall) {
  auto call = [](uint32_t dst_n, uint32_t src_n) {
    AscendC::PadTiling t = MakePadTiling(16, 15, 15, 1024, 2);
    return Err<half>(1024, [&](HT& d, HT& s, U8& tmp) {
      AscendC::PadParams p{0, 1, 7};
      HT dd = d, ss = s;
      dd.SetSize(dst_n);
      ss.SetSize(src_n);
      AscendC::Pad(dd, ss, p, tmp, t);
    });
  };
  std::string e = call(255, 240);
  EXPECT_TRUE(Has(e, "dstTensor holds 255 elements of half; Pad writes [16, 16] = 256")) << e;
  e = call(256, 239);
  EXPECT_TRUE(Has(e, "srcTensor holds 239 elements of half; Pad reads [16, 15] = 240")) << e;
  EXPECT_EQ(call(256, 240), "");
}

TEST(LibPadDiag, Overlaps) {
  auto call = [](int which) {
    AscendC::PadTiling t = MakePadTiling(16, 15, 15, 1024, 2);
    return Err<half>(1024, [&](HT& d, HT& s, U8& tmp) {
      AscendC::PadParams p{0, 1, 7};
      HT src = which == 1 ? d[16] : s;
      U8 tb = tmp;
      if (which == 2) tb = d.ReinterpretCast<uint8_t>();
      AscendC::Pad(d, src, p, tb, t);
    });
  };
  std::string e = call(1);
  EXPECT_TRUE(Has(e, "dstTensor overlaps srcTensor (with srcWidth not 32-byte aligned")) << e;
  e = call(2);
  EXPECT_TRUE(Has(e, "sharedTmpBuffer overlaps dstTensor")) << e;
  EXPECT_EQ(call(0), "");
  // Aligned: dst may be src, not partly.
  auto aligned = [](int shift) {
    AscendC::PadTiling t = MakePadTiling(4, 32, 30, 0, 2);
    return Err<half>(1024, [&](HT& d, HT&, U8&) {
      AscendC::PadParams p{0, 1, 7};
      HT src = d[shift];
      AscendC::Pad(d, src, p, t);
    });
  };
  e = aligned(16);
  EXPECT_TRUE(Has(e, "dstTensor overlaps srcTensor without starting at it")) << e;
  EXPECT_EQ(aligned(0), "");
}

// UnPad<float> of [h, w] with rightPad r.
std::string UnPadFloat(uint32_t h, uint32_t w, uint32_t r, bool fill = true, int shift = -1) {
  AscendC::UnPadTiling t;
  if (fill) AscendC::UnPadTilingFunc(ge::Shape({h, w}), 0, 4, t);
  return Err<float>(1024, [&](FT& d, FT& s, U8& tmp) {
    AscendC::UnPadParams p{0, static_cast<uint16_t>(r)};
    FT src = shift >= 0 ? d[shift] : s;
    AscendC::UnPad(d, src, p, tmp, t);
  });
}

TEST(LibUnPadDiag, UnfilledTiling) {
  const std::string e = UnPadFloat(4, 16, 1, false);
  EXPECT_TRUE(Has(e, "error in UnPad at") && Has(e, "test_pad.cpp") &&
              Has(e, "tiling.srcWidth is 0: the tiling is unfilled"))
      << e;
  EXPECT_EQ(UnPadFloat(4, 16, 1), "");
}

TEST(LibUnPadDiag, WidthAndRightPad) {
  std::string e = UnPadFloat(4, 12, 1);
  EXPECT_TRUE(Has(e, "tiling.srcWidth 12 (48 bytes of float) is not a multiple of 32 bytes")) << e;
  e = UnPadFloat(4, 16, 0);
  EXPECT_TRUE(Has(e, "unPadParams.rightPad is 0; it must be in [1, 7]")) << e;
  e = UnPadFloat(4, 16, 8);
  EXPECT_TRUE(Has(e, "unPadParams.rightPad is 8; it must be in [1, 7]")) << e;
  EXPECT_EQ(UnPadFloat(4, 16, 7), "");
}

TEST(LibUnPadDiag, HeightBeyondGatherMaskRepeats) {
  const std::string e = UnPadFloat(256, 8, 1);
  EXPECT_TRUE(Has(e, "tiling.srcHeight 256 exceeds 255")) << e;
  EXPECT_EQ(UnPadFloat(255, 8, 1), "");
}

TEST(LibUnPadDiag, WidthBeyond16Bits) {
  // One row, in place (the only way 65520 halves fit UB twice over).
  auto call = [](uint32_t w) {
    AscendC::UnPadTiling t;
    AscendC::UnPadTilingFunc(ge::Shape({1, w}), 0, 2, t);
    try {
      aicore::Launch(
          [&] {
            AscendC::TPipe pipe;
            TBuf<TPosition::VECCALC> b;
            pipe.InitBuffer(b, 131072);
            HT x = b.Get<half>();
            std::memset(static_cast<void*>(x.GetPhyAddr()), 0, 131072);
            AscendC::UnPadParams p{0, 1};
            AscendC::UnPad(x, x, p, t);
          },
          1);
    } catch (const aicore::KernelError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  const std::string e = call(65536);
  EXPECT_TRUE(Has(e, "tiling.srcWidth 65536 exceeds 65535")) << e;
  EXPECT_EQ(call(65520), "");
}

TEST(LibUnPadDiag, TensorTooSmallAndOverlap) {
  // 16 KiB = 4096 floats.
  std::string e = UnPadFloat(64, 72, 1);
  EXPECT_TRUE(Has(e, "dstTensor holds 4096 elements of float; UnPad writes [64, 71] = 4544")) << e;
  e = UnPadFloat(57, 72, 1);
  EXPECT_TRUE(Has(e, "srcTensor holds 4096 elements of float; UnPad reads [57, 72] = 4104")) << e;
  EXPECT_EQ(UnPadFloat(56, 72, 1), "");
  e = UnPadFloat(4, 16, 1, true, 8);
  EXPECT_TRUE(Has(e, "dstTensor overlaps srcTensor without starting at it")) << e;
  EXPECT_EQ(UnPadFloat(4, 16, 1, true, 0), "");
}

}  // namespace
}  // namespace aicore_test
