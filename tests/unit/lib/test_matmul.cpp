// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The high-level Matmul (aicore/lib/matmul/matmul.h) against a scalar
// reference model, bit for bit: random problems over the dtypes (half,
// bfloat16_t, float -> float; half -> half; int8_t -> int32_t; int8_t ->
// half dequantised), transposes, bias (GM and UB), shapes with tails in M,
// N and K, split over blocks by GetBlockIdx as the vendor samples do (host
// tiling from MultiCoreMatmulTiling, SetTail for the tail blocks), and the
// ways out: IterateAll to GM, Iterate + GetTensorC to GM, to UB
// (sequential and at the block's place), IterateAll to UB, async
// Iterate<false>, atomic accumulation, NZ and ND_ALIGN C, NZ inputs, a
// user-managed L0C, enPartialSum; the equivalence with a chain of Gemm calls
// split over k; the iterate order. Then every KernelError of the Matmul
// with its clean twin.
//
// The reference: for each C element, acc = bias (converted to the
// accumulator type) or 0, then acc = fma(A(i, k), B(k, j), acc) for k in
// increasing order (int8_t: exact int32_t products, wrapping sums), then the
// fixpipe conversion (float as is; half / bfloat16_t round to nearest even;
// DEQF16: half(float(acc) * scale)). This is the documented contract, so
// results must be identical, not close.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "aicore/aicore.h"
#include "aicore/lib/matmul/host_tiling.h"
#include "aicore/lib/matmul/matmul.h"
#include "unit/lib/matmul_test_util.h"

using namespace AscendC;
using namespace mmtest;

namespace {

// ---------------------------------------------------------------------------
// Problems, data and the reference.

template <class T>
T RandomIn(std::mt19937& rng) {
  if constexpr (std::is_same_v<T, int8_t>) {
    return static_cast<int8_t>(static_cast<int>(rng() % 256) - 128);
  } else {
    // Values with a few significant bits and some full-precision ones:
    // sums round in every way.
    const uint32_t k = rng() % 4;
    float v = static_cast<float>(static_cast<int>(rng() % 2001) - 1000) / 256.0f;
    if (k == 0) v = std::ldexp(static_cast<float>(rng() % 0xFFFFFF) - 8388607.0f, -22);
    return static_cast<T>(v);
  }
}

template <class T>
std::vector<T> RandomVec(size_t n, std::mt19937& rng) {
  std::vector<T> v(n);
  for (auto& x : v) x = RandomIn<T>(rng);
  return v;
}


template <class CT, class AccT>
void ExpectC(const std::vector<CT>& got, const std::vector<AccT>& ref, const Problem& p, const std::string& what,
             float scale = 1.0f) {
  size_t bad = 0;
  for (size_t i = 0; i < ref.size() && bad < 5; ++i) {
    CT want;
    if constexpr (std::is_same_v<AccT, int32_t> && std::is_same_v<CT, half>) {
      want = static_cast<half>(static_cast<float>(ref[i]) * scale);
    } else {
      want = static_cast<CT>(ref[i]);
    }
    if (Bits(got[i]) != Bits(want)) {
      ++bad;
      ADD_FAILURE() << what << " " << p.Str() << ": C[" << i / p.N << ", " << i % p.N << "] = "
                    << static_cast<double>(got[i]) << ", expected " << static_cast<double>(want);
    }
  }
}

// Block offsets of a multi-core split, as the vendor samples compute them.
struct Offsets {
  int a = 0, b = 0, c = 0, bias = 0, tailM = 0, tailN = 0;
};
Offsets BlockOffsets(int blockIdx, const TCubeTiling& t, bool transA, bool transB) {
  Offsets o;
  const int mBlocks = (t.M + t.singleCoreM - 1) / t.singleCoreM;
  const int mi = blockIdx % mBlocks, ni = blockIdx / mBlocks;
  o.a = transA ? mi * t.singleCoreM : mi * t.Ka * t.singleCoreM;
  o.b = transB ? ni * t.Kb * t.singleCoreN : ni * t.singleCoreN;
  o.c = mi * t.N * t.singleCoreM + ni * t.singleCoreN;
  o.bias = ni * t.singleCoreN;
  o.tailM = std::min(t.singleCoreM, t.M - mi * t.singleCoreM);
  o.tailN = std::min(t.singleCoreN, t.N - ni * t.singleCoreN);
  return o;
}

enum class Out { kIterateAll, kIterateGm, kIterateUbSeq, kIterateUbPlace, kIterateAllUb, kAsync, kAtomic };
const char* OutName(Out o) {
  switch (o) {
    case Out::kIterateAll: return "IterateAll(gm)";
    case Out::kIterateGm: return "Iterate + GetTensorC(gm)";
    case Out::kIterateUbSeq: return "Iterate + GetTensorC(ub, sequential)";
    case Out::kIterateUbPlace: return "Iterate + GetTensorC(ub at its place)";
    case Out::kIterateAllUb: return "IterateAll(ub)";
    case Out::kAsync: return "Iterate<false> + GetTensorC<false>(gm)";
    default: return "IterateAll(gm, enAtomic = 1) twice";
  }
}

template <class AT, class CT, class BiasT, TPosition CPOS, bool BIAS_UB>
using MM = Matmul<MatmulType<TPosition::GM, CubeFormat::ND, AT, true>,
                  MatmulType<TPosition::GM, CubeFormat::ND, AT, true>, MatmulType<CPOS, CubeFormat::ND, CT>,
                  MatmulType<BIAS_UB ? TPosition::VECOUT : TPosition::GM, CubeFormat::ND, BiasT>>;

// One block of the multi-core kernel.
template <class AT, class CT, class BiasT, TPosition CPOS, bool BIAS_UB>
void MatmulBlock(const TCubeTiling* tiling, Out out, bool transA, bool transB, AT* a, AT* b, CT* c, BiasT* bias,
                 uint64_t quant) {
  TPipe pipe;
  MM<AT, CT, BiasT, CPOS, BIAS_UB> mm;
  if (aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, tiling)) return;
  const TCubeTiling& t = *tiling;
  const Offsets o = BlockOffsets(static_cast<int>(GetBlockIdx()), t, transA, transB);
  GlobalTensor<AT> ag, bg;
  GlobalTensor<CT> cg;
  GlobalTensor<BiasT> biasg;
  ag.SetGlobalBuffer(a, static_cast<uint64_t>(t.M) * t.Ka);
  bg.SetGlobalBuffer(b, static_cast<uint64_t>(t.Kb) * t.N);
  cg.SetGlobalBuffer(c, static_cast<uint64_t>(t.M) * t.N);
  biasg.SetGlobalBuffer(bias, static_cast<uint64_t>(t.N));
  mm.SetTensorA(ag[o.a], transA);
  mm.SetTensorB(bg[o.b], transB);
  TBuf<TPosition::VECOUT> biasBuf;  // outlives the Matmul calls that read the bias
  if (t.isBias) {
    if constexpr (BIAS_UB) {
      pipe.InitBuffer(biasBuf, static_cast<uint32_t>((t.singleCoreN * sizeof(BiasT) + 31) / 32 * 32));
      LocalTensor<BiasT> bl = biasBuf.Get<BiasT>();
      for (int j = 0; j < o.tailN; ++j) bl.SetValue(j, bias[o.bias + j]);
      mm.SetBias(bl);
    } else {
      mm.SetBias(biasg[o.bias]);
    }
  }
  if constexpr (std::is_same_v<AT, int8_t> && std::is_same_v<CT, half>) mm.SetQuantScalar(quant);
  if (o.tailM < t.singleCoreM || o.tailN < t.singleCoreN) mm.SetTail(o.tailM, o.tailN);
  GlobalTensor<CT> cBlock = cg[o.c];
  if constexpr (CPOS == TPosition::GM) {
    if (out == Out::kIterateAll) {
      mm.IterateAll(cBlock);
    } else if (out == Out::kAtomic) {
      mm.IterateAll(cBlock, 1);  // c holds 0 from the host: c = 0 + C, then + C again
      mm.IterateAll(cBlock, 1);
    } else if (out == Out::kIterateGm) {
      while (mm.Iterate()) mm.GetTensorC(cBlock);
    } else {  // kAsync
      mm.template Iterate<false>();
      const int blocks = ((o.tailM + t.baseM - 1) / t.baseM) * ((o.tailN + t.baseN - 1) / t.baseN);
      for (int i = 0; i < blocks; ++i) mm.template GetTensorC<false>(cBlock);
    }
  } else {
    TBuf<TPosition::VECIN> ub;
    const uint32_t elems = out == Out::kIterateUbSeq ? static_cast<uint32_t>(t.baseM * t.baseN)
                                                     : static_cast<uint32_t>(o.tailM * o.tailN);
    pipe.InitBuffer(ub, (elems * sizeof(CT) + 31) / 32 * 32);
    LocalTensor<CT> cl = ub.Get<CT>();
    if (out == Out::kIterateUbSeq) {
      while (mm.Iterate()) {
        mm.GetTensorC(cl, 0, true);
        const MatrixOffset off = mm.GetOffsetC();
        for (int r = 0; r < off.height; ++r) {
          for (int col = 0; col < off.width; ++col) {
            c[o.c + (off.row + r) * t.N + off.col + col] = cl.GetValue(static_cast<uint32_t>(r * off.width + col));
          }
        }
      }
    } else {
      if (out == Out::kIterateAllUb) {
        mm.IterateAll(cl);
      } else {
        while (mm.Iterate()) mm.GetTensorC(cl);
      }
      for (int r = 0; r < o.tailM; ++r) {
        for (int col = 0; col < o.tailN; ++col) {
          c[o.c + r * t.N + col] = cl.GetValue(static_cast<uint32_t>(r * o.tailN + col));
        }
      }
    }
  }
  mm.End();
}

// Runs problem p through every way out `outs` and checks C.
template <class AT, class CT, class BiasT, TPosition CPOS, bool BIAS_UB = false>
void RunProblem(const Problem& p, std::mt19937& rng, std::initializer_list<Out> outs) {
  const TCubeTiling t = MakeTiling<AT, CT, BiasT>(p);
  std::vector<AT> a = RandomVec<AT>(static_cast<size_t>(p.M) * p.K, rng);
  std::vector<AT> b = RandomVec<AT>(static_cast<size_t>(p.K) * p.N, rng);
  std::vector<BiasT> bias(static_cast<size_t>(p.N));
  for (auto& x : bias) x = static_cast<BiasT>(RandomIn<std::conditional_t<std::is_same_v<AT, int8_t>, int8_t, float>>(rng));
  const std::vector<Acc<AT>> ref = Reference<AT, BiasT>(p, a, b, bias);
  const float scale = 0.125f;
  uint32_t scaleBits;
  std::memcpy(&scaleBits, &scale, 4);
  for (Out out : outs) {
    std::vector<CT> c(static_cast<size_t>(p.M) * p.N, CT(0));
    aicore::LaunchNamed("matmul_block", MatmulBlock<AT, CT, BiasT, CPOS, BIAS_UB>, static_cast<uint32_t>(t.usedCoreNum),
                        &t, out, p.transA, p.transB, a.data(), b.data(), c.data(), bias.data(),
                        uint64_t{scaleBits});
    if (out == Out::kAtomic) {
      std::vector<Acc<AT>> twice(ref.size());
      for (size_t i = 0; i < ref.size(); ++i) {
        // c = (0 + C) + C in CT's arithmetic, as an atomic add of CT values.
        const CT once = static_cast<CT>(ref[i]);
        if constexpr (std::is_integral_v<CT>) {
          twice[i] = static_cast<Acc<AT>>(static_cast<uint32_t>(once) * 2u);
        } else {
          twice[i] = static_cast<Acc<AT>>(static_cast<CT>(static_cast<float>(once) + static_cast<float>(once)));
        }
      }
      ExpectC<CT>(c, twice, p, OutName(out));
    } else {
      ExpectC<CT>(c, ref, p, OutName(out), scale);
    }
  }
}

Problem RandomProblem(std::mt19937& rng, int maxDim) {
  Problem p;
  p.M = 1 + static_cast<int>(rng() % 150);
  p.N = 1 + static_cast<int>(rng() % 150);
  p.K = 1 + static_cast<int>(rng() % 200);
  p.transA = rng() % 2;
  p.transB = rng() % 2;
  p.bias = rng() % 2;
  p.dim = 1 + static_cast<int>(rng() % maxDim);
  if (rng() % 2) {  // SetFixSplit (the split over cores keeps room for the block)
    p.baseM = 16 * (1 + static_cast<int>(rng() % 4));
    p.baseN = 16 * (1 + static_cast<int>(rng() % 4));
    p.baseM = std::min(p.baseM, (p.M + 15) / 16 * 16);
    p.baseN = std::min(p.baseN, (p.N + 15) / 16 * 16);
  }
  p.orderN = rng() % 2;
  return p;
}

// The triangular policies: one block of a kernel whose Matmul takes the
// policy POLICY (0 default, 1 TrianUpper, 2 TrianLower), C out by IterateAll
// or by Iterate + GetTensorC.
template <template <const auto&, typename...> class POLICY>
using TrianMM = Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>, MatmulType<TPosition::GM, CubeFormat::ND, half>,
                       MatmulType<TPosition::GM, CubeFormat::ND, float>, MatmulType<TPosition::GM, CubeFormat::ND, float>,
                       CFG_NORM, MatmulCallBackFunc<nullptr, nullptr, nullptr>, POLICY>;

// One block of a kernel with Matmul type MMT (A, B half; C float; all in
// GM), C out by IterateAll or by Iterate + GetTensorC.
template <class MMT>
void PolicyBlock(const TCubeTiling* tiling, bool iterate, half* a, half* b, float* c) {
  TPipe pipe;
  MMT mm;
  if (aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, tiling)) return;
  const TCubeTiling& t = *tiling;
  const Offsets o = BlockOffsets(static_cast<int>(GetBlockIdx()), t, false, false);
  GlobalTensor<half> ag, bg;
  GlobalTensor<float> cg;
  ag.SetGlobalBuffer(a, static_cast<uint64_t>(t.M) * t.Ka);
  bg.SetGlobalBuffer(b, static_cast<uint64_t>(t.Kb) * t.N);
  cg.SetGlobalBuffer(c, static_cast<uint64_t>(t.M) * t.N);
  mm.SetTensorA(ag[o.a]);
  mm.SetTensorB(bg[o.b]);
  if (o.tailM < t.singleCoreM || o.tailN < t.singleCoreN) mm.SetTail(o.tailM, o.tailN);
  if (iterate) {
    while (mm.Iterate()) mm.GetTensorC(cg[o.c]);
  } else {
    mm.IterateAll(cg[o.c]);
  }
  mm.End();
}
template <template <const auto&, typename...> class POLICY>
void TrianBlock(const TCubeTiling* tiling, bool iterate, half* a, half* b, float* c) {
  PolicyBlock<TrianMM<POLICY>>(tiling, iterate, a, b, c);
}

