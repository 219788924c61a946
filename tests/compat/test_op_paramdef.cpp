// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// OpParamDef::InitValue and OpParamDef::Follow, with operators defined here
// as a custom-operator project defines them.
//
// InitValue with the tiling context's SetNeedAtomic: an output's initial
// value written over its whole GM space before the kernel runs, only when
// the tiling function asked for it (as on the NPU). The kernel adds x into y
// (y += x, element by element), so the result shows what y held when the
// kernel started. Checked against a scalar model for the three InitValue
// forms and several output dtypes, then each diagnostic with its clean twin.
//
// Follow: an input and an output that take the dtypes, formats and (the
// output, without InferShape) shape of an earlier input, through a chain;
// the definition errors (following an output, a chain that changes
// FollowType) and a call whose follower's dtype differs.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "kernel_operator.h"
#include "register/op_def_registry.h"
#include "aicore_op_kernel.h"

namespace {

// Attribute `atomic` (default 1): whether the tiling calls SetNeedAtomic(true).
ge::graphStatus InitTiling(gert::TilingContext* context) {
  const int64_t atomic = *context->GetAttrs()->GetInt(0);
  if (atomic != 0) context->SetNeedAtomic(true);
  uint32_t n = static_cast<uint32_t>(context->GetInputTensor(0)->GetShapeSize());
  std::memcpy(context->GetRawTilingData()->GetData(), &n, sizeof(n));
  const uint32_t dt = static_cast<uint32_t>(context->GetInputDesc(0)->GetDataType());
  std::memcpy(static_cast<uint8_t*>(context->GetRawTilingData()->GetData()) + 4, &dt, sizeof(dt));
  context->GetRawTilingData()->SetDataSize(8);
  context->SetBlockDim(2);
  return ge::GRAPH_SUCCESS;
}

ge::graphStatus SameShape(gert::InferShapeContext* context) {
  *context->GetOutputShape(0) = *context->GetInputShape(0);
  return ge::GRAPH_SUCCESS;
}

}  // namespace

namespace ops {
// InitValue(0): cleared.
class TestInitZero : public OpDef {
 public:
  explicit TestInitZero(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_INT32}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_INT32}).Format({ge::FORMAT_ND, ge::FORMAT_ND})
        .InitValue(0);
    this->Attr("atomic").AttrType(OPTIONAL).Int(1);
    this->SetInferShape(SameShape);
    this->AICore().SetTiling(InitTiling);
  }
};
OP_ADD(TestInitZero);

// One ScalarVar for every dtype.
class TestInitScalar : public OpDef {
 public:
  explicit TestInitScalar(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED)
        .DataType({ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_INT32, ge::DT_INT8})
        .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED)
        .DataType({ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_INT32, ge::DT_INT8})
        .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND})
        .InitValue({ScalarType::FLOAT32, 1.5});
    this->Attr("atomic").AttrType(OPTIONAL).Int(1);
    this->SetInferShape(SameShape);
    this->AICore().SetTiling(InitTiling);
  }
};
OP_ADD(TestInitScalar);

// One ScalarVar per DataType column.
class TestInitList : public OpDef {
 public:
  explicit TestInitList(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_INT32, ge::DT_UINT8})
        .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_INT32, ge::DT_UINT8})
        .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND})
        .InitValue({{ScalarType::FLOAT32, -2.25}, {ScalarType::INT64, -7}, {ScalarType::UINT8, 200}});
    this->Attr("atomic").AttrType(OPTIONAL).Int(1);
    this->SetInferShape(SameShape);
    this->AICore().SetTiling(InitTiling);
  }
};
OP_ADD(TestInitList);

// One ScalarVar per entry of a DataTypeList (the entry of the call's dtype).
class TestInitDtList : public OpDef {
 public:
  explicit TestInitDtList(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataTypeList({ge::DT_FLOAT, ge::DT_INT32}).FormatList({ge::FORMAT_ND});
    // y's dtype: x's (Follow; without it a DataTypeList output takes the list's first entry).
    this->Output("y").ParamType(REQUIRED).Follow("x").InitValue({{ScalarType::FLOAT32, 0.5}, {ScalarType::INT32, 9}});
    this->Attr("atomic").AttrType(OPTIONAL).Int(1);
    this->SetInferShape(SameShape);
    this->AICore().SetTiling(InitTiling);
  }
};
OP_ADD(TestInitDtList);

