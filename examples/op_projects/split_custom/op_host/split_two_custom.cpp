// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host side of SplitTwoCustom: x (float16 or float) split along its first
// dimension into two DYNAMIC outputs, first `a` (pieces of sizes_a rows),
// then `b` (pieces of sizes_b rows); the sizes add up to x's first
// dimension. As on the NPU, InferShape finds each list in the output
// instances through GetIrOutputInstanceInfo, and it rejects lists whose
// lengths differ from the attributes'. The tiling key names the dtype
// (1: half, 2: float).
#include "register/op_def_registry.h"
#include "split_two_custom_tiling.h"

namespace optiling {
static ge::graphStatus SplitTwoTiling(gert::TilingContext* context)
{
    const gert::Shape& x = context->GetInputShape(0)->GetStorageShape();
    SplitTwoCustomTilingData tiling;
    tiling.set_rowLength(static_cast<uint32_t>(x.GetDim(0) == 0 ? 0 : x.GetShapeSize() / x.GetDim(0)));
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
static ge::graphStatus SplitTwoInferShape(gert::InferShapeContext* context)
{
    const gert::Shape* xShape = context->GetInputShape(0);
    if (xShape == nullptr || xShape->GetDimNum() == 0) {
        return GRAPH_FAILED;
    }
    int64_t rows = 0;
    for (size_t ir = 0; ir < 2; ir++) {
        const gert::AnchorInstanceInfo* info = context->GetIrOutputInstanceInfo(ir);
        const auto* sizes = context->GetAttrs()->GetListInt(ir);
        if (info == nullptr || sizes == nullptr || info->GetInstanceNum() != sizes->GetSize()) {
            return GRAPH_FAILED;
        }
        for (size_t k = 0; k < sizes->GetSize(); k++) {
            const int64_t size = sizes->GetData()[k];
            gert::Shape* piece = context->GetOutputShape(info->GetInstanceStart() + k);
            if (piece == nullptr || size < 0) {
                return GRAPH_FAILED;
            }
            *piece = *xShape;
            piece->SetDim(0, size);
            rows += size;
        }
    }
    return rows == xShape->GetDim(0) ? GRAPH_SUCCESS : GRAPH_FAILED;
}

static ge::graphStatus SplitTwoInferDataType(gert::InferDataTypeContext* context)
{
    for (size_t ir = 0; ir < 2; ir++) {
        const gert::AnchorInstanceInfo* info = context->GetIrOutputInstanceInfo(ir);
        if (info == nullptr) {
            return GRAPH_FAILED;
        }
        for (size_t k = 0; k < info->GetInstanceNum(); k++) {
            context->SetOutputDataType(info->GetInstanceStart() + k, context->GetInputDataType(0));
        }
    }
    return ge::GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class SplitTwoCustom : public OpDef {
public:
    explicit SplitTwoCustom(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("a")
            .ParamType(DYNAMIC)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("b")
            .ParamType(DYNAMIC)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("sizes_a").AttrType(REQUIRED).ListInt();
        this->Attr("sizes_b").AttrType(REQUIRED).ListInt();

        this->SetInferShape(ge::SplitTwoInferShape);
        this->SetInferDataType(ge::SplitTwoInferDataType);

        this->AICore().SetTiling(optiling::SplitTwoTiling);
        this->AICore().AddConfig("ascend910b");
    }
};

OP_ADD(SplitTwoCustom);
}  // namespace ops
