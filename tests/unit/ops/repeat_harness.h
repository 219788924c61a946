// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Randomized tests of element-wise instructions and Cast in every form
// against the reference model (tests/support: ref_elementwise.h per lane,
// repeat_model.h for the repeat geometry, masks and order), over cases from
// the one generator of the repeat-form tests (tests/support/repeat_cases.h):
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

#include "support/ref_elementwise.h"
#include "support/repeat_cases.h"
#include "support/repeat_model.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {

using AscendC::LocalTensor;

// The value type of the model for T (int4b_t: one element as int8_t).
template <class T>
using RefV = std::conditional_t<std::is_same_v<T, AscendC::int4b_t>, int8_t, T>;
template <class T>
constexpr uint32_t kBitsOf = aicore::detail::kElemBits<T>;

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

// A case: its mask (repeat_cases.h), the layout and the operands.
struct Case : MaskCase {
  Layout layout = Layout::kSeparate;
  ref::Operand d, s0, s1;
  size_t image_bytes = 0;

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

// ---- the type-independent core -------------------------------------------------
// Case generation, the model run and the comparison are compiled once per
// translation unit: they see lane values as bit patterns (a RefV<T> in the
// low bytes of a uint64_t) and the element types through ElemType. Only the
// thin adapters from OpDef<TD, TS> (Erase) are instantiated per type.

// An element type as the core sees it.
struct ElemType {
  uint32_t bits = 0;      // element bits: 4, 8, 16, 32 or 64
  bool packed = false;    // int4b_t: two lanes per byte
  bool floating = false;
  std::string name;
  uint64_t (*read)(const uint8_t* at, uint32_t lane) = nullptr;  // the lane stored at `at`
  void (*write)(uint8_t* at, uint32_t lane, uint64_t v) = nullptr;
  bool (*same)(uint64_t a, uint64_t b) = nullptr;  // bit-exact, any NaN matching any NaN
  double (*ulp_error)(uint64_t got, double exact) = nullptr;
  std::string (*show)(uint64_t v) = nullptr;
};

template <class V>
uint64_t PackLane(V v) {
  static_assert(sizeof(V) <= 8, "lane values fit 64 bits");
  uint64_t b = 0;
  std::memcpy(&b, &v, sizeof(V));
  return b;
}
template <class V>
V UnpackLane(uint64_t b) {
  V v;
  std::memcpy(static_cast<void*>(&v), &b, sizeof(V));
  return v;
}

template <class T>
const ElemType& ElemOf() {
  using V = RefV<T>;
  static const ElemType e = [] {
    ElemType t;
    t.bits = kBitsOf<T>;
    t.packed = std::is_same_v<T, AscendC::int4b_t>;
    t.floating = ref::kIsFloating<V>;
    t.name = aicore::detail::TypeName<T>();
    if constexpr (std::is_same_v<T, AscendC::int4b_t>) {
      t.read = [](const uint8_t* at, uint32_t lane) { return PackLane(ref::Int4At(at, lane & 1)); };
      t.write = [](uint8_t* at, uint32_t lane, uint64_t v) {
        ref::SetInt4At(at, lane & 1, UnpackLane<V>(v));
      };
    } else {
      t.read = [](const uint8_t* at, uint32_t) {
        V v;
        std::memcpy(static_cast<void*>(&v), at, sizeof(V));
        return PackLane(v);
      };
      t.write = [](uint8_t* at, uint32_t, uint64_t v) {
        const V x = UnpackLane<V>(v);
        std::memcpy(at, &x, sizeof(V));
      };
    }
    t.same = [](uint64_t a, uint64_t b) {
      return ref::SameBits(UnpackLane<V>(a), UnpackLane<V>(b));
    };
    if constexpr (ref::kIsFloating<V>) {
      t.ulp_error = [](uint64_t g, double exact) { return ref::UlpError(UnpackLane<V>(g), exact); };
    }
    t.show = [](uint64_t v) { return Show(UnpackLane<V>(v)); };
    return t;
  }();
  return e;
}

using UbBuf = AscendC::TBuf<AscendC::TPosition::VECCALC>;

// An instruction under test, its types erased.
struct ErasedOp {
  std::string name;  // "Add<half>", "Cast<float, half>"
  int n_src = 1;
  bool dst_in = false;
  bool approx = false;
  double ulp = 0;
  uint32_t lanes = 0;  // per repeat
  const ElemType* td = nullptr;
  const ElemType* ts = nullptr;
  void (*apply_mask)(const MaskCase&) = nullptr;  // ApplyMask of the widest type
  std::function<double(uint64_t)> exact;
  std::function<void(UbBuf&, const Case&, uint64_t)> run;  // (buffer, case, scalar)
  std::function<uint64_t(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t)> ref;
  std::function<uint64_t(Rng&)> gen_src, gen_dst, gen_scalar;
};

template <class TD, class TS>
ErasedOp Erase(const OpDef<TD, TS>& op) {
  using VD = RefV<TD>;
  using VS = RefV<TS>;
  // The widest type names the register mask width.
  using TW = std::conditional_t<(kBitsOf<TD> >= kBitsOf<TS>), TD, TS>;
  using TWm = std::conditional_t<std::is_same_v<TW, AscendC::int4b_t>, int8_t, TW>;
  ErasedOp e;
  e.name = op.name + "<" + aicore::detail::TypeName<TD>() +
           (std::is_same_v<TD, TS> ? "" : std::string(", ") + aicore::detail::TypeName<TS>()) +
           ">";
  e.n_src = op.n_src;
  e.dst_in = op.dst_in;
  e.approx = op.approx;
  e.ulp = op.ulp;
  e.lanes = aicore::detail::kRepeatLanes<TD, TS>;
  e.td = &ElemOf<TD>();
  e.ts = &ElemOf<TS>();
  e.apply_mask = &ApplyMask<TWm>;
  if (op.exact) e.exact = [f = op.exact](uint64_t a) { return f(UnpackLane<VS>(a)); };
  e.run = [f = op.run](UbBuf& buf, const Case& c, uint64_t scalar) {
    auto tensor = [&](auto tag, size_t off) {
      using T = decltype(tag);
      return buf.GetWithOffset<T>(static_cast<uint32_t>((kUbBytes - off) / sizeof(T) *
                                                        aicore::detail::kElemsPerObj<T>),
                                  static_cast<uint32_t>(off));
    };
    f(tensor(TD{}, c.d.offset), tensor(TS{}, c.s0.offset), tensor(TS{}, c.s1.offset), c,
      UnpackLane<VS>(scalar));
  };
  e.ref = [f = op.ref](uint64_t a, uint64_t b, uint64_t d, uint64_t lane, uint64_t s) {
    return PackLane(
        f(UnpackLane<VS>(a), UnpackLane<VS>(b), UnpackLane<VD>(d), lane, UnpackLane<VS>(s)));
  };
  if (op.gen_src) e.gen_src = [f = op.gen_src](Rng& r) { return PackLane(f(r)); };
  if (op.gen_dst) e.gen_dst = [f = op.gen_dst](Rng& r) { return PackLane(f(r)); };
  if (op.gen_scalar) e.gen_scalar = [f = op.gen_scalar](Rng& r) { return PackLane(f(r)); };
  return e;
}

// ---- element access in an image -------------------------------------------

inline uint64_t ReadLane(const ElemType& t, const std::vector<uint8_t>& img, const ref::Operand& o,
                         uint32_t r, uint32_t l) {
  return t.read(img.data() + ref::LaneByte(o, t.bits, r, l), l);
}
inline void WriteLane(const ElemType& t, std::vector<uint8_t>& img, const ref::Operand& o,
                      uint32_t r, uint32_t l, uint64_t v) {
  t.write(img.data() + ref::LaneByte(o, t.bits, r, l), l, v);
}

// ---- case generation ----------------------------------------------------------

struct GenLimits {
  size_t budget = 40 * 1024;  // bytes of footprint per operand
};

inline Case MakeCase(Rng& r, const ErasedOp& op, MaskMode mode) {
  const uint32_t lanes = op.lanes;
  const uint32_t bits_d = op.td->bits, bits_s = op.ts->bits;
  const uint32_t blocks_d = lanes * bits_d / 256;
  const uint32_t blocks_s = lanes * bits_s / 256;
  const GenLimits lim;
  Case c;
  static_cast<MaskCase&>(c) = PickMask(r, mode, lanes);
  const uint32_t reps = PlanFor(c, lanes).repeats;
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
    if (op.n_src >= 1 && bits_d == bits_s) layouts.push_back(Layout::kInPlace0);
    if (op.n_src >= 2 && bits_d == bits_s) layouts.push_back(Layout::kInPlace1);
    if (op.n_src >= 2) layouts.push_back(Layout::kSameSrc);
    // Partial overlap is modelled for the repeat forms only: the count form
    // runs straight through (see the README, API coverage).
    // Mixed widths: a later repeat would read the bits of an earlier NaN
    // result as another type, and NaN payloads are not specified.
    if (op.n_src >= 1 && mode != MaskMode::kCountForm && bits_d == bits_s) {
      layouts.push_back(Layout::kShifted);
    }
  }
  c.layout = layouts[r.Below(layouts.size())];
  if (c.layout == Layout::kInPlace0) c.d = c.s0;
  if (c.layout == Layout::kInPlace1) c.d = c.s1;
  if (c.layout == Layout::kSameSrc) c.s1 = c.s0;

