// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Matmul::IterateBatch over the batch layouts BSNGD, SBNGD and BNGS1S2
// (host tiling: SetALayout / SetBLayout / SetCLayout / SetBatchNum), and
// IterateNBatch with GetBatchTensorC / GetBatchC. Random problems (B, N, G
// axes, G broadcast of A or B, the G reduce into C, M/N/K with tails of the
// base blocks, transposes, bias) are checked bit for bit against the
// reference model: each batch's A and B sub-matrices copied out of their
// layout by plain index arithmetic, one non-batch Matmul (IterateAll) on
// the dense copies, its C put (or, for the G reduce, added) at the batch's
// place in C's layout (with a bias and the G reduce: the bias in each
// call's first batch only). BSNGD / SBNGD C also to UB; enPartialSum with
// the G reduce against fma chains. half x half -> float
// only: the layouts are about addresses, and the dtypes' paths are those
// test_lib_matmul_batch covers (few Matmul instantiations per layout keep
// this file quick to compile).
// Then each KernelError with its clean twin.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "aicore/aicore.h"
#include "aicore/lib/matmul/host_tiling.h"
#include "aicore/lib/matmul/matmul.h"
#include "unit/lib/matmul_test_util.h"

using namespace AscendC;

namespace {

using mmtest::Bits;
using mmtest::DtOf;

// An operand's axes: [B, S, N, G, D] (BSNGD), [S, B, N, G, D] (SBNGD),
// [B, N, G, S, D] (BNGS1S2); each matrix is S x D.
struct Axes {
  int b = 1, s = 1, n = 1, g = 1, d = 1;
  size_t Elems() const { return static_cast<size_t>(b) * s * n * g * d; }
};

// Where matrix j starts and its row stride: the layout's index arithmetic.
size_t MatStart(LayoutMode m, const Axes& x, size_t j) {
  const size_t ng = static_cast<size_t>(x.n) * x.g;
  if (m == LayoutMode::BSNGD) return (j / ng) * x.s * ng * x.d + (j % ng) * x.d;
  if (m == LayoutMode::SBNGD) return j * x.d;
  return j * x.s * x.d;  // BNGS1S2, NORMAL
}
size_t RowStride(LayoutMode m, const Axes& x) {
  if (m == LayoutMode::BSNGD) return static_cast<size_t>(x.n) * x.g * x.d;
  if (m == LayoutMode::SBNGD) return static_cast<size_t>(x.b) * x.n * x.g * x.d;
  return x.d;
}

struct Problem {
  int M = 0, N = 0, K = 0, nb = 1, nn = 1, ag = 1, bg = 1, cg = 1;
  int batchA = 1, batchB = 1;
  bool transA = false, transB = false, bias = false;
  int G() const { return std::max(ag, bg); }
  int BatchC() const { return std::max(batchA, batchB); }
  int Reduce() const { return cg == 1 && G() > 1 ? G() : 1; }
  int Loops() const { return nb * nn * G() / BatchC(); }
  Axes A() const { return transA ? Axes{nb, K, nn, ag, M} : Axes{nb, M, nn, ag, K}; }
  Axes B() const { return transB ? Axes{nb, N, nn, bg, K} : Axes{nb, K, nn, bg, N}; }
  Axes C() const { return Axes{nb, M, nn, cg, N}; }
  std::string Str() const {
    return "M " + std::to_string(M) + " N " + std::to_string(N) + " K " + std::to_string(K) + " B " +
           std::to_string(nb) + " N-axis " + std::to_string(nn) + " G a/b/c " + std::to_string(ag) + "/" +
           std::to_string(bg) + "/" + std::to_string(cg) + " batchA " + std::to_string(batchA) + " batchB " +
           std::to_string(batchB) + " transA " + std::to_string(transA) + " transB " + std::to_string(transB) +
           " bias " + std::to_string(bias);
  }
};

// The host tiling, as the vendor's batch_matmul sample makes it.
template <class AT>
TCubeTiling MakeTiling(const Problem& p, bool layouts = true) {
  matmul_tiling::MultiCoreMatmulTiling t;
  using matmul_tiling::CubeFormat;
  using matmul_tiling::TPosition;
  t.SetDim(1);
  t.SetAType(TPosition::GM, CubeFormat::ND, DtOf<AT>(), p.transA);
  t.SetBType(TPosition::GM, CubeFormat::ND, DtOf<AT>(), p.transB);
  t.SetCType(TPosition::GM, CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT);
  t.SetBiasType(TPosition::GM, CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT);
  t.SetShape(p.M, p.N, p.K);
  t.SetOrgShape(p.M, p.N, p.K);
  t.SetBias(p.bias);
  t.SetFixSplit(16, std::min(32, (p.N + 15) / 16 * 16), -1);  // small base blocks: tails in M and N
  t.SetBufferSpace(-1, -1, -1);
  if (layouts) {
    const Axes a = p.A(), b = p.B(), c = p.C();
    EXPECT_EQ(t.SetALayout(a.b, a.s, a.n, a.g, a.d), 0);
    EXPECT_EQ(t.SetBLayout(b.b, b.s, b.n, b.g, b.d), 0);
    EXPECT_EQ(t.SetCLayout(c.b, c.s, c.n, c.g, c.d), 0);
    EXPECT_EQ(t.SetBatchNum(p.BatchC()), 0);
  }
  TCubeTiling tiling;
  EXPECT_EQ(t.GetTiling(tiling), 0) << p.Str();
  return tiling;
}

template <class T>
std::vector<T> RandomVec(size_t n, std::mt19937& rng) {
  std::vector<T> v(n);
  for (auto& x : v) x = static_cast<T>(static_cast<float>(static_cast<int>(rng() % 2001) - 1000) / 256.0f);
  return v;
}

template <class T>
GlobalTensor<T> Gm(std::vector<T>& v, size_t off = 0) {
  GlobalTensor<T> g;
  g.SetGlobalBuffer(v.data() + off, v.size() - off);
  return g;
}

constexpr MatmulConfig kNBatchCfg = GetNormalConfig(false, true);

template <class AT, LayoutMode L, LayoutMode LC, const auto& CFG = CFG_NORM, TPosition CPOS = TPosition::GM,
          CubeFormat FC = CubeFormat::ND>
using LMM = Matmul<MatmulType<TPosition::GM, CubeFormat::ND, AT, true, L>,
                   MatmulType<TPosition::GM, CubeFormat::ND, AT, true, L>,
                   MatmulType<CPOS, FC, float, false, LC>,
                   MatmulType<TPosition::GM, CubeFormat::ND, float>, CFG>;

// The reference model (see the file comment).
template <class AT, LayoutMode L, LayoutMode LC>
std::vector<float> Reference(const TCubeTiling& t, const Problem& p, const std::vector<AT>& a,
                             const std::vector<AT>& b, std::vector<float>& bias) {
  const Axes xa = p.A(), xb = p.B(), xc = p.C();
  std::vector<float> c(xc.Elems(), 0.0f);
  std::vector<AT> da(static_cast<size_t>(xa.s) * xa.d), db(static_cast<size_t>(xb.s) * xb.d);
  std::vector<float> dc(static_cast<size_t>(p.M) * p.N);
  aicore::Launch(
      [&] {
        TPipe pipe;
        LMM<AT, LayoutMode::NONE, LayoutMode::NONE> mm;
        aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, &t);
        const int bc = p.BatchC();
        for (int q = 0; q < p.Loops() * bc; ++q) {
          const int l = q / bc, i = q % bc;
          const size_t ja = static_cast<size_t>(l) * p.batchA + i / (bc / p.batchA);
          const size_t jb = static_cast<size_t>(l) * p.batchB + i / (bc / p.batchB);
          const size_t jc = static_cast<size_t>(q / p.Reduce());
          for (int r = 0; r < xa.s; ++r) {
            for (int k = 0; k < xa.d; ++k) {
              da[static_cast<size_t>(r) * xa.d + k] = a[MatStart(L, xa, ja) + r * RowStride(L, xa) + k];
            }
          }
          for (int r = 0; r < xb.s; ++r) {
            for (int k = 0; k < xb.d; ++k) {
              db[static_cast<size_t>(r) * xb.d + k] = b[MatStart(L, xb, jb) + r * RowStride(L, xb) + k];
            }
          }
          mm.SetTensorA(Gm(da), p.transA);
          mm.SetTensorB(Gm(db), p.transB);
          if (p.bias && (p.Reduce() == 1 || i == 0)) {  // the G reduce: the call's first batch only
            mm.SetBias(Gm(bias, jc * p.N));
          } else if (p.bias) {
            mm.ClearBias();
          }
          mm.IterateAll(Gm(dc));
          for (int r = 0; r < p.M; ++r) {
            for (int k = 0; k < p.N; ++k) {
              float& out = c[MatStart(LC, xc, jc) + r * RowStride(LC, xc) + k];
              const float v = dc[static_cast<size_t>(r) * p.N + k];
              out = p.Reduce() > 1 ? out + v : v;
            }
          }
        }
      },
      1);
  return c;
}

