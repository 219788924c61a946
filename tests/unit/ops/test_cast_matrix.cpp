// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Cast over the whole Atlas A2 matrix (ops/cast.h), bit for bit against the
// scalar model aicore::detail::ConvertScalar (int4b_t: through int8_t,
// saturated to [-8, 7]):
//   * count form, the pairs test_cast.cpp does not cover, every RoundMode:
//     8- and 16-bit sources exhaustively, int4b_t all 16 values in every
//     position, 32/64-bit sources on values at each target's rounding
//     boundaries plus random bit patterns; CAST_ODD into integers rejected;
//     with an odd int4b_t count the high nibble of the last byte is kept;
//   * repeat forms of every pair (all 25), every RoundMode, through the
//     randomized harness (masks, registers, counter mode, strides, layouts;
//     repeat_harness.h).

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "unit/ops/repeat_harness.h"

namespace aicore_test {
namespace {

using AscendC::RoundMode;
using AscendC::int4b_t;

constexpr RoundMode kModes[] = {RoundMode::CAST_NONE, RoundMode::CAST_RINT,  RoundMode::CAST_FLOOR,
                                RoundMode::CAST_CEIL, RoundMode::CAST_ROUND, RoundMode::CAST_TRUNC,
                                RoundMode::CAST_ODD};

template <class T>
constexpr bool kIntDst = !std::is_same_v<T, half> && !std::is_same_v<T, bfloat16_t> &&
                         !std::is_same_v<T, float>;

template <class Dst, class Src>
RefV<Dst> Model(RefV<Src> x, RoundMode m) {
  if constexpr (std::is_same_v<Dst, int4b_t>) {
    return ref::CastToInt4<Src>(x, m);
  } else if constexpr (std::is_same_v<Src, int4b_t>) {
    return aicore::detail::ConvertScalar<Dst, int8_t>(x, m);
  } else {
    return ref::Cast<Dst, Src>(x, m);
  }
}

template <class Dst, class Src>
std::string Where(RoundMode m) {
  return std::string("Cast<") + aicore::detail::TypeName<Dst>() + ", " +
         aicore::detail::TypeName<Src>() + ">(" + aicore::detail::RoundModeName(m) + ")";
}

// ---- source values ---------------------------------------------------------------

std::vector<double> Boundaries() {
  std::vector<double> v;
  for (double base : {0.0, 7.0, 8.0, 127.0, 128.0, 255.0, 256.0, 2048.0, 32767.0, 32768.0,
                      65504.0, 65519.0, 65520.0, 2147483520.0, 2147483648.0, 16777216.0,
                      9.2233720368547758e18, 1e19}) {
    for (double f : {-1.0, -0.75, -0.5, -0.25, 0.0, 0.25, 0.5, 0.75, 1.0, 1.5}) {
      v.push_back(base + f);
      v.push_back(-(base + f));
    }
  }
  return v;
}

template <class Src>
RefV<Src> RandomSourceValue(Rng& r) {
  if constexpr (std::is_same_v<Src, float>) {
    switch (r.Below(6)) {
      case 0: return static_cast<float>(r.Uniform(-7e4, 7e4));
      case 1: return static_cast<float>(r.Uniform(-300, 300));
      case 2: return static_cast<float>(r.Uniform(-1e10, 1e10));
      case 3: return static_cast<float>(r.Uniform(-2e19, 2e19));
      case 4: {
        static const std::vector<double> b = Boundaries();
        return static_cast<float>(b[r.Below(b.size())]);
      }
      default: return RandomValue<float>(r);
    }
  } else if constexpr (std::is_same_v<Src, int32_t> || std::is_same_v<Src, int64_t>) {
    switch (r.Below(5)) {
      case 0: return static_cast<Src>(r.Uniform(-7e4, 7e4));
      case 1: return static_cast<Src>(static_cast<std::make_unsigned_t<Src>>(r.Next()));
      case 2: {
        const int sh = static_cast<int>(r.Below(8 * sizeof(Src) - 1));
        const int64_t base = int64_t{1} << sh;
        const int64_t v = base + static_cast<int64_t>(r.Below(7)) - 3;
        return static_cast<Src>(r.Below(2) ? v : -v);
      }
      case 3: return static_cast<Src>(static_cast<int64_t>(r.Below(4001)) - 2000);
      default: return RandomValue<Src>(r);
    }
  } else {
    return DefaultGen<Src>(r);
  }
}

// Every input of the count-form check for Src.
template <class Src>
std::vector<RefV<Src>> BulkInputs(uint64_t seed) {
  std::vector<RefV<Src>> v;
  if constexpr (std::is_same_v<Src, int4b_t>) {
    for (int rep = 0; rep < 4; ++rep) {
      for (int a = -8; a < 8; ++a) {
        for (int b = -8; b < 8; ++b) {
          v.push_back(static_cast<int8_t>(a));
          v.push_back(static_cast<int8_t>(b));
        }
      }
    }
  } else if constexpr (sizeof(Src) <= 2) {
    const uint32_t n = sizeof(Src) == 1 ? 256 : 65536;
    for (uint32_t i = 0; i < n; ++i) v.push_back(ref::FromBits<Src>(static_cast<ref::BitsOf<Src>>(i)));
  } else {
    for (double d : Boundaries()) {
      if constexpr (std::is_same_v<Src, float>) {
        const float f = static_cast<float>(d);
        for (int k = -2; k <= 2; ++k) {
          v.push_back(ref::FromBits<float>(ref::Bits(f) + static_cast<uint32_t>(k)));
        }
      } else if (std::fabs(d) < 9.2e18 && d == std::floor(d)) {
        v.push_back(static_cast<Src>(d));
      }
    }
    for (Src s : Specials<Src>()) v.push_back(s);
    Rng r(seed);
    for (int i = 0; i < (1 << 16); ++i) v.push_back(RandomSourceValue<Src>(r));
    for (int i = 0; i < (1 << 13); ++i) {
      v.push_back(ref::FromBits<Src>(static_cast<ref::BitsOf<Src>>(r.Next())));
    }
  }
  return v;
}

// ---- count form ----------------------------------------------------------------------

template <class T>
void PutElems(std::vector<uint8_t>& image, size_t off, const RefV<T>* v, size_t n) {
  if constexpr (std::is_same_v<T, int4b_t>) {
    for (size_t i = 0; i < n; ++i) ref::SetInt4At(image.data() + off, i, v[i]);
  } else {
    Put(image, off, v, n);
  }
}
template <class T>
RefV<T> GetElem(const std::vector<uint8_t>& image, size_t off, size_t i) {
  if constexpr (std::is_same_v<T, int4b_t>) {
    return ref::Int4At(image.data() + off, i);
  } else {
    return Get<T>(image, off, i);
  }
}
template <class T>
void SetElem(std::vector<uint8_t>& image, size_t off, size_t i, RefV<T> v) {
  if constexpr (std::is_same_v<T, int4b_t>) {
    ref::SetInt4At(image.data() + off, i, v);
  } else {
    Put(image, off + i * sizeof(T), &v, 1);
  }
}
template <class T>
size_t BytesOf(size_t n) {
  return std::is_same_v<T, int4b_t> ? (n + 1) / 2 : n * sizeof(T);
}

// Casts `in` in chunks (odd sizes included); every output element must match
// the model, every other byte must be unchanged.
template <class Dst, class Src>
void CheckCount(RoundMode m, const std::vector<RefV<Src>>& in, Rng& rng) {
  size_t failures = 0;
  for (size_t off = 0; off < in.size();) {
    const size_t n = std::min(in.size() - off, static_cast<size_t>(1 + rng.Below(9000)));
    const size_t src_at = 32 * rng.Below(3);
    const size_t dst_at = Round32(src_at + BytesOf<Src>(n)) + 32 * rng.Below(3);
    std::vector<uint8_t> image(dst_at + BytesOf<Dst>(n) + 64);
    for (auto& b : image) b = static_cast<uint8_t>(rng.Next());
    PutElems<Src>(image, src_at, in.data() + off, n);
    std::vector<uint8_t> before = image;
    RunOnUb(image, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
      AscendC::Cast(buf.GetWithOffset<Dst>(static_cast<uint32_t>(n + 1),
                                           static_cast<uint32_t>(dst_at)),
                    buf.GetWithOffset<Src>(static_cast<uint32_t>(n + 1),
                                           static_cast<uint32_t>(src_at)),
                    m, static_cast<uint32_t>(n));
    });
    for (size_t i = 0; i < n; ++i) {
      const RefV<Dst> got = GetElem<Dst>(image, dst_at, i);
      const RefV<Dst> want = Model<Dst, Src>(in[off + i], m);
      if (!ref::SameBits(got, want) && ++failures <= 5) {
        ADD_FAILURE() << Where<Dst, Src>(m) << "(" << Show(in[off + i]) << ") = " << Show(got)
                      << ", want " << Show(want) << " (count " << n << ", element " << i << ")";
      }
      SetElem<Dst>(before, dst_at, i, want);  // the expected image
    }
    // Bytes other than the written elements (NaN results are compared above).
    for (size_t i = 0; i < image.size(); ++i) {
      const bool in_dst = i >= dst_at && i < dst_at + BytesOf<Dst>(n);
      if (in_dst && !std::is_same_v<Dst, int4b_t>) continue;
      if (image[i] != before[i] && ++failures <= 5) {
        ADD_FAILURE() << Where<Dst, Src>(m) << ", count " << n << ": byte " << i
                      << " changed (dst at " << dst_at << ")";
      }
    }
    if (failures > 5) return;
    off += n;
  }
}

template <class Dst, class Src>
void CheckCountPair(uint64_t seed) {
  const std::vector<RefV<Src>> in = BulkInputs<Src>(seed);
  Rng rng(seed + 1);
  for (RoundMode m : kModes) {
    if (m == RoundMode::CAST_ODD && kIntDst<Dst>) {
      std::vector<uint8_t> image(256, 0);
      try {
        RunOnUb(image, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
          AscendC::Cast(buf.GetWithOffset<Dst>(8, 128), buf.GetWithOffset<Src>(8, 0), m, 8u);
        });
        ADD_FAILURE() << Where<Dst, Src>(m) << " accepted";
      } catch (const aicore::KernelError& e) {
        EXPECT_EQ(e.kind(), aicore::ErrorKind::kParameter) << e.what();
      }
      continue;
    }
    CheckCount<Dst, Src>(m, in, rng);
  }
}

