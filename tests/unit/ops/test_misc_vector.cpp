// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Randomized tests of Copy (CopyRepeatParams, bit / continuous / counter
// masks), ArithProgression, RepeatReduceSum, Gatherb, TransDataTo5HD (1-, 2-
// and 4-byte types, the three address forms) and SetVectorMask<T, MaskMode>
// against scalar reference models written here from the documented
// semantics, plus their diagnostics. Every byte of the
// UB image is compared with the model's (unwritten bytes keep a sentinel).

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/ref_element.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {
namespace {

using AscendC::LocalTensor;
using Buf = AscendC::TBuf<AscendC::TPosition::VECCALC>;

bool Has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

// ---- Copy --------------------------------------------------------------------

enum class MaskKind { kCont, kBits, kRegBits, kCounter, kCounterSet };

// Bytes from an operand's start to the end of its last block.
uint64_t Span(uint32_t reps, uint32_t blk, uint32_t rep) {
  return reps == 0 ? 0 : (uint64_t{reps} - 1) * rep * 32 + 7ull * blk * 32 + 32;
}

template <class T>
void CheckCopy(uint64_t seed) {
  constexpr uint32_t kL = 256 / sizeof(T);
  constexpr uint32_t kE = 32 / sizeof(T);
  Rng rng(seed);
  for (int iter = 0; iter < 160; ++iter) {
    const MaskKind mk = static_cast<MaskKind>(rng.Below(5));
    const bool counter = mk == MaskKind::kCounter || mk == MaskKind::kCounterSet;
    uint32_t reps = static_cast<uint32_t>(rng.Below(4) == 0 ? rng.Below(60) : rng.Below(4));
    if (iter == 7) reps = 255;
    AscendC::CopyRepeatParams p(static_cast<uint16_t>(rng.Below(4)), static_cast<uint16_t>(rng.Below(4)),
                                static_cast<uint16_t>(rng.Below(20)), static_cast<uint16_t>(rng.Below(20)));
    if (iter % 5 == 0) p = AscendC::CopyRepeatParams();  // the dense defaults
    if (iter == 7) p.dstRepeatSize = p.srcRepeatSize = 8;
    // The mask of each repeat (counter mode: `count` elements, last repeat partial).
    uint64_t bits[2] = {0, 0};
    uint64_t cont = 0, count = 0;
    if (mk == MaskKind::kCont) {
      cont = 1 + rng.Below(kL);
      aicore::detail::PrefixBits(cont, bits);
    } else if (mk == MaskKind::kBits || mk == MaskKind::kRegBits) {
      bits[0] = rng.Next();
      bits[1] = kL == 128 ? rng.Next() : 0;
    } else {
      count = rng.Below(uint64_t{kL} * 12);
      reps = static_cast<uint32_t>((count + kL - 1) / kL);
    }
    const uint64_t src_span = Span(reps, p.srcStride, p.srcRepeatSize);
    const uint64_t dst_span = Span(reps, p.dstStride, p.dstRepeatSize);
    const size_t src_off = 0, dst_off = Round32(src_span + 64);
    std::vector<uint8_t> image(dst_off + Round32(dst_span + 64), kSentinel);
    ASSERT_LE(image.size(), kUbBytes);
    const std::vector<T> src = RandomBitsVec<T>(rng, src_span / sizeof(T));
    Put(image, src_off, src.data(), src.size());
    std::vector<uint8_t> want = image;
    // Model: repeats in order, blocks in order, active lanes copied.
    for (uint32_t r = 0; r < reps; ++r) {
      for (uint32_t lane = 0; lane < kL; ++lane) {
        bool active;
        if (counter) {
          active = uint64_t{r} * kL + lane < count;
        } else {
          active = (bits[lane >> 6] >> (lane & 63)) & 1;
        }
        if (!active) continue;
        const uint32_t b = lane / kE, e = lane % kE;
        const size_t s = src_off + (uint64_t{r} * p.srcRepeatSize + uint64_t{b} * p.srcStride) * 32 + e * sizeof(T);
        const size_t d = dst_off + (uint64_t{r} * p.dstRepeatSize + uint64_t{b} * p.dstStride) * 32 + e * sizeof(T);
        std::memcpy(want.data() + d, want.data() + s, sizeof(T));
      }
    }
    const uint32_t n_src = static_cast<uint32_t>(std::max<uint64_t>(src_span / sizeof(T), kE));
    const uint32_t n_dst = static_cast<uint32_t>(std::max<uint64_t>(dst_span / sizeof(T), kE));
    RunOnUb(image, [&](Buf& buf) {
      const LocalTensor<T> dt = buf.GetWithOffset<T>(n_dst, static_cast<uint32_t>(dst_off));
      const LocalTensor<T> st = buf.GetWithOffset<T>(n_src, static_cast<uint32_t>(src_off));
      switch (mk) {
        case MaskKind::kCont:
          AscendC::Copy(dt, st, cont, static_cast<int32_t>(reps), p);
          break;
        case MaskKind::kBits:
          AscendC::Copy(dt, st, bits, static_cast<int32_t>(reps), p);
          break;
        case MaskKind::kRegBits:
          AscendC::SetVectorMask<T, AscendC::MaskMode::NORMAL>(bits[1], bits[0]);
          AscendC::Copy<T, false>(dt, st, AscendC::MASK_PLACEHOLDER, static_cast<int32_t>(reps), p);
          break;
        case MaskKind::kCounter:  // counter mode, the count as the mask argument
          AscendC::SetMaskCount();
          AscendC::Copy(dt, st, count, 1, p);
          AscendC::SetMaskNorm();
          break;
        case MaskKind::kCounterSet:  // counter mode, the count in the register
          AscendC::SetMaskCount();
          AscendC::SetVectorMask<T, AscendC::MaskMode::COUNTER>(static_cast<int32_t>(count));
          AscendC::Copy<T, false>(dt, st, AscendC::MASK_PLACEHOLDER, 1, p);
          AscendC::SetMaskNorm();
          break;
      }
    });
    const std::string diff = FirstByteDiff(image, want, 0, 0);
    ASSERT_TRUE(diff.empty()) << "Copy<" << aicore::detail::TypeName<T>() << "> iter " << iter << " mask kind "
                              << static_cast<int>(mk) << " reps " << reps << " strides (" << p.dstStride << ", "
                              << p.srcStride << ", " << p.dstRepeatSize << ", " << p.srcRepeatSize << ") count "
                              << count << ": " << diff;
  }
}

TEST(OpsCopy, RandomAgainstModel) {
  CheckCopy<half>(11);
  CheckCopy<float>(12);
  CheckCopy<int16_t>(13);
  CheckCopy<uint16_t>(14);
  CheckCopy<int32_t>(15);
  CheckCopy<uint32_t>(16);
  CheckCopy<bfloat16_t>(17);
}

TEST(OpsCopy, InPlaceIsIdentity) {
  Rng rng(5);
  std::vector<uint8_t> image(4096, kSentinel);
  const std::vector<float> v = RandomBitsVec<float>(rng, 512);
  Put(image, 0, v.data(), v.size());
  const std::vector<uint8_t> want = image;
  RunOnUb(image, [&](Buf& buf) {
    const LocalTensor<float> t = buf.GetWithOffset<float>(512, 0);
    AscendC::Copy(t, t, uint64_t{64}, 8, AscendC::CopyRepeatParams());
  });
  EXPECT_EQ(FirstByteDiff(image, want, 0, 0), "");
}

TEST(OpsCopy, Diagnostics) {
  aicore::ErrorKind kind{};
  const AscendC::CopyRepeatParams dense;
  auto copy = [](int32_t reps, AscendC::CopyRepeatParams p, uint64_t mask, uint32_t dst_byte = 4096) {
    return [=](Buf& b) {
      AscendC::Copy(b.GetWithOffset<half>(128, dst_byte), b.GetWithOffset<half>(128, 0), mask, reps, p);
    };
  };
  EXPECT_EQ(ErrorOf(copy(3, dense, 128)), "");
  std::string e = ErrorOf(copy(256, dense, 128), &kind);
  EXPECT_TRUE(Has(e, "Copy") && Has(e, "repeatTimes 256 is outside [0, 255]")) << e;
  EXPECT_EQ(kind, aicore::ErrorKind::kParameter);
  e = ErrorOf(copy(-1, dense, 128));
  EXPECT_TRUE(Has(e, "repeatTimes -1 is outside [0, 255]")) << e;
  e = ErrorOf(copy(1, dense, 0), &kind);
  EXPECT_TRUE(Has(e, "continuous mask 0 is outside [1, 128]")) << e;
  e = ErrorOf(copy(1, dense, 129));
  EXPECT_TRUE(Has(e, "continuous mask 129 is outside [1, 128]")) << e;
  e = ErrorOf(copy(1, AscendC::CopyRepeatParams(1, 1, 4096, 8), 128), &kind);
  EXPECT_TRUE(Has(e, "dstRepeatSize 4096 is outside [0, 4095]")) << e;
  EXPECT_EQ(kind, aicore::ErrorKind::kParameter);
  e = ErrorOf(copy(1, AscendC::CopyRepeatParams(1, 1, 8, 5000), 128));
  EXPECT_TRUE(Has(e, "srcRepeatSize 5000 is outside [0, 4095]")) << e;
  // Bit mask of a 4-byte type with lanes past 64.
  e = ErrorOf([](Buf& b) {
    const uint64_t m[2] = {1, 1};
    AscendC::Copy(b.GetWithOffset<float>(64, 4096), b.GetWithOffset<float>(64, 0), m, 1, AscendC::CopyRepeatParams());
  });
  EXPECT_TRUE(Has(e, "selects lanes beyond the 64 lanes")) << e;
  // The destination footprint runs past the end of the buffer.
  const uint32_t near_end = aicore_test::kUbBytes - 256;
  EXPECT_EQ(ErrorOf(copy(1, dense, 128, near_end)), "");
  e = ErrorOf(copy(2, dense, 128, near_end), &kind);
  EXPECT_TRUE(Has(e, "dst footprint of 2 repeats") && Has(e, "256 bytes past the end")) << e;
  EXPECT_EQ(kind, aicore::ErrorKind::kBounds);
  // A strided source footprint (block stride 3) past the end.
  e = ErrorOf([&](Buf& b) {
    AscendC::Copy(b.GetWithOffset<half>(128, 0), b.GetWithOffset<half>(128, near_end), uint64_t{128}, 1,
                  AscendC::CopyRepeatParams(1, 3, 8, 8));
  });
  EXPECT_TRUE(Has(e, "src footprint of 1 repeat (block stride 3")) << e;
  // A masked-off tail block does not count: lanes 0..15 use block 0 only.
  EXPECT_EQ(ErrorOf([&](Buf& b) {
              AscendC::Copy(b.GetWithOffset<half>(128, 0), b.GetWithOffset<half>(16, near_end + 224),
                            uint64_t{16}, 1, AscendC::CopyRepeatParams(1, 3, 8, 8));
            }),
            "");
  // A misaligned operand.
  e = ErrorOf([](Buf& b) {
    AscendC::Copy(b.GetWithOffset<half>(128, 4096 + 2), b.GetWithOffset<half>(128, 0), uint64_t{128}, 1,
                  AscendC::CopyRepeatParams());
  }, &kind);
  EXPECT_TRUE(Has(e, "dst operand starts at element offset")) << e;
  EXPECT_EQ(kind, aicore::ErrorKind::kAlignment);
}

// ---- SetVectorMask<T, MaskMode> ------------------------------------------------

TEST(OpsMaskMode, SetVectorMaskModes) {
  // NORMAL with a length: the first len lanes (checked by a Copy of 1 repeat).
  std::vector<uint8_t> image(2048, kSentinel);
  std::vector<float> v(64);
  for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>(i) + 0.5f;
  Put(image, 0, v.data(), v.size());
  std::vector<uint8_t> want = image;
  std::memcpy(want.data() + 1024, want.data(), 20 * sizeof(float));
  RunOnUb(image, [&](Buf& buf) {
    AscendC::SetVectorMask<float, AscendC::MaskMode::NORMAL>(20);
    AscendC::Copy<float, false>(buf.GetWithOffset<float>(64, 1024), buf.GetWithOffset<float>(64, 0),
                                AscendC::MASK_PLACEHOLDER, 1, AscendC::CopyRepeatParams());
  });
  EXPECT_EQ(FirstByteDiff(image, want, 0, 0), "");
  std::string e = ErrorOf([](Buf&) { AscendC::SetVectorMask<float, AscendC::MaskMode::COUNTER>(-1); });
  EXPECT_TRUE(Has(e, "counter-mode element count -1 is negative")) << e;
  e = ErrorOf([](Buf&) { AscendC::SetVectorMask<float, AscendC::MaskMode::NORMAL>(65); });
  EXPECT_TRUE(Has(e, "mask length 65 is outside [0, 64]")) << e;
}

// ---- ArithProgression ------------------------------------------------------------

// The documented model (see ops/vector_misc.h), computed independently.
template <class T>
T ModelAdd(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(static_cast<std::make_unsigned_t<T>>(static_cast<uint64_t>(int64_t{a} + int64_t{b})));
  } else {
    const float s = static_cast<float>(a) + static_cast<float>(b);
    return ref::RoundTo<T>(static_cast<double>(s));
  }
}
template <class T>
T ModelBase(T first, T diff, int64_t i) {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(static_cast<std::make_unsigned_t<T>>(static_cast<uint64_t>(int64_t{first} + int64_t{diff} * i)));
  } else {
    volatile float prod = static_cast<float>(diff) * static_cast<float>(i);
    const float s = static_cast<float>(first) + prod;
    return ref::RoundTo<T>(static_cast<double>(s));
  }
}
template <class T>
T ModelStep(T diff, int64_t n) {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(static_cast<std::make_unsigned_t<T>>(static_cast<uint64_t>(int64_t{diff} * n)));
  } else {
    return ref::RoundTo<T>(static_cast<double>(static_cast<float>(diff) * static_cast<float>(n)));
  }
}

