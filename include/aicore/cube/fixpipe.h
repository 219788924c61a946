// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Fixpipe: the cube's results from L0C (CO1) to GM or L1, with the NZ -> ND
// conversion, quantization and ReLU on the way (FIX pipe).
//
//   Fixpipe<T, U, config = CFG_ROW_MAJOR>(GlobalTensor<T> dst, LocalTensor<U> src,
//                                         FixpipeParamsV220)
//   Fixpipe<...>(dst, src, LocalTensor<uint64_t> cbufWorkspace (L1), FixpipeParamsV220)
//   Fixpipe<...>(LocalTensor<T> dst (L1), src, [cbufWorkspace,] FixpipeParamsV220)
//   Fixpipe(dst, src, FixpipeParams<S>)                      (the older parameters)
//   DataCopy(GlobalTensor<T> / LocalTensor<T> (L1) dst, LocalTensor<U> src,
//            DataCopyCO12DstParams)       with the registers set by
//   SetFixpipeNz2ndFlag, SetFixpipePreQuantFlag, SetFixPipeConfig
//
// Geometry (V220 units): src (float or int32_t in L0C, NZ): element (j, c)
// of matrix i at  i * srcNdStride * 1024 B + (c / 16) * srcStride * 64 B +
// j * 64 B + (c % 16) * 4 B, for rows j < mSize and columns c < nSize.
//   ND (CFG_ROW_MAJOR, to GM): dst element i * dstNdStride + j * dstStride + c
//     (ndNum matrices; dstStride = elements per row).
//   NZ (CFG_NZ, and always into L1): ndNum is 1; column group g of the output
//     starts at g * dstStride * 32 B, rows of the group's width: 16 elements;
//     32 for int8_t/uint8_t outputs (two 16-column groups merged; with an odd
//     number of 16-column groups the last stays 16 wide); 8 for float with
//     isChannelSplit.
//
// Conversion of each value v (quantPre; M1 = bits [31:13] of the parameter
// as a float, its low 13 mantissa bits cleared; M2 = M1, or 0 with ReLU):
//   NoQuant              float -> float, int32_t -> int32_t (ReLU: v < 0 ? 0 : v)
//   F322F16, F322BF16    float -> half / bfloat16_t, round to nearest even (ReLU first)
//   DEQF16, VDEQF16      int32_t -> half: x = float(v') * (v' >= 0 ? M1 : M2),
//                        saturated to +-65504 and rounded to nearest even
//   QF322B8_PRE, VQF322B8_PRE   float -> int8_t/uint8_t:
//   REQ8, VREQ8          int32_t -> int8_t/uint8_t:
//                        x = float(v') * (v' >= 0 ? M1 : M2), clamped to
//                        [-256, 255] and rounded to nearest even, plus the
//                        offset (bits [45:37], 9-bit two's complement),
//                        saturated to int8_t (bit 46 set) or uint8_t
// where v' = v, or with the mode-control bit 36 (REQ8, DEQF16) v shifted
// right by N + 1 (N = bits [35:32]) and saturated to int16_t. The V* modes
// take the parameter of column c from cbufWorkspace[c] (DataCopy: from the
// fixpipe-buffer tensor of SetFixPipeConfig); the others from deqScalar
// (DataCopy: SetFixpipePreQuantFlag). NaN -> 0 for the integer outputs.
// (aicore's choices where the public text is open: the offset is signed, N
// encodes N + 1, DEQF16 results are not rounded to integers, float -> half
// overflows to +-inf in F322F16 -- the non-saturating mode.)
// To GM under SetAtomicAdd / SetAtomicMax / SetAtomicMin, the output
// elements combine into GM as the atomic UB -> GM copies do (ops/atomic.h).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/cube/fractal.h"
#include "aicore/cube/params.h"
#include "aicore/cube/unit_flag.h"
#include "aicore/instrument/event.h"
#include "aicore/memory/global_tensor.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/atomic.h"
#include "aicore/runtime/context.h"

