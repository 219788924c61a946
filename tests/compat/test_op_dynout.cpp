// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Operator projects with DYNAMIC outputs (aicore/op/runner.h, aclnn): an
// operator defined here as a project defines it, run by name and through the
// aclnn layer against a scalar model, and the diagnostics of a bad output
// list, each with a clean twin.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "aicore_op_kernel.h"
#include "kernel_operator.h"
#include "kernel_operator_list_tensor_intf.h"
#include "register/op_def_registry.h"

// ---------------------------------------------------------------------------
// TestSplitRows: x [R, C] (float) split by rows into the DYNAMIC output ys,
// ys[k] = rows [s_k, s_k + sizes[k]) of x, after a REQUIRED output `count`
// ([1], the number of pieces), so the list's instances start at 1. Attribute
// `bad_dtype` makes InferDataType give ys[1] another dtype.

namespace optiling {
BEGIN_TILING_DATA_DEF(TestSplitRowsTiling)
TILING_DATA_FIELD_DEF(uint32_t, cols);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace {

ge::graphStatus SplitRowsInferShape(gert::InferShapeContext* c) {
  const gert::Shape* x = c->GetInputShape(0);
  const auto* sizes = c->GetAttrs()->GetListInt(0);
  if (x == nullptr || sizes == nullptr || x->GetDimNum() != 2) return ge::GRAPH_FAILED;
  int64_t rows = 0;
  for (size_t k = 0; k < sizes->GetSize(); ++k) {
    gert::Shape* y = c->GetOutputShape(1 + k);  // the list starts at instance 1
    if (y == nullptr) return ge::GRAPH_FAILED;
    *y = gert::Shape{sizes->GetData()[k], x->GetDim(1)};
    rows += sizes->GetData()[k];
  }
  *c->GetOutputShape(0) = gert::Shape{1};
  return rows == x->GetDim(0) ? ge::GRAPH_SUCCESS : ge::GRAPH_FAILED;
}

ge::graphStatus SplitRowsInferDataType(gert::InferDataTypeContext* c) {
  const gert::AnchorInstanceInfo* ys = c->GetIrOutputInstanceInfo(1);
  if (ys == nullptr) return ge::GRAPH_FAILED;
  for (size_t k = 0; k < ys->GetInstanceNum(); ++k) {
    const bool bad = *c->GetAttrs()->GetInt(1) != 0 && k == 1;
    c->SetOutputDataType(ys->GetInstanceStart() + k, bad ? ge::DT_FLOAT16 : c->GetInputDataType(0));
  }
  return ge::GRAPH_SUCCESS;
}

// Checks what the tiling context says of the output instances; a wrong
// answer fails the tiling.
ge::graphStatus SplitRowsTiling(gert::TilingContext* c) {
  const gert::AnchorInstanceInfo* count = c->GetIrOutputInstanceInfo(0);
  const gert::AnchorInstanceInfo* ys = c->GetIrOutputInstanceInfo(1);
  const auto* sizes = c->GetAttrs()->GetListInt(0);
  if (count == nullptr || ys == nullptr || c->GetIrOutputInstanceInfo(2) != nullptr || sizes == nullptr) {
    return ge::GRAPH_FAILED;
  }
  const size_t n = ys->GetInstanceNum();
  if (count->GetInstanceStart() != 0 || count->GetInstanceNum() != 1 || ys->GetInstanceStart() != 1 ||
      n != sizes->GetSize() || c->GetComputeNodeOutputNum() != 1 + n || c->GetOutputShape(1 + n) != nullptr) {
    return ge::GRAPH_FAILED;
  }
  for (size_t k = 0; k < n; ++k) {
    const gert::StorageShape* s = c->GetOutputShape(1 + k);
    if (s == nullptr || s->GetStorageShape().GetDim(0) != sizes->GetData()[k] ||
        c->GetOutputDesc(1 + k)->GetDataType() != ge::DT_FLOAT) {
      return ge::GRAPH_FAILED;
    }
  }
  optiling::TestSplitRowsTiling t;
  t.set_cols(static_cast<uint32_t>(c->GetInputShape(0)->GetStorageShape().GetDim(1)));
  t.SaveToBuffer(c->GetRawTilingData()->GetData(), c->GetRawTilingData()->GetCapacity());
  c->GetRawTilingData()->SetDataSize(t.GetDataSize());
  c->SetBlockDim(2);
  return ge::GRAPH_SUCCESS;
}

}  // namespace

namespace ops {
class TestSplitRows : public OpDef {
 public:
  explicit TestSplitRows(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("count").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("ys").ParamType(DYNAMIC).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Attr("sizes").AttrType(REQUIRED).ListInt();
    this->Attr("bad_dtype").AttrType(OPTIONAL).Int(0);
    this->SetInferShape(SplitRowsInferShape).SetInferDataType(SplitRowsInferDataType);
    this->AICore().SetTiling(SplitRowsTiling);
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(TestSplitRows);
}  // namespace ops

// TestAxpy: y = x * alpha + beta + gamma[i % n], with aclnn scalar inputs:
// alpha Scalar().To("x") (x's dtype), beta Scalar() (its own dtype, int32
// or int64), gamma ScalarList().To(DT_FLOAT). Tiling key: 1 float x, 2 half
// x, + 4 when beta is int64.
namespace optiling {
BEGIN_TILING_DATA_DEF(TestAxpyTiling)
TILING_DATA_FIELD_DEF(uint32_t, n);
TILING_DATA_FIELD_DEF(uint32_t, ng);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace ops {
class TestAxpy : public OpDef {
 public:
  explicit TestAxpy(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->Input("alpha").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Scalar().To("x");
    this->Input("beta").ParamType(REQUIRED).DataTypeList({ge::DT_INT32, ge::DT_INT64}).Scalar();
    this->Input("gamma").ParamType(REQUIRED).DataTypeList({ge::DT_FLOAT}).ScalarList().To(ge::DT_FLOAT);
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->SetInferShape(+[](gert::InferShapeContext* c) -> ge::graphStatus {
      *c->GetOutputShape(0) = *c->GetInputShape(0);
      return ge::GRAPH_SUCCESS;
    });
    this->AICore().SetTiling(+[](gert::TilingContext* c) -> ge::graphStatus {
      // The scalars arrive as tensors of shape [1] and [n].
      if (c->GetInputShape(1)->GetStorageShape() != gert::Shape{1} ||
          c->GetInputShape(2)->GetStorageShape() != gert::Shape{1} ||
          c->GetInputShape(3)->GetStorageShape().GetDimNum() != 1) {
        return ge::GRAPH_FAILED;
      }
      optiling::TestAxpyTiling t;
      t.set_n(static_cast<uint32_t>(c->GetInputShape(0)->GetStorageShape().GetShapeSize()));
      t.set_ng(static_cast<uint32_t>(c->GetInputShape(3)->GetStorageShape().GetDim(0)));
      t.SaveToBuffer(c->GetRawTilingData()->GetData(), c->GetRawTilingData()->GetCapacity());
      c->GetRawTilingData()->SetDataSize(t.GetDataSize());
      c->SetTilingKey((c->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT ? 1 : 2) +
                      (c->GetInputDesc(2)->GetDataType() == ge::DT_INT64 ? 4 : 0));
      c->SetBlockDim(1);
      return ge::GRAPH_SUCCESS;
    });
  }
};
OP_ADD(TestAxpy);
}  // namespace ops

template <class T>
void AxpyBody(GM_ADDR x, GM_ADDR alpha, GM_ADDR beta, GM_ADDR gamma, GM_ADDR y, const optiling::TestAxpyTiling& t,
              bool beta64) {
  AscendC::GlobalTensor<T> xg, ag, yg;
  AscendC::GlobalTensor<float> gg;
  xg.SetGlobalBuffer((__gm__ T*)x, t.n);
  ag.SetGlobalBuffer((__gm__ T*)alpha, 1);
  yg.SetGlobalBuffer((__gm__ T*)y, t.n);
  gg.SetGlobalBuffer((__gm__ float*)gamma, t.ng);
  const float b = beta64 ? static_cast<float>(*(__gm__ int64_t*)beta) : static_cast<float>(*(__gm__ int32_t*)beta);
  const float a = static_cast<float>(ag.GetValue(0));
  for (uint32_t i = 0; i < t.n; ++i) {
    float v = static_cast<float>(xg.GetValue(i)) * a;
    v = v + b;
    v = v + gg.GetValue(i % t.ng);
    yg.SetValue(i, static_cast<T>(v));
  }
}

extern "C" __global__ __aicore__ void test_axpy(GM_ADDR x, GM_ADDR alpha, GM_ADDR beta, GM_ADDR gamma, GM_ADDR y,
                                                GM_ADDR workspace, GM_ADDR tiling) {
  (void)workspace;
  GET_TILING_DATA_WITH_STRUCT(optiling::TestAxpyTiling, t, tiling);
  if (TILING_KEY_IS(1) || TILING_KEY_IS(5)) AxpyBody<float>(x, alpha, beta, gamma, y, t, TILING_KEY_IS(5));
  if (TILING_KEY_IS(2) || TILING_KEY_IS(6)) AxpyBody<half>(x, alpha, beta, gamma, y, t, TILING_KEY_IS(6));
}
AICORE_OP_KERNEL(test_axpy);

// TestTileTo: y of the shape `shape` holds x tiled by flat index, scaled and
// negated: y[i] = x[i % n] * scale[i % ns] (no scale: 1), negated where
// negate[i % nn]. `shape` (int64 or int32), `scale` (float) and `negate`
// (bool) are ValueDepend: InferShape and the tiling read their data. The
// aclnn layer takes them as aclIntArray / aclFloatArray / aclBoolArray.
namespace optiling {
BEGIN_TILING_DATA_DEF(TestTileToTiling)
TILING_DATA_FIELD_DEF(uint32_t, n);
TILING_DATA_FIELD_DEF(uint32_t, total);
TILING_DATA_FIELD_DEF(uint32_t, ns);  // 0: no scale
TILING_DATA_FIELD_DEF(uint32_t, nn);  // 0: no negate
TILING_DATA_FIELD_DEF(uint32_t, scale0_bits);  // scale[0], read by the tiling
END_TILING_DATA_DEF;
}  // namespace optiling

namespace {

// The dims `shape` holds (int64 or int32 data), or false.
bool TileToDims(const gert::Tensor* s, std::vector<int64_t>* dims) {
  if (s == nullptr || s->GetShape().GetStorageShape().GetDimNum() != 1) return false;
  const int64_t n = s->GetShapeSize();
  for (int64_t k = 0; k < n; ++k) {
    const int64_t d = s->GetDataType() == ge::DT_INT64 ? s->GetData<int64_t>()[k] : s->GetData<int32_t>()[k];
    if (d < 0) return false;
    dims->push_back(d);
  }
  return s->GetDataType() == ge::DT_INT64 || s->GetDataType() == ge::DT_INT32;
}

}  // namespace

namespace ops {
class TestTileTo : public OpDef {
 public:
  explicit TestTileTo(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT});
    this->Input("shape").ParamType(REQUIRED).DataType({ge::DT_INT64, ge::DT_INT32}).ValueDepend(REQUIRED);
    this->Input("scale").ParamType(OPTIONAL).DataType({ge::DT_FLOAT, ge::DT_FLOAT}).ValueDepend(OPTIONAL);
    this->Input("negate")
        .ParamType(OPTIONAL)
        .DataType({ge::DT_BOOL, ge::DT_BOOL})
        .ValueDepend(OPTIONAL, DependScope::TILING);
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT});
    this->SetInferShape(+[](gert::InferShapeContext* c) -> ge::graphStatus {
      std::vector<int64_t> dims;
      if (!TileToDims(c->GetInputTensor(1), &dims)) return ge::GRAPH_FAILED;
      gert::Shape* y = c->GetOutputShape(0);
      y->SetDimNum(0);
      for (const int64_t d : dims) y->AppendDim(d);
      return ge::GRAPH_SUCCESS;
    });
    this->AICore().SetTiling(+[](gert::TilingContext* c) -> ge::graphStatus {
      std::vector<int64_t> dims;
      if (!TileToDims(c->GetInputTensor(1), &dims)) return ge::GRAPH_FAILED;
      int64_t total = 1;
      for (const int64_t d : dims) total *= d;
      const int64_t n = c->GetInputShape(0)->GetStorageShape().GetShapeSize();
      if (n == 0 || total % n != 0) return ge::GRAPH_FAILED;  // tiles whole copies of x only
      const gert::StorageShape* scale = c->GetOptionalInputShape(2);
      const gert::StorageShape* negate = c->GetOptionalInputShape(3);
      optiling::TestTileToTiling t;
      t.set_n(static_cast<uint32_t>(n));
      t.set_total(static_cast<uint32_t>(total));
      t.set_ns(scale != nullptr ? static_cast<uint32_t>(scale->GetStorageShape().GetShapeSize()) : 0);
      t.set_nn(negate != nullptr ? static_cast<uint32_t>(negate->GetStorageShape().GetShapeSize()) : 0);
      if ((scale != nullptr && t.ns == 0) || (negate != nullptr && t.nn == 0)) return ge::GRAPH_FAILED;
      uint32_t bits = 0;
      if (scale != nullptr) std::memcpy(&bits, c->GetOptionalInputTensor(2)->GetData<float>(), 4);
      t.set_scale0_bits(bits);
      t.SaveToBuffer(c->GetRawTilingData()->GetData(), c->GetRawTilingData()->GetCapacity());
      c->GetRawTilingData()->SetDataSize(t.GetDataSize());
      c->SetBlockDim(2);
      return ge::GRAPH_SUCCESS;
    });
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(TestTileTo);
}  // namespace ops

// Block b writes the elements i with i % blockDim == b; scale[0] comes from
// the tiling data (what the tiling read), the rest from GM.
extern "C" __global__ __aicore__ void test_tile_to(GM_ADDR x, GM_ADDR shape, GM_ADDR scale, GM_ADDR negate,
                                                   GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  (void)shape, (void)workspace;
  GET_TILING_DATA_WITH_STRUCT(optiling::TestTileToTiling, t, tiling);
  AscendC::GlobalTensor<float> xg, sg, yg;
  AscendC::GlobalTensor<uint8_t> ng;
  xg.SetGlobalBuffer((__gm__ float*)x, t.n);
  yg.SetGlobalBuffer((__gm__ float*)y, t.total);
  if (t.ns > 0) sg.SetGlobalBuffer((__gm__ float*)scale, t.ns);
  if (t.nn > 0) ng.SetGlobalBuffer((__gm__ uint8_t*)negate, t.nn);
  float scale0 = 0.0f;
  std::memcpy(&scale0, &t.scale0_bits, 4);
  for (uint32_t i = AscendC::GetBlockIdx(); i < t.total; i += AscendC::GetBlockNum()) {
    float v = xg.GetValue(i % t.n);
    if (t.ns > 0) v = v * (i % t.ns == 0 ? scale0 : sg.GetValue(i % t.ns));
    if (t.nn > 0 && ng.GetValue(i % t.nn) != 0) v = -v;
    yg.SetValue(i, v);
  }
}
AICORE_OP_KERNEL(test_tile_to);

// TestProbe: one REQUIRED output; its InferShape probes GetOutputShape(1),
// which is nullptr (no DYNAMIC output: not an error).
namespace ops {
class TestProbe : public OpDef {
 public:
  explicit TestProbe(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT});
    this->SetInferShape(+[](gert::InferShapeContext* c) -> ge::graphStatus {
      if (c->GetOutputShape(1) != nullptr) return ge::GRAPH_FAILED;
      *c->GetOutputShape(0) = *c->GetInputShape(0);
      return ge::GRAPH_SUCCESS;
    });
  }
};
OP_ADD(TestProbe);
}  // namespace ops

