// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Copies into the cube unit's L1 with the ND -> NZ conversion, and the older
// DataCopy with DataCopyEnhancedParams.
//
//   DataCopy(LocalTensor<T> dst (A1/B1/C1), GlobalTensor<T> src, Nd2NzParams)   MTE2
//   DataCopy(LocalTensor<T> dst (L1), LocalTensor<T> src (UB), Nd2NzParams)     MTE3
//   DataCopy(GlobalTensor<T> dst, LocalTensor<T> src (UB), Nz2NdParamsFull)     MTE3
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
// NZ -> ND (Nz2NdParamsFull, the vector side's software copy; 2- and 4-byte
// types): NZ matrices are column groups ("Z"s) of 16 elements, whatever the
// type; for matrix i < ndNum, row r < nValue, column c < dValue (a multiple
// of 16),
//   src element  i * srcNdMatrixStride * 256 + (c / 16) * srcNStride * 16
//                + r * 16 + c % 16
//   dst element  i * dstNdMatrixStride + r * dstDStride + c
// written in the order i, r, c (a later element wins where the strides make
// them overlap), combining into GM under an atomic mode like DataCopy.
// ndNum 0 is a no-op; the other fields are checked against their documented
// ranges.
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

// UB (NZ) -> GM (ND).
template <typename T>
inline void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src,
                     const Nz2NdParamsFull& intriParams,
                     aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(sizeof(T) == 2 || sizeof(T) == 4,
                "DataCopy with Nz2NdParamsFull: T must be int16_t, uint16_t, half, bfloat16_t, "
                "int32_t, uint32_t or float");
  namespace d = aicore::detail;
  constexpr const char* kApi = "DataCopy";
  const Nz2NdParamsFull& p = intriParams;
  auto& core = d::Enter(kApi, loc);
  d::CheckCubeMemory(kApi, "src", src, aicore::Memory::kUB, "VECOUT", loc);
  d::CheckCubeRange(kApi, "Nz2NdParamsFull.ndNum", p.ndNum, 0, 4095, loc);
  d::CheckCubeRange(kApi, "Nz2NdParamsFull.nValue", p.nValue, 1, 8192, loc);
  d::CheckCubeRange(kApi, "Nz2NdParamsFull.dValue", p.dValue, 1, 8192, loc);
  if (AICORE_UNLIKELY(p.dValue % 16 != 0)) {
    d::FailCubeParam(kApi, loc, "Nz2NdParamsFull.dValue " + std::to_string(p.dValue) +
                                    " is not a multiple of 16 (the NZ column groups)");
  }
  d::CheckCubeRange(kApi, "Nz2NdParamsFull.srcNdMatrixStride", p.srcNdMatrixStride, 1, 512, loc);
  d::CheckCubeRange(kApi, "Nz2NdParamsFull.srcNStride", p.srcNStride, 0, 4096, loc);
  d::CheckCubeRange(kApi, "Nz2NdParamsFull.dstDStride", p.dstDStride, 1, 65535, loc);
  d::CheckCubeRange(kApi, "Nz2NdParamsFull.dstNdMatrixStride", p.dstNdMatrixStride, 1, 65535, loc);
  if (p.ndNum == 0) return;
  constexpr uint64_t kZ = 16 * sizeof(T);  // bytes of one row of a column group
  const uint32_t groups = p.dValue / 16;
  const uint64_t src_mat = uint64_t{p.srcNdMatrixStride} * 256 * sizeof(T);
  const uint64_t src_grp = uint64_t{p.srcNStride} * kZ;
  const uint64_t dst_mat = uint64_t{p.dstNdMatrixStride} * sizeof(T);
  const uint64_t dst_row = uint64_t{p.dstDStride} * sizeof(T);
  const uint64_t src_bytes = (p.ndNum - 1u) * src_mat + (groups - 1u) * src_grp + uint64_t{p.nValue} * kZ;
  d::CheckLocal(kApi, "src", src, src_bytes, loc, true, d::Pipe::kCount);
  dst.CheckRange(kApi, 0,
                 (uint64_t{p.ndNum - 1u} * p.dstNdMatrixStride + uint64_t{p.nValue - 1u} * p.dstDStride +
                  p.dValue),
                 loc);
  const auto* s = reinterpret_cast<const uint8_t*>(src.addr_);
  auto* g = reinterpret_cast<uint8_t*>(dst.addr_);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    for (uint32_t i = 0; i < p.ndNum; ++i) {
      for (uint32_t c = 0; c < groups; ++c) {
        d::EmitLocal(core, d::Pipe::kMTE3, d::Access::kRead, *src.buf_, s + i * src_mat + c * src_grp,
                     uint64_t{p.nValue} * kZ, kApi, "src", loc);
        aicore::instrument::Emit(core, aicore::instrument::GmEvent(d::GmWriteAccess(core),
                                                                   g + i * dst_mat + c * kZ, p.nValue,
                                                                   kZ, dst_row, kApi, loc));
      }
    }
  }
  for (uint32_t i = 0; i < p.ndNum; ++i) {
    for (uint32_t r = 0; r < p.nValue; ++r) {
      for (uint32_t c = 0; c < groups; ++c) {
        d::StoreToGm(core, reinterpret_cast<T*>(g + i * dst_mat + r * dst_row + c * kZ),
                     reinterpret_cast<const T*>(s + i * src_mat + c * src_grp + r * kZ), kZ, kApi, loc);
      }
    }
  }
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
