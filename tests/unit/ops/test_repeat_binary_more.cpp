// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Binary element-wise instructions, the rest of test_repeat_binary.cpp: And
// Or AddRelu SubRelu MulAddDst FusedMulAdd, in every form against the
// reference model (see repeat_harness.h).

#include <gtest/gtest.h>

#include "unit/ops/repeat_harness.h"

namespace aicore_test {
namespace {

AICORE_BINARY_REPEAT_TEST(And, 1700, int16_t, uint16_t)
AICORE_BINARY_REPEAT_TEST(Or, 1800, int16_t, uint16_t)
AICORE_BINARY_REPEAT_TEST(AddRelu, 1900, half, float, int16_t)
AICORE_BINARY_REPEAT_TEST(SubRelu, 2000, half, float, int16_t)

// dst = src0 * src1 + dst, including half sources into a float dst (64
// lanes per repeat; the half sources cover 4 blocks per repeat).
template <class TDx, class TSx>
void MulAddDstCase(uint64_t seed) {
  using TD = TDx;
  using TS = TSx;
  OpDef<TD, TS> op;
  op.name = "MulAddDst";
  op.n_src = 2;
  op.dst_in = true;
  op.run = AICORE_RUN_BINARY2(MulAddDst);
  op.ref = [](TS a, TS b, TD d, uint64_t, TS) { return ref::MulAdd<TD, TS>(a, b, d); };
  op.gen_src = DefaultGen<TS>;
  op.gen_dst = DefaultGen<TD>;
  RunOp(op, seed);
}
TEST(OpsRepeatBinary, MulAddDst) {
  MulAddDstCase<half, half>(2101);
  MulAddDstCase<float, float>(2102);
  MulAddDstCase<float, half>(2103);
}

// dst = src0 * dst + src1.
TEST(OpsRepeatBinary, FusedMulAdd) {
  ForEachType<half, float>([](auto tag) {
    using TD = decltype(tag);
    using TS = TD;
    OpDef<TD, TS> op;
    op.name = "FusedMulAdd";
    op.n_src = 2;
    op.dst_in = true;
    op.run = AICORE_RUN_BINARY(FusedMulAdd);
    op.ref = [](TS a, TS b, TD d, uint64_t, TS) { return ref::MulAdd<TD, TS>(a, d, b); };
    op.gen_src = DefaultGen<TS>;
    op.gen_dst = DefaultGen<TD>;
    RunOp(op, 2200 + sizeof(TD));
  });
}

// A fused multiply-add rounds once: (1 + 2^-23) * (1 - 2^-23) - 1 = -2^-46
// exactly (a separate product would round to 1 and give 0).
TEST(OpsRepeatBinary, MulAddIsFused) {
#if AICORE_SIMD_FMA
  std::vector<uint8_t> image(3 * 256, 0);
  const float a = 1.0f + 0x1p-23f, b = 1.0f - 0x1p-23f, c = -1.0f;
  for (int i = 0; i < 64; ++i) {
    Put(image, 4 * i, &a, 1);
    Put(image, 256 + 4 * i, &b, 1);
    Put(image, 512 + 4 * i, &c, 1);
  }
  RunOnUb(image, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
    AscendC::MulAddDst(buf.GetWithOffset<float>(64, 512), buf.GetWithOffset<float>(64, 0),
                       buf.GetWithOffset<float>(64, 256), 64);
  });
  for (int i = 0; i < 64; ++i) EXPECT_EQ(Get<float>(image, 512, i), -0x1p-46f) << i;
#else
  GTEST_SKIP() << "target without FMA: MulAddDst rounds the product";
#endif
}

}  // namespace
}  // namespace aicore_test