template <class T>
T ArithValue(Rng& rng) {
  if constexpr (std::is_integral_v<T>) {
    if (rng.Below(3) == 0) return static_cast<T>(rng.Next());  // wraps
    return static_cast<T>(static_cast<int64_t>(rng.Below(200)) - 100);
  } else {
    if (rng.Below(3) == 0) return ref::RoundTo<T>(static_cast<double>(static_cast<int64_t>(rng.Below(21)) - 10));
    return ref::RoundTo<T>(rng.Uniform(-50.0, 50.0));
  }
}

template <class T>
void CheckArith(uint64_t seed) {
  constexpr int64_t kB = 32 / sizeof(T), kR = 256 / sizeof(T);
  Rng rng(seed);
  std::vector<int32_t> counts = {0, 1, 2, static_cast<int32_t>(kB - 1), static_cast<int32_t>(kB),
                                 static_cast<int32_t>(kB + 1), static_cast<int32_t>(kR - 1), static_cast<int32_t>(kR),
                                 static_cast<int32_t>(kR + 1), static_cast<int32_t>(2 * kR),
                                 static_cast<int32_t>(3 * kR + kB + 3), 1000, 4099};
  for (int i = 0; i < 8; ++i) counts.push_back(static_cast<int32_t>(rng.Below(6000)));
  for (const int32_t count : counts) {
    const T first = ArithValue<T>(rng), diff = ArithValue<T>(rng);
    const int64_t written = count <= kB ? count : (count + kB - 1) / kB * kB;
    const size_t dst_off = 64;
    std::vector<uint8_t> image(dst_off + Round32(written * sizeof(T) + 64), kSentinel);
    std::vector<uint8_t> want = image;
    std::vector<T> m(static_cast<size_t>(written));
    const T step_b = ModelStep(diff, kB), step_r = ModelStep(diff, kR);
    for (int64_t i = 0; i < written; ++i) {
      if (i < kB) {
        m[i] = ModelBase(first, diff, i);
      } else if (i < kR) {
        m[i] = ModelAdd(m[i - kB], step_b);
      } else {
        m[i] = ModelAdd(m[i - kR], step_r);
      }
    }
    Put(want, dst_off, m.data(), m.size());
    RunOnUb(image, [&](Buf& buf) {
      AscendC::ArithProgression<T>(buf.GetWithOffset<T>(static_cast<uint32_t>(written + kB), dst_off), first, diff,
                                   count);
    });
    const std::string diffs = FirstByteDiff(image, want, 0, 0);
    ASSERT_TRUE(diffs.empty()) << "ArithProgression<" << aicore::detail::TypeName<T>() << "> count " << count
                               << " first " << Show(first) << " diff " << Show(diff) << ": " << diffs;
  }
}

