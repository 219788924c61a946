// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The basics real kernels use besides the instructions (issue 16): the vendor
// header names, AscendC::Std and the kernel_utils helpers, qualifiers and
// type aliases, the preprocessor environment, PRINTF as a function,
// K_MAX_SHAPE_DIM as an overridable macro, REGISTER_TILING_DATA_CLASS without
// a `;`, ListTensorDesc on a GM tensor list, op::fp16_t and securec.

// As kernels that shrink ShapeInfo do, before any vendor header.
#define K_MAX_SHAPE_DIM 0

#include "kernel_operator.h"
#include "kernel_operator_intf.h"
#include "kernel_basic_intf.h"
#include "kernel_tensor.h"
#include "kernel_operator_list_tensor_intf.h"
#include "stub_def.h"
#include "stub_fun.h"
#include "cpu_debug_launch.h"
#include "tikicpulib.h"
#include "opdev/fp16_t.h"
#include "securec.h"
#include "register/tilingdata_base.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "diagnostics/test_support.h"

using namespace AscendC;
using aicore_test::Captured;

namespace {

template <class F>
std::optional<aicore::KernelError> Failing(F&& launch) {
  try {
    launch();
  } catch (const aicore::KernelError& e) {
    return e;
  }
  return std::nullopt;
}

}  // namespace

// ---------------------------------------------------------------------------
// Preprocessor environment of a 910B vector compilation.

static_assert(__CCE_AICORE__ == 220, "__CCE_AICORE__ of the default (Ascend910B) profile");
static_assert(__NPU_ARCH__ == 2201, "__NPU_ARCH__ of Ascend910B");
static_assert(ASCENDC_CPU_DEBUG == 1, "ASCENDC_CPU_DEBUG is 1 in the CPU debug mode");
#if !defined(__DAV_C220_VEC__) || defined(__DAV_C220_CUBE__) || !defined(__CCE_KT_TEST__)
#error "a vector compilation defines __DAV_C220_VEC__ and __CCE_KT_TEST__, never __DAV_C220_CUBE__"
#endif


// Names that compile and do nothing on the CPU, each as the reference
// describes it on the 910B generation: the SuperKernel task syncs (no effect
// there), DataSyncBarrier<MemDsbT> (every access has completed), the mix
// kernels' __kfc_workspace__ parameter qualifier; and Coord / MakeCoord.
extern "C" __global__ __aicore__ void kfc_params(GM_ADDR x, __kfc_workspace__ GM_ADDR workspace) {
  (void)x, (void)workspace;
  AscendC::WaitPreTaskEnd();
  AscendC::DataSyncBarrier<AscendC::MemDsbT::DDR>();
  AscendC::DataSyncBarrier<AscendC::MemDsbT::ALL>();
  AscendC::SetNextTaskStart();
  AscendC::SetNextTaskStart<PIPE_MTE3, PIPE_FIX, true>();
}
TEST(Basics, NoOpSyncsAndCoordinates) {
  uint8_t* x = static_cast<uint8_t*>(AscendC::GmAlloc(32));
  ICPU_RUN_KF(kfc_params, 2, x, x);
  AscendC::GmFree(x);
  constexpr AscendC::Coord<int64_t, int64_t> c = AscendC::MakeCoord(int64_t{3}, int64_t{4});
  static_assert(AscendC::Std::get<1>(c) == 4, "MakeCoord keeps its values in order");
  EXPECT_EQ(AscendC::Std::get<0>(c), 3);
}

// Layout(coord): the inner product of coordinate and stride (the offsets
// the vendor's matmul_l2cache sample computes), nested modes recursively;
// Rank and Size.
TEST(Basics, LayoutMapsCoordinatesToOffsets) {
  const auto a = AscendC::MakeLayout(AscendC::MakeShape(int64_t{96}, int64_t{64}),
                                     AscendC::MakeStride(int64_t{64}, int64_t{1}));
  EXPECT_EQ(a(AscendC::MakeCoord(int64_t{5}, int64_t{7})), 5 * 64 + 7);
  EXPECT_EQ(a(AscendC::MakeCoord(0, 0)), 0);
  EXPECT_EQ(a.Rank(), 2u);
  EXPECT_EQ(a.Size(), 96 * 64);
  // A column-major view, and a nested (hierarchical) mode.
  constexpr auto b = AscendC::MakeLayout(AscendC::MakeShape(4, 3), AscendC::MakeStride(1, 4));
  static_assert(b(AscendC::MakeCoord(2, 1)) == 6, "column-major offset");
  const auto n = AscendC::MakeLayout(AscendC::MakeShape(AscendC::MakeShape(2, 8), 16),
                                     AscendC::MakeStride(AscendC::MakeStride(128, 16), 1));
  EXPECT_EQ(n(AscendC::MakeCoord(AscendC::MakeCoord(1, 3), 5)), 128 + 3 * 16 + 5);
  EXPECT_EQ(n.Size(), 2 * 8 * 16);
}

// AscendCUtils::SetOverflow(1) selects the INF/NaN mode aicore computes (a
// half overflow stays INF); 0, the saturating mode, is not modelled: an error.
void set_overflow_kernel(GM_ADDR out, uint64_t mode) {
  AscendC::AscendCUtils::SetOverflow(mode);
  TPipe pipe;
  TBuf<> buf;
  pipe.InitBuffer(buf, 256);
  LocalTensor<half> t = buf.Get<half>(128);
  Duplicate(t, half(60000.0f), 128);
  Add(t, t, t, 128);
  *reinterpret_cast<half*>(out) = t.GetValue(0);
}

