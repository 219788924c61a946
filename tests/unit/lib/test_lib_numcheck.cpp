// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// numcheck in the high-level library APIs (instrument/sanitizer/numeric_api.h):
// per family, a buggy call (NaN/Inf produced from finite inputs: half
// overflow, a pole, a domain error, a zero-variance row with epsilon 0, an
// overflowing sum) expects one kNumeric report naming the API, this file and
// the call's line, the output role, the element and the value; its clean
// twin (the same call on harmless values) expects silence; the buggy call
// with numcheck off, and with a NaN/Inf input (propagation: not checked),
// expects silence too.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "aicore/lib/activation.h"
#include "aicore/lib/batchnorm.h"
#include "aicore/lib/broadcast.h"
#include "aicore/lib/cumsum.h"
#include "aicore/lib/deepnorm.h"
#include "aicore/lib/dequant.h"
#include "aicore/lib/dropout.h"
#include "aicore/lib/glu.h"
#include "aicore/lib/groupnorm.h"
#include "aicore/lib/layernorm_ar.h"
#include "aicore/lib/math.h"
#include "aicore/lib/math_gamma.h"
#include "aicore/lib/math_misc.h"
#include "aicore/lib/math_power.h"
#include "aicore/lib/math_trig.h"
#include "aicore/lib/normalization.h"
#include "aicore/lib/reduce.h"
#include "aicore/lib/reduce_pattern.h"
#include "aicore/lib/softmax.h"
#include "aicore/lib/welford.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {
namespace {

using AscendC::LocalTensor;
using AscendC::TBuf;
using AscendC::TPipe;
using AscendC::TPosition;

constexpr uint32_t kN = 64;        // elements per tensor
constexpr uint32_t kBytes = 4096;  // bytes per buffer
constexpr int kTensors = 6;
constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

int g_line = 0;
#define MARK_NEXT_LINE() (g_line = __LINE__ + 1)

// Host values of one tensor: element i is v[i % v.size()] (empty: 1).
using Fill = std::vector<float>;

// The tensors of one call: t[k] holds kN elements of T (buffers of kBytes,
// so that rows may be longer), filled from fills[k]; tmp a 16 KiB buffer.
template <class T>
struct Args {
  LocalTensor<T> t[kTensors];
  LocalTensor<uint8_t> tmp;
};

// Runs f(args) in a one-block kernel with the given sanitizer modes and
// returns the reports.
template <class T, class F>
std::vector<aicore::KernelError> RunLib(uint32_t modes, const std::vector<Fill>& fills, F&& f) {
  aicore::ErrorRecorder rec(modes);
  aicore::Launch(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b[kTensors], bt;
        Args<T> a;
        for (int k = 0; k < kTensors; ++k) {
          pipe.InitBuffer(b[k], kBytes);
          a.t[k] = b[k].template Get<T>();
          T* p = a.t[k].GetPhyAddr();
          const Fill& v = k < static_cast<int>(fills.size()) ? fills[k] : Fill{};
          for (uint32_t i = 0; i < kBytes / sizeof(T); ++i) {
            p[i] = static_cast<T>(v.empty() ? 1.0f : v[i % v.size()]);
          }
        }
        pipe.InitBuffer(bt, 16384);
        a.tmp = bt.Get<uint8_t>();
        f(a);
      },
      1);
  return rec.reports();
}

std::string All(const std::vector<aicore::KernelError>& r) {
  std::string s;
  for (const auto& e : r) s += std::string(e.what()) + "\n";
  return s;
}

