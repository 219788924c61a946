// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Broadcast (lib/broadcast.h), Select with a bytes mask (lib/select_misc.h)
// and the Arange host helper (lib/arange_tiling.h).
//
// Broadcast: both public forms (with and without
// sharedTmpBuffer), int8_t, uint8_t, half and float, dim 1 ([1] -> [n], and
// the [n] -> [n] copy), dim 2 axis 0 ([1, n] -> [m, n]) and axis 1
// ([m, 1] -> [m, k]) with row lengths that are and are not 32-byte multiples,
// against the scalar model dst[i][j] = src[axis == 0 ? j : i] bit for bit
// (random bit patterns, NaNs included). Elements past the dst shape stay
// untouched. The sharedTmpBuffer form gets exactly the host helper's minimum.
// Plus the host helper's values and every diagnostic with its clean twin.
//
// Select (bytes mask): both forms (tensor src0 with scalar src1, scalar src0
// with tensor src1), half and float, mask types bool, uint8_t, int16_t, int8_t,
// uint32_t (1-, 2- and 4-byte, signed and unsigned; the others share the code), isReuseMask true and
// false, mask rows wider than the source rows, against the model
// dst[i][j] = mask[i][j] != 0 ? src1 : src0, bit for bit; the
// sharedTmpBuffer gets exactly GetSelectMaxMinTmpSize's minimum.
//
// DropOut: both forms, half and float, every dropOutMode (0 inferred, 1-4
// explicit), against the model (d = T(1.0f / keepProb)):
//   byte modes dst = T(T(m * x) * d) (m the mask byte as a number),
//   bit modes  dst = bit ? T(x * d) : +0 (bit e % 8 of byte e / 8 of the row),
// bit for bit with NaN == NaN; random bit-pattern sources, mask bytes 0, 1
// and others; rows with vector tails.

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "aicore/lib/arange_tiling.h"
#include "aicore/lib/broadcast.h"
#include "aicore/lib/dropout.h"
#include "aicore/lib/select_misc.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {
namespace {

using AscendC::LocalTensor;
using AscendC::TBuf;
using AscendC::TPosition;

bool Has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

template <class T, int kDim, int kAxis>
void RunCase(Rng& rng, const uint32_t* ds, const uint32_t* ss, bool with_tmp) {
  const uint32_t dn = kDim == 1 ? ds[0] : ds[0] * ds[1];
  const uint32_t sn = kDim == 1 ? ss[0] : ss[0] * ss[1];
  std::vector<T> x(sn);
  for (auto& v : x) v = ref::FromBits<T>(static_cast<ref::BitsOf<T>>(rng.Next()));
  uint32_t mx = 0, mn = 0;
  const ge::Shape src_shape(kDim == 1 ? std::vector<int64_t>{ss[0]} : std::vector<int64_t>{ss[0], ss[1]});
  const ge::Shape dst_shape(kDim == 1 ? std::vector<int64_t>{ds[0]} : std::vector<int64_t>{ds[0], ds[1]});
  AscendC::GetBroadCastMaxMinTmpSize(platform_ascendc::PlatformAscendC(), src_shape, dst_shape,
                                     sizeof(T), false, mx, mn);
  // (The published max can be below the min: axis 1 with few rows.)
  (void)mx;
  const uint32_t tmp_bytes = std::max<uint32_t>(mn, 32);
  std::vector<T> y(dn + 32);
  aicore::Launch(
      [&] {
        AscendC::TPipe pipe;
        TBuf<TPosition::VECCALC> bs, bd, bt;
        pipe.InitBuffer(bs, Round32(sn * sizeof(T)));
        pipe.InitBuffer(bd, Round32((dn + 32) * sizeof(T)));
        pipe.InitBuffer(bt, Round32(tmp_bytes));
        LocalTensor<T> src = bs.Get<T>(sn), dst = bd.Get<T>(dn + 32);
        LocalTensor<uint8_t> tmp = bt.Get<uint8_t>(tmp_bytes);
        std::memcpy(static_cast<void*>(src.GetPhyAddr()), x.data(), sn * sizeof(T));
        std::memset(static_cast<void*>(dst.GetPhyAddr()), kSentinel, (dn + 32) * sizeof(T));
        if (with_tmp) {
          AscendC::Broadcast<T, kDim, kAxis>(dst, src, ds, ss, tmp);
        } else {
          AscendC::Broadcast<T, kDim, kAxis, true>(dst, src, ds, ss);
        }
        std::memcpy(static_cast<void*>(y.data()), dst.GetPhyAddr(), (dn + 32) * sizeof(T));
      },
      1);
  const uint32_t cols = kDim == 1 ? ds[0] : ds[1];
  int bad = 0;
  for (uint32_t e = 0; e < dn; ++e) {
    const uint32_t i = e / cols, j = e % cols;
    uint32_t s = e;  // the copy case
    if (sn != dn) s = kDim == 1 ? 0 : (kAxis == 0 ? j : i);
    if (ref::Bits(y[e]) != ref::Bits(x[s]) && ++bad <= 5) {
      ADD_FAILURE() << aicore::detail::TypeName<T>() << " dim " << kDim << " axis " << kAxis
                    << " dst [" << ds[0] << (kDim == 2 ? ", " + std::to_string(ds[1]) : "")
                    << "] e=" << e << " got " << Show(y[e]) << " want " << Show(x[s]);
    }
  }
  EXPECT_EQ(bad, 0);
  for (uint32_t e = dn; e < dn + 32; ++e) {
    uint8_t b[sizeof(T)];
    std::memcpy(b, &y[e], sizeof(T));
    ASSERT_EQ(b[0], kSentinel) << "element " << e << " past the dst shape written";
  }
}

template <class T>
void CheckType(uint64_t seed) {
  Rng rng(seed);
  const uint32_t e = 32 / sizeof(T);  // elements per 32-byte block
  for (int with_tmp = 0; with_tmp < 2; ++with_tmp) {
    for (uint32_t n : {1u, 7u, 16u, 33u, 100u, 257u}) {
      const uint32_t d1[1] = {n}, s1[1] = {1};
      RunCase<T, 1, 0>(rng, d1, s1, with_tmp);
      RunCase<T, 1, 0>(rng, d1, d1, with_tmp);  // copy
    }
    for (uint32_t m : {1u, 2u, 5u, 9u, 17u}) {
      for (uint32_t blocks : {1u, 2u, 3u, 7u}) {
        const uint32_t d[2] = {m, blocks * e}, s[2] = {1, blocks * e};
        RunCase<T, 2, 0>(rng, d, s, with_tmp);
      }
      for (uint32_t k : {1u, 3u, e - 1, e, e + 1, 2 * e + 5, 70u}) {
        const uint32_t d[2] = {m, k}, s[2] = {m, 1};
        RunCase<T, 2, 1>(rng, d, s, with_tmp);
      }
    }
  }
}

TEST(LibBroadcast, Int8) { CheckType<int8_t>(81); }
TEST(LibBroadcast, Uint8) { CheckType<uint8_t>(82); }
TEST(LibBroadcast, Half) { CheckType<half>(83); }
TEST(LibBroadcast, Float) { CheckType<float>(84); }
// Beyond the reference's list, as the vendor's implementation (any 2- or 4-byte type).
TEST(LibBroadcast, OtherTwoAndFourByteTypes) {
  CheckType<bfloat16_t>(85);
  CheckType<int16_t>(86);
  CheckType<int32_t>(87);
}

TEST(LibBroadcast, HostHelper) {
  const platform_ascendc::PlatformAscendC plat;
  uint32_t mx = 7, mn = 7;
  // Equal sizes or one source element: nothing for t > 1, 32 + cast for bytes.
  AscendC::GetBroadCastMaxMinTmpSize(plat, ge::Shape({1}), ge::Shape({100}), 4, false, mx, mn);
  EXPECT_EQ(mn, 0u);
  EXPECT_EQ(mx, 0u);
  AscendC::GetBroadCastMaxMinTmpSize(plat, ge::Shape({1}), ge::Shape({100}), 1, false, mx, mn);
  EXPECT_EQ(mn, 32u + (16u + 112u) * 2);
  // axis 0: 32 (+ cast).
  AscendC::GetBroadCastMaxMinTmpSize(plat, ge::Shape({1, 16}), ge::Shape({4, 16}), 2, false, mx, mn);
  EXPECT_EQ(mn, 32u);
  EXPECT_EQ(mx, 32u);
  // axis 1, float, k = 16 (a multiple of 8): min 8 * 8 * 4, max align8(10) * 8 * 4.
  AscendC::GetBroadCastMaxMinTmpSize(plat, ge::Shape({10, 1}), ge::Shape({10, 16}), 4, false, mx, mn);
  EXPECT_EQ(mn, 256u);
  EXPECT_EQ(mx, 16u * 8 * 4);
  // axis 1, half, k = 20 (K = 32): min 16*16*2 + 16*32*2, max 8*16*2 + 3*32*2.
  AscendC::GetBroadCastMaxMinTmpSize(plat, ge::Shape({3, 1}), ge::Shape({3, 20}), 2, false, mx, mn);
  EXPECT_EQ(mn, 512u + 1024u);
  EXPECT_EQ(mx, 256u + 192u);
  // Shapes that do not broadcast: 0, 0.
  AscendC::GetBroadCastMaxMinTmpSize(plat, ge::Shape({2, 3}), ge::Shape({4, 3}), 4, false, mx, mn);
  EXPECT_EQ(mn, 0u);
  EXPECT_EQ(mx, 0u);
}

// ---- diagnostics (each with its clean twin) ---------------------------------------

// f(dst, src, tmp): float dst 256, src 64, tmp of tmp_bytes; the KernelError text or "".
template <class F>
std::string Err(uint32_t tmp_bytes, F&& f) {
  try {
    aicore::Launch(
        [&] {
          AscendC::TPipe pipe;
          TBuf<TPosition::VECCALC> bs, bd, bt;
          pipe.InitBuffer(bs, 256);
          pipe.InitBuffer(bd, 1024);
          pipe.InitBuffer(bt, 4096);
          LocalTensor<float> src = bs.Get<float>(64), dst = bd.Get<float>(256);
          std::memset(static_cast<void*>(src.GetPhyAddr()), 0, 256);
          LocalTensor<uint8_t> tmp = bt.Get<uint8_t>(tmp_bytes);
          f(dst, src, tmp);
        },
        1);
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

using FT = LocalTensor<float>;
using U8 = LocalTensor<uint8_t>;

TEST(LibBroadcastDiag, ShapesDoNotBroadcast) {
  auto call = [](uint32_t s0) {
    return Err(32, [s0](FT& d, FT& s, U8&) {
      const uint32_t ds[2] = {4, 16}, ss[2] = {s0, 1};
      AscendC::Broadcast<float, 2, 1>(d, s, ds, ss);
    });
  };
  const std::string e = call(3);
  EXPECT_TRUE(Has(e, "Broadcast") && Has(e, "srcShape [3, 1] does not broadcast to dstShape [4, 16] along axis 1") &&
              Has(e, "test_datamove.cpp"))
      << e;
  EXPECT_EQ(call(4), "");
}

TEST(LibBroadcastDiag, DstTooSmall) {
  auto call = [](uint32_t m) {
    return Err(32, [m](FT& d, FT& s, U8&) {
      const uint32_t ds[2] = {m, 16}, ss[2] = {m, 1};
      AscendC::Broadcast<float, 2, 1>(d, s, ds, ss);
    });
  };
  const std::string e = call(17);
  EXPECT_TRUE(Has(e, "dstShape [17, 16] needs 272 elements; dstLocal holds 256")) << e;
  EXPECT_EQ(call(16), "");
}

TEST(LibBroadcastDiag, Axis0RowNotAligned) {
  auto call = [](uint32_t n) {
    return Err(32, [n](FT& d, FT& s, U8&) {
      const uint32_t ds[2] = {4, n}, ss[2] = {1, n};
      AscendC::Broadcast<float, 2, 0>(d, s, ds, ss);
    });
  };
  const std::string e = call(12);
  EXPECT_TRUE(Has(e, "srcShape[1] 12 (48 bytes of float) is not 32-byte aligned")) << e;
  EXPECT_EQ(call(16), "");
}

TEST(LibBroadcastDiag, TmpTooSmall) {
  // float [10, 1] -> [10, 16]: minimum 256 bytes.
  auto call = [](uint32_t bytes) {
    return Err(bytes, [](FT& d, FT& s, U8& t) {
      const uint32_t ds[2] = {10, 16}, ss[2] = {10, 1};
      AscendC::Broadcast<float, 2, 1>(d, s, ds, ss, t);
    });
  };
  const std::string e = call(224);
  EXPECT_TRUE(Has(e, "sharedTmpBuffer holds 224 bytes") && Has(e, "256") &&
              Has(e, "GetBroadCastMaxMinTmpSize"))
      << e;
  EXPECT_EQ(call(256), "");
}

TEST(LibBroadcastDiag, DstOverlapsSrc) {
  auto call = [](bool bad) {
    return Err(32, [bad](FT& d, FT& s, U8&) {
      const uint32_t ds[1] = {64}, ss[1] = {1};
      FT src = bad ? d[8] : s;
      AscendC::Broadcast<float, 1, 0>(d, src, ds, ss);
    });
  };
  const std::string e = call(true);
  EXPECT_TRUE(Has(e, "dstLocal overlaps srcLocal")) << e;
  EXPECT_EQ(call(false), "");
}


// ---- Select with a bytes mask ------------------------------------------------------

template <class T, class U, bool kReuse>
void RunSelect(Rng& rng, uint32_t rows, uint32_t sl, uint32_t ml, bool tensor_first) {
  const uint32_t n = rows * sl, mn = rows * ml;
  std::vector<T> x(n);
  for (auto& v : x) v = ref::FromBits<T>(static_cast<ref::BitsOf<T>>(rng.Next()));
  std::unique_ptr<U[]> m(new U[mn]);  // not std::vector (vector<bool> packs bits)
  for (uint32_t i = 0; i < mn; ++i) {
    U& v = m[i];
    if constexpr (std::is_same_v<U, bool>) {
      v = rng.Below(2) != 0;
    } else {
      // Zeros, ones and other nonzero values (negative, high bits).
      const uint64_t k = rng.Below(4);
      v = k < 2 ? U(0) : (k == 2 ? U(1) : static_cast<U>(rng.Next() | 1));
    }
  }
  const T scalar = RandomValue<T>(rng);
  const ge::Shape src_shape({rows, sl}), mask_shape({rows, ml}), one({1});
  const uint32_t need =
      tensor_first ? AscendC::GetSelectMinTmpSize(src_shape, one, sizeof(T), mask_shape, sizeof(U), kReuse)
                   : AscendC::GetSelectWithBytesMaskMinTmpSize(one, src_shape, sizeof(T), mask_shape,
                                                               sizeof(U), kReuse);
  std::vector<T> y(n + 32);
  aicore::Launch(
      [&] {
        AscendC::TPipe pipe;
        TBuf<TPosition::VECCALC> bs, bd, bm, bt;
        pipe.InitBuffer(bs, Round32(n * sizeof(T)));
        pipe.InitBuffer(bd, Round32((n + 32) * sizeof(T)));
        pipe.InitBuffer(bm, Round32(mn * sizeof(U)));
        pipe.InitBuffer(bt, Round32(need));
        LocalTensor<T> src = bs.Get<T>(n), dst = bd.Get<T>(n + 32);
        LocalTensor<U> mask = bm.Get<U>(mn);
        LocalTensor<uint8_t> tmp = bt.Get<uint8_t>(need);
        std::memcpy(static_cast<void*>(src.GetPhyAddr()), x.data(), n * sizeof(T));
        std::memcpy(static_cast<void*>(mask.GetPhyAddr()), m.get(), mn * sizeof(U));
        std::memset(static_cast<void*>(dst.GetPhyAddr()), kSentinel, (n + 32) * sizeof(T));
        AscendC::SelectWithBytesMaskShapeInfo info;
        info.firstAxis = rows;
        info.srcLastAxis = sl;
        info.maskLastAxis = ml;
        // The isReuseMask false runs call the vendor's implementation name.
        if (tensor_first) {
          if (kReuse) {
            AscendC::Select<T, U, kReuse>(dst, src, scalar, mask, tmp, info);
          } else {
            AscendC::SelectWithBytesMask<T, U, kReuse>(dst, src, scalar, mask, tmp, info);
          }
        } else if (kReuse) {
          AscendC::Select<T, U, kReuse>(dst, scalar, src, mask, tmp, info);
        } else {
          AscendC::SelectWithBytesMask<T, U, kReuse>(dst, scalar, src, mask, tmp, info);
        }
        std::memcpy(static_cast<void*>(y.data()), dst.GetPhyAddr(), (n + 32) * sizeof(T));
      },
      1);
  int bad = 0;
  for (uint32_t e = 0; e < n; ++e) {
    const bool set = m[(e / sl) * ml + e % sl] != U(0);
    const T want = (set == tensor_first) ? scalar : x[e];
    if (ref::Bits(y[e]) != ref::Bits(want) && ++bad <= 5) {
      ADD_FAILURE() << "Select " << aicore::detail::TypeName<T>() << "/" << aicore::detail::TypeName<U>()
                    << (tensor_first ? " (tensor, scalar)" : " (scalar, tensor)") << " rows " << rows
                    << " sl " << sl << " ml " << ml << " e=" << e << " got " << Show(y[e])
                    << " want " << Show(want);
    }
  }
  EXPECT_EQ(bad, 0);
  for (uint32_t e = n; e < n + 32; ++e) {
    uint8_t b[sizeof(T)];
    std::memcpy(b, &y[e], sizeof(T));
    ASSERT_EQ(b[0], kSentinel) << "element " << e << " past the shape written";
  }
}

template <class T, class U>
void CheckSelect(uint64_t seed) {
  Rng rng(seed);
  const uint32_t se = 32 / sizeof(T);
  const uint32_t me = std::max<uint32_t>(16, 32 / sizeof(U));  // mask row unit
  for (uint32_t rows : {1u, 3u, 7u}) {
    for (uint32_t sb : {1u, 2u, 5u}) {
      const uint32_t sl = sb * se;
      const uint32_t ml_eq = (sl + me - 1) / me * me;
      for (uint32_t ml : {ml_eq, ml_eq + me}) {
        for (int tf = 0; tf < 2; ++tf) {
          RunSelect<T, U, true>(rng, rows, sl, ml, tf == 0);
          RunSelect<T, U, false>(rng, rows, sl, ml, tf == 0);
        }
      }
    }
  }
}

TEST(LibSelectBytesMask, HalfBool) { CheckSelect<half, bool>(91); }
TEST(LibSelectBytesMask, HalfUint8) { CheckSelect<half, uint8_t>(92); }
TEST(LibSelectBytesMask, HalfInt16) { CheckSelect<half, int16_t>(93); }
TEST(LibSelectBytesMask, FloatInt8) { CheckSelect<float, int8_t>(94); }
TEST(LibSelectBytesMask, FloatUint32) { CheckSelect<float, uint32_t>(97); }

TEST(LibSelectBytesMask, HostHelper) {
  const ge::Shape one({1});
  uint32_t mx = 0, mn = 0;
  // Small: the 1024-byte floor.
  AscendC::GetSelectMaxMinTmpSize(ge::Shape({2, 16}), one, 2, ge::Shape({2, 32}), 1, true, mx, mn);
  EXPECT_EQ(mn, 1024u);
  EXPECT_EQ(mx, 1024u);
  // 8 x 1024 floats: min caps at 4096 elements (4096 * 2 + 512), max 8192 * 2 + 512;
  // not reusing a wider mask adds the mask bytes (align32(8192 * 1)).
  AscendC::GetSelectMaxMinTmpSize(ge::Shape({8, 1024}), one, 4, ge::Shape({8, 1056}), 1, false, mx, mn);
  EXPECT_EQ(mn, 8192u + 512 + 8192);
  EXPECT_EQ(mx, 16384u + 512 + 8192);
  EXPECT_EQ(AscendC::GetSelectWithBytesMaskMaxTmpSize(one, ge::Shape({8, 1024}), 4, ge::Shape({8, 1024}),
                                                      1, false),
            16384u + 512);
  // Arange needs no temporary space.
  AscendC::GetArangeMaxMinTmpSize(mx, mn);
  EXPECT_EQ(mx, 0u);
  EXPECT_EQ(mn, 0u);
  mx = mn = 7;
  AscendC::GetArithProgressionMaxMinTmpSize(mx, mn);
  EXPECT_EQ(mx, 0u);
  EXPECT_EQ(mn, 0u);
}

// f(dst, src, mask, tmp) on one block: float dst and src of n elements
// (src zero), a zero uint8_t mask of 256, tmp: tmp_bytes of a tmp_buffer-byte
// buffer; the report it fails with, "" when it succeeds.
template <class F>
std::string MaskCallError(uint32_t n, uint32_t tmp_buffer, uint32_t tmp_bytes, F&& f) {
  try {
    aicore::Launch(
        [&] {
          AscendC::TPipe pipe;
          TBuf<TPosition::VECCALC> bs, bd, bm, bt;
          pipe.InitBuffer(bs, n * sizeof(float));
          pipe.InitBuffer(bd, n * sizeof(float));
          pipe.InitBuffer(bm, 256);
          pipe.InitBuffer(bt, tmp_buffer);
          LocalTensor<float> src = bs.Get<float>(n), dst = bd.Get<float>(n);
          LocalTensor<uint8_t> mask = bm.Get<uint8_t>(256);
          std::memset(static_cast<void*>(src.GetPhyAddr()), 0, n * sizeof(float));
          std::memset(static_cast<void*>(mask.GetPhyAddr()), 0, 256);
          LocalTensor<uint8_t> tmp = bt.Get<uint8_t>(tmp_bytes);
          f(dst, src, mask, tmp);
        },
        1);
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

// Select's calls: float dst / src 128, tmp of tmp_bytes (of 4096).
template <class F>
std::string SelErr(uint32_t tmp_bytes, F&& f) {
  return MaskCallError(128, 4096, tmp_bytes, f);
}

AscendC::SelectWithBytesMaskShapeInfo Info(uint32_t a, uint32_t s, uint32_t m) {
  AscendC::SelectWithBytesMaskShapeInfo i;
  i.firstAxis = a;
  i.srcLastAxis = s;
  i.maskLastAxis = m;
  return i;
}

TEST(LibSelectBytesMaskDiag, MaskNarrowerThanSource) {
  auto call = [](uint32_t ml) {
    return SelErr(1024, [ml](FT& d, FT& s, U8& m, U8& t) {
      AscendC::Select<float, uint8_t>(d, s, 1.0f, m, t, Info(4, 32, ml));
    });
  };
  const std::string e = call(16);
  EXPECT_TRUE(Has(e, "SelectWithBytesMask") && Has(e, "maskLastAxis is below srcLastAxis") &&
              Has(e, "test_datamove.cpp"))
      << e;
  EXPECT_EQ(call(32), "");
}

TEST(LibSelectBytesMaskDiag, ShapeBeyondSource) {
  auto call = [](uint32_t rows) {
    return SelErr(1024, [rows](FT& d, FT& s, U8& m, U8& t) {
      AscendC::Select<float, uint8_t>(d, 2.0f, s, m, t, Info(rows, 16, 32));
    });
  };
  const std::string e = call(9);
  EXPECT_TRUE(Has(e, "needs 144 elements of dst; it holds 128")) << e;
  EXPECT_EQ(call(8), "");
}

TEST(LibSelectBytesMaskDiag, SourceRowNotAligned) {
  auto call = [](uint32_t sl) {
    return SelErr(1024, [sl](FT& d, FT& s, U8& m, U8& t) {
      AscendC::Select<float, uint8_t>(d, s, 1.0f, m, t, Info(2, sl, 32));
    });
  };
  const std::string e = call(12);
  EXPECT_TRUE(Has(e, "srcLastAxis * sizeof(float) = 48 bytes is not a multiple of 32")) << e;
  EXPECT_EQ(call(16), "");
}

TEST(LibSelectBytesMaskDiag, TmpTooSmall) {
  auto call = [](uint32_t bytes) {
    return SelErr(bytes, [](FT& d, FT& s, U8& m, U8& t) {
      AscendC::Select<float, uint8_t>(d, s, 1.0f, m, t, Info(4, 32, 32));
    });
  };
  const std::string e = call(992);
  EXPECT_TRUE(Has(e, "sharedTmpBuffer holds 992 bytes") && Has(e, "1024") &&
              Has(e, "GetSelectMaxMinTmpSize"))
      << e;
  EXPECT_EQ(call(1024), "");
}

TEST(LibSelectBytesMaskDiag, DstOverlapsMask) {
  auto call = [](bool bad) {
    return SelErr(1024, [bad](FT& d, FT& s, U8& m, U8& t) {
      U8 mask = bad ? d.template ReinterpretCast<uint8_t>() : m;
      AscendC::Select<float, uint8_t>(d, s, 1.0f, mask, t, Info(4, 16, 32));
    });
  };
  const std::string e = call(true);
  EXPECT_TRUE(Has(e, "dst overlaps mask")) << e;
  EXPECT_EQ(call(false), "");
}

// ---- DropOut -------------------------------------------------------------------------

template <class T>
T DropModel(T x, uint8_t m, bool bit_mode, bool bit, float keep) {
  const double d = ref::ToDouble(ref::RoundTo<T>(static_cast<double>(1.0f / keep)));
  if (bit_mode) return bit ? ref::RoundTo<T>(ref::ToDouble(x) * d) : ref::RoundTo<T>(0.0);
  const T t = ref::RoundTo<T>(static_cast<double>(m) * ref::ToDouble(x));
  return ref::RoundTo<T>(ref::ToDouble(t) * d);
}

// mode: the template argument (0 = inferred); rows x sl source, ml mask bytes per row.
template <class T, uint32_t kMode>
void RunDrop(Rng& rng, uint32_t rows, uint32_t sl, uint32_t ml, uint32_t eff_mode, bool with_tmp) {
  const uint32_t n = rows * sl;
  const uint32_t mbytes = eff_mode == 2 ? n : (eff_mode == 3 ? (n + 7) / 8 : rows * ml);
  std::vector<T> x(n);
  for (auto& v : x) v = rng.Below(4) == 0 ? ref::FromBits<T>(static_cast<ref::BitsOf<T>>(rng.Next()))
                                          : RandomValue<T>(rng);
  std::vector<uint8_t> m(mbytes);
  const bool bit_mode = eff_mode >= 3;
  for (auto& v : m) {
    const uint64_t k = rng.Below(8);
    v = bit_mode ? static_cast<uint8_t>(rng.Next()) : static_cast<uint8_t>(k < 3 ? 0 : (k < 7 ? 1 : rng.Below(256)));
  }
  const float keeps[] = {0.5f, 0.9f, 0.3f, 0.77f, 1e-3f};
  const float keep = keeps[rng.Below(5)];
  std::vector<T> y(n + 32);
  aicore::Launch(
      [&] {
        AscendC::TPipe pipe;
        TBuf<TPosition::VECCALC> bs, bd, bm, bt;
        pipe.InitBuffer(bs, Round32(n * sizeof(T)));
        pipe.InitBuffer(bd, Round32((n + 32) * sizeof(T)));
        pipe.InitBuffer(bm, Round32(mbytes));
        pipe.InitBuffer(bt, 512);
        LocalTensor<T> src = bs.Get<T>(n), dst = bd.Get<T>(n + 32);
        LocalTensor<uint8_t> mask = bm.Get<uint8_t>(mbytes), tmp = bt.Get<uint8_t>(512);
        std::memcpy(static_cast<void*>(src.GetPhyAddr()), x.data(), n * sizeof(T));
        std::memcpy(mask.GetPhyAddr(), m.data(), mbytes);
        std::memset(static_cast<void*>(dst.GetPhyAddr()), kSentinel, (n + 32) * sizeof(T));
        AscendC::DropOutShapeInfo info;
        info.firstAxis = rows;
        info.srcLastAxis = sl;
        info.maskLastAxis = ml;
        if (with_tmp) {
          AscendC::DropOut<T, false, kMode>(dst, src, mask, tmp, keep, info);
        } else {
          AscendC::DropOut<T, true, kMode>(dst, src, mask, keep, info);
        }
        std::memcpy(static_cast<void*>(y.data()), dst.GetPhyAddr(), (n + 32) * sizeof(T));
      },
      1);
  int bad = 0;
  for (uint32_t e = 0; e < n; ++e) {
    const uint32_t r = e / sl, j = e % sl;
    uint8_t mb = 0;
    bool bit = false;
    if (eff_mode == 1) mb = m[r * ml + j];
    if (eff_mode == 2) mb = m[e];
    if (eff_mode == 3) bit = (m[e / 8] >> (e % 8)) & 1;
    if (eff_mode == 4) bit = (m[r * ml + j / 8] >> (j % 8)) & 1;
    const T want = DropModel<T>(x[e], mb, bit_mode, bit, keep);
    const bool same = ref::Bits(want) == ref::Bits(y[e]) ||
                      (std::isnan(ref::ToDouble(want)) && std::isnan(ref::ToDouble(y[e])));
    if (!same && ++bad <= 5) {
      ADD_FAILURE() << "DropOut " << aicore::detail::TypeName<T>() << " mode " << kMode << " ("
                    << eff_mode << ") rows " << rows << " sl " << sl << " ml " << ml << " e=" << e
                    << " x=" << Show(x[e]) << " got " << Show(y[e]) << " want " << Show(want);
    }
  }
  EXPECT_EQ(bad, 0);
  for (uint32_t e = n; e < n + 32; ++e) {
    uint8_t b[sizeof(T)];
    std::memcpy(b, &y[e], sizeof(T));
    ASSERT_EQ(b[0], kSentinel) << "element " << e << " past the shape written";
  }
}

template <class T>
void CheckDrop(uint64_t seed) {
  Rng rng(seed);
  for (int t = 0; t < 2; ++t) {
    for (uint32_t rows : {1u, 3u, 6u}) {
      for (uint32_t sl : {32u, 64u, 96u}) {
        // byte, mask rows wider (1) and equal (2); bit, contiguous (3) and padded rows (4).
        RunDrop<T, 0>(rng, rows, sl, sl + 32, 1, t);
        RunDrop<T, 1>(rng, rows, sl, sl + 32, 1, t);
        RunDrop<T, 0>(rng, rows, sl, sl, 2, t);
        RunDrop<T, 2>(rng, rows, sl, sl, 2, t);
        RunDrop<T, 0>(rng, rows, sl, sl / 8, 3, t);
        RunDrop<T, 3>(rng, rows, sl, sl / 8, 3, t);
        RunDrop<T, 0>(rng, rows, sl, sl / 8 + 2, 4, t);
        RunDrop<T, 4>(rng, rows, sl, sl / 8 + 2, 4, t);
      }
    }
  }
}

TEST(LibDropOut, Half) { CheckDrop<half>(101); }
TEST(LibDropOut, Float) { CheckDrop<float>(102); }

TEST(LibDropOut, HostHelperAndModel) {
  uint32_t mx = 0, mn = 0;
  AscendC::GetDropOutMaxMinTmpSize(ge::Shape({4, 16}), 2, false, mx, mn);
  EXPECT_EQ(mn, 512u);
  EXPECT_EQ(mx, 512u);
  AscendC::GetDropOutMaxMinTmpSize(ge::Shape({8, 1024}), 4, false, mx, mn);
  EXPECT_EQ(mx, 2u * 8192 * 4);
  EXPECT_EQ(AscendC::GetDropOutMinTmpSize(ge::Shape({8, 1024}), 4, false), 512u);
  // The model on worked values: keep 0.3 -> d = half(3.3333333) = 3.33398438;
  // byte 1 * 3 = 3, * d = 10.0019531 -> half 10.0 (ulp 0.0078125: 10.0019531 rounds to 10.0).
  EXPECT_EQ(ref::ToDouble(DropModel<half>(half(3.0f), 1, false, false, 0.3f)), 10.0);
  // A dropped NaN stays NaN in byte mode, and becomes +0 in bit mode.
  const half nan = std::numeric_limits<half>::quiet_NaN();
  EXPECT_TRUE(std::isnan(ref::ToDouble(DropModel<half>(nan, 0, false, false, 0.5f))));
  EXPECT_EQ(ref::Bits(DropModel<half>(nan, 0, true, false, 0.5f)), 0u);
}

// DropOut's calls: float dst / src 256, tmp of tmp_bytes (of 1024).
template <class F>
std::string DropErr(uint32_t tmp_bytes, F&& f) {
  return MaskCallError(256, 1024, tmp_bytes, f);
}

AscendC::DropOutShapeInfo DInfo(uint32_t a, uint32_t s, uint32_t m) {
  AscendC::DropOutShapeInfo i;
  i.firstAxis = a;
  i.srcLastAxis = s;
  i.maskLastAxis = m;
  return i;
}

TEST(LibDropOutDiag, KeepProbOutOfRange) {
  auto call = [](float keep) {
    return DropErr(512, [keep](FT& d, FT& s, U8& m, U8&) {
      AscendC::DropOut<float>(d, s, m, keep, DInfo(4, 32, 32));
    });
  };
  const std::string e = call(1.0f);
  EXPECT_TRUE(Has(e, "DropOut") && Has(e, "keepProb 1.000000 is not in (0, 1)") &&
              Has(e, "test_datamove.cpp"))
      << e;
  EXPECT_EQ(call(0.5f), "");
}

TEST(LibDropOutDiag, ModeDisagreesWithShape) {
  auto call = [](uint32_t ml) {
    return DropErr(512, [ml](FT& d, FT& s, U8& m, U8& t) {
      AscendC::DropOut<float, false, 3>(d, s, m, t, 0.5f, DInfo(4, 64, ml));
    });
  };
  const std::string e = call(16);
  EXPECT_TRUE(Has(e, "dropOutMode 3 needs srcLastAxis == 8 * maskLastAxis")) << e;
  EXPECT_EQ(call(8), "");
}

TEST(LibDropOutDiag, MaskBeyondTensor) {
  // Mode 1 (inferred): 4 rows of 96 mask bytes need 384; the mask holds 256.
  auto call = [](uint32_t ml) {
    return DropErr(512, [ml](FT& d, FT& s, U8& m, U8&) {
      AscendC::DropOut<float>(d, s, m, 0.5f, DInfo(4, 32, ml));
    });
  };
  const std::string e = call(96);
  EXPECT_TRUE(Has(e, "needs 384 elements of maskLocal; it holds 256")) << e;
  EXPECT_EQ(call(64), "");
}

TEST(LibDropOutDiag, OddMaskRowInMode4) {
  auto call = [](uint32_t ml) {
    return DropErr(512, [ml](FT& d, FT& s, U8& m, U8&) {
      AscendC::DropOut<float, false, 4>(d, s, m, 0.5f, DInfo(4, 32, ml));
    });
  };
  const std::string e = call(5);
  EXPECT_TRUE(Has(e, "maskLastAxis must be even in dropOutMode 4")) << e;
  EXPECT_EQ(call(6), "");
}

TEST(LibDropOutDiag, TmpTooSmall) {
  auto call = [](uint32_t bytes) {
    return DropErr(bytes, [](FT& d, FT& s, U8& m, U8& t) {
      AscendC::DropOut<float>(d, s, m, t, 0.5f, DInfo(4, 32, 32));
    });
  };
  const std::string e = call(480);
  EXPECT_TRUE(Has(e, "sharedTmpBuffer holds 480 bytes") && Has(e, "GetDropOutMaxMinTmpSize")) << e;
  EXPECT_EQ(call(512), "");
}

}  // namespace
}  // namespace aicore_test
