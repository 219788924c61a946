// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Copies into the cube unit's L1 with the ND -> NZ conversion, and the older
// DataCopy with DataCopyEnhancedParams.
//
//   DataCopy(LocalTensor<T> dst (A1/B1/C1), GlobalTensor<T> src, Nd2NzParams)   MTE2
//   DataCopy(LocalTensor<T> dst (L1), LocalTensor<T> src (UB), Nd2NzParams)     MTE3
//
// ND -> NZ (Nd2NzParams; strides as documented): for matrix i < ndNum, row
// r < nValue, column c < dValue,
//   src element  i * srcNdMatrixStride + r * srcDValue + c            (elements)
//   dst element  i * dstNzMatrixStride                                 (elements)
//                + (c / C0) * dstNzC0Stride * C0 + r * dstNzNStride * C0 + c % C0
// with C0 = 32 bytes / sizeof(T); the last C0 group of a row is padded with
// zeros to 32 bytes (columns [dValue, ceil(dValue / C0) * C0)); rows
// [nValue, 16) of a fractal are not written. ndNum, nValue or dValue 0:
// nothing is copied. int4b_t is copied as bytes (dValue counts byte pairs of
// elements, as the NPU processes b4 as b8). Matrices are written in order (a
// later one wins where dstNzMatrixStride makes them overlap; the NPU does not
// define the order).
//
// The older path DataCopy(dst, src, DataCopyParams, DataCopyEnhancedParams)
// only converts on the 310P (L0C -> UB); on the 910B generation it is the
// plain DataCopy (the enhanced parameters have no effect), which is what
// it is here.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

// ops/ first: simd/gemm.h (through cube/fractal.h) declares
// aicore::simd::detail, which must not be visible yet where ops' simd code
// names aicore::detail.
#include "aicore/ops/data_copy.h"
#include "aicore/base/error.h"
#include "aicore/cube/fractal.h"
#include "aicore/cube/params.h"
#include "aicore/instrument/event.h"
#include "aicore/memory/global_tensor.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/runtime/context.h"

namespace aicore {
namespace detail {

// Checks the Nd2NzParams ranges; false when the copy is a no-op.
inline bool CheckNd2Nz(const char* api, const AscendC::Nd2NzParams& p, bool ub_src, SrcLoc loc) {
  if (ub_src) {
    if (AICORE_UNLIKELY(p.ndNum != 1 || p.nValue == 0 || p.dValue == 0)) {
      FailCubeParam(api, loc,
                    "the UB -> L1 ND2NZ copy takes ndNum 1 and nValue, dValue > 0 (ndNum " +
                        std::to_string(p.ndNum) + ", nValue " + std::to_string(p.nValue) +
                        ", dValue " + std::to_string(p.dValue) + ")");
    }
  } else if (p.ndNum == 0 || p.nValue == 0 || p.dValue == 0) {
    return false;
  }
  CheckCubeRange(api, "Nd2NzParams.ndNum", p.ndNum, 0, 4095, loc);
  CheckCubeRange(api, "Nd2NzParams.nValue", p.nValue, 0, 16384, loc);
  CheckCubeRange(api, "Nd2NzParams.srcDValue", p.srcDValue, 1, 65535, loc);
  CheckCubeRange(api, "Nd2NzParams.dstNzC0Stride", p.dstNzC0Stride, 1, 16384, loc);
  CheckCubeRange(api, "Nd2NzParams.dstNzNStride", p.dstNzNStride, 1, 16384, loc);
  CheckCubeRange(api, "Nd2NzParams.dstNzMatrixStride", p.dstNzMatrixStride, 0, 16384, loc);
  return true;
}

// Bytes of the NZ destination from its start to the end of the last block
// written; the source elements from its start to the end of the last row.
template <class T>
inline uint64_t Nd2NzDstSpan(const AscendC::Nd2NzParams& p) {
  const uint32_t groups = cube::CeilDiv(p.dValue * sizeof(T), 32);
  return uint64_t{p.ndNum - 1u} * p.dstNzMatrixStride * sizeof(T) +
         uint64_t{groups - 1} * p.dstNzC0Stride * 32 + uint64_t{p.nValue - 1u} * p.dstNzNStride * 32 +
         32;
}
inline uint64_t Nd2NzSrcElems(const AscendC::Nd2NzParams& p) {
  return uint64_t{p.ndNum - 1u} * p.srcNdMatrixStride + uint64_t{p.nValue - 1u} * p.srcDValue +
         p.dValue;
}

template <class T>
inline void Nd2NzCopy(uint8_t* dst, const uint8_t* src, const AscendC::Nd2NzParams& p) {
  constexpr uint32_t es = sizeof(T);
  const uint32_t row_bytes = p.dValue * es;
  const uint32_t groups = cube::CeilDiv(row_bytes, 32);
  for (uint32_t i = 0; i < p.ndNum; ++i) {
    uint8_t* dm = dst + uint64_t{i} * p.dstNzMatrixStride * es;
    for (uint32_t r = 0; r < p.nValue; ++r) {
      const uint8_t* srow = src + (uint64_t{i} * p.srcNdMatrixStride + uint64_t{r} * p.srcDValue) * es;
      uint8_t* drow = dm + uint64_t{r} * p.dstNzNStride * 32;
      for (uint32_t g = 0; g < groups; ++g) {
        uint8_t* blk = drow + uint64_t{g} * p.dstNzC0Stride * 32;
        const uint32_t n = row_bytes - g * 32 < 32 ? row_bytes - g * 32 : 32;
        if (n == 32) {
          std::memcpy(blk, srow + g * 32, 32);  // a whole block, inlined (GM / UB -> L1 never overlap)
        } else {
          std::memmove(blk, srow + g * 32, n);
          std::memset(blk + n, 0, 32 - n);
        }
      }
    }
  }
}

// Events of an ND2NZ copy: the NZ blocks written (pipe `pipe`).
template <class T>
inline void EmitNd2NzDst(CoreContext& core, Pipe pipe, const AscendC::LocalTensor<T>& dst,
                         const AscendC::Nd2NzParams& p, const char* api, SrcLoc loc) {
  const uint32_t groups = cube::CeilDiv(p.dValue * sizeof(T), 32);
  const auto* base = reinterpret_cast<const uint8_t*>(dst.addr_);
  for (uint32_t i = 0; i < p.ndNum; ++i) {
    for (uint32_t g = 0; g < groups; ++g) {
      const uint8_t* at =
          base + uint64_t{i} * p.dstNzMatrixStride * sizeof(T) + uint64_t{g} * p.dstNzC0Stride * 32;
      EmitLocalBursts(core, pipe, Access::kWrite, *dst.buf_, at, p.nValue, 32,
                      uint64_t{p.dstNzNStride} * 32, api, "dst", loc);
    }
  }
}

}  // namespace detail
}  // namespace aicore

