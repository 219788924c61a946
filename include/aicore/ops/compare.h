// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Compare / CompareScalar / Select, and the CMPMASK register (GetCmpMask /
// SetCmpMask).
//
// Compare results are bit strings: bit i (bit i % 8 of byte i / 8, i.e.
// LSB first in little-endian order whatever the element type U of the
// destination tensor) is the comparison of element (logical lane) i.
//   * Count form Compare: count * sizeof(T) must be a multiple of 256 bytes
//     (a parameter error otherwise). CompareScalar's count form needs a
//     multiple of 32 bytes (whole bytes of result bits).
//   * Repeat forms: repeat r writes bits [r * lanes, (r + 1) * lanes) of dst
//     (lanes = 256 / sizeof(T)): the results of consecutive repeats are
//     packed, the dst strides of the repeat parameters are not used. The
//     mask is a reserved parameter on the 910B, A3 and 310P parts (the
//     vendor's reference: "setting has no effect"; their vcmpv instruction
//     takes no mask): every lane of repeatTime repeats is compared, whatever
//     the mask argument, the vector mask registers and the counter mode (the
//     mask is not checked either). So are vcmpv_* / vcmpvs_*.
//   * The form without dst, Compare(src0, src1, mode, mask, repeatParams),
//     compares one repeat into the 128-bit CMPMASK register (lanes beyond the
//     repeat and masked-off lanes: 0). GetCmpMask(dst) stores the register
//     (16 bytes), SetCmpMask(src) loads it.
//   * Modes: LT GT EQ LE GE NE with IEEE semantics: every comparison with a
//     NaN is false except NE, which is true; +0 == -0. Integers compare as
//     signed values.
//
// Select(dst, selMask, src0, src1 | scalar, selMode, ...): dst lane i =
// bit 1 ? src0 : src1 (the scalar), bit-exact copies.
//   * VSEL_CMPMASK_SPR (src1 a tensor): the first `lanes` bits of selMask are
//     loaded into CMPMASK and the same bits select in every repeat (in the
//     count form: in every 256-byte group of elements).
//   * VSEL_TENSOR_TENSOR_MODE (src1 a tensor) and VSEL_TENSOR_SCALAR_MODE
//     (src1 a scalar): selMask is consumed continuously, bit r * lanes + l
//     for lane l of repeat r (bit i for element i in the count form).
//     With a tensor src1, VSEL_TENSOR_SCALAR_MODE takes its first element as
//     the scalar. A scalar src1 with another mode is a parameter error.
//   * Register forms Select<T, selMode>(dst, src0, src1 | scalar, repeatTimes,
//     repeatParams): the CMPMASK register selects in every repeat; the vector
//     mask comes from SetVectorMask (like isSetMask = false).
//   * Repeat forms leave masked-off dst lanes unchanged.
// The CMPMASK register is per core. Its value at the start of a block is
// unspecified, as on the NPU (aicore zeroes it when it sees a block of
// another launch or another block index on the thread; a later launch may
// see the value its predecessor left): set it (Compare without dst,
// SetCmpMask, Select in VSEL_CMPMASK_SPR mode) before reading it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "aicore/base/half.h"
#include "aicore/base/types.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/ops/elementwise.h"
#include "aicore/ops/lane_io.h"
#include "aicore/ops/mask.h"
#include "aicore/ops/repeat_geometry.h"
#include "aicore/simd/simd.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/target.h"