namespace aicore {
namespace detail {

inline const char* QuantModeName(uint64_t q) {
  static const char* const kNames[] = {"NoQuant", "F322F16",      "F322BF16", "DEQF16", "VDEQF16",
                                       "QF322B8_PRE", "VQF322B8_PRE", "REQ8",     "VREQ8"};
  return q < 9 ? kNames[q] : "?";
}

inline bool QuantIsVector(QuantMode_t q) {
  return q == VDEQF16 || q == VQF322B8_PRE || q == VREQ8;
}

// The (src, dst) types a quantization mode converts between.
template <class TD, class TS>
inline bool QuantTypesOk(QuantMode_t q) {
  constexpr bool f = std::is_same<TS, float>::value;
  constexpr bool i = std::is_same<TS, int32_t>::value;
  constexpr bool b8 = std::is_same<TD, int8_t>::value || std::is_same<TD, uint8_t>::value;
  switch (q) {
    case NoQuant: return std::is_same<TD, TS>::value;
    case F322F16: return f && std::is_same<TD, half>::value;
    case F322BF16: return f && std::is_same<TD, bfloat16_t>::value;
    case DEQF16: case VDEQF16: return i && std::is_same<TD, half>::value;
    case QF322B8_PRE: case VQF322B8_PRE: return f && b8;
    case REQ8: case VREQ8: return i && b8;
    default: return false;
  }
}

// M1 of a quantization parameter: bits [31:13] as a float.
inline float QuantScale(uint64_t qp) {
  const uint32_t bits = static_cast<uint32_t>(qp) & 0xFFFFE000u;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

// Round to nearest even, in float (no integer overflow: |x| <= 2^31 here).
inline float RintF(float x) { return std::nearbyint(x); }

template <class TD, class TS>
inline TD FixConvert(TS v, QuantMode_t q, bool relu, uint64_t qp) {
  if constexpr (std::is_same<TS, float>::value) {
    if (q == NoQuant || q == F322F16 || q == F322BF16) {
      const float x = relu && v < 0.0f ? 0.0f : v;
      if constexpr (std::is_same<TD, half>::value || std::is_same<TD, bfloat16_t>::value ||
                    std::is_same<TD, float>::value) {
        return static_cast<TD>(x);
      } else {
        return TD{};
      }
    }
  } else {
    if (q == NoQuant) {
      if constexpr (std::is_same<TD, int32_t>::value) return relu && v < 0 ? 0 : v;
      return TD{};
    }
  }
  // Quantization with a parameter.
  const float m1 = QuantScale(qp);
  const float m2 = relu ? 0.0f : m1;
  float x;
  if constexpr (std::is_same<TS, int32_t>::value) {
    int32_t w = v;
    if ((qp >> 36) & 1) {  // mode-control bit: shift right by N + 1, saturate to int16_t
      const int shift = static_cast<int>((qp >> 32) & 0xF) + 1;
      w >>= shift;
      w = w > 32767 ? 32767 : (w < -32768 ? -32768 : w);
    }
    x = static_cast<float>(w) * (w >= 0 ? m1 : m2);
  } else {
    x = v * (v >= 0.0f ? m1 : m2);
  }
  if constexpr (std::is_same<TD, half>::value) {
    const float c = x > 65504.0f ? 65504.0f : (x < -65504.0f ? -65504.0f : x);
    return static_cast<half>(std::isnan(x) ? x : c);
  } else if constexpr (std::is_same<TD, int8_t>::value || std::is_same<TD, uint8_t>::value) {
    if (std::isnan(x)) return TD{0};
    const float c = x > 255.0f ? 255.0f : (x < -256.0f ? -256.0f : x);
    int32_t off = static_cast<int32_t>((qp >> 37) & 0x1FF);
    if (off >= 256) off -= 512;
    const int32_t y = static_cast<int32_t>(RintF(c)) + off;
    const bool sign = ((qp >> 46) & 1) != 0;
    const int32_t lo = sign ? -128 : 0, hi = sign ? 127 : 255;
    return static_cast<TD>(y < lo ? lo : (y > hi ? hi : y));
  } else {
    return TD{};
  }
}

// One L0C -> out transfer, in V220 terms.
struct FixJob {
  uint32_t n = 0, m = 0;
  uint64_t src_col_step = 0;   // bytes between 16-column groups of src
  uint32_t nd_num = 1;
  uint64_t src_nd_step = 0;    // bytes between src matrices
  uint64_t dst_nd_step = 0;    // elements between dst matrices (ND)
  bool nd = true;
  uint64_t dst_row = 0;        // ND: elements per dst row
  uint64_t dst_col_step = 0;   // NZ: bytes between dst column groups
  bool split = false;          // float channel split (NZ, 8 wide)
  QuantMode_t quant = NoQuant;
  bool relu = false;
  uint64_t scalar = 0;
  const uint8_t* vec = nullptr;  // V* modes: n uint64_t parameters
  uint8_t unit_flag = 0;         // 0, 2 or 3 (cube/unit_flag.h)
};

// NZ output: the width of the column group of column c, its group start
// column and index.
template <class TD>
inline void NzGroup(const FixJob& j, uint32_t c, uint32_t* width, uint32_t* g, uint32_t* first) {
  if (j.split) {
    *width = 8;
  } else if (sizeof(TD) == 1) {
    // Two 16-column groups merged; an odd last group stays 16 wide.
    const uint32_t groups16 = cube::CeilDiv(j.n, 16);
    *width = (groups16 % 2 == 1 && c >= (groups16 - 1) * 16) ? 16 : 32;
  } else {
    *width = 16;
  }
  *g = sizeof(TD) == 1 && !j.split ? c / 32 : c / *width;
  *first = *g * (sizeof(TD) == 1 && !j.split ? 32 : *width);
}

// The output byte offset of element (i, r, c).
template <class TD>
inline uint64_t FixDstOffset(const FixJob& j, uint32_t i, uint32_t r, uint32_t c) {
  if (j.nd) return (uint64_t{i} * j.dst_nd_step + uint64_t{r} * j.dst_row + c) * sizeof(TD);
  uint32_t width, g, first;
  NzGroup<TD>(j, c, &width, &g, &first);
  return uint64_t{g} * j.dst_col_step + (uint64_t{r} * width + (c - first)) * sizeof(TD);
}

// Bytes of the output from its start to the end of the last element written.
template <class TD>
inline uint64_t FixDstSpan(const FixJob& j) {
  if (j.nd) {
    return (uint64_t{j.nd_num - 1u} * j.dst_nd_step + uint64_t{j.m - 1} * j.dst_row + j.n) *
           sizeof(TD);
  }
  uint64_t end = 0;
  for (uint32_t c = 0; c < j.n; ++c) {
    const uint64_t e = FixDstOffset<TD>(j, 0, j.m - 1, c) + sizeof(TD);
    end = e > end ? e : end;
  }
  return end;
}

template <class TD, class TS>
inline void FixRun(uint8_t* dst, const uint8_t* src, const FixJob& j) {
  // The V* modes' parameters are read before anything is written, as the
  // vendor copies them into the fixpipe buffer first (they may share L1
  // with dst).
  // (One buffer per thread, kept: no allocation per call once grown.)
  static thread_local std::vector<uint64_t> params;
  if (j.vec != nullptr) {
    if (params.size() < j.n) params.resize(j.n);
    std::memcpy(params.data(), j.vec, uint64_t{j.n} * 8);
  }
  for (uint32_t i = 0; i < j.nd_num; ++i) {
    const uint8_t* sm = src + i * j.src_nd_step;
    for (uint32_t c = 0; c < j.n; ++c) {
      const uint64_t qp = j.vec != nullptr ? params[c] : j.scalar;
      const uint8_t* sc = sm + (c / 16) * j.src_col_step + (c % 16) * 4;
      for (uint32_t r = 0; r < j.m; ++r) {
        TS v;
        std::memcpy(&v, sc + uint64_t{r} * 64, sizeof(TS));
        const TD o = FixConvert<TD, TS>(v, j.quant, j.relu, qp);
        std::memcpy(dst + FixDstOffset<TD>(j, i, r, c), &o, sizeof(TD));
      }
    }
  }
}

// Fast path: ND, no quantization parameter, float -> float / int32 -> int32
// or float -> half, row by row.
template <class TD, class TS>
inline bool FixRunFast(uint8_t* dst, const uint8_t* src, const FixJob& j) {
  if (!j.nd || j.relu || !(j.quant == NoQuant || j.quant == F322F16)) return false;
  for (uint32_t i = 0; i < j.nd_num; ++i) {
    const uint8_t* sm = src + i * j.src_nd_step;
    for (uint32_t r = 0; r < j.m; ++r) {
      TD* out = reinterpret_cast<TD*>(dst + (uint64_t{i} * j.dst_nd_step + uint64_t{r} * j.dst_row) * sizeof(TD));
      for (uint32_t g = 0; g * 16 < j.n; ++g) {
        const TS* in = reinterpret_cast<const TS*>(sm + g * j.src_col_step + uint64_t{r} * 64);
        const uint32_t cols = j.n - g * 16 < 16 ? j.n - g * 16 : 16;
        if constexpr (std::is_same<TD, TS>::value) {
          std::memcpy(out + g * 16, in, cols * sizeof(TD));
        } else {
          for (uint32_t c = 0; c < cols; ++c) out[g * 16 + c] = static_cast<TD>(in[c]);
        }
      }
    }
  }
  return true;
}

// Reads of the valid L0C elements (FIX pipe).
inline void EmitFixSrc(CoreContext& core, const BufferDesc& b, const uint8_t* src, const FixJob& j,
                       const char* api, SrcLoc loc) {
  for (uint32_t i = 0; i < j.nd_num; ++i) {
    for (uint32_t g = 0; g * 16 < j.n; ++g) {
      const uint32_t cols = j.n - g * 16 < 16 ? j.n - g * 16 : 16;
      EmitLocalBursts(core, Pipe::kFIX, Access::kRead, b, src + i * j.src_nd_step + g * j.src_col_step,
                      j.m, uint64_t{cols} * 4, 64, api, "src", loc);
    }
  }
}

// The unit flags a transfer waits for and releases: per source matrix and
// 16-column group, the fractals of its mSize rows (rounded up to 16).
template <class F>
inline void ForEachFixUnitRange(const FixJob& j, const uint8_t* src, F&& f) {
  const uint64_t len = uint64_t{cube::CeilDiv(j.m, 16)} * 16 * 64;
  for (uint32_t i = 0; i < j.nd_num; ++i) {
    for (uint32_t g = 0; g * 16 < j.n; ++g) f(src + i * j.src_nd_step + g * j.src_col_step, len);
  }
}
inline void FixUnitWait(UnitFlagUse& u, const FixJob& j, const uint8_t* src) {
  if (u.on()) ForEachFixUnitRange(j, src, [&](const uint8_t* p, uint64_t len) { u.Wait(p, len); });
}
inline void FixUnitDone(UnitFlagUse& u, const FixJob& j, const uint8_t* src) {
  if (u.on()) ForEachFixUnitRange(j, src, [&](const uint8_t* p, uint64_t len) { u.Done(p, len); });
}

// Checks common to the L0C copies; fills in j.quant/relu/n/m and the source
// geometry. `nd` the output layout. False for a no-op.
template <class TD, class TS>
inline bool CheckFixCommon(const char* api, const AscendC::LocalTensor<TS>& src, FixJob& j,
                           uint8_t unit_flag, SrcLoc loc) {
  static_assert(std::is_same<TS, float>::value || std::is_same<TS, int32_t>::value,
                "the L0C source of Fixpipe holds float or int32_t");
  static_assert(std::is_same<TD, float>::value || std::is_same<TD, int32_t>::value ||
                    std::is_same<TD, half>::value || std::is_same<TD, bfloat16_t>::value ||
                    std::is_same<TD, int8_t>::value || std::is_same<TD, uint8_t>::value,
                "Fixpipe writes float, int32_t, half, bfloat16_t, int8_t or uint8_t");
  CheckCubeMemory(api, "src", src, Memory::kL0C, "CO1", loc);
  CheckCubeAlign(api, "src", src, 64, "L0C sources are 64-byte aligned", loc);
  if (AICORE_UNLIKELY(j.quant > VREQ8)) {
    FailCubeParam(api, loc, "quantPre " + std::to_string(static_cast<uint64_t>(j.quant)) +
                                " is not a QuantMode_t of this SoC (NoQuant .. VREQ8)");
  }
  if (AICORE_UNLIKELY((!QuantTypesOk<TD, TS>(j.quant)))) {
    FailCubeParam(api, loc,
                  std::string("quantPre ") + QuantModeName(j.quant) + " does not convert " +
                      TypeName<TS>() + " to " + TypeName<TD>() +
                      " (float -> float: NoQuant; -> half: F322F16; -> bfloat16_t: F322BF16; -> "
                      "int8_t/uint8_t: (V)QF322B8_PRE; int32_t -> int32_t: NoQuant; -> half: "
                      "(V)DEQF16; -> int8_t/uint8_t: (V)REQ8)");
  }
  CheckUnitFlagValue(api, "unitFlag", unit_flag, loc);
  if (AICORE_UNLIKELY(j.split && !(j.quant == NoQuant && std::is_same<TD, float>::value &&
                                   std::is_same<TS, float>::value && !j.nd && unit_flag == 0))) {
    FailCubeParam(api, loc, "channel split takes a float -> float NZ output with no unitFlag");
  }
  if (j.n == 0 || j.m == 0 || j.nd_num == 0) return false;
  CheckCubeRange(api, "nSize", j.n, 0, 4095, loc);
  CheckCubeRange(api, "mSize", j.m, 0, j.nd ? 8192 : 65535, loc);
  if (!j.nd && AICORE_UNLIKELY(j.n % (j.split ? 8 : 16) != 0)) {
    FailCubeParam(api, loc, "nSize " + std::to_string(j.n) + " must be a multiple of " +
                                (j.split ? "8 with channel split" : "16 for an NZ output"));
  }
  return true;
}

// The span of the L0C source and its check.
template <class TS>
inline void CheckFixSrcSpan(const char* api, const AscendC::LocalTensor<TS>& src, const FixJob& j,
                            uint16_t src_stride, SrcLoc loc) {
  if (AICORE_UNLIKELY(src_stride < j.m && j.n > 16)) {
    FailCubeParam(api, loc, "srcStride " + std::to_string(src_stride) + " is less than mSize " +
                                std::to_string(j.m) +
                                ": a column group of the NZ source holds srcStride rows (set it to "
                                "mSize rounded up to 16)");
  }
  const uint64_t span = uint64_t{j.nd_num - 1u} * j.src_nd_step +
                        uint64_t{cube::CeilDiv(j.n, 16) - 1} * j.src_col_step + uint64_t{j.m} * 64;
  CheckCubeSpan(api, "src", src, span, "mSize rows of the nSize columns, in 16-column groups",
                false, loc);
}

inline void CheckFixDstLayout(const char* api, const FixJob& j, uint32_t row_bytes, SrcLoc loc) {
  if (j.nd) {
    if (AICORE_UNLIKELY(j.m > 1 && j.dst_row < j.n)) {
      FailCubeParam(api, loc, "dstStride " + std::to_string(j.dst_row) +
                                  " (elements per output row) is less than nSize " +
                                  std::to_string(j.n) + ": the rows would overlap");
    }
  } else if (AICORE_UNLIKELY(j.n > 16 && j.dst_col_step < uint64_t{j.m} * row_bytes)) {
    FailCubeParam(api, loc, "dstStride " + std::to_string(j.dst_col_step / 32) +
                                " (32-byte blocks between output column groups) is less than the " +
                                std::to_string(uint64_t{j.m} * row_bytes / 32) +
                                " blocks of mSize rows: the groups would overlap");
  }
}

// The vector quantization parameters in L1 (cbufWorkspace).
inline const uint8_t* CheckQuantWorkspace(const char* api, const AscendC::LocalTensor<uint64_t>& w,
                                          const FixJob& j, SrcLoc loc) {
  CheckCubeMemory(api, "cbufWorkspace", w, Memory::kL1, "C1 (or A1/B1)", loc);
  CheckCubeAlign(api, "cbufWorkspace", w, 32, "L1 operands are 32-byte aligned", loc);
  CheckCubeSpan(api, "cbufWorkspace", w, uint64_t{j.n} * 8, "one uint64_t per output column",
                false, loc);
  return reinterpret_cast<const uint8_t*>(w.addr_);
}

// The output row width in bytes of an NZ output of TD.
template <class TD>
constexpr uint32_t NzRowBytes(bool split) {
  return split ? 32 : (sizeof(TD) == 1 ? 32 : 16 * sizeof(TD));
}

// Runs job j from src to GM dst (checked) or L1 dst.
template <class TD, class TS>
inline void FixToGm(CoreContext& core, const AscendC::GlobalTensor<TD>& dst,
                    const AscendC::LocalTensor<TS>& src, const FixJob& j, const uint8_t* wk,
                    const AscendC::LocalTensor<uint64_t>* wk_tensor, const char* api, SrcLoc loc) {
  if (!j.nd && AICORE_UNLIKELY(reinterpret_cast<uintptr_t>(dst.addr_) % 32 != 0)) {
    Fail(ErrorKind::kAlignment, api, loc,
         "the GM destination of an NZ output must be 32-byte aligned (it is " +
             std::to_string(reinterpret_cast<uintptr_t>(dst.addr_) % 32) + " bytes past)");
  }
  const uint64_t span = FixDstSpan<TD>(j);
  dst.CheckRange(api, 0, span / sizeof(TD), loc);
  const auto* s = reinterpret_cast<const uint8_t*>(src.addr_);
  auto* d = reinterpret_cast<uint8_t*>(dst.addr_);
  UnitFlagUse unit(core, j.unit_flag, false, src.buf_, api, loc);
  FixUnitWait(unit, j, s);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    EmitFixSrc(core, *src.buf_, s, j, api, loc);
    if (wk_tensor != nullptr) {
      EmitLocal(core, Pipe::kFIX, Access::kRead, *wk_tensor->buf_, wk, uint64_t{j.n} * 8, api,
                "cbufWorkspace", loc);
    }
    if (j.nd) {
      for (uint32_t i = 0; i < j.nd_num; ++i) {
        instrument::Event e = instrument::GmEvent(GmWriteAccess(core), d + i * j.dst_nd_step * sizeof(TD),
                                                  j.m, uint64_t{j.n} * sizeof(TD),
                                                  j.dst_row * sizeof(TD), api, loc);
        e.pipe = Pipe::kFIX;
        instrument::Emit(core, e);
      }
    } else {
      instrument::Event e = instrument::GmEvent(GmWriteAccess(core), d, 1, span, span, api, loc);
      e.pipe = Pipe::kFIX;
      instrument::Emit(core, e);
    }
  }
  FixUnitDone(unit, j, s);
  if (AICORE_UNLIKELY(core.atomic_op != AtomicOp::kNone)) {
    // SetAtomicAdd / Max / Min: the converted elements combine into GM as the
    // atomic copies do (an ND row, or an NZ element, at a time).
    std::vector<uint8_t> tmp(span);
    FixRun<TD, TS>(tmp.data(), s, j);
    for (uint32_t i = 0; i < j.nd_num; ++i) {
      for (uint32_t r = 0; r < j.m; ++r) {
        for (uint32_t c = 0; c < j.n; c += j.nd ? j.n : 1) {
          const uint64_t off = FixDstOffset<TD>(j, i, r, c);
          StoreToGm(core, reinterpret_cast<TD*>(d + off), reinterpret_cast<const TD*>(tmp.data() + off),
                    (j.nd ? j.n : 1u) * sizeof(TD), api, loc);
        }
      }
    }
    return;
  }
  if (!FixRunFast<TD, TS>(d, s, j)) FixRun<TD, TS>(d, s, j);
}

template <class TD, class TS>
inline void FixToL1(CoreContext& core, const AscendC::LocalTensor<TD>& dst,
                    const AscendC::LocalTensor<TS>& src, const FixJob& j, const uint8_t* wk,
                    const AscendC::LocalTensor<uint64_t>* wk_tensor, const char* api, SrcLoc loc) {
  CheckCubeMemory(api, "dst", dst, Memory::kL1, "A1, B1 or C1", loc);
  CheckCubeAlign(api, "dst", dst, 32, "L1 operands are 32-byte aligned", loc);
  const uint64_t span = FixDstSpan<TD>(j);
  CheckCubeSpan(api, "dst", dst, span, "the NZ output", true, loc);
  const auto* s = reinterpret_cast<const uint8_t*>(src.addr_);
  auto* d = reinterpret_cast<uint8_t*>(dst.addr_);
  UnitFlagUse unit(core, j.unit_flag, false, src.buf_, api, loc);
  FixUnitWait(unit, j, s);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    EmitFixSrc(core, *src.buf_, s, j, api, loc);
    if (wk_tensor != nullptr) {
      EmitLocal(core, Pipe::kFIX, Access::kRead, *wk_tensor->buf_, wk, uint64_t{j.n} * 8, api,
                "cbufWorkspace", loc);
    }
    // Each output column group: mSize rows of its width.
    uint32_t c = 0;
    while (c < j.n) {
      uint32_t width, g, first;
      NzGroup<TD>(j, c, &width, &g, &first);
      EmitLocalBursts(core, Pipe::kFIX, Access::kWrite, *dst.buf_, d + uint64_t{g} * j.dst_col_step, 1,
                      uint64_t{j.m} * width * sizeof(TD), uint64_t{j.m} * width * sizeof(TD), api,
                      "dst", loc);
      c = first + (sizeof(TD) == 1 && !j.split ? 32 : width);
    }
  }
  FixUnitDone(unit, j, s);
  FixRun<TD, TS>(d, s, j);
}

// A FixJob from FixpipeParamsV220.
template <class TD, class TS>
inline FixJob FixJobV220(const AscendC::FixpipeParamsV220& p, bool nd) {
  FixJob j;
  j.n = p.nSize;
  j.m = p.mSize;
  j.src_col_step = uint64_t{p.srcStride} * 16 * sizeof(TS);
  j.nd = nd;
  j.nd_num = nd ? p.ndNum : 1;
  j.src_nd_step = uint64_t{p.srcNdStride} * 16 * 16 * sizeof(TS);
  j.dst_nd_step = p.dstNdStride;
  j.dst_row = nd ? p.dstStride : 0;
  j.dst_col_step = nd ? 0 : uint64_t{p.dstStride} * 32;
  j.split = p.isChannelSplit;
  j.quant = p.quantPre;
  j.relu = p.reluEn;
  j.scalar = p.deqScalar;
  j.unit_flag = p.unitFlag;
  return j;
}

inline void CheckV220Nd(const char* api, const AscendC::FixpipeParamsV220& p, SrcLoc loc) {
  if (p.ndNum > 1) CheckCubeRange(api, "srcNdStride", p.srcNdStride, 0, 512, loc);
  if (AICORE_UNLIKELY(p.dstStride == 0)) {
    FailCubeParam(api, loc, "dstStride 0: it is the length of an output row (ND) or the step "
                            "between output column groups (NZ), never 0");
  }
}

// The checks every FixpipeParamsV220 form runs, in order; false when the
// call moves nothing. Without `with_workspace` a per-column quantPre (its
// parameters come from cbufWorkspace) is an error.
template <class T, class U>
inline bool PrepareFixV220(const char* api, const AscendC::LocalTensor<U>& src,
                           const AscendC::FixpipeParamsV220& p, bool nd, bool with_workspace,
                           FixJob& j, SrcLoc loc) {
  j = FixJobV220<T, U>(p, nd);
  if (!CheckFixCommon<T, U>(api, src, j, p.unitFlag, loc)) return false;
  if (AICORE_UNLIKELY(!with_workspace && QuantIsVector(p.quantPre))) {
    FailCubeParam(api, loc, std::string("quantPre ") + QuantModeName(p.quantPre) +
                                " takes its per-column parameters from a tensor: use the "
                                "Fixpipe form with cbufWorkspace");
  }
  CheckV220Nd(api, p, loc);
  CheckFixSrcSpan(api, src, j, p.srcStride, loc);
  CheckFixDstLayout(api, j, NzRowBytes<T>(j.split), loc);
  return true;
}

}  // namespace detail
}  // namespace aicore

