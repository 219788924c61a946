// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host side of LeakyReluCustom: y = x >= 0 ? x : x * negative_slope (float),
// with the attribute negative_slope (Float, default 0.0). Tiles of 1024
// elements are dealt to min(8, tiles) blocks round-robin; the element count
// must be a multiple of 8 (whole 32-byte blocks), otherwise the tiling fails.
#include "leaky_relu_custom_tiling.h"
#include "register/op_def_registry.h"

namespace optiling {
const uint32_t MAX_BLOCK_DIM = 8;
const uint32_t TILE_LENGTH = 1024;

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    LeakyReluCustomTilingData tiling;
    const uint32_t totalLength = context->GetInputTensor(0)->GetShapeSize();
    if (totalLength == 0 || totalLength % 8 != 0) {
        return ge::GRAPH_FAILED;
    }
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    const float* negativeSlope = attrs->GetAttrPointer<float>(0);
    const uint32_t tiles = (totalLength + TILE_LENGTH - 1) / TILE_LENGTH;
    context->SetBlockDim(tiles < MAX_BLOCK_DIM ? tiles : MAX_BLOCK_DIM);
    tiling.set_totalLength(totalLength);
    tiling.set_tileLength(TILE_LENGTH);
    tiling.set_negativeSlope(*negativeSlope);
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t* currentWorkspace = context->GetWorkspaceSizes(1);
    currentWorkspace[0] = 0;
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
class LeakyReluCustom : public OpDef {
public:
    explicit LeakyReluCustom(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT})
            .Format({ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT})
            .Format({ge::FORMAT_ND});
        this->Attr("negative_slope").AttrType(OPTIONAL).Float(0.0);

        this->SetInferShape(ge::InferShape);
        this->SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(LeakyReluCustom);
}  // namespace ops