namespace aicore {
namespace simd {
AICORE_TARGET_BEGIN

// The comparison `kMode` of two compute-type vectors (IEEE for floats).
template <int kMode, class D, class V>
HWY_INLINE hn::Mask<D> CmpOp(D d, V a, V b) {
  (void)d;
  constexpr bool kFloat = std::is_floating_point_v<hn::TFromD<D>>;
  if constexpr (kMode == 0) {
    return hn::Lt(a, b);
  } else if constexpr (kMode == 1) {
    return hn::Gt(a, b);
  } else if constexpr (kMode == 2) {
    return hn::Eq(a, b);
  } else if constexpr (kMode == 3) {
    if constexpr (kFloat) return hn::Ge(b, a);  // ordered: false for NaN
    else return hn::Not(hn::Gt(a, b));
  } else if constexpr (kMode == 4) {
    if constexpr (kFloat) return hn::Ge(a, b);
    else return hn::Not(hn::Lt(a, b));
  } else {
    return hn::Not(hn::Eq(a, b));  // unordered: true for NaN
  }
}

// Bits of the comparison of `lanes` (a multiple of 8, <= 64) lanes of a
// and b (or a and the scalar s when b is null): bit i = lane i.
template <int kMode, class T>
HWY_INLINE uint64_t CmpWord(const T* a, const T* b, ComputeT<T> s, size_t lanes) {
  const TagFor<T> d;
  const size_t N = hn::Lanes(d);
  uint64_t w = 0;
  size_t i = 0;
  for (; i + N <= lanes; i += N) {
    const auto va = LoadC(d, a + i);
    const auto vb = b ? LoadC(d, b + i) : hn::Set(d, s);
    w |= BitsFromMask(d, CmpOp<kMode>(d, va, vb)) << i;
  }
  if (i < lanes) {
    HWY_ALIGN T ta[kMaxLanesBytes / sizeof(ComputeT<T>)] = {};
    HWY_ALIGN T tb[kMaxLanesBytes / sizeof(ComputeT<T>)] = {};
    std::memcpy(static_cast<void*>(ta), a + i, (lanes - i) * sizeof(T));
    if (b) std::memcpy(static_cast<void*>(tb), b + i, (lanes - i) * sizeof(T));
    const auto vb = b ? LoadC(d, tb) : hn::Set(d, s);
    const uint64_t tail = BitsFromMask(d, CmpOp<kMode>(d, LoadC(d, ta), vb));
    w |= (tail & ((uint64_t{1} << (lanes - i)) - 1)) << i;
  }
  return w;
}

// Count form: n (a multiple of 8) comparisons to n / 8 bytes at out.
template <int kMode, class T>
HWY_NOINLINE void CmpBits(const T* a, const T* b, ComputeT<T> s, size_t n, uint8_t* out) {
  size_t i = 0;
  for (; i + 64 <= n; i += 64) {
    const uint64_t w = CmpWord<kMode>(a + i, b ? b + i : nullptr, s, 64);
    std::memcpy(out + i / 8, &w, 8);
  }
  if (i < n) {
    const uint64_t w = CmpWord<kMode>(a + i, b ? b + i : nullptr, s, n - i);
    std::memcpy(out + i / 8, &w, (n - i) / 8);
  }
}

template <class T>
HWY_INLINE void CmpBitsMode(AscendC::CMPMODE mode, const T* a, const T* b, ComputeT<T> s, size_t n,
                            uint8_t* out) {
  switch (mode) {
    case AscendC::CMPMODE::LT: return CmpBits<0>(a, b, s, n, out);
    case AscendC::CMPMODE::GT: return CmpBits<1>(a, b, s, n, out);
    case AscendC::CMPMODE::EQ: return CmpBits<2>(a, b, s, n, out);
    case AscendC::CMPMODE::LE: return CmpBits<3>(a, b, s, n, out);
    case AscendC::CMPMODE::GE: return CmpBits<4>(a, b, s, n, out);
    default: return CmpBits<5>(a, b, s, n, out);
  }
}

template <class T>
using SelBitsT = std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>;

// out[i] = sel bit (i % period, or i when period == 0) ? a[i] : b[i] (or
// the scalar bit pattern s when b is null), for i < n. When `keep` is
// given, only lanes whose keep bit (i % 128 ... as a repeat lane mask) is
// set are written; the others keep out's old value.
template <class T>
HWY_NOINLINE void SelectRun(T* out, const uint8_t* sel, size_t sel_off, size_t period, const T* a,
                            const T* b, SelBitsT<T> s, size_t n, const uint64_t* keep) {
  using B = SelBitsT<T>;
  const hn::ScalableTag<B> d;
  const size_t N = hn::Lanes(d);
  // period: 0 or a power of two (the lanes of a repeat).
  const size_t wrap = period ? period - 1 : ~size_t{0};
  auto sel_bits = [&](size_t i, size_t k) { return BitsAt(sel, sel_off + (i & wrap), k); };
  auto one = [&](size_t i, const B* pa, const B* pb, const B* po, B* dst, size_t k) {
    const auto m = MaskFromBits(d, sel_bits(i, k));
    auto r = hn::IfThenElse(m, hn::LoadU(d, pa), pb ? hn::LoadU(d, pb) : hn::Set(d, s));
    if (keep) r = hn::IfThenElse(MaskFromBits(d, BitsAt(keep, i, k)), r, hn::LoadU(d, po));
    hn::StoreU(r, d, dst);
  };
  const B* A = reinterpret_cast<const B*>(a);
  const B* Bp = reinterpret_cast<const B*>(b);
  B* O = reinterpret_cast<B*>(out);
  size_t i = 0;
  for (; i + N <= n; i += N) one(i, A + i, Bp ? Bp + i : nullptr, O + i, O + i, N);
  if (i < n) {
    HWY_ALIGN B ta[kMaxLanesBytes / sizeof(B)] = {};
    HWY_ALIGN B tb[kMaxLanesBytes / sizeof(B)] = {};
    HWY_ALIGN B to[kMaxLanesBytes / sizeof(B)] = {};
    const size_t rem = n - i;
    std::memcpy(ta, A + i, rem * sizeof(B));
    if (Bp) std::memcpy(tb, Bp + i, rem * sizeof(B));
    std::memcpy(to, O + i, rem * sizeof(B));
    one(i, ta, Bp ? tb : nullptr, to, to, rem);
    std::memcpy(O + i, to, rem * sizeof(B));
  }
}

AICORE_TARGET_END
}  // namespace simd

namespace detail {
AICORE_TARGET_BEGIN

// The CMPMASK register of the core running on this thread (zero at block
// start).
inline uint64_t* CmpMaskBits(const CoreContext& core) { return core.cmp_mask; }

[[noreturn]] AICORE_COLD inline void FailCmpMode(const char* api, int mode, SrcLoc loc) {
  Fail(ErrorKind::kParameter, api, loc,
       "cmpMode " + std::to_string(mode) + " is not a CMPMODE (LT=0, GT, EQ, LE, GE, NE=5)");
}
AICORE_INLINE void CheckCmpMode(const char* api, AscendC::CMPMODE mode, SrcLoc loc) {
  if (AICORE_UNLIKELY(static_cast<uint32_t>(mode) > 5)) FailCmpMode(api, static_cast<int>(mode), loc);
}

template <class T>
constexpr bool kCompareType = kIsOneOf<T, half, float, int32_t>;
template <class T>
constexpr bool kSelectType = kIsOneOf<T, half, bfloat16_t, float, int16_t, uint16_t, int32_t, uint32_t>;

template <class T>
AICORE_INLINE void CheckCmpCount(const char* api, uint32_t count, uint32_t multiple, SrcLoc loc) {
  const uint64_t bytes = uint64_t{count} * sizeof(T);
  if (AICORE_UNLIKELY(bytes % multiple != 0)) {
    Fail(ErrorKind::kParameter, api, loc,
         "count " + std::to_string(count) + NegativeNote(count, 32) + " of " + TypeName<T>() +
             " is " + std::to_string(bytes) + " bytes, not a multiple of " +
             std::to_string(multiple) + " bytes");
  }
}

// Compare / CompareScalar, count form.
template <class T, class U>
inline void CompareCount(const char* api, const AscendC::LocalTensor<U>& dst,
                         const AscendC::LocalTensor<T>& src0, const AscendC::LocalTensor<T>* src1,
                         T scalar, AscendC::CMPMODE mode, uint32_t count, SrcLoc loc) {
  static_assert(kCompareType<T>, "Compare: half, float or int32_t");
  Enter(api, loc);
  CheckCmpMode(api, mode, loc);
  CheckCmpCount<T>(api, count, src1 ? 256 : 32, loc);
  CheckLocal(api, "dst", dst, count / 8, loc);
  CheckLocal(api, "src0", src0, uint64_t{count} * sizeof(T), loc);
  if (src1) CheckLocal(api, "src1", *src1, uint64_t{count} * sizeof(T), loc);
  simd::CmpBitsMode(mode, src0.addr_, src1 ? src1->addr_ : nullptr,
                    static_cast<simd::ComputeT<T>>(scalar), count, reinterpret_cast<uint8_t*>(dst.addr_));
}

// Compares one repeat: bits of its `lanes` lanes into w[0..lanes/64).
template <class T>
HWY_INLINE void CmpRepeat(AscendC::CMPMODE mode, const T* a, const T* b, simd::ComputeT<T> s,
                          uint64_t* w) {
  constexpr uint32_t kLanes = 256 / sizeof(T);
  uint8_t bytes[16];
  simd::CmpBitsMode(mode, a, b, s, kLanes, bytes);
  std::memcpy(w, bytes, kLanes / 8);
}

// Repeat forms of Compare (src1 != null) and CompareScalar: packed result
// bits to `out` (dst tensor) or to the CMPMASK register (out == null, one
// repeat).
template <class T>
inline void CompareRepeats(const char* api, uint8_t* out, uint64_t* reg, const RepeatMask& m,
                           const RepOperand& g0, const RepOperand* g1, T scalar, AscendC::CMPMODE mode,
                           bool dense) {
  constexpr uint32_t kLanes = 256 / sizeof(T);
  constexpr uint32_t kE = 32 / sizeof(T);
  (void)api;
  const simd::ComputeT<T> s = static_cast<simd::ComputeT<T>>(scalar);
  if (dense && out != nullptr) {
    simd::CmpBitsMode(mode, reinterpret_cast<const T*>(g0.base),
                      g1 ? reinterpret_cast<const T*>(g1->base) : nullptr, s, size_t{m.repeats} * kLanes,
                      out);
    return;
  }
  HWY_ALIGN T st0[kLanes];
  HWY_ALIGN T st1[kLanes];
  for (uint32_t r = 0; r < m.repeats; ++r) {
    const uint64_t* bits = m.For(r);
    const uint32_t nb = ActiveBlocks(bits, kE);
    StageRepeat(g0, r, nb, st0);
    if (g1) StageRepeat(*g1, r, nb, st1);
    uint64_t w[2] = {0, 0};
    CmpRepeat(mode, st0, g1 ? st1 : nullptr, s, w);
    w[0] &= bits[0];
    w[1] &= bits[1];
    if (out) {
      std::memcpy(out + size_t{r} * (kLanes / 8), w, kLanes / 8);
    } else {
      reg[0] = w[0];
      reg[1] = w[1];
    }
  }
}

template <class T, class U>
inline void CompareRepeatForm(const char* api, const AscendC::LocalTensor<U>* dst,
                              const AscendC::LocalTensor<T>& src0, const AscendC::LocalTensor<T>* src1,
                              T scalar, AscendC::CMPMODE mode, bool set_mask, const MaskArg& mask,
                              uint32_t repeat_times, uint32_t blk0, uint32_t rep0,
                              uint32_t blk1, uint32_t rep1, SrcLoc loc) {
  static_assert(kCompareType<T>, "Compare: half, float or int32_t");
  constexpr uint32_t kLanes = 256 / sizeof(T);
  auto& core = Enter(api, loc);
  CheckCmpMode(api, mode, loc);
  // With dst: the mask is not used (every lane of repeat_times repeats).
  const RepeatMask m = dst ? AllLanes(api, kLanes, repeat_times, loc)
                           : ResolveMask(api, core, kLanes, set_mask, mask, repeat_times, loc);
  if (m.repeats == 0) return;
  const RepOperand g0 = RecordRepeatOperand(api, "src0", src0, m, blk0, rep0, loc);
  const RepOperand g1 =
      src1 ? RecordRepeatOperand(api, "src1", *src1, m, blk1, rep1, loc) : RepOperand{};
  if (dst) CheckLocal(api, "dst", *dst, uint64_t{m.repeats} * (kLanes / 8), loc);
  const bool dense = m.full && g0.dense && (!src1 || g1.dense);
  CompareRepeats<T>(api, dst ? reinterpret_cast<uint8_t*>(dst->addr_) : nullptr, CmpMaskBits(core), m, g0,
                    src1 ? &g1 : nullptr, scalar, mode, dense);
}

// ---- Select ----

[[noreturn]] AICORE_COLD inline void FailSelMode(const char* api, AscendC::SELMODE mode, SrcLoc loc) {
  Fail(ErrorKind::kParameter, api, loc,
       "selMode " + std::to_string(static_cast<int>(mode)) +
           " with a scalar src1: only VSEL_TENSOR_SCALAR_MODE (1) takes a scalar");
}
[[noreturn]] AICORE_COLD inline void FailSelModeRange(const char* api, AscendC::SELMODE mode, SrcLoc loc) {
  Fail(ErrorKind::kParameter, api, loc,
       "selMode " + std::to_string(static_cast<int>(mode)) + " is not a SELMODE (0, 1 or 2)");
}

// Checks the mode; VSEL_TENSOR_SCALAR_MODE with a tensor src1 takes its
// first element as the scalar (returns null for src1 then).
template <class T>
AICORE_INLINE const AscendC::LocalTensor<T>* SelOperands(const char* api, AscendC::SELMODE mode,
                                                         const AscendC::LocalTensor<T>* src1, T* scalar,
                                                         SrcLoc loc) {
  if (AICORE_UNLIKELY(static_cast<uint32_t>(mode) > 2)) FailSelModeRange(api, mode, loc);
  const bool scalar_mode = mode == AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE;
  if (src1 == nullptr) {
    if (AICORE_UNLIKELY(!scalar_mode)) FailSelMode(api, mode, loc);
    return nullptr;
  }
  if (scalar_mode) {
    CheckLocal(api, "src1", *src1, sizeof(T), loc);
    std::memcpy(static_cast<void*>(scalar), src1->addr_, sizeof(T));
    return nullptr;
  }
  return src1;
}

template <class T>
AICORE_INLINE simd::SelBitsT<T> ScalarBits(T v) {
  simd::SelBitsT<T> b;
  std::memcpy(&b, &v, sizeof(T));
  return b;
}

template <class T, class U>
inline void SelectCount(const char* api, const AscendC::LocalTensor<T>& dst,
                        const AscendC::LocalTensor<U>& sel, const AscendC::LocalTensor<T>& src0,
                        const AscendC::LocalTensor<T>* src1, T scalar, AscendC::SELMODE mode,
                        uint32_t count, SrcLoc loc) {
  static_assert(kSelectType<T>, "Select: a 2- or 4-byte element type");
  constexpr uint32_t kLanes = 256 / sizeof(T);
  auto& core = Enter(api, loc);
  src1 = SelOperands(api, mode, src1, &scalar, loc);
  const bool spr = mode == AscendC::SELMODE::VSEL_CMPMASK_SPR;
  const uint64_t bytes = uint64_t{count} * sizeof(T);
  CheckLocal(api, "dst", dst, bytes, loc);
  CheckLocal(api, "src0", src0, bytes, loc);
  if (src1) CheckLocal(api, "src1", *src1, bytes, loc);
  const uint64_t sel_bits = spr ? std::min<uint64_t>(count, kLanes) : count;
  CheckLocal(api, "selMask", sel, (sel_bits + 7) / 8, loc);
  const uint8_t* sb = reinterpret_cast<const uint8_t*>(sel.addr_);
  if (spr && count > 0) {
    uint64_t* reg = CmpMaskBits(core);
    reg[0] = simd::BitsAt(sb, 0, std::min<uint64_t>(64, sel_bits));
    reg[1] = sel_bits > 64 ? simd::BitsAt(sb, 64, sel_bits - 64) : 0;
  }
  simd::SelectRun(dst.addr_, sb, 0, spr ? kLanes : 0, src0.addr_, src1 ? src1->addr_ : nullptr,
                  ScalarBits(scalar), count, nullptr);
}

// Repeat forms of Select. sel == null: the CMPMASK register selects.
template <class T, class U>
inline void SelectRepeatForm(const char* api, const AscendC::LocalTensor<T>& dst,
                             const AscendC::LocalTensor<U>* sel, const AscendC::LocalTensor<T>& src0,
                             const AscendC::LocalTensor<T>* src1, T scalar, AscendC::SELMODE mode,
                             bool set_mask, const MaskArg& mask, uint32_t repeat_times,
                             const AscendC::BinaryRepeatParams& p, SrcLoc loc) {
  static_assert(kSelectType<T>, "Select: a 2- or 4-byte element type");
  constexpr uint32_t kLanes = 256 / sizeof(T);
  constexpr uint32_t kE = 32 / sizeof(T);
  auto& core = Enter(api, loc);
  src1 = SelOperands(api, mode, src1, &scalar, loc);
  const RepeatMask m = ResolveMask(api, core, kLanes, set_mask, mask, repeat_times, loc);
  if (m.repeats == 0) return;
  const RepOperand gd = RecordRepeatOperand(api, "dst", dst, m, p.dstBlkStride, p.dstRepStride, loc);
  const RepOperand g0 =
      RecordRepeatOperand(api, "src0", src0, m, p.src0BlkStride, p.src0RepStride, loc);
  const RepOperand g1 =
      src1 ? RecordRepeatOperand(api, "src1", *src1, m, p.src1BlkStride, p.src1RepStride, loc)
           : RepOperand{};
  // Selection bits: CMPMASK (register form, or VSEL_CMPMASK_SPR loaded from
  // selMask) for every repeat, or selMask consumed continuously.
  uint64_t* reg = CmpMaskBits(core);
  const bool continuous = sel != nullptr && mode != AscendC::SELMODE::VSEL_CMPMASK_SPR;
  const uint8_t* sb = reinterpret_cast<const uint8_t*>(reg);
  if (sel != nullptr) {
    const uint64_t nbits = continuous ? uint64_t{m.repeats} * kLanes : kLanes;
    CheckLocal(api, "selMask", *sel, nbits / 8, loc);
    sb = reinterpret_cast<const uint8_t*>(sel->addr_);
    if (!continuous) {
      reg[0] = simd::BitsAt(sb, 0, 64);
      reg[1] = kLanes > 64 ? simd::BitsAt(sb, 64, 64) : 0;
      sb = reinterpret_cast<const uint8_t*>(reg);
    }
  }
  const simd::SelBitsT<T> sbits = ScalarBits(scalar);
  const bool dense = m.full && gd.dense && g0.dense && (!src1 || g1.dense) && !Hazard(g0, gd) &&
                     !(src1 && Hazard(g1, gd));
  if (dense) {
    simd::SelectRun(dst.addr_, sb, 0, continuous ? 0 : kLanes, src0.addr_, src1 ? src1->addr_ : nullptr,
                    sbits, size_t{m.repeats} * kLanes, nullptr);
    return;
  }
  HWY_ALIGN T sd[kLanes];
  HWY_ALIGN T s0[kLanes];
  HWY_ALIGN T s1[kLanes];
  for (uint32_t r = 0; r < m.repeats; ++r) {
    const uint64_t* bits = m.For(r);
    const uint32_t nb = ActiveBlocks(bits, kE);
    if (nb == 0) continue;
    StageRepeat(g0, r, nb, s0);
    if (src1) StageRepeat(g1, r, nb, s1);
    StageRepeat(gd, r, nb, sd);
    simd::SelectRun(sd, sb, continuous ? size_t{r} * kLanes : 0, 0, s0, src1 ? s1 : nullptr, sbits,
                    size_t{nb} * kE, bits);
    UnstageRepeat<simd::SelBitsT<T>>(gd, r, bits, sd);
  }
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

// ---- Compare ---------------------------------------------------------------

template <typename T, typename U>
AICORE_INLINE void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0,
                           const LocalTensor<T>& src1, CMPMODE cmpMode, uint32_t count,
                           aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::CompareCount("Compare", dst, src0, &src1, T(0), cmpMode, count, loc);
}

template <typename T, typename U, bool isSetMask = true>
AICORE_INLINE void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0,
                           const LocalTensor<T>& src1, CMPMODE cmpMode, const uint64_t mask[],
                           uint8_t repeatTimes, const BinaryRepeatParams& p,
                           aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::CompareRepeatForm("Compare", &dst, src0, &src1, T(0), cmpMode, isSetMask,
                                    aicore::detail::MaskArg::Bits(mask), repeatTimes, p.src0BlkStride, p.src0RepStride, p.src1BlkStride,
                                    p.src1RepStride, loc);
}
template <typename T, typename U, bool isSetMask = true>
AICORE_INLINE void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0,
                           const LocalTensor<T>& src1, CMPMODE cmpMode, const uint64_t mask,
                           uint8_t repeatTimes, const BinaryRepeatParams& p,
                           aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::CompareRepeatForm("Compare", &dst, src0, &src1, T(0), cmpMode, isSetMask,
                                    aicore::detail::MaskArg::Cont(mask), repeatTimes, p.src0BlkStride, p.src0RepStride, p.src1BlkStride,
                                    p.src1RepStride, loc);
}

