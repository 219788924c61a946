// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Pad and UnPad of the advanced API (the vendor's lib/pad/pad.h,
// adv_api/pad/pad.h), Ascend910B profile:
//
//   template <typename T>
//   Pad(dstTensor, srcTensor, PadParams& padParams[, const LocalTensor<uint8_t>&
//       sharedTmpBuffer], PadTiling& tiling)
//   UnPad(dstTensor, srcTensor, UnPadParams& unPadParams[, LocalTensor<uint8_t>&
//         sharedTmpBuffer], UnPadTiling& tiling)
//
// T int16_t, uint16_t, half, int32_t, uint32_t or float (other types do not
// compile); e = 32 / sizeof(T) elements per 32-byte block; the shapes come
// from the tiling (lib/pad_tiling.h): src [H, W] = [srcHeight, srcWidth],
// row-major; v = static_cast<T>(padParams.padValue) (half and float: round to
// nearest even, beyond half's range inf; 16-bit integers: modulo 2^16).
//
// Pad, W * sizeof(T) a multiple of 32 (scenario 2: the last W - W' columns,
//   W' = srcOriWidth, are redundant): dst [H, W] is src with columns
//   [W', W' + rightPad) of every row set to v; the other columns are src's.
//   Requires leftPad 0, 0 < rightPad <= W - W' < e, and W at most 255 blocks
//   (the NPU fills the pad columns with one Duplicate per 255 rows whose
//   8-bit repeat stride is the row length in blocks). dst may be src.
// Pad, other W (scenario 1): dst [H, W + leftPad + rightPad] is each row
//   of src with leftPad copies of v before it and rightPad after it. Requires
//   W + leftPad + rightPad = W rounded up to e (the padded row is exactly the
//   aligned row: the NPU's algorithm reads its rows back misplaced
//   otherwise), leftPad and rightPad below e, H * W * sizeof(T) a multiple of
//   32 (the source data amount, as the reference requires), and a tiling
//   with temporary space (tmpBuffer1BlockNum in [1, 255]: the NPU transposes
//   the temporary buffer with one TransDataTo5HD of that many 8-bit repeats).
//   The temporary buffer must hold 1024 * tmpBuffer1BlockNum bytes (the
//   stackBufferSize given to PadTilingFunc): sharedTmpBuffer, or in the form
//   without it the UB the TPipe's buffers leave free (PopStackBuffer, as the
//   vendor's form does); it is checked, not used. dst must not overlap src.
// UnPad (W * sizeof(T) a multiple of 32): dst [H, W - rightPad], packed, is
//   each row of src without its last rightPad columns (one GatherMask with
//   a repeat per row on the NPU). Requires 0 < rightPad < e, H <= 255 (the
//   GatherMask repeat count), W < 65536 (the NPU holds it in 16 bits).
//   leftPad is not applied (the reference: "not effective yet"; the
//   vendor's CPU check only warns). No temporary space on the Ascend910B:
//   sharedTmpBuffer is not checked or used. dst may be src (same start).
//
// Checked: the tiling is filled (srcWidth 0: not), its fields are those
// PadTilingFunc gives for its shapes and sizeof(T) (a tiling made for
// another type size is named as such), the rules above, dst and src inside
// their buffers and 32-byte aligned, overlaps, the temporary buffer's size
// and overlaps. Each violation raises KernelError naming Pad or UnPad, the
// call's file:line and the values. The data moves with memcpy / std::fill_n
// per row, bit for bit.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/type_name.h"
#include "aicore/lib/pad_tiling.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/memory/pipe.h"
#include "aicore/ops/check.h"
#include "aicore/runtime/context.h"

