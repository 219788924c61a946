// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Randomized tests of Gather (count and repeat forms), GatherMask (pattern
// tensors and built-in patterns, normal and reduce mode, strides,
// repeatTimes 0, 1, 2, 7, 255, rsvdCnt) and Transpose against the reference
// model (tests/support/repeat_model.h, ref_compare.h), over the mask cases of
// tests/support/repeat_cases.h, plus their diagnostics with clean
// counterparts. Every byte of the UB image is compared with the reference's.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/ref_compare.h"
#include "support/repeat_cases.h"
#include "support/repeat_model.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {
namespace {

using AscendC::LocalTensor;
using Buf = AscendC::TBuf<AscendC::TPosition::VECCALC>;

// ---- Gather ------------------------------------------------------------------

template <class T>
void CheckGatherCount(uint64_t seed) {
  Rng rng(seed);
  for (size_t n : Sizes<T>()) {
    const size_t src_elems = 1 + rng.Below(3000);
    const std::vector<T> src = RandomBitsVec<T>(rng, src_elems);
    const uint32_t base = static_cast<uint32_t>(std::min<size_t>(rng.Below(4) * rng.Below(50), src_elems - 1) * sizeof(T));
    const size_t src_off = 0, off_off = Round32(src_elems * sizeof(T) + base + 64);
    const size_t dst_off = off_off + Round32(n * 4 + 32);
    std::vector<uint32_t> off(n);
    for (auto& o : off) {
      // Elements reachable from base: [base / size, src_elems).
      const size_t first = base / sizeof(T);
      o = static_cast<uint32_t>((first + rng.Below(src_elems - std::min(first, src_elems - 1))) * sizeof(T) - base);
      if (rng.Below(8) == 0) o = static_cast<uint32_t>((src_elems - 1) * sizeof(T) - base);  // the last element
    }
    std::vector<uint8_t> image(dst_off + Round32(n * sizeof(T) + 64), kSentinel);
    Put(image, src_off, src.data(), src_elems);
    Put(image, off_off, off.data(), n);
    std::vector<uint8_t> want = image;
    // src is a tensor ending exactly where the source data ends: later bytes
    // belong to another buffer. Gather is bounded by src's buffer (the TBuf)
    // though, so use the whole image and rely on the offsets being in range.
    RunOnUb(image, [&](Buf& buf) {
      AscendC::Gather(buf.GetWithOffset<T>(static_cast<uint32_t>(n + 1), static_cast<uint32_t>(dst_off)),
                      buf.GetWithOffset<T>(static_cast<uint32_t>(src_elems), src_off),
                      buf.GetWithOffset<uint32_t>(static_cast<uint32_t>(n + 1), static_cast<uint32_t>(off_off)), base,
                      static_cast<uint32_t>(n));
    });
    for (size_t i = 0; i < n; ++i) {
      std::memcpy(want.data() + dst_off + i * sizeof(T), want.data() + src_off + base + off[i], sizeof(T));
    }
    const std::string diff = FirstByteDiff(image, want, 0, 0);
    EXPECT_TRUE(diff.empty()) << "Gather<" << aicore::detail::TypeName<T>() << "> count " << n << ", base "
                              << base << ": " << diff;
    if (::testing::Test::HasFailure()) return;
  }
}

TEST(OpsGather, CountForm) {
  CheckGatherCount<half>(1001);
  CheckGatherCount<float>(1002);
  CheckGatherCount<int16_t>(1003);
  CheckGatherCount<uint32_t>(1004);
}

template <class T>
void CheckGatherRepeat(uint64_t seed) {
  Rng rng(seed);
  constexpr uint32_t L = ref::kLanes<T>;
  for (MaskCase mc : MaskCases(rng, L)) {
    const bool counter = IsCounter(mc.mode);
    for (uint32_t repeat : {0u, 1u, 2u, 7u, 255u}) {
      if (counter && repeat != 1) continue;
      mc.repeat = static_cast<int32_t>(repeat);
      for (uint32_t dst_rep : {8u, 0u, 9u, 16u}) {
        if (repeat == 255 && (dst_rep > 8 || (sizeof(T) == 2 && dst_rep != 0))) continue;  // fit the UB image
        const ref::RepeatPlan m = PlanFor(mc, L);
        const size_t src_elems = 512;
        const std::vector<T> src = RandomBitsVec<T>(rng, src_elems);
        const size_t noff = size_t{std::max<uint32_t>(m.repeats, 1)} * L;
        std::vector<uint32_t> off(noff);
        for (auto& o : off) o = static_cast<uint32_t>(rng.Below(src_elems) * sizeof(T));
        // Inactive lanes' offsets may be garbage: make some far out of range.
        for (uint32_t r = 0; r < m.repeats; ++r) {
          for (uint32_t l = 0; l < L; ++l) {
            if (!m.Active(r, l) && rng.Below(2)) off[size_t{r} * L + l] = 0xFFFFFFF1u;
          }
        }
        const size_t dspan = ref::LaneSpan(m, ref::Operand{0, 1, dst_rep}, 8 * sizeof(T)) / sizeof(T);
        const size_t src_off = 0, off_off = Round32(src_elems * sizeof(T) + 32), dst_off = off_off + Round32(noff * 4 + 32);
        std::vector<uint8_t> image(dst_off + Round32(dspan * sizeof(T) + 256), kSentinel);
        ASSERT_LE(image.size(), kUbBytes);
        Put(image, src_off, src.data(), src_elems);
        Put(image, off_off, off.data(), noff);
        const std::vector<T> old = RandomBitsVec<T>(rng, dspan + 32);
        Put(image, dst_off, old.data(), old.size());
        std::vector<uint8_t> want = image;
        RunOnUb(image, [&](Buf& buf) {
          const auto dst = buf.GetWithOffset<T>(static_cast<uint32_t>(dspan + 1), static_cast<uint32_t>(dst_off));
          const auto s = buf.GetWithOffset<T>(static_cast<uint32_t>(src_elems), src_off);
          const auto o = buf.GetWithOffset<uint32_t>(static_cast<uint32_t>(noff), static_cast<uint32_t>(off_off));
          WithMask<T>(mc, [&](auto set, auto mask) {
            constexpr bool S = decltype(set)::value;
            if constexpr (std::is_same_v<decltype(mask), int32_t>) {
              AscendC::Gather<T, S>(dst, s, o, 0, static_cast<uint64_t>(mask), static_cast<uint8_t>(repeat),
                                    static_cast<uint16_t>(dst_rep));
            } else {
              AscendC::Gather<T, S>(dst, s, o, 0, mask, static_cast<uint8_t>(repeat), static_cast<uint16_t>(dst_rep));
            }
          });
        });
        for (uint32_t r = 0; r < m.repeats; ++r) {
          for (uint32_t l = 0; l < L; ++l) {
            if (!m.Active(r, l)) continue;
            std::memcpy(want.data() + dst_off + ref::LaneElem<T>(r, l, 1, dst_rep) * sizeof(T),
                        want.data() + src_off + off[size_t{r} * L + l], sizeof(T));
          }
        }
        const std::string diff = FirstByteDiff(image, want, 0, 0);
        EXPECT_TRUE(diff.empty()) << "Gather<" << aicore::detail::TypeName<T>() << "> repeat form, " << Describe(mc)
                                  << ", dstRepStride " << dst_rep << ": " << diff;
        if (::testing::Test::HasFailure()) return;
      }
    }
  }
}

TEST(OpsGather, RepeatForm) {
  CheckGatherRepeat<half>(1011);
  CheckGatherRepeat<float>(1012);
}

// ---- GatherMask ------------------------------------------------------------------

template <class T>
void CheckGatherMask(uint64_t seed) {
  using U = std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>;
  Rng rng(seed);
  constexpr uint32_t L = ref::kLanes<T>, E = ref::kE<T>;
  struct G {
    uint8_t blk;
    uint16_t rep;
    uint8_t prep;
  };
  const G geoms[] = {{1, 8, 1}, {1, 8, 0}, {2, 16, 2}, {0, 1, 1}, {1, 5, 3}};
  for (int pattern = 0; pattern <= 7; ++pattern) {  // 0: a pattern tensor
    for (bool reduce : {false, true}) {
      for (uint32_t repeat : {0u, 1u, 2u, 7u, 255u}) {
        for (const G& g : geoms) {
          if (repeat == 255 && (g.rep > 8 || g.prep > 1 || g.blk > 1)) continue;
          // reduceMode: mask elements per repeat, also past a repeat's
          // lanes (the counter mode's blocks continue at the block stride).
          const uint32_t mask_max = repeat == 255 ? L : 3 * L;
          const uint32_t mask =
              reduce ? static_cast<uint32_t>(1 + rng.Below(mask_max)) : static_cast<uint32_t>(rng.Below(3));
          const uint32_t used = reduce ? mask : L;
          const size_t blocks = (used + E - 1) / E;
          const size_t src_elems =
              (size_t{std::max<uint32_t>(repeat, 1)} - 1) * g.rep * E + (std::max<size_t>(blocks, 8) - 1) * g.blk * E + E + 64;
          const std::vector<T> src = RandomBitsVec<T>(rng, src_elems);
          const size_t pat_bytes = (size_t{std::max<uint32_t>(repeat, 1)} - 1) * g.prep * 32 + Round32((used + 7) / 8);
          std::vector<uint8_t> pat(pat_bytes);
          for (auto& b : pat) b = static_cast<uint8_t>(rng.Next() & rng.Next());
          const size_t src_off = 32, pat_off = Round32(src_off + src_elems * sizeof(T));
          const size_t dst_off = pat_off + Round32(pat_bytes + 32);
          // Expected output.
          std::vector<T> out;
          for (uint32_t r = 0; r < repeat; ++r) {
            for (uint32_t l = 0; l < used; ++l) {
              const bool keep = pattern == 0 ? ref::GetBit(pat.data() + size_t{r} * g.prep * 32, l)
                                             : ref::BuiltinKeeps(static_cast<uint32_t>(pattern), l);
              if (keep) out.push_back(src[ref::LaneElem<T>(r, l, g.blk, g.rep)]);
            }
          }
          std::vector<uint8_t> image(dst_off + Round32(size_t{std::max<uint32_t>(repeat, 1)} * used * sizeof(T) + 64),
                                     kSentinel);
          ASSERT_LE(image.size(), kUbBytes);
          Put(image, src_off, src.data(), src_elems);
          Put(image, pat_off, pat.data(), pat_bytes);
          std::vector<uint8_t> want = image;
          Put(want, dst_off, out.data(), out.size());
          uint64_t cnt = 12345;
          RunOnUb(image, [&](Buf& buf) {
            const auto dst = buf.GetWithOffset<T>(static_cast<uint32_t>(out.size() + 1), static_cast<uint32_t>(dst_off));
            const auto s = buf.GetWithOffset<T>(static_cast<uint32_t>(src_elems), static_cast<uint32_t>(src_off));
            const AscendC::GatherMaskParams p(g.blk, static_cast<uint16_t>(repeat), g.rep, g.prep);
            if (pattern == 0) {
              const auto pt = buf.GetWithOffset<U>(static_cast<uint32_t>(pat_bytes / sizeof(U)), static_cast<uint32_t>(pat_off));
              AscendC::GatherMask(dst, s, pt, reduce, mask, p, cnt);
            } else {
              AscendC::GatherMask(dst, s, static_cast<uint8_t>(pattern), reduce, mask, p, cnt);
            }
          });
          const std::string where = std::string("GatherMask<") + aicore::detail::TypeName<T>() + "> pattern " +
                                    std::to_string(pattern) + (reduce ? ", reduceMode mask " + std::to_string(mask) : "") +
                                    ", repeatTimes " + std::to_string(repeat) + ", strides " + std::to_string(g.blk) +
                                    "/" + std::to_string(g.rep) + "/" + std::to_string(g.prep);
          EXPECT_EQ(cnt, out.size()) << where;
          const std::string diff = FirstByteDiff(image, want, 0, 0);
          EXPECT_TRUE(diff.empty()) << where << ": " << diff;
          if (::testing::Test::HasFailure()) return;
        }
      }
    }
  }
}

TEST(OpsGatherMask, Patterns) {
  CheckGatherMask<half>(1021);
  CheckGatherMask<float>(1022);
  CheckGatherMask<uint16_t>(1023);
  CheckGatherMask<int32_t>(1024);
}

// The vendor's gather sample (scenario 2): uint32_t, counter mode, mask 70
// (more than a repeat's 64 lanes), 2 repeats 4 blocks apart, one pattern of
// 70 bits: repeat r keeps the pattern's elements of src[32 r, 32 r + 70).
TEST(OpsGatherMask, CounterModePastARepeat) {
  std::vector<uint32_t> x(256), pat(32);
  for (uint32_t i = 0; i < 256; ++i) x[i] = 1000 + i;
  for (uint32_t i = 0; i < 32; ++i) pat[i] = 0x99999999u ^ (i * 0x01010101u);
  std::vector<uint8_t> image(4096, 0);
  Put(image, 0, x.data(), 256);
  Put(image, 1024, pat.data(), 32);
  std::vector<uint32_t> want;
  for (uint32_t r = 0; r < 2; ++r) {
    for (uint32_t i = 0; i < 70; ++i) {
      if ((pat[i / 32] >> (i % 32)) & 1) want.push_back(x[32 * r + i]);
    }
  }
  uint64_t cnt = 0;
  RunOnUb(image, [&](Buf& buf) {
    AscendC::GatherMask(buf.GetWithOffset<uint32_t>(256, 2048), buf.GetWithOffset<uint32_t>(256, 0),
                        buf.GetWithOffset<uint32_t>(32, 1024), true, 70, AscendC::GatherMaskParams(1, 2, 4, 0), cnt);
  });
  ASSERT_EQ(cnt, want.size());
  for (size_t i = 0; i < want.size(); ++i) EXPECT_EQ(Get<uint32_t>(image, 2048, i), want[i]) << i;
}

// In place (dst = src0), the common "compact even elements" use.
TEST(OpsGatherMask, InPlace) {
  std::vector<float> x(256);
  for (int i = 0; i < 256; ++i) x[i] = static_cast<float>(i);
  std::vector<uint8_t> image(2048, 0);
  Put(image, 0, x.data(), 256);
  uint64_t cnt = 0;
  RunOnUb(image, [&](Buf& buf) {
    const auto t = buf.GetWithOffset<float>(256, 0);
    AscendC::GatherMask(t, t, static_cast<uint8_t>(1), false, 0, AscendC::GatherMaskParams(1, 4, 8, 0), cnt);
  });
  EXPECT_EQ(cnt, 128u);
  for (int i = 0; i < 128; ++i) EXPECT_EQ(Get<float>(image, 0, i), 2.0f * i) << i;
  for (int i = 128; i < 256; ++i) EXPECT_EQ(Get<float>(image, 0, i), static_cast<float>(i)) << i;
}

// ---- Transpose -------------------------------------------------------------------

template <class T>
void CheckTranspose(uint64_t seed) {
  Rng rng(seed);
  for (bool in_place : {false, true}) {
    const std::vector<T> x = RandomBitsVec<T>(rng, 256);
    std::vector<uint8_t> image(2048, kSentinel);
    Put(image, 64, x.data(), 256);
    std::vector<uint8_t> want = image;
    const size_t dst_off = in_place ? 64 : 1024;
    for (int i = 0; i < 16; ++i) {
      for (int j = 0; j < 16; ++j) std::memcpy(want.data() + dst_off + (j * 16 + i) * sizeof(T), &x[i * 16 + j], sizeof(T));
    }
    RunOnUb(image, [&](Buf& buf) {
      AscendC::Transpose(buf.GetWithOffset<T>(256, static_cast<uint32_t>(dst_off)), buf.GetWithOffset<T>(256, 64));
    });
    const std::string diff = FirstByteDiff(image, want, 0, 0);
    EXPECT_TRUE(diff.empty()) << "Transpose<" << aicore::detail::TypeName<T>() << ">" << (in_place ? " in place" : "")
                              << ": " << diff;
  }
}

TEST(OpsTranspose, Random) {
  CheckTranspose<half>(1031);
  CheckTranspose<uint16_t>(1032);
  CheckTranspose<int16_t>(1033);
  CheckTranspose<bfloat16_t>(1034);
}

// ---- diagnostics -----------------------------------------------------------------

TEST(OpsGather, Diagnostics) {
  aicore::ErrorKind kind{};
  // An offset past src's buffer names the index and the offset; src is a
  // static tensor of 64 floats at the end of UB.
  auto gather = [](uint32_t bad_index, uint32_t bad_offset, uint32_t base) {
    return [=](Buf& b) {
      const LocalTensor<float> src(AscendC::TPosition::VECCALC, AscendC::TOTAL_UB_SIZE - 256, 64);
      auto off = b.GetWithOffset<uint32_t>(64, 0);
      for (uint32_t i = 0; i < 64; ++i) off.SetValue(i, (i * 4) % 240);
      if (bad_index < 64) off.SetValue(bad_index, bad_offset);
      AscendC::Gather(b.GetWithOffset<float>(64, 1024), src, off, base, 64);
    };
  };
  EXPECT_EQ(ErrorOf(gather(99, 0, 0)), "");
  EXPECT_EQ(ErrorOf(gather(17, 252, 0)), "");  // the last element
  std::string e = ErrorOf(gather(17, 256, 0), &kind);
  EXPECT_NE(e.find("offset 17 is 256 bytes"), std::string::npos) << e;
  EXPECT_NE(e.find("256 bytes from src's start"), std::string::npos) << e;
  EXPECT_EQ(kind, aicore::ErrorKind::kBounds);
  e = ErrorOf(gather(40, 0xFFFFFFF0u, 0));
  EXPECT_NE(e.find("offset 40 is 4294967280 bytes"), std::string::npos) << e;
  e = ErrorOf(gather(99, 0, 32));  // base 32 + offset 228 = 260 > 256
  EXPECT_NE(e.find("srcBaseAddr 32"), std::string::npos) << e;
  e = ErrorOf(gather(5, 6, 0), &kind);  // not a multiple of 4
  EXPECT_NE(e.find("offset 5 is 6 bytes"), std::string::npos) << e;
  EXPECT_EQ(kind, aicore::ErrorKind::kAlignment);
  // Repeat form: an out-of-range offset in a masked-off lane is fine.
  EXPECT_EQ(ErrorOf([](Buf& b) {
              auto off = b.GetWithOffset<uint32_t>(64, 0);
              for (uint32_t i = 0; i < 64; ++i) off.SetValue(i, i < 32 ? i * 4 : 0xFFFFFF00u);
              AscendC::Gather(b.GetWithOffset<float>(64, 1024), b.GetWithOffset<float>(64, 2048), off, 0,
                              static_cast<uint64_t>(32), 1, 8);
            }), "");
  EXPECT_NE(ErrorOf([](Buf& b) {
              auto off = b.GetWithOffset<uint32_t>(64, 0);
              for (uint32_t i = 0; i < 64; ++i) off.SetValue(i, i < 32 ? i * 4 : 0xFFFFFF00u);
              AscendC::Gather(b.GetWithOffset<float>(64, 1024), b.GetWithOffset<float>(64, 2048), off, 0,
                              static_cast<uint64_t>(33), 1, 8);
            }).find("offset 32 is 4294967040 bytes"), std::string::npos);
}

TEST(OpsGatherMask, Diagnostics) {
  aicore::ErrorKind kind{};
  const AscendC::GatherMaskParams p(1, 2, 8, 0);
  uint64_t cnt = 0;
  EXPECT_NE(ErrorOf([&](Buf& b) {
              const auto t = b.GetWithOffset<float>(128, 0);
              AscendC::GatherMask(t, t, static_cast<uint8_t>(8), false, 0, p, cnt);
            }, &kind).find("src1Pattern 8 is not a built-in pattern"), std::string::npos);
  EXPECT_EQ(kind, aicore::ErrorKind::kParameter);
  EXPECT_NE(ErrorOf([&](Buf& b) {
              const auto t = b.GetWithOffset<float>(128, 0);
              AscendC::GatherMask(t, t, static_cast<uint8_t>(0), false, 0, p, cnt);
            }).find("src1Pattern 0"), std::string::npos);
  EXPECT_EQ(ErrorOf([&](Buf& b) {
              const auto t = b.GetWithOffset<float>(128, 0);
              AscendC::GatherMask(t, t, static_cast<uint8_t>(7), false, 0, p, cnt);
            }), "");
  // reduceMode: mask is the elements per repeat, at least 1 (past a
  // repeat's 64 lanes too: src0 must hold them).
  EXPECT_NE(ErrorOf([&](Buf& b) {
              const auto t = b.GetWithOffset<float>(128, 0);
              AscendC::GatherMask(t, t, static_cast<uint8_t>(1), true, 0, p, cnt);
            }).find("mask 0 (reduceMode true: the elements per repeat) is outside [1, 2^32 - 1]"), std::string::npos);
  EXPECT_EQ(ErrorOf([&](Buf& b) {
              const auto t = b.GetWithOffset<float>(128, 0);
              AscendC::GatherMask(t, t, static_cast<uint8_t>(1), true, 64, p, cnt);
            }), "");
  EXPECT_EQ(ErrorOf([&](Buf& b) {
              const auto t = b.GetWithOffset<float>(128, 0);
              AscendC::GatherMask(t, t, static_cast<uint8_t>(1), true, 65, p, cnt);  // rows 0 and 1 overlap
            }), "");
  EXPECT_NE(ErrorOf([&](Buf& b) {  // src0 the last 256 bytes of UB: 2 repeats of 129 overrun it
              const LocalTensor<float> s(AscendC::TPosition::VECCALC, AscendC::TOTAL_UB_SIZE - 256, 64);
              AscendC::GatherMask(b.GetWithOffset<float>(512, 0), s, static_cast<uint8_t>(7), true, 129, p, cnt);
            }, &kind).find("src0"), std::string::npos);
  EXPECT_EQ(kind, aicore::ErrorKind::kBounds);
  // dst too small for the gathered elements (static tensor at the end of UB).
  EXPECT_NE(ErrorOf([&](Buf& b) {
              const LocalTensor<float> d(AscendC::TPosition::VECCALC, AscendC::TOTAL_UB_SIZE - 256, 64);
              AscendC::GatherMask(d, b.GetWithOffset<float>(256, 0), static_cast<uint8_t>(7), false, 0,
                                  AscendC::GatherMaskParams(1, 2, 8, 0), cnt);
            }, &kind).find("dst operand of 128 float"), std::string::npos);
  EXPECT_EQ(kind, aicore::ErrorKind::kBounds);
  EXPECT_EQ(ErrorOf([&](Buf& b) {
              const LocalTensor<float> d(AscendC::TPosition::VECCALC, AscendC::TOTAL_UB_SIZE - 256, 64);
              AscendC::GatherMask(d, b.GetWithOffset<float>(256, 0), static_cast<uint8_t>(1), false, 0,
                                  AscendC::GatherMaskParams(1, 2, 8, 0), cnt);
            }), "");
  // Pattern tensor footprint and alignment.
  EXPECT_NE(ErrorOf([&](Buf& b) {
              const LocalTensor<uint32_t> pt(AscendC::TPosition::VECCALC, AscendC::TOTAL_UB_SIZE - 32, 8);
              const auto t = b.GetWithOffset<float>(512, 0);
              AscendC::GatherMask(t, t, pt, false, 0, AscendC::GatherMaskParams(1, 2, 8, 1), cnt);
            }).find("src1Pattern operand"), std::string::npos);
  EXPECT_NE(ErrorOf([&](Buf& b) {
              const auto t = b.GetWithOffset<float>(512, 0);
              AscendC::GatherMask(t, t[4], static_cast<uint8_t>(1), false, 0, p, cnt);
            }, &kind).find("not 32-byte aligned"), std::string::npos);
  EXPECT_EQ(kind, aicore::ErrorKind::kAlignment);
}

TEST(OpsTranspose, Diagnostics) {
  EXPECT_NE(ErrorOf([](Buf& b) { AscendC::Transpose(b.GetWithOffset<half>(256, 16), b.GetWithOffset<half>(256, 1024)); })
                .find("not 32-byte aligned"),
            std::string::npos);
  EXPECT_NE(ErrorOf([](Buf& b) {
              const LocalTensor<half> s(AscendC::TPosition::VECCALC, AscendC::TOTAL_UB_SIZE - 256, 128);
              AscendC::Transpose(b.GetWithOffset<half>(256, 0), s);
            }).find("src operand"),
            std::string::npos);
  EXPECT_EQ(ErrorOf([](Buf& b) { AscendC::Transpose(b.GetWithOffset<half>(256, 0), b.GetWithOffset<half>(256, 1024)); }),
            "");
}

}  // namespace
}  // namespace aicore_test
