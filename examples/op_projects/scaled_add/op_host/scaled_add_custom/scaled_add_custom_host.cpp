// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// ScaledAddCustom: z = alpha * x + y (float, float16), the OpDef and the
// tiling function of an operator in the nested project layout
// (op_host/<op>/, op_kernel/<op>/): the tiling is a plain struct shared with
// the kernel through op_kernel/<op>/<op>_tiling.h.
#include <algorithm>
#include <cstdint>

#include "../../op_kernel/scaled_add_custom/scaled_add_custom_tiling.h"
#include "register/op_def_registry.h"

namespace optiling {
namespace {

constexpr uint32_t kMaxBlocks = 8;
constexpr uint32_t kTileLength = 2048;   // elements per UB tile
constexpr uint32_t kBlockAlign = 64;     // a block's share: a multiple of 64 elements

ge::graphStatus ScaledAddTiling(gert::TilingContext* context) {
  const auto total = static_cast<uint32_t>(context->GetInputShape(0)->GetOriginShape().GetShapeSize());
  const float* alpha = context->GetAttrs()->GetFloat(0);
  if (total == 0 || alpha == nullptr) return ge::GRAPH_FAILED;
  // Every block but the last gets blockLength elements; no block gets none.
  uint32_t blockLength = (total + kMaxBlocks - 1) / kMaxBlocks;
  blockLength = (blockLength + kBlockAlign - 1) / kBlockAlign * kBlockAlign;
  ScaledAddCustomTilingData* tiling = context->GetTilingData<ScaledAddCustomTilingData>();
  tiling->totalLength = total;
  tiling->blockLength = blockLength;
  tiling->tileLength = std::min(kTileLength, blockLength);
  tiling->alpha = *alpha;
  context->SetBlockDim((total + blockLength - 1) / blockLength);
  size_t* workspace = context->GetWorkspaceSizes(1);
  workspace[0] = 0;
  return ge::GRAPH_SUCCESS;
}

}  // namespace
}  // namespace optiling

namespace ge {
namespace {

graphStatus ScaledAddInferShape(gert::InferShapeContext* context) {
  const gert::Shape* x = context->GetInputShape(0);
  const gert::Shape* y = context->GetInputShape(1);
  if (*x != *y) return GRAPH_FAILED;
  *context->GetOutputShape(0) = *x;
  return GRAPH_SUCCESS;
}

graphStatus ScaledAddInferDataType(gert::InferDataTypeContext* context) {
  context->SetOutputDataType(0, context->GetInputDataType(0));
  return GRAPH_SUCCESS;
}

}  // namespace
}  // namespace ge

namespace ops {

class ScaledAddCustom : public OpDef {
 public:
  explicit ScaledAddCustom(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->Input("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->Output("z").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->Attr("alpha").AttrType(OPTIONAL).Float(1.0f);
    this->SetInferShape(ge::ScaledAddInferShape).SetInferDataType(ge::ScaledAddInferDataType);
    this->AICore().SetTiling(optiling::ScaledAddTiling).AddConfig("ascend910b");
  }
};

OP_ADD(ScaledAddCustom);

}  // namespace ops