// TestTwoLists: two DYNAMIC outputs whose InferShape sets instances 0 and 1
// (one tensor each); TestListNoInfer: a DYNAMIC output and no InferShape
// (does not run). TestThreeLists: InferShape sets three instances whatever
// the lists (their split is ambiguous). TestPairLists: x [R, C] split by
// rows into `a` (sizes_a) and then `b` (sizes_b); its InferShape takes the
// lists from GetIrOutputInstanceInfo and rejects other lengths.
namespace ops {
class TestTwoLists : public OpDef {
 public:
  explicit TestTwoLists(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT});
    this->Output("a").ParamType(DYNAMIC).DataType({ge::DT_FLOAT});
    this->Output("b").ParamType(DYNAMIC).DataType({ge::DT_FLOAT});
    this->SetInferShape(+[](gert::InferShapeContext* c) -> ge::graphStatus {
      *c->GetOutputShape(0) = *c->GetInputShape(0);
      *c->GetOutputShape(1) = *c->GetInputShape(0);
      return ge::GRAPH_SUCCESS;
    });
  }
};
OP_ADD(TestTwoLists);
class TestListNoInfer : public OpDef {
 public:
  explicit TestListNoInfer(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT});
    this->Output("y").ParamType(DYNAMIC).DataType({ge::DT_FLOAT});
  }
};
OP_ADD(TestListNoInfer);
class TestThreeLists : public OpDef {
 public:
  explicit TestThreeLists(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT});
    this->Output("a").ParamType(DYNAMIC).DataType({ge::DT_FLOAT});
    this->Output("b").ParamType(DYNAMIC).DataType({ge::DT_FLOAT});
    this->SetInferShape(+[](gert::InferShapeContext* c) -> ge::graphStatus {
      for (size_t k = 0; k < 3; ++k) {
        gert::Shape* y = c->GetOutputShape(k);
        if (y == nullptr) return ge::GRAPH_FAILED;
        *y = *c->GetInputShape(0);
      }
      return ge::GRAPH_SUCCESS;
    });
  }
};
OP_ADD(TestThreeLists);
class TestPairLists : public OpDef {
 public:
  explicit TestPairLists(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT});
    this->Output("a").ParamType(DYNAMIC).DataType({ge::DT_FLOAT});
    this->Output("b").ParamType(DYNAMIC).DataType({ge::DT_FLOAT});
    this->Attr("sizes_a").AttrType(REQUIRED).ListInt();
    this->Attr("sizes_b").AttrType(REQUIRED).ListInt();
    this->SetInferShape(+[](gert::InferShapeContext* c) -> ge::graphStatus {
      int64_t rows = 0;
      for (size_t ir = 0; ir < 2; ++ir) {
        const gert::AnchorInstanceInfo* info = c->GetIrOutputInstanceInfo(ir);
        const auto* sizes = c->GetAttrs()->GetListInt(ir);
        if (info == nullptr || info->GetInstanceNum() != sizes->GetSize()) return ge::GRAPH_FAILED;
        for (size_t k = 0; k < sizes->GetSize(); ++k) {
          *c->GetOutputShape(info->GetInstanceStart() + k) = gert::Shape{sizes->GetData()[k], c->GetInputShape(0)->GetDim(1)};
          rows += sizes->GetData()[k];
        }
      }
      return rows == c->GetInputShape(0)->GetDim(0) ? ge::GRAPH_SUCCESS : ge::GRAPH_FAILED;
    });
  }
};
OP_ADD(TestPairLists);
}  // namespace ops

