// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Every diagnostic: a buggy kernel must raise aicore::KernelError with the
// right kind and a message naming the API, the kernel, the block, this file
// and the line of the offending call, and the offending values; the same
// kernel without the bug must run silently. Plus: the first error of a launch
// wins, the other blocks stop, and the pool is clean for the next launch.
//
// Each kernel takes `buggy`: 0 runs the clean variant in every block, 1 puts
// the bug in block kBadBlock only (the other blocks run the clean code), so
// the expected block index is known. MARK_NEXT_LINE() records the line of the
// offending call, which must be on the next line.
#include <aicore/aicore.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using namespace AscendC;

namespace {

constexpr uint32_t kBlocks = 4;
constexpr int64_t kBadBlock = 2;
constexpr uint32_t kLen = 64;  // elements per block in GM and per UB tile

std::atomic<int> g_line{0};
#define MARK_NEXT_LINE() g_line.store(__LINE__ + 1, std::memory_order_relaxed)

bool Bug(int32_t buggy) { return buggy != 0 && GetBlockIdx() == kBadBlock; }

// ---------------------------------------------------------------------------
// Checking helpers.

struct Want {
  aicore::ErrorKind kind;
  std::string api;
  std::string kernel;
  int32_t block;  // -1: not inside a block
  std::vector<std::string> fragments;
};

std::string Basename(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

void CheckError(const aicore::KernelError& e, const Want& w, int line) {
  const std::string what = e.what();
  SCOPED_TRACE(what);
  EXPECT_EQ(e.kind(), w.kind);
  EXPECT_EQ(e.api(), w.api);
  EXPECT_EQ(e.kernel(), w.kernel);
  EXPECT_EQ(e.block(), w.block);
  EXPECT_NE(what.find(std::string("aicore: ") + aicore::ErrorKindName(w.kind) + " error in " +
                      w.api),
            std::string::npos);
  EXPECT_NE(what.find("kernel " + w.kernel), std::string::npos);
  if (w.block >= 0) {
    EXPECT_NE(what.find("block " + std::to_string(w.block) + " of "), std::string::npos);
  }
  EXPECT_EQ(Basename(e.file()), "test_diagnostics.cpp");
  EXPECT_EQ(e.line(), line);
  EXPECT_GT(line, 0);
  EXPECT_NE(what.find("test_diagnostics.cpp:" + std::to_string(line) + " "), std::string::npos);
  for (const std::string& f : w.fragments) {
    EXPECT_NE(what.find(f), std::string::npos) << "missing fragment: " << f;
  }
}

// Runs a launch expected to fail; returns the error.
template <class F>
std::optional<aicore::KernelError> Failing(F&& launch) {
  g_line.store(0);
  try {
    launch();
  } catch (const aicore::KernelError& e) {
    return e;
  } catch (const std::exception& e) {
    ADD_FAILURE() << "unexpected exception type: " << e.what();
    return std::nullopt;
  }
  ADD_FAILURE() << "the buggy kernel raised no error";
  return std::nullopt;
}

template <class F>
void ExpectFails(F&& launch, const Want& w) {
  auto e = Failing(std::forward<F>(launch));
  if (e) CheckError(*e, w, g_line.load());
}

// Runs a launch expected to succeed without printing anything.
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

// Per-launch GM: kBlocks slices of kLen floats plus one slice of slack (so a
// missed bounds check could not corrupt the host heap).
struct Gm {
  std::vector<float> x = std::vector<float>((kBlocks + 1) * kLen, 1.0f);
  std::vector<float> y = std::vector<float>((kBlocks + 1) * kLen, 2.0f);
  GM_ADDR X() { return reinterpret_cast<GM_ADDR>(x.data()); }
  GM_ADDR Y() { return reinterpret_cast<GM_ADDR>(y.data()); }
};

// ---------------------------------------------------------------------------
// Kernels.

void init_buffer_overflow(int32_t buggy) {
  TPipe pipe;
  TQue<TPosition::VECIN, 2> q;
  TBuf<> scratch;
  pipe.InitBuffer(q, 2, 64 * 1024);  // 128 KiB of the 192 KiB UB
  const uint32_t bytes = Bug(buggy) ? 64 * 1024 + 1 : 64 * 1024;
  MARK_NEXT_LINE();
  pipe.InitBuffer(scratch, bytes);
}

void alloc_without_free_buffer(int32_t buggy) {
  TPipe pipe;
  TQue<TPosition::VECIN, 2> q;
  pipe.InitBuffer(q, 2, kLen * sizeof(float));
  LocalTensor<float> a = q.AllocTensor<float>();
  LocalTensor<float> b = q.AllocTensor<float>();
  if (!Bug(buggy)) q.FreeTensor(a);
  MARK_NEXT_LINE();
  LocalTensor<float> c = q.AllocTensor<float>();
  q.FreeTensor(b);
  q.FreeTensor(c);
}

void deque_on_empty(int32_t buggy) {
  TPipe pipe;
  TQue<TPosition::VECIN, 2> q;
  pipe.InitBuffer(q, 2, kLen * sizeof(float));
  LocalTensor<float> a = q.AllocTensor<float>();
  if (!Bug(buggy)) q.EnQue(a);
  MARK_NEXT_LINE();
  LocalTensor<float> d = q.DeQue<float>();
  q.FreeTensor(d);
}

void enque_foreign_tensor(int32_t buggy) {
  TPipe pipe;
  TQue<TPosition::VECIN, 1> in, other;
  pipe.InitBuffer(in, 1, kLen * sizeof(float));
  pipe.InitBuffer(other, 1, kLen * sizeof(float));
  LocalTensor<float> a = in.AllocTensor<float>();
  auto& target = Bug(buggy) ? other : in;
  MARK_NEXT_LINE();
  target.EnQue(a);
  LocalTensor<float> d = in.DeQue<float>();
  in.FreeTensor(d);
}

void free_tensor_twice(int32_t buggy) {
  TPipe pipe;
  TQue<TPosition::VECOUT, 2> q;
  pipe.InitBuffer(q, 2, kLen * sizeof(float));
  LocalTensor<float> a = q.AllocTensor<float>();
  q.FreeTensor(a);
  if (!Bug(buggy)) a = q.AllocTensor<float>();
  MARK_NEXT_LINE();
  q.FreeTensor(a);
}

void copy_unaligned_length(GM_ADDR x, int32_t buggy) {
  TPipe pipe;
  TQue<TPosition::VECIN, 1> q;
  pipe.InitBuffer(q, 1, kLen * sizeof(float));
  GlobalTensor<float> xGm;
  xGm.SetGlobalBuffer(reinterpret_cast<float*>(x) + kLen * GetBlockIdx(), kLen);
  LocalTensor<float> xLocal = q.AllocTensor<float>();
  const uint32_t count = Bug(buggy) ? 10 : 16;
  MARK_NEXT_LINE();
  DataCopy(xLocal, xGm, count);
  q.FreeTensor(xLocal);
}

void copy_to_unaligned_ub(GM_ADDR x, int32_t buggy) {
  TPipe pipe;
  TQue<TPosition::VECIN, 1> q;
  pipe.InitBuffer(q, 1, kLen * sizeof(float));
  GlobalTensor<float> xGm;
  xGm.SetGlobalBuffer(reinterpret_cast<float*>(x) + kLen * GetBlockIdx(), kLen);
  LocalTensor<float> xLocal = q.AllocTensor<float>();
  const uint32_t at = Bug(buggy) ? 3 : 8;
  MARK_NEXT_LINE();
  DataCopy(xLocal[at], xGm, 8);
  q.FreeTensor(xLocal);
}

void copy_beyond_gm_size(GM_ADDR x, int32_t buggy) {
  TPipe pipe;
  TQue<TPosition::VECIN, 1> q;
  pipe.InitBuffer(q, 1, kLen * sizeof(float));
  GlobalTensor<float> xGm;
  xGm.SetGlobalBuffer(reinterpret_cast<float*>(x) + kLen * GetBlockIdx(), kLen);
  LocalTensor<float> xLocal = q.AllocTensor<float>();
  const uint32_t count = Bug(buggy) ? kLen : kLen / 2;
  MARK_NEXT_LINE();
  DataCopy(xLocal, xGm[kLen / 2], count);
  q.FreeTensor(xLocal);
}

void get_value_beyond_gm_size(GM_ADDR x, GM_ADDR y, int32_t buggy) {
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer(reinterpret_cast<float*>(x) + kLen * GetBlockIdx(), kLen);
  yGm.SetGlobalBuffer(reinterpret_cast<float*>(y) + kLen * GetBlockIdx(), kLen);
  const uint64_t i = Bug(buggy) ? kLen : kLen - 1;
  MARK_NEXT_LINE();
  yGm.SetValue(0, xGm.GetValue(i));
}

void local_get_value_beyond_buffer(int32_t buggy) {
  TPipe pipe;
  TBuf<> buf;
  pipe.InitBuffer(buf, kLen * sizeof(float));
  LocalTensor<float> t = buf.Get<float>();
  t.SetValue(kLen - 1, 3.0f);
  const uint32_t i = Bug(buggy) ? kLen : kLen - 1;
  MARK_NEXT_LINE();
  const float v = t.GetValue(i);
  t.SetValue(0, v);
}

void add_count_overruns(int32_t buggy) {
  TPipe pipe;
  TQue<TPosition::VECIN, 1> qx, qy;
  TQue<TPosition::VECOUT, 1> qz;
  pipe.InitBuffer(qx, 1, kLen * sizeof(float));
  pipe.InitBuffer(qy, 1, kLen * sizeof(float));
  pipe.InitBuffer(qz, 1, kLen * sizeof(float));
  LocalTensor<float> x = qx.AllocTensor<float>();
  LocalTensor<float> y = qy.AllocTensor<float>();
  LocalTensor<float> z = qz.AllocTensor<float>();
  const int32_t count = Bug(buggy) ? 80 : kLen;
  MARK_NEXT_LINE();
  Add(z, x, y, count);
  qx.FreeTensor(x);
  qy.FreeTensor(y);
  qz.FreeTensor(z);
}

void wait_without_set(int32_t buggy) {
  SetFlag<HardEvent::MTE2_V>(Bug(buggy) ? 0 : 1);  // the wrong id in the buggy block
  MARK_NEXT_LINE();
  WaitFlag<HardEvent::MTE2_V>(1);
  if (Bug(buggy)) WaitFlag<HardEvent::MTE2_V>(0);
}

void set_without_wait(int32_t buggy) {
  SetFlag<HardEvent::V_MTE3>(0);
  WaitFlag<HardEvent::V_MTE3>(0);
  MARK_NEXT_LINE();
  SetFlag<HardEvent::V_MTE3>(2);
  PipeBarrier<PIPE_V>();
  if (!Bug(buggy)) WaitFlag<HardEvent::V_MTE3>(2);
}

void tensor_leaked_at_block_end(int32_t buggy) {
  TPipe pipe;
  TQue<TPosition::VECIN, 2> q;
  pipe.InitBuffer(q, 2, kLen * sizeof(float));
  LocalTensor<float> a = q.AllocTensor<float>();
  q.FreeTensor(a);
  MARK_NEXT_LINE();
  LocalTensor<float> b = q.AllocTensor<float>();
  b.SetValue(0, 1.0f);
  if (!Bug(buggy)) q.FreeTensor(b);
}

void tensor_left_in_queue_at_block_end(int32_t buggy) {
  TPipe pipe;
  TQue<TPosition::VECOUT, 2> q;
  pipe.InitBuffer(q, 2, kLen * sizeof(float));
  MARK_NEXT_LINE();
  LocalTensor<float> b = q.AllocTensor<float>();
  q.EnQue(b);
  if (!Bug(buggy)) {
    LocalTensor<float> d = q.DeQue<float>();
    q.FreeTensor(d);
  }
}

void l1_queue_overflow(int32_t buggy) {
  TPipe pipe;
  TQue<TPosition::A1, 1> a1;
  const uint32_t bytes = Bug(buggy) ? 512 * 1024 + 32 : 512 * 1024;  // L1 is 512 KiB on 910B
  MARK_NEXT_LINE();
  pipe.InitBuffer(a1, 1, bytes);
}

void l0a_tbuf_overflow(int32_t buggy) {
  TPipe pipe;
  TBuf<TPosition::A2> a2;
  const uint32_t bytes = Bug(buggy) ? 64 * 1024 + 1 : 64 * 1024;  // L0A is 64 KiB
  MARK_NEXT_LINE();
  pipe.InitBuffer(a2, bytes);
}

void copy_params_block_count_zero(GM_ADDR x, int32_t buggy) {
  TPipe pipe;
  TBuf<> buf;
  pipe.InitBuffer(buf, kLen * sizeof(float));
  GlobalTensor<float> xGm;
  xGm.SetGlobalBuffer(reinterpret_cast<float*>(x) + kLen * GetBlockIdx(), kLen);
  LocalTensor<float> t = buf.Get<float>();
  const uint16_t count = Bug(buggy) ? 0 : 2;
  MARK_NEXT_LINE();
  DataCopy(t, xGm, DataCopyParams(count, 1, 0, 0));
}

void copy_pad_padding_too_wide(GM_ADDR x, int32_t buggy) {
  TPipe pipe;
  TBuf<> buf;
  pipe.InitBuffer(buf, kLen * sizeof(float));
  GlobalTensor<float> xGm;
  xGm.SetGlobalBuffer(reinterpret_cast<float*>(x) + kLen * GetBlockIdx(), kLen);
  LocalTensor<float> t = buf.Get<float>();
  const uint8_t right = Bug(buggy) ? 8 : 7;  // 8 floats = 32 bytes: one side must stay under 32
  MARK_NEXT_LINE();
  DataCopyPad(t, xGm, DataCopyExtParams(1, 4, 0, 0, 0), DataCopyPadExtParams<float>(true, 0, right, 0.0f));
}

void event_id_out_of_range(int32_t buggy) {
  const int32_t id = Bug(buggy) ? 8 : 7;
  MARK_NEXT_LINE();
  SetFlag<HardEvent::MTE2_V>(id);
  WaitFlag<HardEvent::MTE2_V>(id);
}

void inner_kernel(GM_ADDR y) { reinterpret_cast<float*>(y)[GetBlockIdx()] = 5.0f; }

void nested_launch(GM_ADDR y, int32_t buggy) {
  if (Bug(buggy)) {
    MARK_NEXT_LINE();
    AICORE_LAUNCH(inner_kernel, 2, y);
  } else {
    PipeBarrier<PIPE_ALL>();
  }
}

void plain_kernel(GM_ADDR y) { reinterpret_cast<float*>(y)[GetBlockIdx()] = 7.0f; }

void throws_in_block_5(GM_ADDR y, int32_t buggy) {
  reinterpret_cast<float*>(y)[GetBlockIdx()] = 1.0f;
  if (buggy && GetBlockIdx() == 5) throw std::runtime_error("user failure in block 5");
}

void throws_non_std(int32_t buggy) {
  if (Bug(buggy)) throw 42;
}

// ---------------------------------------------------------------------------
// One test per diagnostic, each under pool sizes 1, 2 and 5.

class Diagnostics : public ::testing::TestWithParam<uint32_t> {
 protected:
  void SetUp() override {
    aicore::SetNumThreads(GetParam());
    aicore::SetSocVersion("Ascend910B");
  }
  void TearDown() override { aicore::SetNumThreads(0); }
  Gm gm;
};

INSTANTIATE_TEST_SUITE_P(Pools, Diagnostics, ::testing::Values(1u, 2u, 5u),
                         [](const auto& info) { return "threads" + std::to_string(info.param); });

using K = aicore::ErrorKind;

TEST_P(Diagnostics, InitBufferBeyondUbCapacity) {
  ExpectFails([] { AICORE_LAUNCH(init_buffer_overflow, kBlocks, 1); },
              {K::kCapacity, "TPipe::InitBuffer", "init_buffer_overflow", kBadBlock,
               {"1 buffer(s) of 65537 bytes (65568 bytes after 32-byte rounding)",
                "position VECCALC do not fit in UB", "131072 of 196608 bytes already used",
                "Ascend910B", "overflow by 32 bytes"}});
  ExpectSilent([] { AICORE_LAUNCH(init_buffer_overflow, kBlocks, 0); });
}

TEST_P(Diagnostics, AllocTensorWithNoFreeBuffer) {
  ExpectFails([] { AICORE_LAUNCH(alloc_without_free_buffer, kBlocks, 1); },
              {K::kQueue, "TQue::AllocTensor", "alloc_without_free_buffer", kBadBlock,
               {"no free buffer in TQue<VECIN, 2>", "2 buffers given to InitBuffer",
                "0: OCCUPIED, 1: OCCUPIED"}});
  ExpectSilent([] { AICORE_LAUNCH(alloc_without_free_buffer, kBlocks, 0); });
}

TEST_P(Diagnostics, DeQueOnEmptyQueue) {
  ExpectFails([] { AICORE_LAUNCH(deque_on_empty, kBlocks, 1); },
              {K::kQueue, "TQue::DeQue", "deque_on_empty", kBadBlock,
               {"DeQue on an empty TQue<VECIN, 2>", "nothing was enqueued"}});
  ExpectSilent([] { AICORE_LAUNCH(deque_on_empty, kBlocks, 0); });
}

TEST_P(Diagnostics, EnQueOfTensorFromAnotherQueue) {
  ExpectFails([] { AICORE_LAUNCH(enque_foreign_tensor, kBlocks, 1); },
              {K::kQueue, "TQue::EnQue", "enque_foreign_tensor", kBadBlock,
               {"does not belong to this TQue<VECIN, 1>",
                "it comes from TQue buffer 0 (VECIN, 256 bytes at UB offset 0)"}});
  ExpectSilent([] { AICORE_LAUNCH(enque_foreign_tensor, kBlocks, 0); });
}

TEST_P(Diagnostics, FreeTensorTwice) {
  ExpectFails([] { AICORE_LAUNCH(free_tensor_twice, kBlocks, 1); },
              {K::kQueue, "TQue::FreeTensor", "free_tensor_twice", kBadBlock,
               {"TQue buffer 0 (VECOUT", "of TQue<VECOUT, 2> is FREE", "double FreeTensor"}});
  ExpectSilent([] { AICORE_LAUNCH(free_tensor_twice, kBlocks, 0); });
}

TEST_P(Diagnostics, DataCopyLengthNotMultipleOf32Bytes) {
  ExpectFails([this] { AICORE_LAUNCH(copy_unaligned_length, kBlocks, gm.X(), 1); },
              {K::kAlignment, "DataCopy", "copy_unaligned_length", kBadBlock,
               {"10 float elements = 40 bytes is not a multiple of 32 bytes",
                "silently copies only 32 bytes", "DataCopyPad"}});
  ExpectSilent([this] { AICORE_LAUNCH(copy_unaligned_length, kBlocks, gm.X(), 0); });
}

TEST_P(Diagnostics, DataCopyToUnalignedUbOperand) {
  ExpectFails([this] { AICORE_LAUNCH(copy_to_unaligned_ub, kBlocks, gm.X(), 1); },
              {K::kAlignment, "DataCopy", "copy_to_unaligned_ub", kBadBlock,
               {"dst operand starts at element offset 3 (byte offset 12, UB address 12)",
                "TQue buffer 0 (VECIN", "not 32-byte aligned"}});
  ExpectSilent([this] { AICORE_LAUNCH(copy_to_unaligned_ub, kBlocks, gm.X(), 0); });
}

TEST_P(Diagnostics, DataCopyBeyondGlobalTensorSize) {
  ExpectFails([this] { AICORE_LAUNCH(copy_beyond_gm_size, kBlocks, gm.X(), 1); },
              {K::kBounds, "DataCopy", "copy_beyond_gm_size", kBadBlock,
               {"GM access of 64 float elements at element offset 0 overruns the "
                "GlobalTensor's 32 elements (by 32 elements, 128 bytes)"}});
  ExpectSilent([this] { AICORE_LAUNCH(copy_beyond_gm_size, kBlocks, gm.X(), 0); });
}

TEST_P(Diagnostics, GetValueBeyondGlobalTensorSize) {
  ExpectFails([this] { AICORE_LAUNCH(get_value_beyond_gm_size, kBlocks, gm.X(), gm.Y(), 1); },
              {K::kBounds, "GlobalTensor::GetValue", "get_value_beyond_gm_size", kBadBlock,
               {"GM access of 1 float elements at element offset 64 overruns the "
                "GlobalTensor's 64 elements"}});
  ExpectSilent([this] { AICORE_LAUNCH(get_value_beyond_gm_size, kBlocks, gm.X(), gm.Y(), 0); });
}

TEST_P(Diagnostics, LocalGetValueBeyondBuffer) {
  ExpectFails([] { AICORE_LAUNCH(local_get_value_beyond_buffer, kBlocks, 1); },
              {K::kBounds, "LocalTensor::GetValue", "local_get_value_beyond_buffer", kBadBlock,
               {"element 64 of float (byte offset 256) is outside the 256-byte TBuf buffer 0"}});
  ExpectSilent([] { AICORE_LAUNCH(local_get_value_beyond_buffer, kBlocks, 0); });
}

TEST_P(Diagnostics, AddWhoseCountOverrunsBuffer) {
  ExpectFails([] { AICORE_LAUNCH(add_count_overruns, kBlocks, 1); },
              {K::kBounds, "Add", "add_count_overruns", kBadBlock,
               {"dst operand of 80 float (320 bytes at byte offset 0)",
                "ends 64 bytes past the end of the 256-byte TQue buffer 0 (VECOUT"}});
  ExpectSilent([] { AICORE_LAUNCH(add_count_overruns, kBlocks, 0); });
}

TEST_P(Diagnostics, L1AndL0CapacityExceeded) {
  ExpectFails([] { AICORE_LAUNCH(l1_queue_overflow, kBlocks, 1); },
              {K::kCapacity, "TPipe::InitBuffer", "l1_queue_overflow", kBadBlock,
               {"for position A1 do not fit in L1", "0 of 524288 bytes already used",
                "overflow by 32 bytes"}});
  ExpectSilent([] { AICORE_LAUNCH(l1_queue_overflow, kBlocks, 0); });
  ExpectFails([] { AICORE_LAUNCH(l0a_tbuf_overflow, kBlocks, 1); },
              {K::kCapacity, "TPipe::InitBuffer", "l0a_tbuf_overflow", kBadBlock,
               {"for position A2 do not fit in L0A", "overflow by 32 bytes"}});
  ExpectSilent([] { AICORE_LAUNCH(l0a_tbuf_overflow, kBlocks, 0); });
}

TEST_P(Diagnostics, DataCopyParamsOutOfRange) {
  ExpectFails([this] { AICORE_LAUNCH(copy_params_block_count_zero, kBlocks, gm.X(), 1); },
              {K::kParameter, "DataCopy", "copy_params_block_count_zero", kBadBlock,
               {"blockCount must be in [1, 4095]", "DataCopyParams{blockCount=0, blockLen=1"}});
  ExpectSilent([this] { AICORE_LAUNCH(copy_params_block_count_zero, kBlocks, gm.X(), 0); });
}

TEST_P(Diagnostics, DataCopyPadPaddingOutOfRange) {
  ExpectFails([this] { AICORE_LAUNCH(copy_pad_padding_too_wide, kBlocks, gm.X(), 1); },
              {K::kParameter, "DataCopyPad", "copy_pad_padding_too_wide", kBadBlock,
               {"each padding side must be under 32 bytes", "rightPadding=8"}});
  ExpectSilent([this] { AICORE_LAUNCH(copy_pad_padding_too_wide, kBlocks, gm.X(), 0); });
}

TEST_P(Diagnostics, EventIdOutOfRange) {
  ExpectFails([] { AICORE_LAUNCH(event_id_out_of_range, kBlocks, 1); },
              {K::kParameter, "SetFlag", "event_id_out_of_range", kBadBlock,
               {"event id 8 of HardEvent::MTE2_V is outside [0, 8)"}});
  ExpectSilent([] { AICORE_LAUNCH(event_id_out_of_range, kBlocks, 0); });
}

TEST_P(Diagnostics, WaitFlagWithoutSetFlag) {
  ExpectFails([] { AICORE_LAUNCH(wait_without_set, kBlocks, 1); },
              {K::kSync, "WaitFlag", "wait_without_set", kBadBlock,
               {"WaitFlag<HardEvent::MTE2_V>(1) has no matching SetFlag",
                "the NPU would hang here"}});
  ExpectSilent([] { AICORE_LAUNCH(wait_without_set, kBlocks, 0); });
}

TEST_P(Diagnostics, UnpairedSetFlagAtBlockEnd) {
  ExpectFails([] { AICORE_LAUNCH(set_without_wait, kBlocks, 1); },
              {K::kSync, "SetFlag", "set_without_wait", kBadBlock,
               {"SetFlag<HardEvent::V_MTE3>(2) was set but never waited for when the block ended"}});
  ExpectSilent([] { AICORE_LAUNCH(set_without_wait, kBlocks, 0); });
}

TEST_P(Diagnostics, BufferStillAllocatedAtBlockEnd) {
  // Allocated and never freed: the NPU finishes the kernel (the vendor's
  // layernorm sample does this), so a plain run is silent; memcheck reports it.
  ExpectSilent([] { AICORE_LAUNCH(tensor_leaked_at_block_end, kBlocks, 1); });
  {
    aicore::ErrorRecorder rec(aicore::kMemcheck);
    AICORE_LAUNCH(tensor_leaked_at_block_end, kBlocks, 1);
    ASSERT_EQ(rec.size(), 1u) << rec.str();
    CheckError(rec.reports()[0],
               {K::kQueue, "AllocTensor", "tensor_leaked_at_block_end", kBadBlock,
                {"TQue buffer 1 (VECIN, 256 bytes at UB offset 256) is still OCCUPIED when the "
                 "block ends: a FreeTensor is missing"}},
               g_line.load());
  }
  {
    aicore::ErrorRecorder rec(aicore::kMemcheck);
    AICORE_LAUNCH(tensor_leaked_at_block_end, kBlocks, 0);
    EXPECT_EQ(rec.size(), 0u) << rec.str();
  }

  // Enqueued and never dequeued: its flag stays set, an error in every mode.
  ExpectFails([] { AICORE_LAUNCH(tensor_left_in_queue_at_block_end, kBlocks, 1); },
              {K::kQueue, "AllocTensor", "tensor_left_in_queue_at_block_end", kBadBlock,
               {"TQue buffer 0 (VECOUT", "is still ENQUE when the block ends: it was enqueued and never dequeued"}});
  ExpectSilent([] { AICORE_LAUNCH(tensor_left_in_queue_at_block_end, kBlocks, 0); });
}

TEST_P(Diagnostics, NestedLaunch) {
  ExpectFails([this] { AICORE_LAUNCH(nested_launch, kBlocks, gm.Y(), 1); },
              {K::kLaunch, "Launch", "nested_launch", kBadBlock,
               {"nested launch of kernel inner_kernel from inside a kernel is not supported"}});
  ExpectSilent([this] { AICORE_LAUNCH(nested_launch, kBlocks, gm.Y(), 0); });
  // The inner kernel never ran.
  EXPECT_EQ(gm.y[0], 2.0f);
  EXPECT_EQ(gm.y[1], 2.0f);
}

TEST_P(Diagnostics, BlockDimZeroAndTooLarge) {
  {
    auto e = Failing([this] {
      MARK_NEXT_LINE();
      AICORE_LAUNCH(plain_kernel, 0, gm.Y());
    });
    ASSERT_TRUE(e);
    CheckError(*e, {K::kLaunch, "Launch", "plain_kernel", -1, {"blockDim 0 is outside [1, 65535]"}},
               g_line.load());
    EXPECT_EQ(gm.y[0], 2.0f);  // nothing ran
  }
  {
    auto e = Failing([this] {
      MARK_NEXT_LINE();
      AICORE_LAUNCH(plain_kernel, 65536, gm.Y());
    });
    ASSERT_TRUE(e);
    CheckError(*e,
               {K::kLaunch, "Launch", "plain_kernel", -1, {"blockDim 65536 is outside [1, 65535]"}},
               g_line.load());
  }
  // LaunchNamed has no call site to report, but still names the kernel.
  try {
    aicore::LaunchNamed("named_zero", plain_kernel, 0, gm.Y());
    ADD_FAILURE() << "no error";
  } catch (const aicore::KernelError& e) {
    EXPECT_EQ(e.kernel(), "named_zero");
    EXPECT_EQ(e.kind(), K::kLaunch);
    EXPECT_NE(std::string(e.what()).find("blockDim 0"), std::string::npos) << e.what();
  }
  ExpectSilent([this] { AICORE_LAUNCH(plain_kernel, 1, gm.Y()); });
  EXPECT_EQ(gm.y[0], 7.0f);
}

TEST_P(Diagnostics, ExceptionFromUserCodeInBlock5Of8) {
  auto e = Failing([this] { AICORE_LAUNCH(throws_in_block_5, 8, gm.Y(), 1); });
  ASSERT_TRUE(e);
  const std::string what = e->what();
  EXPECT_EQ(e->kind(), K::kException);
  EXPECT_EQ(e->kernel(), "throws_in_block_5");
  EXPECT_EQ(e->block(), 5);
  EXPECT_EQ(e->block_num(), 8);
  EXPECT_NE(what.find("kernel throws_in_block_5, block 5 of 8"), std::string::npos) << what;
  EXPECT_NE(what.find("uncaught exception std::runtime_error: user failure in block 5"),
            std::string::npos)
      << what;
  ASSERT_TRUE(e->cause());
  try {
    std::rethrow_exception(e->cause());
  } catch (const std::runtime_error& original) {
    EXPECT_STREQ(original.what(), "user failure in block 5");
  } catch (...) {
    ADD_FAILURE() << "cause() is not the original std::runtime_error";
  }
  ExpectSilent([this] { AICORE_LAUNCH(throws_in_block_5, 8, gm.Y(), 0); });
  for (int b = 0; b < 8; ++b) EXPECT_EQ(gm.y[b], 1.0f);

  // A non-std exception is reported too, with the original as cause().
  auto e2 = Failing([] { AICORE_LAUNCH(throws_non_std, kBlocks, 1); });
  ASSERT_TRUE(e2);
  EXPECT_EQ(e2->kind(), K::kException);
  EXPECT_EQ(e2->block(), kBadBlock);
  EXPECT_NE(std::string(e2->what()).find("unknown type"), std::string::npos) << e2->what();
  try {
    std::rethrow_exception(e2->cause());
  } catch (int v) {
    EXPECT_EQ(v, 42);
  } catch (...) {
    ADD_FAILURE() << "cause() is not the original int";
  }
}

// ---------------------------------------------------------------------------
// First error wins, other blocks stop, no state leaks into the next launch.

std::atomic<int> g_started{0};
std::atomic<int> g_ticket{0};
std::atomic<int> g_finished_loops{0};

void every_block_fails() {
  g_started.fetch_add(1);
  TPipe pipe;
  TQue<TPosition::VECIN, 1> q;
  pipe.InitBuffer(q, 1, 32);
  q.DeQue<float>();
}

std::atomic<int> g_spinning{0};

void one_fails_others_spin() {
  if (g_ticket.fetch_add(1) == 0) {
    // With more than one thread, fail only once another block is running,
    // so that the abort has to reach a block in flight (bounded wait).
    if (aicore::GetNumThreads() > 1) {
      const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
      while (g_spinning.load() == 0 && std::chrono::steady_clock::now() < until) {
        std::this_thread::yield();
      }
    }
    MARK_NEXT_LINE();
    WaitFlag<HardEvent::S_V>(3);
    return;
  }
  g_spinning.fetch_add(1);
  // Stopped at an API call once the failure is recorded; the cap only turns
  // a broken abort into a failure instead of a hang.
  for (uint64_t i = 0; i < (uint64_t{1} << 30); ++i) PipeBarrier<PIPE_V>();
  g_finished_loops.fetch_add(1);
}

TEST_P(Diagnostics, FirstErrorWinsAndLaunchReturns) {
  g_started = 0;
  constexpr uint32_t kMany = 64;
  int errors = 0;
  try {
    AICORE_LAUNCH(every_block_fails, kMany);
  } catch (const aicore::KernelError& e) {
    ++errors;
    EXPECT_EQ(e.kind(), K::kQueue);
    EXPECT_EQ(e.kernel(), "every_block_fails");
    EXPECT_GE(e.block(), 0);
    EXPECT_LT(e.block(), static_cast<int32_t>(kMany));
  }
  EXPECT_EQ(errors, 1);
  // Every thread stops after its first failing block: the remaining blocks
  // are skipped.
  EXPECT_GE(g_started.load(), 1);
  EXPECT_LE(g_started.load(), static_cast<int>(GetParam()));
}

TEST_P(Diagnostics, OtherBlocksStopAtTheirNextApiCall) {
  g_ticket = 0;
  g_finished_loops = 0;
  g_spinning = 0;
  auto e = Failing([] { AICORE_LAUNCH(one_fails_others_spin, 16); });
  ASSERT_TRUE(e);
  if (GetParam() > 1) {
    EXPECT_GE(g_spinning.load(), 1);
  }
  EXPECT_EQ(e->kind(), K::kSync);
  EXPECT_EQ(e->api(), "WaitFlag");
  EXPECT_EQ(e->line(), g_line.load());
  EXPECT_EQ(g_finished_loops.load(), 0);
}

std::atomic<int> g_clean_blocks{0};

void leaves_state_then_fails() {
  // Leaves an outstanding SetFlag, a deferred queue error (a queue destroyed
  // with a buffer allocated) and then fails with an exception.
  SetFlag<HardEvent::MTE2_V>(0);
  SetFlag<HardEvent::V_MTE3>(7);
  {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 1024);
    q.AllocTensor<float>();
  }
  throw std::runtime_error("fail after leaving state");
}

void clean_after_failure(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TQue<TPosition::VECIN, 2> qin;
  TQue<TPosition::VECOUT, 2> qout;
  pipe.InitBuffer(qin, 2, kLen * sizeof(float));
  pipe.InitBuffer(qout, 2, kLen * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer(reinterpret_cast<float*>(x) + kLen * GetBlockIdx(), kLen);
  yGm.SetGlobalBuffer(reinterpret_cast<float*>(y) + kLen * GetBlockIdx(), kLen);
  LocalTensor<float> a = qin.AllocTensor<float>();
  DataCopy(a, xGm, kLen);
  qin.EnQue(a);
  LocalTensor<float> b = qin.DeQue<float>();
  LocalTensor<float> c = qout.AllocTensor<float>();
  SetFlag<HardEvent::MTE2_V>(0);
  WaitFlag<HardEvent::MTE2_V>(0);
  Add(c, b, b, kLen);
  qout.EnQue(c);
  qin.FreeTensor(b);
  LocalTensor<float> d = qout.DeQue<float>();
  DataCopy(yGm, d, kLen);
  qout.FreeTensor(d);
  g_clean_blocks.fetch_add(1);
}

void waits_on_stale_flag() {
  // Must fail even though the previous launch left MTE2_V(0) set.
  WaitFlag<HardEvent::MTE2_V>(0);
}

TEST_P(Diagnostics, NoStateLeaksIntoTheNextLaunch) {
  constexpr uint32_t kMany = 16;
  std::vector<float> x(kMany * kLen), y(kMany * kLen, 0.0f);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i);
  for (int round = 0; round < 3; ++round) {
    auto e = Failing([] { AICORE_LAUNCH(leaves_state_then_fails, kMany); });
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind(), K::kException);

    // Host side: no kernel context is left behind.
    EXPECT_EQ(GetTPipePtr(), nullptr);
    EXPECT_EQ(GetBlockIdx(), 0);
    try {
      PipeBarrier<PIPE_V>();
      ADD_FAILURE() << "kernel API accepted outside a launch";
    } catch (const aicore::KernelError& err) {
      EXPECT_EQ(err.kind(), K::kLaunch);
      EXPECT_NE(std::string(err.what()).find("outside aicore::Launch"), std::string::npos);
    }

    // A clean launch on the same pool runs every block silently.
    g_clean_blocks = 0;
    ExpectSilent([&] {
      AICORE_LAUNCH(clean_after_failure, kMany, reinterpret_cast<GM_ADDR>(x.data()),
                    reinterpret_cast<GM_ADDR>(y.data()));
    });
    EXPECT_EQ(g_clean_blocks.load(), static_cast<int>(kMany));
    for (size_t i = 0; i < y.size(); ++i) ASSERT_EQ(y[i], 2.0f * x[i]) << i;

    // Stale flags were not carried over: a wait without a set still fails.
    e = Failing([] { AICORE_LAUNCH(waits_on_stale_flag, kMany); });
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind(), K::kSync);
    EXPECT_EQ(e->kernel(), "waits_on_stale_flag");
  }
}

TEST(DiagnosticsHost, KernelApiOutsideLaunch) {
  std::vector<float> gm(8);
  GlobalTensor<float> g;
  g.SetGlobalBuffer(gm.data(), 8);
  LocalTensor<float> l;
  MARK_NEXT_LINE();
  EXPECT_THROW(DataCopy(l, g, 8), aicore::KernelError);
  try {
    MARK_NEXT_LINE();
    SetFlag<HardEvent::MTE2_V>(0);
    FAIL() << "no error";
  } catch (const aicore::KernelError& e) {
    EXPECT_EQ(e.kind(), K::kLaunch);
    EXPECT_EQ(e.block(), -1);
    EXPECT_EQ(e.api(), "SetFlag");
    EXPECT_EQ(e.line(), g_line.load());
    EXPECT_NE(std::string(e.what()).find("called outside aicore::Launch"), std::string::npos);
  }
}

}  // namespace
