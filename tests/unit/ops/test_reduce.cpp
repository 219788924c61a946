// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Randomized tests of the reductions against the reference model
// (tests/support/ref_reduce.h, repeat_model.h), for half and float.
//
// Count forms (ReduceSum / ReduceMax / ReduceMin): counts around the SIMD
// width, operands at zero and non-zero 32-byte offsets, dst aliasing src.
// Only dst[0] (and dst[1] with calIndex) may change, apart from the shared
// temporary buffer. ReduceSum is bit-exact against the documented tree model
// (ref::ReduceSumCount: adjacent-pair tree per 256-byte repeat, every add
// rounded to T, then the repeat results again in rounds); it is also checked
// against an exact long-double sum with the error bound of a pairwise sum.
// ReduceMax/Min: value and index exact; ties go to the smallest index, NaNs
// are ignored (all-NaN input: index 0).
//
// Repeat forms (ReduceSum/Max/Min with mask and srcRepStride,
// WholeReduceSum/Max/Min in every ReduceOrder, BlockReduceSum/Max/Min,
// PairReduceSum): dtypes x masks (continuous, bit masks incl. empty blocks
// and all-zero, register masks with isSetMask = false, counter mode) x
// strides (block 0..3, repeat 0..16, overlapping) x repeatTimes (0, 1, 2,
// 7, 255) x dst in place or apart; every byte of the UB image is compared
// with the reference's (result values bit-exact, NaN matching any NaN).
// Diagnostics: bad mask, repeatTimes, strides, footprints, alignment,
// ReduceOrder — each with a clean counterpart.

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "support/ref_element.h"
#include "support/ref_reduce.h"
#include "support/repeat_cases.h"
#include "support/repeat_model.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {
namespace {

using AscendC::LocalTensor;

enum class Which { kSum, kMax, kMin };
const char* WhichName(Which w) {
  return w == Which::kSum ? "ReduceSum" : (w == Which::kMax ? "ReduceMax" : "ReduceMin");
}

struct Placement {
  uint32_t src, dst, tmp;  // byte offsets
  const char* name;
};

// Runs one reduction on `x` with the given placement; returns the UB image
// after the call (and the image before it through *before).
template <class T>
std::vector<uint8_t> RunReduce(Which which, bool cal_index, const std::vector<T>& x,
                               const Placement& p, std::vector<uint8_t>* before) {
  const size_t n = x.size();
  std::vector<uint8_t> image(p.tmp + Round32(n * sizeof(T) + 64), kSentinel);
  Put(image, p.src, x.data(), n);
  *before = image;
  RunOnUb(image, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
    const LocalTensor<T> src = buf.GetWithOffset<T>(static_cast<uint32_t>(n), p.src);
    const LocalTensor<T> dst = buf.GetWithOffset<T>(16, p.dst);
    const LocalTensor<T> tmp = buf.GetWithOffset<T>(static_cast<uint32_t>(n), p.tmp);
    const int32_t count = static_cast<int32_t>(n);
    switch (which) {
      case Which::kSum:
        AscendC::ReduceSum(dst, src, tmp, count);
        break;
      case Which::kMax:
        AscendC::ReduceMax(dst, src, tmp, count, cal_index);
        break;
      case Which::kMin:
        AscendC::ReduceMin(dst, src, tmp, count, cal_index);
        break;
    }
  });
  return image;
}

std::vector<Placement> Placements(size_t n, size_t elem) {
  const uint32_t r = Round32(n * elem + 64);
  return {
      {0, r, 2 * r, "separate"},
      {32, r + 96, 2 * r + 192, "offset"},
      {64, 64, r + 128, "dst=src"},
  };
}

// Checks that nothing outside dst[0, k) and the tmp buffer changed.
void ExpectUntouched(const std::vector<uint8_t>& got, std::vector<uint8_t> want, size_t dst,
                     size_t dst_bytes, size_t tmp, const std::string& where) {
  // The tmp region may be clobbered: copy it over.
  for (size_t i = tmp; i < got.size(); ++i) want[i] = got[i];
  const std::string diff = FirstByteDiff(got, want, dst, dst + dst_bytes);
  EXPECT_TRUE(diff.empty()) << where << ": " << diff;
}

// Input generators for the sums: finite values of mixed sign, one sign,
// several magnitudes, small integers, and (kind 4) large values whose half
// partial sums overflow.
template <class T>
std::vector<T> SumInput(Rng& r, size_t n, int kind) {
  std::vector<T> x(n);
  for (auto& v : x) {
    switch (kind) {
      case 0:
        v = ref::RoundTo<T>(r.Uniform(-4.0, 4.0));
        break;
      case 1:
        v = ref::RoundTo<T>(r.Uniform(0.0, 4.0));
        break;
      case 2:
        v = ref::RoundTo<T>(std::ldexp(r.Uniform(-1.0, 1.0), static_cast<int>(r.Below(24)) - 12));
        break;
      case 3:
        v = ref::RoundTo<T>(static_cast<double>(static_cast<int64_t>(r.Below(9)) - 4));
        break;
      default:
        v = ref::RoundTo<T>(r.Uniform(-1000.0, 30000.0));
        break;
    }
  }
  return x;
}

