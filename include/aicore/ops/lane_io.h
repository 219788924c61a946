// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The staged engine of the repeat forms (Compare/Select, Gather/GatherMask,
// the reductions): one repeat of an operand (repeat_geometry.h) is copied
// into contiguous lanes (StageRepeat), computed there, and its active lanes
// written back block by block (UnstageRepeat); plus bit strings <-> Highway
// masks. The element-wise instructions run on the map engine (repeat.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "aicore/ops/mask.h"
#include "aicore/ops/repeat_geometry.h"
#include "aicore/simd/simd.h"
#include "aicore/simd/target.h"

namespace aicore {
namespace simd {
AICORE_TARGET_BEGIN

// Bits [off, off + n) of the little-endian bit string at p (bit i of the
// string is bit i % 8 of byte i / 8), n <= 57 (or n == 64 with off % 8 == 0).
// Reads only the bytes that hold those bits.
HWY_INLINE uint64_t BitsAt(const void* p, size_t off, size_t n) {
  const uint8_t* b = static_cast<const uint8_t*>(p) + (off >> 3);
  const size_t shift = off & 7;
  const size_t bytes = (shift + n + 7) >> 3;
  uint64_t w = 0;
  // Fixed-size loads for the common widths (a variable memcpy is a call).
  switch (bytes) {
    case 1:
      w = b[0];
      break;
    case 2: {
      uint16_t t;
      std::memcpy(&t, b, 2);
      w = t;
      break;
    }
    case 4: {
      uint32_t t;
      std::memcpy(&t, b, 4);
      w = t;
      break;
    }
    case 8:
      std::memcpy(&w, b, 8);
      break;
    default:
      for (size_t k = 0; k < bytes; ++k) w |= uint64_t{b[k]} << (8 * k);
      break;
  }
  w >>= shift;
  return n >= 64 ? w : (w & ((uint64_t{1} << n) - 1));
}

// Lane i of the mask is bit i of `bits` (Lanes(d) <= 64).
template <class D>
HWY_INLINE hn::Mask<D> MaskFromBits(D d, uint64_t bits) {
  uint8_t b[8];
  std::memcpy(b, &bits, 8);
  return hn::LoadMaskBits(d, b);
}

// Bit i of the result is lane i of the mask (Lanes(d) <= 64).
template <class D>
HWY_INLINE uint64_t BitsFromMask(D d, hn::Mask<D> m) {
  uint8_t b[8] = {};
  hn::StoreMaskBits(d, m, b);
  uint64_t w;
  std::memcpy(&w, b, 8);
  return w;
}

AICORE_TARGET_END
}  // namespace simd

namespace detail {
AICORE_TARGET_BEGIN

// Copies blocks [0, nblocks) of repeat r of `g` to st (block b at byte
// 32 * b) and zero-fills the rest of the 256-byte repeat.
inline void StageRepeat(const RepOperand& g, uint32_t r, uint32_t nblocks, void* st) {
  uint8_t* out = static_cast<uint8_t*>(st);
  nblocks = nblocks < 8 ? nblocks : 8;
  uint32_t b = 0;
  for (; b < nblocks; ++b) std::memcpy(out + b * 32, g.Block(r, b), 32);  // one vector move each
  for (; b < 8; ++b) std::memset(out + b * 32, 0, 32);
}

// Writes the active lanes of a staged repeat (lane type B, 32 / sizeof(B)
// lanes per block) back to repeat r of `g`, block by block in order 0..7;
// inactive lanes and blocks without an active lane are not written.
template <class B>
inline void UnstageRepeat(const RepOperand& g, uint32_t r, const uint64_t* bits, const void* st) {
  namespace hn = simd::hn;
  constexpr uint32_t kE = 32 / sizeof(B);
  const hn::CappedTag<B, kE> d;
  const size_t N = hn::Lanes(d);
  const uint8_t* in = static_cast<const uint8_t*>(st);
  uint8_t* base = g.Block(r, 0);
  for (uint32_t b = 0; b < 8; ++b) {
    const uint64_t blk = simd::BitsAt(bits, b * kE, kE);
    if (blk == 0) continue;
    uint8_t* out = base + b * g.blk;
    const B* src = reinterpret_cast<const B*>(in + b * 32);
    if (blk == (kE >= 64 ? ~uint64_t{0} : (uint64_t{1} << kE) - 1)) {
      std::memcpy(out, src, 32);
      continue;
    }
    for (size_t k = 0; k < kE; k += N) {
      const uint64_t mb = simd::BitsAt(&blk, k, N);
      if (mb == 0) continue;
      hn::BlendedStore(hn::LoadU(d, src + k), simd::MaskFromBits(d, mb), d,
                       reinterpret_cast<B*>(out) + k);
    }
  }
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore
