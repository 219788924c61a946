// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The GM deep checks of the kernel sanitizer (instrument/sanitizer/gm.h) and the host
// side of GM (runtime/gm.h):
//   memcheck   GM accesses against the allocation they fall in (GmAlloc or
//              GmRegister), burst by burst; use after GmFree; leaks at exit.
//   racecheck  blocks touching the same GM bytes with nothing ordering them.
//   initcheck  GM bytes read before the host or a kernel wrote them.
//   host       GmFree twice / of foreign memory through the error sink;
//              ICPU_RUN_KF arguments that are not GM.
// Every check: a buggy kernel whose report is checked (kind, API, kernel,
// block, file:line, key fragments) and a clean twin that must be silent with
// the mode on. Kernels take `buggy`: 0 runs the clean code in every block,
// otherwise the bug is in one block. MARK(slot) records the line of the next
// source line.
//
// Kernels with a deliberate race run their blocks on one thread
// (SetNumThreads(1)): racecheck finds races from the logged accesses, not
// from timing, and the test itself stays clean under ThreadSanitizer.
#include "kernel_operator.h"
#include "tikicpulib.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

using namespace AscendC;

namespace {

constexpr uint32_t kBlocks = 4;
constexpr int64_t kBad = 2;                // the buggy block of the race / init tests
constexpr int64_t kLast = kBlocks - 1;     // the buggy block of the bounds tests
constexpr uint32_t kLen = 64;              // floats per block
constexpr uint32_t kBytes = kBlocks * kLen * sizeof(float);  // 1024

std::atomic<int> g_line[4];
#define MARK(slot) g_line[slot].store(__LINE__ + 1, std::memory_order_relaxed)
int Line(int slot) { return g_line[slot].load(std::memory_order_relaxed); }

struct Want {
  aicore::ErrorKind kind;
  std::string api;
  std::string kernel;
  int32_t block;
  int line;
  std::vector<std::string> fragments;
};

void Check(const aicore::KernelError& e, const Want& w) {
  const std::string what = e.what();
  SCOPED_TRACE(what);
  EXPECT_EQ(e.kind(), w.kind);
  EXPECT_EQ(e.api(), w.api);
  EXPECT_EQ(e.kernel(), w.kernel);
  EXPECT_EQ(e.block(), w.block);
  EXPECT_GT(w.line, 0);
  EXPECT_EQ(e.line(), w.line);
  const std::string site = "test_sanitizer_gm.cpp:" + std::to_string(w.line);
  EXPECT_NE(what.find(site), std::string::npos) << "missing " << site;
  for (const std::string& f : w.fragments) {
    EXPECT_NE(what.find(f), std::string::npos) << "missing fragment: " << f;
  }
}

// Exactly one report, matching w.
void ExpectOne(const aicore::ErrorRecorder& rec, const Want& w) {
  ASSERT_EQ(rec.size(), 1u) << rec.str();
  Check(rec.reports()[0], w);
}

// "<this file>:<line of slot>" as reports write it.
std::string Site(int slot) { return std::string(__FILE__) + ":" + std::to_string(Line(slot)); }

// GM from GmAlloc holding kBlocks * kLen floats (plus `extra`), x[i] = i.
struct Buffer {
  explicit Buffer(uint32_t floats = kBlocks * kLen, bool fill = true)
      : n(floats), p(static_cast<float*>(aicore::GmAlloc(floats * sizeof(float)))) {
    if (fill) {
      for (uint32_t i = 0; i < n; ++i) p[i] = static_cast<float>(i);
    }
  }
  ~Buffer() { aicore::GmFree(p); }
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  GM_ADDR G() const { return reinterpret_cast<GM_ADDR>(p); }
  uint32_t n;
  float* p;
};

class SanitizerGm : public ::testing::Test {
 protected:
  void SetUp() override {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    SetKernelMode(KernelMode::AIV_MODE);
  }
  void TearDown() override {
    aicore::SetNumThreads(0);
    SetKernelMode(KernelMode::MIX_MODE);
  }
};

// ---------------------------------------------------------------------------
// Kernels.

// Each block copies its kLen floats of x to z through UB, with GlobalTensors
// bound WITHOUT a size (the always-on check cannot see past the end). bug 1:
// the last block reads 16 floats further; bug 2: it writes 16 floats further.
void copy_unsized(GM_ADDR x, GM_ADDR z, int32_t bug) {
  TPipe pipe;
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> q;
  pipe.InitBuffer(q, 1, kLen * sizeof(float));
  const int64_t b = GetBlockIdx();
  const int64_t shift = b == kLast ? 16 : 0;
  GlobalTensor<float> xGm, zGm;
  xGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x) + b * kLen + (bug == 1 ? shift : 0));
  zGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z) + b * kLen + (bug == 2 ? shift : 0));
  LocalTensor<float> t = q.AllocTensor<float>();
  MARK(0);
  DataCopy(t, xGm, kLen);
  q.EnQue(t);
  t = q.DeQue<float>();
  MARK(1);
  DataCopy(zGm, t, kLen);
  q.FreeTensor(t);
}

// Each block reads 4 bursts of 32 bytes, 32 bytes apart (224 bytes from its
// 256-byte slice); the last block's start is 64 bytes late when buggy, so
// that its 4th burst starts at the end of the allocation.
void strided_read(GM_ADDR x, int32_t buggy) {
  TPipe pipe;
  TQue<TPosition::VECIN, 1> q;
  pipe.InitBuffer(q, 1, 256);
  const int64_t b = GetBlockIdx();
  GlobalTensor<float> xGm;
  xGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x) + b * kLen + (buggy && b == kLast ? 16 : 0));
  LocalTensor<float> t = q.AllocTensor<float>();
  DataCopyParams p;
  p.blockCount = 4;
  p.blockLen = 1;
  p.srcStride = 1;
  p.dstStride = 0;
  MARK(0);
  DataCopy(t, xGm, p);
  q.FreeTensor(t);
}