// The kernel reads the output list as an NPU kernel does: ListTensorDesc,
// each piece's rows from its descriptor. Block b writes the pieces k with
// k % blockDim == b.
extern "C" __global__ __aicore__ void test_split_rows(GM_ADDR x, GM_ADDR count, GM_ADDR ys, GM_ADDR workspace,
                                                      GM_ADDR tiling) {
  (void)workspace;
  GET_TILING_DATA_WITH_STRUCT(optiling::TestSplitRowsTiling, t, tiling);
  AscendC::ListTensorDesc list((__gm__ void*)ys);
  AscendC::GlobalTensor<float> xg, cg;
  xg.SetGlobalBuffer((__gm__ float*)x);
  cg.SetGlobalBuffer((__gm__ float*)count, 1);
  if (AscendC::GetBlockIdx() == 0) cg.SetValue(0, static_cast<float>(list.GetSize()));
  uint64_t row = 0;
  for (uint32_t k = 0; k < list.GetSize(); ++k) {
    uint64_t extents[2] = {0, 0};
    AscendC::TensorDesc<float> desc;
    desc.SetShapeAddr(extents);
    list.GetDesc(desc, k);
    if (k % AscendC::GetBlockNum() == AscendC::GetBlockIdx()) {
      AscendC::GlobalTensor<float> yg = desc.GetDataObj();
      for (uint64_t i = 0; i < desc.GetShape(0) * t.cols; ++i) yg.SetValue(i, xg.GetValue(row * t.cols + i));
    }
    row += desc.GetShape(0);
  }
}
AICORE_OP_KERNEL(test_split_rows);