// One repeat into the CMPMASK register.
template <typename T, bool isSetMask = true>
AICORE_INLINE void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode,
                           const uint64_t mask[], const BinaryRepeatParams& p,
                           aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::CompareRepeatForm<T, uint8_t>("Compare", nullptr, src0, &src1, T(0), cmpMode, isSetMask,
                                                aicore::detail::MaskArg::Bits(mask), 1, p.src0BlkStride, p.src0RepStride,
                                                p.src1BlkStride, p.src1RepStride, loc);
}
template <typename T, bool isSetMask = true>
AICORE_INLINE void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode,
                           const uint64_t mask, const BinaryRepeatParams& p,
                           aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::CompareRepeatForm<T, uint8_t>("Compare", nullptr, src0, &src1, T(0), cmpMode, isSetMask,
                                                aicore::detail::MaskArg::Cont(mask), 1, p.src0BlkStride, p.src0RepStride,
                                                p.src1BlkStride, p.src1RepStride, loc);
}

template <typename T, typename U>
AICORE_INLINE void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0,
                                 const aicore::detail::NonDeducedT<T> src1Scalar, CMPMODE cmpMode,
                                 uint32_t count, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::CompareCount<T, U>("CompareScalar", dst, src0, nullptr, src1Scalar, cmpMode, count, loc);
}
template <typename T, typename U, bool isSetMask = true>
AICORE_INLINE void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0,
                                 const aicore::detail::NonDeducedT<T> src1Scalar, CMPMODE cmpMode,
                                 const uint64_t mask[], uint8_t repeatTimes, const UnaryRepeatParams& p,
                                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::CompareRepeatForm<T, U>("CompareScalar", &dst, src0, nullptr, src1Scalar, cmpMode,
                                          isSetMask, aicore::detail::MaskArg::Bits(mask), repeatTimes,
                                          p.srcBlkStride,
                                          p.srcRepStride, 1, 8, loc);
}
template <typename T, typename U, bool isSetMask = true>
AICORE_INLINE void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0,
                                 const aicore::detail::NonDeducedT<T> src1Scalar, CMPMODE cmpMode,
                                 const uint64_t mask, uint8_t repeatTimes, const UnaryRepeatParams& p,
                                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::CompareRepeatForm<T, U>("CompareScalar", &dst, src0, nullptr, src1Scalar, cmpMode,
                                          isSetMask, aicore::detail::MaskArg::Cont(mask), repeatTimes,
                                          p.srcBlkStride,
                                          p.srcRepStride, 1, 8, loc);
}