// The kernel under test: the vendor sample's loop of IterateBatch calls,
// each at the place of its first matrices (the bias at its first C
// matrix's, as the sample sets it). CPOS VECIN: C in a UB tensor, laid out
// as in GM.
template <class AT, LayoutMode L, LayoutMode LC, TPosition CPOS = TPosition::GM>
std::vector<float> Batched(const TCubeTiling& t, const Problem& p, std::vector<AT>& a, std::vector<AT>& b,
                           std::vector<float>& bias) {
  std::vector<float> c(p.C().Elems(), 0.0f);
  aicore::Launch(
      [&] {
        TPipe pipe;
        LMM<AT, L, LC, kNBatchCfg, CPOS> mm;  // (the type IterateNBatch needs: one instantiation less to compile)
        aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, &t);
        TBuf<TPosition::VECIN> buf;
        LocalTensor<float> ub;
        if constexpr (CPOS == TPosition::VECIN) {
          pipe.InitBuffer(buf, static_cast<uint32_t>(c.size() * sizeof(float)));
          ub = buf.Get<float>();
          Duplicate(ub, 0.0f, static_cast<int32_t>(c.size()));  // the G reduce adds into C
        }
        for (int l = 0; l < p.Loops(); ++l) {
          mm.SetTensorA(Gm(a, MatStart(L, p.A(), static_cast<size_t>(l) * p.batchA)), p.transA);
          mm.SetTensorB(Gm(b, MatStart(L, p.B(), static_cast<size_t>(l) * p.batchB)), p.transB);
          const size_t jc = static_cast<size_t>(l) * p.BatchC() / p.Reduce();
          if (p.bias) mm.SetBias(Gm(bias, jc * p.N));
          const auto bA = static_cast<uint32_t>(p.batchA), bB = static_cast<uint32_t>(p.batchB);
          if constexpr (CPOS == TPosition::VECIN) {
            mm.IterateBatch(ub[MatStart(LC, p.C(), jc)], bA, bB, false);
          } else {
            mm.IterateBatch(Gm(c, MatStart(LC, p.C(), jc)), bA, bB, false);
          }
        }
        if constexpr (CPOS == TPosition::VECIN) std::memcpy(c.data(), ub.GetPhyAddr(), c.size() * sizeof(float));
      },
      1);
  return c;
}

