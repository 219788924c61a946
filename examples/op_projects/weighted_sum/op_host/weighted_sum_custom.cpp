// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host side of WeightedSumCustom: y = weights[0] * x[0] + ... +
// weights[n-1] * x[n-1] (+ bias), float. x is a DYNAMIC input (a list of
// 1-32 tensors of one shape), bias an OPTIONAL input of that shape, weights
// a ListFloat attribute with one weight per tensor of x. The tiling fails
// when the shapes differ or the weights do not match the list.
#include <algorithm>

#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "weighted_sum_custom_tiling.h"

namespace optiling {
const uint32_t TILE_LENGTH = 2048;
const uint32_t MAX_BLOCK_DIM = 8;
const uint32_t MAX_LIST = 32;

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const gert::AnchorInstanceInfo* info = context->GetIrInputInstanceInfo(0);
    const auto* weights = context->GetAttrs()->GetListFloat(0);
    if (info == nullptr || weights == nullptr || info->GetInstanceNum() == 0 || info->GetInstanceNum() > MAX_LIST ||
        weights->GetSize() != info->GetInstanceNum()) {
        return ge::GRAPH_FAILED;
    }
    const gert::Shape& first = context->GetDynamicInputShape(0, 0)->GetOriginShape();
    for (size_t i = 1; i < info->GetInstanceNum(); i++) {
        if (context->GetDynamicInputShape(0, i)->GetOriginShape() != first) {
            return ge::GRAPH_FAILED;
        }
    }
    const gert::StorageShape* bias = context->GetOptionalInputShape(1);
    if (bias != nullptr && bias->GetOriginShape() != first) {
        return ge::GRAPH_FAILED;
    }
    const uint32_t totalLength = static_cast<uint32_t>(first.GetShapeSize());
    auto ascendcPlatform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    const uint32_t coreNum = std::min(ascendcPlatform.GetCoreNumAiv(), MAX_BLOCK_DIM);
    uint32_t blockDim = (totalLength + TILE_LENGTH - 1) / TILE_LENGTH;
    blockDim = std::max(1u, std::min(blockDim, coreNum));
    uint32_t blockLength = (totalLength + blockDim - 1) / blockDim;
    blockLength = (blockLength + 31) / 32 * 32;
    context->SetBlockDim(blockDim);
    WeightedSumCustomTilingData tiling;
    tiling.set_totalLength(totalLength);
    tiling.set_blockLength(blockLength);
    tiling.set_tileLength(TILE_LENGTH);
    tiling.set_num(static_cast<uint32_t>(info->GetInstanceNum()));
    tiling.set_hasBias(bias != nullptr ? 1 : 0);
    float w[MAX_LIST] = {};
    std::copy(weights->GetData(), weights->GetData() + weights->GetSize(), w);
    tiling.set_weights(w);
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
    const gert::Shape* x0Shape = context->GetDynamicInputShape(0, 0);
    gert::Shape* yShape = context->GetOutputShape(0);
    if (x0Shape == nullptr || yShape == nullptr) {
        return GRAPH_FAILED;
    }
    *yShape = *x0Shape;
    return GRAPH_SUCCESS;
}

static ge::graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetDynamicInputDataType(0, 0));
    return ge::GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class WeightedSumCustom : public OpDef {
public:
    explicit WeightedSumCustom(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(DYNAMIC).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Input("bias").ParamType(OPTIONAL).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Attr("weights").AttrType(REQUIRED).ListFloat();

        this->SetInferShape(ge::InferShape);
        this->SetInferDataType(ge::InferDataType);

        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};

OP_ADD(WeightedSumCustom);
}  // namespace ops
