// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Compiler builtins and system calls kernels write directly
// (compat/kernel_builtins.h): the copy builtins move the bytes DataCopy with
// the same burst parameters moves; set_flag/wait_flag are checked like
// SetFlag/WaitFlag; the atomic, mask and block builtins drive the same state
// as their AscendC forms; IBSet/IBWait order blocks; bad arguments give a
// KernelError naming the builtin.
#include "kernel_operator.h"
#include "tikicpulib.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

using namespace AscendC;

namespace {

template <class F>
std::optional<aicore::KernelError> Failing(F&& launch) {
  try {
    launch();
  } catch (const aicore::KernelError& e) {
    return e;
  }
  ADD_FAILURE() << "the launch raised no error";
  return std::nullopt;
}

bool Has(const aicore::KernelError& e, const std::string& s) {
  return std::string(e.what()).find(s) != std::string::npos;
}

class BuiltinTest : public ::testing::Test {
 protected:
  void SetUp() override { SetKernelMode(KernelMode::AIV_MODE); }
  // As if SetKernelMode was never called.
  void TearDown() override { aicore::compat::ResetKernelMode(); }
};

// ---------------------------------------------------------------------------
// Copy builtins: (dst, src, sid, nBurst, lenBurst, srcStride, dstStride), the
// burst length and the gaps in 32-byte blocks (8 floats).

constexpr uint32_t kIn = 128, kOut = 96;

__global__ __aicore__ void copy_builtins(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 8192);
  LocalTensor<float> ub = buf.Get<float>();
  __ubuf__ float* u = (__ubuf__ float*)ub.GetPhyAddr();
  // 4 bursts of 2 blocks, 1 block skipped in GM between them, packed in UB:
  // u[0..64) = x[0..16) x[24..40) x[48..64) x[72..88).
  copy_gm_to_ubuf(u, (__gm__ float*)x, 0, 4, 2, 1, 0);
  set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  // 2 bursts of 4 blocks from u, 1 block apart in the destination:
  // u[512..544) = u[0..32), u[552..584) = u[32..64).
  copy_ubuf_to_ubuf(u + 512, u, 0, 2, 4, 0, 1);
  pipe_barrier(PIPE_ALL);
  set_flag(PIPE_V, PIPE_MTE3, EVENT_ID1);
  wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID1);
  // 3 bursts of 3 blocks (the first 9 blocks of u[512..)), 1 block apart in GM:
  // y[0..24) y[32..56) y[64..88) = u[512..536) u[536..560) u[560..584).
  copy_ubuf_to_gm((__gm__ float*)y, u + 512, 0, 3, 3, 0, 1);
  pipe_barrier(PIPE_MTE3);
}

TEST_F(BuiltinTest, CopyBuiltinsMoveTheBursts) {
  auto* x = static_cast<float*>(GmAlloc(kIn * sizeof(float)));
  auto* y = static_cast<float*>(GmAlloc(kOut * sizeof(float)));
  for (uint32_t i = 0; i < kIn; ++i) x[i] = static_cast<float>(i) * 0.5f + 1.0f;
  for (uint32_t i = 0; i < kOut; ++i) y[i] = -1.0f;
  // Reference: the same moves on plain arrays.
  std::vector<float> u(1024, 0.0f), want(kOut, -1.0f);
  for (int b = 0; b < 4; ++b) {
    for (int k = 0; k < 16; ++k) u[b * 16 + k] = x[b * 24 + k];
  }
  for (int b = 0; b < 2; ++b) {
    for (int k = 0; k < 32; ++k) u[512 + b * 40 + k] = u[b * 32 + k];
  }
  for (int b = 0; b < 3; ++b) {
    for (int k = 0; k < 24; ++k) want[b * 32 + k] = u[512 + b * 24 + k];
  }
  ICPU_RUN_KF(copy_builtins, 1, reinterpret_cast<uint8_t*>(x), reinterpret_cast<uint8_t*>(y));
  for (uint32_t i = 0; i < kOut; ++i) ASSERT_EQ(y[i], want[i]) << "y[" << i << "]";
  EXPECT_EQ(y[24], -1.0f);  // a gap is left alone
  EXPECT_EQ(y[16], x[24]);  // the GM gap of the first copy was skipped
  GmFree(x);
  GmFree(y);
}