namespace {

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

#define EXPECT_REPORT(stmt, ...)                                                                        \
  do {                                                                                                  \
    const std::string aicoreMsg = ErrorOf([&] { stmt; });                                               \
    for (const std::string& part : std::vector<std::string>{__VA_ARGS__}) {                             \
      EXPECT_NE(aicoreMsg.find(part), std::string::npos) << "missing '" << part << "' in: " << aicoreMsg; \
    }                                                                                                   \
  } while (0)

// x [rows, cols] with random values, split into pieces of `sizes` rows.
struct SplitCase {
  std::vector<int64_t> sizes;
  int64_t rows = 0, cols = 0;
  std::vector<float> x;
  explicit SplitCase(std::mt19937& rng) {
    const size_t n = 1 + rng() % 5;
    cols = 1 + static_cast<int64_t>(rng() % 40);
    for (size_t k = 0; k < n; ++k) sizes.push_back(static_cast<int64_t>(rng() % 7));  // 0 rows too
    for (const int64_t s : sizes) rows += s;
    x.resize(static_cast<size_t>(rows * cols));
    for (float& v : x) v = static_cast<float>(static_cast<int>(rng() % 20000) - 10000) / 64.0f;
  }
  // The scalar model: piece k is rows [sum of sizes before k, + sizes[k]).
  std::vector<float> Piece(size_t k) const {
    int64_t start = 0;
    for (size_t j = 0; j < k; ++j) start += sizes[j];
    return std::vector<float>(x.begin() + start * cols, x.begin() + (start + sizes[k]) * cols);
  }
};

TEST(OpDynamicOutputs, RunsByNameAgainstTheScalarModel) {
  std::mt19937 rng(31);
  for (int iter = 0; iter < 12; ++iter) {
    const SplitCase c(rng);
    const size_t n = c.sizes.size();
    const bool given = iter % 2 == 1;  // output memory given, or allocated by RunOp
    std::vector<std::vector<float>> ys(n);
    std::vector<float> count(1, -1.0f);
    std::vector<OpTensor> items(n);
    if (given) {
      for (size_t k = 0; k < n; ++k) {
        ys[k].assign(static_cast<size_t>(c.sizes[k] * c.cols), -7.0f);
        items[k] = OpTensor(ys[k].data(), {c.sizes[k], c.cols}, ge::DT_FLOAT);
      }
    }
    const aicore::op::OpRun r =
        RunOp("TestSplitRows", {{const_cast<float*>(c.x.data()), {c.rows, c.cols}, ge::DT_FLOAT}},
              {given ? OpTensor(count.data(), {1}, ge::DT_FLOAT) : OpTensor(), OpTensor::List(items)},
              {{"sizes", c.sizes}});
    ASSERT_EQ(r.outputs.size(), 2u);
    ASSERT_FALSE(r.outputs[0].is_list);
    ASSERT_TRUE(r.outputs[1].is_list);
    ASSERT_EQ(r.outputs[1].items.size(), n);
    EXPECT_EQ(*static_cast<const float*>(r.outputs[0].data), static_cast<float>(n));
    for (size_t k = 0; k < n; ++k) {
      const OpTensor& y = r.outputs[1].items[k];
      EXPECT_EQ(y.shape, (std::vector<int64_t>{c.sizes[k], c.cols}));
      EXPECT_EQ(y.dtype, ge::DT_FLOAT);
      if (given && !ys[k].empty()) {
        EXPECT_EQ(y.data, ys[k].data());
      }
      const std::vector<float> want = c.Piece(k);
      EXPECT_EQ(0, std::memcmp(y.data, want.data(), want.size() * sizeof(float))) << "iter " << iter << " piece " << k;
    }
  }
}

TEST(OpDynamicOutputs, PreparedInstances) {
  std::vector<float> x(12, 1.0f);
  auto p = aicore::op::PrepareOp("TestSplitRows", {{x.data(), {6, 2}, ge::DT_FLOAT}},
                                 {OpTensor(), OpTensor::List(std::vector<OpTensor>(3))}, {{"sizes", std::vector<int64_t>{1, 2, 3}}});
  EXPECT_EQ(p->num_ir_outputs(), 2u);
  EXPECT_EQ(p->num_outputs(), 4u);
  EXPECT_FALSE(p->output_is_list(0));
  EXPECT_TRUE(p->output_is_list(1));
  EXPECT_EQ(p->output_instances(1).GetInstanceStart(), 1u);
  EXPECT_EQ(p->output_instances(1).GetInstanceNum(), 3u);
  EXPECT_EQ(p->output_shape(3), (gert::Shape{3, 2}));
}

// aclnn: the DYNAMIC output is an aclTensorList.
TEST(OpDynamicOutputs, Aclnn) {
  std::mt19937 rng(5);
  const SplitCase c(rng);
  const size_t n = c.sizes.size();
  const int64_t xd[2] = {c.rows, c.cols}, cd[1] = {1};
  std::vector<float> count(1), x = c.x;
  std::vector<std::vector<float>> ys(n);
  std::vector<const aclTensor*> yt(n);
  for (size_t k = 0; k < n; ++k) {
    ys[k].assign(static_cast<size_t>(c.sizes[k] * c.cols), -7.0f);
    const int64_t d[2] = {c.sizes[k], c.cols};
    yt[k] = aclCreateTensor(d, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, d, 2, ys[k].data());
  }
  aclTensor* xt = aclCreateTensor(xd, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, xd, 2, x.data());
  aclTensor* ct = aclCreateTensor(cd, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, cd, 1, count.data());
  aclTensorList* list = aclCreateTensorList(yt.data(), n);
  aclIntArray* sizes = aclCreateIntArray(c.sizes.data(), n);
  const aicore::SrcLoc here{"caller.cpp", 1};
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  // A null list, then a list with a null tensor: reported.
  testing::internal::CaptureStderr();
  EXPECT_EQ(aicore::compat::AclnnPrepare("TestSplitRows", {xt}, {ct, static_cast<const aclTensorList*>(nullptr)},
                                         {aicore::compat::AclnnAttr("sizes", sizes)}, &ws, &ex, here),
            ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("output 1 (a tensor list) is nullptr"), std::string::npos);
  const aclTensor* holes[2] = {yt[0], nullptr};
  aclTensorList* bad = aclCreateTensorList(holes, 2);
  EXPECT_EQ(aicore::compat::AclnnPrepare("TestSplitRows", {xt}, {ct, bad}, {aicore::compat::AclnnAttr("sizes", sizes)},
                                         &ws, &ex, here),
            ACLNN_ERR_PARAM_NULLPTR);
  testing::internal::GetCapturedStderr();
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("output 1: tensor 1 of the tensor list is nullptr"),
            std::string::npos);
  delete bad;  // its tensor belongs to `list`
  // Clean twin.
  ASSERT_EQ(aicore::compat::AclnnPrepare("TestSplitRows", {xt}, {ct, list}, {aicore::compat::AclnnAttr("sizes", sizes)},
                                         &ws, &ex, here),
            ACLNN_SUCCESS);
  EXPECT_EQ(aicore::compat::AclnnRun("TestSplitRows", nullptr, ws, ex, nullptr, here), ACLNN_SUCCESS);
  EXPECT_EQ(count[0], static_cast<float>(n));
  for (size_t k = 0; k < n; ++k) EXPECT_EQ(ys[k], c.Piece(k)) << "piece " << k;
  aclDestroyTensorList(list);
  aclDestroyTensor(xt);
  aclDestroyTensor(ct);
  aclDestroyIntArray(sizes);
}

TEST(OpDynamicOutputsDiagnostics, ListLengthsAndKinds) {
  std::vector<float> x(12, 1.0f), count(1);
  const OpTensor X(x.data(), {6, 2}, ge::DT_FLOAT);
  const std::vector<int64_t> sizes = {1, 2, 3};
  auto list = [](size_t n) { return OpTensor::List(std::vector<OpTensor>(n)); };
  EXPECT_REPORT(RunOp("TestSplitRows", {X}, {OpTensor(), list(2)}, {{"sizes", sizes}}),
                "InferShape of TestSplitRows asked for output shape 3 (GetOutputShape(3)) but the call has 3 output "
                "instances (ys (a list of 2)): a DYNAMIC output's list is shorter than InferShape expects",
                "error in InferShape");
  EXPECT_REPORT(RunOp("TestSplitRows", {X}, {OpTensor(), list(4)}, {{"sizes", sizes}}),
                "InferShape of TestSplitRows set the shapes of 3 of the 4 tensors of output ys (a list of 4; "
                "GetOutputShape(1) to GetOutputShape(4)): the list is longer than InferShape produces");
  EXPECT_REPORT(RunOp("TestSplitRows", {X}, {}, {{"sizes", sizes}}),
                "output ys (output 1) of TestSplitRows is DYNAMIC (a tensor list): give the outputs");
  EXPECT_REPORT(RunOp("TestSplitRows", {X}, {OpTensor(), list(0)}, {{"sizes", sizes}}),
                "output ys (output 1) of TestSplitRows is DYNAMIC: give a list of at least one tensor", "not an empty one");
  EXPECT_REPORT(RunOp("TestSplitRows", {X}, {OpTensor(), OpTensor()}, {{"sizes", sizes}}),
                "output ys (output 1) of TestSplitRows is DYNAMIC", "not a single tensor");
  EXPECT_REPORT(RunOp("TestSplitRows", {X}, {list(1), list(3)}, {{"sizes", sizes}}),
                "output count (output 0) of TestSplitRows is REQUIRED, not DYNAMIC: give one tensor, not a list of 1");
  EXPECT_REPORT(RunOp("TestSplitRows", {X}, {OpTensor(), OpTensor::List({OpTensor(), OpTensor::None(), OpTensor()})},
                      {{"sizes", sizes}}),
                "output ys (output 1) of TestSplitRows: tensor 1 of the list is absent (OpTensor::None)");
  // Clean twins: the right length; an operator without DYNAMIC outputs
  // probing past its last output.
  EXPECT_EQ(ErrorOf([&] { RunOp("TestSplitRows", {X}, {OpTensor(), list(3)}, {{"sizes", sizes}}); }), "");
  EXPECT_EQ(ErrorOf([&] { aicore::op::InferOp("TestProbe", {X}); }), "");
}