TEST(MatmulPolicy, TriangularPoliciesLeaveOutTheBlocksAcrossTheDiagonal) {
  std::mt19937 rng(5);
  for (const Problem& p : {Problem{150, 130, 40, false, false, false, 1, 32, 48},
                           Problem{200, 100, 72, false, false, false, 3, 48, 32}}) {
    const TCubeTiling t = MakeTiling<half, float, float>(p);
    std::vector<half> a = RandomVec<half>(static_cast<size_t>(p.M) * p.K, rng);
    std::vector<half> b = RandomVec<half>(static_cast<size_t>(p.K) * p.N, rng);
    const float kOld = -7.5f;  // what C held before
    std::vector<float> full(static_cast<size_t>(p.M) * p.N, kOld);
    aicore::LaunchNamed("trian_full", TrianBlock<Impl::Detail::MatmulPolicy>, static_cast<uint32_t>(t.usedCoreNum), &t,
                        false, a.data(), b.data(), full.data());
    for (int policy = 1; policy <= 2; ++policy) {
      for (bool iterate : {false, true}) {
        SCOPED_TRACE(std::string(policy == 1 ? "upper" : "lower") + (iterate ? ", Iterate" : ", IterateAll") + ", " +
                     p.Str());
        std::vector<float> c(full.size(), kOld);
        if (policy == 1) {
          aicore::LaunchNamed("trian", TrianBlock<Impl::Detail::TrianUpperMatmulPolicy>,
                              static_cast<uint32_t>(t.usedCoreNum), &t, iterate, a.data(), b.data(), c.data());
        } else {
          aicore::LaunchNamed("trian", TrianBlock<Impl::Detail::TrianLowerMatmulPolicy>,
                              static_cast<uint32_t>(t.usedCoreNum), &t, iterate, a.data(), b.data(), c.data());
        }
        // Element (i, j) of C: block (mi, ni) of its core's single-core C.
        int written = 0, kept = 0;
        for (int i = 0; i < p.M; ++i) {
          for (int j = 0; j < p.N; ++j) {
            const int mi = (i % t.singleCoreM) / t.baseM, ni = (j % t.singleCoreN) / t.baseN;
            const bool skip = policy == 1 ? mi > ni : mi < ni;
            const float got = c[static_cast<size_t>(i) * p.N + j];
            const float want = skip ? kOld : full[static_cast<size_t>(i) * p.N + j];
            ASSERT_EQ(got, want) << "C[" << i << ", " << j << "], block (" << mi << ", " << ni << ")";
            (skip ? kept : written) += 1;
          }
        }
        EXPECT_GT(written, 0);
        EXPECT_GT(kept, 0);
      }
    }
  }
}

// NBuffer33MatmulPolicy (MDL template, A and B in GM, IterateAll) with a
// tiling made for it (ScheduleType::N_BUFFER_33): the same C as the default
// policy; Iterate, or a tiling not made for it, is refused.
template <template <const auto&, typename...> class POLICY>
using MdlMM = Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>, MatmulType<TPosition::GM, CubeFormat::ND, half>,
                     MatmulType<TPosition::GM, CubeFormat::ND, float>, MatmulType<TPosition::GM, CubeFormat::ND, float>,
                     CFG_MDL, MatmulCallBackFunc<nullptr, nullptr, nullptr>, POLICY>;

template <template <const auto&, typename...> class POLICY>
void MdlBlock(const TCubeTiling* tiling, bool iterate, half* a, half* b, float* c) {
  PolicyBlock<MdlMM<POLICY>>(tiling, iterate, a, b, c);
}

// MatmulConfig::isPartialOutput (MDL): each Iterate computes one baseK slice
// of K for a base block, the slices innermost; GetTensorC writes them one
// after another (enSequentialWrite). Against per-slice Gemm calls, bit for
// bit; IterateAll, a non-sequential GetTensorC and a bias are refused.
constexpr MatmulConfig CFG_PARTIAL = [] {
  MatmulConfig c = CFG_MDL;
  c.isPartialOutput = true;
  return c;
}();
using PartialMM = Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>, MatmulType<TPosition::GM, CubeFormat::ND, half>,
                         MatmulType<TPosition::GM, CubeFormat::ND, float>,
                         MatmulType<TPosition::GM, CubeFormat::ND, float>, CFG_PARTIAL>;

void PartialBlock(const TCubeTiling* tiling, int mode, half* a, half* b, float* c, float* bias) {
  TPipe pipe;
  PartialMM mm;
  if (aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, tiling)) return;
  const TCubeTiling& t = *tiling;
  GlobalTensor<half> ag, bg;
  GlobalTensor<float> cg, biasg;
  ag.SetGlobalBuffer(a, static_cast<uint64_t>(t.M) * t.Ka);
  bg.SetGlobalBuffer(b, static_cast<uint64_t>(t.Kb) * t.N);
  cg.SetGlobalBuffer(c, 1 << 20);
  biasg.SetGlobalBuffer(bias, static_cast<uint64_t>(t.N));
  mm.SetTensorA(ag);
  mm.SetTensorB(bg);
  if (mode == 3) mm.SetBias(biasg);
  if (mode == 1) {
    mm.IterateAll(cg);
  } else {
    uint64_t off = 0;
    while (mm.Iterate()) {
      mm.GetTensorC(cg[off], 0, mode != 2);
      off += static_cast<uint64_t>(t.baseM) * t.baseN;
    }
  }
  mm.End();
}

TEST(MatmulPartialOutput, EachIterateIsOneKSlice) {
  std::mt19937 rng(17);
  // The vendor's matmul_partial_output shape (K 256 over baseK 128), and
  // blocks and slices with tails.
  for (const Problem& p : {Problem{32, 32, 256, false, false, false, 1, 32, 32},
                           Problem{70, 50, 200, false, false, false, 1, 32, 32}}) {
    TCubeTiling t = MakeTiling<half, float, float>(p);
    t.baseK = std::min(t.baseK, 64);
    t.stepKa = t.stepKb = 1;
    t.depthA1 = t.depthB1 = 2;
    std::vector<half> a = RandomVec<half>(static_cast<size_t>(p.M) * p.K, rng);
    std::vector<half> b = RandomVec<half>(static_cast<size_t>(p.K) * p.N, rng);
    std::vector<float> bias(static_cast<size_t>(p.N), 1.0f);
    std::vector<float> c(1 << 20, -7.0f), want;
    aicore::LaunchNamed("partial", PartialBlock, 1u, &t, 0, a.data(), b.data(), c.data(), bias.data());
    using aicore::simd::GemmInit;
    using aicore::simd::MatLayout;
    const int mIter = (p.M + t.baseM - 1) / t.baseM, nIter = (p.N + t.baseN - 1) / t.baseN;
    for (int bi = 0; bi < mIter * nIter; ++bi) {
      const int mi = t.iterateOrder == 0 ? bi % mIter : bi / nIter, ni = t.iterateOrder == 0 ? bi / mIter : bi % nIter;
      const int m0 = mi * t.baseM, n0 = ni * t.baseN;
      const uint32_t mLen = static_cast<uint32_t>(std::min(t.baseM, p.M - m0));
      const uint32_t nLen = static_cast<uint32_t>(std::min(t.baseN, p.N - n0));
      for (int k0 = 0; k0 < p.K; k0 += t.baseK) {
        const uint32_t kLen = static_cast<uint32_t>(std::min(t.baseK, p.K - k0));
        std::vector<float> blk(mLen * nLen, 0.0f);
        aicore::simd::Gemm<half, half, float>(mLen, nLen, kLen, a.data() + m0 * p.K + k0, MatLayout::RowMajor(p.K),
                                              b.data() + k0 * p.N + n0, MatLayout::RowMajor(p.N), blk.data(),
                                              MatLayout::RowMajor(nLen), GemmInit::kZero, nullptr);
        want.insert(want.end(), blk.begin(), blk.end());
        want.resize(want.size() + static_cast<size_t>(t.baseM) * t.baseN - blk.size(), -7.0f);
      }
    }
    // Each slice's block dense at the start of its baseM x baseN slot.
    size_t slot = 0;
    for (int bi = 0; bi < mIter * nIter; ++bi) {
      const int mi = t.iterateOrder == 0 ? bi % mIter : bi / nIter, ni = t.iterateOrder == 0 ? bi / mIter : bi % nIter;
      const size_t n = static_cast<size_t>(std::min(t.baseM, p.M - mi * t.baseM)) *
                       static_cast<size_t>(std::min(t.baseN, p.N - ni * t.baseN));
      for (int k0 = 0; k0 < p.K; k0 += t.baseK, slot += static_cast<size_t>(t.baseM) * t.baseN) {
        for (size_t i = 0; i < n; ++i) {
          ASSERT_EQ(Bits(c[slot + i]), Bits(want[slot + i])) << p.Str() << " block " << bi << " k0 " << k0 << " element " << i;
        }
      }
    }
    for (int mode : {1, 2, 3}) {
      std::string what;
      TCubeTiling tb = t;
      tb.isBias = mode == 3 ? 1 : 0;
      try {
        aicore::LaunchNamed("partial", PartialBlock, 1u, &tb, mode, a.data(), b.data(), c.data(), bias.data());
      } catch (const aicore::KernelError& e) {
        what = e.what();
      }
      EXPECT_NE(what.find(mode == 1   ? "isPartialOutput supports Iterate + GetTensorC"
                          : mode == 2 ? "GetTensorC must write sequentially"
                                      : "isPartialOutput does not support a bias"),
                std::string::npos)
          << mode << ": " << what;
    }
  }
}

TEST(MatmulPolicy, NBuffer33ComputesTheDefaultsCAndChecksItsConditions) {
  std::mt19937 rng(7);
  const int M = 256, N = 512, K = 192;
  auto tilingFor = [&](bool nbuffer33) {
    matmul_tiling::MultiCoreMatmulTiling t;
    t.SetDim(8);
    t.SetAType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT16);
    t.SetBType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT16);
    t.SetCType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT);
    t.SetBiasType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT);
    t.SetShape(M, N, K);
    t.SetOrgShape(M, N, K);
    t.SetBufferSpace(-1, -1, -1);
    if (nbuffer33) {
      t.SetMatmulConfigParams(1, false, matmul_tiling::ScheduleType::N_BUFFER_33, matmul_tiling::MatrixTraverse::NOSET,
                              false);
    }
    TCubeTiling tiling;
    EXPECT_EQ(t.GetTiling(tiling), 0);
    return tiling;
  };
  const TCubeTiling t33 = tilingFor(true), plain = tilingFor(false);
  EXPECT_LE(t33.stepM, 3);
  EXPECT_EQ(t33.stepKa, (t33.singleCoreK + t33.baseK - 1) / t33.baseK);
  EXPECT_EQ(t33.stepKb, t33.stepKa);
  std::vector<half> a = RandomVec<half>(static_cast<size_t>(M) * K, rng);
  std::vector<half> b = RandomVec<half>(static_cast<size_t>(K) * N, rng);
  std::vector<float> want(static_cast<size_t>(M) * N, 0.0f), got(want.size(), 0.0f);
  aicore::LaunchNamed("mdl", MdlBlock<Impl::Detail::MatmulPolicy>, static_cast<uint32_t>(t33.usedCoreNum), &t33, false,
                      a.data(), b.data(), want.data());
  aicore::LaunchNamed("nbuffer33", MdlBlock<Impl::Detail::NBuffer33MatmulPolicy>,
                      static_cast<uint32_t>(t33.usedCoreNum), &t33, false, a.data(), b.data(), got.data());
  EXPECT_EQ(got, want);
  auto fails = [&](const TCubeTiling* t, bool iterate) -> std::string {
    try {
      aicore::LaunchNamed("nbuffer33", MdlBlock<Impl::Detail::NBuffer33MatmulPolicy>,
                          static_cast<uint32_t>(t->usedCoreNum), t, iterate, a.data(), b.data(), got.data());
    } catch (const aicore::KernelError& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_NE(fails(&t33, true).find("NBuffer33MatmulPolicy gives C through IterateAll only"), std::string::npos);
  if (plain.stepKa != (plain.singleCoreK + plain.baseK - 1) / plain.baseK || plain.stepM > 3) {
    EXPECT_NE(fails(&plain, false).find("NBuffer33MatmulPolicy needs stepM, stepKa, stepKb <= 3"), std::string::npos);
  }
  TCubeTiling bad = t33;
  bad.stepKb = bad.stepKa + 1;
  EXPECT_NE(fails(&bad, false).find("the tiling has stepM"), std::string::npos);
}

class MatmulTest : public ::testing::Test {
 protected:
  void TearDown() override { aicore::SetNumThreads(0); }
};

// ---------------------------------------------------------------------------
// Numerics.

TEST_F(MatmulTest, HalfToFloatMatchesTheReferenceEveryWayOut) {
  std::mt19937 rng(1);
  for (int i = 0; i < 12; ++i) {
    const Problem p = RandomProblem(rng, 6);
    RunProblem<half, float, float, TPosition::GM>(p, rng, {Out::kIterateAll, Out::kIterateGm, Out::kAsync, Out::kAtomic});
    RunProblem<half, float, float, TPosition::VECIN>(p, rng, {Out::kIterateUbSeq, Out::kIterateUbPlace, Out::kIterateAllUb});
  }
}

TEST_F(MatmulTest, FloatBf16AndHalfOutputMatchTheReference) {
  std::mt19937 rng(2);
  for (int i = 0; i < 8; ++i) {
    const Problem p = RandomProblem(rng, 4);
    RunProblem<float, float, float, TPosition::GM>(p, rng, {Out::kIterateAll, Out::kIterateGm});
    RunProblem<bfloat16_t, float, float, TPosition::GM>(p, rng, {Out::kIterateAll});
    RunProblem<half, half, float, TPosition::GM>(p, rng, {Out::kIterateAll, Out::kAtomic});
    RunProblem<half, float, half, TPosition::GM, true>(p, rng, {Out::kIterateGm});  // half bias from UB
  }
}

TEST_F(MatmulTest, Int8AccumulatesInInt32AndDequantisesToHalf) {
  std::mt19937 rng(3);
  for (int i = 0; i < 8; ++i) {
    Problem p = RandomProblem(rng, 4);
    p.baseM = p.baseN = -1;  // int8 base blocks from the tiling (baseK a multiple of 32 when B is transposed)
    RunProblem<int8_t, int32_t, int32_t, TPosition::GM>(p, rng, {Out::kIterateAll, Out::kIterateGm, Out::kAtomic});
    RunProblem<int8_t, half, int32_t, TPosition::GM>(p, rng, {Out::kIterateAll});
  }
}

TEST_F(MatmulTest, BlocksMoreThanThreads) {
  std::mt19937 rng(4);
  for (uint32_t threads : {1u, 2u, 5u}) {
    aicore::SetNumThreads(threads);
    Problem p;
    p.M = 200, p.N = 130, p.K = 70, p.dim = 8, p.bias = true, p.transB = true;
    RunProblem<half, float, float, TPosition::GM>(p, rng, {Out::kIterateAll, Out::kAtomic});
  }
}

// The Matmul's C equals, bit for bit, the NPU-style chain for each base
// block: Gemm over the first baseK of K (from the bias or 0), then Gemm
// with kAccumulate over each further baseK.
TEST_F(MatmulTest, EqualsAChainOfGemmCallsSplitOverK) {
  std::mt19937 rng(5);
  for (int it = 0; it < 6; ++it) {
    Problem p;
    p.M = 1 + static_cast<int>(rng() % 100), p.N = 1 + static_cast<int>(rng() % 100);
    p.K = 1 + static_cast<int>(rng() % 300), p.bias = it % 2 == 0;
    const TCubeTiling t = MakeTiling<half, float, float>(p);
    std::vector<half> a = RandomVec<half>(static_cast<size_t>(p.M) * p.K, rng);
    std::vector<half> b = RandomVec<half>(static_cast<size_t>(p.K) * p.N, rng);
    std::vector<float> bias = RandomVec<float>(static_cast<size_t>(p.N), rng);
    std::vector<float> c(static_cast<size_t>(p.M) * p.N, 0.0f);
    aicore::LaunchNamed("matmul_block", MatmulBlock<half, float, float, TPosition::GM, false>, 1u, &t,
                        Out::kIterateAll, false, false, a.data(), b.data(), c.data(), bias.data(), uint64_t{0});
    std::vector<float> chain(c.size(), 0.0f);
    using aicore::simd::GemmInit;
    using aicore::simd::MatLayout;
    for (int m0 = 0; m0 < p.M; m0 += t.baseM) {
      for (int n0 = 0; n0 < p.N; n0 += t.baseN) {
        const uint32_t mLen = static_cast<uint32_t>(std::min(t.baseM, p.M - m0));
        const uint32_t nLen = static_cast<uint32_t>(std::min(t.baseN, p.N - n0));
        for (int k0 = 0; k0 < p.K; k0 += t.baseK) {
          const uint32_t kLen = static_cast<uint32_t>(std::min(t.baseK, p.K - k0));
          const GemmInit init = k0 > 0 ? GemmInit::kAccumulate : p.bias ? GemmInit::kBias : GemmInit::kZero;
          aicore::simd::Gemm<half, half, float>(mLen, nLen, kLen, a.data() + m0 * p.K + k0, MatLayout::RowMajor(p.K),
                                                b.data() + k0 * p.N + n0, MatLayout::RowMajor(p.N),
                                                chain.data() + m0 * p.N + n0, MatLayout::RowMajor(p.N), init,
                                                bias.data() + n0);
        }
      }
    }
    for (size_t i = 0; i < c.size(); ++i) ASSERT_EQ(Bits(c[i]), Bits(chain[i])) << p.Str() << " element " << i;
  }
}

// Iterate visits the blocks M first (iterateOrder 0) or N first (1).
TEST_F(MatmulTest, IterateOrderFollowsTheTiling) {
  for (bool orderN : {false, true}) {
    Problem p;
    p.M = 40, p.N = 70, p.K = 16, p.baseM = 16, p.baseN = 32, p.orderN = orderN;
    TCubeTiling t = MakeTiling<half, float, float>(p);
    ASSERT_EQ(t.iterateOrder, orderN ? 1 : 0);
    std::vector<half> a(static_cast<size_t>(p.M) * p.K, half(1.0f)), b(static_cast<size_t>(p.K) * p.N, half(1.0f));
    std::vector<std::pair<int, int>> seen;
    aicore::Launch(
        [&] {
          TPipe pipe;
          MM<half, float, float, TPosition::GM, false> mm;
          aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm, &t);
          GlobalTensor<half> ag, bg;
          ag.SetGlobalBuffer(a.data(), a.size());
          bg.SetGlobalBuffer(b.data(), b.size());
          mm.SetTensorA(ag);
          mm.SetTensorB(bg);
          while (mm.Iterate()) {
            const MatrixOffset o = mm.GetOffsetC();
            seen.emplace_back(o.row, o.col);
            std::vector<float> sink(static_cast<size_t>(p.M) * p.N);
            GlobalTensor<float> cg;
            cg.SetGlobalBuffer(sink.data(), sink.size());
            mm.GetTensorC(cg);
          }
        },
        1);
    std::vector<std::pair<int, int>> want;
    const int mIter = 3, nIter = 3;
    for (int i = 0; i < mIter * nIter; ++i) {
      const int mi = orderN ? i / nIter : i % mIter, ni = orderN ? i % nIter : i / mIter;
      want.emplace_back(mi * 16, ni * 32);
    }
    EXPECT_EQ(seen, want) << "orderN " << orderN;
  }
}

