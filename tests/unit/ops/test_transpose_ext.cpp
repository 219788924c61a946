// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Transpose with TransposeParamsExt (ops/transpose.h) against a scalar model
// written from the documented index maps: NCHW2NHWC dst[n][h][w][c] =
// src[n][c][h][w], NHWC2NCHW the inverse, ND2ND_B16 the 16 x 16 transpose,
// TRANSPOSE_TYPE_NONE nothing. 1-, 2- and 4-byte types, random bits, channel
// counts with tails, zero sizes; every byte past the result must keep its
// sentinel. Also the high-level Transpose with ConfusionTransposeTiling
// (lib/confusion_transpose.h; TRANSPOSE_ND2ND_ONLY: dst[w][h] = src[h][w])
// and its host helpers (the documented sizes and tiling fields).
// Diagnostics: each KernelError with its clean twin.

#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "aicore/lib/confusion_transpose.h"
#include "aicore/ops/transpose.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {
namespace {

using AscendC::LocalTensor;
using AscendC::TBuf;
using AscendC::TPosition;
using AscendC::TransposeParamsExt;
using AscendC::TransposeType;

bool Has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

uint32_t TmpBytes(TransposeType t, uint32_t c, size_t size) {
  const uint32_t h0 = size == 1 ? 32 : 16, w0 = static_cast<uint32_t>(32 / size);
  return (t == TransposeType::TRANSPOSE_NCHW2NHWC ? c + 2 : 2 * c + 1) * h0 * w0 *
         static_cast<uint32_t>(size);
}

template <class T>
void CheckNchw(uint64_t seed) {
  Rng rng(seed);
  const uint32_t unit = 32 / sizeof(T);  // hw must be a multiple of this
  for (int iter = 0; iter < 60; ++iter) {
    const bool to_nhwc = iter % 2 == 0;
    const TransposeType type =
        to_nhwc ? TransposeType::TRANSPOSE_NCHW2NHWC : TransposeType::TRANSPOSE_NHWC2NCHW;
    uint32_t n = static_cast<uint32_t>(rng.Below(4));
    uint32_t c = static_cast<uint32_t>(1 + rng.Below(40));
    uint32_t h = static_cast<uint32_t>(1 + rng.Below(6));
    uint32_t w = unit * static_cast<uint32_t>(1 + rng.Below(3));
    if (iter % 7 == 3) std::swap(h, w);  // h carries the multiple
    if (iter == 10) c = 0;
    if (iter == 12) n = 0;
    while (uint64_t{n} * c * h * w * sizeof(T) * 2 + TmpBytes(type, c, sizeof(T)) > 150 * 1024) {
      c = c / 2 + 1;
    }
    const uint64_t count = uint64_t{n} * c * h * w;
    const uint64_t cap = count + 64;
    std::vector<T> src(count);
    for (auto& x : src) x = ref::FromBits<T>(static_cast<ref::BitsOf<T>>(rng.Next()));
    std::vector<uint8_t> got(cap * sizeof(T));
    const uint32_t tmp = TmpBytes(type, c, sizeof(T));
    aicore::Launch(
        [&] {
          AscendC::TPipe pipe;
          TBuf<TPosition::VECCALC> bs, bd, bt;
          pipe.InitBuffer(bs, Round32(cap * sizeof(T)));
          pipe.InitBuffer(bd, Round32(cap * sizeof(T)));
          pipe.InitBuffer(bt, Round32(tmp));
          LocalTensor<T> s = bs.Get<T>(), d = bd.Get<T>();
          std::memset(static_cast<void*>(d.GetPhyAddr()), kSentinel, cap * sizeof(T));
          if (count) std::memcpy(static_cast<void*>(s.GetPhyAddr()), src.data(), count * sizeof(T));
          AscendC::Transpose(d, s, bt.Get<uint8_t>(tmp),
                             TransposeParamsExt(static_cast<uint16_t>(n), static_cast<uint16_t>(c),
                                                static_cast<uint16_t>(h), static_cast<uint16_t>(w),
                                                type));
          std::memcpy(got.data(), static_cast<void*>(d.GetPhyAddr()), cap * sizeof(T));
        },
        1);
    // The model: the documented index maps.
    std::vector<uint8_t> want(cap * sizeof(T), kSentinel);
    for (uint32_t in = 0; in < n; ++in) {
      for (uint32_t ic = 0; ic < c; ++ic) {
        for (uint32_t ih = 0; ih < h; ++ih) {
          for (uint32_t iw = 0; iw < w; ++iw) {
            const uint64_t nchw = ((uint64_t{in} * c + ic) * h + ih) * w + iw;
            const uint64_t nhwc = ((uint64_t{in} * h + ih) * w + iw) * c + ic;
            const uint64_t from = to_nhwc ? nchw : nhwc, to = to_nhwc ? nhwc : nchw;
            std::memcpy(&want[to * sizeof(T)], &src[from], sizeof(T));
          }
        }
      }
    }
    ASSERT_EQ(got, want) << aicore::detail::TypeName<T>() << " iter " << iter << " n " << n
                         << " c " << c << " h " << h << " w " << w << ": "
                         << FirstByteDiff(got, want, 0, 0);
  }
}

TEST(OpsTransposeExt, NchwNhwcInt8) { CheckNchw<int8_t>(41); }
TEST(OpsTransposeExt, NchwNhwcHalf) { CheckNchw<half>(42); }
TEST(OpsTransposeExt, NchwNhwcFloat) { CheckNchw<float>(43); }
TEST(OpsTransposeExt, NchwNhwcUint16Int32) {
  CheckNchw<uint16_t>(44);
  CheckNchw<int32_t>(45);
}

TEST(OpsTransposeExt, B16AndNone) {
  Rng rng(46);
  std::vector<uint16_t> src(256);
  for (auto& x : src) x = static_cast<uint16_t>(rng.Next());
  std::vector<uint16_t> sep(256), inplace(256), none(256);
  aicore::Launch(
      [&] {
        AscendC::TPipe pipe;
        TBuf<TPosition::VECCALC> bs, bd, bt;
        pipe.InitBuffer(bs, 512);
        pipe.InitBuffer(bd, 512);
        pipe.InitBuffer(bt, 32);
        LocalTensor<uint16_t> s = bs.Get<uint16_t>(), d = bd.Get<uint16_t>();
        LocalTensor<uint8_t> t = bt.Get<uint8_t>();
        std::memcpy(s.GetPhyAddr(), src.data(), 512);
        std::memset(d.GetPhyAddr(), kSentinel, 512);
        AscendC::Transpose(d, s, t, TransposeParamsExt(0, 0, 16, 16, TransposeType::TRANSPOSE_TYPE_NONE));
        std::memcpy(none.data(), d.GetPhyAddr(), 512);
        TransposeParamsExt p;  // default type: TRANSPOSE_ND2ND_B16
        p.hSize = 16;
        p.wSize = 16;
        AscendC::Transpose(d, s, t, p);
        std::memcpy(sep.data(), d.GetPhyAddr(), 512);
        AscendC::Transpose(s, s, t, p);
        std::memcpy(inplace.data(), s.GetPhyAddr(), 512);
      },
      1);
  for (uint32_t i = 0; i < 16; ++i) {
    for (uint32_t j = 0; j < 16; ++j) {
      ASSERT_EQ(sep[j * 16 + i], src[i * 16 + j]) << i << "," << j;
      ASSERT_EQ(inplace[j * 16 + i], src[i * 16 + j]) << i << "," << j;
    }
  }
  for (uint16_t x : none) ASSERT_EQ(x, 0xA5A5) << "TRANSPOSE_TYPE_NONE wrote";
}

TEST(OpsTransposeExt, ParamsStruct) {
  TransposeParamsExt d;
  EXPECT_EQ(d.nSize, 0);
  EXPECT_EQ(d.cSize, 0);
  EXPECT_EQ(d.hSize, 0);
  EXPECT_EQ(d.wSize, 0);
  EXPECT_EQ(d.transposeType, TransposeType::TRANSPOSE_ND2ND_B16);
  EXPECT_EQ(static_cast<int>(TransposeType::TRANSPOSE_ND2ND_B16), 10);
  EXPECT_EQ(static_cast<int>(TransposeType::TRANSPOSE_NHWC2NCHW), 12);
  constexpr TransposeParamsExt c(1, 2, 3, 4, TransposeType::TRANSPOSE_NCHW2NHWC);
  static_assert(c.nSize == 1 && c.cSize == 2 && c.hSize == 3 && c.wSize == 4);
}

// ---- diagnostics -----------------------------------------------------------------

std::string Err(uint32_t tmp_bytes, const std::function<void(LocalTensor<float>&, LocalTensor<float>&,
                                                             LocalTensor<uint8_t>&)>& f,
                aicore::ErrorKind* kind = nullptr) {
  try {
    aicore::Launch(
        [&] {
          AscendC::TPipe pipe;
          TBuf<TPosition::VECCALC> bs, bd, bt;
          pipe.InitBuffer(bs, 8192);
          pipe.InitBuffer(bd, 8192);
          pipe.InitBuffer(bt, 16384);
          LocalTensor<float> s = bs.Get<float>(), d = bd.Get<float>();
          LocalTensor<uint8_t> t = bt.Get<uint8_t>(tmp_bytes);
          std::memset(s.GetPhyAddr(), 0, 8192);
          f(d, s, t);
        },
        1);
  } catch (const aicore::KernelError& e) {
    if (kind) *kind = e.kind();
    return e.what();
  }
  return "";
}

TEST(OpsTransposeExtDiagnostics, Parameters) {
  using P = TransposeParamsExt;
  constexpr auto kTo = TransposeType::TRANSPOSE_NCHW2NHWC;
  constexpr auto kFrom = TransposeType::TRANSPOSE_NHWC2NCHW;
  aicore::ErrorKind kind{};
  // float: (c + 2) * 16 * 8 * 4 bytes; c 4: 3072. NHWC2NCHW (2c + 1): 4608.
  std::string m = Err(3072, [](auto& d, auto& s, auto& t) { AscendC::Transpose(d, s, t, P(2, 4, 2, 8, kTo)); });
  EXPECT_EQ(m, "");
  m = Err(3071, [](auto& d, auto& s, auto& t) { AscendC::Transpose(d, s, t, P(2, 4, 2, 8, kTo)); }, &kind);
  EXPECT_TRUE(Has(m, "Transpose") && Has(m, "sharedTmpBuffer holds 3071 bytes, fewer than the 3072") &&
              Has(m, "test_transpose_ext.cpp:")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kBounds);
  EXPECT_EQ(Err(4608, [](auto& d, auto& s, auto& t) { AscendC::Transpose(d, s, t, P(2, 4, 2, 8, kFrom)); }), "");
  m = Err(4607, [](auto& d, auto& s, auto& t) { AscendC::Transpose(d, s, t, P(2, 4, 2, 8, kFrom)); });
  EXPECT_TRUE(Has(m, "fewer than the 4608 bytes TRANSPOSE_NHWC2NCHW needs")) << m;
  m = Err(16384, [](auto& d, auto& s, auto& t) { AscendC::Transpose(d, s, t, P(1, 4096, 0, 8, kTo)); }, &kind);
  EXPECT_TRUE(Has(m, "cSize 4096 is outside [0, 4095]")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kParameter);
  m = Err(16384, [](auto& d, auto& s, auto& t) { AscendC::Transpose(d, s, t, P(1, 1, 512, 8, kTo)); });
  EXPECT_TRUE(Has(m, "hSize * wSize = 512 * 8 = 4096 is outside [0, 4095]")) << m;
  m = Err(16384, [](auto& d, auto& s, auto& t) { AscendC::Transpose(d, s, t, P(1, 1, 3, 4, kTo)); });
  EXPECT_TRUE(Has(m, "hSize * wSize * sizeof(T) = 12 * 4 = 48 bytes is not a multiple of 32")) << m;
  EXPECT_EQ(Err(16384, [](auto& d, auto& s, auto& t) { AscendC::Transpose(d, s, t, P(1, 1, 3, 8, kTo)); }), "");
  // A zero size is a no-op (with its tmp still checked against cSize).
  EXPECT_EQ(Err(16384, [](auto& d, auto& s, auto& t) { AscendC::Transpose(d, s, t, P(0, 9, 2, 8, kTo)); }), "");
  m = Err(16384, [](auto& d, auto& s, auto& t) {
    AscendC::Transpose(d, s, t, P(1, 1, 16, 16, TransposeType::TRANSPOSE_NZ2ND_0213));
  });
  EXPECT_TRUE(Has(m, "transposeType 1 is not supported")) << m;
  m = Err(16384, [](auto& d, auto& s, auto& t) { AscendC::Transpose(d, s, t, P(0, 0, 16, 16, TransposeType::TRANSPOSE_ND2ND_B16)); });
  EXPECT_TRUE(Has(m, "TRANSPOSE_ND2ND_B16 needs a 2-byte type, not float")) << m;
}

TEST(OpsTransposeExtDiagnostics, Operands) {
  using P = TransposeParamsExt;
  constexpr auto kTo = TransposeType::TRANSPOSE_NCHW2NHWC;
  aicore::ErrorKind kind{};
  // 2 x 4 x 256 floats = 8192 bytes fill dst; n 3 overruns it.
  EXPECT_EQ(Err(16384, [](auto& d, auto& s, auto& t) { AscendC::Transpose(d, s, t, P(2, 4, 32, 8, kTo)); }), "");
  std::string m = Err(16384, [](auto& d, auto& s, auto& t) { AscendC::Transpose(d, s, t, P(3, 4, 32, 8, kTo)); }, &kind);
  EXPECT_TRUE(Has(m, "Transpose") && Has(m, "dst") && Has(m, "past the end")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kBounds);
  m = Err(16384, [](auto& d, auto& s, auto& t) { AscendC::Transpose(d, s[4], t, P(1, 4, 2, 8, kTo)); }, &kind);
  EXPECT_TRUE(Has(m, "src") && Has(m, "not 32-byte aligned")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kAlignment);
  m = Err(16384, [](auto& d, auto& s, auto& t) { (void)d; AscendC::Transpose(s[64], s, t, P(1, 8, 2, 8, kTo)); });
  EXPECT_TRUE(Has(m, "dst overlaps src (512 bytes each)") && Has(m, "does not support dst reusing src")) << m;
  EXPECT_EQ(Err(16384, [](auto& d, auto& s, auto& t) { (void)d; AscendC::Transpose(s[128], s, t, P(1, 8, 2, 8, kTo)); }), "");
  m = Err(16384, [](auto& d, auto& s, auto& t) {
    (void)d;
    LocalTensor<uint16_t> h = s.template ReinterpretCast<uint16_t>();
    AscendC::Transpose(h[256], h, t, P(0, 0, 16, 15, TransposeType::TRANSPOSE_ND2ND_B16));
  });
  EXPECT_TRUE(Has(m, "TRANSPOSE_ND2ND_B16 needs hSize and wSize 16, got hSize 16, wSize 15")) << m;
}

// ---- the high-level Transpose (ConfusionTranspose) --------------------------------

template <class T>
void CheckNd2NdOnly(uint64_t seed) {
  Rng rng(seed);
  for (int iter = 0; iter < 24; ++iter) {
    const uint32_t h = 16 * static_cast<uint32_t>(iter == 0 ? 0 : 1 + rng.Below(8));
    const uint32_t w = 16 * static_cast<uint32_t>(1 + rng.Below(8));
    AscendC::ConfusionTransposeTiling tiling;
    AscendC::GetConfusionTransposeTilingInfo(AscendC::TensorShape({h, w}), 0, sizeof(T), 7, tiling);
    const uint32_t block = 32 / sizeof(T);
    ASSERT_EQ(tiling.param0, block);
    ASSERT_EQ(tiling.param1, h);
    ASSERT_EQ(tiling.param2, w);
    ASSERT_EQ(tiling.param3, h / 16);
    ASSERT_EQ(tiling.param4, h);
    ASSERT_EQ(tiling.param5, w / block);
    ASSERT_EQ(tiling.param6 + tiling.param17, 0u);
    const size_t count = size_t{h} * w, cap = count + 32;
    std::vector<T> src(count);
    for (auto& x : src) x = ref::FromBits<T>(static_cast<ref::BitsOf<T>>(rng.Next()));
    std::vector<uint8_t> got(cap * sizeof(T));
    const bool with_tmp = iter % 2 == 0;
    aicore::Launch(
        [&] {
          AscendC::TPipe pipe;
          TBuf<TPosition::VECCALC> bs, bd, bt;
          pipe.InitBuffer(bs, Round32(cap * sizeof(T)));
          pipe.InitBuffer(bd, Round32(cap * sizeof(T)));
          pipe.InitBuffer(bt, 32);
          LocalTensor<T> s = bs.Get<T>(), d = bd.Get<T>();
          std::memset(static_cast<void*>(d.GetPhyAddr()), kSentinel, cap * sizeof(T));
          if (count) std::memcpy(static_cast<void*>(s.GetPhyAddr()), src.data(), count * sizeof(T));
          if (with_tmp) {
            AscendC::Transpose(d, s, bt.Get<uint8_t>(), TransposeType::TRANSPOSE_ND2ND_ONLY, tiling);
          } else {
            AscendC::Transpose(d, s, TransposeType::TRANSPOSE_ND2ND_ONLY, tiling);
          }
          std::memcpy(got.data(), static_cast<void*>(d.GetPhyAddr()), cap * sizeof(T));
        },
        1);
    std::vector<uint8_t> want(cap * sizeof(T), kSentinel);
    for (uint32_t i = 0; i < h; ++i) {
      for (uint32_t j = 0; j < w; ++j) {
        std::memcpy(&want[(size_t{j} * h + i) * sizeof(T)], &src[size_t{i} * w + j], sizeof(T));
      }
    }
    ASSERT_EQ(got, want) << aicore::detail::TypeName<T>() << " " << h << " x " << w << ": "
                         << FirstByteDiff(got, want, 0, 0);
  }
}

TEST(LibConfusionTranspose, Nd2NdOnlyHalf) { CheckNd2NdOnly<half>(51); }
TEST(LibConfusionTranspose, Nd2NdOnlyFloat) { CheckNd2NdOnly<float>(52); }
TEST(LibConfusionTranspose, Nd2NdOnlyInt16Int32) {
  CheckNd2NdOnly<int16_t>(53);
  CheckNd2NdOnly<int32_t>(54);
}

TEST(LibConfusionTranspose, TmpSizes) {
  uint32_t mx = 1, mn = 1;
  AscendC::GetConfusionTransposeMaxMinTmpSize(AscendC::TensorShape({2, 3, 20, 32}), 2, 1, mx, mn);
  EXPECT_EQ(mx, 32u * 16 * 2);
  EXPECT_EQ(mn, 256u * 2);
  AscendC::GetTransposeMaxMinTmpSize(AscendC::TensorShape({2, 3, 48, 32}), 4, 2, mx, mn);
  EXPECT_EQ(mx, 48u * 16 * 4);
  EXPECT_EQ(mn, 256u * 4);
  for (uint32_t t = 3; t <= 6; ++t) {
    AscendC::GetTransposeMaxMinTmpSize(AscendC::TensorShape({2, 64, 32}), 2, t, mx, mn);
    EXPECT_EQ(mx, 1024u);
    EXPECT_EQ(mn, 1024u);
  }
  AscendC::GetTransposeMaxMinTmpSize(AscendC::TensorShape({32, 64}), 4, 7, mx, mn);
  EXPECT_EQ(mx, 0u);
  EXPECT_EQ(mn, 0u);
}

std::string HostErr(const std::function<void()>& f) {
  try {
    f();
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

TEST(LibConfusionTransposeDiagnostics, Host) {
  AscendC::ConfusionTransposeTiling t;
  uint32_t mx, mn;
  std::string m = HostErr([&] { AscendC::GetConfusionTransposeTilingInfo(AscendC::TensorShape({32, 32}), 0, 3, 7, t); });
  EXPECT_TRUE(Has(m, "GetConfusionTransposeOnlyTilingInfo") && Has(m, "typeSize 3 is not 1, 2 or 4")) << m;
  m = HostErr([&] { AscendC::GetConfusionTransposeTilingInfo(AscendC::TensorShape({2, 32, 32}), 0, 2, 7, t); });
  EXPECT_TRUE(Has(m, "srcShape has 3 dimensions, the type needs 2")) << m;
  m = HostErr([&] { AscendC::GetConfusionTransposeTilingInfo(AscendC::TensorShape({2, 2, 32, 32}), 0, 2, 8, t); });
  EXPECT_TRUE(Has(m, "GetTransposeTilingInfo") && Has(m, "transposeTypeIn 8 is not a type of the high-level Transpose")) << m;
  EXPECT_EQ(HostErr([&] { AscendC::GetConfusionTransposeTilingInfo(AscendC::TensorShape({32, 32}), 0, 2, 7, t); }), "");
  m = HostErr([&] { AscendC::GetConfusionTransposeMaxMinTmpSize(AscendC::TensorShape({32, 32}), 2, 10, mx, mn); });
  EXPECT_TRUE(Has(m, "transposeTypeIn 10 is not a type of the high-level Transpose")) << m;
  m = HostErr([&] { AscendC::GetConfusionTransposeMaxMinTmpSize(AscendC::TensorShape({32, 32}), 2, 1, mx, mn); });
  EXPECT_TRUE(Has(m, "srcShape has 2 dimensions, the type needs 4")) << m;
}

TEST(LibConfusionTransposeDiagnostics, Kernel) {
  auto tiling_for = [](uint32_t h, uint32_t w, uint32_t size) {
    AscendC::ConfusionTransposeTiling t;
    AscendC::GetConfusionTransposeTilingInfo(AscendC::TensorShape({h, w}), 0, size, 7, t);
    return t;
  };
  constexpr auto kOnly = TransposeType::TRANSPOSE_ND2ND_ONLY;
  // Err's tensors: 2048 floats each.
  std::string m = Err(32, [&](auto& d, auto& s, auto&) {
    auto t = tiling_for(32, 32, 2);
    AscendC::Transpose(d, s, kOnly, t);
  });
  EXPECT_TRUE(Has(m, "Transpose") && Has(m, "the tiling was made for another typeSize: param0 16, float needs 8")) << m;
  EXPECT_EQ(Err(32, [&](auto& d, auto& s, auto&) {
              auto t = tiling_for(32, 32, 4);
              AscendC::Transpose(d, s, kOnly, t);
            }),
            "");
  m = Err(32, [&](auto& d, auto& s, auto&) {
    auto t = tiling_for(24, 32, 4);
    AscendC::Transpose(d, s, kOnly, t);
  });
  EXPECT_TRUE(Has(m, "srcShape [H, W] = [24, 32]") && Has(m, "multiples of 16")) << m;
  m = Err(32, [&](auto& d, auto& s, auto&) {
    auto t = tiling_for(64, 64, 4);  // 4096 floats: past the 2048-float buffers
    AscendC::Transpose(d, s, kOnly, t);
  });
  EXPECT_TRUE(Has(m, "dst") && Has(m, "past the end")) << m;
  m = Err(32, [&](auto& d, auto& s, auto& tmp) {
    (void)d;
    auto t = tiling_for(16, 16, 4);
    AscendC::Transpose(s[128], s, tmp, kOnly, t);
  });
  EXPECT_TRUE(Has(m, "dst overlaps src (1024 bytes each)")) << m;
  EXPECT_EQ(Err(32, [&](auto& d, auto& s, auto& tmp) {
              (void)d;
              auto t = tiling_for(16, 16, 4);
              AscendC::Transpose(s[256], s, tmp, kOnly, t);
            }),
            "");
  m = Err(32, [&](auto& d, auto& s, auto&) {
    auto t = tiling_for(16, 16, 4);
    AscendC::Transpose(d, s, TransposeType::TRANSPOSE_NZ2NZ_012_WITH_N, t);
  });
  EXPECT_TRUE(Has(m, "TRANSPOSE_NZ2NZ_012_WITH_N's formula gives")) << m;  // a scenario-7 tiling
  m = Err(32, [&](auto& d, auto& s, auto&) {
    auto t = tiling_for(16, 16, 4);
    AscendC::Transpose(d, s, TransposeType::TRANSPOSE_NCHW2NHWC, t);
  });
  EXPECT_TRUE(Has(m, "transposeType 11 is not a type of the high-level Transpose")) << m;
  EXPECT_EQ(Err(32, [&](auto& d, auto& s, auto&) {
              auto t = tiling_for(16, 16, 4);
              AscendC::Transpose(d, s, TransposeType::TRANSPOSE_TYPE_NONE, t);
            }),
            "");
}

}  // namespace
}  // namespace aicore_test
