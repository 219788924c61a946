// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The case generator of the randomized repeat-form tests (every family:
// element-wise and Cast through tests/unit/ops/repeat_harness.h; the
// reductions, Compare/Select and Gather in their test files):
//
//   MaskCase    how a call gets its mask — the count form, a continuous or a
//               bit mask argument, the mask register (SetVectorMask(high,
//               low) or (len), isSetMask = false + MASK_PLACEHOLDER), counter
//               mode (SetMaskCount) with the count as the argument, as
//               mask[0], or in the register — and its repeatTimes argument;
//               PlanFor gives the model's view of its active lanes
//               (repeat_model.h).
//   pickers     random repeat counts (0, 1, small, up to 40, 255), counts
//               (0, 1, around multiples of the lanes per repeat, up to 255
//               repeats), bit masks (all, none, one lane, alternating,
//               whole blocks, ragged, random), strides (block strides 0..8,
//               repeat strides 0, 1, dense, half-dense, 16, random,
//               overlapping repeats included) and whole MaskCases per mode
//               (PickMask); MaskCases: a fixed list covering every kind of
//               mask for the tests that loop over repeats and strides.
//   WithMask    calls an instruction with the mask a case describes, the
//               registers and mode set around it.
//   ImageDiff   compares UB images, NaN results matching any NaN.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "aicore/aicore.h"
#include "support/ref_element.h"
#include "support/repeat_model.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {

// ---- mask cases -------------------------------------------------------------------

enum class MaskMode : uint8_t {
  kCountForm,     // Op(..., count)
  kContinuous,    // Op<T, true>(..., uint64_t mask, repeatTimes, params)
  kBits,          // Op<T, true>(..., uint64_t mask[2], repeatTimes, params)
  kRegBits,       // SetVectorMask<T>(high, low); Op<T, false>(..., MASK_PLACEHOLDER, ...)
  kRegLen,        // SetVectorMask<T>(len); Op<T, false>(...)
  kCounterParam,  // SetMaskCount(); Op<T, true>(..., uint64_t count, ...)
  kCounterBits,   // SetMaskCount(); Op<T, true>(..., {count, 0}, ...)
  kCounterReg,    // SetMaskCount(); SetVectorMask<T>(0, count); Op<T, false>(...)
  kCounterLen,    // SetMaskCount(); SetVectorMask<T>(int32_t count); Op<T, false>(...)
};
constexpr MaskMode kAllModes[] = {MaskMode::kCountForm,    MaskMode::kContinuous,
                                  MaskMode::kBits,         MaskMode::kRegBits,
                                  MaskMode::kRegLen,       MaskMode::kCounterParam,
                                  MaskMode::kCounterBits,  MaskMode::kCounterReg,
                                  MaskMode::kCounterLen};

inline const char* MaskModeName(MaskMode m) {
  switch (m) {
    case MaskMode::kCountForm: return "count form";
    case MaskMode::kContinuous: return "continuous mask";
    case MaskMode::kBits: return "bit mask";
    case MaskMode::kRegBits: return "register mask (SetVectorMask(hi, lo))";
    case MaskMode::kRegLen: return "register mask (SetVectorMask(len))";
    case MaskMode::kCounterParam: return "counter mode, count as mask";
    case MaskMode::kCounterBits: return "counter mode, count as mask[0]";
    case MaskMode::kCounterReg: return "counter mode, count in register (hi, lo)";
    case MaskMode::kCounterLen: return "counter mode, count in register (len)";
  }
  return "?";
}

inline bool IsCounter(MaskMode m) {
  return m == MaskMode::kCounterParam || m == MaskMode::kCounterBits ||
         m == MaskMode::kCounterReg || m == MaskMode::kCounterLen;
}

struct MaskCase {
  MaskMode mode = MaskMode::kContinuous;
  int32_t repeat = 1;         // repeatTimes argument (ignored in counter mode)
  uint64_t count = 0;         // count form / counter mode
  uint64_t cont = 0;          // continuous mask
  uint64_t bits[2] = {0, 0};  // bit mask argument or register
  int32_t reg_len = 0;        // SetVectorMask(len)

  // The instruction takes the mask from its argument (isSetMask = true).
  bool SetMask() const {
    return mode == MaskMode::kContinuous || mode == MaskMode::kBits ||
           mode == MaskMode::kCounterParam || mode == MaskMode::kCounterBits;
  }
  // ... as a uint64_t[2] bit mask (else as a continuous value).
  bool BitsArg() const { return mode == MaskMode::kBits || mode == MaskMode::kCounterBits; }
  uint64_t ContArg() const { return mode == MaskMode::kCounterParam ? count : cont; }
  const uint64_t* BitsPtr() const { return bits; }