// InferOutputLists / InferOp: the list's length as InferShape sets it (the
// list after a REQUIRED output, InferShape stopping at the first nullptr),
// then RunOp with those slots against the scalar model.
TEST(OpDynamicOutputs, ListLengthInferredFromInferShape) {
  std::mt19937 rng(47);
  for (int iter = 0; iter < 10; ++iter) {
    SplitCase c(rng);
    if (iter == 9) {  // a long list: several doublings
      c.sizes.assign(300, 1);
      c.rows = 300;
      c.cols = 2;
      c.x.assign(600, 0.0f);
      for (size_t i = 0; i < c.x.size(); ++i) c.x[i] = static_cast<float>(i);
    }
    const size_t n = c.sizes.size();
    const OpTensor x(const_cast<float*>(c.x.data()), {c.rows, c.cols}, ge::DT_FLOAT);
    const std::vector<OpTensor> slots = aicore::op::InferOutputLists("TestSplitRows", {x}, {{"sizes", c.sizes}});
    ASSERT_EQ(slots.size(), 2u);
    EXPECT_FALSE(slots[0].is_list);
    ASSERT_TRUE(slots[1].is_list);
    EXPECT_EQ(slots[1].items.size(), n) << "iter " << iter;
    // InferOp (no data) gives the list with its shapes.
    auto p = aicore::op::InferOp("TestSplitRows", {OpTensor(nullptr, x.shape, ge::DT_FLOAT)}, {{"sizes", c.sizes}});
    ASSERT_EQ(p->output_instances(1).GetInstanceNum(), n);
    for (size_t k = 0; k < n; ++k) EXPECT_EQ(p->output_shape(1 + k), (gert::Shape{c.sizes[k], c.cols}));
    const aicore::op::OpRun r = RunOp("TestSplitRows", {x}, slots, {{"sizes", c.sizes}});
    ASSERT_EQ(r.outputs[1].items.size(), n);
    for (size_t k = 0; k < n; ++k) {
      const std::vector<float> want = c.Piece(k);
      EXPECT_EQ(0, std::memcmp(r.outputs[1].items[k].data, want.data(), want.size() * sizeof(float)))
          << "iter " << iter << " piece " << k;
    }
  }
  // No DYNAMIC output: nothing to give.
  std::vector<float> v(4, 1.0f);
  EXPECT_TRUE(aicore::op::InferOutputLists("TestProbe", {{v.data(), {4}, ge::DT_FLOAT}}).empty());
}

TEST(OpDynamicOutputsDiagnostics, ListLengthNotInferable) {
  std::vector<float> v(8, 1.0f);
  const OpTensor X(v.data(), {8}, ge::DT_FLOAT);
  EXPECT_REPORT(aicore::op::InferOutputLists("TestThreeLists", {X}), "error in InferOp",
                "TestThreeLists has 2 DYNAMIC outputs (a, b): its InferShape accepts 2 ways to share 3 tensors among "
                "them (a 1, b 2; a 2, b 1), so their lengths cannot be told apart");
  // sizes that do not add up to x's rows: no lengths work.
  EXPECT_REPORT(aicore::op::InferOutputLists("TestPairLists", {OpTensor(nullptr, {8, 2}, ge::DT_FLOAT)},
                                             {{"sizes_a", std::vector<int64_t>{1}}, {"sizes_b", std::vector<int64_t>{2}}}),
                "error in InferOp",
                "TestPairLists has 2 DYNAMIC outputs (a, b): no list lengths up to 91 tensors in all make its "
                "InferShape succeed and set every output instance (4096 tried; with 1 tensor each it returned "
                "4294967295 (GRAPH_FAILED)); give the outputs");
  EXPECT_REPORT(aicore::op::InferOp("TestListNoInfer", {X}),
                "TestListNoInfer has no InferShape (SetInferShape): the length of the DYNAMIC output y (output 0) "
                "of TestListNoInfer cannot be inferred");
  // InferShape asking for ever more instances: 70000 pieces.
  const OpTensor big(nullptr, {70000, 1}, ge::DT_FLOAT);
  EXPECT_REPORT(aicore::op::InferOp("TestSplitRows", {big}, {{"sizes", std::vector<int64_t>(70000, 1)}}),
                "InferShape of TestSplitRows asked for output instance 65537 with the output ys (output 1) of "
                "TestSplitRows a list of 65536 (the most inferred: 65536 tensors)");
  // Errors of the call itself come first, from InferOp.
  EXPECT_REPORT(aicore::op::InferOutputLists("TestSplitRows", {{v.data(), {8}, ge::DT_INT32}},
                                             {{"sizes", std::vector<int64_t>{8}}}),
                "error in InferOp", "input x (input 0) of TestSplitRows has dtype DT_INT32");
  EXPECT_REPORT(aicore::op::InferOutputLists("NoSuchListOp", {X}), "operator NoSuchListOp is not registered");
  // Clean twins: one list after a REQUIRED output; the largest list inferred.
  EXPECT_EQ(ErrorOf([&] {
              aicore::op::InferOp("TestSplitRows", {OpTensor(nullptr, {8, 1}, ge::DT_FLOAT)},
                                  {{"sizes", std::vector<int64_t>{4, 4}}});
            }),
            "");
  EXPECT_EQ(ErrorOf([&] {
              aicore::op::InferOp("TestSplitRows", {OpTensor(nullptr, {65536, 1}, ge::DT_FLOAT)},
                                  {{"sizes", std::vector<int64_t>(65536, 1)}});
            }),
            "");
}

// Two DYNAMIC outputs: the lengths InferShape accepts (it checks
// GetIrOutputInstanceInfo against its attributes), and one tensor each for
// an InferShape that sets two instances whatever they are.
TEST(OpDynamicOutputs, TwoListLengthsInferredFromInferShape) {
  std::mt19937 rng(17);
  for (int iter = 0; iter < 10; ++iter) {
    std::vector<int64_t> sa(1 + rng() % 4), sb(1 + rng() % 5);
    int64_t rows = 0;
    for (int64_t& v : sa) rows += v = static_cast<int64_t>(rng() % 4);
    for (int64_t& v : sb) rows += v = static_cast<int64_t>(rng() % 4);
    const std::vector<OpTensor> in{OpTensor(nullptr, {rows, 3}, ge::DT_FLOAT)};
    const std::vector<aicore::op::OpAttr> attrs{{"sizes_a", sa}, {"sizes_b", sb}};
    const std::vector<OpTensor> slots = aicore::op::InferOutputLists("TestPairLists", in, attrs);
    ASSERT_EQ(slots.size(), 2u);
    EXPECT_EQ(slots[0].items.size(), sa.size()) << "iter " << iter;
    EXPECT_EQ(slots[1].items.size(), sb.size()) << "iter " << iter;
    const auto p = aicore::op::InferOp("TestPairLists", in, attrs);
    ASSERT_EQ(p->num_outputs(), sa.size() + sb.size());
    for (size_t k = 0; k < sa.size() + sb.size(); ++k) {
      const int64_t want = k < sa.size() ? sa[k] : sb[k - sa.size()];
      EXPECT_EQ(p->output_shape(k), (gert::Shape{want, 3})) << "iter " << iter << " tensor " << k;
    }
  }
  std::vector<float> v(8, 1.0f);
  const std::vector<OpTensor> two = aicore::op::InferOutputLists("TestTwoLists", {OpTensor(v.data(), {8}, ge::DT_FLOAT)});
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(two[0].items.size(), 1u);
  EXPECT_EQ(two[1].items.size(), 1u);
}