TEST(Basics, SetOverflowAcceptsTheInfNanModeOnly) {
  half out(0.0f);
  aicore::Launch(set_overflow_kernel, 1, reinterpret_cast<GM_ADDR>(&out), uint64_t{1});
  EXPECT_TRUE(std::isinf(static_cast<float>(out)));
  auto e = Failing([&] { aicore::Launch(set_overflow_kernel, 1, reinterpret_cast<GM_ADDR>(&out), uint64_t{0}); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kParameter);
  EXPECT_EQ(e->api(), "AscendCUtils::SetOverflow");
  EXPECT_NE(std::string(e->what()).find("ctrlValue 0 selects the saturating mode"), std::string::npos) << e->what();
  EXPECT_NE(std::string(e->what()).find("test_basics.cpp"), std::string::npos) << e->what();
}

// The operator forms (dst = a + b, ...) against the instructions they stand
// for, on random data: bit-equal results.
constexpr uint32_t kOpN = 200;  // not a multiple of a repeat: a tail

template <typename T>
void RandomFill(const LocalTensor<T>& t, uint32_t seed, bool positive) {
  uint32_t x = seed;
  for (uint32_t i = 0; i < t.GetSize(); ++i) {
    x = x * 1664525u + 1013904223u;
    if constexpr (std::is_floating_point_v<T> || std::is_same_v<T, half>) {
      const float v = static_cast<float>((x >> 8) % 2000) / 100.0f - (positive ? -0.5f : 10.0f);
      t.SetValue(i, static_cast<T>(v));
    } else {
      t.SetValue(i, static_cast<T>(x >> 3));
    }
  }
}

template <typename T>
void operator_kernel(GM_ADDR out) {
  TPipe pipe;
  TBuf<> buf;
  constexpr uint32_t kSlot = 256;  // elements between the tensors (32-byte aligned starts)
  pipe.InitBuffer(buf, 8 * kSlot * sizeof(T) + 2 * 64);
  LocalTensor<T> a = buf.Get<T>(kOpN), b = buf.Get<T>()[kSlot], x = buf.Get<T>()[2 * kSlot],
                 y = buf.Get<T>()[3 * kSlot];
  a.SetSize(kOpN);
  b.SetSize(kOpN);
  x.SetSize(kOpN);
  y.SetSize(kOpN);
  RandomFill(a, 7, false);
  RandomFill(b, 11, true);
  auto* o = reinterpret_cast<int32_t*>(out);
  auto same = [&](const LocalTensor<T>& p, const LocalTensor<T>& q) {
    return std::memcmp(p.GetPhyAddr(), q.GetPhyAddr(), kOpN * sizeof(T)) == 0;
  };
  int k = 0;
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, half>) {
    x = a + b;
    Add(y, a, b, kOpN);
    o[k++] = same(x, y);
    x = a - b;
    Sub(y, a, b, kOpN);
    o[k++] = same(x, y);
    x = a * b;
    Mul(y, a, b, kOpN);
    o[k++] = same(x, y);
    x = a / b;
    Div(y, a, b, kOpN);
    o[k++] = same(x, y);
    // Compare: one bit per element of the first operand (128 here: the
    // count form takes whole 256-byte repeats) into a uint8_t tensor.
    constexpr uint32_t kCmpN = 128;
    LocalTensor<T> ca = a, cb = b;
    ca.SetSize(kCmpN);
    cb.SetSize(kCmpN);
    LocalTensor<uint8_t> m = buf.Get<uint8_t>()[8 * kSlot * sizeof(T)], r = m[64];
    m.SetSize(kCmpN / 8);
    r.SetSize(kCmpN / 8);
    const CMPMODE modes[] = {CMPMODE::LT, CMPMODE::GT, CMPMODE::LE, CMPMODE::GE, CMPMODE::EQ, CMPMODE::NE};
    b.SetValue(3, a.GetValue(3));  // an equal pair
    for (CMPMODE mode : modes) {
      switch (mode) {
        case CMPMODE::LT: m = ca < cb; break;
        case CMPMODE::GT: m = ca > cb; break;
        case CMPMODE::LE: m = ca <= cb; break;
        case CMPMODE::GE: m = ca >= cb; break;
        case CMPMODE::EQ: m = ca == cb; break;
        case CMPMODE::NE: m = ca != cb; break;
      }
      Compare(r, ca, cb, mode, kCmpN);
      o[k++] = std::memcmp(m.GetPhyAddr(), r.GetPhyAddr(), kCmpN / 8) == 0;
    }
    o[k++] = (m.GetValue(0) >> 3 & 1) == 0;  // a[3] != b[3] is false
  } else {
    x = a & b;
    if constexpr (sizeof(T) == 4) {
      And(y.template ReinterpretCast<uint16_t>(), a.template ReinterpretCast<uint16_t>(),
          b.template ReinterpretCast<uint16_t>(), 2 * kOpN);
    } else {
      And(y, a, b, kOpN);
    }
    o[k++] = same(x, y);
    for (uint32_t i = 0; i < kOpN; ++i) o[63] |= x.GetValue(i) != static_cast<T>(a.GetValue(i) & b.GetValue(i));
    x = a | b;
    for (uint32_t i = 0; i < kOpN; ++i) o[62] |= x.GetValue(i) != static_cast<T>(a.GetValue(i) | b.GetValue(i));
    o[k++] = 1;
  }
  o[60] = k;
}

template <typename T>
void CheckOperators(const char* name) {
  SCOPED_TRACE(name);
  auto* out = static_cast<int32_t*>(AscendC::GmAlloc(64 * sizeof(int32_t)));
  std::memset(out, 0, 64 * sizeof(int32_t));
  ICPU_RUN_KF(operator_kernel<T>, 1, reinterpret_cast<GM_ADDR>(out));
  ASSERT_GT(out[60], 0);
  for (int i = 0; i < out[60]; ++i) EXPECT_EQ(out[i], 1) << "check " << i;
  EXPECT_EQ(out[62], 0) << "Or";
  EXPECT_EQ(out[63], 0) << "And";
  AscendC::GmFree(out);
}

TEST(Operators, MatchTheInstructions) {
  CheckOperators<float>("float");
  CheckOperators<half>("half");
  CheckOperators<int16_t>("int16_t");
  CheckOperators<uint16_t>("uint16_t");
  CheckOperators<int32_t>("int32_t");
  CheckOperators<uint32_t>("uint32_t");
}

// An operator's errors are the instruction's, at the expression's line.
int g_operator_line = 0;
void operator_too_long(GM_ADDR) {
  TPipe pipe;
  TBuf<> buf;
  pipe.InitBuffer(buf, 3 * 256);
  LocalTensor<float> a = buf.Get<float>(64), b = buf.Get<float>()[64], c = buf.Get<float>();
  b.SetSize(64);
  Duplicate(a, 1.0f, 64);
  Duplicate(b, 2.0f, 64);
  // c holds all 192 elements: Add over 192 reads past the end of b's buffer.
  g_operator_line = __LINE__; c = a + b;  // NOLINT(whitespace/newline)
}