__global__ __aicore__ void copy_from_outside_ub(GM_ADDR x) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 1024);
  static float host[64];
  copy_gm_to_ubuf(host, (__gm__ float*)x, 0, 1, 1, 0, 0);
}

__global__ __aicore__ void copy_past_ub(GM_ADDR x) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 1024);
  __ubuf__ float* u = (__ubuf__ float*)buf.Get<float>().GetPhyAddr();
  copy_ubuf_to_ubuf(u, u, 0, 1, 0x10000, 0, 0);
  (void)x;
}

TEST_F(BuiltinTest, CopyBuiltinsCheckTheirOperands) {
  auto* x = static_cast<uint8_t*>(GmAlloc(4096));
  auto e = Failing([&] { aicore::Launch(copy_from_outside_ub, 1, x); });
  ASSERT_TRUE(e);
  EXPECT_TRUE(Has(*e, "copy_gm_to_ubuf")) << e->what();
  EXPECT_TRUE(Has(*e, "is not in this block's UB")) << e->what();
  EXPECT_TRUE(Has(*e, "test_builtins.cpp")) << e->what();
  e = Failing([&] { aicore::Launch(copy_past_ub, 1, x); });
  ASSERT_TRUE(e);
  EXPECT_TRUE(Has(*e, "copy_ubuf_to_ubuf")) << e->what();
  EXPECT_TRUE(Has(*e, "lenBurst 65536 is outside [0, 65535]")) << e->what();
  GmFree(x);
}

// ---------------------------------------------------------------------------
// The vendor's implementation functions that public kernels call by name, and
// names kernels reach outside namespace AscendC: the documented operations.

__global__ __aicore__ void impl_names(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 16384);
  LocalTensor<float> ub = buf.Get<float>();
  __ubuf__ float* u = (__ubuf__ float*)ub.GetPhyAddr();
  __gm__ float* gx = (__gm__ float*)x;
  __gm__ float* gy = (__gm__ float*)y;
  DataCopyGM2UBImpl(u, gx, DataCopyParams{1, 8, 0, 0});          // u[0..64) = x[0..64)
  PipeBarrier<PIPE_ALL>();
  Barrier();
  DataCopyUB2UBImpl(u + 256, u, DataCopyParams{2, 2, 2, 0});     // u[256..288) = x[0..16) x[32..48)
  DataCopyPadGm2UBImpl(u + 512, gx + 64, DataCopyExtParams{1, 20 * sizeof(float), 0, 0, 0},
                       DataCopyPadExtParams<float>{false, 0, 0, 0.0f});  // u[512..532) = x[64..84)
  DataCopyPadGm2UBImpl(u + 768, gx + 84, DataCopyParams{1, 12 * sizeof(float), 0, 0},
                       DataCopyPadParams{false, 0, 0, 0});       // u[768..780) = x[84..96)
  PipeBarrier<PIPE_ALL>();
  DataCopyUB2GMImpl(gy, u + 256, DataCopyParams{1, 4, 0, 0});    // y[0..32)
  DataCopyPadUB2GMImpl(gy + 32, u + 512, DataCopyExtParams{1, 20 * sizeof(float), 0, 0, 0});
  DataCopyPadUB2GMImpl(gy + 52, u + 768, DataCopyParams{1, 12 * sizeof(float), 0, 0});
  // TransDataTo5HDImpl on pointer lists = TransDataTo5HD on address lists.
  LocalTensor<half> h = ub.ReinterpretCast<half>();
  for (int i = 0; i < 256; ++i) h.SetValue(2048 + i, static_cast<half>(static_cast<float>(i)));
  __ubuf__ half* hp = (__ubuf__ half*)h.GetPhyAddr();
  __ubuf__ half* dp[16];
  __ubuf__ half* sp[16];
  uint64_t da[16], sa[16];
  for (int i = 0; i < 16; ++i) {
    sp[i] = hp + 2048 + 16 * i;
    dp[i] = hp + 4096 + 16 * i;
    sa[i] = reinterpret_cast<uint64_t>(sp[i]);
    da[i] = reinterpret_cast<uint64_t>(hp + 6144 + 16 * i);
  }
  TransDataTo5HDParams p{false, false, 1, 0, 0};
  TransDataTo5HDImpl<half>(dp, sp, p);
  TransDataTo5HD<half>(da, sa, p);
  for (int i = 0; i < 256; ++i) {
    gy[64 + i] = static_cast<float>(h.GetValue(4096 + i)) - static_cast<float>(h.GetValue(6144 + i));
  }
  gy[320] = static_cast<float>(h.GetValue(4096 + 1));  // element (0, 1) of the transpose: src row 1
  // BroadCast (the implementation's name of Broadcast): [4, 1] -> [4, 8].
  LocalTensor<float> bsrc = ub[3584], bdst = ub[3592];
  for (int i = 0; i < 4; ++i) bsrc.SetValue(i, static_cast<float>(i + 1));
  const uint32_t dstShape[2] = {4, 8}, srcShape[2] = {4, 1};
  AscendC::BroadCast<float, 2, 1>(bdst, bsrc, dstShape, srcShape);
  for (int i = 0; i < 32; ++i) gy[321 + i] = bdst.GetValue(i);
  GlobalTensor<float> gt;
  gt.SetGlobalBuffer(gy, 400);
  DataCacheCleanAndInvalid<float, CacheLine::ENTIRE_DATA_CACHE>(gt);
  gy[399] = ::GetTPipePtr() == &pipe ? 1.0f : 0.0f;  // the global names
  gy[398] = ::GetSysWorkSpacePtr() == GetSysWorkSpacePtr() ? 1.0f : 0.0f;
}