// One report, kNumeric, from `api` at the marked line of this file, with
// every fragment.
void ExpectFinding(const std::vector<aicore::KernelError>& r, const std::string& api,
                   const std::vector<std::string>& fragments) {
  ASSERT_EQ(r.size(), 1u) << All(r);
  const aicore::KernelError& e = r[0];
  const std::string what = e.what();
  SCOPED_TRACE(what);
  EXPECT_EQ(e.kind(), aicore::ErrorKind::kNumeric);
  EXPECT_EQ(e.api(), api);
  EXPECT_EQ(e.line(), g_line);
  EXPECT_NE(what.find("aicore: numeric error in " + api + " at "), std::string::npos);
  EXPECT_NE(what.find("test_lib_numcheck.cpp:" + std::to_string(g_line) + " "), std::string::npos);
  for (const std::string& f : fragments) {
    EXPECT_NE(what.find(f), std::string::npos) << "missing fragment: " << f;
  }
}

void ExpectSilent(const std::vector<aicore::KernelError>& r) { EXPECT_TRUE(r.empty()) << All(r); }

// A family's scenario: `call` runs the API on args; buggy/clean/nan fills.
template <class T>
struct Case {
  std::function<void(Args<T>&)> call;
  std::vector<Fill> buggy, clean, propagated;
  std::string api;
  std::vector<std::string> fragments;
};

template <class T>
void Check(const Case<T>& c) {
  {
    SCOPED_TRACE("buggy, numcheck on");
    ExpectFinding(RunLib<T>(aicore::kNumcheck, c.buggy, c.call), c.api, c.fragments);
  }
  {
    SCOPED_TRACE("clean twin, numcheck on");
    ExpectSilent(RunLib<T>(aicore::kNumcheck, c.clean, c.call));
  }
  {
    SCOPED_TRACE("buggy, numcheck off");
    ExpectSilent(RunLib<T>(0, c.buggy, c.call));
  }
  if (!c.propagated.empty()) {
    SCOPED_TRACE("NaN/Inf input (propagation), numcheck on");
    ExpectSilent(RunLib<T>(aicore::kNumcheck, c.propagated, c.call));
  }
}

// ---- math ------------------------------------------------------------------

TEST(LibNumcheck, ExpOverflowsHalf) {
  Case<half> c;
  c.call = [](Args<half>& a) {
    MARK_NEXT_LINE();
    AscendC::Exp<half, 0>(a.t[0], a.t[1], a.tmp, kN);  // the high-level Exp (template args)
  };
  c.buggy = {{}, {1, 2, 12, 3}};  // exp(12) = 162755 > 65504
  c.clean = {{}, {1, 2, 10, 3}};
  c.propagated = {{}, {1, kNaN, 12, 3}};
  c.api = "Exp";
  c.fragments = {"Exp produced +Inf (half) at dst element 2 from finite inputs (src[2] = 12)",
                 "16 elements of this call are affected",
                 "exceeds the half range (max 65504): compute in float or scale the inputs"};
  Check(c);
}

// In place (dst == src): the inputs are judged before the call; the report
// does not claim the overwritten value.
TEST(LibNumcheck, ExpInPlace) {
  Case<half> c;
  c.call = [](Args<half>& a) {
    MARK_NEXT_LINE();
    AscendC::Exp<half, 0>(a.t[1], a.t[1], a.tmp, kN);
  };
  c.buggy = {{}, {1, 2, 12, 3}};
  c.clean = {{}, {1, 2, 10, 3}};
  c.propagated = {{}, {1, kInf, 12, 3}};
  c.api = "Exp";
  c.fragments = {
      "Exp produced +Inf (half) at dst element 2 from finite inputs (src[2] = "
      "(overwritten in place))"};
  Check(c);
}

TEST(LibNumcheck, LgammaPole) {
  Case<float> c;
  c.call = [](Args<float>& a) {
    MARK_NEXT_LINE();
    AscendC::Lgamma<float>(a.t[0], a.t[1], a.tmp, kN);
  };
  c.buggy = {{}, {0.5f, 3, -2, 7}};  // -2 is a pole
  c.clean = {{}, {0.5f, 3, -2.5f, 7}};
  c.api = "Lgamma";
  c.fragments = {"Lgamma produced +Inf (float) at dst element 2 from finite inputs (src[2] = -2)"};
  Check(c);
}

