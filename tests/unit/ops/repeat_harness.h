// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Randomized tests of element-wise instructions in every form against the
// scalar reference model (reference.h: RepeatPlan / RunRepeat):
//
//   forms     count form; repeat form with a continuous mask, a bit mask,
//             the mask register (SetVectorMask(high, low) and
//             SetVectorMask(len), isSetMask = false + MASK_PLACEHOLDER);
//             counter mode (SetMaskCount) with the count as the continuous
//             mask, as mask[0] of the bit-mask form, or in the register
//   repeats   0, 1, small, up to 40, 255 (counter mode: counts 0, 1, around
//             multiples of the lanes per repeat, up to 255 repeats)
//   strides   block strides 0..8 (mostly 1), repeat strides 0, 1, dense,
//             half-dense, 8, 16, random (overlapping repeats included)
//   layouts   separate operands, dst == src0 (in place, same geometry),
//             dst == src1, src0 == src1, dst overlapping src0 shifted by
//             whole blocks (ULP-bounded instructions: separate only)
//
// The whole UB image is random bytes; source lanes get values from the
// instruction's generators. The instruction runs on the image inside a
// one-block launch; the model runs on a copy. Destination elements the
// model writes must match bit for bit (any NaN matches any NaN), or within
// the instruction's ULP bound; every other byte must be unchanged.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

#include "unit/ops/op_test_util.h"
#include "unit/ops/reference.h"

namespace aicore_test {

using AscendC::LocalTensor;

// The value type of the model for T (int4b_t: one element as int8_t).
template <class T>
using RefV = std::conditional_t<std::is_same_v<T, AscendC::int4b_t>, int8_t, T>;
template <class T>
constexpr uint32_t kBitsOf = aicore::detail::kElemBits<T>;

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

enum class Layout : uint8_t { kSeparate, kInPlace0, kInPlace1, kSameSrc, kShifted };

inline const char* LayoutName(Layout l) {
  switch (l) {
    case Layout::kSeparate: return "separate";
    case Layout::kInPlace0: return "dst == src0";
    case Layout::kInPlace1: return "dst == src1";
    case Layout::kSameSrc: return "src0 == src1";
    case Layout::kShifted: return "dst overlaps src0 (shifted)";
  }
  return "?";
}

struct Case {
  MaskMode mode = MaskMode::kContinuous;
  Layout layout = Layout::kSeparate;
  int32_t repeat = 1;          // repeatTimes argument
  uint64_t count = 0;          // count form / counter mode
  uint64_t cont = 0;           // continuous mask
  uint64_t bits[2] = {0, 0};   // bit mask argument or register
  int32_t reg_len = 0;         // SetVectorMask(len)
  ref::Operand d, s0, s1;
  size_t image_bytes = 0;

  bool SetMask() const {
    return mode == MaskMode::kContinuous || mode == MaskMode::kBits ||
           mode == MaskMode::kCounterParam || mode == MaskMode::kCounterBits;
  }
  bool BitsArg() const { return mode == MaskMode::kBits || mode == MaskMode::kCounterBits; }
  uint64_t ContArg() const { return mode == MaskMode::kCounterParam ? count : cont; }
  const uint64_t* BitsPtr() const { return bits; }