TEST(OpDynamicOutputsDiagnostics, DtypesAndShapesInTheList) {
  std::vector<float> x(12, 1.0f), y0(2), y1(4), y2(6);
  const OpTensor X(x.data(), {6, 2}, ge::DT_FLOAT);
  const std::vector<int64_t> sizes = {1, 2, 3};
  auto run = [&](OpTensor a, OpTensor b, int64_t bad_dtype) {
    RunOp("TestSplitRows", {X}, {OpTensor(), OpTensor::List({a, b, {y2.data(), {3, 2}, ge::DT_FLOAT}})},
          {{"sizes", sizes}, {"bad_dtype", bad_dtype}});
  };
  const OpTensor A(y0.data(), {1, 2}, ge::DT_FLOAT), B(y1.data(), {2, 2}, ge::DT_FLOAT);
  EXPECT_REPORT(run(A, {y1.data(), {2, 2}, ge::DT_FLOAT16}, 0),
                "output ys[1] (output 1) of TestSplitRows has dtype DT_FLOAT16; the operator produces DT_FLOAT "
                "(InferDataType)");
  EXPECT_REPORT(run(A, {y1.data(), {4}, ge::DT_FLOAT}, 0),
                "output ys[1] (output 1) of TestSplitRows has shape [4]; InferShape gives [2, 2]");
  EXPECT_REPORT(run(A, B, 1),
                "InferDataType of TestSplitRows gave tensor 1 of output ys (output instance 2) DT_FLOAT16 and tensor 0 "
                "DT_FLOAT (the tensors of a list share one dtype)");
  // Clean twin.
  EXPECT_EQ(ErrorOf([&] { run(A, B, 0); }), "");
  EXPECT_EQ(y1, (std::vector<float>(4, 1.0f)));
}

// aclScalar conversion (what a Scalar() input's tensor holds) against the
// obviously-right model: C++ conversion of the value, and for half/bfloat16
// one RNE rounding of a value exactly representable as float.
TEST(AclScalar, ConvertsToTheTargetDtype) {
  std::mt19937 rng(3);
  for (int iter = 0; iter < 400; ++iter) {
    const float f = static_cast<float>(static_cast<int>(rng() % 400001) - 200000) / 1024.0f;  // exact in float
    const int32_t i32 = static_cast<int32_t>(rng() % 200001) - 100000;
    aclScalar* sf = aclCreateScalar(const_cast<float*>(&f), ACL_FLOAT);
    aclScalar* si = aclCreateScalar(const_cast<int32_t*>(&i32), ACL_INT32);
    uint64_t w = 0;
    ASSERT_EQ(aicore::compat::AclScalarTo(*sf, ge::DT_FLOAT, &w), "");
    EXPECT_EQ(0, std::memcmp(&w, &f, 4));
    ASSERT_EQ(aicore::compat::AclScalarTo(*sf, ge::DT_FLOAT16, &w), "");
    EXPECT_EQ(static_cast<uint16_t>(w), aclFloatToFloat16(f)) << f;
    ASSERT_EQ(aicore::compat::AclScalarTo(*sf, ge::DT_BF16, &w), "");
    EXPECT_EQ(static_cast<uint16_t>(w), ::bfloat16_t(f).ToBits()) << f;
    ASSERT_EQ(aicore::compat::AclScalarTo(*sf, ge::DT_INT32, &w), "");
    EXPECT_EQ(static_cast<int32_t>(w), static_cast<int32_t>(f)) << f;  // truncated toward zero
    ASSERT_EQ(aicore::compat::AclScalarTo(*si, ge::DT_FLOAT, &w), "");
    float g = 0;
    std::memcpy(&g, &w, 4);
    EXPECT_EQ(g, static_cast<float>(i32));
    ASSERT_EQ(aicore::compat::AclScalarTo(*si, ge::DT_INT64, &w), "");
    EXPECT_EQ(static_cast<int64_t>(w), i32);
    ASSERT_EQ(aicore::compat::AclScalarTo(*si, ge::DT_DOUBLE, &w), "");
    double d = 0;
    std::memcpy(&d, &w, 8);
    EXPECT_EQ(d, static_cast<double>(i32));
    w = 7;
    ASSERT_EQ(aicore::compat::AclScalarTo(*si, ge::DT_BOOL, &w), "");
    EXPECT_EQ(static_cast<uint8_t>(w), i32 != 0 ? 1 : 0);
    aclDestroyScalar(sf);
    aclDestroyScalar(si);
  }
  // Out of range, NaN to an integer, a dtype without a value: reported.
  int32_t big = 300, neg = -1;
  double nan = std::nan("");
  aclScalar* sb = aclCreateScalar(&big, ACL_INT32);
  aclScalar* sn = aclCreateScalar(&neg, ACL_INT32);
  aclScalar* sq = aclCreateScalar(&nan, ACL_DOUBLE);
  uint64_t w = 0;
  EXPECT_EQ(aicore::compat::AclScalarTo(*sb, ge::DT_INT8, &w), "the value 300 is outside the range of DT_INT8");
  EXPECT_EQ(aicore::compat::AclScalarTo(*sn, ge::DT_UINT32, &w), "the value -1 is outside the range of DT_UINT32");
  EXPECT_NE(aicore::compat::AclScalarTo(*sq, ge::DT_INT32, &w).find("outside the range of DT_INT32"), std::string::npos);
  EXPECT_EQ(aicore::compat::AclScalarTo(*sb, ge::DT_STRING, &w), "the dtype DT_STRING has no scalar form on the CPU");
  EXPECT_EQ(aicore::compat::AclScalarTo(*sb, ge::DT_INT16, &w), "");  // clean twin
  EXPECT_EQ(static_cast<int16_t>(w), 300);
  aclDestroyScalar(sb);
  aclDestroyScalar(sn);
  aclDestroyScalar(sq);
}