TEST(OpsCastMatrix, HalfToInt8) { CheckCountPair<int8_t, half>(9001); }
TEST(OpsCastMatrix, HalfToUint8) { CheckCountPair<uint8_t, half>(9002); }
TEST(OpsCastMatrix, HalfToInt16) { CheckCountPair<int16_t, half>(9003); }
TEST(OpsCastMatrix, HalfToInt4) { CheckCountPair<int4b_t, half>(9004); }
TEST(OpsCastMatrix, FloatToInt16) { CheckCountPair<int16_t, float>(9005); }
TEST(OpsCastMatrix, FloatToInt64) { CheckCountPair<int64_t, float>(9006); }
TEST(OpsCastMatrix, Int8ToHalf) { CheckCountPair<half, int8_t>(9007); }
TEST(OpsCastMatrix, Uint8ToHalf) { CheckCountPair<half, uint8_t>(9008); }
TEST(OpsCastMatrix, Int4ToHalf) { CheckCountPair<half, int4b_t>(9009); }
TEST(OpsCastMatrix, Int16ToHalf) { CheckCountPair<half, int16_t>(9010); }
TEST(OpsCastMatrix, Int16ToFloat) { CheckCountPair<float, int16_t>(9011); }
TEST(OpsCastMatrix, Int32ToInt16) { CheckCountPair<int16_t, int32_t>(9012); }
TEST(OpsCastMatrix, Int32ToInt64) { CheckCountPair<int64_t, int32_t>(9013); }
TEST(OpsCastMatrix, Int64ToInt32) { CheckCountPair<int32_t, int64_t>(9014); }
TEST(OpsCastMatrix, Int64ToFloat) { CheckCountPair<float, int64_t>(9015); }