TEST(OpsArithProgression, RandomAgainstModel) {
  CheckArith<half>(21);
  CheckArith<float>(22);
  CheckArith<int16_t>(23);
  CheckArith<int32_t>(24);
}

TEST(OpsArithProgression, ExactSequences) {
  // Small integer-valued sequences are exact in every type: first + diff * i.
  std::vector<uint8_t> image(8192, kSentinel);
  RunOnUb(image, [&](Buf& buf) {
    AscendC::ArithProgression<float>(buf.GetWithOffset<float>(200, 0), 3.0f, -2.0f, 200);
    AscendC::Arange<int32_t>(buf.GetWithOffset<int32_t>(200, 1024), 7, 5, 200);
  });
  for (int i = 0; i < 200; ++i) {
    EXPECT_EQ(Get<float>(image, 0, i), 3.0f - 2.0f * i) << i;
    EXPECT_EQ(Get<int32_t>(image, 1024, i), 7 + 5 * i) << i;
  }
}

TEST(OpsArithProgression, Diagnostics) {
  aicore::ErrorKind kind{};
  std::string e = ErrorOf([](Buf& b) { AscendC::ArithProgression<float>(b.GetWithOffset<float>(64, 0), 0.f, 1.f, -1); },
                          &kind);
  EXPECT_TRUE(Has(e, "ArithProgression") && Has(e, "count -1 is negative")) << e;
  EXPECT_EQ(kind, aicore::ErrorKind::kParameter);
  const uint32_t near_end = aicore_test::kUbBytes - 256;
  EXPECT_EQ(ErrorOf([&](Buf& b) {
              AscendC::ArithProgression<half>(b.GetWithOffset<half>(128, near_end), half(0.f), half(1.f), 128);
            }),
            "");
  e = ErrorOf([&](Buf& b) {
    AscendC::ArithProgression<half>(b.GetWithOffset<half>(128, near_end), half(0.f), half(1.f), 129);
  }, &kind);
  EXPECT_TRUE(Has(e, "dst operand of 144") && Has(e, "past the end")) << e;  // 129 rounded up to whole blocks
  EXPECT_EQ(kind, aicore::ErrorKind::kBounds);
}