// IterateNBatch over every loop, the slices fetched with GetBatchTensorC
// (GlobalTensor form, or the LocalTensor form into UB) or GetBatchC.
enum class Fetch { kGlobal, kLocal, kBatchC };
template <class AT, LayoutMode L, LayoutMode LC>
std::vector<float> NBatched(const TCubeTiling& t, const Problem& p, std::vector<AT>& a, std::vector<AT>& b,
                            std::vector<float>& bias, Fetch fetch) {
  std::vector<float> c(p.C().Elems(), 0.0f);
  const size_t slice = static_cast<size_t>(p.BatchC() / p.Reduce()) * p.M * p.N;
  std::vector<float> ws(slice * p.Loops() + 8, 0.0f);  // zero: the G reduce adds into it
  std::fill(ws.end() - 8, ws.end(), -1.0f);
  aicore::Launch(
      [&] {
        TPipe pipe;
        LMM<AT, L, LC, kNBatchCfg> mm;
        aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, &t);
        mm.SetTensorA(Gm(a), p.transA);
        mm.SetTensorB(Gm(b), p.transB);
        if (p.bias) mm.SetBias(Gm(bias));
        GlobalTensor<float> wsg = Gm(ws);
        mm.SetWorkspace(wsg);
        const auto bA = static_cast<uint32_t>(p.batchA), bB = static_cast<uint32_t>(p.batchB);
        mm.template IterateNBatch<false>(static_cast<uint32_t>(p.Loops()), bA, bB, false);
        TBuf<TPosition::VECIN> buf;
        pipe.InitBuffer(buf, static_cast<uint32_t>(slice * sizeof(float)));
        for (int l = 0; l < p.Loops(); ++l) {
          const float* got = nullptr;
          if (fetch == Fetch::kGlobal) {
            GlobalTensor<float> g = mm.template GetBatchTensorC<false>(bA, bB);
            EXPECT_EQ(g.GetSize(), slice);
            got = g.GetPhyAddr();
          } else if (fetch == Fetch::kLocal) {
            LocalTensor<float> ub = buf.Get<float>();
            mm.template GetBatchTensorC<false>(ub, bA, bB);
            got = ub.GetPhyAddr();
          } else {
            got = mm.template GetBatchC<false>(bA, bB).GetPhyAddr();
          }
          std::memcpy(c.data() + l * slice, got, slice * sizeof(float));
        }
        EXPECT_EQ(ws.back(), -1.0f);  // nothing beyond the last slice
      },
      1);
  return c;
}

template <class AT, LayoutMode L, LayoutMode LC>
void Check(const Problem& p, std::mt19937& rng, bool nbatch) {
  const TCubeTiling t = MakeTiling<AT>(p);
  std::vector<AT> a = RandomVec<AT>(p.A().Elems(), rng), b = RandomVec<AT>(p.B().Elems(), rng);
  std::vector<float> bias = RandomVec<float>(static_cast<size_t>(p.Loops()) * p.BatchC() * p.N, rng);
  const std::vector<float> ref = Reference<AT, L, LC>(t, p, a, b, bias);
  ASSERT_TRUE(std::any_of(ref.begin(), ref.end(), [](float v) { return v != 0.0f; })) << p.Str();
  std::vector<std::pair<std::string, std::vector<float>>> got;
  got.emplace_back("IterateBatch", Batched<AT, L, LC>(t, p, a, b, bias));
  if constexpr (LC == LayoutMode::BSNGD || LC == LayoutMode::SBNGD) {
    if (p.N % 8 == 0) got.emplace_back("IterateBatch to UB", Batched<AT, L, LC, TPosition::VECIN>(t, p, a, b, bias));
  }
  if (nbatch) {
    got.emplace_back("IterateNBatch + GetBatchTensorC (GlobalTensor)",
                     NBatched<AT, L, LC>(t, p, a, b, bias, Fetch::kGlobal));
    if (p.N % 8 == 0) {
      got.emplace_back("IterateNBatch + GetBatchTensorC (LocalTensor)",
                       NBatched<AT, L, LC>(t, p, a, b, bias, Fetch::kLocal));
    }
    got.emplace_back("IterateNBatch + GetBatchC", NBatched<AT, L, LC>(t, p, a, b, bias, Fetch::kBatchC));
  }
  for (const auto& g : got) {
    size_t wrong = 0;
    for (size_t i = 0; i < ref.size() && wrong < 5; ++i) {
      if (Bits(g.second[i]) != Bits(ref[i])) {
        ++wrong;
        ADD_FAILURE() << g.first << " " << p.Str() << ": C[" << i << "] = " << g.second[i]
                      << ", the loop of single matmuls gives " << ref[i];
      }
    }
  }
}