// GetValue / SetValue of the slice's last element; bug 1: the last block
// reads one past it (past the allocation), bug 2: writes there.
void scalar_access(GM_ADDR x, int32_t bug) {
  const int64_t b = GetBlockIdx();
  GlobalTensor<float> xGm;
  xGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x) + b * kLen);
  const uint64_t i = b == kLast ? kLen - 1 + (bug != 0 ? 1 : 0) : kLen - 1;
  MARK(0);
  const float v = xGm.GetValue(bug == 2 ? kLen - 1 : i);
  MARK(1);
  xGm.SetValue(bug == 2 ? i : kLen - 1, v + 1.0f);
}

// Each block copies its slice of x to z; buggy: block kBad writes 8 floats
// early, over the end of block kBad - 1's slice.
void overlapping_writes(GM_ADDR x, GM_ADDR z, int32_t buggy) {
  TPipe pipe;
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> q;
  pipe.InitBuffer(q, 1, kLen * sizeof(float));
  const int64_t b = GetBlockIdx();
  GlobalTensor<float> xGm, zGm;
  xGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x) + b * kLen, kLen);
  zGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z) + b * kLen - (buggy && b == kBad ? 8 : 0), kLen);
  LocalTensor<float> t = q.AllocTensor<float>();
  DataCopy(t, xGm, kLen);
  q.EnQue(t);
  t = q.DeQue<float>();
  MARK(0);
  DataCopy(zGm, t, kLen);
  q.FreeTensor(t);
}

// Phase 1: each block copies its slice of x to z. Then (sync) SyncAll, a
// mode-0 cross-core flag round (flag), or nothing. Phase 2: each block
// copies a slice of z to its slice of w: its own, or (buggy, block kBad)
// the next block's.
enum Order : int32_t { kNoOrder = 0, kSyncAll = 1, kCrossFlag = 2 };
void write_then_read(GM_ADDR x, GM_ADDR z, GM_ADDR w, int32_t buggy, int32_t order) {
  TPipe pipe;
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> q;
  pipe.InitBuffer(q, 1, kLen * sizeof(float));
  const int64_t b = GetBlockIdx();
  const int64_t src = buggy && b == kBad ? (b + 1) % GetBlockNum() : b;
  GlobalTensor<float> xGm, zMine, zSrc, wGm;
  xGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x) + b * kLen, kLen);
  zMine.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z) + b * kLen, kLen);
  zSrc.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z) + src * kLen, kLen);
  wGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(w) + b * kLen, kLen);
  LocalTensor<float> t = q.AllocTensor<float>();
  DataCopy(t, xGm, kLen);
  q.EnQue(t);
  t = q.DeQue<float>();
  MARK(0);
  DataCopy(zMine, t, kLen);
  q.FreeTensor(t);
  if (order == kSyncAll) SyncAll();
  if (order == kCrossFlag) {
    CrossCoreSetFlag<0, PIPE_MTE3>(1);
    CrossCoreWaitFlag(1);
  }
  t = q.AllocTensor<float>();
  MARK(1);
  DataCopy(t, zSrc, kLen);
  q.EnQue(t);
  t = q.DeQue<float>();
  DataCopy(wGm, t, kLen);
  q.FreeTensor(t);
}

// Every block adds its slice of x into z[0, kLen) in atomic-add mode;
// buggy: block kBad forgets SetAtomicAdd and overwrites.
void accumulate(GM_ADDR x, GM_ADDR z, int32_t buggy) {
  TPipe pipe;
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> q;
  pipe.InitBuffer(q, 1, kLen * sizeof(float));
  const int64_t b = GetBlockIdx();
  GlobalTensor<float> xGm, zGm;
  xGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x) + b * kLen, kLen);
  zGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z), kLen);
  LocalTensor<float> t = q.AllocTensor<float>();
  DataCopy(t, xGm, kLen);
  q.EnQue(t);
  t = q.DeQue<float>();
  if (!(buggy && b == kBad)) SetAtomicAdd<float>();
  MARK(0);
  DataCopy(zGm, t, kLen);
  SetAtomicNone();
  q.FreeTensor(t);
}

// The atomic reduction pattern: block 0 zeroes z[0, kLen) with
// InitGlobalMemory, SyncAll, then every block adds its slice of x into it.
// Buggy: no SyncAll (the zeroing races with the other blocks' additions).
void zero_then_accumulate(GM_ADDR x, GM_ADDR z, int32_t buggy) {
  TPipe pipe;
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> q;
  pipe.InitBuffer(q, 1, kLen * sizeof(float));
  const int64_t b = GetBlockIdx();
  GlobalTensor<float> xGm, zGm;
  xGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x) + b * kLen, kLen);
  zGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z), kLen);
  MARK(0);
  if (b == 0) InitGlobalMemory(zGm, kLen, 0.0f);
  if (!buggy) SyncAll();
  LocalTensor<float> t = q.AllocTensor<float>();
  DataCopy(t, xGm, kLen);
  q.EnQue(t);
  t = q.DeQue<float>();
  SetAtomicAdd<float>();
  MARK(1);
  DataCopy(zGm, t, kLen);
  SetAtomicNone();
  q.FreeTensor(t);
}

