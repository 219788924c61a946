// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host side of AddNCustom (y = x[0] + x[1] + ... + x[n-1], float16 or float):
// a DYNAMIC input, a list of tensors of one shape. The tiling reads the list
// through GetIrInputInstanceInfo / GetDynamicInputShape and fails when the
// shapes differ; InferShape and InferDataType take the first tensor's. The
// tiling key names the dtype (1: half, 2: float).
#include <algorithm>

#include "add_n_custom_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
const uint32_t TILE_LENGTH = 2048;
const uint32_t MAX_BLOCK_DIM = 8;

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const gert::AnchorInstanceInfo* info = context->GetIrInputInstanceInfo(0);
    if (info == nullptr || info->GetInstanceNum() == 0) {
        return ge::GRAPH_FAILED;
    }
    const gert::Shape& first = context->GetDynamicInputShape(0, 0)->GetOriginShape();
    for (size_t i = 1; i < info->GetInstanceNum(); i++) {
        if (context->GetDynamicInputShape(0, i)->GetOriginShape() != first) {
            return ge::GRAPH_FAILED;
        }
    }
    const uint32_t totalLength = static_cast<uint32_t>(first.GetShapeSize());
    auto ascendcPlatform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    const uint32_t coreNum = std::min(ascendcPlatform.GetCoreNumAiv(), MAX_BLOCK_DIM);
    uint32_t blockDim = (totalLength + TILE_LENGTH - 1) / TILE_LENGTH;
    blockDim = std::max(1u, std::min(blockDim, coreNum));
    uint32_t blockLength = (totalLength + blockDim - 1) / blockDim;
    blockLength = (blockLength + 31) / 32 * 32;
    context->SetBlockDim(blockDim);
    const ge::DataType dtype = context->GetDynamicInputDesc(0, 0)->GetDataType();
    context->SetTilingKey(dtype == ge::DT_FLOAT ? 2 : 1);
    AddNCustomTilingData tiling;
    tiling.set_totalLength(totalLength);
    tiling.set_blockLength(blockLength);
    tiling.set_tileLength(TILE_LENGTH);
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
    const gert::Shape* x0_shape = context->GetDynamicInputShape(0, 0);
    gert::Shape* y_shape = context->GetOutputShape(0);
    *y_shape = *x0_shape;
    return GRAPH_SUCCESS;
}

static ge::graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetDynamicInputDataType(0, 0));
    return ge::GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class AddNCustom : public OpDef {
public:
    explicit AddNCustom(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(DYNAMIC)
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

OP_ADD(AddNCustom);
}  // namespace ops
