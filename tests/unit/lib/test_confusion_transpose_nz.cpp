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

#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "aicore/lib/confusion_transpose.h"
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

}  // namespace
}  // namespace aicore_test
