// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The sorting APIs of the Ascend910B (the vendor's Sort / Concat / Extract /
// GetSortOffset / GetSortLen of kernel_operator_proposal_intf.h, and the
// advanced TopK of adv_api/sort/topk.h), for half and float scores:
//
//   Concat<T>(concat, src, tmp, repeatTime)
//       on the 910B the scores need no preprocessing: concat becomes src (the
//       tensor is reassigned, as the vendor's); tmp is not used
//       (GetConcatTmpSize gives 0).
//   Sort<T, isFullSort>(dst, concat, index, tmp, repeatTime)
//       n = 32 * repeatTime scores (concat) with uint32 indices (index);
//       dst receives n 8-byte records (score, index): the score in the low
//       bytes (float: bytes 0-3; half: bytes 0-1, bytes 2-3 written as 0) and
//       the index in bytes 4-7. Descending by score. isFullSort false: each
//       group of 32 is sorted on its own (the Sort32 instruction);
//       isFullSort true: all n together. Ties keep the input order (the
//       vendor: "if score[i] == score[j] and i > j, score[j] comes first").
//       tmp: GetSortTmpSize bytes (8 * n), checked with isFullSort.
//   Extract<T>(dstValue, dstIndex, sorted, repeatTime)
//       32 records per repeat: dstValue[i] = score, dstIndex[i] = index.
//   GetSortOffset<T>(elemOffset), GetSortLen<T>(elemCount)
//       the position / length of records in a LocalTensor<T> of records:
//       elemOffset * 8 / sizeof(T) (half: * 4, float: * 2). The vendor's
//       text says "bytes"; its 910B code returns these element counts, and
//       kernels index LocalTensor<T> with them, so aicore follows the code.
//   TopK<T, isInitIndex, isHasfinish, isReuseSrc, topkMode>(dstValueLocal,
//       dstIndexLocal, srcLocal, srcIndexLocal, finishLocal[, tmpLocal], k,
//       tilling, topKInfo, isLargest = true)
//       per row r of topKInfo.outter rows of topKInfo.inner elements: the k
//       largest (isLargest) or smallest values and their indices (srcIndexLocal
//       when isInitIndex: one row of inner shared by all rows in Normal mode,
//       outter rows in Small mode; else the positions 0..inner-1), in order,
//       ties by position. Output rows: Normal mode k_pad (k rounded up to 32
//       bytes of T) values and kpad_index (k rounded up to 8) indices apart;
//       Small mode k apart. Elements k..k_pad-1 are not written. With
//       isHasfinish, a row whose finishLocal value is true gets the index n
//       (topKInfo.n) k times. The padding elements (inner - n) take part in
//       the selection, as on the NPU (the kernel fills them with the type's
//       lowest / highest value).
//
// Order of values (bit-defined, the same in every API here): descending
// order of the value as a real number, with -0 == +0; NaN (any payload or
// sign) compares above +inf, so NaNs come first (TopK's documented rule "NaN
// is placed first in both orders": isLargest false sorts -x descending, as
// the NPU does, and -NaN is NaN). Among equal values the lower position
// comes first. The values written are the inputs' bits (half: unconverted).
//
// The records are sorted once per call: (value key, position) pairs as one
// uint64 each, std::sort for short inputs and a stable 3-pass radix sort on
// the 32-bit key for long ones; TopK keeps the k first keys of a row in a
// max-heap (most elements cost one compare with its top) and sorts them at
// the end. Each operand is checked like the basic instructions
// (allocated, 32-byte aligned, inside its buffer) and recorded for the
// sanitizer; bad input raises KernelError naming the API, the parameter,
// what it needed and what it got: repeatTime outside [0, 255], an operand
// smaller than the call needs, a tmp buffer below the minimum, TopK's k
// outside [1, n], an inner that is not a positive multiple of 32 (or not 32
// in Small mode, or above 4096 in Normal mode), n outside [1, inner], a
// tiling computed for another shape (allDataSize / innerDataSize), and
// overlapping source and destination. Unsupported element types and
// isHasfinish in Small mode are compile errors.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/type_name.h"
#include "aicore/lib/sort_tiling.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/ops/sort_basic.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/target.h"

