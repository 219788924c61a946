// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// TransData of the Ascend910B (the vendor's adv_api/transpose/transdata.h):
// the 3-D convolution data layouts of 16-bit types.
//
//   TransData<config>(dstTensor, srcTensor, sharedTmpBuffer, params)
//   TransData<config>(dstTensor, srcTensor, params)
//
// config: a constexpr TransDataConfig {srcFormat, dstFormat}; params:
// TransDataParams<U, S> {srcLayout, dstLayout}, Layouts (memory/layout.h)
// whose shapes are the formats' (the stride is not read). T: int16_t,
// uint16_t, half, bfloat16_t. With C1 = ceil(C / 16), N1 = ceil(N / 16) and
// P = H * W rounded up to 16 (32 bytes), an NCDHW tensor holds [N, C, D, P]:
//   NCDHW -> NDC1HWC0      dst[n][d][c1][hw][c0] = src[n][c1 * 16 + c0][d][hw]
//   NDC1HWC0 -> NCDHW      dst[n][c][d][hw] = src[n][d][c / 16][hw][c % 16]
//   NCDHW -> FRACTAL_Z_3D  dst[d][c1][hw][n1][n0][c0] = src[n1 * 16 + n0][c1 * 16 + c0][d][hw]
//   FRACTAL_Z_3D -> NCDHW  dst[n][c][d][hw] = src[d][c / 16][hw][n / 16][n % 16][c % 16]
// (hw < H * W). The padding a result holds is written with zeros: channels
// (and kernels) past C (N) in NDC1HWC0 / FRACTAL_Z_3D, as the vendor's
// implementation does, and the columns [H * W, P) of an NCDHW result, which
// the reference calls invalid data (the vendor's FRACTAL_Z_3D -> NCDHW leaves
// zeros there, its NDC1HWC0 -> NCDHW what its temporary buffer held). The padding of the
// source (the NCDHW columns past H * W, channels past C, kernels past N) is
// not read for the result. Nothing past the result is written. Bit copies.
//
// The temporary space (sharedTmpBuffer, or in the form without it the UB the
// TPipe's buffers leave free, PopStackBuffer, as the vendor's form takes) must
// hold GetTransDataMaxMinTmpSize's minimum (lib/transdata_tiling.h); it is
// checked, not used.
// Checks (KernelError naming TransData and the values): a config that is not
// one of the four scenarios, an unsupported T or a shape of the wrong rank
// (compile errors); shapes that disagree (N, D, H, W; C1, C0; N1, N0),
// tensors smaller than their shapes (GetSize), operands outside their
// buffers or misaligned, dst overlapping src, a short sharedTmpBuffer or one
// overlapping an operand.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/lib/transdata_tiling.h"
#include "aicore/memory/layout.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/memory/pipe.h"
#include "aicore/ops/check.h"
#include "aicore/runtime/context.h"