// Scalar() / ScalarList() inputs through the aclnn layer (what a generated
// aclnn function passes), float and float16 x, int32 and int64 beta,
// against the scalar model; values are multiples of 1/8 so every product
// and sum is exact in float.
TEST(AclScalar, ScalarInputsRunThroughAclnn) {
  std::mt19937 rng(8);
  const aicore::SrcLoc here{"caller.cpp", 1};
  for (int iter = 0; iter < 8; ++iter) {
    const bool half_x = iter % 2 == 1, beta64 = iter % 4 >= 2;
    const int64_t n = 1 + static_cast<int64_t>(rng() % 300);
    const size_t ng = 1 + rng() % 4;
    auto eighth = [&] { return static_cast<float>(static_cast<int>(rng() % 161) - 80) / 8.0f; };
    std::vector<float> xf(static_cast<size_t>(n)), gv(ng);
    for (float& v : xf) v = eighth();
    for (float& v : gv) v = eighth();
    const double alpha = eighth();
    const int64_t beta = static_cast<int64_t>(rng() % 41) - 20;
    std::vector<uint16_t> xh(xf.size()), yh(xf.size());
    std::vector<float> yf(xf.size());
    for (size_t i = 0; i < xf.size(); ++i) xh[i] = aclFloatToFloat16(xf[i]);
    const aclDataType xt_dtype = half_x ? ACL_FLOAT16 : ACL_FLOAT;
    aclTensor* xt = aclCreateTensor(&n, 1, xt_dtype, nullptr, 0, ACL_FORMAT_ND, &n, 1,
                                    half_x ? static_cast<void*>(xh.data()) : xf.data());
    aclTensor* yt = aclCreateTensor(&n, 1, xt_dtype, nullptr, 0, ACL_FORMAT_ND, &n, 1,
                                    half_x ? static_cast<void*>(yh.data()) : yf.data());
    aclScalar* as = aclCreateScalar(const_cast<double*>(&alpha), ACL_DOUBLE);  // To("x"): becomes x's dtype
    const int32_t beta32 = static_cast<int32_t>(beta);
    aclScalar* bs = beta64 ? aclCreateScalar(const_cast<int64_t*>(&beta), ACL_INT64)
                           : aclCreateScalar(const_cast<int32_t*>(&beta32), ACL_INT32);
    std::vector<const aclScalar*> gs;
    for (size_t k = 0; k < ng; ++k) {
      const double v = gv[k];  // To(DT_FLOAT) from double
      gs.push_back(aclCreateScalar(const_cast<double*>(&v), ACL_DOUBLE));
    }
    aclScalarList* gl = aclCreateScalarList(gs.data(), ng);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aicore::compat::AclnnPrepare("TestAxpy", {xt, as, bs, gl}, {yt}, {}, &ws, &ex, here), ACLNN_SUCCESS)
        << aclGetRecentErrMsg();
    EXPECT_EQ(ex->op->tiling_key(), (half_x ? 2u : 1u) + (beta64 ? 4u : 0u));
    ASSERT_EQ(aicore::compat::AclnnRun("TestAxpy", nullptr, ws, ex, nullptr, here), ACLNN_SUCCESS);
    for (size_t i = 0; i < xf.size(); ++i) {
      const float want = xf[i] * static_cast<float>(alpha) + static_cast<float>(beta) + gv[i % ng];  // exact
      if (half_x) {
        EXPECT_EQ(yh[i], aclFloatToFloat16(want)) << "iter " << iter << " i " << i;
      } else {
        EXPECT_EQ(yf[i], want) << "iter " << iter << " i " << i;
      }
    }
    aclDestroyTensor(xt);
    aclDestroyTensor(yt);
    aclDestroyScalar(as);
    aclDestroyScalar(bs);
    aclDestroyScalarList(gl);
  }
}

