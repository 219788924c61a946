// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Matmul::IterateBatch (LayoutMode::NORMAL) and its host tiling
// (SetBatchInfoForNormal): random batched problems (half x half -> float,
// float x float -> float; batch counts with broadcast, M/N/K with tails of
// the base blocks, transposes, per-batch bias, matrix strides) driven by a
// tiling made on the host, checked
//   * bit for bit against the reference model: a loop of single matmuls
//     through the existing path (IterateAll of a non-batch Matmul over each
//     batch's matrices), and
//   * against a float64 model within the bound of an fp32 fma chain:
//     |c - exact| <= (K + 1) * 2^-24 * (|bias| + sum_k |a * b|).
// The ways out: GM, GM sequential, UB (VECIN), atomic add, the pure-cube
// form after SetBatchNum, the async form with WaitIterateBatch, IterateNBatch;
// A and / or B in NZ, C in NZ (NORMAL and BNGS1S2). Then each KernelError of
// IterateBatch with its clean twin.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <numeric>
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

struct BatchProblem {
  int batchA = 1, batchB = 1, M = 0, N = 0, K = 0;
  bool transA = false, transB = false, bias = false;
  uint32_t strideA = 0, strideB = 0;  // 0: the default M * K / K * N
  int BatchC() const { return std::max(batchA, batchB); }
  uint64_t SA() const { return strideA ? strideA : static_cast<uint64_t>(M) * K; }
  uint64_t SB() const { return strideB ? strideB : static_cast<uint64_t>(K) * N; }
  std::string Str() const {
    return "batchA " + std::to_string(batchA) + " batchB " + std::to_string(batchB) + " M " + std::to_string(M) +
           " N " + std::to_string(N) + " K " + std::to_string(K) + " transA " + std::to_string(transA) +
           " transB " + std::to_string(transB) + " bias " + std::to_string(bias) + " strideA " +
           std::to_string(strideA) + " strideB " + std::to_string(strideB);
  }
};

// The host tiling, as the vendor's SetBatchInfoForNormal examples make it:
// MultiCoreMatmulTiling with SetDim(1), or BatchMatmulTiling. `layouts`:
// A, B and C as BNGS1S2 (SetALayout / SetBLayout / SetCLayout, the batches
// along G) instead of SetBatchInfoForNormal.
template <class AT, class Tiler = matmul_tiling::MultiCoreMatmulTiling>
TCubeTiling MakeBatchTiling(const BatchProblem& p, bool batchInfo = true, bool layouts = false) {
  Tiler t;
  using matmul_tiling::CubeFormat;
  using matmul_tiling::TPosition;
  if constexpr (std::is_same_v<Tiler, matmul_tiling::MultiCoreMatmulTiling>) t.SetDim(1);
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
    EXPECT_EQ(t.SetALayout(1, p.transA ? p.K : p.M, 1, p.batchA, p.transA ? p.M : p.K), 0);
    EXPECT_EQ(t.SetBLayout(1, p.transB ? p.N : p.K, 1, p.batchB, p.transB ? p.K : p.N), 0);
    EXPECT_EQ(t.SetCLayout(1, p.M, 1, p.BatchC(), p.N), 0);
    EXPECT_EQ(t.SetBatchNum(p.BatchC()), 0);
  } else if (batchInfo) {
    EXPECT_EQ(t.SetBatchInfoForNormal(p.batchA, p.batchB, p.M, p.N, p.K), 0);
  }
  TCubeTiling tiling;
  EXPECT_EQ(t.GetTiling(tiling), 0) << p.Str();
  return tiling;
}

template <class T>
T RandomIn(std::mt19937& rng) {
  const uint32_t k = rng() % 4;
  float v = static_cast<float>(static_cast<int>(rng() % 2001) - 1000) / 256.0f;
  if (k == 0) v = std::ldexp(static_cast<float>(rng() % 0xFFFFFF) - 8388607.0f, -22);
  return static_cast<T>(v);
}

template <class T>
std::vector<T> RandomVec(size_t n, std::mt19937& rng) {
  std::vector<T> v(n);
  for (auto& x : v) x = RandomIn<T>(rng);
  return v;
}

constexpr MatmulConfig kNoBiasBatch = [] {
  MatmulConfig c = GetNormalConfig();
  c.isBiasBatch = false;
  return c;
}();

constexpr MatmulConfig kNBatchCfg = GetNormalConfig(false, true);

template <class AT, LayoutMode L = LayoutMode::NORMAL, TPosition CPOS = TPosition::GM,
          const auto& CFG = CFG_NORM, CubeFormat FA = CubeFormat::ND, CubeFormat FB = CubeFormat::ND,
          CubeFormat FC = CubeFormat::ND>
using BMM = Matmul<MatmulType<TPosition::GM, FA, AT, true, L>, MatmulType<TPosition::GM, FB, AT, true, L>,
                   MatmulType<CPOS, FC, float, false, L>, MatmulType<TPosition::GM, CubeFormat::ND, float>, CFG>;

enum class Way { kGm, kGmSeq, kUb, kAtomic, kCube, kCubeInts, kAsync, kNBatch };
const char* WayName(Way w) {
  switch (w) {
    case Way::kGm: return "IterateBatch(gm)";
    case Way::kGmSeq: return "IterateBatch(gm, enSequentialWrite)";
    case Way::kUb: return "IterateBatch(ub)";
    case Way::kAtomic: return "IterateBatch(gm, enAtomic = 1) twice";
    case Way::kCube: return "SetBatchNum + IterateBatch(gm, enPartialSum, enAtomic, enSequentialWrite)";
    case Way::kCubeInts: return "SetBatchNum + IterateBatch(gm, 0, 0, 0, strideA, strideB) (ops-nn)";
    case Way::kNBatch: return "IterateNBatch(gcd(batchA, batchB) loops) into C as the workspace";
    default: return "IterateBatch<false, true> + WaitIterateBatch";
  }
}

template <class T>
GlobalTensor<T> Gm(std::vector<T>& v) {
  GlobalTensor<T> g;
  g.SetGlobalBuffer(v.data(), v.size());
  return g;
}