TEST(LibNumcheck, LogOfZero) {
  Case<float> c;
  c.call = [](Args<float>& a) {
    MARK_NEXT_LINE();
    AscendC::Log(a.t[0], a.t[1], kN);
  };
  c.buggy = {{}, {1, 2, 3, 4, 5, 0}};
  c.clean = {{}, {1, 2, 3, 4, 5, 6}};
  c.propagated = {{}, {1, 2, kInf, 4, 5, 0}};
  c.api = "Log";
  c.fragments = {"Log produced -Inf (float) at dst element 5 from finite inputs (src[5] = 0)",
                 "pole of the API (Log(0)",
                 "exceeds the float range (max 3.4028235e+38): scale the inputs"};
  Check(c);
}

TEST(LibNumcheck, AcosOutsideDomain) {
  Case<float> c;
  c.call = [](Args<float>& a) {
    MARK_NEXT_LINE();
    AscendC::Acos(a.t[0], a.t[1], a.tmp, kN);
  };
  c.buggy = {{}, {0.5f, -0.25f, 2.0f}};
  c.clean = {{}, {0.5f, -0.25f, 1.0f}};
  c.api = "Acos";
  c.fragments = {"Acos produced NaN (float) at dst element 2", "(src[2] = 2)", "domain"};
  Check(c);
}

TEST(LibNumcheck, FmodByZero) {
  Case<float> c;
  c.call = [](Args<float>& a) {
    MARK_NEXT_LINE();
    AscendC::Fmod(a.t[0], a.t[1], a.t[2], kN);
  };
  c.buggy = {{}, {5, 7}, {2, 2, 2, 0}};
  c.clean = {{}, {5, 7}, {2, 2, 2, 3}};
  c.api = "Fmod";
  c.fragments = {"Fmod produced NaN (float) at dst element 3",
                 "(src0Tensor[3] = 7, src1Tensor[3] = 0)"};
  Check(c);
}

TEST(LibNumcheck, PowerScalarOverflowsHalf) {
  Case<half> c;
  c.call = [](Args<half>& a) {
    MARK_NEXT_LINE();
    AscendC::Power(a.t[0], a.t[1], static_cast<half>(3.0f), kN);
  };
  c.buggy = {{}, {2, 50}};  // 50^3 = 125000
  c.clean = {{}, {2, 40}};  // 64000
  c.api = "Power";
  c.fragments = {"Power produced +Inf (half) at dst element 1", "(src0Tensor[1] = 50)"};
  Check(c);
}

TEST(LibNumcheck, SwiGluOverflowsHalf) {
  Case<half> c;
  c.call = [](Args<half>& a) {
    MARK_NEXT_LINE();
    AscendC::SwiGLU<half>(a.t[0], a.t[1], a.t[2], 1.0f, kN);
  };
  c.buggy = {{}, {1, 300}, {1, 300}};  // 300 * 300 * sigmoid(300) = 90000
  c.clean = {{}, {1, 200}, {1, 300}};
  c.propagated = {{}, {1, 300}, {kNaN, 300}};
  c.api = "SwiGLU";
  c.fragments = {"SwiGLU produced +Inf (half) at dst element 1"};
  Check(c);
}

// ---- activations -------------------------------------------------------------

// Sigmoid, Gelu and the like are bounded by |x|: they cannot overflow from
// finite inputs; the clean call and propagation stay silent.
TEST(LibNumcheck, ActivationsSilent) {
  auto call = [](Args<half>& a) {
    AscendC::Gelu(a.t[0], a.t[1], kN);
    AscendC::Sigmoid(a.t[2], a.t[1], kN);
    AscendC::Swish(a.t[3], a.t[1], kN, -2.0f);
  };
  ExpectSilent(RunLib<half>(aicore::kNumcheck, {{}, {65504, -65504, 0, 12}}, call));
  ExpectSilent(RunLib<half>(aicore::kNumcheck, {{}, {65504, kInf, kNaN, 12}}, call));
}