  std::string Describe() const {
    char buf[256];
    switch (mode) {
      case MaskMode::kContinuous:
        std::snprintf(buf, sizeof(buf), "%s %llu, repeatTimes %d", MaskModeName(mode),
                      static_cast<unsigned long long>(cont), repeat);
        break;
      case MaskMode::kBits:
      case MaskMode::kRegBits:
        std::snprintf(buf, sizeof(buf), "%s {0x%016llx, 0x%016llx}, repeatTimes %d",
                      MaskModeName(mode), static_cast<unsigned long long>(bits[0]),
                      static_cast<unsigned long long>(bits[1]), repeat);
        break;
      case MaskMode::kRegLen:
        std::snprintf(buf, sizeof(buf), "%s %d, repeatTimes %d", MaskModeName(mode), reg_len,
                      repeat);
        break;
      default:  // the count form, counter modes
        std::snprintf(buf, sizeof(buf), "%s, count %llu, repeatTimes %d", MaskModeName(mode),
                      static_cast<unsigned long long>(count), repeat);
        break;
    }
    return buf;
  }
};

inline std::string Describe(const MaskCase& m) { return m.Describe(); }

// The active lanes of a case's call, for instructions with `lanes` lanes
// per repeat.
inline ref::RepeatPlan PlanFor(const MaskCase& c, uint32_t lanes) {
  switch (c.mode) {
    case MaskMode::kCountForm:
    case MaskMode::kCounterParam:
    case MaskMode::kCounterBits:
    case MaskMode::kCounterReg:
    case MaskMode::kCounterLen:
      return ref::CounterPlan(lanes, c.count);
    case MaskMode::kContinuous:
      return ref::PrefixPlan(lanes, static_cast<uint32_t>(c.repeat), c.cont);
    case MaskMode::kRegLen:
      return ref::PrefixPlan(lanes, static_cast<uint32_t>(c.repeat),
                             static_cast<uint64_t>(c.reg_len));
    case MaskMode::kBits:
    case MaskMode::kRegBits: {
      // Register masks are clipped to the lanes of a repeat.
      const uint64_t hi = lanes > 64 ? c.bits[1] : 0;
      const uint64_t lo = lanes >= 64 ? c.bits[0] : (c.bits[0] & ((uint64_t{1} << lanes) - 1));
      return ref::BitsPlan(lanes, static_cast<uint32_t>(c.repeat), lo, hi);
    }
  }
  return {};
}

// ---- random pickers ---------------------------------------------------------------

inline uint32_t PickRepeats(Rng& r) {
  const uint64_t k = r.Below(20);
  if (k == 0) return 0;
  if (k < 4) return 1;
  if (k < 10) return 2 + static_cast<uint32_t>(r.Below(7));
  if (k < 16) return 9 + static_cast<uint32_t>(r.Below(32));
  if (k < 18) return 255;
  return 41 + static_cast<uint32_t>(r.Below(214));
}

inline uint64_t PickCount(Rng& r, uint32_t lanes) {
  const uint64_t L = lanes;
  switch (r.Below(12)) {
    case 0: return 0;
    case 1: return 1 + r.Below(3);
    case 2: return r.Below(L);
    case 3: return L;
    case 4: return L * (1 + r.Below(6));
    case 5: return L * (1 + r.Below(6)) + 1;
    case 6: return L * (1 + r.Below(6)) - 1;
    case 7: return 255 * L;
    case 8: return 254 * L + 1 + r.Below(L - 1);
    case 9: return r.Below(40 * L);
    default: return r.Below(8 * L) + 1;
  }
}