// Compares: the current name of CompareScalar (the same three forms).
template <typename T, typename U>
AICORE_INLINE void Compares(const LocalTensor<U>& dst, const LocalTensor<T>& src0,
                            const aicore::detail::NonDeducedT<T> src1Scalar, CMPMODE cmpMode,
                            uint32_t count, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::CompareCount<T, U>("Compares", dst, src0, nullptr, src1Scalar, cmpMode, count, loc);
}
template <typename T, typename U, bool isSetMask = true>
AICORE_INLINE void Compares(const LocalTensor<U>& dst, const LocalTensor<T>& src0,
                            const aicore::detail::NonDeducedT<T> src1Scalar, CMPMODE cmpMode,
                            const uint64_t mask[], uint8_t repeatTimes, const UnaryRepeatParams& p,
                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::CompareRepeatForm<T, U>("Compares", &dst, src0, nullptr, src1Scalar, cmpMode,
                                          isSetMask, aicore::detail::MaskArg::Bits(mask), repeatTimes,
                                          p.srcBlkStride, p.srcRepStride, 1, 8, loc);
}
template <typename T, typename U, bool isSetMask = true>
AICORE_INLINE void Compares(const LocalTensor<U>& dst, const LocalTensor<T>& src0,
                            const aicore::detail::NonDeducedT<T> src1Scalar, CMPMODE cmpMode,
                            const uint64_t mask, uint8_t repeatTimes, const UnaryRepeatParams& p,
                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::CompareRepeatForm<T, U>("Compares", &dst, src0, nullptr, src1Scalar, cmpMode,
                                          isSetMask, aicore::detail::MaskArg::Cont(mask), repeatTimes,
                                          p.srcBlkStride, p.srcRepStride, 1, 8, loc);
}

