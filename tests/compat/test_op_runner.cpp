// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The operator runner (aicore/op/runner.h) and the aclnn layer over it:
// small operators defined here as a custom-operator project defines them
// (OpDef, InferShape, InferDataType, tiling, an op_kernel entry registered
// with AICORE_OP_KERNEL), run by name against a scalar model, and every
// diagnostic of a bad call: a buggy call that expects its message and a
// clean twin that expects success.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "aclnn/acl_meta.h"
#include "kernel_operator.h"
#include "register/device_op_impl_registry.h"
#include "register/op_def_registry.h"
#include "aicore_op_kernel.h"
#include "kernel_operator_list_tensor_intf.h"

// ---------------------------------------------------------------------------
// TestScale: z = x * scale (+ bias when given), float only; tiling key 7;
// the product goes through the user workspace. Attribute `mode` makes the
// tiling function misbehave (1 fails, 2 oversized data size, 3 block dim 0,
// 4 SaveToBuffer into a too small capacity, 5 workspace of 1 byte too few).

namespace optiling {
BEGIN_TILING_DATA_DEF(TestScaleTiling)
TILING_DATA_FIELD_DEF(uint32_t, n);
TILING_DATA_FIELD_DEF(uint32_t, perBlock);
TILING_DATA_FIELD_DEF(float, scale);
TILING_DATA_FIELD_DEF(uint32_t, hasBias);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace {

constexpr uint32_t kBlocks = 4;
constexpr size_t kSys = 16u * 1024u * 1024u;

ge::graphStatus ScaleTiling(gert::TilingContext* context) {
  const int64_t mode = *context->GetAttrs()->GetInt(1);
  if (mode == 1 || context->GetPlatformInfo() == nullptr) return ge::GRAPH_FAILED;  // non-null, as on the NPU
  optiling::TestScaleTiling t;
  const uint32_t n = static_cast<uint32_t>(context->GetInputTensor(0)->GetShapeSize());
  t.set_n(n);
  t.set_perBlock((n + kBlocks - 1) / kBlocks);
  t.set_scale(*context->GetAttrs()->GetFloat(0));
  t.set_hasBias(context->GetOptionalInputShape(1) != nullptr ? 1 : 0);
  t.SaveToBuffer(context->GetRawTilingData()->GetData(),
                 mode == 4 ? 2 : context->GetRawTilingData()->GetCapacity());
  context->GetRawTilingData()->SetDataSize(mode == 2 ? context->GetRawTilingData()->GetCapacity() + 1
                                                     : t.GetDataSize());
  context->SetBlockDim(mode == 3 ? 0 : kBlocks);
  context->SetTilingKey(7);
  platform_ascendc::PlatformAscendC platform(context->GetPlatformInfo());
  size_t* ws = context->GetWorkspaceSizes(1);
  ws[0] = platform.GetLibApiWorkSpaceSize() + n * sizeof(float);
  return ge::GRAPH_SUCCESS;
}

ge::graphStatus ScaleInferShape(gert::InferShapeContext* context) {
  const gert::Shape* x = context->GetInputShape(0);
  const gert::Shape* bias = context->GetOptionalInputShape(1);
  if (bias != nullptr && *bias != *x) return ge::GRAPH_FAILED;
  *context->GetOutputShape(0) = *x;
  return ge::GRAPH_SUCCESS;
}

ge::graphStatus ScaleInferDataType(gert::InferDataTypeContext* context) {
  context->SetOutputDataType(0, context->GetInputDataType(0));
  return ge::GRAPH_SUCCESS;
}

}  // namespace

namespace ops {
class TestScale : public OpDef {
 public:
  explicit TestScale(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Input("bias").ParamType(OPTIONAL).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("z").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Attr("scale").AttrType(OPTIONAL).Float(2.0f);
    this->Attr("mode").AttrType(OPTIONAL).Int(0);
    this->SetInferShape(ScaleInferShape).SetInferDataType(ScaleInferDataType);
    this->AICore().SetTiling(ScaleTiling);
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(TestScale);

// TestChecked: TestScale (its definition, kernel and tiling) with a check-support function (AICore().SetCheckSupport)
// that the 910B config asks for (NeedCheckSupportFlag(true)) and the 310P one
// does not. It reads the call through ge::Operator: a negative scale is
// refused with a JSON reason, x of rank > 2 with a plain result, and it
// checks what the Operator says of the inputs, outputs and attributes.
ge::graphStatus CheckScaleSupport(const ge::Operator& op, ge::AscendString& result) {
  float scale = 0.0f;
  int64_t mode = -1;
  bool b = false;
  ge::AscendString name;
  if (op.GetAttr("scale", scale) != ge::GRAPH_SUCCESS || op.GetAttr("mode", mode) != ge::GRAPH_SUCCESS || mode != 0 ||
      op.GetAttr("scale", b) == ge::GRAPH_SUCCESS || op.GetAttr("nope", scale) == ge::GRAPH_SUCCESS ||
      op.GetName(name) != ge::GRAPH_SUCCESS || std::string(name.GetString()) != "TestChecked" ||
      op.GetInputDesc("x").GetDataType() != ge::DT_FLOAT || op.GetOutputDesc("z").GetShape().GetDims() !=
      op.GetInputDesc(0u).GetShape().GetDims() || op.GetInputsSize() != (op.GetInputDesc("bias").GetShape().GetDimNum() ? 2u : 1u)) {
    result = ge::AscendString("the Operator does not describe the call");
    return ge::GRAPH_FAILED;
  }
  if (scale < 0.0f) {
    result = ge::AscendString(R"({"isSupported": "False", "dynamicCompileStatic": "True", "reason": "negative scale"})");
    return ge::GRAPH_FAILED;
  }
  if (op.GetInputDesc("x").GetShape().GetDimNum() > 2) {
    result = ge::AscendString("rank above 2");
    return ge::GRAPH_FAILED;
  }
  result = ge::AscendString(R"({"isSupported": "True", "dynamicCompileStatic": "True", "reason": ""})");
  return ge::GRAPH_SUCCESS;
}
class TestChecked : public TestScale {
 public:
  explicit TestChecked(const char* name) : TestScale(name) {
    this->AICore().SetCheckSupport(CheckScaleSupport);
    OpAICoreConfig checked;
    checked.NeedCheckSupportFlag(true);
    this->AICore().AddConfig("ascend910b", checked);
    OpAICoreConfig unchecked;
    unchecked.NeedCheckSupportFlag(false);
    this->AICore().AddConfig("ascend310p", unchecked);
  }
};
OP_ADD(TestChecked);

// TestCheckedByHelper: the same, its check registered outside the OpDef
// (optiling::OpCheckFuncHelper, as ops-nn's bn3d_training_reduce does).
class TestCheckedByHelper : public TestScale {
 public:
  explicit TestCheckedByHelper(const char* name) : TestScale(name) {
    OpAICoreConfig checked;
    checked.NeedCheckSupportFlag(true);
    this->AICore().AddConfig("ascend910b", checked);
  }
};
OP_ADD(TestCheckedByHelper);
ge::graphStatus RefuseAll(const ge::Operator&, ge::AscendString& result) {
  result = ge::AscendString(R"({"isSupported": "False", "reason": "refused by the helper's check"})");
  return ge::GRAPH_FAILED;
}
static const int kHelperRegistered = [] {
  optiling::OpCheckFuncHelper(FUNC_CHECK_SUPPORTED, "TestCheckedByHelper", RefuseAll);
  return 0;
}();

// TestPair: two inputs in two dtype combinations, a required attribute, no
// InferShape (the caller gives the output shape).
class TestPair : public OpDef {
 public:
  explicit TestPair(const char* name) : OpDef(name) {
    this->Input("a").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->Input("b").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->Output("c").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->Attr("k").AttrType(REQUIRED).Int();
    this->AICore().SetTiling(+[](gert::TilingContext* c) -> ge::graphStatus {
      c->SetBlockDim(1);
      return ge::GRAPH_SUCCESS;
    });
  }
};
OP_ADD(TestPair);

// TestNoKernel: an OpDef whose op_kernel entry was never built.
class TestNoKernel : public OpDef {
 public:
  explicit TestNoKernel(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT});
    this->SetInferShape(+[](gert::InferShapeContext* c) -> ge::graphStatus {
      *c->GetOutputShape(0) = *c->GetInputShape(0);
      return ge::GRAPH_SUCCESS;
    });
    this->AICore().SetTiling(+[](gert::TilingContext* c) -> ge::graphStatus {
      c->SetBlockDim(1);
      return ge::GRAPH_SUCCESS;
    });
  }
};
OP_ADD(TestNoKernel);

// TestDtypes: built per dtype (as a kernel reading DTYPE_<NAME> is): a float
// build and an int32 build, none for half.
class TestDtypes : public OpDef {
 public:
  explicit TestDtypes(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_INT32});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_INT32});
    this->SetInferShape(+[](gert::InferShapeContext* c) -> ge::graphStatus {
      *c->GetOutputShape(0) = *c->GetInputShape(0);
      return ge::GRAPH_SUCCESS;
    });
    this->AICore().SetTiling(+[](gert::TilingContext* c) -> ge::graphStatus {
      c->SetBlockDim(1);
      return ge::GRAPH_SUCCESS;
    });
  }
};
OP_ADD(TestDtypes);

// TestSocConfig: x is float in the OpDef; an AddConfig("ascend310p", config)
// also allows int32 on the 310P, one for ascend950 (no profile here) allows
// bfloat16 there, and one reused config object for ascend910 (copied at
// each AddConfig, so its later change reaches the second SoC only).
class TestSocConfig : public OpDef {
 public:
  explicit TestSocConfig(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->SetInferShape(+[](gert::InferShapeContext* c) -> ge::graphStatus {
      *c->GetOutputShape(0) = *c->GetInputShape(0);
      return ge::GRAPH_SUCCESS;
    });
    this->SetInferDataType(+[](gert::InferDataTypeContext* c) -> ge::graphStatus {
      c->SetOutputDataType(0, c->GetInputDataType(0));
      return ge::GRAPH_SUCCESS;
    });
    this->AICore().AddConfig("ascend910b");
    OpAICoreConfig c310;
    c310.DynamicCompileStaticFlag(true)
        .DynamicShapeSupportFlag(true);
    c310.Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_INT32}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
    c310.Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_INT32}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->AICore().AddConfig("ascend310p", c310);
    OpAICoreConfig c950;
    c950.Input("x").ParamType(REQUIRED).DataType({ge::DT_BF16}).Format({ge::FORMAT_ND});
    c950.Output("y").ParamType(REQUIRED).DataType({ge::DT_BF16}).Format({ge::FORMAT_ND});
    this->AICore().AddConfig("ascend950", c950);
    this->AICore().AddConfig("ascend910_93", c950);
    c950.Input("x").DataType({ge::DT_FLOAT16});
    c950.Output("y").DataType({ge::DT_FLOAT16});
    this->AICore().AddConfig("ascend910", c950);
  }
};
OP_ADD(TestSocConfig);