template <class T>
void CheckSums(uint64_t seed) {
  Rng rng(seed);
  for (size_t n : Sizes<T>()) {
    if (n == 0) continue;
    for (const Placement& p : Placements(n, sizeof(T))) {
      for (int kind = 0; kind < 5; ++kind) {
        std::vector<T> x = SumInput<T>(rng, n, kind);
        std::vector<uint8_t> before;
        const std::vector<uint8_t> after = RunReduce(Which::kSum, false, x, p, &before);
        const std::string where = std::string("ReduceSum<") + aicore::detail::TypeName<T>() +
                                  ">, count " + std::to_string(n) + ", " + p.name + ", inputs " +
                                  std::to_string(kind);
        const T got = Get<T>(after, p.dst, 0);
        const T want = ref::ReduceSumCount(x.data(), n);
        EXPECT_TRUE(ref::SameBits(got, want)) << where << ": " << Show(got) << ", tree model " << Show(want);
        // Independent sanity bound: a pairwise tree of depth k has error
        // <= k * u * sum|x| (u = unit roundoff of T), unless a partial sum
        // overflowed (kind 4 for half).
        if (kind < 4) {
          const ref::SumResult s = ref::Sum(x.data(), n);
          const double u = std::is_same_v<T, half> ? 0x1p-11 : 0x1p-24;
          const double depth = std::ceil(std::log2(static_cast<double>(n))) + 1;
          const double bound = depth * u * static_cast<double>(s.abs_sum) + ref::Ulp<T>(0);
          EXPECT_LE(std::fabs(ref::ToDouble(got) - static_cast<double>(s.sum)), bound) << where;
        }
        ExpectUntouched(after, before, p.dst, sizeof(T), p.tmp, where);
      }
    }
  }
}

TEST(OpsReduce, SumFloat) { CheckSums<float>(701); }
TEST(OpsReduce, SumHalf) { CheckSums<half>(702); }

template <class T>
void CheckSumSpecials() {
  const T inf = std::numeric_limits<T>::infinity();
  const T nan = std::numeric_limits<T>::quiet_NaN();
  const size_t n = 3 * Lanes<T>() + 9;  // > 7 even with one lane
  struct Case {
    size_t i, j;
    T vi, vj;
    double want;
  };
  const Case cases[] = {{5, 5, inf, inf, HUGE_VAL},
                        {n - 1, n - 1, -inf, -inf, -HUGE_VAL},
                        {0, n - 1, inf, -inf, NAN},
                        {1, 2, inf, -inf, NAN},
                        {7, 7, nan, nan, NAN}};
  for (const Case& c : cases) {
    std::vector<T> x(n, ref::RoundTo<T>(1.0));
    x[c.i] = c.vi;
    x[c.j] = c.vj;
    std::vector<uint8_t> before;
    const Placement p = Placements(n, sizeof(T))[0];
    const std::vector<uint8_t> after = RunReduce(Which::kSum, false, x, p, &before);
    const T got = Get<T>(after, p.dst, 0);
    EXPECT_TRUE(ref::SameBits(got, ref::RoundTo<T>(c.want)))
        << aicore::detail::TypeName<T>() << " case " << c.i << "," << c.j << ": " << Show(got);
  }
}
TEST(OpsReduce, SumSpecials) {
  CheckSumSpecials<float>();
  CheckSumSpecials<half>();
}

// The order is visible: hand-computed examples of the documented tree.
TEST(OpsReduce, SumTreeOrderByHand) {
  auto sum = [](auto x) {
    using T = typename decltype(x)::value_type;
    std::vector<uint8_t> before;
    const Placement p = Placements(x.size(), sizeof(T))[0];
    return Get<T>(RunReduce(Which::kSum, false, x, p, &before), p.dst, 0);
  };
  // float: (1 + 2^-24) + (2^-24 + 2^-24) = 1 + 2^-23 (a sequential or
  // lane-wise sum gives 1).
  const float e = 0x1p-24f;
  EXPECT_EQ(sum(std::vector<float>{1.0f, e, e, e}), 1.0f + 0x1p-23f);
  // half: (2048 + 1) rounds to 2048, (1 + 1) = 2, 2048 + 2 = 2050 (a
  // sequential half sum gives 2048, an f32 sum rounded once 2052).
  EXPECT_EQ(static_cast<float>(sum(std::vector<half>{half(2048), half(1), half(1), half(1)})), 2050.0f);
  // half partial sums overflow like the NPU's fp16 adds: 40000 + 40000 = inf.
  EXPECT_TRUE(isinf(sum(std::vector<half>{half(40000), half(40000), half(1), half(-30000)})));
  // Across repeats: 64 floats of 1 then 64 of 2^-24 * ... : repeat sums are
  // 64 and 64 * 2^-24 = 2^-18, combined once: 64 + 2^-18 = 64.0000038 (exact).
  std::vector<float> two(128, 1.0f);
  for (size_t i = 64; i < 128; ++i) two[i] = e;
  EXPECT_EQ(sum(two), 64.0f + 0x1p-18f);
  // Signed zeros: only -0 inputs give -0; a single element is returned as is.
  const float nz = -0.0f;
  EXPECT_TRUE(std::signbit(sum(std::vector<float>(100, nz))));
  EXPECT_TRUE(std::signbit(sum(std::vector<float>{nz})));
  EXPECT_FALSE(std::signbit(sum(std::vector<float>{nz, 0.0f, nz})));
}