// Mode values beyond CAST_ODD are parameter errors.
TEST(OpsCastMatrix, UnknownModeRejected) {
  std::vector<uint8_t> image(256, 0);
  try {
    RunOnUb(image, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
      AscendC::Cast(buf.GetWithOffset<half>(16, 128), buf.GetWithOffset<float>(16, 0),
                    static_cast<RoundMode>(42), 16u);
    });
    ADD_FAILURE() << "RoundMode 42 accepted";
  } catch (const aicore::KernelError& e) {
    EXPECT_EQ(e.kind(), aicore::ErrorKind::kParameter) << e.what();
    EXPECT_NE(std::string(e.what()).find("RoundMode 42"), std::string::npos) << e.what();
  }
}

// ---- repeat forms of every pair ------------------------------------------------------

RoundMode g_mode = RoundMode::CAST_NONE;

template <class Dst, class Src>
void CheckRepeatPair(uint64_t seed) {
  using TD = Dst;
  using TS = Src;
  OpDef<TD, TS> op;
  op.name = "Cast";
  op.n_src = 1;
  op.run = [](const LocalTensor<TD>& d, const LocalTensor<TS>& a, const LocalTensor<TS>&,
              const Case& c, RefV<TS>) {
    if (c.mode == MaskMode::kCountForm) {
      AscendC::Cast(d, a, g_mode, static_cast<uint32_t>(c.count));
      return;
    }
    const AscendC::UnaryRepeatParams p = UnaryParams(c);
    if (!c.SetMask()) {
      AscendC::Cast<TD, TS, false>(d, a, g_mode, AscendC::MASK_PLACEHOLDER, c.repeat, p);
    } else if (c.BitsArg()) {
      AscendC::Cast<TD, TS, true>(d, a, g_mode, c.BitsPtr(), c.repeat, p);
    } else {
      AscendC::Cast<TD, TS, true>(d, a, g_mode, c.ContArg(), c.repeat, p);
    }
  };
  op.ref = [](RefV<TS> a, RefV<TS>, RefV<TD>, uint64_t, RefV<TS>) {
    return Model<TD, TS>(a, g_mode);
  };
  op.gen_src = RandomSourceValue<TS>;
  op.gen_dst = DefaultGen<TD>;
  uint64_t s = seed;
  for (RoundMode m : kModes) {
    if (m == RoundMode::CAST_ODD && kIntDst<Dst>) continue;
    g_mode = m;
    op.name = Where<Dst, Src>(m);
    RunOp(op, ++s, 3);
  }
}

