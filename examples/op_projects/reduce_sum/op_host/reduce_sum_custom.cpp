// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host side of ReduceSumCustom (y = the sum of every element of x, float16
// or float; y has shape [1]), in the layout a generated custom-operator
// project has: tiling function, InferShape, InferDataType and the OpDef.
// The tiling key names the dtype (1: half, 2: float). The blocks each sum
// their part into a float partial in the user workspace; after SyncAll the
// first block sums the partials. The workspace is the system part the
// library APIs need (SyncAll) plus 32 bytes per block.
#include <algorithm>

#include "reduce_sum_custom_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
const uint32_t TILE_LENGTH = 4096;
const uint32_t MAX_BLOCK_DIM = 8;
const uint32_t PARTIAL_BYTES = 32;

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    ReduceSumCustomTilingData tiling;
    const int64_t total = context->GetInputShape(0)->GetOriginShape().GetShapeSize();
    if (total < 0 || total > 0x7fffffff) {
        return ge::GRAPH_FAILED;
    }
    const uint32_t totalLength = static_cast<uint32_t>(total);
    auto ascendcPlatform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    const uint32_t coreNum = std::min(ascendcPlatform.GetCoreNumAiv(), MAX_BLOCK_DIM);
    // At least one tile per block; blocks start on 32-element boundaries.
    uint32_t blockDim = (totalLength + TILE_LENGTH - 1) / TILE_LENGTH;
    blockDim = std::max(1u, std::min(blockDim, coreNum));
    uint32_t blockLength = (totalLength + blockDim - 1) / blockDim;
    blockLength = (blockLength + 31) / 32 * 32;
    context->SetBlockDim(blockDim);
    const ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
    context->SetTilingKey(dtype == ge::DT_FLOAT ? 2 : 1);
    tiling.set_totalLength(totalLength);
    tiling.set_blockLength(blockLength);
    tiling.set_tileLength(TILE_LENGTH);
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t* currentWorkspace = context->GetWorkspaceSizes(1);
    currentWorkspace[0] = ascendcPlatform.GetLibApiWorkSpaceSize() + blockDim * PARTIAL_BYTES;
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static ge::graphStatus InferShape(gert::InferShapeContext* context)
{
    gert::Shape* y_shape = context->GetOutputShape(0);
    y_shape->SetDimNum(0);
    y_shape->AppendDim(1);
    return GRAPH_SUCCESS;
}

static ge::graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return ge::GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class ReduceSumCustom : public OpDef {
public:
    explicit ReduceSumCustom(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND});

        this->SetInferShape(ge::InferShape);
        this->SetInferDataType(ge::InferDataType);

        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};

OP_ADD(ReduceSumCustom);
}  // namespace ops