// Each block copies kPad floats (148 bytes: not a multiple of 32) from x to
// z at kPad * block with DataCopyPad: neighbours meet at unaligned byte
// offsets. Buggy: block kBad starts one float early.
constexpr uint32_t kPad = 37;
void pad_slices(GM_ADDR x, GM_ADDR z, int32_t buggy) {
  TPipe pipe;
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> q;
  pipe.InitBuffer(q, 1, 256);
  const int64_t b = GetBlockIdx();
  const int64_t at = b * kPad - (buggy && b == kBad ? 1 : 0);
  GlobalTensor<float> xGm, zGm;
  xGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x) + at, kPad);
  zGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z) + at, kPad);
  const DataCopyExtParams p(1, kPad * sizeof(float), 0, 0, 0);
  LocalTensor<float> t = q.AllocTensor<float>();
  DataCopyPad(t, xGm, p, DataCopyPadExtParams<float>());
  q.EnQue(t);
  t = q.DeQue<float>();
  MARK(0);
  DataCopyPad(zGm, t, p);
  q.FreeTensor(t);
}

// Mixed launch: the vector blocks write their slice, meet in the vector-only
// SyncAll, then read the next vector block's slice (a barrier of only some
// blocks of the launch).
extern "C" __global__ __aicore__ void vector_side_exchange(GM_ADDR z, GM_ADDR w) {
  if ASCEND_IS_AIC return;
  const int64_t b = GetBlockIdx(), n = GetBlockNum() * GetTaskRation();
  auto* zp = reinterpret_cast<__gm__ float*>(z);
  GlobalTensor<float> zMine, zNext, wGm;
  zMine.SetGlobalBuffer(zp + b * 8, 8);
  zNext.SetGlobalBuffer(zp + ((b + 1) % n) * 8, 8);
  wGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(w) + b * 8, 8);
  zMine.SetValue(0, static_cast<float>(b));
  SyncAll();
  wGm.SetValue(0, zNext.GetValue(0));
}

// Mixed launch: cube block g writes a value into its region g of ws and
// hands it to its vector blocks 2g, 2g + 1 with a mode-2 cross-core flag;
// they copy it to out. Buggy: cube block 1 also writes region 0 (after the
// vector blocks of group 0 read it, through an atomic the sanitizer does not
// see, so that the test itself has no data race).
std::atomic<int> g_group0_reads{0};
void cube_to_vector(GM_ADDR ws, GM_ADDR out, int32_t buggy) {
  const int64_t b = GetBlockIdx();
  auto* wsp = reinterpret_cast<__gm__ float*>(ws);
  GlobalTensor<float> region;
  if ASCEND_IS_AIC {
    region.SetGlobalBuffer(wsp + b * 8, 8);
    region.SetValue(0, 10.0f + b);
    CrossCoreSetFlag<2, PIPE_FIX>(3);
    if (buggy && b == 1) {
      while (g_group0_reads.load(std::memory_order_acquire) < 2) std::this_thread::yield();
      region.SetGlobalBuffer(wsp, 8);
      MARK(0);
      region.SetValue(0, 0.0f);
    }
  } else {
    CrossCoreWaitFlag(3);
    region.SetGlobalBuffer(wsp + (b / 2) * 8, 8);
    reinterpret_cast<__gm__ float*>(out)[b] = region.GetValue(0);
    if (b / 2 == 0) g_group0_reads.fetch_add(1, std::memory_order_release);
  }
}

extern "C" __global__ __aicore__ void write_first(GM_ADDR out) {
  reinterpret_cast<int32_t*>(out)[GetBlockIdx()] = 1;
}

// ---------------------------------------------------------------------------
// memcheck.

TEST_F(SanitizerGm, MemcheckReadPastTheGmAllocBlock) {
  Buffer x, z(kBlocks * kLen, false);
  {
    // Without memcheck, a GlobalTensor bound without a size is not checked.
    aicore::ErrorRecorder rec(aicore::kSanitizeNone);
    aicore::LaunchNamed("copy_unsized", copy_unsized, kBlocks, x.G(), z.G(), 1);
    EXPECT_EQ(rec.size(), 0u) << rec.str();
  }
  aicore::ErrorRecorder rec(aicore::kMemcheck);
  aicore::LaunchNamed("copy_unsized", copy_unsized, kBlocks, x.G(), z.G(), 1);
  ExpectOne(rec, {aicore::ErrorKind::kBounds, "DataCopy", "copy_unsized", kLast, Line(0),
                  {"invalid GM read of 256 bytes at offset 832 of the 1024-byte GmAlloc block 0x",
                   "(allocated at ", "(it ends 64 bytes past its end) by DataCopy",
                   "also when the GlobalTensor was bound without a size"}});
}

TEST_F(SanitizerGm, MemcheckWritePastTheGmAllocBlock) {
  Buffer x, z(kBlocks * kLen, false);
  aicore::ErrorRecorder rec(aicore::kMemcheck);
  aicore::LaunchNamed("copy_unsized", copy_unsized, kBlocks, x.G(), z.G(), 2);
  ExpectOne(rec, {aicore::ErrorKind::kBounds, "DataCopy", "copy_unsized", kLast, Line(1),
                  {"invalid GM write of 256 bytes at offset 832 of the 1024-byte GmAlloc block",
                   "(it ends 64 bytes past its end)"}});
}

TEST_F(SanitizerGm, MemcheckInBoundsCopyIsSilent) {
  Buffer x, z(kBlocks * kLen, false);
  aicore::ErrorRecorder rec(aicore::kMemcheck);
  aicore::LaunchNamed("copy_unsized", copy_unsized, kBlocks, x.G(), z.G(), 0);
  EXPECT_EQ(rec.size(), 0u) << rec.str();
  for (uint32_t i = 0; i < kBlocks * kLen; ++i) ASSERT_EQ(z.p[i], x.p[i]);
}

