// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The host utilities of the ops repositories (aicore/op/op_common.h,
// op_log.h and tiling_base_class.h, reached as log/log.h, util/math_util.h,
// graph/utils/type_utils.h, platform/platform_infos_def.h,
// op_host/tiling_base_class.h, register/op_impl_registry.h ...): the math and
// shape helpers at their edges, the common shape inference, the steps of
// TilingBaseClass::DoTiling, Int attributes read as narrower integers, the
// log macros (what OP_CHECK_IF returns, what the runner is handed), the
// IMPL_OP registry, the platform answers per SoC profile. The runner's use of
// them (IMPL_OP_OPTILING with TilingParse, the logged reason of a failed
// tiling) is examples/op_projects/scale_shift.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "exe_graph/runtime/infer_shape_range_context.h"
#include "exe_graph/runtime/tiling_context.h"
#include "graph/utils/type_utils.h"
#include "infershape_broadcast_util.h"
#include "infershape_elewise_util.h"
#include "infershape_reduce_util.h"
#include "util/const_util.h"
#include "log/log.h"
#include "platform/platform_info.h"
#include "platform/platform_infos_def.h"
#include "op_host/tiling_base_class.h"
#include "register/op_impl_registry.h"
#include "util/math_util.h"
#include "util/platform_util.h"
#include "util/shape_util.h"

