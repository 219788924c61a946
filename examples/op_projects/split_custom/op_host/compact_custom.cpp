// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host side of CompactCustom: y = the nonzero elements of x (float16 or
// float, any shape, in row-major order), a vector whose length the kernel
// finds: y is OutputShapeDependOnCompute, InferShape gives the most it may
// hold ([x's element count]). The tiling key names the dtype (1: half,
// 2: float).
#include "compact_custom_tiling.h"
#include "register/op_def_registry.h"

namespace optiling {
static ge::graphStatus CompactTiling(gert::TilingContext* context)
{
    CompactCustomTilingData tiling;
    tiling.set_totalLength(static_cast<uint32_t>(context->GetInputShape(0)->GetStorageShape().GetShapeSize()));
    context->SetBlockDim(1);
    context->SetTilingKey(context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT ? 2 : 1);
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t* currentWorkspace = context->GetWorkspaceSizes(1);
    currentWorkspace[0] = 0;
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static ge::graphStatus CompactInferShape(gert::InferShapeContext* context)
{
    *context->GetOutputShape(0) = gert::Shape{context->GetInputShape(0)->GetShapeSize()};
    return GRAPH_SUCCESS;
}

static ge::graphStatus CompactInferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return ge::GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class CompactCustom : public OpDef {
public:
    explicit CompactCustom(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND})
            .OutputShapeDependOnCompute();

        this->SetInferShape(ge::CompactInferShape);
        this->SetInferDataType(ge::CompactInferDataType);

        this->AICore().SetTiling(optiling::CompactTiling);
        this->AICore().AddConfig("ascend910b");
    }
};

OP_ADD(CompactCustom);
}  // namespace ops