namespace AscendC {

struct PadParams {
  PadParams() = default;
  PadParams(const uint16_t leftPadIn, const uint16_t rightPadIn, const int32_t padValueIn)
      : leftPad(leftPadIn), rightPad(rightPadIn), padValue(padValueIn) {}
  uint16_t leftPad = 0;
  uint16_t rightPad = 0;
  int32_t padValue = 0;
};

struct UnPadParams {
  UnPadParams() = default;
  UnPadParams(const uint16_t leftPadIn, const uint16_t rightPadIn)
      : leftPad(leftPadIn), rightPad(rightPadIn) {}
  uint16_t leftPad = 0;
  uint16_t rightPad = 0;
};

}  // namespace AscendC

namespace aicore {
namespace lib {

template <class T>
constexpr bool kPadType = std::is_same_v<T, int16_t> || std::is_same_v<T, uint16_t> ||
                          std::is_same_v<T, half> || std::is_same_v<T, int32_t> ||
                          std::is_same_v<T, uint32_t> || std::is_same_v<T, float>;

inline std::string PadNum(uint64_t v) { return std::to_string(v); }

// The PadTiling fields, named, for the consistency check.
struct PadField {
  const char* name;
  uint32_t AscendC::tiling::PadTiling::*member;
};

inline const PadField* PadFields(size_t* n) {
  using P = AscendC::tiling::PadTiling;
  static const PadField f[] = {
      {"srcHeight", &P::srcHeight},
      {"srcWidth", &P::srcWidth},
      {"srcOriWidth", &P::srcOriWidth},
      {"widthWithoutLastBlock", &P::widthWithoutLastBlock},
      {"blocksPerRow", &P::blocksPerRow},
      {"heightTiling", &P::heightTiling},
      {"heightFractal", &P::heightFractal},
      {"heightFractalTail", &P::heightFractalTail},
      {"mainLoopOffset", &P::mainLoopOffset},
      {"tailBlockOffset", &P::tailBlockOffset},
      // The temporary-space fields (the unaligned case reads them).
      {"tmpBuffer1BlockNum", &P::tmpBuffer1BlockNum},
      {"tmpBuffer1RowNum", &P::tmpBuffer1RowNum},
      {"tmpBuffer2Offset", &P::tmpBuffer2Offset},
      {"widthTiling", &P::widthTiling},
      {"widthFractal", &P::widthFractal},
      {"widthFractalTail", &P::widthFractalTail},
      {"widthFractalTailAlingned", &P::widthFractalTailAlingned},
      {"brcbTiling", &P::brcbTiling},
      {"brcbFractal", &P::brcbFractal},
      {"brcbFractalTail", &P::brcbFractalTail},
      {"maxRepeatTimes", &P::maxRepeatTimes},
      {"brcbTilingRepeatTimes", &P::brcbTilingRepeatTimes},
      {"brcbTilingRepeatTimesTail", &P::brcbTilingRepeatTimesTail},
      {"brcbFractalTailRepeatTimes", &P::brcbFractalTailRepeatTimes},
      {"brcbFractalTailRepeatTimesTail", &P::brcbFractalTailRepeatTimesTail},
  };
  *n = sizeof(f) / sizeof(f[0]);
  return f;
}
constexpr size_t kPadAlignedFields = 10;  // srcHeight .. tailBlockOffset
constexpr size_t kPadAllFields = 25;      // all but reserved

// The first field (of the first `n_fields`) where `t` differs from what
// PadTilingFunc gives for its own shapes with typeSize `ts`, or nullptr.
inline const PadField* PadTilingMismatch(const AscendC::tiling::PadTiling& t, uint32_t ts,
                                         size_t n_fields, uint32_t* want) {
  AscendC::tiling::PadTiling ref{};
  FillPadTiling(t.srcHeight, t.srcWidth, t.srcOriWidth,
                t.tmpBuffer1BlockNum * kPadTmpBlockBytes, ts, ref);
  size_t n = 0;
  const PadField* f = PadFields(&n);
  for (size_t i = 0; i < std::min(n, n_fields); ++i) {
    if (t.*(f[i].member) != ref.*(f[i].member)) {
      *want = ref.*(f[i].member);
      return &f[i];
    }
  }
  return nullptr;
}

template <class T>
void CheckPadTiling(const char* api, const AscendC::tiling::PadTiling& t, size_t n_fields,
                    SrcLoc loc) {
  uint32_t want = 0;
  const PadField* bad = PadTilingMismatch(t, sizeof(T), n_fields, &want);
  if (AICORE_LIKELY(bad == nullptr)) return;
  constexpr uint32_t other = sizeof(T) == 2 ? 4 : 2;
  uint32_t unused = 0;
  const bool other_type = PadTilingMismatch(t, other, n_fields, &unused) == nullptr;
  const std::string call = "PadTilingFunc(srcShape [" + PadNum(t.srcHeight) + ", " +
                           PadNum(t.srcWidth) + "], oriSrcShape [., " + PadNum(t.srcOriWidth) +
                           "], stackBufferSize " +
                           PadNum(uint64_t{t.tmpBuffer1BlockNum} * kPadTmpBlockBytes) +
                           ", typeSize " + PadNum(sizeof(T)) + ")";
  detail::Fail(ErrorKind::kParameter, api, loc,
               "tiling." + std::string(bad->name) + " is " + PadNum(t.*(bad->member)) + ", " +
                   call + " gives " + PadNum(want) +
                   (other_type ? ": the tiling was made for typeSize " + PadNum(other) + ", " +
                                     std::string(api) + "<" + detail::TypeName<T>() +
                                     "> needs " + PadNum(sizeof(T))
                               : std::string(": the tiling does not come from PadTilingFunc "
                                             "for these shapes (edited or stale)")));
}

[[noreturn]] AICORE_COLD inline void FailPad(const char* api, const std::string& what,
                                             SrcLoc loc, ErrorKind kind = ErrorKind::kParameter) {
  detail::Fail(kind, api, loc, what);
}

// dstTensor / srcTensor hold the elements the call moves (their own sizes,
// then their buffers through CheckLocal).
template <class T>
void CheckPadSizes(const char* api, const AscendC::LocalTensor<T>& dst,
                   const AscendC::LocalTensor<T>& src, uint32_t h, uint64_t dst_w, uint32_t w,
                   SrcLoc loc) {
  const uint64_t dst_n = uint64_t{h} * dst_w, src_n = uint64_t{h} * w;
  if (AICORE_UNLIKELY(dst.GetSize() < dst_n)) {
    FailPad(api, "dstTensor holds " + PadNum(dst.GetSize()) + " elements of " +
                 detail::TypeName<T>() + "; " + api + " writes [" + PadNum(h) + ", " +
                 PadNum(dst_w) + "] = " + PadNum(dst_n), loc, ErrorKind::kBounds);
  }
  if (AICORE_UNLIKELY(src.GetSize() < src_n)) {
    FailPad(api, "srcTensor holds " + PadNum(src.GetSize()) + " elements of " +
                 detail::TypeName<T>() + "; " + api + " reads [" + PadNum(h) + ", " + PadNum(w) +
                 "] = " + PadNum(src_n), loc, ErrorKind::kBounds);
  }
  detail::CheckLocal(api, "dst", dst, dst_n * sizeof(T), loc);
  detail::CheckLocal(api, "src", src, src_n * sizeof(T), loc);
}

template <class T>
void PadImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
             const AscendC::PadParams& p, const AscendC::LocalTensor<uint8_t>* tmp,
             const AscendC::tiling::PadTiling& t, SrcLoc loc) {
  constexpr const char* api = "Pad";
  detail::Enter(api, loc);
  constexpr uint32_t e = 32 / sizeof(T);
  const char* tn = detail::TypeName<T>();
  const uint32_t h = t.srcHeight, w = t.srcWidth, ow = t.srcOriWidth;
  const uint32_t left = p.leftPad, right = p.rightPad;
  if (AICORE_UNLIKELY(w == 0)) {
    FailPad(api, "tiling.srcWidth is 0: the tiling is unfilled (fill it with PadTilingFunc "
                 "on the host)", loc);
  }
  if (AICORE_UNLIKELY(left >= e || right >= e)) {
    FailPad(api, "padParams.leftPad " + PadNum(left) + " / rightPad " + PadNum(right) + ": each must "
                 "be below " + PadNum(e) + " columns (less than 32 bytes of " + tn + ")", loc);
  }
  const bool aligned = (uint64_t{w} * sizeof(T)) % 32 == 0;
  const uint64_t src_n = uint64_t{h} * w;
  uint64_t dst_w = w;  // the padded row
  if (aligned) {
    CheckPadTiling<T>(api, t, kPadAlignedFields, loc);
    if (AICORE_UNLIKELY(left != 0)) {
      FailPad(api, "padParams.leftPad is " + PadNum(left) + " with srcWidth " + PadNum(w) +
                   " 32-byte aligned: that case pads on the right only (leftPad must be 0)", loc);
    }
    if (AICORE_UNLIKELY(ow >= w)) {
      FailPad(api, "srcWidth " + PadNum(w) + " is 32-byte aligned and srcOriWidth is " +
                   PadNum(ow) + ": that case pads redundant columns, so srcOriWidth must be "
                   "below srcWidth (an aligned row of valid data needs no Pad)", loc);
    }
    if (AICORE_UNLIKELY(w - ow >= e)) {
      FailPad(api, "srcWidth " + PadNum(w) + " - srcOriWidth " + PadNum(ow) + " = " +
                   PadNum(w - ow) + " redundant columns: they must lie in the last 32-byte block "
                   "of each row (fewer than " + PadNum(e) + " of " + tn + ")", loc);
    }
    if (AICORE_UNLIKELY(right == 0 || right > w - ow)) {
      FailPad(api, "padParams.rightPad is " + PadNum(right) + "; with srcWidth " + PadNum(w) +
                   " 32-byte aligned it must be in [1, srcWidth - srcOriWidth = " +
                   PadNum(w - ow) + "] (the padded width may not exceed srcWidth)", loc);
    }
    if (AICORE_UNLIKELY(w / e > 255)) {
      FailPad(api, "srcWidth " + PadNum(w) + " is " + PadNum(w / e) + " blocks of 32 bytes; the "
                   "aligned case allows at most 255 (the NPU's pad fill steps rows by an 8-bit "
                   "repeat stride in blocks)", loc);
    }
  } else {
    CheckPadTiling<T>(api, t, kPadAllFields, loc);
    const uint64_t wa = (uint64_t{w} + e - 1) / e * e;
    if (AICORE_UNLIKELY(uint64_t{w} + left + right != wa)) {
      FailPad(api, "srcWidth " + PadNum(w) + " + leftPad " + PadNum(left) + " + rightPad " +
                   PadNum(right) + " = " + PadNum(uint64_t{w} + left + right) + " columns; with "
                   "srcWidth not 32-byte aligned the padded row must be srcWidth rounded up to 32 "
                   "bytes: " + PadNum(wa) + " columns of " + tn, loc);
    }
    if (AICORE_UNLIKELY((src_n * sizeof(T)) % 32 != 0)) {
      FailPad(api, "the source holds srcHeight " + PadNum(h) + " x srcWidth " + PadNum(w) + " = " +
                   PadNum(src_n) + " elements of " + tn + " (" + PadNum(src_n * sizeof(T)) +
                   " bytes): the source data amount must be a multiple of 32 bytes", loc);
    }
    const uint32_t blocks = t.tmpBuffer1BlockNum;
    if (AICORE_UNLIKELY(blocks == 0 || blocks > 255)) {
      FailPad(api, "tiling.tmpBuffer1BlockNum is " + PadNum(blocks) + "; with srcWidth " +
                   PadNum(w) + " not 32-byte aligned Pad needs temporary space of 1 to 255 blocks "
                   "of 1024 bytes (PadTilingFunc's stackBufferSize from 1024 to 261120; the NPU "
                   "transposes them with 8-bit repeat counts)", loc);
    }
    dst_w = wa;
  }
  const uint64_t dst_n = uint64_t{h} * dst_w;
  CheckPadSizes(api, dst, src, h, dst_w, w, loc);
  const bool same = static_cast<const void*>(dst.addr_) == static_cast<const void*>(src.addr_);
  if (AICORE_UNLIKELY((!aligned || !same) &&
                      detail::BytesOverlap(dst.addr_, dst_n * sizeof(T), src.addr_,
                                           src_n * sizeof(T)))) {
    FailPad(api, aligned ? std::string("dstTensor overlaps srcTensor without starting at it "
                                       "(with srcWidth 32-byte aligned dst may be src)")
                         : std::string("dstTensor overlaps srcTensor (with srcWidth not 32-byte "
                                       "aligned they must be apart)"), loc);
  }
  if (!aligned) {
    const uint64_t need = uint64_t{t.tmpBuffer1BlockNum} * kPadTmpBlockBytes;
    AscendC::LocalTensor<uint8_t> popped;
    const char* what = "sharedTmpBuffer";
    if (tmp == nullptr) {
      AscendC::PopStackBuffer<uint8_t, AscendC::TPosition::VECCALC>(popped, loc);
      tmp = &popped;
      what = "the UB left free for the temporary space (PopStackBuffer)";
    }
    if (AICORE_UNLIKELY(tmp->GetSize() < need)) {
      FailPad(api, std::string(what) + " holds " + PadNum(tmp->GetSize()) + " bytes, fewer than "
                   "the " + PadNum(need) + " bytes the tiling uses (tmpBuffer1BlockNum " +
                   PadNum(t.tmpBuffer1BlockNum) + " x 1024: PadTilingFunc's stackBufferSize)", loc);
    }
    detail::CheckLocal(api, "sharedTmpBuffer", *tmp, need, loc, true, detail::Pipe::kCount);
    if (AICORE_UNLIKELY(detail::BytesOverlap(tmp->addr_, need, src.addr_, src_n * sizeof(T)))) {
      FailPad(api, std::string(what) + " overlaps srcTensor (the temporary buffer must not share "
                   "addresses with the operands)", loc);
    }
    if (AICORE_UNLIKELY(detail::BytesOverlap(tmp->addr_, need, dst.addr_, dst_n * sizeof(T)))) {
      FailPad(api, std::string(what) + " overlaps dstTensor (the temporary buffer must not share "
                   "addresses with the operands)", loc);
    }
  }
  if (h == 0) return;
  const T v = static_cast<T>(p.padValue);
  T* out = dst.addr_;
  const T* in = src.addr_;
  if (aligned) {
    if (!same) std::memcpy(static_cast<void*>(out), in, src_n * sizeof(T));
    for (uint64_t r = 0; r < h; ++r) std::fill_n(out + r * w + ow, right, v);
    return;
  }
  for (uint64_t r = 0; r < h; ++r) {
    T* o = out + r * dst_w;
    std::fill_n(o, left, v);
    std::memcpy(static_cast<void*>(o + left), in + r * w, uint64_t{w} * sizeof(T));
    std::fill_n(o + left + w, right, v);
  }
}

template <class T>
void UnPadImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
               const AscendC::UnPadParams& p, const AscendC::tiling::UnPadTiling& t, SrcLoc loc) {
  constexpr const char* api = "UnPad";
  detail::Enter(api, loc);
  constexpr uint32_t e = 32 / sizeof(T);
  const char* tn = detail::TypeName<T>();
  const uint32_t h = t.srcHeight, w = t.srcWidth, right = p.rightPad;
  if (AICORE_UNLIKELY(w == 0)) {
    FailPad(api, "tiling.srcWidth is 0: the tiling is unfilled (fill it with UnPadTilingFunc "
                 "on the host)", loc);
  }
  if (AICORE_UNLIKELY((uint64_t{w} * sizeof(T)) % 32 != 0)) {
    FailPad(api, "tiling.srcWidth " + PadNum(w) + " (" + PadNum(uint64_t{w} * sizeof(T)) +
                 " bytes of " + tn + ") is not a multiple of 32 bytes: UnPad takes 32-byte "
                 "aligned rows", loc);
  }
  if (AICORE_UNLIKELY(right == 0 || right >= e)) {
    FailPad(api, "unPadParams.rightPad is " + PadNum(right) + "; it must be in [1, " +
                 PadNum(e - 1) + "] (above 0 and less than 32 bytes of " + tn + ")", loc);
  }
  if (AICORE_UNLIKELY(h > 255)) {
    FailPad(api, "tiling.srcHeight " + PadNum(h) + " exceeds 255: the NPU's UnPad is one "
                 "GatherMask with a repeat per row (repeatTimes at most 255)", loc);
  }
  if (AICORE_UNLIKELY(w > 0xffff)) {
    FailPad(api, "tiling.srcWidth " + PadNum(w) + " exceeds 65535 (the NPU's UnPad holds the "
                 "width in 16 bits)", loc);
  }
  const uint32_t ow = w - right;
  const uint64_t src_n = uint64_t{h} * w, dst_n = uint64_t{h} * ow;
  CheckPadSizes(api, dst, src, h, ow, w, loc);
  const bool same = static_cast<const void*>(dst.addr_) == static_cast<const void*>(src.addr_);
  if (AICORE_UNLIKELY(!same && detail::BytesOverlap(dst.addr_, dst_n * sizeof(T), src.addr_,
                                                    src_n * sizeof(T)))) {
    FailPad(api, "dstTensor overlaps srcTensor without starting at it (dst may be src)", loc);
  }
  T* out = dst.addr_;
  const T* in = src.addr_;
  // Row r moves to r * ow <= r * w: forward in-place moves are safe.
  for (uint64_t r = 0; r < h; ++r) {
    std::memmove(static_cast<void*>(out + r * ow), in + r * w, uint64_t{ow} * sizeof(T));
  }
}

}  // namespace lib
}  // namespace aicore