struct Data {
  std::vector<half> ah, bh;
  std::vector<float> af, bf, bias;
};

// The reference model: one non-batch Matmul, IterateAll per batch.
template <class AT>
void LoopOfSingles(const TCubeTiling& t, const BatchProblem& p, std::vector<AT>& a, std::vector<AT>& b,
                   std::vector<float>& bias, std::vector<float>& c) {
  aicore::Launch(
      [&] {
        TPipe pipe;
        BMM<AT, LayoutMode::NONE> mm;
        aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, &t);
        GlobalTensor<AT> ag = Gm(a), bg = Gm(b);
        GlobalTensor<float> cg = Gm(c), biasg = Gm(bias);
        const int bc = p.BatchC();
        for (int i = 0; i < bc; ++i) {
          mm.SetTensorA(ag[(i / (bc / p.batchA)) * p.SA()], p.transA);
          mm.SetTensorB(bg[(i / (bc / p.batchB)) * p.SB()], p.transB);
          if (p.bias) mm.SetBias(biasg[static_cast<uint64_t>(i) * p.N]);
          mm.IterateAll(cg[static_cast<uint64_t>(i) * p.M * p.N]);
        }
      },
      1);
}

template <class AT, CubeFormat FA = CubeFormat::ND, CubeFormat FB = CubeFormat::ND,
          LayoutMode L = LayoutMode::NORMAL, CubeFormat FC = CubeFormat::ND>
void RunBatched(const TCubeTiling& t, const BatchProblem& p, Way way, std::vector<AT>& a, std::vector<AT>& b,
                std::vector<float>& bias, std::vector<float>& c) {
  aicore::Launch(
      [&] {
        TPipe pipe;
        const uint32_t bA = static_cast<uint32_t>(p.batchA), bB = static_cast<uint32_t>(p.batchB);
        const auto setOperands = [&](auto& mm) {
          aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, &t);
          mm.SetTensorA(Gm(a), p.transA);
          mm.SetTensorB(Gm(b), p.transB);
          if (p.bias) mm.SetBias(Gm(bias));
        };
        if (way == Way::kUb) {
          BMM<AT, L, TPosition::VECIN, CFG_NORM, FA, FB, FC> mm;
          setOperands(mm);
          TBuf<TPosition::VECIN> buf;
          pipe.InitBuffer(buf, static_cast<uint32_t>(c.size() * sizeof(float)));
          LocalTensor<float> ub = buf.Get<float>();
          mm.IterateBatch(ub, bA, bB, false, p.strideA, p.strideB);
          std::memcpy(c.data(), ub.GetPhyAddr(), c.size() * sizeof(float));
          return;
        }
        GlobalTensor<float> cg = Gm(c);
        if (way == Way::kNBatch) {  // single core, ND C: the workspace's slices are C's batches in turn
          BMM<AT, L, TPosition::GM, kNBatchCfg, FA, FB, FC> mm;
          setOperands(mm);
          mm.SetWorkspace(cg);
          const uint32_t loops = std::gcd(bA, bB);
          mm.IterateNBatch(loops, bA / loops, bB / loops, false, p.strideA, p.strideB);
          return;
        }
        BMM<AT, L, TPosition::GM, CFG_NORM, FA, FB, FC> mm;
        setOperands(mm);
        switch (way) {
          case Way::kGm: mm.IterateBatch(cg, bA, bB, false, p.strideA, p.strideB); break;
          case Way::kGmSeq: mm.IterateBatch(cg, bA, bB, true, p.strideA, p.strideB); break;
          case Way::kAtomic:
            mm.IterateBatch(cg, bA, bB, false, p.strideA, p.strideB, 0, false, 1);
            mm.IterateBatch(cg, bA, bB, false, p.strideA, p.strideB, 0, false, 1);
            break;
          case Way::kCube:
            mm.SetBatchNum(p.batchA, p.batchB);
            mm.IterateBatch(cg, false, 0, false, p.strideA, p.strideB);
            break;
          case Way::kCubeInts:  // as ops-nn's batch_mat_mul_v3 calls it
            mm.SetBatchNum(p.batchA, p.batchB);
            mm.IterateBatch(cg, 0, 0, 0, static_cast<uint64_t>(p.strideA), static_cast<uint64_t>(p.strideB));
            break;
          default:
            mm.template IterateBatch<false, true>(cg, bA, bB, false, p.strideA, p.strideB);
            mm.WaitIterateBatch();
            break;
        }
      },
      1);
}

// Un-sequential: the blocks of each batch, baseM x baseN dense in turn (nz:
// each block in NZ, 16 x 16 fractals, round16(its height) rows), to the
// M x N layout.
std::vector<float> FromSequential(const std::vector<float>& s, const TCubeTiling& t, const BatchProblem& p,
                                  bool nz = false) {
  std::vector<float> c(static_cast<size_t>(p.BatchC()) * p.M * p.N);
  const int mIter = (p.M + t.baseM - 1) / t.baseM, nIter = (p.N + t.baseN - 1) / t.baseN;
  const bool orderN = t.iterateOrder == 1;
  size_t at = 0;
  for (int bt = 0; bt < p.BatchC(); ++bt) {
    for (int i = 0; i < mIter * nIter; ++i) {
      const int mi = orderN ? i / nIter : i % mIter, ni = orderN ? i % nIter : i / mIter;
      const int m0 = mi * t.baseM, n0 = ni * t.baseN;
      const int mLen = std::min(t.baseM, p.M - m0), nLen = std::min(t.baseN, p.N - n0);
      for (int r = 0; r < mLen; ++r) {
        for (int q = 0; q < nLen; ++q) {
          const size_t in = nz ? static_cast<size_t>(q / 16) * ((mLen + 15) / 16 * 16) * 16 + r * 16 + q % 16
                               : static_cast<size_t>(r) * nLen + q;
          c[(static_cast<size_t>(bt) * p.M + m0 + r) * p.N + n0 + q] = s[at + in];
        }
      }
      at += static_cast<size_t>(t.baseM) * t.baseN;
    }
  }
  return c;
}

