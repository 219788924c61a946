// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Unary instructions (Exp Ln Abs Sqrt Rsqrt Reciprocal Relu Not Neg) in every
// form against the reference model (see repeat_harness.h); Exp/Ln/Rsqrt
// within their ULP bounds (NUMERICS.md), everything else bit-exact. The
// vector-scalar and fill instructions are in test_repeat_scalar.cpp (each
// translation unit compiles in half the time and memory).

#include <gtest/gtest.h>

#include "unit/ops/repeat_harness.h"

namespace aicore_test {
namespace {

// ---------------------------------------------------------------------------
// Unary.

template <class T>
OpDef<T, T> Unary(const char* name, decltype(OpDef<T, T>::run) run, T (*model)(T)) {
  OpDef<T, T> op;
  op.name = name;
  op.n_src = 1;
  op.run = std::move(run);
  op.ref = [model](T a, T, T, uint64_t, T) { return model(a); };
  op.gen_src = DefaultGen<T>;
  op.gen_dst = DefaultGen<T>;
  return op;
}

#define AICORE_UNARY_REPEAT_TEST(OP, SEED, ...)                                       \
  TEST(OpsRepeatUnary, OP) {                                                          \
    ForEachType<__VA_ARGS__>([](auto tag) {                                           \
      using TD = decltype(tag);                                                       \
      using TS = TD;                                                                  \
      RunOp(Unary<TD>(#OP, AICORE_RUN_UNARY(OP), &ref::OP<TD>), SEED + sizeof(TD));   \
    });                                                                               \
  }

AICORE_UNARY_REPEAT_TEST(Abs, 3100, half, float)
AICORE_UNARY_REPEAT_TEST(Sqrt, 3200, half, float)
AICORE_UNARY_REPEAT_TEST(Reciprocal, 3300, half, float)
AICORE_UNARY_REPEAT_TEST(Relu, 3400, half, float, int32_t)
AICORE_UNARY_REPEAT_TEST(Not, 3500, int16_t, uint16_t)
AICORE_UNARY_REPEAT_TEST(Neg, 3600, half, float, int16_t, int32_t)

// The ULP-bounded ones (bounds as in test_elementwise.cpp / NUMERICS.md).
template <class T>
void Approx(OpDef<T, T> op, double (*exact)(T), uint64_t seed) {
  op.approx = true;
  op.ulp = std::is_same_v<T, half> ? 0.5 + 1.0 / 1024 : 1.5;
  op.exact = exact;
  op.ref = [exact](T a, T, T, uint64_t, T) { return ref::RoundTo<T>(exact(a)); };
  RunOp(op, seed);
}

#define AICORE_APPROX_REPEAT_TEST(OP, SEED)                                      \
  TEST(OpsRepeatUnary, OP) {                                                     \
    ForEachType<half, float>([](auto tag) {                                      \
      using TD = decltype(tag);                                                  \
      using TS = TD;                                                             \
      OpDef<TD, TS> op;                                                          \
      op.name = #OP;                                                             \
      op.n_src = 1;                                                              \
      op.run = AICORE_RUN_UNARY(OP);                                             \
      op.gen_src = DefaultGen<TD>;                                               \
      op.gen_dst = DefaultGen<TD>;                                               \
      Approx<TD>(op, &ref::OP##Exact<TD>, SEED + sizeof(TD));                    \
    });                                                                          \
  }

AICORE_APPROX_REPEAT_TEST(Exp, 3700)
AICORE_APPROX_REPEAT_TEST(Ln, 3800)
AICORE_APPROX_REPEAT_TEST(Rsqrt, 3900)

}  // namespace
}  // namespace aicore_test