// TestConcat: y = concat(xs) * s[0] (+ off when given): a REQUIRED input, a
// DYNAMIC one (float tensors of any length, rank 1) and an OPTIONAL one, so
// the list's instances start at 1. The tiling checks what the contexts say
// of the instances (a wrong answer fails it).
class TestConcat : public OpDef {
 public:
  explicit TestConcat(const char* name) : OpDef(name) {
    this->Input("s").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Input("xs").ParamType(DYNAMIC).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Input("off").ParamType(OPTIONAL).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->SetInferShape(+[](gert::InferShapeContext* c) -> ge::graphStatus {
      int64_t total = 0;
      for (size_t k = 0; c->GetDynamicInputShape(1, k) != nullptr; ++k) total += c->GetDynamicInputShape(1, k)->GetShapeSize();
      c->GetOutputShape(0)->SetDimNum(0);
      c->GetOutputShape(0)->AppendDim(total);
      return ge::GRAPH_SUCCESS;
    });
    this->SetInferDataType(+[](gert::InferDataTypeContext* c) -> ge::graphStatus {
      c->SetOutputDataType(0, c->GetDynamicInputDataType(1, 0));
      return ge::GRAPH_SUCCESS;
    });
    this->AICore().SetTiling(+[](gert::TilingContext* c) -> ge::graphStatus {
      const gert::AnchorInstanceInfo* s = c->GetIrInputInstanceInfo(0);
      const gert::AnchorInstanceInfo* xs = c->GetIrInputInstanceInfo(1);
      const gert::AnchorInstanceInfo* off = c->GetIrInputInstanceInfo(2);
      if (s == nullptr || xs == nullptr || off == nullptr || c->GetIrInputInstanceInfo(3) != nullptr) {
        return ge::GRAPH_FAILED;
      }
      const size_t n = xs->GetInstanceNum();
      const bool has_off = off->GetInstanceNum() == 1;
      if (s->GetInstanceStart() != 0 || s->GetInstanceNum() != 1 || xs->GetInstanceStart() != 1 ||
          off->GetInstanceStart() != 1 + n || c->GetComputeNodeInputNum() != 1 + n + (has_off ? 1 : 0) ||
          c->GetDynamicInputShape(1, n) != nullptr || c->GetDynamicInputDesc(1, 0)->GetDataType() != ge::DT_FLOAT ||
          (has_off && c->GetOptionalInputDesc(2) != c->GetInputDesc(1 + n)) ||
          c->GetDynamicInputTensor(1, n - 1) != c->GetInputTensor(n)) {
        return ge::GRAPH_FAILED;
      }
      c->SetBlockDim(1);
      c->SetTilingKey(has_off ? 1 : 0);
      return ge::GRAPH_SUCCESS;
    });
  }
};
OP_ADD(TestConcat);

// TestTailBlock: y (uint8, x's shape) gets `write` bytes of 7 from its start,
// more than y holds, as a kernel writing whole 32-byte blocks for a short
// tail does.
class TestTailBlock : public OpDef {
 public:
  explicit TestTailBlock(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_UINT8}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_UINT8}).Format({ge::FORMAT_ND});
    this->Attr("write").AttrType(OPTIONAL).Int(32);
    this->SetInferShape(+[](gert::InferShapeContext* c) -> ge::graphStatus {
      *c->GetOutputShape(0) = *c->GetInputShape(0);
      return ge::GRAPH_SUCCESS;
    });
    this->AICore().SetTiling(+[](gert::TilingContext* c) -> ge::graphStatus {
      *static_cast<int64_t*>(c->GetRawTilingData()->GetData()) = *c->GetAttrs()->GetInt(0);
      c->GetRawTilingData()->SetDataSize(sizeof(int64_t));
      c->SetBlockDim(1);
      return ge::GRAPH_SUCCESS;
    });
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(TestTailBlock);

// TestFlatCat: y = the tensors of the DYNAMIC input xs flattened and
// concatenated; the tensors may have different ranks. The tiling writes the
// count and each tensor's element count into the raw tiling buffer (the
// kernel reads such a list with GetDataPtr only, as it must on the NPU).
class TestFlatCat : public OpDef {
 public:
  explicit TestFlatCat(const char* name) : OpDef(name) {
    this->Input("xs").ParamType(DYNAMIC).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->SetInferShape(+[](gert::InferShapeContext* c) -> ge::graphStatus {
      int64_t total = 0;
      for (size_t k = 0; c->GetDynamicInputShape(0, k) != nullptr; ++k) total += c->GetDynamicInputShape(0, k)->GetShapeSize();
      *c->GetOutputShape(0) = gert::Shape{total};
      return ge::GRAPH_SUCCESS;
    });
    this->AICore().SetTiling(+[](gert::TilingContext* c) -> ge::graphStatus {
      const size_t n = c->GetIrInputInstanceInfo(0)->GetInstanceNum();
      uint64_t* t = static_cast<uint64_t*>(c->GetRawTilingData()->GetData());
      t[0] = n;
      for (size_t k = 0; k < n; ++k) t[1 + k] = static_cast<uint64_t>(c->GetDynamicInputShape(0, k)->GetStorageShape().GetShapeSize());
      c->GetRawTilingData()->SetDataSize((1 + n) * sizeof(uint64_t));
      c->SetBlockDim(1);
      return ge::GRAPH_SUCCESS;
    });
  }
};
OP_ADD(TestFlatCat);

// TestDynOut: a DYNAMIC output (test_op_dynout runs such operators), called
// without its list.
class TestDynOut : public OpDef {
 public:
  explicit TestDynOut(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT});
    this->Output("ys").ParamType(DYNAMIC).DataType({ge::DT_FLOAT});
  }
};
OP_ADD(TestDynOut);

// TestDataScale: z = x * x[0]; the tiling function reads the value x[0]
// (GetInputTensor(0)->GetData), so the runner may not reuse its preparation.
class TestDataScale : public OpDef {
 public:
  explicit TestDataScale(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("z").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->SetInferShape(+[](gert::InferShapeContext* c) -> ge::graphStatus {
      *c->GetOutputShape(0) = *c->GetInputShape(0);
      return ge::GRAPH_SUCCESS;
    });
    this->AICore().SetTiling(+[](gert::TilingContext* c) -> ge::graphStatus {
      optiling::TestScaleTiling t;
      const uint32_t n = static_cast<uint32_t>(c->GetInputTensor(0)->GetShapeSize());
      t.set_n(n);
      t.set_perBlock(n);
      t.set_scale(c->GetInputTensor(0)->GetData<float>()[0]);
      t.set_hasBias(0);
      t.SaveToBuffer(c->GetRawTilingData()->GetData(), c->GetRawTilingData()->GetCapacity());
      c->GetRawTilingData()->SetDataSize(t.GetDataSize());
      c->SetBlockDim(1);
      return ge::GRAPH_SUCCESS;
    });
  }
};
OP_ADD(TestDataScale);
}  // namespace ops

// test_concat reads the list as a kernel does: ListTensorDesc, with the
// extents through TensorDesc.
extern "C" __global__ __aicore__ void test_concat(GM_ADDR s, GM_ADDR xs, GM_ADDR off, GM_ADDR y, GM_ADDR workspace,
                                                  GM_ADDR tiling) {
  (void)workspace, (void)tiling;
  AscendC::ListTensorDesc list((__gm__ void*)xs);
  AscendC::GlobalTensor<float> sg, og, yg;
  sg.SetGlobalBuffer((__gm__ float*)s, 1);
  yg.SetGlobalBuffer((__gm__ float*)y);
  if (TILING_KEY_IS(1)) og.SetGlobalBuffer((__gm__ float*)off);
  uint64_t at = 0;
  for (uint32_t k = 0; k < list.GetSize(); ++k) {
    uint64_t extent = 0;
    AscendC::TensorDesc<float> desc;
    desc.SetShapeAddr(&extent);
    list.GetDesc(desc, k);
    AscendC::GlobalTensor<float> xg = desc.GetDataObj();
    for (uint64_t i = 0; i < desc.GetShape(0); ++i, ++at) {
      yg.SetValue(at, xg.GetValue(i) * sg.GetValue(0) + (TILING_KEY_IS(1) ? og.GetValue(at) : 0.0f));
    }
  }
}
AICORE_OP_KERNEL(test_concat);

extern "C" __global__ __aicore__ void test_flat_cat(GM_ADDR xs, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  (void)workspace;
  const uint64_t* t = reinterpret_cast<const uint64_t*>(tiling);
  AscendC::ListTensorDesc list((__gm__ void*)xs);
  AscendC::GlobalTensor<float> yg;
  yg.SetGlobalBuffer((__gm__ float*)y);
  uint64_t at = 0;
  for (uint64_t k = 0; k < t[0]; ++k) {
    AscendC::GlobalTensor<float> xg;
    xg.SetGlobalBuffer(list.GetDataPtr<float>(static_cast<uint32_t>(k)), t[1 + k]);
    for (uint64_t i = 0; i < t[1 + k]; ++i) yg.SetValue(at++, xg.GetValue(i));
  }
}
AICORE_OP_KERNEL(test_flat_cat);

extern "C" __global__ __aicore__ void test_tail_block(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  (void)x, (void)workspace;
  const int64_t write = *reinterpret_cast<const int64_t*>(tiling);
  AscendC::GlobalTensor<uint8_t> yg;
  yg.SetGlobalBuffer((__gm__ uint8_t*)y);  // unsized, as such kernels write it
  for (int64_t i = 0; i < write; ++i) yg.SetValue(static_cast<uint64_t>(i), 7);
}
AICORE_OP_KERNEL(test_tail_block);

// The two dtype builds of test_dtypes: each writes its own mark into y[0].
extern "C" __global__ __aicore__ void test_dtypes_float(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  (void)x, (void)workspace, (void)tiling;
  AscendC::GlobalTensor<float> yg;
  yg.SetGlobalBuffer((__gm__ float*)y, 1);
  yg.SetValue(0, 1.5f);
}
extern "C" __global__ __aicore__ void test_dtypes_int(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  (void)x, (void)workspace, (void)tiling;
  AscendC::GlobalTensor<int32_t> yg;
  yg.SetGlobalBuffer((__gm__ int32_t*)y, 1);
  yg.SetValue(0, 7);
}
AICORE_OP_KERNEL_DTYPES(test_dtypes, test_dtypes_float, {ge::DT_FLOAT, ge::DT_FLOAT});
AICORE_OP_KERNEL_DTYPES(test_dtypes, test_dtypes_int, {ge::DT_INT32, ge::DT_INT32});

extern "C" __global__ __aicore__ void test_scale(GM_ADDR x, GM_ADDR bias, GM_ADDR z, GM_ADDR workspace,
                                                 GM_ADDR tiling) {
  GET_TILING_DATA_WITH_STRUCT(optiling::TestScaleTiling, t, tiling);
  if (!TILING_KEY_IS(7) || AscendC::GetSysWorkSpacePtr() != workspace) return;  // z stays 0: the test fails
  const uint32_t begin = t.perBlock * AscendC::GetBlockIdx();
  const uint32_t end = begin + t.perBlock < t.n ? begin + t.perBlock : t.n;
  AscendC::GlobalTensor<float> xg, bg, zg, wg;
  xg.SetGlobalBuffer((__gm__ float*)x, t.n);
  zg.SetGlobalBuffer((__gm__ float*)z, t.n);
  wg.SetGlobalBuffer((__gm__ float*)AscendC::GetUserWorkspace(workspace), t.n);
  if (t.hasBias) bg.SetGlobalBuffer((__gm__ float*)bias, t.n);
  for (uint32_t i = begin; i < end; ++i) wg.SetValue(i, xg.GetValue(i) * t.scale);
  for (uint32_t i = begin; i < end; ++i) zg.SetValue(i, wg.GetValue(i) + (t.hasBias ? bg.GetValue(i) : 0.0f));
}
AICORE_OP_KERNEL(test_scale);

