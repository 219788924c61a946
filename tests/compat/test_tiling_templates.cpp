// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tiling templates (ascendc/host_api/tiling/template_argument.h): the
// vendor's key encoding, bad values, kernel templates dispatched by tiling
// key through the CPU-debug path (ICPU_SET_TILING_KEY + ICPU_RUN_KF),
// TILING_KEY_VAR, REGISTER_TILING_FOR_TILINGKEY, KERNEL_TASK_TYPE.
#include "kernel_operator.h"
#include "tikicpulib.h"
#include "ascendc/host_api/tiling/template_argument.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

using namespace AscendC;

// ---------------------------------------------------------------------------
// The declaration of the vendor's own encoding test: DTYPE X {10, 20, 30},
// FORMAT Y {15, 25}, UINT N (8 bits, MIX: ranges [0,2] [3,5] then 7, 6),
// BOOL S.
namespace golden {
ASCENDC_TPL_ARGS_DECL(Golden,
                      ASCENDC_TPL_DTYPE_DECL(X, 10, 20, 30),
                      ASCENDC_TPL_FORMAT_DECL(Y, 15, 25),
                      ASCENDC_TPL_UINT_DECL(N, ASCENDC_TPL_8_BW, ASCENDC_TPL_UI_MIX, 2, 0, 2, 3, 5, 7, 6),
                      ASCENDC_TPL_BOOL_DECL(S, 0, 1), );

// Computed at compile time as well.
static_assert(GET_TPL_TILING_KEY(10, 15, 7, 1) == 17174282u, "vendor golden key 1");

uint64_t Key(uint64_t x, uint64_t y, uint64_t n, uint64_t s) { return GET_TPL_TILING_KEY(x, y, n, s); }
uint64_t KeyOfTwo(uint64_t x, uint64_t y) { return GET_TPL_TILING_KEY(x, y); }
}  // namespace golden

// ---------------------------------------------------------------------------
// A kernel template selected by key.
constexpr int kTplFp16 = 1;
constexpr int kTplFp32 = 2;

ASCENDC_TPL_ARGS_DECL(ScaleCustom,
                      ASCENDC_TPL_DATATYPE_DECL(D_T, kTplFp16, kTplFp32),
                      ASCENDC_TPL_UINT_DECL(TILE_NUM, ASCENDC_TPL_4_BW, ASCENDC_TPL_UI_LIST, 1, 2, 4, 8),
                      ASCENDC_TPL_BOOL_DECL(IS_SPLIT, 0, 1), );
ASCENDC_TPL_SEL(
    ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_KERNEL_TYPE_SEL(ASCENDC_TPL_AIV_ONLY),
                         ASCENDC_TPL_DATATYPE_SEL(D_T, kTplFp16),
                         ASCENDC_TPL_UINT_SEL(TILE_NUM, ASCENDC_TPL_UI_LIST, 1, 8),
                         ASCENDC_TPL_BOOL_SEL(IS_SPLIT, 0, 1), ),
    ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_DATATYPE_SEL(D_T, kTplFp32),
                         ASCENDC_TPL_UINT_SEL(TILE_NUM, ASCENDC_TPL_UI_RANGE, 1, 1, 2),
                         ASCENDC_TPL_BOOL_SEL(IS_SPLIT, 1), ), );

constexpr uint32_t kLen = 64;

// y[i] = x[i] * TILE_NUM + (IS_SPLIT ? 1000 : 0) + D_T * 100000, and args
// gets the template arguments and the launch's key as the kernel sees them.
template <int D_T, int TILE_NUM, bool IS_SPLIT>
__global__ __aicore__ void scale_custom(GM_ADDR x, GM_ADDR y, GM_ADDR args) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
  GlobalTensor<float> xGm, yGm;
  GlobalTensor<uint64_t> argGm;
  xGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x), kLen);
  yGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y), kLen);
  argGm.SetGlobalBuffer(reinterpret_cast<__gm__ uint64_t*>(args), 4);
  const uint32_t per = kLen / GetBlockNum();
  const uint32_t start = per * GetBlockIdx();
  for (uint32_t i = start; i < start + per; ++i) {
    yGm.SetValue(i, xGm.GetValue(i) * TILE_NUM + (IS_SPLIT ? 1000.0f : 0.0f) + D_T * 100000.0f);
  }
  if (GetBlockIdx() == 0) {
    argGm.SetValue(0, D_T);
    argGm.SetValue(1, TILE_NUM);
    argGm.SetValue(2, IS_SPLIT ? 1 : 0);
    argGm.SetValue(3, TILING_KEY_VAR);
  }
}