// Inputs for Max/Min: general random values (NaNs, infinities, signed
// zeros), many ties (small integers and +-0), or all NaN.
template <bool kMax, class T>
std::vector<T> ExtremeInput(Rng& r, size_t n, int kind) {
  std::vector<T> x(n);
  for (auto& v : x) {
    if (kind == 0) {
      v = RandomValue<T>(r);
    } else if (kind == 1) {
      v = ref::RoundTo<T>(static_cast<double>(static_cast<int64_t>(r.Below(5)) - 2));
    } else if (kind == 2) {
      const uint64_t k = r.Below(4);
      v = k == 0 ? T(0)
                 : (k == 1 ? -T(0)
                           : (k == 2 ? std::numeric_limits<T>::quiet_NaN()
                                     : ref::RoundTo<T>(kMax ? -1.0 : 1.0)));
    } else {
      v = std::numeric_limits<T>::quiet_NaN();
    }
  }
  if (kind == 1 && n > 0 && r.Below(2)) x[r.Below(n)] = std::numeric_limits<T>::quiet_NaN();
  return x;
}

template <bool kMax, class T>
void CheckExtreme(uint64_t seed) {
  using IndexBits = ref::BitsOf<T>;
  Rng rng(seed);
  const Which which = kMax ? Which::kMax : Which::kMin;
  for (size_t n : Sizes<T>()) {
    if (n == 0) continue;
    for (const Placement& p : Placements(n, sizeof(T))) {
      for (int kind = 0; kind < 4; ++kind) {
        for (bool cal_index : {false, true}) {
          const std::vector<T> x = ExtremeInput<kMax, T>(rng, n, kind);
          std::vector<uint8_t> before;
          const std::vector<uint8_t> after = RunReduce(which, cal_index, x, p, &before);
          const std::string where = std::string(WhichName(which)) + "<" +
                                    aicore::detail::TypeName<T>() + ">, count " +
                                    std::to_string(n) + ", " + p.name + ", inputs " +
                                    std::to_string(kind) + (cal_index ? ", calIndex" : "");
          const ref::ExtremeResult<T> want = ref::Extreme<kMax>(x.data(), n);
          const T got = Get<T>(after, p.dst, 0);
          EXPECT_TRUE(ref::SameBits(got, want.value))
              << where << ": value " << Show(got) << ", want " << Show(want.value) << " (index "
              << want.index << ")";
          if (cal_index) {
            const IndexBits idx = Get<IndexBits>(after, p.dst, 1);
            EXPECT_EQ(idx, static_cast<IndexBits>(want.index)) << where;
          }
          ExpectUntouched(after, before, p.dst, (cal_index ? 2 : 1) * sizeof(T), p.tmp, where);
        }
      }
    }
  }
}

TEST(OpsReduce, MaxFloat) { CheckExtreme<true, float>(711); }
TEST(OpsReduce, MaxHalf) { CheckExtreme<true, half>(712); }
TEST(OpsReduce, MinFloat) { CheckExtreme<false, float>(713); }
TEST(OpsReduce, MinHalf) { CheckExtreme<false, half>(714); }

TEST(OpsReduce, CountZeroIsAnError) {
  std::vector<uint8_t> image(256, 0);
  try {
    RunOnUb(image, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
      auto t = buf.GetWithOffset<float>(16, 0);
      auto d = buf.GetWithOffset<float>(8, 64);
      AscendC::ReduceSum(d, t, t, 0);
    });
    ADD_FAILURE() << "count 0 accepted";
  } catch (const aicore::KernelError& e) {
    EXPECT_EQ(e.kind(), aicore::ErrorKind::kParameter) << e.what();
  }
}

// ===========================================================================
// Repeat forms.