// NZ C in GM with M not a multiple of 16: fractal columns M rows apart, as
// the vendor's copy out (dstStride and block offsets from the original M),
// through IterateAll and through Iterate + GetTensorC, several base blocks
// along M and N, two cores.
TEST_F(MatmulTest, NzCInGmHasColumnsMRowsApart) {
  std::mt19937 rng(17);
  for (const int M : {40, 17, 1}) {
    Problem p;
    p.M = M, p.N = 36, p.K = 32, p.baseM = 16, p.baseN = 16, p.dim = 2;
    const TCubeTiling t = MakeTiling<half, float, float>(p);
    const std::vector<half> a = RandomVec<half>(static_cast<size_t>(M) * p.K, rng);
    const std::vector<half> b = RandomVec<half>(static_cast<size_t>(p.K) * p.N, rng);
    const std::vector<float> ref = Reference<half, float>(p, a, b, {});
    const size_t size = static_cast<size_t>(M) * 48;  // three fractal columns of M rows
    std::vector<float> viaAll(size + 64, -1.0f), viaIter(size + 64, -1.0f);
    aicore::Launch(
        [&] {
          TPipe pipe;
          using A = MatmulType<TPosition::GM, CubeFormat::ND, half>;
          using C = MatmulType<TPosition::GM, CubeFormat::NZ, float>;
          Matmul<A, A, C> mm;
          if (aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, &t)) return;
          const int32_t mPer = t.singleCoreM, nPer = t.singleCoreN;
          const int32_t mBlocks = (M + mPer - 1) / mPer;
          const int32_t idx = GetBlockIdx(), mi = idx % mBlocks, ni = idx / mBlocks;
          if (mi * mPer >= M || ni * nPer >= p.N) return;
          const int32_t m0 = mi * mPer, n0 = ni * nPer;
          GlobalTensor<half> ag, bg;
          ag.SetGlobalBuffer(const_cast<half*>(a.data()) + static_cast<size_t>(m0) * p.K,
                             a.size() - static_cast<size_t>(m0) * p.K);
          bg.SetGlobalBuffer(const_cast<half*>(b.data()) + n0, b.size() - n0);
          GlobalTensor<float> c1, c2;
          // The core's block at (m0, n0) of C in NZ: column n0 / 16, row m0.
          const size_t off = static_cast<size_t>(n0 / 16) * M * 16 + static_cast<size_t>(m0) * 16;
          c1.SetGlobalBuffer(viaAll.data() + off, size - off);
          c2.SetGlobalBuffer(viaIter.data() + off, size - off);
          mm.SetTail(std::min(mPer, M - m0), std::min(nPer, p.N - n0));
          mm.SetTensorA(ag);
          mm.SetTensorB(bg);
          mm.IterateAll(c1);
          mm.SetTensorA(ag);
          mm.SetTensorB(bg);
          while (mm.Iterate()) mm.GetTensorC(c2);
          mm.End();
        },
        t.usedCoreNum);
    for (int i = 0; i < M; ++i) {
      for (int j = 0; j < p.N; ++j) {
        const size_t at = static_cast<size_t>(j / 16) * M * 16 + static_cast<size_t>(i) * 16 + j % 16;
        EXPECT_EQ(Bits(viaAll[at]), Bits(ref[i * p.N + j])) << "IterateAll M " << M << " (" << i << ", " << j << ")";
        EXPECT_EQ(Bits(viaIter[at]), Bits(ref[i * p.N + j])) << "GetTensorC M " << M << " (" << i << ", " << j << ")";
      }
    }
    for (size_t k = size; k < viaAll.size(); ++k) {
      EXPECT_EQ(viaAll[k], -1.0f) << "written past C's M x 48 elements, M " << M;
      EXPECT_EQ(viaIter[k], -1.0f) << "written past C's M x 48 elements, M " << M;
    }
  }
}

// Iterate(enPartialSum, co1Tensor) writes L0C on the cube's M pipe: a CO1
// queue (EnQue / DeQue) orders it before a Fixpipe (FIX), as in the
// vendor's matmul_co1_output sample (synccheck reported an S -> FIX hazard
// when aicore recorded the write on S); without the queue it is a hazard.
TEST_F(MatmulTest, IterateIntoL0cIsOrderedByTheCo1Queue) {
  std::mt19937 rng(29);
  Problem p;
  p.M = 32, p.N = 32, p.K = 32, p.baseM = 32, p.baseN = 32;
  const TCubeTiling t = MakeTiling<half, float, float>(p);
  const std::vector<half> a = RandomVec<half>(32 * 32, rng), b = RandomVec<half>(32 * 32, rng);
  const std::vector<float> ref = Reference<half, float>(p, a, b, {});
  const bool autoSync = aicore::GetAutoSync();
  aicore::SetAutoSync(false);  // the flags as written (no --cce-auto-sync)
  for (bool queued : {true, false}) {
    SCOPED_TRACE(queued ? "through the CO1 queue" : "no queue");
    std::vector<float> c(32 * 32, 0.0f);
    aicore::ErrorRecorder rec(aicore::kSynccheck);
    aicore::Launch(
        [&] {
          TPipe pipe;
          using A = MatmulType<TPosition::GM, CubeFormat::ND, half>;
          Matmul<A, A, MatmulType<TPosition::CO1, CubeFormat::NZ, float>> mm;
          if (aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm, &t)) return;
          GlobalTensor<half> ag, bg;
          ag.SetGlobalBuffer(const_cast<half*>(a.data()), a.size());
          bg.SetGlobalBuffer(const_cast<half*>(b.data()), b.size());
          mm.SetTensorA(ag);
          mm.SetTensorB(bg);
          TQue<TPosition::CO1, 1> co1;
          pipe.InitBuffer(co1, 1, 32 * 32 * sizeof(float));
          LocalTensor<float> l = co1.AllocTensor<float>();
          mm.Iterate(false, l);
          if (queued) {
            co1.EnQue(l);
            l = co1.DeQue<float>();
          }
          GlobalTensor<float> cg;
          cg.SetGlobalBuffer(c.data(), c.size());
          FixpipeParamsV220 fp;
          fp.nSize = 32, fp.mSize = 32, fp.srcStride = 32, fp.dstStride = 32;
          Fixpipe<float, float, CFG_ROW_MAJOR>(cg, l, fp);
          co1.FreeTensor(l);
          mm.End();
        },
        1);
    for (size_t i = 0; i < c.size(); ++i) ASSERT_EQ(Bits(c[i]), Bits(ref[i])) << i;
    if (queued) {
      EXPECT_EQ(rec.size(), 0u) << rec.str();
    } else {
      ASSERT_GE(rec.size(), 1u);
      EXPECT_NE(rec.str().find("(M pipe)"), std::string::npos) << rec.str();
      EXPECT_NE(rec.str().find("Fixpipe"), std::string::npos) << rec.str();
    }
  }
  aicore::SetAutoSync(autoSync);
}

// MatmulConfig::isEnableChannelSplit: a float NZ C in GM in 16 x 8 fractals,
// the 8-wide fractal columns round16(M) rows apart (the vendor's copy out for
// dav_c220: C0 = 32 bytes of float, the column stride from M rounded up to
// 16). One core, blocks of 16 x 16 (two 8-wide columns each), IterateAll and
// Iterate + GetTensorC.
constexpr MatmulConfig CFG_CHANNEL_SPLIT = [] {
  MatmulConfig c = CFG_NORM;
  c.isEnableChannelSplit = true;
  return c;
}();

TEST_F(MatmulTest, ChannelSplitWritesEightWideFractals) {
  std::mt19937 rng(23);
  for (const int M : {32, 20}) {
    Problem p;
    p.M = M, p.N = 40, p.K = 32, p.baseM = 16, p.baseN = 16, p.dim = 1;
    const TCubeTiling t = MakeTiling<half, float, float>(p);
    const std::vector<half> a = RandomVec<half>(static_cast<size_t>(M) * p.K, rng);
    const std::vector<half> b = RandomVec<half>(static_cast<size_t>(p.K) * p.N, rng);
    const std::vector<float> ref = Reference<half, float>(p, a, b, {});
    const size_t rows = static_cast<size_t>((M + 15) / 16 * 16);
    const size_t size = rows * 40;  // five 8-wide columns of round16(M) rows
    std::vector<float> viaAll(size + 64, -1.0f), viaIter(size + 64, -1.0f);
    aicore::Launch(
        [&] {
          TPipe pipe;
          using A = MatmulType<TPosition::GM, CubeFormat::ND, half>;
          using C = MatmulType<TPosition::GM, CubeFormat::NZ, float>;
          Matmul<A, A, C, C, CFG_CHANNEL_SPLIT> mm;
          if (aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, &t)) return;
          GlobalTensor<half> ag, bg;
          ag.SetGlobalBuffer(const_cast<half*>(a.data()), a.size());
          bg.SetGlobalBuffer(const_cast<half*>(b.data()), b.size());
          GlobalTensor<float> c1, c2;
          c1.SetGlobalBuffer(viaAll.data(), size);
          c2.SetGlobalBuffer(viaIter.data(), size);
          mm.SetTensorA(ag);
          mm.SetTensorB(bg);
          mm.IterateAll(c1);
          mm.SetTensorA(ag);
          mm.SetTensorB(bg);
          while (mm.Iterate()) mm.GetTensorC(c2);
          mm.End();
        },
        1);
    for (int i = 0; i < M; ++i) {
      for (int j = 0; j < p.N; ++j) {
        const size_t at = static_cast<size_t>(j / 8) * rows * 8 + static_cast<size_t>(i) * 8 + j % 8;
        EXPECT_EQ(Bits(viaAll[at]), Bits(ref[i * p.N + j])) << "IterateAll M " << M << " (" << i << ", " << j << ")";
        EXPECT_EQ(Bits(viaIter[at]), Bits(ref[i * p.N + j])) << "GetTensorC M " << M << " (" << i << ", " << j << ")";
      }
    }
    for (size_t k = size; k < viaAll.size(); ++k) {
      EXPECT_EQ(viaAll[k], -1.0f) << "written past C, M " << M;
      EXPECT_EQ(viaIter[k], -1.0f) << "written past C, M " << M;
    }
  }
}