namespace {

class TplTest : public ::testing::Test {
 protected:
  void SetUp() override {
    SetKernelMode(KernelMode::AIV_MODE);
    x_ = static_cast<float*>(GmAlloc(kLen * sizeof(float)));
    y_ = static_cast<float*>(GmAlloc(kLen * sizeof(float)));
    args_ = static_cast<uint64_t*>(GmAlloc(4 * sizeof(uint64_t)));
    for (uint32_t i = 0; i < kLen; ++i) x_[i] = static_cast<float>(i) - 7.5f;
  }
  void TearDown() override {
    GmFree(x_);
    GmFree(y_);
    GmFree(args_);
    SetKernelMode(KernelMode::MIX_MODE);
    ICPU_SET_TILING_KEY(0);
  }
  void Clear() {
    std::memset(y_, 0, kLen * sizeof(float));
    std::memset(args_, 0xFF, 4 * sizeof(uint64_t));
  }
  void ExpectComputed(int dt, int tile, int split) {
    for (uint32_t i = 0; i < kLen; ++i) {
      const float want = x_[i] * tile + (split ? 1000.0f : 0.0f) + dt * 100000.0f;
      ASSERT_EQ(y_[i], want) << "element " << i << " of D_T " << dt << " TILE_NUM " << tile
                             << " IS_SPLIT " << split;
    }
    EXPECT_EQ(args_[0], static_cast<uint64_t>(dt));
    EXPECT_EQ(args_[1], static_cast<uint64_t>(tile));
    EXPECT_EQ(args_[2], static_cast<uint64_t>(split));
  }
  float* x_ = nullptr;
  float* y_ = nullptr;
  uint64_t* args_ = nullptr;
};

struct FakeTilingContext {
  uint64_t key = 0;
  void SetTilingKey(uint64_t k) { key = k; }
};

TEST(TplKey, MatchesTheVendorEncoding) {
  // X at bits 0-7 (the value), Y at 8-15 (the value), N at 16-23 (the index
  // of the value in [0,1,2,3,4,5,7,6]), S at bit 24.
  EXPECT_EQ(golden::Key(10, 15, 7, 1), 17174282u);
  EXPECT_EQ(golden::Key(20, 25, 4, 0), 268564u);
  EXPECT_EQ(golden::Key(30, 15, 6, 0), 30u | (15u << 8) | (7u << 16));
  EXPECT_EQ(golden::Key(10, 25, 0, 1), 10u | (25u << 8) | (1u << 24));
}

TEST(TplKey, ListIndexNotValueAndBitWidths) {
  // TILE_NUM is a 4-bit LIST {1, 2, 4, 8}: its index at bits 8-11; IS_SPLIT at bit 12.
  EXPECT_EQ(GET_TPL_TILING_KEY(kTplFp16, 1, 0), 1u);
  EXPECT_EQ(GET_TPL_TILING_KEY(kTplFp32, 8, 1), 2u | (3u << 8) | (1u << 12));
  EXPECT_EQ(GET_TPL_TILING_KEY(kTplFp32, 4, 0), 2u | (2u << 8));
  FakeTilingContext ctx;
  FakeTilingContext* context = &ctx;
  ASCENDC_TPL_SEL_PARAM(context, kTplFp16, 2, 1);
  EXPECT_EQ(ctx.key, 1u | (1u << 8) | (1u << 12));
}

std::string KeyError(uint64_t dt, uint64_t tile, uint64_t split) {
  try {
    (void)GET_TPL_TILING_KEY(dt, tile, split);
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "no error";
}

TEST(TplKey, BadValuesAreReported) {
  const std::string undeclared = KeyError(kTplFp16, 3, 0);
  EXPECT_NE(undeclared.find("GET_TPL_TILING_KEY"), std::string::npos) << undeclared;
  EXPECT_NE(undeclared.find("test_tiling_templates.cpp"), std::string::npos) << undeclared;
  EXPECT_NE(undeclared.find("ASCENDC_TPL_UINT argument TILE_NUM value 3 is not declared in "
                            "ASCENDC_TPL_UINT_DECL (values: 1, 2, 4, 8)"),
            std::string::npos)
      << undeclared;
  const std::string boolean = KeyError(kTplFp16, 1, 2);
  EXPECT_NE(boolean.find("ASCENDC_TPL_BOOL argument IS_SPLIT value 2 is not 0 or 1"), std::string::npos)
      << boolean;
  const std::string wide = KeyError(300, 1, 0);
  EXPECT_NE(wide.find("argument D_T encodes as 300, which does not fit its 8 bits"), std::string::npos)
      << wide;
  try {
    (void)golden::KeyOfTwo(10, 15);
    ADD_FAILURE() << "two values for four arguments were accepted";
  } catch (const aicore::KernelError& e) {
    EXPECT_NE(std::string(e.what()).find("2 values for the 4 arguments of ASCENDC_TPL_ARGS_DECL"),
              std::string::npos)
        << e.what();
  }
}

TEST(TplKey, RangesExpandInOrder) {
  const aicore::tpl::Param p{"N", ASCENDC_TPL_UINT, 8, {ASCENDC_TPL_UI_RANGE, 2, 0, 2, 10, 11}};
  ASSERT_EQ(p.n, 5u);
  const uint64_t want[] = {0, 1, 2, 10, 11};
  for (size_t i = 0; i < 5; ++i) EXPECT_EQ(p.vals[i], want[i]);
  const aicore::tpl::Param l{"N", ASCENDC_TPL_UINT, 8, {ASCENDC_TPL_UI_LIST, 10, 12, 13, 9, 8}};
  EXPECT_EQ(l.n, 5u);
  EXPECT_EQ(l.IndexOf(9), 3u);
}

TEST(TplKey, SelectionTableHasEverySelectedCombination) {
  constexpr aicore::tpl::Table t = aicore::tpl::BuildTable(g_tilingDeclareParams, g_tilingSelectParams);
  // First selection: 1 * 2 * 2, second: 1 * 2 (the range [1, 2]) * 1.
  static_assert(t.n == 6, "six combinations");
  std::vector<std::tuple<uint64_t, uint64_t, uint64_t>> got;
  for (size_t i = 0; i < t.n; ++i) {
    got.emplace_back(t.c[i].v[0], t.c[i].v[1], t.c[i].v[2]);
    EXPECT_EQ(t.c[i].key, aicore::tpl::EncodeKey(g_tilingDeclareParams, t.c[i].v, 3,
                                                 aicore::SrcLoc{"", 0}));
  }
  const std::vector<std::tuple<uint64_t, uint64_t, uint64_t>> want = {
      {1, 1, 0}, {1, 8, 0}, {1, 1, 1}, {1, 8, 1}, {2, 1, 1}, {2, 2, 1}};
  EXPECT_EQ(got, want);
}

// ---------------------------------------------------------------------------
// Dispatch.

TEST_F(TplTest, TheKeyPicksTheInstantiation) {
  const std::tuple<int, int, int> combos[] = {
      {kTplFp16, 1, 0}, {kTplFp16, 8, 0}, {kTplFp16, 1, 1}, {kTplFp16, 8, 1}, {kTplFp32, 1, 1},
      {kTplFp32, 2, 1}};
  for (const auto& [dt, tile, split] : combos) {
    Clear();
    const uint64_t key = GET_TPL_TILING_KEY(dt, tile, split);
    ICPU_SET_TILING_KEY(key);
    ICPU_RUN_KF(AICORE_TPL_KERNEL(scale_custom), 4, reinterpret_cast<uint8_t*>(x_),
                reinterpret_cast<uint8_t*>(y_), reinterpret_cast<uint8_t*>(args_));
    ExpectComputed(dt, tile, split);
    EXPECT_EQ(args_[3], key) << "TILING_KEY_VAR";
  }
}

TEST_F(TplTest, AnExplicitInstantiationRunsAsInTheVendorMode) {
  Clear();
  ICPU_SET_TILING_KEY(GET_TPL_TILING_KEY(kTplFp32, 2, 1));
  ICPU_RUN_KF((scale_custom<kTplFp32, 2, true>), 2, reinterpret_cast<uint8_t*>(x_),
              reinterpret_cast<uint8_t*>(y_), reinterpret_cast<uint8_t*>(args_));
  ExpectComputed(kTplFp32, 2, 1);
}

TEST_F(TplTest, AKeyNoSelectionHasIsReportedAndNothingRuns) {
  Clear();
  // TILE_NUM 4 is declared but not selected.
  const uint64_t key = GET_TPL_TILING_KEY(kTplFp16, 4, 0);
  ICPU_SET_TILING_KEY(key);
  aicore::ErrorRecorder rec;
  ICPU_RUN_KF(AICORE_TPL_KERNEL(scale_custom), 4, reinterpret_cast<uint8_t*>(x_),
              reinterpret_cast<uint8_t*>(y_), reinterpret_cast<uint8_t*>(args_));
  ASSERT_EQ(rec.size(), 1u) << rec.str();
  const std::string m = rec.reports()[0].what();
  EXPECT_NE(m.find("ICPU_RUN_KF"), std::string::npos) << m;
  EXPECT_NE(m.find("test_tiling_templates.cpp"), std::string::npos) << m;
  EXPECT_NE(m.find("tiling key " + std::to_string(key) +
                   " names no instantiation of the kernel template scale_custom: ASCENDC_TPL_SEL "
                   "selects the keys 1, 769, 4097, 4865, 4098, 4354"),
            std::string::npos)
      << m;
  for (uint32_t i = 0; i < kLen; ++i) ASSERT_EQ(y_[i], 0.0f) << "the kernel ran";
}

TEST_F(TplTest, AnUnknownKeyEndsTheProcessWithoutASink) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        ICPU_SET_TILING_KEY(99999);
        ICPU_RUN_KF(AICORE_TPL_KERNEL(scale_custom), 1, reinterpret_cast<uint8_t*>(x_),
                    reinterpret_cast<uint8_t*>(y_), reinterpret_cast<uint8_t*>(args_));
      },
      ::testing::ExitedWithCode(1), "tiling key 99999 names no instantiation");
}

