// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// SetDeqScale / CastDequant (CastDeq) / AddDeqRelu against a scalar model
// written here from the documented formulas: every byte of a UB image is
// compared (bytes the instruction must not write keep a sentinel). Random
// counts, masks, repeats and strides; scales positive, negative, tiny and
// huge; saturation edges; then the parameter errors.

#include <gtest/gtest.h>

#include <cfenv>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "unit/ops/op_test_util.h"

namespace aicore_test {
namespace {

using AscendC::LocalTensor;
using Buf = AscendC::TBuf<AscendC::TPosition::VECCALC>;

constexpr size_t kImage = 40 * 1024;
constexpr uint32_t kSrcOff = 0, kDstOff = 16 * 1024, kVdeqOff = 36 * 1024;

// ---- reference model ----------------------------------------------------------
struct DeqParam {
  float scale;
  int16_t offset;
  bool sign;
};

uint8_t RefB8(int16_t x, DeqParam p) {
  uint32_t b;
  std::memcpy(&b, &p.scale, 4);
  b &= ~uint32_t{0x1FFF};  // (1, 8, 10)
  float s;
  std::memcpy(&s, &b, 4);
  int off = p.offset & 0x1FF;
  if (off > 255) off -= 512;
  double v = static_cast<double>(x) * s + off;
  double r = std::nearbyint(v);  // FE_TONEAREST: ties to even
  if (p.sign) return static_cast<uint8_t>(static_cast<int8_t>(std::min(127.0, std::max(-128.0, r))));
  return static_cast<uint8_t>(std::min(255.0, std::max(0.0, r)));
}

uint16_t RefHalf(int32_t x, float scale) {
  const float xf = static_cast<float>(x);
  const float prod = static_cast<float>(static_cast<double>(xf) * scale);  // one RNE to float
  return half(prod).ToBits();
}

uint16_t RefAddDeqRelu(int32_t a, int32_t b, float scale) {
  const int32_t s = static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
  const uint16_t h = RefHalf(s, scale);
  return static_cast<float>(half::FromBits(h)) > 0 ? h : 0;
}

// ---- helpers ------------------------------------------------------------------
template <class T>
LocalTensor<T> At(Buf& buf, uint32_t byte) {
  return buf.Get<uint8_t>()[byte].template ReinterpretCast<T>();
}

std::vector<uint8_t> FreshImage(Rng& rng) {
  std::vector<uint8_t> img(kImage, kSentinel);
  for (uint32_t i = kSrcOff; i < kDstOff; ++i) img[i] = static_cast<uint8_t>(rng.Next());
  return img;
}

template <class T>
T Load(const std::vector<uint8_t>& img, uint64_t byte) {
  T v;
  std::memcpy(&v, img.data() + byte, sizeof(T));
  return v;
}

std::vector<DeqParam> Params(Rng& rng) {
  static const float kScales[] = {1.0f, -1.0f, 0.37f, -0.0625f, 1e-3f, 3e-38f, 2.5f, 300.0f, -7.75f, 1.0009765625f};
  std::vector<DeqParam> v;
  for (float s : kScales) {
    v.push_back({s, static_cast<int16_t>(static_cast<int>(rng.Below(512)) - 256), rng.Below(2) == 0});
  }
  v.push_back({1.0f, 300, true});   // offset beyond 9 bits: only the low 9 bits count
  v.push_back({-1.0f, -1, false});
  return v;
}

std::string ErrorOf(std::function<void(Buf&)> f) {
  std::vector<uint8_t> image(kImage, 0);
  try {
    RunOnUb(image, [&](Buf& buf) { f(buf); });
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

bool Has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

// ---- CastDequant int16_t -> b8 --------------------------------------------------
template <bool kVec, bool kHalfBlock>
void CheckB8Count(uint64_t seed) {
  Rng rng(seed);
  for (const DeqParam& p0 : Params(rng)) {
    for (uint32_t count : {0u, 1u, 15u, 16u, 17u, 128u, 129u, 300u, 1000u}) {
      std::vector<DeqParam> ps(16, p0);
      if (kVec) {
        for (auto& p : ps) {
          p.scale = static_cast<float>(rng.Uniform(-4, 4));
          p.offset = static_cast<int16_t>(static_cast<int>(rng.Below(512)) - 256);
          p.sign = p0.sign;
        }
      }
      std::vector<uint8_t> img = FreshImage(rng);
      // A few saturation edges.
      for (uint32_t i = 0; i < 4 && i < count; ++i) {
        const int16_t e[] = {32767, -32768, 127, -128};
        std::memcpy(img.data() + kSrcOff + 2 * i, &e[i], 2);
      }
      std::vector<uint8_t> want = img;
      for (uint32_t i = 0; i < count; ++i) {
        want[kDstOff + (i / 16) * 32 + (kHalfBlock ? 16 : 0) + i % 16] =
            RefB8(Load<int16_t>(img, kSrcOff + 2 * i), ps[i % 16]);
      }
      if (kVec && true) {
        for (int k = 0; k < 16; ++k) {
          uint32_t sb;
          std::memcpy(&sb, &ps[k].scale, 4);
          const uint64_t w = (uint64_t{ps[k].sign} << 46) |
                             ((uint64_t(uint16_t(ps[k].offset)) & 0x1FF) << 37) | sb;
          std::memcpy(want.data() + kVdeqOff + 8 * k, &w, 8);
        }
      }
      RunOnUb(img, [&](Buf& buf) {
        if (kVec) {
          float sc[16];
          int16_t of[16];
          bool sm[16];
          for (int k = 0; k < 16; ++k) sc[k] = ps[k].scale, of[k] = ps[k].offset, sm[k] = ps[k].sign;
          AscendC::SetDeqScale(At<uint64_t>(buf, kVdeqOff), AscendC::VdeqInfo(sc, of, sm));
        } else {
          AscendC::SetDeqScale(p0.scale, p0.offset, p0.sign);
        }
        if (p0.sign) {
          AscendC::CastDequant<int8_t, int16_t, kVec, kHalfBlock>(At<int8_t>(buf, kDstOff),
                                                                  At<int16_t>(buf, kSrcOff), count);
        } else {
          AscendC::CastDeq<uint8_t, int16_t, kVec, kHalfBlock>(At<uint8_t>(buf, kDstOff),
                                                               At<int16_t>(buf, kSrcOff), count);
        }
      });
      ASSERT_EQ(FirstByteDiff(img, want, 0, 0), "")
          << "scale " << p0.scale << " offset " << p0.offset << " sign " << p0.sign << " count " << count;
    }
  }
}

TEST(Dequant, CastDequantB8Count) {
  ASSERT_EQ(std::fegetround(), FE_TONEAREST);
  CheckB8Count<false, true>(1);
  CheckB8Count<false, false>(2);
  CheckB8Count<true, true>(3);
  CheckB8Count<true, false>(4);
}

// Known values: ties round to even, saturation, 9-bit offset.
TEST(Dequant, CastDequantB8KnownValues) {
  std::vector<uint8_t> img(kImage, kSentinel);
  const int16_t src[16] = {1, 3, 5, -1, -3, 1000, -1000, 7, 0, 2, 4, 6, 8, 10, 12, 14};
  std::memcpy(img.data(), src, sizeof(src));
  RunOnUb(img, [&](Buf& buf) {
    AscendC::SetDeqScale(0.5f, 0, true);
    AscendC::CastDequant<int8_t, int16_t, false, false>(At<int8_t>(buf, kDstOff), At<int16_t>(buf, 0), 16);
  });
  const int8_t want[16] = {0, 2, 2, 0, -2, 127, -128, 4, 0, 1, 2, 3, 4, 5, 6, 7};
  for (int i = 0; i < 16; ++i) EXPECT_EQ(static_cast<int8_t>(img[kDstOff + i]), want[i]) << i;
  EXPECT_EQ(img[kDstOff + 16], kSentinel);
}

// Repeat forms: continuous / bit masks, counter mode, random strides.
template <bool kVec, bool kHalfBlock>
void CheckB8Repeat(uint64_t seed) {
  Rng rng(seed);
  for (int iter = 0; iter < 60; ++iter) {
    const DeqParam p{static_cast<float>(rng.Uniform(-3, 3)), static_cast<int16_t>(rng.Below(200)), true};
    const uint32_t reps = static_cast<uint32_t>(rng.Below(5));
    AscendC::UnaryRepeatParams rp(static_cast<uint16_t>(1 + rng.Below(2)), static_cast<uint16_t>(1 + rng.Below(2)),
                                  static_cast<uint8_t>(16 + rng.Below(4)), static_cast<uint8_t>(16 + rng.Below(4)));
    const int kind = iter % 3;  // 0 continuous, 1 bits, 2 counter
    uint64_t bits[2];
    uint64_t cont = 1 + rng.Below(128);
    uint64_t count = rng.Below(128 * 4);
    if (kind == 0) aicore::detail::PrefixBits(cont, bits);
    if (kind == 1) bits[0] = rng.Next(), bits[1] = rng.Next();
    std::vector<uint8_t> img = FreshImage(rng);
    std::vector<uint8_t> want = img;
    const uint32_t nrep = kind == 2 ? static_cast<uint32_t>((count + 127) / 128) : reps;
    for (uint32_t r = 0; r < nrep; ++r) {
      for (uint32_t l = 0; l < 128; ++l) {
        bool on = kind == 2 ? (uint64_t{r} * 128 + l < count) : ((bits[l / 64] >> (l % 64)) & 1);
        if (!on) continue;
        const uint64_t sb = kSrcOff + uint64_t{r} * rp.srcRepStride * 32 + (l / 16) * rp.srcBlkStride * 32 + (l % 16) * 2;
        const uint64_t db = kDstOff + uint64_t{r} * rp.dstRepStride * 32 + (l / 16) * rp.dstBlkStride * 32 +
                            (kHalfBlock ? 16 : 0) + l % 16;
        want[db] = RefB8(Load<int16_t>(img, sb), p);
      }
    }
    RunOnUb(img, [&](Buf& buf) {
      AscendC::SetDeqScale(p.scale, p.offset, p.sign);
      auto d = At<int8_t>(buf, kDstOff);
      auto s = At<int16_t>(buf, kSrcOff);
      if (kind == 0) {
        AscendC::CastDequant<int8_t, int16_t, true, false, kHalfBlock>(d, s, static_cast<int32_t>(cont), reps, rp);
      } else if (kind == 1) {
        AscendC::CastDeq<int8_t, int16_t, true, false, kHalfBlock>(d, s, bits, reps, rp);
      } else {
        AscendC::SetMaskCount();
        AscendC::SetVectorMask<int16_t, AscendC::MaskMode::COUNTER>(0, count);
        AscendC::CastDequant<int8_t, int16_t, false, false, kHalfBlock>(d, s, bits, 1, rp);
        AscendC::SetMaskNorm();
      }
    });
    (void)kVec;
    ASSERT_EQ(FirstByteDiff(img, want, 0, 0), "") << "iter " << iter << " kind " << kind;
  }
}

TEST(Dequant, CastDequantB8Repeat) {
  CheckB8Repeat<false, true>(11);
  CheckB8Repeat<false, false>(12);
}

// ---- CastDequant int32_t -> half ---------------------------------------------------
TEST(Dequant, CastDequantS32ToHalf) {
  Rng rng(21);
  const float kScales[] = {1.0f, -1.0f, 0.1f, -0.3333f, 1e-7f, 6e-8f, 65504.0f, 0.0f};
  for (float sf : kScales) {
    const half sh(sf);
    for (uint32_t count : {0u, 1u, 7u, 64u, 65u, 1000u, 3000u}) {
      std::vector<uint8_t> img = FreshImage(rng);
      const int32_t edges[] = {INT32_MAX, INT32_MIN, 65504, 65520, -65520, 2049, 2051, 0};
      for (uint32_t i = 0; i < 8 && i < count; ++i) std::memcpy(img.data() + 4 * i, &edges[i], 4);
      std::vector<uint8_t> want = img;
      for (uint32_t i = 0; i < count; ++i) {
        const uint16_t h = RefHalf(Load<int32_t>(img, 4 * i), static_cast<float>(sh));
        std::memcpy(want.data() + kDstOff + 2 * i, &h, 2);
      }
      RunOnUb(img, [&](Buf& buf) {
        AscendC::SetDeqScale(sh);
        AscendC::CastDequant<half, int32_t>(At<half>(buf, kDstOff), At<int32_t>(buf, kSrcOff), count);
      });
      ASSERT_EQ(FirstByteDiff(img, want, 0, 0), "") << "scale " << sf << " count " << count;
    }
  }
}

TEST(Dequant, CastDequantS32ToHalfRepeat) {
  Rng rng(22);
  for (int iter = 0; iter < 40; ++iter) {
    const half sh(static_cast<float>(rng.Uniform(-2, 2)));
    const uint32_t reps = static_cast<uint32_t>(rng.Below(5));
    AscendC::UnaryRepeatParams rp(static_cast<uint16_t>(1 + rng.Below(2)), static_cast<uint16_t>(1 + rng.Below(2)),
                                  static_cast<uint8_t>(8 + rng.Below(4)), static_cast<uint8_t>(16 + rng.Below(4)));
    uint64_t bits[2] = {rng.Next(), 0};
    std::vector<uint8_t> img = FreshImage(rng);
    std::vector<uint8_t> want = img;
    for (uint32_t r = 0; r < reps; ++r) {
      for (uint32_t l = 0; l < 64; ++l) {
        if (!((bits[0] >> l) & 1)) continue;
        const uint64_t sb = uint64_t{r} * rp.srcRepStride * 32 + (l / 8) * rp.srcBlkStride * 32 + (l % 8) * 4;
        const uint64_t db = kDstOff + uint64_t{r} * rp.dstRepStride * 32 + (l / 16) * rp.dstBlkStride * 32 + (l % 16) * 2;
        const uint16_t h = RefHalf(Load<int32_t>(img, sb), static_cast<float>(sh));
        std::memcpy(want.data() + db, &h, 2);
      }
    }
    RunOnUb(img, [&](Buf& buf) {
      AscendC::SetDeqScale(sh);
      AscendC::CastDequant<half, int32_t>(At<half>(buf, kDstOff), At<int32_t>(buf, kSrcOff), bits, reps, rp);
    });
    ASSERT_EQ(FirstByteDiff(img, want, 0, 0), "") << "iter " << iter;
  }
}

// ---- AddDeqRelu -------------------------------------------------------------------
TEST(Dequant, AddDeqReluCount) {
  Rng rng(31);
  const float kScales[] = {0.1f, 1.0f, -0.5f, 1e-6f, 2.0f};
  for (float sf : kScales) {
    const half sh(sf);
    for (int32_t count : {0, 1, 63, 64, 65, 2048, 2049, 3000}) {
      std::vector<uint8_t> img = FreshImage(rng);
      const uint32_t s1 = 24 * 1024;  // past dst (16K + 6000 bytes)
      for (uint32_t i = s1; i < s1 + 12000; ++i) img[i] = static_cast<uint8_t>(rng.Next());
      const int32_t edges[][2] = {{INT32_MAX, 1}, {INT32_MIN, -1}, {70, 19}, {-5, 3}, {100000, 0}};
      for (int i = 0; i < 5 && i < count; ++i) {
        std::memcpy(img.data() + 4 * i, &edges[i][0], 4);
        std::memcpy(img.data() + s1 + 4 * i, &edges[i][1], 4);
      }
      std::vector<uint8_t> want = img;
      for (int32_t i = 0; i < count; ++i) {
        const uint16_t h = RefAddDeqRelu(Load<int32_t>(img, 4 * i), Load<int32_t>(img, s1 + 4 * i), static_cast<float>(sh));
        std::memcpy(want.data() + kDstOff + 2 * i, &h, 2);
      }
      RunOnUb(img, [&](Buf& buf) {
        AscendC::SetDeqScale(sh);
        AscendC::AddDeqRelu(At<half>(buf, kDstOff), At<int32_t>(buf, 0), At<int32_t>(buf, s1), count);
      });
      ASSERT_EQ(FirstByteDiff(img, want, 0, 0), "") << "scale " << sf << " count " << count;
    }
  }
}

TEST(Dequant, AddDeqReluDocExample) {
  std::vector<uint8_t> img(kImage, 0);
  const int32_t a[4] = {70, 36, 43, 54}, b[4] = {19, 33, 34, 50};
  std::memcpy(img.data(), a, 16);
  std::memcpy(img.data() + 1024, b, 16);
  RunOnUb(img, [&](Buf& buf) {
    AscendC::SetDeqScale(half(0.1f));
    AscendC::AddDeqRelu(At<half>(buf, kDstOff), At<int32_t>(buf, 0), At<int32_t>(buf, 1024), 4);
  });
  const float want[4] = {8.9f, 6.9f, 7.7f, 10.4f};
  for (int i = 0; i < 4; ++i) {
    EXPECT_NEAR(static_cast<float>(Load<half>(img, kDstOff + 2 * i)), want[i], 0.01f) << i;
  }
}

TEST(Dequant, AddDeqReluRepeat) {
  Rng rng(32);
  for (int iter = 0; iter < 40; ++iter) {
    const half sh(static_cast<float>(rng.Uniform(-1, 1)));
    const uint32_t reps = static_cast<uint32_t>(rng.Below(4));
    const uint32_t s1 = 8 * 1024;
    AscendC::BinaryRepeatParams rp(static_cast<uint8_t>(1 + rng.Below(2)), static_cast<uint8_t>(1 + rng.Below(2)),
                                   static_cast<uint8_t>(1 + rng.Below(2)), static_cast<uint8_t>(8 + rng.Below(3)),
                                   static_cast<uint8_t>(16 + rng.Below(3)), static_cast<uint8_t>(16 + rng.Below(3)));
    const bool use_bits = iter % 2 == 0;
    uint64_t bits[2] = {rng.Next(), 0};
    const uint64_t cont = 1 + rng.Below(64);
    if (!use_bits) aicore::detail::PrefixBits(cont, bits);
    std::vector<uint8_t> img = FreshImage(rng);
    std::vector<uint8_t> want = img;
    for (uint32_t r = 0; r < reps; ++r) {
      for (uint32_t l = 0; l < 64; ++l) {
        if (!((bits[0] >> l) & 1)) continue;
        const uint64_t a = uint64_t{r} * rp.src0RepStride * 32 + (l / 8) * rp.src0BlkStride * 32 + (l % 8) * 4;
        const uint64_t b = s1 + uint64_t{r} * rp.src1RepStride * 32 + (l / 8) * rp.src1BlkStride * 32 + (l % 8) * 4;
        const uint64_t d = kDstOff + uint64_t{r} * rp.dstRepStride * 32 + (l / 16) * rp.dstBlkStride * 32 + (l % 16) * 2;
        const uint16_t h = RefAddDeqRelu(Load<int32_t>(img, a), Load<int32_t>(img, b), static_cast<float>(sh));
        std::memcpy(want.data() + d, &h, 2);
      }
    }
    RunOnUb(img, [&](Buf& buf) {
      AscendC::SetDeqScale(sh);
      if (use_bits) {
        AscendC::AddDeqRelu(At<half>(buf, kDstOff), At<int32_t>(buf, 0), At<int32_t>(buf, s1), bits, reps, rp);
      } else {
        AscendC::AddDeqRelu<half, int32_t>(At<half>(buf, kDstOff), At<int32_t>(buf, 0), At<int32_t>(buf, s1), cont,
                                           reps, rp);
      }
    });
    ASSERT_EQ(FirstByteDiff(img, want, 0, 0), "") << "iter " << iter;
  }
}

// ---- errors ---------------------------------------------------------------------
TEST(Dequant, Errors) {
  std::string e = ErrorOf([](Buf& buf) {
    AscendC::CastDequant<int8_t, int16_t, false>(At<int8_t>(buf, kDstOff), At<int16_t>(buf, 0), 16);
  });
  EXPECT_TRUE(Has(e, "CastDequant") && Has(e, "call SetDeqScale first")) << e;

  e = ErrorOf([](Buf& buf) {
    AscendC::AddDeqRelu(At<half>(buf, kDstOff), At<int32_t>(buf, 0), At<int32_t>(buf, 1024), 16);
  });
  EXPECT_TRUE(Has(e, "AddDeqRelu") && Has(e, "SetDeqScale(half scale)") && Has(e, "call SetDeqScale first")) << e;

  e = ErrorOf([](Buf& buf) {
    AscendC::SetDeqScale(1.0f, 0, false);
    AscendC::CastDequant<int8_t, int16_t, false>(At<int8_t>(buf, kDstOff), At<int16_t>(buf, 0), 16);
  });
  EXPECT_TRUE(Has(e, "dst type int8_t does not match signMode false")) << e;

  e = ErrorOf([](Buf& buf) {  // isVecDeq defaults to true
    AscendC::SetDeqScale(1.0f, 0, true);
    AscendC::CastDequant<int8_t, int16_t>(At<int8_t>(buf, kDstOff), At<int16_t>(buf, 0), 16);
  });
  EXPECT_TRUE(Has(e, "isVecDeq = true") && Has(e, "SetDeqScale(LocalTensor<uint64_t> vdeq, VdeqInfo)")) << e;

  e = ErrorOf([](Buf& buf) {
    AscendC::SetDeqScale(half(1.0f));
    AscendC::CastDeq<int8_t, int16_t, false>(At<int8_t>(buf, kDstOff), At<int16_t>(buf, 0), 16);
  });
  EXPECT_TRUE(Has(e, "CastDeq") && Has(e, "but the block has made SetDeqScale(half scale)")) << e;

  e = ErrorOf([](Buf& buf) {
    AscendC::SetDeqScale(1.0f, 0, true);
    AscendC::CastDequant<half, int32_t>(At<half>(buf, kDstOff), At<int32_t>(buf, 0), 16);
  });
  EXPECT_TRUE(Has(e, "int32_t -> half needs the DEQSCALE register set by SetDeqScale(half scale)")) << e;

  e = ErrorOf([](Buf& buf) {
    AscendC::SetDeqScale(half(1.0f));
    AscendC::AddDeqRelu(At<half>(buf, kDstOff), At<int32_t>(buf, 0), At<int32_t>(buf, 1024), -3);
  });
  EXPECT_TRUE(Has(e, "count -3 is negative")) << e;

  e = ErrorOf([](Buf& buf) {
    AscendC::SetDeqScale(half(1.0f));
    AscendC::CastDequant<half, int32_t>(At<half>(buf, kDstOff), At<int32_t>(buf, 0), 65, 1, {});
  });
  EXPECT_TRUE(Has(e, "continuous mask 65 is outside [1, 64]")) << e;

  e = ErrorOf([](Buf& buf) {  // vdeq smaller than 128 bytes
    AscendC::SetDeqScale(buf.Get<uint8_t>()[kImage - 64].ReinterpretCast<uint64_t>(), AscendC::VdeqInfo());
  });
  EXPECT_TRUE(e.empty()) << e;  // inside the 184 KiB TBuf: fine
  e = ErrorOf([](Buf& buf) {
    AscendC::SetDeqScale(buf.Get<uint8_t>()[kUbBytes - 64].ReinterpretCast<uint64_t>(), AscendC::VdeqInfo());
  });
  EXPECT_TRUE(Has(e, "SetDeqScale") && Has(e, "past the end")) << e;

  e = ErrorOf([](Buf& buf) {
    AscendC::SetDeqScale(half(1.0f));
    AscendC::CastDequant<half, int32_t>(At<half>(buf, kDstOff + 2), At<int32_t>(buf, 0), 16);
  });
  EXPECT_TRUE(Has(e, "not 32-byte aligned")) << e;
}

// The register is per block: a new launch starts with it reset.
TEST(Dequant, RegisterResetEachBlock) {
  std::vector<uint8_t> img(kImage, 0);
  RunOnUb(img, [](Buf&) { AscendC::SetDeqScale(half(2.0f)); });
  const std::string e = ErrorOf([](Buf& buf) {
    AscendC::AddDeqRelu(At<half>(buf, kDstOff), At<int32_t>(buf, 0), At<int32_t>(buf, 1024), 16);
  });
  EXPECT_TRUE(Has(e, "call SetDeqScale first")) << e;
}

}  // namespace
}  // namespace aicore_test
