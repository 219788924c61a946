// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// AscendDequant (lib/dequant.h), every 910B form and type pair, against a scalar
// model, bit for bit: y = dstT(float(float(x) * float(scale))) (each step
// rounded to nearest, ties to even; double holds the exact product of two
// floats). Rows of n = 8..136 with calCount < n (the rest of a row, and the
// padding up to n_dst, must stay untouched), both DeQuantModes, random int32
// values (small, large beyond 2^24, extremes) and random scales; the older
// calCount forms; the host helpers; every diagnostic with its clean twin.

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "aicore/lib/dequant.h"
#include "aicore/lib/quant_tiling.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {
namespace {

using AscendC::DequantParams;
using AscendC::DeQuantMode;
using AscendC::LocalTensor;
using AscendC::TBuf;
using AscendC::TPosition;

bool Has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

// ---- the model ---------------------------------------------------------------------

template <class S>
double ScaleValue(S s) {
  if constexpr (std::is_same_v<S, uint64_t>) {
    float f;
    const uint32_t lo = static_cast<uint32_t>(s);
    std::memcpy(&f, &lo, 4);
    return f;
  } else {
    return ref::ToDouble(s);
  }
}

template <class D>
D DequantModel(int32_t x, double scale) {
  const double xf = static_cast<double>(static_cast<float>(x));  // nearest-even
  const double prod = ref::ToDouble(ref::RoundTo<float>(xf * scale));
  if constexpr (std::is_same_v<D, float>) {
    return static_cast<float>(prod);
  } else {
    return ref::RoundTo<D>(prod);
  }
}

std::vector<int32_t> Ints(Rng& rng, size_t n) {
  std::vector<int32_t> v(n);
  for (auto& x : v) {
    const uint64_t k = rng.Below(4);
    if (k == 0) x = static_cast<int32_t>(static_cast<uint32_t>(rng.Next()));  // any, beyond 2^24
    else if (k == 1) x = static_cast<int32_t>(rng.Below(2001)) - 1000;
    else if (k == 2) x = static_cast<int32_t>(rng.Below(1u << 26)) - (1 << 25);
    else x = rng.Below(2) ? INT32_MAX - static_cast<int32_t>(rng.Below(3))
                          : INT32_MIN + static_cast<int32_t>(rng.Below(3));
  }
  return v;
}

template <class S>
S RandomScale(Rng& rng) {
  const double v = rng.Uniform(-4.0, 4.0) * (rng.Below(4) == 0 ? 1e-4 : 1.0);
  if constexpr (std::is_same_v<S, uint64_t>) {
    const float f = static_cast<float>(v);
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    return (uint64_t{0xABCD1234u} << 32) | bits;  // control bits above: ignored
  } else {
    return ref::RoundTo<S>(v);
  }
}

// ---- running one call ------------------------------------------------------------------

template <class D, class S>
using Call = std::function<void(LocalTensor<D>&, LocalTensor<int32_t>&, LocalTensor<S>&,
                                LocalTensor<uint8_t>&)>;

template <class D>
D Sentinel() {
  D s;
  std::memset(static_cast<void*>(&s), kSentinel, sizeof(D));
  return s;
}

// Runs call(dst, src, scale, tmp): dst of dst_n elements filled with sentinels.
template <class D, class S>
std::vector<D> RunCall(const std::vector<int32_t>& x, const std::vector<S>& sc, size_t dst_n,
                       uint32_t tmp_bytes, const Call<D, S>& call) {
  std::vector<D> out(dst_n);
  aicore::Launch(
      [&] {
        AscendC::TPipe pipe;
        TBuf<TPosition::VECCALC> bs, bsc, bd, bt;
        pipe.InitBuffer(bs, Round32(x.size() * 4));
        pipe.InitBuffer(bsc, Round32(sc.size() * sizeof(S)));
        pipe.InitBuffer(bd, Round32(dst_n * sizeof(D)));
        pipe.InitBuffer(bt, Round32(std::max<uint32_t>(tmp_bytes, 32)));
        LocalTensor<int32_t> s = bs.Get<int32_t>(static_cast<uint32_t>(x.size()));
        LocalTensor<S> scale = bsc.Get<S>(static_cast<uint32_t>(sc.size()));
        LocalTensor<D> dst = bd.Get<D>(static_cast<uint32_t>(dst_n));
        LocalTensor<uint8_t> tmp = bt.Get<uint8_t>(tmp_bytes);
        std::memcpy(s.GetPhyAddr(), x.data(), x.size() * 4);
        std::memcpy(static_cast<void*>(scale.GetPhyAddr()), sc.data(), sc.size() * sizeof(S));
        std::memset(static_cast<void*>(dst.GetPhyAddr()), kSentinel, dst_n * sizeof(D));
        call(dst, s, scale, tmp);
        std::memcpy(static_cast<void*>(out.data()), dst.GetPhyAddr(), dst_n * sizeof(D));
      },
      1);
  return out;
}

// Checks y against {m, n, calCount} with row stride n_dst and the scale
// restarting each row; everything else untouched.
template <class D, class S>
void ExpectRows(const std::string& what, const std::vector<int32_t>& x, const std::vector<D>& y,
                uint32_t m, uint32_t n, uint32_t cal, const std::function<double(uint32_t)>& scale) {
  const uint32_t blk = 32 / sizeof(D);
  const uint32_t n_dst = (n + blk - 1) / blk * blk;
  int bad = 0;
  for (size_t i = 0; i < y.size(); ++i) {
    const uint32_t r = static_cast<uint32_t>(i / n_dst), j = static_cast<uint32_t>(i % n_dst);
    const D want = (r < m && j < cal) ? DequantModel<D>(x[r * n + j], scale(j)) : Sentinel<D>();
    if (!ref::SameBits(y[i], want) && ++bad <= 5) {
      ADD_FAILURE() << what << " " << aicore::detail::TypeName<D>() << "/"
                    << aicore::detail::TypeName<S>() << " m=" << m << " n=" << n
                    << " cal=" << cal << " i=" << i << " got " << Show(y[i]) << " want "
                    << Show(want);
    }
  }
  EXPECT_EQ(bad, 0) << what;
}

// The DequantParams forms, tensor scale.
template <class D, class S>
void CheckTensorScale(uint64_t seed) {
  Rng rng(seed);
  const uint32_t blk = 32 / sizeof(D);
  for (uint32_t n : {8u, 16u, 24u, 72u, 136u}) {
    for (uint32_t m : {1u, 3u}) {
      const uint32_t cal = n - static_cast<uint32_t>(rng.Below(std::min<uint32_t>(n, 9)));
      const uint32_t n_dst = (n + blk - 1) / blk * blk;
      const std::vector<int32_t> x = Ints(rng, size_t{m} * n);
      std::vector<S> sc(n);
      for (auto& v : sc) v = RandomScale<S>(rng);
      for (int form = 0; form < 2; ++form) {
        const std::vector<D> y = RunCall<D, S>(
            x, sc, size_t{m} * n_dst, aicore::lib::AscendDequantMinTmpBytes(n),
            [&](LocalTensor<D>& d, LocalTensor<int32_t>& s, LocalTensor<S>& st,
                LocalTensor<uint8_t>& t) {
              const DequantParams p{m, n, cal};
              if (form == 0) {
                AscendC::AscendDequant<D, S, DeQuantMode::DEQUANT_WITH_MULTI_ROW>(d, s, st, t, p);
              } else {
                AscendC::AscendDequant<D, S, DeQuantMode::DEQUANT_WITH_MULTI_ROW>(d, s, st, p);
              }
            });
        ExpectRows<D, S>("tensor form " + std::to_string(form), x, y, m, n, cal,
                         [&](uint32_t j) { return ScaleValue(sc[j]); });
      }
    }
  }
}

TEST(LibDequant, FloatFloat) { CheckTensorScale<float, float>(51); }
TEST(LibDequant, FloatBf16) { CheckTensorScale<float, bfloat16_t>(52); }
TEST(LibDequant, Bf16Bf16) { CheckTensorScale<bfloat16_t, bfloat16_t>(53); }
TEST(LibDequant, Bf16Float) { CheckTensorScale<bfloat16_t, float>(54); }
TEST(LibDequant, HalfUint64) { CheckTensorScale<half, uint64_t>(55); }

// Scalar scale, with and without sharedTmpBuffer.
template <class D, class S>
void CheckScalarScale(uint64_t seed) {
  Rng rng(seed);
  const uint32_t blk = 32 / sizeof(D);
  for (uint32_t n : {8u, 24u, 136u}) {
    const uint32_t m = 2, cal = n - static_cast<uint32_t>(rng.Below(5));
    const uint32_t n_dst = (n + blk - 1) / blk * blk;
    const std::vector<int32_t> x = Ints(rng, size_t{m} * n);
    const S scale = RandomScale<S>(rng);
    for (int form = 0; form < 2; ++form) {
      const std::vector<S> none(1);
      const std::vector<D> y = RunCall<D, S>(
          x, none, size_t{m} * n_dst, aicore::lib::AscendDequantMinTmpBytes(n),
          [&](LocalTensor<D>& d, LocalTensor<int32_t>& s, LocalTensor<S>&, LocalTensor<uint8_t>& t) {
            if (form == 0) {
              AscendC::AscendDequant<D, S>(d, s, scale, t, DequantParams{m, n, cal});
            } else {
              AscendC::AscendDequant<D, S>(d, s, scale, DequantParams{m, n, cal});
            }
          });
      ExpectRows<D, S>("scalar form " + std::to_string(form), x, y, m, n, cal,
                       [&](uint32_t) { return ScaleValue(scale); });
    }
  }
}

TEST(LibDequant, ScalarFloatFloat) { CheckScalarScale<float, float>(56); }
TEST(LibDequant, ScalarBf16Bf16) { CheckScalarScale<bfloat16_t, bfloat16_t>(57); }
TEST(LibDequant, ScalarFloatBf16) { CheckScalarScale<float, bfloat16_t>(58); }
TEST(LibDequant, ScalarBf16Float) { CheckScalarScale<bfloat16_t, float>(59); }

// DEQUANT_WITH_SINGLE_ROW turns {1, 64, 16} into {4, 16, 16}: the scale
// restarts every 16 elements; DEQUANT_WITH_MULTI_ROW computes the first 16.
TEST(LibDequant, SingleRowMode) {
  Rng rng(60);
  const std::vector<int32_t> x = Ints(rng, 64);
  std::vector<float> sc(64);
  for (auto& v : sc) v = RandomScale<float>(rng);
  const std::vector<float> single = RunCall<float, float>(
      x, sc, 64, 0, [](auto& d, auto& s, auto& st, auto&) {
        AscendC::AscendDequant<float, float>(d, s, st, DequantParams{1, 64, 16});
      });
  ExpectRows<float, float>("single row", x, single, 4, 16, 16,
                           [&](uint32_t j) { return double{sc[j]}; });
  const std::vector<float> multi = RunCall<float, float>(
      x, sc, 64, 0, [](auto& d, auto& s, auto& st, auto&) {
        AscendC::AscendDequant<float, float, DeQuantMode::DEQUANT_WITH_MULTI_ROW>(
            d, s, st, DequantParams{1, 64, 16});
      });
  ExpectRows<float, float>("multi row", x, multi, 1, 64, 16,
                           [&](uint32_t j) { return double{sc[j]}; });
  // bfloat16_t: 8 is not a multiple of 16 elements per block, so {1, 64, 8} stays.
  const std::vector<bfloat16_t> kept = RunCall<bfloat16_t, float>(
      x, sc, 64, 0, [](auto& d, auto& s, auto& st, auto&) {
        AscendC::AscendDequant<bfloat16_t, float>(d, s, st, DequantParams{1, 64, 8});
      });
  ExpectRows<bfloat16_t, float>("single row kept", x, kept, 1, 64, 8,
                                [&](uint32_t j) { return double{sc[j]}; });
}

// The older forms: dst[i] = src[i] * deqScale[i % S] for i < calCount.
TEST(LibDequant, CalCountForms) {
  Rng rng(61);
  const std::vector<int32_t> x = Ints(rng, 96);
  std::vector<float> sc(16);
  for (auto& v : sc) v = RandomScale<float>(rng);
  for (int form = 0; form < 4; ++form) {
    const uint32_t cal = form % 2 == 0 ? 90 : 96;
    const std::vector<bfloat16_t> y = RunCall<bfloat16_t, float>(
        x, sc, 96, aicore::lib::AscendDequantMinTmpBytes(16),
        [&](auto& d, auto& s, auto& st, auto& t) {
          switch (form) {
            case 0: AscendC::AscendDequant<bfloat16_t, float>(d, s, st, t, 90u); break;
            case 1: AscendC::AscendDequant<bfloat16_t, float>(d, s, st, t); break;
            case 2: AscendC::AscendDequant<bfloat16_t, float>(d, s, st, 90u); break;
            default: AscendC::AscendDequant<bfloat16_t, float>(d, s, st); break;
          }
        });
    int bad = 0;
    for (uint32_t i = 0; i < 96; ++i) {
      const bfloat16_t want =
          i < cal ? DequantModel<bfloat16_t>(x[i], sc[i % 16]) : Sentinel<bfloat16_t>();
      if (!ref::SameBits(y[i], want) && ++bad <= 5) {
        ADD_FAILURE() << "form " << form << " i=" << i << " got " << Show(y[i]) << " want "
                      << Show(want);
      }
    }
    EXPECT_EQ(bad, 0) << form;
  }
}

TEST(LibDequant, HostHelpers) {
  uint32_t mx = 0, mn = 0;
  AscendC::GetAscendDequantMaxMinTmpSize(ge::Shape({4, 64}), 4, mx, mn);
  EXPECT_EQ(mn, (64u + 64u + 72u) * 4u);
  EXPECT_EQ(mx, (64u + 256u + 72u) * 4u);
  AscendC::GetAscendDequantMaxMinTmpSize(ge::Shape({32}), 4, mx, mn);
  EXPECT_EQ(mn, (64u + 32u + 40u) * 4u);
  EXPECT_EQ(mx, mn);
  uint32_t live = 9, extra = 9;
  AscendC::GetAscendDequantTmpBufferFactorSize(ge::Shape({4, 64}), live, extra);
  EXPECT_EQ(live, 1u);
  EXPECT_EQ(extra, 136u);
  AscendC::GetAscendDequantTmpBufferFactorSize(ge::Shape({64}), live, extra);
  EXPECT_EQ(live, 2u);
  EXPECT_EQ(extra, 72u);
}

// ---- diagnostics ----------------------------------------------------------------------

using ErrCall = std::function<void(LocalTensor<float>&, LocalTensor<int32_t>&, LocalTensor<float>&,
                                   LocalTensor<uint8_t>&)>;

// 64-element src, dst and scale; returns the KernelError message ("" if none).
std::string Err(uint32_t tmp_bytes, const ErrCall& f, aicore::ErrorKind* kind = nullptr) {
  try {
    aicore::Launch(
        [&] {
          AscendC::TPipe pipe;
          TBuf<TPosition::VECCALC> bs, bsc, bd, bt;
          pipe.InitBuffer(bs, 256);
          pipe.InitBuffer(bsc, 256);
          pipe.InitBuffer(bd, 256);
          pipe.InitBuffer(bt, 2048);
          LocalTensor<int32_t> s = bs.Get<int32_t>(64);
          LocalTensor<float> sc = bsc.Get<float>(64), d = bd.Get<float>(64);
          std::memset(s.GetPhyAddr(), 0, 256);
          std::memset(sc.GetPhyAddr(), 0, 256);
          LocalTensor<uint8_t> tmp = bt.Get<uint8_t>(tmp_bytes);
          f(d, s, sc, tmp);
        },
        1);
  } catch (const aicore::KernelError& e) {
    if (kind) *kind = e.kind();
    return e.what();
  }
  return "";
}

TEST(LibDequantDiagnostics, Params) {
  aicore::ErrorKind kind{};
  std::string m = Err(0, [](auto& d, auto& s, auto& sc, auto&) {
    AscendC::AscendDequant<float, float>(d, s, sc, DequantParams{2, 12, 12});
  }, &kind);
  EXPECT_TRUE(Has(m, "AscendDequant")) << m;
  EXPECT_TRUE(Has(m, "DequantParams {m 2, n 12, calCount 12}: n * 4 bytes is not a multiple of 32")) << m;
  EXPECT_TRUE(Has(m, "test_dequant.cpp")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kParameter);
  m = Err(0, [](auto& d, auto& s, auto& sc, auto&) {
    AscendC::AscendDequant<float, float>(d, s, sc, DequantParams{2, 16, 17});
  });
  EXPECT_TRUE(Has(m, "calCount must be in [1, n]")) << m;
  m = Err(0, [](auto& d, auto& s, auto& sc, auto&) {
    AscendC::AscendDequant<float, float>(d, s, sc, DequantParams{5, 16, 16});
  }, &kind);
  EXPECT_TRUE(Has(m, "needs 80 int32_t elements of srcTensor, which has 64")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kBounds);
  m = Err(0, [](auto& d, auto& s, auto& sc, auto&) {
    AscendC::AscendDequant<float, float>(d, s, sc[32], DequantParams{1, 64, 40});
  });
  EXPECT_TRUE(Has(m, "calCount 40 exceeds the 32 float elements of deqScale")) << m;
  m = Err(0, [](auto&, auto& s, auto& sc, auto&) {
    LocalTensor<float> d = s.template ReinterpretCast<float>();
    AscendC::AscendDequant<float, float>(d, s, sc, DequantParams{4, 16, 16});
  });
  EXPECT_TRUE(Has(m, "dstTensor overlaps srcTensor")) << m;
  EXPECT_EQ(Err(0, [](auto& d, auto& s, auto& sc, auto&) {
              AscendC::AscendDequant<float, float>(d, s, sc, DequantParams{4, 16, 16});
              AscendC::AscendDequant<float, float>(d, s, 2.0f, DequantParams{2, 32, 1});
            }), "");
}

TEST(LibDequantDiagnostics, TmpAndCalCountForms) {
  aicore::ErrorKind kind{};
  std::string m = Err(415, [](auto& d, auto& s, auto& sc, auto& t) {
    AscendC::AscendDequant<float, float>(d, s, sc, t, DequantParams{4, 16, 16});
  }, &kind);
  EXPECT_TRUE(Has(m, "sharedTmpBuffer holds 415 bytes, fewer than the 416 bytes "
                     "GetAscendDequantMaxMinTmpSize gives as the minimum for float")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kParameter);
  m = Err(0, [](auto& d, auto& s, auto& sc, auto&) {
    AscendC::AscendDequant<float, float>(d, s, sc[40]);
  });
  EXPECT_TRUE(Has(m, "srcTensor's 64 elements are not a multiple of deqScale's 24")) << m;
  m = Err(0, [](auto& d, auto& s, auto& sc, auto&) {
    AscendC::AscendDequant<float, float>(d, s, sc[60]);
  });
  EXPECT_TRUE(Has(m, "padded layout of the calCount forms is not implemented")) << m;
  EXPECT_EQ(Err(416, [](auto& d, auto& s, auto& sc, auto& t) {
              AscendC::AscendDequant<float, float>(d, s, sc, t, DequantParams{4, 16, 16});
              AscendC::AscendDequant<float, float>(d, s, sc[48], t, 64u);
            }), "");
}

}  // namespace
}  // namespace aicore_test