namespace aicore {
namespace lib {
AICORE_TARGET_BEGIN

template <class T>
constexpr bool kSortType = std::is_same_v<T, half> || std::is_same_v<T, float>;

// The float value of a score (half converts exactly).
template <class T>
AICORE_INLINE float SortScore(T v) {
  if constexpr (std::is_same_v<T, float>) {
    return v;
  } else {
    return static_cast<float>(v);
  }
}

// A 32-bit key whose ascending order is the descending order of x (see the
// header): -0 == +0, NaN above +inf.
// (The key of the basic Sort32 / MrgSort, ops/sort_basic.h.)
AICORE_INLINE uint32_t DescendingKey(float x) { return detail::ProposalKey(x); }

// The low 4 bytes of a record: the score's bits (half: zero-extended).
template <class T>
AICORE_INLINE uint32_t ScoreBits(T v) {
  if constexpr (std::is_same_v<T, float>) {
    uint32_t u;
    std::memcpy(&u, &v, 4);
    return u;
  } else {
    uint16_t h;
    std::memcpy(&h, &v, 2);
    return h;
  }
}

// Per-thread scratch of the sorts (grows to the largest call, then reused).
struct SortScratch {
  std::vector<uint64_t> a, b;
};
inline SortScratch& TlsSortScratch() {
  static thread_local SortScratch s;
  return s;
}

// Sorts keys[0, n) ascending by their high 32 bits, stably (the low 32 bits
// are unique positions, so the order is total either way).
inline void SortKeys(uint64_t* keys, uint32_t n, std::vector<uint64_t>& tmp) {
  if (n <= 512) {
    std::sort(keys, keys + n);
    return;
  }
  if (tmp.size() < n) tmp.resize(n);
  uint64_t* src = keys;
  uint64_t* dst = tmp.data();
  constexpr int kBits = 11;
  constexpr uint32_t kBuckets = 1u << kBits;
  uint32_t count[3][kBuckets] = {};
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t k = static_cast<uint32_t>(src[i] >> 32);
    ++count[0][k & (kBuckets - 1)];
    ++count[1][(k >> kBits) & (kBuckets - 1)];
    ++count[2][k >> (2 * kBits)];
  }
  for (int pass = 0; pass < 3; ++pass) {
    uint32_t sum = 0;
    for (uint32_t b = 0; b < kBuckets; ++b) {
      const uint32_t c = count[pass][b];
      count[pass][b] = sum;
      sum += c;
    }
    const int shift = 32 + pass * kBits;
    for (uint32_t i = 0; i < n; ++i) {
      const uint32_t d = static_cast<uint32_t>(src[i] >> shift) & (kBuckets - 1);
      dst[count[pass][d]++] = src[i];
    }
    std::swap(src, dst);
  }
  if (src != keys) std::memcpy(keys, src, size_t{n} * sizeof(uint64_t));
}

// Fills keys[i] = (DescendingKey(score[i] * sign) << 32) | i.
template <class T>
AICORE_INLINE void BuildKeys(const T* score, uint32_t n, bool negate, uint64_t* keys) {
  for (uint32_t i = 0; i < n; ++i) {
    const float f = SortScore(score[i]);
    keys[i] = (uint64_t{DescendingKey(negate ? -f : f)} << 32) | i;
  }
}

// Sorts n (score, index) pairs into 8-byte records at dst.
template <class T>
inline void SortRecords(uint8_t* dst, const T* score, const uint32_t* index, uint32_t n) {
  SortScratch& s = TlsSortScratch();
  if (s.a.size() < 2 * size_t{n}) s.a.resize(2 * size_t{n});
  uint64_t* keys = s.a.data();
  uint64_t* rec = keys + n;  // the records by input position (read before any write)
  BuildKeys(score, n, false, keys);
  for (uint32_t i = 0; i < n; ++i) {
    rec[i] = uint64_t{ScoreBits(score[i])} | (uint64_t{index[i]} << 32);
  }
  SortKeys(keys, n, s.b);
  for (uint32_t i = 0; i < n; ++i) {
    const uint64_t r = rec[static_cast<uint32_t>(keys[i])];
    std::memcpy(dst + size_t{i} * 8, &r, 8);
  }
}

[[noreturn]] AICORE_COLD inline void FailSort(const char* api, const std::string& what, SrcLoc loc,
                                              ErrorKind kind = ErrorKind::kParameter) {
  detail::Fail(kind, api, loc, what);
}

inline void CheckRepeat(const char* api, int32_t repeatTime, SrcLoc loc) {
  if (AICORE_UNLIKELY(repeatTime < 0 || repeatTime > 255)) {
    FailSort(api, "repeatTime " + std::to_string(repeatTime) + " is outside [0, 255]", loc);
  }
}

// `t` holds at least `need` elements (role: the vendor's parameter name).
template <class T>
AICORE_INLINE void CheckHolds(const char* api, const char* role, const AscendC::LocalTensor<T>& t,
                              uint64_t need, const char* why, SrcLoc loc) {
  if (AICORE_UNLIKELY(t.GetSize() < need)) {
    FailSort(api, std::string(role) + " holds " + std::to_string(t.GetSize()) + " " +
                      detail::TypeName<T>() + " elements, fewer than the " + std::to_string(need) +
                      " " + why, loc, ErrorKind::kBounds);
  }
}

template <class A, class B>
AICORE_INLINE void CheckNoOverlap(const char* api, const char* ra, const AscendC::LocalTensor<A>& a,
                                  uint64_t a_bytes, const char* rb,
                                  const AscendC::LocalTensor<B>& b, uint64_t b_bytes, SrcLoc loc) {
  if (AICORE_UNLIKELY(detail::BytesOverlap(a.addr_, a_bytes, b.addr_, b_bytes))) {
    FailSort(api, std::string(ra) + " overlaps " + rb +
                      " (the vendor does not support overlapping source and destination)", loc);
  }
}

AICORE_TARGET_END
}  // namespace lib
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