// Misuse: a non-zero InitValue(uint64_t), a list of the wrong length, a
// dtype outside the vendor's list, a value outside the output's range.
class TestInitBad : public OpDef {
 public:
  explicit TestInitBad(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8})
        .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8})
        .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND})
        .InitValue({ScalarType::INT32, 300});
    this->Attr("atomic").AttrType(OPTIONAL).Int(1);
    this->SetInferShape(SameShape);
    this->AICore().SetTiling(InitTiling);
  }
};
OP_ADD(TestInitBad);

class TestInitFive : public OpDef {
 public:
  explicit TestInitFive(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND}).InitValue(5);
    this->Attr("atomic").AttrType(OPTIONAL).Int(1);
    this->SetInferShape(SameShape);
    this->AICore().SetTiling(InitTiling);
  }
};
OP_ADD(TestInitFive);

class TestInitShort : public OpDef {
 public:
  explicit TestInitShort(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_INT32}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_INT32}).Format({ge::FORMAT_ND, ge::FORMAT_ND})
        .InitValue({{ScalarType::FLOAT32, 1.0}});
    this->Attr("atomic").AttrType(OPTIONAL).Int(1);
    this->SetInferShape(SameShape);
    this->AICore().SetTiling(InitTiling);
  }
};
OP_ADD(TestInitShort);

// Follow: d follows x, y follows d (a chain: y takes x's dtypes, formats
// and shape); no InferShape, no InferDataType.
class TestFollow : public OpDef {
 public:
  explicit TestFollow(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_INT32}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->Input("d").ParamType(REQUIRED).Follow("x");
    this->Output("y").ParamType(REQUIRED).Follow("d");
    this->Attr("atomic").AttrType(OPTIONAL).Int(0);
    this->AICore().SetTiling(InitTiling);
  }
};
OP_ADD(TestFollow);

class TestFollowOutput : public OpDef {
 public:
  explicit TestFollowOutput(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("z").ParamType(REQUIRED).Follow("y");
    this->AICore().SetTiling(InitTiling);
  }
};
OP_ADD(TestFollowOutput);

class TestFollowChainType : public OpDef {
 public:
  explicit TestFollowChainType(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Input("d").ParamType(REQUIRED).Follow("x", FollowType::DTYPE);
    this->Output("y").ParamType(REQUIRED).Follow("d");
    this->AICore().SetTiling(InitTiling);
  }
};
OP_ADD(TestFollowChainType);

// OutputShapeDependOnCompute: y holds the nonzero elements of x, in order;
// its real shape [count] is known only after the kernel (InferShape: x's).
// Attribute `mode`: 0 rank and dims as 32-bit values, 1 as 64-bit values
// (bit 31 of the rank word), 2 a shape larger than x, 3 rank 9.
class TestNonZero : public OpDef {
 public:
  explicit TestNonZero(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND}).OutputShapeDependOnCompute();
    this->Attr("mode").AttrType(OPTIONAL).Int(0);
    this->SetInferShape(SameShape);
    this->AICore().SetTiling(+[](gert::TilingContext* context) -> ge::graphStatus {
      const uint32_t t[2] = {static_cast<uint32_t>(context->GetInputTensor(0)->GetShapeSize()),
                             static_cast<uint32_t>(*context->GetAttrs()->GetInt(0))};
      std::memcpy(context->GetRawTilingData()->GetData(), t, sizeof(t));
      context->GetRawTilingData()->SetDataSize(sizeof(t));
      context->SetBlockDim(1);
      return ge::GRAPH_SUCCESS;
    });
  }
};
OP_ADD(TestNonZero);
}  // namespace ops