enum class ROp {
  kWholeSum, kBlockSum, kPairSum, kWholeMax, kWholeMin, kBlockMax, kBlockMin,
  kReduceSum, kReduceMax, kReduceMin
};
const char* ROpName(ROp op) {
  static const char* kNames[] = {"WholeReduceSum", "BlockReduceSum", "PairReduceSum", "WholeReduceMax",
                                 "WholeReduceMin", "BlockReduceMax", "BlockReduceMin", "ReduceSum",
                                 "ReduceMax",      "ReduceMin"};
  return kNames[static_cast<int>(op)];
}
bool IsSum(ROp op) { return op == ROp::kWholeSum || op == ROp::kBlockSum || op == ROp::kPairSum || op == ROp::kReduceSum; }
bool IsMax(ROp op) { return op == ROp::kWholeMax || op == ROp::kBlockMax || op == ROp::kReduceMax; }
bool IsReduce(ROp op) { return op == ROp::kReduceSum || op == ROp::kReduceMax || op == ROp::kReduceMin; }

struct RCase {
  ROp op;
  MaskCase mask;  // and repeatTimes
  uint32_t dst_rep;
  uint32_t blk;  // ReduceSum/Max/Min: always 1
  uint32_t rep;
  AscendC::ReduceOrder order;
  bool cal_index;
  bool in_place;
};

// Bytes one repeat's output takes, and dst bytes for `repeats` repeats.
template <class T>
uint64_t OutUnitBytes(const RCase& c) {
  using AscendC::ReduceOrder;
  switch (c.op) {
    case ROp::kWholeSum: return sizeof(T);
    case ROp::kBlockSum: case ROp::kBlockMax: case ROp::kBlockMin: return 8 * sizeof(T);
    case ROp::kPairSum: return ref::kLanes<T> / 2 * sizeof(T);
    case ROp::kWholeMax: case ROp::kWholeMin:
      if (c.order == ReduceOrder::ORDER_ONLY_INDEX) return 4;
      if (c.order == ReduceOrder::ORDER_ONLY_VALUE) return sizeof(T);
      return 2 * sizeof(T);
    default: return 2 * sizeof(T);
  }
}

// The reference: writes the expected outputs into `want` (dst at byte
// dst_off) from the source in `before`; value slots go to *values.
template <class T>
void RefRepeat(const RCase& c, const ref::RepeatPlan& m, const std::vector<uint8_t>& before, size_t src_off,
               size_t dst_off, std::vector<uint8_t>& want, std::vector<size_t>* values) {
  using AscendC::ReduceOrder;
  constexpr uint32_t L = ref::kLanes<T>, E = ref::kE<T>;
  if (m.repeats == 0) return;
  const T* src = reinterpret_cast<const T*>(before.data() + src_off);
  const std::vector<ref::Opt<T>> lanes = ref::LogicalLanes(src, m, c.blk, c.rep);
  const uint64_t unit = OutUnitBytes<T>(c);
  auto put = [&](size_t byte, T v) {
    std::memcpy(want.data() + byte, &v, sizeof(T));
    values->push_back(byte);
  };
  auto put_index = [&](size_t byte, uint32_t idx, size_t bytes) {
    if (bytes == 2) {
      const uint16_t b = static_cast<uint16_t>(idx);
      std::memcpy(want.data() + byte, &b, 2);
    } else {
      std::memcpy(want.data() + byte, &idx, 4);
    }
  };
  if (IsReduce(c.op)) {
    if (c.op == ROp::kReduceSum) {
      put(dst_off, ref::ReduceSumRounds(lanes));
    } else {
      const ref::Best<T> b = c.op == ROp::kReduceMax ? ref::ExtremeOpt<true>(lanes, 0, lanes.size())
                                                      : ref::ExtremeOpt<false>(lanes, 0, lanes.size());
      put(dst_off, b.value);
      if (c.cal_index) put_index(dst_off + sizeof(T), b.index, sizeof(T));
    }
    return;
  }
  for (uint32_t r = 0; r < m.repeats; ++r) {
    const size_t out = dst_off + size_t{r} * c.dst_rep * unit;
    const size_t lo = size_t{r} * L;
    switch (c.op) {
      case ROp::kWholeSum:
        put(out, ref::Finish(ref::Tree(lanes, lo, L)));
        break;
      case ROp::kBlockSum:
        for (uint32_t b = 0; b < 8; ++b) put(out + b * sizeof(T), ref::Finish(ref::Tree(lanes, lo + b * E, E)));
        break;
      case ROp::kPairSum:
        for (uint32_t j = 0; j < L / 2; ++j) put(out + j * sizeof(T), ref::Finish(ref::Tree(lanes, lo + 2 * j, 2)));
        break;
      case ROp::kBlockMax:
      case ROp::kBlockMin:
        for (uint32_t b = 0; b < 8; ++b) {
          const ref::Best<T> x = c.op == ROp::kBlockMax ? ref::ExtremeOpt<true>(lanes, lo + b * E, E)
                                                         : ref::ExtremeOpt<false>(lanes, lo + b * E, E);
          put(out + b * sizeof(T), x.value);
        }
        break;
      default: {  // WholeReduceMax / Min
        const ref::Best<T> x = c.op == ROp::kWholeMax ? ref::ExtremeOpt<true>(lanes, lo, L)
                                                       : ref::ExtremeOpt<false>(lanes, lo, L);
        const uint32_t lane = m.Any(r) ? static_cast<uint32_t>(x.index - lo) : 0;
        switch (c.order) {
          case ReduceOrder::ORDER_VALUE_INDEX:
            put(out, x.value);
            put_index(out + sizeof(T), lane, sizeof(T));
            break;
          case ReduceOrder::ORDER_INDEX_VALUE:
            put_index(out, lane, sizeof(T));
            put(out + sizeof(T), x.value);
            break;
          case ReduceOrder::ORDER_ONLY_VALUE:
            put(out, x.value);
            break;
          default:
            put_index(out, lane, 4);
            break;
        }
      }
    }
  }
}

