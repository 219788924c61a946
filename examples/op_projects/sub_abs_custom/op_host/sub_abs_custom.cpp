// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host side of SubAbsCustom (z = |x - y|, float or float16, any length). The
// OpDef lists two dtype combinations and the kernel reads DTYPE_X/DTYPE_Z, so
// the build compiles the kernel once per combination, as the vendor's does.
// Up to 8 blocks of a multiple of 64 elements each; 2048-element tiles.
#include <algorithm>

#include "sub_abs_custom_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
const uint32_t MAX_BLOCKS = 8;
const uint32_t ALIGN = 64;
const uint32_t TILE_LENGTH = 2048;

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const uint32_t total = context->GetInputShape(0)->GetOriginShape().GetShapeSize();
    if (total == 0) {
        return ge::GRAPH_FAILED;
    }
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    const uint32_t cores = std::min<uint32_t>(MAX_BLOCKS, platform.GetCoreNumAiv());
    uint32_t perBlock = (total + cores - 1) / cores;
    perBlock = (perBlock + ALIGN - 1) / ALIGN * ALIGN;
    SubAbsCustomTilingData tiling;
    tiling.set_totalLength(total);
    tiling.set_perBlock(perBlock);
    tiling.set_tileLength(TILE_LENGTH);
    context->SetBlockDim((total + perBlock - 1) / perBlock);
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    context->GetWorkspaceSizes(1)[0] = 0;
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static ge::graphStatus InferShape(gert::InferShapeContext* context)
{
    if (*context->GetInputShape(0) != *context->GetInputShape(1)) {
        return GRAPH_FAILED;
    }
    *context->GetOutputShape(0) = *context->GetInputShape(0);
    return GRAPH_SUCCESS;
}

static ge::graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class SubAbsCustom : public OpDef {
public:
    explicit SubAbsCustom(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("z").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(SubAbsCustom);
}  // namespace ops