// y += x over the block's half, in the dtype of the call (tiling word 1).
template <class T>
void AddInto(GM_ADDR x, GM_ADDR y, uint32_t n) {
  AscendC::GlobalTensor<T> xg, yg;
  xg.SetGlobalBuffer((__gm__ T*)x, n);
  yg.SetGlobalBuffer((__gm__ T*)y, n);
  const uint32_t per = (n + 1) / 2, begin = per * AscendC::GetBlockIdx();
  const uint32_t end = begin + per < n ? begin + per : n;
  for (uint32_t i = begin; i < end; ++i) {
    if constexpr (std::is_same_v<T, half>) {
      yg.SetValue(i, half(static_cast<float>(yg.GetValue(i)) + static_cast<float>(xg.GetValue(i))));
    } else {
      yg.SetValue(i, static_cast<T>(yg.GetValue(i) + xg.GetValue(i)));
    }
  }
}

void InitKernel(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  uint32_t n = 0, dt = 0;
  std::memcpy(&n, tiling, 4);
  std::memcpy(&dt, tiling + 4, 4);
  switch (static_cast<ge::DataType>(dt)) {
    case ge::DT_FLOAT: AddInto<float>(x, y, n); break;
    case ge::DT_FLOAT16: AddInto<half>(x, y, n); break;
    case ge::DT_INT32: AddInto<int32_t>(x, y, n); break;
    case ge::DT_INT8: AddInto<int8_t>(x, y, n); break;
    case ge::DT_UINT8: AddInto<uint8_t>(x, y, n); break;
    default: break;
  }
}

#define AICORE_TEST_INIT_KERNEL(name)                                                                    \
  extern "C" __global__ __aicore__ void name(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) { \
    (void)workspace;                                                                                     \
    InitKernel(x, y, tiling);                                                                            \
  }                                                                                                      \
  AICORE_OP_KERNEL(name)

AICORE_TEST_INIT_KERNEL(test_init_zero);
AICORE_TEST_INIT_KERNEL(test_init_scalar);
AICORE_TEST_INIT_KERNEL(test_init_list);
AICORE_TEST_INIT_KERNEL(test_init_dt_list);
AICORE_TEST_INIT_KERNEL(test_init_bad);
AICORE_TEST_INIT_KERNEL(test_init_five);
AICORE_TEST_INIT_KERNEL(test_init_short);

// y = x + d (TestFollow), each block over its half.
template <class T>
void SumInto(GM_ADDR x, GM_ADDR d, GM_ADDR y, uint32_t n) {
  AscendC::GlobalTensor<T> xg, dg, yg;
  xg.SetGlobalBuffer((__gm__ T*)x, n);
  dg.SetGlobalBuffer((__gm__ T*)d, n);
  yg.SetGlobalBuffer((__gm__ T*)y, n);
  const uint32_t per = (n + 1) / 2, begin = per * AscendC::GetBlockIdx();
  for (uint32_t i = begin; i < begin + per && i < n; ++i) yg.SetValue(i, xg.GetValue(i) + dg.GetValue(i));
}

extern "C" __global__ __aicore__ void test_follow(GM_ADDR x, GM_ADDR d, GM_ADDR y, GM_ADDR workspace,
                                                  GM_ADDR tiling) {
  (void)workspace;
  uint32_t n = 0, dt = 0;
  std::memcpy(&n, tiling, 4);
  std::memcpy(&dt, tiling + 4, 4);
  if (static_cast<ge::DataType>(dt) == ge::DT_FLOAT) {
    SumInto<float>(x, d, y, n);
  } else {
    SumInto<int32_t>(x, d, y, n);
  }
}
AICORE_OP_KERNEL(test_follow);