__global__ __aicore__ void impl_copy_from_outside_ub(GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 1024);
  static float host[64];
  DataCopyUB2GMImpl((__gm__ float*)y, host, DataCopyParams{1, 1, 0, 0});
}

TEST_F(BuiltinTest, ImplNamesAreTheDocumentedOperations) {
  auto* x = static_cast<float*>(GmAlloc(128 * sizeof(float)));
  auto* y = static_cast<float*>(GmAlloc(400 * sizeof(float)));
  for (int i = 0; i < 128; ++i) x[i] = static_cast<float>(i) + 0.25f;
  for (int i = 0; i < 400; ++i) y[i] = -7.0f;
  ICPU_RUN_KF(impl_names, 1, reinterpret_cast<uint8_t*>(x), reinterpret_cast<uint8_t*>(y));
  for (int i = 0; i < 16; ++i) {
    ASSERT_EQ(y[i], x[i]) << i;
    ASSERT_EQ(y[16 + i], x[32 + i]) << i;
  }
  for (int i = 0; i < 32; ++i) ASSERT_EQ(y[32 + i], x[64 + i]) << i;
  for (int i = 0; i < 256; ++i) ASSERT_EQ(y[64 + i], 0.0f) << i;
  EXPECT_EQ(y[320], 16.0f);
  for (int i = 0; i < 32; ++i) ASSERT_EQ(y[321 + i], static_cast<float>(i / 8 + 1)) << i;
  EXPECT_EQ(y[353], -7.0f);
  EXPECT_EQ(y[399], 1.0f);
  EXPECT_EQ(y[398], 1.0f);
  auto e = Failing(
      [&] { aicore::Launch(impl_copy_from_outside_ub, 1, reinterpret_cast<uint8_t*>(y)); });
  ASSERT_TRUE(e);
  EXPECT_TRUE(Has(*e, "DataCopyUB2GMImpl")) << e->what();
  EXPECT_TRUE(Has(*e, "is not in this block's UB")) << e->what();
  GmFree(x);
  GmFree(y);
}

// ---------------------------------------------------------------------------
// set_flag / wait_flag pairing.

__global__ __aicore__ void unpaired_wait() { wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID3); }
__global__ __aicore__ void double_set() {
  set_flag(PIPE_V, PIPE_MTE3, EVENT_ID2);
  set_flag(PIPE_V, PIPE_MTE3, EVENT_ID2);
}
__global__ __aicore__ void no_such_pair() { set_flag(PIPE_MTE1, PIPE_MTE1, EVENT_ID0); }
__global__ __aicore__ void bad_barrier() { pipe_barrier(static_cast<pipe_t>(PIPE_MAX)); }
__global__ __aicore__ void paired_mixed() {
  // The builtin and the AscendC form are one mechanism.
  set_flag(PIPE_S, PIPE_V, EVENT_ID4);
  WaitFlag<HardEvent::S_V>(EVENT_ID4);
  SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID5);
  wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID5);
}