// ---- norms -------------------------------------------------------------------

TEST(LibNumcheck, LayerNormZeroVarianceEpsilonZero) {
  const ge::Shape shape({1, 2, 16, 16});
  uint32_t maxTmp = 0, minTmp = 0;
  AscendC::GetLayerNormMaxMinTmpSize(shape, sizeof(float), false, maxTmp, minTmp);
  AscendC::LayerNormTiling tiling;
  AscendC::GetLayerNormNDTilingInfo(shape, minTmp, sizeof(float), false, tiling);
  auto call = [&](float eps) {
    return [&tiling, eps](Args<float>& a) {
      MARK_NEXT_LINE();
      AscendC::LayerNorm<float>(a.t[0], a.t[1], a.t[2], a.t[3], a.t[4], a.t[5], eps, tiling);
    };
  };
  // Row 0 is constant (variance 0): (x - mean) * 1/sqrt(0 + 0) = 0 * Inf = NaN.
  const std::vector<Fill> rows = {{}, {}, {}, {2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
                                               1, 5, 2, 7, 1, 5, 2, 7, 1, 5, 2, 7, 1, 5, 2, 7}};
  ExpectFinding(RunLib<float>(aicore::kNumcheck, rows, call(0.0f)), "LayerNorm",
                {"LayerNorm produced NaN (float) at output element 0 from finite inputs",
                 "16 elements of this call are affected", "a zero variance with epsilon 0"});
  ExpectSilent(RunLib<float>(aicore::kNumcheck, rows, call(1e-5f)));
  ExpectSilent(RunLib<float>(0, rows, call(0.0f)));
  // A NaN epsilon (an input) is propagation.
  ExpectSilent(RunLib<float>(aicore::kNumcheck, rows, call(kNaN)));
}

// The [A, R] form (LayerNormPara, LayerNormSeparateTiling): the same
// constant row, rstd = 1/sqrt(0 + 0) = Inf.
TEST(LibNumcheck, LayerNormArZeroVarianceEpsilonZero) {
  AscendC::LayerNormSeparateTiling tiling{};
  AscendC::GetLayerNormNDTilingInfo(ge::Shape({2, 16}), 8192, sizeof(float), false, true, tiling);
  auto call = [&](float eps) {
    return [&tiling, eps](Args<float>& a) {
      MARK_NEXT_LINE();
      AscendC::LayerNorm<float, float>(a.t[0], a.t[1], a.t[2], a.t[3], a.t[4], a.t[5], eps,
                                       AscendC::LayerNormPara{2, 16, 16}, tiling);
    };
  };
  const std::vector<Fill> rows = {{}, {}, {}, {2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
                                               1, 5, 2, 7, 1, 5, 2, 7, 1, 5, 2, 7, 1, 5, 2, 7}};
  const std::vector<aicore::KernelError> r = RunLib<float>(aicore::kNumcheck, rows, call(0.0f));
  ASSERT_EQ(r.size(), 1u) << All(r);
  EXPECT_NE(std::string(r[0].what()).find("LayerNorm produced"), std::string::npos) << r[0].what();
  ExpectSilent(RunLib<float>(aicore::kNumcheck, rows, call(1e-5f)));
  ExpectSilent(RunLib<float>(0, rows, call(0.0f)));
}

// ---- SoftMax family ------------------------------------------------------------