// ---- RepeatReduceSum -------------------------------------------------------------

template <class T>
void CheckRepeatReduceSum(uint64_t seed) {
  constexpr uint32_t kL = 256 / sizeof(T), kE = 32 / sizeof(T);
  Rng rng(seed);
  for (int iter = 0; iter < 60; ++iter) {
    const int32_t reps = static_cast<int32_t>(rng.Below(4) == 0 ? rng.Below(40) : rng.Below(4));
    const int32_t mask = static_cast<int32_t>(1 + rng.Below(kL));
    const int32_t src_blk = static_cast<int32_t>(rng.Below(3)), src_rep = static_cast<int32_t>(rng.Below(17));
    const int32_t dst_rep = static_cast<int32_t>(rng.Below(4)), dst_blk = static_cast<int32_t>(rng.Below(9));
    const uint64_t src_span = Span(static_cast<uint32_t>(reps), src_blk, src_rep);
    const size_t src_off = 0, dst_off = Round32(src_span + 64);
    const size_t dst_elems = reps == 0 ? 1 : static_cast<size_t>(reps - 1) * dst_rep + 1;
    std::vector<uint8_t> image(dst_off + Round32(dst_elems * sizeof(T) + 64), kSentinel);
    // Small integers: every partial sum is exact, whatever the order.
    std::vector<T> src(src_span / sizeof(T));
    for (auto& x : src) x = ref::RoundTo<T>(static_cast<double>(static_cast<int64_t>(rng.Below(21)) - 10));
    Put(image, src_off, src.data(), src.size());
    std::vector<uint8_t> want = image;
    for (int32_t r = 0; r < reps; ++r) {
      double sum = 0;
      for (int32_t lane = 0; lane < mask; ++lane) {
        const size_t byte = (static_cast<size_t>(r) * src_rep + static_cast<size_t>(lane / kE) * src_blk) * 32 +
                            (lane % kE) * sizeof(T);
        sum += ref::ToDouble(Get<T>(want, src_off + byte, 0));
      }
      const T v = ref::RoundTo<T>(sum);
      Put(want, dst_off + static_cast<size_t>(r) * dst_rep * sizeof(T), &v, 1);
    }
    RunOnUb(image, [&](Buf& buf) {
      AscendC::RepeatReduceSum<T>(buf.GetWithOffset<T>(static_cast<uint32_t>(dst_elems + kE), static_cast<uint32_t>(dst_off)),
                                  buf.GetWithOffset<T>(static_cast<uint32_t>(std::max<uint64_t>(src.size(), kE)), 0),
                                  reps, mask, dst_blk, src_blk, dst_rep, src_rep);
    });
    const std::string diff = FirstByteDiff(image, want, 0, 0);
    ASSERT_TRUE(diff.empty()) << "RepeatReduceSum<" << aicore::detail::TypeName<T>() << "> reps " << reps << " mask "
                              << mask << " srcBlk " << src_blk << " srcRep " << src_rep << " dstRep " << dst_rep
                              << ": " << diff;
  }
}