namespace AscendC {

// L0C -> GM.
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
inline void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src,
                    const FixpipeParamsV220& p, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(config.format != CO2Layout::COLUMN_MAJOR,
                "Fixpipe: CFG_COLUMN_MAJOR (NZ2DN) is for the Ascend 950 only");
  namespace d = aicore::detail;
  constexpr const char* kApi = "Fixpipe";
  auto& core = d::Enter(kApi, loc);
  d::FixJob j;
  if (!d::PrepareFixV220<T, U>(kApi, src, p, config.format == CO2Layout::ROW_MAJOR, false, j, loc)) return;
  d::FixToGm<T, U>(core, dst, src, j, nullptr, nullptr, kApi, loc);
}

// L0C -> GM with per-column quantization parameters (cbufWorkspace in L1).
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR, typename S = uint64_t,
          std::enable_if_t<std::is_same<S, uint64_t>::value, bool> = true>
inline void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src,
                    const LocalTensor<S>& cbufWorkspace, const FixpipeParamsV220& p,
                    aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(config.format != CO2Layout::COLUMN_MAJOR,
                "Fixpipe: CFG_COLUMN_MAJOR (NZ2DN) is for the Ascend 950 only");
  namespace d = aicore::detail;
  constexpr const char* kApi = "Fixpipe";
  auto& core = d::Enter(kApi, loc);
  d::FixJob j;
  if (!d::PrepareFixV220<T, U>(kApi, src, p, config.format == CO2Layout::ROW_MAJOR, true, j, loc)) return;
  const uint8_t* wk = nullptr;
  if (d::QuantIsVector(p.quantPre)) {
    wk = d::CheckQuantWorkspace(kApi, cbufWorkspace, j, loc);
    j.vec = wk;
  }
  d::FixToGm<T, U>(core, dst, src, j, wk, wk != nullptr ? &cbufWorkspace : nullptr, kApi, loc);
}