TEST_F(SanitizerGm, MemcheckChecksEachBurstOfAStridedCopy) {
  Buffer x;
  aicore::ErrorRecorder rec(aicore::kMemcheck);
  aicore::LaunchNamed("strided_read", strided_read, kBlocks, x.G(), 1);
  ExpectOne(rec, {aicore::ErrorKind::kBounds, "DataCopy", "strided_read", kLast, Line(0),
                  {"invalid GM read of 32 bytes at offset 1024 of the 1024-byte GmAlloc block",
                   "(it starts 0 bytes past its end)",
                   "(burst 4 of 4 of a strided copy; memcheck checks each burst)"}});
  rec.clear();
  aicore::LaunchNamed("strided_read", strided_read, kBlocks, x.G(), 0);
  EXPECT_EQ(rec.size(), 0u) << rec.str();
}

TEST_F(SanitizerGm, MemcheckGetValueAndSetValueOnePastTheEnd) {
  Buffer x;
  aicore::ErrorRecorder rec(aicore::kMemcheck);
  aicore::LaunchNamed("scalar_access", scalar_access, kBlocks, x.G(), 1);
  ExpectOne(rec, {aicore::ErrorKind::kBounds, "GlobalTensor::GetValue", "scalar_access", kLast, Line(0),
                  {"invalid GM read of 4 bytes at offset 1024 of the 1024-byte GmAlloc block",
                   "(it starts 0 bytes past its end)"}});
  rec.clear();
  aicore::LaunchNamed("scalar_access", scalar_access, kBlocks, x.G(), 2);
  ExpectOne(rec, {aicore::ErrorKind::kBounds, "GlobalTensor::SetValue", "scalar_access", kLast, Line(1),
                  {"invalid GM write of 4 bytes at offset 1024 of the 1024-byte GmAlloc block"}});
  rec.clear();
  aicore::LaunchNamed("scalar_access", scalar_access, kBlocks, x.G(), 0);
  EXPECT_EQ(rec.size(), 0u) << rec.str();
}

TEST_F(SanitizerGm, MemcheckUseAfterGmFree) {
  Buffer z(kBlocks * kLen, false);
  aicore::ErrorRecorder rec(aicore::kMemcheck);
  float* x = static_cast<float*>(aicore::GmAlloc(kBytes));
  const int freed_line = __LINE__ + 1;
  aicore::GmFree(x);
  aicore::LaunchNamed("copy_unsized", copy_unsized, 1, reinterpret_cast<GM_ADDR>(x), z.G(), 0);
  ExpectOne(rec, {aicore::ErrorKind::kBounds, "DataCopy", "copy_unsized", 0, Line(0),
                  {"invalid GM read of 256 bytes at 0x", "0 bytes into the 1024-byte GmAlloc block",
                   "released by GmFree at " + std::string(__FILE__) + ":" + std::to_string(freed_line),
                   "(use after GmFree: the pointer is stale)"}});
}

// A registered std::vector is checked like a GmAlloc block; memory in no
// allocation is not checked at all.
TEST_F(SanitizerGm, MemcheckRegisteredBufferIsCheckedUnknownMemoryIsNot) {
  // Twice the floats the kernel's x needs: the overrun stays in the vector.
  std::vector<float> host(2 * kBlocks * kLen, 1.0f);
  Buffer z(kBlocks * kLen, false);
  GM_ADDR x = reinterpret_cast<GM_ADDR>(host.data());
  aicore::ErrorRecorder rec(aicore::kMemcheck);
  aicore::LaunchNamed("copy_unsized", copy_unsized, kBlocks, x, z.G(), 1);
  EXPECT_EQ(rec.size(), 0u) << "memory in no allocation is not checked: " << rec.str();
  {
    const int reg_line = __LINE__ + 1;
    aicore::GmRegistration reg(host.data(), kBytes);
    aicore::LaunchNamed("copy_unsized", copy_unsized, kBlocks, x, z.G(), 1);
    ExpectOne(rec, {aicore::ErrorKind::kBounds, "DataCopy", "copy_unsized", kLast, Line(0),
                    {"invalid GM read of 256 bytes at offset 832 of the 1024-byte GmRegister buffer 0x",
                     "(registered at " + std::string(__FILE__) + ":" + std::to_string(reg_line) + ")",
                     "(it ends 64 bytes past its end)"}});
    rec.clear();
    aicore::LaunchNamed("copy_unsized", copy_unsized, kBlocks, x, z.G(), 0);
    EXPECT_EQ(rec.size(), 0u) << rec.str();
  }
  aicore::LaunchNamed("copy_unsized", copy_unsized, kBlocks, x, z.G(), 1);
  EXPECT_EQ(rec.size(), 0u) << "unregistered again: " << rec.str();
}

// Many allocations and a gap between them: lookups through the per-thread
// cache must never mix them up.
TEST_F(SanitizerGm, MemcheckLookupsStayExactAcrossRegistryChanges) {
  aicore::ErrorRecorder rec(aicore::kMemcheck);
  std::vector<float> host(kBlocks * kLen, 3.0f);
  for (int round = 0; round < 20; ++round) {
    Buffer a, b(kBlocks * kLen, false), c(kBlocks * kLen, false);
    aicore::LaunchNamed("copy_unsized", copy_unsized, kBlocks, a.G(), b.G(), 0);
    aicore::LaunchNamed("copy_unsized", copy_unsized, kBlocks, b.G(), c.G(), 0);
    aicore::LaunchNamed("copy_unsized", copy_unsized, kBlocks,
                        reinterpret_cast<GM_ADDR>(host.data()), a.G(), 0);
    ASSERT_EQ(rec.size(), 0u) << rec.str();
    ASSERT_EQ(c.p[kBlocks * kLen - 1], static_cast<float>(kBlocks * kLen - 1));
    aicore::LaunchNamed("copy_unsized", copy_unsized, kBlocks, c.G(), a.G(), 2);
    ASSERT_EQ(rec.size(), 1u) << rec.str();
    EXPECT_NE(std::string(rec.reports()[0].what()).find(aicore::detail::HexPtr(a.p)), std::string::npos)
        << rec.str();
    rec.clear();
  }
}

