// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// AscendAntiQuant (lib/antiquant.h), every public form of the Ascend910B
// profile (PER_CHANNEL with and without offset, with and without
// sharedTmpBuffer; PER_TENSOR likewise), int8_t and int4b_t sources, half and
// bfloat16_t results, isTranspose false and true, grouped scales (height or
// width dividing k), shapes from AntiQuantShapeInfo, from SetShapeInfo and
// from the sizes; against a scalar model in double, bit for bit:
//   half:       h(h(x + offset) * scale)      (no offset: h(x * scale))
//   bfloat16_t: b(f(f(x + offset) * scale))   (f: round to float, b: to
//               bfloat16 nearest-even; no offset: b(f(x * scale)))
// x, offset and scale are exact in double, and so are x + offset and the
// products, so each h / f / b is the single rounding the NPU's step makes.
// Random scales and offsets include NaN, infinities and subnormals (RandomValue).
// Elements past the src count must stay untouched. The sharedTmpBuffer forms
// get exactly the host helper's minimum. Plus the host helpers and every
// diagnostic with its clean twin.

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "aicore/lib/antiquant.h"
#include "aicore/op/antiquant_tiling.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {
namespace {

using AscendC::int4b_t;
using AscendC::LocalTensor;
using AscendC::TBuf;
using AscendC::TPosition;

bool Has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

// ---- the model ---------------------------------------------------------------------

template <class Out>
Out Model(int x, double scale, double offset, bool has_offset) {
  if constexpr (std::is_same_v<Out, half>) {
    auto h = [](double v) { return ref::ToDouble(ref::RoundTo<half>(v)); };
    return ref::RoundTo<half>((has_offset ? h(x + offset) : x) * scale);
  } else {
    auto f = [](double v) { return static_cast<double>(static_cast<float>(v)); };
    return ref::RoundTo<bfloat16_t>(f((has_offset ? f(x + offset) : x) * scale));
  }
}

template <class In>
constexpr uint32_t kPerByte = std::is_same_v<In, int4b_t> ? 2 : 1;

template <class In>
int ElemOf(const std::vector<uint8_t>& bytes, size_t e) {
  if constexpr (std::is_same_v<In, int4b_t>) {
    return int4b_t(bytes[e / 2]).Get(static_cast<int>(e & 1));
  } else {
    return static_cast<int8_t>(bytes[e]);
  }
}

// ---- one case ---------------------------------------------------------------------

enum class Src { kInfo, kTensorShape, kSizes };

struct Case {
  bool transpose;
  uint32_t k, n, h, w;  // src [k, n] (or [n, k] transposed); scale / offset [h, w]
};

template <class In, class Out, bool kT>
void RunCase(Rng& rng, const Case& c, const std::string& label) {
  const uint32_t count = c.k * c.n;
  const uint32_t src_bytes = count / kPerByte<In>;
  const uint32_t pe = c.h * c.w;
  std::vector<uint8_t> xb(src_bytes);
  for (auto& b : xb) b = static_cast<uint8_t>(rng.Next());
  std::vector<Out> sc(pe), of(pe);
  for (auto& v : sc) v = rng.Below(6) == 0 ? RandomValue<Out>(rng) : ref::RoundTo<Out>(rng.Uniform(-4, 4));
  for (auto& v : of) v = rng.Below(6) == 0 ? RandomValue<Out>(rng) : ref::RoundTo<Out>(rng.Uniform(-20, 20));
  const Out s0 = sc[0], o0 = of[0];
  uint32_t mx = 0, mn = 0;
  const ge::DataType in_t = std::is_same_v<In, int8_t> ? ge::DT_INT8 : ge::DT_INT4;
  const ge::DataType out_t = std::is_same_v<Out, half> ? ge::DT_FLOAT16 : ge::DT_BF16;
  const ge::Shape src_shape(kT ? std::vector<int64_t>{c.n, c.k} : std::vector<int64_t>{c.k, c.n});
  const ge::Shape one({1}), per_channel({c.h, c.w});
  // (per channel / per tensor) x form x shape source.
  for (int pc = 0; pc < 2; ++pc) {
    AscendC::GetAscendAntiQuantMaxMinTmpSize(src_shape, pc ? per_channel : one, kT, in_t, out_t, mx,
                                             mn);
    const uint32_t tmp_bytes = std::max<uint32_t>(mn, 32);
    for (int form = 0; form < 3; ++form) {
      const Src shape_src = pc ? static_cast<Src>(rng.Below(3)) : Src::kInfo;
      const bool has_offset = form != 1;
      std::vector<Out> y(count + 16);
      aicore::Launch(
          [&] {
            AscendC::TPipe pipe;
            TBuf<TPosition::VECCALC> bs, bd, bsc, bof, bt;
            pipe.InitBuffer(bs, Round32(src_bytes));
            pipe.InitBuffer(bd, Round32((count + 16) * sizeof(Out)));
            pipe.InitBuffer(bsc, Round32(pe * sizeof(Out)));
            pipe.InitBuffer(bof, Round32(pe * sizeof(Out)));
            pipe.InitBuffer(bt, Round32(tmp_bytes));
            LocalTensor<In> src = bs.Get<In>(count);
            LocalTensor<Out> dst = bd.Get<Out>(count + 16);
            LocalTensor<Out> scale = bsc.Get<Out>(pe), offset = bof.Get<Out>(pe);
            LocalTensor<uint8_t> tmp = bt.Get<uint8_t>(tmp_bytes);
            std::memcpy(static_cast<void*>(src.GetPhyAddr()), xb.data(), src_bytes);
            std::memcpy(static_cast<void*>(scale.GetPhyAddr()), sc.data(), pe * sizeof(Out));
            std::memcpy(static_cast<void*>(offset.GetPhyAddr()), of.data(), pe * sizeof(Out));
            std::memset(static_cast<void*>(dst.GetPhyAddr()), kSentinel, (count + 16) * sizeof(Out));
            AscendC::AntiQuantShapeInfo info;
            if (shape_src == Src::kInfo) info = {c.h, c.w, c.h, c.w};
            if (shape_src == Src::kTensorShape) {
              const uint32_t dims[2] = {c.h, c.w};
              scale.SetShapeInfo(AscendC::ShapeInfo(2, dims));
              offset.SetShapeInfo(AscendC::ShapeInfo(2, dims));
            }
            // dst is count + 16 long; the API writes src's count.
            if (pc) {
              if (form == 0) {
                AscendC::AscendAntiQuant<In, Out, kT>(dst, src, offset, scale, tmp, c.k, info);
              } else if (form == 1) {
                AscendC::AscendAntiQuant<In, Out, kT>(dst, src, scale, tmp, c.k, info);
              } else {
                AscendC::AscendAntiQuant<In, Out, kT>(dst, src, offset, scale, c.k, info);
              }
            } else {
              if (form == 0) {
                AscendC::AscendAntiQuant<In, Out, kT>(dst, src, o0, s0, tmp, c.k);
              } else if (form == 1) {
                AscendC::AscendAntiQuant<In, Out, kT>(dst, src, s0, tmp, c.k);
              } else {
                AscendC::AscendAntiQuant<In, Out, kT>(dst, src, o0, s0, c.k);
              }
            }
            std::memcpy(static_cast<void*>(y.data()), dst.GetPhyAddr(), (count + 16) * sizeof(Out));
          },
          1);
      int bad = 0;
      for (uint32_t e = 0; e < count; ++e) {
        const uint32_t r = e / (kT ? c.k : c.n), col = e % (kT ? c.k : c.n);
        // Row r, column col of src; the scale element it uses.
        uint32_t p = 0;
        if (pc) p = kT ? r * c.w + col / (c.k / c.w) : (r / (c.k / c.h)) * c.w + col;
        const Out want = Model<Out>(ElemOf<In>(xb, e), ref::ToDouble(pc ? sc[p] : s0),
                                    ref::ToDouble(pc ? of[p] : o0), has_offset);
        const bool same = ref::Bits(want) == ref::Bits(y[e]) ||
                          (std::isnan(ref::ToDouble(want)) && std::isnan(ref::ToDouble(y[e])));
        if (!same && ++bad <= 5) {
          ADD_FAILURE() << label << (pc ? " PER_CHANNEL" : " PER_TENSOR") << " form " << form
                        << " shape source " << static_cast<int>(shape_src) << " e=" << e
                        << " x=" << ElemOf<In>(xb, e) << " got " << Show(y[e]) << " model "
                        << Show(want);
        }
      }
      EXPECT_EQ(bad, 0) << label;
      for (uint32_t e = count; e < count + 16; ++e) {
        uint8_t b[sizeof(Out)];
        std::memcpy(b, &y[e], sizeof(Out));
        ASSERT_EQ(b[0], kSentinel) << label << ": element " << e << " past the count written";
      }
    }
  }
}

template <class In, class Out, bool kT>
void CheckAll(uint64_t seed) {
  Rng rng(seed);
  const std::string label = std::string(aicore::detail::TypeName<In>()) + "->" +
                            aicore::detail::TypeName<Out>() + (kT ? " transposed" : "");
  int cases = 0;
  if (!kT) {
    // src [k, n]: n with vector tails, groups of rows (h dividing k).
    for (uint32_t k : {1u, 2u, 3u, 4u, 6u, 8u}) {
      for (uint32_t n : {16u, 32u, 48u, 80u, 96u, 144u, 160u}) {
        if ((k * n) % 64 != 0) continue;
        std::vector<uint32_t> hs = {1, k};
        if (k % 2 == 0) hs.push_back(k / 2);
        const uint32_t h = hs[rng.Below(hs.size())];
        RunCase<In, Out, kT>(rng, {kT, k, n, h, n}, label + " k=" + std::to_string(k) + " n=" +
                                                        std::to_string(n) + " h=" + std::to_string(h));
        ++cases;
      }
    }
  } else {
    // src [n, k]: k spanning 32-byte multiples, groups of columns (w dividing k,
    // odd group lengths included).
    for (uint32_t k : {64u, 128u, 192u}) {
      for (uint32_t n : {1u, 2u, 3u, 5u}) {
        const uint32_t ws[] = {1, 2, 3, 4, 8, k / 2, k};
        uint32_t w = ws[rng.Below(7)];
        if (k % w != 0) w = k;
        // bfloat16_t per channel needs 320 * n * w bytes of sharedTmpBuffer:
        // keep it inside the UB.
        if (320 * n * w > 96 * 1024) w = 4;
        RunCase<In, Out, kT>(rng, {kT, k, n, n, w}, label + " k=" + std::to_string(k) + " n=" +
                                                        std::to_string(n) + " w=" + std::to_string(w));
        ++cases;
      }
    }
  }
  EXPECT_GT(cases, 5);
}

TEST(LibAntiQuant, Int8Half) { CheckAll<int8_t, half, false>(71); }
TEST(LibAntiQuant, Int8HalfTransposed) { CheckAll<int8_t, half, true>(72); }
TEST(LibAntiQuant, Int8Bf16) { CheckAll<int8_t, bfloat16_t, false>(73); }
TEST(LibAntiQuant, Int8Bf16Transposed) { CheckAll<int8_t, bfloat16_t, true>(74); }
TEST(LibAntiQuant, Int4Half) { CheckAll<int4b_t, half, false>(75); }
TEST(LibAntiQuant, Int4HalfTransposed) { CheckAll<int4b_t, half, true>(76); }
TEST(LibAntiQuant, Int4Bf16) { CheckAll<int4b_t, bfloat16_t, false>(77); }
TEST(LibAntiQuant, Int4Bf16Transposed) { CheckAll<int4b_t, bfloat16_t, true>(78); }

// The model itself on hand-worked values (so that a wrong model cannot hide).
TEST(LibAntiQuant, ModelSpotValues) {
  // half: 3 + 0.1 -> h(3.1) = 3.099609375; * 2 = 6.19921875 (exact in half).
  EXPECT_EQ(ref::ToDouble(Model<half>(3, 2.0, ref::ToDouble(ref::RoundTo<half>(0.1)), true)),
            6.19921875);
  // bf16: (-7 + 0.5) * 3 = -19.5 exactly.
  EXPECT_EQ(ref::ToDouble(Model<bfloat16_t>(-7, 3.0, 0.5, true)), -19.5);
  // bf16 rounding: 1 * 1.00390625 (257/256) is between bf16 1 and 1.0078125: ties to even -> 1.
  EXPECT_EQ(ref::ToDouble(Model<bfloat16_t>(1, 1.00390625, 0, false)), 1.0);
}

// ---- host helpers ------------------------------------------------------------------

TEST(LibAntiQuant, HostHelpers) {
  uint32_t mx = 7, mn = 7, live = 7, extra = 7;
  const ge::Shape src({64, 256}), per_ch({1, 256}), one({1});
  AscendC::GetAscendAntiQuantMaxMinTmpSize(src, per_ch, false, ge::DT_INT8, ge::DT_FLOAT16, mx, mn);
  EXPECT_EQ(mx, 0u);
  EXPECT_EQ(mn, 0u);
  AscendC::GetAscendAntiQuantMaxMinTmpSize(src, per_ch, false, ge::DT_INT8, ge::DT_BF16, mx, mn);
  EXPECT_EQ(mn, 256u * 2 * 4 + 64u * 64 * 4);
  EXPECT_EQ(mx, mn);
  AscendC::GetAscendAntiQuantMaxMinTmpSize(src, ge::Shape({64, 2}), true, ge::DT_INT8, ge::DT_BF16,
                                           mx, mn);
  EXPECT_EQ(mn, 80u * 128 * 4);
  AscendC::GetAscendAntiQuantMaxMinTmpSize(src, one, true, ge::DT_INT4, ge::DT_BF16, mx, mn);
  EXPECT_EQ(mn, 1024u);
  EXPECT_EQ(mx, 64u * 256 * 4);
  EXPECT_EQ(AscendC::GetAscendAntiQuantMaxTmpSize(src, one, false, ge::DT_INT8, ge::DT_BF16), mx);
  EXPECT_EQ(AscendC::GetAscendAntiQuantMinTmpSize(src, one, false, ge::DT_INT8, ge::DT_BF16), mn);
  AscendC::GetAscendAntiQuantTmpBufferFactorSize(src, one, false, ge::DT_INT8, ge::DT_BF16, live, extra);
  EXPECT_EQ(live, 1u);
  EXPECT_EQ(extra, 0u);
  AscendC::GetAscendAntiQuantTmpBufferFactorSize(src, per_ch, false, ge::DT_INT8, ge::DT_BF16, live,
                                                 extra);
  EXPECT_EQ(live, 0u);
  EXPECT_EQ(extra, 256u * 2 * 4 + 64u * 64 * 4);
  AscendC::GetAscendAntiQuantTmpBufferFactorSize(src, per_ch, false, ge::DT_INT8, ge::DT_FLOAT16,
                                                 live, extra);
  EXPECT_EQ(live, 0u);
  EXPECT_EQ(extra, 0u);
}

// ---- diagnostics (each with its clean twin) ---------------------------------------

// Runs f(dst, src, scale, offset, tmp): src int8 [k = 4, n = 64] (256 B), dst
// half 256, scale / offset half 64 ([1, 64]), tmp of tmp_bytes; returns the
// KernelError text or "".
template <class Out = half, class F>
std::string Err(uint32_t tmp_bytes, F&& f) {
  try {
    aicore::Launch(
        [&] {
          AscendC::TPipe pipe;
          TBuf<TPosition::VECCALC> bs, bd, bsc, bof, bt;
          pipe.InitBuffer(bs, 512);
          pipe.InitBuffer(bd, 1024);
          pipe.InitBuffer(bsc, 256);
          pipe.InitBuffer(bof, 256);
          pipe.InitBuffer(bt, 8192);
          LocalTensor<int8_t> src = bs.Get<int8_t>(256);
          LocalTensor<Out> dst = bd.Get<Out>(256);
          LocalTensor<Out> scale = bsc.Get<Out>(64), offset = bof.Get<Out>(64);
          std::memset(static_cast<void*>(src.GetPhyAddr()), 0, 256);
          std::memset(static_cast<void*>(scale.GetPhyAddr()), 0, 64 * sizeof(Out));
          std::memset(static_cast<void*>(offset.GetPhyAddr()), 0, 64 * sizeof(Out));
          LocalTensor<uint8_t> tmp = bt.Get<uint8_t>(tmp_bytes);
          f(dst, src, scale, offset, tmp);
        },
        1);
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

using HT = LocalTensor<half>;
using BT = LocalTensor<bfloat16_t>;
using I8 = LocalTensor<int8_t>;
using U8 = LocalTensor<uint8_t>;

TEST(LibAntiQuantDiag, KNotDividingCount) {
  auto call = [](uint32_t k) {
    return Err(32, [k](HT& d, I8& s, HT& sc, HT& of, U8&) {
      AscendC::AscendAntiQuant<int8_t, half, false>(d, s, of, sc, k, {1, 64, 1, 64});
    });
  };
  const std::string e = call(3);
  EXPECT_TRUE(Has(e, "AscendAntiQuant") && Has(e, "k 3 does not divide the 256 elements of src") &&
              Has(e, "test_antiquant.cpp"))
      << e;
  EXPECT_EQ(call(4), "");
}

TEST(LibAntiQuantDiag, ScaleWidthDisagrees) {
  auto call = [](uint32_t w) {
    return Err(32, [w](HT& d, I8& s, HT& sc, HT&, U8& t) {
      AscendC::AscendAntiQuant<int8_t, half, false>(d, s, sc, t, 4, {0, 0, 1, w});
    });
  };
  const std::string e = call(32);
  EXPECT_TRUE(Has(e, "scale shape [1, 32] does not fit src [k, n] = [4, 64]")) << e;
  EXPECT_EQ(call(64), "");
}

TEST(LibAntiQuantDiag, ScaleBeyondTensor) {
  // Height 2 of width 64 needs 128 elements; the scale tensor holds 64.
  auto call = [](uint32_t h) {
    return Err(32, [h](HT& d, I8& s, HT& sc, HT& of, U8&) {
      AscendC::AscendAntiQuant<int8_t, half, false>(d, s, of, sc, 4, {h, 64, h, 64});
    });
  };
  const std::string e = call(2);
  EXPECT_TRUE(Has(e, "needs 128 elements; the tensor holds 64")) << e;
  EXPECT_EQ(call(1), "");
}

TEST(LibAntiQuantDiag, OffsetShapeDiffers) {
  auto call = [](uint32_t oh) {
    return Err(32, [oh](HT& d, I8& s, HT& sc, HT& of, U8& t) {
      AscendC::AscendAntiQuant<int8_t, half, false>(d, s, of, sc, t, 4, {oh, 64, 1, 64});
    });
  };
  const std::string e = call(2);
  EXPECT_TRUE(Has(e, "offset shape [2, 64] differs from scale shape [1, 64]")) << e;
  EXPECT_EQ(call(1), "");
}

TEST(LibAntiQuantDiag, TmpTooSmallForBf16) {
  // Per channel, not transposed, k = 4, 64 scales: 64 * 8 + 256 * 4 = 1536 bytes.
  auto call = [](uint32_t bytes) {
    return Err<bfloat16_t>(bytes, [](BT& d, I8& s, BT& sc, BT& of, U8& t) {
      AscendC::AscendAntiQuant<int8_t, bfloat16_t, false>(d, s, of, sc, t, 4, {1, 64, 1, 64});
    });
  };
  const std::string e = call(1504);
  EXPECT_TRUE(Has(e, "sharedTmpBuffer holds 1504 bytes") && Has(e, "1536") &&
              Has(e, "GetAscendAntiQuantMaxMinTmpSize"))
      << e;
  EXPECT_EQ(call(1536), "");
}

TEST(LibAntiQuantDiag, TransposedKNotAligned) {
  // src [n, k]: k = 16 int8 is 16 bytes; k = 32 is one 32-byte block.
  auto call = [](uint32_t k) {
    return Err(32, [k](HT& d, I8& s, HT& sc, HT&, U8& t) {
      AscendC::AscendAntiQuant<int8_t, half, true>(d, s, sc, t, k);
    });
  };
  const std::string e = call(16);
  EXPECT_TRUE(Has(e, "with isTranspose, k 16 (int8_t) must span a multiple of 32 bytes")) << e;
  EXPECT_EQ(call(32), "");
}

TEST(LibAntiQuantDiag, DstOverlapsScale) {
  auto call = [](bool bad) {
    return Err(32, [bad](HT& d, I8& s, HT& sc, HT& of, U8&) {
      // The bad twin passes dst itself as the scale tensor.
      AscendC::AscendAntiQuant<int8_t, half, false>(d, s, of, bad ? d : sc, 4, {1, 64, 1, 64});
    });
  };
  const std::string e = call(true);
  EXPECT_TRUE(Has(e, "dst overlaps scale")) << e;
  EXPECT_EQ(call(false), "");
}

TEST(LibAntiQuantDiag, TmpOverlapsDst) {
  auto call = [](bool bad) {
    return Err(32, [bad](HT& d, I8& s, HT&, HT&, U8& t) {
      U8 tmp = bad ? d.template ReinterpretCast<uint8_t>() : t;
      AscendC::AscendAntiQuant<int8_t, half, false>(d, s, half(1.0f), tmp, 4);
    });
  };
  const std::string e = call(true);
  EXPECT_TRUE(Has(e, "sharedTmpBuffer overlaps")) << e;
  EXPECT_EQ(call(false), "");
}

}  // namespace
}  // namespace aicore_test