extern "C" __global__ __aicore__ void test_checked(GM_ADDR x, GM_ADDR bias, GM_ADDR z, GM_ADDR workspace,
                                                   GM_ADDR tiling) {
  test_scale(x, bias, z, workspace, tiling);
}
AICORE_OP_KERNEL(test_checked);
extern "C" __global__ __aicore__ void test_checked_by_helper(GM_ADDR x, GM_ADDR bias, GM_ADDR z, GM_ADDR workspace,
                                                             GM_ADDR tiling) {
  test_scale(x, bias, z, workspace, tiling);
}
AICORE_OP_KERNEL(test_checked_by_helper);

extern "C" __global__ __aicore__ void test_pair(GM_ADDR a, GM_ADDR c, GM_ADDR workspace, GM_ADDR tiling) {
  (void)a, (void)c, (void)workspace, (void)tiling;
}
AICORE_OP_KERNEL(test_pair);  // one argument short: 2 inputs + 1 output + 2 = 5

extern "C" __global__ __aicore__ void test_data_scale(GM_ADDR x, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling) {
  (void)workspace;
  GET_TILING_DATA_WITH_STRUCT(optiling::TestScaleTiling, t, tiling);
  AscendC::GlobalTensor<float> xg, zg;
  xg.SetGlobalBuffer((__gm__ float*)x, t.n);
  zg.SetGlobalBuffer((__gm__ float*)z, t.n);
  for (uint32_t i = 0; i < t.n; ++i) zg.SetValue(i, xg.GetValue(i) * t.scale);
}
AICORE_OP_KERNEL(test_data_scale);

// ---------------------------------------------------------------------------
// TestStructTiling: y = x + table[i % 1536], the table in a plain 6 KiB tiling
// struct (past the 4 KiB of the raw buffer that start zeroed) written through
// GetTilingData<T> and read with REGISTER_TILING_DEFAULT + GET_TILING_DATA.
// Attribute `huge` asks GetTilingData for a struct larger than the buffer.
// Also registered for tiling sink (DEVICE_IMPL_OP_OPTILING), its input
// ValueDepend(OPTIONAL, DependScope::TILING).

struct TestStructTilingData {
  uint32_t n;
  float table[1536];
};
struct TestHugeTilingData {
  uint8_t bytes[aicore::op::kTilingCapacity + 4];
};

namespace optiling {
ge::graphStatus StructTiling(gert::TilingContext* context) {
  if (*context->GetAttrs()->GetInt(1) != 0) {
    context->GetTilingData<TestHugeTilingData>()->bytes[0] = 1;
    return ge::GRAPH_SUCCESS;
  }
  TestStructTilingData* t = context->GetTilingData<TestStructTilingData>();
  t->n = static_cast<uint32_t>(context->GetInputShape(0)->GetOriginShape().GetShapeSize());
  const float offset = *context->GetAttrs()->GetFloat(0);
  for (uint32_t i = 0; i < 1536; ++i) t->table[i] = offset + static_cast<float>(i);
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}
DEVICE_IMPL_OP_OPTILING(TestStructTiling).Tiling(StructTiling);
}  // namespace optiling

namespace ops {
class TestStructTiling : public OpDef {
 public:
  explicit TestStructTiling(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).ValueDepend(OPTIONAL, DependScope::TILING);
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT});
    this->Attr("offset").AttrType(OPTIONAL).Float(0.0f);
    this->Attr("huge").AttrType(OPTIONAL).Int(0);
    this->SetInferShape(+[](gert::InferShapeContext* c) -> ge::graphStatus {
      *c->GetOutputShape(0) = *c->GetInputShape(0);
      return ge::GRAPH_SUCCESS;
    });
    this->AICore().SetTiling(optiling::StructTiling);
  }
};
OP_ADD(TestStructTiling);
}  // namespace ops

extern "C" __global__ __aicore__ void test_struct_tiling(GM_ADDR x, GM_ADDR y, GM_ADDR /*workspace*/, GM_ADDR tiling) {
  REGISTER_TILING_DEFAULT(TestStructTilingData);
  GET_TILING_DATA(t, tiling);
  AscendC::GlobalTensor<float> xg, yg;
  xg.SetGlobalBuffer((__gm__ float*)x, t.n);
  yg.SetGlobalBuffer((__gm__ float*)y, t.n);
  for (uint32_t i = 0; i < t.n; ++i) yg.SetValue(i, xg.GetValue(i) + t.table[i % 1536]);
}
AICORE_OP_KERNEL(test_struct_tiling);

// ---------------------------------------------------------------------------
// TestTplScale: y = x * MUL by a kernel template over the tiling-template
// arguments (D_T: float or half; MUL: 2, 3 or 5 declared, 2 and 3 selected),
// registered as aicore_add_op_project registers one (AICORE_OP_TPL_KERNEL).

namespace tplop {

ASCENDC_TPL_ARGS_DECL(TestTplScale, ASCENDC_TPL_DATATYPE_DECL(D_T, C_DT_FLOAT, C_DT_FLOAT16),
                      ASCENDC_TPL_UINT_DECL(MUL, ASCENDC_TPL_4_BW, ASCENDC_TPL_UI_LIST, 2, 3, 5));
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_DATATYPE_SEL(D_T, C_DT_FLOAT, C_DT_FLOAT16),
                                     ASCENDC_TPL_UINT_SEL(MUL, ASCENDC_TPL_UI_LIST, 2, 3)));

uint64_t KeyOf(ge::DataType dt, int64_t mul) { return GET_TPL_TILING_KEY(static_cast<uint64_t>(dt), mul); }

ge::graphStatus TplTiling(gert::TilingContext* context) {
  const uint64_t dt = static_cast<uint64_t>(context->GetInputDesc(0)->GetDataType());
  ASCENDC_TPL_SEL_PARAM(context, dt, *context->GetAttrs()->GetInt(0));
  *context->GetTilingData<uint32_t>() = static_cast<uint32_t>(context->GetInputShape(0)->GetOriginShape().GetShapeSize());
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

template <typename D_T, int MUL>
__global__ __aicore__ void test_tpl_scale(GM_ADDR x, GM_ADDR y, GM_ADDR /*workspace*/, GM_ADDR tiling) {
  GET_TILING_DATA_WITH_STRUCT(uint32_t, n, tiling);
  AscendC::GlobalTensor<D_T> xg, yg;
  xg.SetGlobalBuffer((__gm__ D_T*)x, n);
  yg.SetGlobalBuffer((__gm__ D_T*)y, n);
  for (uint32_t i = 0; i < n; ++i) yg.SetValue(i, static_cast<D_T>(static_cast<float>(xg.GetValue(i)) * MUL));
}
AICORE_OP_TPL_KERNEL(test_tpl_scale);

}  // namespace tplop

namespace ops {
class TestTplScale : public OpDef {
 public:
  explicit TestTplScale(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16});
    this->Attr("mul").AttrType(OPTIONAL).Int(2);
    this->SetInferShape(+[](gert::InferShapeContext* c) -> ge::graphStatus {
      *c->GetOutputShape(0) = *c->GetInputShape(0);
      return ge::GRAPH_SUCCESS;
    });
    this->AICore().SetTiling(tplop::TplTiling);
  }
};
OP_ADD(TestTplScale);
}  // namespace ops

namespace {

using aicore::op::OpAttr;
using aicore::op::OpTensor;
using aicore::op::RunOp;

std::string ErrorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

#define EXPECT_REPORT(stmt, ...)                                          \
  do {                                                                   \
    const std::string aicoreMsg = ErrorOf([&] { stmt; });                \
    for (const std::string& part : std::vector<std::string>{__VA_ARGS__}) { \
      EXPECT_NE(aicoreMsg.find(part), std::string::npos) << "missing '" << part << "' in: " << aicoreMsg; \
    }                                                                    \
  } while (0)

struct ScaleData {
  std::vector<float> x, bias, z, golden;
  explicit ScaleData(size_t n, uint32_t seed, float scale, bool with_bias) : x(n), bias(n), z(n), golden(n) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> d(-10.0f, 10.0f);
    for (size_t i = 0; i < n; ++i) {
      x[i] = d(rng);
      bias[i] = d(rng);
      golden[i] = x[i] * scale + (with_bias ? bias[i] : 0.0f);  // the scalar model
    }
  }
};

TEST(OpRunner, KernelNamesFollowTheOpType) {
  EXPECT_EQ(aicore::op::KernelNameOf("AddCustom"), "add_custom");
  EXPECT_EQ(aicore::op::KernelNameOf("LeakyReluCustom"), "leaky_relu_custom");
  EXPECT_EQ(aicore::op::KernelNameOf("MatMulV2"), "mat_mul_v2");
  EXPECT_EQ(aicore::op::KernelNameOf("TestScale"), "test_scale");
}

TEST(OpRunner, RunsByNameAgainstTheScalarModel) {
  std::mt19937 rng(11);
  for (int iter = 0; iter < 12; ++iter) {
    const size_t n = 1 + rng() % 3000;
    const bool with_bias = iter % 2 == 1;
    const bool given_scale = iter % 3 != 0;
    const float scale = given_scale ? static_cast<float>(static_cast<int>(rng() % 200) - 100) / 8.0f : 2.0f;
    ScaleData d(n, 100 + iter, scale, with_bias);
    const std::vector<int64_t> shape = {static_cast<int64_t>(n)};
    std::vector<OpAttr> attrs;
    if (given_scale) attrs.emplace_back("scale", scale);
    const aicore::op::OpRun r =
        RunOp("TestScale",
              {{d.x.data(), shape, ge::DT_FLOAT}, with_bias ? OpTensor(d.bias.data(), shape, ge::DT_FLOAT) : OpTensor::None()},
              {{d.z.data(), shape, ge::DT_FLOAT}}, attrs);
    EXPECT_EQ(r.block_dim, kBlocks);
    EXPECT_EQ(r.tiling_key, 7u);
    EXPECT_EQ(r.workspace_size, kSys + n * sizeof(float));
    EXPECT_EQ(0, std::memcmp(d.z.data(), d.golden.data(), n * sizeof(float))) << "n " << n;
  }
}