// NZ C with M not a multiple of 16 in a LocalTensor (VECIN; TSCM through
// IterateAll, the only way the reference gives) and written sequentially (GM,
// VECIN). The vendor's copy out for dav_c220 puts the fractal columns M * 16
// elements apart, M the one it holds (one core here: the single-core M), the
// block (mi, ni) at ni * baseN * M + mi * baseM * 16, writes only the block's
// rows, and a sequential block alone with round16(its height) rows per column
// (IterateAll: block i at i * baseM * baseN). Every element of each
// destination is checked against this placement: C where it puts C, the fill
// value elsewhere.
TEST_F(MatmulTest, NzCPlacementInLocalTensorsAndSequential) {
  std::mt19937 rng(40);
  constexpr float kFill = -1.0f;
  for (const int M : {40, 17, 1}) {
    Problem p;
    p.M = M, p.N = 64, p.K = 32, p.baseM = 16, p.baseN = 32;  // a block: two fractal columns
    const TCubeTiling t = MakeTiling<half, float, float>(p);
    ASSERT_EQ(t.singleCoreM, M);
    ASSERT_EQ(t.baseN, 32);
    ASSERT_EQ(t.singleCoreN, p.N);
    const std::vector<half> a = RandomVec<half>(static_cast<size_t>(M) * p.K, rng);
    const std::vector<half> b = RandomVec<half>(static_cast<size_t>(p.K) * p.N, rng);
    const std::vector<float> ref = Reference<half, float>(p, a, b, {});
    const int mIter = (M + 15) / 16, nIter = p.N / 32, blocks = mIter * nIter;
    // A sequential block reaches round16(its height) x 32 elements: the LocalTensors hold one too.
    const size_t cap = std::max<size_t>(static_cast<size_t>(M) * p.N, 512) + 64;
    const size_t seqCap = static_cast<size_t>(blocks) * 512 + 64;
    // The expected images: C with its columns M rows apart; block i alone.
    std::vector<float> wantAll(cap, kFill), wantSeqAll(seqCap, kFill);
    std::vector<std::vector<float>> wantSeq(static_cast<size_t>(blocks), std::vector<float>(seqCap, kFill));
    for (int i = 0; i < M; ++i) {
      for (int j = 0; j < p.N; ++j) wantAll[static_cast<size_t>(j / 16) * M * 16 + i * 16 + j % 16] = ref[i * p.N + j];
    }
    for (int i = 0; i < blocks; ++i) {
      const int mi = t.iterateOrder == 1 ? i / nIter : i % mIter, ni = t.iterateOrder == 1 ? i % nIter : i / mIter;
      const int mLen = std::min(16, M - mi * 16);
      for (int r = 0; r < mLen; ++r) {
        for (int c = 0; c < 32; ++c) {
          const float v = ref[(mi * 16 + r) * p.N + ni * 32 + c];
          const size_t at = static_cast<size_t>(c / 16) * 16 * 16 + static_cast<size_t>(r) * 16 + c % 16;
          wantSeq[static_cast<size_t>(i)][at] = v;
          wantSeqAll[static_cast<size_t>(i) * 512 + at] = v;
        }
      }
    }
    std::vector<float> ubAll, ubIter, l1All, gmSeqAll(seqCap, kFill), gmSeq(seqCap);
    std::vector<std::vector<float>> ubSeqGot, gmSeqGot;
    aicore::Launch(
        [&] {
          TPipe pipe;
          using A = MatmulType<TPosition::GM, CubeFormat::ND, half>;
          Matmul<A, A, MatmulType<TPosition::VECIN, CubeFormat::NZ, float>> ub;
          Matmul<A, A, MatmulType<TPosition::TSCM, CubeFormat::NZ, float>> l1;
          Matmul<A, A, MatmulType<TPosition::GM, CubeFormat::NZ, float>> gm;
          if (aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), ub, &t, l1,
                                                  &t, gm, &t)) {
            return;
          }
          GlobalTensor<half> ag, bg;
          ag.SetGlobalBuffer(const_cast<half*>(a.data()), a.size());
          bg.SetGlobalBuffer(const_cast<half*>(b.data()), b.size());
          TBuf<TPosition::VECIN> ubBuf;
          TBuf<TPosition::TSCM> l1Buf;
          pipe.InitBuffer(ubBuf, static_cast<uint32_t>(cap * sizeof(float)));
          pipe.InitBuffer(l1Buf, static_cast<uint32_t>(cap * sizeof(float)));
          const LocalTensor<float> uc = ubBuf.Get<float>(), lc = l1Buf.Get<float>();
          const auto fill = [&](const LocalTensor<float>& x) {
            std::fill(x.GetPhyAddr(), x.GetPhyAddr() + cap, kFill);
          };
          const auto take = [&](const LocalTensor<float>& x) {
            return std::vector<float>(x.GetPhyAddr(), x.GetPhyAddr() + cap);
          };
          const auto run = [&](auto& mm, auto&& body) {
            mm.SetTensorA(ag);
            mm.SetTensorB(bg);
            body();
          };
          fill(uc);
          run(ub, [&] { ub.IterateAll(uc); });
          ubAll = take(uc);
          fill(uc);
          run(ub, [&] { while (ub.Iterate()) ub.GetTensorC(uc); });
          ubIter = take(uc);
          run(ub, [&] {
            while (ub.Iterate()) {
              fill(uc);
              ub.GetTensorC(uc, 0, true);
              ubSeqGot.push_back(take(uc));
            }
          });
          fill(lc);
          run(l1, [&] { l1.IterateAll(lc); });
          l1All = take(lc);
          GlobalTensor<float> cg, cs;
          cg.SetGlobalBuffer(gmSeqAll.data(), gmSeqAll.size());
          cs.SetGlobalBuffer(gmSeq.data(), gmSeq.size());
          run(gm, [&] { gm.IterateAll(cg, 0, true); });
          run(gm, [&] {
            while (gm.Iterate()) {
              std::fill(gmSeq.begin(), gmSeq.end(), kFill);
              gm.GetTensorC(cs, 0, true);
              gmSeqGot.push_back(gmSeq);
            }
          });
          ub.End(), l1.End(), gm.End();
        },
        1);
    const auto expectImage = [&](const std::vector<float>& got, const std::vector<float>& want,
                                 const std::string& what) {
      ASSERT_EQ(got.size(), want.size()) << what;
      int bad = 0;
      for (size_t k = 0; k < want.size() && bad < 5; ++k) {
        if (Bits(got[k]) != Bits(want[k])) {
          ++bad;
          ADD_FAILURE() << what << ", M " << M << ": element " << k << " is " << got[k] << ", expected " << want[k];
        }
      }
    };
    expectImage(ubAll, wantAll, "IterateAll(VECIN)");
    expectImage(ubIter, wantAll, "Iterate + GetTensorC(VECIN)");
    expectImage(l1All, wantAll, "IterateAll(TSCM)");
    expectImage(gmSeqAll, wantSeqAll, "IterateAll(GM, enSequentialWrite)");
    ASSERT_EQ(ubSeqGot.size(), static_cast<size_t>(blocks));
    ASSERT_EQ(gmSeqGot.size(), static_cast<size_t>(blocks));
    for (int i = 0; i < blocks; ++i) {
      std::vector<float> want(wantSeq[static_cast<size_t>(i)].begin(), wantSeq[static_cast<size_t>(i)].begin() + cap);
      expectImage(ubSeqGot[static_cast<size_t>(i)], want,
                  "GetTensorC(VECIN, enSequentialWrite) block " + std::to_string(i));
      expectImage(gmSeqGot[static_cast<size_t>(i)], wantSeq[static_cast<size_t>(i)],
                  "GetTensorC(GM, enSequentialWrite) block " + std::to_string(i));
    }
  }
}

// NZ operands and outputs, ND_ALIGN C, a user-managed L0C and enPartialSum.
TEST_F(MatmulTest, FractalFormatsAlignedRowsL0CAndPartialSums) {
  std::mt19937 rng(6);
  // M and K multiples of 16 (NZ A); ND_ALIGN rows of float C: N = 36
  // rounded up to 8 elements (32 bytes) = 40.
  const int M = 48, N = 36, K = 64, Ld = 40;
  Problem p;
  p.M = M, p.N = N, p.K = K, p.baseM = 32, p.baseN = 32;
  TCubeTiling t = MakeTiling<half, float, float>(p);
  std::vector<half> a = RandomVec<half>(static_cast<size_t>(M) * K, rng);
  std::vector<half> b = RandomVec<half>(static_cast<size_t>(K) * N, rng);
  const std::vector<float> ref = Reference<half, float>(p, a, b, {});
  // A in NZ: fractal columns of 16 K-elements, M rows each.
  std::vector<half> aNz(a.size());
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k) aNz[(k / 16) * M * 16 + i * 16 + k % 16] = a[i * K + k];
  // B in NZ: K x N, fractal columns of 16 N-elements, K rows (aligned to 16) each.
  const int Nal = 48;
  std::vector<half> bNz(static_cast<size_t>(K) * Nal, half(0.0f));
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < N; ++j) bNz[(j / 16) * K * 16 + k * 16 + j % 16] = b[k * N + j];
  std::vector<float> cNz(static_cast<size_t>(M) * Nal, -1.0f), cAlign(static_cast<size_t>(M) * Ld, -1.0f);
  std::vector<float> l0c(static_cast<size_t>(M) * Nal, -1.0f);
  std::vector<float> partial(static_cast<size_t>(32) * 32, 0.0f);
  aicore::Launch(
      [&] {
        TPipe pipe;
        using A = MatmulType<TPosition::GM, CubeFormat::NZ, half>;
        using B = MatmulType<TPosition::GM, CubeFormat::NZ, half>;
        Matmul<A, B, MatmulType<TPosition::GM, CubeFormat::NZ, float>> mmNz;
        Matmul<A, B, MatmulType<TPosition::GM, CubeFormat::ND_ALIGN, float>> mmAlign;
        Matmul<A, B, MatmulType<TPosition::CO1, CubeFormat::NZ, float>> mmL0c;
        aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mmNz, &t, mmAlign, &t, mmL0c,
                                            &t);
        GlobalTensor<half> ag, bg;
        ag.SetGlobalBuffer(aNz.data(), aNz.size());
        bg.SetGlobalBuffer(bNz.data(), bNz.size());
        GlobalTensor<float> cg;
        cg.SetGlobalBuffer(cNz.data(), cNz.size());
        mmNz.SetTensorA(ag);
        mmNz.SetTensorB(bg);
        mmNz.IterateAll(cg);
        mmNz.End();
        cg.SetGlobalBuffer(cAlign.data(), cAlign.size());
        mmAlign.SetTensorA(ag);
        mmAlign.SetTensorB(bg);
        mmAlign.IterateAll(cg);
        mmAlign.End();
        // User-managed L0C: each block into a CO1 tensor (NZ, 32 rows per
        // fractal column), copied out by hand.
        TQue<TPosition::CO1, 1> co1;
        pipe.InitBuffer(co1, 1, 32 * 32 * sizeof(float));
        mmL0c.SetTensorA(ag);
        mmL0c.SetTensorB(bg);
        int blk = 0;
        for (;;) {
          LocalTensor<float> l = co1.AllocTensor<float>();
          if (!mmL0c.Iterate(false, l)) {
            co1.FreeTensor(l);
            break;
          }
          const int mi = blk % 2, ni = blk / 2;  // M first: 2 row blocks of 32 (48 = 32 + 16)
          const int mLen = std::min(32, M - mi * 32), nLen = std::min(32, N - ni * 32);
          const int rows = (mLen + 15) / 16 * 16;
          for (int r = 0; r < mLen; ++r)
            for (int c = 0; c < nLen; ++c)
              l0c[(mi * 32 + r) * Nal + ni * 32 + c] = l.GetValue(static_cast<uint32_t>((c / 16) * rows * 16 + r * 16 + c % 16));
          co1.FreeTensor(l);
          ++blk;
        }
        mmL0c.End();
      },
      1);
  for (int i = 0; i < M; ++i) {
    for (int j = 0; j < N; ++j) {
      const float want = ref[i * N + j];
      EXPECT_EQ(Bits(cNz[(j / 16) * M * 16 + i * 16 + j % 16]), Bits(want)) << "NZ C " << i << ", " << j;
      EXPECT_EQ(Bits(cAlign[i * Ld + j]), Bits(want)) << "ND_ALIGN C (rows of 40) " << i << ", " << j;
      EXPECT_EQ(Bits(l0c[i * Nal + j]), Bits(want)) << "L0C " << i << ", " << j;
    }
  }
  // enPartialSum: C = A[:, 0:32] x B[0:32, :] + A[:, 32:64] x B[32:64, :],
  // two Iterate calls accumulating in L0C (one 32 x 32 block), equals the
  // Gemm over the whole K.
  Problem q;
  q.M = 32, q.N = 32, q.K = 64;
  TCubeTiling tq = MakeTiling<half, float, float>(q);
  tq.singleCoreK = 32;
  std::vector<half> a2 = RandomVec<half>(32 * 64, rng), b2 = RandomVec<half>(64 * 32, rng);
  aicore::Launch(
      [&] {
        TPipe pipe;
        MM<half, float, float, TPosition::GM, false> mm;
        aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm, &tq);
        GlobalTensor<half> ag, bg;
        ag.SetGlobalBuffer(a2.data(), a2.size());
        bg.SetGlobalBuffer(b2.data(), b2.size());
        GlobalTensor<float> cg;
        cg.SetGlobalBuffer(partial.data(), partial.size());
        mm.SetTensorA(ag);
        mm.SetTensorB(bg);
        ASSERT_TRUE(mm.Iterate(false));
        mm.SetTensorA(ag[32]);         // next K half of A's rows
        mm.SetTensorB(bg[32 * 32]);    // next K half of B
        ASSERT_TRUE(mm.Iterate(true));
        mm.GetTensorC(cg);
        mm.End();
      },
      1);
  Problem full;
  full.M = 32, full.N = 32, full.K = 64;
  const std::vector<float> refFull = Reference<half, float>(full, a2, b2, {});
  for (size_t i = 0; i < refFull.size(); ++i) EXPECT_EQ(Bits(partial[i]), Bits(refFull[i])) << "partial sum " << i;
}

// ---------------------------------------------------------------------------
// Errors, each with its clean twin.

template <class F>
std::string MatmulError(F&& body) {
  try {
    aicore::LaunchNamed("mm_kernel", std::forward<F>(body), 1);
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

#define EXPECT_MM_ERROR(msg, ...)                                              \
  do {                                                                         \
    const std::string err = MatmulError(__VA_ARGS__);                          \
    EXPECT_NE(err.find(msg), std::string::npos) << "got: " << (err.empty() ? "no error" : err); \
    EXPECT_NE(err.find("mm_kernel"), std::string::npos) << err;                \
    EXPECT_NE(err.find("test_matmul.cpp"), std::string::npos) << err;         \
  } while (0)
#define EXPECT_MM_CLEAN(...) EXPECT_EQ(MatmulError(__VA_ARGS__), "")

struct Fixture {
  Problem p;
  TCubeTiling t;
  std::vector<half> a, b;
  std::vector<float> c, bias;
  explicit Fixture(bool withBias = false) {
    p.M = 40, p.N = 50, p.K = 30, p.bias = withBias, p.baseM = 16, p.baseN = 32;
    t = MakeTiling<half, float, float>(p);
    a.assign(static_cast<size_t>(p.M) * p.K, half(1.0f));
    b.assign(static_cast<size_t>(p.K) * p.N, half(1.0f));
    c.assign(static_cast<size_t>(p.M) * p.N, 0.0f);
    bias.assign(static_cast<size_t>(p.N), 0.5f);
  }
  GlobalTensor<half> A() {
    GlobalTensor<half> g;
    g.SetGlobalBuffer(a.data(), a.size());
    return g;
  }
  GlobalTensor<half> B() {
    GlobalTensor<half> g;
    g.SetGlobalBuffer(b.data(), b.size());
    return g;
  }
  GlobalTensor<float> C(size_t n = 0) {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(c.data(), n ? n : c.size());
    return g;
  }
  GlobalTensor<float> Bias() {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(bias.data(), bias.size());
    return g;
  }
};
using GmMM = MM<half, float, float, TPosition::GM, false>;
using UbMM = MM<half, float, float, TPosition::VECIN, false>;

TEST_F(MatmulTest, UseBeforeRegistrationIsReported) {
  Fixture f;
  EXPECT_MM_ERROR("used before REGIST_MATMUL_OBJ", [&] {
    GmMM mm;
    mm.SetTensorA(f.A());
  });
  EXPECT_MM_ERROR("has no tiling", [&] {
    TPipe pipe;
    GmMM mm;
    aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm);
    mm.SetTensorA(f.A());
  });
  EXPECT_MM_CLEAN([&] {
    TPipe pipe;
    GmMM mm;
    aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm);
    mm.Init(&f.t);
    mm.SetTensorA(f.A());
    mm.SetTensorB(f.B());
    mm.IterateAll(f.C());
  });
}

TEST_F(MatmulTest, MissingOperandsAndBiasAreReported) {
  Fixture f(true);
  auto run = [&](bool setA, bool setB, bool setBias, bool disable) {
    return [&f, setA, setB, setBias, disable] {
      TPipe pipe;
      GmMM mm;
      aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm, &f.t);
      if (setA) mm.SetTensorA(f.A());
      if (setB) mm.SetTensorB(f.B());
      if (setBias) mm.SetBias(f.Bias());
      if (disable) mm.DisableBias();
      mm.IterateAll(f.C());
    };
  };
  EXPECT_MM_ERROR("A was never set", run(false, true, true, false));
  EXPECT_MM_ERROR("B was never set", run(true, false, true, false));
  EXPECT_MM_ERROR("SetBias was never called", run(true, true, false, false));
  EXPECT_MM_CLEAN(run(true, true, true, false));
  EXPECT_MM_CLEAN(run(true, true, false, true));
  Fixture nb(false);
  EXPECT_MM_ERROR("the tiling has isBias = 0", [&] {
    TPipe pipe;
    GmMM mm;
    aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm, &nb.t);
    mm.SetBias(nb.Bias());
  });
}

TEST_F(MatmulTest, TilingsThatDoNotFitTheProfileAreReported) {
  Fixture f;
  auto with = [&](TCubeTiling t) {
    return [t, &f] {
      TPipe pipe;
      GmMM mm;
      aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm, &t);
      mm.SetTensorA(f.A());
      mm.SetTensorB(f.B());
      mm.IterateAll(f.C());
    };
  };
  TCubeTiling t = f.t;
  t.depthA1 = 4096;  // 4096 * 16 * 32 * 2 bytes of A in L1
  EXPECT_MM_ERROR("more than its 524288 bytes", with(t));
  t = f.t;
  t.baseM = 256, t.baseK = 256;  // 256 * 256 * 2 * dbL0A bytes of A in L0A
  EXPECT_MM_ERROR("exceeds the 65536-byte L0A", with(t));
  t = f.t;
  t.baseM = 512, t.baseN = 128, t.baseK = 16;  // 512 * 128 * 4 bytes of C
  EXPECT_MM_ERROR("exceeds the 131072-byte L0C", with(t));
  t = f.t;
  t.baseN = 40;
  EXPECT_MM_ERROR("multiples of 16", with(t));
  t = f.t;
  t.singleCoreM = t.M + 1;
  EXPECT_MM_ERROR("singleCoreM 41 exceeds M 40", with(t));
  EXPECT_MM_CLEAN(with(f.t));
}