// The CMPMASK register: 128 bits, stored as 16 bytes.
template <typename T>
AICORE_INLINE void GetCmpMask(const LocalTensor<T>& dst, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  auto& core = aicore::detail::Enter("GetCmpMask", loc);
  aicore::detail::CheckLocal("GetCmpMask", "dst", dst, 16, loc);
  std::memcpy(static_cast<void*>(dst.addr_), aicore::detail::CmpMaskBits(core), 16);
}
template <typename T>
AICORE_INLINE void SetCmpMask(const LocalTensor<T>& src, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  auto& core = aicore::detail::Enter("SetCmpMask", loc);
  aicore::detail::CheckLocal("SetCmpMask", "src", src, 16, loc);
  std::memcpy(aicore::detail::CmpMaskBits(core), static_cast<const void*>(src.addr_), 16);
}

// ---- Select ------------------------------------------------------------------

template <typename T, typename U>
AICORE_INLINE void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask,
                          const LocalTensor<T>& src0, const LocalTensor<T>& src1, SELMODE selMode,
                          uint32_t count, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::SelectCount("Select", dst, selMask, src0, &src1, T(0), selMode, count, loc);
}
template <typename T, typename U>
AICORE_INLINE void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask,
                          const LocalTensor<T>& src0, const aicore::detail::NonDeducedT<T> src1,
                          SELMODE selMode, uint32_t count,
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::SelectCount<T, U>("Select", dst, selMask, src0, nullptr, src1, selMode, count, loc);
}