  const ref::RepeatPlan plan = PlanFor(c, lanes);
  const size_t span_d = ref::BlockSpan(plan, c.d, bits_d);
  const size_t span_0 = op.n_src >= 1 ? ref::BlockSpan(plan, c.s0, bits_s) : 0;
  const size_t span_1 = op.n_src >= 2 ? ref::BlockSpan(plan, c.s1, bits_s) : 0;
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

inline bool RunCase(const ErasedOp& op, const Case& c, Rng& rng) {
  const uint32_t lanes = op.lanes;
  const ElemType& td = *op.td;
  const ElemType& ts = *op.ts;
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
      if (op.n_src >= 1) WriteLane(ts, image, c.s0, r, l, op.gen_src(rng));
      if (op.n_src >= 2) WriteLane(ts, image, c.s1, r, l, op.gen_src(rng));
    }
  }
  if (op.dst_in) {
    for (uint32_t r = 0; r < plan.repeats; ++r) {
      for (uint32_t l = 0; l < plan.lanes; ++l) {
        if (plan.Active(r, l)) WriteLane(td, image, c.d, r, l, op.gen_dst(rng));
      }
    }
  }
  const uint64_t scalar = op.gen_scalar ? op.gen_scalar(rng) : 0;

  std::vector<uint8_t> got = image;
  std::string error;
  try {
    RunOnUb(got, [&](UbBuf& buf) {
      op.apply_mask(c);
      op.run(buf, c, scalar);
      ClearMask();
    });
  } catch (const std::exception& e) {
    error = e.what();
  }
  const std::string what = op.name + ": " + c.Describe();
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
  ref::RunRepeat<uint64_t>(
      plan,
      [&](uint32_t r, uint32_t l) {
        const uint64_t a = op.n_src >= 1 ? ReadLane(ts, want, c.s0, r, l) : 0;
        const uint64_t b = op.n_src >= 2 ? ReadLane(ts, want, c.s1, r, l) : 0;
        const uint64_t d = op.dst_in ? ReadLane(td, want, c.d, r, l) : 0;
        return op.ref(a, b, d, uint64_t{r} * lanes + l, scalar);
      },
      [&](uint32_t r, uint32_t l, uint64_t v) {
        WriteLane(td, want, c.d, r, l, v);
        if (!td.packed) {  // int4b_t destinations: compared byte by byte below
          const size_t at = ref::LaneByte(c.d, td.bits, r, l);
          written[at] = 1;
          if (op.approx) exact_at[at] = op.exact(ReadLane(ts, image, c.s0, r, l));
        }
      });

  // Compare.
  const size_t dst_bytes = td.bits / 8;
  std::vector<char> checked(image.size(), 0);
  for (size_t off = 0; off < image.size(); ++off) {
    if (!written[off]) continue;
    for (size_t k = 0; k < dst_bytes; ++k) checked[off + k] = 1;
    const uint64_t g = td.read(got.data() + off, 0);
    const uint64_t w = td.read(want.data() + off, 0);
    bool ok = td.same(g, w);
    std::string want_s = td.show(w);
    if (td.floating && op.approx) {
      const double exact = exact_at[off];
      const double err = td.ulp_error(g, exact);
      ok = err <= op.ulp;
      char buf[128];
      std::snprintf(buf, sizeof(buf), "%.17g within %g ulp (error %g ulp)", exact, op.ulp, err);
      want_s = buf;
    }
    if (!ok) {
      ADD_FAILURE() << what << ": dst element at byte " << off << " = " << td.show(g) << ", want "
                    << want_s;
      return false;
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
inline void RunErasedOp(const ErasedOp& op, uint64_t seed, int per_mode) {
  Rng rng(seed);
  const uint32_t lanes = op.lanes;
  const uint32_t bits_d = op.td->bits, bits_s = op.ts->bits;
  const uint32_t blocks_d = lanes * bits_d / 256;
  const uint32_t blocks_s = lanes * bits_s / 256;
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
    at = up(at + ref::BlockSpan(plan, c.s0, bits_s)) + 32;
    c.s1.offset = at;
    at = up(at + ref::BlockSpan(plan, c.s1, bits_s)) + 32;
    c.d.offset = at;
    at = up(at + ref::BlockSpan(plan, c.d, bits_d));
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

template <class TD, class TS>
void RunOp(const OpDef<TD, TS>& op, uint64_t seed, int per_mode = 24) {
  RunErasedOp(Erase(op), seed, per_mode);
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
