// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host side of GeluCustom: y = GELU(x) with the tanh approximation,
// 0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3))), float16 or
// float, any shape (any element count, 0 included). The tiling key names the
// dtype (1: half, 2: float); up to 8 blocks of a multiple of 64 elements,
// 2048-element tiles.
#include <algorithm>

#include "gelu_custom_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
const uint32_t MAX_BLOCKS = 8;
const uint32_t ALIGN = 64;
const uint32_t TILE_LENGTH = 2048;

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const uint32_t total = context->GetInputShape(0)->GetOriginShape().GetShapeSize();
    const ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    const uint32_t cores = std::min<uint32_t>(MAX_BLOCKS, platform.GetCoreNumAiv());
    uint32_t perBlock = (total + cores - 1) / cores;
    perBlock = std::max<uint32_t>(ALIGN, (perBlock + ALIGN - 1) / ALIGN * ALIGN);
    GeluCustomTilingData tiling;
    tiling.set_totalLength(total);
    tiling.set_perBlock(perBlock);
    tiling.set_tileLength(TILE_LENGTH);
    context->SetBlockDim(std::max<uint32_t>(1, (total + perBlock - 1) / perBlock));
    context->SetTilingKey(dtype == ge::DT_FLOAT ? 2 : 1);
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    context->GetWorkspaceSizes(1)[0] = 0;
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static ge::graphStatus InferShape(gert::InferShapeContext* context)
{
    *context->GetOutputShape(0) = *context->GetInputShape(0);
    return GRAPH_SUCCESS;
}

static ge::graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return ge::GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class GeluCustom : public OpDef {
public:
    explicit GeluCustom(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});

        this->SetInferShape(ge::InferShape);
        this->SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(GeluCustom);
}  // namespace ops