// A bit mask over `lanes` lanes.
inline void PickBits(Rng& r, uint32_t lanes, uint64_t bits[2]) {
  uint64_t valid[2];
  aicore::detail::PrefixBits(lanes, valid);
  switch (r.Below(8)) {
    case 0: bits[0] = valid[0]; bits[1] = valid[1]; break;  // all
    case 1: bits[0] = bits[1] = 0; break;                   // none
    case 2: {                                               // one lane
      const uint32_t l = static_cast<uint32_t>(r.Below(lanes));
      bits[0] = l < 64 ? uint64_t{1} << l : 0;
      bits[1] = l >= 64 ? uint64_t{1} << (l - 64) : 0;
      break;
    }
    case 3: bits[0] = 0x5555555555555555ull; bits[1] = 0xAAAAAAAAAAAAAAAAull; break;
    case 4: {  // some whole blocks
      bits[0] = bits[1] = 0;
      const uint32_t per = lanes / 8;
      for (uint32_t b = 0; b < 8; ++b) {
        if (r.Below(2)) {
          for (uint32_t l = b * per; l < (b + 1) * per; ++l) bits[l / 64] |= uint64_t{1} << (l % 64);
        }
      }
      break;
    }
    case 5: bits[0] = valid[0]; bits[1] = valid[1] & (r.Next() | 1); break;  // last lanes ragged
    default: bits[0] = r.Next(); bits[1] = r.Next(); break;
  }
  bits[0] &= valid[0];
  bits[1] &= valid[1];
}

// A random case of mask mode `mode` for instructions with `lanes` lanes per
// repeat: the count (count form, counter modes; repeatTimes then random,
// as it is ignored) or repeatTimes and the mask.
inline MaskCase PickMask(Rng& r, MaskMode mode, uint32_t lanes) {
  MaskCase c;
  c.mode = mode;
  if (mode == MaskMode::kCountForm || IsCounter(mode)) {
    c.count = PickCount(r, lanes);
    c.repeat = static_cast<int32_t>(r.Below(256));  // ignored in counter mode
    if (mode == MaskMode::kCounterBits) {
      c.bits[0] = c.count;
      c.bits[1] = 0;
    }
    return c;
  }
  c.repeat = static_cast<int32_t>(PickRepeats(r));
  switch (mode) {
    case MaskMode::kContinuous: {
      const uint64_t k = r.Below(6);
      c.cont = k < 2 ? lanes : (k == 2 ? 1 : (k == 3 ? lanes - 1 : 1 + r.Below(lanes)));
      break;
    }
    case MaskMode::kBits: PickBits(r, lanes, c.bits); break;
    case MaskMode::kRegBits:
      PickBits(r, lanes, c.bits);
      if (lanes <= 64) c.bits[1] = r.Next();  // ignored: clipped to the repeat
      break;
    case MaskMode::kRegLen: c.reg_len = static_cast<int32_t>(r.Below(lanes + 1)); break;
    default: break;
  }
  return c;
}

// Strides of one operand with `blocks` blocks per repeat whose footprint
// over `repeats` repeats stays within `budget` bytes.
inline void PickStrides(Rng& r, uint32_t blocks, uint32_t repeats, size_t budget,
                        ref::Operand* o) {
  static const uint32_t kBlk[] = {1, 1, 1, 1, 1, 0, 2, 2, 3, 4, 8};
  o->blk = kBlk[r.Below(sizeof(kBlk) / sizeof(kBlk[0]))];
  if (blocks == 1) o->blk = static_cast<uint32_t>(r.Below(4));
  switch (r.Below(10)) {
    case 0: case 1: case 2: case 3: o->rep = blocks * std::max(o->blk, 1u); break;  // dense
    case 4: o->rep = 0; break;
    case 5: o->rep = 1; break;
    case 6: o->rep = std::max(blocks / 2, 1u); break;
    case 7: o->rep = 16; break;
    case 8: o->rep = blocks + 1 + static_cast<uint32_t>(r.Below(8)); break;
    default: o->rep = static_cast<uint32_t>(r.Below(33)); break;
  }
  if (o->blk == 1 && r.Below(3) == 0) o->rep = blocks;  // contiguous repeats often
  const size_t block_part = size_t{blocks - 1} * o->blk * 32 + 32;
  if (block_part > budget) o->blk = 1;
  if (repeats > 1) {
    const size_t max_rep = (budget - std::min(budget, size_t{blocks - 1} * o->blk * 32 + 32)) /
                           (size_t{repeats - 1} * 32);
    if (o->rep > max_rep) o->rep = static_cast<uint32_t>(std::min<size_t>(max_rep, 255));
  }
}