TEST_F(MatmulTest, ShapesBeyondTheOriginalShapeAreReported) {
  Fixture f;
  auto run = [&f](int tailM, bool single) {
    return [&f, tailM, single] {
      TPipe pipe;
      GmMM mm;
      aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm, &f.t);
      if (single) {
        mm.SetSingleShape(tailM, f.p.N, f.p.K);
      } else {
        mm.SetTail(tailM);
      }
      mm.SetTensorA(f.A());
      mm.SetTensorB(f.B());
      mm.IterateAll(f.C());
    };
  };
  EXPECT_MM_ERROR("exceeds the original shape (M 40", run(41, true));
  EXPECT_MM_ERROR("exceeds the original shape (M 40", run(48, false));
  EXPECT_MM_ERROR("each must be > 0, or -1", run(0, false));
  EXPECT_MM_CLEAN(run(40, true));
  EXPECT_MM_CLEAN(run(17, false));
  // The A the tail still needs lies outside A's GlobalTensor.
  EXPECT_MM_ERROR("A spans", [&] {
    TPipe pipe;
    GmMM mm;
    aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm, &f.t);
    mm.SetTensorA(f.A()[f.p.K * 20]);  // rows 20.. of A: 20 rows left, 40 needed
    mm.SetTensorB(f.B());
    mm.IterateAll(f.C());
  });
  EXPECT_MM_ERROR("the GlobalTensor holds 100 elements", [&] {
    TPipe pipe;
    GmMM mm;
    aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm, &f.t);
    mm.SetTensorA(f.A());
    mm.SetTensorB(f.B());
    mm.IterateAll(f.C(100));
  });
}

TEST_F(MatmulTest, UbDestinationsThatAreTooSmallOrMisplacedAreReported) {
  Fixture f;
  auto run = [&f](uint32_t elems, bool sequential, TPosition where) {
    return [&f, elems, sequential, where] {
      TPipe pipe;
      UbMM mm;
      aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm, &f.t);
      mm.SetTensorA(f.A());
      mm.SetTensorB(f.B());
      LocalTensor<float> l;
      TBuf<TPosition::VECIN> ub;
      TBuf<TPosition::A1> l1;
      if (where == TPosition::VECIN) {
        pipe.InitBuffer(ub, elems * 4);
        l = ub.Get<float>();
      } else {
        pipe.InitBuffer(l1, elems * 4);
        l = l1.Get<float>();
      }
      while (mm.Iterate()) mm.GetTensorC(l, 0, sequential);
    };
  };
  EXPECT_MM_ERROR("but the LocalTensor has 256 elements", run(256, true, TPosition::VECIN));  // 16 x 32 = 512 needed
  EXPECT_MM_CLEAN(run(512, true, TPosition::VECIN));
  EXPECT_MM_ERROR("40 x 50 single-core C", run(1024, false, TPosition::VECIN));  // 2000 needed
  EXPECT_MM_CLEAN(run(2000, false, TPosition::VECIN));
  EXPECT_MM_ERROR("co2Local is a LocalTensor at TPosition::A1", run(512, true, TPosition::A1));
  EXPECT_MM_ERROR("needs C at TPosition::VECIN", [&] {
    TPipe pipe;
    GmMM mm;
    aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm, &f.t);
    mm.SetTensorA(f.A());
    mm.SetTensorB(f.B());
    TBuf<TPosition::VECIN> ub;
    pipe.InitBuffer(ub, 4096);
    while (mm.Iterate()) mm.GetTensorC(ub.Get<float>(), 0, true);
  });
}

TEST_F(MatmulTest, OperandsAtTheWrongPositionAreReported) {
  Fixture f;
  using TscmA = Matmul<MatmulType<TPosition::TSCM, CubeFormat::ND, half>, MatmulType<TPosition::GM, CubeFormat::ND, half>,
                       MatmulType<TPosition::GM, CubeFormat::ND, float>>;
  auto run = [&f](bool inL1) {
    return [&f, inL1] {
      TPipe pipe;
      TscmA mm;
      aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm, &f.t);
      TBuf<TPosition::TSCM> l1;
      TBuf<TPosition::VECIN> ub;
      LocalTensor<half> a;
      if (inL1) {
        pipe.InitBuffer(l1, static_cast<uint32_t>(f.a.size() * 2));
        a = l1.Get<half>();
      } else {
        pipe.InitBuffer(ub, static_cast<uint32_t>(f.a.size() * 2));
        a = ub.Get<half>();
      }
      for (uint32_t i = 0; i < f.a.size(); ++i) a.SetValue(i, f.a[i]);
      mm.SetTensorA(a);
      mm.SetTensorB(f.B());
      mm.IterateAll(f.C());
    };
  };
  EXPECT_MM_ERROR("A is a LocalTensor at TPosition::VECIN but its MatmulType position is TPosition::TSCM",
                  run(false));
  EXPECT_MM_CLEAN(run(true));
  for (float v : f.c) ASSERT_EQ(v, 30.0f);  // A (ones) from L1: C = K
  EXPECT_MM_ERROR("A is a GlobalTensor but its MatmulType position is TPosition::TSCM", [&] {
    TPipe pipe;
    TscmA mm;
    aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm, &f.t);
    mm.SetTensorA(f.A());
  });
  EXPECT_MM_ERROR("has ISTRANS = false", [&] {
    TPipe pipe;
    Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>, MatmulType<TPosition::GM, CubeFormat::ND, half>,
           MatmulType<TPosition::GM, CubeFormat::ND, float>>
        mm;
    aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm, &f.t);
    mm.SetTensorA(f.A(), true);
  });
}

// A scalar A (SetTensorA(value): every element that value) and B from UB.
TEST_F(MatmulTest, ScalarAndUbOperands) {
  Fixture f;
  using UbB = Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>, MatmulType<TPosition::VECOUT, CubeFormat::ND, half>,
                     MatmulType<TPosition::GM, CubeFormat::ND, float>>;
  for (size_t i = 0; i < f.b.size(); ++i) f.b[i] = half(static_cast<float>(i % 7) - 3.0f);
  EXPECT_MM_CLEAN([&] {
    TPipe pipe;
    UbB mm;
    aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm, &f.t);
    TBuf<TPosition::VECOUT> ub;
    pipe.InitBuffer(ub, static_cast<uint32_t>((f.b.size() * 2 + 31) / 32 * 32));
    LocalTensor<half> bl = ub.Get<half>();
    for (uint32_t i = 0; i < f.b.size(); ++i) bl.SetValue(i, f.b[i]);
    mm.SetTensorA(half(2.0f));
    mm.SetTensorB(bl);
    mm.IterateAll(f.C());
  });
  for (int i = 0; i < f.p.M; ++i) {
    for (int j = 0; j < f.p.N; ++j) {
      float acc = 0.0f;
      for (int k = 0; k < f.p.K; ++k) acc = std::fma(2.0f, static_cast<float>(f.b[k * f.p.N + j]), acc);
      ASSERT_EQ(f.c[i * f.p.N + j], acc) << i << ", " << j;
    }
  }
}

TEST_F(MatmulTest, IterationMisuseIsReported) {
  Fixture f;
  auto base = [&f](TPipe& pipe, GmMM& mm) {
    aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm, &f.t);
    mm.SetTensorA(f.A());
    mm.SetTensorB(f.B());
  };
  EXPECT_MM_ERROR("no block to fetch", [&] {
    TPipe pipe;
    GmMM mm;
    base(pipe, mm);
    mm.GetTensorC(f.C());
  });
  EXPECT_MM_ERROR("no block to fetch", [&] {
    TPipe pipe;
    GmMM mm;
    base(pipe, mm);
    mm.Iterate();
    mm.GetTensorC(f.C());
    mm.GetTensorC(f.C());
  });
  EXPECT_MM_CLEAN([&] {
    TPipe pipe;
    GmMM mm;
    base(pipe, mm);
    while (mm.Iterate()) mm.GetTensorC(f.C());
  });
  EXPECT_MM_ERROR("enPartialSum accumulates into L0C only when", [&] {
    TPipe pipe;
    GmMM mm;
    base(pipe, mm);
    mm.Iterate(true);
  });
  EXPECT_MM_ERROR("all 6 blocks of the Iterate<false> batch were already fetched", [&] {
    TPipe pipe;
    GmMM mm;
    base(pipe, mm);
    mm.template Iterate<false>();
    for (int i = 0; i < 7; ++i) mm.template GetTensorC<false>(f.C());
  });
  EXPECT_MM_ERROR("call SetWorkspace before Iterate<false>", [&] {
    TPipe pipe;
    GmMM mm;
    base(pipe, mm);
    mm.template Iterate<false>();
    mm.template GetTensorC<false>();
  });
  EXPECT_MM_CLEAN([&] {  // the workspace form: 6 blocks of 16 x 32
    TPipe pipe;
    GmMM mm;
    base(pipe, mm);
    std::vector<float> ws(6 * 16 * 32);
    GlobalTensor<float> wsg;
    wsg.SetGlobalBuffer(ws.data(), ws.size());
    mm.SetWorkspace(wsg);
    mm.template Iterate<false>();
    for (int i = 0; i < 6; ++i) {
      GlobalTensor<float> blk = mm.template GetTensorC<false>();
      if (blk.GetValue(0) != 30.0f) aicore::detail::Fail(aicore::ErrorKind::kParameter, "test", aicore::SrcLoc::Current(), "wrong block value");
    }
  });
  EXPECT_MM_ERROR("no IterateAll<false>", [&] {
    TPipe pipe;
    GmMM mm;
    base(pipe, mm);
    mm.IterateAll(f.C());
    mm.WaitIterateAll();
  });
  EXPECT_MM_CLEAN([&] {
    TPipe pipe;
    GmMM mm;
    base(pipe, mm);
    mm.template IterateAll<false>(f.C(), 0, false, true);
    mm.WaitIterateAll();
  });
}

// The remaining reports of the Matmul, each with its clean twin.
TEST_F(MatmulTest, ParameterMisuseIsReported) {
  Fixture f;
  auto with = [&f](auto body) {
    return [&f, body] {
      TPipe pipe;
      GmMM mm;
      aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm, &f.t);
      mm.SetTensorA(f.A());
      mm.SetTensorB(f.B());
      body(mm, pipe);
    };
  };
  EXPECT_MM_ERROR("sizes must be > 0 (orgKc >= 0)", with([](GmMM& mm, TPipe&) { mm.SetOrgShape(40, 0, 30); }));
  EXPECT_MM_CLEAN(with([&f](GmMM& mm, TPipe&) {
    mm.SetOrgShape(40, 50, 30, 30, 50);
    mm.IterateAll(f.C());
  }));
  EXPECT_MM_ERROR("tpipe is null", [&] {
    GmMM mm;
    aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), nullptr, nullptr, mm, &f.t);
  });
  EXPECT_MM_ERROR("transMode 2 is not 0", with([](GmMM& mm, TPipe&) { mm.SetHF32(true, 2); }));
  EXPECT_MM_CLEAN(with([](GmMM& mm, TPipe&) { mm.SetHF32(true, 1); }));
  EXPECT_MM_ERROR("the workspace is null", with([](GmMM& mm, TPipe&) { mm.SetWorkspace<float>(nullptr, 16); }));
  EXPECT_MM_ERROR("it must be in UB (VECCALC)", with([](GmMM& mm, TPipe& pipe) {
    TBuf<TPosition::A1> l1;
    pipe.InitBuffer(l1, 1024);
    mm.SetLocalWorkspace(l1.Get<uint8_t>());
  }));
  EXPECT_MM_CLEAN(with([](GmMM& mm, TPipe& pipe) {
    TBuf<TPosition::VECCALC> ub;
    pipe.InitBuffer(ub, 1024);
    mm.SetLocalWorkspace(ub.Get<uint8_t>());
  }));
  EXPECT_MM_ERROR("enAtomic 4 is not 0", with([&f](GmMM& mm, TPipe&) { mm.IterateAll(f.C(), 4); }));
  EXPECT_MM_ERROR("Iterate loop of this Matmul object is still running", with([&f](GmMM& mm, TPipe&) {
    mm.Iterate();
    mm.IterateAll(f.C());
  }));
  EXPECT_MM_ERROR("an Iterate<false> batch is still running", with([](GmMM& mm, TPipe&) {
    mm.template Iterate<false>();
    mm.Iterate();
  }));
  // enPartialSum on a one-block shape needs an earlier result in L0C.
  EXPECT_MM_ERROR("L0C holds no earlier result", with([](GmMM& mm, TPipe&) {
    mm.SetSingleShape(16, 32, 30);
    mm.Iterate(true);
  }));
  EXPECT_MM_CLEAN(with([&f](GmMM& mm, TPipe&) {
    mm.SetSingleShape(16, 32, 30);
    EXPECT_TRUE(mm.Iterate(false));   // the first part into L0C
    EXPECT_FALSE(mm.Iterate(false));  // the loop ends; L0C keeps the block
    EXPECT_TRUE(mm.Iterate(true));    // the next part accumulates onto it
    mm.GetTensorC(f.C());
  }));
  // baseK must be a multiple of 16 (half, B not transposed).
  TCubeTiling t = f.t;
  t.baseK = 8;
  EXPECT_MM_ERROR("baseK 8 is not a multiple of 16", [&] {
    TPipe pipe;
    GmMM mm;
    aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm, &t);
    mm.SetTensorA(f.A());
    mm.SetTensorB(f.B());
    mm.IterateAll(f.C());
  });
  // int8 x int8 -> half dequantises: a scale is needed.
  Problem q;
  q.M = 16, q.N = 16, q.K = 32;
  TCubeTiling ti = MakeTiling<int8_t, half, int32_t>(q);
  std::vector<int8_t> a8(16 * 32, 1), b8(32 * 16, 1);
  std::vector<half> c16(16 * 16);
  auto int8run = [&](bool scale) {
    return [&, scale] {
      TPipe pipe;
      MM<int8_t, half, int32_t, TPosition::GM, false> mm;
      aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, nullptr, mm, &ti);
      GlobalTensor<int8_t> ag, bg;
      GlobalTensor<half> cg;
      ag.SetGlobalBuffer(a8.data(), a8.size());
      bg.SetGlobalBuffer(b8.data(), b8.size());
      cg.SetGlobalBuffer(c16.data(), c16.size());
      mm.SetTensorA(ag);
      mm.SetTensorB(bg);
      if (scale) mm.SetQuantScalar(0x3F800000u);  // 1.0f
      mm.IterateAll(cg);
    };
  };
  EXPECT_MM_ERROR("call SetQuantScalar or SetQuantVector first", int8run(false));
  EXPECT_MM_CLEAN(int8run(true));
  EXPECT_EQ(static_cast<float>(c16[0]), 32.0f);
}

// ---------------------------------------------------------------------------
// User callbacks (MatmulCallBackFunc<DataCopyOut, CopyA1, CopyB1>), written
// as a kernel writes them: the tiles from GM into L1 with DataCopy +
// Nd2NzParams, the C blocks out of L0C with Fixpipe. (One set of callbacks
// with run-time modes keeps the number of Matmul classes, and so the
// compile time, down.)