TEST(OpRunner, CheckSupportRunsWhereTheConfigAsksForIt) {
  ScaleData d(64, 3, 1.5f, true);
  const std::vector<int64_t> shape = {8, 8};
  RunOp("TestChecked", {{d.x.data(), shape, ge::DT_FLOAT}, {d.bias.data(), shape, ge::DT_FLOAT}},
        {{d.z.data(), shape, ge::DT_FLOAT}}, {{"scale", 1.5f}});
  EXPECT_EQ(0, std::memcmp(d.z.data(), d.golden.data(), 64 * sizeof(float)));  // accepted, computed
  EXPECT_REPORT(RunOp("TestChecked", {{d.x.data(), shape, ge::DT_FLOAT}}, {}, {{"scale", -1.0f}}),
                "CheckSupport", "the check-support function of TestChecked",
                "NeedCheckSupportFlag(true) for Ascend910B) rejects this call: negative scale");
  EXPECT_REPORT(RunOp("TestChecked", {{d.x.data(), {2, 2, 16}, ge::DT_FLOAT}}, {}),
                "rejects this call: rank above 2");
  aicore::SetSocVersion("Ascend310P3");  // its config does not ask for the check
  const std::string on310 = ErrorOf([&] { RunOp("TestChecked", {{d.x.data(), shape, ge::DT_FLOAT}}, {}, {{"scale", -1.0f}}); });
  aicore::SetSocVersion("Ascend910B2");
  EXPECT_EQ(on310, "");
  (void)ops::kHelperRegistered;
  EXPECT_EQ(optiling::FindOpCheckFunc(FUNC_CHECK_SUPPORTED, "TestCheckedByHelper"), &ops::RefuseAll);
  EXPECT_REPORT(RunOp("TestCheckedByHelper", {{d.x.data(), shape, ge::DT_FLOAT}}, {}),
                "rejects this call: refused by the helper's check");
}

TEST(OpRunner, AllocatesOutputsWhenNoneAreGiven) {
  ScaleData d(100, 5, 2.0f, false);
  const aicore::op::OpRun r = RunOp("TestScale", {{d.x.data(), {10, 10}, ge::DT_FLOAT}}, {});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(r.outputs[0].shape, (std::vector<int64_t>{10, 10}));
  EXPECT_EQ(r.outputs[0].dtype, ge::DT_FLOAT);
  EXPECT_EQ(0, std::memcmp(r.outputs[0].data, d.golden.data(), 100 * sizeof(float)));
}

// Outputs RunOp allocates are padded as the NPU's GM tensors are (whole
// 32-byte blocks and one more): a 32-byte block written for 2 bytes of
// result stays in them; under memcheck a write past the padding is reported.
TEST(OpRunner, AllocatedOutputsArePaddedLikeGmTensors) {
  std::vector<uint8_t> x(2);
  aicore::SetSanitize(aicore::kMemcheck);
  const aicore::op::OpRun r = RunOp("TestTailBlock", {{x.data(), {2}, ge::DT_UINT8}}, {});
  const uint8_t* y = static_cast<const uint8_t*>(r.outputs[0].data);
  EXPECT_EQ(y[0], 7);
  EXPECT_EQ(y[1], 7);
  EXPECT_EQ(y[31], 7);  // in the padding: 64 bytes for 2
  std::string what;
  try {
    RunOp("TestTailBlock", {{x.data(), {2}, ge::DT_UINT8}}, {}, {{"write", int64_t{65}}});
  } catch (const aicore::KernelError& e) {
    what = e.what();
  }
  aicore::SetSanitize(0u);
  EXPECT_NE(what.find("SetValue"), std::string::npos) << what;
  EXPECT_NE(what.find("64"), std::string::npos) << what;  // the padded size
}

TEST(OpRunnerDiagnostics, UnregisteredOperator) {
  std::vector<float> x(8);
  EXPECT_REPORT(RunOp("NoSuchOp", {{x.data(), {8}, ge::DT_FLOAT}}, {}), "operator NoSuchOp is not registered",
                "TestScale", "(kernel NoSuchOp)");
  EXPECT_EQ(ErrorOf([&] { RunOp("TestScale", {{x.data(), {8}, ge::DT_FLOAT}}, {}); }), "");
}

TEST(OpRunnerDiagnostics, DtypeFormatRank) {
  std::vector<float> x(64), z(64);
  EXPECT_REPORT(RunOp("TestScale", {{x.data(), {64}, ge::DT_INT32}}, {}),
                "input x (input 0) of TestScale has dtype DT_INT32; the OpDef allows DT_FLOAT");
  EXPECT_REPORT(RunOp("TestScale", {{x.data(), {64}, ge::DT_FLOAT, ge::FORMAT_NCHW}}, {}),
                "input x (input 0) of TestScale has format FORMAT_NCHW; the OpDef allows FORMAT_ND");
  EXPECT_REPORT(RunOp("TestScale", {{x.data(), {1, 1, 1, 1, 1, 1, 1, 1, 64}, ge::DT_FLOAT}}, {}),
                "input x (input 0) of TestScale has rank 9; at most 8 dimensions");
  EXPECT_REPORT(RunOp("TestScale", {{x.data(), {8, -8}, ge::DT_FLOAT}}, {}), "has dimension 1 = -8");
  EXPECT_REPORT(RunOp("TestScale", {{x.data(), {64}, ge::DT_FLOAT}}, {{z.data(), {64}, ge::DT_FLOAT16}}),
                "output z (output 0) of TestScale has dtype DT_FLOAT16; the operator produces DT_FLOAT");
  EXPECT_REPORT(RunOp("TestScale", {{x.data(), {64}, ge::DT_FLOAT}}, {{z.data(), {8, 8}, ge::DT_FLOAT}}),
                "output z (output 0) of TestScale has shape [8, 8]; InferShape gives [64]");
  // Clean twin: the same call with what the OpDef allows.
  EXPECT_EQ(ErrorOf([&] {
              RunOp("TestScale", {{x.data(), {1, 1, 1, 1, 1, 1, 1, 64}, ge::DT_FLOAT}},
                    {{z.data(), {1, 1, 1, 1, 1, 1, 1, 64}, ge::DT_FLOAT}});
            }),
            "");
}

TEST(OpRunnerDiagnostics, DtypeCombination) {
  std::vector<uint16_t> a(16);
  std::vector<float> b(16);
  EXPECT_REPORT(RunOp("TestPair", {{a.data(), {16}, ge::DT_FLOAT16}, {b.data(), {16}, ge::DT_FLOAT}},
                      {{b.data(), {16}, ge::DT_FLOAT}}, {{"k", 1}}),
                "the inputs (a DT_FLOAT16 FORMAT_ND, b DT_FLOAT FORMAT_ND) match none of the dtype/format "
                "combinations the OpDef of TestPair allows: (a DT_FLOAT16, b DT_FLOAT16); (a DT_FLOAT, b DT_FLOAT)");
  // Clean twin reaches the kernel check (test_pair is registered one argument short).
  EXPECT_REPORT(RunOp("TestPair", {{b.data(), {16}, ge::DT_FLOAT}, {b.data(), {16}, ge::DT_FLOAT}},
                      {{b.data(), {16}, ge::DT_FLOAT}}, {{"k", 1}}),
                "kernel test_pair takes 4 GM_ADDR arguments; the OpDef of TestPair needs 5");
}

TEST(OpRunnerDiagnostics, MissingInputsAndOutputShapes) {
  std::vector<float> b(16);
  EXPECT_REPORT(RunOp("TestPair", {{b.data(), {16}, ge::DT_FLOAT}}, {{b.data(), {16}, ge::DT_FLOAT}}, {{"k", 1}}),
                "required input b (input 1) of TestPair is missing");
  EXPECT_REPORT(RunOp("TestPair", {{b.data(), {16}, ge::DT_FLOAT}, {b.data(), {16}, ge::DT_FLOAT}}, {}, {{"k", 1}}),
                "TestPair has no InferShape (SetInferShape): give the shape of output c");
  EXPECT_REPORT(RunOp("TestScale", {{nullptr, {16}, ge::DT_FLOAT}}, {}), "input x (input 0) of TestScale has no data");
}

TEST(OpRunnerDiagnostics, Attributes) {
  std::vector<float> x(64), z(64);
  EXPECT_REPORT(RunOp("TestScale", {{x.data(), {64}, ge::DT_FLOAT}}, {}, {{"alpha", 1.0f}}),
                "TestScale has no attribute alpha; its attributes: scale (Float, default 2.000000), mode (Int, "
                "default 0)");
  EXPECT_REPORT(RunOp("TestScale", {{x.data(), {64}, ge::DT_FLOAT}}, {}, {{"scale", "big"}}),
                "attribute scale of TestScale is Float; a String value was given");
  std::vector<float> b(16);
  EXPECT_REPORT(RunOp("TestPair", {{b.data(), {16}, ge::DT_FLOAT}, {b.data(), {16}, ge::DT_FLOAT}},
                      {{b.data(), {16}, ge::DT_FLOAT}}),
                "required attribute k (Int) of TestPair is not given");
  // Clean twin: an Int value for a Float attribute is accepted.
  EXPECT_EQ(ErrorOf([&] { RunOp("TestScale", {{x.data(), {64}, ge::DT_FLOAT}}, {}, {{"scale", 3}}); }), "");
}

TEST(OpRunnerDiagnostics, InferShapeFailure) {
  std::vector<float> x(64), bias(64);
  EXPECT_REPORT(RunOp("TestScale", {{x.data(), {64}, ge::DT_FLOAT}, {bias.data(), {32}, ge::DT_FLOAT}}, {}),
                "InferShape of TestScale returned 4294967295 (GRAPH_FAILED) for input shapes x [64], bias [32]",
                "error in InferShape");
  EXPECT_EQ(ErrorOf([&] { RunOp("TestScale", {{x.data(), {64}, ge::DT_FLOAT}, {bias.data(), {64}, ge::DT_FLOAT}}, {}); }),
            "");
}

TEST(OpRunnerDiagnostics, TilingFunction) {
  std::vector<float> x(64);
  auto run = [&](int64_t mode) { RunOp("TestScale", {{x.data(), {64}, ge::DT_FLOAT}}, {}, {{"mode", mode}}); };
  EXPECT_REPORT(run(1), "the tiling function of TestScale returned 4294967295 (GRAPH_FAILED)");
  EXPECT_REPORT(run(2), "set the tiling data size to 65537 bytes", "the raw tiling buffer holds 65536");
  EXPECT_REPORT(run(3), "the tiling function of TestScale set block dim 0");
  EXPECT_REPORT(run(4), "tiling data TestScaleTiling needs 16 bytes, the buffer holds 2", "(kernel TestScale)",
                "test_op_runner.cpp");
  EXPECT_EQ(ErrorOf([&] { run(0); }), "");
}

TEST(OpRunnerDiagnostics, NoKernelAndWorkspace) {
  std::vector<float> x(64), z(64);
  EXPECT_REPORT(RunOp("TestNoKernel", {{x.data(), {64}, ge::DT_FLOAT}}, {}),
                "TestNoKernel has no kernel: no op_kernel entry named test_no_kernel is registered");
  auto p = aicore::op::PrepareOp("TestScale", {{x.data(), {64}, ge::DT_FLOAT}}, {{z.data(), {64}, ge::DT_FLOAT}}, {});
  std::vector<uint8_t> ws(p->workspace_size());
  EXPECT_REPORT(aicore::op::ExecuteOp(*p, ws.data(), ws.size() - 1),
                "the workspace of TestScale needs " + std::to_string(ws.size()) + " bytes; " +
                    std::to_string(ws.size() - 1) + " given");
  EXPECT_EQ(ErrorOf([&] { aicore::op::ExecuteOp(*p, ws.data(), ws.size()); }), "");
}

