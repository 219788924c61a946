// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Randomized tests of Compare / CompareScalar / Select / GetCmpMask /
// SetCmpMask against the reference model (tests/support/ref_compare.h,
// repeat_model.h):
//   * count forms: every CMPMODE, half/float/int32, destinations of
//     uint8/uint16/uint32/uint64, inputs full of ties, +-0, NaN and inf;
//     Select in its three modes over counts around the SIMD width, for
//     every 2- and 4-byte type (bit-exact copies, NaN payloads included);
//   * repeat forms: the mask cases of tests/support/repeat_cases.h x strides x
//     repeatTimes 0, 1, 2, 7, 255. Compare with a dst ignores the mask, the
//     counter mode included (every lane of repeatTime repeats); Select
//     leaves masked-off lanes alone and follows the block-order write model
//     with overlapping blocks;
//   * the CMPMASK register: Compare without dst, GetCmpMask, SetCmpMask,
//     the register forms of Select, zero at block start;
//   * diagnostics, each with a clean counterpart.
// Every byte of the UB image is compared with the reference's.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "support/ref_compare.h"
#include "support/ref_element.h"
#include "support/repeat_cases.h"
#include "support/repeat_model.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {
namespace {

using AscendC::CMPMODE;
using AscendC::LocalTensor;
using AscendC::SELMODE;
using Buf = AscendC::TBuf<AscendC::TPosition::VECCALC>;

const CMPMODE kModes[] = {CMPMODE::LT, CMPMODE::GT, CMPMODE::EQ, CMPMODE::LE, CMPMODE::GE, CMPMODE::NE};

// Values for comparisons: a small pool so that ties are common, plus
// random values and specials.
template <class T>
T CmpValue(Rng& r) {
  const uint64_t k = r.Below(4);
  if (k == 0) return RandomValue<T>(r);
  if constexpr (ref::kIsFloating<T>) {
    static const T pool[] = {T(0), -T(0), T(1), T(-1), T(2.5f), std::numeric_limits<T>::infinity(),
                             -std::numeric_limits<T>::infinity(), std::numeric_limits<T>::quiet_NaN()};
    return pool[r.Below(sizeof(pool) / sizeof(pool[0]))];
  } else {
    return static_cast<T>(static_cast<int64_t>(r.Below(5)) - 2);
  }
}

template <class T>
std::vector<T> CmpValues(Rng& r, size_t n) {
  std::vector<T> v(n);
  for (auto& x : v) x = CmpValue<T>(r);
  return v;
}

// ---- count forms ---------------------------------------------------------------

// form: 0 Compare, 1 CompareScalar, 2 Compares (its current name).
template <class T, class U>
void CheckCompareCount(uint64_t seed, int form) {
  const bool scalar = form != 0;
  Rng rng(seed);
  constexpr uint32_t L = ref::kLanes<T>;
  const uint32_t step = scalar ? 32 / sizeof(T) : L;
  for (uint32_t count : {0u, step, 2 * step, 3 * step, 5 * step, 64 * step}) {
    for (CMPMODE mode : kModes) {
      const std::vector<T> a = CmpValues<T>(rng, count), b = CmpValues<T>(rng, count);
      const T s = CmpValue<T>(rng);
      const size_t bytes = Round32(count * sizeof(T) + 32);
      const size_t a_off = 0, b_off = bytes, d_off = 2 * bytes + 32 * rng.Below(2);
      std::vector<uint8_t> image(d_off + count / 8 + 96, kSentinel);
      Put(image, a_off, a.data(), count);
      Put(image, b_off, b.data(), count);
      std::vector<uint8_t> want = image;
      RunOnUb(image, [&](Buf& buf) {
        const auto dst = buf.GetWithOffset<U>(count / 8 / sizeof(U) + 1, static_cast<uint32_t>(d_off));
        const auto x = buf.GetWithOffset<T>(count + 1, a_off);
        const auto y = buf.GetWithOffset<T>(count + 1, static_cast<uint32_t>(b_off));
        if (form == 2) {
          AscendC::Compares(dst, x, s, mode, count);
        } else if (scalar) {
          AscendC::CompareScalar(dst, x, s, mode, count);
        } else {
          AscendC::Compare(dst, x, y, mode, count);
        }
      });
      for (uint32_t i = 0; i < count; ++i) {
        ref::SetBit(want.data() + d_off, i, ref::CompareOne(a[i], scalar ? s : b[i], mode));
      }
      const std::string diff = FirstByteDiff(image, want, 0, 0);
      EXPECT_TRUE(diff.empty()) << (form == 2 ? "Compares<" : scalar ? "CompareScalar<" : "Compare<") << aicore::detail::TypeName<T>()
                                << ", " << aicore::detail::TypeName<U>() << "> mode " << static_cast<int>(mode)
                                << ", count " << count << ": " << diff;
      if (::testing::Test::HasFailure()) return;
    }
  }
}

TEST(OpsCompare, CountForm) {
  CheckCompareCount<float, uint8_t>(901, false);
  CheckCompareCount<half, uint8_t>(902, false);
  CheckCompareCount<int32_t, uint8_t>(903, false);
  CheckCompareCount<half, uint16_t>(904, false);
  CheckCompareCount<float, uint32_t>(905, false);
  CheckCompareCount<float, uint64_t>(906, false);
}
TEST(OpsCompare, ScalarCountForm) {
  CheckCompareCount<float, uint8_t>(911, 1);
  CheckCompareCount<half, uint8_t>(912, 1);
  CheckCompareCount<int32_t, uint8_t>(913, 1);
  CheckCompareCount<half, uint16_t>(914, 1);
  CheckCompareCount<float, uint8_t>(915, 2);  // Compares
  CheckCompareCount<half, uint16_t>(916, 2);
}

// IEEE semantics spelled out.
TEST(OpsCompare, NaNAndSignedZero) {
  std::vector<float> a(64, 0.0f), b(64, -0.0f);
  a[1] = NAN;
  b[2] = NAN;
  a[3] = 1.0f;
  std::vector<uint8_t> image(2048, 0);
  Put(image, 0, a.data(), 64);
  Put(image, 256, b.data(), 64);
  RunOnUb(image, [&](Buf& buf) {
    const auto x = buf.GetWithOffset<float>(64, 0), y = buf.GetWithOffset<float>(64, 256);
    for (int m = 0; m < 6; ++m) {
      AscendC::Compare(buf.GetWithOffset<uint8_t>(8, 512 + 32 * m), x, y, kModes[m], 64);
    }
  });
  auto bits = [&](int m) { return Get<uint8_t>(image, 512 + 32 * m, 0) & 0x0F; };  // lanes 0..3
  // lane 0: 0 vs -0 (equal); 1: NaN vs -0; 2: 0 vs NaN; 3: 1 vs -0.
  EXPECT_EQ(bits(0), 0x0);  // LT
  EXPECT_EQ(bits(1), 0x8);  // GT: lane 3
  EXPECT_EQ(bits(2), 0x1);  // EQ: lane 0
  EXPECT_EQ(bits(3), 0x1);  // LE
  EXPECT_EQ(bits(4), 0x9);  // GE
  EXPECT_EQ(bits(5), 0xE);  // NE: NaN lanes and lane 3
}

// Select, count form, every mode, every 2- and 4-byte type.
template <class T>
void CheckSelectCount(uint64_t seed) {
  Rng rng(seed);
  constexpr uint32_t L = ref::kLanes<T>;
  for (size_t n : Sizes<T>()) {
    for (SELMODE mode : {SELMODE::VSEL_CMPMASK_SPR, SELMODE::VSEL_TENSOR_TENSOR_MODE, SELMODE::VSEL_TENSOR_SCALAR_MODE}) {
      std::vector<T> a(n), b(n);
      for (auto& v : a) v = RandomValue<T>(rng);
      for (auto& v : b) v = RandomValue<T>(rng);
      const T s = RandomValue<T>(rng);
      const size_t bytes = Round32(n * sizeof(T) + 32);
      const size_t sel_bytes = Round32(n / 8 + 64);
      std::vector<uint8_t> sel(sel_bytes);
      for (auto& x : sel) x = static_cast<uint8_t>(rng.Next());
      const size_t a_off = 0, b_off = bytes, m_off = 2 * bytes, d_off = m_off + sel_bytes;
      const bool in_place = rng.Below(3) == 0;  // dst = src0
      const size_t dst_off = in_place ? a_off : d_off;
      std::vector<uint8_t> image(d_off + bytes + 64, kSentinel);
      Put(image, a_off, a.data(), n);
      Put(image, b_off, b.data(), n);
      Put(image, m_off, sel.data(), sel_bytes);
      std::vector<uint8_t> want = image;
      RunOnUb(image, [&](Buf& buf) {
        const auto dst = buf.GetWithOffset<T>(static_cast<uint32_t>(n + 1), static_cast<uint32_t>(dst_off));
        const auto x = buf.GetWithOffset<T>(static_cast<uint32_t>(n + 1), a_off);
        const auto y = buf.GetWithOffset<T>(static_cast<uint32_t>(n + 1), static_cast<uint32_t>(b_off));
        const auto m = buf.GetWithOffset<uint8_t>(static_cast<uint32_t>(sel_bytes), static_cast<uint32_t>(m_off));
        if (mode == SELMODE::VSEL_TENSOR_SCALAR_MODE) {
          AscendC::Select(dst, m, x, s, mode, static_cast<uint32_t>(n));
        } else {
          AscendC::Select(dst, m, x, y, mode, static_cast<uint32_t>(n));
        }
      });
      for (size_t i = 0; i < n; ++i) {
        const size_t bit = mode == SELMODE::VSEL_CMPMASK_SPR ? i % L : i;
        const T v = ref::GetBit(sel.data(), bit) ? a[i] : (mode == SELMODE::VSEL_TENSOR_SCALAR_MODE ? s : b[i]);
        std::memcpy(want.data() + dst_off + i * sizeof(T), &v, sizeof(T));
      }
      const std::string diff = FirstByteDiff(image, want, 0, 0);
      EXPECT_TRUE(diff.empty()) << "Select<" << aicore::detail::TypeName<T>() << "> mode " << static_cast<int>(mode)
                                << ", count " << n << (in_place ? ", in place" : "") << ": " << diff;
      if (::testing::Test::HasFailure()) return;
    }
  }
}

TEST(OpsSelect, CountForm) {
  CheckSelectCount<half>(921);
  CheckSelectCount<float>(922);
  CheckSelectCount<bfloat16_t>(923);
  CheckSelectCount<int16_t>(924);
  CheckSelectCount<uint16_t>(925);
  CheckSelectCount<int32_t>(926);
  CheckSelectCount<uint32_t>(927);
}

// VSEL_TENSOR_SCALAR_MODE with a tensor src1: its first element is the scalar.
TEST(OpsSelect, ScalarModeWithTensor) {
  std::vector<float> a(64), b(64);
  for (int i = 0; i < 64; ++i) {
    a[i] = static_cast<float>(i);
    b[i] = 100.0f + i;
  }
  std::vector<uint8_t> image(4096, 0);
  Put(image, 0, a.data(), 64);
  Put(image, 256, b.data(), 64);
  const uint64_t bits = 0x00000000FFFF0F0Full;
  std::memcpy(image.data() + 512, &bits, 8);
  RunOnUb(image, [&](Buf& buf) {
    AscendC::Select(buf.GetWithOffset<float>(64, 1024), buf.GetWithOffset<uint8_t>(32, 512),
                    buf.GetWithOffset<float>(64, 0), buf.GetWithOffset<float>(64, 256),
                    SELMODE::VSEL_TENSOR_SCALAR_MODE, 64);
  });
  for (int i = 0; i < 64; ++i) {
    EXPECT_EQ(Get<float>(image, 1024, i), ((bits >> i) & 1) ? a[i] : 100.0f) << i;
  }
}

// Compare then Select, as kernels write it.
TEST(OpsSelect, CompareThenSelect) {
  constexpr uint32_t n = 512;
  std::vector<float> a(n), b(n);
  Rng rng(931);
  for (uint32_t i = 0; i < n; ++i) {
    a[i] = static_cast<float>(rng.Uniform(-10, 10));
    b[i] = static_cast<float>(rng.Uniform(-10, 10));
  }
  std::vector<uint8_t> image(8192, 0);
  Put(image, 0, a.data(), n);
  Put(image, 2048, b.data(), n);
  RunOnUb(image, [&](Buf& buf) {
    const auto x = buf.GetWithOffset<float>(n, 0), y = buf.GetWithOffset<float>(n, 2048);
    const auto m = buf.GetWithOffset<uint8_t>(n / 8, 4096);
    const auto z = buf.GetWithOffset<float>(n, 4096 + 256);
    AscendC::Compare(m, x, y, CMPMODE::GT, n);
    AscendC::Select(z, m, x, y, SELMODE::VSEL_TENSOR_TENSOR_MODE, n);  // max(x, y)
  });
  for (uint32_t i = 0; i < n; ++i) EXPECT_EQ(Get<float>(image, 4096 + 256, i), std::max(a[i], b[i])) << i;
}

// ---- repeat forms ---------------------------------------------------------------

struct Geom3 {
  uint8_t dblk, drep, blk0, rep0, blk1, rep1;
};
const Geom3 kGeoms[] = {{1, 8, 1, 8, 1, 8}, {2, 16, 1, 8, 3, 24}, {1, 8, 0, 1, 1, 0},
                        {0, 1, 2, 9, 1, 4}, {1, 4, 1, 8, 1, 8},   {1, 9, 2, 17, 1, 8}};

// Element span (in T) of an operand: end of the furthest block holding an
// active lane.
template <class T>
size_t SpanElems(const ref::RepeatPlan& m, uint32_t blk, uint32_t rep) {
  return ref::BlockSpan(m, ref::Operand{0, blk, rep}, 8 * sizeof(T)) / sizeof(T);
}

template <class T>
void CheckCompareRepeat(uint64_t seed, int form) {
  const bool scalar = form != 0;
  Rng rng(seed);
  constexpr uint32_t L = ref::kLanes<T>;
  for (MaskCase mc : MaskCases(rng, L)) {
    for (uint32_t repeat : {0u, 1u, 2u, 7u, 255u}) {
      mc.repeat = static_cast<int32_t>(repeat);
      for (const Geom3& g : kGeoms) {
        if (repeat == 255 && (g.rep0 > 8 || g.rep1 > 8 || g.blk0 > 1 || g.blk1 > 1)) continue;
        const CMPMODE mode = kModes[rng.Below(6)];
        // The mask is reserved on these parts: every lane of `repeat`
        // repeats is compared, in counter mode too.
        const ref::RepeatPlan m = ref::BitsPlan(L, repeat, ~uint64_t{0}, ~uint64_t{0});
        const size_t n0 = SpanElems<T>(m, g.blk0, g.rep0) + 32, n1 = SpanElems<T>(m, g.blk1, g.rep1) + 32;
        const std::vector<T> a = CmpValues<T>(rng, n0), b = CmpValues<T>(rng, n1);
        const T s = CmpValue<T>(rng);
        const size_t a_off = 32, b_off = Round32(a_off + n0 * sizeof(T)), d_off = Round32(b_off + n1 * sizeof(T));
        const size_t out_bytes = size_t{m.repeats} * L / 8;
        std::vector<uint8_t> image(d_off + out_bytes + 64, kSentinel);
        ASSERT_LE(image.size(), kUbBytes);
        Put(image, a_off, a.data(), n0);
        Put(image, b_off, b.data(), n1);
        std::vector<uint8_t> want = image;
        RunOnUb(image, [&](Buf& buf) {
          const auto dst = buf.GetWithOffset<uint8_t>(static_cast<uint32_t>(out_bytes + 1), static_cast<uint32_t>(d_off));
          const auto x = buf.GetWithOffset<T>(static_cast<uint32_t>(n0), a_off);
          const auto y = buf.GetWithOffset<T>(static_cast<uint32_t>(n1), static_cast<uint32_t>(b_off));
          WithMask<T>(mc, [&](auto set, auto mask) {
            constexpr bool S = decltype(set)::value;
            if (scalar) {
              const AscendC::UnaryRepeatParams p(g.dblk, g.blk0, g.drep, g.rep0);
              if (form == 2) {
                AscendC::Compares<T, uint8_t, S>(dst, x, s, mode, mask, static_cast<uint8_t>(repeat), p);
              } else {
                AscendC::CompareScalar<T, uint8_t, S>(dst, x, s, mode, mask, static_cast<uint8_t>(repeat), p);
              }
            } else {
              // The dst strides are not used: random values.
              const AscendC::BinaryRepeatParams p(static_cast<uint8_t>(rng.Below(4)), g.blk0, g.blk1,
                                                  static_cast<uint8_t>(rng.Below(20)), g.rep0, g.rep1);
              AscendC::Compare<T, uint8_t, S>(dst, x, y, mode, mask, static_cast<uint8_t>(repeat), p);
            }
          });
        });
        for (uint32_t r = 0; r < m.repeats; ++r) {
          for (uint32_t l = 0; l < L; ++l) {
            bool v = false;
            if (m.Active(r, l)) {
              const T xa = a[ref::LaneElem<T>(r, l, g.blk0, g.rep0)];
              v = ref::CompareOne(xa, scalar ? s : b[ref::LaneElem<T>(r, l, g.blk1, g.rep1)], mode);
            }
            ref::SetBit(want.data() + d_off, size_t{r} * L + l, v);
          }
        }
        const std::string diff = FirstByteDiff(image, want, 0, 0);
        EXPECT_TRUE(diff.empty()) << (form == 2 ? "Compares<" : scalar ? "CompareScalar<" : "Compare<") << aicore::detail::TypeName<T>()
                                  << "> repeat form, " << Describe(mc) << ", mode "
                                  << static_cast<int>(mode) << ", geometry " << int(g.blk0) << "/" << int(g.rep0)
                                  << ", " << int(g.blk1) << "/" << int(g.rep1) << ": " << diff;
        if (::testing::Test::HasFailure()) return;
      }
    }
  }
}

TEST(OpsCompare, RepeatForm) {
  CheckCompareRepeat<float>(941, 0);
  CheckCompareRepeat<half>(942, 0);
  CheckCompareRepeat<int32_t>(943, 0);
}
TEST(OpsCompare, ScalarRepeatForm) {
  CheckCompareRepeat<float>(944, 1);
  CheckCompareRepeat<half>(945, 1);
  CheckCompareRepeat<half>(946, 2);  // Compares
}

// Select repeat forms: tensor selMask (modes 0, 1, 2) and the register forms.
template <class T>
void CheckSelectRepeat(uint64_t seed) {
  Rng rng(seed);
  constexpr uint32_t L = ref::kLanes<T>;
  for (MaskCase mc : MaskCases(rng, L)) {
    const bool counter = IsCounter(mc.mode);
    for (uint32_t repeat : {0u, 1u, 2u, 7u, 255u}) {
      if (counter && repeat != 1) continue;
      mc.repeat = static_cast<int32_t>(repeat);
      for (Geom3 g : kGeoms) {
        if (repeat == 255 && (g.rep0 > 8 || g.rep1 > 8 || g.drep > 8 || g.blk0 > 1 || g.blk1 > 1 || g.dblk > 1)) continue;
        if (repeat == 255) g.rep1 = 0;  // three 64 KiB operands would not fit the UB image
        // 0..2: selMask modes; 3, 4: register forms (tensor, scalar).
        const int form = static_cast<int>(rng.Below(5));
        const SELMODE mode = form == 3 ? SELMODE::VSEL_CMPMASK_SPR
                                       : (form == 4 ? SELMODE::VSEL_TENSOR_SCALAR_MODE : static_cast<SELMODE>(form));
        const bool scalar = mode == SELMODE::VSEL_TENSOR_SCALAR_MODE;
        const ref::RepeatPlan m = PlanFor(mc, L);
        const size_t n0 = SpanElems<T>(m, g.blk0, g.rep0) + 32, n1 = SpanElems<T>(m, g.blk1, g.rep1) + 32;
        const size_t nd = SpanElems<T>(m, g.dblk, g.drep) + 32;
        std::vector<T> a(n0), b(n1), d(nd);
        for (auto& v : a) v = RandomValue<T>(rng);
        for (auto& v : b) v = RandomValue<T>(rng);
        for (auto& v : d) v = RandomValue<T>(rng);
        const T s = RandomValue<T>(rng);
        const size_t sel_bytes = Round32(size_t{std::max<uint32_t>(m.repeats, 1)} * L / 8 + 32);
        std::vector<uint8_t> sel(sel_bytes);
        for (auto& x : sel) x = static_cast<uint8_t>(rng.Next());
        const size_t a_off = 0, b_off = Round32(n0 * sizeof(T)), m_off = b_off + Round32(n1 * sizeof(T));
        const size_t d_off = m_off + sel_bytes;
        std::vector<uint8_t> image(d_off + Round32(nd * sizeof(T)) + 64, kSentinel);
        ASSERT_LE(image.size(), kUbBytes);
        Put(image, a_off, a.data(), n0);
        Put(image, b_off, b.data(), n1);
        Put(image, m_off, sel.data(), sel_bytes);
        Put(image, d_off, d.data(), nd);
        std::vector<uint8_t> want = image;
        const AscendC::BinaryRepeatParams p(g.dblk, g.blk0, g.blk1, g.drep, g.rep0, g.rep1);
        RunOnUb(image, [&](Buf& buf) {
          const auto dst = buf.GetWithOffset<T>(static_cast<uint32_t>(nd), static_cast<uint32_t>(d_off));
          const auto x = buf.GetWithOffset<T>(static_cast<uint32_t>(n0), a_off);
          const auto y = buf.GetWithOffset<T>(static_cast<uint32_t>(n1), static_cast<uint32_t>(b_off));
          const auto sm = buf.GetWithOffset<uint8_t>(static_cast<uint32_t>(sel_bytes), static_cast<uint32_t>(m_off));
          if (form >= 3) AscendC::SetCmpMask(sm);
          WithMask<T>(mc, [&](auto set, auto mask) {
            constexpr bool S = decltype(set)::value;
            if (form == 3 || form == 4) {
              // Register forms take the vector mask from the registers.
              if constexpr (S) {
                if constexpr (std::is_same_v<decltype(mask), int32_t>) {
                  AscendC::SetVectorMask<T>(mask);  // lanes, or the count in counter mode
                } else {
                  AscendC::SetVectorMask<T>(mask[1], mask[0]);
                }
              }
              if (form == 3) {
                AscendC::Select<T, SELMODE::VSEL_CMPMASK_SPR>(dst, x, y, static_cast<uint8_t>(repeat), p);
              } else {
                AscendC::Select<T, SELMODE::VSEL_TENSOR_SCALAR_MODE>(dst, x, s, static_cast<uint8_t>(repeat), p);
              }
              AscendC::ResetMask();
            } else if (scalar) {
              AscendC::Select<T, uint8_t, S>(dst, sm, x, s, mode, mask, static_cast<uint8_t>(repeat), p);
            } else {
              AscendC::Select<T, uint8_t, S>(dst, sm, x, y, mode, mask, static_cast<uint8_t>(repeat), p);
            }
          });
        });
        // Reference: repeat by repeat, sources read before the repeat's
        // writes, lanes written in order.
        uint8_t* W = want.data();
        for (uint32_t r = 0; r < m.repeats; ++r) {
          std::vector<T> va(L), vb(L);
          for (uint32_t l = 0; l < L; ++l) {
            if (!m.Active(r, l)) continue;
            std::memcpy(&va[l], W + a_off + ref::LaneElem<T>(r, l, g.blk0, g.rep0) * sizeof(T), sizeof(T));
            std::memcpy(&vb[l], W + b_off + ref::LaneElem<T>(r, l, g.blk1, g.rep1) * sizeof(T), sizeof(T));
          }
          for (uint32_t l = 0; l < L; ++l) {
            if (!m.Active(r, l)) continue;
            const bool continuous = form < 3 && mode != SELMODE::VSEL_CMPMASK_SPR;
            const bool bit = ref::GetBit(sel.data(), continuous ? size_t{r} * L + l : l);
            const T v = bit ? va[l] : (scalar ? s : vb[l]);
            std::memcpy(W + d_off + ref::LaneElem<T>(r, l, g.dblk, g.drep) * sizeof(T), &v, sizeof(T));
          }
        }
        const std::string diff = FirstByteDiff(image, want, 0, 0);
        EXPECT_TRUE(diff.empty()) << "Select<" << aicore::detail::TypeName<T>() << "> repeat form " << form << ", "
                                  << Describe(mc) << ", geometry dst " << int(g.dblk)
                                  << "/" << int(g.drep) << " src0 " << int(g.blk0) << "/" << int(g.rep0) << " src1 "
                                  << int(g.blk1) << "/" << int(g.rep1) << ": " << diff;
        if (::testing::Test::HasFailure()) return;
      }
    }
  }
}

TEST(OpsSelect, RepeatForm) {
  CheckSelectRepeat<float>(951);
  CheckSelectRepeat<half>(952);
  CheckSelectRepeat<int16_t>(953);
  CheckSelectRepeat<uint32_t>(954);
}

// Compare without dst fills CMPMASK (one repeat, masked-off lanes 0);
// GetCmpMask stores it, SetCmpMask loads it.
TEST(OpsCompare, CmpMaskRegister) {
  std::vector<half> a(128), b(128);
  for (int i = 0; i < 128; ++i) {
    a[i] = half(i % 3);
    b[i] = half(1);
  }
  std::vector<uint8_t> pattern(16);
  for (int i = 0; i < 16; ++i) pattern[i] = static_cast<uint8_t>(0x11 * i + 3);
  std::vector<uint8_t> image(4096, kSentinel);
  Put(image, 0, a.data(), 128);
  Put(image, 256, b.data(), 128);
  Put(image, 512, pattern.data(), 16);
  RunOnUb(image, [&](Buf& buf) {
    const auto x = buf.GetWithOffset<half>(128, 0), y = buf.GetWithOffset<half>(128, 256);
    AscendC::SetCmpMask(buf.GetWithOffset<uint8_t>(16, 512));
    AscendC::GetCmpMask(buf.GetWithOffset<uint8_t>(16, 1024));
    const uint64_t m[2] = {~0ull, 0xFFFFull};  // lanes 0..79
    AscendC::Compare(x, y, CMPMODE::GT, m, AscendC::BinaryRepeatParams());
    AscendC::GetCmpMask(buf.GetWithOffset<uint8_t>(16, 1056));
  });
  for (int i = 0; i < 16; ++i) EXPECT_EQ(Get<uint8_t>(image, 1024, i), pattern[i]) << i;
  for (int l = 0; l < 128; ++l) {
    const bool want = l < 80 && l % 3 == 2;
    EXPECT_EQ(ref::GetBit(image.data() + 1056, l), want) << l;
  }
}

// ---- diagnostics ---------------------------------------------------------------

TEST(OpsCompare, Diagnostics) {
  aicore::ErrorKind kind{};
  // Count not a multiple of 256 bytes, and the clean counterpart.
  EXPECT_NE(ErrorOf([](Buf& b) {
              AscendC::Compare(b.GetWithOffset<uint8_t>(64, 0), b.GetWithOffset<float>(128, 256),
                               b.GetWithOffset<float>(128, 1024), CMPMODE::LT, 96);
            }, &kind).find("count 96 of float is 384 bytes, not a multiple of 256 bytes"), std::string::npos);
  EXPECT_EQ(kind, aicore::ErrorKind::kParameter);
  EXPECT_EQ(ErrorOf([](Buf& b) {
              AscendC::Compare(b.GetWithOffset<uint8_t>(64, 0), b.GetWithOffset<float>(128, 256),
                               b.GetWithOffset<float>(128, 1024), CMPMODE::LT, 128);
            }), "");
  EXPECT_NE(ErrorOf([](Buf& b) {
              AscendC::CompareScalar(b.GetWithOffset<uint8_t>(64, 0), b.GetWithOffset<half>(128, 256), half(1),
                                     CMPMODE::LT, 24);
            }).find("not a multiple of 32 bytes"), std::string::npos);
  EXPECT_EQ(ErrorOf([](Buf& b) {
              AscendC::CompareScalar(b.GetWithOffset<uint8_t>(64, 0), b.GetWithOffset<half>(128, 256), half(1),
                                     CMPMODE::LT, 32);
            }), "");
  // Footprint outside the buffer (static tensors at the end of UB).
  EXPECT_NE(ErrorOf([](Buf& b) {
              const LocalTensor<float> x(AscendC::TPosition::VECCALC, AscendC::TOTAL_UB_SIZE - 256, 64);
              AscendC::Compare(b.GetWithOffset<uint8_t>(64, 0), x, x, CMPMODE::EQ, 128);
            }, &kind).find("src0 operand"), std::string::npos);
  EXPECT_EQ(kind, aicore::ErrorKind::kBounds);
  EXPECT_NE(ErrorOf([](Buf& b) {
              const LocalTensor<float> x(AscendC::TPosition::VECCALC, AscendC::TOTAL_UB_SIZE - 512, 64);
              AscendC::Compare(b.GetWithOffset<uint8_t>(64, 0), x, x, CMPMODE::EQ, (uint64_t)64, 3,
                               AscendC::BinaryRepeatParams());
            }).find("src0 footprint"), std::string::npos);
  EXPECT_EQ(ErrorOf([](Buf& b) {
              const LocalTensor<float> x(AscendC::TPosition::VECCALC, AscendC::TOTAL_UB_SIZE - 512, 64);
              AscendC::Compare(b.GetWithOffset<uint8_t>(64, 0), x, x, CMPMODE::EQ, (uint64_t)64, 2,
                               AscendC::BinaryRepeatParams());
            }), "");
  // Unaligned.
  EXPECT_NE(ErrorOf([](Buf& b) {
              AscendC::Compare(b.GetWithOffset<uint8_t>(64, 0)[4], b.GetWithOffset<float>(128, 256),
                               b.GetWithOffset<float>(128, 1024), CMPMODE::LT, 64);
            }, &kind).find("not 32-byte aligned"), std::string::npos);
  EXPECT_EQ(kind, aicore::ErrorKind::kAlignment);
  // Bad modes.
  EXPECT_NE(ErrorOf([](Buf& b) {
              AscendC::Compare(b.GetWithOffset<uint8_t>(64, 0), b.GetWithOffset<float>(128, 256),
                               b.GetWithOffset<float>(128, 1024), static_cast<CMPMODE>(9), 64);
            }).find("cmpMode 9"), std::string::npos);
  EXPECT_NE(ErrorOf([](Buf& b) {
              const auto x = b.GetWithOffset<float>(64, 256);
              AscendC::Select(x, b.GetWithOffset<uint8_t>(64, 0), x, x, static_cast<SELMODE>(3), 64);
            }).find("selMode 3 is not a SELMODE"), std::string::npos);
  EXPECT_NE(ErrorOf([](Buf& b) {
              const auto x = b.GetWithOffset<float>(64, 256);
              AscendC::Select(x, b.GetWithOffset<uint8_t>(64, 0), x, 1.0f, SELMODE::VSEL_TENSOR_TENSOR_MODE, 64);
            }).find("with a scalar src1"), std::string::npos);
  // selMask too small (continuous mode: count bits).
  EXPECT_NE(ErrorOf([](Buf& b) {
              const LocalTensor<uint8_t> m(AscendC::TPosition::VECCALC, AscendC::TOTAL_UB_SIZE - 32, 32);
              const auto x = b.GetWithOffset<float>(512, 256);
              AscendC::Select(x, m, x, x, SELMODE::VSEL_TENSOR_TENSOR_MODE, 512);
            }).find("selMask operand"), std::string::npos);
  EXPECT_EQ(ErrorOf([](Buf& b) {
              const LocalTensor<uint8_t> m(AscendC::TPosition::VECCALC, AscendC::TOTAL_UB_SIZE - 32, 32);
              const auto x = b.GetWithOffset<float>(512, 256);
              AscendC::Select(x, m, x, x, SELMODE::VSEL_CMPMASK_SPR, 512);  // 64 bits suffice
            }), "");
  // Select repeat form: a mask beyond the lanes of a repeat.
  EXPECT_NE(ErrorOf([](Buf& b) {
              const auto x = b.GetWithOffset<float>(64, 256);
              AscendC::Select(x, b.GetWithOffset<uint8_t>(64, 0), x, x, SELMODE::VSEL_TENSOR_TENSOR_MODE,
                              (uint64_t)65, 1, AscendC::BinaryRepeatParams());
            }).find("continuous mask 65"), std::string::npos);
}

}  // namespace
}  // namespace aicore_test
