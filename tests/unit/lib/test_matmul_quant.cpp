// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The Matmul's quantised outputs (aicore/lib/matmul/matmul.h) against a
// scalar model, bit for bit: int8_t x int8_t accumulated exactly in int32_t
// (wrapping), half / bfloat16_t accumulated in float (fma in increasing k
// order, bias first), then the Fixpipe conversion the vendor's Matmul selects
// for the C type -- int8_t -> half DEQF16 / VDEQF16, int8_t -> int8_t REQ8 /
// VREQ8, half / bfloat16_t -> int8_t QF322B8_PRE / VQF322B8_PRE -- modelled
// by cube_test::RefFixConvert (unit/cube/cube_test_util.h, the model the
// cube's Fixpipe tests use). Random shapes with tails in M, N and K over
// several blocks, transposes, bias, random quantization parameters (scale
// with its low mantissa bits set, offset, signed and unsigned output, the
// shift of the mode-control bit), SetQuantScalar, SetQuantVector from GM and
// from L1, C to GM (IterateAll, Iterate + GetTensorC) and to UB (IterateAll,
// Iterate + GetTensorC), ReLU; an int8_t C in CubeFormat::NZ (16 x 32
// fractals); int4b_t A and B (-> int32_t, -> half through DEQF16 / VDEQF16)
// against an int64_t reference, from GM in ND and NZ, from VECOUT / TSCM and
// through the CopyA1 / CopyB1 callbacks (Norm and MDL tiles).
// Then the quantization and int4b_t errors with their clean twins, and the C
// types the Matmul allows.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "aicore/aicore.h"
#include "aicore/lib/matmul/host_tiling.h"
#include "aicore/lib/matmul/matmul.h"
#include "unit/cube/cube_test_util.h"
#include "unit/lib/matmul_test_util.h"

using namespace AscendC;
using namespace mmtest;

namespace {

template <class T>
T RandomIn(std::mt19937& rng) {
  if constexpr (std::is_same_v<T, int8_t>) {
    return static_cast<int8_t>(static_cast<int>(rng() % 256) - 128);
  } else {
    return static_cast<T>(static_cast<float>(static_cast<int>(rng() % 2001) - 1000) / 256.0f);
  }
}

// A random quantization parameter: a scale of magnitude 2^[lo, hi) (low 13
// mantissa bits random: the Fixpipe drops them), now and then negative; the
// sign bit 46 (signed int8_t) mostly set; an offset half of the time; for
// int32_t accumulators now and then the mode-control bit 36 with a shift.
uint64_t RandomParam(std::mt19937& rng, int lo, int hi, bool intAcc) {
  float s = std::ldexp(1.0f + static_cast<float>(rng() % 1024) / 1024.0f, lo + static_cast<int>(rng() % (hi - lo)));
  if (rng() % 8 == 0) s = -s;
  uint32_t bits;
  std::memcpy(&bits, &s, 4);
  bits |= static_cast<uint32_t>(rng()) & 0x1FFFu;
  uint64_t q = bits;
  if (rng() % 6 != 0) q |= uint64_t{1} << 46;
  if (rng() % 2) q |= static_cast<uint64_t>((static_cast<int>(rng() % 41) - 20) & 0x1FF) << 37;
  if (intAcc && rng() % 6 == 0) q |= (uint64_t{1} << 36) | (uint64_t{rng() % 4} << 32);
  return q;
}


enum class Quant { kScalar, kGmVector, kL1Vector };
enum class Out { kIterateAllGm, kIterateGm, kIterateAllUb, kIterateUb };
const char* OutName(Out o) {
  switch (o) {
    case Out::kIterateAllGm: return "IterateAll(gm)";
    case Out::kIterateGm: return "Iterate + GetTensorC(gm)";
    case Out::kIterateAllUb: return "IterateAll(ub)";
    default: return "Iterate + GetTensorC(ub)";
  }
}
const char* QuantName(Quant q) {
  return q == Quant::kScalar ? "SetQuantScalar" : q == Quant::kGmVector ? "SetQuantVector(gm)" : "SetQuantVector(L1)";
}

constexpr MatmulConfig ReluConfig() {
  MatmulConfig c = CFG_NORM;
  c.enableRelu = true;
  return c;
}
constexpr MatmulConfig kReluCfg = ReluConfig();

// A DataCopyOut callback for a quantised C, as a kernel writes it: the L0C
// block (before the quantization) out through Fixpipe with the mode and the
// parameters of DataCopyOutParams (quantScalar, or the L1 vector at
// cbufWorkspaceAddr). It checks them against what the test set (QuantCb,
// through SetUserDefInfo) and counts its calls and the mismatches.
struct QuantCb {
  const TCubeTiling* t = nullptr;
  const uint64_t* qp = nullptr;  // C's columns' parameters (SetQuantScalar: qp[0])
  bool vec = false;
  int mode = 0;
  std::atomic<int> calls{0}, bad{0};
};
template <class AT, class CT>
void QuantCopyOut(const __gm__ void* gm, const LocalTensor<int8_t>& co1, const void* params, const uint64_t tilingPtr,
                  const uint64_t) {
  using L0cT = Acc<AT>;
  const DataCopyOutParams& p = *static_cast<const DataCopyOutParams*>(params);
  QuantCb& cb = *reinterpret_cast<QuantCb*>(tilingPtr);
  const TCubeTiling& t = *cb.t;
  const int mBlocks = (t.M + t.singleCoreM - 1) / t.singleCoreM;
  const int n0 = static_cast<int>(GetBlockIdx()) / mBlocks * t.singleCoreN + p.curN * t.baseN;  // in C
  bool ok = p.quantMode == cb.mode &&
            (cb.vec ? p.cbufWorkspaceAddr != 0 : p.quantScalar == cb.qp[0] && p.cbufWorkspaceAddr == 0);
  const auto m = static_cast<uint16_t>(p.burstLen * 32 / (16 * sizeof(L0cT)));
  GlobalTensor<CT> dst;
  dst.SetGlobalBuffer(reinterpret_cast<__gm__ CT*>(const_cast<void*>(gm)));
  FixpipeParamsV220 f(p.oriNSize, m, static_cast<uint16_t>((m + 15) / 16 * 16), p.dstStride, false);
  f.quantPre = static_cast<QuantMode_t>(p.quantMode);
  if (cb.vec) {
    LocalTensor<uint64_t> q;  // the vendor's address, in L1
    q.address_.logicPos = static_cast<uint8_t>(TPosition::C1);
    q.address_.bufferAddr = static_cast<uint32_t>(p.cbufWorkspaceAddr);
    q.address_.dataLen = p.oriNSize * 8u;
    for (uint32_t c = 0; c < p.oriNSize; ++c) ok = ok && q.GetValue(c) == cb.qp[n0 + static_cast<int>(c)];
    Fixpipe<CT, L0cT, CFG_ROW_MAJOR>(dst, co1.ReinterpretCast<L0cT>(), q, f);
  } else {
    f.deqScalar = p.quantScalar;
    Fixpipe<CT, L0cT, CFG_ROW_MAJOR>(dst, co1.ReinterpretCast<L0cT>(), f);
  }
  ++cb.calls;
  if (!ok) ++cb.bad;
}

template <class AT, class CT, class BiasT, TPosition CPOS, bool RELU, CubeFormat CF, bool CB = false>
using MM = Matmul<MatmulType<TPosition::GM, CubeFormat::ND, AT, true>, MatmulType<TPosition::GM, CubeFormat::ND, AT, true>,
                  MatmulType<CPOS, CF, CT>, MatmulType<TPosition::GM, CubeFormat::ND, BiasT>,
                  RELU ? kReluCfg : CFG_NORM,
                  MatmulCallBackFunc<CB ? QuantCopyOut<AT, CT> : nullptr, nullptr, nullptr>>;

// Where element (r, c) of a matrix of `rows` rows is in NZ with fractals of
// 16 x c0 (c0 = 32 bytes of the type): fractal columns of `rows` rows, not
// round16(rows), in GM (M) and in UB (singleCoreM), as the vendor's copy out.
size_t NzAt(int r, int c, int rows, int c0) {
  return static_cast<size_t>(c / c0) * static_cast<size_t>(rows) * c0 + static_cast<size_t>(r) * c0 +
         static_cast<size_t>(c % c0);
}
// Element (r, c) of C (rows x ld) in format CF.
template <class CT, CubeFormat CF>
size_t CAt(int r, int c, int rows, int ld) {
  if constexpr (CF == CubeFormat::NZ) return NzAt(r, c, rows, static_cast<int>(32 / sizeof(CT)));
  return static_cast<size_t>(r) * ld + c;
}

// One block of the multi-core kernel (offsets as the vendor samples compute them).
template <class AT, class CT, class BiasT, TPosition CPOS, bool RELU, CubeFormat CF, bool CB = false>
void QuantBlock(const TCubeTiling* tiling, Out out, Quant quant, bool transA, bool transB, AT* a, AT* b, CT* c,
                BiasT* bias, uint64_t* qp, QuantCb* cb) {
  TPipe pipe;
  MM<AT, CT, BiasT, CPOS, RELU, CF, CB> mm;
  if (aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, tiling)) return;
  if (cb != nullptr) mm.SetUserDefInfo(reinterpret_cast<uint64_t>(cb));
  const TCubeTiling& t = *tiling;
  const int mBlocks = (t.M + t.singleCoreM - 1) / t.singleCoreM;
  const int mi = static_cast<int>(GetBlockIdx()) % mBlocks, ni = static_cast<int>(GetBlockIdx()) / mBlocks;
  const int offA = transA ? mi * t.singleCoreM : mi * t.Ka * t.singleCoreM;
  const int offB = transB ? ni * t.Kb * t.singleCoreN : ni * t.singleCoreN;
  const int offC = static_cast<int>(CAt<CT, CF>(mi * t.singleCoreM, ni * t.singleCoreN, t.M, t.N));
  const int offN = ni * t.singleCoreN;
  const int tailM = std::min(t.singleCoreM, t.M - mi * t.singleCoreM);
  const int tailN = std::min(t.singleCoreN, t.N - ni * t.singleCoreN);
  GlobalTensor<AT> ag, bg;
  GlobalTensor<CT> cg;
  GlobalTensor<BiasT> biasg;
  GlobalTensor<uint64_t> qg;
  ag.SetGlobalBuffer(a, static_cast<uint64_t>(t.M) * t.Ka);
  bg.SetGlobalBuffer(b, static_cast<uint64_t>(t.Kb) * t.N);
  cg.SetGlobalBuffer(c, CAt<CT, CF>(t.M - 1, t.N - 1, t.M, t.N) + 1);
  biasg.SetGlobalBuffer(bias, static_cast<uint64_t>(t.N));
  qg.SetGlobalBuffer(qp, static_cast<uint64_t>(t.N));
  mm.SetTensorA(ag[offA], transA);
  mm.SetTensorB(bg[offB], transB);
  if (t.isBias) mm.SetBias(biasg[offN]);
  TBuf<TPosition::A1> qBuf;  // the L1 quantization vector outlives the Matmul calls
  if (quant == Quant::kScalar) {
    mm.SetQuantScalar(qp[0]);
  } else if (quant == Quant::kGmVector) {
    mm.SetQuantVector(qg[offN]);
  } else {
    pipe.InitBuffer(qBuf, static_cast<uint32_t>((tailN * 8 + 31) / 32 * 32));
    LocalTensor<uint64_t> ql = qBuf.Get<uint64_t>();
    for (int j = 0; j < tailN; ++j) ql.SetValue(static_cast<uint32_t>(j), qp[offN + j]);
    mm.SetQuantVector(ql);
  }
  if (tailM < t.singleCoreM || tailN < t.singleCoreN) mm.SetTail(tailM, tailN);
  if constexpr (CPOS == TPosition::GM) {
    if (out == Out::kIterateAllGm) {
      mm.IterateAll(cg[offC]);
    } else {
      while (mm.Iterate()) mm.GetTensorC(cg[offC]);
    }
  } else {
    TBuf<TPosition::VECIN> ub;
    pipe.InitBuffer(ub, static_cast<uint32_t>(((CAt<CT, CF>(tailM - 1, tailN - 1, tailM, tailN) + 1) * sizeof(CT) +
                                               31) / 32 * 32));
    LocalTensor<CT> cl = ub.Get<CT>();
    if (out == Out::kIterateAllUb) {
      mm.IterateAll(cl);
    } else {
      while (mm.Iterate()) mm.GetTensorC(cl);
    }
    for (int r = 0; r < tailM; ++r) {
      for (int col = 0; col < tailN; ++col) {
        c[CAt<CT, CF>(mi * t.singleCoreM + r, ni * t.singleCoreN + col, t.M, t.N)] =
            cl.GetValue(static_cast<uint32_t>(CAt<CT, CF>(r, col, tailM, tailN)));
      }
    }
  }
  mm.End();
}