TEST(OpsRepeatReduceSum, RandomAgainstModel) {
  CheckRepeatReduceSum<half>(31);
  CheckRepeatReduceSum<float>(32);
}

TEST(OpsRepeatReduceSum, Diagnostics) {
  aicore::ErrorKind kind{};
  auto sum = [](int32_t reps, int32_t mask) {
    return [=](Buf& b) {
      AscendC::RepeatReduceSum<float>(b.GetWithOffset<float>(64, 4096), b.GetWithOffset<float>(64, 0), reps, mask,
                                      1, 1, 1, 8);
    };
  };
  EXPECT_EQ(ErrorOf(sum(2, 64)), "");
  std::string e = ErrorOf(sum(256, 64), &kind);
  EXPECT_TRUE(Has(e, "RepeatReduceSum") && Has(e, "256")) << e;
  EXPECT_EQ(kind, aicore::ErrorKind::kParameter);
  e = ErrorOf(sum(1, 65));
  EXPECT_TRUE(Has(e, "RepeatReduceSum") && Has(e, "65")) << e;
}

// ---- Gatherb ---------------------------------------------------------------------

template <class T>
void CheckGatherb(uint64_t seed) {
  Rng rng(seed);
  for (int iter = 0; iter < 60; ++iter) {
    const uint32_t reps = static_cast<uint32_t>(rng.Below(4) == 0 ? rng.Below(30) : rng.Below(4));
    AscendC::GatherRepeatParams p(static_cast<uint8_t>(rng.Below(4)), static_cast<uint8_t>(rng.Below(12)));
    if (iter % 4 == 0) p = AscendC::GatherRepeatParams();
    const uint32_t src_blocks = static_cast<uint32_t>(1 + rng.Below(200));
    const size_t src_off = 0, off_off = Round32(src_blocks * 32);
    const size_t dst_off = off_off + Round32(reps * 8 * 4 + 32);
    const uint32_t blk = p.dstBlkStride == 0 ? 1 : p.dstBlkStride;
    const uint64_t dst_span = Span(reps, blk, p.dstRepStride);
    std::vector<uint8_t> image(dst_off + Round32(dst_span + 64), kSentinel);
    const std::vector<T> src = RandomBitsVec<T>(rng, src_blocks * 32 / sizeof(T));
    std::vector<uint32_t> off(reps * 8);
    for (auto& o : off) o = static_cast<uint32_t>(rng.Below(src_blocks) * 32);
    Put(image, src_off, src.data(), src.size());
    Put(image, off_off, off.data(), off.size());
    std::vector<uint8_t> want = image;
    for (uint32_t r = 0; r < reps; ++r) {
      for (uint32_t j = 0; j < 8; ++j) {
        std::memcpy(want.data() + dst_off + (uint64_t{r} * p.dstRepStride + uint64_t{j} * blk) * 32,
                    want.data() + src_off + off[r * 8 + j], 32);
      }
    }
    RunOnUb(image, [&](Buf& buf) {
      AscendC::Gatherb(buf.GetWithOffset<T>(static_cast<uint32_t>(std::max<uint64_t>(dst_span, 32) / sizeof(T)),
                                            static_cast<uint32_t>(dst_off)),
                       buf.GetWithOffset<T>(src_blocks * 32 / sizeof(T), 0),
                       buf.GetWithOffset<uint32_t>(reps * 8 + 8, static_cast<uint32_t>(off_off)),
                       static_cast<int32_t>(reps), p);
    });
    const std::string diff = FirstByteDiff(image, want, 0, 0);
    ASSERT_TRUE(diff.empty()) << "Gatherb<" << aicore::detail::TypeName<T>() << "> reps " << reps << " dstBlk "
                              << int(p.dstBlkStride) << " dstRep " << p.dstRepStride << ": " << diff;
  }
}

