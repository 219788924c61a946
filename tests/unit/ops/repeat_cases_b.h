// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Mask cases for the randomized repeat-form tests of the reductions,
// compare/select and gather (test_reduce.cpp, test_compare.cpp,
// test_gather.cpp): continuous masks, bit masks (random, whole blocks on
// and off, all zero), register masks (isSetMask = false after
// SetVectorMask) and counter mode (SetMaskCount, mask argument or
// register), with the reference's view of the active lanes (refb::RefMask),
// and an image comparison that lets NaN results match any NaN.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "unit/ops/op_test_util.h"
#include "unit/ops/reference_b.h"

namespace aicore_test {

enum class MaskKind { kCont, kBits, kReg, kCounter, kCounterReg };

struct MaskCase {
  MaskKind kind = MaskKind::kCont;
  uint64_t n = 0;  // kCont: lanes per repeat; kCounter*: element count
  uint64_t bits[2] = {0, 0};
};

inline std::string Describe(const MaskCase& m) {
  char buf[96];
  switch (m.kind) {
    case MaskKind::kCont:
      std::snprintf(buf, sizeof(buf), "continuous mask %llu", static_cast<unsigned long long>(m.n));
      break;
    case MaskKind::kBits:
    case MaskKind::kReg:
      std::snprintf(buf, sizeof(buf), "%s {%016llx, %016llx}",
                    m.kind == MaskKind::kBits ? "bit mask" : "register mask",
                    static_cast<unsigned long long>(m.bits[0]), static_cast<unsigned long long>(m.bits[1]));
      break;
    default:
      std::snprintf(buf, sizeof(buf), "counter mode%s, count %llu",
                    m.kind == MaskKind::kCounterReg ? " (register)" : "",
                    static_cast<unsigned long long>(m.n));
      break;
  }
  return buf;
}

template <class T>
refb::RefMask ResolveRef(const MaskCase& mc, uint32_t repeat) {
  constexpr uint32_t L = refb::kLanes<T>;
  switch (mc.kind) {
    case MaskKind::kCont:
      return refb::ContMask(L, repeat, static_cast<uint32_t>(mc.n));
    case MaskKind::kBits:
    case MaskKind::kReg:
      return refb::NormalMask(L, repeat, mc.bits);
    default:
      return refb::CounterMask(L, mc.n);
  }
}

// Calls f(std::integral_constant<bool, isSetMask>, mask) in a kernel, with
// the mask registers set as the case needs; `mask` is an int32_t
// (continuous / placeholder) or a const uint64_t* (bit mask).
template <class T, class F>
void WithMask(const MaskCase& mc, F&& f) {
  switch (mc.kind) {
    case MaskKind::kCont:
      f(std::true_type{}, static_cast<int32_t>(mc.n));
      break;
    case MaskKind::kBits:
      f(std::true_type{}, static_cast<const uint64_t*>(mc.bits));
      break;
    case MaskKind::kReg:
      AscendC::SetVectorMask<T>(mc.bits[1], mc.bits[0]);
      f(std::false_type{}, static_cast<int32_t>(AscendC::MASK_PLACEHOLDER));
      AscendC::ResetMask();
      break;
    case MaskKind::kCounter:
      AscendC::SetMaskCount();
      f(std::true_type{}, static_cast<int32_t>(mc.n));
      AscendC::SetMaskNorm();
      break;
    case MaskKind::kCounterReg:
      AscendC::SetMaskCount();
      AscendC::SetVectorMask<T>(static_cast<int32_t>(mc.n));
      f(std::false_type{}, static_cast<int32_t>(AscendC::MASK_PLACEHOLDER));
      AscendC::SetMaskNorm();
      AscendC::ResetMask();
      break;
  }
}

template <class T>
std::vector<MaskCase> MaskCases(Rng& r) {
  constexpr uint32_t L = refb::kLanes<T>;
  auto clip = [&](MaskCase m) {
    if (L == 64) m.bits[1] = 0;
    return m;
  };
  std::vector<MaskCase> v;
  v.push_back({MaskKind::kCont, L, {0, 0}});
  v.push_back({MaskKind::kCont, 1, {0, 0}});
  v.push_back({MaskKind::kCont, 1 + r.Below(L), {0, 0}});
  v.push_back(clip({MaskKind::kBits, 0, {r.Next(), r.Next()}}));
  // Whole blocks on or off, some partial.
  MaskCase blocks{MaskKind::kBits, 0, {0, 0}};
  for (uint32_t l = 0; l < L; ++l) {
    const uint32_t b = l / refb::kE<T>;
    if (((b * 7 + 3) % 5) < 2 || (b == 5 && l % 3 == 0)) blocks.bits[l / 64] |= uint64_t{1} << (l % 64);
  }
  v.push_back(blocks);
  v.push_back({MaskKind::kBits, 0, {0, 0}});  // nothing active
  v.push_back(clip({MaskKind::kReg, 0, {r.Next() & r.Next(), r.Next()}}));
  v.push_back({MaskKind::kCounter, 1 + r.Below(5 * L), {0, 0}});
  v.push_back({MaskKind::kCounterReg, 1 + r.Below(3 * L), {0, 0}});
  return v;
}

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