// Runs p with each quantization form and way out, and checks every C
// element against RefFixConvert(acc, mode, relu, parameter of its column).
// Counts the expected values that are saturated and those that are neither
// saturated nor 0 (the tests check that both kinds occur).
struct Seen {
  size_t saturated = 0, inRange = 0;
};
// CB: with the DataCopyOut callback QuantCopyOut (its checks must pass, and
// it must be called for the GM ways out).
template <class AT, class CT, class BiasT, bool RELU = false, CubeFormat CF = CubeFormat::ND, bool CB = false>
void RunProblem(const Problem& p, std::mt19937& rng, int scaleLo, int scaleHi, Seen& seen) {
  const TCubeTiling t = MakeTiling<AT, CT, BiasT>(p);
  if constexpr (CF == CubeFormat::NZ) {  // whole 16 x 32 fractals per block (else a KernelError)
    ASSERT_EQ(t.baseN % 32, 0) << p.Str();
    ASSERT_EQ(t.singleCoreN % 32, 0) << p.Str();
  }
  // C in format CF (NZ: fractal columns M rows apart); the elements after M x N
  // (NZ: up to round16(M) x N) are left untouched: filled with `pad`.
  const size_t cSize = static_cast<size_t>(CF == CubeFormat::NZ ? (p.M + 15) / 16 * 16 : p.M) * p.N;
  const CT pad = static_cast<CT>(99);
  std::vector<AT> a(static_cast<size_t>(p.M) * p.K), b(static_cast<size_t>(p.K) * p.N);
  for (auto& x : a) x = RandomIn<AT>(rng);
  for (auto& x : b) x = RandomIn<AT>(rng);
  std::vector<BiasT> bias(static_cast<size_t>(p.N));
  for (auto& x : bias) x = static_cast<BiasT>(RandomIn<std::conditional_t<std::is_same_v<AT, int8_t>, int8_t, float>>(rng));
  const std::vector<Acc<AT>> ref = Reference<AT, BiasT>(p, a, b, bias);
  constexpr bool intAcc = std::is_same_v<AT, int8_t>;
  for (Quant quant : {Quant::kScalar, Quant::kGmVector, Quant::kL1Vector}) {
    std::vector<uint64_t> qp(static_cast<size_t>(p.N));
    for (auto& q : qp) q = RandomParam(rng, scaleLo, scaleHi, intAcc);
    const bool vec = quant != Quant::kScalar;
    const QuantMode_t mode = aicore::detail::MmQuantMode<AT, CT>(vec);
    for (Out out : {Out::kIterateAllGm, Out::kIterateGm, Out::kIterateAllUb, Out::kIterateUb}) {
      std::vector<CT> c(cSize, pad);
      const bool gm = out == Out::kIterateAllGm || out == Out::kIterateGm;
      auto kernel = gm ? QuantBlock<AT, CT, BiasT, TPosition::GM, RELU, CF, CB>
                       : QuantBlock<AT, CT, BiasT, TPosition::VECIN, RELU, CF, CB>;
      QuantCb cb;
      cb.t = &t, cb.qp = qp.data(), cb.vec = vec, cb.mode = mode;
      aicore::LaunchNamed("matmul_quant", kernel, static_cast<uint32_t>(t.usedCoreNum), &t, out, quant, p.transA,
                          p.transB, a.data(), b.data(), c.data(), bias.data(), qp.data(), CB ? &cb : nullptr);
      if constexpr (CB) {
        EXPECT_EQ(cb.bad.load(), 0) << QuantName(quant) << " " << OutName(out) << " " << p.Str();
        EXPECT_EQ(cb.calls.load() > 0, gm) << QuantName(quant) << " " << OutName(out) << ": UB keeps the library's copy";
      }
      size_t bad = 0;
      for (size_t i = 0; i < ref.size() && bad < 5; ++i) {
        const size_t col = i % static_cast<size_t>(p.N);
        const CT got = c[CAt<CT, CF>(static_cast<int>(i / p.N), static_cast<int>(col), p.M, p.N)];
        const CT want = cube_test::RefFixConvert<CT, Acc<AT>>(ref[i], mode, RELU, vec ? qp[col] : qp[0]);
        const double w = static_cast<double>(want);
        if (w == 127 || w == -128 || w == 65504 || w == -65504) {
          ++seen.saturated;
        } else if (w != 0) {
          ++seen.inRange;
        }
        if (Bits(got) != Bits(want)) {
          ++bad;
          ADD_FAILURE() << QuantName(quant) << " " << OutName(out) << " " << p.Str() << ": C[" << i / p.N << ", "
                        << col << "] = " << static_cast<double>(got) << ", expected " << static_cast<double>(want)
                        << " (acc " << static_cast<double>(ref[i]) << ", parameter 0x" << std::hex
                        << (vec ? qp[col] : qp[0]) << std::dec << ")";
        }
      }
      for (size_t k = static_cast<size_t>(p.M) * p.N; k < c.size(); ++k) {  // nothing past C
        EXPECT_EQ(Bits(c[k]), Bits(pad)) << QuantName(quant) << " " << OutName(out) << " " << p.Str()
                                         << ": element " << k << " past M x N";
      }
    }
  }
}