namespace AscendC {

// GM (ND) -> L1 (NZ).
template <typename T>
inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const Nd2NzParams& p,
                     aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4,
                "DataCopy with Nd2NzParams: T must be a 1-, 2- or 4-byte type (int4b_t as bytes)");
  namespace d = aicore::detail;
  constexpr const char* kApi = "DataCopy";
  auto& core = d::Enter(kApi, loc);
  d::CheckCubeMemory(kApi, "dst", dst, aicore::Memory::kL1, "A1, B1 or C1", loc);
  if (!d::CheckNd2Nz(kApi, p, false, loc)) return;
  const uint64_t dst_span = d::Nd2NzDstSpan<T>(p);
  d::CheckLocal(kApi, "dst", dst, dst_span, loc, true, d::Pipe::kCount);
  const uint64_t src_elems = d::Nd2NzSrcElems(p);
  src.CheckRange(kApi, 0, src_elems, loc);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    const uint64_t row = uint64_t{p.dValue} * sizeof(T);
    const uint64_t step = uint64_t{p.srcDValue} * sizeof(T);
    for (uint32_t i = 0; i < p.ndNum; ++i) {
      const auto* m = reinterpret_cast<const uint8_t*>(src.addr_) +
                      uint64_t{i} * p.srcNdMatrixStride * sizeof(T);
      if (step >= row) {
        aicore::instrument::Emit(core, aicore::instrument::GmEvent(d::GmAccess::kRead, m, p.nValue,
                                                                   row, step, kApi, loc));
      } else {
        for (uint32_t r = 0; r < p.nValue; ++r) d::EmitGm(core, d::GmAccess::kRead, m + r * step, row, kApi, loc);
      }
    }
    d::EmitNd2NzDst(core, d::Pipe::kMTE2, dst, p, kApi, loc);
  }
  d::Nd2NzCopy<T>(reinterpret_cast<uint8_t*>(dst.addr_), reinterpret_cast<const uint8_t*>(src.addr_),
                  p);
}

// UB (ND) -> L1 (NZ); ndNum must be 1.
template <typename T>
inline void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const Nd2NzParams& p,
                     aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4,
                "DataCopy with Nd2NzParams: T must be a 1-, 2- or 4-byte type");
  namespace d = aicore::detail;
  constexpr const char* kApi = "DataCopy";
  auto& core = d::Enter(kApi, loc);
  d::CheckCubeMemory(kApi, "dst", dst, aicore::Memory::kL1, "TSCM, A1, B1 or C1", loc);
  d::CheckCubeMemory(kApi, "src", src, aicore::Memory::kUB, "VECIN, VECCALC or VECOUT", loc);
  d::CheckNd2Nz(kApi, p, true, loc);
  d::CheckLocal(kApi, "dst", dst, d::Nd2NzDstSpan<T>(p), loc, true, d::Pipe::kCount);
  const uint64_t src_elems = d::Nd2NzSrcElems(p);
  d::CheckLocal(kApi, "src", src, src_elems * sizeof(T), loc, true, d::Pipe::kCount);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    const uint64_t row = uint64_t{p.dValue} * sizeof(T);
    const uint64_t step = uint64_t{p.srcDValue} * sizeof(T);
    const auto* s = reinterpret_cast<const uint8_t*>(src.addr_);
    if (step >= row) {
      d::EmitLocalBursts(core, d::Pipe::kMTE3, d::Access::kRead, *src.buf_, s, p.nValue, row, step,
                         kApi, "src", loc);
    } else {
      d::EmitLocal(core, d::Pipe::kMTE3, d::Access::kRead, *src.buf_, s, src_elems * sizeof(T),
                   kApi, "src", loc);
    }
    d::EmitNd2NzDst(core, d::Pipe::kMTE3, dst, p, kApi, loc);
  }
  d::Nd2NzCopy<T>(reinterpret_cast<uint8_t*>(dst.addr_), reinterpret_cast<const uint8_t*>(src.addr_),
                  p);
}

// The older enhanced copies: on the 910B generation the plain DataCopy.
template <typename T>
inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src,
                     const DataCopyParams& intriParams, const DataCopyEnhancedParams& /*enhanced*/,
                     aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  DataCopy(dst, src, intriParams, loc);
}
template <typename T>
inline void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src,
                     const DataCopyParams& intriParams, const DataCopyEnhancedParams& /*enhanced*/,
                     aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  DataCopy(dst, src, intriParams, loc);
}
template <typename T>
inline void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                     const DataCopyParams& intriParams, const DataCopyEnhancedParams& /*enhanced*/,
                     aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  DataCopy(dst, src, intriParams, loc);
}

}  // namespace AscendC
