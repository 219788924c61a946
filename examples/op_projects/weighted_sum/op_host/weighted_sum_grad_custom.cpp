// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host side of WeightedSumGradCustom, the backward operator of
// WeightedSumCustom (AUTOGRAD WeightedSumCustom:WeightedSumGradCustom): it
// gets the gradient dy of y, then the forward's inputs x (the list) and
// bias (absent when the forward had none), and the forward's attribute
// weights; it gives dx, a DYNAMIC output with one gradient per tensor of x
// (dx[k] = weights[k] * dy), and dbias (dy when bias was given; an empty
// tensor, shape [0], when it was not: its gradient is then not used).
// InferShape sets GetOutputShape(k) for each tensor of x, then dbias's
// (instance n, after the list), so the list is as long as x.
#include <algorithm>

#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "weighted_sum_grad_custom_tiling.h"

namespace optiling {
const uint32_t GRAD_TILE_LENGTH = 2048;
const uint32_t GRAD_MAX_BLOCK_DIM = 8;
const uint32_t GRAD_MAX_LIST = 32;

static ge::graphStatus GradTilingFunc(gert::TilingContext* context)
{
    const gert::AnchorInstanceInfo* xs = context->GetIrInputInstanceInfo(1);
    const gert::AnchorInstanceInfo* dxs = context->GetIrOutputInstanceInfo(0);
    const auto* weights = context->GetAttrs()->GetListFloat(0);
    if (xs == nullptr || dxs == nullptr || weights == nullptr || xs->GetInstanceNum() == 0 ||
        xs->GetInstanceNum() > GRAD_MAX_LIST || dxs->GetInstanceNum() != xs->GetInstanceNum() ||
        weights->GetSize() != xs->GetInstanceNum()) {
        return ge::GRAPH_FAILED;
    }
    const gert::Shape& dy = context->GetInputShape(0)->GetOriginShape();
    for (size_t k = 0; k < xs->GetInstanceNum(); k++) {
        if (context->GetDynamicInputShape(1, k)->GetOriginShape() != dy) {
            return ge::GRAPH_FAILED;
        }
    }
    const bool hasBias = context->GetOptionalInputShape(2) != nullptr;
    const uint32_t totalLength = static_cast<uint32_t>(dy.GetShapeSize());
    auto ascendcPlatform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    const uint32_t coreNum = std::min(ascendcPlatform.GetCoreNumAiv(), GRAD_MAX_BLOCK_DIM);
    uint32_t blockDim = (totalLength + GRAD_TILE_LENGTH - 1) / GRAD_TILE_LENGTH;
    blockDim = std::max(1u, std::min(blockDim, coreNum));
    uint32_t blockLength = (totalLength + blockDim - 1) / blockDim;
    blockLength = (blockLength + 31) / 32 * 32;
    context->SetBlockDim(blockDim);
    WeightedSumGradCustomTilingData tiling;
    tiling.set_totalLength(totalLength);
    tiling.set_blockLength(blockLength);
    tiling.set_tileLength(GRAD_TILE_LENGTH);
    tiling.set_num(static_cast<uint32_t>(xs->GetInstanceNum()));
    tiling.set_hasBias(hasBias ? 1 : 0);
    float w[GRAD_MAX_LIST] = {};
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
static ge::graphStatus GradInferShape(gert::InferShapeContext* context)
{
    const gert::Shape* dyShape = context->GetInputShape(0);
    const gert::AnchorInstanceInfo* xs = context->GetIrInputInstanceInfo(1);
    if (dyShape == nullptr || xs == nullptr) {
        return GRAPH_FAILED;
    }
    const size_t n = xs->GetInstanceNum();
    for (size_t k = 0; k < n; k++) {
        gert::Shape* dxShape = context->GetOutputShape(k);
        if (dxShape == nullptr) {
            return GRAPH_FAILED;
        }
        *dxShape = *context->GetDynamicInputShape(1, k);
    }
    gert::Shape* dbiasShape = context->GetOutputShape(n);
    if (dbiasShape == nullptr) {
        return GRAPH_FAILED;
    }
    if (context->GetOptionalInputShape(2) != nullptr) {
        *dbiasShape = *dyShape;
    } else {
        *dbiasShape = gert::Shape{0};
    }
    return GRAPH_SUCCESS;
}

static ge::graphStatus GradInferDataType(gert::InferDataTypeContext* context)
{
    const gert::AnchorInstanceInfo* dxs = context->GetIrOutputInstanceInfo(0);
    if (dxs == nullptr) {
        return GRAPH_FAILED;
    }
    for (size_t k = 0; k < dxs->GetInstanceNum(); k++) {
        context->SetOutputDataType(dxs->GetInstanceStart() + k, context->GetInputDataType(0));
    }
    context->SetOutputDataType(dxs->GetInstanceNum(), context->GetInputDataType(0));
    return ge::GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class WeightedSumGradCustom : public OpDef {
public:
    explicit WeightedSumGradCustom(const char* name) : OpDef(name)
    {
        this->Input("dy").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Input("x").ParamType(DYNAMIC).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Input("bias").ParamType(OPTIONAL).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("dx").ParamType(DYNAMIC).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("dbias").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Attr("weights").AttrType(REQUIRED).ListFloat();

        this->SetInferShape(ge::GradInferShape);
        this->SetInferDataType(ge::GradInferDataType);

        this->AICore().SetTiling(optiling::GradTilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};

OP_ADD(WeightedSumGradCustom);
}  // namespace ops