// The batches of `v` (matrix i at i * stride, rows x cols row-major) in NZ,
// one after another: fractals of 16 x C0 (32 bytes), round16(rows) rows per
// fractal column, columns rounded up to C0; the padding zero.
template <class T>
std::vector<T> BatchesToNz(const std::vector<T>& v, int batches, uint64_t stride, int rows, int cols) {
  const int c0 = static_cast<int>(32 / sizeof(T));
  const size_t hr = static_cast<size_t>((rows + 15) / 16 * 16), wc = static_cast<size_t>((cols + c0 - 1) / c0 * c0);
  std::vector<T> nz(static_cast<size_t>(batches) * hr * wc, T(0));
  for (int bt = 0; bt < batches; ++bt) {
    for (int r = 0; r < rows; ++r) {
      for (int q = 0; q < cols; ++q) {
        nz[bt * hr * wc + static_cast<size_t>(q / c0) * hr * c0 + static_cast<size_t>(r) * c0 + q % c0] =
            v[bt * stride + static_cast<uint64_t>(r) * cols + q];
      }
    }
  }
  return nz;
}

// C in NZ, batch after batch as the vendor's batch copy places them, M x
// round16(N) elements apart, fractal columns M (not round16(M)) rows apart:
// batch bt's (r, q) at bt * M * round16(N) + (q / 16) * M * 16 + r * 16 +
// q % 16. To ND.
std::vector<float> NzBatchesToNd(const std::vector<float>& nz, const BatchProblem& p) {
  const size_t n16 = static_cast<size_t>((p.N + 15) / 16 * 16);
  std::vector<float> c(static_cast<size_t>(p.BatchC()) * p.M * p.N);
  for (int bt = 0; bt < p.BatchC(); ++bt) {
    for (int r = 0; r < p.M; ++r) {
      for (int q = 0; q < p.N; ++q) {
        c[(static_cast<size_t>(bt) * p.M + r) * p.N + q] =
            nz[bt * p.M * n16 + static_cast<size_t>(q / 16) * p.M * 16 + static_cast<size_t>(r) * 16 + q % 16];
      }
    }
  }
  return c;
}

// FA / FB NZ: the batched Matmul reads A / B as BatchesToNz of the ND data
// the reference model reads (their matrixStride is passed and unused). FC
// NZ: C comes back through NzBatchesToNd (FromSequential's NZ blocks).
template <class AT, class Tiler = matmul_tiling::MultiCoreMatmulTiling, CubeFormat FA = CubeFormat::ND,
          CubeFormat FB = CubeFormat::ND, LayoutMode L = LayoutMode::NORMAL, CubeFormat FC = CubeFormat::ND>
void CheckProblem(const BatchProblem& p, std::mt19937& rng, std::initializer_list<Way> ways) {
  constexpr bool kBngs = L == LayoutMode::BNGS1S2;
  const TCubeTiling t = MakeBatchTiling<AT, Tiler>(p, true, kBngs);
  ASSERT_EQ(kBngs ? t.ALayoutInfoG : t.ALayoutInfoB, p.batchA);
  ASSERT_EQ(kBngs ? t.BLayoutInfoG : t.BLayoutInfoB, p.batchB);
  ASSERT_EQ(t.BatchNum, p.BatchC());
  std::vector<AT> a = RandomVec<AT>((p.batchA - 1) * p.SA() + static_cast<size_t>(p.M) * p.K, rng);
  std::vector<AT> b = RandomVec<AT>((p.batchB - 1) * p.SB() + static_cast<size_t>(p.K) * p.N, rng);
  std::vector<float> bias = RandomVec<float>(static_cast<size_t>(p.BatchC()) * p.N, rng);
  const size_t nc = static_cast<size_t>(p.BatchC()) * p.M * p.N;
  std::vector<float> ref(nc, 0.0f);
  LoopOfSingles<AT>(t, p, a, b, bias, ref);

  // The float64 model, within the fp32 fma chain's bound.
  const int bc = p.BatchC();
  size_t bad = 0;
  for (int bt = 0; bt < bc && bad < 5; ++bt) {
    const uint64_t oa = (bt / (bc / p.batchA)) * p.SA(), ob = (bt / (bc / p.batchB)) * p.SB();
    for (int i = 0; i < p.M; ++i) {
      for (int j = 0; j < p.N; ++j) {
        double exact = p.bias ? static_cast<double>(bias[static_cast<size_t>(bt) * p.N + j]) : 0.0;
        double mag = std::fabs(exact);
        for (int k = 0; k < p.K; ++k) {
          const double x = static_cast<float>(p.transA ? a[oa + static_cast<uint64_t>(k) * p.M + i]
                                                       : a[oa + static_cast<uint64_t>(i) * p.K + k]);
          const double y = static_cast<float>(p.transB ? b[ob + static_cast<uint64_t>(j) * p.K + k]
                                                       : b[ob + static_cast<uint64_t>(k) * p.N + j]);
          exact += x * y;
          mag += std::fabs(x * y);
        }
        const double got = ref[(static_cast<size_t>(bt) * p.M + i) * p.N + j];
        const double tol = (p.K + 1) * std::ldexp(1.0, -24) * mag;
        if (std::fabs(got - exact) > tol) {
          ++bad;
          ADD_FAILURE() << p.Str() << ": batch " << bt << " C[" << i << ", " << j << "] = " << got
                        << ", float64 " << exact << ", bound " << tol;
        }
      }
    }
  }

  std::vector<AT> aIn = FA == CubeFormat::NZ ? BatchesToNz(a, p.batchA, p.SA(), p.transA ? p.K : p.M,
                                                             p.transA ? p.M : p.K)
                                             : a;
  std::vector<AT> bIn = FB == CubeFormat::NZ ? BatchesToNz(b, p.batchB, p.SB(), p.transB ? p.N : p.K,
                                                             p.transB ? p.K : p.N)
                                             : b;
  constexpr bool kNzC = FC == CubeFormat::NZ;
  const size_t ncOut = kNzC ? static_cast<size_t>(bc) * p.M * ((p.N + 15) / 16 * 16) : nc;
  for (Way way : ways) {
    std::vector<float> c(way == Way::kGmSeq ? static_cast<size_t>(bc) * ((p.M + t.baseM - 1) / t.baseM) *
                                                  ((p.N + t.baseN - 1) / t.baseN) * t.baseM * t.baseN
                                            : ncOut,
                         0.0f);
    RunBatched<AT, FA, FB, L, FC>(t, p, way, aIn, bIn, bias, c);
    if (way == Way::kGmSeq) {
      c = FromSequential(c, t, p, kNzC);
    } else if (kNzC) {
      c = NzBatchesToNd(c, p);
    }
    size_t wrong = 0;
    for (size_t i = 0; i < nc && wrong < 5; ++i) {
      const float want = way == Way::kAtomic ? ref[i] + ref[i] : ref[i];
      if (Bits(c[i]) != Bits(want)) {
        ++wrong;
        ADD_FAILURE() << WayName(way) << " " << p.Str() << ": C[" << i << "] = " << c[i] << ", the loop of single "
                      << "matmuls gives " << want;
      }
    }
  }
}