// Through the newer names (ReduceRepeat / ReduceDataBlock / ReducePairElem<ReduceType>)
// instead of the older ones, against the same model.
bool g_unified_names = false;

template <class T>
void RunRepeatOp(const RCase& c, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                 const AscendC::LocalTensor<T>& tmp) {
  const int32_t R = c.mask.repeat, D = static_cast<int32_t>(c.dst_rep);
  const int32_t B = static_cast<int32_t>(c.blk), P = static_cast<int32_t>(c.rep);
  WithMask<T>(c.mask, [&](auto set, auto mask) {
    constexpr bool S = decltype(set)::value;
    using RT = AscendC::ReduceType;
    if (g_unified_names) {
      switch (c.op) {
        case ROp::kWholeSum: AscendC::ReduceRepeat<RT::SUM, T, T, S>(dst, src, mask, R, D, B, P); return;
        case ROp::kBlockSum: AscendC::ReduceDataBlock<RT::SUM, T, T, S>(dst, src, mask, R, D, B, P); return;
        case ROp::kPairSum: AscendC::ReducePairElem<RT::SUM, T, T, S>(dst, src, mask, R, D, B, P); return;
        case ROp::kWholeMax: AscendC::ReduceRepeat<RT::MAX, T, T, S>(dst, src, mask, R, D, B, P, c.order); return;
        case ROp::kWholeMin: AscendC::ReduceRepeat<RT::MIN, T, T, S>(dst, src, mask, R, D, B, P, c.order); return;
        case ROp::kBlockMax: AscendC::ReduceDataBlock<RT::MAX, T, T, S>(dst, src, mask, R, D, B, P); return;
        case ROp::kBlockMin: AscendC::ReduceDataBlock<RT::MIN, T, T, S>(dst, src, mask, R, D, B, P); return;
        default: break;
      }
    }
    switch (c.op) {
      case ROp::kWholeSum: AscendC::WholeReduceSum<T, S>(dst, src, mask, R, D, B, P); break;
      case ROp::kBlockSum: AscendC::BlockReduceSum<T, S>(dst, src, R, mask, D, B, P); break;
      case ROp::kPairSum: AscendC::PairReduceSum<T, S>(dst, src, R, mask, D, B, P); break;
      case ROp::kWholeMax: AscendC::WholeReduceMax<T, S>(dst, src, mask, R, D, B, P, c.order); break;
      case ROp::kWholeMin: AscendC::WholeReduceMin<T, S>(dst, src, mask, R, D, B, P, c.order); break;
      case ROp::kBlockMax: AscendC::BlockReduceMax<T, S>(dst, src, R, mask, D, B, P); break;
      case ROp::kBlockMin: AscendC::BlockReduceMin<T, S>(dst, src, R, mask, D, B, P); break;
      case ROp::kReduceSum: AscendC::ReduceSum<T, S>(dst, src, tmp, mask, R, P); break;
      case ROp::kReduceMax: AscendC::ReduceMax<T, S>(dst, src, tmp, mask, R, P, c.cal_index); break;
      case ROp::kReduceMin: AscendC::ReduceMin<T, S>(dst, src, tmp, mask, R, P, c.cal_index); break;
    }
  });
}