Problem RandomProblem(std::mt19937& rng) {
  Problem p;
  p.M = 1 + static_cast<int>(rng() % 100);
  p.N = 1 + static_cast<int>(rng() % 100);
  p.K = 1 + static_cast<int>(rng() % 120);
  p.transA = rng() % 2;
  p.transB = rng() % 2;
  p.bias = rng() % 2;
  p.dim = 1 + static_cast<int>(rng() % 4);
  return p;
}

class MatmulQuantTest : public ::testing::Test {
 protected:
  void TearDown() override { aicore::SetNumThreads(0); }
};

// ---------------------------------------------------------------------------
// Numerics.

TEST_F(MatmulQuantTest, Int8ToInt8RequantisesAsFixpipeReq8AndVreq8) {
  std::mt19937 rng(11);
  Seen seen;
  // |acc| up to about 2^16: scales 2^-16 .. 2^-6 reach the saturation now and then.
  for (int i = 0; i < 5; ++i) RunProblem<int8_t, int8_t, int32_t>(RandomProblem(rng), rng, -16, -6, seen);
  EXPECT_GT(seen.saturated, 100u);
  EXPECT_GT(seen.inRange, 1000u);
}

TEST_F(MatmulQuantTest, Int8ToHalfDequantisesAsFixpipeDeqf16AndVdeqf16) {
  std::mt19937 rng(12);
  Seen seen;
  // Scales up to 2^4 overflow half now and then (saturated to 65504).
  for (int i = 0; i < 4; ++i) RunProblem<int8_t, half, int32_t>(RandomProblem(rng), rng, -12, 4, seen);
  EXPECT_GT(seen.saturated, 10u);
  EXPECT_GT(seen.inRange, 1000u);
}

TEST_F(MatmulQuantTest, HalfAndBf16ToInt8QuantiseAsFixpipeQf322b8) {
  std::mt19937 rng(13);
  Seen seen;
  for (int i = 0; i < 4; ++i) {
    // |acc| up to a few hundred: scales 2^-5 .. 2^3.
    RunProblem<half, int8_t, float>(RandomProblem(rng), rng, -5, 3, seen);
    RunProblem<bfloat16_t, int8_t, float>(RandomProblem(rng), rng, -5, 3, seen);
  }
  EXPECT_GT(seen.saturated, 100u);
  EXPECT_GT(seen.inRange, 1000u);
}

TEST_F(MatmulQuantTest, ReluZeroesNegativeValuesBeforeTheQuantisation) {
  std::mt19937 rng(14);
  Seen seen;
  for (int i = 0; i < 2; ++i) {
    RunProblem<int8_t, int8_t, int32_t, true>(RandomProblem(rng), rng, -16, -6, seen);
    RunProblem<half, int8_t, float, true>(RandomProblem(rng), rng, -5, 3, seen);
  }
  EXPECT_GT(seen.inRange, 100u);
}

// A DataCopyOut callback with a quantised C: it receives the L0C block
// before the quantization and the mode with its scalar or L1 vector, and
// its Fixpipe gives the model's bits (RunProblem's check) for each mode.
// Several base blocks per core (the vector's columns follow the block).
Problem SmallBlocks(std::mt19937& rng) {
  Problem p = RandomProblem(rng);
  p.N = 40 + static_cast<int>(rng() % 60);
  p.baseM = std::min(16 * (1 + static_cast<int>(rng() % 2)), (p.M + 15) / 16 * 16);
  p.baseN = 16 * (1 + static_cast<int>(rng() % 2));
  return p;
}
TEST_F(MatmulQuantTest, DataCopyOutCallbackQuantisesWithTheParamsItReceives) {
  std::mt19937 rng(16);
  Seen seen;
  for (int i = 0; i < 2; ++i) {
    RunProblem<int8_t, int8_t, int32_t, false, CubeFormat::ND, true>(SmallBlocks(rng), rng, -16, -6, seen);
    RunProblem<int8_t, half, int32_t, false, CubeFormat::ND, true>(SmallBlocks(rng), rng, -12, 4, seen);
    RunProblem<half, int8_t, float, false, CubeFormat::ND, true>(SmallBlocks(rng), rng, -5, 3, seen);
  }
  EXPECT_GT(seen.saturated, 10u);
  EXPECT_GT(seen.inRange, 1000u);
}

// An int8_t C in CubeFormat::NZ: fractals of 16 x 32 (C0 = 32 bytes of a
// 1-byte type), fractal columns of round16(M) rows (UB: round16 of the
// single-core M); N, baseN and singleCoreN multiples of 32 (drawn again
// until the tiling's singleCoreN is).
template <class AT>
Problem RandomNzProblem(std::mt19937& rng) {
  for (;;) {
    Problem p = RandomProblem(rng);
    p.N = 32 * (1 + static_cast<int>(rng() % 4));
    p.baseN = p.N == 32 ? 32 : 32 * (1 + static_cast<int>(rng() % 2));
    p.baseM = rng() % 2 ? 16 : -1;  // several blocks along M now and then
    if (MakeTiling<AT, int8_t, Acc<AT>>(p).singleCoreN % 32 == 0) return p;
  }
}

TEST_F(MatmulQuantTest, Int8CInNzHasFractalsOf16x32) {
  std::mt19937 rng(15);
  Seen seen;
  for (int i = 0; i < 3; ++i) {
    RunProblem<int8_t, int8_t, int32_t, false, CubeFormat::NZ>(RandomNzProblem<int8_t>(rng), rng, -16, -6, seen);
    RunProblem<half, int8_t, float, false, CubeFormat::NZ>(RandomNzProblem<half>(rng), rng, -5, 3, seen);
    RunProblem<bfloat16_t, int8_t, float, true, CubeFormat::NZ>(RandomNzProblem<bfloat16_t>(rng), rng, -5, 3, seen);
  }
  EXPECT_GT(seen.saturated, 100u);
  EXPECT_GT(seen.inRange, 1000u);
}

// ---------------------------------------------------------------------------
// int4b_t A and B (two elements a byte, the lower index in the low nibble):
// int32_t C, or half through DEQF16 / VDEQF16, against a scalar int64_t
// reference. A is never transposed (not on Atlas A2); B is, half the time.

// Values in [-8, 7] (unpacked) and their packed form: element i of `v` in
// nibble i % 2 of byte i / 2 of the result, at the place `at(i)` gives.
template <class At>
std::vector<int4b_t> Pack4(const std::vector<int8_t>& v, size_t elems, At at) {
  std::vector<int4b_t> out((elems + 1) / 2);
  for (size_t i = 0; i < v.size(); ++i) {
    const size_t e = at(i);
    out[e / 2].Set(static_cast<int>(e % 2), v[i]);
  }
  return out;
}

template <class CT, TPosition CPOS, CubeFormat AF, CubeFormat BF>
using MM4 = Matmul<MatmulType<TPosition::GM, AF, int4b_t>, MatmulType<TPosition::GM, BF, int4b_t, true>,
                   MatmulType<CPOS, CubeFormat::ND, CT>, MatmulType<TPosition::GM, CubeFormat::ND, int32_t>>;