// L0C -> L1 (always NZ; the config's ND layout has no effect on this path).
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
inline void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src,
                    const FixpipeParamsV220& p, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace d = aicore::detail;
  constexpr const char* kApi = "Fixpipe";
  auto& core = d::Enter(kApi, loc);
  d::FixJob j;
  if (!d::PrepareFixV220<T, U>(kApi, src, p, false, false, j, loc)) return;
  d::FixToL1<T, U>(core, dst, src, j, nullptr, nullptr, kApi, loc);
}

template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR, typename S = uint64_t,
          std::enable_if_t<std::is_same<S, uint64_t>::value, bool> = true>
inline void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src,
                    const LocalTensor<S>& cbufWorkspace, const FixpipeParamsV220& p,
                    aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace d = aicore::detail;
  constexpr const char* kApi = "Fixpipe";
  auto& core = d::Enter(kApi, loc);
  d::FixJob j;
  if (!d::PrepareFixV220<T, U>(kApi, src, p, false, true, j, loc)) return;
  const uint8_t* wk = nullptr;
  if (d::QuantIsVector(p.quantPre)) {
    wk = d::CheckQuantWorkspace(kApi, cbufWorkspace, j, loc);
    j.vec = wk;
  }
  d::FixToL1<T, U>(core, dst, src, j, wk, wk != nullptr ? &cbufWorkspace : nullptr, kApi, loc);
}