extern "C" __global__ __aicore__ void test_non_zero(GM_ADDR x, GM_ADDR y, GM_ADDR shape_out, GM_ADDR workspace,
                                                    GM_ADDR tiling) {
  (void)workspace;
  uint32_t t[2];
  std::memcpy(t, tiling, sizeof(t));
  AscendC::GlobalTensor<float> xg, yg;
  xg.SetGlobalBuffer((__gm__ float*)x, t[0]);
  yg.SetGlobalBuffer((__gm__ float*)y, t[0]);
  uint64_t count = 0;
  for (uint32_t i = 0; i < t[0]; ++i) {
    if (xg.GetValue(i) != 0.0f) yg.SetValue(count++, xg.GetValue(i));
  }
  AscendC::GlobalTensor<uint64_t> shape;
  shape.SetGlobalBuffer((__gm__ uint64_t*)shape_out, 9);
  shape.SetValue(0, t[1] == 1 ? (0x80000000u | 1u) : t[1] == 3 ? 9u : 1u);
  shape.SetValue(1, t[1] == 2 ? t[0] + 1 : count);
}
AICORE_OP_KERNEL(test_non_zero);

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

constexpr size_t kN = 37;

// Runs `op` on x = 0, 1, 2 ... (as T) with y prefilled with `fill`, and
// returns y as doubles.
template <class T>
std::vector<double> RunInit(const char* op, ge::DataType dt, double fill, int64_t atomic) {
  std::vector<T> x(kN), y(kN, static_cast<T>(fill));
  for (size_t i = 0; i < kN; ++i) x[i] = static_cast<T>(static_cast<float>(i % 20));
  const std::vector<int64_t> shape = {static_cast<int64_t>(kN)};
  RunOp(op, {OpTensor(x.data(), shape, dt)}, {OpTensor(y.data(), shape, dt)}, {OpAttr("atomic", atomic)});
  std::vector<double> out(kN);
  for (size_t i = 0; i < kN; ++i) out[i] = static_cast<double>(static_cast<float>(y[i]));
  return out;
}

// The scalar model: y = init (or the prefill without SetNeedAtomic) + x.
void ExpectModel(const std::vector<double>& y, double start) {
  for (size_t i = 0; i < kN; ++i) {
    ASSERT_EQ(y[i], start + static_cast<double>(i % 20)) << "element " << i;
  }
}

TEST(OpInitValue, ZeroClearsTheOutputBeforeTheKernel) {
  ExpectModel(RunInit<float>("TestInitZero", ge::DT_FLOAT, 1000.0, 1), 0.0);
  ExpectModel(RunInit<int32_t>("TestInitZero", ge::DT_INT32, -55.0, 1), 0.0);
}

TEST(OpInitValue, OnlyWithSetNeedAtomic) {
  // As on the NPU: without SetNeedAtomic(true) the output is not initialized.
  ExpectModel(RunInit<float>("TestInitZero", ge::DT_FLOAT, 1000.0, 0), 1000.0);
  ExpectModel(RunInit<float>("TestInitScalar", ge::DT_FLOAT, 3.0, 0), 3.0);
}

TEST(OpInitValue, OneScalarVarConvertedToEachDtype) {
  ExpectModel(RunInit<float>("TestInitScalar", ge::DT_FLOAT, 99.0, 1), 1.5);
  ExpectModel(RunInit<half>("TestInitScalar", ge::DT_FLOAT16, 99.0, 1), 1.5);
  ExpectModel(RunInit<int32_t>("TestInitScalar", ge::DT_INT32, 99.0, 1), 1.0);  // 1.5 truncated toward zero
  ExpectModel(RunInit<int8_t>("TestInitScalar", ge::DT_INT8, 99.0, 1), 1.0);
}

TEST(OpInitValue, ListGivesOneValuePerColumn) {
  ExpectModel(RunInit<float>("TestInitList", ge::DT_FLOAT, 99.0, 1), -2.25);
  ExpectModel(RunInit<int32_t>("TestInitList", ge::DT_INT32, 99.0, 1), -7.0);
  ExpectModel(RunInit<uint8_t>("TestInitList", ge::DT_UINT8, 9.0, 1), 200.0);
  // A DataTypeList: the value at the place of the call's dtype in the list.
  ExpectModel(RunInit<float>("TestInitDtList", ge::DT_FLOAT, 99.0, 1), 0.5);
  ExpectModel(RunInit<int32_t>("TestInitDtList", ge::DT_INT32, 99.0, 1), 9.0);
}

