// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The basic sorting instructions of the Ascend910B (the vendor's
// basic_api/kernel_operator_proposal_intf.h and kernel_struct_proposal.h),
// half and float scores:
//
//   Sort32<T>(dst, src0, src1, repeatTime)
//       repeatTime groups of 32: scores src0[32 r .. 32 r + 31] with the
//       uint32 indices src1[same] become 32 8-byte records (score, index) at
//       dst byte 256 r, sorted by score, descending. Record layout: the score
//       in the low bytes (float: bytes 0-3; half: bytes 0-1, bytes 2-3 are
//       reserved and written as 0), the index in bytes 4-7. repeatTime in
//       [0, 255]; 0 writes nothing.
//   MrgSort4Info {elementLengths[4] = {0}, ifExhaustedSuspension = false,
//                 validBit = 0, repeatTimes = 1} (the vendor's fields, order
//       and defaults; elementLengths in records of 8 bytes)
//   MrgSortSrcList<T> {src1, src2, src3, src4}
//   MrgSort<T>(dst, src, params)
//       merges the 2, 3 or 4 lists validBit selects (3, 7, 15: the first 2,
//       3, 4) into dst: repeatedly the head record with the largest score
//       goes next; records are copied whole (8 bytes). With
//       ifExhaustedSuspension the merge stops right after the first list runs
//       out (a selected list of length 0 stops it before any record);
//       otherwise it runs until all are empty. repeatTimes r > 1 (only with 4
//       lists of one length, stored one after another, no suspension):
//       repeat k merges the 4 lists at src1 + k * 4 * length records into
//       dst + k * 4 * length records. repeatTimes 0 writes nothing.
//   GetMrgSortResult(l1, l2, l3, l4)
//       the records the latest MrgSort of this block took from each list
//       (the VMS4_SR register; after repeats, the last repeat's).
//   MrgSort<T, isExhaustedSuspension = false>(dst, sortList,
//       elementCountList, sortedNum, validBit, repeatTime)
//       the vendor's convenience form: MrgSort with an MrgSort4Info of
//       these values; with isExhaustedSuspension, sortedNum[i] receives the
//       records taken from list i (else sortedNum is not written).
//
// Order (the same as lib/sort.h): descending by value with -0 == +0, NaN
// (any payload or sign) above +inf. Ties: Sort32 keeps the input order (the
// documented rule "score[i] == score[j], i > j: score[j] first"); MrgSort
// takes the lower-numbered list first, and within a list keeps its order
// (the same rule over the lists read one after another). MrgSort does not
// check that its inputs are sorted: it merges whatever heads it sees, as the
// hardware does.
//
// Checks (KernelError naming the API, the parameter and the values):
// repeatTime / repeatTimes outside [0, 255] (the convenience MrgSort: [1,
// 255]), validBit not 3, 7 or 15, an elementLengths entry above 4095,
// repeatTimes > 1 without its four conditions, an operand not allocated or
// extending past its buffer, dst (and Sort32's sources) not 32-byte aligned,
// a MrgSort list not 8-byte aligned, a source overlapping dst,
// GetMrgSortResult with no MrgSort in exhausted-suspension mode before it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/type_name.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/check.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/target.h"

namespace AscendC {

// The vendor's MRG_SORT_ELEMENT_LEN: the lists of one MrgSort.
constexpr uint8_t MRG_SORT_ELEMENT_LEN = 4;

struct MrgSort4Info {
  MrgSort4Info() {}
  MrgSort4Info(const uint16_t elementLengthsIn[MRG_SORT_ELEMENT_LEN],
               const bool ifExhaustedSuspensionIn, const uint16_t validBitIn,
               const uint16_t repeatTimesIn)
      : ifExhaustedSuspension(ifExhaustedSuspensionIn),
        validBit(validBitIn),
        repeatTimes(static_cast<uint8_t>(repeatTimesIn)) {
    for (int i = 0; i < MRG_SORT_ELEMENT_LEN; ++i) elementLengths[i] = elementLengthsIn[i];
  }
  uint16_t elementLengths[MRG_SORT_ELEMENT_LEN] = {0};
  bool ifExhaustedSuspension = false;
  uint16_t validBit = 0;
  uint8_t repeatTimes = 1;
};

template <typename T>
struct MrgSortSrcList {
  MrgSortSrcList() {}
  MrgSortSrcList(const LocalTensor<T>& src1In, const LocalTensor<T>& src2In,
                 const LocalTensor<T>& src3In, const LocalTensor<T>& src4In) {
    src1 = src1In[0];
    src2 = src2In[0];
    src3 = src3In[0];
    src4 = src4In[0];
  }
  LocalTensor<T> src1;
  LocalTensor<T> src2;
  LocalTensor<T> src3;
  LocalTensor<T> src4;
};

}  // namespace AscendC