namespace AscendC {

template <typename T, typename U>
struct TransDataParams {
  T srcLayout;
  U dstLayout;
};

namespace transdata_detail {

template <typename Tuple, size_t... I>
void ShapeDims(const Tuple& t, int64_t* out, std::index_sequence<I...>) {
  ((out[I] = static_cast<int64_t>(Std::get<I>(t))), ...);
}

// The moves, on 16-bit words. The destination is zeroed first (its padding),
// then every element of the NCDHW side is placed.
inline void Move(aicore::lib::TransDataKind kind, const aicore::lib::TransDataDims& t,
                 uint16_t* dst, const uint16_t* src, uint64_t dst_elems) {
  using aicore::lib::TransDataKind;
  std::memset(dst, 0, dst_elems * sizeof(uint16_t));
  const uint64_t hw = t.h * t.w, p = t.P(), c1n = t.C1(), n1n = t.N1();
  const bool to_ncdhw =
      kind == TransDataKind::k6hdToNcdhw || kind == TransDataKind::kFz3dToNcdhw;
  const bool fz = kind == TransDataKind::kNcdhwToFz3d || kind == TransDataKind::kFz3dToNcdhw;
  for (uint64_t n = 0; n < t.n; ++n) {
    for (uint64_t c = 0; c < t.c; ++c) {
      for (uint64_t d = 0; d < t.d; ++d) {
        const uint64_t row = ((n * t.c + c) * t.d + d) * p;
        // The other side's index of (n, c, d, hw = 0) and its step per hw.
        const uint64_t base =
            fz ? (((d * c1n + c / 16) * hw) * n1n + n / 16) * 256 + (n % 16) * 16 + c % 16
               : ((n * t.d + d) * c1n + c / 16) * hw * 16 + c % 16;
        const uint64_t step = fz ? n1n * 256 : 16;
        for (uint64_t i = 0; i < hw; ++i) {
          if (to_ncdhw) {
            dst[row + i] = src[base + i * step];
          } else {
            dst[base + i * step] = src[row + i];
          }
        }
      }
    }
  }
}

[[noreturn]] AICORE_COLD inline void FailTransData(const std::string& what, aicore::SrcLoc loc) {
  aicore::detail::Fail(aicore::ErrorKind::kParameter, "TransData", loc, what);
}

template <typename T>
void CheckSize(const char* role, const LocalTensor<T>& t, uint64_t need, const char* format,
               aicore::SrcLoc loc) {
  if (AICORE_UNLIKELY(t.GetSize() < need)) {
    FailTransData(std::string(role) + " holds " + std::to_string(t.GetSize()) +
                      " elements, fewer than the " + std::to_string(need) + " its " + format +
                      " shape needs" +
                      (std::string(format) == "NCDHW" ? " (H * W padded to 16)" : ""),
                  loc);
  }
  // "dst" / "src": the roles whose accesses the deep modes record as writes / reads.
  aicore::detail::CheckLocal("TransData", role[0] == 'd' ? "dst" : "src", t, need * sizeof(T),
                             loc);
}

// Everything past the compile-time checks: one instance per T.
template <typename T>
void Run(aicore::lib::TransDataKind kind, DataFormat srcFormat, DataFormat dstFormat,
         const int64_t* sd, int src_rank, const int64_t* dd, int dst_rank,
         const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>* tmp,
         aicore::SrcLoc loc) {
  namespace det = aicore::detail;
  namespace lib = aicore::lib;
  det::Enter("TransData", loc);
  lib::TransDataDims t;
  const std::string bad =
      lib::TransDataShapeError(kind, srcFormat, dstFormat, sd, src_rank, dd, dst_rank, t);
  if (AICORE_UNLIKELY(!bad.empty())) FailTransData(bad, loc);
  auto elems = [](const int64_t* v, int rank) {
    uint64_t e = 1;
    for (int i = 0; i < rank; ++i) e *= static_cast<uint64_t>(v[i]);
    return e;
  };
  const bool src_ncdhw = srcFormat == DataFormat::NCDHW;
  const uint64_t src_elems = src_ncdhw ? t.NcdhwElems() : elems(sd, src_rank);
  const uint64_t dst_elems = src_ncdhw ? elems(dd, dst_rank) : t.NcdhwElems();
  CheckSize("dstTensor", dst, dst_elems, lib::DataFormatName(dstFormat), loc);
  CheckSize("srcTensor", src, src_elems, lib::DataFormatName(srcFormat), loc);
  const uint64_t dst_bytes = dst_elems * sizeof(T), src_bytes = src_elems * sizeof(T);
  if (AICORE_UNLIKELY(det::BytesOverlap(dst.addr_, dst_bytes, src.addr_, src_bytes))) {
    FailTransData("dstTensor (" + std::to_string(dst_bytes) + " bytes) overlaps srcTensor (" +
                      std::to_string(src_bytes) + " bytes); TransData needs them apart",
                  loc);
  }
  LocalTensor<uint8_t> popped;
  const char* what = "sharedTmpBuffer";
  if (tmp == nullptr) {
    PopStackBuffer<uint8_t, TPosition::VECCALC>(popped, loc);
    tmp = &popped;
    what = "the UB left free for the temporary space (PopStackBuffer)";
  }
  const uint64_t need = lib::TransDataTmpBytes(kind, t);
  if (AICORE_UNLIKELY(tmp->GetSize() < need)) {
    FailTransData(std::string(what) + " holds " + std::to_string(tmp->GetSize()) +
                      " bytes, fewer than the " + std::to_string(need) + " bytes " +
                      lib::DataFormatName(srcFormat) + " -> " + lib::DataFormatName(dstFormat) +
                      " of [N, C, D, H, W] = " + lib::TransDataShapeText(src_ncdhw ? sd : dd, 5) +
                      " needs (GetTransDataMaxMinTmpSize)",
                  loc);
  }
  const uint64_t tmp_bytes = tmp->GetSize();
  det::CheckLocal("TransData", "sharedTmpBuffer", *tmp, tmp_bytes, loc, true, det::Pipe::kCount);
  const char* role = det::BytesOverlap(tmp->addr_, tmp_bytes, src.addr_, src_bytes)   ? "srcTensor"
                     : det::BytesOverlap(tmp->addr_, tmp_bytes, dst.addr_, dst_bytes) ? "dstTensor"
                                                                                      : nullptr;
  if (AICORE_UNLIKELY(role != nullptr)) {
    FailTransData(std::string(what) + " overlaps " + role +
                      " (the temporary buffer must not share addresses with the operands)",
                  loc);
  }
  if (dst_elems == 0) return;
  Move(kind, t, reinterpret_cast<uint16_t*>(dst.addr_),
       reinterpret_cast<const uint16_t*>(src.addr_), dst_elems);
}

// The compile-time checks (type, config, ranks), then Run.
template <const TransDataConfig& config, typename T, typename U, typename S>
void Dispatch(const LocalTensor<T>& dst, const LocalTensor<T>& src,
              const LocalTensor<uint8_t>* tmp, const TransDataParams<U, S>& params,
              aicore::SrcLoc loc) {
  static_assert(std::is_same_v<T, int16_t> || std::is_same_v<T, uint16_t> ||
                    std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>,
                "TransData: T must be int16_t, uint16_t, half or bfloat16_t");
  static_assert(is_layout_v<U> && is_layout_v<S>,
                "TransData: TransDataParams' srcLayout and dstLayout must be Layouts (MakeLayout)");
  constexpr aicore::lib::TransDataKind kind =
      aicore::lib::TransDataKindOf(config.srcFormat, config.dstFormat);
  static_assert(kind != aicore::lib::TransDataKind::kNone,
                "TransData: config must be {NCDHW, NDC1HWC0}, {NDC1HWC0, NCDHW}, "
                "{NCDHW, FRACTAL_Z_3D} or {FRACTAL_Z_3D, NCDHW}");
  using SrcShape = Std::remove_cvref_t<decltype(params.srcLayout.GetShape())>;
  using DstShape = Std::remove_cvref_t<decltype(params.dstLayout.GetShape())>;
  constexpr int src_rank = static_cast<int>(Std::tuple_size<SrcShape>::value);
  constexpr int dst_rank = static_cast<int>(Std::tuple_size<DstShape>::value);
  static_assert(src_rank == aicore::lib::TransDataRank(config.srcFormat),
                "TransData: srcLayout's shape needs the rank of config.srcFormat (NCDHW 5, "
                "NDC1HWC0 6, FRACTAL_Z_3D 7)");
  static_assert(dst_rank == aicore::lib::TransDataRank(config.dstFormat),
                "TransData: dstLayout's shape needs the rank of config.dstFormat (NCDHW 5, "
                "NDC1HWC0 6, FRACTAL_Z_3D 7)");
  int64_t sd[src_rank], dd[dst_rank];
  ShapeDims(params.srcLayout.GetShape(), sd, std::make_index_sequence<src_rank>{});
  ShapeDims(params.dstLayout.GetShape(), dd, std::make_index_sequence<dst_rank>{});
  Run(kind, config.srcFormat, config.dstFormat, sd, src_rank, dd, dst_rank, dst, src, tmp, loc);
}

}  // namespace transdata_detail

template <const TransDataConfig& config, typename T, typename U, typename S>
inline void TransData(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                      const LocalTensor<uint8_t>& sharedTmpBuffer,
                      const TransDataParams<U, S>& params,
                      aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  transdata_detail::Dispatch<config>(dstTensor, srcTensor, &sharedTmpBuffer, params, loc);
}

template <const TransDataConfig& config, typename T, typename U, typename S>
inline void TransData(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                      const TransDataParams<U, S>& params,
                      aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  transdata_detail::Dispatch<config>(dstTensor, srcTensor, nullptr, params, loc);
}

}  // namespace AscendC
