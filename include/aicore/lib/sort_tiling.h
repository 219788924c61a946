// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The host side of the sorting APIs (the vendor's adv_api/sort/topk_tiling.h,
// topk_tilingdata.h, topk_utils.h and sort_tiling_intf.h), Ascend910B
// profile:
//
//   TopKMode {TOPK_NORMAL, TOPK_NSMALL}, TopKAlgo, TopKOrder, TopKConfig,
//   defaultTopKConfig, TopKInfo {outter = 1, inner, n}.
//   TopkTiling: the vendor's 32 fields in the vendor's order (int32_t /
//     uint32_t / uint16_t); AscendC::tiling::TopkTiling and
//     optiling::TopkTiling are one type (usable in BEGIN_TILING_DATA_DEF
//     through TILING_DATA_FIELD_DEF_STRUCT), so the vendor's two overloads of
//     TopKTilingFunc are one here.
//   GetTopKMaxMinTmpSize(platform, inner, outter, isReuseSource, isInitIndex,
//                        mode, isLargest, dataTypeSize, maxValue, minValue)
//     bytes, as the vendor's 910B (dav-c220) values:
//       Normal:  16 * inner, plus 4 * inner when !isInitIndex
//       Small:   8 * inner * outter + 64, plus 4 * inner * outter when
//                !isLargest, plus 4 * inner * outter when !isInitIndex
//     (max == min).
//   TopKTilingFunc(platform, inner, outter, k, dataTypeSize, isInitIndex, mode,
//                  isLargest, topKTiling): the vendor's dav-c220 field values
//     (sizes in elements of the data type). The kernel side of aicore reads
//     allDataSize and innerDataSize (to check the shape against the tiling)
//     and nothing else: the others are filled for kernels that read them.
//   GetSortTmpSize(platform, elemCount, dataTypeSize) = 8 * elemCount bytes,
//   GetConcatTmpSize(platform, elemCount, dataTypeSize) = 0 (the 910B Concat
//     needs none).
//   The radix-select overload of GetTopKMaxMinTmpSize (TensorDataType,
//   TopKConfig) and GetSortMaxMinTmpSize are for the vendor's Ascend950 only
//   and are not provided.
//
// Bad host input raises aicore::KernelError naming the function and the
// values (the vendor logs an error): inner not a positive multiple of 32,
// inner != 32 in Small mode, outter <= 0, a source larger than UB, a
// dataTypeSize other than 2 or 4, k outside [1, inner], elemCount 0.
#pragma once

#include <cstdint>
#include <string>

#include "aicore/base/error.h"
#include "aicore/lib/platform_ascendc.h"
#include "aicore/runtime/context.h"
#include "aicore/runtime/tiling.h"

namespace AscendC {

enum class TopKMode {
  TOPK_NORMAL,
  TOPK_NSMALL,
};
enum class TopKAlgo { RADIX_SELECT, MERGE_SORT };
enum class TopKOrder { UNSET, LARGEST, SMALLEST };
struct TopKConfig {
  TopKAlgo algo = TopKAlgo::MERGE_SORT;
  TopKOrder order = TopKOrder::UNSET;
  bool sorted = true;
};
inline constexpr TopKConfig defaultTopKConfig = {TopKAlgo::MERGE_SORT, TopKOrder::UNSET, true};

// The source's shape: outter rows of inner elements (inner a multiple of 32),
// n of them real (the rest padding).
struct TopKInfo {
  int32_t outter = 1;
  int32_t inner;
  int32_t n;
};

namespace tiling {

BEGIN_TILING_DATA_DEF(TopkTiling)
TILING_DATA_FIELD_DEF(int32_t, tmpLocalSize);
TILING_DATA_FIELD_DEF(int32_t, allDataSize);
TILING_DATA_FIELD_DEF(int32_t, innerDataSize);
TILING_DATA_FIELD_DEF(uint32_t, sortRepeat);
TILING_DATA_FIELD_DEF(int32_t, mrgSortRepeat);
TILING_DATA_FIELD_DEF(int32_t, kAlignFourBytes);
TILING_DATA_FIELD_DEF(int32_t, kAlignTwoBytes);
TILING_DATA_FIELD_DEF(int32_t, maskOffset);
TILING_DATA_FIELD_DEF(int32_t, maskVreducev2FourBytes);
TILING_DATA_FIELD_DEF(int32_t, maskVreducev2TwoBytes);
TILING_DATA_FIELD_DEF(int32_t, mrgSortSrc1offset);
TILING_DATA_FIELD_DEF(int32_t, mrgSortSrc2offset);
TILING_DATA_FIELD_DEF(int32_t, mrgSortSrc3offset);
TILING_DATA_FIELD_DEF(int32_t, mrgSortTwoQueueSrc1Offset);
TILING_DATA_FIELD_DEF(int32_t, mrgFourQueueTailPara1);
TILING_DATA_FIELD_DEF(int32_t, mrgFourQueueTailPara2);
TILING_DATA_FIELD_DEF(int32_t, srcIndexOffset);
TILING_DATA_FIELD_DEF(uint32_t, copyUbToUbBlockCount);
TILING_DATA_FIELD_DEF(int32_t, topkMrgSrc1MaskSizeOffset);
TILING_DATA_FIELD_DEF(int32_t, topkNSmallSrcIndexOffset);
TILING_DATA_FIELD_DEF(uint32_t, vreduceValMask0);
TILING_DATA_FIELD_DEF(uint32_t, vreduceValMask1);
TILING_DATA_FIELD_DEF(uint32_t, vreduceIdxMask0);
TILING_DATA_FIELD_DEF(uint32_t, vreduceIdxMask1);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask0);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask1);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask2);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask3);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask4);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask5);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask6);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask7);
END_TILING_DATA_DEF;

}  // namespace tiling