TEST(LibNumcheck, SimpleSoftMaxStaleMaxOverflowsHalf) {
  const ge::Shape shape({8, 16});
  AscendC::SoftMaxTiling tiling;
  AscendC::SoftMaxTilingFunc(shape, sizeof(half), AscendC::GetSoftMaxMinTmpSize(shape, 2, false),
                             tiling);
  Case<half> c;
  c.call = [&tiling](Args<half>& a) {
    MARK_NEXT_LINE();
    AscendC::SimpleSoftMax<half>(a.t[0], a.t[1], a.t[2], a.t[3], tiling, {8, 16, 8, 16});
  };
  // inSum 1, inMax 0 (stale: the row's max is 12): exp(12 - 0) / 1 overflows half.
  c.buggy = {{}, {1}, {0}, {1, 2, 12, 3}};
  c.clean = {{}, {1}, {0}, {1, 2, 10, 3}};
  c.propagated = {{}, {1}, {kNaN}, {1, 2, 12, 3}};
  c.api = "SimpleSoftMax";
  c.fragments = {"SimpleSoftMax produced +Inf (half) at dstTensor element 2 (row 0, column 2)",
                 "32 elements of this call are affected"};
  Check(c);
}

TEST(LibNumcheck, SoftMaxSilent) {
  const ge::Shape shape({8, 16});
  AscendC::SoftMaxTiling tiling;
  AscendC::SoftMaxTilingFunc(shape, sizeof(half), AscendC::GetSoftMaxMinTmpSize(shape, 2, false),
                             tiling);
  auto call = [&tiling](Args<half>& a) {
    AscendC::SoftMax<half>(a.t[0], a.t[1], a.t[2], a.t[3], tiling, {8, 16, 8, 16});
  };
  // Extreme but finite rows cannot overflow (the max is subtracted).
  ExpectSilent(RunLib<half>(aicore::kNumcheck, {{}, {}, {}, {65504, -65504, 0, 12}}, call));
}

// ---- CumSum and reductions -------------------------------------------------------

TEST(LibNumcheck, CumSumOverflowsHalf) {
  Case<half> c;
  c.call = [](Args<half>& a) {
    MARK_NEXT_LINE();
    AscendC::CumSum<half>(a.t[0], a.t[1], a.t[2], AscendC::CumSumInfo{4, 16});
  };
  c.buggy = {{}, {}, {5000}};  // 14 * 5000 = 70000 in the first row
  c.clean = {{}, {}, {4000}};  // at most 64000
  c.propagated = {{}, {}, {5000, kInf}};
  c.api = "CumSum";
  c.fragments = {"CumSum produced +Inf (half) at dstTensor element 13 (row 0, column 13)",
                 "12 elements of this call are affected"};
  Check(c);
}

TEST(LibNumcheck, SumOverflowsHalf) {
  Case<half> c;
  c.call = [](Args<half>& a) {
    MARK_NEXT_LINE();
    AscendC::Sum<half>(a.t[0], a.t[1], AscendC::SumParams{2, 16, 16});
  };
  c.buggy = {{}, {5000}};  // 80000
  c.clean = {{}, {4000}};  // 64000
  c.propagated = {{}, {5000, kNaN}};
  c.api = "Sum";
  c.fragments = {"Sum produced +Inf (half) at dstTensor element 0",
                 "2 elements of this call are affected"};
  Check(c);
}

TEST(LibNumcheck, ReduceSumOverflowsFloat) {
  Case<float> c;
  c.call = [](Args<float>& a) {
    const uint32_t shape[2] = {2, 8};
    MARK_NEXT_LINE();
    AscendC::ReduceSum<float, AscendC::Pattern::Reduce::AR>(a.t[0], a.t[1], shape, true);
  };
  c.buggy = {{}, {1e38f}};  // 8e38
  c.clean = {{}, {1e37f}};
  c.api = "ReduceSum";
  c.fragments = {"ReduceSum produced +Inf (float) at dstTensor element 0"};
  Check(c);
}

// ---- dequantization ------------------------------------------------------------