// A random problem. A call's batchC is G or N * G, so BSNGD calls stay
// within one B index (as the reference requires); `reduce`: C's G axis may
// be 1 (the G batches summed).
// `ub`: N a multiple of 8 (C to UB needs rows of 32-byte blocks).
Problem RandomProblem(std::mt19937& rng, bool reduce, bool ub = false) {
  Problem p;
  p.M = 1 + static_cast<int>(rng() % 40);
  p.N = 1 + static_cast<int>(rng() % 40);
  p.K = 1 + static_cast<int>(rng() % 40);
  p.nb = 1 + static_cast<int>(rng() % 2);
  p.nn = 1 + static_cast<int>(rng() % 2);
  const int g = 1 + static_cast<int>(rng() % 3);
  switch (rng() % 3) {
    case 0: p.ag = p.bg = g; break;
    case 1: p.ag = 1, p.bg = g; break;  // A broadcast along G
    default: p.ag = g, p.bg = 1; break;  // B broadcast along G
  }
  p.cg = g;
  p.transA = rng() % 2, p.transB = rng() % 2;
  p.bias = rng() % 2;
  if (reduce && g > 1 && rng() % 3 == 0) p.cg = 1;  // the G reduce
  const int batchC = rng() % 2 ? g : p.nn * g;
  if (ub) p.N = (p.N + 7) / 8 * 8;
  p.batchA = batchC * p.ag / g;
  p.batchB = batchC * p.bg / g;
  return p;
}

class MatmulLayoutTest : public ::testing::Test {
 protected:
  void TearDown() override { aicore::SetNumThreads(0); }
};

TEST_F(MatmulLayoutTest, BsngdIsALoopOfSingleMatmuls) {
  std::mt19937 rng(1111);
  for (int iter = 0; iter < 10; ++iter) {
    Check<half, LayoutMode::BSNGD, LayoutMode::BSNGD>(RandomProblem(rng, true, iter % 2 == 1), rng, false);
  }
}

TEST_F(MatmulLayoutTest, SbngdIsALoopOfSingleMatmuls) {
  std::mt19937 rng(1112);
  for (int iter = 0; iter < 12; ++iter) {
    Check<half, LayoutMode::SBNGD, LayoutMode::SBNGD>(RandomProblem(rng, iter % 2 == 0, iter % 4 < 2), rng, false);
  }
}

TEST_F(MatmulLayoutTest, Bngs1s2IsALoopOfSingleMatmuls) {
  std::mt19937 rng(1113);
  for (int iter = 0; iter < 8; ++iter) {
    Check<half, LayoutMode::BNGS1S2, LayoutMode::BNGS1S2>(RandomProblem(rng, true), rng, true);
  }
}

// The vendor's IterateBatch / IterateNBatch examples: A and B BSNGD, C BNGS1S2.
TEST_F(MatmulLayoutTest, BsngdIntoBngs1s2AndIterateNBatch) {
  std::mt19937 rng(1114);
  for (int iter = 0; iter < 10; ++iter) {
    Check<half, LayoutMode::BSNGD, LayoutMode::BNGS1S2>(RandomProblem(rng, false), rng, true);
  }
  // The sample's own shapes: A [2, 32, 1, 3, 64], B [2, 256, 1, 3, 64] transposed, bias, 3 batches a call.
  Problem p;
  p.M = 32, p.N = 256, p.K = 64, p.nb = 2, p.ag = p.bg = p.cg = 3, p.batchA = p.batchB = 3;
  p.transB = true, p.bias = true;
  Check<half, LayoutMode::BSNGD, LayoutMode::BNGS1S2>(p, rng, true);
}

// A bias with the G reduce: it goes into the call's first batch only, as
// the vendor's batch scheduler adds it (it stops the bias at batch 1 for
// the rest of the call), so with N * G batches a call (nn C matrices) the
// C matrices after the first get none; one bias row is all a call reads.
TEST_F(MatmulLayoutTest, BiasWithTheGReduceGoesIntoTheCallsFirstBatchOnly) {
  std::mt19937 rng(1115);
  for (int iter = 0; iter < 4; ++iter) {
    Problem p = RandomProblem(rng, false, true);
    const int g = 2 + iter % 2;
    p.ag = iter == 2 ? 1 : g;  // iteration 2: A broadcast along G, 1: B
    p.bg = iter == 1 ? 1 : g;
    p.cg = 1, p.bias = true;
    p.nn = iter < 2 ? 1 : 2;
    const int batchC = iter == 3 ? 2 * g : g;  // iteration 3: two C matrices a call
    p.batchA = batchC * p.ag / g, p.batchB = batchC * p.bg / g;
    Check<half, LayoutMode::BSNGD, LayoutMode::BSNGD>(p, rng, false);
    Check<half, LayoutMode::SBNGD, LayoutMode::SBNGD>(p, rng, false);
    Check<half, LayoutMode::BNGS1S2, LayoutMode::BNGS1S2>(p, rng, true);
  }
}

