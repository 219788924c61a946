// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The high-level Transpose of the Ascend910B, formerly ConfusionTranspose (the
// vendor's adv_api/transpose/confusion_transpose.h):
//
//   Transpose<T>(dst, src, sharedTmpBuffer, transposeType, tiling)
//   Transpose<T>(dst, src, transposeType, tiling)
//
// with a ConfusionTransposeTiling from GetConfusionTransposeTilingInfo
// (lib/confusion_transpose_tiling.h). Implemented here:
//   TRANSPOSE_NZ2ND_0213  (scenario 1) srcShape [B, N, S, H/N] in NZ
//                         ([B, N, H/N/16, S/16, 16, 16]) -> dst ND
//                         [B, S, N, H/N]: dst[b][s][n][h] =
//                         src[b][n][h / 16][s][h % 16].
//   TRANSPOSE_NZ2NZ_0213  (scenario 2) the same source -> dst NZ
//                         [B, S, H/N/16, N, 16] (per (b, s) an N x H/N
//                         matrix in 16-column fractals, N rows unpadded):
//                         dst[b][s][h / 16][n][h % 16] = src[b][n][h / 16][s][h % 16].
//                         In both, S and H/N are taken rounded up to 16 (a2,
//                         a3: the tiling's param4 and param3): the source
//                         holds the padded fractals, the destination's row
//                         stride is a3 and its batch stride N * a2 * a3, and
//                         the padding rows/columns are moved like data (the
//                         NPU's TransDataTo5HD moves whole 16 x 16 blocks).
//                         sharedTmpBuffer: at least param6 (the
//                         stackBufferSize in elements) * sizeof(T) bytes.
//   TRANSPOSE_NZ2NZ_012_WITH_N (scenario 3) srcShape [B, N, S, H/N]; src NZ
//                         [B, H/16, S/16, 16, 16] of [B, S, H], H = N * H/N
//                         -> dst NZ [B, N, H/N/16, S/16, 16, 16]: element
//                         (b, n, s, c) at [b][n][c / 16][s][c % 16] =
//                         src[b][(n * H/N + c) / 16][s][(n * H/N + c) % 16].
//   TRANSPOSE_NZ2ND_012_WITH_N (scenario 4) the same source -> dst ND
//                         [B, N, S, H/N]: element (b, n, s, c) at
//                         [b][n][s][c] (row stride H/N rounded up to 16).
//                         In both, S is taken rounded up to 16 (padding rows
//                         moved like data); each group's padding columns
//                         [H/N, H/N rounded up to 16) in dst are not written
//                         (the NPU leaves rows of its temporary buffer
//                         there). sharedTmpBuffer: at least 512 * sizeof(T)
//                         bytes.
//   TRANSPOSE_NZ2ND_012_WITHOUT_N (scenario 5) srcShape [B, N, S, H/N] in NZ
//                         ([B, N, H/N/16, S/16, 16, 16]) -> dst ND [B, S, H],
//                         H = N * H/N: dst[b][s][n * H/N + c] =
//                         src[b][n][c / 16][s][c % 16] (the padding columns
//                         of each group H/N are dropped).
//   TRANSPOSE_NZ2NZ_012_WITHOUT_N (scenario 6) the same source -> dst NZ
//                         [B, H/16, S/16, 16, 16]: element (b, s, h) at
//                         [b][h / 16][s][h % 16].
//                         In both, S is taken rounded up to 16 (the source's
//                         padding rows are moved like data), the destination
//                         has H rounded up to 16 columns (row stride of the
//                         ND form) of which the last padding columns are not
//                         written (the NPU leaves rows of its temporary
//                         buffer there); H must be at least 16 (the NPU's
//                         implementation fills 16 rows of H before it
//                         writes: a smaller H gets no correct result).
//                         sharedTmpBuffer: at least 512 * sizeof(T) bytes.
//   TRANSPOSE_ND2ND_ONLY  (scenario 7) src [H, W] -> dst [W, H], ND, H and
//                         W multiples of 16 (from tiling.param1 / param2),
//                         no temporary space (the documented minimum is 0).
//   TRANSPOSE_TYPE_NONE   does nothing.
// Types: int16_t, uint16_t, half, int32_t, uint32_t, float. dst must not
// overlap src (aicore's rule: the documentation does not allow reuse).
// Types of the basic Transpose (TRANSPOSE_ND2ND_B16, NCHW2NHWC, NHWC2NCHW)
// and the Ascend 950 scenarios 13-16 are not types of this API (KernelError).
// Checks: an unfilled tiling, a tiling made for another typeSize (param0 is
// not 32 / sizeof(T)), scenario 7's H or W not a multiple of 16, scenarios
// 1/2's a2, a3 not multiples of 16, scenarios 5/6's H below 16, fields that
// disagree with the vendor's formulas (a tiling made for another scenario or
// edited), padded sizes past 2^32 elements, operands outside their buffers
// or misaligned, dst/src overlap, a short or overlapping sharedTmpBuffer.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "aicore/base/error.h"
#include "aicore/base/type_name.h"
#include "aicore/lib/confusion_transpose_tiling.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/ops/transpose.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/target.h"