TEST(Operators, ErrorsNameTheInstructionAndTheExpression) {
  auto e = Failing([] { aicore::Launch(operator_too_long, 1, static_cast<GM_ADDR>(nullptr)); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->api(), "Add");
  EXPECT_EQ(e->line(), g_operator_line) << e->what();
  EXPECT_NE(e->file().find("test_basics.cpp"), std::string::npos) << e->what();
}

TEST(Environment, KernelsBranchOnTheArchitecture) {
  int path = 0;
#if defined(__DAV_C220_CUBE__)
  path = 1;
#elif defined(__DAV_C220_VEC__) && __CCE_AICORE__ == 220
  path = 2;
#endif
  EXPECT_EQ(path, 2);
}

// ---------------------------------------------------------------------------
// Qualifiers, builtin type aliases, likely/unlikely.

__aicore__ __forceinline__ uint32_t ForcedTwice(uint32_t x) { return 2 * x; }
__host_aicore__ inline uint32_t HostAicoreThrice(uint32_t x) { return 3 * x; }
__host__ __aicore__ inline uint32_t HostAndAicore(uint32_t x) { return x + 1; }

static_assert(std::is_same_v<float16_t, half>);
static_assert(std::is_same_v<float32_t, float>);
static_assert(static_cast<int>((pad_t)0) == PAD_NONE);
static_assert(QuantMode_t::NoQuant == 0 && QuantMode_t::VREQ8 == 8);
static_assert(DEFAULT_DATA_COPY_NBURST == 1 && DEFAULT_DATA_COPY_STRIDE == 0);

TEST(Qualifiers, CompileAndCall) {
  EXPECT_EQ(ForcedTwice(21), 42u);
  EXPECT_EQ(HostAicoreThrice(5), 15u);
  EXPECT_EQ(HostAndAicore(5), 6u);
  int taken = 0;
  for (int i = 0; i < 10; ++i) {
    if (likely(i < 7)) ++taken;
    if (unlikely(i == 9)) taken += 100;
  }
  EXPECT_EQ(taken, 107);
  float16_t h = static_cast<float16_t>(1.5f);
  float32_t f = h;
  EXPECT_EQ(f, 1.5f);
}

// ---------------------------------------------------------------------------
// APIs taken by address with the vendor's function types, as ops-nn's foreach
// kernels pass them as template arguments.

template <typename T>
using UnaryCountFn = void(const LocalTensor<T>&, const LocalTensor<T>&, const int32_t&);
template <typename T>
using BinaryCountFn = void(const LocalTensor<T>&, const LocalTensor<T>&, const LocalTensor<T>&,
                           const int32_t&);
template <typename T>
using BinaryLevel0Fn = void(const LocalTensor<T>&, const LocalTensor<T>&, const LocalTensor<T>&,
                            uint64_t, const uint8_t, const BinaryRepeatParams&);
template <typename T>
using UnaryBitsLevel0Fn = void(const LocalTensor<T>&, const LocalTensor<T>&, uint64_t[],
                               const uint8_t, const UnaryRepeatParams&);
template <typename T>
using CalCountFn = void(const LocalTensor<T>&, const LocalTensor<T>&, const uint32_t);
template <typename T>
using CalCountTmpFn = void(const LocalTensor<T>&, const LocalTensor<T>&, const LocalTensor<uint8_t>&,
                           const uint32_t);

// Applies each op through its address to x (and y), next to the direct call.
template <typename T, UnaryCountFn<T>* unary, BinaryCountFn<T>* binary, BinaryLevel0Fn<T>* level0,
          UnaryBitsLevel0Fn<T>* bits, CalCountFn<T>* math, CalCountTmpFn<T>* mathTmp>
struct ThroughAddress {
  static constexpr int32_t kN = 256;  // covers two repeats of float and of half
  static void Run(float* out) {
    TPipe pipe;
    TBuf<> buf, tmpBuf;
    pipe.InitBuffer(buf, 4 * kN * sizeof(T));
    pipe.InitBuffer(tmpBuf, 8192);
    LocalTensor<T> x = buf.Get<T>(), y = x[kN], a = x[2 * kN], b = x[3 * kN];
    LocalTensor<uint8_t> tmp = tmpBuf.Get<uint8_t>();
    for (int32_t i = 0; i < kN; ++i) {
      x.SetValue(i, static_cast<T>(0.007f * static_cast<float>(i - 128)));  // in Acos's domain
      y.SetValue(i, static_cast<T>(0.5f + 0.003f * static_cast<float>(i)));
    }
    int k = 0;
    const auto keep = [&](const LocalTensor<T>& v) {
      for (int32_t i = 0; i < kN; ++i) out[k * kN + i] = static_cast<float>(v.GetValue(i));
      ++k;
    };
    unary(a, x, kN), keep(a);
    binary(a, x, y, kN), keep(a);
    level0(a, x, y, 64, 2, BinaryRepeatParams{}), keep(a);
    uint64_t mask[2] = {0x5555555555555555ull, 0};
    Duplicate(a, static_cast<T>(7.0f), kN);
    bits(a, x, mask, 2, UnaryRepeatParams{}), keep(a);
    math(a, x, kN), keep(a);
    mathTmp(a, x, tmp, kN), keep(a);
    // The same calls made directly.
    Exp(b, x, kN), keep(b);
    Add(b, x, y, kN), keep(b);
    Sub(b, x, y, 64, 2, BinaryRepeatParams{}), keep(b);
    Duplicate(b, static_cast<T>(7.0f), kN);
    Abs(b, x, mask, 2, UnaryRepeatParams{}), keep(b);
    Acos(b, x, kN), keep(b);
    Atan(b, x, tmp, kN), keep(b);
  }
};

TEST(Address, ApisConvertToTheVendorsFunctionTypes) {
  constexpr int32_t kN = 256;
  std::vector<float> out(12 * kN, -1.0f);
  aicore::Launch(
      [&] { ThroughAddress<float, Exp<float>, Add<float>, Sub<float>, Abs<float>, Acos<float>, Atan<float>>::Run(out.data()); },
      1);
  for (int f = 0; f < 6; ++f) {
    for (int32_t i = 0; i < kN; ++i) {
      EXPECT_EQ(out[f * kN + i], out[(6 + f) * kN + i]) << "form " << f << " element " << i;
    }
  }
  // The results are the ops' (not an untouched buffer).
  EXPECT_EQ(out[kN + 3], 0.007f * -125.0f + (0.5f + 0.003f * 3.0f));
  EXPECT_EQ(out[3 * kN + 1], 7.0f);  // masked off
  EXPECT_EQ(out[3 * kN + 0], 0.007f * 128.0f);
  // half through the same templates.
  std::vector<float> outh(12 * kN, -1.0f);
  aicore::Launch(
      [&] { ThroughAddress<half, Exp<half>, Add<half>, Sub<half>, Abs<half>, Acos<half>, Atan<half>>::Run(outh.data()); },
      1);
  for (int f = 0; f < 6; ++f) {
    for (int32_t i = 0; i < kN; ++i) EXPECT_EQ(outh[f * kN + i], outh[(6 + f) * kN + i]) << f << " " << i;
  }
}

TEST(Address, AnErrorThroughTheAddressNamesTheApi) {
  BinaryCountFn<float>* add = Add<float>;
  auto err = Failing([&] {
    aicore::Launch(
        [&] {
          TPipe pipe;
          TBuf<> buf;
          pipe.InitBuffer(buf, 3 * 64 * sizeof(float));
          LocalTensor<float> t = buf.Get<float>();
          add(t, t[64], t[128], 65);  // one element past src1's buffer
        },
        1);
  });
  ASSERT_TRUE(err.has_value());
  const std::string what = err->what();
  EXPECT_NE(what.find("error in Add (called through the API's address)"), std::string::npos) << what;
  // A direct call still names its call site.
  const int line = __LINE__ + 8;
  err = Failing([&] {
    aicore::Launch(
        [&] {
          TPipe pipe;
          TBuf<> buf;
          pipe.InitBuffer(buf, 3 * 64 * sizeof(float));
          LocalTensor<float> t = buf.Get<float>();
          Add(t, t[64], t[128], 65);
        },
        1);
  });
  ASSERT_TRUE(err.has_value());
  EXPECT_NE(std::string(err->what()).find("test_basics.cpp:" + std::to_string(line)), std::string::npos)
      << err->what();
}

// bool tensors move GM <-> UB like any 1-byte type (ops-nn's foreach_copy).
TEST(DataCopy, BoolTensors) {
  std::vector<uint8_t> in(64), out(64, 7);
  for (size_t i = 0; i < in.size(); ++i) in[i] = (i % 3) == 0;
  aicore::Launch(
      [&] {
        TPipe pipe;
        TBuf<> buf;
        pipe.InitBuffer(buf, 64);
        LocalTensor<bool> t = buf.Get<bool>();
        GlobalTensor<bool> src, dst;
        src.SetGlobalBuffer(reinterpret_cast<__gm__ bool*>(in.data()), 64);
        dst.SetGlobalBuffer(reinterpret_cast<__gm__ bool*>(out.data()), 64);
        DataCopy(t, src, 64);
        PipeBarrier<PIPE_ALL>();
        DataCopy(dst, t, 64);
      },
      1);
  EXPECT_EQ(out, in);
}

// GetReduceRepeatSumSpr and its former name GetAccVal read the sum the count
// form of ReduceSum left; a repeat form leaves it unchanged.
// PRELOAD and ENABLE_DETERMINISTIC compile to nothing, in statement
// positions as kernels write them.
TEST(Macros, PreloadAndEnableDeterministicAreEmpty) {
  int n = 0;
  PRELOAD(2);
  if (n == 0) PRELOAD(2);
  ENABLE_DETERMINISTIC();
  if (n == 0) ENABLE_DETERMINISTIC();
  EXPECT_EQ(n, 0);
}

TEST(ReduceSum, GetReduceRepeatSumSprReadsTheLastCountFormSum) {
  float got = 0, got_acc = 0, after_repeat = 0;
  int64_t raw = 0;
  aicore::Launch(
      [&] {
        TPipe pipe;
        TBuf<> buf;
        pipe.InitBuffer(buf, 3 * 512);
        LocalTensor<float> src = buf.Get<float>(), dst = src[128], work = src[256];
        for (int i = 0; i < 128; ++i) src.SetValue(i, static_cast<float>(i % 7) - 2.5f);
        ReduceSum(dst, src, work, 100);
        got = GetReduceRepeatSumSpr<float>();
        got_acc = GetAccVal<float>();
        raw = GetAccVal();
        ReduceSum(dst, src, work, 64, 1, 8);
        after_repeat = GetReduceRepeatSumSpr<float>();
      },
      1);
  float want = 0;
  for (int i = 0; i < 100; ++i) want += static_cast<float>(i % 7) - 2.5f;
  EXPECT_FLOAT_EQ(got, want);
  EXPECT_EQ(got_acc, got);
  float low;
  std::memcpy(&low, &raw, sizeof(low));
  EXPECT_EQ(low, got);
  EXPECT_EQ(after_repeat, got);
}

// ---------------------------------------------------------------------------
// AscendC::Std and kernel_utils.

template <typename T, Std::enable_if_t<Std::is_one_of_v<T, half, float>, int> = 0>
constexpr int FloatKind() {
  return Std::is_same_v<T, half> ? 16 : 32;
}

static_assert(FloatKind<half>() == 16 && FloatKind<float>() == 32);
static_assert(Std::is_one_of_v<int32_t, int8_t, int16_t, int32_t>);
static_assert(!Std::is_one_of_v<uint32_t, int8_t, int16_t, int32_t>);
static_assert(Std::is_one_of_value_v<int, 3, 1, 2, 3>);
static_assert(std::is_same_v<Std::conditional_t<true, half, float>, half>);
static_assert(Std::integral_constant<int, 7>::value == 7);
static_assert(decltype(Std::Int<6>{} * Std::Int<7>{})::value == 42);
static_assert(decltype(Std::Int<9>{} - Std::Int<2>{} + Std::Int<1>{})::value == 8);
static_assert(Std::tuple_size_v<Std::tuple<int, float, half>> == 3);
static_assert(Std::tuple_size<decltype(Std::make_tuple(1, 2u))>::value == 2);
static_assert(Std::min(3, 7L) == 3 && Std::max(3, 7L) == 7L);
static_assert(Std::ceil_division(10u, 4u) == 3u && Std::ceil_align(10u, 4u) == 12u);
static_assert(IsSameType<half, half>::value && !IsSameType<half, float>::value);
static_assert(std::is_base_of_v<TrueType, IsSameType<half, half>> &&
              std::is_same_v<IsSameType<TrueType, BoolInst<true>::Type>::Type, TrueType> &&
              !FalseType::value);
static_assert(SizeOfBits<half>::value == 16 && SizeOfBits<float>::value == 32 &&
              SizeOfBits<int4b_t>::value == 4);
static_assert(GetDataBlockSizeInBytes() == 32 &&
              std::is_same_v<decltype(GetDataBlockSizeInBytes()), int16_t>);
static_assert(TOTAL_L1_SIZE == 512 * 1024 - 128 && TOTAL_UB_SIZE == 192 * 1024);
// kernel_utils_constants.h's names, with the 910B's types and values.
static_assert(ONE_BLK_FLOAT_NUM == 8 && ONE_BLK_HALF_NUM == 16 && HALF_REPEAT_SIZE == 128 &&
              FLOAT_REPEAT_SIZE == 64 && MAX_REPEAT_FLOAT_SIZE == 64 * 255);
static_assert(B32_DATA_NUM_PER_BLOCK == 8 && B16_DATA_NUM_PER_BLOCK == 16 &&
              std::is_same_v<decltype(B32_DATA_NUM_PER_BLOCK), const uint8_t>);
static_assert(B32_BYTE_SIZE == 4 && B16_BYTE_SIZE == 2 && HALF_FACTOR == 2 && TMP_UB_SIZE == 8192 &&
              BRCB_BROADCAST_NUMBER == 8 && RESERVED_WORKSPACE == 16u * 1024 * 1024);
static_assert(DivCeil(100, 32) == 4 && AlignUp(100, 32) == 128 && AlignUp(64, 32) == 64);
static_assert(static_cast<uint64_t>(CacheLine::SINGLE_CACHE_LINE) == 0 &&
              static_cast<uint64_t>(CacheLine::ENTIRE_DATA_CACHE) == 1);

TEST(Std, TupleGetAndHelpers) {
  auto t = Std::make_tuple(static_cast<uint32_t>(5), 2.5f, static_cast<half>(1.0f));
  EXPECT_EQ(Std::get<0>(t), 5u);
  EXPECT_EQ(Std::get<1>(t), 2.5f);
  Std::get<0>(t) = 9;
  EXPECT_EQ(Std::get<0>(t), 9u);
  Std::tuple<int, int> pair{1, 2};
  int a = 0;
  Std::tie(a, Std::ignore) = pair;
  EXPECT_EQ(a, 1);
  EXPECT_EQ(Ceil(17, 8), 3u);
  EXPECT_EQ(DivCeil(1, 1), 1u);
  EXPECT_EQ(ToFloat(static_cast<bfloat16_t>(1.5f)), 1.5f);
  EXPECT_EQ(ToFloat(bfloat16_t::FromBits(0x3F81)), 1.0078125f);  // 1 + 2^-7, exact
  EXPECT_EQ(ToFloat(static_cast<half>(-0.25f)), -0.25f);
}

TEST(AscendCUtils, StaticHelpers) {
  EXPECT_EQ(AscendCUtils::GetBitSize(4), 32);
  EXPECT_EQ(AscendCUtils::GetC0Size(), 32);
  EXPECT_EQ(AscendCUtils::GetC0Count(sizeof(half)), 16);
  EXPECT_EQ(AscendCUtils::GetDefaultBlockNum(), 8);
}

TEST(AscendCUtils, MaskHelpersDriveTheMaskRegister) {
  // The mask set with AscendCUtils::SetMask selects the lanes of a
  // mask-less (isSetMask = false) Adds: the first 5 lanes change.
  std::vector<float> out(64, 0.0f);
  aicore::Launch(
      [&](GM_ADDR o) {
        TPipe pipe;
        TBuf<> buf;
        pipe.InitBuffer(buf, 64 * sizeof(float));
        LocalTensor<float> t = buf.Get<float>();
        Duplicate(t, 1.0f, 64);
        AscendCUtils::SetMaskNorm<float>();
        AscendCUtils::SetMask<float>(5);
        Adds<float, false>(t, t, 10.0f, MASK_PLACEHOLDER, 1, {1, 1, 8, 8});
        AscendCUtils::ResetMask();
        GlobalTensor<float> g;
        g.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(o), 64);
        DataCopy(g, t, 64);
      },
      1, reinterpret_cast<GM_ADDR>(out.data()));
  for (int i = 0; i < 64; ++i) EXPECT_EQ(out[i], i < 5 ? 11.0f : 1.0f) << i;

  auto err = Failing([] { aicore::Launch([] { AscendCUtils::SetMask<float>(65); }, 1); });
  ASSERT_TRUE(err.has_value());
  EXPECT_NE(std::string(err->what()).find("mask length 65 is outside [0, 64]"), std::string::npos)
      << err->what();
}

