// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// 4:2 sparse Matmul (Atlas A2): B declared as
//   SparseMatmulType<POSITION, INDEX_POSITION, FORMAT, TYPE, ISTRANS = false,
//                    LAYOUT = LayoutMode::NONE, IBSHARE = false>
// (a MatmulType with the index matrix's position) and the index matrix given
// with Matmul::SetSparseIndex(const GlobalTensor<uint8_t>&).
//
// What the Matmul reads (the vendor's documented contract and sample):
//   A: M x K int8_t, as for any Matmul (Ka = K, the dense K).
//   B: the densified B, transposed: N x K/2 int8_t (ND: row stride Kb / 2;
//      NZ: fractal columns of 32 values, round16(N) rows as for any
//      transposed NZ B). Compressed row r of column j is the r % 2-th kept
//      value of the 4-group r / 2 of the sparse B's column j.
//   index: 2 bits per B value, four per byte, the first in the low bits
//      (row j of the N x K/8-byte index matrix holds column j's indices in
//      the order of its compressed rows), stored NZ: fractals of 16 rows x
//      8 bytes, fractal columns of round16(N) rows: index byte (r / 4) of
//      row j at (r / 32) * round16(N) * 8 + j * 8 + (r / 4) % 8.
//   C(i, j) = sum over the groups g of A(i, 4g + p0) * B(2g, j) +
//      A(i, 4g + p1) * B(2g + 1, j), with (p0, p1) from the index pair by
//      the cube's selection table (aicore::detail::SparsePair, the table of
//      MmadWithSparse), int32_t sums, plus the bias.
// aicore expands B with its indices into the dense K x N int8_t matrix (two
// values on one element add up; where the sum leaves int8_t the second one
// goes to a second matrix and a second product) and multiplies through
// simd::Gemm: bit-exact int32_t results.
//
// Checks (KernelErrors naming the API and values): SetSparseIndex on a
// Matmul whose B is not a SparseMatmulType, or from a vector block of a
// mixed kernel (pure cube mode only: ASCENDC_CUBE_ONLY); a sparse Matmul
// with a MatmulConfig that is not MDL, B not int8_t, B or the index not at
// TPosition::GM, B's format not ND / NZ, ISTRANS false or SetTensorB
// without the transpose, a LAYOUT other than NONE, IBSHARE; Iterate /
// IterateAll without SetSparseIndex; singleCoreK not a multiple of 4
// (aicore's limit: partial 4-groups are not modelled); B or the index
// beyond their GlobalTensors; an index pair outside the table (a 3, or
// (2, 1)).
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "aicore/base/error.h"
#include "aicore/base/type_name.h"
#include "aicore/cube/mmad.h"
#include "aicore/lib/matmul/config.h"
#include "aicore/memory/global_tensor.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/gemm.h"

namespace AscendC {

template <TPosition POSITION, TPosition INDEX_POSITION, CubeFormat FORMAT, typename TYPE, bool ISTRANS = false,
          LayoutMode LAYOUT = LayoutMode::NONE, bool IBSHARE = false>
struct SparseMatmulType : public MatmulType<POSITION, FORMAT, TYPE, ISTRANS, LAYOUT, IBSHARE> {
  constexpr static TPosition indexPosition = INDEX_POSITION;
};

}  // namespace AscendC

namespace aicore {
namespace detail {

template <class T, class = void>
constexpr bool kMmSparse = false;
template <class T>
constexpr bool kMmSparse<T, std::void_t<decltype(T::indexPosition)>> = true;

// The sparse state of a Matmul: the index matrix and B expanded to K x N.
struct MmSparse {
  AscendC::GlobalTensor<uint8_t> index;
  bool set = false;
  std::vector<int8_t> dense, extra;  // sK x sN, row-major
  bool two = false;                  // `extra` holds something

  // SetSparseIndex: the declaration, the calling block and the tensor.
  template <class B_TYPE>
  void SetIndex(CoreContext& core, bool mdl, const AscendC::GlobalTensor<uint8_t>& gm, const char* api,
                SrcLoc loc) {
    CheckType<B_TYPE>(mdl, api, loc);
    if (core.core_type == CoreType::kAIV && IsMixed(core.launch->geom)) {
      Fail(ErrorKind::kParameter, api, loc,
           "called from a vector block of a mixed kernel: sparse Matmul runs in pure cube mode only "
           "(#define ASCENDC_CUBE_ONLY before lib/matmul_intf.h, a cube kernel); the matmul client does not "
           "support it");
    }
    if (!gm.bound_) Fail(ErrorKind::kBounds, api, loc, "the index GlobalTensor was never bound with SetGlobalBuffer");
    index = gm;
    set = true;
  }