// ---------------------------------------------------------------------------
// `typename` template parameters: ASCENDC_TPL_DATATYPE_DECL with native data
// types (C_DT_*) selects the C++ type, as in the vendor's add_custom_template
// example (`template <typename D_T_X, ..., int TILE_NUM, int IS_SPLIT>`).

namespace typed {
ASCENDC_TPL_ARGS_DECL(AddCustomTemplate,
                      ASCENDC_TPL_DATATYPE_DECL(D_T_X, C_DT_FLOAT16, C_DT_FLOAT, ASCENDC_TPL_INPUT(0)),
                      ASCENDC_TPL_DATATYPE_DECL(D_T_Y, C_DT_FLOAT16, C_DT_FLOAT),
                      ASCENDC_TPL_UINT_DECL(TILE_NUM, ASCENDC_TPL_8_BW, ASCENDC_TPL_UI_LIST, 1, 4),
                      ASCENDC_TPL_BOOL_DECL(IS_SPLIT, 0, 1), );
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_DATATYPE_SEL(D_T_X, C_DT_FLOAT16),
                                     ASCENDC_TPL_DATATYPE_SEL(D_T_Y, C_DT_FLOAT16),
                                     ASCENDC_TPL_UINT_SEL(TILE_NUM, ASCENDC_TPL_UI_LIST, 1, 4),
                                     ASCENDC_TPL_BOOL_SEL(IS_SPLIT, 0, 1)),
                ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_DATATYPE_SEL(D_T_X, C_DT_FLOAT),
                                     ASCENDC_TPL_DATATYPE_SEL(D_T_Y, C_DT_FLOAT16, C_DT_FLOAT),
                                     ASCENDC_TPL_UINT_SEL(TILE_NUM, ASCENDC_TPL_UI_LIST, 4),
                                     ASCENDC_TPL_BOOL_SEL(IS_SPLIT, 1)), );