// ---------------------------------------------------------------------------
// racecheck.

TEST_F(SanitizerGm, RacecheckOverlappingOutputRanges) {
  aicore::SetNumThreads(1);
  Buffer x, z(kBlocks * kLen, false);
  aicore::ErrorRecorder rec(aicore::kRacecheck);
  aicore::LaunchNamed("overlapping_writes", overlapping_writes, kBlocks, x.G(), z.G(), 1);
  ExpectOne(rec, {aicore::ErrorKind::kRace, "DataCopy", "overlapping_writes", kBad, Line(0),
                  {"GM race: block 2 writes bytes [480, 736) of the 1024-byte GmAlloc block 0x",
                   "in DataCopy at " + Site(0) + ", and block 1 writes bytes [256, 512) in DataCopy at " + Site(0),
                   "(both touch bytes [480, 512))", "with no SyncAll, cross-core flag or common atomic mode",
                   "disjoint output range"}});
  rec.clear();
  aicore::SetNumThreads(0);
  aicore::LaunchNamed("overlapping_writes", overlapping_writes, kBlocks, x.G(), z.G(), 0);
  EXPECT_EQ(rec.size(), 0u) << rec.str();
}

TEST_F(SanitizerGm, RacecheckReadOfAnotherBlocksOutputWithoutSyncAll) {
  aicore::SetNumThreads(1);
  Buffer x, z(kBlocks * kLen, false), w(kBlocks * kLen, false);
  aicore::ErrorRecorder rec(aicore::kRacecheck);
  aicore::LaunchNamed("write_then_read", write_then_read, kBlocks, x.G(), z.G(), w.G(), 1, kNoOrder);
  // Reported at the write (block 3), naming the read of block 2.
  ExpectOne(rec, {aicore::ErrorKind::kRace, "DataCopy", "write_then_read", kBad + 1, Line(0),
                  {"GM race: block 3 writes bytes [768, 1024) of the 1024-byte GmAlloc block",
                   "and block 2 reads bytes [768, 1024) in DataCopy at " + Site(1),
                   "SyncAll() (all blocks resident: LaunchCooperative or ICPU_RUN_KF)"}});
  rec.clear();
  aicore::LaunchNamed("write_then_read", write_then_read, kBlocks, x.G(), z.G(), w.G(), 0, kNoOrder);
  EXPECT_EQ(rec.size(), 0u) << rec.str();
}

TEST_F(SanitizerGm, RacecheckSyncAllOrdersTheBlocks) {
  Buffer x, z(kBlocks * kLen, false), w(kBlocks * kLen, false);
  aicore::ErrorRecorder rec(aicore::kRacecheck);
  for (int rep = 0; rep < 3; ++rep) {
    aicore::LaunchCooperative("write_then_read", write_then_read, kBlocks, x.G(), z.G(), w.G(), 1,
                              kSyncAll);
  }
  EXPECT_EQ(rec.size(), 0u) << rec.str();
  for (uint32_t i = 0; i < kLen; ++i) ASSERT_EQ(w.p[kBad * kLen + i], x.p[(kBad + 1) * kLen + i]);
}

// Cross-core flags: a block that set or waited for one is left out of the
// phase's check (a documented limit) — never a false report.
TEST_F(SanitizerGm, RacecheckCrossCoreFlagRoundIsSilent) {
  Buffer x, z(kBlocks * kLen, false), w(kBlocks * kLen, false);
  aicore::ErrorRecorder rec(aicore::kRacecheck);
  aicore::LaunchCooperative("write_then_read", write_then_read, kBlocks, x.G(), z.G(), w.G(), 1,
                            kCrossFlag);
  EXPECT_EQ(rec.size(), 0u) << rec.str();
  for (uint32_t i = 0; i < kLen; ++i) ASSERT_EQ(w.p[kBad * kLen + i], x.p[(kBad + 1) * kLen + i]);
}

// A SyncAll of only the vector blocks of a mixed launch orders them.
TEST_F(SanitizerGm, RacecheckVectorOnlySyncAllOfAMixedLaunchIsSilent) {
  SetKernelMode(KernelMode::MIX_MODE);
  constexpr uint32_t kDim = 2;  // 2 cube + 4 vector blocks
  Buffer z(4 * 8, false), w(4 * 8, false);
  aicore::ErrorRecorder rec(aicore::kRacecheck);
  ICPU_RUN_KF(vector_side_exchange, kDim, z.G(), w.G());
  EXPECT_EQ(rec.size(), 0u) << rec.str();
  for (uint32_t v = 0; v < 4; ++v) EXPECT_EQ(w.p[v * 8], static_cast<float>((v + 1) % 4));
}

// Cross-core flags order a cube block and its vector blocks; different
// groups are still checked against each other.
TEST_F(SanitizerGm, RacecheckCrossCoreFlagsOfAMixedLaunch) {
  SetKernelMode(KernelMode::MIX_MODE);
  Buffer ws(2 * 8, false), out(4, false);
  aicore::ErrorRecorder rec(aicore::kRacecheck);
  g_group0_reads.store(0);
  ICPU_RUN_KF(cube_to_vector, 2, ws.G(), out.G(), 0);
  EXPECT_EQ(rec.size(), 0u) << rec.str();
  for (uint32_t v = 0; v < 4; ++v) EXPECT_EQ(out.p[v], 10.0f + v / 2);
  g_group0_reads.store(0);
  ICPU_RUN_KF(cube_to_vector, 2, ws.G(), out.G(), 1);
  ExpectOne(rec, {aicore::ErrorKind::kRace, "GlobalTensor::SetValue", "cube_to_vector [AIC]", 1,
                  Line(0), {"GM race: block 1 [AIC] writes bytes [0, 4) of the 64-byte GmAlloc block"}});
}