template <class T>
void CheckRepeatCase(const RCase& c, Rng& rng) {
  constexpr uint32_t L = ref::kLanes<T>;
  const ref::RepeatPlan m = PlanFor(c.mask, L);
  // Source footprint: the end of the furthest block holding an active lane.
  const uint64_t span = ref::BlockSpan(m, ref::Operand{0, c.blk, c.rep}, 8 * sizeof(T));
  const size_t src_off = 32;
  const size_t src_bytes = Round32(span + 64);
  const uint64_t unit = OutUnitBytes<T>(c);
  const uint64_t dst_bytes = IsReduce(c.op) ? 2 * sizeof(T)
                                            : (m.repeats ? (uint64_t{m.repeats} - 1) * c.dst_rep * unit + unit : 0);
  const size_t dst_off = c.in_place ? src_off : src_off + src_bytes;
  const size_t tmp_off = Round32(std::max<size_t>(dst_off + dst_bytes + 64, src_off + src_bytes));
  std::vector<uint8_t> image(tmp_off + 256, kSentinel);
  ASSERT_LE(image.size(), kUbBytes);
  // Inputs over the whole source region.
  const size_t n = src_bytes / sizeof(T);
  const int kind = static_cast<int>(rng.Below(4));
  std::vector<T> x = IsSum(c.op) ? SumInput<T>(rng, n, kind == 3 ? 4 : kind)
                                 : (IsMax(c.op) ? ExtremeInput<true, T>(rng, n, kind) : ExtremeInput<false, T>(rng, n, kind));
  if (IsSum(c.op) && rng.Below(4) == 0) {
    for (int k = 0; k < 3; ++k) x[rng.Below(n)] = RandomValue<T>(rng);  // specials now and then
  }
  Put(image, src_off, x.data(), n);
  const std::vector<uint8_t> before = image;
  RunOnUb(image, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
    const auto src = buf.GetWithOffset<T>(static_cast<uint32_t>(n), static_cast<uint32_t>(src_off));
    const auto dst = buf.GetWithOffset<T>(static_cast<uint32_t>(dst_bytes / sizeof(T) + 1), static_cast<uint32_t>(dst_off));
    const auto tmp = buf.GetWithOffset<T>(64, static_cast<uint32_t>(tmp_off));
    RunRepeatOp(c, dst, src, tmp);
  });
  std::vector<uint8_t> want = before;
  std::vector<size_t> values;
  RefRepeat<T>(c, m, before, src_off, dst_off, want, &values);
  const std::string diff = ImageDiff<T>(image, want, values);
  EXPECT_TRUE(diff.empty()) << ROpName(c.op) << "<" << aicore::detail::TypeName<T>() << ">, " << Describe(c.mask)
                            << ", dstRepStride " << c.dst_rep << ", srcBlkStride "
                            << c.blk << ", srcRepStride " << c.rep << ", order " << static_cast<int>(c.order)
                            << (c.cal_index ? ", calIndex" : "") << (c.in_place ? ", in place" : "")
                            << ", inputs " << kind << ": " << diff;
}

struct Geometry {
  uint32_t blk, rep;
};

template <class T>
void CheckRepeatOps(const std::vector<ROp>& ops, uint64_t seed) {
  Rng rng(seed);
  const Geometry geoms[] = {{1, 8}, {1, 0}, {2, 16}, {0, 1}, {3, 5}, {1, 4}, {1, 9}};
  for (ROp op : ops) {
    for (const MaskCase& mc : MaskCases(rng, ref::kLanes<T>)) {
      for (uint32_t repeat : {0u, 1u, 2u, 7u, 255u}) {
        const bool counter = IsCounter(mc.mode);
        if (counter && repeat != 1) continue;  // repeatTimes is ignored
        for (const Geometry& g : geoms) {
          if (repeat == 255 && (g.rep > 8 || (g.blk != 1 && g.blk != 0))) continue;
          if (IsReduce(op) && g.blk != 1) continue;
          RCase c{};
          c.op = op;
          c.mask = mc;
          c.mask.repeat = static_cast<int32_t>(repeat);
          c.blk = g.blk;
          c.rep = g.rep;
          c.dst_rep = repeat == 255 ? static_cast<uint32_t>(rng.Below(2)) : static_cast<uint32_t>(rng.Below(4));
          c.order = static_cast<AscendC::ReduceOrder>(rng.Below(4));
          c.cal_index = rng.Below(2) != 0;
          c.in_place = rng.Below(6) == 0;
          CheckRepeatCase<T>(c, rng);
          if (::testing::Test::HasFailure()) return;
        }
      }
    }
  }
}

TEST(OpsReduceRepeat, TheNewerNamesMatchTheModel) {
  g_unified_names = true;
  CheckRepeatOps<float>({ROp::kWholeSum, ROp::kBlockSum, ROp::kPairSum, ROp::kWholeMax, ROp::kWholeMin,
                         ROp::kBlockMax, ROp::kBlockMin}, 841);
  CheckRepeatOps<half>({ROp::kWholeMax, ROp::kBlockSum}, 842);
  g_unified_names = false;
}

TEST(OpsReduceRepeat, WholeSum) {
  CheckRepeatOps<float>({ROp::kWholeSum}, 801);
  CheckRepeatOps<half>({ROp::kWholeSum}, 802);
}
TEST(OpsReduceRepeat, BlockSum) {
  CheckRepeatOps<float>({ROp::kBlockSum}, 803);
  CheckRepeatOps<half>({ROp::kBlockSum}, 804);
}
TEST(OpsReduceRepeat, PairSum) {
  CheckRepeatOps<float>({ROp::kPairSum}, 805);
  CheckRepeatOps<half>({ROp::kPairSum}, 806);
}
TEST(OpsReduceRepeat, WholeMaxMin) {
  CheckRepeatOps<float>({ROp::kWholeMax, ROp::kWholeMin}, 807);
  CheckRepeatOps<half>({ROp::kWholeMax, ROp::kWholeMin}, 808);
}
TEST(OpsReduceRepeat, BlockMaxMin) {
  CheckRepeatOps<float>({ROp::kBlockMax, ROp::kBlockMin}, 809);
  CheckRepeatOps<half>({ROp::kBlockMax, ROp::kBlockMin}, 810);
}
TEST(OpsReduceRepeat, ReduceSumMaxMin) {
  CheckRepeatOps<float>({ROp::kReduceSum, ROp::kReduceMax, ROp::kReduceMin}, 811);
  CheckRepeatOps<half>({ROp::kReduceSum, ROp::kReduceMax, ROp::kReduceMin}, 812);
}

