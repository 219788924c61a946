// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The cube instructions' diagnostics, each with a buggy kernel that expects
// its message and a clean twin that expects silence:
//  - always-on checks: operands in the wrong position, misaligned fractal
//    addresses, m/n/k and parameter ranges, operands past their buffers,
//    quantization modes that do not fit the types, registers used before
//    they are set, memories the SoC does not have, data paths DataCopy does
//    not have;
//  - synccheck: the cube pipes (MTE2 -> MTE1 -> M -> FIX, and FIX -> M
//    before L0C is reused) with no flag or queue between them; the same
//    kernel with flags, with queues, and with PipeBarrier<PIPE_ALL> is
//    silent;
//  - unit flags (Mmad / Fixpipe with unitFlag 2 or 3): a wait no earlier
//    instruction satisfies (a hang on the NPU, or an order aicore cannot
//    run) is a sync error; the reference's patterns run clean; Ascend310P
//    has none; for synccheck a unit-flag pair orders M and FIX both ways,
//    a unit flag on one side alone does not;
//  - initcheck: Mmad reading L0A fractals LoadData never filled, Fixpipe
//    reading L0C rows Mmad never wrote;
//  - a cube-only kernel (KERNEL_TYPE_AIC_ONLY) launched by ICPU_RUN_KF runs
//    on cube blocks (ASCEND_IS_AIC), with SetKernelMode(AIC_MODE) too. This
//    file is compiled with -D__DAV_C220_CUBE__, as a cube kernel whose code
//    sits under #if defined(__DAV_C220_CUBE__) must be (kernel_operator.h
//    then leaves __DAV_C220_VEC__ undefined).
#include "kernel_operator.h"
#include "tikicpulib.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

using namespace AscendC;

