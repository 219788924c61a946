// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Vector-scalar and fill instructions (Adds Muls Maxs Mins LeakyRelu
// ShiftLeft ShiftRight Axpy, Duplicate CreateVecIndex, Brcb) in every form
// against the reference model (see repeat_harness.h), bit-exact. The unary
// instructions are in test_repeat_unary.cpp.

#include <gtest/gtest.h>

#include "unit/ops/repeat_harness.h"

namespace aicore_test {
namespace {

// ---------------------------------------------------------------------------
// Vector-scalar.

template <class T>
OpDef<T, T> Scalar(const char* name, decltype(OpDef<T, T>::run) run, T (*model)(T, T)) {
  OpDef<T, T> op;
  op.name = name;
  op.n_src = 1;
  op.run = std::move(run);
  op.ref = [model](T a, T, T, uint64_t, T s) { return model(a, s); };
  op.gen_src = DefaultGen<T>;
  op.gen_dst = DefaultGen<T>;
  op.gen_scalar = DefaultGen<T>;
  return op;
}

#define AICORE_SCALAR_REPEAT_TEST(OP, SEED, ...)                                      \
  TEST(OpsRepeatScalar, OP) {                                                         \
    ForEachType<__VA_ARGS__>([](auto tag) {                                           \
      using TD = decltype(tag);                                                       \
      using TS = TD;                                                                  \
      RunOp(Scalar<TD>(#OP, AICORE_RUN_SCALAR(OP), &ref::OP<TD>), SEED + sizeof(TD)); \
    });                                                                               \
  }

AICORE_SCALAR_REPEAT_TEST(Adds, 4100, half, float, int16_t, int32_t)
AICORE_SCALAR_REPEAT_TEST(Muls, 4200, half, float, int16_t, int32_t)
AICORE_SCALAR_REPEAT_TEST(Maxs, 4300, half, float, int16_t, int32_t)
AICORE_SCALAR_REPEAT_TEST(Mins, 4400, half, float, int16_t, int32_t)
AICORE_SCALAR_REPEAT_TEST(LeakyRelu, 4500, half, float)

// Shift counts in [0, bits).
template <class T>
T RandomShift(Rng& r) {
  return static_cast<T>(r.Below(8 * sizeof(T)));
}

TEST(OpsRepeatScalar, ShiftLeft) {
  ForEachType<int16_t, uint16_t, int32_t, uint32_t>([](auto tag) {
    using TD = decltype(tag);
    using TS = TD;
    OpDef<TD, TS> op;
    op.name = "ShiftLeft";
    op.run = AICORE_RUN_SCALAR(ShiftLeft);
    op.ref = [](TS a, TS, TD, uint64_t, TS s) { return ref::ShiftLeft(a, static_cast<int>(s)); };
    op.gen_src = DefaultGen<TS>;
    op.gen_dst = DefaultGen<TD>;
    op.gen_scalar = RandomShift<TS>;
    RunOp(op, 4600 + sizeof(TD));
  });
}

template <bool kRound>
void ShiftRightTest() {
  ForEachType<int16_t, uint16_t, int32_t, uint32_t>([](auto tag) {
    using TD = decltype(tag);
    using TS = TD;
    OpDef<TD, TS> op;
    op.name = kRound ? "ShiftRight(roundEn)" : "ShiftRight";
    op.run = AICORE_RUN_SCALAR(ShiftRight, , kRound);
    op.ref = [](TS a, TS, TD, uint64_t, TS s) {
      return ref::ShiftRight(a, static_cast<int>(s), kRound);
    };
    op.gen_src = DefaultGen<TS>;
    op.gen_dst = DefaultGen<TD>;
    op.gen_scalar = RandomShift<TS>;
    RunOp(op, 4700 + sizeof(TD) + (kRound ? 50 : 0));
  });
}
TEST(OpsRepeatScalar, ShiftRight) { ShiftRightTest<false>(); }
TEST(OpsRepeatScalar, ShiftRightRound) { ShiftRightTest<true>(); }

// Counts outside [0, bits) are parameter errors; the edge counts work.
TEST(OpsRepeatScalar, ShiftCountRange) {
  std::vector<uint8_t> image(512, 0);
  for (int s : {-1, 16, 17}) {
    try {
      RunOnUb(image, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
        auto t = buf.GetWithOffset<int16_t>(128, 0);
        AscendC::ShiftLeft(t, t, static_cast<int16_t>(s), 16);
      });
      ADD_FAILURE() << "shift count " << s << " accepted";
    } catch (const aicore::KernelError& e) {
      EXPECT_EQ(e.kind(), aicore::ErrorKind::kParameter) << e.what();
      EXPECT_NE(std::string(e.what()).find("shift count"), std::string::npos) << e.what();
    }
  }
  RunOnUb(image, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
    auto t = buf.GetWithOffset<int16_t>(128, 0);
    AscendC::ShiftLeft(t, t, int16_t{15}, 16);
    AscendC::ShiftRight(t, t, int16_t{0}, 16, true);
  });
}

// Axpy: dst = src * scalar + dst, also half sources into a float dst.
template <class TDx, class TSx>
void AxpyCase(uint64_t seed) {
  using TD = TDx;
  using TS = TSx;
  OpDef<TD, TS> op;
  op.name = "Axpy";
  op.n_src = 1;
  op.dst_in = true;
  op.run = [](const LocalTensor<TD>& d, const LocalTensor<TS>& a, const LocalTensor<TS>&,
              const Case& c, TS s) {
    if (c.mode == MaskMode::kCountForm) {
      AscendC::Axpy(d, a, s, static_cast<int32_t>(c.count));
      return;
    }
    const AscendC::UnaryRepeatParams p = UnaryParams(c);
    if (!c.SetMask()) {
      AscendC::Axpy<TD, TS, false>(d, a, s, AscendC::MASK_PLACEHOLDER, c.repeat, p);
    } else if (c.BitsArg()) {
      AscendC::Axpy<TD, TS, true>(d, a, s, c.BitsPtr(), c.repeat, p);
    } else {
      AscendC::Axpy<TD, TS, true>(d, a, s, c.ContArg(), c.repeat, p);
    }
  };
  op.ref = [](TS a, TS, TD d, uint64_t, TS s) { return ref::MulAdd<TD, TS>(a, s, d); };
  op.gen_src = DefaultGen<TS>;
  op.gen_dst = DefaultGen<TD>;
  op.gen_scalar = DefaultGen<TS>;
  RunOp(op, seed);
}
TEST(OpsRepeatScalar, Axpy) {
  AxpyCase<half, half>(4801);
  AxpyCase<float, float>(4802);
  AxpyCase<float, half>(4803);
}

// ---------------------------------------------------------------------------
// Duplicate and CreateVecIndex (no source).

#define AICORE_RUN_FILL(OP, CAST_COUNT)                                                          \
  [](const LocalTensor<TD>& d, const LocalTensor<TS>&, const LocalTensor<TS>&, const Case& c,   \
     TS s) {                                                                                     \
    if (c.mode == MaskMode::kCountForm) {                                                        \
      AscendC::OP(d, s, static_cast<CAST_COUNT>(c.count));                                       \
      return;                                                                                    \
    }                                                                                            \
    const uint16_t blk = static_cast<uint16_t>(c.d.blk);                                         \
    const uint8_t rep = static_cast<uint8_t>(c.d.rep);                                           \
    if (!c.SetMask()) {                                                                          \
      AscendC::OP<TD, false>(d, s, AscendC::MASK_PLACEHOLDER, c.repeat, blk, rep);               \
    } else if (c.BitsArg()) {                                                                    \
      AscendC::OP<TD, true>(d, s, c.BitsPtr(), c.repeat, blk, rep);                              \
    } else {                                                                                     \
      AscendC::OP<TD, true>(d, s, c.ContArg(), c.repeat, blk, rep);                              \
    }                                                                                            \
  }

TEST(OpsRepeatFill, Duplicate) {
  ForEachType<half, bfloat16_t, float, int16_t, uint16_t, int32_t, uint32_t>([](auto tag) {
    using TD = decltype(tag);
    using TS = TD;
    OpDef<TD, TS> op;
    op.name = "Duplicate";
    op.n_src = 0;
    op.run = AICORE_RUN_FILL(Duplicate, int32_t);
    op.ref = [](TS, TS, TD, uint64_t, TS s) { return s; };
    op.gen_scalar = DefaultGen<TS>;
    RunOp(op, 5100 + sizeof(TD));
  });
}

TEST(OpsRepeatFill, CreateVecIndex) {
  ForEachType<half, float, int16_t, int32_t>([](auto tag) {
    using TD = decltype(tag);
    using TS = TD;
    OpDef<TD, TS> op;
    op.name = "CreateVecIndex";
    op.n_src = 0;
    op.run = AICORE_RUN_FILL(CreateVecIndex, uint32_t);
    op.ref = [](TS, TS, TD, uint64_t i, TS s) { return ref::VecIndex(s, i); };
    op.gen_scalar = DefaultGen<TS>;
    RunOp(op, 5200 + sizeof(TD));
  });
}

// ---------------------------------------------------------------------------
// Brcb.

template <class T>
void BrcbRandom(uint64_t seed) {
  Rng rng(seed);
  for (int iter = 0; iter < 200; ++iter) {
    uint32_t reps = static_cast<uint32_t>(iter < 3 ? (iter == 0 ? 0 : (iter == 1 ? 1 : 255))
                                                    : (rng.Below(4) ? rng.Below(12) : rng.Below(256)));
    uint32_t blk = static_cast<uint32_t>(rng.Below(4) ? 1 : rng.Below(5));
    uint32_t rep = static_cast<uint32_t>(rng.Below(3) ? 8 * std::max(blk, 1u) : rng.Below(20));
    const size_t budget = 100 * 1024;
    if (reps > 1 && size_t{reps - 1} * rep * 32 + 7 * blk * 32 + 32 > budget) {
      rep = static_cast<uint32_t>((budget - 7 * blk * 32 - 32) / (size_t{reps - 1} * 32));
    }
    const size_t src_bytes = Round32(size_t{reps} * 8 * sizeof(T));
    const size_t src = 32 * rng.Below(3);
    size_t dst = src + src_bytes + 32 * rng.Below(3);
    const bool overlap = rng.Below(5) == 0;
    if (overlap) dst = src;  // in place: each repeat reads before it writes
    const size_t dst_span = reps == 0 ? 0 : size_t{reps - 1} * rep * 32 + 7 * blk * 32 + 32;
    std::vector<uint8_t> image(std::max(src + src_bytes, dst + dst_span) + 64);
    for (auto& b : image) b = static_cast<uint8_t>(rng.Next());
    std::vector<uint8_t> want = image;
    ref::Brcb<T>(want.data(), dst, src, reps, blk, rep);
    RunOnUb(image, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
      AscendC::Brcb(buf.GetWithOffset<T>(static_cast<uint32_t>((kUbBytes - dst) / sizeof(T)),
                                         static_cast<uint32_t>(dst)),
                    buf.GetWithOffset<T>(static_cast<uint32_t>((kUbBytes - src) / sizeof(T)),
                                         static_cast<uint32_t>(src)),
                    static_cast<int32_t>(reps),
                    AscendC::BrcbRepeatParams(static_cast<uint16_t>(blk), static_cast<uint16_t>(rep)));
    });
    const std::string diff = FirstByteDiff(image, want, 0, 0);
    if (!diff.empty()) {
      ADD_FAILURE() << "Brcb<" << aicore::detail::TypeName<T>() << "> repeats " << reps << " blk "
                    << blk << " rep " << rep << " src @" << src << " dst @" << dst << ": " << diff;
      return;
    }
  }
}
TEST(OpsRepeatFill, Brcb) {
  BrcbRandom<half>(5301);
  BrcbRandom<float>(5302);
  BrcbRandom<int16_t>(5303);
  BrcbRandom<uint32_t>(5304);
}

}  // namespace
}  // namespace aicore_test