using tiling::TopkTiling;

}  // namespace AscendC

namespace optiling {
using AscendC::tiling::TopkTiling;
}  // namespace optiling

namespace aicore {
namespace lib {

[[noreturn]] AICORE_COLD inline void FailSortHost(const char* fn, const std::string& what,
                                                  SrcLoc loc) {
  detail::Fail(ErrorKind::kParameter, fn, loc, what);
}

inline void CheckSortTypeSize(const char* fn, uint32_t dataTypeSize, SrcLoc loc) {
  if (dataTypeSize != 2 && dataTypeSize != 4) {
    FailSortHost(fn, "dataTypeSize " + std::to_string(dataTypeSize) +
                         " is unsupported (2 for half, 4 for float)", loc);
  }
}

inline void CheckTopKHost(const char* fn, const platform_ascendc::PlatformAscendC& p, int32_t inner,
                          int32_t outter, AscendC::TopKMode mode, uint32_t dataTypeSize,
                          SrcLoc loc) {
  if (inner <= 0 || inner % 32 != 0) {
    FailSortHost(fn, "inner " + std::to_string(inner) + " is not a positive multiple of 32", loc);
  }
  if (mode == AscendC::TopKMode::TOPK_NSMALL && inner != 32) {
    FailSortHost(fn, "inner " + std::to_string(inner) + " in TopKMode::TOPK_NSMALL (Small mode "
                     "needs inner == 32)", loc);
  }
  if (outter <= 0) FailSortHost(fn, "outter " + std::to_string(outter) + " is not positive", loc);
  CheckSortTypeSize(fn, dataTypeSize, loc);
  uint64_t ub = 0;
  p.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);
  const uint64_t bytes = uint64_t(inner) * uint64_t(outter) * dataTypeSize;
  if (bytes > ub) {
    FailSortHost(fn, "the source of " + std::to_string(outter) + " x " + std::to_string(inner) +
                         " elements (" + std::to_string(bytes) + " bytes) exceeds UB (" +
                         std::to_string(ub) + " bytes)", loc);
  }
}

// The minimum (= maximum) temporary bytes of TopK on the 910B; inputs checked
// by the caller.
inline uint32_t TopKTmpBytes(int32_t inner, int32_t outter, bool isInitIndex,
                             AscendC::TopKMode mode, bool isLargest) {
  const uint32_t in = static_cast<uint32_t>(inner);
  const uint32_t all = in * static_cast<uint32_t>(outter);
  if (mode == AscendC::TopKMode::TOPK_NORMAL) return (isInitIndex ? 16u : 20u) * in;
  uint32_t b = 8u * all + 64u;
  if (!isLargest) b += 4u * all;
  if (!isInitIndex) b += 4u * all;
  return b;
}

// A mask of k two-bit groups, each `group` (0b01 or 0b10).
inline uint32_t RepeatBits2(uint32_t group, int32_t k) {
  uint32_t m = 0;
  for (int32_t i = 0; i < k; ++i) m |= group << (2 * i);
  return m;
}
// A 16-bit mask of k four-bit groups 0b0001.
inline uint16_t RepeatBits4(int32_t k) {
  uint16_t m = 0;
  for (int32_t i = 0; i < k; ++i) m = static_cast<uint16_t>(m | (1u << (4 * i)));
  return m;
}

}  // namespace lib
}  // namespace aicore

namespace AscendC {

inline bool GetTopKMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                                 const int32_t inner, const int32_t outter,
                                 const bool isReuseSource, const bool isInitIndex,
                                 enum TopKMode mode, const bool isLargest,
                                 const uint32_t dataTypeSize, uint32_t& maxValue,
                                 uint32_t& minValue,
                                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  (void)isReuseSource;  // reserved on the 910B
  aicore::lib::CheckTopKHost("GetTopKMaxMinTmpSize", ascendcPlatform, inner, outter, mode,
                             dataTypeSize, loc);
  minValue = aicore::lib::TopKTmpBytes(inner, outter, isInitIndex, mode, isLargest);
  maxValue = minValue;
  return true;
}