// A fixed list of masks of every kind for instructions with `lanes` lanes
// per repeat (repeatTimes left to the caller): continuous masks (full, 1,
// random), bit masks (random, whole blocks on and off with a partial one,
// all zero), a register mask, counter mode with the count as the argument
// and in the register.
inline std::vector<MaskCase> MaskCases(Rng& r, uint32_t lanes) {
  const uint32_t L = lanes, E = lanes / 8;
  auto cont = [](uint64_t n) {
    MaskCase m;
    m.mode = MaskMode::kContinuous;
    m.cont = n;
    return m;
  };
  auto bits = [&](MaskMode mode, uint64_t lo, uint64_t hi) {
    MaskCase m;
    m.mode = mode;
    m.bits[0] = lo;
    m.bits[1] = L == 64 ? 0 : hi;
    return m;
  };
  auto counter = [](MaskMode mode, uint64_t n) {
    MaskCase m;
    m.mode = mode;
    m.count = n;
    return m;
  };
  std::vector<MaskCase> v;
  v.push_back(cont(L));
  v.push_back(cont(1));
  v.push_back(cont(1 + r.Below(L)));
  {
    const uint64_t lo = r.Next(), hi = r.Next();
    v.push_back(bits(MaskMode::kBits, lo, hi));
  }
  // Whole blocks on or off, some partial.
  MaskCase blocks = bits(MaskMode::kBits, 0, 0);
  for (uint32_t l = 0; l < L; ++l) {
    const uint32_t b = l / E;
    if (((b * 7 + 3) % 5) < 2 || (b == 5 && l % 3 == 0)) blocks.bits[l / 64] |= uint64_t{1} << (l % 64);
  }
  v.push_back(blocks);
  v.push_back(bits(MaskMode::kBits, 0, 0));  // nothing active
  {
    const uint64_t lo = r.Next() & r.Next(), hi = r.Next();
    v.push_back(bits(MaskMode::kRegBits, lo, hi));
  }
  v.push_back(counter(MaskMode::kCounterParam, 1 + r.Below(5 * L)));
  v.push_back(counter(MaskMode::kCounterLen, 1 + r.Below(3 * L)));
  return v;
}

// ---- calling an instruction with a case's mask ----------------------------------------

// Sets the mask registers and mode a case needs before the call (TW: the
// type that names the register width, the widest of the instruction) ...
template <class TW>
void ApplyMask(const MaskCase& c) {
  using namespace AscendC;
  switch (c.mode) {
    case MaskMode::kRegBits: SetVectorMask<TW>(c.bits[1], c.bits[0]); break;
    case MaskMode::kRegLen: SetVectorMask<TW>(c.reg_len); break;
    case MaskMode::kCounterParam:
    case MaskMode::kCounterBits: SetMaskCount(); break;
    case MaskMode::kCounterReg:
      SetMaskCount();
      SetVectorMask<TW>(0, c.count);
      break;
    case MaskMode::kCounterLen:
      SetMaskCount();
      SetVectorMask<TW>(static_cast<int32_t>(c.count));
      break;
    default: break;
  }
}
// ... and restores normal mode and a full register after it.
inline void ClearMask() {
  AscendC::SetMaskNorm();
  AscendC::ResetMask();
}

// Calls f(std::integral_constant<bool, isSetMask>, mask) in a kernel with
// the registers set as the case needs; `mask` is a C (the continuous mask,
// the count, or MASK_PLACEHOLDER) or a const uint64_t* (bit mask).
template <class TW, class C = int32_t, class F>
void WithMask(const MaskCase& c, F&& f) {
  ApplyMask<TW>(c);
  if (!c.SetMask()) {
    f(std::false_type{}, static_cast<C>(AscendC::MASK_PLACEHOLDER));
  } else if (c.BitsArg()) {
    f(std::true_type{}, c.BitsPtr());
  } else {
    f(std::true_type{}, static_cast<C>(c.ContArg()));
  }
  ClearMask();
}

// ---- comparing images -----------------------------------------------------------------

// Compares images: value slots as T (any NaN matches any NaN), the rest
// byte by byte.
template <class T>
std::string ImageDiff(const std::vector<uint8_t>& got, std::vector<uint8_t> want,
                      const std::vector<size_t>& values) {
  for (size_t v : values) {
    T g, w;
    std::memcpy(&g, got.data() + v, sizeof(T));
    std::memcpy(&w, want.data() + v, sizeof(T));
    if (!ref::SameBits(g, w)) return "value at byte " + std::to_string(v) + ": " + Show(g) + ", want " + Show(w);
    std::memcpy(want.data() + v, &g, sizeof(T));  // compared: take it as equal
  }
  return FirstByteDiff(got, want, 0, 0);
}

}  // namespace aicore_test