// ---------------------------------------------------------------------------
// K_MAX_SHAPE_DIM defined to 0 before the headers.

static_assert(K_MAX_SHAPE_DIM == 0);

TEST(ShapeInfo, KeepsNoExtentsWithMaxShapeDimZero) {
  const uint32_t shape[2] = {8, 16};
  ShapeInfo s(2, shape);
  EXPECT_EQ(s.shapeDim, 2);
  EXPECT_EQ(s.shape[0], 0u);  // the one storage slot is never written
  EXPECT_LT(sizeof(ShapeInfo), 2 * 8 * sizeof(uint32_t));
}

// ---------------------------------------------------------------------------
// PRINTF, qualified and not; KERNEL_LOG; ASCENDC_ASSERT.

extern "C" __global__ __aicore__ void print_kernel(GM_ADDR) {
  PRINTF("x %d\n", 1);
  AscendC::PRINTF("y %d %s\n", 2, "two");
  AscendC::PRINTF("plain\n");
}

TEST(Printf, UnqualifiedAndQualified) {
  Captured cap;
  SetKernelMode(KernelMode::AIV_MODE);
  ICPU_RUN_KF(print_kernel, 1, nullptr);
  EXPECT_EQ(cap.Text(), "x 1\ny 2 two\nplain\n");
}