TEST(OpRunner, PicksTheDtypeBuildOfTheCall) {
  std::vector<float> xf(8, 0.0f), yf(8, 0.0f);
  std::vector<int32_t> xi(8, 0), yi(8, 0);
  RunOp("TestDtypes", {{xf.data(), {8}, ge::DT_FLOAT}}, {{yf.data(), {8}, ge::DT_FLOAT}});
  RunOp("TestDtypes", {{xi.data(), {8}, ge::DT_INT32}}, {{yi.data(), {8}, ge::DT_INT32}});
  EXPECT_EQ(yf[0], 1.5f);
  EXPECT_EQ(yi[0], 7);
}

TEST(OpRunnerDiagnostics, NoDtypeBuild) {
  std::vector<uint16_t> x(8), y(8);
  EXPECT_REPORT(RunOp("TestDtypes", {{x.data(), {8}, ge::DT_FLOAT16}}, {{y.data(), {8}, ge::DT_FLOAT16}}),
                "kernel test_dtypes is built per dtype (DTYPE_*) and no build has the dtypes (x DT_FLOAT16, "
                "y DT_FLOAT16); its builds: (x DT_FLOAT, y DT_FLOAT); (x DT_INT32, y DT_INT32)");
}

TEST(OpRunnerDiagnostics, AclnnReturnsTheReport) {
  ScaleData d(64, 9, 2.0f, false);
  const int64_t dims[1] = {64};
  aclTensor* x = aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, d.x.data());
  aclTensor* zbad = aclCreateTensor(dims, 1, ACL_FLOAT16, nullptr, 0, ACL_FORMAT_ND, dims, 1, d.z.data());
  aclTensor* z = aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, d.z.data());
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  const aicore::SrcLoc here{"caller.cpp", 1};
  testing::internal::CaptureStderr();
  EXPECT_EQ(aicore::compat::AclnnPrepare("TestScale", {x, nullptr}, {zbad}, {}, &ws, &ex, here),
            ACLNN_ERR_PARAM_INVALID);
  const std::string printed = testing::internal::GetCapturedStderr();
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("output z (output 0) of TestScale has dtype DT_FLOAT16"),
            std::string::npos);
  EXPECT_NE(printed.find("of TestScale has dtype DT_FLOAT16"), std::string::npos);
  // Clean twin.
  ASSERT_EQ(aicore::compat::AclnnPrepare("TestScale", {x, nullptr}, {z}, {aicore::compat::AclnnAttr("scale", 2.0)},
                                         &ws, &ex, here),
            ACLNN_SUCCESS);
  std::vector<uint8_t> workspace(ws);
  EXPECT_EQ(aicore::compat::AclnnRun("TestScale", workspace.data(), ws, ex, nullptr, here), ACLNN_SUCCESS);
  EXPECT_EQ(0, std::memcmp(d.z.data(), d.golden.data(), 64 * sizeof(float)));
  aclDestroyTensor(x);
  aclDestroyTensor(zbad);
  aclDestroyTensor(z);
}

// DYNAMIC inputs: lists of 1..4 tensors of random lengths, with and without
// the optional input after the list, against the scalar model.
TEST(OpRunner, DynamicInputs) {
  std::mt19937 rng(21);
  for (int iter = 0; iter < 10; ++iter) {
    const size_t count = 1 + iter % 4;
    const bool with_off = iter % 2 == 1;
    std::vector<std::vector<float>> xs(count);
    std::vector<OpTensor> list;
    std::vector<float> cat;
    for (auto& x : xs) {
      x.resize(1 + rng() % 300);
      for (float& v : x) v = static_cast<float>(static_cast<int>(rng() % 2000) - 1000) / 16.0f;
      cat.insert(cat.end(), x.begin(), x.end());
      list.push_back({x.data(), {static_cast<int64_t>(x.size())}, ge::DT_FLOAT});
    }
    std::vector<float> s = {static_cast<float>(1 + iter)}, off(cat.size()), y(cat.size()), golden(cat.size());
    for (size_t i = 0; i < cat.size(); ++i) {
      off[i] = static_cast<float>(i % 7);
      golden[i] = cat[i] * s[0] + (with_off ? off[i] : 0.0f);
    }
    const int64_t n = static_cast<int64_t>(cat.size());
    const aicore::op::OpRun r =
        RunOp("TestConcat",
              {{s.data(), {1}, ge::DT_FLOAT}, OpTensor::List(list),
               with_off ? OpTensor(off.data(), {n}, ge::DT_FLOAT) : OpTensor::None()},
              {{y.data(), {n}, ge::DT_FLOAT}});
    EXPECT_EQ(r.tiling_key, with_off ? 1u : 0u);
    EXPECT_EQ(0, std::memcmp(y.data(), golden.data(), y.size() * sizeof(float))) << "iter " << iter;
  }
}

TEST(OpRunnerDiagnostics, DynamicInputs) {
  std::vector<float> s = {2.0f}, a(8, 1.0f), b(4, 1.0f), y(12);
  std::vector<int32_t> bi(4, 1);
  const OpTensor S(s.data(), {1}, ge::DT_FLOAT), A(a.data(), {8}, ge::DT_FLOAT), B(b.data(), {4}, ge::DT_FLOAT);
  EXPECT_REPORT(RunOp("TestConcat", {S, A}, {}),
                "input xs (input 1) of TestConcat is DYNAMIC: give a list of at least one tensor "
                "(OpTensor::List), not a single tensor");
  EXPECT_REPORT(RunOp("TestConcat", {S, OpTensor::List({})}, {}), "is DYNAMIC", "not an empty one");
  EXPECT_REPORT(RunOp("TestConcat", {S}, {}), "dynamic input xs (input 1) of TestConcat is missing");
  EXPECT_REPORT(RunOp("TestConcat", {OpTensor::List({S}), OpTensor::List({A})}, {}),
                "input s (input 0) of TestConcat is REQUIRED, not DYNAMIC: give one tensor, not a list of 1");
  EXPECT_REPORT(RunOp("TestConcat", {S, OpTensor::List({A, {bi.data(), {4}, ge::DT_INT32}})}, {}),
                "input xs (input 1) of TestConcat: tensor 1 of the list is DT_INT32 FORMAT_ND, tensor 0 DT_FLOAT "
                "FORMAT_ND (the tensors of a list share one dtype and format)");
  EXPECT_REPORT(RunOp("TestConcat", {S, OpTensor::List({A, {b.data(), {4}, ge::DT_FLOAT, ge::FORMAT_NCHW}})}, {}),
                "tensor 1 of the list is DT_FLOAT FORMAT_NCHW, tensor 0 DT_FLOAT FORMAT_ND");
  // Ranks may differ, but the NPU's ListTensorDesc cannot count or describe
  // such a list (it steps by tensor 0's descriptor size): test_concat's
  // GetSize is reported, with where the kernel called it.
  EXPECT_REPORT(RunOp("TestConcat", {S, OpTensor::List({A, {b.data(), {2, 2}, ge::DT_FLOAT}})}, {}),
                "ListTensorDesc::GetSize", "the list's tensors have different ranks (tensor 0: rank 1, tensor 1: rank 2)",
                "would count 1 tensors, not 2", "test_op_runner.cpp");
  EXPECT_REPORT(RunOp("TestConcat", {S, OpTensor::List({A, {b.data(), {2, 2}, ge::DT_FLOAT}, B})}, {}),
                "ListTensorDesc::GetDesc", "GetDesc(1): the list's tensors have different ranks (tensor 0: rank 1, "
                "tensor 1: rank 2)", "for tensor 1 (rank 2) reads the wrong words");
  EXPECT_REPORT(RunOp("TestConcat", {S, OpTensor::List({A, {nullptr, {4}, ge::DT_FLOAT}})}, {}),
                "input xs[1] (input 1) of TestConcat has no data (nullptr) for 4 elements");
  EXPECT_REPORT(RunOp("TestDynOut", {A}, {}),
                "output ys (output 0) of TestDynOut is DYNAMIC (a tensor list): give the outputs, this one as "
                "OpTensor::List");
  // Clean twin.
  EXPECT_EQ(ErrorOf([&] { RunOp("TestConcat", {S, OpTensor::List({A, B})}, {{y.data(), {12}, ge::DT_FLOAT}}); }), "");
  EXPECT_EQ(y[0], 2.0f);
  EXPECT_EQ(y[11], 2.0f);
}

// Tensor lists of mixed ranks (rank 0 too) against the scalar model: each
// descriptor carries its own rank; the kernel reads the data pointers.
TEST(OpRunner, DynamicInputsOfMixedRanks) {
  std::mt19937 rng(41);
  for (int iter = 0; iter < 8; ++iter) {
    const size_t count = 1 + rng() % 5;
    std::vector<std::vector<float>> xs(count);
    std::vector<OpTensor> list;
    std::vector<float> golden;
    for (auto& x : xs) {
      std::vector<int64_t> shape;
      const size_t rank = rng() % 4;
      for (size_t d = 0; d < rank; ++d) shape.push_back(1 + static_cast<int64_t>(rng() % 5));
      size_t n = 1;
      for (const int64_t e : shape) n *= static_cast<size_t>(e);
      x.resize(n);
      for (float& v : x) v = static_cast<float>(static_cast<int>(rng() % 2000) - 1000) / 8.0f;
      golden.insert(golden.end(), x.begin(), x.end());  // the scalar model: flatten and concatenate
      list.push_back({x.data(), shape, ge::DT_FLOAT});
    }
    const aicore::op::OpRun r = RunOp("TestFlatCat", {OpTensor::List(list)}, {});
    ASSERT_EQ(r.outputs.size(), 1u);
    ASSERT_EQ(r.outputs[0].shape, (std::vector<int64_t>{static_cast<int64_t>(golden.size())}));
    EXPECT_EQ(0, std::memcmp(r.outputs[0].data, golden.data(), golden.size() * sizeof(float))) << "iter " << iter;
  }
}

// The tensor list the runner builds: per-tensor descriptors (dim | index << 32,
// extents), then the pointers; ListTensorDesc walks it.
TEST(OpRunner, TensorListLayoutCarriesEachRank) {
  std::vector<gert::Tensor> t(3);
  float a = 0, b = 0, c = 0;
  t[0].Set(&a, gert::Shape{2, 3}, ge::DT_FLOAT, ge::FORMAT_ND);
  t[1].Set(&b, gert::Shape{4}, ge::DT_FLOAT, ge::FORMAT_ND);
  t[2].Set(&c, gert::Shape{}, ge::DT_FLOAT, ge::FORMAT_ND);
  std::vector<uint64_t> w;
  aicore::op::detail::BuildTensorList(t.data(), 3, &w);
  const std::vector<uint64_t> want = {8 * 7, 2, 2, 3, 1 | (uint64_t{1} << 32), 4, uint64_t{2} << 32,
                                      reinterpret_cast<uint64_t>(&a), reinterpret_cast<uint64_t>(&b),
                                      reinterpret_cast<uint64_t>(&c)};
  EXPECT_EQ(w, want);
  aicore::Launch(
      [&] {
        AscendC::ListTensorDesc d(w.data());
        EXPECT_EQ(d.GetDataPtr<float>(2), &c);
        AscendC::TensorDesc<float> td;
        uint64_t ext[2] = {0, 0};
        td.SetShapeAddr(ext);
        d.GetDesc(td, 0);  // tensor 0 is read at its own place with its own rank
        EXPECT_EQ(ext[1], 3u);
      },
      1);
}