TEST(OpsGatherb, RandomAgainstModel) {
  CheckGatherb<uint16_t>(41);
  CheckGatherb<uint32_t>(42);
}

TEST(OpsGatherb, Diagnostics) {
  aicore::ErrorKind kind{};
  // src: a static tensor of 8 blocks at the end of UB.
  auto gatherb = [](uint32_t bad_index, uint32_t bad_offset, int32_t reps = 1) {
    return [=](Buf& b) {
      const LocalTensor<uint32_t> src(AscendC::TPosition::VECCALC, AscendC::TOTAL_UB_SIZE - 256, 64);
      auto off = b.GetWithOffset<uint32_t>(16, 0);
      for (uint32_t i = 0; i < 16; ++i) off.SetValue(i, (i % 8) * 32);
      if (bad_index < 16) off.SetValue(bad_index, bad_offset);
      AscendC::Gatherb(b.GetWithOffset<uint32_t>(256, 1024), src, off, reps, AscendC::GatherRepeatParams());
    };
  };
  EXPECT_EQ(ErrorOf(gatherb(99, 0, 2)), "");
  EXPECT_EQ(ErrorOf(gatherb(3, 224)), "");  // the last block
  std::string e = ErrorOf(gatherb(3, 256), &kind);
  EXPECT_TRUE(Has(e, "Gatherb") && Has(e, "offset 3 is 256 bytes") && Has(e, "has 256 bytes from src's start")) << e;
  EXPECT_EQ(kind, aicore::ErrorKind::kBounds);
  e = ErrorOf(gatherb(5, 40), &kind);
  EXPECT_TRUE(Has(e, "offset 5 is 40 bytes") && Has(e, "not a multiple of 32")) << e;
  EXPECT_EQ(kind, aicore::ErrorKind::kAlignment);
  // Offsets of repeats not run are not read.
  EXPECT_EQ(ErrorOf(gatherb(12, 40, 1)), "");
  e = ErrorOf(gatherb(99, 0, 256), &kind);
  EXPECT_TRUE(Has(e, "repeatTimes 256 is outside [0, 255]")) << e;
  // dst footprint: 8 blocks with block stride 2 need 15 blocks.
  e = ErrorOf([](Buf& b) {
    auto off = b.GetWithOffset<uint32_t>(8, 0);
    for (uint32_t i = 0; i < 8; ++i) off.SetValue(i, 0);
    AscendC::Gatherb(b.GetWithOffset<uint32_t>(64, aicore_test::kUbBytes - 256), b.GetWithOffset<uint32_t>(64, 1024),
                     off, 1, AscendC::GatherRepeatParams(2, 8));
  }, &kind);
  EXPECT_TRUE(Has(e, "dst operand") && Has(e, "past the end")) << e;
  EXPECT_EQ(kind, aicore::ErrorKind::kBounds);
}


// ---- TransDataTo5HD --------------------------------------------------------------

enum class AddrForm { kRaw, kTensorOfAddrs, kTensorArray };