enum CbMode : int {
  kCbPlain = 0,    // the tiles and blocks where the library's own copies put them
  kCbCustomOut,    // DataCopyOut: C transposed and scaled into another buffer
  kCbAddressList,  // CopyA1: A from two buffers found in an address list (the vendor sample's pattern)
};
// What the callbacks get through SetUserDefInfo (the "tiling" address).
struct CbTiling {
  const TCubeTiling* t;
  bool transA, transB;
  CbMode mode = kCbPlain;
  bool mdl = false;  // the MDL templates (int8_t tiles split per base block, see TileToL1)
};
// What they get through SetSelfDefineData (kCbAddressList: the list
// instead): per block, a record of the calls (CopyA1: row, col, useM,
// useK; CopyB1 alike; DataCopyOut: the params and gm), and for
// kCbCustomOut a scratch area, the custom C, the scale and the Matmul's C.
struct CbCall {
  int row, col, h, w;
  uint64_t tilingPtr, dataPtr;
};
struct CbRecord {
  std::vector<CbCall> a, b;
  std::vector<DataCopyOutParams> out;
  std::vector<const void*> outGm;
  float* scratch = nullptr;
  float* custom = nullptr;
  float scale = 1.0f;
  const float* cBase = nullptr;
};
CbRecord* RecordOf(uint64_t dataPtr) {
  return dataPtr == 0 ? nullptr : reinterpret_cast<CbRecord*>(dataPtr) + GetBlockIdx();
}

// The stored tile (rows x cols at (r0, c0) of a matrix with row stride ld)
// into L1 in NZ: fractal columns of 32 bytes, rows rounded up to 16 (to 32
// for a 1-byte type whose stored rows are K: `kRows`). A 1-byte MDL tile
// over more than one base block of bw stored columns (bw not a multiple of
// 32: `split`) as the vendor's copy writes it: each base block's columns
// its own NZ matrix, round32(bw) x round32(rows) elements apart.
template <class T>
void TileToL1(const LocalTensor<int8_t>& l1, const __gm__ void* gm, int r0, int c0, int rows, int cols, int ld,
              bool kRows = false, int bw = 0) {
  GlobalTensor<T> src;
  src.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(const_cast<void*>(gm)));
  const int align = kRows && sizeof(T) == 1 ? 32 : 16;
  const bool split = sizeof(T) == 1 && bw % 32 != 0 && cols > bw;
  const int width = split ? bw : cols;
  for (int p = 0; p * width < cols; ++p) {
    const Nd2NzParams nz(1, static_cast<uint16_t>(rows), static_cast<uint16_t>(std::min(width, cols - p * width)), 0,
                         static_cast<uint16_t>(ld), static_cast<uint16_t>((rows + align - 1) / align * align), 1, 0);
    const int at = p * ((bw + 31) / 32 * 32) * ((rows + 31) / 32 * 32);
    DataCopy(l1.ReinterpretCast<T>()[static_cast<uint32_t>(at)], src[static_cast<uint64_t>(r0) * ld + c0 + p * width],
             nz);
  }
}
// kCbAddressList: per block, the addresses of A's two column halves (M x
// K/2 each, this block's rows) and K/2; CopyA1 ignores `gm`.
constexpr uint32_t kListSlots = 3;
template <class T>
void CopyA1Nd(const LocalTensor<int8_t>& a1, const __gm__ void* gm, int row, int col, int useM, int useK,
              const uint64_t tilingPtr, const uint64_t dataPtr) {
  const CbTiling& cb = *reinterpret_cast<const CbTiling*>(tilingPtr);
  const TCubeTiling& t = *cb.t;
  if (cb.mode == kCbAddressList) {
    GlobalTensor<uint64_t> list;
    list.SetGlobalBuffer(reinterpret_cast<__gm__ uint64_t*>(dataPtr), 64);
    const uint32_t slot = static_cast<uint32_t>(GetBlockIdx()) * kListSlots;
    const int halfK = static_cast<int>(list.GetValue(slot + 2)), k0 = col * t.baseK;
    const int part = k0 < halfK ? 0 : 1;  // a tile lies in one half: K/2 is a multiple of baseK
    const auto* src = reinterpret_cast<const __gm__ void*>(list.GetValue(slot + part));
    TileToL1<T>(a1, src, row * t.baseM, k0 - part * halfK, useM, useK, halfK);
    return;
  }
  if (CbRecord* r = RecordOf(dataPtr)) r->a.push_back({row, col, useM, useK, tilingPtr, dataPtr});
  if (cb.transA) {  // stored K x M
    TileToL1<T>(a1, gm, col * t.baseK, row * t.baseM, useK, useM, t.M, true, cb.mdl && t.stepM > 1 ? t.baseM : 0);
  } else {
    TileToL1<T>(a1, gm, row * t.baseM, col * t.baseK, useM, useK, t.Ka, false, cb.mdl && t.stepKa > 1 ? t.baseK : 0);
  }
}
template <class T>
void CopyB1Nd(const LocalTensor<int8_t>& b1, const __gm__ void* gm, int row, int col, int useK, int useN,
              const uint64_t tilingPtr, const uint64_t dataPtr) {
  const CbTiling& cb = *reinterpret_cast<const CbTiling*>(tilingPtr);
  const TCubeTiling& t = *cb.t;
  if (CbRecord* r = RecordOf(dataPtr)) r->b.push_back({row, col, useK, useN, tilingPtr, dataPtr});
  if (cb.transB) {  // stored N x K
    TileToL1<T>(b1, gm, col * t.baseN, row * t.baseK, useN, useK, t.Kb, false, cb.mdl && t.stepKb > 1 ? t.baseK : 0);
  } else {
    TileToL1<T>(b1, gm, row * t.baseK, col * t.baseN, useK, useN, t.N, true, cb.mdl && t.stepN > 1 ? t.baseN : 0);
  }
}
// The block out of L0C (float or int32_t, NZ) into ND at gm, by the params.
template <class U>
void FixpipeOut(const __gm__ void* gm, const LocalTensor<int8_t>& co1, const DataCopyOutParams& p, uint32_t dstStride) {
  GlobalTensor<U> dst;
  dst.SetGlobalBuffer(reinterpret_cast<__gm__ U*>(const_cast<void*>(gm)));
  const auto m = static_cast<uint16_t>(p.burstLen * 32 / (16 * sizeof(U)));
  FixpipeParamsV220 f(p.oriNSize, m, static_cast<uint16_t>((m + 15) / 16 * 16), dstStride, false);
  f.unitFlag = p.enUnitFlag ? 3 : 0;  // as the params ask (CFG_NORM: on; the MDL templates: off)
  Fixpipe<U, U, CFG_ROW_MAJOR>(dst, co1.ReinterpretCast<U>(), f);
}
template <class U>
void CopyOutNd(const __gm__ void* gm, const LocalTensor<int8_t>& co1, const void* params, const uint64_t tilingPtr,
               const uint64_t dataPtr) {
  const DataCopyOutParams& p = *static_cast<const DataCopyOutParams*>(params);
  const CbTiling& cb = *reinterpret_cast<const CbTiling*>(tilingPtr);
  CbRecord* r = RecordOf(dataPtr);
  if (cb.mode == kCbCustomOut) {
    // Through the scratch area into the custom C, transposed (N x M) and
    // scaled, at the block's place in C (where gm points); C is left alone.
    const TCubeTiling& t = *cb.t;
    const auto at = static_cast<const U*>(gm) - reinterpret_cast<const U*>(r->cBase);
    const auto row0 = at / t.N, col0 = at % t.N;
    GlobalTensor<U> scratch;
    scratch.SetGlobalBuffer(reinterpret_cast<U*>(r->scratch), static_cast<uint64_t>(t.baseM) * t.baseN);
    FixpipeOut<U>(scratch.GetPhyAddr(), co1, p, p.oriNSize);
    for (int i = 0; i < p.burstLen * 32 / (16 * static_cast<int>(sizeof(U))); ++i) {
      for (int j = 0; j < p.oriNSize; ++j) {
        r->custom[static_cast<size_t>(col0 + j) * t.M + row0 + i] =
            r->scale * static_cast<float>(scratch.GetValue(static_cast<uint64_t>(i) * p.oriNSize + j));
      }
    }
    return;
  }
  if (r != nullptr) r->out.push_back(p), r->outGm.push_back(gm);
  FixpipeOut<U>(gm, co1, p, p.dstStride);
}

template <class AT, class CT, auto OUT, auto CA, auto CB, const auto& CFG = CFG_NORM>
using CbMM = Matmul<MatmulType<TPosition::GM, CubeFormat::ND, AT, true>,
                    MatmulType<TPosition::GM, CubeFormat::ND, AT, true>, MatmulType<TPosition::GM, CubeFormat::ND, CT>,
                    MatmulType<TPosition::GM, CubeFormat::ND, CT>, CFG, MatmulCallBackFunc<OUT, CA, CB>>;
template <class AT, class CT, const auto& CFG = CFG_NORM>
using CbAll = CbMM<AT, CT, CopyOutNd<CT>, CopyA1Nd<AT>, CopyB1Nd<AT>, CFG>;
using CbAOnly = CbMM<half, float, nullptr, CopyA1Nd<half>, nullptr>;  // as the vendor sample declares it

// The MDL templates' L1 tiles: the tiling's steps, and depths that hold them.
void SetSteps(TCubeTiling& t, int stepM, int stepN, int stepKa, int stepKb) {
  t.stepM = stepM, t.stepN = stepN, t.stepKa = stepKa, t.stepKb = stepKb;
  t.depthA1 = stepM * stepKa, t.depthB1 = stepN * stepKb;
}

// The ways out of the callback kernels: C written plainly, or combined with
// C's earlier content by enAtomic 1 (add) / 2 (max).
enum class CbOut { kIterateAll, kIterate, kAtomicAdd, kAtomicMax };

// One block of a multi-core kernel with callbacks (kAtomicAdd: IterateAll
// with enAtomic 1, kAtomicMax: Iterate + GetTensorC with enAtomic 2).
template <class MMT, class AT, class CT>
void CbBlock(const CbTiling* cb, CbOut out, AT* a, AT* b, CT* c, CT* bias, CbRecord* rec) {
  TPipe pipe;
  MMT mm;
  const TCubeTiling& t = *cb->t;
  if (aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, &t)) return;
  const Offsets o = BlockOffsets(static_cast<int>(GetBlockIdx()), t, cb->transA, cb->transB);
  GlobalTensor<AT> ag, bg;
  GlobalTensor<CT> cg, biasg;
  ag.SetGlobalBuffer(a, static_cast<uint64_t>(t.M) * t.Ka);
  bg.SetGlobalBuffer(b, static_cast<uint64_t>(t.Kb) * t.N);
  cg.SetGlobalBuffer(c, static_cast<uint64_t>(t.M) * t.N);
  biasg.SetGlobalBuffer(bias, static_cast<uint64_t>(t.N));
  mm.SetUserDefInfo(reinterpret_cast<uint64_t>(cb));
  mm.SetSelfDefineData(reinterpret_cast<uint64_t>(rec));
  mm.SetTensorA(ag[o.a], cb->transA);
  mm.SetTensorB(bg[o.b], cb->transB);
  if (t.isBias) mm.SetBias(biasg[o.bias]);
  if (o.tailM < t.singleCoreM || o.tailN < t.singleCoreN) mm.SetTail(o.tailM, o.tailN);
  if (out == CbOut::kIterate || out == CbOut::kAtomicMax) {
    while (mm.Iterate()) mm.GetTensorC(cg[o.c], out == CbOut::kAtomicMax ? 2 : 0);
  } else {
    mm.IterateAll(cg[o.c], out == CbOut::kAtomicAdd ? 1 : 0);
  }
  mm.End();
}

// C's earlier value `was` combined with `v` as an atomic add / max of CT.
template <class CT>
CT Combined(CT was, CT v, CbOut out) {
  if (out == CbOut::kAtomicMax) return v > was ? v : was;
  if constexpr (std::is_integral_v<CT>) {
    return static_cast<CT>(static_cast<uint32_t>(was) + static_cast<uint32_t>(v));
  } else {
    return static_cast<CT>(static_cast<float>(was) + static_cast<float>(v));
  }
}

// The callbacks, bit for bit against the library's own copies (the same
// problem without callbacks, CFG_NORM) and the scalar model: all three
// (IterateAll, Iterate + GetTensorC, and into a C holding random values
// with enAtomic add and max), and for half CopyA1 alone; CFG: the Matmul's
// template (the MDL ones: tiles of the tiling's steps).
template <class AT, class CT, const auto& CFG = CFG_NORM>
void CbAgainstLibrary(const Problem& p, std::mt19937& rng, const TCubeTiling& t) {
  const CbTiling cb{&t, p.transA, p.transB, kCbPlain, CFG.doMultiDataLoad || CFG.doSpecialMDL};
  std::vector<AT> a = RandomVec<AT>(static_cast<size_t>(p.M) * p.K, rng);
  std::vector<AT> b = RandomVec<AT>(static_cast<size_t>(p.K) * p.N, rng);
  std::vector<CT> bias(static_cast<size_t>(p.N));
  for (auto& x : bias) x = static_cast<CT>(RandomIn<std::conditional_t<std::is_same_v<AT, int8_t>, int8_t, float>>(rng));
  const std::vector<Acc<AT>> ref = Reference<AT, CT>(p, a, b, bias);
  std::vector<CT> lib(ref.size(), CT(0));
  const auto n = static_cast<uint32_t>(t.usedCoreNum);
  aicore::LaunchNamed("matmul_block", MatmulBlock<AT, CT, CT, TPosition::GM, false>, n, &t, Out::kIterateAll,
                      p.transA, p.transB, a.data(), b.data(), lib.data(), bias.data(), uint64_t{0});
  ExpectC<CT>(lib, ref, p, "library copies");
  const std::vector<CT> init = RandomVec<CT>(ref.size(), rng);
  const auto run = [&](auto kernel, CbOut out, const char* what) {
    const bool atomic = out == CbOut::kAtomicAdd || out == CbOut::kAtomicMax;
    std::vector<CT> c = atomic ? init : std::vector<CT>(ref.size(), CT(0));
    aicore::LaunchNamed("cb_block", kernel, n, &cb, out, a.data(), b.data(), c.data(), bias.data(),
                        static_cast<CbRecord*>(nullptr));
    for (size_t i = 0; i < c.size(); ++i) {
      if (Bits(c[i]) != Bits(atomic ? Combined(init[i], lib[i], out) : lib[i])) {
        ADD_FAILURE() << what << " " << p.Str() << ": C[" << i / p.N << ", " << i % p.N << "] differs";
        break;
      }
    }
  };
  using All = CbAll<AT, CT, CFG>;
  run(CbBlock<All, AT, CT>, CbOut::kIterateAll, "all three, IterateAll");
  run(CbBlock<All, AT, CT>, CbOut::kIterate, "all three, Iterate");
  run(CbBlock<All, AT, CT>, CbOut::kAtomicAdd, "all three, IterateAll, enAtomic 1");
  run(CbBlock<All, AT, CT>, CbOut::kAtomicMax, "all three, Iterate + GetTensorC, enAtomic 2");
  if constexpr (std::is_same_v<AT, half> && !CFG.doMultiDataLoad && !CFG.doSpecialMDL) {
    run(CbBlock<CbAOnly, AT, CT>, CbOut::kIterateAll, "CopyA1 only");
  }
}

TEST_F(MatmulTest, CallbacksMatchTheLibraryCopiesAndTheModel) {
  std::mt19937 rng(21);
  for (int i = 0; i < 6; ++i) {
    Problem p = RandomProblem(rng, 4);
    CbAgainstLibrary<half, float>(p, rng, MakeTiling<half, float, float>(p));
    if (i < 3) CbAgainstLibrary<float, float>(p, rng, MakeTiling<float, float, float>(p));
    p.baseM = p.baseN = -1;  // int8 base blocks from the tiling
    if (i < 3) CbAgainstLibrary<int8_t, int32_t>(p, rng, MakeTiling<int8_t, int32_t, int32_t>(p));
  }
}