TEST_F(BuiltinTest, FlagsArePairedLikeSetFlag) {
  aicore::Launch(paired_mixed, 1);
  auto e = Failing([] { aicore::Launch(unpaired_wait, 1); });
  ASSERT_TRUE(e);
  EXPECT_TRUE(Has(*e, "WaitFlag<HardEvent::MTE2_V>(3) has no matching SetFlag before it")) << e->what();
  EXPECT_TRUE(Has(*e, "test_builtins.cpp")) << e->what();
  e = Failing([] { aicore::Launch(double_set, 1); });
  ASSERT_TRUE(e);
  EXPECT_TRUE(Has(*e, "SetFlag<HardEvent::V_MTE3>(2) is set again")) << e->what();
  e = Failing([] { aicore::Launch(no_such_pair, 1); });
  ASSERT_TRUE(e);
  EXPECT_TRUE(Has(*e, "set_flag(PIPE_MTE1, PIPE_MTE1): no HardEvent orders PIPE_MTE1 before PIPE_MTE1"))
      << e->what();
  e = Failing([] { aicore::Launch(bad_barrier, 1); });
  ASSERT_TRUE(e);
  EXPECT_TRUE(Has(*e, "pipe_barrier<(pipe_t)11>")) << e->what();
}

// ---------------------------------------------------------------------------
// Block numbering, masks, atomics, clz, system calls.

__global__ __aicore__ void block_ids(GM_ADDR out) {
  auto* o = reinterpret_cast<__gm__ int64_t*>(out);
  const int64_t b = GetBlockIdx();
  o[b * 6 + 0] = get_block_idx();
  o[b * 6 + 1] = get_subblockid();
  o[b * 6 + 2] = get_block_num();
  o[b * 6 + 3] = get_block_idx() * GetTaskRation() + get_subblockid();
  o[b * 6 + 4] = static_cast<uint64_t>(block_idx) * 10;  // the device variables
  o[b * 6 + 5] = block_num - 1;
}

// The scalar min / max builtins: any two arithmetic types, the usual
// arithmetic conversions; std::min keeps same-type calls (no ambiguity).
TEST(Builtins, MinMax) {
  const int a = -5;
  const int64_t b = 3;
  const uint32_t c = 7;
  static_assert(std::is_same_v<decltype(min(a, b)), int64_t>);
  static_assert(std::is_same_v<decltype(max(2.5f, 1)), float>);
  EXPECT_EQ(min(a, b), -5);
  EXPECT_EQ(max(a, b), 3);
  EXPECT_EQ(min(c, 9u), 7u);
  EXPECT_EQ(max(2.5f, 1), 2.5f);
  EXPECT_EQ(min(b, 2.0), 2.0);
  using std::min;
  EXPECT_EQ(min(a, 4), -5);  // std::min<int>, the better match
}

TEST_F(BuiltinTest, BlockBuiltinsInMixMode) {
  SetKernelMode(KernelMode::MIX_MODE);
  constexpr uint32_t kDim = 3;
  auto* out = static_cast<int64_t*>(GmAlloc(2 * kDim * 6 * sizeof(int64_t)));
  // Vector blocks only write (cube blocks have GetBlockIdx in [0, kDim) too:
  // let them run a kernel that writes nowhere).
  ICPU_RUN_KF(
      [](GM_ADDR o) {
        if (ASCEND_IS_AIV) block_ids(o);
      },
      kDim, reinterpret_cast<uint8_t*>(out));
  for (int64_t b = 0; b < 2 * kDim; ++b) {
    EXPECT_EQ(out[b * 6 + 0], b / 2) << b;
    EXPECT_EQ(out[b * 6 + 1], b % 2) << b;
    EXPECT_EQ(out[b * 6 + 2], kDim) << b;
    EXPECT_EQ(out[b * 6 + 3], b) << b;
    EXPECT_EQ(out[b * 6 + 4], b / 2 * 10) << b;
    EXPECT_EQ(out[b * 6 + 5], kDim - 1) << b;
  }
  GmFree(out);
}