  // Why B_TYPE with this config is no sparse Matmul: a KernelError.
  template <class B_TYPE>
  static void CheckType(bool mdl, const char* api, SrcLoc loc) {
    using T = typename B_TYPE::T;
    std::string why;
    if constexpr (!kMmSparse<B_TYPE>) {
      why = "B's MatmulType is not a SparseMatmulType (declare B as SparseMatmulType<TPosition::GM, "
            "TPosition::GM, CubeFormat::ND or NZ, int8_t, true>)";
    } else {
      if (!mdl) {
        why = "the MatmulConfig is not MDL (doMultiDataLoad false): sparse Matmul runs with the MDL template "
              "only (CFG_MDL, GetMDLConfig)";
      } else if (!std::is_same_v<T, int8_t>) {
        why = std::string("SparseMatmulType's TYPE is ") + TypeName<T>() + ": only int8_t is supported";
      } else if (B_TYPE::pos != AscendC::TPosition::GM) {
        why = std::string("SparseMatmulType's POSITION is TPosition::") + PositionName(B_TYPE::pos) +
              ": B must be at TPosition::GM";
      } else if (B_TYPE::indexPosition != AscendC::TPosition::GM) {
        why = std::string("SparseMatmulType's INDEX_POSITION is TPosition::") + PositionName(B_TYPE::indexPosition) +
              ": the index matrix must be at TPosition::GM";
      } else if (B_TYPE::format != CubeFormat::ND && B_TYPE::format != CubeFormat::NZ) {
        why = "SparseMatmulType's FORMAT must be CubeFormat::ND or NZ";
      } else if (!B_TYPE::isTrans) {
        why = "SparseMatmulType's ISTRANS is false: only a transposed B (ISTRANS true, N x K/2 in GM) is supported";
      } else if (B_TYPE::layout != LayoutMode::NONE) {
        why = "SparseMatmulType's LAYOUT must be LayoutMode::NONE (no batch Matmul)";
      } else if (B_TYPE::ibShare) {
        why = "SparseMatmulType's IBSHARE must be false";
      }
    }
    if (!why.empty()) Fail(ErrorKind::kParameter, api, loc, why);
  }

  // The checks of a run over a single-core K of sK.
  template <class B_TYPE>
  void CheckRun(bool mdl, bool gmB, bool transB, int32_t sK, const char* api, SrcLoc loc) const {
    CheckType<B_TYPE>(mdl, api, loc);
    if (!set) Fail(ErrorKind::kParameter, api, loc, "the sparse index matrix was never set: call SetSparseIndex first");
    if (!gmB) Fail(ErrorKind::kParameter, api, loc, "a sparse B must be a GlobalTensor (SetTensorB(gm, true))");
    if (!transB) {
      Fail(ErrorKind::kParameter, api, loc,
           "B was set without the transpose: a sparse B is N x K/2 in GM, call SetTensorB(gm, true)");
    }
    if (sK % 4 != 0) {
      Fail(ErrorKind::kParameter, api, loc,
           "singleCoreK " + std::to_string(sK) +
               " is not a multiple of 4 (whole 4:2 groups; other K are not modelled by aicore)");
    }
  }

  // B (`b` with layout `lb`: sK/2 x sN) and its indices (layout `li`: sK/8
  // bytes x sN) expanded into the sK x sN `dense` (and `extra`).
  void Expand(const int8_t* b, const simd::MatLayout& lb, const simd::MatLayout& li, int32_t sK, int32_t sN,
              const char* api, SrcLoc loc) {
    const auto n = static_cast<uint32_t>(sN);
    const size_t elems = static_cast<size_t>(sK) * n;
    dense.assign(elems, 0);
    extra.assign(elems, 0);
    two = false;
    const uint8_t* idx = index.GetPhyAddr();
    for (uint32_t j = 0; j < n; ++j) {
      for (uint32_t g = 0; g < static_cast<uint32_t>(sK) / 4; ++g) {
        const uint32_t r = 2 * g;  // group g's compressed rows r, r + 1: bits 2 (r % 4) + [0, 4) of byte r / 4
        const uint8_t byte = idx[li.Offset(r / 4, j)];
        const uint32_t i0 = (byte >> (2 * (r % 4))) & 3, i1 = (byte >> (2 * (r % 4) + 2)) & 3;
        uint32_t p0 = 0, p1 = 0;
        if (!SparsePair(i0, i1, &p0, &p1)) {
          Fail(ErrorKind::kParameter, api, loc,
               "the indices (" + std::to_string(i0) + ", " + std::to_string(i1) + ") of B's compressed rows " +
                   std::to_string(r) + " and " + std::to_string(r + 1) + ", column " + std::to_string(j) +
                   " (index byte " + std::to_string(li.Offset(r / 4, j)) +
                   ") select no documented pair of the 4 elements (each in [0, 2], and not (2, 1))");
        }
        const size_t e0 = static_cast<size_t>(4 * g + p0) * n + j, e1 = static_cast<size_t>(4 * g + p1) * n + j;
        const int8_t v1 = b[lb.Offset(r + 1, j)];
        dense[e0] = b[lb.Offset(r, j)];
        const int sum = int{dense[e1]} + v1;
        if (sum >= -128 && sum <= 127) {
          dense[e1] = static_cast<int8_t>(sum);
        } else {
          extra[e1] = v1;
          two = true;
        }
      }
    }
  }

  // C block (m x n at column n0 of the single-core C) = A x the expanded B.
  template <class A, class C>
  void Gemm(uint32_t m, uint32_t n, uint32_t k, const A* a, const simd::MatLayout& la, uint32_t n0, C* out,
            const simd::MatLayout& lc, simd::GemmInit first, const C* bias, const simd::GemmOptions& opt) const {
    const auto ld = static_cast<int64_t>(dense.size() / k);
    const simd::MatLayout lb = simd::MatLayout::RowMajor(ld);
    simd::Gemm<A, int8_t, C>(m, n, k, a, la, dense.data() + n0, lb, out, lc, first, bias, opt);
    if (two) {
      simd::Gemm<A, int8_t, C>(m, n, k, a, la, extra.data() + n0, lb, out, lc, simd::GemmInit::kAccumulate,
                               nullptr, opt);
    }
  }
};

}  // namespace detail
}  // namespace aicore
