// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The host helpers of the pattern reductions (the vendor's adv_api/reduce/
// reduce_tiling.h; they take a ge::DataType, which lives in op_def.h, hence
// the op layer):
//
//   GetReduce{Sum,Mean,Max,Min,Prod,Any,All}MaxMinTmpSize(
//       const ge::Shape& srcShape, ge::DataType dataType, ReducePattern pattern,
//       bool isSrcInnerPad, bool isReuseSource, uint32_t& maxValue,
//       uint32_t& minValue)
//
// srcShape: the 2 dimensions the kernel API takes; pattern AR or RA;
// dataType one the kernel API takes on the 910B (Sum/Mean/Prod DT_FLOAT,
// Max/Min DT_FLOAT16 or DT_FLOAT, Any/All DT_UINT8 or DT_FLOAT);
// isSrcInnerPad true. min = 32 bytes, max = the padded source rounded up to
// 32 bytes (this implementation's values: lib/reduce_pattern.h says why).
// Bad host input raises KernelError naming the function and the values.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "aicore/lib/reduce_pattern.h"
#include "aicore/lib/tensor_shape.h"
#include "aicore/op/op_def.h"

namespace aicore {
namespace lib {

inline void PatternTmpSize(const char* fn, PatOp op, const char* types, bool (*type_ok)(ge::DataType),
                           const ge::Shape& srcShape, ge::DataType dataType,
                           AscendC::ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource,
                           uint32_t& maxValue, uint32_t& minValue, SrcLoc loc) {
  if (pattern != AscendC::ReducePattern::AR && pattern != AscendC::ReducePattern::RA) {
    FailPatternHost(fn, "pattern " + std::to_string(static_cast<uint32_t>(pattern)) +
                            " is unsupported on the 910B (only ReducePattern::AR and ::RA)", loc);
  }
  if (!type_ok(dataType)) {
    FailPatternHost(fn, "dataType " + std::to_string(static_cast<int>(dataType)) +
                            " is unsupported on the 910B (" + types + ")", loc);
  }
  if (srcShape.GetDimNum() != 2 || srcShape.GetDim(0) <= 0 || srcShape.GetDim(1) <= 0) {
    std::string dims;
    for (size_t i = 0; i < srcShape.GetDimNum(); ++i) {
      dims += (i ? ", " : "") + std::to_string(srcShape.GetDim(i));
    }
    FailPatternHost(fn, "srcShape (" + dims + ") must have 2 positive dimensions", loc);
  }
  if (!isSrcInnerPad) {
    // The vendor's helper logs this and computes the sizes all the same
    // (its kernels refuse srcInnerPad false; a sample passes false here and
    // true to the kernel): logged, not thrown.
    std::fprintf(stderr,
                 "aicore: %s at %s:%d: isSrcInnerPad false is unsupported on the 910B (only true); the "
                 "sizes are those of true\n",
                 fn, loc.file, loc.line);
  }
  const uint32_t ts = static_cast<uint32_t>(ge::DataTypeBytes(dataType));
  maxValue = minValue = static_cast<uint32_t>(
      PatternTmpBytes(op, ts, pattern == AscendC::ReducePattern::AR, static_cast<uint64_t>(srcShape.GetDim(0)),
                      static_cast<uint64_t>(srcShape.GetDim(1)), isReuseSource));
}

inline bool PatFloatOnly(ge::DataType t) { return t == ge::DT_FLOAT; }
inline bool PatHalfFloat(ge::DataType t) { return t == ge::DT_FLOAT || t == ge::DT_FLOAT16; }
inline bool PatU8Float(ge::DataType t) { return t == ge::DT_FLOAT || t == ge::DT_UINT8; }

}  // namespace lib
}  // namespace aicore

namespace AscendC {

#define AICORE_PATTERN_TMP_SIZE(NAME, OP, TYPES, OK)                                              \
  inline void Get##NAME##MaxMinTmpSize(const ge::Shape& srcShape, const ge::DataType dataType,  \
                                       ReducePattern pattern, bool isSrcInnerPad,               \
                                       bool isReuseSource, uint32_t& maxValue,                  \
                                       uint32_t& minValue,                                      \
                                       aicore::SrcLoc loc = aicore::SrcLoc::Current()) {        \
    aicore::lib::PatternTmpSize("Get" #NAME "MaxMinTmpSize", aicore::lib::PatOp::OP, TYPES,     \
                                aicore::lib::OK, srcShape, dataType, pattern, isSrcInnerPad,    \
                                isReuseSource, maxValue, minValue, loc);                        \
  }

AICORE_PATTERN_TMP_SIZE(ReduceSum, kSum, "DT_FLOAT", PatFloatOnly)
AICORE_PATTERN_TMP_SIZE(ReduceMean, kMean, "DT_FLOAT", PatFloatOnly)
AICORE_PATTERN_TMP_SIZE(ReduceProd, kProd, "DT_FLOAT", PatFloatOnly)
AICORE_PATTERN_TMP_SIZE(ReduceMax, kMax, "DT_FLOAT16 or DT_FLOAT", PatHalfFloat)
AICORE_PATTERN_TMP_SIZE(ReduceMin, kMin, "DT_FLOAT16 or DT_FLOAT", PatHalfFloat)
AICORE_PATTERN_TMP_SIZE(ReduceAny, kAny, "DT_UINT8 or DT_FLOAT", PatU8Float)
AICORE_PATTERN_TMP_SIZE(ReduceAll, kAll, "DT_UINT8 or DT_FLOAT", PatU8Float)

#undef AICORE_PATTERN_TMP_SIZE

}  // namespace AscendC