namespace aicore {
namespace detail {
AICORE_TARGET_BEGIN

template <class T>
constexpr bool kProposalType = std::is_same_v<T, half> || std::is_same_v<T, float>;

// A 32-bit key whose ascending order is the descending order of x: -0 ==
// +0, NaN (any) first, then +inf ... -inf.
AICORE_INLINE uint32_t ProposalKey(float x) {
  if (x != x) return 0;
  if (x == 0.0f) x = 0.0f;
  uint32_t u;
  std::memcpy(&u, &x, 4);
  const uint32_t asc = (u & 0x80000000u) ? ~u : (u | 0x80000000u);
  return ~asc;
}

// The key of the score in the record at p (T's bits in the low bytes).
template <class T>
AICORE_INLINE uint32_t RecordKey(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return ProposalKey(static_cast<float>(v));
}

[[noreturn]] AICORE_COLD inline void FailProposal(const char* api, const std::string& what,
                                                  SrcLoc loc,
                                                  ErrorKind kind = ErrorKind::kParameter) {
  Fail(kind, api, loc, what);
}

inline void CheckProposalRepeat(const char* api, const char* name, int64_t r, int64_t lo,
                                SrcLoc loc) {
  if (AICORE_UNLIKELY(r < lo || r > 255)) {
    FailProposal(api, std::string(name) + " " + std::to_string(r) + " is outside [" +
                          std::to_string(lo) + ", 255]", loc);
  }
}

template <class A, class B>
AICORE_INLINE void CheckProposalOverlap(const char* api, const char* ra,
                                        const AscendC::LocalTensor<A>& a, uint64_t a_bytes,
                                        const char* rb, const AscendC::LocalTensor<B>& b,
                                        uint64_t b_bytes, SrcLoc loc) {
  if (AICORE_UNLIKELY(BytesOverlap(a.addr_, a_bytes, b.addr_, b_bytes))) {
    FailProposal(api, std::string(ra) + " (" + std::to_string(a_bytes) + " bytes) overlaps " + rb +
                          " (" + std::to_string(b_bytes) +
                          " bytes); source and destination must not overlap", loc);
  }
}

// Sorts the 32 (score, index) pairs at s / ix into records at out.
template <class T>
AICORE_INLINE void Sort32Group(uint8_t* out, const T* s, const uint32_t* ix) {
  uint64_t keys[32];
  uint64_t rec[32];
  for (uint32_t i = 0; i < 32; ++i) {
    const float f = static_cast<float>(s[i]);
    keys[i] = (uint64_t{ProposalKey(f)} << 32) | i;
    uint64_t bits = 0;
    std::memcpy(&bits, s + i, sizeof(T));
    rec[i] = bits | (uint64_t{ix[i]} << 32);
  }
  std::sort(keys, keys + 32);  // keys are unique (position in the low bits)
  for (uint32_t i = 0; i < 32; ++i) {
    std::memcpy(out + size_t{i} * 8, &rec[static_cast<uint32_t>(keys[i])], 8);
  }
}

// One merge of up to 4 lists of records (n[i] records at src[i]; n[i] 0
// for the unselected ones) into out; taken[i] receives the records taken.
template <class T>
inline void MergeLists(uint8_t* out, const uint8_t* const src[4], const uint32_t n[4],
                       int lists, bool suspend, uint32_t taken[4]) {
  uint32_t pos[4] = {0, 0, 0, 0};
  uint64_t head[4];  // key << 3 | list: the smallest is next; UINT64_MAX: empty
  auto load = [&](int i) {
    head[i] = pos[i] < n[i]
                  ? (uint64_t{RecordKey<T>(src[i] + size_t{pos[i]} * 8)} << 3) | uint64_t(i)
                  : ~uint64_t{0};
  };
  for (int i = 0; i < 4; ++i) {
    if (i < lists) {
      load(i);
    } else {
      head[i] = ~uint64_t{0};
    }
  }
  bool stop = false;
  if (suspend) {
    for (int i = 0; i < lists; ++i) stop = stop || n[i] == 0;
  }
  uint8_t* o = out;
  while (!stop) {
    const uint64_t m01 = std::min(head[0], head[1]);
    const uint64_t m23 = std::min(head[2], head[3]);
    const uint64_t m = std::min(m01, m23);
    if (m == ~uint64_t{0}) break;
    const int i = static_cast<int>(m & 7);
    std::memcpy(o, src[i] + size_t{pos[i]} * 8, 8);
    o += 8;
    ++pos[i];
    load(i);
    if (suspend && pos[i] == n[i]) stop = true;
  }
  for (int i = 0; i < 4; ++i) taken[i] = pos[i];
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

template <typename T>
AICORE_INLINE void Sort32(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                          const LocalTensor<uint32_t>& src1, const int32_t repeatTime,
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kProposalType<T>, "Sort32: T must be half or float");
  namespace det = aicore::detail;
  const char* api = "Sort32";
  det::Enter(api, loc);
  det::CheckProposalRepeat(api, "repeatTime", repeatTime, 0, loc);
  const uint64_t n = 32u * static_cast<uint64_t>(repeatTime);
  det::CheckLocal(api, "dst", dst, n * 8, loc);
  det::CheckLocal(api, "src0", src0, n * sizeof(T), loc);
  det::CheckLocal(api, "src1", src1, n * 4, loc);
  det::CheckProposalOverlap(api, "dst", dst, n * 8, "src0", src0, n * sizeof(T), loc);
  det::CheckProposalOverlap(api, "dst", dst, n * 8, "src1", src1, n * 4, loc);
  uint8_t* out = reinterpret_cast<uint8_t*>(dst.addr_);
  for (uint64_t g = 0; g < n; g += 32) {
    det::Sort32Group<T>(out + g * 8, src0.addr_ + g, src1.addr_ + g);
  }
}

template <typename T>
inline void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src,
                    const MrgSort4Info& params, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kProposalType<T>, "MrgSort: T must be half or float");
  namespace det = aicore::detail;
  const char* api = "MrgSort";
  det::CoreContext& core = det::Enter(api, loc);
  const uint16_t vb = params.validBit;
  if (AICORE_UNLIKELY(vb != 3 && vb != 7 && vb != 15)) {
    det::FailProposal(api, "validBit " + std::to_string(vb) +
                               " is not 3, 7 or 15 (the first 2, 3 or 4 lists)", loc);
  }
  const int lists = vb == 3 ? 2 : (vb == 7 ? 3 : 4);
  const uint32_t rep = params.repeatTimes;  // uint8_t: [0, 255] by type
  const LocalTensor<T>* s[4] = {&src.src1, &src.src2, &src.src3, &src.src4};
  static const char* const kRole[4] = {"src.src1", "src.src2", "src.src3", "src.src4"};
  uint32_t len[4] = {0, 0, 0, 0};
  uint64_t total = 0;
  for (int i = 0; i < lists; ++i) {
    len[i] = params.elementLengths[i];
    if (AICORE_UNLIKELY(len[i] > 4095)) {
      det::FailProposal(api, "elementLengths[" + std::to_string(i) + "] " +
                                 std::to_string(len[i]) + " is outside [0, 4095]", loc);
    }
    total += len[i];
  }
  if (rep > 1) {
    std::string why;
    if (lists != 4) {
      why = "validBit is " + std::to_string(vb) + ", not 15";
    } else if (params.ifExhaustedSuspension) {
      why = "ifExhaustedSuspension is true";
    } else if (len[1] != len[0] || len[2] != len[0] || len[3] != len[0]) {
      why = "the elementLengths differ (" + std::to_string(len[0]) + ", " +
            std::to_string(len[1]) + ", " + std::to_string(len[2]) + ", " +
            std::to_string(len[3]) + ")";
    } else {
      for (int i = 1; i < 4 && why.empty(); ++i) {
        if (s[i]->addr_ != s[0]->addr_ + size_t{len[0]} * i * (8 / sizeof(T))) {
          why = std::string(kRole[i]) + " does not follow " + kRole[i - 1] + " directly";
        }
      }
    }
    if (AICORE_UNLIKELY(!why.empty())) {
      det::FailProposal(api, "repeatTimes " + std::to_string(rep) +
                                 " needs 4 lists of one length stored one after another and "
                                 "ifExhaustedSuspension false, but " + why, loc);
    }
  }
  const uint64_t out_bytes = total * 8 * rep;
  det::CheckLocal(api, "dst", dst, out_bytes, loc);
  for (int i = 0; i < lists; ++i) {
    const uint64_t span = rep > 1 ? uint64_t{len[i]} * 8 + (rep - 1) * total * 8
                                  : uint64_t{len[i]} * 8 * (rep != 0);
    det::CheckLocal(api, kRole[i], *s[i], span, loc, false);
    const uint8_t* p = reinterpret_cast<const uint8_t*>(s[i]->addr_);
    if (AICORE_UNLIKELY(((p - s[i]->buf_->base) & 7) != 0)) {
      det::FailProposal(api, std::string(kRole[i]) + " starts at byte offset " +
                                 std::to_string(p - s[i]->buf_->base) + " of its buffer, " +
                                 "which is not 8-byte aligned", loc, aicore::ErrorKind::kAlignment);
    }
    det::CheckProposalOverlap(api, "dst", dst, out_bytes, kRole[i], *s[i], span, loc);
  }
  if (rep == 0) return;
  uint32_t taken[4] = {0, 0, 0, 0};
  for (uint32_t r = 0; r < rep; ++r) {
    const uint8_t* sp[4];
    for (int i = 0; i < 4; ++i) {
      sp[i] = i < lists ? reinterpret_cast<const uint8_t*>(s[i]->addr_) + r * total * 8 : nullptr;
    }
    det::MergeLists<T>(reinterpret_cast<uint8_t*>(dst.addr_) + r * total * 8, sp, len, lists,
                       params.ifExhaustedSuspension, taken);
  }
  core.vms4_sr = uint64_t{taken[0]} | (uint64_t{taken[1]} << 16) | (uint64_t{taken[2]} << 32) |
                 (uint64_t{taken[3]} << 48);
  core.vms4_exhausted = params.ifExhaustedSuspension;
}