// aclnn: a DYNAMIC input is an aclTensorList; aclDestroyTensorList destroys
// its tensors too. A null tensor in the list is a reported error.
TEST(OpRunnerDiagnostics, AclnnTensorList) {
  std::vector<float> s = {3.0f}, a(5, 1.0f), b(3, 2.0f), y(8);
  const int64_t d1[1] = {1}, d5[1] = {5}, d3[1] = {3}, d8[1] = {8};
  aclTensor* st = aclCreateTensor(d1, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, d1, 1, s.data());
  aclTensor* yt = aclCreateTensor(d8, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, d8, 1, y.data());
  const aclTensor* items[2] = {aclCreateTensor(d5, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, d5, 1, a.data()),
                               aclCreateTensor(d3, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, d3, 1, b.data())};
  aclTensorList* list = aclCreateTensorList(items, 2);
  const aclTensor* holes[2] = {items[0], nullptr};
  aclTensorList* bad = aclCreateTensorList(holes, 2);
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  const aicore::SrcLoc here{"caller.cpp", 1};
  testing::internal::CaptureStderr();
  EXPECT_EQ(aicore::compat::AclnnPrepare("TestConcat", {st, bad, nullptr}, {yt}, {}, &ws, &ex, here),
            ACLNN_ERR_PARAM_NULLPTR);
  testing::internal::GetCapturedStderr();
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("input 1: tensor 1 of the tensor list is nullptr"),
            std::string::npos);
  testing::internal::CaptureStderr();
  EXPECT_EQ(aicore::compat::AclnnPrepare("TestConcat", {st, static_cast<const aclTensorList*>(nullptr), nullptr}, {yt},
                                         {}, &ws, &ex, here),
            ACLNN_ERR_PARAM_NULLPTR);
  testing::internal::GetCapturedStderr();
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("aclnnTestConcatGetWorkspaceSize: input 1 (a tensor list) is nullptr"),
            std::string::npos);
  ASSERT_EQ(aicore::compat::AclnnPrepare("TestConcat", {st, list, nullptr}, {yt}, {}, &ws, &ex, here), ACLNN_SUCCESS);
  EXPECT_EQ(aicore::compat::AclnnRun("TestConcat", nullptr, ws, ex, nullptr, here), ACLNN_SUCCESS);
  const std::vector<float> golden = {3, 3, 3, 3, 3, 6, 6, 6};
  EXPECT_EQ(y, golden);
  delete bad;  // its tensors belong to `list`
  aclDestroyTensorList(list);
  aclDestroyTensor(st);
  aclDestroyTensor(yt);
}

}  // namespace

// InferOp: checks and InferShape/InferDataType only (PyTorch's Meta kernels):
// inputs without data, no tiling, nothing launched, not executable.
TEST(OpRunner, InferOpInfersWithoutDataOrTiling) {
  std::unique_ptr<aicore::op::PreparedOp> p =
      aicore::op::InferOp("TestScale", {{nullptr, {3, 7}, ge::DT_FLOAT}}, {{"scale", 2.0f}});
  ASSERT_EQ(p->num_outputs(), 1u);
  EXPECT_EQ(p->output_shape(0), (gert::Shape{3, 7}));
  EXPECT_EQ(p->output_dtype(0), ge::DT_FLOAT);
  EXPECT_EQ(p->block_dim(), 0u);  // the tiling did not run
  EXPECT_EQ(p->output_data(0), nullptr);
}

TEST(OpRunnerDiagnostics, InferOp) {
  EXPECT_REPORT(aicore::op::InferOp("TestScale", {{nullptr, {8}, ge::DT_INT32}}),
                "error in InferOp", "input x (input 0) of TestScale has dtype DT_INT32");
  EXPECT_REPORT(aicore::op::InferOp("TestScale", {{nullptr, {64}, ge::DT_FLOAT}, {nullptr, {32}, ge::DT_FLOAT}}),
                "InferShape of TestScale returned 4294967295 (GRAPH_FAILED)");
  EXPECT_REPORT(aicore::op::InferOp("NoSuchOp", {}), "operator NoSuchOp is not registered");
  // Data-less inputs are an error for a real run.
  EXPECT_REPORT(RunOp("TestScale", {{nullptr, {8}, ge::DT_FLOAT}}, {}), "input x (input 0) of TestScale has no data");
  std::unique_ptr<aicore::op::PreparedOp> p = aicore::op::InferOp("TestScale", {{nullptr, {8}, ge::DT_FLOAT}});
  std::vector<float> ws(64);
  EXPECT_REPORT(aicore::op::ExecuteOp(*p, ws.data(), ws.size() * sizeof(float)),
                "prepared by InferOp (shapes only); use PrepareOp to run it");
  // Clean twins.
  EXPECT_EQ(ErrorOf([&] { aicore::op::InferOp("TestScale", {{nullptr, {8}, ge::DT_FLOAT}}); }), "");
  EXPECT_EQ(ErrorOf([&] { aicore::op::InferOp("TestScale", {{nullptr, {0}, ge::DT_FLOAT}}); }), "");
}

// AddConfig(soc, OpAICoreConfig): the runner checks tensors against the
// definitions of the SoC profile it runs under.
TEST(OpRunner, PerSocConfigDefinitions) {
  struct Restore {
    ~Restore() { aicore::SetSocVersion("Ascend910B"); }
  } restore;
  using aicore::op::InferOp;
  const ops::OpDef* def = aicore::op::FindOpDef("TestSocConfig");
  ASSERT_NE(def, nullptr);
  ASSERT_EQ(def->GetAICore().Configs().size(), 4u);
  EXPECT_EQ(def->GetAICore().Socs().size(), 5u);
  // Ascend910B: the OpDef's float (the ascend910_93 and ascend950 configs
  // are other SoCs).
  aicore::SetSocVersion("Ascend910B");
  EXPECT_REPORT(InferOp("TestSocConfig", {{nullptr, {8}, ge::DT_INT32}}),
                "input x (input 0) of TestSocConfig has dtype DT_INT32; the OpDef allows DT_FLOAT");
  EXPECT_REPORT(InferOp("TestSocConfig", {{nullptr, {8}, ge::DT_BF16}}),
                "input x (input 0) of TestSocConfig has dtype DT_BF16; the OpDef allows DT_FLOAT");
  EXPECT_EQ(InferOp("TestSocConfig", {{nullptr, {8}, ge::DT_FLOAT}})->output_dtype(0), ge::DT_FLOAT);
  // Ascend310P: float or int32.
  aicore::SetSocVersion("Ascend310P3");
  EXPECT_EQ(InferOp("TestSocConfig", {{nullptr, {8}, ge::DT_INT32}})->output_dtype(0), ge::DT_INT32);
  EXPECT_EQ(InferOp("TestSocConfig", {{nullptr, {8}, ge::DT_FLOAT}})->output_dtype(0), ge::DT_FLOAT);
  EXPECT_REPORT(InferOp("TestSocConfig", {{nullptr, {8}, ge::DT_BF16}}),
                "input x (input 0) of TestSocConfig has dtype DT_BF16; the OpDef allows DT_FLOAT, DT_INT32");
  // Ascend910: the reused object's later state (float16).
  aicore::SetSocVersion("Ascend910");
  EXPECT_EQ(InferOp("TestSocConfig", {{nullptr, {8}, ge::DT_FLOAT16}})->output_dtype(0), ge::DT_FLOAT16);
  EXPECT_REPORT(InferOp("TestSocConfig", {{nullptr, {8}, ge::DT_BF16}}),
                "input x (input 0) of TestSocConfig has dtype DT_BF16; the OpDef allows DT_FLOAT16");
  // An operator without configs is unchanged under another profile.
  EXPECT_EQ(ErrorOf([&] { InferOp("TestScale", {{nullptr, {8}, ge::DT_FLOAT}}); }), "");
}

std::vector<std::string>& SeenOps() {
  static std::vector<std::string> v;
  return v;
}

// OnOpDefRegistered: the operators registered before and after the listener.
TEST(OpRunner, OpDefListenerSeesEveryRegistration) {
  SeenOps().clear();
  aicore::op::OnOpDefRegistered([](const std::string& type) { SeenOps().push_back(type); });
  EXPECT_EQ(SeenOps(), aicore::op::RegisteredOps());
  aicore::op::RegisterOpDef("TestLateOp", [](const char* type) -> ops::OpDef* { return new ops::OpDef(type); });
  ASSERT_FALSE(SeenOps().empty());
  EXPECT_EQ(SeenOps().back(), "TestLateOp");
  ASSERT_NE(aicore::op::FindOpDef("TestLateOp"), nullptr);
}

// ---------------------------------------------------------------------------
// Prepared calls reused (PrepareOp's cache): the counts of PrepareCacheStats
// say whether a call was given a kept preparation.

// The reuse on and empty for one test; the earlier setting after it.
struct CacheOn {
  const bool was = aicore::op::PrepareCacheEnabled();
  CacheOn() {
    aicore::op::SetPrepareCache(true);
    aicore::op::ClearPrepareCache();
  }
  ~CacheOn() { aicore::op::SetPrepareCache(was); }
};

struct CacheCounts {
  uint64_t hits, misses, not_kept;
};
CacheCounts CountsSince(const aicore::op::PrepareCacheStats& s0) {
  const aicore::op::PrepareCacheStats s = aicore::op::GetPrepareCacheStats();
  return {s.hits - s0.hits, s.misses - s0.misses, s.not_kept - s0.not_kept};
}

void ExpectSamePreparation(const aicore::op::PreparedOp& p, const aicore::op::PreparedOp& fresh) {
  EXPECT_EQ(p.block_dim(), fresh.block_dim());
  EXPECT_EQ(p.tiling_key(), fresh.tiling_key());
  EXPECT_EQ(p.workspace_size(), fresh.workspace_size());
  EXPECT_EQ(p.context().workspace_, fresh.context().workspace_);
  const gert::TilingData& t = p.context().tiling_;
  const gert::TilingData& f = fresh.context().tiling_;
  EXPECT_EQ(t.GetDataSize(), f.GetDataSize());
  EXPECT_EQ(t.GetCapacity(), f.GetCapacity());
  EXPECT_NE(t.GetData(), f.GetData());  // each call its own buffer
  EXPECT_EQ(0, std::memcmp(t.GetData(), f.GetData(), aicore::op::kTilingZeroed));
  ASSERT_EQ(p.num_outputs(), fresh.num_outputs());
  for (size_t j = 0; j < p.num_outputs(); ++j) {
    EXPECT_EQ(p.output_shape(j), fresh.output_shape(j));
    EXPECT_EQ(p.output_dtype(j), fresh.output_dtype(j));
  }
}