template <class T>
void CheckTrans5HD(uint64_t seed) {
  Rng rng(seed);
  constexpr uint32_t kRegionBlocks = 96;  // each of src and dst
  const size_t src_off = 0, dst_off = kRegionBlocks * 32, addr_off = 2 * kRegionBlocks * 32;
  for (int iter = 0; iter < 60; ++iter) {
    const AddrForm form = static_cast<AddrForm>(rng.Below(3));
    AscendC::TransDataTo5HDParams p(rng.Below(2) == 1, rng.Below(2) == 1, static_cast<uint8_t>(rng.Below(5)),
                                    static_cast<uint16_t>(rng.Below(4)), static_cast<uint16_t>(rng.Below(4)));
    if (iter % 6 == 0) p = AscendC::TransDataTo5HDParams();  // one repeat, strides 0
    // Block indices of the 16 listed addresses, leaving room for the repeat shifts.
    const uint32_t k_max = p.repeatTimes == 1 ? 1 : (p.repeatTimes == 0 ? 0 : p.repeatTimes - 1u);
    uint32_t db[16], sb[16];
    for (int i = 0; i < 16; ++i) {
      db[i] = static_cast<uint32_t>(rng.Below(kRegionBlocks - k_max * p.dstRepStride));
      sb[i] = static_cast<uint32_t>(rng.Below(kRegionBlocks - k_max * p.srcRepStride));
    }
    std::vector<uint8_t> image(addr_off + 512, kSentinel);
    const std::vector<uint8_t> src = RandomBitsVec<uint8_t>(rng, kRegionBlocks * 32);
    Put(image, src_off, src.data(), src.size());
    std::vector<uint8_t> want = image;
    for (uint32_t r = 0; r < p.repeatTimes; ++r) {
      const uint32_t k = p.repeatTimes == 1 ? 1 : r;
      uint8_t tile[16][32];
      for (int j = 0; j < 16; ++j) std::memcpy(tile[j], want.data() + src_off + (sb[j] + k * p.srcRepStride) * 32, 32);
      for (int i = 0; i < 16; ++i) {
        uint8_t* d = want.data() + dst_off + (db[i] + k * p.dstRepStride) * 32;
        for (int j = 0; j < 16; ++j) {
          if (sizeof(T) == 4) {
            // The 16 x 8 matrix of blocks transposed to 8 x 16, stored row-major
            // across the destination blocks: element (k, j) of the transpose is
            // src block j, element k, at linear position 16 k + j.
            if (j < 8) {
              const int lin = 8 * i + j;  // dst block i, element j
              const int k = lin / 16, col = lin % 16;
              std::memcpy(d + 4 * j, tile[col] + 4 * k, 4);
            }
          } else if (sizeof(T) == 2) {
            d[2 * j] = tile[j][2 * i];
            d[2 * j + 1] = tile[j][2 * i + 1];
          } else {
            d[(p.dstHighHalf ? 16 : 0) + j] = tile[j][(p.srcHighHalf ? 16 : 0) + i];
          }
        }
      }
    }
    RunOnUb(image, [&](Buf& buf) {
      constexpr uint32_t kE = 32 / sizeof(T);
      const LocalTensor<T> dt = buf.GetWithOffset<T>(kRegionBlocks * kE, static_cast<uint32_t>(dst_off));
      const LocalTensor<T> st = buf.GetWithOffset<T>(kRegionBlocks * kE, static_cast<uint32_t>(src_off));
      if (form == AddrForm::kTensorArray) {
        LocalTensor<T> dl[16], sl[16];
        for (int i = 0; i < 16; ++i) {
          dl[i] = dt[db[i] * kE];
          sl[i] = st[sb[i] * kE];
        }
        AscendC::TransDataTo5HD<T>(dl, sl, p);
        return;
      }
      uint64_t dl[16], sl[16];
      for (int i = 0; i < 16; ++i) {
        dl[i] = reinterpret_cast<uint64_t>(dt[db[i] * kE].GetPhyAddr());
        sl[i] = reinterpret_cast<uint64_t>(st[sb[i] * kE].GetPhyAddr());
      }
      if (form == AddrForm::kRaw) {
        AscendC::TransDataTo5HD<T>(dl, sl, p);
      } else {
        LocalTensor<uint64_t> da = buf.GetWithOffset<uint64_t>(16, static_cast<uint32_t>(addr_off));
        LocalTensor<uint64_t> sa = buf.GetWithOffset<uint64_t>(16, static_cast<uint32_t>(addr_off + 256));
        for (int i = 0; i < 16; ++i) {
          da.SetValue(i, dl[i]);
          sa.SetValue(i, sl[i]);
        }
        AscendC::TransDataTo5HD<T>(da, sa, p);
      }
    });
    // The address tensors are not part of the model.
    const std::string diff = FirstByteDiff(image, want, addr_off, image.size());
    ASSERT_TRUE(diff.empty()) << "TransDataTo5HD<" << aicore::detail::TypeName<T>() << "> iter " << iter << " form "
                              << static_cast<int>(form) << " repeats " << int(p.repeatTimes) << " strides "
                              << p.dstRepStride << "/" << p.srcRepStride << " halves " << p.dstHighHalf << "/"
                              << p.srcHighHalf << ": " << diff;
  }
}

TEST(OpsTransDataTo5HD, RandomAgainstModel) {
  CheckTrans5HD<half>(51);
  CheckTrans5HD<uint8_t>(52);
  CheckTrans5HD<float>(53);
  CheckTrans5HD<int32_t>(54);
}