template <typename T>
AICORE_INLINE uint32_t GetSortOffset(const uint32_t elemOffset) {
  static_assert(aicore::lib::kSortType<T>, "GetSortOffset: T must be half or float");
  return elemOffset * static_cast<uint32_t>(8 / sizeof(T));
}

template <typename T>
AICORE_INLINE uint32_t GetSortLen(const uint32_t elemCount) {
  static_assert(aicore::lib::kSortType<T>, "GetSortLen: T must be half or float");
  return elemCount * static_cast<uint32_t>(8 / sizeof(T));
}

template <typename T>
AICORE_INLINE void Concat(LocalTensor<T>& concat, const LocalTensor<T>& src,
                          const LocalTensor<T>& tmp, const int32_t repeatTime,
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kSortType<T>, "Concat: T must be half or float");
  (void)tmp;
  const char* api = "Concat";
  aicore::detail::Enter(api, loc);
  aicore::lib::CheckRepeat(api, repeatTime, loc);
  const uint64_t n = 16u * static_cast<uint64_t>(repeatTime);
  aicore::lib::CheckHolds(api, "src", src, n, "elements of repeatTime * 16", loc);
  aicore::detail::CheckLocal(api, "src", src, n * sizeof(T), loc, true,
                             aicore::detail::Pipe::kCount);
  concat = src;
}