TEST(OpRunnerCache, ReusedPreparationEqualsAFreshOne) {
  CacheOn on;
  const std::vector<int64_t> shape = {10, 100};
  ScaleData a(1000, 1, 0.5f, true), b(1000, 2, 0.5f, true), c(1000, 3, 0.5f, true);
  auto prepare = [&](ScaleData& d) {
    return aicore::op::PrepareOp(
        "TestScale", {{d.x.data(), shape, ge::DT_FLOAT}, {d.bias.data(), shape, ge::DT_FLOAT}},
        {{d.z.data(), shape, ge::DT_FLOAT}}, {{"scale", 0.5f}});
  };
  aicore::op::SetPrepareCache(false);
  aicore::op::PrepareCacheStats s0 = aicore::op::GetPrepareCacheStats();
  const auto fresh = prepare(c);
  EXPECT_EQ(CountsSince(s0).not_kept, 1u);
  EXPECT_EQ(aicore::op::GetPrepareCacheStats().entries, 0u);
  aicore::op::SetPrepareCache(true);
  s0 = aicore::op::GetPrepareCacheStats();
  const auto first = prepare(a);   // prepared, kept
  const auto again = prepare(b);   // the kept one, bound to b
  EXPECT_EQ(CountsSince(s0).misses, 1u);
  EXPECT_EQ(CountsSince(s0).hits, 1u);
  EXPECT_EQ(aicore::op::GetPrepareCacheStats().entries, 1u);
  ExpectSamePreparation(*first, *fresh);
  ExpectSamePreparation(*again, *fresh);
  EXPECT_EQ(again->output_data(0), b.z.data());
  EXPECT_EQ(again->context().GetInputTensor(0)->GetAddr(), b.x.data());
  EXPECT_EQ(again->context().GetOptionalInputTensor(1)->GetAddr(), b.bias.data());
  EXPECT_EQ(again->context().GetOutputShape(0)->GetOriginShape(), fresh->output_shape(0));
  std::vector<uint8_t> ws(fresh->workspace_size());
  aicore::op::ExecuteOp(*again, ws.data(), ws.size());
  aicore::op::ExecuteOp(*first, ws.data(), ws.size());
  aicore::op::ExecuteOp(*fresh, ws.data(), ws.size());
  EXPECT_EQ(0, std::memcmp(a.z.data(), a.golden.data(), a.z.size() * sizeof(float)));
  EXPECT_EQ(0, std::memcmp(b.z.data(), b.golden.data(), b.z.size() * sizeof(float)));
  EXPECT_EQ(0, std::memcmp(c.z.data(), c.golden.data(), c.z.size() * sizeof(float)));
}

// A reused call of an operator with a DYNAMIC input points the kernel at a
// tensor list of its own tensors; RunOp's allocated outputs likewise.
TEST(OpRunnerCache, ReusedCallBindsItsOwnListsAndOutputs) {
  CacheOn on;
  const aicore::op::PrepareCacheStats s0 = aicore::op::GetPrepareCacheStats();
  for (int iter = 0; iter < 3; ++iter) {
    std::vector<float> x0(5), x1(9), s = {static_cast<float>(2 + iter)}, y(14), golden;
    for (size_t i = 0; i < x0.size(); ++i) x0[i] = static_cast<float>(iter * 100 + i);
    for (size_t i = 0; i < x1.size(); ++i) x1[i] = static_cast<float>(iter * 100 + 50 + i);
    for (const float v : x0) golden.push_back(v * s[0]);
    for (const float v : x1) golden.push_back(v * s[0]);
    RunOp("TestConcat",
          {{s.data(), {1}, ge::DT_FLOAT},
           OpTensor::List({{x0.data(), {5}, ge::DT_FLOAT}, {x1.data(), {9}, ge::DT_FLOAT}})},
          {{y.data(), {14}, ge::DT_FLOAT}});
    EXPECT_EQ(y, golden) << "iter " << iter;
    const aicore::op::OpRun r = RunOp("TestScale", {{x1.data(), {9}, ge::DT_FLOAT}}, {});  // scale 2
    ASSERT_EQ(r.outputs.size(), 1u);
    for (size_t i = 0; i < x1.size(); ++i) EXPECT_EQ(static_cast<float*>(r.outputs[0].data)[i], x1[i] * 2.0f);
  }
  EXPECT_EQ(CountsSince(s0).hits, 4u);
  EXPECT_EQ(CountsSince(s0).misses, 2u);
}

TEST(OpRunnerCache, ChangedShapeDtypeAttributeOrSocIsNotReused) {
  CacheOn on;
  auto run = [](size_t n, std::vector<int64_t> shape, float scale, bool with_bias) {
    ScaleData d(n, static_cast<uint32_t>(n), scale, with_bias);
    const aicore::op::PrepareCacheStats s0 = aicore::op::GetPrepareCacheStats();
    const aicore::op::OpRun r =
        RunOp("TestScale",
              {{d.x.data(), shape, ge::DT_FLOAT}, with_bias ? OpTensor(d.bias.data(), shape, ge::DT_FLOAT) : OpTensor::None()},
              {{d.z.data(), shape, ge::DT_FLOAT}}, {{"scale", scale}});
    EXPECT_EQ(r.workspace_size, kSys + n * sizeof(float));
    EXPECT_EQ(0, std::memcmp(d.z.data(), d.golden.data(), n * sizeof(float))) << "n " << n << " scale " << scale;
    const CacheCounts c = CountsSince(s0);
    EXPECT_EQ(c.hits + c.misses, 1u);
    return c.hits == 1;
  };
  EXPECT_FALSE(run(64, {64}, 2.0f, false));
  EXPECT_TRUE(run(64, {64}, 2.0f, false));
  EXPECT_FALSE(run(65, {65}, 2.0f, false));    // shape
  EXPECT_FALSE(run(64, {8, 8}, 2.0f, false));  // rank
  EXPECT_FALSE(run(64, {64}, 3.0f, false));    // attribute value
  EXPECT_FALSE(run(64, {64}, 3.0f, true));     // an optional input given
  EXPECT_TRUE(run(64, {64}, 2.0f, false));
  EXPECT_TRUE(run(64, {64}, 3.0f, true));
  {
    struct Restore {
      ~Restore() { aicore::SetSocVersion("Ascend910B"); }
    } restore;
    aicore::SetSocVersion("Ascend310P3");
    EXPECT_FALSE(run(64, {64}, 2.0f, false));  // SoC profile
  }
  EXPECT_TRUE(run(64, {64}, 2.0f, false));
  // Dtype: each dtype build of test_dtypes, also when repeated.
  const aicore::op::PrepareCacheStats s0 = aicore::op::GetPrepareCacheStats();
  for (int iter = 0; iter < 2; ++iter) {
    std::vector<float> xf(8, 0.0f), yf(8, 0.0f);
    std::vector<int32_t> xi(8, 0), yi(8, 0);
    RunOp("TestDtypes", {{xf.data(), {8}, ge::DT_FLOAT}}, {{yf.data(), {8}, ge::DT_FLOAT}});
    RunOp("TestDtypes", {{xi.data(), {8}, ge::DT_INT32}}, {{yi.data(), {8}, ge::DT_INT32}});
    EXPECT_EQ(yf[0], 1.5f);
    EXPECT_EQ(yi[0], 7);
  }
  EXPECT_EQ(CountsSince(s0).misses, 2u);
  EXPECT_EQ(CountsSince(s0).hits, 2u);
  // Bounded: distinct shapes keep at most kPrepareCacheEntries.
  std::vector<float> x(200), z(200);
  for (int64_t n = 1; n <= static_cast<int64_t>(aicore::op::kPrepareCacheEntries) + 20; ++n) {
    aicore::op::PrepareOp("TestScale", {{x.data(), {n}, ge::DT_FLOAT}}, {{z.data(), {n}, ge::DT_FLOAT}}, {});
  }
  EXPECT_EQ(aicore::op::GetPrepareCacheStats().entries, aicore::op::kPrepareCacheEntries);
}

// A tiling function that reads an input's values: each call prepared afresh.
TEST(OpRunnerCache, TilingThatReadsInputDataIsNotReused) {
  CacheOn on;
  const aicore::op::PrepareCacheStats s0 = aicore::op::GetPrepareCacheStats();
  std::vector<float> x = {3.0f, 1.0f, -2.0f, 4.0f}, z(4);
  for (const float first : {3.0f, -2.0f, 0.5f}) {
    x[0] = first;
    RunOp("TestDataScale", {{x.data(), {4}, ge::DT_FLOAT}}, {{z.data(), {4}, ge::DT_FLOAT}});
    for (size_t i = 0; i < x.size(); ++i) EXPECT_EQ(z[i], x[i] * first) << "x[0] " << first;
  }
  EXPECT_EQ(CountsSince(s0).hits, 0u);
  EXPECT_EQ(CountsSince(s0).misses, 0u);
  EXPECT_EQ(CountsSince(s0).not_kept, 3u);
  EXPECT_EQ(aicore::op::GetPrepareCacheStats().entries, 0u);
}