BatchProblem RandomProblem(std::mt19937& rng, bool small) {
  static const int kCounts[][2] = {{1, 1}, {2, 2}, {3, 3}, {4, 2}, {2, 4}, {1, 3}, {3, 1}, {5, 5}, {6, 3}};
  const auto& bc = kCounts[rng() % (sizeof(kCounts) / sizeof(kCounts[0]))];
  BatchProblem p;
  p.batchA = bc[0], p.batchB = bc[1];
  const int lim = small ? 40 : 72;
  p.M = 1 + static_cast<int>(rng() % lim);
  p.N = 1 + static_cast<int>(rng() % lim);
  p.K = 1 + static_cast<int>(rng() % 70);
  p.transA = rng() % 2, p.transB = rng() % 2, p.bias = rng() % 2;
  if (rng() % 3 == 0) p.strideA = static_cast<uint32_t>(p.M * p.K + rng() % 37);
  if (rng() % 3 == 0) p.strideB = static_cast<uint32_t>(p.K * p.N + rng() % 37);
  return p;
}

class MatmulBatchTest : public ::testing::Test {
 protected:
  void TearDown() override { aicore::SetNumThreads(0); }
};

TEST_F(MatmulBatchTest, HalfToFloatIsALoopOfSingleMatmuls) {
  std::mt19937 rng(1101);
  for (int iter = 0; iter < 12; ++iter) {
    const BatchProblem p = RandomProblem(rng, false);
    CheckProblem<half>(p, rng, {Way::kGm, Way::kGmSeq, Way::kAtomic, Way::kCube, Way::kCubeInts, Way::kAsync});
  }
}

TEST_F(MatmulBatchTest, FloatToFloatIsALoopOfSingleMatmuls) {
  std::mt19937 rng(1102);
  for (int iter = 0; iter < 12; ++iter) {
    const BatchProblem p = RandomProblem(rng, false);
    CheckProblem<float>(p, rng, {Way::kGm, Way::kGmSeq, Way::kCube});
  }
}

// The vendor's batch_matmul sample makes its tiling with BatchMatmulTiling.
TEST_F(MatmulBatchTest, BatchMatmulTilingDrivesIterateBatch) {
  std::mt19937 rng(1105);
  for (int iter = 0; iter < 4; ++iter) {
    const BatchProblem p = RandomProblem(rng, false);
    CheckProblem<half, matmul_tiling::BatchMatmulTiling>(p, rng, {Way::kGm, Way::kCube});
  }
}

// A and / or B in CubeFormat::NZ (the reference: NZ inputs for NORMAL and
// BNGS1S2), IterateBatch and IterateNBatch: the same bits as the loop of
// single matmuls over the ND data.
TEST_F(MatmulBatchTest, NzAAndBAreALoopOfSingleMatmuls) {
  using MT = matmul_tiling::MultiCoreMatmulTiling;
  constexpr CubeFormat ND = CubeFormat::ND, NZ = CubeFormat::NZ;
  std::mt19937 rng(1107);
  const auto problem = [&rng] {
    BatchProblem p = RandomProblem(rng, true);
    p.N = (p.N + 7) / 8 * 8;  // for the UB way: float C rows of whole 32-byte blocks
    if (p.strideB != 0) p.strideB = static_cast<uint32_t>(p.K * p.N + p.strideB % 37);
    return p;
  };
  const auto unstrided = [&problem] {
    BatchProblem p = problem();
    p.strideA = p.strideB = 0;
    return p;
  };
  for (int iter = 0; iter < 3; ++iter) {
    const std::initializer_list<Way> ways = {Way::kGm, Way::kGmSeq, Way::kUb, Way::kCube};
    CheckProblem<half, MT, NZ, NZ>(problem(), rng, {Way::kGm, Way::kGmSeq, Way::kUb, Way::kCube, Way::kNBatch});
    CheckProblem<half, MT, NZ, ND>(problem(), rng, ways);
    CheckProblem<float, MT, ND, NZ>(problem(), rng, ways);
    // IterateNBatch moves an ND operand by whole M * Ka / Kb * N matrices
    // per loop (matrixStride only within a loop): no strides here.
    CheckProblem<half, MT, NZ, ND>(unstrided(), rng, {Way::kNBatch});
    CheckProblem<float, MT, ND, NZ>(unstrided(), rng, {Way::kNBatch});
    CheckProblem<float, MT, NZ, NZ>(problem(), rng, {Way::kGm, Way::kAsync, Way::kNBatch});
    // BNGS1S2 (the reference: NZ inputs for BNGS1S2 and NORMAL): the
    // batches along G, whole NZ matrices one after another.
    constexpr LayoutMode BN = LayoutMode::BNGS1S2;
    const std::initializer_list<Way> bnWays = {Way::kGm, Way::kGmSeq, Way::kUb, Way::kNBatch};
    CheckProblem<half, MT, NZ, NZ, BN>(unstrided(), rng, bnWays);
    CheckProblem<float, MT, NZ, ND, BN>(unstrided(), rng, bnWays);
    CheckProblem<half, MT, ND, NZ, BN>(unstrided(), rng, bnWays);
  }
}