// Counter mode runs ceil(count / lanes) repeats, more than 255 if asked.
template <class T>
void CheckLongCounter(uint64_t seed) {
  Rng rng(seed);
  constexpr uint32_t L = ref::kLanes<T>;
  for (ROp op : {ROp::kWholeSum, ROp::kBlockSum, ROp::kPairSum, ROp::kWholeMax, ROp::kBlockMin, ROp::kReduceSum,
                 ROp::kReduceMax}) {
    for (MaskMode mode : {MaskMode::kCounterParam, MaskMode::kCounterLen}) {
      RCase c{};
      c.op = op;
      c.mask.mode = mode;
      c.mask.count = (sizeof(T) == 2 ? 259 : 300) * uint64_t{L} + 5;  // 260 / 301 repeats
      c.mask.repeat = 1;
      c.dst_rep = op == ROp::kPairSum ? 0 : 1;
      c.blk = 1;
      c.rep = 8;
      c.order = AscendC::ReduceOrder::ORDER_VALUE_INDEX;
      c.cal_index = true;
      CheckRepeatCase<T>(c, rng);
    }
  }
}
TEST(OpsReduceRepeat, LongCounterMode) {
  CheckLongCounter<float>(821);
  CheckLongCounter<half>(822);
}

// Every ReduceOrder explicitly, on a known input.
TEST(OpsReduceRepeat, WholeMaxOrdersByHand) {
  std::vector<float> x(128);
  for (size_t i = 0; i < 128; ++i) x[i] = static_cast<float>((i * 37) % 64);  // max 63 at lane 63 / 127
  x[5] = 63.0f;  // an earlier tie in repeat 0
  std::vector<uint8_t> image(4096, kSentinel);
  Put(image, 0, x.data(), x.size());
  RunOnUb(image, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
    const auto src = buf.GetWithOffset<float>(128, 0);
    const auto d = buf.GetWithOffset<float>(64, 1024);
    AscendC::WholeReduceMax(d, src, 64, 2, 1, 1, 8);  // ORDER_VALUE_INDEX
    AscendC::WholeReduceMax(d[8], src, 64, 2, 1, 1, 8, AscendC::ReduceOrder::ORDER_INDEX_VALUE);
    AscendC::WholeReduceMin(d[16], src, 64, 2, 1, 1, 8, AscendC::ReduceOrder::ORDER_ONLY_VALUE);
    AscendC::WholeReduceMin(d[24], src, 64, 2, 1, 1, 8, AscendC::ReduceOrder::ORDER_ONLY_INDEX);
  });
  auto f = [&](size_t i) { return Get<float>(image, 1024, i); };
  auto u = [&](size_t i) { return Get<uint32_t>(image, 1024, i); };
  // Repeat 0: lanes 0..63, max 63 first at lane 5; repeat 1: lanes 64..127.
  uint32_t first1 = 0;
  for (uint32_t l = 0; l < 64; ++l) {
    if (x[64 + l] == 63.0f) {
      first1 = l;
      break;
    }
  }
  EXPECT_EQ(f(0), 63.0f);
  EXPECT_EQ(u(1), 5u);
  EXPECT_EQ(f(2), 63.0f);
  EXPECT_EQ(u(3), first1);
  EXPECT_EQ(u(8), 5u);
  EXPECT_EQ(f(9), 63.0f);
  EXPECT_EQ(f(16), 0.0f);
  EXPECT_EQ(f(17), 0.0f);
  EXPECT_EQ(u(24), 0u);
  uint32_t zero1 = 0;
  for (uint32_t l = 0; l < 64; ++l) {
    if (x[64 + l] == 0.0f) {
      zero1 = l;
      break;
    }
  }
  EXPECT_EQ(u(25), zero1);
}

// ---- diagnostics of the repeat forms ----------------------------------------