TEST(OpInitValueDiagnostics, NonZeroUint64) {
  const std::string e = ErrorOf([] { RunInit<float>("TestInitFive", ge::DT_FLOAT, 0.0, 1); });
  EXPECT_NE(e.find("InitValue of output y (output 0) of TestInitFive: InitValue(uint64_t) takes 0 only"),
            std::string::npos) << e;
  EXPECT_NE(e.find("5 was given"), std::string::npos) << e;
  // Clean twin: without SetNeedAtomic the value is never used.
  EXPECT_EQ(ErrorOf([] { RunInit<float>("TestInitFive", ge::DT_FLOAT, 0.0, 0); }), "");
}

TEST(OpInitValueDiagnostics, ListLength) {
  const std::string e = ErrorOf([] { RunInit<float>("TestInitShort", ge::DT_FLOAT, 0.0, 1); });
  EXPECT_NE(e.find("InitValue of output y (output 0) of TestInitShort: 1 values for 2 DataType entries"),
            std::string::npos) << e;
  EXPECT_EQ(ErrorOf([] { RunInit<float>("TestInitList", ge::DT_FLOAT, 0.0, 1); }), "");
}

TEST(OpInitValueDiagnostics, DtypeAndRange) {
  const std::string e = ErrorOf([] { RunInit<bfloat16_t>("TestInitBad", ge::DT_BF16, 0.0, 1); });
  EXPECT_NE(e.find("the output has dtype DT_BF16; InitValue supports"), std::string::npos) << e;
  const std::string r = ErrorOf([] { RunInit<int8_t>("TestInitBad", ge::DT_INT8, 0.0, 1); });
  EXPECT_NE(r.find("the value 300 is outside the range of DT_INT8"), std::string::npos) << r;
  // Clean twin: the float column takes 300.
  std::vector<double> y;
  EXPECT_EQ(ErrorOf([&] { y = RunInit<float>("TestInitBad", ge::DT_FLOAT, 0.0, 1); }), "");
  ExpectModel(y, 300.0);
}

TEST(OpFollow, AChainTakesTheDtypeFormatAndShapeOfTheFirstInput) {
  for (const ge::DataType dt : {ge::DT_FLOAT, ge::DT_INT32}) {
    std::vector<float> xf(30), df(30);
    std::vector<int32_t> xi(30), di(30);
    for (size_t i = 0; i < 30; ++i) {
      xf[i] = static_cast<float>(i) * 0.5f, df[i] = 100.0f - static_cast<float>(i);
      xi[i] = static_cast<int32_t>(i) * 3, di[i] = -static_cast<int32_t>(i);
    }
    void* x = dt == ge::DT_FLOAT ? static_cast<void*>(xf.data()) : static_cast<void*>(xi.data());
    void* d = dt == ge::DT_FLOAT ? static_cast<void*>(df.data()) : static_cast<void*>(di.data());
    // No output given: the runner takes its shape and dtype from Follow.
    const aicore::op::OpRun r = RunOp("TestFollow", {OpTensor(x, {6, 5}, dt), OpTensor(d, {6, 5}, dt)}, {});
    ASSERT_EQ(r.outputs.size(), 1u);
    EXPECT_EQ(r.outputs[0].shape, (std::vector<int64_t>{6, 5}));
    EXPECT_EQ(r.outputs[0].dtype, dt);
    for (size_t i = 0; i < 30; ++i) {
      if (dt == ge::DT_FLOAT) {
        ASSERT_EQ(static_cast<const float*>(r.outputs[0].data)[i], xf[i] + df[i]) << i;
      } else {
        ASSERT_EQ(static_cast<const int32_t*>(r.outputs[0].data)[i], xi[i] + di[i]) << i;
      }
    }
  }
}

