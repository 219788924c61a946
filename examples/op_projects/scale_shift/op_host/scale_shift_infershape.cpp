// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Shape and dtype inference of ScaleShift: y is x's shape and dtype.
#include "log/log.h"
#include "register/op_impl_registry.h"

namespace ops {
static ge::graphStatus InferShape4ScaleShift(gert::InferShapeContext* context)
{
    const gert::Shape* xShape = context->GetInputShape(0);
    OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
    gert::Shape* yShape = context->GetOutputShape(0);
    OP_CHECK_NULL_WITH_CONTEXT(context, yShape);
    *yShape = *xShape;
    return ge::GRAPH_SUCCESS;
}

static ge::graphStatus InferDataType4ScaleShift(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return ge::GRAPH_SUCCESS;
}

IMPL_OP_INFERSHAPE(ScaleShift).InferShape(InferShape4ScaleShift).InferDataType(InferDataType4ScaleShift);
}  // namespace ops