TEST(Printf, KernelLogAndAscendcAssert) {
  Captured cap;
  auto err = Failing([] {
    aicore::Launch(
        [] {
          const int32_t dim = 9;
          ASCENDC_ASSERT((dim <= 8), { KERNEL_LOG(KERNEL_ERROR, "dim is %d", dim); });
        },
        1);
  });
  ASSERT_TRUE(err.has_value());
  EXPECT_NE(std::string(err->what()).find("assertion failed: (dim <= 8)"), std::string::npos) << err->what();
  const std::string text = cap.Text();
  EXPECT_NE(text.find("[ERROR] "), std::string::npos) << text;
  EXPECT_NE(text.find("dim is 9\n"), std::string::npos) << text;
}

// ---------------------------------------------------------------------------
// REGISTER_TILING_DATA_CLASS and END_TILING_DATA_DEF with and without `;`,
// and one class registered for two operators (as ops-math's
// circular_pad_common_tiling.h does for CircularPad and CircularPadGrad):
// GET_TILING_DATA still finds that class.

namespace optiling {
BEGIN_TILING_DATA_DEF(NoSemiTiling)
  TILING_DATA_FIELD_DEF(uint32_t, totalLength);
  TILING_DATA_FIELD_DEF(uint32_t, tileNum);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(NoSemiOp, NoSemiTiling)
REGISTER_TILING_DATA_CLASS(NoSemiGradOp, NoSemiTiling)
}  // namespace optiling

namespace semi {
BEGIN_TILING_DATA_DEF(SemiTiling)
  TILING_DATA_FIELD_DEF(uint32_t, value);
END_TILING_DATA_DEF  // without `;`, as ops-nn's ge_glu_grad_v2 tiling header writes it
REGISTER_TILING_DATA_CLASS(SemiOp, SemiTiling);
}  // namespace semi

extern "C" __global__ __aicore__ void tiling_kernel(GM_ADDR out, GM_ADDR tiling) {
  GET_TILING_DATA(t, tiling);
  *reinterpret_cast<__gm__ uint32_t*>(out) = t.totalLength * 10 + t.tileNum;
}

TEST(Tiling, RegisterWithoutSemicolon) {
  optiling::NoSemiTiling host;
  host.set_totalLength(4);
  host.set_tileNum(2);
  uint8_t* tiling = static_cast<uint8_t*>(GmAlloc(sizeof(host)));
  uint8_t* out = static_cast<uint8_t*>(GmAlloc(sizeof(uint32_t)));
  std::memcpy(tiling, &host, sizeof(host));
  SetKernelMode(KernelMode::AIV_MODE);
  ICPU_RUN_KF(tiling_kernel, 1, out, tiling);
  uint32_t v = 0;
  std::memcpy(&v, out, sizeof(v));
  EXPECT_EQ(v, 42u);
  GmFree(tiling);
  GmFree(out);
}

// Several classes registered in one namespace (ops-math's
// pad_v3_grad_replication_tiling.h registers a nested struct for a helper op
// beside its own): GET_TILING_DATA takes the class of the kernel's operator,
// AICORE_TILING_OP_TYPE (aicore_add_op_project defines it per kernel).
namespace twoclass {
BEGIN_TILING_DATA_DEF(EdgeTiling)
  TILING_DATA_FIELD_DEF(uint32_t, edge);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(EdgeTilingOp, EdgeTiling)
BEGIN_TILING_DATA_DEF(MainTiling)
  TILING_DATA_FIELD_DEF(uint32_t, first);
  TILING_DATA_FIELD_DEF(uint32_t, second);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(MainOp, MainTiling)

#undef AICORE_TILING_OP_TYPE
#define AICORE_TILING_OP_TYPE "MainOp"
extern "C" __global__ __aicore__ void main_op_kernel(GM_ADDR out, GM_ADDR tiling) {
  GET_TILING_DATA(t, tiling);
  static_assert(std::is_same_v<decltype(t), MainTiling>);
  *reinterpret_cast<__gm__ uint32_t*>(out) = t.first * 10 + t.second;
}
#undef AICORE_TILING_OP_TYPE
#define AICORE_TILING_OP_TYPE "EdgeTilingOp"
extern "C" __global__ __aicore__ void edge_op_kernel(GM_ADDR out, GM_ADDR tiling) {
  GET_TILING_DATA(t, tiling);
  static_assert(std::is_same_v<decltype(t), EdgeTiling>);
  *reinterpret_cast<__gm__ uint32_t*>(out) = t.edge;
}
#undef AICORE_TILING_OP_TYPE
#define AICORE_TILING_OP_TYPE ""
}  // namespace twoclass

