// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// TransDataTo5HD: the 16-address block transpose behind NCHW -> NC1HWC0.
//
//   TransDataTo5HD<T>(uint64_t dstList[16], uint64_t srcList[16], params)
//   TransDataTo5HD<T>(LocalTensor<uint64_t> dst, LocalTensor<uint64_t> src, params)
//       (the 16 addresses stored contiguously in the two tensors)
//   TransDataTo5HD<T>(LocalTensor<T> (&dstList)[16], LocalTensor<T> (&srcList)[16], params)
//
// One repeat reads the 32-byte block at each of the 16 source addresses and
// writes one block at each of the 16 destination addresses:
//   2-byte T: dst block i, element j = src block j, element i (a 16 x 16
//             transpose of 2-byte elements);
//   1-byte T: dst block i, byte h_d + j = src block j, byte h_s + i, for
//             i, j in [0, 16), h_s = srcHighHalf ? 16 : 0, h_d = dstHighHalf ?
//             16 : 0 (the other half of each destination block keeps its value);
//   4-byte T: the 16 source blocks are a 16 x 8 matrix (row j = block j), its
//             8 x 16 transpose is written row by row over the 16 destination
//             blocks, two blocks a row: dst block i, element e = src block
//             8 * (i % 2) + e, element i / 2 (the documented "(16, 8) matrix
//             transposed into (8, 16)"; the vendor's own float transposes list
//             the addresses this way).
// All 16 source blocks of a repeat are read before its writes. Repeat r uses
// every address shifted by k * dstRepStride (resp. srcRepStride) blocks,
// where k = r when repeatTimes > 1 and k = 1 when repeatTimes == 1 (the
// documented behaviour: a single repeat is shifted once; pass strides 0 to
// use the listed addresses).
//
// dstHighHalf / srcHighHalf apply to the 1-byte types only. Types: int8_t,
// uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float.
//
// Raw addresses (the uint64_t forms) must be GetPhyAddr() values of Unified
// Buffer tensors of the calling core: each is checked to be a 32-byte
// aligned block inside the core's UB, but not against its tensor (they carry
// no buffer) and the deep sanitizer modes do not record them.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/soc.h"
#include "aicore/base/type_name.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/runtime/buffer_desc.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/target.h"

namespace AscendC {

constexpr int32_t NCHW_CONV_ADDR_LIST_SIZE = 16;

struct TransDataTo5HDParams {
  constexpr TransDataTo5HDParams() = default;
  constexpr TransDataTo5HDParams(const bool dstHighHalfIn, const bool srcHighHalfIn,
                                 const uint8_t repeatTimesIn, const uint16_t dstRepStrideIn,
                                 const uint16_t srcRepStrideIn)
      : dstHighHalf(dstHighHalfIn),
        srcHighHalf(srcHighHalfIn),
        repeatTimes(repeatTimesIn),
        dstRepStride(dstRepStrideIn),
        srcRepStride(srcRepStrideIn) {}

  bool dstHighHalf = false;
  bool srcHighHalf = false;
  uint8_t repeatTimes = 1;
  uint16_t dstRepStride = 0;
  uint16_t srcRepStride = 0;
};

}  // namespace AscendC