// One block of the multi-core kernel (element offsets as QuantBlock's; the
// NZ forms run on one core). quant: 0 none, 1 SetQuantScalar, 2 SetQuantVector.
template <class CT, TPosition CPOS, CubeFormat AF, CubeFormat BF>
void Int4Block(const TCubeTiling* tiling, Out out, int quant, bool transB, int4b_t* a, uint64_t aElems, int4b_t* b,
               uint64_t bElems, CT* c, int32_t* bias, uint64_t* qp) {
  TPipe pipe;
  MM4<CT, CPOS, AF, BF> mm;
  if (aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, tiling)) return;
  const TCubeTiling& t = *tiling;
  const int mBlocks = (t.M + t.singleCoreM - 1) / t.singleCoreM;
  const int mi = static_cast<int>(GetBlockIdx()) % mBlocks, ni = static_cast<int>(GetBlockIdx()) / mBlocks;
  const int offA = mi * t.Ka * t.singleCoreM;
  const int offB = transB ? ni * t.Kb * t.singleCoreN : ni * t.singleCoreN;
  const int offC = mi * t.singleCoreM * t.N + ni * t.singleCoreN;
  const int offN = ni * t.singleCoreN;
  const int tailM = std::min(t.singleCoreM, t.M - mi * t.singleCoreM);
  const int tailN = std::min(t.singleCoreN, t.N - ni * t.singleCoreN);
  GlobalTensor<int4b_t> ag, bg;
  GlobalTensor<CT> cg;
  GlobalTensor<int32_t> biasg;
  GlobalTensor<uint64_t> qg;
  ag.SetGlobalBuffer(a, aElems);
  bg.SetGlobalBuffer(b, bElems);
  cg.SetGlobalBuffer(c, static_cast<uint64_t>(t.M) * t.N);
  biasg.SetGlobalBuffer(bias, static_cast<uint64_t>(t.N));
  qg.SetGlobalBuffer(qp, static_cast<uint64_t>(t.N));
  mm.SetTensorA(ag[offA]);
  mm.SetTensorB(bg[offB], transB);
  if (t.isBias) mm.SetBias(biasg[offN]);
  if (quant == 1) mm.SetQuantScalar(qp[0]);
  if (quant == 2) mm.SetQuantVector(qg[offN]);
  if (tailM < t.singleCoreM || tailN < t.singleCoreN) mm.SetTail(tailM, tailN);
  if constexpr (CPOS == TPosition::GM) {
    if (out == Out::kIterateAllGm) {
      mm.IterateAll(cg[offC]);
    } else {
      while (mm.Iterate()) mm.GetTensorC(cg[offC]);
    }
  } else {
    TBuf<TPosition::VECIN> ub;
    pipe.InitBuffer(ub, static_cast<uint32_t>((tailM * tailN * sizeof(CT) + 31) / 32 * 32));
    LocalTensor<CT> cl = ub.Get<CT>();
    if (out == Out::kIterateAllUb) {
      mm.IterateAll(cl);
    } else {
      while (mm.Iterate()) mm.GetTensorC(cl);
    }
    for (int r = 0; r < tailM; ++r) {
      for (int col = 0; col < tailN; ++col) {
        c[offC + r * t.N + col] = cl.GetValue(static_cast<uint32_t>(r * tailN + col));
      }
    }
  }
  mm.End();
}

// Runs p (transA false; int32_t or half C; AF / BF: NZ on one core with M a
// multiple of 16, K and N of 64) each way out and, for a half C, with a
// scalar and a GM vector of DEQF16 parameters. Returns the C elements checked.
template <class CT, CubeFormat AF = CubeFormat::ND, CubeFormat BF = CubeFormat::ND>
size_t RunInt4(const Problem& p, std::mt19937& rng) {
  const TCubeTiling t = MakeTiling<int4b_t, CT, int32_t>(p);
  const size_t M = static_cast<size_t>(p.M), N = static_cast<size_t>(p.N), K = static_cast<size_t>(p.K);
  std::vector<int8_t> a(M * K), b(K * N);  // A: M x K; B: K x N (stored N x K when transB), row-major
  for (auto& x : a) x = static_cast<int8_t>(static_cast<int>(rng() % 16) - 8);
  for (auto& x : b) x = static_cast<int8_t>(static_cast<int>(rng() % 16) - 8);
  std::vector<int32_t> bias(N);
  for (auto& x : bias) x = static_cast<int32_t>(rng() % 2001) - 1000;
  std::vector<int64_t> ref(M * N);
  for (size_t i = 0; i < M; ++i) {
    for (size_t j = 0; j < N; ++j) {
      int64_t acc = p.bias ? bias[j] : 0;
      for (size_t k = 0; k < K; ++k) acc += int64_t{a[i * K + k]} * (p.transB ? b[j * K + k] : b[k * N + j]);
      ref[i * N + j] = acc;
    }
  }
  // NZ (fractals of 16 x 64): element (r, c) of a matrix of `rows` rows.
  const auto nz = [](size_t r, size_t c, size_t rows) { return c / 64 * rows * 64 + r * 64 + c % 64; };
  const size_t aElems = M * K, bElems = K * N;
  const std::vector<int4b_t> pa = Pack4(a, aElems, [&](size_t i) {
    return AF == CubeFormat::NZ ? nz(i / K, i % K, M) : i;
  });
  const size_t bRows = p.transB ? N : K, bCols = p.transB ? K : N;
  const std::vector<int4b_t> pb = Pack4(b, bElems, [&](size_t i) {
    return BF == CubeFormat::NZ ? nz(i / bCols, i % bCols, bRows) : i;
  });
  constexpr bool kHalf = std::is_same_v<CT, half>;
  size_t checked = 0;
  for (int quant : kHalf ? std::vector<int>{1, 2} : std::vector<int>{0}) {
    std::vector<uint64_t> qp(N);
    for (auto& q : qp) q = RandomParam(rng, -8, 0, true);
    const QuantMode_t mode = quant == 2 ? VDEQF16 : DEQF16;
    for (Out out : {Out::kIterateAllGm, Out::kIterateGm, Out::kIterateAllUb, Out::kIterateUb}) {
      std::vector<CT> c(M * N, CT(99));
      const bool gm = out == Out::kIterateAllGm || out == Out::kIterateGm;
      auto kernel = gm ? Int4Block<CT, TPosition::GM, AF, BF> : Int4Block<CT, TPosition::VECIN, AF, BF>;
      aicore::LaunchNamed("matmul_int4", kernel, static_cast<uint32_t>(t.usedCoreNum), &t, out, quant, p.transB,
                          const_cast<int4b_t*>(pa.data()), static_cast<uint64_t>(aElems),
                          const_cast<int4b_t*>(pb.data()), static_cast<uint64_t>(bElems), c.data(), bias.data(),
                          qp.data());
      size_t bad = 0;
      for (size_t i = 0; i < ref.size() && bad < 5; ++i) {
        const int32_t acc = static_cast<int32_t>(ref[i]);
        bool same;
        if constexpr (kHalf) {
          const size_t col = i % N;
          const uint64_t q = quant == 2 ? qp[col] : qp[0];
          same = Bits(c[i]) == Bits(cube_test::RefFixConvert<half, int32_t>(acc, mode, false, q));
        } else {
          same = c[i] == ref[i];
        }
        ++checked;
        if (!same) {
          ++bad;
          ADD_FAILURE() << OutName(out) << " quant " << quant << " " << p.Str() << ": C[" << i / N << ", " << i % N
                        << "] = " << static_cast<double>(c[i]) << ", accumulator " << ref[i];
        }
      }
    }
  }
  return checked;
}

// M, N, K with tails (K and N even: an int4b_t row is whole bytes).
Problem RandomInt4Problem(std::mt19937& rng) {
  for (;;) {
    Problem p;
    p.M = 1 + static_cast<int>(rng() % 100);
    p.N = 2 * (1 + static_cast<int>(rng() % 60));
    p.K = 2 * (1 + static_cast<int>(rng() % 150));
    p.transB = rng() % 2;
    p.bias = rng() % 2;
    p.dim = 1 + static_cast<int>(rng() % 4);
    if (rng() % 2) p.baseM = 16, p.baseN = 16;  // several blocks per core now and then
    const TCubeTiling t = MakeTiling<int4b_t, int32_t, int32_t>(p);
    if (t.singleCoreN % 2 == 0) return p;  // B's inner axis on each core (not transposed)
  }
}