__global__ __aicore__ void atomic_builtins(GM_ADDR dst, GM_ADDR src) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 1024);
  __ubuf__ float* u = (__ubuf__ float*)buf.Get<float>().GetPhyAddr();
  copy_gm_to_ubuf(u, (__gm__ float*)src, 0, 1, 2, 0, 0);
  set_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
  wait_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
  set_atomic_f32();
  set_atomic_add();
  copy_ubuf_to_gm((__gm__ float*)dst, u, 0, 1, 2, 0, 0);
  set_atomic_max();
  copy_ubuf_to_gm((__gm__ float*)dst + 16, u, 0, 1, 2, 0, 0);
  set_atomic_none();
  copy_ubuf_to_gm((__gm__ float*)dst + 32, u, 0, 1, 2, 0, 0);
}

TEST_F(BuiltinTest, AtomicBuiltinsCombineTheStore) {
  auto* dst = static_cast<float*>(GmAlloc(48 * sizeof(float)));
  auto* src = static_cast<float*>(GmAlloc(16 * sizeof(float)));
  for (int i = 0; i < 16; ++i) {
    src[i] = static_cast<float>(i) - 4.0f;
    dst[i] = 100.0f + i;
    dst[16 + i] = static_cast<float>(i % 3);
    dst[32 + i] = 7.0f;
  }
  ICPU_RUN_KF(atomic_builtins, 1, reinterpret_cast<uint8_t*>(dst), reinterpret_cast<uint8_t*>(src));
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(dst[i], 100.0f + i + src[i]) << i;
    EXPECT_EQ(dst[16 + i], std::max(static_cast<float>(i % 3), src[i])) << i;
    EXPECT_EQ(dst[32 + i], src[i]) << i;
  }
  GmFree(dst);
  GmFree(src);
}

__global__ __aicore__ void masks_and_calls(GM_ADDR out, GM_ADDR ws) {
  auto* o = reinterpret_cast<__gm__ uint64_t*>(out);
  set_mask_count();
  set_vector_mask(0, 37);
  o[0] = aicore::detail::t_core->mask_counter_mode ? 1 : 0;
  o[1] = aicore::detail::t_core->mask_bits[0];
  set_mask_norm();
  set_vector_mask(0x5, 0xF0F0);
  o[2] = aicore::detail::t_core->mask_counter_mode ? 1 : 0;
  o[3] = aicore::detail::t_core->mask_bits[1];
  o[4] = aicore::detail::t_core->mask_bits[0];
  o[5] = static_cast<uint64_t>(clz(1)) * 1000 + static_cast<uint64_t>(clz(0)) * 10 +
         static_cast<uint64_t>(clz(~uint64_t{0}));
  uint32_t v = 0;
  GetArchVersion(v);
  o[6] = v;
  // Cache and sync-address calls: nothing to do on the CPU, but they compile
  // and run as kernels write them.
  dcci((__gm__ uint64_t*)out, cache_line_t::SINGLE_CACHE_LINE, dcci_dst_t::CACHELINE_OUT);
  dcci((__gm__ uint64_t*)out, cache_line_t::ENTIRE_DATA_CACHE);
  GlobalTensor<uint64_t> g;
  g.SetGlobalBuffer((__gm__ uint64_t*)out, 8);
  DataCacheCleanAndInvalid<uint64_t, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_OUT>(g);
  DataCachePreload(g, int64_t{0});
  ICachePreLoad(2);
  o[7] = static_cast<uint64_t>(GetICachePreloadStatus());
  SetSyncBaseAddr(0);
  set_ffts_base_addr(0);
  // InitOutput (deprecated Fill).
  GlobalTensor<int32_t> w;
  w.SetGlobalBuffer((__gm__ int32_t*)ws, 16);
  InitOutput<int32_t>(w, 16, 9);
}

TEST_F(BuiltinTest, MaskClzArchAndSystemCalls) {
  auto* out = static_cast<uint64_t*>(GmAlloc(8 * sizeof(uint64_t)));
  auto* ws = static_cast<int32_t*>(GmAlloc(16 * sizeof(int32_t)));
  ICPU_RUN_KF(masks_and_calls, 1, reinterpret_cast<uint8_t*>(out), reinterpret_cast<uint8_t*>(ws));
  EXPECT_EQ(out[0], 1u);
  EXPECT_EQ(out[1], 37u);
  EXPECT_EQ(out[2], 0u);
  EXPECT_EQ(out[3], 0x5u);
  EXPECT_EQ(out[4], 0xF0F0u);
  EXPECT_EQ(out[5], 63u * 1000 + 64 * 10 + 0);
  EXPECT_EQ(out[6], 0x220u);
  EXPECT_EQ(out[7], 0u);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(ws[i], 9) << i;
  GmFree(out);
  GmFree(ws);
}

