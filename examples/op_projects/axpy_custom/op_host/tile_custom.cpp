// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host side of TileCustom: y takes the shape the int64 input `shape` holds
// and is filled with copies of x, flattened (a reshape when the sizes are
// equal, a tile when y holds several copies). `shape` is ValueDepend:
// InferShape and the tiling read its values (GetInputTensor), and the
// generated aclnnTileCustomGetWorkspaceSize takes it as `const aclIntArray*`
// (aclnnTileCustomTensorGetWorkspaceSize as a tensor). The tiling key names
// the dtype (1: half, 2: float).
#include <algorithm>

#include "register/op_def_registry.h"
#include "tile_custom_tiling.h"
#include "tiling/platform/platform_ascendc.h"

namespace {
// The dims `shape` holds; false when it is not a vector of sizes >= 0.
bool ShapeValues(const gert::Tensor* shape, gert::Shape* dims)
{
    if (shape == nullptr || shape->GetDataType() != ge::DT_INT64 || shape->GetData<int64_t>() == nullptr ||
        shape->GetStorageShape().GetDimNum() != 1 || shape->GetShapeSize() > 8) {
        return false;
    }
    dims->SetDimNum(0);
    for (int64_t i = 0; i < shape->GetShapeSize(); i++) {
        const int64_t d = shape->GetData<int64_t>()[i];
        if (d < 0) {
            return false;
        }
        dims->AppendDim(d);
    }
    return true;
}
}  // namespace

namespace optiling {
const uint32_t TILE_LENGTH = 4096;
const uint32_t MAX_BLOCK_DIM = 8;

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    gert::Shape dims;
    if (!ShapeValues(context->GetInputTensor(1), &dims)) {
        return ge::GRAPH_FAILED;
    }
    const int64_t length = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    const int64_t total = dims.GetShapeSize();
    if (length == 0 || total % length != 0) {  // whole copies of x only
        return ge::GRAPH_FAILED;
    }
    const uint32_t copies = static_cast<uint32_t>(total / length);
    auto ascendcPlatform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    const uint32_t coreNum = std::min(ascendcPlatform.GetCoreNumAiv(), MAX_BLOCK_DIM);
    context->SetBlockDim(std::max(1u, std::min(copies, coreNum)));
    context->SetTilingKey(context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT ? 2 : 1);
    TileCustomTilingData tiling;
    tiling.set_length(static_cast<uint32_t>(length));
    tiling.set_copies(copies);
    tiling.set_tileLength(TILE_LENGTH);
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t* currentWorkspace = context->GetWorkspaceSizes(1);
    currentWorkspace[0] = 0;
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static ge::graphStatus TileInferShape(gert::InferShapeContext* context)
{
    return ShapeValues(context->GetInputTensor(1), context->GetOutputShape(0)) ? GRAPH_SUCCESS : GRAPH_FAILED;
}

static ge::graphStatus TileInferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return ge::GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class TileCustom : public OpDef {
public:
    explicit TileCustom(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("shape")
            .ParamType(REQUIRED)
            .DataType({ge::DT_INT64, ge::DT_INT64})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND})
            .ValueDepend(REQUIRED);
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});

        this->SetInferShape(ge::TileInferShape);
        this->SetInferDataType(ge::TileInferDataType);

        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};

OP_ADD(TileCustom);
}  // namespace ops