TEST(OpsCastMatrix, RepeatFromHalf) {
  CheckRepeatPair<float, half>(9101);
  CheckRepeatPair<int8_t, half>(9111);
  CheckRepeatPair<uint8_t, half>(9121);
  CheckRepeatPair<int16_t, half>(9131);
  CheckRepeatPair<int32_t, half>(9141);
  CheckRepeatPair<int4b_t, half>(9151);
}
TEST(OpsCastMatrix, RepeatFromFloat) {
  CheckRepeatPair<half, float>(9201);
  CheckRepeatPair<bfloat16_t, float>(9211);
  CheckRepeatPair<int16_t, float>(9221);
  CheckRepeatPair<int32_t, float>(9231);
  CheckRepeatPair<int64_t, float>(9241);
  CheckRepeatPair<float, float>(9251);
}
TEST(OpsCastMatrix, RepeatFromBf16) {
  CheckRepeatPair<float, bfloat16_t>(9301);
  CheckRepeatPair<int32_t, bfloat16_t>(9311);
}
TEST(OpsCastMatrix, RepeatFromSmallInts) {
  CheckRepeatPair<half, int8_t>(9401);
  CheckRepeatPair<half, uint8_t>(9411);
  CheckRepeatPair<half, int4b_t>(9421);
  CheckRepeatPair<half, int16_t>(9431);
  CheckRepeatPair<float, int16_t>(9441);
}
TEST(OpsCastMatrix, RepeatFromInt32And64) {
  CheckRepeatPair<float, int32_t>(9501);
  CheckRepeatPair<int16_t, int32_t>(9511);
  CheckRepeatPair<int64_t, int32_t>(9521);
  CheckRepeatPair<half, int32_t>(9531);
  CheckRepeatPair<int32_t, int64_t>(9541);
  CheckRepeatPair<float, int64_t>(9551);
}

// half -> float with the geometry of the API documentation: 64 lanes per
// repeat, dstRepStride 8 / srcRepStride 4 is dense.
TEST(OpsCastMatrix, HalfToFloatDocumentedGeometry) {
  std::vector<uint8_t> image(3 * 1024, 0);
  for (int i = 0; i < 256; ++i) {
    const half h = half(static_cast<float>(i) - 100.5f);
    Put(image, 2 * i, &h, 1);
  }
  RunOnUb(image, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
    AscendC::Cast(buf.GetWithOffset<float>(256, 1024), buf.GetWithOffset<half>(256, 0),
                  RoundMode::CAST_NONE, uint64_t{64}, 4, AscendC::UnaryRepeatParams(1, 1, 8, 4));
  });
  for (int i = 0; i < 256; ++i) {
    EXPECT_EQ(Get<float>(image, 1024, i), static_cast<float>(i) - 100.5f) << i;
  }
}

// ---- int4b_t tensors count elements (two a byte), as on the NPU ---------------------