// Calls from several threads, of shapes and attributes that repeat across
// them: every result against the scalar model.
TEST(OpRunnerCache, ConcurrentCallsFromThreads) {
  CacheOn on;
  const aicore::op::PrepareCacheStats s0 = aicore::op::GetPrepareCacheStats();
  constexpr int kThreads = 4, kCalls = 30;
  std::atomic<int> wrong{0}, errors{0};
  std::vector<std::thread> threads;
  for (int h = 0; h < kThreads; ++h) {
    threads.emplace_back([&, h] {
      for (int it = 0; it < kCalls; ++it) {
        const size_t n = 64 * (1 + (it + h) % 3);
        const float scale = static_cast<float>(1 + it % 2);
        const bool with_bias = (it / 2) % 2 == 1;
        ScaleData d(n, static_cast<uint32_t>(h * 1000 + it), scale, with_bias);
        const std::vector<int64_t> shape = {static_cast<int64_t>(n)};
        try {
          RunOp("TestScale",
                {{d.x.data(), shape, ge::DT_FLOAT},
                 with_bias ? OpTensor(d.bias.data(), shape, ge::DT_FLOAT) : OpTensor::None()},
                {{d.z.data(), shape, ge::DT_FLOAT}}, {{"scale", scale}});
        } catch (const aicore::KernelError&) {
          errors.fetch_add(1);
        }
        if (std::memcmp(d.z.data(), d.golden.data(), n * sizeof(float)) != 0) wrong.fetch_add(1);
      }
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(errors.load(), 0);
  EXPECT_EQ(wrong.load(), 0);
  const CacheCounts c = CountsSince(s0);
  EXPECT_EQ(c.hits + c.misses + c.not_kept, static_cast<uint64_t>(kThreads * kCalls));
  EXPECT_GE(c.hits, static_cast<uint64_t>(kThreads * kCalls - 4 * 12));  // 12 keys, each prepared at most once per thread
}
// ---------------------------------------------------------------------------
// Plain tiling structs (GetTilingData<T>), kernel templates selected by
// tiling key (AICORE_OP_TPL_KERNEL), tiling sink registration.

namespace {

std::vector<float> StructGolden(const std::vector<float>& x, float offset) {
  std::vector<float> y(x.size());
  for (size_t i = 0; i < x.size(); ++i) y[i] = x[i] + (offset + static_cast<float>(i % 1536));
  return y;
}

}  // namespace

TEST(OpRunner, PlainTilingStructKeepsAllItsBytesWhenReused) {
  aicore::op::ClearPrepareCache();
  const size_t n = 3000;  // reads the table past its first 4 KiB
  std::vector<float> x(n), y(n);
  std::mt19937 rng(3);
  for (float& v : x) v = static_cast<float>(static_cast<int>(rng() % 1000)) / 4.0f;
  // Offsets 1, 2, then 1 again: the third call reuses the first's preparation
  // in a buffer the second's table filled, so all 6 KiB must come back.
  for (const float offset : {1.0f, 2.0f, 1.0f}) {
    RunOp("TestStructTiling", {{x.data(), {static_cast<int64_t>(n)}, ge::DT_FLOAT}},
          {{y.data(), {static_cast<int64_t>(n)}, ge::DT_FLOAT}}, {{"offset", offset}});
    EXPECT_EQ(0, std::memcmp(y.data(), StructGolden(x, offset).data(), n * sizeof(float))) << "offset " << offset;
  }
  EXPECT_GE(aicore::op::GetPrepareCacheStats().hits, 1u);
}

TEST(OpRunnerDiagnostics, TilingStructLargerThanTheBuffer) {
  std::vector<float> x(16);
  auto run = [&](int64_t huge) { RunOp("TestStructTiling", {{x.data(), {16}, ge::DT_FLOAT}}, {}, {{"huge", huge}}); };
  EXPECT_REPORT(run(1), "the 65540-byte tiling struct does not fit the raw tiling buffer (65536 bytes)",
                "(kernel TestStructTiling)", "GetTilingData", "in the tiling function of TestStructTiling");
  EXPECT_EQ(ErrorOf([&] { run(0); }), "");
}

TEST(OpRunner, TilingSinkRegistration) {
  const optiling::SinkTilingFunc f = aicore::op::FindSinkTiling("TestStructTiling");
  ASSERT_TRUE(f);
  ASSERT_NE(f.target<ge::graphStatus (*)(gert::TilingContext*)>(), nullptr);
  EXPECT_EQ(*f.target<ge::graphStatus (*)(gert::TilingContext*)>(), &optiling::StructTiling);
  EXPECT_FALSE(aicore::op::FindSinkTiling("TestScale"));
}

TEST(OpRunner, KernelTemplateRunsTheInstantiationOfTheTilingKey) {
  const std::vector<int64_t> shape = {77};
  std::vector<float> xf(77);
  std::vector<half> xh(77);
  for (size_t i = 0; i < 77; ++i) {
    xf[i] = static_cast<float>(i) * 0.37f - 9.0f;
    xh[i] = static_cast<half>(xf[i]);
  }
  for (const int64_t mul : {2, 3}) {
    const aicore::op::OpRun rf = RunOp("TestTplScale", {{xf.data(), shape, ge::DT_FLOAT}}, {}, {{"mul", mul}});
    const aicore::op::OpRun rh = RunOp("TestTplScale", {{xh.data(), shape, ge::DT_FLOAT16}}, {}, {{"mul", mul}});
    EXPECT_EQ(rf.tiling_key, tplop::KeyOf(ge::DT_FLOAT, mul));
    EXPECT_EQ(rh.tiling_key, tplop::KeyOf(ge::DT_FLOAT16, mul));
    EXPECT_NE(rf.tiling_key, rh.tiling_key);
    const auto* yf = static_cast<const float*>(rf.outputs[0].data);
    const auto* yh = static_cast<const half*>(rh.outputs[0].data);
    for (size_t i = 0; i < 77; ++i) {
      EXPECT_EQ(yf[i], xf[i] * static_cast<float>(mul)) << i;
      const half g = static_cast<half>(static_cast<float>(xh[i]) * static_cast<float>(mul));
      EXPECT_EQ(0, std::memcmp(&yh[i], &g, sizeof(half))) << i;
    }
  }
}

TEST(OpRunnerDiagnostics, KernelTemplateWithoutTheTilingKey) {
  std::vector<float> x(8);
  auto run = [&](int64_t mul) { RunOp("TestTplScale", {{x.data(), {8}, ge::DT_FLOAT}}, {}, {{"mul", mul}}); };
  // 5 is declared (a key exists) but not selected: no instantiation.
  EXPECT_REPORT(run(5),
                "the tiling function of TestTplScale set tiling key " + std::to_string(tplop::KeyOf(ge::DT_FLOAT, 5)),
                "the kernel template test_tpl_scale has no instantiation for it: ASCENDC_TPL_SEL selects the keys " +
                    std::to_string(tplop::KeyOf(ge::DT_FLOAT, 2)));
  EXPECT_EQ(ErrorOf([&] { run(3); }), "");
}

// ge::DataType and ge::Format against the kernel-side macros of the dtype
// builds (aicore_op_dtypes.h): one set of the vendor's numbers. Last in the
// file: from the include on, the macros replace the enumerators' names.
namespace enum_check {
#define AICORE_NAMES(X) \
  X(DT_FLOAT) \
  X(DT_FLOAT16) \
  X(DT_INT8) \
  X(DT_INT32) \
  X(DT_UINT8) \
  X(DT_INT16) \
  X(DT_UINT16) \
  X(DT_INT64) \
  X(DT_UINT32) \
  X(DT_UINT64) \
  X(DT_DOUBLE) \
  X(DT_BOOL) \
  X(DT_STRING) \
  X(DT_DUAL_SUB_INT8) \
  X(DT_DUAL_SUB_UINT8) \
  X(DT_COMPLEX64) \
  X(DT_COMPLEX128) \
  X(DT_QINT8) \
  X(DT_QINT16) \
  X(DT_QINT32) \
  X(DT_QUINT8) \
  X(DT_QUINT16) \
  X(DT_RESOURCE) \
  X(DT_STRING_REF) \
  X(DT_DUAL) \
  X(DT_VARIANT) \
  X(DT_BF16) \
  X(DT_UNDEFINED) \
  X(DT_INT4) \
  X(DT_UINT1) \
  X(DT_INT2) \
  X(DT_UINT2) \
  X(DT_COMPLEX32) \
  X(DT_HIFLOAT8) \
  X(DT_FLOAT8_E5M2) \
  X(DT_FLOAT8_E4M3FN) \
  X(DT_FLOAT8_E8M0) \
  X(DT_FLOAT6_E3M2) \
  X(DT_FLOAT6_E2M3) \
  X(DT_FLOAT4_E2M1) \
  X(DT_FLOAT4_E1M2) \
  X(DT_MAX) \
  X(FORMAT_NCHW) \
  X(FORMAT_NHWC) \
  X(FORMAT_ND) \
  X(FORMAT_NC1HWC0) \
  X(FORMAT_FRACTAL_Z) \
  X(FORMAT_NC1C0HWPAD) \
  X(FORMAT_NHWC1C0) \
  X(FORMAT_FSR_NCHW) \
  X(FORMAT_FRACTAL_DECONV) \
  X(FORMAT_C1HWNC0) \
  X(FORMAT_FRACTAL_DECONV_TRANSPOSE) \
  X(FORMAT_FRACTAL_DECONV_SP_STRIDE_TRANS) \
  X(FORMAT_NC1HWC0_C04) \
  X(FORMAT_FRACTAL_Z_C04) \
  X(FORMAT_CHWN) \
  X(FORMAT_FRACTAL_DECONV_SP_STRIDE8_TRANS) \
  X(FORMAT_HWCN) \
  X(FORMAT_NC1KHKWHWC0) \
  X(FORMAT_BN_WEIGHT) \
  X(FORMAT_FILTER_HWCK) \
  X(FORMAT_HASHTABLE_LOOKUP_LOOKUPS) \
  X(FORMAT_HASHTABLE_LOOKUP_KEYS) \
  X(FORMAT_HASHTABLE_LOOKUP_VALUE) \
  X(FORMAT_HASHTABLE_LOOKUP_OUTPUT) \
  X(FORMAT_HASHTABLE_LOOKUP_HITS) \
  X(FORMAT_C1HWNCoC0) \
  X(FORMAT_MD) \
  X(FORMAT_NDHWC) \
  X(FORMAT_FRACTAL_ZZ) \
  X(FORMAT_FRACTAL_NZ) \
  X(FORMAT_NCDHW) \
  X(FORMAT_DHWCN) \
  X(FORMAT_NDC1HWC0) \
  X(FORMAT_FRACTAL_Z_3D) \
  X(FORMAT_CN) \
  X(FORMAT_NC) \
  X(FORMAT_DHWNC) \
  X(FORMAT_FRACTAL_Z_3D_TRANSPOSE) \
  X(FORMAT_FRACTAL_ZN_LSTM) \
  X(FORMAT_FRACTAL_Z_G) \
  X(FORMAT_RESERVED) \
  X(FORMAT_ALL) \
  X(FORMAT_NULL) \
  X(FORMAT_ND_RNN_BIAS) \
  X(FORMAT_FRACTAL_ZN_RNN) \
  X(FORMAT_NYUV) \
  X(FORMAT_NYUV_A) \
  X(FORMAT_NCL) \
  X(FORMAT_FRACTAL_Z_WINO) \
  X(FORMAT_C1HWC0) \
  X(FORMAT_FRACTAL_NZ_C0_16) \
  X(FORMAT_FRACTAL_NZ_C0_32) \
  X(FORMAT_FRACTAL_NZ_C0_2) \
  X(FORMAT_FRACTAL_NZ_C0_4) \
  X(FORMAT_FRACTAL_NZ_C0_8) \

#define AICORE_ENUM_VALUE(n) static_cast<int>(ge::n),
constexpr int kEnum[] = {AICORE_NAMES(AICORE_ENUM_VALUE)};
#define AICORE_NAME(n) #n,
constexpr const char* kName[] = {AICORE_NAMES(AICORE_NAME)};
}  // namespace enum_check
#include "aicore_op_dtypes.h"
TEST(OpDef, DataTypeAndFormatValuesMatchTheKernelMacros) {
#define AICORE_MACRO_VALUE(n) static_cast<int>(n),
  constexpr int kMacro[] = {AICORE_NAMES(AICORE_MACRO_VALUE)};
  static_assert(sizeof(kMacro) == sizeof(enum_check::kEnum), "one value per name");
  for (size_t i = 0; i < sizeof(kMacro) / sizeof(kMacro[0]); ++i) {
    EXPECT_EQ(enum_check::kEnum[i], kMacro[i]) << enum_check::kName[i];
  }
  // A few the vendor's public sources state (graph/types.h, aclDataType).
  EXPECT_EQ(DT_BF16, 27);
  EXPECT_EQ(DT_HIFLOAT8, 34);
  EXPECT_EQ(DT_FLOAT8_E4M3FN, 36);
  EXPECT_EQ(DT_FLOAT4_E2M1, 40);
  EXPECT_EQ(FORMAT_FRACTAL_NZ, 29);
  EXPECT_EQ(FORMAT_FRACTAL_NZ_C0_32, 51);
}