// z[i] = x[i] * TILE_NUM + y[i] (+ 0.5 when IS_SPLIT), x of D_T_X, y of
// D_T_Y, z float; tag = sizeof(D_T_X) * 10 + sizeof(D_T_Y).
template <typename D_T_X, typename D_T_Y, int TILE_NUM, int IS_SPLIT>
__global__ __aicore__ void add_custom_template(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tag) {
  GlobalTensor<D_T_X> xGm;
  GlobalTensor<D_T_Y> yGm;
  GlobalTensor<float> zGm;
  GlobalTensor<uint32_t> tagGm;
  xGm.SetGlobalBuffer(reinterpret_cast<__gm__ D_T_X*>(x), kLen);
  yGm.SetGlobalBuffer(reinterpret_cast<__gm__ D_T_Y*>(y), kLen);
  zGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z), kLen);
  tagGm.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(tag), 1);
  for (uint32_t i = 0; i < kLen; ++i) {
    zGm.SetValue(i, static_cast<float>(xGm.GetValue(i)) * TILE_NUM + static_cast<float>(yGm.GetValue(i)) +
                        (IS_SPLIT ? 0.5f : 0.0f));
  }
  tagGm.SetValue(0, static_cast<uint32_t>(sizeof(D_T_X) * 10 + sizeof(D_T_Y)));
}