// enPartialSum with the G reduce (one base block per batch): each batch's
// block adds to what L0C holds (the batch before; for the first, the last
// block of the call before), and that running sum is added to its C matrix,
// as the vendor's batch scheduler does (one L0C buffer; the G reduce's
// atomic add). BNGS1S2, A [1, 2, 3, 16, 40], B [1, 2, 1, 40, 32] (broadcast
// along G), C [1, 2, 1, 16, 32]: 6 batches into 2 C matrices a call; K
// split over two calls, the first over K[0, 16) with the bias (in its first
// batch only), the second over K[16, 40) with enPartialSum.
TEST_F(MatmulLayoutTest, PartialSumWithTheGReduceAddsTheRunningL0C) {
  std::mt19937 rng(1116);
  Problem p;
  p.M = 16, p.N = 32, p.K = 40, p.nn = 2, p.ag = 3, p.bg = 1, p.cg = 1, p.batchA = 6, p.batchB = 2, p.bias = true;
  const TCubeTiling t = MakeTiling<half>(p);
  ASSERT_EQ(t.baseM, 16);
  ASSERT_EQ(t.baseN, 32);
  const int k1 = 16;
  std::vector<half> a = RandomVec<half>(p.A().Elems(), rng), b = RandomVec<half>(p.B().Elems(), rng);
  std::vector<float> bias = RandomVec<float>(32, rng), c1(p.C().Elems(), 0.0f), c2(c1.size(), 0.0f);
  aicore::Launch(
      [&] {
        TPipe pipe;
        LMM<half, LayoutMode::BNGS1S2, LayoutMode::BNGS1S2, kNBatchCfg> mm;
        aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, &t);
        mm.SetTensorA(Gm(a));
        mm.SetTensorB(Gm(b));
        mm.SetBias(Gm(bias));
        mm.SetSingleShape(16, 32, k1);
        mm.IterateBatch(Gm(c1), 6u, 2u, false);
        mm.SetTensorA(Gm(a, k1));
        mm.SetTensorB(Gm(b, k1 * 32));
        mm.SetSingleShape(16, 32, 40 - k1);
        mm.IterateBatch(Gm(c2), 6u, 2u, false, 0, 0, 0, true);
      },
      1);
  // The model: fma chains in increasing k; batch q reads A matrix q, B
  // matrix q / 3 and adds into C matrix q / 3, in batch order.
  std::vector<float> l0c(16 * 32), m1(c1.size(), 0.0f), m2(c1.size(), 0.0f);
  const auto chain = [&](int q, int k0, int k9, const float* init, std::vector<float>& sum) {
    for (int i = 0; i < 16; ++i) {
      for (int j = 0; j < 32; ++j) {
        float v = init == nullptr ? l0c[i * 32 + j] : init[j];
        for (int k = k0; k < k9; ++k) {
          v = std::fma(static_cast<float>(a[q * 640 + i * 40 + k]), static_cast<float>(b[(q / 3) * 1280 + k * 32 + j]),
                       v);
        }
        l0c[i * 32 + j] = v;
        sum[(q / 3) * 512 + i * 32 + j] += v;
      }
    }
  };
  const std::vector<float> zero(32, 0.0f);
  for (int q = 0; q < 6; ++q) chain(q, 0, k1, q == 0 ? bias.data() : zero.data(), m1);
  for (int q = 0; q < 6; ++q) chain(q, k1, 40, nullptr, m2);  // l0c starts as the first call's last block
  for (size_t e = 0; e < c1.size(); ++e) {
    ASSERT_EQ(Bits(c1[e]), Bits(m1[e])) << "call 1, element " << e;
    ASSERT_EQ(Bits(c2[e]), Bits(m2[e])) << "call 2 (enPartialSum), element " << e;
  }
}

// The G reduce with enAtomic = 2: the vendor sets its atomic add for the
// reduce, then enAtomic's atomic max over it, so the G batches combine into
// C by max (C's own value included).
TEST_F(MatmulLayoutTest, AtomicMaxWithTheGReduceTakesTheMax) {
  std::mt19937 rng(1117);
  Problem p;
  p.M = 16, p.N = 32, p.K = 24, p.ag = p.bg = 3, p.cg = 1, p.batchA = p.batchB = 3;
  const TCubeTiling t = MakeTiling<half>(p);
  std::vector<half> a = RandomVec<half>(p.A().Elems(), rng), b = RandomVec<half>(p.B().Elems(), rng);
  std::vector<float> c = RandomVec<float>(p.C().Elems(), rng), want = c;
  aicore::Launch(
      [&] {
        TPipe pipe;
        LMM<half, LayoutMode::BNGS1S2, LayoutMode::BNGS1S2, kNBatchCfg> mm;
        aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, &t);
        mm.SetTensorA(Gm(a));
        mm.SetTensorB(Gm(b));
        mm.IterateBatch(Gm(c), 3u, 3u, false, 0, 0, 0, false, 2);
      },
      1);
  for (int q = 0; q < 3; ++q) {  // the model: fma chains in increasing k, max into C in batch order
    for (int i = 0; i < 16; ++i) {
      for (int j = 0; j < 32; ++j) {
        float v = 0.0f;
        for (int k = 0; k < 24; ++k) {
          v = std::fma(static_cast<float>(a[q * 384 + i * 24 + k]), static_cast<float>(b[q * 768 + k * 32 + j]), v);
        }
        want[i * 32 + j] = std::max(want[i * 32 + j], v);
      }
    }
  }
  for (size_t e = 0; e < c.size(); ++e) ASSERT_EQ(Bits(c[e]), Bits(want[e])) << e;
}