inline void GetMrgSortResult(uint16_t& mrgSortList1, uint16_t& mrgSortList2,
                             uint16_t& mrgSortList3, uint16_t& mrgSortList4,
                             aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  const char* api = "GetMrgSortResult";
  aicore::detail::CoreContext& core = aicore::detail::Enter(api, loc);
  if (AICORE_UNLIKELY(!core.vms4_exhausted)) {
    aicore::detail::FailProposal(
        api, "no MrgSort with ifExhaustedSuspension true ran before it in this block (the counts "
             "are defined only after such a MrgSort)", loc);
  }
  const uint64_t r = core.vms4_sr;
  mrgSortList1 = static_cast<uint16_t>(r);
  mrgSortList2 = static_cast<uint16_t>(r >> 16);
  mrgSortList3 = static_cast<uint16_t>(r >> 32);
  mrgSortList4 = static_cast<uint16_t>(r >> 48);
}

template <typename T, bool isExhaustedSuspension = false>
inline void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& sortList,
                    const uint16_t elementCountList[4], uint32_t sortedNum[4], uint16_t validBit,
                    const int32_t repeatTime, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(aicore::detail::kProposalType<T>, "MrgSort: T must be half or float");
  aicore::detail::Enter("MrgSort", loc);
  aicore::detail::CheckProposalRepeat("MrgSort", "repeatTime", repeatTime, 1, loc);
  const MrgSort4Info info(elementCountList, isExhaustedSuspension, validBit,
                          static_cast<uint16_t>(repeatTime));
  MrgSort(dst, sortList, info, loc);
  if constexpr (isExhaustedSuspension) {
    uint16_t a, b, c, d;
    GetMrgSortResult(a, b, c, d, loc);
    sortedNum[0] = a;
    sortedNum[1] = b;
    sortedNum[2] = c;
    sortedNum[3] = d;
  } else {
    (void)sortedNum;
  }
}

AICORE_TARGET_END
}  // namespace AscendC