// ASCENDC_TPL_* names are per scope: the launch sits with the declaration.
void Run(uint64_t key, uint8_t* x, uint8_t* y, uint8_t* z, uint8_t* tag) {
  ICPU_SET_TILING_KEY(key);
  ICPU_RUN_KF(AICORE_TPL_KERNEL(add_custom_template), 1, x, y, z, tag);
}
uint64_t Key(uint64_t dx, uint64_t dy, uint64_t tile, uint64_t split) {
  return GET_TPL_TILING_KEY(dx, dy, tile, split);
}
}  // namespace typed

// Type parameters after the values.
namespace trailing {
ASCENDC_TPL_ARGS_DECL(Trailing, ASCENDC_TPL_UINT_DECL(MODE, ASCENDC_TPL_2_BW, ASCENDC_TPL_UI_LIST, 0, 1),
                      ASCENDC_TPL_DATATYPE_DECL(D_T, C_DT_FLOAT, C_DT_BF16, C_DT_INT16), );
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_UINT_SEL(MODE, ASCENDC_TPL_UI_LIST, 0, 1),
                                     ASCENDC_TPL_DATATYPE_SEL(D_T, C_DT_FLOAT, C_DT_BF16, C_DT_INT16)), );
template <uint32_t MODE, typename T>
__global__ __aicore__ void trailing_kernel(GM_ADDR tag) {
  *reinterpret_cast<__gm__ uint32_t*>(tag) = MODE * 100 + static_cast<uint32_t>(sizeof(T)) +
                                             (std::is_same_v<T, bfloat16_t> ? 10 : 0) +
                                             (std::is_same_v<T, int16_t> ? 20 : 0);
}
void Run(uint64_t key, uint8_t* tag) {
  ICPU_SET_TILING_KEY(key);
  ICPU_RUN_KF(AICORE_TPL_KERNEL(trailing_kernel), 1, tag);
}
uint64_t Key(uint64_t mode, uint64_t dt) { return GET_TPL_TILING_KEY(mode, dt); }
}  // namespace trailing