inline bool TopKTilingFunc(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                           const int32_t inner, const int32_t outter, const int32_t k,
                           const uint32_t dataTypeSize, const bool isInitIndex, enum TopKMode mode,
                           const bool isLargest, TopkTiling& topKTiling,
                           aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  const char* fn = "TopKTilingFunc";
  aicore::lib::CheckTopKHost(fn, ascendcPlatform, inner, outter, mode, dataTypeSize, loc);
  if (k < 1 || k > inner) {
    aicore::lib::FailSortHost(fn, "k " + std::to_string(k) + " is outside [1, inner = " +
                                      std::to_string(inner) + "]", loc);
  }
  using aicore::lib::RepeatBits2;
  using aicore::lib::RepeatBits4;
  const bool is_half = dataTypeSize == 2;
  TopkTiling t{};
  t.allDataSize = inner * outter;
  const int32_t k8 = (k + 7) / 8 * 8, k16 = (k + 15) / 16 * 16;
  t.kAlignFourBytes = k8;
  if (mode == TopKMode::TOPK_NORMAL) {
    // Sort32 records of 8 bytes: 8 / dataTypeSize elements per input element.
    const int32_t per = is_half ? 4 : 2;
    t.innerDataSize = inner * per;
    t.tmpLocalSize = inner * per * 2;
    t.copyUbToUbBlockCount = static_cast<uint32_t>(inner * 8 / 32);
    t.sortRepeat = static_cast<uint32_t>(inner / 32);
    t.mrgSortRepeat = inner / 4;
    t.kAlignTwoBytes = k16;
    t.maskOffset = outter * (is_half ? k16 : k8);
    t.maskVreducev2FourBytes = 2 * k;
    t.maskVreducev2TwoBytes = 4 * k;
    t.mrgSortSrc1offset = per;
    t.mrgSortSrc2offset = 2 * per;
    t.mrgSortSrc3offset = 3 * per;
    t.mrgSortTwoQueueSrc1Offset = per;
    t.mrgFourQueueTailPara1 = inner * 2;
    t.mrgFourQueueTailPara2 = static_cast<int32_t>(4 / dataTypeSize);
    if (!isInitIndex) {
      t.srcIndexOffset = t.tmpLocalSize;
      t.tmpLocalSize += inner * static_cast<int32_t>(4 / dataTypeSize);
    }
  } else {
    const int32_t all = inner * outter;
    t.innerDataSize = all * static_cast<int32_t>(8 / dataTypeSize);
    t.maskOffset = outter * k;
    t.topkMrgSrc1MaskSizeOffset = t.innerDataSize + (isLargest ? 0 : all);
    t.tmpLocalSize = t.topkMrgSrc1MaskSizeOffset + static_cast<int32_t>(64 / dataTypeSize);
    if (!isInitIndex) {
      t.topkNSmallSrcIndexOffset = t.tmpLocalSize;
      t.tmpLocalSize += all * static_cast<int32_t>(4 / dataTypeSize);
    }
    // GatherMask patterns that pick the first k records' indices / values.
    // (k beyond 32 leaves them 0, as the vendor's.)
    if (k <= 16) {
      t.vreduceIdxMask0 = RepeatBits2(2u, k);
    } else if (k <= 32) {
      t.vreduceIdxMask0 = RepeatBits2(2u, 16);
      t.vreduceIdxMask1 = RepeatBits2(2u, k - 16);
    }
    if (!is_half) {
      if (k <= 16) {
        t.vreduceValMask0 = RepeatBits2(1u, k);
      } else if (k <= 32) {
        t.vreduceValMask0 = RepeatBits2(1u, 16);
        t.vreduceValMask1 = RepeatBits2(1u, k - 16);
      }
    } else {
      uint16_t* m[8] = {&t.vreducehalfValMask0, &t.vreducehalfValMask1, &t.vreducehalfValMask2,
                        &t.vreducehalfValMask3, &t.vreducehalfValMask4, &t.vreducehalfValMask5,
                        &t.vreducehalfValMask6, &t.vreducehalfValMask7};
      for (int32_t g = 0; g < 8; ++g) {
        const int32_t left = k - 4 * g;
        *m[g] = left <= 0 ? uint16_t{0} : RepeatBits4(left < 4 ? left : 4);
      }
    }
  }
  topKTiling = t;
  return true;
}

inline uint32_t GetSortTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                               const uint32_t elemCount, const uint32_t dataTypeSize,
                               aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  const char* fn = "GetSortTmpSize";
  if (elemCount == 0) aicore::lib::FailSortHost(fn, "elemCount 0 (must be positive)", loc);
  aicore::lib::CheckSortTypeSize(fn, dataTypeSize, loc);
  (void)ascendcPlatform;
  return elemCount * 8u;  // one 8-byte (score, index) record per element
}

inline uint32_t GetConcatTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                                 const uint32_t elemCount, const uint32_t dataTypeSize,
                                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  const char* fn = "GetConcatTmpSize";
  if (elemCount == 0) aicore::lib::FailSortHost(fn, "elemCount 0 (must be positive)", loc);
  aicore::lib::CheckSortTypeSize(fn, dataTypeSize, loc);
  (void)ascendcPlatform;
  return 0;
}

}  // namespace AscendC
