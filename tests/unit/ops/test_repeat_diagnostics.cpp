// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Diagnostics of the repeat-form instructions and Cast: each buggy kernel
// raises aicore::KernelError of the right kind naming the API, the kernel,
// the block, this file and the line of the call, and the offending values;
// the same kernel without the bug runs silently. Bugs: a continuous mask
// beyond the lanes of a repeat, a bit mask with lanes beyond the repeat,
// footprints (repeat stride, block stride, counter mode) outside the
// operand's buffer, unaligned operands, repeatTimes outside [0, 255], an
// unsupported Cast RoundMode, a shift count outside [0, bits).
#include <aicore/aicore.h>
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

using namespace AscendC;

namespace {

constexpr uint32_t kBlocks = 4;
constexpr int32_t kBadBlock = 2;

std::atomic<int> g_line{0};
#define MARK_NEXT_LINE() g_line.store(__LINE__ + 1, std::memory_order_relaxed)

bool Bug(int32_t buggy) { return buggy != 0 && GetBlockIdx() == kBadBlock; }

struct Want {
  aicore::ErrorKind kind;
  std::string api;
  std::string kernel;
  std::vector<std::string> fragments;
};

std::string Basename(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

template <class F>
void ExpectFails(F&& launch, const Want& w) {
  g_line.store(0);
  try {
    launch();
  } catch (const aicore::KernelError& e) {
    const std::string what = e.what();
    SCOPED_TRACE(what);
    EXPECT_EQ(e.kind(), w.kind);
    EXPECT_EQ(e.api(), w.api);
    EXPECT_EQ(e.kernel(), w.kernel);
    EXPECT_EQ(e.block(), kBadBlock);
    EXPECT_EQ(Basename(e.file()), "test_repeat_diagnostics.cpp");
    EXPECT_GT(g_line.load(), 0);
    EXPECT_EQ(e.line(), g_line.load());
    EXPECT_NE(what.find(std::string(aicore::ErrorKindName(w.kind)) + " error in " + w.api),
              std::string::npos);
    for (const std::string& f : w.fragments) {
      EXPECT_NE(what.find(f), std::string::npos) << "missing fragment: " << f;
    }
    return;
  } catch (const std::exception& e) {
    ADD_FAILURE() << "unexpected exception type: " << e.what();
    return;
  }
  ADD_FAILURE() << "the buggy kernel raised no error";
}

template <class F>
void ExpectSilent(F&& launch) {
  ::testing::internal::CaptureStdout();
  ::testing::internal::CaptureStderr();
  std::string error;
  try {
    launch();
  } catch (const std::exception& e) {
    error = e.what();
  }
  const std::string out = ::testing::internal::GetCapturedStdout();
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(error, "") << "the clean kernel failed";
  EXPECT_EQ(out, "");
  EXPECT_EQ(err, "");
}

using K = aicore::ErrorKind;

// A 1 KiB scratch buffer: 512 half / 256 float.
#define SCRATCH()                 \
  TPipe pipe;                     \
  TBuf<TPosition::VECCALC> buf;   \
  pipe.InitBuffer(buf, 1024)

// ---------------------------------------------------------------------------
// Kernels.

void continuous_mask_too_wide(int32_t buggy) {
  SCRATCH();
  LocalTensor<float> t = buf.Get<float>();
  const uint64_t mask = Bug(buggy) ? 65 : 64;
  MARK_NEXT_LINE();
  Add(t, t, t, mask, 1, BinaryRepeatParams());
}

void bit_mask_beyond_lanes(int32_t buggy) {
  SCRATCH();
  LocalTensor<float> t = buf.Get<float>();
  const uint64_t mask[2] = {0xFFull, Bug(buggy) ? 1ull : 0ull};
  MARK_NEXT_LINE();
  Exp(t, t, mask, 2, UnaryRepeatParams());
}

void repeat_stride_footprint(int32_t buggy) {
  SCRATCH();
  LocalTensor<half> t = buf.Get<half>();
  const int32_t repeats = Bug(buggy) ? 5 : 4;  // 4 x 256 bytes fill the buffer
  MARK_NEXT_LINE();
  Muls(t, t, half(2.0f), uint64_t{128}, repeats, UnaryRepeatParams());
}

void block_stride_footprint(int32_t buggy) {
  SCRATCH();
  LocalTensor<float> src = buf.Get<float>();
  LocalTensor<float> dst = buf.Get<float>()[128];  // the second 512 bytes
  // Block stride 2: a repeat spans 7 * 64 + 32 = 480 bytes; 3 would be 704.
  const uint8_t blk = Bug(buggy) ? 3 : 2;
  MARK_NEXT_LINE();
  Add(dst, src, src, uint64_t{64}, 1, BinaryRepeatParams(blk, 1, 1, 8, 8, 8));
}

void counter_mode_footprint(int32_t buggy) {
  SCRATCH();
  LocalTensor<float> t = buf.Get<float>();
  SetMaskCount();
  SetVectorMask<float>(0, Bug(buggy) ? 257 : 256);
  MARK_NEXT_LINE();
  Relu<float, false>(t, t, MASK_PLACEHOLDER, 1, UnaryRepeatParams());
  SetMaskNorm();
}

void unaligned_operand(int32_t buggy) {
  SCRATCH();
  LocalTensor<half> t = buf.Get<half>();
  const uint32_t at = Bug(buggy) ? 8 : 16;  // 16 bytes is not 32-byte aligned
  MARK_NEXT_LINE();
  Max(t[256], t[at], t, uint64_t{128}, 1, BinaryRepeatParams());
}

void repeat_times_too_large(int32_t buggy) {
  SCRATCH();
  LocalTensor<float> t = buf.Get<float>();
  const int32_t repeats = Bug(buggy) ? 256 : 255;  // stride 0: every repeat on the same bytes
  MARK_NEXT_LINE();
  Duplicate(t, 1.0f, uint64_t{64}, repeats, 1, 0);
}

void repeat_times_negative(int32_t buggy) {
  SCRATCH();
  LocalTensor<float> t = buf.Get<float>();
  const int32_t repeats = Bug(buggy) ? -1 : 0;
  MARK_NEXT_LINE();
  Sqrt(t, t, uint64_t{64}, repeats, UnaryRepeatParams());
}

void cast_unsupported_mode(int32_t buggy) {
  SCRATCH();
  LocalTensor<half> h = buf.Get<half>();
  LocalTensor<int32_t> i = buf.Get<int32_t>()[128];
  const RoundMode mode = Bug(buggy) ? RoundMode::CAST_ODD : RoundMode::CAST_TRUNC;
  MARK_NEXT_LINE();
  Cast(i, h, mode, uint64_t{64}, 1, UnaryRepeatParams(1, 1, 8, 4));
}

void cast_mode_out_of_range(int32_t buggy) {
  SCRATCH();
  LocalTensor<float> f = buf.Get<float>();
  LocalTensor<half> h = buf.Get<half>()[256];
  const RoundMode mode = Bug(buggy) ? static_cast<RoundMode>(42) : RoundMode::CAST_ODD;
  MARK_NEXT_LINE();
  Cast(h, f, mode, 64u);
}

void shift_count_out_of_range(int32_t buggy) {
  SCRATCH();
  LocalTensor<int32_t> t = buf.Get<int32_t>();
  const int32_t s = Bug(buggy) ? 32 : 31;
  MARK_NEXT_LINE();
  ShiftRight(t, t, s, uint64_t{64}, 2, UnaryRepeatParams());
}

void brcb_repeat_times_too_large(int32_t buggy) {
  SCRATCH();
  LocalTensor<half> t = buf.Get<half>();
  const int32_t repeats = Bug(buggy) ? 300 : 2;
  MARK_NEXT_LINE();
  Brcb(t[256], t, repeats, BrcbRepeatParams(1, 0));
}

// ---------------------------------------------------------------------------
// Tests: a pool smaller than, equal to and larger than the block count.

class RepeatDiagnostics : public ::testing::TestWithParam<uint32_t> {
 protected:
  void SetUp() override { aicore::SetNumThreads(GetParam()); }
};

TEST_P(RepeatDiagnostics, ContinuousMaskBeyondLanes) {
  ExpectFails([] { AICORE_LAUNCH(continuous_mask_too_wide, kBlocks, 1); },
              {K::kParameter, "Add", "continuous_mask_too_wide",
               {"continuous mask 65 is outside [1, 64] lanes per repeat"}});
  ExpectSilent([] { AICORE_LAUNCH(continuous_mask_too_wide, kBlocks, 0); });
}

TEST_P(RepeatDiagnostics, BitMaskBeyondLanes) {
  ExpectFails([] { AICORE_LAUNCH(bit_mask_beyond_lanes, kBlocks, 1); },
              {K::kParameter, "Exp", "bit_mask_beyond_lanes",
               {"bit mask {255, 1} selects lanes beyond the 64 lanes of a repeat"}});
  ExpectSilent([] { AICORE_LAUNCH(bit_mask_beyond_lanes, kBlocks, 0); });
}

TEST_P(RepeatDiagnostics, RepeatStrideFootprintOutsideBuffer) {
  ExpectFails([] { AICORE_LAUNCH(repeat_stride_footprint, kBlocks, 1); },
              {K::kBounds, "Muls", "repeat_stride_footprint",
               {"dst footprint of 5 repeats (block stride 1, repeat stride 8",
                "covers 1280 bytes from byte offset 0 and ends 256 bytes past the end of the "
                "1024-byte TBuf"}});
  ExpectSilent([] { AICORE_LAUNCH(repeat_stride_footprint, kBlocks, 0); });
}

TEST_P(RepeatDiagnostics, BlockStrideFootprintOutsideBuffer) {
  ExpectFails([] { AICORE_LAUNCH(block_stride_footprint, kBlocks, 1); },
              {K::kBounds, "Add", "block_stride_footprint",
               {"dst footprint of 1 repeat (block stride 3, repeat stride 8",
                "covers 704 bytes from byte offset 512 and ends 192 bytes past the end"}});
  ExpectSilent([] { AICORE_LAUNCH(block_stride_footprint, kBlocks, 0); });
}

TEST_P(RepeatDiagnostics, CounterModeFootprintOutsideBuffer) {
  ExpectFails([] { AICORE_LAUNCH(counter_mode_footprint, kBlocks, 1); },
              {K::kBounds, "Relu", "counter_mode_footprint",
               {"dst footprint of 5 repeats", "counter mode 257 elements",
                "ends 32 bytes past the end of the 1024-byte TBuf"}});
  ExpectSilent([] { AICORE_LAUNCH(counter_mode_footprint, kBlocks, 0); });
}

TEST_P(RepeatDiagnostics, UnalignedOperand) {
  ExpectFails([] { AICORE_LAUNCH(unaligned_operand, kBlocks, 1); },
              {K::kAlignment, "Max", "unaligned_operand",
               {"src0 operand starts at element offset 8 (byte offset 16", "not 32-byte aligned"}});
  ExpectSilent([] { AICORE_LAUNCH(unaligned_operand, kBlocks, 0); });
}

TEST_P(RepeatDiagnostics, RepeatTimesAbove255) {
  ExpectFails([] { AICORE_LAUNCH(repeat_times_too_large, kBlocks, 1); },
              {K::kParameter, "Duplicate", "repeat_times_too_large",
               {"repeatTimes 256 is outside [0, 255]"}});
  ExpectSilent([] { AICORE_LAUNCH(repeat_times_too_large, kBlocks, 0); });
}

TEST_P(RepeatDiagnostics, RepeatTimesNegative) {
  ExpectFails([] { AICORE_LAUNCH(repeat_times_negative, kBlocks, 1); },
              {K::kParameter, "Sqrt", "repeat_times_negative",
               {"repeatTimes -1 is outside [0, 255]"}});
  ExpectSilent([] { AICORE_LAUNCH(repeat_times_negative, kBlocks, 0); });
}

TEST_P(RepeatDiagnostics, CastUnsupportedRoundMode) {
  ExpectFails([] { AICORE_LAUNCH(cast_unsupported_mode, kBlocks, 1); },
              {K::kParameter, "Cast", "cast_unsupported_mode",
               {"RoundMode CAST_ODD is not supported for half -> int32_t"}});
  ExpectSilent([] { AICORE_LAUNCH(cast_unsupported_mode, kBlocks, 0); });
}

TEST_P(RepeatDiagnostics, CastRoundModeOutOfRange) {
  ExpectFails([] { AICORE_LAUNCH(cast_mode_out_of_range, kBlocks, 1); },
              {K::kParameter, "Cast", "cast_mode_out_of_range",
               {"RoundMode 42 is not supported for float -> half"}});
  ExpectSilent([] { AICORE_LAUNCH(cast_mode_out_of_range, kBlocks, 0); });
}

TEST_P(RepeatDiagnostics, ShiftCountOutOfRange) {
  ExpectFails([] { AICORE_LAUNCH(shift_count_out_of_range, kBlocks, 1); },
              {K::kParameter, "ShiftRight", "shift_count_out_of_range",
               {"shift count 32 is outside [0, 32) for int32_t"}});
  ExpectSilent([] { AICORE_LAUNCH(shift_count_out_of_range, kBlocks, 0); });
}

TEST_P(RepeatDiagnostics, BrcbRepeatTimesAbove255) {
  ExpectFails([] { AICORE_LAUNCH(brcb_repeat_times_too_large, kBlocks, 1); },
              {K::kParameter, "Brcb", "brcb_repeat_times_too_large",
               {"repeatTimes 300 is outside [0, 255]"}});
  ExpectSilent([] { AICORE_LAUNCH(brcb_repeat_times_too_large, kBlocks, 0); });
}

INSTANTIATE_TEST_SUITE_P(Pools, RepeatDiagnostics, ::testing::Values(1u, 2u, 8u));

}  // namespace