// ---------------------------------------------------------------------------
// Cross-core builtins and IBSet / IBWait.

__global__ __aicore__ void ffts_pair(GM_ADDR out) {
  auto* o = reinterpret_cast<__gm__ int32_t*>(out);
  if (ASCEND_IS_AIC) {
    o[0] = 42;
    ffts_cross_core_sync(PIPE_FIX, GetffstMsg(0x2, 5));
  } else {
    wait_flag_dev(5);
    o[1 + GetBlockIdx()] = o[0] + static_cast<int32_t>(GetBlockIdx());
  }
}

TEST_F(BuiltinTest, FftsCrossCoreSyncOrdersCubeBeforeVector) {
  SetKernelMode(KernelMode::MIX_MODE);
  auto* out = static_cast<int32_t*>(GmAlloc(8 * sizeof(int32_t)));
  ICPU_RUN_KF(ffts_pair, 1, reinterpret_cast<uint8_t*>(out));
  EXPECT_EQ(out[1], 42);
  EXPECT_EQ(out[2], 43);
  EXPECT_EQ(GetffstMsg(0x2, 5), 0x1 + (0x2 << 4) + (5 << 8));
  GmFree(out);
}
static_assert(SYNC_AIC_FLAG == 11 && SYNC_AIV_FLAG == 12 && SYNC_AIC_AIV_FLAG == 13 &&
              SYNC_AIV_ONLY_ALL == 14 && SYNC_MODE_SHIFT_VALUE == 4 && SYNC_FLAG_SHIFT_VALUE == 8);

// MmadImpl (the vendor's implementation name) is Mmad: the same bits, with
// and without a bias tensor.
TEST(Builtins, MmadImplIsMmad) {
  std::vector<float> got[2], gotBias[2];
  aicore::Launch(
      [&] {
        TPipe pipe;
        TBuf<TPosition::A2> a;
        TBuf<TPosition::B2> b;
        TBuf<TPosition::CO1> c;
        TBuf<TPosition::C2> bt;
        pipe.InitBuffer(a, 512 * 2);
        pipe.InitBuffer(b, 512 * 2);
        pipe.InitBuffer(c, 256 * 4);
        pipe.InitBuffer(bt, 16 * 4);
        LocalTensor<half> a2 = a.Get<half>(), b2 = b.Get<half>();
        LocalTensor<float> c1 = c.Get<float>(), bias = bt.Get<float>();
        for (int i = 0; i < 512; ++i) {
          a2.SetValue(i, half(static_cast<float>((i * 7) % 11) - 5.0f));
          b2.SetValue(i, half(static_cast<float>((i * 5) % 13) * 0.25f));
        }
        for (int j = 0; j < 16; ++j) bias.SetValue(j, static_cast<float>(j % 9) + 1.0f);
        MmadParams p;
        p.m = 16;
        p.n = 16;
        p.k = 32;
        for (int impl = 0; impl < 2; ++impl) {
          if (impl) MmadImpl(c1, a2, b2, p); else Mmad(c1, a2, b2, p);
          for (int i = 0; i < 256; ++i) got[impl].push_back(c1.GetValue(i));
          MmadParams q = p;
          q.cmatrixInitVal = false;
          if (impl) MmadImpl(c1, a2, b2, bias, q); else Mmad(c1, a2, b2, bias, q);
          for (int i = 0; i < 256; ++i) gotBias[impl].push_back(c1.GetValue(i));
        }
      },
      1);
  EXPECT_EQ(got[0], got[1]);
  EXPECT_EQ(gotBias[0], gotBias[1]);
  EXPECT_NE(got[0], gotBias[0]);  // the bias took part
}