// C in CubeFormat::NZ (NORMAL and BNGS1S2; any M and N, a 32-bit C): every
// way out, C re-read by the index model of NzBatchesToNd. (half x half ->
// float only: C's placement does not depend on A's and B's dtype or format,
// and each combination is three more Matmul instantiations to compile.)
TEST_F(MatmulBatchTest, NzCIsALoopOfSingleMatmuls) {
  using MT = matmul_tiling::MultiCoreMatmulTiling;
  constexpr CubeFormat ND = CubeFormat::ND, NZ = CubeFormat::NZ;
  std::mt19937 rng(1108);
  const auto problem = [&rng](bool strided) {
    BatchProblem p = RandomProblem(rng, true);
    if (!strided) p.strideA = p.strideB = 0;
    return p;
  };
  const std::initializer_list<Way> all = {Way::kGm,  Way::kGmSeq, Way::kUb,   Way::kAtomic,
                                          Way::kCube, Way::kAsync, Way::kNBatch};
  for (int iter = 0; iter < 3; ++iter) {
    CheckProblem<half, MT, ND, ND, LayoutMode::NORMAL, NZ>(problem(false), rng, all);
    CheckProblem<half, MT, ND, ND, LayoutMode::NORMAL, NZ>(problem(true), rng,
                                                           {Way::kGm, Way::kUb, Way::kCubeInts});
    CheckProblem<half, MT, ND, ND, LayoutMode::BNGS1S2, NZ>(problem(false), rng,
                                                            {Way::kGm, Way::kGmSeq, Way::kUb, Way::kNBatch});
  }
}

TEST_F(MatmulBatchTest, ToUbIsALoopOfSingleMatmuls) {
  std::mt19937 rng(1103);
  for (int iter = 0; iter < 8; ++iter) {
    BatchProblem p = RandomProblem(rng, true);
    p.N = (p.N + 7) / 8 * 8;  // a float C row of whole 32-byte blocks (else ND_ALIGN, as the reference says)
    if (p.strideB != 0) p.strideB = static_cast<uint32_t>(p.K * p.N + p.strideB % 37);
    CheckProblem<half>(p, rng, {Way::kUb});
    CheckProblem<float>(p, rng, {Way::kUb});
  }
}

// MatmulConfig::isBiasBatch = false: one bias for every batch.
TEST_F(MatmulBatchTest, SharedBiasWithoutIsBiasBatch) {
  std::mt19937 rng(1104);
  BatchProblem p;
  p.batchA = 3, p.batchB = 3, p.M = 20, p.N = 36, p.K = 17, p.bias = true;
  const TCubeTiling t = MakeBatchTiling<half>(p);
  std::vector<half> a = RandomVec<half>(3 * 20 * 17, rng), b = RandomVec<half>(3 * 17 * 36, rng);
  std::vector<float> bias = RandomVec<float>(36, rng), c(3 * 20 * 36, 0.0f), ref(c.size(), 0.0f);
  std::vector<float> biasRep(3 * 36);
  for (size_t i = 0; i < biasRep.size(); ++i) biasRep[i] = bias[i % 36];
  LoopOfSingles<half>(t, p, a, b, biasRep, ref);
  aicore::Launch(
      [&] {
        TPipe pipe;
        BMM<half, LayoutMode::NORMAL, TPosition::GM, kNoBiasBatch> mm;
        aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, &t);
        mm.SetTensorA(Gm(a));
        mm.SetTensorB(Gm(b));
        mm.SetBias(Gm(bias));
        mm.IterateBatch(Gm(c), 3u, 3u, false);
      },
      1);
  for (size_t i = 0; i < c.size(); ++i) ASSERT_EQ(Bits(c[i]), Bits(ref[i])) << i;
}

// enPartialSum (one base block per batch): each batch's block adds to what
// L0C holds -- the previous batch's block, or for the first the last block
// of the call before -- without the bias, as the vendor's batch scheduler
// with one L0C buffer does. Here K is split over two calls: the first over
// K[0, 16) with the bias, the second over K[16, 40) with enPartialSum.
TEST_F(MatmulBatchTest, PartialSumAddsToL0CAcrossCallsAndBatches) {
  std::mt19937 rng(1105);
  BatchProblem p;
  p.batchA = 3, p.batchB = 3, p.M = 16, p.N = 32, p.K = 40, p.bias = true;
  const TCubeTiling t = MakeBatchTiling<half>(p);
  ASSERT_EQ(t.baseM, 16);
  ASSERT_EQ(t.baseN, 32);
  const int k1 = 16, B = 3;
  std::vector<half> a = RandomVec<half>(B * 16 * 40, rng), b = RandomVec<half>(B * 40 * 32, rng);
  std::vector<float> bias = RandomVec<float>(B * 32, rng), c1(B * 16 * 32, 0.0f), c2(c1.size(), 0.0f);
  aicore::Launch(
      [&] {
        TPipe pipe;
        BMM<half> mm;
        aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm, &t);
        mm.SetTensorA(Gm(a));
        mm.SetTensorB(Gm(b));
        mm.SetBias(Gm(bias));
        mm.SetSingleShape(16, 32, k1);
        mm.IterateBatch(Gm(c1), 3u, 3u, false);
        mm.SetTensorA(Gm(a)[k1]);
        mm.SetTensorB(Gm(b)[k1 * 32]);
        mm.SetSingleShape(16, 32, 40 - k1);
        mm.IterateBatch(Gm(c2), 3u, 3u, false, 0, 0, 0, true);
      },
      1);
  // The model: fma chains in increasing k.
  std::vector<float> l0c(16 * 32);
  const auto chain = [&](int batch, int k0, int k9, bool withBias, std::vector<float>& acc) {
    for (int i = 0; i < 16; ++i) {
      for (int j = 0; j < 32; ++j) {
        float v = withBias ? bias[batch * 32 + j] : acc[i * 32 + j];
        for (int k = k0; k < k9; ++k) {
          v = std::fma(static_cast<float>(a[(batch * 16 + i) * 40 + k]), static_cast<float>(b[(batch * 40 + k) * 32 + j]), v);
        }
        acc[i * 32 + j] = v;
      }
    }
  };
  for (int batch = 0; batch < B; ++batch) {
    chain(batch, 0, k1, true, l0c);
    for (int e = 0; e < 16 * 32; ++e) ASSERT_EQ(Bits(c1[batch * 512 + e]), Bits(l0c[e])) << "call 1, batch " << batch;
  }
  for (int batch = 0; batch < B; ++batch) {  // l0c starts as the first call's last block
    chain(batch, k1, 40, false, l0c);
    for (int e = 0; e < 16 * 32; ++e) ASSERT_EQ(Bits(c2[batch * 512 + e]), Bits(l0c[e])) << "call 2, batch " << batch;
  }
}