TEST_F(SanitizerGm, RacecheckAtomicAccumulationIsSilent) {
  Buffer x, z(kLen, false);
  std::memset(z.p, 0, kLen * sizeof(float));
  aicore::ErrorRecorder rec(aicore::kRacecheck);
  aicore::LaunchNamed("accumulate", accumulate, kBlocks, x.G(), z.G(), 0);
  EXPECT_EQ(rec.size(), 0u) << rec.str();
  for (uint32_t i = 0; i < kLen; ++i) {
    float sum = 0;
    for (uint32_t b = 0; b < kBlocks; ++b) sum += x.p[b * kLen + i];
    ASSERT_EQ(z.p[i], sum);
  }
}

TEST_F(SanitizerGm, RacecheckPlainWriteIntoAnAtomicAccumulation) {
  aicore::SetNumThreads(1);
  Buffer x, z(kLen, false);
  aicore::ErrorRecorder rec(aicore::kRacecheck);
  aicore::LaunchNamed("accumulate", accumulate, kBlocks, x.G(), z.G(), 1);
  ExpectOne(rec, {aicore::ErrorKind::kRace, "DataCopy", "accumulate", kBad, Line(0),
                  {"GM race: block 2 writes bytes [0, 256) of the 256-byte GmAlloc block",
                   "writes in atomic mode SetAtomicAdd<float> to bytes [0, 256) in DataCopy at " + Site(0),
                   "access these bytes in one atomic mode only"}});
}

TEST_F(SanitizerGm, RacecheckZeroingWithoutSyncAllBeforeAnAtomicReduction) {
  Buffer x, z(kLen, false);
  aicore::ErrorRecorder rec(aicore::kRacecheck);
  aicore::LaunchCooperative("zero_then_accumulate", zero_then_accumulate, kBlocks, x.G(), z.G(), 0);
  EXPECT_EQ(rec.size(), 0u) << rec.str();
  for (uint32_t i = 0; i < kLen; ++i) {
    float sum = 0;
    for (uint32_t b = 0; b < kBlocks; ++b) sum += x.p[b * kLen + i];
    ASSERT_EQ(z.p[i], sum);
  }
  aicore::SetNumThreads(1);
  aicore::LaunchNamed("zero_then_accumulate", zero_then_accumulate, kBlocks, x.G(), z.G(), 1);
  ExpectOne(rec, {aicore::ErrorKind::kRace, "InitGlobalMemory", "zero_then_accumulate", 0, Line(0),
                  {"GM race: block 0 writes bytes [0, 256) of the 256-byte GmAlloc block",
                   "in InitGlobalMemory at " + Site(0) + ", and block ",
                   " writes in atomic mode SetAtomicAdd<float> to bytes [0, 256) in DataCopy at " + Site(1)}});
}

TEST_F(SanitizerGm, RacecheckIsByteExactForUnalignedDataCopyPad) {
  aicore::SetNumThreads(1);
  Buffer x(kBlocks * kPad + 8), z(kBlocks * kPad + 8, false);
  aicore::ErrorRecorder rec(aicore::kRacecheck);
  aicore::LaunchNamed("pad_slices", pad_slices, kBlocks, x.G(), z.G(), 0);
  EXPECT_EQ(rec.size(), 0u) << "adjacent 148-byte ranges: " << rec.str();
  for (uint32_t i = 0; i < kBlocks * kPad; ++i) ASSERT_EQ(z.p[i], x.p[i]);
  aicore::LaunchNamed("pad_slices", pad_slices, kBlocks, x.G(), z.G(), 1);
  // Block 2 writes [292, 440), block 1 wrote [148, 296): 4 bytes in common.
  ExpectOne(rec, {aicore::ErrorKind::kRace, "DataCopyPad", "pad_slices", kBad, Line(0),
                  {"block 2 writes bytes [292, 440)", "block 1 writes bytes [148, 296)",
                   "(both touch bytes [292, 296))"}});
}

// The sweep against brute force: random intervals of 4 blocks (some joined
// into groups) must give a report exactly when two of them conflict.
TEST_F(SanitizerGm, RacecheckSweepReportsExactlyWhenAConflictExists) {
  using aicore::detail::GmAccess;
  using aicore::detail::SanGmInterval;
  std::mt19937 rng(5);
  aicore::ErrorRecorder rec;
  int conflicts = 0;
  for (int round = 0; round < 3000; ++round) {
    aicore::detail::LaunchState st;
    st.kernel = "sweep";
    st.block_dim = st.group_num = 4;
    st.san = aicore::kRacecheck;
    aicore::detail::SanLaunchBegin(st);
    auto& s = st.san_gm;
    if (rng() % 3 == 0) aicore::detail::SanJoin(s, rng() % 4, rng() % 4);
    std::vector<std::pair<uint32_t, SanGmInterval>> all;
    const int n = 2 + static_cast<int>(rng() % (round % 2 ? 5 : 16));
    for (int i = 0; i < n; ++i) {
      SanGmInterval v;
      v.lo = 0x10000 + rng() % (round % 2 ? 64 : 512);
      v.hi = v.lo + 1 + rng() % 16;
      v.api = "Api";
      v.file = "f.cpp";
      v.line = i + 1;
      v.kind = static_cast<uint8_t>(rng() % 3);
      v.mode = v.kind == static_cast<uint8_t>(GmAccess::kAtomic) ? static_cast<uint8_t>(8 + 1 + rng() % 2) : 0;
      const uint32_t t = rng() % 4;
      s.log[t].push_back(v);
      all.emplace_back(t, v);
    }
    bool conflict = false;
    for (size_t i = 0; i < all.size(); ++i) {
      for (size_t j = i + 1; j < all.size(); ++j) {
        const SanGmInterval &a = all[i].second, &b = all[j].second;
        if (aicore::detail::SanGroupOf(s, all[i].first) == aicore::detail::SanGroupOf(s, all[j].first)) continue;
        if (std::max(a.lo, b.lo) >= std::min(a.hi, b.hi)) continue;
        const bool reads = a.kind == 0 && b.kind == 0;
        const bool same_atomic = a.kind == 2 && b.kind == 2 && a.mode == b.mode;
        conflict |= !reads && !same_atomic;
      }
    }
    rec.clear();
    aicore::detail::SanGmSweep(st);
    ASSERT_EQ(rec.size() != 0, conflict) << "round " << round << ": " << rec.str();
    conflicts += conflict;
    aicore::detail::SanLaunchEnd(st);
    ASSERT_EQ(rec.size() != 0, conflict) << "the sweep clears the logs";
  }
  EXPECT_GT(conflicts, 500);
  EXPECT_LT(conflicts, 2500);
}