TEST(LibNumcheck, DequantOverflowsFloat) {
  auto call = [](float scale) {
    return [scale](Args<float>& a) {
      LocalTensor<int32_t> src = a.t[1].ReinterpretCast<int32_t>();
      for (uint32_t i = 0; i < 32; ++i) src.GetPhyAddr()[i] = i == 5 ? 2000000000 : 7;
      MARK_NEXT_LINE();
      AscendC::AscendDequant<float, float>(a.t[0], src, scale, AscendC::DequantParams{2, 16, 16});
    };
  };
  ExpectFinding(RunLib<float>(aicore::kNumcheck, {}, call(1e30f)), "AscendDequant",
                {"AscendDequant produced +Inf (float) at dstTensor element 5 (row 0, column 5)"});
  ExpectSilent(RunLib<float>(aicore::kNumcheck, {}, call(1e20f)));
  ExpectSilent(RunLib<float>(0, {}, call(1e30f)));
  ExpectSilent(RunLib<float>(aicore::kNumcheck, {}, call(kInf)));
}

// ---- initcheck: the outputs of the library APIs count as written ---------------------------
//
// Inputs written by Duplicate (recorded), the API called, its outputs then
// read by an instruction: initcheck must stay silent. (Until 2026-11-29 the
// APIs whose output roles are not called "dst" recorded them as reads: each
// call and every later read of an output was an "uninitialized read".)
template <class F>
std::vector<aicore::KernelError> RunInit(F&& f) {
  // RunLib's inputs (1.0) written again by Duplicate, so that initcheck sees them.
  return RunLib<float>(aicore::kInitcheck, {}, [&](Args<float>& a) {
    for (int k = 0; k < kTensors; ++k) AscendC::Duplicate(a.t[k], 1.0f, kBytes / 4);
    f(a);
  });
}

// Reads n floats of t (an instruction: initcheck checks they were written).
void ReadBack(const LocalTensor<float>& t, uint32_t n) { AscendC::Adds(t, t, 0.0f, static_cast<int32_t>(n)); }