#define AICORE_DEFINE_SELECT_REPEAT(MASK_T, MASK_ARG)                                                \
  template <typename T, typename U, bool isSetMask = true>                                         \
  AICORE_INLINE void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask,              \
                            const LocalTensor<T>& src0, const LocalTensor<T>& src1,                \
                            SELMODE selMode, MASK_T mask, uint8_t repeatTimes,                     \
                            const BinaryRepeatParams& p,                                           \
                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                      \
    aicore::detail::SelectRepeatForm("Select", dst, &selMask, src0, &src1, T(0), selMode,          \
                                     isSetMask, MASK_ARG, repeatTimes, p, loc);                    \
  }                                                                                                \
  template <typename T, typename U, bool isSetMask = true>                                         \
  AICORE_INLINE void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask,              \
                            const LocalTensor<T>& src0, const aicore::detail::NonDeducedT<T> src1, \
                            SELMODE selMode, MASK_T mask, uint8_t repeatTimes,                     \
                            const BinaryRepeatParams& p,                                           \
                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                      \
    aicore::detail::SelectRepeatForm<T, U>("Select", dst, &selMask, src0, nullptr, src1, selMode,  \
                                           isSetMask, MASK_ARG, repeatTimes, p, loc);              \
  }
AICORE_DEFINE_SELECT_REPEAT(const uint64_t*, aicore::detail::MaskArg::Bits(mask))
AICORE_DEFINE_SELECT_REPEAT(const uint64_t, aicore::detail::MaskArg::Cont(mask))
#undef AICORE_DEFINE_SELECT_REPEAT

// Register forms: CMPMASK selects, the vector mask comes from SetVectorMask.
template <typename T, SELMODE selMode>
AICORE_INLINE void Select(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                          const LocalTensor<T>& src1, uint8_t repeatTimes, const BinaryRepeatParams& p,
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::SelectRepeatForm<T, uint8_t>("Select", dst, nullptr, src0, &src1, T(0), selMode, false,
                                               aicore::detail::MaskArg{}, repeatTimes, p, loc);
}
template <typename T, SELMODE selMode>
AICORE_INLINE void Select(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                          const aicore::detail::NonDeducedT<T> src1, uint8_t repeatTimes,
                          const BinaryRepeatParams& p, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::SelectRepeatForm<T, uint8_t>("Select", dst, nullptr, src0, nullptr, src1, selMode, false,
                                               aicore::detail::MaskArg{}, repeatTimes, p, loc);
}

AICORE_TARGET_END
}  // namespace AscendC
