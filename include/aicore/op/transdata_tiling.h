// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host helper of TransData (lib/transdata.h), the vendor's
// adv_api/transpose/transdata_tiling.h (it takes ge::DataType, so it lives in
// this layer):
//
//   bool GetTransDataMaxMinTmpSize(platform, srcShape, dstShape, dataType,
//                                  config, maxValue, minValue)
//
// srcShape / dstShape: the shapes of TransData's params.srcLayout /
// dstLayout. maxValue = minValue = the vendor's published formula, in bytes
// (lib/transdata_tiling.h). Returns false, leaving maxValue and minValue as
// they were and writing the reason to stderr (the vendor logs it), for a
// dataType other than DT_FLOAT16, DT_BF16, DT_UINT16, DT_INT16, a config that
// is not one of the four scenarios, a platform other than the Ascend910B
// profile, shapes of the wrong rank or that disagree (N, D, H, W; C1, C0;
// N1, N0), or sizes past 2^32 elements or a uint32_t of bytes.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "aicore/lib/platform_ascendc.h"
#include "aicore/lib/tensor_shape.h"
#include "aicore/lib/transdata_tiling.h"
#include "aicore/op/op_def.h"

namespace AscendC {

inline bool GetTransDataMaxMinTmpSize(const platform_ascendc::PlatformAscendC& platform,
                                      const ge::Shape& srcShape, const ge::Shape& dstShape,
                                      const ge::DataType dataType, const TransDataConfig& config,
                                      uint32_t& maxValue, uint32_t& minValue) {
  namespace lib = aicore::lib;
  auto fail = [](const std::string& why) {
    std::fprintf(stderr, "[TransData][GetTransDataMaxMinTmpSize] %s\n", why.c_str());
    return false;
  };
  if (dataType != ge::DT_FLOAT16 && dataType != ge::DT_BF16 && dataType != ge::DT_UINT16 &&
      dataType != ge::DT_INT16) {
    return fail(std::string("dataType ") + ge::DataTypeName(dataType) +
                " is not DT_FLOAT16, DT_BF16, DT_UINT16 or DT_INT16");
  }
  if (platform.GetSocVersion() != platform_ascendc::SocVersion::ASCEND910B) {
    return fail("TransData is an Ascend910B API; the platform is another profile");
  }
  const lib::TransDataKind kind = lib::TransDataKindOf(config.srcFormat, config.dstFormat);
  const std::vector<int64_t> src = srcShape.GetDims(), dst = dstShape.GetDims();
  lib::TransDataDims dims;
  const std::string bad =
      lib::TransDataShapeError(kind, config.srcFormat, config.dstFormat, src.data(),
                               static_cast<int>(src.size()), dst.data(),
                               static_cast<int>(dst.size()), dims);
  if (!bad.empty()) return fail(bad);
  const uint64_t bytes = lib::TransDataTmpBytes(kind, dims);
  if (bytes > 0xffffffffull) {
    return fail("the temporary space, " + std::to_string(bytes) + " bytes, is past a uint32_t");
  }
  maxValue = minValue = static_cast<uint32_t>(bytes);
  return true;
}

}  // namespace AscendC