TEST(LibInitcheck, OutputsOfTheLibraryApisCountAsWritten) {
  // Every output tensor starts unwritten: t[4] and t[5] are re-taken from
  // buffers nobody writes.
  auto run = [](const char* what, auto&& call) {
    SCOPED_TRACE(what);
    ExpectSilent(RunInit([&](Args<float>& a) {
      TPipe* pipe = AscendC::GetTPipePtr();
      TBuf<TPosition::VECCALC> o[3];
      LocalTensor<float> out[3];
      for (int k = 0; k < 3; ++k) {
        pipe->InitBuffer(o[k], kBytes);
        out[k] = o[k].Get<float>();
      }
      call(a, out);
    }));
  };
  run("Broadcast", [](Args<float>& a, LocalTensor<float>* out) {
    const uint32_t ds[2] = {4, 16}, ss[2] = {4, 1};
    AscendC::Broadcast<float, 2, 1>(out[0], a.t[0], ds, ss, a.tmp);
    ReadBack(out[0], 64);
  });
  run("DropOut", [](Args<float>& a, LocalTensor<float>* out) {
    AscendC::DropOutShapeInfo info;
    info.firstAxis = 4, info.srcLastAxis = 32, info.maskLastAxis = 32;
    AscendC::DropOut<float>(out[0], a.t[0], a.t[1].ReinterpretCast<uint8_t>(), a.tmp, 0.5f, info);
    ReadBack(out[0], 128);
  });
  run("DeepNorm", [](Args<float>& a, LocalTensor<float>* out) {
    const ge::Shape shape({1, 8, 64});
    uint32_t mx = 0, mn = 0;
    ASSERT_TRUE(AscendC::GetDeepNormMaxMinTmpSize(shape, 4, false, false, mx, mn));
    AscendC::DeepNormTiling tiling;
    ASSERT_TRUE(AscendC::GetDeepNormTilingInfo(shape, shape, std::min<uint32_t>(mx, 16384), 4, false, false, tiling));
    AscendC::DeepNorm<float>(out[0], out[1], out[2], a.t[0], a.t[1], a.t[2], a.t[3], a.tmp, 1.0f, 1e-5f, tiling);
    ReadBack(out[0], 512), ReadBack(out[1], 8), ReadBack(out[2], 8);
  });
  run("BatchNorm", [](Args<float>& a, LocalTensor<float>* out) {
    const ge::Shape shape({4, 2, 8});
    uint32_t mx = 0, mn = 0;
    ASSERT_TRUE(AscendC::GetBatchNormMaxMinTmpSize(shape, shape, 4, false, mx, mn));
    AscendC::BatchNormTiling tiling;
    ASSERT_TRUE(AscendC::GetBatchNormNDTilingInfo(shape, shape, std::min<uint32_t>(mx, 16384), 4, false, tiling));
    AscendC::BatchNorm<float>(out[0], out[1], out[2], a.t[0], a.t[1], a.t[2], a.tmp, 1e-5f, tiling);
    ReadBack(out[0], 64), ReadBack(out[1], 16), ReadBack(out[2], 16);
  });
  run("GroupNorm", [](Args<float>& a, LocalTensor<float>* out) {
    const ge::Shape shape({2, 4, 1, 8});
    uint32_t mx = 0, mn = 0;
    AscendC::GetGroupNormMaxMinTmpSize(shape, 4, false, 2, mx, mn);
    AscendC::GroupNormTiling tiling;
    AscendC::GetGroupNormNDTilingInfo(shape, std::min<uint32_t>(mx, 16384), 4, false, 2, tiling);
    AscendC::GroupNorm<float>(out[0], out[1], out[2], a.t[0], a.t[1], a.t[2], a.tmp, 1e-5f, tiling);
    ReadBack(out[0], 64), ReadBack(out[1], 4), ReadBack(out[2], 4);
  });
  run("WelfordUpdate", [](Args<float>& a, LocalTensor<float>* out) {
    const AscendC::WelfordUpdateParam para = {1, 64, 64, 0.125f};
    AscendC::WelfordUpdate<float, float>(out[0], out[1], a.t[0], a.t[1], a.t[2], para);
    ReadBack(out[0], 64), ReadBack(out[1], 64);
  });
  run("WelfordFinalize", [](Args<float>& a, LocalTensor<float>* out) {
    AscendC::WelfordFinalizePara para{};
    para.rnLength = 4, para.abLength = 64, para.headCount = 4, para.headCountLength = 64;
    para.abRec = 1.0f / 64, para.rRec = 1.0f / 256;
    AscendC::WelfordFinalize(out[0], out[1], a.t[0], a.t[1], a.tmp, para);
    ReadBack(out[0], 8), ReadBack(out[1], 8);
  });
}

// Without isInplace, WelfordUpdate writes abComputeLength columns only: a
// read of the others is still an uninitialized read.
TEST(LibInitcheck, WelfordUpdateLeavesTheColumnsPastAbComputeLength) {
  const auto r = RunInit([&](Args<float>& a) {
    TPipe* pipe = AscendC::GetTPipePtr();
    TBuf<TPosition::VECCALC> o[2];
    pipe->InitBuffer(o[0], kBytes);
    pipe->InitBuffer(o[1], kBytes);
    LocalTensor<float> om = o[0].Get<float>(), ov = o[1].Get<float>();
    const AscendC::WelfordUpdateParam para = {1, 64, 40, 0.125f};
    AscendC::WelfordUpdate<float, float>(om, ov, a.t[0], a.t[1], a.t[2], para);
    ReadBack(om, 40);
    ReadBack(ov, 64);
  });
  ASSERT_EQ(r.size(), 1u) << All(r);
  EXPECT_EQ(r[0].kind(), aicore::ErrorKind::kUninit);
  EXPECT_NE(std::string(r[0].what()).find("reads bytes [0, 256)"), std::string::npos) << r[0].what();
  EXPECT_NE(std::string(r[0].what()).find("byte 160 (the first such byte) was never written"), std::string::npos)
      << r[0].what();
}

}  // namespace
}  // namespace aicore_test