namespace {

bool Has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// Runs body(bad) on one block; returns the KernelError text ("" for none).
std::string RunBody(const std::function<void(bool)>& body, bool bad) {
  try {
    aicore::LaunchNamed("cube_diag", [&] { body(bad); }, 1);
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

// The buggy variant fails with every fragment; the clean one is silent.
void ExpectPair(const std::function<void(bool)>& body, const std::vector<std::string>& fragments) {
  const std::string bad = RunBody(body, true);
  ASSERT_FALSE(bad.empty()) << "no error from the buggy variant";
  for (const auto& f : fragments) EXPECT_TRUE(Has(bad, f)) << "missing '" << f << "' in: " << bad;
  EXPECT_TRUE(Has(bad, "test_cube_diagnostics.cpp:")) << bad;
  EXPECT_EQ(RunBody(body, false), "");
}

// Cube buffers of one block.
struct Cube {
  TPipe pipe;
  TBuf<TPosition::A1> a1;
  TBuf<TPosition::B1> b1;
  TBuf<TPosition::A2> a2;
  TBuf<TPosition::B2> b2;
  TBuf<TPosition::CO1> co1;
  TBuf<TPosition::C2> c2;
  TBuf<TPosition::C2PIPE2GM> fb;
  TBuf<TPosition::VECCALC> ub;
  Cube() {
    pipe.InitBuffer(a1, 32 * 1024);
    pipe.InitBuffer(b1, 32 * 1024);
    pipe.InitBuffer(a2, 16 * 1024);
    pipe.InitBuffer(b2, 16 * 1024);
    pipe.InitBuffer(co1, 32 * 1024);
    pipe.InitBuffer(c2, 1024);
    pipe.InitBuffer(fb, 2048);
    pipe.InitBuffer(ub, 4096);
    std::memset(a2.Get<uint8_t>().GetPhyAddr(), 0, 16 * 1024);
    std::memset(b2.Get<uint8_t>().GetPhyAddr(), 0, 16 * 1024);
  }
};

MmadParams Mm(uint16_t m, uint16_t n, uint16_t k) {
  MmadParams p;
  p.m = m;
  p.n = n;
  p.k = k;
  return p;
}

// ---- Mmad -----------------------------------------------------------------------

TEST(CubeDiagnostics, MmadOperandPositions) {
  ExpectPair([](bool bad) {
    Cube c;
    Mmad(c.co1.Get<float>(), bad ? c.b2.Get<half>() : c.a2.Get<half>(), c.b2.Get<half>(), Mm(16, 16, 16));
  }, {"parameter error in Mmad", "fm of Mmad is at position B2 (L0B), but it must be in L0A (position A2)"});
  ExpectPair([](bool bad) {
    Cube c;
    Mmad(c.co1.Get<float>(), c.a2.Get<half>(), bad ? c.a1.Get<half>() : c.b2.Get<half>(), Mm(16, 16, 16));
  }, {"filter of Mmad is at position A1 (L1), but it must be in L0B (position B2)"});
  ExpectPair([](bool bad) {
    Cube c;
    LocalTensor<float> dst = bad ? c.ub.Get<float>() : c.co1.Get<float>();
    Mmad(dst, c.a2.Get<half>(), c.b2.Get<half>(), Mm(16, 16, 16));
  }, {"dst of Mmad is at position VECCALC (UB), but it must be in L0C (position CO1)"});
  ExpectPair([](bool bad) {
    Cube c;
    MmadParams p = Mm(16, 16, 16);
    p.cmatrixInitVal = false;
    LocalTensor<float> bias = bad ? c.co1.Get<float>()[256] : c.c2.Get<float>();
    Mmad(c.co1.Get<float>(), c.a2.Get<half>(), c.b2.Get<half>(), bias, p);
  }, {"bias of Mmad is at position CO1 (L0C), but it must be in BT (position C2)"});
}

TEST(CubeDiagnostics, MmadAlignment) {
  ExpectPair([](bool bad) {
    Cube c;
    Mmad(c.co1.Get<float>(), c.a2.Get<half>()[bad ? 16 : 256], c.b2.Get<half>(), Mm(16, 16, 16));
  }, {"alignment error in Mmad", "fm operand starts at byte offset 32", "not 512-byte aligned"});
  ExpectPair([](bool bad) {
    Cube c;
    Mmad(c.co1.Get<float>()[bad ? 64 : 256], c.a2.Get<half>(), c.b2.Get<half>(), Mm(16, 16, 16));
  }, {"dst operand starts at byte offset 256", "not 1024-byte aligned"});
  ExpectPair([](bool bad) {
    Cube c;
    MmadParams p = Mm(16, 16, 16);
    p.cmatrixInitVal = false;
    Mmad(c.co1.Get<float>(), c.a2.Get<half>(), c.b2.Get<half>(), c.c2.Get<float>()[bad ? 8 : 16], p);
  }, {"bias operand starts at byte offset 32", "not 64-byte aligned"});
}

TEST(CubeDiagnostics, MmadParameterRanges) {
  ExpectPair([](bool bad) {
    Cube c;
    Mmad(c.co1.Get<float>(), c.a2.Get<half>(), c.b2.Get<half>(), Mm(bad ? 5000 : 16, 16, 16));
  }, {"MmadParams.m 5000 is outside [0, 4095]"});
  ExpectPair([](bool bad) {
    Cube c;
    MmadParams p = Mm(16, 16, 16);
    p.unitFlag = bad ? 1 : 2;
    Mmad(c.co1.Get<float>(), c.a2.Get<half>(), c.b2.Get<half>(), p);
  }, {"MmadParams.unitFlag 1 is not 0 (off), 2 or 3"});
  ExpectPair([](bool bad) {
    Cube c;
    Mmad(c.co1.Get<int32_t>(), c.a2.Get<int4b_t>(), c.b2.Get<int4b_t>(), Mm(16, 16, bad ? 63 : 64));
  }, {"MmadParams.k 63 must be even for int4b_t operands"});
  ExpectPair([](bool bad) {
    Cube c;
    MmadParams p = Mm(16, 16, 16);
    p.cmatrixInitVal = bad;
    Mmad(c.co1.Get<float>(), c.a2.Get<half>(), c.b2.Get<half>(), c.c2.Get<float>(), p);
  }, {"Mmad with a bias tensor and MmadParams.cmatrixInitVal true", "set cmatrixInitVal = false"});
}

TEST(CubeDiagnostics, MmadOperandsBeyondTheirBuffers) {
  // 16 KiB of L0A hold 32 fractals of half: m = 64, k = 144 needs 4 x 9 = 36.
  ExpectPair([](bool bad) {
    Cube c;
    Mmad(c.co1.Get<float>(), c.a2.Get<half>(), c.b2.Get<half>(), Mm(64, 16, bad ? 144 : 128));
  }, {"out of bounds error in Mmad", "fm of Mmad needs 18432 bytes (the fractals of the m x k matrix A)",
      "the 16384-byte TBuf buffer 0 (A2"});
  ExpectPair([](bool bad) {
    Cube c;
    // C of 128 x 80 floats: 8 x 5 fractals of 1 KiB > 32 KiB of CO1 carved.
    Mmad(c.co1.Get<float>(), c.a2.Get<half>(), c.b2.Get<half>(), Mm(bad ? 128 : 64, 80, 16));
  }, {"dst of Mmad needs 40960 bytes (the 16 x 16 fractals of the m x n matrix C)"});
  ExpectPair([](bool bad) {
    Cube c;
    MmadParams p = Mm(16, bad ? 300 : 256, 16);
    p.cmatrixInitVal = false;
    p.cmatrixSource = true;  // n floats of the bias table
    TPipe* unused = nullptr;
    (void)unused;
    Mmad(c.co1.Get<float>(), c.a2.Get<half>(), c.b2.Get<half>(), p);
  }, {"the initial C comes from the bias table, whose 1024 bytes (Ascend910B) hold fewer than n = 300"});
}

// ---- LoadData -------------------------------------------------------------------

TEST(CubeDiagnostics, LoadDataChecks) {
  ExpectPair([](bool bad) {
    Cube c;
    LoadData2DParams p(0, 1, 0, 0, 0, false, 0);
    LoadData(bad ? c.b1.Get<half>() : c.a2.Get<half>(), c.a1.Get<half>(), p);
  }, {"dst of LoadData is at position B1 (L1), but it must be in L0A (A2) or L0B (B2)"});
  ExpectPair([](bool bad) {
    Cube c;
    LoadData2DParams p(0, 1, 0, 0, 0, false, 0);
    LoadData(c.a2.Get<half>(), bad ? c.ub.Get<half>() : c.a1.Get<half>(), p);
  }, {"src of LoadData is at position VECCALC (UB), but it must be in L1 (position A1 or B1)"});
  ExpectPair([](bool bad) {
    Cube c;
    LoadData2DParams p(0, 1, 0, 0, 0, false, 0);
    LoadData(c.a2.Get<half>()[bad ? 128 : 256], c.a1.Get<half>(), p);
  }, {"dst operand starts at byte offset 256", "not 512-byte aligned"});
  ExpectPair([](bool bad) {
    Cube c;
    LoadData2DParams p(0, 1, 0, 0, 0, true, 0);
    if (bad) LoadData(c.a2.Get<float>(), c.a1.Get<float>(), p);
    else LoadData(c.a2.Get<half>(), c.a1.Get<half>(), p);
  }, {"LoadData2DParams.ifTranspose needs a 2-byte type", "got 32-bit elements"});
  ExpectPair([](bool bad) {
    Cube c;
    LoadData2DParams p(bad ? 4 : 0, 4, 2, 0, 0, false, bad ? 1 : 0);
    LoadData(c.a2.Get<half>(), c.a1.Get<half>(), p);
  }, {"LoadData2DParams.addrMode 1 (decrement) is supported on the GM -> L1 path only"});
  ExpectPair([](bool bad) {
    Cube c;
    // 32 KiB of A1 = 64 fractals: repeat 20 with srcStride 4 reads up to fractal 76.
    LoadData2DParams p(0, 20, bad ? 4 : 3, 0, 0, false, 0);
    LoadData(c.a2.Get<half>(), c.a1.Get<half>(), p);
  }, {"src of LoadData needs 39424 bytes (the last fractal read)", "32768-byte TBuf buffer 0 (A1"});
  ExpectPair([](bool bad) {
    Cube c;
    LoadData2dTransposeParams p(0, 4, 1, 0, bad ? 1 : 3);  // float: 2 fractals per repeat
    LoadDataWithTranspose(c.a2.Get<float>(), c.a1.Get<float>(), p);
  }, {"destination fractal 2 is written twice", "must not overlap"});
  ExpectPair([](bool bad) {
    Cube c;
    LoadData2dTransposeParams p(0, 1, 0, 0, 0);
    LoadDataWithTranspose(bad ? c.a2.Get<int4b_t>() : c.b2.Get<int4b_t>(), c.a1.Get<int4b_t>(), p);
  }, {"int4b_t is transposed into L0B (B2) only"});
  ExpectPair([](bool bad) {
    Cube c;
    LoadData3DParamsV2<half> p;
    const uint8_t pads[4] = {0, 0, 0, 0};
    SetFmatrix(4, 4, pads, FmatrixMode::FMATRIX_LEFT);
    p.l1H = 4;
    p.l1W = 4;
    p.channelSize = bad ? 20 : 32;
    p.kExtension = 16;
    p.mExtension = 16;
    LoadData(c.a2.Get<half>(), c.a1.Get<half>(), p);
  }, {"channelSize 20 is not a multiple of C0 = 16", "not implemented in aicore"});
  ExpectPair([](bool bad) {
    Cube c;
    LoadDataRepeatParam r;
    r.repeatMode = bad ? 2 : 1;
    SetLoadDataRepeat(r);
  }, {"LoadDataRepeatParam.repeatMode 2 is not 0 or 1"});
}

// ---- DataCopy into and around the cube -------------------------------------------

TEST(CubeDiagnostics, DataCopyPathsAndNd2Nz) {
  static std::vector<half> gm(4096);
  ExpectPair([](bool bad) {
    Cube c;
    GlobalTensor<half> g;
    g.SetGlobalBuffer(gm.data(), gm.size());
    DataCopy(bad ? c.a2.Get<half>() : c.a1.Get<half>(), g, 256);
  }, {"dst is at position A2 (L0A): DataCopy moves data between GM and UB or L1 only"});
  ExpectPair([](bool bad) {
    Cube c;
    DataCopy(bad ? c.a2.Get<half>() : c.a1.Get<half>(), c.ub.Get<half>(), 256);
  }, {"no DataCopy path from VECCALC (UB) to A2 (L0A)", "L1 -> L0A/L0B is LoadData"});
  ExpectPair([](bool bad) {
    Cube c;
    GlobalTensor<half> g;
    g.SetGlobalBuffer(gm.data(), gm.size());
    Nd2NzParams p(1, 16, 16, 0, 16, 16, 1, 0);
    DataCopy(bad ? c.ub.Get<half>() : c.a1.Get<half>(), g, p);
  }, {"dst of DataCopy is at position VECCALC (UB), but it must be in L1 (position A1, B1 or C1)"});
  ExpectPair([](bool bad) {
    Cube c;
    GlobalTensor<half> g;
    g.SetGlobalBuffer(gm.data(), gm.size());
    Nd2NzParams p(1, 16, 16, 0, bad ? 0 : 16, 16, 1, 0);
    DataCopy(c.a1.Get<half>(), g, p);
  }, {"Nd2NzParams.srcDValue 0 is outside [1, 65535]"});
  ExpectPair([](bool bad) {
    Cube c;
    GlobalTensor<half> g;
    g.SetGlobalBuffer(gm.data(), 64 * 64);
    Nd2NzParams p(1, bad ? 65 : 64, 64, 0, 64, 64, 1, 0);
    DataCopy(c.a1.Get<half>(), g, p);
  }, {"out of bounds error in DataCopy"});
  ExpectPair([](bool bad) {
    Cube c;
    // L1 -> bias table: the destination 64-byte aligned.
    DataCopy(c.c2.Get<float>()[bad ? 8 : 16], c.a1.Get<float>(), DataCopyParams(1, 1, 0, 0));
  }, {"dst operand starts at byte offset 32", "not 64-byte aligned (the bias table takes 64-byte aligned addresses)"});
  ExpectPair([](bool bad) {
    Cube c;
    // Two 64-byte bursts with a 1 KiB gap run past the 1 KiB bias table.
    DataCopy(c.c2.Get<float>(), c.a1.Get<float>(), DataCopyParams(2, 1, 0, bad ? 16 : 1));
  }, {"out of bounds error in DataCopy", "C2, 1024 bytes at BT offset 0"});
}

TEST(CubeDiagnostics, MemoriesTheSocDoesNotHave) {
  // The profile is taken when a launch starts.
  auto body = [](bool) {
    TPipe pipe;
    TBuf<TPosition::C2> bt;
    pipe.InitBuffer(bt, 256);
  };
  aicore::SetSocVersion("Ascend310P");
  const std::string bad = RunBody(body, true);
  aicore::SetSocVersion("Ascend910B");
  EXPECT_TRUE(Has(bad, "capacity error in TPipe::InitBuffer")) << bad;
  EXPECT_TRUE(Has(bad, "position C2 lives in BT, which the Ascend310P profile does not have")) << bad;
  EXPECT_EQ(RunBody(body, false), "");
}

// ---- Fixpipe and the L0C copies -------------------------------------------------

FixpipeParamsV220 Fp(uint16_t n, uint16_t m, uint16_t src_stride, uint32_t dst_stride) {
  FixpipeParamsV220 p;
  p.nSize = n;
  p.mSize = m;
  p.srcStride = src_stride;
  p.dstStride = dst_stride;
  return p;
}

// GM destinations (NZ outputs need 32-byte alignment).
alignas(64) float g_out[64 * 64];
alignas(64) half g_outh[64 * 64];

TEST(CubeDiagnostics, FixpipeChecks) {
  ExpectPair([](bool bad) {
    Cube c;
    GlobalTensor<float> g;
    g.SetGlobalBuffer(g_out, 64 * 64);
    // 32 KiB of CO1 = 8192 floats: 64 rows x 64 columns = 16 KiB fits; 192 rows do not.
    Fixpipe(g, c.co1.Get<float>(), Fp(16, bad ? 600 : 64, bad ? 608 : 64, 16));
  }, {"out of bounds error in Fixpipe", "src of Fixpipe needs 38400 bytes", "TBuf buffer 0 (CO1"});
  ExpectPair([](bool bad) {
    Cube c;
    GlobalTensor<float> g;
    g.SetGlobalBuffer(g_out, 64 * 64);
    Fixpipe(g, bad ? c.a1.Get<float>() : c.co1.Get<float>(), Fp(16, 16, 16, 16));
  }, {"src of Fixpipe is at position A1 (L1), but it must be in L0C (position CO1)"});
  ExpectPair([](bool bad) {
    Cube c;
    GlobalTensor<float> g;
    g.SetGlobalBuffer(g_out, 64 * 64);
    FixpipeParamsV220 p = Fp(16, 16, 16, 16);
    p.quantPre = bad ? F322F16 : NoQuant;
    Fixpipe(g, c.co1.Get<float>(), p);
  }, {"quantPre F322F16 does not convert float to float"});
  ExpectPair([](bool bad) {
    Cube c;
    GlobalTensor<float> g;
    g.SetGlobalBuffer(g_out, 64 * 64);
    Fixpipe<float, float, CFG_NZ>(g, c.co1.Get<float>(), Fp(bad ? 40 : 48, 16, 16, 32));
  }, {"nSize 40 must be a multiple of 16 for an NZ output"});
  ExpectPair([](bool bad) {
    Cube c;
    GlobalTensor<float> g;
    g.SetGlobalBuffer(g_out, 64 * 64);
    Fixpipe(g, c.co1.Get<float>(), Fp(40, 20, 32, bad ? 32 : 40));
  }, {"dstStride 32 (elements per output row) is less than nSize 40"});
  ExpectPair([](bool bad) {
    Cube c;
    GlobalTensor<float> g;
    g.SetGlobalBuffer(g_out, 64 * 64);
    Fixpipe(g, c.co1.Get<float>(), Fp(40, 20, bad ? 16 : 32, 40));
  }, {"srcStride 16 is less than mSize 20"});
  ExpectPair([](bool bad) {
    Cube c;
    GlobalTensor<float> g;
    g.SetGlobalBuffer(g_out, bad ? 100 : 16 * 16);
    Fixpipe(g, c.co1.Get<float>(), Fp(16, 16, 16, 16));
  }, {"out of bounds error in Fixpipe"});
  ExpectPair([](bool bad) {
    Cube c;
    GlobalTensor<half> g;
    g.SetGlobalBuffer(g_outh, 64 * 64);
    FixpipeParamsV220 p = Fp(16, 16, 16, 16);
    p.quantPre = bad ? VDEQF16 : DEQF16;
    Fixpipe(g, c.co1.Get<int32_t>(), p);
  }, {"quantPre VDEQF16 takes its per-column parameters from a tensor"});
  ExpectPair([](bool bad) {
    Cube c;
    GlobalTensor<float> g;
    g.SetGlobalBuffer(g_out, 64 * 64);
    if (!bad) SetFixpipeNz2ndFlag(1, 0, 1);
    DataCopyCO12DstParams p(16, 16, 16, 16, NoQuant, 0, false, true);
    DataCopy(g, c.co1.Get<float>(), p);
  }, {"nz2ndEn without SetFixpipeNz2ndFlag"});
  ExpectPair([](bool bad) {
    Cube c;
    GlobalTensor<half> g;
    g.SetGlobalBuffer(g_outh, 64 * 64);
    if (!bad) SetFixpipePreQuantFlag(0x3F800000);
    DataCopyCO12DstParams p(16, 16, 16, 16, DEQF16, 0, false, false);
    DataCopy(g, c.co1.Get<int32_t>(), p);
  }, {"quantPre DEQF16 without SetFixpipePreQuantFlag"});
  ExpectPair([](bool bad) {
    Cube c;
    GlobalTensor<half> g;
    g.SetGlobalBuffer(g_outh, 64 * 64);
    if (!bad) SetFixPipeConfig(c.fb.Get<uint64_t>());
    DataCopyCO12DstParams p(16, 16, 16, 16, VDEQF16, 0, false, false);
    DataCopy(g, c.co1.Get<int32_t>(), p);
  }, {"quantPre VDEQF16 without SetFixPipeConfig"});
  ExpectPair([](bool bad) {
    Cube c;
    if (bad) SetFixPipeConfig(c.c2.Get<uint64_t>());
    else SetFixPipeConfig(c.fb.Get<uint64_t>());
  }, {"quantPre of SetFixPipeConfig is at position C2 (BT), but it must be in FB (position C2PIPE2GM)"});
  ExpectPair([](bool bad) {
    SetFixpipeNz2ndFlag(2, bad ? 600 : 2, 1);
  }, {"srcNdStride 600 is outside [1, 512]"});
  // dstNdStride 0 matters only with several ND matrices (the vendor's
  // data_copy_l0c2gm sample passes ndNum 1 with both strides 0).
  ExpectPair([](bool bad) {
    SetFixpipeNz2ndFlag(bad ? 2 : 1, bad ? 2 : 0, 0);
  }, {"dstNdStride 0 is outside [1, 65535]"});
}

// ---- hostile parameters -----------------------------------------------------------
//
// Random parameter structs over their whole field ranges: every call either
// runs or raises a KernelError, and never writes outside the operands'
// buffers (guard buffers around them keep their fill) or outside the GM
// tensors' sizes (guard bytes around them).

uint64_t Fz(std::mt19937_64& r, uint64_t mod) { return r() % mod; }
uint16_t Fz16(std::mt19937_64& r) {
  switch (r() % 4) {
    case 0: return static_cast<uint16_t>(r() % 4);
    case 1: return static_cast<uint16_t>(r() % 64);
    case 2: return static_cast<uint16_t>(r() % 1024);
    default: return static_cast<uint16_t>(r());
  }
}

TEST(CubeHostile, RandomParametersNeverWriteOutsideTheirBuffers) {
  constexpr size_t kGm = 64 * 1024;
  constexpr uint8_t kGuard = 0xEE;
  std::vector<uint8_t> gm(kGm + 2 * 4096, kGuard);
  uint8_t* gmin = gm.data() + 4096;
  for (size_t i = 0; i < kGm; ++i) gmin[i] = static_cast<uint8_t>(i * 7);
  std::mt19937_64 rng(2024);
  int errors = 0, runs = 0;
  for (int t = 0; t < 400; ++t) {
    const uint64_t seed = rng();
    try {
      aicore::LaunchNamed("cube_fuzz", [&] {
        std::mt19937_64 r(seed);
        TPipe pipe;
        // Guard buffers around each operand buffer in every cube memory.
        TBuf<TPosition::A1> g1a, l1, g1b;
        TBuf<TPosition::A2> g2a, l0a, g2b;
        TBuf<TPosition::B2> g3a, l0b, g3b;
        TBuf<TPosition::CO1> g4a, l0c, g4b;
        TBuf<TPosition::C2> bt;
        TBuf<TPosition::C2PIPE2GM> fb;
        pipe.InitBuffer(g1a, 4096);
        pipe.InitBuffer(l1, 64 * 1024);
        pipe.InitBuffer(g1b, 4096);
        pipe.InitBuffer(g2a, 4096);
        pipe.InitBuffer(l0a, 16 * 1024);
        pipe.InitBuffer(g2b, 4096);
        pipe.InitBuffer(g3a, 4096);
        pipe.InitBuffer(l0b, 16 * 1024);
        pipe.InitBuffer(g3b, 4096);
        pipe.InitBuffer(g4a, 4096);
        pipe.InitBuffer(l0c, 32 * 1024);
        pipe.InitBuffer(g4b, 4096);
        pipe.InitBuffer(bt, 1024);
        pipe.InitBuffer(fb, 2048);
        TBuf<TPosition::A1>* l1g[] = {&g1a, &g1b};
        for (auto* g : l1g) std::memset(g->Get<uint8_t>().GetPhyAddr(), kGuard, 4096);
        for (auto* g : {&g2a, &g2b}) std::memset(g->Get<uint8_t>().GetPhyAddr(), kGuard, 4096);
        for (auto* g : {&g3a, &g3b}) std::memset(g->Get<uint8_t>().GetPhyAddr(), kGuard, 4096);
        for (auto* g : {&g4a, &g4b}) std::memset(g->Get<uint8_t>().GetPhyAddr(), kGuard, 4096);
        GlobalTensor<half> gh;
        gh.SetGlobalBuffer(reinterpret_cast<half*>(gmin), kGm / 2);
        GlobalTensor<float> gf;
        gf.SetGlobalBuffer(reinterpret_cast<float*>(gmin), kGm / 4);
        auto off = [&](uint32_t bytes, uint32_t align) { return static_cast<uint32_t>(Fz(r, bytes / align)) * align; };
        switch (r() % 7) {
          case 0: {
            Nd2NzParams p(Fz16(r), Fz16(r), Fz16(r), Fz16(r), Fz16(r), Fz16(r), Fz16(r), Fz16(r));
            DataCopy(l1.Get<half>()[off(64 * 1024, 32) / 2], gh[Fz(r, 1024)], p);
            break;
          }
          case 1: {
            LoadData2DParams p(Fz16(r), static_cast<uint8_t>(r()), Fz16(r), 0, Fz16(r), r() % 2 != 0,
                               static_cast<uint8_t>(r() % 3));
            LoadData(l0a.Get<half>()[off(16 * 1024, 512) / 2], l1.Get<half>()[off(64 * 1024, 32) / 2], p);
            break;
          }
          case 2: {
            LoadData2DParams p(Fz16(r), static_cast<uint8_t>(r()), Fz16(r), 0, Fz16(r), false,
                               static_cast<uint8_t>(r() % 2));
            LoadData(r() % 2 ? l1.Get<half>() : l0b.Get<half>(), gh[Fz(r, 4096)], p);
            break;
          }
          case 3: {
            LoadData2dTransposeParams p(Fz16(r), static_cast<uint8_t>(r()), Fz16(r), Fz16(r), Fz16(r),
                                        static_cast<uint8_t>(r() % 2));
            if (r() % 2) LoadDataWithTranspose(l0b.Get<int8_t>()[off(16 * 1024, 512)], l1.Get<int8_t>()[off(64 * 1024, 32)], p);
            else LoadDataWithTranspose(l0a.Get<float>()[off(16 * 1024, 512) / 4], l1.Get<float>()[off(64 * 1024, 32) / 4], p);
            break;
          }
          case 4: {
            MmadParams p(Fz16(r), Fz16(r), Fz16(r), static_cast<uint8_t>(r() % 4), r() % 2 != 0, r() % 2 != 0);
            p.kDirectionAlign = r() % 2;
            p.m = static_cast<uint16_t>(p.m % 4200);
            p.n = static_cast<uint16_t>(p.n % 4200);
            p.k = static_cast<uint16_t>(p.k % 4200);
            if (r() % 2) Mmad(l0c.Get<float>()[off(32 * 1024, 1024) / 4], l0a.Get<float>()[off(16 * 1024, 512) / 4], l0b.Get<float>(), p);
            else Mmad(l0c.Get<int32_t>(), l0a.Get<int8_t>(), l0b.Get<int8_t>()[off(16 * 1024, 512)], bt.Get<int32_t>(), p);
            break;
          }
          case 5: {
            FixpipeParamsV220 p(Fz16(r), Fz16(r), Fz16(r), Fz16(r), r() % 2 != 0,
                                static_cast<QuantMode_t>(r() % 10), static_cast<int64_t>(r()), Fz16(r), Fz16(r), Fz16(r),
                                static_cast<uint8_t>(r() % 4), r() % 2 != 0);
            if (r() % 2) Fixpipe(gf[Fz(r, 2048)], l0c.Get<float>()[off(32 * 1024, 64) / 4], p);
            else Fixpipe<half, int32_t, CFG_NZ>(gh[Fz(r, 4096) / 16 * 16], l0c.Get<int32_t>(), l1.Get<uint64_t>(), p);
            break;
          }
          default: {
            LoadData3DParamsV2<half> p;
            const uint8_t pads[4] = {static_cast<uint8_t>(r()), static_cast<uint8_t>(r()), static_cast<uint8_t>(r()),
                                     static_cast<uint8_t>(r())};
            for (int i = 0; i < 4; ++i) p.padList[i] = pads[i] % 8;
            p.l1H = static_cast<uint16_t>(Fz(r, 40));
            p.l1W = static_cast<uint16_t>(Fz(r, 40));
            p.channelSize = static_cast<uint16_t>(16 * Fz(r, 4));
            p.kExtension = Fz16(r);
            p.mExtension = Fz16(r);
            p.kStartPt = static_cast<uint16_t>(16 * Fz(r, 8));
            p.mStartPt = Fz16(r);
            p.strideW = static_cast<uint8_t>(Fz(r, 4));
            p.strideH = static_cast<uint8_t>(Fz(r, 4));
            p.filterW = static_cast<uint8_t>(Fz(r, 5));
            p.filterH = static_cast<uint8_t>(Fz(r, 5));
            p.dilationFilterW = static_cast<uint8_t>(Fz(r, 3));
            p.dilationFilterH = static_cast<uint8_t>(Fz(r, 3));
            p.enTranspose = r() % 2;
            LoadData(r() % 2 ? l0a.Get<half>() : l0b.Get<half>(), l1.Get<half>()[off(64 * 1024, 32) / 2], p);
            break;
          }
        }
        for (auto* g : l1g) {
          const uint8_t* b = g->Get<uint8_t>().GetPhyAddr();
          for (int i = 0; i < 4096; ++i) ASSERT_EQ(b[i], kGuard) << "L1 guard byte " << i;
        }
        for (auto* g : {&g2a, &g2b}) {
          const uint8_t* b = g->Get<uint8_t>().GetPhyAddr();
          for (int i = 0; i < 4096; ++i) ASSERT_EQ(b[i], kGuard) << "L0A guard byte " << i;
        }
        for (auto* g : {&g3a, &g3b}) {
          const uint8_t* b = g->Get<uint8_t>().GetPhyAddr();
          for (int i = 0; i < 4096; ++i) ASSERT_EQ(b[i], kGuard) << "L0B guard byte " << i;
        }
        for (auto* g : {&g4a, &g4b}) {
          const uint8_t* b = g->Get<uint8_t>().GetPhyAddr();
          for (int i = 0; i < 4096; ++i) ASSERT_EQ(b[i], kGuard) << "L0C guard byte " << i;
        }
      }, 1);
      ++runs;
    } catch (const aicore::KernelError&) {
      ++errors;
    }
    for (size_t i = 0; i < 4096; ++i) {
      ASSERT_EQ(gm[i], kGuard) << "GM guard before, byte " << i << ", seed " << seed;
      ASSERT_EQ(gm[4096 + kGm + i], kGuard) << "GM guard after, byte " << i << ", seed " << seed;
    }
  }
  std::printf("cube fuzz: %d calls ran, %d reported\n", runs, errors);
  EXPECT_GT(runs, 20);    // some random calls are valid
  EXPECT_GT(errors, 100);  // most are reported
}

// ---- synccheck and initcheck on the cube pipes -----------------------------------

constexpr uint32_t kM = 32, kN = 32, kK = 32;

// kUnitFlags: Mmad and Fixpipe with unitFlag 3 and no M_FIX / FIX_M flag;
// kUnitMmadOnly: the first Mmad with unitFlag 3, every Fixpipe without.
enum Sync { kFlags, kQueues, kBarrier, kMissMte2Mte1, kMissMte1M, kMissMFix, kMissFixM, kUnitFlags, kUnitMmadOnly };

std::atomic<int> g_bug_line{0};
#define MARK_BUG() g_bug_line.store(__LINE__ + 1)

// C = A x B twice over one L0C buffer (32 x 32 half, float C), with the
// syncs of `mode`; `shortk` loads only half of A's fractals into L0A, `tallm`
// makes Fixpipe read more rows than Mmad wrote.
void CubeKernel(GM_ADDR a, GM_ADDR b, GM_ADDR c, Sync mode, bool shortk, bool tallm) {
  TPipe pipe;
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc;
  ga.SetGlobalBuffer(reinterpret_cast<half*>(a), kM * kK);
  gb.SetGlobalBuffer(reinterpret_cast<half*>(b), kK * kN);
  constexpr uint32_t kRows = kM + 16;  // room for the tall Fixpipe of `tallm`
  gc.SetGlobalBuffer(reinterpret_cast<float*>(c), 2 * kRows * kN);
  Nd2NzParams na(1, kM, kK, 0, kK, kM, 1, 0), nb(1, kK, kN, 0, kN, kK, 1, 0);
  LoadData2DParams la;
  la.repeatTimes = shortk ? 1 : kK / 16;
  la.srcStride = kM / 16;
  LoadData2dTransposeParams lb;
  lb.repeatTimes = kN / 16;
  lb.srcStride = kK / 16;
  MmadParams mp = Mm(kM, kN, kK);
  FixpipeParamsV220 fp = Fp(kN, tallm ? kM + 16 : kM, kM + (tallm ? 16 : 0), kN);
  const bool unit = mode == kUnitFlags || mode == kUnitMmadOnly;
  fp.unitFlag = mode == kUnitFlags ? 3 : 0;
  if (mode == kQueues) {
    TQue<TPosition::A1, 1> qa1, qb1;
    TQue<TPosition::A2, 1> qa2;
    TQue<TPosition::B2, 1> qb2;
    TQue<TPosition::CO1, 1> qc;
    pipe.InitBuffer(qa1, 1, kM * kK * 2);
    pipe.InitBuffer(qb1, 1, kK * kN * 2);
    pipe.InitBuffer(qa2, 1, kM * kK * 2);
    pipe.InitBuffer(qb2, 1, kK * kN * 2);
    pipe.InitBuffer(qc, 1, (kM + 16) * kN * 4);
    for (int it = 0; it < 2; ++it) {
      LocalTensor<half> a1 = qa1.AllocTensor<half>(), b1 = qb1.AllocTensor<half>();
      DataCopy(a1, ga, na);
      DataCopy(b1, gb, nb);
      qa1.EnQue(a1);
      qb1.EnQue(b1);
      a1 = qa1.DeQue<half>();
      b1 = qb1.DeQue<half>();
      LocalTensor<half> a2 = qa2.AllocTensor<half>(), b2 = qb2.AllocTensor<half>();
      for (uint32_t i = 0; i < kM / 16; ++i) LoadData(a2[i * kK * 16], a1[i * 256], la);
      for (uint32_t i = 0; i < kK / 16; ++i) LoadDataWithTranspose(b2[i * kN * 16], b1[i * 256], lb);
      qa2.EnQue(a2);
      qb2.EnQue(b2);
      qa1.FreeTensor(a1);
      qb1.FreeTensor(b1);
      a2 = qa2.DeQue<half>();
      b2 = qb2.DeQue<half>();
      LocalTensor<float> cl = qc.AllocTensor<float>();
      Mmad(cl, a2, b2, mp);
      qc.EnQue(cl);
      qa2.FreeTensor(a2);
      qb2.FreeTensor(b2);
      cl = qc.DeQue<float>();
      Fixpipe(gc[it * kRows * kN], cl, fp);
      qc.FreeTensor(cl);
    }
    return;
  }
  TBuf<TPosition::A1> ta1;
  TBuf<TPosition::B1> tb1;
  TBuf<TPosition::A2> ta2;
  TBuf<TPosition::B2> tb2;
  TBuf<TPosition::CO1> tc;
  pipe.InitBuffer(ta1, kM * kK * 2);
  pipe.InitBuffer(tb1, kK * kN * 2);
  pipe.InitBuffer(ta2, kM * kK * 2);
  pipe.InitBuffer(tb2, kK * kN * 2);
  pipe.InitBuffer(tc, (kM + 16) * kN * 4);
  LocalTensor<half> a1 = ta1.Get<half>(), b1 = tb1.Get<half>(), a2 = ta2.Get<half>(), b2 = tb2.Get<half>();
  LocalTensor<float> cl = tc.Get<float>();
  for (int it = 0; it < 2; ++it) {
    if (it == 1) {
      if (mode == kBarrier) {
        PipeBarrier<PIPE_ALL>();
      } else if (mode != kMissFixM && !unit) {
        WaitFlag<HardEvent::FIX_M>(EVENT_ID0);  // the last Fixpipe read L0C before Mmad rewrites it
      }
      // The next tile's L1 and L0 writes after the reads of the last one.
      if (mode != kBarrier) {
        WaitFlag<HardEvent::MTE1_MTE2>(EVENT_ID0);
        WaitFlag<HardEvent::M_MTE1>(EVENT_ID0);
      }
    }
    DataCopy(a1, ga, na);
    DataCopy(b1, gb, nb);
    if (mode == kBarrier) {
      PipeBarrier<PIPE_ALL>();
    } else if (mode != kMissMte2Mte1) {
      SetFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
      WaitFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
    }
    for (uint32_t i = 0; i < kM / 16; ++i) {
      if (mode == kMissMte2Mte1 && it == 0 && i == 0) MARK_BUG();
      LoadData(a2[i * kK * 16], a1[i * 256], la);
    }
    for (uint32_t i = 0; i < kK / 16; ++i) LoadDataWithTranspose(b2[i * kN * 16], b1[i * 256], lb);
    if (mode == kBarrier) {
      PipeBarrier<PIPE_ALL>();
    } else {
      SetFlag<HardEvent::MTE1_MTE2>(EVENT_ID0);
      if (mode != kMissMte1M) {
        SetFlag<HardEvent::MTE1_M>(EVENT_ID0);
        WaitFlag<HardEvent::MTE1_M>(EVENT_ID0);
      }
    }
    mp.unitFlag = mode == kUnitFlags || (mode == kUnitMmadOnly && it == 0) ? 3 : 0;
    if ((mode == kMissMte1M && it == 0) || (mode == kMissFixM && it == 1) || shortk) MARK_BUG();
    Mmad(cl, a2, b2, mp);
    if (mode == kBarrier) {
      PipeBarrier<PIPE_ALL>();
    } else {
      SetFlag<HardEvent::M_MTE1>(EVENT_ID0);
      if (mode != kMissMFix && !unit) {
        SetFlag<HardEvent::M_FIX>(EVENT_ID0);
        WaitFlag<HardEvent::M_FIX>(EVENT_ID0);
      }
    }
    if ((mode == kMissMFix && it == 0) || (mode == kUnitMmadOnly && it == 0) || tallm) MARK_BUG();
    Fixpipe(gc[it * kRows * kN], cl, fp);
    if (mode != kBarrier && mode != kMissFixM && !unit && it == 0) SetFlag<HardEvent::FIX_M>(EVENT_ID0);
  }
  if (mode != kBarrier) {
    WaitFlag<HardEvent::MTE1_MTE2>(EVENT_ID0);
    WaitFlag<HardEvent::M_MTE1>(EVENT_ID0);
  }
}

struct GmBufs {
  half* a;
  half* b;
  float* c;
  GmBufs() {
    a = static_cast<half*>(aicore::GmAlloc(kM * kK * 2));
    b = static_cast<half*>(aicore::GmAlloc(kK * kN * 2));
    c = static_cast<float*>(aicore::GmAlloc(2 * (kM + 16) * kN * 4));
    for (uint32_t i = 0; i < kM * kK; ++i) a[i] = static_cast<half>(static_cast<float>(i % 7) - 3.0f);
    for (uint32_t i = 0; i < kK * kN; ++i) b[i] = static_cast<half>(static_cast<float>(i % 5) - 2.0f);
  }
  ~GmBufs() {
    aicore::GmFree(a);
    aicore::GmFree(b);
    aicore::GmFree(c);
  }
};

std::vector<aicore::KernelError> Sanitized(uint32_t modes, Sync mode, bool shortk = false, bool tallm = false) {
  GmBufs g;
  aicore::ErrorRecorder rec(modes);
  aicore::LaunchNamed("cube_sync", [&] {
    CubeKernel(reinterpret_cast<GM_ADDR>(g.a), reinterpret_cast<GM_ADDR>(g.b), reinterpret_cast<GM_ADDR>(g.c),
               mode, shortk, tallm);
  }, 1);
  return rec.reports();
}

std::string BugLine() { return "test_cube_diagnostics.cpp:" + std::to_string(g_bug_line.load()); }

// The first report (the bug's; a missing flag may also show at the
// instruction after it) is the hazard at the marked line.
void ExpectHazard(Sync mode, const std::string& api, const std::vector<std::string>& fragments) {
  const auto reps = Sanitized(aicore::kSynccheck, mode);
  ASSERT_FALSE(reps.empty());
  const std::string what = reps[0].what();
  EXPECT_EQ(reps[0].kind(), aicore::ErrorKind::kHazard) << what;
  EXPECT_EQ(reps[0].api(), api) << what;
  EXPECT_TRUE(Has(what, BugLine())) << what;
  for (const auto& f : fragments) EXPECT_TRUE(Has(what, f)) << "missing '" << f << "' in: " << what;
}

TEST(CubeSynccheck, CleanWithFlagsQueuesBarriersOrUnitFlags) {
  for (Sync mode : {kFlags, kQueues, kBarrier, kUnitFlags}) {
    const auto reps = Sanitized(aicore::kSanitizeAll, mode);
    EXPECT_TRUE(reps.empty()) << mode << ": " << (reps.empty() ? "" : reps[0].what());
  }
}

TEST(CubeSynccheck, MissingMte2ToMte1) {
  ExpectHazard(kMissMte2Mte1, "LoadData",
               {"read-after-write hazard: src of LoadData (MTE1 pipe) reads", "TBuf buffer 0 (A1",
                "last written by dst of DataCopy (MTE2 pipe)", "SetFlag<HardEvent::MTE2_MTE1>(id)",
                "TQue<TPosition::A1> (or B1)"});
}

TEST(CubeSynccheck, MissingMte1ToM) {
  ExpectHazard(kMissMte1M, "Mmad",
               {"read-after-write hazard: fm of Mmad (M pipe) reads", "last written by dst of LoadData (MTE1 pipe)",
                "SetFlag<HardEvent::MTE1_M>(id)"});
}

TEST(CubeSynccheck, MissingMToFix) {
  ExpectHazard(kMissMFix, "Fixpipe",
               {"read-after-write hazard: src of Fixpipe (FIX pipe) reads", "last written by dst of Mmad (M pipe)",
                "SetFlag<HardEvent::M_FIX>(id)", "TQue<TPosition::CO1>"});
}

// A unit flag orders the pair only when both instructions use it.
TEST(CubeSynccheck, UnitFlagOnTheMmadAlone) {
  ExpectHazard(kUnitMmadOnly, "Fixpipe",
               {"read-after-write hazard: src of Fixpipe (FIX pipe) reads", "last written by dst of Mmad (M pipe)",
                "SetFlag<HardEvent::M_FIX>(id)"});
}

TEST(CubeSynccheck, MissingFixToMBeforeL0CIsReused) {
  ExpectHazard(kMissFixM, "Mmad",
               {"write-after-read hazard: dst of Mmad (M pipe) writes", "src of Fixpipe (FIX pipe)",
                "SetFlag<HardEvent::FIX_M>(id)"});
}

TEST(CubeInitcheck, MmadReadsFractalsLoadDataNeverFilled) {
  // Clean (full k) is silent; loading one of two k fractals per row is reported.
  EXPECT_TRUE(Sanitized(aicore::kInitcheck, kFlags).empty());
  const auto reps = Sanitized(aicore::kInitcheck, kFlags, true);
  ASSERT_FALSE(reps.empty());
  const std::string what = reps[0].what();
  EXPECT_EQ(reps[0].kind(), aicore::ErrorKind::kUninit) << what;
  EXPECT_TRUE(Has(what, "uninitialized read: fm of Mmad reads")) << what;
  EXPECT_TRUE(Has(what, BugLine())) << what;
}

TEST(CubeInitcheck, FixpipeReadsRowsMmadNeverWrote) {
  const auto reps = Sanitized(aicore::kInitcheck, kFlags, false, true);
  ASSERT_FALSE(reps.empty());
  const std::string what = reps[0].what();
  EXPECT_EQ(reps[0].kind(), aicore::ErrorKind::kUninit) << what;
  EXPECT_TRUE(Has(what, "uninitialized read: src of Fixpipe reads")) << what;
  EXPECT_TRUE(Has(what, BugLine())) << what;
}

// ---- unit flags: the always-on checks ---------------------------------------------

// Mmad of a 32 x 32 x 32 C (two 16-row fractal rows; `m` rows) with unitFlag mf.
void UnitMmad(Cube& c, uint8_t mf, uint16_t m = 32) {
  MmadParams p = Mm(m, 32, 32);
  p.unitFlag = mf;
  Mmad(c.co1.Get<float>(), c.a2.Get<half>(), c.b2.Get<half>(), p);
}
// Fixpipe of m rows of columns [n0, n0 + n) of a C whose column groups are
// `rows` rows apart (0: m rounded up to 16), with unitFlag ff.
void UnitFix(Cube& c, uint8_t ff, uint16_t m = 32, uint16_t n0 = 0, uint16_t n = 32, uint16_t rows = 0) {
  if (rows == 0) rows = (m + 15) / 16 * 16;
  GlobalTensor<float> g;
  g.SetGlobalBuffer(g_out, 64 * 64);
  FixpipeParamsV220 p = Fp(n, m, rows, 32);
  p.unitFlag = ff;
  Fixpipe(g[n0], c.co1.Get<float>()[n0 * rows], p);
}

TEST(CubeUnitFlag, TheReferencePatternsRunClean) {
  EXPECT_EQ(RunBody([](bool) {
    Cube c;
    for (int tile = 0; tile < 3; ++tile) {  // a K loop: 2, 2, 3; one Fixpipe with 3
      UnitMmad(c, 2);
      UnitMmad(c, 2);
      UnitMmad(c, 3);
      UnitFix(c, 3);
    }
    UnitMmad(c, 3);  // one Mmad read out by two Fixpipes along N, each with 3
    UnitFix(c, 3, 32, 0, 16);
    UnitFix(c, 3, 32, 16, 16);
    for (int tile = 0; tile < 2; ++tile) {  // a tail of 20 rows: the Fixpipe frees the fractals
      UnitMmad(c, 3, 20);
      UnitFix(c, 3, 20);
    }
    UnitMmad(c, 3);  // read twice: 2 keeps the flags, 3 frees them
    UnitFix(c, 2);
    UnitFix(c, 3);
    UnitMmad(c, 3);
  }, false), "");
}

TEST(CubeUnitFlag, FixpipeWaitsForAFlagNoMmadSets) {
  ExpectPair([](bool bad) {
    Cube c;
    UnitMmad(c, 2);
    if (!bad) UnitMmad(c, 3);
    UnitFix(c, 3);
  }, {"sync error in Fixpipe", "Fixpipe with unitFlag 3 reads L0C bytes [", "whose unit flag is not set",
      "no unit-flag instruction has changed it since the block started", "Give the last Mmad",
      "test_cube_diagnostics.cpp:"});
  ExpectPair([](bool bad) {  // the flags were freed by the first read
    Cube c;
    UnitMmad(c, 3);
    UnitFix(c, bad ? 3 : 2);
    UnitFix(c, 3);
  }, {"sync error in Fixpipe", "(last changed by Fixpipe at ", "test_cube_diagnostics.cpp:"});
}

TEST(CubeUnitFlag, MmadWaitsForAReadNoFixpipeDoes) {
  ExpectPair([](bool bad) {
    Cube c;
    UnitMmad(c, 3);
    UnitFix(c, 0);  // (ordered by the program here; the flags stay set)
    if (!bad) SetFixPipeConfig(c.co1.Get<float>(), true);
    UnitMmad(c, 3);
  }, {"sync error in Mmad", "Mmad with unitFlag 3 writes L0C bytes [0, 512)",
      "whose unit flag is still set (last changed by Mmad at ",
      "SetFixPipeConfig(co1Local, true)"});
  ExpectPair([](bool bad) {  // a Fixpipe of part of the rows leaves the other fractals set
    Cube c;
    UnitMmad(c, 3);
    UnitFix(c, 3, bad ? 16 : 32, 0, 32, 32);
    UnitMmad(c, 2);
  }, {"sync error in Mmad", "Mmad with unitFlag 2 writes L0C bytes [1024, 1536)"});
}

TEST(CubeUnitFlag, OnlyOnThe910BGeneration) {
  auto body = [](bool bad) {
    TPipe pipe;
    TBuf<TPosition::A2> a2;
    TBuf<TPosition::B2> b2;
    TBuf<TPosition::CO1> co1;
    pipe.InitBuffer(a2, 4096);
    pipe.InitBuffer(b2, 4096);
    pipe.InitBuffer(co1, 8192);
    MmadParams p = Mm(32, 32, 32);
    p.unitFlag = bad ? 3 : 0;
    Mmad(co1.Get<float>(), a2.Get<half>(), b2.Get<half>(), p);
  };
  aicore::SetSocVersion("Ascend310P");
  const std::string bad = RunBody(body, true), clean = RunBody(body, false);
  aicore::SetSocVersion("Ascend910B");
  EXPECT_TRUE(Has(bad, "MmadParams.unitFlag 3: Ascend310P has no unit flags")) << bad;
  EXPECT_EQ(clean, "");
}

// ---- a cube-only kernel through ICPU_RUN_KF ----------------------------------------

std::atomic<int> g_aic_blocks{0};
std::atomic<int> g_aiv_blocks{0};

#if !defined(__DAV_C220_CUBE__) || defined(__DAV_C220_VEC__)
#error "this file is built as a cube compilation: __DAV_C220_CUBE__ defined, __DAV_C220_VEC__ not"
#endif

extern "C" __global__ __aicore__ void cube_only_kernel(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
  if ASCEND_IS_AIC {
    g_aic_blocks.fetch_add(1);
  }
  if ASCEND_IS_AIV {
    g_aiv_blocks.fetch_add(1);
  }
#if defined(__DAV_C220_CUBE__)
  CubeKernel(a, b, c, kFlags, false, false);
#endif
}

TEST(CubeKernelMode, AicOnlyKernelRunsOnCubeBlocks) {
  GmBufs g;
  g_aic_blocks = g_aiv_blocks = 0;
  ICPU_RUN_KF(cube_only_kernel, 1, reinterpret_cast<uint8_t*>(g.a), reinterpret_cast<uint8_t*>(g.b),
              reinterpret_cast<uint8_t*>(g.c));
  EXPECT_EQ(g_aic_blocks.load(), 1);
  EXPECT_EQ(g_aiv_blocks.load(), 0);
  // The result: C = A x B in both halves of c.
  for (uint32_t i = 0; i < kM; ++i) {
    for (uint32_t j = 0; j < kN; ++j) {
      float want = 0;
      for (uint32_t k = 0; k < kK; ++k) {
        want += static_cast<float>(g.a[i * kK + k]) * static_cast<float>(g.b[k * kN + j]);
      }
      ASSERT_EQ(g.c[i * kN + j], want);
      ASSERT_EQ(g.c[(kM + 16) * kN + i * kN + j], want);
    }
  }
  AscendC::SetKernelMode(KernelMode::AIC_MODE);
  g_aic_blocks = 0;
  ICPU_RUN_KF(cube_only_kernel, 1, reinterpret_cast<uint8_t*>(g.a), reinterpret_cast<uint8_t*>(g.b),
              reinterpret_cast<uint8_t*>(g.c));
  EXPECT_EQ(g_aic_blocks.load(), 1);
  aicore::compat::ResetKernelMode();
}

}  // namespace