TEST(OpsReduceRepeat, Diagnostics) {
  using Buf = AscendC::TBuf<AscendC::TPosition::VECCALC>;
  aicore::ErrorKind kind{};
  // Continuous mask beyond the lanes of a repeat, and its clean counterpart.
  EXPECT_NE(ErrorOf([](Buf& b) {
              AscendC::WholeReduceSum(b.GetWithOffset<float>(64, 0), b.GetWithOffset<float>(64, 256), 65, 1, 1, 1, 8);
            }, &kind).find("continuous mask 65 is outside [1, 64]"), std::string::npos);
  EXPECT_EQ(kind, aicore::ErrorKind::kParameter);
  EXPECT_EQ(ErrorOf([](Buf& b) {
              AscendC::WholeReduceSum(b.GetWithOffset<float>(64, 0), b.GetWithOffset<float>(64, 256), 64, 1, 1, 1, 8);
            }), "");
  // Bit mask selecting lanes beyond 64 for float.
  EXPECT_NE(ErrorOf([](Buf& b) {
              const uint64_t m[2] = {~0ull, 1};
              AscendC::BlockReduceSum(b.GetWithOffset<float>(64, 0), b.GetWithOffset<float>(64, 256), 1, m, 1, 1, 8);
            }).find("beyond the 64 lanes"), std::string::npos);
  // repeatTimes and strides out of range.
  EXPECT_NE(ErrorOf([](Buf& b) {
              AscendC::PairReduceSum(b.GetWithOffset<half>(64, 0), b.GetWithOffset<half>(64, 256), 256, 128, 1, 1, 8);
            }).find("repeatTimes 256 is outside [0, 255]"), std::string::npos);
  EXPECT_NE(ErrorOf([](Buf& b) {
              AscendC::WholeReduceSum(b.GetWithOffset<half>(64, 0), b.GetWithOffset<half>(64, 256), 128, 1, -1, 1, 8);
            }).find("dstRepStride -1"), std::string::npos);
  // Source footprint past the buffer (8192-byte image: TBuf is larger, so
  // use a static tensor at the end of UB).
  EXPECT_NE(ErrorOf([](Buf& b) {
              const AscendC::LocalTensor<float> src(AscendC::TPosition::VECCALC, AscendC::TOTAL_UB_SIZE - 512, 128);
              AscendC::WholeReduceSum(b.GetWithOffset<float>(64, 0), src, 64, 3, 1, 1, 8);
            }, &kind).find("past the end"), std::string::npos);
  EXPECT_EQ(kind, aicore::ErrorKind::kBounds);
  EXPECT_EQ(ErrorOf([](Buf& b) {
              const AscendC::LocalTensor<float> src(AscendC::TPosition::VECCALC, AscendC::TOTAL_UB_SIZE - 512, 128);
              AscendC::WholeReduceSum(b.GetWithOffset<float>(64, 0), src, 64, 2, 1, 1, 8);
            }), "");
  // dst footprint: 3 repeats with dstRepStride 100 (BlockReduce: 8 floats each).
  EXPECT_NE(ErrorOf([](Buf& b) {
              const AscendC::LocalTensor<float> dst(AscendC::TPosition::VECCALC, AscendC::TOTAL_UB_SIZE - 4096, 1024);
              AscendC::BlockReduceMax(dst, b.GetWithOffset<float>(64, 0), 3, 64, 100, 1, 8);
            }).find("dst operand of 1608 float"), std::string::npos);
  // Unaligned operands.
  EXPECT_NE(ErrorOf([](Buf& b) {
              AscendC::WholeReduceMax(b.GetWithOffset<half>(64, 0)[1], b.GetWithOffset<half>(256, 256), 128, 1, 1, 1, 8);
            }, &kind).find("not 32-byte aligned"), std::string::npos);
  EXPECT_EQ(kind, aicore::ErrorKind::kAlignment);
  EXPECT_NE(ErrorOf([](Buf& b) {
              AscendC::ReduceSum(b.GetWithOffset<half>(64, 0), b.GetWithOffset<half>(256, 256)[8], b.GetWithOffset<half>(64, 2048), 128, 1, 8);
            }).find("not 32-byte aligned"), std::string::npos);
  // A bad ReduceOrder.
  EXPECT_NE(ErrorOf([](Buf& b) {
              AscendC::WholeReduceMin(b.GetWithOffset<float>(64, 0), b.GetWithOffset<float>(64, 256), 64, 1, 1, 1, 8,
                                      static_cast<AscendC::ReduceOrder>(7));
            }).find("order 7"), std::string::npos);
  // ReduceMax repeat form with an unallocated tmp.
  EXPECT_NE(ErrorOf([](Buf& b) {
              AscendC::ReduceMax(b.GetWithOffset<float>(64, 0), b.GetWithOffset<float>(64, 256), AscendC::LocalTensor<float>(), 64, 1, 8);
            }).find("sharedTmpBuffer"), std::string::npos);
  // repeatTimes 0 is a no-op (nothing checked beyond the parameters).
  EXPECT_EQ(ErrorOf([](Buf& b) {
              AscendC::WholeReduceSum(b.GetWithOffset<float>(64, 0), b.GetWithOffset<float>(64, 256), 64, 0, 1, 1, 8);
            }), "");
}

}  // namespace
}  // namespace aicore_test