// ---------------------------------------------------------------------------
// initcheck.

TEST_F(SanitizerGm, InitcheckReadOfGmNobodyWrote) {
  aicore::ErrorRecorder rec(aicore::kInitcheck);
  Buffer x(kBlocks * kLen, false), z(kBlocks * kLen, false);
  uint64_t word = 0;
  std::memcpy(&word, x.p, 8);
  EXPECT_EQ(word, 0xFFFAFFADFFDEFFB5ull) << "initcheck poisons new GmAlloc memory";
  EXPECT_TRUE(std::isnan(x.p[0]) && std::isnan(x.p[1]));
  // The host writes every slice but the last block's.
  for (uint32_t i = 0; i < kLast * kLen; ++i) x.p[i] = 1.0f;
  aicore::LaunchNamed("copy_unsized", copy_unsized, kBlocks, x.G(), z.G(), 0);
  ExpectOne(rec, {aicore::ErrorKind::kUninit, "DataCopy", "copy_unsized", kLast, Line(0),
                  {"uninitialized GM read: DataCopy reads bytes [768, 1024) of the 1024-byte GmAlloc block",
                   "that neither the host nor a kernel wrote",
                   "zero in the CPU debug mode but garbage on the NPU",
                   "initcheck fills it with the NaN pattern 0xFFFAFFADFFDEFFB5"}});
  rec.clear();
  for (uint32_t i = 0; i < kBlocks * kLen; ++i) x.p[i] = 2.0f;
  aicore::LaunchNamed("copy_unsized", copy_unsized, kBlocks, x.G(), z.G(), 0);
  EXPECT_EQ(rec.size(), 0u) << "the host wrote everything: " << rec.str();
}

TEST_F(SanitizerGm, InitcheckKernelWritesCountAsWritten) {
  aicore::ErrorRecorder rec(aicore::kInitcheck);
  Buffer x, z(kBlocks * kLen, false), w(kBlocks * kLen, false);
  std::memset(x.p, 0, kBytes);
  // z is written by the first launch only; the second reads it.
  aicore::LaunchNamed("copy_unsized", copy_unsized, kBlocks, x.G(), z.G(), 0);
  aicore::LaunchNamed("copy_unsized", copy_unsized, kBlocks, z.G(), w.G(), 0);
  EXPECT_EQ(rec.size(), 0u) << rec.str();
  // And within one launch (each block reads back what it wrote).
  Buffer z2(kBlocks * kLen, false), w2(kBlocks * kLen, false);
  aicore::LaunchNamed("write_then_read", write_then_read, kBlocks, x.G(), z2.G(), w2.G(), 0, kNoOrder);
  EXPECT_EQ(rec.size(), 0u) << rec.str();
}

TEST_F(SanitizerGm, InitcheckAtomicAccumulationIntoUnwrittenGm) {
  aicore::SetNumThreads(1);
  aicore::ErrorRecorder rec(aicore::kInitcheck);
  Buffer x, z(kLen, false);
  aicore::LaunchNamed("accumulate", accumulate, kBlocks, x.G(), z.G(), 0);
  ExpectOne(rec, {aicore::ErrorKind::kUninit, "DataCopy", "accumulate", 0, Line(0),
                  {"DataCopy accumulates (atomic mode) into bytes [0, 256) of the 256-byte GmAlloc block",
                   "zero the output before accumulating into it"}});
  rec.clear();
  Buffer z2(kLen, false);
  std::memset(z2.p, 0, kLen * sizeof(float));
  aicore::LaunchNamed("accumulate", accumulate, kBlocks, x.G(), z2.G(), 0);
  EXPECT_EQ(rec.size(), 0u) << rec.str();
}

// ---------------------------------------------------------------------------
// Host side.

TEST_F(SanitizerGm, GmFreeErrorsGoThroughTheSink) {
  aicore::ErrorRecorder rec;
  void* p = aicore::GmAlloc(64);
  const int first_free = __LINE__ + 1;
  aicore::GmFree(p);
  EXPECT_EQ(rec.size(), 0u) << rec.str();
  const int second_free = __LINE__ + 1;
  aicore::GmFree(p);  // no throw: the sink takes it
  ASSERT_EQ(rec.size(), 1u) << rec.str();
  const aicore::KernelError& e = rec.reports()[0];
  EXPECT_EQ(e.kind(), aicore::ErrorKind::kParameter);
  EXPECT_EQ(e.api(), "GmFree");
  EXPECT_EQ(e.line(), second_free);
  EXPECT_NE(std::string(e.what()).find("already released by GmFree (released at " +
                                       std::string(__FILE__) + ":" + std::to_string(first_free) +
                                       ") (double free)"),
            std::string::npos)
      << e.what();
  rec.clear();
  // The compat GmFree ends the process without a sink; with one it goes on.
  static int local;
  GmFree(&local);
  ASSERT_EQ(rec.size(), 1u) << rec.str();
  EXPECT_NE(std::string(rec.reports()[0].what()).find("was not allocated by GmAlloc"), std::string::npos);
  rec.clear();
  void* q = GmAlloc(64);
  GmFree(q);
  EXPECT_EQ(rec.size(), 0u) << rec.str();
}