TEST(OpsCastMatrix, Int4LocalTensorCountsElements) {
  std::vector<uint8_t> image(1024);
  for (size_t i = 0; i < image.size(); ++i) image[i] = static_cast<uint8_t>(i * 37 + 11);
  std::vector<uint8_t> want = image;
  RunOnUb(image, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
    const uint8_t* base = buf.Get<uint8_t>().GetPhyAddr();
    EXPECT_EQ(buf.Get<int4b_t>().GetSize(), 2 * kUbBytes);
    AscendC::LocalTensor<int4b_t> t = buf.Get<int4b_t>(64);
    EXPECT_EQ(t.GetSize(), 64u);
    EXPECT_EQ(t.GetLength(), 32u);  // bytes
    for (uint32_t i = 0; i < 64; ++i) {
      EXPECT_EQ(t.GetValue(i).Get(0), ref::Int4At(base, i)) << i;
    }
    // A sub-view moves by offset / 2 bytes; an odd offset is rounded down.
    for (uint32_t off : {10u, 11u}) {
      const AscendC::LocalTensor<int4b_t> v = t[off];
      EXPECT_EQ(reinterpret_cast<const uint8_t*>(v.GetPhyAddr()), base + 5) << off;
      EXPECT_EQ(v.GetSize(), 54u) << off;
      EXPECT_EQ(v.GetValue(0).Get(0), ref::Int4At(base, 10)) << off;
    }
    EXPECT_EQ(reinterpret_cast<const uint8_t*>(t.GetPhyAddr(6)), base + 3);
    // SetValue writes one nibble and keeps the other.
    t.SetValue(3, int4b_t(0x0D));  // -3
    ref::SetInt4At(want.data(), 3, -3);
    t[40].SetValue(1, int4b_t(0x07));
    ref::SetInt4At(want.data(), 41, 7);
    t.SetSize(7);  // dataLen 3 bytes, as on the NPU
    EXPECT_EQ(t.GetSize(), 6u);
    EXPECT_EQ(t.GetLength(), 3u);
    AscendC::LocalTensor<int4b_t> w = buf.GetWithOffset<int4b_t>(80, 512);
    EXPECT_EQ(w.GetSize(), 80u);
    // An instruction at an element offset: Cast half -> int4b_t into elements
    // [64, 69) of w (UB bytes 544..546, 32-byte aligned; the high nibble of
    // 546 is kept).
    AscendC::LocalTensor<half> h = buf.GetWithOffset<half>(16, 256);
    for (uint32_t i = 0; i < 5; ++i) h.SetValue(i, half(static_cast<float>(i) - 2.0f));
    AscendC::Cast(w[64], h, RoundMode::CAST_RINT, 5);
  });
  for (int i = 0; i < 5; ++i) ref::SetInt4At(want.data() + 512, 64 + i, i - 2);
  for (uint32_t i = 0; i < 5; ++i) {
    const half v(static_cast<float>(i) - 2.0f);
    Put(want, 256 + 2 * i, &v, 1);
  }
  EXPECT_EQ(image, want);
}

TEST(OpsCastMatrix, Int4GlobalTensorCountsElements) {
  std::vector<uint8_t> gm_bytes = {0x21, 0x43, 0x65, 0x87, 0xA9, 0xCB, 0xED, 0x0F};
  std::vector<uint8_t> image(64);
  RunOnUb(image, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
    AscendC::GlobalTensor<int4b_t> gm;
    gm.SetGlobalBuffer(reinterpret_cast<int4b_t*>(gm_bytes.data()), 16);
    EXPECT_EQ(gm.GetSize(), 16u);
    for (uint32_t i = 0; i < 16; ++i) {
      EXPECT_EQ(gm.GetValue(i).Get(0), ref::Int4At(gm_bytes.data(), i)) << i;
    }
    for (uint64_t off : {5u, 4u}) {
      EXPECT_EQ(reinterpret_cast<uint8_t*>(gm[off].GetPhyAddr()), gm_bytes.data() + 2) << off;
      EXPECT_EQ(gm[off].GetSize(), 16 - off);
    }
    EXPECT_EQ(reinterpret_cast<uint8_t*>(gm.GetPhyAddr(6)), gm_bytes.data() + 3);
    gm.SetValue(5, int4b_t(0x08));  // -8 in the high nibble of byte 2
    EXPECT_EQ(gm_bytes[2], 0x85);
    // DataCopy copies int4b_t as bytes: 32 of them are 64 elements.
    std::vector<uint8_t> big(32);
    for (size_t i = 0; i < big.size(); ++i) big[i] = static_cast<uint8_t>(i * 7);
    gm.SetGlobalBuffer(reinterpret_cast<int4b_t*>(big.data()), 64);
    AscendC::DataCopy(buf.Get<int4b_t>(64), gm, 32);
  });
  for (size_t i = 0; i < 32; ++i) EXPECT_EQ(image[i], static_cast<uint8_t>(i * 7)) << i;
}