// With the MDL templates: random steps (L1 tiles of 1-3 base blocks along
// each axis, stepKa and stepKb apart), K in several steps.
constexpr MatmulConfig kSpecialMdlCfg = GetSpecialMDLConfig();
template <class AT, class CT, const auto& CFG>
void CbMdl(std::mt19937& rng) {
  Problem p = RandomProblem(rng, 3);
  p.K = 40 + static_cast<int>(rng() % 160);
  if (std::is_same_v<AT, int8_t>) {  // base blocks 16, 32 or 48 wide (16, 48: tiles split per base block)
    p.baseM = std::min(16 * (1 + static_cast<int>(rng() % 3)), (p.M + 15) / 16 * 16);
    p.baseN = std::min(16 * (1 + static_cast<int>(rng() % 3)), (p.N + 15) / 16 * 16);
  }
  TCubeTiling t = MakeTiling<AT, CT, CT>(p);
  t.baseK = std::min(t.baseK, 32);  // a multiple of 32 (int8_t) and of 16
  int steps[4];
  for (int& x : steps) x = 1 + static_cast<int>(rng() % 3);
  const auto l1 = [&] {  // bytes of the L1 tiles (the tiling's L1 rule)
    return (int64_t{steps[0]} * steps[2] * t.baseM + int64_t{steps[1]} * steps[3] * t.baseN) * t.baseK *
               static_cast<int64_t>(sizeof(AT)) + t.baseN * 4;
  };
  while (l1() > 512 * 1024) --*std::max_element(steps, steps + 4);
  SetSteps(t, steps[0], steps[1], steps[2], steps[3]);
  SCOPED_TRACE("stepM " + std::to_string(t.stepM) + " stepN " + std::to_string(t.stepN) + " stepKa " +
               std::to_string(t.stepKa) + " stepKb " + std::to_string(t.stepKb) + " base " + std::to_string(t.baseM) +
               " x " + std::to_string(t.baseN) + " x " + std::to_string(t.baseK));
  CbAgainstLibrary<AT, CT, CFG>(p, rng, t);
}

TEST_F(MatmulTest, CallbacksWithTheMdlTemplatesMatchTheLibraryCopies) {
  std::mt19937 rng(25);
  for (int i = 0; i < 4; ++i) {
    CbMdl<half, float, CFG_MDL>(rng);  // (float: the Norm test covers its 8-wide fractals)
    if (i < 2) CbMdl<int8_t, int32_t, CFG_MDL>(rng);
    if (i < 2) CbMdl<half, float, kSpecialMdlCfg>(rng);
  }
  // int8_t tiles split per base block: A transposed (base blocks 48 wide
  // along M, stepM 2), B not (16 wide along N, stepN 3).
  Problem p;
  p.M = 96, p.N = 100, p.K = 150, p.transA = true, p.baseM = 48, p.baseN = 16;
  TCubeTiling t = MakeTiling<int8_t, int32_t, int32_t>(p);
  ASSERT_EQ(t.baseM, 48);
  ASSERT_EQ(t.baseN, 16);
  t.baseK = 32;
  SetSteps(t, 2, 3, 2, 1);
  CbAgainstLibrary<int8_t, int32_t, CFG_MDL>(p, rng, t);
}

// The calls and what they receive: the user data, every tile with its
// indices and sizes (Norm: base blocks; MDL: steps of them), each tile
// copied again only when the buffer held another one, each C block with the
// vendor's DataCopyOutParams at its place in C.
template <const auto& CFG>
void CbRecorded(int stepM, int stepN, int stepKa, int stepKb) {
  std::mt19937 rng(22);
  Problem p;
  p.M = 70, p.N = 50, p.K = 100, p.baseM = 32, p.baseN = 16, p.bias = true;
  TCubeTiling t = MakeTiling<half, float, float>(p);
  ASSERT_EQ(t.usedCoreNum, 1);
  t.baseK = 32;
  SetSteps(t, stepM, stepN, stepKa, stepKb);
  constexpr bool kMdl = CFG.doMultiDataLoad || CFG.doSpecialMDL;
  if (!kMdl) stepM = stepN = stepKa = stepKb = 1;  // Norm: tiles of one base block
  const CbTiling cb{&t, false, false};
  std::vector<half> a = RandomVec<half>(static_cast<size_t>(p.M) * p.K, rng);
  std::vector<half> b = RandomVec<half>(static_cast<size_t>(p.K) * p.N, rng);
  std::vector<float> bias = RandomVec<float>(static_cast<size_t>(p.N), rng);
  std::vector<float> c(static_cast<size_t>(p.M) * p.N, 0.0f);
  CbRecord rec;
  aicore::LaunchNamed("cb_block", CbBlock<CbAll<half, float, CFG>, half, float>, 1u, &cb, CbOut::kIterateAll,
                      a.data(), b.data(), c.data(), bias.data(), &rec);
  ExpectC<float>(c, Reference<half, float>(p, a, b, bias), p, "recorded run");
  const auto len = [](int i, int base, int total) { return std::min(base, total - i * base); };
  // A's tiles (row, col) in base blocks of baseM x baseK, B's of baseK x baseN.
  const auto check = [&](const std::vector<CbCall>& calls, int stepR, int stepC, int baseR, int baseC, int rows,
                         int cols, const char* what) {
    std::set<std::pair<int, int>> seen;
    for (size_t i = 0; i < calls.size(); ++i) {
      const CbCall& x = calls[i];
      EXPECT_EQ(x.tilingPtr, reinterpret_cast<uint64_t>(&cb));
      EXPECT_EQ(x.dataPtr, reinterpret_cast<uint64_t>(&rec));
      EXPECT_EQ(x.row % stepR, 0) << what;
      EXPECT_EQ(x.col % stepC, 0) << what;
      EXPECT_EQ(x.h, std::min(stepR * baseR, rows - x.row * baseR)) << what;
      EXPECT_EQ(x.w, std::min(stepC * baseC, cols - x.col * baseC)) << what;
      if (i > 0) {
        EXPECT_FALSE(x.row == calls[i - 1].row && x.col == calls[i - 1].col) << what << ": copied again";
      }
      seen.insert({x.row, x.col});
    }
    const int tr = (rows + stepR * baseR - 1) / (stepR * baseR), tc = (cols + stepC * baseC - 1) / (stepC * baseC);
    EXPECT_EQ(seen.size(), static_cast<size_t>(tr * tc)) << what << ": every tile";
  };
  check(rec.a, stepM, stepKa, t.baseM, t.baseK, p.M, p.K, "A");
  check(rec.b, stepKb, stepN, t.baseK, t.baseN, p.K, p.N, "B");
  const int mIter = (p.M + t.baseM - 1) / t.baseM, nIter = (p.N + t.baseN - 1) / t.baseN;
  ASSERT_EQ(rec.out.size(), static_cast<size_t>(mIter * nIter));
  for (size_t i = 0; i < rec.out.size(); ++i) {
    const DataCopyOutParams& o = rec.out[i];
    const int mLen = len(o.curM, t.baseM, p.M), nLen = len(o.curN, t.baseN, p.N);
    EXPECT_EQ(rec.outGm[i], c.data() + static_cast<size_t>(o.curM) * t.baseM * p.N + o.curN * t.baseN);
    EXPECT_EQ(o.cBurstNum, (nLen + 15) / 16);
    EXPECT_EQ(o.burstLen, mLen * 16 * 4 / 32);
    EXPECT_EQ(o.dstStride, static_cast<uint32_t>(p.N));
    EXPECT_EQ(o.oriNSize, nLen);
    EXPECT_EQ(o.quantMode, 0);
  }
}

TEST_F(MatmulTest, CallbacksReceiveTheTilesTheirPlacesAndTheUserData) {
  CbRecorded<CFG_NORM>(2, 2, 2, 2);
  {
    SCOPED_TRACE("MDL");
    CbRecorded<CFG_MDL>(2, 3, 2, 3);
  }
  {
    SCOPED_TRACE("MDL, stepKa > stepKb");
    CbRecorded<CFG_MDL>(3, 1, 3, 1);
  }
}

TEST_F(MatmulTest, CallbackWritesCTransposedAndScaledElsewhere) {
  std::mt19937 rng(23);
  Problem p;
  p.M = 90, p.N = 75, p.K = 60, p.baseM = 32, p.baseN = 48, p.dim = 3, p.transB = true;
  const TCubeTiling t = MakeTiling<half, float, float>(p);
  const CbTiling cb{&t, false, true, kCbCustomOut};
  std::vector<half> a = RandomVec<half>(static_cast<size_t>(p.M) * p.K, rng);
  std::vector<half> b = RandomVec<half>(static_cast<size_t>(p.K) * p.N, rng);
  std::vector<float> bias(static_cast<size_t>(p.N), 0.0f);
  std::vector<float> c(static_cast<size_t>(p.M) * p.N, 0.0f), custom(c.size(), -1.0f);
  const auto blocks = static_cast<size_t>(t.usedCoreNum);
  std::vector<float> scratch(blocks * t.baseM * t.baseN);
  std::vector<CbRecord> rec(blocks);
  for (size_t i = 0; i < blocks; ++i) {
    rec[i].scratch = scratch.data() + i * t.baseM * t.baseN;
    rec[i].custom = custom.data();
    rec[i].scale = 0.5f;
    rec[i].cBase = c.data();
  }
  aicore::LaunchNamed("cb_block", CbBlock<CbAll<half, float>, half, float>, static_cast<uint32_t>(blocks), &cb,
                      CbOut::kIterate, a.data(), b.data(), c.data(), bias.data(), rec.data());
  const std::vector<float> ref = Reference<half, float>(p, a, b, {});
  for (int i = 0; i < p.M; ++i) {
    for (int j = 0; j < p.N; ++j) {
      ASSERT_EQ(Bits(custom[static_cast<size_t>(j) * p.M + i]), Bits(0.5f * ref[static_cast<size_t>(i) * p.N + j]))
          << i << ", " << j;
      ASSERT_EQ(c[static_cast<size_t>(i) * p.N + j], 0.0f) << "the Matmul's own C is not written";
    }
  }
}

// The vendor sample's pattern (MatmulCallBackFunc<nullptr, CopyA1,
// nullptr>): A is not one matrix in GM but two (its K halves, in separate
// buffers); CopyA1 ignores `gm` and finds each tile's source in an address
// list in GM (SetSelfDefineData), indexed by the block.
TEST_F(MatmulTest, VendorSampleCallbackPatternReadsANonContiguousA) {
  std::mt19937 rng(24);
  Problem p;
  p.M = 256, p.N = 48, p.K = 512, p.baseM = 128, p.baseN = 48, p.dim = 2, p.bias = true;
  const TCubeTiling t = MakeTiling<half, float, float>(p);
  ASSERT_EQ((p.K / 2) % t.baseK, 0) << "baseK " << t.baseK;
  const CbTiling cb{&t, false, false, kCbAddressList};
  std::vector<half> a = RandomVec<half>(static_cast<size_t>(p.M) * p.K, rng);
  std::vector<half> b = RandomVec<half>(static_cast<size_t>(p.K) * p.N, rng);
  std::vector<float> bias = RandomVec<float>(static_cast<size_t>(p.N), rng);
  std::vector<half> lo, hi;  // A's columns [0, K/2) and [K/2, K), each M x K/2
  for (int i = 0; i < p.M; ++i) {
    lo.insert(lo.end(), a.begin() + i * p.K, a.begin() + i * p.K + p.K / 2);
    hi.insert(hi.end(), a.begin() + i * p.K + p.K / 2, a.begin() + (i + 1) * p.K);
  }
  std::vector<float> c(static_cast<size_t>(p.M) * p.N, 0.0f);
  std::vector<uint64_t> list(64, 0);
  aicore::LaunchNamed(
      "cb_sample",
      [&] {
        TPipe pipe;
        CbAOnly mm;
        aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, &t);
        const Offsets o = BlockOffsets(static_cast<int>(GetBlockIdx()), t, false, false);
        const int row0 = o.a / p.K;  // the block's first row of A
        GlobalTensor<uint64_t> lg;
        lg.SetGlobalBuffer(list.data(), list.size());
        const uint32_t slot = static_cast<uint32_t>(GetBlockIdx()) * kListSlots;
        lg.SetValue(slot, reinterpret_cast<uint64_t>(lo.data() + row0 * p.K / 2));
        lg.SetValue(slot + 1, reinterpret_cast<uint64_t>(hi.data() + row0 * p.K / 2));
        lg.SetValue(slot + 2, static_cast<uint64_t>(p.K / 2));
        GlobalTensor<half> ag, bg;  // A: a placeholder the callback does not read
        GlobalTensor<float> cg, biasg;
        ag.SetGlobalBuffer(lo.data(), lo.size());
        bg.SetGlobalBuffer(b.data(), b.size());
        cg.SetGlobalBuffer(c.data(), c.size());
        biasg.SetGlobalBuffer(bias.data(), bias.size());
        mm.SetUserDefInfo(reinterpret_cast<uint64_t>(&cb));
        mm.SetSelfDefineData(reinterpret_cast<uint64_t>(lg.GetPhyAddr()));
        mm.SetTensorA(ag);
        mm.SetTensorB(bg[o.b]);
        mm.SetBias(biasg[o.bias]);
        if (o.tailM < t.singleCoreM || o.tailN < t.singleCoreN) mm.SetTail(o.tailM, o.tailN);
        mm.IterateAll(cg[o.c]);
        mm.End();
      },
      static_cast<uint32_t>(t.usedCoreNum));
  ExpectC<float>(c, Reference<half, float>(p, a, b, bias), p, "A from two buffers through CopyA1");
}

constexpr MatmulConfig kDualMasterCfg = GetNormalConfig(false, false, false, BatchMode::BATCH_LESS_THAN_L1, true,
                                                        IterateOrder::UNDEF, ScheduleType::INNER_PRODUCT, true, true);

TEST_F(MatmulTest, CallbackMisuseIsReported) {
  Fixture f;
  const CbTiling cb{&f.t, false, false};
  // SetSelfDefineData must come before SetTensorA and SetTensorB.
  auto order = [&](int selfAt) {  // 0: before both, 1: between, 2: after both
    return [&f, &cb, selfAt] {
      TPipe pipe;
      CbAll<half, float> mm;
      aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, &f.t);
      mm.SetUserDefInfo(reinterpret_cast<uint64_t>(&cb));
      if (selfAt == 0) mm.SetSelfDefineData(0);
      mm.SetTensorA(f.A());
      if (selfAt == 1) mm.SetSelfDefineData(0);
      mm.SetTensorB(f.B());
      if (selfAt == 2) mm.SetSelfDefineData(0);
      mm.IterateAll(f.C());
    };
  };
  EXPECT_MM_ERROR("but SetTensorA and SetTensorB were not called after it", order(2));
  EXPECT_MM_ERROR("but SetTensorA was not called after it", order(1));
  EXPECT_MM_CLEAN(order(0));
  // Not with enableMixDualMaster.
  auto dual = [&](bool setInfo) {
    return [&f, &cb, setInfo] {
      TPipe pipe;
      CbMM<half, float, nullptr, CopyA1Nd<half>, nullptr, kDualMasterCfg> mm;
      aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, &f.t);
      if (setInfo) mm.SetUserDefInfo(reinterpret_cast<uint64_t>(&cb));
      mm.SetTensorA(f.A());
      mm.SetTensorB(f.B());
    };
  };
  EXPECT_MM_ERROR("not available with MatmulConfig::enableMixDualMaster", dual(true));
  EXPECT_MM_CLEAN(dual(false));
}

// ---------------------------------------------------------------------------
// 4:2 sparse Matmul: B a SparseMatmulType (int8_t, transposed, ND or NZ in
// GM), its index matrix through SetSparseIndex (2-bit indices, four per
// byte from the low bits, NZ fractals of 16 rows x 8 bytes), the MDL
// template in a cube kernel, as the vendor's matmul_sparse sample.

// The documented selection table: index pair -> the elements of the 4-group
// that meet the group's first and second kept value.
struct SparseSel {
  uint8_t i0, i1, p0, p1;
};
constexpr SparseSel kSparseSel[] = {{2, 2, 2, 3}, {1, 2, 1, 3}, {0, 2, 0, 3}, {1, 1, 1, 2},
                                    {0, 1, 0, 2}, {0, 0, 0, 1}, {2, 0, 2, 2}, {1, 0, 1, 1}};