TEST_F(MatmulQuantTest, Int4TimesInt4AccumulatesExactlyInInt32) {
  std::mt19937 rng(21);
  size_t checked = 0;
  for (int i = 0; i < 6; ++i) checked += RunInt4<int32_t>(RandomInt4Problem(rng), rng);
  EXPECT_GT(checked, 20000u);
}

TEST_F(MatmulQuantTest, Int4ToHalfDequantisesAsFixpipeDeqf16AndVdeqf16) {
  std::mt19937 rng(22);
  size_t checked = 0;
  for (int i = 0; i < 3; ++i) checked += RunInt4<half>(RandomInt4Problem(rng), rng);
  EXPECT_GT(checked, 10000u);
}

// A and B in NZ (fractals of 16 x 64 int4b_t: 32 bytes wide), B transposed or not.
TEST_F(MatmulQuantTest, Int4OperandsInNzHaveFractalsOf16x64) {
  std::mt19937 rng(23);
  for (bool transB : {false, true}) {
    Problem p;
    p.M = 48, p.N = 128, p.K = 192, p.transB = transB, p.bias = transB, p.baseM = 16, p.baseN = 64;
    EXPECT_EQ((RunInt4<int32_t, CubeFormat::NZ, CubeFormat::NZ>(p, rng)), 4u * 48 * 128);
    EXPECT_EQ((RunInt4<int32_t, CubeFormat::NZ, CubeFormat::ND>(p, rng)), 4u * 48 * 128);
  }
}

// int4b_t A in UB (VECOUT, ND) and B in L1 (TSCM, NZ: fractals of 16 x 64),
// LocalTensor<int4b_t> counting elements, on one core.
TEST_F(MatmulQuantTest, Int4OperandsFromVecoutAndTscm) {
  std::mt19937 rng(24);
  const int M = 20, N = 64, K = 96;  // B: K x N, NZ with fractal columns of K rows
  std::vector<int8_t> a(M * K), b(K * N);
  for (auto& x : a) x = static_cast<int8_t>(static_cast<int>(rng() % 16) - 8);
  for (auto& x : b) x = static_cast<int8_t>(static_cast<int>(rng() % 16) - 8);
  const std::vector<int4b_t> pa = Pack4(a, a.size(), [](size_t i) { return i; });
  const std::vector<int4b_t> pb =
      Pack4(b, b.size(), [](size_t i) { return i % N / 64 * K * 64 + i / N * 64 + i % 64; });
  Problem p;
  p.M = M, p.N = N, p.K = K;
  const TCubeTiling t = MakeTiling<int4b_t, int32_t, int32_t>(p);
  std::vector<int32_t> c(M * N, 99);
  aicore::LaunchNamed("matmul_int4_local", [&] {
    TPipe pipe;
    Matmul<MatmulType<TPosition::VECOUT, CubeFormat::ND, int4b_t>, MatmulType<TPosition::TSCM, CubeFormat::NZ, int4b_t>,
           MatmulType<TPosition::GM, CubeFormat::ND, int32_t>>
        mm;
    aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm, &t);
    TBuf<TPosition::VECOUT> ub;
    TBuf<TPosition::TSCM> l1;
    pipe.InitBuffer(ub, static_cast<uint32_t>(pa.size()));
    pipe.InitBuffer(l1, static_cast<uint32_t>(pb.size()));
    LocalTensor<int4b_t> al = ub.Get<int4b_t>(), bl = l1.Get<int4b_t>();
    EXPECT_EQ(al.GetSize(), static_cast<uint32_t>(M * K));  // elements
    std::memcpy(al.GetPhyAddr(), pa.data(), pa.size());
    std::memcpy(bl.GetPhyAddr(), pb.data(), pb.size());
    GlobalTensor<int32_t> cg;
    cg.SetGlobalBuffer(c.data(), c.size());
    mm.SetTensorA(al);
    mm.SetTensorB(bl);
    mm.IterateAll(cg);
  }, 1);
  for (int i = 0; i < M; ++i) {
    for (int j = 0; j < N; ++j) {
      int64_t acc = 0;
      for (int k = 0; k < K; ++k) acc += int64_t{a[i * K + k]} * b[k * N + j];
      ASSERT_EQ(c[i * N + j], acc) << "C[" << i << ", " << j << "]";
    }
  }
}

// int4b_t A and B through the CopyA1 / CopyB1 callbacks, written as a kernel
// writes them: each tile from GM (ND) into L1 in NZ with DataCopy +
// Nd2NzParams, which count int4b_t as bytes: fractal columns of 32 bytes (64
// elements), rows rounded up to 16, or to 64 where the stored rows are K (B
// not transposed). An MDL tile over several base blocks of bw stored columns,
// bw not a multiple of 64, is split as the vendor's copy writes it: each base
// block's columns its own NZ matrix, round64(bw) x round64(rows) elements
// apart. `broken` (SetUserDefInfo's struct) rounds K rows up to 32 instead,
// as an int8_t tile's, to show the test can fail.
struct Cb4 {
  const TCubeTiling* t;
  bool transB, mdl, broken = false;
};
void Tile4ToL1(const LocalTensor<int8_t>& l1, const __gm__ void* gm, int r0, int c0, int rows, int cols, int ld,
               int align, int bw) {
  GlobalTensor<int4b_t> src;
  src.SetGlobalBuffer(reinterpret_cast<__gm__ int4b_t*>(const_cast<void*>(gm)));
  const int width = bw % 64 != 0 && cols > bw ? bw : cols;
  for (int p = 0; p * width < cols; ++p) {
    const int w = std::min(width, cols - p * width);
    const Nd2NzParams nz(1, static_cast<uint16_t>(rows), static_cast<uint16_t>(w / 2), 0,
                         static_cast<uint16_t>(ld / 2), static_cast<uint16_t>((rows + align - 1) / align * align), 1,
                         0);
    const int at = p * ((bw + 63) / 64 * 64) * ((rows + 63) / 64 * 64);
    DataCopy(l1.ReinterpretCast<int4b_t>()[static_cast<uint32_t>(at)],
             src[static_cast<uint64_t>(r0) * ld + c0 + p * width], nz);
  }
}
void CopyA1Int4(const LocalTensor<int8_t>& a1, const __gm__ void* gm, int row, int col, int useM, int useK,
                const uint64_t tilingPtr, const uint64_t) {
  const Cb4& cb = *reinterpret_cast<const Cb4*>(tilingPtr);
  const TCubeTiling& t = *cb.t;
  Tile4ToL1(a1, gm, row * t.baseM, col * t.baseK, useM, useK, t.Ka, 16, cb.mdl && t.stepKa > 1 ? t.baseK : 0);
}
void CopyB1Int4(const LocalTensor<int8_t>& b1, const __gm__ void* gm, int row, int col, int useK, int useN,
                const uint64_t tilingPtr, const uint64_t) {
  const Cb4& cb = *reinterpret_cast<const Cb4*>(tilingPtr);
  const TCubeTiling& t = *cb.t;
  if (cb.transB) {  // stored N x K
    Tile4ToL1(b1, gm, col * t.baseN, row * t.baseK, useN, useK, t.Kb, 16, cb.mdl && t.stepKb > 1 ? t.baseK : 0);
  } else {  // stored K x N: K rows
    Tile4ToL1(b1, gm, row * t.baseK, col * t.baseN, useK, useN, t.N, cb.broken ? 32 : 64,
              cb.mdl && t.stepN > 1 ? t.baseN : 0);
  }
}
template <const auto& CFG>
using MM4Cb = Matmul<MatmulType<TPosition::GM, CubeFormat::ND, int4b_t>,
                     MatmulType<TPosition::GM, CubeFormat::ND, int4b_t, true>,
                     MatmulType<TPosition::GM, CubeFormat::ND, int32_t>, MatmulType<TPosition::GM, CubeFormat::ND, int32_t>,
                     CFG, MatmulCallBackFunc<nullptr, CopyA1Int4, CopyB1Int4>>;

