// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Initializing the cube's memories with one value.
//
//   Fill(LocalTensor<T> dst (A1/B1 or A2/B2), InitConstValueParams<T>)   MTE2 (L1) / MTE1 (L0A/L0B)
//   InitConstValue(dst, params)                                          the older name of Fill
//
// Geometry (InitConstValueParams, as documented for the 910B generation): a
// block is 32 bytes in L1 and 512 bytes (one fractal) in L0A/L0B; repeat
// r < repeatTimes writes blocks [r * (blockNum + dstGap), r * (blockNum +
// dstGap) + blockNum) of dst, every element initValue. repeatTimes or
// blockNum 0: nothing is written. repeatTimes, blockNum and dstGap are in
// [0, 32767] (larger values are parameter errors). dst starts 32-byte
// aligned in L1 and 512-byte aligned in L0A/L0B. Types: int16_t, uint16_t,
// half, bfloat16_t, int32_t, uint32_t, float (the 910B list).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>

#include "aicore/base/error.h"
#include "aicore/cube/fractal.h"
#include "aicore/cube/load_data.h"
#include "aicore/cube/params.h"
#include "aicore/instrument/event.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/runtime/context.h"

namespace aicore {
namespace detail {

template <class T>
struct IsFillType
    : std::integral_constant<bool, std::is_same<T, int16_t>::value || std::is_same<T, uint16_t>::value ||
                                       std::is_same<T, half>::value || std::is_same<T, bfloat16_t>::value ||
                                       std::is_same<T, int32_t>::value || std::is_same<T, uint32_t>::value ||
                                       std::is_same<T, float>::value> {};

template <class T, class U>
inline void FillCube(const char* api, const AscendC::LocalTensor<T>& dst,
                     const AscendC::InitConstValueParams<U>& p, SrcLoc loc) {
  static_assert(std::is_same<T, U>::value, "Fill: the value type U must be dst's type T");
  static_assert(IsFillType<T>::value,
                "Fill: T must be int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t or float");
  auto& core = Enter(api, loc);
  CheckL0Dst(api, dst, loc, true);
  CheckCubeRange(api, "InitConstValueParams.repeatTimes", p.repeatTimes, 0, 32767, loc);
  CheckCubeRange(api, "InitConstValueParams.blockNum", p.blockNum, 0, 32767, loc);
  CheckCubeRange(api, "InitConstValueParams.dstGap", p.dstGap, 0, 32767, loc);
  if (p.repeatTimes == 0 || p.blockNum == 0) return;
  const bool l1 = PositionMemory(dst.buf_->pos) == Memory::kL1;
  const uint64_t block = l1 ? 32 : 512;
  const uint64_t run = uint64_t{p.blockNum} * block;
  const uint64_t step = (uint64_t{p.blockNum} + p.dstGap) * block;
  const uint64_t span = uint64_t{p.repeatTimes - 1u} * step + run;
  CheckCubeSpan(api, "dst", dst, span, "the last block written", true, loc);
  auto* out = reinterpret_cast<uint8_t*>(dst.addr_);
  if (AICORE_UNLIKELY(core.instr != 0)) {
    EmitLocalBursts(core, l1 ? Pipe::kMTE2 : Pipe::kMTE1, Access::kWrite, *dst.buf_, out,
                    p.repeatTimes, run, step, api, "dst", loc);
  }
  const T v = p.initValue;
  const uint64_t n = run / sizeof(T);
  if (p.dstGap == 0) {
    std::fill_n(reinterpret_cast<T*>(out), n * p.repeatTimes, v);
    return;
  }
  for (uint32_t r = 0; r < p.repeatTimes; ++r) {
    std::fill_n(reinterpret_cast<T*>(out + uint64_t{r} * step), n, v);
  }
}

}  // namespace detail
}  // namespace aicore

namespace AscendC {

template <typename T, typename U = T,
          typename std::enable_if<std::is_same<T, U>::value, bool>::type = true>
inline void Fill(const LocalTensor<T>& dst, const InitConstValueParams<U>& initConstValueParams,
                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::FillCube("Fill", dst, initConstValueParams, loc);
}

// The older name of Fill.
template <typename T, typename U = T,
          typename std::enable_if<std::is_same<T, U>::value, bool>::type = true>
inline void InitConstValue(const LocalTensor<T>& dst,
                           const InitConstValueParams<U>& initConstValueParams,
                           aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::FillCube("InitConstValue", dst, initConstValueParams, loc);
}

}  // namespace AscendC
