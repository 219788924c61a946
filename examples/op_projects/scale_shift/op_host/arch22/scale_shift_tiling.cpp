// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// ScaleShift's tiling for the 910B (DAV_2201): whole tiles of
// scale_shift_common::kTileBytes dealt to at most coreNum blocks; the element
// count must fill whole 32-byte blocks, or the tiling fails with a logged
// reason. The tiling key: the kernel template's schMode (a shift of 0 only
// scales).
#include "scale_shift_tiling.h"

#include "log/log.h"
#include "platform/platform_infos_def.h"
#include "register/op_impl_registry.h"
#include "scale_shift/limits.h"
#include "tiling/platform/platform_ascendc.h"
#include "util/math_util.h"
#include "graph/utils/type_utils.h"
#include "../../op_kernel/scale_shift_tiling_key.h"

namespace optiling {
static ge::graphStatus Tiling4ScaleShift(gert::TilingContext* context)
{
    const auto* compileInfo = context->GetCompileInfo<ScaleShiftCompileInfo>();
    OP_CHECK_NULL_WITH_CONTEXT(context, compileInfo);
    const gert::StorageShape* xShape = context->GetInputShape(0);
    OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
    const ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
    OP_CHECK_IF(dtype != ge::DT_FLOAT && dtype != ge::DT_FLOAT16,
                OP_LOGE_FOR_INVALID_DTYPE(context->GetNodeName(), "x", ge::TypeUtils::DataTypeToSerialString(dtype),
                                          "DT_FLOAT or DT_FLOAT16"),
                return ge::GRAPH_FAILED);
    const uint32_t elemBytes = dtype == ge::DT_FLOAT ? 4 : 2;
    const uint32_t total = static_cast<uint32_t>(xShape->GetStorageShape().GetShapeSize());
    const uint32_t block = 32 / elemBytes;
    OP_CHECK_IF(total == 0 || total % block != 0,
                OP_LOGE(context, "x has %u elements; ScaleShift takes a positive multiple of %u", total, block),
                return ge::GRAPH_FAILED);
    const uint32_t tile = scale_shift_common::kTileBytes / elemBytes;
    const uint32_t tiles = Ops::Base::CeilDiv(total, tile);
    const uint32_t tilesPerCore = Ops::Base::CeilDiv(tiles, compileInfo->coreNum);
    const uint32_t blockDim = Ops::Base::CeilDiv(tiles, tilesPerCore);

    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    OP_CHECK_NULL_WITH_CONTEXT(context, attrs);
    ScaleShiftTilingData tiling;
    tiling.set_totalLength(total);
    tiling.set_perCore(tilesPerCore * tile);
    tiling.set_tileLength(tile);
    tiling.set_scale(*attrs->GetAttrPointer<float>(0));
    tiling.set_shift(*attrs->GetAttrPointer<float>(1));
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    context->SetBlockDim(blockDim);
    const float shift = *attrs->GetAttrPointer<float>(1);
    context->SetTilingKey(GET_TPL_TILING_KEY(shift == 0.0f ? SCALE_SHIFT_TPL_SCH_MODE_SCALE_ONLY
                                                           : SCALE_SHIFT_TPL_SCH_MODE_ADD));
    size_t* workspace = context->GetWorkspaceSizes(1);
    workspace[0] = 0;
    OP_LOGD(context, "total %u, %u blocks of %u", total, blockDim, tilesPerCore * tile);
    return ge::GRAPH_SUCCESS;
}

static ge::graphStatus TilingPrepare4ScaleShift(gert::TilingParseContext* context)
{
    auto* compileInfo = context->GetCompiledInfo<ScaleShiftCompileInfo>();
    OP_CHECK_NULL_WITH_CONTEXT(context, compileInfo);
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    OP_CHECK_IF(platform.GetCurNpuArch() != NpuArch::DAV_2201,
                OP_LOGE(context, "this tiling is the 910B's (DAV_2201)"), return ge::GRAPH_FAILED);
    compileInfo->coreNum = platform.GetCoreNumAiv();
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, compileInfo->ubSize);
    return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(ScaleShift).Tiling(Tiling4ScaleShift).TilingParse<ScaleShiftCompileInfo>(TilingPrepare4ScaleShift);
}  // namespace optiling