TEST_F(TplTest, TypenameParametersTakeTheDataTypesType) {
  auto* hx = static_cast<half*>(GmAlloc(kLen * sizeof(half)));
  auto* hy = static_cast<half*>(GmAlloc(kLen * sizeof(half)));
  auto* fx = static_cast<float*>(GmAlloc(kLen * sizeof(float)));
  auto* fy = static_cast<float*>(GmAlloc(kLen * sizeof(float)));
  auto* z = static_cast<float*>(GmAlloc(kLen * sizeof(float)));
  auto* tag = static_cast<uint32_t*>(GmAlloc(sizeof(uint32_t)));
  for (uint32_t i = 0; i < kLen; ++i) {
    hx[i] = static_cast<half>(static_cast<float>(i) * 0.25f);
    hy[i] = static_cast<half>(static_cast<float>(i) - 3.0f);
    fx[i] = static_cast<float>(i) * 0.125f + 0.1f;
    fy[i] = static_cast<float>(i) * -2.0f;
  }
  auto u8 = [](void* p) { return static_cast<uint8_t*>(p); };
  struct Case {
    uint64_t dx, dy, tile, split;
  };
  const Case cases[] = {{C_DT_FLOAT16, C_DT_FLOAT16, 1, 0}, {C_DT_FLOAT16, C_DT_FLOAT16, 4, 1},
                        {C_DT_FLOAT, C_DT_FLOAT16, 4, 1},   {C_DT_FLOAT, C_DT_FLOAT, 4, 1}};
  for (const Case& c : cases) {
    const bool xh = c.dx == C_DT_FLOAT16, yh = c.dy == C_DT_FLOAT16;
    typed::Run(typed::Key(c.dx, c.dy, c.tile, c.split), xh ? u8(hx) : u8(fx), yh ? u8(hy) : u8(fy),
               u8(z), u8(tag));
    EXPECT_EQ(*tag, (xh ? 20u : 40u) + (yh ? 2u : 4u));
    for (uint32_t i = 0; i < kLen; ++i) {
      const float xv = xh ? static_cast<float>(hx[i]) : fx[i];
      const float yv = yh ? static_cast<float>(hy[i]) : fy[i];
      ASSERT_EQ(z[i], xv * c.tile + yv + (c.split ? 0.5f : 0.0f)) << i;
    }
  }
  // An unselected combination is reported as before.
  aicore::ErrorRecorder rec;
  typed::Run(typed::Key(C_DT_FLOAT, C_DT_FLOAT, 1, 0), u8(fx), u8(fy), u8(z), u8(tag));
  ASSERT_EQ(rec.size(), 1u) << rec.str();
  EXPECT_NE(std::string(rec.reports()[0].what()).find("names no instantiation of the kernel template "
                                                      "add_custom_template"),
            std::string::npos)
      << rec.reports()[0].what();
  for (void* p : {static_cast<void*>(hx), static_cast<void*>(hy), static_cast<void*>(fx),
                  static_cast<void*>(fy), static_cast<void*>(z), static_cast<void*>(tag)}) {
    GmFree(p);
  }
}

TEST_F(TplTest, TypenameParametersAfterTheValues) {
  auto* tag = static_cast<uint32_t*>(GmAlloc(sizeof(uint32_t)));
  trailing::Run(trailing::Key(1, C_DT_BF16), reinterpret_cast<uint8_t*>(tag));
  EXPECT_EQ(*tag, 112u);
  trailing::Run(trailing::Key(0, C_DT_FLOAT), reinterpret_cast<uint8_t*>(tag));
  EXPECT_EQ(*tag, 4u);
  trailing::Run(trailing::Key(1, C_DT_INT16), reinterpret_cast<uint8_t*>(tag));
  EXPECT_EQ(*tag, 122u);
  GmFree(tag);
}

TEST(TplKey, NativeDataTypesAreGeDataTypeValues) {
  static_assert(C_DT_FLOAT == 0 && C_DT_FLOAT16 == 1 && C_DT_INT8 == 2 && C_DT_INT32 == 3 &&
                C_DT_UINT8 == 4 && C_DT_INT16 == 6 && C_DT_BF16 == 27);
  static_assert(std::is_same_v<aicore::tpl::DataTypeOf<C_DT_FLOAT16>::type, half>);
  static_assert(std::is_same_v<aicore::tpl::DataTypeOf<C_DT_BF16>::type, bfloat16_t>);
  static_assert(std::is_same_v<aicore::tpl::DataTypeOf<C_DT_INT4>::type, int4b_t>);
  // A DATATYPE key is the data type's value in 8 bits.
  EXPECT_EQ(typed::Key(C_DT_FLOAT, C_DT_FLOAT16, 4, 1), 0u | (1u << 8) | (1u << 16) | (1u << 24));
}

// ---------------------------------------------------------------------------
// TILING_KEY_VAR, REGISTER_TILING_FOR_TILINGKEY, KERNEL_TASK_TYPE.

struct TilingA {
  uint32_t scale;
};
struct TilingB {
  uint32_t scale;
  uint32_t bias;
};