namespace {

TEST(OpHostMath, DivAndAlignAtTheirEdges) {
  EXPECT_EQ(Ops::Base::CeilDiv(7u, 2u), 4u);
  EXPECT_EQ(Ops::Base::CeilDiv(8u, 2u), 4u);
  EXPECT_EQ(Ops::Base::CeilDiv(7u, 0u), 7u);  // a zero divisor gives x
  EXPECT_EQ(Ops::Base::CeilDiv(int64_t{-7}, int64_t{2}), -3);  // toward zero when the signs differ
  EXPECT_EQ(Ops::Base::CeilDiv(int64_t{-7}, int64_t{-2}), 4);
  EXPECT_EQ(Ops::Base::FloorDiv(7, 2), 3);
  EXPECT_EQ(Ops::Base::FloorDiv(7, 0), 7);
  EXPECT_EQ(Ops::Base::FloorAlign(37u, 16u), 32u);
  EXPECT_EQ(Ops::Base::FloorAlign(37u, 0u), 0u);
  EXPECT_EQ(Ops::Base::CeilAlign(37u, 16u), 48u);
  EXPECT_EQ(Ops::Base::CeilAlign(37u, 0u), 0u);
  EXPECT_EQ(Ops::Base::CeilAlign(uint8_t{250}, uint8_t{16}), uint8_t{255});  // saturates
  EXPECT_TRUE(Ops::Base::IsFloatEqual(0.1f + 0.2f, 0.3f));
  EXPECT_FALSE(Ops::Base::IsFloatEqual(std::numeric_limits<float>::quiet_NaN(), 0.0f));
}

TEST(OpHostShape, UnknownRankAndShape) {
  gert::Shape s{2, 3};
  EXPECT_FALSE(Ops::Base::IsUnknownRank(s));
  EXPECT_FALSE(Ops::Base::IsUnknownShape(s));
  Ops::Base::SetUnknownRank(s);
  EXPECT_TRUE(Ops::Base::IsUnknownRank(s));
  Ops::Base::SetUnknownShape(3, s);
  EXPECT_EQ(s.GetDimNum(), 3u);
  EXPECT_TRUE(Ops::Base::IsUnknownShape(s));
  EXPECT_EQ(Ops::Base::EnsureNotScalar(gert::Shape{}).GetDimNum(), 1u);
  EXPECT_EQ(Ops::Base::EnsureNotScalar(gert::Shape{}).GetDim(0), 1);
  EXPECT_TRUE(Ops::Base::IsDimValid(3, -3));
  EXPECT_FALSE(Ops::Base::IsDimValid(3, 3));
}

TEST(OpHostInfer, BroadcastAndReduceShapes) {
  gert::Shape out;
  const gert::Shape a{4, 1, 3}, b{5, 1}, c{2, 3}, d{2, 4};
  ASSERT_TRUE(Ops::Base::BroadcastShape(&a, &b, &out));
  EXPECT_EQ(out, (gert::Shape{4, 5, 3}));
  ASSERT_TRUE(Ops::Base::BroadcastShape(&a, &c, &out));
  EXPECT_EQ(out, (gert::Shape{4, 2, 3}));
  EXPECT_FALSE(Ops::Base::BroadcastShape(&a, &d, &out));  // 3 against 4
  const gert::Shape unknown{-1, 3}, unknown1{-1, 1}, zero{0, 1};
  ASSERT_TRUE(Ops::Base::BroadcastShape(&unknown, &c, &out));
  EXPECT_EQ(out, (gert::Shape{2, 3}));  // -1 takes the known 2
  ASSERT_TRUE(Ops::Base::BroadcastShape(&unknown1, &zero, &out));
  EXPECT_EQ(out, (gert::Shape{0, 1}));
  const gert::Shape one{1, 3};
  ASSERT_TRUE(Ops::Base::BroadcastShape(&unknown, &one, &out));
  EXPECT_EQ(out, (gert::Shape{-1, 3}));  // -1 against 1 stays unknown
  gert::Shape rank;
  Ops::Base::SetUnknownRank(rank);
  ASSERT_TRUE(Ops::Base::BroadcastShape(&rank, &c, &out));
  EXPECT_TRUE(Ops::Base::IsUnknownRank(out));
  const int64_t axes[] = {-1, 0};
  ASSERT_EQ(Ops::Base::ReduceDimsWithKeepDims(&a, axes, 2, &out), ge::GRAPH_SUCCESS);
  EXPECT_EQ(out, (gert::Shape{1, 1, 1}));
  ASSERT_EQ(Ops::Base::ReduceDimsWithoutKeepDims(&a, axes, 1, &out), ge::GRAPH_SUCCESS);
  EXPECT_EQ(out, (gert::Shape{4, 1}));
  const int32_t bad[] = {3};
  EXPECT_EQ(Ops::Base::ReduceDimsWithKeepDims(&a, bad, 1, &out), ge::GRAPH_FAILED);
}

TEST(OpHostInfer, ContextFunctions) {
  std::vector<gert::Tensor> t(3);
  int32_t axes[] = {1};
  t[0].Set(nullptr, gert::Shape{2, 1, 4}, ge::DT_FLOAT, ge::FORMAT_ND);
  t[1].Set(nullptr, gert::Shape{3, 1}, ge::DT_FLOAT, ge::FORMAT_ND);
  t[2].Set(axes, gert::Shape{1}, ge::DT_INT32, ge::FORMAT_ND);
  gert::InferShapeContext ctx;
  ctx.name_ = "MyOp";
  ctx.present_ = {&t[0], &t[1]};
  ctx.out_shapes_.resize(1);
  ctx.out_asked_.resize(1);
  ASSERT_EQ(Ops::Base::InferShape4Broadcast(&ctx), ge::GRAPH_SUCCESS);
  EXPECT_EQ(ctx.out_shapes_[0], (gert::Shape{2, 3, 4}));
  ASSERT_EQ(Ops::Base::InferShape4Elewise(&ctx), ge::GRAPH_SUCCESS);
  EXPECT_EQ(ctx.out_shapes_[0], (gert::Shape{2, 1, 4}));
  ctx.present_ = {&t[0], &t[2]};
  ASSERT_EQ(Ops::Base::InferShape4Reduce(&ctx), ge::GRAPH_SUCCESS);  // keep_dims absent: false
  EXPECT_EQ(ctx.out_shapes_[0], (gert::Shape{2, 4}));
  aicore::op::log::TakeErrors();
  ctx.present_ = {&t[0], &t[1]};
  t[1].Set(nullptr, gert::Shape{3, 2}, ge::DT_FLOAT, ge::FORMAT_ND);
  EXPECT_EQ(Ops::Base::InferShape4Broadcast(&ctx), ge::GRAPH_FAILED);
  EXPECT_NE(aicore::op::log::TakeErrors().find("do not broadcast"), std::string::npos);
}

// The shape-range context of dynamic-shape operators (never called by RunOp;
// its accessors over the ranges a caller fills in), and the output
// descriptors every context has.
TEST(OpHostInfer, ShapeRangesAndOutputDescs) {
  gert::Shape lo{1, 4}, hi{8, 4}, out_lo, out_hi;
  gert::InferShapeRangeContext ctx;
  ctx.name_ = "MyOp";
  ctx.in_shape_ = {gert::Range<gert::Shape>(&lo, &hi)};
  ctx.out_shape_ = {gert::Range<gert::Shape>(&out_lo, &out_hi)};
  ctx.ir_instances_.resize(2);
  ctx.ir_instances_[0].SetInstantiationNum(1);
  ctx.ir_instances_[0].SetInstanceStart(0);
  ASSERT_NE(ctx.GetInputShapeRange(0), nullptr);
  EXPECT_EQ(ctx.GetInputShapeRange(0)->GetMax()->GetDim(0), 8);
  EXPECT_EQ(ctx.GetRequiredInputShapeRange(0), ctx.GetInputShapeRange(0));
  EXPECT_EQ(ctx.GetOptionalInputShapeRange(1), nullptr);  // not given
  EXPECT_EQ(ctx.GetInputShapeRange(1), nullptr);
  EXPECT_EQ(ctx.GetInputTensorRange(0), nullptr);
  gert::Range<gert::Shape>* out = ctx.GetOutputShapeRange(0);
  ASSERT_NE(out, nullptr);
  *out->GetMin() = *ctx.GetInputShapeRange(0)->GetMin();
  *out->GetMax() = *ctx.GetInputShapeRange(0)->GetMax();
  EXPECT_EQ(out_hi, (gert::Shape{8, 4}));
  EXPECT_TRUE(gert::Range<gert::Shape>(&lo, &hi) == gert::Range<gert::Shape>(&out_lo, &out_hi));
  EXPECT_EQ(std::string(ctx.GetNodeName()), "MyOp");
  EXPECT_EQ(ctx.GetOutputShapeRange(1), nullptr);
  gert::InferShapeContext shape_ctx;
  shape_ctx.output_desc_.resize(1);
  shape_ctx.output_desc_[0].SetDataType(ge::DT_FLOAT16);
  const gert::InferShapeContext& cref = shape_ctx;
  ASSERT_NE(cref.GetOutputDesc(0), nullptr);
  EXPECT_EQ(cref.GetOutputDesc(0)->GetDataType(), ge::DT_FLOAT16);
  EXPECT_EQ(cref.GetOutputDesc(1), nullptr);
  EXPECT_EQ(ge::FORMAT_END, 55);  // one past FORMAT_FRACTAL_NZ_C0_8, as graph/c_types.h has it
  EXPECT_EQ(ge::FORMAT_MAX, 0xff);
}

TEST(OpHostAttrs, AnIntAttributeReadAsANarrowerInteger) {
  gert::RuntimeAttrs attrs;
  attrs.attrs_.resize(2);
  attrs.attrs_[0].kind = gert::detail::AttrKind::kInt;
  attrs.attrs_[0].i = -7;
  attrs.attrs_[1].kind = gert::detail::AttrKind::kFloat;
  attrs.attrs_[1].f = 0.5f;
  ASSERT_NE(attrs.GetAttrPointer<int32_t>(0), nullptr);
  EXPECT_EQ(*attrs.GetAttrPointer<int32_t>(0), -7);
  EXPECT_EQ(*attrs.GetAttrPointer<int64_t>(0), -7);
  EXPECT_EQ(*attrs.GetAttrPointer<uint8_t>(0), 249u);  // the low byte, as on the NPU
  EXPECT_EQ(attrs.GetAttrPointer<int32_t>(1), nullptr);  // not an Int attribute
  EXPECT_EQ(attrs.GetAttrPointer<int32_t>(2), nullptr);  // no such attribute
}

// List attributes read untyped, as kernels cast GetAttrPointer<gert::ContinuousVector>
// to the element type (a ListBool's bools in one array), and typed.
TEST(OpHostAttrs, ListsThroughTheUntypedContinuousVector) {
  gert::RuntimeAttrs attrs;
  attrs.attrs_.resize(3);
  attrs.attrs_[0].kind = gert::detail::AttrKind::kListBool;
  attrs.attrs_[0].lb.v_ = {true, false, true};
  attrs.attrs_[1].kind = gert::detail::AttrKind::kListInt;
  attrs.attrs_[1].li.v_ = {5, -6};
  attrs.attrs_[2].kind = gert::detail::AttrKind::kInt;
  const gert::ContinuousVector* mask = attrs.GetAttrPointer<gert::ContinuousVector>(0);
  ASSERT_NE(mask, nullptr);
  ASSERT_EQ(mask->GetSize(), 3u);
  const bool* b = static_cast<const bool*>(mask->GetData());
  EXPECT_TRUE(b[0]);
  EXPECT_FALSE(b[1]);
  EXPECT_TRUE(b[2]);
  const gert::ContinuousVector* ints = attrs.GetAttrPointer<gert::ContinuousVector>(1);
  ASSERT_NE(ints, nullptr);
  EXPECT_EQ(static_cast<const int64_t*>(ints->GetData())[1], -6);
  EXPECT_EQ(attrs.GetListInt(1)->GetData()[0], 5);
  EXPECT_EQ(attrs.GetAttrPointer<gert::ContinuousVector>(2), nullptr);  // not a list
  EXPECT_EQ(attrs.GetListInt(0), nullptr);                               // a ListBool
}

TEST(OpHostConst, ConstantInputsAsIntegersAndShapes) {
  std::vector<gert::Tensor> t(3);
  int64_t dims[] = {4, -1, 7};
  int32_t one[] = {-3};
  float f[] = {1.0f};
  t[0].Set(dims, gert::Shape{3}, ge::DT_INT64, ge::FORMAT_ND);
  t[1].Set(one, gert::Shape{1}, ge::DT_INT32, ge::FORMAT_ND);
  t[2].Set(f, gert::Shape{1}, ge::DT_FLOAT, ge::FORMAT_ND);
  gert::TilingContext ctx;
  ctx.name_ = "MyOp";
  ctx.present_ = {&t[0], &t[1], &t[2]};
  int64_t v = 0;
  ASSERT_TRUE(Ops::Base::GetConstInt(&ctx, 1, v));
  EXPECT_EQ(v, -3);
  ASSERT_TRUE(Ops::Base::GetConstInt(&ctx, 0, v));
  EXPECT_EQ(v, 4);  // the first value
  EXPECT_FALSE(Ops::Base::GetConstInt(&ctx, 2, v));  // a float tensor
  EXPECT_FALSE(Ops::Base::GetConstInt(&ctx, 3, v));  // no such input
  gert::Shape s;
  ASSERT_TRUE(Ops::Base::GetConstIntToShape(&ctx, 0, s));
  EXPECT_EQ(s, (gert::Shape{4, -1, 7}));
  EXPECT_EQ(t[0].GetTensorData().GetAddr(), static_cast<void*>(dims));
  EXPECT_EQ(t[0].GetTensorData().GetSize(), sizeof(dims));
  aicore::op::log::TakeErrors();
}

TEST(OpHostTypes, TilingDataAppendAndSizes) {
  alignas(8) uint8_t buf[12] = {};
  gert::TilingData td;
  td.Reset(buf, sizeof(buf));
  EXPECT_EQ(td.Append(uint32_t{7}), ge::GRAPH_SUCCESS);
  EXPECT_EQ(td.Append(uint64_t{9}), ge::GRAPH_SUCCESS);
  EXPECT_EQ(td.GetDataSize(), 12u);
  EXPECT_EQ(td.Append(uint8_t{1}), ge::GRAPH_FAILED);  // full: nothing written
  EXPECT_EQ(td.GetDataSize(), 12u);
  uint32_t first = 0;
  std::memcpy(&first, buf, 4);
  EXPECT_EQ(first, 7u);
  EXPECT_EQ(ge::GetSizeInBytes(5, ge::DT_FLOAT16), 10);
  EXPECT_EQ(ge::GetSizeInBytes(5, ge::DT_INT4), 3);  // packed, rounded up
  EXPECT_EQ(ge::GetSizeInBytes(-1, ge::DT_FLOAT), -1);
}

TEST(OpHostTypes, NamesAndSizes) {
  EXPECT_EQ(ge::TypeUtils::DataTypeToSerialString(ge::DT_FLOAT16), "DT_FLOAT16");
  EXPECT_EQ(ge::TypeUtils::FormatToSerialString(ge::FORMAT_ND), "ND");
  uint32_t len = 0;
  EXPECT_TRUE(ge::TypeUtils::GetDataTypeLength(ge::DT_BF16, len));
  EXPECT_EQ(len, 2u);
  EXPECT_FALSE(ge::TypeUtils::GetDataTypeLength(ge::DT_INT4, len));
  EXPECT_EQ(ge::GetPrimaryFormat(0x1234 << 8 | ge::FORMAT_NC1HWC0), ge::FORMAT_NC1HWC0);
}

ge::graphStatus CheckPositive(int v) {
  OP_CHECK_IF(v <= 0, OP_LOGE("MyOp", "v is %d, must be positive", v), return ge::GRAPH_FAILED);
  return ge::GRAPH_SUCCESS;
}

TEST(OpHostLog, ErrorsReachTheRunnerOnce) {
  aicore::op::log::TakeErrors();
  EXPECT_EQ(CheckPositive(3), ge::GRAPH_SUCCESS);
  EXPECT_EQ(aicore::op::log::TakeErrors(), "");  // a clean run logs nothing
  EXPECT_EQ(CheckPositive(-2), ge::GRAPH_FAILED);
  OP_LOGW("MyOp", "a warning is not an error");
  OP_LOGI("a name alone");
  OP_LOGE_FOR_INVALID_DTYPE("MyOp", "x", "DT_INT8", "DT_FLOAT");
  REPORT_INNER_ERR_MSG("E89999", "op[%s], bad tiling", "MyOp");
  EXPECT_EQ(aicore::op::log::TakeErrors(),
            " (it logged: v is -2, must be positive; Parameter x of MyOp has incorrect dtype DT_INT8. "
            "It should be DT_FLOAT.; op[MyOp], bad tiling)");
  EXPECT_EQ(aicore::op::log::TakeErrors(), "");
}

TEST(OpHostLog, CheckNullReturnsGraphFailed) {
  gert::TilingContext ctx;
  ctx.name_ = "MyOp";
  auto f = [&](const void* p) -> ge::graphStatus {
    OP_CHECK_NULL_WITH_CONTEXT(&ctx, p);
    return ge::GRAPH_SUCCESS;
  };
  aicore::op::log::TakeErrors();
  EXPECT_EQ(f(&ctx), ge::GRAPH_SUCCESS);
  EXPECT_EQ(f(nullptr), ge::GRAPH_FAILED);
  EXPECT_EQ(aicore::op::log::TakeErrors(), " (it logged: p is nullptr!)");
  EXPECT_EQ(aicore::op::log::Who(&ctx), "MyOp:MyOp");
  EXPECT_EQ(Ops::Base::GetOpInfo(&ctx), "MyOp:MyOp");
  EXPECT_EQ(ctx.GetComputeNodeInfo()->GetNodeType(), std::string("MyOp"));
  EXPECT_EQ(ctx.GetComputeNodeInfo()->GetInputsNum(), 0u);
}

uint32_t TilingA(gert::TilingContext*) { return ge::GRAPH_SUCCESS; }
uint32_t InferA(gert::InferShapeContext*) { return ge::GRAPH_SUCCESS; }
struct InfoA {
  int v = 5;
};
uint32_t ParseA(gert::TilingParseContext* c) {
  c->GetCompiledInfo<InfoA>()->v = 6;
  return ge::GRAPH_SUCCESS;
}
// The two halves an operator registers in two files.
IMPL_OP_INFERSHAPE(HostUtilsOpA).InferShape(InferA).InputsDataDependency({1});
IMPL_OP_OPTILING(HostUtilsOpA).Tiling(TilingA).TilingParse<InfoA>(ParseA);

TEST(OpHostRegistry, ImplOpRecordsEveryChain) {
  const auto& r = gert::OpImplRegisterV2::Registry();
  const auto it = r.find("HostUtilsOpA");
  ASSERT_NE(it, r.end());
  EXPECT_EQ(it->second.tiling, &TilingA);
  EXPECT_EQ(it->second.infer_shape, &InferA);
  EXPECT_EQ(it->second.tiling_parse, &ParseA);
  ASSERT_NE(it->second.make_compile_info, nullptr);
  const std::shared_ptr<void> info = it->second.make_compile_info();
  EXPECT_EQ(static_cast<InfoA*>(info.get())->v, 5);  // value-initialized, then TilingParse fills it
  EXPECT_EQ(r.count("HostUtilsOpB"), 0u);
}

// Records the order of DoTiling's steps; `fail_at` makes that step fail.
class StepTiling : public Ops::Base::TilingBaseClass {
 public:
  StepTiling(gert::TilingContext* c, bool capable, std::string fail_at)
      : TilingBaseClass(c), capable_(capable), fail_at_(std::move(fail_at)) {}
  std::string steps;