TEST_F(SanitizerGm, GmRegisterMisuseIsReported) {
  aicore::ErrorRecorder rec;
  std::vector<float> v(64);
  void* g = aicore::GmAlloc(256);
  aicore::GmRegister(v.data(), 256);
  aicore::GmRegister(v.data() + 8, 16);  // overlaps the registration
  aicore::GmRegister(static_cast<uint8_t*>(g) + 64, 16);  // inside a GmAlloc block
  aicore::GmFree(v.data());  // registered, not allocated
  aicore::GmUnregister(v.data() + 1);
  ASSERT_EQ(rec.size(), 4u) << rec.str();
  EXPECT_NE(rec.reports()[0].detail().find("overlap the 256-byte GmRegister buffer"), std::string::npos);
  EXPECT_NE(rec.reports()[1].detail().find("overlap the 256-byte GmAlloc block"), std::string::npos);
  EXPECT_NE(rec.reports()[2].detail().find("(end a registration with GmUnregister)"), std::string::npos);
  EXPECT_EQ(rec.reports()[3].api(), "GmUnregister");
  rec.clear();
  aicore::GmBlock b;
  ASSERT_TRUE(aicore::GmFind(v.data() + 63, &b));
  EXPECT_TRUE(b.registered);
  EXPECT_EQ(b.size, 256u);
  aicore::GmUnregister(v.data());
  EXPECT_FALSE(aicore::GmFind(v.data()));
  aicore::GmFree(g);
  EXPECT_EQ(rec.size(), 0u) << rec.str();
}

TEST_F(SanitizerGm, IcpuRunKfArgumentThatIsNotGm) {
  std::vector<int32_t> host(kBlocks, 0);
  {
    aicore::ErrorRecorder rec;
    const int line = __LINE__ + 1;
    ICPU_RUN_KF(write_first, kBlocks, reinterpret_cast<uint8_t*>(host.data()));
    ASSERT_EQ(rec.size(), 1u) << rec.str();
    const aicore::KernelError& e = rec.reports()[0];
    EXPECT_EQ(e.kind(), aicore::ErrorKind::kLaunch);
    EXPECT_EQ(e.line(), line);
    EXPECT_NE(e.detail().find("kernel argument 1 of 1 (0x"), std::string::npos) << e.what();
    EXPECT_NE(e.detail().find("is not GM: it is not memory from GmAlloc"), std::string::npos) << e.what();
    EXPECT_EQ(host[0], 0) << "the launch is skipped";
  }
  aicore::ErrorRecorder rec;
  Buffer out(kBlocks, false);
  ICPU_RUN_KF(write_first, kBlocks, out.G());  // clean twin: GmAlloc memory
  {
    aicore::GmRegistration reg(host.data(), host.size() * sizeof(int32_t));
    ICPU_RUN_KF(write_first, kBlocks, reinterpret_cast<uint8_t*>(host.data()));  // registered
  }
  EXPECT_EQ(rec.size(), 0u) << rec.str();
  EXPECT_EQ(reinterpret_cast<int32_t*>(out.p)[kBlocks - 1], 1);
  EXPECT_EQ(host[kBlocks - 1], 1);
}

TEST_F(SanitizerGm, GmLiveBlocksListsWhatWasNotReleased) {
  const size_t before = aicore::GmLiveBlocks().size();
  const int line = __LINE__ + 1;
  void* p = aicore::GmAlloc(100);
  std::vector<aicore::GmBlock> live = aicore::GmLiveBlocks();
  ASSERT_EQ(live.size(), before + 1);
  bool found = false;
  for (const aicore::GmBlock& b : live) {
    if (b.base != p) continue;
    found = true;
    EXPECT_EQ(b.size, 100u);
    EXPECT_FALSE(b.registered);
    EXPECT_EQ(b.where.line, line);
  }
  EXPECT_TRUE(found);
  aicore::GmFree(p);
  EXPECT_EQ(aicore::GmLiveBlocks().size(), before);
}

void* LeakOneBlock() { return aicore::GmAlloc(4096); }
constexpr int kLeakLine = __LINE__ - 1;

// AICORE_SANITIZE=memcheck: blocks never released are listed at exit, and the
// exit status is non-zero. (The children re-run this binary with the
// variable set; this process read the variable long before.)
TEST_F(SanitizerGm, GmLeakIsReportedAtExitUnderMemcheck) {
  (void)aicore::GetSanitize();
  ASSERT_EQ(setenv("AICORE_SANITIZE", "memcheck", 1), 0);
  EXPECT_EXIT(
      {
        LeakOneBlock();
        std::exit(0);
      },
      ::testing::ExitedWithCode(1),
      "leak error in GmAlloc at .*test_sanitizer_gm.cpp:" + std::to_string(kLeakLine) +
          ": GM leak: 1 GmAlloc block \\(4096 bytes\\) never released: 4096 bytes at 0x[0-9a-f]+ "
          "\\(allocated at .*test_sanitizer_gm.cpp:" + std::to_string(kLeakLine) +
          "\\) \\(release each with GmFree\\)\naicore sanitizer: 1 error reported");
  EXPECT_EXIT(
      {
        aicore::GmFree(LeakOneBlock());
        std::exit(0);
      },
      ::testing::ExitedWithCode(0), "aicore sanitizer: 0 errors reported");
  unsetenv("AICORE_SANITIZE");
}

}  // namespace