// The address-list form is seen by the sanitizer: written inputs and the
// outputs read back are initcheck-clean (the vendor's transpose sample,
// scenario 3, was an "uninitialized read" of its output); reading an output
// block the call did not write is still reported.
TEST(OpsTransDataTo5HD, AddressFormIsSeenByInitcheck) {
  for (bool readUnwritten : {false, true}) {
    aicore::ErrorRecorder rec(aicore::kInitcheck);
    aicore::Launch(
        [&] {
          AscendC::TPipe pipe;
          AscendC::TBuf<AscendC::TPosition::VECCALC> src, dst;
          pipe.InitBuffer(src, 16 * 64);
          pipe.InitBuffer(dst, 16 * 64 + 32);
          AscendC::LocalTensor<half> s = src.Get<half>(), d = dst.Get<half>();
          AscendC::Duplicate(s, half(1.0f), 16 * 32);
          uint64_t dl[16], sl[16];
          for (int i = 0; i < 16; ++i) {  // two repeats, 32 bytes per list entry and repeat
            dl[i] = reinterpret_cast<uint64_t>(d[32 * i].GetPhyAddr());
            sl[i] = reinterpret_cast<uint64_t>(s[32 * i].GetPhyAddr());
          }
          AscendC::TransDataTo5HD<half>(dl, sl, AscendC::TransDataTo5HDParams(false, false, 2, 1, 1));
          AscendC::Adds(d, d, half(0.0f), readUnwritten ? 16 * 32 + 16 : 16 * 32);
        },
        1);
    if (readUnwritten) {
      ASSERT_EQ(rec.size(), 1u) << rec.str();
      EXPECT_TRUE(Has(rec.str(), "uninitialized read")) << rec.str();
    } else {
      EXPECT_EQ(rec.size(), 0u) << rec.str();
    }
  }
}

TEST(OpsTransDataTo5HD, Diagnostics) {
  aicore::ErrorKind kind{};
  auto raw = [](int bad, uint64_t delta, AscendC::TransDataTo5HDParams p = AscendC::TransDataTo5HDParams()) {
    return [=](Buf& b) {
      uint64_t dl[16], sl[16];
      for (int i = 0; i < 16; ++i) {
        dl[i] = reinterpret_cast<uint64_t>(b.GetWithOffset<half>(16, 1024 + 32 * i).GetPhyAddr());
        sl[i] = reinterpret_cast<uint64_t>(b.GetWithOffset<half>(16, 32 * i).GetPhyAddr());
      }
      if (bad >= 0) dl[bad] += delta;
      AscendC::TransDataTo5HD<half>(dl, sl, p);
    };
  };
  EXPECT_EQ(ErrorOf(raw(-1, 0)), "");
  std::string e = ErrorOf(raw(3, 2), &kind);
  EXPECT_TRUE(Has(e, "TransDataTo5HD") && Has(e, "dstList[3] is UB byte 1122, not 32-byte aligned")) << e;
  EXPECT_EQ(kind, aicore::ErrorKind::kAlignment);
  e = ErrorOf(raw(7, uint64_t{1} << 40), &kind);
  EXPECT_TRUE(Has(e, "dstList[7]") && Has(e, "is not a Unified Buffer address of this core")) << e;
  EXPECT_EQ(kind, aicore::ErrorKind::kBounds);
  // 4-byte type, tensor-array form: a destination one float off a block
  // boundary, and its clean twin.
  auto f32 = [](uint32_t shift) {
    return [=](Buf& b) {
      LocalTensor<float> dl[16], sl[16];
      for (int i = 0; i < 16; ++i) {
        dl[i] = b.GetWithOffset<float>(8, 1024 + 32 * i + (i == 5 ? shift : 0));
        sl[i] = b.GetWithOffset<float>(8, 32 * i);
      }
      AscendC::TransDataTo5HD<float>(dl, sl, AscendC::TransDataTo5HDParams());
    };
  };
  EXPECT_EQ(ErrorOf(f32(0)), "");
  e = ErrorOf(f32(4), &kind);
  EXPECT_TRUE(Has(e, "TransDataTo5HD") && Has(e, "dst") && Has(e, "test_misc_vector.cpp:")) << e;
  EXPECT_EQ(kind, aicore::ErrorKind::kAlignment);
  // Tensor-array form: a strided repeat footprint past the buffer's end.
  e = ErrorOf([](Buf& b) {
    LocalTensor<half> dl[16], sl[16];
    for (int i = 0; i < 16; ++i) {
      dl[i] = b.GetWithOffset<half>(16, 1024 + 32 * i);
      sl[i] = b.GetWithOffset<half>(16, aicore_test::kUbBytes - 64);
    }
    AscendC::TransDataTo5HD<half>(dl, sl, AscendC::TransDataTo5HDParams(false, false, 3, 1, 1));
  }, &kind);
  EXPECT_TRUE(Has(e, "src operand") && Has(e, "past the end")) << e;
  EXPECT_EQ(kind, aicore::ErrorKind::kBounds);
}

}  // namespace
}  // namespace aicore_test