 protected:
  ge::graphStatus Step(const char* name) {
    steps += std::string(steps.empty() ? "" : ",") + name;
    return fail_at_ == name ? ge::GRAPH_FAILED : ge::GRAPH_SUCCESS;
  }
  bool IsCapable() override {
    steps += ",capable";
    return capable_;
  }
  ge::graphStatus GetPlatformInfo() override { return Step("platform"); }
  ge::graphStatus GetShapeAttrsInfo() override { return Step("shape"); }
  ge::graphStatus DoOpTiling() override { return Step("op"); }
  ge::graphStatus DoLibApiTiling() override { return Step("lib"); }
  uint64_t GetTilingKey() const override { return 42; }
  ge::graphStatus GetWorkspaceSize() override { return Step("ws"); }
  ge::graphStatus PostTiling() override { return Step("post"); }

 private:
  bool capable_;
  std::string fail_at_;
};

TEST(OpHostTilingBase, DoTilingRunsTheStepsInOrder) {
  gert::TilingContext ctx;
  StepTiling ok(&ctx, true, "");
  EXPECT_EQ(ok.DoTiling(), ge::GRAPH_SUCCESS);
  EXPECT_EQ(ok.steps, "shape,platform,capable,op,lib,ws,post");
  EXPECT_EQ(ctx.GetTilingKey(), 42u);
  gert::TilingContext ctx2;
  StepTiling other(&ctx2, false, "");
  EXPECT_EQ(other.DoTiling(), ge::GRAPH_PARAM_INVALID);  // not this template: the next one is tried
  EXPECT_EQ(other.steps, "shape,platform,capable");
  EXPECT_EQ(ctx2.GetTilingKey(), 0u);
  StepTiling failing(&ctx2, true, "lib");
  EXPECT_EQ(failing.DoTiling(), ge::GRAPH_FAILED);
  EXPECT_EQ(failing.steps, "shape,platform,capable,op,lib");
}

TEST(OpHostPlatform, AnswersForTheCurrentProfile) {
  aicore::SetSocVersion("Ascend910B2");
  fe::PlatFormInfos info;
  std::string v;
  ASSERT_TRUE(info.GetPlatformRes("SoCInfo", "vector_core_cnt", v));
  EXPECT_EQ(v, "48");
  ASSERT_TRUE(info.GetPlatformRes("AICoreSpec", "ub_size", v));
  EXPECT_EQ(v, std::to_string(192 * 1024));
  uint64_t bytes = 1;
  info.GetLocalMemSize(fe::LocalMemType::UB, bytes);
  EXPECT_EQ(bytes, 192u * 1024u);
  info.GetLocalMemSize(fe::LocalMemType::L2, bytes);
  EXPECT_EQ(bytes, 0u);  // not modelled
  v = "kept";
  EXPECT_FALSE(info.GetPlatformRes("AICoreintrinsicDtypeMap", "Intrinsic_mmad", v));
  EXPECT_EQ(v, "kept");
  gert::TilingContext ctx;
  EXPECT_EQ(platform_ascendc::PlatformAscendC(ctx.GetPlatformInfo()).GetCurNpuArch(), NpuArch::DAV_2201);
  EXPECT_EQ(Ops::Base::GetAivCoreNum(&ctx), 48u);
  EXPECT_EQ(Ops::Base::GetUbSize(&ctx), 192u * 1024u);
  EXPECT_EQ(Ops::Base::GetUbBlockSize(&ctx), 32u);
  aicore::SetSocVersion("Ascend310P3");
  EXPECT_EQ(platform_ascendc::PlatformAscendC(ctx.GetPlatformInfo()).GetCurNpuArch(), NpuArch::DAV_2002);
  EXPECT_EQ(Ops::Base::GetAivCoreNum(&ctx), 7u);
  aicore::SetSocVersion("Ascend910B2");
}

// The older API (fe::PlatformInfoManager, fe::PlatformInfo) answers the same.
TEST(OpHostPlatform, TheOlderPlatformInfoApi) {
  aicore::SetSocVersion("Ascend910B2");
  fe::PlatformInfo info;
  fe::OptionalInfo opt;
  ASSERT_EQ(fe::PlatformInfoManager::Instance().GetPlatformInfoWithOutSocVersion(info, opt), 0u);
  EXPECT_EQ(info.str_info.short_soc_version, "Ascend910B");
  EXPECT_EQ(info.soc_info.ai_core_cnt, 24u);
  EXPECT_EQ(info.soc_info.vector_core_cnt, 48u);
  EXPECT_EQ(info.ai_core_spec.ub_size, 192u * 1024u);
  EXPECT_EQ(info.ai_core_spec.l0_c_size, 128u * 1024u);
  EXPECT_EQ(opt.ai_core_num, 24u);
  EXPECT_TRUE(info.ai_core_intrinsic_dtype_map.empty());  // not modelled
  EXPECT_EQ(fe::PlatformInfoManager::Instance().GetPlatformInfo("Ascend310P", info, opt), 1u);
  aicore::SetSocVersion("Ascend310P3");
  ASSERT_EQ(fe::PlatformInfoManager::GeInstance().GetPlatformInfo("Ascend310P", info, opt), 0u);
  EXPECT_EQ(info.soc_info.vector_core_cnt, 7u);
  aicore::SetSocVersion("Ascend910B2");
  string unqualified = "as after the vendor's platform_info_def.h";  // std::string at global scope
  EXPECT_FALSE(unqualified.empty());
}

}  // namespace