namespace aicore {
namespace detail {
AICORE_TARGET_BEGIN

template <class T>
constexpr bool kTrans5HDType =
    kIsOneOf<T, int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float>;

// Bytes from a listed address to the end of its last block.
inline uint64_t Trans5HDSpan(const AscendC::TransDataTo5HDParams& p, bool dst) {
  const uint64_t stride = uint64_t{dst ? p.dstRepStride : p.srcRepStride} * 32;
  if (p.repeatTimes == 0) return 0;
  const uint64_t k = p.repeatTimes == 1 ? 1 : uint64_t{p.repeatTimes} - 1;
  return k * stride + 32;
}

[[noreturn]] AICORE_COLD inline void FailTrans5HDAddr(const char* role, int i, uint64_t addr,
                                                      const uint8_t* ub, uint64_t span, SrcLoc loc) {
  const uint8_t* p = reinterpret_cast<const uint8_t*>(static_cast<uintptr_t>(addr));
  const bool inside = p >= ub && p < ub + kMaxMemoryBytes[static_cast<int>(Memory::kUB)];
  if (inside && (p - ub) % 32 != 0) {
    Fail(ErrorKind::kAlignment, "TransDataTo5HD", loc,
         std::string(role) + "[" + std::to_string(i) + "] is UB byte " + std::to_string(p - ub) +
             ", not 32-byte aligned");
  }
  Fail(ErrorKind::kBounds, "TransDataTo5HD", loc,
       std::string(role) + "[" + std::to_string(i) + "] = " + std::to_string(addr) +
           (inside ? " (UB byte " + std::to_string(p - ub) + ")" : std::string(" is not a Unified Buffer address of this core")) +
           (inside ? ": its " + std::to_string(span) + "-byte footprint runs past the end of UB"
                   : std::string()) +
           " (pass GetPhyAddr() of a VECIN/VECCALC/VECOUT tensor)");
}

// Checks raw addresses: 32-byte aligned blocks inside this core's UB.
inline void CheckTrans5HDAddrs(const char* role, const uint64_t* list, uint64_t span, SrcLoc loc) {
  const uint8_t* ub = t_core->static_desc[static_cast<int>(AscendC::TPosition::VECCALC)].base;
  const uint64_t ub_bytes = kMaxMemoryBytes[static_cast<int>(Memory::kUB)];
  for (int i = 0; i < 16; ++i) {
    const uint8_t* p = reinterpret_cast<const uint8_t*>(static_cast<uintptr_t>(list[i]));
    const bool ok = p >= ub && p < ub + ub_bytes && (p - ub) % 32 == 0 &&
                    static_cast<uint64_t>(p - ub) + span <= ub_bytes;
    if (AICORE_UNLIKELY(!ok)) FailTrans5HDAddr(role, i, list[i], ub, span, loc);
  }
}

template <class T>
inline void Trans5HDRun(uint8_t* const* dst, const uint8_t* const* src,
                        const AscendC::TransDataTo5HDParams& p) {
  const uint32_t reps = p.repeatTimes;
  for (uint32_t r = 0; r < reps; ++r) {
    const uint64_t k = reps == 1 ? 1 : r;
    const uint64_t ds = k * p.dstRepStride * 32, ss = k * p.srcRepStride * 32;
    uint8_t tile[16][32];  // every read of the repeat precedes its writes
    for (int j = 0; j < 16; ++j) std::memcpy(tile[j], src[j] + ss, 32);
    for (int i = 0; i < 16; ++i) {
      uint8_t* d = dst[i] + ds;
      if constexpr (sizeof(T) == 4) {
        uint8_t out[32];
        const int row = i / 2, half_row = 8 * (i % 2);
        for (int e = 0; e < 8; ++e) std::memcpy(out + 4 * e, tile[half_row + e] + 4 * row, 4);
        std::memcpy(d, out, 32);
      } else if constexpr (sizeof(T) == 2) {
        uint8_t out[32];
        for (int j = 0; j < 16; ++j) std::memcpy(out + 2 * j, tile[j] + 2 * i, 2);
        std::memcpy(d, out, 32);
      } else {
        const int hs = p.srcHighHalf ? 16 : 0, hd = p.dstHighHalf ? 16 : 0;
        for (int j = 0; j < 16; ++j) d[hd + j] = tile[j][hs + i];
      }
    }
  }
}

template <class T>
AICORE_INLINE void Trans5HDAddrs(const uint64_t* dst_list, const uint64_t* src_list,
                                 const AscendC::TransDataTo5HDParams& p, SrcLoc loc) {
  CheckTrans5HDAddrs("dstList", dst_list, Trans5HDSpan(p, true), loc);
  CheckTrans5HDAddrs("srcList", src_list, Trans5HDSpan(p, false), loc);
  uint8_t* d[16];
  const uint8_t* s[16];
  for (int i = 0; i < 16; ++i) {
    d[i] = reinterpret_cast<uint8_t*>(static_cast<uintptr_t>(dst_list[i]));
    s[i] = reinterpret_cast<const uint8_t*>(static_cast<uintptr_t>(src_list[i]));
  }
  CoreContext& core = *t_core;
  if (AICORE_UNLIKELY(core.instr != 0) && p.repeatTimes != 0) {
    // The raw addresses' blocks, recorded against UB as a whole (the
    // sanitizer keys its state by UB byte): 32 bytes a repeat, the repeat
    // stride apart (one repeat: one stride in, as Trans5HDRun reads it).
    AscendC::TPosition ubPos = AscendC::TPosition::VECCALC;
    BufferDesc& ub = core.static_desc[static_cast<int>(ubPos)];
    ub.bytes = core.capacity[static_cast<int>(Memory::kUB)];
    const uint32_t reps = p.repeatTimes;
    const uint64_t first = reps == 1 ? 1 : 0;
    // 1-byte types use one half of each block (srcHighHalf / dstHighHalf).
    const uint64_t len = sizeof(T) == 1 ? 16 : 32;
    const uint64_t hs = sizeof(T) == 1 && p.srcHighHalf ? 16 : 0, hd = sizeof(T) == 1 && p.dstHighHalf ? 16 : 0;
    for (int i = 0; i < 16; ++i) {
      EmitLocalBursts(core, Pipe::kV, Access::kRead, ub, s[i] + first * p.srcRepStride * 32 + hs, reps, len,
                      uint64_t{p.srcRepStride} * 32, "TransDataTo5HD", "src", loc);
    }
    for (int i = 0; i < 16; ++i) {
      EmitLocalBursts(core, Pipe::kV, Access::kWrite, ub, d[i] + first * p.dstRepStride * 32 + hd, reps, len,
                      uint64_t{p.dstRepStride} * 32, "TransDataTo5HD", "dst", loc);
    }
  }
  Trans5HDRun<T>(d, s, p);
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

template <typename T>
AICORE_INLINE void TransDataTo5HD(uint64_t dstList[NCHW_CONV_ADDR_LIST_SIZE],
                                  uint64_t srcList[NCHW_CONV_ADDR_LIST_SIZE],
                                  const TransDataTo5HDParams& nchwconvParams,
                                  aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kTrans5HDType<T>,
                "TransDataTo5HD: T must be int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t or float");
  aicore::detail::Enter("TransDataTo5HD", loc);
  aicore::detail::Trans5HDAddrs<T>(dstList, srcList, nchwconvParams, loc);
}

template <typename T>
AICORE_INLINE void TransDataTo5HD(const LocalTensor<uint64_t>& dst, const LocalTensor<uint64_t>& src,
                                  const TransDataTo5HDParams& nchwconvParams,
                                  aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kTrans5HDType<T>,
                "TransDataTo5HD: T must be int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t or float");
  aicore::detail::Enter("TransDataTo5HD", loc);
  // The address tensors are read (16 addresses each).
  aicore::detail::CheckLocal("TransDataTo5HD", "dst address list", dst, 16 * sizeof(uint64_t), loc);
  aicore::detail::CheckLocal("TransDataTo5HD", "src address list", src, 16 * sizeof(uint64_t), loc);
  uint64_t d[16], s[16];
  std::memcpy(d, dst.addr_, sizeof(d));
  std::memcpy(s, src.addr_, sizeof(s));
  aicore::detail::Trans5HDAddrs<T>(d, s, nchwconvParams, loc);
}

template <typename T>
AICORE_INLINE void TransDataTo5HD(const LocalTensor<T> (&dstList)[NCHW_CONV_ADDR_LIST_SIZE],
                                  const LocalTensor<T> (&srcList)[NCHW_CONV_ADDR_LIST_SIZE],
                                  const TransDataTo5HDParams& nchwconvParams,
                                  aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kTrans5HDType<T>,
                "TransDataTo5HD: T must be int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t or float");
  aicore::detail::Enter("TransDataTo5HD", loc);
  const uint64_t dspan = aicore::detail::Trans5HDSpan(nchwconvParams, true);
  const uint64_t sspan = aicore::detail::Trans5HDSpan(nchwconvParams, false);
  uint8_t* d[16];
  const uint8_t* s[16];
  for (int i = 0; i < 16; ++i) {
    aicore::detail::CheckLocal("TransDataTo5HD", "dst", dstList[i], dspan, loc);
    aicore::detail::CheckLocal("TransDataTo5HD", "src", srcList[i], sspan, loc);
    d[i] = reinterpret_cast<uint8_t*>(dstList[i].addr_);
    s[i] = reinterpret_cast<const uint8_t*>(srcList[i].addr_);
  }
  aicore::detail::Trans5HDRun<T>(d, s, nchwconvParams);
}

AICORE_TARGET_END
}  // namespace AscendC