namespace AscendC {

#define AICORE_PAD_TYPE_CHECK(name)                                                     \
  static_assert(aicore::lib::kPadType<T>,                                               \
                name ": T must be int16_t, uint16_t, half, int32_t, uint32_t or float")

template <typename T>
AICORE_INLINE void Pad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                       PadParams& padParams, const LocalTensor<uint8_t>& sharedTmpBuffer,
                       PadTiling& tiling, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_PAD_TYPE_CHECK("Pad");
  aicore::lib::PadImpl<T>(dstTensor, srcTensor, padParams, &sharedTmpBuffer, tiling, loc);
}

template <typename T>
AICORE_INLINE void Pad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                       PadParams& padParams, PadTiling& tiling,
                       aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_PAD_TYPE_CHECK("Pad");
  aicore::lib::PadImpl<T>(dstTensor, srcTensor, padParams, nullptr, tiling, loc);
}

template <typename T>
AICORE_INLINE void UnPad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                         UnPadParams& unPadParams, LocalTensor<uint8_t>& sharedTmpBuffer,
                         UnPadTiling& tiling, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_PAD_TYPE_CHECK("UnPad");
  (void)sharedTmpBuffer;  // the Ascend910B UnPad needs none (GetUnPadMaxMinTmpSize: 0)
  aicore::lib::UnPadImpl<T>(dstTensor, srcTensor, unPadParams, tiling, loc);
}

template <typename T>
AICORE_INLINE void UnPad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                         UnPadParams& unPadParams, UnPadTiling& tiling,
                         aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AICORE_PAD_TYPE_CHECK("UnPad");
  aicore::lib::UnPadImpl<T>(dstTensor, srcTensor, unPadParams, tiling, loc);
}

#undef AICORE_PAD_TYPE_CHECK

}  // namespace AscendC
