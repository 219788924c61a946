// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host side of SplitCustom: x (float16 or float) split along its first
// dimension into num_split equal parts, the DYNAMIC output y (a list of
// num_split tensors). InferShape writes GetOutputShape(k) for each part and
// fails when the first dimension does not divide; the tiling reads the list
// through GetIrOutputInstanceInfo / GetOutputShape. The tiling key names the
// dtype (1: half, 2: float).
#include <algorithm>

#include "register/op_def_registry.h"
#include "split_custom_tiling.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
const uint32_t TILE_LENGTH = 2048;
const uint32_t MAX_BLOCK_DIM = 8;

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const gert::AnchorInstanceInfo* info = context->GetIrOutputInstanceInfo(0);
    const int64_t* numSplit = context->GetAttrs()->GetInt(0);
    if (info == nullptr || numSplit == nullptr || *numSplit <= 0 ||
        info->GetInstanceNum() != static_cast<size_t>(*numSplit)) {
        return ge::GRAPH_FAILED;
    }
    const gert::StorageShape* piece = context->GetOutputShape(info->GetInstanceStart());
    if (piece == nullptr) {
        return ge::GRAPH_FAILED;
    }
    const uint32_t pieceLength = static_cast<uint32_t>(piece->GetStorageShape().GetShapeSize());
    auto ascendcPlatform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    const uint32_t coreNum = std::min(ascendcPlatform.GetCoreNumAiv(), MAX_BLOCK_DIM);
    uint32_t blockDim = (pieceLength + TILE_LENGTH - 1) / TILE_LENGTH;
    blockDim = std::max(1u, std::min(blockDim, coreNum));
    uint32_t blockLength = (pieceLength + blockDim - 1) / blockDim;
    blockLength = (blockLength + 31) / 32 * 32;
    context->SetBlockDim(blockDim);
    const ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
    context->SetTilingKey(dtype == ge::DT_FLOAT ? 2 : 1);
    SplitCustomTilingData tiling;
    tiling.set_pieceLength(pieceLength);
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
    const gert::Shape* xShape = context->GetInputShape(0);
    const int64_t* numSplit = context->GetAttrs()->GetInt(0);
    if (xShape == nullptr || numSplit == nullptr || *numSplit <= 0 || xShape->GetDimNum() == 0 ||
        xShape->GetDim(0) % *numSplit != 0) {
        return GRAPH_FAILED;
    }
    for (int64_t k = 0; k < *numSplit; k++) {
        gert::Shape* yShape = context->GetOutputShape(k);
        if (yShape == nullptr) {
            return GRAPH_FAILED;
        }
        *yShape = *xShape;
        yShape->SetDim(0, xShape->GetDim(0) / *numSplit);
    }
    return GRAPH_SUCCESS;
}

static ge::graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    const gert::AnchorInstanceInfo* info = context->GetIrOutputInstanceInfo(0);
    if (info == nullptr) {
        return GRAPH_FAILED;
    }
    for (size_t k = 0; k < info->GetInstanceNum(); k++) {
        context->SetOutputDataType(info->GetInstanceStart() + k, context->GetInputDataType(0));
    }
    return ge::GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class SplitCustom : public OpDef {
public:
    explicit SplitCustom(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(DYNAMIC)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("num_split").AttrType(REQUIRED).Int();

        this->SetInferShape(ge::InferShape);
        this->SetInferDataType(ge::InferDataType);

        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};

OP_ADD(SplitCustom);
}  // namespace ops