// The older parameters: cburstNum groups of 16 columns, burstLen 32-byte
// blocks of the float/int32_t source per group (mSize = burstLen / 2),
// srcStride the gap between source groups in 256-element units, dstStride the
// gap between output groups in 32-byte blocks (NZ) or, with
// nz2ndParams.nz2ndEn, the output row length in elements (nSize is then
// nz2ndParams.originalNSize).
namespace detail_fix {
template <class U, class S>
inline FixpipeParamsV220 FromOld(const FixpipeParams<S>& o, uint32_t dst_size) {
  FixpipeParamsV220 p;
  const uint32_t m = (uint32_t{o.burstLen} * 32 / sizeof(U)) / 16;
  const uint32_t mround = (m + 15) / 16 * 16;
  p.mSize = static_cast<uint16_t>(m);
  p.nSize = static_cast<uint16_t>(o.nz2ndParams.nz2ndEn ? o.nz2ndParams.originalNSize
                                                        : o.cburstNum * 16);
  p.srcStride = static_cast<uint16_t>(o.srcStride * 16 + mround);
  p.dstStride = o.nz2ndParams.nz2ndEn ? o.dstStride
                                      : o.dstStride + o.burstLen * dst_size / sizeof(U);
  p.quantPre = o.quantParams.quantPre;
  p.deqScalar = o.quantParams.deqScalar;
  p.ndNum = o.nz2ndParams.ndNum;
  p.srcNdStride = o.nz2ndParams.srcNdStride;
  p.dstNdStride = o.nz2ndParams.dstNdStride;
  p.reluEn = o.reluEn;
  p.unitFlag = o.unitFlag;
  return p;
}
}  // namespace detail_fix

