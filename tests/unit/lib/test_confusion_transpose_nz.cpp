// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The NZ scenarios of the high-level Transpose with ConfusionTransposeTiling
// (lib/confusion_transpose.h) against a scalar model written from the
// reference's index formulas, element by element (the API only moves data,
// so every comparison is bit-exact, on random bit patterns):
//   source NZ [B, N, H/N/16, S/16, 16, 16] of [B, N, S, H/N]: element
//     (b, n, s, h) at b*N*a2*a3 + n*a2*a3 + (h/16)*a2*16 + s*16 + h%16
//     (a2, a3: S and H/N rounded up to 16; padding moves like data);
//   TRANSPOSE_NZ2ND_0213 dst ND [B, S, N, H/N]: rows of a consecutive s are
//     N*a3 apart, neighbouring 16-column fractals 16 apart;
//   TRANSPOSE_NZ2NZ_0213 dst NZ [B, S, H/N/16, N, 16]: rows of a consecutive
//     s are N*a3 apart, neighbouring 16-column fractals N*16 apart;
//   TRANSPOSE_NZ2ND_012_WITHOUT_N / NZ2NZ_012_WITHOUT_N: see Model012;
//   TRANSPOSE_NZ2NZ_012_WITH_N / NZ2ND_012_WITH_N: see Model012N.
// Shapes: random B, N, S, H/N, with and without multiples of 16; random
// stackBufferSize (the minimum, the maximum, between, beyond); both forms.
// Every byte past the result must keep its sentinel. The host helpers'
// fields against the vendor's formulas, restated here. Diagnostics: each
// KernelError with its clean twin.
// TransData (lib/transdata.h), the 910B's four NCDHW / NDC1HWC0 /
// FRACTAL_Z_3D scenarios, every type, both forms, against an index model;
// GetTransDataMaxMinTmpSize against the vendor's formula and examples; Layout.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "aicore/lib/confusion_transpose.h"
#include "aicore/lib/transdata.h"
#include "aicore/op/transdata_tiling.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {
namespace {

using AscendC::ConfusionTransposeTiling;
using AscendC::LocalTensor;
using AscendC::TBuf;
using AscendC::TPosition;
using AscendC::TransposeType;

bool Has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

uint32_t Up16(uint32_t x) { return (x + 15) / 16 * 16; }

struct Shape {
  uint32_t b, n, s, hn;
};

// The model: dst from src for every (b, n, s < a2, h < a3).
template <class T>
std::vector<T> Model(const std::vector<T>& src, const Shape& sh, bool to_nz) {
  const size_t a2 = Up16(sh.s), a3 = Up16(sh.hn), n_count = sh.n;
  std::vector<T> dst(src.size());
  for (size_t b = 0; b < sh.b; ++b) {
    for (size_t n = 0; n < n_count; ++n) {
      for (size_t s = 0; s < a2; ++s) {
        for (size_t h = 0; h < a3; ++h) {
          const size_t from = b * n_count * a2 * a3 + n * a2 * a3 + (h / 16) * a2 * 16 + s * 16 + h % 16;
          const size_t to = b * a2 * n_count * a3 + s * n_count * a3 +
                            (to_nz ? (h / 16) * n_count * 16 + n * 16 + h % 16 : n * a3 + h);
          dst[to] = src[from];
        }
      }
    }
  }
  return dst;
}

// The vendor's fields for scenarios 1/2, restated.
void ExpectFields0213(const ConfusionTransposeTiling& t, const Shape& sh, uint32_t stack,
                      uint32_t size) {
  const uint32_t a2 = Up16(sh.s), a3 = Up16(sh.hn);
  const uint32_t pop = stack / size / 256 * 256, pop_h = pop / 16, need = a2 * 16;
  const uint32_t want[18] = {32 / size, sh.b, sh.n, a3, a2, a3 / 16, pop, pop_h, need,
                             need / pop, need % pop, a2 * a3, sh.n * a2 * a3, sh.n * a3,
                             sh.n * 16, pop_h * (need / pop) * sh.n * a3, 0, 0};
  const uint32_t got[18] = {t.param0,  t.param1,  t.param2,  t.param3,  t.param4,  t.param5,
                            t.param6,  t.param7,  t.param8,  t.param9,  t.param10, t.param11,
                            t.param12, t.param13, t.param14, t.param15, t.param16, t.param17};
  for (int i = 0; i < 18; ++i) {
    EXPECT_EQ(got[i], want[i]) << "param" << i << " of [" << sh.b << ", " << sh.n << ", " << sh.s
                               << ", " << sh.hn << "] stack " << stack << " size " << size;
  }
}

// One Transpose call in a one-block launch: src (src_cap elements of room)
// in, a dst of cap elements filled with kSentinel first; the tmp buffer of
// tmp_bytes passed when with_tmp. Returns dst's bytes.
template <class T>
std::vector<uint8_t> RunTranspose(const std::vector<T>& src, size_t src_cap, size_t cap, uint32_t tmp_bytes,
                                  bool with_tmp, TransposeType type, ConfusionTransposeTiling tiling) {
  std::vector<uint8_t> got(cap * sizeof(T));
  aicore::Launch(
      [&] {
        AscendC::TPipe pipe;
        TBuf<TPosition::VECCALC> bs, bd, bt;
        pipe.InitBuffer(bs, Round32(src_cap * sizeof(T)));
        pipe.InitBuffer(bd, Round32(cap * sizeof(T)));
        pipe.InitBuffer(bt, tmp_bytes);
        LocalTensor<T> s = bs.Get<T>(), d = bd.Get<T>();
        std::memset(static_cast<void*>(d.GetPhyAddr()), kSentinel, cap * sizeof(T));
        if (!src.empty()) std::memcpy(static_cast<void*>(s.GetPhyAddr()), src.data(), src.size() * sizeof(T));
        if (with_tmp) {
          AscendC::Transpose(d, s, bt.Get<uint8_t>(), type, tiling);
        } else {
          AscendC::Transpose(d, s, type, tiling);
        }
        std::memcpy(got.data(), static_cast<void*>(d.GetPhyAddr()), cap * sizeof(T));
      },
      1);
  return got;
}

template <class T>
void Check0213(uint64_t seed, TransposeType type) {
  const bool to_nz = type == TransposeType::TRANSPOSE_NZ2NZ_0213;
  Rng rng(seed);
  for (int iter = 0; iter < 40; ++iter) {
    Shape sh{static_cast<uint32_t>(1 + rng.Below(3)), static_cast<uint32_t>(1 + rng.Below(5)),
             static_cast<uint32_t>(1 + rng.Below(70)), static_cast<uint32_t>(1 + rng.Below(70))};
    if (iter % 4 == 0) {  // the aligned case
      sh.s = Up16(sh.s);
      sh.hn = Up16(sh.hn);
    }
    if (iter == 1) sh.b = 0;
    if (iter == 2) sh = {1, 2, 64, 32};  // the reference's example
    while (size_t{sh.b} * sh.n * Up16(sh.s) * Up16(sh.hn) * sizeof(T) > 40 * 1024) {
      sh.s = sh.s / 2 + 1;
      sh.n = sh.n / 2 + 1;
    }
    uint32_t mx = 0, mn = 0;
    AscendC::GetTransposeMaxMinTmpSize(AscendC::TensorShape({sh.b, sh.n, sh.s, sh.hn}), sizeof(T),
                                       static_cast<uint32_t>(type), mx, mn);
    ASSERT_EQ(mx, Up16(sh.s) * 16 * sizeof(T));
    ASSERT_EQ(mn, 256 * sizeof(T));
    const uint64_t pick = rng.Below(4);
    const uint32_t stack = pick == 0   ? mn
                           : pick == 1 ? mx
                           : pick == 2 ? mn + static_cast<uint32_t>(rng.Below(mx - mn + 1))
                                       : mx + static_cast<uint32_t>(rng.Below(4096));
    ConfusionTransposeTiling tiling;
    AscendC::GetTransposeTilingInfo(AscendC::TensorShape({sh.b, sh.n, sh.s, sh.hn}), stack,
                                    sizeof(T), static_cast<uint32_t>(type), tiling);
    ExpectFields0213(tiling, sh, stack, sizeof(T));
    const size_t count = size_t{sh.b} * sh.n * Up16(sh.s) * Up16(sh.hn), cap = count + 64;
    const std::vector<T> src = RandomBitsVec<T>(rng, count);
    const uint32_t tmp_bytes = Round32(tiling.param6 * sizeof(T));
    const std::vector<uint8_t> got = RunTranspose(src, cap, cap, tmp_bytes, iter % 2 == 0, type, tiling);
    std::vector<uint8_t> want(cap * sizeof(T), kSentinel);
    const std::vector<T> model = Model(src, sh, to_nz);
    Put(want, 0, model.data(), count);
    ASSERT_EQ(got, want) << aicore::detail::TypeName<T>() << " type " << static_cast<int>(type)
                         << " [" << sh.b << ", " << sh.n << ", " << sh.s << ", " << sh.hn
                         << "] stack " << stack << ": " << FirstByteDiff(got, want, 0, 0);
  }
}

TEST(LibConfusionTransposeNz, Nz2Nd0213Half) { Check0213<half>(61, TransposeType::TRANSPOSE_NZ2ND_0213); }
TEST(LibConfusionTransposeNz, Nz2Nd0213Float) { Check0213<float>(62, TransposeType::TRANSPOSE_NZ2ND_0213); }
TEST(LibConfusionTransposeNz, Nz2Nz0213Half) { Check0213<half>(63, TransposeType::TRANSPOSE_NZ2NZ_0213); }
TEST(LibConfusionTransposeNz, Nz2Nz0213Float) { Check0213<float>(64, TransposeType::TRANSPOSE_NZ2NZ_0213); }
TEST(LibConfusionTransposeNz, Nz0213Int16Uint32) {
  Check0213<int16_t>(65, TransposeType::TRANSPOSE_NZ2ND_0213);
  Check0213<uint32_t>(66, TransposeType::TRANSPOSE_NZ2NZ_0213);
}

// Scenarios 5/6, from the reference: source as above (a2 = S rounded up to
// 16, a3 = H/N rounded up to 16); dst ND [B, a2, aH] (aH = H rounded up to
// 16), element (b, s, h) at b*a2*aH + s*aH + h (scenario 5) or
// b*a2*aH + (h/16)*a2*16 + s*16 + h%16 (scenario 6), h = n*H/N + c for the
// source's (b, n, s, c), c < H/N. Columns h >= H are not written (sentinel).
template <class T>
void Model012(const std::vector<T>& src, const Shape& sh, bool to_nz, std::vector<uint8_t>& image) {
  const size_t a2 = Up16(sh.s), a3 = Up16(sh.hn), n_count = sh.n, h_all = n_count * sh.hn,
               ah = Up16(static_cast<uint32_t>(h_all));
  for (size_t b = 0; b < sh.b; ++b) {
    for (size_t n = 0; n < n_count; ++n) {
      for (size_t s = 0; s < a2; ++s) {
        for (size_t c = 0; c < sh.hn; ++c) {
          const size_t from = b * n_count * a2 * a3 + n * a2 * a3 + (c / 16) * a2 * 16 + s * 16 + c % 16;
          const size_t h = n * sh.hn + c;
          const size_t to = b * a2 * ah + (to_nz ? (h / 16) * a2 * 16 + s * 16 + h % 16 : s * ah + h);
          Put(image, to * sizeof(T), &src[from], 1);
        }
      }
    }
  }
}

void ExpectFields012(const ConfusionTransposeTiling& t, const Shape& sh, uint32_t size) {
  const uint32_t block = 32 / size, h = sh.n * sh.hn, hb = (h + 15) / 16, sb = (sh.s + 15) / 16,
                 hnb = (sh.hn + 15) / 16;
  const uint32_t want[18] = {block, sh.b, sh.n, sh.hn, h, hb, sb, hnb, hb * 16, sb * 256,
                             hb * 16 * 16, block * hb * 16, sh.n * hnb * 16 * sb * 16,
                             hb * 16 * sb * 16, 16 / block, 0, 0, 0};
  const uint32_t got[18] = {t.param0,  t.param1,  t.param2,  t.param3,  t.param4,  t.param5,
                            t.param6,  t.param7,  t.param8,  t.param9,  t.param10, t.param11,
                            t.param12, t.param13, t.param14, t.param15, t.param16, t.param17};
  for (int i = 0; i < 18; ++i) {
    EXPECT_EQ(got[i], want[i]) << "param" << i << " of [" << sh.b << ", " << sh.n << ", " << sh.s
                               << ", " << sh.hn << "] size " << size;
  }
}

template <class T>
void Check012(uint64_t seed, TransposeType type) {
  const bool to_nz = type == TransposeType::TRANSPOSE_NZ2NZ_012_WITHOUT_N;
  Rng rng(seed);
  for (int iter = 0; iter < 40; ++iter) {
    Shape sh{static_cast<uint32_t>(1 + rng.Below(3)), static_cast<uint32_t>(1 + rng.Below(6)),
             static_cast<uint32_t>(1 + rng.Below(70)), static_cast<uint32_t>(1 + rng.Below(40))};
    if (iter % 4 == 0) {  // the aligned case
      sh.s = Up16(sh.s);
      sh.hn = Up16(sh.hn);
    }
    if (iter == 1) sh.b = 0;
    if (iter == 2) sh = {1, 3, 16, 6};  // H = 18: the vendor's own test shapes
    if (iter == 3) sh = {1, 2, 20, 8};  // H = 16 exactly
    while (sh.n * sh.hn < 16) ++sh.hn;
    const size_t src_count = size_t{sh.b} * sh.n * Up16(sh.s) * Up16(sh.hn);
    const size_t dst_count = size_t{sh.b} * Up16(sh.s) * Up16(sh.n * sh.hn);
    if ((src_count + dst_count) * sizeof(T) > 80 * 1024) {
      sh.b = 1;
      sh.s = 1 + sh.s % 24;
    }
    uint32_t mx = 0, mn = 0;
    AscendC::GetTransposeMaxMinTmpSize(AscendC::TensorShape({sh.b, sh.n, sh.s, sh.hn}), sizeof(T),
                                       static_cast<uint32_t>(type), mx, mn);
    ASSERT_EQ(mx, 512 * sizeof(T));
    ASSERT_EQ(mn, 512 * sizeof(T));
    ConfusionTransposeTiling tiling;
    AscendC::GetTransposeTilingInfo(AscendC::TensorShape({sh.b, sh.n, sh.s, sh.hn}),
                                    static_cast<uint32_t>(rng.Below(8192)), sizeof(T),
                                    static_cast<uint32_t>(type), tiling);
    ExpectFields012(tiling, sh, sizeof(T));
    const size_t n_src = size_t{sh.b} * sh.n * Up16(sh.s) * Up16(sh.hn);
    const size_t n_dst = size_t{sh.b} * Up16(sh.s) * Up16(sh.n * sh.hn), cap = n_dst + 64;
    const std::vector<T> src = RandomBitsVec<T>(rng, n_src);
    const std::vector<uint8_t> got = RunTranspose(src, n_src + 16, cap, mn, iter % 2 == 0, type, tiling);
    std::vector<uint8_t> want(cap * sizeof(T), kSentinel);
    Model012(src, sh, to_nz, want);
    ASSERT_EQ(got, want) << aicore::detail::TypeName<T>() << " type " << static_cast<int>(type)
                         << " [" << sh.b << ", " << sh.n << ", " << sh.s << ", " << sh.hn
                         << "]: " << FirstByteDiff(got, want, 0, 0);
  }
}

TEST(LibConfusionTransposeNz, Nz2Nd012WithoutNHalf) {
  Check012<half>(71, TransposeType::TRANSPOSE_NZ2ND_012_WITHOUT_N);
}
TEST(LibConfusionTransposeNz, Nz2Nd012WithoutNFloat) {
  Check012<float>(72, TransposeType::TRANSPOSE_NZ2ND_012_WITHOUT_N);
}
TEST(LibConfusionTransposeNz, Nz2Nz012WithoutNHalf) {
  Check012<half>(73, TransposeType::TRANSPOSE_NZ2NZ_012_WITHOUT_N);
}
TEST(LibConfusionTransposeNz, Nz2Nz012WithoutNFloat) {
  Check012<float>(74, TransposeType::TRANSPOSE_NZ2NZ_012_WITHOUT_N);
}
TEST(LibConfusionTransposeNz, Nz012WithoutNUint16Int32) {
  Check012<uint16_t>(75, TransposeType::TRANSPOSE_NZ2NZ_012_WITHOUT_N);
  Check012<int32_t>(76, TransposeType::TRANSPOSE_NZ2ND_012_WITHOUT_N);
}

// Scenarios 3/4, from the reference: source NZ [B, aH/16, a2/16, 16, 16] of
// [B, S, H] (aH = H rounded up to 16), element (b, s, h) at
// b*aH*a2 + (h/16)*a2*16 + s*16 + h%16; dst [B, N, a2, a3] (a3 = H/N rounded
// up to 16), element (b, n, s, c) at b*N*a3*a2 + n*a3*a2 + s*a3 + c (ND,
// scenario 4) or + (c/16)*a2*16 + s*16 + c%16 (NZ, scenario 3), from
// h = n*H/N + c, c < H/N. Columns c >= H/N are not written (sentinel).
template <class T>
void Model012N(const std::vector<T>& src, const Shape& sh, bool to_nz, std::vector<uint8_t>& image) {
  const size_t a2 = Up16(sh.s), a3 = Up16(sh.hn), n_count = sh.n,
               ah = Up16(static_cast<uint32_t>(n_count * sh.hn));
  for (size_t b = 0; b < sh.b; ++b) {
    for (size_t n = 0; n < n_count; ++n) {
      for (size_t s = 0; s < a2; ++s) {
        for (size_t c = 0; c < sh.hn; ++c) {
          const size_t h = n * sh.hn + c;
          const size_t from = b * ah * a2 + (h / 16) * a2 * 16 + s * 16 + h % 16;
          const size_t to = b * n_count * a3 * a2 + n * a3 * a2 +
                            (to_nz ? (c / 16) * a2 * 16 + s * 16 + c % 16 : s * a3 + c);
          Put(image, to * sizeof(T), &src[from], 1);
        }
      }
    }
  }
}

void ExpectFields012N(const ConfusionTransposeTiling& t, const Shape& sh, uint32_t size,
                      bool to_nz) {
  const uint32_t block = 32 / size, h = sh.n * sh.hn, hb = (h + 15) / 16, sb = (sh.s + 15) / 16,
                 hnb = (sh.hn + 15) / 16, a_hn = hnb * 16, a_s = sb * 16;
  const uint32_t nz[18] = {block, sh.b, sh.n, sh.hn, 16 / block, h, hb, sb, hb * 16, a_s, hnb,
                           a_hn, a_hn - sh.hn, a_s * 16, sh.n * hnb, sh.n * a_hn * a_s,
                           hb * 16 * a_s, 0};
  const uint32_t nd[18] = {block, sh.b, sh.n, sh.hn, h, hb, sb, hnb, a_hn, a_hn - sh.hn,
                           sb * 256, sh.n * hnb, a_s * a_hn, a_hn * 16, a_hn * block,
                           sh.n * a_hn * a_s, hb * sb * 256, 16 / block};
  const uint32_t* want = to_nz ? nz : nd;
  const uint32_t got[18] = {t.param0,  t.param1,  t.param2,  t.param3,  t.param4,  t.param5,
                            t.param6,  t.param7,  t.param8,  t.param9,  t.param10, t.param11,
                            t.param12, t.param13, t.param14, t.param15, t.param16, t.param17};
  for (int i = 0; i < 18; ++i) {
    EXPECT_EQ(got[i], want[i]) << "param" << i << " of [" << sh.b << ", " << sh.n << ", " << sh.s
                               << ", " << sh.hn << "] size " << size << " nz " << to_nz;
  }
}

template <class T>
void Check012N(uint64_t seed, TransposeType type) {
  const bool to_nz = type == TransposeType::TRANSPOSE_NZ2NZ_012_WITH_N;
  Rng rng(seed);
  for (int iter = 0; iter < 40; ++iter) {
    Shape sh{static_cast<uint32_t>(1 + rng.Below(3)), static_cast<uint32_t>(1 + rng.Below(6)),
             static_cast<uint32_t>(1 + rng.Below(70)), static_cast<uint32_t>(1 + rng.Below(40))};
    if (iter % 4 == 0) {  // the aligned case
      sh.s = Up16(sh.s);
      sh.hn = Up16(sh.hn);
    }
    if (iter == 1) sh.b = 0;
    if (iter == 2) sh = {1, 3, 16, 6};   // the vendor's own test shapes
    if (iter == 3) sh = {1, 2, 16, 20};
    if ((size_t{sh.b} * Up16(sh.n * sh.hn) + size_t{sh.b} * sh.n * Up16(sh.hn)) * Up16(sh.s) *
            sizeof(T) > 80 * 1024) {
      sh.b = 1;
      sh.s = 1 + sh.s % 24;
    }
    const size_t n_src = size_t{sh.b} * Up16(sh.n * sh.hn) * Up16(sh.s);
    const size_t n_dst = size_t{sh.b} * sh.n * Up16(sh.hn) * Up16(sh.s), cap = n_dst + 64;
    uint32_t mx = 0, mn = 0;
    AscendC::GetTransposeMaxMinTmpSize(AscendC::TensorShape({sh.b, sh.n, sh.s, sh.hn}), sizeof(T),
                                       static_cast<uint32_t>(type), mx, mn);
    ASSERT_EQ(mx, 512 * sizeof(T));
    ASSERT_EQ(mn, 512 * sizeof(T));
    ConfusionTransposeTiling tiling;
    AscendC::GetTransposeTilingInfo(AscendC::TensorShape({sh.b, sh.n, sh.s, sh.hn}), mn, sizeof(T),
                                    static_cast<uint32_t>(type), tiling);
    ExpectFields012N(tiling, sh, sizeof(T), to_nz);
    const std::vector<T> src = RandomBitsVec<T>(rng, n_src);
    const std::vector<uint8_t> got = RunTranspose(src, n_src + 16, cap, mn, iter % 2 == 0, type, tiling);
    std::vector<uint8_t> want(cap * sizeof(T), kSentinel);
    Model012N(src, sh, to_nz, want);
    ASSERT_EQ(got, want) << aicore::detail::TypeName<T>() << " type " << static_cast<int>(type)
                         << " [" << sh.b << ", " << sh.n << ", " << sh.s << ", " << sh.hn
                         << "]: " << FirstByteDiff(got, want, 0, 0);
  }
}

TEST(LibConfusionTransposeNz, Nz2Nz012WithNHalf) {
  Check012N<half>(81, TransposeType::TRANSPOSE_NZ2NZ_012_WITH_N);
}
TEST(LibConfusionTransposeNz, Nz2Nz012WithNFloat) {
  Check012N<float>(82, TransposeType::TRANSPOSE_NZ2NZ_012_WITH_N);
}
TEST(LibConfusionTransposeNz, Nz2Nd012WithNHalf) {
  Check012N<half>(83, TransposeType::TRANSPOSE_NZ2ND_012_WITH_N);
}
TEST(LibConfusionTransposeNz, Nz2Nd012WithNFloat) {
  Check012N<float>(84, TransposeType::TRANSPOSE_NZ2ND_012_WITH_N);
}
TEST(LibConfusionTransposeNz, Nz012WithNInt16Uint32) {
  Check012N<int16_t>(85, TransposeType::TRANSPOSE_NZ2ND_012_WITH_N);
  Check012N<uint32_t>(86, TransposeType::TRANSPOSE_NZ2NZ_012_WITH_N);
}

TEST(LibConfusionTransposeNz, Tiling0213) {
  // The reference's host example: [1, 2, 64, 32], half, the minimum buffer.
  ConfusionTransposeTiling t;
  AscendC::GetTransposeTilingInfo(AscendC::TensorShape({1, 2, 64, 32}), 512, 2, 1, t);
  const uint32_t want[16] = {16, 1, 2, 32, 64, 2, 256, 16, 1024, 4, 0, 2048, 4096, 64, 32, 4096};
  const uint32_t got[16] = {t.param0, t.param1, t.param2,  t.param3,  t.param4,  t.param5,
                            t.param6, t.param7, t.param8,  t.param9,  t.param10, t.param11,
                            t.param12, t.param13, t.param14, t.param15};
  for (int i = 0; i < 16; ++i) EXPECT_EQ(got[i], want[i]) << "param" << i;
  // The deprecated names fill the same fields; a tail when the buffer does not divide 16 a2.
  const Shape sh{3, 5, 40, 20};
  for (uint32_t size : {2u, 4u}) {
    for (uint32_t stack : {256 * size, 256 * size + 7, 768 * size, 5000u}) {
      ConfusionTransposeTiling a, b;
      AscendC::GetConfusionTransposeTilingInfo(AscendC::TensorShape({3, 5, 40, 20}), stack, size, 2, a);
      ExpectFields0213(a, sh, stack, size);
      AscendC::GetTransposeTilingInfo(AscendC::TensorShape({3, 5, 40, 20}), stack, size, 1, b);
      EXPECT_EQ(std::memcmp(&a, &b, sizeof(a)), 0);
    }
  }
}

// ---- diagnostics -----------------------------------------------------------------

std::string HostErr(const std::function<void()>& f) {
  try {
    f();
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

ConfusionTransposeTiling Tiling(uint32_t b, uint32_t n, uint32_t s, uint32_t hn, uint32_t stack,
                                uint32_t size, uint32_t type) {
  ConfusionTransposeTiling t;
  AscendC::GetTransposeTilingInfo(AscendC::TensorShape({b, n, s, hn}), stack, size, type, t);
  return t;
}

TEST(LibConfusionTransposeNzDiagnostics, Host) {
  ConfusionTransposeTiling t;
  const auto shape = AscendC::TensorShape({1, 2, 16, 16});
  std::string m = HostErr([&] { AscendC::GetTransposeTilingInfo(shape, 511, 2, 1, t); });
  EXPECT_TRUE(Has(m, "GetTransposeTilingInfo") &&
              Has(m, "stackBufferSize 511 bytes holds no 16 x 16 fractal of typeSize 2: the minimum "
                     "is 512 bytes")) << m;
  EXPECT_EQ(HostErr([&] { AscendC::GetTransposeTilingInfo(shape, 512, 2, 1, t); }), "");
  m = HostErr([&] { AscendC::GetTransposeTilingInfo(shape, 4096, 1, 2, t); });
  EXPECT_TRUE(Has(m, "typeSize 1 is not 2 or 4")) << m;
  EXPECT_EQ(HostErr([&] { AscendC::GetTransposeTilingInfo(shape, 4096, 4, 2, t); }), "");
  m = HostErr([&] { AscendC::GetTransposeTilingInfo(AscendC::TensorShape({2, 16, 16}), 4096, 4, 2, t); });
  EXPECT_TRUE(Has(m, "srcShape has 3 dimensions, the type needs 4")) << m;
  m = HostErr([&] {
    AscendC::GetTransposeTilingInfo(AscendC::TensorShape({4096, 4096, 16, 17}), 4096, 4, 1, t);
  });
  EXPECT_TRUE(Has(m, "pads to 8589934592 elements, past the uint32_t tiling fields")) << m;
  EXPECT_EQ(HostErr([&] {
              AscendC::GetTransposeTilingInfo(AscendC::TensorShape({4095, 4096, 16, 16}), 4096, 4, 1, t);
            }),
            "");
  m = HostErr([&] { AscendC::GetTransposeTilingInfo(shape, 4096, 2, 9, t); });
  EXPECT_TRUE(Has(m, "transposeTypeIn 9 is not a type of the high-level Transpose (1 to 7)")) << m;
  m = HostErr([&] { AscendC::GetTransposeTilingInfo(shape, 4096, 1, 3, t); });
  EXPECT_TRUE(Has(m, "typeSize 1 is not 2 or 4")) << m;
  m = HostErr([&] { AscendC::GetTransposeTilingInfo(shape, 4096, 1, 5, t); });
  EXPECT_TRUE(Has(m, "typeSize 1 is not 2 or 4")) << m;
  EXPECT_EQ(HostErr([&] { AscendC::GetTransposeTilingInfo(shape, 4096, 2, 4, t); }), "");
  EXPECT_EQ(HostErr([&] { AscendC::GetTransposeTilingInfo(shape, 4096, 2, 6, t); }), "");
  m = HostErr([&] {
    AscendC::GetTransposeTilingInfo(AscendC::TensorShape({65536, 4096, 16, 1}), 0, 4, 4, t);
  });
  EXPECT_TRUE(Has(m, "pads to 68719476736 elements, past the uint32_t tiling fields")) << m;
  m = HostErr([&] {
    AscendC::GetTransposeTilingInfo(AscendC::TensorShape({65536, 4096, 16, 1}), 0, 4, 5, t);
  });
  EXPECT_TRUE(Has(m, "pads to 68719476736 elements, past the uint32_t tiling fields")) << m;
}

// Runs f(dst, src, tmp) in a one-block launch: src and dst fill 2048-byte
// buffers, tmp is tmp_bytes of an 8 KiB buffer; the KernelError message or "".
template <class T>
std::string KernelErr(uint32_t tmp_bytes,
                      const std::function<void(LocalTensor<T>&, LocalTensor<T>&,
                                               LocalTensor<uint8_t>&)>& f) {
  try {
    aicore::Launch(
        [&] {
          AscendC::TPipe pipe;
          TBuf<TPosition::VECCALC> bs, bd, bt;
          pipe.InitBuffer(bs, 2048);
          pipe.InitBuffer(bd, 2048);
          pipe.InitBuffer(bt, 8192);
          LocalTensor<T> s = bs.Get<T>(), d = bd.Get<T>();
          LocalTensor<uint8_t> t = bt.Get<uint8_t>(tmp_bytes);
          std::memset(static_cast<void*>(s.GetPhyAddr()), 0, 2048);
          f(d, s, t);
        },
        1);
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

TEST(LibConfusionTransposeNzDiagnostics, Kernel) {
  constexpr auto kNd = TransposeType::TRANSPOSE_NZ2ND_0213;
  constexpr auto kNz = TransposeType::TRANSPOSE_NZ2NZ_0213;
  auto run = [&](uint32_t tmp_bytes, TransposeType type, ConfusionTransposeTiling t) {
    return KernelErr<float>(tmp_bytes, [&](auto& d, auto& s, auto& tmp) {
      AscendC::Transpose(d, s, tmp, type, t);
    });
  };
  const ConfusionTransposeTiling good = Tiling(1, 1, 16, 16, 1024, 4, 1);
  EXPECT_EQ(run(1024, kNd, good), "");
  EXPECT_EQ(run(1024, kNz, good), "");
  // An unfilled tiling.
  std::string m = run(1024, kNd, ConfusionTransposeTiling{});
  EXPECT_TRUE(Has(m, "Transpose") && Has(m, "the tiling is not filled (param0 is 0; float needs 8)"))
      << m;
  // Made for half.
  m = run(1024, kNd, Tiling(1, 1, 16, 16, 1024, 2, 1));
  EXPECT_TRUE(Has(m, "the tiling was made for another typeSize: param0 16, float needs 8")) << m;
  // The padded sizes must be multiples of 16.
  ConfusionTransposeTiling bad = good;
  bad.param4 = 8;
  m = run(1024, kNd, bad);
  EXPECT_TRUE(Has(m, "TRANSPOSE_NZ2ND_0213 needs the padded S and H/N (tiling param4, param3) to "
                     "be multiples of 16, got param4 8, param3 16")) << m;
  bad = good;
  bad.param6 = 100;
  m = run(1024, kNz, bad);
  EXPECT_TRUE(Has(m, "TRANSPOSE_NZ2NZ_0213 needs param6") && Has(m, "got 100")) << m;
  // A field that disagrees with the formulas; a tiling of another scenario.
  bad = good;
  bad.param12 += 16;
  m = run(1024, kNd, bad);
  EXPECT_TRUE(Has(m, "tiling param12 is 272, but TRANSPOSE_NZ2ND_0213's formula gives 256")) << m;
  ConfusionTransposeTiling only;
  AscendC::GetTransposeTilingInfo(AscendC::TensorShape({16, 16}), 0, 4, 7, only);
  m = run(1024, kNd, only);
  EXPECT_TRUE(Has(m, "to be multiples of 16, got param4 16, param3 1")) << m;
  // A short temporary buffer (the tiling's stackBufferSize), and its twin.
  m = run(992, kNd, good);
  EXPECT_TRUE(Has(m, "sharedTmpBuffer holds 992 bytes, fewer than the 1024 bytes the tiling's "
                     "param6 (256 float elements, from stackBufferSize) needs")) << m;
  EXPECT_EQ(run(1024, kNd, Tiling(1, 1, 16, 16, 1024 + 1023, 4, 1)), "");
  // Operands past their buffers: [1, 3, 16, 16] floats are 3072 bytes.
  m = run(1024, kNz, Tiling(1, 3, 16, 16, 1024, 4, 2));
  EXPECT_TRUE(Has(m, "dst") && Has(m, "past the end")) << m;
  EXPECT_EQ(run(1024, kNz, Tiling(1, 2, 16, 9, 1024, 4, 2)), "");  // a3 = 16: 2048 bytes
  // Overlaps ([1, 1, 16, 16] floats: 1024 bytes).
  using F = LocalTensor<float>;
  using U8 = LocalTensor<uint8_t>;
  m = KernelErr<float>(1024, [&](F&, F& s, U8& tmp) {
    auto t = good;
    AscendC::Transpose(s[128], s, tmp, kNd, t);
  });
  EXPECT_TRUE(Has(m, "dst overlaps src (1024 bytes each); TRANSPOSE_NZ2ND_0213 needs them apart"))
      << m;
  EXPECT_EQ(KernelErr<float>(1024, [&](F&, F& s, U8& tmp) {
              auto t = good;
              AscendC::Transpose(s[256], s, tmp, kNd, t);
            }),
            "");
  m = KernelErr<float>(1024, [&](F& d, F& s, U8&) {
    auto t = good;
    AscendC::Transpose(d, s, s.ReinterpretCast<uint8_t>(), kNz, t);
  });
  EXPECT_TRUE(Has(m, "sharedTmpBuffer overlaps src")) << m;
  m = KernelErr<float>(1024, [&](F& d, F& s, U8&) {
    auto t = good;
    AscendC::Transpose(d, s, d[128].ReinterpretCast<uint8_t>(), kNz, t);
  });
  EXPECT_TRUE(Has(m, "sharedTmpBuffer overlaps dst")) << m;
  EXPECT_EQ(KernelErr<float>(1024, [&](F& d, F& s, U8&) {
              auto t = good;
              AscendC::Transpose(d, s, d[256].ReinterpretCast<uint8_t>(), kNz, t);
            }),
            "");
  // Scenarios 5/6: [1, 2, 16, 8] floats: a 2048-byte src (H/N padded to 16), a 1024-byte dst.
  constexpr auto kNd5 = TransposeType::TRANSPOSE_NZ2ND_012_WITHOUT_N;
  constexpr auto kNz6 = TransposeType::TRANSPOSE_NZ2NZ_012_WITHOUT_N;
  const ConfusionTransposeTiling good5 = Tiling(1, 2, 16, 8, 0, 4, 5);
  EXPECT_EQ(run(2048, kNd5, good5), "");
  EXPECT_EQ(run(2048, kNz6, good5), "");
  m = run(2048, kNd5, Tiling(1, 2, 16, 7, 0, 4, 5));  // H = 14
  EXPECT_TRUE(Has(m, "TRANSPOSE_NZ2ND_012_WITHOUT_N needs H = N * H/N of at least 16, got N 2, "
                     "H/N 7")) << m;
  m = run(2048, kNd5, ConfusionTransposeTiling{});
  EXPECT_TRUE(Has(m, "the tiling is not filled")) << m;
  m = run(2048, kNz6, good);  // a scenario-1 tiling
  EXPECT_TRUE(Has(m, "TRANSPOSE_NZ2NZ_012_WITHOUT_N's formula gives")) << m;
  bad = good5;
  bad.param13 = 0;
  m = run(2048, kNz6, bad);
  EXPECT_TRUE(Has(m, "tiling param13 is 0, but TRANSPOSE_NZ2NZ_012_WITHOUT_N's formula gives 256"))
      << m;
  m = run(2047, kNd5, good5);
  EXPECT_TRUE(Has(m, "sharedTmpBuffer holds 2047 bytes, fewer than the 2048 bytes 2 x 256 "
                     "elements (tmp1, tmp2) needs")) << m;
  EXPECT_EQ(run(2048, kNd5, Tiling(1, 2, 16, 16, 0, 4, 5)), "");  // 2048 bytes each: fits
  m = run(2048, kNd5, Tiling(1, 3, 16, 8, 0, 4, 5));               // src 3072 bytes
  EXPECT_TRUE(Has(m, "src operand") && Has(m, "past the end")) << m;
  using H = LocalTensor<half>;
  const ConfusionTransposeTiling half5 = Tiling(1, 2, 16, 8, 0, 2, 5);  // src 1024, dst 512 bytes
  m = KernelErr<half>(1024, [&](H&, H& s, U8& tmp) {
    auto t = half5;
    AscendC::Transpose(s[256], s, tmp, kNz6, t);
  });
  EXPECT_TRUE(Has(m, "dst (512 bytes) overlaps src (1024 bytes); TRANSPOSE_NZ2NZ_012_WITHOUT_N "
                     "needs them apart")) << m;
  EXPECT_EQ(KernelErr<half>(1024, [&](H&, H& s, U8& tmp) {
              auto t = half5;
              AscendC::Transpose(s[512], s, tmp, kNz6, t);
            }),
            "");
  // Scenarios 3/4: [1, 2, 16, 8] floats: a 1024-byte src ([1, 16, 16]), a 2048-byte dst.
  constexpr auto kNz3 = TransposeType::TRANSPOSE_NZ2NZ_012_WITH_N;
  constexpr auto kNd4 = TransposeType::TRANSPOSE_NZ2ND_012_WITH_N;
  const ConfusionTransposeTiling good3 = Tiling(1, 2, 16, 8, 0, 4, 3);
  const ConfusionTransposeTiling good4 = Tiling(1, 2, 16, 8, 0, 4, 4);
  EXPECT_EQ(run(2048, kNz3, good3), "");
  EXPECT_EQ(run(2048, kNd4, good4), "");
  m = run(2048, kNd4, good3);  // the field orders differ
  EXPECT_TRUE(Has(m, "TRANSPOSE_NZ2ND_012_WITH_N's formula gives") && Has(m, "param6")) << m;
  m = run(2048, kNz3, ConfusionTransposeTiling{});
  EXPECT_TRUE(Has(m, "the tiling is not filled")) << m;
  bad = good3;
  bad.param12 = 0;  // gap
  m = run(2048, kNz3, bad);
  EXPECT_TRUE(Has(m, "tiling param12 is 0, but TRANSPOSE_NZ2NZ_012_WITH_N's formula gives 8")) << m;
  m = run(2016, kNz3, good3);
  EXPECT_TRUE(Has(m, "sharedTmpBuffer holds 2016 bytes, fewer than the 2048 bytes")) << m;
  m = run(2048, kNd4, Tiling(1, 3, 16, 8, 0, 4, 4));  // dst 3072 bytes
  EXPECT_TRUE(Has(m, "dst operand") && Has(m, "past the end")) << m;
  m = KernelErr<float>(2048, [&](F& d, F&, U8& tmp) {
    auto t = good4;
    AscendC::Transpose(d, d[128], tmp, kNd4, t);
  });
  EXPECT_TRUE(Has(m, "dst (2048 bytes) overlaps src (1024 bytes); TRANSPOSE_NZ2ND_012_WITH_N "
                     "needs them apart")) << m;
  EXPECT_EQ(KernelErr<float>(2048, [&](F& d, F& s, U8& tmp) {
              auto t = good4;
              AscendC::Transpose(d, s, tmp, kNd4, t);
            }),
            "");
  // Types that are not types of this API.
  m = run(2048, TransposeType::TRANSPOSE_NCHW2NHWC, good);
  EXPECT_TRUE(Has(m, "transposeType 11 is not a type of the high-level Transpose")) << m;
}


// ---- TransData (lib/transdata.h) ------------------------------------------------
//
// The model walks each destination in its own index order (a running
// index) and names the source element of every position from the reference's
// layouts, or 0 for padding (channels past C, kernels past N, NCDHW columns
// [H * W, P)); source padding holds random bits and must not reach the result.

using AscendC::DataFormat;
using AscendC::TransDataConfig;

// One-block launches through one instance of aicore::Launch (compile time).
void LaunchOne(const std::function<void()>& kernel) { aicore::Launch(kernel, 1); }

constexpr TransDataConfig kTo6hd = {DataFormat::NCDHW, DataFormat::NDC1HWC0};
constexpr TransDataConfig kFrom6hd = {DataFormat::NDC1HWC0, DataFormat::NCDHW};
constexpr TransDataConfig kToFz = {DataFormat::NCDHW, DataFormat::FRACTAL_Z_3D};
constexpr TransDataConfig kFromFz = {DataFormat::FRACTAL_Z_3D, DataFormat::NCDHW};

struct Ncdhw {
  uint32_t n, c, d, h, w;
  uint32_t C1() const { return (c + 15) / 16; }
  uint32_t N1() const { return (n + 15) / 16; }
  uint32_t P() const { return Up16(h * w); }
  size_t NcdhwElems() const { return size_t{n} * c * d * P(); }
  size_t SixElems() const { return size_t{n} * d * C1() * h * w * 16; }
  size_t FzElems() const { return size_t{d} * C1() * h * w * N1() * 256; }
};

std::string Text(const Ncdhw& t) {
  return "[" + std::to_string(t.n) + ", " + std::to_string(t.c) + ", " + std::to_string(t.d) +
         ", " + std::to_string(t.h) + ", " + std::to_string(t.w) + "]";
}

template <const TransDataConfig& kCfg>
constexpr bool kFromNcdhw = kCfg.srcFormat == DataFormat::NCDHW;
template <const TransDataConfig& kCfg>
constexpr bool kFz = kCfg.srcFormat == DataFormat::FRACTAL_Z_3D ||
                     kCfg.dstFormat == DataFormat::FRACTAL_Z_3D;

template <const TransDataConfig& kCfg>
size_t SrcElems(const Ncdhw& t) {
  return kFromNcdhw<kCfg> ? t.NcdhwElems() : kFz<kCfg> ? t.FzElems() : t.SixElems();
}
template <const TransDataConfig& kCfg>
size_t DstElems(const Ncdhw& t) {
  return !kFromNcdhw<kCfg> ? t.NcdhwElems() : kFz<kCfg> ? t.FzElems() : t.SixElems();
}

template <const TransDataConfig& kCfg>
std::vector<uint16_t> TransDataModel(const std::vector<uint16_t>& src, const Ncdhw& t) {
  const size_t hw = size_t{t.h} * t.w, p = t.P(), c1n = t.C1(), n1n = t.N1();
  std::vector<uint16_t> dst;
  auto ncdhw = [&](size_t n, size_t c, size_t d, size_t q) { return src[((n * t.c + c) * t.d + d) * p + q]; };
  if (kFromNcdhw<kCfg> && !kFz<kCfg>) {  // [N, D, C1, H, W, C0]
    for (size_t n = 0; n < t.n; ++n)
      for (size_t d = 0; d < t.d; ++d)
        for (size_t c1 = 0; c1 < c1n; ++c1)
          for (size_t q = 0; q < hw; ++q)
            for (size_t c0 = 0; c0 < 16; ++c0) {
              const size_t c = c1 * 16 + c0;
              dst.push_back(c < t.c ? ncdhw(n, c, d, q) : 0);
            }
  } else if (kFromNcdhw<kCfg>) {  // [D, C1, H, W, N1, N0, C0]
    for (size_t d = 0; d < t.d; ++d)
      for (size_t c1 = 0; c1 < c1n; ++c1)
        for (size_t q = 0; q < hw; ++q)
          for (size_t n1 = 0; n1 < n1n; ++n1)
            for (size_t n0 = 0; n0 < 16; ++n0)
              for (size_t c0 = 0; c0 < 16; ++c0) {
                const size_t n = n1 * 16 + n0, c = c1 * 16 + c0;
                dst.push_back(n < t.n && c < t.c ? ncdhw(n, c, d, q) : 0);
              }
  } else {  // [N, C, D, P]
    for (size_t n = 0; n < t.n; ++n)
      for (size_t c = 0; c < t.c; ++c)
        for (size_t d = 0; d < t.d; ++d)
          for (size_t q = 0; q < p; ++q) {
            if (q >= hw) {
              dst.push_back(0);
            } else if (kFz<kCfg>) {
              const size_t at = (((d * c1n + c / 16) * hw + q) * n1n + n / 16) * 16 + n % 16;
              dst.push_back(src[at * 16 + c % 16]);
            } else {
              dst.push_back(src[(((n * t.d + d) * c1n + c / 16) * hw + q) * 16 + c % 16]);
            }
          }
  }
  return dst;
}

// The vendor's published temporary space (adv_api transdata_tiling), restated.
template <const TransDataConfig& kCfg>
uint32_t VendorTmpBytes(const Ncdhw& t) {
  const uint32_t p = t.P(), c1 = t.C1(), n1 = t.N1();
  if (kFromNcdhw<kCfg> && !kFz<kCfg>) return t.d * p * 2 + t.d * c1 * 16 * p * 2;
  if (!kFromNcdhw<kCfg> && !kFz<kCfg>) return t.d * c1 * 16 * p * 2 + 512;
  if (kFromNcdhw<kCfg>) {
    return std::max(t.c * t.d * p * 2, t.d * t.h * t.w * n1 * 16 * 2) + n1 * 16 * t.d * c1 * 16 * p * 2;
  }
  const uint32_t one = n1 * 16 * c1 * 16 * t.d * p * 2;
  return t.n == n1 * 16 && t.c == c1 * 16 ? one : 2 * one;
}

template <const TransDataConfig& kCfg>
auto TransDataParamsOf(const Ncdhw& t) {
  const int32_t n = t.n, c = t.c, d = t.d, h = t.h, w = t.w, c1 = t.C1(), n1 = t.N1();
  AscendC::Layout ncdhw = AscendC::MakeLayout(AscendC::MakeShape(n, c, d, h, w), AscendC::MakeStride());
  if constexpr (kFz<kCfg>) {
    AscendC::Layout fz =
        AscendC::MakeLayout(AscendC::MakeShape(d, c1, h, w, n1, 16, 16), AscendC::MakeStride());
    if constexpr (kFromNcdhw<kCfg>) {
      return AscendC::TransDataParams<decltype(ncdhw), decltype(fz)>{ncdhw, fz};
    } else {
      return AscendC::TransDataParams<decltype(fz), decltype(ncdhw)>{fz, ncdhw};
    }
  } else {
    AscendC::Layout six = AscendC::MakeLayout(AscendC::MakeShape(n, d, c1, h, w, 16), AscendC::MakeStride());
    if constexpr (kFromNcdhw<kCfg>) {
      return AscendC::TransDataParams<decltype(ncdhw), decltype(six)>{ncdhw, six};
    } else {
      return AscendC::TransDataParams<decltype(six), decltype(ncdhw)>{six, ncdhw};
    }
  }
}

ge::Shape GeShape(const std::vector<int64_t>& v) { return ge::Shape(v); }

template <const TransDataConfig& kCfg>
std::pair<ge::Shape, ge::Shape> GeShapes(const Ncdhw& t) {
  const std::vector<int64_t> ncdhw = {t.n, t.c, t.d, t.h, t.w};
  const std::vector<int64_t> other =
      kFz<kCfg> ? std::vector<int64_t>{t.d, t.C1(), t.h, t.w, t.N1(), 16, 16}
                : std::vector<int64_t>{t.n, t.d, t.C1(), t.h, t.w, 16};
  return kFromNcdhw<kCfg> ? std::make_pair(GeShape(ncdhw), GeShape(other))
                          : std::make_pair(GeShape(other), GeShape(ncdhw));
}

// One TransData call in a one-block launch; dst holds dst_cap elements filled
// with the sentinel first, tmp_bytes of sharedTmpBuffer when with_tmp (else
// the form without it). Returns dst's words.
template <const TransDataConfig& kCfg, class T>
std::vector<uint16_t> RunTransData(const std::vector<uint16_t>& src, size_t dst_cap, const Ncdhw& t,
                                   uint32_t tmp_bytes, bool with_tmp) {
  std::vector<uint16_t> got(dst_cap);
  LaunchOne([&] {
    AscendC::TPipe pipe;
    TBuf<TPosition::VECCALC> bs, bd, bt;
    pipe.InitBuffer(bs, Round32(src.size() * 2));
    pipe.InitBuffer(bd, Round32(dst_cap * 2));
    LocalTensor<T> s = bs.Get<T>(static_cast<uint32_t>(src.size())),
                   d = bd.Get<T>(static_cast<uint32_t>(dst_cap));
    std::memset(static_cast<void*>(d.GetPhyAddr()), kSentinel, dst_cap * 2);
    std::memcpy(static_cast<void*>(s.GetPhyAddr()), src.data(), src.size() * 2);
    const auto params = TransDataParamsOf<kCfg>(t);
    if (with_tmp) {
      pipe.InitBuffer(bt, Round32(tmp_bytes));
      AscendC::TransData<kCfg>(d, s, bt.Get<uint8_t>(tmp_bytes), params);
    } else {
      AscendC::TransData<kCfg>(d, s, params);
    }
    std::memcpy(got.data(), static_cast<void*>(d.GetPhyAddr()), dst_cap * 2);
  });
  return got;
}

using TransDataRunner = std::vector<uint16_t> (*)(const std::vector<uint16_t>&, size_t, const Ncdhw&,
                                                   uint32_t, bool);

template <const TransDataConfig& kCfg>
void CheckTransData(uint64_t seed, ge::DataType dt, const char* type_name, TransDataRunner run) {
  Rng rng(seed);
  const platform_ascendc::PlatformAscendC plat;
  for (int iter = 0; iter < 12; ++iter) {
    Ncdhw t{static_cast<uint32_t>(1 + rng.Below(40)), static_cast<uint32_t>(1 + rng.Below(40)),
            static_cast<uint32_t>(1 + rng.Below(3)), static_cast<uint32_t>(1 + rng.Below(7)),
            static_cast<uint32_t>(1 + rng.Below(7))};
    if (iter == 0) t = {16, 16, 1, 3, 5};   // the vendor's example
    if (iter == 1) t = {32, 16, 2, 4, 4};   // N, C and H * W aligned
    if (iter == 2) t = {17, 33, 1, 1, 1};   // one column, padded to 16
    if (iter == 3) t = {1, 1, 1, 4, 8};
    while ((SrcElems<kCfg>(t) + DstElems<kCfg>(t)) * 2 + VendorTmpBytes<kCfg>(t) > 150 * 1024) {
      t.n = (t.n + 1) / 2;
      t.c = (t.c + 1) / 2;
      t.d = 1;
    }
    uint32_t mx = 0, mn = 0;
    const auto shapes = GeShapes<kCfg>(t);
    ASSERT_TRUE(AscendC::GetTransDataMaxMinTmpSize(plat, shapes.first, shapes.second, dt, kCfg, mx, mn));
    ASSERT_EQ(mn, VendorTmpBytes<kCfg>(t)) << Text(t);
    ASSERT_EQ(mx, mn);
    const std::vector<uint16_t> src = RandomBitsVec<uint16_t>(rng, SrcElems<kCfg>(t));
    const size_t dst_elems = DstElems<kCfg>(t), cap = dst_elems + 16 + rng.Below(64);
    const bool with_tmp = iter % 2 == 0;
    const std::vector<uint16_t> got = run(src, cap, t, mn, with_tmp);
    std::vector<uint16_t> want = TransDataModel<kCfg>(src, t);
    ASSERT_EQ(want.size(), dst_elems);
    want.resize(cap, static_cast<uint16_t>(kSentinel * 0x101));
    size_t first = 0;
    while (first < cap && got[first] == want[first]) ++first;
    ASSERT_EQ(got, want) << type_name << " " << Text(t)
                         << (with_tmp ? " with" : " without") << " sharedTmpBuffer: first difference at word "
                         << first << " of " << dst_elems;
  }
}

template <const TransDataConfig& kCfg>
void CheckTransDataAllTypes(uint64_t seed) {
  CheckTransData<kCfg>(seed, ge::DT_FLOAT16, "half", RunTransData<kCfg, half>);
  CheckTransData<kCfg>(seed + 1, ge::DT_BF16, "bfloat16_t", RunTransData<kCfg, bfloat16_t>);
  CheckTransData<kCfg>(seed + 2, ge::DT_INT16, "int16_t", RunTransData<kCfg, int16_t>);
  CheckTransData<kCfg>(seed + 3, ge::DT_UINT16, "uint16_t", RunTransData<kCfg, uint16_t>);
}

TEST(LibTransData, NcdhwToNdc1hwc0) { CheckTransDataAllTypes<kTo6hd>(81); }
TEST(LibTransData, Ndc1hwc0ToNcdhw) { CheckTransDataAllTypes<kFrom6hd>(85); }
TEST(LibTransData, NcdhwToFractalZ3D) { CheckTransDataAllTypes<kToFz>(89); }
TEST(LibTransData, FractalZ3DToNcdhw) { CheckTransDataAllTypes<kFromFz>(93); }

// The reference's printed example: src 0..511 as NCDHW [1, 32, 1, 2, 8] (the
// printed input; the text's params say D = 2, the data has one depth), half.
TEST(LibTransData, ReferenceExample) {
  std::vector<uint16_t> src(512);
  for (uint16_t i = 0; i < 512; ++i) src[i] = half(static_cast<float>(i)).ToBits();
  const std::vector<uint16_t> got = RunTransData<kTo6hd, half>(src, 512, {1, 32, 1, 2, 8}, 1088, true);
  auto row = [&](size_t r) {
    std::vector<float> v;
    for (size_t i = 0; i < 16; ++i) v.push_back(static_cast<float>(half::FromBits(got[r * 16 + i])));
    return v;
  };
  // Printed rows 0, 4, 16 and 31.
  std::vector<float> r0, r4, r16, r31;
  for (int i = 0; i < 16; ++i) {
    r0.push_back(16.0f * i);
    r4.push_back(4 + 16.0f * i);
    r16.push_back(256 + 16.0f * i);
    r31.push_back(271 + 16.0f * i);
  }
  EXPECT_EQ(row(0), r0);
  EXPECT_EQ(row(4), r4);
  EXPECT_EQ(row(16), r16);
  EXPECT_EQ(row(31), r31);
}

TEST(LibTransData, Layout) {
  AscendC::Shape<int, int, int> shape = AscendC::MakeShape(10, 20, 30);
  AscendC::Stride<int, int, int> stride = AscendC::MakeStride(1, 100, 200);
  auto made = AscendC::MakeLayout(shape, stride);
  AscendC::Layout<AscendC::Shape<int, int, int>, AscendC::Stride<int, int, int>> init(shape, stride);
  EXPECT_EQ(AscendC::Std::get<0>(made.GetShape()), 10);
  EXPECT_EQ(AscendC::Std::get<2>(made.GetShape()), 30);
  EXPECT_EQ(AscendC::Std::get<1>(init.GetStride()), 100);
  EXPECT_EQ(AscendC::Std::get<2>(init.layout().GetStride()), 200);
  static_assert(AscendC::Std::tuple_size<decltype(AscendC::MakeStride())>::value == 0);
  static_assert(!AscendC::is_layout<decltype(shape)>::value && !AscendC::is_layout<decltype(stride)>::value);
  static_assert(AscendC::is_layout<decltype(made)>::value && AscendC::is_layout_v<decltype(init)>);
  constexpr auto c = AscendC::MakeLayout(AscendC::MakeShape(1, 2), AscendC::MakeStride());
  static_assert(AscendC::Std::get<1>(c.GetShape()) == 2);
}

TEST(LibTransDataDiagnostics, Host) {
  const platform_ascendc::PlatformAscendC plat;
  uint32_t mx = 7, mn = 7;
  const auto ncdhw = GeShape({1, 16, 2, 4, 4}), six = GeShape({1, 2, 1, 4, 4, 16});
  // The reference's example: 2 * 2 * 16 + 2 * 2 * 1 * 16 * 16 bytes.
  ASSERT_TRUE(AscendC::GetTransDataMaxMinTmpSize(plat, ncdhw, six, ge::DT_FLOAT16, kTo6hd, mx, mn));
  EXPECT_EQ(mn, 1088u);
  EXPECT_EQ(mx, 1088u);
  // The vendor's example kernel sizes its tmp buffers with the same numbers:
  // [16, 16, 1, 3, 5] (P = 16), NCDHW -> FRACTAL_Z_3D c * d * P + n1 * n0 * d * c1 * c0 * P halves.
  const auto e = GeShape({16, 16, 1, 3, 5}), efz = GeShape({1, 1, 3, 5, 1, 16, 16});
  ASSERT_TRUE(AscendC::GetTransDataMaxMinTmpSize(plat, e, efz, ge::DT_BF16, kToFz, mx, mn));
  EXPECT_EQ(mn, (16u * 16 + 16u * 16 * 16) * 2);
  ASSERT_TRUE(AscendC::GetTransDataMaxMinTmpSize(plat, efz, e, ge::DT_INT16, kFromFz, mx, mn));
  EXPECT_EQ(mn, 16u * 16 * 16 * 2);  // the example's d * c1 * 16 * n1 * n0 * c0 halves
  mx = mn = 7;
  auto no = [&](const ge::Shape& s, const ge::Shape& d, ge::DataType dt, const TransDataConfig& c,
                const platform_ascendc::PlatformAscendC& p) {
    return !AscendC::GetTransDataMaxMinTmpSize(p, s, d, dt, c, mx, mn) && mx == 7 && mn == 7;
  };
  EXPECT_TRUE(no(ncdhw, six, ge::DT_FLOAT, kTo6hd, plat));
  EXPECT_TRUE(no(ncdhw, six, ge::DT_FLOAT16, kTo6hd, platform_ascendc::PlatformAscendC(1)));  // 310P
  EXPECT_TRUE(no(ncdhw, six, ge::DT_FLOAT16, TransDataConfig{DataFormat::NCDHW, DataFormat::NCDHW}, plat));
  EXPECT_TRUE(no(ncdhw, six, ge::DT_FLOAT16, kToFz, plat));                           // ranks
  EXPECT_TRUE(no(ncdhw, GeShape({1, 3, 1, 4, 4, 16}), ge::DT_FLOAT16, kTo6hd, plat)); // D
  EXPECT_TRUE(no(ncdhw, GeShape({1, 2, 2, 4, 4, 16}), ge::DT_FLOAT16, kTo6hd, plat)); // C1
  EXPECT_TRUE(no(ncdhw, GeShape({1, 2, 1, 4, 4, 8}), ge::DT_FLOAT16, kTo6hd, plat));  // C0
  EXPECT_TRUE(no(efz, GeShape({16, 16, 1, 3, 4}), ge::DT_FLOAT16, kFromFz, plat));    // W
  EXPECT_TRUE(no(GeShape({1, 1, 3, 5, 1, 8, 16}), e, ge::DT_FLOAT16, kFromFz, plat)); // N0
  EXPECT_TRUE(no(GeShape({1, 1, 3, 5, 2, 16, 16}), e, ge::DT_FLOAT16, kFromFz, plat));// N1
  EXPECT_TRUE(no(GeShape({-1, 16, 2, 4, 4}), six, ge::DT_FLOAT16, kTo6hd, plat));
  EXPECT_TRUE(no(GeShape({65536, 16, 1, 4096, 1}), GeShape({65536, 1, 1, 4096, 1, 16}), ge::DT_FLOAT16,
                 kTo6hd, plat));  // 2^32 elements
  EXPECT_TRUE(no(GeShape({0, 65536, 65536, 1, 1}), GeShape({0, 65536, 4096, 1, 1, 16}),
                 ge::DT_FLOAT16, kTo6hd, plat));  // no elements, but the temporary space is past 2^32
  ASSERT_TRUE(AscendC::GetTransDataMaxMinTmpSize(plat, GeShape({0, 16, 2, 4, 4}),
                                                 GeShape({0, 2, 1, 4, 4, 16}), ge::DT_FLOAT16, kTo6hd,
                                                 mx, mn));
  EXPECT_EQ(mn, 1088u);  // N = 0: the temporary space does not depend on N
}

// Runs f(dst, src, tmp) in a one-block launch: dst and src of dst_elems and
// src_elems halves (GetSize), tmp of tmp_bytes; the KernelError message or "".
std::string TransDataErr(uint32_t dst_elems, uint32_t src_elems, uint32_t tmp_bytes,
                         const std::function<void(LocalTensor<half>&, LocalTensor<half>&,
                                                  LocalTensor<uint8_t>&)>& f) {
  try {
    LaunchOne([&] {
      AscendC::TPipe pipe;
      TBuf<TPosition::VECCALC> bs, bd, bt;
      pipe.InitBuffer(bs, Round32(src_elems * 2));
      pipe.InitBuffer(bd, Round32(dst_elems * 2));
      pipe.InitBuffer(bt, Round32(tmp_bytes));
      LocalTensor<half> s = bs.Get<half>(src_elems), d = bd.Get<half>(dst_elems);
      LocalTensor<uint8_t> t = bt.Get<uint8_t>(tmp_bytes);
      std::memset(static_cast<void*>(s.GetPhyAddr()), 0, src_elems * 2);
      f(d, s, t);
    });
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

TEST(LibTransDataDiagnostics, Kernel) {
  using H = LocalTensor<half>;
  using U8 = LocalTensor<uint8_t>;
  using AscendC::MakeLayout;
  using AscendC::MakeShape;
  using AscendC::MakeStride;
  auto params = [](const auto& src, const auto& dst) {
    return AscendC::TransDataParams<std::decay_t<decltype(src)>, std::decay_t<decltype(dst)>>{src, dst};
  };
  // NCDHW [1, 16, 1, 2, 8] (256 halves) -> NDC1HWC0 [1, 1, 1, 2, 8, 16]; 544 tmp bytes.
  const auto ncdhw = MakeLayout(MakeShape(1, 16, 1, 2, 8), MakeStride());
  const auto six = MakeLayout(MakeShape(1, 1, 1, 2, 8, 16), MakeStride());
  const auto good = params(ncdhw, six);
  auto run = [&](uint32_t tmp_bytes, const auto& p, uint32_t dst_elems = 256, uint32_t src_elems = 256) {
    return TransDataErr(dst_elems, src_elems, tmp_bytes,
                        [&](H& d, H& s, U8& tmp) { AscendC::TransData<kTo6hd>(d, s, tmp, p); });
  };
  EXPECT_EQ(run(544, good), "");
  // Shapes that disagree.
  std::string m = run(544, params(ncdhw, MakeLayout(MakeShape(1, 2, 1, 2, 8, 16), MakeStride())));
  EXPECT_TRUE(Has(m, "TransData") &&
              Has(m, "srcShape (NCDHW) [1, 16, 1, 2, 8] and dstShape (NDC1HWC0) [1, 2, 1, 2, 8, 16] "
                     "disagree in N, D, H, W")) << m;
  m = run(544, params(ncdhw, MakeLayout(MakeShape(1, 1, 2, 2, 8, 16), MakeStride())));
  EXPECT_TRUE(Has(m, "C0 must be 16 and C1 = ceil(C / 16) = 1, got C0 16, C1 2")) << m;
  m = run(544, params(MakeLayout(MakeShape(1, 17, 1, 2, 8), MakeStride()), six));
  EXPECT_TRUE(Has(m, "C1 = ceil(C / 16) = 2, got C0 16, C1 1")) << m;
  m = run(544, params(ncdhw, MakeLayout(MakeShape(1, 1, 1, 2, 8, 8), MakeStride())));
  EXPECT_TRUE(Has(m, "got C0 8, C1 1")) << m;
  // FRACTAL_Z_3D [1, 1, 2, 1, 1, 16, 16] (512 halves) -> NCDHW [1, 16, 1, 2, 1]
  // (256 halves: H * W padded to 16); tmp 2 * 16 * 16 * 16 * 2 bytes (N not a multiple of 16).
  const auto fz = MakeLayout(MakeShape(1, 1, 2, 1, 1, 16, 16), MakeStride());
  const auto ncdhw_w1 = MakeLayout(MakeShape(1, 16, 1, 2, 1), MakeStride());
  auto run_fz = [&](uint32_t tmp_bytes, const auto& p, uint32_t dst_elems = 256, uint32_t src_elems = 512) {
    return TransDataErr(dst_elems, src_elems, tmp_bytes,
                        [&](H& d, H& s, U8& tmp) { AscendC::TransData<kFromFz>(d, s, tmp, p); });
  };
  EXPECT_EQ(run_fz(16384, params(fz, ncdhw_w1)), "");
  m = run_fz(16384, params(MakeLayout(MakeShape(1, 1, 2, 1, 1, 8, 16), MakeStride()), ncdhw_w1));
  EXPECT_TRUE(Has(m, "N0 must be 16 and N1 = ceil(N / 16) = 1, got N0 8, N1 1")) << m;
  m = run_fz(16384, params(MakeLayout(MakeShape(1, 1, 2, 1, 2, 16, 16), MakeStride()), ncdhw_w1));
  EXPECT_TRUE(Has(m, "got N0 16, N1 2")) << m;
  m = run_fz(16384, params(fz, MakeLayout(MakeShape(1, 16, 2, 2, 1), MakeStride())));
  EXPECT_TRUE(Has(m, "dstShape (NCDHW) [1, 16, 2, 2, 1] and srcShape (FRACTAL_Z_3D) [1, 1, 2, 1, 1, 16, 16] "
                     "disagree in D, H, W")) << m;
  m = run_fz(16383, params(fz, ncdhw_w1));
  EXPECT_TRUE(Has(m, "sharedTmpBuffer holds 16383 bytes, fewer than the 16384 bytes FRACTAL_Z_3D -> "
                     "NCDHW")) << m;
  // Tensors smaller than their shapes (GetSize).
  m = run_fz(16384, params(fz, ncdhw_w1), 256, 511);
  EXPECT_TRUE(Has(m, "srcTensor holds 511 elements, fewer than the 512 its FRACTAL_Z_3D shape needs")) << m;
  m = run_fz(16384, params(fz, ncdhw_w1), 255, 512);
  EXPECT_TRUE(Has(m, "dstTensor holds 255 elements, fewer than the 256 its NCDHW shape needs (H * W "
                     "padded to 16)")) << m;
  m = run(544, good, 256, 255);
  EXPECT_TRUE(Has(m, "srcTensor holds 255 elements, fewer than the 256 its NCDHW shape needs (H * W "
                     "padded to 16)")) << m;
  m = run(544, good, 255, 256);
  EXPECT_TRUE(Has(m, "dstTensor holds 255 elements, fewer than the 256 its NDC1HWC0 shape needs")) << m;
  // dst and src overlap (256 halves each).
  m = TransDataErr(512, 512, 544,
                   [&](H&, H& s, U8& tmp) { AscendC::TransData<kTo6hd>(s[128], s, tmp, good); });
  EXPECT_TRUE(Has(m, "dstTensor (512 bytes) overlaps srcTensor (512 bytes); TransData needs them "
                     "apart")) << m;
  EXPECT_EQ(TransDataErr(512, 512, 544,
                         [&](H&, H& s, U8& tmp) { AscendC::TransData<kTo6hd>(s[256], s, tmp, good); }),
            "");
  // A short sharedTmpBuffer; one overlapping an operand.
  m = run(543, good);
  EXPECT_TRUE(Has(m, "sharedTmpBuffer holds 543 bytes, fewer than the 544 bytes NCDHW -> NDC1HWC0 of "
                     "[N, C, D, H, W] = [1, 16, 1, 2, 8] needs (GetTransDataMaxMinTmpSize)")) << m;
  m = TransDataErr(512, 512, 544, [&](H& d, H& s, U8&) {
    AscendC::TransData<kTo6hd>(d, s, s[128].ReinterpretCast<uint8_t>(), good);
  });
  EXPECT_TRUE(Has(m, "sharedTmpBuffer overlaps srcTensor")) << m;
  m = TransDataErr(512, 512, 544, [&](H& d, H& s, U8&) {
    AscendC::TransData<kTo6hd>(d[256], s, d[128].ReinterpretCast<uint8_t>(), good);
  });
  EXPECT_TRUE(Has(m, "sharedTmpBuffer overlaps dstTensor")) << m;
  EXPECT_EQ(TransDataErr(560, 512, 544, [&](H& d, H& s, U8&) {
              AscendC::TransData<kTo6hd>(d, s, d[256].ReinterpretCast<uint8_t>(), good);
            }),
            "");
  // The form without sharedTmpBuffer: the free UB must hold the temporary space.
  auto no_tmp = [&](uint32_t fill) {
    try {
      LaunchOne([&] {
        AscendC::TPipe pipe;
        TBuf<TPosition::VECCALC> bs, bd, rest;
        pipe.InitBuffer(bs, 512);
        pipe.InitBuffer(bd, 512);
        pipe.InitBuffer(rest, fill);
        AscendC::TransData<kTo6hd>(bd.Get<half>(), bs.Get<half>(), good);
      });
    } catch (const aicore::KernelError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  const uint32_t ub = 192 * 1024 - 64 - 1024;  // the 910B's UB less KFC's 64 bytes, src and dst
  m = no_tmp(ub - 512);
  EXPECT_TRUE(Has(m, "the UB left free for the temporary space (PopStackBuffer) holds 512 bytes, fewer than "
                     "the 544 bytes")) << m;
  EXPECT_EQ(no_tmp(ub - 544), "");
}

}  // namespace
}  // namespace aicore_test