// Bounds errors name element counts; each has a clean twin one element in.
TEST(OpsCastMatrix, Int4BoundsErrorsCountElements) {
  using Buf = AscendC::TBuf<AscendC::TPosition::VECCALC>;
  const uint32_t n = 2 * kUbBytes;  // the int4b_t elements of the buffer
  const std::string sn = std::to_string(n);
  EXPECT_EQ(ErrorOf([&](Buf& b) { b.Get<int4b_t>().GetValue(n - 1); }), "");
  EXPECT_NE(ErrorOf([&](Buf& b) { b.Get<int4b_t>().GetValue(n); })
                .find("element " + sn + " of int4b_t (byte offset " + std::to_string(kUbBytes) + ")"),
            std::string::npos);
  EXPECT_NE(ErrorOf([&](Buf& b) { b.Get<int4b_t>().SetValue(n, int4b_t()); }).find("which holds " + sn),
            std::string::npos);
  EXPECT_EQ(ErrorOf([&](Buf& b) { (void)b.Get<int4b_t>()[n]; }), "");
  EXPECT_NE(ErrorOf([&](Buf& b) { (void)b.Get<int4b_t>()[n + 2]; })
                .find("offset " + std::to_string(n + 2) + " is past the end of the buffer: the "
                      "LocalTensor<int4b_t> of " + sn + " elements at element offset 0"),
            std::string::npos);
  EXPECT_NE(ErrorOf([&](Buf& b) { (void)b.Get<int4b_t>()[10][n]; }).find("leaves room for " +
                                                                      std::to_string(n - 10)),
            std::string::npos);
  EXPECT_EQ(ErrorOf([&](Buf& b) { (void)b.Get<int4b_t>().GetPhyAddr(4); }), "");
  EXPECT_NE(ErrorOf([&](Buf& b) { (void)b.Get<int4b_t>().GetPhyAddr(5); }).find("offset 5"),
            std::string::npos);
  EXPECT_EQ(ErrorOf([&](Buf& b) { (void)b.Get<int4b_t>(n); }), "");
  EXPECT_NE(ErrorOf([&](Buf& b) { (void)b.Get<int4b_t>(n + 1); }).find("are outside the"),
            std::string::npos);
  std::vector<uint8_t> g(8);
  auto gm = [&](uint64_t i, bool set) {
    return ErrorOf([&](Buf&) {
      AscendC::GlobalTensor<int4b_t> t;
      t.SetGlobalBuffer(reinterpret_cast<int4b_t*>(g.data()), 16);
      if (set) {
        t.SetValue(i, int4b_t());
      } else {
        (void)t.GetValue(i);
      }
    });
  };
  EXPECT_EQ(gm(15, false), "");
  EXPECT_EQ(gm(15, true), "");
  EXPECT_NE(gm(16, false).find("GM access of 1 int4b_t elements at element offset 16 overruns the "
                               "GlobalTensor's 16 elements"),
            std::string::npos);
  EXPECT_NE(gm(16, true).find("GlobalTensor's 16 elements"), std::string::npos);
  // DataCopy counts bytes of int4b_t: 8 of them fill a 16-element tensor.
  auto copy = [&](uint32_t elems) {
    return ErrorOf([&](Buf& b) {
      AscendC::GlobalTensor<int4b_t> t;
      t.SetGlobalBuffer(reinterpret_cast<int4b_t*>(g.data()), elems);
      AscendC::DataCopy(b.Get<int4b_t>(), t, 32);
    });
  };
  std::vector<uint8_t> g64(32);
  g.swap(g64);
  EXPECT_EQ(copy(64), "");
  EXPECT_NE(copy(62).find("GM access of 64 int4b_t elements at element offset 0 overruns the "
                          "GlobalTensor's 62 elements"),
            std::string::npos);
}

}  // namespace
}  // namespace aicore_test