// The host side: the NORMAL batch fields of TCubeTiling.
TEST(MatmulBatchTiling, SetBatchInfoForNormalFillsTheLayoutFields) {
  BatchProblem p;
  p.batchA = 4, p.batchB = 2, p.M = 32, p.N = 256, p.K = 64;
  const TCubeTiling t = MakeBatchTiling<half>(p);
  EXPECT_EQ(t.ALayoutInfoB, 4);
  EXPECT_EQ(t.ALayoutInfoS, 32);
  EXPECT_EQ(t.ALayoutInfoD, 64);
  EXPECT_EQ(t.BLayoutInfoB, 2);
  EXPECT_EQ(t.BLayoutInfoS, 64);
  EXPECT_EQ(t.BLayoutInfoD, 256);
  EXPECT_EQ(t.CLayoutInfoB, 4);
  EXPECT_EQ(t.CLayoutInfoS1, 32);
  EXPECT_EQ(t.CLayoutInfoS2, 256);
  EXPECT_EQ(t.BatchNum, 4);
  // BatchMatmulTiling: the same one-core tiling, field for field, and its
  // core counts (one core; batch axes not split) only after GetTiling.
  const TCubeTiling bt = MakeBatchTiling<half, matmul_tiling::BatchMatmulTiling>(p);
  EXPECT_EQ(std::memcmp(&bt, &t, sizeof(TCubeTiling)), 0);
  matmul_tiling::BatchMatmulTiling bmm;
  int32_t dim = -1, mDim = -1, nDim = -1, batchM = -1, batchN = -1;
  EXPECT_EQ(bmm.GetCoreNum(dim, mDim, nDim, batchM, batchN), -1);
  bmm.SetAType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT16);
  bmm.SetBType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT16);
  bmm.SetCType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT);
  bmm.SetShape(100, 48, 64);
  bmm.SetOrgShape(100, 48, 64);
  bmm.SetBatchNum(3);
  optiling::TCubeTiling ot;
  ASSERT_EQ(bmm.GetTiling(ot), 0);
  EXPECT_EQ(ot.BatchNum, 3);
  ASSERT_EQ(bmm.GetCoreNum(dim, mDim, nDim, batchM, batchN), 0);
  EXPECT_EQ(dim, 1);
  EXPECT_EQ(mDim, 1);
  EXPECT_EQ(nDim, 1);
  EXPECT_EQ(batchM, 1);
  EXPECT_EQ(batchN, 1);
  matmul_tiling::SysTilingTempBufSize viaBatch{}, viaMulti{};
  EXPECT_EQ(BatchMatmulGetTmpBufSize(ot, viaBatch), 0);
  EXPECT_EQ(MultiCoreMatmulGetTmpBufSizeV2(ot, viaMulti), 0);
  EXPECT_EQ(viaBatch.l1Size, viaMulti.l1Size);
  EXPECT_EQ(viaBatch.l0cSize, viaMulti.l0cSize);
  EXPECT_EQ(viaBatch.l1Size, ot.shareL1Size);
  matmul_tiling::MultiCoreMatmulTiling bad;
  EXPECT_EQ(bad.SetBatchInfoForNormal(0, 2, 32, 256, 64), -1);
  EXPECT_EQ(bad.SetBatchInfoForNormal(2, 2, 32, -1, 64), -1);
  EXPECT_EQ(bad.SetBatchNum(0), -1);
  EXPECT_EQ(bad.SetBatchNum(3), 0);
}

// ---------------------------------------------------------------------------
// Errors, each with its clean twin.