// A compressed B (N x K/2, transposed) with its indices, and the dense
// N x K B they stand for (int32_t: two kept values on one element add up).
struct SparseB {
  std::vector<int8_t> nd, nz;  // N x K/2 (row stride K/2); NZ: fractal columns of 32, round16(N) rows
  std::vector<uint8_t> index;  // NZ: fractal columns of 8 bytes, round16(N) rows
  std::vector<int32_t> dense;  // N x K
  std::vector<int8_t> orig;    // densified: the sparse N x K B itself
};

// densified: each 4-group of a random sparse row keeps its (at most 2)
// non-zeros, densified as MmadWithSparse documents it; else random values
// with random pairs of the table.
SparseB MakeSparseB(int N, int K, bool densified, std::mt19937& rng) {
  SparseB s;
  const int kd = K / 2, n16 = (N + 15) / 16 * 16, idxCols = (kd + 3) / 4;
  s.nd.assign(static_cast<size_t>(N) * kd, 0);
  s.nz.assign(static_cast<size_t>((kd + 31) / 32) * n16 * 32, 0);
  s.index.assign(static_cast<size_t>((idxCols + 7) / 8) * n16 * 8, 0);
  s.dense.assign(static_cast<size_t>(N) * K, 0);
  s.orig.assign(static_cast<size_t>(N) * K, 0);
  for (int j = 0; j < N; ++j) {
    for (int g = 0; g < K / 4; ++g) {
      int8_t v[2] = {0, 0};
      uint8_t ix[2] = {0, 0};
      if (densified) {
        int8_t grp[4] = {0, 0, 0, 0};
        const int cnt = static_cast<int>(rng() % 3);
        for (int t = 0; t < cnt; ++t) grp[rng() % 4] = static_cast<int8_t>(1 + rng() % 255);
        std::memcpy(&s.orig[static_cast<size_t>(j) * K + 4 * g], grp, 4);
        std::vector<int> nzp;
        for (int q = 0; q < 4; ++q) {
          if (grp[q] != 0) nzp.push_back(q);
        }
        if (nzp.size() == 1 && nzp[0] == 3) {  // the last element: the second kept value, index 2
          ix[1] = 2, v[1] = grp[3];
        } else if (nzp.size() == 1) {
          ix[0] = static_cast<uint8_t>(nzp[0]), v[0] = grp[nzp[0]];
        } else if (nzp.size() == 2) {
          ix[0] = static_cast<uint8_t>(nzp[0]), ix[1] = static_cast<uint8_t>(nzp[1] - 1);
          v[0] = grp[nzp[0]], v[1] = grp[nzp[1]];
        }
      } else {
        const SparseSel& sel = kSparseSel[rng() % 8];
        ix[0] = sel.i0, ix[1] = sel.i1;
        v[0] = static_cast<int8_t>(rng() % 256), v[1] = static_cast<int8_t>(rng() % 256);
      }
      for (const SparseSel& sel : kSparseSel) {
        if (sel.i0 != ix[0] || sel.i1 != ix[1]) continue;
        s.dense[static_cast<size_t>(j) * K + 4 * g + sel.p0] += v[0];
        s.dense[static_cast<size_t>(j) * K + 4 * g + sel.p1] += v[1];
      }
      for (int t = 0; t < 2; ++t) {
        const int r = 2 * g + t;
        s.nd[static_cast<size_t>(j) * kd + r] = v[t];
        s.nz[static_cast<size_t>(r / 32) * n16 * 32 + j * 32 + r % 32] = v[t];
        const int byte = r / 4;
        s.index[static_cast<size_t>(byte / 8) * n16 * 8 + j * 8 + byte % 8] |= static_cast<uint8_t>(ix[t] << (2 * (r % 4)));
      }
    }
  }
  return s;
}

TCubeTiling MakeSparseTiling(const Problem& p) {
  matmul_tiling::MultiCoreMatmulTiling t;
  using matmul_tiling::CubeFormat;
  using matmul_tiling::DataType;
  using matmul_tiling::TPosition;
  t.SetDim(p.dim);
  t.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_INT8, false);
  t.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_INT8, true);
  t.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_INT32);
  t.SetBiasType(TPosition::GM, CubeFormat::ND, DataType::DT_INT32);
  t.SetShape(p.M, p.N, p.K);
  t.SetOrgShape(p.M, p.N, p.K);
  t.SetBias(p.bias);
  t.SetSparse(true);
  if (p.baseM > 0 || p.baseN > 0) t.SetFixSplit(p.baseM, p.baseN, -1);
  t.SetBufferSpace(-1, -1, -1);
  TCubeTiling tiling;
  EXPECT_EQ(t.GetTiling(tiling), 0) << p.Str();
  return tiling;
}

template <CubeFormat BF, class BT = int8_t, const auto& CFG = CFG_MDL, bool TRANS = true,
          TPosition IDX = TPosition::GM>
using SparseMM = Matmul<MatmulType<TPosition::GM, CubeFormat::ND, BT>,
                        SparseMatmulType<TPosition::GM, IDX, BF, BT, TRANS>,
                        MatmulType<TPosition::GM, CubeFormat::ND, Acc<BT>>,
                        MatmulType<TPosition::GM, CubeFormat::ND, Acc<BT>>, CFG>;

// One cube block of the sparse kernel (the sample's offsets: B and the
// index advance by whole N rows of the compressed B and of the NZ index).
template <CubeFormat BF>
void SparseBlock(const TCubeTiling* tiling, bool iterate, const int8_t* a, const SparseB* s, int32_t* c,
                 const int32_t* bias) {
  TPipe pipe;
  SparseMM<BF> mm;
  aicore::lib::RegistMatmulObj<true>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, tiling);
  const TCubeTiling& t = *tiling;
  const Offsets o = BlockOffsets(static_cast<int>(GetBlockIdx()), t, false, true);
  const int n0 = o.bias;  // the block's first column
  const std::vector<int8_t>& b = BF == CubeFormat::NZ ? s->nz : s->nd;
  GlobalTensor<int8_t> ag, bg;
  GlobalTensor<uint8_t> ig;
  GlobalTensor<int32_t> cg, biasg;
  ag.SetGlobalBuffer(const_cast<int8_t*>(a), static_cast<uint64_t>(t.M) * t.Ka);
  bg.SetGlobalBuffer(const_cast<int8_t*>(b.data()), b.size());
  ig.SetGlobalBuffer(const_cast<uint8_t*>(s->index.data()), s->index.size());
  cg.SetGlobalBuffer(c, static_cast<uint64_t>(t.M) * t.N);
  biasg.SetGlobalBuffer(const_cast<int32_t*>(bias), static_cast<uint64_t>(t.N));
  mm.SetTensorA(ag[o.a]);
  mm.SetTensorB(bg[BF == CubeFormat::NZ ? n0 * 32 : n0 * (t.Kb / 2)], true);
  mm.SetSparseIndex(ig[n0 * 8]);
  if (t.isBias) mm.SetBias(biasg[o.bias]);
  if (o.tailM < t.singleCoreM || o.tailN < t.singleCoreN) mm.SetTail(o.tailM, o.tailN);
  if (iterate) {
    while (mm.Iterate()) mm.GetTensorC(cg[o.c]);
  } else {
    mm.IterateAll(cg[o.c]);
  }
  mm.End();
}

// C of a sparse problem against the model: the dense B rebuilt from the
// compressed B and its indices, then a plain int32_t matmul (wrapping).
template <CubeFormat BF>
void RunSparse(const Problem& p, bool densified, std::mt19937& rng) {
  const TCubeTiling t = MakeSparseTiling(p);
  const std::vector<int8_t> a = RandomVec<int8_t>(static_cast<size_t>(p.M) * p.K, rng);
  const SparseB s = MakeSparseB(p.N, p.K, densified, rng);
  std::vector<int32_t> bias(static_cast<size_t>(p.N));
  for (auto& x : bias) x = static_cast<int32_t>(rng() % 20001) - 10000;
  std::vector<int32_t> ref(static_cast<size_t>(p.M) * p.N);
  for (int i = 0; i < p.M; ++i) {
    for (int j = 0; j < p.N; ++j) {
      uint32_t acc = p.bias ? static_cast<uint32_t>(bias[j]) : 0u;
      for (int k = 0; k < p.K; ++k) {
        acc += static_cast<uint32_t>(int32_t{a[static_cast<size_t>(i) * p.K + k]} * s.dense[static_cast<size_t>(j) * p.K + k]);
      }
      ref[static_cast<size_t>(i) * p.N + j] = static_cast<int32_t>(acc);
    }
  }
  if (densified) {  // the rebuilt B is the sparse B: the plain matmul of A and the sparse B agrees
    Problem q = p;
    q.transB = true;
    EXPECT_TRUE((Reference<int8_t, int32_t>(q, a, s.orig, bias) == ref));
  }
  for (bool iterate : {false, true}) {
    std::vector<int32_t> c(static_cast<size_t>(p.M) * p.N, 0);
    aicore::detail::LaunchConfig cfg;
    cfg.geom = aicore::detail::Geometry::kAIC;
    aicore::detail::LaunchWith(cfg, aicore::SrcLoc::Current(), "matmul_sparse", SparseBlock<BF>,
                               static_cast<uint32_t>(t.usedCoreNum), &t, iterate, a.data(), &s, c.data(),
                               bias.data());
    ExpectC<int32_t>(c, ref, p, std::string(BF == CubeFormat::NZ ? "NZ B, " : "ND B, ") +
                                    (densified ? "densified, " : "table pairs, ") +
                                    (iterate ? "Iterate + GetTensorC" : "IterateAll"));
  }
}

TEST_F(MatmulTest, SparseMatchesTheDenseModel) {
  std::mt19937 rng(1101);
  std::vector<Problem> ps;
  auto add = [&](int M, int N, int K, bool bias, int dim, int baseM = -1, int baseN = -1) {
    Problem p;
    p.M = M, p.N = N, p.K = K, p.transB = true, p.bias = bias, p.dim = dim, p.baseM = baseM, p.baseN = baseN;
    ps.push_back(p);
  };
  add(128, 512, 64, false, 4);  // the vendor sample's M and K
  add(40, 50, 68, true, 1, 16, 32);
  add(17, 33, 132, true, 2);
  add(1, 20, 4, false, 1);
  for (int i = 0; i < 4; ++i) {
    add(1 + static_cast<int>(rng() % 90), 1 + static_cast<int>(rng() % 90), 4 * (1 + static_cast<int>(rng() % 70)),
        rng() % 2 == 0, 1 + static_cast<int>(rng() % 3));
  }
  for (const Problem& p : ps) {
    for (bool densified : {true, false}) {
      RunSparse<CubeFormat::ND>(p, densified, rng);
      RunSparse<CubeFormat::NZ>(p, densified, rng);
    }
  }
}

// Each misuse the reference states, with its clean twin (a 16 x 32 x 64
// problem in one cube block).
struct SparseFixture {
  Problem p;
  TCubeTiling t;
  std::vector<int8_t> a;
  SparseB s;
  std::vector<int32_t> c;
  SparseFixture() {
    std::mt19937 rng(5);
    p.M = 16, p.N = 32, p.K = 64;
    t = MakeSparseTiling(p);
    a = RandomVec<int8_t>(static_cast<size_t>(p.M) * p.K, rng);
    s = MakeSparseB(p.N, p.K, true, rng);
    c.assign(static_cast<size_t>(p.M) * p.N, 0);
  }
  template <class T>
  static GlobalTensor<T> G(const std::vector<T>& v, size_t n = 0) {
    GlobalTensor<T> g;
    g.SetGlobalBuffer(const_cast<T*>(v.data()), n ? n : v.size());
    return g;
  }
  // Registration, A and B, the index (unless `index` is false) and IterateAll.
  template <class MMT>
  void Run(bool transB = true, bool index = true, size_t indexBytes = 0) {
    TPipe pipe;
    MMT mm;
    aicore::lib::RegistMatmulObj<true>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, &t);
    mm.SetTensorA(G(a));
    mm.SetTensorB(G(s.nd), transB);
    if (index) mm.SetSparseIndex(G(s.index, indexBytes));
    mm.IterateAll(G(c));
  }
  // Only the registration and SetSparseIndex (the type checks).
  template <class MMT>
  void SetIndexOnly() {
    TPipe pipe;
    MMT mm;
    aicore::lib::RegistMatmulObj<true>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, &t);
    mm.SetSparseIndex(G(s.index));
  }
};

constexpr MatmulConfig kSparseNormCfg = CFG_NORM;

TEST_F(MatmulTest, SparseMisuseIsReported) {
  SparseFixture f;
  using Good = SparseMM<CubeFormat::ND>;
  EXPECT_MM_CLEAN([&] { f.SetIndexOnly<Good>(); });
  EXPECT_MM_CLEAN([&] { f.Run<Good>(); });
  // SetSparseIndex on a Matmul whose B is no SparseMatmulType.
  EXPECT_MM_ERROR("Matmul::SetSparseIndex", [&] { f.SetIndexOnly<MM<int8_t, int32_t, int32_t, TPosition::GM, false>>(); });
  EXPECT_MM_ERROR("B's MatmulType is not a SparseMatmulType",
                  [&] { f.SetIndexOnly<MM<int8_t, int32_t, int32_t, TPosition::GM, false>>(); });
  // The declaration: MDL only, int8_t only, transposed only, the index in GM.
  EXPECT_MM_ERROR("the MatmulConfig is not MDL",
                  [&] { f.SetIndexOnly<SparseMM<CubeFormat::ND, int8_t, kSparseNormCfg>>(); });
  EXPECT_MM_ERROR("SparseMatmulType's TYPE is half: only int8_t is supported",
                  [&] { f.SetIndexOnly<SparseMM<CubeFormat::ND, half>>(); });
  EXPECT_MM_ERROR("SparseMatmulType's ISTRANS is false",
                  [&] { f.SetIndexOnly<SparseMM<CubeFormat::ND, int8_t, CFG_MDL, false>>(); });
  EXPECT_MM_ERROR("SparseMatmulType's INDEX_POSITION is TPosition::TSCM",
                  [&] { f.SetIndexOnly<SparseMM<CubeFormat::ND, int8_t, CFG_MDL, true, TPosition::TSCM>>(); });
  // The run: no index, B not transposed, the index beyond its tensor.
  EXPECT_MM_ERROR("the sparse index matrix was never set: call SetSparseIndex first",
                  [&] { f.Run<Good>(true, false); });
  EXPECT_MM_ERROR("B was set without the transpose", [&] { f.Run<Good>(false); });
  EXPECT_MM_ERROR("the sparse index spans 256 elements",
                  [&] { f.Run<Good>(true, true, f.s.index.size() - 1); });
  // An index pair outside the table.
  SparseFixture bad;
  bad.s.index[8 * 5 + 1] |= 3 << 4;  // row 5, byte 1: compressed row 6, index 3
  EXPECT_MM_ERROR("the indices (3, ", [&] { bad.Run<Good>(); });
  EXPECT_MM_ERROR("compressed rows 6 and 7, column 5", [&] { bad.Run<Good>(); });
  // K not a multiple of 4 (aicore's limit).
  SparseFixture k62;
  k62.p.K = 62;
  k62.t = MakeSparseTiling(k62.p);
  EXPECT_MM_ERROR("singleCoreK 62 is not a multiple of 4", [&] { k62.Run<Good>(); });
  // Pure cube mode only: not from the vector blocks of a mixed kernel.
  auto mixed = [&](aicore::detail::Geometry geom) {
    try {
      aicore::detail::LaunchConfig cfg;
      cfg.geom = geom;
      aicore::detail::LaunchWith(cfg, aicore::SrcLoc::Current(), "mm_kernel", [&] {
        TPipe pipe;
        Good mm;
        if (aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, &f.t)) {
          return;  // the cube block of a mixed launch
        }
        mm.SetSparseIndex(SparseFixture::G(f.s.index));
      }, 1);
    } catch (const aicore::KernelError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(mixed(aicore::detail::Geometry::kMix).find("called from a vector block of a mixed kernel"),
            std::string::npos);
  EXPECT_EQ(mixed(aicore::detail::Geometry::kAIC), "");
}

}  // namespace