template <typename T, bool isFullSort>
AICORE_INLINE void Sort(const LocalTensor<T>& dst, const LocalTensor<T>& concat,
                        const LocalTensor<uint32_t>& index, LocalTensor<T>& tmp,
                        const int32_t repeatTime, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kSortType<T>, "Sort: T must be half or float");
  namespace lib = aicore::lib;
  namespace det = aicore::detail;
  const char* api = "Sort";
  det::Enter(api, loc);
  lib::CheckRepeat(api, repeatTime, loc);
  const uint32_t n = 32u * static_cast<uint32_t>(repeatTime);
  const uint32_t rec_elems = GetSortLen<T>(n);
  lib::CheckHolds(api, "concat", concat, n, "scores of repeatTime * 32", loc);
  lib::CheckHolds(api, "index", index, n, "indices of repeatTime * 32", loc);
  lib::CheckHolds(api, "dst", dst, rec_elems, "elements of repeatTime * 32 8-byte records", loc);
  det::CheckLocal(api, "concat", concat, uint64_t{n} * sizeof(T), loc);
  det::CheckLocal(api, "index", index, uint64_t{n} * 4, loc);
  det::CheckLocal(api, "dst", dst, uint64_t{n} * 8, loc);
  if constexpr (isFullSort) {
    const uint64_t need = uint64_t{n} * 8;  // GetSortTmpSize
    det::CheckLocal(api, "tmp", tmp, uint64_t{tmp.GetSize()} * sizeof(T), loc, true,
                    det::Pipe::kCount);
    if (AICORE_UNLIKELY(uint64_t{tmp.GetSize()} * sizeof(T) < need)) {
      lib::FailSort(api, "tmp holds " + std::to_string(uint64_t{tmp.GetSize()} * sizeof(T)) +
                             " bytes, fewer than the " + std::to_string(need) +
                             " bytes GetSortTmpSize gives for " + std::to_string(n) + " " +
                             det::TypeName<T>() + " elements (full sort)", loc);
    }
  }
  lib::CheckNoOverlap(api, "dst", dst, uint64_t{n} * 8, "concat", concat, uint64_t{n} * sizeof(T),
                      loc);
  lib::CheckNoOverlap(api, "dst", dst, uint64_t{n} * 8, "index", index, uint64_t{n} * 4, loc);
  if (n == 0) return;
  uint8_t* out = reinterpret_cast<uint8_t*>(dst.addr_);
  if constexpr (isFullSort) {
    lib::SortRecords<T>(out, concat.addr_, index.addr_, n);
  } else {
    for (uint32_t g = 0; g < n; g += 32) {
      lib::SortRecords<T>(out + size_t{g} * 8, concat.addr_ + g, index.addr_ + g, 32);
    }
  }
}

template <typename T>
AICORE_INLINE void Extract(const LocalTensor<T>& dstValue, const LocalTensor<uint32_t>& dstIndex,
                           const LocalTensor<T>& sorted, const int32_t repeatTime,
                           aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kSortType<T>, "Extract: T must be half or float");
  namespace lib = aicore::lib;
  namespace det = aicore::detail;
  const char* api = "Extract";
  det::Enter(api, loc);
  lib::CheckRepeat(api, repeatTime, loc);
  const uint32_t n = 32u * static_cast<uint32_t>(repeatTime);
  lib::CheckHolds(api, "sorted", sorted, GetSortLen<T>(n),
                  "elements of repeatTime * 32 8-byte records", loc);
  lib::CheckHolds(api, "dstValue", dstValue, n, "values of repeatTime * 32", loc);
  lib::CheckHolds(api, "dstIndex", dstIndex, n, "indices of repeatTime * 32", loc);
  det::CheckLocal(api, "sorted", sorted, uint64_t{n} * 8, loc);
  det::CheckLocal(api, "dst", dstValue, uint64_t{n} * sizeof(T), loc);
  det::CheckLocal(api, "dst", dstIndex, uint64_t{n} * 4, loc);
  const uint8_t* in = reinterpret_cast<const uint8_t*>(sorted.addr_);
  lib::CheckNoOverlap(api, "dstValue", dstValue, uint64_t{n} * sizeof(T), "sorted", sorted,
                      uint64_t{n} * 8, loc);
  lib::CheckNoOverlap(api, "dstIndex", dstIndex, uint64_t{n} * 4, "sorted", sorted,
                      uint64_t{n} * 8, loc);
  T* v = dstValue.addr_;
  uint32_t* ix = dstIndex.addr_;
  for (uint32_t i = 0; i < n; ++i) {
    std::memcpy(v + i, in + size_t{i} * 8, sizeof(T));
    std::memcpy(ix + i, in + size_t{i} * 8 + 4, 4);
  }
}

