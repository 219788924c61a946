// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Two translation units of one program, built for different Highway targets
// (-march=x86-64-v2: SSE4; -march=x86-64-v3: AVX2), both instantiating the
// same aicore instructions. Each must run its own target's code: aicore's
// target-dependent code lives in a namespace per target, as Highway's does,
// so the linker never merges the two copies (one TU would otherwise run the
// other's instructions: wrong code, or SIGILL on a CPU without them).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "unit/ops/mixed_target_tu.h"

namespace aicore_test {
namespace {

TEST(MixedTargets, EachTranslationUnitRunsItsOwnTarget) {
  if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) {
    GTEST_SKIP() << "this CPU cannot run the -march=x86-64-v3 translation unit";
  }
  constexpr size_t n = 4 * 16 * 37;
  std::vector<float> x(n), y(n), zf2(n), zh2(n), zf3(n), zh3(n);
  for (size_t i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i % 97) * 0.05f - 2.5f;
    y[i] = static_cast<float>(i % 31) * -0.03f + 0.4f;
  }
  const TuReport v2 = RunMixedTargetTuV2(x.data(), y.data(), zf2.data(), zh2.data(), n);
  const TuReport v3 = RunMixedTargetTuV3(x.data(), y.data(), zf3.data(), zh3.data(), n);
  EXPECT_STREQ(v2.target, "SSE4");
  EXPECT_STREQ(v3.target, "AVX2");
  EXPECT_NE(v2.add, v3.add) << "AscendC::Add<float> of both TUs is one function";
  EXPECT_NE(v2.exp, v3.exp) << "AscendC::Exp<half> of both TUs is one function";
  for (size_t i = 0; i < n; ++i) {
    const float want = std::exp(x[i] + y[i]);
    // Exp is ULP-bounded (Highway's Exp; NUMERICS.md): compare to the exact
    // value with a relative bound, half after its rounding.
    ASSERT_NEAR(zf2[i], want, 4e-6f * want) << i;
    ASSERT_NEAR(zf3[i], want, 4e-6f * want) << i;
    ASSERT_NEAR(zh2[i], zh3[i], 2e-3f * want) << i;
  }
}

}  // namespace
}  // namespace aicore_test