TEST(MatmulLayoutTiling, SettersFillTheLayoutFields) {
  Problem p;
  p.M = 32, p.N = 256, p.K = 64, p.nb = 2, p.ag = p.bg = p.cg = 3, p.batchA = p.batchB = 3, p.transB = true;
  const TCubeTiling t = MakeTiling<half>(p);
  EXPECT_EQ(t.ALayoutInfoB, 2);
  EXPECT_EQ(t.ALayoutInfoS, 32);
  EXPECT_EQ(t.ALayoutInfoN, 1);
  EXPECT_EQ(t.ALayoutInfoG, 3);
  EXPECT_EQ(t.ALayoutInfoD, 64);
  EXPECT_EQ(t.BLayoutInfoS, 256);
  EXPECT_EQ(t.BLayoutInfoD, 64);
  EXPECT_EQ(t.CLayoutInfoS1, 32);
  EXPECT_EQ(t.CLayoutInfoG, 3);
  EXPECT_EQ(t.CLayoutInfoS2, 256);
  EXPECT_EQ(t.BatchNum, 3);
  matmul_tiling::MultiCoreMatmulTiling bad;
  EXPECT_EQ(bad.SetALayout(0, 32, 1, 3, 64), -1);
  EXPECT_EQ(bad.SetBLayout(2, 32, -1, 3, 64), -1);
  EXPECT_EQ(bad.SetCLayout(2, 32, 1, 3, 0), -1);
}

// ---------------------------------------------------------------------------
// Errors, each with its clean twin.