TEST(Tiling, TheClassOfTheKernelsOperator) {
  twoclass::MainTiling host;
  host.set_first(7);
  host.set_second(3);
  uint8_t* tiling = static_cast<uint8_t*>(GmAlloc(sizeof(host)));
  uint8_t* out = static_cast<uint8_t*>(GmAlloc(sizeof(uint32_t)));
  std::memcpy(tiling, &host, sizeof(host));
  SetKernelMode(KernelMode::AIV_MODE);
  ICPU_RUN_KF(twoclass::main_op_kernel, 1, out, tiling);
  uint32_t v = 0;
  std::memcpy(&v, out, sizeof(v));
  EXPECT_EQ(v, 73u);
  ICPU_RUN_KF(twoclass::edge_op_kernel, 1, out, tiling);
  std::memcpy(&v, out, sizeof(v));
  EXPECT_EQ(v, 7u);  // the first field, read as EdgeTiling
  GmFree(tiling);
  GmFree(out);
}

// ---------------------------------------------------------------------------
// ListTensorDesc on a tensor list laid out in GM as the documentation says.

namespace {

constexpr uint32_t kRows = 4;
constexpr uint32_t kCols = 16;
constexpr uint32_t kElems = kRows * kCols;

// {ptrOffset, per tensor {dim | index << 32, extents...}, pointers...}
std::vector<uint64_t> ListWords(const std::vector<void*>& ptrs, const std::vector<uint64_t>& shape,
                                bool index_in_first = false) {
  const uint64_t dim = shape.size();
  std::vector<uint64_t> w;
  w.push_back((1 + (1 + dim) * ptrs.size()) * sizeof(uint64_t));
  for (size_t i = 0; i < ptrs.size(); ++i) {
    const uint64_t tag = (index_in_first && i == 0) ? ptrs.size() : i;
    w.push_back(dim | (tag << 32));
    for (uint64_t e : shape) w.push_back(e);
  }
  for (void* p : ptrs) w.push_back(reinterpret_cast<uint64_t>(p));
  return w;
}

uint8_t* ToGm(const std::vector<uint64_t>& words) {
  auto* gm = static_cast<uint8_t*>(GmAlloc(words.size() * sizeof(uint64_t)));
  std::memcpy(gm, words.data(), words.size() * sizeof(uint64_t));
  return gm;
}

}  // namespace

// AddN over a dynamic input: out = sum of the list's tensors; shapes and
// indices reported through out_meta.
extern "C" __global__ __aicore__ void addn_kernel(GM_ADDR list, GM_ADDR out, GM_ADDR meta) {
  ListTensorDesc desc(reinterpret_cast<__gm__ void*>(list));
  const uint32_t n = desc.GetSize();
  TPipe pipe;
  TBuf<> acc_buf, in_buf;
  pipe.InitBuffer(acc_buf, kElems * sizeof(float));
  pipe.InitBuffer(in_buf, kElems * sizeof(float));
  LocalTensor<float> acc = acc_buf.Get<float>();
  LocalTensor<float> in = in_buf.Get<float>();
  Duplicate(acc, 0.0f, kElems);
  __gm__ uint64_t* m = reinterpret_cast<__gm__ uint64_t*>(meta);
  m[0] = n;
  for (uint32_t i = 0; i < n; ++i) {
    uint64_t shape[2] = {0, 0};
    TensorDesc<float> td;
    td.SetShapeAddr(shape);
    desc.GetDesc(td, i);
    m[1 + 4 * i] = td.GetDim();
    m[2 + 4 * i] = td.GetIndex();
    m[3 + 4 * i] = td.GetShape(0);
    m[4 + 4 * i] = td.GetShape(1);
    GlobalTensor<float> g;
    g.SetGlobalBuffer(desc.GetDataPtr<float>(i), td.GetShape(0) * td.GetShape(1));
    if (td.GetDataPtr() != desc.GetDataPtr<float>(i)) m[0] = 999;
    SetFlag<HardEvent::V_MTE2>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE2>(EVENT_ID0);
    DataCopy(in, g, kElems);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    Add(acc, acc, in, kElems);
  }
  GlobalTensor<float> o;
  o.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(out), kElems);
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(o, acc, kElems);
}

TEST(ListTensorDesc, DecodesAGmTensorListAndRunsAddN) {
  constexpr int kInputs = 3;
  std::vector<float*> ins;
  std::vector<void*> ptrs;
  std::vector<float> want(kElems, 0.0f);
  for (int k = 0; k < kInputs; ++k) {
    auto* p = static_cast<float*>(GmAlloc(kElems * sizeof(float)));
    for (uint32_t j = 0; j < kElems; ++j) {
      p[j] = static_cast<float>((k + 1) * 100 + j);
      want[j] += p[j];
    }
    ins.push_back(p);
    ptrs.push_back(p);
  }
  const std::vector<uint64_t> words = ListWords(ptrs, {kRows, kCols});
  ASSERT_EQ(words[0], (1 + 3 * kInputs) * 8u);
  uint8_t* list = ToGm(words);
  auto* out = static_cast<float*>(GmAlloc(kElems * sizeof(float)));
  auto* meta = static_cast<uint64_t*>(GmAlloc(64 * sizeof(uint64_t)));
  SetKernelMode(KernelMode::AIV_MODE);
  ICPU_RUN_KF(addn_kernel, 1, list, reinterpret_cast<uint8_t*>(out), reinterpret_cast<uint8_t*>(meta));
  EXPECT_EQ(meta[0], static_cast<uint64_t>(kInputs));
  for (int i = 0; i < kInputs; ++i) {
    EXPECT_EQ(meta[1 + 4 * i], 2u);
    EXPECT_EQ(meta[2 + 4 * i], static_cast<uint64_t>(i));
    EXPECT_EQ(meta[3 + 4 * i], kRows);
    EXPECT_EQ(meta[4 + 4 * i], kCols);
  }
  for (uint32_t j = 0; j < kElems; ++j) EXPECT_EQ(out[j], want[j]) << j;
  for (float* p : ins) GmFree(p);
  GmFree(list);
  GmFree(out);
  GmFree(meta);
}

TEST(ListTensorDesc, CountInTheFirstWordLengthCheckAndNoShapeLists) {
  std::vector<uint64_t> a(4), b(4);
  std::vector<void*> ptrs = {a.data(), b.data()};
  {
    // The count in the high half of the first descriptor word; length and
    // shapeSize that match.
    std::vector<uint64_t> w = ListWords(ptrs, {2, 2}, /*index_in_first=*/true);
    const uint32_t length = static_cast<uint32_t>(w.size() * sizeof(uint64_t));
    ListTensorDesc d(reinterpret_cast<__gm__ void*>(w.data()), length, 2);
    EXPECT_EQ(d.GetSize(), 2u);
    EXPECT_EQ(d.GetDataPtr<uint64_t>(1), b.data());
  }
  {
    // Pointers only: dim 0, one descriptor {count << 32, 0xffffffff}, offset 24.
    std::vector<uint64_t> w = {24, uint64_t{2} << 32, 0xffffffffu, reinterpret_cast<uint64_t>(a.data()),
                               reinterpret_cast<uint64_t>(b.data())};
    ListTensorDesc d;
    d.Init(reinterpret_cast<__gm__ void*>(w.data()));
    EXPECT_EQ(d.GetSize(), 2u);
    EXPECT_EQ(d.GetDataPtr<uint64_t>(0), a.data());
    TensorDesc<uint64_t> td;
    d.GetDesc(td, 1);
    EXPECT_EQ(td.GetDim(), 0u);
    EXPECT_EQ(td.GetDataPtr(), b.data());
  }
}