// One block (offsets as Int4Block's): IterateAll, or Iterate + GetTensorC.
template <const auto& CFG>
void Int4CbBlock(const Cb4* cb, bool iterate, int4b_t* a, int4b_t* b, int32_t* c, int32_t* bias) {
  TPipe pipe;
  MM4Cb<CFG> mm;
  const TCubeTiling& t = *cb->t;
  if (aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, &t)) return;
  const int mBlocks = (t.M + t.singleCoreM - 1) / t.singleCoreM;
  const int mi = static_cast<int>(GetBlockIdx()) % mBlocks, ni = static_cast<int>(GetBlockIdx()) / mBlocks;
  const int tailM = std::min(t.singleCoreM, t.M - mi * t.singleCoreM);
  const int tailN = std::min(t.singleCoreN, t.N - ni * t.singleCoreN);
  GlobalTensor<int4b_t> ag, bg;
  GlobalTensor<int32_t> cg, biasg;
  ag.SetGlobalBuffer(a, static_cast<uint64_t>(t.M) * t.Ka);
  bg.SetGlobalBuffer(b, static_cast<uint64_t>(t.Kb) * t.N);
  cg.SetGlobalBuffer(c, static_cast<uint64_t>(t.M) * t.N);
  biasg.SetGlobalBuffer(bias, static_cast<uint64_t>(t.N));
  mm.SetUserDefInfo(reinterpret_cast<uint64_t>(cb));
  mm.SetTensorA(ag[mi * t.Ka * t.singleCoreM]);
  mm.SetTensorB(bg[cb->transB ? ni * t.Kb * t.singleCoreN : ni * t.singleCoreN], cb->transB);
  if (t.isBias) mm.SetBias(biasg[ni * t.singleCoreN]);
  if (tailM < t.singleCoreM || tailN < t.singleCoreN) mm.SetTail(tailM, tailN);
  GlobalTensor<int32_t> cAt = cg[mi * t.singleCoreM * t.N + ni * t.singleCoreN];
  if (iterate) {
    while (mm.Iterate()) mm.GetTensorC(cAt);
  } else {
    mm.IterateAll(cAt);
  }
  mm.End();
}

// Runs p with tiling t through the callbacks (IterateAll and Iterate +
// GetTensorC) against the int64_t reference; returns the C elements that
// differ (at most a few reported when `report`).
template <const auto& CFG>
size_t RunInt4Cb(const Problem& p, const TCubeTiling& t, std::mt19937& rng, bool broken = false, bool report = true) {
  const size_t M = static_cast<size_t>(p.M), N = static_cast<size_t>(p.N), K = static_cast<size_t>(p.K);
  std::vector<int8_t> a(M * K), b(K * N);  // A: M x K; B: K x N (stored N x K when transB), row-major
  for (auto& x : a) x = static_cast<int8_t>(static_cast<int>(rng() % 16) - 8);
  for (auto& x : b) x = static_cast<int8_t>(static_cast<int>(rng() % 16) - 8);
  std::vector<int32_t> bias(N);
  for (auto& x : bias) x = static_cast<int32_t>(rng() % 2001) - 1000;
  const std::vector<int4b_t> pa = Pack4(a, a.size(), [](size_t i) { return i; });
  const std::vector<int4b_t> pb = Pack4(b, b.size(), [](size_t i) { return i; });
  const Cb4 cb{&t, p.transB, CFG.doMultiDataLoad || CFG.doSpecialMDL, broken};
  size_t bad = 0;
  for (bool iterate : {false, true}) {
    std::vector<int32_t> c(M * N, 99);
    aicore::LaunchNamed("matmul_int4_cb", Int4CbBlock<CFG>, static_cast<uint32_t>(t.usedCoreNum), &cb, iterate,
                        const_cast<int4b_t*>(pa.data()), const_cast<int4b_t*>(pb.data()), c.data(), bias.data());
    for (size_t i = 0; i < M; ++i) {
      for (size_t j = 0; j < N; ++j) {
        int64_t acc = p.bias ? bias[j] : 0;
        for (size_t k = 0; k < K; ++k) acc += int64_t{a[i * K + k]} * (p.transB ? b[j * K + k] : b[k * N + j]);
        if (c[i * N + j] != acc && bad++ < 3 && report) {
          ADD_FAILURE() << (iterate ? "Iterate " : "IterateAll ") << p.Str() << ": C[" << i << ", " << j
                        << "] = " << c[i * N + j] << ", expected " << acc;
        }
      }
    }
  }
  return bad;
}

// Norm: tiles of one base block, random shapes with tails (odd M, K and N
// not multiples of the base block), 1-4 cores, B transposed or not.
TEST_F(MatmulQuantTest, Int4ThroughCopyA1AndCopyB1Callbacks) {
  std::mt19937 rng(25);
  for (int i = 0; i < 6; ++i) {
    const Problem p = RandomInt4Problem(rng);
    SCOPED_TRACE(p.Str());
    EXPECT_EQ(RunInt4Cb<CFG_NORM>(p, MakeTiling<int4b_t, int32_t, int32_t>(p), rng), 0u);
  }
}

// MDL: tiles of stepM x stepKa and stepKb x stepN base blocks; with B not
// transposed and base blocks 16-48 wide, A's tiles (along K) and B's (along
// N) split per base block; B transposed: baseK 64.
TEST_F(MatmulQuantTest, Int4ThroughCallbacksWithMdlTiles) {
  std::mt19937 rng(26);
  for (int i = 0; i < 6; ++i) {
    Problem p = RandomInt4Problem(rng);
    p.transB = i % 3 == 2;
    p.dim = 1;  // singleCoreN = N (even)
    p.K = 2 * (40 + static_cast<int>(rng() % 100));
    p.baseM = std::min(16 * (1 + static_cast<int>(rng() % 3)), (p.M + 15) / 16 * 16);
    p.baseN = 16 * (1 + static_cast<int>(rng() % 3));
    if (p.N <= p.baseN) p.N = p.baseN * 2 + 2 * static_cast<int>(rng() % 8);
    TCubeTiling t = MakeTiling<int4b_t, int32_t, int32_t>(p);
    t.baseK = p.transB ? 64 : 16 * (1 + static_cast<int>(rng() % 3));
    t.stepM = 1 + static_cast<int>(rng() % 2), t.stepN = 2 + static_cast<int>(rng() % 2);
    t.stepKa = 2 + static_cast<int>(rng() % 2), t.stepKb = 1 + static_cast<int>(rng() % 3);
    t.depthA1 = t.stepM * t.stepKa, t.depthB1 = t.stepN * t.stepKb;
    SCOPED_TRACE(p.Str() + " base " + std::to_string(t.baseM) + " x " + std::to_string(t.baseN) + " x " +
                 std::to_string(t.baseK) + " steps " + std::to_string(t.stepM) + " " + std::to_string(t.stepN) + " " +
                 std::to_string(t.stepKa) + " " + std::to_string(t.stepKb));
    EXPECT_EQ(RunInt4Cb<CFG_MDL>(p, t, rng), 0u);
  }
}

// The test can fail: B's K rows rounded up to 32 (an int8_t tile's rows)
// instead of 64 put B's elements where the Matmul does not read them.
TEST_F(MatmulQuantTest, Int4CallbackTileWithInt8RowsGivesWrongResults) {
  std::mt19937 rng(27);
  Problem p;
  p.M = 20, p.N = 128, p.K = 96, p.baseM = 16, p.baseN = 128;  // two fractal columns of K rows (round64(96) = 128)
  EXPECT_EQ(RunInt4Cb<CFG_NORM>(p, MakeTiling<int4b_t, int32_t, int32_t>(p), rng), 0u);
  EXPECT_GT(RunInt4Cb<CFG_NORM>(p, MakeTiling<int4b_t, int32_t, int32_t>(p), rng, true, false), 0u);
}