template <class F>
std::string LayoutError(F&& body) {
  try {
    aicore::LaunchNamed("layout_kernel", std::forward<F>(body), 1);
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

#define EXPECT_LAYOUT_ERROR(msg, ...)                                                               \
  do {                                                                                              \
    const std::string err = LayoutError(__VA_ARGS__);                                               \
    EXPECT_NE(err.find(msg), std::string::npos) << "got: " << (err.empty() ? "no error" : err);     \
    EXPECT_NE(err.find("layout_kernel"), std::string::npos) << err;                                 \
    EXPECT_NE(err.find("Matmul::"), std::string::npos) << err;                                      \
    EXPECT_NE(err.find("test_matmul_layouts.cpp"), std::string::npos) << err;                       \
  } while (0)
#define EXPECT_LAYOUT_CLEAN(...) EXPECT_EQ(LayoutError(__VA_ARGS__), "")

// A [2, 20, 1, 3, 24], B [2, 24, 1, 3, 40], C [2, 20, 1, 3, 40]; 3 batches a call.
struct Fixture {
  Problem p;
  TCubeTiling t;
  std::vector<half> a, b;
  std::vector<float> c, ws;
  Fixture() {
    p.M = 20, p.N = 40, p.K = 24, p.nb = 2, p.ag = p.bg = p.cg = 3, p.batchA = p.batchB = 3;
    t = MakeTiling<half>(p);
    a.assign(p.A().Elems(), half(1.0f));
    b.assign(p.B().Elems(), half(1.0f));
    c.assign(p.C().Elems(), 0.0f);
    ws.assign(p.C().Elems(), 0.0f);
  }
  template <class MM>
  void Setup(TPipe& pipe, MM& mm, const TCubeTiling* tiling = nullptr, size_t aSize = 0) {
    aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm,
                                        tiling ? tiling : &t);
    GlobalTensor<half> ag;
    ag.SetGlobalBuffer(a.data(), aSize ? aSize : a.size());
    mm.SetTensorA(ag);
    mm.SetTensorB(Gm(b));
  }
  GlobalTensor<float> C(size_t n = 0) {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(c.data(), n ? n : c.size());
    return g;
  }
};

using Bsngd = LMM<half, LayoutMode::BSNGD, LayoutMode::BSNGD, kNBatchCfg>;
using BsngdNoC = LMM<half, LayoutMode::BSNGD, LayoutMode::NONE>;  // CFG_NORM: isNBatch false
using BsngdNBatch = LMM<half, LayoutMode::BSNGD, LayoutMode::BNGS1S2, kNBatchCfg>;

TEST_F(MatmulLayoutTest, UndeclaredLayoutsAreReported) {
  Fixture f;
  using MixedAB = Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::BSNGD>,
                         MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::SBNGD>,
                         MatmulType<TPosition::GM, CubeFormat::ND, float, false, LayoutMode::BSNGD>>;
  EXPECT_LAYOUT_ERROR("the MatmulTypes declare the batch layouts A BSNGD, B SBNGD, C BSNGD", [&] {
    TPipe pipe;
    MixedAB mm;
    f.Setup(pipe, mm);
    mm.IterateBatch(f.C(), 3u, 3u, false);
  });
  EXPECT_LAYOUT_ERROR("A BSNGD, B BSNGD, C NONE", [&] {
    TPipe pipe;
    BsngdNoC mm;
    f.Setup(pipe, mm);
    mm.IterateBatch(f.C(), 3u, 3u, false);
  });
  EXPECT_LAYOUT_CLEAN([&] {
    TPipe pipe;
    Bsngd mm;
    f.Setup(pipe, mm);
    mm.IterateBatch(f.C(), 3u, 3u, false);
  });
}

TEST_F(MatmulLayoutTest, LayoutSizesThatDisagreeAreReported) {
  Fixture f;
  const auto run = [&](const TCubeTiling* t, uint32_t bA, uint32_t bB, size_t aSize = 0, size_t cSize = 0) {
    return [&f, t, bA, bB, aSize, cSize] {
      TPipe pipe;
      Bsngd mm;
      f.Setup(pipe, mm, t, aSize);
      mm.IterateBatch(f.C(cSize), bA, bB, false);
    };
  };
  TCubeTiling s = f.t, c = f.t;
  s.ALayoutInfoS = 21;
  c.CLayoutInfoS2 = 41;
  const TCubeTiling none = MakeTiling<half>(f.p, false);
  EXPECT_LAYOUT_ERROR("ALayoutInfoS 21 x ALayoutInfoD 24 is not A's matrix 20 x 24 (M x Ka", run(&s, 3, 3));
  EXPECT_LAYOUT_ERROR("CLayoutInfoS1 20 x CLayoutInfoS2 41 is not C's matrix M x N = 20 x 40", run(&c, 3, 3));
  EXPECT_LAYOUT_ERROR("the tiling has no BSNGD layout information for A and B (ALayoutInfoB 0", run(&none, 3, 3));
  EXPECT_LAYOUT_ERROR("ALayoutInfoG / batchA = 3 / 3 differs from BLayoutInfoG / batchB = 3 / 1", run(&f.t, 3, 1));
  EXPECT_LAYOUT_ERROR("(ALayoutInfoN * ALayoutInfoG) / batchA = 3 / 2 and (BLayoutInfoN * BLayoutInfoG) / "
                      "batchB = 3 / 2 must be whole numbers",
                      run(&f.t, 2, 2));
  EXPECT_LAYOUT_ERROR("A holds 3 matrices 24 elements apart (ALayoutInfoD), each spanning 1392: 1440 elements, "
                      "but its GlobalTensor holds 1439",
                      run(&f.t, 3, 3, 1439));
  EXPECT_LAYOUT_ERROR("C gets 3 matrices 40 elements apart (BSNGD: CLayoutInfoS2 apart, rows 120 apart), the last "
                      "reaching element 2400, but the GlobalTensor holds 2399",
                      run(&f.t, 3, 3, 0, 2399));
  EXPECT_LAYOUT_CLEAN(run(&f.t, 3, 3, 1440, 2400));
}

TEST_F(MatmulLayoutTest, BatchCountsBeyondTheTilingAreReported) {
  Fixture f;
  TCubeTiling two = f.t;
  two.BatchNum = 2;
  const auto call = [&](const TCubeTiling* t) {
    return [&f, t] {
      TPipe pipe;
      Bsngd mm;
      f.Setup(pipe, mm, t);
      mm.IterateBatch(f.C(), 3u, 3u, false);
    };
  };
  EXPECT_LAYOUT_ERROR("batchA 3, batchB 3: max(batchA, batchB) = 3 exceeds the tiling's BatchNum 2", call(&two));
  EXPECT_LAYOUT_CLEAN(call(&f.t));
  // IterateNBatch: loops beyond A, a short workspace.
  const auto nbatch = [&](uint32_t loops, size_t wsSize) {
    return [&f, loops, wsSize] {
      TPipe pipe;
      BsngdNBatch mm;
      f.Setup(pipe, mm);
      mm.SetWorkspace(f.ws.data(), static_cast<int>(wsSize));
      mm.IterateNBatch(loops, 3u, 3u, false);
    };
  };
  EXPECT_LAYOUT_ERROR("A's last matrix (in loop 3 of 3) starts at element 2928 (its place in the layout), but "
                      "its GlobalTensor holds 2880",
                      nbatch(3, f.ws.size() * 2));
  EXPECT_LAYOUT_ERROR("the workspace holds 19196 bytes but batchLoop 2 x 3 C matrices x 800 elements "
                      "(singleCoreM x singleCoreN) of 4 bytes need 19200",
                      nbatch(2, 4799));
  EXPECT_LAYOUT_CLEAN(nbatch(2, 4800));
}

TEST_F(MatmulLayoutTest, UnsupportedCAndBatchBroadcastAreReported) {
  Fixture f;
  // NZ C in BSNGD / SBNGD (the reference: ND data only there).
  using BsngdNzC = LMM<half, LayoutMode::BSNGD, LayoutMode::BSNGD, CFG_NORM, TPosition::GM, CubeFormat::NZ>;
  EXPECT_LAYOUT_ERROR("C in CubeFormat::NZ with layout BSNGD: the reference allows ND data only", [&] {
    TPipe pipe;
    BsngdNzC mm;
    f.Setup(pipe, mm);
    mm.IterateBatch(f.C(), 3u, 3u, false);
  });
  EXPECT_LAYOUT_CLEAN([&] {
    TPipe pipe;
    Bsngd mm;
    f.Setup(pipe, mm);
    mm.IterateBatch(f.C(), 3u, 3u, false);
  });
  // IterateNBatch's workspace holds dense C batches only.
  const auto nbatch = [&](auto tag) {
    return [&f, tag] {
      TPipe pipe;
      typename decltype(tag)::type mm;
      f.Setup(pipe, mm);
      mm.SetWorkspace(f.ws.data(), static_cast<int>(f.ws.size()));
      mm.IterateNBatch(2, 3u, 3u, false);
    };
  };
  EXPECT_LAYOUT_ERROR("C's layout is BSNGD: aicore's IterateNBatch writes the workspace as NORMAL / BNGS1S2",
                      nbatch(std::common_type<Bsngd>{}));
  EXPECT_LAYOUT_CLEAN(nbatch(std::common_type<BsngdNBatch>{}));
  // A's and B's B / N axes differ: the vendor's implementation broadcasts
  // an axis of 1 there, its reference documents G only.
  TCubeTiling bn = f.t, bb = f.t;
  bn.BLayoutInfoN = 2;
  bb.ALayoutInfoB = 1;
  const auto axes = [&](const TCubeTiling* t) {
    return [&f, t] {
      TPipe pipe;
      Bsngd mm;
      f.Setup(pipe, mm, t);
      mm.IterateBatch(f.C(), 3u, 3u, false);
    };
  };
  EXPECT_LAYOUT_ERROR("ALayoutInfoB 2, ALayoutInfoN 1 and BLayoutInfoB 2, BLayoutInfoN 2 differ: batch broadcast "
                      "along the B or N axis is not supported by aicore",
                      axes(&bn));
  EXPECT_LAYOUT_ERROR("ALayoutInfoB 1, ALayoutInfoN 1 and BLayoutInfoB 2, BLayoutInfoN 1 differ", axes(&bb));
  EXPECT_LAYOUT_CLEAN(axes(&f.t));
}

// A bias with the G reduce: a call reads one bias row (6 batches into 2 C
// matrices here), and only the first C matrix gets it.
TEST_F(MatmulLayoutTest, BiasWithTheGReduceReadsOneRow) {
  Problem r;
  r.M = 16, r.N = 32, r.K = 8, r.nn = 2, r.ag = r.bg = 3, r.batchA = r.batchB = 6, r.bias = true;
  const TCubeTiling t = MakeTiling<half>(r);
  std::vector<half> a(r.A().Elems(), half(1.0f)), b(r.B().Elems(), half(1.0f));
  std::vector<float> bias(32, 0.5f), c(r.C().Elems(), 0.0f);
  const auto run = [&](size_t biasSize) {
    return [&, biasSize] {
      TPipe pipe;
      LMM<half, LayoutMode::BNGS1S2, LayoutMode::BNGS1S2, kNBatchCfg> mm;
      aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, &t);
      mm.SetTensorA(Gm(a));
      mm.SetTensorB(Gm(b));
      GlobalTensor<float> bg;
      bg.SetGlobalBuffer(bias.data(), biasSize);
      mm.SetBias(bg);
      mm.IterateBatch(Gm(c), 6u, 6u, false);
    };
  };
  EXPECT_LAYOUT_ERROR("the bias spans 32 elements (1 x 32", run(31));
  EXPECT_LAYOUT_CLEAN(run(32));
  for (size_t i = 0; i < c.size(); ++i) ASSERT_EQ(c[i], i < 16 * 32 ? 24.5f : 24.0f) << i;  // 3 x K 8 (+ 0.5)
}