TEST(ListTensorDesc, BadListsAndIndicesAreReported) {
  std::vector<uint64_t> a(4);
  std::vector<uint64_t> w = ListWords({a.data(), a.data()}, {4});
  auto err = Failing([&] {
    aicore::Launch(
        [&] {
          ListTensorDesc d(reinterpret_cast<__gm__ void*>(w.data()));
          (void)d.GetDataPtr<float>(2);
        },
        1);
  });
  ASSERT_TRUE(err.has_value());
  EXPECT_NE(std::string(err->what()).find("index 2 is not below the list size 2"), std::string::npos)
      << err->what();
  EXPECT_NE(std::string(err->what()).find("ListTensorDesc::GetDataPtr"), std::string::npos) << err->what();

  err = Failing([&] {
    aicore::Launch([&] { ListTensorDesc d(reinterpret_cast<__gm__ void*>(w.data()), 40, 2); }, 1);
  });
  ASSERT_TRUE(err.has_value());
  EXPECT_NE(std::string(err->what()).find("length 40 and shapeSize 2 do not match the list (56 bytes, 2 pointers)"),
            std::string::npos)
      << err->what();

  std::vector<uint64_t> bad = w;
  bad[0] = 48;  // the first pointer, read as descriptor 2, does not carry index 2
  err = Failing([&] { aicore::Launch([&] { ListTensorDesc d(reinterpret_cast<__gm__ void*>(bad.data())); }, 1); });
  ASSERT_TRUE(err.has_value());
  EXPECT_NE(std::string(err->what()).find("with pointer offset 48, descriptor 2 (word 5"), std::string::npos)
      << err->what();

  err = Failing([&] { aicore::Launch([&] { ListTensorDesc d(nullptr); }, 1); });
  ASSERT_TRUE(err.has_value());
  EXPECT_NE(std::string(err->what()).find("data is null"), std::string::npos) << err->what();
}

// ---------------------------------------------------------------------------
// The scalar functions (kernel_operator_scalar_intf.h), the vendor's examples
// and the edges: 0, all ones, negative values.

template <class T>
uint16_t Bits16(T v) {
  uint16_t b;
  std::memcpy(&b, &v, sizeof(b));
  return b;
}

TEST(ScalarApi, BitCountsAndLeadingZeros) {
  EXPECT_EQ(GetBitCount<1>(0xFFFFull), 16);
  EXPECT_EQ(GetBitCount<0>(0xFFFFull), 48);
  EXPECT_EQ(GetBitCount<1>(0), 0);
  EXPECT_EQ(GetBitCount<0>(0), 64);
  EXPECT_EQ(ScalarGetCountOfValue<1>(~0ull), 64);
  EXPECT_EQ(ScalarGetCountOfValue<0>(~0ull), 0);
  EXPECT_EQ(ScalarGetCountOfValue<1>(0x8000000000000001ull), 2);
  // The kernels' idiom: trailing ones of idx.
  EXPECT_EQ(ScalarGetCountOfValue<1>(11 ^ (11 + 1)) - 1, 2);

  EXPECT_EQ(CountLeadingZero(0x0100000000000020ull), 7);
  EXPECT_EQ(CountLeadingZero(0xFFFFull), 48);
  EXPECT_EQ(CountLeadingZero(0), 64);
  EXPECT_EQ(CountLeadingZero(~0ull), 0);
  EXPECT_EQ(ScalarCountLeadingZero(1), 63);
  EXPECT_EQ(ScalarCountLeadingZero(static_cast<uint64_t>(int64_t{-5})), 0);
}

TEST(ScalarApi, CountBitsCntSameAsSignBit) {
  EXPECT_EQ(CountBitsCntSameAsSignBit(0x0100000000000020LL), 6);
  EXPECT_EQ(CountBitsCntSameAsSignBit(0), -1);
  EXPECT_EQ(CountBitsCntSameAsSignBit(-1), -1);
  EXPECT_EQ(CountBitsCntSameAsSignBit(INT64_MAX), 0);
  EXPECT_EQ(CountBitsCntSameAsSignBit(INT64_MIN), 0);
  EXPECT_EQ(CountBitsCntSameAsSignBit(1), 62);
  EXPECT_EQ(CountBitsCntSameAsSignBit(0x00F0000000000000LL), 7);
  EXPECT_EQ(CountBitsCntSameAsSignBit(-2), 62);  // 1...10
  EXPECT_EQ(CountBitsCntSameAsSignBit(static_cast<int64_t>(0xF0FFFFFFFFFFFFFFull)), 3);
}

TEST(ScalarApi, GetSFFValue) {
  EXPECT_EQ(GetSFFValue<1>(0x1000000000000100ull), 8);
  EXPECT_EQ(GetSFFValue<0>(~0ull), -1);
  EXPECT_EQ(GetSFFValue<1>(0), -1);
  EXPECT_EQ(GetSFFValue<0>(0), 0);
  EXPECT_EQ(GetSFFValue<1>(~0ull), 0);
  EXPECT_EQ(GetSFFValue<0>(0xFF00ull), 0);
  EXPECT_EQ(GetSFFValue<1>(0xFF00ull), 8);
  EXPECT_EQ(ScalarGetSFFValue<0>(0x00FFull), 8);
  EXPECT_EQ(ScalarGetSFFValue<1>(0x00FFull), 0);
  EXPECT_EQ(ScalarGetSFFValue<1>(0x8000000000000000ull), 63);
  EXPECT_EQ(ScalarGetSFFValue<0>(0x7FFFFFFFFFFFFFFFull), 63);
}