// The model itself on hand-computed values (the tests above compare with it).
TEST_F(MatmulQuantTest, TheConversionModelOnKnownValues) {
  const uint64_t signedBit = uint64_t{1} << 46;
  const uint64_t quarter = 0x3E800000u;  // 0.25f
  // 0.25 * 10 = 2.5 -> 2 (ties to even); 0.25 * 14 = 3.5 -> 4; 0.25 * -1000 -> -250 -> -128 (saturated).
  EXPECT_EQ((cube_test::RefFixConvert<int8_t, int32_t>(10, REQ8, false, quarter | signedBit)), 2);
  EXPECT_EQ((cube_test::RefFixConvert<int8_t, int32_t>(14, REQ8, false, quarter | signedBit)), 4);
  EXPECT_EQ((cube_test::RefFixConvert<int8_t, int32_t>(-1000, REQ8, false, quarter | signedBit)), -128);
  // offset -3: 2 - 3 = -1; unsigned output: -1 -> 0.
  const uint64_t offM3 = static_cast<uint64_t>(-3 & 0x1FF) << 37;
  EXPECT_EQ((cube_test::RefFixConvert<int8_t, int32_t>(10, REQ8, false, quarter | signedBit | offM3)), -1);
  EXPECT_EQ((cube_test::RefFixConvert<int8_t, int32_t>(10, REQ8, false, quarter | offM3)), 0);
  // float -> int8_t: 1.75 * 2 = 3.5 -> 4; ReLU: -3 -> 0.
  const uint64_t two = 0x40000000u;
  EXPECT_EQ((cube_test::RefFixConvert<int8_t, float>(1.75f, QF322B8_PRE, false, two | signedBit)), 4);
  EXPECT_EQ((cube_test::RefFixConvert<int8_t, float>(-3.0f, QF322B8_PRE, true, two | signedBit)), 0);
  // DEQF16: 40000 * 2 saturates to 65504.
  EXPECT_EQ(static_cast<float>(cube_test::RefFixConvert<half, int32_t>(40000, DEQF16, false, two)), 65504.0f);
}

// ---------------------------------------------------------------------------
// Errors, each with its clean twin.

template <class F>
std::string MatmulError(F&& body) {
  try {
    aicore::LaunchNamed("mm_quant_kernel", std::forward<F>(body), 1);
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

#define EXPECT_MM_ERROR(msg, ...)                                                                  \
  do {                                                                                             \
    const std::string err = MatmulError(__VA_ARGS__);                                              \
    EXPECT_NE(err.find(msg), std::string::npos) << "got: " << (err.empty() ? "no error" : err);   \
    EXPECT_NE(err.find("mm_quant_kernel"), std::string::npos) << err;                              \
    EXPECT_NE(err.find("test_matmul_quant.cpp"), std::string::npos) << err;                        \
  } while (0)
#define EXPECT_MM_CLEAN(...) EXPECT_EQ(MatmulError(__VA_ARGS__), "")

// A 16 x 24 x 32 problem on one block with C of type CT.
template <class AT, class CT>
struct Small {
  Problem p;
  TCubeTiling t;
  std::vector<AT> a, b;
  std::vector<CT> c;
  std::vector<uint64_t> q;
  Small() {
    p.M = 16, p.N = 24, p.K = 32;
    using BiasT = std::conditional_t<std::is_same_v<AT, int8_t>, int32_t, float>;
    t = MakeTiling<AT, CT, BiasT>(p);
    a.assign(16 * 32, AT(1));
    b.assign(32 * 24, AT(1));
    c.assign(16 * 24, CT(0));
    q.assign(24, 0x3E800000u | (uint64_t{1} << 46));  // 0.25, signed
  }
  // Runs the Matmul; `quant`: 0 none, 1 SetQuantScalar, 2 SetQuantVector of
  // `qLen` elements.
  template <class BiasT = std::conditional_t<std::is_same_v<AT, int8_t>, int32_t, float>>
  auto Run(int quant, uint64_t qLen = 24) {
    return [this, quant, qLen] {
      TPipe pipe;
      Matmul<MatmulType<TPosition::GM, CubeFormat::ND, AT>, MatmulType<TPosition::GM, CubeFormat::ND, AT>,
             MatmulType<TPosition::GM, CubeFormat::ND, CT>, MatmulType<TPosition::GM, CubeFormat::ND, BiasT>>
          mm;
      aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm, &t);
      GlobalTensor<AT> ag, bg;
      GlobalTensor<CT> cg;
      GlobalTensor<uint64_t> qg;
      ag.SetGlobalBuffer(a.data(), a.size());
      bg.SetGlobalBuffer(b.data(), b.size());
      cg.SetGlobalBuffer(c.data(), c.size());
      qg.SetGlobalBuffer(q.data(), qLen);
      mm.SetTensorA(ag);
      mm.SetTensorB(bg);
      if (quant == 1) mm.SetQuantScalar(q[0]);
      if (quant == 2) mm.SetQuantVector(qg);
      mm.IterateAll(cg);
    };
  }
};

TEST_F(MatmulQuantTest, QuantisedOutputWithoutAParameterIsReported) {
  Small<int8_t, int8_t> s;
  EXPECT_MM_ERROR("int8_t -> int8_t quantises with REQ8: call SetQuantScalar or SetQuantVector first", s.Run(0));
  EXPECT_MM_CLEAN(s.Run(1));
  EXPECT_EQ(s.c[0], 8);  // 32 * 0.25
  Small<half, int8_t> h;
  EXPECT_MM_ERROR("half -> int8_t quantises with QF322B8_PRE: call SetQuantScalar", h.Run(0));
  EXPECT_MM_CLEAN(h.Run(2));
  EXPECT_EQ(h.c[16 * 24 - 1], 8);
}

TEST_F(MatmulQuantTest, QuantizationVectorShorterThanNIsReported) {
  Small<int8_t, int8_t> s;
  EXPECT_MM_ERROR("the quantization vector spans 24 elements (1 x 24 with the original shape's strides) but its "
                  "GlobalTensor holds 23",
                  s.Run(2, 23));
  EXPECT_MM_CLEAN(s.Run(2, 24));
  EXPECT_EQ(s.c[23], 8);
}

TEST_F(MatmulQuantTest, QuantisationOnAMatmulThatDoesNotQuantiseIsReported) {
  Small<half, float> f;
  EXPECT_MM_ERROR("Matmul::SetQuantScalar", f.Run(1));
  EXPECT_MM_ERROR("this Matmul (half -> float) does not quantise", f.Run(1));
  EXPECT_MM_ERROR("this Matmul (half -> float) does not quantise", f.Run(2));
  EXPECT_MM_CLEAN(f.Run(0));
  EXPECT_EQ(f.c[0], 32.0f);
  Small<int8_t, int32_t> i;
  EXPECT_MM_ERROR("this Matmul (int8_t -> int32_t) does not quantise", i.Run(1));
  EXPECT_MM_CLEAN(i.Run(0));
  EXPECT_EQ(i.c[0], 32);
}

// An int8_t C in NZ whose blocks would not be whole 16 x 32 fractals.
TEST_F(MatmulQuantTest, Int8NzCWithNNotAMultipleOf32IsReported) {
  std::vector<int8_t> c;
  auto run = [&c](int n, int baseN) {
    Problem p;
    p.M = 16, p.N = n, p.K = 32, p.baseN = baseN;
    c.assign(16 * static_cast<size_t>(n), 0);
    return [&c, n, t = MakeTiling<int8_t, int8_t, int32_t>(p)] {
      std::vector<int8_t> a(16 * 32, 1), b(32 * static_cast<size_t>(n), 1);
      TPipe pipe;
      Matmul<MatmulType<TPosition::GM, CubeFormat::ND, int8_t>, MatmulType<TPosition::GM, CubeFormat::ND, int8_t>,
             MatmulType<TPosition::GM, CubeFormat::NZ, int8_t>, MatmulType<TPosition::GM, CubeFormat::ND, int32_t>>
          mm;
      aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm, &t);
      GlobalTensor<int8_t> ag, bg, cg;
      ag.SetGlobalBuffer(a.data(), a.size());
      bg.SetGlobalBuffer(b.data(), b.size());
      cg.SetGlobalBuffer(c.data(), c.size());
      mm.SetTensorA(ag);
      mm.SetTensorB(bg);
      mm.SetQuantScalar(0x3E800000u | (uint64_t{1} << 46));  // 0.25, signed
      mm.IterateAll(cg);
    };
  };
  const auto allEight = [&c] { return std::all_of(c.begin(), c.end(), [](int8_t v) { return v == 8; }); };
  EXPECT_MM_ERROR("an int8_t C in CubeFormat::NZ is stored in fractals of 16 x 32: the tiling's baseN (48) and the "
                  "single-core N (48) must be multiples of 32",
                  run(48, 48));
  EXPECT_MM_ERROR("the tiling's baseN (16) and the single-core N (64)", run(64, 16));
  EXPECT_MM_CLEAN(run(64, 32));
  EXPECT_TRUE(allEight());  // 32 * 0.25
  EXPECT_MM_CLEAN(run(64, 64));
  EXPECT_TRUE(allEight());
}