template <class F>
std::string MatmulError(F&& body) {
  try {
    aicore::LaunchNamed("bmm_kernel", std::forward<F>(body), 1);
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

#define EXPECT_BMM_ERROR(msg, ...)                                                                  \
  do {                                                                                              \
    const std::string err = MatmulError(__VA_ARGS__);                                               \
    EXPECT_NE(err.find(msg), std::string::npos) << "got: " << (err.empty() ? "no error" : err);     \
    EXPECT_NE(err.find("bmm_kernel"), std::string::npos) << err;                                    \
    EXPECT_NE(err.find("Matmul::"), std::string::npos) << err;                                      \
    EXPECT_NE(err.find("test_matmul_batch.cpp"), std::string::npos) << err;                         \
  } while (0)
#define EXPECT_BMM_CLEAN(...) EXPECT_EQ(MatmulError(__VA_ARGS__), "")

struct Fixture {
  BatchProblem p;
  TCubeTiling t, noInfo;
  std::vector<half> a, b;
  std::vector<float> c;
  Fixture() {
    p.batchA = 4, p.batchB = 2, p.M = 20, p.N = 40, p.K = 24;
    t = MakeBatchTiling<half>(p);
    noInfo = MakeBatchTiling<half>(p, false);
    a.assign(4 * 20 * 24, half(1.0f));
    b.assign(2 * 24 * 40, half(1.0f));
    c.assign(4 * 20 * 40, 0.0f);
  }
  template <class MM>
  void Setup(TPipe& pipe, MM& mm, const TCubeTiling* tiling = nullptr, size_t aSize = 0, size_t bSize = 0) {
    aicore::lib::RegistMatmulObj<false>(aicore::SrcLoc::Current(), &pipe, GetSysWorkSpacePtr(), mm,
                                        tiling ? tiling : &t);
    GlobalTensor<half> ag, bg;
    ag.SetGlobalBuffer(a.data(), aSize ? aSize : a.size());
    bg.SetGlobalBuffer(b.data(), bSize ? bSize : b.size());
    mm.SetTensorA(ag);
    mm.SetTensorB(bg);
  }
  GlobalTensor<float> C(size_t n = 0) {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(c.data(), n ? n : c.size());
    return g;
  }
};

TEST_F(MatmulBatchTest, BatchCountsThatDoNotDivideAreReported) {
  Fixture f;
  EXPECT_BMM_ERROR("batchA 3 and batchB 2", [&] {
    TPipe pipe;
    BMM<half> mm;
    f.Setup(pipe, mm);
    mm.IterateBatch(f.C(), 3u, 2u, false);
  });
  EXPECT_BMM_ERROR("batchA 0, batchB 2: batch counts must be > 0", [&] {
    TPipe pipe;
    BMM<half> mm;
    f.Setup(pipe, mm);
    mm.IterateBatch(f.C(), 0u, 2u, false);
  });
  EXPECT_BMM_CLEAN([&] {
    TPipe pipe;
    BMM<half> mm;
    f.Setup(pipe, mm);
    mm.IterateBatch(f.C(), 4u, 2u, false);
  });
}

TEST_F(MatmulBatchTest, UndeclaredLayoutIsReported) {
  Fixture f;
  EXPECT_BMM_ERROR("declare the batch layouts A NONE, B NONE, C NONE", [&] {
    TPipe pipe;
    BMM<half, LayoutMode::NONE> mm;
    f.Setup(pipe, mm);
    mm.IterateBatch(f.C(), 4u, 2u, false);
  });
  using MixedC = Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>,
                        MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>,
                        MatmulType<TPosition::GM, CubeFormat::ND, float>>;
  EXPECT_BMM_ERROR("A NORMAL, B NORMAL, C NONE", [&] {
    TPipe pipe;
    MixedC mm;
    f.Setup(pipe, mm);
    mm.IterateBatch(f.C(), 4u, 2u, false);
  });
  EXPECT_BMM_CLEAN([&] {
    TPipe pipe;
    BMM<half> mm;
    f.Setup(pipe, mm);
    mm.IterateBatch(f.C(), 4u, 2u, false);
  });
}

TEST_F(MatmulBatchTest, CubeFormWithoutSetBatchNumIsReported) {
  Fixture f;
  EXPECT_BMM_ERROR("SetBatchNum(batchA, batchB), which was not called", [&] {
    TPipe pipe;
    BMM<half> mm;
    f.Setup(pipe, mm);
    mm.IterateBatch(f.C(), false, 0, false);
  });
  EXPECT_BMM_ERROR("batchA -1, batchB 2: batch counts must be > 0", [&] {
    TPipe pipe;
    BMM<half> mm;
    f.Setup(pipe, mm);
    mm.SetBatchNum(-1, 2);
  });
  EXPECT_BMM_CLEAN([&] {
    TPipe pipe;
    BMM<half> mm;
    f.Setup(pipe, mm);
    mm.SetBatchNum(4, 2);
    mm.IterateBatch(f.C(), false, 0, false);
  });
}

TEST_F(MatmulBatchTest, TilingWithoutBatchInfoIsReported) {
  Fixture f;
  // GetTiling leaves BatchNum 1 without batch information: the call's
  // batches exceed it.
  EXPECT_BMM_ERROR("max(batchA, batchB) = 4 exceeds the tiling's BatchNum 1 (the most batches one call may "
                   "compute: SetBatchNum / SetBatchInfoForNormal on the host)", [&] {
    TPipe pipe;
    BMM<half> mm;
    f.Setup(pipe, mm, &f.noInfo);
    mm.IterateBatch(f.C(), 4u, 2u, false);
  });
  EXPECT_BMM_CLEAN([&] {
    TPipe pipe;
    BMM<half> mm;
    f.Setup(pipe, mm, &f.t);
    mm.IterateBatch(f.C(), 4u, 2u, false);
  });
  // A tiling that sets only BatchNum (as ops-nn's batch_mat_mul_v3 host
  // tiling does) is enough for NORMAL.
  TCubeTiling onlyNum = f.noInfo;
  onlyNum.BatchNum = 4;
  // A zeroed struct (no GetTiling batch fields at all) names the host call.
  TCubeTiling zeroNum = f.noInfo;
  zeroNum.BatchNum = 0;
  EXPECT_BMM_ERROR("call SetBatchInfoForNormal(batchA, batchB, m, n, k) in the host tiling", [&] {
    TPipe pipe;
    BMM<half> mm;
    f.Setup(pipe, mm, &zeroNum);
    mm.IterateBatch(f.C(), 4u, 2u, false);
  });
  EXPECT_BMM_CLEAN([&] {
    TPipe pipe;
    BMM<half> mm;
    f.Setup(pipe, mm, &onlyNum);
    mm.IterateBatch(f.C(), 4u, 2u, false);
  });
}

TEST_F(MatmulBatchTest, TensorsTooSmallForTheBatchesAreReported) {
  Fixture f;
  EXPECT_BMM_ERROR("A holds 4 matrices 480 elements apart (M * Ka), each spanning 480: 1920 elements, but its "
                   "GlobalTensor holds 1919",
                   [&] {
                     TPipe pipe;
                     BMM<half> mm;
                     f.Setup(pipe, mm, nullptr, f.a.size() - 1);
                     mm.IterateBatch(f.C(), 4u, 2u, false);
                   });
  EXPECT_BMM_ERROR("B holds 2 matrices 1000 elements apart (matrixStrideB), each spanning 960: 1960 elements, "
                   "but its GlobalTensor holds 1920",
                   [&] {
                     TPipe pipe;
                     BMM<half> mm;
                     f.Setup(pipe, mm);
                     mm.IterateBatch(f.C(), 4u, 2u, false, 0, 1000);
                   });
  EXPECT_BMM_ERROR("C gets 4 matrices 800 elements apart (M x N), the last reaching element 3200, but the "
                   "GlobalTensor holds 3199",
                   [&] {
                     TPipe pipe;
                     BMM<half> mm;
                     f.Setup(pipe, mm);
                     mm.IterateBatch(f.C(f.c.size() - 1), 4u, 2u, false);
                   });
  EXPECT_BMM_CLEAN([&] {
    TPipe pipe;
    BMM<half> mm;
    f.Setup(pipe, mm);
    mm.IterateBatch(f.C(), 4u, 2u, false, 480, 960);
  });
}

TEST_F(MatmulBatchTest, UbRowsNotOf32ByteBlocksAreReported) {
  Fixture f;  // N 40 floats: 160 bytes a row
  BatchProblem odd = f.p;
  odd.N = 36;
  const TCubeTiling oddTiling = MakeBatchTiling<half>(odd);
  const auto run = [&](const TCubeTiling* t, int n) {
    TPipe pipe;
    BMM<half, LayoutMode::NORMAL, TPosition::VECIN> mm;
    f.Setup(pipe, mm, t);
    TBuf<TPosition::VECIN> buf;
    pipe.InitBuffer(buf, 4 * 20 * 40 * sizeof(float));
    mm.IterateBatch(buf.Get<float>(), 4u, 2u, false);
    (void)n;
  };
  EXPECT_BMM_ERROR("singleCoreN 36 (144 bytes) is not a whole number of 32-byte blocks", [&] { run(&oddTiling, 36); });
  EXPECT_BMM_CLEAN([&] { run(&f.t, 40); });
}

TEST_F(MatmulBatchTest, UnsupportedOptionsAndWaitPairingAreReported) {
  Fixture f;
  // C in NZ, 16-bit, in GM: N must be a multiple of 16 (else the vendor's
  // matrices, M x N apart, overlap); M need not be (fractal columns M rows
  // apart: here 20, every element of the four 20 x 48 matrices written).
  using HalfNzC = Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half, true, LayoutMode::NORMAL>,
                         MatmulType<TPosition::GM, CubeFormat::ND, half, true, LayoutMode::NORMAL>,
                         MatmulType<TPosition::GM, CubeFormat::NZ, half, false, LayoutMode::NORMAL>,
                         MatmulType<TPosition::GM, CubeFormat::ND, float>>;
  BatchProblem n48 = f.p;
  n48.N = 48;
  const TCubeTiling t48 = MakeBatchTiling<half>(n48);
  std::vector<half> b48(2 * 24 * 48, half(1.0f)), c16(4 * 20 * 48);
  const auto halfC = [&](const TCubeTiling* t) {
    return [&f, &b48, &c16, t] {
      TPipe pipe;
      HalfNzC mm;
      f.Setup(pipe, mm, t);
      mm.SetTensorB(Gm(b48));
      mm.IterateBatch(Gm(c16), 4u, 2u, false);
    };
  };
  EXPECT_BMM_ERROR("C in CubeFormat::NZ, 16-bit, in GM with N 40, not a multiple of 16", halfC(&f.t));
  EXPECT_BMM_CLEAN(halfC(&t48));
  for (size_t i = 0; i < c16.size(); ++i) ASSERT_EQ(static_cast<float>(c16[i]), 24.0f) << i;
  // NZ A in BSNGD / SBNGD (the reference: ND only there); NORMAL takes it.
  EXPECT_BMM_ERROR("NZ A or B in layout BSNGD: the reference allows NZ inputs in the NORMAL and BNGS1S2", [&] {
    TPipe pipe;
    BMM<half, LayoutMode::BSNGD, TPosition::GM, CFG_NORM, CubeFormat::NZ> mm;
    f.Setup(pipe, mm);
    mm.IterateBatch(f.C(), 1u, 1u, false);
  });
  EXPECT_BMM_CLEAN([&] {
    TPipe pipe;
    BMM<half, LayoutMode::NORMAL, TPosition::GM, CFG_NORM, CubeFormat::NZ> mm;
    f.Setup(pipe, mm);
    mm.IterateBatch(f.C(), 1u, 1u, false);
  });
  // enPartialSum: one base block per batch, and an earlier result in L0C.
  EXPECT_BMM_ERROR("enPartialSum accumulates into L0C only when singleCoreM == baseM and singleCoreN == baseN", [&] {
    TPipe pipe;
    BMM<half> mm;
    f.Setup(pipe, mm);
    mm.IterateBatch(f.C(), 4u, 2u, false);
    mm.IterateBatch(f.C(), 4u, 2u, false, 0, 0, 0, true);
  });
  const auto partial = [&](bool first) {
    return [&f, first] {
      TPipe pipe;
      BMM<half> mm;
      f.Setup(pipe, mm);
      mm.SetSingleShape(16, 32, 24);
      if (first) mm.IterateBatch(f.C(), 4u, 2u, false);
      mm.IterateBatch(f.C(), 4u, 2u, false, 0, 0, 0, true);
    };
  };
  EXPECT_BMM_ERROR("enPartialSum = true but L0C holds no earlier result", partial(false));
  EXPECT_BMM_CLEAN(partial(true));
  EXPECT_BMM_ERROR("no IterateBatch<false, true>(...) to wait for", [&] {
    TPipe pipe;
    BMM<half> mm;
    f.Setup(pipe, mm);
    mm.IterateBatch<false>(f.C(), 4u, 2u, false);
    mm.WaitIterateBatch();
  });
  EXPECT_BMM_CLEAN([&] {
    TPipe pipe;
    BMM<half> mm;
    f.Setup(pipe, mm);
    mm.IterateBatch<false, true>(f.C(), 4u, 2u, false);
    mm.WaitIterateBatch();
  });
}

}  // namespace