TEST(ScalarApi, CastRoundsWithItsMode) {
  constexpr RoundMode kRound = RoundMode::CAST_ROUND, kCeil = RoundMode::CAST_CEIL,
                      kFloor = RoundMode::CAST_FLOOR, kRint = RoundMode::CAST_RINT;
  struct Case {
    float in;
    int32_t round, ceil, floor, rint;
  };
  for (const Case& c : {Case{1.5f, 2, 2, 1, 2}, Case{2.5f, 3, 3, 2, 2}, Case{-1.5f, -2, -1, -2, -2},
                        Case{-2.5f, -3, -2, -3, -2}, Case{0.0f, 0, 0, 0, 0}, Case{-0.4f, 0, 0, -1, 0},
                        Case{7.0f, 7, 7, 7, 7}, Case{3e9f, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX},
                        Case{-3e9f, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN}}) {
    SCOPED_TRACE(c.in);
    EXPECT_EQ((Cast<float, int32_t, kRound>(c.in)), c.round);
    EXPECT_EQ((Cast<float, int32_t, kCeil>(c.in)), c.ceil);
    EXPECT_EQ((Cast<float, int32_t, kFloor>(c.in)), c.floor);
    EXPECT_EQ((Cast<float, int32_t, kRint>(c.in)), c.rint);
    EXPECT_EQ((ScalarCast<float, int32_t, kRound>(c.in)), c.round);
  }
  // float -> half rounds to odd: 3.14159 -> 3.142578 (0x4249); 1 + 2^-11 lies
  // halfway between 1 and 1 + 2^-10 and goes to the odd one (RINT: 1).
  EXPECT_EQ(Bits16(Cast<float, half, RoundMode::CAST_ODD>(3.14159f)), 0x4249);
  EXPECT_EQ(static_cast<float>(Cast<float, half, RoundMode::CAST_ODD>(3.14159f)), 3.142578125f);
  EXPECT_EQ(Bits16(ScalarCast<float, half, RoundMode::CAST_ODD>(1.0f + 0x1p-11f)), 0x3C01);
  EXPECT_EQ(Bits16(ScalarCast<float, half, RoundMode::CAST_ODD>(1.0f)), 0x3C00);
  EXPECT_EQ(Bits16(ScalarCast<float, half, RoundMode::CAST_ODD>(-2.0f - 0x1p-12f)), 0xC001);
  EXPECT_EQ(Bits16(ScalarCast<float, half, RoundMode::CAST_ODD>(1e6f)), 0x7BFF);  // overflow: max

  // float <-> bfloat16_t: RINT, 3.14159 -> 3.140625; back exactly.
  const bfloat16_t b = Cast(3.14159f);
  EXPECT_EQ(Bits16(b), 0x4049);
  EXPECT_EQ(Cast(b), 3.140625f);
  EXPECT_EQ(Bits16(Cast(1.0f + 0x1p-8f)), 0x3F80);  // tie to even: 1
  EXPECT_EQ(Bits16(Cast(1.0f + 0x1p-8f + 0x1p-9f)), 0x3F81);
  EXPECT_EQ(Cast(Cast(-0.5f)), -0.5f);
  EXPECT_EQ(Bits16(ToBfloat16(3.14159f)), 0x4049);
}

TEST(ScalarApi, GmByPassDCache) {
  std::vector<int64_t> gm{1, 2, 3};
  EXPECT_EQ(ReadGmByPassDCache(&gm[1]), 2);
  WriteGmByPassDCache<int64_t>(&gm[2], -7);
  EXPECT_EQ(gm[2], -7);
  uint8_t byte = 0;
  WriteGmByPassDCache<uint8_t>(&byte, 200);
  EXPECT_EQ(ReadGmByPassDCache(&byte), 200);
}

// ---------------------------------------------------------------------------
// op::fp16_t (opdev/fp16_t.h).

TEST(OpFp16, ConvertsAndComputes) {
  using fp16_t = op::fp16_t;
  fp16_t a = 1.5f;
  EXPECT_EQ(a.val, 0x3E00);
  fp16_t raw(static_cast<uint16_t>(0x3C00));
  EXPECT_EQ(raw.toFloat(), 1.0f);
  fp16_t b;
  b = 2.25;
  EXPECT_EQ((a + b).toFloat(), 3.75f);
  EXPECT_EQ((a * b).toFloat(), 3.375f);
  EXPECT_TRUE(a < b);
  b = 65520.0f;  // rounds to +inf in binary16
  EXPECT_EQ(b.val, 0x7C00);
  fp16_t third = 1.0f / 3.0f;
  EXPECT_EQ(third.val, 0x3555);  // RNE
  EXPECT_EQ(op::ROUND_TO_NEAREST, 0);
}

// ---------------------------------------------------------------------------
// securec (c_sec).

TEST(Securec, MemFunctionsAndTheirErrorCodes) {
  char dst[8];
  const char src[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  std::memset(dst, 0x55, sizeof(dst));
  EXPECT_EQ(memcpy_s(dst, sizeof(dst), src, 4), EOK);
  EXPECT_EQ(std::memcmp(dst, src, 4), 0);
  EXPECT_EQ(dst[4], 0x55);

  EXPECT_EQ(memcpy_s(dst, 0, src, 4), ERANGE);
  EXPECT_EQ(memcpy_s(nullptr, 8, src, 4), EINVAL);
  std::memset(dst, 0x55, sizeof(dst));
  EXPECT_EQ(memcpy_s(dst, sizeof(dst), nullptr, 4), EINVAL_AND_RESET);
  EXPECT_EQ(dst[0], 0);
  EXPECT_EQ(dst[7], 0);
  std::memset(dst, 0x55, sizeof(dst));
  EXPECT_EQ(memcpy_s(dst, 4, src, 5), ERANGE_AND_RESET);
  EXPECT_EQ(dst[3], 0);
  EXPECT_EQ(dst[4], 0x55);  // only destMax bytes are cleared
  EXPECT_EQ(memcpy_s(dst, 8, dst + 2, 4), EOVERLAP_AND_RESET);
  EXPECT_EQ(EINVAL_AND_RESET, 150);
  EXPECT_EQ(ERANGE_AND_RESET, 162);
  EXPECT_EQ(EOVERLAP_AND_RESET, 182);

  char mv[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  EXPECT_EQ(memmove_s(mv, 8, mv + 2, 4), EOK);
  EXPECT_EQ(mv[0], 3);
  EXPECT_EQ(mv[3], 6);

  EXPECT_EQ(memset_s(dst, 8, 7, 8), EOK);
  EXPECT_EQ(dst[7], 7);
  EXPECT_EQ(memset_s(dst, 4, 9, 8), ERANGE_AND_RESET);
  EXPECT_EQ(dst[3], 9);
  EXPECT_EQ(dst[4], 7);
  EXPECT_EQ(memset_s(nullptr, 4, 0, 4), EINVAL);
  EXPECT_EQ(memset_s(dst, 0, 0, 0), ERANGE);
}

TEST(Securec, StringFunctions) {
  char s[6];
  EXPECT_EQ(strcpy_s(s, sizeof(s), "hello"), EOK);
  EXPECT_STREQ(s, "hello");
  EXPECT_EQ(strcpy_s(s, sizeof(s), "toolong"), ERANGE_AND_RESET);
  EXPECT_STREQ(s, "");
  EXPECT_EQ(strcpy_s(s, sizeof(s), nullptr), EINVAL_AND_RESET);
  EXPECT_EQ(strncpy_s(s, sizeof(s), "abcdefgh", 3), EOK);
  EXPECT_STREQ(s, "abc");
  EXPECT_EQ(strncpy_s(s, sizeof(s), "abcdefgh", 6), ERANGE_AND_RESET);
  EXPECT_STREQ(s, "");

  char buf[16];
  EXPECT_EQ(sprintf_s(buf, sizeof(buf), "%d-%s", 42, "ab"), 5);
  EXPECT_STREQ(buf, "42-ab");
  EXPECT_EQ(sprintf_s(buf, 4, "%d", 12345), -1);
  EXPECT_STREQ(buf, "");
  EXPECT_EQ(snprintf_s(buf, sizeof(buf), 3, "%d", 12345), -1);
  EXPECT_STREQ(buf, "123");
  EXPECT_EQ(snprintf_s(buf, sizeof(buf), 10, "%d", 12345), 5);
  EXPECT_STREQ(buf, "12345");
}