template <typename T, typename U, typename S>
inline void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src,
                    const FixpipeParams<S>& intriParams,
                    aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  const FixpipeParamsV220 p = detail_fix::FromOld<U>(intriParams, sizeof(T));
  if (intriParams.nz2ndParams.nz2ndEn) {
    Fixpipe<T, U, CFG_ROW_MAJOR>(dst, src, p, loc);
  } else {
    Fixpipe<T, U, CFG_NZ>(dst, src, p, loc);
  }
}
template <typename T, typename U, typename S>
inline void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src,
                    const FixpipeParams<S>& intriParams,
                    aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  Fixpipe<T, U, CFG_NZ>(dst, src, detail_fix::FromOld<U>(intriParams, sizeof(T)), loc);
}

// ---- the register forms: DataCopy from L0C ---------------------------------------

inline void SetFixpipeNz2ndFlag(uint16_t ndNum, uint16_t srcNdStride, uint16_t dstNdStride,
                                aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace d = aicore::detail;
  auto& core = d::Enter("SetFixpipeNz2ndFlag", loc);
  d::CheckCubeRange("SetFixpipeNz2ndFlag", "ndNum", ndNum, 1, 65535, loc);
  // With one ND matrix the strides are not used: the reference lets
  // srcNdStride be 0 then, and the vendor's data_copy_l0c2gm sample passes
  // dstNdStride 0 too.
  if (ndNum > 1) {
    d::CheckCubeRange("SetFixpipeNz2ndFlag", "srcNdStride", srcNdStride, 1, 512, loc);
    d::CheckCubeRange("SetFixpipeNz2ndFlag", "dstNdStride", dstNdStride, 1, 65535, loc);
  }
  core.cube.nd_num = ndNum;
  core.cube.src_nd_stride = srcNdStride;
  core.cube.dst_nd_stride = dstNdStride;
  core.cube.nz2nd_set = true;
}