__global__ __aicore__ void keyed_kernel(GM_ADDR out, GM_ADDR tiling) {
  REGISTER_TILING_DEFAULT(TilingA);
  // Real kernels also test TILING_KEY_VAR in #if: the identifier reads as 0 there.
#if defined(TILING_KEY_VAR) && (TILING_KEY_VAR != 0)
#error "TILING_KEY_VAR must read as 0 in #if, as the vendor's g_tilingKey does"
#endif
  REGISTER_TILING_FOR_TILINGKEY("TILING_KEY_VAR == 1", TilingA);
  REGISTER_TILING_FOR_TILINGKEY("(TILING_KEY_VAR >= 10) && (TILING_KEY_VAR <= 15)", TilingB);
  KERNEL_TASK_TYPE(1, KERNEL_TYPE_AIV_ONLY);
  KERNEL_TASK_TYPE(11, KERNEL_TYPE_MIX_AIC_1_2);
  GlobalTensor<uint32_t> o;
  o.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(out), 2);
  if (TILING_KEY_IS(1)) {
    GET_TILING_DATA_WITH_STRUCT(TilingA, t, tiling);
    o.SetValue(0, t.scale);
  } else if (TILING_KEY_VAR >= 10 && TILING_KEY_VAR <= 15) {
    GET_TILING_DATA_WITH_STRUCT(TilingB, t, tiling);
    o.SetValue(0, t.scale * static_cast<uint32_t>(TILING_KEY_VAR) + t.bias);
  }
}

TEST_F(TplTest, TilingStructsPerKey) {
  auto* out = static_cast<uint32_t*>(GmAlloc(2 * sizeof(uint32_t)));
  auto* tiling = static_cast<uint8_t*>(GmAlloc(sizeof(TilingB)));
  const TilingB tb{3, 5};
  std::memcpy(tiling, &tb, sizeof(tb));
  ICPU_SET_TILING_KEY(1);
  ICPU_RUN_KF(keyed_kernel, 1, reinterpret_cast<uint8_t*>(out), tiling);
  EXPECT_EQ(out[0], 3u);
  ICPU_SET_TILING_KEY(12);
  ICPU_RUN_KF(keyed_kernel, 1, reinterpret_cast<uint8_t*>(out), tiling);
  EXPECT_EQ(out[0], 3u * 12 + 5);
  GmFree(out);
  GmFree(tiling);
}

__global__ __aicore__ void aiv_only_kernel() { KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY); }

// The error (or "" for none) of a launch on one cube block with a tiling key.
template <class K, class... A>
std::string OnCube(uint64_t key, K kernel, A... args) {
  aicore::detail::LaunchConfig cfg;
  cfg.geom = aicore::detail::Geometry::kAIC;
  cfg.tiling_key = key;
  try {
    aicore::detail::LaunchWith(cfg, aicore::SrcLoc{__FILE__, __LINE__}, "k", kernel, 1, args...);
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

TEST_F(TplTest, KernelTaskTypeAppliesToItsKeyOnly) {
  auto* out = static_cast<uint32_t*>(GmAlloc(2 * sizeof(uint32_t)));
  auto* tiling = static_cast<uint8_t*>(GmAlloc(sizeof(TilingB)));
  const TilingB tb{3, 5};
  std::memcpy(tiling, &tb, sizeof(tb));
  auto* o = reinterpret_cast<uint8_t*>(out);
  // Key 1 declares AIV_ONLY: on a cube block it does what KERNEL_TASK_TYPE_DEFAULT
  // (KERNEL_TYPE_AIV_ONLY) does there. Key 11 declares MIX_AIC_1_2 and key 12
  // declares nothing: neither has anything to report on a cube block.
  const std::string as_default = OnCube(1, aiv_only_kernel);
  const std::string key1 = OnCube(1, keyed_kernel, o, tiling);
  EXPECT_EQ(as_default.empty(), key1.empty()) << as_default << " | " << key1;
  if (!key1.empty()) {
    EXPECT_NE(key1.find("KERNEL_TASK_TYPE_DEFAULT"), std::string::npos) << key1;
    EXPECT_NE(key1.find("test_tiling_templates.cpp"), std::string::npos) << key1;
  }
  EXPECT_EQ(OnCube(11, keyed_kernel, o, tiling), "");
  EXPECT_EQ(out[0], 3u * 11 + 5);
  EXPECT_EQ(OnCube(12, keyed_kernel, o, tiling), "");
  EXPECT_EQ(out[0], 3u * 12 + 5);
  GmFree(out);
  GmFree(tiling);
}

}  // namespace
