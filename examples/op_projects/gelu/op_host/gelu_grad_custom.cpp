// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host side of GeluGradCustom, the backward of GeluCustom:
// dx = dy * GELU'(x) (tanh approximation), float16 or float, dy and x of one
// shape. Tiling as GeluCustom's (key 1: half, 2: float).
#include <algorithm>

#include "gelu_grad_custom_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
const uint32_t GRAD_MAX_BLOCKS = 8;
const uint32_t GRAD_ALIGN = 64;
const uint32_t GRAD_TILE_LENGTH = 2048;

static ge::graphStatus GradTilingFunc(gert::TilingContext* context)
{
    const gert::Shape& dyShape = context->GetInputShape(0)->GetOriginShape();
    const gert::Shape& xShape = context->GetInputShape(1)->GetOriginShape();
    if (dyShape != xShape) {
        return ge::GRAPH_FAILED;
    }
    const uint32_t total = xShape.GetShapeSize();
    const ge::DataType dtype = context->GetInputDesc(1)->GetDataType();
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    const uint32_t cores = std::min<uint32_t>(GRAD_MAX_BLOCKS, platform.GetCoreNumAiv());
    uint32_t perBlock = (total + cores - 1) / cores;
    perBlock = std::max<uint32_t>(GRAD_ALIGN, (perBlock + GRAD_ALIGN - 1) / GRAD_ALIGN * GRAD_ALIGN);
    GeluGradCustomTilingData tiling;
    tiling.set_totalLength(total);
    tiling.set_perBlock(perBlock);
    tiling.set_tileLength(GRAD_TILE_LENGTH);
    context->SetBlockDim(std::max<uint32_t>(1, (total + perBlock - 1) / perBlock));
    context->SetTilingKey(dtype == ge::DT_FLOAT ? 2 : 1);
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    context->GetWorkspaceSizes(1)[0] = 0;
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static ge::graphStatus GradInferShape(gert::InferShapeContext* context)
{
    if (*context->GetInputShape(0) != *context->GetInputShape(1)) {
        return GRAPH_FAILED;
    }
    *context->GetOutputShape(0) = *context->GetInputShape(1);
    return GRAPH_SUCCESS;
}

static ge::graphStatus GradInferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(1));
    return ge::GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class GeluGradCustom : public OpDef {
public:
    explicit GeluGradCustom(const char* name) : OpDef(name)
    {
        this->Input("dy")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("dx")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});

        this->SetInferShape(ge::GradInferShape);
        this->SetInferDataType(ge::GradInferDataType);
        this->AICore().SetTiling(optiling::GradTilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(GeluGradCustom);
}  // namespace ops