TEST_F(MatmulLayoutTest, NBatchMisuseIsReported) {
  Fixture f;
  EXPECT_LAYOUT_ERROR("MatmulConfig::isNBatch is false", [&] {
    TPipe pipe;
    BsngdNoC mm;
    f.Setup(pipe, mm);
    mm.SetWorkspace(f.ws.data(), static_cast<int>(f.ws.size()));
    mm.IterateNBatch(2, 3u, 3u, false);
  });
  EXPECT_LAYOUT_ERROR("IterateNBatch writes C to the workspace: call SetWorkspace first", [&] {
    TPipe pipe;
    BsngdNBatch mm;
    f.Setup(pipe, mm);
    mm.IterateNBatch(2, 3u, 3u, false);
  });
  EXPECT_LAYOUT_ERROR("no IterateNBatch results to fetch", [&] {
    TPipe pipe;
    BsngdNBatch mm;
    f.Setup(pipe, mm);
    mm.GetBatchTensorC<false>(3u, 3u);
  });
  const auto fetch = [&](int fetches, uint32_t bA) {
    return [&f, fetches, bA] {
      TPipe pipe;
      BsngdNBatch mm;
      f.Setup(pipe, mm);
      mm.SetWorkspace(f.ws.data(), static_cast<int>(f.ws.size()));
      mm.IterateNBatch<false>(2, 3u, 3u, false);
      for (int i = 0; i < fetches; ++i) mm.GetBatchTensorC<false>(bA, 3u);
    };
  };
  EXPECT_LAYOUT_ERROR("all 2 slices of the IterateNBatch (batchLoop 2) were already fetched", fetch(3, 3));
  EXPECT_LAYOUT_ERROR("batchA 1, batchB 3 differ from the IterateNBatch's batchA 3, batchB 3", fetch(1, 1));
  EXPECT_LAYOUT_CLEAN(fetch(2, 3));
}

}  // namespace