  std::string Describe() const {
    char buf[512];
    std::snprintf(buf, sizeof(buf),
                  "%s, repeatTimes %d, count %llu, mask %llu, bits {0x%016llx, 0x%016llx}, len %d, "
                  "layout %s, dst {@%zu blk %u rep %u}, src0 {@%zu blk %u rep %u}, src1 {@%zu blk "
                  "%u rep %u}",
                  MaskModeName(mode), repeat, static_cast<unsigned long long>(count),
                  static_cast<unsigned long long>(cont), static_cast<unsigned long long>(bits[0]),
                  static_cast<unsigned long long>(bits[1]), reg_len, LayoutName(layout), d.offset,
                  d.blk, d.rep, s0.offset, s0.blk, s0.rep, s1.offset, s1.blk, s1.rep);
    return buf;
  }
};

// An instruction under test: dst of TD, sources of TS.
template <class TD, class TS>
struct OpDef {
  std::string name;
  int n_src = 1;          // sources besides dst: 0, 1 or 2
  bool dst_in = false;    // dst is read too
  bool approx = false;    // ULP-bounded (bound `ulp`, exact value `exact(a)`)
  double ulp = 0;
  std::function<double(RefV<TS>)> exact;
  // Runs the instruction in the form the case asks for (registers already set).
  std::function<void(const LocalTensor<TD>&, const LocalTensor<TS>&, const LocalTensor<TS>&,
                     const Case&, RefV<TS>)>
      run;
  // The model for one lane: (src0, src1, old dst, lane index in the call, scalar).
  std::function<RefV<TD>(RefV<TS>, RefV<TS>, RefV<TD>, uint64_t, RefV<TS>)> ref;
  std::function<RefV<TS>(Rng&)> gen_src;
  std::function<RefV<TD>(Rng&)> gen_dst;
  std::function<RefV<TS>(Rng&)> gen_scalar;
};

template <class T>
RefV<T> DefaultGen(Rng& r) {
  if constexpr (std::is_same_v<T, AscendC::int4b_t>) {
    return static_cast<int8_t>(static_cast<int>(r.Below(16)) - 8);
  } else {
    return RandomValue<T>(r);
  }
}

// ---- element access in an image -------------------------------------------

template <class T>
RefV<T> ReadLane(const std::vector<uint8_t>& img, const ref::Operand& o, uint32_t r, uint32_t l) {
  const size_t b = ref::LaneByte(o, kBitsOf<T>, r, l);
  if constexpr (std::is_same_v<T, AscendC::int4b_t>) {
    return ref::Int4At(img.data() + b, l & 1);
  } else {
    return Get<T>(img, b, 0);
  }
}
template <class T>
void WriteLane(std::vector<uint8_t>& img, const ref::Operand& o, uint32_t r, uint32_t l,
               RefV<T> v) {
  const size_t b = ref::LaneByte(o, kBitsOf<T>, r, l);
  if constexpr (std::is_same_v<T, AscendC::int4b_t>) {
    ref::SetInt4At(img.data() + b, l & 1, v);
  } else {
    Put(img, b, &v, 1);
  }
}

// The plan the model follows for a case.
inline ref::RepeatPlan PlanFor(const Case& c, uint32_t lanes) {
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

// Bytes from an operand's offset to the end of its last active lane.
inline size_t Span(const ref::RepeatPlan& p, const ref::Operand& o, uint32_t bits) {
  ref::Operand z = o;
  z.offset = 0;
  size_t end = 0;
  // The furthest lane of a repeat is its highest active lane; check every
  // repeat's highest (repeats of one plan differ only in counter mode).
  for (uint32_t r = 0; r < p.repeats; ++r) {
    for (uint32_t l = p.lanes; l-- > 0;) {
      if (p.Active(r, l)) {
        // Block starts grow with the lane, so the last active lane's block
        // is the furthest; its block end bounds every lane of it.
        end = std::max(end, ref::LaneByte(z, bits, r, l) + std::max<size_t>(bits / 8, 1));
        break;
      }
    }
  }
  return end;
}

// ---- case generation ----------------------------------------------------------

struct GenLimits {
  size_t budget = 40 * 1024;  // bytes of footprint per operand
};

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

// Strides of one operand with `blocks` blocks per repeat whose footprint
// over `repeats` repeats stays within the budget.
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

template <class TD, class TS>
Case MakeCase(Rng& r, const OpDef<TD, TS>& op, MaskMode mode) {
  const uint32_t lanes = aicore::detail::kRepeatLanes<TD, TS>;
  const uint32_t blocks_d = lanes * kBitsOf<TD> / 256;
  const uint32_t blocks_s = lanes * kBitsOf<TS> / 256;
  const GenLimits lim;
  Case c;
  c.mode = mode;
  uint32_t reps = 0;
  if (mode == MaskMode::kCountForm || IsCounter(mode)) {
    c.count = PickCount(r, lanes);
    reps = static_cast<uint32_t>((c.count + lanes - 1) / lanes);
    c.repeat = static_cast<int32_t>(r.Below(256));  // ignored in counter mode
    if (mode == MaskMode::kCounterBits) {
      c.bits[0] = c.count;
      c.bits[1] = 0;
    }
  } else {
    reps = PickRepeats(r);
    c.repeat = static_cast<int32_t>(reps);
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
  }
  // Geometry.
  if (mode == MaskMode::kCountForm) {
    c.d = {0, 1, blocks_d};
    c.s0 = {0, 1, blocks_s};
    c.s1 = {0, 1, blocks_s};
  } else {
    PickStrides(r, blocks_d, reps, lim.budget, &c.d);
    PickStrides(r, blocks_s, reps, lim.budget, &c.s0);
    PickStrides(r, blocks_s, reps, lim.budget, &c.s1);
    if (r.Below(6) == 0) {  // everything dense: the count-form path
      c.d = {0, 1, blocks_d};
      c.s0 = {0, 1, blocks_s};
      c.s1 = {0, 1, blocks_s};
    }
  }
  // Layout.
  std::vector<Layout> layouts = {Layout::kSeparate, Layout::kSeparate};
  if (!op.approx) {
    if (op.n_src >= 1 && kBitsOf<TD> == kBitsOf<TS>) layouts.push_back(Layout::kInPlace0);
    if (op.n_src >= 2 && kBitsOf<TD> == kBitsOf<TS>) layouts.push_back(Layout::kInPlace1);
    if (op.n_src >= 2) layouts.push_back(Layout::kSameSrc);
    // Partial overlap is modelled for the repeat forms only: the count form
    // runs straight through (see the README, API coverage).
    // Mixed widths: a later repeat would read the bits of an earlier NaN
    // result as another type, and NaN payloads are not specified.
    if (op.n_src >= 1 && mode != MaskMode::kCountForm && kBitsOf<TD> == kBitsOf<TS>) {
      layouts.push_back(Layout::kShifted);
    }
  }
  c.layout = layouts[r.Below(layouts.size())];
  if (c.layout == Layout::kInPlace0) c.d = c.s0;
  if (c.layout == Layout::kInPlace1) c.d = c.s1;
  if (c.layout == Layout::kSameSrc) c.s1 = c.s0;

  const ref::RepeatPlan plan = PlanFor(c, lanes);
  const size_t span_d = Span(plan, c.d, kBitsOf<TD>);
  const size_t span_0 = op.n_src >= 1 ? Span(plan, c.s0, kBitsOf<TS>) : 0;
  const size_t span_1 = op.n_src >= 2 ? Span(plan, c.s1, kBitsOf<TS>) : 0;
  auto pad = [&] { return 32 * static_cast<size_t>(r.Below(3)); };
  auto up = [](size_t x) { return (x + 31) / 32 * 32; };
  size_t at = pad();
  c.s0.offset = at;
  at = up(at + span_0) + pad();
  c.s1.offset = at;
  at = up(at + span_1) + pad();
  c.d.offset = at;
  at = up(at + span_d);
  switch (c.layout) {
    case Layout::kInPlace0: c.d.offset = c.s0.offset; break;
    case Layout::kInPlace1: c.d.offset = c.s1.offset; break;
    case Layout::kSameSrc: c.s1.offset = c.s0.offset; break;
    case Layout::kShifted: {
      const size_t k = 32 * static_cast<size_t>(r.Below(8));
      c.d.offset = r.Below(2) || c.s0.offset < k ? c.s0.offset + k : c.s0.offset - k;
      at = std::max(at, up(c.d.offset + span_d));
      break;
    }
    default: break;
  }
  c.image_bytes = at + 64;
  return c;
}

// ---- running a case -------------------------------------------------------------

template <class TD, class TS>
bool RunCase(const OpDef<TD, TS>& op, const Case& c, Rng& rng) {
  const uint32_t lanes = aicore::detail::kRepeatLanes<TD, TS>;
  // The widest type names the register mask width.
  using TW = std::conditional_t<(kBitsOf<TD> >= kBitsOf<TS>), TD, TS>;
  using TWm = std::conditional_t<std::is_same_v<TW, AscendC::int4b_t>, int8_t, TW>;
  const ref::RepeatPlan plan = PlanFor(c, lanes);
  if (c.image_bytes > kUbBytes) {
    ADD_FAILURE() << op.name << ": case too large for UB: " << c.Describe();
    return false;
  }
  std::vector<uint8_t> image(c.image_bytes);
  for (size_t i = 0; i < image.size(); i += 8) {
    const uint64_t v = rng.Next();
    std::memcpy(image.data() + i, &v, std::min<size_t>(8, image.size() - i));
  }
  // Source and destination values at the active lanes.
  for (uint32_t r = 0; r < plan.repeats; ++r) {
    for (uint32_t l = 0; l < plan.lanes; ++l) {
      if (!plan.Active(r, l)) continue;
      if (op.n_src >= 1) WriteLane<TS>(image, c.s0, r, l, op.gen_src(rng));
      if (op.n_src >= 2) WriteLane<TS>(image, c.s1, r, l, op.gen_src(rng));
    }
  }
  if (op.dst_in) {
    for (uint32_t r = 0; r < plan.repeats; ++r) {
      for (uint32_t l = 0; l < plan.lanes; ++l) {
        if (plan.Active(r, l)) WriteLane<TD>(image, c.d, r, l, op.gen_dst(rng));
      }
    }
  }
  const RefV<TS> scalar = op.gen_scalar ? op.gen_scalar(rng) : RefV<TS>{};

  std::vector<uint8_t> got = image;
  std::string error;
  try {
    RunOnUb(got, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
      using namespace AscendC;
      switch (c.mode) {
        case MaskMode::kRegBits: SetVectorMask<TWm>(c.bits[1], c.bits[0]); break;
        case MaskMode::kRegLen: SetVectorMask<TWm>(c.reg_len); break;
        case MaskMode::kCounterParam:
        case MaskMode::kCounterBits: SetMaskCount(); break;
        case MaskMode::kCounterReg:
          SetMaskCount();
          SetVectorMask<TWm>(0, c.count);
          break;
        case MaskMode::kCounterLen:
          SetMaskCount();
          SetVectorMask<TWm>(static_cast<int32_t>(c.count));
          break;
        default: break;
      }
      auto tensor = [&](auto tag, size_t off) {
        using T = decltype(tag);
        return buf.GetWithOffset<T>(static_cast<uint32_t>((kUbBytes - off) / sizeof(T)),
                                    static_cast<uint32_t>(off));
      };
      op.run(tensor(TD{}, c.d.offset), tensor(TS{}, c.s0.offset), tensor(TS{}, c.s1.offset), c,
             scalar);
      SetMaskNorm();
      ResetMask();
    });
  } catch (const std::exception& e) {
    error = e.what();
  }
  const std::string what = op.name + "<" + aicore::detail::TypeName<TD>() +
                           (std::is_same_v<TD, TS> ? "" : std::string(", ") +
                                                              aicore::detail::TypeName<TS>()) +
                           ">: " + c.Describe();
  if (!error.empty()) {
    ADD_FAILURE() << what << ": raised " << error;
    return false;
  }

  // The model.
  std::vector<uint8_t> want = image;
  // Destination elements the model wrote (their first byte) and, for the
  // ULP-bounded instructions, the exact value of the last write.
  std::vector<char> written(image.size(), 0);
  std::vector<double> exact_at(op.approx ? image.size() : 0);
  ref::RunRepeat<RefV<TD>>(
      plan,
      [&](uint32_t r, uint32_t l) {
        const RefV<TS> a = op.n_src >= 1 ? ReadLane<TS>(want, c.s0, r, l) : RefV<TS>{};
        const RefV<TS> b = op.n_src >= 2 ? ReadLane<TS>(want, c.s1, r, l) : RefV<TS>{};
        const RefV<TD> d = op.dst_in ? ReadLane<TD>(want, c.d, r, l) : RefV<TD>{};
        return op.ref(a, b, d, uint64_t{r} * lanes + l, scalar);
      },
      [&](uint32_t r, uint32_t l, RefV<TD> v) {
        WriteLane<TD>(want, c.d, r, l, v);
        if constexpr (!std::is_same_v<TD, AscendC::int4b_t>) {
          const size_t at = ref::LaneByte(c.d, kBitsOf<TD>, r, l);
          written[at] = 1;
          if (op.approx) exact_at[at] = op.exact(ReadLane<TS>(image, c.s0, r, l));
        }
      });

  // Compare.
  std::vector<char> checked(image.size(), 0);
  for (size_t off = 0; off < image.size(); ++off) {
    if (!written[off]) continue;
    const double exact = op.approx ? exact_at[off] : 0.0;
    for (size_t k = 0; k < sizeof(TD); ++k) checked[off + k] = 1;
    if constexpr (!std::is_same_v<TD, AscendC::int4b_t>) {
      const TD g = Get<TD>(got, off, 0);
      const TD w = Get<TD>(want, off, 0);
      bool ok;
      std::string want_s;
      ok = ref::SameBits(g, w);
      want_s = Show(w);
      if constexpr (ref::kIsFloating<TD>) {
        if (op.approx) {
          const double err = ref::UlpError(g, exact);
          ok = err <= op.ulp;
          char buf[128];
          std::snprintf(buf, sizeof(buf), "%.17g within %g ulp (error %g ulp)", exact, op.ulp,
                        err);
          want_s = buf;
        }
      }
      if (!ok) {
        ADD_FAILURE() << what << ": dst element at byte " << off << " = " << Show(g) << ", want "
                      << want_s;
        return false;
      }
    }
  }
  for (size_t i = 0; i < image.size(); ++i) {
    if (checked[i] || got[i] == want[i]) continue;
    ADD_FAILURE() << what << ": byte " << i << " is 0x" << std::hex << int{got[i]} << ", want 0x"
                  << int{want[i]} << std::dec << " (dst at " << c.d.offset << ")";
    return false;
  }
  return true;
}

// Runs `per_mode` random cases of each mask mode (plus fixed edge cases);
// stops at the first failing case of the instruction.
template <class TD, class TS>
void RunOp(const OpDef<TD, TS>& op, uint64_t seed, int per_mode = 24) {
  Rng rng(seed);
  const uint32_t lanes = aicore::detail::kRepeatLanes<TD, TS>;
  const uint32_t blocks_d = lanes * kBitsOf<TD> / 256;
  const uint32_t blocks_s = lanes * kBitsOf<TS> / 256;
  for (MaskMode mode : kAllModes) {
    for (int i = 0; i < per_mode; ++i) {
      Case c = MakeCase(rng, op, mode);
      while (c.image_bytes > kUbBytes) c = MakeCase(rng, op, mode);  // too large: another
      if (!RunCase(op, c, rng)) return;
    }
  }
  // Fixed cases: dense full-mask repeats (the count-form path), 255 dense
  // repeats of a partial mask, zero repeats, counter mode with count 0, and a
  // bit mask over every other block with block stride 2.
  std::vector<Case> fixed;
  auto dense = [&](Case c) {
    c.d = {0, 1, blocks_d};
    c.s0 = {0, 1, blocks_s};
    c.s1 = {0, 1, blocks_s};
    return c;
  };
  auto place = [&](Case c) {
    const ref::RepeatPlan plan = PlanFor(c, lanes);
    size_t at = 0;
    auto up = [](size_t x) { return (x + 31) / 32 * 32; };
    c.s0.offset = at;
    at = up(at + Span(plan, c.s0, kBitsOf<TS>)) + 32;
    c.s1.offset = at;
    at = up(at + Span(plan, c.s1, kBitsOf<TS>)) + 32;
    c.d.offset = at;
    at = up(at + Span(plan, c.d, kBitsOf<TD>));
    c.image_bytes = at + 64;
    return c;
  };
  Case c;
  c.mode = MaskMode::kContinuous;
  c.cont = lanes;
  c.repeat = 37;
  fixed.push_back(place(dense(c)));
  c.repeat = 1;
  fixed.push_back(place(dense(c)));
  c.repeat = 255;
  c.cont = lanes / 2 + 1;
  {
    Case e = dense(c);
    e.d.rep = e.s0.rep = e.s1.rep = 1;  // overlapping repeats keep 255 within UB
    fixed.push_back(place(e));
  }
  c.repeat = 0;
  fixed.push_back(place(dense(c)));
  c.mode = MaskMode::kCounterParam;
  c.count = 0;
  fixed.push_back(place(dense(c)));
  c.count = 5 * lanes + 3;
  fixed.push_back(place(dense(c)));
  c.mode = MaskMode::kBits;
  c.repeat = 3;
  c.bits[0] = c.bits[1] = 0;
  for (uint32_t l = 0; l < lanes; ++l) {
    if ((l / (lanes / 8)) % 2 == 0) c.bits[l / 64] |= uint64_t{1} << (l % 64);
  }
  {
    Case e = c;
    e.d = {0, 2, 16};
    e.s0 = {0, 2, 16};
    e.s1 = {0, 2, 16};
    fixed.push_back(place(e));
  }
  for (const Case& f : fixed) {
    if (!RunCase(op, f, rng)) return;
  }
}

// ---- dispatch of the forms ------------------------------------------------------
// Each macro makes OpDef::run for an instruction shape; TD / TS must name
// the types in scope.

#define AICORE_RUN_BINARY(OP)                                                                     \
  [](const LocalTensor<TD>& d, const LocalTensor<TS>& a, const LocalTensor<TS>& b, const Case& c, \
     RefV<TS>) {                                                                                  \
    if (c.mode == MaskMode::kCountForm) {                                                         \
      AscendC::OP(d, a, b, static_cast<int32_t>(c.count));                                        \
      return;                                                                                     \
    }                                                                                             \
    const AscendC::BinaryRepeatParams p(                                                          \
        static_cast<uint8_t>(c.d.blk), static_cast<uint8_t>(c.s0.blk),                            \
        static_cast<uint8_t>(c.s1.blk), static_cast<uint8_t>(c.d.rep),                            \
        static_cast<uint8_t>(c.s0.rep), static_cast<uint8_t>(c.s1.rep));                          \
    if (!c.SetMask()) {                                                                           \
      AscendC::OP<TD, false>(d, a, b, AscendC::MASK_PLACEHOLDER, c.repeat, p);                    \
    } else if (c.BitsArg()) {                                                                     \
      AscendC::OP<TD, true>(d, a, b, c.BitsPtr(), c.repeat, p);                                   \
    } else {                                                                                      \
      AscendC::OP<TD, true>(d, a, b, c.ContArg(), c.repeat, p);                                   \
    }                                                                                             \
  }

#define AICORE_RUN_BINARY2(OP)                                                                    \
  [](const LocalTensor<TD>& d, const LocalTensor<TS>& a, const LocalTensor<TS>& b, const Case& c, \
     RefV<TS>) {                                                                                  \
    if (c.mode == MaskMode::kCountForm) {                                                         \
      AscendC::OP(d, a, b, static_cast<int32_t>(c.count));                                        \
      return;                                                                                     \
    }                                                                                             \
    const AscendC::BinaryRepeatParams p(                                                          \
        static_cast<uint8_t>(c.d.blk), static_cast<uint8_t>(c.s0.blk),                            \
        static_cast<uint8_t>(c.s1.blk), static_cast<uint8_t>(c.d.rep),                            \
        static_cast<uint8_t>(c.s0.rep), static_cast<uint8_t>(c.s1.rep));                          \
    if (!c.SetMask()) {                                                                           \
      AscendC::OP<TD, TS, false>(d, a, b, AscendC::MASK_PLACEHOLDER, c.repeat, p);                \
    } else if (c.BitsArg()) {                                                                     \
      AscendC::OP<TD, TS, true>(d, a, b, c.BitsPtr(), c.repeat, p);                               \
    } else {                                                                                      \
      AscendC::OP<TD, TS, true>(d, a, b, c.ContArg(), c.repeat, p);                               \
    }                                                                                             \
  }

// An element-wise binary instruction with a two-operand model.
template <class T>
OpDef<T, T> Binary(const char* name, decltype(OpDef<T, T>::run) run, T (*model)(T, T)) {
  OpDef<T, T> op;
  op.name = name;
  op.n_src = 2;
  op.run = std::move(run);
  op.ref = [model](T a, T b, T, uint64_t, T) { return model(a, b); };
  op.gen_src = DefaultGen<T>;
  op.gen_dst = DefaultGen<T>;
  return op;
}

// TEST(OpsRepeatBinary, OP) over the element types given.
#define AICORE_BINARY_REPEAT_TEST(OP, SEED, ...)                                      \
  TEST(OpsRepeatBinary, OP) {                                                         \
    ForEachType<__VA_ARGS__>([](auto tag) {                                           \
      using TD = decltype(tag);                                                       \
      using TS = TD;                                                                  \
      RunOp(Binary<TD>(#OP, AICORE_RUN_BINARY(OP), &ref::OP<TD>), SEED + sizeof(TD)); \
    });                                                                               \
  }

inline AscendC::UnaryRepeatParams UnaryParams(const Case& c) {
  return AscendC::UnaryRepeatParams(static_cast<uint16_t>(c.d.blk), static_cast<uint16_t>(c.s0.blk),
                                    static_cast<uint8_t>(c.d.rep), static_cast<uint8_t>(c.s0.rep));
}

#define AICORE_RUN_UNARY(OP)                                                                     \
  [](const LocalTensor<TD>& d, const LocalTensor<TS>& a, const LocalTensor<TS>&, const Case& c, \
     RefV<TS>) {                                                                                 \
    if (c.mode == MaskMode::kCountForm) {                                                        \
      AscendC::OP(d, a, static_cast<int32_t>(c.count));                                          \
      return;                                                                                    \
    }                                                                                            \
    const AscendC::UnaryRepeatParams p = UnaryParams(c);                                         \
    if (!c.SetMask()) {                                                                          \
      AscendC::OP<TD, false>(d, a, AscendC::MASK_PLACEHOLDER, c.repeat, p);                      \
    } else if (c.BitsArg()) {                                                                    \
      AscendC::OP<TD, true>(d, a, c.BitsPtr(), c.repeat, p);                                     \
    } else {                                                                                     \
      AscendC::OP<TD, true>(d, a, c.ContArg(), c.repeat, p);                                     \
    }                                                                                            \
  }

// Vector-scalar; EXTRA is appended to the repeat-form call (e.g. roundEn).
#define AICORE_RUN_SCALAR(OP, ...)                                                               \
  [](const LocalTensor<TD>& d, const LocalTensor<TS>& a, const LocalTensor<TS>&, const Case& c, \
     RefV<TS> s) {                                                                               \
    if (c.mode == MaskMode::kCountForm) {                                                        \
      AscendC::OP(d, a, s, static_cast<int32_t>(c.count) __VA_ARGS__);                           \
      return;                                                                                    \
    }                                                                                            \
    const AscendC::UnaryRepeatParams p = UnaryParams(c);                                         \
    if (!c.SetMask()) {                                                                          \
      AscendC::OP<TD, false>(d, a, s, AscendC::MASK_PLACEHOLDER, c.repeat, p __VA_ARGS__);       \
    } else if (c.BitsArg()) {                                                                    \
      AscendC::OP<TD, true>(d, a, s, c.BitsPtr(), c.repeat, p __VA_ARGS__);                      \
    } else {                                                                                     \
      AscendC::OP<TD, true>(d, a, s, c.ContArg(), c.repeat, p __VA_ARGS__);                      \
    }                                                                                            \
  }

}  // namespace aicore_test