// Block b waits for block b - 1, then appends its index: the GM list is in
// block order whatever the scheduling.
__global__ __aicore__ void ib_chain(GM_ADDR list, GM_ADDR ws) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 32);
  GlobalTensor<int32_t> wsGm;
  wsGm.SetGlobalBuffer((__gm__ int32_t*)ws, 8 * 8);
  auto* l = reinterpret_cast<__gm__ int32_t*>(list);
  const int32_t b = static_cast<int32_t>(GetBlockIdx());
  if (b > 0) IBWait(wsGm, buf.Get<int32_t>(), b - 1, 0);
  l[l[0] + 1] = b;
  ++l[0];
  IBSet(wsGm, buf.Get<int32_t>(), b, 0);
}

// The same chain through a GlobalTensor (seen by racecheck); `ordered` 0
// leaves out the IBWait (one thread: the log is still in order, but nothing
// orders the blocks' accesses).
__global__ __aicore__ void ib_chain_gm(GM_ADDR list, GM_ADDR ws, int32_t ordered) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 32);
  GlobalTensor<int32_t> wsGm, l;
  wsGm.SetGlobalBuffer((__gm__ int32_t*)ws, 8 * 8);
  l.SetGlobalBuffer((__gm__ int32_t*)list, 8);
  const int32_t b = static_cast<int32_t>(GetBlockIdx());
  if (b > 0 && ordered) IBWait(wsGm, buf.Get<int32_t>(), b - 1, 0);
  const int32_t n = l.GetValue(0);
  l.SetValue(n + 1, b);
  l.SetValue(0, n + 1);
  IBSet(wsGm, buf.Get<int32_t>(), b, 0);
}

__global__ __aicore__ void ib_bad_block(GM_ADDR ws) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 32);
  GlobalTensor<int32_t> wsGm;
  wsGm.SetGlobalBuffer((__gm__ int32_t*)ws, 8 * 8);
  IBSet(wsGm, buf.Get<int32_t>(), 5, 0);
}

TEST_F(BuiltinTest, IBSetIBWaitOrderBlocks) {
  constexpr uint32_t kDim = 6;
  auto* list = static_cast<int32_t*>(GmAlloc((kDim + 1) * sizeof(int32_t)));
  auto* ws = static_cast<int32_t*>(GmAlloc(8 * 8 * sizeof(int32_t)));
  ICPU_RUN_KF(ib_chain, kDim, reinterpret_cast<uint8_t*>(list), reinterpret_cast<uint8_t*>(ws));
  ASSERT_EQ(list[0], static_cast<int32_t>(kDim));
  for (uint32_t i = 0; i < kDim; ++i) EXPECT_EQ(list[i + 1], static_cast<int32_t>(i));
  // racecheck takes an IBWait as ordering the waiter after the block whose
  // IBSet it saw (it reported the vendor's ib_set_wait sample as a race).
  for (int32_t ordered : {1, 0}) {
    SCOPED_TRACE(ordered);
    std::fill(list, list + kDim + 1, 0);
    std::fill(ws, ws + 8 * 8, 0);
    aicore::ErrorRecorder rec(aicore::kRacecheck);
    if (ordered) {
      ICPU_RUN_KF(ib_chain_gm, kDim, reinterpret_cast<uint8_t*>(list), reinterpret_cast<uint8_t*>(ws), ordered);
    } else {
      aicore::SetNumThreads(1);
      aicore::Launch(ib_chain_gm, kDim, reinterpret_cast<uint8_t*>(list), reinterpret_cast<uint8_t*>(ws), ordered);
      aicore::SetNumThreads(0);
    }
    EXPECT_EQ(list[0], static_cast<int32_t>(kDim));
    if (ordered) {
      EXPECT_EQ(rec.size(), 0u) << rec.str();
    } else {
      ASSERT_GE(rec.size(), 1u);
      EXPECT_NE(rec.str().find("GM race"), std::string::npos) << rec.str();
    }
  }
  auto e = Failing([&] { aicore::Launch(ib_bad_block, 2, reinterpret_cast<uint8_t*>(ws)); });
  ASSERT_TRUE(e);
  EXPECT_TRUE(Has(*e, "IBSet")) << e->what();
  EXPECT_TRUE(Has(*e, "blockIdx 5 is outside [0, 2)")) << e->what();
  GmFree(list);
  GmFree(ws);
}

}  // namespace