inline void SetFixpipePreQuantFlag(uint64_t config, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  auto& core = aicore::detail::Enter("SetFixpipePreQuantFlag", loc);
  core.cube.pre_quant = config;
  core.cube.pre_quant_set = true;
}

// The per-column quantization parameters for DataCopy from L0C: uint64_t
// values in the fixpipe buffer (C2PIPE2GM). reluPre is reserved (pass an
// empty tensor).
template <typename T>
inline void SetFixPipeConfig(const LocalTensor<T>& reluPre, const LocalTensor<T>& quantPre,
                             bool isUnitFlag = false, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(std::is_same<T, uint64_t>::value, "SetFixPipeConfig takes uint64_t tensors");
  namespace d = aicore::detail;
  constexpr const char* kApi = "SetFixPipeConfig";
  auto& core = d::Enter(kApi, loc);
  (void)reluPre;
  d::CheckCubeMemory(kApi, "quantPre", quantPre, aicore::Memory::kFB, "C2PIPE2GM", loc);
  d::CheckCubeAlign(kApi, "quantPre", quantPre, 128,
                    "the fixpipe buffer takes 128-byte aligned addresses", loc);
  core.cube.quant_buf = quantPre.buf_;
  core.cube.quant_addr = reinterpret_cast<const uint8_t*>(quantPre.addr_);
  core.cube.quant_epoch = quantPre.address_.epoch_;
  core.cube.quant_gen = quantPre.address_.gen_;
  if (isUnitFlag) d::ClearUnitFlags(core, kApi, loc);
}
// With an L0C (CO1) tensor of any type (the vendor's unit-flag sample passes
// its float C) it only clears the unit flags when isUnitFlag is true.
template <typename T, bool setRelu = false>
inline void SetFixPipeConfig(const LocalTensor<T>& preData, bool isUnitFlag = false,
                             aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(!setRelu, "SetFixPipeConfig: setRelu must be false (only quant tensors)");
  namespace d = aicore::detail;
  constexpr const char* kApi = "SetFixPipeConfig";
  auto& core = d::Enter(kApi, loc);
  d::CheckTensorLive(kApi, "preData", preData, loc);
  if (d::PositionMemory(preData.buf_->pos) == aicore::Memory::kL0C) {
    if (isUnitFlag) d::ClearUnitFlags(core, kApi, loc);
    return;
  }
  if constexpr (std::is_same<T, uint64_t>::value) {
    SetFixPipeConfig(LocalTensor<T>(), preData, isUnitFlag, loc);
  } else {
    d::FailCubeParam(kApi, loc, std::string("preData is a ") + d::TypeName<T>() +
                                    " tensor outside L0C: the quantization parameters in the "
                                    "fixpipe buffer (C2PIPE2GM) are uint64_t");
  }
}