// Anti-quantisation (half A, int8_t B) is not on the 910B (the vendor lists
// SetAntiQuantScalar / SetAntiQuantVector for the Atlas inference AI Core only).
TEST_F(MatmulQuantTest, AntiQuantisationIsReportedAsNotOnThe910B) {
  Small<half, float> f;
  auto run = [&f](bool anti) {
    return [&f, anti] {
      TPipe pipe;
      Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>, MatmulType<TPosition::GM, CubeFormat::ND, half>,
             MatmulType<TPosition::GM, CubeFormat::ND, float>>
          mm;
      aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm, &f.t);
      GlobalTensor<half> ag, bg;
      GlobalTensor<float> cg;
      ag.SetGlobalBuffer(f.a.data(), f.a.size());
      bg.SetGlobalBuffer(f.b.data(), f.b.size());
      cg.SetGlobalBuffer(f.c.data(), f.c.size());
      if (anti) mm.SetAntiQuantScalar(half(0.0f), half(1.0f));
      mm.SetTensorA(ag);
      mm.SetTensorB(bg);
      mm.IterateAll(cg);
    };
  };
  EXPECT_MM_ERROR("SetAntiQuantScalar / SetAntiQuantVector for the Atlas inference AI Core", run(true));
  EXPECT_MM_CLEAN(run(false));
  EXPECT_EQ(f.c[0], 32.0f);
}

// int4b_t operands whose inner axis is odd (a row would end inside a byte):
// A's K, or B's N when B is not transposed. A transposed B takes an odd N.
// All ones, so C = K (int32_t) or K / 4 (half, DEQF16 with 0.25).
template <class CT>
auto Int4Ones(int n, int k, bool transB, int quant, bool transA, std::vector<CT>& c) {
  Problem p;
  p.M = 16, p.N = n, p.K = k, p.transB = transB;
  c.assign(16 * static_cast<size_t>(n), CT(0));
  return [&c, n, k, transB, quant, transA, t = MakeTiling<int4b_t, CT, int32_t>(p)] {
    std::vector<int4b_t> a((16 * static_cast<size_t>(k) + 1) / 2, int4b_t(0x11)),
        b((static_cast<size_t>(k) * n + 1) / 2, int4b_t(0x11));
    TPipe pipe;
    Matmul<MatmulType<TPosition::GM, CubeFormat::ND, int4b_t>, MatmulType<TPosition::GM, CubeFormat::ND, int4b_t, true>,
           MatmulType<TPosition::GM, CubeFormat::ND, CT>, MatmulType<TPosition::GM, CubeFormat::ND, int32_t>>
        mm;
    aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm, &t);
    GlobalTensor<int4b_t> ag, bg;
    GlobalTensor<CT> cg;
    ag.SetGlobalBuffer(a.data(), 16 * static_cast<uint64_t>(k));
    bg.SetGlobalBuffer(b.data(), static_cast<uint64_t>(k) * n);
    cg.SetGlobalBuffer(c.data(), c.size());
    mm.SetTensorA(ag, transA);
    mm.SetTensorB(bg, transB);
    if (quant == 1) mm.SetQuantScalar(0x3E800000u);  // 0.25
    mm.IterateAll(cg);
  };
}

TEST_F(MatmulQuantTest, Int4OperandWithAnOddInnerAxisIsReported) {
  std::vector<int32_t> c;
  const auto allK = [&c](int32_t k) { return std::all_of(c.begin(), c.end(), [k](int32_t v) { return v == k; }); };
  EXPECT_MM_ERROR("int4b_t A and B need an even number of elements along their inner axis: A (M x K) has "
                  "singleCoreK 33, Ka 33",
                  Int4Ones<int32_t>(24, 33, false, 0, false, c));
  EXPECT_MM_CLEAN(Int4Ones<int32_t>(24, 34, false, 0, false, c));
  EXPECT_TRUE(allK(34));
  EXPECT_MM_ERROR("B (K x N) has singleCoreN 23, N 23", Int4Ones<int32_t>(23, 34, false, 0, false, c));
  EXPECT_MM_CLEAN(Int4Ones<int32_t>(23, 34, true, 0, false, c));  // B transposed: its inner axis is K
  EXPECT_TRUE(allK(34));
  EXPECT_MM_ERROR("B (transposed, N x K) has singleCoreK 33", Int4Ones<int32_t>(24, 33, true, 0, false, c));
}

// An int4b_t A is not transposed on Atlas A2: ISTRANS = true does not compile
// (a static_assert), and with ISTRANS = false isTransposeA = true is reported.
TEST_F(MatmulQuantTest, Int4ATransposedIsReported) {
  std::vector<int32_t> c;
  EXPECT_MM_ERROR("isTransposeA is true but A's MatmulType has ISTRANS = false",
                  Int4Ones<int32_t>(24, 64, false, 0, true, c));
  EXPECT_MM_CLEAN(Int4Ones<int32_t>(24, 64, false, 0, false, c));
  EXPECT_EQ(c[0], 64);
}

// int4b_t -> half dequantises (a parameter is needed); int4b_t -> int32_t does not.
TEST_F(MatmulQuantTest, Int4QuantisationParameterOnlyForAHalfC) {
  std::vector<half> h;
  EXPECT_MM_ERROR("int4b_t -> half quantises with DEQF16: call SetQuantScalar or SetQuantVector first",
                  Int4Ones<half>(24, 64, true, 0, false, h));
  EXPECT_MM_CLEAN(Int4Ones<half>(24, 64, true, 1, false, h));
  EXPECT_EQ(static_cast<float>(h[16 * 24 - 1]), 16.0f);
  std::vector<int32_t> c;
  EXPECT_MM_ERROR("this Matmul (int4b_t -> int32_t) does not quantise", Int4Ones<int32_t>(24, 64, true, 1, false, c));
  EXPECT_MM_CLEAN(Int4Ones<int32_t>(24, 64, true, 0, false, c));
  EXPECT_EQ(c[0], 64);
}

// C types not allowed for the inputs are a compile error (the static_assert
// in MatmulImpl names the allowed ones); its predicate, per the vendor's
// Atlas A2 table of input and output types:
TEST_F(MatmulQuantTest, TheCTypesAllowedForEachInputType) {
  using aicore::detail::MmCTypeAllowed;
  EXPECT_TRUE((MmCTypeAllowed<int8_t, int32_t>()));
  EXPECT_TRUE((MmCTypeAllowed<int8_t, half>()));
  EXPECT_TRUE((MmCTypeAllowed<int8_t, int8_t>()));
  EXPECT_FALSE((MmCTypeAllowed<int8_t, bfloat16_t>()));  // Ascend 950 only
  EXPECT_FALSE((MmCTypeAllowed<int8_t, float>()));
  EXPECT_TRUE((MmCTypeAllowed<half, int8_t>()));
  EXPECT_TRUE((MmCTypeAllowed<bfloat16_t, int8_t>()));
  EXPECT_FALSE((MmCTypeAllowed<float, int8_t>()));
  EXPECT_FALSE((MmCTypeAllowed<half, int32_t>()));
  EXPECT_TRUE((MmCTypeAllowed<float, bfloat16_t>()));
  EXPECT_EQ((aicore::detail::MmQuantMode<int8_t, int8_t>(false)), REQ8);
  EXPECT_EQ((aicore::detail::MmQuantMode<int8_t, int8_t>(true)), VREQ8);
  EXPECT_EQ((aicore::detail::MmQuantMode<int8_t, half>(true)), VDEQF16);
  EXPECT_EQ((aicore::detail::MmQuantMode<bfloat16_t, int8_t>(false)), QF322B8_PRE);
  EXPECT_EQ((aicore::detail::MmQuantMode<half, float>(false)), NoQuant);
  EXPECT_TRUE((MmCTypeAllowed<int4b_t, int32_t>()));
  EXPECT_TRUE((MmCTypeAllowed<int4b_t, half>()));
  EXPECT_FALSE((MmCTypeAllowed<int4b_t, int8_t>()));  // REQ8: int8_t inputs only
  EXPECT_FALSE((MmCTypeAllowed<int4b_t, float>()));
  EXPECT_EQ((aicore::detail::MmQuantMode<int4b_t, half>(false)), DEQF16);
  EXPECT_EQ((aicore::detail::MmQuantMode<int4b_t, half>(true)), VDEQF16);
  EXPECT_EQ((aicore::detail::MmQuantMode<int4b_t, int32_t>(false)), NoQuant);
}

}  // namespace
