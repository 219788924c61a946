// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// ScaleShift, laid out as an operator of the ops repositories (hicann
// ops-nn / ops-math): this OpDef, the shape inference of
// scale_shift_infershape.cpp (IMPL_OP_INFERSHAPE), the 910B's tiling in
// arch22/ (IMPL_OP_OPTILING with TilingParse) and the 950's in arch35/,
// which aicore_add_op_project leaves out. y = x * scale + shift.
#include "register/op_def_registry.h"

namespace ops {
class ScaleShift : public OpDef {
public:
    explicit ScaleShift(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("scale").AttrType(OPTIONAL).Float(1.0f);
        this->Attr("shift").AttrType(OPTIONAL).Float(0.0f);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(ScaleShift);
}  // namespace ops