namespace detail_fix {

template <class T, class U>
inline aicore::detail::FixJob JobFromRegisters(aicore::detail::CoreContext& core,
                                               const DataCopyCO12DstParams& p, const char* api,
                                               aicore::SrcLoc loc) {
  namespace d = aicore::detail;
  d::FixJob j;
  j.n = p.nSize;
  j.m = p.mSize;
  j.src_col_step = uint64_t{p.srcStride} * 16 * sizeof(U);
  j.nd = p.nz2ndEn;
  j.split = p.channelSplit;
  j.quant = p.quantPre;
  if (AICORE_UNLIKELY(p.reluPre > 1)) {
    d::FailCubeParam(api, loc, "reluPre " + std::to_string(p.reluPre) +
                                   " is not 0 (off) or 1 (normal ReLU)");
  }
  if (AICORE_UNLIKELY(p.clipReluPre != 0 || p.eltWiseOp != 0)) {
    d::FailCubeParam(api, loc, "clipReluPre and eltWiseOp exist on the Atlas 200I/500 A2 only; "
                               "set them to 0");
  }
  j.relu = p.reluPre == 1;
  j.unit_flag = p.unitFlag;
  if (p.nz2ndEn) {
    if (AICORE_UNLIKELY(!core.cube.nz2nd_set)) {
      d::FailCubeParam(api, loc, "nz2ndEn without SetFixpipeNz2ndFlag: call "
                                 "SetFixpipeNz2ndFlag(ndNum, srcNdStride, dstNdStride) first");
    }
    j.nd_num = core.cube.nd_num;
    j.src_nd_step = uint64_t{core.cube.src_nd_stride} * 16 * 16 * sizeof(U);
    j.dst_nd_step = core.cube.dst_nd_stride;
    j.dst_row = p.dstStride;
  } else {
    j.dst_col_step = uint64_t{p.dstStride} * 32;
  }
  return j;
}

// The quantization parameters the registers hold for job j.
inline void QuantFromRegisters(aicore::detail::CoreContext& core, aicore::detail::FixJob& j,
                               const char* api, aicore::SrcLoc loc) {
  namespace d = aicore::detail;
  if (j.quant == NoQuant || j.quant == F322F16 || j.quant == F322BF16) return;
  if (!d::QuantIsVector(j.quant)) {
    if (AICORE_UNLIKELY(!core.cube.pre_quant_set)) {
      d::FailCubeParam(api, loc, std::string("quantPre ") + d::QuantModeName(j.quant) +
                                     " without SetFixpipePreQuantFlag: set the scalar "
                                     "parameter first");
    }
    j.scalar = core.cube.pre_quant;
    return;
  }
  const d::BufferDesc* b = core.cube.quant_buf;
  if (AICORE_UNLIKELY(b == nullptr)) {
    d::FailCubeParam(api, loc, std::string("quantPre ") + d::QuantModeName(j.quant) +
                                   " without SetFixPipeConfig: set the fixpipe-buffer tensor "
                                   "of per-column parameters first");
  }
  if (AICORE_UNLIKELY(!d::Live(core, core.cube.quant_epoch) || b->state == d::BufState::kFree ||
                      b->gen != core.cube.quant_gen)) {
    d::Fail(aicore::ErrorKind::kBounds, api, loc,
            "the fixpipe-buffer tensor given to SetFixPipeConfig is no longer allocated (freed, "
            "or its TPipe reset): set it again");
  }
  if (AICORE_UNLIKELY(core.cube.quant_addr + uint64_t{j.n} * 8 > b->base + b->bytes)) {
    d::Fail(aicore::ErrorKind::kBounds, api, loc,
            "the " + std::to_string(j.n) + " per-column parameters (" + std::to_string(j.n * 8) +
                " bytes) run past the end of the fixpipe-buffer tensor given to SetFixPipeConfig (" +
                b->Describe() + ")");
  }
  j.vec = core.cube.quant_addr;
  if (AICORE_UNLIKELY(core.instr != 0)) {
    d::EmitLocal(core, d::Pipe::kFIX, d::Access::kRead, *b, core.cube.quant_addr,
                 uint64_t{j.n} * 8, api, "quant tensor (SetFixPipeConfig)", loc);
  }
}

}  // namespace detail_fix

// L0C -> GM with the registers (SetFixpipeNz2ndFlag, SetFixpipePreQuantFlag,
// SetFixPipeConfig).
template <typename T, typename U>
inline void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<U>& src,
                     const DataCopyCO12DstParams& p, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace d = aicore::detail;
  constexpr const char* kApi = "DataCopy";
  auto& core = d::Enter(kApi, loc);
  d::FixJob j = detail_fix::JobFromRegisters<T, U>(core, p, kApi, loc);
  if (!d::CheckFixCommon<T, U>(kApi, src, j, p.unitFlag, loc)) return;
  if (AICORE_UNLIKELY(p.dstStride == 0)) {
    d::FailCubeParam(kApi, loc, "dstStride 0: it is the length of an output row (ND) or the "
                                "step between output column groups (NZ), never 0");
  }
  d::CheckFixSrcSpan(kApi, src, j, p.srcStride, loc);
  d::CheckFixDstLayout(kApi, j, d::NzRowBytes<T>(j.split), loc);
  detail_fix::QuantFromRegisters(core, j, kApi, loc);
  d::FixToGm<T, U>(core, dst, src, j, nullptr, nullptr, kApi, loc);
}

// L0C -> L1 with the registers (NZ output).
template <typename T, typename U>
inline void DataCopy(const LocalTensor<T>& dst, const LocalTensor<U>& src,
                     const DataCopyCO12DstParams& p, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace d = aicore::detail;
  constexpr const char* kApi = "DataCopy";
  auto& core = d::Enter(kApi, loc);
  if (AICORE_UNLIKELY(p.nz2ndEn)) {
    d::FailCubeParam(kApi, loc, "nz2ndEn: the L0C -> L1 copy writes NZ only");
  }
  d::FixJob j = detail_fix::JobFromRegisters<T, U>(core, p, kApi, loc);
  if (!d::CheckFixCommon<T, U>(kApi, src, j, p.unitFlag, loc)) return;
  if (AICORE_UNLIKELY(p.dstStride == 0)) {
    d::FailCubeParam(kApi, loc, "dstStride 0: the step between output column groups is never 0");
  }
  d::CheckFixSrcSpan(kApi, src, j, p.srcStride, loc);
  d::CheckFixDstLayout(kApi, j, d::NzRowBytes<T>(j.split), loc);
  detail_fix::QuantFromRegisters(core, j, kApi, loc);
  d::FixToL1<T, U>(core, dst, src, j, nullptr, nullptr, kApi, loc);
}

}  // namespace AscendC
