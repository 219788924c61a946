// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// What the Matmul API tests (test_matmul, test_matmul_quant) share: the
// problem description, its host tiling (MultiCoreMatmulTiling over p.dim
// cores), the scalar model of the accumulators (bias or 0, then the products
// in increasing k: int8_t exact products with wrapping int32_t sums, else an
// fma chain in float) and a value's bits.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "aicore/aicore.h"
#include "aicore/lib/matmul/host_tiling.h"

namespace mmtest {

struct Problem {
  int M = 0, N = 0, K = 0;
  bool transA = false, transB = false, bias = false;
  int dim = 1;                   // cores for the tiling
  int baseM = -1, baseN = -1;    // SetFixSplit
  bool orderN = false;           // SetTraverse(FIRSTN)
  std::string Str() const {
    return "M " + std::to_string(M) + " N " + std::to_string(N) + " K " + std::to_string(K) + " transA " +
           std::to_string(transA) + " transB " + std::to_string(transB) + " bias " + std::to_string(bias) +
           " dim " + std::to_string(dim);
  }
};

template <class T>
matmul_tiling::DataType DtOf() {
  if constexpr (std::is_same_v<T, half>) return matmul_tiling::DataType::DT_FLOAT16;
  else if constexpr (std::is_same_v<T, bfloat16_t>) return matmul_tiling::DataType::DT_BF16;
  else if constexpr (std::is_same_v<T, float>) return matmul_tiling::DataType::DT_FLOAT;
  else if constexpr (std::is_same_v<T, int8_t>) return matmul_tiling::DataType::DT_INT8;
  else if constexpr (std::is_same_v<T, AscendC::int4b_t>) return matmul_tiling::DataType::DT_INT4;
  else return matmul_tiling::DataType::DT_INT32;
}

template <class AT, class CT, class BiasT>
AscendC::tiling::TCubeTiling MakeTiling(const Problem& p) {
  matmul_tiling::MultiCoreMatmulTiling t;
  using matmul_tiling::CubeFormat;
  using matmul_tiling::TPosition;
  t.SetDim(p.dim);
  t.SetAType(TPosition::GM, CubeFormat::ND, DtOf<AT>(), p.transA);
  t.SetBType(TPosition::GM, CubeFormat::ND, DtOf<AT>(), p.transB);
  t.SetCType(TPosition::GM, CubeFormat::ND, DtOf<CT>());
  t.SetBiasType(TPosition::GM, CubeFormat::ND, DtOf<BiasT>());
  t.SetShape(p.M, p.N, p.K);
  t.SetOrgShape(p.M, p.N, p.K);
  t.SetBias(p.bias);
  if (p.baseM > 0 || p.baseN > 0) t.SetFixSplit(p.baseM, p.baseN, -1);
  if (p.orderN) t.SetTraverse(matmul_tiling::MatrixTraverse::FIRSTN);
  t.SetBufferSpace(-1, -1, -1);
  AscendC::tiling::TCubeTiling tiling;
  EXPECT_EQ(t.GetTiling(tiling), 0) << p.Str();
  return tiling;
}

template <class AT>
using Acc = std::conditional_t<std::is_same_v<AT, int8_t>, int32_t, float>;

// C = A x B + bias by the contract; A is M x K (stored K x M when transA),
// B is K x N (stored N x K when transB). Returns the accumulator values.
template <class AT, class BiasT>
std::vector<Acc<AT>> Reference(const Problem& p, const std::vector<AT>& a, const std::vector<AT>& b,
                               const std::vector<BiasT>& bias) {
  std::vector<Acc<AT>> c(static_cast<size_t>(p.M) * p.N);
  for (int i = 0; i < p.M; ++i) {
    for (int j = 0; j < p.N; ++j) {
      Acc<AT> acc = p.bias ? static_cast<Acc<AT>>(bias[j]) : Acc<AT>(0);
      for (int k = 0; k < p.K; ++k) {
        const AT x = p.transA ? a[static_cast<size_t>(k) * p.M + i] : a[static_cast<size_t>(i) * p.K + k];
        const AT y = p.transB ? b[static_cast<size_t>(j) * p.K + k] : b[static_cast<size_t>(k) * p.N + j];
        if constexpr (std::is_same_v<AT, int8_t>) {
          acc = static_cast<int32_t>(static_cast<uint32_t>(acc) +
                                     static_cast<uint32_t>(int32_t{x} * int32_t{y}));
        } else {
          acc = std::fma(static_cast<float>(x), static_cast<float>(y), acc);
        }
      }
      c[static_cast<size_t>(i) * p.N + j] = acc;
    }
  }
  return c;
}

template <class T>
uint64_t Bits(T v) {
  uint64_t b = 0;
  std::memcpy(&b, &v, sizeof(T));
  return b;
}

}  // namespace mmtest
