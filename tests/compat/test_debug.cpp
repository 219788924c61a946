// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Kernel-side extras: printf/PRINTF (lines never interleave), DumpTensor,
// DumpAccChkPoint, LocalTensor::Print/ToFile, ASSERT, ascendc_assert, Trap,
// the static LocalTensor constructor, LocalMemAllocator, TBufPool/InitBufPool,
// InitSocState.
#include "kernel_operator.h"
#include "tikicpulib.h"
#include "utils/debug/asc_dump.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "diagnostics/test_support.h"

using namespace AscendC;

namespace {

using aicore_test::Captured;

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

std::vector<std::string> Lines(const std::string& s) {
  std::vector<std::string> lines;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

// Each line is printed in four pieces; blocks run concurrently on 4 threads.
void Chatty(int32_t lines) {
  for (int32_t i = 0; i < lines; ++i) {
    AscendC::printf("block %d ", static_cast<int>(GetBlockIdx()));
    AscendC::printf("line %d", i);
    AscendC::printf(" value %.1f", half(0.5f));
    AscendC::printf("%s", i % 2 ? " odd\n" : " even\n");
  }
  AscendC::printf("block %d done", static_cast<int>(GetBlockIdx()));  // no newline: added at block end
}

TEST(Printf, LinesFromDifferentBlocksNeverInterleave) {
  aicore::SetNumThreads(4);
  constexpr int32_t kLines = 300;
  constexpr uint32_t kBlocks = 8;
  std::string text;
  {
    Captured cap;
    aicore::LaunchCooperative("chatty", Chatty, kBlocks, kLines);
    text = cap.Text();
  }
  aicore::SetNumThreads(0);
  std::map<int, int> next;  // block -> next line expected
  std::map<int, bool> done;
  for (const std::string& l : Lines(text)) {
    int b = -1, i = -1;
    char parity[8] = {};
    if (std::sscanf(l.c_str(), "block %d line %d value 0.5 %7s", &b, &i, parity) == 3) {
      ASSERT_EQ(i, next[b]) << "block " << b << " out of order: " << l;
      ASSERT_STREQ(parity, i % 2 ? "odd" : "even") << l;
      ++next[b];
    } else if (std::sscanf(l.c_str(), "block %d done", &b) == 1 && l == "block " + std::to_string(b) + " done") {
      ASSERT_EQ(next[b], kLines) << l;
      done[b] = true;
    } else {
      FAIL() << "malformed (interleaved?) line: '" << l << "'";
    }
  }
  for (uint32_t b = 0; b < kBlocks; ++b) {
    EXPECT_EQ(next[static_cast<int>(b)], kLines);
    EXPECT_TRUE(done[static_cast<int>(b)]);
  }
}

extern "C" __global__ __aicore__ void printf_kernel(GM_ADDR) {
  PRINTF("%d%% of %s, %u, %lld, %x\n", 50, "half", 7u, -5LL, 255);
  PRINTF("no arguments\n");
}

TEST(Printf, FormatsLikeC) {
  Captured cap;
  SetKernelMode(KernelMode::AIV_MODE);
  ICPU_RUN_KF(printf_kernel, 1, nullptr);
  EXPECT_EQ(cap.Text(), "50% of half, 7, -5, ff\nno arguments\n");
}

TEST(Dump, DumpTensorAndAccChkPointText) {
  std::vector<float> gm = {10.0f, 20.0f, 30.0f, 40.0f};
  std::string text;
  {
    Captured cap;
    aicore::Launch(
        [&] {
          TPipe pipe;
          TBuf<> pad, buf;
          pipe.InitBuffer(pad, 64);
          pipe.InitBuffer(buf, 32);  // 8 floats at UB offset 64
          LocalTensor<float> t = buf.Get<float>();
          const float v[8] = {1.0f, 2.5f, -3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 8.0f};
          for (int i = 0; i < 8; ++i) t.SetValue(i, v[i]);
          DumpTensor(t, 5, 3);
          const uint32_t shape[2] = {2, 3};
          DumpTensor(t, 6, 6, ShapeInfo(2, shape));
          DumpAccChkPoint(t, 7, 2, 3);
          DumpTensor(t, 8, 100);  // more than the buffer holds
          t.Print(3);
          GlobalTensor<float> g;
          g.SetGlobalBuffer(gm.data(), 4);
          DumpTensor(g, 9, 2);
        },
        1);
    text = cap.Text();
  }
  const std::string want =
      "DumpTensor desc=5 block 0: LocalTensor<float> VECCALC at UB offset 64, 3 elements:\n"
      "     0: 1, 2.5, -3\n"
      "DumpTensor desc=6 block 0: LocalTensor<float> VECCALC at UB offset 64, shape [2, 3], 6 elements:\n"
      "     0: 1, 2.5, -3\n"
      "     3: 4, 5, 6\n"
      "DumpAccChkPoint index=7 block 0: LocalTensor<float> VECCALC at UB offset 64, 3 elements from element 2:\n"
      "     2: -3, 4, 5\n"
      "DumpTensor desc=8 block 0: LocalTensor<float> VECCALC at UB offset 64, 8 elements (dumpSize 100 "
      "clamped to the tensor):\n"
      "     0: 1, 2.5, -3, 4, 5, 6, 7, 8\n"
      "LocalTensor<float> VECCALC at UB offset 64, 3 of 8 elements:\n"
      "     0: 1, 2.5, -3\n";
  ASSERT_GE(text.size(), want.size());
  EXPECT_EQ(text.substr(0, want.size()), want);
  const std::string rest = text.substr(want.size());
  EXPECT_EQ(rest.rfind("DumpTensor desc=9 block 0: GlobalTensor<float> at 0x", 0), 0u) << rest;
  EXPECT_NE(rest.find(", 2 elements:\n     0: 10, 20\n"), std::string::npos) << rest;
}

// asc_dump_* (utils/debug/asc_dump.h): the raw-pointer dumps name the memory
// the pointer is in, and never read past it; an on-chip pointer given to the
// function of another memory is an error naming both.
TEST(Dump, AscDumpOfRawPointers) {
  float* gm = static_cast<float*>(GmAlloc(4 * sizeof(float)));
  for (int i = 0; i < 4; ++i) gm[i] = 10.0f * (i + 1);
  std::string text;
  {
    Captured cap;
    aicore::Launch(
        [&] {
          TPipe pipe;
          TBuf<> pad, buf;
          pipe.InitBuffer(pad, 64);
          pipe.InitBuffer(buf, 32);
          LocalTensor<float> t = buf.Get<float>();
          for (int i = 0; i < 8; ++i) t.SetValue(i, 0.5f * i);
          asc_dump_ubuf<float>(t.GetPhyAddr(), 3, 4);
          asc_dump(t.GetPhyAddr(2), 4, 2);
          asc_dump_gm<float>(gm, 1, 2);
          asc_dump_gm(gm, 2, 10);  // past the 4-float GmAlloc block
        },
        1);
    text = cap.Text();
  }
  const std::string want =
      "asc_dump_ubuf desc=3 block 0: float at UB offset 64, 4 elements:\n"
      "     0: 0, 0.5, 1, 1.5\n"
      "asc_dump desc=4 block 0: float at UB offset 72, 2 elements:\n"
      "     0: 1, 1.5\n";
  ASSERT_GE(text.size(), want.size());
  EXPECT_EQ(text.substr(0, want.size()), want);
  const std::string rest = text.substr(want.size());
  EXPECT_EQ(rest.rfind("asc_dump_gm desc=1 block 0: float at GM 0x", 0), 0u) << rest;
  EXPECT_NE(rest.find(", 2 elements:\n     0: 10, 20\n"), std::string::npos) << rest;
  EXPECT_NE(rest.find(", 4 elements (dumpSize 10 clamped to the tensor):\n     0: 10, 20, 30, 40\n"),
            std::string::npos)
      << rest;
  // A UB pointer given to asc_dump_l1buf, and memory nobody registered.
  auto e = Failing([] {
    aicore::Launch(
        [] {
          TPipe pipe;
          TBuf<> buf;
          pipe.InitBuffer(buf, 32);
          asc_dump_l1buf<float>(buf.Get<float>().GetPhyAddr(), 1, 2);
        },
        1);
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->api(), "asc_dump_l1buf");
  EXPECT_NE(std::string(e->what()).find("is in UB, not in L1"), std::string::npos) << e->what();
  // Memory nobody registered: nothing is read, and the header says why.
  std::vector<float> plain(4);
  {
    Captured cap;
    aicore::Launch([&] { asc_dump_gm(plain.data(), 1, 2); }, 1);
    text = cap.Text();
  }
  EXPECT_NE(text.find("(size unknown: neither GmAlloc'ed nor GmRegister'ed memory nor the block's on-chip "
                      "memory; aicore::GmRegister the buffer to dump it), 0 elements (dumpSize 2 clamped"),
            std::string::npos)
      << text;
  GmFree(gm);
}

TEST(Dump, ToFileWritesTheElements) {
  const std::string path = ::testing::TempDir() + "aicore_tofile.bin";
  int32_t rc = -2;
  aicore::Launch(
      [&] {
        TPipe pipe;
        TBuf<> buf;
        pipe.InitBuffer(buf, 64);
        LocalTensor<int16_t> t = buf.Get<int16_t>();
        for (int i = 0; i < 32; ++i) t.SetValue(i, static_cast<int16_t>(i * 3 - 40));
        rc = t.ToFile(path);
      },
      1);
  EXPECT_EQ(rc, 0);
  FILE* f = std::fopen(path.c_str(), "rb");
  ASSERT_NE(f, nullptr);
  int16_t v[33];
  EXPECT_EQ(std::fread(v, 2, 33, f), 32u);
  std::fclose(f);
  for (int i = 0; i < 32; ++i) EXPECT_EQ(v[i], i * 3 - 40);
  std::remove(path.c_str());
}

// ---------------------------------------------------------------------------
// ASSERT and Trap.

constexpr int kAssertLine = __LINE__ + 3;
void Asserting(int32_t limit) {
  const int32_t x = static_cast<int32_t>(GetBlockIdx());
  ASSERT(x < limit, "x is %d", x);
  ASSERT(x >= 0);
}

TEST(Assert, FailingAssertStopsTheLaunch) {
  aicore::LaunchNamed("asserting", Asserting, 4, 4);  // holds everywhere
  auto e = Failing([] { aicore::LaunchNamed("asserting", Asserting, 4, 3); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->api(), "ASSERT");
  EXPECT_EQ(e->block(), 3);
  EXPECT_EQ(e->line(), kAssertLine);
  EXPECT_NE(std::string(e->what()).find("assertion failed: x < limit, \"x is %d\", x: x is 3"), std::string::npos)
      << e->what();
}

TEST(Assert, TrapStopsTheLaunch) {
  auto e = Failing([] {
    aicore::Launch(
        [] {
          if (GetBlockIdx() == 1) Trap();
        },
        2);
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->api(), "Trap");
  EXPECT_EQ(e->block(), 1);
}

// ---------------------------------------------------------------------------
// Static LocalTensor, TBufPool, InitSocState.

TEST(StaticLocalTensor, AddressesTheMemoryOfItsPosition) {
  std::vector<float> out(64);
  aicore::Launch(
      [&] {
        LocalTensor<float> a(TPosition::VECIN, 1024, 64);  // UB bytes [1024, 1280)
        EXPECT_EQ(a.GetSize(), 64u);
        EXPECT_EQ(a.GetPosition(), TPosition::VECIN);
        Duplicate(a, 2.0f, 64);
        Add(a, a, a, 64);
        // A pipe buffer over the same UB bytes sees the values.
        TPipe pipe;
        TBuf<> buf;
        pipe.InitBuffer(buf, 2048);
        LocalTensor<float> view = buf.Get<float>();
        GlobalTensor<float> g;
        g.SetGlobalBuffer(out.data(), 64);
        DataCopy(g, view[256], 64);
        LocalTensor<half> l1(TPosition::A1, 0, 16);  // L1 works too
        EXPECT_EQ(l1.GetPosition(), TPosition::A1);
      },
      1);
  for (float v : out) EXPECT_EQ(v, 4.0f);
  auto e = Failing([] {
    aicore::Launch([] { LocalTensor<float> big(TPosition::VECCALC, 192 * 1024 - 128, 64); }, 1);
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kBounds);
  EXPECT_NE(std::string(e->what()).find("end past the 196608 bytes of UB"), std::string::npos) << e->what();
}

TEST(LocalMemAllocator, TakesConsecutiveAddressesOfItsMemory) {
  std::vector<float> out(64);
  aicore::Launch(
      [&] {
        LocalMemAllocator<Hardware::UB> ub;
        EXPECT_EQ(ub.GetCurAddr(), 0u);
        LocalTensor<half> h = ub.Alloc<half, 48>();  // UB [0, 96), VECCALC
        LocalTensor<float> a = ub.Alloc<TPosition::VECIN, float>(64);  // UB [96, 352)
        EXPECT_EQ(ub.GetCurAddr(), 352u);
        EXPECT_EQ(h.GetPosition(), TPosition::VECCALC);
        EXPECT_EQ(a.GetPosition(), TPosition::VECIN);
        EXPECT_EQ(a.GetSize(), 64u);
        Duplicate(a, 3.0f, 64);
        LocalTensor<float> same(TPosition::VECCALC, 96, 64);  // the same UB bytes
        GlobalTensor<float> g;
        g.SetGlobalBuffer(out.data(), 64);
        DataCopy(g, same, 64);
        LocalMemAllocator<Hardware::L1> l1;  // one per memory: L1 beside UB is fine
        EXPECT_EQ(l1.Alloc<half>(16).GetPosition(), TPosition::A1);
        static_assert(GetPhyType(TPosition::CO1) == Hardware::L0C && GetDefaultPosition(Hardware::L0B) == TPosition::B2);
      },
      2);
  for (float v : out) EXPECT_EQ(v, 3.0f);
}

TEST(LocalMemAllocator, Diagnostics) {
  // Past the end of UB: reported by the tensor's check, at the Alloc.
  auto e = Failing([] {
    aicore::Launch(
        [] {
          LocalMemAllocator<> ub;
          ub.Alloc<float, 48 * 1024>();
          ub.Alloc<float, 64>();  // 192 KiB taken: one element too many
        },
        1);
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kBounds);
  EXPECT_NE(std::string(e->what()).find("64 float elements at UB address 196608 end past the 196608 bytes of UB"),
            std::string::npos)
      << e->what();
  // Two allocators of one memory alive at once; the clean twin makes the
  // second after the first's scope ended.
  e = Failing([] {
    aicore::Launch(
        [] {
          LocalMemAllocator<Hardware::UB> first;
          LocalMemAllocator<Hardware::UB> second;
        },
        1);
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->api(), "LocalMemAllocator");
  EXPECT_NE(std::string(e->what()).find("a LocalMemAllocator<Hardware::UB> made at"), std::string::npos) << e->what();
  EXPECT_NE(std::string(e->what()).find("is still alive in this block"), std::string::npos) << e->what();
  aicore::Launch(
      [] {
        { LocalMemAllocator<Hardware::UB> first; }
        LocalMemAllocator<Hardware::UB> second;
        EXPECT_EQ(second.Alloc<float>(8).GetSize(), 8u);
      },
      2);
}

TEST(Assert, AscendcAssertNamesItselfAndFormats) {
  aicore::Launch([] { ascendc_assert(GetBlockIdx() < 4, "block %d", GetBlockIdx()); }, 4);  // holds everywhere
  auto e = Failing([] { aicore::Launch([] { ascendc_assert(GetBlockIdx() < 2, "block %d", GetBlockIdx()); }, 3); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->api(), "ascendc_assert");
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kException);
  EXPECT_EQ(e->block(), 2);
  EXPECT_NE(std::string(e->what()).find("assertion failed: GetBlockIdx() < 2: block 2"), std::string::npos)
      << e->what();
  e = Failing([] { aicore::Launch([] { ascendc_assert(GetBlockNum() == 5); }, 1); });
  ASSERT_TRUE(e);
  EXPECT_NE(std::string(e->what()).find("assertion failed: GetBlockNum() == 5"), std::string::npos) << e->what();
}

// assert as kernel_operator.h defines it (the vendor's variadic form): one or
// two-plus arguments, the block fails with api "assert". (Included again:
// gtest's <cassert> put the standard macro back; without NDEBUG, which a
// Release build defines and which makes it nothing.)
#undef NDEBUG
#include "utils/debug/asc_assert.h"
TEST(Assert, AssertIsTheVendorsVariadicForm) {
  aicore::Launch([] { assert(GetBlockIdx() < 4, "block %d", GetBlockIdx()); assert(GetBlockNum() == 4); }, 4);
  auto e = Failing([] { aicore::Launch([] { assert(GetBlockIdx() < 1, "block %d", GetBlockIdx()); }, 2); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->api(), "assert");
  EXPECT_EQ(e->block(), 1);
  EXPECT_NE(std::string(e->what()).find("assertion failed: GetBlockIdx() < 1: block 1"), std::string::npos)
      << e->what();
  e = Failing([] { aicore::Launch([] { assert(GetBlockNum() == 5); }, 1); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->api(), "assert");
}

TEST(TBufPool, CarvesResetsAndShares) {
  aicore::Launch(
      [] {
        TPipe pipe;
        TBufPool<TPosition::VECCALC> phase1, phase2;
        pipe.InitBufPool(phase1, 4096);
        pipe.InitBufPool(phase2, 2048, phase1);  // reuses phase1's memory
        EXPECT_EQ(pipe.UsedBytes(aicore::Memory::kUB), 4096u);
        TQue<TPosition::VECIN, 2> q;
        TBuf<TPosition::VECCALC> b;
        phase1.InitBuffer(q, 2, 1000);  // 2 x 1024 after rounding
        phase1.InitBuffer(b, 2048);
        EXPECT_EQ(phase1.UsedBytes(), 4096u);
        LocalTensor<float> x = q.AllocTensor<float>();
        LocalTensor<float> y = b.Get<float>();
        EXPECT_EQ(reinterpret_cast<uint8_t*>(y.GetPhyAddr()) - reinterpret_cast<uint8_t*>(x.GetPhyAddr()), 2048);
        q.FreeTensor(x);
        TBuf<TPosition::VECCALC> c;
        phase2.InitBuffer(c, 64);
        EXPECT_EQ(c.Get<float>().GetPhyAddr(), x.GetPhyAddr()) << "phase2 shares phase1's region";
        phase1.Reset();
        TBuf<TPosition::VECCALC> d;
        phase1.InitBuffer(d, 4096);  // all of it again after Reset
        EXPECT_EQ(d.Get<float>().GetPhyAddr(), x.GetPhyAddr());
      },
      1);
  auto e = Failing([] {
    aicore::Launch(
        [] {
          TPipe pipe;
          TBufPool<TPosition::VECCALC> pool;
          pipe.InitBufPool(pool, 1024);
          TBuf<TPosition::VECCALC> a, b;
          pool.InitBuffer(a, 1000);
          pool.InitBuffer(b, 32);
        },
        1);
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kCapacity);
  EXPECT_NE(std::string(e->what()).find("do not fit in the 1024-byte buffer pool: 1024 bytes already used"),
            std::string::npos)
      << e->what();
  e = Failing([] {
    aicore::Launch(
        [] {
          TPipe pipe;
          TBufPool<TPosition::VECCALC> pool;
          pipe.InitBufPool(pool, 1024);
          TQue<TPosition::A1, 1> l1;
          pool.InitBuffer(l1, 1, 64);
        },
        1);
  });
  ASSERT_TRUE(e);
  EXPECT_NE(std::string(e->what()).find("position A1 lives in L1, but the pool is VECCALC memory (UB)"),
            std::string::npos)
      << e->what();
}

// A user's buffer pool (EXTERN_IMPL_BUFPOOL), written as the vendor's
// tbufpool_management sample writes one: its InitBuffer methods bump the
// pool's address and hand each queue or TBuf its buffers through
// InitStartBufHandle / InitBufHandle.
class UserBufPool {
 public:
  UserBufPool() { Init(); }
  template <class Q>
  bool InitBuffer(Q& que, uint8_t num, uint32_t len) {
    len = (len + 31) / 32 * 32;
    auto ptr = GetBufHandle(GetCurBufSize());
    const uint32_t addr = GetCurAddr();
    que.InitStartBufHandle(ptr, num, len);
    for (uint32_t i = 0; i < num; ++i) que.InitBufHandle(this, i, ptr, addr + i * len, len);
    SetCurAddr(addr + num * len);
    SetCurBufSize(GetCurBufSize() + num);
    return true;
  }
  template <TPosition bufPos>
  bool InitBuffer(TBuf<bufPos>& buf, uint32_t len) {
    len = (len + 31) / 32 * 32;
    auto ptr = GetBufHandle(GetCurBufSize());
    const uint32_t addr = GetCurAddr();
    buf.InitStartBufHandle(ptr, 1, len);
    buf.InitBufHandle(this, 0, ptr, addr, len);
    SetCurAddr(addr + len);
    SetCurBufSize(GetCurBufSize() + 1);
    return true;
  }
  EXTERN_IMPL_BUFPOOL(UserBufPool, TPosition::VECCALC, 4);
};

// mode 0: z = x + y through the pool (a double-buffered queue, a TBuf, a
// queue); 1: more than the region; 2: more buffer ids than BUFID_SIZE;
// 3: the pool used after its TPipe was reset.
void user_pool_kernel(GM_ADDR x, GM_ADDR y, GM_ADDR z, int32_t mode) {
  TPipe pipe;
  TQue<TPosition::VECIN, 2> in;
  TBuf<TPosition::VECCALC> tmp;
  TQue<TPosition::VECOUT, 1> out;
  UserBufPool pool;
  pipe.InitBuffer(tmp, 64);  // the pool's region starts past it
  TBuf<TPosition::VECCALC> other;
  pipe.InitBufPool(pool, 4 * 256);
  if (mode == 3) {
    pipe.Reset();
    pool.InitBuffer(other, 256);
    return;
  }
  pool.InitBuffer(in, 2, 256);
  pool.InitBuffer(other, 256);
  if (mode == 1) {
    pool.InitBuffer(out, 1, 512);  // 3 * 256 + 512 > 4 * 256
    return;
  }
  if (mode == 2) {
    TBuf<TPosition::VECCALC> b1, b2;
    pool.InitBuffer(b1, 32);
    pool.InitBuffer(b2, 32);  // the fifth buffer id of four
    return;
  }
  pool.InitBuffer(out, 1, 256);
  EXPECT_EQ(pool.GetCurAddr(), 64u + 4 * 256);
  EXPECT_EQ(pool.GetCurBufSize(), 4);
  GlobalTensor<float> xg, yg, zg;
  xg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x), 64);
  yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y), 64);
  zg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z), 64);
  LocalTensor<float> a = in.AllocTensor<float>(), b = in.AllocTensor<float>();
  EXPECT_EQ(reinterpret_cast<uintptr_t>(b.GetPhyAddr()) - reinterpret_cast<uintptr_t>(a.GetPhyAddr()), 256u);
  DataCopy(a, xg, 64);
  DataCopy(b, yg, 64);
  in.EnQue(a);
  in.EnQue(b);
  a = in.DeQue<float>();
  b = in.DeQue<float>();
  LocalTensor<float> t = other.Get<float>();
  Add(t, a, b, 64);
  LocalTensor<float> c = out.AllocTensor<float>();
  Muls(c, t, 2.0f, 64);
  out.EnQue(c);
  c = out.DeQue<float>();
  DataCopy(zg, c, 64);
  out.FreeTensor(c);
  in.FreeTensor(a);
  in.FreeTensor(b);
  pool.Reset();
  EXPECT_EQ(pool.GetCurAddr(), 64u);
}

TEST(TBufPool, UserPoolThroughExternImplBufpool) {
  std::vector<float> x(64), y(64), z(64, 0.0f);
  for (int i = 0; i < 64; ++i) x[i] = 0.5f * i, y[i] = 100.0f - i;
  auto g = [](std::vector<float>& v) { return reinterpret_cast<GM_ADDR>(v.data()); };
  aicore::Launch(user_pool_kernel, 1, g(x), g(y), g(z), 0);
  for (int i = 0; i < 64; ++i) ASSERT_EQ(z[i], 2.0f * (x[i] + y[i])) << i;
  auto e = Failing([&] { aicore::Launch(user_pool_kernel, 1, g(x), g(y), g(z), 1); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->api(), "TQue::InitBufHandle");
  EXPECT_NE(std::string(e->what()).find("512 bytes at address 832 are outside the pool's region [64, 1088)"),
            std::string::npos)
      << e->what();
  e = Failing([&] { aicore::Launch(user_pool_kernel, 1, g(x), g(y), g(z), 2); });
  ASSERT_TRUE(e);
  EXPECT_NE(std::string(e->what()).find("buffer id 4 is outside the pool's 4 (EXTERN_IMPL_BUFPOOL's BUFID_SIZE)"),
            std::string::npos)
      << e->what();
  e = Failing([&] { aicore::Launch(user_pool_kernel, 1, g(x), g(y), g(z), 3); });
  ASSERT_TRUE(e);
  EXPECT_NE(std::string(e->what()).find("the buffer pool holds stale memory"), std::string::npos) << e->what();
}

TEST(InitSocState, ResetsTheMaskRegisters) {
  bool before = false, after = false;
  aicore::Launch(
      [&] {
        SetMaskCount();
        SetVectorMask<float>(0, 5);
        const aicore::detail::CoreContext& core = *aicore::detail::t_core;
        before = core.mask_counter_mode && core.mask_bits[0] == 5;
        InitSocState();
        after = !core.mask_counter_mode && core.mask_bits[0] == ~uint64_t{0} && core.mask_bits[1] == ~uint64_t{0};
      },
      1);
  EXPECT_TRUE(before);
  EXPECT_TRUE(after);
}

TEST(InitSocState, ResetsTheAtomicMode) {
  std::vector<float> gm(8, 5.0f);
  aicore::Launch(
      [&] {
        TPipe pipe;
        TBuf<> buf;
        pipe.InitBuffer(buf, 32);
        Duplicate(buf.Get<float>(), 1.0f, 8);
        GlobalTensor<float> g;
        g.SetGlobalBuffer(gm.data(), 8);
        SetAtomicAdd<float>();
        InitSocState();
        DataCopy(g, buf.Get<float>(), 8);
      },
      1);
  EXPECT_EQ(gm[0], 1.0f);
}

TEST(SystemCycle, IsMonotonic) {
  const int64_t a = GetSystemCycle();
  const int64_t b = GetSystemCycle();
  EXPECT_LE(a, b);
}

}  // namespace