namespace AscendC {
AICORE_TARGET_BEGIN

namespace confusion_transpose_detail {

// The scenario-1/2 move: 16-element rows of the source's column fractals to
// their destination rows (NZ2ND) or fractal rows (NZ2NZ).
template <typename T>
inline void Move0213(T* dst, const T* src, bool to_nz, uint32_t b_count, uint32_t a1,
                     uint32_t a2, uint32_t a3) {
  const uint64_t batch = uint64_t{a1} * a2 * a3, row = uint64_t{a1} * a3;
  const uint32_t blocks = a3 / 16;
  for (uint32_t b = 0; b < b_count; ++b) {
    for (uint32_t n = 0; n < a1; ++n) {
      for (uint32_t j = 0; j < blocks; ++j) {
        const T* s = src + b * batch + uint64_t{n} * a2 * a3 + uint64_t{j} * a2 * 16;
        T* d = dst + b * batch +
               (to_nz ? uint64_t{j} * a1 * 16 + uint64_t{n} * 16 : uint64_t{n} * a3 + j * 16);
        for (uint32_t r = 0; r < a2; ++r) {
          std::memcpy(d + r * row, s + uint64_t{r} * 16, 16 * sizeof(T));
        }
      }
    }
  }
}

inline std::string FieldName(int i) { return "param" + std::to_string(i); }

inline uint32_t Field(const ConfusionTransposeTiling& t, int i) {
  const uint32_t v[18] = {t.param0,  t.param1,  t.param2,  t.param3,  t.param4,  t.param5,
                          t.param6,  t.param7,  t.param8,  t.param9,  t.param10, t.param11,
                          t.param12, t.param13, t.param14, t.param15, t.param16, t.param17};
  return v[i];
}

// The temporary buffer: at least `elems` elements of T (scenarios 1/2: the
// tiling's param6, from stackBufferSize; 3-6: tmp1 and tmp2, 2 x 256), apart
// from the operands. The move does not use it: checked, not recorded as an
// access.
template <typename T>
inline void CheckTmpBuffer(const LocalTensor<uint8_t>& tmp, uint32_t elems, bool from_tiling,
                           const LocalTensor<T>& dst, uint64_t dst_bytes,
                           const LocalTensor<T>& src, uint64_t src_bytes, const char* api,
                           aicore::SrcLoc loc) {
  namespace det = aicore::detail;
  det::CheckLocal(api, "sharedTmpBuffer", tmp, tmp.GetSize(), loc, true, det::Pipe::kCount);
  const uint64_t need = uint64_t{elems} * sizeof(T);
  if (AICORE_UNLIKELY(tmp.GetSize() < need)) {
    det::Fail(aicore::ErrorKind::kParameter, api, loc,
              "sharedTmpBuffer holds " + std::to_string(tmp.GetSize()) + " bytes, fewer than the " +
                  std::to_string(need) + " bytes " +
                  (from_tiling ? "the tiling's param6 (" + std::to_string(elems) + " " +
                                     det::TypeName<T>() + " elements, from stackBufferSize)"
                               : std::string("2 x 256 elements (tmp1, tmp2)")) +
                  " needs");
  }
  const char* role = det::BytesOverlap(tmp.addr_, tmp.GetSize(), src.addr_, src_bytes) ? "src"
                     : det::BytesOverlap(tmp.addr_, tmp.GetSize(), dst.addr_, dst_bytes)
                         ? "dst"
                         : nullptr;
  if (AICORE_UNLIKELY(role != nullptr)) {
    det::Fail(aicore::ErrorKind::kParameter, api, loc,
              std::string("sharedTmpBuffer overlaps ") + role +
                  " (the temporary buffer must not share addresses with the operands)");
  }
}

template <typename T>
inline void Run0213(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                    const LocalTensor<uint8_t>* tmp, bool to_nz,
                    const ConfusionTransposeTiling& tiling, const char* api, aicore::SrcLoc loc) {
  namespace det = aicore::detail;
  auto fail = [&](const std::string& what) {
    det::Fail(aicore::ErrorKind::kParameter, api, loc, what);
  };
  const char* type_name = to_nz ? "TRANSPOSE_NZ2NZ_0213" : "TRANSPOSE_NZ2ND_0213";
  const uint32_t b = tiling.param1, a1 = tiling.param2, a3 = tiling.param3, a2 = tiling.param4,
                 pop = tiling.param6;
  if (AICORE_UNLIKELY(a2 % 16 != 0 || a3 % 16 != 0)) {
    fail(std::string(type_name) + " needs the padded S and H/N (tiling param4, param3) to be "
         "multiples of 16, got param4 " + std::to_string(a2) + ", param3 " + std::to_string(a3));
  }
  if (AICORE_UNLIKELY(pop == 0 || pop % 256 != 0)) {
    fail(std::string(type_name) + " needs param6 (the temporary buffer in elements) to be a "
         "positive multiple of 256 (whole 16 x 16 fractals), got " + std::to_string(pop));
  }
  const ConfusionTransposeTiling want =
      aicore::lib::Transpose0213Fields(sizeof(T), b, a1, a2, a3, pop);
  for (int i = 0; i < 18; ++i) {
    if (AICORE_UNLIKELY(Field(tiling, i) != Field(want, i))) {
      fail("tiling " + FieldName(i) + " is " + std::to_string(Field(tiling, i)) + ", but " +
           type_name + "'s formula gives " + std::to_string(Field(want, i)) +
           " from param1..param4 and param6 (a tiling made for another scenario or shape, or "
           "edited after GetTransposeTilingInfo)");
    }
  }
  const uint64_t plane = uint64_t{a1} * a2 * a3;
  if (AICORE_UNLIKELY(plane > 0xffffffffull || plane * b > 0xffffffffull)) {
    fail("tiling param1..param4 give [B, N, a2, a3] = [" + std::to_string(b) + ", " +
         std::to_string(a1) + ", " + std::to_string(a2) + ", " + std::to_string(a3) +
         "], past 2^32 elements");
  }
  const uint64_t count = plane * b;
  const uint64_t bytes = count * sizeof(T);
  det::CheckLocal(api, "dst", dst, bytes, loc);
  det::CheckLocal(api, "src", src, bytes, loc);
  if (AICORE_UNLIKELY(det::BytesOverlap(dst.addr_, bytes, src.addr_, bytes))) {
    fail("dst overlaps src (" + std::to_string(bytes) + " bytes each); " + type_name +
         " needs them apart");
  }
  if (tmp != nullptr) {
    CheckTmpBuffer(*tmp, pop, true, dst, bytes, src, bytes, api, loc);
  }
  if (count == 0) return;
  using E = std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>;
  Move0213(reinterpret_cast<E*>(dst.addr_), reinterpret_cast<const E*>(src.addr_), to_nz, b, a1,
           a2, a3);
}

// The scenario-5/6 move: per (b, s) the row of H = N * hn elements gathered
// from the N groups' column fractals (padding columns of each group skipped),
// written as one ND row (stride a_h) or split into the destination's
// 16-column fractals (NZ). dst's padding columns [H, a_h) are not written.
template <typename T>
inline void Move012(T* dst, const T* src, bool to_nz, uint32_t b_count, uint32_t n_count,
                    uint32_t hn, uint32_t sb, uint32_t hb, uint32_t hnb, T* row) {
  const uint64_t a_s = uint64_t{sb} * 16, a_h = uint64_t{hb} * 16, h = uint64_t{n_count} * hn;
  const uint64_t src_batch = uint64_t{n_count} * hnb * 16 * a_s, dst_batch = a_h * a_s;
  for (uint32_t b = 0; b < b_count; ++b) {
    const T* sb_ptr = src + b * src_batch;
    T* db_ptr = dst + b * dst_batch;
    for (uint64_t s = 0; s < a_s; ++s) {
      T* out = to_nz ? row : db_ptr + s * a_h;
      for (uint32_t n = 0; n < n_count; ++n) {
        for (uint32_t c = 0; c < hn; c += 16) {
          const uint32_t len = hn - c < 16 ? hn - c : 16;
          std::memcpy(out + uint64_t{n} * hn + c,
                      sb_ptr + (uint64_t{n} * hnb + c / 16) * a_s * 16 + s * 16, len * sizeof(T));
        }
      }
      if (to_nz) {
        for (uint64_t c = 0; c < h; c += 16) {
          const uint64_t len = h - c < 16 ? h - c : 16;
          std::memcpy(db_ptr + (c / 16) * a_s * 16 + s * 16, row + c, len * sizeof(T));
        }
      }
    }
  }
}

template <typename T>
inline void Run012(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                   const LocalTensor<uint8_t>* tmp, bool to_nz,
                   const ConfusionTransposeTiling& tiling, const char* api, aicore::SrcLoc loc) {
  namespace det = aicore::detail;
  auto fail = [&](const std::string& what) {
    det::Fail(aicore::ErrorKind::kParameter, api, loc, what);
  };
  const char* type_name =
      to_nz ? "TRANSPOSE_NZ2NZ_012_WITHOUT_N" : "TRANSPOSE_NZ2ND_012_WITHOUT_N";
  const uint32_t b = tiling.param1, n = tiling.param2, hn = tiling.param3, sb = tiling.param6;
  const ConfusionTransposeTiling want = aicore::lib::Transpose012Fields(sizeof(T), b, n, hn, sb);
  for (int i = 0; i < 18; ++i) {
    if (AICORE_UNLIKELY(Field(tiling, i) != Field(want, i))) {
      fail("tiling " + FieldName(i) + " is " + std::to_string(Field(tiling, i)) + ", but " +
           type_name + "'s formula gives " + std::to_string(Field(want, i)) +
           " from param1..param3 and param6 (a tiling made for another scenario or shape, or "
           "edited after GetTransposeTilingInfo)");
    }
  }
  const uint64_t h = uint64_t{n} * hn;
  if (AICORE_UNLIKELY(h < 16)) {
    fail(std::string(type_name) + " needs H = N * H/N of at least 16, got N " +
         std::to_string(n) + ", H/N " + std::to_string(hn) +
         " (the NPU's implementation fills 16 rows of H before it writes, so a smaller H gets "
         "no correct result)");
  }
  const uint64_t a_s = uint64_t{sb} * 16, hnb = (uint64_t{hn} + 15) / 16, hb = (h + 15) / 16;
  const uint64_t src_count = uint64_t{b} * n * hnb * 16 * a_s, dst_count = uint64_t{b} * hb * 16 * a_s;
  if (AICORE_UNLIKELY(src_count > 0xffffffffull || dst_count > 0xffffffffull)) {
    fail("tiling param1..param3 and param6 give [B, N, S, H/N] = [" + std::to_string(b) + ", " +
         std::to_string(n) + ", " + std::to_string(a_s) + ", " + std::to_string(hn) +
         "], past 2^32 elements");
  }
  const uint64_t src_bytes = src_count * sizeof(T), dst_bytes = dst_count * sizeof(T);
  det::CheckLocal(api, "dst", dst, dst_bytes, loc);
  det::CheckLocal(api, "src", src, src_bytes, loc);
  if (AICORE_UNLIKELY(det::BytesOverlap(dst.addr_, dst_bytes, src.addr_, src_bytes))) {
    fail("dst (" + std::to_string(dst_bytes) + " bytes) overlaps src (" +
         std::to_string(src_bytes) + " bytes); " + type_name + " needs them apart");
  }
  if (tmp != nullptr) CheckTmpBuffer(*tmp, 512, false, dst, dst_bytes, src, src_bytes, api, loc);
  if (src_count == 0) return;
  using E = std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>;
  std::vector<E> row(to_nz ? static_cast<size_t>(h) : 0);
  Move012(reinterpret_cast<E*>(dst.addr_), reinterpret_cast<const E*>(src.addr_), to_nz, b, n, hn,
          sb, static_cast<uint32_t>(hb), static_cast<uint32_t>(hnb), row.data());
}

// The scenario-3/4 move: per (b, s) the row of H gathered from the source's
// column fractals, then each group n's H/N elements written as one ND row
// (stride a_hn) or split into the group's 16-column fractals (NZ). The
// destination's padding columns [H/N, a_hn) of each group are not written.
template <typename T>
inline void Move012N(T* dst, const T* src, bool to_nz, uint32_t b_count, uint32_t n_count,
                     uint32_t hn, uint32_t sb, uint32_t hb, uint32_t hnb, T* row) {
  const uint64_t a_s = uint64_t{sb} * 16, a_hn = uint64_t{hnb} * 16, h = uint64_t{n_count} * hn;
  const uint64_t src_batch = uint64_t{hb} * 16 * a_s, dst_batch = uint64_t{n_count} * a_hn * a_s;
  for (uint32_t b = 0; b < b_count; ++b) {
    const T* sb_ptr = src + b * src_batch;
    T* db_ptr = dst + b * dst_batch;
    for (uint64_t s = 0; s < a_s; ++s) {
      for (uint64_t c = 0; c < h; c += 16) {
        const uint64_t len = h - c < 16 ? h - c : 16;
        std::memcpy(row + c, sb_ptr + (c / 16) * a_s * 16 + s * 16, len * sizeof(T));
      }
      for (uint32_t n = 0; n < n_count; ++n) {
        T* group = db_ptr + uint64_t{n} * a_hn * a_s;
        const T* from = row + uint64_t{n} * hn;
        if (!to_nz) {
          std::memcpy(group + s * a_hn, from, uint64_t{hn} * sizeof(T));
          continue;
        }
        for (uint32_t c = 0; c < hn; c += 16) {
          const uint32_t len = hn - c < 16 ? hn - c : 16;
          std::memcpy(group + uint64_t{c / 16} * a_s * 16 + s * 16, from + c, len * sizeof(T));
        }
      }
    }
  }
}

template <typename T>
inline void Run012N(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                    const LocalTensor<uint8_t>* tmp, bool to_nz,
                    const ConfusionTransposeTiling& tiling, const char* api, aicore::SrcLoc loc) {
  namespace det = aicore::detail;
  auto fail = [&](const std::string& what) {
    det::Fail(aicore::ErrorKind::kParameter, api, loc, what);
  };
  const char* type_name = to_nz ? "TRANSPOSE_NZ2NZ_012_WITH_N" : "TRANSPOSE_NZ2ND_012_WITH_N";
  const uint32_t b = tiling.param1, n = tiling.param2, hn = tiling.param3,
                 sb = to_nz ? tiling.param7 : tiling.param6;
  const ConfusionTransposeTiling want =
      aicore::lib::Transpose012NFields(to_nz, sizeof(T), b, n, hn, sb);
  for (int i = 0; i < 18; ++i) {
    if (AICORE_UNLIKELY(Field(tiling, i) != Field(want, i))) {
      fail("tiling " + FieldName(i) + " is " + std::to_string(Field(tiling, i)) + ", but " +
           type_name + "'s formula gives " + std::to_string(Field(want, i)) +
           " from param1..param3 and " + (to_nz ? "param7" : "param6") +
           " (a tiling made for another scenario or shape, or edited after "
           "GetTransposeTilingInfo)");
    }
  }
  const uint64_t h = uint64_t{n} * hn, a_s = uint64_t{sb} * 16, hnb = (uint64_t{hn} + 15) / 16,
                 hb = (h + 15) / 16;
  const uint64_t src_count = uint64_t{b} * hb * 16 * a_s, dst_count = uint64_t{b} * n * hnb * 16 * a_s;
  if (AICORE_UNLIKELY(src_count > 0xffffffffull || dst_count > 0xffffffffull)) {
    fail("the tiling's [B, N, S, H/N] = [" + std::to_string(b) + ", " + std::to_string(n) + ", " +
         std::to_string(a_s) + ", " + std::to_string(hn) + "] pads past 2^32 elements");
  }
  const uint64_t src_bytes = src_count * sizeof(T), dst_bytes = dst_count * sizeof(T);
  det::CheckLocal(api, "dst", dst, dst_bytes, loc);
  det::CheckLocal(api, "src", src, src_bytes, loc);
  if (AICORE_UNLIKELY(det::BytesOverlap(dst.addr_, dst_bytes, src.addr_, src_bytes))) {
    fail("dst (" + std::to_string(dst_bytes) + " bytes) overlaps src (" +
         std::to_string(src_bytes) + " bytes); " + type_name + " needs them apart");
  }
  if (tmp != nullptr) CheckTmpBuffer(*tmp, 512, false, dst, dst_bytes, src, src_bytes, api, loc);
  if (src_count == 0 || dst_count == 0) return;
  using E = std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>;
  std::vector<E> row(static_cast<size_t>(hb * 16));
  Move012N(reinterpret_cast<E*>(dst.addr_), reinterpret_cast<const E*>(src.addr_), to_nz, b, n,
           hn, sb, static_cast<uint32_t>(hb), static_cast<uint32_t>(hnb), row.data());
}

template <typename T>
inline void Run(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                const LocalTensor<uint8_t>* tmp, TransposeType transposeType,
                const ConfusionTransposeTiling& tiling, aicore::SrcLoc loc) {
  static_assert(sizeof(T) == 2 || sizeof(T) == 4,
                "Transpose (ConfusionTransposeTiling): 2- or 4-byte element types");
  namespace det = aicore::detail;
  const char* api = "Transpose";
  det::Enter(api, loc);
  auto fail = [&](const std::string& what) {
    det::Fail(aicore::ErrorKind::kParameter, api, loc, what);
  };
  if (transposeType == TransposeType::TRANSPOSE_TYPE_NONE) return;
  const int t = static_cast<int>(transposeType);
  const bool nz0213 = transposeType == TransposeType::TRANSPOSE_NZ2ND_0213 ||
                      transposeType == TransposeType::TRANSPOSE_NZ2NZ_0213;
  const bool nz012 = transposeType == TransposeType::TRANSPOSE_NZ2ND_012_WITHOUT_N ||
                     transposeType == TransposeType::TRANSPOSE_NZ2NZ_012_WITHOUT_N;
  const bool nz012n = transposeType == TransposeType::TRANSPOSE_NZ2NZ_012_WITH_N ||
                      transposeType == TransposeType::TRANSPOSE_NZ2ND_012_WITH_N;
  if (transposeType != TransposeType::TRANSPOSE_ND2ND_ONLY && !nz0213 && !nz012 && !nz012n) {
    fail("transposeType " + std::to_string(t) +
         " is not a type of the high-level Transpose (TRANSPOSE_TYPE_NONE, the NZ types 1-6, "
         "TRANSPOSE_ND2ND_ONLY)");
  }
  const uint32_t block = 32 / sizeof(T);
  if (AICORE_UNLIKELY(tiling.param0 != block)) {
    if (tiling.param0 == 0) {
      fail(std::string("the tiling is not filled (param0 is 0; ") + det::TypeName<T>() + " needs " +
           std::to_string(block) + "): fill it with GetTransposeTilingInfo");
    }
    fail("the tiling was made for another typeSize: param0 " + std::to_string(tiling.param0) +
         ", " + det::TypeName<T>() + " needs " + std::to_string(block) +
         " (GetConfusionTransposeTilingInfo with typeSize " + std::to_string(sizeof(T)) + ")");
  }
  if (nz0213) {
    Run0213(dst, src, tmp, transposeType == TransposeType::TRANSPOSE_NZ2NZ_0213, tiling, api, loc);
    return;
  }
  if (nz012n) {
    Run012N(dst, src, tmp, transposeType == TransposeType::TRANSPOSE_NZ2NZ_012_WITH_N, tiling, api,
            loc);
    return;
  }
  if (nz012) {
    Run012(dst, src, tmp, transposeType == TransposeType::TRANSPOSE_NZ2NZ_012_WITHOUT_N, tiling,
           api, loc);
    return;
  }
  const uint32_t h = tiling.param1, w = tiling.param2;
  if (AICORE_UNLIKELY(h % 16 != 0 || w % 16 != 0)) {
    fail("srcShape [H, W] = [" + std::to_string(h) + ", " + std::to_string(w) +
         "] (tiling param1, param2): TRANSPOSE_ND2ND_ONLY needs H and W multiples of 16");
  }
  const uint64_t bytes = uint64_t{h} * w * sizeof(T);
  det::CheckLocal(api, "dst", dst, bytes, loc);
  det::CheckLocal(api, "src", src, bytes, loc);
  if (AICORE_UNLIKELY(det::BytesOverlap(dst.addr_, bytes, src.addr_, bytes))) {
    fail("dst overlaps src (" + std::to_string(bytes) + " bytes each); TRANSPOSE_ND2ND_ONLY "
         "needs them apart");
  }
  if (bytes == 0) return;
  using E = std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>;
  aicore::simd::TransposePlane<E>(reinterpret_cast<E*>(dst.addr_),
                                  reinterpret_cast<const E*>(src.addr_), h, w);
}

}  // namespace confusion_transpose_detail

template <typename T>
inline void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                      const LocalTensor<uint8_t>& sharedTmpBuffer, TransposeType transposeType,
                      ConfusionTransposeTiling& tiling,
                      aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  confusion_transpose_detail::Run(dst, src, &sharedTmpBuffer, transposeType, tiling, loc);
}

template <typename T>
inline void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                      TransposeType transposeType, ConfusionTransposeTiling& tiling,
                      aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  confusion_transpose_detail::Run(dst, src, nullptr, transposeType, tiling, loc);
}

AICORE_TARGET_END
}  // namespace AscendC