AICORE_TARGET_END
}  // namespace AscendC

// ---- TopK ---------------------------------------------------------------------

namespace aicore {
namespace lib {
AICORE_TARGET_BEGIN

// The template flags as run-time values: one instantiation per T.
template <class T>
inline void TopKImpl(const AscendC::LocalTensor<T>& dstValue,
                     const AscendC::LocalTensor<int32_t>& dstIndex,
                     const AscendC::LocalTensor<T>& src,
                     const AscendC::LocalTensor<int32_t>& srcIndex,
                     const AscendC::LocalTensor<bool>& finish,
                     const AscendC::LocalTensor<uint8_t>* tmp, int32_t k,
                     const AscendC::TopkTiling& tiling, const AscendC::TopKInfo& info,
                     bool isLargest, bool isInitIndex, bool isHasfinish,
                     AscendC::TopKMode topkMode, SrcLoc loc) {
  namespace det = aicore::detail;
  const bool kSmall = topkMode == AscendC::TopKMode::TOPK_NSMALL;
  const char* api = "TopK";
  det::Enter(api, loc);
  const int32_t outter = info.outter, inner = info.inner, n = info.n;
  if (AICORE_UNLIKELY(outter < 1)) {
    FailSort(api, "topKInfo.outter " + std::to_string(outter) + " is not positive", loc);
  }
  if (AICORE_UNLIKELY(inner <= 0 || inner % 32 != 0)) {
    FailSort(api, "topKInfo.inner " + std::to_string(inner) + " is not a positive multiple of 32",
             loc);
  }
  // (A run-time check, as the vendor's 910B TopK asserts it: kernels
  // instantiate both modes and choose at run time.)
  if (kSmall && AICORE_UNLIKELY(isHasfinish)) {
    FailSort(api, "isHasfinish is true in TopKMode::TOPK_NSMALL (Small mode takes no finish flags)", loc);
  }
  if (kSmall && AICORE_UNLIKELY(inner != 32)) {
    FailSort(api, "topKInfo.inner " + std::to_string(inner) +
                      " in TopKMode::TOPK_NSMALL (Small mode needs inner == 32)", loc);
  }
  if (!kSmall && AICORE_UNLIKELY(inner > 4096)) {
    FailSort(api, "topKInfo.inner " + std::to_string(inner) +
                      " exceeds 4096, the largest inner of TopKMode::TOPK_NORMAL", loc);
  }
  if (AICORE_UNLIKELY(n < 1 || n > inner)) {
    FailSort(api, "topKInfo.n " + std::to_string(n) + " is outside [1, inner = " +
                      std::to_string(inner) + "]", loc);
  }
  if (AICORE_UNLIKELY(k < 1 || k > n)) {
    FailSort(api, "k " + std::to_string(k) + " is outside [1, topKInfo.n = " + std::to_string(n) +
                      "]", loc);
  }
  const int32_t all = inner * outter;
  const int32_t inner_data = kSmall ? all * static_cast<int32_t>(8 / sizeof(T))
                                    : inner * static_cast<int32_t>(8 / sizeof(T));
  if (AICORE_UNLIKELY(tiling.allDataSize != all || tiling.innerDataSize != inner_data)) {
    FailSort(api, "the tiling was computed for another shape: its allDataSize " +
                      std::to_string(tiling.allDataSize) + " and innerDataSize " +
                      std::to_string(tiling.innerDataSize) + ", topKInfo {outter " +
                      std::to_string(outter) + ", inner " + std::to_string(inner) +
                      "} and " + det::TypeName<T>() + " need " + std::to_string(all) + " and " +
                      std::to_string(inner_data) + " (TopKTilingFunc with the same inner, outter, "
                      "dataTypeSize and mode)", loc);
  }
  const uint32_t kv = kSmall ? uint32_t(k) : uint32_t((k * int32_t(sizeof(T)) + 31) / 32 * 32 /
                                                      int32_t(sizeof(T)));
  const uint32_t ki = kSmall ? uint32_t(k) : uint32_t((k + 7) / 8 * 8);
  const uint64_t n_src = uint64_t(all);
  const uint64_t n_val = uint64_t(outter - 1) * kv + uint32_t(k);
  const uint64_t n_idx = uint64_t(outter - 1) * ki + uint32_t(k);
  CheckHolds(api, "srcLocal", src, n_src, "elements of topKInfo.outter * inner", loc);
  CheckHolds(api, "dstValueLocal", dstValue, n_val,
             kSmall ? "elements of outter rows of k" : "elements of outter rows of k_pad", loc);
  CheckHolds(api, "dstIndexLocal", dstIndex, n_idx,
             kSmall ? "elements of outter rows of k" : "elements of outter rows of kpad_index",
             loc);
  det::CheckLocal(api, "srcLocal", src, n_src * sizeof(T), loc);
  det::CheckLocal(api, "dst", dstValue, n_val * sizeof(T), loc);
  det::CheckLocal(api, "dst", dstIndex, n_idx * 4, loc);
  const uint64_t n_sidx = isInitIndex ? (kSmall ? n_src : uint64_t(inner)) : 0;
  if (isInitIndex) {
    CheckHolds(api, "srcIndexLocal", srcIndex, n_sidx,
               kSmall ? "indices of outter * inner (isInitIndex, Small mode)"
                      : "indices of inner (isInitIndex, Normal mode)", loc);
    det::CheckLocal(api, "srcIndexLocal", srcIndex, n_sidx * 4, loc);
  }
  if (isHasfinish) {
    CheckHolds(api, "finishLocal", finish, uint64_t(outter), "flags of outter (isHasfinish)", loc);
    det::CheckLocal(api, "finishLocal", finish, uint64_t(outter), loc);
  }
  if (tmp != nullptr) {
    const uint32_t need = TopKTmpBytes(inner, outter, isInitIndex, topkMode, isLargest);
    det::CheckLocal(api, "tmpLocal", *tmp, tmp->GetSize(), loc, true, det::Pipe::kCount);
    if (AICORE_UNLIKELY(tmp->GetSize() < need)) {
      FailSort(api, "tmpLocal holds " + std::to_string(tmp->GetSize()) + " bytes, fewer than the " +
                        std::to_string(need) + " bytes GetTopKMaxMinTmpSize gives as the minimum "
                        "for " + det::TypeName<T>() + " inner " + std::to_string(inner) +
                        ", outter " + std::to_string(outter), loc);
    }
    CheckNoOverlap(api, "tmpLocal", *tmp, tmp->GetSize(), "srcLocal", src, n_src * sizeof(T), loc);
  }
  CheckNoOverlap(api, "dstValueLocal", dstValue, n_val * sizeof(T), "srcLocal", src,
                 n_src * sizeof(T), loc);
  CheckNoOverlap(api, "dstIndexLocal", dstIndex, n_idx * 4, "srcLocal", src, n_src * sizeof(T),
                 loc);
  CheckNoOverlap(api, "dstValueLocal", dstValue, n_val * sizeof(T), "dstIndexLocal", dstIndex,
                 n_idx * 4, loc);

  SortScratch& s = TlsSortScratch();
  if (s.a.size() < size_t(k)) s.a.resize(size_t(k));
  uint64_t* keys = s.a.data();
  const T* sp = src.addr_;
  const int32_t* ip = isInitIndex ? srcIndex.addr_ : nullptr;
  const bool* fp = isHasfinish ? finish.addr_ : nullptr;
  const bool negate = !isLargest;
  for (int32_t r = 0; r < outter; ++r) {
    const T* row = sp + size_t(r) * inner;
    // The k smallest keys: a max-heap of k. An element enters only if it
    // comes strictly before the heap's top in the order (a later position
    // never wins a tie), which one float compare decides: most elements cost
    // that compare.
    BuildKeys(row, uint32_t(k), negate, keys);
    std::make_heap(keys, keys + k);
    float topf = SortScore(row[static_cast<uint32_t>(keys[0])]);
    for (uint32_t i = uint32_t(k); i < uint32_t(inner); ++i) {
      const float f = SortScore(row[i]);
      const bool before = (negate ? f < topf : f > topf) || f != f;
      if (AICORE_LIKELY(!before) || topf != topf) continue;
      // Replace the top and sift it down.
      const uint64_t key = (uint64_t{DescendingKey(negate ? -f : f)} << 32) | i;
      uint32_t h = 0;
      for (;;) {
        uint32_t c = 2 * h + 1;
        if (c >= uint32_t(k)) break;
        if (c + 1 < uint32_t(k) && keys[c + 1] > keys[c]) ++c;
        if (keys[c] <= key) break;
        keys[h] = keys[c];
        h = c;
      }
      keys[h] = key;
      topf = SortScore(row[static_cast<uint32_t>(keys[0])]);
    }
    std::sort_heap(keys, keys + k);
    T* vo = dstValue.addr_ + size_t(r) * kv;
    int32_t* io = dstIndex.addr_ + size_t(r) * ki;
    const int32_t* irow = ip == nullptr ? nullptr : ip + (kSmall ? size_t(r) * inner : 0);
    const bool finished = fp != nullptr && fp[r];
    for (int32_t i = 0; i < k; ++i) {
      const uint32_t pos = static_cast<uint32_t>(keys[i]);
      vo[i] = row[pos];
      io[i] = finished ? n : (irow != nullptr ? irow[pos] : int32_t(pos));
    }
  }
}

AICORE_TARGET_END
}  // namespace lib
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

template <typename T, bool isInitIndex = false, bool isHasfinish = false, bool isReuseSrc = false,
          enum TopKMode topkMode = TopKMode::TOPK_NORMAL>
AICORE_INLINE void TopK(const LocalTensor<T>& dstValueLocal, const LocalTensor<int32_t>& dstIndexLocal,
                        const LocalTensor<T>& srcLocal, const LocalTensor<int32_t>& srcIndexLocal,
                        const LocalTensor<bool>& finishLocal, const LocalTensor<uint8_t>& tmpLocal,
                        const int32_t k, const TopkTiling& tilling, const TopKInfo& topKInfo,
                        const bool isLargest = true,
                        aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kSortType<T>, "TopK: T must be half or float");
  aicore::lib::TopKImpl<T>(dstValueLocal, dstIndexLocal, srcLocal, srcIndexLocal, finishLocal,
                           &tmpLocal, k, tilling, topKInfo, isLargest, isInitIndex, isHasfinish,
                           topkMode, loc);
}

template <typename T, bool isInitIndex = false, bool isHasfinish = false, bool isReuseSrc = false,
          enum TopKMode topkMode = TopKMode::TOPK_NORMAL>
AICORE_INLINE void TopK(const LocalTensor<T>& dstValueLocal, const LocalTensor<int32_t>& dstIndexLocal,
                        const LocalTensor<T>& srcLocal, const LocalTensor<int32_t>& srcIndexLocal,
                        const LocalTensor<bool>& finishLocal, const int32_t k,
                        const TopkTiling& tilling, const TopKInfo& topKInfo,
                        const bool isLargest = true,
                        aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::lib::kSortType<T>, "TopK: T must be half or float");
  aicore::lib::TopKImpl<T>(dstValueLocal, dstIndexLocal, srcLocal, srcIndexLocal, finishLocal,
                           nullptr, k, tilling, topKInfo, isLargest, isInitIndex, isHasfinish,
                           topkMode, loc);
}

AICORE_TARGET_END
}  // namespace AscendC