TEST(AclScalarDiagnostics, BadScalars) {
  std::vector<float> x(4, 1.0f), y(4);
  const int64_t n = 4;
  aclTensor* xt = aclCreateTensor(&n, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, &n, 1, x.data());
  aclTensor* yt = aclCreateTensor(&n, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, &n, 1, y.data());
  float one = 1.0f;
  int32_t two = 2;
  aclScalar* a = aclCreateScalar(&one, ACL_FLOAT);
  aclScalar* b = aclCreateScalar(&two, ACL_INT32);
  aclScalar* bf = aclCreateScalar(&one, ACL_FLOAT);
  const aclScalar* g1[1] = {aclCreateScalar(&one, ACL_FLOAT)};
  aclScalarList* gl = aclCreateScalarList(g1, 1);
  const aclScalar* holes[2] = {g1[0], nullptr};
  aclScalarList* gbad = aclCreateScalarList(holes, 2);
  aclScalarList* gempty = aclCreateScalarList(nullptr, 0);
  const aicore::SrcLoc here{"caller.cpp", 1};
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  auto prepare = [&](std::initializer_list<aicore::compat::AclnnInput> in) {
    return aicore::compat::AclnnPrepare("TestAxpy", in, {yt}, {}, &ws, &ex, here);
  };
  auto msg = [] { return std::string(aclGetRecentErrMsg()); };
  testing::internal::CaptureStderr();
  EXPECT_EQ(prepare({xt, static_cast<const aclScalar*>(nullptr), b, gl}), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(msg().find("required input alpha (input 1) of TestAxpy is missing"), std::string::npos) << msg();
  EXPECT_EQ(prepare({xt, a, bf, gl}), ACLNN_ERR_PARAM_INVALID);  // beta keeps its own dtype: float
  EXPECT_NE(msg().find("input beta (input 2) of TestAxpy has dtype DT_FLOAT; the OpDef allows DT_INT32, DT_INT64"),
            std::string::npos)
      << msg();
  EXPECT_EQ(prepare({xt, a, b, gbad}), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_NE(msg().find("input 3 (gamma): scalar 1 of the aclScalarList is nullptr"), std::string::npos) << msg();
  EXPECT_EQ(prepare({xt, a, b, gempty}), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(msg().find("input 3 (gamma): the aclScalarList is empty"), std::string::npos) << msg();
  testing::internal::GetCapturedStderr();
  // Clean twin.
  ASSERT_EQ(prepare({xt, a, b, gl}), ACLNN_SUCCESS) << msg();
  EXPECT_EQ(aicore::compat::AclnnRun("TestAxpy", nullptr, ws, ex, nullptr, here), ACLNN_SUCCESS);
  EXPECT_EQ(y, (std::vector<float>(4, 4.0f)));
  delete gbad;  // its scalar belongs to gl
  aclDestroyScalarList(gl);
  aclDestroyScalarList(gempty);
  aclDestroyScalar(a);
  aclDestroyScalar(b);
  aclDestroyScalar(bf);
  aclDestroyTensor(xt);
  aclDestroyTensor(yt);
}

// ValueDepend inputs through the aclnn layer: `shape`, `scale` and `negate`
// as aclIntArray / aclFloatArray / aclBoolArray (what the generated
// aclnn<Op>GetWorkspaceSize passes; scale and negate sometimes left out),
// or as int32 / float / bool tensors (aclnn<Op>TensorGetWorkspaceSize);
// the output takes the shape the array holds (InferShape reads it), the
// values against the scalar model, bit for bit.
TEST(ValueDepend, ArraysRunThroughAclnn) {
  std::mt19937 rng(13);
  const aicore::SrcLoc here{"caller.cpp", 1};
  for (int iter = 0; iter < 24; ++iter) {
    const bool tensors = iter % 3 == 2;
    const int64_t n = 1 + static_cast<int64_t>(rng() % 9);
    std::vector<int64_t> dims(1 + rng() % 3);
    for (int64_t& d : dims) d = static_cast<int64_t>(rng() % 6);  // 0 too
    dims[rng() % dims.size()] *= n;                                // whole copies of x
    int64_t total = 1;
    for (const int64_t d : dims) total *= d;
    std::vector<float> x(static_cast<size_t>(n)), scale(rng() % 2 == 0 ? 0 : 1 + rng() % 5);
    for (float& v : x) v = static_cast<float>(static_cast<int>(rng() % 2001) - 1000) / 64.0f;
    for (float& v : scale) v = static_cast<float>(static_cast<int>(rng() % 81) - 40) / 8.0f;
    bool negate[4] = {false, false, false, false};
    const size_t nn = rng() % 2 == 0 ? 0 : 1 + rng() % 4;
    for (size_t k = 0; k < nn; ++k) negate[k] = rng() % 2 == 0;
    std::vector<float> y(static_cast<size_t>(std::max<int64_t>(total, 1)), -7.0f);
    aclTensor* xt = aclCreateTensor(&n, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, &n, 1, x.data());
    aclTensor* yt = aclCreateTensor(dims.data(), dims.size(), ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims.data(),
                                    dims.size(), y.data());
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    if (!tensors) {
      aclIntArray* sa = aclCreateIntArray(dims.data(), dims.size());
      aclFloatArray* fa = scale.empty() ? nullptr : aclCreateFloatArray(scale.data(), scale.size());
      aclBoolArray* ba = nn == 0 ? nullptr : aclCreateBoolArray(negate, nn);
      ASSERT_EQ(aicore::compat::AclnnPrepare("TestTileTo", {xt, sa, fa, ba}, {yt}, {}, &ws, &ex, here), ACLNN_SUCCESS)
          << aclGetRecentErrMsg();
      aclDestroyIntArray(sa);  // the executor keeps the values
      aclDestroyFloatArray(fa);
      aclDestroyBoolArray(ba);
    } else {
      std::vector<int32_t> d32(dims.begin(), dims.end());
      const int64_t rank = static_cast<int64_t>(dims.size()), ns = static_cast<int64_t>(scale.size());
      const int64_t nb = static_cast<int64_t>(nn);
      aclTensor* st = aclCreateTensor(&rank, 1, ACL_INT32, nullptr, 0, ACL_FORMAT_ND, &rank, 1, d32.data());
      aclTensor* ft = ns == 0 ? nullptr : aclCreateTensor(&ns, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, &ns, 1, scale.data());
      aclTensor* bt = nb == 0 ? nullptr : aclCreateTensor(&nb, 1, ACL_BOOL, nullptr, 0, ACL_FORMAT_ND, &nb, 1, negate);
      ASSERT_EQ(aicore::compat::AclnnPrepare("TestTileTo", {xt, st, ft, bt}, {yt}, {}, &ws, &ex, here), ACLNN_SUCCESS)
          << aclGetRecentErrMsg();
      aclDestroyTensor(st);
      aclDestroyTensor(ft);
      aclDestroyTensor(bt);
    }
    ASSERT_EQ(aicore::compat::AclnnRun("TestTileTo", nullptr, ws, ex, nullptr, here), ACLNN_SUCCESS)
        << aclGetRecentErrMsg();
    for (int64_t i = 0; i < total; ++i) {
      float want = x[static_cast<size_t>(i % n)];
      if (!scale.empty()) want = want * scale[static_cast<size_t>(i) % scale.size()];
      if (nn > 0 && negate[static_cast<size_t>(i) % nn]) want = -want;
      ASSERT_EQ(y[static_cast<size_t>(i)], want) << "iter " << iter << " i " << i;
    }
    if (total == 0) {
      EXPECT_EQ(y[0], -7.0f);
    }
    aclDestroyTensor(xt);
    aclDestroyTensor(yt);
  }
}

// The array kind a ValueDepend input takes (what the generator writes and
// the aclnn layer checks), as the vendor's documentation lays down.
TEST(ValueDepend, ArrayKindFromTheDtypes) {
  auto kind = [](ops::OpParamDef p, std::string* why) { return ops::ValueDependArrayOf(p, why); };
  std::string why;
  EXPECT_EQ(kind(ops::OpParamDef("a").DataType({ge::DT_FLOAT, ge::DT_FLOAT}).ValueDepend(ops::REQUIRED), &why),
            ops::ValueDependArray::kFloat);
  EXPECT_EQ(kind(ops::OpParamDef("a").DataType({ge::DT_BOOL}).ValueDepend(ops::OPTIONAL), &why),
            ops::ValueDependArray::kBool);
  EXPECT_EQ(kind(ops::OpParamDef("a").DataType({ge::DT_INT32, ge::DT_INT64, ge::DT_UINT8}).ValueDepend(ops::REQUIRED),
                 &why),
            ops::ValueDependArray::kInt);
  EXPECT_TRUE(why.empty());
  EXPECT_EQ(kind(ops::OpParamDef("a").DataType({ge::DT_INT32}).ValueDepend(ops::REQUIRED), &why),
            ops::ValueDependArray::kNone);
  EXPECT_NE(why.find("need DT_INT64"), std::string::npos) << why;
  EXPECT_EQ(kind(ops::OpParamDef("a").DataType({ge::DT_FLOAT, ge::DT_INT64}).ValueDepend(ops::REQUIRED), &why),
            ops::ValueDependArray::kNone);
  EXPECT_NE(why.find("all DT_FLOAT, all DT_BOOL or all integer"), std::string::npos) << why;
  EXPECT_EQ(kind(ops::OpParamDef("a").DataType({ge::DT_FLOAT16}).ValueDepend(ops::REQUIRED), &why),
            ops::ValueDependArray::kNone);
  EXPECT_EQ(kind(ops::OpParamDef("a").ParamType(ops::DYNAMIC).DataType({ge::DT_INT64}).ValueDepend(ops::REQUIRED),
                 &why),
            ops::ValueDependArray::kNone);
  EXPECT_NE(why.find("DYNAMIC is not supported"), std::string::npos) << why;
  EXPECT_EQ(kind(ops::OpParamDef("a").DataType({ge::DT_INT64}), &why), ops::ValueDependArray::kNone);
  EXPECT_EQ(why, "it is not ValueDepend");
  EXPECT_EQ(ops::OpParamDef("a").ValueDepend(ops::OPTIONAL, ops::DependScope::TILING).GetDependScope(),
            ops::DependScope::TILING);
}

TEST(ValueDependDiagnostics, BadArrays) {
  std::vector<float> x(2, 1.5f), y(6);
  const int64_t n = 2, yd[2] = {2, 3}, dims[2] = {2, 3}, odd[2] = {1, 3}, neg[2] = {-2, -3};
  const float fdims[2] = {2.0f, 3.0f};
  aclTensor* xt = aclCreateTensor(&n, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, &n, 1, x.data());
  aclTensor* yt = aclCreateTensor(yd, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, yd, 2, y.data());
  aclIntArray* good = aclCreateIntArray(dims, 2);
  aclIntArray* other = aclCreateIntArray(odd, 2);
  aclIntArray* negative = aclCreateIntArray(neg, 2);
  aclFloatArray* wrong = aclCreateFloatArray(fdims, 2);
  const aicore::SrcLoc here{"caller.cpp", 1};
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  auto prepare = [&](std::initializer_list<aicore::compat::AclnnInput> in) {
    return aicore::compat::AclnnPrepare("TestTileTo", in, {yt}, {}, &ws, &ex, here);
  };
  auto msg = [] { return std::string(aclGetRecentErrMsg()); };
  const aclFloatArray* no_scale = nullptr;
  const aclBoolArray* no_negate = nullptr;
  testing::internal::CaptureStderr();
  EXPECT_EQ(prepare({xt, wrong, no_scale, no_negate}), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(msg().find("input 1 (shape) is given as an aclFloatArray; its dtypes make it an aclIntArray"),
            std::string::npos)
      << msg();
  EXPECT_EQ(prepare({good, good, no_scale, no_negate}), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(msg().find("input 0 (x) is given as an aclIntArray; it takes no array: it is not ValueDepend"),
            std::string::npos)
      << msg();
  EXPECT_EQ(prepare({xt, static_cast<const aclIntArray*>(nullptr), no_scale, no_negate}), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(msg().find("required input shape (input 1) of TestTileTo is missing"), std::string::npos) << msg();
  EXPECT_EQ(prepare({xt, other, no_scale, no_negate}), ACLNN_ERR_PARAM_INVALID);  // InferShape reads [1, 3]
  EXPECT_NE(msg().find("output y (output 0) of TestTileTo has shape [2, 3]; InferShape gives [1, 3]"),
            std::string::npos)
      << msg();
  EXPECT_EQ(prepare({xt, negative, no_scale, no_negate}), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(msg().find("InferShape of TestTileTo returned"), std::string::npos) << msg();
  testing::internal::GetCapturedStderr();
  // Clean twin.
  ASSERT_EQ(prepare({xt, good, no_scale, no_negate}), ACLNN_SUCCESS) << msg();
  EXPECT_EQ(aicore::compat::AclnnRun("TestTileTo", nullptr, ws, ex, nullptr, here), ACLNN_SUCCESS);
  EXPECT_EQ(y, (std::vector<float>(6, 1.5f)));
  aclDestroyIntArray(good);
  aclDestroyIntArray(other);
  aclDestroyIntArray(negative);
  aclDestroyFloatArray(wrong);
  aclDestroyTensor(xt);
  aclDestroyTensor(yt);
}


}  // namespace