TEST(OpFollowDiagnostics, FollowerDtypeAndDefinitions) {
  std::vector<float> x(8, 1.0f);
  std::vector<int32_t> d(8, 1);
  const std::string e = ErrorOf([&] {
    RunOp("TestFollow", {OpTensor(x.data(), {8}, ge::DT_FLOAT), OpTensor(d.data(), {8}, ge::DT_INT32)}, {});
  });
  EXPECT_NE(e.find("input d (input 1) of TestFollow has dtype DT_INT32; it follows x, which has DT_FLOAT (Follow)"),
            std::string::npos) << e;
  const std::string o = ErrorOf([&] { RunOp("TestFollowOutput", {OpTensor(x.data(), {8}, ge::DT_FLOAT)}, {}); });
  EXPECT_NE(o.find("the OpDef is not valid: output z of TestFollowOutput follows y, an output (Follow takes inputs only)"),
            std::string::npos) << o;
  const std::string c = ErrorOf([&] {
    RunOp("TestFollowChainType", {OpTensor(x.data(), {8}, ge::DT_FLOAT), OpTensor(x.data(), {8}, ge::DT_FLOAT)}, {});
  });
  EXPECT_NE(c.find("output y of TestFollowChainType follows d, which follows x with another FollowType"),
            std::string::npos) << c;
  // Clean twin: the same dtype twice.
  std::vector<float> d2(8, 2.0f);
  EXPECT_EQ(ErrorOf([&] {
              RunOp("TestFollow", {OpTensor(x.data(), {8}, ge::DT_FLOAT), OpTensor(d2.data(), {8}, ge::DT_FLOAT)}, {});
            }),
            "");
}

TEST(OpShapeDependOnCompute, TheKernelsShapeReachesTheCaller) {
  std::vector<float> x = {0, 1.5f, 0, 0, -2, 3, 0, 4, 0, 0, 5};
  const std::vector<float> want = {1.5f, -2, 3, 4, 5};
  for (const int64_t mode : {0, 1}) {
    std::vector<float> y(x.size(), 0.0f);
    const aicore::op::OpRun r = RunOp("TestNonZero", {OpTensor(x.data(), {11}, ge::DT_FLOAT)},
                                      {OpTensor(y.data(), {11}, ge::DT_FLOAT)}, {OpAttr("mode", mode)});
    EXPECT_EQ(r.outputs[0].shape, (std::vector<int64_t>{5})) << "mode " << mode;
    EXPECT_EQ(std::vector<float>(y.begin(), y.begin() + 5), want);
  }
  // Through aclnn: the output aclTensor takes the computed shape.
  std::vector<float> y(x.size(), 0.0f);
  const int64_t dims[1] = {11};
  aclTensor* xt = aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, x.data());
  aclTensor* yt = aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, y.data());
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  const aicore::SrcLoc here{"caller.cpp", 1};
  ASSERT_EQ(aicore::compat::AclnnPrepare("TestNonZero", {xt}, {yt}, {}, &ws, &ex, here), ACLNN_SUCCESS);
  std::vector<uint8_t> workspace(ws + 1);
  ASSERT_EQ(aicore::compat::AclnnRun("TestNonZero", workspace.data(), ws, ex, nullptr, here), ACLNN_SUCCESS);
  EXPECT_EQ(yt->t.shape, (std::vector<int64_t>{5}));
  EXPECT_EQ(std::vector<float>(y.begin(), y.begin() + 5), want);
  aclDestroyTensor(xt);
  aclDestroyTensor(yt);
}

TEST(OpShapeDependOnComputeDiagnostics, ShapesTheOutputCannotHold) {
  std::vector<float> x(11, 1.0f), y(11);
  auto run = [&](int64_t mode) {
    return ErrorOf([&] {
      RunOp("TestNonZero", {OpTensor(x.data(), {11}, ge::DT_FLOAT)}, {OpTensor(y.data(), {11}, ge::DT_FLOAT)},
            {OpAttr("mode", mode)});
    });
  };
  const std::string big = run(2);
  EXPECT_NE(big.find("the kernel wrote the shape [12] for output instance 0 of TestNonZero, more elements than the "
                     "[11] InferShape gave"),
            std::string::npos) << big;
  const std::string rank = run(3);
  EXPECT_NE(rank.find("the kernel wrote rank 9 for output instance 0 of TestNonZero (at most 8)"), std::string::npos)
      << rank;
  EXPECT_EQ(run(0), "");  // clean twin
}

}  // namespace
